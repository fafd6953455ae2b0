//! One declaration per collection of the API: what the real server offers (path and type, kind
//! of id, attributes and the kind of their values, filters with their operators, the fields it
//! sorts by, its default order, relationships) and where a customer portal shows it (section,
//! detail page, the `GET /profiles` flag that allows it, the attribute that names a record).
//!
//! The portal's routes, navigation, list and detail pages and CSV export, and the demo server's
//! collection handling, all read these declarations. Adding a collection is a variant of
//! [`Collection`] and its [`Spec`] below (plus its texts in the portal and its demo data).

use crate::filters::{FilterField, OperatorSet};
use crate::profile::Flag;

/// The collections of the API.
///
/// `repr(u8)`: a page of one crosses into a wasm chunk of the portal as a plain argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Collection {
    Accounts,
    Services,
    Cdrs,
    IncomingCdrs,
    CdrExports,
    Rateplans,
    Rates,
    NetworkTypes,
    NetworkPrefixes,
    Networks,
    Countries,
    Invoices,
    Payments,
    Transactions,
    OutgoingNumberlists,
    OutgoingNumberlistItems,
}

impl Collection {
    /// The collection whose path (or JSON:API type) this is.
    pub fn from_path(path: &str) -> Option<Collection> {
        Collection::ALL.into_iter().find(|c| c.path() == path)
    }

    /// The filters the real server accepts on this collection.
    pub fn filter_fields(self) -> &'static [FilterField] {
        self.spec().filters
    }

    pub fn filter_field(self, name: &str) -> Option<FilterField> {
        self.spec().filter_field(name)
    }

    /// The collection whose records are shown and edited on this collection's record page
    /// (a number list's items on the list's page), when there is one.
    pub fn edited_within(self) -> Option<Collection> {
        Collection::ALL.into_iter().find(|other| {
            other
                .spec()
                .within
                .is_some_and(|within| within.collection == self)
        })
    }

    /// The collection whose pages are at `/<route>` in the portal; collections shown only
    /// within another's record page have none.
    pub fn from_route(route: &str) -> Option<Collection> {
        Collection::ALL
            .into_iter()
            .find(|c| c.has_own_pages() && c.route() == route)
    }
}

/// Each collection's declaration. Besides [`Collection::spec`], the few facts a portal's first
/// load needs (the path, which pages there are) are read from the declarations at compile
/// time, so that code needs none of the declarations' other data.
macro_rules! declared {
    ($($variant:ident => $spec:ident),* $(,)?) => {
        impl Collection {
            /// Every collection, in the order of `declared!` (the navigation's).
            pub const ALL: [Collection; [$(stringify!($variant)),*].len()] =
                [$(Collection::$variant),*];

            /// The declaration of the collection.
            pub fn spec(self) -> &'static Spec {
                match self {
                    $(Collection::$variant => &$spec,)*
                }
            }

            /// Path segment below the API root, which is also the JSON:API `type`.
            pub const fn path(self) -> &'static str {
                match self {
                    $(Collection::$variant => $spec.path,)*
                }
            }

            /// The portal's path segment of the collection's pages: its path, unless the
            /// declaration names a shorter one (`numberlists`).
            pub const fn route(self) -> &'static str {
                match self {
                    $(Collection::$variant => {
                        if $spec.route.is_empty() { $spec.path } else { $spec.route }
                    })*
                }
            }

            /// Whether the collection has a list page (and navigation entry) of its own,
            /// rather than being shown only within another collection's record page.
            pub const fn has_own_pages(self) -> bool {
                match self {
                    $(Collection::$variant => $spec.within.is_none(),)*
                }
            }

            /// Whether a record has a page of its own.
            pub const fn has_detail_page(self) -> bool {
                match self {
                    $(Collection::$variant => $spec.detail_page,)*
                }
            }

            /// The `GET /profiles` flag that allows the collection.
            pub const fn profile_flag(self) -> Option<Flag> {
                match self {
                    $(Collection::$variant => $spec.profile_flag,)*
                }
            }

            /// The group of the navigation it is in.
            pub const fn section(self) -> Section {
                match self {
                    $(Collection::$variant => $spec.section,)*
                }
            }

            /// The form that creates the collection's records, if the customer has one.
            pub const fn creation(self) -> Option<Creation> {
                match self {
                    $(Collection::$variant => $spec.create,)*
                }
            }

            /// Whether the customer creates records with a form.
            pub const fn is_creatable(self) -> bool {
                self.creation().is_some()
            }
        }
    };
}

declared! {
    Accounts => ACCOUNTS,
    Services => SERVICES,
    Cdrs => CDRS,
    IncomingCdrs => INCOMING_CDRS,
    CdrExports => CDR_EXPORTS,
    Rateplans => RATEPLANS,
    Rates => RATES,
    NetworkTypes => NETWORK_TYPES,
    NetworkPrefixes => NETWORK_PREFIXES,
    Networks => NETWORKS,
    Countries => COUNTRIES,
    Invoices => INVOICES,
    Payments => PAYMENTS,
    Transactions => TRANSACTIONS,
    OutgoingNumberlists => OUTGOING_NUMBERLISTS,
    OutgoingNumberlistItems => OUTGOING_NUMBERLIST_ITEMS,
}

/// How the collection's records are identified.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdKind {
    /// A UUID (most resources).
    Uuid,
    /// An integer, sent as a string (CDRs, number lists, countries).
    Integer,
}

impl IdKind {
    /// Whether `id` has this form; a record id of another form cannot exist.
    pub fn accepts(self, id: &str) -> bool {
        let id = id.trim();
        match self {
            IdKind::Uuid => is_uuid(id),
            IdKind::Integer => {
                !id.is_empty() && id.len() <= 19 && id.bytes().all(|b| b.is_ascii_digit())
            }
        }
    }
}

