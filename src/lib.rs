//! Customer portal for the Yeti switch customer API: a Leptos single-page app.
//!
//! Layers, from the outside in: `app` (routes) → `pages` (one per route, reading the URL) →
//! `components` (views of data, no fetching) → `read` (reads that follow a key) and `write` (a
//! form's requests: pending, one at a time, problems by field) → `http` (the only code that
//! calls fetch and knows the token) → `api_model` (pure types, separate crate).

pub mod access;
pub mod accounts;
pub mod again;
pub mod app;
pub mod appearance;
pub mod components;
pub mod config;
pub mod drafts;
pub mod embed;
pub mod export;
pub mod format;
pub mod fresh;
pub mod history;
pub mod http;
pub mod i18n;
pub mod json;
pub mod kept;
pub mod leaving;
pub mod long_timeout;
pub mod new_version;
pub mod pages;
pub mod perf;
pub mod prefs;
pub mod read;
pub mod resources;
pub mod routes;
pub mod routing;
pub mod scroll;
pub mod session;
pub mod stats_view;
pub mod write;

/// Mounts the portal into the page.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_crash_page();
    }));
    // Until config.json and the preferences say otherwise (and for a page that cannot load
    // them), speak the browser's language.
    if let Some(language) = i18n::from_browser() {
        i18n::set_language(language);
    }
    leaving::install();
    drafts::install();
    fresh::install();
    leptos::mount::mount_to_body(app::App);
}

/// Takes away the skeleton `index.html` shows while the portal loads.
pub fn remove_skeleton() {
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
}

/// Replaces the page with a way out after a panic: the app's state can no longer be trusted, so
/// this uses the DOM directly.
fn show_crash_page() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(body) = document.body() {
        render_crash_page(&document, &body);
    }
}

/// Fills `container` with the crash page. The message stays generic (details go to the
/// console), so no customer data or token can end up on screen.
pub fn render_crash_page(document: &web_sys::Document, container: &web_sys::Element) {
    let here = document
        .location()
        .and_then(|l| l.href().ok())
        .unwrap_or_else(|| "/".to_owned());
    let t = i18n::texts();
    // Before the texts have come, in English, the reference language.
    let words = |text: i18n::Text, english: &'static str| match text.get_untracked() {
        "" => english,
        text => text,
    };
    let page = || -> Option<web_sys::Element> {
        let main = document.create_element("main").ok()?;
        main.set_class_name("fatal-error");
        main.set_attribute("role", "alert").ok()?;
        let title = document.create_element("h1").ok()?;
        title.set_text_content(Some(words(t.crash_title, "Something went wrong")));
        let text = document.create_element("p").ok()?;
        text.set_text_content(Some(words(
            t.crash_text,
            "The portal hit an unexpected problem and stopped. Reloading the page usually helps.",
        )));
        let reload = document.create_element("a").ok()?;
        reload.set_class_name("reload button");
        reload.set_attribute("href", &here).ok()?;
        reload.set_text_content(Some(words(t.crash_reload, "Reload the page")));
        main.append_with_node_3(&title, &text, &reload).ok()?;
        Some(main)
    };
    if let Some(main) = page() {
        container.set_text_content(None);
        let _ = container.append_child(&main);
    }
}
