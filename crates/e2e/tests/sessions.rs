//! No customer in another's session (`docs/security.md`, "No customer in another's session"):
//! whatever ends a session (sign-out, here or in another tab sharing it, a 401, expiry, another
//! customer's token) ends everything of it in the browser: answers read ahead, requests on their
//! way, what the page shows, and where the credential is kept.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The seeded customers: the demo one, and a competitor whose data the demo one must never see
/// (and the other way round).
const OTHER_LOGIN: &str = "other";
const OTHER_PASSWORD: &str = "other";
const DEMO_ACCOUNT: &str = "Kyiv Wholesale";
const OTHER_ACCOUNT: &str = "Competitor Secret Account";
const ACCOUNT_NAMES: &str = "table#accounts-table tbody tr td:first-child";
const OVERVIEW_ACCOUNT: &str = ".account-card h2";
/// How long a test watches for something that must not happen once what could cause it has
/// happened (an answer the server sent, a message another tab posted).
const WATCH: Duration = Duration::from_secs(3);

async fn script(portal: &Portal, what: &str, code: &str) -> Value {
    match portal.client().execute(code, vec![]).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

/// The portal's keys in this page's storage, both kinds, with where they are.
async fn kept_keys(portal: &Portal) -> Vec<String> {
    let keys = script(
        portal,
        "listing the storage keys",
        "return [...Object.keys(localStorage).map((k) => 'local ' + k),
                 ...Object.keys(sessionStorage).map((k) => 'session ' + k)]
            .filter((key) => key.includes(' portal.')).sort();",
    )
    .await;
    serde_json::from_value(keys).unwrap_or_default()
}

/// The text of the page's main content (or of the whole body, before there is one).
async fn shown_text(portal: &Portal) -> String {
    let text = script(
        portal,
        "the page's text",
        "return (document.querySelector('main') || document.body).innerText;",
    )
    .await;
    text.as_str().unwrap_or_default().to_owned()
}

/// Signs in on the sign-in page shown now, with or without "keep me signed in".
async fn sign_in_keeping(portal: &Portal, login: &str, password: &str, keep: bool) {
    portal.wait_for("form#login-form").await;
    if keep {
        portal.click("form#login-form input[name=remember]").await;
    }
    portal.sign_in(login, password).await;
}

/// A session that ends while its first page's code is still on its way leaves the answer read
/// ahead for that page behind; the next customer to sign in in the tab is shown their own
/// accounts, never that answer. The session ends by a sign-out in another tab sharing it, which
/// the test makes happen once the answer is in (an expiry would race the page's load: on a busy
/// machine a cold load can outlast any short token).
#[test]
fn an_answer_read_ahead_serves_no_other_session() {
    e2e::run(|portal| async move {
        let client = portal.client().clone();
        let reading_tab = client.window().await.expect("the first tab");
        // The demo customer's session, kept on this device so that another tab shares it.
        portal.open("/login").await;
        sign_in_keeping(&portal, DEMO_LOGIN, DEMO_PASSWORD, true).await;
        portal.wait_for_text(OVERVIEW_ACCOUNT, DEMO_ACCOUNT).await;
        // A cold load of the accounts list whose code does not come: its first request is read
        // ahead and answered, and waits for the page.
        portal.devtools("Network.enable", json!({})).await;
        portal
            .devtools("Network.setCacheDisabled", json!({ "cacheDisabled": true }))
            .await;
        portal
            .devtools(
                "Network.setBlockedURLs",
                json!({ "urls": ["*split_lists*"] }),
            )
            .await;
        let reloaded = Instant::now();
        portal.open("/accounts").await;
        portal
            .wait_until("the accounts read ahead and answered", async || {
                portal
                    .served_requests()
                    .iter()
                    .any(|r| {
                        r.endpoint() == "accounts"
                            && r.received > reloaded
                            && r.status() == Some(200)
                    })
                    .then_some(())
            })
            .await;
        // The session ends in another tab; this one follows it to the sign-in page.
        let ending_tab = client.new_window(true).await.expect("a new tab").handle;
        client
            .switch_to_window(ending_tab)
            .await
            .expect("to the new tab");
        portal.open("/").await;
        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;
        client
            .switch_to_window(reading_tab)
            .await
            .expect("back to the reading tab");
        portal.wait_for_path("/login").await;
        // Another customer signs in in the same tab, to the same page, its code now coming.
        portal
            .devtools("Network.setBlockedURLs", json!({ "urls": [] }))
            .await;
        sign_in_keeping(&portal, OTHER_LOGIN, OTHER_PASSWORD, false).await;
        portal.wait_for_path("/accounts").await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "the other customer's accounts", |names| {
                names.iter().any(|name| name == OTHER_ACCOUNT)
            })
            .await;
        let shown = shown_text(&portal).await;
        assert!(
            !shown.contains(DEMO_ACCOUNT),
            "the other customer sees the demo customer's accounts: {shown}"
        );
    });
}

