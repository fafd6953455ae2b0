//! In the browser: superseded requests are aborted and a late answer never wins.
#![cfg(target_arch = "wasm32")]

use api_model::errors::ApiError;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use portal::remote::Remote;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen_test::*;
use web_sys::AbortSignal;

wasm_bindgen_test_configure!(run_in_browser);

fn reactive_root() -> Owner {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let owner = Owner::new();
    owner.set();
    owner
}

async fn settle(ms: u32) {
    TimeoutFuture::new(ms).await;
}

#[wasm_bindgen_test]
async fn late_answer_of_a_superseded_request_is_dropped_and_aborted() {
    let _owner = reactive_root();
    let key = RwSignal::new(1u32);
    let signals: Rc<RefCell<Vec<AbortSignal>>> = Rc::default();
    let seen = signals.clone();
    let remote: Remote<String> = Remote::new(
        move || Some(key.get()),
        move |k, signal: Option<AbortSignal>| {
            seen.borrow_mut().push(signal.expect("an abort signal"));
            async move {
                // The first request is slow, the second fast: answers arrive out of order.
                TimeoutFuture::new(if k == 1 { 300 } else { 20 }).await;
                Ok::<_, ApiError>(format!("answer {k}"))
            }
        },
    );
    settle(50).await;
    key.set(2);
    settle(500).await;
    assert_eq!(remote.data().as_deref(), Some("answer 2"));
    assert!(!remote.is_loading());
    let signals = signals.borrow();
    assert_eq!(signals.len(), 2);
    assert!(
        signals[0].aborted(),
        "the superseded request was not aborted"
    );
    assert!(!signals[1].aborted());
}

#[wasm_bindgen_test]
async fn errors_keep_the_last_data_and_retry_sends_again() {
    let _owner = reactive_root();
    let attempts = Rc::new(RefCell::new(0u32));
    let counter = attempts.clone();
    let remote: Remote<u32> = Remote::new(
        || Some(()),
        move |(), _signal| {
            *counter.borrow_mut() += 1;
            let attempt = *counter.borrow();
            async move {
                if attempt == 2 {
                    Err(ApiError::Empty { status: 500 })
                } else {
                    Ok(attempt)
                }
            }
        },
    );
    settle(30).await;
    assert_eq!(remote.data(), Some(1));
    remote.retry();
    settle(30).await;
    assert_eq!(remote.error(), Some(ApiError::Empty { status: 500 }));
    assert_eq!(
        remote.data(),
        Some(1),
        "old data must stay while the error shows"
    );
    remote.retry();
    settle(30).await;
    assert_eq!(remote.data(), Some(3));
    assert_eq!(remote.error(), None);
}

#[wasm_bindgen_test]
async fn no_key_means_no_request() {
    let _owner = reactive_root();
    let valid = RwSignal::new(false);
    let calls = Rc::new(RefCell::new(0u32));
    let counter = calls.clone();
    let remote: Remote<u32> = Remote::new(
        move || valid.get().then_some(7u32),
        move |k, _signal| {
            *counter.borrow_mut() += 1;
            async move { Ok(k) }
        },
    );
    settle(30).await;
    assert_eq!(*calls.borrow(), 0);
    assert_eq!(remote.data(), None);
    valid.set(true);
    settle(30).await;
    assert_eq!(remote.data(), Some(7));
}

#[wasm_bindgen_test]
async fn an_answer_after_the_key_said_nothing_to_fetch_is_dropped() {
    let _owner = reactive_root();
    let signed_in = RwSignal::new(true);
    let remote: Remote<&'static str> = Remote::new(
        move || signed_in.get().then_some(()),
        move |(), _signal| async move {
            // An answer already on its way, which an abort no longer stops.
            TimeoutFuture::new(100).await;
            Ok("the previous customer's")
        },
    );
    settle(30).await;
    signed_in.set(false);
    remote.forget();
    settle(150).await;
    assert_eq!(
        remote.data(),
        None,
        "a late answer came back after the key went"
    );
    assert!(!remote.is_loading());
}
