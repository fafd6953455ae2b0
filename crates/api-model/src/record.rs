//! Any collection's records read by their declaration ([`crate::catalog::Spec`]): each
//! attribute as a typed value of its declared kind, each related record a list shows as a
//! column, so one list and one detail view serve every collection.
//!
//! Reading never fails: an attribute the server left out (operators may hide any of them) is
//! [`Value::Missing`], and one that does not read as its kind is kept as sent
//! ([`Value::Unreadable`]) so the reader still sees it.

use crate::catalog::{Kind, Spec};
use crate::document::{Document, PageLinks, Resource};
use crate::number::parse_decimal;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value as Json;
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

/// A typed value of an attribute.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// Absent, or `null`.
    Missing,
    Text(String),
    Integer(i64),
    Decimal(Decimal),
    /// An amount, with its currency when the record names one.
    Money {
        amount: Decimal,
        currency: Option<String>,
    },
    Bool(bool),
    /// Whole seconds.
    Duration(i64),
    Time(DateTime<Utc>),
    /// One word of a known set; its reading in a language is the portal's business.
    Choice(String),
    /// An integer code, with its name when the declaration knows it (`1` is `UDP`).
    Named {
        code: i64,
        name: Option<&'static str>,
    },
    /// Conditions by name, in the server's order of keys (sorted).
    Conditions(Vec<(String, String)>),
    /// The identifier of another record.
    Reference(String),
    /// Not of the declared kind: the value as sent.
    Unreadable(String),
}

impl Value {
    /// Reads `raw` as a value of `kind`; `currency_of` answers a money amount's currency by
    /// the name its declaration gives (`currency`, `account.currency`).
    pub fn read(
        kind: Kind,
        raw: Option<&Json>,
        currency_of: impl Fn(&str) -> Option<String>,
    ) -> Value {
        let Some(raw) = raw.filter(|v| !v.is_null()) else {
            return Value::Missing;
        };
        let unreadable = || Value::Unreadable(as_sent(raw));
        match kind {
            Kind::Text => match raw {
                Json::String(text) => Value::Text(text.clone()),
                Json::Number(n) => Value::Text(n.to_string()),
                _ => unreadable(),
            },
            Kind::Integer => match raw {
                Json::Number(n) => n
                    .as_i64()
                    .map(Value::Integer)
                    .unwrap_or_else(|| decimal_of(raw).map_or_else(unreadable, Value::Decimal)),
                Json::String(text) => text
                    .trim()
                    .parse::<i64>()
                    .map(Value::Integer)
                    .or_else(|_| parse_decimal(text).map(Value::Decimal))
                    .unwrap_or_else(|_| unreadable()),
                _ => unreadable(),
            },
            Kind::Duration => match raw.as_i64().or_else(|| raw.as_str()?.trim().parse().ok()) {
                Some(seconds) => Value::Duration(seconds),
                None => unreadable(),
            },
            Kind::Decimal => decimal_of(raw).map_or_else(unreadable, Value::Decimal),
            Kind::Money { currency } => match decimal_of(raw) {
                Some(amount) => Value::Money {
                    amount,
                    currency: currency_of(currency).filter(|c| !c.trim().is_empty()),
                },
                None => unreadable(),
            },
            Kind::Named(names) => {
                match raw.as_i64().or_else(|| raw.as_str()?.trim().parse().ok()) {
                    Some(code) => Value::Named {
                        code,
                        name: names.iter().find(|(c, _)| *c == code).map(|(_, n)| *n),
                    },
                    None => unreadable(),
                }
            }
            Kind::Boolean => match raw {
                Json::Bool(b) => Value::Bool(*b),
                _ => unreadable(),
            },
            Kind::Time => match raw {
                Json::String(text) => crate::date_text::parse_rfc3339_relaxed(text)
                    .map(|t| Value::Time(t.with_timezone(&Utc)))
                    .unwrap_or_else(|_| unreadable()),
                _ => unreadable(),
            },
            Kind::Choice(_) => match raw {
                Json::String(word) => Value::Choice(word.clone()),
                _ => unreadable(),
            },
            Kind::Conditions => match raw {
                Json::Object(map) => {
                    Value::Conditions(map.iter().map(|(k, v)| (k.clone(), as_sent(v))).collect())
                }
                _ => unreadable(),
            },
            Kind::Reference => match raw {
                Json::String(text) => Value::Reference(text.clone()),
                Json::Number(n) => Value::Reference(n.to_string()),
                _ => unreadable(),
            },
        }
    }

    /// As exported: exact, ungrouped, times in the API's own form, empty when missing.
    pub fn raw(&self) -> String {
        match self {
            Value::Missing => String::new(),
            Value::Text(text)
            | Value::Choice(text)
            | Value::Reference(text)
            | Value::Unreadable(text) => text.clone(),
            Value::Integer(n) | Value::Duration(n) | Value::Named { code: n, .. } => n.to_string(),
            Value::Decimal(d) | Value::Money { amount: d, .. } => d.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Time(t) => crate::resources::api_time::format(t),
            Value::Conditions(pairs) => pairs
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("; "),
        }
    }

