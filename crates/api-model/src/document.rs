//! JSON:API document shapes as the customer API uses them.
//!
//! Unknown members are ignored everywhere: the real server may add attributes at any time.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A top-level document whose primary data is `D` (one resource or a list of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document<D> {
    pub data: D,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub included: Vec<Resource<serde_json::Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Meta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<PageLinks>,
}

/// One page of a collection.
pub type ListDocument<A> = Document<Vec<Resource<A>>>;
/// A single resource.
pub type SingleDocument<A> = Document<Resource<A>>;

impl<A> ListDocument<A> {
    /// `meta.total-count`, or the length of this page when a server leaves it out.
    pub fn total_count(&self) -> u64 {
        self.meta
            .as_ref()
            .and_then(|meta| meta.total_count)
            .unwrap_or(self.data.len() as u64)
    }
}

/// A resource object with typed attributes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resource<A> {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<ResourceLinks>,
    pub attributes: A,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub relationships: BTreeMap<String, Relationship>,
}

impl<A> Resource<A> {
    /// The `related` link of a relationship, if the server sent one.
    pub fn related_link(&self, name: &str) -> Option<&str> {
        self.relationships
            .get(name)?
            .links
            .as_ref()?
            .related
            .as_deref()
    }

    /// The identifier a to-one relationship points at, when linkage data was included.
    pub fn related_id(&self, name: &str) -> Option<&ResourceIdentifier> {
        match self.relationships.get(name)?.data.as_ref()? {
            Linkage::One(Some(identifier)) => Some(identifier),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ResourceLinks {
    #[serde(rename = "self", default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Relationship {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<RelationshipLinks>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Linkage>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RelationshipLinks {
    #[serde(rename = "self", default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related: Option<String>,
}

/// Relationship linkage: to-one (possibly null) or to-many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Linkage {
    Many(Vec<ResourceIdentifier>),
    One(Option<ResourceIdentifier>),
}

/// By its shape, as it streams by (`crate::json_shape` says why not `untagged`).
impl<'de> Deserialize<'de> for Linkage {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use crate::json_shape::NullObjectOrArray as Shape;
        Ok(match Shape::deserialize(deserializer)? {
            Shape::Null => Linkage::One(None),
            Shape::Object(identifier) => Linkage::One(Some(identifier)),
            Shape::Array(identifiers) => Linkage::Many(identifiers),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceIdentifier {
    #[serde(rename = "type")]
    pub kind: String,
    pub id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Meta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_count: Option<u64>,
}

/// Pagination links of a collection; each repeats the request's filters and sort.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PageLinks {
    #[serde(rename = "self", default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
}
