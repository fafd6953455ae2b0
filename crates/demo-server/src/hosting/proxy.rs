//! Forwarding the API to a real deployment (`--upstream URL`), so that the portal served here
//! talks to a real switch from its own origin (no CORS, and cookie mode works).
//!
//! Every request under `/api/rest/customer/v1` goes to `{URL}/api/rest/customer/v1/…` with its
//! method, path, query, body and headers, except the hop-by-hop ones and `Host` (the
//! upstream's own is set). The answer comes back with its status, body and headers, except the
//! hop-by-hop ones; `Set-Cookie` loses any `Domain=` attribute so that the session cookie
//! belongs to this server's host. Bodies are buffered (at most [`BODY_LIMIT`] each way). When
//! the upstream cannot be reached or does not answer within [`TIMEOUT`], the answer is a 502
//! with a JSON:API error document.
//!
//! The client speaks HTTP/1.1 over plain TCP or TLS (rustls with the `ring` provider and the
//! Mozilla roots of `webpki-roots`); [`http_client`] is also what the embedding example's
//! token endpoint uses.

use crate::jsonapi::responses;
use api_model::errors::{ErrorDocument, ErrorObject};
use axum::body::Body;
use axum::extract::{OriginalUri, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri, Version, header};
use axum::response::{IntoResponse, Response};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use std::sync::Arc;
use std::time::Duration;

/// How long the upstream has to answer (connecting, and the whole answer).
pub const TIMEOUT: Duration = Duration::from_secs(60);
/// Largest request or answer body forwarded.
pub const BODY_LIMIT: usize = 64 * 1024 * 1024;

/// The HTTP(S) client of the proxy.
pub type HttpClient = Client<HttpsConnector<HttpConnector>, Body>;

/// A client for `http://` and `https://` URLs: HTTP/1.1, rustls with `ring` and the Mozilla
/// roots, a connect timeout of [`TIMEOUT`].
pub fn http_client() -> HttpClient {
    let mut http = HttpConnector::new();
    http.enforce_http(false);
    http.set_connect_timeout(Some(TIMEOUT));
    let builder = hyper_rustls::HttpsConnectorBuilder::new()
        .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())
        // The ring provider supports rustls' default protocol versions; this cannot fail.
        .unwrap_or_else(|_| unreachable!());
    let https = builder.https_or_http().enable_http1().wrap_connector(http);
    Client::builder(TokioExecutor::new()).build(https)
}

/// Checks an upstream base URL (`https://switch.example`, `http://127.0.0.1:9000/prefix`) and
/// answers it without a trailing slash.
pub fn parse_upstream(text: &str) -> Result<String, String> {
    let trimmed = text.trim().trim_end_matches('/');
    let uri: Uri = trimmed
        .parse()
        .map_err(|_| format!("{text:?} is not a URL such as https://switch.example"))?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        _ => return Err(format!("{text:?} must start with http:// or https://")),
    }
    let host = uri.host().unwrap_or("");
    if host.is_empty() {
        return Err(format!("{text:?} has no host"));
    }
    if uri.query().is_some() || trimmed.contains('#') {
        return Err(format!("{text:?} must not have a query or fragment"));
    }
    Ok(trimmed.to_owned())
}

/// Where API requests go, and the client that takes them there.
#[derive(Clone)]
pub struct Upstream {
    base: String,
    client: HttpClient,
}

