//! Error bodies the API sends, and the portal's classification of any answer.

use serde::{Deserialize, Serialize};
use std::fmt;

/// `{"errors":[…]}`: the JSON:API error document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorDocument {
    pub errors: Vec<ErrorObject>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ErrorObject {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "loose_string"
    )]
    pub code: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "loose_string"
    )]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ErrorSource>,
}

impl ErrorObject {
    /// The most helpful text: the detail, else the title.
    pub fn message(&self) -> &str {
        self.detail
            .as_deref()
            .filter(|d| !d.is_empty())
            .or(self.title.as_deref())
            .unwrap_or("Unknown error")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ErrorSource {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
}

/// `{"error":"…"}`: how the statistics endpoints report bad parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlainError {
    pub error: String,
}

/// What an error answer's JSON says, whichever way the server put it: a JSON:API error
/// document (`errors`), or the statistics endpoints' `{"error": …}`. Decoded by any serde
/// format, so the portal can read it with the browser's JSON parser.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
pub struct ErrorBody {
    #[serde(default)]
    pub errors: Option<Vec<ErrorObject>>,
    #[serde(default, deserialize_with = "loose_string")]
    pub error: Option<String>,
}

// `code` and `status` are strings in the spec, but be lenient about numbers (and `error`
// about anything that is not text).
fn loose_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    struct LooseString;
    impl<'de> serde::de::Visitor<'de> for LooseString {
        type Value = Option<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("text or a number")
        }
        fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
            Ok(Some(text.to_owned()))
        }
        fn visit_string<E>(self, text: String) -> Result<Self::Value, E> {
            Ok(Some(text))
        }
        fn visit_bool<E>(self, value: bool) -> Result<Self::Value, E> {
            Ok(Some(value.to_string()))
        }
        fn visit_i64<E>(self, value: i64) -> Result<Self::Value, E> {
            Ok(Some(value.to_string()))
        }
        fn visit_u64<E>(self, value: u64) -> Result<Self::Value, E> {
            Ok(Some(value.to_string()))
        }
        fn visit_f64<E>(self, value: f64) -> Result<Self::Value, E> {
            Ok(Some(crate::number::shortest_text(value)))
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_none<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(self)
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
            Ok(None)
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            while map
                .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                .is_some()
            {}
            Ok(None)
        }
    }
    d.deserialize_any(LooseString)
}

/// Why a request got no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreachable {
    /// The browser cannot make requests (no `AbortController`).
    NoRequests,
    /// No answer within this many seconds.
    Timeout { seconds: u64 },
    /// The answer of this status broke off mid-way; the browser's words.
    BrokeOff { status: u16, detail: String },
    /// Offline, refused, DNS, CORS…: the browser's words.
    Failed { detail: String },
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreachable::NoRequests => f.write_str("the browser cannot make requests"),
            Unreachable::Timeout { seconds } => write!(f, "no answer within {seconds} seconds"),
            Unreachable::BrokeOff { status, detail } => {
                write!(f, "the answer (HTTP {status}) broke off: {detail}")
            }
            Unreachable::Failed { detail } => f.write_str(detail),
        }
    }
}

/// Why a successful answer could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// The body is not UTF-8 text.
    NotUtf8,
    /// The parser's words.
    Malformed(String),
    /// A token came that cannot be used.
    UnusableToken(crate::auth::TokenError),
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::NotUtf8 => f.write_str("the answer is not UTF-8 text"),
            Unreadable::Malformed(reason) => f.write_str(reason),
            Unreadable::UnusableToken(error) => {
                write!(f, "the server's token cannot be used: {error}")
            }
        }
    }
}

/// The JSON:API library's code for a value of the wrong shape, an id among them.
pub const INVALID_FIELD_VALUE: &str = "103";

/// Every way a request can fail, as the user needs to hear about it. The words are chosen
/// where the error is shown (the portal says them in the reader's language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The server answered with a JSON:API error document.
    Api {
        status: u16,
        errors: Vec<ErrorObject>,
    },
    /// The server answered `{"error": "…"}`.
    Plain { status: u16, message: String },
    /// The server answered an error status with an empty body.
    Empty { status: u16 },
    /// The server answered an error status with a body that is not JSON (an HTML page, …).
    NotJson { status: u16, excerpt: String },
    /// The token is missing, expired or rejected (401). The session must end.
    Unauthorized { message: String },
    /// The answer was a success but its body could not be decoded.
    Decode { status: u16, reason: Unreadable },
    /// The request never got an answer (offline, refused, DNS, CORS, …).
    Network { reason: Unreachable },
    /// The request was superseded and aborted; never shown to the user.
    Aborted,
}

