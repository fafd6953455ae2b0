//! Writes of number-list items, as the real server takes them: `POST` one key (`key`) or many
//! (`batch-key`, comma-separated, spaces stripped, answered with the first item made), `PATCH`
//! or `PUT` a key or an action, `DELETE`. A list outside the customer's scope is a 422
//! "Invalid numberlist" on create and an item of one a 404; a key already in the list is a 422
//! on `key`. A batch is made whole or not at all.

use crate::jsonapi::record::resource;
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::customers::CustomerId;
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

const LIST_POINTER: &str = "/data/relationships/outgoing-numberlist";

fn invalid_numberlist() -> Failure {
    responses::unprocessable("Invalid numberlist", "outgoing-numberlist", LIST_POINTER)
}

fn key_taken(key: &str) -> Failure {
    responses::error_at(
        StatusCode::UNPROCESSABLE_ENTITY,
        "has already been taken",
        &format!("key - {key} has already been taken"),
        "100",
        Some("/data/attributes/key"),
    )
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

/// The id of the list the request names, when the customer may edit it.
fn numberlist_of(data: &Value, state: &AppState, customer: CustomerId) -> Result<String, Failure> {
    let id = data.pointer(&format!(
        "{}/data/id",
        LIST_POINTER.trim_start_matches("/data")
    ));
    let id = match id {
        Some(Value::String(id)) => id.trim().to_owned(),
        Some(Value::Number(id)) => id.to_string(),
        _ => return Err(invalid_numberlist()),
    };
    let wanted = id.parse::<u64>().map_err(|_| invalid_numberlist())?;
    state
        .data
        .numberlists
        .iter()
        .find(|list| list.id.parse::<u64>() == Ok(wanted) && list.in_scope_of(customer))
        .map(|list| list.id.clone())
        .ok_or_else(invalid_numberlist)
}

/// The keys to make: `batch-key` split at commas with spaces stripped, else `key`.
fn keys_of(data: &Value) -> Result<Vec<String>, Failure> {
    let blank = || responses::unprocessable("can't be blank", "key", "/data/attributes/key");
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
    let keys: Vec<String> = match (text("batch-key")?, text("key")?) {
        (Some(batch), _) => batch
            .split(',')
            .map(|key| {
                key.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
            })
            .filter(|key| !key.is_empty())
            .collect(),
        (None, Some(key)) => vec![key.trim().to_owned()],
        (None, None) => Vec::new(),
    };
    if keys.is_empty() || keys.iter().any(String::is_empty) {
        return Err(blank());
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
    let numberlist = numberlist_of(&data, &state, customer)?;
    let keys = keys_of(&data)?;
    let action_id = action_of(&data)?.flatten();
    let mut items = items(&state.data);
    for (index, key) in keys.iter().enumerate() {
        let taken = keys[..index].contains(key)
            || items
                .rows
                .iter()
                .any(|item| item.numberlist == numberlist && &item.attributes.key == key);
        if taken {
            return Err(key_taken(key));
        }
    }
    let first = items.rows.len();
    for key in keys {
        let id = items.take_id();
        items.rows.push(NumberlistItemRecord {
            id,
            numberlist: numberlist.clone(),
            customer,
            in_allowed_list: true,
            attributes: NumberlistItem { key, action_id },
        });
    }
    let document = item_document(&items.rows[first], &api, &state.data);
    drop(items);
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
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
    let same_id = match data.get("id") {
        Some(Value::String(sent)) => sent.trim().parse::<u64>().ok() == id.parse::<u64>().ok(),
        Some(Value::Number(sent)) => sent.as_u64() == id.parse::<u64>().ok(),
        _ => false,
    };
    if !same_id {
        return Err(responses::bad_request(
            "Key is not included in URL",
            &format!(
                "The URL does not support the key {}",
                data.get("id").unwrap_or(&Value::Null)
            ),
            "109",
        ));
    }
    let action = action_of(&data)?;
    let key = match data.pointer("/attributes/key") {
        None => None,
        Some(_) => Some(keys_of(
            &serde_json::json!({"attributes": {"key": data.pointer("/attributes/key")}}),
        )?),
    };
    let mut items = items(&state.data);
    let wanted = id.parse::<u64>().ok();
    let Some(index) = items.rows.iter().position(|item| {
        item.id.parse::<u64>().ok() == wanted && item.in_allowed_list && item.customer == customer
    }) else {
        return Err(responses::record_not_found(&id));
    };
    if let Some(key) = key.as_ref().and_then(|keys| keys.first()) {
        let numberlist = items.rows[index].numberlist.clone();
        let taken = items.rows.iter().enumerate().any(|(other, item)| {
            other != index && item.numberlist == numberlist && &item.attributes.key == key
        });
        if taken {
            return Err(key_taken(key));
        }
        items.rows[index].attributes.key = key.clone();
    }
    if let Some(action) = action {
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
        item.id.parse::<u64>().ok() == wanted && item.in_allowed_list && item.customer == customer
    }) else {
        return Err(responses::record_not_found(&id));
    };
    items.rows.remove(index);
    Ok(StatusCode::NO_CONTENT.into_response())
}
