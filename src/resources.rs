//! What the portal shows of each resource type: its names, columns and related pages.
//!
//! One definition per type feeds the list table, the detail page and the CSV export. Cells
//! hold typed values; how they read (grouping, time zone) is decided when they are shown.

use crate::format::{self, Zone};
use crate::i18n::{ResourceTexts, Texts, texts};
use api_model::catalog::Collection;
use api_model::document::{ListDocument, PageLinks, Resource, SingleDocument};
use api_model::resources::{
    Account, CdrExport, CdrExportStatus, Network, NetworkPrefix, NetworkType, Rate, ResourceType,
    Service,
};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::de::DeserializeOwned;
use std::collections::HashMap;

/// A typed value of a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Money(Decimal, String),
    Decimal(Decimal),
    Integer(i64),
    Bool(bool),
    Time(DateTime<Utc>),
    /// A long identifier: shown shortened, copied whole.
    Id(String),
    Null,
}

impl Value {
    /// As the user reads it: grouped digits, currency, time in the chosen zone.
    pub fn display(&self, zone: Zone) -> String {
        match self {
            Value::Text(text) | Value::Id(text) => text.clone(),
            Value::Money(amount, currency) => format::money(Some(amount), currency),
            Value::Decimal(value) => format::decimal(value),
            Value::Integer(value) => format::integer(Some(*value)),
            Value::Bool(true) => texts().yes.to_owned(),
            Value::Bool(false) => texts().no.to_owned(),
            Value::Time(time) => format::timestamp_in(time, zone),
            Value::Null => format::DASH.to_owned(),
        }
    }

    /// As exported: exact, ungrouped, machine-readable, times in UTC.
    pub fn raw(&self) -> String {
        match self {
            Value::Text(text) | Value::Id(text) => text.clone(),
            Value::Money(amount, _) | Value::Decimal(amount) => amount.to_string(),
            Value::Integer(value) => value.to_string(),
            Value::Bool(value) => value.to_string(),
            Value::Time(time) => api_model::resources::api_time::format(time),
            Value::Null => String::new(),
        }
    }

    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            Value::Money(..) | Value::Decimal(_) | Value::Integer(_)
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub value: Value,
    pub href: Option<String>,
}

impl Cell {
    fn of(value: Value) -> Cell {
        Cell { value, href: None }
    }

    pub fn text(text: impl Into<String>) -> Cell {
        Cell::of(Value::Text(text.into()))
    }

    pub fn optional_text(text: Option<&String>) -> Cell {
        text.map_or(Cell::of(Value::Null), |t| Cell::text(t.clone()))
    }

    pub fn money(amount: Option<&Decimal>, currency: &str) -> Cell {
        Cell::of(amount.map_or(Value::Null, |a| Value::Money(*a, currency.to_owned())))
    }

    pub fn decimal(value: Option<&Decimal>) -> Cell {
        Cell::of(value.map_or(Value::Null, |v| Value::Decimal(*v)))
    }

    pub fn integer(value: Option<i64>) -> Cell {
        Cell::of(value.map_or(Value::Null, Value::Integer))
    }

    pub fn boolean(value: bool) -> Cell {
        Cell::of(Value::Bool(value))
    }

    pub fn time(value: Option<&DateTime<Utc>>) -> Cell {
        Cell::of(value.map_or(Value::Null, |t| Value::Time(*t)))
    }

    pub fn id(value: &str) -> Cell {
        Cell::of(Value::Id(value.to_owned()))
    }

    pub fn linked(self, href: String) -> Cell {
        Cell {
            href: Some(href),
            ..self
        }
    }
}

/// Included resources of a document by (type, id), for cells that show related records.
#[derive(Debug, Default)]
pub struct Included(HashMap<(String, String), serde_json::Value>);

impl Included {
    fn of<D>(document: &api_model::document::Document<D>) -> Included {
        Included(
            document
                .included
                .iter()
                .map(|r| ((r.kind.clone(), r.id.clone()), r.attributes.clone()))
                .collect(),
        )
    }

