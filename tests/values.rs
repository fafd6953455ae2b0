//! In the browser: how values are shown.
#![cfg(target_arch = "wasm32")]

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
