//! A new version deployed while the portal is open (`src/new_version.rs`), acted out by the
//! demo server (`POST /__demo/deploy`: the same build under a new directory name, the old
//! directory gone or answered by the host's index.html fallback).
//!
//! Each case lands the customer on the page they asked for, from the new version, signed in and
//! with what they typed; or, when even the new version's code does not come, on a plain
//! message after one reload, never a loop.

use e2e::fantoccini::Locator;
use e2e::{Engine, Portal, Setup};
use serde_json::json;

const NUMBER_LISTS: &str = "table tbody tr";
const NOTICE: &str = ".new-version";

fn setup(engine: Engine) -> Setup {
    Setup {
        engine,
        deploy_control: true,
        ..Setup::default()
    }
}

/// The build the page runs: the directory its module comes from.
async fn running_build(portal: &Portal) -> String {
    let src = portal
        .script(
            "the page's module",
            "const s = document.querySelector('script[type=module][src]'); return s ? s.src : '';",
            vec![],
        )
        .await;
    let src = src.as_str().unwrap_or_default();
    src.split('/')
        .find(|part| part.starts_with("wasm-"))
        .unwrap_or_default()
        .to_owned()
}

/// Signs in on the overview, whose code (not the lists') has come.
async fn signed_in_on_the_overview(portal: &Portal) -> String {
    portal.sign_in_as_demo().await;
    portal.wait_for(".account-card").await;
    running_build(portal).await
}

/// After a deployment whose old parts answer as `old_parts` says, the number lists (code the
/// tab had not fetched) open from the new version, still signed in.
fn a_page_whose_code_is_gone_opens_from_the_new_version(engine: Engine, old_parts: &'static str) {
    e2e::run_with(setup(engine), |portal| async move {
        let old = signed_in_on_the_overview(&portal).await;
        let deployed = portal.deploy_new_build(old_parts, "served").await;
        let new = deployed["new"].as_str().unwrap_or_default().to_owned();
        assert_ne!(old, new);
        portal.go_in_app("/numberlists?sort=name").await;
        portal
            .wait_until("the new version's page", async || {
                (running_build(&portal).await == new).then_some(())
            })
            .await;
        portal.wait_for(NUMBER_LISTS).await;
        let url = portal.current_url().await;
        assert_eq!(url.path(), "/numberlists");
        assert_eq!(url.query(), Some("sort=name"));
    });
}

#[test]
fn old_parts_answering_404_in_chromium() {
    a_page_whose_code_is_gone_opens_from_the_new_version(Engine::Chromium, "gone");
}

#[test]
fn old_parts_answering_404_in_firefox() {
    a_page_whose_code_is_gone_opens_from_the_new_version(Engine::Firefox, "gone");
}

#[test]
fn old_parts_answering_index_html_in_chromium() {
    a_page_whose_code_is_gone_opens_from_the_new_version(Engine::Chromium, "index-html");
}

#[test]
fn old_parts_answering_index_html_in_firefox() {
    a_page_whose_code_is_gone_opens_from_the_new_version(Engine::Firefox, "index-html");
}

/// A language switch after a deployment whose texts changed (the open tab's language files are
/// gone): the tab reloads to the new version, which speaks the language chosen.
fn a_language_switch_after_a_deployment(engine: Engine) {
    e2e::run_with(setup(engine), |portal| async move {
        let old = signed_in_on_the_overview(&portal).await;
        let deployed = portal
            .deploy(json!({"oldParts": "gone", "texts": "gone"}))
            .await;
        let new = deployed["new"].as_str().unwrap_or_default().to_owned();
        assert_ne!(old, new);
        portal.select("select#language", "es").await;
        portal
            .wait_until("the new version, in Spanish", async || {
                let lang = portal
                    .client()
                    .execute("return document.documentElement.lang;", vec![])
                    .await
                    .ok()?;
                let spanish = lang.as_str().is_some_and(|l| l.starts_with("es"));
                (spanish && running_build(&portal).await == new).then_some(())
            })
            .await;
        portal.wait_for(".account-card").await;
        assert_eq!(portal.current_url().await.path(), "/");
    });
}

