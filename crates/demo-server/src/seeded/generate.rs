//! The seeded data set: customers, their accounts, services, rates and CDR exports, and the
//! global reference data (countries, network types, networks, network prefixes).
//!
//! Everything is generated at start-up from the seed, in memory, without a database. The demo
//! customer's four accounts are fixed facts (names, currencies, balances) that end-to-end tests
//! rely on; their ids and everything else vary with the seed. Timestamps are placed relative to
//! the start-up time, so services renew in the future and exports were made in the past.

use crate::model::customers::{
    AccountScope, Customer, CustomerId, DEMO_CUSTOMER, DEMO_LOGIN, DEMO_PASSWORD, LIMITED_LOGIN,
    LimitedLogin, OTHER_CUSTOMER, RESTRICTED_LOGIN, UsedBy,
};
use crate::model::data_set::{DataSet, accounts_named};
use crate::model::money::CurrentBalance;
use crate::model::portal_access::PortalAccess;
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord, RateRecord,
    RateplanRecord, ServiceRecord, TrafficProfile,
};
use crate::seeded::money::{self, Renewal};
use crate::seeded::numbers::source_number;
use crate::seeded::plain::{self, Seeding};
use crate::seeded::random::{Rng, uuid};
use crate::seeded::reference_tables::{COUNTRIES, NETWORKS_PER_COUNTRY};
use api_model::catalog::Conditions;
use api_model::resources::{
    Account, CdrExport, CdrExportStatus, CdrExportTimeFormat, Country, LooseId, Network,
    NetworkPrefix, Rate, Rateplan, RenewPeriod, Service, ServiceState, api_time,
};
use chrono::{DateTime, Duration, DurationRound, Utc};
use rust_decimal::Decimal;
use std::collections::HashSet;
use std::str::FromStr;
use std::sync::RwLock;

fn dec(text: &str) -> Decimal {
    // Only called with literals of this file; a typo shows up in the unit tests.
    Decimal::from_str(text).unwrap_or_default()
}

fn opt(text: &str) -> Option<Decimal> {
    Some(dec(text))
}

impl DataSet {
    /// The seeded data set of `seed`, its times placed relative to `now`.
    pub fn generate(seed: u64, now: DateTime<Utc>) -> DataSet {
        let started_at = now.duration_trunc(Duration::minutes(1)).unwrap_or(now);
        let customers = seeded_customers(seed);
        let (countries, networks, network_prefixes) = seeded_reference_data(seed);
        let mut rateplans = rateplans(seed, &customers);
        let rates = rates(seed, started_at, &network_prefixes, &networks, &countries);
        let accounts = accounts(seed, &rates, &rateplans, &customers);
        let services = services(seed, started_at, &accounts);
        let (numberlists, numberlist_items) =
            crate::seeded::numberlists::seeded_numberlists(seed, &accounts);
        rateplans[MOBILE_RATEPLAN_INDEX].used_by =
            UsedBy::Accounts(accounts_named(&accounts, &["Lviv Overdraft"]));
        DataSet {
            customers,
            limited_logins: limited_logins(&accounts),
            plain: plain::seeded(&Seeding {
                seed,
                started_at,
                accounts: &accounts,
            }),
            networks,
            network_prefixes,
            countries,
            rateplans,
            rates,
            cdr_exports: RwLock::new(cdr_exports(seed, started_at, &accounts)),
            transactions: money::service_charges(seed, &services, started_at),
            invoices: money::invoices(seed, &accounts, started_at),
            payments: RwLock::new(money::seeded_payments(seed, &accounts, started_at)),
            numberlists,
            numberlist_items: RwLock::new(numberlist_items),
            services,
            accounts,
            ..DataSet::empty(seed, started_at)
        }
    }
}

/// The demo customer and the other one, whose data the demo customer must never see.
fn seeded_customers(seed: u64) -> Vec<Customer> {
    vec![
        Customer {
            id: DEMO_CUSTOMER,
            login: DEMO_LOGIN.to_owned(),
            password: DEMO_PASSWORD.to_owned(),
            name: "Demo Telecom".to_owned(),
            portal_access: PortalAccess::default(),
            allow_listen_recording: true,
            rateplan_id: uuid(seed, "rateplans", 0),
        },
        Customer {
            id: OTHER_CUSTOMER,
            login: "other".to_owned(),
            password: "other".to_owned(),
            name: "Competitor Networks".to_owned(),
            portal_access: PortalAccess::restricted(),
            allow_listen_recording: false,
            rateplan_id: uuid(seed, "rateplans", 1),
        },
    ]
}

/// Countries, networks and network prefixes (network types are plain rows:
/// [`crate::seeded::plain`]).
pub type ReferenceData = (
    Vec<CountryRecord>,
    Vec<NetworkRecord>,
    Vec<NetworkPrefixRecord>,
);