    /// The `name` attribute of the resource a to-one relationship points at.
    pub fn name_of<A>(
        &self,
        resource: &Resource<A>,
        relationship: &str,
    ) -> Option<(String, String)> {
        let target = resource.related_id(relationship)?;
        let attributes = self.0.get(&(target.kind.clone(), target.id.clone()))?;
        let name = attributes.get("name")?.as_str()?.to_owned();
        Some((target.id.clone(), name))
    }
}

pub struct Column<A> {
    /// The attribute name in the API (also the `sort` field).
    pub key: &'static str,
    pub label: &'static str,
    pub sortable: bool,
    /// Shown only when the user picks it in the column chooser.
    pub optional: bool,
    pub cell: fn(&Resource<A>, &Included) -> Cell,
}

const fn column<A>(
    key: &'static str,
    label: &'static str,
    cell: fn(&Resource<A>, &Included) -> Cell,
) -> Column<A> {
    Column {
        key,
        label,
        sortable: true,
        optional: false,
        cell,
    }
}

impl<A> Column<A> {
    const fn unsortable(self) -> Column<A> {
        Column {
            sortable: false,
            ..self
        }
    }

    const fn optional(self) -> Column<A> {
        Column {
            optional: true,
            ..self
        }
    }
}

/// The identifier column every type has, hidden unless chosen.
fn id_column<A>(t: &'static Texts) -> Column<A> {
    column("id", t.col_id, |r, _| Cell::id(&r.id)).optional()
}

/// A column heading of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnHead {
    pub key: &'static str,
    pub label: &'static str,
    pub sortable: bool,
    pub optional: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    pub id: String,
    pub cells: Vec<Cell>,
}

/// One page of a collection, ready to show. Views take this plain data, so the view code is
/// compiled once rather than once per resource type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TablePage {
    pub columns: Vec<ColumnHead>,
    pub rows: Vec<TableRow>,
    pub links: Option<PageLinks>,
    pub total: u64,
}

/// One resource, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DetailView {
    pub id: String,
    pub heading: String,
    /// Column heading and value, in column order.
    pub attributes: Vec<(ColumnHead, Cell)>,
    /// Pages related to the resource: (href, label).
    pub related: Vec<(String, String)>,
    /// Names of the resource's relationships, followed on the detail page.
    pub relationships: Vec<String>,
    /// Whether the record is still changing on the server and worth reloading (a pending export).
    pub refresh: bool,
    /// A file the record offers, as an API path and a file name.
    pub download: Option<(String, String)>,
}

/// The names a page uses for a resource type, in the language in use.
#[derive(Clone, Copy)]
pub struct Naming {
    pub collection: Collection,
    pub texts: &'static ResourceTexts,
}

fn head<A>(column: &Column<A>) -> ColumnHead {
    ColumnHead {
        key: column.key,
        label: column.label,
        sortable: column.sortable,
        optional: column.optional,
    }
}

pub fn naming<A: Shown>() -> Naming {
    Naming {
        collection: A::COLLECTION,
        texts: A::texts(texts()),
    }
}

pub fn table_page<A: Shown>(document: ListDocument<A>) -> TablePage {
    let columns = A::columns();
    let included = Included::of(&document);
    let total = document.total_count();
    TablePage {
        rows: document
            .data
            .iter()
            .map(|row| TableRow {
                id: row.id.clone(),
                cells: columns.iter().map(|c| (c.cell)(row, &included)).collect(),
            })
            .collect(),
        columns: columns.iter().map(head).collect(),
        links: document.links,
        total,
    }
}

pub fn detail_view<A: Shown>(document: SingleDocument<A>) -> DetailView {
    let included = Included::of(&document);
    let resource = &document.data;
    DetailView {
        id: resource.id.clone(),
        heading: A::heading(resource),
        attributes: A::columns()
            .iter()
            .map(|c| (head(c), (c.cell)(resource, &included)))
            .collect(),
        related: A::related_pages(resource),
        relationships: resource.relationships.keys().cloned().collect(),
        refresh: A::still_changing(resource),
        download: A::download(resource),
    }
}

