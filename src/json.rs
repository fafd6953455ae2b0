//! JSON through the browser's own parser (`JSON.parse`, `JSON.stringify`) and
//! `serde-wasm-bindgen`, for what the shell and the sign-in page read and write: `config.json`,
//! the preferences, a token's expiry, the sign-in exchange and error answers. serde_json's
//! parser then comes only with the pages that decode API documents, not in the first load.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

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
