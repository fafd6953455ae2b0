//! A JSON value as `config.json` and the embedding messages are read and written: checked by
//! hand, so that a wrong value is named by its key. Not `serde_json::Value` nor a serde
//! derive: the portal builds this from the browser's `JSON.parse` or a message's data
//! (`src/json.rs`), which keeps serde's generic readers and writers for these (and
//! `serde_json`) out of the shell's wasm.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loose {
    Null,
    Bool(bool),
    /// A whole number (`1`, `1.0`); JSON's other numbers are [`Loose::Other`].
    Whole(i64),
    Text(String),
    List(Vec<Loose>),
    /// Keys and values, in the order written; a key written twice has its last value, as
    /// `JSON.parse` reads it.
    Object(Vec<(String, Loose)>),
    /// A number with a fraction: nothing here asks for one.
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

    /// A JSON number: whole (as JavaScript has them, with no fraction and within 2^53), or
    /// other.
    pub fn number(value: f64) -> Loose {
        const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
        if value.fract() == 0.0 && value.abs() <= EXACT {
            Loose::Whole(value as i64)
        } else {
            Loose::Other
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Loose::Bool(value) => Some(*value),
            _ => None,
        }
    }

    /// An object of `entries`, in their order.
    pub fn object<const N: usize>(entries: [(&str, Loose); N]) -> Loose {
        Loose::Object(
            entries
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value))
                .collect(),
        )
    }

    /// The value as JSON text (a number with a fraction, which is not kept, as `null`).
    pub fn to_json(&self) -> String {
        let mut json = String::new();
        self.write_json(&mut json);
        json
    }

    fn write_json(&self, json: &mut String) {
        match self {
            Loose::Null | Loose::Other => json.push_str("null"),
            Loose::Bool(value) => json.push_str(if *value { "true" } else { "false" }),
            Loose::Whole(value) => json.push_str(&value.to_string()),
            Loose::Text(text) => write_json_text(text, json),
            Loose::List(items) => {
                json.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        json.push(',');
                    }
                    item.write_json(json);
                }
                json.push(']');
            }
            Loose::Object(entries) => {
                json.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        json.push(',');
                    }
                    write_json_text(key, json);
                    json.push(':');
                    value.write_json(json);
                }
                json.push('}');
            }
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

/// `text` as a JSON string: quotes, backslashes and control characters escaped.
fn write_json_text(text: &str, json: &mut String) {
    json.push('"');
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let code = u32::from(c);
                json.push_str("\\u00");
                json.push(char::from_digit(code >> 4, 16).unwrap_or('0'));
                json.push(char::from_digit(code & 0xf, 16).unwrap_or('0'));
            }
            c => json.push(c),
        }
    }
    json.push('"');
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

    fn visit_bool<E>(self, value: bool) -> Result<Loose, E> {
        Ok(Loose::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Loose, E> {
        Ok(Loose::Whole(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Loose, E> {
        Ok(i64::try_from(value).map_or(Loose::Other, Loose::Whole))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Loose, E> {
        Ok(Loose::number(value))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Loose {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn reads_every_kind_of_json_value() {
        assert_eq!(
            read(r#"{"a":[null,true,7,1.0,1.5,"x"],"a":{"b":-3}}"#),
            Loose::object([("a", Loose::object([("b", Loose::Whole(-3))]))])
        );
        assert_eq!(
            read(r#"[null,true,7,1.0,1.5,"x",18446744073709551615]"#),
            Loose::List(vec![
                Loose::Null,
                Loose::Bool(true),
                Loose::Whole(7),
                Loose::Whole(1),
                Loose::Other,
                Loose::Text("x".into()),
                Loose::Other,
            ])
        );
    }

    #[test]
    fn writes_json_that_reads_back_the_same() {
        let value = read(
            r#"{"text":"quote \" backslash \\ tab \t nul \u0000 Київ","list":[true,false,null,-12],
                "empty":{},"none":[]}"#,
        );
        let written = value.to_json();
        assert_eq!(read(&written), value);
        let as_serde_json: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(
            as_serde_json["text"],
            "quote \" backslash \\ tab \t nul \u{0} Київ"
        );
        assert_eq!(Loose::Other.to_json(), "null");
    }
}
