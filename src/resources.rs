//! What the portal shows of each resource type: its title, columns and links.
//!
//! One definition per type feeds both the list table and the detail page.

use crate::format;
use api_model::document::{ListDocument, PageLinks, Resource, SingleDocument};
use api_model::filters::Collection;
use api_model::resources::{
    Account, CdrExport, NetworkPrefix, NetworkType, Rate, ResourceType, Service,
};
use serde::de::DeserializeOwned;

/// A rendered cell: text plus how to present it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub numeric: bool,
    pub href: Option<String>,
}

impl Cell {
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            numeric: false,
            href: None,
        }
    }

    pub fn number(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            numeric: true,
            href: None,
        }
    }

    pub fn link(text: impl Into<String>, href: String) -> Cell {
        Cell {
            text: text.into(),
            numeric: false,
            href: Some(href),
        }
    }
}

pub struct Column<A> {
    /// The attribute name in the API (also the `sort` field).
    pub key: &'static str,
    pub label: &'static str,
    pub sortable: bool,
    pub cell: fn(&Resource<A>) -> Cell,
}

/// A column heading of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnHead {
    pub key: &'static str,
    pub label: &'static str,
    pub sortable: bool,
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
    pub related: Vec<(String, &'static str)>,
}

/// The names a page uses for a resource type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Naming {
    pub collection: Collection,
    pub title: &'static str,
    pub noun: &'static str,
}

fn head<A>(column: &Column<A>) -> ColumnHead {
    ColumnHead {
        key: column.key,
        label: column.label,
        sortable: column.sortable,
    }
}

pub fn naming<A: Shown>() -> Naming {
    Naming {
        collection: A::COLLECTION,
        title: A::TITLE,
        noun: A::NOUN,
    }
}

pub fn table_page<A: Shown>(document: ListDocument<A>) -> TablePage {
    let columns = A::columns();
    let total = document.total_count();
    TablePage {
        rows: document
            .data
            .iter()
            .map(|row| TableRow {
                id: row.id.clone(),
                cells: columns.iter().map(|c| (c.cell)(row)).collect(),
            })
            .collect(),
        columns: columns.iter().map(head).collect(),
        links: document.links,
        total,
    }
}

pub fn detail_view<A: Shown>(document: SingleDocument<A>) -> DetailView {
    let resource = &document.data;
    DetailView {
        id: resource.id.clone(),
        heading: A::heading(resource),
        attributes: A::columns()
            .iter()
            .map(|c| (head(c), (c.cell)(resource)))
            .collect(),
        related: A::related_pages(resource),
    }
}

/// A resource type the portal lists and shows.
pub trait Shown: ResourceType + DeserializeOwned + Clone + Send + Sync + 'static {
    const COLLECTION: Collection;
    /// Plural title of the list page.
    const TITLE: &'static str;
    /// Singular noun for detail pages and messages.
    const NOUN: &'static str;
    fn columns() -> Vec<Column<Self>>;
    /// Where a row links to, when the type has a detail page.
    fn detail_href(id: &str) -> Option<String> {
        let _ = id;
        None
    }
    /// The heading of a detail page.
    fn heading(resource: &Resource<Self>) -> String;
    /// Pages related to a resource, linked from its detail page: (href, label).
    fn related_pages(resource: &Resource<Self>) -> Vec<(String, &'static str)> {
        let _ = resource;
        Vec::new()
    }
}

fn money_of(a: &Account, value: Option<&rust_decimal::Decimal>) -> Cell {
    Cell::number(format::money(value, &a.currency))
}

impl Shown for Account {
    const COLLECTION: Collection = Collection::Accounts;
    const TITLE: &'static str = "Accounts";
    const NOUN: &'static str = "account";

