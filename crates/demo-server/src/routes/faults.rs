//! Fault injection for tests and demos: added latency, a share of requests answered 500 or
//! 429, a share of bodies cut in half, and a token-lifetime override. Off by default.
//!
//! Faults apply to `/api/…` routes only, and not to `/auth` unless `include-auth` says so, so
//! that signing in keeps working. Which request gets which fault is decided by a seeded hash
//! of a request counter, so a run is reproducible: the same settings (and seed) give the same
//! sequence of faults for the same sequence of requests. Replacing the settings restarts the
//! counter.
//!
//! With `Options::enable_fault_control` the settings can be read and replaced at run time
//! through `GET`/`POST`/`DELETE /__demo/faults` (never under `/api`).

use crate::jsonapi::responses::{self, Failure};
use crate::routes::state::AppState;
use crate::seeded::random::hash;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Path of the runtime control endpoint.
pub const CONTROL_PATH: &str = "/__demo/faults";

/// Largest body the truncation fault buffers.
const BODY_LIMIT: usize = 64 * 1024 * 1024;
/// Shares are decided in millionths.
const SCALE: u64 = 1_000_000;
/// Upper bounds that keep a typo from hanging the server.
const MAX_LATENCY_MS: u64 = 120_000;
const MAX_RETRY_AFTER: u64 = 86_400;

/// What the body of an injected 500 is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorBody {
    /// Every other 500 has an empty body, the rest a JSON:API error document.
    #[default]
    Mixed,
    Empty,
    Jsonapi,
}

impl std::str::FromStr for ErrorBody {
    type Err = String;

    fn from_str(text: &str) -> Result<ErrorBody, String> {
        match text {
            "mixed" => Ok(ErrorBody::Mixed),
            "empty" => Ok(ErrorBody::Empty),
            "jsonapi" => Ok(ErrorBody::Jsonapi),
            other => Err(format!("{other:?} is not mixed, empty or jsonapi")),
        }
    }
}

/// The fault settings; `Faults::default()` injects nothing. As JSON (the control endpoint's
/// body) every member is optional and kebab-case, e.g. `{"error-share": 0.5}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
pub struct Faults {
    /// Added to every faulty-able request, milliseconds.
    pub latency_ms: u64,
    /// Up to this many more milliseconds, different per request.
    pub jitter_ms: u64,
    /// Share (0.0–1.0) of requests answered 500.
    pub error_share: f64,
    pub error_body: ErrorBody,
    /// Share of requests answered 429 with `Retry-After`.
    pub rate_limit_share: f64,
    pub retry_after_seconds: u64,
    /// Share of responses whose body is cut in half (with a matching `content-length`), so
    /// that JSON does not parse.
    pub truncate_share: f64,
    /// Whether `/auth` gets faults too.
    pub include_auth: bool,
    /// Faults only for the API paths that start with this below the API root
    /// (`/transactions`), to fail one part of what a page asks; `None`: every path.
    pub only_path: Option<String>,
    /// Seed of the fault decisions.
    pub seed: u64,
    /// Lifetime of tokens issued from now on, seconds (0 = no `exp`); `None` keeps the
    /// server's `--token-lifetime`.
    pub token_lifetime_seconds: Option<u64>,
}

impl Default for Faults {
    fn default() -> Faults {
        Faults {
            latency_ms: 0,
            jitter_ms: 0,
            error_share: 0.0,
            error_body: ErrorBody::Mixed,
            rate_limit_share: 0.0,
            retry_after_seconds: 1,
            truncate_share: 0.0,
            include_auth: false,
            only_path: None,
            seed: 0,
            token_lifetime_seconds: None,
        }
    }
}

impl Faults {
    /// Whether these settings inject anything at all into responses.
    pub fn is_off(&self) -> bool {
        self.latency_ms == 0
            && self.jitter_ms == 0
            && self.error_share == 0.0
            && self.rate_limit_share == 0.0
            && self.truncate_share == 0.0
    }

    /// Checks ranges: shares in 0.0–1.0 adding up to at most 1.0, bounded waits.
    pub fn validate(&self) -> Result<(), String> {
        let shares = [
            ("error-share", self.error_share),
            ("rate-limit-share", self.rate_limit_share),
            ("truncate-share", self.truncate_share),
        ];
        for (name, share) in shares {
            if !(0.0..=1.0).contains(&share) {
                return Err(format!("{name} must be between 0.0 and 1.0, not {share}"));
            }
        }
        if shares.iter().map(|(_, s)| s).sum::<f64>() > 1.0 + 1e-9 {
            return Err(
                "error-share, rate-limit-share and truncate-share add up to more than 1.0".into(),
            );
        }
        if self.latency_ms > MAX_LATENCY_MS || self.jitter_ms > MAX_LATENCY_MS {
            return Err(format!(
                "latency-ms and jitter-ms must be at most {MAX_LATENCY_MS}"
            ));
        }
        if self.retry_after_seconds > MAX_RETRY_AFTER {
            return Err(format!(
                "retry-after-seconds must be at most {MAX_RETRY_AFTER}"
            ));
        }
        Ok(())
    }

