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
    portal.open("/login").await;
    portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
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
        portal.open("/statistics/cps").await;
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
