//! In the browser: how values are shown and how config.json is read.
#![cfg(target_arch = "wasm32")]

use portal::config::{ConfigError, parse_config};
use portal::format;
use rust_decimal::Decimal;
use std::str::FromStr;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn money_is_grouped_exactly_with_currency() {
    let huge = Decimal::from_str("123456789012345.678901").unwrap();
    assert_eq!(
        format::money(Some(&huge), "USD"),
        "123,456,789,012,345.678901 USD"
    );
    let negative = Decimal::from_str("-310.4").unwrap();
    assert_eq!(format::money(Some(&negative), "UAH"), "-310.4 UAH");
    assert_eq!(
        format::money(Some(&Decimal::from_str("0.0").unwrap()), "EUR"),
        "0.0 EUR"
    );
    assert_eq!(format::money(None, "EUR"), format::DASH);
    assert_eq!(format::group_digits("100"), "100");
    assert_eq!(format::group_digits("-1000"), "-1,000");
}

#[wasm_bindgen_test]
fn other_values() {
    assert_eq!(
        format::short_id("0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"),
        "0b9f7a8e…0003"
    );
    assert_eq!(format::integer(None), format::DASH);
    assert_eq!(format::integer(Some(1_000_000)), "1,000,000");
    let t = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
    assert_eq!(format::timestamp(Some(&t)), "2026-07-02 08:00:07 UTC");
}

#[wasm_bindgen_test]
fn config_reads_keys_and_ignores_unknown_ones() {
    let config = parse_config(
        r#"{"apiBaseUrl":"https://switch.example/","title":"Acme","locale":"uk","future":1}"#,
    )
    .unwrap();
    assert_eq!(
        config.api_root(),
        "https://switch.example/api/rest/customer/v1"
    );
    assert_eq!(config.title, "Acme");
    assert_eq!(config.locale, "uk");
    let defaults = parse_config("{}").unwrap();
    assert_eq!(defaults.api_root(), "/api/rest/customer/v1");
    assert_eq!(defaults.title, "Customer Portal");
}

#[wasm_bindgen_test]
fn config_problems_are_named() {
    assert!(matches!(parse_config("{"), Err(ConfigError::Malformed(_))));
    let err = parse_config(r#"{"apiBaseUrl":"ftp://x"}"#).unwrap_err();
    assert!(err.to_string().contains("apiBaseUrl"));
    assert!(
        ConfigError::Missing { status: 404 }
            .to_string()
            .contains("config.json")
    );
}

#[wasm_bindgen_test]
fn config_reader_survives_hostile_input() {
    // Deterministic mutations of a valid file: cut, byte flips, wrong kinds of values.
    let base = r#"{"apiBaseUrl":"https://switch.example","title":"Acme","locale":"uk","embed":{"allowedOrigins":["https://a.example"]}}"#;
    let nasty = [
        "null",
        "1e400",
        "[]",
        "{}",
        "\"\\ud800\"",
        "\"<script>\"",
        "-0",
        "true",
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let inputs = 20_000;
    for _ in 0..inputs {
        let mut bytes = base.as_bytes().to_vec();
        match next() % 3 {
            0 => bytes.truncate((next() % (bytes.len() as u64 + 1)) as usize),
            1 => {
                for _ in 0..=(next() % 4) {
                    let at = (next() % bytes.len() as u64) as usize;
                    bytes[at] = (next() & 0x7f) as u8;
                }
            }
            _ => {
                let text = base.replace("\"Acme\"", nasty[(next() % nasty.len() as u64) as usize]);
                bytes = text.into_bytes();
            }
        }
        let _ = parse_config(&String::from_utf8_lossy(&bytes));
    }
}
