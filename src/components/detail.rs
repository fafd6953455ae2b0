//! A resource's attributes as a definition list, and its related pages.

use crate::components::link::Link;
use crate::components::value::cell_content;
use crate::format::Zone;
use crate::resources::DetailView;
use leptos::prelude::*;

pub fn attribute_list(detail: &DetailView, zone: Zone) -> impl IntoView {
    let t = crate::i18n::texts();
    let own_page = format!("/{}", api_model::query::encode_component(&detail.id));
    let rows = detail
        .attributes
        .iter()
        .filter(|(column, _)| column.key != "id")
        .map(|(column, cell)| {
            // In lists a cell may link to this very page; here that link is dropped.
            let mut cell = cell.clone();
            if cell.href.as_deref().is_some_and(|h| h.ends_with(&own_page)) {
                cell.href = None;
            }
            view! {
                <div class="attribute" data-key=column.key>
                    <dt>{column.label}</dt>
                    <dd class:num=cell.value.is_numeric()>{cell_content(&cell, zone)}</dd>
                </div>
            }
        })
        .collect_view();
    view! {
        <dl class="attributes">
            <div class="attribute" data-key="id">
                <dt>{t.identifier}</dt>
                <dd>
                    <code>{detail.id.clone()}</code>
                </dd>
            </div>
            {rows}
        </dl>
    }
}

pub fn related_links(links: &[(String, String)]) -> impl IntoView {
    let items = links
        .iter()
        .map(|(href, label)| {
            let (href, label) = (href.clone(), label.clone());
            view! { <li><Link href=href>{label}</Link></li> }
        })
        .collect_view();
    view! { <ul class="related-links">{items}</ul> }
}
