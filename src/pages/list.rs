//! A list page for any resource type: the URL's query is the API's query.

use crate::components::{pager::pager, status, table::resource_table};
use crate::http::Api;
use crate::remote::Remote;
use crate::resources::Shown;
use api_model::document::ListDocument;
use api_model::list::{ListParams, SortKey};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};

/// The list state the URL describes, checked before any request.
fn params_from_url<A: Shown>(search: &str) -> Result<ListParams, String> {
    let params = ListParams::from_query(search).map_err(|e| e.to_string())?;
    for filter in &params.filters {
        filter.validate(A::COLLECTION).map_err(|e| e.to_string())?;
    }
    Ok(params)
}

pub fn list_page<A: Shown>() -> impl IntoView {
    let api = expect_context::<Api>();
    let location = use_location();
    let navigate = use_navigate();
    let params = Memo::new(move |_| params_from_url::<A>(&location.search.get()));

    let remote: Remote<ListDocument<A>> = Remote::new(
        move || params.get().ok(),
        move |params: ListParams, signal| {
            let api = api.clone();
            async move {
                api.get(A::COLLECTION.path(), &params.to_query(), signal)
                    .await
            }
        },
    );

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

    let table_id = format!("{}-table", A::COLLECTION.path());

    let body = move || {
        let current = match params.get() {
            Ok(current) => current,
            Err(message) => return status::input_error(message).into_any(),
        };
        if let (Some(error), false, false) =
            (remote.error(), remote.is_loading(), remote.has_data())
        {
            return status::error_panel(error, move || remote.retry()).into_any();
        }
        remote.with_data(|doc| match doc {
            None => status::loading(A::TITLE).into_any(),
            Some(doc) if doc.data.is_empty() => view! {
                <p class="empty">{format!("No {} match this view.", A::TITLE.to_lowercase())}</p>
                {pager(&current, doc.links.as_ref(), 0, doc.total_count(), go)}
            }
            .into_any(),
            Some(doc) => view! {
                <div class="list-body" class:stale=move || remote.is_loading() aria-busy=move || remote.is_loading().to_string()>
                    {resource_table::<A>(table_id.clone(), &doc.data, &current.sort, on_sort)}
                </div>
                {pager(&current, doc.links.as_ref(), doc.data.len(), doc.total_count(), go)}
            }
            .into_any(),
        })
    };
    // A failed reload keeps the old rows and says so above them.
    let reload_error = move || {
        remote
            .error()
            .filter(|_| remote.has_data() && !remote.is_loading())
            .map(|error| status::error_panel(error, move || remote.retry()))
    };

    view! {
        <section class="list-page">
            <h1>{A::TITLE}</h1>
            {reload_error}
            {body}
        </section>
    }
}
