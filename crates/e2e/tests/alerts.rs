//! Alerts, end to end: a watch rule on the demo customer's `Lviv Overdraft` (below its
//! minimum) fires at once, in the page, the tab's title and a browser notification (the
//! permission granted in the browser, never asked on load), does not fire again while it
//! holds, clears when a top-up lifts the balance, and is never seen by the next customer of the
//! browser. Tabs sharing a session check through one of them.
//!
//! Expectations come from the demo API itself, asked with a token as a script would.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup};
use serde_json::{Value, json};

const ACCOUNT: &str = "Lviv Overdraft";
const ALERTS: &str = ".watch-alerts li";
const OTHER_LOGIN: &str = "other";
const OTHER_PASSWORD: &str = "other";

/// Records every notification the page shows, then shows it as the browser would.
const NOTIFICATION_SPY: &str = r#"(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.__notifications = [];
  const Spy = function (title, options) {
    window.__notifications.push({ title, body: (options && options.body) || '' });
    return new Real(title, options);
  };
  Spy.prototype = Real.prototype;
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  Spy.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Spy;
})();"#;

/// The demo customer's account `name`'s id.
async fn account_id(portal: &Portal, name: &str) -> String {
    let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
    let accounts = portal.api_get(&token, "accounts", &[]).await;
    accounts["data"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["attributes"]["name"] == name)
        .and_then(|a| a["id"].as_str())
        .expect("the seeded account")
        .to_owned()
}

async fn notifications(portal: &Portal) -> Vec<Value> {
    let shown = portal
        .script(
            "the notifications shown",
            "return window.__notifications || [];",
            vec![],
        )
        .await;
    shown.as_array().cloned().unwrap_or_default()
}

async fn title(portal: &Portal) -> String {
    let title = portal
        .script("the title", "return document.title;", vec![])
        .await;
    title.as_str().unwrap_or_default().to_owned()
}

/// How many elements `css` finds now.
async fn count(portal: &Portal, css: &str) -> usize {
    let found = portal
        .script(
            "a count of elements",
            "return document.querySelectorAll(arguments[0]).length;",
            vec![json!(css)],
        )
        .await;
    found.as_u64().unwrap_or_default() as usize
}

/// How many times the portal has asked for the accounts: once a check.
fn account_reads(portal: &Portal) -> usize {
    portal
        .served_requests()
        .iter()
        .filter(|r| r.method == "GET" && r.path.ends_with("/accounts"))
        .count()
}

/// Adds a rule on the rules page shown: the account, the kind, the limit.
async fn add_rule(portal: &Portal, account: &str, kind: &str, limit: &str) {
    portal
        .select("form.watch-form select[name=account]", account)
        .await;
    portal
        .select("form.watch-form select[name=condition]", kind)
        .await;
    portal
        .fill("form.watch-form input[name=limit]", limit)
        .await;
    portal.click("form.watch-form button.watch-add").await;
}

