//! A resource's attributes as a definition list, and its related pages.

use crate::resources::DetailView;
use leptos::prelude::*;
use leptos_router::components::A;

pub fn attribute_list(detail: &DetailView) -> impl IntoView {
    let rows = detail
        .attributes
        .iter()
        .map(|(column, cell)| {
            // A cell's link points at this very page in lists; show plain text here.
            view! {
                <div class="attribute" data-key=column.key>
                    <dt>{column.label}</dt>
                    <dd class:num=cell.numeric>{cell.text.clone()}</dd>
                </div>
            }
        })
        .collect_view();
    view! {
        <dl class="attributes">
            <div class="attribute" data-key="id">
                <dt>"Identifier"</dt>
                <dd>
                    <code>{detail.id.clone()}</code>
                </dd>
            </div>
            {rows}
        </dl>
    }
}

pub fn related_links(links: &[(String, &'static str)]) -> impl IntoView {
    let items = links
        .iter()
        .map(|(href, label)| {
            let (href, label) = (href.clone(), *label);
            view! { <li><A href=href>{label}</A></li> }
        })
        .collect_view();
    view! { <ul class="related-links">{items}</ul> }
}
