//! The fault matrix, end to end: the portal in headless Chromium against the demo server's fault
//! injection (`/__demo/faults`), a browser cut off the network, a server that forgets its
//! tokens, hostile data and bad input. Each test asserts that the page shows the failure in
//! words, stays usable, and recovers.
//!
//! What the server received is read from the harness's request log
//! ([`Portal::served_requests`]), so retries, their pauses and "no request at all" are counted
//! where they happen instead of guessed from the page.
//!
//! Seeded fault sequences are chosen here with the demo server's own hash
//! (`demo_server::seeded::hash`), mirroring its fault decision (`faults.rs`: request `n` of a
//! sequence rolls `hash([seed, n, 1])`, jitter `hash([seed, n, 2])`); the tests then check in
//! the request log that the sequence did what it was chosen for.

use e2e::fantoccini::Locator;
use e2e::{
    DEMO_LOGIN, DEMO_PASSWORD, DataFile, Engine, OnlineEvent, Portal, ServedRequest, Setup,
    query_param,
};
use e2e::{now_seconds, utc_text};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use url::Url;

const LIST_PANEL: &str = ".list-page .error-panel";
const LIST_MESSAGE: &str = ".list-page .error-panel .error-message";
const LIST_RETRY: &str = ".list-page .error-panel button.retry";
const STATS_PANEL: &str = ".statistics-page .error-panel";
const STATS_MESSAGE: &str = ".statistics-page .error-panel .error-message";
const STATS_RETRY: &str = ".statistics-page .error-panel button.retry";
/// The access profile's failure, in place of a page it governs.
const PROFILE_PANEL: &str = ".error-panel.profile-failed";
const PROFILE_MESSAGE: &str = ".error-panel.profile-failed .error-message";
const ACCOUNTS_TABLE: &str = "table#accounts-table";
const ADD_FILTER: &str = ".filter-bar button.filter-add";
const FORM: &str = "form.stats-form";
const APPLY: &str = "form.stats-form button.apply";
const SAMPLING: &str = "form.stats-form select[name=sampling]";
const MORE_FILTERS: &str = "form.stats-form details.more-filters";
const SAMPLES: &str = ".statistics-page .stats-results:not(.stale) p.samples";
/// A statistics page's answer: its results, or the note that the range has no calls (a page
/// opened on today has none yet just after midnight).
const STATS_ANSWERED: &str =
    ".statistics-page .stats-results:not(.stale), .statistics-page p.empty";
/// The body the demo server's injected JSON:API 500 carries as `detail`.
const INJECTED_500: &str = "Internal server error (injected by the demo server)";
/// The portal's words for a 500 without a body.
const EMPTY_500: &str = "The server failed to answer (HTTP 500).";

const DEMO_ACCOUNTS: [&str; 4] = [
    "Kyiv Wholesale",
    "Berlin Retail",
    "London Carrier",
    "Lviv Overdraft",
];
const ACCOUNT: &str = "Kyiv Wholesale";

/// The portal's read policy (`src/http.rs`): three tries, pausing 0.5 s then 1.5 s.
const READ_ATTEMPTS: usize = 3;
const FIRST_PAUSE: Duration = Duration::from_millis(500);
const SECOND_PAUSE: Duration = Duration::from_millis(1500);
/// Slack for timers on a busy 2-core machine, below and above a pause.
const EARLY: Duration = Duration::from_millis(120);
const LATE: Duration = Duration::from_millis(900);

/// Filters apply this long after typing pauses (the filter bar's `TYPING_PAUSE`), plus slack.
const AFTER_TYPING: Duration = Duration::from_millis(1000);

fn faulty() -> Setup {
    Setup {
        fault_control: true,
        ..Setup::default()
    }
}

// ---------------------------------------------------------------------------------------------
// The server's side: the request log

/// The browser's requests to `endpoint` (`accounts`, `origination-statistics`, …) since `mark`
/// (an earlier length of the log).
fn served_since(portal: &Portal, mark: usize, endpoint: &str) -> Vec<ServedRequest> {
    browser_requests_since(portal, mark)
        .into_iter()
        .filter(|request| request.endpoint() == endpoint)
        .collect()
}

/// Every request the browser sent under `/api` since `mark`.
fn browser_requests_since(portal: &Portal, mark: usize) -> Vec<ServedRequest> {
    portal
        .served_requests()
        .into_iter()
        .skip(mark)
        .filter(ServedRequest::from_browser)
        .collect()
}

