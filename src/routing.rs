//! Where the portal lives in the site: the path prefix it is served under, and the conversion
//! between portal paths (`/accounts`, what routes and `?next=` use) and browser paths
//! (`/portal/accounts`, what links and the address bar show).
//!
//! It also holds the portal's one table of pages, [`ROUTES`] with the collections'
//! declarations: the navigation lists it, links name pages through it, and the router
//! (`crate::routes`) has a route for every kind of page in it.
//!
//! The prefix is the bundle's public URL, which Trunk writes into `<base href>` at build time
//! (`cargo xtask dist --public-url /portal/`), so one build runs under one prefix and nothing
//! else needs configuring.

use crate::i18n::{Text, Texts};
use api_model::catalog::{Attributes, Collection, Form, Section};
use api_model::profile::Flag;
use api_model::resources::Account;
use api_model::stats::StatsEndpoint;
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
/// The address the browser shows: its path and query.
pub fn shown_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.pathname().ok()?,
        location.search().ok()?
    ))
}

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

    /// Its name in its path, `/statistics/<slug>` (the route table's).
    pub fn slug(self) -> &'static str {
        Page::Statistics(self)
            .route()
            .and_then(|route| route.path.strip_prefix(STATISTICS_PATH))
            .unwrap_or_default()
    }

    /// The view whose slug this is.
    pub fn from_slug(slug: &str) -> Option<Charted> {
        Charted::ALL.into_iter().find(|c| c.slug() == slug)
    }

    /// The page of an endpoint.
    pub fn of(endpoint: StatsEndpoint) -> Charted {
        Charted::ALL
            .into_iter()
            .find(|c| c.endpoint() == Some(endpoint))
            .unwrap_or(Charted::Origination)
    }
}

/// A page of the portal. Lists and records come from the API's collection declarations
/// (`api_model::catalog`): a collection with a list has `/<path>`, one with a detail page has
/// `/<path>/<id>` too. The other pages are in [`ROUTES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Login,
    Dashboard,
    List(Collection),
    Detail(Collection),
    /// `/<path>/new`: the form that creates a record, for collections the customer creates.
    Create(Collection),
    Statistics(Charted),
    /// `/check-rate`: what a number costs under a rate plan (`POST /check-rate`), one of
    /// this collection's records.
    CheckRate(Collection),
    /// `/active-calls?account-id=`: an account's calls in progress, refreshed while shown.
    LiveCalls,
    /// `/statement?month=`: a month's invoices, payments, charges and statistics in one file.
    Statement,
    /// `/alerts`: the customer's watch rules on their accounts.
    WatchRules,
}

/// One page of the route table that is not a collection's.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub page: Page,
    /// The portal path.
    pub path: &'static str,
    pub section: Section,
    /// The `GET /profiles` flag that must allow it; `None` for pages every customer has.
    pub profile_flag: Option<Flag>,
    /// Offered by the navigation.
    pub in_navigation: bool,
    /// The query parameter that names the account it is about: an account's page links it.
    pub about_account: Option<&'static str>,
    /// Its name in the navigation and links.
    pub name: fn(&Texts) -> Text,
}

const fn statistics(
    charted: Charted,
    path: &'static str,
    profile_flag: Flag,
    name: fn(&Texts) -> Text,
) -> Route {
    Route {
        page: Page::Statistics(charted),
        path,
        section: Section::Statistics,
        profile_flag: Some(profile_flag),
        in_navigation: true,
        about_account: Some("account-id"),
        name,
    }
}

/// The rate lookup, in the records of `plans`: it sits with them and is allowed with them,
/// as it offers only the plans the customer may see.
const fn rate_lookup(plans: Collection) -> Route {
    Route {
        page: Page::CheckRate(plans),
        path: CHECK_RATE_PATH,
        section: plans.section(),
        profile_flag: plans.profile_flag(),
        in_navigation: true,
        about_account: None,
        name: |t| t.check_rate,
    }
}

