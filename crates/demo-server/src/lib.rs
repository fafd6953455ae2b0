//! A demo server of the Yeti switch customer API v1, for developing and testing the portal
//! without a real switch: seeded in-memory data (or a data file of one's own), JWT sign-in
//! with bearer tokens or a session cookie, every collection with filters, sort, include and
//! paging, single records, statistics from a synthetic call history, both charts, CDR exports
//! with their gzip-compressed CSV download, the portal access profile, fault injection for
//! tests, and the portal's static files with SPA fallback (under any path prefix, with its
//! `config.json`, cache rules and Content-Security-Policy, and a collector of CSP violation
//! reports). With `Options::upstream` the API is forwarded to a real deployment instead, so
//! the portal can be tried against it from one origin. `example_parent` serves a page that
//! embeds the portal, for embedding demos and tests.
//!
//! The server speaks through the `api_model` types the portal uses, so both share one model.

pub mod auth;
pub mod call_history;
pub mod cdr_exports;
pub mod cdrs;
pub mod charts;
pub mod collections;
pub mod csp_reports;
pub mod data;
pub mod data_file;
pub mod example_parent;
pub mod faults;
pub mod profiles;
pub mod proxy;
pub mod records;
pub mod reference_data;
pub mod resources;
pub mod responses;
pub mod seeded;
pub mod static_files;
pub mod statistics;

pub use data_file::DataFile;
pub use example_parent::example_parent;
pub use faults::{ErrorBody, Faults};

use axum::Router;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{any, get, post};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Login of the demo customer.
pub const DEMO_LOGIN: &str = "demo";
/// Password of the demo customer.
pub const DEMO_PASSWORD: &str = "demo";

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
    /// The path the portal's files are served under (`--public-url`, default `/`); made to
    /// start and end with `/`. `GET /` redirects there when it is not `/`.
    pub public_url: String,
    /// The text `{public_url}config.json` answers instead of dist's file (`--config FILE`).
    pub config_json: Option<String>,
    /// Base URL of a real deployment (`https://switch.example`) to forward every API request
    /// to instead of answering it from the demo data (`--upstream URL`).
    pub upstream: Option<String>,
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
            public_url: "/".to_owned(),
            config_json: None,
            upstream: None,
        }
    }
}

/// Everything handlers share.
pub struct AppState {
    pub data: data::DataSet,
    pub tokens: auth::TokenKeys,
    pub minute_cache: statistics::MinuteCache,
    pub faults: faults::FaultState,
    /// The last CSP violation reports (`/__demo/csp-reports`).
    pub csp_reports: csp_reports::CspReports,
    /// Where API requests are forwarded, when they are.
    pub upstream: Option<proxy::Upstream>,
}

impl AppState {
    /// Panics when `options.upstream` is not an http(s) URL (`proxy::parse_upstream` checks
    /// it beforehand).
    pub fn new(options: &Options) -> AppState {
        let upstream = options.upstream.as_deref().map(|url| {
            proxy::Upstream::new(url)
                .unwrap_or_else(|message| panic!("Options::upstream: {message}"))
        });
        let now = chrono::Utc::now();
        let data = match &options.data {
            Some(file) => data::DataSet::from_file(file, options.seed, now),
            None => data::DataSet::generate(options.seed, now),
        };
        let state = AppState {
            data,
            tokens: auth::TokenKeys::new(options.token_lifetime),
            minute_cache: statistics::MinuteCache::default(),
            faults: faults::FaultState::new(Faults::default()),
            csp_reports: csp_reports::CspReports::default(),
            upstream,
        };
        state.apply_faults(options.faults.clone());
        state
    }

    /// Puts fault settings in force, including their token-lifetime override.
    pub fn apply_faults(&self, faults: Faults) {
        self.tokens.set_lifetime(faults.token_lifetime_seconds);
        self.faults.set(faults);
    }
}

/// The routes under `/api/rest/customer/v1`.
fn api_routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(
            "/auth",
            post(auth::sign_in).get(auth::status).delete(auth::sign_out),
        )
        .merge(resources::routes())
        .route(
            "/origination-statistics",
            get(statistics::origination_statistics),
        )
        .route(
            "/origination-statistics-quality",
            get(statistics::origination_statistics_quality),
        )
        .route(
            "/origination-active-calls",
            get(statistics::origination_active_calls),
        )
        .route("/chart-originated-cps", post(charts::create_originated_cps))
        .route("/chart-active-calls", post(charts::create_active_calls))
        .route("/cdr-exports/{id}/download", get(cdr_exports::download))
        .route("/profiles", get(profiles::show))
        .fallback(responses::api_route_not_found)
}

/// The whole application: the API (or the forwarding of it to `Options::upstream`), JSON 404s
/// for any other `/api/` path, the fault control endpoint when enabled, and the portal's files
/// under `Options::public_url` with the CSP report collector (or a plain 404 without them).
/// Generates the data set, which takes well under a second.
pub fn app(options: Options) -> Router {
    let state = Arc::new(AppState::new(&options));
    let not_found = Router::new()
        .route("/api", any(responses::api_route_not_found))
        .route("/api/", any(responses::api_route_not_found))
        .route("/api/{*rest}", any(responses::api_route_not_found));
    let inject_faults = from_fn_with_state(state.clone(), faults::inject);
    // Outermost first: conventional headers, then faults (so sign-in can be spared), then the
    // sliding session cookie of requests that reach a handler.
    let mut api = match &state.upstream {
        None => not_found
            .nest(api_model::API_PATH, api_routes())
            .layer(from_fn_with_state(state.clone(), auth::slide_session))
            .layer(inject_faults)
            .layer(from_fn(responses::api_headers))
            .with_state(state.clone()),
        // The upstream's answers keep their own headers; faults still apply.
        Some(_) => {
            let api_path = api_model::API_PATH;
            let proxied = Router::new()
                .route(api_path, any(proxy::forward))
                .route(&format!("{api_path}/"), any(proxy::forward))
                .route(&format!("{api_path}/{{*rest}}"), any(proxy::forward))
                .layer(inject_faults.clone());
            not_found
                .layer(inject_faults)
                .layer(from_fn(responses::api_headers))
                .merge(proxied)
                .with_state(state.clone())
        }
    };
    if options.enable_fault_control {
        api = api.merge(
            Router::new()
                .route(
                    faults::CONTROL_PATH,
                    get(faults::show)
                        .post(faults::replace)
                        .delete(faults::clear),
                )
                .with_state(state.clone()),
        );
    }
    match &options.dist_dir {
        Some(dist) => {
            let portal = static_files::Portal::new(
                dist,
                &options.public_url,
                options.config_json.clone(),
                Some(csp_reports::REPORTS_PATH),
            );
            api.merge(csp_reports::routes().with_state(state))
                .fallback_service(static_files::portal_router(Arc::new(portal)))
        }
        None => api.fallback(static_files::no_portal),
    }
}

/// Serves the application on the listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, options: Options) -> std::io::Result<()> {
    axum::serve(listener, app(options)).await
}