    fn share_scaled(share: f64) -> u64 {
        // Validated to 0.0–1.0, so this cannot overflow.
        (share.clamp(0.0, 1.0) * SCALE as f64).round() as u64
    }
}

/// The fault of one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    None,
    ServerError { empty_body: bool },
    RateLimited,
    Truncated,
}

/// The settings in force and the request counter the decisions hash.
#[derive(Debug)]
pub struct FaultState {
    settings: RwLock<Faults>,
    requests: AtomicU64,
    server_errors: AtomicU64,
}

impl FaultState {
    pub fn new(faults: Faults) -> FaultState {
        FaultState {
            settings: RwLock::new(faults),
            requests: AtomicU64::new(0),
            server_errors: AtomicU64::new(0),
        }
    }

    pub fn get(&self) -> Faults {
        self.settings
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Replaces the settings and restarts the sequence of decisions.
    pub fn set(&self, faults: Faults) {
        *self
            .settings
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = faults;
        self.requests.store(0, Ordering::SeqCst);
        self.server_errors.store(0, Ordering::SeqCst);
    }

    /// The next request's added latency and fault.
    fn decide(&self, faults: &Faults) -> (Duration, Fault) {
        let n = self.requests.fetch_add(1, Ordering::SeqCst);
        let roll = hash(&[faults.seed, n, 1]) % SCALE;
        let jitter = match faults.jitter_ms {
            0 => 0,
            j => hash(&[faults.seed, n, 2]) % (j + 1),
        };
        let latency = Duration::from_millis(faults.latency_ms + jitter);
        let error = Faults::share_scaled(faults.error_share);
        let rate_limit = error + Faults::share_scaled(faults.rate_limit_share);
        let truncate = rate_limit + Faults::share_scaled(faults.truncate_share);
        let fault = if roll < error {
            let nth = self.server_errors.fetch_add(1, Ordering::SeqCst);
            let empty_body = match faults.error_body {
                ErrorBody::Empty => true,
                ErrorBody::Jsonapi => false,
                ErrorBody::Mixed => nth.is_multiple_of(2),
            };
            Fault::ServerError { empty_body }
        } else if roll < rate_limit {
            Fault::RateLimited
        } else if roll < truncate {
            Fault::Truncated
        } else {
            Fault::None
        };
        (latency, fault)
    }
}

fn is_auth_path(path: &str) -> bool {
    path.strip_prefix(api_model::API_PATH)
        .is_some_and(|rest| rest.trim_end_matches('/') == "/auth")
}

/// Whether the settings fault requests to `path` at all.
fn is_chosen_path(faults: &Faults, path: &str) -> bool {
    faults.only_path.as_deref().is_none_or(|only| {
        path.strip_prefix(api_model::API_PATH)
            .is_some_and(|rest| rest.starts_with(only))
    })
}

/// Middleware of the `/api` routes: injects the faults in force.
pub async fn inject(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let faults = state.faults.get();
    let path = request.uri().path();
    if faults.is_off()
        || (!faults.include_auth && is_auth_path(path))
        || !is_chosen_path(&faults, path)
    {
        return next.run(request).await;
    }
    let (latency, fault) = state.faults.decide(&faults);
    if !latency.is_zero() {
        tokio::time::sleep(latency).await;
    }
    match fault {
        Fault::None => next.run(request).await,
        Fault::ServerError { empty_body: true } => {
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
        Fault::ServerError { empty_body: false } => responses::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Internal server error",
            "Internal server error (injected by the demo server)",
            "500",
        )
        .into_response(),
        Fault::RateLimited => {
            let mut response = responses::error(
                StatusCode::TOO_MANY_REQUESTS,
                "Too many requests",
                "Too many requests (injected by the demo server)",
                "429",
            )
            .into_response();
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(faults.retry_after_seconds),
            );
            response
        }
        Fault::Truncated => {
            let (mut parts, body) = next.run(request).await.into_parts();
            let bytes = axum::body::to_bytes(body, BODY_LIMIT)
                .await
                .unwrap_or_else(|_| Bytes::new());
            let cut = bytes.slice(..bytes.len() / 2);
            parts
                .headers
                .insert(header::CONTENT_LENGTH, HeaderValue::from(cut.len()));
            Response::from_parts(parts, Body::from(cut))
        }
    }
}

