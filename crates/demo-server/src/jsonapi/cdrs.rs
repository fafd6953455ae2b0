//! Outgoing and incoming CDRs as JSON:API resources. Both are calls of the history
//! ([`CdrCall`]), made on demand: a list makes only the customer's calls in its time range
//! (the filters' bounds, else the last 24 hours), a record is made again from its id.
//!
//! An incoming CDR names its fields after the leg to the vendor (`dialpeer-fee`,
//! `legb-disconnect-code`, `sign-term-ip`): each is the outgoing field of the same meaning
//! ([`outgoing_name`]), so both directions compute their values in one place.

use crate::jsonapi::collection::ListQuery;
use crate::jsonapi::record::{FieldValue, Record, Render, declared_attributes_but};
use crate::jsonapi::records::account;
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use crate::traffic::calls::Direction;
use crate::traffic::cdr_records::{
    CdrCall, CdrRange, SIP_PORT, SWITCH_DOMAIN, find_cdr, for_each_cdr,
};
use crate::traffic::cdrs::is_hidden;
use api_model::catalog::Collection;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use std::borrow::Cow;

/// A call the customer's account originated (`cdrs`).
#[derive(Debug, Clone, Copy)]
pub struct OutgoingCdr(pub CdrCall);

/// A call terminated to the customer's account, the customer acting as a vendor
/// (`incoming-cdrs`).
#[derive(Debug, Clone, Copy)]
pub struct IncomingCdr(pub CdrCall);

/// Fields both directions have under the same name (besides `id` and `account-id`, which
/// every record answers alike).
const SHARED: [&str; 9] = [
    "time-start",
    "time-connect",
    "time-end",
    "duration",
    "success",
    "src-prefix-routing",
    "dst-prefix-routing",
    "local-tag",
    "rec",
];

/// The outgoing field with the meaning of an incoming one; `None` for a name incoming CDRs
/// do not have.
fn outgoing_name(incoming: &str) -> Option<&'static str> {
    Some(match incoming {
        "dialpeer-initial-interval" => "destination-initial-interval",
        "dialpeer-initial-rate" => "destination-initial-rate",
        "dialpeer-next-interval" => "destination-next-interval",
        "dialpeer-next-rate" => "destination-next-rate",
        "dialpeer-fee" => "destination-fee",
        "dialpeer-prefix" => "destination-prefix",
        "dialpeer-reverse-billing" => "destination-reverse-billing",
        "vendor-price" => "customer-price",
        "vendor-duration" => "customer-duration",
        "src-name-out" => "src-name-in",
        "src-prefix-out" => "src-prefix-in",
        "dst-prefix-out" => "dst-prefix-in",
        "diversion-out" => "diversion-in",
        "legb-disconnect-code" => "lega-disconnect-code",
        "legb-disconnect-reason" => "lega-disconnect-reason",
        "sign-term-ip" => "auth-orig-ip",
        "sign-term-port" => "auth-orig-port",
        "sign-term-transport-protocol-id" => "auth-orig-transport-protocol-id",
        "term-call-id" => "orig-call-id",
        "legb-user-agent" => "lega-user-agent",
        shared => return SHARED.iter().copied().find(|s| *s == shared),
    })
}

/// Outgoing CDRs' fields are the outgoing fields.
fn same_name(field: &str) -> Option<&str> {
    Some(field)
}

fn micros(value: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp_micros(value)
}

fn owned<'a>(text: String) -> FieldValue<'a> {
    FieldValue::Text(Cow::Owned(text))
}

