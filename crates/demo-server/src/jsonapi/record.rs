//! What every kind of record offers the generic collection machinery ([`Record`]): only what
//! is demo data (its rows, id, owner, its own field values and related records). Its type and
//! path, kind of id, filters, sort fields, default order and relationships come from the
//! collection's declaration in `api_model::catalog` ([`Record::spec`]), and so do its
//! attributes: most records keep them as the collection's attribute struct, which gives each
//! by name ([`FieldValue::attribute`]), and [`Record::attributes`] sends every declared one by
//! its value.

use crate::jsonapi::collection::ListQuery;
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use api_model::catalog::{AttributeValue, Attributes, Collection, Conditions, IdKind, Kind, Spec};
use api_model::document::{
    Linkage, Relationship, RelationshipLinks, Resource, ResourceIdentifier, ResourceLinks,
};
use api_model::resources::api_time;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One field's value as filters and sort see it.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue<'a> {
    Null,
    Text(Cow<'a, str>),
    Number(Decimal),
    Bool(bool),
    Time(DateTime<Utc>),
    /// Several values, a filter matching when one of them does: a rate is for every account
    /// of its customer (its `account-id`).
    AnyOf(Vec<FieldValue<'a>>),
    /// A CDR export's `filters`: sent, never filtered or sorted by.
    Conditions(Cow<'a, Conditions>),
}

impl<'a> From<AttributeValue<'a>> for FieldValue<'a> {
    fn from(value: AttributeValue<'a>) -> FieldValue<'a> {
        match value {
            AttributeValue::Null => FieldValue::Null,
            AttributeValue::Text(text) => FieldValue::text(text),
            AttributeValue::Number(n) => FieldValue::Number(n),
            AttributeValue::Bool(b) => FieldValue::Bool(b),
            AttributeValue::Time(t) => FieldValue::Time(t),
            AttributeValue::Conditions(c) => FieldValue::Conditions(Cow::Borrowed(c)),
        }
    }
}

impl<'a> FieldValue<'a> {
    pub fn text(text: &'a str) -> FieldValue<'a> {
        FieldValue::Text(Cow::Borrowed(text))
    }

    pub fn opt_text(text: Option<&'a str>) -> FieldValue<'a> {
        text.map_or(FieldValue::Null, FieldValue::text)
    }

    pub fn number(value: impl Into<Decimal>) -> FieldValue<'a> {
        FieldValue::Number(value.into())
    }

    pub fn opt_number<N: Into<Decimal>>(value: Option<N>) -> FieldValue<'a> {
        value.map_or(FieldValue::Null, |n| FieldValue::Number(n.into()))
    }

    pub fn opt_time(value: Option<DateTime<Utc>>) -> FieldValue<'a> {
        value.map_or(FieldValue::Null, FieldValue::Time)
    }

    /// An attribute of a record's attribute struct by name; `Null` for a name it has not.
    pub fn attribute<A: Attributes>(attributes: &'a A, name: &str) -> FieldValue<'a> {
        attributes
            .get(name)
            .map_or(FieldValue::Null, FieldValue::from)
    }

    /// A record's id as filters and sort see it: an integer id by its value (`10` after `9`).
    pub fn id(kind: IdKind, id: &'a str) -> FieldValue<'a> {
        match (kind, id.parse::<u64>()) {
            (IdKind::Integer, Ok(n)) => FieldValue::number(n),
            _ => FieldValue::text(id),
        }
    }

    /// The value as text, the way the API shows it; `None` for null and for several values.
    pub fn as_text(&self) -> Option<Cow<'_, str>> {
        match self {
            FieldValue::Null | FieldValue::AnyOf(_) | FieldValue::Conditions(_) => None,
            FieldValue::Text(t) => Some(Cow::Borrowed(t.as_ref())),
            FieldValue::Number(n) => Some(Cow::Owned(n.to_string())),
            FieldValue::Bool(b) => Some(Cow::Borrowed(if *b { "true" } else { "false" })),
            FieldValue::Time(t) => Some(Cow::Owned(api_time::format(t))),
        }
    }

    /// The value as a number, when it is one or is text that reads as one.
    pub fn as_number(&self) -> Option<Decimal> {
        match self {
            FieldValue::Number(n) => Some(*n),
            FieldValue::Text(t) => api_model::number::parse_decimal(t).ok(),
            _ => None,
        }
    }

    /// The value as a time, when it is one.
    pub fn as_time(&self) -> Option<DateTime<Utc>> {
        match self {
            FieldValue::Time(t) => Some(*t),
            FieldValue::Text(t) => api_model::stats::parse_time(t),
            _ => None,
        }
    }

    /// Sort order: like a database, nulls come after every value in ascending order.
    pub fn sort_cmp(&self, other: &FieldValue<'_>) -> Ordering {
        use FieldValue::*;
        match (self, other) {
            (Null, Null) => Ordering::Equal,
            (Null, _) => Ordering::Greater,
            (_, Null) => Ordering::Less,
            (Number(a), Number(b)) => a.cmp(b),
            (Bool(a), Bool(b)) => a.cmp(b),
            (Text(a), Text(b)) => a.cmp(b),
            (Time(a), Time(b)) => a.cmp(b),
            (a, b) => a.as_text().cmp(&b.as_text()),
        }
    }
}

/// An attribute's JSON as the real server serializes it: integers (and seconds, codes and
/// integer references) as numbers, decimals as strings, times with milliseconds.
pub fn attribute_json(kind: Kind, value: FieldValue<'_>) -> serde_json::Value {
    use serde_json::Value;
    match value {
        FieldValue::Null | FieldValue::AnyOf(_) => Value::Null,
        FieldValue::Bool(b) => Value::Bool(b),
        FieldValue::Time(t) => Value::String(api_time::format(&t)),
        FieldValue::Text(t) => Value::String(t.into_owned()),
        FieldValue::Conditions(c) => serde_json::to_value(c).unwrap_or(Value::Null),
        FieldValue::Number(n) => match kind {
            // A fraction where an integer is due is kept as text: nothing is lost.
            Kind::Integer | Kind::Duration | Kind::Named(_) | Kind::Reference => {
                i64::try_from(n).map_or_else(|_| Value::String(n.to_string()), Value::from)
            }
            _ => Value::String(n.to_string()),
        },
    }
}

/// The attributes of a record: every declared attribute, by its value.
pub fn declared_attributes<R: Record>(record: &R, data: &DataSet) -> serde_json::Value {
    declared_attributes_but(record, data, |_| false)
}

/// [`declared_attributes`] without those `left_out` names (what an operator hides).
pub fn declared_attributes_but<R: Record>(
    record: &R,
    data: &DataSet,
    left_out: impl Fn(&str) -> bool,
) -> serde_json::Value {
    let object = R::spec()
        .fields
        .iter()
        .filter(|field| !left_out(field.name))
        .map(|field| {
            let value = attribute_json(field.kind, record.value(field.name, data));
            (field.name.to_owned(), value)
        })
        .collect();
    serde_json::Value::Object(object)
}

/// The id of the account at `index`, for the `account-id` filters.
pub fn account_id(data: &DataSet, index: usize) -> FieldValue<'_> {
    FieldValue::opt_text(data.accounts.get(index).map(|a| a.id.as_str()))
}

/// Whether two ids of a collection name the same record: UUIDs in any case, integers by value
/// (`01` is `1`, as the server's database reads them).
pub fn same_id(kind: IdKind, a: &str, b: &str) -> bool {
    match kind {
        IdKind::Uuid => a.trim().eq_ignore_ascii_case(b.trim()),
        IdKind::Integer => match (a.trim().parse::<u64>(), b.trim().parse::<u64>()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        },
    }
}

/// A kind of record served as a JSON:API resource.
pub trait Record: Send + Sync + Sized + 'static {
    /// The collection the records make up; its declaration says everything but the data.
    const COLLECTION: Collection;

    /// Runs `f` over all records of this kind, in the order they were made.
    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T;
    fn id(&self) -> &str;
    /// The customer who owns the record; `None` for global reference data.
    fn owner(&self) -> Option<CustomerId>;
    /// The index of the account the record belongs to, for a viewer limited to some
    /// accounts; `None` for records of no account (rates, number lists, reference data).
    fn account(&self, _data: &DataSet) -> Option<usize> {
        None
    }
    /// The value of a field by name: the record's id (`id`, and `uuid` where ids are UUIDs),
    /// the id of the account of a record of one (`account-id`), else
    /// [`Record::field_value`]. What filters and sort compare and attributes are sent as.
    fn value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        let kind = Self::spec().id;
        match field {
            "id" => FieldValue::id(kind, self.id()),
            "uuid" if kind == IdKind::Uuid => FieldValue::text(self.id()),
            "account-id" => match self.account(data) {
                Some(account) => account_id(data, account),
                None => self.field_value(field, data),
            },
            _ => self.field_value(field, data),
        }
    }

    /// An attribute, or a field only filters know (`rateplan-id`), by name; `Null` for
    /// fields the record does not have. Most records answer with their own fields and then
    /// [`FieldValue::attribute`].
    fn field_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a>;

    /// The attributes as the API sends them: every declared one, by its value.
    fn attributes(&self, data: &DataSet) -> serde_json::Value {
        declared_attributes(self, data)
    }

    /// The value the list's order reads for `field`: its [`Record::value`], unless the server
    /// sorts by another column than its filter reads (a transaction's `service-id` filter
    /// takes the service's UUID; its sort is by the service's database id).
    fn sort_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        self.value(field, data)
    }
    /// The record a to-one relationship points at.
    fn related<'d>(&self, _name: &str, _data: &'d DataSet) -> Option<&'d dyn Render> {
        None
    }

    /// The records a to-many relationship holds (a service's transactions); none unless the
    /// kind says so.
    fn related_many<'d>(&self, _name: &str, _data: &'d DataSet) -> Vec<&'d dyn Render> {
        Vec::new()
    }

    /// Runs `f` on the records a list request could show: all of them, unless the kind makes
    /// its records on demand (CDRs: only those of the customer's accounts in the request's
    /// time range). The list's filters still apply to what `f` gets.
    fn with_listed<T>(
        data: &DataSet,
        _viewer: Viewer,
        _query: &ListQuery,
        f: impl FnOnce(&[Self]) -> T,
    ) -> T {
        Self::with_rows(data, f)
    }

    /// Runs `f` on the record with this id, whoever owns it; `None` when there is none.
    fn with_record<T>(data: &DataSet, id: &str, f: impl FnOnce(&Self) -> T) -> Option<T> {
        let kind = Self::spec().id;
        Self::with_rows(data, |rows| {
            rows.iter().find(|r| same_id(kind, r.id(), id)).map(f)
        })
    }

    fn spec() -> &'static Spec {
        Self::COLLECTION.spec()
    }

    /// The JSON:API `type`, which is also the path segment.
    fn kind() -> &'static str {
        Self::COLLECTION.path()
    }

    /// Whether the viewer may see the record: its customer's, and of an account in its scope.
    fn visible_to(&self, viewer: Viewer, data: &DataSet) -> bool {
        in_viewers_scope(self, viewer, data)
    }
}

