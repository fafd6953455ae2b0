//! `GET /outgoing-active-calls` (section 16): the calls an account has in progress now, from the
//! switch's latest snapshot. Plain JSON (`{"data": [rows], "rows": n}`), not JSON:API; its
//! times are ClickHouse `DateTime` texts without a zone (`2025-12-18 15:38:34`), read here as
//! UTC.
//!
//! The page URL carries the API's own query (`account-id` and the narrowing parameters), so
//! [`LiveQuery`] reads one and writes the other.

use crate::number::Metric;
use crate::query::{decode_pairs, encode_pairs};
use crate::stats::parse_time;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::net::IpAddr;

pub const PATH: &str = "outgoing-active-calls";

/// `connect-time-null`: `true` keeps the calls not yet answered, `false` the connected ones.
pub const ANSWERED_PARAM: &str = "connect-time-null";

/// The text fields the server matches with `-eq`, `-starts-with`, `-ends-with`, `-contains`.
pub const TEXT_FIELDS: [&str; 5] = [
    "src-name-in",
    "src-prefix-in",
    "dst-prefix-in",
    "src-prefix-routing",
    "dst-prefix-routing",
];

pub const TEXT_MATCHES: [&str; 4] = ["eq", "starts-with", "ends-with", "contains"];

/// The address fields of the customer's side of the call.
pub const ADDRESS_PARAMS: [&str; 3] = [
    "auth-orig-ip",
    "auth-orig-port",
    "auth-orig-transport-protocol-id",
];

/// Every optional parameter the endpoint reads, in the order they are sent.
pub fn filter_params() -> Vec<String> {
    let mut names = vec![ANSWERED_PARAM.to_owned()];
    names.extend(ADDRESS_PARAMS.iter().map(|p| (*p).to_owned()));
    for field in TEXT_FIELDS {
        names.extend(TEXT_MATCHES.iter().map(|m| format!("{field}-{m}")));
    }
    names
}

/// Which calls the answered filter keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answered {
    Any,
    /// Connected: `connect-time-null=false`.
    Yes,
    /// Still ringing: `connect-time-null=true`.
    NotYet,
}

impl Answered {
    pub const ALL: [Answered; 3] = [Answered::Any, Answered::Yes, Answered::NotYet];

    /// The value of `connect-time-null`; `None` leaves it out.
    pub fn param(self) -> Option<&'static str> {
        match self {
            Answered::Any => None,
            Answered::Yes => Some("false"),
            Answered::NotYet => Some("true"),
        }
    }

    pub fn from_param(value: Option<&str>) -> Answered {
        match value.map(str::trim) {
            Some("false") => Answered::Yes,
            Some("true") => Answered::NotYet,
            _ => Answered::Any,
        }
    }
}

/// What is wrong with one field of the live calls' form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveProblem {
    ChooseAccount,
    /// The value as typed.
    NotAnIp(String),
    NotAPort(String),
    NotATransport(String),
    NotTrueOrFalse(String),
}

/// The request for an account's live calls, as the page URL and the API both write it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LiveQuery {
    pub account_id: String,
    /// Narrowing parameters by name; empty values are left out.
    pub filters: BTreeMap<String, String>,
}

impl LiveQuery {
    /// Reads a query (the page's or the API's); unknown parameters are dropped.
    pub fn from_query(query: &str) -> LiveQuery {
        let known = filter_params();
        let mut live = LiveQuery::default();
        for (name, value) in decode_pairs(query) {
            let value = value.trim().to_owned();
            if name == "account-id" {
                live.account_id = value;
            } else if known.contains(&name) && !value.is_empty() {
                live.filters.insert(name, value);
            }
        }
        live
    }

    /// The query, in the endpoint's order of parameters.
    pub fn to_query(&self) -> String {
        let mut pairs = Vec::new();
        if !self.account_id.trim().is_empty() {
            pairs.push(("account-id".to_owned(), self.account_id.trim().to_owned()));
        }
        for name in filter_params() {
            if let Some(value) = self.filters.get(&name).filter(|v| !v.trim().is_empty()) {
                pairs.push((name, value.trim().to_owned()));
            }
        }
        encode_pairs(&pairs)
    }