/// A top-up on its way when the customer signs out: its answer, which comes after, is neither
/// kept (no payment in the browser's storage) nor followed (the tab stays on the sign-in page,
/// not the payment provider's).
#[test]
fn a_write_on_its_way_at_sign_out_is_neither_kept_nor_followed() {
    let setup = Setup {
        fault_control: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open("/login").await;
        sign_in_keeping(&portal, DEMO_LOGIN, DEMO_PASSWORD, false).await;
        portal.open("/payments/top-up").await;
        let account = portal
            .wait_until("an account to choose", async || {
                let value = script(
                    &portal,
                    "the first account offered",
                    "const o = document.querySelector(
                        'form.top-up-form select[name=account] option:not([value=\"\"])');
                     return o ? o.value : null;",
                )
                .await;
                value.as_str().map(str::to_owned)
            })
            .await;
        portal
            .select("form.top-up-form select[name=account]", &account)
            .await;
        portal
            .fill("form.top-up-form input[name=amount]", "12.50")
            .await;
        // The server takes its time with every answer from now on.
        let latency = Duration::from_secs(4);
        portal
            .set_faults(json!({ "latency-ms": latency.as_millis() as u64 }))
            .await;
        portal.click("form.top-up-form button[type=submit]").await;
        let sent = portal
            .wait_until("the top-up on its way", async || {
                portal
                    .served_requests()
                    .into_iter()
                    .find(|r| r.method == "POST" && r.endpoint() == "cryptomus-payments")
            })
            .await;
        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;
        // The server answers (or the browser gave the request up, and no answer comes).
        portal
            .wait_until("the top-up answered or given up", async || {
                let answered = portal
                    .served_requests()
                    .into_iter()
                    .any(|r| r.received == sent.received && r.status().is_some());
                (answered || sent.received.elapsed() > latency + Duration::from_secs(2))
                    .then_some(())
            })
            .await;
        let watched = Instant::now();
        while watched.elapsed() < WATCH {
            let url = portal.current_url().await;
            assert_eq!(url.path(), "/login", "the signed-out tab went to {url}");
            let kept = kept_keys(&portal).await;
            assert!(
                !kept.iter().any(|key| key.ends_with("portal.top-ups")),
                "the late answer was kept: {kept:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        portal.clear_faults().await;
    });
}

/// Sign-out in one tab reaches every tab that shares its session ("keep me signed in"): the
/// tab showing the live calls drops them (and with them their polling) and asks for sign-in.
/// A tab signed in on its own (this tab only) is its own session and stays.
#[test]
fn signing_out_reaches_every_tab_sharing_the_session() {
    e2e::run(|portal| async move {
        let client = portal.client().clone();
        // This tab signs in on its own.
        let own_tab = client.window().await.expect("the first tab");
        portal.open("/login").await;
        sign_in_keeping(&portal, OTHER_LOGIN, OTHER_PASSWORD, false).await;
        portal.wait_for_text(OVERVIEW_ACCOUNT, OTHER_ACCOUNT).await;
        // Another signs in and keeps the session on this device; a third opens it too.
        let keeping_tab = client.new_window(true).await.expect("a new tab").handle;
        client
            .switch_to_window(keeping_tab.clone())
            .await
            .expect("to the new tab");
        portal.open("/login").await;
        sign_in_keeping(&portal, DEMO_LOGIN, DEMO_PASSWORD, true).await;
        portal.wait_for_text(OVERVIEW_ACCOUNT, DEMO_ACCOUNT).await;
        let sharing_tab = client.new_window(true).await.expect("a third tab").handle;
        client
            .switch_to_window(sharing_tab.clone())
            .await
            .expect("to the third tab");
        portal.open("/active-calls").await;
        portal.wait_for(".live-count .live-updated").await;

        client
            .switch_to_window(keeping_tab)
            .await
            .expect("back to the keeping tab");
        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;

        client
            .switch_to_window(sharing_tab)
            .await
            .expect("to the sharing tab");
        portal.wait_for_path("/login").await;
        portal.wait_for_text(".notice", "another tab").await;
        let shown = shown_text(&portal).await;
        assert!(!shown.contains(DEMO_ACCOUNT), "still shown: {shown}");

        client
            .switch_to_window(own_tab)
            .await
            .expect("to the tab of its own");
        portal.click("#main-nav a[href='/accounts']").await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "its own accounts", |names| {
                names.iter().any(|name| name == OTHER_ACCOUNT)
            })
            .await;
        assert_eq!(portal.current_url().await.path(), "/accounts");
    });
}

