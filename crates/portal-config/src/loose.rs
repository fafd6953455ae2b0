//! A JSON value as far as `branding` and `support` read one: texts and objects of them, which
//! are checked by hand so that a wrong value is named by its key. Not `serde_json::Value`: the
//! portal reads `config.json` through the browser's `JSON.parse`, and this keeps
//! `serde_json`'s value (numbers, maps) out of the shell's wasm.

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loose {
    Null,
    Text(String),
    /// Keys and values, in the order written.
    Object(Vec<(String, Loose)>),
    /// A number, a boolean or an array: never right where a text or object is asked for.
    Other,
}

impl Loose {
    pub fn is_null(&self) -> bool {
        matches!(self, Loose::Null)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Loose::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The value of `name` in an object.
    pub fn get(&self, name: &str) -> Option<&Loose> {
        match self {
            Loose::Object(entries) => entries.iter().find(|(key, _)| key == name).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Loose {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Loose, D::Error> {
        deserializer.deserialize_any(LooseVisitor)
    }
}

struct LooseVisitor;

impl<'de> Visitor<'de> for LooseVisitor {
    type Value = Loose;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Loose, E> {
        Ok(Loose::Null)
    }

    fn visit_none<E>(self) -> Result<Loose, E> {
        Ok(Loose::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Loose, D::Error> {
        Loose::deserialize(deserializer)
    }

    fn visit_str<E>(self, text: &str) -> Result<Loose, E> {
        Ok(Loose::Text(text.to_owned()))
    }

    fn visit_string<E>(self, text: String) -> Result<Loose, E> {
        Ok(Loose::Text(text))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Loose, A::Error> {
        while items.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Loose::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Loose, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, Loose>()? {
            entries.push(entry);
        }
        Ok(Loose::Object(entries))
    }
}
