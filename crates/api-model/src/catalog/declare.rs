//! How a collection is declared: one [`collection!`] per collection makes
//! - its [`Spec`](super::Spec) (`ACCOUNTS`), what the portal's pages and the demo server's
//!   collection handling read;
//! - its attribute struct (`Account`), what code decodes and builds records with: the API's
//!   names (`min_balance` is `min-balance`), the Rust type of each [`Kind`](super::Kind) (exact
//!   decimals for money and rates, UTC times, an enum for a set of words), `Option` where the
//!   declaration says `or null`, unknown attributes ignored so a newer server never breaks a
//!   reader;
//! - the struct's [`Attributes`] impl: its collection, and its values by name
//!   ([`Attributes::get`]), what a server filters, sorts and answers with.
//!
//! A set of words an attribute takes ([`Kind::Choice`](super::Kind::Choice)) is declared once
//! with [`words!`]: an enum, and the words the `Spec` offers.

use crate::catalog::Collection;
use crate::resources::ResourceType;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// A CDR export's `filters`: conditions by name (`{"time_start_gteq": "…"}`).
pub type Conditions = BTreeMap<String, serde_json::Value>;

/// An attribute's value as a server filters, sorts and sends it, borrowed from the record's
/// attribute struct.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttributeValue<'a> {
    Null,
    Text(&'a str),
    /// Integers, decimals and money alike: what a numeric filter compares.
    Number(Decimal),
    Bool(bool),
    Time(DateTime<Utc>),
    Conditions(&'a Conditions),
}

/// The attribute struct of a declared collection.
pub trait Attributes:
    ResourceType + Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The collection whose records have these attributes.
    const COLLECTION: Collection;

    /// The attribute named `name` (as the API spells it); `None` for a name the collection's
    /// declaration does not list.
    fn get(&self, name: &str) -> Option<AttributeValue<'_>>;

    /// Every time among the attributes, to move them all (a demo data file's times follow the
    /// clock).
    fn times_mut(&mut self) -> Vec<&mut DateTime<Utc>>;
}

/// The API's name of an attribute from its Rust name, at compile time: `min_balance` is
/// `min-balance`, as serde's `kebab-case` names the struct's fields.
pub(crate) const fn kebab<const N: usize>(snake: &str) -> [u8; N] {
    let bytes = snake.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = if bytes[i] == b'_' { b'-' } else { bytes[i] };
        i += 1;
    }
    out
}

/// How each Rust type of an attribute reads, writes and shows itself: the one serde `with`
/// module of every declared field, so the declaration need not say which.
pub(crate) mod wire {
    use super::{AttributeValue, Conditions};
    use crate::number::{decimal, optional_decimal};
    use crate::resources::{LooseId, api_time};
    use chrono::{DateTime, Utc};
    use rust_decimal::Decimal;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub trait Wire: Sized {
        fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;

        /// The value or `null`.
        fn read_option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
            Ok(Option::<Read<Self>>::deserialize(d)?.map(|read| read.0))
        }

        fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error>;

        fn value(&self) -> AttributeValue<'_>;

        fn times<'a>(&'a mut self, _times: &mut Vec<&'a mut DateTime<Utc>>) {}
    }

    /// A value read by its [`Wire`], for serde's handling of `null` around it.
    pub struct Read<T>(T);

    impl<'de, T: Wire> Deserialize<'de> for Read<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            T::read(d).map(Read)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Wire>(d: D) -> Result<T, D::Error> {
        T::read(d)
    }

    pub fn serialize<S: Serializer, T: Wire>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        value.write(s)
    }

    impl<T: Wire> Wire for Option<T> {
        fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            T::read_option(d)
        }

        fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Some(value) => value.write(s),
                None => s.serialize_none(),
            }
        }

        fn value(&self) -> AttributeValue<'_> {
            self.as_ref().map_or(AttributeValue::Null, Wire::value)
        }

        fn times<'a>(&'a mut self, times: &mut Vec<&'a mut DateTime<Utc>>) {
            if let Some(value) = self {
                value.times(times);
            }
        }
    }

    /// Types serde reads and writes as the API does.
    macro_rules! as_serde {
        ($($type:ty => |$value:ident| $shown:expr),* $(,)?) => {$(
            impl Wire for $type {
                fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    <$type>::deserialize(d)
                }

                fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    self.serialize(s)
                }

                fn value(&self) -> AttributeValue<'_> {
                    let $value = self;
                    $shown
                }
            }
        )*};
    }

    as_serde! {
        String => |text| AttributeValue::Text(text),
        i64 => |number| AttributeValue::Number(Decimal::from(*number)),
        bool => |b| AttributeValue::Bool(*b),
        Conditions => |conditions| AttributeValue::Conditions(conditions),
        LooseId => |id| match id {
            LooseId::Number(n) => AttributeValue::Number(Decimal::from(*n)),
            LooseId::Text(text) => AttributeValue::Text(text),
        },
    }

    /// Exact, from a string or a number; written as a string, the way the API sends money.
    impl Wire for Decimal {
        fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            decimal(d)
        }

        /// Empty text is `None` as well (some deployments send `""`).
        fn read_option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
            optional_decimal(d)
        }

        fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.to_string())
        }

        fn value(&self) -> AttributeValue<'_> {
            AttributeValue::Number(*self)
        }
    }

    impl Wire for DateTime<Utc> {
        fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            api_time::deserialize(d)
        }

        fn read_option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Self>, D::Error> {
            api_time::option::deserialize(d)
        }

        fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            api_time::serialize(self, s)
        }

        fn value(&self) -> AttributeValue<'_> {
            AttributeValue::Time(*self)
        }

        fn times<'a>(&'a mut self, times: &mut Vec<&'a mut DateTime<Utc>>) {
            times.push(self);
        }
    }
}

