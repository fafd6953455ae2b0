//! The portal's security promises (`docs/security.md`), each as an attacker would try it: links
//! that lead off the origin, what a customer leaves in the browser, tokens the parent page keeps
//! renewing, frames nobody allowed.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup};
use serde_json::{Value, json};
use std::time::Duration;

const OVERVIEW_ACCOUNT: &str = ".account-card h2";

async fn script(portal: &Portal, what: &str, code: &str) -> Value {
    match portal.client().execute(code, vec![]).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

/// The keys the portal keeps in this origin's storage (both kinds).
async fn kept_keys(portal: &Portal) -> Vec<String> {
    let keys = script(
        portal,
        "listing the storage keys",
        "return [...Object.keys(localStorage), ...Object.keys(sessionStorage)]
            .filter((key) => key.startsWith('portal.')).sort();",
    )
    .await;
    serde_json::from_value(keys).unwrap_or_default()
}

/// Waits until the portal shows its overview on its own origin (the sign-in page's `next`
/// followed, or refused).
async fn wait_for_the_overview_here(portal: &Portal, after: &str) {
    let origin = url::Url::parse(portal.base_url()).expect("the portal's URL");
    portal
        .wait_for_url(
            &format!("the overview on the portal's origin after {after}"),
            |url| url.origin() == origin.origin() && url.path() == "/",
        )
        .await;
    portal.wait_for(OVERVIEW_ACCOUNT).await;
}

/// `/login?next=…` links crafted to lead off the origin: browsers read `\` as `/` and drop
/// tabs and new lines, so each is `//evil.example` to them. Signing in, and arriving signed
/// in, both stay on the portal.
#[test]
fn a_crafted_next_link_never_leaves_the_portal() {
    e2e::run(|portal| async move {
        portal.open("/login?next=/%5Cevil.example").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        wait_for_the_overview_here(&portal, "signing in with next=/%5Cevil.example").await;
        for next in [
            "/%5C/evil.example",
            "%5C/evil.example",
            "/%09/evil.example",
            "/%0A/evil.example",
            "/%0D/evil.example",
            "/%09%5Cevil.example",
            "%2F%5Cevil.example",
            "/%255Cevil.example/x",
            "//evil.example",
            "https://evil.example/",
            "/../../evil.example",
        ] {
            portal.open(&format!("/login?next={next}")).await;
            let origin = url::Url::parse(portal.base_url()).expect("the portal's URL");
            let landed = portal
                .wait_for_url(&format!("a page of the portal after next={next}"), |url| {
                    url.path() != "/login"
                })
                .await;
            assert_eq!(
                landed.origin(),
                origin.origin(),
                "next={next} led to {landed}"
            );
        }
    });
}

/// Chooses the first account a form's picker offers, once it offers any.
async fn choose_the_first_account(portal: &Portal, select: &str) {
    let first = format!("{select} option:not([value=''])");
    let account = portal
        .wait_until("an account to choose", async || {
            let value = portal
                .client()
                .execute(
                    "const o = document.querySelector(arguments[0]); return o ? o.value : null;",
                    vec![json!(first)],
                )
                .await
                .ok()?;
            value.as_str().map(str::to_owned)
        })
        .await;
    portal.select(select, &account).await;
}

/// Fills the top-up form for the first account and sends it: the browser goes to the payment
/// provider's page.
async fn start_a_top_up(portal: &Portal, amount: &str, notes: &str) {
    portal.open("/payments/top-up").await;
    choose_the_first_account(portal, "form.top-up-form select[name=account]").await;
    portal
        .fill("form.top-up-form input[name=amount]", amount)
        .await;
    portal
        .fill("form.top-up-form input[name=notes]", notes)
        .await;
    portal.click("form.top-up-form button[type=submit]").await;
    portal
        .wait_for_url("the payment provider's page", |url| {
            !url.path().starts_with("/payments")
        })
        .await;
}

/// A customer signs out, or their session is refused: the next person on this browser finds
/// nothing of theirs (list views with their filters, top-ups with amounts and payment links).
#[test]
fn nothing_of_a_customer_is_left_in_the_browser() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.open("/accounts?sort=-balance").await;
        portal.wait_for("table#accounts-table tbody tr").await;
        start_a_top_up(&portal, "12.50", "").await;
        portal.open("/").await;
        portal.wait_for(OVERVIEW_ACCOUNT).await;
        let kept = kept_keys(&portal).await;
        for key in ["portal.token", "portal.top-ups", "portal.views"] {
            assert!(
                kept.contains(&key.to_owned()),
                "{key} was not kept: {kept:?}"
            );
        }
        assert_token_in_no_url(&portal).await;

        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;
        assert_eq!(kept_keys(&portal).await, Vec::<String>::new());
        assert_no_answer_in_the_http_cache(&portal).await;

        // The server refuses the session (a 401): the same.
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        start_a_top_up(&portal, "12.50", "").await;
        portal.open("/").await;
        portal.wait_for(OVERVIEW_ACCOUNT).await;
        assert!(
            kept_keys(&portal)
                .await
                .contains(&"portal.top-ups".to_owned())
        );
        portal.restart_server().await;
        portal.open("/accounts").await;
        portal.wait_for_path("/login").await;
        portal.wait_for(".notice").await;
        let kept = kept_keys(&portal).await;
        assert!(
            kept.iter().all(|key| key == "portal.prefs"),
            "after a 401: {kept:?}"
        );
    });
}

