//! How values are shown: exactly as the server sent them, grouped for the language in use by the
//! browser's `Intl` (no locale tables in the wasm), with units; never via floats.

use crate::i18n;
use api_model::date_text;
use chrono::{DateTime, FixedOffset, Utc};
use rust_decimal::Decimal;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::JsValue;

/// Placeholder for a missing value.
pub const DASH: &str = "—";

thread_local! {
    /// `Intl.NumberFormat(locale, {fraction digits}).format`, made once per locale and scale:
    /// making one is far slower than using it.
    static NUMBER_FORMATS: RefCell<HashMap<(&'static str, u32), js_sys::Function>> =
        RefCell::new(HashMap::new());
}

fn number_format(locale: &'static str, fraction_digits: u32) -> Option<js_sys::Function> {
    NUMBER_FORMATS.with(|formats| {
        if let Some(format) = formats.borrow().get(&(locale, fraction_digits)) {
            return Some(format.clone());
        }
        let options = js_sys::Object::new();
        let digits = JsValue::from(fraction_digits);
        js_sys::Reflect::set(&options, &"minimumFractionDigits".into(), &digits).ok()?;
        js_sys::Reflect::set(&options, &"maximumFractionDigits".into(), &digits).ok()?;
        let locales = js_sys::Array::of1(&locale.into());
        let format = js_sys::Intl::NumberFormat::new(&locales, &options).format();
        formats
            .borrow_mut()
            .insert((locale, fraction_digits), format.clone());
        Some(format)
    })
}

thread_local! {
    static MONTH_DAY_FORMATS: RefCell<HashMap<&'static str, js_sys::Function>> =
        RefCell::new(HashMap::new());
}

/// A day of a month as the language writes it on a chart axis: `05 Jul`, `05 лип.`.
pub fn month_day(month0: u32, day: u32) -> String {
    let locale = i18n::language().intl_locale;
    let format = MONTH_DAY_FORMATS.with(|formats| {
        if let Some(format) = formats.borrow().get(locale) {
            return Some(format.clone());
        }
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"day".into(), &"2-digit".into()).ok()?;
        js_sys::Reflect::set(&options, &"month".into(), &"short".into()).ok()?;
        // The day is given in UTC below; the chart has already applied the zone.
        js_sys::Reflect::set(&options, &"timeZone".into(), &"UTC".into()).ok()?;
        let locales = js_sys::Array::of1(&locale.into());
        let format = js_sys::Intl::DateTimeFormat::new(&locales, &options).format();
        formats.borrow_mut().insert(locale, format.clone());
        Some(format)
    });
    // Any leap year holds every month's days.
    let date = js_sys::Date::new(&JsValue::from_f64(
        js_sys::Date::utc(2000.0, f64::from(month0))
            + f64::from(day.saturating_sub(1)) * 86_400_000.0,
    ));
    format
        .and_then(|format| format.call1(&JsValue::NULL, &date).ok())
        .and_then(|text| text.as_string())
        .unwrap_or_else(|| chart_data::ticks::english_month_day(month0, day))
}

/// A decimal's exact text (`-12500.75`) grouped for the language: `-12,500.75`, `-12 500,75`.
/// `Intl` reads the text as an exact decimal (not a float), keeping every digit.
pub fn localize_number(text: &str) -> String {
    if let Some(plain) = ungrouped(text) {
        return plain;
    }
    let fraction_digits = text.split_once('.').map_or(0, |(_, f)| f.len() as u32);
    // Intl allows at most 100 fraction digits; a decimal has at most 28.
    let localized = number_format(i18n::language().intl_locale, fraction_digits.min(100))
        .and_then(|format| format.call1(&JsValue::NULL, &JsValue::from_str(text)).ok())
        .and_then(|text| text.as_string());
    localized.unwrap_or_else(|| group_digits(text))
}

thread_local! {
    /// Per locale, the decimal separator `Intl` writes between Latin digits (`None`: it writes
    /// other digits, so every number goes through `Intl`).
    static DECIMAL_SEPARATORS: RefCell<HashMap<&'static str, Option<String>>> =
        RefCell::new(HashMap::new());
}

