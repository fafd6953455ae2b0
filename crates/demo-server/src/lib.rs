//! A demo server of the Yeti switch customer API v1, for developing and testing the portal
//! without a real switch: seeded in-memory data (or a data file of one's own), JWT sign-in
//! with bearer tokens or a session cookie, every collection with filters, sort, include and
//! paging, single records, statistics from a synthetic call history, both charts, CDR exports
//! with their gzip-compressed CSV download, money (invoices with their PDFs, payments and a
//! crypto top-up paid on a stand-in payment page, service charges, phone-system sessions), the
//! portal access profile, fault injection for tests (and a new build's deployment acted out),
//! and the portal's static files with SPA fallback (under any path prefix, with its
//! `config.json`, cache rules and Content-Security-Policy, and a collector of CSP violation
//! reports). With `Options::upstream` the API is forwarded to a real deployment instead, so the
//! portal can be tried against it from one origin. `example_parent` serves a page that embeds
//! the portal, for embedding demos and tests.
//!
//! The server speaks through the `api_model` types the portal uses, so both share one model.
//!
//! The modules are layers that only look down (`tests/layers.rs` checks it): [`model`] (the
//! data's types) → [`seeded`] (making the data set: seeded, or from a data file) → [`traffic`]
//! (the call history, CDRs, statistics and charts computed from it) → [`jsonapi`] (documents,
//! errors, records as resources, collections) → [`routes`] (the API's handlers, sign-in,
//! faults) → [`hosting`] (the portal's files, CSP reports, the upstream proxy, the embedding
//! example). This file assembles them.

pub mod hosting;
pub mod jsonapi;
pub mod model;
pub mod routes;
pub mod seeded;
pub mod traffic;

// The paths other crates use, from before the layers.
pub use hosting::example_parent::example_parent;
pub use hosting::{example_parent, static_files};
pub use model::customers::{DEMO_LOGIN, DEMO_PASSWORD, RESTRICTED_LOGIN};
pub use routes::faults::{ErrorBody, Faults};
pub use seeded::data_file::DataFile;

use axum::Router;
use axum::http::header::CONTENT_TYPE;
use axum::http::{Extensions, HeaderMap, StatusCode, Version};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{any, get};
use hosting::deployment::{self, Deployment};
use hosting::{csp_reports, proxy};
use jsonapi::responses;
use model::data_set::DataSet;
use routes::faults;
use routes::state::AppState;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{Predicate, SizeAbove};

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The portal's built files; `None` serves the API only.
    pub dist_dir: Option<PathBuf>,
    /// Lifetime of issued tokens (default 600 s); zero issues tokens without `exp`.
    pub token_lifetime: Duration,
    /// Seed of the generated data set and call history.
    pub seed: u64,
    /// A data set to serve instead of the seeded one (`--data FILE`, see [`DataFile`]).
    pub data: Option<Arc<DataFile>>,
    /// Faults injected from the start (`Faults::default()`: none).
    pub faults: Faults,
    /// Mounts `GET/POST/DELETE /__demo/faults` to change the faults at run time.
    pub enable_fault_control: bool,
    /// Mounts `GET/POST/DELETE /__demo/deploy` to act out a new build's deployment while tabs
    /// are open (`hosting::deployment`).
    pub enable_deploy_control: bool,
    /// The path the portal's files are served under (`--public-url`, default `/`); made to
    /// start and end with `/`. `GET /` redirects there when it is not `/`.
    pub public_url: String,
    /// The text `{public_url}config.json` answers instead of dist's file (`--config FILE`).
    pub config_json: Option<String>,
    /// The directory of `--config FILE`: the images its `branding` names are served from there.
    pub config_dir: Option<std::path::PathBuf>,
    /// Base URL of a real deployment (`https://switch.example`) to forward every API request
    /// to instead of answering it from the demo data (`--upstream URL`).
    pub upstream: Option<String>,
    /// CDR attributes the operator hides, from both directions' payloads where they exist and
    /// from export files (`--hide-cdr-fields`, like the real server's
    /// `api.customer.outgoing_cdr_hide_fields` and `incoming_cdr_hide_fields`).
    pub hide_cdr_fields: Vec<String>,
    /// The moment the data set's dates are placed relative to (default: when `app` runs). Two
    /// servers given the same one answer time-bucketed questions alike.
    pub started_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The attributes `GET /profiles` answers for the first customer's own login (`demo`)
    /// instead of its profile (`--profile FILE`), verbatim: any flags, on or off, left out or
    /// unknown to the portal.
    pub profile: Option<serde_json::Map<String, serde_json::Value>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dist_dir: None,
            token_lifetime: Duration::from_secs(600),
            seed: 1,
            data: None,
            faults: Faults::default(),
            enable_fault_control: false,
            enable_deploy_control: false,
            public_url: "/".to_owned(),
            config_json: None,
            config_dir: None,
            upstream: None,
            hide_cdr_fields: Vec::new(),
            started_at: None,
            profile: None,
        }
    }
}

impl Options {
    /// The `config.json` text the portal gets: `config_json`, else dist's file (`None` when
    /// there is neither).
    pub fn config_text(&self) -> Option<String> {
        static_files::config_text(self.config_json.as_deref(), self.dist_dir.as_deref())
    }

    /// The data set these options serve: `data`, else the seeded one, with the CDR fields
    /// they hide.
    pub fn data_set(&self, now: chrono::DateTime<chrono::Utc>) -> DataSet {
        let mut data = match &self.data {
            Some(file) => DataSet::from_file(file, self.seed, now),
            None => DataSet::generate(self.seed, now),
        };
        data.hidden_cdr_fields = self.hide_cdr_fields.clone();
        data.served_profile = self.profile.clone();
        data
    }
}