/// `8-4-4-4-12` hexadecimal digits, as the server's UUID columns take them.
pub fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(group, len)| group.len() == len && group.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// What an attribute's values are, for showing, sorting and exporting them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Text,
    Integer,
    /// An exact decimal (rates, fees, limits), sent as a string or a number.
    Decimal,
    /// An amount of money in the currency named by another attribute of the same record, or
    /// by `relationship.attribute` of a related record the document includes (a CDR's price is
    /// in its account's currency), when there is one (older servers send no `currency`).
    Money {
        currency: &'static str,
    },
    /// An integer code with a name for the codes this portal knows (a CDR's transport: 1 is
    /// UDP); an unknown code is shown as sent.
    Named(&'static [(i64, &'static str)]),
    Boolean,
    /// A length of time in whole seconds, shown in hours and minutes (an invoice's call time).
    Duration,
    /// An ISO 8601 timestamp.
    Time,
    /// One word of a known set (`Pending`, `Completed`, …), shown in the reader's language; a
    /// word this portal does not know is shown as sent.
    Choice(&'static [&'static str]),
    /// Conditions by name, such as a CDR export's `filters` (`{"time_start_gteq": …}`).
    Conditions,
    /// The identifier of another record, integer or text (`network-prefix-id`).
    Reference,
}

impl Kind {
    /// Values of the kind are numbers (right-aligned in tables, unquoted in CSV).
    pub const fn is_numeric(self) -> bool {
        matches!(
            self,
            Kind::Integer | Kind::Duration | Kind::Decimal | Kind::Money { .. }
        )
    }
}

/// How a field shows in the list's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// Shown unless the user hides it.
    Shown,
    /// Offered in the column chooser, hidden at first.
    Optional,
}

/// One attribute of a collection's records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Field {
    /// The attribute's name in the API, which is also its `sort` name.
    pub name: &'static str,
    pub kind: Kind,
    /// The real server sorts by it (only database columns sort; computed attributes fail).
    pub sortable: bool,
    pub column: Column,
}

const fn field(name: &'static str, kind: Kind) -> Field {
    Field {
        name,
        kind,
        sortable: true,
        column: Column::Shown,
    }
}

impl Field {
    /// The server cannot sort by it.
    const fn unsorted(self) -> Field {
        Field {
            sortable: false,
            ..self
        }
    }

    /// Hidden until chosen.
    const fn optional(self) -> Field {
        Field {
            column: Column::Optional,
            ..self
        }
    }
}

/// A relationship of a collection's records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Relationship {
    pub name: &'static str,
    /// The JSON:API type of the related records.
    pub target: &'static str,
    pub to_many: bool,
    /// Lists ask the server to include it and show the related record's name as a column.
    pub column: bool,
    /// The name the real server sorts records by this relationship under, when it does: its
    /// key column (a transaction's `service-id`, the service's database id), so the rows of
    /// one related record come together, in the order those records were made.
    pub sort_key: Option<&'static str>,
}

const fn to_one(name: &'static str, target: &'static str) -> Relationship {
    Relationship {
        name,
        target,
        to_many: false,
        column: false,
        sort_key: None,
    }
}

impl Relationship {
    const fn as_column(self) -> Relationship {
        Relationship {
            column: true,
            ..self
        }
    }

    const fn sorted_by(self, key: &'static str) -> Relationship {
        Relationship {
            sort_key: Some(key),
            ..self
        }
    }
}

/// `attribute == value`, for states a record is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Condition {
    pub attribute: &'static str,
    pub equals: &'static str,
}

/// A file a record offers: `GET /<type>/<id>/<action>`, when the record is in a given state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Download {
    pub action: &'static str,
    pub when: Condition,
    /// The file's name; `{id}` stands for the record's id.
    pub file_name: &'static str,
    /// The name the server gives the file (`Content-Disposition`) is kept instead of
    /// `file_name`: an invoice's `<reference>.pdf` says more than its id, an export's bare
    /// `<uuid>.csv.gz` less.
    pub server_name_first: bool,
}

/// Fields a detail page shows together under one heading (a call's timing, its billing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Group {
    /// The group's name, for its heading in the portal's texts.
    pub name: &'static str,
    /// Attribute and relationship names, in the order shown.
    pub fields: &'static [&'static str],
}

/// A collection the server shows only a window of by time: without a lower bound on `field`
/// it answers only the last `default_hours` (CDRs: the last 24 hours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Window {
    /// The time attribute, also the filter name (`time-start`).
    pub field: &'static str,
    pub default_hours: i64,
}

impl Window {
    /// Whether filters with these names bound the window from below, so the server adds no
    /// floor of its own, as yeti-web's resource decides: its floor is the default of the
    /// `gteq` operator, which a `gteq` of the request's replaces (in either spelling); it skips
    /// the floor for `gt` and `eq` only when the request's raw key is underscored
    /// (`time_start_gt`), so `time-start-gt` still gets it, and so does `time-start-lt` alone.
    pub fn bounded_by<'a>(&self, filter_names: impl IntoIterator<Item = &'a str>) -> bool {
        let underscored = self.field.replace('-', "_");
        filter_names.into_iter().any(|name| {
            name.replace('_', "-") == format!("{}-gteq", self.field)
                || name == format!("{underscored}_gt")
                || name == format!("{underscored}_eq")
        })
    }
}

/// Records of another collection that belong to this one, shown on its detail page (the latest
/// few, linked to the whole list): an account's invoices, a service's charges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Listed {
    pub collection: Collection,
    /// The other collection's filter that takes this record's id (`account-id`).
    pub filter: &'static str,
    /// The record's whole list of them downloads as CSV from its page (a rate plan's rate
    /// deck).
    pub downloadable: bool,
}

