//! The data file: a whole data set as JSON (format `demo-server-data/1`), so a demo can show
//! one's own customers, accounts, services, rates and CDR exports instead of the seeded ones.
//! `demo-server --dump-data FILE` writes the seeded data set in this format: the format's
//! complete example, and a file to start editing from.
//!
//! Every record is `{"id": …, "attributes": {…}}` with the attributes exactly as the API sends
//! them (so a real server's answer can be pasted in); ids are UUIDs and may be left out (they
//! are then made from the seed). Customers own their accounts and rates; accounts own their
//! services, CDR exports and payments. `reference-data` (countries, network types, networks,
//! network prefixes) is optional: without it the seeded tables serve. Service charges and
//! invoices are always derived (from the services and the call history), never given.
//!
//! Statistics, charts and export rows of loaded accounts come from the same synthetic call
//! history as the seeded ones, shaped by each account's optional `traffic` profile and priced
//! with its customer's enabled rates that do not reject calls. A Completed or Deleted export's
//! `rows-count` is always counted from that history, so it matches the download.

use crate::model::customers::{Customer, CustomerId, UsedBy};
use crate::model::data_set::DataSet;
use crate::model::money::{CurrentBalance, Payment, PaymentRecord, PaymentStatus};
use crate::model::portal_access::PortalAccess;
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord, RateRecord,
    RateplanRecord, ServiceRecord, TrafficProfile,
};
use crate::model::rows::{Owner, Row};
use crate::seeded::generate::{ReferenceData as ReferenceRecords, seeded_reference_data};
use crate::seeded::money::{invoices, service_charges};
use crate::seeded::plain::{self, Seeding};
use crate::seeded::random::uuid;
use crate::seeded::reference_tables::COUNTRIES;
use api_model::catalog::{
    AttributeValue, Attributes, Collection, Conditions, IdKind, Kind, is_uuid,
};
use api_model::resources::{
    Account, CdrExport, Country, Network, NetworkPrefix, NetworkType, Rate, Rateplan, Service,
    api_time,
};
use api_model::stats::parse_time;
use chrono::{DateTime, Duration, DurationRound, Utc};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The value of `format`.
pub const FORMAT: &str = "demo-server-data/1";
/// Limits of a traffic profile, so that one account cannot make every request slow.
const MAX_PEAK_CALLS_PER_MINUTE: u64 = 1000;
const MAX_MEAN_DURATION: u64 = 1800;
/// The smallest payment, as the real server's top-up takes.
const MIN_PAYMENT: Decimal = Decimal::from_parts(1, 0, 0, false, 2);

/// A whole data set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DataFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// When the file's times were current. When given, every time in the file (service and
    /// rate dates, exports and their filters) moves forward by the time passed since, so a
    /// dump keeps looking recent; leave it out to keep the times as written.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "api_time::option::serialize"
    )]
    pub time_base: Option<DateTime<Utc>>,
    pub customers: Vec<CustomerEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_data: Option<ReferenceData>,
}

/// A customer: how it signs in, what its portal may show, what it owns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CustomerEntry {
    pub login: String,
    pub password: String,
    #[serde(default)]
    pub name: String,
    /// The flags of `GET /profiles`; each may be left out.
    #[serde(default)]
    pub portal_access: PortalAccess,
    /// Whether the customer may listen to call recordings (`GET /auth`'s `allow-rec`, a CDR's
    /// `rec`); not allowed when left out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub allow_listen_recording: bool,
    /// The rate plan of `rates` (a UUID), which prices the customer's calls; made from the
    /// seed when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rateplan_id: Option<String>,
    /// That plan's name; the customer's name and "standard" when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rateplan_name: Option<String>,
    #[serde(default)]
    pub accounts: Vec<AccountEntry>,
    #[serde(default)]
    pub rates: Vec<Entry<Rate>>,
    /// The customer's other rate plans, each with its rates: listed and looked up in
    /// (`check-rate`), not pricing its calls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_rateplans: Vec<RateplanEntry>,
}

/// A rate plan with its rates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RateplanEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub attributes: Rateplan,
    #[serde(default)]
    pub rates: Vec<Entry<Rate>>,
}

/// A record with an optional id and the API's attributes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Entry<A> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub attributes: A,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct AccountEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub attributes: Account,
    /// Filterable on the real server although not sent as attributes.
    #[serde(
        default,
        deserialize_with = "api_model::number::optional_decimal",
        skip_serializing_if = "Option::is_none"
    )]
    pub balance_low_threshold: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "api_model::number::optional_decimal",
        skip_serializing_if = "Option::is_none"
    )]
    pub balance_high_threshold: Option<Decimal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_call_duration: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_id: Option<i64>,
    /// How the account's synthetic calls look; a modest default when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traffic: Option<Traffic>,
    #[serde(default)]
    pub services: Vec<Entry<Service>>,
    #[serde(default)]
    pub cdr_exports: Vec<Entry<CdrExport>>,
    /// Payments with their attributes as the API sends them, plus `rolledback-at` for one the
    /// API hides. `currency` and `balance-before-payment` may be given (a pasted answer has
    /// them) but are always worked out: the account's currency, and the balance history.
    #[serde(default)]
    pub payments: Vec<Entry<Payment>>,
}

/// The shape of an account's synthetic calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Traffic {
    /// Calls per minute at the busiest hour of a weekday (up to 3 decimals).
    #[serde(deserialize_with = "api_model::number::decimal")]
    pub peak_calls_per_minute: Decimal,
    /// Share of answered calls, percent (one decimal counts).
    #[serde(deserialize_with = "api_model::number::decimal")]
    pub asr_percent: Decimal,
    /// Mean duration of an answered call, seconds.
    pub mean_duration_seconds: u64,
    /// Source number prefixes the calls come from.
    pub src_prefixes: Vec<String>,
    /// ISO 3166 alpha-2 code of the calls' source country.
    pub src_country: String,
    /// Originating IP addresses (`auth-orig-ip`).
    pub orig_ips: Vec<String>,
}

