//! A detail page for any collection, addressed by `/<path>/<id>`: the record's attributes, the
//! pages about it, the records its relationships point at, and what the collection's
//! declaration offers (reloading while the record settles, a file to download).
//!
//! Everything is read from the collection's declaration: one page, compiled once, shows
//! every collection's records.

use crate::components::detail::{attribute_list, related_links};
use crate::components::link::Link;
use crate::components::status;
use crate::export::{SaveError, save_bytes};
use crate::http::Api;
use crate::i18n::texts;
use crate::i18n::tr;
use crate::pages::listed::listed_records;
use crate::pages::money::{action_applies, own_live_view, own_view, record_action};
use crate::pages::recording::recording_player;
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::resources::{DetailView, FileOffer, detail_view, related_pages};
use crate::routing::{Page, record_href};
use api_model::catalog::Collection;
use api_model::document::{Document, Resource};
use api_model::errors::ApiError;
use api_model::files::safe_file_name;
use api_model::query::encode_component;
use api_model::record::naming_text;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_location;
use std::time::Duration;

/// How often a record that is still changing (a pending export) is reloaded.
pub const REFRESH_EVERY: Duration = Duration::from_secs(3);

pub fn detail_page(collection: Collection) -> impl IntoView {
    let api = expect_context::<Api>();
    let id = crate::routing::record_id_param();
    // An id that is not of the collection's kind names no record: no request is made for it.
    let well_formed = Memo::new(move |_| collection.spec().id.accepts(&id.get()));
    let remote: Read<DetailView> = use_read(
        move || well_formed.get().then(|| id.get()),
        move |id: String, signal| {
            let api = api.clone();
            async move {
                let path = format!("{}/{}", collection.path(), encode_component(&id));
                // What a list shows as columns (a call's account, for its currency too).
                let query = collection.spec().included_query();
                let document: Document<Resource<serde_json::Value>> =
                    api.get(&path, &query, signal).await?;
                Ok(detail_view(collection, &document))
            }
        },
    );
    reload_while_settling(remote);

    let t = texts();
    let missing = move || {
        view! {
            <div class="not-found">
                <h1>{move || t.resource(collection).missing_title}</h1>
                <p>{move || (t.resource(collection).missing)(&id.get())}</p>
            </div>
        }
        .into_any()
    };
    // A record the server does not have says so; any other failure, why, with a retry.
    let failure = move |error: ApiError| {
        if error.is_no_such_record() {
            missing()
        } else {
            status::error_panel(error, move || remote.retry()).into_any()
        }
    };
    let pending = RwSignal::new(false);
    let waiting = move || status::loading(t.resource(collection).loading_one).into_any();
    let record = move || {
        view! {
            <div class="record" class:stale=move || pending.get()>
                <Show when=move || remote.has_data()>{record_view(collection, remote)}</Show>
            </div>
        }
    };
    view! {
        <section class="detail-page">
            <p class="breadcrumb">
                <Link href=Page::List(collection).href()>{move || t.resource(collection).title}</Link>
            </p>
            <Show when=move || well_formed.get() fallback=missing>
                {crate::read::loaded_or(remote, waiting, pending, record(), failure)}
            </Show>
        </section>
    }
}

/// A record still changing on the server is reloaded until it settles.
fn reload_while_settling(remote: Read<DetailView>) {
    let refresh_timer = StoredValue::new(None::<TimeoutHandle>);
    let clear = move || {
        if let Some(handle) = refresh_timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    };
    Effect::new(move |_| {
        let settling = remote.with_data(|d| d.is_some_and(|d| d.settling));
        clear();
        if settling && remote.error().is_none() {
            let handle = set_timeout_with_handle(move || remote.retry(), REFRESH_EVERY).ok();
            refresh_timer.set_value(handle);
        }
    });
    on_cleanup(clear);
}

