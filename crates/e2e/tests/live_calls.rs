//! The live calls (`/active-calls`), end to end: refreshed while the tab is visible, never two
//! requests at once, paused while it is hidden, asked again at once when it shows; durations
//! tick between refreshes. Requests are counted in the harness's log of what the demo server
//! served.

use demo_server::DataFile;
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Engine, Portal, ServedRequest, Setup};
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::{Value, json};
use std::str::FromStr;
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
    Arc::new(DataFile::from_json(&busy_file().to_string()).expect("the busy data file is valid"))
}

fn busy_file() -> Value {
    json!({
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
    })
}

fn busy_setup() -> Setup {
    Setup {
        data: Some(busy_data()),
        ..Setup::default()
    }
}

/// The busy customer with one rate pricing every call (a first half-minute, then 7-s
/// intervals whose price is no finite decimal: 7 × 0.0125 / 60), and an origination capacity
/// of one call, which any snapshot reaches.
fn priced_setup(engine: Engine) -> Setup {
    let mut file = busy_file();
    let customer = &mut file["customers"][0];
    customer["accounts"][0]["attributes"]["origination-capacity"] = json!(1);
    customer["rates"] = json!([{"attributes": {"prefix": "4930", "enabled": true,
        "reject-calls": false, "initial-rate": "0.0362", "initial-interval": 30,
        "next-rate": "0.0125", "next-interval": 7, "connect-fee": "0.015",
        "valid-from": "2025-01-01T00:00:00.000Z"}}]);
    let file = DataFile::from_json(&file.to_string()).expect("the priced data file is valid");
    Setup {
        data: Some(Arc::new(file)),
        engine,
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
        portal.sign_in_as_demo().await;
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
        portal
            .wait_until("the browser's timings of three requests", async || {
                (live_request_starts(&portal).await.len() >= 3).then_some(())
            })
            .await;

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
        // The browser lists a request in its timings once it has read the whole answer, a
        // moment after the server sent it: wait for it there too.
        let first_after = portal
            .wait_until(
                "the browser's timing of the request once shown",
                async || {
                    live_request_starts(&portal)
                        .await
                        .into_iter()
                        .find(|start| *start >= shown_at)
                },
            )
            .await;
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
        open_the_accounts_live_calls_in_utc(&portal).await;
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

/// What the switch bills for `seconds` of talk under the rate terms of an API row
/// (yeti-web's `billing.interval_billing`), worked out here with plain decimal arithmetic, not
/// the portal's code: the connect fee, the whole initial interval at the initial rate, then
/// every started next interval at the next rate; per-minute rates; nothing before a second of
/// talk. Shown to six decimals, half away from zero.
fn billed(row: &Value, seconds: i64) -> String {
    let term = |name: &str| {
        let value = &row[name];
        let text = value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_owned);
        Decimal::from_str(&text).unwrap_or_else(|_| panic!("{name} of {row}"))
    };
    let (fee, initial_rate, next_rate) = (
        term("destination_fee"),
        term("destination_initial_rate"),
        term("destination_next_rate"),
    );
    let initial = term("destination_initial_interval");
    let next = term("destination_next_interval");
    let seconds = Decimal::from(seconds);
    let minute = Decimal::from(60);
    let mut cost = Decimal::ZERO;
    if seconds > Decimal::ZERO {
        cost = fee + initial * initial_rate / minute;
        if seconds > initial {
            let intervals = ((seconds - initial) / next).ceil();
            cost += intervals * next * next_rate / minute;
        }
    }
    let mut shown = cost.round_dp_with_strategy(6, RoundingStrategy::MidpointAwayFromZero);
    shown.rescale(6);
    shown.to_string()
}

/// Each answered call on the page: its start, the number called, its cost as shown and the
/// seconds of talk the page billed.
async fn priced_rows(portal: &Portal) -> Vec<(String, String, String, i64)> {
    let script = "return [...document.querySelectorAll('table.live-calls tbody tr.answered')]
        .map((row) => [row.cells[0].innerText.split(' new')[0].trim(), row.cells[4].innerText.trim(),
            row.querySelector('td.cost').innerText.trim(), row.querySelector('td.cost').dataset.seconds]);";
    let rows: Vec<(String, String, String, String)> = portal
        .client()
        .execute(script, Vec::new())
        .await
        .ok()
        .and_then(|rows| serde_json::from_value(rows).ok())
        .unwrap_or_default();
    rows.into_iter()
        .filter_map(|(start, to, cost, seconds)| Some((start, to, cost, seconds.parse().ok()?)))
        .collect()
}

/// A call's cost so far is what the switch would bill for the seconds the page counted, to
/// the last decimal shown, from that call's own rate terms as the API answers them; the
/// totals by network show once the networks have come; and the account's calls against its
/// capacity of one show as a bar at its limit, in words too.
async fn a_call_costs_what_the_switch_bills(portal: Portal) {
    let account = open_the_accounts_live_calls_in_utc(&portal).await;
    // A call past its initial half-minute, so next intervals are billed too.
    let rows = portal
        .wait_until("an answered call past its first interval", async || {
            let rows = priced_rows(&portal).await;
            rows.iter().any(|row| row.3 > 30).then_some(rows)
        })
        .await;
    let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
    let answer = portal
        .api_get(&token, "outgoing-active-calls", &[("account-id", &account)])
        .await;
    let api_rows = answer["data"].as_array().expect("the API's calls");
    let mut checked = 0;
    for (start, to, shown, seconds) in rows.iter().filter(|row| row.3 > 30) {
        let Some(row) = api_rows
            .iter()
            .find(|r| r["start_time"] == start.as_str() && r["dst_prefix_in"] == to.as_str())
        else {
            continue; // Ended between the page's answer and the test's.
        };
        assert_eq!(
            shown.replace(',', ""),
            billed(row, *seconds),
            "the cost of {start} to {to} after {seconds} s, under {row}"
        );
        checked += 1;
    }
    assert!(
        checked > 0,
        "no call of the page in the API's answer: {rows:?}"
    );
    let total = portal.wait_for_text(".live-cost-total strong", ".").await;
    assert!(total.ends_with(" USD"), "the account's total: {total:?}");
    // The networks of the rate prefixes come in a request of their own, then their totals.
    portal.wait_for(".live-cost-networks tbody tr").await;
    let words = portal.wait_for_text(".live-capacity", " / 1 (").await;
    assert!(
        words.contains("Near the limit"),
        "the warning in words: {words:?}"
    );
    portal
        .wait_for(".live-capacity.near-limit [role=meter][aria-valuemax='1']")
        .await;
}

#[test]
fn a_live_calls_cost_is_billed_to_the_last_decimal_in_chromium() {
    e2e::run_with(
        priced_setup(Engine::Chromium),
        a_call_costs_what_the_switch_bills,
    );
}

#[test]
fn a_live_calls_cost_is_billed_to_the_last_decimal_in_firefox() {
    e2e::run_with(
        priced_setup(Engine::Firefox),
        a_call_costs_what_the_switch_bills,
    );
}

/// A profile that withholds prices leaves no cost on the page: no column, no totals.
#[test]
fn live_calls_show_no_cost_when_the_profile_withholds_prices() {
    e2e::run(|portal| async move {
        portal.open("/login").await;
        portal
            .sign_in(demo_server::RESTRICTED_LOGIN, demo_server::RESTRICTED_LOGIN)
            .await;
        portal.open("/active-calls").await;
        portal.wait_for(".live-calls-page .live-count").await;
        let costs = portal
            .client()
            .execute(
                "return document.querySelectorAll('td.cost, .live-costs').length;",
                Vec::new(),
            )
            .await
            .expect("counting cost elements");
        assert_eq!(costs, json!(0), "prices withheld: no cost shown");
        let page = portal.wait_for_text(".live-calls-page", "").await;
        assert!(!page.contains("Total price"), "{page}");
    });
}

/// Signs in, shows times in UTC and opens the live calls of the busy account; answers its id.
async fn open_the_accounts_live_calls_in_utc(portal: &Portal) -> String {
    portal.sign_in_as_demo().await;
    portal.select("select#time-zone", "utc").await;
    let account = account_id(portal, ACCOUNT).await;
    portal
        .open(&format!(
            "/active-calls?account-id={}",
            api_model::query::encode_component(&account)
        ))
        .await;
    account
}
