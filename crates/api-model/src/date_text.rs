//! Dates and times as text in strftime-style patterns, for the few fields the portal needs:
//! `%Y`, `%m`, `%d`, `%H`, `%M` and `%S` (zero-padded, as chrono writes and reads them) and
//! literal text; whitespace in a pattern matches any run of whitespace when reading.
//!
//! The results are exactly chrono's (`format` / `parse_from_str`, compared in `tests/date_text.rs`),
//! without chrono's general pattern machinery, which would cost the portal's WebAssembly about
//! 12 KB for patterns that never change. Another specifier is not supported: it is written as
//! it stands and never matches when reading.

use chrono::{
    DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike,
};
use std::fmt::Write;

/// `time` written in `pattern`, like chrono's `time.format(pattern).to_string()`.
pub fn format(pattern: &str, time: &NaiveDateTime) -> String {
    let mut text = String::with_capacity(pattern.len() + 8);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let value = match chars.next() {
            Some('Y') => {
                let year = time.year();
                // Four digits; a year outside 0..=9999 gets a sign (`+10000`, `-0001`).
                let _ = if (0..10_000).contains(&year) {
                    write!(text, "{year:04}")
                } else {
                    write!(text, "{year:+05}")
                };
                continue;
            }
            Some('m') => time.month(),
            Some('d') => time.day(),
            Some('H') => time.hour(),
            Some('M') => time.minute(),
            // A leap second reads 60.
            Some('S') => time.second() + time.nanosecond() / 1_000_000_000,
            Some('%') => {
                text.push('%');
                continue;
            }
            other => {
                text.push('%');
                text.extend(other);
                continue;
            }
        };
        push_two_digits(&mut text, value);
    }
    text
}

/// An offset as `+03:00` or `-09:30` (chrono's `%:z`), rounded to the minute.
pub fn offset(offset: &FixedOffset) -> String {
    let seconds = offset.local_minus_utc();
    let (sign, seconds) = if seconds < 0 {
        ('-', -seconds)
    } else {
        ('+', seconds)
    };
    let minutes = (seconds + 30) / 60;
    let mut text = String::with_capacity(6);
    text.push(sign);
    push_two_digits(&mut text, (minutes / 60) as u32);
    text.push(':');
    push_two_digits(&mut text, (minutes % 60) as u32);
    text
}

fn push_two_digits(text: &mut String, value: u32) {
    text.push(char::from(b'0' + (value / 10 % 10) as u8));
    text.push(char::from(b'0' + (value % 10) as u8));
}

/// `text` read in `pattern`, like chrono's `NaiveDateTime::parse_from_str(text, pattern).ok()`:
/// numbers may have fewer digits and leading whitespace, the whole text must be used, and the
/// date and time must exist. Seconds may be left out of the pattern (they are then zero).
pub fn parse(text: &str, pattern: &str) -> Option<NaiveDateTime> {
    let mut rest = text;
    let (mut year, mut month, mut day) = (None, None, None);
    let (mut hour, mut minute, mut second) = (None, None, None);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            rest = rest.trim_start();
            continue;
        }
        if c != '%' {
            rest = rest.strip_prefix(c)?;
            continue;
        }
        let spec = chars.next()?;
        if spec == '%' {
            rest = rest.strip_prefix('%')?;
            continue;
        }
        rest = rest.trim_start();
        let (field, range, digits) = match spec {
            'Y' => {
                // A signed year may have any number of digits, an unsigned one up to four.
                let value = if let Some(unsigned) = rest.strip_prefix('-') {
                    let (after, value) = number(unsigned, usize::MAX)?;
                    rest = after;
                    0i64.checked_sub(value)?
                } else if let Some(unsigned) = rest.strip_prefix('+') {
                    let (after, value) = number(unsigned, usize::MAX)?;
                    rest = after;
                    value
                } else {
                    let (after, value) = number(rest, 4)?;
                    rest = after;
                    value
                };
                year = Some(i32::try_from(value).ok()?);
                continue;
            }
            'm' => (&mut month, 1..=12, 2),
            'd' => (&mut day, 1..=31, 2),
            'H' => (&mut hour, 0..=23, 2),
            'M' => (&mut minute, 0..=59, 2),
            'S' => (&mut second, 0..=60, 2),
            _ => return None,
        };
        let (after, value) = number(rest, digits)?;
        rest = after;
        if !range.contains(&value) {
            return None;
        }
        *field = Some(value as u32);
    }
    if !rest.is_empty() {
        return None;
    }
    let date = NaiveDate::from_ymd_opt(year?, month?, day?)?;
    // A leap second (60) is the last second of its minute, one second long.
    let (second, nano) = match second.unwrap_or(0) {
        60 => (59, 1_000_000_000),
        second => (second, 0),
    };
    let time = NaiveTime::from_hms_nano_opt(hour?, minute?, second, nano)?;
    Some(date.and_time(time))
}

