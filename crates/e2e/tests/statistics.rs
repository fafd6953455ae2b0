//! The statistics pages and the dashboard, end to end: charts drawn on their canvases, totals
//! and sample counts as the demo API states them, the URL as the view, inline validation, the
//! chart's legend, crosshair and zoom, the time zone choice, the "no calls" note, the error
//! panel's retry, and "Show" asking again.
//!
//! Expected numbers come from the demo API itself, asked with a token as a script would, for
//! the same account and UTC range the page asks for; nothing here writes numbers down.

use e2e::fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use e2e::fantoccini::elements::Element;
use e2e::fantoccini::key::Key;
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal};
use e2e::{now_seconds, utc_text};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

const ACCOUNT: &str = "Kyiv Wholesale";
const RESULTS: &str = ".statistics-page .stats-results";
const FORM: &str = "form.stats-form";
const APPLY: &str = "form.stats-form button.apply";
const MORE_FILTERS: &str = "form.stats-form details.more-filters";
/// At least this many pixels of a series' colour make a drawn line: a line across a chart
/// about 1,200 pixels wide, two pixels thick, has thousands.
const DRAWN: u64 = 300;

const ORIGINATION_CHARTS: [&str; 5] = [
    "chart-calls",
    "chart-duration",
    "chart-acd",
    "chart-asr",
    "chart-price",
];
const QUALITY_CHARTS: [&str; 4] = ["chart-calls", "chart-acd", "chart-asr", "chart-cps"];

// ---------------------------------------------------------------------------------------------
// The demo API, asked directly

/// The demo API with a token of the demo customer, as a script would call it.
struct Api<'p> {
    portal: &'p Portal,
    token: String,
}