/// The value of an outgoing CDR's attribute (or filter-only field) by name.
fn value<'a>(cdr: &CdrCall, field: &str, data: &'a DataSet) -> FieldValue<'a> {
    let call = &cdr.call;
    let rate = || cdr.rate(data).map(|r| &r.attributes);
    match field {
        "time-start" => FieldValue::opt_time(micros(cdr.times().start)),
        "time-connect" => FieldValue::opt_time(cdr.times().connect.and_then(micros)),
        "time-end" => FieldValue::opt_time(micros(cdr.times().end)),
        "duration" => FieldValue::number(call.duration),
        "success" => FieldValue::Bool(call.answered),
        "src-prefix-in" | "src-prefix-routing" => {
            cdr.src_number(data).map_or(FieldValue::Null, owned)
        }
        "dst-prefix-in" | "dst-prefix-routing" => owned(cdr.dst_number(data)),
        // The demo bills without VAT.
        "customer-price" | "customer-price-no-vat" => FieldValue::Number(call.price(data)),
        "customer-acc-vat" => FieldValue::Number(Decimal::ZERO),
        "customer-duration" => FieldValue::number(cdr.billed_seconds(data)),
        "destination-prefix" => FieldValue::opt_text(rate().map(|r| r.prefix.as_str())),
        "destination-initial-rate" => FieldValue::opt_number(rate().map(|r| r.initial_rate)),
        "destination-initial-interval" => {
            FieldValue::opt_number(rate().map(|r| r.initial_interval))
        }
        "destination-next-rate" => FieldValue::opt_number(rate().map(|r| r.next_rate)),
        "destination-next-interval" => FieldValue::opt_number(rate().map(|r| r.next_interval)),
        "destination-fee" => FieldValue::opt_number(rate().and_then(|r| r.connect_fee)),
        "destination-reverse-billing" => FieldValue::Bool(false),
        "lega-disconnect-code" => FieldValue::number(cdr.disconnect().0),
        "lega-disconnect-reason" => FieldValue::text(cdr.disconnect().1),
        "src-name-in" => FieldValue::opt_text(cdr.caller_name()),
        "diversion-in" => cdr.diversion(data).map_or(FieldValue::Null, owned),
        // The customer's PBX puts its address in `From`; it calls the switch's domain.
        "from-domain" => FieldValue::opt_text(cdr.ip(data)),
        "to-domain" | "ruri-domain" => FieldValue::text(SWITCH_DOMAIN),
        "orig-call-id" => owned(cdr.call_id(data)),
        "local-tag" => owned(cdr.local_tag()),
        "lega-user-agent" => FieldValue::text(cdr.user_agent()),
        "auth-orig-transport-protocol-id" => FieldValue::number(cdr.transport()),
        "auth-orig-ip" => FieldValue::opt_text(cdr.ip(data)),
        "auth-orig-port" => FieldValue::number(SIP_PORT),
        "rec" => FieldValue::Bool(cdr.rec(data)),
        // Identity headers the demo's calls do not carry (`pai-in`, `rpid-in`, …).
        _ => FieldValue::Null,
    }
}

/// The accounts the viewer may see, ascending.
fn own_accounts(data: &DataSet, viewer: Viewer) -> Vec<usize> {
    (0..data.accounts.len())
        .filter(|&a| data.sees_account(viewer, a))
        .collect()
}

/// The CDRs of every account in the collection's default window before now.
fn recent(data: &DataSet, direction: Direction) -> Vec<CdrCall> {
    let accounts: Vec<usize> = (0..data.accounts.len()).collect();
    let now = Utc::now().timestamp();
    let range = CdrRange {
        direction,
        accounts: &accounts,
        from: now - 24 * 3600,
        to: now.saturating_add(1),
        now,
    };
    let mut rows = Vec::new();
    for_each_cdr(data, &range, |cdr| rows.push(*cdr));
    rows
}

/// The CDRs of the viewer's accounts in the query's time range that match its filters.
fn listed<R: Record>(
    data: &DataSet,
    viewer: Viewer,
    query: &ListQuery,
    direction: Direction,
    wrap: impl Fn(CdrCall) -> R,
) -> Vec<R> {
    let now = Utc::now().timestamp();
    let (from, to) = query.window_range::<R>(now);
    let accounts = own_accounts(data, viewer);
    let range = CdrRange {
        direction,
        accounts: &accounts,
        from,
        to,
        now,
    };
    let mut rows = Vec::new();
    for_each_cdr(data, &range, |cdr| {
        let record = wrap(*cdr);
        if query.matches(&record, data) {
            rows.push(record);
        }
    });
    rows
}

/// Reads `--hide-cdr-fields`: comma-separated attribute names of outgoing or incoming CDRs
/// (a name of neither is a mistake worth telling).
pub fn parse_hidden_fields(text: &str) -> Result<Vec<String>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(|name| {
            let known = [Collection::Cdrs, Collection::IncomingCdrs]
                .iter()
                .any(|c| c.spec().field(name).is_some());
            if known {
                Ok(name.to_owned())
            } else {
                Err(format!("{name:?} is no attribute of cdrs or incoming-cdrs"))
            }
        })
        .collect()
}

/// A CDR of either direction, for what both offer beyond a resource (the recording).
pub trait CdrResource: Record {
    fn cdr(&self) -> &CdrCall;
}

impl CdrResource for OutgoingCdr {
    fn cdr(&self) -> &CdrCall {
        &self.0
    }
}

impl CdrResource for IncomingCdr {
    fn cdr(&self) -> &CdrCall {
        &self.0
    }
}