/// Requests as `+0.52s GET accounts?… → 500` lines (time since the first), for messages.
fn describe(requests: &[ServedRequest]) -> String {
    let first = requests.first().map(|r| r.received);
    requests
        .iter()
        .map(|r| {
            let at = first.map_or(0.0, |t| r.received.duration_since(t).as_secs_f64());
            let status = r.status().map_or("—".to_owned(), |s| s.to_string());
            format!(
                "  +{at:.2}s {} {}?{} → {status}",
                r.method,
                r.endpoint(),
                r.query
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn log_mark(portal: &Portal) -> usize {
    portal.served_requests().len()
}

/// The requests to `endpoint` since `mark`, once `accept` holds for them.
async fn wait_for_served(
    portal: &Portal,
    mark: usize,
    endpoint: &str,
    expected: &str,
    accept: impl Fn(&[ServedRequest]) -> bool,
) -> Vec<ServedRequest> {
    let found = tokio::time::timeout(e2e::WAIT_TIMEOUT, async {
        loop {
            let served = served_since(portal, mark, endpoint);
            if accept(&served) {
                return served;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    match found {
        Ok(served) => served,
        Err(_) => {
            let served = served_since(portal, mark, endpoint);
            let message = format!(
                "timed out waiting for requests to {endpoint}: {expected}; the server got:\n{}",
                describe(&served)
            );
            panic!("{}", portal.failure(&message).await)
        }
    }
}

/// The pauses between consecutive requests.
fn pauses(requests: &[ServedRequest]) -> Vec<Duration> {
    requests
        .windows(2)
        .map(|pair| {
            let answered = pair[0].answer.map_or(pair[0].received, |(_, at)| at);
            pair[1].received.saturating_duration_since(answered)
        })
        .collect()
}

fn assert_pause(pause: Duration, expected: Duration, what: &str, log: &[ServedRequest]) {
    assert!(
        pause + EARLY >= expected && pause <= expected + LATE,
        "{what}: the pause was {pause:?}, not about {expected:?}; the server got:\n{}",
        describe(log)
    );
}

/// The portal's three attempts of one read, all answered `status`, 0.5 s then 1.5 s apart.
fn assert_retried_with_backoff(log: &[ServedRequest], status: u16, what: &str) {
    assert_eq!(
        log.len(),
        READ_ATTEMPTS,
        "{what}: {READ_ATTEMPTS} attempts expected; the server got:\n{}",
        describe(log)
    );
    assert!(
        log.iter().all(|r| r.status() == Some(status)),
        "{what}: every attempt answered {status}; the server got:\n{}",
        describe(log)
    );
    let pauses = pauses(log);
    assert_pause(pauses[0], FIRST_PAUSE, what, log);
    assert_pause(pauses[1], SECOND_PAUSE, what, log);
}

// ---------------------------------------------------------------------------------------------
// Seeded fault sequences (mirroring the demo server's decision, see the module docs)

const SHARE_SCALE: u64 = 1_000_000;

/// Whether request `n` of a sequence with `seed` gets a fault of `share` (the first kind).
fn faulted(seed: u64, n: u64, share: f64) -> bool {
    let roll = demo_server::seeded::hash(&[seed, n, 1]) % SHARE_SCALE;
    roll < (share * SHARE_SCALE as f64).round() as u64
}

/// The jitter of request `n` of a sequence with `seed`, milliseconds.
fn jitter_of(seed: u64, n: u64, jitter_ms: u64) -> u64 {
    demo_server::seeded::hash(&[seed, n, 2]) % (jitter_ms + 1)
}

/// A seed whose first request fails and whose first `horizon` requests never fail three times
/// in a row: each read that is sent alone (no other request interleaving) needs a retry
/// sometimes and always gets through within its three attempts.
fn seed_for_surviving_share(share: f64, horizon: u64) -> u64 {
    (1..100_000u64)
        .find(|&seed| {
            let faults: Vec<bool> = (0..horizon).map(|n| faulted(seed, n, share)).collect();
            faults[0]
                && faults.iter().filter(|f| **f).count() as f64 >= share * horizon as f64 * 0.8
                && !faults.windows(READ_ATTEMPTS).any(|w| w.iter().all(|f| *f))
        })
        .expect("a seed that never fails three times in a row")
}

/// A seed whose first `count` requests get ever shorter jitter, each at least `gap` ms shorter
/// than the one before: later requests overtake earlier ones.
fn seed_for_overtaking(jitter_ms: u64, count: u64, gap: u64) -> u64 {
    (1..10_000_000u64)
        .find(|&seed| {
            (0..count - 1)
                .all(|n| jitter_of(seed, n, jitter_ms) >= jitter_of(seed, n + 1, jitter_ms) + gap)
        })
        .expect("a seed whose requests overtake each other")
}

// ---------------------------------------------------------------------------------------------
// The page

async fn sign_in(portal: &Portal) {
    portal.sign_in_as_demo().await;
}

/// Follows a link of the top navigation, as a user would (a client-side navigation: the page
/// itself is not reloaded, so it works offline too).
async fn navigate_to(portal: &Portal, href: &str) {
    portal
        .click(&format!("nav#main-nav a[href='{href}']"))
        .await;
    portal.wait_for_path(href).await;
}

/// A script's value, or a panic naming the script's purpose.
async fn script(portal: &Portal, what: &str, code: &str, args: Vec<Value>) -> Value {
    match portal.client().execute(code, args).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

/// The names in the accounts table, once they are exactly `expected` (in any order).
async fn wait_for_account_names(portal: &Portal, expected: &[&str]) {
    let mut wanted: Vec<&str> = expected.to_vec();
    wanted.sort_unstable();
    portal
        .wait_for_table(
            ACCOUNTS_TABLE,
            &format!("the accounts {wanted:?}"),
            |table| {
                table.column("Name").is_some_and(|mut names| {
                    names.sort_unstable();
                    names == wanted
                })
            },
        )
        .await;
}

/// The rows of the table `css`, once it has any.
async fn wait_for_rows(portal: &Portal, css: &str) -> usize {
    portal
        .wait_for_table(css, "some rows", |table| !table.rows.is_empty())
        .await
        .rows
        .len()
}

/// Whether an element matches `css` now.
async fn present(portal: &Portal, css: &str) -> bool {
    portal
        .client()
        .find_all(Locator::Css(css))
        .await
        .is_ok_and(|found| !found.is_empty())
}

async fn assert_absent(portal: &Portal, css: &str, why: &str) {
    if present(portal, css).await {
        panic!(
            "{}",
            portal.failure(&format!("`{css}` is shown: {why}")).await
        );
    }
}

/// A part of the `n`-th (1-based) row of the filter bar.
fn filter_row(n: usize, part: &str) -> String {
    format!(".filter-bar > .filter-row:nth-of-type({n}) {part}")
}

/// Adds a filter row as a user would: field, operator, then typing the value.
async fn add_filter(portal: &Portal, field: &str, operator: &str, value: &str) {
    portal.click(ADD_FILTER).await;
    portal
        .select(&filter_row(1, "select.filter-field"), field)
        .await;
    portal
        .select(&filter_row(1, "select.filter-operator"), operator)
        .await;
    portal
        .fill(&filter_row(1, "input.filter-value"), value)
        .await;
}

async fn wait_for_query(portal: &Portal, name: &str, value: &str) -> Url {
    portal
        .wait_for_url(&format!("{name}={value}"), |url| {
            query_param(url, name).as_deref() == Some(value)
        })
        .await
}

/// The error panel's message once it contains `needle` (case-insensitive).
async fn wait_for_message(portal: &Portal, css: &str, needle: &str) -> String {
    let needle = needle.to_lowercase();
    portal
        .wait_until(&format!("`{css}` mentioning {needle:?}"), async || {
            let element = portal.client().find(Locator::Css(css)).await.ok()?;
            let text = element.text().await.ok()?;
            text.to_lowercase().contains(&needle).then_some(text)
        })
        .await
}

// ---------------------------------------------------------------------------------------------
// Statistics pages

const DAY: i64 = 86_400;

/// Yesterday 08:00–12:00 UTC: a past range with calls, the same for the page and the API.
fn busy_range() -> (String, String) {
    let day = (now_seconds().div_euclid(DAY) - 1) * DAY;
    (utc_text(day + 8 * 3600), utc_text(day + 12 * 3600))
}

/// The demo API, asked directly with a token of the demo customer.
struct Api<'a> {
    portal: &'a Portal,
    token: String,
}

impl<'a> Api<'a> {
    async fn new(portal: &'a Portal) -> Api<'a> {
        Api {
            portal,
            token: portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await,
        }
    }

    async fn account_id(&self, name: &str) -> String {
        let document = self
            .portal
            .api_get(&self.token, "accounts", &[("page[size]", "100")])
            .await;
        document["data"]
            .as_array()
            .and_then(|list| list.iter().find(|a| a["attributes"]["name"] == name))
            .and_then(|account| account["id"].as_str())
            .unwrap_or_else(|| panic!("no account {name:?} in {document}"))
            .to_owned()
    }

    /// The number of samples (`data.t`) of `origination-statistics` for a query.
    async fn samples(&self, query: &[(&str, &str)]) -> u64 {
        let body = self
            .portal
            .api_get(&self.token, "origination-statistics", query)
            .await;
        body["data"]["t"]
            .as_array()
            .map(|t| t.len() as u64)
            .unwrap_or_else(|| panic!("no data.t in {body}"))
    }
}

/// `/statistics/<view>?<pairs>`, encoded as the portal writes its URLs.
fn stats_url(view: &str, pairs: &[(&str, &str)]) -> String {
    format!(
        "/statistics/{view}?{}",
        api_model::query::encode_pairs(pairs)
    )
}

/// `1,234 samples` → 1234.
fn samples_of(text: &str) -> u64 {
    text.strip_suffix(" samples")
        .map(|number| number.replace(',', ""))
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("`p.samples` reads {text:?}, not `<count> samples`"))
}

/// The samples the results show, once they are there, not being replaced, and the account list
/// has arrived.
async fn wait_for_samples(portal: &Portal, expected: Option<u64>) -> u64 {
    let what = match expected {
        Some(count) => format!("statistics results with {count} samples"),
        None => "statistics results".to_owned(),
    };
    portal
        .wait_until(&what, async || {
            let options = "form.stats-form select[name=account-id] option:not([value=''])";
            if !present(portal, options).await {
                return None;
            }
            let element = portal.client().find(Locator::Css(SAMPLES)).await.ok()?;
            let count = samples_of(&element.text().await.ok()?);
            expected.is_none_or(|e| e == count).then_some(count)
        })
        .await
}

/// The page's answer once it has one: the samples its results show, or `None` for the "no
/// calls" note; either once the account list has arrived.
async fn wait_for_answer(portal: &Portal) -> Option<u64> {
    portal
        .wait_until(
            "the statistics results or the \"no calls\" note",
            async || {
                let options = "form.stats-form select[name=account-id] option:not([value=''])";
                if !present(portal, options).await {
                    return None;
                }
                if present(portal, ".statistics-page p.empty").await {
                    return Some(None);
                }
                let element = portal.client().find(Locator::Css(SAMPLES)).await.ok()?;
                Some(Some(samples_of(&element.text().await.ok()?)))
            },
        )
        .await
}

/// Picks `value` in the form's sampling select and presses Show.
async fn show_with_sampling(portal: &Portal, value: &str) {
    portal.select(SAMPLING, value).await;
    portal.click(APPLY).await;
    wait_for_query(portal, "sampling", value).await;
}

/// Opens the origination page of the demo account for the busy range at `sampling`, and
/// waits for its results. Answers the query the page shows.
async fn open_origination(portal: &Portal, api: &Api<'_>, sampling: &str) -> Vec<(String, String)> {
    let account = api.account_id(ACCOUNT).await;
    let (from, to) = busy_range();
    let query = vec![
        ("account-id".to_owned(), account),
        ("from-time".to_owned(), from),
        ("to-time".to_owned(), to),
        ("sampling".to_owned(), sampling.to_owned()),
    ];
    let pairs: Vec<(&str, &str)> = query
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    portal.open(&stats_url("origination", &pairs)).await;
    let expected = api.samples(&pairs).await;
    wait_for_samples(portal, Some(expected)).await;
    query
}

/// The query with `sampling` replaced (and `extra` pairs added).
fn with_sampling<'q>(
    query: &'q [(String, String)],
    sampling: &'q str,
    extra: &[(&'q str, &'q str)],
) -> Vec<(&'q str, &'q str)> {
    let mut pairs: Vec<(&str, &str)> = query
        .iter()
        .map(|(k, v)| match k.as_str() {
            "sampling" => (k.as_str(), sampling),
            _ => (k.as_str(), v.as_str()),
        })
        .collect();
    pairs.extend_from_slice(extra);
    pairs
}

// ---------------------------------------------------------------------------------------------
// 1. Every request answered 500

/// A failed reload keeps the rows and the filter the user typed, says what the server said,
/// and Retry brings the data once the server is well; a failed first load says the server
/// failed when it gave no words.
#[test]
fn server_errors_on_a_list_page_keep_the_filter_and_retry() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;

        // A JSON:API 500 on every request while the user filters.
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        let mark = log_mark(&portal);
        add_filter(&portal, "name", "cont", "Kyiv").await;
        wait_for_query(&portal, "filter[name-cont]", "Kyiv").await;
        let message = wait_for_message(&portal, LIST_MESSAGE, INJECTED_500).await;
        eprintln!("a JSON:API 500 reads: {message:?}");
        let log = served_since(&portal, mark, "accounts");
        assert_retried_with_backoff(&log, 500, "a filtered reload answered 500");
        portal.wait_for_text(LIST_PANEL, "HTTP 500").await;
        // Still usable: the old rows below the panel, the filter as typed, the URL as the view.
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        assert_eq!(
            portal.value_of(&filter_row(1, "input.filter-value")).await,
            "Kyiv"
        );
        let url = portal.current_url().await;
        assert_eq!(
            query_param(&url, "filter[name-cont]").as_deref(),
            Some("Kyiv")
        );

        portal.clear_faults().await;
        portal.click(LIST_RETRY).await;
        wait_for_account_names(&portal, &["Kyiv Wholesale"]).await;
        assert_absent(&portal, LIST_PANEL, "the retry succeeded").await;

        // An empty 500 on a first load (another list, reached inside the app).
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "empty"}))
            .await;
        let mark = log_mark(&portal);
        navigate_to(&portal, "/services").await;
        wait_for_message(&portal, LIST_MESSAGE, EMPTY_500).await;
        assert_retried_with_backoff(
            &served_since(&portal, mark, "services"),
            500,
            "a first load answered an empty 500",
        );
        assert_absent(&portal, "table#services-table", "nothing loaded yet").await;
        portal.clear_faults().await;
        portal.click(LIST_RETRY).await;
        wait_for_rows(&portal, "table#services-table").await;
        assert_absent(&portal, LIST_PANEL, "the retry succeeded").await;
    });
}

const CDRS_TABLE: &str = "table#cdrs-table";
/// The note over an answer kept through a failed load of another view.
const PREVIOUS_NOTE: &str = ".list-page p.previous-results[role=status]";
const PREVIOUS_ROWS: &str = ".list-page .list-body.previous-answer";
const NO_CALLS: &str = ".list-page p.empty";

#[test]
fn rows_of_another_filter_are_marked_and_the_filter_retried_by_itself_in_chromium() {
    rows_of_another_filter_are_marked_and_retried(Engine::Chromium);
}

#[test]
fn rows_of_another_filter_are_marked_and_the_filter_retried_by_itself_in_firefox() {
    rows_of_another_filter_are_marked_and_retried(Engine::Firefox);
}

/// While the server fails, the rows under the error panel are those of the view before the
/// filter typed: they are dimmed under a note naming that view. Once the server is back the
/// filter's own answer comes by itself, without Retry, and the mark goes (issue 44, point 2).
fn rows_of_another_filter_are_marked_and_retried(engine: Engine) {
    let setup = Setup { engine, ..faulty() };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        portal.open("/cdrs").await;
        assert_eq!(wait_for_rows(&portal, CDRS_TABLE).await, 50);
        assert_absent(&portal, PREVIOUS_ROWS, "the rows answer the view").await;

        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        add_filter(&portal, "src-prefix-in", "start", "999999").await;
        wait_for_query(&portal, "filter[src-prefix-in-start]", "999999").await;
        wait_for_message(&portal, LIST_MESSAGE, INJECTED_500).await;
        let note = portal
            .wait_for_text(PREVIOUS_NOTE, "Showing the results for")
            .await;
        assert!(
            note.contains("no filter") && !note.contains("999999"),
            "the note names the unfiltered view the rows answer: {note:?}"
        );
        portal.wait_for(PREVIOUS_ROWS).await;
        let rows = portal
            .wait_for_table(CDRS_TABLE, "the previous rows", |t| t.rows.len() == 50)
            .await;
        assert_eq!(rows.rows.len(), 50);

        // Back, and never a click on Retry: the filtered view's answer comes by itself.
        portal.clear_faults().await;
        portal
            .wait_for_text(NO_CALLS, "No calls match this view.")
            .await;
        portal
            .wait_until("the note gone", async || {
                let note = portal
                    .client()
                    .find(Locator::Css(PREVIOUS_NOTE))
                    .await
                    .ok()?;
                note.text().await.ok()?.is_empty().then_some(())
            })
            .await;
        assert_absent(&portal, PREVIOUS_ROWS, "the filter's own answer came").await;
        assert_absent(&portal, LIST_PANEL, "the retry by itself succeeded").await;
        let url = portal.current_url().await;
        assert_eq!(
            query_param(&url, "filter[src-prefix-in-start]").as_deref(),
            Some("999999")
        );
    });
}

