//! Customer portal for the Yeti switch customer API: a Leptos single-page app.
//!
//! Layers, from the outside in: `app` (routes) → `pages` (one per route, reading the URL) →
//! `components` (views of data, no fetching) → `remote` (signal-driven fetching) → `http` (the
//! only code that calls fetch and knows the token) → `api_model` (pure types, separate crate).

pub mod app;
pub mod components;
pub mod config;
pub mod export;
pub mod format;
pub mod http;
pub mod pages;
pub mod prefs;
pub mod remote;
pub mod resources;
pub mod session;
pub mod stats_view;

/// Mounts the portal into the page.
pub fn start() {
    console_error_panic_hook::set_once();
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
