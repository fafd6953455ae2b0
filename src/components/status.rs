//! Loading, empty and error states, each distinct and saying what happened.

use api_model::errors::ApiError;
use leptos::prelude::*;

/// Shown while the first answer is on its way (later loads dim the old rows instead).
pub fn loading(what: &'static str) -> impl IntoView {
    view! {
        <p class="loading" role="status">
            <span class="spinner" aria-hidden="true"></span>
            {format!("Loading {what}…")}
        </p>
    }
}

/// A failed request: the server's words and a way to try again.
pub fn error_panel(error: ApiError, retry: impl Fn() + 'static) -> impl IntoView {
    let status = error.status().map(|s| format!("HTTP {s}"));
    view! {
        <div class="error-panel" role="alert">
            <p class="error-message">{error.message()}</p>
            {status.map(|s| view! { <p class="error-status">{s}</p> })}
            <button type="button" class="retry" on:click=move |_| retry()>
                "Retry"
            </button>
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