/// The browser's HTTP cache holds none of the API's answers the page had (the server allows
/// private caching; the portal asks with `no-store`): on a shared computer the customer's data
/// does not stay on disk after sign-out.
async fn assert_no_answer_in_the_http_cache(portal: &Portal) {
    let cached = portal
        .client()
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const urls = [...new Set(performance.getEntriesByType('resource')
                 .map((e) => e.name).filter((name) => name.includes('/api/')))];
             Promise.all(urls.map((url) =>
                 fetch(url, { cache: 'only-if-cached', mode: 'same-origin',
                              headers: { accept: 'application/vnd.api+json' } })
                     .then((r) => (r.status === 200 ? url : null), () => null)))
                 .then((found) => done([urls.length, found.filter((url) => url)]));",
            vec![],
        )
        .await
        .expect("asking the HTTP cache");
    assert!(
        cached[0].as_u64().unwrap_or(0) > 3,
        "the page asked little: {cached}"
    );
    assert_eq!(
        cached[1],
        json!([]),
        "answers kept in the HTTP cache: {cached}"
    );
}

/// The token travels in the `Authorization` header only: no URL the page asked for (its own
/// server's log, the browser's resource timing, the address bar) holds it.
async fn assert_token_in_no_url(portal: &Portal) {
    let seen = script(
        portal,
        "the token and every URL the page asked for",
        "return [sessionStorage.getItem('portal.token') || localStorage.getItem('portal.token'),
                 [location.href, document.referrer,
                  ...performance.getEntriesByType('resource').map((e) => e.name)]];",
    )
    .await;
    let token = seen[0].as_str().expect("a kept token").to_owned();
    let signature = token.rsplit('.').next().unwrap_or_default().to_owned();
    let urls = seen[1].as_array().cloned().unwrap_or_default();
    assert!(urls.len() > 5, "the page asked for little: {urls:?}");
    for url in urls.iter().filter_map(Value::as_str) {
        assert!(!url.contains(&signature), "the token is in {url}");
    }
    for request in portal.served_requests() {
        let line = format!("{} {}", request.path, request.query);
        assert!(
            !line.contains(&signature),
            "the server's log holds the token: {line}"
        );
    }
}

