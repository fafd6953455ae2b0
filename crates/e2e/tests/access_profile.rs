//! The operator's access profile, end to end (`GET /profiles`, served by the demo server as a
//! test asks: `Portal::serve_profile`). Each statistics flag withheld alone takes its metric off
//! every place that shows it, and leaves every other metric where it was: as a series off the
//! charts, their legends, tooltips, tables of values, CSV files and pictures; as a figure off
//! the totals and the figures of today on the overview and the account's page. A bookmark
//! naming a withheld series opens without it, a view left with nothing says so, a newer
//! server's unknown flags are ignored and an older server's missing ones allow everything, and
//! the seeded `demo-restricted` login sees no price and no ACD anywhere. In English and in
//! Ukrainian.

use e2e::fantoccini::actions::{InputSource, MouseActions, PointerAction};
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup};
use serde_json::{Value, json};
use std::time::Duration;

const ACCOUNT: &str = "Kyiv Wholesale";
const NAV_ACCOUNTS: &str = "nav#main-nav a[href='/accounts']";

/// A language of the portal and the words it uses for the metrics.
#[derive(Clone, Copy)]
struct Language {
    tag: &'static str,
    /// The accounts' link in the navigation, to know the language is in force.
    accounts: &'static str,
    /// By metric key: its legend entry on a traffic view (`calls` chart entries are short),
    /// on a quality view, its total, its figure of today (originated, terminated).
    words: &'static [(&'static str, [&'static str; 5])],
    nothing_shown: &'static str,
}

const ENGLISH: Language = Language {
    tag: "en",
    accounts: "Accounts",
    words: &[
        (
            "total_calls",
            [
                "Total",
                "Total calls",
                "Total calls",
                "Calls today",
                "Calls today",
            ],
        ),
        (
            "successful_calls",
            ["Successful", "", "Successful calls", "", ""],
        ),
        ("failed_calls", ["Failed", "", "Failed calls", "", ""]),
        (
            "total_duration",
            ["Total duration", "", "Total duration", "", ""],
        ),
        ("acd", ["ACD", "ACD", "ACD", "ACD today", "ACD today"]),
        ("asr", ["ASR", "ASR", "ASR", "ASR today", "ASR today"]),
        (
            "total_price",
            [
                "Total price",
                "",
                "Total price",
                "Spend today",
                "Earned today",
            ],
        ),
        ("cps", ["", "CPS", "CPS", "", ""]),
        (
            "active-now",
            ["", "", "", "Active calls now", "Active calls now"],
        ),
    ],
    nothing_shown: "Your provider shows no statistics on this page for your account.",
};

const UKRAINIAN: Language = Language {
    tag: "uk",
    accounts: "Рахунки",
    words: &[
        (
            "total_calls",
            [
                "Усього",
                "Усього дзвінків",
                "Усього дзвінків",
                "Дзвінки сьогодні",
                "Дзвінки сьогодні",
            ],
        ),
        (
            "successful_calls",
            ["Успішні", "", "Успішні дзвінки", "", ""],
        ),
        (
            "failed_calls",
            ["Неуспішні", "", "Неуспішні дзвінки", "", ""],
        ),
        (
            "total_duration",
            ["Загальна тривалість", "", "Загальна тривалість", "", ""],
        ),
        ("acd", ["ACD", "ACD", "ACD", "ACD сьогодні", "ACD сьогодні"]),
        ("asr", ["ASR", "ASR", "ASR", "ASR сьогодні", "ASR сьогодні"]),
        (
            "total_price",
            [
                "Загальна вартість",
                "",
                "Загальна вартість",
                "Витрати сьогодні",
                "Зароблено сьогодні",
            ],
        ),
        ("cps", ["", "CPS", "CPS", "", ""]),
        (
            "active-now",
            ["", "", "", "Активні дзвінки зараз", "Активні дзвінки зараз"],
        ),
    ],
    nothing_shown: "Ваш провайдер не показує статистику на цій сторінці для вашого облікового запису.",
};

/// Which of [`Language::words`] a place uses.
#[derive(Clone, Copy)]
enum Place {
    TrafficLegend = 0,
    QualityLegend = 1,
    Total = 2,
    TodayOriginated = 3,
    TodayTerminated = 4,
}

impl Language {
    fn word(&self, key: &str, place: Place) -> String {
        let (_, words) = self
            .words
            .iter()
            .find(|(known, _)| *known == key)
            .unwrap_or_else(|| panic!("no words for {key}"));
        words[place as usize].to_owned()
    }