/// The same on a statistics page: the form keeps the user's changes, the last results stay
/// below the panel, and Retry shows the results of the new view.
#[test]
fn server_errors_on_a_statistics_page_keep_the_form_and_retry() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let api = Api::new(&portal).await;
        let query = open_origination(&portal, &api, "hour").await;
        let hourly = wait_for_samples(&portal, None).await;

        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        let mark = log_mark(&portal);
        portal.click(&format!("{MORE_FILTERS} > summary")).await;
        let duration = format!("{FORM} input[name=duration-gt]");
        portal.fill(&duration, "30").await;
        show_with_sampling(&portal, "5minutes").await;
        wait_for_message(&portal, STATS_MESSAGE, INJECTED_500).await;
        assert_retried_with_backoff(
            &served_since(&portal, mark, "origination-statistics"),
            500,
            "a statistics reload answered 500",
        );
        // Still usable: the user's input, the view in the URL, the last results below.
        assert_eq!(portal.value_of(SAMPLING).await, "5minutes");
        assert_eq!(portal.value_of(&duration).await, "30");
        let url = portal.current_url().await;
        assert_eq!(query_param(&url, "duration-gt").as_deref(), Some("30"));
        assert_eq!(wait_for_samples(&portal, None).await, hourly);

        portal.clear_faults().await;
        portal.click(STATS_RETRY).await;
        let expected = api
            .samples(&with_sampling(&query, "5minutes", &[("duration-gt", "30")]))
            .await;
        wait_for_samples(&portal, Some(expected)).await;
        assert_absent(&portal, STATS_PANEL, "the retry succeeded").await;

        // An empty 500 on a first load of another view of the same account and busy range,
        // reached inside the portal (its account list fails too; one Retry brings back both).
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "empty"}))
            .await;
        let mark = log_mark(&portal);
        let same_view: Vec<(&str, &str)> = query
            .iter()
            .filter(|(name, _)| name != "sampling")
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        go_within(&portal, &stats_url("quality", &same_view)).await;
        portal.wait_for_path("/statistics/quality").await;
        wait_for_message(&portal, STATS_MESSAGE, EMPTY_500).await;
        assert_retried_with_backoff(
            &served_since(&portal, mark, "origination-statistics-quality"),
            500,
            "a first statistics load answered an empty 500",
        );
        portal.clear_faults().await;
        portal.click(STATS_RETRY).await;
        portal
            .wait_for(".statistics-page .stats-results:not(.stale) p.samples")
            .await;
        assert_absent(&portal, STATS_PANEL, "the retry succeeded").await;

        // The same view loaded afresh: the access profile cannot be read either, so the page
        // it governs waits for it, says so with the server's words, and shows once its Retry
        // reads it.
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "empty"}))
            .await;
        let mark = log_mark(&portal);
        portal.open(&stats_url("quality", &same_view)).await;
        wait_for_message(&portal, PROFILE_MESSAGE, EMPTY_500).await;
        assert_retried_with_backoff(
            &served_since(&portal, mark, "profiles"),
            500,
            "the access profile answered an empty 500",
        );
        assert!(
            served_since(&portal, mark, "origination-statistics-quality").is_empty(),
            "nothing the profile governs is asked for before it is read"
        );
        portal.clear_faults().await;
        portal.click(&format!("{PROFILE_PANEL} button.retry")).await;
        portal
            .wait_for(".statistics-page .stats-results:not(.stale) p.samples")
            .await;
        assert_absent(&portal, PROFILE_PANEL, "the profile's retry succeeded").await;
    });
}

