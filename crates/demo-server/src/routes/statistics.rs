//! The statistics endpoints (plain JSON of parallel arrays, as the real server answers them):
//! `{origination,termination}-statistics`, `…-statistics-quality` and `…-active-calls`.
//! Their parameters are read and checked here the way the real server does (each side reads
//! only its own narrowing parameters and ignores the other's); the series come from
//! `traffic::statistics`.

use crate::jsonapi::responses::{self, Failure, plain_bad_request};
use crate::model::customers::Viewer;
use crate::model::data_set::DataSet;
use crate::routes::auth::StatsCustomer;
use crate::routes::state::AppState;
use crate::traffic::calls;
use crate::traffic::statistics::{
    CallFilter, MAX_POINTS, NumberMatch, StatsRequest, StatsSource, TextMatch, active_calls,
    quality, traffic,
};
use api_model::date_text;
use api_model::number::parse_decimal;
use api_model::stats::{Direction, Sampling, StatsEndpoint, StatsKind, parse_time};
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use std::sync::Arc;

fn now_seconds() -> i64 {
    Utc::now().timestamp()
}

fn invalid(name: &str) -> Failure {
    plain_bad_request(&format!("invalid value {name}"))
}

/// A `from-time` or `to-time` as the real server takes it: the controller reads any time, but
/// its database takes only `YYYY-MM-DD HH:MM:SS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TimeParam {
    /// Unix seconds of a `YYYY-MM-DD HH:MM:SS` time (UTC).
    Accepted(i64),
    /// A time the controller reads but the database refuses: ISO 8601 (`…T…Z`) or with
    /// fractional seconds.
    RefusedByDatabase(i64),
    Invalid,
}

fn read_time(value: &str) -> TimeParam {
    let pattern = "%Y-%m-%d %H:%M:%S";
    if let Some(time) = date_text::parse(value, pattern) {
        return TimeParam::Accepted(time.and_utc().timestamp());
    }
    let with_fraction = value.split_once('.').and_then(|(seconds, fraction)| {
        let digits = !fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| date_text::parse(seconds, pattern)).flatten()
    });
    match with_fraction
        .map(|t| t.and_utc())
        .or_else(|| parse_time(value))
    {
        Some(time) => TimeParam::RefusedByDatabase(time.timestamp()),
        None => TimeParam::Invalid,
    }
}

/// What a valid statistics query asks for.
#[derive(Debug, Clone)]
pub enum Parsed {
    Request(StatsRequest),
    /// `from-time` lies in the future: the real server answers `200 []` as soon as it reads it.
    FromTimeInFuture,
    /// Valid, but a time is in a form the real server's database refuses: it answers 500 with
    /// an empty body.
    RefusedByDatabase,
}

/// The index of the country a `src-country-id`/`dst-country-id` names. The real server hands
/// the integer to its database as it is, so an id of no country is no error: it matches no
/// call (`NO_COUNTRY`). Anything but an integer is `invalid value <name>`.
fn country_param(data: &DataSet, value: &str, name: &str) -> Result<usize, Failure> {
    if value.trim().parse::<u32>().is_err() {
        return Err(invalid(name));
    }
    Ok(data.country_by_id(value).unwrap_or(NO_COUNTRY))
}

/// A country index no call has.
const NO_COUNTRY: usize = usize::MAX;

