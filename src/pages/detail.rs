//! A detail page for any resource type, addressed by `:id`: its attributes, related pages,
//! the records its relationships point at, and what the type offers (refresh, download).
//!
//! Only the decoding is generic; the page itself is compiled once for all resource types.

use crate::components::detail::{attribute_list, related_links};
use crate::components::link::Link;
use crate::components::status;
use crate::export::save_blob;
use crate::http::Api;
use crate::prefs::Prefs;
use crate::remote::Remote;
use crate::resources::{
    DetailView, Naming, Shown, detail_href, detail_view, has_detail_page, naming,
};
use api_model::catalog::Collection;
use api_model::document::{Document, SingleDocument};
use api_model::errors::ApiError;
use api_model::query::encode_component;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_location;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use web_sys::AbortSignal;

type DetailFuture = Pin<Box<dyn Future<Output = Result<DetailView, ApiError>>>>;

/// How often a record that is still changing (a pending export) is reloaded.
pub const REFRESH_EVERY: Duration = Duration::from_secs(3);

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
    let pathname = use_location().pathname;
    let prefs = expect_context::<Prefs>();
    let id = Memo::new(move |_| {
        crate::routing::record_id(&crate::routing::portal_path(&pathname.get())).unwrap_or_default()
    });
    let remote: Remote<DetailView> =
        Remote::new(move || Some(id.get()).filter(|id| !id.is_empty()), load);

    // A record still changing on the server is reloaded until it settles.
    let refresh_timer = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let changing = remote.with_data(|d| d.is_some_and(|d| d.refresh));
        if let Some(handle) = refresh_timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
        if changing && remote.error().is_none() {
            let handle = set_timeout_with_handle(move || remote.retry(), REFRESH_EVERY).ok();
            refresh_timer.set_value(handle);
        }
    });
    on_cleanup(move || {
        if let Some(handle) = refresh_timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    });

    let t = crate::i18n::texts();
    let body = move || {
        if let (Some(error), false) = (remote.error(), remote.has_data()) {
            if error.status() == Some(404) {
                return view! {
                    <div class="not-found">
                        <h1>{naming.texts.missing_title}</h1>
                        <p>{(naming.texts.missing)(&id.get())}</p>
                    </div>
                }
                .into_any();
            }
            return status::error_panel(error, move || remote.retry()).into_any();
        }
        let zone = prefs.zone();
        remote.with_data(|detail| match detail {
            Some(detail) if detail.id == id.get() => view! {
                <h1>{detail.heading.clone()}</h1>
                {detail.refresh.then(|| view! {
                    <p class="refreshing" role="status">{t.still_in_progress}</p>
                })}
                {detail.download.clone().map(download_button)}
                {attribute_list(detail, zone)}
                {related_links(&detail.related)}
                {related_records(naming.collection, detail.id.clone(), detail.relationships.clone())}
            }
            .into_any(),
            _ => status::loading(naming.texts.loading_one).into_any(),
        })
    };
    let refresh_error = move || {
        remote
            .error()
            .filter(|_| remote.has_data())
            .map(|error| status::error_panel(error, move || remote.retry()))
    };
    view! {
        <section class="detail-page">
            <p class="breadcrumb">
                <Link href=format!("/{}", naming.collection.path())>{naming.texts.title}</Link>
            </p>
            {refresh_error}
            {body}
        </section>
    }
}