/// A parent page's token valid for a month lies beyond `setTimeout`'s range (about 24.8 days):
/// the portal must still wait to ask for the next one, not ask again and again.
#[test]
fn a_token_valid_for_a_month_is_not_renewed_in_a_loop() {
    let setup = Setup {
        embedding: true,
        token_lifetime: Duration::from_secs(30 * 24 * 3600),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open_url(&format!("{}/", portal.parent_url())).await;
        portal.wait_for("iframe[name=portal]").await;
        // Signed in by the parent first: a navigate sent before the portal listens is lost
        // (on a busy machine its code takes seconds to start).
        portal.enter_frame(0).await;
        portal.wait_for(".dashboard .account-card").await;
        portal.leave_frame().await;
        portal.click("button[data-path='/accounts']").await;
        portal.wait_for_text("#portal-location", "/accounts").await;
        // Every answer the accounts list needed has come: a loop would have asked by now.
        portal.enter_frame(0).await;
        portal.wait_for("table#accounts-table tbody tr").await;
        portal.leave_frame().await;
        let requests = portal.wait_for("#token-requests").await;
        let count = requests
            .prop("value")
            .await
            .ok()
            .flatten()
            .unwrap_or_default();
        assert!(count.is_empty() || count == "0", "token requests: {count}");
    });
}

/// A host that lost the frame-ancestors header: a site nobody allowed frames the portal. The
/// portal refuses to show anything of a session there, whether config.json lists other parents
/// (the ancestor is not among them) or none at all (a framed portal never restores a session).
#[test]
fn a_frame_nobody_allowed_shows_nothing_of_the_session() {
    let setup = Setup {
        embedding: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let (listed, unlisted) = portal.header_less_hosts();
        let (listed, unlisted) = (listed.to_owned(), unlisted.to_owned());
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        for host in [listed, unlisted] {
            // A session kept on that host, as a customer who signed in there would leave it.
            portal.open_url(&format!("{host}/")).await;
            let keep = format!("localStorage.setItem('portal.token', '{token}'); return true;");
            script(&portal, "keeping a session", &keep).await;
            let framer = format!(
                "{}/pages/frame.html?src={}",
                portal.foreign_url(),
                url::form_urlencoded::byte_serialize(format!("{host}/").as_bytes())
                    .collect::<String>()
            );
            portal.open_url(&framer).await;
            portal.wait_for("iframe[name=framed]").await;
            portal.enter_frame(0).await;
            portal.wait_for(".framing-refused").await;
            let shown = script(
                &portal,
                "what the framed portal shows",
                "return [!!document.querySelector('nav#main-nav'),
                         !!document.querySelector('form#login-form'),
                         document.querySelectorAll('table').length];",
            )
            .await;
            assert_eq!(shown, json!([false, false, 0]), "{host}");
            portal.leave_frame().await;
        }
    });
}

const IMG_MARKUP: &str = "<img/src=x/onerror=alert(1)>";
const SVG_MARKUP: &str = "\"><svg/onload=alert(2)>";
const SCRIPT_MARKUP: &str = "<script>alert(3)</script>";

/// No markup typed by the user became elements, and no alert is open.
async fn assert_inert(portal: &Portal, page: &str) {
    let injected = script(
        portal,
        "looking for injected elements",
        "return document.querySelectorAll('main img, main svg[onload], img[src=x]').length
            + Array.from(document.scripts).filter((s) => /alert\\(\\d\\)/.test(s.text)).length;",
    )
    .await;
    assert_eq!(injected, json!(0), "{page}: typed markup became elements");
    if let Ok(text) = portal.client().get_alert_text().await {
        panic!("{page}: an alert is open: {text:?}");
    }
}

/// Whether `text` shows, as text, in the page's main content.
async fn wait_for_main_text(portal: &Portal, text: &str) {
    portal
        .wait_until(&format!("{text:?} shown as text"), async || {
            let shown = portal
                .client()
                .execute("return document.querySelector('main').innerText;", vec![])
                .await
                .ok()?;
            shown.as_str()?.contains(text).then_some(())
        })
        .await;
}