/// The words an attribute of [`Kind::Choice`](super::Kind::Choice) takes, as an enum: each
/// variant is a word the portal knows, `Other` one it does not (shown as sent, never a
/// decoding error). `WORDS` is what the declaration's kind and filters offer.
macro_rules! words {
    (
        $(#[$doc:meta])*
        pub enum $name:ident { $($variant:ident = $word:literal),* $(,)? }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant,)*
            /// A word this portal does not know, as sent.
            Other(String),
        }

        impl $name {
            pub const WORDS: &'static [&'static str] = &[$($word),*];

            /// The word as the API sends it.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $word,)*
                    $name::Other(word) => word,
                }
            }

            pub fn of(word: &str) -> $name {
                match word {
                    $($word => $name::$variant,)*
                    other => $name::Other(other.to_owned()),
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::catalog::declare::wire::Wire for $name {
            fn read<'de, D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                <String as ::serde::Deserialize>::deserialize(d).map(|word| $name::of(&word))
            }

            fn write<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }

            fn value(&self) -> $crate::catalog::AttributeValue<'_> {
                $crate::catalog::AttributeValue::Text(self.as_str())
            }
        }
    };
}

/// The [`Kind`](super::Kind) a declaration's kind names.
macro_rules! kind {
    (Money($currency:literal)) => {
        Kind::Money {
            currency: $currency,
        }
    };
    (Named($names:path)) => {
        Kind::Named($names)
    };
    (Choice($words:ident)) => {
        Kind::Choice($words::WORDS)
    };
    ($kind:ident) => {
        Kind::$kind
    };
}

/// The Rust type of a kind's values.
macro_rules! value_type {
    (Text) => { String };
    (Integer) => { i64 };
    (Decimal) => { ::rust_decimal::Decimal };
    (Money($currency:literal)) => { ::rust_decimal::Decimal };
    (Named($names:path)) => { i64 };
    (Boolean) => { bool };
    (Duration) => { i64 };
    (Time) => { ::chrono::DateTime<::chrono::Utc> };
    (Choice($words:ident)) => { $words };
    (Conditions) => { $crate::catalog::Conditions };
    (Reference) => { $crate::resources::LooseId };
}

/// `Option` of a type when the declaration says `or null`.
macro_rules! nullable {
    ($type:ty, null) => { Option<$type> };
    ($type:ty) => { $type };
}

/// The API's name of a field, from its Rust name ([`kebab`]).
macro_rules! api_name {
    ($field:ident) => {{
        const NAME: [u8; stringify!($field).len()] =
            $crate::catalog::declare::kebab(stringify!($field));
        match ::core::str::from_utf8(&NAME) {
            Ok(name) => name,
            Err(_) => panic!("an attribute's name is ASCII"),
        }
    }};
}

/// One collection's declaration: its `Spec` constant and its attribute struct, from the
/// attributes (each `name: Kind`, `or null` when the server may send none, `[unsorted]` when
/// it cannot sort by it, `[hidden]` for a column shown only when chosen) and the `Spec`'s
/// other members.
macro_rules! collection {
    (
        $(#[$doc:meta])*
        $spec:ident: Collection::$variant:ident,
        attributes: $attributes:ident {
            $(
                $(#[$field_doc:meta])*
                $field:ident: $kind:ident $(($arg:tt))? $(or $null:ident)?
                    $([$($flag:ident),*])?
            ),* $(,)?
        },
        $($member:tt)*
    ) => {
        $(#[$doc])*
        pub const $spec: Spec = Spec {
            fields: &[$(
                field(api_name!($field), kind!($kind $(($arg))?)) $($(.$flag())*)?
            ),*],
            $($member)*
        };

        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub struct $attributes {
            $(
                $(#[$field_doc])*
                $(
                    #[doc = concat!("\n\n`", stringify!($null), "` when the server has none.")]
                    #[serde(default)]
                )?
                #[serde(with = "crate::catalog::declare::wire")]
                pub $field: nullable!(value_type!($kind $(($arg))?) $(, $null)?),
            )*
        }

        impl $attributes {
            /// The collection's declaration.
            pub const SPEC: Spec = $spec;
        }

        impl $crate::resources::ResourceType for $attributes {
            const TYPE: &'static str = $spec.path;
        }

        impl $crate::catalog::Attributes for $attributes {
            const COLLECTION: Collection = Collection::$variant;

            fn get(&self, name: &str) -> Option<$crate::catalog::AttributeValue<'_>> {
                use $crate::catalog::declare::wire::Wire;
                // The struct's fields are the `Spec`'s, in its order.
                let getters: [fn(&Self) -> $crate::catalog::AttributeValue<'_>; $spec.fields.len()] =
                    [$(|attributes| attributes.$field.value()),*];
                let at = $spec.fields.iter().position(|field| field.name == name)?;
                getters.get(at).map(|get| get(self))
            }

            fn times_mut(&mut self) -> Vec<&mut ::chrono::DateTime<::chrono::Utc>> {
                use $crate::catalog::declare::wire::Wire;
                let mut times = Vec::new();
                $(self.$field.times(&mut times);)*
                times
            }
        }
    };
}

pub(crate) use {api_name, collection, kind, nullable, value_type, words};
