//! Statistics endpoints: their query parameters and their parallel-array payloads.
//!
//! Payloads vary between deployments (numbers, decimal strings or nulls; missing series;
//! `rows` unequal to the array length; a bare `[]` for a future `from-time`), so decoding is
//! lenient and keeps every series as exact decimals with nulls as gaps.

use crate::number::Metric;
use crate::query::encode_pairs;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The form the real server's database accepts for times: `YYYY-MM-DD HH:MM:SS`, UTC.
pub fn server_time(time: &DateTime<Utc>) -> String {
    crate::date_text::format("%Y-%m-%d %H:%M:%S", &time.naive_utc())
}

/// Reads a time as the API or a user may write it: RFC 3339, or `YYYY-MM-DD HH:MM:SS` in UTC.
pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| crate::date_text::parse(text, "%Y-%m-%d %H:%M:%S").map(|n| n.and_utc()))
}

/// Which side of the customer's traffic a statistic counts: the calls its accounts originated
/// (the customer as a customer of the switch), or the calls terminated to them (the customer as
/// a vendor). The endpoints of both sides take the same parameters but the price filter
/// (`customer-price-*` or `vendor-price-*`) and `auth-orig-ip`, which only origination has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    Origination,
    Termination,
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::Origination, Direction::Termination];

    /// The optional narrowing parameters of this side's endpoints, by their query names, in the
    /// order they are sent.
    pub fn filter_params(self) -> &'static [&'static str] {
        match self {
            Direction::Origination => &ORIGINATION_FILTER_PARAMS,
            Direction::Termination => &TERMINATION_FILTER_PARAMS,
        }
    }
}

/// What a statistics endpoint reports, on either side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatsKind {
    /// Calls, durations, ACD, ASR and price per bucket with totals (`*-statistics`).
    Traffic,
    /// Calls, ACD, ASR and CPS on a filled axis with totals (`*-statistics-quality`).
    Quality,
    /// Calls in progress per minute (`*-active-calls`).
    ActiveCalls,
}

/// One statistics endpoint: a side of the traffic and what it reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StatsEndpoint {
    pub direction: Direction,
    pub kind: StatsKind,
}

impl StatsEndpoint {
    pub const ORIGINATION: StatsEndpoint =
        StatsEndpoint::new(Direction::Origination, StatsKind::Traffic);
    pub const ORIGINATION_QUALITY: StatsEndpoint =
        StatsEndpoint::new(Direction::Origination, StatsKind::Quality);
    pub const ORIGINATION_ACTIVE_CALLS: StatsEndpoint =
        StatsEndpoint::new(Direction::Origination, StatsKind::ActiveCalls);
    pub const TERMINATION: StatsEndpoint =
        StatsEndpoint::new(Direction::Termination, StatsKind::Traffic);
    pub const TERMINATION_QUALITY: StatsEndpoint =
        StatsEndpoint::new(Direction::Termination, StatsKind::Quality);
    pub const TERMINATION_ACTIVE_CALLS: StatsEndpoint =
        StatsEndpoint::new(Direction::Termination, StatsKind::ActiveCalls);

    pub const ALL: [StatsEndpoint; 6] = [
        StatsEndpoint::ORIGINATION,
        StatsEndpoint::ORIGINATION_QUALITY,
        StatsEndpoint::ORIGINATION_ACTIVE_CALLS,
        StatsEndpoint::TERMINATION,
        StatsEndpoint::TERMINATION_QUALITY,
        StatsEndpoint::TERMINATION_ACTIVE_CALLS,
    ];

    pub const fn new(direction: Direction, kind: StatsKind) -> StatsEndpoint {
        StatsEndpoint { direction, kind }
    }

