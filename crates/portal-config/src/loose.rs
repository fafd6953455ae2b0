//! A JSON value as `config.json` is read: texts, lists and objects, which are checked by hand
//! so that a wrong value is named by its key. Not `serde_json::Value` nor a serde derive: the
//! portal builds this from the browser's `JSON.parse` (`src/json.rs`), which keeps serde's
//! generic readers for the config (and `serde_json`'s numbers and maps) out of the shell's wasm.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loose {
    Null,
    Text(String),
    List(Vec<Loose>),
    /// Keys and values, in the order written; a key written twice has its last value, as
    /// `JSON.parse` reads it.
    Object(Vec<(String, Loose)>),
    /// A number or a boolean: never right where `config.json` asks for a text, a list or an
    /// object.
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

    /// Adds `key` to an object's entries, or gives it `value` if it is there already.
    pub fn set(entries: &mut Vec<(String, Loose)>, key: String, value: Loose) {
        match entries.iter_mut().find(|(name, _)| *name == key) {
            Some((_, old)) => *old = value,
            None => entries.push((key, value)),
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
        let mut list = Vec::new();
        while let Some(item) = items.next_element::<Loose>()? {
            list.push(item);
        }
        Ok(Loose::List(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Loose, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Loose>()? {
            Loose::set(&mut entries, key, value);
        }
        Ok(Loose::Object(entries))
    }
}
