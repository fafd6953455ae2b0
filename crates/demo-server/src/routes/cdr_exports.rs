//! `POST /cdr-exports`: validates the export's filters like the real server, stores it as
//! Pending and lets it complete a few seconds later with the number of matching calls of the
//! synthetic call history; `GET /cdr-exports/:id/download`: a Completed export's file.

use crate::jsonapi::linkage::{ACCOUNT, related_id};
use crate::jsonapi::record::resource;
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::customers::Viewer;
use crate::model::records::CdrExportRecord;
use crate::model::time_zones;
use crate::routes::auth::Customer;
use crate::routes::charts::create_request_data;
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
use serde_json::{Map, Value};
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
/// The attributes of the real export model's filters (`CdrExport::FiltersModel`), in its
/// order: the form names the known ones it does not allow in this order; any other key is
/// unknown to the model, which names those itself.
const MODEL_FILTERS: [&str; 51] = [
    "time_start_gteq",
    "time_start_lteq",
    "time_start_lt",
    "customer_id_eq",
    "customer_external_id_eq",
    "customer_acc_id_eq",
    "customer_acc_external_id_eq",
    "vendor_id_eq",
    "vendor_external_id_eq",
    "vendor_acc_id_eq",
    "vendor_acc_external_id_eq",
    "is_last_cdr_eq",
    "success_eq",
    "customer_auth_id_eq",
    "customer_auth_external_id_eq",
    "failed_resource_type_id_eq",
    "src_prefix_in_contains",
    "src_prefix_in_eq",
    "src_prefix_in_in",
    "dst_prefix_in_contains",
    "dst_prefix_in_eq",
    "dst_prefix_in_in",
    "src_prefix_routing_contains",
    "src_prefix_routing_eq",
    "src_prefix_routing_in",
    "dst_prefix_routing_contains",
    "dst_prefix_routing_eq",
    "dst_prefix_routing_in",
    "src_prefix_out_contains",
    "src_prefix_out_eq",
    "src_prefix_out_in",
    "dst_prefix_out_contains",
    "dst_prefix_out_eq",
    "dst_prefix_out_in",
    "src_country_id_eq",
    "dst_country_id_eq",
    "routing_tag_ids_include",
    "routing_tag_ids_exclude",
    "routing_tag_ids_empty",
    "orig_gw_id_eq",
    "orig_gw_external_id_eq",
    "term_gw_id_eq",
    "term_gw_external_id_eq",
    "duration_eq",
    "duration_gteq",
    "duration_lteq",
    "customer_auth_external_type_eq",
    "customer_auth_external_type_not_eq",
    "customer_auth_external_id_in",
    "dst_country_iso_in",
    "src_country_iso_in",
];
/// The model's time filters: a value that reads as no time is none.
const TIME_FILTERS: [&str; 3] = ["time_start_gteq", "time_start_lteq", "time_start_lt"];
/// The model's true-or-false filters: false is a blank value there.
const BOOLEAN_FILTERS: [&str; 3] = ["is_last_cdr_eq", "success_eq", "routing_tag_ids_empty"];
const TIME_FORMATS: &[&str] = CdrExportTimeFormat::WORDS;
/// The members a customer may send when making an export; any other is a 400 (code 105).
const CREATABLE: [&str; 4] = ["filters", "account", "time-format", "time-zone-name"];

fn filters_error(message: &str) -> Failure {
    responses::unprocessable(message, "filters", "/data/attributes/filters")
}

/// Whether the model holds a value for a known filter key once it has cast it: not for null,
/// a blank text, an empty list, or a time that reads as none.
fn holds_value(key: &str, value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::String(text) if TIME_FILTERS.contains(&key) => parse_time(text).is_some(),
        Value::String(text) => !text.trim().is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => !TIME_FILTERS.contains(&key),
    }
}

