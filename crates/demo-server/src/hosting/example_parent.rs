//! A parent page server for embedding demos and tests: a provider's own site that shows the
//! portal in an iframe (`--embed-example PORT`).
//!
//! It serves the static files of a directory (`index.html` on `/`), `GET /parent-config.json`
//! (`{"portalUrl": …}`, where the page finds the portal), and `POST /token`, which does what a
//! provider's backend does for its signed-in customer: signs in to the customer API with the
//! customer's credentials (kept on the server, never in the page) and answers `{"token":
//! "<jwt>"}` for the page to hand to the portal. A failed sign-in answers 502 `{"error":
//! "<reason>"}`.

use crate::hosting::proxy::{self, HttpClient};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;

struct Parent {
    portal_url: String,
    api_root: String,
    login: String,
    password: String,
    client: HttpClient,
}

/// The parent page server: the files of `dir`, `GET /parent-config.json` with `portal_url`,
/// and `POST /token` signing in as `login`/`password` at `{api_root}/auth` (`api_root` such as
/// `http://127.0.0.1:8080/api/rest/customer/v1`).
pub fn example_parent(
    dir: PathBuf,
    portal_url: String,
    api_root: String,
    login: String,
    password: String,
) -> Router {
    let parent = Arc::new(Parent {
        portal_url,
        api_root: api_root.trim_end_matches('/').to_owned(),
        login,
        password,
        client: proxy::http_client(),
    });
    Router::new()
        .route("/parent-config.json", get(parent_config))
        .route("/token", post(token))
        .with_state(parent)
        .fallback_service(ServeDir::new(dir).append_index_html_on_directories(true))
        .layer(middleware::from_fn(no_cache))
}

/// A demo page changes while one works on it: always revalidate.
async fn no_cache(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

async fn parent_config(State(parent): State<Arc<Parent>>) -> Response {
    axum::Json(json!({ "portalUrl": parent.portal_url })).into_response()
}

async fn token(State(parent): State<Arc<Parent>>) -> Response {
    let answer = tokio::time::timeout(proxy::TIMEOUT, sign_in(&parent)).await;
    match answer {
        Ok(Ok(token)) => axum::Json(json!({ "token": token })).into_response(),
        Ok(Err(reason)) => bad_gateway(reason),
        Err(_) => bad_gateway(format!(
            "no answer from {}/auth within {} s",
            parent.api_root,
            proxy::TIMEOUT.as_secs()
        )),
    }
}

fn bad_gateway(reason: String) -> Response {
    (
        StatusCode::BAD_GATEWAY,
        axum::Json(json!({ "error": reason })),
    )
        .into_response()
}

/// `POST {api_root}/auth` with the credentials; the `jwt` of the answer.
async fn sign_in(parent: &Parent) -> Result<String, String> {
    let url = format!("{}/auth", parent.api_root);
    let body = json!({"auth": {"login": parent.login, "password": parent.password}});
    let request = Request::builder()
        .method(Method::POST)
        .uri(&url)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json")
        .body(Body::from(body.to_string()))
        .map_err(|e| format!("cannot make a request to {url}: {e}"))?;
    let response = parent
        .client
        .request(request)
        .await
        .map_err(|e| format!("cannot reach {url}: {e}"))?;
    let status = response.status();
    let bytes = axum::body::to_bytes(Body::new(response.into_body()), 1024 * 1024)
        .await
        .map_err(|e| format!("the answer of {url} broke off: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    if !status.is_success() {
        let text: String = text.chars().take(300).collect();
        return Err(format!("POST {url} answered {status}: {text}"));
    }
    serde_json::from_slice::<Value>(&bytes)
        .ok()
        .and_then(|answer| answer.get("jwt")?.as_str().map(str::to_owned))
        .ok_or_else(|| format!("POST {url} answered no jwt: {text}"))
}

/// `config_text` (a `config.json`) with `origin` added to `embed.allowedOrigins`, every other
/// key kept. An empty text counts as `{}`.
pub fn with_allowed_origin(config_text: &str, origin: &str) -> Result<String, String> {
    let mut config: Value = if config_text.trim().is_empty() {
        json!({})
    } else {
        serde_json::from_str(config_text).map_err(|e| format!("not valid JSON: {e}"))?
    };
    let object = config
        .as_object_mut()
        .ok_or("config.json is not a JSON object")?;
    let embed = object
        .entry("embed")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .ok_or("embed is not an object")?;
    let origins = embed
        .entry("allowedOrigins")
        .or_insert_with(|| json!([]))
        .as_array_mut()
        .ok_or("embed.allowedOrigins is not an array")?;
    if !origins.iter().any(|o| o.as_str() == Some(origin)) {
        origins.push(Value::from(origin));
    }
    serde_json::to_string_pretty(&config).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_origin_joins_the_allowed_origins() {
        let added = with_allowed_origin(
            r#"{"title":"Acme","embed":{"allowedOrigins":["https://a.example"],"x":1}}"#,
            "http://127.0.0.1:9001",
        )
        .unwrap();
        let value: Value = serde_json::from_str(&added).unwrap();
        assert_eq!(value["title"], "Acme");
        assert_eq!(value["embed"]["x"], 1);
        assert_eq!(
            value["embed"]["allowedOrigins"],
            json!(["https://a.example", "http://127.0.0.1:9001"])
        );
        let config = portal_config::parse_config(&added).unwrap();
        assert!(config.embed.allows("http://127.0.0.1:9001"));

        let from_nothing = with_allowed_origin("", "http://127.0.0.1:9001").unwrap();
        let value: Value = serde_json::from_str(&from_nothing).unwrap();
        assert_eq!(
            value,
            json!({"embed": {"allowedOrigins": ["http://127.0.0.1:9001"]}})
        );
        let twice = with_allowed_origin(&from_nothing, "http://127.0.0.1:9001").unwrap();
        assert_eq!(twice, from_nothing);

        assert!(with_allowed_origin("[1]", "http://a.example").is_err());
        assert!(with_allowed_origin("{", "http://a.example").is_err());
        assert!(with_allowed_origin(r#"{"embed":[]}"#, "http://a.example").is_err());
        assert!(
            with_allowed_origin(r#"{"embed":{"allowedOrigins":"x"}}"#, "http://a.example").is_err()
        );
    }
}