/// Up to `max_digits` ASCII digits (at least one) and the text after them.
fn number(text: &str, max_digits: usize) -> Option<(&str, i64)> {
    scan_number(text, max_digits).ok()
}

/// Why a text is not a time, in chrono's words (`chrono::ParseError`'s messages).
pub const OUT_OF_RANGE: &str = "input is out of range";
pub const IMPOSSIBLE: &str = "no possible date and time matching input";
pub const INVALID: &str = "input contains invalid characters";
pub const TOO_SHORT: &str = "premature end of input";
pub const TOO_LONG: &str = "trailing input";

/// Like [`number`], with chrono's reasons for failing.
fn scan_number(text: &str, max_digits: usize) -> Result<(&str, i64), &'static str> {
    let digits = text
        .bytes()
        .take(max_digits)
        .take_while(u8::is_ascii_digit)
        .count();
    if digits == 0 {
        return Err(if text.is_empty() { TOO_SHORT } else { INVALID });
    }
    let mut value = 0i64;
    for digit in text[..digits].bytes() {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(i64::from(digit - b'0')))
            .ok_or(OUT_OF_RANGE)?;
    }
    Ok((&text[digits..], value))
}

/// A number of `max_digits` digits at most after leading whitespace, within `range`.
fn scan_field(
    text: &str,
    max_digits: usize,
    range: std::ops::RangeInclusive<i64>,
) -> Result<(&str, u32), &'static str> {
    let (rest, value) = scan_number(text.trim_start(), max_digits)?;
    if range.contains(&value) {
        Ok((rest, value as u32))
    } else {
        Err(OUT_OF_RANGE)
    }
}

/// `literal` after leading whitespace.
fn scan_literal<'a>(text: &'a str, literal: &str) -> Result<&'a str, &'static str> {
    let text = text.trim_start();
    match text.strip_prefix(literal) {
        Some(rest) => Ok(rest),
        None if text.len() < literal.len() => Err(TOO_SHORT),
        None => Err(INVALID),
    }
}

