//! In the browser: portal paths and browser paths under a sub-path.
#![cfg(target_arch = "wasm32")]

use portal::routing::{base, join, prefix_of, strip};
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