    fn columns() -> Vec<Column<Self>> {
        vec![
            Column {
                key: "name",
                label: "Name",
                sortable: true,
                cell: |r| Cell::link(r.attributes.name.clone(), format!("/accounts/{}", r.id)),
            },
            Column {
                key: "balance",
                label: "Balance",
                sortable: true,
                cell: |r| money_of(&r.attributes, Some(&r.attributes.balance)),
            },
            Column {
                key: "min-balance",
                label: "Min balance",
                sortable: true,
                cell: |r| money_of(&r.attributes, r.attributes.min_balance.as_ref()),
            },
            Column {
                key: "max-balance",
                label: "Max balance",
                sortable: true,
                cell: |r| money_of(&r.attributes, r.attributes.max_balance.as_ref()),
            },
            Column {
                key: "destination-rate-limit",
                label: "Destination rate limit",
                sortable: true,
                cell: |r| {
                    Cell::number(format::optional_decimal(
                        r.attributes.destination_rate_limit.as_ref(),
                    ))
                },
            },
            Column {
                key: "origination-capacity",
                label: "Origination capacity",
                sortable: true,
                cell: |r| {
                    Cell::number(format::optional_decimal(
                        r.attributes.origination_capacity.as_ref(),
                    ))
                },
            },
            Column {
                key: "termination-capacity",
                label: "Termination capacity",
                sortable: true,
                cell: |r| {
                    Cell::number(format::optional_decimal(
                        r.attributes.termination_capacity.as_ref(),
                    ))
                },
            },
            Column {
                key: "total-capacity",
                label: "Total capacity",
                sortable: true,
                cell: |r| {
                    Cell::number(format::optional_decimal(
                        r.attributes.total_capacity.as_ref(),
                    ))
                },
            },
            Column {
                key: "currency",
                label: "Currency",
                sortable: true,
                cell: |r| Cell::text(r.attributes.currency.clone()),
            },
        ]
    }

    fn detail_href(id: &str) -> Option<String> {
        Some(format!("/accounts/{id}"))
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }

    fn related_pages(resource: &Resource<Self>) -> Vec<(String, &'static str)> {
        let id = api_model::query::encode_component(&resource.id);
        vec![
            (
                format!("/statistics/origination?account-id={id}"),
                "Origination statistics",
            ),
            (
                format!("/statistics/quality?account-id={id}"),
                "Quality statistics",
            ),
            (
                format!("/statistics/active-calls?account-id={id}"),
                "Active calls",
            ),
            (
                format!("/statistics/cps?account-id={id}"),
                "Originated CPS chart",
            ),
        ]
    }
}

impl Shown for NetworkType {
    const COLLECTION: Collection = Collection::NetworkTypes;
    const TITLE: &'static str = "Network types";
    const NOUN: &'static str = "network type";

    fn columns() -> Vec<Column<Self>> {
        vec![Column {
            key: "name",
            label: "Name",
            sortable: true,
            cell: |r| Cell::text(r.attributes.name.clone()),
        }]
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }
}

impl Shown for NetworkPrefix {
    const COLLECTION: Collection = Collection::NetworkPrefixes;
    const TITLE: &'static str = "Network prefixes";
    const NOUN: &'static str = "network prefix";

    fn columns() -> Vec<Column<Self>> {
        vec![
            Column {
                key: "prefix",
                label: "Prefix",
                sortable: true,
                cell: |r| Cell::text(r.attributes.prefix.clone()),
            },
            Column {
                key: "number-min-length",
                label: "Min number length",
                sortable: true,
                cell: |r| Cell::number(format::integer(r.attributes.number_min_length)),
            },
            Column {
                key: "number-max-length",
                label: "Max number length",
                sortable: true,
                cell: |r| Cell::number(format::integer(r.attributes.number_max_length)),
            },
        ]
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.prefix.clone()
    }
}

impl Shown for Service {
    const COLLECTION: Collection = Collection::Services;
    const TITLE: &'static str = "Services";
    const NOUN: &'static str = "service";

