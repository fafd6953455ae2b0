//! Acting out "a new build was deployed while tabs are open", for tests of how the portal
//! meets a deployment.
//!
//! The portal's code lives in a content-named directory `wasm-<16 hex>/` that `index.html`
//! names. A tab opened before a deployment keeps the old `index.html` in memory and loads the
//! parts of its code it has not needed yet (lazy routes' chunks) from the old directory, which
//! the deployment removed: the host answers 404, or, with a single-page-app fallback,
//! `index.html` (200, `text/html`). A tab that reloads gets the new `index.html` and the new
//! directory. Building the portal twice to show this is slow; instead, with
//! `Options::enable_deploy_control`, `POST /__demo/deploy` makes the demo server serve the
//! same build as if it had been deployed again under another directory name:
//!
//! - every HTML answer (`index.html`, the SPA fallback) names the new directory instead;
//! - the new directory answers the old one's files from disk (or, with `newParts: "gone"`,
//!   only `portal.js` and `portal_bg.wasm`, so the new build starts but its other parts fail);
//! - the old directory answers 404 (`oldParts: "gone"`) or `index.html` (`"index-html"`).
//!
//! `DELETE /__demo/deploy` serves the original build again. The state lives in [`Deployment`],
//! shared by the control routes and the portal's files (`static_files::Portal`).

use crate::jsonapi::responses::{self, Failure};
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Path of the control endpoint (never under `/api` or the public URL).
pub const CONTROL_PATH: &str = "/__demo/deploy";

/// The files of the new directory still served when its parts are "gone": those `index.html`
/// names, so that the new build starts.
const STARTING_FILES: [&str; 2] = ["portal.js", "portal_bg.wasm"];

/// Largest HTML answer whose directory name is rewritten.
const HTML_LIMIT: usize = 16 * 1024 * 1024;

/// What the old directory answers after the deployment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OldParts {
    /// 404, as a host that only serves files answers.
    #[default]
    Gone,
    /// `index.html` with 200, as a host with a single-page-app fallback answers.
    IndexHtml,
}

/// What the new directory answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewParts {
    /// Every file of the build.
    #[default]
    Served,
    /// Only `portal.js` and `portal_bg.wasm`; every other file 404.
    Gone,
}

/// What the language files (`i18n/`) answer. Both builds name the same files (the demo acts
/// out a deployment of the build it serves), so "gone" holds until a page of the new build is
/// loaded: as a deployment whose texts changed, the open tab's files are gone, the new build's
/// are there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Texts {
    #[default]
    Served,
    /// 404 until the next HTML answer.
    Gone,
}

/// The body of `POST /__demo/deploy`; every member is optional.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
struct Asked {
    old_parts: OldParts,
    new_parts: NewParts,
    texts: Texts,
}

/// A deployment being acted out: the directory on disk, the name it is served under now, and
/// what each answers. Also the JSON of the control endpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Acted {
    /// The build's directory on disk (`wasm-0123456789abcdef`).
    pub old: String,
    /// The name it is served under (`wasm-fedcba9876543210`).
    pub new: String,
    pub old_parts: OldParts,
    pub new_parts: NewParts,
    pub texts: Texts,
}

/// Where a request under the public URL goes while a deployment is acted out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    /// This path in dist (relative, without a leading `/`).
    File(String),
    /// A plain 404 with this text.
    NotFound(&'static str),
}

impl Acted {
    /// Where `rest` (a path under the public URL, without it) is answered from.
    fn route(&self, rest: &str) -> Route {
        if let Some(file) = inside(rest, &self.new) {
            let starts = STARTING_FILES.contains(&file);
            if self.new_parts == NewParts::Gone && !starts {
                return Route::NotFound("Not found: the new build's parts are gone too.\n");
            }
            return Route::File(format!("{}/{file}", self.old));
        }
        if self.texts == Texts::Gone && inside(rest, "i18n").is_some() {
            return Route::NotFound("Not found: an older build's language file.\n");
        }
        if inside(rest, &self.old).is_some() {
            return match self.old_parts {
                OldParts::Gone => Route::NotFound("Not found: an older build's part.\n"),
                OldParts::IndexHtml => Route::File("index.html".to_owned()),
            };
        }
        Route::File(rest.to_owned())
    }
}

/// The path inside directory `dir` that `rest` names (`""` for the directory itself).
fn inside<'a>(rest: &'a str, dir: &str) -> Option<&'a str> {
    let after = rest.strip_prefix(dir)?;
    match after {
        "" => Some(""),
        _ => after.strip_prefix('/'),
    }
}

