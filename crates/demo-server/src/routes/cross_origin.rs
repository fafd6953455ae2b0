//! Cookie mode's guard against cross-site request forgery, as a deployment must provide it (see
//! `docs/security.md`): the browser sends the session cookie with any request to the API,
//! whichever page makes it, so a write that only the cookie authenticates is refused unless the
//! browser says it comes from the API's own origin. A bearer token is never sent by itself, so
//! requests that carry one pass. Preflights are never answered with CORS permissions: no other
//! origin may read the API with the cookie.

use crate::jsonapi::responses;
use crate::routes::auth::SESSION_COOKIE;
use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

fn carries_session_cookie(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .any(|pair| {
            pair.trim()
                .split_once('=')
                .is_some_and(|(name, _)| name == SESSION_COOKIE)
        })
}

/// Whether the browser says the request comes from another origin: its `Origin` names another
/// host than the one asked, or `Sec-Fetch-Site` says `cross-site`/`same-site` (a sibling
/// subdomain shares the cookie but is not us).
fn from_another_origin(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let foreign_fetch = text("sec-fetch-site").is_some_and(|site| {
        site.eq_ignore_ascii_case("cross-site") || site.eq_ignore_ascii_case("same-site")
    });
    // Behind a proxy, the host the browser asked is the proxy's (a deployment's proxy must set
    // `X-Forwarded-Host`; a browser cannot send it across origins without a preflight).
    let asked_host = text("x-forwarded-host").or(text("host"));
    let foreign_origin = match (text("origin"), asked_host) {
        (Some(origin), Some(host)) => {
            origin.split_once("://").map(|(_, authority)| authority) != Some(host)
        }
        // `Origin: null` (a sandboxed frame, a redirect) or no Host: not provably ours.
        (Some(_), None) => true,
        (None, _) => false,
    };
    foreign_fetch || foreign_origin
}

/// Refuses writes authenticated by the session cookie alone that come from another origin.
pub async fn refuse_cross_origin_cookie_writes(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let write = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let cookie_only =
        headers.get(header::AUTHORIZATION).is_none() && carries_session_cookie(headers);
    if write && cookie_only && from_another_origin(headers) {
        return responses::error(
            StatusCode::FORBIDDEN,
            "Forbidden",
            "A request from another site cannot use this session.",
            "403",
        )
        .into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn tells_our_origin_from_another() {
        let ours = [
            ("host", "portal.example"),
            ("origin", "https://portal.example"),
        ];
        assert!(!from_another_origin(&headers(&ours)));
        assert!(!from_another_origin(&headers(&[(
            "host",
            "portal.example"
        )])));
        let proxied = [
            ("host", "upstream.internal:3000"),
            ("x-forwarded-host", "portal.example"),
            ("origin", "https://portal.example"),
        ];
        assert!(!from_another_origin(&headers(&proxied)));
        for other in [
            headers(&[
                ("host", "portal.example"),
                ("origin", "https://evil.example"),
            ]),
            headers(&[("host", "portal.example"), ("origin", "null")]),
            headers(&[("host", "portal.example"), ("sec-fetch-site", "cross-site")]),
            headers(&[("host", "portal.example"), ("sec-fetch-site", "same-site")]),
            headers(&[("origin", "https://portal.example")]),
        ] {
            assert!(from_another_origin(&other), "{other:?}");
        }
    }

    #[test]
    fn finds_the_session_cookie_among_others() {
        let with = headers(&[("cookie", "a=1; _yeti_customer_v1_session=x.y.z")]);
        assert!(carries_session_cookie(&with));
        assert!(!carries_session_cookie(&headers(&[("cookie", "a=1")])));
    }
}
