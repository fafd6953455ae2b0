//! How values are shown: exactly as the server sent them, grouped, with units; never via floats.

use chrono::{DateTime, FixedOffset, Utc};
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

/// The time zone timestamps are shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Zone {
    /// The browser's own zone, with its daylight-saving rules.
    #[default]
    Browser,
    Utc,
}

impl Zone {
    pub fn as_str(self) -> &'static str {
        match self {
            Zone::Browser => "browser",
            Zone::Utc => "utc",
        }
    }

    pub fn parse(text: &str) -> Option<Zone> {
        [Zone::Browser, Zone::Utc]
            .into_iter()
            .find(|z| z.as_str() == text)
    }

    /// The zone's offset at an instant.
    pub fn offset_at(self, time: &DateTime<Utc>) -> FixedOffset {
        let utc = FixedOffset::east_opt(0).expect("zero is a valid offset");
        match self {
            Zone::Utc => utc,
            Zone::Browser => {
                let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(
                    time.timestamp_millis() as f64,
                ));
                // getTimezoneOffset is minutes *behind* UTC.
                let minutes = -(date.get_timezone_offset() as i32);
                FixedOffset::east_opt(minutes * 60).unwrap_or(utc)
            }
        }
    }
}

/// The browser's own zone as calendar rules (with its daylight-saving changes), read from `Date`.
pub struct BrowserRules;

impl chart_data::ZoneRules for BrowserRules {
    fn to_utc(&self, local: chrono::NaiveDateTime) -> DateTime<Utc> {
        use chrono::{Datelike, Timelike};
        let date = js_sys::Date::new_with_year_month_day_hr_min_sec(
            local.year() as u32,
            local.month0() as i32,
            local.day() as i32,
            local.hour() as i32,
            local.minute() as i32,
            local.second() as i32,
        );
        DateTime::from_timestamp_millis(date.get_time() as i64).unwrap_or_else(|| local.and_utc())
    }

    fn to_local(&self, utc: DateTime<Utc>) -> chrono::NaiveDateTime {
        utc.with_timezone(&Zone::Browser.offset_at(&utc))
            .naive_local()
    }
}

impl Zone {
    /// The zone's calendar rules, for ranges and axis ticks.
    pub fn rules(self) -> &'static dyn chart_data::ZoneRules {
        match self {
            Zone::Utc => &chart_data::UtcRules,
            Zone::Browser => &BrowserRules,
        }
    }
}

/// The browser's IANA zone name, such as `Europe/Kyiv`, when it tells.
pub fn browser_zone_name() -> Option<String> {
    let options = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &js_sys::Object::new())
        .resolved_options();
    js_sys::Reflect::get(&options, &"timeZone".into())
        .ok()?
        .as_string()
}

/// A timestamp in a zone, with the zone shown: `2026-07-02 11:00:00 +03:00` or `… UTC`.
pub fn timestamp_in(time: &DateTime<Utc>, zone: Zone) -> String {
    match zone {
        Zone::Utc => time.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
        Zone::Browser => time
            .with_timezone(&zone.offset_at(time))
            .format("%Y-%m-%d %H:%M:%S %:z")
            .to_string(),
    }
}

/// Timestamps in UTC, for places without a zone choice.
pub fn timestamp(value: Option<&DateTime<Utc>>) -> String {
    value
        .map(|t| timestamp_in(t, Zone::Utc))
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
