//! Loading, empty and error states, each distinct and saying what happened.

use crate::components::support::SupportForFailure;
use crate::i18n::{Text, tr};
use api_model::errors::ApiError;
use leptos::prelude::*;

/// Shown while the first answer is on its way (later loads dim the old rows instead). `text`
/// gives the whole sentence, such as `Loading accounts…` (`crate::i18n::Texts`).
pub fn loading(text: Text) -> impl IntoView {
    view! {
        <p class="loading" role="status" aria-live="polite">
            <span class="spinner" aria-hidden="true"></span>
            {text}
        </p>
    }
}

/// Long work on its way (a large statistics request): what it is, how much of it, an
/// indeterminate progress bar, and after a moment how long it has taken so far.
pub fn working(
    text: Text,
    detail: impl Fn() -> Option<String> + Send + Sync + 'static,
) -> impl IntoView {
    let t = crate::i18n::texts();
    let started = js_sys::Date::now();
    let seconds = RwSignal::new(0u64);
    let ticker = set_interval_with_handle(
        move || seconds.set(((js_sys::Date::now() - started) / 1000.0) as u64),
        std::time::Duration::from_secs(1),
    )
    .ok();
    on_cleanup(move || {
        if let Some(ticker) = ticker {
            ticker.clear();
        }
    });
    view! {
        <div class="loading working" role="status">
            <p><span class="spinner" aria-hidden="true"></span>{text}</p>
            {move || detail().map(|detail| view! { <p class="hint">{detail}</p> })}
            <progress aria-label=text></progress>
            <p class="hint" aria-hidden="true">
                {move || {
                    let seconds = seconds.get();
                    (seconds >= 2)
                        .then(|| (t.working_for_seconds)(&crate::format::count(seconds)))
                }}
            </p>
        </div>
    }
}

/// A failed request: the server's words and a way to try again; for a server's failure also
/// when it happened and the support desk's contacts.
pub fn error_panel(error: ApiError, retry: impl Fn() + 'static) -> impl IntoView {
    let t = crate::i18n::texts();
    let status = error.status();
    let server_failed = status.is_some_and(|s| s >= 500);
    view! {
        <div class="error-panel" role="alert" aria-live="assertive">
            <p class="error-message">{move || crate::i18n::error_text(&error)}</p>
            {status.map(|s| view! { <p class="error-status">{move || (t.error_http_status)(&s.to_string())}</p> })}
            <button type="button" class="retry" on:click=move |_| retry()>
                {tr(|t| t.retry)}
            </button>
            {server_failed.then(|| view! { <SupportForFailure at=chrono::Utc::now() /> })}
        </div>
    }
}

/// A request that could not be made because of the user's input.
pub fn input_error(message: String) -> impl IntoView {
    view! {
        <div class="input-error" role="alert">
            {message}
        </div>
    }
}
