//! `GET /profiles`: the customer's portal access profile, a set of boolean flags saying which
//! sections of a customer portal may be shown.
//!
//! Like the real server this is a singleton resource (`data` is one object, not a list) of
//! type `profiles`, without `links.self`, whose attribute names are the real ones.

use crate::jsonapi::responses::{self, Failure};
use crate::model::portal_access::PortalAccess;
use crate::routes::auth::Customer;
use crate::routes::state::AppState;
use api_model::document::Document;
use api_model::resources::ResourceType;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use std::sync::Arc;

/// The resource object: `id`, `type` and `attributes`, nothing else.
#[derive(Debug, Serialize)]
struct ProfileResource<'a> {
    id: String,
    #[serde(rename = "type")]
    kind: &'static str,
    attributes: &'a PortalAccess,
}

pub async fn show(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
) -> Result<Response, Failure> {
    let access = state
        .data
        .customer(customer.customer)
        .map(|c| &c.portal_access)
        .ok_or_else(responses::unauthorized_jsonapi)?;
    let document = Document {
        data: ProfileResource {
            // One profile per customer in this demo; the real id is an internal integer.
            id: customer.customer.to_string(),
            kind: PortalAccess::TYPE,
            attributes: access,
        },
        included: Vec::new(),
        meta: None,
        links: None,
    };
    Ok(responses::jsonapi(StatusCode::OK, &document))
}