/// `GET /__demo/faults`: the settings in force.
pub async fn show(State(state): State<Arc<AppState>>) -> Response {
    responses::plain_json(StatusCode::OK, &state.faults.get())
}

/// `POST /__demo/faults`: replaces the settings (members left out take their defaults, so
/// `{}` switches everything off) and answers them.
pub async fn replace(State(state): State<Arc<AppState>>, body: Bytes) -> Result<Response, Failure> {
    let faults: Faults = serde_json::from_slice(&body).map_err(|error| {
        responses::plain_bad_request(&format!("invalid fault settings: {error}"))
    })?;
    faults
        .validate()
        .map_err(|message| responses::plain_bad_request(&message))?;
    state.apply_faults(faults.clone());
    Ok(responses::plain_json(StatusCode::OK, &faults))
}

/// `DELETE /__demo/faults`: switches every fault off.
pub async fn clear(State(state): State<Arc<AppState>>) -> Response {
    state.apply_faults(Faults::default());
    responses::plain_json(StatusCode::OK, &Faults::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sequence(state: &FaultState, faults: &Faults, n: usize) -> Vec<Fault> {
        (0..n).map(|_| state.decide(faults).1).collect()
    }

    #[test]
    fn shares_are_honoured_and_reproducible() {
        let faults = Faults {
            error_share: 0.2,
            rate_limit_share: 0.3,
            truncate_share: 0.1,
            seed: 7,
            ..Faults::default()
        };
        let state = FaultState::new(faults.clone());
        let first = sequence(&state, &faults, 2000);
        state.set(faults.clone());
        assert_eq!(first, sequence(&state, &faults, 2000));
        let count = |wanted: fn(&Fault) -> bool| first.iter().filter(|f| wanted(f)).count();
        let errors = count(|f| matches!(f, Fault::ServerError { .. }));
        let limited = count(|f| *f == Fault::RateLimited);
        let truncated = count(|f| *f == Fault::Truncated);
        assert!((300..500).contains(&errors), "{errors}");
        assert!((500..700).contains(&limited), "{limited}");
        assert!((130..270).contains(&truncated), "{truncated}");
        let empty = count(|f| *f == Fault::ServerError { empty_body: true });
        assert!(
            empty.abs_diff(errors - empty) <= 1,
            "mixed bodies alternate"
        );
    }

    #[test]
    fn all_or_nothing_and_latency_with_jitter() {
        let always = Faults {
            error_share: 1.0,
            error_body: ErrorBody::Jsonapi,
            latency_ms: 5,
            jitter_ms: 3,
            ..Faults::default()
        };
        let state = FaultState::new(always.clone());
        for _ in 0..100 {
            let (latency, fault) = state.decide(&always);
            assert_eq!(fault, Fault::ServerError { empty_body: false });
            assert!((5..=8).contains(&latency.as_millis()));
        }
        assert!(Faults::default().is_off());
        let never = Faults::default();
        assert!(
            sequence(&state, &never, 100)
                .iter()
                .all(|f| *f == Fault::None)
        );
    }

    #[test]
    fn settings_are_validated_and_read_from_partial_json() {
        assert!(Faults::default().validate().is_ok());
        let bad = |json: &str| {
            serde_json::from_str::<Faults>(json)
                .map_err(|e| e.to_string())
                .and_then(|f| f.validate())
                .is_err()
        };
        assert!(bad(r#"{"error-share": 1.5}"#));
        assert!(bad(r#"{"error-share": -0.1}"#));
        assert!(bad(r#"{"error-share": 0.6, "truncate-share": 0.6}"#));
        assert!(bad(r#"{"latency-ms": 99999999}"#));
        assert!(bad(r#"{"error_share": 0.5}"#), "unknown members are errors");
        assert!(bad(r#"{"error-body": "sometimes"}"#));
        let parsed: Faults =
            serde_json::from_str(r#"{"truncate-share": 0.25, "error-body": "empty"}"#).unwrap();
        assert_eq!(parsed.truncate_share, 0.25);
        assert_eq!(parsed.error_body, ErrorBody::Empty);
        assert_eq!(parsed.retry_after_seconds, 1);
        assert!(is_auth_path("/api/rest/customer/v1/auth"));
        assert!(!is_auth_path("/api/rest/customer/v1/accounts"));
    }

    #[test]
    fn faults_can_be_kept_to_one_path() {
        let one: Faults = serde_json::from_str(r#"{"only-path": "/transactions"}"#).unwrap();
        assert!(is_chosen_path(&one, "/api/rest/customer/v1/transactions"));
        assert!(!is_chosen_path(&one, "/api/rest/customer/v1/payments"));
        assert!(!is_chosen_path(&one, "/transactions"));
        assert!(is_chosen_path(
            &Faults::default(),
            "/api/rest/customer/v1/payments"
        ));
    }
}
