//! Sign-in and tokens: `POST/GET/DELETE /auth`, HS256 JWTs with the claims the real server
//! issues (`aud: ["customer-v1"]`, `sub`, `exp`), the extractors that turn an `Authorization`
//! header (or else the session cookie) into the signed-in customer, and cookie mode.
//!
//! Cookie mode, as on the real server: `POST /auth` with `"cookie_auth": true` answers 201 with
//! an empty body and sets an HttpOnly session cookie holding a JWT; a request without an
//! `Authorization` header authenticates with that cookie, and every such request gets the
//! cookie again with a fresh expiry (a sliding session); `DELETE /auth` clears it.

use crate::jsonapi::responses::{self, Failure};
use crate::model::customers::Viewer;
use crate::model::data_set::DataSet;
use crate::routes::state::AppState;
use api_model::auth::{AuthResponse, AuthStatus, Claims, Credentials};
use axum::body::Bytes;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

type HmacSha256 = Hmac<Sha256>;

pub const AUDIENCE: &str = "customer-v1";
/// The session cookie of cookie mode, named like the real server's.
pub const SESSION_COOKIE: &str = "_yeti_customer_v1_session";

/// Issues and checks tokens with a secret made fresh at every start, so tokens of an earlier
/// run are rejected like expired ones.
#[derive(Debug)]
pub struct TokenKeys {
    secret: [u8; 32],
    /// Seconds; changeable at run time (fault control), 0 = no `exp`.
    lifetime: AtomicU64,
    configured_lifetime: u64,
}

impl TokenKeys {
    /// `lifetime` zero issues tokens without `exp`, as some deployments do.
    pub fn new(lifetime: Duration) -> TokenKeys {
        let mut secret = [0u8; 32];
        for chunk in secret.chunks_mut(16) {
            let id =
                uuid::Uuid::parse_str(&crate::seeded::random::fresh_uuid()).unwrap_or_default();
            chunk.copy_from_slice(id.as_bytes());
        }
        TokenKeys {
            secret,
            lifetime: AtomicU64::new(lifetime.as_secs()),
            configured_lifetime: lifetime.as_secs(),
        }
    }

    /// Lifetime of tokens issued from now on, seconds; `None` restores the configured one.
    pub fn set_lifetime(&self, seconds: Option<u64>) {
        self.lifetime.store(
            seconds.unwrap_or(self.configured_lifetime),
            Ordering::SeqCst,
        );
    }

    /// Lifetime of tokens issued now, seconds (0 = no expiry).
    pub fn lifetime(&self) -> u64 {
        self.lifetime.load(Ordering::SeqCst)
    }

    fn mac(&self) -> HmacSha256 {
        // HMAC accepts keys of any length; this cannot fail.
        HmacSha256::new_from_slice(&self.secret).unwrap_or_else(|_| unreachable!())
    }

    /// A signed token for the subject (see [`subject_of`]), valid from `now` (unix seconds)
    /// for the lifetime.
    pub fn issue(&self, subject: serde_json::Value, now: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
        let lifetime = i64::try_from(self.lifetime()).unwrap_or(i64::MAX);
        let claims = Claims {
            sub: Some(subject),
            exp: (lifetime > 0).then(|| now.saturating_add(lifetime)),
            aud: Some(serde_json::json!([AUDIENCE])),
        };
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).unwrap_or_default());
        let signing_input = format!("{header}.{payload}");
        let mut mac = self.mac();
        mac.update(signing_input.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        format!("{signing_input}.{signature}")
    }

    /// The subject a token was issued for, if it is ours, intact, for this API and not expired.
    pub fn verify(&self, token: &str, now: i64) -> Option<serde_json::Value> {
        let (signing_input, signature) = token.trim().rsplit_once('.')?;
        let (header, payload) = signing_input.split_once('.')?;
        if payload.contains('.') {
            return None;
        }
        let header: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header).ok()?).ok()?;
        if header.get("alg")?.as_str()? != "HS256" {
            return None;
        }
        let mut mac = self.mac();
        mac.update(signing_input.as_bytes());
        mac.verify_slice(&URL_SAFE_NO_PAD.decode(signature).ok()?)
            .ok()?;
        let claims: Claims = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
        let audience_ok = match claims.aud.as_ref()? {
            serde_json::Value::String(aud) => aud == AUDIENCE,
            serde_json::Value::Array(auds) => auds.iter().any(|a| a == AUDIENCE),
            _ => false,
        };
        if !audience_ok || claims.exp.is_some_and(|exp| exp <= now) {
            return None;
        }
        claims.sub
    }
}

