//! Accessibility end to end: an axe-core audit of every page in the light and the dark theme and
//! in every language, the layout from a 360-px phone (in every language) to a 2560-px screen,
//! and keyboard-only use of a list page and a chart page.
//!
//! Every page means the overview, every collection's list and record page (from the API
//! model's declarations), the statistics pages, sign-in and not-found.
//!
//! axe-core comes from `$AXE_CORE_JS` or `.tools/node_modules/axe-core` (`cargo xtask test`
//! installs it); see [`Portal::audit_accessibility`].

use api_model::catalog::Collection;
use e2e::fantoccini::key::Key;
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, query_param};
use serde_json::{Value, json};

/// The lists of every declared collection: their path, their table, and how links to their
/// records' pages start (for collections that have them).
fn lists() -> Vec<(String, String, Option<String>)> {
    Collection::ALL
        .into_iter()
        .filter(|c| c.has_own_pages())
        .map(|collection| {
            let (path, route) = (collection.path(), collection.route());
            (
                format!("/{route}"),
                format!("table#{path}-table"),
                collection.spec().detail_page.then(|| format!("/{route}/")),
            )
        })
        .collect()
}

const STATISTICS: [&str; 7] = [
    "/statistics/origination",
    "/statistics/quality",
    "/statistics/active-calls",
    "/statistics/cps",
    "/statistics/termination",
    "/statistics/termination-quality",
    "/statistics/termination-active-calls",
];
/// The live list of an account's calls, in the statistics section too.
const LIVE_CALLS: &str = "/active-calls";

/// Pages of their own beside lists and statistics: the rate lookup, a month's statement and
/// the alerts, each with the form it shows once loaded.
const TOOLS: [(&str, &str); 3] = [
    ("/check-rate", "form.check-rate-form"),
    ("/statement", "form.statement-form"),
    ("/alerts", "form.watch-form"),
];

const MENU_BUTTON: &str = "#menu-button";
const NAV_LINKS: &str = "nav#main-nav a";
/// What a keyboard or pointer user can operate.
const INTERACTIVE: &str = "a[href], button, input, select, textarea, summary";
/// The phone the layout is checked on, in CSS pixels.
const PHONE: (u32, u32) = (360, 740);
const WIDE: (u32, u32) = (2560, 1440);
/// The widest `main` gets (style/main.css); wider screens centre it.
const MAIN_MAX_WIDTH: f64 = 1600.0;
/// How many Tab presses may lie between two stops of a keyboard walk.
const TAB_LIMIT: usize = 80;
/// The pages the demo customer's navigation offers: the overview, every list, the statistics,
/// the live calls, the rate lookup, a month's statement, the alerts.
const NAVIGATION_LINKS: usize = 1 + own_pages() + STATISTICS.len() + 1 + TOOLS.len();

/// The collections with pages of their own (a number list's items are on the list's page).
const fn own_pages() -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < Collection::ALL.len() {
        if Collection::ALL[i].has_own_pages() {
            count += 1;
        }
        i += 1;
    }
    count
}

/// A script's value, or a panic naming the script's purpose.
async fn script(portal: &Portal, what: &str, code: &str, args: Vec<Value>) -> Value {
    match portal.client().execute(code, args).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

async fn sign_in(portal: &Portal) {
    portal.open("/login").await;
    portal.wait_for("form#login-form").await;
    portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
}

/// Waits until `css` is on the page and nothing under `main` is loading any more.
async fn settle(portal: &Portal, css: &str) {
    let code = "return document.querySelector(arguments[0]) !== null
        && document.querySelector('main .loading, main [aria-busy=true], main .stale') === null;";
    portal
        .wait_until(&format!("`{css}` with nothing loading"), async || {
            let ready = portal.client().execute(code, vec![json!(css)]).await.ok()?;
            (ready == json!(true)).then_some(())
        })
        .await;
}

/// Whether the first element matching `css` is rendered with a size and not made invisible.
async fn displayed(portal: &Portal, css: &str) -> bool {
    let code = "const element = document.querySelector(arguments[0]);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0
            && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });";
    script(
        portal,
        &format!("whether `{css}` shows"),
        code,
        vec![json!(css)],
    )
    .await
        == json!(true)
}

async fn wait_for_displayed(portal: &Portal, css: &str, shown: bool) {
    let state = if shown { "shown" } else { "hidden" };
    portal
        .wait_until(&format!("`{css}` to be {state}"), async || {
            (displayed(portal, css).await == shown).then_some(())
        })
        .await;
}

// ---------------------------------------------------------------------------------------------
// The walk over every page

/// One page of the walk, and how the walk gets there.
#[derive(Debug, Clone)]
enum Stop {
    Login,
    Overview,
    List(String),
    /// The record of the list's first row linking to `prefix`.
    Detail {
        table: String,
        prefix: String,
    },
    Statistics(&'static str),
    /// A page of its own, from the navigation, and what shows once it has loaded.
    Tool(&'static str, &'static str),
    LiveCalls,
    /// The creation form of a list's records (`/payments/top-up`), through the list's "New …"
    /// link.
    Create {
        list: String,
        form: String,
    },
    NotFound,
}

impl Stop {
    fn name(&self) -> String {
        match self {
            Stop::Login => "the sign-in page".to_owned(),
            Stop::Overview => "the overview".to_owned(),
            Stop::List(path) => format!("the list {path}"),
            Stop::Detail { prefix, .. } => format!("a record page {prefix}…"),
            Stop::Statistics(path) => format!("the statistics page {path}"),
            Stop::Tool(path, _) => format!("the page {path}"),
            Stop::LiveCalls => "the live calls".to_owned(),
            Stop::Create { form, .. } => format!("the form {form}"),
            Stop::NotFound => "the not-found page".to_owned(),
        }
    }

    /// What shows once the page has loaded.
    fn content(&self) -> &'static str {
        match self {
            Stop::Login => "form#login-form",
            Stop::Overview => ".dashboard .account-card",
            Stop::List(_) => ".list-page .pager",
            Stop::Detail { .. } => ".detail-page h1",
            Stop::Statistics(_) => ".statistics-page .stats-results, .statistics-page p.empty",
            Stop::Tool(_, content) => content,
            Stop::LiveCalls => ".live-calls-page .live-count",
            Stop::Create { .. } => "form.export-form",
            Stop::NotFound => ".not-found h1",
        }
    }
}

/// Every page: signed out, then signed in (a list is followed by a record page from it).
fn every_page() -> Vec<Stop> {
    let mut stops = vec![Stop::Login, Stop::Overview];
    for (path, table, prefix) in lists() {
        stops.push(Stop::List(path));
        if let Some(prefix) = prefix {
            stops.push(Stop::Detail { table, prefix });
        }
    }
    for collection in Collection::ALL {
        if let Some(form) = collection.creation() {
            let list = format!("/{}", collection.route());
            let form = format!("{list}/{}", form.segment);
            stops.push(Stop::Create { list, form });
        }
    }
    stops.extend(STATISTICS.map(Stop::Statistics));
    stops.extend(TOOLS.map(|(path, content)| Stop::Tool(path, content)));
    stops.push(Stop::LiveCalls);
    stops.push(Stop::NotFound);
    stops
}

