//! The charts, computed resources answered on creation: `POST /chart-originated-cps` (spec 2.7
//! and 4.4: calls per second of an account, minute by minute, over a period, the last 24 hours
//! unless given; only minutes with calls appear) and `POST /chart-active-calls` (calls in
//! progress at every minute, originated and terminated). Both read the request the same way.

use crate::jsonapi::linkage::{ACCOUNT, related_id};
use crate::jsonapi::record::relationship_links;
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::customers::Viewer;
use crate::routes::auth::Customer;
use crate::routes::state::AppState;
use crate::traffic::calls::Direction;
use crate::traffic::charts::{active_calls, originated_cps};
use api_model::document::{Document, Relationship, Resource, ResourceLinks};
use api_model::resources::{ChartActiveCalls, ChartOriginatedCps, ResourceType};
use api_model::stats::parse_time;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// The `data` member of a JSON:API create request of the given type, or the 400/415 a
/// malformed request deserves.
pub fn create_request_data(headers: &HeaderMap, body: &[u8], kind: &str) -> Result<Value, Failure> {
    let media = responses::content_type(headers);
    if media != responses::JSONAPI {
        return Err(responses::unsupported_media_type(&media));
    }
    let document: Value = serde_json::from_slice(body).map_err(|_| {
        responses::bad_request(
            "Invalid data format",
            "The request body is not a JSON document.",
            "122",
        )
    })?;
    let data = document
        .get("data")
        .filter(|d| d.is_object())
        .cloned()
        .ok_or_else(|| {
            responses::bad_request(
                "Missing Parameter",
                "The required parameter, data, is missing.",
                "106",
            )
        })?;
    match data.get("type").and_then(Value::as_str) {
        Some(found) if found == kind => Ok(data),
        Some(found) => Err(responses::bad_request(
            "Invalid resource",
            &format!("{found} is not a valid resource."),
            "101",
        )),
        None => Err(responses::bad_request(
            "Missing Parameter",
            "The required parameter, type, is missing.",
            "106",
        )),
    }
}

/// An optional time attribute: absent is `None` (the form's default). Null or unreadable,
/// the real form holds no time, and its comparison of the two times fails on it: a `500`.
fn time_attribute(data: &Value, name: &str) -> Result<Option<DateTime<Utc>>, Failure> {
    match data.pointer(&format!("/attributes/{name}")) {
        None => Ok(None),
        Some(Value::String(text)) if parse_time(text).is_some() => Ok(parse_time(text)),
        Some(_) => Err(responses::internal_server_error()),
    }
}

/// A chart request that passed validation: the customer's account and the period, by default
/// the 24 hours up to now.
struct ChartRequest {
    account: usize,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: DateTime<Utc>,
}

/// Reads a chart request of the given type, answering 415/400/422 like the real server: its
/// form checks the account's presence (looked up among the customer's: an unknown or foreign
/// account is blank there, never "invalid"), then the times' order, an error of the request
/// as a whole (at `/data`), both in one answer.
fn chart_request(
    state: &AppState,
    customer: Viewer,
    headers: &HeaderMap,
    body: &[u8],
    kind: &str,
) -> Result<ChartRequest, Failure> {
    let data = create_request_data(headers, body, kind)?;
    let account = related_id(&data, ACCOUNT)?;
    let from = time_attribute(&data, "from-time")?;
    let to = time_attribute(&data, "to-time")?;
    let account = account.and_then(|id| state.data.own_account(customer, &id));
    let now = Utc::now();
    let to = to.unwrap_or(now);
    let from = from.unwrap_or(to - Duration::hours(24));
    let mut problems = Vec::new();
    if account.is_none() {
        problems.push(responses::unprocessable(
            "can't be blank",
            "account",
            "/data/relationships/account",
        ));
    }
    if from > to {
        problems.push(responses::base_error(
            "from_time must be greater than to_time",
        ));
    }
    responses::all_problems(problems)?;
    let account = account.ok_or_else(responses::internal_server_error)?;
    Ok(ChartRequest {
        account,
        from,
        to,
        now,
    })
}

/// The 201 answer of a chart: a new resource with an `account` relationship (links only).
fn chart_created<A: Serialize>(api: &str, kind: &str, attributes: A) -> Response {
    let id = crate::seeded::random::fresh_uuid();
    let document = Document {
        data: Resource {
            id: id.clone(),
            kind: kind.to_owned(),
            links: Some(ResourceLinks {
                self_link: Some(format!("{api}/{kind}/{id}")),
            }),
            attributes,
            relationships: [(
                "account".to_owned(),
                Relationship {
                    links: Some(relationship_links(api, kind, &id, "account")),
                    data: None,
                },
            )]
            .into_iter()
            .collect(),
        },
        included: Vec::new(),
        meta: None,
        links: None,
    };
    responses::jsonapi(StatusCode::CREATED, &document)
}

/// `POST /chart-originated-cps`.
pub async fn create_originated_cps(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let kind = ChartOriginatedCps::TYPE;
    let request = chart_request(&state, customer, &headers, &body, kind)?;
    let now = request.now.timestamp();
    let cps = originated_cps(&state.data, request.account, request.from, request.to, now);
    Ok(chart_created(
        &api,
        kind,
        ChartOriginatedCps {
            from_time: request.from,
            to_time: request.to,
            cps,
        },
    ))
}

/// `POST /chart-active-calls`: calls in progress minute by minute, originated by the account
/// and terminated to it. (The real server has been seen to swap `x` and `y`; this demo sends
/// `x` as the time and `y` as the count, as the model reads them.)
pub async fn create_active_calls(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let kind = ChartActiveCalls::TYPE;
    let request = chart_request(&state, customer, &headers, &body, kind)?;
    let now = request.now.timestamp();
    let series = |direction| {
        active_calls(
            &state.data,
            request.account,
            direction,
            request.from,
            request.to,
            now,
        )
    };
    Ok(chart_created(
        &api,
        kind,
        ChartActiveCalls {
            from_time: request.from,
            to_time: request.to,
            originated_calls: series(Direction::Originated),
            terminated_calls: series(Direction::Terminated),
        },
    ))
}
