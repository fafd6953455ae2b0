//! The attribute structs of the API's resources: each collection's is made by its declaration
//! (`crate::catalog`) and named here too; the charts' answers, which are no collection, are
//! written out below.
//!
//! Money and rates are exact decimals; timestamps are UTC `DateTime`s. Fields the specification
//! marks nullable, or that real deployments send as null, are `Option`s. Unknown attributes are
//! ignored so that a newer server never breaks the portal.

use crate::number::decimal;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::catalog::{
    Account, Cdr, CdrExport, CdrExportStatus, CdrExportTimeFormat, Country, IncomingCdr, Invoice,
    Network, NetworkPrefix, NetworkType, Numberlist, NumberlistItem, Payment, PaymentStatus,
    PaymentType, Rate, Rateplan, RenewPeriod, Service, ServiceState, Transaction,
};

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum LooseId {
    Number(i64),
    Text(String),
}

/// By its shape, as it streams by (`crate::json_shape` says why not `untagged`).
impl<'de> Deserialize<'de> for LooseId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use crate::json_shape::IntegerOrText;
        Ok(match IntegerOrText::deserialize(deserializer)? {
            IntegerOrText::Integer(n) => LooseId::Number(n),
            IntegerOrText::Text(text) => LooseId::Text(text),
        })
    }
}

impl fmt::Display for LooseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LooseId::Number(n) => write!(f, "{n}"),
            LooseId::Text(s) => f.write_str(s),
        }
    }
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
    fn an_account_reads_and_writes_as_the_api_sends_it() {
        let json = r#"{"name":"a","balance":"125.5","min-balance":"0.0","max-balance":null,
            "destination-rate-limit":null,"origination-capacity":10,"termination-capacity":null,
            "currency":"USD","colour":"green"}"#;
        let account: Account = serde_json::from_str(json).unwrap();
        assert_eq!(account.origination_capacity, Some(10));
        assert_eq!(account.total_capacity, None, "left out");
        let value = serde_json::to_value(&account).unwrap();
        assert_eq!(value["origination-capacity"], serde_json::json!(10));
        assert_eq!(value["termination-capacity"], serde_json::Value::Null);
        assert_eq!(value["balance"], serde_json::json!("125.5"));
        assert_eq!(value["min-balance"], serde_json::json!("0.0"));
        let back: Account = serde_json::from_value(value).unwrap();
        assert_eq!(back, account);
        let without_balance = json.replace(r#""balance":"125.5","#, "");
        let error = serde_json::from_str::<Account>(&without_balance).unwrap_err();
        assert!(
            error.to_string().contains("missing field `balance`"),
            "{error}"
        );
    }
}
