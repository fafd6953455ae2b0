//! The date and time texts of `api_model::date_text` read and write exactly as chrono does, on
//! chosen edge cases and on thousands of pseudo-random times and texts near the patterns.

mod support;

use api_model::date_text::{format, offset, parse, parse_rfc3339_relaxed};
use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, Timelike};
use support::Rng;

/// The patterns in use: the languages' (`en`, `uk`), the server's and `datetime-local`'s.
const PATTERNS: &[&str] = &[
    "%Y-%m-%d %H:%M:%S",
    "%d.%m.%Y %H:%M:%S",
    "%Y-%m-%dT%H:%M:%S",
    "%Y-%m-%dT%H:%M",
];

fn times(rng: &mut Rng) -> Vec<NaiveDateTime> {
    let mut times = vec![
        NaiveDate::MIN.and_hms_opt(0, 0, 0).unwrap(),
        NaiveDate::MAX.and_hms_opt(23, 59, 59).unwrap(),
        NaiveDate::from_ymd_opt(0, 1, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap(),
        NaiveDate::from_ymd_opt(-1, 12, 31)
            .unwrap()
            .and_hms_opt(1, 2, 3)
            .unwrap(),
        NaiveDate::from_ymd_opt(999, 3, 4)
            .unwrap()
            .and_hms_opt(5, 6, 7)
            .unwrap(),
        NaiveDate::from_ymd_opt(9999, 12, 31)
            .unwrap()
            .and_hms_opt(23, 59, 59)
            .unwrap(),
        NaiveDate::from_ymd_opt(10_000, 1, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap(),
        NaiveDate::from_ymd_opt(2016, 12, 31)
            .unwrap()
            .and_hms_nano_opt(23, 59, 59, 1_500_000_000)
            .unwrap(),
    ];
    for _ in 0..2000 {
        let seconds = rng.below(20_000_000_000) as i64 - 10_000_000_000;
        let time = DateTime::from_timestamp(seconds, rng.below(1_000_000_000) as u32).unwrap();
        times.push(time.naive_utc());
    }
    times
}

#[test]
fn formats_as_chrono_does() {
    let mut rng = Rng(0x5eed);
    for time in times(&mut rng) {
        for pattern in PATTERNS.iter().chain(&["%%Y %%", "%m/%d", "at %H"]) {
            assert_eq!(
                format(pattern, &time),
                time.format(pattern).to_string(),
                "{pattern} {time:?}"
            );
        }
    }
}

#[test]
fn formats_offsets_as_chrono_does() {
    let time = NaiveDate::from_ymd_opt(2026, 7, 2)
        .unwrap()
        .and_hms_opt(8, 0, 0)
        .unwrap();
    for seconds in (-86_399..86_400).step_by(7) {
        let zone = FixedOffset::east_opt(seconds).unwrap();
        let local = time.and_utc().with_timezone(&zone);
        assert_eq!(offset(&zone), local.format("%:z").to_string(), "{seconds}");
    }
}

#[test]
fn reads_what_it_writes() {
    let mut rng = Rng(7);
    for time in times(&mut rng) {
        let time = time.with_nanosecond(0).unwrap();
        for pattern in &PATTERNS[..3] {
            assert_eq!(parse(&format(pattern, &time), pattern), Some(time));
        }
    }
}

/// Texts near the patterns: digits, separators, signs and spaces in random places.
fn texts(rng: &mut Rng) -> Vec<String> {
    let mut texts: Vec<String> = [
        "",
        " ",
        "2026-07-02 10:30:00",
        "2026-07-02  10:30:00",
        " 2026-07-02 10:30:00",
        "2026-07-02 10:30:00 ",
        "2026-7-2 1:3:0",
        "2026-07-02\t10:30:00",
        "2026-07-02\u{3000}10:30:00",
        "2026-07-02 10:30",
        "2026-07-02T10:30",
        "2026-07-02T10:30:15",
        "2026-07-02t10:30:15",
        "2026-07-02T 10: 30: 15",
        "2026-02-29 10:30:00",
        "2024-02-29 10:30:00",
        "2016-12-31 23:59:60",
        "2016-12-31T23:59:60",
        "2026-07-02 24:00:00",
        "2026-13-02 10:30:00",
        "2026-00-02 10:30:00",
        "2026-07-32 10:30:00",
        "2026-07-00 10:30:00",
        "2026-07-02 10:60:00",
        "2026-07-02 10:30:61",
        "+2026-07-02 10:30:00",
        "-2026-07-02 10:30:00",
        "+12026-07-02 10:30:00",
        "12026-07-02 10:30:00",
        "-0-01-01 00:00:00",
        "+99999999999999999999-01-01 00:00:00",
        "-9223372036854775808-01-01 00:00:00",
        "2026-07-02 10:30:00Z",
        "02.07.2026 10:30:00",
        "2.7.2026 10:30:00",
        "02.07.-5 10:30:00",
        "١٢-07-02 10:30:00",
        "2026-07-02 010:30:00",
    ]
    .iter()
    .map(|t| (*t).to_owned())
    .collect();
    let pieces = [
        "0", "1", "2", "5", "9", "12", "29", "31", "60", "2026", "12345", "-", "+", ":", ".", "T",
        " ", "  ", "\t", "x",
    ];
    for _ in 0..20_000 {
        let base = texts[rng.below(20) as usize + 2].clone();
        let mut text: String = base;
        for _ in 0..=rng.below(3) {
            let at = rng.below(text.len() as u64 + 1) as usize;
            if !text.is_char_boundary(at) {
                continue;
            }
            match rng.below(3) {
                0 => text.insert_str(at, pieces[rng.below(pieces.len() as u64) as usize]),
                1 if at < text.len() && text.is_char_boundary(at + 1) => {
                    text.remove(at);
                }
                _ => {
                    let piece = pieces[rng.below(pieces.len() as u64) as usize];
                    text.insert_str(at, piece);
                    text.truncate(text.len().saturating_sub(rng.below(2) as usize));
                    while !text.is_char_boundary(text.len()) {
                        text.pop();
                    }
                }
            }
        }
        texts.push(text);
    }
    texts
}

#[test]
fn reads_as_chrono_does() {
    let mut rng = Rng(0xc0ffee);
    let mut read = 0;
    for text in texts(&mut rng) {
        for pattern in PATTERNS {
            let ours = parse(&text, pattern);
            assert_eq!(
                ours,
                NaiveDateTime::parse_from_str(&text, pattern).ok(),
                "{text:?} in {pattern}"
            );
            read += usize::from(ours.is_some());
        }
    }
    // The cases reach both outcomes often.
    assert!(read > 1000, "{read}");
}

/// Texts near RFC 3339: the forms chrono accepts, broken in random places.
fn rfc3339_texts(rng: &mut Rng) -> Vec<String> {
    let mut texts: Vec<String> = [
        "2026-07-02T10:30:00Z",
        "2026-07-02T10:30:00.000Z",
        "2026-07-02 10:30:00.123456789+03:00",
        "2026-07-02t10:30:00.1234567891234 UTC",
        "2026-07-02T10:30:00utc",
        "2016-12-31T23:59:60Z",
        "2016-12-31T23:59:60.5-01:00",
        "+12026-07-02T10:30:00-0930",
        "2026-07-02T10:30:00 \u{2212}05:00",
        "2026-07-02 10:30:00 +05 :30",
        " 2026 - 7 - 2T 1: 2: 3 z ",
        "-0001-12-31T23:59:59+23:59",
        "-262144-01-01T00:00:00Z",
        "+262143-12-31T23:59:59-23:59",
        "2026-02-29T00:00:00Z",
        "2024-02-29T00:00:00+99:59",
        "2026-07-02T10:30:00+05:60",
        "2026-07-02T10:30:00+5:30",
        "2026-07-02T10:30:00.Z",
        "2026-07-02T10:30:00+05",
        "2026-07-02T10:30",
        "2026-07-02",
        "2026-07-02X10:30:00Z",
        "99999999999999999999-01-01T00:00:00Z",
        "",
    ]
    .iter()
    .map(|t| (*t).to_owned())
    .collect();
    let pieces = [
        "0", "1", "2", "5", "6", "9", "12", "24", "29", "31", "60", "99", "2026", "12345", "-",
        "+", "\u{2212}", ":", ".", "T", "t", " ", "\t", "Z", "z", "UTC", "uTc", "x", "é",
    ];
    let seeds = texts.len() as u64 - 1;
    for _ in 0..30_000 {
        let mut text = texts[rng.below(seeds) as usize].clone();
        for _ in 0..=rng.below(3) {
            let at = rng.below(text.len() as u64 + 1) as usize;
            if !text.is_char_boundary(at) {
                continue;
            }
            if rng.below(2) == 0 {
                text.insert_str(at, pieces[rng.below(pieces.len() as u64) as usize]);
            } else if at < text.len() {
                text.remove(at);
            }
        }
        texts.push(text);
    }
    texts
}

#[test]
fn reads_rfc3339_as_chrono_does() {
    let mut rng = Rng(0xda7e);
    let (mut read, mut refused) = (0, 0);
    for text in rfc3339_texts(&mut rng) {
        let ours = parse_rfc3339_relaxed(&text);
        match (ours, text.parse::<DateTime<FixedOffset>>()) {
            (Ok(ours), Ok(chrono)) => {
                assert_eq!(ours, chrono, "{text:?}");
                assert_eq!(ours.offset(), chrono.offset(), "{text:?}");
                read += 1;
            }
            (Err(ours), Err(chrono)) => {
                assert_eq!(ours, chrono.to_string(), "{text:?}");
                refused += 1;
            }
            (ours, chrono) => panic!("{text:?}: {ours:?} but chrono {chrono:?}"),
        }
    }
    assert!(read > 2000 && refused > 2000, "{read} {refused}");
}

#[test]
fn decodes_times_as_chrono_does() {
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Chrono {
        at: DateTime<chrono::Utc>,
        #[serde(default)]
        until: Option<DateTime<chrono::Utc>>,
    }
    #[derive(Debug, PartialEq, Deserialize)]
    struct Ours {
        #[serde(with = "api_model::resources::api_time")]
        at: DateTime<chrono::Utc>,
        #[serde(default, with = "api_model::resources::api_time::option")]
        until: Option<DateTime<chrono::Utc>>,
    }
    let mut rng = Rng(11);
    let mut values: Vec<String> = rfc3339_texts(&mut rng)
        .iter()
        .step_by(7)
        .map(|t| serde_json::Value::from(t.as_str()).to_string())
        .collect();
    values.extend(["null", "5", "true", "{}", "[]", "\"\""].map(str::to_owned));
    for at in &values {
        for until in [None, Some("null"), Some(at.as_str()), Some("1")] {
            let json = match until {
                None => format!(r#"{{"at": {at}}}"#),
                Some(until) => format!(r#"{{"at": {at}, "until": {until}}}"#),
            };
            let ours = serde_json::from_str::<Ours>(&json)
                .map(|o| (o.at, o.until))
                .map_err(|e| e.to_string());
            let chrono = serde_json::from_str::<Chrono>(&json)
                .map(|c| (c.at, c.until))
                .map_err(|e| e.to_string());
            assert_eq!(ours, chrono, "{json}");
            let value: Option<serde_json::Value> = serde_json::from_str(&json).ok();
            if let Some(value) = value {
                let ours = serde_json::from_value::<Ours>(value.clone())
                    .map(|o| (o.at, o.until))
                    .map_err(|e| e.to_string());
                let chrono = serde_json::from_value::<Chrono>(value)
                    .map(|c| (c.at, c.until))
                    .map_err(|e| e.to_string());
                assert_eq!(ours, chrono, "{json}");
            }
        }
    }
    // Missing: the same error.
    assert_eq!(
        serde_json::from_str::<Ours>("{}").unwrap_err().to_string(),
        serde_json::from_str::<Chrono>("{}")
            .unwrap_err()
            .to_string()
    );
}

#[test]
fn leap_seconds_percent_signs_and_half_hour_offsets() {
    let leap = parse("2016-12-31 23:59:60", PATTERNS[0]).unwrap();
    assert_eq!(leap.nanosecond(), 1_000_000_000);
    assert_eq!(format(PATTERNS[0], &leap), "2016-12-31 23:59:60");
    let percent = ("100% 2016-12-31 23:59", "100%% %Y-%m-%d %H:%M");
    assert!(parse(percent.0, percent.1).is_some());
    assert_eq!(
        parse(percent.0, percent.1),
        NaiveDateTime::parse_from_str(percent.0, percent.1).ok()
    );
    assert_eq!(offset(&FixedOffset::east_opt(-34_200).unwrap()), "-09:30");
}
