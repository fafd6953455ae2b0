//! The resource table: columns from the resource's definition, sortable headers.

use crate::resources::{Cell, Column, Shown};
use api_model::document::Resource;
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

fn cell_view(cell: Cell) -> impl IntoView {
    let class = if cell.numeric { "num" } else { "" };
    let content = match cell.href {
        Some(href) => view! { <A href=href>{cell.text}</A> }.into_any(),
        None => cell.text.into_any(),
    };
    view! { <td class=class>{content}</td> }
}

pub fn resource_table<A: Shown>(
    id: String,
    rows: &[Resource<A>],
    sort: &[SortKey],
    on_sort: Callback<Vec<SortKey>>,
) -> impl IntoView {
    let columns: Vec<Column<A>> = A::columns();
    let headers = columns
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
    let body = rows
        .iter()
        .map(|row| {
            let cells = columns
                .iter()
                .map(|c| cell_view((c.cell)(row)))
                .collect_view();
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
