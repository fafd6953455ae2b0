//! In the browser: the list-state logic behind the list pages.
#![cfg(target_arch = "wasm32")]

use api_model::filters::{Filter, Operator};
use api_model::list::{ListParams, PageWindow, SortKey};
use portal::components::filter_bar::field_label;
use portal::components::pager::summary;
use portal::components::table::toggled_sort;
use portal::export::{csv_header, csv_rows};
use portal::format::Zone;
use portal::pages::list::{api_query, params_from_url};
use portal::resources::{Cell, ColumnHead, Naming, TableRow, Value, naming, readable_filters};
use rust_decimal::Decimal;
use std::str::FromStr;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn accounts() -> Naming {
    naming::<api_model::resources::Account>()
}

#[wasm_bindgen_test]
fn url_query_becomes_the_view_or_an_inline_error() {
    let params = params_from_url(
        accounts(),
        "?filter[name-cont]=west&sort=-balance&page[number]=2&page[size]=25",
    )
    .unwrap();
    assert_eq!(
        params.filters,
        vec![Filter::new("name", Operator::Cont, "west")]
    );
    assert_eq!(
        params.to_query(),
        "filter[name-cont]=west&sort=-balance&page[number]=2&page[size]=25"
    );

    let error = params_from_url(accounts(), "filter[balance-gt]=12a").unwrap_err();
    assert!(error.contains("12a"), "{error}");
    assert!(
        params_from_url(accounts(), "filter[balance-cont]=1").is_err(),
        "cont is not in the numeric set"
    );
    assert!(params_from_url(accounts(), "page[size]=5000").is_err());
}

#[wasm_bindgen_test]
fn api_query_adds_what_the_page_includes_once() {
    let params = ListParams::from_query("filter[prefix-start]=380&include=network").unwrap();
    assert_eq!(
        api_query(&params, &["network"]),
        "filter[prefix-start]=380&include=network"
    );
    let bare = ListParams::default();
    assert_eq!(api_query(&bare, &["network"]), "include=network");
    assert_eq!(api_query(&bare, &[]), "");
}

#[wasm_bindgen_test]
fn clicking_a_header_sorts_then_toggles() {
    assert_eq!(
        toggled_sort(&[], "balance"),
        vec![SortKey::ascending("balance")]
    );
    assert_eq!(
        toggled_sort(&[SortKey::ascending("balance")], "balance"),
        vec![SortKey::descending("balance")]
    );
    assert_eq!(
        toggled_sort(&[SortKey::descending("balance")], "balance"),
        vec![SortKey::ascending("balance")]
    );
    assert_eq!(
        toggled_sort(&[SortKey::descending("balance")], "name"),
        vec![SortKey::ascending("name")]
    );
}

#[wasm_bindgen_test]
fn pager_summary_reads_like_a_person_would_say_it() {
    assert_eq!(
        summary(&PageWindow::new(2, 50, 50, 1237)),
        "51–100 of 1,237"
    );
    assert_eq!(
        summary(&PageWindow::new(25, 50, 37, 1237)),
        "1,201–1,237 of 1,237"
    );
    assert_eq!(summary(&PageWindow::new(1, 50, 0, 0)), "0 of 0");
}

#[wasm_bindgen_test]
fn csv_export_is_exact_and_safe_for_spreadsheets() {
    let columns = [
        ColumnHead {
            key: "name",
            label: "Name",
            sortable: true,
            optional: false,
        },
        ColumnHead {
            key: "balance",
            label: "Balance",
            sortable: true,
            optional: false,
        },
        ColumnHead {
            key: "created-at",
            label: "Created",
            sortable: true,
            optional: false,
        },
    ];
    let money = |text: &str| Cell::money(Some(&Decimal::from_str(text).unwrap()), "USD");
    let time = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
    let rows = [
        TableRow {
            id: "1".into(),
            cells: vec![
                Cell::text("West, \"Ltd\""),
                money("-12500.75"),
                Cell::time(Some(&time)),
            ],
        },
        TableRow {
            id: "2".into(),
            cells: vec![
                Cell::text("=HYPERLINK(\"x\")"),
                money("123456789012345.678901"),
                Cell::time(None),
            ],
        },
    ];
    assert_eq!(csv_header(&columns), "name,balance,created-at\r\n");
    assert_eq!(
        csv_rows(&rows),
        "\"West, \"\"Ltd\"\"\",-12500.75,2026-07-02T08:00:07.000Z\r\n\"'=HYPERLINK(\"\"x\"\")\",123456789012345.678901,\r\n"
    );
}

#[wasm_bindgen_test]
fn values_read_in_the_chosen_zone_and_export_exactly() {
    let time = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
    assert_eq!(
        Value::Time(time).display(Zone::Utc),
        "2026-07-02 08:00:07 UTC"
    );
    let local = Value::Time(time).display(Zone::Browser);
    assert!(
        local.starts_with("2026-07-0") && local.contains(':'),
        "{local}"
    );
    let amount = Decimal::from_str("12500.75").unwrap();
    assert_eq!(
        Value::Money(amount, "USD".into()).display(Zone::Utc),
        "12,500.75 USD"
    );
    assert_eq!(Value::Money(amount, "USD".into()).raw(), "12500.75");
    assert_eq!(Value::Null.display(Zone::Utc), "—");
    assert_eq!(Value::Bool(false).display(Zone::Utc), "No");
}

#[wasm_bindgen_test]
fn export_filters_and_field_names_read_plainly() {
    let filters =
        serde_json::from_str(r#"{"time_start_gteq":"2026-07-01 00:00:00","success_eq":true}"#)
            .unwrap();
    assert_eq!(
        readable_filters(&filters),
        "success = true; time start ≥ 2026-07-01 00:00:00"
    );
    assert_eq!(
        field_label("balance-low-threshold"),
        "Balance low threshold"
    );
}
