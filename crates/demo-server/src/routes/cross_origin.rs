//! Cookie mode's guard against cross-site request forgery, as a deployment must provide it (see
//! `docs/security.md`): the browser sends the session cookie with any request to the API,
//! whichever page makes it, so a write that carries the cookie is served only when the browser
//! proves it comes from the API's own origin, scheme, host and port. Nothing else that comes with
//! the request changes that: an `Authorization` header (empty, or a token) does not make the
//! cookie go unread, as authentication would read it whenever the header says nothing. A bearer
//! token alone is never sent by a browser on its own, so a write without the cookie passes.
//! Preflights are never answered with CORS permissions: no other origin may read the API with
//! the cookie.

use crate::jsonapi::responses;
use crate::routes::auth::SESSION_COOKIE;
use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use portal_config::Origin;

/// Marks a request that came over TLS to this server (`hosting::tls`), so that the scheme the
/// browser asked is known without a proxy's `X-Forwarded-Proto`.
#[derive(Debug, Clone, Copy)]
pub struct ServedOverTls;

fn carries_session_cookie(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .any(|pair| {
            pair.trim()
                .split_once('=')
                .is_some_and(|(name, _)| name.trim() == SESSION_COOKIE)
        })
}

/// The scheme the browser asked: a proxy's `X-Forwarded-Proto`, else this server's own.
pub fn asked_scheme(headers: &HeaderMap, over_tls: bool) -> String {
    let forwarded = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(|v| v.trim().to_ascii_lowercase());
    forwarded.unwrap_or_else(|| if over_tls { "https" } else { "http" }.to_owned())
}

/// The origin the browser asked: the scheme and the host it sent the request to (behind a
/// proxy, `X-Forwarded-Proto` and `X-Forwarded-Host`, which a browser cannot send across
/// origins without a preflight, and a deployment's proxy must set).
fn asked_origin(headers: &HeaderMap, over_tls: bool) -> Option<Origin> {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let host = text("x-forwarded-host").or(text("host"))?;
    let host = host.split(',').next()?.trim();
    Origin::parse(&format!("{}://{host}", asked_scheme(headers, over_tls))).ok()
}

/// Whether the request comes from the origin the browser asked, as far as the browser says:
/// its `Origin`, when it sends one (every browser does with a write), is that origin exactly
/// (scheme, host and port), and `Sec-Fetch-Site` says neither `cross-site` nor `same-site` (a
/// sibling site shares the cookie but is not us). `Origin: null` (a sandboxed frame, a
/// redirect) or another scheme is another origin. A request without either header comes from
/// no browser (a script with the cookie), which no other site can make send it.
fn from_the_asked_origin(headers: &HeaderMap, over_tls: bool) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let site = text("sec-fetch-site").map(str::to_ascii_lowercase);
    if matches!(site.as_deref(), Some("cross-site" | "same-site")) {
        return false;
    }
    match text("origin") {
        Some(origin) => {
            let asked = asked_origin(headers, over_tls);
            asked.is_some() && Origin::parse(origin.trim()).ok() == asked
        }
        None => true,
    }
}

/// Refuses a write that carries the session cookie unless it comes from the API's own origin,
/// whatever else the request carries.
pub async fn refuse_cross_origin_cookie_writes(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let write = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let over_tls = request.extensions().get::<ServedOverTls>().is_some();
    if write && carries_session_cookie(headers) && !from_the_asked_origin(headers, over_tls) {
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
            ("origin", "http://portal.example"),
        ];
        assert!(from_the_asked_origin(&headers(&ours), false));
        let over_tls = [
            ("host", "portal.example:443"),
            ("origin", "https://portal.example"),
        ];
        assert!(from_the_asked_origin(&headers(&over_tls), true));
        let proxied = [
            ("host", "upstream.internal:3000"),
            ("x-forwarded-host", "portal.example"),
            ("x-forwarded-proto", "https"),
            ("origin", "https://portal.example"),
        ];
        assert!(from_the_asked_origin(&headers(&proxied), false));
        let same_origin = [
            ("host", "portal.example"),
            ("sec-fetch-site", "same-origin"),
        ];
        assert!(from_the_asked_origin(&headers(&same_origin), false));
        // Not a browser: no other site can make it send the cookie.
        assert!(from_the_asked_origin(
            &headers(&[("host", "portal.example")]),
            false
        ));
        for other in [
            headers(&[
                ("host", "portal.example"),
                ("origin", "http://evil.example"),
            ]),
            // The same host on another scheme is another origin.
            headers(&[
                ("host", "portal.example"),
                ("origin", "https://portal.example"),
            ]),
            headers(&[
                ("host", "portal.example"),
                ("x-forwarded-proto", "https"),
                ("origin", "http://portal.example"),
            ]),
            headers(&[("host", "portal.example"), ("origin", "null")]),
            headers(&[("host", "portal.example"), ("sec-fetch-site", "cross-site")]),
            headers(&[("host", "portal.example"), ("sec-fetch-site", "same-site")]),
            headers(&[
                ("host", "portal.example"),
                ("origin", "http://portal.example"),
                ("sec-fetch-site", "same-site"),
            ]),
            headers(&[("origin", "http://portal.example")]),
        ] {
            assert!(!from_the_asked_origin(&other, false), "{other:?}");
        }
    }

    #[test]
    fn finds_the_session_cookie_among_others() {
        let with = headers(&[("cookie", "a=1; _yeti_customer_v1_session=x.y.z")]);
        assert!(carries_session_cookie(&with));
        assert!(!carries_session_cookie(&headers(&[("cookie", "a=1")])));
    }
}
