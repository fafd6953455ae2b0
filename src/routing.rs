//! Where the portal lives in the site: the path prefix it is served under, and the conversion
//! between portal paths (`/accounts`, what routes and `?next=` use) and browser paths
//! (`/portal/accounts`, what links and the address bar show).
//!
//! It also holds the portal's one route table, [`Page::at`]: the router renders from it, and the
//! start fetches the code of the page the address bar points at from it (`pages::on_demand`).
//!
//! The prefix is the bundle's public URL, which Trunk writes into `<base href>` at build time
//! (`cargo xtask dist --public-url /portal/`), so one build runs under one prefix and nothing
//! else needs configuring.

use api_model::query::decode_segment;
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

/// The lists, by resource type. `repr(u8)`: it crosses into a wasm chunk as a plain argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Listed {
    Accounts,
    Services,
    Rates,
    CdrExports,
    NetworkTypes,
    NetworkPrefixes,
}

/// The record pages, by resource type; the record's id is the path's last segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Detailed {
    Account,
    Service,
    Rate,
    CdrExport,
    Network,
}

/// The statistics pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Charted {
    Origination,
    Quality,
    ActiveCalls,
    OriginatedCps,
}

/// A page of the portal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Login,
    Dashboard,
    List(Listed),
    Detail(Detailed),
    Statistics(Charted),
}

impl Page {
    /// The page at a portal path (`/accounts`, `/accounts/7`), query and fragment aside; `None`
    /// for a path the portal has no page for.
    pub fn at(portal_path: &str) -> Option<Page> {
        let path = portal_path.split(['?', '#']).next().unwrap_or_default();
        let mut segments = path.split('/').filter(|s| !s.is_empty());
        let first = segments.next();
        let second = segments.next();
        if segments.next().is_some() {
            return None;
        }
        let page = match (first, second) {
            (None, _) => Page::Dashboard,
            (Some("login"), None) => Page::Login,
            (Some("statistics"), Some(chart)) => Page::Statistics(match chart {
                "origination" => Charted::Origination,
                "quality" => Charted::Quality,
                "active-calls" => Charted::ActiveCalls,
                "cps" => Charted::OriginatedCps,
                _ => return None,
            }),
            (Some(collection), None) => Page::List(match collection {
                "accounts" => Listed::Accounts,
                "services" => Listed::Services,
                "rates" => Listed::Rates,
                "cdr-exports" => Listed::CdrExports,
                "network-types" => Listed::NetworkTypes,
                "network-prefixes" => Listed::NetworkPrefixes,
                _ => return None,
            }),
            (Some(collection), Some(_)) => Page::Detail(match collection {
                "accounts" => Detailed::Account,
                "services" => Detailed::Service,
                "rates" => Detailed::Rate,
                "cdr-exports" => Detailed::CdrExport,
                "networks" => Detailed::Network,
                _ => return None,
            }),
        };
        Some(page)
    }
}

/// The id of the record a record page's portal path names (`/accounts/7` → `7`).
pub fn record_id(portal_path: &str) -> Option<String> {
    match Page::at(portal_path)? {
        Page::Detail(_) => {
            let path = portal_path.split(['?', '#']).next().unwrap_or_default();
            let id = path.split('/').rfind(|s| !s.is_empty())?;
            Some(decode_segment(id))
        }
        _ => None,
    }
}
