//! `rateplans_controller_spec.rb` and `rates_controller_spec.rb`.

use super::*;

#[tokio::test]
async fn get_rateplans_check_authorization_and_returns_records_of_this_customer() {
    check_authorization("GET", "rateplans", None, 200).await;
    let mine = ids(&request("GET", "rateplans", Some(&demo_token().await), None).await);
    let theirs = ids(&request("GET", "rateplans", Some(&other_token().await), None).await);
    assert!(!mine.is_empty() && mine.iter().all(|id| !theirs.contains(id)));
}

#[tokio::test]
async fn get_rateplans_with_ransack_filters() {
    let token = demo_token().await;
    let plan = records("rateplans", "", &token).await.remove(0);
    filters_by_string_field("rateplans", "name", &plan, &token).await;
}

#[tokio::test]
async fn get_rateplan_returns_record_with_expected_attributes_and_another_customers_is_404() {
    let token = demo_token().await;
    let plan = records("rateplans", "", &token).await.remove(0);
    let path = format!("rateplans/{}", plan["id"].as_str().unwrap());
    check_authorization("GET", &path, None, 200).await;
    let data = request("GET", &path, Some(&token), None).await.json()["data"].clone();
    assert_eq!(data["attributes"], plan["attributes"]);
    let theirs = records("rateplans", "", &other_token().await)
        .await
        .remove(0);
    let path = format!("rateplans/{}", theirs["id"].as_str().unwrap());
    assert_eq!(request("GET", &path, Some(&token), None).await.status, 404);
}

#[tokio::test]
async fn post_patch_delete_rateplans_and_rates_raise_routing_error() {
    let token = demo_token().await;
    let plan = records("rateplans", "", &token).await.remove(0);
    let rate = records("rates", "", &token).await.remove(0);
    for (collection, record) in [("rateplans", plan), ("rates", rate)] {
        let path = format!("{collection}/{}", record["id"].as_str().unwrap());
        assert_no_route("POST", collection, &token).await;
        assert_no_route("PATCH", &path, &token).await;
        assert_no_route("DELETE", &path, &token).await;
    }
}

#[tokio::test]
async fn get_rates_check_authorization_pagination_and_records_of_this_customer() {
    check_authorization("GET", "rates", None, 200).await;
    let token = demo_token().await;
    let first = request("GET", "rates?page[size]=10", Some(&token), None).await;
    let second = request(
        "GET",
        "rates?page[size]=10&page[number]=2",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(first.json()["meta"], second.json()["meta"]);
    let (first, second) = (ids(&first), ids(&second));
    assert!(first.len() == 10 && first.iter().all(|id| !second.contains(id)));
    let theirs = ids(&request("GET", "rates", Some(&other_token().await), None).await);
    assert!(first.iter().all(|id| !theirs.contains(id)));
}

#[tokio::test]
async fn get_rates_with_ransack_filters() {
    let token = demo_token().await;
    let all = records("rates", "", &token).await;
    let rate = all
        .iter()
        .find(|r| {
            r["attributes"]["valid-till"].is_string()
                && r["attributes"]["prefix"]
                    .as_str()
                    .is_some_and(|p| p.len() >= 3)
        })
        .expect("a rate");
    filters_by_boolean_field("rates", "enabled", rate, &token).await;
    filters_by_boolean_field("rates", "reject-calls", rate, &token).await;
    filters_by_string_field("rates", "prefix", rate, &token).await;
    for attribute in [
        "next-rate",
        "connect-fee",
        "initial-interval",
        "next-interval",
        "initial-rate",
        "dst-number-min-length",
        "dst-number-max-length",
    ] {
        filters_by_number_field("rates", attribute, rate, &token).await;
    }
    filters_by_datetime_field("rates", "valid-from", rate, &token).await;
    filters_by_datetime_field("rates", "valid-till", rate, &token).await;
    let id = rate["id"].as_str().unwrap();
    filters_by_uuid_field("rates", "uuid", id, id, &token).await;
}

#[tokio::test]
async fn get_rate_when_record_exists_returns_record_with_expected_attributes() {
    let token = demo_token().await;
    let rate = records("rates", "", &token).await.remove(0);
    let path = format!("rates/{}", rate["id"].as_str().unwrap());
    check_authorization("GET", &path, None, 200).await;
    let data = request("GET", &path, Some(&token), None).await.json()["data"].clone();
    let mut names: Vec<&String> = data["attributes"].as_object().unwrap().keys().collect();
    names.sort();
    assert_eq!(
        names,
        [
            "attempt-fee",
            "connect-fee",
            "dst-number-max-length",
            "dst-number-min-length",
            "enabled",
            "initial-interval",
            "initial-rate",
            "network-prefix-id",
            "next-interval",
            "next-rate",
            "prefix",
            "reject-calls",
            "valid-from",
            "valid-till"
        ]
    );
    assert_eq!(data["attributes"], rate["attributes"]);
}

#[tokio::test]
async fn rateplans_and_rates_with_account_ids_are_those_connected_to_allowed_accounts() {
    let demo = demo_token().await;
    let token = limited_token().await;
    let name = |plan: &Value| plan["attributes"]["name"].as_str().unwrap().to_owned();
    let mine: Vec<String> = records("rateplans", "", &token)
        .await
        .iter()
        .map(name)
        .collect();
    // "Ukraine mobile" is used by Lviv Overdraft's trunk only.
    assert_eq!(mine, ["Demo Telecom standard"]);
    let mobile = records("rateplans", "", &demo)
        .await
        .into_iter()
        .find(|p| name(p) == "Ukraine mobile")
        .expect("mobile plan");
    let mobile_id = mobile["id"].as_str().unwrap();
    assert_eq!(
        request("GET", &format!("rateplans/{mobile_id}"), Some(&token), None)
            .await
            .status,
        404
    );
    // with pagination
    let first = request("GET", "rateplans?page[size]=1", Some(&token), None).await;
    assert_eq!(first.json()["meta"]["total-count"], 1);
    // Rates of the mobile plan: listed for demo, not for the limited login.
    let filter = format!("filter[rateplan-id-eq]={mobile_id}");
    let rates = records("rates", &filter, &demo).await;
    assert!(!rates.is_empty());
    assert!(records("rates", &filter, &token).await.is_empty());
    let path = format!("rates/{}", rates[0]["id"].as_str().unwrap());
    assert_eq!(request("GET", &path, Some(&token), None).await.status, 404);
    assert!(!records("rates", "", &token).await.is_empty());
}
