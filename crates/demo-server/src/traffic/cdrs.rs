//! What a call-detail record shows of a synthetic call: its numbers, times and disconnect
//! code, which calls an export's filters select, and the gzip-compressed CSV of an export.
//!
//! A call's numbers are full numbers, as on a switch: the source number is one of a small pool
//! per source prefix (customers call from a limited set of numbers), the destination number
//! starts with the prefix of the rate the call was priced with. `*-prefix-routing-*`
//! statistics parameters and export filters match these numbers.

use crate::model::data_set::DataSet;
use crate::model::records::{AccountRecord, CdrExportRecord, RateRecord};
use crate::seeded::numbers::{DEFAULT_NUMBER_LENGTH, digits_after, source_number};
use crate::seeded::random::mix;
use crate::traffic::calls::{Call, CallHistory};
use api_model::resources::CdrExportTimeFormat;
use api_model::stats::parse_time;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;

/// The number the call came from (`src_prefix_routing`).
pub fn src_number(account: &AccountRecord, call: &Call) -> String {
    let prefix = account
        .traffic
        .src_prefixes
        .get(call.src_prefix)
        .map_or("", String::as_str);
    source_number(prefix, mix(call.key) >> 7)
}

/// The number the call went to (`dst_prefix_routing`).
pub fn dst_number(data: &DataSet, call: &Call) -> String {
    let rate = call_rate(data, call);
    let prefix = rate.map_or("", |r| r.attributes.prefix.as_str());
    let length = rate
        .and_then(|r| r.attributes.dst_number_min_length)
        .and_then(|l| usize::try_from(l).ok())
        .filter(|l| *l > prefix.len())
        .unwrap_or(DEFAULT_NUMBER_LENGTH);
    digits_after(prefix, length, mix(call.key ^ 0x0d57))
}

pub fn call_rate<'d>(data: &'d DataSet, call: &Call) -> Option<&'d RateRecord> {
    call.rate.and_then(|index| data.rates.get(index))
}

/// The filters of an export, read once: the time range and the optional narrowing keys.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExportFilters {
    /// Unix seconds, inclusive.
    pub from: Option<i64>,
    /// Unix seconds, exclusive (`time_start_lt`, or `time_start_lteq` plus a second).
    pub to: Option<i64>,
    pub success: Option<bool>,
    pub duration_eq: Option<u64>,
    pub duration_gteq: Option<u64>,
    pub duration_lteq: Option<u64>,
    pub src_number: Option<String>,
    pub dst_number: Option<String>,
}

impl ExportFilters {
    pub fn read(filters: &BTreeMap<String, Value>) -> ExportFilters {
        let time = |key: &str| {
            filters
                .get(key)
                .and_then(Value::as_str)
                .and_then(parse_time)
                .map(|t| t.timestamp())
        };
        let text = |key: &str| filters.get(key).and_then(Value::as_str).map(str::to_owned);
        let seconds = |key: &str| filters.get(key).and_then(Value::as_u64);
        ExportFilters {
            from: time("time_start_gteq"),
            to: time("time_start_lt").or_else(|| time("time_start_lteq").map(|t| t + 1)),
            success: filters.get("success_eq").and_then(Value::as_bool),
            duration_eq: seconds("duration_eq"),
            duration_gteq: seconds("duration_gteq"),
            duration_lteq: seconds("duration_lteq"),
            src_number: text("src_prefix_routing_eq"),
            dst_number: text("dst_prefix_routing_eq"),
        }
    }

    fn matches(&self, call: &Call, account: &AccountRecord, data: &DataSet) -> bool {
        self.success.is_none_or(|s| s == call.answered)
            && self.duration_eq.is_none_or(|d| call.duration == d)
            && self.duration_gteq.is_none_or(|d| call.duration >= d)
            && self.duration_lteq.is_none_or(|d| call.duration <= d)
            && self
                .src_number
                .as_ref()
                .is_none_or(|n| *n == src_number(account, call))
            && self
                .dst_number
                .as_ref()
                .is_none_or(|n| *n == dst_number(data, call))
    }
}