/// Prefix of a limited login's token subject.
const LIMITED_SUBJECT: &str = "limited-";

/// A token's subject for the viewer: the customer's id for its own login (as the real server
/// names an API access by its id), `"limited-<index>"` for a limited login.
pub fn subject_of(viewer: Viewer) -> serde_json::Value {
    match viewer.limited_login {
        None => viewer.customer.into(),
        Some(index) => format!("{LIMITED_SUBJECT}{index}").into(),
    }
}

/// The viewer a token's subject names, while it exists in the data set.
fn viewer_of(subject: &serde_json::Value, data: &DataSet) -> Option<Viewer> {
    let customer = match subject {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(s) => {
            if let Some(index) = s.strip_prefix(LIMITED_SUBJECT) {
                return data.limited_viewer(index.parse().ok()?);
            }
            s.parse().ok()
        }
        _ => None,
    }?;
    let customer = data.customer(customer.try_into().ok()?)?;
    Some(Viewer::whole(customer.id))
}

/// The token of a request: `Authorization: Bearer <jwt>` or `Authorization: <jwt>`.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let token = match value.split_once(' ') {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
        Some(_) => return None,
        None => value,
    };
    (!token.is_empty()).then_some(token)
}

/// The values of the session cookie the request carries (a browser may send several).
fn session_cookies(headers: &HeaderMap) -> impl Iterator<Item = &str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| value.trim())
}

/// Whether the request carries an `Authorization` header at all; if so, it alone counts.
fn has_authorization(headers: &HeaderMap) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| !v.trim().is_empty())
}

/// The signed-in viewer of a request, and whether the session cookie said so: the
/// `Authorization` header when there is one, otherwise the session cookie.
fn authenticate_headers(headers: &HeaderMap, state: &AppState) -> Option<(Viewer, bool)> {
    let now = chrono::Utc::now().timestamp();
    let known = |subject: serde_json::Value| viewer_of(&subject, &state.data);
    if has_authorization(headers) {
        let token = bearer_token(headers)?;
        return known(state.tokens.verify(token, now)?).map(|v| (v, false));
    }
    session_cookies(headers)
        .find_map(|token| state.tokens.verify(token, now))
        .and_then(known)
        .map(|v| (v, true))
}

fn authenticate(parts: &Parts, state: &AppState) -> Option<Viewer> {
    authenticate_headers(&parts.headers, state).map(|(viewer, _)| viewer)
}

/// A `Set-Cookie` value for the session cookie as Rails writes it (`path=/`, an `expires` and
/// no `max-age`, lowercase attributes): `token` with the given lifetime (0 = a browser-session
/// cookie), or, on sign-out, the value `logout` expired at the epoch.
fn session_cookie(token: Option<&str>, lifetime: u64, secure: bool) -> String {
    let expires = match token {
        None => Some(LOGOUT_EXPIRES.to_owned()),
        Some(_) if lifetime > 0 => {
            let seconds = i64::try_from(lifetime).unwrap_or(i64::MAX);
            chrono::Utc::now()
                .checked_add_signed(chrono::Duration::seconds(seconds))
                .map(|t| t.format("%a, %d %b %Y %H:%M:%S GMT").to_string())
        }
        Some(_) => None,
    };
    let mut cookie = format!("{SESSION_COOKIE}={}; path=/", token.unwrap_or(LOGOUT_VALUE));
    if let Some(expires) = expires {
        cookie.push_str(&format!("; expires={expires}"));
    }
    if secure {
        cookie.push_str("; secure");
    }
    cookie.push_str("; httponly; samesite=lax");
    cookie
}