/// What both directions implement alike; `$value` maps a field name to an outgoing one.
macro_rules! cdr_record {
    ($type:ident, $collection:expr, $direction:expr, $value:expr) => {
        impl Record for $type {
            const COLLECTION: Collection = $collection;

            /// Every account's CDRs of the last 24 hours (lists and records do not use it:
            /// they make only what they need).
            fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
                let rows: Vec<$type> = recent(data, $direction).into_iter().map($type).collect();
                f(&rows)
            }

            fn with_listed<T>(
                data: &DataSet,
                viewer: Viewer,
                query: &ListQuery,
                f: impl FnOnce(&[Self]) -> T,
            ) -> T {
                f(&listed(data, viewer, query, $direction, $type))
            }

            fn with_record<T>(data: &DataSet, id: &str, f: impl FnOnce(&Self) -> T) -> Option<T> {
                let now = Utc::now().timestamp();
                find_cdr(data, $direction, id, now).map(|cdr| f(&$type(cdr)))
            }

            fn id(&self) -> &str {
                self.0.id_str()
            }

            fn owner(&self) -> Option<CustomerId> {
                Some(self.0.customer)
            }

            fn account(&self, _data: &DataSet) -> Option<usize> {
                Some(self.0.account)
            }

            fn field_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
                let name: Option<&str> = $value(field);
                name.map_or(FieldValue::Null, |name| value(&self.0, name, data))
            }

            /// Every declared attribute but those the operator hides.
            fn attributes(&self, data: &DataSet) -> Value {
                declared_attributes_but(self, data, |name| is_hidden(&data.hidden_cdr_fields, name))
            }

            fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
                match name {
                    "account" => account(data, self.0.account),
                    _ => None,
                }
            }
        }
    };
}

