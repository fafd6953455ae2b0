//! The customers of the data set: who signs in, and which portal sections each may see.

use crate::model::portal_access::PortalAccess;

pub type CustomerId = u32;

/// The customer that signs in with `demo` / `demo`.
pub const DEMO_CUSTOMER: CustomerId = 1;
/// A second customer (`other` / `other`) whose data the demo customer must never see.
pub const OTHER_CUSTOMER: CustomerId = 2;

/// Login (and password) of the demo customer's access limited to two of its accounts.
pub const LIMITED_LOGIN: &str = "demo-limited";

/// Login (and password) of the demo customer's access whose profile withholds the price and
/// the ACD from its statistics (`PortalAccess::without_prices_and_acd`): what an operator who
/// hides them sees of the portal.
pub const RESTRICTED_LOGIN: &str = "demo-restricted";

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

/// A second login (API access) of a customer, limited to some of its accounts (the real
/// server's `api_access.account_ids`: it sees those accounts and only what hangs off them) or
/// with an access profile of its own (the real server's profile is an API access's).
#[derive(Debug, Clone)]
pub struct LimitedLogin {
    pub login: String,
    pub password: String,
    pub customer: CustomerId,
    /// The accounts it may see, as indexes into the data set's accounts.
    pub accounts: AccountScope,
    /// Its own `GET /profiles` flags; `None`: its customer's.
    pub portal_access: Option<PortalAccess>,
}

/// The accounts an API access may see: every account of its customer, or the ones of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountScope {
    All,
    /// Account indexes as bits (so a scope stays `Copy`): a limited login names accounts among
    /// the first 64 of the data set.
    Only(u64),
}

impl AccountScope {
    /// The scope of exactly these account indexes; `None` when one is beyond the first 64.
    pub fn only(accounts: &[usize]) -> Option<AccountScope> {
        accounts
            .iter()
            .try_fold(0u64, |bits, &account| {
                u32::try_from(account)
                    .ok()
                    .and_then(|shift| 1u64.checked_shl(shift))
                    .map(|bit| bits | bit)
            })
            .map(AccountScope::Only)
    }

    pub fn includes(self, account: usize) -> bool {
        match self {
            AccountScope::All => true,
            AccountScope::Only(bits) => u32::try_from(account)
                .ok()
                .and_then(|shift| 1u64.checked_shl(shift))
                .is_some_and(|bit| bits & bit != 0),
        }
    }
}

/// Who a request acts for: the signed-in customer, the accounts its API access may see, and
/// which login that is (the token's subject).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    pub customer: CustomerId,
    pub accounts: AccountScope,
    /// Index into the data set's limited logins; `None` for the customer's own login.
    pub limited_login: Option<usize>,
}

impl Viewer {
    /// The customer's own login, which sees every account of the customer.
    pub fn whole(customer: CustomerId) -> Viewer {
        Viewer {
            customer,
            accounts: AccountScope::All,
            limited_login: None,
        }
    }

    /// Whether the account at this index is the viewer's: its customer's and in its scope.
    pub fn sees_account(self, account_customer: CustomerId, account: usize) -> bool {
        account_customer == self.customer && self.accounts.includes(account)
    }
}

/// The accounts whose authorizations (trunks) use a rate plan or a number list: a login limited
/// to some accounts reaches only what their authorizations use (the real server joins through
/// `customers_auths`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum UsedBy {
    /// Every account of the customer (the default, and what a data file's plans are).
    #[default]
    EveryAccount,
    /// These account indexes.
    Accounts(Vec<usize>),
}

impl UsedBy {
    /// Whether the viewer reaches it through one of the accounts it may see.
    pub fn reached_by(&self, viewer: Viewer) -> bool {
        match self {
            UsedBy::EveryAccount => true,
            UsedBy::Accounts(accounts) => accounts.iter().any(|&a| viewer.accounts.includes(a)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_includes_exactly_its_accounts() {
        let scope = AccountScope::only(&[0, 1, 63]).expect("scope");
        assert!(scope.includes(0) && scope.includes(1) && scope.includes(63));
        assert!(!scope.includes(2) && !scope.includes(64));
        assert!(AccountScope::only(&[64]).is_none());
        assert!(AccountScope::All.includes(1000));
    }

    #[test]
    fn a_limited_viewer_reaches_what_its_accounts_use() {
        let limited = Viewer {
            accounts: AccountScope::only(&[0, 1]).expect("scope"),
            limited_login: Some(0),
            ..Viewer::whole(DEMO_CUSTOMER)
        };
        assert!(UsedBy::EveryAccount.reached_by(limited));
        assert!(UsedBy::Accounts(vec![1, 3]).reached_by(limited));
        assert!(!UsedBy::Accounts(vec![2, 3]).reached_by(limited));
        assert!(!UsedBy::Accounts(Vec::new()).reached_by(limited));
        assert!(UsedBy::Accounts(vec![3]).reached_by(Viewer::whole(DEMO_CUSTOMER)));
        assert!(limited.sees_account(DEMO_CUSTOMER, 1));
        assert!(!limited.sees_account(DEMO_CUSTOMER, 2));
        assert!(!limited.sees_account(OTHER_CUSTOMER, 0));
    }
}
