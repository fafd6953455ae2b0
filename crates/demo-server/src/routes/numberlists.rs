//! Writes of number-list items, as the real server takes them: `POST` one key (`key`) or many
//! (`batch-key`, comma-separated, spaces stripped, answered with the first item made), `PATCH`
//! or `PUT` a key or an action, `DELETE`. A list outside the customer's scope is a 422
//! "Invalid numberlist" on create (checked before the item, alone) and an item of one a 404;
//! a key already in the list is a 422 on `key`, beside an action out of the list. A batch is
//! made whole or not at all: one of its keys taken fails it with a 500, as the real model
//! makes a batch's items after validating the request.

use crate::jsonapi::linkage::{OUTGOING_NUMBERLIST, related_id};
use crate::jsonapi::record::{Record, resource};
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::customers::Viewer;
use crate::model::data_set::DataSet;
use crate::model::numberlists::{NumberlistItemRecord, NumberlistItems};
use crate::routes::auth::Customer;
use crate::routes::charts::create_request_data;
use crate::routes::resources::check_path;
use crate::routes::state::AppState;
use api_model::document::Document;
use api_model::numberlist::{ALLOW, NumberlistItem, REJECT};
use api_model::resources::ResourceType;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use std::sync::{Arc, RwLockWriteGuard};

/// Members a customer may send when adding items, and when changing one; any other is a 400
/// (code 105).
const CREATABLE: [&str; 4] = ["outgoing-numberlist", "key", "batch-key", "action-id"];
const UPDATABLE: [&str; 2] = ["key", "action-id"];

/// A list outside the customer's scope: the real server's error on the record as a whole
/// (`base`), so pointed at `/data` with the message alone as its detail.
fn invalid_numberlist() -> Failure {
    responses::base_error("Invalid numberlist")
}

fn key_taken() -> Failure {
    responses::unprocessable("has already been taken", "key", "/data/attributes/key")
}

fn items(data: &DataSet) -> RwLockWriteGuard<'_, NumberlistItems> {
    // Items are whole values: a panic while holding the lock leaves none half-written.
    data.numberlist_items
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `action-id` when the request sends it: `Some(None)` for null (the list's default).
fn action_of(data: &Value) -> Result<Option<Option<i64>>, Failure> {
    match data.pointer("/attributes/action-id") {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(value) => match value
            .as_i64()
            .or_else(|| value.as_str()?.trim().parse().ok())
        {
            Some(action) if action == REJECT || action == ALLOW => Ok(Some(Some(action))),
            _ => Err(responses::unprocessable(
                "is not included in the list",
                "action-id",
                "/data/attributes/action-id",
            )),
        },
    }
}

/// The id of the list the request names (read by [`related_id`]), when the customer may edit
/// it.
fn numberlist_of(id: Option<&str>, state: &AppState, viewer: Viewer) -> Result<String, Failure> {
    let wanted = id
        .and_then(|id| id.parse::<u64>().ok())
        .ok_or_else(invalid_numberlist)?;
    state
        .data
        .numberlists
        .iter()
        .find(|list| list.id.parse::<u64>() == Ok(wanted) && list.in_scope_of(viewer))
        .map(|list| list.id.clone())
        .ok_or_else(invalid_numberlist)
}

/// Whether the request makes a batch: a non-blank `batch-key` (its keys are checked only when
/// the items are made).
fn keys_are_a_batch(data: &Value) -> bool {
    match data.pointer("/attributes/batch-key") {
        Some(Value::String(batch)) => !batch.trim().is_empty(),
        Some(Value::Number(_)) => true,
        _ => false,
    }
}

/// The keys to make, as the real model takes them: a non-blank `batch-key` with its spaces
/// removed, split at commas, each key once (answered with the first); else `key` as sent; else
/// one empty key.
fn keys_of(data: &Value) -> Result<Vec<String>, Failure> {
    let text = |name: &str| match data.pointer(&format!("/attributes/{name}")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(responses::unprocessable(
            "is invalid",
            name,
            &format!("/data/attributes/{name}"),
        )),
    };
    let batch = text("batch-key")?.filter(|batch| !batch.trim().is_empty());
    let Some(batch) = batch else {
        return Ok(vec![text("key")?.unwrap_or_default()]);
    };
    let mut keys: Vec<String> = Vec::new();
    // Like Ruby's `split(',')`: empty keys between commas stay, trailing ones go.
    let without_spaces = batch.replace(' ', "");
    for key in without_spaces.trim_end_matches(',').split(',') {
        if !keys.iter().any(|known| known == key) {
            keys.push(key.to_owned());
        }
    }
    Ok(keys)
}

fn item_document(
    item: &NumberlistItemRecord,
    api: &str,
    data: &DataSet,
) -> Document<api_model::document::Resource<Value>> {
    Document {
        data: resource(item, api, data, &[]),
        included: Vec::new(),
        meta: None,
        links: None,
    }
}

/// `POST /outgoing-numberlist-items`.
pub async fn create(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, NumberlistItem::TYPE)?;
    responses::only_accepted_members(&data, &CREATABLE)?;
    let numberlist = related_id(&data, OUTGOING_NUMBERLIST)?;
    let numberlist = numberlist_of(numberlist.as_deref(), &state, customer)?;
    let keys = keys_of(&data)?;
    let action_id = action_of(&data);
    let mut items = items(&state.data);
    let taken = keys.iter().any(|key| {
        items
            .rows
            .iter()
            .any(|item| item.numberlist == numberlist && &item.attributes.key == key)
    });
    let batch = keys_are_a_batch(&data);
    let mut problems = Vec::new();
    if taken && !batch {
        problems.push(key_taken());
    }
    problems.extend(action_id.as_ref().err().cloned());
    responses::all_problems(problems)?;
    if taken {
        return Err(responses::internal_server_error());
    }
    let action_id = action_id?.flatten();
    let first = items.rows.len();
    for key in keys {
        let id = items.take_id();
        items.rows.push(NumberlistItemRecord {
            id,
            numberlist: numberlist.clone(),
            customer: customer.customer,
            in_allowed_list: true,
            attributes: NumberlistItem { key, action_id },
        });
    }
    let document = item_document(&items.rows[first], &api, &state.data);
    drop(items);
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
}

