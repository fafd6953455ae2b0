//! `POST /auth` bodies and the claims of the JWT the server issues.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    pub login: String,
    pub password: String,
}

/// Body of `POST /auth`. `cookie_auth: true` asks for a session cookie instead of a token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuthRequest {
    pub auth: Credentials,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cookie_auth: Option<bool>,
}

impl AuthRequest {
    pub fn new(login: &str, password: &str) -> AuthRequest {
        AuthRequest {
            auth: Credentials {
                login: login.to_owned(),
                password: password.to_owned(),
            },
            cookie_auth: None,
        }
    }
}

/// `201 {"jwt": "…"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuthResponse {
    pub jwt: String,
}

/// `GET /auth` when signed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuthStatus {
    #[serde(rename = "allow-rec", default)]
    pub allow_rec: bool,
}

/// The claims the server issues. The signature is the server's business, not the portal's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub: Option<serde_json::Value>,
    /// Unix seconds; some deployments issue tokens without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exp: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aud: Option<serde_json::Value>,
}

/// The one claim the portal reads: decoding no more keeps the JSON value machinery out of the
/// portal's first load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Expiry {
    /// Unix seconds; some deployments issue tokens without it.
    #[serde(default)]
    pub exp: Option<i64>,
}

impl Expiry {
    pub fn expires_at(&self) -> Option<DateTime<Utc>> {
        DateTime::from_timestamp(self.exp?, 0)
    }

    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.expires_at().is_some_and(|exp| exp <= now)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenError {
    NotAJwt,
    BadPayload(String),
    /// The token's `exp` has passed.
    Expired,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenError::NotAJwt => {
                f.write_str("This is not a token: expected three parts separated by dots")
            }
            TokenError::BadPayload(reason) => {
                write!(f, "The token's contents cannot be read: {reason}")
            }
            TokenError::Expired => f.write_str("This token has already expired"),
        }
    }
}

/// Reads the claims of a JWT (`Claims`, or only its `Expiry`) without checking its signature.
pub fn read_claims<C: DeserializeOwned>(token: &str) -> Result<C, TokenError> {
    let bytes = claims_json(token)?;
    serde_json::from_slice(&bytes).map_err(|e| TokenError::BadPayload(e.to_string()))
}

/// The JSON text of a JWT's claims, for a caller with its own JSON parser.
pub fn claims_json(token: &str) -> Result<Vec<u8>, TokenError> {
    URL_SAFE_NO_PAD
        .decode(claims_part(token)?)
        .map_err(|e| TokenError::BadPayload(e.to_string()))
}

/// The claims of a JWT as it carries them, base64url without padding, for a caller with its
/// own base64 decoder (the portal's shell uses the browser's).
pub fn claims_part(token: &str) -> Result<&str, TokenError> {
    let token = token.trim();
    let token = token.strip_prefix("Bearer ").unwrap_or(token).trim();
    let mut parts = token.split('.');
    let (Some(_header), Some(payload), Some(_signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TokenError::NotAJwt);
    };
    Ok(payload.trim_end_matches('='))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(payload: &str) -> String {
        format!(
            "eyJhbGciOiJIUzI1NiJ9.{}.c2ln",
            URL_SAFE_NO_PAD.encode(payload)
        )
    }

    #[test]
    fn reads_exp_and_expiry() {
        let claims = read_claims::<Expiry>(&token(
            r#"{"aud":["customer-v1"],"sub":12,"exp":1700000000}"#,
        ))
        .unwrap();
        assert_eq!(claims.exp, Some(1_700_000_000));
        let at = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        assert!(claims.is_expired(at));
        assert!(!claims.is_expired(at - chrono::Duration::seconds(1)));
    }

    #[test]
    fn token_without_exp_never_expires() {
        let claims = read_claims::<Expiry>(&format!("Bearer {}", token(r#"{"sub":1}"#))).unwrap();
        assert_eq!(claims.expires_at(), None);
        assert!(!claims.is_expired(Utc::now()));
    }

    #[test]
    fn garbage_is_rejected() {
        assert_eq!(read_claims::<Expiry>("abc"), Err(TokenError::NotAJwt));
        assert!(matches!(
            read_claims::<Expiry>("a.%%%.c"),
            Err(TokenError::BadPayload(_))
        ));
        assert!(matches!(
            read_claims::<Expiry>(&token("not json")),
            Err(TokenError::BadPayload(_))
        ));
    }

    #[test]
    fn request_body_matches_the_sample() {
        let body = serde_json::to_value(AuthRequest::new("portal-user", "secret")).unwrap();
        assert_eq!(
            body,
            serde_json::json!({"auth": {"login": "portal-user", "password": "secret"}})
        );
    }
}