/// Goes to `path` inside the portal, as one of its links would: the history's entry changes
/// without a reload, so what the session has read (its access profile) stays.
async fn go_within(portal: &Portal, path: &str) {
    script(
        portal,
        "going to a page inside the portal",
        "history.pushState(null, '', arguments[0]);
         window.dispatchEvent(new PopStateEvent('popstate'));",
        vec![json!(path)],
    )
    .await;
}

// ---------------------------------------------------------------------------------------------
// 2. Half of the requests answered 500

/// With every other request failing (a seeded sequence, bodies alternating empty and JSON:API),
/// the retries carry every page to its data and no error is shown.
#[test]
fn a_share_of_server_errors_is_absorbed_by_the_retries() {
    e2e::run_with(faulty(), |portal| async move {
        let share = 0.5;
        let seed = seed_for_surviving_share(share, 24);
        let faults = json!({"error-share": share, "error-body": "mixed", "seed": seed});
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;

        // Lists: one read at a time, each through the same seeded sequence.
        portal.set_faults(faults.clone()).await;
        let mark = log_mark(&portal);
        for (href, table) in [
            ("/services", "table#services-table"),
            ("/rates", "table#rates-table"),
            ("/network-types", "table#network-types-table"),
            ("/cdr-exports", "table#cdr-exports-table"),
        ] {
            navigate_to(&portal, href).await;
            wait_for_rows(&portal, table).await;
            assert_absent(&portal, LIST_PANEL, "the retries absorb the 500s").await;
        }
        navigate_to(&portal, "/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        let lists = browser_requests_since(&portal, mark);
        let list_errors = lists.iter().filter(|r| r.status() == Some(500)).count();

        // Statistics: the page is open; each Show sends one read.
        portal.clear_faults().await;
        let api = Api::new(&portal).await;
        let query = open_origination(&portal, &api, "hour").await;
        let mut views = Vec::new();
        for sampling in ["5minutes", "minute", "hour"] {
            views.push((
                sampling,
                api.samples(&with_sampling(&query, sampling, &[])).await,
            ));
        }
        portal.set_faults(faults).await;
        let mark = log_mark(&portal);
        for (sampling, expected) in views {
            show_with_sampling(&portal, sampling).await;
            wait_for_samples(&portal, Some(expected)).await;
            assert_absent(&portal, STATS_PANEL, "the retries absorb the 500s").await;
        }
        let stats = served_since(&portal, mark, "origination-statistics");
        let stats_errors = stats.iter().filter(|r| r.status() == Some(500)).count();

        eprintln!(
            "seed {seed}: lists survived {list_errors} of {} requests answering 500, \
             statistics {stats_errors} of {}",
            lists.len(),
            stats.len()
        );
        assert!(
            list_errors >= 2 && stats_errors >= 1,
            "the seeded sequence must have failed some requests:\nlists:\n{}\nstatistics:\n{}",
            describe(&lists),
            describe(&stats)
        );
    });
}

// ---------------------------------------------------------------------------------------------
// 3. Rate limiting

/// 429 with `Retry-After: 1`: the retries wait the second the server asked for and get the
/// data once it lets them through; a server that keeps refusing gets the error panel, which
/// says so, and Retry works once it relents.
#[test]
fn rate_limiting_is_waited_out_on_a_list_page() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        let limited = json!({"rate-limit-share": 1.0, "retry-after-seconds": 1});

        // Lifted after the second refusal: the third attempt gets through by itself.
        portal.set_faults(limited.clone()).await;
        let mark = log_mark(&portal);
        navigate_to(&portal, "/services").await;
        wait_for_served(&portal, mark, "services", "two 429s", |log| {
            log.iter().filter(|r| r.status() == Some(429)).count() >= 2
        })
        .await;
        portal.clear_faults().await;
        wait_for_rows(&portal, "table#services-table").await;
        assert_absent(&portal, LIST_PANEL, "the third attempt succeeded").await;
        let log = served_since(&portal, mark, "services");
        let statuses: Vec<Option<u16>> = log.iter().map(ServedRequest::status).collect();
        assert_eq!(
            statuses,
            [Some(429), Some(429), Some(200)],
            "{}",
            describe(&log)
        );
        let pauses = pauses(&log);
        // Retry-After: 1 instead of the portal's own 0.5 s and 1.5 s.
        assert_pause(
            pauses[0],
            Duration::from_secs(1),
            "after the first 429",
            &log,
        );
        assert_pause(
            pauses[1],
            Duration::from_secs(1),
            "after the second 429",
            &log,
        );
        assert!(
            pauses[0] >= Duration::from_millis(850) && pauses[1] <= Duration::from_millis(1400),
            "the pauses follow Retry-After (1 s), not the backoff (0.5 s, 1.5 s):\n{}",
            describe(&log)
        );

        // Refused throughout: the panel says so.
        portal.set_faults(limited).await;
        let mark = log_mark(&portal);
        navigate_to(&portal, "/rates").await;
        let message = wait_for_message(&portal, LIST_MESSAGE, "too many requests").await;
        eprintln!("a lasting 429 reads: {message:?}");
        portal.wait_for_text(LIST_PANEL, "HTTP 429").await;
        let log = served_since(&portal, mark, "rates");
        assert_eq!(log.len(), READ_ATTEMPTS, "{}", describe(&log));
        portal.clear_faults().await;
        portal.click(LIST_RETRY).await;
        wait_for_rows(&portal, "table#rates-table").await;
        assert_absent(&portal, LIST_PANEL, "the retry succeeded").await;
    });
}

#[test]
fn rate_limiting_is_waited_out_on_a_statistics_page() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let api = Api::new(&portal).await;
        let query = open_origination(&portal, &api, "hour").await;
        let limited = json!({"rate-limit-share": 1.0, "retry-after-seconds": 1});

        portal.set_faults(limited.clone()).await;
        let mark = log_mark(&portal);
        show_with_sampling(&portal, "5minutes").await;
        wait_for_served(&portal, mark, "origination-statistics", "two 429s", |log| {
            log.iter().filter(|r| r.status() == Some(429)).count() >= 2
        })
        .await;
        portal.clear_faults().await;
        let expected = api.samples(&with_sampling(&query, "5minutes", &[])).await;
        wait_for_samples(&portal, Some(expected)).await;
        assert_absent(&portal, STATS_PANEL, "the third attempt succeeded").await;
        let log = served_since(&portal, mark, "origination-statistics");
        let statuses: Vec<Option<u16>> = log.iter().map(ServedRequest::status).collect();
        assert_eq!(
            statuses,
            [Some(429), Some(429), Some(200)],
            "{}",
            describe(&log)
        );
        let pauses = pauses(&log);
        assert_pause(
            pauses[0],
            Duration::from_secs(1),
            "after the first 429",
            &log,
        );
        assert_pause(
            pauses[1],
            Duration::from_secs(1),
            "after the second 429",
            &log,
        );

        portal.set_faults(limited).await;
        show_with_sampling(&portal, "minute").await;
        wait_for_message(&portal, STATS_MESSAGE, "too many requests").await;
        portal.wait_for_text(STATS_PANEL, "HTTP 429").await;
        portal.clear_faults().await;
        portal.click(STATS_RETRY).await;
        let expected = api.samples(&with_sampling(&query, "minute", &[])).await;
        wait_for_samples(&portal, Some(expected)).await;
        assert_absent(&portal, STATS_PANEL, "the retry succeeded").await;
    });
}

// ---------------------------------------------------------------------------------------------
// 4. Truncated bodies