impl std::fmt::Debug for Upstream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Upstream")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl Upstream {
    /// An upstream at the base URL (see [`parse_upstream`]).
    pub fn new(url: &str) -> Result<Upstream, String> {
        Ok(Upstream {
            base: parse_upstream(url)?,
            client: http_client(),
        })
    }

    /// The base URL, without a trailing slash.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Forwards a request (its path and query appended to the base URL) and answers the
    /// upstream's answer, or a 502.
    pub async fn forward(&self, request: Request) -> Response {
        let (parts, body) = request.into_parts();
        let path_and_query = parts
            .extensions
            .get::<OriginalUri>()
            .map(|original| &original.0)
            .unwrap_or(&parts.uri)
            .path_and_query()
            .map(|pq| pq.as_str().to_owned())
            .unwrap_or_else(|| "/".to_owned());
        let Ok(uri) = format!("{}{path_and_query}", self.base).parse::<Uri>() else {
            return bad_gateway(&format!(
                "cannot make a URL of {}{path_and_query}",
                self.base
            ));
        };
        let Ok(body) = axum::body::to_bytes(body, BODY_LIMIT).await else {
            return responses::error(
                StatusCode::PAYLOAD_TOO_LARGE,
                "Payload too large",
                &format!("The proxy forwards request bodies of at most {BODY_LIMIT} bytes."),
                "413",
            )
            .into_response();
        };
        let mut headers = parts.headers;
        remove_hop_by_hop(&mut headers);
        // The host the browser asked, as proxies say it: the upstream compares the request's
        // `Origin` with it (cookie mode's cross-origin guard).
        if let Some(host) = headers.remove(header::HOST) {
            headers.insert("x-forwarded-host", host);
        }
        if !headers.contains_key("x-forwarded-proto") {
            let over_tls = parts
                .extensions
                .get::<crate::routes::cross_origin::ServedOverTls>()
                .is_some();
            let scheme = crate::routes::cross_origin::asked_scheme(&headers, over_tls);
            if let Ok(scheme) = axum::http::HeaderValue::from_str(&scheme) {
                headers.insert("x-forwarded-proto", scheme);
            }
        }
        // The body is whole now; its length is known again.
        headers.remove(header::CONTENT_LENGTH);
        let mut upstream_request = Request::new(Body::from(body));
        *upstream_request.method_mut() = parts.method;
        *upstream_request.uri_mut() = uri.clone();
        *upstream_request.version_mut() = Version::HTTP_11;
        *upstream_request.headers_mut() = headers;
        let exchange = async {
            let response = self
                .client
                .request(upstream_request)
                .await
                .map_err(|error| format!("cannot reach {uri}: {}", error_chain(&error)))?;
            let (mut parts, body) = response.into_parts();
            let bytes = axum::body::to_bytes(Body::new(body), BODY_LIMIT)
                .await
                .map_err(|error| {
                    format!("the answer of {uri} broke off or is over {BODY_LIMIT} bytes: {error}")
                })?;
            remove_hop_by_hop(&mut parts.headers);
            strip_cookie_domains(&mut parts.headers);
            parts.version = Version::HTTP_11;
            Ok::<Response, String>(Response::from_parts(parts, Body::from(bytes)))
        };
        match tokio::time::timeout(TIMEOUT, exchange).await {
            Ok(Ok(response)) => response,
            Ok(Err(reason)) => bad_gateway(&reason),
            Err(_) => bad_gateway(&format!(
                "no answer from {uri} within {} s",
                TIMEOUT.as_secs()
            )),
        }
    }
}

/// The handler of every path under the API when proxying.
pub async fn forward(State(upstream): State<Arc<Upstream>>, request: Request) -> Response {
    upstream.forward(request).await
}

/// An error and its causes, `: `-separated.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// The 502 of an unreachable upstream: a JSON:API error document.
pub fn bad_gateway(reason: &str) -> Response {
    responses::jsonapi(
        StatusCode::BAD_GATEWAY,
        &ErrorDocument {
            errors: vec![ErrorObject {
                status: Some("502".to_owned()),
                title: Some("Upstream unreachable".to_owned()),
                detail: Some(reason.to_owned()),
                ..ErrorObject::default()
            }],
        },
    )
}

