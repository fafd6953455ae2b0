//! A record's attributes as a definition list, and the pages about it.

use crate::components::link::Link;
use crate::components::value::cell_markup;
use crate::format::Zone;
use crate::pages::money::shown_in_own_view;
use crate::resources::{Cell, ColumnHead, ColumnKind, DetailView, columns};
use crate::routing::Page;
use api_model::catalog::Collection;
use leptos::prelude::*;

/// Every attribute of the record not shown elsewhere on its page, the id first; drawn anew
/// with the language or zone. A collection that declares groups (a call's timing, billing, …)
/// shows one titled list per group, its related records among them; without groups, the
/// title is the page's heading and the collection's own view (an account's balance and
/// capacities) shows its attributes, so neither is listed again.
pub fn attribute_list(
    collection: Collection,
    detail: &DetailView,
    zone: Zone,
) -> impl IntoView + use<> {
    let t = crate::i18n::texts();
    let spec = collection.spec();
    let shown_elsewhere = |name: &str| {
        spec.groups.is_empty() && (name == spec.title || shown_in_own_view(collection, name))
    };
    let entries: Vec<(ColumnHead, Cell)> = columns(spec)
        .into_iter()
        .zip(detail.cells.iter().cloned())
        .filter(|(column, _)| column.kind != ColumnKind::Id && !shown_elsewhere(column.key))
        .map(|(column, mut cell)| {
            // In lists the title links to this very page; here that link is dropped.
            if column.key == spec.title {
                cell.href = None;
            }
            (column, cell)
        })
        .collect();
    let id_entry = view! {
        <div class="attribute" data-key="id">
            <dt>{t.identifier}</dt>
            <dd>
                <code>{detail.id.clone()}</code>
            </dd>
        </div>
    };
    if spec.groups.is_empty() {
        // Related records have their own sections below the list.
        let rows = entries
            .iter()
            .filter(|(column, _)| matches!(column.kind, ColumnKind::Attribute(_)))
            .map(|(column, cell)| entry(column, cell, zone))
            .collect_view();
        return view! { <dl class="attributes">{id_entry}{rows}</dl> }.into_any();
    }
    let groups = spec
        .groups
        .iter()
        .map(|group| {
            let rows = group
                .fields
                .iter()
                .filter_map(|name| entries.iter().find(|(column, _)| column.key == *name))
                .map(|(column, cell)| entry(column, cell, zone))
                .collect_view();
            let name = group.name;
            view! {
                <section class="attribute-group" data-group=name>
                    <h2>{crate::i18n::group_label(name).unwrap_or(name)}</h2>
                    <dl class="attributes">{rows}</dl>
                </section>
            }
        })
        .collect_view();
    view! {
        <dl class="attributes">{id_entry}</dl>
        <div class="attribute-groups">{groups}</div>
    }
    .into_any()
}

/// How many characters a value may have and still share a phone's line with another.
const LONG_VALUE: usize = 28;

/// An attribute's entry. Identifiers have their own entry above, so no copy button needs a
/// click handler here.
fn entry(column: &ColumnHead, cell: &Cell, zone: Zone) -> impl IntoView + use<> {
    // A long value (an export's filters) takes a whole line where facts sit two to a line.
    let long = crate::resources::display(&cell.value, column, zone)
        .chars()
        .count()
        > LONG_VALUE;
    view! {
        <div class="attribute" class:long-value=long data-key=column.key>
            <dt>{column.label()}</dt>
            <dd class:num=cell.value.is_numeric() inner_html=cell_markup(cell, column, zone)></dd>
        </div>
    }
}

/// Links to the pages about a record (an account's statistics).
pub fn related_links(links: Vec<(String, Page)>) -> impl IntoView {
    let t = crate::i18n::texts();
    let items = links
        .into_iter()
        .map(|(href, page)| view! { <li><Link href=href>{page.title(t)}</Link></li> })
        .collect_view();
    view! { <ul class="related-links">{items}</ul> }
}
