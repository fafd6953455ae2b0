//! The whole data set in memory: customers, their records and the global reference data,
//! with the look-ups every layer above needs.

use crate::model::customers::{Customer, CustomerId, LimitedLogin, Viewer};
use crate::model::money::{InvoiceRecord, PaymentRecord, TransactionRecord};
use crate::model::numberlists::{NumberlistItems, NumberlistRecord};
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord, RateRecord,
    RateplanRecord, ServiceRecord,
};
use crate::model::rows::PlainRows;
use chrono::{DateTime, Duration, Utc};
use std::sync::RwLock;

/// How far back before start-up the call history reaches, and with it the service charges,
/// payments and invoices made to go with it.
pub const HISTORY_DAYS: i64 = 60;

/// The first instant of the history of a data set started at `started_at`.
pub fn history_start(started_at: DateTime<Utc>) -> DateTime<Utc> {
    started_at - Duration::days(HISTORY_DAYS)
}

#[derive(Debug)]
pub struct DataSet {
    pub seed: u64,
    /// Start-up time; seeded timestamps are placed relative to it.
    pub started_at: DateTime<Utc>,
    pub customers: Vec<Customer>,
    /// Logins limited to some of their customer's accounts (seeded only; data files have
    /// none).
    pub limited_logins: Vec<LimitedLogin>,
    pub accounts: Vec<AccountRecord>,
    /// The records of the plain collections (network types, …): see `crate::seeded::plain`.
    pub plain: PlainRows,
    pub networks: Vec<NetworkRecord>,
    pub network_prefixes: Vec<NetworkPrefixRecord>,
    pub countries: Vec<CountryRecord>,
    pub services: Vec<ServiceRecord>,
    pub rateplans: Vec<RateplanRecord>,
    pub rates: Vec<RateRecord>,
    /// Mutable: exports are created through the API.
    pub cdr_exports: RwLock<Vec<CdrExportRecord>>,
    /// Charges for the services, derived from them: never given, never changed.
    pub transactions: Vec<TransactionRecord>,
    /// Invoices of the months of the history that ended before start-up, derived.
    pub invoices: Vec<InvoiceRecord>,
    /// Mutable: top-ups are created, paid and canceled through the API and the provider's page.
    pub payments: RwLock<Vec<PaymentRecord>>,
    /// The customers' number lists (seeded only; data files have none).
    pub numberlists: Vec<NumberlistRecord>,
    /// Mutable: the customer adds, changes and deletes items through the API.
    pub numberlist_items: RwLock<NumberlistItems>,
    /// CDR attributes the operator hides (the real server's
    /// `api.customer.outgoing_cdr_hide_fields` and `incoming_cdr_hide_fields`): they leave
    /// CDR payloads and export files. A setting of the server, not of the data, so data files
    /// do not keep it.
    pub hidden_cdr_fields: Vec<String>,
    /// The attributes `GET /profiles` answers for the first customer's own login (`demo` in
    /// the seeded data) in place of its profile (`--profile FILE`), verbatim: any combination
    /// of flags, with flags left out (an older server) or unknown (a newer one). A setting of
    /// the server, not of the data.
    pub served_profile: Option<serde_json::Map<String, serde_json::Value>>,
}

impl DataSet {
    /// A data set of no records, to be filled in.
    pub fn empty(seed: u64, started_at: DateTime<Utc>) -> DataSet {
        DataSet {
            seed,
            started_at,
            customers: Vec::new(),
            limited_logins: Vec::new(),
            accounts: Vec::new(),
            plain: PlainRows::default(),
            networks: Vec::new(),
            network_prefixes: Vec::new(),
            countries: Vec::new(),
            services: Vec::new(),
            rateplans: Vec::new(),
            rates: Vec::new(),
            cdr_exports: RwLock::default(),
            transactions: Vec::new(),
            invoices: Vec::new(),
            payments: RwLock::default(),
            numberlists: Vec::new(),
            numberlist_items: RwLock::default(),
            hidden_cdr_fields: Vec::new(),
            served_profile: None,
        }
    }