/// What the real server's sign-out leaves in the session cookie, and when it expires.
const LOGOUT_VALUE: &str = "logout";
const LOGOUT_EXPIRES: &str = "Thu, 01 Jan 1970 00:00:00 GMT";

/// Whether the request came over HTTPS through a proxy, so the cookie may be `Secure`.
fn is_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

fn set_cookie(response: &mut Response, cookie: &str) {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}

/// Middleware of the API routes: a request authenticated by the session cookie gets the
/// cookie again with a fresh token and expiry, so the session slides while it is used.
pub async fn slide_session(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    // Signing in answers for itself, whatever session the browser had before.
    let signing_in =
        request.method() == axum::http::Method::POST && request.uri().path().ends_with("/auth");
    // Only cookie sessions slide; a request with a header never reads the cookie.
    let session = (!signing_in && !has_authorization(request.headers()))
        .then(|| authenticate_headers(request.headers(), &state))
        .flatten()
        .map(|(viewer, _)| viewer);
    let secure = is_https(request.headers());
    let mut response = next.run(request).await;
    // Sign-in and sign-out set the cookie themselves.
    if let Some(viewer) = session
        && !response.headers().contains_key(header::SET_COOKIE)
    {
        let now = chrono::Utc::now().timestamp();
        let token = state.tokens.issue(subject_of(viewer), now);
        let cookie = session_cookie(Some(&token), state.tokens.lifetime(), secure);
        set_cookie(&mut response, &cookie);
    }
    response
}

/// The signed-in customer of a JSON:API request. Rejects with the JSON:API 401 document, or
/// 406 when the `Accept` header rules out JSON:API.
#[derive(Debug, Clone, Copy)]
pub struct Customer(pub Viewer);

impl FromRequestParts<Arc<AppState>> for Customer {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Failure> {
        let customer = authenticate(parts, state).ok_or_else(responses::unauthorized_jsonapi)?;
        if !responses::accepts_jsonapi(&parts.headers) {
            return Err(responses::not_acceptable());
        }
        Ok(Customer(customer))
    }
}

/// The signed-in customer of a request for a file (a call's recording), whatever it accepts:
/// a plain `<audio src>` asks for audio, not JSON:API. Rejects with the JSON:API 401.
#[derive(Debug, Clone, Copy)]
pub struct FileCustomer(pub Viewer);

impl FromRequestParts<Arc<AppState>> for FileCustomer {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Failure> {
        authenticate(parts, state)
            .map(FileCustomer)
            .ok_or_else(responses::unauthorized_jsonapi)
    }
}

/// The signed-in customer of a statistics request; rejects with an empty 401.
#[derive(Debug, Clone, Copy)]
pub struct StatsCustomer(pub Viewer);

impl FromRequestParts<Arc<AppState>> for StatsCustomer {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Failure> {
        authenticate(parts, state)
            .map(StatsCustomer)
            .ok_or_else(responses::unauthorized_empty)
    }
}

fn authentication_failed() -> Failure {
    responses::error(
        StatusCode::UNAUTHORIZED,
        "Authentication failed",
        "Incorrect login or password.",
        "401",
    )
}

/// `POST /auth`: `{"auth":{"login","password"}}` as JSON or JSON:API → `201 {"jwt"}`; with
/// `"cookie_auth": true` (beside or inside `auth`) → 201 with an empty body and the session
/// cookie.
pub async fn sign_in(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let media = responses::content_type(&headers);
    let media = media.split(';').next().unwrap_or("").trim();
    if media != responses::JSONAPI && media != "application/json" {
        return Err(responses::unsupported_media_type(media));
    }
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    let credentials = body
        .get("auth")
        .cloned()
        .and_then(|auth| serde_json::from_value::<Credentials>(auth).ok());
    let Some(credentials) = credentials else {
        return Err(responses::bad_request(
            "Missing Parameter",
            "The required parameter, auth, is missing or not an object with login and password.",
            "106",
        ));
    };
    // The real server reads `auth.cookie_auth`; the behaviour notes show it beside `auth`.
    let cookie_auth = [body.get("cookie_auth"), body.pointer("/auth/cookie_auth")]
        .into_iter()
        .flatten()
        .any(is_truthy);
    let viewer = state
        .data
        .sign_in(&credentials.login, &credentials.password)
        .ok_or_else(authentication_failed)?;
    let jwt = state
        .tokens
        .issue(subject_of(viewer), chrono::Utc::now().timestamp());
    if cookie_auth {
        let mut response = StatusCode::CREATED.into_response();
        let cookie = session_cookie(Some(&jwt), state.tokens.lifetime(), is_https(&headers));
        set_cookie(&mut response, &cookie);
        return Ok(response);
    }
    Ok(responses::plain_json(
        StatusCode::CREATED,
        &AuthResponse { jwt },
    ))
}