    /// Whether it reads as a number (right-aligned in tables).
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            Value::Integer(_) | Value::Decimal(_) | Value::Money { .. }
        )
    }
}

/// A decimal from a string or a number, exactly.
fn decimal_of(raw: &Json) -> Option<Decimal> {
    match raw {
        Json::String(text) => parse_decimal(text).ok(),
        Json::Number(n) => parse_decimal(&n.to_string()).ok(),
        _ => None,
    }
}

/// A JSON value as a reader would quote it: strings without their quotes.
fn as_sent(value: &Json) -> String {
    match value {
        Json::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A record a relationship points at, as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    /// Its JSON:API type.
    pub kind: String,
    pub id: String,
    /// Its `name` (or what names it) when the document included it.
    pub name: Option<String>,
}

/// One record, read by its collection's declaration.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Record {
    pub id: String,
    /// One per attribute of the declaration, in its order.
    pub values: Vec<Value>,
    /// One per relationship the declaration shows as a column, in its order.
    pub related: Vec<Option<Related>>,
}

/// Included resources by (type, id).
struct Included<'d>(HashMap<(&'d str, &'d str), &'d Json>);

impl<'d, D> From<&'d Document<D>> for Included<'d> {
    fn from(document: &'d Document<D>) -> Self {
        Included(
            document
                .included
                .iter()
                .map(|r| ((r.kind.as_str(), r.id.as_str()), &r.attributes))
                .collect(),
        )
    }
}

/// The text that names a record: its `name`, else its `prefix`, else its `description`.
pub fn naming_text(attributes: &Json) -> Option<String> {
    ["name", "prefix", "description"]
        .iter()
        .find_map(|key| attributes.get(*key)?.as_str().map(str::to_owned))
}

impl<'d> Included<'d> {
    /// The attributes of the record `relationship` points at, when the document includes it.
    fn related<A>(&self, resource: &Resource<A>, relationship: &str) -> Option<&'d Json> {
        let target = resource.related_id(relationship)?;
        self.0
            .get(&(target.kind.as_str(), target.id.as_str()))
            .copied()
    }
}

/// Where a record's attributes are read from, by name.
pub trait Attributes {
    fn attribute(&self, name: &str) -> Option<Cow<'_, Json>>;
}

impl Attributes for Json {
    fn attribute(&self, name: &str) -> Option<Cow<'_, Json>> {
        self.get(name).map(Cow::Borrowed)
    }
}

/// A record's attributes as the answer's own text, each parsed only when its declaration reads
/// it: a page of a thousand calls is read without building a map of every value first (that
/// building and dropping was most of the page's decoding time).
#[derive(Debug, Default)]
pub struct RawAttributes<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl Attributes for RawAttributes<'_> {
    fn attribute(&self, name: &str) -> Option<Cow<'_, Json>> {
        let (_, raw) = self.0.iter().find(|(key, _)| key == name)?;
        serde_json::from_str(raw.get()).ok().map(Cow::Owned)
    }
}

impl<'de> Deserialize<'de> for RawAttributes<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RawAttributesVisitor)
    }
}

struct RawAttributesVisitor;

impl<'de> Visitor<'de> for RawAttributesVisitor {
    type Value = RawAttributes<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("attributes")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(32));
        while let Some((AttributeName(name), raw)) = map.next_entry()? {
            pairs.push((name, raw));
        }
        Ok(RawAttributes(pairs))
    }

    // Attributes that are not an object have no values (as with `Json::get`).
    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(RawAttributes::default())
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(RawAttributes::default())
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(RawAttributes::default())
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(RawAttributes::default())
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(RawAttributes::default())
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(RawAttributes::default())
    }

    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(RawAttributes::default())
    }
}

/// An attribute's name, borrowed from the answer unless it was escaped there.
struct AttributeName<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for AttributeName<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = AttributeName<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an attribute name")
            }
            fn visit_borrowed_str<E>(self, name: &'de str) -> Result<Self::Value, E> {
                Ok(AttributeName(Cow::Borrowed(name)))
            }
            fn visit_str<E>(self, name: &str) -> Result<Self::Value, E> {
                Ok(AttributeName(Cow::Owned(name.to_owned())))
            }
        }
        deserializer.deserialize_str(Name)
    }
}