/// The seeded reference data: the fixed tables of [`crate::seeded::reference_tables`], ids from
/// the seed.
pub fn seeded_reference_data(seed: u64) -> ReferenceData {
    let countries: Vec<CountryRecord> = COUNTRIES
        .iter()
        .enumerate()
        .map(|(i, c)| CountryRecord {
            // Integers, as the real server's country ids.
            id: (i + 1).to_string(),
            attributes: Country {
                name: c.name.to_owned(),
                iso2: Some(c.iso2.to_owned()),
            },
            calling_code: c.calling_code.to_owned(),
        })
        .collect();
    let mut networks = Vec::new();
    let mut prefixes = Prefixes {
        seed,
        records: Vec::new(),
        seen: HashSet::new(),
    };
    for (ci, country) in COUNTRIES.iter().enumerate() {
        let first_network = networks.len();
        for template in NETWORKS_PER_COUNTRY {
            networks.push(NetworkRecord {
                id: uuid(seed, "networks", networks.len() as u64),
                attributes: Network {
                    name: format!("{} {}", country.name, template.suffix),
                },
                network_type: template.network_type,
                country: ci,
            });
        }
        prefixes.of_country(ci, first_network, &networks);
    }
    (countries, networks, prefixes.records)
}

/// The network prefixes made so far, each prefix once.
struct Prefixes {
    seed: u64,
    records: Vec<NetworkPrefixRecord>,
    seen: HashSet<String>,
}

impl Prefixes {
    fn push(&mut self, prefix: String, network: usize, country: usize, lengths: (i64, i64)) {
        if self.seen.insert(prefix.clone()) {
            self.records.push(NetworkPrefixRecord {
                id: uuid(self.seed, "network-prefixes", self.records.len() as u64),
                attributes: NetworkPrefix {
                    prefix,
                    number_min_length: Some(lengths.0),
                    number_max_length: Some(lengths.1),
                },
                network,
                country,
            });
        }
    }

    /// A country's prefixes: its calling code alone, which catches every number of the
    /// country, then two-digit destination codes (some split by a third digit), each of one of
    /// the country's networks from `first_network` on.
    fn of_country(&mut self, ci: usize, first_network: usize, networks: &[NetworkRecord]) {
        let country = &COUNTRIES[ci];
        let mut rng = Rng::new(self.seed, &format!("prefixes-{}", country.iso2));
        let total_weight: u64 = NETWORKS_PER_COUNTRY.iter().map(|n| n.weight).sum();
        let pick_network = |rng: &mut Rng| {
            let mut roll = rng.below(total_weight);
            for (offset, template) in NETWORKS_PER_COUNTRY.iter().enumerate() {
                if roll < template.weight {
                    return first_network + offset;
                }
                roll -= template.weight;
            }
            first_network
        };
        let full_length =
            (country.calling_code.len() + usize::from(country.national_length)) as i64;
        let code = country.calling_code;
        self.push(code.to_owned(), first_network, ci, (0, 100));
        for destination in 10..100 {
            let network = pick_network(&mut rng);
            let toll_free = networks[network].network_type == 2;
            let lengths = (full_length - i64::from(toll_free), full_length);
            self.push(format!("{code}{destination}"), network, ci, lengths);
            if rng.chance(250) {
                for digit in 0..10 {
                    let sub_network = if rng.chance(800) {
                        network
                    } else {
                        pick_network(&mut rng)
                    };
                    let prefix = format!("{code}{destination}{digit}");
                    self.push(prefix, sub_network, ci, lengths);
                }
            }
        }
    }
}

/// Each customer's plans, in customer order as a data file has them: first the plan its calls
/// are priced with, then (for the demo customer) [`MOBILE_RATEPLAN`].
fn rateplans(seed: u64, customers: &[Customer]) -> Vec<RateplanRecord> {
    let mut plans = Vec::new();
    for customer in customers {
        plans.push(RateplanRecord {
            id: customer.rateplan_id.clone(),
            customer: customer.id,
            attributes: Rateplan {
                name: format!("{} standard", customer.name),
            },
            used_by: UsedBy::EveryAccount,
        });
        if customer.id == DEMO_CUSTOMER {
            plans.push(RateplanRecord {
                id: uuid(seed, "rateplans", 2),
                customer: DEMO_CUSTOMER,
                attributes: Rateplan {
                    name: MOBILE_RATEPLAN.to_owned(),
                },
                // Set once the accounts are made: the trunk of `Lviv Overdraft` uses it.
                used_by: UsedBy::Accounts(Vec::new()),
            });
        }
    }
    plans
}

/// The name of the demo customer's second rate plan, of fixed rates nested in each other so
/// that a lookup of a Kyivstar number finds several prefixes (end-to-end tests rely on them).
pub const MOBILE_RATEPLAN: &str = "Ukraine mobile";
/// Indexes of the seeded `rateplans`.
const DEMO_STANDARD_INDEX: usize = 0;
const MOBILE_RATEPLAN_INDEX: usize = 1;
const OTHER_STANDARD_INDEX: usize = 2;