    pub fn path(self) -> &'static str {
        use Direction::*;
        use StatsKind::*;
        match (self.direction, self.kind) {
            (Origination, Traffic) => "origination-statistics",
            (Origination, Quality) => "origination-statistics-quality",
            (Origination, ActiveCalls) => "origination-active-calls",
            (Termination, Traffic) => "termination-statistics",
            (Termination, Quality) => "termination-statistics-quality",
            (Termination, ActiveCalls) => "termination-active-calls",
        }
    }

    /// The endpoint at an API path (`termination-statistics`).
    pub fn from_path(path: &str) -> Option<StatsEndpoint> {
        StatsEndpoint::ALL.into_iter().find(|e| e.path() == path)
    }

    /// The metrics of the endpoint: its series of `data` besides `t`, in display order, and
    /// the members of its `totals` where it has them.
    pub fn metrics(self) -> &'static [StatsMetric] {
        use StatsMetric::*;
        match self.kind {
            StatsKind::Traffic => &[
                TotalCalls,
                SuccessfulCalls,
                FailedCalls,
                TotalDuration,
                Acd,
                Asr,
                TotalPrice,
            ],
            StatsKind::Quality => &[TotalCalls, Acd, Asr, Cps],
            StatsKind::ActiveCalls => &[ActiveCalls],
        }
    }

    /// Whether the answer carries `totals` (`WITH TOTALS` on the server).
    pub fn has_totals(self) -> bool {
        self.kind != StatsKind::ActiveCalls
    }

    /// The charts a view of the endpoint draws, one per unit; both sides draw the same.
    pub fn charts(self) -> &'static [Chart] {
        match self.kind {
            StatsKind::Traffic => &TRAFFIC_CHARTS,
            StatsKind::Quality => &QUALITY_CHARTS,
            StatsKind::ActiveCalls => &ACTIVE_CALLS_CHARTS,
        }
    }

    /// The `sampling` values the endpoint accepts; empty when it takes no `sampling`.
    pub fn samplings(self) -> &'static [Sampling] {
        use Sampling::*;
        match self.kind {
            StatsKind::Traffic => &[Minute, FiveMinutes, Hour, Day, Week, Month],
            StatsKind::Quality => &[Minute, FiveMinutes, FifteenMinutes],
            StatsKind::ActiveCalls => &[],
        }
    }

    /// The optional narrowing parameters the endpoint reads.
    pub fn filter_params(self) -> &'static [&'static str] {
        self.direction.filter_params()
    }
}

/// A statistic the endpoints report: a series of a payload's `data` (by its [`key`]) and, where
/// the endpoint counts totals, the member of `totals` of the same key. Every page that shows a
/// statistic names it by this type, so the access profile's flags (`crate::profile`) reach every
/// place it shows.
///
/// [`key`]: StatsMetric::key
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StatsMetric {
    TotalCalls,
    SuccessfulCalls,
    FailedCalls,
    /// Minutes of talk.
    TotalDuration,
    /// Average call duration in seconds, of the answered calls.
    Acd,
    /// Answer-seizure ratio, per cent.
    Asr,
    /// What the calls cost (originated) or earned (terminated), in the account's currency.
    TotalPrice,
    /// Calls per second: a bucket's calls over its length (`count(*) / interval` on the
    /// server, and so in `chart-originated-cps`).
    Cps,
    /// Calls in progress (`*-active-calls`).
    ActiveCalls,
}

/// What a metric is counted in, for axis labels and figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    Calls,
    Minutes,
    Seconds,
    Percent,
    CallsPerSecond,
    /// The account's currency.
    Currency,
}

impl StatsMetric {
    pub const ALL: [StatsMetric; 9] = [
        StatsMetric::TotalCalls,
        StatsMetric::SuccessfulCalls,
        StatsMetric::FailedCalls,
        StatsMetric::TotalDuration,
        StatsMetric::Acd,
        StatsMetric::Asr,
        StatsMetric::TotalPrice,
        StatsMetric::Cps,
        StatsMetric::ActiveCalls,
    ];

