//! JSON through the browser's own parser (`JSON.parse`), for what the shell and the sign-in
//! page read and write: `config.json`, the preferences, a token's expiry, the sign-in exchange
//! and error answers, each walked by hand from a [`Loose`] value. serde's generic readers and
//! serde_json's parser then come only with the pages that decode API documents, not in the
//! first load.

use api_model::auth::AuthRequest;
use api_model::errors::{ErrorBody, ErrorObject, ErrorSource};
use portal_config::Loose;
use wasm_bindgen::{JsCast, JsValue};

/// Parses JSON text; `Err` says why not, in the browser's words.
pub fn parse(text: &str) -> Result<JsValue, String> {
    js_sys::JSON::parse(text).map_err(|error| {
        js_sys::Error::from(error)
            .message()
            .as_string()
            .unwrap_or_else(|| "not JSON".to_owned())
    })
}

/// How deep [`loose`] reads: `config.json` nests three levels, messages one; deeper is read as
/// a value of no kind, which no key accepts, rather than recursing as far as a value goes.
const LOOSE_DEPTH: usize = 8;

/// A value from [`parse`], or a message's data, as `config.json` and the embedding messages
/// are read (a key written twice has the value `JSON.parse` kept).
pub fn loose(value: &JsValue) -> Loose {
    loose_within(value, LOOSE_DEPTH)
}

fn loose_within(value: &JsValue, depth: usize) -> Loose {
    if let Some(text) = value.as_string() {
        return Loose::Text(text);
    }
    if value.is_null() || value.is_undefined() {
        return Loose::Null;
    }
    if let Some(yes) = value.as_bool() {
        return Loose::Bool(yes);
    }
    if let Some(number) = value.as_f64() {
        return Loose::number(number);
    }
    let Some(depth) = depth.checked_sub(1) else {
        return Loose::Other;
    };
    if js_sys::Array::is_array(value) {
        let list = js_sys::Array::from(value);
        return Loose::List(list.iter().map(|item| loose_within(&item, depth)).collect());
    }
    match value.dyn_ref::<js_sys::Object>() {
        Some(object) if value.is_object() => Loose::Object(
            js_sys::Object::entries(object)
                .iter()
                .map(|entry| {
                    let entry = js_sys::Array::from(&entry);
                    let key = entry.get(0).as_string().unwrap_or_default();
                    (key, loose_within(&entry.get(1), depth))
                })
                .collect(),
        ),
        _ => Loose::Other,
    }
}

/// The body of `POST /auth`, as serde writes [`AuthRequest`]: `{"auth":{"login":…,
/// "password":…}}`, with `"cookie_auth":true` when it asks for a session cookie.
pub fn auth_request(request: &AuthRequest) -> String {
    let credentials = Loose::object([
        ("login", Loose::Text(request.auth.login.clone())),
        ("password", Loose::Text(request.auth.password.clone())),
    ]);
    let mut entries = vec![("auth".to_owned(), credentials)];
    if let Some(cookie_auth) = request.cookie_auth {
        entries.push(("cookie_auth".to_owned(), Loose::Bool(cookie_auth)));
    }
    Loose::Object(entries).to_json()
}

/// The token of `POST /auth`'s answer, `{"jwt":"…"}`; `Err` says why there is none.
pub fn issued_token(text: &str) -> Result<String, String> {
    match loose(&parse(text)?).get("jwt") {
        Some(Loose::Text(jwt)) => Ok(jwt.clone()),
        Some(_) => Err("the answer's jwt is not a text".to_owned()),
        None => Err("missing field `jwt`".to_owned()),
    }
}

/// An error answer's body as [`ErrorBody`]'s serde derive reads it: `None` when it is not JSON,
/// not an object, or a key the derive reads has a value of the wrong kind.
pub fn error_body(text: &str) -> Option<ErrorBody> {
    let body = loose(&parse(text).ok()?);
    let Loose::Object(_) = body else {
        return None;
    };
    let errors = match body.get("errors") {
        None | Some(Loose::Null) => None,
        Some(Loose::List(errors)) => Some(errors.iter().map(error_object).collect::<Option<_>>()?),
        Some(_) => return None,
    };
    Some(ErrorBody {
        errors,
        error: loose_text(body.get("error")),
    })
}

fn error_object(value: &Loose) -> Option<ErrorObject> {
    let Loose::Object(_) = value else {
        return None;
    };
    let source = match value.get("source") {
        None | Some(Loose::Null) => None,
        Some(source @ Loose::Object(_)) => Some(ErrorSource {
            pointer: optional_text(source.get("pointer"))?,
            parameter: optional_text(source.get("parameter"))?,
        }),
        Some(_) => return None,
    };
    Some(ErrorObject {
        title: optional_text(value.get("title"))?,
        detail: optional_text(value.get("detail"))?,
        code: loose_text(value.get("code")),
        status: loose_text(value.get("status")),
        source,
    })
}

/// A text or nothing (`Some(None)`); `None` for a value of another kind.
fn optional_text(value: Option<&Loose>) -> Option<Option<String>> {
    match value {
        None | Some(Loose::Null) => Some(None),
        Some(Loose::Text(text)) => Some(Some(text.clone())),
        Some(_) => None,
    }
}

/// `code`, `status` and `error` are texts in the spec; a number or a boolean is taken as its
/// text, anything else as nothing (`api_model::errors`' lenient reading).
fn loose_text(value: Option<&Loose>) -> Option<String> {
    match value? {
        Loose::Text(text) => Some(text.clone()),
        Loose::Whole(number) => Some(number.to_string()),
        Loose::Bool(yes) => Some(yes.to_string()),
        _ => None,
    }
}
