//! A list page for any collection. The URL's query is the API's query: opening a URL restores
//! the view, and every change of filters, sort or page is a change of the URL.
//!
//! Everything is read from the collection's declaration (`api_model::catalog`): one page,
//! compiled once, lists every collection.

use crate::components::filter_bar::{filter_bar, operator_label};
use crate::components::link::Link;
use crate::components::pager::{PagerState, pager};
use crate::components::status;
use crate::components::table::{TableSettings, resource_table};
use crate::components::time_window::window_control;
use crate::export::{self, SaveError};
use crate::http::{Abort, Api, ReadAhead};
use crate::i18n::texts;
use crate::i18n::tr;
use crate::pages::named_choices::{LoadFailed, NamedOptions, named_records};
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::resources::{ColumnHead, TablePage, TableRow, columns, table_page};
use crate::routing::{Page, portal_path};
use api_model::catalog::{Collection, Pick};
use api_model::errors::ApiError;
use api_model::filters::{Filter, Operator};
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
pub type PageLoader = Rc<dyn Fn(ListParams, Option<AbortSignal>) -> PageFuture>;

/// Why a list URL cannot be asked for, checked before any request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewError {
    Params(api_model::list::ListParamsError),
    Filter(api_model::filters::FilterError),
}

impl ViewError {
    /// In the language in use.
    pub fn text(&self) -> String {
        match self {
            ViewError::Params(e) => crate::i18n::list_params_error_text(e),
            ViewError::Filter(e) => crate::i18n::filter_error_text(e),
        }
    }
}

/// The list state the URL describes, checked before any request.
pub fn params_from_url(collection: Collection, search: &str) -> Result<ListParams, ViewError> {
    let params = ListParams::from_query(search).map_err(ViewError::Params)?;
    for filter in &params.filters {
        filter.validate(collection).map_err(ViewError::Filter)?;
    }
    Ok(params)
}

/// The API query for a view: the URL's parameters plus what the page needs included.
pub fn api_query(params: &ListParams, include: impl IntoIterator<Item = &'static str>) -> String {
    let mut params = params.clone();
    for name in include {
        if !params.include.iter().any(|i| i == name) {
            params.include.push(name.to_owned());
        }
    }
    params.to_query()
}

/// The order rows are in: the URL's sort, else the server's default one.
pub fn effective_sort(collection: Collection, params: &ListParams) -> Vec<SortKey> {
    if !params.sort.is_empty() {
        return params.sort.clone();
    }
    collection
        .spec()
        .default_sort
        .split(',')
        .filter_map(|key| key.parse().ok())
        .collect()
}

/// Loads pages of a collection's list as its table shows them; the first one may come from
/// the answer read `ahead` of the page's code.
pub fn page_loader(collection: Collection, ahead: Option<ReadAhead>) -> PageLoader {
    loader_with(expect_context::<Api>(), collection, ahead)
}

/// [`page_loader`] through `api`, for a task that runs outside the page's owner.
pub fn loader_with(api: Api, collection: Collection, ahead: Option<ReadAhead>) -> PageLoader {
    let ahead = Rc::new(ahead);
    Rc::new(
        move |params: ListParams, signal: Option<AbortSignal>| -> PageFuture {
            let (api, ahead) = (api.clone(), ahead.clone());
            Box::pin(async move {
                let spec = collection.spec();
                let query = api_query(&params, spec.column_includes());
                api.get_with_ahead((*ahead).as_ref(), spec.path, &query, signal, |body| {
                    table_page(collection, body)
                })
                .await
            })
        },
    )
}

