//! In the browser: where the token (or the cookie-session mark) is kept, and how a session ends.
#![cfg(target_arch = "wasm32")]

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use portal::kept::{self, Kept};
use portal::long_timeout::{LongTimeout, MAX_STEP, first_step};
use portal::session::{Ended, Keep, Notice, Session, safe_next};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn token_expiring_in(seconds: i64) -> String {
    token_expiring_at(chrono::Utc::now().timestamp() + seconds)
}

/// A token whose `exp` is `exp` (unix seconds).
fn token_expiring_at(exp: i64) -> String {
    token_of(1, exp)
}

/// A token of the customer `sub` whose `exp` is `exp` (unix seconds).
fn token_of(sub: u32, exp: i64) -> String {
    let payload = URL_SAFE_NO_PAD.encode(format!(
        r#"{{"aud":["customer-v1"],"sub":{sub},"exp":{exp}}}"#
    ));
    format!("eyJhbGciOiJIUzI1NiJ9.{payload}.c2lnbmF0dXJl")
}

fn stored_under(key: &str, local: bool) -> Option<String> {
    let window = web_sys::window().unwrap();
    let storage = if local {
        window.local_storage()
    } else {
        window.session_storage()
    };
    storage.unwrap().unwrap().get_item(key).unwrap()
}

fn stored(local: bool) -> Option<String> {
    stored_under("portal.token", local)
}

fn fresh_session() -> Session {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    Owner::new().set();
    let session = Session::restore();
    session.sign_out();
    session
}

#[wasm_bindgen_test]
fn keep_signed_in_chooses_the_storage() {
    let session = fresh_session();
    let token = token_expiring_in(600);
    session.sign_in(&token, Keep::ThisTab).unwrap();
    assert!(session.is_signed_in());
    assert_eq!(stored(false), Some(token.clone()));
    assert_eq!(stored(true), None);

    session.sign_in(&token, Keep::AcrossRestarts).unwrap();
    assert_eq!(stored(true), Some(token));
    assert_eq!(stored(false), None);

    session.sign_out();
    assert!(!session.is_signed_in());
    assert_eq!((stored(true), stored(false)), (None, None));
}

#[wasm_bindgen_test]
fn expired_tokens_are_refused_and_opaque_server_tokens_accepted() {
    let session = fresh_session();
    assert!(
        session
            .sign_in(&token_expiring_in(-5), Keep::ThisTab)
            .is_err()
    );
    assert!(session.sign_in("   ", Keep::ThisTab).is_err());
    assert!(!session.is_signed_in());
    // A server may issue tokens the portal cannot read; the server decides on them.
    session
        .sign_in("opaque-server-token", Keep::ThisTab)
        .unwrap();
    assert!(session.is_signed_in());
    session.sign_out();
}

#[wasm_bindgen_test]
async fn session_ends_by_itself_at_expiry_with_a_notice() {
    let session = fresh_session();
    // `exp` is whole seconds: the next second but one is between 1 and 2 s away, wherever in
    // its second the test starts, and the wait runs from that instant, not from now.
    let exp = (js_sys::Date::now() / 1000.0).floor() as i64 + 2;
    session
        .sign_in(&format!("Bearer {}", token_expiring_at(exp)), Keep::ThisTab)
        .unwrap();
    assert!(session.is_signed_in());
    let until_expiry = exp as f64 * 1000.0 - js_sys::Date::now();
    TimeoutFuture::new((until_expiry + 500.0).max(0.0) as u32).await;
    assert!(!session.is_signed_in());
    assert_eq!(session.notice(), Some(Notice::Expired));
    assert_eq!(session.ended(), Some(Ended::Expired));
    assert_eq!(stored(false), None);
}

/// An embedded portal's credential stays in memory whichever path leads to it: the parent's
/// message, or the sign-in page offered in the frame with "keep me signed in" ticked (a token
/// pasted or issued, or cookie mode's mark).
#[wasm_bindgen_test]
fn an_embedded_token_is_kept_in_memory_only() {
    let _ = fresh_session();
    let session = Session::in_memory();
    for keep in [Keep::InMemory, Keep::ThisTab, Keep::AcrossRestarts] {
        let token = token_expiring_in(600);
        session.sign_in(&token, keep).unwrap();
        assert!(session.is_signed_in());
        assert!(session.expires_at().is_some());
        assert_eq!((stored(true), stored(false)), (None, None), "{keep:?}");
        // A reload (a fresh restore) finds nothing: the parent page sends the token again.
        assert!(!Session::restore().is_signed_in());
        session.sign_out();
        assert_eq!(session.ended(), Some(Ended::SignedOut));
    }
    for keep in [Keep::ThisTab, Keep::AcrossRestarts] {
        session.sign_in_with_cookie(keep);
        assert!(session.is_signed_in());
        for local in [false, true] {
            assert_eq!(
                stored_under("portal.cookie-session", local),
                None,
                "{keep:?}"
            );
        }
        session.sign_out();
    }
}