    /// (key, words) of each key shown at `place`.
    fn labelled(&self, keys: &[&str], place: Place) -> Entries {
        keys.iter()
            .map(|key| ((*key).to_owned(), self.word(key, place)))
            .collect()
    }
}

/// A side of the traffic: its flags' prefix, its views and its figures of today.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    Outgoing,
    Incoming,
}

impl Side {
    fn prefix(self) -> &'static str {
        match self {
            Side::Outgoing => "outgoing",
            Side::Incoming => "incoming",
        }
    }

    /// The traffic and quality views' paths below `/statistics/`.
    fn views(self) -> (&'static str, &'static str) {
        match self {
            Side::Outgoing => ("origination", "quality"),
            Side::Incoming => ("termination", "termination-quality"),
        }
    }

    fn direction(self) -> &'static str {
        match self {
            Side::Outgoing => "originated",
            Side::Incoming => "terminated",
        }
    }

    fn today(self) -> Place {
        match self {
            Side::Outgoing => Place::TodayOriginated,
            Side::Incoming => Place::TodayTerminated,
        }
    }
}

/// The metrics the profile's flags name, after `…-statistics-`, and the keys each withholds:
/// its own, and what is worked out from it (calls per second count the calls).
const METRIC_FLAGS: [(&str, &[&str]); 7] = [
    ("acd", &["acd"]),
    ("asr", &["asr"]),
    ("failed-calls", &["failed_calls"]),
    ("successful-calls", &["successful_calls"]),
    ("total-calls", &["total_calls", "cps"]),
    ("total-duration", &["total_duration"]),
    ("total-price", &["total_price"]),
];

/// The charts of a traffic view and of a quality view, each with its series.
const TRAFFIC_CHARTS: [(&str, &[&str]); 5] = [
    (
        "chart-calls",
        &["total_calls", "successful_calls", "failed_calls"],
    ),
    ("chart-duration", &["total_duration"]),
    ("chart-acd", &["acd"]),
    ("chart-asr", &["asr"]),
    ("chart-price", &["total_price"]),
];
const QUALITY_CHARTS: [(&str, &[&str]); 4] = [
    ("chart-calls", &["total_calls"]),
    ("chart-acd", &["acd"]),
    ("chart-asr", &["asr"]),
    ("chart-cps", &["cps"]),
];
const TRAFFIC_TOTALS: [&str; 7] = [
    "total_calls",
    "successful_calls",
    "failed_calls",
    "total_duration",
    "acd",
    "asr",
    "total_price",
];
const QUALITY_TOTALS: [&str; 4] = ["total_calls", "acd", "asr", "cps"];
const TODAY: [&str; 5] = ["active-now", "total_calls", "asr", "acd", "total_price"];

fn without<'a>(keys: &[&'a str], withheld: &[&str]) -> Vec<&'a str> {
    keys.iter()
        .copied()
        .filter(|key| !withheld.contains(key))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// What a page shows

/// Entries as (key, words), in their order.
type Entries = Vec<(String, String)>;

/// A chart as shown: its id, its legend's entries, its table of values' rows.
type ShownChart = (String, Entries, Entries);

/// A statistics page's results: totals and charts, each as (key, words) in their order.
#[derive(Debug, Clone, PartialEq)]
struct Results {
    totals: Entries,
    /// (chart id, its legend's entries, its table of values' rows)
    charts: Vec<ShownChart>,
    /// The narrowing fields the form offers.
    narrowing: Vec<String>,
    /// The legend entries ticked, by key.
    ticked: Vec<String>,
}

