//! The resource table: column headings that sort, rows of cells that may link.
//!
//! The table stays on the page while its rows change: rows are keyed by record (and its
//! version), headings update their sort marks in place, so a focused heading or link keeps the
//! focus through sorting, paging and reloading.

use crate::components::value::cell_content;
use crate::format::Zone;
use crate::resources::{ColumnHead, ColumnKind, TableRow};
use api_model::catalog::Kind;
use api_model::list::SortKey;
use leptos::prelude::*;
use std::collections::HashSet;

/// The sort after clicking a column: ascending first, then toggling.
pub fn toggled_sort(current: &[SortKey], field: &str) -> Vec<SortKey> {
    match current.first() {
        Some(key) if key.field == field && !key.descending => vec![SortKey::descending(field)],
        _ => vec![SortKey::ascending(field)],
    }
}

/// Numbers are right-aligned, dashes for missing ones included.
fn is_numeric(column: &ColumnHead) -> bool {
    matches!(
        column.kind,
        ColumnKind::Attribute(Kind::Integer | Kind::Decimal | Kind::Money { .. })
    )
}

pub struct TableSettings {
    pub id: String,
    /// Names the table for screen readers (the list's title).
    pub caption: Signal<String>,
    pub columns: Vec<ColumnHead>,
    /// The order the rows are in: the URL's, else the server's default.
    pub sort: Signal<Vec<SortKey>>,
    pub visible: Memo<Vec<String>>,
    pub zone: Signal<Zone>,
    pub on_sort: Callback<Vec<SortKey>>,
}

fn heading(column: ColumnHead, settings: &TableSettings) -> impl IntoView + use<> {
    let t = crate::i18n::texts();
    let (sort, visible, on_sort) = (settings.sort, settings.visible, settings.on_sort);
    let key = column.key;
    let direction = Memo::new(move |_| {
        sort.with(|sort| {
            sort.first()
                .filter(|s| s.field == key)
                .map(|s| s.descending)
        })
    });
    let aria_sort = move || {
        // Only a column that sorts says how it is sorted.
        let direction = direction.get();
        (column.sortable || direction.is_some()).then_some(match direction {
            Some(true) => "descending",
            Some(false) => "ascending",
            None => "none",
        })
    };
    let arrow = move || match direction.get() {
        Some(true) => " ▼",
        Some(false) => " ▲",
        None => "",
    };
    let content = move || {
        if column.sortable {
            view! {
                <button
                    type="button"
                    class="sort"
                    title=move || (t.sort_by)(&column.label())
                    on:click=move |_| on_sort.run(sort.with_untracked(|s| toggled_sort(s, key)))
                >
                    {move || column.label()}
                    {arrow}
                </button>
            }
            .into_any()
        } else {
            (move || column.label()).into_any()
        }
    };
    let shown = Memo::new(move |_| visible.with(|v| v.iter().any(|k| k == key)));
    move || {
        shown
            .get()
            .then(|| view! { <th scope="col" aria-sort=aria_sort data-key=key>{content()}</th> })
    }
}

/// One row, drawn once: the table draws its rows anew when the zone, the language or the
/// columns shown change, so a row needs no reactivity of its own (a 1000-row page would carry
/// a thousand effects).
fn row_view(
    row: &TableRow,
    columns: &[ColumnHead],
    visible: &[String],
    zone: Zone,
) -> impl IntoView + use<> {
    let cells = columns
        .iter()
        .zip(&row.cells)
        .filter(|(column, _)| visible.iter().any(|k| k == column.key))
        .map(|(column, cell)| {
            let class = if is_numeric(column) { "num" } else { "" };
            view! { <td class=class>{cell_content(cell, column, zone)}</td> }
        })
        .collect_view();
    view! { <tr data-id=row.id.clone()>{cells}</tr> }
}

/// Counts the times the rows were replaced by rows of other records only.
fn batches(rows: Signal<Vec<TableRow>>) -> Memo<u32> {
    let ids = Memo::new(move |before: Option<&(u32, HashSet<String>)>| {
        rows.with(|rows| {
            let ids: HashSet<String> = rows.iter().map(|r| r.id.clone()).collect();
            let batch = match before {
                None => 0,
                Some((batch, old)) if rows.iter().any(|r| old.contains(&r.id)) => *batch,
                Some((batch, _)) => batch.wrapping_add(1),
            };
            (batch, ids)
        })
    });
    Memo::new(move |_| ids.with(|(batch, _)| *batch))
}

pub fn resource_table(rows: Signal<Vec<TableRow>>, settings: TableSettings) -> impl IntoView {
    let headers = settings
        .columns
        .iter()
        .map(|column| heading(*column, &settings))
        .collect_view();
    let columns = StoredValue::new(settings.columns.clone());
    let (visible, zone) = (settings.visible, settings.zone);
    // Rows are keyed by record and version: sorting and reloading keep the rows that stay
    // and draw only the new ones. Rows that share no record with the rows before (another
    // page, another filter) come in a new body, which replaces the old one in one step rather
    // than row by row.
    let batch = batches(rows);
    let body = move || {
        let (zone, visible) = (zone.get(), std::sync::Arc::new(visible.get()));
        let _ = (crate::i18n::language(), batch.get());
        view! {
            <For
                each=move || rows.get()
                key=|row| (row.id.clone(), row.version)
                children=move |row| {
                    untrack(|| columns.with_value(|columns| row_view(&row, columns, &visible, zone)))
                }
            />
        }
    };
    // Marks the moment a page of rows is on screen (`cargo xtask bench`).
    Effect::new(move |_| {
        if rows.with(|rows| !rows.is_empty()) {
            crate::perf::mark_when_shown("portal:table-rendered");
        }
    });
    // The scrolling container takes the focus, so a keyboard can scroll it too.
    let caption_id = format!("{}-caption", settings.id);
    let labelled_by = caption_id.clone();
    let caption = settings.caption;
    view! {
        <div class="table-scroll" role="region" tabindex="0" aria-labelledby=labelled_by>
            <table id=settings.id class="data-table">
                <caption id=caption_id class="visually-hidden">{caption}</caption>
                <thead>
                    <tr>{headers}</tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
