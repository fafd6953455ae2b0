//! A record's attributes as a definition list, and the pages about it.

use crate::components::link::Link;
use crate::components::value::cell_content;
use crate::format::Zone;
use crate::resources::{ColumnKind, DetailView, columns};
use crate::routing::Page;
use api_model::catalog::Collection;
use leptos::prelude::*;

/// Every attribute of the record, the id first; drawn anew with the language or zone.
pub fn attribute_list(
    collection: Collection,
    detail: &DetailView,
    zone: Zone,
) -> impl IntoView + use<> {
    let t = crate::i18n::texts();
    let title = collection.spec().title;
    let rows = columns(collection.spec())
        .into_iter()
        .zip(&detail.cells)
        // The id heads the list; related records have their own sections below it.
        .filter(|(column, _)| matches!(column.kind, ColumnKind::Attribute(_)))
        .map(|(column, cell)| {
            // In lists the title links to this very page; here that link is dropped.
            let mut cell = cell.clone();
            if column.key == title {
                cell.href = None;
            }
            view! {
                <div class="attribute" data-key=column.key>
                    <dt>{column.label()}</dt>
                    <dd class:num=cell.value.is_numeric()>{cell_content(&cell, &column, zone)}</dd>
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

/// Links to the pages about a record (an account's statistics).
pub fn related_links(links: Vec<(String, Page)>) -> impl IntoView {
    let t = crate::i18n::texts();
    let items = links
        .into_iter()
        .map(|(href, page)| view! { <li><Link href=href>{move || t.page_title(page)}</Link></li> })
        .collect_view();
    view! { <ul class="related-links">{items}</ul> }
}