fn read_one<'d, A: Attributes>(
    spec: &Spec,
    resource: &'d Resource<A>,
    included: &Included<'d>,
) -> Record {
    let attributes = &resource.attributes;
    // `currency`, or `account.currency` of the included account.
    let currency_of = |name: &str| match name.split_once('.') {
        Some((relationship, attribute)) => included
            .related(resource, relationship)?
            .get(attribute)?
            .as_str()
            .map(str::to_owned),
        None => attributes.attribute(name)?.as_str().map(str::to_owned),
    };
    Record {
        id: resource.id.clone(),
        values: spec
            .fields
            .iter()
            .map(|f| Value::read(f.kind, attributes.attribute(f.name).as_deref(), currency_of))
            .collect(),
        related: spec
            .relationships
            .iter()
            .filter(|r| r.column)
            .map(|r| {
                let target = resource.related_id(r.name)?;
                Some(Related {
                    kind: target.kind.clone(),
                    id: target.id.clone(),
                    name: included.related(resource, r.name).and_then(naming_text),
                })
            })
            .collect(),
    }
}

/// The records of a page of a collection.
pub fn read_list<A: Attributes>(spec: &Spec, document: &Document<Vec<Resource<A>>>) -> Vec<Record> {
    let included = Included::from(document);
    document
        .data
        .iter()
        .map(|r| read_one(spec, r, &included))
        .collect()
}

/// One record of a collection.
pub fn read_single<A: Attributes>(spec: &Spec, document: &Document<Resource<A>>) -> Record {
    read_one(spec, &document.data, &Included::from(document))
}

/// A page of a collection's records, with what the pager needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordPage {
    pub records: Vec<Record>,
    pub links: Option<PageLinks>,
    /// `meta.total-count`, else the page's own length.
    pub total: u64,
}

