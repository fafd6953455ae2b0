//! In the browser: what a page holds is kept when a session ends under the customer, typed back
//! for the same customer on the same page only, and never a password.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use portal::drafts::{self, Draft, Fate};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A page of the portal with a form, in place of whatever `main` the test page had.
fn show_page(html: &str) -> web_sys::Element {
    let document = document();
    if let Some(old) = document.query_selector("main").unwrap() {
        old.remove();
    }
    let main = document.create_element("main").unwrap();
    main.set_inner_html(html);
    document.body().unwrap().append_child(&main).unwrap();
    main
}

fn element<T: JsCast>(css: &str) -> T {
    document()
        .query_selector(css)
        .unwrap()
        .unwrap()
        .unchecked_into()
}

fn field(css: &str) -> web_sys::HtmlInputElement {
    element(css)
}

/// What a customer's typing leaves: the value, and the mark the portal's listener sets on a
/// field a person typed into (`drafts::install`; a test's events are not a person's).
fn type_into(css: &str, value: &str) {
    let found = document().query_selector(css).unwrap().unwrap();
    found.set_attribute("data-typed", "").unwrap();
    match found.dyn_into::<web_sys::HtmlInputElement>() {
        Ok(input) => input.set_value(value),
        Err(other) => match other.dyn_into::<web_sys::HtmlTextAreaElement>() {
            Ok(area) => area.set_value(value),
            Err(other) => other
                .unchecked_into::<web_sys::HtmlSelectElement>()
                .set_value(value),
        },
    }
}

fn here() -> String {
    let location = web_sys::window().unwrap().location();
    format!(
        "{}{}",
        location.pathname().unwrap(),
        location.search().unwrap()
    )
}

const FORM: &str = "<form>
    <input name='number' value=''>
    <input name='secret' type='password'>
    <input name='filled'>
    <input name='row' class='a'><input name='row' class='b'>
    <textarea id='keys'></textarea>
    <select name='plan'><option value=''>-</option><option value='7'>Seven</option></select>
</form>";

#[wasm_bindgen_test]
fn a_draft_is_typed_back_only_for_its_customer_and_page() {
    let draft = Draft {
        customer: "1".into(),
        page: "/check-rate?number=1".into(),
        fields: Vec::new(),
    };
    assert_eq!(
        draft.fate(Some("1"), "/check-rate?number=1"),
        Fate::TypeBack
    );
    assert_eq!(draft.fate(Some("1"), "/accounts"), Fate::Wait);
    assert_eq!(draft.fate(Some("2"), "/check-rate?number=1"), Fate::Drop);
    assert_eq!(draft.fate(None, "/check-rate?number=1"), Fate::Drop);
}

#[wasm_bindgen_test]
async fn what_a_page_holds_comes_back_as_typed_but_no_password() {
    drafts::forget();
    show_page(FORM);
    type_into("input[name=number]", "380671234567");
    type_into("input[name=secret]", "hunter2");
    type_into("input.b", "second row");
    type_into("#keys", "4471 4472");
    type_into("select[name=plan]", "7");
    // Filled in by the page, not typed.
    field("input[name=filled]").set_value("from the address");
    drafts::keep_from_page("1");
    let kept = drafts::kept().expect("a draft");
    assert_eq!(kept.customer, "1");
    assert_eq!(kept.page, here());
    let text = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap()
        .get_item("portal.draft")
        .unwrap()
        .unwrap();
    assert!(
        !text.contains("hunter2"),
        "a password is never kept: {text}"
    );

    // The page again, empty; its select's choice comes later, as a page's data does.
    show_page(&FORM.replace("<option value='7'>Seven</option>", ""));
    let typed = std::rc::Rc::new(std::cell::Cell::new(0));
    let count = typed.clone();
    let on_input = Closure::<dyn Fn()>::new(move || count.set(count.get() + 1));
    field("input[name=number]")
        .add_event_listener_with_callback("input", on_input.as_ref().unchecked_ref())
        .unwrap();
    drafts::type_back(Some("1"));
    assert_eq!(field("input[name=number]").value(), "380671234567");
    assert_eq!(typed.get(), 1, "typed in as a person would: an input event");
    assert_eq!(field("input.b").value(), "second row");
    assert_eq!(field("input.a").value(), "");
    assert_eq!(field("input[name=secret]").value(), "");
    assert_eq!(
        field("input[name=filled]").value(),
        "",
        "only what was typed"
    );
    assert!(drafts::kept().is_none(), "taken once");
    assert_eq!(
        element::<web_sys::HtmlTextAreaElement>("#keys").value(),
        "4471 4472"
    );
    let select: web_sys::HtmlSelectElement = element("select[name=plan]");
    let option = document().create_element("option").unwrap();
    option.set_attribute("value", "7").unwrap();
    select.append_child(&option).unwrap();
    TimeoutFuture::new(600).await;
    assert_eq!(select.value(), "7", "chosen once offered");
}

#[wasm_bindgen_test]
fn another_customer_finds_nothing() {
    drafts::forget();
    show_page(FORM);
    type_into("input[name=number]", "380671234567");
    drafts::keep_from_page("1");
    show_page(FORM);
    drafts::type_back(Some("2"));
    assert_eq!(field("input[name=number]").value(), "");
    assert!(drafts::kept().is_none(), "dropped unread");
}
