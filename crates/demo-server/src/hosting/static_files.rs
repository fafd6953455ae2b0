//! The portal's built files (`dist/`): served under a path prefix (`--public-url`, default `/`)
//! as they are (or their precompressed `.br`/`.gz` copies, as the browser accepts), with the
//! single-page-app fallback (any path under the prefix that is not a
//! file answers `index.html`), `config.json` from dist or from `--config`, cache headers that
//! let browsers keep hashed assets forever but always revalidate `index.html` and
//! `config.json`, and the security headers of the portal: its Content-Security-Policy (from
//! `portal_config`, for the config in force), `nosniff`, a referrer policy, COOP and a
//! permissions policy. No `X-Frame-Options`: the CSP's `frame-ancestors` decides who may frame
//! the portal, so that the origins of `embed.allowedOrigins` can.

use crate::hosting::deployment::{self, Deployment};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use portal_config::PortalConfig;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};

pub const NO_CACHE: &str = "no-cache";
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=()";

/// The `config.json` text the portal gets: `config_json` (`--config`), else dist's file
/// (`None` when there is neither).
pub fn config_text(config_json: Option<&str>, dist_dir: Option<&Path>) -> Option<String> {
    config_json.map(str::to_owned).or_else(|| {
        let dist = dist_dir?;
        std::fs::read_to_string(dist.join("config.json")).ok()
    })
}

/// The portal's files as served: where, with which `config.json`, under which policy.
#[derive(Debug)]
pub struct Portal {
    dist: PathBuf,
    prefix: String,
    config_override: Option<String>,
    config: PortalConfig,
    csp: HeaderValue,
    files: ServeDir<ServeFile>,
    /// The brand's images (`branding.logo`, `branding.favicon`) by the URL path the portal
    /// asks them at, and the file beside `--config FILE` that answers it.
    brand_files: Vec<(String, PathBuf)>,
    /// A new build's deployment acted out over these files (`--enable-deploy-control`).
    deployment: Option<Arc<Deployment>>,
}

impl Portal {
    /// Reads and parses the config in force once: `config_override`, else `dist/config.json`,
    /// else the defaults of `{}`; when there is none or it is invalid, a warning goes to
    /// standard error and the policy follows the defaults. `report_uri` is the CSP's
    /// `report-uri`, if any.
    pub fn new(
        dist: &Path,
        public_url: &str,
        config_override: Option<String>,
        report_uri: Option<&str>,
    ) -> Portal {
        let (source, text) = match &config_override {
            Some(text) => ("the --config text".to_owned(), Some(text.clone())),
            None => {
                let path = dist.join("config.json");
                (
                    path.display().to_string(),
                    std::fs::read_to_string(&path).ok(),
                )
            }
        };
        let config = match text.as_deref().map(portal_config::parse_config) {
            Some(Ok(config)) => config,
            Some(Err(error)) => {
                eprintln!(
                    "demo-server: warning: {source}: {error}; the Content-Security-Policy \
                     assumes the defaults"
                );
                PortalConfig::default()
            }
            None => {
                eprintln!(
                    "demo-server: warning: {source} is missing; the portal's settings are the \
                     defaults ({{}})"
                );
                PortalConfig::default()
            }
        };
        let policy = portal_config::content_security_policy(&config, report_uri);
        // A policy that is no header value would be dropped whole, and with it
        // `frame-ancestors`: the defaults' instead (no framing at all).
        let csp = HeaderValue::from_str(&policy).unwrap_or_else(|_| {
            let defaults =
                portal_config::content_security_policy(&PortalConfig::default(), report_uri);
            HeaderValue::from_str(&defaults).unwrap_or_else(|_| {
                HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'")
            })
        });
        let index = ServeFile::new(dist.join("index.html"));
        Portal {
            dist: dist.to_path_buf(),
            prefix: portal_config::normalize_public_url(public_url),
            config_override,
            config,
            csp,
            // A release build has brotli and gzip copies of its hashed files (xtask).
            files: ServeDir::new(dist)
                .precompressed_br()
                .precompressed_gzip()
                .append_index_html_on_directories(true)
                .fallback(index),
            brand_files: Vec::new(),
            deployment: None,
        }
    }

