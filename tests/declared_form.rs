//! In the browser: a creation form made from its declaration (`Form::Inputs`) shows each input
//! as its kind asks, refuses bad input under the field before anything is sent and keeps what
//! was typed, posts the declared document, and puts the server's 422 under the field its
//! pointer names.
#![cfg(target_arch = "wasm32")]

use api_model::catalog::{Input, Kind};
use api_model::errors::{ApiError, ErrorObject, ErrorSource};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use portal::pages::create::{CreateWrite, Created, DeclaredForm};
use portal::write::Write;
use serde_json::{Value, json};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod support;

const INPUTS: &[Input] = &[
    Input {
        name: "name",
        kind: Kind::Text,
        required: true,
        to: None,
    },
    Input {
        name: "capacity",
        kind: Kind::Integer,
        required: false,
        to: None,
    },
    Input {
        name: "status",
        kind: Kind::Choice(&["Pending", "Completed"]),
        required: false,
        to: None,
    },
    Input {
        name: "enabled",
        kind: Kind::Boolean,
        required: false,
        to: None,
    },
];

/// A write that answers each request with the next of `answers`, keeping what it was sent.
fn scripted(
    answers: Vec<Result<Created, ApiError>>,
    sent: Rc<RefCell<Vec<Value>>>,
    created: Rc<RefCell<Vec<String>>>,
) -> CreateWrite {
    let answers = Rc::new(RefCell::new(answers.into_iter()));
    Write::new(
        INPUTS.iter().map(|input| input.name).collect::<Vec<_>>(),
        move |document: Value| {
            sent.borrow_mut().push(document);
            let answer = answers.borrow_mut().next().expect("an answer per request");
            async move {
                TimeoutFuture::new(10).await;
                answer
            }
        },
        move |_, record: &Created| {
            created.borrow_mut().push(record.data.id.clone());
            Ok(())
        },
    )
}

fn element(container: &web_sys::Element, css: &str) -> web_sys::Element {
    container
        .query_selector(css)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("{css} on the form"))
}

/// Types `value` into the control `css` as a person would: the value, then its event.
fn type_into(container: &web_sys::Element, css: &str, value: &str, event: &str) {
    let control = element(container, css);
    js_sys::Reflect::set(&control, &"value".into(), &value.into()).expect("a value to set");
    let event = web_sys::Event::new(event).expect("an event");
    control.dispatch_event(&event).expect("dispatched");
}

fn value_of(container: &web_sys::Element, css: &str) -> String {
    js_sys::Reflect::get(&element(container, css), &"value".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// The problems shown under the control `css`, or above the form.
fn problems_at(container: &web_sys::Element, css: &str) -> String {
    container
        .query_selector(&format!("label:has({css}) .field-error"))
        .ok()
        .flatten()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

async fn submit(container: &web_sys::Element) {
    element(container, "button[type=submit]")
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    TimeoutFuture::new(40).await;
}

#[wasm_bindgen_test]
async fn a_declared_form_checks_posts_and_shows_the_servers_refusal_by_field() {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    support::install_texts();
    let (sent, created) = (Rc::new(RefCell::new(Vec::new())), Rc::default());
    let taken = ApiError::Api {
        status: 422,
        errors: vec![ErrorObject {
            detail: Some("name - has already been taken".to_owned()),
            source: Some(ErrorSource {
                pointer: Some("/data/attributes/name".to_owned()),
                parameter: None,
            }),
            ..Default::default()
        }],
    };
    let made: Created =
        serde_json::from_value(json!({"data": {"id": "42", "type": "things", "attributes": {}}}))
            .expect("a created record");
    let document = web_sys::window().unwrap().document().unwrap();
    let container = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&container).unwrap();
    let (answers_sent, answers_created) = (Rc::clone(&sent), Rc::clone(&created));
    let mounted = leptos::mount::mount_to(container.clone().unchecked_into(), move || {
        let write = scripted(vec![Err(taken), Ok(made)], answers_sent, answers_created);
        view! { <DeclaredForm path="things" inputs=INPUTS write /> }
    });

    // Each input as its kind asks.
    assert_eq!(
        element(&container, "input[name=name]")
            .get_attribute("type")
            .as_deref(),
        Some("text")
    );
    assert_eq!(
        element(&container, "input[name=capacity]")
            .get_attribute("inputmode")
            .as_deref(),
        Some("decimal")
    );
    let options = |css: &str| -> Vec<String> {
        let list = container
            .query_selector_all(&format!("{css} option"))
            .unwrap();
        (0..list.length())
            .filter_map(|i| list.item(i))
            .map(|o| {
                js_sys::Reflect::get(&o, &"value".into())
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_default()
            })
            .collect()
    };
    assert_eq!(options("select[name=status]"), ["", "Pending", "Completed"]);
    assert_eq!(options("select[name=enabled]"), ["", "true", "false"]);

    // Nothing typed: the required input says so, and nothing is sent.
    submit(&container).await;
    assert_eq!(problems_at(&container, "input[name=name]"), "Fill this in.");
    assert!(sent.borrow().is_empty(), "nothing was sent");

    // Not a whole number: said under its input, kept as typed, still nothing sent.
    type_into(&container, "input[name=name]", "Kyiv", "input");
    type_into(&container, "input[name=capacity]", "1.5", "input");
    submit(&container).await;
    assert_eq!(
        problems_at(&container, "input[name=capacity]"),
        "“1.5” is not a number."
    );
    assert_eq!(problems_at(&container, "input[name=name]"), "");
    assert_eq!(value_of(&container, "input[name=capacity]"), "1.5");
    assert!(sent.borrow().is_empty(), "nothing was sent");

    // Good input: the declared document goes to the server; its refusal names the field.
    type_into(&container, "input[name=capacity]", "3", "input");
    type_into(&container, "select[name=status]", "Pending", "change");
    type_into(&container, "select[name=enabled]", "false", "change");
    submit(&container).await;
    assert_eq!(
        *sent.borrow(),
        [json!({"data": {"type": "things", "attributes":
            {"name": "Kyiv", "capacity": 3, "status": "Pending", "enabled": false}}})]
    );
    assert_eq!(
        problems_at(&container, "input[name=name]"),
        "name - has already been taken"
    );
    assert!(created.borrow().is_empty());

    // Sent again (the customer changed nothing the server named): created.
    submit(&container).await;
    assert_eq!(sent.borrow().len(), 2);
    assert_eq!(*created.borrow(), ["42"]);
    drop(mounted);
    container.remove();
}
