//! The customer API v1 of the Yeti switch, as data.
//!
//! Everything here is pure: no I/O, no browser, no clock unless passed in. The portal and the demo
//! server both speak the API through these types, and every upstream sample body decodes with them.

pub mod auth;
pub mod catalog;
pub mod cdr_export;
pub mod creation;
pub mod credit;
pub mod date_text;
pub mod document;
pub mod errors;
pub mod files;
pub mod filters;
pub mod json_shape;
pub mod list;
pub mod live_calls;
pub mod live_cost;
pub mod money;
pub mod number;
pub mod numberlist;
pub mod profile;
pub mod query;
pub mod rates;
pub mod record;
pub mod resources;
pub mod statement;
pub mod stats;
pub mod watch;
pub mod window;

/// Path of the API below the deployment's base URL.
pub const API_PATH: &str = "/api/rest/customer/v1";

/// Media type of JSON:API documents, sent as `Accept` and as `Content-Type` on bodies.
pub const JSONAPI_MEDIA_TYPE: &str = "application/vnd.api+json";

/// The API root for a deployment's base URL (`""` means the page's own origin).
pub fn api_root(base_url: &str) -> String {
    format!("{}{}", base_url.trim_end_matches('/'), API_PATH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_root_joins_without_double_slash() {
        assert_eq!(api_root(""), "/api/rest/customer/v1");
        assert_eq!(
            api_root("https://switch.example/"),
            "https://switch.example/api/rest/customer/v1"
        );
    }
}