/// Follows a link of the navigation; on a phone through the menu, which must hide the links
/// until it is pressed and fold again when a link is followed.
async fn follow_nav(portal: &Portal, href: &str, phone: bool) {
    let link = format!("nav#main-nav a[href='{href}']");
    if phone {
        assert!(
            !displayed(portal, &link).await,
            "{}",
            portal
                .failure(&format!(
                    "on a phone the navigation link {href} shows before the menu is opened"
                ))
                .await
        );
        assert!(
            displayed(portal, MENU_BUTTON).await,
            "{}",
            portal
                .failure("on a phone the menu button is not shown")
                .await
        );
        portal.click(MENU_BUTTON).await;
        wait_for_displayed(portal, &link, true).await;
        assert_eq!(
            expanded(portal).await,
            "true",
            "the opened menu's aria-expanded"
        );
        // The opened menu itself fits the phone and nothing in it overlaps.
        assert_fits(portal, &format!("the opened menu before {href}")).await;
        assert_no_overlaps(portal, "header", &format!("the opened menu before {href}")).await;
        assert_no_overlaps(
            portal,
            "nav#main-nav",
            &format!("the opened menu before {href}"),
        )
        .await;
    }
    portal.click(&link).await;
    portal.wait_for_path(href).await;
    if phone {
        wait_for_displayed(portal, &link, false).await;
        assert_eq!(
            expanded(portal).await,
            "false",
            "the menu's aria-expanded after following a link"
        );
    }
}

async fn expanded(portal: &Portal) -> String {
    let value = script(
        portal,
        "the menu button's aria-expanded",
        "const b = document.querySelector('#menu-button'); return b && b.getAttribute('aria-expanded');",
        vec![],
    )
    .await;
    value.as_str().unwrap_or_default().to_owned()
}

/// Goes to `stop` as a user would: the address bar for the sign-in and not-found pages, the
/// navigation for sections, the first fitting row link of the list shown for a record.
async fn go_to(portal: &Portal, stop: &Stop, phone: bool) {
    match stop {
        Stop::Login => portal.open("/login").await,
        Stop::Overview => {
            if portal.current_url().await.path() != "/" {
                follow_nav(portal, "/", phone).await;
            }
        }
        Stop::List(path) => follow_nav(portal, path, phone).await,
        Stop::Statistics(path) | Stop::Tool(path, _) => follow_nav(portal, path, phone).await,
        Stop::LiveCalls => follow_nav(portal, LIVE_CALLS, phone).await,
        Stop::Create { list, form } => {
            follow_nav(portal, list, phone).await;
            portal.click(".list-tools a.new-record").await;
            portal.wait_for_path(form).await;
        }
        Stop::Detail { table, prefix } => {
            let link = format!("{table} tbody a[href^='{prefix}']");
            portal.wait_for(&link).await;
            // Scrolled into view first: on a phone the link may lie right of the table's edge.
            script(
                portal,
                "scrolling to a row link",
                "document.querySelector(arguments[0]).scrollIntoView({ block: 'center', inline: 'center' });",
                vec![json!(link)],
            )
            .await;
            portal.click(&link).await;
            portal
                .wait_for_url(&format!("a path under {prefix}"), |url| {
                    url.path().starts_with(prefix)
                })
                .await;
        }
        Stop::NotFound => portal.open("/no-such-page").await,
    }
    settle(portal, stop.content()).await;
}

