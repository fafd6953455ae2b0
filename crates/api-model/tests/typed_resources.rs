//! Every typed attribute struct of a collection (`resources::Account`, …) names exactly the
//! attributes the collection's declaration (`catalog`) lists: a field added on one side only
//! fails here, saying which side misses it.

use api_model::catalog::Collection;
use api_model::numberlist::{Numberlist, NumberlistItem};
use api_model::resources::{
    Account, CdrExport, Country, Network, NetworkPrefix, NetworkType, Rate, Rateplan, ResourceType,
    Service,
};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::collections::BTreeSet;
use std::fmt;

/// A deserializer that reads nothing: it only records the field names serde's derive hands
/// to `deserialize_struct`, which are the names as the API spells them (after `rename_all`).
struct FieldNames<'a>(&'a mut Vec<&'static str>);

#[derive(Debug)]
struct Stop(String);

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Stop(message.to_string())
    }
}

impl<'de> Deserializer<'de> for FieldNames<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop(
            "not a plain struct (flatten or a custom Deserialize?)".into(),
        ))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Stop> {
        self.0.extend_from_slice(fields);
        Err(Stop("names read".into()))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// The attribute names a typed struct reads.
fn struct_fields<'de, T: Deserialize<'de>>() -> BTreeSet<&'static str> {
    let mut names = Vec::new();
    let _ = T::deserialize(FieldNames(&mut names));
    assert!(
        !names.is_empty(),
        "{} names no fields",
        std::any::type_name::<T>()
    );
    names.into_iter().collect()
}

/// What differs between a typed struct and its collection's declaration, as sentences.
fn differences<'de, T: Deserialize<'de> + ResourceType>() -> Vec<String> {
    let typed = std::any::type_name::<T>()
        .rsplit("::")
        .next()
        .unwrap_or_default();
    let Some(collection) = Collection::from_path(T::TYPE) else {
        return vec![format!(
            "{typed}: no collection is declared at `{}`",
            T::TYPE
        )];
    };
    let declared: BTreeSet<&str> = collection.spec().fields.iter().map(|f| f.name).collect();
    let read = struct_fields::<T>();
    let mut found = Vec::new();
    for name in read.difference(&declared) {
        found.push(format!(
            "{typed} reads `{name}`, which the declaration of `{}` (catalog.rs) does not list",
            T::TYPE
        ));
    }
    for name in declared.difference(&read) {
        found.push(format!(
            "the declaration of `{}` (catalog.rs) lists `{name}`, which {typed} (the typed struct) \
             does not read",
            T::TYPE
        ));
    }
    found
}

#[test]
fn every_typed_struct_reads_exactly_its_collections_declared_attributes() {
    let found: Vec<String> = [
        differences::<Account>(),
        differences::<Service>(),
        differences::<CdrExport>(),
        differences::<Rateplan>(),
        differences::<Rate>(),
        differences::<NetworkType>(),
        differences::<NetworkPrefix>(),
        differences::<Network>(),
        differences::<Country>(),
        differences::<Numberlist>(),
        differences::<NumberlistItem>(),
    ]
    .concat();
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// The check itself notices each side's omission.
#[test]
fn a_field_on_one_side_only_is_named_with_the_side_that_misses_it() {
    #[derive(Deserialize)]
    #[serde(rename_all = "kebab-case")]
    #[allow(dead_code)]
    struct CountryWithMore {
        name: String,
        iso2: Option<String>,
        dialing_code: Option<String>,
    }
    impl ResourceType for CountryWithMore {
        const TYPE: &'static str = "countries";
    }
    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct CountryWithLess {
        name: String,
    }
    impl ResourceType for CountryWithLess {
        const TYPE: &'static str = "countries";
    }
    let more = differences::<CountryWithMore>();
    assert_eq!(more.len(), 1, "{more:?}");
    assert!(more[0].contains("reads `dialing-code`"), "{more:?}");
    let less = differences::<CountryWithLess>();
    assert_eq!(less.len(), 1, "{less:?}");
    assert!(less[0].contains("lists `iso2`"), "{less:?}");
}
