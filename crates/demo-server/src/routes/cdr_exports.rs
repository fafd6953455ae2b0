//! `POST /cdr-exports`: validates the export's filters like the real server, stores it as
//! Pending and lets it complete a few seconds later with the number of matching calls of the
//! synthetic call history; `GET /cdr-exports/:id/download`: a Completed export's file.

use crate::jsonapi::record::resource;
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::records::CdrExportRecord;
use crate::routes::auth::Customer;
use crate::routes::charts::{account_of, create_request_data};
use crate::routes::resources::{check_path, with_record};
use crate::routes::state::AppState;
use crate::traffic::cdrs;
use api_model::document::Document;
use api_model::resources::{CdrExport, CdrExportStatus, ResourceType, api_time};
use api_model::stats::parse_time;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
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
    let now = Utc::now();
    let record = CdrExportRecord {
        id: crate::seeded::random::fresh_uuid(),
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
        rows_to_count: false,
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

/// `GET /cdr-exports/:id/download`. Like the real server: a Completed export answers its
/// file as `text/csv` with a `<id>.csv.gz` attachment whose bytes are the gzip file itself (no
/// `content-encoding`, so a browser saves it as it is); an export in any other state answers
/// an empty 404; an unknown or foreign one the JSON:API "Record not found".
pub async fn download(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<Customer, Failure>,
) -> Result<Response, Failure> {
    let customer = check_path::<CdrExportRecord>(&id, customer)?;
    // A copy, so that the file is written without holding the exports' lock.
    let export = with_record(&state, &id, customer, CdrExportRecord::clone)?;
    if export.attributes.status != CdrExportStatus::Completed {
        return Err(Failure::Empty(StatusCode::NOT_FOUND));
    }
    let disposition = format!("attachment; filename=\"{}.csv.gz\"", export.id);
    // Days of calls: written on a blocking thread, not on the server's workers.
    let writer = state.clone();
    let (file, _rows) =
        tokio::task::spawn_blocking(move || cdrs::export_csv_gz(&writer.data, &export))
            .await
            .ok()
            .and_then(|written| written.ok())
            .ok_or(Failure::Empty(StatusCode::INTERNAL_SERVER_ERROR))?;
    let mut response = (StatusCode::OK, file).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
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
