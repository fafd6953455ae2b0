//! What every kind of record offers the generic collection machinery: its JSON:API type, who
//! may see it, its field values by name (for filters and sort), its attributes (serialized
//! through the `api_model` structs) and its relationships.

use crate::data::{
    AccountRecord, CdrExportRecord, CountryRecord, CustomerId, DataSet, NetworkPrefixRecord,
    NetworkRecord, NetworkTypeRecord, RateRecord, ServiceRecord,
};
use api_model::catalog::Collection;
use api_model::document::{
    Linkage, Relationship, RelationshipLinks, Resource, ResourceIdentifier, ResourceLinks,
};
use api_model::resources::{ResourceType, api_time};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
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

fn to_json(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

impl Record for AccountRecord {
    const TYPE: &'static str = api_model::resources::Account::TYPE;
    const COLLECTION: Collection = Collection::Accounts;
    const SORT_FIELDS: &'static [&'static str] = &[
        "name",
        "balance",
        "min-balance",
        "max-balance",
        "destination-rate-limit",
        "origination-capacity",
        "termination-capacity",
        "total-capacity",
        "currency",
    ];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.accounts)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" | "uuid" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&a.name),
            "balance" => FieldValue::Number(a.balance),
            "min-balance" => FieldValue::opt_number(a.min_balance),
            "max-balance" => FieldValue::opt_number(a.max_balance),
            "balance-low-threshold" => FieldValue::opt_number(self.balance_low_threshold),
            "balance-high-threshold" => FieldValue::opt_number(self.balance_high_threshold),
            "destination-rate-limit" => FieldValue::opt_number(a.destination_rate_limit),
            "max-call-duration" => FieldValue::opt_number(self.max_call_duration),
            "origination-capacity" => FieldValue::opt_number(a.origination_capacity),
            "termination-capacity" => FieldValue::opt_number(a.termination_capacity),
            "total-capacity" => FieldValue::opt_number(a.total_capacity),
            "external-id" => FieldValue::opt_number(self.external_id),
            "currency" => FieldValue::opt_text(a.currency.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for NetworkTypeRecord {
    const TYPE: &'static str = api_model::resources::NetworkType::TYPE;
    const COLLECTION: Collection = Collection::NetworkTypes;
    const SORT_FIELDS: &'static [&'static str] = &["name"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.network_types)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for NetworkRecord {
    const TYPE: &'static str = api_model::resources::Network::TYPE;
    const COLLECTION: Collection = Collection::Networks;
    const SORT_FIELDS: &'static [&'static str] = &["name"];
    const RELATIONSHIPS: &'static [&'static str] = &["network-type"];
    const INCLUDES: &'static [&'static str] = &["network-type"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.networks)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "network-type" => data
                .network_types
                .get(self.network_type)
                .map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

impl Record for NetworkPrefixRecord {
    const TYPE: &'static str = api_model::resources::NetworkPrefix::TYPE;
    const COLLECTION: Collection = Collection::NetworkPrefixes;
    const SORT_FIELDS: &'static [&'static str] =
        &["prefix", "number-min-length", "number-max-length"];
    const RELATIONSHIPS: &'static [&'static str] = &["network"];
    const INCLUDES: &'static [&'static str] = &["network"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.network_prefixes)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "prefix" => FieldValue::text(&a.prefix),
            "number-min-length" => FieldValue::opt_number(a.number_min_length),
            "number-max-length" => FieldValue::opt_number(a.number_max_length),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "network" => data.networks.get(self.network).map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

