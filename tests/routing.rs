//! In the browser: portal paths and browser paths under a sub-path.
#![cfg(target_arch = "wasm32")]

use api_model::catalog::Collection;
use api_model::profile::Flag;
use portal::routing::{Charted, Page, base, join, prefix_of, record_href, record_id, strip};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn prefix_comes_from_the_base_path() {
    assert_eq!(prefix_of("/"), "");
    assert_eq!(prefix_of("/portal/"), "/portal");
    assert_eq!(prefix_of("/a/b/"), "/a/b");
    // The test page has no <base> element: the portal is at the root.
    assert_eq!(base(), "");
}

#[wasm_bindgen_test]
fn paths_round_trip_under_a_prefix() {
    for path in ["/", "/accounts", "/accounts/7?x=1"] {
        assert_eq!(strip("/portal", &join("/portal", path)), path);
        assert_eq!(strip("", &join("", path)), path);
    }
    assert_eq!(join("/portal", "/accounts"), "/portal/accounts");
    assert_eq!(strip("/portal", "/portal"), "/");
    assert_eq!(strip("/portal", "/portal/"), "/");
    // A path that only begins with the same letters is not under the prefix.
    assert_eq!(strip("/portal", "/portalx/accounts"), "/portalx/accounts");
}

#[wasm_bindgen_test]
fn every_path_names_its_page() {
    use Collection::*;
    let pages = [
        ("/", Page::Dashboard),
        ("/login", Page::Login),
        ("/login?next=%2Frates", Page::Login),
        ("/accounts", Page::List(Accounts)),
        ("/accounts/", Page::List(Accounts)),
        ("/accounts/7", Page::Detail(Accounts)),
        ("/services?page[number]=2", Page::List(Services)),
        ("/services/3", Page::Detail(Services)),
        ("/rates", Page::List(Rates)),
        ("/rates/9#top", Page::Detail(Rates)),
        ("/cdr-exports", Page::List(CdrExports)),
        ("/cdr-exports/5", Page::Detail(CdrExports)),
        ("/network-types", Page::List(NetworkTypes)),
        ("/network-types/1", Page::Detail(NetworkTypes)),
        ("/network-prefixes", Page::List(NetworkPrefixes)),
        ("/networks", Page::List(Networks)),
        ("/networks/12", Page::Detail(Networks)),
        ("/countries", Page::List(Countries)),
        (
            "/statistics/origination",
            Page::Statistics(Charted::Origination),
        ),
        ("/statistics/quality", Page::Statistics(Charted::Quality)),
        (
            "/statistics/active-calls",
            Page::Statistics(Charted::ActiveCalls),
        ),
        (
            "/statistics/cps?account-id=1",
            Page::Statistics(Charted::OriginatedCps),
        ),
        (
            "/statistics/termination",
            Page::Statistics(Charted::Termination),
        ),
        (
            "/statistics/termination-quality",
            Page::Statistics(Charted::TerminationQuality),
        ),
        (
            "/statistics/termination-active-calls?account-id=1",
            Page::Statistics(Charted::TerminationActiveCalls),
        ),
        ("/active-calls?account-id=1", Page::LiveCalls),
    ];
    for (path, page) in pages {
        assert_eq!(Page::at(path), Some(page), "{path}");
    }
}

#[wasm_bindgen_test]
fn every_declared_collection_has_its_pages_and_links() {
    for collection in Collection::ALL.into_iter().filter(|c| c.has_own_pages()) {
        let list = Page::List(collection);
        assert_eq!(Page::at(&list.href()), Some(list));
        match record_href(collection, "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003") {
            Some(href) => {
                assert!(collection.spec().detail_page);
                assert_eq!(Page::at(&href), Some(Page::Detail(collection)));
            }
            None => assert!(!collection.spec().detail_page),
        }
    }
    // Every page the navigation offers is reachable by its link, in a section.
    let offered: Vec<Page> = Page::navigation()
        .into_iter()
        .flat_map(|(_, pages)| pages)
        .collect();
    // The overview, every list with pages of its own, the statistics, the live calls and the
    // rate lookup.
    let own_pages = Collection::ALL.iter().filter(|c| c.has_own_pages()).count();
    assert_eq!(offered.len(), 1 + own_pages + Charted::ALL.len() + 2);
    // Number lists are at the short address the issue names; their items have no page.
    assert_eq!(
        Page::at("/numberlists/12"),
        Some(Page::Detail(Collection::OutgoingNumberlists))
    );
    assert_eq!(Page::at("/outgoing-numberlist-items"), None);
    assert_eq!(Page::at("/outgoing-numberlists"), None);
    for page in offered {
        assert_eq!(Page::at(&page.href()), Some(page));
    }
    assert_eq!(
        Page::Statistics(Charted::Quality).href_with(&[("account-id", "a b")]),
        "/statistics/quality?account-id=a%20b"
    );
}