    fn columns() -> Vec<Column<Self>> {
        vec![
            Column {
                key: "name",
                label: "Name",
                sortable: true,
                cell: |r| Cell::link(r.attributes.name.clone(), format!("/services/{}", r.id)),
            },
            Column {
                key: "state",
                label: "State",
                sortable: true,
                cell: |r| Cell::text(r.attributes.state.clone()),
            },
            Column {
                key: "initial-price",
                label: "Initial price",
                sortable: true,
                cell: |r| {
                    Cell::number(format::optional_decimal(
                        r.attributes.initial_price.as_ref(),
                    ))
                },
            },
            Column {
                key: "renew-price",
                label: "Renew price",
                sortable: true,
                cell: |r| Cell::number(format::optional_decimal(r.attributes.renew_price.as_ref())),
            },
            Column {
                key: "created-at",
                label: "Created",
                sortable: true,
                cell: |r| Cell::text(format::timestamp(Some(&r.attributes.created_at))),
            },
            Column {
                key: "renew-at",
                label: "Renews",
                sortable: true,
                cell: |r| Cell::text(format::timestamp(r.attributes.renew_at.as_ref())),
            },
            Column {
                key: "renew-period",
                label: "Renew period",
                sortable: true,
                cell: |r| {
                    Cell::text(
                        r.attributes
                            .renew_period
                            .clone()
                            .unwrap_or_else(|| format::DASH.into()),
                    )
                },
            },
            Column {
                key: "service-type",
                label: "Service type",
                sortable: true,
                cell: |r| {
                    Cell::text(
                        r.attributes
                            .service_type
                            .clone()
                            .unwrap_or_else(|| format::DASH.into()),
                    )
                },
            },
            Column {
                key: "ui-type",
                label: "UI type",
                sortable: true,
                cell: |r| {
                    Cell::text(
                        r.attributes
                            .ui_type
                            .clone()
                            .unwrap_or_else(|| format::DASH.into()),
                    )
                },
            },
        ]
    }

    fn detail_href(id: &str) -> Option<String> {
        Some(format!("/services/{id}"))
    }

    fn heading(resource: &Resource<Self>) -> String {
        resource.attributes.name.clone()
    }
}

impl Shown for CdrExport {
    const COLLECTION: Collection = Collection::CdrExports;
    const TITLE: &'static str = "CDR exports";
    const NOUN: &'static str = "CDR export";

    fn columns() -> Vec<Column<Self>> {
        vec![
            Column {
                key: "created-at",
                label: "Created",
                sortable: true,
                cell: |r| {
                    Cell::link(
                        format::timestamp(Some(&r.attributes.created_at)),
                        format!("/cdr-exports/{}", r.id),
                    )
                },
            },
            Column {
                key: "status",
                label: "Status",
                sortable: true,
                cell: |r| Cell::text(r.attributes.status.to_string()),
            },
            Column {
                key: "rows-count",
                label: "Rows",
                sortable: true,
                cell: |r| {
                    Cell::number(format::integer(
                        r.attributes.rows_count.and_then(|n| i64::try_from(n).ok()),
                    ))
                },
            },
            Column {
                key: "filters",
                label: "Filters",
                sortable: false,
                cell: |r| {
                    let text = r
                        .attributes
                        .filters
                        .iter()
                        .map(|(k, v)| match v {
                            serde_json::Value::String(s) => format!("{k} = {s}"),
                            other => format!("{k} = {other}"),
                        })
                        .collect::<Vec<_>>()
                        .join("; ");
                    Cell::text(text)
                },
            },
            Column {
                key: "time-format",
                label: "Time format",
                sortable: true,
                cell: |r| {
                    Cell::text(
                        r.attributes
                            .time_format
                            .clone()
                            .unwrap_or_else(|| format::DASH.into()),
                    )
                },
            },
            Column {
                key: "time-zone-name",
                label: "Time zone",
                sortable: true,
                cell: |r| {
                    Cell::text(
                        r.attributes
                            .time_zone_name
                            .clone()
                            .unwrap_or_else(|| format::DASH.into()),
                    )
                },
            },
            Column {
                key: "updated-at",
                label: "Updated",
                sortable: true,
                cell: |r| Cell::text(format::timestamp(Some(&r.attributes.updated_at))),
            },
        ]
    }