cdr_record!(
    OutgoingCdr,
    Collection::Cdrs,
    Direction::Originated,
    same_name
);
cdr_record!(
    IncomingCdr,
    Collection::IncomingCdrs,
    Direction::Terminated,
    outgoing_name
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::customers::DEMO_CUSTOMER;
    use crate::model::records::CdrExportRecord;
    use crate::traffic::cdrs::export_csv_gz;
    use api_model::resources::{CdrExport, CdrExportStatus};
    use api_model::stats::server_time;
    use std::io::Read;

    fn data() -> DataSet {
        DataSet::generate(5, Utc::now())
    }

    /// A Completed export of the account's calls with these filters.
    fn export(account: usize, filters: Value) -> CdrExportRecord {
        let now = Utc::now();
        CdrExportRecord {
            id: "e".into(),
            customer: DEMO_CUSTOMER,
            account,
            attributes: CdrExport {
                filters: serde_json::from_value(filters).unwrap(),
                status: CdrExportStatus::Completed,
                rows_count: None,
                created_at: now,
                updated_at: now,
                time_format: None,
                time_zone_name: None,
            },
            completes_at: None,
            rows_to_count: false,
        }
    }

    fn csv_rows(data: &DataSet, export: &CdrExportRecord) -> (Vec<String>, Vec<Vec<String>>) {
        let (gz, _) = export_csv_gz(data, export).unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_string(&mut text)
            .unwrap();
        let mut lines = text
            .lines()
            .map(|l| l.split(',').map(str::to_owned).collect());
        (lines.next().unwrap(), lines.collect())
    }

    /// The account's outgoing CDRs from `from` to `to` a list with the filters of `query`
    /// shows (up to 1000), in its order.
    fn listed_between(
        data: &DataSet,
        account: usize,
        query: &str,
        (from, to): (DateTime<Utc>, DateTime<Utc>),
    ) -> Vec<OutgoingCdr> {
        let query = format!(
            "{query}&filter[account-id-eq]={}&filter[time-start-gteq]={}&filter[time-start-lt]={}&page[size]=1000",
            data.accounts[account].id,
            server_time(&from),
            server_time(&to)
        );
        let query = ListQuery::parse::<OutgoingCdr>(&query).unwrap();
        let viewer = Viewer::whole(DEMO_CUSTOMER);
        let cdrs = listed(data, viewer, &query, Direction::Originated, OutgoingCdr);
        query
            .order(cdrs.iter(), data)
            .into_iter()
            .copied()
            .collect()
    }

    /// A value as an export's CSV writes it (times with the zone, booleans as `t`/`f`).
    fn as_exported(value: &FieldValue<'_>) -> String {
        match value {
            FieldValue::Time(t) => {
                let fraction = t.timestamp_subsec_micros();
                let seconds = t.format("%Y-%m-%d %H:%M:%S");
                if fraction == 0 {
                    format!("{seconds}+00")
                } else {
                    format!("{seconds}.{fraction:06}+00")
                }
            }
            FieldValue::Bool(b) => if *b { "t" } else { "f" }.to_owned(),
            _ => value.as_text().map(|t| t.into_owned()).unwrap_or_default(),
        }
    }

    #[test]
    fn an_export_has_the_cdrs_a_list_with_the_same_filters_gives() {
        let data = data();
        let account = 1;
        let hour = Utc::now().timestamp() / 3600 * 3600;
        let from = DateTime::from_timestamp(hour - 5 * 3600, 0).unwrap();
        let to = DateTime::from_timestamp(hour - 3 * 3600, 0).unwrap();
        // A number one of the account's failed calls went to.
        let failed = listed_between(&data, account, "filter[success-eq]=false", (from, to));
        let dst = failed[0].0.dst_number(&data);
        for (filters, query) in [
            (
                serde_json::json!({"success_eq": true, "duration_gteq": 30, "duration_lteq": 200}),
                "filter[success-eq]=true&filter[duration-gteq]=30&filter[duration-lteq]=200",
            ),
            (
                serde_json::json!({"success_eq": false}),
                "filter[success-eq]=false",
            ),
            (
                serde_json::json!({"duration_eq": 0, "dst_prefix_routing_eq": dst}),
                &*format!("filter[duration-eq]=0&filter[dst-prefix-routing-eq]={dst}"),
            ),
        ] {
            let mut filters = filters;
            filters["time_start_gteq"] = server_time(&from).into();
            filters["time_start_lt"] = server_time(&to).into();
            let (header, rows) = csv_rows(&data, &export(account, filters));
            let ordered = listed_between(&data, account, query, (from, to));
            assert!(!rows.is_empty() && rows.len() < 1000, "{query:?}");
            assert_eq!(rows.len(), ordered.len());
            // Both newest first; every exported column is the CDR's attribute.
            for (row, cdr) in rows.iter().zip(&ordered) {
                for (title, cell) in header.iter().zip(row) {
                    let name = title.to_lowercase().replace(' ', "-");
                    let expected = as_exported(&cdr.value(&name, &data));
                    assert_eq!(cell, &expected, "{name} of {}", cdr.id());
                }
            }
        }
    }

    #[test]
    fn every_declared_filter_and_sort_field_has_values() {
        let data = data();
        fn check<R: Record>(data: &DataSet, filter_only_nulls: &[&str]) {
            let spec = R::spec();
            R::with_rows(data, |rows| {
                assert!(rows.len() > 1000);
                let names = spec
                    .filters
                    .iter()
                    .map(|f| f.name)
                    .chain(spec.sort_fields());
                for name in names.filter(|n| !filter_only_nulls.contains(n)) {
                    assert!(
                        rows.iter().any(|r| r.value(name, data) != FieldValue::Null),
                        "{}: {name}",
                        spec.path
                    );
                }
                let first = &rows[0];
                assert_eq!(
                    first.related("account", data).map(|a| a.kind()),
                    Some("accounts")
                );
            });
        }
        // Identity headers the demo's calls do not carry.
        let absent = [
            "pai-in",
            "ppi-in",
            "privacy-in",
            "rpid-in",
            "rpid-privacy-in",
        ];
        check::<OutgoingCdr>(&data, &absent);
        check::<IncomingCdr>(&data, &[]);
    }

    /// How long a list takes, as the route computes it (make, filter, order, render a page).
    /// `cargo test -p demo-server --release --lib -- --ignored --nocapture cdr_list_timings`
    #[test]
    #[ignore = "a measurement: run in a release build"]
    fn cdr_list_timings() {
        let data = data();
        let hour = Utc::now().timestamp() / 3600 * 3600;
        let days_ago = |days: i64| DateTime::from_timestamp(hour - days * 86_400, 0).unwrap();
        let month = format!(
            "filter[time-start-gteq]={}&filter[time-start-lt]={}",
            server_time(&days_ago(31)),
            server_time(&days_ago(1))
        );
        for query in [
            "page[size]=50".to_owned(),
            "page[size]=1000".to_owned(),
            "page[size]=1000&sort=-customer-price".to_owned(),
            "page[size]=1000&filter[success-eq]=true&filter[dst-prefix-routing-start]=44"
                .to_owned(),
            format!("page[size]=1000&{month}"),
            format!("page[size]=1000&page[number]=20&{month}"),
        ] {
            let started = std::time::Instant::now();
            let runs = 5;
            let mut total = 0;
            for _ in 0..runs {
                let parsed = ListQuery::parse::<OutgoingCdr>(&query).unwrap();
                let rows = listed(
                    &data,
                    Viewer::whole(DEMO_CUSTOMER),
                    &parsed,
                    Direction::Originated,
                    OutgoingCdr,
                );
                let ordered = parsed.order(rows.iter(), &data);
                let page = parsed.page(&ordered);
                let rendered: Vec<Value> = page.iter().map(|r| r.attributes(&data)).collect();
                total = ordered.len();
                assert!(!rendered.is_empty());
            }
            let each = started.elapsed() / runs;
            println!("{query}: {total} CDRs, {each:?} a request");
        }
    }
}