/// The deployment in force, if any, shared by the control routes and the portal's files.
#[derive(Debug, Default)]
pub struct Deployment {
    /// The portal's build (`--dist`); `None` when no portal is served.
    dist: Option<PathBuf>,
    acted: RwLock<Option<Acted>>,
}

impl Deployment {
    pub fn new(dist: Option<PathBuf>) -> Deployment {
        Deployment {
            dist,
            acted: RwLock::new(None),
        }
    }

    /// The deployment acted out, or `None` while the original build is served.
    pub fn acted(&self) -> Option<Acted> {
        self.acted
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set(&self, acted: Option<Acted>) {
        *self.acted.write().unwrap_or_else(PoisonError::into_inner) = acted;
    }

    /// A page of the new build was loaded: its language files are there.
    pub fn new_build_loaded(&self) {
        let mut acted = self.acted.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(acted) = acted.as_mut() {
            acted.texts = Texts::Served;
        }
    }
}

/// The name of the one `wasm-<16 hex>` directory in `dist`.
pub fn build_directory(dist: &Path) -> Result<String, Failure> {
    let entries = std::fs::read_dir(dist).map_err(|error| Failure::Plain {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: format!("cannot read {}: {error}", dist.display()),
    })?;
    let mut found: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| is_build_directory(name))
        .collect();
    found.sort();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(Failure::Plain {
            status: StatusCode::CONFLICT,
            message: format!(
                "{} has {} wasm-<16 hex> directories ({}), not exactly one",
                dist.display(),
                found.len(),
                found.join(", ")
            ),
        }),
    }
}