/// Markup typed into the newer forms (number-list keys, a top-up's notes, an export's filters)
/// goes to the server and comes back as text wherever the portal shows it.
#[test]
fn markup_typed_into_the_forms_comes_back_as_text() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;

        // Number-list keys are any printable characters to the server.
        portal.open("/numberlists/3").await;
        portal.wait_for("#numberlist-keys").await;
        portal
            .fill("#numberlist-keys", &format!("{IMG_MARKUP} {SVG_MARKUP}"))
            .await;
        portal.click("button.numberlist-add-submit").await;
        portal
            .wait_for_text(".numberlist-added", "2 numbers added")
            .await;
        for key in [IMG_MARKUP, SVG_MARKUP] {
            wait_for_main_text(&portal, key).await;
        }
        assert_inert(&portal, "a number list").await;

        // An export's filters, on its own page.
        portal.open("/cdr-exports/new").await;
        portal.wait_for("form.export-form").await;
        choose_the_first_account(&portal, "form.export-form select[name=account]").await;
        portal
            .fill("input[name=src-prefix-routing]", SCRIPT_MARKUP)
            .await;
        portal.click("form.export-form button[type=submit]").await;
        portal
            .wait_for_url("the new export's page", |url| {
                url.path().starts_with("/cdr-exports/") && url.path() != "/cdr-exports/new"
            })
            .await;
        wait_for_main_text(&portal, SCRIPT_MARKUP).await;
        assert_inert(&portal, "an export's page").await;

        // A top-up's notes, in the payments list once paid.
        start_a_top_up(&portal, "3", IMG_MARKUP).await;
        portal.pay_on_the_providers_page().await;
        portal.wait_for("li.top-up [data-status=completed]").await;
        portal.open("/payments?sort=-created-at").await;
        portal.wait_for("table#payments-table tbody tr").await;
        wait_for_main_text(&portal, IMG_MARKUP).await;
        assert_inert(&portal, "the payments list").await;
    });
}

/// Makes the page's own `fetch` answer `answer` (a JS expression of a `Response`) for the
/// requests `matches` (a JS expression over `url` and `method`) from now on, as a hostile or
/// broken server would: the portal's own code reads it as it reads every answer.
async fn answer_in_the_page(portal: &Portal, matches: &str, answer: &str) {
    let code = format!(
        "const original = window.fetch.bind(window);
         window.fetch = (input, init) => {{
             const url = typeof input === 'string' ? input : input.url;
             const method = ((init && init.method) || input.method || 'GET').toUpperCase();
             if ({matches}) return Promise.resolve({answer});
             return original(input, init);
         }};
         return true;"
    );
    script(portal, "answering in the page", &code).await;
}

/// A payment provider's page is followed, and remembered, only when it is a plain web address:
/// a `javascript:` link the server gives is neither run nor kept, and one found among the
/// remembered top-ups is dropped.
#[test]
fn a_provider_link_that_is_no_web_address_is_neither_followed_nor_kept() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.wait_for(OVERVIEW_ACCOUNT).await;
        portal.open("/payments/top-up").await;
        choose_the_first_account(&portal, "form.top-up-form select[name=account]").await;
        answer_in_the_page(
            &portal,
            "method === 'POST' && url.includes('/cryptomus-payments')",
            "new Response(JSON.stringify({ data: { id: 'evil-1', type: 'cryptomus-payments',
                 attributes: { url: 'javascript:document.title=\"owned\"' } } }),
                 { status: 201, headers: { 'content-type': 'application/vnd.api+json' } })",
        )
        .await;
        portal
            .fill("form.top-up-form input[name=amount]", "12.50")
            .await;
        portal.click("form.top-up-form button[type=submit]").await;
        portal
            .wait_for_text(
                ".top-up-page .field-error, .top-up-page [role=alert]",
                "not a web address",
            )
            .await;
        let after = script(
            &portal,
            "where the page is and what it keeps",
            "return [location.pathname, document.title,
                     sessionStorage.getItem('portal.top-ups'), localStorage.getItem('portal.top-ups')];",
        )
        .await;
        assert_eq!(after[0], json!("/payments/top-up"), "{after}");
        assert_ne!(after[1], json!("owned"), "the link ran");
        assert_eq!(
            (&after[2], &after[3]),
            (&Value::Null, &Value::Null),
            "{after}"
        );

        // Put there by anything else, such an entry is not shown, nor offered as a link.
        let hostile = json!([
            { "id": "evil-2", "account_id": "1", "amount": "1 USD", "url": "javascript:alert(1)" },
            { "id": "evil-3", "account_id": "1", "amount": "1 USD", "url": "https://pay.example\\@evil.example/" },
        ]);
        let keep = format!(
            "sessionStorage.setItem('portal.top-ups', {}); return true;",
            serde_json::to_string(&hostile.to_string()).unwrap_or_default()
        );
        script(&portal, "remembering hostile top-ups", &keep).await;
        portal.open("/payments/top-up").await;
        portal.wait_for("form.top-up-form").await;
        let listed = script(
            &portal,
            "the top-ups listed",
            "return document.querySelectorAll('li.top-up').length;",
        )
        .await;
        assert_eq!(listed, json!(0), "a hostile remembered top-up is listed");
    });
}

