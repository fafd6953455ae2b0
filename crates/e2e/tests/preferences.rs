//! Language and theme, end to end: switching, formatting for the language, charts in the theme,
//! remembering the choice, and forgetting it on sign-out.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal};
use serde_json::{Value, json};

const NAV_ACCOUNTS: &str = "#main-nav a[href='/accounts']";

async fn script(portal: &Portal, what: &str, code: &str) -> Value {
    match portal.client().execute(code, vec![]).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

async fn sign_in(portal: &Portal) {
    portal.sign_in_as_demo().await;
}

/// Page text with the spaces `Intl` uses inside numbers made plain.
async fn page_text(portal: &Portal) -> String {
    let text = script(portal, "the page's text", "return document.body.innerText;").await;
    text.as_str()
        .unwrap_or_default()
        .replace(['\u{a0}', '\u{202f}'], " ")
}

#[test]
fn the_language_switches_formats_for_itself_and_is_forgotten_on_sign_out() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts?sort=name").await;
        portal.wait_for_text(NAV_ACCOUNTS, "Accounts").await;
        let english = page_text(&portal).await;
        assert!(english.contains("12,500.75 USD"), "{english}");

        portal.select("select#language", "uk").await;
        portal.wait_for_text(NAV_ACCOUNTS, "Рахунки").await;
        // The same view, in the same URL, with numbers written the Ukrainian way.
        let url = portal.current_url().await;
        assert_eq!(url.path(), "/accounts");
        assert_eq!(e2e::query_param(&url, "sort").as_deref(), Some("name"));
        let ukrainian = portal
            .wait_until("Ukrainian amounts", async || {
                let text = page_text(&portal).await;
                text.contains("12 500,75 USD").then_some(text)
            })
            .await;
        assert!(ukrainian.contains("-310,4 UAH") || ukrainian.contains("−310,4 UAH"));
        let lang = script(
            &portal,
            "the page's language",
            "return document.documentElement.lang;",
        )
        .await;
        assert_eq!(lang, json!("uk"));

        // Remembered across a reload…
        portal.reload().await;
        portal.wait_for_text(NAV_ACCOUNTS, "Рахунки").await;
        // …and forgotten on sign-out, with the other preferences.
        portal.click("#sign-out").await;
        portal.wait_for_path("/login").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for_text(NAV_ACCOUNTS, "Accounts").await;
    });
}

/// The colour of the page's background and of a chart's corner, as `[r, g, b]`.
async fn page_and_chart_colours(portal: &Portal) -> (Value, Value) {
    let colours = script(
        portal,
        "the page's and the chart's colours",
        "const page = getComputedStyle(document.documentElement).backgroundColor
             .match(/\\d+/g).slice(0, 3).map(Number);
         const canvas = document.querySelector('canvas');
         const chart = canvas ? Array.from(canvas.getContext('2d').getImageData(1, 1, 1, 1).data)
             .slice(0, 3) : null;
         return [page, chart];",
    )
    .await;
    (colours[0].clone(), colours[1].clone())
}

async fn wait_for_colours(portal: &Portal, what: &str, page: [u8; 3], chart: [u8; 3]) {
    portal
        .wait_until(what, async || {
            let (shown_page, shown_chart) = page_and_chart_colours(portal).await;
            (shown_page == json!(page) && shown_chart == json!(chart)).then_some(())
        })
        .await;
}

const LIGHT_PAGE: [u8; 3] = [246, 247, 249];
const DARK_PAGE: [u8; 3] = [20, 23, 28];
const LIGHT_CHART: [u8; 3] = [255, 255, 255];
const DARK_CHART: [u8; 3] = [29, 33, 40];

#[test]
fn the_theme_follows_the_system_until_chosen_and_the_charts_follow_it() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        // Yesterday: today may have no calls to chart yet.
        portal.open("/statistics/cps?range=yesterday").await;
        portal.wait_for("canvas").await;
        wait_for_colours(&portal, "a light page and chart", LIGHT_PAGE, LIGHT_CHART).await;

        // The system turns dark: so do the page and the chart, with nothing chosen.
        portal.emulate_system_dark(true).await;
        wait_for_colours(&portal, "a dark page and chart", DARK_PAGE, DARK_CHART).await;
        let attribute = script(
            &portal,
            "the theme attribute",
            "return document.documentElement.dataset.theme ?? null;",
        )
        .await;
        assert_eq!(attribute, Value::Null);

        // A chosen theme wins over the system's and is remembered.
        portal.select("select#theme", "light").await;
        wait_for_colours(&portal, "the chosen light theme", LIGHT_PAGE, LIGHT_CHART).await;
        portal.reload().await;
        portal.wait_for("canvas").await;
        wait_for_colours(
            &portal,
            "the light theme after a reload",
            LIGHT_PAGE,
            LIGHT_CHART,
        )
        .await;

        portal.select("select#theme", "system").await;
        wait_for_colours(
            &portal,
            "the system's dark theme again",
            DARK_PAGE,
            DARK_CHART,
        )
        .await;
    });
}