pub fn list_page(collection: Collection, ahead: Option<ReadAhead>) -> impl IntoView {
    list_view(collection, page_loader(collection, ahead))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ExportState {
    Idle,
    Running { pages_done: u32, pages_total: u32 },
    Done { rows: u64 },
    Failed(ApiError),
    NotSaved(SaveError),
    Cancelled,
}

fn list_view(collection: Collection, load: PageLoader) -> impl IntoView {
    let location = use_location();
    let prefs = expect_context::<Prefs>();
    let t = texts();
    let query = crate::history::own_query(Page::List(collection).href());
    let params = Memo::new(move |_| query.with(|query| params_from_url(collection, query)));
    remember_views(collection, params);
    let fetch = load.clone();
    let remote: Read<TablePage> = use_read(move || params.get().ok(), move |p, s| fetch(p, s));
    let moves = moves(collection, params);
    let applied_filters = Signal::derive(move || {
        ListParams::from_query(&location.search.get())
            .map(|p| p.filters)
            .unwrap_or_default()
    });
    let columns = columns(collection.spec());
    let visible = visible_columns(collection, &columns);
    let path = collection.path();
    let chooser = column_chooser(columns.clone(), visible, move |keys| {
        prefs.set_visible_columns(path, keys)
    });
    let body = list_body(collection, params, remote, columns, visible, moves);
    view! {
        <section class="list-page">
            <div class="list-heading">
                <h1>{move || t.resource(collection).title}</h1>
                <div class="list-tools">
                    {creation_links(collection)}
                    {chooser}
                    {export_control(
                        collection,
                        Signal::derive(move || params.get().ok()),
                        load,
                        format!("{}.csv", collection.path()),
                        |t| t.export_csv,
                    )}
                </div>
            </div>
            {collection.spec().window.map(|window| {
                window_control(window, applied_filters, Signal::derive(move || prefs.zone()), moves.on_filters)
            })}
            {collection.spec().pick.map(|pick| picker(pick, applied_filters, moves.on_filters))}
            {filter_bar(collection, applied_filters, moves.on_filters)}
            {move || params.get().err().map(|problem| status::input_error(problem.text()))}
            {body}
        </section>
    }
}

/// A filter chosen among another collection's records by name (a rate plan for rates), from
/// the first [`MAX_PAGE_SIZE`] of them; the filter bar shows and edits the same filter.
fn picker(
    pick: Pick,
    applied: Signal<Vec<Filter>>,
    on_filters: Callback<Vec<Filter>>,
) -> impl IntoView {
    let choices = named_records(pick.from);
    let is_pick = move |f: &Filter| f.field == pick.filter && f.operator == Some(Operator::Eq);
    let chosen = Signal::derive(move || {
        applied.with(|filters| {
            filters
                .iter()
                .find(|f| is_pick(f))
                .map(|f| f.value.clone())
                .unwrap_or_default()
        })
    });
    let change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let mut filters: Vec<Filter> = applied
            .get_untracked()
            .into_iter()
            .filter(|f| !is_pick(f))
            .collect();
        if !value.is_empty() {
            filters.push(Filter::new(pick.filter, Operator::Eq, &value));
        }
        on_filters.run(filters);
    };
    view! {
        <div class="rateplan-picker">
            <label>
                {move || crate::i18n::field_label(pick.filter)} " "
                <select name=format!("pick-{}", pick.filter) on:change=change>
                    <option value="" selected=move || chosen.with(String::is_empty)>{tr(|t| t.all_rateplans)}</option>
                    <NamedOptions choices chosen />
                </select>
            </label>
            <LoadFailed remote=choices />
        </div>
    }
}

/// "New …" on a list of records the customer creates; "Export these calls" on a list whose
/// view a creatable collection takes (its filters prefill the form).
fn creation_links(collection: Collection) -> impl IntoView {
    let location = use_location();
    let spec = collection.spec();
    let access = expect_context::<crate::access::Access>();
    let form = Page::Create(collection);
    let new = spec.create.is_some().then_some({
        move || {
            (access.allows(form) == Some(true)).then(|| {
                view! {
                    <Link href=form.href() class="new-record">
                        {form.title(texts())}
                    </Link>
                }
            })
        }
    });
    // Offered while the profile allows the form it leads to.
    let export = spec.exports_to.map(|target| {
        move || {
            let location = location.clone();
            (access.allows(Page::Create(target)) == Some(true)).then(move || {
                let href = move || {
                    let filters = ListParams::from_query(&location.search.get())
                        .map(|p| ListParams {
                            filters: p.filters,
                            ..Default::default()
                        })
                        .unwrap_or_default()
                        .to_query();
                    let page = Page::Create(target).href();
                    if filters.is_empty() {
                        page
                    } else {
                        format!("{page}?{filters}")
                    }
                };
                view! { <Link href=href class="export-these">{tr(|t| t.export_these_calls)}</Link> }
            })
        }
    });
    view! { {new} {export} }
}

