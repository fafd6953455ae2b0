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

/// The service a transaction of a list with `include=service` belongs to.
fn service_of(transaction: &Value) -> String {
    transaction["relationships"]["service"]["data"]["id"]
        .as_str()
        .expect("service linkage (include=service)")
        .to_owned()
}

/// The services of rows in their order, each once (a service's rows come together).
fn services_in_order(rows: &[Value]) -> Vec<String> {
    let mut order: Vec<String> = rows.iter().map(service_of).collect();
    order.dedup();
    order
}

/// Beyond the spec: `TransactionResource.sortable_fields` is `id created_at service_id amount`;
/// `service_id` is the transactions' column of the service's database id, so a service's
/// charges come together, services in the order they were made (the reverse descending).
#[tokio::test]
async fn get_transactions_sorted_by_service_id() {
    let token = demo_token().await;
    let everything = records("transactions", "include=service", &token).await;
    let ascending = records("transactions", "sort=service_id&include=service", &token).await;
    let descending = records("transactions", "sort=-service-id&include=service", &token).await;
    assert!(everything.len() < 1000, "the whole list on one page");
    assert_eq!(ascending.len(), everything.len());
    let groups = services_in_order(&ascending);
    let mut distinct = groups.clone();
    distinct.sort();
    distinct.dedup();
    assert!(groups.len() > 1, "{groups:?}");
    assert_eq!(groups.len(), distinct.len(), "a service's charges together");
    let mut reversed = services_in_order(&descending);
    reversed.reverse();
    assert_eq!(reversed, groups);
}

/// Beyond the spec: `service_id` and `account_id` are association filters: the resource
/// looks the UUIDs up among all services or accounts and filters by the ones it finds; a
/// filter left without any (an unknown UUID, a word) is dropped, so it keeps every record.
#[tokio::test]
async fn get_transactions_filtered_by_uuids_of_no_record_keeps_them_all() {
    let token = demo_token().await;
    let (service, charges) = charged_service(&token).await;
    let id = service["id"].as_str().unwrap();
    let all = ids(&request("GET", "transactions?page[size]=1000", Some(&token), None).await);
    let unknown = "00000000-0000-4000-8000-000000000000";
    for filter in [
        format!("service_id_eq]={unknown}"),
        "service_id_eq]=42".to_owned(),
        format!("account_id_not_eq]={unknown}"),
        format!("service_id_in]={unknown},nope"),
        "service_id_in]=".to_owned(),
    ] {
        let path = format!("transactions?filter[{filter}&page[size]=1000");
        let found = ids(&request("GET", &path, Some(&token), None).await);
        assert_eq!(found, all, "{filter}");
    }
    // The UUIDs it finds still filter.
    let path = format!("transactions?filter[service_id_in]={unknown},{id}&page[size]=1000");
    let mut found = ids(&request("GET", &path, Some(&token), None).await);
    let mut charges = charges;
    found.sort();
    charges.sort();
    assert_eq!(found, charges);
    // Another customer's service is found, and none of its charges is the customer's.
    let theirs = ids(&request("GET", "services", Some(&other_token().await), None).await);
    let path = format!("transactions?filter[service_id_eq]={}", theirs[0]);
    assert!(ids(&request("GET", &path, Some(&token), None).await).is_empty());
}