/// A button that downloads the record's file through the API (the token stays in the request).
fn download_button((path, file_name): (String, String)) -> impl IntoView {
    let api = expect_context::<Api>();
    let t = crate::i18n::texts();
    let state = RwSignal::new(None::<Result<(), String>>);
    let busy = RwSignal::new(false);
    let start = move |_| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        state.set(None);
        let (api, path, file_name) = (api.clone(), path.clone(), file_name.clone());
        spawn_local(async move {
            let outcome = match api.download(&path, None).await {
                Ok(file) => {
                    let parts =
                        js_sys::Array::of1(&js_sys::Uint8Array::from(file.bytes.as_slice()));
                    let options = web_sys::BlobPropertyBag::new();
                    options.set_type(&file.content_type);
                    web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
                        .map_err(|_| t.file_not_made.to_owned())
                        .and_then(|blob| save_blob(&file_name, &blob))
                }
                Err(error) => Err(crate::i18n::error_text(&error)),
            };
            state.set(Some(outcome));
            busy.set(false);
        });
    };
    view! {
        <p class="download">
            <button type="button" class="download-file primary" on:click=start disabled=move || busy.get()>
                {move || if busy.get() { t.downloading } else { t.download_csv }}
            </button>
            {move || match state.get() {
                Some(Err(message)) => Some(view! { <span class="form-error" role="alert">{message}</span> }.into_any()),
                Some(Ok(())) => Some(view! { <span class="export-note">{t.downloaded}</span> }.into_any()),
                None => None,
            }}
        </p>
    }
}

/// One record a relationship points at, or the records of a to-many relationship.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RelatedRecord {
    kind: String,
    id: String,
    label: String,
}

fn related_of(value: &serde_json::Value) -> Option<RelatedRecord> {
    let kind = value.get("type")?.as_str()?.to_owned();
    let id = value.get("id")?.as_str()?.to_owned();
    let attributes = value.get("attributes");
    let label = ["name", "prefix", "description"]
        .iter()
        .find_map(|key| attributes?.get(*key)?.as_str().map(str::to_owned))
        .unwrap_or_else(|| id.clone());
    Some(RelatedRecord { kind, id, label })
}

/// Follows each relationship (`GET /<type>/<id>/<relationship>`) and links what it finds.
fn related_records(collection: Collection, id: String, names: Vec<String>) -> impl IntoView {
    let api = expect_context::<Api>();
    let t = crate::i18n::texts();
    let sections = names
        .into_iter()
        .map(|name| {
            let path = format!("{}/{}/{}", collection.path(), encode_component(&id), name);
            let api = api.clone();
            let remote: Remote<Vec<RelatedRecord>> = Remote::new(
                move || Some(path.clone()),
                move |path: String, signal| {
                    let api = api.clone();
                    async move {
                        let document: Document<serde_json::Value> =
                            api.get(&path, "", signal).await?;
                        Ok(match &document.data {
                            serde_json::Value::Array(items) => {
                                items.iter().filter_map(related_of).collect()
                            }
                            single => related_of(single).into_iter().collect(),
                        })
                    }
                },
            );
            let title = crate::components::filter_bar::field_label(&name);
            let content = move || {
                if let Some(error) = remote.error() {
                    return view! { <p class="related-error">{crate::i18n::error_text(&error)}</p> }
                        .into_any();
                }
                remote.with_data(|records| match records {
                    None => status::loading(t.loading_related).into_any(),
                    Some(records) if records.is_empty() => {
                        view! { <p class="empty">{t.related_none}</p> }.into_any()
                    }
                    Some(records) => {
                        let items = records
                            .iter()
                            .map(|record| {
                                let label = record.label.clone();
                                match Collection::from_path(&record.kind)
                                    .filter(|c| has_detail_page(*c))
                                {
                                    Some(target) => {
                                        let href = detail_href(target, &record.id);
                                        view! { <li><Link href=href>{label}</Link></li> }.into_any()
                                    }
                                    None => view! { <li>{label}</li> }.into_any(),
                                }
                            })
                            .collect_view();
                        let count = (records.len() > 1)
                            .then(|| (t.related_count)(&records.len().to_string()));
                        view! {
                            {count.map(|c| view! { <p class="related-count">{c}</p> })}
                            <ul>{items}</ul>
                        }
                        .into_any()
                    }
                })
            };
            view! {
                <section class="related-records" data-relationship=name.clone()>
                    <h2>{title}</h2>
                    {content}
                </section>
            }
        })
        .collect_view();
    view! { <div class="relationships">{sections}</div> }
}