/// A body cut in half reads as an answer that could not be read, on a list and on a statistics
/// page; Retry works once the server sends whole bodies again.
#[test]
fn truncated_bodies_read_as_unreadable_and_retry_works() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;

        portal.set_faults(json!({"truncate-share": 1.0})).await;
        let mark = log_mark(&portal);
        navigate_to(&portal, "/services").await;
        let message = wait_for_message(&portal, LIST_MESSAGE, "could not be read").await;
        eprintln!("a truncated list reads: {message:?}");
        let log = served_since(&portal, mark, "services");
        eprintln!("truncated list requests:\n{}", describe(&log));
        portal.clear_faults().await;
        portal.click(LIST_RETRY).await;
        wait_for_rows(&portal, "table#services-table").await;
        assert_absent(&portal, LIST_PANEL, "the retry succeeded").await;

        let api = Api::new(&portal).await;
        let query = open_origination(&portal, &api, "hour").await;
        let hourly = wait_for_samples(&portal, None).await;
        portal.set_faults(json!({"truncate-share": 1.0})).await;
        show_with_sampling(&portal, "5minutes").await;
        wait_for_message(&portal, STATS_MESSAGE, "could not be read").await;
        assert_eq!(
            wait_for_samples(&portal, None).await,
            hourly,
            "the last results stay"
        );
        assert_eq!(portal.value_of(SAMPLING).await, "5minutes");
        portal.clear_faults().await;
        portal.click(STATS_RETRY).await;
        let expected = api.samples(&with_sampling(&query, "5minutes", &[])).await;
        wait_for_samples(&portal, Some(expected)).await;
        assert_absent(&portal, STATS_PANEL, "the retry succeeded").await;
    });
}

// ---------------------------------------------------------------------------------------------
// 5. Latency and the race of answers

/// With 3 s of latency a list shows that it is loading, then its rows. With answers arriving out
/// of order (a seeded jitter makes each later request faster than the one before), the table
/// ends with the rows of the LAST filter and never flips back.
#[test]
fn slow_answers_show_loading_and_the_latest_filter_wins() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;

        portal.set_faults(json!({"latency-ms": 3000})).await;
        let clicked = Instant::now();
        navigate_to(&portal, "/services").await;
        portal
            .wait_for_text(".list-page .loading", "Loading Services")
            .await;
        assert_absent(&portal, "table#services-table", "the answer is 3 s away").await;
        wait_for_rows(&portal, "table#services-table").await;
        let waited = clicked.elapsed();
        eprintln!("the services arrived after {waited:?} with 3 s of latency");
        assert!(waited >= Duration::from_millis(2900), "{waited:?}");

        navigate_to(&portal, "/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;

        // The race: Kyiv, then Berlin; the Kyiv answer is due seconds after the Berlin one.
        // The gap is the time the user may take between the two filters for the answers still
        // to cross: seconds, as a busy machine's WebDriver typing takes (2.5 s seen at load 26).
        let (latency, jitter) = (300, 12_000);
        let seed = seed_for_overtaking(jitter, 3, 5000);
        portal
            .set_faults(json!({"latency-ms": latency, "jitter-ms": jitter, "seed": seed}))
            .await;
        let mark = log_mark(&portal);
        add_filter(&portal, "name", "cont", "Kyiv").await;
        wait_for_query(&portal, "filter[name-cont]", "Kyiv").await;
        // The old rows stay, dimmed, while the new ones load.
        portal
            .wait_for(".list-page .list-body.stale[aria-busy=true]")
            .await;
        portal
            .fill(&filter_row(1, "input.filter-value"), "Berlin")
            .await;
        wait_for_query(&portal, "filter[name-cont]", "Berlin").await;
        wait_for_account_names(&portal, &["Berlin Retail"]).await;
        // Past the moment the superseded answer was due: still Berlin.
        let due = Duration::from_millis(latency + jitter + 500);
        let watch_until = Instant::now() + due;
        while Instant::now() < watch_until {
            let table = portal
                .wait_for_table(ACCOUNTS_TABLE, "the accounts table", |_| true)
                .await;
            assert_eq!(
                table.column("Name"),
                Some(vec!["Berlin Retail"]),
                "a late answer replaced the latest filter's rows"
            );
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
        let url = portal.current_url().await;
        assert_eq!(
            query_param(&url, "filter[name-cont]").as_deref(),
            Some("Berlin")
        );
        assert_eq!(
            portal.value_of(&filter_row(1, "input.filter-value")).await,
            "Berlin"
        );

        // The server saw the Kyiv request first and was due to answer it last. Every request
        // since the settings were replaced is a step of the seeded sequence, in arrival order.
        let log: Vec<ServedRequest> = portal.served_requests().split_off(mark);
        eprintln!("the race, as the server saw it:\n{}", describe(&log));
        let filtered = |name: &str| {
            log.iter().position(|r| {
                r.endpoint() == "accounts"
                    && r.query_param("filter[name-cont]").as_deref() == Some(name)
            })
        };
        let (Some(kyiv), Some(berlin)) = (filtered("Kyiv"), filtered("Berlin")) else {
            panic!("both filters reached the server:\n{}", describe(&log));
        };
        assert!(kyiv < berlin, "{}", describe(&log));
        let berlin_answered = log[berlin]
            .answer
            .map(|(_, at)| at)
            .expect("Berlin answered");
        let kyiv_due = log[kyiv].received
            + Duration::from_millis(latency + jitter_of(seed, kyiv as u64, jitter));
        assert!(
            berlin_answered < kyiv_due,
            "the answers did not cross: the race was not run\n{}",
            describe(&log)
        );
    });
}

/// The same race on a statistics page: two quick Shows, the second overtaking the first; the
/// results are those of the last view.
#[test]
fn slow_statistics_show_loading_and_the_latest_view_wins() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let api = Api::new(&portal).await;
        open_origination(&portal, &api, "hour").await;

        portal.set_faults(json!({"latency-ms": 3000})).await;
        let clicked = Instant::now();
        portal.click("a[href='/statistics/quality']").await;
        portal
            .wait_for_text(".statistics-page .loading", "Loading statistics")
            .await;
        // The link opens today, which may have no calls yet: the note is an answer too.
        let answer = STATS_ANSWERED;
        portal
            .wait_until_within(
                Duration::from_secs(20),
                "the quality results or the \"no calls\" note after the latency",
                async || present(&portal, answer).await.then_some(()),
            )
            .await;
        let waited = clicked.elapsed();
        eprintln!("the quality answer arrived after {waited:?} with 3 s of latency");
        assert!(waited >= Duration::from_millis(2900), "{waited:?}");

        portal.clear_faults().await;
        let query = open_origination(&portal, &api, "hour").await;
        let expected = api.samples(&with_sampling(&query, "minute", &[])).await;
        let (latency, jitter) = (300, 3000);
        let seed = seed_for_overtaking(jitter, 4, 700);
        portal
            .set_faults(json!({"latency-ms": latency, "jitter-ms": jitter, "seed": seed}))
            .await;
        let mark = log_mark(&portal);
        show_with_sampling(&portal, "5minutes").await;
        portal
            .wait_for(".statistics-page .stats-results.stale")
            .await;
        show_with_sampling(&portal, "minute").await;
        wait_for_samples(&portal, Some(expected)).await;
        let watch_until = Instant::now() + Duration::from_millis(latency + jitter + 500);
        while Instant::now() < watch_until {
            assert_eq!(
                wait_for_samples(&portal, None).await,
                expected,
                "a late answer replaced the latest view's results"
            );
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
        assert_eq!(portal.value_of(SAMPLING).await, "minute");
        eprintln!(
            "the statistics race, as the server saw it:\n{}",
            describe(&served_since(&portal, mark, "origination-statistics"))
        );
    });
}

// ---------------------------------------------------------------------------------------------
// 6. Offline and back

