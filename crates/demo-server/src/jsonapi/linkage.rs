//! The to-one relationships of a create request (`data.relationships.<name>.data`), read as
//! the real server's resource library reads them before any validation of the record: the
//! linkage must be `{type, id}` alone, of the relationship's type, and the id must be a key of
//! those records; a missing relationship, a null `data` and a null id are no record.

use crate::jsonapi::responses::{self, Failure};
use api_model::catalog::{Collection, IdKind, is_uuid};
use serde_json::Value;

/// A to-one relationship a resource takes on creation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToOne {
    /// Its name in the request (`account`).
    pub name: &'static str,
    /// The collection its records are of, whose path is their type.
    pub target: Collection,
}

/// An export's, a top-up's or a chart's account.
pub const ACCOUNT: ToOne = ToOne {
    name: "account",
    target: Collection::Accounts,
};

/// A number-list item's list.
pub const OUTGOING_NUMBERLIST: ToOne = ToOne {
    name: "outgoing-numberlist",
    target: Collection::OutgoingNumberlists,
};

/// A value as the library's messages write it: a text as it is, anything else as JSON.
fn written(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Whether `key` is a key of records keyed so: a UUID, or what Ruby's `Integer()` reads.
fn is_key(kind: IdKind, key: &str) -> bool {
    match kind {
        IdKind::Uuid => is_uuid(key),
        IdKind::Integer => key.trim().parse::<i64>().is_ok(),
    }
}

/// The id `data.relationships.<name>` links to; `None` without one. `400 Invalid Links
/// Object` (code 115) for linkage that is not an object of exactly `type` and `id`, `400 Type
/// Mismatch` (116, naming the type underscored) for another type, `400 Invalid field value`
/// (103) for an id that is not a key of the relationship's records.
pub fn related_id(data: &Value, relationship: ToOne) -> Result<Option<String>, Failure> {
    let linkage = data
        .get("relationships")
        .and_then(|r| r.get(relationship.name))
        .and_then(|r| r.get("data"))
        .unwrap_or(&Value::Null);
    let (kind, id) = match linkage {
        Value::Null => return Ok(None),
        Value::Object(members) if members.len() == 2 => {
            match (members.get("type"), members.get("id")) {
                (Some(kind), Some(id)) => (kind, id),
                _ => return Err(invalid_links_object()),
            }
        }
        _ => return Err(invalid_links_object()),
    };
    let kind = written(kind).replace('-', "_");
    if kind != relationship.target.path().replace('-', "_") {
        return Err(responses::bad_request(
            "Type Mismatch",
            &format!("{kind} is not a valid type for this operation."),
            "116",
        ));
    }
    if id.is_null() {
        return Ok(None);
    }
    let id = written(id);
    if !is_key(relationship.target.spec().id, &id) {
        return Err(responses::invalid_field_value("id", &id));
    }
    Ok(Some(id.trim().to_owned()))
}

fn invalid_links_object() -> Failure {
    responses::bad_request(
        "Invalid Links Object",
        "Data is not a valid Links Object.",
        "115",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(linkage: Value, relationship: ToOne) -> Result<Option<String>, String> {
        let data = json!({"relationships": {relationship.name: {"data": linkage}}});
        related_id(&data, relationship).map_err(|failure| match failure {
            Failure::JsonApi { error, .. } => format!(
                "{} {}",
                error.code.unwrap_or_default(),
                error.detail.unwrap_or_default()
            ),
            other => format!("{other:?}"),
        })
    }

    #[test]
    fn linkage_is_checked_like_the_real_server() {
        let uuid = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
        assert_eq!(
            read(json!({"type": "accounts", "id": uuid}), ACCOUNT),
            Ok(Some(uuid.to_owned()))
        );
        assert_eq!(read(Value::Null, ACCOUNT), Ok(None));
        assert_eq!(
            read(json!({"type": "accounts", "id": null}), ACCOUNT),
            Ok(None)
        );
        assert_eq!(related_id(&json!({}), ACCOUNT), Ok(None));
        assert_eq!(
            read(json!({"id": uuid}), ACCOUNT).unwrap_err(),
            "115 Data is not a valid Links Object."
        );
        assert_eq!(
            read(json!({"type": "accounts", "id": uuid, "x": 1}), ACCOUNT).unwrap_err(),
            "115 Data is not a valid Links Object."
        );
        assert_eq!(
            read(json!({"type": "services", "id": uuid}), ACCOUNT).unwrap_err(),
            "116 services is not a valid type for this operation."
        );
        assert_eq!(
            read(json!({"type": "accounts", "id": "42"}), ACCOUNT).unwrap_err(),
            "103 42 is not a valid value for id."
        );
        assert_eq!(
            read(
                json!({"type": "outgoing-numberlists", "id": 3}),
                OUTGOING_NUMBERLIST
            ),
            Ok(Some("3".to_owned()))
        );
        assert_eq!(
            read(
                json!({"type": "numberlists", "id": "3"}),
                OUTGOING_NUMBERLIST
            )
            .unwrap_err(),
            "116 numberlists is not a valid type for this operation."
        );
        assert_eq!(
            read(
                json!({"type": "outgoing-numberlists", "id": "abc"}),
                OUTGOING_NUMBERLIST
            )
            .unwrap_err(),
            "103 abc is not a valid value for id."
        );
    }
}
