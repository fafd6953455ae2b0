//! The declarations: every collection of the API, each once (`collection!`), and the list of
//! them with their attribute structs (`declared!`), which makes [`Collection`].
//!
//! Adding a collection is its line in `declared!` and its `collection!` below; `cargo xtask
//! new-resource <path>` prints both with the names they get (docs/adding-a-resource.md).

use super::declare::{api_name, collection, kind, nullable, value_type, words};
use super::*;
use crate::filters::{FilterField, OperatorSet};
use OperatorSet::{Boolean, Choice, Inet, Numeric, RecordUuid, Text, Time, Uuid, UuidEq};

declared! {
    Accounts => Account,
    Services => Service,
    Cdrs => Cdr,
    IncomingCdrs => IncomingCdr,
    CdrExports => CdrExport,
    Rateplans => Rateplan,
    Rates => Rate,
    NetworkTypes => NetworkType,
    NetworkPrefixes => NetworkPrefix,
    Networks => Network,
    Countries => Country,
    Invoices => Invoice,
    Payments => Payment,
    Transactions => Transaction,
    OutgoingNumberlists => Numberlist,
    OutgoingNumberlistItems => NumberlistItem,
}

const fn filter(name: &'static str, set: OperatorSet) -> FilterField {
    FilterField {
        name,
        operators: Some(set),
        words: None,
    }
}

/// A plain filter: exact match, a comma-separated list meaning any of them.
const fn plain(name: &'static str) -> FilterField {
    FilterField {
        name,
        operators: None,
        words: None,
    }
}