/// The default of [`Record::visible_to`], for kinds that add conditions of their own.
pub fn in_viewers_scope<R: Record>(record: &R, viewer: Viewer, data: &DataSet) -> bool {
    record.owner().is_none_or(|owner| owner == viewer.customer)
        && record
            .account(data)
            .is_none_or(|account| viewer.accounts.includes(account))
}

/// The object-safe part of [`Record`], for related and included resources.
pub trait Render {
    fn kind(&self) -> &'static str;
    fn record_id(&self) -> &str;
    fn visible_to_viewer(&self, viewer: Viewer, data: &DataSet) -> bool;
    fn render(&self, api: &str, data: &DataSet, include: &[String]) -> Resource<serde_json::Value>;
}

impl<R: Record> Render for R {
    fn kind(&self) -> &'static str {
        R::kind()
    }

    fn record_id(&self) -> &str {
        self.id()
    }

    fn visible_to_viewer(&self, viewer: Viewer, data: &DataSet) -> bool {
        self.visible_to(viewer, data)
    }

    fn render(&self, api: &str, data: &DataSet, include: &[String]) -> Resource<serde_json::Value> {
        resource(self, api, data, include)
    }
}

pub fn identifier(record: &dyn Render) -> ResourceIdentifier {
    ResourceIdentifier {
        kind: record.kind().to_owned(),
        id: record.record_id().to_owned(),
    }
}