#[wasm_bindgen_test]
fn a_cookie_session_keeps_only_a_mark_and_a_rejection_ends_it() {
    let session = fresh_session();
    session.sign_in_with_cookie(Keep::ThisTab);
    assert!(session.is_signed_in());
    assert_eq!(
        stored_under("portal.cookie-session", false).as_deref(),
        Some("1")
    );
    assert_eq!((stored(true), stored(false)), (None, None));
    assert!(Session::restore().is_signed_in());
    session.reject(Some("Authorization failed".to_owned()));
    assert!(!session.is_signed_in());
    assert_eq!(session.ended(), Some(Ended::Rejected));
    assert_eq!(
        session.notice(),
        Some(Notice::Rejected(Some("Authorization failed".to_owned())))
    );
    assert_eq!(stored_under("portal.cookie-session", false), None);
    assert!(!Session::restore().is_signed_in());
}

#[wasm_bindgen_test]
fn restore_picks_up_a_kept_token() {
    let session = fresh_session();
    let token = token_expiring_in(600);
    session.sign_in(&token, Keep::AcrossRestarts).unwrap();
    let restored = Session::restore();
    assert!(restored.is_signed_in());
    restored.sign_out();
}

#[wasm_bindgen_test]
fn next_targets_stay_on_this_site() {
    assert_eq!(
        safe_next(Some("/accounts?page[size]=2".into())),
        "/accounts?page[size]=2"
    );
    assert_eq!(
        safe_next(Some("/cdrs/12#recording".into())),
        "/cdrs/12#recording"
    );
    // A statistics page's times hold a space; the address keeps it, encoded.
    assert_eq!(
        safe_next(Some(
            "/statistics/origination?from-time=2026-11-25 08:00:00".into()
        )),
        "/statistics/origination?from-time=2026-11-25%2008:00:00"
    );
    assert_eq!(safe_next(Some("//evil.example/".into())), "/");
    assert_eq!(safe_next(Some("https://evil.example/".into())), "/");
    assert_eq!(safe_next(Some("/login?next=/x".into())), "/");
    assert_eq!(safe_next(None), "/");
}

/// `next` as the query map hands it over (decoded once) and as a link may hold it: browsers
/// read `\` as `/` and drop tabs and new lines, so each of these is `//evil.example` to them.
#[wasm_bindgen_test]
fn no_next_target_leads_off_the_origin() {
    let origin = web_sys::window().unwrap().location().origin().unwrap();
    let variants = [
        "/\\evil.example",
        "/\\/evil.example",
        "\\/evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r/evil.example",
        "/\t\\evil.example",
        " //evil.example",
        "/%5Cevil.example",
        "/%5C%5Cevil.example",
        "/%09/evil.example",
        "/%0A/evil.example",
        "/%0D/evil.example",
        "/%255Cevil.example",
        "/../../evil",
        "/%2e%2e/evil",
        "javascript:alert(1)",
        "https:evil.example",
    ];
    for next in variants {
        let target = safe_next(Some(next.to_owned()));
        let resolved = web_sys::Url::new_with_base(&target, &origin).unwrap();
        assert_eq!(resolved.origin(), origin, "{next:?} led to {target:?}");
        assert!(
            target.starts_with('/') && !target.starts_with("//"),
            "{next:?} → {target:?}"
        );
    }
}

fn customer_data_present() -> Vec<&'static str> {
    kept::CUSTOMER_DATA
        .iter()
        .flat_map(|k| [stored_under(k.key(), false), stored_under(k.key(), true)])
        .flatten()
        .map(|_| "customer data")
        .collect()
}

fn keep_some_customer_data() {
    kept::write_customer(Kept::Views, &[("accounts", "sort=-balance")], false);
    kept::write_customer(Kept::TopUps, &["a top-up"], false);
    // The customer's watch rules, which name their accounts.
    kept::write_customer(
        Kept::WatchRules,
        &["Lviv Overdraft: balance below 0"],
        false,
    );
    assert_eq!(customer_data_present().len(), 3);
}

/// A way a session ends.
type SessionEnd = fn(&Session);

/// Whatever ends a session takes the customer's data with it, and a new sign-in starts clean;
/// a renewed token (an embedding parent's) keeps it.
#[wasm_bindgen_test]
fn nothing_of_a_customer_outlives_the_session() {
    let session = fresh_session();
    let ends: [(&str, SessionEnd); 2] = [
        ("sign-out", |s| s.sign_out()),
        ("a 401", |s| s.reject(None)),
    ];
    for (how, end) in ends {
        for keep in [Keep::ThisTab, Keep::AcrossRestarts] {
            session.sign_in(&token_expiring_in(600), keep).unwrap();
            keep_some_customer_data();
            session.sign_in(&token_expiring_in(900), keep).unwrap();
            assert_eq!(
                customer_data_present().len(),
                3,
                "a renewal dropped the data"
            );
            end(&session);
            assert!(
                customer_data_present().is_empty(),
                "{how} ({keep:?}) left data"
            );
        }
    }
    // Left by a tab that closed on a session of its own: gone before the next one shows.
    kept::session_storage()
        .unwrap()
        .set_item(Kept::TopUps.key(), "[]")
        .unwrap();
    kept::local_storage()
        .unwrap()
        .set_item(Kept::Views.key(), "{}")
        .unwrap();
    session
        .sign_in(&token_expiring_in(600), Keep::ThisTab)
        .unwrap();
    assert!(customer_data_present().is_empty());
    session.sign_out();
}

