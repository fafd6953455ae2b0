//! In the browser: the statistics page's URL, its validation, and the request it makes.
#![cfg(target_arch = "wasm32")]

use api_model::stats::{Sampling, StatsEndpoint, parse_time};
use chart_data::UtcRules;
use chart_data::presets::Preset;
use portal::stats_view::{StatsView, TimeRange};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const ORIGINATION: StatsEndpoint = StatsEndpoint::ORIGINATION;
const TERMINATION: StatsEndpoint = StatsEndpoint::TERMINATION;

#[wasm_bindgen_test]
fn url_round_trips_with_the_api_parameter_names() {
    let query = "account-id=a1&from-time=2026-07-01%2000:00:00&to-time=2026-07-02%2000:00:00&sampling=minute&duration-gt=30&auth-orig-ip=10.0.0.1";
    let view = StatsView::from_query(query, ORIGINATION);
    assert_eq!(view.account_id, "a1");
    assert_eq!(view.sampling, Some(Sampling::Minute));
    assert_eq!(
        view.filters.get("duration-gt").map(String::as_str),
        Some("30")
    );
    assert_eq!(view.to_query(ORIGINATION), query);

    let request = view
        .to_request(ORIGINATION, chrono::Utc::now(), &UtcRules)
        .unwrap();
    assert_eq!(request.from_time, parse_time("2026-07-01 00:00:00"));
    assert_eq!(
        request.to_query(ORIGINATION),
        "account-id=a1&from-time=2026-07-01%2000:00:00&to-time=2026-07-02%2000:00:00&sampling=minute&duration-gt=30&auth-orig-ip=10.0.0.1"
    );
}

#[wasm_bindgen_test]
fn presets_resolve_when_the_request_is_made() {
    let view = StatsView::from_query("account-id=a1&range=yesterday", ORIGINATION);
    assert_eq!(view.range, TimeRange::Preset(Preset::Yesterday));
    assert_eq!(
        view.sampling,
        Some(Sampling::Hour),
        "a default sampling is chosen"
    );
    let now = parse_time("2026-07-02 10:30:00").unwrap();
    let request = view.to_request(ORIGINATION, now, &UtcRules).unwrap();
    assert_eq!(request.from_time, parse_time("2026-07-01 00:00:00"));
    assert_eq!(request.to_time, parse_time("2026-07-02 00:00:00"));
    // A sampling the endpoint does not take falls back to the default.
    let quality = StatsView::from_query(
        "range=today&sampling=month",
        StatsEndpoint::ORIGINATION_QUALITY,
    );
    assert_eq!(quality.sampling, Some(Sampling::FiveMinutes));
    assert!(
        !StatsView::from_query("range=today", StatsEndpoint::ORIGINATION_ACTIVE_CALLS)
            .to_query(StatsEndpoint::ORIGINATION_ACTIVE_CALLS)
            .contains("sampling")
    );
}

#[wasm_bindgen_test]
fn bad_input_is_reported_per_field_and_sends_nothing() {
    let now = chrono::Utc::now();
    let view = StatsView::from_query(
        "from-time=2026-07-02%2000:00:00&to-time=2026-07-01%2000:00:00&auth-orig-ip=999.1.1&duration-gt=abc&customer-price-lt=1,5",
        ORIGINATION,
    );
    let errors = view.to_request(ORIGINATION, now, &UtcRules).unwrap_err();
    let fields: Vec<&str> = errors.iter().map(|e| e.field).collect();
    assert_eq!(
        fields,
        [
            "account-id",
            "to-time",
            "auth-orig-ip",
            "customer-price-lt",
            "duration-gt"
        ]
    );
    let ok = StatsView::from_query(
        "account-id=a&range=today&auth-orig-ip=2001:db8::1",
        ORIGINATION,
    );
    assert!(ok.to_request(ORIGINATION, now, &UtcRules).is_ok());
}

#[wasm_bindgen_test]
fn the_termination_view_keeps_only_its_own_parameters() {
    // A termination URL with origination's parameters: they are not the vendor side's.
    let query = "account-id=a1&range=today&sampling=hour&auth-orig-ip=10.0.0.1&customer-price-gt=1&vendor-price-lt=0.5&dst-country-id=222";
    let view = StatsView::from_query(query, TERMINATION);
    assert_eq!(
        view.to_query(TERMINATION),
        "account-id=a1&range=today&sampling=hour&dst-country-id=222&vendor-price-lt=0.5"
    );
    let request = view
        .to_request(TERMINATION, chrono::Utc::now(), &UtcRules)
        .unwrap();
    assert!(
        request
            .to_query(TERMINATION)
            .ends_with("&dst-country-id=222&vendor-price-lt=0.5")
    );
    // A vendor price is checked like a price, a country id must be an integer.
    let bad = StatsView::from_query(
        "account-id=a1&range=today&vendor-price-gt=cheap&src-country-id=UA",
        TERMINATION,
    );
    let fields: Vec<&str> = bad
        .to_request(TERMINATION, chrono::Utc::now(), &UtcRules)
        .unwrap_err()
        .iter()
        .map(|e| e.field)
        .collect();
    assert_eq!(fields, ["src-country-id", "vendor-price-gt"]);
}