/// Offline, the next page says the connection failed; back online, it loads by itself: a list,
/// a statistics page opened from an account's page, and a statistics view asked for anew.
#[test]
fn offline_pages_say_so_and_recover_when_back_online() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let api = Api::new(&portal).await;
        let account = api.account_id(ACCOUNT).await;
        portal.open(&format!("/accounts/{account}")).await;
        portal
            .wait_for_text("section.detail-page h1", ACCOUNT)
            .await;

        portal.go_offline().await;
        let online = script(
            &portal,
            "navigator.onLine",
            "return navigator.onLine;",
            vec![],
        )
        .await;
        assert_eq!(online, json!(false), "offline, navigator.onLine is false");
        // The lists' code has not come yet: the page says so, and comes when back online.
        navigate_to(&portal, "/services").await;
        let message =
            wait_for_message(&portal, "main .error-panel .error-message", "connection").await;
        eprintln!("offline, a page whose code has not come reads: {message:?}");
        let event = portal.go_online().await;
        eprintln!("back online, the page heard `online`: {event:?}");
        wait_for_rows(&portal, "table#services-table").await;
        assert_absent(&portal, "main .error-panel", "back online").await;

        // A list whose code is here: its request fails offline, and is sent again when online.
        portal.go_offline().await;
        let mark = log_mark(&portal);
        navigate_to(&portal, "/rates").await;
        let message = wait_for_message(&portal, LIST_MESSAGE, "connection").await;
        eprintln!("offline, a list reads: {message:?}");
        assert!(
            served_since(&portal, mark, "rates").is_empty(),
            "nothing reached the server"
        );
        let event = portal.go_online().await;
        eprintln!("back online, the page heard `online`: {event:?}");
        wait_for_rows(&portal, "table#rates-table").await;
        assert_absent(&portal, LIST_PANEL, "back online").await;
        portal.back().await;

        // A first statistics page offline, from the account's page (inside the app): its code
        // has not come yet either, and it comes with the statistics when back online.
        portal.back().await;
        portal
            .wait_for_text("section.detail-page h1", ACCOUNT)
            .await;
        portal.go_offline().await;
        let mark = log_mark(&portal);
        portal
            .click("ul.related-links a[href^='/statistics/origination?']")
            .await;
        portal.wait_for_path("/statistics/origination").await;
        let message =
            wait_for_message(&portal, "main .error-panel .error-message", "connection").await;
        eprintln!("offline, a statistics page reads: {message:?}");
        let event = portal.go_online().await;
        eprintln!("back online, the page heard `online`: {event:?}");
        // The link opens today, which has no calls yet just after midnight: the samples shown,
        // or the note, are the API's for the window the page asked for once online.
        let answer = wait_for_answer(&portal).await;
        assert_absent(&portal, "main .error-panel", "back online").await;
        let asked = served_since(&portal, mark, "origination-statistics");
        let Some(request) = asked.last() else {
            panic!("back online, the page asked for no statistics");
        };
        let param = |name: &str| {
            request
                .query_param(name)
                .unwrap_or_else(|| panic!("no {name} in {}", describe(&asked)))
        };
        let names = ["account-id", "from-time", "to-time", "sampling"];
        let values = names.map(param);
        let window: Vec<(&str, &str)> = names
            .iter()
            .zip(&values)
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        let expected = api.samples(&window).await;
        assert_eq!(
            answer,
            (expected > 0).then_some(expected),
            "the samples shown (none: the note) for {window:?}"
        );

        // A view asked for anew while offline: the panel above the last results (of the busy
        // range, so the new view's samples differ and are known).
        let query = open_origination(&portal, &api, "hour").await;
        let shown = wait_for_samples(&portal, None).await;
        let expected = api.samples(&with_sampling(&query, "5minutes", &[])).await;
        portal.go_offline().await;
        show_with_sampling(&portal, "5minutes").await;
        wait_for_message(&portal, STATS_MESSAGE, "connection").await;
        assert_eq!(
            wait_for_samples(&portal, None).await,
            shown,
            "the last results stay"
        );
        let event = portal.go_online().await;
        assert_eq!(
            event,
            OnlineEvent::FiredByBrowser,
            "Chromium fires `online`"
        );
        assert_ne!(
            expected, shown,
            "the busy range has more samples at 5 minutes"
        );
        wait_for_samples(&portal, Some(expected)).await;
        assert_absent(&portal, STATS_PANEL, "back online").await;
    });
}

// ---------------------------------------------------------------------------------------------
// 7. A 401 in the middle of a session

/// The server forgets every token (a restart: a fresh secret) while the user works: the next
/// request's 401 signs the user out to `/login?next=<where they were>` with a notice, and
/// signing in again returns to the same view, filters and all.
#[test]
fn a_token_refused_mid_session_returns_to_the_same_view_after_signing_in() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        add_filter(&portal, "name", "cont", "Carrier").await;
        wait_for_query(&portal, "filter[name-cont]", "Carrier").await;
        wait_for_account_names(&portal, &["London Carrier"]).await;

        portal.restart_server().await;
        let mark = log_mark(&portal);
        portal
            .click(&format!(
                "{ACCOUNTS_TABLE} thead th[data-key=balance] button.sort"
            ))
            .await;
        let login = portal
            .wait_for_url("/login?next=… after the 401", |url| {
                url.path() == "/login"
            })
            .await;
        let next = query_param(&login, "next").unwrap_or_default();
        let next = Url::parse("http://portal.invalid")
            .and_then(|base| base.join(&next))
            .unwrap_or_else(|error| panic!("next={next:?}: {error}"));
        assert_eq!(next.path(), "/accounts", "{login}");
        assert_eq!(
            query_param(&next, "filter[name-cont]").as_deref(),
            Some("Carrier"),
            "{login}"
        );
        assert_eq!(
            query_param(&next, "sort").as_deref(),
            Some("balance"),
            "{login}"
        );
        let notice = portal.wait_for_text(".notice", "sign in").await;
        eprintln!("the notice: {notice:?}");
        let log = served_since(&portal, mark, "accounts");
        assert!(
            log.iter().any(|r| r.status() == Some(401)),
            "the server refused the token:\n{}",
            describe(&log)
        );

        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        let back = portal
            .wait_for_url("/accounts with the filter and sort", |url| {
                url.path() == "/accounts" && query_param(url, "sort").as_deref() == Some("balance")
            })
            .await;
        assert_eq!(
            query_param(&back, "filter[name-cont]").as_deref(),
            Some("Carrier")
        );
        wait_for_account_names(&portal, &["London Carrier"]).await;
        assert_eq!(
            portal.value_of(&filter_row(1, "input.filter-value")).await,
            "Carrier"
        );

        // On a statistics page: the refusal comes on Show.
        let api = Api::new(&portal).await;
        let query = open_origination(&portal, &api, "hour").await;
        portal.restart_server().await;
        portal.select(SAMPLING, "5minutes").await;
        portal.click(APPLY).await;
        let login = portal
            .wait_for_url("/login?next=… after the 401", |url| {
                url.path() == "/login"
            })
            .await;
        let notice = portal.wait_for_text(".notice", "sign in").await;
        eprintln!("the notice after a statistics 401: {notice:?}");
        let next = query_param(&login, "next").unwrap_or_default();
        assert!(
            next.starts_with("/statistics/origination?") && next.contains("sampling=5minutes"),
            "next={next:?}"
        );
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        let back = wait_for_query(&portal, "sampling", "5minutes").await;
        assert_eq!(back.path(), "/statistics/origination");
        let api = Api::new(&portal).await;
        let expected = api.samples(&with_sampling(&query, "5minutes", &[])).await;
        wait_for_samples(&portal, Some(expected)).await;
    });
}

// ---------------------------------------------------------------------------------------------
// 8. Hostile strings

const SCRIPT_NAME: &str = "<script>alert(1)</script>";
const IMG_NAME: &str = "<img src=x onerror=alert(1)>";
const RTL_NAME: &str = "\u{202e}Overdraft 1234\u{202c} (right-to-left override)";
const HUGE_BALANCE: &str = "123456789012345.678901";
const HUGE_BALANCE_SHOWN: &str = "123,456,789,012,345.678901 USD";

fn long_name() -> String {
    "Long".repeat(2500)
}

/// A data set whose only customer owns accounts with hostile names and a huge balance.
fn hostile_data() -> Arc<DataFile> {
    let account = |name: &str, balance: &str| json!({"attributes": {"name": name, "balance": balance, "currency": "USD"}});
    let file = json!({
        "format": "demo-server-data/1",
        "customers": [{
            "login": DEMO_LOGIN,
            "password": DEMO_PASSWORD,
            "name": "Hostile",
            "accounts": [
                account(SCRIPT_NAME, "1.5"),
                account(IMG_NAME, "2.25"),
                account(RTL_NAME, "-3"),
                account(&long_name(), "4"),
                account("Huge balance", HUGE_BALANCE),
            ],
        }],
    });
    Arc::new(DataFile::from_json(&file.to_string()).expect("the hostile data file is valid"))
}

/// Whether the document itself scrolls sideways (its own containers may).
async fn document_overflow(portal: &Portal) -> (u64, u64) {
    let value = script(
        portal,
        "measuring the document",
        "return [document.documentElement.scrollWidth, window.innerWidth];",
        vec![],
    )
    .await;
    (
        value[0].as_u64().unwrap_or(u64::MAX),
        value[1].as_u64().unwrap_or(0),
    )
}

