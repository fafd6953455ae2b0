//! The resource table: column headings that sort, rows of cells that may link.

use crate::resources::{Cell, TablePage};
use api_model::list::SortKey;
use leptos::prelude::*;
use leptos_router::components::A;

/// The sort after clicking a column: ascending first, then toggling.
pub fn toggled_sort(current: &[SortKey], field: &str) -> Vec<SortKey> {
    match current.first() {
        Some(key) if key.field == field && !key.descending => vec![SortKey::descending(field)],
        _ => vec![SortKey::ascending(field)],
    }
}

fn cell_view(cell: &Cell) -> impl IntoView {
    let class = if cell.numeric { "num" } else { "" };
    let content = match &cell.href {
        Some(href) => {
            let (href, text) = (href.clone(), cell.text.clone());
            view! { <A href=href>{text}</A> }.into_any()
        }
        None => cell.text.clone().into_any(),
    };
    view! { <td class=class>{content}</td> }
}

pub fn resource_table(
    id: String,
    page: &TablePage,
    sort: &[SortKey],
    on_sort: Callback<Vec<SortKey>>,
) -> impl IntoView {
    let headers = page
        .columns
        .iter()
        .map(|column| {
            let key = column.key;
            let direction = sort.first().filter(|s| s.field == key).map(|s| s.descending);
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
                    <button type="button" class="sort" on:click=move |_| on_sort.run(next_sort.clone())>
                        {label}
                        {arrow}
                    </button>
                }
                .into_any()
            } else {
                label.into_any()
            };
            view! { <th scope="col" aria-sort=aria_sort data-key=key>{content}</th> }
        })
        .collect_view();
    let body = page
        .rows
        .iter()
        .map(|row| {
            let cells = row.cells.iter().map(cell_view).collect_view();
            view! { <tr data-id=row.id.clone()>{cells}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table id=id class="data-table">
                <thead>
                    <tr>{headers}</tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