/// The whole application: the API (or the forwarding of it to `Options::upstream`), JSON 404s
/// for any other `/api/` path, the fault and deployment control endpoints when enabled, and
/// the portal's files under `Options::public_url` with the CSP report collector (or a plain
/// 404 without them).
/// Generates the data set, which takes well under a second.
///
/// Panics when `options.upstream` is not an http(s) URL (`proxy::parse_upstream` checks it
/// beforehand).
pub fn app(options: Options) -> Router {
    let upstream = options.upstream.as_deref().map(|url| {
        Arc::new(
            proxy::Upstream::new(url)
                .unwrap_or_else(|message| panic!("Options::upstream: {message}")),
        )
    });
    let state = Arc::new(AppState::new(
        options.data_set(options.started_at.unwrap_or_else(chrono::Utc::now)),
        options.token_lifetime,
        options.faults.clone(),
    ));
    let mut api = match upstream {
        None => served_api(&state),
        Some(upstream) => forwarded_api(&state, upstream),
    };
    // Compressed as deploy/nginx.conf has a deployment compress the API's answers: a page of
    // calls then moves a tenth of its size over a slow link. Outermost, so that a body the
    // faults cut is cut before it is compressed.
    api = api.layer(CompressionLayer::new().compress_when(SizeAbove::default().and(is_json)));
    // The payment provider's page of a top-up and the hosted PBX, served here in their place.
    api = api.merge(routes::provider_pages::routes(
        state.clone(),
        &options.public_url,
    ));
    if options.enable_fault_control {
        api = api.merge(fault_control(&state));
    }
    let deployment = options
        .enable_deploy_control
        .then(|| Arc::new(Deployment::new(options.dist_dir.clone())));
    if let Some(deployment) = &deployment {
        api = api.merge(deploy_control(deployment));
    }
    match &options.dist_dir {
        Some(dist) => with_portal(api, dist, &options, deployment),
        None => api.fallback(static_files::no_portal),
    }
}

/// JSON 404s for the paths under `/api` no route takes.
fn api_not_found() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api", any(responses::api_route_not_found))
        .route("/api/", any(responses::api_route_not_found))
        .route("/api/{*rest}", any(responses::api_route_not_found))
}

/// The API answered here, from the data set in `state`.
fn served_api(state: &Arc<AppState>) -> Router {
    // Outermost first: conventional headers, then faults (so sign-in can be spared), then the
    // sliding session cookie of requests that reach a handler.
    api_not_found()
        .nest(api_model::API_PATH, routes::api_routes())
        .layer(from_fn_with_state(
            state.clone(),
            routes::auth::slide_session,
        ))
        .layer(from_fn(
            routes::cross_origin::refuse_cross_origin_cookie_writes,
        ))
        .layer(from_fn_with_state(state.clone(), faults::inject))
        .layer(from_fn(responses::api_headers))
        .with_state(state.clone())
}

/// The API forwarded to `upstream`, whose answers keep their own headers; faults still apply.
fn forwarded_api(state: &Arc<AppState>, upstream: Arc<proxy::Upstream>) -> Router {
    let inject_faults = from_fn_with_state(state.clone(), faults::inject);
    let api_path = api_model::API_PATH;
    let proxied = Router::new()
        .route(api_path, any(proxy::forward))
        .route(&format!("{api_path}/"), any(proxy::forward))
        .route(&format!("{api_path}/{{*rest}}"), any(proxy::forward))
        .with_state(upstream)
        .layer(inject_faults.clone());
    api_not_found()
        .layer(inject_faults)
        .layer(from_fn(responses::api_headers))
        .merge(proxied)
        .with_state(state.clone())
}

/// `GET/POST/DELETE` of the faults injected, for tests that change them at run time.
fn fault_control(state: &Arc<AppState>) -> Router {
    Router::new()
        .route(
            faults::CONTROL_PATH,
            get(faults::show)
                .post(faults::replace)
                .delete(faults::clear),
        )
        .with_state(state.clone())
}

/// `GET/POST/DELETE` of the deployment acted out, for tests of tabs open across a deployment.
fn deploy_control(deployment: &Arc<Deployment>) -> Router {
    Router::new()
        .route(
            deployment::CONTROL_PATH,
            get(deployment::show)
                .post(deployment::deploy)
                .delete(deployment::undo),
        )
        .with_state(deployment.clone())
}

/// `api` with the collector of the portal's CSP violation reports, and the portal's files in
/// `dist` under `options.public_url` (as `deployment` has them, when one is acted out) as the
/// fallback of every other path.
fn with_portal(
    api: Router,
    dist: &std::path::Path,
    options: &Options,
    deployment: Option<Arc<Deployment>>,
) -> Router {
    let mut portal = static_files::Portal::new(
        dist,
        &options.public_url,
        options.config_json.clone(),
        Some(csp_reports::REPORTS_PATH),
    );
    if let Some(dir) = &options.config_dir {
        portal = portal.with_brand_files_in(dir);
    }
    if let Some(deployment) = deployment {
        portal = portal.with_deployment(deployment);
    }
    let reports = Arc::new(csp_reports::CspReports::default());
    api.merge(csp_reports::routes().with_state(reports))
        .fallback_service(static_files::portal_router(Arc::new(portal)))
}

/// Whether an answer is JSON (`application/vnd.api+json` or `application/json`), which the
/// API's answers are but for recordings, PDFs and CSV files.
fn is_json(_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|kind| {
            kind.starts_with("application/vnd.api+json") || kind.starts_with("application/json")
        })
}

/// Serves the application on the listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, options: Options) -> std::io::Result<()> {
    axum::serve(listener, app(options)).await
}
