//! `outgoing_numberlists_controller_spec.rb`.

use super::*;

#[tokio::test]
async fn get_outgoing_numberlists_check_authorization() {
    check_authorization("GET", "outgoing-numberlists", None, 200).await;
}

#[tokio::test]
async fn get_outgoing_numberlists_account_ids_is_empty_returns_records_of_this_customer() {
    let listed = ids(&request(
        "GET",
        "outgoing-numberlists",
        Some(&demo_token().await),
        None,
    )
    .await);
    // The demo's three allowed lists: not its list outside the token's scope (4), nor the
    // other customer's (5).
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(sorted, ["1", "2", "3"]);
}

#[tokio::test]
async fn get_outgoing_numberlists_with_ransack_filters() {
    let token = demo_token().await;
    let body = request("GET", "outgoing-numberlists", Some(&token), None)
        .await
        .json();
    let record = body["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|l| l["id"] == "1")
        .expect("list 1")
        .clone();
    filters_by_string_field("outgoing-numberlists", "name", &record, &token).await;
}

#[tokio::test]
async fn get_outgoing_numberlist_when_record_exists_returns_record_with_expected_attributes() {
    let token = demo_token().await;
    let path = "outgoing-numberlists/1";
    check_authorization("GET", path, None, 200).await;
    let data = request("GET", path, Some(&token), None).await.json()["data"].clone();
    assert_eq!(
        (data["id"].as_str(), data["type"].as_str()),
        (Some("1"), Some("outgoing-numberlists"))
    );
    let attributes = data["attributes"].as_object().expect("attributes");
    let mut names: Vec<&String> = attributes.keys().collect();
    names.sort();
    assert_eq!(names, ["default-action-id", "mode-id", "name"]);
}

#[tokio::test]
async fn get_outgoing_numberlist_not_listed_in_allowed_ids_responds_with_status_404() {
    let token = demo_token().await;
    for id in ["4", "5"] {
        let reply = request(
            "GET",
            &format!("outgoing-numberlists/{id}"),
            Some(&token),
            None,
        )
        .await;
        assert_eq!(reply.status, 404, "{id}");
    }
}

#[tokio::test]
async fn post_patch_delete_outgoing_numberlists_raise_routing_error() {
    let token = demo_token().await;
    assert_no_route("POST", "outgoing-numberlists", &token).await;
    assert_no_route("PATCH", "outgoing-numberlists/1", &token).await;
    assert_no_route("DELETE", "outgoing-numberlists/1", &token).await;
}

#[tokio::test]
async fn get_outgoing_numberlists_with_account_ids_returns_numberlists_connected_to_allowed_accounts()
 {
    let token = limited_token().await;
    let mut listed = ids(&request("GET", "outgoing-numberlists", Some(&token), None).await);
    listed.sort();
    // List 1 is used by Kyiv Wholesale's trunk, 3 by every account's; 2 only by London
    // Carrier's, which the limited login may not see.
    assert_eq!(listed, ["1", "3"]);
    let reply = request("GET", "outgoing-numberlists/2", Some(&token), None).await;
    assert_eq!(reply.status, 404);
}
