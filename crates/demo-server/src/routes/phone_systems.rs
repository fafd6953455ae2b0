//! `POST /phone-systems-sessions`: single sign-on into the hosted PBX of a service. The real
//! server asks phone.systems for a session and answers its address; the demo opens a session
//! of its own and answers the address of its stand-in page (see
//! [`crate::routes::provider_pages`]).

use crate::jsonapi::responses::{self, Failure, RequestOrigin};
use crate::model::customers::Viewer;
use crate::routes::auth::Customer;
use crate::routes::charts::create_request_data;
use crate::routes::state::AppState;
use crate::seeded::random::fresh_uuid;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const KIND: &str = "phone-systems-sessions";
/// The `ui-type` of the services that have a hosted phone system.
pub const PHONE_SYSTEMS_UI_TYPE: &str = "phone_systems";
/// The stand-in page of the hosted PBX, outside the API.
pub const PHONE_SYSTEM_PAGE: &str = "/__demo/phone-system";
/// Sessions kept at most; the oldest are forgotten all at once past it.
const MAX_SESSIONS: usize = 1000;

/// The open sessions: each one's service, by index.
#[derive(Debug, Default)]
pub struct PhoneSessions(Mutex<HashMap<String, usize>>);

impl PhoneSessions {
    /// Opens a session of the service at `service`, answering its id.
    pub fn open(&self, service: usize) -> String {
        let id = fresh_uuid();
        // A map of plain values: a panic elsewhere cannot leave it half-written.
        let mut sessions = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if sessions.len() >= MAX_SESSIONS {
            sessions.clear();
        }
        sessions.insert(id.clone(), service);
        id
    }

    /// The service of an open session.
    pub fn service(&self, session: &str) -> Option<usize> {
        let sessions = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        sessions.get(session).copied()
    }
}

/// The service the session is for, as the real form checks it: a service of no one, or of
/// another customer, is `service not found`, an error of the session as a whole (at `/data`);
/// for a login limited to some accounts, a service of another account is refused on
/// `service` (another customer's gets both).
fn session_service(data: &Value, state: &AppState, viewer: Viewer) -> Result<usize, Failure> {
    let wanted = match data.pointer("/attributes/service") {
        Some(Value::String(id)) => id.trim(),
        _ => "",
    };
    let service = state
        .data
        .services
        .iter()
        .position(|s| s.id.eq_ignore_ascii_case(wanted));
    let record = service.and_then(|index| state.data.services.get(index));
    let mut problems = Vec::new();
    if record.is_none_or(|s| s.customer != viewer.customer) {
        problems.push(responses::base_error("service not found"));
    }
    if let Some(record) = record
        && viewer.limited_login.is_some()
        && !viewer.accounts.includes(record.account)
    {
        problems.push(responses::unprocessable(
            "Account of current Service is not related to current API Access",
            "service",
            "/data/attributes/service",
        ));
    }
    responses::all_problems(problems)?;
    service.ok_or_else(responses::internal_server_error)
}

/// `{"data": {"type": "phone-systems-sessions", "attributes": {"service": "<uuid>"}}}` → 201
/// with a random id and `phone-systems-url`; see [`session_service`] for the services it
/// refuses, and `failed to create Phone Systems session` (at `/data` too) for one without a
/// phone system, as the provider refuses it.
pub async fn create(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    RequestOrigin(origin): RequestOrigin,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, KIND)?;
    responses::only_accepted_members(&data, &["service"])?;
    let service = session_service(&data, &state, customer)?;
    let has_phone_system =
        state.data.services[service].attributes.ui_type.as_deref() == Some(PHONE_SYSTEMS_UI_TYPE);
    if !has_phone_system {
        return Err(responses::base_error(
            "failed to create Phone Systems session",
        ));
    }
    let session = state.phone_sessions.open(service);
    let url = format!("{origin}{PHONE_SYSTEM_PAGE}?session={session}");
    let document = json!({"data": {
        "id": session,
        "type": KIND,
        "attributes": {"phone-systems-url": url},
    }});
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_model::catalog::Collection;

    #[test]
    fn the_ui_type_is_the_one_the_declaration_offers_the_action_for() {
        let action = Collection::Services.spec().action.expect("an action");
        assert_eq!(action.path, KIND);
        assert_eq!(action.when.attribute, "ui-type");
        assert_eq!(action.when.equals, PHONE_SYSTEMS_UI_TYPE);
    }

    #[test]
    fn sessions_remember_their_service() {
        let sessions = PhoneSessions::default();
        let id = sessions.open(7);
        assert_eq!(sessions.service(&id), Some(7));
        assert_eq!(sessions.service("nope"), None);
    }
}
