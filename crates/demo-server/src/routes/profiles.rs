//! `GET /profiles`: the access profile of the signed-in login, a set of boolean flags saying
//! which sections and statistics of a customer portal may be shown.
//!
//! Like the real server this is a singleton resource (`data` is one object, not a list) of
//! type `profiles`, without `links.self`, whose attribute names are the real ones. The real
//! server's profile belongs to an API access: a second login of a customer may have its own
//! (`demo-restricted`), and the demo login's can be replaced by any set of attributes
//! (`--profile FILE`).

use crate::jsonapi::responses::{self, Failure};
use crate::model::customers::{DEMO_CUSTOMER, Viewer};
use crate::model::data_set::DataSet;
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
struct ProfileResource {
    id: String,
    #[serde(rename = "type")]
    kind: &'static str,
    attributes: serde_json::Value,
}

/// The attributes the viewer's profile answers: `--profile`'s for the demo login, else its
/// login's own flags, else its customer's.
fn attributes(data: &DataSet, viewer: Viewer) -> Option<serde_json::Value> {
    if let (Some(served), true) = (&data.served_profile, viewer == Viewer::whole(DEMO_CUSTOMER)) {
        return Some(serde_json::Value::Object(served.clone()));
    }
    let own = viewer
        .limited_login
        .and_then(|index| data.limited_logins.get(index))
        .and_then(|login| login.portal_access);
    let access: PortalAccess = match own {
        Some(access) => access,
        None => data.customer(viewer.customer)?.portal_access,
    };
    serde_json::to_value(access).ok()
}

pub async fn show(
    State(state): State<Arc<AppState>>,
    Customer(viewer): Customer,
) -> Result<Response, Failure> {
    let attributes = attributes(&state.data, viewer).ok_or_else(responses::unauthorized_jsonapi)?;
    let document = Document {
        data: ProfileResource {
            // One profile per login in this demo; the real id is an internal integer.
            id: match viewer.limited_login {
                None => viewer.customer.to_string(),
                Some(index) => format!("{}-{index}", viewer.customer),
            },
            kind: PortalAccess::TYPE,
            attributes,
        },
        included: Vec::new(),
        meta: None,
        links: None,
    };
    Ok(responses::jsonapi(StatusCode::OK, &document))
}