fn embedded() -> Setup {
    Setup {
        embedding: true,
        ..Setup::default()
    }
}

/// Framed, the portal keeps its credential in memory whichever way it comes: not only the
/// parent's message, but the sign-in page the frame offers ("Sign in here instead"), with a
/// password (and "keep me signed in", were it offered) or with a token.
#[test]
fn framed_the_credential_stays_in_memory_whatever_the_way_in() {
    e2e::run_with(embedded(), |portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        // A parent that never sends a token.
        portal
            .open_url(&format!("{}/?signIn=manual", portal.parent_url()))
            .await;
        portal.enter_portal_frame().await;
        for way in ["password", "token"] {
            portal.click("main.embed-waiting a").await;
            portal.wait_for("form#login-form").await;
            if way == "password" {
                let offered = script(
                    &portal,
                    "whether the frame offers to keep the session",
                    "const box = document.querySelector('form#login-form input[name=remember]');
                     if (box && !box.checked) box.click();
                     return !!box;",
                )
                .await;
                println!("framed, \"keep me signed in\" offered: {offered}");
                portal
                    .fill("form#login-form input[name=login]", DEMO_LOGIN)
                    .await;
                portal
                    .fill("form#login-form input[name=password]", DEMO_PASSWORD)
                    .await;
                portal
                    .press_enter("form#login-form input[name=password]")
                    .await;
            } else {
                portal.click("details.token-sign-in summary").await;
                portal
                    .fill("form#token-form textarea[name=token]", &token)
                    .await;
                portal.click("form#token-form button[type=submit]").await;
            }
            portal.wait_for_text(OVERVIEW_ACCOUNT, DEMO_ACCOUNT).await;
            let kept = kept_keys(&portal).await;
            assert!(
                !kept
                    .iter()
                    .any(|key| key.ends_with("portal.token")
                        || key.ends_with("portal.cookie-session")),
                "signed in by {way} in a frame, the credential was stored: {kept:?}"
            );
            // The parent hides the portal's own bar (and its button): as its menu would.
            script(
                &portal,
                "signing out in the frame",
                "document.querySelector('button#sign-out').click(); return true;",
            )
            .await;
            portal.wait_for("main.embed-waiting").await;
        }
    });
}

/// The embedding parent sends a token for another customer: a new session, not a renewal. The
/// frame goes back to the overview and shows the new customer's data, nothing of the first's.
#[test]
fn a_parents_token_for_another_customer_starts_afresh() {
    e2e::run_with(embedded(), |portal| async move {
        portal.open_url(&format!("{}/", portal.parent_url())).await;
        portal.enter_portal_frame().await;
        portal.wait_for_text(OVERVIEW_ACCOUNT, DEMO_ACCOUNT).await;
        portal.leave_frame().await;
        portal.click("button[data-path='/accounts']").await;
        portal.wait_for_text("#portal-location", "/accounts").await;
        portal.enter_portal_frame().await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "the demo customer's accounts", |names| {
                names.iter().any(|name| name == DEMO_ACCOUNT)
            })
            .await;
        portal.leave_frame().await;

        let other = portal.issue_token(OTHER_LOGIN, OTHER_PASSWORD).await;
        let send = format!(
            "const frame = document.querySelector('iframe[name=portal]');
             frame.contentWindow.postMessage(
                 {{ protocol: 'yeti-portal', version: 1, type: 'token', token: '{other}' }},
                 new URL(frame.src).origin);
             return true;"
        );
        script(
            &portal,
            "the parent sending another customer's token",
            &send,
        )
        .await;
        portal
            .wait_until("the location reported as the overview", async || {
                let location = script(
                    &portal,
                    "the reported location",
                    "return document.querySelector('#portal-location').value;",
                )
                .await;
                (location == json!("/")).then_some(())
            })
            .await;
        portal.enter_portal_frame().await;
        portal.wait_for_text(OVERVIEW_ACCOUNT, OTHER_ACCOUNT).await;
        let shown = shown_text(&portal).await;
        assert!(
            !shown.contains(DEMO_ACCOUNT),
            "the first customer's data is still shown: {shown}"
        );
        let kept = script(
            &portal,
            "the frame's remembered list views",
            "return sessionStorage.getItem('portal.views') || localStorage.getItem('portal.views');",
        )
        .await;
        assert!(
            kept.as_str()
                .is_none_or(|views| !views.contains("accounts")),
            "the first customer's list view was kept: {kept}"
        );
    });
}
