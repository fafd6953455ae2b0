//! The live calls (`/active-calls`), end to end: refreshed while the tab is visible, never two
//! requests at once, paused while it is hidden, asked again at once when it shows; durations
//! tick between refreshes. Requests are counted in the harness's log of what the demo server
//! served.

use demo_server::DataFile;
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, ServedRequest, Setup};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const ACCOUNT: &str = "Busy Trunk";
/// The page asks again this long after each answer (`pages::live_calls::REFRESH_AFTER`).
const REFRESH_AFTER: Duration = Duration::from_secs(5);
/// How much earlier than asked a browser's timer may fire (their clocks are coarsened).
const TIMER_SLACK: Duration = Duration::from_millis(50);

/// A customer whose account has calls in progress at any hour. The seeded accounts follow a
/// daily curve: at night a quiet one may have no answered call at all, and a test that needs
/// one would then fail by the clock's phase. Here the quietest hour (a weekend night, 2.7 % of
/// the peak) still has about 15 answered calls in progress, each lasting about 20 minutes:
/// the chance that none is there is below one in a million.
fn busy_data() -> Arc<DataFile> {
    let file = json!({
        "format": "demo-server-data/1",
        "customers": [{
            "login": DEMO_LOGIN,
            "password": DEMO_PASSWORD,
            "name": "Busy Carrier",
            "accounts": [{
                "attributes": {"name": ACCOUNT, "balance": "500", "min-balance": "0",
                    "max-balance": "10000", "currency": "USD"},
                "traffic": {"peak-calls-per-minute": "30", "asr-percent": "90",
                    "mean-duration-seconds": 1200, "src-prefixes": ["38044"],
                    "src-country": "", "orig-ips": ["185.12.40.11"]},
            }],
        }],
    });
    Arc::new(DataFile::from_json(&file.to_string()).expect("the busy data file is valid"))
}

fn busy_setup() -> Setup {
    Setup {
        data: Some(busy_data()),
        ..Setup::default()
    }
}

/// The browser's requests for the live calls so far.
fn live_requests(portal: &Portal) -> Vec<ServedRequest> {
    portal
        .served_requests()
        .into_iter()
        .filter(|r| r.from_browser() && r.endpoint() == "outgoing-active-calls")
        .collect()
}

/// Makes the page believe its tab is hidden (or shown again): `document.visibilityState` as the
/// browser reports it for a background tab, and the `visibilitychange` event it fires. Answers
/// the browser's clock (`performance.now()`, ms) just before the event.
async fn set_tab_visible(portal: &Portal, visible: bool) -> f64 {
    let script = "const state = arguments[0] ? 'visible' : 'hidden';
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
        const at = performance.now();
        // Bubbling, as the browser fires it, so the window hears it too.
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
        return [document.visibilityState, at];";
    let answer = portal
        .client()
        .execute(script, vec![json!(visible)])
        .await
        .expect("changing the tab's visibility");
    assert_eq!(answer[0], json!(if visible { "visible" } else { "hidden" }));
    answer[1].as_f64().expect("the browser's clock")
}

/// When the browser started each live-calls request it has an answer for, by its own clock
/// (`performance.now()`, ms): the portal's decisions, whatever a busy machine does to their
/// delivery.
async fn live_request_starts(portal: &Portal) -> Vec<f64> {
    let script = "return performance.getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('/outgoing-active-calls'))
        .map((entry) => entry.startTime);";
    let starts = portal
        .client()
        .execute(script, Vec::new())
        .await
        .expect("reading the browser's resource timings");
    serde_json::from_value(starts).expect("start times")
}

async fn script_quietly(portal: &Portal, code: &str) {
    portal
        .client()
        .execute(code, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("running {code}: {e}"));
}

async fn account_id(portal: &Portal, name: &str) -> String {
    let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
    let accounts = portal
        .api_get(&token, "accounts", &[("page[size]", "100")])
        .await;
    accounts["data"]
        .as_array()
        .and_then(|list| list.iter().find(|a| a["attributes"]["name"] == name))
        .and_then(|a| a["id"].as_str())
        .unwrap_or_else(|| panic!("no account {name:?} in {accounts}"))
        .to_owned()
}

/// Every request arrived after the one before it was answered.
fn assert_no_overlap(requests: &[ServedRequest]) {
    for pair in requests.windows(2) {
        let answered = pair[0]
            .answer
            .map(|(_, at)| at)
            .expect("an earlier request was never answered");
        assert!(
            pair[1].received >= answered,
            "a request went out while the one before was still waiting: {pair:?}"
        );
    }
}

async fn wait_for_requests(portal: &Portal, count: usize, what: &str) {
    portal
        .wait_until(what, async || {
            let requests = live_requests(portal);
            (requests.len() >= count && requests.iter().all(|r| r.answer.is_some())).then_some(())
        })
        .await;
}