/// `demo-limited` / `demo-limited`: a second login of the demo customer whose API access
/// lists only its first two accounts (`Kyiv Wholesale`, `Berlin Retail`), as a provider hands
/// out for a branch.
fn limited_logins(accounts: &[AccountRecord]) -> Vec<LimitedLogin> {
    let allowed: Vec<usize> = (0..accounts.len())
        .filter(|&a| accounts[a].customer == DEMO_CUSTOMER)
        .take(2)
        .collect();
    let limited = AccountScope::only(&allowed).map(|accounts| LimitedLogin {
        login: LIMITED_LOGIN.to_owned(),
        password: LIMITED_LOGIN.to_owned(),
        customer: DEMO_CUSTOMER,
        accounts,
        portal_access: None,
    });
    let restricted = LimitedLogin {
        login: RESTRICTED_LOGIN.to_owned(),
        password: RESTRICTED_LOGIN.to_owned(),
        customer: DEMO_CUSTOMER,
        accounts: AccountScope::All,
        portal_access: Some(PortalAccess::without_prices_and_acd()),
    };
    limited.into_iter().chain([restricted]).collect()
}

/// A fixed rate of [`MOBILE_RATEPLAN`].
struct FixedRate {
    prefix: &'static str,
    /// Initial rate per minute and interval in seconds; next rate and interval.
    initial: (&'static str, i64),
    next: (&'static str, i64),
    connect_fee: &'static str,
    attempt_fee: &'static str,
    lengths: (i64, i64),
    enabled: bool,
    /// Still valid (else it ended a day before start-up).
    current: bool,
    /// Routing tags: each set is a group in which check-rate keeps the longest prefix.
    routing_tags: &'static [&'static str],
}

/// For `380671234567` the lookup finds `380671`, `38067` and `380`, one per set of routing tags
/// (check-rate keeps the longest prefix of each); `3806712` is disabled and `380671234` no
/// longer valid, so neither matches; `38050` and `44` are other numbers'.
const MOBILE_RATES: [FixedRate; 7] = {
    const fn rate(
        prefix: &'static str,
        initial: (&'static str, i64),
        next: (&'static str, i64),
        connect_fee: &'static str,
    ) -> FixedRate {
        FixedRate {
            prefix,
            initial,
            next,
            connect_fee,
            attempt_fee: "0",
            lengths: (12, 12),
            enabled: true,
            current: true,
            routing_tags: &[],
        }
    }
    [
        rate("380", ("0.05", 60), ("0.05", 60), "0"),
        rate("38050", ("0.033", 1), ("0.033", 1), "0"),
        FixedRate {
            routing_tags: &["Kyivstar"],
            ..rate("38067", ("0.032", 60), ("0.024", 1), "0")
        },
        FixedRate {
            attempt_fee: "0.001",
            routing_tags: &["Kyivstar", "Business"],
            ..rate("380671", ("0.03", 30), ("0.018", 6), "0.005")
        },
        FixedRate {
            enabled: false,
            ..rate("3806712", ("0.01", 1), ("0.01", 1), "0")
        },
        FixedRate {
            current: false,
            ..rate("380671234", ("0.02", 1), ("0.02", 1), "0")
        },
        FixedRate {
            lengths: (0, 100),
            ..rate("44", ("0.012", 1), ("0.012", 1), "0")
        },
    ]
};

/// The rates of [`MOBILE_RATEPLAN`], their ids following the `first_id` seeded ones.
fn mobile_rates(
    seed: u64,
    started_at: DateTime<Utc>,
    first_id: usize,
    countries: &[CountryRecord],
) -> Vec<RateRecord> {
    let valid_from = started_at - Duration::days(90);
    MOBILE_RATES
        .iter()
        .enumerate()
        .map(|(i, fixed)| RateRecord {
            id: uuid(seed, "rates", (first_id + i) as u64),
            customer: DEMO_CUSTOMER,
            rateplan: MOBILE_RATEPLAN_INDEX,
            country: DataSet::country_of_number(countries, fixed.prefix),
            routing_tags: fixed.routing_tags.iter().map(|&t| t.to_owned()).collect(),
            attributes: Rate {
                prefix: fixed.prefix.to_owned(),
                dst_number_min_length: Some(fixed.lengths.0),
                dst_number_max_length: Some(fixed.lengths.1),
                enabled: fixed.enabled,
                reject_calls: false,
                initial_rate: dec(fixed.initial.0),
                initial_interval: fixed.initial.1,
                next_rate: dec(fixed.next.0),
                next_interval: fixed.next.1,
                connect_fee: opt(fixed.connect_fee),
                attempt_fee: opt(fixed.attempt_fee),
                valid_from,
                valid_till: Some(if fixed.current {
                    started_at + Duration::days(3653)
                } else {
                    started_at - Duration::days(1)
                }),
                network_prefix_id: None,
            },
        })
        .collect()
}

/// Each customer's standard plan: every country's catch-all prefix and a spread of longer
/// ones.
fn rates(
    seed: u64,
    started_at: DateTime<Utc>,
    prefixes: &[NetworkPrefixRecord],
    networks: &[NetworkRecord],
    countries: &[CountryRecord],
) -> Vec<RateRecord> {
    let mut out = Vec::new();
    for (customer, rateplan, count) in [
        (DEMO_CUSTOMER, DEMO_STANDARD_INDEX, 300usize),
        (OTHER_CUSTOMER, OTHER_STANDARD_INDEX, 40),
    ] {
        // The plans in the order of `rateplans`.
        if customer == OTHER_CUSTOMER {
            out.extend(mobile_rates(seed, started_at, out.len(), countries));
        }
        let mut rng = Rng::new(seed, &format!("rates-{customer}"));
        for prefix_index in chosen_prefixes(&mut rng, prefixes, count) {
            let prefix = &prefixes[prefix_index];
            let network_type = networks[prefix.network].network_type;
            let mut attributes = standard_rate(&mut rng, started_at, prefix, network_type);
            if rng.chance(900) {
                attributes.network_prefix_id = Some(LooseId::Number(1000 + prefix_index as i64));
            }
            out.push(RateRecord {
                id: uuid(seed, "rates", out.len() as u64),
                customer,
                rateplan,
                country: Some(prefix.country),
                routing_tags: Vec::new(),
                attributes,
            });
        }
    }
    out
}

/// The prefixes of a standard plan, in prefix order: every country's catch-all prefix, then
/// a spread of longer ones up to `count`.
fn chosen_prefixes(rng: &mut Rng, prefixes: &[NetworkPrefixRecord], count: usize) -> Vec<usize> {
    let mut chosen: Vec<usize> = prefixes
        .iter()
        .enumerate()
        .filter(|(_, p)| p.attributes.number_min_length == Some(0))
        .map(|(i, _)| i)
        .collect();
    let mut taken: HashSet<usize> = chosen.iter().copied().collect();
    while chosen.len() < count.min(prefixes.len()) {
        let index = usize::try_from(rng.below(prefixes.len() as u64)).unwrap_or(0);
        if taken.insert(index) {
            chosen.push(index);
        }
    }
    chosen.sort_by(|a, b| {
        prefixes[*a]
            .attributes
            .prefix
            .cmp(&prefixes[*b].attributes.prefix)
    });
    chosen
}

/// A standard plan's rate of a prefix, priced by its kind of network.
fn standard_rate(
    rng: &mut Rng,
    started_at: DateTime<Utc>,
    prefix: &NetworkPrefixRecord,
    network_type: usize,
) -> Rate {
    // Per-minute price in ten-thousandths, by kind of network.
    let (low, high) = match network_type {
        1 => (150, 2500),
        2 => (0, 0),
        3 => (5000, 20000),
        9 => (50, 400),
        _ => (40, 600),
    };
    let initial_rate = Decimal::new(rng.range(low, high), 4);
    let next_rate = if rng.chance(200) {
        Decimal::new(rng.range(low, high.max(low)), 4)
    } else {
        initial_rate
    };
    let (initial_interval, next_interval) = *rng.pick(&[(1, 1), (1, 1), (60, 60), (30, 6)]);
    let valid_from = started_at - Duration::days(rng.range(30, 700));
    let a = &prefix.attributes;
    // The calling code alone takes numbers of any length.
    let (min_length, max_length) = match a.number_min_length {
        Some(0) => (0, 100),
        min => (min.unwrap_or(0), a.number_max_length.unwrap_or(100)),
    };
    Rate {
        prefix: a.prefix.clone(),
        dst_number_min_length: Some(min_length),
        dst_number_max_length: Some(max_length),
        enabled: !rng.chance(40),
        reject_calls: rng.chance(20),
        initial_rate,
        initial_interval,
        next_rate,
        next_interval,
        connect_fee: Some(dec(if rng.chance(100) { "0.01" } else { "0.0" })),
        attempt_fee: Some(dec("0.0")),
        valid_from,
        valid_till: Some(valid_from + Duration::days(3653)),
        network_prefix_id: None,
    }
}

struct AccountFacts {
    customer: CustomerId,
    name: &'static str,
    /// `None`: an account of an older deployment, which sends no `currency`.
    currency: Option<&'static str>,
    balance: &'static str,
    min_balance: &'static str,
    max_balance: &'static str,
    destination_rate_limit: Option<&'static str>,
    capacities: [Option<i64>; 3],
    thresholds: (Option<&'static str>, Option<&'static str>),
    max_call_duration: Option<i64>,
    external_id: Option<i64>,
    peak_milli_calls: u64,
    asr_per_mille: u64,
    mean_duration: u64,
    src_prefixes: &'static [&'static str],
    src_country: &'static str,
    ips: &'static [&'static str],
}

const ACCOUNTS: &[AccountFacts] = &[
    AccountFacts {
        customer: DEMO_CUSTOMER,
        name: "Kyiv Wholesale",
        currency: Some("USD"),
        balance: "12500.75",
        min_balance: "0.0",
        max_balance: "50000.0",
        destination_rate_limit: Some("0.5"),
        capacities: [Some(100), Some(80), Some(150)],
        thresholds: (Some("1000.0"), Some("40000.0")),
        max_call_duration: Some(7200),
        external_id: Some(1001),
        peak_milli_calls: 10_000,
        asr_per_mille: 820,
        mean_duration: 150,
        src_prefixes: &["38044", "38067"],
        src_country: "UA",
        ips: &["185.12.40.10", "185.12.40.11"],
    },
    AccountFacts {
        customer: DEMO_CUSTOMER,
        name: "Berlin Retail",
        currency: Some("EUR"),
        balance: "3480.2",
        min_balance: "3000.0",
        max_balance: "10000.0",
        destination_rate_limit: Some("0.25"),
        capacities: [Some(30), None, Some(30)],
        thresholds: (Some("200.0"), None),
        max_call_duration: Some(3600),
        external_id: Some(1002),
        peak_milli_calls: 4000,
        asr_per_mille: 760,
        mean_duration: 110,
        src_prefixes: &["4930", "4915"],
        src_country: "DE",
        ips: &["91.200.8.4"],
    },
    AccountFacts {
        customer: DEMO_CUSTOMER,
        name: "London Carrier",
        currency: Some("GBP"),
        balance: "98210.0",
        min_balance: "-10000.0",
        max_balance: "250000.0",
        destination_rate_limit: Some("1.2"),
        capacities: [Some(500), Some(500), Some(800)],
        thresholds: (Some("5000.0"), Some("200000.0")),
        max_call_duration: None,
        external_id: Some(1003),
        peak_milli_calls: 12_000,
        asr_per_mille: 880,
        mean_duration: 190,
        src_prefixes: &["4420", "447"],
        src_country: "GB",
        ips: &["62.30.112.5", "62.30.112.6", "62.30.112.7"],
    },
    AccountFacts {
        customer: DEMO_CUSTOMER,
        name: "Lviv Overdraft",
        currency: Some("UAH"),
        balance: "-310.4",
        min_balance: "-300.0",
        max_balance: "20000.0",
        destination_rate_limit: None,
        capacities: [None, None, None],
        thresholds: (None, None),
        max_call_duration: None,
        external_id: None,
        peak_milli_calls: 1500,
        asr_per_mille: 640,
        mean_duration: 80,
        src_prefixes: &["38032"],
        src_country: "UA",
        ips: &["176.36.0.20"],
    },
    AccountFacts {
        customer: OTHER_CUSTOMER,
        name: "Competitor Secret Account",
        currency: Some("USD"),
        balance: "777.77",
        min_balance: "0.0",
        max_balance: "5000.0",
        destination_rate_limit: Some("1.0"),
        capacities: [Some(20), Some(20), Some(20)],
        thresholds: (None, None),
        max_call_duration: Some(600),
        external_id: Some(2001),
        peak_milli_calls: 3000,
        asr_per_mille: 700,
        mean_duration: 120,
        src_prefixes: &["33140"],
        src_country: "FR",
        ips: &["5.39.0.1"],
    },
    // The second customer's, never the demo one's: end-to-end tests rely on those four.
    AccountFacts {
        customer: OTHER_CUSTOMER,
        name: "Legacy Account",
        currency: None,
        balance: "42.0",
        min_balance: "0.0",
        max_balance: "1000.0",
        destination_rate_limit: None,
        capacities: [Some(5), None, Some(5)],
        thresholds: (None, None),
        max_call_duration: None,
        external_id: None,
        peak_milli_calls: 800,
        asr_per_mille: 650,
        mean_duration: 90,
        src_prefixes: &["4822"],
        src_country: "PL",
        ips: &["31.0.0.9"],
    },
];

fn accounts(
    seed: u64,
    rates: &[RateRecord],
    rateplans: &[RateplanRecord],
    customers: &[Customer],
) -> Vec<AccountRecord> {
    ACCOUNTS
        .iter()
        .enumerate()
        .map(|(i, facts)| {
            // Calls are priced with the customer's standard plan.
            let standard = customers
                .iter()
                .find(|c| c.id == facts.customer)
                .and_then(|c| rateplans.iter().position(|p| p.id == c.rateplan_id))
                .unwrap_or(usize::MAX);
            let customer_rates = DataSet::usable_rates(rates, standard);
            AccountRecord {
                id: uuid(seed, "accounts", i as u64),
                customer: facts.customer,
                balance: CurrentBalance::new(dec(facts.balance)),
                attributes: Account {
                    name: facts.name.to_owned(),
                    balance: dec(facts.balance),
                    min_balance: opt(facts.min_balance),
                    max_balance: opt(facts.max_balance),
                    destination_rate_limit: facts.destination_rate_limit.map(dec),
                    origination_capacity: facts.capacities[0],
                    termination_capacity: facts.capacities[1],
                    total_capacity: facts.capacities[2],
                    currency: facts.currency.map(str::to_owned),
                },
                balance_low_threshold: facts.thresholds.0.map(dec),
                balance_high_threshold: facts.thresholds.1.map(dec),
                max_call_duration: facts.max_call_duration,
                external_id: facts.external_id,
                traffic: TrafficProfile {
                    peak_milli_calls: facts.peak_milli_calls,
                    asr_per_mille: facts.asr_per_mille,
                    mean_duration: facts.mean_duration,
                    src_prefixes: facts.src_prefixes.iter().map(|p| (*p).to_owned()).collect(),
                    src_country: COUNTRIES
                        .iter()
                        .position(|c| c.iso2 == facts.src_country)
                        .unwrap_or(0),
                    ips: facts.ips.iter().map(|p| (*p).to_owned()).collect(),
                    rates: customer_rates,
                },
            }
        })
        .collect()
}

struct ServiceKind {
    name: &'static str,
    service_type: &'static str,
    ui_type: Option<&'static str>,
    initial_price: &'static str,
    renew_price: &'static str,
}

const SERVICE_KINDS: &[ServiceKind] = &[
    ServiceKind {
        name: "DID",
        service_type: "DID",
        ui_type: None,
        initial_price: "10.0",
        renew_price: "5.0",
    },
    ServiceKind {
        name: "Virtual PBX",
        service_type: "PBX",
        ui_type: Some("phone_systems"),
        initial_price: "49.0",
        renew_price: "29.99",
    },
    ServiceKind {
        name: "SIP trunk",
        service_type: "Trunk",
        ui_type: None,
        initial_price: "0.0",
        renew_price: "15.5",
    },
    ServiceKind {
        name: "Call recording",
        service_type: "Recording",
        ui_type: Some("phone_systems"),
        initial_price: "5.0",
        renew_price: "0.35",
    },
    ServiceKind {
        name: "Toll-free number",
        service_type: "DID",
        ui_type: None,
        initial_price: "25.0",
        renew_price: "12.0",
    },
];

/// Each account with the numbers `0..n` of its records of a kind: `demo` of them for an account
/// of the demo customer, `other` for the other customer's.
fn per_account(
    accounts: &[AccountRecord],
    demo: usize,
    other: usize,
) -> impl Iterator<Item = (usize, &AccountRecord, usize)> {
    accounts
        .iter()
        .enumerate()
        .flat_map(move |(index, account)| {
            let count = if account.customer == DEMO_CUSTOMER {
                demo
            } else {
                other
            };
            (0..count).map(move |n| (index, account, n))
        })
}

/// The first of the numbers an account calls from.
fn first_source_prefix(account: &AccountRecord) -> &str {
    account
        .traffic
        .src_prefixes
        .first()
        .map_or("", String::as_str)
}

fn services(
    seed: u64,
    started_at: DateTime<Utc>,
    accounts: &[AccountRecord],
) -> Vec<ServiceRecord> {
    use RenewPeriod::{Day, Disabled, Month};
    let mut rng = Rng::new(seed, "services");
    let mut out = Vec::new();
    for (account_index, account, n) in per_account(accounts, 4, 2) {
        let kind = &SERVICE_KINDS[(account_index + n) % SERVICE_KINDS.len()];
        let suspended = (account_index + n) % 4 == 3;
        let period = [Month, Day, Disabled, Month][(account_index * 3 + n) % 4].clone();
        let created_at = started_at
            .duration_trunc(Duration::hours(1))
            .unwrap_or(started_at)
            - Duration::days(rng.range(20, 400))
            - Duration::hours(rng.range(0, 23));
        // The next renewal on the service's schedule (its charges follow it); none for a
        // suspended service.
        let renew_at = Renewal::of(Some(&period))
            .filter(|_| !suspended)
            .and_then(|renewal| renewal.next_renewal(created_at, started_at));
        let name = if kind.service_type == "DID" {
            let number = format!(
                "{}{:07}",
                first_source_prefix(account),
                rng.below(10_000_000)
            );
            format!("{} +{number}", kind.name)
        } else {
            format!("{} {}", kind.name, account.attributes.name)
        };
        out.push(ServiceRecord {
            id: uuid(seed, "services", out.len() as u64),
            customer: account.customer,
            account: account_index,
            attributes: Service {
                name,
                state: if suspended {
                    ServiceState::Suspended
                } else {
                    ServiceState::Active
                },
                initial_price: opt(kind.initial_price),
                renew_price: opt(kind.renew_price),
                created_at,
                renew_at,
                renew_period: Some(period),
                service_type: Some(kind.service_type.to_owned()),
                ui_type: kind.ui_type.map(str::to_owned),
            },
        });
    }
    out
}

/// Every account's exports: nine of the demo customer's, three of the other's.
fn cdr_exports(
    seed: u64,
    started_at: DateTime<Utc>,
    accounts: &[AccountRecord],
) -> Vec<CdrExportRecord> {
    use CdrExportStatus::{Completed, Deleted, Failed, Pending};
    // The first export of every account is a Completed one for a single day of answered
    // calls, like the upstream sample.
    let mut rng = Rng::new(seed, "cdr-exports");
    let mut out = Vec::new();
    let today = started_at
        .duration_trunc(Duration::days(1))
        .unwrap_or(started_at);
    for (account_index, account, n) in per_account(accounts, 9, 3) {
        let status = [
            Completed, Completed, Failed, Completed, Deleted, Pending, Completed, Failed, Completed,
        ][n % 9]
            .clone();
        let day = today - Duration::days(i64::try_from(n).unwrap_or(0) * 3 + rng.range(1, 3));
        let days = if n % 3 == 2 { 7 } else { 1 };
        let filters = export_filters(account, n, day, day + Duration::days(days));
        let pending = status == Pending;
        let created_at = if pending {
            started_at - Duration::minutes(rng.range(2, 50))
        } else {
            day + Duration::days(days) + Duration::hours(rng.range(1, 20))
        };
        let updated_at = created_at + Duration::seconds(if pending { 0 } else { rng.range(2, 90) });
        let attributes = CdrExport {
            filters,
            status,
            // Counted from the call history on first read.
            rows_count: None,
            created_at,
            updated_at,
            time_format: Some(if n % 2 == 0 {
                CdrExportTimeFormat::WithTimezone
            } else {
                CdrExportTimeFormat::RoundToSeconds
            }),
            time_zone_name: (n % 3 == 1).then(|| "Europe/Kyiv".to_owned()),
        };
        let id = uuid(seed, "cdr-exports", out.len() as u64);
        out.push(CdrExportRecord::settled(
            id,
            account.customer,
            account_index,
            attributes,
        ));
    }
    out
}

/// The filters of an account's `n`-th export: its time range, and one condition more for
/// three in four.
fn export_filters(
    account: &AccountRecord,
    n: usize,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Conditions {
    let mut filters = Conditions::new();
    filters.insert("time_start_gteq".to_owned(), api_time::format(&from).into());
    filters.insert("time_start_lt".to_owned(), api_time::format(&to).into());
    let (key, value) = match n % 4 {
        0 => ("success_eq", true.into()),
        1 => ("duration_gteq", 30.into()),
        // One of the numbers the account calls from.
        2 => (
            "src_prefix_routing_eq",
            source_number(first_source_prefix(account), n as u64).into(),
        ),
        _ => return filters,
    };
    filters.insert(key.to_owned(), value);
    filters
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::customers::Viewer;
    use api_model::resources::NetworkType;

    fn data() -> DataSet {
        DataSet::generate(42, DateTime::from_timestamp(1_790_000_000, 0).unwrap())
    }

    #[test]
    fn the_demo_accounts_are_the_promised_ones() {
        let data = data();
        let demo: Vec<_> = data
            .accounts
            .iter()
            .filter(|a| a.customer == DEMO_CUSTOMER)
            .map(|a| {
                (
                    a.attributes.name.as_str(),
                    a.attributes.currency.as_deref().unwrap_or_default(),
                    a.attributes.balance.to_string(),
                )
            })
            .collect();
        assert_eq!(
            demo,
            [
                ("Kyiv Wholesale", "USD", "12500.75".to_owned()),
                ("Berlin Retail", "EUR", "3480.2".to_owned()),
                ("London Carrier", "GBP", "98210.0".to_owned()),
                ("Lviv Overdraft", "UAH", "-310.4".to_owned()),
            ]
        );
        let lviv = &data.accounts[3].attributes;
        assert!(lviv.origination_capacity.is_none() && lviv.termination_capacity.is_none());
        // At or below its minimum, for the portal's low-balance warnings.
        assert!(lviv.min_balance.is_some_and(|min| lviv.balance <= min));
        assert!(lviv.total_capacity.is_none() && lviv.destination_rate_limit.is_none());
        assert_eq!(
            data.accounts[4].attributes.name,
            "Competitor Secret Account"
        );
        assert_eq!(data.accounts[4].customer, OTHER_CUSTOMER);
        let legacy = &data.accounts[5];
        assert_eq!(
            (legacy.attributes.name.as_str(), legacy.customer),
            ("Legacy Account", OTHER_CUSTOMER)
        );
        assert_eq!(legacy.attributes.currency, None);
        assert!(
            data.accounts[..5]
                .iter()
                .all(|a| a.attributes.currency.is_some())
        );
    }

    #[test]
    fn sizes_and_uniqueness() {
        let data = data();
        assert!(
            data.network_prefixes.len() >= 10_000,
            "{}",
            data.network_prefixes.len()
        );
        assert_eq!(data.plain.rows::<NetworkType>().len(), 12);
        let ids: HashSet<&str> = data
            .network_prefixes
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        assert_eq!(ids.len(), data.network_prefixes.len());
        let prefixes: HashSet<&str> = data
            .network_prefixes
            .iter()
            .map(|p| p.attributes.prefix.as_str())
            .collect();
        assert_eq!(prefixes.len(), data.network_prefixes.len());
        let demo_rates = data
            .rates
            .iter()
            .filter(|r| r.rateplan == DEMO_STANDARD_INDEX)
            .count();
        assert!((200..=400).contains(&demo_rates));
        let exports = data.cdr_exports.read().unwrap();
        for status in ["Pending", "Completed", "Failed", "Deleted"] {
            assert!(
                exports
                    .iter()
                    .any(|e| e.attributes.status.to_string() == status)
            );
        }
        assert!(
            data.services
                .iter()
                .any(|s| s.attributes.state == ServiceState::Suspended)
        );
        for period in RenewPeriod::WORDS {
            assert!(data.services.iter().any(|s| {
                s.attributes.renew_period.as_ref().map(RenewPeriod::as_str) == Some(period)
            }));
        }
        assert!(data.accounts.iter().all(|a| !a.traffic.rates.is_empty()));
    }

    #[test]
    fn the_limited_login_signs_in_to_two_of_the_demo_accounts() {
        let data = data();
        let viewer = data
            .sign_in(LIMITED_LOGIN, LIMITED_LOGIN)
            .expect("limited login");
        assert_eq!(
            (viewer.customer, viewer.limited_login),
            (DEMO_CUSTOMER, Some(0))
        );
        let seen: Vec<&str> = (0..data.accounts.len())
            .filter(|&a| data.sees_account(viewer, a))
            .map(|a| data.accounts[a].attributes.name.as_str())
            .collect();
        assert_eq!(seen, ["Kyiv Wholesale", "Berlin Retail"]);
        assert!(data.sign_in(LIMITED_LOGIN, "wrong").is_none());
        let demo = data.sign_in(DEMO_LOGIN, DEMO_PASSWORD).expect("demo");
        assert_eq!(demo, Viewer::whole(DEMO_CUSTOMER));
    }

    #[test]
    fn the_restricted_login_sees_every_demo_account_under_its_own_profile() {
        let data = data();
        let viewer = data
            .sign_in(RESTRICTED_LOGIN, RESTRICTED_LOGIN)
            .expect("restricted login");
        assert_eq!(viewer.customer, DEMO_CUSTOMER);
        let seen = (0..data.accounts.len())
            .filter(|&a| data.sees_account(viewer, a))
            .count();
        assert_eq!(seen, 4);
        let login = &data.limited_logins[viewer.limited_login.expect("a login of its own")];
        assert_eq!(
            login.portal_access,
            Some(PortalAccess::without_prices_and_acd())
        );
    }

    #[test]
    fn a_mobile_number_matches_nested_prefixes_of_the_mobile_plan() {
        let data = data();
        let plan = data.rateplans[MOBILE_RATEPLAN_INDEX].clone();
        assert_eq!(
            (plan.attributes.name.as_str(), plan.customer),
            (MOBILE_RATEPLAN, DEMO_CUSTOMER)
        );
        let found: Vec<&str> = data
            .matching_rates(MOBILE_RATEPLAN_INDEX, "380671234567", data.started_at)
            .iter()
            .map(|r| r.attributes.prefix.as_str())
            .collect();
        assert_eq!(found, ["380671", "38067", "380"]);
        // The real lookup ignores the rates' number lengths; among the untagged rates only the
        // longest prefix is kept.
        let short: Vec<&str> = data
            .matching_rates(MOBILE_RATEPLAN_INDEX, "38050123", data.started_at)
            .iter()
            .map(|r| r.attributes.prefix.as_str())
            .collect();
        assert_eq!(short, ["38050"]);
        // The standard plans are the customers' own and price their calls.
        assert_eq!(
            data.rateplans[DEMO_STANDARD_INDEX].id,
            data.customers[0].rateplan_id
        );
        assert_eq!(
            data.rateplans[OTHER_STANDARD_INDEX].id,
            data.customers[1].rateplan_id
        );
        assert!(
            data.accounts
                .iter()
                .flat_map(|a| &a.traffic.rates)
                .all(|r| data.rates[*r].rateplan != MOBILE_RATEPLAN_INDEX)
        );
    }

    #[test]
    fn same_seed_same_data() {
        let a = data();
        let b = data();
        assert_eq!(a.accounts[0].id, b.accounts[0].id);
        assert_eq!(
            a.network_prefixes[777].attributes,
            b.network_prefixes[777].attributes
        );
        let c = DataSet::generate(43, a.started_at);
        assert_ne!(a.accounts[0].id, c.accounts[0].id);
        assert_eq!(c.accounts[0].attributes.name, "Kyiv Wholesale");
    }
}