async fn assert_no_document_overflow(portal: &Portal, page: &str) {
    let (scroll, inner) = document_overflow(portal).await;
    if scroll > inner + 1 {
        let message = format!(
            "{page}: the document scrolls sideways (scrollWidth {scroll} > innerWidth {inner})"
        );
        panic!("{}", portal.failure(&message).await);
    }
}

/// No markup from the data became elements, and no alert is open.
async fn assert_inert(portal: &Portal, page: &str) {
    let elements = script(
        portal,
        "looking for injected elements",
        "return document.querySelectorAll('main img, main script, img[src=x]').length
            + Array.from(document.scripts).filter((s) => s.text.includes('alert(1)')).length;",
        vec![],
    )
    .await;
    assert_eq!(
        elements,
        json!(0),
        "{page}: markup from the data became elements"
    );
    if let Ok(text) = portal.client().get_alert_text().await {
        panic!("{page}: an alert is open: {text:?}");
    }
}

/// Names as text, exact digits, no injected elements, no alert, no page wider than the window:
/// on the accounts list, an account's page, a statistics page and the overview.
#[test]
fn hostile_names_show_as_text_without_widening_the_page() {
    let setup = Setup {
        data: Some(hostile_data()),
        ..faulty()
    };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        let long = long_name();
        portal.open("/accounts").await;
        portal
            .wait_for_texts(&format!("{ACCOUNTS_TABLE} tbody tr"), "five rows", |rows| {
                rows.len() == 5
            })
            .await;
        let cells = script(
            &portal,
            "reading the name cells",
            "return Array.from(document.querySelectorAll(
                'table#accounts-table tbody tr td:first-child'), (td) => td.textContent);",
            vec![],
        )
        .await;
        let cells: Vec<&str> = cells
            .as_array()
            .map(|cells| cells.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for name in [SCRIPT_NAME, IMG_NAME, RTL_NAME, long.as_str()] {
            assert!(
                cells.contains(&name),
                "a cell's textContent is exactly {:?}; the cells: {:?}",
                name.chars().take(60).collect::<String>(),
                cells
                    .iter()
                    .map(|c| c.chars().take(60).collect::<String>())
                    .collect::<Vec<_>>()
            );
        }
        let table = portal
            .wait_for_table(ACCOUNTS_TABLE, "the accounts", |_| true)
            .await;
        let balances = table.column("Balance").unwrap_or_default();
        assert!(
            balances.contains(&HUGE_BALANCE_SHOWN),
            "the balance {HUGE_BALANCE} reads exactly {HUGE_BALANCE_SHOWN:?}: {balances:?}"
        );
        assert_inert(&portal, "/accounts").await;
        assert_no_document_overflow(&portal, "/accounts").await;
        let bidi = script(
            &portal,
            "reading the cells' bidi isolation",
            "const td = document.querySelector('table#accounts-table tbody td');
             return getComputedStyle(td).unicodeBidi;",
            vec![],
        )
        .await;
        assert_eq!(bidi, json!("isolate"), "text from the API is bidi-isolated");

        // The long name's own page.
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let accounts = portal
            .api_get(&token, "accounts", &[("page[size]", "100")])
            .await;
        let long_id = accounts["data"]
            .as_array()
            .and_then(|list| {
                list.iter()
                    .find(|a| a["attributes"]["name"] == long.as_str())
            })
            .and_then(|a| a["id"].as_str())
            .expect("the long-named account")
            .to_owned();
        portal.open(&format!("/accounts/{long_id}")).await;
        portal
            .wait_for_text("section.detail-page h1", "LongLong")
            .await;
        assert_inert(&portal, "the account page").await;
        assert_no_document_overflow(&portal, "the account page").await;

        // A statistics page: every name in the account picker.
        portal.open("/statistics/origination").await;
        let options = "form.stats-form select[name=account-id] option:not([value=''])";
        portal
            .wait_for_texts(options, "five accounts", |names| names.len() == 5)
            .await;
        portal
            .wait_for_url("an account chosen", |url| {
                query_param(url, "account-id").is_some()
            })
            .await;
        let texts = script(
            &portal,
            "reading the account options",
            "return Array.from(document.querySelectorAll(arguments[0]), (o) => o.textContent);",
            vec![json!(options)],
        )
        .await;
        for name in [SCRIPT_NAME, IMG_NAME, RTL_NAME] {
            assert!(
                texts.as_array().is_some_and(|t| t.contains(&json!(name))),
                "an option reads exactly {name:?}: {texts}"
            );
        }
        assert_inert(&portal, "a statistics page").await;
        // Its width: see `long_names_do_not_widen_the_account_pickers` (a known portal bug).

        // The overview.
        portal.open("/").await;
        portal
            .wait_for_texts(".account-picker select option", "five accounts", |names| {
                names.len() >= 5
            })
            .await;
        assert_inert(&portal, "the overview").await;
    });
}

/// PORTAL BUG (reported): the account pickers of the overview and the statistics pages are as
/// wide as the longest account name, so a 10,000-character name makes the whole page scroll
/// sideways (scrollWidth ≈ 81,000–91,000 px at a 1,280 px window).
#[test]
fn long_names_do_not_widen_the_account_pickers() {
    let setup = Setup {
        data: Some(hostile_data()),
        ..faulty()
    };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        portal
            .wait_for_texts(".account-picker select option", "five accounts", |names| {
                names.len() >= 5
            })
            .await;
        assert_no_document_overflow(&portal, "the overview").await;
        portal.open("/statistics/origination").await;
        portal
            .wait_for_url("an account chosen", |url| {
                query_param(url, "account-id").is_some()
            })
            .await;
        assert_no_document_overflow(&portal, "a statistics page").await;
    });
}

// ---------------------------------------------------------------------------------------------
// 9. Bad input sends nothing

/// How many API requests the page has made so far, by the browser's own count.
async fn browser_api_requests(portal: &Portal) -> u64 {
    script(
        portal,
        "counting the page's API requests",
        "return performance.getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.startsWith('/api/')).length;",
        vec![],
    )
    .await
    .as_u64()
    .unwrap_or(u64::MAX)
}

/// After `action`, given time to act on it, neither the server nor the browser saw a request.
async fn assert_nothing_sent(portal: &Portal, what: &str, server_mark: usize, browser_mark: u64) {
    tokio::time::sleep(AFTER_TYPING).await;
    let served = browser_requests_since(portal, server_mark);
    assert!(
        served.is_empty(),
        "{what}: requests reached the server:\n{}",
        describe(&served)
    );
    assert_eq!(
        browser_api_requests(portal).await,
        browser_mark,
        "{what}: the browser made requests"
    );
}