    pub fn answered(&self) -> Answered {
        Answered::from_param(self.filters.get(ANSWERED_PARAM).map(String::as_str))
    }

    /// Every problem of the query by field; nothing is asked while there is one.
    pub fn problems(&self) -> Vec<(String, LiveProblem)> {
        let mut problems = Vec::new();
        if self.account_id.trim().is_empty() {
            problems.push(("account-id".to_owned(), LiveProblem::ChooseAccount));
        }
        for (name, value) in &self.filters {
            let value = value.trim();
            let problem = match name.as_str() {
                "auth-orig-ip" if value.parse::<IpAddr>().is_err() => {
                    LiveProblem::NotAnIp(value.to_owned())
                }
                "auth-orig-port" if value.parse::<u16>().is_err() => {
                    LiveProblem::NotAPort(value.to_owned())
                }
                "auth-orig-transport-protocol-id" if value.parse::<u32>().is_err() => {
                    LiveProblem::NotATransport(value.to_owned())
                }
                ANSWERED_PARAM if value != "true" && value != "false" => {
                    LiveProblem::NotTrueOrFalse(value.to_owned())
                }
                _ => continue,
            };
            problems.push((name.clone(), problem));
        }
        problems
    }
}

/// A time as the server writes it: `YYYY-MM-DD HH:MM:SS` without a zone, taken as UTC (RFC 3339
/// is read too). Unreadable or absent text is `None`, shown as a gap rather than failing the
/// whole list.
fn server_time<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    let text: Option<serde_json::Value> = Option::deserialize(d)?;
    Ok(match text {
        Some(serde_json::Value::String(text)) => parse_time(&text),
        Some(serde_json::Value::Number(n)) => {
            n.as_i64().and_then(|s| DateTime::from_timestamp(s, 0))
        }
        _ => None,
    })
}

/// Text, a number or null, as text: ClickHouse may send either for string columns.
fn lenient_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let value: Option<serde_json::Value> = Option::deserialize(d)?;
    Ok(match value {
        Some(serde_json::Value::String(text)) => Some(text),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(serde_json::Value::Bool(b)) => Some(b.to_string()),
        _ => None,
    })
}

/// One call in progress (a row of section 16). Every field may be absent or null.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default)]
pub struct ActiveCall {
    #[serde(deserialize_with = "server_time")]
    pub snapshot_timestamp: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "server_time")]
    pub start_time: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "server_time")]
    pub connect_time: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "lenient_text")]
    pub destination_prefix: Option<String>,
    pub destination_initial_interval: Metric,
    pub destination_initial_rate: Metric,
    pub destination_next_interval: Metric,
    pub destination_next_rate: Metric,
    pub destination_fee: Metric,
    #[serde(deserialize_with = "lenient_text")]
    pub src_name_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub src_prefix_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub dst_prefix_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub src_prefix_routing: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub dst_prefix_routing: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub from_domain: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub to_domain: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub ruri_domain: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub diversion_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub pai_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub ppi_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub privacy_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub rpid_in: Option<String>,
    #[serde(deserialize_with = "lenient_text")]
    pub rpid_privacy_in: Option<String>,
    pub auth_orig_transport_protocol_id: Metric,
    #[serde(deserialize_with = "lenient_text")]
    pub auth_orig_ip: Option<String>,
    pub auth_orig_port: Metric,
}

/// What tells one call from another across snapshots: the server sends no id, but a call keeps
/// its start, its numbers and its address while it lasts (its connect time may change).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CallKey(String);

/// How far a call has come at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elapsed {
    /// Not answered yet: seconds since it started.
    Ringing(i64),
    /// Answered: seconds since it was.
    Talking(i64),
    /// Its start cannot be read.
    Unknown,
}

