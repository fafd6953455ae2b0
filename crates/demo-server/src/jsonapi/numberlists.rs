//! Number lists and their items as JSON:API resources.

use crate::jsonapi::record::{FieldValue, Record, Render};
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use crate::model::numberlists::{NumberlistItemRecord, NumberlistRecord};
use api_model::catalog::{Collection, IdKind};

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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "numberlist-id" => FieldValue::id(IdKind::Integer, &self.numberlist),
            _ => FieldValue::attribute(&self.attributes, field),
        }
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
