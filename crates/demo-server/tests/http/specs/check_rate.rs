//! `check_rate_controller_spec.rb`.

use super::*;

fn lookup(rateplan: &str, number: &str) -> Value {
    json!({"data": {"type": "check-rates", "attributes": {"rateplan-id": rateplan, "number": number}}})
}

async fn mobile_plan(token: &str) -> String {
    let body = request("GET", "rateplans", Some(token), None).await.json();
    let plans = body["data"].as_array().expect("plans");
    let mobile = plans
        .iter()
        .find(|p| p["attributes"]["name"] == "Ukraine mobile");
    mobile
        .and_then(|p| p["id"].as_str())
        .expect("plan")
        .to_owned()
}

#[tokio::test]
async fn post_check_rate_check_authorization() {
    let plan = mobile_plan(&demo_token().await).await;
    check_authorization(
        "POST",
        "check-rate",
        Some(&lookup(&plan, "380671234567")),
        201,
    )
    .await;
}

#[tokio::test]
async fn post_check_rate_success_returns_the_longest_prefix_of_each_routing_tag_group() {
    let token = demo_token().await;
    let plan = mobile_plan(&token).await;
    let reply = request(
        "POST",
        "check-rate",
        Some(&token),
        Some(&lookup(&plan, "380671234567")),
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let data = &reply.json()["data"];
    assert_eq!(data["type"], "check-rates");
    assert_eq!(data["attributes"]["rateplan-id"], plan);
    assert_eq!(data["attributes"]["number"], "380671234567");
    let rates = data["attributes"]["rates"].as_array().expect("rates");
    let mut groups: Vec<&Value> = rates.iter().map(|r| &r["routing_tag_names"]).collect();
    groups.dedup();
    assert_eq!(
        groups.len(),
        rates.len(),
        "one rate per routing-tag group: {rates:?}"
    );
    for rate in rates {
        for key in [
            "id",
            "prefix",
            "initial_rate",
            "initial_interval",
            "next_rate",
            "next_interval",
            "connect_fee",
            "reject_calls",
            "valid_from",
            "valid_till",
            "network_prefix_id",
            "routing_tag_names",
        ] {
            assert!(rate.get(key).is_some(), "{key} in {rate}");
        }
    }
    // Without tags, only the longest of the untagged prefixes (38050 over 380) applies.
    let reply = request(
        "POST",
        "check-rate",
        Some(&token),
        Some(&lookup(&plan, "380501234567")),
    )
    .await;
    let rates = reply.json()["data"]["attributes"]["rates"].clone();
    let prefixes: Vec<&str> = rates
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["prefix"].as_str().unwrap())
        .collect();
    assert_eq!(prefixes, ["38050"]);
}

#[tokio::test]
async fn post_check_rate_when_rateplan_not_exists() {
    let reply = request(
        "POST",
        "check-rate",
        Some(&demo_token().await),
        Some(&lookup("12123123", "444444444")),
    )
    .await;
    assert_errors(
        &reply,
        422,
        &[Expected {
            detail: Some("rateplan-id - Rateplan not found"),
            ..Expected::default()
        }],
    );
}

#[tokio::test]
async fn post_check_rate_when_proper_rate_not_found_for_this_number() {
    let token = demo_token().await;
    let plan = mobile_plan(&token).await;
    let reply = request(
        "POST",
        "check-rate",
        Some(&token),
        Some(&lookup(&plan, "8888888888")),
    )
    .await;
    assert_eq!(reply.status, 201);
    let attributes = &reply.json()["data"]["attributes"];
    assert_eq!(attributes["number"], "8888888888");
    assert_eq!(attributes["rates"], json!([]));
}

#[tokio::test]
async fn get_check_rate_has_no_route() {
    let reply = request("GET", "check-rate", Some(&demo_token().await), None).await;
    assert_eq!(reply.status, 404);
}