/// A resource type the portal lists and shows.
pub trait Shown: ResourceType + DeserializeOwned + Clone + Send + Sync + 'static {
    const COLLECTION: Collection;
    /// The type's title and sentences for list and detail pages.
    fn texts(t: &'static Texts) -> &'static ResourceTexts;
    /// `include` the API is asked for so that related names can be shown.
    const INCLUDE: &'static [&'static str] = &[];
    fn columns() -> Vec<Column<Self>>;
    /// The heading of a detail page.
    fn heading(resource: &Resource<Self>) -> String;
    /// Pages related to a resource, linked from its detail page: (href, label).
    fn related_pages(resource: &Resource<Self>) -> Vec<(String, String)> {
        let _ = resource;
        Vec::new()
    }
    fn still_changing(resource: &Resource<Self>) -> bool {
        let _ = resource;
        false
    }
    fn download(resource: &Resource<Self>) -> Option<(String, String)> {
        let _ = resource;
        None
    }
}

/// The types the portal has a detail page for.
pub fn has_detail_page(collection: Collection) -> bool {
    matches!(
        collection,
        Collection::Accounts
            | Collection::Services
            | Collection::Rates
            | Collection::CdrExports
            | Collection::Networks
    )
}

/// The portal page of one resource, for the types that have one.
pub fn detail_href(collection: Collection, id: &str) -> String {
    format!(
        "/{}/{}",
        collection.path(),
        api_model::query::encode_component(id)
    )
}

fn linked_to<A: Shown>(cell: Cell, resource: &Resource<A>) -> Cell {
    cell.linked(detail_href(A::COLLECTION, &resource.id))
}

impl Shown for Account {
    const COLLECTION: Collection = Collection::Accounts;

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.accounts
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("name", t.col_name, |r, _| {
                linked_to(Cell::text(&r.attributes.name), r)
            }),
            column("balance", t.col_balance, |r, _| {
                Cell::money(
                    Some(&r.attributes.balance),
                    r.attributes.currency.as_deref().unwrap_or_default(),
                )
            }),
            column("min-balance", t.col_min_balance, |r, _| {
                Cell::money(
                    r.attributes.min_balance.as_ref(),
                    r.attributes.currency.as_deref().unwrap_or_default(),
                )
            }),
            column("max-balance", t.col_max_balance, |r, _| {
                Cell::money(
                    r.attributes.max_balance.as_ref(),
                    r.attributes.currency.as_deref().unwrap_or_default(),
                )
            }),
            column(
                "destination-rate-limit",
                t.col_destination_rate_limit,
                |r, _| Cell::decimal(r.attributes.destination_rate_limit.as_ref()),
            ),
            column(
                "origination-capacity",
                t.col_origination_capacity,
                |r, _| Cell::decimal(r.attributes.origination_capacity.as_ref()),
            ),
            column(
                "termination-capacity",
                t.col_termination_capacity,
                |r, _| Cell::decimal(r.attributes.termination_capacity.as_ref()),
            ),
            column("total-capacity", t.col_total_capacity, |r, _| {
                Cell::decimal(r.attributes.total_capacity.as_ref())
            }),
            column("currency", t.col_currency, |r, _| {
                Cell::text(r.attributes.currency.as_deref().unwrap_or_default())
            }),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }

    fn related_pages(resource: &Resource<Self>) -> Vec<(String, String)> {
        let id = api_model::query::encode_component(&resource.id);
        let t = texts();
        [
            ("origination", t.stats_origination),
            ("quality", t.stats_quality),
            ("active-calls", t.stats_active_calls),
            ("cps", t.related_cps_chart),
        ]
        .into_iter()
        .map(|(page, label)| {
            (
                format!("/statistics/{page}?account-id={id}"),
                label.to_owned(),
            )
        })
        .collect()
    }
}

