//! Back and Forward: every page the customer opens in the portal is one history entry, and what
//! the portal corrects by itself (the first account filled into a statistics or live-calls
//! address, a list's remembered view) replaces that page's entry, never the previous page's.

use e2e::{Engine, Portal, Setup};
use url::Url;

/// The walk: ten pages opened from the navigation, first visits of their families among them
/// (their code comes while the address changes), and pages whose address the portal completes.
const WALK: [Step; 10] = [
    Step::completed("/statistics/origination"),
    Step::plain("/accounts"),
    Step::completed("/statistics/quality"),
    Step::plain("/invoices"),
    Step::completed("/active-calls"),
    Step::plain("/services"),
    Step::completed("/statistics/termination"),
    Step::plain("/cdrs"),
    Step::completed("/statistics/origination"),
    Step::plain("/payments"),
];

/// A page of the walk: its path, and whether the portal completes its address with the
/// account it shows.
#[derive(Clone, Copy)]
struct Step {
    path: &'static str,
    completed: bool,
}

impl Step {
    const fn plain(path: &'static str) -> Step {
        Step {
            path,
            completed: false,
        }
    }

    const fn completed(path: &'static str) -> Step {
        Step {
            path,
            completed: true,
        }
    }

    /// Whether `url` is this page's address, as the portal leaves it.
    fn shown_at(self, url: &Url) -> bool {
        url.path() == self.path
            && (!self.completed || e2e::query_param(url, "account-id").is_some())
    }
}

#[test]
fn back_and_forward_walk_the_pages_opened_in_chromium() {
    walk_back_and_forth(Engine::Chromium);
}

#[test]
fn back_and_forward_walk_the_pages_opened_in_firefox() {
    walk_back_and_forth(Engine::Firefox);
}

/// Opens the walk's pages from the navigation, then goes Back through all of them to the
/// overview and Forward again, checking each address (path and query) on the way.
fn walk_back_and_forth(engine: Engine) {
    let setup = Setup::in_engine(engine);
    e2e::run_with(setup, |portal| async move {
        portal.sign_in_as_demo().await;
        let start = portal.wait_for_path("/").await;
        let entries_before = history_length(&portal).await;
        let mut shown = vec![start];
        for step in WALK {
            portal
                .click(&format!("nav#main-nav a[href='{}']", step.path))
                .await;
            let url = portal
                .wait_for_url(step.path, |url| step.shown_at(url))
                .await;
            shown.push(url);
        }
        assert_eq!(
            history_length(&portal).await,
            entries_before + WALK.len() as u64,
            "one history entry per page opened"
        );
        for expected in shown.iter().rev().skip(1) {
            portal.back().await;
            wait_for_address(&portal, expected, "Back").await;
        }
        for expected in shown.iter().skip(1) {
            portal.forward().await;
            wait_for_address(&portal, expected, "Forward").await;
        }
    });
}

/// Waits until the address is `expected`'s path and query.
async fn wait_for_address(portal: &Portal, expected: &Url, by: &str) {
    let wanted = address(expected);
    portal
        .wait_for_url(&format!("{wanted} after {by}"), |url| {
            address(url) == wanted
        })
        .await;
}

/// A URL's path and query.
fn address(url: &Url) -> String {
    match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_owned(),
    }
}

/// The number of entries in the tab's session history.
async fn history_length(portal: &Portal) -> u64 {
    portal
        .client()
        .execute("return history.length;", vec![])
        .await
        .ok()
        .and_then(|length| length.as_u64())
        .unwrap_or_else(|| panic!("history.length could not be read"))
}

/// A page that is leaving asks nothing for the next page's address: from the second page of the
/// calls list to the live calls or a statistics view, the list sends no request for the
/// address it is leaving to (its first page, unfiltered).
#[test]
fn a_page_left_asks_nothing_for_the_next_pages_address() {
    e2e::run(|portal| async move {
        on_the_overview(&portal).await;
        for to in ["/active-calls", "/statistics/origination"] {
            portal.open("/cdrs?page[number]=2").await;
            portal.wait_for("main table tbody tr").await;
            let mark = portal.served_requests().len();
            portal.click(&format!("nav#main-nav a[href='{to}']")).await;
            portal.wait_for_path(to).await;
            // The page's own request comes after any the list left would have sent.
            portal
                .wait_until(&format!("{to}'s own request"), async || {
                    portal
                        .served_requests()
                        .iter()
                        .skip(mark)
                        .any(|r| r.from_browser() && r.endpoint() != "cdrs")
                        .then_some(())
                })
                .await;
            let stray = asked_since(&portal, mark, &["cdrs"]);
            assert!(
                stray.is_empty(),
                "leaving the calls for {to} asked for {stray:?}"
            );
        }
    });
}