/// Validates a statistics query the way the real server does, in its order: missing required
/// parameters; then each known parameter in the order of the query (the account must be the
/// customer's own; a future `from-time` ends reading with `[]`); `sampling` last. Unknown
/// parameters are ignored; an empty narrowing parameter counts as absent. Only then does a
/// time in a form the database refuses tell ([`Parsed::RefusedByDatabase`]).
pub fn parse_request(
    endpoint: StatsEndpoint,
    data: &DataSet,
    customer: Viewer,
    raw_query: &str,
    now: i64,
) -> Result<Parsed, Failure> {
    let params = query_params(raw_query);
    check_required(endpoint, &params)?;
    let (mut account, mut from, mut to) = (None, None, None);
    let mut refused_by_database = false;
    let mut filter = CallFilter::default();
    for (name, value) in &params {
        let name = name.as_str();
        match name {
            "account-id" => {
                account = Some(
                    data.own_account(customer, value)
                        .ok_or_else(|| invalid(name))?,
                )
            }
            "from-time" | "to-time" => {
                let time = match read_time(value) {
                    TimeParam::Accepted(time) => time,
                    TimeParam::RefusedByDatabase(time) => {
                        refused_by_database = true;
                        time
                    }
                    TimeParam::Invalid => return Err(invalid(name)),
                };
                if name == "to-time" {
                    to = Some(time);
                } else if time > now {
                    return Ok(Parsed::FromTimeInFuture);
                } else {
                    from = Some(time);
                }
            }
            _ if value.is_empty() || !endpoint.filter_params().contains(&name) => {}
            _ => narrow(&mut filter, data, name, value)?,
        }
    }
    let sampling = sampling_param(endpoint, &params)?;
    // Both are required, so both were read; the fallbacks only keep this panic-free.
    let (Some(account), Some(from)) = (account, from) else {
        return Err(plain_bad_request("missing required param(s) account-id"));
    };
    if refused_by_database {
        return Ok(Parsed::RefusedByDatabase);
    }
    Ok(Parsed::Request(StatsRequest {
        direction: match endpoint.direction {
            Direction::Origination => calls::Direction::Originated,
            Direction::Termination => calls::Direction::Terminated,
        },
        account,
        from,
        to,
        sampling,
        filter,
    }))
}

/// The query's parameters with trimmed values, like Rails' params: the first occurrence of a
/// name decides its place, the last one its value.
fn query_params(raw_query: &str) -> Vec<(String, String)> {
    let mut params: Vec<(String, String)> = Vec::new();
    for (key, value) in api_model::query::decode_pairs(raw_query) {
        let value = value.trim().to_owned();
        match params.iter_mut().find(|(k, _)| *k == key) {
            Some(existing) => existing.1 = value,
            None => params.push((key, value)),
        }
    }
    params
}

/// `missing required param(s) …` naming every required parameter the query lacks.
fn check_required(endpoint: StatsEndpoint, params: &[(String, String)]) -> Result<(), Failure> {
    let mut required = vec!["account-id", "from-time"];
    if takes_sampling(endpoint) {
        required.push("sampling");
    }
    let missing: Vec<&str> = required
        .into_iter()
        .filter(|name| !params.iter().any(|(k, _)| k == name))
        .collect();
    if !missing.is_empty() {
        return Err(plain_bad_request(&format!(
            "missing required param(s) {}",
            missing.join(", ")
        )));
    }
    Ok(())
}

fn takes_sampling(endpoint: StatsEndpoint) -> bool {
    !endpoint.samplings().is_empty()
}

/// The `sampling` of an endpoint that takes one (one of its own samplings), else minutes.
fn sampling_param(
    endpoint: StatsEndpoint,
    params: &[(String, String)],
) -> Result<Sampling, Failure> {
    if !takes_sampling(endpoint) {
        return Ok(Sampling::Minute);
    }
    let text = params
        .iter()
        .find(|(k, _)| k == "sampling")
        .map_or("", |(_, v)| v.as_str());
    Sampling::parse(text)
        .filter(|s| endpoint.samplings().contains(s))
        .ok_or_else(|| plain_bad_request("invalid sampling"))
}

