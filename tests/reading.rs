//! In the browser: a read follows its key; superseded requests are aborted and a late answer
//! never wins (`portal::read`).
#![cfg(target_arch = "wasm32")]

use api_model::errors::ApiError;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use portal::read::{Read, use_read};
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

/// Waits until `holds`, checking every 10 ms for up to 10 s (a busy machine is slow, never
/// wrong).
async fn eventually(what: &str, holds: impl Fn() -> bool) {
    for _ in 0..1000 {
        if holds() {
            return;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("never happened: {what}");
}

/// Every data value the read showed, in order.
fn shown<T: Clone + 'static>(read: Read<T>) -> Rc<RefCell<Vec<T>>> {
    let seen: Rc<RefCell<Vec<T>>> = Rc::default();
    let record = seen.clone();
    Effect::new(move |_| {
        if let Some(data) = read.data() {
            record.borrow_mut().push(data);
        }
    });
    seen
}

#[wasm_bindgen_test]
async fn late_answer_of_a_superseded_request_is_dropped_and_aborted() {
    let _owner = reactive_root();
    let key = RwSignal::new(1u32);
    let signals: Rc<RefCell<Vec<AbortSignal>>> = Rc::default();
    let seen = signals.clone();
    let read: Read<String> = use_read(
        move || Some(key.get()),
        move |k, signal: Option<AbortSignal>| {
            seen.borrow_mut().push(signal.expect("an abort signal"));
            async move {
                // The first request is slow, the second fast; the first ignores its abort, as
                // an answer already on its way would.
                TimeoutFuture::new(if k == 1 { 300 } else { 20 }).await;
                Ok::<_, ApiError>(format!("answer {k}"))
            }
        },
    );
    let shown = shown(read);
    eventually("the first request is sent", || signals.borrow().len() == 1).await;
    key.set(2);
    eventually("the second answer shows", || {
        read.data().as_deref() == Some("answer 2")
    })
    .await;
    assert!(!read.is_loading());
    let signals = signals.borrow();
    assert_eq!(signals.len(), 2);
    assert!(
        signals[0].aborted(),
        "the superseded request was not aborted"
    );
    assert!(!signals[1].aborted());
    assert_eq!(
        *shown.borrow(),
        ["answer 2"],
        "a superseded answer was shown"
    );
}

#[wasm_bindgen_test]
async fn a_failed_reload_keeps_the_last_data_under_its_failure_and_retry_sends_again() {
    let _owner = reactive_root();
    let attempts = Rc::new(RefCell::new(0u32));
    let counter = attempts.clone();
    let read: Read<u32> = use_read(
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
    eventually("the first answer", || read.data() == Some(1)).await;
    read.retry();
    eventually("the failure", || read.error().is_some()).await;
    assert_eq!(read.error(), Some(ApiError::Empty { status: 500 }));
    // The page shows the failure above the answer it keeps (`read::loaded`).
    assert_eq!(
        read.data(),
        Some(1),
        "a failed reload of the same question drops the answer it had"
    );
    read.retry();
    eventually("the third answer", || read.data() == Some(3)).await;
    assert_eq!(read.error(), None);
}

#[wasm_bindgen_test]
async fn no_key_means_no_request() {
    let _owner = reactive_root();
    let valid = RwSignal::new(false);
    let calls = Rc::new(RefCell::new(0u32));
    let counter = calls.clone();
    let read: Read<u32> = use_read(
        move || valid.get().then_some(7u32),
        move |k, _signal| {
            *counter.borrow_mut() += 1;
            async move { Ok(k) }
        },
    );
    // Long enough for a request to have gone, were one sent.
    TimeoutFuture::new(100).await;
    assert_eq!(*calls.borrow(), 0);
    assert_eq!(read.data(), None);
    valid.set(true);
    eventually("the answer once the key asks", || read.data() == Some(7)).await;
    assert_eq!(*calls.borrow(), 1);
}

#[wasm_bindgen_test]
async fn an_answer_after_the_key_said_nothing_to_fetch_is_dropped() {
    let _owner = reactive_root();
    let signed_in = RwSignal::new(true);
    let sent = Rc::new(RefCell::new(false));
    let mark = sent.clone();
    let read: Read<&'static str> = use_read(
        move || signed_in.get().then_some(()),
        move |(), _signal| {
            *mark.borrow_mut() = true;
            async move {
                // An answer already on its way, which an abort no longer stops.
                TimeoutFuture::new(100).await;
                Ok("the previous customer's")
            }
        },
    );
    let shown = shown(read);
    eventually("the request is sent", || *sent.borrow()).await;
    signed_in.set(false);
    // Well after the answer came.
    TimeoutFuture::new(400).await;
    assert_eq!(
        read.data(),
        None,
        "a late answer came back after the key went"
    );
    assert!(
        shown.borrow().is_empty(),
        "a late answer was shown: {:?}",
        shown.borrow()
    );
    assert!(!read.is_loading());
}