    /// Its name in a payload's `data` and `totals`.
    pub const fn key(self) -> &'static str {
        match self {
            StatsMetric::TotalCalls => "total_calls",
            StatsMetric::SuccessfulCalls => "successful_calls",
            StatsMetric::FailedCalls => "failed_calls",
            StatsMetric::TotalDuration => "total_duration",
            StatsMetric::Acd => "acd",
            StatsMetric::Asr => "asr",
            StatsMetric::TotalPrice => "total_price",
            StatsMetric::Cps => "cps",
            StatsMetric::ActiveCalls => "calls",
        }
    }

    /// The metric a payload's series or total of this name is; `None` for a name the portal
    /// does not know (a newer server's).
    pub fn from_key(key: &str) -> Option<StatsMetric> {
        StatsMetric::ALL.into_iter().find(|m| m.key() == key)
    }

    pub const fn unit(self) -> Unit {
        match self {
            StatsMetric::TotalDuration => Unit::Minutes,
            StatsMetric::Acd => Unit::Seconds,
            StatsMetric::Asr => Unit::Percent,
            StatsMetric::Cps => Unit::CallsPerSecond,
            StatsMetric::TotalPrice => Unit::Currency,
            _ => Unit::Calls,
        }
    }

    /// The metrics this one is worked out from, when it is arithmetic on another: whoever may
    /// not see a source may not see what comes of it (the calls per second give away the calls
    /// counted).
    pub const fn sources(self) -> &'static [StatsMetric] {
        match self {
            StatsMetric::Cps => &[StatsMetric::TotalCalls],
            _ => &[],
        }
    }

    /// The metric a narrowing parameter of the endpoints bounds, if it bounds one: the price
    /// bounds (`customer-price-gt`, `vendor-price-lt`, …) tell what calls cost.
    pub fn narrowed_by(param: &str) -> Option<StatsMetric> {
        is_price_param(param).then_some(StatsMetric::TotalPrice)
    }
}

/// One chart of a statistics view: its id (unique in the view) and the metrics it draws, the
/// first of which names the unit of its value axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chart {
    pub id: &'static str,
    pub metrics: &'static [StatsMetric],
}

impl Chart {
    /// The unit of its value axis.
    pub fn unit(&self) -> Unit {
        self.metrics
            .first()
            .map_or(Unit::Calls, |metric| metric.unit())
    }
}

const fn chart(id: &'static str, metrics: &'static [StatsMetric]) -> Chart {
    Chart { id, metrics }
}

const TRAFFIC_CHARTS: [Chart; 5] = [
    chart(
        "calls",
        &[
            StatsMetric::TotalCalls,
            StatsMetric::SuccessfulCalls,
            StatsMetric::FailedCalls,
        ],
    ),
    chart("duration", &[StatsMetric::TotalDuration]),
    chart("acd", &[StatsMetric::Acd]),
    chart("asr", &[StatsMetric::Asr]),
    chart("price", &[StatsMetric::TotalPrice]),
];

const QUALITY_CHARTS: [Chart; 4] = [
    chart("calls", &[StatsMetric::TotalCalls]),
    chart("acd", &[StatsMetric::Acd]),
    chart("asr", &[StatsMetric::Asr]),
    chart("cps", &[StatsMetric::Cps]),
];

const ACTIVE_CALLS_CHARTS: [Chart; 1] = [chart("active-calls", &[StatsMetric::ActiveCalls])];

/// The chart of `POST /chart-originated-cps`: the originated calls per second, minute by
/// minute.
pub const ORIGINATED_CPS_CHARTS: [Chart; 1] = [chart("cps", &[StatsMetric::Cps])];

