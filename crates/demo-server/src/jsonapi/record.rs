//! What every kind of record offers the generic collection machinery ([`Record`]): its
//! JSON:API type, who may see it, its field values by name (for filters and sort), its
//! attributes and its relationships; and the resource object of a record.

use crate::model::customers::CustomerId;
use crate::model::data_set::DataSet;
use api_model::catalog::Collection;
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

    pub fn time(value: &DateTime<Utc>) -> FieldValue<'a> {
        FieldValue::Text(Cow::Owned(api_time::format(value)))
    }

    pub fn opt_time(value: Option<&DateTime<Utc>>) -> FieldValue<'a> {
        value.map_or(FieldValue::Null, FieldValue::time)
    }

    /// The value as text, the way the API shows it; `None` for null.
    pub fn as_text(&self) -> Option<Cow<'_, str>> {
        match self {
            FieldValue::Null => None,
            FieldValue::Text(t) => Some(Cow::Borrowed(t.as_ref())),
            FieldValue::Number(n) => Some(Cow::Owned(n.to_string())),
            FieldValue::Bool(b) => Some(Cow::Borrowed(if *b { "true" } else { "false" })),
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
            (a, b) => a.as_text().cmp(&b.as_text()),
        }
    }
}

/// A kind of record served as a JSON:API resource.
pub trait Record: Send + Sync + Sized + 'static {
    /// The JSON:API `type`, which is also the path segment.
    const TYPE: &'static str;
    /// The collection whose filter fields (`api_model`) apply.
    const COLLECTION: Collection;
    /// Fields `sort` accepts besides `id`.
    const SORT_FIELDS: &'static [&'static str];
    /// Relationships every resource carries (links; linkage data when included).
    const RELATIONSHIPS: &'static [&'static str] = &[];
    /// Relationships `include` accepts.
    const INCLUDES: &'static [&'static str] = &[];

    /// Runs `f` over all records of this kind, in their default order.
    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T;
    fn id(&self) -> &str;
    /// The customer who owns the record; `None` for global reference data.
    fn owner(&self) -> Option<CustomerId>;
    /// The value of a filter or sort field; `Null` for fields the record does not have.
    fn value(&self, field: &str) -> FieldValue<'_>;
    fn attributes(&self) -> serde_json::Value;
    /// The record a to-one relationship points at.
    fn related<'d>(&self, _name: &str, _data: &'d DataSet) -> Option<&'d dyn Render> {
        None
    }

    fn visible_to(&self, customer: CustomerId) -> bool {
        self.owner().is_none_or(|owner| owner == customer)
    }
}

/// The object-safe part of [`Record`], for related and included resources.
pub trait Render {
    fn kind(&self) -> &'static str;
    fn record_id(&self) -> &str;
    fn visible_to_customer(&self, customer: CustomerId) -> bool;
    fn render(&self, api: &str, data: &DataSet, include: &[String]) -> Resource<serde_json::Value>;
}

impl<R: Record> Render for R {
    fn kind(&self) -> &'static str {
        R::TYPE
    }

    fn record_id(&self) -> &str {
        self.id()
    }

    fn visible_to_customer(&self, customer: CustomerId) -> bool {
        self.visible_to(customer)
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

/// The resource object of a record: `id`, `type`, `links.self`, `attributes`, relationships
/// with links, and linkage data for the relationships in `include`.
pub fn resource<R: Record>(
    record: &R,
    api: &str,
    data: &DataSet,
    include: &[String],
) -> Resource<serde_json::Value> {
    let id = record.id();
    let relationships: BTreeMap<String, Relationship> = R::RELATIONSHIPS
        .iter()
        .map(|name| {
            let linkage = include
                .iter()
                .any(|i| i == name)
                .then(|| Linkage::One(record.related(name, data).map(identifier)));
            (
                (*name).to_owned(),
                Relationship {
                    links: Some(relationship_links(api, R::TYPE, id, name)),
                    data: linkage,
                },
            )
        })
        .collect();
    Resource {
        id: id.to_owned(),
        kind: R::TYPE.to_owned(),
        links: Some(ResourceLinks {
            self_link: Some(format!("{api}/{}/{id}", R::TYPE)),
        }),
        attributes: record.attributes(),
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
    }
}