    fn detail_href(id: &str) -> Option<String> {
        Some(format!("/cdr-exports/{id}"))
    }

    fn heading(resource: &Resource<Self>) -> String {
        format!(
            "CDR export of {}",
            format::timestamp(Some(&resource.attributes.created_at))
        )
    }
}

impl Shown for Rate {
    const COLLECTION: Collection = Collection::Rates;
    const TITLE: &'static str = "Rates";
    const NOUN: &'static str = "rate";

    fn columns() -> Vec<Column<Self>> {
        vec![
            Column {
                key: "prefix",
                label: "Prefix",
                sortable: true,
                cell: |r| Cell::link(r.attributes.prefix.clone(), format!("/rates/{}", r.id)),
            },
            Column {
                key: "dst-number-min-length",
                label: "Min number length",
                sortable: true,
                cell: |r| Cell::number(format::integer(r.attributes.dst_number_min_length)),
            },
            Column {
                key: "dst-number-max-length",
                label: "Max number length",
                sortable: true,
                cell: |r| Cell::number(format::integer(r.attributes.dst_number_max_length)),
            },
            Column {
                key: "enabled",
                label: "Enabled",
                sortable: true,
                cell: |r| Cell::text(format::yes_no(r.attributes.enabled)),
            },
            Column {
                key: "reject-calls",
                label: "Rejects calls",
                sortable: true,
                cell: |r| Cell::text(format::yes_no(r.attributes.reject_calls)),
            },
            Column {
                key: "initial-rate",
                label: "Initial rate",
                sortable: true,
                cell: |r| Cell::number(format::decimal(&r.attributes.initial_rate)),
            },
            Column {
                key: "initial-interval",
                label: "Initial interval (s)",
                sortable: true,
                cell: |r| Cell::number(format::integer(Some(r.attributes.initial_interval))),
            },
            Column {
                key: "next-rate",
                label: "Next rate",
                sortable: true,
                cell: |r| Cell::number(format::decimal(&r.attributes.next_rate)),
            },
            Column {
                key: "next-interval",
                label: "Next interval (s)",
                sortable: true,
                cell: |r| Cell::number(format::integer(Some(r.attributes.next_interval))),
            },
            Column {
                key: "connect-fee",
                label: "Connect fee",
                sortable: true,
                cell: |r| Cell::number(format::optional_decimal(r.attributes.connect_fee.as_ref())),
            },
            Column {
                key: "attempt-fee",
                label: "Attempt fee",
                sortable: true,
                cell: |r| Cell::number(format::optional_decimal(r.attributes.attempt_fee.as_ref())),
            },
            Column {
                key: "valid-from",
                label: "Valid from",
                sortable: true,
                cell: |r| Cell::text(format::timestamp(Some(&r.attributes.valid_from))),
            },
            Column {
                key: "valid-till",
                label: "Valid till",
                sortable: true,
                cell: |r| Cell::text(format::timestamp(r.attributes.valid_till.as_ref())),
            },
            Column {
                key: "network-prefix-id",
                label: "Network prefix id",
                sortable: false,
                cell: |r| {
                    Cell::text(
                        r.attributes
                            .network_prefix_id
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_else(|| format::DASH.into()),
                    )
                },
            },
        ]
    }

    fn detail_href(id: &str) -> Option<String> {
        Some(format!("/rates/{id}"))
    }

    fn heading(resource: &Resource<Self>) -> String {
        format!("Rate for prefix {}", resource.attributes.prefix)
    }
}
