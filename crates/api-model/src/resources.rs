//! One attribute struct per resource type of the API.
//!
//! Money and rates are exact decimals; timestamps are UTC `DateTime`s. Fields the specification
//! marks nullable, or that real deployments send as null, are `Option`s. Unknown attributes are
//! ignored so that a newer server never breaks the portal.

use crate::number::{decimal, optional_decimal};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The JSON:API `type` of a resource, fixed per attribute struct.
pub trait ResourceType {
    const TYPE: &'static str;
}

/// Serializes decimals as strings, the way the API sends money.
pub(crate) mod decimal_text {
    use rust_decimal::Decimal;
    use serde::Serializer;

    pub fn serialize<S: Serializer>(value: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&value.to_string())
    }

    pub mod option {
        use rust_decimal::Decimal;
        use serde::Serializer;

        pub fn serialize<S: Serializer>(value: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => s.serialize_str(&v.to_string()),
                None => s.serialize_none(),
            }
        }
    }
}

/// Serializes whole-number decimals (capacities) as JSON integers, the way the API sends them;
/// a fractional or out-of-range value stays a decimal string so nothing is lost.
mod integer_number {
    use rust_decimal::Decimal;
    use rust_decimal::prelude::ToPrimitive;
    use serde::Serializer;

    pub fn serialize<S: Serializer>(value: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            None => s.serialize_none(),
            Some(v) => match v.fract().is_zero().then(|| v.to_i64()).flatten() {
                Some(n) => s.serialize_i64(n),
                None => s.serialize_str(&v.to_string()),
            },
        }
    }
}

/// Serializes timestamps in the API's form: ISO 8601 UTC with milliseconds and `Z`.
///
/// Reads them as chrono's own `Deserialize` does (same texts accepted, same errors), through
/// [`crate::date_text::parse_rfc3339_relaxed`] instead of chrono's general parser.
pub mod api_time {
    use chrono::{DateTime, SecondsFormat, Utc};
    use serde::{Deserializer, Serializer, de};
    use std::fmt;

    pub fn format(value: &DateTime<Utc>) -> String {
        value.to_rfc3339_opts(SecondsFormat::Millis, true)
    }

    pub fn serialize<S: Serializer>(value: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format(value))
    }

    struct TimeVisitor;

    impl de::Visitor<'_> for TimeVisitor {
        type Value = DateTime<Utc>;

        fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
            formatter.write_str("an RFC 3339 formatted date and time string")
        }

        fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
            crate::date_text::parse_rfc3339_relaxed(value)
                .map(|time| time.with_timezone(&Utc))
                .map_err(E::custom)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        d.deserialize_str(TimeVisitor)
    }

    /// A time in an `Option`, for serde's handling of `null`.
    struct Time(DateTime<Utc>);

    impl<'de> de::Deserialize<'de> for Time {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            deserialize(d).map(Time)
        }
    }

    pub mod option {
        use chrono::{DateTime, Utc};
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<DateTime<Utc>>, D::Error> {
            Ok(Option::<super::Time>::deserialize(d)?.map(|time| time.0))
        }

        pub fn serialize<S: Serializer>(
            value: &Option<DateTime<Utc>>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => s.serialize_str(&super::format(v)),
                None => s.serialize_none(),
            }
        }
    }
}

/// An integer-or-string identifier: `network-prefix-id` is an internal integer on real servers
/// although the specification calls it an identifier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LooseId {
    Number(i64),
    Text(String),
}

impl fmt::Display for LooseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LooseId::Number(n) => write!(f, "{n}"),
            LooseId::Text(s) => f.write_str(s),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Account {
    pub name: String,
    #[serde(
        deserialize_with = "decimal",
        serialize_with = "decimal_text::serialize"
    )]
    pub balance: Decimal,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub min_balance: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub max_balance: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub destination_rate_limit: Option<Decimal>,
    /// Integers on real servers; decoded leniently because the spec leaves the type open.
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "integer_number::serialize"
    )]
    pub origination_capacity: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "integer_number::serialize"
    )]
    pub termination_capacity: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "integer_number::serialize"
    )]
    pub total_capacity: Option<Decimal>,
    /// The currency's name (`USD`); servers before 2026-03 send none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
}

impl ResourceType for Account {
    const TYPE: &'static str = "accounts";
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct NetworkType {
    pub name: String,
}

impl ResourceType for NetworkType {
    const TYPE: &'static str = "network-types";
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct NetworkPrefix {
    pub prefix: String,
    #[serde(default)]
    pub number_min_length: Option<i64>,
    #[serde(default)]
    pub number_max_length: Option<i64>,
}

impl ResourceType for NetworkPrefix {
    const TYPE: &'static str = "network-prefixes";
}

/// A rate plan (`rateplans`): the plans the customer's traffic is priced with. Its rates are
/// `rates?filter[rateplan_id_eq]=<id>`; `check-rate` looks a number up in one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rateplan {
    pub name: String,
}

impl ResourceType for Rateplan {
    const TYPE: &'static str = "rateplans";
}

/// A network (`networks`), reached from a network prefix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Network {
    pub name: String,
}

impl ResourceType for Network {
    const TYPE: &'static str = "networks";
}

/// A country (`countries`), used by statistics filters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Country {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iso2: Option<String>,
}

