//! Where the portal lives in the site: the path prefix it is served under, and the conversion
//! between portal paths (`/accounts`, what routes and `?next=` use) and browser paths
//! (`/portal/accounts`, what links and the address bar show).
//!
//! The prefix is the bundle's public URL, which Trunk writes into `<base href>` at build time
//! (`cargo xtask dist --public-url /portal/`), so one build runs under one prefix and nothing
//! else needs configuring.

use std::cell::OnceCell;

thread_local! {
    static BASE: OnceCell<String> = const { OnceCell::new() };
}

/// The prefix without its trailing slash: `""` at the site's root, `"/portal"` under a sub-path.
pub fn base() -> String {
    BASE.with(|base| base.get_or_init(read_base).clone())
}

fn read_base() -> String {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return String::new();
    };
    // Without a <base> element the document's own URL would pose as the base.
    let has_base = document
        .query_selector("base[href]")
        .ok()
        .flatten()
        .is_some();
    let base_uri = document.base_uri().ok().flatten();
    match (has_base, base_uri) {
        (true, Some(uri)) => web_sys::Url::new(&uri)
            .map(|url| prefix_of(&url.pathname()))
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// The prefix a `<base href>` path stands for: `/portal/` → `/portal`, `/` → ``.
pub fn prefix_of(base_path: &str) -> String {
    base_path.trim_end_matches('/').to_owned()
}

/// The browser path of a portal path, for `href`s (`/accounts` → `/portal/accounts`).
pub fn href(portal_path: &str) -> String {
    join(&base(), portal_path)
}

/// The portal path of a browser path (`/portal/accounts` → `/accounts`).
pub fn portal_path(browser_path: &str) -> String {
    strip(&base(), browser_path)
}

pub fn join(prefix: &str, portal_path: &str) -> String {
    format!("{prefix}{portal_path}")
}

pub fn strip(prefix: &str, browser_path: &str) -> String {
    match browser_path.strip_prefix(prefix) {
        Some(rest) if prefix.is_empty() || rest.is_empty() || rest.starts_with('/') => {
            if rest.is_empty() {
                "/".to_owned()
            } else {
                rest.to_owned()
            }
        }
        _ => browser_path.to_owned(),
    }
}
