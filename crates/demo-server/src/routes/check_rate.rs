//! `POST /check-rate`: the rates of a rate plan that match a number, as the real server
//! answers them (type `check-rates`, the rates' keys in snake_case), the longest prefix first.

use crate::jsonapi::responses::{self, Failure};
use crate::model::records::RateRecord;
use crate::routes::auth::Customer;
use crate::routes::charts::create_request_data;
use crate::routes::state::AppState;
use crate::seeded::random::fresh_uuid;
use api_model::rates::{CheckRate, MatchedRate};
use api_model::resources::{ResourceType, api_time};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chrono::Utc;
use serde_json::{Value, json};
use std::sync::Arc;

/// A request attribute as text: a string, or a number written out (the real server's form
/// takes either).
fn attribute(data: &Value, name: &str) -> Option<String> {
    match data.pointer(&format!("/attributes/{name}"))? {
        Value::String(text) => Some(text.trim().to_owned()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
    .filter(|text| !text.is_empty())
}

fn blank(member: &str) -> Failure {
    responses::unprocessable(
        "can't be blank",
        member,
        &format!("/data/attributes/{member}"),
    )
}

/// The rate as the answer lists it.
fn matched(rate: &RateRecord) -> MatchedRate {
    let a = &rate.attributes;
    MatchedRate {
        id: Some(rate.id.clone()),
        prefix: a.prefix.clone(),
        initial_rate: a.initial_rate,
        initial_interval: a.initial_interval,
        next_rate: a.next_rate,
        next_interval: a.next_interval,
        connect_fee: a.connect_fee,
        attempt_fee: a.attempt_fee,
        reject_calls: a.reject_calls,
        valid_from: Some(api_time::format(&a.valid_from)),
        valid_till: a.valid_till.as_ref().map(api_time::format),
        network_prefix_id: a.network_prefix_id.clone(),
        routing_tag_names: rate.routing_tags.clone(),
    }
}

/// `{"data": {"type": "check-rates", "attributes": {"rateplan-id": "<uuid>", "number": "…"}}}`
/// → 201 with the matching rates. Blank attributes are 422s by field, a plan that does not
/// exist (a blank one neither) `rateplan-id - Rateplan not found`, all at once. Like the real server, the
/// plan is found by its UUID alone, whoever's it is: the portal offers only the customer's.
pub async fn create(
    State(state): State<Arc<AppState>>,
    Customer(_customer): Customer,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, CheckRate::TYPE)?;
    let rateplan_id = attribute(&data, "rateplan-id");
    let number = attribute(&data, "number");
    let rateplan = rateplan_id
        .as_deref()
        .and_then(|id| state.data.rateplan_by_id(id));
    // The real server's form validates presence, then looks the plan up: a blank plan is
    // both blank and not found, every error in one answer in that order.
    let mut problems = Vec::new();
    if rateplan_id.is_none() {
        problems.push(blank("rateplan-id"));
    }
    if number.is_none() {
        problems.push(blank("number"));
    }
    if rateplan.is_none() {
        problems.push(responses::unprocessable(
            "Rateplan not found",
            "rateplan-id",
            "/data/attributes/rateplan-id",
        ));
    }
    responses::all_problems(problems)?;
    let (Some(rateplan_id), Some(number), Some(rateplan)) = (rateplan_id, number, rateplan) else {
        return Err(blank("rateplan-id"));
    };
    let rates: Vec<MatchedRate> = state
        .data
        .matching_rates(rateplan, &number, Utc::now())
        .into_iter()
        .map(matched)
        .collect();
    let answer = CheckRate {
        rateplan_id: Some(rateplan_id),
        number: Some(number),
        rates,
    };
    let document = json!({"data": {
        "id": fresh_uuid(),
        "type": CheckRate::TYPE,
        "attributes": answer,
    }});
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
}
