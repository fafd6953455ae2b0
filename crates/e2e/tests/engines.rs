//! The portal in the engines customers use: one walk over the paths a customer depends on,
//! written once and run in Chromium, Firefox and WebKit (Safari's engine). Each step waits on
//! what the page shows; the numbers it checks come from the demo API itself, asked with a token
//! as a script would.
//!
//! Run one engine alone with a name filter: `cargo test -p e2e --test engines -- firefox`
//! (after `cargo xtask dist`; the harness starts geckodriver or WebKitWebDriver itself unless
//! `GECKODRIVER_URL` or `WEBKITDRIVER_URL` names a running one).

use std::future::Future;
use std::time::Instant;

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Engine, Portal, Setup};
use serde_json::{Value, json};

const ACCOUNT: &str = "Kyiv Wholesale";
/// `Blocked prefixes`: the demo customer's empty number list.
const NUMBER_LIST: &str = "3";
const PAGER_SUMMARY: &str = "nav.pager .pager-summary";
const DETAIL_HEADING: &str = "section.detail-page h1";
const NAV_ACCOUNTS: &str = "#main-nav a[href='/accounts']";
const ACCOUNT_NAMES: &str = "table#accounts-table tbody tr td:first-child";
/// At least this many coloured pixels make a drawn line (a chart about 1,200 pixels wide draws
/// thousands).
const DRAWN: u64 = 300;
/// The phone the layout is checked on, and the window the walk otherwise runs in, in CSS pixels.
const PHONE: (u32, u32) = (360, 740);
const DESKTOP: (u32, u32) = (1280, 900);

#[test]
fn in_chromium() {
    walk_in(Engine::Chromium);
}

#[test]
fn in_firefox() {
    walk_in(Engine::Firefox);
}

#[test]
fn in_webkit() {
    walk_in(Engine::WebKit);
}

/// The walk, in one session of `engine`; each step's time is printed (`--nocapture`).
fn walk_in(engine: Engine) {
    let setup = Setup {
        engine,
        // The embed step needs the example parent page on another origin.
        embedding: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let started = Instant::now();
        let facts = Facts::ask(&portal).await;
        portal.set_viewport(DESKTOP.0, DESKTOP.1).await;
        step(
            &portal,
            "sign in before the code came",
            sign_in_early(&portal),
        )
        .await;
        step(
            &portal,
            "a list filtered from its URL",
            filtered_list(&portal, &facts),
        )
        .await;
        step(
            &portal,
            "a record and its PDF",
            invoice_and_pdf(&portal, &facts),
        )
        .await;
        step(&portal, "a month's statement", statement(&portal)).await;
        step(&portal, "an alert fires", alert_fires(&portal, &facts)).await;
        step(&portal, "a chart drawn", chart_drawn(&portal, &facts)).await;
        step(&portal, "a recording playable", recording(&portal, &facts)).await;
        step(
            &portal,
            "a number-list edit",
            number_list_edit(&portal, &facts),
        )
        .await;
        step(
            &portal,
            "live calls refreshing",
            live_calls(&portal, &facts),
        )
        .await;
        step(
            &portal,
            "a top-up via the provider",
            top_up(&portal, &facts),
        )
        .await;
        step(&portal, "a language switch", language_switch(&portal)).await;
        step(&portal, "a 360-px phone", phone_width(&portal)).await;
        step(&portal, "embedded by a parent", embedded(&portal)).await;
        step(
            &portal,
            "framed where not allowed",
            framing_refused(&portal),
        )
        .await;
        println!(
            "{}: the walk took {:.1} s",
            engine.name(),
            started.elapsed().as_secs_f64()
        );
    });
}

async fn step(portal: &Portal, name: &str, walk: impl Future<Output = ()>) {
    let started = Instant::now();
    walk.await;
    println!(
        "{}: {name}: {:.1} s",
        portal.engine().name(),
        started.elapsed().as_secs_f64()
    );
}

/// What the walk looks for, as the demo API has it.
struct Facts {
    token: String,
    account: String,
    pending_payments: u64,
    invoice: String,
    invoice_reference: String,
    invoice_amount: String,
    recorded_call: String,
}