#[test]
fn a_language_switch_after_a_deployment_in_chromium() {
    a_language_switch_after_a_deployment(Engine::Chromium);
}

#[test]
fn a_language_switch_after_a_deployment_in_firefox() {
    a_language_switch_after_a_deployment(Engine::Firefox);
}

/// A form holding typed input when a new deployment is noticed (the tab coming back into
/// view): the customer is asked, and after the reload finds the page with what they typed.
fn a_form_with_typed_input_asks_first(engine: Engine) {
    e2e::run_with(setup(engine), |portal| async move {
        signed_in_on_the_overview(&portal).await;
        portal.go_in_app("/payments/top-up").await;
        portal
            .wait_for("form.top-up-form select[name=account] option[value]")
            .await;
        portal
            .fill("form.top-up-form input[name=amount]", "12.34")
            .await;
        let deployed = portal.deploy_new_build("gone", "served").await;
        let new = deployed["new"].as_str().unwrap_or_default().to_owned();
        portal
            .script(
                "the tab coming back into view",
                "document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));",
                vec![],
            )
            .await;
        portal.wait_for(&format!("{NOTICE} button")).await;
        // Asked, not reloaded under the customer's hands.
        assert_eq!(
            portal.value_of("form.top-up-form input[name=amount]").await,
            "12.34"
        );
        portal.click(&format!("{NOTICE} button")).await;
        portal
            .wait_until("the new version", async || {
                (running_build(&portal).await == new).then_some(())
            })
            .await;
        assert_eq!(portal.current_url().await.path(), "/payments/top-up");
        portal
            .wait_until("the amount typed back", async || {
                let field = portal
                    .client()
                    .find(Locator::Css("form.top-up-form input[name=amount]"))
                    .await
                    .ok()?;
                (field.prop("value").await.ok()?? == "12.34").then_some(())
            })
            .await;
    });
}

#[test]
fn a_form_with_typed_input_asks_first_in_chromium() {
    a_form_with_typed_input_asks_first(Engine::Chromium);
}

#[test]
fn a_form_with_typed_input_asks_first_in_firefox() {
    a_form_with_typed_input_asks_first(Engine::Firefox);
}

/// A host where even the new version's parts do not come: one reload, then a plain message
/// with the support desk, and no loop.
fn when_the_new_version_fails_too_it_says_so(engine: Engine) {
    e2e::run_with(setup(engine), |portal| async move {
        signed_in_on_the_overview(&portal).await;
        portal.deploy_new_build("gone", "gone").await;
        portal.go_in_app("/numberlists").await;
        let said = portal.wait_for_text(NOTICE, "could not be loaded").await;
        assert!(!said.is_empty());
        let reloads = portal
            .script(
                "how this document came",
                "return performance.getEntriesByType('navigation').map((n) => n.type);",
                vec![],
            )
            .await;
        assert_eq!(reloads, json!(["reload"]), "one reload, then the message");
        let reloaded_at = portal
            .script(
                "the reload's time",
                "return sessionStorage.getItem('portal.reloaded-at');",
                vec![],
            )
            .await;
        // Still the same document and the same reload a moment later: no loop.
        portal.wait_for_text(NOTICE, "could not be loaded").await;
        let again = portal
            .script(
                "the reload's time",
                "return sessionStorage.getItem('portal.reloaded-at');",
                vec![],
            )
            .await;
        assert_eq!(reloaded_at, again);
        assert_eq!(portal.current_url().await.path(), "/numberlists");
    });
}

#[test]
fn when_the_new_version_fails_too_it_says_so_in_chromium() {
    when_the_new_version_fails_too_it_says_so(Engine::Chromium);
}

#[test]
fn when_the_new_version_fails_too_it_says_so_in_firefox() {
    when_the_new_version_fails_too_it_says_so(Engine::Firefox);
}
