//! `accounts_spec.rb`.

use super::*;

async fn demo_accounts(token: &str) -> Vec<Value> {
    let reply = request("GET", "accounts", Some(token), None).await;
    reply.json()["data"].as_array().expect("data").clone()
}

#[tokio::test]
async fn get_accounts_check_authorization() {
    check_authorization("GET", "accounts", None, 200).await;
}

#[tokio::test]
async fn get_accounts_check_pagination() {
    let token = demo_token().await;
    let all = ids(&request("GET", "accounts", Some(&token), None).await);
    let first = request(
        "GET",
        "accounts?page[number]=1&page[size]=3",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(first.json()["meta"], json!({"total-count": all.len()}));
    assert_eq!(ids(&first), all[..3]);
    let second = request(
        "GET",
        "accounts?page[number]=2&page[size]=3",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(second.json()["meta"], json!({"total-count": all.len()}));
    assert_eq!(ids(&second), all[3..]);
}

#[tokio::test]
async fn get_accounts_with_dynamic_auth_returns_records_of_this_customer() {
    let demo = demo_accounts(&demo_token().await).await;
    let other = demo_accounts(&other_token().await).await;
    assert_eq!(demo.len(), 4);
    assert!(!other.is_empty());
    assert!(demo.iter().all(|a| !other.contains(a)));
}

#[tokio::test]
async fn get_accounts_with_ransack_filters() {
    let token = demo_token().await;
    let accounts = demo_accounts(&token).await;
    let kyiv = &accounts[0];
    filters_by_string_field("accounts", "name", kyiv, &token).await;
    for attribute in [
        "balance",
        "min-balance",
        "max-balance",
        "destination-rate-limit",
        "origination-capacity",
        "termination-capacity",
        "total-capacity",
    ] {
        filters_by_number_field("accounts", attribute, kyiv, &token).await;
    }
    let id = kyiv["id"].as_str().expect("id");
    filters_by_uuid_field("accounts", "uuid", id, id, &token).await;
    // Filter-only columns (not attributes): the operators are taken.
    for name in [
        "balance_low_threshold",
        "balance_high_threshold",
        "max_call_duration",
        "external_id",
    ] {
        for operator in ["eq", "not_eq", "gt", "gteq", "lt", "lteq", "in", "not_in"] {
            let path = format!("accounts?filter[{name}_{operator}]=1");
            let reply = request("GET", &path, Some(&token), None).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        }
    }
}

#[tokio::test]
async fn get_account_check_authorization() {
    let token = demo_token().await;
    let id = account_id(&token, "Kyiv Wholesale").await;
    check_authorization("GET", &format!("accounts/{id}"), None, 200).await;
}

#[tokio::test]
async fn get_account_when_record_exists_returns_record_with_expected_attributes() {
    let token = demo_token().await;
    let listed = demo_accounts(&token).await.remove(0);
    let id = listed["id"].as_str().expect("id");
    let reply = request("GET", &format!("accounts/{id}"), Some(&token), None).await;
    assert_eq!(reply.status, 200);
    let record = &reply.json()["data"];
    assert_eq!(record["type"], "accounts");
    assert_eq!(record["attributes"], listed["attributes"]);
}

#[tokio::test]
async fn get_account_request_account_not_listed_in_allowed_ids_responds_with_status_404() {
    let other = demo_accounts(&other_token().await).await.remove(0);
    let id = other["id"].as_str().expect("id");
    let reply = request(
        "GET",
        &format!("accounts/{id}"),
        Some(&demo_token().await),
        None,
    )
    .await;
    assert_errors(
        &reply,
        404,
        &[Expected {
            title: Some("Record not found"),
            ..Expected::default()
        }],
    );
}

#[tokio::test]
async fn post_patch_delete_accounts_raise_routing_error() {
    let token = demo_token().await;
    let id = account_id(&token, "Kyiv Wholesale").await;
    assert_no_route("POST", "accounts", &token).await;
    assert_no_route("PATCH", &format!("accounts/{id}"), &token).await;
    assert_no_route("DELETE", &format!("accounts/{id}"), &token).await;
}

#[tokio::test]
async fn get_accounts_with_account_ids_returns_only_accounts_listed_in_account_ids() {
    let names: Vec<Value> = demo_accounts(&limited_token().await)
        .await
        .iter()
        .map(|a| a["attributes"]["name"].clone())
        .collect();
    assert_eq!(names, [json!("Kyiv Wholesale"), json!("Berlin Retail")]);
}

#[tokio::test]
async fn get_account_request_account_not_listed_in_allowed_ids_responds_404() {
    let (outside, inside) = outside_and_inside_accounts(&demo_token().await).await;
    let token = limited_token().await;
    assert_record_not_found(
        &request("GET", &format!("accounts/{outside}"), Some(&token), None).await,
    );
    let reply = request("GET", &format!("accounts/{inside}"), Some(&token), None).await;
    assert_eq!(reply.status, 200);
}
