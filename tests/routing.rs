//! In the browser: portal paths and browser paths under a sub-path.
#![cfg(target_arch = "wasm32")]

use api_model::catalog::Collection;
use api_model::profile::Flag;
use portal::routes::{matched_at, page_of};
use portal::routing::{Charted, Page, base, join, prefix_of, record_href, strip};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The page the router shows at a portal path inside the signed-in layout, as its routes match
/// it (`None`: its not-found route, or a route whose address names nothing).
fn page_at(path: &str) -> Option<Page> {
    let (params, matched) = matched_at(path)?;
    page_of(&params, &matched)
}

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
        ("/check-rate?number=1", Page::CheckRate(Rateplans)),
        ("/cdr-exports/new", Page::Create(CdrExports)),
        ("/payments/top-up", Page::Create(Payments)),
        ("/numberlists/12", Page::Detail(OutgoingNumberlists)),
    ];
    for (path, page) in pages {
        assert_eq!(page_at(path), Some(page), "{path}");
    }
    // Every statistics view by the name its link gives it.
    for charted in Charted::ALL {
        assert_eq!(Charted::from_slug(charted.slug()), Some(charted));
    }
}

#[wasm_bindgen_test]
fn every_declared_collection_has_its_pages_and_links() {
    for collection in Collection::ALL.into_iter().filter(|c| c.has_own_pages()) {
        let list = Page::List(collection);
        assert_eq!(page_at(&list.href()), Some(list));
        match record_href(collection, "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003") {
            Some(href) => {
                assert!(collection.spec().detail_page);
                assert_eq!(page_at(&href), Some(Page::Detail(collection)));
            }
            None => assert!(!collection.spec().detail_page),
        }
    }
    // Every page the navigation offers is reachable by its link, in a section.
    let offered: Vec<Page> = Page::navigation()
        .into_iter()
        .flat_map(|(_, pages)| pages)
        .collect();
    // The overview, every list with pages of its own, the statistics, the live calls, the
    // rate lookup, the month's statement and the alerts.
    let own_pages = Collection::ALL.iter().filter(|c| c.has_own_pages()).count();
    assert_eq!(offered.len(), 1 + own_pages + Charted::ALL.len() + 4);
    assert_eq!(page_at("/statement"), Some(Page::Statement));
    assert_eq!(page_at("/alerts"), Some(Page::WatchRules));
    assert_eq!(page_at("/statement?month=2026-10"), Some(Page::Statement));
    // Number lists are at the short address the issue names; their items have no page.
    assert_eq!(
        page_at("/numberlists/12"),
        Some(Page::Detail(Collection::OutgoingNumberlists))
    );
    assert_eq!(page_at("/outgoing-numberlist-items"), None);
    assert_eq!(page_at("/outgoing-numberlists"), None);
    for page in offered {
        assert_eq!(page_at(&page.href()), Some(page));
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
        "/countries/1",
        "/statistics",
        "/statistics/unknown",
        "/accounts/7/services",
        // A creation form only where its collection's declaration puts it.
        "/accounts/new",
        "/payments/new",
        "/cdr-exports/top-up",
    ] {
        assert_eq!(page_at(path), None, "{path}");
    }
}

#[wasm_bindgen_test]
fn a_page_is_governed_by_its_own_flag() {
    let export = Page::Create(Collection::CdrExports);
    assert_eq!(page_at("/cdr-exports/new"), Some(export));
    assert_eq!(export.profile_flag(), Some(Flag::OutgoingCdrExports));
    // The top-up form has a flag of its own; the payments list has the collection's.
    let top_up = Page::Create(Collection::Payments);
    assert_eq!(page_at("/payments/top-up"), Some(top_up));
    assert_eq!(top_up.profile_flag(), Some(Flag::PaymentsCryptomus));
    assert_eq!(
        Page::List(Collection::Payments).profile_flag(),
        Some(Flag::Payments)
    );
    // The rate lookup is allowed with the rate plans it looks up in.
    assert_eq!(
        Page::CheckRate(Collection::Rateplans).profile_flag(),
        Some(Flag::OutgoingRateplans)
    );
    // Reference data every customer sees.
    assert_eq!(Page::List(Collection::Countries).profile_flag(), None);
}