/// A call's recording that the server labels as a web page is handed to the browser as bytes
/// (`application/octet-stream`), which no tab renders as a page of the portal's origin, and
/// saved under the portal's own name.
#[test]
fn a_recording_labelled_as_a_page_is_never_one() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let calls = portal
            .api_get(
                &token,
                "cdrs",
                &[("page[size]", "1000"), ("filter[success-eq]", "true")],
            )
            .await;
        let call = calls["data"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|call| call["attributes"]["rec"] == true)
            .and_then(|call| call["id"].as_str())
            .expect("a recorded call in the demo data")
            .to_owned();
        portal.sign_in_as_demo().await;
        portal.open(&format!("/cdrs/{call}")).await;
        portal.wait_for("button.play-recording").await;
        answer_in_the_page(
            &portal,
            "url.endsWith('/rec')",
            "new Response('<script>parent.document.title = \"owned\"</script><h1>A page</h1>',
                 { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })",
        )
        .await;
        // The types of the files the page hands to the browser (the policy's connect-src
        // keeps a test from fetching the `blob:` back).
        script(
            &portal,
            "noting the files handed over",
            "window.handedTypes = [];
             const make = URL.createObjectURL;
             URL.createObjectURL = (blob) => {
                 window.handedTypes.push(blob.type);
                 return make.call(URL, blob);
             };
             return true;",
        )
        .await;
        portal.click("button.play-recording").await;
        portal.wait_for("section.recording a[download]").await;
        let handed = script(
            &portal,
            "the recording handed over",
            "const link = document.querySelector('section.recording a[download]');
             return [window.handedTypes.join(' '), link.download, document.title];",
        )
        .await;
        assert_eq!(handed[0], json!("application/octet-stream"), "{handed}");
        let name = handed[1].as_str().unwrap_or_default();
        assert!(
            name.starts_with("call-") && name.ends_with(".wav"),
            "saved as {name:?}"
        );
        assert_ne!(handed[2], json!("owned"), "the page ran");
    });
}

/// `apiBaseUrl` that a browser reads as another site stops the portal with a page naming the
/// key before anything is asked of the customer: no sign-in form, so no password is sent there.
#[test]
fn an_api_base_url_off_the_origin_stops_the_portal_before_sign_in() {
    let setup = Setup {
        config_json: Some(r#"{"apiBaseUrl": "/\\evil.example"}"#.to_owned()),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open("/login").await;
        portal.wait_for_text("main.fatal-error", "apiBaseUrl").await;
        let seen = script(
            &portal,
            "the sign-in form and where the page asked",
            "return [!!document.querySelector('form#login-form'),
                     performance.getEntriesByType('resource').map((e) => e.name)
                         .filter((name) => name.includes('evil'))];",
        )
        .await;
        assert_eq!(seen, json!([false, []]), "{seen}");
        assert!(
            portal
                .served_requests()
                .iter()
                .all(|r| r.endpoint() != "auth"),
            "a sign-in was sent"
        );
    });
}