/// Walks every page, calling `check` on each once it has loaded; signs in after the first.
async fn walk(portal: &Portal, phone: bool, mut check: impl AsyncFnMut(&str)) {
    for stop in every_page() {
        go_to(portal, &stop, phone).await;
        check(&stop.name()).await;
        if let Stop::Login = stop {
            portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
            settle(portal, Stop::Overview.content()).await;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// axe-core

/// One line per violation and element: rule, impact, what it asks, where.
fn describe_violations(page: &str, violations: &[Value]) -> Vec<String> {
    let mut lines = Vec::new();
    for violation in violations {
        let nodes = violation["nodes"].as_array().cloned().unwrap_or_default();
        for node in nodes.iter().take(5) {
            lines.push(format!(
                "{page}: {} ({}): {} at {} — {}",
                violation["id"].as_str().unwrap_or("?"),
                violation["impact"].as_str().unwrap_or("?"),
                violation["help"].as_str().unwrap_or("?"),
                node["target"],
                node["failureSummary"]
                    .as_str()
                    .unwrap_or_default()
                    .replace('\n', " "),
            ));
        }
        if nodes.len() > 5 {
            lines.push(format!(
                "{page}: {} on {} more elements",
                violation["id"].as_str().unwrap_or("?"),
                nodes.len() - 5
            ));
        }
    }
    lines
}

/// One `main` and one `h1` on every page; signed in, a banner and the navigation (the not-found
/// page too: it is said inside the signed-in layout, with the way on).
async fn assert_landmarks(portal: &Portal, page: &str) {
    let counts = script(
        portal,
        "counting landmarks and headings",
        "return {
            main: document.querySelectorAll('main').length,
            h1: document.querySelectorAll('h1').length,
            banner: document.querySelectorAll('body > header, header.topbar').length,
            nav: document.querySelectorAll('nav#main-nav').length,
        };",
        vec![],
    )
    .await;
    let signed_in = page != Stop::Login.name();
    let expected = if signed_in {
        json!({ "main": 1, "h1": 1, "banner": 1, "nav": 1 })
    } else {
        json!({ "main": 1, "h1": 1, "banner": 0, "nav": 0 })
    };
    assert_eq!(counts, expected, "{page}: main, h1, header and navigation");
}

/// Makes `tag` the portal's language from the next page on, as a stored choice would.
async fn choose_language(portal: &Portal, tag: &str) {
    portal.open("/login").await;
    portal.wait_for("form#login-form").await;
    script(
        portal,
        "choosing the language",
        "localStorage.setItem('portal.prefs', JSON.stringify({ version: 1, language: arguments[0] }));",
        vec![json!(tag)],
    )
    .await;
}

/// The plain texts of language `tag` by position, as the bundle's compiled file has them
/// (`crates/texts`): `None` for a text with values.
fn compiled_texts(tag: &str) -> Vec<Option<String>> {
    let dir = e2e::portal_dist().join("i18n");
    let file = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .find(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with(&format!("{tag}.")) && name.ends_with(".json")
        })
        .unwrap_or_else(|| panic!("no {tag} texts in {}", dir.display()));
    let compiled: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    compiled["m"]
        .as_array()
        .expect("texts by position")
        .iter()
        .map(|text| text.as_str().map(str::to_owned))
        .collect()
}

/// The words of `from` a page switched in place to `to` must no longer show: each text of
/// `from` that `to` says otherwise, unless `to` says it somewhere too.
fn words_left_behind(from: &str, to: &str) -> Vec<String> {
    let (old, new) = (compiled_texts(from), compiled_texts(to));
    let kept: std::collections::HashSet<&String> = new.iter().flatten().collect();
    old.iter()
        .zip(&new)
        .filter_map(|(old, new)| match (old, new) {
            (Some(old), Some(new)) if old != new && !kept.contains(old) => Some(old.clone()),
            _ => None,
        })
        .collect()
}

/// Switches the page's language in place with the header's menu and checks that every text
/// followed: no text node, label, title or placeholder still says a word of the old language
/// (a text read once, outside anything reactive, would).
async fn switch_language_in_place(portal: &Portal, page: &str, from: &str, to: &str) {
    portal.select("select#language", to).await;
    portal.wait_for(&format!("html[lang='{to}']")).await;
    let old_words = words_left_behind(from, to);
    // A text follows the language in the same redraw; a moment is allowed for it all the same.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let shown = script(
            portal,
            "the page's words",
            "const words = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) words.push(walker.currentNode.nodeValue.trim());
            for (const element of document.body.querySelectorAll('[aria-label],[title],[placeholder]')) {
                for (const name of ['aria-label', 'title', 'placeholder']) {
                    const value = element.getAttribute(name);
                    if (value) words.push(value.trim());
                }
            }
            return words;",
            vec![],
        )
        .await;
        let left: Vec<&str> = shown
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|w| w.as_str())
            .filter(|w| old_words.iter().any(|old| old == w))
            .collect();
        if left.is_empty() {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{}",
            portal
                .failure(&format!(
                    "{page}: words of {from} left after switching to {to}: {left:?}"
                ))
                .await
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A walk of every page: on a busy 2-core machine, audited in two languages, it took over the
/// default 180 s (the limit only guards against a hang).
fn walk_setup() -> e2e::Setup {
    e2e::Setup {
        time_limit: std::time::Duration::from_secs(600),
        ..e2e::Setup::default()
    }
}

/// Every page passes axe-core without serious or critical violations in `theme`, in each of
/// `languages`. The pages are walked once: each signed-in page is audited in the language it
/// opened in, switched in place to the next language (every word must follow) and audited
/// again, and the next page opens in that one; the sign-in page is audited in each language.
fn audit_every_page(theme: &str, languages: &[&str]) {
    let theme = theme.to_owned();
    let languages: Vec<String> = languages.iter().map(|l| (*l).to_owned()).collect();
    e2e::run_with(walk_setup(), |portal| async move {
        choose_language(&portal, &languages[0]).await;
        // The sign-in page has no theme picker: it follows the system, which is set alike.
        portal.emulate_system_dark(theme == "dark").await;
        let mut found = Vec::new();
        let mut counts = Vec::new();
        let mut themed = false;
        let mut current = 0;
        walk(&portal, false, async |page: &str| {
            let mut audit = async |tag: &str| {
                assert_landmarks(&portal, page).await;
                let page = format!("{page} ({tag})");
                let violations = portal.audit_accessibility(&page).await;
                counts.push(format!("{page}: {}", violations.len()));
                found.extend(describe_violations(&page, &violations));
            };
            if page == Stop::Login.name() {
                for (index, tag) in languages.iter().enumerate() {
                    if index > 0 {
                        choose_language(&portal, tag).await;
                        portal.open("/login").await;
                        portal.wait_for(&format!("html[lang='{tag}']")).await;
                        settle(&portal, Stop::Login.content()).await;
                    }
                    audit(tag).await;
                }
                current = languages.len() - 1;
                return;
            }
            if !themed {
                portal.select("select#theme", &theme).await;
                portal
                    .wait_for(&format!("html[data-theme='{theme}']"))
                    .await;
                themed = true;
            }
            audit(&languages[current]).await;
            if languages.len() > 1 {
                let next = (current + 1) % languages.len();
                switch_language_in_place(&portal, page, &languages[current], &languages[next])
                    .await;
                current = next;
                audit(&languages[current]).await;
            }
        })
        .await;
        eprintln!(
            "axe, {theme} theme, serious or critical violations per page:\n{}",
            counts.join("\n")
        );
        assert!(
            found.is_empty(),
            "axe-core finds serious or critical violations in the {theme} theme:\n{}",
            found.join("\n")
        );
    });
}

/// Each theme in one language and each language in one theme: every page is audited in
/// both themes and every language without walking all the combinations.
#[test]
fn every_page_passes_axe_in_the_light_theme_in_english() {
    audit_every_page("light", &["en"]);
}

/// The other languages in the dark theme, each page switched between them in place.
#[test]
fn every_page_passes_axe_in_the_dark_theme_in_ukrainian_and_spanish() {
    audit_every_page("dark", &["uk", "es"]);
}

/// Audits the page as it is in the light and then the dark theme (the system's, which the
/// portal follows with its default theme choice).
async fn audit_both_themes(portal: &Portal, what: &str, found: &mut Vec<String>) {
    for dark in [false, true] {
        portal.emulate_system_dark(dark).await;
        let theme = if dark { "dark" } else { "light" };
        let page = format!("{what} ({theme})");
        let violations = portal.audit_accessibility(&page).await;
        eprintln!("axe: {page}: {}", violations.len());
        found.extend(describe_violations(&page, &violations));
    }
    portal.emulate_system_dark(false).await;
}

/// What the pages show on the way passes axe too: a refused sign-in, a filter's error, the open
/// column chooser, a server error, a failed country list, a zoomed chart with its tooltip, the
/// open menu on a phone.
#[test]
fn errors_open_menus_and_zoomed_charts_pass_axe_in_both_themes() {
    let setup = e2e::Setup {
        fault_control: true,
        ..e2e::Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let mut found = Vec::new();
        portal.open("/login").await;
        portal
            .fill("form#login-form input[name=login]", DEMO_LOGIN)
            .await;
        portal
            .fill("form#login-form input[name=password]", "wrong")
            .await;
        portal
            .press_enter("form#login-form input[name=password]")
            .await;
        portal.wait_for("#login-form .form-error").await;
        portal.click("details:has(form#token-form) > summary").await;
        portal.wait_for("form#token-form textarea").await;
        audit_both_themes(&portal, "a refused sign-in", &mut found).await;

        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        follow_nav(&portal, "/accounts", false).await;
        settle(&portal, "table#accounts-table tbody tr").await;
        portal.click(".filter-bar button.filter-add").await;
        portal
            .select(".filter-row select.filter-field", "balance")
            .await;
        portal.fill(".filter-row input.filter-value", "lots").await;
        portal
            .wait_for_texts(".filter-row .filter-error", "an error", |texts| {
                texts.iter().any(|text| !text.trim().is_empty())
            })
            .await;
        portal.click(".column-chooser > summary").await;
        portal
            .wait_for(".column-chooser[open] .column-choices")
            .await;
        audit_both_themes(
            &portal,
            "a filter's error and the column chooser",
            &mut found,
        )
        .await;

        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        follow_nav(&portal, "/services", false).await;
        portal
            .wait_for(".list-page .error-panel button.retry")
            .await;
        audit_both_themes(&portal, "a list the server fails", &mut found).await;
        // Statistics whose accounts and countries fail: the panel, and the countries' note
        // beside their filter.
        follow_nav(&portal, "/statistics/termination", false).await;
        portal
            .wait_for(".statistics-page .error-panel button.retry")
            .await;
        portal
            .click("form.stats-form details.more-filters > summary")
            .await;
        portal
            .wait_for(".narrowing-fields .countries-failed button.retry")
            .await;
        audit_both_themes(&portal, "statistics whose countries fail", &mut found).await;
        portal.clear_faults().await;

        portal
            .open("/statistics/origination?range=yesterday&sampling=hour")
            .await;
        settle(&portal, "#chart-calls canvas").await;
        portal.click("#chart-calls button.zoom-in").await;
        portal.wait_for("#chart-calls button.zoom-reset").await;
        let canvas = portal.wait_for("#chart-calls canvas").await;
        script(
            &portal,
            "scrolling to the chart",
            "document.querySelector('#chart-calls').scrollIntoView();",
            vec![],
        )
        .await;
        use e2e::fantoccini::actions::{InputSource, MouseActions, PointerAction};
        let hover = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
            element: canvas,
            duration: None,
            x: 0.0,
            y: 0.0,
        });
        portal
            .client()
            .perform_actions(hover)
            .await
            .expect("moving the mouse over the chart");
        portal.wait_for("#chart-calls .chart-tooltip").await;
        audit_both_themes(&portal, "a zoomed chart with its tooltip", &mut found).await;

        portal.set_viewport(PHONE.0, PHONE.1).await;
        portal.click(MENU_BUTTON).await;
        wait_for_displayed(&portal, NAV_LINKS, true).await;
        audit_both_themes(&portal, "the open menu on a phone", &mut found).await;

        assert!(
            found.is_empty(),
            "axe-core finds serious or critical violations:\n{}",
            found.join("\n")
        );
    });
}