/// The portal's one table of pages that are not a collection's (those come from their
/// declarations): the navigation lists it, links and names of pages come from it, and the
/// router (`crate::routes`) has a route for each kind of page in it.
pub const ROUTES: [Route; 13] = [
    Route {
        page: Page::Login,
        path: "/login",
        section: Section::Overview,
        profile_flag: None,
        in_navigation: false,
        about_account: None,
        name: |t| t.sign_in,
    },
    Route {
        page: Page::Dashboard,
        path: "/",
        section: Section::Overview,
        profile_flag: None,
        in_navigation: true,
        about_account: None,
        name: |t| t.nav_overview,
    },
    statistics(
        Charted::Origination,
        "/statistics/origination",
        Flag::OutgoingStatistics,
        |t| t.nav_origination,
    ),
    statistics(
        Charted::Quality,
        "/statistics/quality",
        Flag::OutgoingStatistics,
        |t| t.nav_quality,
    ),
    statistics(
        Charted::ActiveCalls,
        "/statistics/active-calls",
        Flag::OutgoingStatisticsActiveCalls,
        |t| t.nav_active_calls,
    ),
    statistics(
        Charted::OriginatedCps,
        "/statistics/cps",
        Flag::OutgoingStatistics,
        |t| t.nav_cps_chart,
    ),
    statistics(
        Charted::Termination,
        "/statistics/termination",
        Flag::IncomingStatistics,
        |t| t.nav_termination,
    ),
    statistics(
        Charted::TerminationQuality,
        "/statistics/termination-quality",
        Flag::IncomingStatistics,
        |t| t.nav_termination_quality,
    ),
    statistics(
        Charted::TerminationActiveCalls,
        "/statistics/termination-active-calls",
        Flag::IncomingStatisticsActiveCalls,
        |t| t.nav_termination_active_calls,
    ),
    Route {
        page: Page::LiveCalls,
        path: "/active-calls",
        section: Section::Statistics,
        profile_flag: Some(Flag::OutgoingActiveCalls),
        in_navigation: true,
        about_account: Some("account-id"),
        name: |t| t.nav_live_calls,
    },
    // `POST /check-rate` takes a rate plan's id (`rateplan-id`).
    rate_lookup(Collection::Rateplans),
    // Every customer has it: each part of the file follows its own flag.
    Route {
        page: Page::Statement,
        path: "/statement",
        section: Section::AccountAndMoney,
        profile_flag: None,
        in_navigation: true,
        about_account: None,
        name: |t| t.nav_statement,
    },
    // Every customer has it: each kind of rule follows what the profile shows.
    Route {
        page: Page::WatchRules,
        path: "/alerts",
        section: Section::AccountAndMoney,
        profile_flag: None,
        in_navigation: true,
        about_account: None,
        name: |t| t.nav_watch,
    },
];

/// Where the statistics views are: `/statistics/<slug>` (`crate::routes` routes them).
pub const STATISTICS_PATH: &str = "/statistics/";

/// The path of the rate lookup page; its query is the request's attributes.
pub const CHECK_RATE_PATH: &str = "/check-rate";

impl Page {
    /// The page's entry in [`ROUTES`]; `None` for a collection's pages.
    pub fn route(self) -> Option<&'static Route> {
        ROUTES.iter().find(|r| r.page == self)
    }

    /// The collection whose page it is.
    fn collection(self) -> Option<Collection> {
        match self {
            Page::List(collection) | Page::Detail(collection) | Page::Create(collection) => {
                Some(collection)
            }
            _ => None,
        }
    }

    /// The portal path of the page; a record page's is its list's (see [`record_href`]).
    pub fn href(self) -> String {
        match (self, self.route()) {
            (Page::Create(collection), _) => format!(
                "/{}/{}",
                collection.route(),
                collection.creation().map_or("new", |form| form.segment)
            ),
            (_, Some(route)) => route.path.to_owned(),
            _ => format!("/{}", self.collection().map_or("", Collection::route)),
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
    pub fn profile_flag(self) -> Option<Flag> {
        match (self, self.route()) {
            (_, Some(route)) => route.profile_flag,
            (Page::Create(collection), _) => collection
                .creation()
                .and_then(|form| form.profile_flag)
                .or(collection.profile_flag()),
            _ => self.collection().and_then(Collection::profile_flag),
        }
    }

    /// The group of the navigation the page is in.
    pub fn section(self) -> Section {
        match (self.route(), self.collection()) {
            (Some(route), _) => route.section,
            (None, Some(collection)) => collection.section(),
            (None, None) => Section::Overview,
        }
    }

    /// The page's name, as the navigation and links say it.
    pub fn title(self, t: &Texts) -> Text {
        match (self, self.route()) {
            (_, Some(route)) => (route.name)(t),
            (Page::Create(collection), _) => match collection.creation().map(|c| c.form) {
                Some(Form::CdrExport) => t.new_cdr_export,
                Some(Form::TopUp) => t.top_up,
                _ => t.resource(collection).title,
            },
            _ => self
                .collection()
                .map_or(t.nav_overview, |c| t.resource(c).title),
        }
    }

    /// The pages the navigation offers, by section in their order.
    pub fn navigation() -> Vec<(Section, Vec<Page>)> {
        // Every declared collection (no special case: the declarations' own order).
        let collections = Collection::ALL
            .into_iter()
            .filter(|c| c.has_own_pages())
            .map(Page::List);
        let others = ROUTES.iter().filter(|r| r.in_navigation).map(|r| r.page);
        let pages: Vec<Page> = collections.chain(others).collect();
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

    /// The pages about one record of a collection, linked from its page with the record's id
    /// as their query parameter: an account's statistics and live calls.
    pub fn about(collection: Collection) -> Vec<(Page, &'static str)> {
        if collection != Account::COLLECTION {
            return Vec::new();
        }
        ROUTES
            .iter()
            .filter_map(|r| Some((r.page, r.about_account?)))
            .collect()
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

/// The id of the record a record page's address names (`/accounts/7` → `7`), as its route's
/// `:id` holds it.
pub fn record_id_param() -> leptos::prelude::Memo<String> {
    use leptos::prelude::*;
    let params = leptos_router::hooks::use_params_map();
    Memo::new(move |_| {
        params
            .with(|params| params.get("id"))
            .map(|id| api_model::query::decode_segment(&id))
            .unwrap_or_default()
    })
}
