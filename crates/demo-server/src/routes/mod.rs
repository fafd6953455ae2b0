//! The API's handlers (resources, statistics, charts, CDR exports, invoices' PDFs, crypto
//! top-ups, phone-system sessions, sign-in, profiles) and the fault injection around them, over
//! the state they share; and the pages that stand in for the outside services (the payment
//! provider, the hosted PBX).

pub mod auth;
pub mod cdr_exports;
pub mod charts;
pub mod check_rate;
pub mod cross_origin;
pub mod faults;
pub mod invoices;
pub mod live_calls;
pub mod numberlists;
pub mod payments;
pub mod phone_systems;
pub mod profiles;
pub mod provider_pages;
pub mod resources;
pub mod state;
pub mod statistics;

use crate::jsonapi::responses;
use crate::routes::state::AppState;
use axum::Router;
use axum::routing::{get, post};
use std::sync::Arc;

/// The routes under `/api/rest/customer/v1`.
pub fn api_routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(
            "/auth",
            post(auth::sign_in).get(auth::status).delete(auth::sign_out),
        )
        .merge(resources::routes())
        .merge(statistics::routes())
        .route(
            "/outgoing-active-calls",
            get(live_calls::outgoing_active_calls),
        )
        .route("/chart-originated-cps", post(charts::create_originated_cps))
        .route("/chart-active-calls", post(charts::create_active_calls))
        .route("/cdr-exports/{id}/download", get(cdr_exports::download))
        .route("/invoices/{id}/download", get(invoices::download))
        .route("/cryptomus-payments", post(payments::create))
        .route("/cryptomus-payments/{id}", get(payments::show))
        .route("/phone-systems-sessions", post(phone_systems::create))
        .route(
            &format!("/{}", api_model::rates::CHECK_RATE_PATH),
            post(check_rate::create),
        )
        .route("/profiles", get(profiles::show))
        .fallback(responses::api_route_not_found)
        // The real server routes only the verbs each resource has; any other verb on a known
        // path falls through to its catch-all 404, never a 405.
        .method_not_allowed_fallback(responses::api_route_not_found)
}
