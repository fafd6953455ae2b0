//! Response bodies and headers shared by every API route: JSON:API documents and errors, plain
//! statistics JSON, the conventions of spec section 1 (cache-control, vary, request id,
//! runtime, hardening headers, weak ETag with 304), and the absolute API root of a request.

use api_model::errors::{ErrorDocument, ErrorObject, ErrorSource, PlainError};
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Request};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::convert::Infallible;
use std::hash::{Hash, Hasher};
use std::time::Instant;

pub const JSONAPI: &str = "application/vnd.api+json";
pub const PLAIN_JSON: &str = "application/json; charset=utf-8";

/// Largest response body the header middleware buffers to compute an ETag.
const ETAG_LIMIT: usize = 64 * 1024 * 1024;

/// A body serialized with the given content type.
pub fn json_body(
    status: StatusCode,
    content_type: &'static str,
    body: &impl Serialize,
) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => (
            status,
            [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
            bytes,
        )
            .into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// A JSON:API document (`application/vnd.api+json`).
pub fn jsonapi(status: StatusCode, body: &impl Serialize) -> Response {
    json_body(status, JSONAPI, body)
}

/// Plain JSON as the statistics endpoints send it (`application/json; charset=utf-8`).
pub fn plain_json(status: StatusCode, body: &impl Serialize) -> Response {
    json_body(status, PLAIN_JSON, body)
}

/// A request that failed, as the API reports it. Small, so that `Result<_, Failure>` stays
/// cheap; it becomes the HTTP response only at the end.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// A JSON:API error document with one error (`application/vnd.api+json`).
    JsonApi {
        status: StatusCode,
        error: Box<ErrorObject>,
    },
    /// A JSON:API error document with several, as a create request's validation answers
    /// every problem at once.
    JsonApiErrors {
        status: StatusCode,
        errors: Vec<ErrorObject>,
    },
    /// `{"error": "…"}` as the statistics endpoints answer (`application/json`).
    Plain { status: StatusCode, message: String },
    /// A plain-text body, like a routing error of the real server.
    Text {
        status: StatusCode,
        text: &'static str,
    },
    /// A status with an empty body.
    Empty(StatusCode),
}

impl Failure {
    pub fn status(&self) -> StatusCode {
        match self {
            Failure::JsonApi { status, .. }
            | Failure::JsonApiErrors { status, .. }
            | Failure::Plain { status, .. }
            | Failure::Text { status, .. } => *status,
            Failure::Empty(status) => *status,
        }
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        match self {
            Failure::JsonApi { status, error } => jsonapi(
                status,
                &ErrorDocument {
                    errors: vec![*error],
                },
            ),
            Failure::JsonApiErrors { status, errors } => jsonapi(status, &ErrorDocument { errors }),
            Failure::Plain { status, message } => {
                plain_json(status, &PlainError { error: message })
            }
            Failure::Text { status, text } => (
                status,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                text,
            )
                .into_response(),
            Failure::Empty(status) => status.into_response(),
        }
    }
}

/// A JSON:API error with one error; `code` and `status` as strings.
pub fn error(status: StatusCode, title: &str, detail: &str, code: &str) -> Failure {
    error_at(status, title, detail, code, None)
}

/// A JSON:API error whose `source.pointer` names the offending member of the request body.
pub fn error_at(
    status: StatusCode,
    title: &str,
    detail: &str,
    code: &str,
    pointer: Option<&str>,
) -> Failure {
    Failure::JsonApi {
        status,
        error: Box::new(ErrorObject {
            title: Some(title.to_owned()),
            detail: Some(detail.to_owned()),
            code: Some(code.to_owned()),
            status: Some(status.as_u16().to_string()),
            source: pointer.map(|p| ErrorSource {
                pointer: Some(p.to_owned()),
                parameter: None,
            }),
        }),
    }
}

/// The problems of a request in one answer, with the first one's status: one error document
/// of all the JSON:API errors among them (any other kind of failure answers alone); `Ok` when
/// there are none. Errors come as the real server's library renders a form's errors (from
/// ActiveModel's `errors.messages`): member by member, in the order each member first had
/// one, a member's own in the order they came.
pub fn all_problems(problems: Vec<Failure>) -> Result<(), Failure> {
    let Some(status) = problems.first().map(Failure::status) else {
        return Ok(());
    };
    let mut errors: Vec<ErrorObject> = Vec::with_capacity(problems.len());
    let member = |error: &ErrorObject| error.source.as_ref().and_then(|s| s.pointer.clone());
    let mut add = |error: ErrorObject| {
        let place = errors
            .iter()
            .rposition(|other| member(other) == member(&error))
            .map_or(errors.len(), |last| last + 1);
        errors.insert(place, error);
    };
    for problem in problems {
        match problem {
            Failure::JsonApi { error, .. } => add(*error),
            Failure::JsonApiErrors { errors: more, .. } => more.into_iter().for_each(&mut add),
            other => return Err(other),
        }
    }
    Err(Failure::JsonApiErrors { status, errors })
}