#[test]
fn a_balance_rule_fires_once_notifies_and_clears_and_the_next_customer_sees_none() {
    e2e::run(|portal| async move {
        let lviv = account_id(&portal, ACCOUNT).await;
        let spy = json!({ "source": NOTIFICATION_SPY });
        portal
            .devtools("Page.addScriptToEvaluateOnNewDocument", spy)
            .await;
        portal.sign_in_as_demo().await;
        portal.open("/alerts").await;
        portal.wait_for("form.watch-form").await;
        // Nothing is asked on load: the customer's own click would.
        portal.wait_for("button.watch-notify-ask").await;
        let asked = portal
            .script("the permission", "return Notification.permission;", vec![])
            .await;
        assert_eq!(asked, json!("default"), "no permission asked on load");
        let origin = portal.url_for("/").trim_end_matches('/').to_owned();
        let grant = json!({ "permissions": ["notifications"], "origin": origin });
        portal.devtools("Browser.grantPermissions", grant).await;
        portal.reload().await;
        portal.wait_for_text(".watch-notify", "on").await;

        // A limit that is not one is said under the field; nothing is kept.
        add_rule(&portal, &lviv, "balance-below", "ten").await;
        portal.wait_for_text("#watch-limit-problem", "number").await;
        assert_eq!(count(&portal, ".watch-rule").await, 0, "nothing kept");

        add_rule(&portal, &lviv, "balance-below", "0").await;
        let alert = portal.wait_for_text(ALERTS, ACCOUNT).await;
        assert!(alert.contains("310.4"), "the balance it saw: {alert}");
        assert!(
            title(&portal).await.starts_with("(1) ⚠"),
            "the title is marked"
        );
        portal.wait_for_text(".watch-rule.firing", "310.4").await;
        let shown = notifications(&portal).await;
        assert_eq!(shown.len(), 1, "one notification: {shown:?}");
        assert!(
            shown[0]["title"]
                .as_str()
                .unwrap_or_default()
                .contains(ACCOUNT)
        );

        // Checked again while it holds: no second alert.
        let reads = account_reads(&portal);
        portal.click("button.watch-check-now").await;
        portal
            .wait_until("a second check", async || {
                (account_reads(&portal) > reads).then_some(())
            })
            .await;
        portal.wait_for_text(".watch-checked", "Last checked").await;
        assert_eq!(notifications(&portal).await.len(), 1, "not notified again");
        portal.wait_for_text(ALERTS, ACCOUNT).await;

        // A top-up lifts the balance above the limit: the rule clears where the customer is.
        portal.open("/payments/top-up").await;
        portal
            .select("form.top-up-form select[name=account]", &lviv)
            .await;
        portal
            .fill("form.top-up-form input[name=amount]", "400")
            .await;
        portal.click("form.top-up-form button[type=submit]").await;
        portal.pay_on_the_providers_page().await;
        portal.wait_for("li.top-up [data-status=completed]").await;
        portal.go_in_app("/alerts").await;
        portal.wait_for_text(".watch-rule", "quiet").await;
        portal
            .wait_until("the alert to go", async || {
                (count(&portal, ALERTS).await == 0).then_some(())
            })
            .await;
        assert!(!title(&portal).await.contains('⚠'), "the title's mark goes");
        assert!(
            notifications(&portal).await.is_empty(),
            "a clearing notifies nothing"
        );

        // The next customer of the browser sees none of it.
        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;
        portal.sign_in(OTHER_LOGIN, OTHER_PASSWORD).await;
        portal.go_in_app("/alerts").await;
        portal
            .wait_for_text(".watch-page .hint", "No rules yet")
            .await;
        assert_eq!(count(&portal, ".watch-rule").await, 0);
        assert_eq!(count(&portal, ALERTS).await, 0);
        let kept = portal
            .script(
                "what is kept",
                "return JSON.stringify({...sessionStorage, ...localStorage});",
                vec![],
            )
            .await;
        let kept = kept.as_str().unwrap_or_default().to_owned();
        assert!(
            !kept.contains(ACCOUNT),
            "the demo customer's rules are gone: {kept}"
        );
    });
}

/// Everything the browser keeps for the portal, as text.
async fn kept_in_the_browser(portal: &Portal) -> String {
    let kept = portal
        .script(
            "what is kept",
            "return JSON.stringify({...sessionStorage, ...localStorage});",
            vec![],
        )
        .await;
    kept.as_str().unwrap_or_default().to_owned()
}

