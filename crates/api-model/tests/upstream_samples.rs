//! Every real response body of the upstream server decodes with the model's types.

use api_model::auth::{AuthRequest, AuthResponse, AuthStatus};
use api_model::document::{ListDocument, SingleDocument};
use api_model::errors::{ApiError, ErrorDocument, PlainError, classify, classify_error};
use api_model::resources::*;
use api_model::stats::StatsPayload;
use serde::de::DeserializeOwned;
use std::path::Path;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn decode<T: DeserializeOwned>(name: &str) -> T {
    serde_json::from_str(&fixture(name)).unwrap_or_else(|e| panic!("{name} does not decode: {e}"))
}

#[test]
fn collections_decode_with_paging() {
    let accounts: ListDocument<Account> = decode("accounts.collection.json");
    assert_eq!(accounts.total_count(), 2);
    assert_eq!(accounts.data[0].attributes.balance.to_string(), "125.5");
    assert_eq!(
        accounts.data[0].attributes.min_balance.unwrap().to_string(),
        "0.0"
    );
    assert_eq!(accounts.data[0].attributes.destination_rate_limit, None);
    assert_eq!(
        accounts.data[0]
            .attributes
            .origination_capacity
            .unwrap()
            .to_string(),
        "10"
    );
    assert!(accounts.links.as_ref().unwrap().next.is_none());

    let types: ListDocument<NetworkType> = decode("network-types.collection.json");
    assert_eq!(types.data[1].attributes.name, "Mobile");

    let prefixes: ListDocument<NetworkPrefix> = decode("network-prefixes.collection.json");
    assert_eq!(prefixes.data[0].attributes.prefix, "38067");
    assert!(
        prefixes.data[0]
            .related_link("network")
            .unwrap()
            .ends_with("/network")
    );
}

#[test]
fn single_resources_decode() {
    let account: SingleDocument<Account> = decode("accounts.show.json");
    assert_eq!(account.data.attributes.currency.as_deref(), Some("USD"));

    let prefix: SingleDocument<NetworkPrefix> =
        decode("network-prefixes.show-include-network.json");
    assert_eq!(prefix.data.related_id("network").unwrap().kind, "networks");
    let network: Network = serde_json::from_value(prefix.included[0].attributes.clone()).unwrap();
    assert_eq!(network.name, "Ukraine Kyivstar");

    let service: SingleDocument<Service> = decode("services.show.json");
    assert_eq!(
        service.data.attributes.renew_price.unwrap().to_string(),
        "5.0"
    );
    assert!(service.data.attributes.renew_at.is_some());
    assert!(service.data.related_link("transactions").is_some());

    let export: SingleDocument<CdrExport> = decode("cdr-exports.show.json");
    assert_eq!(export.data.attributes.status, CdrExportStatus::Completed);
    assert_eq!(export.data.attributes.rows_count, Some(1520));

    let rate: SingleDocument<Rate> = decode("rates.show.json");
    assert_eq!(rate.data.attributes.initial_rate.to_string(), "0.015");
    assert_eq!(
        rate.data.attributes.network_prefix_id,
        Some(LooseId::Number(1234))
    );

    let chart: SingleDocument<ChartOriginatedCps> = decode("chart-originated-cps.create.201.json");
    assert_eq!(chart.data.attributes.cps.len(), 2);
    assert_eq!(chart.data.attributes.cps[1].y.to_string(), "0.2");
}

#[test]
fn statistics_payloads_decode_in_both_flavours() {
    for name in [
        "origination-statistics.spec-stub.json",
        "origination-statistics.clickhouse-types.json",
        "origination-statistics-quality.spec-stub.json",
        "origination-statistics-quality.clickhouse-types.json",
        "origination-active-calls.spec-stub.json",
        "origination-active-calls.clickhouse-types.json",
    ] {
        let payload: StatsPayload = decode(name);
        assert!(!payload.t.is_empty(), "{name}");
        for (series, values) in &payload.series {
            assert_eq!(values.len(), payload.t.len(), "{name}: {series}");
        }
    }
    let stub: StatsPayload = decode("origination-active-calls.spec-stub.json");
    assert_eq!((stub.rows, stub.t.len()), (123, 3));
    let quality: StatsPayload = decode("origination-statistics-quality.clickhouse-types.json");
    assert_eq!(quality.series("acd").unwrap()[4].0, None);
    assert_eq!(quality.total("cps").unwrap().to_string(), "0.2");
    let stats: StatsPayload = decode("origination-statistics.spec-stub.json");
    assert_eq!(stats.total("total_price").unwrap().to_string(), "186.5");
    let future: StatsPayload = decode("statistics.200-from-time-in-future.json");
    assert!(future.is_empty());
}

