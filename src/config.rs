//! Runtime configuration: `config.json` at the root of the bundle, read once at start-up, so
//! one build serves every deployment.

use serde::Deserialize;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortalConfig {
    /// The deployment's `{base_url}`; empty means the page's own origin.
    pub api_base_url: String,
    pub title: String,
    pub locale: String,
}

impl PortalConfig {
    /// Where the customer API lives, e.g. `https://switch.example/api/rest/customer/v1`.
    pub fn api_root(&self) -> String {
        api_model::api_root(&self.api_base_url)
    }
}

// Unknown keys are ignored so that later keys never break an older portal.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawConfig {
    api_base_url: Option<String>,
    title: Option<String>,
    locale: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    Missing { status: u16 },
    Unreachable(String),
    Malformed(String),
    Invalid(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Missing { status } => write!(
                f,
                "config.json was not found next to the portal (HTTP {status}). \
                 Deploy it at the root of the bundle."
            ),
            ConfigError::Unreachable(reason) => {
                write!(f, "config.json could not be loaded: {reason}")
            }
            ConfigError::Malformed(reason) => write!(f, "config.json is not valid JSON: {reason}"),
            ConfigError::Invalid(reason) => write!(f, "config.json has a wrong value: {reason}"),
        }
    }
}

pub const CONFIG_PATH: &str = "/config.json";

/// Reads the text of `config.json`.
pub fn parse_config(text: &str) -> Result<PortalConfig, ConfigError> {
    let raw: RawConfig =
        serde_json::from_str(text).map_err(|e| ConfigError::Malformed(e.to_string()))?;
    let api_base_url = raw.api_base_url.unwrap_or_default().trim().to_owned();
    if !(api_base_url.is_empty()
        || api_base_url.starts_with("https://")
        || api_base_url.starts_with("http://")
        || api_base_url.starts_with('/'))
    {
        return Err(ConfigError::Invalid(format!(
            "apiBaseUrl “{api_base_url}” must be empty, a path starting with “/”, or an http(s) URL"
        )));
    }
    Ok(PortalConfig {
        api_base_url,
        title: raw
            .title
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| "Customer Portal".to_owned()),
        locale: raw
            .locale
            .filter(|l| !l.trim().is_empty())
            .unwrap_or_else(|| "en".to_owned()),
    })
}

/// Fetches and reads `config.json`. This request carries no token: it is not the API.
pub async fn load_config() -> Result<PortalConfig, ConfigError> {
    let response = gloo_net::http::Request::get(CONFIG_PATH)
        .header("Accept", "application/json")
        .send()
        .await
        .map_err(|e| ConfigError::Unreachable(e.to_string()))?;
    if !response.ok() {
        return Err(ConfigError::Missing {
            status: response.status(),
        });
    }
    let text = response
        .text()
        .await
        .map_err(|e| ConfigError::Unreachable(e.to_string()))?;
    parse_config(&text)
}