impl ResourceType for Country {
    const TYPE: &'static str = "countries";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Service {
    pub name: String,
    /// `Active` or `Suspended` on real servers.
    pub state: String,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub initial_price: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub renew_price: Option<Decimal>,
    #[serde(with = "api_time")]
    pub created_at: DateTime<Utc>,
    #[serde(default, with = "api_time::option")]
    pub renew_at: Option<DateTime<Utc>>,
    /// `Day`, `Month` or `Disabled` on real servers.
    #[serde(default)]
    pub renew_period: Option<String>,
    #[serde(default)]
    pub service_type: Option<String>,
    #[serde(default)]
    pub ui_type: Option<String>,
}

impl ResourceType for Service {
    const TYPE: &'static str = "services";
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CdrExportStatus {
    Pending,
    Completed,
    Failed,
    Deleted,
    /// A status this portal does not know yet, shown as sent.
    #[serde(untagged)]
    Other(String),
}

impl fmt::Display for CdrExportStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CdrExportStatus::Pending => f.write_str("Pending"),
            CdrExportStatus::Completed => f.write_str("Completed"),
            CdrExportStatus::Failed => f.write_str("Failed"),
            CdrExportStatus::Deleted => f.write_str("Deleted"),
            CdrExportStatus::Other(s) => f.write_str(s),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CdrExport {
    /// Keys use underscores (`time_start_gteq`, `success_eq`, …); values vary by key.
    #[serde(default)]
    pub filters: BTreeMap<String, serde_json::Value>,
    pub status: CdrExportStatus,
    #[serde(default)]
    pub rows_count: Option<u64>,
    #[serde(with = "api_time")]
    pub created_at: DateTime<Utc>,
    #[serde(with = "api_time")]
    pub updated_at: DateTime<Utc>,
    #[serde(default)]
    pub time_format: Option<String>,
    #[serde(default)]
    pub time_zone_name: Option<String>,
}

impl ResourceType for CdrExport {
    const TYPE: &'static str = "cdr-exports";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rate {
    pub prefix: String,
    #[serde(default)]
    pub dst_number_min_length: Option<i64>,
    #[serde(default)]
    pub dst_number_max_length: Option<i64>,
    pub enabled: bool,
    pub reject_calls: bool,
    #[serde(
        deserialize_with = "decimal",
        serialize_with = "decimal_text::serialize"
    )]
    pub initial_rate: Decimal,
    /// Billing interval in seconds.
    pub initial_interval: i64,
    #[serde(
        deserialize_with = "decimal",
        serialize_with = "decimal_text::serialize"
    )]
    pub next_rate: Decimal,
    /// Billing interval in seconds.
    pub next_interval: i64,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub connect_fee: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub attempt_fee: Option<Decimal>,
    #[serde(with = "api_time")]
    pub valid_from: DateTime<Utc>,
    #[serde(default, with = "api_time::option")]
    pub valid_till: Option<DateTime<Utc>>,
    #[serde(default)]
    pub network_prefix_id: Option<LooseId>,
}

impl ResourceType for Rate {
    const TYPE: &'static str = "rates";
}

/// One point of a chart: `x` the minute bucket's start, `y` calls per second.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChartPoint {
    #[serde(with = "api_time")]
    pub x: DateTime<Utc>,
    #[serde(
        deserialize_with = "decimal",
        serialize_with = "decimal_text::serialize"
    )]
    pub y: Decimal,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ChartOriginatedCps {
    #[serde(with = "api_time")]
    pub from_time: DateTime<Utc>,
    #[serde(with = "api_time")]
    pub to_time: DateTime<Utc>,
    #[serde(default)]
    pub cps: Vec<ChartPoint>,
}

impl ResourceType for ChartOriginatedCps {
    const TYPE: &'static str = "chart-originated-cps";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ChartActiveCalls {
    #[serde(with = "api_time")]
    pub from_time: DateTime<Utc>,
    #[serde(with = "api_time")]
    pub to_time: DateTime<Utc>,
    #[serde(default)]
    pub originated_calls: Vec<ChartPoint>,
    #[serde(default)]
    pub terminated_calls: Vec<ChartPoint>,
}

impl ResourceType for ChartActiveCalls {
    const TYPE: &'static str = "chart-active-calls";
}

/// Request body of `POST /chart-originated-cps` and `POST /chart-active-calls`.
///
/// Times go out as `YYYY-MM-DD HH:MM:SS` in UTC, the form the specification shows and the
/// real server's database accepts.
pub fn chart_request(
    kind: &str,
    account_id: &str,
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
) -> serde_json::Value {
    let mut attributes = serde_json::Map::new();
    if let Some(from) = from {
        attributes.insert("from-time".into(), crate::stats::server_time(&from).into());
    }
    if let Some(to) = to {
        attributes.insert("to-time".into(), crate::stats::server_time(&to).into());
    }
    serde_json::json!({
        "data": {
            "type": kind,
            "attributes": attributes,
            "relationships": {"account": {"data": {"type": "accounts", "id": account_id}}}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_capacities_serialize_as_integers_and_money_as_text() {
        let json = r#"{"name":"a","balance":"125.5","min-balance":"0.0","max-balance":null,
            "destination-rate-limit":null,"origination-capacity":10,"termination-capacity":null,
            "total-capacity":"2.5","currency":"USD"}"#;
        let account: Account = serde_json::from_str(json).unwrap();
        let value = serde_json::to_value(&account).unwrap();
        assert_eq!(value["origination-capacity"], serde_json::json!(10));
        assert_eq!(value["termination-capacity"], serde_json::Value::Null);
        assert_eq!(value["total-capacity"], serde_json::json!("2.5"));
        assert_eq!(value["balance"], serde_json::json!("125.5"));
        assert_eq!(value["min-balance"], serde_json::json!("0.0"));
        let back: Account = serde_json::from_value(value).unwrap();
        assert_eq!(back, account);
    }
}
