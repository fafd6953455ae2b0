//! JSON through the browser's own parser (`JSON.parse`, `JSON.stringify`) and
//! `serde-wasm-bindgen`, for what the shell and the sign-in page read and write: `config.json`
//! (walked by hand into a [`Loose`] value), the preferences, a token's expiry, the sign-in
//! exchange and error answers. serde_json's
//! parser then comes only with the pages that decode API documents, not in the first load.

use portal_config::Loose;
use serde::Serialize;
use serde::de::DeserializeOwned;
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

/// Decodes JSON text into `T`.
pub fn decode<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_wasm_bindgen::from_value(parse(text)?).map_err(|e| e.to_string())
}

/// Encodes `value` as JSON text (maps as objects, as serde_json writes them).
pub fn encode<T: Serialize>(value: &T) -> Result<String, String> {
    let js = value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| e.to_string())?;
    js_sys::JSON::stringify(&js)
        .map(String::from)
        .map_err(|_| "cannot be written as JSON".to_owned())
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