/// A filter a list offers as a choice among another collection's records, by name (rates by
/// rate plan): `filter[<filter>-eq]=<id>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pick {
    pub filter: &'static str,
    pub from: Collection,
}

/// Records shown only on a record page of another collection, all of them, which the customer
/// edits there (a number list's items): the other collection and its filter that takes the
/// record's id.
pub type Within = Listed;

/// A request a record offers on its page, `POST /<path>` with the record's id as the
/// attribute `attribute`, answered with an address to open in a new tab (a service's hosted
/// phone system).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    /// The action's name, for its button in the portal's texts.
    pub name: &'static str,
    pub path: &'static str,
    pub attribute: &'static str,
    /// The answer's attribute holding the address.
    pub opens: &'static str,
    pub when: Condition,
}

/// A form of the portal that creates a record: `POST /<path>` from the page
/// `/<collection>/<segment>` (a CDR export's `/cdr-exports/new`; a top-up, which posts to
/// `/cryptomus-payments` and makes a payment, at `/payments/top-up`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Creation {
    pub segment: &'static str,
    pub path: &'static str,
    /// The `GET /profiles` flag that must allow the form, when it is not the collection's.
    pub profile_flag: Option<Flag>,
    pub form: Form,
}

/// What a creation form asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// These inputs, in order: the portal's one declared form shows, checks and posts them
    /// ([`crate::creation`]), and opens the created record's page.
    Inputs(&'static [Input]),
    /// A CDR export's: its attributes are a call filter over a time window, prefilled from a
    /// call list's view (`crate::cdr_export`), which inputs cannot say.
    CdrExport,
    /// A top-up's: the answer is a provider's page to go to and a payment to follow there and
    /// back, which inputs cannot say.
    TopUp,
}

/// One input of a declared creation form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Input {
    /// The attribute's name (or the relationship's, with `to`), as the server's 422 pointers
    /// name it.
    pub name: &'static str,
    /// What the typed text must be: `Text`, `Integer`, `Decimal`, `Boolean` or `Choice`.
    pub kind: Kind,
    pub required: bool,
    /// Sent as a to-one relationship to a record of this type (`accounts`: chosen among the
    /// customer's accounts) instead of an attribute.
    pub to: Option<&'static str>,
}

/// What a record page shows above the attributes, when the records have a view of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Summary {
    /// An account's balance against its limits and its capacities (these attributes, left out
    /// of the attribute list below it), and its figures of today.
    Balance(&'static [&'static str]),
    /// An invoice's breakdown: calls made, calls received, services, and the total.
    InvoiceParts,
}

/// The part of a customer's business a collection belongs to: one group of the navigation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    Overview,
    AccountAndMoney,
    Calls,
    Statistics,
    Rates,
    Reference,
}

impl Section {
    pub const ALL: [Section; 6] = [
        Section::Overview,
        Section::AccountAndMoney,
        Section::Calls,
        Section::Statistics,
        Section::Rates,
        Section::Reference,
    ];
}

/// The declaration of one collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// Path segment below the API root, and the JSON:API `type`.
    pub path: &'static str,
    /// The portal's path segment, when not `path` (`/numberlists` for
    /// `outgoing-numberlists`).
    pub route: &'static str,
    pub id: IdKind,
    /// The real server sorts by `id`.
    pub sorts_by_id: bool,
    /// Names the real server takes in `sort` but its database cannot order by: its resource
    /// lists them among its attributes (and has no `sortable_fields` of its own leaving them
    /// out), yet they are no column of the table: computed attributes (an account's
    /// `currency`), a JSON column (an export's `filters`), a name delegated to another column
    /// (an invoice's `originated-first-call-at` is `first_originated_call_at`). Such a request
    /// fails with `500 Internal Server Error`; the fields are never offered for sorting (they
    /// are `unsorted`), and any other name not sorted by is `400 Invalid sort criteria`.
    pub sort_fails: &'static [&'static str],
    /// Attributes, in the order a table shows them.
    pub fields: &'static [Field],
    pub relationships: &'static [Relationship],
    /// Filters, in the order a filter picker offers them.
    pub filters: &'static [FilterField],
    /// The order the server uses when the request names none (`-created-at`); empty when it
    /// names none.
    pub default_sort: &'static str,
    /// The attribute that names a record: its detail page's heading, and the link to it.
    pub title: &'static str,
    /// What a reader looks for first in a row (a call's time, destination, duration, price
    /// and outcome), in that order: a narrow screen shows each row as a card that leads with
    /// them, the row's other columns small below. Empty for the title alone.
    pub key_fields: &'static [&'static str],
    pub section: Section,
    /// The `GET /profiles` flag that must be true for the customer to be shown the collection;
    /// `None` for reference data every customer sees.
    pub profile_flag: Option<Flag>,
    pub detail_page: bool,
    /// A record in this state is still changing on the server; its page reloads it.
    pub settles: Option<Condition>,
    pub download: Option<Download>,
    /// Without a time bound, the server shows only a recent window.
    pub window: Option<Window>,
    /// How the detail page groups the fields; empty for one plain list of them.
    pub groups: &'static [Group],
    /// `GET /<type>/<id>/rec` offers the call's recording when the `rec` attribute is true.
    pub recordings: bool,
    /// The customer creates records with a form of the portal.
    pub create: Option<Creation>,
    /// What the record page shows above the attributes, when not only them.
    pub summary: Option<Summary>,
    /// The creatable collection a list's view can be handed to (calls → a CDR export).
    pub exports_to: Option<Collection>,
    /// Other collections' records the detail page lists.
    pub lists: &'static [Listed],
    /// A filter of the list chosen among another collection's records.
    pub pick: Option<Pick>,
    pub action: Option<Action>,
    /// The records are shown and edited within a record page of another collection (a number
    /// list's items on the list's page), not on pages of their own.
    pub within: Option<Within>,
}

