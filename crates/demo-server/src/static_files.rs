//! The portal's built files (`dist/`): served as they are, with the single-page-app fallback
//! (any path that is not a file answers `index.html`), and cache headers that let browsers keep
//! hashed assets forever but always revalidate `index.html` and `config.json`.

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

pub const NO_CACHE: &str = "no-cache";
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The router that serves `dist` with the SPA fallback.
pub fn router(dist: &Path) -> Router {
    let index = ServeFile::new(dist.join("index.html"));
    let files = ServeDir::new(dist)
        .append_index_html_on_directories(true)
        .fallback(index);
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
}

/// What answers non-API paths when no `dist` directory was given.
pub async fn no_portal() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "No portal build is served here: start the demo server with --dist DIR.\n\
         The API is at /api/rest/customer/v1.\n",
    )
        .into_response()
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let is_config = request.uri().path() == "/config.json";
    let mut response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let ok = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let headers = response.headers_mut();
    if is_config || is_html {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_CACHE));
    } else if ok {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    response
}
