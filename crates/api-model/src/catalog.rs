//! One declaration per collection of the API: what the real server offers (path and type, kind
//! of id, attributes and the kind of their values, filters with their operators, the fields it
//! sorts by, its default order, relationships) and where a customer portal shows it (section,
//! detail page, the `GET /profiles` flag that allows it, the attribute that names a record).
//!
//! The portal's routes, navigation, list and detail pages and CSV export, and the demo server's
//! collection handling, all read these declarations; the attribute structs code decodes and
//! builds records with (`Account`, …) are made from them too (`declare`). The declarations are
//! in `collections.rs`; this module is their vocabulary.

mod collections;
mod declare;

use crate::profile::Flag;

pub use collections::*;
pub use declare::{AttributeValue, Attributes, Conditions};

use crate::filters::FilterField;

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

    /// The records shown and edited on this collection's record page (a number list's items
    /// on the list's page), when there are: the collection whose declaration is `within` this
    /// one, and its filter that takes this record's id.
    pub fn edited_within(self) -> Option<Listed> {
        Collection::ALL.into_iter().find_map(|other| {
            let within = other.spec().within?;
            (within.collection == self).then_some(Listed {
                collection: other,
                ..within
            })
        })
    }

    /// The collection whose list's view this collection's creation form takes (a CDR
    /// export's, the calls list's filters): the one declared to export to it.
    pub fn exported_from(self) -> Option<Collection> {
        Collection::ALL
            .into_iter()
            .find(|other| other.spec().exports_to == Some(self))
    }

    /// The collection whose pages are at `/<route>` in the portal; collections shown only
    /// within another's record page have none.
    pub fn from_route(route: &str) -> Option<Collection> {
        Collection::ALL
            .into_iter()
            .find(|c| c.has_own_pages() && c.route() == route)
    }
}

/// The collections, each with its attribute struct, whose `SPEC` is its declaration
/// (`collections.rs`): makes [`Collection`].
/// Besides [`Collection::spec`], the few facts a portal's first load needs (the path, which
/// pages there are) are read from the declarations at compile time, so that code needs none of
/// the declarations' other data.
macro_rules! declared {
    ($($variant:ident => $attributes:ident),* $(,)?) => {
        /// The collections of the API.
        ///
        /// `repr(u8)`: a page of one crosses into a wasm chunk of the portal as a plain
        /// argument.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Collection {
            $($variant,)*
        }

        impl Collection {
            /// Every collection, in the order of `declared!` (the navigation's).
            pub const ALL: [Collection; [$(stringify!($variant)),*].len()] =
                [$(Collection::$variant),*];

            /// The declaration of the collection.
            pub fn spec(self) -> &'static Spec {
                match self {
                    $(Collection::$variant => &$attributes::SPEC,)*
                }
            }

            /// Path segment below the API root, which is also the JSON:API `type`.
            pub const fn path(self) -> &'static str {
                match self {
                    $(Collection::$variant => $attributes::SPEC.path,)*
                }
            }

            /// The portal's path segment of the collection's pages: its path, unless the
            /// declaration names a shorter one (`numberlists`).
            pub const fn route(self) -> &'static str {
                match self {
                    $(Collection::$variant => {
                        if $attributes::SPEC.route.is_empty() { $attributes::SPEC.path } else { $attributes::SPEC.route }
                    })*
                }
            }

            /// Whether the collection has a list page (and navigation entry) of its own,
            /// rather than being shown only within another collection's record page.
            pub const fn has_own_pages(self) -> bool {
                match self {
                    $(Collection::$variant => $attributes::SPEC.within.is_none(),)*
                }
            }

            /// Whether a record has a page of its own.
            pub const fn has_detail_page(self) -> bool {
                match self {
                    $(Collection::$variant => $attributes::SPEC.detail_page,)*
                }
            }

            /// The `GET /profiles` flag that allows the collection.
            pub const fn profile_flag(self) -> Option<Flag> {
                match self {
                    $(Collection::$variant => $attributes::SPEC.profile_flag,)*
                }
            }

            /// The group of the navigation it is in.
            pub const fn section(self) -> Section {
                match self {
                    $(Collection::$variant => $attributes::SPEC.section,)*
                }
            }

            /// The form that creates the collection's records, if the customer has one.
            pub const fn creation(self) -> Option<Creation> {
                match self {
                    $(Collection::$variant => $attributes::SPEC.create,)*
                }
            }

            /// Whether the customer creates records with a form.
            pub const fn is_creatable(self) -> bool {
                self.creation().is_some()
            }

            /// Calls `each` with every collection's attribute struct, in the order of
            /// [`Collection::ALL`].
            pub fn for_each(each: &mut impl EachCollection) {
                $(each.visit::<$attributes>();)*
            }
        }
    };
}

pub(crate) use declared;

