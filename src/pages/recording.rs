//! A call's recording (`GET /<cdrs>/<id>/rec`), played in the page. The audio is fetched
//! through the API like every request, so a token stays in its header and never in a URL; the
//! page plays it from a `blob:` URL that is given back when the player goes away.

use crate::export::{ObjectUrl, SaveError};
use crate::http::Api;
use crate::i18n::{error_text, texts, tr};
use api_model::files::{declared_file_name, recording_media_type};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Where the player is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    Idle,
    Loading,
    /// The `blob:` URL is kept in the player's [`StoredValue`]; this is its text and the file
    /// name a download gets.
    Ready {
        url: String,
        file_name: String,
    },
    NoRecording,
    Failed(String),
}

/// The file name of a recording by its media type: `call-<id>.wav`.
fn file_name(id: &str, media_type: &str) -> String {
    let extension = match media_type {
        "audio/mpeg" | "audio/mp3" => "mp3",
        "audio/ogg" => "ogg",
        _ => "wav",
    };
    declared_file_name(&format!("call-{{id}}.{extension}"), id)
}

/// "Play the recording": fetches `path` when asked (at once when `now`, as when the user came
/// from a list row's "Play"), then an `<audio>` player and a download link.
pub fn recording_player(path: String, id: String, now: bool) -> impl IntoView {
    let api = expect_context::<Api>();
    let state = RwSignal::new(State::Idle);
    // Owns the blob: dropped (and revoked) with the player or when replaced.
    let object_url = StoredValue::new_local(None::<ObjectUrl>);
    on_cleanup(move || {
        object_url.try_set_value(None);
    });
    let load = move || {
        if matches!(state.get_untracked(), State::Loading | State::Ready { .. }) {
            return;
        }
        state.set(State::Loading);
        let (api, path, id) = (api.clone(), path.clone(), id.clone());
        spawn_local(async move {
            let next = match api.download(&path, None).await {
                Ok(file) => {
                    // Only audio plays; a body labelled as anything else (a web page) is bytes.
                    let media_type = recording_media_type(&file.content_type);
                    match ObjectUrl::of_bytes(&media_type, &file.bytes) {
                        Ok(url) => {
                            let ready = State::Ready {
                                url: url.as_str().to_owned(),
                                file_name: file_name(&id, &media_type),
                            };
                            object_url.try_set_value(Some(url));
                            ready
                        }
                        Err(error) => State::Failed(SaveError::text(error).to_string()),
                    }
                }
                Err(error) if error.status() == Some(404) => State::NoRecording,
                Err(error) => State::Failed(error_text(&error)),
            };
            let _ = state.try_set(next);
        });
    };
    if now {
        load();
    }
    let load = StoredValue::new_local(load);
    let start = move |_| load.with_value(|load| load());
    let t = texts();
    view! {
        <section class="recording" id="recording">
            <h2>{tr(|t| t.recording)}</h2>
            {move || match state.get() {
                State::Idle => view! {
                    <button type="button" class="play-recording" on:click=start>{tr(|t| t.play_recording)}</button>
                }
                .into_any(),
                State::Loading => view! { <p role="status">{tr(|t| t.loading_recording)}</p> }.into_any(),
                State::Ready { url, file_name } => view! {
                    <audio controls=true autoplay=true src=url.clone() aria-label=move || t.recording></audio>
                    <p><a href=url download=file_name>{tr(|t| t.download_recording)}</a></p>
                }
                .into_any(),
                State::NoRecording => view! { <p class="empty">{tr(|t| t.no_recording)}</p> }.into_any(),
                State::Failed(reason) => view! {
                    <p class="form-error" role="alert">{reason}</p>
                    <button type="button" class="play-recording" on:click=start>{tr(|t| t.retry)}</button>
                }
                .into_any(),
            }}
        </section>
    }
}