/// Calls `f` for every call of the export: the account's calls in the filters' range that
/// match them, as they stood when the export was last updated (so a finished export never
/// grows). An export without a time range has no calls.
pub fn for_each_export_call(data: &DataSet, export: &CdrExportRecord, mut f: impl FnMut(&Call)) {
    let filters = ExportFilters::read(&export.attributes.filters);
    let (Some(from), Some(to), Some(account)) =
        (filters.from, filters.to, data.accounts.get(export.account))
    else {
        return;
    };
    let snapshot = export.attributes.updated_at.timestamp();
    CallHistory::of(data).for_each_call(export.account, from, to, snapshot, |call| {
        if filters.matches(call, account, data) {
            f(call)
        }
    });
}

pub fn count_export_rows(data: &DataSet, export: &CdrExportRecord) -> u64 {
    let mut rows = 0;
    for_each_export_call(data, export, |_| rows += 1);
    rows
}

/// Brings every export up to date: a Pending one whose time has come completes, and an
/// export with a file gets its `rows-count` counted from the call history once.
pub fn settle(data: &DataSet, exports: &mut [CdrExportRecord], now: DateTime<Utc>) {
    for export in exports.iter_mut() {
        export.advance(now);
        if export.rows_to_count {
            let rows = i64::try_from(count_export_rows(data, export)).unwrap_or(i64::MAX);
            export.attributes.rows_count = Some(rows);
            export.rows_to_count = false;
        }
    }
}

/// [`settle`] on the data set's own exports.
pub fn settle_all(data: &DataSet, now: DateTime<Utc>) {
    // A panic while holding the lock cannot leave a half-written export behind (`settle` only
    // sets whole fields, a push adds a whole record), so the data is still sound.
    let mut exports = data
        .cdr_exports
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    settle(data, &mut exports, now);
}

/// The CDR attributes an export has as columns, in order; each column is titled like the
/// real server's (`time_start` → `Time Start`, see [`column_title`]). The operator's hidden
/// CDR fields leave the file.
pub const CSV_FIELDS: [&str; 20] = [
    "time-start",
    "time-connect",
    "time-end",
    "success",
    "duration",
    "src-prefix-in",
    "dst-prefix-in",
    "lega-disconnect-code",
    "lega-disconnect-reason",
    "auth-orig-ip",
    "src-prefix-routing",
    "dst-prefix-routing",
    "destination-prefix",
    "destination-initial-interval",
    "destination-next-interval",
    "destination-initial-rate",
    "destination-next-rate",
    "destination-fee",
    "customer-price",
    "customer-duration",
];

const FAILURES: [(u16, &str); 5] = [
    (486, "Busy Here"),
    (480, "Temporarily Unavailable"),
    (487, "Request Terminated"),
    (404, "Not Found"),
    (503, "Service Unavailable"),
];

/// How an export writes times, by its `time-format`, like PostgreSQL prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeFormat {
    /// `2026-02-03 20:21:32.118457+00`
    WithTimezone,
    /// `2026-02-03 20:21:32.118457`
    WithoutTimezone,
    /// `2026-02-03 20:21:32`
    RoundToSeconds,
}

impl TimeFormat {
    pub fn of(export: &CdrExportRecord) -> TimeFormat {
        match export.attributes.time_format {
            Some(CdrExportTimeFormat::WithoutTimezone) => TimeFormat::WithoutTimezone,
            Some(CdrExportTimeFormat::RoundToSeconds) => TimeFormat::RoundToSeconds,
            _ => TimeFormat::WithTimezone,
        }
    }