/// The results once the page shows them (its account list in, not being replaced).
async fn wait_for_results(portal: &Portal) -> Results {
    let script = "const accounts = document.querySelectorAll(
            'form.stats-form select[name=account-id] option:not([value=\"\"])');
        if (accounts.length === 0) return null;
        const results = document.querySelector('.statistics-page .stats-results');
        if (!results || results.classList.contains('stale')) return null;
        const text = (node) => node ? node.textContent.trim() : '';
        const totals = Array.from(results.querySelectorAll('dl.totals .figure'),
            (f) => [f.dataset.key, text(f.querySelector('dt'))]);
        const charts = Array.from(results.querySelectorAll('figure.chart'), (f) => [
            f.id,
            Array.from(f.querySelectorAll('.legend label'),
                (l) => [l.querySelector('input').name, text(l)]),
            Array.from(f.querySelectorAll('table.chart-values tbody tr'),
                (r) => [r.dataset.key, text(r.querySelector('th'))]),
        ]);
        const ticked = Array.from(results.querySelectorAll('.legend input:checked'), (i) => i.name);
        const narrowing = Array.from(
            document.querySelectorAll('form.stats-form .narrowing-field [name]'), (i) => i.name);
        return { totals, charts, narrowing, ticked };";
    portal
        .wait_until("the statistics results", async || {
            let value = portal.client().execute(script, Vec::new()).await.ok()?;
            let part = |name: &str| value.get(name).cloned().unwrap_or_default();
            Some(Results {
                totals: serde_json::from_value(part("totals")).ok()?,
                charts: serde_json::from_value(part("charts")).ok()?,
                narrowing: serde_json::from_value(part("narrowing")).ok()?,
                ticked: serde_json::from_value(part("ticked")).ok()?,
            })
        })
        .await
}

/// The charts a view shows with `withheld` series: each with its legend entries (and as many
/// rows of values), a chart without any left out.
fn expected_charts(
    charts: &[(&str, &[&str])],
    withheld: &[&str],
    language: Language,
    place: Place,
) -> Vec<ShownChart> {
    charts
        .iter()
        .map(|(id, series)| (*id, without(series, withheld)))
        .filter(|(_, series)| !series.is_empty())
        .map(|(id, series)| {
            // A chart of one series names it in full.
            let place = match (place, series.len(), id) {
                (Place::TrafficLegend, 1, id) if id != "chart-calls" => Place::Total,
                _ => place,
            };
            let entries = language.labelled(&series, place);
            (id.to_owned(), entries.clone(), entries)
        })
        .collect()
}

/// The figures of today of a side on the overview (`.today-direction`) or the account's page
/// (`.account-today`), once they read `expected`. An account's page shows its credit ahead
/// after them, as figures too (`money::credit_ahead_tells_when_a_balance_reaches_its_minimum`
/// tests them): left out here.
async fn wait_for_today(portal: &Portal, css: &str, expected: &[(String, String)]) {
    let script = "const figures = document.querySelectorAll(arguments[0]);
        return Array.from(figures, (f) => [f.dataset.key, f.querySelector('dt').textContent.trim()]);";
    let mut last = Value::Null;
    portal
        .wait_until_seen(&format!("{css}: {expected:?}"), async || {
            let value = portal
                .client()
                .execute(
                    script,
                    vec![json!(format!(
                        r#"{css} dl.totals .figure:not([data-key^="credit"])"#
                    ))],
                )
                .await
                .map_err(|e| e.to_string())?;
            let shown: Entries =
                serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
            last = value;
            if shown == expected {
                Ok(())
            } else {
                Err(last.to_string())
            }
        })
        .await;
}

/// The labels of the rows of a chart's tooltip, with the pointer over its middle.
async fn tooltip_labels(portal: &Portal, chart: &str) -> Vec<String> {
    let canvas = portal.wait_for(&format!("#{chart} canvas")).await;
    let argument = serde_json::to_value(&canvas).expect("an element as a script argument");
    portal
        .client()
        .execute(
            "arguments[0].scrollIntoView({ block: 'center' });",
            vec![argument],
        )
        .await
        .expect("scrolling the chart into view");
    let actions = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
        element: canvas,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    portal
        .client()
        .perform_actions(actions)
        .await
        .expect("moving the mouse over the canvas");
    let rows = portal
        .wait_for_texts(&format!("#{chart} .chart-tooltip li"), "rows", |rows| {
            !rows.is_empty()
        })
        .await;
    let _ = portal.client().release_actions().await;
    rows.iter()
        .map(|row| row.split(':').next().unwrap_or_default().trim().to_owned())
        .collect()
}

/// The header of a chart's CSV download (the file is removed, for the next case's).
async fn csv_header(portal: &Portal, chart: &str) -> String {
    portal.click(&format!("#{chart} button.save-csv")).await;
    let name = format!("{chart}.csv");
    let bytes = portal.wait_for_download(&name).await;
    std::fs::remove_file(portal.downloads_dir().join(&name)).expect("removing the download");
    let text = String::from_utf8(bytes).expect("a CSV in UTF-8");
    text.lines().next().unwrap_or_default().to_owned()
}