/// The last view of a list comes back when it is opened without a query; every view shown is
/// remembered.
fn remember_views(collection: Collection, params: Memo<Result<ListParams, ViewError>>) {
    let location = use_location();
    let prefs = expect_context::<Prefs>();
    let (path, own_path) = (collection.path(), Page::List(collection).href());
    if let Some(query) = prefs.view_to_restore(path, &location.search.get_untracked()) {
        crate::history::correct_address(own_path.clone(), format!("{own_path}?{query}"));
    }
    // Only while this list is the page shown: leaving it changes the URL too.
    Effect::new(move |_| {
        let here = portal_path(&location.pathname.get()) == own_path;
        if let (true, Ok(current)) = (here, params.get()) {
            prefs.remember_view(path, &current.to_query());
        }
    });
}

/// How a list moves to another view: through its URL.
#[derive(Clone, Copy)]
struct Moves {
    /// To another page or page size.
    go: Callback<ListParams>,
    /// Filters change the view in place: back to page 1, replacing history instead of flooding
    /// it.
    on_filters: Callback<Vec<Filter>>,
    /// Another order starts at page 1.
    on_sort: Callback<Vec<SortKey>>,
}

fn moves(collection: Collection, params: Memo<Result<ListParams, ViewError>>) -> Moves {
    let location = use_location();
    let navigate = use_navigate();
    let own_path = Page::List(collection).href();
    let go_with = move |to: ListParams, replace: bool| {
        let query = to.to_query();
        let url = if query.is_empty() {
            own_path.clone()
        } else {
            format!("{own_path}?{query}")
        };
        navigate(
            &url,
            NavigateOptions {
                replace,
                ..Default::default()
            },
        );
    };
    let go = {
        let go_with = go_with.clone();
        Callback::new(move |to: ListParams| go_with(to, false))
    };
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
    Moves {
        go,
        on_filters,
        on_sort,
    }
}

/// The columns shown: the user's choice for this list, else every column that is not optional.
fn visible_columns(collection: Collection, columns: &[ColumnHead]) -> Memo<Vec<String>> {
    let prefs = expect_context::<Prefs>();
    let default_visible: Vec<String> = columns
        .iter()
        .filter(|c| !c.optional)
        .map(|c| c.key.to_owned())
        .collect();
    Memo::new(move |_| {
        prefs
            .visible_columns(collection.path())
            .unwrap_or_else(|| default_visible.clone())
    })
}

/// The rows of the list's answer, its table and pager, dimmed while the next answer is on its
/// way; the first load says so, a failure says why with a retry, and an answer without rows
/// says none match. Rows kept through a failed load of another view stay dimmed, under a note
/// naming the view they answered.
fn list_body(
    collection: Collection,
    params: Memo<Result<ListParams, ViewError>>,
    remote: Read<TablePage>,
    columns: Vec<ColumnHead>,
    visible: Memo<Vec<String>>,
    moves: Moves,
) -> impl IntoView {
    let t = texts();
    let pending = RwSignal::new(false);
    let has_rows = Memo::new(move |_| remote.with_data(|p| p.is_some_and(|p| !p.rows.is_empty())));
    let none_match = move || {
        (remote.has_data() && !has_rows.get())
            .then(|| view! { <p class="empty">{move || t.resource(collection).none_match}</p> })
    };
    let table = table_and_pager(collection, params, remote, columns, visible, moves);
    let body = view! {
        {none_match}
        <div
            class="list-body"
            hidden=move || !remote.has_data()
            class:stale=move || pending.get()
            class:previous-answer=move || remote.shows_previous()
            aria-busy=move || pending.get().to_string()
        >
            <Show when=move || remote.has_data()>{table.clone()}</Show>
        </div>
    };
    let waiting = move || status::loading(t.resource(collection).loading_list).into_any();
    // Named only when it differs from the view asked for in words (another sort says no more).
    let previous = move || {
        let shown = view_in_words(&remote.answered_key::<ListParams>()?);
        let asked = params.try_with(|asked| asked.as_ref().ok().map(view_in_words))?;
        (asked.as_ref() != Some(&shown)).then_some(shown)
    };
    crate::read::loaded_describing(remote, waiting, pending, body, previous)
}

