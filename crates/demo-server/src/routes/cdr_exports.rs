//! `POST /cdr-exports`: validates the export's filters like the real server, stores it as
//! Pending and lets it complete a few seconds later with the number of matching calls of the
//! synthetic call history; `GET /cdr-exports/:id/download`: a Completed export's file.

use crate::jsonapi::record::resource;
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::customers::Viewer;
use crate::model::records::CdrExportRecord;
use crate::model::time_zones;
use crate::routes::auth::Customer;
use crate::routes::charts::{account_of, create_request_data};
use crate::routes::resources::{check_path, with_record};
use crate::routes::state::AppState;
use crate::traffic::cdrs;
use api_model::document::Document;
use api_model::resources::{
    CdrExport, CdrExportStatus, CdrExportTimeFormat, ResourceType, api_time,
};
use api_model::stats::parse_time;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{Duration, Utc};
use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// How long a new export stays Pending.
pub const PROCESSING_TIME: Duration = Duration::seconds(3);

const REQUIRED_FILTERS: [&str; 2] = ["time_start_gteq", "time_start_lt"];
const OPTIONAL_FILTERS: [&str; 6] = [
    "success_eq",
    "duration_eq",
    "duration_gteq",
    "duration_lteq",
    "src_prefix_routing_eq",
    "dst_prefix_routing_eq",
];
const TIME_FORMATS: &[&str] = CdrExportTimeFormat::WORDS;
/// The members a customer may send when making an export; any other is a 400 (code 105).
const CREATABLE: [&str; 4] = ["filters", "account", "time-format", "time-zone-name"];

fn filters_error(message: &str) -> Failure {
    responses::unprocessable(message, "filters", "/data/attributes/filters")
}

/// The export's filters, normalized (times in the API's form), or the 422s they deserve, in the
/// real server's words: a missing or unreadable time is "requires <key>" (both at once when
/// both are), keys outside the allowed ones are named together in one "not allowed".
fn validate_filters(
    data: &Value,
    request_order: &[String],
    problems: &mut Vec<Failure>,
) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    let filters = match data.pointer("/attributes/filters") {
        Some(Value::Object(filters)) if !filters.is_empty() => filters,
        _ => {
            problems.push(filters_error("can't be blank"));
            return out;
        }
    };
    for key in REQUIRED_FILTERS {
        match filters
            .get(key)
            .and_then(Value::as_str)
            .and_then(parse_time)
        {
            Some(time) => {
                out.insert(key.to_owned(), Value::from(api_time::format(&time)));
            }
            None => problems.push(filters_error(&format!("requires {key}"))),
        }
    }
    let mut not_allowed: Vec<&str> = filters
        .keys()
        .map(String::as_str)
        .filter(|key| !REQUIRED_FILTERS.contains(key) && !OPTIONAL_FILTERS.contains(key))
        .collect();
    not_allowed.sort_by_key(|key| request_order.iter().position(|sent| sent == key));
    if !not_allowed.is_empty() {
        problems.push(filters_error(&format!(
            "{} not allowed",
            not_allowed.join(", ")
        )));
    }
    for (key, value) in filters {
        if OPTIONAL_FILTERS.contains(&key.as_str()) {
            out.insert(key.clone(), value.clone());
        }
    }
    out
}

/// The keys of `data.attributes.filters` in the order the request sends them: a parsed JSON
/// object here is sorted by key, and the real server names disallowed keys in the request's
/// order. Empty when the body has no such object.
fn filter_keys_in_request_order(body: &[u8]) -> Vec<String> {
    #[derive(Deserialize, Default)]
    struct Body {
        #[serde(default)]
        data: DataMember,
    }
    #[derive(Deserialize, Default)]
    struct DataMember {
        #[serde(default)]
        attributes: Attributes,
    }
    #[derive(Deserialize, Default)]
    struct Attributes {
        #[serde(default)]
        filters: KeysInOrder,
    }
    serde_json::from_slice::<Body>(body)
        .map(|body| body.data.attributes.filters.0)
        .unwrap_or_default()
}

/// An object's keys as they come (its values skipped).
#[derive(Default)]
struct KeysInOrder(Vec<String>);

impl<'de> Deserialize<'de> for KeysInOrder {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeysVisitor;
        impl<'de> Visitor<'de> for KeysVisitor {
            type Value = KeysInOrder;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<KeysInOrder, A::Error> {
                let mut keys = Vec::new();
                while let Some((key, IgnoredAny)) = map.next_entry::<String, IgnoredAny>()? {
                    keys.push(key);
                }
                Ok(KeysInOrder(keys))
            }
        }
        deserializer.deserialize_map(KeysVisitor)
    }
}