/// Whether the model's value of a known key is blank (Ruby's `blank?`): no value, or false.
fn is_blank(key: &str, value: &Value) -> bool {
    let falsy = BOOLEAN_FILTERS.contains(&key)
        && match value {
            Value::Bool(b) => !b,
            Value::Number(n) => n.as_i64() == Some(0),
            Value::String(text) => {
                ["false", "f", "0", "off"].contains(&text.trim().to_lowercase().as_str())
            }
            _ => false,
        };
    falsy || !holds_value(key, value)
}

/// The export model's own checks of its filters, as it makes them: none at all (missing, not
/// an object, or every known key blank) is "can't be blank"; else keys it does not know are
/// named together in the request's order, then a missing or unreadable lower time is
/// "requires time_start_gteq", and no upper time "requires time_start_lt" (its
/// `time_start_lteq` is taken as one here: the form refuses it below).
fn model_filter_problems(
    filters: Option<&Map<String, Value>>,
    request_order: &[String],
    problems: &mut Vec<Failure>,
) {
    let known = |key: &str| {
        filters
            .and_then(|f| f.get(key))
            .filter(|v| holds_value(key, v))
    };
    let blank = filters.is_none_or(|f| {
        MODEL_FILTERS
            .iter()
            .all(|key| f.get(*key).is_none_or(|v| is_blank(key, v)))
    });
    if blank {
        problems.push(filters_error("can't be blank"));
        return;
    }
    let mut unknown: Vec<&str> = filters
        .into_iter()
        .flat_map(|f| f.keys())
        .map(String::as_str)
        .filter(|key| !MODEL_FILTERS.contains(key))
        .collect();
    unknown.sort_by_key(|key| request_order.iter().position(|sent| sent == key));
    if !unknown.is_empty() {
        problems.push(filters_error(&format!(
            "{} not allowed",
            unknown.join(", ")
        )));
    }
    if known("time_start_gteq").is_none() {
        problems.push(filters_error("requires time_start_gteq"));
    }
    if known("time_start_lt").is_none() && known("time_start_lteq").is_none() {
        problems.push(filters_error("requires time_start_lt"));
    }
}

/// The form's own check: the keys the model knows and holds a value for but the form does not
/// allow, named together in the model's order.
fn form_filter_problems(filters: Option<&Map<String, Value>>, problems: &mut Vec<Failure>) {
    let Some(filters) = filters else { return };
    let refused: Vec<&str> = MODEL_FILTERS
        .into_iter()
        .filter(|key| !REQUIRED_FILTERS.contains(key) && !OPTIONAL_FILTERS.contains(key))
        .filter(|key| filters.get(*key).is_some_and(|v| holds_value(key, v)))
        .collect();
    if !refused.is_empty() {
        problems.push(filters_error(&format!(
            "{} not allowed",
            refused.join(", ")
        )));
    }
}

