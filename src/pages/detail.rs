//! A detail page for any resource type, addressed by `:id`.
//!
//! Only the decoding is generic; the page itself is compiled once for all resource types.

use crate::components::detail::{attribute_list, related_links};
use crate::components::status;
use crate::http::Api;
use crate::remote::Remote;
use crate::resources::{DetailView, Naming, Shown, detail_view, naming};
use api_model::document::SingleDocument;
use api_model::errors::ApiError;
use api_model::query::encode_component;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;
use std::future::Future;
use std::pin::Pin;
use web_sys::AbortSignal;

type DetailFuture = Pin<Box<dyn Future<Output = Result<DetailView, ApiError>>>>;

pub fn detail_page<A: Shown>() -> impl IntoView {
    let api = expect_context::<Api>();
    let load = move |id: String, signal: Option<AbortSignal>| -> DetailFuture {
        let api = api.clone();
        Box::pin(async move {
            let path = format!("{}/{}", A::COLLECTION.path(), encode_component(&id));
            let document: SingleDocument<A> = api.get(&path, "", signal).await?;
            Ok(detail_view(document))
        })
    };
    detail_view_page(naming::<A>(), Box::new(load))
}

fn detail_view_page(
    naming: Naming,
    load: Box<dyn Fn(String, Option<AbortSignal>) -> DetailFuture>,
) -> impl IntoView {
    let route_params = use_params_map();
    let id = Memo::new(move |_| route_params.with(|p| p.get("id")).unwrap_or_default());
    let remote: Remote<DetailView> =
        Remote::new(move || Some(id.get()).filter(|id| !id.is_empty()), load);

    let body = move || {
        if let Some(error) = remote.error() {
            if error.status() == Some(404) {
                return view! {
                    <div class="not-found">
                        <h1>{format!("No such {}", naming.noun)}</h1>
                        <p>
                            {format!(
                                "There is no {} with the identifier “{}”, or it is not yours.",
                                naming.noun,
                                id.get(),
                            )}
                        </p>
                    </div>
                }
                .into_any();
            }
            return status::error_panel(error, move || remote.retry()).into_any();
        }
        remote.with_data(|detail| match detail {
            Some(detail) if detail.id == id.get() => view! {
                <h1>{detail.heading.clone()}</h1>
                {attribute_list(detail)}
                {related_links(&detail.related)}
            }
            .into_any(),
            _ => status::loading(naming.noun).into_any(),
        })
    };
    view! {
        <section class="detail-page">
            <p class="breadcrumb">
                <A href=format!("/{}", naming.collection.path())>{naming.title}</A>
            </p>
            {body}
        </section>
    }
}