impl<'p> Api<'p> {
    async fn new(portal: &'p Portal) -> Api<'p> {
        Api {
            portal,
            token: portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await,
        }
    }

    /// `GET <API>/<path>?<query>`.
    async fn get(&self, path: &str, query: &[(&str, &str)]) -> Value {
        self.portal.api_get(&self.token, path, query).await
    }

    /// `POST <API>/<path>` with a JSON:API body.
    async fn post(&self, path: &str, body: &Value) -> Value {
        self.portal.api_post(&self.token, path, body).await
    }

    /// The id and currency of the customer's account named `name`.
    async fn account(&self, name: &str) -> (String, String) {
        let account = self.account_record(name).await;
        (
            text_of(&account["id"]),
            text_of(&account["attributes"]["currency"]),
        )
    }

    /// The JSON:API record of the customer's account named `name`.
    async fn account_record(&self, name: &str) -> Value {
        let document = self.get("accounts", &[("page[size]", "100")]).await;
        document["data"]
            .as_array()
            .and_then(|list| list.iter().find(|a| a["attributes"]["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("no account {name:?} in {document}"))
    }

    /// The body of a statistics endpoint (`origination-statistics`, …) for these parameters.
    async fn statistics(&self, endpoint: &str, query: &[(&str, &str)]) -> Value {
        self.get(endpoint, query).await
    }

    /// The points of `POST /chart-originated-cps` for an account and a range.
    async fn originated_cps(&self, account_id: &str, from: &str, to: &str) -> Vec<Value> {
        let body = json!({
            "data": {
                "type": "chart-originated-cps",
                "attributes": { "from-time": from, "to-time": to },
                "relationships": { "account": { "data": { "type": "accounts", "id": account_id } } }
            }
        });
        let document = self.post("chart-originated-cps", &body).await;
        document["data"]["attributes"]["cps"]
            .as_array()
            .cloned()
            .unwrap_or_else(|| panic!("no cps array in {document}"))
    }
}

fn text_of(value: &Value) -> String {
    value
        .as_str()
        .unwrap_or_else(|| panic!("{value} is no text"))
        .to_owned()
}

/// The length of a statistics body's `data.t`.
fn sample_count(body: &Value) -> u64 {
    body["data"]["t"]
        .as_array()
        .map(|t| t.len() as u64)
        .unwrap_or_else(|| panic!("no data.t array in {body}"))
}

/// A body's totals as exact texts by series, without `t` (`None` for a null).
fn api_totals(body: &Value) -> BTreeMap<String, Option<String>> {
    body["totals"]
        .as_object()
        .unwrap_or_else(|| panic!("no totals in {body}"))
        .iter()
        .filter(|(key, _)| key.as_str() != "t")
        .map(|(key, value)| {
            let text = match value {
                Value::Null => None,
                Value::String(text) => Some(text.clone()),
                other => Some(other.to_string()),
            };
            (key.clone(), text)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Times

const DAY: i64 = 86_400;

/// The start of yesterday in UTC.
fn yesterday_utc() -> i64 {
    (now_seconds().div_euclid(DAY) - 1) * DAY
}

/// The browser's IANA time zone, for messages.
async fn browser_zone(portal: &Portal) -> String {
    let script = "return Intl.DateTimeFormat().resolvedOptions().timeZone;";
    match portal.client().execute(script, Vec::new()).await {
        Ok(Value::String(zone)) => zone,
        other => format!("<unknown: {other:?}>"),
    }
}

/// The last local midnights in the browser's zone: (yesterday's, today's), in seconds.
async fn browser_midnights(portal: &Portal) -> (i64, i64) {
    let script = "const today = new Date(); today.setHours(0, 0, 0, 0);
        const yesterday = new Date(today); yesterday.setDate(yesterday.getDate() - 1);
        return [Math.round(yesterday.getTime() / 1000), Math.round(today.getTime() / 1000)];";
    let value = portal
        .client()
        .execute(script, Vec::new())
        .await
        .expect("asking the browser for its midnights");
    let second = |index: usize| value[index].as_i64().expect("a midnight in seconds");
    (second(0), second(1))
}

/// The `from-time` and `to-time` of the page's last request to `endpoint`.
fn asked_window(portal: &Portal, endpoint: &str) -> (String, String) {
    portal
        .served_requests()
        .iter()
        .rev()
        .filter(|r| r.from_browser() && r.endpoint() == endpoint)
        .find_map(|r| Some((r.query_param("from-time")?, r.query_param("to-time")?)))
        .unwrap_or_else(|| panic!("the page asked {endpoint} for no window"))
}

/// A window a page asked for: `from-time`, `to-time`.
type Window = (String, String);

/// Every window the overview asked `endpoint` for its figures of today (a day's totals; its
/// credit ahead asks for a week by the hour), oldest first, once each.
fn asked_windows(portal: &Portal, endpoint: &str) -> Vec<Window> {
    let mut windows = Vec::new();
    for request in portal.served_requests() {
        let daily = request.query_param("sampling").as_deref() == Some("day");
        if !(request.from_browser() && request.endpoint() == endpoint && daily) {
            continue;
        }
        let window = (
            request.query_param("from-time"),
            request.query_param("to-time"),
        );
        if let (Some(from), Some(to)) = window
            && !windows.contains(&(from.clone(), to.clone()))
        {
            windows.push((from, to));
        }
    }
    windows
}

/// A `datetime-local` value with its seconds: Chrome leaves out `:00` seconds.
fn with_seconds(value: &str) -> String {
    match value.len() {
        16 => format!("{value}:00"),
        _ => value.to_owned(),
    }
}

/// The browser's local wall clock at `seconds`, as a `datetime-local` input holds it (with
/// seconds; see [`with_seconds`]).
async fn browser_wall_clock(portal: &Portal, seconds: i64) -> String {
    let script = "const t = new Date(arguments[0] * 1000);
        const two = (n) => String(n).padStart(2, '0');
        return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}T`
            + `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`;";
    match portal.client().execute(script, vec![json!(seconds)]).await {
        Ok(Value::String(text)) => text,
        other => panic!("the browser gave no wall clock for {seconds}: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The page

async fn sign_in(portal: &Portal) -> Api<'_> {
    portal.sign_in_as_demo().await;
    Api::new(portal).await
}

/// `/statistics/<view>?<pairs>`, encoded as the portal writes its URLs.
fn stats_url(view: &str, pairs: &[(&str, &str)]) -> String {
    format!(
        "/statistics/{view}?{}",
        api_model::query::encode_pairs(pairs)
    )
}

/// What the results show: totals by series key, the `p.samples` text and the charts' ids.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    totals: BTreeMap<String, String>,
    samples: String,
    charts: Vec<String>,
}

/// The results as they are now, unless they are missing or being replaced (`.stale`), or the
/// account list has not arrived yet: the results are drawn anew once it brings the currency.
async fn results_now(portal: &Portal) -> Option<Shown> {
    let script = "const accounts = document.querySelectorAll(
            'form.stats-form select[name=account-id] option:not([value=\"\"])');
        if (accounts.length === 0) return null;
        const results = document.querySelector(arguments[0]);
        if (!results || results.classList.contains('stale')) return null;
        const totals = {};
        for (const figure of results.querySelectorAll('dl.totals .figure')) {
            const value = figure.querySelector('dd');
            totals[figure.dataset.key] = value ? value.innerText.trim() : '';
        }
        const samples = results.querySelector('p.samples');
        const charts = Array.from(results.querySelectorAll('figure.chart'), (f) => f.id);
        return { totals, samples: samples ? samples.innerText.trim() : '', charts };";
    let value = portal
        .client()
        .execute(script, vec![json!(RESULTS)])
        .await
        .ok()?;
    let totals = value["totals"]
        .as_object()?
        .iter()
        .map(|(key, text)| Some((key.clone(), text.as_str()?.to_owned())))
        .collect::<Option<BTreeMap<_, _>>>()?;
    let charts = value["charts"]
        .as_array()?
        .iter()
        .map(|id| id.as_str().map(str::to_owned))
        .collect::<Option<Vec<_>>>()?;
    Some(Shown {
        totals,
        samples: value["samples"].as_str()?.to_owned(),
        charts,
    })
}

/// The results once they are there and not being replaced.
async fn wait_for_results(portal: &Portal) -> Shown {
    portal
        .wait_until("the statistics results", async || results_now(portal).await)
        .await
}

/// The page's answer once it has one: its results, or `None` for the "no calls" note (once the
/// account list has arrived too, as [`results_now`] waits for it).
async fn wait_for_answer(portal: &Portal) -> Option<Shown> {
    let note = "const accounts = document.querySelectorAll(
            'form.stats-form select[name=account-id] option:not([value=\"\"])');
        return accounts.length > 0 && document.querySelector('.statistics-page p.empty') !== null;";
    portal
        .wait_until(
            "the statistics results or the \"no calls\" note",
            async || {
                if let Some(shown) = results_now(portal).await {
                    return Some(Some(shown));
                }
                let noted = portal.client().execute(note, Vec::new()).await.ok()?;
                (noted == json!(true)).then_some(None)
            },
        )
        .await
}

/// The results once their totals read `expected`. A page may show its first answer before it
/// knows the account's currency, so the totals are compared until they settle; on a timeout
/// the failure shows the last totals seen beside the expected ones.
async fn wait_for_totals(
    portal: &Portal,
    expected: &BTreeMap<String, String>,
    what: &str,
) -> Shown {
    let mut last = None;
    let found = tokio::time::timeout(e2e::WAIT_TIMEOUT, async {
        loop {
            if let Some(shown) = results_now(portal).await {
                if shown.totals == *expected {
                    return shown;
                }
                last = Some(shown);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    match found {
        Ok(shown) => shown,
        Err(_) => {
            let message = format!(
                "{what}: the totals shown never matched the API's within {:?}\n  \
                 shown: {:?}\n  API:   {expected:?}",
                e2e::WAIT_TIMEOUT,
                last.map(|shown| shown.totals)
            );
            panic!("{}", portal.failure(&message).await)
        }
    }
}

/// `1,234 samples` → 1234.
fn samples_of(text: &str) -> u64 {
    text.strip_suffix(" samples")
        .map(|number| number.replace(',', ""))
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("`p.samples` reads {text:?}, not `<count> samples`"))
}

/// `12,345 calls` → 12345.
fn count_of(text: &str) -> u64 {
    text.split_whitespace()
        .next()
        .map(|number| number.replace(',', ""))
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{text:?} is not a count"))
}

/// Groups the integer digits of an exact decimal text: `-12500.75` → `-12,500.75`.
fn grouped(text: &str) -> String {
    let (sign, unsigned) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let (integer, fraction) = match unsigned.split_once('.') {
        Some((integer, fraction)) => (integer, format!(".{fraction}")),
        None => (unsigned, String::new()),
    };
    let mut out = String::from(sign);
    for (index, digit) in integer.chars().enumerate() {
        if index > 0 && (integer.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out + &fraction
}

/// The unit a total is shown with.
fn unit_of(key: &str, currency: &str) -> String {
    match key {
        "total_duration" => "min",
        "acd" => "s",
        "asr" => "%",
        "cps" => "calls/s",
        "total_price" => currency,
        _ => "calls",
    }
    .to_owned()
}

/// The totals the page must show for an API body's totals: every one, exactly, its digits
/// grouped, with its unit, and no other.
fn expected_totals(body: &Value, currency: &str) -> BTreeMap<String, String> {
    api_totals(body)
        .into_iter()
        .map(|(key, value)| {
            let text = match value {
                Some(value) => format!("{} {}", grouped(&value), unit_of(&key, currency)),
                None => "—".to_owned(),
            };
            (key, text)
        })
        .collect()
}

/// Clicks the option `value` of the `<select>` matching `css`, as a user would, until the select
/// shows it.
async fn choose(portal: &Portal, css: &str, value: &str) {
    let option = format!("{css} option[value=\"{value}\"]");
    portal
        .wait_until(&format!("`{css}` to show {value:?}"), async || {
            let select = portal
                .client()
                .find(e2e::fantoccini::Locator::Css(css))
                .await
                .ok()?;
            if select.prop("value").await.ok()?.as_deref() != Some(value) {
                let choice = portal
                    .client()
                    .find(e2e::fantoccini::Locator::Css(&option))
                    .await
                    .ok()?;
                choice.click().await.ok()?;
            }
            (select.prop("value").await.ok()?.as_deref() == Some(value)).then_some(())
        })
        .await
}

/// Empties a text field with the keyboard (End, then Backspace for each character), so the
/// page sees the `input` events a user's editing fires.
async fn erase(portal: &Portal, css: &str) {
    let length = portal.value_of(css).await.chars().count();
    let keys: String = std::iter::once(char::from(Key::End))
        .chain(std::iter::repeat_n(char::from(Key::Backspace), length))
        .collect();
    let field = portal.wait_for(css).await;
    field
        .send_keys(&keys)
        .await
        .unwrap_or_else(|error| panic!("erasing `{css}`: {error}"));
    assert_eq!(portal.value_of(css).await, "", "`{css}` is empty");
}

/// Whether the `<details>` matching `css` is open.
async fn is_open(portal: &Portal, css: &str) -> bool {
    portal.wait_for(css).await;
    let script = "return document.querySelector(arguments[0]).open;";
    match portal.client().execute(script, vec![json!(css)]).await {
        Ok(Value::Bool(open)) => open,
        other => panic!("reading `{css}`.open: {other:?}"),
    }
}

/// Sets a field's value by script and fires `change`, as picking a date in the browser's own
/// picker does (typing into `datetime-local` depends on the browser's locale).
async fn set_and_change(portal: &Portal, css: &str, value: &str) {
    let script = "const field = document.querySelector(arguments[0]);
        if (!field) return false;
        field.value = arguments[1];
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
        // Chrome writes whole minutes without the seconds: `…T07:00` for `…T07:00:00`.
        return field.value !== '' && arguments[1].startsWith(field.value);";
    portal
        .wait_until(&format!("`{css}` to take {value:?}"), async || {
            let args = vec![json!(css), json!(value)];
            let done = portal.client().execute(script, args).await.ok()?;
            (done == Value::Bool(true)).then_some(())
        })
        .await
}

/// How many statistics requests (`origination-…` GETs, chart POSTs) the page has made so far.
async fn stats_requests(portal: &Portal) -> u64 {
    let script = "return performance.getEntriesByType('resource')
        .filter((e) => /origination-|chart-originated-cps/.test(e.name)).length;";
    let value = portal
        .client()
        .execute(script, Vec::new())
        .await
        .expect("reading the page's resource timings");
    value.as_u64().expect("a count of requests")
}

// ---------------------------------------------------------------------------------------------
// Canvas pixels

/// Pixels of each series' colour on a chart's canvas, by series key, and the coloured pixels in
/// all. A series' colour is its legend swatch's; a pixel counts for the series whose colour is
/// nearest, if it is near (anti-aliased edges blend into the white); greys (text, axes, grid)
/// count for none.
#[derive(Debug, Clone, PartialEq)]
struct Pixels {
    by_series: BTreeMap<String, u64>,
    coloured: u64,
}

async fn pixels_now(portal: &Portal, chart_id: &str) -> Option<Pixels> {
    let script = "const figure = document.getElementById(arguments[0]);
        const canvas = figure && figure.querySelector('canvas');
        if (!canvas || canvas.width === 0 || canvas.height === 0) return null;
        const series = [];
        for (const item of figure.querySelectorAll('.legend label')) {
            const box = item.querySelector('input[type=checkbox]');
            const swatch = item.querySelector('.swatch');
            if (!box || !swatch) continue;
            const rgb = getComputedStyle(swatch).backgroundColor.match(/\\d+(\\.\\d+)?/g);
            if (!rgb) return null;
            series.push({ key: box.name, rgb: rgb.slice(0, 3).map(Number) });
        }
        if (series.length === 0) return null;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const counts = {};
        for (const s of series) counts[s.key] = 0;
        let coloured = 0;
        for (let i = 0; i < data.length; i += 4) {
            const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
            if (Math.max(r, g, b) - Math.min(r, g, b) < 48) continue;
            coloured += 1;
            let best = null, distance = Infinity;
            for (const s of series) {
                const d = (r - s.rgb[0]) ** 2 + (g - s.rgb[1]) ** 2 + (b - s.rgb[2]) ** 2;
                if (d < distance) { distance = d; best = s.key; }
            }
            if (distance <= 60 * 60) counts[best] += 1;
        }
        return { counts, coloured };";
    let value = portal
        .client()
        .execute(script, vec![json!(chart_id)])
        .await
        .ok()?;
    let by_series = value["counts"]
        .as_object()?
        .iter()
        .map(|(key, count)| Some((key.clone(), count.as_u64()?)))
        .collect::<Option<BTreeMap<_, _>>>()?;
    Some(Pixels {
        by_series,
        coloured: value["coloured"].as_u64()?,
    })
}

/// The pixels of a chart once `accept` holds for them.
async fn wait_for_pixels(
    portal: &Portal,
    chart_id: &str,
    expected: &str,
    accept: impl Fn(&Pixels) -> bool,
) -> Pixels {
    portal
        .wait_until_within(
            Duration::from_secs(10),
            &format!("#{chart_id}: {expected}"),
            async || {
                let pixels = pixels_now(portal, chart_id).await?;
                accept(&pixels).then_some(pixels)
            },
        )
        .await
}

/// Waits until every series of the chart has a drawn line.
async fn wait_for_drawn_chart(portal: &Portal, chart_id: &str) -> Pixels {
    wait_for_pixels(
        portal,
        chart_id,
        &format!("every series drawn with at least {DRAWN} pixels of its colour"),
        |pixels| {
            !pixels.by_series.is_empty() && pixels.by_series.values().all(|count| *count >= DRAWN)
        },
    )
    .await
}

/// The instant a tooltip's time names (`2026-07-02 11:00:00 +03:00` or `… UTC`), in seconds.
async fn tooltip_instant(portal: &Portal, text: &str) -> i64 {
    let script = "const [date, time, zone] = arguments[0].trim().split(' ');
        const at = Date.parse(`${date}T${time}${zone === 'UTC' ? 'Z' : zone}`);
        return Number.isNaN(at) ? null : Math.round(at / 1000);";
    match portal.client().execute(script, vec![json!(text)]).await {
        Ok(Value::Number(seconds)) => seconds.as_i64().expect("whole seconds"),
        other => panic!("the tooltip's time {text:?} cannot be read: {other:?}"),
    }
}

/// Moves the mouse `x` pixels right of the canvas' centre and returns the time its crosshair
/// tells, once the crosshair stands there.
async fn time_under_pointer(portal: &Portal, chart: &str, canvas: &Element, x: f64) -> i64 {
    hover(portal, canvas, x).await;
    let script = "const figure = document.getElementById(arguments[0]);
        const canvas = figure.querySelector('canvas');
        const crosshair = figure.querySelector('.crosshair');
        const time = figure.querySelector('.chart-tooltip .tooltip-time');
        if (!crosshair || !time) return null;
        const wanted = canvas.clientWidth / 2 + arguments[1];
        return Math.abs(parseFloat(crosshair.style.left) - wanted) <= 2 ? time.innerText : null;";
    let text = portal
        .wait_until(
            &format!("the crosshair of #{chart} at {x:+.0} px from the centre"),
            async || {
                let args = vec![json!(chart), json!(x)];
                match portal.client().execute(script, args).await.ok()? {
                    Value::String(text) => Some(text),
                    _ => None,
                }
            },
        )
        .await;
    tooltip_instant(portal, &text).await
}

/// Scrolls the element matching `css` to the middle of the viewport and returns it.
async fn scrolled_into_view(portal: &Portal, css: &str) -> Element {
    let element = portal.wait_for(css).await;
    let script = "arguments[0].scrollIntoView({ block: 'center', inline: 'center' });";
    let argument = serde_json::to_value(&element).expect("an element as a script argument");
    portal
        .client()
        .execute(script, vec![argument])
        .await
        .unwrap_or_else(|error| panic!("scrolling `{css}` into view: {error}"));
    element
}

/// Moves the mouse to `x` pixels right of the canvas' centre (negative: left).
async fn hover(portal: &Portal, canvas: &Element, x: f64) {
    let actions = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
        element: canvas.clone(),
        duration: None,
        x,
        y: 0.0,
    });
    portal
        .client()
        .perform_actions(actions)
        .await
        .expect("moving the mouse over the canvas");
}

// ---------------------------------------------------------------------------------------------
// Tests

/// Every chart of every view has its series drawn on the canvas.
#[test]
fn every_view_draws_its_series_on_its_charts() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        // (view, the query besides the account, the charts it shows)
        type View<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a [&'a str]);
        let views: [View; 4] = [
            (
                "origination",
                vec![("range", "last-7-days"), ("sampling", "hour")],
                &ORIGINATION_CHARTS,
            ),
            (
                "quality",
                vec![("range", "yesterday"), ("sampling", "15minutes")],
                &QUALITY_CHARTS,
            ),
            (
                "active-calls",
                vec![("range", "yesterday")],
                &["chart-active-calls"],
            ),
            ("cps", vec![("range", "yesterday")], &["chart-cps"]),
        ];
        for (view, pairs, charts) in views {
            let mut query = vec![("account-id", account.as_str())];
            query.extend(pairs);
            portal.open(&stats_url(view, &query)).await;
            let shown = wait_for_results(&portal).await;
            assert_eq!(shown.charts, charts, "{view}: the charts shown");
            for chart in charts {
                let pixels = wait_for_drawn_chart(&portal, chart).await;
                eprintln!("{view} #{chart}: {pixels:?}");
            }
        }
    });
}

/// What a page of yesterday's totals by hour showed, checked against its endpoint's answer.
struct HourlyTotals {
    account: String,
    from: String,
    to: String,
    body: Value,
    what: String,
}

/// Opens the statistics page `page` for yesterday by hour and checks that its totals are
/// `endpoint`'s, digit for digit, over the same samples, drawn on the origination charts.
async fn yesterdays_hourly_totals_match(
    portal: &Portal,
    api: &Api<'_>,
    page: &str,
    endpoint: &str,
) -> HourlyTotals {
    let (account, currency) = api.account(ACCOUNT).await;
    let query = [
        ("account-id", account.as_str()),
        ("range", "yesterday"),
        ("sampling", "hour"),
    ];
    // "Yesterday" in the zone the page uses: the browser's own (the default choice). Midnight
    // may pass while the page loads, so the window the page asked for is yesterday by the
    // browser's clock before or after, and the API is asked for that same window.
    let before = browser_midnights(portal).await;
    portal.open(&stats_url(page, &query)).await;
    wait_for_results(portal).await;
    let after = browser_midnights(portal).await;
    let (from, to) = asked_window(portal, endpoint);
    let asked = (from.clone(), to.clone());
    let yesterday = |(from, to): (i64, i64)| (utc_text(from), utc_text(to));
    assert!(
        asked == yesterday(before) || asked == yesterday(after),
        "{page} asked for {asked:?}, not yesterday ({:?} or {:?})",
        yesterday(before),
        yesterday(after)
    );
    let body = api
        .statistics(
            endpoint,
            &[
                ("account-id", account.as_str()),
                ("from-time", &from),
                ("to-time", &to),
                ("sampling", "hour"),
            ],
        )
        .await;
    let zone = browser_zone(portal).await;
    let what = format!("{page} {from} – {to} (browser zone {zone})");
    let shown = wait_for_totals(portal, &expected_totals(&body, &currency), &what).await;
    assert_eq!(samples_of(&shown.samples), sample_count(&body), "{what}");
    assert_eq!(shown.charts, ORIGINATION_CHARTS, "{what}");
    HourlyTotals {
        account,
        from,
        to,
        body,
        what,
    }
}

/// Origination totals for yesterday, by hour, are the API's, digit for digit.
#[test]
fn origination_totals_match_the_api() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        yesterdays_hourly_totals_match(&portal, &api, "origination", "origination-statistics")
            .await;
    });
}

/// The vendor side: termination totals for yesterday, by hour, are the API's
/// (`termination-statistics`), digit for digit, drawn on the same charts as origination's;
/// the form offers the vendor's price filters and no originating IP.
#[test]
fn termination_totals_match_the_api() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let HourlyTotals {
            account,
            from,
            to,
            body,
            what,
        } = yesterdays_hourly_totals_match(&portal, &api, "termination", "termination-statistics")
            .await;
        // Not the origination side's numbers.
        let originated = api
            .statistics(
                "origination-statistics",
                &[
                    ("account-id", account.as_str()),
                    ("from-time", &from),
                    ("to-time", &to),
                    ("sampling", "hour"),
                ],
            )
            .await;
        assert_ne!(api_totals(&originated), api_totals(&body), "{what}");
        for (field, present) in [
            ("vendor-price-gt", true),
            ("customer-price-gt", false),
            ("auth-orig-ip", false),
        ] {
            let found = portal
                .client()
                .execute(
                    "return document.querySelector(`form.stats-form [name='${arguments[0]}']`) !== null;",
                    vec![json!(field)],
                )
                .await
                .expect("looking for a form field");
            assert_eq!(found, json!(present), "the termination form's {field}");
        }
    });
}

/// Quality totals for a custom range within yesterday, by 15 minutes, are the API's.
#[test]
fn quality_totals_match_the_api() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, currency) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from, to) = (utc_text(day + 7 * 3600), utc_text(day + 13 * 3600 + 1800));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
            ("sampling", "15minutes"),
        ];
        portal.open(&stats_url("quality", &query)).await;
        let body = api
            .statistics("origination-statistics-quality", &query)
            .await;
        let what = format!("quality {from} – {to}");
        let shown = wait_for_totals(&portal, &expected_totals(&body, &currency), &what).await;
        assert_eq!(shown.charts, QUALITY_CHARTS, "{what}");
        assert!(
            count_of(&shown.totals["total_calls"]) > 0,
            "a working day has calls"
        );
    });
}

/// Active calls and CPS: one chart each, with as many samples as the API's arrays.
#[test]
fn active_calls_and_cps_show_as_many_samples_as_the_api_sends() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;

        // Active calls: the axis runs on to the current minute, so the count grows with the
        // clock; the page's request lies between the two asked here.
        let now = now_seconds();
        let (from, to) = (utc_text(now - 3 * 3600), utc_text(now - 3600));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
        ];
        let before = sample_count(&api.statistics("origination-active-calls", &query).await);
        portal.open(&stats_url("active-calls", &query)).await;
        let shown = wait_for_results(&portal).await;
        let after = sample_count(&api.statistics("origination-active-calls", &query).await);
        assert_eq!(shown.charts, ["chart-active-calls"]);
        let samples = samples_of(&shown.samples);
        assert!(
            (before..=after).contains(&samples),
            "active calls {from} – {to}: the page shows {samples} samples, the API sent \
             {before} before and {after} after"
        );
        assert!(
            shown.totals.is_empty(),
            "active calls have no totals: {shown:?}"
        );

        // CPS over a past range: the API's points are fixed.
        let day = yesterday_utc();
        let (from, to) = (utc_text(day + 9 * 3600), utc_text(day + 11 * 3600));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
        ];
        portal.open(&stats_url("cps", &query)).await;
        let shown = wait_for_results(&portal).await;
        let points = api.originated_cps(&account, &from, &to).await;
        assert_eq!(shown.charts, ["chart-cps"]);
        assert!(!points.is_empty(), "two hours of yesterday have calls");
        assert_eq!(
            samples_of(&shown.samples),
            points.len() as u64,
            "CPS {from} – {to}: samples shown vs the API's cps points"
        );
    });
}

/// A URL with account, custom range, sampling and a narrowing parameter restores the form and
/// narrows the totals.
#[test]
fn the_url_restores_the_form_and_narrows_the_totals() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, currency) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from_at, to_at) = (day + 6 * 3600, day + 18 * 3600);
        let (from, to) = (utc_text(from_at), utc_text(to_at));
        let view = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
            ("sampling", "5minutes"),
        ];
        let mut narrowed = view.to_vec();
        narrowed.push(("duration-gt", "30"));

        // Without an account the page picks the first one, replacing the URL (no new entry).
        let accounts = api.get("accounts", &[("page[size]", "100")]).await;
        let first = text_of(&accounts["data"][0]["id"]);
        portal.open(&stats_url("origination", &view[1..])).await;
        let history = "return history.length;";
        let entries = portal.client().execute(history, Vec::new()).await.ok();
        let url = portal
            .wait_for_url("the first account in the URL", |url| {
                e2e::query_param(url, "account-id").as_deref() == Some(first.as_str())
            })
            .await;
        for (key, value) in &view[1..] {
            assert_eq!(
                e2e::query_param(&url, key).as_deref(),
                Some(*value),
                "{key}"
            );
        }
        assert_eq!(
            portal.value_of(&format!("{FORM} [name=account-id]")).await,
            first
        );
        assert_eq!(
            portal.client().execute(history, Vec::new()).await.ok(),
            entries,
            "the URL is replaced, not pushed"
        );
        wait_for_results(&portal).await;

        portal.open(&stats_url("origination", &narrowed)).await;
        wait_for_results(&portal).await;
        let field = |name: &str| format!("{FORM} [name={name}]");
        assert_eq!(portal.value_of(&field("account-id")).await, account);
        assert_eq!(portal.value_of(&field("range")).await, "custom");
        assert_eq!(portal.value_of(&field("sampling")).await, "5minutes");
        assert_eq!(
            with_seconds(&portal.value_of(&field("from-time")).await),
            browser_wall_clock(&portal, from_at).await
        );
        assert_eq!(
            with_seconds(&portal.value_of(&field("to-time")).await),
            browser_wall_clock(&portal, to_at).await
        );
        assert!(
            is_open(&portal, MORE_FILTERS).await,
            "the narrowing fields are open when the URL narrows"
        );
        assert_eq!(portal.value_of(&field("duration-gt")).await, "30");
        let url = portal.current_url().await;
        assert_eq!(
            e2e::query_param(&url, "duration-gt").as_deref(),
            Some("30"),
            "the URL keeps the narrowing"
        );
        let body = api.statistics("origination-statistics", &narrowed).await;
        let expected = expected_totals(&body, &currency);
        let shown = wait_for_totals(&portal, &expected, "with duration-gt=30").await;

        portal.open(&stats_url("origination", &view)).await;
        let all = wait_for_results(&portal).await;
        assert!(
            !is_open(&portal, MORE_FILTERS).await,
            "the narrowing fields stay closed without narrowing"
        );
        let (narrow, wide) = (
            count_of(&shown.totals["total_calls"]),
            count_of(&all.totals["total_calls"]),
        );
        assert!(
            0 < narrow && narrow < wide,
            "calls over 30 s ({narrow}) are fewer than all calls ({wide})"
        );
    });
}

/// Opens each view for a range and expects the "no calls" note instead of results.
async fn expect_no_calls_note(portal: &Portal, account: &str, views: &[&str], from: i64, to: i64) {
    let (from, to) = (utc_text(from), utc_text(to));
    for view in views {
        let query = [
            ("account-id", account),
            ("from-time", from.as_str()),
            ("to-time", to.as_str()),
        ];
        portal.open(&stats_url(view, &query)).await;
        let note = format!(".statistics-page p.empty, {RESULTS}");
        let found = portal
            .wait_for_texts(&note, "the note or the results", |texts| !texts.is_empty())
            .await;
        let results = results_now(portal).await;
        assert!(
            results.is_none() && found.iter().any(|text| text.contains("No calls")),
            "{view} {from} – {to}: the note \"No calls in this range.\" instead of results \
             {results:?}"
        );
    }
}

/// A range without calls shows a note and no charts: in the future (the API answers `[]`), and
/// in the past for origination (whose axis has only buckets with calls).
#[test]
fn a_range_without_calls_shows_a_note_instead_of_charts() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let views = ["origination", "quality", "active-calls", "cps"];
        expect_no_calls_note(&portal, &account, &views, day + 3 * DAY, day + 4 * DAY).await;
        // The demo history starts 60 days before the server.
        let (from, to) = (day - 90 * DAY, day - 89 * DAY);
        expect_no_calls_note(&portal, &account, &["origination", "cps"], from, to).await;
    });
}

/// The same note on the views with a filled time axis (quality, active calls), whose answer for
/// a past range without calls is all zeros rather than empty.
#[test]
fn filled_views_without_calls_show_the_note_too() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from, to) = (day - 90 * DAY, day - 89 * DAY);
        let body = api
            .statistics(
                "origination-statistics-quality",
                &[
                    ("account-id", account.as_str()),
                    ("from-time", &utc_text(from)),
                    ("to-time", &utc_text(to)),
                    ("sampling", "15minutes"),
                ],
            )
            .await;
        assert_eq!(
            body["totals"]["total_calls"], 0,
            "the API counts no calls in that range"
        );
        expect_no_calls_note(&portal, &account, &["quality", "active-calls"], from, to).await;
    });
}

/// Invalid input shows an error beside its field, sends nothing and keeps the URL.
#[test]
fn invalid_input_shows_field_errors_and_keeps_the_url() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from_at, to_at) = (day + 8 * 3600, day + 10 * 3600);
        let (from, to) = (utc_text(from_at), utc_text(to_at));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
            ("sampling", "hour"),
        ];
        portal.open(&stats_url("origination", &query)).await;
        let shown = wait_for_results(&portal).await;
        let url = portal.current_url().await;
        let requests = stats_requests(&portal).await;

        // An originating IP that is no address.
        portal.click(&format!("{MORE_FILTERS} > summary")).await;
        portal
            .fill(&format!("{FORM} input[name=auth-orig-ip]"), "999.1.1")
            .await;
        portal.click(APPLY).await;
        let ip_error = format!("{FORM} label:has(input[name=auth-orig-ip]) span.field-error");
        let message = portal.wait_for_text(&ip_error, "999.1.1").await;
        eprintln!("auth-orig-ip error: {message}");
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(portal.current_url().await, url, "the URL is unchanged");
        assert_eq!(
            stats_requests(&portal).await,
            requests,
            "no request is sent"
        );
        assert_eq!(wait_for_results(&portal).await, shown, "the results stay");

        // Corrected, and then a range that ends before it starts.
        erase(&portal, &format!("{FORM} input[name=auth-orig-ip]")).await;
        let before_start = browser_wall_clock(&portal, from_at - 3600).await;
        set_and_change(
            &portal,
            &format!("{FORM} input[name=to-time]"),
            &before_start,
        )
        .await;
        portal.click(APPLY).await;
        let to_error = format!("{FORM} label:has(input[name=to-time]) span.field-error");
        let message = portal
            .wait_for(&to_error)
            .await
            .text()
            .await
            .unwrap_or_default();
        eprintln!("to-time error: {message}");
        assert!(
            portal
                .client()
                .find(e2e::fantoccini::Locator::Css(&ip_error))
                .await
                .is_err(),
            "the corrected IP shows no error any more"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(portal.current_url().await, url, "the URL is unchanged");
        assert_eq!(
            stats_requests(&portal).await,
            requests,
            "no request is sent"
        );

        // A bookmark with the bad address: the same error, a hint, and no request.
        let mut bad = query.to_vec();
        bad.push(("auth-orig-ip", "999.1.1"));
        portal.open(&stats_url("origination", &bad)).await;
        portal.wait_for_text(&ip_error, "999.1.1").await;
        portal
            .wait_for_text(".statistics-page p.hint", "Fix the form")
            .await;
        assert!(
            is_open(&portal, MORE_FILTERS).await,
            "the narrowing fields with the error are open"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(stats_requests(&portal).await, 0, "no statistics request");
        assert!(
            results_now(&portal).await.is_none(),
            "no results for a bad query"
        );
    });
}

/// The legend hides a series, the crosshair shows exact values, a drag zooms and the reset
/// button undoes it.
#[test]
fn legend_crosshair_and_zoom_work_on_the_canvas() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from, to) = (utc_text(day - 2 * DAY), utc_text(day + DAY));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
            ("sampling", "hour"),
        ];
        portal.open(&stats_url("origination", &query)).await;
        wait_for_results(&portal).await;
        let body = api.statistics("origination-statistics", &query).await;
        let chart = "chart-calls";
        let drawn = wait_for_drawn_chart(&portal, chart).await;

        // The legend: unticking "successful" takes its colour off the canvas.
        let successful = drawn.by_series["successful_calls"];
        portal
            .click(&format!(
                "#{chart} .legend input[type=checkbox][name=successful_calls]"
            ))
            .await;
        let hidden = wait_for_pixels(
            &portal,
            chart,
            "far fewer pixels of successful_calls' colour once it is unticked",
            |pixels| pixels.by_series["successful_calls"] * 10 < successful,
        )
        .await;
        assert!(
            hidden.by_series["total_calls"] >= DRAWN,
            "the other series stay drawn: {hidden:?}"
        );

        // The crosshair: a time and a value per visible series.
        let canvas = scrolled_into_view(&portal, &format!("#{chart} canvas")).await;
        let (_, _, width, _) = canvas.rectangle().await.expect("the canvas' size");
        hover(&portal, &canvas, 0.0).await;
        portal.wait_for(&format!("#{chart} .crosshair")).await;
        let tooltip = portal
            .wait_for_texts(
                &format!("#{chart} .chart-tooltip"),
                "a time and values",
                |texts| texts.len() == 1 && texts[0].contains("Total") && texts[0].contains(':'),
            )
            .await;
        let time = portal
            .wait_for(&format!("#{chart} .chart-tooltip .tooltip-time"))
            .await
            .text()
            .await
            .unwrap_or_default();
        let at = tooltip_instant(&portal, &time).await;
        let index = body["data"]["t"]
            .as_array()
            .and_then(|t| t.iter().position(|t| t.as_i64() == Some(at)))
            .unwrap_or_else(|| panic!("the tooltip's time {time:?} is no sample of the API's"));
        let rows = portal
            .wait_for_texts(
                &format!("#{chart} .chart-tooltip li"),
                "one row per visible series",
                |rows| rows.len() == 2,
            )
            .await;
        let row = |label: &str, key: &str| {
            let value = &body["data"][key][index];
            let value = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_owned);
            format!("{label}: {} calls", grouped(&value))
        };
        // The row's parts are flex items: the text breaks between them.
        let rows: Vec<String> = rows
            .iter()
            .map(|row| row.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            rows,
            [row("Total", "total_calls"), row("Failed", "failed_calls")],
            "the tooltip at {time} ({tooltip:?}): the API's values, without the hidden series"
        );

        // The zoom: a drag across the middle half of the canvas shows just the dragged times,
        // and the reset shows them all again.
        let (left, right) = (-width / 4.0, width / 4.0);
        let start = time_under_pointer(&portal, chart, &canvas, left).await;
        let end = time_under_pointer(&portal, chart, &canvas, right).await;
        let edges = (-width / 2.0 + 90.0, width / 2.0 - 30.0);
        let first = time_under_pointer(&portal, chart, &canvas, edges.0).await;
        let last = time_under_pointer(&portal, chart, &canvas, edges.1).await;
        let before = pixels_now(&portal, chart).await;
        let drag = MouseActions::new("mouse".to_owned())
            .then(PointerAction::MoveToElement {
                element: canvas.clone(),
                duration: None,
                x: left,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveToElement {
                element: canvas.clone(),
                duration: Some(Duration::from_millis(300)),
                x: right,
                y: 0.0,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        portal
            .client()
            .perform_actions(drag)
            .await
            .expect("dragging across the plot");
        portal
            .wait_for(&format!("#{chart} button.zoom-reset"))
            .await;
        let zoomed = pixels_now(&portal, chart).await;
        assert_ne!(zoomed, before, "the zoomed chart is drawn anew");
        // Near the plot's edges now: about the times where the drag started and ended (the
        // tooltip snaps to the nearest hourly sample).
        let zoomed_first = time_under_pointer(&portal, chart, &canvas, edges.0).await;
        let zoomed_last = time_under_pointer(&portal, chart, &canvas, edges.1).await;
        eprintln!(
            "plot {first}–{last}; dragged {start}–{end}; zoomed {zoomed_first}–{zoomed_last}"
        );
        let near = |a: i64, b: i64| (a - b).abs() <= 3 * 3600;
        assert!(
            near(zoomed_first, start) && near(zoomed_last, end),
            "zoomed to {start}–{end} (dragged), the plot spans about {zoomed_first}–{zoomed_last}"
        );

        portal.click(&format!("#{chart} button.zoom-reset")).await;
        portal
            .wait_until("the zoom reset button to go", async || {
                let found = portal
                    .client()
                    .find_all(e2e::fantoccini::Locator::Css(&format!(
                        "#{chart} button.zoom-reset"
                    )))
                    .await
                    .ok()?;
                found.is_empty().then_some(())
            })
            .await;
        assert_eq!(
            (
                time_under_pointer(&portal, chart, &canvas, edges.0).await,
                time_under_pointer(&portal, chart, &canvas, edges.1).await
            ),
            (first, last),
            "the reset shows the whole range again"
        );
        let _ = portal.client().release_actions().await;
    });
}

/// Figure texts by key.
type Figures = BTreeMap<String, String>;

/// The sides of the dashboard's "today", each with the endpoint its figures come from.
const DASHBOARD_SIDES: [(&str, &str); 2] = [
    ("originated", "origination-statistics"),
    ("terminated", "termination-statistics"),
];

/// The dashboard's figures by side and key, read in one go so that no refresh lands between
/// two of them; `None` until both sides show their figures.
async fn dashboard_figures(portal: &Portal) -> Option<BTreeMap<String, Figures>> {
    let script = "const sides = {};
        for (const side of ['originated', 'terminated']) {
            const figures = {};
            for (const figure of document.querySelectorAll(
                    `.dashboard .today-direction[data-direction=${side}] dl.totals .figure`)) {
                const value = figure.querySelector('dd');
                figures[figure.dataset.key] = value ? value.innerText.trim() : '';
            }
            if (!('total_calls' in figures)) return null;
            sides[side] = figures;
        }
        return sides;";
    let value = portal.client().execute(script, Vec::new()).await.ok()?;
    serde_json::from_value(value).ok()
}

/// The dashboard's texts for the day's totals an API body states, prices in `currency`.
fn dashboard_texts(totals: &BTreeMap<String, Option<String>>, currency: &str) -> Figures {
    [
        ("total_calls", ""),
        ("asr", "%"),
        ("acd", "s"),
        ("total_price", currency),
    ]
    .into_iter()
    .map(|(key, unit)| {
        let text = match totals.get(key) {
            Some(Some(value)) if unit.is_empty() => grouped(value),
            Some(Some(value)) => format!("{} {unit}", grouped(value)),
            Some(None) => "—".to_owned(),
            None => panic!("no {key} in {totals:?}"),
        };
        (key.to_owned(), text)
    })
    .collect()
}

/// The dashboard shows the account, today's figures and the CPS chart; today's figures are
/// the API's for the browser's today; the picker switches the account.
#[test]
fn the_dashboard_shows_todays_figures_of_the_account() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let account = api.account_record(ACCOUNT).await;
        let (id, currency) = (
            text_of(&account["id"]),
            text_of(&account["attributes"]["currency"]),
        );

        // The page resolves "today" itself, up to its own now, and again every 30 s: each side
        // shows, figure for figure, the API's totals for a window the page asked for.
        let (_, midnight_before) = browser_midnights(&portal).await;
        portal
            .open(&format!(
                "/?account-id={}",
                api_model::query::encode_component(&id)
            ))
            .await;
        let mut counted: BTreeMap<(&str, Window), Figures> = BTreeMap::new();
        let shown = portal
            .wait_until_seen(
                "today's figures on both sides as the API counts a window the page asked for",
                async || {
                    let shown = dashboard_figures(&portal)
                        .await
                        .ok_or_else(|| "no figures on both sides".to_owned())?;
                    for (side, endpoint) in DASHBOARD_SIDES {
                        let mut expected = Vec::new();
                        for window in asked_windows(&portal, endpoint) {
                            let key = (endpoint, window);
                            if !counted.contains_key(&key) {
                                let (from, to) = &key.1;
                                let query = [
                                    ("account-id", id.as_str()),
                                    ("from-time", from.as_str()),
                                    ("to-time", to.as_str()),
                                    ("sampling", "day"),
                                ];
                                let totals = api_totals(&api.statistics(endpoint, &query).await);
                                counted.insert(key.clone(), dashboard_texts(&totals, &currency));
                            }
                            expected.push((key.1.clone(), counted[&key].clone()));
                        }
                        let figures = &shown[side];
                        let same = |texts: &Figures| {
                            texts
                                .iter()
                                .all(|(key, text)| figures.get(key) == Some(text))
                        };
                        if !expected.iter().any(|(_, texts)| same(texts)) {
                            return Err(format!(
                                "{side}: the page shows {figures:?}; the API counts, for the \
                                 windows the page asked for, {expected:?}"
                            ));
                        }
                    }
                    Ok(shown)
                },
            )
            .await;
        // Each of those windows is today: from the browser's midnight (before or after the
        // page loaded, should midnight pass meanwhile).
        let windows: Vec<_> = DASHBOARD_SIDES
            .iter()
            .flat_map(|(_, endpoint)| asked_windows(&portal, endpoint))
            .collect();
        let (_, midnight_after) = browser_midnights(&portal).await;
        let zone = browser_zone(&portal).await;
        let midnights = [utc_text(midnight_before), utc_text(midnight_after)];
        eprintln!("dashboard in {zone}: {shown:?} for {windows:?}");
        for (from, to) in &windows {
            assert!(
                midnights.contains(from) && from < to,
                "the dashboard asked for {from} – {to}, not today since the browser's \
                 midnight ({midnights:?}, {zone})"
            );
        }
        let active = &shown["originated"]["active-now"];
        assert!(
            active.chars().all(|c| c.is_ascii_digit() || c == ','),
            "active calls now: {active:?}"
        );
        // The profile shows both sides: terminated figures beside the originated ones.
        portal
            .wait_for_text(
                ".dashboard .today-direction[data-direction=terminated] h2",
                "Terminated",
            )
            .await;

        assert_eq!(
            portal.value_of(".dashboard select[name=account-id]").await,
            id
        );
        portal.wait_for_text(".account-card h2", ACCOUNT).await;
        let balance = format!(
            "{} {currency}",
            grouped(&text_of(&account["attributes"]["balance"]))
        );
        portal
            .wait_for_texts(".account-card .balance", &balance, |texts| {
                texts == [balance.as_str()]
            })
            .await;
        let pixels = wait_for_drawn_chart(&portal, "dashboard-cps").await;
        eprintln!("dashboard-cps: {pixels:?}");

        // Another account from the picker.
        let other = api.account_record("Berlin Retail").await;
        let other_id = text_of(&other["id"]);
        choose(&portal, ".dashboard select[name=account-id]", &other_id).await;
        portal
            .wait_for_url(&format!("/?account-id={other_id}"), |url| {
                url.path() == "/"
                    && e2e::query_param(url, "account-id").as_deref() == Some(other_id.as_str())
            })
            .await;
        portal
            .wait_for_text(".account-card h2", "Berlin Retail")
            .await;
        let balance = format!(
            "{} {}",
            grouped(&text_of(&other["attributes"]["balance"])),
            text_of(&other["attributes"]["currency"])
        );
        portal
            .wait_for_texts(".account-card .balance", &balance, |texts| {
                texts == [balance.as_str()]
            })
            .await;
    });
}

/// Choosing UTC in the header keeps the view, shows the range and the crosshair's times in
/// UTC, and redraws the charts without an error. The time axis names the zone once; the zoomed
/// span's times leave it out.
#[test]
fn switching_to_utc_keeps_the_view_and_redraws_the_charts() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from_at, to_at) = (day + 3600, day + 23 * 3600);
        let (from, to) = (utc_text(from_at), utc_text(to_at));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", &from),
            ("to-time", &to),
            ("sampling", "15minutes"),
        ];
        portal.open(&stats_url("quality", &query)).await;
        let shown = wait_for_results(&portal).await;
        for chart in &shown.charts {
            wait_for_drawn_chart(&portal, chart).await;
        }
        let url = portal.current_url().await;
        let range_fields = async || {
            (
                with_seconds(&portal.value_of(&format!("{FORM} [name=from-time]")).await),
                with_seconds(&portal.value_of(&format!("{FORM} [name=to-time]")).await),
            )
        };
        assert_eq!(portal.value_of("select#time-zone").await, "browser");
        assert_eq!(
            range_fields().await,
            (
                browser_wall_clock(&portal, from_at).await,
                browser_wall_clock(&portal, to_at).await
            ),
            "the range in the browser's wall clock"
        );

        // The crosshair tells times with the browser's offset.
        let chart = shown.charts[0].clone();
        let tooltip_time = format!("#{chart} .chart-tooltip .tooltip-time");
        let canvas = scrolled_into_view(&portal, &format!("#{chart} canvas")).await;
        hover(&portal, &canvas, 0.0).await;
        let time = portal.wait_for(&tooltip_time).await.text().await;
        let time = time.unwrap_or_default();
        let offset = time.rsplit(' ').next().unwrap_or_default();
        assert!(
            offset.len() == 6 && (offset.starts_with('+') || offset.starts_with('-')),
            "the tooltip's time in the browser's zone, with its offset: {time:?}"
        );
        let heading = portal.wait_for(".statistics-page h1").await;
        let away = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
            element: heading,
            duration: None,
            x: 0.0,
            y: 0.0,
        });
        portal
            .client()
            .perform_actions(away)
            .await
            .expect("moving the mouse off the chart");

        // Mark each canvas, so a redraw (or a new canvas) shows by the mark going.
        let mark = "for (const canvas of document.querySelectorAll(arguments[0])) {
                const context = canvas.getContext('2d');
                context.fillStyle = 'rgb(255, 0, 255)';
                context.fillRect(0, 0, 4, 4);
            }";
        let marked = "return Array.from(document.querySelectorAll(arguments[0]), (canvas) => {
                const [r, g, b] = canvas.getContext('2d').getImageData(1, 1, 1, 1).data;
                return r === 255 && g === 0 && b === 255;
            });";
        let canvases = json!(format!("{RESULTS} figure.chart canvas"));
        portal
            .client()
            .execute(mark, vec![canvases.clone()])
            .await
            .expect("marking the canvases");

        choose(&portal, "select#time-zone", "utc").await;
        portal
            .wait_until("every chart redrawn", async || {
                let value = portal
                    .client()
                    .execute(marked, vec![canvases.clone()])
                    .await
                    .ok()?;
                let marks = value.as_array()?;
                (marks.len() == shown.charts.len()
                    && marks.iter().all(|m| m.as_bool() == Some(false)))
                .then_some(())
            })
            .await;
        for chart in &shown.charts {
            wait_for_drawn_chart(&portal, chart).await;
        }
        assert_eq!(portal.current_url().await, url, "the view is kept");
        assert_eq!(wait_for_results(&portal).await, shown, "the same results");
        let errors = portal
            .client()
            .find_all(e2e::fantoccini::Locator::Css(
                ".error-panel, figure.chart .form-error, span.field-error",
            ))
            .await
            .expect("looking for errors");
        assert!(errors.is_empty(), "no error after switching the zone");
        assert_eq!(
            range_fields().await,
            (from.replace(' ', "T"), to.replace(' ', "T")),
            "the range in UTC's wall clock"
        );

        // The crosshair now tells times in UTC.
        let canvas = scrolled_into_view(&portal, &format!("#{chart} canvas")).await;
        hover(&portal, &canvas, 0.0).await;
        let time = portal.wait_for_text(&tooltip_time, "UTC").await;
        assert!(time.ends_with(" UTC"), "the tooltip's time: {time:?}");
        let _ = portal.client().release_actions().await;

        for chart in &shown.charts {
            portal
                .wait_for_text(&format!("#{chart} .chart-time-axis"), "Time (UTC)")
                .await;
        }
        portal.click(&format!("#{chart} button.zoom-in")).await;
        let zoomed = portal
            .wait_for_texts(
                &format!("#{chart} .zoom-state"),
                "the zoomed span",
                |texts| texts.len() == 1 && texts[0].starts_with("Showing"),
            )
            .await;
        assert!(
            !zoomed[0].contains("UTC") && !zoomed[0].contains("+00:00"),
            "the zoomed span's times leave the zone to the axis: {zoomed:?}"
        );
    });
}

/// "Show" asks again for the view it shows: an open-ended custom range ("from … until now")
/// gains the calls made since.
#[test]
fn show_asks_again_for_an_unchanged_view() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let from = utc_text(now_seconds() - 2 * 3600);
        let query = [
            ("account-id", account.as_str()),
            ("from-time", from.as_str()),
            ("sampling", "minute"),
        ];
        portal.open(&stats_url("origination", &query)).await;
        wait_for_results(&portal).await;
        let url = portal.current_url().await;
        let requests = stats_requests(&portal).await;
        portal.click(APPLY).await;
        // A request starts at once; five seconds is plenty.
        portal
            .wait_until_within(
                Duration::from_secs(5),
                "a new statistics request after Show",
                async || (stats_requests(&portal).await > requests).then_some(()),
            )
            .await;
        wait_for_results(&portal).await;
        assert_eq!(portal.current_url().await, url, "the same view");
    });
}

/// Makes the page's requests whose URL matches the regular expression `url_pattern` fail with
/// a 500 (`on`), or lets them through again.
async fn fail_requests(portal: &Portal, url_pattern: &str, on: bool) {
    let script = "if (!window.__realFetch) window.__realFetch = window.fetch;
        const real = window.__realFetch;
        const failing = new RegExp(arguments[1]);
        window.fetch = arguments[0]
            ? (input, init) => {
                const url = typeof input === 'string' ? input : input.url;
                if (!failing.test(url)) return real(input, init);
                const body = JSON.stringify({ errors: [{ status: '500', title: 'Injected failure' }] });
                return Promise.resolve(new Response(body, {
                    status: 500, headers: { 'Content-Type': 'application/vnd.api+json' },
                }));
            }
            : real;";
    portal
        .client()
        .execute(script, vec![json!(on), json!(url_pattern)])
        .await
        .expect("replacing the page's fetch");
}

/// The statistics requests of the origination pages.
const STATISTICS_REQUESTS: &str = "origination-";
/// The requests for the list of countries.
const COUNTRY_REQUESTS: &str = r"/countries\?";

/// A failed request shows an error panel (over the last results, or instead of them) whose
/// Retry asks again.
#[test]
fn a_failed_request_shows_an_error_panel_with_a_working_retry() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        let day = yesterday_utc();
        let (from, to) = (utc_text(day + 8 * 3600), utc_text(day + 12 * 3600));
        let query = [
            ("account-id", account.as_str()),
            ("from-time", from.as_str()),
            ("to-time", to.as_str()),
            ("sampling", "hour"),
        ];
        portal.open(&stats_url("origination", &query)).await;
        let hourly = wait_for_results(&portal).await;

        // A reload that fails: the panel above the last results.
        fail_requests(&portal, STATISTICS_REQUESTS, true).await;
        choose(
            &portal,
            &format!("{FORM} select[name=sampling]"),
            "5minutes",
        )
        .await;
        portal.click(APPLY).await;
        portal
            .wait_for_url("sampling=5minutes", |url| {
                e2e::query_param(url, "sampling").as_deref() == Some("5minutes")
            })
            .await;
        let panel = ".statistics-page .error-panel";
        portal.wait_for_text(panel, "500").await;
        assert_eq!(
            wait_for_results(&portal).await.totals,
            hourly.totals,
            "the last results stay below the panel"
        );
        fail_requests(&portal, STATISTICS_REQUESTS, false).await;
        portal.click(&format!("{panel} button.retry")).await;
        let body = api
            .statistics(
                "origination-statistics",
                &[
                    ("account-id", account.as_str()),
                    ("from-time", from.as_str()),
                    ("to-time", to.as_str()),
                    ("sampling", "5minutes"),
                ],
            )
            .await;
        portal
            .wait_for_texts(
                &format!("{RESULTS} p.samples"),
                "the samples at 5 minutes",
                |texts| texts.len() == 1 && samples_of(&texts[0]) == sample_count(&body),
            )
            .await;
        let panels = portal
            .client()
            .find_all(e2e::fantoccini::Locator::Css(panel))
            .await
            .expect("looking for error panels");
        assert!(panels.is_empty(), "the panel goes once the retry succeeds");

        // A first load that fails (another view, reached without reloading the page).
        fail_requests(&portal, STATISTICS_REQUESTS, true).await;
        portal.click("a[href='/statistics/quality']").await;
        portal.wait_for_path("/statistics/quality").await;
        portal.wait_for_text(panel, "500").await;
        assert!(results_now(&portal).await.is_none(), "no results yet");
        fail_requests(&portal, STATISTICS_REQUESTS, false).await;
        portal.click(&format!("{panel} button.retry")).await;
        // The link opens today, which has no calls yet just after midnight: the API, asked for
        // the window the retry asked for, says whether the charts or the note are due.
        let answer = wait_for_answer(&portal).await;
        let quality = "origination-statistics-quality";
        let (from, to) = asked_window(&portal, quality);
        let url = portal.current_url().await;
        let param = |name: &str| {
            e2e::query_param(&url, name).unwrap_or_else(|| panic!("no {name} in {url}"))
        };
        let (account, sampling) = (param("account-id"), param("sampling"));
        let body = api
            .statistics(
                quality,
                &[
                    ("account-id", account.as_str()),
                    ("from-time", from.as_str()),
                    ("to-time", to.as_str()),
                    ("sampling", sampling.as_str()),
                ],
            )
            .await;
        let calls = body["totals"]["total_calls"]
            .as_u64()
            .unwrap_or_else(|| panic!("no totals.total_calls in {body}"));
        match answer {
            Some(shown) => assert!(
                calls > 0 && shown.charts == QUALITY_CHARTS,
                "{from} – {to}: the charts {:?}, for {calls} calls",
                shown.charts
            ),
            None => assert_eq!(calls, 0, "{from} – {to}: the note, for {calls} calls"),
        }
        assert!(
            portal
                .client()
                .find_all(e2e::fantoccini::Locator::Css(panel))
                .await
                .is_ok_and(|panels| panels.is_empty()),
            "the panel goes once the retry succeeds"
        );
    });
}

/// The countries of the country filters are asked for once those filters are shown, not with
/// the page: folded away, they would compete with the statistics on a first load.
#[test]
fn the_countries_are_asked_for_once_the_filters_are_shown() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        let countries_asked = |portal: &Portal| {
            portal
                .served_requests()
                .iter()
                .filter(|r| r.endpoint() == "countries")
                .count()
        };
        let summary = format!("{MORE_FILTERS} summary");
        let a_country = format!("{FORM} select[name=dst-country-id] option:not([value=''])");
        portal
            .click("nav#main-nav a[href='/statistics/termination']")
            .await;
        wait_for_answer(&portal).await;
        assert_eq!(countries_asked(&portal), 0, "the countries with the page");

        portal.click(&summary).await;
        portal.wait_for(&a_country).await;
        assert_eq!(countries_asked(&portal), 1, "the countries once shown");
        // Folded and shown again, the picker keeps them.
        for open in [false, true] {
            portal.click(&summary).await;
            portal
                .wait_until("the filters folded or shown", async || {
                    (is_open(&portal, MORE_FILTERS).await == open).then_some(())
                })
                .await;
            // Time for the page to act on it (the toggle event comes in a task of its own).
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        portal.wait_for(&a_country).await;
        assert_eq!(countries_asked(&portal), 1, "the countries asked again");
    });
}

/// The country filters take their countries from `/countries`: when that list fails the filter
/// says so and its Retry fetches it; a chosen country goes to the API as its integer id.
#[test]
fn a_failed_country_list_says_so_and_retries() {
    e2e::run(|portal| async move {
        let api = sign_in(&portal).await;
        let (account, _) = api.account(ACCOUNT).await;
        // The page's own fetch fails for countries from here on; the statistics page is
        // reached inside the app, so the failure is in place when it asks.
        fail_requests(&portal, COUNTRY_REQUESTS, true).await;
        portal
            .click("nav#main-nav a[href='/statistics/termination']")
            .await;
        portal.wait_for_path("/statistics/termination").await;
        // Today's calls are not the subject (there may be none yet): any answer will do.
        wait_for_answer(&portal).await;
        portal.click(&format!("{MORE_FILTERS} summary")).await;
        let failed = ".narrowing-fields .countries-failed";
        portal.wait_for_text(failed, "countries").await;

        fail_requests(&portal, COUNTRY_REQUESTS, false).await;
        portal.click(&format!("{failed} button.retry")).await;
        let select = format!("{FORM} select[name=dst-country-id]");
        let first = portal
            .wait_until("the countries after the retry", async || {
                let script =
                    "const o = document.querySelector(arguments[0] + ' option:not([value=\"\"])');
                    return o ? o.value : null;";
                match portal.client().execute(script, vec![json!(select)]).await {
                    Ok(Value::String(value)) => Some(value),
                    _ => None,
                }
            })
            .await;
        assert!(
            first.chars().all(|c| c.is_ascii_digit()),
            "a country's id is an integer: {first:?}"
        );
        let gone = portal
            .client()
            .find_all(e2e::fantoccini::Locator::Css(failed))
            .await
            .expect("looking for the failure note");
        assert!(gone.is_empty(), "the note goes once the countries came");
        choose(&portal, &select, &first).await;
        portal.click(APPLY).await;
        portal
            .wait_for_url("dst-country-id in the URL", |url| {
                e2e::query_param(url, "dst-country-id").as_deref() == Some(first.as_str())
            })
            .await;
        portal
            .wait_until("the termination request with the country", async || {
                portal
                    .served_requests()
                    .iter()
                    .any(|r| {
                        r.endpoint() == "termination-statistics"
                            && r.query_param("dst-country-id").as_deref() == Some(first.as_str())
                            && r.query_param("account-id").as_deref() == Some(account.as_str())
                    })
                    .then_some(())
            })
            .await;
    });
}
