//! A list page for any resource type: the URL's query is the API's query.
//!
//! Only the decoding is generic; the page itself is compiled once for all resource types.

use crate::components::{pager::pager, status, table::resource_table};
use crate::http::Api;
use crate::remote::Remote;
use crate::resources::{Naming, Shown, TablePage, naming, table_page};
use api_model::document::ListDocument;
use api_model::errors::ApiError;
use api_model::list::{ListParams, SortKey};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use std::future::Future;
use std::pin::Pin;
use web_sys::AbortSignal;

type PageFuture = Pin<Box<dyn Future<Output = Result<TablePage, ApiError>>>>;

/// The list state the URL describes, checked before any request.
fn params_from_url(naming: Naming, search: &str) -> Result<ListParams, String> {
    let params = ListParams::from_query(search).map_err(|e| e.to_string())?;
    for filter in &params.filters {
        filter
            .validate(naming.collection)
            .map_err(|e| e.to_string())?;
    }
    Ok(params)
}

pub fn list_page<A: Shown>() -> impl IntoView {
    let api = expect_context::<Api>();
    let load = move |params: ListParams, signal: Option<AbortSignal>| -> PageFuture {
        let api = api.clone();
        Box::pin(async move {
            let document: ListDocument<A> = api
                .get(A::COLLECTION.path(), &params.to_query(), signal)
                .await?;
            Ok(table_page(document))
        })
    };
    list_view(naming::<A>(), Box::new(load))
}

fn list_view(
    naming: Naming,
    load: Box<dyn Fn(ListParams, Option<AbortSignal>) -> PageFuture>,
) -> impl IntoView {
    let location = use_location();
    let navigate = use_navigate();
    let params = Memo::new(move |_| params_from_url(naming, &location.search.get()));
    let remote: Remote<TablePage> = Remote::new(move || params.get().ok(), load);

    let go = Callback::new(move |to: ListParams| {
        let query = to.to_query();
        let path = location.pathname.get_untracked();
        let url = if query.is_empty() {
            path
        } else {
            format!("{path}?{query}")
        };
        navigate(&url, NavigateOptions::default());
    });
    let on_sort = Callback::new(move |sort: Vec<SortKey>| {
        let current = params.get_untracked().unwrap_or_default();
        go.run(ListParams {
            sort,
            page_number: None,
            ..current
        });
    });
    let table_id = format!("{}-table", naming.collection.path());

    // Reads data and errors only: a request starting or ending changes just the dimming.
    let body = move || {
        let current = match params.get() {
            Ok(current) => current,
            Err(message) => return status::input_error(message).into_any(),
        };
        remote.with_data(|page| match page {
            None => match remote.error() {
                Some(error) => status::error_panel(error, move || remote.retry()).into_any(),
                None => status::loading(naming.title).into_any(),
            },
            Some(page) if page.rows.is_empty() => view! {
                <p class="empty">{format!("No {} match this view.", naming.title.to_lowercase())}</p>
                {pager(&current, page.links.as_ref(), 0, page.total, go)}
            }
            .into_any(),
            Some(page) => view! {
                <div
                    class="list-body"
                    class:stale=move || remote.is_loading()
                    aria-busy=move || remote.is_loading().to_string()
                >
                    {resource_table(table_id.clone(), page, &current.sort, on_sort)}
                </div>
                {pager(&current, page.links.as_ref(), page.rows.len(), page.total, go)}
            }
            .into_any(),
        })
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
            <h1>{naming.title}</h1>
            {reload_error}
            {body}
        </section>
    }
}