/// 400 with a JSON:API error.
pub fn bad_request(title: &str, detail: &str, code: &str) -> Failure {
    error(StatusCode::BAD_REQUEST, title, detail, code)
}

/// 400 with `{"error": message}`, the statistics endpoints' form.
pub fn plain_bad_request(message: &str) -> Failure {
    Failure::Plain {
        status: StatusCode::BAD_REQUEST,
        message: message.to_owned(),
    }
}

/// 422 validation error pointing at a member of the request body.
pub fn unprocessable(title: &str, member: &str, pointer: &str) -> Failure {
    error_at(
        StatusCode::UNPROCESSABLE_ENTITY,
        title,
        &format!("{member} - {title}"),
        "100",
        Some(pointer),
    )
}

/// The real server's answer to an exception of its own (a query its database refuses):
/// `500` with the library's words, never the exception's.
pub fn internal_server_error() -> Failure {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "Internal Server Error",
        "Internal Server Error",
        "500",
    )
}

/// 422 for an error of the record as a whole (the real form's `base`): its message alone is
/// the detail, pointed at `/data`.
pub fn base_error(message: &str) -> Failure {
    error_at(
        StatusCode::UNPROCESSABLE_ENTITY,
        message,
        message,
        "100",
        Some("/data"),
    )
}

pub fn record_not_found(id: &str) -> Failure {
    error(
        StatusCode::NOT_FOUND,
        "Record not found",
        &format!("The record identified by {id} could not be found."),
        "404",
    )
}

/// 400 for a path id that cannot be the record's key (a word where an integer is due), as the
/// real server's resource library answers after authorization.
pub fn invalid_field_value(field: &str, value: &str) -> Failure {
    bad_request(
        "Invalid field value",
        &format!("{value} is not a valid value for {field}."),
        "103",
    )
}

/// 400 for a request body member the resource does not take (`status` on a new CDR export,
/// `batch-key` on a PATCH): the library refuses the request before any validation.
pub fn param_not_allowed(param: &str) -> Failure {
    bad_request(
        "Param not allowed",
        &format!("{param} is not allowed."),
        "105",
    )
}

/// Refuses the first of `data`'s attributes (and relationships) not among `accepted`, the
/// members a resource lets a customer create or change.
pub fn only_accepted_members(data: &serde_json::Value, accepted: &[&str]) -> Result<(), Failure> {
    for section in ["attributes", "relationships"] {
        if let Some(serde_json::Value::Object(members)) = data.get(section)
            && let Some(name) = members
                .keys()
                .find(|name| !accepted.contains(&name.as_str()))
        {
            return Err(param_not_allowed(name));
        }
    }
    Ok(())
}

/// The 404 of a path whose id is not a UUID: plain text, like a routing error.
pub fn plain_not_found() -> Failure {
    Failure::Text {
        status: StatusCode::NOT_FOUND,
        text: "Not Found",
    }
}

/// The JSON 404 of any unknown path under `/api/`.
pub async fn api_route_not_found(method: Method, uri: axum::http::Uri) -> Failure {
    error(
        StatusCode::NOT_FOUND,
        "Not found",
        &format!("No route matches [{method}] {}", uri.path()),
        "404",
    )
}

pub fn unauthorized_jsonapi() -> Failure {
    error(
        StatusCode::UNAUTHORIZED,
        "Authorization failed",
        "Authorization token expired or incorrect.",
        "401",
    )
}

/// The statistics endpoints answer 401 with an empty body.
pub fn unauthorized_empty() -> Failure {
    Failure::Empty(StatusCode::UNAUTHORIZED)
}

pub fn not_acceptable() -> Failure {
    error(
        StatusCode::NOT_ACCEPTABLE,
        "Not acceptable",
        "All requests must use the 'application/vnd.api+json' Accept without media type parameters.",
        "406",
    )
}

pub fn unsupported_media_type(found: &str) -> Failure {
    error(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Unsupported media type",
        &format!(
            "All requests that create or update must use the 'application/vnd.api+json' Content-Type. This request specified '{found}'."
        ),
        "415",
    )
}

/// Whether the request's `Accept` allows a JSON:API answer (a missing header allows anything).
pub fn accepts_jsonapi(headers: &HeaderMap) -> bool {
    let values: Vec<&str> = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    values.is_empty()
        || values
            .iter()
            .flat_map(|v| v.split(','))
            .map(|range| {
                range
                    .split(';')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            })
            .any(|range| range == JSONAPI || range == "*/*" || range == "application/*")
}

/// The request's media type without parameters, lower-cased; `""` when absent.
pub fn content_type(headers: &HeaderMap) -> String {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// The absolute API root of the request: `http://<Host>/api/rest/customer/v1`.
#[derive(Debug, Clone)]
pub struct ApiBase(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ApiBase {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let origin = request_origin(parts);
        Ok(ApiBase(format!("{origin}{}", api_model::API_PATH)))
    }
}

/// The origin the request was sent to, `http://<Host>`: where the demo's own pages are (a
/// payment page, a phone system) for the links it answers.
#[derive(Debug, Clone)]
pub struct RequestOrigin(pub String);

impl<S: Send + Sync> FromRequestParts<S> for RequestOrigin {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestOrigin(request_origin(parts)))
    }
}