impl ActiveCall {
    pub fn key(&self) -> CallKey {
        let text = |t: &Option<String>| t.clone().unwrap_or_default();
        CallKey(
            [
                self.start_time
                    .map(|t| t.timestamp().to_string())
                    .unwrap_or_default(),
                text(&self.src_prefix_in),
                text(&self.dst_prefix_in),
                text(&self.src_prefix_routing),
                text(&self.dst_prefix_routing),
                text(&self.auth_orig_ip),
                self.auth_orig_port
                    .0
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            ]
            .join("\u{1f}"),
        )
    }

    pub fn is_answered(&self) -> bool {
        self.connect_time.is_some()
    }

    /// Duration so far at `now`; never negative (the server's clock may run ahead of ours).
    pub fn elapsed(&self, now: DateTime<Utc>) -> Elapsed {
        let since = |t: DateTime<Utc>| (now - t).num_seconds().max(0);
        match (self.connect_time, self.start_time) {
            (Some(connect), _) => Elapsed::Talking(since(connect)),
            (None, Some(start)) => Elapsed::Ringing(since(start)),
            (None, None) => Elapsed::Unknown,
        }
    }
}

/// A snapshot of the live calls: the rows and the server's `rows`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LiveCalls {
    pub calls: Vec<ActiveCall>,
    pub rows: u64,
}

#[derive(Deserialize)]
struct RawLiveCalls {
    #[serde(default)]
    data: Vec<ActiveCall>,
    #[serde(default)]
    rows: Option<serde_json::Value>,
}

impl<'de> Deserialize<'de> for LiveCalls {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::json_shape::ObjectOrArray;
        Ok(
            match ObjectOrArray::<RawLiveCalls, Vec<ActiveCall>>::deserialize(d)? {
                ObjectOrArray::Array(calls) => LiveCalls {
                    rows: calls.len() as u64,
                    calls,
                },
                ObjectOrArray::Object(RawLiveCalls { data, rows }) => {
                    let rows = match rows {
                        Some(serde_json::Value::Number(n)) => n.as_u64(),
                        Some(serde_json::Value::String(s)) => s.trim().parse().ok(),
                        _ => None,
                    };
                    LiveCalls {
                        rows: rows.unwrap_or(data.len() as u64),
                        calls: data,
                    }
                }
            },
        )
    }
}

impl LiveCalls {
    /// For each call, whether it is new since `previous` (the keys of the last snapshot shown);
    /// nothing is new in the first snapshot.
    pub fn new_since(&self, previous: Option<&std::collections::BTreeSet<CallKey>>) -> Vec<bool> {
        self.calls
            .iter()
            .map(|call| previous.is_some_and(|keys| !keys.contains(&call.key())))
            .collect()
    }

