//! `cryptomus_payments_spec.rb`.

use super::*;

fn top_up(attributes: Value, relationships: Value) -> Value {
    json!({"data": {"type": "cryptomus-payments", "attributes": attributes, "relationships": relationships}})
}

fn account_relationship(id: &str) -> Value {
    json!({"account": {"data": {"type": "accounts", "id": id}}})
}

async fn balance(token: &str, id: &str) -> Value {
    let reply = request("GET", &format!("accounts/{id}"), Some(token), None).await;
    reply.json()["data"]["attributes"]["balance"].clone()
}

#[tokio::test]
async fn post_cryptomus_payments_creates_successfully_with_and_without_notes() {
    let token = demo_token().await;
    let account = account_id(&token, "Berlin Retail").await;
    for attributes in [
        json!({"amount": "100"}),
        json!({"amount": "100", "notes": "qweasd"}),
    ] {
        let before = balance(&token, &account).await;
        let body = top_up(attributes, account_relationship(&account));
        let reply = request("POST", "cryptomus-payments", Some(&token), Some(&body)).await;
        assert_eq!(reply.status, 201, "{}", reply.body);
        let data = &reply.json()["data"];
        assert_eq!(data["type"], "cryptomus-payments");
        assert!(data["attributes"]["url"].is_string());
        // creates pending payment; does not change account balance
        let payment = request(
            "GET",
            &format!("payments/{}", data["id"].as_str().unwrap()),
            Some(&token),
            None,
        )
        .await;
        assert_eq!(payment.json()["data"]["attributes"]["status"], "pending");
        assert_eq!(balance(&token, &account).await, before);
    }
}

#[tokio::test]
async fn post_cryptomus_payments_with_no_attributes_and_no_relationships() {
    let token = demo_token().await;
    let body = top_up(json!({}), json!({}));
    let reply = request("POST", "cryptomus-payments", Some(&token), Some(&body)).await;
    assert_validation_errors(
        &reply,
        &[
            ("amount - can't be blank", "/data/attributes/amount"),
            ("account - can't be blank", "/data/relationships/account"),
        ],
    );
}

#[tokio::test]
async fn post_cryptomus_payments_with_a_url_is_a_param_not_allowed() {
    let token = demo_token().await;
    let account = account_id(&token, "Berlin Retail").await;
    let body = top_up(
        json!({"amount": "100", "url": "https://example.com"}),
        account_relationship(&account),
    );
    let reply = request("POST", "cryptomus-payments", Some(&token), Some(&body)).await;
    assert_errors(
        &reply,
        400,
        &[Expected {
            title: Some("Param not allowed"),
            detail: Some("url is not allowed."),
            code: Some("105"),
            ..Expected::default()
        }],
    );
}

/// A payment of the customer's with this type and status, by the payments list.
async fn payment_id(token: &str, type_name: &str, status: &str) -> String {
    let path = format!("payments?filter[type-name-eq]={type_name}&filter[status-eq]={status}");
    ids(&request("GET", &path, Some(token), None).await)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {type_name} {status} payment"))
}

#[tokio::test]
async fn get_cryptomus_payment_responds_with_resource_by_status() {
    let token = demo_token().await;
    for (status, url_shown) in [("pending", true), ("completed", false), ("canceled", false)] {
        let id = payment_id(&token, "cryptomus", status).await;
        let reply = request(
            "GET",
            &format!("cryptomus-payments/{id}"),
            Some(&token),
            None,
        )
        .await;
        assert_eq!(reply.status, 200, "{status}");
        let data = &reply.json()["data"];
        assert_eq!(
            (data["id"].as_str(), data["type"].as_str()),
            (Some(id.as_str()), Some("cryptomus-payments"))
        );
        assert_eq!(data["attributes"]["url"].is_string(), url_shown, "{status}");
    }
}

#[tokio::test]
async fn get_cryptomus_payment_of_a_manual_payment_or_another_customer_responds_404() {
    let token = demo_token().await;
    let manual = payment_id(&token, "manual", "completed").await;
    let reply = request(
        "GET",
        &format!("cryptomus-payments/{manual}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(reply.status, 404);
    let other = other_token().await;
    let theirs = payment_id(&other, "cryptomus", "completed").await;
    let reply = request(
        "GET",
        &format!("cryptomus-payments/{theirs}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(reply.status, 404);
}

#[tokio::test]
async fn get_cryptomus_payment_when_payment_account_not_listed_in_allowed_ids_responds_404() {
    let demo = demo_token().await;
    let (outside, _) = outside_and_inside_accounts(&demo).await;
    let path = format!("payments?filter[type-name-eq]=cryptomus&filter[account-id-eq]={outside}");
    let id = ids(&request("GET", &path, Some(&demo), None).await).remove(0);
    let reply = request(
        "GET",
        &format!("cryptomus-payments/{id}"),
        Some(&limited_token().await),
        None,
    )
    .await;
    assert_eq!(reply.status, 404);
}

/// Beyond the spec: the form looks the account up among the customer's (those the access
/// allows) and checks the result's presence, so an account of no one, of another customer or
/// outside the access is as blank as a missing one, beside the other problems.
#[tokio::test]
async fn post_cryptomus_payments_with_an_account_not_the_customers() {
    let token = demo_token().await;
    let (outside, _) = outside_and_inside_accounts(&token).await;
    let theirs = ids(&request("GET", "accounts", Some(&other_token().await), None).await);
    let blank = (
        "account - can't be blank".to_owned(),
        "/data/relationships/account".to_owned(),
    );
    for (login, account) in [
        (
            token.clone(),
            "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003".to_owned(),
        ),
        (token.clone(), theirs[0].clone()),
        (limited_token().await, outside),
    ] {
        let body = top_up(json!({"amount": "10"}), account_relationship(&account));
        let reply = request("POST", "cryptomus-payments", Some(&login), Some(&body)).await;
        assert_eq!(
            errors_in_order(&reply),
            std::slice::from_ref(&blank),
            "{account}"
        );
    }
    let body = top_up(json!({"amount": "0"}), account_relationship(&theirs[0]));
    let reply = request("POST", "cryptomus-payments", Some(&token), Some(&body)).await;
    assert_eq!(
        errors_in_order(&reply),
        [
            (
                "amount - must be greater than or equal to 0.01".to_owned(),
                "/data/attributes/amount".to_owned()
            ),
            blank
        ]
    );
}

/// Beyond the spec: the account's linkage is read before the top-up is validated.
#[tokio::test]
async fn post_cryptomus_payments_with_unreadable_account_linkage() {
    let token = demo_token().await;
    assert_linkage_refused("cryptomus-payments", &token, |linkage| {
        top_up(
            json!({"amount": "10"}),
            json!({"account": {"data": linkage}}),
        )
    })
    .await;
}