/// The record, once loaded: drawn again when it changes, the language or the zone; its
/// related records are followed once per record.
fn record_view(collection: Collection, remote: Read<DetailView>) -> impl IntoView {
    let prefs = expect_context::<Prefs>();
    let detail = Memo::new(move |_| remote.data());
    let heading = move || {
        let zone = prefs.zone();
        detail.with(|d| d.as_ref().map(|d| d.heading(collection, zone)))
    };
    let attributes = move || {
        let zone = prefs.zone();
        detail.with(|d| d.as_ref().map(|d| attribute_list(collection, d, zone)))
    };
    let download = Memo::new(move |_| detail.with(|d| d.as_ref().and_then(|d| d.download.clone())));
    // Came from a list row's "Play".
    let play_now = use_location()
        .query
        .with_untracked(|q| q.get(crate::resources::PLAY).is_some());
    let recording = Memo::new(move |_| {
        detail.with(|d| {
            let d = d.as_ref()?;
            Some((d.recording.clone()?, d.id.clone()))
        })
    });
    let identity = Memo::new(move |_| {
        detail.with(|d| d.as_ref().map(|d| (d.id.clone(), d.relationships.clone())))
    });
    let own_view = move || {
        let zone = prefs.zone();
        detail.with(|d| d.as_ref().and_then(|d| own_view(collection, d, zone)))
    };
    mark_when_drawn(detail);
    let action = Memo::new(move |_| {
        let action = collection.spec().action?;
        detail.with(|d| {
            let d = d.as_ref()?;
            action_applies(collection, d, &action).then(|| d.id.clone())
        })
    });
    view! {
        <h1>{heading}</h1>
        {move || action.get().zip(collection.spec().action).map(|(id, action)| record_action(action, id))}
        {own_view}
        {move || detail.with(|d| d.as_ref().is_some_and(|d| d.settling)).then(|| view! {
            <p class="refreshing" role="status">{tr(|t| t.still_in_progress)}</p>
        })}
        {move || download.get().map(download_button)}
        {move || recording.get().map(|(path, id)| recording_player(path, id, play_now))}
        {attributes}
        // Built untracked: a record's related requests follow its identity alone, never a
        // word or a zone read while building them.
        {move || identity.get().map(|(id, mut names)| untrack(move || {
            // Related records a group or a listed section already shows are not followed again.
            let spec = collection.spec();
            names.retain(|name| {
                let in_group = spec.groups.iter().any(|g| g.fields.contains(&name.as_str()));
                let listed = spec.relationship(name).is_some_and(|r| {
                    spec.lists.iter().any(|l| l.collection.path() == r.target)
                });
                !in_group && !listed
            });
            let live = detail.with_untracked(|d| d.as_ref().and_then(|d| own_live_view(collection, d)));
            // The pages about the record that the access profile allows.
            let access = expect_context::<crate::access::Access>();
            let mut pages = related_pages(collection, &id);
            pages.retain(|(_, page)| access.allows(*page) == Some(true));
            view! {
            {live}
            {related_links(pages)}
            {listed_records(collection, id.clone())}
            {related_records(collection, id, names)}
        }}))}
    }
}

/// Marks the moment a record's fields are on screen (the first-load budget test).
fn mark_when_drawn(detail: Memo<Option<DetailView>>) {
    Effect::new(move |_| {
        if detail.with(Option::is_some) {
            crate::perf::mark_when_shown("portal:record-shown");
        }
    });
}

/// Why a record's file was not downloaded.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    Request(ApiError),
    Save(SaveError),
}