/// The resource object's `id` must be there (400 code 109) and be the path's (code 110), as
/// the real server's library checks before anything else of an update.
fn check_key_in_url(data: &Value, path_id: &str) -> Result<(), Failure> {
    let sent = match data.get("id") {
        None | Some(Value::Null) => {
            return Err(responses::bad_request(
                "A key is required",
                "The resource object does not contain a key.",
                "109",
            ));
        }
        Some(Value::String(sent)) => sent.clone(),
        Some(other) => other.to_string(),
    };
    if sent.trim().parse::<u64>().ok() != path_id.parse::<u64>().ok() {
        return Err(responses::bad_request(
            "Key is not included in URL",
            &format!("The URL does not support the key {sent}"),
            "110",
        ));
    }
    Ok(())
}

/// `PATCH` or `PUT /outgoing-numberlist-items/:id`: a new key, a new action, or both.
pub async fn update(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<Customer, Failure>,
    ApiBase(api): ApiBase,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let customer = check_path::<NumberlistItemRecord>(&id, customer)?;
    let data = create_request_data(&headers, &body, NumberlistItem::TYPE)?;
    check_key_in_url(&data, &id)?;
    responses::only_accepted_members(&data, &UPDATABLE)?;
    let action = action_of(&data);
    let key = match data.pointer("/attributes/key") {
        None => None,
        Some(key) => keys_of(&serde_json::json!({"attributes": {"key": key}}))?
            .into_iter()
            .next(),
    };
    let mut items = items(&state.data);
    let wanted = id.parse::<u64>().ok();
    let Some(index) = items.rows.iter().position(|item| {
        item.id.parse::<u64>().ok() == wanted && item.visible_to(customer, &state.data)
    }) else {
        return Err(responses::record_not_found(&id));
    };
    // The item found, the model's checks: the key, then the action, in one answer.
    let numberlist = &items.rows[index].numberlist;
    let taken = key.as_ref().is_some_and(|key| {
        items.rows.iter().enumerate().any(|(other, item)| {
            other != index && &item.numberlist == numberlist && &item.attributes.key == key
        })
    });
    let mut problems = Vec::new();
    if taken {
        problems.push(key_taken());
    }
    problems.extend(action.as_ref().err().cloned());
    responses::all_problems(problems)?;
    if let Some(key) = key {
        items.rows[index].attributes.key = key;
    }
    if let Some(action) = action? {
        items.rows[index].attributes.action_id = action;
    }
    let document = item_document(&items.rows[index], &api, &state.data);
    drop(items);
    Ok(responses::jsonapi(StatusCode::OK, &document))
}

/// `DELETE /outgoing-numberlist-items/:id`: 204.
pub async fn delete(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<Customer, Failure>,
) -> Result<Response, Failure> {
    let customer = check_path::<NumberlistItemRecord>(&id, customer)?;
    let wanted = id.parse::<u64>().ok();
    let mut items = items(&state.data);
    let Some(index) = items.rows.iter().position(|item| {
        item.id.parse::<u64>().ok() == wanted && item.visible_to(customer, &state.data)
    }) else {
        return Err(responses::record_not_found(&id));
    };
    items.rows.remove(index);
    Ok(StatusCode::NO_CONTENT.into_response())
}