impl Shown for NetworkType {
    const COLLECTION: Collection = Collection::NetworkTypes;

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.network_types
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("name", t.col_name, |r, _| Cell::text(&r.attributes.name)),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }
}

impl Shown for NetworkPrefix {
    const COLLECTION: Collection = Collection::NetworkPrefixes;
    const INCLUDE: &'static [&'static str] = &["network"];

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.network_prefixes
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("prefix", t.col_prefix, |r, _| {
                Cell::text(&r.attributes.prefix)
            }),
            column("number-min-length", t.col_min_number_length, |r, _| {
                Cell::integer(r.attributes.number_min_length)
            }),
            column("number-max-length", t.col_max_number_length, |r, _| {
                Cell::integer(r.attributes.number_max_length)
            }),
            column("network", t.col_network, |r, included| {
                match included.name_of(r, "network") {
                    Some((id, name)) => {
                        Cell::text(name).linked(detail_href(Collection::Networks, &id))
                    }
                    None => Cell::of(Value::Null),
                }
            })
            .unsortable(),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        (texts().heading_network_prefix)(&resource.attributes.prefix)
    }
}

impl Shown for Network {
    const COLLECTION: Collection = Collection::Networks;

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.networks
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("name", t.col_name, |r, _| Cell::text(&r.attributes.name)),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }
}

impl Shown for Service {
    const COLLECTION: Collection = Collection::Services;

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.services
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("name", t.col_name, |r, _| {
                linked_to(Cell::text(&r.attributes.name), r)
            }),
            column("state", t.col_state, |r, _| Cell::text(&r.attributes.state)),
            column("initial-price", t.col_initial_price, |r, _| {
                Cell::decimal(r.attributes.initial_price.as_ref())
            }),
            column("renew-price", t.col_renew_price, |r, _| {
                Cell::decimal(r.attributes.renew_price.as_ref())
            }),
            column("created-at", t.col_created, |r, _| {
                Cell::time(Some(&r.attributes.created_at))
            }),
            column("renew-at", t.col_renews, |r, _| {
                Cell::time(r.attributes.renew_at.as_ref())
            }),
            column("renew-period", t.col_renew_period, |r, _| {
                Cell::optional_text(r.attributes.renew_period.as_ref())
            }),
            column("service-type", t.col_service_type, |r, _| {
                Cell::optional_text(r.attributes.service_type.as_ref())
            }),
            column("ui-type", t.col_ui_type, |r, _| {
                Cell::optional_text(r.attributes.ui_type.as_ref())
            }),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }
}

