//! Values whose JSON may take one of two shapes (an object or an array; a number or a string;
//! null, an object or an array), each decoded by the shape it has, as it streams by.
//!
//! Why not `#[serde(untagged)]`: an untagged enum first copies the whole value into serde's
//! private `Content` tree, then tries each variant on the copy. That copies every statistics
//! payload and every relationship of every document once more, and brings the copying and
//! replaying code (some 16 KB of wasm, about 5 KB brotli) to every page that decodes one.

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// A JSON object decoded as `O`, or an array decoded as `A`.
#[derive(Debug, Clone, PartialEq)]
pub enum ObjectOrArray<O, A> {
    Object(O),
    Array(A),
}

impl<'de, O: Deserialize<'de>, A: Deserialize<'de>> Deserialize<'de> for ObjectOrArray<O, A> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Shape<O, A>(PhantomData<(O, A)>);

        impl<'de, O: Deserialize<'de>, A: Deserialize<'de>> Visitor<'de> for Shape<O, A> {
            type Value = ObjectOrArray<O, A>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object or an array")
            }

            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
                O::deserialize(MapAccessDeserializer::new(map)).map(ObjectOrArray::Object)
            }

            fn visit_seq<S: SeqAccess<'de>>(self, seq: S) -> Result<Self::Value, S::Error> {
                A::deserialize(SeqAccessDeserializer::new(seq)).map(ObjectOrArray::Array)
            }
        }

        deserializer.deserialize_any(Shape(PhantomData))
    }
}

/// JSON:API relationship linkage: `null` or an object (to-one), or an array (to-many).
#[derive(Debug, Clone, PartialEq)]
pub enum NullObjectOrArray<O, A> {
    Null,
    Object(O),
    Array(A),
}

impl<'de, O: Deserialize<'de>, A: Deserialize<'de>> Deserialize<'de> for NullObjectOrArray<O, A> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Shape<O, A>(PhantomData<(O, A)>);

        impl<'de, O: Deserialize<'de>, A: Deserialize<'de>> Visitor<'de> for Shape<O, A> {
            type Value = NullObjectOrArray<O, A>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("null, an object or an array")
            }

            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(NullObjectOrArray::Null)
            }

            fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(NullObjectOrArray::Null)
            }

            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
                O::deserialize(MapAccessDeserializer::new(map)).map(NullObjectOrArray::Object)
            }

            fn visit_seq<S: SeqAccess<'de>>(self, seq: S) -> Result<Self::Value, S::Error> {
                A::deserialize(SeqAccessDeserializer::new(seq)).map(NullObjectOrArray::Array)
            }
        }

        deserializer.deserialize_any(Shape(PhantomData))
    }
}

/// An integer or a string, as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntegerOrText {
    Integer(i64),
    Text(String),
}

impl<'de> Deserialize<'de> for IntegerOrText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Shape;

        impl Visitor<'_> for Shape {
            type Value = IntegerOrText;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a string")
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
                Ok(IntegerOrText::Integer(n))
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
                i64::try_from(n)
                    .map(IntegerOrText::Integer)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(n), &self))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
                Ok(IntegerOrText::Text(text.to_owned()))
            }

            fn visit_string<E: de::Error>(self, text: String) -> Result<Self::Value, E> {
                Ok(IntegerOrText::Text(text))
            }
        }

        deserializer.deserialize_any(Shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    type Shape = ObjectOrArray<BTreeMap<String, u8>, Vec<u8>>;
    type Linkage = NullObjectOrArray<BTreeMap<String, u8>, Vec<u8>>;

    #[test]
    fn each_shape_decodes_as_its_own() {
        let object: Shape = serde_json::from_str(r#"{"a": 1}"#).unwrap();
        assert_eq!(
            object,
            ObjectOrArray::Object(BTreeMap::from([("a".into(), 1)]))
        );
        let array: Shape = serde_json::from_str("[1, 2]").unwrap();
        assert_eq!(array, ObjectOrArray::Array(vec![1, 2]));
        let null: Linkage = serde_json::from_str("null").unwrap();
        assert_eq!(null, NullObjectOrArray::Null);
        let many: Linkage = serde_json::from_str("[3]").unwrap();
        assert_eq!(many, NullObjectOrArray::Array(vec![3]));
        let id: IntegerOrText = serde_json::from_str("42").unwrap();
        assert_eq!(id, IntegerOrText::Integer(42));
        let id: IntegerOrText = serde_json::from_str(r#""ab-1""#).unwrap();
        assert_eq!(id, IntegerOrText::Text("ab-1".into()));
    }

    #[test]
    fn another_shape_or_a_bad_member_is_an_error_naming_it() {
        let error = serde_json::from_str::<Shape>("7").unwrap_err().to_string();
        assert!(error.contains("an object or an array"), "{error}");
        let error = serde_json::from_str::<Shape>(r#"{"a": "x"}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("invalid type: string \"x\""), "{error}");
        let error = serde_json::from_str::<IntegerOrText>("1.5")
            .unwrap_err()
            .to_string();
        assert!(error.contains("an integer or a string"), "{error}");
        let error = serde_json::from_str::<IntegerOrText>("18446744073709551615")
            .unwrap_err()
            .to_string();
        assert!(error.contains("an integer or a string"), "{error}");
    }
}