impl Facts {
    async fn ask(portal: &Portal) -> Facts {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let get = async |path: &str, query: &[(&str, &str)]| -> Vec<Value> {
            let document = portal.api_get(&token, path, query).await;
            document["data"].as_array().cloned().unwrap_or_default()
        };
        let accounts = get("accounts", &[("page[size]", "100")]).await;
        let account = find(&accounts, "an account named Kyiv Wholesale", |a| {
            a["name"] == ACCOUNT
        });
        let pending = portal
            .api_get(
                &token,
                "payments",
                &[("filter[status-eq]", "pending"), ("page[size]", "1")],
            )
            .await;
        let invoices = get("invoices", &[("page[size]", "100")]).await;
        let invoice = find(&invoices, "an invoice with a PDF", |i| i["has-pdf"] == true);
        let calls = get(
            "cdrs",
            &[("page[size]", "1000"), ("filter[success-eq]", "true")],
        )
        .await;
        let call = find(&calls, "an answered call with a recording", |c| {
            c["rec"] == true
        });
        Facts {
            account: text(&account["id"]),
            pending_payments: pending["meta"]["total-count"].as_u64().unwrap_or_default(),
            invoice: text(&invoice["id"]),
            invoice_reference: text(&invoice["attributes"]["reference"]),
            invoice_amount: text(&invoice["attributes"]["amount-spent"]),
            recorded_call: text(&call["id"]),
            token,
        }
    }
}

fn find(records: &[Value], what: &str, accept: impl Fn(&Value) -> bool) -> Value {
    records
        .iter()
        .find(|record| accept(&record["attributes"]))
        .cloned()
        .unwrap_or_else(|| panic!("the demo data has no {what}"))
}

/// A JSON string or number as text (amounts come as either).
fn text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The number a shown amount says (`1,234.50 USD` → `1234.50`), for comparing with the API's.
fn shown_number(shown: &str) -> f64 {
    let digits: String = shown
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
        .collect();
    digits.parse().unwrap_or(f64::NAN)
}

