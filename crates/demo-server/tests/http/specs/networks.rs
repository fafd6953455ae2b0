//! `network_types_controller_spec.rb`, `networks_controller_spec.rb` and
//! `network_prefixes_controller_spec.rb`.

use super::*;

/// The first record of a collection.
async fn first(collection: &str, token: &str) -> Value {
    request("GET", collection, Some(token), None).await.json()["data"][0].clone()
}

async fn collection_and_record_and_no_writes(collection: &str) {
    let token = demo_token().await;
    check_authorization("GET", collection, None, 200).await;
    let record = first(collection, &token).await;
    let id = record["id"].as_str().expect("id");
    let path = format!("{collection}/{id}");
    check_authorization("GET", &path, None, 200).await;
    let shown = request("GET", &path, Some(&token), None).await;
    assert_eq!(shown.json()["data"]["attributes"], record["attributes"]);
    for (method, path) in [("PUT", &path), ("PATCH", &path), ("DELETE", &path)] {
        assert_no_route(method, path, &token).await;
    }
    assert_no_route("POST", collection, &token).await;
}

/// `returns_json_api_record_relationship` and `returns_json_api_record_include`.
async fn includes(collection: &str, relationship: &str, included_type: &str) {
    let token = demo_token().await;
    let record = first(collection, &token).await;
    let path = format!(
        "{collection}/{}?include={relationship}",
        record["id"].as_str().unwrap()
    );
    let body = request("GET", &path, Some(&token), None).await.json();
    let linkage = &body["data"]["relationships"][relationship]["data"];
    assert_eq!(linkage["type"], included_type);
    let included = body["included"].as_array().expect("included");
    assert_eq!(included.len(), 1);
    assert_eq!(
        (&included[0]["id"], &included[0]["type"]),
        (&linkage["id"], &linkage["type"])
    );
}

#[tokio::test]
async fn network_types_collection_record_and_routing_errors() {
    collection_and_record_and_no_writes("network-types").await;
}

#[tokio::test]
async fn networks_collection_record_include_network_type_and_routing_errors() {
    collection_and_record_and_no_writes("networks").await;
    includes("networks", "network-type", "network-types").await;
}

#[tokio::test]
async fn network_prefixes_collection_record_include_network_and_routing_errors() {
    collection_and_record_and_no_writes("network-prefixes").await;
    includes("network-prefixes", "network", "networks").await;
}