/// The requests the browser has made to the API so far.
fn api_requests(portal: &Portal) -> Vec<String> {
    portal
        .served_requests()
        .into_iter()
        .filter(|r| r.from_browser() && r.path.starts_with(api_model::API_PATH))
        .map(|r| format!("{} {}?{}", r.method, r.path, r.query))
        .collect()
}

/// Waits until nothing under `main` is loading and the API has been quiet for a moment; a
/// timeout names what was still missing or loading.
async fn settle(portal: &Portal, content: &str) {
    let code = "const busy = [...document.querySelectorAll(
            'main .loading, main [aria-busy=true], main .stale')]
            .map((e) => e.tagName.toLowerCase() + '.' + e.className + ': ' + e.textContent.trim());
        return document.querySelector(arguments[0]) === null
            ? ['missing ' + arguments[0]] : busy;";
    portal
        .wait_until_seen(&format!("`{content}` with nothing loading"), async || {
            let busy = portal
                .client()
                .execute(code, vec![json!(content)])
                .await
                .map_err(|e| e.to_string())?;
            if busy == json!([]) {
                Ok(())
            } else {
                Err(busy.to_string())
            }
        })
        .await;
    let mut seen = api_requests(portal).len();
    loop {
        tokio::time::sleep(QUIET).await;
        let now = api_requests(portal).len();
        if now == seen {
            return;
        }
        seen = now;
    }
}

/// Long enough for a request a change would cause to reach the server.
const QUIET: std::time::Duration = std::time::Duration::from_millis(600);

/// Switches every preference the header offers, and back, waiting for each to show; the
/// page's content must change its language meanwhile.
async fn switch_every_preference(portal: &Portal, page: &str) {
    let content = async || {
        script(
            portal,
            "the page's content",
            "return document.querySelector('main').innerText;",
        )
        .await
    };
    let english = content().await;
    portal.select("select#theme", "dark").await;
    portal.wait_for("html[data-theme='dark']").await;
    portal.select("select#time-zone", "utc").await;
    portal.select("select#language", "uk").await;
    portal.wait_for("html[lang='uk']").await;
    portal
        .wait_until(&format!("{page}: the content in Ukrainian"), async || {
            (content().await != english).then_some(())
        })
        .await;
    portal.select("select#language", "en").await;
    portal.wait_for("html[lang='en']").await;
    portal.select("select#time-zone", "browser").await;
    portal.select("select#theme", "light").await;
    portal.wait_for("html[data-theme='light']").await;
}

/// A change of theme, language or time zone redraws the page in place: on a list, a record, a
/// statistics page and the overview, not one request goes to the server.
#[test]
fn preferences_change_the_page_in_place_without_asking_the_server() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        let first_account = portal
            .wait_for("table#accounts-table tbody tr a[href^='/accounts/']")
            .await
            .attr("href")
            .await
            .ok()
            .flatten()
            .expect("an account link");
        let pages = [
            (
                "/accounts?sort=-balance".to_owned(),
                "table#accounts-table tbody tr",
            ),
            (first_account, ".detail-page .attributes"),
            (
                "/statistics/origination?range=yesterday&sampling=hour".to_owned(),
                "#chart-calls canvas",
            ),
            ("/".to_owned(), ".dashboard .account-card"),
        ];
        for (page, content) in pages {
            portal.open(&page).await;
            settle(&portal, content).await;
            let before = api_requests(&portal);
            switch_every_preference(&portal, &page).await;
            tokio::time::sleep(QUIET).await;
            let after = api_requests(&portal);
            assert_eq!(
                after[before.len()..],
                [] as [String; 0],
                "{page}: switching preferences asked the server"
            );
        }
    });
}

