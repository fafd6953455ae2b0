//! What the customer typed into a page when the session ended under them (expiry, a 401, a
//! sign-out in another tab): kept for this tab only (sessionStorage, `portal.draft`), for the
//! same customer only, and typed back into the same page once they have signed in again.
//!
//! Every form of the portal keeps its input in its page's fields, so the fields are what is
//! kept: those the customer typed into or chose in (marked as they do, [`install`]), read from
//! the page as it goes ([`keep_from_page`]) and typed back as a person would (the value set,
//! then `input` and `change`) once the page shows them ([`type_back`]). What the page filled in
//! itself (a default, the address's query) is not the customer's input and stays out. A
//! password is never kept (the sign-in page is no signed-in page, and no password field is
//! read). The customer's own sign-out drops the draft (`Session::sign_out`); another customer
//! signing in in the tab drops it unread. A session whose token names no customer (cookie
//! mode, an opaque token) keeps nothing: it could not tell whose the input is.

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use portal_config::kept::Kept;
use wasm_bindgen::JsCast;

/// How long a page may take to show the fields of a draft (its code, then the choices its
/// selects offer, come first).
const TYPE_BACK_FOR_MS: u32 = 20_000;
/// How often the page is looked at meanwhile.
const LOOK_EVERY_MS: u32 = 200;

/// The mark of a field the customer typed into or chose in.
const TYPED: &str = "data-typed";

/// Marks the fields the customer types into or chooses in: call once, before the app mounts.
pub fn install() {
    let Some(window) = web_sys::window() else {
        return;
    };
    for name in ["input", "change"] {
        let options = EventListenerOptions::run_in_capture_phase();
        EventListener::new_with_options(&window, name, options, |event| {
            let target = event.target();
            let field = target
                .as_ref()
                .and_then(|t| t.dyn_ref::<web_sys::Element>());
            if let Some(field) = field.filter(|_| event.is_trusted()) {
                let _ = field.set_attribute(TYPED, "");
            }
        })
        .forget();
    }
}

/// The input of one page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Whom the session's token named (its `sub`): the only customer it is typed back for.
    pub customer: String,
    /// The page's address in the portal (path and query).
    pub page: String,
    pub fields: Vec<FieldValue>,
}

/// A field's value; `key` is its `name` (else its `id`), `nth` counts fields of the same key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldValue {
    pub key: String,
    pub nth: usize,
    pub value: String,
}

/// What becomes of a draft kept in this tab when `customer` signs in on `page`.
#[derive(Debug, PartialEq, Eq)]
pub enum Fate {
    /// Typed back into this page.
    TypeBack,
    /// Kept for the page it was typed into.
    Wait,
    /// Another customer's: dropped unread.
    Drop,
}

/// A draft is kept as the JSON `[customer, page, [[key, nth, value], …]]`, written and read by
/// the browser's own `JSON` (serde_json's code would weigh on every first load: this runs in
/// the shell).
impl Draft {
    pub fn written(&self) -> Option<String> {
        let fields = js_sys::Array::new();
        for field in &self.fields {
            let nth = wasm_bindgen::JsValue::from_f64(field.nth as f64);
            fields.push(&js_sys::Array::of3(
                &field.key.as_str().into(),
                &nth,
                &field.value.as_str().into(),
            ));
        }
        let draft = js_sys::Array::of3(
            &self.customer.as_str().into(),
            &self.page.as_str().into(),
            &fields,
        );
        js_sys::JSON::stringify(&draft).ok()?.as_string()
    }