/// `scheme://host` from `X-Forwarded-Host`/`Host` (anything odd becomes `localhost`) and
/// `X-Forwarded-Proto`.
fn request_origin(parts: &Parts) -> String {
    let header_text = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(',').next().unwrap_or("").trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let host = header_text("x-forwarded-host")
        .or_else(|| header_text("host"))
        .or_else(|| parts.uri.authority().map(|a| a.to_string()))
        .filter(|h| {
            h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-:[]_".contains(c))
        })
        .unwrap_or_else(|| "localhost".to_owned());
    let scheme = match header_text("x-forwarded-proto").as_deref() {
        Some("https") => "https",
        _ => "http",
    };
    format!("{scheme}://{host}")
}

/// Adds the conventional headers to every API response and answers `If-None-Match` with 304.
pub async fn api_headers(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let request_id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 200 && v.bytes().all(|b| b.is_ascii_graphic()))
        .map(str::to_owned)
        .unwrap_or_else(crate::seeded::random::fresh_uuid);
    let is_get = matches!(*request.method(), Method::GET | Method::HEAD);
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();

    let mut response = next.run(request).await;

    if is_get && response.status() == StatusCode::OK {
        let (mut parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, ETAG_LIMIT)
            .await
            .unwrap_or_else(|_| Bytes::new());
        let etag = weak_etag(&bytes);
        let matches = if_none_match
            .as_ref()
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(',')
                    .any(|tag| tag.trim() == etag || tag.trim() == "*")
            });
        if let Ok(value) = HeaderValue::from_str(&etag) {
            parts.headers.insert(header::ETAG, value);
        }
        response = if matches {
            parts.status = StatusCode::NOT_MODIFIED;
            parts.headers.remove(header::CONTENT_LENGTH);
            parts.headers.remove(header::CONTENT_TYPE);
            Response::from_parts(parts, Body::empty())
        } else {
            Response::from_parts(parts, Body::from(bytes))
        };
    }

    let headers = response.headers_mut();
    let fixed: [(HeaderName, &'static str); 7] = [
        (header::CACHE_CONTROL, "max-age=0, private, must-revalidate"),
        (header::VARY, "Accept"),
        (header::X_FRAME_OPTIONS, "SAMEORIGIN"),
        (header::X_XSS_PROTECTION, "0"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (
            HeaderName::from_static("x-permitted-cross-domain-policies"),
            "none",
        ),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        headers.insert(HeaderName::from_static("x-request-id"), value);
    }
    let runtime = format!("{:.6}", started.elapsed().as_secs_f64());
    if let Ok(value) = HeaderValue::from_str(&runtime) {
        headers.insert(HeaderName::from_static("x-runtime"), value);
    }
    response
}

/// A weak validator from the body's bytes.
pub fn weak_etag(body: &[u8]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    body.len().hash(&mut hasher);
    format!("W/\"{:016x}\"", hasher.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_rules() {
        let mut headers = HeaderMap::new();
        assert!(accepts_jsonapi(&headers));
        headers.insert(header::ACCEPT, HeaderValue::from_static("text/html"));
        assert!(!accepts_jsonapi(&headers));
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("text/html, application/vnd.api+json"),
        );
        assert!(accepts_jsonapi(&headers));
        headers.insert(header::ACCEPT, HeaderValue::from_static("*/*;q=0.8"));
        assert!(accepts_jsonapi(&headers));
    }

    /// A form's errors come member by member, each member where it first had one.
    #[test]
    fn problems_are_grouped_by_member_in_order_of_first_appearance() {
        let problems = vec![
            unprocessable(
                "can't be blank",
                "rateplan-id",
                "/data/attributes/rateplan-id",
            ),
            unprocessable("can't be blank", "number", "/data/attributes/number"),
            unprocessable(
                "Rateplan not found",
                "rateplan-id",
                "/data/attributes/rateplan-id",
            ),
        ];
        let Err(Failure::JsonApiErrors { status, errors }) = all_problems(problems) else {
            panic!("errors");
        };
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let details: Vec<&str> = errors.iter().filter_map(|e| e.detail.as_deref()).collect();
        assert_eq!(
            details,
            [
                "rateplan-id - can't be blank",
                "rateplan-id - Rateplan not found",
                "number - can't be blank"
            ]
        );
        assert_eq!(all_problems(Vec::new()), Ok(()));
    }

    #[test]
    fn etags_are_weak_and_stable() {
        assert_eq!(weak_etag(b"abc"), weak_etag(b"abc"));
        assert_ne!(weak_etag(b"abc"), weak_etag(b"abd"));
        assert!(weak_etag(b"").starts_with("W/\""));
    }
}
