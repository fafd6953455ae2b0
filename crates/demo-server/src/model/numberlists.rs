//! Number lists and their items: the customer's block and allow lists, and the keys in them,
//! which the customer edits through the API.

use crate::model::customers::{CustomerId, UsedBy, Viewer};
use api_model::numberlist::{Numberlist, NumberlistItem};

#[derive(Debug, Clone)]
pub struct NumberlistRecord {
    /// An integer, as the real server's.
    pub id: String,
    pub customer: CustomerId,
    pub attributes: Numberlist,
    /// In the API access's `allow_outgoing_numberlists_ids` and used by one of the customer's
    /// trunks: only then does the customer see the list and edit its items.
    pub allowed: bool,
    /// The accounts whose trunks use the list.
    pub used_by: UsedBy,
}

impl NumberlistRecord {
    /// Whether the viewer sees the list and may edit its items: allowed to its access, its
    /// customer's, and used by a trunk of an account it may see.
    pub fn in_scope_of(&self, viewer: Viewer) -> bool {
        self.allowed && self.customer == viewer.customer && self.used_by.reached_by(viewer)
    }
}

#[derive(Debug, Clone)]
pub struct NumberlistItemRecord {
    /// An integer, as the real server's.
    pub id: String,
    /// The id of the list the item is in.
    pub numberlist: String,
    pub customer: CustomerId,
    /// Its list is in the customer's scope (see [`NumberlistRecord::allowed`]); lists never
    /// change, so neither does this.
    pub in_allowed_list: bool,
    pub attributes: NumberlistItem,
}

/// Every list's items, and the id the next one gets.
#[derive(Debug, Clone, Default)]
pub struct NumberlistItems {
    pub rows: Vec<NumberlistItemRecord>,
    pub next_id: u64,
}

impl NumberlistItems {
    /// A fresh id: never one used before, even by a deleted item.
    pub fn take_id(&mut self) -> String {
        self.next_id += 1;
        self.next_id.to_string()
    }
}