/// The sign-in form index.html shows before the code comes passes axe in both themes, on a
/// phone too, and reaches every field by keyboard. The code is kept from coming (every wasm
/// request blocked), so the form stays as a visitor on a slow link sees it.
#[test]
fn the_sign_in_form_shown_before_the_code_passes_axe() {
    e2e::run(|portal| async move {
        portal.open("/login").await;
        portal.wait_for("form#login-form").await;
        portal.devtools("Network.enable", json!({})).await;
        portal
            .devtools("Network.setBlockedURLs", json!({ "urls": ["*.wasm"] }))
            .await;
        portal
            .devtools("Network.clearBrowserCache", json!({}))
            .await;
        portal.open("/login").await;
        portal
            .wait_for("main#early-sign-in:not([hidden]) form input[name=login]")
            .await;
        let mut found = Vec::new();
        audit_both_themes(&portal, "the sign-in form before the code", &mut found).await;
        portal.set_viewport(PHONE.0, PHONE.1).await;
        assert_fits(&portal, "the sign-in form before the code on a phone").await;
        audit_both_themes(
            &portal,
            "the sign-in form before the code on a phone",
            &mut found,
        )
        .await;
        let mut reached = Vec::new();
        for _ in 0..4 {
            portal.press_key(Key::Tab).await;
            reached.push(
                script(
                    &portal,
                    "the focused field",
                    "return document.activeElement.name || document.activeElement.tagName;",
                    vec![],
                )
                .await,
            );
        }
        portal
            .devtools("Network.setBlockedURLs", json!({ "urls": [] }))
            .await;
        assert_eq!(
            reached,
            [
                json!("login"),
                json!("password"),
                json!("remember"),
                json!("BUTTON")
            ],
            "the fields in order by keyboard"
        );
        assert!(
            found.is_empty(),
            "axe-core finds serious or critical violations:\n{}",
            found.join("\n")
        );
    });
}

// ---------------------------------------------------------------------------------------------
// Layout

/// The document itself does not scroll sideways (tables scroll inside their own container).
async fn assert_fits(portal: &Portal, page: &str) {
    let size = script(
        portal,
        "measuring the document",
        "const root = document.documentElement; return [root.scrollWidth, root.clientWidth];",
        vec![],
    )
    .await;
    let (scroll, client) = (
        size[0].as_u64().unwrap_or(u64::MAX),
        size[1].as_u64().unwrap_or(0),
    );
    if scroll > client {
        let wide = script(
            portal,
            "finding what sticks out",
            "const width = document.documentElement.clientWidth;
             return Array.from(document.querySelectorAll('body *'))
                .filter((e) => e.getBoundingClientRect().right > width + 1)
                .filter((e) => !e.closest('.table-scroll') || e.classList.contains('table-scroll'))
                .slice(0, 8)
                .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                    + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
                    + ' right=' + Math.round(e.getBoundingClientRect().right));",
            vec![],
        )
        .await;
        let message = format!(
            "{page}: the document scrolls sideways (scrollWidth {scroll} > clientWidth {client}); \
             sticking out: {wide}"
        );
        panic!("{}", portal.failure(&message).await);
    }
}

/// A list's rows are cards on a phone: its table needs no sideways scroll either.
async fn assert_rows_fit(portal: &Portal, page: &str) {
    let overflow = script(
        portal,
        "measuring the lists",
        "return Array.from(document.querySelectorAll('.table-scroll'))
            .filter((s) => s.querySelector(':scope > table.row-cards'))
            .map((s) => s.scrollWidth - s.clientWidth);",
        vec![],
    )
    .await;
    for sideways in overflow.as_array().into_iter().flatten() {
        if sideways.as_i64().unwrap_or(i64::MAX) > 1 {
            let message = format!("{page}: a list scrolls sideways by {sideways} px on a phone");
            panic!("{}", portal.failure(&message).await);
        }
    }
}

