//! In the browser: a form's write (`portal::write::Write`) sends one request at a time, puts
//! a 422's words under the fields their pointers name and the rest above the form, and sends
//! the same again on retry when that may help.
#![cfg(target_arch = "wasm32")]

use api_model::errors::{ApiError, ErrorObject, ErrorSource};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use portal::write::Write;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen_test::*;

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

fn refusal(words: &str, pointer: Option<&str>) -> ErrorObject {
    ErrorObject {
        detail: Some(words.to_owned()),
        source: pointer.map(|p| ErrorSource {
            pointer: Some(p.to_owned()),
            parameter: None,
        }),
        ..Default::default()
    }
}

/// A write whose answers come from `answers` in turn after 20 ms, counting what it sent.
fn scripted(
    answers: Vec<Result<u32, ApiError>>,
    sent: Rc<RefCell<Vec<String>>>,
    done: Rc<RefCell<Vec<u32>>>,
) -> Write<String, u32> {
    let answers = Rc::new(RefCell::new(answers.into_iter()));
    Write::new(
        ["amount", "account"],
        move |input: String| {
            sent.borrow_mut().push(input);
            let answer = answers
                .borrow_mut()
                .next()
                .expect("an answer for each request");
            async move {
                TimeoutFuture::new(20).await;
                answer
            }
        },
        move |_, answer: &u32| {
            done.borrow_mut().push(*answer);
            Ok(())
        },
    )
}

#[wasm_bindgen_test]
async fn a_second_dispatch_while_pending_sends_nothing() {
    let _owner = reactive_root();
    let (sent, done) = (Rc::default(), Rc::default());
    let write = scripted(vec![Ok(1)], Rc::clone(&sent), Rc::clone(&done));
    assert!(write.dispatch("first".to_owned()));
    assert!(write.pending());
    assert!(
        !write.dispatch("second".to_owned()),
        "a double submit was sent"
    );
    settle(60).await;
    assert!(!write.pending());
    assert_eq!(*sent.borrow(), vec!["first".to_owned()]);
    assert_eq!(*done.borrow(), vec![1]);
    assert!(matches!(write.result().get_untracked(), Some(Ok(1))));
}

#[wasm_bindgen_test]
async fn a_concurrent_write_sends_each_edit_while_another_is_on_its_way() {
    let _owner = reactive_root();
    let (sent, done) = (Rc::default(), Rc::default());
    let write = scripted(vec![Ok(1), Ok(2)], Rc::clone(&sent), Rc::clone(&done)).concurrent();
    assert!(write.dispatch("row 1".to_owned()));
    assert!(
        write.dispatch("row 2".to_owned()),
        "an edit of another row was held back"
    );
    for _ in 0..500 {
        if done.borrow().len() == 2 {
            break;
        }
        settle(10).await;
    }
    assert_eq!(*sent.borrow(), vec!["row 1".to_owned(), "row 2".to_owned()]);
    assert_eq!(*done.borrow(), vec![1, 2]);
}

#[wasm_bindgen_test]
async fn a_refusal_shows_by_pointer_and_the_rest_above_the_form() {
    let _owner = reactive_root();
    let (sent, done) = (Rc::default(), Rc::default());
    let refused = ApiError::Api {
        status: 422,
        errors: vec![
            refusal("is too small", Some("/data/attributes/amount")),
            refusal("is not yours", Some("/data/relationships/account")),
            refusal("cannot be made now", Some("/data")),
            refusal("something else", None),
        ],
    };
    let write = scripted(vec![Err(refused)], sent, Rc::clone(&done));
    write.dispatch("typed".to_owned());
    settle(60).await;
    assert_eq!(
        write.texts_at(Some("amount")).get_untracked(),
        ["is too small"]
    );
    assert_eq!(
        write.texts_at(Some("account")).get_untracked(),
        ["is not yours"]
    );
    assert_eq!(
        write.texts_at(None).get_untracked(),
        ["cannot be made now", "something else"]
    );
    assert!(done.borrow().is_empty());
    // The form's own checks replace them; typing in a field takes its problems away.
    write.refuse(vec![(Some("amount"), "type an amount".to_owned())]);
    assert_eq!(write.texts_at(None).get_untracked(), Vec::<String>::new());
    write.forget_at(&[Some("amount")]);
    assert_eq!(
        write.texts_at(Some("amount")).get_untracked(),
        Vec::<String>::new()
    );
}

#[wasm_bindgen_test]
async fn a_failure_that_may_pass_is_sent_again_on_retry() {
    let _owner = reactive_root();
    let (sent, done) = (Rc::default(), Rc::default());
    let unavailable = ApiError::Empty { status: 503 };
    let write = scripted(
        vec![Err(unavailable), Ok(7)],
        Rc::clone(&sent),
        Rc::clone(&done),
    );
    write.dispatch("top up 5".to_owned());
    settle(60).await;
    assert_eq!(
        write.texts_at(None).get_untracked().len(),
        1,
        "the failure is said"
    );
    write.retry();
    settle(60).await;
    assert_eq!(
        *sent.borrow(),
        vec!["top up 5".to_owned(), "top up 5".to_owned()]
    );
    assert_eq!(*done.borrow(), vec![7]);
    assert_eq!(write.texts_at(None).get_untracked(), Vec::<String>::new());
}
