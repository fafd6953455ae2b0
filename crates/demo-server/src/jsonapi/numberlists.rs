//! Number lists and their items as JSON:API resources.

use crate::jsonapi::record::{FieldValue, Record, Render, declared_attributes};
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use crate::model::numberlists::{NumberlistItemRecord, NumberlistRecord};
use api_model::catalog::Collection;

/// An integer id as a number, so that it sorts as the database sorts it.
fn integer_id(id: &str) -> FieldValue<'_> {
    id.parse::<u64>()
        .map_or(FieldValue::text(id), FieldValue::number)
}

impl Record for NumberlistRecord {
    const COLLECTION: Collection = Collection::OutgoingNumberlists;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.numberlists)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    /// Only lists the API access allows and the customer's trunks use.
    fn visible_to(&self, viewer: Viewer, _data: &DataSet) -> bool {
        self.in_scope_of(viewer)
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" => integer_id(&self.id),
            "name" => FieldValue::text(&a.name),
            "mode-id" => FieldValue::opt_number(a.mode_id),
            "default-action-id" => FieldValue::opt_number(a.default_action_id),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, data: &DataSet) -> serde_json::Value {
        declared_attributes(self, data)
    }
}

impl Record for NumberlistItemRecord {
    const COLLECTION: Collection = Collection::OutgoingNumberlistItems;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        // Items are whole values: a panic while holding the lock leaves none half-written.
        let items = data
            .numberlist_items
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&items.rows)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    /// An item is seen with its list.
    fn visible_to(&self, viewer: Viewer, data: &DataSet) -> bool {
        self.in_allowed_list
            && self.customer == viewer.customer
            && data
                .numberlists
                .iter()
                .find(|list| list.id == self.numberlist)
                .is_some_and(|list| list.used_by.reached_by(viewer))
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" => integer_id(&self.id),
            "key" => FieldValue::text(&a.key),
            "action-id" => FieldValue::opt_number(a.action_id),
            "numberlist-id" => integer_id(&self.numberlist),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, data: &DataSet) -> serde_json::Value {
        declared_attributes(self, data)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "outgoing-numberlist" => data
                .numberlists
                .iter()
                .find(|list| list.id == self.numberlist)
                .map(|list| list as &dyn Render),
            _ => None,
        }
    }
}