/// The decimal separator of `locale`, learnt once from `Intl`.
fn decimal_separator(locale: &'static str) -> Option<String> {
    DECIMAL_SEPARATORS.with(|known| {
        known
            .borrow_mut()
            .entry(locale)
            .or_insert_with(|| {
                let format = |text: &str, digits| {
                    number_format(locale, digits)?
                        .call1(&JsValue::NULL, &JsValue::from_str(text))
                        .ok()?
                        .as_string()
                };
                let latin = format("123", 0)? == "123";
                let half = format("0.5", 1)?;
                let separator = half.strip_prefix('0')?.strip_suffix('5')?;
                (latin && !separator.is_empty()).then(|| separator.to_owned())
            })
            .clone()
    })
}

/// A number that needs no grouping (not negative, below a thousand) as the language writes it,
/// without a call into `Intl` per number: a page of a thousand calls holds thousands of them.
fn ungrouped(text: &str) -> Option<String> {
    let (integer, fraction) = match text.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (text, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if integer.len() > 3 || !digits(integer) || fraction.is_some_and(|f| !digits(f)) {
        return None;
    }
    let separator = decimal_separator(i18n::language().intl_locale)?;
    Some(match fraction {
        Some(fraction) => format!("{integer}{separator}{fraction}"),
        None => integer.to_owned(),
    })
}

/// Groups the integer digits of a decimal's exact text: `-12500.75` → `-12,500.75`; the
/// fallback where `Intl` cannot help.
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
    localize_number(&value.to_string())
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
        .map(|v| localize_number(&v.to_string()))
        .unwrap_or_else(|| DASH.to_owned())
}

/// A length of time as hours and minutes (`12 h 05 min`), rounded to the nearest minute.
pub fn hours_minutes(seconds: i64) -> String {
    let minutes = (seconds.saturating_add(30)).div_euclid(60);
    let (hours, minutes) = (minutes.div_euclid(60), minutes.rem_euclid(60));
    (crate::i18n::texts().hours_minutes)(&integer(Some(hours)), &format!("{minutes:02}")).get()
}

pub fn count(value: u64) -> String {
    localize_number(&value.to_string())
}

/// The time zone timestamps are shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Zone {
    /// The browser's own zone, with its daylight-saving rules.
    #[default]
    Browser,
    Utc,
    /// An IANA zone by name (`Europe/Kyiv`) that the deployment (`timeZone`) or the embedding
    /// parent chose, or the customer from those; its rules come from the browser's `Intl`.
    Named(&'static str),
}

impl Zone {
    pub fn as_str(self) -> &'static str {
        match self {
            Zone::Browser => "browser",
            Zone::Utc => "utc",
            Zone::Named(name) => name,
        }
    }

    /// `browser`, `utc`, or an IANA zone name the browser knows (`UTC` is `Zone::Utc`).
    pub fn parse(text: &str) -> Option<Zone> {
        match text {
            "browser" => Some(Zone::Browser),
            "utc" | "UTC" | "Etc/UTC" => Some(Zone::Utc),
            name if zone_exists(name) => Some(Zone::Named(intern_zone(name))),
            _ => None,
        }
    }

    /// The zone's IANA name where known (`UTC`, `Europe/Kyiv`), for the embedding parent.
    pub fn iana_name(self) -> Option<String> {
        match self {
            Zone::Utc => Some("UTC".to_owned()),
            Zone::Named(name) => Some(name.to_owned()),
            Zone::Browser => browser_zone_name(),
        }
    }

    /// The zone's offset at an instant.
    pub fn offset_at(self, time: &DateTime<Utc>) -> FixedOffset {
        let utc = FixedOffset::east_opt(0).expect("zero is a valid offset");
        match self {
            Zone::Utc => utc,
            Zone::Browser => {
                // Zones change their offset at whole quarter hours of UTC (every offset in
                // use is a multiple of 15 minutes): the browser is asked once per quarter
                // hour, not once per timestamp of a page of calls.
                let quarter = time.timestamp().div_euclid(900);
                if let Some((known, seconds)) = LAST_BROWSER_OFFSET.get()
                    && known == quarter
                {
                    return FixedOffset::east_opt(seconds).unwrap_or(utc);
                }
                let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(
                    time.timestamp_millis() as f64,
                ));
                // getTimezoneOffset is minutes *behind* UTC.
                let seconds = -(date.get_timezone_offset() as i32) * 60;
                LAST_BROWSER_OFFSET.set(Some((quarter, seconds)));
                FixedOffset::east_opt(seconds).unwrap_or(utc)
            }
            Zone::Named(name) => named_offset(name, time).unwrap_or(utc),
        }
    }
}