    /// Serves the images the config's `branding` names from `dir` (the directory of
    /// `--config FILE`), as a deployment keeps them beside its `config.json`: `brand/logo.svg`
    /// is asked at `{prefix}brand/logo.svg` and read from `dir/brand/logo.svg`.
    pub fn with_brand_files_in(mut self, dir: &Path) -> Portal {
        let branding = &self.config.branding;
        self.brand_files = [&branding.logo, &branding.favicon]
            .into_iter()
            .flatten()
            .map(|path| {
                let path = path.split(['?', '#']).next().unwrap_or_default();
                let url = match path.strip_prefix('/') {
                    Some(_) => path.to_owned(),
                    None => format!("{}{path}", self.prefix),
                };
                let inside = url
                    .strip_prefix(&self.prefix)
                    .unwrap_or_else(|| url.trim_start_matches('/'));
                // portal_config refused `..` and backslashes: the file stays inside `dir`.
                (url.clone(), dir.join(inside))
            })
            .collect();
        self
    }

    /// Serves the files as `deployment` says while one is acted out (see [`deployment`]).
    pub fn with_deployment(mut self, deployment: Arc<Deployment>) -> Portal {
        self.deployment = Some(deployment);
        self
    }

    pub fn dist(&self) -> &Path {
        &self.dist
    }

    /// The normalised path prefix (`/` or `/portal/`).
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The config in force, as the CSP was made from it.
    pub fn config(&self) -> &PortalConfig {
        &self.config
    }

    /// The `Content-Security-Policy` of every answer.
    pub fn content_security_policy(&self) -> &str {
        self.csp.to_str().unwrap_or("")
    }

    fn config_path(&self) -> String {
        format!("{}config.json", self.prefix)
    }
}

/// The router that serves `dist` at `/` with the SPA fallback and dist's `config.json` (no
/// CSP `report-uri`: nothing collects reports here).
pub fn router(dist: &Path) -> Router {
    portal_router(Arc::new(Portal::new(dist, "/", None, None)))
}

/// The router that serves the portal as `portal` says, for every path (its fallback).
pub fn portal_router(portal: Arc<Portal>) -> Router {
    Router::new()
        .fallback(serve)
        // What has no precompressed copy (index.html, which carries the starting language's
        // texts, and config.json) is gzipped as it is sent, as deploy/nginx.conf's `gzip on`
        // does; an answer already encoded (a `.br`/`.gz` copy) is left as it is.
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn_with_state(
            portal.clone(),
            portal_headers,
        ))
        .with_state(portal)
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

fn with_query(path: &str, uri: &Uri) -> String {
    match uri.query() {
        Some(query) => format!("{path}?{query}"),
        None => path.to_owned(),
    }
}

async fn serve(State(portal): State<Arc<Portal>>, request: Request) -> Response {
    let path = request.uri().path();
    if let Some((_, file)) = portal.brand_files.iter().find(|(url, _)| url == path) {
        return match ServeFile::new(file).oneshot(request).await {
            Ok(response) => response.into_response(),
            Err(never) => match never {},
        };
    }
    let prefix = portal.prefix.as_str();
    if prefix != "/" && (path == "/" || path == prefix.trim_end_matches('/')) {
        return Redirect::temporary(&with_query(prefix, request.uri())).into_response();
    }
    let Some(rest) = path.strip_prefix(prefix) else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("Not found. The portal is at {prefix}\n"),
        )
            .into_response();
    };
    if rest == "config.json"
        && let Some(text) = &portal.config_override
    {
        if !matches!(*request.method(), Method::GET | Method::HEAD) {
            return (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, "GET, HEAD")],
            )
                .into_response();
        }
        return ([(header::CONTENT_TYPE, "application/json")], text.clone()).into_response();
    }
    if let Some(deployment) = &portal.deployment
        && let Some(acted) = deployment.acted()
    {
        let rest = rest.to_owned();
        let response = deployment::serve(&acted, portal.files.clone(), &rest, request).await;
        // A page (not an old part answered with index.html) is the new build loading.
        let html = response
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|value| value.as_bytes().starts_with(b"text/html"));
        if html && !rest.starts_with(&acted.old) {
            deployment.new_build_loaded();
        }
        return response;
    }
    let Ok(uri) = with_query(&format!("/{rest}"), request.uri()).parse::<Uri>() else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let (mut parts, body) = request.into_parts();
    parts.uri = uri;
    match portal
        .files
        .clone()
        .oneshot(Request::from_parts(parts, body))
        .await
    {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}