/// A letter in a numeric filter, an end before the start and an address that is none: each is
/// pointed out beside its field, the URL stays, and no request leaves the browser.
#[test]
fn bad_input_is_pointed_out_and_sends_no_request() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        let url = portal.current_url().await;
        let (server_mark, browser_mark) = (log_mark(&portal), browser_api_requests(&portal).await);
        add_filter(&portal, "balance", "gt", "12a").await;
        let error = portal
            .wait_for_text(&filter_row(1, ".filter-error"), "12a")
            .await;
        eprintln!("a letter in a number: {error:?}");
        assert_nothing_sent(&portal, "a letter in a balance", server_mark, browser_mark).await;
        assert_eq!(portal.current_url().await, url, "the URL is unchanged");
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;

        let api = Api::new(&portal).await;
        open_origination(&portal, &api, "hour").await;
        let url = portal.current_url().await;
        // The narrowing fields, unfolded: their countries are asked for once shown.
        portal.click(&format!("{MORE_FILTERS} > summary")).await;
        portal
            .wait_for(&format!(
                "{FORM} select[name$='country-id'] option:not([value=''])"
            ))
            .await;
        let (server_mark, browser_mark) = (log_mark(&portal), browser_api_requests(&portal).await);

        // An originating IP that is no address.
        let ip = format!("{FORM} input[name=auth-orig-ip]");
        portal.fill(&ip, "300.1.2.3").await;
        portal.click(APPLY).await;
        let ip_error = format!("{FORM} label:has(input[name=auth-orig-ip]) span.field-error");
        portal.wait_for_text(&ip_error, "300.1.2.3").await;
        assert_nothing_sent(&portal, "an invalid IP", server_mark, browser_mark).await;
        assert_eq!(portal.current_url().await, url, "the URL is unchanged");

        // An end before the start.
        portal
            .select(&format!("{FORM} select[name=range]"), "custom")
            .await;
        let from = portal
            .value_of(&format!("{FORM} input[name=from-time]"))
            .await;
        let before = script(
            &portal,
            "an hour before the start",
            "const t = new Date(arguments[0]); t.setHours(t.getHours() - 1);
             const two = (n) => String(n).padStart(2, '0');
             return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}T`
                 + `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`;",
            vec![json!(from)],
        )
        .await;
        let to_field = format!("{FORM} input[name=to-time]");
        let set = script(
            &portal,
            "setting the end",
            "const field = document.querySelector(arguments[0]);
             field.value = arguments[1];
             field.dispatchEvent(new Event('input', { bubbles: true }));
             field.dispatchEvent(new Event('change', { bubbles: true }));
             return field.value;",
            vec![json!(to_field), before.clone()],
        )
        .await;
        assert!(
            !set.as_str().unwrap_or_default().is_empty(),
            "the end took {before}"
        );
        portal.click(APPLY).await;
        let to_error = format!("{FORM} label:has(input[name=to-time]) span.field-error");
        let message = portal
            .wait_for(&to_error)
            .await
            .text()
            .await
            .unwrap_or_default();
        eprintln!("an end before the start: {message:?}");
        assert_nothing_sent(
            &portal,
            "an end before the start",
            server_mark,
            browser_mark,
        )
        .await;
        assert_eq!(portal.current_url().await, url, "the URL is unchanged");
        wait_for_samples(&portal, None).await;
    });
}

// ---------------------------------------------------------------------------------------------
// 10. The token stays out of URLs and text

/// Everything a token could leak into: the URL, the text, the markup, the title and every
/// URL the page has loaded.
async fn assert_token_hidden(portal: &Portal, token: &str, state: &str) {
    let seen = script(
        portal,
        "reading what the page exposes",
        "return [location.href, document.title, document.body.innerText,
            document.documentElement.outerHTML,
            ...performance.getEntries().map((e) => e.name)];",
        vec![],
    )
    .await;
    let seen: Vec<&str> = seen
        .as_array()
        .map(|items| items.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(seen.len() >= 4, "{state}: the page could not be read");
    let parts: Vec<&str> = std::iter::once(token)
        .chain(token.split('.'))
        .filter(|part| part.len() >= 8)
        .collect();
    for text in &seen {
        for part in &parts {
            assert!(
                !text.contains(part),
                "{state}: a part of the token ({}…) shows in {:?}",
                &part[..8],
                text.chars().take(200).collect::<String>()
            );
        }
    }
}

/// After signing in, on lists, statistics, a server error, a network error and a failed
/// decode, no part of the token is in the URL, the page or any URL the page loaded.
#[test]
fn the_token_never_shows_in_urls_or_the_page() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let token = script(
            &portal,
            "reading the stored token",
            "return sessionStorage.getItem('portal.token') || localStorage.getItem('portal.token');",
            vec![],
        )
        .await;
        let token = token.as_str().expect("a stored token").to_owned();
        assert_eq!(token.split('.').count(), 3, "a JWT");
        assert_token_hidden(&portal, &token, "the overview").await;

        portal
            .open("/accounts?filter[name-cont]=o&sort=-balance")
            .await;
        wait_for_rows(&portal, ACCOUNTS_TABLE).await;
        assert_token_hidden(&portal, &token, "a filtered list").await;

        let api = Api::new(&portal).await;
        open_origination(&portal, &api, "hour").await;
        assert_token_hidden(&portal, &token, "a statistics page").await;

        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        show_with_sampling(&portal, "5minutes").await;
        wait_for_message(&portal, STATS_MESSAGE, INJECTED_500).await;
        assert_token_hidden(&portal, &token, "a statistics error").await;

        portal.set_faults(json!({"truncate-share": 1.0})).await;
        navigate_to(&portal, "/services").await;
        wait_for_message(&portal, LIST_MESSAGE, "could not be read").await;
        assert_token_hidden(&portal, &token, "a decode error").await;
        portal.clear_faults().await;

        portal.go_offline().await;
        navigate_to(&portal, "/rates").await;
        wait_for_message(&portal, LIST_MESSAGE, "connection").await;
        assert_token_hidden(&portal, &token, "a network error").await;
        portal.go_online().await;
        wait_for_rows(&portal, "table#rates-table").await;
        assert_token_hidden(&portal, &token, "back online").await;
    });
}

// ---------------------------------------------------------------------------------------------
// Known portal bugs, pinned down (run with `--ignored`; they pass once the bugs are fixed)

/// PORTAL BUG (reported): a statistics page opened without `account-id` whose account list
/// fails (here: every request answered 500) shows only "Choose an account." and "Fix the form
/// above to see statistics." — no error panel, no server message, no Retry — and stays so
/// after the server recovers: nothing asks for the accounts again (only the browser's
/// `online` event would).
#[test]
fn a_statistics_page_whose_account_list_fails_says_so_and_retries() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        navigate_to(&portal, "/statistics/active-calls").await;
        wait_for_message(&portal, STATS_MESSAGE, INJECTED_500).await;
        portal.clear_faults().await;
        portal.click(STATS_RETRY).await;
        portal
            .wait_for_texts(
                "form.stats-form select[name=account-id] option:not([value=''])",
                "the accounts",
                |names| names.len() == DEMO_ACCOUNTS.len(),
            )
            .await;
        // The page opens on today, which may have no calls yet.
        portal.wait_for(STATS_ANSWERED).await;
    });
}

/// PORTAL BUG (reported): leaving a statistics page through the navigation rewrites history.
/// On the way out its "show the first account" effect sees the new location's (empty) query
/// and navigates, replacing, to `<new path>?account-id=<first account>&range=today&sampling=hour`:
/// the list's URL carries statistics parameters, and the statistics page's own history entry is
/// overwritten, so Back skips it.
#[test]
fn leaving_a_statistics_page_keeps_the_url_and_the_history() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let api = Api::new(&portal).await;
        open_origination(&portal, &api, "hour").await;
        let statistics = portal.current_url().await;
        navigate_to(&portal, "/accounts").await;
        wait_for_account_names(&portal, &DEMO_ACCOUNTS).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let url = portal.current_url().await;
        assert_eq!(url.query(), None, "the list's URL is just /accounts: {url}");
        portal.back().await;
        portal
            .wait_for_url("the statistics page again", |url| *url == statistics)
            .await;
    });
}

/// PORTAL BUG (reported, cosmetic): a 401 with an empty body (the statistics endpoints answer
/// so) reads "You were signed out: Your session has expired. Please sign in again. Please sign
/// in again." on the sign-in page.
#[test]
fn the_notice_after_an_empty_401_reads_once() {
    e2e::run_with(faulty(), |portal| async move {
        sign_in(&portal).await;
        let api = Api::new(&portal).await;
        open_origination(&portal, &api, "hour").await;
        portal.restart_server().await;
        portal.click(APPLY).await;
        let notice = portal.wait_for_text(".notice", "sign in").await;
        assert_eq!(
            notice.matches("Please sign in again.").count(),
            1,
            "the notice: {notice:?}"
        );
    });
}

/// Each kind of page's code is fetched on its first visit. Code that cannot be fetched (here:
/// every wasm request blocked) is said in the page, at the same URL, with the shell still
/// working; the retry brings the page once the network lets the code through.
#[test]
fn a_page_whose_code_cannot_be_fetched_says_so_and_retries() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.wait_for_text(".account-card", ACCOUNT).await;
        portal.devtools("Network.enable", json!({})).await;
        portal
            .devtools("Network.setCacheDisabled", json!({ "cacheDisabled": true }))
            .await;
        portal
            .devtools("Network.setBlockedURLs", json!({ "urls": ["*.wasm"] }))
            .await;

        portal.click("nav#main-nav a[href$='/rates']").await;
        portal
            .wait_for_text(
                "main .error-panel .error-message",
                "This page could not be loaded",
            )
            .await;
        portal.wait_for_path("/rates").await;
        assert!(
            portal
                .client()
                .find_all(Locator::Css("main table"))
                .await
                .unwrap()
                .is_empty(),
            "no rates table without its page's code"
        );

        portal
            .devtools("Network.setBlockedURLs", json!({ "urls": [] }))
            .await;
        portal.click("main .error-panel button.retry").await;
        portal.wait_for("table#rates-table tbody tr").await;
        portal.wait_for_path("/rates").await;
        assert!(
            portal
                .client()
                .find_all(Locator::Css("main .error-panel"))
                .await
                .unwrap()
                .is_empty(),
            "the failure is gone once the page has come"
        );
    });
}
