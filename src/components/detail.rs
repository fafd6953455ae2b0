//! A resource's attributes as a definition list.

use crate::resources::Shown;
use api_model::document::Resource;
use leptos::prelude::*;
use leptos_router::components::A;

pub fn attribute_list<A: Shown>(resource: &Resource<A>) -> impl IntoView {
    let rows = A::columns()
        .into_iter()
        .map(|column| {
            let cell = (column.cell)(resource);
            // The row's own link points at this page; show plain text instead.
            view! {
                <div class="attribute" data-key=column.key>
                    <dt>{column.label}</dt>
                    <dd class:num=cell.numeric>{cell.text}</dd>
                </div>
            }
        })
        .collect_view();
    let id = resource.id.clone();
    view! {
        <dl class="attributes">
            <div class="attribute" data-key="id">
                <dt>"Identifier"</dt>
                <dd>
                    <code>{id}</code>
                </dd>
            </div>
            {rows}
        </dl>
    }
}

/// Related pages of a resource, shown under its attributes.
pub fn related_links(links: Vec<(String, &'static str)>) -> impl IntoView {
    let items = links
        .into_iter()
        .map(|(href, label)| view! { <li><A href=href>{label}</A></li> })
        .collect_view();
    view! { <ul class="related-links">{items}</ul> }
}