/// A plain filter whose resource takes only these words.
const fn plain_among(name: &'static str, words: &'static [&'static str]) -> FilterField {
    FilterField {
        words: Some(words),
        ..plain(name)
    }
}

/// `account-id`: an account's UUID, looked up among all accounts.
const ACCOUNT: OperatorSet = RecordUuid(Collection::Accounts);

const ID: FilterField = plain("id");

/// Records of `collection` whose filter `filter` takes this record's id, listed on its page.
const fn listed(collection: Collection, filter: &'static str) -> Listed {
    Listed {
        collection,
        filter,
        downloadable: false,
    }
}

collection! {
    /// The customer's accounts: their balances against their limits, and their capacities.
    ACCOUNTS: Collection::Accounts,
    attributes: Account {
        name: Text,
        balance: Money("currency"),
        min_balance: Money("currency") or null,
        max_balance: Money("currency") or null,
        destination_rate_limit: Decimal or null,
        origination_capacity: Integer or null,
        termination_capacity: Integer or null,
        total_capacity: Integer or null,
        /// The currency's name (`USD`), computed from the account's currency record: the
        /// server cannot sort by it. Servers before 2026-03 send none.
        currency: Text or null [unsorted],
    },
    path: "accounts",
    sort_fails: &["currency"],
    filters: &[
        ID,
        filter("name", Text),
        filter("balance", Numeric),
        filter("min-balance", Numeric),
        filter("max-balance", Numeric),
        filter("balance-low-threshold", Numeric),
        filter("balance-high-threshold", Numeric),
        filter("destination-rate-limit", Numeric),
        filter("max-call-duration", Numeric),
        filter("origination-capacity", Numeric),
        filter("termination-capacity", Numeric),
        filter("total-capacity", Numeric),
        filter("external-id", Numeric),
        filter("uuid", Uuid),
    ],
    title: "name",
    key_fields: &["name", "balance", "min-balance"],
    section: Section::AccountAndMoney,
    profile_flag: Some(Flag::Account),
    summary: Some(Summary::Balance(&[
        "balance",
        "min-balance",
        "max-balance",
        "currency",
        "origination-capacity",
        "termination-capacity",
        "total-capacity",
    ])),
    lists: &[
        listed(Collection::Services, "account-id"),
        listed(Collection::Invoices, "account-id"),
        listed(Collection::Payments, "account-id"),
        listed(Collection::Cdrs, "account-id"),
    ],
    ..Spec::BASE
}

words! {
    /// A service's `state`.
    pub enum ServiceState {
        Active = "Active",
        Suspended = "Suspended",
    }
}

words! {
    /// How often a service renews (`renew-period`).
    pub enum RenewPeriod {
        Day = "Day",
        Month = "Month",
        Disabled = "Disabled",
    }
}

collection! {
    /// The customer's services (numbers, PBXs, trunks), charged when they start and renew.
    SERVICES: Collection::Services,
    attributes: Service {
        name: Text,
        state: Choice(ServiceState) [unsorted],
        initial_price: Decimal or null,
        renew_price: Decimal or null,
        created_at: Time,
        renew_at: Time or null,
        /// Its resource sorts by `renew_period`, a method over the `renew_period_id` column.
        renew_period: Choice(RenewPeriod) or null [unsorted],
        service_type: Text or null [unsorted],
        ui_type: Text or null [unsorted],
    },
    path: "services",
    sort_fails: &["renew-period"],
    relationships: &[
        to_one("account", "accounts"),
        Relationship {
            to_many: true,
            ..to_one("transactions", "transactions")
        },
    ],
    filters: &[
        ID,
        filter("name", Text),
        filter("account-id", ACCOUNT),
        filter("initial-price", Numeric),
        filter("renew-price", Numeric),
        filter("created-at", Time),
        filter("renew-at", Time),
        filter("renew-period", Choice(&["Day", "Month"])),
    ],
    default_sort: "name",
    title: "name",
    section: Section::AccountAndMoney,
    profile_flag: Some(Flag::Services),
    lists: &[listed(Collection::Transactions, "service-id")],
    action: Some(Action {
        name: "open-phone-system",
        path: "phone-systems-sessions",
        attribute: "service",
        opens: "phone-systems-url",
        when: Condition {
            attribute: "ui-type",
            equals: "phone_systems",
        },
    }),
    ..Spec::BASE
}

/// `auth-orig-transport-protocol-id` and its kin: the server's transport ids (the
/// `transport-protocols` resource that named them was removed in 2026).
const TRANSPORTS: &[(i64, &str)] = &[(1, "UDP"), (2, "TCP"), (3, "TLS"), (5, "WS")];

pub(super) const CDR_WINDOW: Window = Window {
    field: "time-start",
    default_hours: 24,
};

collection! {
    /// Outgoing CDRs: the customer's calls, their final routing attempt only. Operators may
    /// hide any attribute, so every one is optional in reading. A call's price is in the
    /// currency of the account it is billed to.
    CDRS: Collection::Cdrs,
    attributes: Cdr {
        time_start: Time or null,
        time_connect: Time or null [hidden],
        time_end: Time or null [hidden],
        duration: Integer or null,
        success: Boolean or null,
        src_prefix_in: Text or null,
        dst_prefix_in: Text or null,
        customer_price: Money("account.currency") or null,
        lega_disconnect_code: Integer or null,
        lega_disconnect_reason: Text or null,
        customer_duration: Integer or null [hidden],
        destination_prefix: Text or null [hidden],
        destination_initial_rate: Decimal or null [hidden],
        destination_initial_interval: Integer or null [hidden],
        destination_next_rate: Decimal or null [hidden],
        destination_next_interval: Integer or null [hidden],
        destination_fee: Decimal or null [hidden],
        src_name_in: Text or null [hidden],
        src_prefix_routing: Text or null [hidden],
        dst_prefix_routing: Text or null [hidden],
        diversion_in: Text or null [hidden],
        from_domain: Text or null [hidden],
        to_domain: Text or null [hidden],
        ruri_domain: Text or null [hidden],
        orig_call_id: Text or null [hidden],
        local_tag: Text or null [hidden],
        lega_user_agent: Text or null [hidden],
        auth_orig_transport_protocol_id: Named(TRANSPORTS) or null [hidden],
        auth_orig_ip: Text or null [hidden],
        auth_orig_port: Integer or null [hidden],
        /// Computed (a recording exists and the profile allows listening).
        rec: Boolean or null [unsorted],
    },
    path: "cdrs",
    sort_fails: &["rec"],
    id: IdKind::Integer,
    relationships: &[to_one("account", "accounts").as_column()],
    filters: &[
        filter("id", Numeric),
        filter("time-start", Time),
        filter("time-connect", Time),
        filter("time-end", Time),
        filter("duration", Numeric),
        filter("success", Boolean),
        filter("account-id", ACCOUNT),
        filter("src-prefix-in", Text),
        filter("dst-prefix-in", Text),
        filter("src-name-in", Text),
        filter("src-prefix-routing", Text),
        filter("dst-prefix-routing", Text),
        filter("diversion-in", Text),
        filter("destination-prefix", Text),
        filter("customer-price", Numeric),
        filter("customer-price-no-vat", Numeric),
        filter("customer-acc-vat", Numeric),
        filter("customer-duration", Numeric),
        filter("destination-initial-rate", Numeric),
        filter("destination-next-rate", Numeric),
        filter("destination-fee", Numeric),
        filter("destination-initial-interval", Numeric),
        filter("destination-next-interval", Numeric),
        filter("destination-reverse-billing", Boolean),
        filter("lega-disconnect-code", Numeric),
        filter("lega-disconnect-reason", Text),
        filter("orig-call-id", Text),
        filter("local-tag", Text),
        filter("auth-orig-transport-protocol-id", Numeric),
        filter("auth-orig-ip", Inet),
        filter("auth-orig-port", Numeric),
        filter("lega-user-agent", Text),
        filter("ruri-domain", Text),
        filter("to-domain", Text),
        filter("from-domain", Text),
        filter("pai-in", Text),
        filter("ppi-in", Text),
        filter("privacy-in", Text),
        filter("rpid-in", Text),
        filter("rpid-privacy-in", Text),
    ],
    default_sort: "-time-start",
    title: "time-start",
    key_fields: &[
        "time-start",
        "dst-prefix-in",
        "duration",
        "customer-price",
        "success",
    ],
    section: Section::Calls,
    profile_flag: Some(Flag::OutgoingCdrs),
    window: Some(CDR_WINDOW),
    groups: &[
        Group {
            name: "timing",
            fields: &[
                "time-start",
                "time-connect",
                "time-end",
                "duration",
                "customer-duration",
            ],
        },
        Group {
            name: "billing",
            fields: &[
                "customer-price",
                "destination-prefix",
                "destination-initial-rate",
                "destination-initial-interval",
                "destination-next-rate",
                "destination-next-interval",
                "destination-fee",
            ],
        },
        Group {
            name: "signalling",
            fields: &[
                "src-name-in",
                "src-prefix-in",
                "dst-prefix-in",
                "src-prefix-routing",
                "dst-prefix-routing",
                "diversion-in",
                "from-domain",
                "to-domain",
                "ruri-domain",
                "orig-call-id",
                "local-tag",
                "lega-user-agent",
                "auth-orig-transport-protocol-id",
                "auth-orig-ip",
                "auth-orig-port",
            ],
        },
        Group {
            name: "outcome",
            fields: &[
                "success",
                "lega-disconnect-code",
                "lega-disconnect-reason",
                "rec",
                "account",
            ],
        },
    ],
    recordings: true,
    exports_to: Some(Collection::CdrExports),
    ..Spec::BASE
}

collection! {
    /// Incoming CDRs: calls the customer terminated as a vendor, every routing attempt.
    INCOMING_CDRS: Collection::IncomingCdrs,
    attributes: IncomingCdr {
        time_start: Time or null,
        time_connect: Time or null [hidden],
        time_end: Time or null [hidden],
        duration: Integer or null,
        success: Boolean or null,
        src_prefix_out: Text or null,
        dst_prefix_out: Text or null,
        vendor_price: Money("account.currency") or null,
        legb_disconnect_code: Integer or null,
        legb_disconnect_reason: Text or null,
        vendor_duration: Integer or null [hidden],
        dialpeer_prefix: Text or null [hidden],
        dialpeer_initial_rate: Decimal or null [hidden],
        dialpeer_initial_interval: Integer or null [hidden],
        dialpeer_next_rate: Decimal or null [hidden],
        dialpeer_next_interval: Integer or null [hidden],
        dialpeer_fee: Decimal or null [hidden],
        src_name_out: Text or null [hidden],
        src_prefix_routing: Text or null [hidden],
        dst_prefix_routing: Text or null [hidden],
        diversion_out: Text or null [hidden],
        term_call_id: Text or null [hidden],
        local_tag: Text or null [hidden],
        legb_user_agent: Text or null [hidden],
        sign_term_transport_protocol_id: Named(TRANSPORTS) or null [hidden],
        sign_term_ip: Text or null [hidden],
        sign_term_port: Integer or null [hidden],
        rec: Boolean or null [unsorted],
    },
    path: "incoming-cdrs",
    sort_fails: &["rec"],
    id: IdKind::Integer,
    relationships: &[to_one("account", "accounts").as_column()],
    filters: &[
        filter("id", Numeric),
        filter("time-start", Time),
        filter("time-connect", Time),
        filter("time-end", Time),
        filter("duration", Numeric),
        filter("success", Boolean),
        filter("account-id", ACCOUNT),
        filter("src-prefix-out", Text),
        filter("dst-prefix-out", Text),
        filter("src-name-out", Text),
        filter("src-prefix-routing", Text),
        filter("dst-prefix-routing", Text),
        filter("diversion-out", Text),
        filter("dialpeer-prefix", Text),
        filter("vendor-price", Numeric),
        filter("vendor-duration", Numeric),
        filter("dialpeer-initial-rate", Numeric),
        filter("dialpeer-next-rate", Numeric),
        filter("dialpeer-fee", Numeric),
        filter("dialpeer-initial-interval", Numeric),
        filter("dialpeer-next-interval", Numeric),
        filter("dialpeer-reverse-billing", Boolean),
        filter("legb-disconnect-code", Numeric),
        filter("legb-disconnect-reason", Text),
        filter("local-tag", Text),
        filter("term-call-id", Text),
        filter("legb-user-agent", Text),
        // A string filter on the real server, not an inet one.
        filter("sign-term-ip", Text),
        filter("sign-term-port", Numeric),
        filter("sign-term-transport-protocol-id", Numeric),
    ],
    default_sort: "-time-start",
    title: "time-start",
    key_fields: &[
        "time-start",
        "src-prefix-out",
        "duration",
        "vendor-price",
        "success",
    ],
    section: Section::Calls,
    profile_flag: Some(Flag::IncomingCdrs),
    window: Some(CDR_WINDOW),
    groups: &[
        Group {
            name: "timing",
            fields: &[
                "time-start",
                "time-connect",
                "time-end",
                "duration",
                "vendor-duration",
            ],
        },
        Group {
            name: "billing",
            fields: &[
                "vendor-price",
                "dialpeer-prefix",
                "dialpeer-initial-rate",
                "dialpeer-initial-interval",
                "dialpeer-next-rate",
                "dialpeer-next-interval",
                "dialpeer-fee",
            ],
        },
        Group {
            name: "signalling",
            fields: &[
                "src-name-out",
                "src-prefix-out",
                "dst-prefix-out",
                "src-prefix-routing",
                "dst-prefix-routing",
                "diversion-out",
                "term-call-id",
                "local-tag",
                "legb-user-agent",
                "sign-term-transport-protocol-id",
                "sign-term-ip",
                "sign-term-port",
            ],
        },
        Group {
            name: "outcome",
            fields: &[
                "success",
                "legb-disconnect-code",
                "legb-disconnect-reason",
                "rec",
                "account",
            ],
        },
    ],
    recordings: true,
    ..Spec::BASE
}

words! {
    /// A CDR export's `status`.
    pub enum CdrExportStatus {
        Pending = "Pending",
        Completed = "Completed",
        Failed = "Failed",
        Deleted = "Deleted",
    }
}

words! {
    /// How a CDR export writes its times (`time-format`).
    pub enum CdrExportTimeFormat {
        WithTimezone = "with_timezone",
        WithoutTimezone = "without_timezone",
        RoundToSeconds = "round_to_seconds",
    }
}

collection! {
    /// Files of the customer's calls the server makes on request: Pending until written, then
    /// Completed and downloadable.
    CDR_EXPORTS: Collection::CdrExports,
    attributes: CdrExport {
        created_at: Time,
        status: Choice(CdrExportStatus),
        rows_count: Integer or null,
        /// Keys use underscores (`time_start_gteq`, `success_eq`, …); values vary by key.
        filters: Conditions [unsorted],
        time_format: Choice(CdrExportTimeFormat) or null,
        time_zone_name: Text or null,
        updated_at: Time,
    },
    path: "cdr-exports",
    // A `json` column: the database has no order for it.
    sort_fails: &["filters"],
    relationships: &[to_one("account", "accounts")],
    filters: &[
        ID,
        filter("status", Choice(CdrExportStatus::WORDS)),
        filter("rows-count", Numeric),
        filter("created-at", Time),
        filter("updated-at", Time),
        filter("time-zone-name", Text),
        filter("account-id", ACCOUNT),
        // Verified by the resource (`time_format_filter_verifier`).
        plain_among("time-format", CdrExportTimeFormat::WORDS),
    ],
    default_sort: "-created-at",
    title: "created-at",
    key_fields: &["created-at", "status", "rows-count"],
    section: Section::Calls,
    profile_flag: Some(Flag::OutgoingCdrExports),
    settles: Some(Condition {
        attribute: "status",
        equals: "Pending",
    }),
    download: Some(Download {
        action: "download",
        when: Condition {
            attribute: "status",
            equals: "Completed",
        },
        file_name: "cdr-export-{id}.csv.gz",
        server_name_first: false,
    }),
    create: Some(Creation {
        segment: "new",
        path: "cdr-exports",
        profile_flag: None,
        form: Form::CdrExport,
    }),
    ..Spec::BASE
}

collection! {
    /// The rate plans the customer's traffic is priced with; a plan's page lists its rates
    /// (its rate deck, downloadable whole as CSV). `check-rate` looks a number up in one.
    RATEPLANS: Collection::Rateplans,
    attributes: Rateplan {
        name: Text,
    },
    path: "rateplans",
    filters: &[ID, filter("name", Text)],
    default_sort: "name",
    title: "name",
    section: Section::Rates,
    profile_flag: Some(Flag::OutgoingRateplans),
    lists: &[Listed {
        downloadable: true,
        ..listed(Collection::Rates, "rateplan-id")
    }],
    ..Spec::BASE
}

collection! {
    /// The rates of the customer's rate plans: a prefix's price per minute, in intervals.
    RATES: Collection::Rates,
    attributes: Rate {
        prefix: Text,
        dst_number_min_length: Integer or null,
        dst_number_max_length: Integer or null,
        enabled: Boolean,
        reject_calls: Boolean,
        initial_rate: Decimal,
        /// Billing interval in seconds.
        initial_interval: Integer,
        next_rate: Decimal,
        /// Billing interval in seconds.
        next_interval: Integer,
        connect_fee: Decimal or null,
        attempt_fee: Decimal or null,
        valid_from: Time,
        valid_till: Time or null,
        /// An internal integer on real servers, although the specification calls it an
        /// identifier.
        network_prefix_id: Reference or null [hidden],
    },
    path: "rates",
    filters: &[
        ID,
        filter("prefix", Text),
        filter("dst-number-min-length", Numeric),
        filter("dst-number-max-length", Numeric),
        filter("enabled", Boolean),
        filter("reject-calls", Boolean),
        filter("initial-rate", Numeric),
        filter("initial-interval", Numeric),
        filter("next-rate", Numeric),
        filter("next-interval", Numeric),
        filter("connect-fee", Numeric),
        filter("attempt-fee", Numeric),
        filter("valid-from", Time),
        filter("valid-till", Time),
        filter("uuid", Uuid),
        filter("rateplan-id", UuidEq),
        filter("account-id", UuidEq),
    ],
    default_sort: "prefix",
    title: "prefix",
    key_fields: &["prefix", "initial-rate", "next-rate", "valid-till"],
    section: Section::Rates,
    profile_flag: Some(Flag::OutgoingRateplans),
    pick: Some(Pick {
        filter: "rateplan-id",
        from: Collection::Rateplans,
    }),
    ..Spec::BASE
}

collection! {
    /// The kinds of network (mobile, fixed, …), reached from a network.
    NETWORK_TYPES: Collection::NetworkTypes,
    attributes: NetworkType {
        name: Text,
    },
    path: "network-types",
    filters: &[ID, filter("name", Text)],
    default_sort: "name",
    title: "name",
    ..Spec::BASE
}

collection! {
    /// The prefixes of numbers of each network.
    NETWORK_PREFIXES: Collection::NetworkPrefixes,
    attributes: NetworkPrefix {
        prefix: Text,
        number_min_length: Integer or null,
        number_max_length: Integer or null,
    },
    path: "network-prefixes",
    relationships: &[to_one("network", "networks").as_column()],
    // The server declares all three as strings, lengths included.
    filters: &[
        ID,
        filter("prefix", Text),
        filter("number-min-length", Text),
        filter("number-max-length", Text),
    ],
    default_sort: "prefix",
    title: "prefix",
    ..Spec::BASE
}

collection! {
    /// A network (an operator's), reached from a network prefix.
    NETWORKS: Collection::Networks,
    attributes: Network {
        name: Text,
    },
    path: "networks",
    relationships: &[to_one("network-type", "network-types").as_column()],
    filters: &[ID, filter("name", Text)],
    default_sort: "name",
    title: "name",
    ..Spec::BASE
}

collection! {
    /// The countries, used by statistics filters.
    COUNTRIES: Collection::Countries,
    attributes: Country {
        name: Text,
        iso2: Text or null,
    },
    path: "countries",
    id: IdKind::Integer,
    filters: &[ID, plain("name"), plain("iso2")],
    default_sort: "name",
    title: "name",
    detail_page: false,
    ..Spec::BASE
}

collection! {
    /// Approved invoices of the customer's accounts, newest period first: the summary a table
    /// shows, then the customer's charges in each part (hidden columns), calls it originated
    /// and calls it terminated.
    INVOICES: Collection::Invoices,
    attributes: Invoice {
        reference: Text,
        start_date: Time,
        end_date: Time,
        amount_spent: Money("account.currency") or null,
        /// Computed: a PDF document exists.
        has_pdf: Boolean or null [unsorted],
        services_amount_spent: Money("account.currency") or null [hidden],
        service_transactions_count: Integer or null [hidden],
        originated_amount_spent: Money("account.currency") or null [hidden],
        originated_calls_count: Integer or null [hidden],
        originated_successful_calls_count: Integer or null [hidden],
        originated_calls_duration: Duration or null [hidden],
        originated_billing_duration: Duration or null [hidden],
        /// Delegated to `first_originated_call_at`: the server sorts by a column that is not.
        originated_first_call_at: Time or null [unsorted, hidden],
        originated_last_call_at: Time or null [unsorted, hidden],
        terminated_amount_spent: Money("account.currency") or null [hidden],
        terminated_calls_count: Integer or null [hidden],
        terminated_successful_calls_count: Integer or null [hidden],
        terminated_calls_duration: Duration or null [hidden],
        terminated_billing_duration: Duration or null [hidden],
        terminated_first_call_at: Time or null [unsorted, hidden],
        terminated_last_call_at: Time or null [unsorted, hidden],
    },
    path: "invoices",
    sort_fails: &[
        "has-pdf",
        "originated-first-call-at",
        "originated-last-call-at",
        "terminated-first-call-at",
        "terminated-last-call-at",
    ],
    relationships: &[to_one("account", "accounts").as_column()],
    filters: &[
        ID,
        filter("reference", Text),
        filter("start-date", Time),
        filter("end-date", Time),
        filter("amount-spent", Numeric),
        filter("account-id", ACCOUNT),
        filter("originated-amount-spent", Numeric),
        filter("originated-calls-count", Numeric),
        filter("originated-successful-calls-count", Numeric),
        filter("originated-calls-duration", Numeric),
        filter("originated-billing-duration", Numeric),
        filter("originated-first-call-at", Time),
        filter("originated-last-call-at", Time),
        filter("terminated-amount-spent", Numeric),
        filter("terminated-calls-count", Numeric),
        filter("terminated-successful-calls-count", Numeric),
        filter("terminated-calls-duration", Numeric),
        filter("terminated-billing-duration", Numeric),
        filter("terminated-first-call-at", Time),
        filter("terminated-last-call-at", Time),
        filter("services-amount-spent", Numeric),
        filter("service-transactions-count", Numeric),
    ],
    default_sort: "-start-date",
    title: "reference",
    key_fields: &["reference", "start-date", "end-date", "amount-spent"],
    section: Section::AccountAndMoney,
    profile_flag: Some(Flag::Invoices),
    summary: Some(Summary::InvoiceParts),
    download: Some(Download {
        action: "download",
        when: Condition {
            attribute: "has-pdf",
            equals: "true",
        },
        file_name: "invoice-{id}.pdf",
        server_name_first: true,
    }),
    ..Spec::BASE
}

words! {
    /// A payment's `status`. Rolled-back payments keep theirs (and get a `rolledback-at`):
    /// the real server has no `rolled_back` status.
    pub enum PaymentStatus {
        Completed = "completed",
        Pending = "pending",
        Canceled = "canceled",
    }
}

words! {
    /// A payment's `type-name`: entered by the operator, or a crypto top-up the customer made.
    pub enum PaymentType {
        Manual = "manual",
        Cryptomus = "cryptomus",
    }
}

collection! {
    /// Payments to the customer's accounts (rolled-back ones never show), newest first. The
    /// server sorts them only by amount, notes and time.
    PAYMENTS: Collection::Payments,
    attributes: Payment {
        created_at: Time,
        amount: Money("currency"),
        status: Choice(PaymentStatus) [unsorted],
        type_name: Choice(PaymentType) [unsorted],
        balance_before_payment: Money("currency") or null [unsorted],
        notes: Text or null,
        /// The account's currency; none when the account has none.
        currency: Text or null [unsorted, hidden],
        /// Set on a rolled-back payment, which the API never shows.
        rolledback_at: Time or null [unsorted, hidden],
    },
    path: "payments",
    sorts_by_id: false,
    relationships: &[to_one("account", "accounts").as_column()],
    filters: &[
        ID,
        filter("uuid", Uuid),
        filter("status", Choice(PaymentStatus::WORDS)),
        filter("type-name", Choice(PaymentType::WORDS)),
        filter("amount", Numeric),
        filter("notes", Text),
        filter("created-at", Time),
        filter("rolledback-at", Time),
        filter("account-id", ACCOUNT),
    ],
    default_sort: "-created-at",
    title: "created-at",
    key_fields: &["created-at", "amount", "status"],
    section: Section::AccountAndMoney,
    profile_flag: Some(Flag::Payments),
    // Crypto top-up: off unless the operator turns it on.
    create: Some(Creation {
        segment: "top-up",
        path: "cryptomus-payments",
        profile_flag: Some(Flag::PaymentsCryptomus),
        form: Form::TopUp,
    }),
    ..Spec::BASE
}

collection! {
    /// Charges for services, newest first. The server sorts them only by id, time, amount and
    /// service (its key).
    TRANSACTIONS: Collection::Transactions,
    attributes: Transaction {
        created_at: Time,
        description: Text [unsorted],
        amount: Money("account.currency"),
    },
    path: "transactions",
    relationships: &[
        to_one("service", "services")
            .as_column()
            .sorted_by("service-id"),
        to_one("account", "accounts").as_column(),
    ],
    filters: &[
        ID,
        filter("created-at", Time),
        filter("description", Text),
        filter("amount", Numeric),
        filter("service-id", RecordUuid(Collection::Services)),
        filter("account-id", ACCOUNT),
    ],
    default_sort: "-created-at",
    title: "description",
    key_fields: &["description", "created-at", "amount"],
    section: Section::AccountAndMoney,
    profile_flag: Some(Flag::Transactions),
    ..Spec::BASE
}

/// What a number list does with a number it holds (`default-action-id`, an item's
/// `action-id`).
pub const NUMBERLIST_ACTIONS: &[(i64, &str)] = &[(1, "reject"), (2, "allow")];
/// How a number list matches numbers (`mode-id`).
pub const NUMBERLIST_MODES: &[(i64, &str)] = &[(1, "strict"), (2, "prefix"), (3, "random")];

collection! {
    /// The customer's block and allow lists of numbers (those its API access allows and its
    /// trunks use). Read-only: their items are what the customer edits.
    OUTGOING_NUMBERLISTS: Collection::OutgoingNumberlists,
    attributes: Numberlist {
        name: Text,
        mode_id: Named(NUMBERLIST_MODES) or null,
        default_action_id: Named(NUMBERLIST_ACTIONS) or null,
    },
    path: "outgoing-numberlists",
    route: "numberlists",
    id: IdKind::Integer,
    filters: &[
        ID,
        filter("name", Text),
        filter("default-action-id", Numeric),
        filter("mode-id", Numeric),
    ],
    default_sort: "name",
    title: "name",
    section: Section::Calls,
    profile_flag: Some(Flag::OutgoingNumberlists),
    ..Spec::BASE
}

collection! {
    /// The numbers (or prefixes) of a number list, each with its own action or the list's
    /// default (`action-id` null). Created one by one or many at once (`batch-key`), changed
    /// and deleted by the customer.
    OUTGOING_NUMBERLIST_ITEMS: Collection::OutgoingNumberlistItems,
    attributes: NumberlistItem {
        key: Text,
        action_id: Named(NUMBERLIST_ACTIONS) or null,
    },
    path: "outgoing-numberlist-items",
    // A virtual attribute of the items' model (a new batch's keys).
    sort_fails: &["batch-key"],
    id: IdKind::Integer,
    relationships: &[to_one("outgoing-numberlist", "outgoing-numberlists")],
    filters: &[
        ID,
        filter("numberlist-id", Numeric),
        filter("key", Text),
        filter("action-id", Numeric),
    ],
    default_sort: "key",
    title: "key",
    section: Section::Calls,
    profile_flag: Some(Flag::OutgoingNumberlists),
    detail_page: false,
    within: Some(listed(Collection::OutgoingNumberlists, "numberlist-id")),
    ..Spec::BASE
}