/// Headers that describe one connection, not the message (RFC 9110 section 7.6.1), besides
/// every `proxy-*` one.
const HOP_BY_HOP: [&str; 6] = [
    "connection",
    "keep-alive",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// Removes the hop-by-hop headers: the fixed ones, every `proxy-*`, and those the
/// `Connection` header names.
pub fn remove_hop_by_hop(headers: &mut HeaderMap) {
    let named: Vec<HeaderName> = headers
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|name| HeaderName::from_bytes(name.trim().as_bytes()).ok())
        .collect();
    for name in named {
        headers.remove(name);
    }
    let proxy: Vec<HeaderName> = headers
        .keys()
        .filter(|name| name.as_str().starts_with("proxy-"))
        .cloned()
        .collect();
    for name in proxy
        .into_iter()
        .chain(HOP_BY_HOP.iter().map(|name| HeaderName::from_static(name)))
    {
        headers.remove(name);
    }
}

/// A `Set-Cookie` value without its `Domain=` attribute.
pub fn without_domain(set_cookie: &str) -> String {
    set_cookie
        .split(';')
        .filter(|part| {
            !part
                .trim()
                .split('=')
                .next()
                .unwrap_or("")
                .trim()
                .eq_ignore_ascii_case("domain")
        })
        .collect::<Vec<_>>()
        .join(";")
}

fn strip_cookie_domains(headers: &mut HeaderMap) {
    let cookies: Vec<HeaderValue> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|value| match value.to_str() {
            Ok(text) => HeaderValue::from_str(&without_domain(text)).unwrap_or(value.clone()),
            Err(_) => value.clone(),
        })
        .collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_urls_are_http_or_https_bases() {
        assert_eq!(
            parse_upstream("https://switch.example/").unwrap(),
            "https://switch.example"
        );
        assert_eq!(
            parse_upstream("http://127.0.0.1:9000/prefix").unwrap(),
            "http://127.0.0.1:9000/prefix"
        );
        for bad in [
            "switch.example",
            "ftp://switch.example",
            "https://",
            "https://switch.example/?x=1",
            "/api",
            "",
        ] {
            assert!(parse_upstream(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn hop_by_hop_headers_go() {
        let mut headers = HeaderMap::new();
        for (name, value) in [
            ("connection", "keep-alive, x-private"),
            ("keep-alive", "timeout=5"),
            ("proxy-authorization", "Basic x"),
            ("te", "trailers"),
            ("transfer-encoding", "chunked"),
            ("upgrade", "h2c"),
            ("x-private", "1"),
            ("authorization", "Bearer t"),
            ("cookie", "a=b"),
            ("x-request-id", "r"),
        ] {
            headers.insert(
                HeaderName::from_static(name),
                HeaderValue::from_static(value),
            );
        }
        remove_hop_by_hop(&mut headers);
        let mut left: Vec<&str> = headers.keys().map(|k| k.as_str()).collect();
        left.sort();
        assert_eq!(left, ["authorization", "cookie", "x-request-id"]);
    }

    #[test]
    fn cookies_lose_their_domain() {
        assert_eq!(
            without_domain("s=1; Path=/api; Domain=switch.example; HttpOnly"),
            "s=1; Path=/api; HttpOnly"
        );
        assert_eq!(
            without_domain("s=1;domain=.switch.example;Secure"),
            "s=1;Secure"
        );
        assert_eq!(without_domain("s=1; Path=/"), "s=1; Path=/");
        let mut headers = HeaderMap::new();
        headers.append(
            header::SET_COOKIE,
            HeaderValue::from_static("a=1; Domain=x.example"),
        );
        headers.append(header::SET_COOKIE, HeaderValue::from_static("b=2"));
        strip_cookie_domains(&mut headers);
        let cookies: Vec<&str> = headers
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        assert_eq!(cookies, ["a=1", "b=2"]);
    }

    #[test]
    fn the_502_is_a_jsonapi_error() {
        let response = bad_gateway("connection refused");
        assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
        assert_eq!(response.headers()[header::CONTENT_TYPE], responses::JSONAPI);
    }
}