/// The export's filters as stored: the times in the API's form and the optional filters as
/// sent, once every check passed.
fn stored_filters(filters: Option<&Map<String, Value>>) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for (key, value) in filters.into_iter().flatten() {
        if REQUIRED_FILTERS.contains(&key.as_str()) {
            if let Some(time) = value.as_str().and_then(parse_time) {
                out.insert(key.clone(), Value::from(api_time::format(&time)));
            }
        } else if OPTIONAL_FILTERS.contains(&key.as_str()) {
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

/// `time-format`: the default when left out; null or blank is blank and outside the list at
/// once.
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
        Some(Value::String(blank)) if blank.trim().is_empty() => {
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
/// form's order: the model's checks (its filters, the time zone), then the form's (the
/// account, the filters it does not allow, the time format); the answer groups them by
/// member (`responses::all_problems`).
fn new_export(
    data: &Value,
    body: &[u8],
    state: &AppState,
    viewer: Viewer,
) -> Result<(usize, CdrExport), Failure> {
    responses::only_accepted_members(data, &CREATABLE)?;
    let account = related_id(data, ACCOUNT)?;
    let filters = data
        .pointer("/attributes/filters")
        .and_then(Value::as_object);
    let mut problems = Vec::new();
    model_filter_problems(filters, &filter_keys_in_request_order(body), &mut problems);
    let time_zone_name = validate_time_zone(data, &mut problems);
    let account = export_account(account.as_deref(), state, viewer).map_err(|p| problems.push(p));
    form_filter_problems(filters, &mut problems);
    let time_format = validate_time_format(data, &mut problems);
    responses::all_problems(problems)?;
    let now = Utc::now();
    let export = CdrExport {
        filters: stored_filters(filters),
        status: CdrExportStatus::Pending,
        rows_count: None,
        created_at: now,
        updated_at: now,
        time_format: Some(CdrExportTimeFormat::of(&time_format)),
        time_zone_name,
    };
    Ok((account.unwrap_or_default(), export))
}

/// The export's account: "can't be blank" without one, "is invalid" for one not among the
/// customer's (the form checks it after looking it up).
fn export_account(id: Option<&str>, state: &AppState, viewer: Viewer) -> Result<usize, Failure> {
    let pointer = "/data/relationships/account";
    let id = id.ok_or_else(|| responses::unprocessable("can't be blank", "account", pointer))?;
    state
        .data
        .own_account(viewer, id)
        .ok_or_else(|| responses::unprocessable("is invalid", "account", pointer))
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

    /// The details of the filters' problems, the model's then the form's, as sent in `body`'s
    /// order (a `json!` object sorts its keys).
    fn details(body: &str) -> Vec<String> {
        let sent: Value = serde_json::from_str(body).unwrap();
        let filters = sent.as_object();
        let mut problems = Vec::new();
        let wrapped = format!(r#"{{"data": {{"attributes": {{"filters": {body}}}}}}}"#);
        let order = filter_keys_in_request_order(wrapped.as_bytes());
        model_filter_problems(filters, &order, &mut problems);
        form_filter_problems(filters, &mut problems);
        problems
            .into_iter()
            .flat_map(|p| match p {
                Failure::JsonApi { error, .. } => error.detail,
                _ => None,
            })
            .collect()
    }

    #[test]
    fn filters_are_validated_like_the_real_model_and_form() {
        let times =
            r#""time_start_gteq": "2026-07-01 00:00:00", "time_start_lt": "2026-07-02 00:00:00""#;
        assert_eq!(details("{}"), ["filters - can't be blank"]);
        // Keys the model does not know, or values it reads as none, are no filters at all.
        for blank in [
            r#"{"color": 1}"#,
            r#"{"success_eq": false}"#,
            r#"{"time_start_gteq": "soon"}"#,
        ] {
            assert_eq!(details(blank), ["filters - can't be blank"], "{blank}");
        }
        assert_eq!(
            details(r#"{"success_eq": true}"#),
            [
                "filters - requires time_start_gteq",
                "filters - requires time_start_lt"
            ]
        );
        // The model names the keys it does not know (the request's order), the form those it
        // knows but does not allow (the model's order).
        assert_eq!(
            details(&format!(
                r#"{{{times}, "zeta": 1, "customer_acc_id_eq": 2, "customer_id_eq": 1, "color": 2}}"#
            )),
            [
                "filters - zeta, color not allowed",
                "filters - customer_id_eq, customer_acc_id_eq not allowed"
            ]
        );
        // An inclusive upper time is an upper time to the model, and not allowed by the form.
        assert_eq!(
            details(
                r#"{"time_start_gteq": "2026-07-01 00:00:00", "time_start_lteq": "2026-07-02 00:00:00"}"#
            ),
            ["filters - time_start_lteq not allowed"]
        );
        let stored = stored_filters(
            json!({
                "time_start_gteq": "2026-07-01 00:00:00",
                "time_start_lt": "2026-07-02T00:00:00Z",
                "success_eq": true
            })
            .as_object(),
        );
        assert_eq!(stored["time_start_gteq"], "2026-07-01T00:00:00.000Z");
        assert_eq!(stored["time_start_lt"], "2026-07-02T00:00:00.000Z");
        assert_eq!(stored["success_eq"], true);
    }
}