/// Each answered call on the page: (start, from, to) and its duration so far in seconds. The
/// list is newest first, so the first row after a refresh may be another call: calls are
/// compared by who called whom and when.
async fn talking_durations(portal: &Portal) -> Vec<((String, String, String), u64)> {
    let script = "return [...document.querySelectorAll('table.live-calls tbody tr.answered')]
        .map((row) => [...row.cells].map((cell) => cell.innerText.trim()));";
    let rows: Vec<Vec<String>> = match portal.client().execute(script, Vec::new()).await {
        Ok(value) => serde_json::from_value(value).unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    rows.into_iter()
        .filter_map(|cells| {
            // "2026-11-26 12:52:00 +00:00 new": the badge goes at the next refresh.
            let started = cells.first()?.split(" new").next()?.to_owned();
            let (minutes, seconds) = cells.get(2)?.split_once(':')?;
            let seconds = minutes.parse::<u64>().ok()? * 60 + seconds.parse::<u64>().ok()?;
            Some((
                (started, cells.get(3)?.clone(), cells.get(4)?.clone()),
                seconds,
            ))
        })
        .collect()
}

#[test]
fn live_calls_refresh_while_visible_and_stop_when_hidden() {
    e2e::run_with(busy_setup(), |portal| async move {
        portal.open("/login").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        let account = account_id(&portal, ACCOUNT).await;
        portal
            .open(&format!(
                "/active-calls?account-id={}&connect-time-null=false",
                api_model::query::encode_component(&account)
            ))
            .await;
        portal.wait_for(".live-calls-page .live-count").await;
        portal.wait_for_text(".live-calls-page", "UTC").await;
        let first = live_requests(&portal);
        assert_eq!(
            first
                .first()
                .and_then(|r| r.query_param("connect-time-null")),
            Some("false".to_owned()),
            "the URL's filter goes to the server"
        );

        // Visible: asked again after each answer, one request at a time.
        // The browser keeps timings of its first 250 requests only: room for this page's.
        script_quietly(&portal, "performance.setResourceTimingBufferSize(5000);").await;
        let talking_before = talking_durations(&portal).await;
        wait_for_requests(&portal, 3, "two refreshes while visible").await;
        // The server's clock: each refresh arrived a refresh interval after the answer before.
        for pair in live_requests(&portal).windows(2) {
            let answered = pair[0].answer.map(|(_, at)| at).expect("answered");
            assert!(
                pair[1].received.duration_since(answered) >= REFRESH_AFTER - TIMER_SLACK,
                "refreshes come a few seconds apart, not at once: {pair:?}"
            );
        }
        assert_no_overlap(&live_requests(&portal));
        // Answered calls talk: the duration so far of each call still on the page moved on
        // (two refreshes, ten seconds or more, lie between).
        let talking_after = talking_durations(&portal).await;
        let still_talking: Vec<_> = talking_before
            .iter()
            .filter_map(|(call, before)| {
                let after = talking_after.iter().find(|(c, _)| c == call)?.1;
                Some((call, *before, after))
            })
            .collect();
        assert!(
            !still_talking.is_empty(),
            "some answered call stays on the page across two refreshes: {talking_before:?} then {talking_after:?}"
        );
        for (call, before, after) in still_talking {
            assert!(
                after > before,
                "the duration of {call:?} ticks: {before} s then {after} s"
            );
        }

        // The browser's timings see what the server saw (so the checks below can fail).
        assert!(live_request_starts(&portal).await.len() >= 3);

        // Hidden: nothing more is asked, and the page says it is paused. A request already on
        // its way may still be answered; the browser's own clock tells it from a new one.
        let hidden_at = set_tab_visible(&portal, false).await;
        portal.wait_for_text(".live-status", "Paused").await;
        tokio::time::sleep(REFRESH_AFTER * 2 + Duration::from_secs(1)).await;
        let started_while_hidden: Vec<f64> = live_request_starts(&portal)
            .await
            .into_iter()
            .filter(|start| *start > hidden_at)
            .collect();
        assert_eq!(
            started_while_hidden,
            [] as [f64; 0],
            "no request while the tab is hidden (hidden at {hidden_at} ms)"
        );
        let while_hidden = live_requests(&portal).len();

        // Shown again: asked at once, then every few seconds again.
        let shown_at = set_tab_visible(&portal, true).await;
        wait_for_requests(
            &portal,
            while_hidden + 1,
            "a request as soon as the tab shows",
        )
        .await;
        let first_after = live_request_starts(&portal)
            .await
            .into_iter()
            .find(|start| *start >= shown_at)
            .expect("a request started once shown");
        assert!(
            first_after - shown_at < REFRESH_AFTER.as_millis() as f64,
            "asked at once when shown ({} ms after), not after the next interval",
            first_after - shown_at
        );
        wait_for_requests(&portal, while_hidden + 2, "refreshing again once shown").await;
        assert_no_overlap(&live_requests(&portal));
    });
}

/// The live calls name the zone once, in the start's column heading (and as the label of a
/// call's start on a phone's card): the times themselves carry no offset.
#[test]
fn live_calls_name_the_zone_once_in_the_start_heading() {
    e2e::run_with(busy_setup(), |portal| async move {
        portal.open("/login").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.select("select#time-zone", "utc").await;
        let account = account_id(&portal, ACCOUNT).await;
        portal
            .open(&format!(
                "/active-calls?account-id={}",
                api_model::query::encode_component(&account)
            ))
            .await;
        let table = portal
            .wait_for_table("table.live-calls", "calls in progress", |table| {
                !table.rows.is_empty()
            })
            .await;
        assert_eq!(
            table.headers.first().map(String::as_str),
            Some("Started (UTC)")
        );
        let starts = table.column("Started").unwrap_or_default();
        assert!(
            starts
                .iter()
                .all(|start| !start.contains("UTC") && !start.contains("+00:00")),
            "each start leaves the zone to the heading: {starts:?}"
        );
        let updated = portal.wait_for_text(".live-count .live-updated", ":").await;
        assert!(
            !updated.contains("UTC") && !updated.contains("+00:00"),
            "the refresh time leaves the zone to the heading: {updated:?}"
        );
        let label = portal
            .client()
            .execute(
                "return document.querySelector('table.live-calls tbody td').dataset.label;",
                Vec::new(),
            )
            .await
            .expect("reading a start's label");
        assert_eq!(
            label,
            json!("Started (UTC)"),
            "a card's start names the zone"
        );
    });
}
