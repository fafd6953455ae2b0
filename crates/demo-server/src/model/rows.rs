//! Records of the plain collections: an id, whose it is, and the API's attributes, nothing
//! else. A collection the demo has nothing of its own for (no value made from other records,
//! no writes, no relationship but to its account) needs no record type: its records are
//! [`Row`]s of its attribute struct, kept in [`PlainRows`] and made by `seeded::plain`.

use crate::model::customers::CustomerId;
use api_model::catalog::{Attributes, Collection};
use std::any::Any;
use std::collections::HashMap;
use std::fmt;

/// Whose a plain record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// Reference data every customer sees.
    Everyone,
    Customer(CustomerId),
    /// An account's, by the account's index in the data set.
    Account {
        customer: CustomerId,
        account: usize,
    },
}

/// A record of a plain collection.
#[derive(Debug, Clone, PartialEq)]
pub struct Row<A> {
    pub id: String,
    pub owner: Owner,
    pub attributes: A,
}

/// Every plain collection's rows, by collection.
#[derive(Default)]
pub struct PlainRows(HashMap<Collection, Box<dyn Any + Send + Sync>>);

impl PlainRows {
    /// The rows of `A`'s collection (none when it has none).
    pub fn rows<A: Attributes>(&self) -> &[Row<A>] {
        self.0
            .get(&A::COLLECTION)
            .and_then(|rows| rows.downcast_ref::<Vec<Row<A>>>())
            .map_or(&[], Vec::as_slice)
    }

    /// Makes `rows` the rows of `A`'s collection.
    pub fn set<A: Attributes>(&mut self, rows: Vec<Row<A>>) {
        self.0.insert(A::COLLECTION, Box::new(rows));
    }
}

impl fmt::Debug for PlainRows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut collections: Vec<&str> = self.0.keys().map(|c| c.path()).collect();
        collections.sort_unstable();
        f.debug_tuple("PlainRows").field(&collections).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_model::resources::{Country, NetworkType};

    #[test]
    fn each_collection_keeps_its_own_rows() {
        let mut plain = PlainRows::default();
        assert!(plain.rows::<NetworkType>().is_empty());
        let row = Row {
            id: "1".to_owned(),
            owner: Owner::Everyone,
            attributes: NetworkType {
                name: "Mobile".to_owned(),
            },
        };
        plain.set(vec![row.clone()]);
        assert_eq!(plain.rows::<NetworkType>(), [row]);
        assert!(plain.rows::<Country>().is_empty());
        assert_eq!(format!("{plain:?}"), r#"PlainRows(["network-types"])"#);
    }
}