/// A language switch keeps what the user was doing: a half-typed filter with its message, and
/// a chart's zoom.
#[test]
fn a_language_switch_keeps_a_half_typed_filter_and_a_charts_zoom() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        portal.wait_for("table#accounts-table tbody tr").await;
        portal.click(".filter-bar button.filter-add").await;
        portal
            .select(".filter-row select.filter-field", "balance")
            .await;
        portal.fill(".filter-row input.filter-value", "12a").await;
        portal
            .wait_for_text(".filter-row .filter-error", "12a")
            .await;
        portal.select("select#language", "uk").await;
        portal
            .wait_for_text(".filter-row .filter-error", "не число")
            .await;
        assert_eq!(
            portal.value_of(".filter-row input.filter-value").await,
            "12a"
        );
        assert_eq!(
            portal.value_of(".filter-row select.filter-field").await,
            "balance"
        );

        portal
            .open("/statistics/origination?range=yesterday&sampling=hour")
            .await;
        portal.wait_for("#chart-calls canvas").await;
        portal.click("#chart-calls button.zoom-in").await;
        let zoomed = portal
            .wait_until("a zoom", async || {
                let text = script(
                    &portal,
                    "the zoom",
                    "return document.querySelector('#chart-calls .zoom-state').innerText;",
                )
                .await;
                text.as_str().filter(|t| !t.is_empty()).map(str::to_owned)
            })
            .await;
        portal.select("select#language", "en").await;
        portal.wait_for("html[lang='en']").await;
        portal.wait_for("#chart-calls button.zoom-reset").await;
        let still = script(
            &portal,
            "the zoom after the switch",
            "return document.querySelector('#chart-calls .zoom-state').innerText;",
        )
        .await;
        let still = still.as_str().unwrap_or_default();
        assert!(!still.is_empty(), "the zoom was lost ({zoomed:?})");
        assert_ne!(still, zoomed, "the zoom's words did not change language");
    });
}

/// Only the language in use travels: a language's texts are fetched the first time it is
/// chosen, and never again however often it comes back.
#[test]
fn a_languages_texts_are_fetched_once_however_often_it_is_chosen() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        settle(&portal, "table#accounts-table tbody tr").await;
        let fetched = async |tag: &str| {
            script(
                &portal,
                "the texts fetched",
                &format!(
                    "return performance.getEntriesByType('resource')
                        .filter(e => new URL(e.name).pathname.startsWith('/i18n/{tag}.')).length;"
                ),
            )
            .await
        };
        assert_eq!(
            fetched("uk").await,
            json!(0),
            "Ukrainian fetched before it was chosen"
        );
        for tag in ["uk", "en", "uk", "en", "uk"] {
            portal.select("select#language", tag).await;
            portal.wait_for(&format!("html[lang='{tag}']")).await;
        }
        assert_eq!(
            fetched("uk").await,
            json!(1),
            "Ukrainian fetched more than once"
        );
        assert_eq!(
            fetched("es").await,
            json!(0),
            "Spanish fetched though never chosen"
        );
    });
}

/// The texts of a page with code of its own come with it: index.html carries none of a month's
/// statement's, and the page, reached from another, says them in each language the customer
/// switches to, and in the first again.
#[test]
fn a_pages_own_texts_come_with_it_in_every_language() {
    e2e::run(|portal| async move {
        const INTRO_EN: &str = "One zip file for a month";
        const INTRO_UK: &str = "Один zip-файл за місяць";
        let (_, _, index) = portal.plain_get(&portal.url_for("/")).await;
        let index = String::from_utf8_lossy(&index);
        assert!(
            index.contains("portal-texts") && index.contains("Month's statement"),
            "index.html carries the first load's texts, the navigation's among them"
        );
        assert!(
            !index.contains(INTRO_EN),
            "index.html carries the statement page's own texts"
        );
        sign_in(&portal).await;
        portal.open("/accounts").await;
        settle(&portal, "table#accounts-table tbody tr").await;
        portal.go_in_app("/statement").await;
        portal
            .wait_for_text(".statement-page .hint", INTRO_EN)
            .await;
        for (tag, intro) in [("uk", INTRO_UK), ("en", INTRO_EN)] {
            portal.select("select#language", tag).await;
            portal.wait_for(&format!("html[lang='{tag}']")).await;
            portal.wait_for_text(".statement-page .hint", intro).await;
        }
    });
}