    pub fn keys(&self) -> std::collections::BTreeSet<CallKey> {
        self.calls.iter().map(ActiveCall::key).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"{ "data": [ { "snapshot_timestamp": "2025-12-18 15:38:34", "start_time": "2025-12-18 15:38:34",
    "connect_time": null, "destination_prefix": "123", "destination_initial_interval": 1,
    "destination_initial_rate": "2.3", "destination_next_interval": 60, "destination_next_rate": "3.4",
    "destination_fee": "0.0", "src_name_in": "test", "src_prefix_in": "456", "dst_prefix_in": "678",
    "src_prefix_routing": "333", "dst_prefix_routing": "7863", "from_domain": "qwe", "to_domain": "asd",
    "ruri_domain": "qwe.asd", "diversion_in": null, "pai_in": null, "ppi_in": null, "privacy_in": null,
    "rpid_in": null, "rpid_privacy_in": null, "auth_orig_transport_protocol_id": 123,
    "auth_orig_ip": "10.20.30.40", "auth_orig_port": 8888 } ],
  "rows": 1 }"#;

    #[test]
    fn the_spec_sample_decodes_with_zoneless_times_as_utc() {
        let live: LiveCalls = serde_json::from_str(SAMPLE).unwrap();
        assert_eq!(live.rows, 1);
        let call = &live.calls[0];
        assert_eq!(
            call.start_time,
            parse_time("2025-12-18T15:38:34Z"),
            "no zone means UTC"
        );
        assert!(!call.is_answered());
        assert_eq!(call.destination_initial_rate.0.unwrap().to_string(), "2.3");
        assert_eq!(call.auth_orig_port.0.unwrap().to_string(), "8888");
        let now = parse_time("2025-12-18 15:39:04").unwrap();
        assert_eq!(call.elapsed(now), Elapsed::Ringing(30));
        let answered = ActiveCall {
            connect_time: parse_time("2025-12-18 15:38:40"),
            ..call.clone()
        };
        assert_eq!(answered.elapsed(now), Elapsed::Talking(24));
        assert_eq!(
            answered.key(),
            call.key(),
            "answering keeps the call's identity"
        );
        // A server clock ahead of ours never shows a negative duration.
        assert_eq!(
            call.elapsed(parse_time("2025-12-18 15:38:00").unwrap()),
            Elapsed::Ringing(0)
        );
    }

    #[test]
    fn lenient_shapes_decode_and_garbage_fails_without_panic() {
        let empty: LiveCalls = serde_json::from_str("[]").unwrap();
        assert!(empty.calls.is_empty());
        let no_rows: LiveCalls =
            serde_json::from_str(r#"{"data":[{"start_time":"bad"},{}]}"#).unwrap();
        assert_eq!(no_rows.rows, 2);
        assert_eq!(no_rows.calls[0].start_time, None);
        assert_eq!(
            no_rows.calls[0].elapsed(Utc::now()),
            Elapsed::Unknown,
            "an unreadable start is a gap"
        );
        assert!(serde_json::from_str::<LiveCalls>(r#"{"data":5}"#).is_err());
        assert!(serde_json::from_str::<LiveCalls>(r#""x""#).is_err());
    }

    #[test]
    fn calls_new_since_the_last_snapshot() {
        let call = |start: &str, src: &str| ActiveCall {
            start_time: parse_time(start),
            src_prefix_in: Some(src.into()),
            ..ActiveCall::default()
        };
        let first = LiveCalls {
            calls: vec![
                call("2025-12-18 15:38:34", "1"),
                call("2025-12-18 15:38:35", "2"),
            ],
            rows: 2,
        };
        assert_eq!(first.new_since(None), [false, false], "first snapshot");
        let second = LiveCalls {
            calls: vec![
                call("2025-12-18 15:38:40", "3"),
                call("2025-12-18 15:38:35", "2"),
            ],
            rows: 2,
        };
        assert_eq!(second.new_since(Some(&first.keys())), [true, false]);
    }

    #[test]
    fn the_query_mirrors_the_api_and_is_checked() {
        let live = LiveQuery::from_query(
            "connect-time-null=false&account-id=a%201&bogus=1&src-prefix-in-starts-with=380&auth-orig-port=",
        );
        assert_eq!(live.account_id, "a 1");
        assert_eq!(live.answered(), Answered::Yes);
        assert_eq!(
            live.to_query(),
            "account-id=a%201&connect-time-null=false&src-prefix-in-starts-with=380"
        );
        assert!(live.problems().is_empty());
        let bad = LiveQuery::from_query(
            "auth-orig-ip=10.0.0&auth-orig-port=99999&auth-orig-transport-protocol-id=x&connect-time-null=maybe",
        );
        let problems = bad.problems();
        let fields: Vec<&str> = problems.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "account-id",
                "auth-orig-ip",
                "auth-orig-port",
                "auth-orig-transport-protocol-id",
                "connect-time-null"
            ]
        );
        assert_eq!(filter_params().len(), 24);
        assert_eq!(Answered::NotYet.param(), Some("true"));
    }
}
