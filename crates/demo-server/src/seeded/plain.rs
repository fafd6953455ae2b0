//! The demo rows of the plain collections: collections the demo server has nothing of its own
//! for (see `crate::model::rows`), served from their rows alone by the one generic record of
//! `jsonapi::records` and the routes `routes::resources` registers for each of [`each`].
//!
//! Adding a plain collection to the demo is its [`Plain`] impl (its rows) and its line in
//! [`each`], both here.

use crate::model::records::AccountRecord;
use crate::model::rows::{Owner, PlainRows, Row};
use crate::seeded::random::uuid;
use crate::seeded::reference_tables::NETWORK_TYPES;
use api_model::catalog::Attributes;
use api_model::resources::NetworkType;
use chrono::{DateTime, Utc};

/// What the rows of a plain collection may be made from.
pub struct Seeding<'a> {
    pub seed: u64,
    /// Start-up time: seeded times are placed relative to it.
    pub started_at: DateTime<Utc>,
    /// Every customer's accounts (an account's rows are [`Owner::Account`]).
    pub accounts: &'a [AccountRecord],
}

/// A collection whose demo records are plain rows.
pub trait Plain: Attributes {
    /// Its rows in the seeded data set, and in one read from a data file (with the file's
    /// accounts).
    fn seeded(seeding: &Seeding) -> Vec<Row<Self>>;
}

/// What is done for every plain collection: making its rows, serving them.
pub trait EachPlain {
    fn visit<A: Plain>(&mut self);
}

/// Every plain collection.
pub fn each(visit: &mut impl EachPlain) {
    visit.visit::<NetworkType>();
}

/// The rows of every plain collection.
pub fn seeded(seeding: &Seeding) -> PlainRows {
    struct Seed<'a, 'b> {
        seeding: &'a Seeding<'b>,
        rows: PlainRows,
    }
    impl EachPlain for Seed<'_, '_> {
        fn visit<A: Plain>(&mut self) {
            self.rows.set(A::seeded(self.seeding));
        }
    }
    let mut seed = Seed {
        seeding,
        rows: PlainRows::default(),
    };
    each(&mut seed);
    seed.rows
}

/// Network types, in the order of [`NETWORK_TYPES`] (networks name theirs by index).
impl Plain for NetworkType {
    fn seeded(seeding: &Seeding) -> Vec<Row<Self>> {
        NETWORK_TYPES
            .iter()
            .enumerate()
            .map(|(i, name)| Row {
                id: uuid(seeding.seed, "network-types", i as u64),
                owner: Owner::Everyone,
                attributes: NetworkType {
                    name: (*name).to_owned(),
                },
            })
            .collect()
    }
}