fn is_build_directory(name: &str) -> bool {
    name.strip_prefix("wasm-").is_some_and(|hex| {
        hex.len() == 16
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// The name the same build is deployed under again: each hex digit `d` becomes `15 - d`, so
/// it is as long as the old one and differs from it in every digit.
pub fn new_name(old: &str) -> String {
    let hex = old.strip_prefix("wasm-").unwrap_or(old);
    let flipped: String = hex
        .chars()
        .map(|c| match c.to_digit(16) {
            Some(d) => char::from_digit(15 - d, 16).unwrap_or(c),
            None => c,
        })
        .collect();
    format!("wasm-{flipped}")
}

/// Answers a request for `rest` (a path under the public URL, without it) from `files` as the
/// deployment `acted` has it; HTML answers name the new directory instead of the old.
///
/// Conditional headers are dropped, so that a browser that kept the original `index.html`
/// gets the new one rather than a 304; outside the new directory so are `Accept-Encoding` and
/// `Range`, so that an HTML answer comes whole and uncompressed from dist to be rewritten here
/// (the compression layer outside compresses it on the way).
pub async fn serve(
    acted: &Acted,
    files: ServeDir<ServeFile>,
    rest: &str,
    request: Request,
) -> Response {
    let path = match acted.route(rest) {
        Route::File(path) => path,
        Route::NotFound(text) => {
            return (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                text,
            )
                .into_response();
        }
    };
    let with_query = match request.uri().query() {
        Some(query) => format!("/{path}?{query}"),
        None => format!("/{path}"),
    };
    let Ok(uri) = with_query.parse::<Uri>() else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let (mut parts, body) = request.into_parts();
    parts.uri = uri;
    let is_head = parts.method == axum::http::Method::HEAD;
    parts.headers.remove(header::IF_MODIFIED_SINCE);
    parts.headers.remove(header::IF_NONE_MATCH);
    if inside(rest, &acted.new).is_none() {
        parts.headers.remove(header::ACCEPT_ENCODING);
        parts.headers.remove(header::RANGE);
    }
    let response = match files.oneshot(Request::from_parts(parts, body)).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    };
    rewrite_html(response, acted, is_head).await
}

/// `response` with every occurrence of the old directory's name replaced by the new one when
/// it is an uncompressed HTML page, and without `Last-Modified`/`ETag`: a page kept with them
/// would be revalidated as unchanged (304) after `DELETE`, and name a directory gone by then.
async fn rewrite_html(response: Response, acted: &Acted, is_head: bool) -> Response {
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    let encoded = response.headers().contains_key(header::CONTENT_ENCODING);
    if !is_html || encoded || response.status() != StatusCode::OK {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    parts.headers.remove(header::LAST_MODIFIED);
    parts.headers.remove(header::ETAG);
    let Ok(bytes) = axum::body::to_bytes(body, HTML_LIMIT).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let bytes = match String::from_utf8(bytes.to_vec()) {
        Ok(text) => Bytes::from(text.replace(&acted.old, &acted.new)),
        Err(_) => bytes,
    };
    // A HEAD answer has no body; its Content-Length stays, the names being equally long.
    if !is_head {
        parts
            .headers
            .insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// `GET /__demo/deploy`: the deployment acted out, or `null` while the original build is
/// served.
pub async fn show(State(deployment): State<Arc<Deployment>>) -> Response {
    responses::plain_json(StatusCode::OK, &deployment.acted())
}

/// `POST /__demo/deploy`: acts out a deployment of the served build under a new directory
/// name (see the module's documentation) and answers it.
pub async fn deploy(
    State(deployment): State<Arc<Deployment>>,
    body: Bytes,
) -> Result<Response, Failure> {
    let asked: Asked = match body.iter().all(u8::is_ascii_whitespace) {
        true => Asked::default(),
        false => serde_json::from_slice(&body).map_err(|error| {
            responses::plain_bad_request(&format!(
                "invalid deployment: {error} (expected {{\"oldParts\": \"gone\" | \
                 \"index-html\", \"newParts\": \"served\" | \"gone\", \"texts\": \
                 \"served\" | \"gone\"}})"
            ))
        })?,
    };
    let Some(dist) = &deployment.dist else {
        return Err(Failure::Plain {
            status: StatusCode::CONFLICT,
            message: "no portal is served here: start the demo server with --dist DIR".into(),
        });
    };
    let old = build_directory(dist)?;
    let acted = Acted {
        new: new_name(&old),
        old,
        old_parts: asked.old_parts,
        new_parts: asked.new_parts,
        texts: asked.texts,
    };
    deployment.set(Some(acted.clone()));
    Ok(responses::plain_json(StatusCode::OK, &acted))
}

/// `DELETE /__demo/deploy`: serves the original build again.
pub async fn undo(State(deployment): State<Arc<Deployment>>) -> Response {
    deployment.set(None);
    responses::plain_json(StatusCode::OK, &None::<Acted>)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosting::static_files::{Portal, portal_router};
    use axum::Router;
    use axum::routing::get;

    const OLD: &str = "wasm-0123456789abcdef";
    const NEW: &str = "wasm-fedcba9876543210";

    /// A dist of a fake build: index.html naming `OLD`, its code and a lazy chunk.
    fn fake_dist() -> PathBuf {
        let dist = std::env::temp_dir().join(format!(
            "demo-server-deployment-{}-{}",
            std::process::id(),
            chrono::Utc::now().timestamp_nanos_opt().unwrap_or(0)
        ));
        let code = dist.join(OLD);
        std::fs::create_dir_all(&code).unwrap();
        let index = format!(
            "<!doctype html><link rel=\"modulepreload\" href=\"/portal/{OLD}/portal.js\">\
             <script type=\"module\" src=\"/portal/{OLD}/portal.js\"></script>"
        );
        std::fs::write(dist.join("index.html"), index).unwrap();
        std::fs::write(dist.join("config.json"), "{}").unwrap();
        std::fs::write(code.join("portal.js"), "// the shell").unwrap();
        std::fs::write(code.join("portal_bg.wasm"), b"\0asm shell").unwrap();
        std::fs::write(code.join("chunk_1.wasm"), b"\0asm chunk").unwrap();
        std::fs::write(code.join("chunk_1.wasm.gz"), b"gzipped chunk").unwrap();
        std::fs::create_dir_all(dist.join("i18n")).unwrap();
        std::fs::write(dist.join("i18n/es.0123.json"), "{}").unwrap();
        dist
    }

    /// The portal's files under `/portal/` and the control routes, as `app` assembles them.
    fn router(dist: &Path) -> Router {
        let deployment = Arc::new(Deployment::new(Some(dist.to_path_buf())));
        let portal = Portal::new(dist, "/portal/", None, None).with_deployment(deployment.clone());
        Router::new()
            .route(CONTROL_PATH, get(show).post(deploy).delete(undo))
            .with_state(deployment)
            .fallback_service(portal_router(Arc::new(portal)))
    }

    /// The status, content type and body of `method path` (with `body`, and gzip accepted: an
    /// HTML page comes gzipped as it is sent, and is read back here).
    async fn ask(router: &Router, method: &str, path: &str, body: &str) -> (u16, String, Bytes) {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::ACCEPT_ENCODING, "gzip")
            .body(Body::from(body.to_owned()))
            .unwrap();
        let response = router.clone().oneshot(request).await.unwrap();
        let kind = response.headers().get(header::CONTENT_TYPE);
        let kind = kind
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let status = response.status().as_u16();
        let gzipped = kind.starts_with("text/html")
            && response.headers().get(header::CONTENT_ENCODING) == Some(&"gzip".parse().unwrap());
        let body = axum::body::to_bytes(response.into_body(), 1 << 20);
        let body = body.await.unwrap();
        if !gzipped {
            return (status, kind, body);
        }
        let mut page = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut page)
            .unwrap();
        (status, kind, Bytes::from(page))
    }

    async fn get_path(router: &Router, path: &str) -> (u16, String, Bytes) {
        ask(router, "GET", path, "").await
    }

    fn text(bytes: &Bytes) -> String {
        String::from_utf8_lossy(bytes).into_owned()
    }

    #[test]
    fn the_new_name_is_as_long_and_differs_in_every_digit() {
        assert_eq!(new_name(OLD), NEW);
        assert_eq!(new_name(NEW), OLD);
        assert!(is_build_directory(OLD) && is_build_directory(NEW));
        assert!(!is_build_directory("wasm-0123") && !is_build_directory("wasm-0123456789ABCDEF"));
        assert_eq!(inside("wasm-01/a.js", "wasm-01"), Some("a.js"));
        assert_eq!(inside("wasm-012/a.js", "wasm-01"), None);
    }

    #[tokio::test]
    async fn a_deployment_renames_the_code_directory_and_takes_the_old_one_away() {
        let dist = fake_dist();
        let router = router(&dist);
        let (status, _, body) = get_path(&router, &format!("/portal/{OLD}/portal.js")).await;
        assert_eq!((status, text(&body).as_str()), (200, "// the shell"));
        assert_eq!(text(&get_path(&router, CONTROL_PATH).await.2), "null");

        let (status, kind, body) = ask(&router, "POST", CONTROL_PATH, "").await;
        assert_eq!((status, kind.as_str()), (200, responses::PLAIN_JSON));
        let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let expected = serde_json::json!({
            "old": OLD, "new": NEW, "oldParts": "gone", "newParts": "served", "texts": "served"
        });
        assert_eq!(answer, expected);
        let shown = get_path(&router, CONTROL_PATH).await.2;
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&shown).unwrap(),
            expected
        );

        for page in ["/portal/", "/portal/accounts", "/portal/index.html"] {
            let (status, kind, body) = get_path(&router, page).await;
            assert_eq!((status, kind.as_str()), (200, "text/html"), "{page}");
            let page_text = text(&body);
            assert!(
                page_text.contains(&format!("/portal/{NEW}/portal.js")),
                "{page_text}"
            );
            assert!(!page_text.contains(OLD), "{page_text}");
        }
        for file in ["portal.js", "portal_bg.wasm", "chunk_1.wasm"] {
            let (status, _, body) = get_path(&router, &format!("/portal/{NEW}/{file}")).await;
            assert_eq!(status, 200, "{file}");
            let on_disk = std::fs::read(dist.join(OLD).join(file)).unwrap();
            if file == "chunk_1.wasm" {
                // The precompressed copy, as before the deployment.
                assert_eq!(body, "gzipped chunk".as_bytes());
            } else {
                assert_eq!(body, on_disk, "{file}");
            }
            let (status, kind, _) = get_path(&router, &format!("/portal/{OLD}/{file}")).await;
            assert_eq!((status, kind.as_str()), (404, "text/plain; charset=utf-8"));
        }
        std::fs::remove_dir_all(&dist).ok();
    }

    #[tokio::test]
    async fn an_spa_host_answers_index_html_and_the_new_parts_can_be_gone_too() {
        let dist = fake_dist();
        let router = router(&dist);
        let body = r#"{"oldParts": "index-html", "newParts": "gone"}"#;
        let (status, _, answer) = ask(&router, "POST", CONTROL_PATH, body).await;
        assert_eq!(status, 200, "{}", text(&answer));
        let (status, kind, page) = get_path(&router, &format!("/portal/{OLD}/chunk_1.wasm")).await;
        assert_eq!((status, kind.as_str()), (200, "text/html"));
        assert!(text(&page).contains(&format!("{NEW}/portal.js")));
        assert!(!text(&page).contains(OLD));
        let (status, _, shell) = get_path(&router, &format!("/portal/{NEW}/portal.js")).await;
        assert_eq!((status, text(&shell).as_str()), (200, "// the shell"));
        assert_eq!(
            get_path(&router, &format!("/portal/{NEW}/portal_bg.wasm"))
                .await
                .0,
            200
        );
        let (status, _, _) = get_path(&router, &format!("/portal/{NEW}/chunk_1.wasm")).await;
        assert_eq!(status, 404);

        let (status, _, _) = ask(&router, "DELETE", CONTROL_PATH, "").await;
        assert_eq!(status, 200);
        let (_, _, page) = get_path(&router, "/portal/accounts").await;
        assert!(text(&page).contains(&format!("/portal/{OLD}/portal.js")));
        let (status, _, chunk) = get_path(&router, &format!("/portal/{OLD}/chunk_1.wasm")).await;
        assert_eq!((status, chunk.as_ref()), (200, b"gzipped chunk".as_ref()));
        let (_, kind, _) = get_path(&router, &format!("/portal/{NEW}/portal.js")).await;
        assert_eq!(
            kind, "text/html",
            "the new directory is unknown again (SPA fallback)"
        );
        std::fs::remove_dir_all(&dist).ok();
    }

    #[tokio::test]
    async fn a_rewritten_page_keeps_the_portal_s_headers_and_a_true_length() {
        let dist = fake_dist();
        let router = router(&dist);
        assert_eq!(ask(&router, "POST", CONTROL_PATH, "{}").await.0, 200);
        let request = Request::builder()
            .uri("/portal/accounts")
            .body(Body::empty());
        let response = router.clone().oneshot(request.unwrap()).await.unwrap();
        let headers = response.headers().clone();
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
        assert!(headers.contains_key(header::CONTENT_SECURITY_POLICY));
        assert!(!headers.contains_key(header::LAST_MODIFIED));
        let body = axum::body::to_bytes(response.into_body(), 1 << 20);
        let body = body.await.unwrap();
        assert!(text(&body).contains(NEW));
        assert_eq!(
            headers[header::CONTENT_LENGTH],
            body.len().to_string().as_str()
        );
        let (status, _, body) = get_path(&router, &format!("/portal/{NEW}/portal_bg.wasm")).await;
        assert_eq!((status, body.as_ref()), (200, b"\0asm shell".as_ref()));
        std::fs::remove_dir_all(&dist).ok();
    }

    #[tokio::test]
    async fn unknown_parts_and_a_dist_without_one_build_are_refused() {
        let dist = fake_dist();
        let router = router(&dist);
        for body in [
            r#"{"oldParts": "404"}"#,
            r#"{"newParts": "half"}"#,
            r#"{"old": 1}"#,
        ] {
            let (status, _, answer) = ask(&router, "POST", CONTROL_PATH, body).await;
            assert_eq!(status, 400, "{body}");
            assert!(text(&answer).contains("oldParts"), "{}", text(&answer));
        }
        std::fs::create_dir_all(dist.join("wasm-1111111111111111")).unwrap();
        let (status, _, answer) = ask(&router, "POST", CONTROL_PATH, "{}").await;
        assert_eq!(status, 409);
        assert!(
            text(&answer).contains("not exactly one"),
            "{}",
            text(&answer)
        );
        assert_eq!(text(&get_path(&router, CONTROL_PATH).await.2), "null");
        std::fs::remove_dir_all(&dist).ok();
    }

    #[tokio::test]
    async fn the_open_tab_s_language_files_are_gone_until_the_new_build_loads() {
        let dist = fake_dist();
        let router = router(&dist);
        let texts = "/portal/i18n/es.0123.json";
        let body = r#"{"oldParts": "index-html", "texts": "gone"}"#;
        assert_eq!(ask(&router, "POST", CONTROL_PATH, body).await.0, 200);
        assert_eq!(get_path(&router, texts).await.0, 404);
        // An old part answered with index.html is no page of the new build.
        let (status, kind, _) = get_path(&router, &format!("/portal/{OLD}/chunk_1.wasm")).await;
        assert_eq!((status, kind.as_str()), (200, "text/html"));
        assert_eq!(get_path(&router, texts).await.0, 404);
        assert_eq!(get_path(&router, "/portal/accounts").await.0, 200);
        assert_eq!(get_path(&router, texts).await.0, 200);
        std::fs::remove_dir_all(&dist).ok();
    }
}
