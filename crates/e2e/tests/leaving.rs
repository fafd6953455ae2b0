//! Leaving a form with the caret in one of its fields, and a session that ends under the
//! customer while a form holds what they typed (`src/leaving.rs`, `src/drafts.rs`).
//!
//! Every form of the portal is left three ways with its field still focused: by Back, by a link
//! (followed without taking the focus, as a keyboard shortcut or a script does), and by the
//! session's end (a sign-out in another tab sharing it). None may crash the portal; after the
//! session's end, the same customer signing in again finds the page with what they typed, and
//! another customer finds nothing of it.

use e2e::fantoccini::Locator;
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Engine, Portal, Setup};
use serde_json::json;
use std::time::Duration;

const OTHER_LOGIN: &str = "other";
const OTHER_PASSWORD: &str = "other";
const CRASHED: &str = "main.fatal-error";

/// A form, the field typed into, and what is typed.
struct Form {
    /// The page's address; `{plan}` stands for a rate plan of the demo customer.
    path: &'static str,
    /// Shown once the form can take input.
    ready: &'static str,
    field: &'static str,
    typed: &'static str,
    /// Chosen among a select's options rather than typed.
    chosen: bool,
}

const FORMS: [Form; 6] = [
    // The rate lookup with a lookup shown: a new duration would rewrite the address.
    Form {
        path: "/check-rate?rateplan-id={plan}&number=380671234567",
        ready: "#check-rate-table tbody tr",
        field: "input[name=duration]",
        typed: "95",
        chosen: false,
    },
    Form {
        path: "/payments/top-up",
        ready: "form.top-up-form select[name=account] option[value]",
        field: "form.top-up-form input[name=amount]",
        typed: "12.34",
        chosen: false,
    },
    Form {
        path: "/cdr-exports/new",
        ready: "select[name=account] option[value]",
        field: "input[name=src-prefix-routing]",
        typed: "4420",
        chosen: false,
    },
    Form {
        path: "/numberlists/3",
        ready: ".numberlist-mode",
        field: "#numberlist-keys",
        typed: "4471 4472",
        chosen: false,
    },
    // A list's filter, typed but not yet applied.
    Form {
        path: "/cdrs",
        ready: "table tbody tr",
        field: "input.filter-value",
        typed: "380",
        chosen: false,
    },
    Form {
        path: "/statistics/origination",
        ready: "select[name=sampling]",
        field: "select[name=sampling]",
        typed: "hour",
        chosen: true,
    },
];

/// Opens `form` in the portal, types into its field and leaves the caret there.
async fn type_into(portal: &Portal, form: &Form, plan: &str) {
    let path = form.path.replace("{plan}", plan);
    portal.go_in_app(&path).await;
    portal.wait_for(form.ready).await;
    if form.path == "/cdrs" {
        portal.click(".filter-bar button.filter-add").await;
    }
    if form.chosen {
        portal.select(form.field, form.typed).await;
        portal
            .script(
                "focusing the field",
                "document.querySelector(arguments[0]).focus();",
                vec![json!(form.field)],
            )
            .await;
    } else {
        portal.fill(form.field, form.typed).await;
    }
    let focused = portal
        .script(
            "the focused field",
            "return document.activeElement.matches(arguments[0]);",
            vec![json!(form.field)],
        )
        .await;
    assert_eq!(focused, json!(true), "the caret in {}", form.field);
}

async fn assert_not_crashed(portal: &Portal, how: &str, form: &Form) {
    let crashed = portal
        .script(
            "looking for the crash page",
            "return !!document.querySelector(arguments[0]);",
            vec![json!(CRASHED)],
        )
        .await;
    assert_eq!(crashed, json!(false), "{how} from {} crashed", form.path);
}

fn leave_every_form_with_the_caret_in_a_field(engine: Engine) {
    let setup = Setup::in_engine(engine);
    e2e::run_with(setup, |portal| async move {
        let plan = portal.first_demo_id("rateplans").await;
        portal.sign_in_as_demo().await;
        portal.open("/accounts").await;
        portal.wait_for("table#accounts-table tbody tr").await;
        for form in &FORMS {
            type_into(&portal, form, &plan).await;
            portal.script("going back", "history.back();", vec![]).await;
            portal.wait_for_path("/accounts").await;
            portal.wait_for("table#accounts-table tbody tr").await;
            assert_not_crashed(&portal, "Back", form).await;

            type_into(&portal, form, &plan).await;
            portal.go_in_app("/invoices").await;
            portal.wait_for_path("/invoices").await;
            portal.wait_for("table tbody tr").await;
            assert_not_crashed(&portal, "a link", form).await;
            portal.go_in_app("/accounts").await;
            portal.wait_for("table#accounts-table tbody tr").await;
        }
    });
}

#[test]
fn leaving_a_form_with_the_caret_in_a_field_in_chromium() {
    leave_every_form_with_the_caret_in_a_field(Engine::Chromium);
}