/// Pixels of the canvas (the picture a PNG download saves) near the third series colour of
/// the light theme: a calls chart drawing two series has none of it.
async fn third_colour_pixels(portal: &Portal, chart: &str) -> u64 {
    let script = "const canvas = document.querySelector(`#${arguments[0]} canvas`);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
            const d = (data[i] - 39) ** 2 + (data[i + 1] - 174) ** 2 + (data[i + 2] - 96) ** 2;
            if (d <= 40 * 40) count += 1;
        }
        return count;";
    let value = portal
        .client()
        .execute(script, vec![json!(chart)])
        .await
        .expect("reading the canvas");
    value.as_u64().expect("a count")
}

// ---------------------------------------------------------------------------------------------
// Signing in under a profile

/// Signs out (if signed in), serves `profile` to the demo login, signs in and picks
/// `language`: the portal reads the profile afresh as the session starts.
async fn sign_in_under(portal: &Portal, profile: Value, language: Language, signed_in: bool) {
    if signed_in {
        portal.click("#sign-out").await;
        portal.wait_for_path("/login").await;
    }
    portal.serve_profile(profile).await;
    if !signed_in {
        portal.open("/login").await;
    }
    portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
    // On the overview, whatever page the last session ended on.
    if portal.current_url().await.path() != "/" {
        portal.click("nav#main-nav a[href='/']").await;
        portal.wait_for_path("/").await;
    }
    use_language(portal, language).await;
}

async fn use_language(portal: &Portal, language: Language) {
    portal.select("select#language", language.tag).await;
    portal.wait_for_text(NAV_ACCOUNTS, language.accounts).await;
}

/// The id of the demo account the views are about.
async fn account_id(portal: &Portal) -> String {
    let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
    let accounts = portal
        .api_get(&token, "accounts", &[("page[size]", "100")])
        .await;
    accounts["data"]
        .as_array()
        .and_then(|list| list.iter().find(|a| a["attributes"]["name"] == ACCOUNT))
        .and_then(|account| account["id"].as_str())
        .unwrap_or_else(|| panic!("no account {ACCOUNT:?} in {accounts}"))
        .to_owned()
}

/// A view of yesterday of the account: `/statistics/<view>?…`.
fn view_url(view: &str, account: &str, extra: &str) -> String {
    let sampling = if view.ends_with("quality") {
        "15minutes"
    } else {
        "hour"
    };
    format!("/statistics/{view}?account-id={account}&range=yesterday&sampling={sampling}{extra}")
}

