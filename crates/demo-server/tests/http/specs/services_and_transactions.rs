//! `services_controller_spec.rb`, `transactions_controller_spec.rb` and
//! `profiles_controller_spec.rb`.

use super::*;

/// A service of the customer's with at least one charge.
async fn charged_service(token: &str) -> (Value, Vec<String>) {
    for service in records("services", "", token).await {
        let id = service["id"].as_str().unwrap();
        let charges = ids(&request(
            "GET",
            &format!("transactions?filter[service-id-eq]={id}&page[size]=1000"),
            Some(token),
            None,
        )
        .await);
        if !charges.is_empty() {
            return (service, charges);
        }
    }
    panic!("no service with charges");
}

#[tokio::test]
async fn get_services_include_transactions_renders_records_with_included_transactions() {
    let token = demo_token().await;
    let body = request(
        "GET",
        "services?include=transactions&page[size]=1000",
        Some(&token),
        None,
    )
    .await
    .json();
    assert!(body.get("errors").is_none());
    let theirs = ids(&request("GET", "services", Some(&other_token().await), None).await);
    let data = body["data"].as_array().expect("data");
    assert!(
        data.iter()
            .all(|s| !theirs.contains(&s["id"].as_str().unwrap().to_owned()))
    );
    let included = body["included"].as_array().expect("included");
    assert!(!included.is_empty() && included.iter().all(|t| t["type"] == "transactions"));
}

#[tokio::test]
async fn get_service_include_transactions_returns_record_with_included_transactions() {
    let token = demo_token().await;
    let (service, charges) = charged_service(&token).await;
    let id = service["id"].as_str().unwrap();
    let body = request(
        "GET",
        &format!("services/{id}?include=transactions"),
        Some(&token),
        None,
    )
    .await
    .json();
    assert_eq!(body["data"]["id"], id);
    let mut included: Vec<String> = body["included"]
        .as_array()
        .expect("included")
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect();
    included.sort();
    let mut charges = charges;
    charges.sort();
    assert_eq!(included, charges);
}

#[tokio::test]
async fn get_transactions_include_service_and_filter_by_service_id() {
    let token = demo_token().await;
    let (service, charges) = charged_service(&token).await;
    let id = service["id"].as_str().unwrap();
    let path = format!("transactions?filter[service-id-eq]={id}&include=service&page[size]=1000");
    let body = request("GET", &path, Some(&token), None).await.json();
    assert!(body.get("errors").is_none());
    let included = body["included"].as_array().expect("included");
    assert_eq!(included.len(), 1);
    assert_eq!(
        (&included[0]["id"], &included[0]["type"]),
        (&json!(id), &json!("services"))
    );
    assert_eq!(
        included[0]["attributes"]["name"],
        service["attributes"]["name"]
    );
    let shown = request(
        "GET",
        &format!("transactions/{}?include=service", charges[0]),
        Some(&token),
        None,
    )
    .await
    .json();
    assert_eq!(shown["data"]["id"], charges[0].as_str());
    assert_eq!(shown["included"][0]["id"], id);
}

#[tokio::test]
async fn get_profiles_when_valid_data_returns_200() {
    let reply = request("GET", "profiles", Some(&demo_token().await), None).await;
    assert_eq!(reply.status, 200);
    let data = &reply.json()["data"];
    assert_eq!(data["type"], "profiles");
    assert!(data["id"].is_string());
    let flags = data["attributes"].as_object().expect("attributes");
    assert_eq!(flags.len(), 45);
    assert!(flags.values().all(Value::is_boolean));
}