thread_local! {
    /// The browser zone's offset (seconds east) in the last quarter hour asked about.
    static LAST_BROWSER_OFFSET: std::cell::Cell<Option<(i64, i32)>> =
        const { std::cell::Cell::new(None) };
    /// Every named zone used, once: `Zone` stays `Copy`, and a page sees one or two.
    static ZONE_NAMES: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    /// Per named zone: its `Intl.DateTimeFormat`, and its offset in the last quarter hour
    /// asked about (as for the browser's zone).
    static NAMED_ZONES: RefCell<HashMap<&'static str, NamedZone>> = RefCell::new(HashMap::new());
}

/// A named zone's formatter, and its offset (seconds east) in the last quarter hour asked about.
type NamedZone = (js_sys::Intl::DateTimeFormat, Option<(i64, i32)>);

fn intern_zone(name: &str) -> &'static str {
    ZONE_NAMES.with(|names| {
        if let Some(known) = names.borrow().iter().find(|known| **known == name) {
            return *known;
        }
        let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
        names.borrow_mut().push(leaked);
        leaked
    })
}

/// `new Intl.DateTimeFormat("en-US", {timeZone: name, …})` writing every field as digits, or
/// `None` when the browser knows no such zone (the constructor throws a `RangeError`).
fn zone_format(name: &str) -> Option<js_sys::Intl::DateTimeFormat> {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"timeZone".into(), &name.into()).ok()?;
    js_sys::Reflect::set(&options, &"hourCycle".into(), &"h23".into()).ok()?;
    for field in ["year", "month", "day", "hour", "minute", "second"] {
        js_sys::Reflect::set(&options, &field.into(), &"numeric".into()).ok()?;
    }
    let intl = js_sys::Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let constructor: js_sys::Function = js_sys::Reflect::get(&intl, &"DateTimeFormat".into())
        .ok()?
        .into();
    let arguments = js_sys::Array::of2(&"en-US".into(), &options);
    use wasm_bindgen::JsCast;
    js_sys::Reflect::construct(&constructor, &arguments)
        .ok()?
        .dyn_into()
        .ok()
}

/// Whether the browser knows the IANA zone `name`.
pub fn zone_exists(name: &str) -> bool {
    portal_config::languages::is_zone_name(name) && zone_format(name).is_some()
}

/// The wall clock in `format`'s zone at `time`, read from `formatToParts`.
fn wall_clock(
    format: &js_sys::Intl::DateTimeFormat,
    time: &DateTime<Utc>,
) -> Option<chrono::NaiveDateTime> {
    let date = js_sys::Date::new(&JsValue::from_f64(time.timestamp_millis() as f64));
    let mut fields = [0u32; 6];
    for part in format.format_to_parts(&date).iter() {
        let kind = js_sys::Reflect::get(&part, &"type".into())
            .ok()?
            .as_string()?;
        let value = js_sys::Reflect::get(&part, &"value".into())
            .ok()?
            .as_string()?;
        let index = ["year", "month", "day", "hour", "minute", "second"]
            .iter()
            .position(|field| *field == kind);
        if let Some(index) = index {
            fields[index] = value.parse().ok()?;
        }
    }
    let [year, month, day, hour, minute, second] = fields;
    chrono::NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)?
        .and_hms_opt(hour, minute, second)
}

fn named_offset(name: &'static str, time: &DateTime<Utc>) -> Option<FixedOffset> {
    let quarter = time.timestamp().div_euclid(900);
    NAMED_ZONES.with(|zones| {
        let mut zones = zones.borrow_mut();
        if !zones.contains_key(name) {
            zones.insert(name, (zone_format(name)?, None));
        }
        let (format, last) = zones.get_mut(name)?;
        if let Some((known, seconds)) = *last
            && known == quarter
        {
            return FixedOffset::east_opt(seconds);
        }
        let whole_second = DateTime::from_timestamp(time.timestamp(), 0)?;
        let local = wall_clock(format, &whole_second)?;
        let seconds = i32::try_from((local - whole_second.naive_utc()).num_seconds()).ok()?;
        *last = Some((quarter, seconds));
        FixedOffset::east_opt(seconds)
    })
}