#[test]
fn leaving_a_form_with_the_caret_in_a_field_in_firefox() {
    leave_every_form_with_the_caret_in_a_field(Engine::Firefox);
}

/// Signs in as the sign-in page shown now asks, keeping the session across restarts (so that
/// another tab's sign-out ends it).
async fn sign_in_kept(portal: &Portal, login: &str, password: &str) {
    portal.wait_for("form#login-form").await;
    portal.click("form#login-form input[name=remember]").await;
    portal.sign_in(login, password).await;
}

/// What another tab sharing the session says when it signs out.
async fn another_tab_signs_out(portal: &Portal) {
    portal
        .script(
            "another tab signing out",
            "localStorage.removeItem('portal.token');
         new BroadcastChannel('portal.session').postMessage('token');",
            vec![],
        )
        .await;
}

fn a_session_ending_keeps_what_was_typed(engine: Engine) {
    let setup = Setup::in_engine(engine);
    e2e::run_with(setup, |portal| async move {
        let plan = portal.first_demo_id("rateplans").await;
        portal.open("/login").await;
        sign_in_kept(&portal, DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for("#main-nav").await;
        for form in &FORMS {
            type_into(&portal, form, &plan).await;
            let path = form.path.replace("{plan}", &plan);
            if form.path == "/cdrs" {
                portal
                    .wait_for_url("the filter applied", |url| {
                        url.query().is_some_and(|query| query.contains(form.typed))
                    })
                    .await;
            }
            another_tab_signs_out(&portal).await;
            portal.wait_for("form#login-form").await;
            assert_not_crashed(&portal, "the session's end", form).await;
            sign_in_kept(&portal, DEMO_LOGIN, DEMO_PASSWORD).await;
            let wanted_path = path.split('?').next().unwrap_or_default().to_owned();
            portal
                .wait_until(
                    &format!("{path} again, with {:?} typed back", form.typed),
                    async || {
                        let url = portal.client().current_url().await.ok()?;
                        let field = portal.client().find(Locator::Css(form.field)).await.ok()?;
                        let value = field.prop("value").await.ok()??;
                        (url.path() == wanted_path && value == form.typed).then_some(())
                    },
                )
                .await;
            assert_not_crashed(&portal, "signing in again", form).await;
        }
        // Another customer signing in where a session ended finds nothing of what was typed.
        let form = &FORMS[1];
        type_into(&portal, form, &plan).await;
        another_tab_signs_out(&portal).await;
        sign_in_kept(&portal, OTHER_LOGIN, OTHER_PASSWORD).await;
        portal.wait_for_path("/payments/top-up").await;
        portal
            .wait_until("another customer's sign-in to drop the draft", async || {
                let kept = portal
                    .client()
                    .execute("return sessionStorage.getItem('portal.draft');", vec![])
                    .await
                    .ok()?;
                kept.is_null().then_some(())
            })
            .await;
        portal
            .wait_for("form.top-up-form, section.not-available")
            .await;
        let shown = portal
            .script(
                "the amount",
                "const f = document.querySelector(arguments[0]); return f ? f.value : '';",
                vec![json!(form.field)],
            )
            .await;
        assert_eq!(shown, json!(""), "another customer sees nothing typed");
    });
}

#[test]
fn a_session_ending_keeps_what_was_typed_in_chromium() {
    a_session_ending_keeps_what_was_typed(Engine::Chromium);
}

#[test]
fn a_session_ending_keeps_what_was_typed_in_firefox() {
    a_session_ending_keeps_what_was_typed(Engine::Firefox);
}

/// A session that runs out while the rate lookup holds a number and a duration typed (not yet
/// looked up): the sign-in page, then the same page with both typed back. The token lives 30 s,
/// ten times what typing takes.
#[test]
fn an_expiring_session_keeps_what_was_typed() {
    let setup = Setup {
        token_lifetime: Duration::from_secs(30),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.sign_in_as_demo().await;
        portal.wait_for("#main-nav").await;
        portal.go_in_app("/check-rate").await;
        portal
            .wait_for("select[name=rateplan-id] option[value]")
            .await;
        portal.fill("input[name=number]", "380671234567").await;
        portal.fill("input[name=duration]", "95").await;
        portal
            .wait_until_within(
                Duration::from_secs(90),
                "the session to run out",
                async || {
                    let url = portal.client().current_url().await.ok()?;
                    (url.path() == "/login").then_some(())
                },
            )
            .await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for_path("/check-rate").await;
        for (field, typed) in [
            ("input[name=number]", "380671234567"),
            ("input[name=duration]", "95"),
        ] {
            portal
                .wait_until(&format!("{field} typed back"), async || {
                    let found = portal.client().find(Locator::Css(field)).await.ok()?;
                    let value = found.prop("value").await.ok()??;
                    (value == typed).then_some(())
                })
                .await;
        }
    });
}