impl Spec {
    const BASE: Spec = Spec {
        path: "",
        route: "",
        id: IdKind::Uuid,
        sorts_by_id: true,
        sort_fails: &[],
        fields: &[],
        relationships: &[],
        filters: &[],
        default_sort: "",
        title: "",
        key_fields: &[],
        section: Section::Reference,
        profile_flag: None,
        detail_page: true,
        settles: None,
        download: None,
        window: None,
        groups: &[],
        recordings: false,
        create: None,
        summary: None,
        exports_to: None,
        lists: &[],
        pick: None,
        action: None,
        within: None,
    };

    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    pub fn filter_field(&self, name: &str) -> Option<FilterField> {
        self.filters.iter().copied().find(|f| f.name == name)
    }

    /// The place of a field among the row card's [`Spec::key_fields`] (the title's is 0 when
    /// none are declared); `None` for the others.
    pub fn key_place(&self, name: &str) -> Option<usize> {
        if self.key_fields.is_empty() {
            return (name == self.title).then_some(0);
        }
        self.key_fields.iter().position(|key| *key == name)
    }

    pub fn relationship(&self, name: &str) -> Option<&'static Relationship> {
        self.relationships.iter().find(|r| r.name == name)
    }

    /// Whether the real server sorts by `name` (an attribute name, `id`, or a relationship's
    /// [`Relationship::sort_key`]).
    pub fn sorts_by(&self, name: &str) -> bool {
        self.sort_fields().any(|sorted| sorted == name)
    }

    /// The names the real server sorts by: `id` first when it does, then the attributes, then
    /// the relationships' keys.
    pub fn sort_fields(&self) -> impl Iterator<Item = &'static str> {
        let id = self.sorts_by_id.then_some("id");
        id.into_iter()
            .chain(self.fields.iter().filter(|f| f.sortable).map(|f| f.name))
            .chain(self.relationships.iter().filter_map(|r| r.sort_key))
    }

    /// The relationships a list asks to include, to show them as columns.
    pub fn column_includes(&self) -> impl Iterator<Item = &'static str> {
        self.relationships
            .iter()
            .filter(|r| r.column)
            .map(|r| r.name)
    }

    /// The query of a record page's request, and of a list's opened without parameters: the
    /// relationships shown as columns, included. `ListParams::to_query` writes the same for a
    /// list with no other parameter, so a request started ahead is the one the page makes.
    pub fn included_query(&self) -> String {
        let include = self.column_includes().collect::<Vec<_>>();
        if include.is_empty() {
            return String::new();
        }
        crate::query::encode_pairs(&[("include", include.join(","))])
    }
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

use OperatorSet::{Boolean, Choice, Inet, Numeric, RecordUuid, Text, Time, Uuid, UuidEq};

/// `account-id`: an account's UUID, looked up among all accounts.
const ACCOUNT: OperatorSet = RecordUuid(Collection::Accounts);

const ID: FilterField = plain("id");

const fn money(name: &'static str) -> Field {
    field(
        name,
        Kind::Money {
            currency: "currency",
        },
    )
}

pub const ACCOUNTS: Spec = Spec {
    path: "accounts",
    sort_fails: &["currency"],
    fields: &[
        field("name", Kind::Text),
        money("balance"),
        money("min-balance"),
        money("max-balance"),
        field("destination-rate-limit", Kind::Decimal),
        field("origination-capacity", Kind::Integer),
        field("termination-capacity", Kind::Integer),
        field("total-capacity", Kind::Integer),
        // Computed from the account's currency record: the server cannot sort by it.
        field("currency", Kind::Text).unsorted(),
    ],
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
        Listed {
            collection: Collection::Services,
            filter: "account-id",
            downloadable: false,
        },
        Listed {
            collection: Collection::Invoices,
            filter: "account-id",
            downloadable: false,
        },
        Listed {
            collection: Collection::Payments,
            filter: "account-id",
            downloadable: false,
        },
        Listed {
            collection: Collection::Cdrs,
            filter: "account-id",
            downloadable: false,
        },
    ],
    ..Spec::BASE
};

const SERVICE_STATES: &[&str] = &["Active", "Suspended"];
const RENEW_PERIODS: &[&str] = &["Day", "Month", "Disabled"];

pub const SERVICES: Spec = Spec {
    path: "services",
    // Its resource sorts by `renew_period`, a method over the `renew_period_id` column.
    sort_fails: &["renew-period"],
    fields: &[
        field("name", Kind::Text),
        field("state", Kind::Choice(SERVICE_STATES)).unsorted(),
        field("initial-price", Kind::Decimal),
        field("renew-price", Kind::Decimal),
        field("created-at", Kind::Time),
        field("renew-at", Kind::Time),
        field("renew-period", Kind::Choice(RENEW_PERIODS)).unsorted(),
        field("service-type", Kind::Text).unsorted(),
        field("ui-type", Kind::Text).unsorted(),
    ],
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
    lists: &[Listed {
        collection: Collection::Transactions,
        filter: "service-id",
        downloadable: false,
    }],
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
};

/// `auth-orig-transport-protocol-id` and its kin: the server's transport ids (the
/// `transport-protocols` resource that named them was removed in 2026).
const TRANSPORTS: &[(i64, &str)] = &[(1, "UDP"), (2, "TCP"), (3, "TLS"), (5, "WS")];

const CDR_WINDOW: Window = Window {
    field: "time-start",
    default_hours: 24,
};

/// A call's price is in the currency of the account it is billed to.
const fn account_money(name: &'static str) -> Field {
    field(
        name,
        Kind::Money {
            currency: "account.currency",
        },
    )
}