    fn write(self, micros: i64) -> String {
        let Some(time) = DateTime::from_timestamp_micros(micros) else {
            return String::new();
        };
        let seconds = time.format("%Y-%m-%d %H:%M:%S");
        let fraction = micros.rem_euclid(1_000_000);
        match self {
            TimeFormat::RoundToSeconds => seconds.to_string(),
            TimeFormat::WithoutTimezone if fraction == 0 => seconds.to_string(),
            TimeFormat::WithoutTimezone => format!("{seconds}.{fraction:06}"),
            TimeFormat::WithTimezone if fraction == 0 => format!("{seconds}+00"),
            TimeFormat::WithTimezone => format!("{seconds}.{fraction:06}+00"),
        }
    }
}

/// A CSV field, quoted when it has to be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// When the call started, in microseconds: its whole second and a fraction only a CDR shows.
/// When the call started, in Unix microseconds, as its CDR's `time-start` says (within the
/// second of [`Call::start`]).
pub fn start_micros(call: &Call) -> i64 {
    call.start * 1_000_000 + (mix(call.key ^ 0x0c5f) % 1_000_000) as i64
}

/// A call's times as its CDR gives them, in Unix microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallTimes {
    pub start: i64,
    /// `None` for a failed call.
    pub connect: Option<i64>,
    pub end: i64,
}

/// The call's times: it rings for a while, then talks for its duration or ends unanswered.
pub fn call_times(call: &Call) -> CallTimes {
    let bits = mix(call.key ^ 0x0c5f);
    let start = start_micros(call);
    let ring = 800_000 + ((bits >> 20) % 5_000) as i64 * 1000;
    if call.answered {
        let connect = start + ring;
        let duration = i64::try_from(call.duration).unwrap_or(0) * 1_000_000;
        CallTimes {
            start,
            connect: Some(connect),
            end: connect + duration,
        }
    } else {
        CallTimes {
            start,
            connect: None,
            end: start + ring,
        }
    }
}

/// The SIP code and reason the call ended with: `200 Bye` when answered, else a failure.
pub fn disconnect(call: &Call) -> (u16, &'static str) {
    if call.answered {
        (200, "Bye")
    } else {
        let bits = mix(call.key ^ 0x0c5f);
        FAILURES[((bits >> 40) % FAILURES.len() as u64) as usize]
    }
}

/// The duration the customer pays for (`customer-duration`).
pub fn billed_seconds(data: &DataSet, call: &Call) -> i64 {
    call_rate(data, call).map_or(0, |r| r.billed_seconds(call.duration, call.answered))
}

/// The IP address the account sent the call from (`auth-orig-ip`).
pub fn orig_ip<'d>(account: &'d AccountRecord, call: &Call) -> &'d str {
    account.traffic.ips.get(call.ip).map_or("", String::as_str)
}

