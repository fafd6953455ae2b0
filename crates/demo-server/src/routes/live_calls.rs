//! `GET /outgoing-active-calls`: an account's calls in
//! progress now. Plain JSON like the statistics (`{"data": [...], "rows": n}`, no totals), with
//! their errors: a missing or foreign `account-id` and unreadable values are 400
//! `{"error": …}`; unknown parameters are ignored.

use crate::jsonapi::responses::{self, Failure, plain_bad_request};
use crate::model::customers::Viewer;
use crate::model::data_set::DataSet;
use crate::routes::auth::StatsCustomer;
use crate::routes::state::AppState;
use crate::traffic::live_calls::{LiveCall, LiveFilter, live_calls};
use crate::traffic::statistics::TextMatch;
use api_model::live_calls::{TEXT_FIELDS, TEXT_MATCHES};
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Serialize)]
struct Body {
    data: Vec<LiveCall>,
    rows: usize,
}

fn invalid(name: &str) -> Failure {
    plain_bad_request(&format!("invalid value {name}"))
}

/// The account and the filter of a query, checked the way the statistics' parameters are.
pub fn parse(
    data: &DataSet,
    customer: Viewer,
    raw_query: &str,
) -> Result<(usize, LiveFilter), Failure> {
    let mut account = None;
    let mut filter = LiveFilter::default();
    let pairs = api_model::query::decode_pairs(raw_query);
    if !pairs.iter().any(|(k, _)| k == "account-id") {
        return Err(plain_bad_request("missing required param(s) account-id"));
    }
    for (name, value) in &pairs {
        let value = value.trim();
        let name = name.as_str();
        if name == "account-id" {
            account = Some(
                data.own_account(customer, value)
                    .ok_or_else(|| invalid(name))?,
            );
            continue;
        }
        if value.is_empty() {
            continue;
        }
        match name {
            "connect-time-null" => {
                filter.connect_time_null = Some(match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(invalid(name)),
                })
            }
            "auth-orig-ip" => filter.ip = Some(value.to_owned()),
            "auth-orig-port" => filter.port = Some(value.parse().map_err(|_| invalid(name))?),
            "auth-orig-transport-protocol-id" => {
                filter.transport = Some(value.parse().map_err(|_| invalid(name))?)
            }
            _ => {
                let text = TEXT_FIELDS.iter().find_map(|field| {
                    let suffix = name.strip_prefix(field)?.strip_prefix('-')?;
                    let how = match *TEXT_MATCHES.iter().find(|m| **m == suffix)? {
                        "eq" => TextMatch::Eq,
                        "starts-with" => TextMatch::StartsWith,
                        "ends-with" => TextMatch::EndsWith,
                        _ => TextMatch::Contains,
                    };
                    Some((row_name(field), how))
                });
                if let Some((field, how)) = text {
                    filter.text.push((field, how, value.to_owned()));
                }
            }
        }
    }
    let account = account.ok_or_else(|| invalid("account-id"))?;
    Ok((account, filter))
}

/// The row's name of a query field (`src-prefix-in` → `src_prefix_in`).
fn row_name(field: &str) -> &'static str {
    match field {
        "src-name-in" => "src_name_in",
        "src-prefix-in" => "src_prefix_in",
        "dst-prefix-in" => "dst_prefix_in",
        "src-prefix-routing" => "src_prefix_routing",
        _ => "dst_prefix_routing",
    }
}

pub async fn outgoing_active_calls(
    State(state): State<Arc<AppState>>,
    StatsCustomer(customer): StatsCustomer,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    let (account, filter) = parse(&state.data, customer, query.as_deref().unwrap_or(""))?;
    let data = live_calls(&state.data, account, Utc::now().timestamp(), &filter);
    Ok(responses::plain_json(
        StatusCode::OK,
        &Body {
            rows: data.len(),
            data,
        },
    ))
}
