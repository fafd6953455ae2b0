//! `POST /cdr-exports`: validates the export's filters like the real server, stores it as
//! Pending and lets it complete a few seconds later with the number of matching calls of the
//! synthetic call history.

use crate::AppState;
use crate::auth::Customer;
use crate::call_history::Call;
use crate::charts::{account_of, create_request_data};
use crate::data::CdrExportRecord;
use crate::records::resource;
use crate::responses::{self, ApiBase, Failure};
use api_model::document::Document;
use api_model::resources::{CdrExport, CdrExportStatus, ResourceType, api_time};
use api_model::stats::parse_time;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chrono::{Duration, Utc};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// How long a new export stays Pending.
pub const PROCESSING_TIME: Duration = Duration::seconds(3);

const TIME_KEYS: [&str; 2] = ["time_start_gteq", "time_start_lt"];
const OPTIONAL_KEYS: [&str; 6] = [
    "success_eq",
    "duration_eq",
    "duration_gteq",
    "duration_lteq",
    "src_prefix_routing_eq",
    "dst_prefix_routing_eq",
];
const TIME_FORMATS: [&str; 3] = ["with_timezone", "without_timezone", "round_to_seconds"];

fn filters_error(message: &str) -> Failure {
    responses::unprocessable(message, "filters", "/data/attributes/filters")
}

/// The export's filters, normalized (times in the API's form), or the 422 they deserve.
fn validate_filters(data: &Value) -> Result<BTreeMap<String, Value>, Failure> {
    let Some(Value::Object(filters)) = data.pointer("/attributes/filters") else {
        return Err(filters_error("can't be blank"));
    };
    let mut out = BTreeMap::new();
    for key in TIME_KEYS {
        let text = filters
            .get(key)
            .ok_or_else(|| filters_error(&format!("requires {key}")))?;
        let time = text
            .as_str()
            .and_then(parse_time)
            .ok_or_else(|| filters_error(&format!("invalid value {key}")))?;
        out.insert(key.to_owned(), Value::from(api_time::format(&time)));
    }
    if out["time_start_gteq"].as_str() >= out["time_start_lt"].as_str() {
        return Err(filters_error("time_start_lt must be after time_start_gteq"));
    }
    for (key, value) in filters {
        if TIME_KEYS.contains(&key.as_str()) {
            continue;
        }
        if !OPTIONAL_KEYS.contains(&key.as_str()) {
            return Err(filters_error(&format!("{key} is not allowed")));
        }
        let valid = match key.as_str() {
            "success_eq" => value.is_boolean(),
            k if k.starts_with("duration_") => value.as_u64().is_some(),
            _ => value.as_str().is_some_and(|s| !s.trim().is_empty()),
        };
        if !valid {
            return Err(filters_error(&format!("invalid value {key}")));
        }
        out.insert(key.clone(), value.clone());
    }
    Ok(out)
}

/// Whether a call passes the export's optional filters.
fn call_matches(call: &Call, filters: &BTreeMap<String, Value>, src: &str, dst: &str) -> bool {
    filters.iter().all(|(key, value)| match key.as_str() {
        "success_eq" => value.as_bool() == Some(call.answered),
        "duration_eq" => value.as_u64() == Some(call.duration),
        "duration_gteq" => value.as_u64().is_some_and(|d| call.duration >= d),
        "duration_lteq" => value.as_u64().is_some_and(|d| call.duration <= d),
        "src_prefix_routing_eq" => value.as_str() == Some(src),
        "dst_prefix_routing_eq" => value.as_str() == Some(dst),
        _ => true,
    })
}

fn count_rows(state: &AppState, account: usize, filters: &BTreeMap<String, Value>) -> u64 {
    let time = |key: &str| {
        filters
            .get(key)
            .and_then(Value::as_str)
            .and_then(parse_time)
            .map_or(0, |t| t.timestamp())
    };
    let (from, to) = (time("time_start_gteq"), time("time_start_lt"));
    let Some(traffic) = state.data.accounts.get(account).map(|a| &a.traffic) else {
        return 0;
    };
    let mut rows = 0;
    state.history.for_each_call(
        &state.data,
        account,
        from,
        to,
        Utc::now().timestamp(),
        |call| {
            let src = traffic
                .src_prefixes
                .get(call.src_prefix)
                .map_or("", String::as_str);
            let dst = state
                .data
                .rates
                .get(call.rate)
                .map_or("", |r| r.attributes.prefix.as_str());
            if call_matches(call, filters, src, dst) {
                rows += 1;
            }
        },
    );
    rows
}

pub async fn create(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, CdrExport::TYPE)?;
    let filters = validate_filters(&data)?;
    let time_format = match data.pointer("/attributes/time-format") {
        None | Some(Value::Null) => TIME_FORMATS[0].to_owned(),
        Some(Value::String(format)) if TIME_FORMATS.contains(&format.as_str()) => format.clone(),
        Some(_) => {
            return Err(responses::unprocessable(
                "is not included in the list",
                "time-format",
                "/data/attributes/time-format",
            ));
        }
    };
    let time_zone_name = match data.pointer("/attributes/time-zone-name") {
        None | Some(Value::Null) => None,
        Some(Value::String(zone)) if !zone.trim().is_empty() => Some(zone.trim().to_owned()),
        Some(_) => {
            return Err(responses::unprocessable(
                "is invalid",
                "time-zone-name",
                "/data/attributes/time-zone-name",
            ));
        }
    };
    let account = account_of(&data, &state, customer)?;
    let rows = count_rows(&state, account, &filters);
    let now = Utc::now();
    let record = CdrExportRecord {
        id: crate::seeded::fresh_uuid(),
        customer,
        account,
        attributes: CdrExport {
            filters,
            status: CdrExportStatus::Pending,
            rows_count: None,
            created_at: now,
            updated_at: now,
            time_format: Some(time_format),
            time_zone_name,
        },
        completes_at: Some(now + PROCESSING_TIME),
        final_rows: Some(rows),
    };
    let document = Document {
        data: resource(&record, &api, &state.data, &[]),
        included: Vec::new(),
        meta: None,
        links: None,
    };
    match state.data.cdr_exports.write() {
        Ok(mut exports) => exports.push(record),
        Err(poisoned) => poisoned.into_inner().push(record),
    }
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn filters_are_validated_like_the_real_server() {
        let with = |filters: Value| validate_filters(&json!({"attributes": {"filters": filters}}));
        let status = |r: Result<BTreeMap<String, Value>, Failure>| r.unwrap_err().status().as_u16();
        assert_eq!(
            status(with(json!({"time_start_gteq": "2026-07-01 00:00:00"}))),
            422
        );
        assert_eq!(status(validate_filters(&json!({"attributes": {}}))), 422);
        assert_eq!(
            status(with(
                json!({"time_start_gteq": "2026-07-02 00:00:00", "time_start_lt": "2026-07-01 00:00:00"})
            )),
            422
        );
        assert_eq!(
            status(with(
                json!({"time_start_gteq": "2026-07-01 00:00:00", "time_start_lt": "2026-07-02 00:00:00", "color": 1})
            )),
            422
        );
        let ok = with(json!({
            "time_start_gteq": "2026-07-01 00:00:00",
            "time_start_lt": "2026-07-02T00:00:00Z",
            "success_eq": true,
            "duration_gteq": 1
        }))
        .unwrap();
        assert_eq!(ok["time_start_gteq"], "2026-07-01T00:00:00.000Z");
        assert_eq!(ok["time_start_lt"], "2026-07-02T00:00:00.000Z");
        assert_eq!(ok["success_eq"], true);
    }
}
