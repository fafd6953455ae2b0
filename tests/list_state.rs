//! In the browser: the list-state logic behind the list pages.
#![cfg(target_arch = "wasm32")]

use api_model::catalog::{Collection, Kind};
use api_model::filters::{Filter, Operator};
use api_model::list::{ListParams, PageWindow, SortKey};
use api_model::record::Value;
use portal::components::pager::summary;
use portal::components::table::toggled_sort;
use portal::export::{csv_header, csv_rows};
use portal::format::Zone;
use portal::pages::list::{api_query, effective_sort, params_from_url};
use portal::resources::{
    Cell, ColumnHead, ColumnKind, TableRow, columns, display, field_label, readable_conditions,
};
use rust_decimal::Decimal;
use std::str::FromStr;
use wasm_bindgen_test::*;

mod support;

wasm_bindgen_test_configure!(run_in_browser);

fn accounts() -> Collection {
    Collection::Accounts
}

fn column(key: &'static str, kind: Kind) -> ColumnHead {
    ColumnHead {
        key,
        kind: ColumnKind::Attribute(kind),
        sort_key: Some(key),
        optional: false,
        key_place: None,
    }
}

fn cell(value: Value) -> Cell {
    Cell { value, href: None }
}

#[wasm_bindgen_test]
fn url_query_becomes_the_view_or_an_inline_error() {
    support::install_texts();
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

    let error = params_from_url(accounts(), "filter[balance-gt]=12a")
        .unwrap_err()
        .text();
    assert!(error.contains("12a"), "{error}");
    // A single-value operator with an unquoted comma is refused before any request; quoted,
    // it is one value.
    assert!(params_from_url(accounts(), "filter[name-eq]=a,b").is_err());
    assert!(params_from_url(accounts(), "filter[name-eq]=%22a,b%22").is_ok());
    // UUID filters check the form.
    assert!(params_from_url(accounts(), "filter[uuid-eq]=42").is_err());
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
        api_query(&params, ["network"]),
        "filter[prefix-start]=380&include=network"
    );
    let bare = ListParams::default();
    assert_eq!(api_query(&bare, ["network"]), "include=network");
    assert_eq!(api_query(&bare, []), "");
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
    support::install_texts();
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
fn a_list_without_sort_shows_the_servers_default_order() {
    let bare = ListParams::default();
    assert_eq!(
        effective_sort(Collection::CdrExports, &bare),
        vec![SortKey::descending("created-at")]
    );
    assert_eq!(effective_sort(Collection::Accounts, &bare), Vec::new());
    let sorted = ListParams::from_query("sort=-name").unwrap();
    assert_eq!(
        effective_sort(Collection::Services, &sorted),
        vec![SortKey::descending("name")]
    );
}

#[wasm_bindgen_test]
fn only_what_the_server_sorts_by_has_a_sort_control() {
    let sortable = |collection: Collection| -> Vec<&str> {
        columns(collection.spec())
            .into_iter()
            .filter_map(|c| c.sort_key)
            .collect()
    };
    assert_eq!(
        sortable(Collection::Services),
        [
            "name",
            "initial-price",
            "renew-price",
            "created-at",
            "renew-at",
            "id"
        ]
    );
    // The server takes `renew-period` and `currency`, and its database fails on them.
    assert!(!sortable(Collection::Accounts).contains(&"currency"));
    // A transaction's service column sorts by the service's key.
    let service = columns(Collection::Transactions.spec())
        .into_iter()
        .find(|c| c.key == "service")
        .and_then(|c| c.sort_key);
    assert_eq!(service, Some("service-id"));
    assert!(!sortable(Collection::NetworkPrefixes).contains(&"network"));
}

#[wasm_bindgen_test]
fn csv_export_is_exact_and_safe_for_spreadsheets() {
    let columns = [
        column("name", Kind::Text),
        column(
            "balance",
            Kind::Money {
                currency: "currency",
            },
        ),
        column("created-at", Kind::Time),
    ];
    let money = |text: &str| {
        cell(Value::Money {
            amount: Decimal::from_str(text).unwrap(),
            currency: Some("USD".into()),
        })
    };
    let time = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
    let rows = [
        TableRow {
            id: "1".into(),
            cells: vec![
                cell(Value::Text("West, \"Ltd\"".into())),
                money("-12500.75"),
                cell(Value::Time(time)),
            ]
            .into(),
        },
        TableRow {
            id: "2".into(),
            cells: vec![
                cell(Value::Text("=HYPERLINK(\"x\")".into())),
                money("123456789012345.678901"),
                cell(Value::Missing),
            ]
            .into(),
        },
    ];
    assert_eq!(csv_header(&columns), "name,balance,created-at\r\n");
    assert_eq!(
        csv_rows(&columns, &rows),
        "\"West, \"\"Ltd\"\"\",-12500.75,2026-07-02T08:00:07.000Z\r\n\"'=HYPERLINK(\"\"x\"\")\",123456789012345.678901,\r\n"
    );
}

#[wasm_bindgen_test]
fn values_read_in_the_chosen_zone_and_language_and_export_exactly() {
    support::install_texts();
    let time = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
    let created = column("created-at", Kind::Time);
    assert_eq!(
        display(&Value::Time(time), &created, Zone::Utc),
        "2026-07-02 08:00:07 UTC"
    );
    let local = display(&Value::Time(time), &created, Zone::Browser);
    assert!(
        local.starts_with("2026-07-0") && local.contains(':'),
        "{local}"
    );
    let amount = Decimal::from_str("12500.75").unwrap();
    let balance = column(
        "balance",
        Kind::Money {
            currency: "currency",
        },
    );
    let money = Value::Money {
        amount,
        currency: Some("USD".into()),
    };
    assert_eq!(display(&money, &balance, Zone::Utc), "12,500.75 USD");
    assert_eq!(money.raw(), "12500.75");
    // Older servers send no currency: the amount stands alone.
    let bare = Value::Money {
        amount,
        currency: None,
    };
    assert_eq!(display(&bare, &balance, Zone::Utc), "12,500.75");
    assert_eq!(display(&Value::Missing, &balance, Zone::Utc), "—");
    assert_eq!(display(&Value::Bool(false), &created, Zone::Utc), "No");
    let status = column("status", Kind::Choice(&["Pending"]));
    assert_eq!(
        display(&Value::Choice("Pending".into()), &status, Zone::Utc),
        "Pending"
    );
    // A word the portal does not know reads as sent.
    assert_eq!(
        display(&Value::Choice("Archived".into()), &status, Zone::Utc),
        "Archived"
    );
    let period = column("renew-period", Kind::Choice(&["Day"]));
    assert_eq!(
        display(&Value::Choice("Day".into()), &period, Zone::Utc),
        "Daily"
    );
}

#[wasm_bindgen_test]
fn export_filters_and_field_names_read_plainly() {
    let pairs = vec![
        ("success_eq".to_owned(), "true".to_owned()),
        (
            "time_start_gteq".to_owned(),
            "2026-07-01 00:00:00".to_owned(),
        ),
    ];
    assert_eq!(
        readable_conditions(&pairs),
        "success = true; time start ≥ 2026-07-01 00:00:00"
    );
    assert_eq!(
        field_label("balance-low-threshold"),
        "Balance low threshold"
    );
}
