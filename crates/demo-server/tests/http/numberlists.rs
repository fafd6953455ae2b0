//! Number lists and their items: the customer's lists only, items filtered by list, and the
//! writes (one key, a batch, an action, a delete) with the real server's errors.

use crate::client::*;
use demo_server::Options;
use serde_json::{Value, json};
use std::net::SocketAddr;

const ITEMS: &str = "outgoing-numberlist-items";

async fn write(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> Reply {
    let auth = format!("Bearer {token}");
    let body = body.map(Value::to_string);
    send(
        addr,
        method,
        &api_path(path),
        &[
            ("accept", "application/vnd.api+json"),
            ("content-type", "application/vnd.api+json"),
            ("authorization", &auth),
        ],
        body.as_deref(),
    )
    .await
}

fn create(list: &str, attributes: Value) -> Value {
    json!({"data": {
        "type": ITEMS,
        "attributes": attributes,
        "relationships": {"outgoing-numberlist": {"data": {"type": "outgoing-numberlists", "id": list}}}
    }})
}

/// The keys of a list, with their actions, in the server's default order.
async fn keys_of(addr: SocketAddr, token: &str, list: &str) -> Vec<(String, Value)> {
    let reply = get_on(
        addr,
        &format!("{ITEMS}?filter[numberlist-id-eq]={list}&page[size]=1000"),
        Some(token),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            (
                item["attributes"]["key"].as_str().unwrap().to_owned(),
                item["attributes"]["action-id"].clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_customer_sees_only_its_allowed_lists_and_their_items() {
    let token = demo_token().await;
    let lists = get("outgoing-numberlists", Some(&token)).await.json();
    let names: Vec<&str> = lists["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["attributes"]["name"].as_str().unwrap())
        .collect();
    // Sorted by name; the list its API access does not allow and the other customer's are not.
    assert_eq!(
        names,
        [
            "Blocked destinations",
            "Blocked prefixes",
            "Premium allow list"
        ]
    );
    let first = &lists["data"][0];
    assert_eq!(first["id"], "1");
    assert_eq!(first["attributes"]["mode-id"], 1);
    assert_eq!(first["attributes"]["default-action-id"], 1);

    let items = get(
        &format!("{ITEMS}?filter[numberlist-id-eq]=1&sort=-key&page[size]=10"),
        Some(&token),
    )
    .await
    .json();
    assert_eq!(items["meta"]["total-count"], 120);
    let keys: Vec<&str> = items["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["attributes"]["key"].as_str().unwrap())
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted);
    // Out of scope: the not-allowed list (4) and the other customer's (5) are "not found".
    for path in ["outgoing-numberlists/4", "outgoing-numberlists/5"] {
        assert_eq!(get(path, Some(&token)).await.status, 404, "{path}");
    }
    let hidden = get(&format!("{ITEMS}?filter[numberlist-id-eq]=4"), Some(&token)).await;
    assert_eq!(hidden.json()["meta"]["total-count"], 0);
    // The server's filters and sort whitelist.
    assert_eq!(
        get(&format!("{ITEMS}?filter[colour-eq]=1"), Some(&token))
            .await
            .status,
        400
    );
    assert_eq!(
        get(&format!("{ITEMS}?sort=colour"), Some(&token))
            .await
            .status,
        400
    );
    assert_eq!(
        get("outgoing-numberlists/x1", Some(&token)).await.status,
        400
    );
}

#[tokio::test]
async fn one_key_or_a_batch_is_added_and_an_item_changed_and_deleted() {
    let addr = start(Options::default());
    let token = token_on(addr, "demo").await;
    let one = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create("3", json!({"key": "38044", "action-id": 2}))),
    )
    .await;
    assert_eq!(one.status, 201, "{}", one.body);
    let created = one.json();
    assert_eq!(
        created["data"]["attributes"],
        json!({"key": "38044", "action-id": 2})
    );
    let id = created["data"]["id"].as_str().unwrap().to_owned();
    assert!(id.parse::<u64>().is_ok());

    // A batch: commas, spaces stripped, answered with the first item made.
    let batch = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create(
            "3",
            json!({"batch-key": "4812, 4813 ,49 1", "action-id": null}),
        )),
    )
    .await;
    assert_eq!(batch.status, 201, "{}", batch.body);
    assert_eq!(batch.json()["data"]["attributes"]["key"], "4812");
    let keys = keys_of(addr, &token, "3").await;
    assert_eq!(
        keys,
        [
            ("38044".to_owned(), json!(2)),
            ("4812".to_owned(), Value::Null),
            ("4813".to_owned(), Value::Null),
            ("491".to_owned(), Value::Null),
        ]
    );

    let patch = write(
        addr,
        "PATCH",
        &format!("{ITEMS}/{id}"),
        &token,
        Some(&json!({"data": {"type": ITEMS, "id": id, "attributes": {"action-id": 1}}})),
    )
    .await;
    assert_eq!(patch.status, 200, "{}", patch.body);
    assert_eq!(patch.json()["data"]["attributes"]["action-id"], 1);

    let delete = write(addr, "DELETE", &format!("{ITEMS}/{id}"), &token, None).await;
    assert_eq!((delete.status, delete.body.as_str()), (204, ""));
    assert_eq!(keys_of(addr, &token, "3").await.len(), 3);
    let again = write(addr, "DELETE", &format!("{ITEMS}/{id}"), &token, None).await;
    assert_eq!(again.status, 404);
    // Re-created (an undo): a new id, the same key.
    let back = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create("3", json!({"key": "38044", "action-id": 1}))),
    )
    .await;
    assert_eq!(back.status, 201);
    assert_ne!(back.json()["data"]["id"], json!(id));
}

