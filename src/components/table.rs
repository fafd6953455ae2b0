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

fn row_view(
    row: TableRow,
    columns: StoredValue<Vec<ColumnHead>>,
    settings: (Memo<Vec<String>>, Signal<Zone>),
) -> impl IntoView {
    let (visible, zone) = settings;
    let cells = move || {
        let zone = zone.get();
        visible.with(|visible| {
            columns.with_value(|columns| {
                columns
                    .iter()
                    .zip(&row.cells)
                    .filter(|(column, _)| visible.iter().any(|k| k == column.key))
                    .map(|(column, cell)| {
                        let class = if is_numeric(column) { "num" } else { "" };
                        view! { <td class=class>{cell_content(cell, column, zone)}</td> }
                    })
                    .collect_view()
            })
        })
    };
    view! { <tr data-id=row.id.clone()>{cells}</tr> }
}

pub fn resource_table(rows: Signal<Vec<TableRow>>, settings: TableSettings) -> impl IntoView {
    let headers = settings
        .columns
        .iter()
        .map(|column| heading(*column, &settings))
        .collect_view();
    let columns = StoredValue::new(settings.columns.clone());
    let row_settings = (settings.visible, settings.zone);
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
                <tbody>
                    <For
                        each=move || rows.get()
                        key=|row| (row.id.clone(), row.version)
                        children=move |row| row_view(row, columns, row_settings)
                    />
                </tbody>
            </table>
        </div>
    }
}