/// Adds one non-empty narrowing parameter of the endpoint to `filter`. A text match with an
/// unknown suffix is ignored; a number match's unknown suffix compares as `lt`.
fn narrow(filter: &mut CallFilter, data: &DataSet, name: &str, value: &str) -> Result<(), Failure> {
    let number = || parse_decimal(value).map_err(|_| invalid(name));
    match name {
        "src-country-id" => filter.src_country = Some(country_param(data, value, name)?),
        "dst-country-id" => filter.dst_country = Some(country_param(data, value, name)?),
        "auth-orig-ip" => filter.ip = Some(value.to_owned()),
        _ => {
            if let Some(suffix) = name.strip_prefix("src-prefix-routing-") {
                filter
                    .src_number
                    .extend(text_match(suffix).map(|m| (m, value.to_owned())));
            } else if let Some(suffix) = name.strip_prefix("dst-prefix-routing-") {
                filter
                    .dst_number
                    .extend(text_match(suffix).map(|m| (m, value.to_owned())));
            } else if let Some(suffix) = name.strip_prefix("duration-") {
                filter.duration.push((number_match(suffix), number()?));
            } else if let Some(suffix) = name
                .strip_prefix("customer-price-")
                .or_else(|| name.strip_prefix("vendor-price-"))
            {
                filter.price.push((number_match(suffix), number()?));
            }
        }
    }
    Ok(())
}

fn text_match(suffix: &str) -> Option<TextMatch> {
    match suffix {
        "eq" => Some(TextMatch::Eq),
        "starts-with" => Some(TextMatch::StartsWith),
        "ends-with" => Some(TextMatch::EndsWith),
        "contains" => Some(TextMatch::Contains),
        _ => None,
    }
}

fn number_match(suffix: &str) -> NumberMatch {
    match suffix {
        "eq" => NumberMatch::Eq,
        "gt" => NumberMatch::Gt,
        _ => NumberMatch::Lt,
    }
}

fn answer(
    endpoint: StatsEndpoint,
    state: &AppState,
    customer: Viewer,
    raw_query: Option<String>,
) -> Result<Response, Failure> {
    let now = now_seconds();
    let parsed = parse_request(
        endpoint,
        &state.data,
        customer,
        raw_query.as_deref().unwrap_or(""),
        now,
    )?;
    let request = match parsed {
        Parsed::Request(request) => request,
        Parsed::FromTimeInFuture => {
            return Ok(responses::plain_json(StatusCode::OK, &[(); 0]));
        }
        Parsed::RefusedByDatabase => {
            return Err(Failure::Empty(StatusCode::INTERNAL_SERVER_ERROR));
        }
    };
    let too_many = || {
        plain_bad_request(&format!(
            "too many points (more than {MAX_POINTS}): choose a later from-time or a coarser sampling"
        ))
    };
    let ok = StatusCode::OK;
    let source = StatsSource {
        data: &state.data,
        cache: &state.minute_cache,
    };
    Ok(match endpoint.kind {
        StatsKind::Traffic => responses::plain_json(ok, &traffic(source, &request, now)),
        StatsKind::Quality => {
            responses::plain_json(ok, &quality(source, &request, now).ok_or_else(too_many)?)
        }
        StatsKind::ActiveCalls => responses::plain_json(
            ok,
            &active_calls(source, &request, now).ok_or_else(too_many)?,
        ),
    })
}