fn pointer(reply: &Reply) -> String {
    reply.json()["errors"][0]["source"]["pointer"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn duplicates_foreign_lists_and_bad_values_are_refused_like_the_real_server() {
    let addr = start(Options::default());
    let token = token_on(addr, "demo").await;
    let existing = keys_of(addr, &token, "2").await[0].0.clone();

    let duplicate = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create("2", json!({"key": existing}))),
    )
    .await;
    assert_eq!(duplicate.status, 422, "{}", duplicate.body);
    assert_eq!(pointer(&duplicate), "/data/attributes/key");
    assert_eq!(
        duplicate.json()["errors"][0]["detail"],
        "key - has already been taken"
    );

    // A batch with one taken key makes nothing: the real model makes a batch's items after
    // the request passed validation, and the taken key fails it there (a 500).
    let before = keys_of(addr, &token, "2").await.len();
    let batch = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create(
            "2",
            json!({"batch-key": format!("111222, {existing}")}),
        )),
    )
    .await;
    assert_eq!(batch.status, 500);
    let repeated = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create("2", json!({"batch-key": "5, 5"}))),
    )
    .await;
    // A key twice in one batch is made once, as the real model makes a batch's keys unique.
    assert_eq!(repeated.status, 201);
    assert_eq!(keys_of(addr, &token, "2").await.len(), before + 1);

    // Lists outside the customer's scope: not allowed, another customer's, none at all.
    for list in ["4", "5", "999"] {
        let reply = write(
            addr,
            "POST",
            ITEMS,
            &token,
            Some(&create(list, json!({"key": "1"}))),
        )
        .await;
        assert_eq!(reply.status, 422, "{list}");
        let error = &reply.json()["errors"][0];
        assert_eq!(error["title"], "Invalid numberlist");
        assert_eq!(error["code"], "100");
        // An error of the record as a whole (`base`): at `/data`, its message as the detail.
        assert_eq!(pointer(&reply), "/data");
        assert_eq!(error["detail"], "Invalid numberlist");
    }
    // The real model takes any key as sent, a blank one too (and no key at all as "").
    let blank = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create("2", json!({"key": " "}))),
    )
    .await;
    assert_eq!(blank.status, 201);
    assert_eq!(blank.json()["data"]["attributes"]["key"], " ");
    let action = write(
        addr,
        "POST",
        ITEMS,
        &token,
        Some(&create("2", json!({"key": "7", "action-id": 3}))),
    )
    .await;
    assert_eq!(
        (action.status, pointer(&action).as_str()),
        (422, "/data/attributes/action-id")
    );

    // Another customer's item: not found, for changes as for deletes.
    let other = token_on(addr, "other").await;
    let foreign = get_on(
        addr,
        &format!("{ITEMS}?filter[numberlist-id-eq]=5"),
        Some(&other),
    )
    .await
    .json();
    let foreign_id = foreign["data"][0]["id"].as_str().unwrap().to_owned();
    let patch = write(
        addr,
        "PATCH",
        &format!("{ITEMS}/{foreign_id}"),
        &token,
        Some(&json!({"data": {"type": ITEMS, "id": foreign_id, "attributes": {"action-id": 2}}})),
    )
    .await;
    assert_eq!(patch.status, 404);
    assert_eq!(
        write(
            addr,
            "DELETE",
            &format!("{ITEMS}/{foreign_id}"),
            &token,
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        get_on(addr, &format!("{ITEMS}/{foreign_id}"), Some(&token))
            .await
            .status,
        404
    );
    // Renaming a key to one already in the list.
    let own = get_on(
        addr,
        &format!("{ITEMS}?filter[numberlist-id-eq]=2&page[size]=2"),
        Some(&token),
    )
    .await
    .json();
    let (a, b) = (&own["data"][0], &own["data"][1]);
    let rename = write(
        addr,
        "PATCH",
        &format!("{ITEMS}/{}", a["id"].as_str().unwrap()),
        &token,
        Some(&json!({"data": {"type": ITEMS, "id": a["id"], "attributes": {"key": b["attributes"]["key"]}}})),
    )
    .await;
    assert_eq!(
        (rename.status, pointer(&rename).as_str()),
        (422, "/data/attributes/key")
    );
    // Signed out: 401 before anything else.
    let anonymous = send(
        addr,
        "POST",
        &api_path(ITEMS),
        &[("content-type", "application/vnd.api+json")],
        Some(&create("2", json!({"key": "9"})).to_string()),
    )
    .await;
    assert_eq!(anonymous.status, 401);
}