/// A CDR export's filters as a reader would say them: `time_start_gteq = …; success_eq = true`.
pub fn readable_filters(filters: &std::collections::BTreeMap<String, serde_json::Value>) -> String {
    filters
        .iter()
        .map(|(key, value)| {
            let (field, op) = key.rsplit_once('_').unwrap_or((key.as_str(), "eq"));
            let op = match op {
                "gteq" => "≥",
                "lteq" => "≤",
                "gt" => ">",
                "lt" => "<",
                "eq" => "=",
                other => other,
            };
            let value = match value {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            format!("{} {op} {value}", field.replace('_', " "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A CDR export's status in the language in use; one this portal does not know, as sent.
fn cdr_export_status(status: &CdrExportStatus) -> String {
    let t = texts();
    match status {
        CdrExportStatus::Pending => t.cdr_status_pending.to_owned(),
        CdrExportStatus::Completed => t.cdr_status_completed.to_owned(),
        CdrExportStatus::Failed => t.cdr_status_failed.to_owned(),
        CdrExportStatus::Deleted => t.cdr_status_deleted.to_owned(),
        CdrExportStatus::Other(other) => other.clone(),
    }
}

impl Shown for CdrExport {
    const COLLECTION: Collection = Collection::CdrExports;

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.cdr_exports
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("created-at", t.col_created, |r, _| {
                linked_to(Cell::time(Some(&r.attributes.created_at)), r)
            }),
            column("status", t.col_status, |r, _| {
                Cell::text(cdr_export_status(&r.attributes.status))
            }),
            column("rows-count", t.col_rows, |r, _| {
                Cell::integer(r.attributes.rows_count.and_then(|n| i64::try_from(n).ok()))
            }),
            column("filters", t.col_filters, |r: &Resource<Self>, _| {
                Cell::text(readable_filters(&r.attributes.filters))
            })
            .unsortable(),
            column("time-format", t.col_time_format, |r, _| {
                Cell::optional_text(r.attributes.time_format.as_ref())
            }),
            column("time-zone-name", t.col_time_zone, |r, _| {
                Cell::optional_text(r.attributes.time_zone_name.as_ref())
            }),
            column("updated-at", t.col_updated, |r, _| {
                Cell::time(Some(&r.attributes.updated_at))
            }),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        (texts().heading_cdr_export)(&format::short_id(&resource.id))
    }

    fn still_changing(resource: &Resource<Self>) -> bool {
        resource.attributes.status == CdrExportStatus::Pending
    }

    fn download(resource: &Resource<Self>) -> Option<(String, String)> {
        (resource.attributes.status == CdrExportStatus::Completed).then(|| {
            let id = api_model::query::encode_component(&resource.id);
            (
                format!("cdr-exports/{id}/download"),
                format!("cdr-export-{}.csv.gz", resource.id),
            )
        })
    }
}

impl Shown for Rate {
    const COLLECTION: Collection = Collection::Rates;

    fn texts(t: &'static Texts) -> &'static ResourceTexts {
        &t.rates
    }

    fn columns() -> Vec<Column<Self>> {
        let t = texts();
        vec![
            column("prefix", t.col_prefix, |r, _| {
                linked_to(Cell::text(&r.attributes.prefix), r)
            }),
            column("dst-number-min-length", t.col_min_number_length, |r, _| {
                Cell::integer(r.attributes.dst_number_min_length)
            }),
            column("dst-number-max-length", t.col_max_number_length, |r, _| {
                Cell::integer(r.attributes.dst_number_max_length)
            }),
            column("enabled", t.col_enabled, |r, _| {
                Cell::boolean(r.attributes.enabled)
            }),
            column("reject-calls", t.col_rejects_calls, |r, _| {
                Cell::boolean(r.attributes.reject_calls)
            }),
            column("initial-rate", t.col_initial_rate, |r, _| {
                Cell::decimal(Some(&r.attributes.initial_rate))
            }),
            column("initial-interval", t.col_initial_interval, |r, _| {
                Cell::integer(Some(r.attributes.initial_interval))
            }),
            column("next-rate", t.col_next_rate, |r, _| {
                Cell::decimal(Some(&r.attributes.next_rate))
            }),
            column("next-interval", t.col_next_interval, |r, _| {
                Cell::integer(Some(r.attributes.next_interval))
            }),
            column("connect-fee", t.col_connect_fee, |r, _| {
                Cell::decimal(r.attributes.connect_fee.as_ref())
            }),
            column("attempt-fee", t.col_attempt_fee, |r, _| {
                Cell::decimal(r.attributes.attempt_fee.as_ref())
            }),
            column("valid-from", t.col_valid_from, |r, _| {
                Cell::time(Some(&r.attributes.valid_from))
            }),
            column("valid-till", t.col_valid_till, |r, _| {
                Cell::time(r.attributes.valid_till.as_ref())
            }),
            column(
                "network-prefix-id",
                t.col_network_prefix_id,
                |r: &Resource<Self>, _| {
                    Cell::optional_text(
                        r.attributes
                            .network_prefix_id
                            .as_ref()
                            .map(ToString::to_string)
                            .as_ref(),
                    )
                },
            )
            .unsortable()
            .optional(),
            id_column(t),
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        (texts().heading_rate)(&resource.attributes.prefix)
    }
}
