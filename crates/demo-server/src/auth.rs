//! Sign-in and tokens: `POST/GET/DELETE /auth`, HS256 JWTs with the claims the real server
//! issues (`aud: ["customer-v1"]`, `sub`, `exp`), and the extractors that turn an
//! `Authorization` header into the signed-in customer.

use crate::AppState;
use crate::data::CustomerId;
use crate::responses::{self, Failure};
use api_model::auth::{AuthRequest, AuthResponse, AuthStatus, Claims};
use axum::body::Bytes;
use axum::extract::{FromRequestParts, State};
use axum::http::{HeaderMap, StatusCode, header, request::Parts};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;
use std::time::Duration;

type HmacSha256 = Hmac<Sha256>;

pub const AUDIENCE: &str = "customer-v1";

/// Issues and checks tokens with a secret made fresh at every start, so tokens of an earlier
/// run are rejected like expired ones.
pub struct TokenKeys {
    secret: [u8; 32],
    lifetime: Duration,
}

impl TokenKeys {
    /// `lifetime` zero issues tokens without `exp`, as some deployments do.
    pub fn new(lifetime: Duration) -> TokenKeys {
        let mut secret = [0u8; 32];
        for chunk in secret.chunks_mut(16) {
            let id = uuid::Uuid::parse_str(&crate::seeded::fresh_uuid()).unwrap_or_default();
            chunk.copy_from_slice(id.as_bytes());
        }
        TokenKeys { secret, lifetime }
    }

    fn mac(&self) -> HmacSha256 {
        // HMAC accepts keys of any length; this cannot fail.
        HmacSha256::new_from_slice(&self.secret).unwrap_or_else(|_| unreachable!())
    }

    /// A signed token for the customer, valid from `now` (unix seconds) for the lifetime.
    pub fn issue(&self, customer: CustomerId, now: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
        let lifetime = i64::try_from(self.lifetime.as_secs()).unwrap_or(i64::MAX);
        let claims = Claims {
            sub: Some(customer.into()),
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

    /// The customer a token was issued for, if it is ours, intact, for this API and not expired.
    pub fn verify(&self, token: &str, now: i64) -> Option<CustomerId> {
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
        match claims.sub? {
            serde_json::Value::Number(n) => n.as_u64().and_then(|n| CustomerId::try_from(n).ok()),
            serde_json::Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }
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

fn authenticate(parts: &Parts, state: &AppState) -> Option<CustomerId> {
    let token = bearer_token(&parts.headers)?;
    let customer = state.tokens.verify(token, chrono::Utc::now().timestamp())?;
    state.data.customer(customer).map(|c| c.id)
}

/// The signed-in customer of a JSON:API request. Rejects with the JSON:API 401 document, or
/// 406 when the `Accept` header rules out JSON:API.
#[derive(Debug, Clone, Copy)]
pub struct Customer(pub CustomerId);

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

/// The signed-in customer of a statistics request; rejects with an empty 401.
#[derive(Debug, Clone, Copy)]
pub struct StatsCustomer(pub CustomerId);

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

/// `POST /auth`: `{"auth":{"login","password"}}` as JSON or JSON:API → `201 {"jwt"}`.
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
    let Ok(request) = serde_json::from_slice::<AuthRequest>(&body) else {
        return Err(responses::bad_request(
            "Missing Parameter",
            "The required parameter, auth, is missing or not an object with login and password.",
            "106",
        ));
    };
    let customer = state
        .data
        .customer_by_login(&request.auth.login)
        .filter(|c| constant_time_eq(c.password.as_bytes(), request.auth.password.as_bytes()));
    let customer = customer.ok_or_else(authentication_failed)?;
    let jwt = state
        .tokens
        .issue(customer.id, chrono::Utc::now().timestamp());
    Ok(responses::plain_json(
        StatusCode::CREATED,
        &AuthResponse { jwt },
    ))
}

/// `GET /auth`: whether call recordings may be shown; only when signed in.
pub async fn status(_customer: Customer) -> Response {
    responses::plain_json(StatusCode::OK, &AuthStatus { allow_rec: false })
}

/// `DELETE /auth`: signs out. Tokens are stateless, so there is nothing to forget.
pub async fn sign_out() -> Response {
    StatusCode::NO_CONTENT.into_response()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_carry_the_claims_the_portal_reads() {
        let keys = TokenKeys::new(Duration::from_secs(600));
        let token = keys.issue(1, 1_000);
        assert_eq!(keys.verify(&token, 1_000), Some(1));
        assert_eq!(keys.verify(&token, 1_599), Some(1));
        assert_eq!(keys.verify(&token, 1_600), None, "expired");
        let claims = api_model::auth::read_claims(&token).unwrap();
        assert_eq!(claims.exp, Some(1_600));
        assert_eq!(claims.aud, Some(serde_json::json!(["customer-v1"])));
        assert_eq!(claims.sub, Some(serde_json::json!(1)));
    }

    #[test]
    fn foreign_tampered_and_garbage_tokens_fail() {
        let keys = TokenKeys::new(Duration::from_secs(600));
        let other = TokenKeys::new(Duration::from_secs(600));
        let token = keys.issue(1, 1_000);
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
        let token = keys.issue(2, 1_000);
        assert_eq!(keys.verify(&token, i64::MAX), Some(2));
        assert_eq!(api_model::auth::read_claims(&token).unwrap().exp, None);
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