/// What is done for every collection's attribute struct ([`Collection::for_each`]): a test of
/// each, a server's routes.
pub trait EachCollection {
    fn visit<A: Attributes>(&mut self);
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
    const fn hidden(self) -> Field {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::OperatorSet;
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

    /// Every declaration, each of its problems as a sentence.
    fn problems(check: fn(&Spec, &mut Vec<String>)) -> Vec<String> {
        let mut found = Vec::new();
        for collection in Collection::ALL {
            check(collection.spec(), &mut found);
        }
        found
    }

    fn expect(found: &mut Vec<String>, holds: bool, spec: &Spec, what: impl std::fmt::Display) {
        if !holds {
            found.push(format!("{}: {what}", spec.path));
        }
    }

    #[test]
    fn the_names_a_declaration_uses_are_its_attributes() {
        let found = problems(|spec, found| {
            let attribute = |name: &str| spec.field(name).is_some();
            expect(found, attribute(spec.title), spec, "the title");
            for key in spec.default_sort.split(',').filter(|k| !k.is_empty()) {
                let field = key.trim_start_matches('-');
                expect(
                    found,
                    spec.sorts_by(field),
                    spec,
                    format!("default sort {field}"),
                );
            }
            let conditions = spec
                .settles
                .iter()
                .chain(spec.download.iter().map(|d| &d.when));
            for condition in conditions.chain(spec.action.iter().map(|a| &a.when)) {
                expect(
                    found,
                    attribute(condition.attribute),
                    spec,
                    condition.attribute,
                );
            }
            if let Some(Summary::Balance(fields)) = spec.summary {
                for name in fields {
                    expect(found, attribute(name), spec, format!("summary {name}"));
                }
            }
            if let Some(window) = spec.window {
                expect(found, attribute(window.field), spec, "window");
                expect(
                    found,
                    spec.filter_field(window.field).is_some(),
                    spec,
                    "window filter",
                );
            }
            expect(
                found,
                spec.recordings == attribute("rec"),
                spec,
                "recordings and `rec`",
            );
        });
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn what_a_page_shows_is_declared() {
        let found = problems(|spec, found| {
            // A row card's key fields are columns a list shows unless hidden.
            for name in spec.key_fields {
                let shown = spec.field(name).is_some_and(|f| f.column == Column::Shown);
                expect(found, shown, spec, format!("key field {name}"));
            }
            for group in spec.groups {
                for name in group.fields {
                    let known = spec.field(name).is_some() || spec.relationship(name).is_some();
                    expect(
                        found,
                        known,
                        spec,
                        format!("group {} names {name}", group.name),
                    );
                }
            }
            // With groups, every attribute has its place on the detail page.
            for field in spec.fields.iter().filter(|_| !spec.groups.is_empty()) {
                let placed = spec.groups.iter().any(|g| g.fields.contains(&field.name));
                expect(found, placed, spec, format!("{} in no group", field.name));
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
                    expect(found, declared, spec, format!("input {}", input.name));
                }
            }
        });
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn filters_are_declared_once_and_other_collections_name_real_ones() {
        let found = problems(|spec, found| {
            let mut names: Vec<&str> = spec.filters.iter().map(|f| f.name).collect();
            names.sort_unstable();
            names.dedup();
            expect(
                found,
                names.len() == spec.filters.len(),
                spec,
                "filters once each",
            );
            for listed in spec.lists {
                let other = listed.collection.spec();
                let filter = other.filter_field(listed.filter).is_some();
                expect(
                    found,
                    filter,
                    spec,
                    format!("lists {} by {}", other.path, listed.filter),
                );
            }
            if let Some(pick) = spec.pick {
                expect(
                    found,
                    spec.filter_field(pick.filter).is_some(),
                    spec,
                    "pick",
                );
                let named = pick.from.spec().field(pick.from.spec().title).is_some();
                expect(found, named, spec, "pick's records have a title");
            }
            if let Some(within) = spec.within {
                expect(
                    found,
                    spec.filter_field(within.filter).is_some(),
                    spec,
                    "within",
                );
                expect(
                    found,
                    within.collection.has_own_pages(),
                    spec,
                    "within a page",
                );
            }
        });
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn money_is_in_a_declared_currency() {
        let found = problems(|spec, found| {
            for field in spec.fields {
                if let Kind::Money { currency } = field.kind {
                    let known = match currency.split_once('.') {
                        Some((relationship, _)) => spec.relationship(relationship).is_some(),
                        None => spec.field(currency).is_some(),
                    };
                    expect(found, known, spec, format!("currency of {}", field.name));
                }
            }
        });
        assert!(found.is_empty(), "{found:#?}");
    }

    /// The checks themselves notice a broken declaration.
    #[test]
    fn a_broken_declaration_is_named() {
        let broken = Spec {
            title: "nmae",
            key_fields: &["currency"],
            ..ACCOUNTS
        };
        let mut found = Vec::new();
        expect(
            &mut found,
            broken.field(broken.title).is_some(),
            &broken,
            "the title",
        );
        assert_eq!(found, ["accounts: the title"]);
        let shown = broken
            .field("currency")
            .is_some_and(|f| f.column == Column::Shown);
        assert!(shown, "currency is a column shown unless hidden");
        assert!(
            !PAYMENTS
                .field("currency")
                .is_some_and(|f| f.column == Column::Shown)
        );
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
    fn a_number_lists_items_are_edited_on_its_page() {
        let items = Collection::OutgoingNumberlists.edited_within();
        assert_eq!(
            items.map(|items| (items.collection, items.filter)),
            Some((Collection::OutgoingNumberlistItems, "numberlist-id"))
        );
        // Each collection shown within another is edited on that one's page, and only there.
        for collection in Collection::ALL {
            let edited = collection.edited_within().map(|items| items.collection);
            let within = Collection::ALL.into_iter().filter(|other| {
                other
                    .spec()
                    .within
                    .is_some_and(|w| w.collection == collection)
            });
            assert_eq!(edited, within.clone().next(), "{}", collection.path());
            assert!(within.count() <= 1, "{}", collection.path());
        }
    }

    #[test]
    fn a_cdr_export_takes_the_view_of_the_calls_list() {
        assert_eq!(
            Collection::CdrExports.exported_from(),
            Some(Collection::Cdrs)
        );
        // The form prefills its window from the list's time filters.
        let window = Collection::CdrExports
            .exported_from()
            .and_then(|calls| calls.spec().window);
        assert_eq!(window, Some(CDR_WINDOW));
        for collection in Collection::ALL {
            let exporting = Collection::ALL
                .into_iter()
                .filter(|other| other.spec().exports_to == Some(collection));
            assert!(exporting.count() <= 1, "{}", collection.path());
        }
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
