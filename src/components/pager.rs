//! Paging from the server's `links` and `meta.total-count`.
//!
//! The pager stays on the page while pages change; its buttons say whether they lead anywhere
//! with `aria-disabled` instead of `disabled`, so a button the keyboard is on keeps the focus
//! when it reaches the first or last page.

use crate::format;
use crate::i18n::tr;
use api_model::document::PageLinks;
use api_model::list::{ListParams, PageWindow};
use api_model::query::query_of;
use leptos::prelude::*;

pub const PAGE_SIZES: [u32; 7] = [10, 25, 50, 100, 250, 500, 1000];

/// What the pager shows: the view it pages through and the server's answer for it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PagerState {
    pub params: ListParams,
    pub links: PageLinks,
    pub rows_on_page: usize,
    pub total: u64,
}

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
        return (t.pager_no_rows)(&format::count(window.total)).get();
    }
    (t.pager_rows)(
        &format::count(window.first_row),
        &format::count(window.last_row),
        &format::count(window.total),
    )
    .get()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    First,
    Prev,
    Next,
    Last,
}

impl PagerState {
    fn window(&self) -> PageWindow {
        PageWindow::new(
            self.params.effective_page_number(),
            self.params.effective_page_size(),
            self.rows_on_page,
            self.total,
        )
    }

    /// Where a button leads, if anywhere.
    fn target(&self, step: Step) -> Option<ListParams> {
        let (links, params) = (&self.links, &self.params);
        let page = params.effective_page_number();
        match step {
            Step::First => target(links.first.as_ref(), params),
            // Servers may omit `prev`; derive it from the current parameters then.
            Step::Prev => target(links.prev.as_ref(), params)
                .or_else(|| (page > 1).then(|| params.with_page(page - 1))),
            Step::Next => target(links.next.as_ref(), params),
            Step::Last => target(links.last.as_ref(), params),
        }
    }
}

pub fn pager(state: Memo<PagerState>, go: Callback<ListParams>) -> impl IntoView {
    let t = crate::i18n::texts();
    let button = move |class: &'static str, step: Step, label: crate::i18n::Text| {
        let to = Memo::new(move |_| state.with(|s| s.target(step)));
        view! {
            <button
                type="button"
                class=class
                aria-disabled=move || to.with(Option::is_none).to_string()
                on:click=move |_| {
                    if let Some(to) = to.get_untracked() {
                        go.run(to);
                    }
                }
            >
                {label}
            </button>
        }
    };
    let size = move || state.with(|s| s.params.effective_page_size());
    let on_size = move |ev: leptos::ev::Event| {
        if let Ok(size) = event_target_value(&ev).parse::<u32>() {
            go.run(ListParams {
                page_size: Some(size),
                page_number: None,
                ..state.get_untracked().params
            });
        }
    };
    // A size from the URL that is not a preset is offered too, so the picker never lies.
    let sizes = move || {
        let size = size();
        let mut choices = PAGE_SIZES.to_vec();
        if !choices.contains(&size) {
            choices.push(size);
            choices.sort_unstable();
        }
        choices
            .into_iter()
            .map(|s| view! { <option value=s.to_string() selected=s == size>{s.to_string()}</option> })
            .collect_view()
    };
    view! {
        <nav class="pager" aria-label=tr(|t| t.pages_label)>
            <span class="pager-summary" aria-live="polite">
                {move || state.with(|s| summary(&s.window()))}
            </span>
            <span class="pager-page">
                {move || state.with(|s| {
                    let window = s.window();
                    (t.pager_page)(&window.page.to_string(), &window.page_count.to_string())
                })}
            </span>
            <span class="pager-buttons">
                {button("page-first", Step::First, crate::i18n::texts().page_first)}
                {button("page-prev", Step::Prev, crate::i18n::texts().page_prev)}
                {button("page-next", Step::Next, crate::i18n::texts().page_next)}
                {button("page-last", Step::Last, crate::i18n::texts().page_last)}
            </span>
            <label class="pager-size">
                {tr(|t| t.rows_per_page)} " "
                <select on:change=on_size>{sizes}</select>
            </label>
        </nav>
    }
}