impl ApiError {
    pub fn status(&self) -> Option<u16> {
        match self {
            ApiError::Api { status, .. }
            | ApiError::Plain { status, .. }
            | ApiError::Empty { status }
            | ApiError::NotJson { status, .. }
            | ApiError::Decode { status, .. } => Some(*status),
            ApiError::Unauthorized { .. } => Some(401),
            ApiError::Network { .. } | ApiError::Aborted => None,
        }
    }

    /// Whether the answer says the record asked for does not exist: a 404, or the real
    /// server's 400 "Invalid field value" (code 103) for an id of the wrong shape (`/cdrs/abc`),
    /// which a user who typed or cut an address should read as "not found" too.
    pub fn is_no_such_record(&self) -> bool {
        match self {
            ApiError::Api {
                status: 400,
                errors,
            } => errors
                .iter()
                .any(|e| e.code.as_deref() == Some(INVALID_FIELD_VALUE)),
            other => other.status() == Some(404),
        }
    }

    /// Whether trying the same request again may help.
    pub fn is_retryable(&self) -> bool {
        match self {
            ApiError::Network { .. } => true,
            other => matches!(other.status(), Some(429 | 500..=599)),
        }
    }

    /// A user-facing sentence; the server's own words where it sent any.
    pub fn message(&self) -> String {
        match self {
            ApiError::Api { status, errors } => {
                let texts: Vec<&str> = errors.iter().map(ErrorObject::message).collect();
                if texts.is_empty() {
                    status_text(*status)
                } else {
                    texts.join("; ")
                }
            }
            ApiError::Plain { message, .. } => message.clone(),
            ApiError::Empty { status } => status_text(*status),
            ApiError::NotJson { status, excerpt } if excerpt.is_empty() => status_text(*status),
            ApiError::NotJson { status, excerpt } => {
                format!("{} ({excerpt})", status_text(*status))
            }
            ApiError::Unauthorized { message } => message.clone(),
            ApiError::Decode { reason, .. } => {
                format!("The server's answer could not be read: {reason}")
            }
            ApiError::Network { reason } => {
                format!(
                    "The server could not be reached ({reason}). Check your connection and retry."
                )
            }
            ApiError::Aborted => "The request was cancelled.".to_owned(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ApiError {}

/// A sentence for an HTTP status when the server gave no text of its own.
pub fn status_text(status: u16) -> String {
    let reason = match status {
        400 => "The request was rejected as invalid",
        401 => "You are not signed in, or your session has expired",
        403 => "You are not allowed to see this",
        404 => "Not found",
        406 => "The server cannot answer in the requested format",
        415 => "The server does not accept this request format",
        422 => "The server could not accept these values",
        429 => "Too many requests; please wait a moment",
        500 => "The server failed to answer",
        502..=504 => "The server is unavailable right now",
        _ => "The request failed",
    };
    format!("{reason} (HTTP {status}).")
}

/// Turns a raw answer into decoded data or an [`ApiError`]. Pure, so it is tested natively.
pub fn classify<T: serde::de::DeserializeOwned>(status: u16, body: &str) -> Result<T, ApiError> {
    classify_with(status, body, |body| serde_json::from_str(body))
}

/// [`classify`] with the success read by `read` (which may borrow from the body).
pub fn classify_with<T>(
    status: u16,
    body: &str,
    read: impl FnOnce(&str) -> Result<T, serde_json::Error>,
) -> Result<T, ApiError> {
    if (200..300).contains(&status) {
        return read(body).map_err(|error| ApiError::Decode {
            status,
            reason: Unreadable::Malformed(error.to_string()),
        });
    }
    Err(classify_error(status, body))
}

/// The error for a non-success answer.
pub fn classify_error(status: u16, body: &str) -> ApiError {
    let parsed = serde_json::from_str::<ErrorBody>(body.trim()).ok();
    classify_error_body(status, body, parsed)
}

/// The error for a non-success answer whose body has been decoded already (`None`: it is not a
/// JSON object).
pub fn classify_error_body(status: u16, body: &str, parsed: Option<ErrorBody>) -> ApiError {
    let trimmed = body.trim();
    let (api_errors, plain) = match &parsed {
        Some(parsed) => (parsed.errors.clone(), parsed.error.clone()),
        None => (None, None),
    };
    if status == 401 {
        let message = api_errors
            .as_ref()
            .and_then(|errors| errors.first())
            .map(|e| e.message().to_owned())
            .or(plain)
            .unwrap_or_else(|| "Your session has expired. Please sign in again.".to_owned());
        return ApiError::Unauthorized { message };
    }
    if let Some(errors) = api_errors {
        return ApiError::Api { status, errors };
    }
    if let Some(message) = plain {
        return ApiError::Plain { status, message };
    }
    if trimmed.is_empty() {
        return ApiError::Empty { status };
    }
    if parsed.is_some() {
        // JSON of an unknown shape: show it briefly rather than nothing.
        return ApiError::NotJson {
            status,
            excerpt: excerpt(trimmed),
        };
    }
    ApiError::NotJson {
        status,
        excerpt: excerpt(&strip_markup(trimmed)),
    }
}

fn strip_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(400));
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn excerpt(text: &str) -> String {
    const MAX: usize = 160;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The server's words on each field of a form a 422 names by `source.pointer` (its last
/// segment: `/data/attributes/amount` is `amount`), and the rest (no pointer, or one the form
/// has no field for) under `None`.
pub fn field_errors_of(
    error: &ApiError,
    fields: &[&'static str],
) -> Vec<(Option<&'static str>, String)> {
    match error {
        ApiError::Api {
            status: 422,
            errors,
        } if !errors.is_empty() => errors
            .iter()
            .map(|e| {
                let field = e
                    .source
                    .as_ref()
                    .and_then(|s| s.pointer.as_deref())
                    .and_then(|pointer| pointer.rsplit('/').next())
                    .and_then(|name| fields.iter().copied().find(|field| *field == name));
                (field, e.message().to_owned())
            })
            .collect(),
        other => vec![(None, other.message())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonapi_error_document_gives_the_detail() {
        let body = r#"{"errors":[{"title":"Invalid filter value","detail":"test is not a valid value for status_eq.","code":"107","status":"400"}]}"#;
        let error = classify::<serde_json::Value>(400, body).unwrap_err();
        assert_eq!(error.message(), "test is not a valid value for status_eq.");
        assert!(!error.is_retryable());
    }

    #[test]
    fn unauthorized_is_its_own_kind_with_or_without_body() {
        let body = r#"{"errors":[{"title":"Authorization failed","detail":"Authorization token expired or incorrect.","code":"401","status":"401"}]}"#;
        assert_eq!(
            classify_error(401, body),
            ApiError::Unauthorized {
                message: "Authorization token expired or incorrect.".into()
            }
        );
        assert!(matches!(
            classify_error(401, ""),
            ApiError::Unauthorized { .. }
        ));
    }

    #[test]
    fn plain_empty_and_html_bodies() {
        assert_eq!(
            classify_error(400, r#"{"error":"invalid value account-id"}"#).message(),
            "invalid value account-id"
        );
        assert_eq!(classify_error(500, ""), ApiError::Empty { status: 500 });
        assert!(classify_error(500, "").is_retryable());
        let html = classify_error(404, "<html><body><h1>Not Found</h1></body></html>");
        assert_eq!(
            html,
            ApiError::NotJson {
                status: 404,
                excerpt: "Not Found".into()
            }
        );
    }

    #[test]
    fn success_that_does_not_decode_is_a_decode_error() {
        let error = classify::<Vec<u32>>(200, "{\"data\":").unwrap_err();
        assert!(matches!(error, ApiError::Decode { status: 200, .. }));
    }

    #[test]
    fn numeric_code_and_status_are_accepted() {
        let doc: ErrorDocument =
            serde_json::from_str(r#"{"errors":[{"title":"x","code":100,"status":422}]}"#).unwrap();
        assert_eq!(doc.errors[0].status.as_deref(), Some("422"));
    }

    #[test]
    fn a_wrongly_shaped_id_reads_as_no_such_record() {
        let invalid_id = ApiError::Api {
            status: 400,
            errors: vec![ErrorObject {
                title: Some("Invalid field value".into()),
                detail: Some("abc is not a valid value for id.".into()),
                code: Some(INVALID_FIELD_VALUE.into()),
                ..Default::default()
            }],
        };
        assert!(invalid_id.is_no_such_record());
        assert!(ApiError::Empty { status: 404 }.is_no_such_record());
        let other_bad_request = ApiError::Api {
            status: 400,
            errors: vec![ErrorObject {
                code: Some("105".into()),
                ..Default::default()
            }],
        };
        assert!(!other_bad_request.is_no_such_record());
        assert!(!ApiError::Empty { status: 500 }.is_no_such_record());
    }
}