/// Outgoing CDRs: the customer's calls, their final routing attempt only. Operators may hide
/// any attribute, so every one is optional in reading.
pub const CDRS: Spec = Spec {
    path: "cdrs",
    sort_fails: &["rec"],
    id: IdKind::Integer,
    fields: &[
        field("time-start", Kind::Time),
        field("time-connect", Kind::Time).optional(),
        field("time-end", Kind::Time).optional(),
        field("duration", Kind::Integer),
        field("success", Kind::Boolean),
        field("src-prefix-in", Kind::Text),
        field("dst-prefix-in", Kind::Text),
        account_money("customer-price"),
        field("lega-disconnect-code", Kind::Integer),
        field("lega-disconnect-reason", Kind::Text),
        field("customer-duration", Kind::Integer).optional(),
        field("destination-prefix", Kind::Text).optional(),
        field("destination-initial-rate", Kind::Decimal).optional(),
        field("destination-initial-interval", Kind::Integer).optional(),
        field("destination-next-rate", Kind::Decimal).optional(),
        field("destination-next-interval", Kind::Integer).optional(),
        field("destination-fee", Kind::Decimal).optional(),
        field("src-name-in", Kind::Text).optional(),
        field("src-prefix-routing", Kind::Text).optional(),
        field("dst-prefix-routing", Kind::Text).optional(),
        field("diversion-in", Kind::Text).optional(),
        field("from-domain", Kind::Text).optional(),
        field("to-domain", Kind::Text).optional(),
        field("ruri-domain", Kind::Text).optional(),
        field("orig-call-id", Kind::Text).optional(),
        field("local-tag", Kind::Text).optional(),
        field("lega-user-agent", Kind::Text).optional(),
        field("auth-orig-transport-protocol-id", Kind::Named(TRANSPORTS)).optional(),
        field("auth-orig-ip", Kind::Text).optional(),
        field("auth-orig-port", Kind::Integer).optional(),
        // Computed (a recording exists and the profile allows listening).
        field("rec", Kind::Boolean).unsorted(),
    ],
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
};

/// Incoming CDRs: calls the customer terminated as a vendor, every routing attempt.
pub const INCOMING_CDRS: Spec = Spec {
    path: "incoming-cdrs",
    sort_fails: &["rec"],
    id: IdKind::Integer,
    fields: &[
        field("time-start", Kind::Time),
        field("time-connect", Kind::Time).optional(),
        field("time-end", Kind::Time).optional(),
        field("duration", Kind::Integer),
        field("success", Kind::Boolean),
        field("src-prefix-out", Kind::Text),
        field("dst-prefix-out", Kind::Text),
        account_money("vendor-price"),
        field("legb-disconnect-code", Kind::Integer),
        field("legb-disconnect-reason", Kind::Text),
        field("vendor-duration", Kind::Integer).optional(),
        field("dialpeer-prefix", Kind::Text).optional(),
        field("dialpeer-initial-rate", Kind::Decimal).optional(),
        field("dialpeer-initial-interval", Kind::Integer).optional(),
        field("dialpeer-next-rate", Kind::Decimal).optional(),
        field("dialpeer-next-interval", Kind::Integer).optional(),
        field("dialpeer-fee", Kind::Decimal).optional(),
        field("src-name-out", Kind::Text).optional(),
        field("src-prefix-routing", Kind::Text).optional(),
        field("dst-prefix-routing", Kind::Text).optional(),
        field("diversion-out", Kind::Text).optional(),
        field("term-call-id", Kind::Text).optional(),
        field("local-tag", Kind::Text).optional(),
        field("legb-user-agent", Kind::Text).optional(),
        field("sign-term-transport-protocol-id", Kind::Named(TRANSPORTS)).optional(),
        field("sign-term-ip", Kind::Text).optional(),
        field("sign-term-port", Kind::Integer).optional(),
        field("rec", Kind::Boolean).unsorted(),
    ],
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
};

const EXPORT_STATUSES: &[&str] = &["Pending", "Completed", "Failed", "Deleted"];
const EXPORT_TIME_FORMATS: &[&str] = &["with_timezone", "without_timezone", "round_to_seconds"];