    /// The enabled rates that do not reject calls of the rate plan at `rateplan`: what the
    /// calls of its customer's accounts are priced with.
    pub fn usable_rates(rates: &[RateRecord], rateplan: usize) -> Vec<usize> {
        rates
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.rateplan == rateplan && r.attributes.enabled && !r.attributes.reject_calls
            })
            .map(|(index, _)| index)
            .collect()
    }

    /// The index of the rate plan with this id (any customer's: the real server's check-rate
    /// finds plans without scoping).
    pub fn rateplan_by_id(&self, id: &str) -> Option<usize> {
        self.rateplans
            .iter()
            .position(|p| p.id.eq_ignore_ascii_case(id.trim()))
    }

    /// The rates of a plan that check-rate answers for `number`, as the real server's query
    /// picks them: enabled, valid now, their prefix starting the number (whatever its
    /// length), and of those only the longest prefix of each set of routing tags (ties all
    /// kept); longest first.
    pub fn matching_rates(
        &self,
        rateplan: usize,
        number: &str,
        now: DateTime<Utc>,
    ) -> Vec<&RateRecord> {
        let applying: Vec<&RateRecord> = self
            .rates
            .iter()
            .filter(|r| r.rateplan == rateplan)
            .filter(|r| {
                let a = &r.attributes;
                a.enabled
                    && number.starts_with(&a.prefix)
                    && a.valid_from <= now
                    && a.valid_till.is_none_or(|till| now <= till)
            })
            .collect();
        let longest_of_its_tags = |rate: &&RateRecord| {
            applying
                .iter()
                .filter(|other| other.routing_tags == rate.routing_tags)
                .all(|other| other.attributes.prefix.len() <= rate.attributes.prefix.len())
        };
        let mut found: Vec<&RateRecord> = applying
            .iter()
            .copied()
            .filter(longest_of_its_tags)
            .collect();
        found.sort_by_key(|r| std::cmp::Reverse(r.attributes.prefix.len()));
        found
    }

    /// The country whose calling code is the longest one `number` starts with.
    pub fn country_of_number(countries: &[CountryRecord], number: &str) -> Option<usize> {
        countries
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.calling_code.is_empty() && number.starts_with(&c.calling_code))
            .max_by_key(|(_, c)| c.calling_code.len())
            .map(|(index, _)| index)
    }

    pub fn customer_by_login(&self, login: &str) -> Option<&Customer> {
        self.customers.iter().find(|c| c.login == login)
    }

    pub fn customer(&self, id: CustomerId) -> Option<&Customer> {
        self.customers.iter().find(|c| c.id == id)
    }

    /// The viewer a login and password sign in as: a customer's own login, or a limited one.
    pub fn sign_in(&self, login: &str, password: &str) -> Option<Viewer> {
        let own = self
            .customer_by_login(login)
            .filter(|c| same_secret(&c.password, password))
            .map(|c| Viewer::whole(c.id));
        own.or_else(|| {
            let index = self
                .limited_logins
                .iter()
                .position(|l| l.login == login && same_secret(&l.password, password))?;
            self.limited_viewer(index)
        })
    }

    /// The viewer of the limited login at this index, while its customer exists.
    pub fn limited_viewer(&self, index: usize) -> Option<Viewer> {
        let login = self.limited_logins.get(index)?;
        self.customer(login.customer)?;
        Some(Viewer {
            customer: login.customer,
            accounts: login.accounts,
            limited_login: Some(index),
        })
    }

    /// Whether the viewer may see the account at this index.
    pub fn sees_account(&self, viewer: Viewer, account: usize) -> bool {
        self.accounts
            .get(account)
            .is_some_and(|a| viewer.sees_account(a.customer, account))
    }

    /// The index of an account the viewer may see, by id.
    pub fn own_account(&self, viewer: Viewer, id: &str) -> Option<usize> {
        self.accounts
            .iter()
            .position(|a| a.id.eq_ignore_ascii_case(id.trim()))
            .filter(|&account| self.sees_account(viewer, account))
    }

    /// The index of the country with this id (an integer: `01` is `1`).
    pub fn country_by_id(&self, id: &str) -> Option<usize> {
        let wanted = id.trim().parse::<u64>().ok()?;
        self.countries
            .iter()
            .position(|c| c.id.trim().parse::<u64>() == Ok(wanted))
    }
}

/// The indexes of the accounts with these names.
pub fn accounts_named(accounts: &[AccountRecord], names: &[&str]) -> Vec<usize> {
    (0..accounts.len())
        .filter(|&a| names.contains(&accounts[a].attributes.name.as_str()))
        .collect()
}

/// Compares a password in time independent of where they differ.
fn same_secret(expected: &str, given: &str) -> bool {
    expected.len() == given.len()
        && expected
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |differs, (a, b)| differs | (a ^ b))
            == 0
}