async fn script(portal: &Portal, what: &str, code: &str, args: Vec<Value>) -> Value {
    match portal.client().execute(code, args).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

/// The text the page renders for the first element matching `css` (its `innerText`).
/// WebKitWebDriver counts a table's data cells as not displayed and answers an empty text for
/// them (Get Element Text), though the page shows them; the page's own rendering does not.
async fn rendered_text(portal: &Portal, css: &str) -> Option<String> {
    let script = "const element = document.querySelector(arguments[0]);
        return element ? element.innerText : null;";
    let text = portal
        .client()
        .execute(script, vec![json!(css)])
        .await
        .ok()?;
    text.as_str().map(str::to_owned)
}

/// index.html's sign-in form, shown while the code is held back (as on a slow link): what the
/// visitor sends there, the portal sends once its code has come.
async fn sign_in_early(portal: &Portal) {
    portal.hold_the_code(true);
    portal.open("/login").await;
    let early = "main#early-sign-in:not([hidden]) form#early-login-form";
    portal.wait_for(early).await;
    portal
        .fill(&format!("{early} input[name=login]"), DEMO_LOGIN)
        .await;
    portal
        .fill(&format!("{early} input[name=password]"), DEMO_PASSWORD)
        .await;
    portal.click(&format!("{early} button")).await;
    portal.hold_the_code(false);
    portal.wait_for("nav#main-nav").await;
    assert_eq!(portal.current_url().await.path(), "/");
    let sign_ins = portal
        .served_requests()
        .iter()
        .filter(|r| r.from_browser() && r.method == "POST" && r.endpoint() == "auth")
        .count();
    assert_eq!(sign_ins, 1, "what was sent early is sent once");
}

/// A bookmarked list view: pending payments, the filter taken from the URL.
async fn filtered_list(portal: &Portal, facts: &Facts) {
    portal.open("/payments?filter%5Bstatus-eq%5D=pending").await;
    let total = facts.pending_payments;
    portal
        .wait_for_text(PAGER_SUMMARY, &format!("of {total}"))
        .await;
    let table = portal
        .wait_for_table("table#payments-table", "pending payments", |t| {
            !t.rows.is_empty()
        })
        .await;
    let statuses = table.column("Status").expect("a Status column");
    assert!(statuses.iter().all(|s| *s == "Pending"), "{statuses:?}");
}

/// An invoice's page with the API's total, and its PDF saved from the page.
async fn invoice_and_pdf(portal: &Portal, facts: &Facts) {
    portal.open(&format!("/invoices/{}", facts.invoice)).await;
    portal
        .wait_for_text(DETAIL_HEADING, &facts.invoice_reference)
        .await;
    let expected: f64 = facts.invoice_amount.parse().unwrap_or(f64::NAN);
    let amount = ".invoice-breakdown td[data-key=amount-spent]";
    portal
        .wait_until(&format!("`{amount}` to show {expected}"), async || {
            let shown = rendered_text(portal, amount).await?;
            ((shown_number(&shown) - expected).abs() < 1e-9).then_some(())
        })
        .await;
    portal.click("button.download-file").await;
    let file_name = format!("{}.pdf", facts.invoice_reference);
    let pdf = portal.wait_for_download(&file_name).await;
    assert!(pdf.starts_with(b"%PDF"), "{file_name} is a PDF");
    let served = portal.served_requests();
    let request = served
        .iter()
        .find(|r| {
            r.path
                .ends_with(&format!("/invoices/{}/download", facts.invoice))
        })
        .expect("the PDF was asked for");
    assert_eq!(request.status(), Some(200), "the PDF's request");
    assert!(request.authorization, "the token went in a header");
}

/// The last whole month's statement, made in the page and saved as a zip that opens, with its
/// summary and every invoice's PDF.
async fn statement(portal: &Portal) {
    let (_, files) = portal.make_statement("/statement").await;
    let summary = String::from_utf8_lossy(&files["summary.txt"]).into_owned();
    assert!(summary.starts_with("Statement for "), "{summary}");
    let pdfs = files
        .iter()
        .filter(|(name, _)| name.starts_with("invoices/"));
    assert!(pdfs.clone().count() > 0, "{:?}", files.keys());
    for (name, pdf) in pdfs {
        assert!(pdf.starts_with(b"%PDF"), "{name} is a PDF");
    }
}

/// A balance rule on the demo customer's account below its minimum fires at once, above the
/// page and in the tab's title; removed, its alert goes.
async fn alert_fires(portal: &Portal, facts: &Facts) {
    let accounts = portal.api_get(&facts.token, "accounts", &[]).await;
    let lviv = accounts["data"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["attributes"]["name"] == "Lviv Overdraft")
        .and_then(|a| a["id"].as_str())
        .expect("the account below its minimum")
        .to_owned();
    portal.open("/alerts").await;
    portal
        .select("form.watch-form select[name=account]", &lviv)
        .await;
    portal.fill("form.watch-form input[name=limit]", "0").await;
    portal.click("form.watch-form button.watch-add").await;
    portal
        .wait_for_text(".watch-alerts li", "Lviv Overdraft")
        .await;
    let title = portal
        .script("the title", "return document.title;", vec![])
        .await;
    assert!(
        title.as_str().is_some_and(|t| t.starts_with("(1) ")),
        "{title}"
    );
    portal.click(".watch-rule button.watch-remove").await;
    portal
        .wait_until("the alert to go", async || {
            let left = portal
                .script(
                    "the alerts",
                    "return document.querySelectorAll('.watch-alerts li').length;",
                    vec![],
                )
                .await;
            (left == 0).then_some(())
        })
        .await;
}

/// Yesterday's calls per second on the statistics page, drawn on its canvas.
async fn chart_drawn(portal: &Portal, facts: &Facts) {
    let query = api_model::query::encode_pairs(&[
        ("account-id", facts.account.as_str()),
        ("range", "yesterday"),
    ]);
    portal.open(&format!("/statistics/cps?{query}")).await;
    let pixels = "const canvas = document.querySelector('#chart-cps canvas');
        if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let coloured = 0;
        for (let i = 0; i < data.length; i += 4) {
            const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
            // Greys (text, axes, grid, background) are not the line.
            if (Math.max(r, g, b) - Math.min(r, g, b) >= 48) coloured += 1;
        }
        return coloured;";
    portal
        .wait_until(
            &format!("#chart-cps with at least {DRAWN} coloured pixels"),
            async || {
                let count = portal.client().execute(pixels, vec![]).await.ok()?;
                (count.as_u64()? >= DRAWN).then_some(())
            },
        )
        .await;
}

/// A call's recording, fetched with the token and loaded into the page's player.
async fn recording(portal: &Portal, facts: &Facts) {
    portal.open(&format!("/cdrs/{}", facts.recorded_call)).await;
    portal.wait_for_text(DETAIL_HEADING, "Call of").await;
    portal.click("button.play-recording").await;
    let state = "const audio = document.querySelector('section.recording audio');
        if (!audio) return null;
        return { ready: audio.readyState, duration: audio.duration,
                 error: audio.error ? audio.error.message : null };";
    portal
        .wait_until(
            "the recording to be playable (readyState ≥ 3 and no media error, or decoded \
             with only the sound card missing)",
            async || {
                let state = portal.client().execute(state, vec![]).await.ok()?;
                let ready = state["ready"].as_u64()?;
                let decoded = state["duration"].as_f64().is_some_and(|d| d > 0.0);
                let playable = match state["error"].as_str() {
                    None => ready >= 3,
                    // Firefox plays through the machine's sound card, and test machines have
                    // none: it reads the recording (its duration is known), then reports its
                    // audio sink's failure. A customer's machine has a sound card.
                    Some(error) => error.contains("MediaSinkAudio") && decoded && ready >= 1,
                };
                playable.then_some(())
            },
        )
        .await;
}

/// Numbers added to a list in a batch and one's action changed, as the API then has them.
async fn number_list_edit(portal: &Portal, facts: &Facts) {
    let row = |key: &str| format!("table.numberlist-items tr[data-key='{key}']");
    portal.open(&format!("/numberlists/{NUMBER_LIST}")).await;
    portal
        .wait_for_text("section.numberlist-page h1", "Blocked prefixes")
        .await;
    portal.fill("#numberlist-keys", "4471, 4472").await;
    portal.select("#numberlist-action", "2").await;
    portal.click("button.numberlist-add-submit").await;
    portal
        .wait_for_text(".numberlist-added", "2 numbers added")
        .await;
    // A saved row has its id: only then can it be changed.
    portal
        .wait_for(&format!("{}:not([data-id=''])", row("4472")))
        .await;
    let action = format!("{} select.numberlist-item-action", row("4472"));
    portal.select(&action, "1").await;
    let expected = json!([["4471", 2], ["4472", 1]]);
    portal
        .wait_until(&format!("the API to hold {expected}"), async || {
            (number_list_items(portal, facts).await == expected).then_some(())
        })
        .await;
}

/// The list's keys and actions as the API has them, by key.
async fn number_list_items(portal: &Portal, facts: &Facts) -> Value {
    let document = portal
        .api_get(
            &facts.token,
            "outgoing-numberlist-items",
            &[
                ("filter[numberlist-id-eq]", NUMBER_LIST),
                ("page[size]", "100"),
            ],
        )
        .await;
    let mut items: Vec<(String, Value)> = document["data"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| {
            let attributes = &item["attributes"];
            (text(&attributes["key"]), attributes["action-id"].clone())
        })
        .collect();
    items.sort_by(|a, b| a.0.cmp(&b.0));
    Value::from_iter(items.into_iter().map(|(key, action)| json!([key, action])))
}

/// The live calls page shows a newer snapshot by itself.
async fn live_calls(portal: &Portal, facts: &Facts) {
    let account = api_model::query::encode_component(&facts.account);
    portal
        .open(&format!("/active-calls?account-id={account}"))
        .await;
    let first = portal.wait_for_text(".live-count .live-updated", "").await;
    portal
        .wait_until(
            "the live calls refreshed (a later update time)",
            async || {
                let locator = e2e::fantoccini::Locator::Css(".live-count .live-updated");
                let now = portal
                    .client()
                    .find(locator)
                    .await
                    .ok()?
                    .text()
                    .await
                    .ok()?;
                (!now.is_empty() && now != first).then_some(())
            },
        )
        .await;
}

/// A top-up from the form to the provider's page, paid there, and followed back to final.
async fn top_up(portal: &Portal, facts: &Facts) {
    portal.open("/payments/top-up").await;
    portal
        .select("form.top-up-form select[name=account]", &facts.account)
        .await;
    portal
        .fill("form.top-up-form input[name=amount]", "25.50")
        .await;
    portal.click("form.top-up-form button[type=submit]").await;
    portal.pay_on_the_providers_page().await;
    portal.wait_for("li.top-up [data-status=completed]").await;
}

/// Ukrainian words and number formats, in place on the same view.
async fn language_switch(portal: &Portal) {
    portal.open("/accounts?sort=name").await;
    portal.wait_for_text(NAV_ACCOUNTS, "Accounts").await;
    portal.select("select#language", "uk").await;
    portal.wait_for_text(NAV_ACCOUNTS, "Рахунки").await;
    portal
        .wait_until("amounts written the Ukrainian way", async || {
            let text = portal
                .client()
                .execute("return document.body.innerText;", vec![])
                .await
                .ok()?;
            let text = text.as_str()?.replace(['\u{a0}', '\u{202f}'], " ");
            // London Carrier's balance, which no step changes.
            text.contains("98 210,0 GBP").then_some(())
        })
        .await;
    assert_eq!(portal.current_url().await.path(), "/accounts");
}

/// On a 360-px phone the accounts list and the overview fit the width (tables scroll in
/// place) and the navigation folds behind the menu button.
async fn phone_width(portal: &Portal) {
    portal.set_viewport(PHONE.0, PHONE.1).await;
    portal.open("/accounts").await;
    portal.wait_for(ACCOUNT_NAMES).await;
    assert_fits(portal, "/accounts").await;
    portal.open("/").await;
    portal.wait_for(".account-card h2").await;
    assert_fits(portal, "the overview").await;
    let menu = portal.wait_for("#menu-button").await;
    assert!(
        menu.is_displayed().await.unwrap_or(false),
        "{}",
        portal.failure("no menu button on a phone").await
    );
    portal.set_viewport(DESKTOP.0, DESKTOP.1).await;
}

/// The document itself does not scroll sideways.
async fn assert_fits(portal: &Portal, page: &str) {
    let size = script(
        portal,
        "measuring the document",
        "const root = document.documentElement; return [root.scrollWidth, root.clientWidth];",
        vec![],
    )
    .await;
    let (scroll, client) = (size[0].as_u64(), size[1].as_u64());
    if !matches!((scroll, client), (Some(scroll), Some(client)) if scroll <= client) {
        let message = format!("{page}: the document scrolls sideways ({size})");
        panic!("{}", portal.failure(&message).await);
    }
}

/// The example parent page on another origin signs the portal in through the message
/// protocol, steers it and hears where it is.
async fn embedded(portal: &Portal) {
    portal.open_url(&format!("{}/", portal.parent_url())).await;
    portal.enter_portal_frame().await;
    portal.wait_for_text(".account-card h2", ACCOUNT).await;
    portal.leave_frame().await;
    portal.click("button[data-path='/accounts']").await;
    portal.wait_for_text("#portal-location", "/accounts").await;
    portal.enter_portal_frame().await;
    portal
        .wait_for_texts(ACCOUNT_NAMES, "the four accounts", |names| names.len() == 4)
        .await;
    portal.leave_frame().await;
}

/// A host that lost the frame-ancestors header, framed by a site nobody allowed: the portal
/// refuses by itself and shows nothing of a session, though one is kept on that host.
async fn framing_refused(portal: &Portal) {
    let (_, unlisted) = portal.header_less_hosts();
    let host = unlisted.to_owned();
    portal.open_url(&format!("{host}/")).await;
    let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
    let keep = format!("localStorage.setItem('portal.token', '{token}'); return true;");
    script(portal, "keeping a session", &keep, vec![]).await;
    let framer = format!(
        "{}/pages/frame.html?src={}",
        portal.foreign_url(),
        url::form_urlencoded::byte_serialize(format!("{host}/").as_bytes()).collect::<String>()
    );
    portal.open_url(&framer).await;
    portal.wait_for("iframe[name=framed]").await;
    portal.enter_frame(0).await;
    portal.wait_for(".framing-refused").await;
    let shown = script(
        portal,
        "what the framed portal shows",
        "return [!!document.querySelector('nav#main-nav'),
                 !!document.querySelector('form#login-form'),
                 document.querySelectorAll('table').length];",
        vec![],
    )
    .await;
    assert_eq!(shown, json!([false, false, 0]), "{host}");
    portal.leave_frame().await;
}