/// The figures of an account's day that the overview and the account's page show, on each side:
/// its calls in progress, and its calls, ASR, ACD and price of today.
pub const TODAYS_FIGURES: [StatsMetric; 5] = [
    StatsMetric::ActiveCalls,
    StatsMetric::TotalCalls,
    StatsMetric::Asr,
    StatsMetric::Acd,
    StatsMetric::TotalPrice,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sampling {
    Minute,
    FiveMinutes,
    FifteenMinutes,
    Hour,
    Day,
    Week,
    Month,
}

impl Sampling {
    pub const ALL: [Sampling; 7] = [
        Sampling::Minute,
        Sampling::FiveMinutes,
        Sampling::FifteenMinutes,
        Sampling::Hour,
        Sampling::Day,
        Sampling::Week,
        Sampling::Month,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Sampling::Minute => "minute",
            Sampling::FiveMinutes => "5minutes",
            Sampling::FifteenMinutes => "15minutes",
            Sampling::Hour => "hour",
            Sampling::Day => "day",
            Sampling::Week => "week",
            Sampling::Month => "month",
        }
    }

    pub fn parse(text: &str) -> Option<Sampling> {
        Sampling::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Bucket length in seconds for fixed-length samplings (`month` varies: `None`).
    pub fn seconds(self) -> Option<i64> {
        match self {
            Sampling::Minute => Some(60),
            Sampling::FiveMinutes => Some(300),
            Sampling::FifteenMinutes => Some(900),
            Sampling::Hour => Some(3600),
            Sampling::Day => Some(86_400),
            Sampling::Week => Some(604_800),
            Sampling::Month => None,
        }
    }
}

impl fmt::Display for Sampling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Optional narrowing parameters of the origination endpoints (section 4.3), by their query
/// names: the customer's price and the address calls came from.
pub const ORIGINATION_FILTER_PARAMS: [&str; 17] = [
    "src-country-id",
    "dst-country-id",
    "src-prefix-routing-eq",
    "src-prefix-routing-starts-with",
    "src-prefix-routing-ends-with",
    "src-prefix-routing-contains",
    "dst-prefix-routing-eq",
    "dst-prefix-routing-starts-with",
    "dst-prefix-routing-ends-with",
    "dst-prefix-routing-contains",
    "duration-eq",
    "duration-gt",
    "duration-lt",
    "auth-orig-ip",
    "customer-price-eq",
    "customer-price-gt",
    "customer-price-lt",
];

/// Optional narrowing parameters of the termination endpoints (sections 13–15): the vendor's
/// price in place of the customer's, and no `auth-orig-ip`.
pub const TERMINATION_FILTER_PARAMS: [&str; 16] = [
    "src-country-id",
    "dst-country-id",
    "src-prefix-routing-eq",
    "src-prefix-routing-starts-with",
    "src-prefix-routing-ends-with",
    "src-prefix-routing-contains",
    "dst-prefix-routing-eq",
    "dst-prefix-routing-starts-with",
    "dst-prefix-routing-ends-with",
    "dst-prefix-routing-contains",
    "duration-eq",
    "duration-gt",
    "duration-lt",
    "vendor-price-eq",
    "vendor-price-gt",
    "vendor-price-lt",
];

/// Whether a narrowing parameter is a price bound (`customer-price-gt`, `vendor-price-eq`, …).
pub fn is_price_param(name: &str) -> bool {
    ["customer-price-", "vendor-price-"]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

/// A statistics request.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StatsQuery {
    pub account_id: String,
    pub from_time: Option<DateTime<Utc>>,
    pub to_time: Option<DateTime<Utc>>,
    pub sampling: Option<Sampling>,
    /// Narrowing parameters by name; only those of the endpoint's side are sent, in its order.
    pub filters: BTreeMap<String, String>,
}

impl StatsQuery {
    pub fn to_pairs(&self, endpoint: StatsEndpoint) -> Vec<(String, String)> {
        let mut pairs = vec![("account-id".to_owned(), self.account_id.clone())];
        if let Some(from) = &self.from_time {
            pairs.push(("from-time".into(), server_time(from)));
        }
        if let Some(to) = &self.to_time {
            pairs.push(("to-time".into(), server_time(to)));
        }
        if let (Some(sampling), false) = (self.sampling, endpoint.samplings().is_empty()) {
            pairs.push(("sampling".into(), sampling.as_str().into()));
        }
        for name in endpoint.filter_params() {
            if let Some(value) = self.filters.get(*name).filter(|v| !v.trim().is_empty()) {
                pairs.push(((*name).to_owned(), value.trim().to_owned()));
            }
        }
        pairs
    }

    pub fn to_query(&self, endpoint: StatsEndpoint) -> String {
        encode_pairs(&self.to_pairs(endpoint))
    }
}

/// A decoded statistics payload: the time axis, each series present, `rows`, `totals`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct StatsPayload {
    /// Bucket starts in unix seconds.
    pub t: Vec<i64>,
    pub series: BTreeMap<String, Vec<Metric>>,
    pub rows: u64,
    pub totals: Option<BTreeMap<String, Metric>>,
}

