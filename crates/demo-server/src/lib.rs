//! A demo server of the Yeti switch customer API v1, for developing and testing the portal
//! without a real switch: seeded in-memory data, JWT sign-in, every collection with filters,
//! sort, include and paging, single records, statistics from a synthetic call history, the
//! originated-CPS chart, CDR export creation, and the portal's static files with SPA fallback.
//!
//! The server speaks through the `api_model` types the portal uses, so both share one model.

pub mod auth;
pub mod call_history;
pub mod cdr_exports;
pub mod charts;
pub mod collections;
pub mod data;
pub mod records;
pub mod reference_data;
pub mod resources;
pub mod responses;
pub mod seeded;
pub mod static_files;
pub mod statistics;

use axum::Router;
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
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dist_dir: None,
            token_lifetime: Duration::from_secs(600),
            seed: 1,
        }
    }
}

/// Everything handlers share.
pub struct AppState {
    pub data: data::DataSet,
    pub history: call_history::CallHistory,
    pub tokens: auth::TokenKeys,
}

impl AppState {
    pub fn new(options: &Options) -> AppState {
        let now = chrono::Utc::now();
        AppState {
            data: data::DataSet::generate(options.seed, now),
            history: call_history::CallHistory::new(options.seed, now),
            tokens: auth::TokenKeys::new(options.token_lifetime),
        }
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
        .fallback(responses::api_route_not_found)
}

/// The whole application: the API, JSON 404s for any other `/api/` path, and the portal's
/// files (or a plain 404 without them). Generates the data set, which takes well under a second.
pub fn app(options: Options) -> Router {
    let state = Arc::new(AppState::new(&options));
    let api = Router::new()
        .nest(api_model::API_PATH, api_routes())
        .route("/api", any(responses::api_route_not_found))
        .route("/api/", any(responses::api_route_not_found))
        .route("/api/{*rest}", any(responses::api_route_not_found))
        .layer(axum::middleware::from_fn(responses::api_headers))
        .with_state(state);
    match &options.dist_dir {
        Some(dist) => api.fallback_service(static_files::router(dist)),
        None => api.fallback(static_files::no_portal),
    }
}

/// Serves the application on the listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, options: Options) -> std::io::Result<()> {
    axum::serve(listener, app(options)).await
}
