//! `outgoing_numberlist_items_controller_spec.rb`. Every test works on a fresh server, as the
//! spec's examples each start from their own records.

use super::*;
use demo_server::Options;
use std::net::SocketAddr;

const ITEMS: &str = "outgoing-numberlist-items";

async fn send_on(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> Reply {
    let auth = format!("Bearer {token}");
    let body = body.map(Value::to_string);
    let headers = [
        ("accept", "application/vnd.api+json"),
        ("content-type", "application/vnd.api+json"),
        ("authorization", auth.as_str()),
    ];
    send(addr, method, &api_path(path), &headers, body.as_deref()).await
}

fn create(list: &str, attributes: Value) -> Value {
    json!({"data": {
        "type": ITEMS,
        "attributes": attributes,
        "relationships": {"outgoing-numberlist": {"data": {"type": "outgoing-numberlists", "id": list}}}
    }})
}

/// A fresh server, the demo's token there, and one item of list 1.
async fn fresh() -> (SocketAddr, String, Value) {
    let addr = start(Options::default());
    let token = token_on(addr, "demo").await;
    let path = format!("{ITEMS}?filter[numberlist-id-eq]=1&page[size]=1");
    let item = send_on(addr, "GET", &path, &token, None).await.json()["data"][0].clone();
    (addr, token, item)
}

#[tokio::test]
async fn get_outgoing_numberlist_items_check_authorization_and_returns_records_of_this_customer() {
    check_authorization("GET", ITEMS, None, 200).await;
    let token = demo_token().await;
    let body = request(
        "GET",
        &format!("{ITEMS}?page[size]=1000"),
        Some(&token),
        None,
    )
    .await
    .json();
    for item in body["data"].as_array().expect("data") {
        assert_eq!(item["type"], ITEMS);
        let list = item["relationships"]["outgoing-numberlist"]["links"]["related"].as_str();
        assert!(list.is_some(), "{item}");
    }
}

#[tokio::test]
async fn get_outgoing_numberlist_items_with_ransack_filters() {
    let (_, _, item) = fresh().await;
    let token = demo_token().await;
    let path = format!(
        "{ITEMS}?filter[key_eq]={}",
        item["attributes"]["key"].as_str().unwrap()
    );
    let found = request("GET", &path, Some(&token), None).await.json()["data"][0].clone();
    filters_by_string_field(ITEMS, "key", &found, &token).await;
}

#[tokio::test]
async fn get_outgoing_numberlist_item_when_record_exists_returns_record_with_expected_attributes() {
    let (addr, token, item) = fresh().await;
    let id = item["id"].as_str().unwrap();
    check_authorization("GET", &format!("{ITEMS}/{id}"), None, 200).await;
    let data = send_on(addr, "GET", &format!("{ITEMS}/{id}"), &token, None)
        .await
        .json()["data"]
        .clone();
    assert_eq!(data["type"], ITEMS);
    assert!(data["links"].is_object());
    assert!(data["relationships"]["outgoing-numberlist"]["links"].is_object());
    let attributes = data["attributes"].as_object().expect("attributes");
    assert_eq!(attributes.len(), 2);
    assert_eq!(attributes["key"], item["attributes"]["key"]);
    assert!(attributes.contains_key("action-id"));
}

#[tokio::test]
async fn post_outgoing_numberlist_items_with_allowed_numberlist() {
    let (addr, token, _) = fresh().await;
    let body = create("1", json!({"key": "some new name", "action-id": 2}));
    let reply = send_on(addr, "POST", ITEMS, &token, Some(&body)).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let data = &reply.json()["data"];
    assert_eq!(
        data["attributes"],
        json!({"key": "some new name", "action-id": 2})
    );
    let id = data["id"].as_str().unwrap();
    let shown = send_on(addr, "GET", &format!("{ITEMS}/{id}"), &token, None).await;
    assert_eq!(shown.json()["data"]["attributes"]["key"], "some new name");
}

#[tokio::test]
async fn post_outgoing_numberlist_items_with_not_allowed_numberlist() {
    let (addr, token, _) = fresh().await;
    let count = |addr, token: String| async move {
        let path = format!("{ITEMS}?page[size]=1");
        send_on(addr, "GET", &path, &token, None).await.json()["meta"]["total-count"].clone()
    };
    let before = count(addr, token.clone()).await;
    for list in ["4", "5", "999"] {
        for attributes in [
            json!({"key": "some new name", "action-id": 2}),
            json!({"batch-key": "key1, key2, key3", "action-id": 2}),
        ] {
            let reply = send_on(addr, "POST", ITEMS, &token, Some(&create(list, attributes))).await;
            assert_errors(
                &reply,
                422,
                &[Expected {
                    title: Some("Invalid numberlist"),
                    detail: Some("Invalid numberlist"),
                    code: Some("100"),
                    pointer: Some("/data"),
                }],
            );
        }
    }
    assert_eq!(count(addr, token).await, before);
}

#[tokio::test]
async fn post_outgoing_numberlist_items_with_batch_with_allowed_numberlist() {
    let (addr, token, _) = fresh().await;
    let body = create(
        "3",
        json!({"batch-key": "key1, key2, key3, key2", "action-id": 2}),
    );
    let reply = send_on(addr, "POST", ITEMS, &token, Some(&body)).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(
        reply.json()["data"]["attributes"],
        json!({"key": "key1", "action-id": 2})
    );
    let path = format!("{ITEMS}?filter[numberlist-id-eq]=3&page[size]=1000");
    let body = send_on(addr, "GET", &path, &token, None).await.json();
    let mut keys: Vec<&str> = body["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|i| i["attributes"]["key"].as_str().unwrap())
        .collect();
    keys.sort();
    // A key twice in the batch is made once.
    assert_eq!(keys, ["key1", "key2", "key3"]);
}

#[tokio::test]
async fn post_outgoing_numberlist_items_with_a_taken_key() {
    let (addr, token, item) = fresh().await;
    let body = create("1", json!({"key": item["attributes"]["key"]}));
    let reply = send_on(addr, "POST", ITEMS, &token, Some(&body)).await;
    assert_validation_errors(
        &reply,
        &[("key - has already been taken", "/data/attributes/key")],
    );
}

#[tokio::test]
async fn patch_outgoing_numberlist_item_with_allowed_numberlist() {
    let (addr, token, item) = fresh().await;
    let id = item["id"].as_str().unwrap();
    let body = json!({"data": {"id": id, "type": ITEMS, "attributes": {"key": "some new key", "action-id": 2}}});
    let reply = send_on(addr, "PATCH", &format!("{ITEMS}/{id}"), &token, Some(&body)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let data = &reply.json()["data"];
    assert_eq!(data["id"], id);
    assert_eq!(
        data["attributes"],
        json!({"key": "some new key", "action-id": 2})
    );
}

#[tokio::test]
async fn patch_outgoing_numberlist_item_with_not_allowed_numberlist() {
    let (addr, token, _) = fresh().await;
    // Items of list 4 (the demo's, outside its token's scope) and of list 5 (the other's).
    let other = token_on(addr, "other").await;
    let theirs = send_on(addr, "GET", &format!("{ITEMS}?page[size]=1"), &other, None).await;
    let mut ids: Vec<String> = ids(&theirs);
    ids.push("999999".to_owned());
    for id in ids {
        let body =
            json!({"data": {"id": id, "type": ITEMS, "attributes": {"key": "some new key"}}});
        let reply = send_on(addr, "PATCH", &format!("{ITEMS}/{id}"), &token, Some(&body)).await;
        assert_record_not_found(&reply);
        let reply = send_on(addr, "DELETE", &format!("{ITEMS}/{id}"), &token, None).await;
        assert_record_not_found(&reply);
    }
}

#[tokio::test]
async fn patch_outgoing_numberlist_item_refuses_what_the_library_refuses() {
    let (addr, token, item) = fresh().await;
    let id = item["id"].as_str().unwrap();
    let path = format!("{ITEMS}/{id}");
    let patch = |data: Value| json!({ "data": data });
    let reply = send_on(
        addr,
        "PATCH",
        &path,
        &token,
        Some(&patch(
            json!({"id": "999999", "type": ITEMS, "attributes": {}}),
        )),
    )
    .await;
    let detail = "The URL does not support the key 999999";
    assert_errors(
        &reply,
        400,
        &[Expected {
            title: Some("Key is not included in URL"),
            detail: Some(detail),
            code: Some("110"),
            ..Expected::default()
        }],
    );
    let reply = send_on(
        addr,
        "PATCH",
        &path,
        &token,
        Some(&patch(json!({"type": ITEMS, "attributes": {}}))),
    )
    .await;
    assert_errors(
        &reply,
        400,
        &[Expected {
            title: Some("A key is required"),
            code: Some("109"),
            ..Expected::default()
        }],
    );
    let body = patch(json!({"id": id, "type": ITEMS, "attributes": {"batch-key": "a,b"}}));
    assert_param_not_allowed(
        &send_on(addr, "PATCH", &path, &token, Some(&body)).await,
        "batch-key",
    );
}

#[tokio::test]
async fn delete_outgoing_numberlist_item_with_allowed_numberlist() {
    let (addr, token, item) = fresh().await;
    let path = format!("{ITEMS}/{}", item["id"].as_str().unwrap());
    let reply = send_on(addr, "DELETE", &path, &token, None).await;
    assert_eq!((reply.status, reply.body.as_str()), (204, ""));
    assert_record_not_found(&send_on(addr, "GET", &path, &token, None).await);
}

#[tokio::test]
async fn outgoing_numberlist_items_with_account_ids_are_those_of_lists_connected_to_allowed_accounts()
 {
    let token = limited_token().await;
    let items = records(&format!("{ITEMS}?include=outgoing-numberlist"), "", &token).await;
    assert!(!items.is_empty());
    let list_of = |item: &Value| {
        item["relationships"]["outgoing-numberlist"]["data"]["id"]
            .as_str()
            .expect("list")
            .to_owned()
    };
    assert!(items.iter().all(|item| list_of(item) != "2"));
    // request item not listed in allowed_ids: an item of list 2.
    let demo = demo_token().await;
    let theirs = records(ITEMS, "filter[numberlist-id-eq]=2", &demo).await;
    let path = format!("{ITEMS}/{}", theirs[0]["id"].as_str().unwrap());
    assert_eq!(request("GET", &path, Some(&token), None).await.status, 404);
}

/// Beyond the spec: the resource checks the list before the model validates the item, so a
/// list outside the scope is "Invalid numberlist" alone; within it, the model's errors come
/// together (the key, then the action).
#[tokio::test]
async fn post_outgoing_numberlist_items_with_several_problems() {
    let (addr, token, item) = fresh().await;
    let key = &item["attributes"]["key"];
    let body = create("5", json!({"key": key, "action-id": 7}));
    let reply = send_on(addr, "POST", ITEMS, &token, Some(&body)).await;
    assert_eq!(
        errors_in_order(&reply),
        [("Invalid numberlist".to_owned(), "/data".to_owned())]
    );
    let body = create("1", json!({"key": key, "action-id": 7}));
    let reply = send_on(addr, "POST", ITEMS, &token, Some(&body)).await;
    assert_eq!(
        errors_in_order(&reply),
        [
            (
                "key - has already been taken".to_owned(),
                "/data/attributes/key".to_owned()
            ),
            (
                "action-id - is not included in the list".to_owned(),
                "/data/attributes/action-id".to_owned()
            )
        ]
    );
    let id = item["id"].as_str().unwrap();
    let other = send_on(
        addr,
        "GET",
        &format!("{ITEMS}?filter[numberlist-id-eq]=1&page[size]=2"),
        &token,
        None,
    )
    .await;
    let taken = &other.json()["data"][1]["attributes"]["key"];
    let body =
        json!({"data": {"id": id, "type": ITEMS, "attributes": {"key": taken, "action-id": 7}}});
    let reply = send_on(addr, "PATCH", &format!("{ITEMS}/{id}"), &token, Some(&body)).await;
    assert_eq!(errors_in_order(&reply).len(), 2, "{}", reply.body);
}

/// Beyond the spec: the list's linkage is read before anything else of the item: `{type, id}`
/// alone, of its type, an integer key.
#[tokio::test]
async fn post_outgoing_numberlist_items_with_unreadable_list_linkage() {
    let (addr, token, _) = fresh().await;
    for (linkage, code, detail) in [
        (
            json!({"id": "1"}),
            "115",
            "Data is not a valid Links Object.",
        ),
        (
            json!({"type": "numberlists", "id": "1"}),
            "116",
            "numberlists is not a valid type for this operation.",
        ),
        (
            json!({"type": "outgoing-numberlists", "id": "one"}),
            "103",
            "one is not a valid value for id.",
        ),
    ] {
        let body = json!({"data": {"type": ITEMS, "attributes": {"key": "12345"},
            "relationships": {"outgoing-numberlist": {"data": linkage}}}});
        let reply = send_on(addr, "POST", ITEMS, &token, Some(&body)).await;
        assert_errors(
            &reply,
            400,
            &[Expected {
                detail: Some(detail),
                code: Some(code),
                ..Expected::default()
            }],
        );
    }
}
