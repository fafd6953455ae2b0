//! The resource table: column headings that sort, rows of cells that may link.

use crate::components::value::cell_content;
use crate::format::Zone;
use crate::resources::TablePage;
use api_model::list::SortKey;
use leptos::prelude::*;

/// The sort after clicking a column: ascending first, then toggling.
pub fn toggled_sort(current: &[SortKey], field: &str) -> Vec<SortKey> {
    match current.first() {
        Some(key) if key.field == field && !key.descending => vec![SortKey::descending(field)],
        _ => vec![SortKey::ascending(field)],
    }
}

pub struct TableSettings<'a> {
    pub id: String,
    /// Names the table for screen readers (the list's title).
    pub caption: &'static str,
    pub sort: &'a [SortKey],
    pub visible: &'a [&'static str],
    pub zone: Zone,
    pub on_sort: Callback<Vec<SortKey>>,
}

pub fn resource_table(page: &TablePage, settings: TableSettings<'_>) -> impl IntoView {
    let TableSettings {
        id,
        caption,
        sort,
        visible,
        zone,
        on_sort,
    } = settings;
    let t = crate::i18n::texts();
    if !page.rows.is_empty() {
        crate::perf::mark_when_shown("portal:table-rendered");
    }
    let shown: Vec<usize> = (0..page.columns.len())
        .filter(|i| visible.contains(&page.columns[*i].key))
        .collect();
    // A column is right-aligned when it holds numbers, dashes for missing values included.
    let numeric: Vec<bool> = (0..page.columns.len())
        .map(|i| {
            page.rows
                .iter()
                .any(|row| row.cells.get(i).is_some_and(|c| c.value.is_numeric()))
        })
        .collect();
    let headers = shown
        .iter()
        .map(|&i| {
            let column = page.columns[i];
            let key = column.key;
            let direction = sort
                .first()
                .filter(|s| s.field == key)
                .map(|s| s.descending);
            let aria_sort = match direction {
                Some(true) => "descending",
                Some(false) => "ascending",
                None => "none",
            };
            let arrow = match direction {
                Some(true) => " ▼",
                Some(false) => " ▲",
                None => "",
            };
            let next_sort = toggled_sort(sort, key);
            let label = column.label;
            let content = if column.sortable {
                view! {
                    <button
                        type="button"
                        class="sort"
                        title=(t.sort_by)(label)
                        on:click=move |_| on_sort.run(next_sort.clone())
                    >
                        {label}
                        {arrow}
                    </button>
                }
                .into_any()
            } else {
                label.into_any()
            };
            // Only a column that sorts says how it is sorted.
            let aria_sort = (column.sortable || direction.is_some()).then_some(aria_sort);
            view! { <th scope="col" aria-sort=aria_sort data-key=key>{content}</th> }
        })
        .collect_view();
    let body = page
        .rows
        .iter()
        .map(|row| {
            let cells = shown
                .iter()
                .filter_map(|&i| Some((row.cells.get(i)?, numeric[i])))
                .map(|(cell, numeric)| {
                    let class = if numeric { "num" } else { "" };
                    view! { <td class=class>{cell_content(cell, zone)}</td> }
                })
                .collect_view();
            view! { <tr data-id=row.id.clone()>{cells}</tr> }
        })
        .collect_view();
    // The scrolling container takes the focus, so a keyboard can scroll it too.
    let caption_id = format!("{id}-caption");
    let labelled_by = caption_id.clone();
    view! {
        <div class="table-scroll" role="region" tabindex="0" aria-labelledby=labelled_by>
            <table id=id class="data-table">
                <caption id=caption_id class="visually-hidden">{caption}</caption>
                <thead>
                    <tr>{headers}</tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
