//! The address corrections the portal makes by itself (a default filled into the query, a
//! remembered view restored): each replaces the page's own history entry and never adds one, so
//! Back and Forward walk the pages the customer opened, one entry each.
//!
//! What Leptos' router lacks: it writes a new path's history entry only once the route's lazy
//! view has loaded, and a `replace` navigation made before that (by the page, as it is drawn)
//! replaces the entry of the page the customer came from, and the new page gets none. A
//! correction here waits until the address bar shows the page it corrects.

use crate::routing::{href, portal_path};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use std::time::Duration;

/// How often a correction looks whether its page's entry is written.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// How long a correction waits for its page's entry (a route's code on a slow link).
const WAIT_AT_MOST: Duration = Duration::from_secs(60);

/// Replaces the history entry of the page at `path` (a portal path) with `url` (that path with
/// its corrected query), once the address bar shows that page; dropped if the customer has
/// gone to another page by then.
pub fn correct_address(path: String, url: String) {
    let navigate = use_navigate();
    let router_path = use_location().pathname;
    let browser_path = href(&portal_path_of(&url));
    let replace = move || {
        navigate(
            &url,
            NavigateOptions {
                replace: true,
                ..Default::default()
            },
        );
    };
    let still_here = move || {
        router_path
            .try_get_untracked()
            .is_some_and(|now| portal_path(&now) == path)
    };
    let tries = (WAIT_AT_MOST.as_millis() / LOOK_EVERY.as_millis()) as u32;
    when_written(browser_path, still_here, replace, tries);
}

/// The path of a portal URL, without its query or fragment.
fn portal_path_of(url: &str) -> String {
    url.split(['?', '#']).next().unwrap_or_default().to_owned()
}

/// Calls `then` once the browser's address is at `browser_path`, looking again every
/// [`LOOK_EVERY`] at most `tries` times while `still_here` holds.
fn when_written(
    browser_path: String,
    still_here: impl Fn() -> bool + 'static,
    then: impl FnOnce() + 'static,
    tries: u32,
) {
    if !still_here() {
        return;
    }
    if shown_path().as_deref() == Some(browser_path.as_str()) {
        then();
        return;
    }
    if tries == 0 {
        return;
    }
    set_timeout(
        move || when_written(browser_path, still_here, then, tries - 1),
        LOOK_EVERY,
    );
}

/// The path the browser's address bar shows.
fn shown_path() -> Option<String> {
    web_sys::window()?.location().pathname().ok()
}

/// The query of the address while the page at `path` (a portal path) is shown; the last one it
/// had once another page is. A page that is leaving then asks nothing for the next page's
/// query (its reads follow this, not the address).
pub fn own_query(path: String) -> Memo<String> {
    let location = use_location();
    Memo::new(move |last: Option<&String>| {
        let here = portal_path(&location.pathname.get()) == path;
        match last {
            Some(last) if !here => last.clone(),
            _ => location.search.get(),
        }
    })
}