/// A JSON value a Rails controller would take for "yes".
fn is_truthy(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Bool(b) => *b,
        serde_json::Value::String(s) => matches!(s.trim(), "true" | "1" | "t" | "yes" | "on"),
        serde_json::Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        _ => false,
    }
}

/// `GET /auth`: whether call recordings may be shown (the customer's
/// `allow_listen_recording`); only when signed in.
pub async fn status(State(state): State<Arc<AppState>>, customer: Customer) -> Response {
    let allow_rec = state
        .data
        .customer(customer.0.customer)
        .is_some_and(|c| c.allow_listen_recording);
    responses::plain_json(StatusCode::OK, &AuthStatus { allow_rec })
}

/// `DELETE /auth`: signs out by clearing the session cookie. Tokens are stateless, so there
/// is nothing else to forget.
pub async fn sign_out(headers: HeaderMap) -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    set_cookie(&mut response, &session_cookie(None, 0, is_https(&headers)));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_carry_the_claims_the_portal_reads() {
        let keys = TokenKeys::new(Duration::from_secs(600));
        let token = keys.issue(1.into(), 1_000);
        assert_eq!(keys.verify(&token, 1_000), Some(1.into()));
        assert_eq!(keys.verify(&token, 1_599), Some(1.into()));
        assert_eq!(keys.verify(&token, 1_600), None, "expired");
        let claims = api_model::auth::read_claims::<api_model::auth::Claims>(&token).unwrap();
        assert_eq!(claims.exp, Some(1_600));
        assert_eq!(claims.aud, Some(serde_json::json!(["customer-v1"])));
        assert_eq!(claims.sub, Some(serde_json::json!(1)));
    }

    #[test]
    fn foreign_tampered_and_garbage_tokens_fail() {
        let keys = TokenKeys::new(Duration::from_secs(600));
        let other = TokenKeys::new(Duration::from_secs(600));
        let token = keys.issue(1.into(), 1_000);
        assert_eq!(other.verify(&token, 1_000), None);
        let mut tampered = token.clone();
        tampered.insert(token.find('.').unwrap() + 2, 'x');
        assert_eq!(keys.verify(&tampered, 1_000), None);
        for garbage in [
            "",
            "a.b",
            "a.b.c",
            "a.b.c.d",
            "é.é.é",
            &format!("{token}.x"),
        ] {
            assert_eq!(keys.verify(garbage, 1_000), None, "{garbage}");
        }
    }

    #[test]
    fn zero_lifetime_means_no_expiry() {
        let keys = TokenKeys::new(Duration::ZERO);
        let token = keys.issue(2.into(), 1_000);
        assert_eq!(keys.verify(&token, i64::MAX), Some(2.into()));
        assert_eq!(
            api_model::auth::read_claims::<api_model::auth::Claims>(&token)
                .unwrap()
                .exp,
            None
        );
    }

    #[test]
    fn both_authorization_forms_are_read() {
        let mut headers = HeaderMap::new();
        assert_eq!(bearer_token(&headers), None);
        headers.insert(header::AUTHORIZATION, "Bearer abc".parse().unwrap());
        assert_eq!(bearer_token(&headers), Some("abc"));
        headers.insert(header::AUTHORIZATION, "abc".parse().unwrap());
        assert_eq!(bearer_token(&headers), Some("abc"));
        headers.insert(header::AUTHORIZATION, "Basic abc".parse().unwrap());
        assert_eq!(bearer_token(&headers), None);
    }
}
