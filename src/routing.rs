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

use api_model::catalog::{Collection, Section};
use api_model::query::decode_segment;
use api_model::stats::{Direction, StatsEndpoint, StatsKind};
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

/// Where a portal path that came from outside the code (`?next=`, a parent page's message)
/// leads, as the browser's own URL parser resolves it under the portal's public path: the portal
/// path with its query and fragment, or `None` when it would leave this origin or the portal.
pub fn in_app_target(untrusted: &str) -> Option<String> {
    let path = portal_config::in_app_path(untrusted)?;
    let origin = web_sys::window()?.location().origin().ok()?;
    let resolved = web_sys::Url::new_with_base(&href(path), &origin).ok()?;
    let browser_path = resolved.pathname();
    let base = base();
    let inside = browser_path == base || browser_path.starts_with(&format!("{base}/"));
    (resolved.origin() == origin && inside).then(|| {
        format!(
            "{}{}{}",
            portal_path(&browser_path),
            resolved.search(),
            resolved.hash()
        )
    })
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

/// The statistics pages, each about one account (`?account-id=`): the three views of each
/// direction (one mechanism draws them all, [`Charted::endpoint`]) and the originated-CPS chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Charted {
    Origination,
    Quality,
    ActiveCalls,
    OriginatedCps,
    Termination,
    TerminationQuality,
    TerminationActiveCalls,
}

impl Charted {
    pub const ALL: [Charted; 7] = [
        Charted::Origination,
        Charted::Quality,
        Charted::ActiveCalls,
        Charted::OriginatedCps,
        Charted::Termination,
        Charted::TerminationQuality,
        Charted::TerminationActiveCalls,
    ];

    /// The path segment below `/statistics/`.
    pub fn segment(self) -> &'static str {
        match self {
            Charted::Origination => "origination",
            Charted::Quality => "quality",
            Charted::ActiveCalls => "active-calls",
            Charted::OriginatedCps => "cps",
            Charted::Termination => "termination",
            Charted::TerminationQuality => "termination-quality",
            Charted::TerminationActiveCalls => "termination-active-calls",
        }
    }

    /// The statistics endpoint the page shows; `None` for the CPS chart, which is no such
    /// endpoint.
    pub fn endpoint(self) -> Option<StatsEndpoint> {
        Some(match self {
            Charted::Origination => StatsEndpoint::ORIGINATION,
            Charted::Quality => StatsEndpoint::ORIGINATION_QUALITY,
            Charted::ActiveCalls => StatsEndpoint::ORIGINATION_ACTIVE_CALLS,
            Charted::Termination => StatsEndpoint::TERMINATION,
            Charted::TerminationQuality => StatsEndpoint::TERMINATION_QUALITY,
            Charted::TerminationActiveCalls => StatsEndpoint::TERMINATION_ACTIVE_CALLS,
            Charted::OriginatedCps => return None,
        })
    }

    /// The page of an endpoint.
    pub fn of(endpoint: StatsEndpoint) -> Charted {
        Charted::ALL
            .into_iter()
            .find(|c| c.endpoint() == Some(endpoint))
            .unwrap_or(Charted::Origination)
    }

    /// The `GET /profiles` flag that allows the page: the side's statistics, or its active
    /// calls' own flag.
    pub fn profile_flag(self) -> &'static str {
        let Some(endpoint) = self.endpoint() else {
            return "outgoing-statistics";
        };
        match (endpoint.direction, endpoint.kind) {
            (Direction::Origination, StatsKind::ActiveCalls) => "outgoing-statistics-active-calls",
            (Direction::Origination, _) => "outgoing-statistics",
            (Direction::Termination, StatsKind::ActiveCalls) => "incoming-statistics-active-calls",
            (Direction::Termination, _) => "incoming-statistics",
        }
    }
}

/// A page of the portal. Lists and records come from the API's collection declarations
/// (`api_model::catalog`): a collection with a list has `/<path>`, one with a detail page has
/// `/<path>/<id>` too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Login,
    Dashboard,
    List(Collection),
    Detail(Collection),
    /// `/<path>/new`: the form that creates a record, for collections the customer creates.
    Create(Collection),
    Statistics(Charted),
    /// `/check-rate`: what a number costs under a rate plan (`POST /check-rate`).
    CheckRate,
    /// `/active-calls?account-id=`: an account's calls in progress, refreshed while shown.
    LiveCalls,
}

/// The path of the rate lookup page; its query is the request's attributes.
pub const CHECK_RATE_PATH: &str = "/check-rate";