/// No two pieces of visible text under `main` and the top bar are drawn over each other, and
/// none reaches past the right edge of the screen outside a scrolling table (a label run into
/// its value, a figure wider than its box, a word cut off at the edge).
async fn assert_text_readable(portal: &Portal, page: &str) {
    let code = "const width = document.documentElement.clientWidth;
        const describe = (node) => {
            const e = node.parentElement;
            return e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
                ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
                + ' \"' + node.textContent.trim().slice(0, 30) + '\"';
        };
        // Text kept for screen readers only: clipped to a pixel (`.visually-hidden` and the
        // like), never drawn.
        const clipped = (e) => {
            for (; e; e = e.parentElement) {
                const style = getComputedStyle(e);
                if (style.position === 'absolute' && style.clip !== 'auto') return true;
            }
            return false;
        };
        const pieces = [];
        const sticking = [];
        for (const root of document.querySelectorAll('main, header.topbar')) {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const parent = node.parentElement;
                if (!node.textContent.trim() || !parent) continue;
                if (parent.closest('option, select, script, style')) continue;
                if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
                if (clipped(parent)) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                const scrolled = parent.closest('.table-scroll') !== null;
                for (const box of range.getClientRects()) {
                    if (box.width < 1 || box.height < 1) continue;
                    pieces.push([node, box]);
                    if (!scrolled && box.right > width + 1) sticking.push(describe(node));
                }
            }
        }
        const overlaps = [];
        for (let i = 0; i < pieces.length && overlaps.length < 8; i++) {
            for (let j = i + 1; j < pieces.length; j++) {
                const [a, p] = pieces[i];
                const [b, q] = pieces[j];
                if (a === b) continue;
                const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
                const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
                if (across > 2 && down > 2) overlaps.push(describe(a) + ' and ' + describe(b));
            }
        }
        return { overlaps, sticking: sticking.slice(0, 8) };";
    let result = script(portal, "looking for overlapping text", code, vec![]).await;
    let found = |key: &str| result[key].as_array().cloned().unwrap_or_default();
    let (overlaps, sticking) = (found("overlaps"), found("sticking"));
    if !overlaps.is_empty() || !sticking.is_empty() {
        let message = format!(
            "{page}: text drawn over other text: {overlaps:?}; text past the screen's edge: \
             {sticking:?}"
        );
        panic!("{}", portal.failure(&message).await);
    }
}

/// No two visible interactive elements inside `scope` overlap (neither containing the other).
async fn assert_no_overlaps(portal: &Portal, scope: &str, page: &str) {
    let code = "const [scope, selector] = arguments;
        const describe = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
            + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
            + ' \"' + (e.innerText || e.value || '').trim().slice(0, 30) + '\"';
        const shown = [];
        for (const root of document.querySelectorAll(scope)) {
            for (const e of root.querySelectorAll(selector)) {
                const box = e.getBoundingClientRect();
                if (box.width < 1 || box.height < 1) continue;
                if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
                shown.push([e, box]);
            }
        }
        const overlaps = [];
        for (let i = 0; i < shown.length; i++) {
            for (let j = i + 1; j < shown.length; j++) {
                const [a, p] = shown[i];
                const [b, q] = shown[j];
                if (a.contains(b) || b.contains(a)) continue;
                const width = Math.min(p.right, q.right) - Math.max(p.left, q.left);
                const height = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
                if (width > 1 && height > 1) overlaps.push(describe(a) + ' and ' + describe(b));
            }
        }
        return { count: shown.length, overlaps };";
    let result = script(
        portal,
        "looking for overlapping controls",
        code,
        vec![json!(scope), json!(INTERACTIVE)],
    )
    .await;
    let overlaps = result["overlaps"].as_array().cloned().unwrap_or_default();
    if !overlaps.is_empty() {
        let message = format!("{page}: interactive elements overlap in `{scope}`: {overlaps:?}");
        panic!("{}", portal.failure(&message).await);
    }
}

/// On a 360-px phone every page fits the width in the language `tag` (words differ in length:
/// a pager that fits in English may not in Ukrainian), lists show their rows as cards that
/// fit too, the navigation folds behind the menu
/// button (hidden until it is pressed, folded again by following a link), and no controls
/// overlap.
fn on_a_phone_every_page_fits(tag: &str) {
    let tag = tag.to_owned();
    e2e::run_with(walk_setup(), |portal| async move {
        choose_language(&portal, &tag).await;
        portal.set_viewport(PHONE.0, PHONE.1).await;
        walk(&portal, true, async |page: &str| {
            let page = &format!("{page} ({tag})");
            assert_fits(&portal, page).await;
            assert_rows_fit(&portal, page).await;
            assert_text_readable(&portal, page).await;
            assert_no_overlaps(&portal, "header", page).await;
            assert_no_overlaps(&portal, "main", page).await;
            let signed_in_page = ![Stop::Login, Stop::NotFound]
                .iter()
                .any(|stop| page.starts_with(&stop.name()));
            if signed_in_page {
                assert!(
                    displayed(&portal, MENU_BUTTON).await,
                    "{page}: no menu button on a phone"
                );
                assert!(
                    !displayed(&portal, NAV_LINKS).await,
                    "{}",
                    portal
                        .failure(&format!("{page}: the navigation is not folded on a phone"))
                        .await
                );
                // Charts take the width they have.
                let canvases = script(
                    &portal,
                    "measuring the charts",
                    "return Array.from(document.querySelectorAll('main canvas'),
                        (c) => c.getBoundingClientRect().right);",
                    vec![],
                )
                .await;
                for right in canvases.as_array().into_iter().flatten() {
                    assert!(
                        right.as_f64().unwrap_or(f64::MAX) <= f64::from(PHONE.0),
                        "{page}: a chart is wider than the phone ({right})"
                    );
                }
            }
        })
        .await;

        // Escape folds the open menu and leaves the focus on its button.
        portal.open("/").await;
        settle(&portal, Stop::Overview.content()).await;
        tab_to(&portal, MENU_BUTTON).await;
        portal.press_key(Key::Enter).await;
        wait_for_displayed(&portal, NAV_LINKS, true).await;
        portal.press_key(Key::Escape).await;
        wait_for_displayed(&portal, NAV_LINKS, false).await;
        assert_eq!(expanded(&portal).await, "false");
        assert_focus(&portal, MENU_BUTTON, "after Escape folded the menu").await;
    });
}

#[test]
fn on_a_phone_every_page_fits_in_english_and_the_navigation_folds_into_a_menu() {
    on_a_phone_every_page_fits("en");
}

#[test]
fn on_a_phone_every_page_fits_in_ukrainian_and_the_navigation_folds_into_a_menu() {
    on_a_phone_every_page_fits("uk");
}

#[test]
fn on_a_phone_every_page_fits_in_spanish_and_the_navigation_folds_into_a_menu() {
    on_a_phone_every_page_fits("es");
}

/// The layout box of an element: left, right, width.
async fn box_of(portal: &Portal, css: &str) -> (f64, f64, f64) {
    let value = script(
        portal,
        &format!("measuring `{css}`"),
        "const box = document.querySelector(arguments[0]).getBoundingClientRect();
         return [box.left, box.right, box.width];",
        vec![json!(css)],
    )
    .await;
    let number = |i: usize| value[i].as_f64().unwrap_or(f64::NAN);
    (number(0), number(1), number(2))
}