#[wasm_bindgen_test]
fn unknown_paths_have_no_page() {
    for path in [
        "/no-such-page",
        "/login/again",
        "/countries/1",
        "/statistics",
        "/statistics/unknown",
        "/accounts/7/services",
    ] {
        assert_eq!(Page::at(path), None, "{path}");
    }
}

#[wasm_bindgen_test]
fn a_record_page_names_its_record() {
    assert_eq!(record_id("/accounts/7").as_deref(), Some("7"));
    assert_eq!(record_id("/rates/a%2Fb?x=1").as_deref(), Some("a/b"));
    assert_eq!(record_id("/services/c+d").as_deref(), Some("c+d"));
    assert_eq!(record_id("/accounts"), None);
    assert_eq!(record_id("/statistics/cps"), None);
}

#[wasm_bindgen_test]
fn a_creatable_collection_has_its_form_and_others_do_not() {
    let form = Page::at("/cdr-exports/new");
    assert_eq!(form, Some(Page::Create(Collection::CdrExports)));
    assert_eq!(
        Page::Create(Collection::CdrExports).href(),
        "/cdr-exports/new"
    );
    assert_eq!(record_id("/cdr-exports/new"), None);
    assert_eq!(
        Page::Create(Collection::CdrExports).profile_flag(),
        Some(Flag::OutgoingCdrExports)
    );
    // `new` is only an id elsewhere (and never a valid one).
    assert_eq!(
        Page::at("/accounts/new"),
        Some(Page::Detail(Collection::Accounts))
    );
    // Calls have integer ids, and their own pages.
    assert_eq!(
        Page::at("/cdrs/123456"),
        Some(Page::Detail(Collection::Cdrs))
    );
    assert_eq!(record_id("/incoming-cdrs/42"), Some("42".to_owned()));
    // A top-up is a payment's form at its own address, allowed by its own profile flag.
    let top_up = Page::Create(Collection::Payments);
    assert_eq!(Page::at("/payments/top-up"), Some(top_up));
    assert_eq!(top_up.href(), "/payments/top-up");
    assert_eq!(top_up.profile_flag(), Some(Flag::PaymentsCryptomus));
    assert_eq!(
        Page::List(Collection::Payments).profile_flag(),
        Some(Flag::Payments)
    );
    assert_eq!(
        Page::at("/payments/new"),
        Some(Page::Detail(Collection::Payments))
    );
}

#[wasm_bindgen_test]
fn the_rate_lookup_has_its_own_address_in_the_rates_section() {
    assert_eq!(Page::at("/check-rate"), Some(Page::CheckRate));
    assert_eq!(
        Page::at("/check-rate?rateplan-id=x&number=380"),
        Some(Page::CheckRate)
    );
    assert_eq!(Page::CheckRate.href(), "/check-rate");
    assert_eq!(Page::at("/check-rate/1"), None);
    // Allowed with the rate plans it looks up in.
    assert_eq!(
        Page::CheckRate.profile_flag(),
        Some(Flag::OutgoingRateplans)
    );
    let rates = Page::navigation()
        .into_iter()
        .find(|(section, _)| *section == api_model::catalog::Section::Rates)
        .map(|(_, pages)| pages)
        .unwrap_or_default();
    assert_eq!(
        rates,
        [
            Page::List(Collection::Rateplans),
            Page::List(Collection::Rates),
            Page::CheckRate
        ]
    );
}

#[wasm_bindgen_test]
fn every_page_that_is_no_collections_is_in_the_one_route_table_under_its_own_path() {
    use portal::routing::ROUTES;
    let others = [
        Page::Login,
        Page::Dashboard,
        Page::CheckRate,
        Page::LiveCalls,
    ]
    .into_iter()
    .chain(Charted::ALL.into_iter().map(Page::Statistics));
    for page in others {
        let route = page.route().expect("a page of the route table");
        assert_eq!(Page::at(route.path), Some(page), "{}", route.path);
        assert_eq!(page.href(), route.path);
    }
    let mut paths: Vec<&str> = ROUTES.iter().map(|r| r.path).collect();
    paths.sort_unstable();
    paths.dedup();
    assert_eq!(paths.len(), ROUTES.len(), "one page per path");
    // No collection's route hides a page of the table.
    for collection in Collection::ALL.into_iter().filter(|c| c.has_own_pages()) {
        assert!(Page::List(collection).route().is_none());
        assert!(
            ROUTES
                .iter()
                .all(|r| r.path.trim_start_matches('/') != collection.route())
        );
    }
}