/// Back and Forward bring a page back at the scroll position it was left at, although its rows
/// come after the address changes (`src/scroll.rs`).
fn back_and_forward_keep_the_scroll_position(engine: Engine) {
    let setup = Setup::in_engine(engine);
    e2e::run_with(setup, |portal| async move {
        on_the_overview(&portal).await;
        follow(&portal, "/cdrs").await;
        portal.wait_for("main table tbody tr:nth-child(40)").await;
        let left_at = scroll_to(&portal, 600.0).await;
        assert!(left_at > 300.0, "the calls' page scrolls: {left_at}");
        follow(&portal, "/accounts").await;
        portal.wait_for("table#accounts-table tbody tr").await;
        portal.back().await;
        portal.wait_for_path("/cdrs").await;
        wait_for_scroll(&portal, left_at, "Back").await;
        portal.forward().await;
        portal.wait_for_path("/accounts").await;
        wait_for_scroll(&portal, 0.0, "Forward").await;
        portal.back().await;
        wait_for_scroll(&portal, left_at, "Back again").await;
    });
}

#[test]
fn back_and_forward_keep_the_scroll_position_in_chromium() {
    back_and_forward_keep_the_scroll_position(Engine::Chromium);
}

#[test]
fn back_and_forward_keep_the_scroll_position_in_firefox() {
    back_and_forward_keep_the_scroll_position(Engine::Firefox);
}

/// Back and Forward show what the page showed a moment ago without asking the server again (its
/// answers are still fresh); a link to the same page asks.
fn back_and_forward_ask_nothing_still_fresh(engine: Engine) {
    let setup = Setup::in_engine(engine);
    e2e::run_with(setup, |portal| async move {
        on_the_overview(&portal).await;
        for path in ["/cdrs", "/accounts"] {
            follow(&portal, path).await;
            shown(&portal, path).await;
        }
        let mark = portal.served_requests().len();
        portal.back().await;
        shown(&portal, "/cdrs").await;
        portal.forward().await;
        shown(&portal, "/accounts").await;
        // The rows are drawn from an answer: one asked for would be in the log by now.
        let asked = asked_since(&portal, mark, &["cdrs", "accounts"]);
        assert!(asked.is_empty(), "Back and Forward asked for {asked:?}");
        follow(&portal, "/cdrs").await;
        shown(&portal, "/cdrs").await;
        portal
            .wait_until("the calls asked for by the link", async || {
                (!asked_since(&portal, mark, &["cdrs"]).is_empty()).then_some(())
            })
            .await;
    });
}

#[test]
fn back_and_forward_ask_nothing_still_fresh_in_chromium() {
    back_and_forward_ask_nothing_still_fresh(Engine::Chromium);
}

#[test]
fn back_and_forward_ask_nothing_still_fresh_in_firefox() {
    back_and_forward_ask_nothing_still_fresh(Engine::Firefox);
}

/// Waits until the list at `path` shows its rows.
async fn shown(portal: &Portal, path: &str) {
    portal.wait_for_path(path).await;
    let table = format!("table#{}-table tbody tr", path.trim_start_matches('/'));
    portal.wait_for(&table).await;
}

/// The browser's requests to `endpoints` since the `mark`-th request the server served.
fn asked_since(portal: &Portal, mark: usize, endpoints: &[&str]) -> Vec<String> {
    portal
        .served_requests()
        .into_iter()
        .skip(mark)
        .filter(|r| r.from_browser() && endpoints.contains(&r.endpoint()))
        .map(|r| format!("{}?{}", r.endpoint(), r.query))
        .collect()
}

/// Follows the navigation's link to `path` (by script: the link may be out of view), once the
/// navigation is drawn (the address of the page signed in to can come first).
async fn follow(portal: &Portal, path: &str) {
    portal
        .wait_for(&format!("nav#main-nav a[href='{path}']"))
        .await;
    let code = "document.querySelector(`nav#main-nav a[href='${arguments[0]}']`).click();";
    portal
        .client()
        .execute(code, vec![path.into()])
        .await
        .unwrap_or_else(|error| panic!("following {path}: {error}"));
}

/// Scrolls the page to `y` (or as far as it goes) and answers where it is, a frame later.
async fn scroll_to(portal: &Portal, y: f64) -> f64 {
    let code = "const done = arguments[arguments.length - 1];
                window.scrollTo(0, arguments[0]);
                requestAnimationFrame(() => done(window.scrollY));";
    let at = portal.client().execute_async(code, vec![y.into()]).await;
    at.ok()
        .and_then(|at| at.as_f64())
        .unwrap_or_else(|| panic!("scrolling to {y}"))
}

/// Waits until the page is scrolled to `y` (within a pixel).
async fn wait_for_scroll(portal: &Portal, y: f64, by: &str) {
    portal
        .wait_until(&format!("the page at {y} after {by}"), async || {
            let at = portal
                .client()
                .execute("return window.scrollY;", vec![])
                .await
                .ok()?;
            ((at.as_f64()? - y).abs() <= 1.0).then_some(())
        })
        .await;
}

/// Signs in as the demo customer, who lands on the overview.
async fn on_the_overview(portal: &Portal) {
    portal.sign_in_as_demo().await;
    portal.wait_for_path("/").await;
}