#[test]
fn error_bodies_decode_and_classify() {
    for (name, status, message) in [
        ("auth.create.401.json", 401, "Incorrect login or password."),
        (
            "jsonapi.401-token-invalid.json",
            401,
            "Authorization token expired or incorrect.",
        ),
        (
            "jsonapi.400-invalid-filter-value.json",
            400,
            "test is not a valid value for status_eq.",
        ),
        (
            "jsonapi.404-record-not-found.json",
            404,
            "The record identified by 0b9f8b52-5d2c-11ef-9a4e-0242ac120003 could not be found.",
        ),
        (
            "cdr-exports.create.422.json",
            422,
            "filters - requires time_start_lt",
        ),
        (
            "chart-originated-cps.create.422.json",
            422,
            "account - can't be blank",
        ),
        (
            "statistics.400-invalid-account.json",
            400,
            "invalid value account-id",
        ),
        (
            "statistics.400-missing-params.json",
            400,
            "missing required param(s) account-id, from-time, sampling",
        ),
    ] {
        assert_eq!(
            classify_error(status, &fixture(name)).message(),
            message,
            "{name}"
        );
    }
    let doc: ErrorDocument = decode("cdr-exports.create.422.json");
    assert_eq!(
        doc.errors[0].source.as_ref().unwrap().pointer.as_deref(),
        Some("/data/attributes/filters")
    );
    let plain: PlainError = decode("statistics.400-invalid-account.json");
    assert_eq!(plain.error, "invalid value account-id");
    assert!(matches!(
        classify::<StatsPayload>(401, ""),
        Err(ApiError::Unauthorized { .. })
    ));
}

#[test]
fn auth_and_request_bodies_decode() {
    let _: AuthResponse = decode("auth.create.201.json");
    let _: AuthStatus = decode("auth.show.200.json");
    let request: AuthRequest = decode("auth.create.request.json");
    assert_eq!(request.auth.login, "portal-user");
    let cps: serde_json::Value = decode("chart-originated-cps.create.request.json");
    assert_eq!(cps["data"]["type"], "chart-originated-cps");
    let export: serde_json::Value = decode("cdr-exports.create.request.json");
    assert_eq!(
        export["data"]["relationships"]["account"]["data"]["type"],
        "accounts"
    );
}

#[test]
fn every_fixture_file_is_covered() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let this_file = include_str!("upstream_samples.rs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".json") {
            assert!(
                this_file.contains(&format!("\"{name}\"")),
                "{name} is not decoded by any test"
            );
        }
    }
}

/// Every sample of a collection reads through its declaration, each attribute as its kind.
#[test]
fn every_resource_sample_reads_by_its_declaration() {
    use api_model::catalog::Collection;
    use api_model::document::{Document, Resource};
    use api_model::record::{Value, read_list, read_single};
    let samples = [
        ("accounts.collection.json", Collection::Accounts, true),
        ("accounts.show.json", Collection::Accounts, false),
        (
            "network-types.collection.json",
            Collection::NetworkTypes,
            true,
        ),
        (
            "network-prefixes.collection.json",
            Collection::NetworkPrefixes,
            true,
        ),
        (
            "network-prefixes.show-include-network.json",
            Collection::NetworkPrefixes,
            false,
        ),
        ("services.show.json", Collection::Services, false),
        ("rates.show.json", Collection::Rates, false),
        ("cdr-exports.show.json", Collection::CdrExports, false),
    ];
    for (name, collection, is_list) in samples {
        let spec = collection.spec();
        let records = if is_list {
            read_list(
                spec,
                &decode::<Document<Vec<Resource<serde_json::Value>>>>(name),
            )
        } else {
            vec![read_single(
                spec,
                &decode::<Document<Resource<serde_json::Value>>>(name),
            )]
        };
        assert!(!records.is_empty(), "{name}");
        for record in &records {
            for (field, value) in spec.fields.iter().zip(&record.values) {
                assert!(
                    !matches!(value, Value::Unreadable(_)),
                    "{name}: {} reads as {value:?}",
                    field.name
                );
            }
        }
    }
}