/// A button that downloads the record's file through the API (the token stays in the request),
/// saved under the declared name or, where the declaration prefers it, the server's.
fn download_button(offer: FileOffer) -> impl IntoView {
    let FileOffer {
        path,
        file_name,
        server_name_first,
    } = offer;
    let api = expect_context::<Api>();
    let t = texts();
    let state = RwSignal::new(None::<Result<(), Failure>>);
    let busy = RwSignal::new(false);
    let label = if file_name.ends_with(".pdf") {
        t.download_pdf
    } else {
        t.download_csv
    };
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
                    let name = match file.file_name.as_deref().filter(|_| server_name_first) {
                        Some(server_name) => safe_file_name(server_name, &file_name),
                        None => file_name,
                    };
                    save_bytes(&name, &file.content_type, &file.bytes).map_err(Failure::Save)
                }
                Err(error) => Err(Failure::Request(error)),
            };
            state.set(Some(outcome));
            busy.set(false);
        });
    };
    let message = move || match state.get() {
        Some(Err(Failure::Request(error))) if error.status() == Some(404) => {
            Some(Err(t.no_file.to_string()))
        }
        Some(Err(Failure::Request(error))) => Some(Err(crate::i18n::error_text(&error))),
        Some(Err(Failure::Save(error))) => Some(Err(error.text().to_string())),
        Some(Ok(())) => Some(Ok(t.downloaded.to_string())),
        None => None,
    };
    view! {
        <p class="download">
            <button type="button" class="download-file primary" on:click=start disabled=move || busy.get()>
                {move || if busy.get() { t.downloading } else { label }}
            </button>
            {move || match message() {
                Some(Err(message)) => Some(view! { <span class="form-error" role="alert">{message}</span> }.into_any()),
                Some(Ok(note)) => Some(view! { <span class="export-note">{note}</span> }.into_any()),
                None => None,
            }}
        </p>
    }
}

/// One record a relationship points at, or one of a to-many relationship's records.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RelatedRecord {
    href: Option<String>,
    label: String,
}

fn related_of(value: &serde_json::Value) -> Option<RelatedRecord> {
    let kind = value.get("type")?.as_str()?;
    let id = value.get("id")?.as_str()?;
    Some(RelatedRecord {
        href: Collection::from_path(kind).and_then(|c| record_href(c, id)),
        label: value
            .get("attributes")
            .and_then(naming_text)
            .unwrap_or_else(|| id.to_owned()),
    })
}

/// Follows each relationship (`GET /<type>/<id>/<relationship>`) and links what it finds.
fn related_records(collection: Collection, id: String, names: Vec<String>) -> impl IntoView {
    let api = expect_context::<Api>();
    let t = texts();
    let sections = names
        .into_iter()
        .map(|name| {
            let path = format!("{}/{}/{}", collection.path(), encode_component(&id), name);
            let api = api.clone();
            let remote: Read<Vec<RelatedRecord>> = use_read(
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
            let title_key = name.clone();
            let content = move || {
                if let Some(error) = remote.error() {
                    return view! { <p class="related-error">{move || crate::i18n::error_text(&error)}</p> }
                        .into_any();
                }
                remote.with_data(|records| match records {
                    None => status::loading(t.loading_related).into_any(),
                    Some(records) if records.is_empty() => {
                        view! { <p class="empty">{tr(|t| t.related_none)}</p> }.into_any()
                    }
                    Some(records) => related_list(records).into_any(),
                })
            };
            view! {
                <section class="related-records" data-relationship=name.clone()>
                    <h2>{move || crate::resources::field_label(&title_key)}</h2>
                    {content}
                </section>
            }
        })
        .collect_view();
    view! { <div class="relationships">{sections}</div> }
}

fn related_list(records: &[RelatedRecord]) -> impl IntoView + use<> {
    let t = texts();
    let items = records
        .iter()
        .map(|record| {
            let label = record.label.clone();
            match record.href.clone() {
                Some(href) => view! { <li><Link href=href>{label}</Link></li> }.into_any(),
                None => view! { <li>{label}</li> }.into_any(),
            }
        })
        .collect_view();
    let count = records.len();
    view! {
        {(count > 1).then(|| view! { <p class="related-count">{move || (t.related_count)(&count.to_string())}</p> })}
        <ul>{items}</ul>
    }
}