/// Cache and security headers of every answer of the portal's files.
async fn portal_headers(
    State(portal): State<Arc<Portal>>,
    request: Request,
    next: Next,
) -> Response {
    let is_config = request.uri().path() == portal.config_path();
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
    headers.insert(header::CONTENT_SECURITY_POLICY, portal.csp.clone());
    let fixed: [(HeaderName, &'static str); 4] = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            HeaderName::from_static("permissions-policy"),
            PERMISSIONS_POLICY,
        ),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_follows_the_override_else_dist_else_the_defaults() {
        let dist = std::env::temp_dir().join(format!(
            "demo-server-portal-{}-{}",
            std::process::id(),
            chrono::Utc::now().timestamp_nanos_opt().unwrap_or(0)
        ));
        std::fs::create_dir_all(&dist).unwrap();
        let defaults =
            portal_config::content_security_policy(&PortalConfig::default(), Some("/reports"));
        let missing = Portal::new(&dist, "portal", None, Some("/reports"));
        assert_eq!(missing.prefix(), "/portal/");
        assert_eq!(missing.content_security_policy(), defaults);
        std::fs::write(
            dist.join("config.json"),
            r#"{"apiBaseUrl":"https://switch.example"}"#,
        )
        .unwrap();
        let from_dist = Portal::new(&dist, "/", None, None);
        assert!(
            from_dist
                .content_security_policy()
                .contains("connect-src 'self' https://switch.example;")
        );
        let embedded = Portal::new(
            &dist,
            "/",
            Some(r#"{"embed":{"allowedOrigins":["https://parent.example"]}}"#.to_owned()),
            None,
        );
        assert!(embedded.config().embed.allows("https://parent.example"));
        assert!(
            embedded
                .content_security_policy()
                .contains("frame-ancestors 'self' https://parent.example;")
        );
        let broken = Portal::new(&dist, "/", Some("{".to_owned()), None);
        assert_eq!(
            broken.content_security_policy(),
            portal_config::content_security_policy(&PortalConfig::default(), None)
        );
        std::fs::remove_dir_all(&dist).ok();
    }

    #[tokio::test]
    async fn the_brand_s_images_are_served_from_beside_the_config() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let branded = root.join("examples/branded");
        let config = std::fs::read_to_string(branded.join("config.json")).unwrap();
        let portal = Portal::new(&root.join("no-dist-here"), "/portal/", Some(config), None)
            .with_brand_files_in(&branded);
        let router = portal_router(Arc::new(portal));
        let get = |path: &str| {
            let request = Request::builder().uri(path).body(axum::body::Body::empty());
            router.clone().oneshot(request.unwrap())
        };
        let logo = get("/portal/brand/logo.svg").await.unwrap();
        assert_eq!(logo.status(), StatusCode::OK);
        assert_eq!(logo.headers()[header::CONTENT_TYPE], "image/svg+xml");
        let body = axum::body::to_bytes(logo.into_body(), 1 << 20)
            .await
            .unwrap();
        assert_eq!(body, std::fs::read(branded.join("brand/logo.svg")).unwrap());
    }
}
