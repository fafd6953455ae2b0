//! The lowest layer: what the demo's data is (customers, records, money, portal access flags,
//! the data set), with no generation, traffic or HTTP.

pub mod customers;
pub mod data_set;
pub mod money;
pub mod numberlists;
pub mod portal_access;
pub mod records;
pub mod rows;
pub mod time_zones;