impl StatsPayload {
    pub fn is_empty(&self) -> bool {
        self.t.is_empty()
    }

    pub fn series(&self, name: &str) -> Option<&[Metric]> {
        self.series.get(name).map(Vec::as_slice)
    }

    pub fn total(&self, name: &str) -> Option<Decimal> {
        self.totals.as_ref()?.get(name)?.0
    }

    pub fn times(&self) -> impl Iterator<Item = Option<DateTime<Utc>>> + '_ {
        self.t.iter().map(|s| DateTime::from_timestamp(*s, 0))
    }
}

#[derive(Deserialize)]
struct RawPayload {
    #[serde(default)]
    data: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    rows: Option<serde_json::Value>,
    #[serde(default)]
    totals: Option<BTreeMap<String, Metric>>,
}

impl<'de> Deserialize<'de> for StatsPayload {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::json_shape::ObjectOrArray;
        use serde::de::Error;
        // A `from-time` in the future answers a bare `[]`.
        match ObjectOrArray::<RawPayload, Vec<serde_json::Value>>::deserialize(d)? {
            ObjectOrArray::Array(items) if items.is_empty() => Ok(StatsPayload::default()),
            ObjectOrArray::Array(_) => Err(D::Error::custom(
                "expected a statistics object, found a non-empty array",
            )),
            ObjectOrArray::Object(RawPayload { data, rows, totals }) => {
                let mut t = Vec::new();
                let mut series = BTreeMap::new();
                for (name, values) in data {
                    if name == "t" {
                        t = decode_times(values).map_err(D::Error::custom)?;
                    } else {
                        let metrics: Vec<Metric> = serde_json::from_value(values)
                            .map_err(|e| D::Error::custom(format!("series {name}: {e}")))?;
                        series.insert(name, metrics);
                    }
                }
                let rows = match rows {
                    Some(serde_json::Value::Number(n)) => n.as_u64().unwrap_or(0),
                    Some(serde_json::Value::String(s)) => s.trim().parse().unwrap_or(0),
                    _ => t.len() as u64,
                };
                Ok(StatsPayload {
                    t,
                    series,
                    rows,
                    totals,
                })
            }
        }
    }
}

