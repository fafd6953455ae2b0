//! In the browser: what a panic leaves on screen.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_crash_replaces_the_app_with_a_reload_link_and_no_details() {
    let document = web_sys::window().unwrap().document().unwrap();
    let container = document.create_element("div").unwrap();
    container.set_inner_html("<main id='app'>Balance: 12,500.75 USD</main>");
    portal::render_crash_page(&document, &container);

    let page = container
        .query_selector("main.fatal-error[role=alert]")
        .unwrap()
        .expect("the crash page");
    assert!(
        page.text_content()
            .unwrap()
            .contains("Something went wrong")
    );
    let reload = container
        .query_selector("a.reload")
        .unwrap()
        .expect("a reload link");
    assert_eq!(
        reload.get_attribute("href"),
        document.location().unwrap().href().ok()
    );
    // The broken app is gone, and none of its data is repeated.
    assert!(container.query_selector("#app").unwrap().is_none());
    assert!(!container.text_content().unwrap().contains("12,500.75"));
}