impl Record for CountryRecord {
    const TYPE: &'static str = api_model::resources::Country::TYPE;
    const COLLECTION: Collection = Collection::Countries;
    const SORT_FIELDS: &'static [&'static str] = &["name", "iso2"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.countries)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            "iso2" => FieldValue::opt_text(self.attributes.iso2.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for ServiceRecord {
    const TYPE: &'static str = api_model::resources::Service::TYPE;
    const COLLECTION: Collection = Collection::Services;
    const SORT_FIELDS: &'static [&'static str] = &[
        "name",
        "state",
        "initial-price",
        "renew-price",
        "created-at",
        "renew-at",
        "renew-period",
        "service-type",
        "ui-type",
    ];
    const RELATIONSHIPS: &'static [&'static str] = &["account", "transactions"];
    const INCLUDES: &'static [&'static str] = &["account"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.services)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&a.name),
            "state" => FieldValue::text(&a.state),
            "initial-price" => FieldValue::opt_number(a.initial_price),
            "renew-price" => FieldValue::opt_number(a.renew_price),
            "created-at" => FieldValue::time(&a.created_at),
            "renew-at" => FieldValue::opt_time(a.renew_at.as_ref()),
            "renew-period" => FieldValue::opt_text(a.renew_period.as_deref()),
            "service-type" => FieldValue::opt_text(a.service_type.as_deref()),
            "ui-type" => FieldValue::opt_text(a.ui_type.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => data.accounts.get(self.account).map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

impl Record for RateRecord {
    const TYPE: &'static str = api_model::resources::Rate::TYPE;
    const COLLECTION: Collection = Collection::Rates;
    const SORT_FIELDS: &'static [&'static str] = &[
        "prefix",
        "dst-number-min-length",
        "dst-number-max-length",
        "enabled",
        "reject-calls",
        "initial-rate",
        "initial-interval",
        "next-rate",
        "next-interval",
        "connect-fee",
        "attempt-fee",
        "valid-from",
        "valid-till",
        "network-prefix-id",
    ];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.rates)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "prefix" => FieldValue::text(&a.prefix),
            "dst-number-min-length" => FieldValue::opt_number(a.dst_number_min_length),
            "dst-number-max-length" => FieldValue::opt_number(a.dst_number_max_length),
            "enabled" => FieldValue::Bool(a.enabled),
            "reject-calls" => FieldValue::Bool(a.reject_calls),
            "initial-rate" => FieldValue::Number(a.initial_rate),
            "initial-interval" => FieldValue::number(a.initial_interval),
            "next-rate" => FieldValue::Number(a.next_rate),
            "next-interval" => FieldValue::number(a.next_interval),
            "connect-fee" => FieldValue::opt_number(a.connect_fee),
            "attempt-fee" => FieldValue::opt_number(a.attempt_fee),
            "valid-from" => FieldValue::time(&a.valid_from),
            "valid-till" => FieldValue::opt_time(a.valid_till.as_ref()),
            "network-prefix-id" => match &a.network_prefix_id {
                Some(api_model::resources::LooseId::Number(n)) => FieldValue::number(*n),
                Some(api_model::resources::LooseId::Text(t)) => FieldValue::text(t),
                None => FieldValue::Null,
            },
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for CdrExportRecord {
    const TYPE: &'static str = api_model::resources::CdrExport::TYPE;
    const COLLECTION: Collection = Collection::CdrExports;
    const SORT_FIELDS: &'static [&'static str] = &[
        "status",
        "rows-count",
        "created-at",
        "updated-at",
        "time-format",
        "time-zone-name",
    ];
    const RELATIONSHIPS: &'static [&'static str] = &["account"];
    const INCLUDES: &'static [&'static str] = &["account"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        let now = Utc::now();
        // A panic while holding the lock cannot leave a half-written export behind (`settle`
        // only sets whole fields, a push adds a whole record), so the data is still sound.
        let mut rows = data
            .cdr_exports
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        crate::cdr_exports::settle(data, &mut rows, now);
        f(&rows)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "status" => FieldValue::Text(Cow::Owned(a.status.to_string())),
            "rows-count" => FieldValue::opt_number(a.rows_count),
            "created-at" => FieldValue::time(&a.created_at),
            "updated-at" => FieldValue::time(&a.updated_at),
            "time-format" => FieldValue::opt_text(a.time_format.as_deref()),
            "time-zone-name" => FieldValue::opt_text(a.time_zone_name.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => data.accounts.get(self.account).map(|r| r as &dyn Render),
            _ => None,
        }
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
