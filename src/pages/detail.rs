//! A detail page for any resource type, addressed by `:id`.

use crate::components::detail::{attribute_list, related_links};
use crate::components::status;
use crate::http::Api;
use crate::remote::Remote;
use crate::resources::Shown;
use api_model::document::{Resource, SingleDocument};

use api_model::query::encode_component;

use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

/// Pages related to a resource (statistics of an account, …).
fn related_pages<A: Shown>(resource: &Resource<A>) -> Vec<(String, &'static str)> {
    let id = encode_component(&resource.id);
    match A::COLLECTION {
        api_model::filters::Collection::Accounts => vec![
            (
                format!("/statistics/origination?account-id={id}"),
                "Origination statistics",
            ),
            (
                format!("/statistics/quality?account-id={id}"),
                "Quality statistics",
            ),
            (
                format!("/statistics/active-calls?account-id={id}"),
                "Active calls",
            ),
            (
                format!("/statistics/cps?account-id={id}"),
                "Originated CPS chart",
            ),
        ],
        _ => Vec::new(),
    }
}

pub fn detail_page<A: Shown>() -> impl IntoView {
    let api = expect_context::<Api>();
    let route_params = use_params_map();
    let id = Memo::new(move |_| route_params.with(|p| p.get("id")).unwrap_or_default());
    let remote: Remote<SingleDocument<A>> = Remote::new(
        move || Some(id.get()).filter(|id| !id.is_empty()),
        move |id: String, signal| {
            let api = api.clone();
            async move {
                let path = format!("{}/{}", A::COLLECTION.path(), encode_component(&id));
                api.get(&path, "", signal).await
            }
        },
    );
    let list_href = format!("/{}", A::COLLECTION.path());

    let body = move || {
        if let Some(error) = remote.error().filter(|_| !remote.is_loading()) {
            if error.status() == Some(404) {
                return view! {
                    <div class="not-found">
                        <h1>{format!("No such {}", A::NOUN)}</h1>
                        <p>
                            {format!("There is no {} with the identifier “{}”, or it is not yours.", A::NOUN, id.get())}
                        </p>
                    </div>
                }
                .into_any();
            }
            return status::error_panel(error, move || remote.retry()).into_any();
        }
        remote.with_data(|doc| match doc {
            Some(doc) if doc.data.id == id.get() => {
                let resource = &doc.data;
                view! {
                    <h1>{A::heading(resource)}</h1>
                    {attribute_list(resource)}
                    {related_links(related_pages(resource))}
                }
                .into_any()
            }
            _ => status::loading(A::NOUN).into_any(),
        })
    };
    view! {
        <section class="detail-page">
            <p class="breadcrumb">
                <A href=list_href>{A::TITLE}</A>
            </p>
            {body}
        </section>
    }
}
