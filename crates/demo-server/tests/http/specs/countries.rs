//! `countries_controller_spec.rb`.

use super::*;

#[tokio::test]
async fn get_countries_check_authorization() {
    check_authorization("GET", "countries", None, 200).await;
}

#[tokio::test]
async fn get_countries_returns_json_api_collection_of_records() {
    let reply = request("GET", "countries", Some(&demo_token().await), None).await;
    let body = reply.json();
    assert!(body.get("errors").is_none());
    let data = body["data"].as_array().expect("data");
    assert!(!data.is_empty() && data.len() <= 50);
    assert!(data.iter().all(|c| c["type"] == "countries"));
}

#[tokio::test]
async fn get_countries_filtering_by_name_returns_only_ukraine_country() {
    let reply = request(
        "GET",
        "countries?filter[name]=Ukraine",
        Some(&demo_token().await),
        None,
    )
    .await;
    let body = reply.json();
    assert!(body.get("errors").is_none());
    let data = body["data"].as_array().expect("data");
    assert_eq!(data.len(), 1);
    assert_eq!(
        data[0]["attributes"],
        json!({"name": "Ukraine", "iso2": "UA"})
    );
}

#[tokio::test]
async fn get_country_check_authorization_and_returns_json_api_record() {
    let token = demo_token().await;
    let listed = request("GET", "countries", Some(&token), None).await.json()["data"][0].clone();
    let id = listed["id"].as_str().expect("id");
    check_authorization("GET", &format!("countries/{id}"), None, 200).await;
    let reply = request("GET", &format!("countries/{id}"), Some(&token), None).await;
    assert_eq!(reply.json()["data"]["attributes"], listed["attributes"]);
}

#[tokio::test]
async fn get_country_keyed_by_string_a_word_is_record_not_found() {
    let reply = request("GET", "countries/abc", Some(&demo_token().await), None).await;
    assert_errors(
        &reply,
        404,
        &[Expected {
            title: Some("Record not found"),
            ..Expected::default()
        }],
    );
}
