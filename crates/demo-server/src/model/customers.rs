//! The customers of the data set: who signs in, and which portal sections each may see.

use crate::model::portal_access::PortalAccess;

pub type CustomerId = u32;

/// The customer that signs in with `demo` / `demo`.
pub const DEMO_CUSTOMER: CustomerId = 1;
/// A second customer (`other` / `other`) whose data the demo customer must never see.
pub const OTHER_CUSTOMER: CustomerId = 2;

/// Login of the demo customer.
pub const DEMO_LOGIN: &str = "demo";
/// Password of the demo customer.
pub const DEMO_PASSWORD: &str = "demo";

#[derive(Debug, Clone)]
pub struct Customer {
    pub id: CustomerId,
    pub login: String,
    pub password: String,
    pub name: String,
    /// The flags `GET /profiles` answers.
    pub portal_access: PortalAccess,
    /// The portal access profile's `allow_listen_recording`: not a `GET /profiles` flag, but
    /// what `GET /auth` answers as `allow-rec`, what makes a CDR's `rec` true and what lets
    /// `GET /cdrs/:id/rec` answer the recording (the one profile setting the real server
    /// enforces).
    pub allow_listen_recording: bool,
    /// The rate plan (a UUID) all the customer's rates belong to: what the `rateplan-id` and
    /// `account-id` filters of rates select by.
    pub rateplan_id: String,
}
