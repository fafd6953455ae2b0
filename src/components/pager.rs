//! Paging from the server's `links` and `meta.total-count`.

use crate::format;
use api_model::document::PageLinks;
use api_model::list::{ListParams, PageWindow};
use api_model::query::query_of;
use leptos::prelude::*;

pub const PAGE_SIZES: [u32; 7] = [10, 25, 50, 100, 250, 500, 1000];

/// The current view on the page a server link points at, if that is another page. Only the
/// page number is taken from the link: the link also echoes what the page itself added to the
/// API query (such as `include`), which does not belong in the page's URL.
fn target(link: Option<&String>, current: &ListParams) -> Option<ListParams> {
    let linked = ListParams::from_query(query_of(link?))
        .ok()?
        .effective_page_number();
    (linked != current.effective_page_number()).then(|| current.with_page(linked))
}

pub fn summary(window: &PageWindow) -> String {
    let t = crate::i18n::texts();
    if window.total == 0 || window.first_row == 0 {
        return (t.pager_no_rows)(&format::count(window.total));
    }
    (t.pager_rows)(
        &format::count(window.first_row),
        &format::count(window.last_row),
        &format::count(window.total),
    )
}

pub fn pager(
    params: &ListParams,
    links: Option<&PageLinks>,
    rows_on_page: usize,
    total: u64,
    go: Callback<ListParams>,
) -> impl IntoView {
    let t = crate::i18n::texts();
    let page = params.effective_page_number();
    let window = PageWindow::new(page, params.effective_page_size(), rows_on_page, total);
    let links = links.cloned().unwrap_or_default();
    // Servers may omit `prev`; derive it from the current parameters then.
    let prev = target(links.prev.as_ref(), params)
        .or_else(|| (page > 1).then(|| params.with_page(page - 1)));
    let buttons = [
        (
            "page-first",
            t.page_first,
            target(links.first.as_ref(), params),
        ),
        ("page-prev", t.page_prev, prev),
        (
            "page-next",
            t.page_next,
            target(links.next.as_ref(), params),
        ),
        (
            "page-last",
            t.page_last,
            target(links.last.as_ref(), params),
        ),
    ]
    .into_iter()
    .map(|(class, label, to)| {
        let disabled = to.is_none();
        view! {
            <button
                type="button"
                class=class
                disabled=disabled
                on:click=move |_| {
                    if let Some(to) = to.clone() {
                        go.run(to);
                    }
                }
            >
                {label}
            </button>
        }
    })
    .collect_view();
    let size = params.effective_page_size();
    let base = params.clone();
    let on_size = move |ev: leptos::ev::Event| {
        if let Ok(size) = event_target_value(&ev).parse::<u32>() {
            go.run(ListParams {
                page_size: Some(size),
                page_number: None,
                ..base.clone()
            });
        }
    };
    // A size from the URL that is not a preset is offered too, so the picker never lies.
    let mut choices = PAGE_SIZES.to_vec();
    if !choices.contains(&size) {
        choices.push(size);
        choices.sort_unstable();
    }
    let sizes = choices
        .into_iter()
        .map(|s| view! { <option value=s.to_string() selected=s == size>{s.to_string()}</option> })
        .collect_view();
    view! {
        <nav class="pager" aria-label=t.pages_label>
            <span class="pager-summary" aria-live="polite">{summary(&window)}</span>
            <span class="pager-page">
                {(t.pager_page)(&window.page.to_string(), &window.page_count.to_string())}
            </span>
            <span class="pager-buttons">{buttons}</span>
            <label class="pager-size">
                {t.rows_per_page} " "
                <select on:change=on_size>{sizes}</select>
            </label>
        </nav>
    }
}