/// A list's view in words, for the note over its previous answer: its filters (or none), and
/// its page past the first.
fn view_in_words(params: &ListParams) -> String {
    let t = texts();
    let filters: Vec<String> = params
        .filters
        .iter()
        .map(|filter| {
            let operator = filter
                .operator
                .map(|op| format!(" {}", operator_label(op).get()))
                .unwrap_or_default();
            let field = crate::resources::field_label(&filter.field);
            format!("{field}{operator} {}", filter.typed())
        })
        .collect();
    let mut words = if filters.is_empty() {
        t.view_no_filter.to_string()
    } else {
        filters.join("; ")
    };
    if let Some(page) = params.page_number.filter(|page| *page > 1) {
        words.push_str(", ");
        words.push_str(&(t.view_page)(&page.to_string()).get());
    }
    words
}

/// The table and its pager. They come with the first rows and stay, through sorting, paging
/// and reloading, so whatever control has the focus keeps it.
fn table_and_pager(
    collection: Collection,
    params: Memo<Result<ListParams, ViewError>>,
    remote: Read<TablePage>,
    columns: Vec<ColumnHead>,
    visible: Memo<Vec<String>>,
    moves: Moves,
) -> impl Fn() -> Option<AnyView> + Clone + Send + Sync + 'static {
    let prefs = expect_context::<Prefs>();
    let rows = Signal::derive(move || {
        remote.with_data(|page| page.map(|p| p.rows.clone()).unwrap_or_default())
    });
    let has_rows = Memo::new(move |_| remote.with_data(|p| p.is_some_and(|p| !p.rows.is_empty())));
    let pager_state = Memo::new(move |_| {
        remote.with_data(|page| {
            let page = page?;
            Some(PagerState {
                params: params.with(|p| p.clone().ok())?,
                links: page.links.clone().unwrap_or_default(),
                rows_on_page: page.rows.len(),
                total: page.total,
            })
        })
    });
    let settings = TableSettings {
        id: format!("{}-table", collection.path()),
        caption: Signal::derive(move || texts().resource(collection).title.to_string()),
        columns,
        sort: Signal::derive(move || {
            params.with(|p| {
                p.as_ref()
                    .map(|p| effective_sort(collection, p))
                    .unwrap_or_default()
            })
        }),
        visible,
        zone: Signal::derive(move || prefs.zone()),
        on_sort: moves.on_sort,
    };
    let settings = StoredValue::new_local(Some(settings));
    move || {
        let settings = settings.try_update_value(Option::take).flatten()?;
        Some(
            view! {
                <div hidden=move || !has_rows.get()>{resource_table(rows, settings)}</div>
                {pager(Memo::new(move |_| pager_state.get().unwrap_or_default()), moves.go)}
            }
            .into_any(),
        )
    }
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
                    {move || column.label()}
                </label>
            }
        })
        .collect_view();
    view! {
        <details class="column-chooser">
            <summary>{tr(|t| t.columns)}</summary>
            <div class="column-choices">{boxes}</div>
        </details>
    }
}

/// Every page of a view, fetched one after another at the largest page size; `each` gets each
/// page's rows with its number and the number of pages. `None`: cancelled; `Err` carries the
/// failed request's error.
pub async fn every_page(
    view_params: ListParams,
    load: &PageLoader,
    in_flight: StoredValue<Option<Abort>, LocalStorage>,
    cancelled: impl Fn() -> bool,
    mut each: impl FnMut(Vec<TableRow>, u32, u32),
) -> Option<Result<(), ApiError>> {
    let mut page_number = 1u32;
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
            return None;
        }
        let page = match result {
            Ok(page) => page,
            Err(error) => return Some(Err(error)),
        };
        let pages_total = page.total.div_ceil(u64::from(MAX_PAGE_SIZE)).max(1);
        let pages_total = u32::try_from(pages_total).unwrap_or(u32::MAX);
        let has_next = page.links.as_ref().is_some_and(|l| l.next.is_some());
        let last = page.rows.is_empty() || (!has_next && page_number >= pages_total);
        each(page.rows, page_number, pages_total);
        if last {
            return Some(Ok(()));
        }
        page_number += 1;
    }
}