/// A time as chrono reads it into a `DateTime<FixedOffset>` (`str::parse`, also its serde
/// `Deserialize`): RFC 3339 relaxed to a space or `t` between date and time, spaces around the
/// numbers and the offset, any number of fraction digits (nanoseconds kept), a signed year of
/// any length, `Z`, `UTC` or an offset with or without a colon. A failure says why in chrono's
/// words.
pub fn parse_rfc3339_relaxed(text: &str) -> Result<DateTime<FixedOffset>, &'static str> {
    let s = text.trim_start();
    // The year: with a sign any number of digits, else up to four.
    let (s, year) = if let Some(unsigned) = s.strip_prefix('-') {
        let (s, value) = scan_number(unsigned, usize::MAX)?;
        (s, 0i64.checked_sub(value).ok_or(OUT_OF_RANGE)?)
    } else if let Some(unsigned) = s.strip_prefix('+') {
        scan_number(unsigned, usize::MAX)?
    } else {
        scan_number(s, 4)?
    };
    let year = i32::try_from(year).map_err(|_| OUT_OF_RANGE)?;
    let s = scan_literal(s, "-")?;
    let (s, month) = scan_field(s, 2, 1..=12)?;
    let s = scan_literal(s, "-")?;
    let (s, day) = scan_field(s, 2, 1..=31)?;
    let s = match s.as_bytes().first() {
        Some(b't' | b'T' | b' ') => &s[1..],
        Some(_) => return Err(INVALID),
        None => return Err(TOO_SHORT),
    };
    let (s, hour) = scan_field(s, 2, 0..=23)?;
    let s = scan_literal(s, ":")?;
    let (s, minute) = scan_field(s, 2, 0..=59)?;
    let s = scan_literal(s, ":")?;
    let (mut s, second) = scan_field(s, 2, 0..=60)?;
    let mut nanosecond = 0;
    if let Some(fraction) = s.strip_prefix('.') {
        // Nine digits count; more are read and dropped.
        let (rest, value) = scan_number(fraction, 9)?;
        let digits = fraction.len() - rest.len();
        nanosecond = value as u32 * 10u32.pow(9 - digits as u32);
        s = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    let s = s.trim_start();
    let (s, offset) = if s.len() >= 3 && s.as_bytes()[..3].eq_ignore_ascii_case(b"UTC") {
        (&s[3..], 0)
    } else {
        scan_offset(s)?
    };
    if !s.trim_start().is_empty() {
        return Err(TOO_LONG);
    }
    // The date is checked before the time.
    let date = NaiveDate::from_ymd_opt(year, month, day).ok_or(OUT_OF_RANGE)?;
    let (second, leap) = match second {
        60 => (59, 1_000_000_000),
        second => (second, 0),
    };
    let time = NaiveTime::from_hms_nano_opt(hour, minute, second, nanosecond + leap)
        .ok_or(OUT_OF_RANGE)?;
    let zone = FixedOffset::east_opt(offset).ok_or(OUT_OF_RANGE)?;
    zone.from_local_datetime(&date.and_time(time))
        .single()
        .ok_or(IMPOSSIBLE)
}

/// `Z`, or `±hh[:]mm` (any colons and spaces between hours and minutes, the Unicode minus
/// sign too): the offset in seconds.
fn scan_offset(s: &str) -> Result<(&str, i32), &'static str> {
    if let Some(rest) = s.strip_prefix(['Z', 'z']) {
        return Ok((rest, 0));
    }
    let (negative, s) = if let Some(rest) = s.strip_prefix('+') {
        (false, rest)
    } else if let Some(rest) = s.strip_prefix(['-', '\u{2212}']) {
        (true, rest)
    } else if s.is_empty() {
        return Err(TOO_SHORT);
    } else {
        return Err(INVALID);
    };
    let hours = match s.as_bytes() {
        [h1 @ b'0'..=b'9', h2 @ b'0'..=b'9', ..] => i32::from((h1 - b'0') * 10 + (h2 - b'0')),
        [_, _, ..] => return Err(INVALID),
        _ => return Err(TOO_SHORT),
    };
    let s = s[2..].trim_start_matches(|c: char| c == ':' || c.is_whitespace());
    let minutes = match s.as_bytes() {
        [m1 @ b'0'..=b'5', m2 @ b'0'..=b'9', ..] => i32::from((m1 - b'0') * 10 + (m2 - b'0')),
        [b'6'..=b'9', b'0'..=b'9', ..] => return Err(OUT_OF_RANGE),
        [_, _, ..] => return Err(INVALID),
        _ => return Err(TOO_SHORT),
    };
    let seconds = hours * 3600 + minutes * 60;
    Ok((&s[2..], if negative { -seconds } else { seconds }))
}