pub const CDR_EXPORTS: Spec = Spec {
    path: "cdr-exports",
    // A `json` column: the database has no order for it.
    sort_fails: &["filters"],
    fields: &[
        field("created-at", Kind::Time),
        field("status", Kind::Choice(EXPORT_STATUSES)),
        field("rows-count", Kind::Integer),
        field("filters", Kind::Conditions).unsorted(),
        field("time-format", Kind::Choice(EXPORT_TIME_FORMATS)),
        field("time-zone-name", Kind::Text),
        field("updated-at", Kind::Time),
    ],
    relationships: &[to_one("account", "accounts")],
    filters: &[
        ID,
        filter("status", Choice(EXPORT_STATUSES)),
        filter("rows-count", Numeric),
        filter("created-at", Time),
        filter("updated-at", Time),
        filter("time-zone-name", Text),
        filter("account-id", ACCOUNT),
        // Verified by the resource (`time_format_filter_verifier`).
        plain_among("time-format", EXPORT_TIME_FORMATS),
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
};

/// The rate plans the customer's traffic is priced with; a plan's page lists its rates (its
/// rate deck, downloadable whole as CSV).
pub const RATEPLANS: Spec = Spec {
    path: "rateplans",
    fields: &[field("name", Kind::Text)],
    filters: &[ID, filter("name", Text)],
    default_sort: "name",
    title: "name",
    section: Section::Rates,
    profile_flag: Some(Flag::OutgoingRateplans),
    lists: &[Listed {
        collection: Collection::Rates,
        filter: "rateplan-id",
        downloadable: true,
    }],
    ..Spec::BASE
};

pub const RATES: Spec = Spec {
    path: "rates",
    fields: &[
        field("prefix", Kind::Text),
        field("dst-number-min-length", Kind::Integer),
        field("dst-number-max-length", Kind::Integer),
        field("enabled", Kind::Boolean),
        field("reject-calls", Kind::Boolean),
        field("initial-rate", Kind::Decimal),
        field("initial-interval", Kind::Integer),
        field("next-rate", Kind::Decimal),
        field("next-interval", Kind::Integer),
        field("connect-fee", Kind::Decimal),
        field("attempt-fee", Kind::Decimal),
        field("valid-from", Kind::Time),
        field("valid-till", Kind::Time),
        field("network-prefix-id", Kind::Reference).optional(),
    ],
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
};

pub const NETWORK_TYPES: Spec = Spec {
    path: "network-types",
    fields: &[field("name", Kind::Text)],
    filters: &[ID, filter("name", Text)],
    default_sort: "name",
    title: "name",
    ..Spec::BASE
};

pub const NETWORK_PREFIXES: Spec = Spec {
    path: "network-prefixes",
    fields: &[
        field("prefix", Kind::Text),
        field("number-min-length", Kind::Integer),
        field("number-max-length", Kind::Integer),
    ],
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
};

pub const NETWORKS: Spec = Spec {
    path: "networks",
    fields: &[field("name", Kind::Text)],
    relationships: &[to_one("network-type", "network-types").as_column()],
    filters: &[ID, filter("name", Text)],
    default_sort: "name",
    title: "name",
    ..Spec::BASE
};

pub const COUNTRIES: Spec = Spec {
    path: "countries",
    id: IdKind::Integer,
    fields: &[field("name", Kind::Text), field("iso2", Kind::Text)],
    filters: &[ID, plain("name"), plain("iso2")],
    default_sort: "name",
    title: "name",
    detail_page: false,
    ..Spec::BASE
};

/// The customer's charges in one part of an invoice: calls it originated or terminated.
macro_rules! invoice_part {
    ($part:literal) => {
        [
            account_money(concat!($part, "-amount-spent")),
            field(concat!($part, "-calls-count"), Kind::Integer),
            field(concat!($part, "-successful-calls-count"), Kind::Integer),
            field(concat!($part, "-calls-duration"), Kind::Duration),
            field(concat!($part, "-billing-duration"), Kind::Duration),
            // Delegated to `first_<part>_call_at`: the server sorts by a column that is not.
            field(concat!($part, "-first-call-at"), Kind::Time).unsorted(),
            field(concat!($part, "-last-call-at"), Kind::Time).unsorted(),
        ]
    };
}

const ORIGINATED: [Field; 7] = invoice_part!("originated");
const TERMINATED: [Field; 7] = invoice_part!("terminated");

/// An invoice's attributes: the summary a table shows, then each part (hidden columns).
const INVOICE_FIELDS: [Field; 21] = {
    let summary = [
        field("reference", Kind::Text),
        field("start-date", Kind::Time),
        field("end-date", Kind::Time),
        account_money("amount-spent"),
        // Computed: a PDF document exists.
        field("has-pdf", Kind::Boolean).unsorted(),
        account_money("services-amount-spent").optional(),
        field("service-transactions-count", Kind::Integer).optional(),
    ];
    let mut all = [summary[0]; 21];
    let mut i = 0;
    while i < 7 {
        all[i] = summary[i];
        all[7 + i] = ORIGINATED[i].optional();
        all[14 + i] = TERMINATED[i].optional();
        i += 1;
    }
    all
};

/// Approved invoices of the customer's accounts, newest period first.
pub const INVOICES: Spec = Spec {
    path: "invoices",
    sort_fails: &[
        "has-pdf",
        "originated-first-call-at",
        "originated-last-call-at",
        "terminated-first-call-at",
        "terminated-last-call-at",
    ],
    fields: &INVOICE_FIELDS,
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
};

pub const PAYMENT_STATUSES: &[&str] = &["completed", "pending", "canceled"];
pub const PAYMENT_TYPES: &[&str] = &["manual", "cryptomus"];

/// Payments to the customer's accounts (rolled-back ones never show), newest first. The server
/// sorts them only by amount, notes and time.
pub const PAYMENTS: Spec = Spec {
    path: "payments",
    sorts_by_id: false,
    fields: &[
        field("created-at", Kind::Time),
        money("amount"),
        field("status", Kind::Choice(PAYMENT_STATUSES)).unsorted(),
        field("type-name", Kind::Choice(PAYMENT_TYPES)).unsorted(),
        money("balance-before-payment").unsorted(),
        field("notes", Kind::Text),
        field("currency", Kind::Text).unsorted().optional(),
        field("rolledback-at", Kind::Time).unsorted().optional(),
    ],
    relationships: &[to_one("account", "accounts").as_column()],
    filters: &[
        ID,
        filter("uuid", Uuid),
        filter("status", Choice(PAYMENT_STATUSES)),
        filter("type-name", Choice(PAYMENT_TYPES)),
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
};

/// Charges for services, newest first. The server sorts them only by id, time, amount and
/// service (its key).
pub const TRANSACTIONS: Spec = Spec {
    path: "transactions",
    fields: &[
        field("created-at", Kind::Time),
        field("description", Kind::Text).unsorted(),
        account_money("amount"),
    ],
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
};

/// What a number list does with a number it holds (`default-action-id`, an item's
/// `action-id`).
pub const NUMBERLIST_ACTIONS: &[(i64, &str)] = &[(1, "reject"), (2, "allow")];
/// How a number list matches numbers (`mode-id`).
pub const NUMBERLIST_MODES: &[(i64, &str)] = &[(1, "strict"), (2, "prefix"), (3, "random")];

/// The customer's block and allow lists of numbers (those its API access allows and its
/// trunks use). Read-only: their items are what the customer edits.
pub const OUTGOING_NUMBERLISTS: Spec = Spec {
    path: "outgoing-numberlists",
    route: "numberlists",
    id: IdKind::Integer,
    fields: &[
        field("name", Kind::Text),
        field("mode-id", Kind::Named(NUMBERLIST_MODES)),
        field("default-action-id", Kind::Named(NUMBERLIST_ACTIONS)),
    ],
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
};

/// The numbers (or prefixes) of a number list, each with its own action or the list's
/// default (`action-id` null). Created one by one or many at once (`batch-key`), changed and
/// deleted by the customer.
pub const OUTGOING_NUMBERLIST_ITEMS: Spec = Spec {
    path: "outgoing-numberlist-items",
    // A virtual attribute of the items' model (a new batch's keys).
    sort_fails: &["batch-key"],
    id: IdKind::Integer,
    fields: &[
        field("key", Kind::Text),
        field("action-id", Kind::Named(NUMBERLIST_ACTIONS)),
    ],
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
    within: Some(Listed {
        collection: Collection::OutgoingNumberlists,
        filter: "numberlist-id",
        downloadable: false,
    }),
    ..Spec::BASE
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::list::SortKey;

    #[test]
    fn a_record_page_asks_what_a_list_without_parameters_asks() {
        for collection in Collection::ALL {
            let spec = collection.spec();
            let bare_list = crate::list::ListParams {
                include: spec.column_includes().map(String::from).collect(),
                ..Default::default()
            };
            assert_eq!(spec.included_query(), bare_list.to_query(), "{}", spec.path);
        }
        let calls = Collection::ALL
            .into_iter()
            .find(|c| c.path() == "cdrs")
            .map(|c| c.spec().included_query());
        assert!(
            calls
                .as_deref()
                .is_some_and(|q| q.starts_with("include=account")),
            "{calls:?}"
        );
    }

    #[test]
    fn every_collection_is_declared_once_under_its_own_path() {
        for collection in Collection::ALL {
            assert_eq!(Collection::from_path(collection.path()), Some(collection));
        }
        let mut paths: Vec<&str> = Collection::ALL.iter().map(|c| c.path()).collect();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), Collection::ALL.len());
    }

    #[test]
    fn declarations_hold_together() {
        for collection in Collection::ALL {
            let spec = collection.spec();
            assert!(
                spec.field(spec.title).is_some(),
                "{}: the title names an attribute",
                spec.path
            );
            for key in spec.default_sort.split(',').filter(|k| !k.is_empty()) {
                let field = key.trim_start_matches('-');
                assert!(spec.sorts_by(field), "{}: default sort {field}", spec.path);
            }
            for condition in spec
                .settles
                .iter()
                .chain(spec.download.iter().map(|d| &d.when))
            {
                assert!(spec.field(condition.attribute).is_some(), "{}", spec.path);
            }
            if let Some(Summary::Balance(fields)) = spec.summary {
                for name in fields {
                    assert!(spec.field(name).is_some(), "{}: summary {name}", spec.path);
                }
            }
            if let Some(Creation {
                form: Form::Inputs(inputs),
                ..
            }) = spec.create
            {
                for input in inputs {
                    let declared = match input.to {
                        Some(target) => Collection::from_path(target).is_some(),
                        None => spec.field(input.name).is_some(),
                    };
                    assert!(declared, "{}: input {}", spec.path, input.name);
                }
            }
            let mut names: Vec<&str> = spec.filters.iter().map(|f| f.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(
                names.len(),
                spec.filters.len(),
                "{}: filters once each",
                spec.path
            );
            for field in spec.fields {
                if let Kind::Money { currency } = field.kind {
                    let known = match currency.split_once('.') {
                        Some((relationship, _)) => spec.relationship(relationship).is_some(),
                        None => spec.field(currency).is_some(),
                    };
                    assert!(known, "{}: currency of {}", spec.path, field.name);
                }
            }
            // A row card's key fields are columns a list shows unless hidden.
            for name in spec.key_fields {
                assert!(
                    spec.field(name).is_some_and(|f| f.column == Column::Shown),
                    "{}: key field {name}",
                    spec.path
                );
            }
            for group in spec.groups {
                for name in group.fields {
                    assert!(
                        spec.field(name).is_some() || spec.relationship(name).is_some(),
                        "{}: group {} names {name}",
                        spec.path,
                        group.name
                    );
                }
            }
            if !spec.groups.is_empty() {
                // Every attribute has its place on the detail page.
                for field in spec.fields {
                    assert!(
                        spec.groups.iter().any(|g| g.fields.contains(&field.name)),
                        "{}: {} in no group",
                        spec.path,
                        field.name
                    );
                }
            }
            if let Some(window) = spec.window {
                assert!(spec.field(window.field).is_some(), "{}", spec.path);
                assert!(spec.filter_field(window.field).is_some(), "{}", spec.path);
            }
            assert_eq!(
                spec.recordings,
                spec.field("rec").is_some(),
                "{}",
                spec.path
            );
            for listed in spec.lists {
                let other = listed.collection.spec();
                assert!(
                    other.filter_field(listed.filter).is_some(),
                    "{} lists {} by {}",
                    spec.path,
                    other.path,
                    listed.filter
                );
            }
            if let Some(pick) = spec.pick {
                assert!(spec.filter_field(pick.filter).is_some(), "{}", spec.path);
                assert!(pick.from.spec().field(pick.from.spec().title).is_some());
            }
            if let Some(action) = spec.action {
                assert!(spec.field(action.when.attribute).is_some(), "{}", spec.path);
            }
            if let Some(within) = spec.within {
                assert!(spec.filter_field(within.filter).is_some(), "{}", spec.path);
                assert!(within.collection.has_own_pages(), "{}", spec.path);
            }
        }
    }

    #[test]
    fn money_collections_follow_the_real_server() {
        // Payments sort only by amount, notes and time; their enums are the server's values.
        let payments: Vec<&str> = PAYMENTS.sort_fields().collect();
        assert_eq!(payments, ["created-at", "amount", "notes"]);
        assert_eq!(
            PAYMENTS.filter_field("status").and_then(|f| f.operators),
            Some(OperatorSet::Choice(&["completed", "pending", "canceled"]))
        );
        let transactions: Vec<&str> = TRANSACTIONS.sort_fields().collect();
        assert_eq!(transactions, ["id", "created-at", "amount", "service-id"]);
        // The service column sorts by the service's key.
        assert_eq!(
            TRANSACTIONS
                .relationship("service")
                .and_then(|r| r.sort_key),
            Some("service-id")
        );
        // Every invoice attribute, each part's in its own place.
        assert_eq!(INVOICES.fields.len(), 21);
        assert!(INVOICES.field("terminated-last-call-at").is_some());
        // Computed, or delegated to a column of another name: the server's sort fails.
        for name in [
            "has-pdf",
            "originated-first-call-at",
            "terminated-last-call-at",
        ] {
            assert!(!INVOICES.sorts_by(name), "{name}");
            assert!(INVOICES.sort_fails.contains(&name), "{name}");
        }
        assert!(INVOICES.sorts_by("originated-calls-count"));
        assert_eq!(
            INVOICES.field("originated-calls-duration").map(|f| f.kind),
            Some(Kind::Duration)
        );
    }

    /// What the server takes in `sort` but cannot order by is never offered.
    #[test]
    fn a_failing_sort_is_never_offered() {
        for collection in Collection::ALL {
            let spec = collection.spec();
            for name in spec.sort_fails {
                assert!(!spec.sorts_by(name), "{}: {name} fails to sort", spec.path);
            }
        }
    }

    #[test]
    fn sorting_is_offered_only_by_what_the_real_server_sorts() {
        // Services restrict their sortable fields; computed attributes never sort.
        let services: Vec<&str> = SERVICES.sort_fields().collect();
        assert_eq!(
            services,
            [
                "id",
                "name",
                "initial-price",
                "renew-price",
                "created-at",
                "renew-at",
            ]
        );
        // Taken by the server, but no column: its database fails the request.
        assert!(!SERVICES.sorts_by("renew-period"));
        assert_eq!(SERVICES.sort_fails, ["renew-period"]);
        assert!(!ACCOUNTS.sorts_by("currency"));
        assert!(RATES.sorts_by("network-prefix-id"));
        assert!(ACCOUNTS.sorts_by("balance"));
        assert!(!CDR_EXPORTS.sorts_by("filters"));
        assert_eq!(
            CDR_EXPORTS.default_sort.parse::<SortKey>(),
            Ok(SortKey::descending("created-at"))
        );
    }

    #[test]
    fn cdrs_offer_every_filter_of_the_real_server() {
        assert_eq!(CDRS.filters.len(), 40);
        assert_eq!(INCOMING_CDRS.filters.len(), 30);
        assert!(!CDRS.sorts_by("rec"));
        assert!(CDRS.sorts_by("customer-price"));
        assert_eq!(
            CDRS.filter_field("auth-orig-ip").and_then(|f| f.operators),
            Some(OperatorSet::Inet)
        );
        assert_eq!(
            INCOMING_CDRS
                .filter_field("sign-term-ip")
                .and_then(|f| f.operators),
            Some(OperatorSet::Text)
        );
    }

    #[test]
    fn only_a_lower_time_bound_lifts_the_default_window() {
        let window = CDR_WINDOW;
        assert!(window.bounded_by(["time-start-gteq"]));
        assert!(window.bounded_by(["time_start_gteq"]));
        assert!(window.bounded_by(["time_start_gt"]));
        assert!(window.bounded_by(["success-eq", "time_start_eq"]));
        // The server looks for the underscored keys of these two.
        assert!(!window.bounded_by(["time-start-gt"]));
        assert!(!window.bounded_by(["success-eq", "time-start-eq"]));
        assert!(!window.bounded_by(["time-start-lt"]));
        assert!(!window.bounded_by(["time-end-gteq"]));
        assert!(!window.bounded_by(std::iter::empty::<&str>()));
    }

    #[test]
    fn number_lists_follow_the_real_server() {
        assert_eq!(Collection::OutgoingNumberlists.route(), "numberlists");
        assert_eq!(
            Collection::from_route("numberlists"),
            Some(Collection::OutgoingNumberlists)
        );
        // Items are edited on their list's page, never on pages of their own.
        assert_eq!(Collection::from_route("outgoing-numberlist-items"), None);
        assert!(!Collection::OutgoingNumberlistItems.has_own_pages());
        assert_eq!(OUTGOING_NUMBERLISTS.id, IdKind::Integer);
        assert_eq!(
            OUTGOING_NUMBERLIST_ITEMS
                .filter_field("numberlist-id")
                .and_then(|f| f.operators),
            Some(OperatorSet::Numeric)
        );
        let sorts: Vec<&str> = OUTGOING_NUMBERLIST_ITEMS.sort_fields().collect();
        assert_eq!(sorts, ["id", "key", "action-id"]);
        assert_eq!(Collection::Accounts.route(), "accounts");
    }

    #[test]
    fn ids_are_checked_by_kind() {
        assert!(IdKind::Uuid.accepts("0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"));
        assert!(!IdKind::Uuid.accepts("0b9f7a8e5d2c11ef9a4e0242ac120003"));
        assert!(!IdKind::Uuid.accepts("42"));
        assert!(IdKind::Integer.accepts("42"));
        assert!(!IdKind::Integer.accepts("-1"));
        assert!(!IdKind::Integer.accepts("4x"));
        assert!(!IdKind::Integer.accepts(""));
    }
}