/// `time-format`: the default when left out; null is blank and outside the list at once.
fn validate_time_format(data: &Value, problems: &mut Vec<Failure>) -> String {
    let pointer = "/data/attributes/time-format";
    let outside = || {
        responses::unprocessable(
            &format!("is not included in the list: {}", TIME_FORMATS.join(", ")),
            "time-format",
            pointer,
        )
    };
    match data.pointer("/attributes/time-format") {
        None => TIME_FORMATS[0].to_owned(),
        Some(Value::String(format)) if TIME_FORMATS.contains(&format.as_str()) => format.clone(),
        Some(Value::Null) => {
            problems.push(responses::unprocessable(
                "can't be blank",
                "time-format",
                pointer,
            ));
            problems.push(outside());
            String::new()
        }
        Some(_) => {
            problems.push(outside());
            String::new()
        }
    }
}

/// `time-zone-name`: null and blank are kept as sent; anything else must be a known zone.
fn validate_time_zone(data: &Value, problems: &mut Vec<Failure>) -> Option<String> {
    match data.pointer("/attributes/time-zone-name") {
        None | Some(Value::Null) => None,
        Some(Value::String(zone)) if zone.trim().is_empty() || time_zones::is_known(zone) => {
            Some(zone.clone())
        }
        Some(_) => {
            problems.push(responses::unprocessable(
                "is not included in the list",
                "time-zone-name",
                "/data/attributes/time-zone-name",
            ));
            None
        }
    }
}

/// A new export as the request describes it, or every problem of it in one 422, in the real
/// form's order (the model's checks, then the account, then the time format).
fn new_export(
    data: &Value,
    body: &[u8],
    state: &AppState,
    viewer: Viewer,
) -> Result<(usize, CdrExport), Failure> {
    responses::only_accepted_members(data, &CREATABLE)?;
    let mut problems = Vec::new();
    let filters = validate_filters(data, &filter_keys_in_request_order(body), &mut problems);
    let time_zone_name = validate_time_zone(data, &mut problems);
    let account = account_of(data, state, viewer).map_err(|p| problems.push(p));
    let time_format = validate_time_format(data, &mut problems);
    responses::all_problems(problems)?;
    let now = Utc::now();
    let export = CdrExport {
        filters,
        status: CdrExportStatus::Pending,
        rows_count: None,
        created_at: now,
        updated_at: now,
        time_format: Some(CdrExportTimeFormat::of(&time_format)),
        time_zone_name,
    };
    Ok((account.unwrap_or_default(), export))
}

pub async fn create(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, CdrExport::TYPE)?;
    let (account, attributes) = new_export(&data, &body, &state, customer)?;
    let record = CdrExportRecord {
        id: crate::seeded::random::fresh_uuid(),
        customer: customer.customer,
        account,
        completes_at: Some(attributes.created_at + PROCESSING_TIME),
        attributes,
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

    fn details(filters: Value) -> Vec<String> {
        let mut problems = Vec::new();
        let body = json!({"data": {"attributes": {"filters": filters}}}).to_string();
        validate_filters(
            &json!({"attributes": {"filters": filters}}),
            &filter_keys_in_request_order(body.as_bytes()),
            &mut problems,
        );
        problems
            .into_iter()
            .flat_map(|p| match p {
                Failure::JsonApi { error, .. } => error.detail,
                _ => None,
            })
            .collect()
    }

    #[test]
    fn filters_are_validated_like_the_real_server() {
        assert_eq!(details(json!({})), ["filters - can't be blank"]);
        assert_eq!(
            details(json!({"success_eq": true})),
            [
                "filters - requires time_start_gteq",
                "filters - requires time_start_lt"
            ]
        );
        assert_eq!(
            details(json!({
                "time_start_gteq": "2026-07-01 00:00:00", "time_start_lt": "2026-07-02 00:00:00",
                "customer_id_eq": 1, "color": 2
            })),
            ["filters - color, customer_id_eq not allowed"]
        );
        let mut problems = Vec::new();
        let ok = validate_filters(
            &json!({"attributes": {"filters": {
                "time_start_gteq": "2026-07-01 00:00:00",
                "time_start_lt": "2026-07-02T00:00:00Z",
                "success_eq": true
            }}}),
            &[],
            &mut problems,
        );
        assert!(problems.is_empty());
        assert_eq!(ok["time_start_gteq"], "2026-07-01T00:00:00.000Z");
        assert_eq!(ok["time_start_lt"], "2026-07-02T00:00:00.000Z");
        assert_eq!(ok["success_eq"], true);
    }
}