/// On a 2560-px screen the content keeps a readable width, centred beside the navigation, and
/// the navigation shows in full without the menu button; the same at a common laptop width.
#[test]
fn on_a_wide_screen_the_content_keeps_a_readable_width() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        for (width, height) in [WIDE, (1280, 900)] {
            portal.set_viewport(width, height).await;
            for path in ["/", "/network-prefixes", "/statistics/origination"] {
                if portal.current_url().await.path() != path {
                    follow_nav(&portal, path, false).await;
                }
                settle(&portal, "main h1").await;
                let page = format!("{path} at {width} px");
                assert_fits(&portal, &page).await;
                assert!(
                    !displayed(&portal, MENU_BUTTON).await,
                    "{page}: the menu button shows"
                );
                let links = script(
                    &portal,
                    "counting the navigation links shown",
                    "return Array.from(document.querySelectorAll('nav#main-nav a'))
                        .filter((a) => a.getBoundingClientRect().width > 0).length;",
                    vec![],
                )
                .await;
                assert_eq!(
                    links,
                    json!(NAVIGATION_LINKS),
                    "{page}: every navigation link shows"
                );
                assert_no_overlaps(&portal, "header", &page).await;
                assert_no_overlaps(&portal, "nav#main-nav", &page).await;
                let (_, beside_navigation, _) = box_of(&portal, "nav#main-nav").await;
                let (left, right, main_width) = box_of(&portal, "main").await;
                assert!(
                    main_width <= MAIN_MAX_WIDTH + 0.5,
                    "{page}: main is {main_width} px wide, more than {MAIN_MAX_WIDTH}"
                );
                let viewport = script(
                    &portal,
                    "the viewport's width without a scroll bar",
                    "return document.documentElement.clientWidth;",
                    vec![],
                )
                .await;
                let margins = (
                    left - beside_navigation,
                    viewport.as_f64().unwrap_or(f64::NAN) - right,
                );
                assert!(
                    (margins.0 - margins.1).abs() <= 2.0,
                    "{page}: main is not centred (margins {margins:?})"
                );
                // Tables and charts stay within main.
                for css in ["main .table-scroll", "main .chart"] {
                    let boxes = script(
                        &portal,
                        "measuring tables and charts",
                        "return Array.from(document.querySelectorAll(arguments[0]),
                            (e) => e.getBoundingClientRect().width);",
                        vec![json!(css)],
                    )
                    .await;
                    for inner in boxes.as_array().into_iter().flatten() {
                        assert!(
                            inner.as_f64().unwrap_or(f64::MAX) <= main_width,
                            "{page}: `{css}` ({inner} px) is wider than main ({main_width} px)"
                        );
                    }
                }
            }
        }
        // The sign-in form keeps a form's width on a wide screen too.
        portal.set_viewport(WIDE.0, WIDE.1).await;
        portal.click("#sign-out").await;
        portal.wait_for_path("/login").await;
        settle(&portal, "form#login-form").await;
        let (_, _, form_width) = box_of(&portal, "form#login-form").await;
        assert!(
            form_width <= 480.0,
            "the sign-in form is {form_width} px wide"
        );
    });
}

// ---------------------------------------------------------------------------------------------
// Keyboard

/// The focused element: a description, whether it matches `css`, whether its focus is visible
/// (an outline or a box shadow), whether it is the page's body (focus lost).
#[derive(Debug)]
struct Focus {
    description: String,
    matches: bool,
    visible: bool,
    lost: bool,
}

async fn focus(portal: &Portal, css: &str) -> Focus {
    let code = "const e = document.activeElement;
        if (!e || e === document.body || e === document.documentElement)
            return { description: 'nothing (the body)', matches: false, visible: false, lost: true };
        const style = getComputedStyle(e);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
        const description = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
            + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
            + (e.name ? '[name=' + e.name + ']' : '')
            + ' \"' + (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 40) + '\"';
        return { description, matches: e.matches(arguments[0]), visible: outline || shadow, lost: false };";
    let value = script(portal, "the focused element", code, vec![json!(css)]).await;
    Focus {
        description: value["description"].as_str().unwrap_or("?").to_owned(),
        matches: value["matches"] == json!(true),
        visible: value["visible"] == json!(true),
        lost: value["lost"] == json!(true),
    }
}

