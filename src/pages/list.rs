//! A list page for any resource type. The URL's query is the API's query: opening a URL restores
//! the view, and every change of filters, sort or page is a change of the URL.
//!
//! Only the decoding is generic; the page itself is compiled once for all resource types.

use crate::components::filter_bar::filter_bar;
use crate::components::table::{TableSettings, resource_table};
use crate::components::{pager::pager, status};
use crate::export;
use crate::http::{Abort, Api};
use crate::prefs::Prefs;
use crate::remote::Remote;
use crate::resources::{ColumnHead, Naming, Shown, TablePage, naming, table_page};
use crate::routing::portal_path;
use api_model::document::ListDocument;
use api_model::errors::ApiError;
use api_model::filters::Filter;
use api_model::list::{ListParams, MAX_PAGE_SIZE, SortKey};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use web_sys::AbortSignal;

type PageFuture = Pin<Box<dyn Future<Output = Result<TablePage, ApiError>>>>;
type PageLoader = Rc<dyn Fn(ListParams, Option<AbortSignal>) -> PageFuture>;

/// The list state the URL describes, checked before any request.
pub fn params_from_url(naming: Naming, search: &str) -> Result<ListParams, String> {
    let params =
        ListParams::from_query(search).map_err(|e| crate::i18n::list_params_error_text(&e))?;
    for filter in &params.filters {
        filter
            .validate(naming.collection)
            .map_err(|e| crate::i18n::filter_error_text(&e))?;
    }
    Ok(params)
}

/// The API query for a view: the URL's parameters plus what the page needs included.
pub fn api_query(params: &ListParams, include: &[&str]) -> String {
    let mut params = params.clone();
    for name in include {
        if !params.include.iter().any(|i| i == name) {
            params.include.push((*name).to_owned());
        }
    }
    params.to_query()
}

pub fn list_page<A: Shown>() -> impl IntoView {
    let api = expect_context::<Api>();
    let load: PageLoader = Rc::new(
        move |params: ListParams, signal: Option<AbortSignal>| -> PageFuture {
            let api = api.clone();
            Box::pin(async move {
                let query = api_query(&params, A::INCLUDE);
                let document: ListDocument<A> =
                    api.get(A::COLLECTION.path(), &query, signal).await?;
                Ok(table_page(document))
            })
        },
    );
    let columns: Vec<ColumnHead> = table_page::<A>(empty_document()).columns;
    list_view(naming::<A>(), columns, load)
}