/// The CSV row of one call, without the line end: the fields of [`CSV_FIELDS`] but `hidden`.
pub fn csv_row(
    data: &DataSet,
    account: &AccountRecord,
    call: &Call,
    format: TimeFormat,
    hidden: &[String],
) -> String {
    let times = call_times(call);
    let (code, reason) = disconnect(call);
    let rate = call_rate(data, call);
    let src = src_number(account, call);
    let dst = dst_number(data, call);
    let money = |value: Option<Decimal>| value.map(|v| v.to_string()).unwrap_or_default();
    let fields: [String; 20] = [
        format.write(times.start),
        times.connect.map(|t| format.write(t)).unwrap_or_default(),
        format.write(times.end),
        if call.answered { "t" } else { "f" }.to_owned(),
        call.duration.to_string(),
        src.clone(),
        dst.clone(),
        code.to_string(),
        reason.to_owned(),
        orig_ip(account, call).to_owned(),
        src,
        dst,
        rate.map(|r| r.attributes.prefix.clone())
            .unwrap_or_default(),
        rate.map(|r| r.attributes.initial_interval.to_string())
            .unwrap_or_default(),
        rate.map(|r| r.attributes.next_interval.to_string())
            .unwrap_or_default(),
        money(rate.map(|r| r.attributes.initial_rate)),
        money(rate.map(|r| r.attributes.next_rate)),
        money(rate.and_then(|r| r.attributes.connect_fee)),
        call.price(data).to_string(),
        billed_seconds(data, call).to_string(),
    ];
    CSV_FIELDS
        .iter()
        .zip(&fields)
        .filter(|(name, _)| !is_hidden(hidden, name))
        .map(|(_, f)| csv_field(f))
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether the operator hides the CDR attribute `name`.
pub fn is_hidden(hidden: &[String], name: &str) -> bool {
    hidden.iter().any(|h| h == name)
}

/// The header line of an export: the titles of the columns not hidden.
pub fn csv_header(hidden: &[String]) -> String {
    CSV_FIELDS
        .iter()
        .filter(|name| !is_hidden(hidden, name))
        .map(|name| column_title(name))
        .collect::<Vec<_>>()
        .join(",")
}

/// The real server's column title of an attribute: `time-start` → `Time Start`.
pub fn column_title(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The export's file: a header line and one row per call, newest first, gzip-compressed.
/// Also answers how many data rows it holds.
pub fn export_csv_gz(data: &DataSet, export: &CdrExportRecord) -> std::io::Result<(Vec<u8>, u64)> {
    let mut calls = Vec::new();
    for_each_export_call(data, export, |call| calls.push(*call));
    // Newest first, like the real export; the key breaks ties so the order is stable.
    calls.sort_by_cached_key(|call| std::cmp::Reverse((start_micros(call), call.key)));
    let format = TimeFormat::of(export);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let hidden = &data.hidden_cdr_fields;
    writeln!(gz, "{}", csv_header(hidden))?;
    if let Some(account) = data.accounts.get(export.account) {
        for call in &calls {
            writeln!(gz, "{}", csv_row(data, account, call, format, hidden))?;
        }
    }
    Ok((gz.finish()?, calls.len() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_print_like_postgres() {
        let micros = 1_767_225_600_118_457; // 2026-01-01 00:00:00.118457 UTC
        assert_eq!(
            TimeFormat::WithTimezone.write(micros),
            "2026-01-01 00:00:00.118457+00"
        );
        assert_eq!(
            TimeFormat::WithoutTimezone.write(micros),
            "2026-01-01 00:00:00.118457"
        );
        assert_eq!(
            TimeFormat::RoundToSeconds.write(micros),
            "2026-01-01 00:00:00"
        );
        assert_eq!(
            TimeFormat::WithTimezone.write(1_767_225_600_000_000),
            "2026-01-01 00:00:00+00"
        );
    }

    #[test]
    fn export_filters_read_every_key() {
        let filters: BTreeMap<String, Value> = serde_json::from_value(serde_json::json!({
            "time_start_gteq": "2026-01-01 00:00:00",
            "time_start_lteq": "2026-01-02T00:00:00.000Z",
            "success_eq": true,
            "duration_gteq": 30,
            "src_prefix_routing_eq": "380441234567"
        }))
        .unwrap();
        let read = ExportFilters::read(&filters);
        assert_eq!(read.from, Some(1_767_225_600));
        assert_eq!(read.to, Some(1_767_225_600 + 86_401));
        assert_eq!(read.success, Some(true));
        assert_eq!(read.duration_gteq, Some(30));
        assert_eq!(read.src_number.as_deref(), Some("380441234567"));
        assert_eq!(
            ExportFilters::read(&BTreeMap::new()),
            ExportFilters::default()
        );
    }

    #[test]
    fn columns_are_titled_like_the_real_servers_and_hidden_ones_leave() {
        assert_eq!(column_title("auth-orig-ip"), "Auth Orig Ip");
        let header = csv_header(&[]);
        assert!(header.starts_with("Time Start,Time Connect,Time End,Success,Duration,"));
        assert!(header.ends_with("Customer Price,Customer Duration"));
        let hidden = csv_header(&["time-connect".to_owned(), "customer-price".to_owned()]);
        assert_eq!(hidden.split(',').count(), 18);
        assert!(!hidden.contains("Time Connect") && !hidden.contains("Customer Price"));
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