fn decode_times(values: serde_json::Value) -> Result<Vec<i64>, String> {
    let serde_json::Value::Array(items) = values else {
        return Err("series t is not an array".into());
    };
    items
        .into_iter()
        .map(|item| match &item {
            serde_json::Value::Number(n) => n
                .as_i64()
                .or_else(|| {
                    n.as_f64()
                        .filter(|f| f.is_finite() && f.abs() < 1e15)
                        .map(|f| f as i64)
                })
                .ok_or_else(|| format!("time {n} is out of range")),
            serde_json::Value::String(s) => s
                .trim()
                .parse::<i64>()
                .ok()
                .or_else(|| parse_time(s).map(|t| t.timestamp()))
                .ok_or_else(|| format!("time {s:?} cannot be read")),
            other => Err(format!("time {other} cannot be read")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_uses_server_time_format_and_only_accepted_params() {
        let mut query = StatsQuery {
            account_id: "a1".into(),
            from_time: parse_time("2026-07-01T00:00:00.000Z"),
            to_time: parse_time("2026-07-02 00:00:00"),
            sampling: Some(Sampling::Minute),
            filters: BTreeMap::new(),
        };
        query
            .filters
            .insert("auth-orig-ip".into(), "10.0.0.1".into());
        query.filters.insert("duration-gt".into(), " ".into());
        assert_eq!(
            query.to_query(StatsEndpoint::ORIGINATION),
            "account-id=a1&from-time=2026-07-01%2000:00:00&to-time=2026-07-02%2000:00:00&sampling=minute&auth-orig-ip=10.0.0.1"
        );
        assert!(
            !query
                .to_query(StatsEndpoint::ORIGINATION_ACTIVE_CALLS)
                .contains("sampling")
        );
    }

    #[test]
    fn bare_empty_array_is_an_empty_payload() {
        let payload: StatsPayload = serde_json::from_str("[]").unwrap();
        assert!(payload.is_empty());
        let payload: StatsPayload = serde_json::from_str(r#"{"data":{},"rows":0}"#).unwrap();
        assert!(payload.is_empty());
        assert!(serde_json::from_str::<StatsPayload>("[1]").is_err());
    }

    #[test]
    fn nulls_stay_gaps_and_rows_is_kept() {
        let payload: StatsPayload =
            serde_json::from_str(r#"{"data":{"t":[1,2],"acd":[null,"4.5"]},"rows":123}"#).unwrap();
        assert_eq!(payload.rows, 123);
        assert_eq!(payload.series("acd").unwrap()[0], Metric(None));
        assert_eq!(
            payload.series("acd").unwrap()[1].0.unwrap().to_string(),
            "4.5"
        );
        assert!(payload.series("asr").is_none());
    }

    #[test]
    fn samplings_per_endpoint() {
        let names = |e: StatsEndpoint| e.samplings().iter().map(|s| s.as_str()).collect::<Vec<_>>();
        assert_eq!(
            names(StatsEndpoint::ORIGINATION),
            ["minute", "5minutes", "hour", "day", "week", "month"]
        );
        assert_eq!(
            names(StatsEndpoint::ORIGINATION_QUALITY),
            ["minute", "5minutes", "15minutes"]
        );
        assert!(names(StatsEndpoint::ORIGINATION_ACTIVE_CALLS).is_empty());
    }

    #[test]
    fn each_side_sends_only_its_own_narrowing_parameters() {
        let mut query = StatsQuery {
            account_id: "a1".into(),
            from_time: parse_time("2026-07-01 00:00:00"),
            sampling: Some(Sampling::Hour),
            ..StatsQuery::default()
        };
        for (name, value) in [
            ("auth-orig-ip", "10.0.0.1"),
            ("customer-price-gt", "1"),
            ("vendor-price-lt", "2.5"),
            ("dst-country-id", "7"),
        ] {
            query.filters.insert(name.into(), value.into());
        }
        assert_eq!(
            query.to_query(StatsEndpoint::ORIGINATION),
            "account-id=a1&from-time=2026-07-01%2000:00:00&sampling=hour&dst-country-id=7&auth-orig-ip=10.0.0.1&customer-price-gt=1"
        );
        assert_eq!(
            query.to_query(StatsEndpoint::TERMINATION),
            "account-id=a1&from-time=2026-07-01%2000:00:00&sampling=hour&dst-country-id=7&vendor-price-lt=2.5"
        );
        assert!(!TERMINATION_FILTER_PARAMS.contains(&"auth-orig-ip"));
        assert!(
            TERMINATION_FILTER_PARAMS
                .iter()
                .all(|p| !p.starts_with("customer-"))
        );
        assert!(
            ORIGINATION_FILTER_PARAMS
                .iter()
                .all(|p| !p.starts_with("vendor-"))
        );
        assert!(is_price_param("vendor-price-eq") && is_price_param("customer-price-lt"));
        assert!(!is_price_param("duration-gt"));
    }

    #[test]
    fn endpoints_are_named_by_side_and_kind() {
        let paths: Vec<&str> = StatsEndpoint::ALL.iter().map(|e| e.path()).collect();
        assert_eq!(
            paths,
            [
                "origination-statistics",
                "origination-statistics-quality",
                "origination-active-calls",
                "termination-statistics",
                "termination-statistics-quality",
                "termination-active-calls",
            ]
        );
        for endpoint in StatsEndpoint::ALL {
            assert_eq!(StatsEndpoint::from_path(endpoint.path()), Some(endpoint));
        }
        assert_eq!(
            StatsEndpoint::TERMINATION_QUALITY.samplings(),
            StatsEndpoint::ORIGINATION_QUALITY.samplings()
        );
        assert_eq!(
            StatsEndpoint::TERMINATION.metrics(),
            StatsEndpoint::ORIGINATION.metrics()
        );
        assert_eq!(StatsEndpoint::from_path("incoming-statistics"), None);
    }
}