#[wasm_bindgen_test]
async fn an_expired_session_takes_the_customers_data_too() {
    let session = fresh_session();
    let exp = (js_sys::Date::now() / 1000.0).floor() as i64 + 2;
    session
        .sign_in(&token_expiring_at(exp), Keep::ThisTab)
        .unwrap();
    keep_some_customer_data();
    let until_expiry = exp as f64 * 1000.0 - js_sys::Date::now();
    TimeoutFuture::new((until_expiry + 500.0).max(0.0) as u32).await;
    assert_eq!(session.ended(), Some(Ended::Expired));
    assert!(customer_data_present().is_empty());
}

/// A month away is past `setTimeout`'s range (about 24.8 days), where a plain timeout fires at
/// once; the portal's waits in steps instead.
#[wasm_bindgen_test]
async fn a_far_away_timeout_waits() {
    let month = std::time::Duration::from_secs(30 * 24 * 3600);
    assert_eq!(first_step(month), (MAX_STEP, month - MAX_STEP));
    let fired = std::rc::Rc::new(std::cell::Cell::new(0));
    let far = {
        let fired = fired.clone();
        LongTimeout::start(month, move || fired.set(fired.get() + 1))
    };
    let near = {
        let fired = fired.clone();
        LongTimeout::start(std::time::Duration::from_millis(20), move || {
            fired.set(fired.get() + 10)
        })
    };
    TimeoutFuture::new(300).await;
    assert_eq!(fired.get(), 10, "the near one fired alone");
    drop((far, near));
}

/// An embedding parent's token for the customer signed in renews the session; a token for
/// another customer (another `sub`) starts a new one, which keeps nothing of the first's.
#[wasm_bindgen_test]
fn a_token_for_another_customer_is_a_new_session() {
    let _ = fresh_session();
    let session = Session::in_memory();
    let exp = chrono::Utc::now().timestamp() + 600;
    session.sign_in(&token_of(1, exp), Keep::InMemory).unwrap();
    let first = session.id_untracked();
    keep_some_customer_data();
    session
        .sign_in(&token_of(1, exp + 300), Keep::InMemory)
        .unwrap();
    assert_eq!(
        session.id_untracked(),
        first,
        "a renewal is the same session"
    );
    assert_eq!(
        customer_data_present().len(),
        3,
        "a renewal dropped the data"
    );
    session
        .sign_in(&token_of(2, exp + 300), Keep::InMemory)
        .unwrap();
    assert!(session.is_signed_in());
    assert!(
        customer_data_present().is_empty(),
        "the first customer's data outlived their session"
    );
    assert_ne!(
        session.id_untracked(),
        first,
        "another customer's token renewed the session"
    );
    session.sign_out();
}

/// Waits (generously, on the condition) until `done` holds.
async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        TimeoutFuture::new(25).await;
    }
    panic!("waited 5 s for {what}");
}

/// Sessions of one page stand for the browser's tabs here: each listens on the channel the
/// tabs share. A session kept across restarts (localStorage) is every tab's that holds it: its
/// sign-out ends it in all of them, while a tab signed in on its own (sessionStorage) keeps its
/// session, and its token. Cookie mode's cookie is one for the whole browser: the same.
#[wasm_bindgen_test]
async fn a_session_kept_for_every_tab_ends_in_every_tab() {
    let _ = fresh_session();
    let exp = chrono::Utc::now().timestamp() + 600;
    let (own, keeping, sharing) = (Session::restore(), Session::restore(), Session::restore());
    let own_token = token_of(2, exp);
    own.sign_in(&own_token, Keep::ThisTab).unwrap();
    let shared_token = token_of(1, exp);
    keeping
        .sign_in(&shared_token, Keep::AcrossRestarts)
        .unwrap();
    sharing
        .sign_in(&shared_token, Keep::AcrossRestarts)
        .unwrap();
    keeping.sign_out();
    until("the sharing session to end", || {
        !sharing.is_signed_in_untracked()
    })
    .await;
    assert_eq!(sharing.ended(), Some(Ended::SignedOut));
    assert!(sharing.notice().is_some(), "no word of why");
    // The tab of its own heard nothing it shares, and kept its token.
    TimeoutFuture::new(100).await;
    assert!(own.is_signed_in_untracked());
    assert_eq!(stored(false), Some(own_token));
    own.sign_out();

    let cookie_tab = Session::restore();
    cookie_tab.sign_in_with_cookie(Keep::ThisTab);
    let restored = Session::restore();
    assert!(restored.is_signed_in_untracked());
    cookie_tab.sign_out();
    until("the other cookie session to end", || {
        !restored.is_signed_in_untracked()
    })
    .await;
}