/// The links of one relationship of a resource.
pub fn relationship_links(api: &str, kind: &str, id: &str, name: &str) -> RelationshipLinks {
    RelationshipLinks {
        self_link: Some(format!("{api}/{kind}/{id}/relationships/{name}")),
        related: Some(format!("{api}/{kind}/{id}/{name}")),
    }
}

/// The linkage of a declared relationship: the related record of a to-one one, the related
/// records of a to-many one.
pub fn linkage<R: Record>(record: &R, name: &str, data: &DataSet) -> Option<Linkage> {
    let relationship = R::spec().relationship(name)?;
    Some(if relationship.to_many {
        Linkage::Many(
            record
                .related_many(name, data)
                .into_iter()
                .map(identifier)
                .collect(),
        )
    } else {
        Linkage::One(record.related(name, data).map(identifier))
    })
}

/// The resource object of a record: `id`, `type`, `links.self`, `attributes`, every declared
/// relationship with links, and linkage data for the relationships in `include`.
pub fn resource<R: Record>(
    record: &R,
    api: &str,
    data: &DataSet,
    include: &[String],
) -> Resource<serde_json::Value> {
    let id = record.id();
    let kind = R::kind();
    let relationships: BTreeMap<String, Relationship> = R::spec()
        .relationships
        .iter()
        .map(|relationship| {
            let name = relationship.name;
            let data = if include.iter().any(|i| i == name) {
                linkage(record, name, data)
            } else {
                None
            };
            (
                name.to_owned(),
                Relationship {
                    links: Some(relationship_links(api, kind, id, name)),
                    data,
                },
            )
        })
        .collect();
    Resource {
        id: id.to_owned(),
        kind: kind.to_owned(),
        links: Some(ResourceLinks {
            self_link: Some(format!("{api}/{kind}/{id}")),
        }),
        attributes: record.attributes(data),
        relationships,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nulls_sort_last_and_numbers_numerically() {
        let ten = FieldValue::number(10);
        let nine = FieldValue::number(9);
        assert_eq!(nine.sort_cmp(&ten), Ordering::Less);
        assert_eq!(FieldValue::Null.sort_cmp(&ten), Ordering::Greater);
        assert_eq!(
            FieldValue::text("380").sort_cmp(&FieldValue::text("4")),
            Ordering::Less
        );
        assert_eq!(FieldValue::number(12).as_text().unwrap(), "12");
        assert_eq!(
            FieldValue::text("1.50").as_number(),
            Some(Decimal::new(15, 1))
        );
        let early = DateTime::from_timestamp(1_000, 0).unwrap();
        let late = DateTime::from_timestamp(2_000, 0).unwrap();
        assert_eq!(
            FieldValue::Time(early).sort_cmp(&FieldValue::Time(late)),
            Ordering::Less
        );
        assert_eq!(
            FieldValue::Time(early).as_text().unwrap(),
            "1970-01-01T00:16:40.000Z"
        );
    }

    #[test]
    fn ids_compare_by_their_kind() {
        assert!(same_id(
            IdKind::Uuid,
            "0B9F7A8E-5D2C-11EF-9A4E-0242AC120003",
            "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"
        ));
        assert!(same_id(IdKind::Integer, "01", "1"));
        assert!(!same_id(IdKind::Integer, "1", "x"));
    }
}