/// A page of a collection read from the answer's text by its declaration.
pub fn read_page(spec: &Spec, body: &str) -> Result<RecordPage, serde_json::Error> {
    let document: Document<Vec<Resource<RawAttributes>>> = serde_json::from_str(body)?;
    Ok(RecordPage {
        records: read_list(spec, &document),
        total: document.total_count(),
        links: document.links,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{ACCOUNTS, CDR_EXPORTS, CDRS, NETWORK_PREFIXES, RATES};
    use serde_json::json;

    fn row(spec: &Spec, attributes: Json) -> Vec<Value> {
        let document: Document<Resource<Json>> = serde_json::from_value(json!({
            "data": {"id": "1", "type": spec.path, "attributes": attributes}
        }))
        .unwrap();
        read_single(spec, &document).values
    }

    #[test]
    fn values_read_by_their_declared_kind() {
        let values = row(
            &ACCOUNTS,
            json!({"name": "Kyiv", "balance": "12.50", "min-balance": -3, "max-balance": null,
                   "origination-capacity": 10, "total-capacity": "2.5", "currency": "UAH"}),
        );
        assert_eq!(values[0], Value::Text("Kyiv".into()));
        assert_eq!(
            values[1],
            Value::Money {
                amount: Decimal::new(1250, 2),
                currency: Some("UAH".into())
            }
        );
        assert_eq!(
            values[2],
            Value::Money {
                amount: Decimal::from(-3),
                currency: Some("UAH".into())
            }
        );
        assert_eq!(values[3], Value::Missing);
        assert_eq!(values[5], Value::Integer(10));
        assert_eq!(values[7], Value::Decimal(Decimal::new(25, 1)));
    }

    #[test]
    fn an_account_without_currency_keeps_its_amounts() {
        let values = row(&ACCOUNTS, json!({"name": "Old", "balance": "5"}));
        assert_eq!(
            values[1],
            Value::Money {
                amount: Decimal::from(5),
                currency: None
            }
        );
        assert_eq!(values[8], Value::Missing);
    }

    #[test]
    fn bad_data_is_kept_as_sent_never_a_failure() {
        let values = row(
            &RATES,
            json!({"prefix": 380, "enabled": "yes", "initial-rate": "cheap",
                   "valid-from": "tomorrow", "network-prefix-id": 7}),
        );
        assert_eq!(values[0], Value::Text("380".into()));
        assert_eq!(values[3], Value::Unreadable("yes".into()));
        assert_eq!(values[5], Value::Unreadable("cheap".into()));
        assert_eq!(values[11], Value::Unreadable("tomorrow".into()));
        assert_eq!(values[13], Value::Reference("7".into()));
        // Attributes not even an object: every value is missing.
        let document: Document<Resource<Json>> = serde_json::from_value(json!({
            "data": {"id": "1", "type": "rates", "attributes": []}
        }))
        .unwrap();
        assert!(
            read_single(&RATES, &document)
                .values
                .iter()
                .all(|v| *v == Value::Missing)
        );
    }

    #[test]
    fn a_cdr_reads_its_price_in_the_included_accounts_currency_and_names_its_transport() {
        let document: Document<Vec<Resource<Json>>> = serde_json::from_value(json!({
            "data": [
                {"id": "7", "type": "cdrs",
                 "attributes": {"customer-price": "0.0125", "auth-orig-transport-protocol-id": 3},
                 "relationships": {"account": {"data": {"type": "accounts", "id": "a1"}}}},
                // An operator hid every attribute but one; the transport is one this portal
                // does not know.
                {"id": "8", "type": "cdrs",
                 "attributes": {"auth-orig-transport-protocol-id": "9"}}
            ],
            "included": [{"id": "a1", "type": "accounts", "attributes": {"name": "Main", "currency": "EUR"}}]
        }))
        .unwrap();
        let records = read_list(&CDRS, &document);
        let at = |record: &Record, name: &str| {
            let index = CDRS.fields.iter().position(|f| f.name == name).unwrap();
            record.values[index].clone()
        };
        assert_eq!(
            at(&records[0], "customer-price"),
            Value::Money {
                amount: Decimal::new(125, 4),
                currency: Some("EUR".into())
            }
        );
        assert_eq!(
            at(&records[0], "auth-orig-transport-protocol-id"),
            Value::Named {
                code: 3,
                name: Some("TLS")
            }
        );
        assert_eq!(
            records[0].related[0]
                .as_ref()
                .and_then(|r| r.name.as_deref()),
            Some("Main")
        );
        assert_eq!(at(&records[1], "customer-price"), Value::Missing);
        assert_eq!(at(&records[1], "time-start"), Value::Missing);
        assert_eq!(
            at(&records[1], "auth-orig-transport-protocol-id"),
            Value::Named {
                code: 9,
                name: None
            }
        );
        assert_eq!(
            at(&records[1], "auth-orig-transport-protocol-id").raw(),
            "9"
        );
        assert_eq!(records[1].related, vec![None]);
    }

    #[test]
    fn conditions_and_times_export_exactly() {
        let values = row(
            &CDR_EXPORTS,
            json!({"created-at": "2026-07-18T10:00:00.000Z", "status": "Pending",
                   "filters": {"time_start_gteq": "2026-07-01 00:00:00", "success_eq": true}}),
        );
        assert_eq!(values[0].raw(), "2026-07-18T10:00:00.000Z");
        assert_eq!(values[1], Value::Choice("Pending".into()));
        assert_eq!(
            values[3].raw(),
            "success_eq=true; time_start_gteq=2026-07-01 00:00:00"
        );
    }

    #[test]
    fn a_page_read_from_its_text_equals_one_read_from_its_values() {
        let body = r#"{
            "data": [
                {"id": "7", "type": "cdrs",
                 "attributes": {"customer-price": "0.0125", "duration": 61, "success": true,
                                "time-start": "2026-07-18T10:00:00.000Z", "src-name-in": null,
                                "lega-disconnect-reason": "Bye \"now\" \u00e9", "extra": {"a": [1]}},
                 "relationships": {"account": {"data": {"type": "accounts", "id": "a1"}}}},
                {"id": "8", "type": "cdrs", "attributes": []},
                {"id": "9", "type": "cdrs", "attributes": {"dura\u0074ion": "12"}}
            ],
            "included": [{"id": "a1", "type": "accounts", "attributes": {"name": "Main", "currency": "EUR"}}],
            "meta": {"total-count": 40},
            "links": {"next": "https://switch.example/api/rest/customer/v1/cdrs?page[number]=2"}
        }"#;
        let document: Document<Vec<Resource<Json>>> = serde_json::from_str(body).unwrap();
        let page = read_page(&CDRS, body).unwrap();
        assert_eq!(page.records, read_list(&CDRS, &document));
        assert_eq!(page.total, 40);
        assert_eq!(page.links, document.links);
        let duration = CDRS
            .fields
            .iter()
            .position(|f| f.name == "duration")
            .unwrap();
        // An escaped name is still its name.
        assert_eq!(page.records[2].values[duration], Value::Integer(12));
        assert!(read_page(&CDRS, "{\"data\": [{\"id\": 1}]}").is_err());
    }

    #[test]
    fn included_records_name_their_column() {
        let document: Document<Vec<Resource<Json>>> = serde_json::from_value(json!({
            "data": [
                {"id": "p1", "type": "network-prefixes", "attributes": {"prefix": "380"},
                 "relationships": {"network": {"data": {"type": "networks", "id": "n1"}}}},
                {"id": "p2", "type": "network-prefixes", "attributes": {"prefix": "44"}}
            ],
            "included": [{"id": "n1", "type": "networks", "attributes": {"name": "Kyivstar"}}]
        }))
        .unwrap();
        let records = read_list(&NETWORK_PREFIXES, &document);
        assert_eq!(
            records[0].related,
            [Some(Related {
                kind: "networks".into(),
                id: "n1".into(),
                name: Some("Kyivstar".into())
            })]
        );
        assert_eq!(records[1].related, [None]);
    }
}
