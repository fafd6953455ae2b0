//! Every upstream sample body has the same JSON shape as the demo server's answer for the same
//! endpoint: the same keys at every level, and strings wherever the sample carries a decimal as
//! a string.

use crate::client::*;
use serde_json::{Value, json};
use std::path::PathBuf;

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../api-model/tests/fixtures")
}

fn fixture(name: &str) -> Value {
    let path = fixtures_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn is_decimal_text(value: &Value) -> bool {
    value
        .as_str()
        .is_some_and(|s| api_model::number::parse_decimal(s).is_ok())
}

/// Collects where `ours` differs in shape from `sample`. Nulls on either side match anything
/// (nullable members), except that a decimal string in the sample must not be answered with a
/// null outside arrays; `skip` names object paths whose keys vary by record (free-form maps).
fn compare(sample: &Value, ours: &Value, path: &str, skip: &[&str], problems: &mut Vec<String>) {
    match (sample, ours) {
        (Value::Object(a), Value::Object(b)) => {
            if skip.contains(&path) {
                return;
            }
            let keys_a: Vec<&String> = a.keys().collect();
            let keys_b: Vec<&String> = b.keys().collect();
            let (mut sorted_a, mut sorted_b) = (keys_a.clone(), keys_b.clone());
            sorted_a.sort();
            sorted_b.sort();
            if sorted_a != sorted_b {
                problems.push(format!("{path}: keys {sorted_a:?} but ours {sorted_b:?}"));
            }
            for (key, value) in a {
                if let Some(other) = b.get(key) {
                    compare(value, other, &format!("{path}/{key}"), skip, problems);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            let Some(model) = a.iter().find(|v| !v.is_null()) else {
                return;
            };
            if is_decimal_text(model) && !b.is_empty() && !b.iter().any(Value::is_string) {
                problems.push(format!("{path}: decimal strings expected, ours has none"));
            }
            for (index, element) in b.iter().enumerate().filter(|(_, v)| !v.is_null()) {
                compare(model, element, &format!("{path}/{index}"), skip, problems);
            }
        }
        (Value::Null, _) => {}
        (model, Value::Null) if is_decimal_text(model) => {
            problems.push(format!("{path}: a decimal string expected, ours is null"));
        }
        (_, Value::Null) => {}
        (model, other) if is_decimal_text(model) && !other.is_string() => {
            problems.push(format!(
                "{path}: a decimal string expected, ours is {other}"
            ));
        }
        (Value::Object(_), other) | (Value::Array(_), other) => {
            problems.push(format!("{path}: a container expected, ours is {other}"));
        }
        (_, Value::Object(_)) | (_, Value::Array(_)) => {
            problems.push(format!("{path}: a scalar expected, ours is a container"));
        }
        _ => {}
    }
}

fn assert_same_shape(name: &str, reply: &Reply, expected_status: u16, skip: &[&str]) {
    assert_eq!(reply.status, expected_status, "{name}: {}", reply.body);
    let mut problems = Vec::new();
    compare(&fixture(name), &reply.json(), "", skip, &mut problems);
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
}

#[test]
fn the_shape_comparison_catches_differences() {
    let mut problems = Vec::new();
    compare(
        &json!({"a": "1.5", "b": [{"x": "2.0"}], "c": {"d": 1}}),
        &json!({"a": 1.5, "b": [{"x": "2", "y": 1}], "c": {"d": 2}}),
        "",
        &[],
        &mut problems,
    );
    assert_eq!(problems.len(), 2, "{problems:?}");
    problems.clear();
    compare(
        &json!({"a": [1, 2]}),
        &json!({"a": ["1", null]}),
        "",
        &[],
        &mut problems,
    );
    assert!(problems.is_empty(), "{problems:?}");
}

#[tokio::test]
async fn every_upstream_sample_has_the_shape_of_our_answer() {
    let token = demo_token().await;
    let auth = format!("Bearer {token}");
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let london = account_id(&token, "London Carrier").await;
    let secret = get("accounts", Some(&other_token().await)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let first_id = |collection: &'static str| {
        let token = token.clone();
        async move {
            get(&format!("{collection}?page[size]=1"), Some(&token))
                .await
                .json()["data"][0]["id"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let with_account = |mut body: Value, account: &str| {
        body["data"]["relationships"]["account"]["data"]["id"] = json!(account);
        body
    };
    let stats_window = format!("account-id={london}&from-time={}", time_ago(6 * 3600));
    let mut covered: Vec<&'static str> = Vec::new();
    fn checked(
        covered: &mut Vec<&'static str>,
        name: &'static str,
        reply: Reply,
        status: u16,
        skip: &[&str],
    ) {
        assert_same_shape(name, &reply, status, skip);
        covered.push(name);
    }
    macro_rules! check {
        ($($arg:expr),+ $(,)?) => {
            checked(&mut covered, $($arg),+)
        };
    }

    check!(
        "accounts.collection.json",
        get("accounts", Some(&token)).await,
        200,
        &[]
    );
    check!(
        "accounts.show.json",
        get(&format!("accounts/{kyiv}"), Some(&token)).await,
        200,
        &[]
    );
    check!(
        "auth.create.201.json",
        sign_in_on(server(), "demo", "demo").await,
        201,
        &[]
    );
    check!(
        "auth.create.401.json",
        sign_in_on(server(), "demo", "wrong").await,
        401,
        &[]
    );
    let request = fixture("auth.create.request.json");
    let reply = send(
        server(),
        "POST",
        &format!("{API}/auth"),
        &[("content-type", "application/json")],
        Some(&request.to_string()),
    )
    .await;
    // The sample's credentials are not a demo customer's: the request is read and refused.
    assert_same_shape("auth.create.401.json", &reply, 401, &[]);
    covered.push("auth.create.request.json");
    check!(
        "auth.show.200.json",
        get("auth", Some(&token)).await,
        200,
        &[]
    );

    let mut export = with_account(fixture("cdr-exports.create.request.json"), &kyiv);
    let created = post_jsonapi("cdr-exports", &token, &export).await;
    assert_same_shape(
        "cdr-exports.show.json",
        &created,
        201,
        &["/data/attributes/filters"],
    );
    let filters: Vec<String> = created.json()["data"]["attributes"]["filters"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let mut sent: Vec<String> = export["data"]["attributes"]["filters"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    sent.sort();
    assert_eq!(filters, sent);
    covered.push("cdr-exports.create.request.json");
    export["data"]["attributes"]["filters"]
        .as_object_mut()
        .unwrap()
        .remove("time_start_lt");
    check!(
        "cdr-exports.create.422.json",
        post_jsonapi("cdr-exports", &token, &export).await,
        422,
        &[]
    );
    let sample_filters: Vec<String> =
        fixture("cdr-exports.show.json")["data"]["attributes"]["filters"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
    let exports = get("cdr-exports?page[size]=1000", Some(&token))
        .await
        .json();
    let completed = exports["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| {
            e["attributes"]["status"] == "Completed"
                && e["attributes"]["filters"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .cloned()
                    .collect::<Vec<_>>()
                    == sample_filters
        })
        .expect("a Completed export with the sample's filters");
    let id = completed["id"].as_str().unwrap();
    check!(
        "cdr-exports.show.json",
        get(&format!("cdr-exports/{id}"), Some(&token)).await,
        200,
        &[]
    );

    let chart = with_account(fixture("chart-originated-cps.create.request.json"), &london);
    let reply = post_jsonapi("chart-originated-cps", &token, &chart).await;
    assert_same_shape("chart-originated-cps.create.201.json", &reply, 201, &[]);
    covered.push("chart-originated-cps.create.request.json");
    let mut recent = chart.clone();
    recent["data"]["attributes"] = json!({"from-time": time_ago(6 * 3600).replace("%20", " ")});
    let reply = post_jsonapi("chart-originated-cps", &token, &recent).await;
    assert!(
        !reply.json()["data"]["attributes"]["cps"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    check!("chart-originated-cps.create.201.json", reply, 201, &[]);
    let mut no_account = chart.clone();
    no_account["data"]
        .as_object_mut()
        .unwrap()
        .remove("relationships");
    check!(
        "chart-originated-cps.create.422.json",
        post_jsonapi("chart-originated-cps", &token, &no_account).await,
        422,
        &[],
    );

    let invalid_value = get("accounts?filter[name-eq]=a,b", Some(&token)).await;
    assert_eq!(
        invalid_value.json()["errors"][0]["title"],
        "Invalid filter value"
    );
    check!(
        "jsonapi.400-invalid-filter-value.json",
        invalid_value,
        400,
        &[]
    );
    check!(
        "jsonapi.401-token-invalid.json",
        get("accounts", Some("expired.or.wrong")).await,
        401,
        &[]
    );
    check!(
        "jsonapi.404-record-not-found.json",
        get(
            "accounts/0b9f8b52-5d2c-11ef-9a4e-0242ac120003",
            Some(&token)
        )
        .await,
        404,
        &[],
    );
    check!(
        "network-prefixes.collection.json",
        get(
            "network-prefixes?filter[prefix_start]=380&page[size]=1000",
            Some(&token)
        )
        .await,
        200,
        &[],
    );
    let prefix = first_id("network-prefixes").await;
    check!(
        "network-prefixes.show-include-network.json",
        get(
            &format!("network-prefixes/{prefix}?include=network"),
            Some(&token)
        )
        .await,
        200,
        &[],
    );
    check!(
        "network-types.collection.json",
        get("network-types", Some(&token)).await,
        200,
        &[]
    );
    let rate = first_id("rates").await;
    check!(
        "rates.show.json",
        get(&format!("rates/{rate}"), Some(&token)).await,
        200,
        &[]
    );
    let service = first_id("services").await;
    check!(
        "services.show.json",
        get(&format!("services/{service}"), Some(&token)).await,
        200,
        &[]
    );

    for (name, path, sampling) in [
        (
            "origination-active-calls.clickhouse-types.json",
            "origination-active-calls",
            "",
        ),
        (
            "origination-active-calls.spec-stub.json",
            "origination-active-calls",
            "",
        ),
        (
            "origination-statistics-quality.clickhouse-types.json",
            "origination-statistics-quality",
            "&sampling=minute",
        ),
        (
            "origination-statistics-quality.spec-stub.json",
            "origination-statistics-quality",
            "&sampling=minute",
        ),
        (
            "origination-statistics.clickhouse-types.json",
            "origination-statistics",
            "&sampling=minute",
        ),
        (
            "origination-statistics.spec-stub.json",
            "origination-statistics",
            "&sampling=minute",
        ),
    ] {
        check!(
            name,
            get(&format!("{path}?{stats_window}{sampling}"), Some(&token)).await,
            200,
            &[]
        );
    }
    check!(
        "statistics.200-from-time-in-future.json",
        get(
            &format!(
                "origination-statistics?account-id={kyiv}&from-time={}&sampling=minute",
                time_ago(-86_400)
            ),
            Some(&token)
        )
        .await,
        200,
        &[],
    );
    check!(
        "statistics.400-invalid-account.json",
        get(
            &format!(
                "origination-statistics?account-id={secret}&from-time={}&sampling=minute",
                time_ago(60)
            ),
            Some(&token)
        )
        .await,
        400,
        &[],
    );
    let reply = send(
        server(),
        "GET",
        &format!("{API}/origination-statistics"),
        &[("authorization", &auth)],
        None,
    )
    .await;
    check!("statistics.400-missing-params.json", reply, 400, &[]);

    let mut all: Vec<String> = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json"))
        .collect();
    all.sort();
    let missing: Vec<&String> = all
        .iter()
        .filter(|n| !covered.contains(&n.as_str()))
        .collect();
    assert!(missing.is_empty(), "samples without a check: {missing:?}");
}
