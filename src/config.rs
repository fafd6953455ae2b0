//! Runtime configuration: `config.json` beside `index.html` (schema in the `portal_config`
//! crate), read once at start-up so one build serves every deployment.

pub use portal_config::{AuthMode, ConfigError, PortalConfig};
use wasm_bindgen::JsCast;

/// Relative, so it resolves against `<base href>`: a bundle under `/portal/` reads
/// `/portal/config.json`.
pub const CONFIG_PATH: &str = "config.json";

/// Where the customer API lives, e.g. `https://switch.example/api/rest/customer/v1`.
pub fn api_root(config: &PortalConfig) -> String {
    api_model::api_root(&config.api_base_url)
}

/// Fetches and reads `config.json`. This request carries no token: it is not the API.
pub async fn load_config() -> Result<PortalConfig, ConfigError> {
    let response = match take_loader_config() {
        Ok(answer) => wasm_bindgen_futures::JsFuture::from(answer)
            .await
            .map(|answer| {
                gloo_net::http::Response::from(answer.unchecked_into::<web_sys::Response>())
            })
            .map_err(|error| {
                ConfigError::Unreachable(error.dyn_ref::<js_sys::Error>().map_or_else(
                    || "the request failed".to_owned(),
                    |error| error.message().into(),
                ))
            })?,
        // Without the loader (tests). As index.html preloads it: no headers of its own, or the
        // preload would not be used.
        Err(_) => gloo_net::http::Request::get(CONFIG_PATH)
            .send()
            .await
            .map_err(|e| ConfigError::Unreachable(e.to_string()))?,
    };
    if !response.ok() {
        return Err(ConfigError::Missing {
            status: response.status(),
        });
    }
    let text = response
        .text()
        .await
        .map_err(|e| ConfigError::Unreachable(e.to_string()))?;
    read_config(&text)
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The answer for `config.json` that the loader asked for first (xtask/src/start/start.js), a
    /// promise of the fetch's response; a new request after that.
    #[wasm_bindgen(catch, js_namespace = globalThis, js_name = takePortalConfig)]
    fn take_loader_config() -> Result<js_sys::Promise, wasm_bindgen::JsValue>;
}

/// Reads the text of `config.json` through the browser's JSON parser and checks it, time zone
/// included.
pub fn read_config(text: &str) -> Result<PortalConfig, ConfigError> {
    let document = crate::json::parse(text).map_err(ConfigError::Malformed)?;
    let config = portal_config::read_config(&crate::json::loose(&document))?;
    // Which zones exist is the browser's tz database's to say.
    if let Some(zone) = config.time_zone.as_deref()
        && !crate::format::zone_exists(zone)
    {
        return Err(ConfigError::Invalid(format!(
            "timeZone “{zone}”: this browser knows no time zone of that name (an IANA name \
             such as Europe/Kyiv)"
        )));
    }
    Ok(config)
}