/// A check on its way when the customer signs out ends with their session: what it would have
/// kept never reaches the next customer of the tab.
#[test]
fn a_check_under_way_at_sign_out_keeps_nothing_for_the_next_customer() {
    let setup = Setup {
        fault_control: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let lviv = account_id(&portal, ACCOUNT).await;
        portal.sign_in_as_demo().await;
        portal.go_in_app("/alerts").await;
        add_rule(&portal, &lviv, "balance-below", "0").await;
        portal.wait_for_text(ALERTS, ACCOUNT).await;
        // The accounts now answer after 3 s: the check is on its way at sign-out.
        portal
            .set_faults(json!({"latency-ms": 3000, "only-path": "/accounts"}))
            .await;
        portal.click("button.watch-check-now").await;
        portal.wait_for_text(".watch-checked", "Checking").await;
        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;
        portal.sign_in(OTHER_LOGIN, OTHER_PASSWORD).await;
        // The next customer's overview asks for its accounts after the check did, so its
        // answer comes after the check's would have.
        portal.wait_for(".account-card h2").await;
        let kept = kept_in_the_browser(&portal).await;
        assert!(!kept.contains(ACCOUNT), "the check kept the rules: {kept}");
        assert_eq!(count(&portal, ALERTS).await, 0);
        assert!(!title(&portal).await.contains('⚠'));
    });
}

/// The Web Lock the checking tab holds, and the tabs waiting for it.
async fn lock_state(portal: &Portal) -> (usize, usize) {
    let state = portal
        .script(
            "the locks",
            "return navigator.locks.query().then(s => [\
                s.held.filter(l => l.name === 'portal.watch').length, \
                s.pending.filter(l => l.name === 'portal.watch').length]);",
            vec![],
        )
        .await;
    let count = |i: usize| state[i].as_u64().unwrap_or_default() as usize;
    (count(0), count(1))
}

#[test]
fn tabs_sharing_a_session_check_through_one_of_them() {
    e2e::run(|portal| async move {
        let lviv = account_id(&portal, ACCOUNT).await;
        let client = portal.client().clone();
        let first = client.window().await.expect("the first tab");
        portal.open("/login").await;
        portal.wait_for("form#login-form").await;
        portal.click("form#login-form input[name=remember]").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal
            .wait_for_text(".account-card h2", "Kyiv Wholesale")
            .await;
        portal.go_in_app("/alerts").await;
        add_rule(&portal, &lviv, "balance-below", "0").await;
        portal.wait_for_text(ALERTS, ACCOUNT).await;

        let second = client.new_window(true).await.expect("a new tab").handle;
        client.switch_to_window(second).await.expect("to it");
        portal.open("/accounts").await;
        // The second tab shows the alert the first one found, and waits its turn to check.
        portal.wait_for_text(ALERTS, ACCOUNT).await;
        let state = portal
            .wait_until("one tab holding the lock, one waiting", async || {
                let state = lock_state(&portal).await;
                (state == (1, 1)).then_some(state)
            })
            .await;
        assert_eq!(state, (1, 1));

        // The checking tab closes: the other takes over.
        client.switch_to_window(first).await.expect("back");
        client.close_window().await.expect("closed");
        let remaining = client.windows().await.expect("the tabs");
        client
            .switch_to_window(remaining[0].clone())
            .await
            .expect("to the remaining tab");
        portal
            .wait_until("the remaining tab holding the lock", async || {
                (lock_state(&portal).await == (1, 0)).then_some(())
            })
            .await;
        portal.wait_for_text(ALERTS, ACCOUNT).await;
    });
}

/// A customer whose profile withholds prices is offered no rule that needs them, and is told
/// why; a balance rule stays theirs to set.
#[test]
fn a_profile_without_prices_offers_no_spend_or_credit_rule() {
    e2e::run(|portal| async move {
        portal.open("/login").await;
        portal.sign_in("demo-restricted", "demo-restricted").await;
        portal.go_in_app("/alerts").await;
        portal.wait_for_text(".watch-withheld", "prices").await;
        let disabled = portal
            .script(
                "the conditions offered",
                "return [...document.querySelectorAll('select[name=condition] option')]
                    .filter(o => o.disabled).map(o => o.value);",
                vec![],
            )
            .await;
        assert_eq!(disabled, json!(["credit-ahead-below", "spend-above"]));
    });
}
