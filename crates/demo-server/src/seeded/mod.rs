//! Making the data set: deterministic randomness, the fixed reference tables, the seeded
//! data set, the money records that go with it, and the data file format (a data set of one's own, and the dump of one).

pub mod data_file;
pub mod generate;
pub mod money;
pub mod numberlists;
pub mod numbers;
pub mod plain;
pub mod random;
pub mod reference_tables;

pub use random::{Rng, fresh_uuid, hash, label, mix, uuid};