/// Every page of a view as CSV; `progress` hears of each page.
async fn export_pages(
    collection: Collection,
    view_params: ListParams,
    load: PageLoader,
    in_flight: StoredValue<Option<Abort>, LocalStorage>,
    cancelled: impl Fn() -> bool,
    progress: impl Fn(u32, u32),
) -> Option<Result<(String, u64), ApiError>> {
    let columns = columns(collection.spec());
    let mut csv = export::csv_header(&columns);
    let mut rows = 0u64;
    let outcome = every_page(
        view_params,
        &load,
        in_flight,
        cancelled,
        |page, done, total| {
            csv.push_str(&export::csv_rows(&columns, &page));
            rows += page.len() as u64;
            progress(done, total);
        },
    )
    .await?;
    Some(outcome.map(|()| (csv, rows)))
}

/// "Export CSV": every page of the view `params` (none while it is not valid), with progress
/// and a way to cancel, saved as `file_name`; `label` names the button.
/// The export's end: the file saved, or why not.
fn saved(outcome: Result<(String, u64), ApiError>, file_name: &str) -> ExportState {
    match outcome {
        Err(error) => ExportState::Failed(error),
        Ok((csv, rows)) => match export::save_text(file_name, "text/csv;charset=utf-8", &csv) {
            Ok(()) => ExportState::Done { rows },
            Err(reason) => ExportState::NotSaved(reason),
        },
    }
}

/// What an export that ended says.
fn export_note(state: ExportState) -> Option<String> {
    let t = texts();
    match state {
        ExportState::Done { rows } => Some((t.export_done)(&crate::format::count(rows)).get()),
        ExportState::Failed(error) => {
            Some((t.export_failed)(&crate::i18n::error_text(&error)).get())
        }
        ExportState::NotSaved(reason) => Some((t.export_failed)(reason.text().get()).get()),
        ExportState::Cancelled => Some(t.export_cancelled.to_string()),
        ExportState::Idle | ExportState::Running { .. } => None,
    }
}

pub fn export_control(
    collection: Collection,
    params: Signal<Option<ListParams>>,
    load: PageLoader,
    file_name: String,
    label: fn(&crate::i18n::Texts) -> crate::i18n::Text,
) -> impl IntoView {
    let state = RwSignal::new(ExportState::Idle);
    let load = StoredValue::new_local(load);
    let in_flight = StoredValue::new_local(None::<Abort>);
    let run = StoredValue::new(0u32);

    let start = move |_| {
        let Some(view_params) = params.get_untracked() else {
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
        let file_name = file_name.clone();
        let cancelled = move || run.try_get_value() != this_run;
        spawn_local(async move {
            let export = export_pages(collection, view_params, load, in_flight, cancelled, {
                move |pages_done, pages_total| {
                    state.set(ExportState::Running {
                        pages_done,
                        pages_total,
                    })
                }
            });
            if let Some(outcome) = export.await {
                state.set(saved(outcome, &file_name));
            }
        });
    };
    let cancel = move |_| {
        run.update_value(|r| *r += 1);
        in_flight.set_value(None);
        state.set(ExportState::Cancelled);
    };
    let t = texts();
    let note = move || export_note(state.get());
    view! {
        <div class="export" aria-live="polite">
            {move || match state.get() {
                ExportState::Running { pages_done, pages_total } => view! {
                    <label class="export-progress">
                        {move || (t.export_progress)(&(pages_done + 1).min(pages_total).to_string(), &pages_total.to_string())}
                        <progress max=pages_total value=pages_done></progress>
                    </label>
                    <button type="button" class="export-cancel" on:click=cancel>{tr(|t| t.export_cancel)}</button>
                }
                .into_any(),
                _ => view! {
                    <button type="button" class="export-csv" on:click=start.clone()>{tr(label)}</button>
                    {move || note().map(|n| view! { <span class="export-note">{n}</span> })}
                }
                .into_any(),
            }}
        </div>
    }
}