/// Asserts that the focus is on `css`, visibly.
async fn assert_focus(portal: &Portal, css: &str, when: &str) {
    let deadline = std::time::Instant::now() + e2e::WAIT_TIMEOUT;
    let now = loop {
        let now = focus(portal, css).await;
        if now.matches {
            break now;
        }
        if std::time::Instant::now() > deadline {
            let message = format!("{when}: the focus is on {}, not `{css}`", now.description);
            panic!("{}", portal.failure(&message).await);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert!(
        now.visible,
        "{}",
        portal
            .failure(&format!(
                "{when}: the focus on {} does not show",
                now.description
            ))
            .await
    );
}

/// Presses Tab until `css` has the focus, checking at every stop that the focus is on
/// something and shows; answers how many presses it took.
async fn tab_to(portal: &Portal, css: &str) -> usize {
    tab_towards(portal, css, false).await
}

async fn tab_towards(portal: &Portal, css: &str, backwards: bool) -> usize {
    let mut path = Vec::new();
    for presses in 1..=TAB_LIMIT {
        if backwards {
            portal
                .press_keys(&[Key::Shift.into(), Key::Tab.into()])
                .await;
        } else {
            portal.press_key(Key::Tab).await;
        }
        let now = focus(portal, css).await;
        if now.lost || !now.visible {
            let message = format!(
                "tabbing towards `{css}`, the focus {} on {} (after {path:?})",
                if now.lost {
                    "was lost"
                } else {
                    "does not show"
                },
                now.description
            );
            panic!("{}", portal.failure(&message).await);
        }
        if now.matches {
            return presses;
        }
        path.push(now.description);
    }
    let message = format!("Tab never reached `{css}` within {TAB_LIMIT} presses: {path:?}");
    panic!("{}", portal.failure(&message).await);
}

async fn wait_for_param(portal: &Portal, name: &str, expected: Option<&str>) -> url::Url {
    portal
        .wait_for_url(&format!("{name}={expected:?}"), |url| {
            query_param(url, name).as_deref() == expected
        })
        .await
}

fn has_filter(url: &url::Url) -> bool {
    url.query_pairs().any(|(key, _)| key.starts_with("filter["))
}

/// A list by keyboard alone: the skip link first, then the filters, the sort buttons, the pager
/// and a row link, each reached by Tab and worked by Enter or Space, the focus always showing.
#[test]
fn a_list_works_by_keyboard_alone() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        // Ten rows: each has two links (its own page and its network's) to tab past.
        portal.open("/network-prefixes?page[size]=10").await;
        settle(&portal, "table#network-prefixes-table tbody tr").await;

        // From the page load, the first Tab reaches the skip link, and Enter on it moves the
        // focus to main.
        assert_eq!(
            tab_to(&portal, "a.skip-link").await,
            1,
            "the skip link comes first"
        );
        portal.press_key(Key::Enter).await;
        assert_focus(&portal, "main#main", "after the skip link").await;
        assert_eq!(portal.current_url().await.path(), "/network-prefixes");

        // A filter: added by Enter, its field, operator and value reached by Tab, typed into.
        tab_to(&portal, ".filter-bar button.filter-add").await;
        portal.press_key(Key::Enter).await;
        assert_focus(
            &portal,
            ".filter-row select.filter-field",
            "after adding a filter",
        )
        .await;
        tab_to(&portal, ".filter-row select.filter-operator").await;
        tab_to(&portal, ".filter-row input.filter-value").await;
        portal.press_key('3').await;
        portal.wait_for_url("a filter in the URL", has_filter).await;
        tab_to(&portal, ".filter-row button.filter-remove").await;
        portal.press_key(Key::Space).await;
        portal
            .wait_for_url("no filter in the URL", |url| !has_filter(url))
            .await;
        assert_focus(
            &portal,
            ".filter-bar button.filter-add",
            "after removing the filter",
        )
        .await;
        // The unfiltered rows come back before the table can be tabbed into: while they load,
        // the filtered page's empty (hidden) table is all there is.
        settle(&portal, "table#network-prefixes-table tbody tr").await;

        // Sorting: Enter turns the order of a column round (the prefixes come by prefix, the
        // server's default order, which the heading says), Space turns it back; the focus
        // stays.
        tab_to(&portal, "table th button.sort").await;
        let key = script(
            &portal,
            "the sorted column's key",
            "return document.activeElement.closest('th').dataset.key;",
            vec![],
        )
        .await;
        let key = key.as_str().unwrap_or_default().to_owned();
        let button = format!("table th[data-key='{key}'] button.sort");
        let aria_sort = async || {
            script(
                &portal,
                "the header's aria-sort",
                "return document.querySelector(arguments[0]).closest('th').getAttribute('aria-sort');",
                vec![json!(button)],
            )
            .await
        };
        assert_eq!(key, "prefix");
        assert_eq!(aria_sort().await, json!("ascending"), "the default order");
        portal.press_key(Key::Enter).await;
        wait_for_param(&portal, "sort", Some(&format!("-{key}"))).await;
        settle(&portal, "table#network-prefixes-table tbody tr").await;
        assert_focus(&portal, &button, "after sorting").await;
        assert_eq!(aria_sort().await, json!("descending"));
        portal.press_key(Key::Space).await;
        wait_for_param(&portal, "sort", Some(&key)).await;
        settle(&portal, "table#network-prefixes-table tbody tr").await;
        assert_focus(&portal, &button, "after sorting again").await;
        assert_eq!(aria_sort().await, json!("ascending"));

        // Paging: Enter on "Next", then Space on "Previous"; the focus stays on the pager.
        tab_to(&portal, ".pager button.page-next").await;
        portal.press_key(Key::Enter).await;
        wait_for_param(&portal, "page[number]", Some("2")).await;
        settle(&portal, "table#network-prefixes-table tbody tr").await;
        assert_focus(&portal, ".pager button.page-next", "after paging").await;
        tab_towards(&portal, ".pager button.page-prev", true).await;
        portal.press_key(Key::Space).await;
        portal
            .wait_for_url("page 1", |url| {
                matches!(
                    query_param(url, "page[number]").as_deref(),
                    None | Some("1")
                )
            })
            .await;
        settle(&portal, "table#network-prefixes-table tbody tr").await;
        assert_focus(&portal, ".pager button", "after paging back").await;

        // A row link: reached backwards from the pager, Enter opens the record, and the focus
        // moves to the new page's main content.
        tab_towards(
            &portal,
            "table#network-prefixes-table tbody a[href^='/networks/']",
            true,
        )
        .await;
        portal.press_key(Key::Enter).await;
        portal
            .wait_for_url("a network's page", |url| {
                url.path().starts_with("/networks/")
            })
            .await;
        settle(&portal, ".detail-page h1").await;
        assert_focus(&portal, "main#main", "on the record's page").await;
    });
}

/// The summary of a chart: the element the canvas names with aria-describedby, its text and
/// whether it shows.
async fn chart_summary(portal: &Portal, chart: &str) -> (String, bool) {
    let code = "const canvas = document.querySelector(arguments[0] + ' canvas');
        const ids = canvas && canvas.getAttribute('aria-describedby');
        const summary = ids && document.getElementById(ids.split(/\\s+/)[0]);
        if (!summary) return null;
        const box = summary.getBoundingClientRect();
        return [summary.innerText, box.width > 0 && box.height > 0];";
    let value = script(portal, "the chart's summary", code, vec![json!(chart)]).await;
    match value.as_array() {
        Some(parts) => (
            parts[0].as_str().unwrap_or_default().to_owned(),
            parts[1] == json!(true),
        ),
        None => panic!(
            "{}",
            portal
                .failure(&format!(
                    "the canvas of `{chart}` names no summary with aria-describedby"
                ))
                .await
        ),
    }
}

