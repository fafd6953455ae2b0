//! A stand-in for a real deployment that is not our demo server: it answers with the upstream
//! sample bodies byte for byte (`crates/api-model/tests/fixtures/`), including their opaque
//! token and their `example.org` links, so the portal is shown to work against the shapes a real
//! server sends rather than only against the shapes our own server happens to produce.

use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::path::{Path, PathBuf};

/// The login and password of the sample request body.
pub const SAMPLE_LOGIN: &str = "portal-user";
pub const SAMPLE_PASSWORD: &str = "secret";

const API: &str = "/api/rest/customer/v1";
const JSONAPI: &str = "application/vnd.api+json";

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-model/tests/fixtures")
}

fn sample(name: &str) -> String {
    let path = fixtures_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

fn answer(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, JSONAPI)], body).into_response()
}

/// The token of the sample `POST /auth` answer, which is not a readable JWT.
fn sample_token() -> String {
    let body: serde_json::Value = serde_json::from_str(&sample("auth.create.201.json"))
        .expect("the sample auth answer is JSON");
    body["jwt"]
        .as_str()
        .expect("the sample auth answer has a jwt")
        .to_owned()
}

async fn sign_in(body: Bytes) -> Response {
    let expected: serde_json::Value = serde_json::from_str(&sample("auth.create.request.json"))
        .expect("the sample request is JSON");
    let sent: Option<serde_json::Value> = serde_json::from_slice(&body).ok();
    if sent.as_ref() == Some(&expected) {
        answer(StatusCode::CREATED, sample("auth.create.201.json"))
    } else {
        answer(StatusCode::UNAUTHORIZED, sample("auth.create.401.json"))
    }
}

async fn accounts(headers: HeaderMap) -> Response {
    let authorization = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if authorization != Some(format!("Bearer {}", sample_token()).as_str()) {
        return answer(
            StatusCode::UNAUTHORIZED,
            sample("jsonapi.401-token-invalid.json"),
        );
    }
    answer(StatusCode::OK, sample("accounts.collection.json"))
}

/// The portal's files with the sample-answering API beside them.
pub fn router(dist: &Path) -> Router {
    let api = Router::new()
        .route("/auth", post(sign_in))
        .route("/accounts", get(accounts))
        .fallback(|| async {
            answer(
                StatusCode::NOT_FOUND,
                sample("jsonapi.404-record-not-found.json"),
            )
        });
    Router::new()
        .nest(API, api)
        .merge(demo_server::static_files::router(dist))
}