/// A named zone as calendar rules (with its daylight-saving changes), from `Intl`.
struct NamedRules(Zone);

impl chart_data::ZoneRules for NamedRules {
    fn to_utc(&self, local: chrono::NaiveDateTime) -> DateTime<Utc> {
        // The offset at the local time read as UTC, then at the instant that gives: right
        // everywhere but inside a daylight-saving change, where either answer will do.
        let first = local.and_utc() - self.0.offset_at(&local.and_utc());
        (local.and_utc() - self.0.offset_at(&first)).with_timezone(&Utc)
    }

    fn to_local(&self, utc: DateTime<Utc>) -> chrono::NaiveDateTime {
        utc.with_timezone(&self.0.offset_at(&utc)).naive_local()
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

thread_local! {
    static NAMED_RULES: RefCell<Vec<&'static NamedRules>> = const { RefCell::new(Vec::new()) };
}

impl Zone {
    /// The zone's calendar rules, for ranges and axis ticks.
    pub fn rules(self) -> &'static dyn chart_data::ZoneRules {
        match self {
            Zone::Utc => &chart_data::UtcRules,
            Zone::Browser => &BrowserRules,
            Zone::Named(_) => NAMED_RULES.with(|rules| {
                if let Some(known) = rules.borrow().iter().find(|r| r.0 == self) {
                    return *known as &'static dyn chart_data::ZoneRules;
                }
                // One per zone for the page's life, as its name.
                let made: &'static NamedRules = Box::leak(Box::new(NamedRules(self)));
                rules.borrow_mut().push(made);
                made
            }),
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

/// A timestamp in a zone as the language writes it, with the zone shown:
/// `2026-07-02 11:00:00 +03:00`, `02.07.2026 08:00:00 UTC`.
pub fn timestamp_in(time: &DateTime<Utc>, zone: Zone) -> String {
    let pattern = i18n::language().date_time_pattern;
    match zone {
        Zone::Utc => format!("{} UTC", date_text::format(pattern, &time.naive_utc())),
        Zone::Browser | Zone::Named(_) => {
            let offset = zone.offset_at(time);
            let local = time.with_timezone(&offset).naive_local();
            format!(
                "{} {}",
                date_text::format(pattern, &local),
                date_text::offset(&offset)
            )
        }
    }
}

/// Where a shown time says its zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneMark {
    /// Each time carries it (`… +03:00`, `… UTC`): a record's page, a chart's tooltip.
    OnEachTime,
    /// A list's column heading names the zone once; its cells are the wall clock alone.
    InHeading,
}

/// A timestamp as [`timestamp_in`] writes it, without the zone when a heading names it.
pub fn timestamp_marked(time: &DateTime<Utc>, zone: Zone, mark: ZoneMark) -> String {
    match mark {
        ZoneMark::OnEachTime => timestamp_in(time, zone),
        ZoneMark::InHeading => {
            let local = time.with_timezone(&zone.offset_at(time)).naive_local();
            date_text::format(i18n::language().date_time_pattern, &local)
        }
    }
}

/// The zone as a heading names it: `UTC`, or the browser's zone by name (`Europe/Kyiv`), or
/// "Local time" when the browser does not tell its name.
pub fn zone_name(zone: Zone) -> String {
    match zone {
        Zone::Utc => i18n::texts().time_zone_utc.to_string(),
        Zone::Browser => {
            browser_zone_name().unwrap_or_else(|| i18n::texts().time_zone_local.to_string())
        }
        Zone::Named(name) => name.to_owned(),
    }
}

/// Timestamps in UTC, for places without a zone choice.
pub fn timestamp(value: Option<&DateTime<Utc>>) -> String {
    value
        .map(|t| timestamp_in(t, Zone::Utc))
        .unwrap_or_else(|| DASH.to_owned())
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