/// A chart page by keyboard alone: the form, the legend (Enter and Space), zooming in and out
/// by buttons and the reset; each chart has a text summary of its series.
#[test]
fn a_chart_page_works_by_keyboard_alone() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal
            .open("/statistics/origination?range=yesterday&sampling=hour")
            .await;
        let chart = "#chart-calls";
        settle(&portal, &format!("{chart} canvas")).await;

        // The summary: per series its lowest, highest and average value, in words beside the
        // canvas, which names it.
        let (summary, visible) = chart_summary(&portal, chart).await;
        assert!(visible, "the summary of {chart} shows: {summary:?}");
        for word in [
            "Total",
            "Successful",
            "Failed",
            "Minimum",
            "Maximum",
            "Average",
        ] {
            assert!(
                summary.contains(word),
                "{chart}'s summary names {word}: {summary:?}"
            );
        }
        assert!(summary.chars().any(|c| c.is_ascii_digit()), "{summary:?}");

        // The form: a range picked with the arrow keys, shown by Enter on "Show".
        assert_eq!(tab_to(&portal, "a.skip-link").await, 1);
        portal.press_key(Key::Enter).await;
        assert_focus(&portal, "main#main", "after the skip link").await;
        tab_to(&portal, "form.stats-form select[name=range]").await;
        portal.press_key(Key::Down).await;
        tab_to(&portal, "form.stats-form button.apply").await;
        portal.press_key(Key::Enter).await;
        wait_for_param(&portal, "range", Some("last-7-days")).await;
        settle(&portal, &format!("{chart} canvas")).await;

        // The legend: Space hides a series, Enter shows it again.
        let successful = format!("{chart} .legend input[name=successful_calls]");
        tab_to(&portal, &successful).await;
        let checked = async || {
            script(
                &portal,
                "the legend entry's state",
                "return document.querySelector(arguments[0]).checked;",
                vec![json!(successful)],
            )
            .await
        };
        assert_eq!(checked().await, json!(true));
        portal.press_key(Key::Space).await;
        assert_eq!(checked().await, json!(false), "Space hides the series");
        portal.press_key(Key::Enter).await;
        assert_eq!(checked().await, json!(true), "Enter shows the series again");

        // Zoom by buttons: in, closer, out again, then the reset, which hands the focus back.
        // Each zoom is announced in words.
        let zoom_in = format!("{chart} button.zoom-in");
        let zoom_state = format!("{chart} .zoom-state");
        let state_now = async || {
            let text = script(
                &portal,
                "the zoom state",
                "const e = document.querySelector(arguments[0]); return e ? e.innerText : null;",
                vec![json!(zoom_state)],
            )
            .await;
            text.as_str().map(str::to_owned)
        };
        let wait_for_state = async |what: &str, accept: &dyn Fn(&str) -> bool| {
            portal
                .wait_until(what, async || {
                    let text = state_now().await?;
                    accept(&text).then_some(text)
                })
                .await
        };
        assert_eq!(state_now().await.as_deref(), Some(""), "no zoom at first");
        // The buttons come before the legend, in the chart's caption.
        tab_towards(&portal, &zoom_in, true).await;
        portal.press_key(Key::Enter).await;
        let first = wait_for_state("a zoom", &|text| !text.is_empty()).await;
        portal.press_key(Key::Space).await;
        let closer =
            wait_for_state("a closer zoom", &|text| !text.is_empty() && text != first).await;
        tab_to(&portal, &format!("{chart} button.zoom-out")).await;
        portal.press_key(Key::Enter).await;
        wait_for_state("a wider zoom", &|text| !text.is_empty() && text != closer).await;
        tab_to(&portal, &format!("{chart} button.zoom-reset")).await;
        portal.press_key(Key::Enter).await;
        wait_for_displayed(&portal, &format!("{chart} button.zoom-reset"), false).await;
        assert_focus(&portal, &zoom_in, "after resetting the zoom").await;
        let state = state_now().await;
        assert_eq!(
            state.as_deref(),
            Some(""),
            "no zoom is announced after the reset"
        );
    });
}

// ---------------------------------------------------------------------------------------------
// Screenshots for a person to look at

/// Where [`screenshots_of_every_page`] saves its pictures.
fn shots_dir() -> std::path::PathBuf {
    std::env::var_os("E2E_SHOTS_DIR")
        .map(Into::into)
        .unwrap_or_else(|| std::env::temp_dir().join("portal-shots"))
}

/// How tall one saved picture is at most: a long page is saved in parts this tall (the first
/// [`SHOT_PARTS`] of them), so that each part stays readable.
const SHOT_PART_HEIGHT: u64 = 1500;
const SHOT_PARTS: u64 = 3;

/// The page, beyond the viewport, as PNGs of at most [`SHOT_PART_HEIGHT`] px each, from the
/// top (Chromium's DevTools).
async fn page_pngs(portal: &Portal) -> Vec<Vec<u8>> {
    use base64::Engine as _;
    let size = script(
        portal,
        "measuring the page",
        "return [window.innerWidth, document.documentElement.scrollHeight];",
        vec![],
    )
    .await;
    let (width, height) = (
        size[0].as_u64().unwrap_or(360),
        size[1].as_u64().unwrap_or(740),
    );
    let mut parts = Vec::new();
    let mut top = 0;
    while top < height && (parts.len() as u64) < SHOT_PARTS {
        let clip = json!({
            "x": 0, "y": top, "width": width,
            "height": SHOT_PART_HEIGHT.min(height - top), "scale": 1
        });
        let shot = portal
            .devtools(
                "Page.captureScreenshot",
                json!({ "format": "png", "captureBeyondViewport": true, "clip": clip }),
            )
            .await;
        let data = shot["data"].as_str().unwrap_or_default();
        match base64::engine::general_purpose::STANDARD.decode(data) {
            Ok(png) => parts.push(png),
            Err(error) => panic!("the screenshot is not base64: {error}"),
        }
        top += SHOT_PART_HEIGHT;
    }
    parts
}

/// Not a check but a look: walks every page in the language `tag` and `theme` and saves each
/// whole page at 1400 and at 360 px into `$E2E_SHOTS_DIR` (default: a folder in the system's
/// temporary directory), named `<tag>-<theme>-<width>-<nn>-<page>-<part>.png`, for a person to read
/// the pages as a customer would. Run with `--ignored screenshots`.
fn screenshots_of_every_page(tag: &str, theme: &str) {
    let (tag, theme) = (tag.to_owned(), theme.to_owned());
    let setup = e2e::Setup {
        time_limit: std::time::Duration::from_secs(20 * 60),
        ..e2e::Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let dir = shots_dir();
        std::fs::create_dir_all(&dir).expect("making the screenshot folder");
        choose_language(&portal, &tag).await;
        portal.emulate_system_dark(theme == "dark").await;
        let wide = (1400, 900);
        portal.set_viewport(wide.0, wide.1).await;
        let mut number = 0;
        walk(&portal, false, async |page: &str| {
            number += 1;
            let slug: String = page
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            for (width, height) in [wide, PHONE] {
                portal.set_viewport(width, height).await;
                settle(&portal, "main").await;
                // Charts draw again for the new width on the next frame.
                tokio::time::sleep(std::time::Duration::from_millis(300)).await;
                for (part, png) in page_pngs(&portal).await.into_iter().enumerate() {
                    let name = format!("{tag}-{theme}-{width}-{number:02}-{slug}-{part}.png");
                    std::fs::write(dir.join(&name), png).expect("saving a screenshot");
                }
            }
            portal.set_viewport(wide.0, wide.1).await;
        })
        .await;
        eprintln!("screenshots of {number} pages in {}", dir.display());
    });
}

#[test]
#[ignore = "a tool: saves screenshots for a person to look at"]
fn screenshots_in_english_light() {
    screenshots_of_every_page("en", "light");
}

#[test]
#[ignore = "a tool: saves screenshots for a person to look at"]
fn screenshots_in_english_dark() {
    screenshots_of_every_page("en", "dark");
}

#[test]
#[ignore = "a tool: saves screenshots for a person to look at"]
fn screenshots_in_ukrainian_light() {
    screenshots_of_every_page("uk", "light");
}

#[test]
#[ignore = "a tool: saves screenshots for a person to look at"]
fn screenshots_in_ukrainian_dark() {
    screenshots_of_every_page("uk", "dark");
}