fn empty_document<A>() -> ListDocument<A> {
    ListDocument {
        data: Vec::new(),
        included: Vec::new(),
        meta: None,
        links: None,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ExportState {
    Idle,
    Running { pages_done: u32, pages_total: u32 },
    Done { rows: u64 },
    Failed(String),
    Cancelled,
}

fn list_view(naming: Naming, columns: Vec<ColumnHead>, load: PageLoader) -> impl IntoView {
    let location = use_location();
    let navigate = use_navigate();
    let prefs = expect_context::<Prefs>();
    let collection = naming.collection.path();
    let params = Memo::new(move |_| params_from_url(naming, &location.search.get()));

    // The last view of this list comes back when the list is opened without a query.
    let opened_bare = location
        .search
        .get_untracked()
        .trim_start_matches('?')
        .is_empty();
    if let Some(query) = prefs
        .last_view(collection)
        .filter(|q| opened_bare && !q.is_empty())
    {
        navigate(
            &format!("/{collection}?{query}"),
            NavigateOptions {
                replace: true,
                ..Default::default()
            },
        );
    }
    // Only while this list is the page shown: leaving it changes the URL too.
    Effect::new(move |_| {
        let here = portal_path(&location.pathname.get()) == format!("/{collection}");
        if let (true, Ok(current)) = (here, params.get()) {
            prefs.remember_view(collection, &current.to_query());
        }
    });

    let fetch = load.clone();
    let remote: Remote<TablePage> = Remote::new(move || params.get().ok(), move |p, s| fetch(p, s));

    let go_with = {
        let navigate = navigate.clone();
        move |to: ListParams, replace: bool| {
            let query = to.to_query();
            let path = portal_path(&location.pathname.get_untracked());
            let url = if query.is_empty() {
                path
            } else {
                format!("{path}?{query}")
            };
            navigate(
                &url,
                NavigateOptions {
                    replace,
                    ..Default::default()
                },
            );
        }
    };
    let go = {
        let go_with = go_with.clone();
        Callback::new(move |to: ListParams| go_with(to, false))
    };
    // Filters change the view in place: back to page 1, replacing history instead of flooding it.
    let on_filters = Callback::new(move |filters: Vec<Filter>| {
        let current = ListParams::from_query(&location.search.get_untracked()).unwrap_or_default();
        go_with(
            ListParams {
                filters,
                page_number: None,
                ..current
            },
            true,
        );
    });
    let on_sort = Callback::new(move |sort: Vec<SortKey>| {
        let current = params.get_untracked().unwrap_or_default();
        go.run(ListParams {
            sort,
            page_number: None,
            ..current
        });
    });
    let applied_filters = Signal::derive(move || {
        ListParams::from_query(&location.search.get())
            .map(|p| p.filters)
            .unwrap_or_default()
    });

    // Columns: the user's choice for this list, else every column that is not optional.
    let default_visible: Vec<String> = columns
        .iter()
        .filter(|c| !c.optional)
        .map(|c| c.key.to_owned())
        .collect();
    let visible = Memo::new(move |_| {
        prefs
            .visible_columns(collection)
            .unwrap_or_else(|| default_visible.clone())
    });
    let visible_keys = {
        let columns = columns.clone();
        move || -> Vec<&'static str> {
            let chosen = visible.get();
            columns
                .iter()
                .map(|c| c.key)
                .filter(|k| chosen.iter().any(|v| v == k))
                .collect()
        }
    };
    let chooser = column_chooser(columns.clone(), visible, move |keys| {
        prefs.set_visible_columns(collection, keys)
    });

    let table_id = format!("{collection}-table");
    let body_view = move || {
        let current = match params.get() {
            Ok(current) => current,
            Err(message) => return status::input_error(message).into_any(),
        };
        let zone = prefs.zone();
        let visible = visible_keys();
        remote.with_data(|page| match page {
            None => match remote.error() {
                Some(error) => status::error_panel(error, move || remote.retry()).into_any(),
                None => status::loading(naming.texts.loading_list).into_any(),
            },
            Some(page) if page.rows.is_empty() => view! {
                <p class="empty">{naming.texts.none_match}</p>
                {pager(&current, page.links.as_ref(), 0, page.total, go)}
            }
            .into_any(),
            Some(page) => {
                let settings = TableSettings {
                    id: table_id.clone(),
                    caption: naming.texts.title,
                    sort: &current.sort,
                    visible: &visible,
                    zone,
                    on_sort,
                };
                view! {
                    <div
                        class="list-body"
                        class:stale=move || remote.is_loading()
                        aria-busy=move || remote.is_loading().to_string()
                    >
                        {resource_table(page, settings)}
                    </div>
                    {pager(&current, page.links.as_ref(), page.rows.len(), page.total, go)}
                }
                .into_any()
            }
        })
    };
    // Sorting and paging draw the table and the pager anew: the focus goes back to the control
    // the keyboard was on instead of getting lost.
    // While the new page loads, the stale pager may have the wanted button disabled: the focus
    // waits on a stand-in and goes to the wanted control once the data is there.
    let refocus = StoredValue::new(None::<String>);
    let on_stand_in = StoredValue::new(false);
    let body = move || {
        let focused = focused_control();
        let standing_in = on_stand_in.get_value() && focused.is_some();
        if !standing_in {
            refocus.set_value(focused);
        }
        on_stand_in.set_value(false);
        let view = body_view();
        restore_focus(refocus, on_stand_in, standing_in, move || {
            remote.is_loading()
        });
        view
    };
    // A failed reload keeps the old rows and says so above them.
    let reload_error = move || {
        remote
            .error()
            .filter(|_| remote.has_data())
            .map(|error| status::error_panel(error, move || remote.retry()))
    };

    view! {
        <section class="list-page">
            <div class="list-heading">
                <h1>{naming.texts.title}</h1>
                <div class="list-tools">
                    {chooser}
                    {export_control(naming, params, load)}
                </div>
            </div>
            {filter_bar(naming.collection, applied_filters, on_filters)}
            {reload_error}
            {body}
        </section>
    }
}

/// A selector for the focused control if the table or pager holds it: a sort button by its
/// column, a pager button by its class, the page size picker.
fn focused_control() -> Option<String> {
    let element = document().active_element()?;
    element.closest(".list-page").ok()??;
    if element.matches("th button.sort").unwrap_or(false) {
        let key = element.closest("th").ok()??.get_attribute("data-key")?;
        return Some(format!(".list-page th[data-key='{key}'] button.sort"));
    }
    if element.matches(".pager button").unwrap_or(false) {
        let class = element.class_list().item(0)?;
        return Some(format!(".list-page .pager button.{class}"));
    }
    if element.matches(".pager select").unwrap_or(false) {
        return Some(".list-page .pager select".to_owned());
    }
    None
}

/// Once the page shows the new table, if the focus was lost (or disabled, or on a stand-in),
/// focuses the control `refocus` names; while that is disabled, another pager button stands in
/// for it (`on_stand_in`). Done once the page has loaded.
fn restore_focus(
    refocus: StoredValue<Option<String>>,
    on_stand_in: StoredValue<bool>,
    standing_in: bool,
    loading: impl Fn() -> bool + 'static,
) {
    if refocus.with_value(Option::is_none) {
        return;
    }
    set_timeout(
        move || {
            use wasm_bindgen::JsCast;
            let Some(selector) = refocus.try_get_value().flatten() else {
                return;
            };
            let document = document();
            // The table and pager may be updated in place: a focused button may just have
            // become disabled.
            let lost = document.active_element().is_none_or(|e| {
                document.body().is_some_and(|body| *body == e)
                    || e.matches(":disabled").unwrap_or(false)
            });
            if !lost && !standing_in {
                return;
            }
            let find = |css: &str| {
                document
                    .query_selector(css)
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            };
            if let Some(wanted) = find(&format!("{selector}:not(:disabled)")) {
                let _ = wanted.focus();
                if !loading() {
                    refocus.set_value(None);
                }
            } else if let Some(stand_in) = find(".list-page .pager button:not(:disabled)") {
                let _ = stand_in.focus();
                on_stand_in.set_value(true);
            }
        },
        std::time::Duration::ZERO,
    );
}

fn column_chooser(
    columns: Vec<ColumnHead>,
    visible: Memo<Vec<String>>,
    save: impl Fn(Vec<String>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let boxes = columns
        .into_iter()
        .map(|column| {
            let key = column.key;
            let toggle = move |ev: leptos::ev::Event| {
                let on = event_target_checked(&ev);
                let mut keys = visible.get_untracked();
                keys.retain(|k| k != key);
                if on {
                    keys.push(key.to_owned());
                }
                save(keys);
            };
            view! {
                <label>
                    <input
                        type="checkbox"
                        name=key
                        prop:checked=move || visible.with(|v| v.iter().any(|k| k == key))
                        on:change=toggle
                    />
                    {column.label}
                </label>
            }
        })
        .collect_view();
    view! {
        <details class="column-chooser">
            <summary>{crate::i18n::texts().columns}</summary>
            <div class="column-choices">{boxes}</div>
        </details>
    }
}

/// "Export CSV": every page of the current view, fetched one after another at the largest page
/// size, with progress and a way to cancel.
fn export_control(
    naming: Naming,
    params: Memo<Result<ListParams, String>>,
    load: PageLoader,
) -> impl IntoView {
    let state = RwSignal::new(ExportState::Idle);
    let load = StoredValue::new_local(load);
    let in_flight = StoredValue::new_local(None::<Abort>);
    let run = StoredValue::new(0u32);

    let start = move |_| {
        let Ok(view_params) = params.get_untracked() else {
            return;
        };
        let this_run = run.try_update_value(|r| {
            *r += 1;
            *r
        });
        let Some(load) = load.try_get_value() else {
            return;
        };
        state.set(ExportState::Running {
            pages_done: 0,
            pages_total: 1,
        });
        spawn_local(async move {
            let cancelled = move || run.try_get_value() != this_run;
            let mut csv = String::new();
            let mut page_number = 1u32;
            let mut rows = 0u64;
            loop {
                let abort = Abort::new();
                let signal = abort.signal();
                in_flight.try_set_value(Some(abort));
                let request = ListParams {
                    page_size: Some(MAX_PAGE_SIZE),
                    ..view_params.with_page(page_number)
                };
                let result = load(request, signal).await;
                if cancelled() {
                    return;
                }
                let page = match result {
                    Ok(page) => page,
                    Err(error) => {
                        state.set(ExportState::Failed(crate::i18n::error_text(&error)));
                        return;
                    }
                };
                if page_number == 1 {
                    csv.push_str(&export::csv_header(&page.columns));
                }
                csv.push_str(&export::csv_rows(&page.rows));
                rows += page.rows.len() as u64;
                let pages_total = page.total.div_ceil(u64::from(MAX_PAGE_SIZE)).max(1);
                let pages_total = u32::try_from(pages_total).unwrap_or(u32::MAX);
                state.set(ExportState::Running {
                    pages_done: page_number,
                    pages_total,
                });
                let has_next = page.links.as_ref().is_some_and(|l| l.next.is_some());
                if page.rows.is_empty() || (!has_next && page_number >= pages_total) {
                    break;
                }
                page_number += 1;
            }
            let file_name = format!("{}.csv", naming.collection.path());
            match export::save_text(&file_name, "text/csv;charset=utf-8", &csv) {
                Ok(()) => state.set(ExportState::Done { rows }),
                Err(reason) => state.set(ExportState::Failed(reason)),
            }
        });
    };
    let cancel = move |_| {
        run.update_value(|r| *r += 1);
        in_flight.set_value(None);
        state.set(ExportState::Cancelled);
    };
    let t = crate::i18n::texts();

    view! {
        <div class="export" aria-live="polite">
            {move || match state.get() {
                ExportState::Running { pages_done, pages_total } => view! {
                    <label class="export-progress">
                        {(t.export_progress)(&(pages_done + 1).min(pages_total).to_string(), &pages_total.to_string())}
                        <progress max=pages_total value=pages_done></progress>
                    </label>
                    <button type="button" class="export-cancel" on:click=cancel>{t.export_cancel}</button>
                }
                .into_any(),
                other => {
                    let note = match other {
                        ExportState::Done { rows } => Some((t.export_done)(&crate::format::count(rows))),
                        ExportState::Failed(message) => Some((t.export_failed)(&message)),
                        ExportState::Cancelled => Some(t.export_cancelled.to_owned()),
                        _ => None,
                    };
                    view! {
                        <button type="button" class="export-csv" on:click=start>{t.export_csv}</button>
                        {note.map(|n| view! { <span class="export-note">{n}</span> })}
                    }
                    .into_any()
                }
            }}
        </div>
    }
}