fn setup() -> Setup {
    Setup {
        time_limit: Duration::from_secs(420),
        ..Setup::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Each metric flag withheld alone

/// Each series flag of a side withheld alone: its series leaves the side's charts, legends,
/// tables of values, tooltips, CSV files and pictures (and the overview's calls-per-second
/// chart, for the calls), and everything else stays.
async fn each_series_flag(portal: &Portal, side: Side, language: Language) {
    let mut account = String::new();
    for (index, (metric, withheld)) in METRIC_FLAGS.into_iter().enumerate() {
        let flag = format!("{}-statistics-{metric}", side.prefix());
        eprintln!("{flag} ({})", language.tag);
        let mark = portal.served_requests().len();
        sign_in_under(portal, json!({ flag.as_str(): false }), language, index > 0).await;
        if account.is_empty() {
            account = account_id(portal).await;
        }
        // The overview's figures stay; its calls per second go with the calls.
        let today = language.labelled(&TODAY, side.today());
        let css = format!(
            ".dashboard .today-direction[data-direction={}]",
            side.direction()
        );
        wait_for_today(portal, &css, &today).await;
        if side == Side::Outgoing {
            if withheld.contains(&"cps") {
                // Asked for, it would have been asked with the figures.
                assert_absent(portal, "#dashboard-cps", &flag).await;
                let asked = requests_to(portal, "chart-originated-cps", mark);
                assert!(asked.is_empty(), "{flag}: the overview asked for its CPS");
            } else {
                portal.wait_for("#dashboard-cps canvas").await;
            }
        }

        let (traffic, quality) = side.views();
        portal.open(&view_url(traffic, &account, "")).await;
        let shown = wait_for_results(portal).await;
        let charts = expected_charts(&TRAFFIC_CHARTS, withheld, language, Place::TrafficLegend);
        assert_eq!(shown.charts, charts, "{flag}: the {traffic} charts");
        assert_eq!(
            shown.totals,
            language.labelled(&TRAFFIC_TOTALS, Place::Total),
            "{flag}: the totals stay"
        );
        if let Some((_, calls, _)) = charts.iter().find(|(id, _, _)| id == "chart-calls") {
            let labels: Vec<String> = calls.iter().map(|(_, words)| words.clone()).collect();
            assert_eq!(
                tooltip_labels(portal, "chart-calls").await,
                labels,
                "{flag}: tooltip"
            );
            let keys: Vec<&str> = calls.iter().map(|(key, _)| key.as_str()).collect();
            let header = csv_header(portal, "chart-calls").await;
            assert_eq!(header, format!("time,{}", keys.join(",")), "{flag}: CSV");
            if calls.len() < 3 {
                let pixels = third_colour_pixels(portal, "chart-calls").await;
                assert!(pixels < 60, "{flag}: a third line drawn ({pixels} pixels)");
            }
        }

        portal.open(&view_url(quality, &account, "")).await;
        let shown = wait_for_results(portal).await;
        let charts = expected_charts(&QUALITY_CHARTS, withheld, language, Place::QualityLegend);
        assert_eq!(shown.charts, charts, "{flag}: the {quality} charts");
        assert_eq!(
            shown.totals,
            language.labelled(&QUALITY_TOTALS, Place::Total),
            "{flag}: the quality totals stay"
        );
    }
}

/// Each value flag of a side withheld alone: its figure leaves the side's totals and the
/// figures of today (the overview's, the account page's), and everything else stays.
async fn each_value_flag(portal: &Portal, side: Side, language: Language) {
    let mut account = String::new();
    for (index, (metric, withheld)) in METRIC_FLAGS.into_iter().enumerate() {
        let flag = format!("{}-statistics-{metric}-value", side.prefix());
        eprintln!("{flag} ({})", language.tag);
        sign_in_under(portal, json!({ flag.as_str(): false }), language, index > 0).await;
        if account.is_empty() {
            account = account_id(portal).await;
        }
        let today = language.labelled(&without(&TODAY, withheld), side.today());
        let css = format!(
            ".dashboard .today-direction[data-direction={}]",
            side.direction()
        );
        wait_for_today(portal, &css, &today).await;

        let (traffic, quality) = side.views();
        portal.open(&view_url(traffic, &account, "")).await;
        let shown = wait_for_results(portal).await;
        let totals = language.labelled(&without(&TRAFFIC_TOTALS, withheld), Place::Total);
        assert_eq!(shown.totals, totals, "{flag}: the {traffic} totals");
        let charts = expected_charts(&TRAFFIC_CHARTS, &[], language, Place::TrafficLegend);
        assert_eq!(shown.charts, charts, "{flag}: the charts stay");

        portal.open(&view_url(quality, &account, "")).await;
        let shown = wait_for_results(portal).await;
        let totals = language.labelled(&without(&QUALITY_TOTALS, withheld), Place::Total);
        assert_eq!(shown.totals, totals, "{flag}: the {quality} totals");

        if side == Side::Outgoing {
            portal.open(&format!("/accounts/{account}")).await;
            wait_for_today(portal, ".account-today", &today).await;
        }
    }
}

#[test]
fn each_outgoing_series_flag_withholds_its_series_in_english() {
    e2e::run_with(setup(), |portal| async move {
        each_series_flag(&portal, Side::Outgoing, ENGLISH).await;
    });
}

#[test]
fn each_outgoing_value_flag_withholds_its_figure_in_ukrainian() {
    e2e::run_with(setup(), |portal| async move {
        each_value_flag(&portal, Side::Outgoing, UKRAINIAN).await;
    });
}

#[test]
fn each_incoming_series_flag_withholds_its_series_in_ukrainian() {
    e2e::run_with(setup(), |portal| async move {
        each_series_flag(&portal, Side::Incoming, UKRAINIAN).await;
    });
}

#[test]
fn each_incoming_value_flag_withholds_its_figure_in_english() {
    e2e::run_with(setup(), |portal| async move {
        each_value_flag(&portal, Side::Incoming, ENGLISH).await;
    });
}

// ---------------------------------------------------------------------------------------------
// Bookmarks, empty views, newer and older servers, the restricted login

/// Waits a moment for `css` to be absent (the page has drawn what it draws around it).
async fn assert_absent(portal: &Portal, css: &str, what: &str) {
    let found = portal
        .client()
        .find_all(e2e::fantoccini::Locator::Css(css))
        .await
        .unwrap_or_default();
    assert!(found.is_empty(), "{what}: `{css}` is shown");
}

/// Requests of the browser to an endpoint since the `mark`th served request.
fn requests_to(portal: &Portal, endpoint: &str, mark: usize) -> Vec<e2e::ServedRequest> {
    portal
        .served_requests()
        .into_iter()
        .skip(mark)
        .filter(|r| r.from_browser() && r.endpoint() == endpoint)
        .collect()
}

/// A bookmark from before the operator withheld the price names its series and a price
/// bound: it opens without them, quietly (no error, no price field, no price bound sent), and
/// the legends keep the series it names that may show. A bookmark naming only withheld series
/// shows every series allowed. The legends write their choice back into the URL.
#[test]
fn a_bookmark_naming_a_withheld_series_opens_without_it() {
    e2e::run_with(setup(), |portal| async move {
        let profile = json!({
            "outgoing-statistics-total-price": false,
            "outgoing-statistics-total-price-value": false,
        });
        sign_in_under(&portal, profile, ENGLISH, false).await;
        let account = account_id(&portal).await;
        for language in [ENGLISH, UKRAINIAN] {
            use_language(&portal, language).await;
            let mark = portal.served_requests().len();
            let bookmark = "&series=total_calls,total_price&customer-price-gt=0";
            portal
                .open(&view_url("origination", &account, bookmark))
                .await;
            let shown = wait_for_results(&portal).await;
            let charts = expected_charts(
                &TRAFFIC_CHARTS,
                &["total_price"],
                language,
                Place::TrafficLegend,
            );
            assert_eq!(shown.charts, charts, "{}: the charts", language.tag);
            assert_eq!(shown.ticked, ["total_calls"], "{}", language.tag);
            assert!(
                !shown.narrowing.iter().any(|name| name.contains("price")),
                "{:?}",
                shown.narrowing
            );
            assert_eq!(
                shown.totals,
                language.labelled(&without(&TRAFFIC_TOTALS, &["total_price"]), Place::Total)
            );
            assert_absent(&portal, ".statistics-page [role=alert]", "a quiet bookmark").await;
            let asked = requests_to(&portal, "origination-statistics", mark);
            assert!(
                !asked.is_empty()
                    && asked
                        .iter()
                        .all(|r| r.query_param("customer-price-gt").is_none()),
                "the price bound is not sent: {:?}",
                asked.iter().map(|r| &r.query).collect::<Vec<_>>()
            );

            // The legend's choice goes to the URL, without the withheld series.
            portal
                .click("#chart-calls .legend input[name=successful_calls]")
                .await;
            let url = portal
                .wait_for_url("the legend's series", |url| {
                    e2e::query_param(url, "series").as_deref()
                        == Some("total_calls,successful_calls")
                })
                .await;
            assert_eq!(e2e::query_param(&url, "customer-price-gt"), None);

            portal
                .open(&view_url("origination", &account, "&series=total_price"))
                .await;
            let shown = wait_for_results(&portal).await;
            let allowed = without(&TRAFFIC_TOTALS, &["total_price"]);
            assert_eq!(
                shown.ticked, allowed,
                "{}: only withheld series named",
                language.tag
            );
        }
    });
}

/// A view whose every metric the profile withholds says so and asks nothing: the origination
/// and quality views and the CPS chart with the outgoing statistics all withheld; the overview
/// keeps the calls in progress (their own flag) and the terminated side.
#[test]
fn a_view_left_with_nothing_says_so() {
    e2e::run_with(setup(), |portal| async move {
        let mut profile = serde_json::Map::new();
        for (metric, _) in METRIC_FLAGS {
            for suffix in ["", "-value"] {
                profile.insert(
                    format!("outgoing-statistics-{metric}{suffix}"),
                    json!(false),
                );
            }
        }
        sign_in_under(&portal, Value::Object(profile), ENGLISH, false).await;
        let account = account_id(&portal).await;
        for language in [ENGLISH, UKRAINIAN] {
            use_language(&portal, language).await;
            let mark = portal.served_requests().len();
            let originated = language.labelled(&["active-now"], Place::TodayOriginated);
            wait_for_today(
                &portal,
                ".dashboard .today-direction[data-direction=originated]",
                &originated,
            )
            .await;
            let terminated = language.labelled(&TODAY, Place::TodayTerminated);
            wait_for_today(
                &portal,
                ".dashboard .today-direction[data-direction=terminated]",
                &terminated,
            )
            .await;
            assert_absent(&portal, "#dashboard-cps", "the overview's CPS").await;
            for view in ["origination", "quality", "cps"] {
                portal.open(&view_url(view, &account, "")).await;
                portal
                    .wait_for_text(".statistics-page p.nothing-shown", language.nothing_shown)
                    .await;
                assert_absent(&portal, "form.stats-form", view).await;
                assert_absent(&portal, "figure.chart", view).await;
            }
            for endpoint in [
                "origination-statistics",
                "origination-statistics-quality",
                "chart-originated-cps",
            ] {
                assert_eq!(
                    requests_to(&portal, endpoint, mark).len(),
                    0,
                    "{endpoint} asked"
                );
            }
            portal.open(&view_url("termination", &account, "")).await;
            let shown = wait_for_results(&portal).await;
            assert_eq!(
                shown.totals,
                language.labelled(&TRAFFIC_TOTALS, Place::Total)
            );
            portal.open("/").await;
        }
    });
}

/// A newer server's profile: flags the portal does not know, and a known one whose value is
/// no boolean, are ignored (the invoices stay); the price it withholds is withheld. An older
/// server's, without the statistics' flags, shows every metric.
#[test]
fn unknown_flags_are_ignored_and_missing_ones_allow() {
    e2e::run_with(setup(), |portal| async move {
        let newer = json!({
            "outgoing-statistics-total-price": false,
            "outgoing-statistics-total-price-value": false,
            "outgoing-statistics-total-price-forecast": true,
            "voicemail": true,
            "invoices": "yes"
        });
        sign_in_under(&portal, newer, ENGLISH, false).await;
        let account = account_id(&portal).await;
        for language in [ENGLISH, UKRAINIAN] {
            use_language(&portal, language).await;
            portal.wait_for("nav#main-nav a[href='/invoices']").await;
            portal.open(&view_url("origination", &account, "")).await;
            let shown = wait_for_results(&portal).await;
            let charts = expected_charts(
                &TRAFFIC_CHARTS,
                &["total_price"],
                language,
                Place::TrafficLegend,
            );
            assert_eq!(shown.charts, charts, "{}", language.tag);
            let totals = without(&TRAFFIC_TOTALS, &["total_price"]);
            assert_eq!(shown.totals, language.labelled(&totals, Place::Total));
        }
        let older =
            json!({"account": true, "outgoing-statistics": true, "incoming-statistics": true});
        sign_in_under(&portal, older, UKRAINIAN, true).await;
        for language in [UKRAINIAN, ENGLISH] {
            use_language(&portal, language).await;
            portal.open(&view_url("origination", &account, "")).await;
            let shown = wait_for_results(&portal).await;
            let charts = expected_charts(&TRAFFIC_CHARTS, &[], language, Place::TrafficLegend);
            assert_eq!(shown.charts, charts, "{}: an older server", language.tag);
            assert_eq!(
                shown.totals,
                language.labelled(&TRAFFIC_TOTALS, Place::Total)
            );
        }
    });
}

/// The page's text and every accessible name on it, in lower case.
async fn page_words(portal: &Portal) -> String {
    let script = "const names = Array.from(document.querySelectorAll('[aria-label]'),
            (e) => e.getAttribute('aria-label'));
        return (document.body.textContent + ' ' + names.join(' ')).toLowerCase();";
    let value = portal
        .client()
        .execute(script, Vec::new())
        .await
        .expect("the page's words");
    value.as_str().unwrap_or_default().to_owned()
}

/// The seeded `demo-restricted` login (the demo customer under a profile without prices and
/// ACD in its statistics): no page that shows statistics names either metric (its totals,
/// figures of today, charts, price bounds) in any text or accessible name. (A call's own price,
/// on the account's list of calls, is `outgoing-cdrs`' to show: it is no statistic.)
#[test]
fn the_restricted_login_sees_no_price_and_no_acd() {
    e2e::run_with(setup(), |portal| async move {
        portal.open("/login").await;
        portal.sign_in("demo-restricted", "demo-restricted").await;
        let account = account_id(&portal).await;
        // The metrics' names (and the price bounds'), never a call's own "Price".
        let forbidden: [(Language, &[&str]); 2] = [
            (
                ENGLISH,
                &[
                    "acd",
                    "total price",
                    "spend today",
                    "earned today",
                    "price over",
                    "price under",
                    "price equals",
                    "credit ahead",
                    "spend (",
                ],
            ),
            (
                UKRAINIAN,
                &[
                    "acd",
                    "загальна вартість",
                    "витрати сьогодні",
                    "зароблено сьогодні",
                    "ціна понад",
                    "ціна менше",
                    "ціна дорівнює",
                    "прогноз балансу",
                ],
            ),
        ];
        for (round, (language, words)) in forbidden.into_iter().enumerate() {
            use_language(&portal, language).await;
            let today = language.labelled(
                &["active-now", "total_calls", "asr"],
                Place::TodayOriginated,
            );
            portal.open("/").await;
            wait_for_today(
                &portal,
                ".dashboard .today-direction[data-direction=originated]",
                &today,
            )
            .await;
            if round == 0 {
                // The overview's credit ahead (a week by the hour) needs the price of calls: it
                // is not even asked for.
                assert!(
                    !credit_asked(&portal, 0),
                    "a week of statistics asked for without prices on the overview"
                );
            }
            let mut pages = vec![("/".to_owned(), page_words(&portal).await)];
            for view in [
                "origination",
                "quality",
                "termination",
                "termination-quality",
            ] {
                portal.open(&view_url(view, &account, "")).await;
                wait_for_results(&portal).await;
                pages.push((view.to_owned(), page_words(&portal).await));
            }
            let before_account = portal.served_requests().len();
            portal.open(&format!("/accounts/{account}")).await;
            wait_for_today(&portal, ".account-today", &today).await;
            // Nor is the account page's.
            assert!(
                !credit_asked(&portal, before_account),
                "a week of statistics asked for without prices on the account's page"
            );
            pages.push(("account".to_owned(), page_words(&portal).await));
            for (page, text) in &pages {
                for word in words {
                    assert!(
                        !text.contains(word),
                        "{} {page}: {word:?} in {text}",
                        language.tag
                    );
                }
            }
        }
    });
}

/// Whether the portal asked, since the `since`-th request the server saw, for a week of
/// originated statistics by the hour: what a credit ahead asks for.
fn credit_asked(portal: &Portal, since: usize) -> bool {
    let time = |r: &e2e::ServedRequest, name: &str| {
        let value = r.query_param(name)?;
        chrono::NaiveDateTime::parse_from_str(&value, "%Y-%m-%d %H:%M:%S").ok()
    };
    portal.served_requests().into_iter().skip(since).any(|r| {
        let span = time(&r, "from-time").zip(time(&r, "to-time"));
        r.from_browser()
            && r.endpoint() == "origination-statistics"
            && r.query_param("sampling").as_deref() == Some("hour")
            && span.is_some_and(|(from, to)| to - from == chrono::TimeDelta::days(7))
    })
}

#[test]
fn a_restricted_customers_statement_leaves_out_what_its_profile_withholds() {
    e2e::run(|portal| async move {
        // The second customer's profile withholds service charges and the price of its
        // originated calls.
        portal.open("/login").await;
        portal.sign_in("other", "other").await;
        let (_, files) = portal.make_statement("/statement").await;
        portal
            .wait_for_text(".statement-parts", "transactions.csv not in your access")
            .await;
        // Service charges are withheld: no file, and the summary says they were left out.
        assert!(
            !files.contains_key("transactions.csv"),
            "{:?}",
            files.keys()
        );
        let summary = String::from_utf8(files["summary.txt"].clone()).expect("UTF-8");
        let left_out = summary.split("Left out, not in your access:").nth(1);
        assert!(
            left_out.is_some_and(|list| list.contains("- transactions.csv")),
            "{summary}"
        );
        // No price of an originated call, as a column or as a sum; incoming prices are allowed.
        assert!(!summary.contains("Originated calls cost"), "{summary}");
        assert!(summary.contains("Terminated calls: "), "{summary}");
        let headers = |side: &str| -> Vec<String> {
            files
                .iter()
                .filter(|(name, _)| name.starts_with("statistics/") && name.ends_with(side))
                .map(|(_, csv)| {
                    let text = String::from_utf8_lossy(csv);
                    text.lines().next().unwrap_or_default().to_owned()
                })
                .collect()
        };
        let originated = headers(" origination.csv");
        assert!(!originated.is_empty());
        for header in &originated {
            assert!(header.starts_with("time,total_calls,"), "{header}");
            assert!(!header.contains("price"), "{header}");
        }
        assert!(
            headers(" termination.csv")
                .iter()
                .all(|h| h.contains("total_price")),
            "the incoming side's price is allowed"
        );
    });
}