/// Every statistics endpoint of both directions, `GET /<endpoint path>`: one handler, told
/// which endpoint it answers.
pub fn routes() -> axum::Router<Arc<AppState>> {
    StatsEndpoint::ALL
        .into_iter()
        .fold(axum::Router::new(), |router, endpoint| {
            router.route(
                &format!("/{}", endpoint.path()),
                axum::routing::get(
                    move |State(state): State<Arc<AppState>>,
                          StatsCustomer(customer): StatsCustomer,
                          RawQuery(query): RawQuery| async move {
                        answer(endpoint, &state, customer, query)
                    },
                ),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::customers::DEMO_CUSTOMER;
    use crate::traffic::statistics::MinuteCache;
    use chrono::DateTime;

    fn data() -> DataSet {
        DataSet::generate(1, Utc::now())
    }

    fn request(data: &DataSet, endpoint: StatsEndpoint, query: &str) -> StatsRequest {
        match parse_request(
            endpoint,
            data,
            Viewer::whole(DEMO_CUSTOMER),
            query,
            now_seconds(),
        ) {
            Ok(Parsed::Request(request)) => request,
            other => panic!("{query}: {other:?}"),
        }
    }

    #[test]
    fn only_the_database_form_of_times_is_taken() {
        let at = |text| DateTime::parse_from_rfc3339(text).unwrap().timestamp();
        assert_eq!(
            read_time("2026-07-18 10:00:00"),
            TimeParam::Accepted(at("2026-07-18T10:00:00Z"))
        );
        for refused in [
            "2026-07-18T10:00:00Z",
            "2026-07-18T10:00:00.000Z",
            "2026-07-18T12:00:00+02:00",
            "2026-07-18 10:00:00.250",
        ] {
            assert_eq!(
                read_time(refused),
                TimeParam::RefusedByDatabase(at("2026-07-18T10:00:00Z")),
                "{refused}"
            );
        }
        for invalid in [
            "yesterday",
            "2026-07-18",
            "2026-13-01 00:00:00",
            "2026-07-18 10:00:00.",
        ] {
            assert_eq!(read_time(invalid), TimeParam::Invalid, "{invalid}");
        }
        let data = data();
        let account = &data.accounts[0].id;
        let refused = |query: String| {
            matches!(
                parse_request(
                    StatsEndpoint::ORIGINATION,
                    &data,
                    Viewer::whole(DEMO_CUSTOMER),
                    &query,
                    now_seconds()
                ),
                Ok(Parsed::RefusedByDatabase)
            )
        };
        assert!(refused(format!(
            "account-id={account}&from-time=2026-01-01T00:00:00Z&sampling=hour"
        )));
        assert!(refused(format!(
            "account-id={account}&from-time=2026-01-01%2000:00:00&to-time=2026-01-02T00:00:00.000Z&sampling=hour"
        )));
        // Checked after everything else, like a database error.
        assert_eq!(
            error_of(
                &data,
                StatsEndpoint::ORIGINATION,
                &format!("account-id={account}&from-time=2026-01-01T00:00:00Z&sampling=year")
            )
            .1,
            r#"{"error":"invalid sampling"}"#
        );
    }

    fn error_of(data: &DataSet, endpoint: StatsEndpoint, query: &str) -> (u16, String) {
        let failure = parse_request(
            endpoint,
            data,
            Viewer::whole(DEMO_CUSTOMER),
            query,
            now_seconds(),
        )
        .unwrap_err();
        let status = failure.status().as_u16();
        let response = axum::response::IntoResponse::into_response(failure);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let bytes = runtime
            .block_on(axum::body::to_bytes(response.into_body(), 1 << 20))
            .unwrap();
        (status, String::from_utf8(bytes.to_vec()).unwrap())
    }

    #[test]
    fn validation_order_and_messages() {
        let data = data();
        let account = data.accounts[0].id.clone();
        let other = data.accounts[4].id.clone();
        let origination = StatsEndpoint::ORIGINATION;
        assert_eq!(
            error_of(&data, origination, ""),
            (
                400,
                r#"{"error":"missing required param(s) account-id, from-time, sampling"}"#.into()
            )
        );
        assert_eq!(
            error_of(
                &data,
                StatsEndpoint::ORIGINATION_ACTIVE_CALLS,
                "from-time=2026-01-01%2000:00:00"
            )
            .1,
            r#"{"error":"missing required param(s) account-id"}"#
        );
        let q = format!("account-id={other}&from-time=2026-01-01%2000:00:00&sampling=minute");
        assert_eq!(
            error_of(&data, origination, &q).1,
            r#"{"error":"invalid value account-id"}"#
        );
        let q = format!("account-id={account}&from-time=yesterday&sampling=minute");
        assert_eq!(
            error_of(&data, origination, &q).1,
            r#"{"error":"invalid value from-time"}"#
        );
        let q = format!("account-id={account}&from-time=2026-01-01T00:00:00Z&sampling=15minutes");
        assert_eq!(
            error_of(&data, origination, &q).1,
            r#"{"error":"invalid sampling"}"#
        );
        let q = format!(
            "account-id={account}&from-time=2026-01-01%2000:00:00&sampling=hour&duration-gt=x"
        );
        assert_eq!(
            error_of(&data, origination, &q).1,
            r#"{"error":"invalid value duration-gt"}"#
        );
        let q = format!("account-id={account}&from-time=2026-01-01%2000:00:00&sampling=15minutes");
        assert!(
            parse_request(
                StatsEndpoint::ORIGINATION_QUALITY,
                &data,
                Viewer::whole(DEMO_CUSTOMER),
                &q,
                now_seconds()
            )
            .is_ok()
        );
    }

    #[test]
    fn filters_narrow_the_calls() {
        let data = data();
        let cache = MinuteCache::default();
        let source = StatsSource {
            data: &data,
            cache: &cache,
        };
        let now = now_seconds();
        let account = &data.accounts[0].id;
        let from =
            api_model::stats::server_time(&DateTime::from_timestamp(now - 12 * 3600, 0).unwrap());
        let base = format!("account-id={account}&from-time={from}&sampling=hour");
        let calls = |extra: &str| {
            let q = format!("{base}&{extra}");
            let request = request(&data, StatsEndpoint::ORIGINATION, &q);
            traffic(source, &request, now)
                .totals
                .map_or(0, |totals| totals.total_calls)
        };
        let all = calls("x=1");
        assert!(all > 0);
        assert!(calls("duration-gt=60") < all);
        assert_eq!(calls("duration-gt=100000"), 0);
        assert_eq!(calls("src-prefix-routing-starts-with=38"), all);
        assert_eq!(calls("auth-orig-ip=10.9.9.9"), 0);
        let ukraine = data.countries[0].id.clone();
        assert_eq!(calls(&format!("src-country-id={ukraine}")), all);
        assert!(calls("customer-price-gt=0") < all);
    }

    #[test]
    fn termination_reads_vendor_prices_and_ignores_the_origination_parameters() {
        let data = data();
        let cache = MinuteCache::default();
        let source = StatsSource {
            data: &data,
            cache: &cache,
        };
        let now = now_seconds();
        let account = &data.accounts[0].id;
        let from =
            api_model::stats::server_time(&DateTime::from_timestamp(now - 12 * 3600, 0).unwrap());
        let base = format!("account-id={account}&from-time={from}&sampling=hour");
        let calls = |endpoint: StatsEndpoint, extra: &str| {
            let request = request(&data, endpoint, &format!("{base}&{extra}"));
            traffic(source, &request, now)
                .totals
                .map_or(0, |totals| totals.total_calls)
        };
        let terminated = StatsEndpoint::TERMINATION;
        let all = calls(terminated, "x=1");
        assert!(all > 0);
        assert_ne!(
            all,
            calls(StatsEndpoint::ORIGINATION, "x=1"),
            "another stream"
        );
        assert_eq!(calls(terminated, "auth-orig-ip=10.9.9.9"), all, "ignored");
        assert_eq!(
            calls(terminated, "customer-price-gt=100000"),
            all,
            "ignored"
        );
        assert!(calls(terminated, "vendor-price-gt=0") < all);
        assert!(
            calls(StatsEndpoint::ORIGINATION, "vendor-price-gt=100000") > 0,
            "origination ignores vendor prices"
        );
        assert_eq!(
            error_of(&data, terminated, &format!("{base}&vendor-price-lt=cheap")).1,
            r#"{"error":"invalid value vendor-price-lt"}"#
        );
        assert_eq!(
            error_of(&data, StatsEndpoint::TERMINATION_QUALITY, &base).1,
            r#"{"error":"invalid sampling"}"#
        );
    }
}
