//! `POST /chart-originated-cps` (spec 2.7 and 4.4): calls per second of an account, minute by
//! minute, over a period (the last 24 hours unless given); only minutes with calls appear.

use crate::AppState;
use crate::auth::Customer;
use crate::data::CustomerId;
use crate::records::relationship_links;
use crate::responses::{self, ApiBase, Failure};
use api_model::document::{Document, Relationship, Resource, ResourceLinks};
use api_model::resources::{ChartOriginatedCps, ChartPoint, ResourceType};
use api_model::stats::parse_time;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use std::collections::BTreeMap;
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

/// The customer's account named by `data.relationships.account`, or the 422 the API answers.
pub fn account_of(data: &Value, state: &AppState, customer: CustomerId) -> Result<usize, Failure> {
    let pointer = "/data/relationships/account";
    let id = data
        .pointer("/relationships/account/data/id")
        .and_then(Value::as_str)
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| responses::unprocessable("can't be blank", "account", pointer))?;
    state
        .data
        .own_account(customer, id)
        .ok_or_else(|| responses::unprocessable("is invalid", "account", pointer))
}

/// An optional time attribute: absent or null is `None`; anything unreadable is a 422.
pub fn time_attribute(data: &Value, name: &str) -> Result<Option<DateTime<Utc>>, Failure> {
    match data.pointer(&format!("/attributes/{name}")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if parse_time(text).is_some() => Ok(parse_time(text)),
        Some(_) => Err(responses::unprocessable(
            "is invalid",
            name,
            &format!("/data/attributes/{name}"),
        )),
    }
}

/// Calls per second, minute by minute, for the minutes with calls in `[from, to)`.
pub fn originated_cps(
    state: &AppState,
    account: usize,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: i64,
) -> Vec<ChartPoint> {
    let mut minutes: BTreeMap<i64, u64> = BTreeMap::new();
    state.history.for_each_call(
        &state.data,
        account,
        from.timestamp(),
        to.timestamp(),
        now,
        |call| {
            *minutes
                .entry(call.start - call.start.rem_euclid(60))
                .or_default() += 1
        },
    );
    minutes
        .into_iter()
        .filter_map(|(minute, calls)| {
            Some(ChartPoint {
                x: DateTime::from_timestamp(minute, 0)?,
                y: (Decimal::from(calls) / Decimal::from(60))
                    .round_dp(4)
                    .normalize(),
            })
        })
        .collect()
}

pub async fn create_originated_cps(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, ChartOriginatedCps::TYPE)?;
    let from = time_attribute(&data, "from-time")?;
    let to = time_attribute(&data, "to-time")?;
    let account = account_of(&data, &state, customer)?;
    let now = Utc::now();
    let to = to.unwrap_or(now);
    let from = from.unwrap_or(to - Duration::hours(24));
    if from > to {
        return Err(responses::unprocessable(
            "must be before to-time",
            "from-time",
            "/data/attributes/from-time",
        ));
    }
    let cps = originated_cps(&state, account, from, to, now.timestamp());
    let id = crate::seeded::fresh_uuid();
    let kind = ChartOriginatedCps::TYPE;
    let document = Document {
        data: Resource {
            id: id.clone(),
            kind: kind.to_owned(),
            links: Some(ResourceLinks {
                self_link: Some(format!("{api}/{kind}/{id}")),
            }),
            attributes: ChartOriginatedCps {
                from_time: from,
                to_time: to,
                cps,
            },
            relationships: [(
                "account".to_owned(),
                Relationship {
                    links: Some(relationship_links(&api, kind, &id, "account")),
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
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
}
