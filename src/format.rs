//! How values are shown: exactly as the server sent them, grouped, with units; never via floats.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// Placeholder for a missing value.
pub const DASH: &str = "—";

/// Groups the integer digits of a decimal's exact text: `-12500.75` → `-12,500.75`.
pub fn group_digits(text: &str) -> String {
    let (sign, unsigned) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let (integer, fraction) = match unsigned.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (unsigned, None),
    };
    let mut grouped = String::with_capacity(text.len() + integer.len() / 3);
    for (index, digit) in integer.chars().enumerate() {
        if index > 0 && (integer.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    match fraction {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

pub fn decimal(value: &Decimal) -> String {
    group_digits(&value.to_string())
}

pub fn optional_decimal(value: Option<&Decimal>) -> String {
    value.map(decimal).unwrap_or_else(|| DASH.to_owned())
}

pub fn money(value: Option<&Decimal>, currency: &str) -> String {
    match value {
        Some(amount) if currency.is_empty() => decimal(amount),
        Some(amount) => format!("{} {currency}", decimal(amount)),
        None => DASH.to_owned(),
    }
}

pub fn integer(value: Option<i64>) -> String {
    value
        .map(|v| group_digits(&v.to_string()))
        .unwrap_or_else(|| DASH.to_owned())
}

pub fn count(value: u64) -> String {
    group_digits(&value.to_string())
}

/// Timestamps in UTC with the zone shown (a timezone choice comes with the list pages).
pub fn timestamp(value: Option<&DateTime<Utc>>) -> String {
    value
        .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
        .unwrap_or_else(|| DASH.to_owned())
}

pub fn yes_no(value: bool) -> &'static str {
    if value { "Yes" } else { "No" }
}

/// `0b9f7a8e-5d2c-11ef-9a4e-0242ac120003` → `0b9f7a8e…0003`, for narrow cells.
pub fn short_id(id: &str) -> String {
    if id.chars().count() <= 14 {
        return id.to_owned();
    }
    let head: String = id.chars().take(8).collect();
    let tail: String = id
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{head}…{tail}")
}
