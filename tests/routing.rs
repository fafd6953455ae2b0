//! In the browser: portal paths and browser paths under a sub-path.
#![cfg(target_arch = "wasm32")]

use portal::routing::{Charted, Detailed, Listed, Page, base, join, prefix_of, record_id, strip};
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
    let pages = [
        ("/", Page::Dashboard),
        ("/login", Page::Login),
        ("/login?next=%2Frates", Page::Login),
        ("/accounts", Page::List(Listed::Accounts)),
        ("/accounts/", Page::List(Listed::Accounts)),
        ("/accounts/7", Page::Detail(Detailed::Account)),
        ("/services?page[number]=2", Page::List(Listed::Services)),
        ("/services/3", Page::Detail(Detailed::Service)),
        ("/rates", Page::List(Listed::Rates)),
        ("/rates/9#top", Page::Detail(Detailed::Rate)),
        ("/cdr-exports", Page::List(Listed::CdrExports)),
        ("/cdr-exports/5", Page::Detail(Detailed::CdrExport)),
        ("/network-types", Page::List(Listed::NetworkTypes)),
        ("/network-prefixes", Page::List(Listed::NetworkPrefixes)),
        ("/networks/12", Page::Detail(Detailed::Network)),
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
    ];
    for (path, page) in pages {
        assert_eq!(Page::at(path), Some(page), "{path}");
    }
}

#[wasm_bindgen_test]
fn unknown_paths_have_no_page() {
    for path in [
        "/no-such-page",
        "/login/again",
        "/networks",
        "/network-types/1",
        "/network-prefixes/1",
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
