//! The statistics endpoints (plain JSON of parallel arrays, spec 2.8 and 4.3):
//! `origination-statistics` (sparse axis, with totals), `origination-statistics-quality`
//! (filled axis, with totals) and `origination-active-calls` (filled axis), computed from the
//! synthetic call history.

use crate::AppState;
use crate::auth::StatsCustomer;
use crate::call_history::{Call, MAX_CALL_SECONDS};
use crate::data::{CustomerId, DataSet};
use crate::responses::{self, Failure, plain_bad_request};
use api_model::number::{Metric, parse_decimal};
use api_model::stats::{STATS_FILTER_PARAMS, Sampling, StatsEndpoint, parse_time};
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{DateTime, Datelike, TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The most points a filled axis may have, so one request cannot ask for gigabytes.
pub const MAX_POINTS: usize = 200_000;

/// A statistics request that passed validation.
#[derive(Debug, Clone)]
pub struct StatsRequest {
    pub account: usize,
    pub from: i64,
    pub to: Option<i64>,
    pub sampling: Sampling,
    pub filter: CallFilter,
}

/// The optional narrowing parameters of spec 4.3, applied call by call.
#[derive(Debug, Clone, Default)]
pub struct CallFilter {
    src_country: Option<usize>,
    dst_country: Option<usize>,
    src_prefix: Vec<(TextMatch, String)>,
    dst_prefix: Vec<(TextMatch, String)>,
    duration: Vec<(NumberMatch, Decimal)>,
    price: Vec<(NumberMatch, Decimal)>,
    ip: Option<String>,
}

#[derive(Debug, Clone, Copy)]
enum TextMatch {
    Eq,
    StartsWith,
    EndsWith,
    Contains,
}

#[derive(Debug, Clone, Copy)]
enum NumberMatch {
    Eq,
    Gt,
    Lt,
}

impl TextMatch {
    fn test(self, text: &str, wanted: &str) -> bool {
        match self {
            TextMatch::Eq => text == wanted,
            TextMatch::StartsWith => text.starts_with(wanted),
            TextMatch::EndsWith => text.ends_with(wanted),
            TextMatch::Contains => text.contains(wanted),
        }
    }
}

impl NumberMatch {
    fn test(self, value: Decimal, wanted: Decimal) -> bool {
        match self {
            NumberMatch::Eq => value == wanted,
            NumberMatch::Gt => value > wanted,
            NumberMatch::Lt => value < wanted,
        }
    }
}

impl CallFilter {
    fn is_empty(&self) -> bool {
        self.src_country.is_none()
            && self.dst_country.is_none()
            && self.src_prefix.is_empty()
            && self.dst_prefix.is_empty()
            && self.duration.is_empty()
            && self.price.is_empty()
            && self.ip.is_none()
    }

    pub fn matches(&self, call: &Call, data: &DataSet, account: usize) -> bool {
        if self.is_empty() {
            return true;
        }
        let Some(traffic) = data.accounts.get(account).map(|a| &a.traffic) else {
            return false;
        };
        let rate = data.rates.get(call.rate);
        let src = traffic
            .src_prefixes
            .get(call.src_prefix)
            .map_or("", String::as_str);
        let dst = rate.map_or("", |r| r.attributes.prefix.as_str());
        self.src_country.is_none_or(|c| c == traffic.src_country)
            && self
                .dst_country
                .is_none_or(|c| rate.is_some_and(|r| r.country == c))
            && self.src_prefix.iter().all(|(m, v)| m.test(src, v))
            && self.dst_prefix.iter().all(|(m, v)| m.test(dst, v))
            && self
                .duration
                .iter()
                .all(|(m, v)| m.test(Decimal::from(call.duration), *v))
            && (self.price.is_empty() || {
                let price = call.price(data);
                self.price.iter().all(|(m, v)| m.test(price, *v))
            })
            && self
                .ip
                .as_deref()
                .is_none_or(|ip| traffic.ips.get(call.ip).is_some_and(|own| own == ip))
    }
}

fn invalid(name: &str) -> Failure {
    plain_bad_request(&format!("invalid value {name}"))
}

/// Validates a statistics query the way the real server does, in its order: missing
/// parameters, the account (only the customer's own), times, sampling, narrowing filters.
pub fn parse_request(
    endpoint: StatsEndpoint,
    data: &DataSet,
    customer: CustomerId,
    raw_query: &str,
) -> Result<StatsRequest, Failure> {
    let params: HashMap<String, String> = api_model::query::decode_pairs(raw_query)
        .into_iter()
        .map(|(k, v)| (k, v.trim().to_owned()))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let takes_sampling = !endpoint.samplings().is_empty();
    let mut required = vec!["account-id", "from-time"];
    if takes_sampling {
        required.push("sampling");
    }
    let missing: Vec<&str> = required
        .into_iter()
        .filter(|name| !params.contains_key(*name))
        .collect();
    if !missing.is_empty() {
        return Err(plain_bad_request(&format!(
            "missing required param(s) {}",
            missing.join(", ")
        )));
    }
    let param = |name: &str| params.get(name).map(String::as_str).unwrap_or("");
    let account = data
        .own_account(customer, param("account-id"))
        .ok_or_else(|| invalid("account-id"))?;
    let from = parse_time(param("from-time"))
        .ok_or_else(|| invalid("from-time"))?
        .timestamp();
    let to = match params.get("to-time") {
        Some(text) => Some(
            parse_time(text)
                .ok_or_else(|| invalid("to-time"))?
                .timestamp(),
        ),
        None => None,
    };
    let sampling = if takes_sampling {
        Sampling::parse(param("sampling"))
            .filter(|s| endpoint.samplings().contains(s))
            .ok_or_else(|| plain_bad_request("invalid sampling"))?
    } else {
        Sampling::Minute
    };
    let mut filter = CallFilter::default();
    for name in STATS_FILTER_PARAMS {
        let Some(value) = params.get(name) else {
            continue;
        };
        let number = || parse_decimal(value).map_err(|_| invalid(name));
        let text_match = |suffix: &str| match suffix {
            "eq" => Some(TextMatch::Eq),
            "starts-with" => Some(TextMatch::StartsWith),
            "ends-with" => Some(TextMatch::EndsWith),
            "contains" => Some(TextMatch::Contains),
            _ => None,
        };
        let number_match = |suffix: &str| match suffix {
            "eq" => NumberMatch::Eq,
            "gt" => NumberMatch::Gt,
            _ => NumberMatch::Lt,
        };
        if name == "src-country-id" {
            filter.src_country = Some(data.country_by_id(value).ok_or_else(|| invalid(name))?);
        } else if name == "dst-country-id" {
            filter.dst_country = Some(data.country_by_id(value).ok_or_else(|| invalid(name))?);
        } else if let Some(suffix) = name.strip_prefix("src-prefix-routing-") {
            filter
                .src_prefix
                .extend(text_match(suffix).map(|m| (m, value.clone())));
        } else if let Some(suffix) = name.strip_prefix("dst-prefix-routing-") {
            filter
                .dst_prefix
                .extend(text_match(suffix).map(|m| (m, value.clone())));
        } else if let Some(suffix) = name.strip_prefix("duration-") {
            filter.duration.push((number_match(suffix), number()?));
        } else if let Some(suffix) = name.strip_prefix("customer-price-") {
            filter.price.push((number_match(suffix), number()?));
        } else if name == "auth-orig-ip" {
            filter.ip = Some(value.clone());
        }
    }
    Ok(StatsRequest {
        account,
        from,
        to,
        sampling,
        filter,
    })
}

/// The start of the bucket holding `t`: fixed-length buckets from the epoch, weeks from
/// Monday, months from the first, all in UTC.
pub fn bucket_start(t: i64, sampling: Sampling) -> i64 {
    match sampling {
        Sampling::Week => {
            let day = t.div_euclid(86_400);
            let monday = day - (day + 3).rem_euclid(7);
            monday * 86_400
        }
        Sampling::Month => DateTime::from_timestamp(t, 0)
            .and_then(|time| {
                Utc.with_ymd_and_hms(time.year(), time.month(), 1, 0, 0, 0)
                    .single()
            })
            .map_or(t, |start| start.timestamp()),
        other => {
            let size = other.seconds().unwrap_or(60);
            t - t.rem_euclid(size)
        }
    }
}

/// Decimal rounded to `dp` places and shown with exactly that many.
fn fixed(value: Decimal, dp: u32) -> Decimal {
    let mut rounded = value.round_dp(dp);
    rounded.rescale(dp);
    rounded
}

/// Sums of the calls in one bucket (or in all of them, for totals).
#[derive(Debug, Clone, Default, PartialEq)]
struct Sums {
    calls: u64,
    answered: u64,
    seconds: u64,
    price: Decimal,
}

impl Sums {
    fn add(&mut self, call: &Call, price: Decimal) {
        self.calls += 1;
        if call.answered {
            self.answered += 1;
            self.seconds += call.duration;
        }
        self.price += price;
    }

    fn merge(&mut self, other: &Sums) {
        self.calls += other.calls;
        self.answered += other.answered;
        self.seconds += other.seconds;
        self.price += other.price;
    }

    /// Minutes, 2 decimals.
    fn total_duration(&self) -> Metric {
        Metric(Some(fixed(
            Decimal::from(self.seconds) / Decimal::from(60),
            2,
        )))
    }

    /// Average answered call, seconds, 2 decimals; null without answered calls.
    fn acd(&self) -> Metric {
        Metric((self.answered > 0).then(|| {
            fixed(
                Decimal::from(self.seconds) / Decimal::from(self.answered),
                2,
            )
        }))
    }

    /// Answered share in percent, 2 decimals; null without calls.
    fn asr(&self) -> Metric {
        Metric((self.calls > 0).then(|| {
            fixed(
                Decimal::from(self.answered) * Decimal::from(100) / Decimal::from(self.calls),
                2,
            )
        }))
    }

    fn price(&self) -> Metric {
        Metric(Some(self.price.normalize()))
    }

    /// Calls per second over a bucket of `seconds`, 4 decimals.
    fn cps(&self, seconds: i64) -> Metric {
        Metric(Some(fixed(
            Decimal::from(self.calls) / Decimal::from(seconds.max(1)),
            4,
        )))
    }
}

fn now_seconds() -> i64 {
    Utc::now().timestamp()
}

fn collect_sums(
    state: &AppState,
    request: &StatsRequest,
    to: i64,
    now: i64,
    with_price: bool,
) -> BTreeMap<i64, Sums> {
    let mut buckets: BTreeMap<i64, Sums> = BTreeMap::new();
    state.history.for_each_call(
        &state.data,
        request.account,
        request.from,
        to,
        now,
        |call| {
            if request.filter.matches(call, &state.data, request.account) {
                let price = if with_price {
                    call.price(&state.data)
                } else {
                    Decimal::ZERO
                };
                buckets
                    .entry(bucket_start(call.start, request.sampling))
                    .or_default()
                    .add(call, price);
            }
        },
    );
    buckets
}

/// `origination-statistics`: only buckets with calls; totals over the whole range.
pub fn origination(state: &AppState, request: &StatsRequest, now: i64) -> Value {
    let to = request.to.unwrap_or(i64::MAX);
    let buckets = collect_sums(state, request, to, now, true);
    let mut totals = Sums::default();
    let mut series: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    let mut push = |name: &'static str, value: Value| series.entry(name).or_default().push(value);
    for (t, sums) in &buckets {
        totals.merge(sums);
        push("t", json!(t));
        push("total_calls", json!(sums.calls));
        push("successful_calls", json!(sums.answered));
        push("failed_calls", json!(sums.calls - sums.answered));
        push("total_duration", json!(sums.total_duration()));
        push("acd", json!(sums.acd()));
        push("asr", json!(sums.asr()));
        push("total_price", json!(sums.price()));
    }
    let mut data = Map::new();
    for name in std::iter::once("t").chain(StatsEndpoint::Origination.series().iter().copied()) {
        data.insert(
            name.to_owned(),
            Value::Array(series.remove(name).unwrap_or_default()),
        );
    }
    json!({
        "data": data,
        "rows": buckets.len(),
        "totals": {
            "t": 0,
            "total_calls": totals.calls,
            "successful_calls": totals.answered,
            "failed_calls": totals.calls - totals.answered,
            "total_duration": totals.total_duration(),
            "acd": totals.acd(),
            "asr": totals.asr(),
            "total_price": totals.price(),
        }
    })
}

/// The filled axis from the bucket of `from` to the bucket of `now`, or `None` when too long.
fn filled_axis(from: i64, now: i64, sampling: Sampling) -> Option<Vec<i64>> {
    let size = sampling.seconds().unwrap_or(60);
    let first = bucket_start(from, sampling);
    let last = bucket_start(now, sampling);
    let count = usize::try_from((last - first) / size + 1).ok()?;
    (count <= MAX_POINTS).then(|| (0..count as i64).map(|i| first + i * size).collect())
}

/// `origination-statistics-quality`: every bucket up to now, zero rows where nothing happened
/// (and past `to-time`); totals over the whole range.
pub fn quality(state: &AppState, request: &StatsRequest, now: i64) -> Option<Value> {
    let axis = filled_axis(request.from, now, request.sampling)?;
    let size = request.sampling.seconds().unwrap_or(60);
    let to = request.to.unwrap_or(i64::MAX);
    let buckets = collect_sums(state, request, to, now, false);
    let empty = Sums::default();
    let mut totals = Sums::default();
    let (mut total_calls, mut acd, mut asr, mut cps) = (vec![], vec![], vec![], vec![]);
    for t in &axis {
        let sums = buckets.get(t).unwrap_or(&empty);
        totals.merge(sums);
        total_calls.push(json!(sums.calls));
        acd.push(json!(sums.acd()));
        asr.push(json!(sums.asr()));
        cps.push(json!(sums.cps(size)));
    }
    Some(json!({
        "data": {
            "t": axis,
            "total_calls": total_calls,
            "acd": acd,
            "asr": asr,
            "cps": cps,
        },
        "rows": axis.len(),
        "totals": {
            "t": 0,
            "total_calls": totals.calls,
            "acd": totals.acd(),
            "asr": totals.asr(),
            "cps": totals.cps(size),
        }
    }))
}

/// `origination-active-calls`: answered calls in progress at every minute up to now.
pub fn active_calls(state: &AppState, request: &StatsRequest, now: i64) -> Option<Value> {
    let axis = filled_axis(request.from, now, Sampling::Minute)?;
    let first = *axis.first()?;
    let to = request.to.unwrap_or(i64::MAX);
    let mut diff = vec![0i64; axis.len() + 1];
    state.history.for_each_call(
        &state.data,
        request.account,
        first - MAX_CALL_SECONDS,
        to,
        now,
        |call| {
            if !call.answered || !request.filter.matches(call, &state.data, request.account) {
                return;
            }
            // Minute marks k with start <= first + 60k < end.
            let low = (call.start - first).div_euclid(60)
                + i64::from((call.start - first).rem_euclid(60) != 0);
            let high = (call.end() - first - 1).div_euclid(60);
            let low = low.max(0);
            let high = high.min(axis.len() as i64 - 1);
            if low <= high {
                diff[low as usize] += 1;
                diff[high as usize + 1] -= 1;
            }
        },
    );
    let mut running = 0i64;
    let calls: Vec<i64> = axis
        .iter()
        .enumerate()
        .map(|(i, t)| {
            running += diff[i];
            if *t >= to { 0 } else { running }
        })
        .collect();
    Some(json!({
        "data": { "t": axis, "calls": calls },
        "rows": axis.len(),
    }))
}

fn answer(
    endpoint: StatsEndpoint,
    state: &AppState,
    customer: CustomerId,
    raw_query: Option<String>,
) -> Result<Response, Failure> {
    let request = parse_request(
        endpoint,
        &state.data,
        customer,
        raw_query.as_deref().unwrap_or(""),
    )?;
    let now = now_seconds();
    if request.from > now {
        return Ok(responses::plain_json(StatusCode::OK, &json!([])));
    }
    let body = match endpoint {
        StatsEndpoint::Origination => Some(origination(state, &request, now)),
        StatsEndpoint::Quality => quality(state, &request, now),
        StatsEndpoint::ActiveCalls => active_calls(state, &request, now),
    };
    let body = body.ok_or_else(|| {
        plain_bad_request(&format!(
            "too many points (more than {MAX_POINTS}): choose a later from-time or a coarser sampling"
        ))
    })?;
    Ok(responses::plain_json(StatusCode::OK, &body))
}

pub async fn origination_statistics(
    State(state): State<Arc<AppState>>,
    StatsCustomer(customer): StatsCustomer,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    answer(StatsEndpoint::Origination, &state, customer, query)
}

pub async fn origination_statistics_quality(
    State(state): State<Arc<AppState>>,
    StatsCustomer(customer): StatsCustomer,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    answer(StatsEndpoint::Quality, &state, customer, query)
}

pub async fn origination_active_calls(
    State(state): State<Arc<AppState>>,
    StatsCustomer(customer): StatsCustomer,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    answer(StatsEndpoint::ActiveCalls, &state, customer, query)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DEMO_CUSTOMER;

    fn state() -> AppState {
        AppState::new(&crate::Options::default())
    }

    fn request(state: &AppState, endpoint: StatsEndpoint, query: &str) -> StatsRequest {
        parse_request(endpoint, &state.data, DEMO_CUSTOMER, query).unwrap()
    }

    fn error_of(state: &AppState, endpoint: StatsEndpoint, query: &str) -> (u16, String) {
        let failure = parse_request(endpoint, &state.data, DEMO_CUSTOMER, query).unwrap_err();
        let status = failure.status().as_u16();
        let response = axum::response::IntoResponse::into_response(failure);
        let body = futures_body(response);
        (status, body)
    }

    fn futures_body(response: Response) -> String {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let bytes = runtime
            .block_on(axum::body::to_bytes(response.into_body(), 1 << 20))
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[test]
    fn validation_order_and_messages() {
        let state = state();
        let account = state.data.accounts[0].id.clone();
        let other = state.data.accounts[4].id.clone();
        let origination = StatsEndpoint::Origination;
        assert_eq!(
            error_of(&state, origination, ""),
            (
                400,
                r#"{"error":"missing required param(s) account-id, from-time, sampling"}"#.into()
            )
        );
        assert_eq!(
            error_of(
                &state,
                StatsEndpoint::ActiveCalls,
                "from-time=2026-01-01%2000:00:00"
            )
            .1,
            r#"{"error":"missing required param(s) account-id"}"#
        );
        let q = format!("account-id={other}&from-time=2026-01-01%2000:00:00&sampling=minute");
        assert_eq!(
            error_of(&state, origination, &q).1,
            r#"{"error":"invalid value account-id"}"#
        );
        let q = format!("account-id={account}&from-time=yesterday&sampling=minute");
        assert_eq!(
            error_of(&state, origination, &q).1,
            r#"{"error":"invalid value from-time"}"#
        );
        let q = format!("account-id={account}&from-time=2026-01-01T00:00:00Z&sampling=15minutes");
        assert_eq!(
            error_of(&state, origination, &q).1,
            r#"{"error":"invalid sampling"}"#
        );
        let q = format!(
            "account-id={account}&from-time=2026-01-01%2000:00:00&sampling=hour&duration-gt=x"
        );
        assert_eq!(
            error_of(&state, origination, &q).1,
            r#"{"error":"invalid value duration-gt"}"#
        );
        let q = format!("account-id={account}&from-time=2026-01-01%2000:00:00&sampling=15minutes");
        assert!(parse_request(StatsEndpoint::Quality, &state.data, DEMO_CUSTOMER, &q).is_ok());
    }

    #[test]
    fn buckets_align_to_utc_calendar() {
        let t = Utc
            .with_ymd_and_hms(2026, 7, 15, 13, 47, 12)
            .unwrap()
            .timestamp();
        let at = |y, mo, d, h, mi| {
            Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
                .unwrap()
                .timestamp()
        };
        assert_eq!(bucket_start(t, Sampling::Minute), at(2026, 7, 15, 13, 47));
        assert_eq!(
            bucket_start(t, Sampling::FiveMinutes),
            at(2026, 7, 15, 13, 45)
        );
        assert_eq!(
            bucket_start(t, Sampling::FifteenMinutes),
            at(2026, 7, 15, 13, 45)
        );
        assert_eq!(bucket_start(t, Sampling::Hour), at(2026, 7, 15, 13, 0));
        assert_eq!(bucket_start(t, Sampling::Day), at(2026, 7, 15, 0, 0));
        assert_eq!(bucket_start(t, Sampling::Week), at(2026, 7, 13, 0, 0)); // a Monday
        assert_eq!(bucket_start(t, Sampling::Month), at(2026, 7, 1, 0, 0));
    }

    #[test]
    fn totals_agree_with_the_series_and_quality_with_origination() {
        let state = state();
        let now = now_seconds();
        let account = &state.data.accounts[0].id;
        let from =
            api_model::stats::server_time(&DateTime::from_timestamp(now - 6 * 3600, 0).unwrap());
        let q = format!("account-id={account}&from-time={from}&sampling=minute");
        let stats = origination(
            &state,
            &request(&state, StatsEndpoint::Origination, &q),
            now,
        );
        let sum = |v: &Value, name: &str| -> Decimal {
            v["data"][name]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| match x {
                    Value::Number(n) => Decimal::from(n.as_u64().unwrap()),
                    Value::String(s) => s.parse().unwrap(),
                    _ => Decimal::ZERO,
                })
                .sum()
        };
        let total = |v: &Value, name: &str| -> Decimal {
            match &v["totals"][name] {
                Value::Number(n) => Decimal::from(n.as_u64().unwrap()),
                Value::String(s) => s.parse().unwrap(),
                other => panic!("{name}: {other}"),
            }
        };
        for name in [
            "total_calls",
            "successful_calls",
            "failed_calls",
            "total_price",
        ] {
            assert_eq!(sum(&stats, name), total(&stats, name), "{name}");
        }
        let rows = stats["rows"].as_u64().unwrap() as usize;
        assert_eq!(rows, stats["data"]["t"].as_array().unwrap().len());
        assert!(
            (sum(&stats, "total_duration") - total(&stats, "total_duration")).abs()
                <= Decimal::new(5, 3) * Decimal::from(rows as u64)
        );
        assert!(
            stats["data"]["total_calls"]
                .as_array()
                .unwrap()
                .iter()
                .all(|n| n.as_u64().unwrap() > 0)
        );

        let quality = quality(&state, &request(&state, StatsEndpoint::Quality, &q), now).unwrap();
        assert_eq!(total(&quality, "total_calls"), total(&stats, "total_calls"));
        assert_eq!(total(&quality, "acd"), total(&stats, "acd"));
        let axis = quality["data"]["t"].as_array().unwrap();
        assert_eq!(axis.len(), 6 * 60 + 1);
        assert!(
            axis.windows(2)
                .all(|w| w[1].as_i64().unwrap() - w[0].as_i64().unwrap() == 60)
        );
    }

    #[test]
    fn active_calls_count_calls_in_progress() {
        let state = state();
        let now = now_seconds();
        let account = &state.data.accounts[2].id;
        let from =
            api_model::stats::server_time(&DateTime::from_timestamp(now - 3 * 3600, 0).unwrap());
        let q = format!("account-id={account}&from-time={from}");
        let request = request(&state, StatsEndpoint::ActiveCalls, &q);
        let body = active_calls(&state, &request, now).unwrap();
        let axis: Vec<i64> = serde_json::from_value(body["data"]["t"].clone()).unwrap();
        let calls: Vec<i64> = serde_json::from_value(body["data"]["calls"].clone()).unwrap();
        assert_eq!(axis.len(), calls.len());
        // Check a few minute marks against a direct count.
        for index in [0, axis.len() / 2, axis.len() - 1] {
            let mark = axis[index];
            let mut expected = 0;
            state.history.for_each_call(
                &state.data,
                request.account,
                mark - MAX_CALL_SECONDS,
                mark + 1,
                now,
                |c| {
                    if c.answered && c.start <= mark && mark < c.end() {
                        expected += 1;
                    }
                },
            );
            assert_eq!(calls[index], expected, "at {mark}");
        }
    }

    #[test]
    fn filters_narrow_the_calls() {
        let state = state();
        let now = now_seconds();
        let account = &state.data.accounts[0].id;
        let from =
            api_model::stats::server_time(&DateTime::from_timestamp(now - 12 * 3600, 0).unwrap());
        let base = format!("account-id={account}&from-time={from}&sampling=hour");
        let calls = |extra: &str| {
            let q = format!("{base}&{extra}");
            let body = origination(
                &state,
                &request(&state, StatsEndpoint::Origination, &q),
                now,
            );
            body["totals"]["total_calls"].as_u64().unwrap()
        };
        let all = calls("x=1");
        assert!(all > 0);
        assert!(calls("duration-gt=60") < all);
        assert_eq!(calls("duration-gt=100000"), 0);
        assert_eq!(calls("src-prefix-routing-starts-with=38"), all);
        assert_eq!(calls("auth-orig-ip=10.9.9.9"), 0);
        let ukraine = state.data.countries[0].id.clone();
        assert_eq!(calls(&format!("src-country-id={ukraine}")), all);
        assert!(calls("customer-price-gt=0") < all);
    }
}