/// The path of [`Page::LiveCalls`].
pub const LIVE_CALLS_PATH: &str = "active-calls";

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
        match (first, second) {
            (None, _) => Some(Page::Dashboard),
            (Some("login"), None) => Some(Page::Login),
            (Some(segment), None) if Some(segment) == CHECK_RATE_PATH.strip_prefix('/') => {
                Some(Page::CheckRate)
            }
            (Some(LIVE_CALLS_PATH), None) => Some(Page::LiveCalls),
            (Some("statistics"), Some(segment)) => Charted::ALL
                .into_iter()
                .find(|c| c.segment() == segment)
                .map(Page::Statistics),
            (Some(path), None) => Collection::from_route(path).map(Page::List),
            (Some(path), Some(segment))
                if Collection::from_route(path)
                    .and_then(Collection::creation)
                    .is_some_and(|form| form.segment == segment) =>
            {
                Collection::from_route(path).map(Page::Create)
            }
            (Some(path), Some(_)) => Collection::from_route(path)
                .filter(|c| c.has_detail_page())
                .map(Page::Detail),
        }
    }

    /// The portal path of the page; a record page's is its list's (see [`record_href`]).
    pub fn href(self) -> String {
        match self {
            Page::Login => "/login".to_owned(),
            Page::Dashboard => "/".to_owned(),
            Page::List(collection) | Page::Detail(collection) => format!("/{}", collection.route()),
            Page::Create(collection) => format!(
                "/{}/{}",
                collection.route(),
                collection.creation().map_or("new", |form| form.segment)
            ),
            Page::Statistics(charted) => format!("/statistics/{}", charted.segment()),
            Page::CheckRate => CHECK_RATE_PATH.to_owned(),
            Page::LiveCalls => format!("/{LIVE_CALLS_PATH}"),
        }
    }

    /// The page with a query: `href_with(&[("account-id", id)])`.
    pub fn href_with(self, query: &[(&str, &str)]) -> String {
        let query = api_model::query::encode_pairs(query);
        if query.is_empty() {
            self.href()
        } else {
            format!("{}?{query}", self.href())
        }
    }

    /// The `GET /profiles` flag that must allow the page; `None` for pages every customer has.
    pub fn profile_flag(self) -> Option<&'static str> {
        match self {
            Page::Login | Page::Dashboard => None,
            Page::Create(collection) => collection
                .creation()
                .and_then(|form| form.profile_flag)
                .or(collection.profile_flag()),
            Page::List(collection) | Page::Detail(collection) => collection.profile_flag(),
            Page::Statistics(charted) => Some(charted.profile_flag()),
            // The lookup offers only the rate plans the customer may see.
            Page::CheckRate => Collection::Rateplans.profile_flag(),
            Page::LiveCalls => Some("outgoing-active-calls"),
        }
    }

    /// The group of the navigation the page is in.
    pub fn section(self) -> Section {
        match self {
            Page::Login | Page::Dashboard => Section::Overview,
            Page::List(collection) | Page::Detail(collection) | Page::Create(collection) => {
                collection.section()
            }
            Page::Statistics(_) | Page::LiveCalls => Section::Statistics,
            Page::CheckRate => Section::Rates,
        }
    }

    /// The pages the navigation offers, by section in their order.
    pub fn navigation() -> Vec<(Section, Vec<Page>)> {
        let pages: Vec<Page> = std::iter::once(Page::Dashboard)
            .chain(
                Collection::ALL
                    .into_iter()
                    .filter(|c| c.has_own_pages())
                    .map(Page::List),
            )
            .chain(Charted::ALL.into_iter().map(Page::Statistics))
            .chain(std::iter::once(Page::LiveCalls))
            .chain([Page::CheckRate])
            .collect();
        Section::ALL
            .into_iter()
            .map(|section| {
                let in_section = pages
                    .iter()
                    .copied()
                    .filter(|page| page.section() == section)
                    .collect();
                (section, in_section)
            })
            .filter(|(_, pages): &(Section, Vec<Page>)| !pages.is_empty())
            .collect()
    }

    /// The pages about one record of a collection, linked from its page with the record's id:
    /// an account's statistics and live calls.
    pub fn about(collection: Collection) -> &'static [(Page, &'static str)] {
        match collection {
            Collection::Accounts => &[
                (Page::Statistics(Charted::Origination), "account-id"),
                (Page::Statistics(Charted::Quality), "account-id"),
                (Page::Statistics(Charted::ActiveCalls), "account-id"),
                (Page::Statistics(Charted::OriginatedCps), "account-id"),
                (Page::Statistics(Charted::Termination), "account-id"),
                (Page::Statistics(Charted::TerminationQuality), "account-id"),
                (
                    Page::Statistics(Charted::TerminationActiveCalls),
                    "account-id",
                ),
                (Page::LiveCalls, "account-id"),
            ],
            _ => &[],
        }
    }
}

/// The portal path of one record's page (`/accounts/<id>`), for collections that have one.
pub fn record_href(collection: Collection, id: &str) -> Option<String> {
    (collection.has_own_pages() && collection.has_detail_page()).then(|| {
        format!(
            "{}/{}",
            Page::List(collection).href(),
            api_model::query::encode_component(id)
        )
    })
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
