//! Lenient decoding of numeric values.
//!
//! The specification carries money and rates as decimal strings, but real deployments also send
//! JSON numbers (statistics from ClickHouse) and nulls. Values are kept as exact decimals: a
//! string goes straight into a `Decimal`; a JSON number goes through its shortest decimal text.

use rust_decimal::Decimal;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;
use std::str::FromStr;

/// Parses a decimal written as text, accepting exponent notation (`1e-3`) as JSON allows.
pub fn parse_decimal(text: &str) -> Result<Decimal, String> {
    let trimmed = text.trim();
    Decimal::from_str(trimmed)
        .or_else(|_| Decimal::from_scientific(trimmed))
        .map_err(|_| format!("`{}` is not a decimal number", truncate(trimmed, 40)))
}

/// The shortest text that reads back as `value` (`1e-7` in exponent notation), as serde_json
/// writes an f64; `NaN` or `inf` for what is not finite (no JSON number is).
pub fn shortest_text(value: f64) -> String {
    zmij::Buffer::new().format(value).to_owned()
}

fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

struct LenientDecimal;

impl<'de> Visitor<'de> for LenientDecimal {
    type Value = Option<Decimal>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a decimal as a string or a number, or null")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(Decimal::from(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(Decimal::from(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        // The shortest text that reads back as the same f64, so 39.5 stays 39.5.
        parse_decimal(&shortest_text(v))
            .map(Some)
            .map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        if v.trim().is_empty() {
            return Ok(None);
        }
        parse_decimal(v).map(Some).map_err(E::custom)
    }
}

/// `#[serde(deserialize_with = "…")]` for `Option<Decimal>` fields: string, number or null.
pub fn optional_decimal<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
    d.deserialize_any(LenientDecimal)
}

/// `#[serde(deserialize_with = "…")]` for `Decimal` fields: string or number; null is an error.
pub fn decimal<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
    optional_decimal(d)?.ok_or_else(|| de::Error::custom("expected a decimal, found null"))
}

/// A value that is one JSON element of a statistics series: number, string or null.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Metric(pub Option<Decimal>);

impl<'de> serde::Deserialize<'de> for Metric {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        optional_decimal(d).map(Metric)
    }
}

impl serde::Serialize for Metric {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(value) => s.serialize_str(&value.to_string()),
            None => s.serialize_none(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_strings_and_nulls_decode_exactly() {
        let values: Vec<Metric> = serde_json::from_str(
            r#"[1, 39.5, "4.84", null, 0.016666668, "123456789012345.678901", 1e-3]"#,
        )
        .unwrap();
        let shown: Vec<String> = values
            .iter()
            .map(|m| m.0.map(|d| d.to_string()).unwrap_or_else(|| "-".into()))
            .collect();
        assert_eq!(
            shown,
            [
                "1",
                "39.5",
                "4.84",
                "-",
                "0.016666668",
                "123456789012345.678901",
                "0.001"
            ]
        );
    }

    #[test]
    fn json_numbers_read_as_f64_keep_their_shortest_digits() {
        let values: Vec<Metric> =
            serde_json::from_str("[1.5e-7, 2.5e10, -0.1, 100.0, 3.0000000000000004]").unwrap();
        let shown: Vec<String> = values
            .iter()
            .map(|m| m.0.map(|d| d.normalize().to_string()).unwrap_or_default())
            .collect();
        assert_eq!(
            shown,
            [
                "0.00000015",
                "25000000000",
                "-0.1",
                "100",
                "3.0000000000000004"
            ]
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(serde_json::from_str::<Metric>(r#""abc""#).is_err());
        assert!(serde_json::from_str::<Metric>("1e300").is_err());
        assert!(serde_json::from_str::<Metric>("true").is_err());
    }
}