impl Default for Traffic {
    fn default() -> Traffic {
        Traffic {
            peak_calls_per_minute: Decimal::from(5),
            asr_percent: Decimal::from(75),
            mean_duration_seconds: 120,
            src_prefixes: Vec::new(),
            src_country: String::new(),
            orig_ips: Vec::new(),
        }
    }
}

/// Global reference data; ids are required here, since records refer to each other by id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ReferenceData {
    pub countries: Vec<CountryEntry>,
    pub network_types: Vec<Entry<NetworkType>>,
    pub networks: Vec<NetworkEntry>,
    pub network_prefixes: Vec<NetworkPrefixEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CountryEntry {
    pub id: String,
    pub attributes: Country,
    /// E.164 calling code, digits only.
    pub calling_code: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct NetworkEntry {
    pub id: String,
    pub attributes: Network,
    pub network_type_id: String,
    pub country_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct NetworkPrefixEntry {
    pub id: String,
    pub attributes: NetworkPrefix,
    pub network_id: String,
}

/// Collects the problems of a data file, each with where it is, and the ids seen so far.
#[derive(Default)]
struct Checks {
    problems: Vec<String>,
    ids: HashMap<&'static str, HashSet<String>>,
}

impl Checks {
    fn check(&mut self, ok: bool, at: &str, what: impl std::fmt::Display) {
        if !ok {
            self.problems.push(format!("{at}: {what}"));
        }
    }

    /// An id of a record of `kind` (a collection's path), when one is given: of the kind's
    /// form, and not used before by another of the kind.
    fn id(&mut self, kind: &'static str, at: &str, id: Option<&str>) {
        let Some(id) = id else {
            return;
        };
        let id_kind = id_kind(kind);
        let what = match id_kind {
            IdKind::Uuid => "a UUID",
            IdKind::Integer => "an integer",
        };
        self.check(id_kind.accepts(id), at, format!("id {id:?} is not {what}"));
        let fresh = self
            .ids
            .entry(kind)
            .or_default()
            .insert(id_key(id_kind, id));
        self.check(fresh, at, format!("id {id} is used twice"));
    }

    /// Records of a list (`accounts[0].services`): their ids, and that every word of a known
    /// set (a payment's `status`) is one of its declared words.
    fn entries<A: Attributes>(&mut self, at: &str, entries: &[Entry<A>]) {
        let collection = A::COLLECTION;
        for (i, entry) in entries.iter().enumerate() {
            let at = format!("{at}.{}[{i}]", collection.path());
            self.id(collection.path(), &at, entry.id.as_deref());
            self.words(&at, &entry.attributes);
        }
    }

    fn words<A: Attributes>(&mut self, at: &str, attributes: &A) {
        for field in A::COLLECTION.spec().fields {
            let (Kind::Choice(words), Some(AttributeValue::Text(word))) =
                (field.kind, attributes.get(field.name))
            else {
                continue;
            };
            self.check(
                words.contains(&word),
                at,
                format!("{} {word:?} is not one of {}", field.name, words.join(", ")),
            );
        }
    }

    fn result(self) -> Result<(), String> {
        let problems = self.problems;
        match problems.len() {
            0 => Ok(()),
            1..=20 => Err(problems.join("; ")),
            n => Err(format!(
                "{}; … and {} more",
                problems[..20].join("; "),
                n - 20
            )),
        }
    }
}

/// The kind of id records of a type have (`countries` have integers, the rest UUIDs).
fn id_kind(kind: &str) -> IdKind {
    Collection::from_path(kind).map_or(IdKind::Uuid, |c| c.spec().id)
}

/// An id as the data set compares it: integers by value, UUIDs in any case.
fn id_key(kind: IdKind, id: &str) -> String {
    match kind {
        IdKind::Integer => id
            .trim()
            .parse::<u64>()
            .map_or(id.to_owned(), |n| n.to_string()),
        IdKind::Uuid => id.trim().to_lowercase(),
    }
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

impl DataFile {
    /// Reads and checks a data file.
    pub fn load(path: &Path) -> Result<DataFile, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        DataFile::from_json(&text).map_err(|error| format!("{}: {error}", path.display()))
    }

    /// Parses and checks a data file's text.
    pub fn from_json(text: &str) -> Result<DataFile, String> {
        let file: DataFile = serde_json::from_str(text).map_err(|error| error.to_string())?;
        file.validate()?;
        Ok(file)
    }

    pub fn to_json_pretty(&self) -> String {
        // Plain data with string keys: serializing cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Everything [`DataSet::from_file`] relies on: the format, unique logins, ids that are
    /// UUIDs and unique per type, references that resolve, words of the declared sets, traffic
    /// within bounds.
    pub fn validate(&self) -> Result<(), String> {
        let mut checks = Checks::default();
        checks.check(
            self.format == FORMAT,
            "format",
            format!("must be {FORMAT:?}, not {:?}", self.format),
        );
        checks.check(!self.customers.is_empty(), "customers", "none given");
        let country_codes: HashSet<String> = match &self.reference_data {
            Some(reference) => reference.validate(&mut checks),
            None => COUNTRIES.iter().map(|c| c.iso2.to_owned()).collect(),
        };
        let mut logins = HashSet::new();
        for (c, customer) in self.customers.iter().enumerate() {
            let at = format!("customers[{c}]");
            checks.check(
                logins.insert(customer.login.as_str()),
                &at,
                format!("login {:?} is used twice", customer.login),
            );
            customer.validate(&at, &mut checks);
            for (a, account) in customer.accounts.iter().enumerate() {
                account.validate(&format!("{at}.accounts[{a}]"), &mut checks, &country_codes);
            }
        }
        checks.result()
    }
}

impl ReferenceData {
    /// Checks the reference data's ids and references; answers its countries' codes.
    fn validate(&self, checks: &mut Checks) -> HashSet<String> {
        let lowered = |ids: Vec<&str>| -> HashSet<String> {
            ids.into_iter().map(str::to_lowercase).collect()
        };
        let country_ids: HashSet<String> = self
            .countries
            .iter()
            .map(|c| id_key(IdKind::Integer, &c.id))
            .collect();
        let type_ids = lowered(
            self.network_types
                .iter()
                .filter_map(|t| t.id.as_deref())
                .collect(),
        );
        let network_ids = lowered(self.networks.iter().map(|n| n.id.as_str()).collect());
        for (i, country) in self.countries.iter().enumerate() {
            let at = format!("reference-data.countries[{i}]");
            checks.id("countries", &at, Some(&country.id));
            let digits = is_digits(&country.calling_code);
            checks.check(digits, &at, "calling-code must be digits");
        }
        for (i, network_type) in self.network_types.iter().enumerate() {
            let at = format!("reference-data.network-types[{i}]");
            checks.check(network_type.id.is_some(), &at, "id is required");
        }
        checks.entries("reference-data", &self.network_types);
        for (i, network) in self.networks.iter().enumerate() {
            let at = format!("reference-data.networks[{i}]");
            checks.id("networks", &at, Some(&network.id));
            let known_type = type_ids.contains(&network.network_type_id.to_lowercase());
            checks.check(known_type, &at, "network-type-id names no network type");
            let country = id_key(IdKind::Integer, &network.country_id);
            let known_country = country_ids.contains(&country);
            checks.check(known_country, &at, "country-id names no country");
        }
        for (i, prefix) in self.network_prefixes.iter().enumerate() {
            let at = format!("reference-data.network-prefixes[{i}]");
            checks.id("network-prefixes", &at, Some(&prefix.id));
            let known = network_ids.contains(&prefix.network_id.to_lowercase());
            checks.check(known, &at, "network-id names no network");
        }
        self.countries
            .iter()
            .filter_map(|c| c.attributes.iso2.clone())
            .collect()
    }
}

impl CustomerEntry {
    /// Its sign-in, its rate plans and their rates (not its accounts).
    fn validate(&self, at: &str, checks: &mut Checks) {
        checks.check(!self.login.is_empty(), at, "login is empty");
        checks.check(!self.password.is_empty(), at, "password is empty");
        if let Some(rateplan) = &self.rateplan_id {
            let uuid = is_uuid(rateplan);
            checks.check(uuid, at, format!("rateplan-id {rateplan:?} is not a UUID"));
            if uuid {
                checks.id("rateplans", at, Some(rateplan));
            }
        }
        checks.entries(at, &self.rates);
        for (p, plan) in self.more_rateplans.iter().enumerate() {
            let at = format!("{at}.more-rateplans[{p}]");
            checks.id("rateplans", &at, plan.id.as_deref());
            checks.entries(&at, &plan.rates);
        }
    }
}

impl AccountEntry {
    fn validate(&self, at: &str, checks: &mut Checks, country_codes: &HashSet<String>) {
        checks.id("accounts", at, self.id.as_deref());
        checks.entries(at, &self.services);
        checks.entries(at, &self.cdr_exports);
        checks.entries(at, &self.payments);
        for (p, payment) in self.payments.iter().enumerate() {
            validate_payment(&format!("{at}.payments[{p}]"), &payment.attributes, checks);
        }
        if let Some(traffic) = &self.traffic {
            traffic.validate(&format!("{at}.traffic"), checks, country_codes);
        }
    }
}

/// What the real server lets a payment be.
fn validate_payment(at: &str, payment: &Payment, checks: &mut Checks) {
    checks.check(
        payment.amount >= MIN_PAYMENT,
        at,
        format!("amount must be at least {MIN_PAYMENT}"),
    );
    checks.check(
        payment
            .rolledback_at
            .is_none_or(|t| t >= payment.created_at),
        at,
        "rolledback-at must not be before created-at",
    );
    checks.check(
        payment.rolledback_at.is_none() || payment.status == PaymentStatus::Completed,
        at,
        "only a completed payment can be rolled back",
    );
}

impl Traffic {
    fn validate(&self, at: &str, checks: &mut Checks, country_codes: &HashSet<String>) {
        let peak = self.peak_calls_per_minute;
        checks.check(
            peak >= Decimal::ZERO && peak <= Decimal::from(MAX_PEAK_CALLS_PER_MINUTE),
            at,
            format!("peak-calls-per-minute must be 0 to {MAX_PEAK_CALLS_PER_MINUTE}"),
        );
        let asr = self.asr_percent;
        checks.check(
            asr >= Decimal::ZERO && asr <= Decimal::from(100),
            at,
            "asr-percent must be 0 to 100",
        );
        checks.check(
            (1..=MAX_MEAN_DURATION).contains(&self.mean_duration_seconds),
            at,
            format!("mean-duration-seconds must be 1 to {MAX_MEAN_DURATION}"),
        );
        checks.check(
            self.src_prefixes.iter().all(|p| is_digits(p)),
            at,
            "src-prefixes must be digits",
        );
        checks.check(
            self.src_country.is_empty() || country_codes.contains(&self.src_country),
            at,
            format!("src-country {:?} is no country's iso2", self.src_country),
        );
    }
}

/// Moves the times of a file by `shift`.
struct TimeShift(Duration);

impl TimeShift {
    fn time(&self, time: DateTime<Utc>) -> DateTime<Utc> {
        time.checked_add_signed(self.0).unwrap_or(time)
    }

    /// Every time attribute of a record.
    fn attributes<A: Attributes>(&self, attributes: &A) -> A {
        let mut moved = attributes.clone();
        for time in moved.times_mut() {
            *time = self.time(*time);
        }
        moved
    }

    /// Time values among an export's filters, kept in the form they were written in.
    fn filters(&self, filters: &Conditions) -> Conditions {
        filters
            .iter()
            .map(|(key, value)| {
                let shifted = value
                    .as_str()
                    .filter(|_| key.starts_with("time_"))
                    .and_then(parse_time)
                    .map(|time| {
                        let moved = self.time(time);
                        let text = value.as_str().unwrap_or("");
                        if text.contains('T') {
                            api_time::format(&moved)
                        } else {
                            api_model::stats::server_time(&moved)
                        }
                    });
                (
                    key.clone(),
                    shifted.map_or_else(|| value.clone(), Value::from),
                )
            })
            .collect()
    }
}

/// Per mille from a decimal scaled by `factor`, rounded; negative or huge values are clamped.
fn scaled(value: Decimal, factor: i64) -> u64 {
    (value * Decimal::from(factor))
        .round()
        .to_u64()
        .unwrap_or(0)
}

/// The records of a data file as they are made, customer by customer.
struct Loading<'a> {
    seed: u64,
    shift: TimeShift,
    countries: &'a [CountryRecord],
    set: DataSet,
}

impl Loading<'_> {
    /// The record's id in the file, else one from the seed.
    fn id(&self, id: &Option<String>, kind: &str, index: usize) -> String {
        id.clone()
            .unwrap_or_else(|| file_uuid(self.seed, kind, index))
    }

    /// A customer, its rate plans (the one its calls are priced with first) and their rates.
    fn customer(&mut self, c: usize, entry: &CustomerEntry) {
        let customer = customer_id(c);
        let rateplan_id = self.id(&entry.rateplan_id, "rateplans", c);
        let standard = RateplanEntry {
            id: Some(rateplan_id.clone()),
            attributes: Rateplan {
                name: entry
                    .rateplan_name
                    .clone()
                    .unwrap_or_else(|| format!("{} standard", entry.name).trim().to_owned()),
            },
            rates: entry.rates.clone(),
        };
        self.set.customers.push(Customer {
            id: customer,
            login: entry.login.clone(),
            password: entry.password.clone(),
            name: entry.name.clone(),
            portal_access: entry.portal_access,
            allow_listen_recording: entry.allow_listen_recording,
            rateplan_id,
        });
        for plan in std::iter::once(&standard).chain(&entry.more_rateplans) {
            let rateplan = self.set.rateplans.len();
            self.set.rateplans.push(RateplanRecord {
                id: self.id(&plan.id, "rateplans", rateplan),
                customer,
                attributes: plan.attributes.clone(),
                used_by: UsedBy::EveryAccount,
            });
            for rate in &plan.rates {
                let attributes = self.shift.attributes(&rate.attributes);
                self.set.rates.push(RateRecord {
                    id: self.id(&rate.id, "rates", self.set.rates.len()),
                    customer,
                    rateplan,
                    country: DataSet::country_of_number(self.countries, &attributes.prefix),
                    routing_tags: Vec::new(),
                    attributes,
                });
            }
        }
    }

    /// An account of the customer at `c`, with its services, exports and payments; its calls
    /// are priced with the customer's standard plan.
    fn account(&mut self, c: usize, entry: &AccountEntry) {
        let customer = customer_id(c);
        let index = self.set.accounts.len();
        let standard = self
            .set
            .customers
            .get(c)
            .and_then(|cu| self.set.rateplan_by_id(&cu.rateplan_id))
            .unwrap_or(usize::MAX);
        let traffic = self.traffic(
            index,
            &entry.traffic.clone().unwrap_or_default(),
            DataSet::usable_rates(&self.set.rates, standard),
        );
        self.set.accounts.push(AccountRecord {
            id: self.id(&entry.id, "accounts", index),
            customer,
            balance: CurrentBalance::new(entry.attributes.balance),
            attributes: entry.attributes.clone(),
            balance_low_threshold: entry.balance_low_threshold,
            balance_high_threshold: entry.balance_high_threshold,
            max_call_duration: entry.max_call_duration,
            external_id: entry.external_id,
            traffic,
        });
        for service in &entry.services {
            self.set.services.push(ServiceRecord {
                id: self.id(&service.id, "services", self.set.services.len()),
                customer,
                account: index,
                attributes: self.shift.attributes(&service.attributes),
            });
        }
        self.exports(customer, index, &entry.cdr_exports);
        self.payments(customer, index, entry);
    }

    fn exports(&mut self, customer: CustomerId, account: usize, entries: &[Entry<CdrExport>]) {
        let exports = self
            .set
            .cdr_exports
            .get_mut()
            .unwrap_or_else(|p| p.into_inner());
        for export in entries {
            let mut attributes = self.shift.attributes(&export.attributes);
            attributes.filters = self.shift.filters(&attributes.filters);
            let id = export.id.clone();
            let id = id.unwrap_or_else(|| file_uuid(self.seed, "cdr-exports", exports.len()));
            exports.push(CdrExportRecord::settled(id, customer, account, attributes));
        }
    }

    /// An account's payments: in its currency, their balances before worked out again.
    fn payments(&mut self, customer: CustomerId, account: usize, entry: &AccountEntry) {
        let payments = self
            .set
            .payments
            .get_mut()
            .unwrap_or_else(|p| p.into_inner());
        for payment in &entry.payments {
            let mut attributes = self.shift.attributes(&payment.attributes);
            attributes.currency = entry.attributes.currency.clone();
            attributes.balance_before_payment = None;
            let id = payment.id.clone();
            payments.push(PaymentRecord {
                id: id.unwrap_or_else(|| file_uuid(self.seed, "payments", payments.len())),
                customer,
                account,
                credited_before_start: attributes.status == PaymentStatus::Completed,
                attributes,
            });
        }
    }

    /// An account's traffic profile from the file's, within bounds, with defaults for what it
    /// leaves out.
    fn traffic(&self, index: usize, traffic: &Traffic, rates: Vec<usize>) -> TrafficProfile {
        let src_country = self
            .countries
            .iter()
            .position(|c| c.attributes.iso2.as_deref() == Some(&traffic.src_country))
            .unwrap_or(0);
        let calling_code = self
            .countries
            .get(src_country)
            .map_or_else(String::new, |c| c.calling_code.clone());
        let or = |given: &Vec<String>, default: String| {
            if given.is_empty() {
                vec![default]
            } else {
                given.clone()
            }
        };
        TrafficProfile {
            peak_milli_calls: scaled(traffic.peak_calls_per_minute, 1000)
                .min(MAX_PEAK_CALLS_PER_MINUTE * 1000),
            asr_per_mille: scaled(traffic.asr_percent, 10).min(1000),
            mean_duration: traffic.mean_duration_seconds.clamp(1, MAX_MEAN_DURATION),
            src_prefixes: or(&traffic.src_prefixes, calling_code),
            src_country,
            // Documentation addresses (TEST-NET-1).
            ips: or(&traffic.orig_ips, format!("192.0.2.{}", index % 254 + 1)),
            rates,
        }
    }
}

/// The id of the customer at `c` in a file.
fn customer_id(c: usize) -> CustomerId {
    CustomerId::try_from(c + 1).unwrap_or(CustomerId::MAX)
}

/// An id from the seed for the `index`-th record of `kind` a file gives none.
fn file_uuid(seed: u64, kind: &str, index: usize) -> String {
    uuid(seed, &format!("file-{kind}"), index as u64)
}

/// A record as a file has it.
fn entry<A: Clone>(id: &str, attributes: &A) -> Entry<A> {
    Entry {
        id: Some(id.to_owned()),
        attributes: attributes.clone(),
    }
}

impl DataSet {
    /// The data set of a checked data file. Ids left out come from the seed; times move by the
    /// time passed since `time-base`. Never fails: [`DataFile::validate`] has checked what
    /// matters, and anything else falls back to a harmless default.
    pub fn from_file(file: &DataFile, seed: u64, now: DateTime<Utc>) -> DataSet {
        let started_at = now.duration_trunc(Duration::minutes(1)).unwrap_or(now);
        let (countries, networks, network_prefixes) = match &file.reference_data {
            Some(reference) => reference_records(reference),
            None => seeded_reference_data(seed),
        };
        let mut loading = Loading {
            seed,
            shift: TimeShift(
                file.time_base
                    .map_or_else(Duration::zero, |base| started_at - base),
            ),
            countries: &countries,
            set: DataSet::empty(seed, started_at),
        };
        for (c, entry) in file.customers.iter().enumerate() {
            loading.customer(c, entry);
        }
        for (c, entry) in file.customers.iter().enumerate() {
            for account in &entry.accounts {
                loading.account(c, account);
            }
        }
        let mut set = loading.set;
        set.plain = plain::seeded(&Seeding {
            seed,
            started_at,
            accounts: &set.accounts,
        });
        if let Some(reference) = &file.reference_data {
            set.plain.set(network_type_rows(reference));
        }
        set.transactions = service_charges(seed, &set.services, started_at);
        set.invoices = invoices(seed, &set.accounts, started_at);
        DataSet {
            countries,
            networks,
            network_prefixes,
            ..set
        }
    }

    /// The data set as a data file, with every id and the reference data (`time-base` is the
    /// start-up time), balances as they are now. Exports and payments as they stand: settle
    /// them first (`traffic::cdrs::settle_all`, `traffic::billing::settle_all_payments`) for
    /// their `rows-count` and `balance-before-payment`.
    pub fn to_file(&self) -> DataFile {
        let exports = self
            .cdr_exports
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let payments = self
            .payments
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let customers = self
            .customers
            .iter()
            .map(|customer| self.customer_entry(customer, &exports, &payments))
            .collect();
        DataFile {
            format: FORMAT.to_owned(),
            time_base: Some(self.started_at),
            customers,
            reference_data: Some(self.reference_entries()),
        }
    }

    fn customer_entry(
        &self,
        customer: &Customer,
        exports: &[CdrExportRecord],
        payments: &[PaymentRecord],
    ) -> CustomerEntry {
        let standard = self.rateplan_by_id(&customer.rateplan_id);
        CustomerEntry {
            login: customer.login.clone(),
            password: customer.password.clone(),
            name: customer.name.clone(),
            portal_access: customer.portal_access,
            allow_listen_recording: customer.allow_listen_recording,
            rateplan_id: Some(customer.rateplan_id.clone()),
            rateplan_name: standard.map(|p| self.rateplans[p].attributes.name.clone()),
            rates: standard.map(|p| self.rate_entries(p)).unwrap_or_default(),
            more_rateplans: self
                .rateplans
                .iter()
                .enumerate()
                .filter(|(_, p)| p.customer == customer.id && p.id != customer.rateplan_id)
                .map(|(index, plan)| RateplanEntry {
                    id: Some(plan.id.clone()),
                    attributes: plan.attributes.clone(),
                    rates: self.rate_entries(index),
                })
                .collect(),
            accounts: self
                .accounts
                .iter()
                .enumerate()
                .filter(|(_, a)| a.customer == customer.id)
                .map(|(index, account)| self.account_entry(index, account, exports, payments))
                .collect(),
        }
    }

    /// The rates of the plan at `rateplan`, as the file has them.
    fn rate_entries(&self, rateplan: usize) -> Vec<Entry<Rate>> {
        self.rates
            .iter()
            .filter(|r| r.rateplan == rateplan)
            .map(|r| entry(&r.id, &r.attributes))
            .collect()
    }

    fn account_entry(
        &self,
        index: usize,
        account: &AccountRecord,
        exports: &[CdrExportRecord],
        payments: &[PaymentRecord],
    ) -> AccountEntry {
        let traffic = &account.traffic;
        let mut attributes = account.attributes.clone();
        attributes.balance = account.balance.get();
        AccountEntry {
            id: Some(account.id.clone()),
            attributes,
            balance_low_threshold: account.balance_low_threshold,
            balance_high_threshold: account.balance_high_threshold,
            max_call_duration: account.max_call_duration,
            external_id: account.external_id,
            traffic: Some(Traffic {
                peak_calls_per_minute: Decimal::new(
                    i64::try_from(traffic.peak_milli_calls).unwrap_or(0),
                    3,
                )
                .normalize(),
                asr_percent: Decimal::new(i64::try_from(traffic.asr_per_mille).unwrap_or(0), 1)
                    .normalize(),
                mean_duration_seconds: traffic.mean_duration,
                src_prefixes: traffic.src_prefixes.clone(),
                src_country: self
                    .countries
                    .get(traffic.src_country)
                    .and_then(|c| c.attributes.iso2.clone())
                    .unwrap_or_default(),
                orig_ips: traffic.ips.clone(),
            }),
            services: self
                .services
                .iter()
                .filter(|s| s.account == index)
                .map(|s| entry(&s.id, &s.attributes))
                .collect(),
            cdr_exports: exports
                .iter()
                .filter(|e| e.account == index)
                .map(|e| entry(&e.id, &e.attributes))
                .collect(),
            payments: payments
                .iter()
                .filter(|p| p.account == index)
                .map(|p| entry(&p.id, &p.attributes))
                .collect(),
        }
    }

    fn reference_entries(&self) -> ReferenceData {
        let id = |ids: &[String], index: usize| ids.get(index).cloned().unwrap_or_default();
        let country_ids: Vec<String> = self.countries.iter().map(|c| c.id.clone()).collect();
        let network_types = self.plain.rows::<NetworkType>();
        let type_ids: Vec<String> = network_types.iter().map(|t| t.id.clone()).collect();
        let network_ids: Vec<String> = self.networks.iter().map(|n| n.id.clone()).collect();
        ReferenceData {
            countries: self
                .countries
                .iter()
                .map(|c| CountryEntry {
                    id: c.id.clone(),
                    attributes: c.attributes.clone(),
                    calling_code: c.calling_code.clone(),
                })
                .collect(),
            network_types: network_types
                .iter()
                .map(|t| entry(&t.id, &t.attributes))
                .collect(),
            networks: self
                .networks
                .iter()
                .map(|n| NetworkEntry {
                    id: n.id.clone(),
                    attributes: n.attributes.clone(),
                    network_type_id: id(&type_ids, n.network_type),
                    country_id: id(&country_ids, n.country),
                })
                .collect(),
            network_prefixes: self
                .network_prefixes
                .iter()
                .map(|p| NetworkPrefixEntry {
                    id: p.id.clone(),
                    attributes: p.attributes.clone(),
                    network_id: id(&network_ids, p.network),
                })
                .collect(),
        }
    }
}

/// The network types of a file's reference data (validation has made sure each has an id).
fn network_type_rows(reference: &ReferenceData) -> Vec<Row<NetworkType>> {
    reference
        .network_types
        .iter()
        .enumerate()
        .map(|(i, t)| Row {
            id: t.id.clone().unwrap_or_else(|| format!("network-type-{i}")),
            owner: Owner::Everyone,
            attributes: t.attributes.clone(),
        })
        .collect()
}

/// Records of the reference data of a file; references by id become indexes (a dangling one,
/// which validation rules out, becomes index 0).
fn reference_records(reference: &ReferenceData) -> ReferenceRecords {
    let index_of = |ids: Vec<String>| -> HashMap<String, usize> {
        ids.into_iter().enumerate().map(|(i, id)| (id, i)).collect()
    };
    let lowered = |id: &str| id.to_lowercase();
    let country_index = index_of(
        reference
            .countries
            .iter()
            .map(|c| id_key(IdKind::Integer, &c.id))
            .collect(),
    );
    let type_index = index_of(
        reference
            .network_types
            .iter()
            .map(|t| lowered(t.id.as_deref().unwrap_or("")))
            .collect(),
    );
    let network_index = index_of(reference.networks.iter().map(|n| lowered(&n.id)).collect());
    let lookup = |map: &HashMap<String, usize>, key: String| map.get(&key).copied().unwrap_or(0);
    let countries = reference
        .countries
        .iter()
        .map(|c| CountryRecord {
            id: c.id.clone(),
            attributes: c.attributes.clone(),
            calling_code: c.calling_code.clone(),
        })
        .collect();
    let networks: Vec<NetworkRecord> = reference
        .networks
        .iter()
        .map(|n| NetworkRecord {
            id: n.id.clone(),
            attributes: n.attributes.clone(),
            network_type: lookup(&type_index, lowered(&n.network_type_id)),
            country: lookup(&country_index, id_key(IdKind::Integer, &n.country_id)),
        })
        .collect();
    let prefixes = reference
        .network_prefixes
        .iter()
        .map(|p| {
            let network = lookup(&network_index, lowered(&p.network_id));
            NetworkPrefixRecord {
                id: p.id.clone(),
                attributes: p.attributes.clone(),
                network,
                country: networks.get(network).map_or(0, |n| n.country),
            }
        })
        .collect();
    (countries, networks, prefixes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }

    #[test]
    fn the_seeded_data_set_round_trips_through_its_file() {
        let seeded = DataSet::generate(5, now());
        let file = seeded.to_file();
        let text = file.to_json_pretty();
        let read = DataFile::from_json(&text).unwrap();
        assert_eq!(read, file);
        let loaded = DataSet::from_file(&read, 5, now());
        assert_eq!(loaded.to_file(), file);
        assert_eq!(loaded.accounts.len(), seeded.accounts.len());
        for (a, b) in loaded.accounts.iter().zip(&seeded.accounts) {
            assert_eq!((&a.id, &a.attributes), (&b.id, &b.attributes));
            assert_eq!(a.traffic.rates, b.traffic.rates);
            assert_eq!(a.traffic.peak_milli_calls, b.traffic.peak_milli_calls);
        }
        assert_eq!(
            loaded.rates.iter().map(|r| r.country).collect::<Vec<_>>(),
            seeded.rates.iter().map(|r| r.country).collect::<Vec<_>>()
        );
        assert_eq!(loaded.customers[0].login, "demo");
    }

    fn minimal() -> Value {
        serde_json::json!({
            "format": FORMAT,
            "customers": [{
                "login": "acme", "password": "secret", "name": "Acme, Inc.",
                "accounts": [{
                    "attributes": {"name": "Main, primary", "balance": "10.50", "currency": "EUR"},
                    "services": [{"attributes": {"name": "DID", "state": "Active",
                        "created-at": "2026-01-01T00:00:00.000Z"}}],
                    "cdr-exports": [{"attributes": {"status": "Completed",
                        "filters": {"time_start_gteq": "2026-01-01 00:00:00", "time_start_lt": "2026-01-02 00:00:00"},
                        "rows-count": 7, "created-at": "2026-01-02T01:00:00.000Z", "updated-at": "2026-01-02T01:00:05.000Z"}}]
                }],
                "rates": [{"attributes": {"prefix": "4930", "enabled": true, "reject-calls": false,
                    "initial-rate": "0.01", "initial-interval": 1, "next-rate": "0.01", "next-interval": 1,
                    "valid-from": "2025-01-01T00:00:00.000Z"}}]
            }]
        })
    }

    #[test]
    fn a_minimal_file_gets_ids_defaults_and_shifted_times() {
        let file = DataFile::from_json(&minimal().to_string()).unwrap();
        let data = DataSet::from_file(&file, 1, now());
        assert_eq!(data.accounts.len(), 1);
        let account = &data.accounts[0];
        assert!(is_uuid(&account.id));
        assert_eq!(account.traffic.peak_milli_calls, 5000);
        assert_eq!(account.traffic.asr_per_mille, 750);
        assert_eq!(account.traffic.rates, [0]);
        assert_eq!(
            account.traffic.src_prefixes,
            ["380"],
            "first seeded country"
        );
        assert_eq!(
            data.rates[0].country,
            data.country_by_id(&data.countries[1].id)
        );
        assert!(data.cdr_exports.read().unwrap()[0].rows_to_count);
        assert_eq!(data.countries.len(), COUNTRIES.len());

        let mut shifted = minimal();
        shifted["time-base"] = "2026-01-02T00:00:00Z".into();
        let file = DataFile::from_json(&shifted.to_string()).unwrap();
        let data = DataSet::from_file(&file, 1, now());
        let export = data.cdr_exports.read().unwrap()[0].clone();
        // By whole minutes: from the time base to the (minute) start-up time.
        let moved = data.started_at - parse_time("2026-01-02T00:00:00Z").unwrap();
        let gteq = export.attributes.filters["time_start_gteq"]
            .as_str()
            .unwrap();
        assert_eq!(
            parse_time(gteq).unwrap(),
            parse_time("2026-01-01 00:00:00").unwrap() + moved
        );
        assert!(!gteq.contains('T'), "keeps the form it was written in");
        assert_eq!(
            data.services[0].attributes.created_at,
            parse_time("2026-01-01T00:00:00Z").unwrap() + moved
        );
    }

    #[test]
    fn more_rate_plans_are_listed_but_price_no_calls() {
        let mut file = minimal();
        let rate = file["customers"][0]["rates"][0].clone();
        file["customers"][0]["rateplan-name"] = "Retail".into();
        file["customers"][0]["more-rateplans"] = serde_json::json!([
            {"attributes": {"name": "Premium"}, "rates": [rate.clone(), rate]}
        ]);
        let file = DataFile::from_json(&file.to_string()).unwrap();
        let data = DataSet::from_file(&file, 1, now());
        let names: Vec<&str> = data
            .rateplans
            .iter()
            .map(|p| p.attributes.name.as_str())
            .collect();
        assert_eq!(names, ["Retail", "Premium"]);
        assert_eq!(data.rateplans[0].id, data.customers[0].rateplan_id);
        assert_eq!(
            data.rates.iter().map(|r| r.rateplan).collect::<Vec<_>>(),
            [0, 1, 1]
        );
        assert_eq!(data.accounts[0].traffic.rates, [0]);
        let dumped = data.to_file();
        let customer = &dumped.customers[0];
        assert_eq!(customer.rateplan_name.as_deref(), Some("Retail"));
        assert_eq!(customer.rates.len(), 1);
        assert_eq!(customer.more_rateplans.len(), 1);
        assert_eq!(customer.more_rateplans[0].rates.len(), 2);

        let mut twice = minimal();
        twice["customers"][0]["rateplan-id"] = "0b9f8b52-5d2c-11ef-9a4e-0242ac120003".into();
        twice["customers"][0]["more-rateplans"] = serde_json::json!([
            {"id": "0b9f8b52-5d2c-11ef-9a4e-0242ac120003", "attributes": {"name": "Again"}}
        ]);
        let refused = DataFile::from_json(&twice.to_string()).unwrap_err();
        assert!(refused.contains("more-rateplans[0]: id"), "{refused}");
    }

    #[test]
    fn problems_are_reported_with_their_place() {
        let broken = |edit: fn(&mut Value)| {
            let mut file = minimal();
            edit(&mut file);
            DataFile::from_json(&file.to_string()).unwrap_err()
        };
        assert!(broken(|f| f["format"] = "v2".into()).contains("format"));
        assert!(
            broken(|f| f["customers"][0]["accounts"][0]["id"] = "42".into())
                .contains("customers[0].accounts[0]: id \"42\" is not a UUID")
        );
        assert!(broken(|f| f["customers"][0]["colour"] = "red".into()).contains("colour"));
        assert!(
            broken(|f| f["customers"][0]["portal-access"] = serde_json::json!({"invoice": true}))
                .contains("unknown field `invoice`")
        );
        assert!(
            broken(|f| {
                let again = f["customers"][0].clone();
                f["customers"].as_array_mut().unwrap().push(again);
            })
            .contains("login \"acme\" is used twice")
        );
        assert!(
            broken(|f| {
                f["customers"][0]["accounts"][0]["traffic"] = serde_json::json!({
                    "peak-calls-per-minute": 5000, "asr-percent": "120", "mean-duration-seconds": 0,
                    "src-prefixes": ["12a"], "src-country": "XX", "orig-ips": []
                })
            })
            .matches("traffic:")
            .count()
                == 5
        );
        assert!(broken(|f| f["customers"] = serde_json::json!([])).contains("none given"));
        assert!(
            broken(|f| f["customers"][0]["rateplan-id"] = "plan".into())
                .contains("customers[0]: rateplan-id \"plan\" is not a UUID")
        );
    }

    fn payment(amount: &str, status: &str, type_name: &str) -> Value {
        serde_json::json!({"attributes": {"amount": amount, "status": status,
            "type-name": type_name, "created-at": "2026-01-01T10:00:00.000Z"}})
    }

    #[test]
    fn payments_take_the_accounts_currency_and_a_balance_from_the_history() {
        let mut file = minimal();
        let mut pasted = payment("100", "completed", "manual");
        pasted["attributes"]["currency"] = "XYZ".into();
        pasted["attributes"]["balance-before-payment"] = "999".into();
        let mut returned = payment("5.5", "completed", "manual");
        returned["attributes"]["rolledback-at"] = "2026-01-01T12:00:00.000Z".into();
        file["customers"][0]["accounts"][0]["payments"] =
            serde_json::json!([pasted, returned, payment("7", "pending", "cryptomus")]);
        let file = DataFile::from_json(&file.to_string()).unwrap();
        let data = DataSet::from_file(&file, 1, now());
        let payments = data.payments.read().unwrap();
        assert_eq!(payments.len(), 3);
        assert!(payments.iter().all(|p| is_uuid(&p.id)
            && p.attributes.currency.as_deref() == Some("EUR")
            && p.attributes.balance_before_payment.is_none()));
        let credited: Vec<bool> = payments.iter().map(|p| p.credited_before_start).collect();
        assert_eq!(credited, [true, true, false]);
        assert!(payments[1].is_rolled_back());
        drop(payments);
        let written = &data.to_file().customers[0].accounts[0].payments;
        assert_eq!(written.len(), 3);
        assert_eq!(written[1].attributes.amount, Decimal::new(55, 1));
    }

    #[test]
    fn payment_problems_are_reported_with_their_place() {
        let broken = |payments: Value| {
            let mut file = minimal();
            file["customers"][0]["accounts"][0]["payments"] = payments;
            DataFile::from_json(&file.to_string()).unwrap_err()
        };
        let mut early = payment("5", "completed", "manual");
        early["attributes"]["rolledback-at"] = "2025-12-31T00:00:00.000Z".into();
        let mut pending = payment("5", "pending", "cryptomus");
        pending["attributes"]["rolledback-at"] = "2026-01-02T00:00:00.000Z".into();
        let error = broken(serde_json::json!([
            payment("0.001", "completed", "manual"),
            early,
            pending
        ]));
        for expected in [
            "customers[0].accounts[0].payments[0]: amount must be at least 0.01",
            "customers[0].accounts[0].payments[1]: rolledback-at must not be before created-at",
            "customers[0].accounts[0].payments[2]: only a completed payment can be rolled back",
        ] {
            assert!(error.contains(expected), "{error}");
        }
        // A word of no declared set, as the declaration names its set.
        let refunded = broken(serde_json::json!([payment("5", "rolled_back", "manual")]));
        assert!(
            refunded.contains(
                "payments[0]: status \"rolled_back\" is not one of completed, pending, canceled"
            ),
            "{refunded}"
        );
    }

    #[test]
    fn countries_have_integer_ids() {
        let mut file = DataSet::generate(5, now()).to_file();
        let reference = file.reference_data.as_mut().unwrap();
        assert_eq!(reference.countries[0].id, "1");
        reference.countries[0].id = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003".into();
        let error = file.validate().unwrap_err();
        assert!(
            error.contains("reference-data.countries[0]: id \"0b9f7a8e-5d2c-11ef-9a4e-0242ac120003\" is not an integer"),
            "{error}"
        );
        // A network's country by value: `01` is country 1.
        let mut file = DataSet::generate(5, now()).to_file();
        let reference = file.reference_data.as_mut().unwrap();
        reference.networks[0].country_id = "01".into();
        reference.networks[100].country_id = "1000".into();
        let error = file.validate().unwrap_err();
        assert!(
            error.contains("networks[100]: country-id names no country"),
            "{error}"
        );
        assert!(!error.contains("networks[0]:"), "{error}");
    }
}