    pub fn read(text: &str) -> Option<Draft> {
        let draft: js_sys::Array = js_sys::JSON::parse(text).ok()?.dyn_into().ok()?;
        let fields: js_sys::Array = draft.get(2).dyn_into().ok()?;
        let fields = fields
            .iter()
            .map(|field| {
                let field: js_sys::Array = field.dyn_into().ok()?;
                Some(FieldValue {
                    key: field.get(0).as_string()?,
                    nth: field.get(1).as_f64()? as usize,
                    value: field.get(2).as_string()?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Draft {
            customer: draft.get(0).as_string()?,
            page: draft.get(1).as_string()?,
            fields,
        })
    }

    pub fn fate(&self, customer: Option<&str>, page: &str) -> Fate {
        match customer {
            Some(customer) if customer == self.customer && page == self.page => Fate::TypeBack,
            Some(customer) if customer == self.customer => Fate::Wait,
            _ => Fate::Drop,
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    crate::kept::session_storage()
}

/// The draft kept in this tab, if any.
pub fn kept() -> Option<Draft> {
    let text = storage()?.get_item(Kept::Draft.key()).ok()??;
    Draft::read(&text)
}

pub fn forget() {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(Kept::Draft.key());
    }
}

/// Keeps what the page shown now holds, for `customer`, when it holds anything.
pub fn keep_from_page(customer: &str) {
    let fields = page_fields()
        .iter()
        .filter(|(_, _, field)| field.element().has_attribute(TYPED))
        .filter_map(|(key, nth, field)| {
            let value = field.value()?;
            Some(FieldValue {
                key: key.clone(),
                nth: *nth,
                value,
            })
        })
        .collect::<Vec<_>>();
    let Some(page) = page_address() else {
        return;
    };
    if fields.is_empty() {
        return;
    }
    let draft = Draft {
        customer: customer.to_owned(),
        page,
        fields,
    };
    if let (Some(storage), Some(text)) = (storage(), draft.written()) {
        let _ = storage.set_item(Kept::Draft.key(), &text);
    }
}

/// Whether the page shown now holds input the customer typed or chose.
pub fn page_holds_typed_input() -> bool {
    page_fields()
        .iter()
        .any(|(_, _, field)| field.element().has_attribute(TYPED) && field.value().is_some())
}

/// Types the draft kept for `customer` back into the page shown now, as its fields appear; a
/// draft of another customer is dropped.
pub fn type_back(customer: Option<&str>) {
    let Some(draft) = kept() else {
        return;
    };
    let here = page_address().unwrap_or_default();
    match draft.fate(customer, &here) {
        Fate::Wait => {}
        Fate::Drop => forget(),
        Fate::TypeBack => {
            forget();
            type_in(draft.fields, TYPE_BACK_FOR_MS / LOOK_EVERY_MS);
        }
    }
}

/// Types in the fields the page shows now, and looks again for the others (`looks` more times).
fn type_in(fields: Vec<FieldValue>, looks: u32) {
    let shown = page_fields();
    let waiting: Vec<FieldValue> = fields
        .into_iter()
        .filter(|wanted| {
            let field = shown
                .iter()
                .find(|(key, nth, _)| *key == wanted.key && *nth == wanted.nth);
            !field.is_some_and(|(_, _, field)| field.type_in(&wanted.value))
        })
        .collect();
    if !waiting.is_empty() && looks > 0 {
        Timeout::new(LOOK_EVERY_MS, move || type_in(waiting, looks - 1)).forget();
    }
}

/// The portal address of the page shown now.
fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    let path = crate::routing::portal_path(&location.pathname().ok()?);
    Some(format!("{path}{}", location.search().ok()?))
}

/// A field of the page a customer types into.
enum Field {
    Text(web_sys::HtmlInputElement),
    Check(web_sys::HtmlInputElement),
    Choice(web_sys::HtmlSelectElement),
    Area(web_sys::HtmlTextAreaElement),
}

/// Input types that hold nothing typed, or nothing to keep.
const NOT_KEPT: [&str; 7] = [
    "password", "hidden", "file", "submit", "button", "reset", "image",
];

impl Field {
    fn of(element: web_sys::Element) -> Option<Field> {
        let element = match element.dyn_into::<web_sys::HtmlInputElement>() {
            Ok(input) => {
                let kind = input.type_();
                return match kind.as_str() {
                    "checkbox" | "radio" => Some(Field::Check(input)),
                    _ if NOT_KEPT.contains(&kind.as_str()) => None,
                    _ => Some(Field::Text(input)),
                };
            }
            Err(element) => element,
        };
        match element.dyn_into::<web_sys::HtmlSelectElement>() {
            Ok(select) => Some(Field::Choice(select)),
            Err(element) => element.dyn_into().ok().map(Field::Area),
        }
    }

    fn element(&self) -> &web_sys::Element {
        match self {
            Field::Text(input) | Field::Check(input) => input,
            Field::Choice(select) => select,
            Field::Area(area) => area,
        }
    }

    /// What it holds, when it holds something.
    fn value(&self) -> Option<String> {
        let value = match self {
            Field::Text(input) => input.value(),
            Field::Check(input) => input.checked().to_string(),
            Field::Choice(select) => select.value(),
            Field::Area(area) => area.value(),
        };
        (!value.is_empty()).then_some(value)
    }

    /// Sets `value` as typed; false while the field cannot take it yet (a choice not offered).
    fn type_in(&self, value: &str) -> bool {
        let element: &web_sys::HtmlElement = match self {
            Field::Text(input) => {
                input.set_value(value);
                input
            }
            Field::Check(input) => {
                input.set_checked(value == "true");
                input
            }
            Field::Choice(select) => {
                select.set_value(value);
                if select.value() != value {
                    return false;
                }
                select
            }
            Field::Area(area) => {
                area.set_value(value);
                area
            }
        };
        // Still the customer's input, should the session end again.
        let _ = element.set_attribute(TYPED, "");
        for name in ["input", "change"] {
            let init = web_sys::EventInit::new();
            init.set_bubbles(true);
            if let Ok(event) = web_sys::Event::new_with_event_init_dict(name, &init) {
                let _ = element.dispatch_event(&event);
            }
        }
        true
    }
}

/// The fields of the page shown now (in `main`), each with its key and its place among the
/// fields of the same key.
fn page_fields() -> Vec<(String, usize, Field)> {
    let found = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| {
            document
                .query_selector_all("main input, main select, main textarea")
                .ok()
        });
    let Some(found) = found else {
        return Vec::new();
    };
    let mut fields: Vec<(String, usize, Field)> = Vec::new();
    for index in 0..found.length() {
        let Some(element) = found
            .item(index)
            .and_then(|node| node.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let key = element
            .get_attribute("name")
            .or_else(|| Some(element.id()).filter(|id| !id.is_empty()));
        if let (Some(key), Some(field)) = (key, Field::of(element)) {
            let nth = fields.iter().filter(|(seen, _, _)| *seen == key).count();
            fields.push((key, nth, field));
        }
    }
    fields
}
