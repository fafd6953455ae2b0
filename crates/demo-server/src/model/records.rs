//! The records of the data set, one struct per resource type: the API's attributes (the
//! `api_model` structs) plus what the demo keeps beside them (owner, links to other records by
//! index, filter-only fields, the traffic an account makes).

use crate::model::customers::{CustomerId, UsedBy};
use crate::model::money::CurrentBalance;
use api_model::rates::{Tariff, call_cost};
use api_model::resources::{
    Account, CdrExport, CdrExportStatus, Country, Network, NetworkPrefix, Rate, Rateplan, Service,
};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// How an account's synthetic traffic looks; see `crate::traffic::calls`.
#[derive(Debug, Clone)]
pub struct TrafficProfile {
    /// Expected calls per minute at the busiest hour, in thousandths.
    pub peak_milli_calls: u64,
    /// Share of answered calls, per mille.
    pub asr_per_mille: u64,
    /// Mean duration of an answered call, seconds.
    pub mean_duration: u64,
    /// Source number prefixes the account's calls come from.
    pub src_prefixes: Vec<String>,
    /// Index into [`DataSet::countries`](crate::model::data_set::DataSet::countries) of the calls' source country.
    pub src_country: usize,
    /// Originating IP addresses (`auth-orig-ip`).
    pub ips: Vec<String>,
    /// Indexes into [`DataSet::rates`](crate::model::data_set::DataSet::rates) of the rates the account's calls are priced with: the
    /// customer's enabled rates that do not reject calls (see [`DataSet::usable_rates`](crate::model::data_set::DataSet::usable_rates)).
    pub rates: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct AccountRecord {
    pub id: String,
    pub customer: CustomerId,
    /// The balance here is the one at start-up, where the balance history starts from (see
    /// `crate::traffic::billing`); the API shows [`AccountRecord::balance`].
    pub attributes: Account,
    /// The balance now: the one at start-up, raised by every top-up paid since.
    pub balance: CurrentBalance,
    // Filterable on the real server although not sent as attributes.
    pub balance_low_threshold: Option<Decimal>,
    pub balance_high_threshold: Option<Decimal>,
    pub max_call_duration: Option<i64>,
    pub external_id: Option<i64>,
    pub traffic: TrafficProfile,
}

#[derive(Debug, Clone)]
pub struct NetworkRecord {
    pub id: String,
    pub attributes: Network,
    /// Index into the network types (`DataSet::plain`).
    pub network_type: usize,
    pub country: usize,
}

#[derive(Debug, Clone)]
pub struct NetworkPrefixRecord {
    pub id: String,
    pub attributes: NetworkPrefix,
    pub network: usize,
    pub country: usize,
}

#[derive(Debug, Clone)]
pub struct CountryRecord {
    pub id: String,
    pub attributes: Country,
    /// E.164 calling code, digits only; rates and prefixes belong to the longest one they
    /// start with.
    pub calling_code: String,
}

#[derive(Debug, Clone)]
pub struct ServiceRecord {
    pub id: String,
    pub customer: CustomerId,
    pub account: usize,
    pub attributes: Service,
}

/// A rate plan of a customer. The plan the customer's calls are priced with is the one named
/// by [`Customer::rateplan_id`](crate::model::customers::Customer::rateplan_id); others are
/// there to be looked at and looked up in.
#[derive(Debug, Clone)]
pub struct RateplanRecord {
    pub id: String,
    pub customer: CustomerId,
    pub attributes: Rateplan,
    /// The accounts whose trunks use the plan.
    pub used_by: UsedBy,
}

#[derive(Debug, Clone)]
pub struct RateRecord {
    pub id: String,
    pub customer: CustomerId,
    /// Index into [`DataSet::rateplans`](crate::model::data_set::DataSet::rateplans).
    pub rateplan: usize,
    pub attributes: Rate,
    /// Index into [`DataSet::countries`](crate::model::data_set::DataSet::countries) of the destination country, if one matches.
    pub country: Option<usize>,
    /// The names of the destination's routing tags: check-rate keeps the longest prefix of
    /// each set of tags (not an attribute of `/rates`).
    pub routing_tags: Vec<String>,
}

impl RateRecord {
    /// The terms that price a call.
    pub fn tariff(&self) -> Tariff {
        let a = &self.attributes;
        Tariff {
            initial_rate: a.initial_rate,
            initial_interval: a.initial_interval,
            next_rate: a.next_rate,
            next_interval: a.next_interval,
            connect_fee: a.connect_fee.unwrap_or_default(),
            attempt_fee: a.attempt_fee.unwrap_or_default(),
        }
    }

    /// What one call costs under this rate ([`call_cost`], the rule the portal shows),
    /// rounded to 6 decimals like a billing system. A failed call pays the attempt fee.
    pub fn price(&self, duration_seconds: u64, answered: bool) -> Decimal {
        if !answered {
            return self.attributes.attempt_fee.unwrap_or_default();
        }
        // An answered call of under a second still pays its first interval.
        call_cost(&self.tariff(), duration_seconds.max(1))
            .total
            .round_dp(6)
    }

    /// The duration the customer pays for (`customer_duration` of a CDR): whole intervals.
    pub fn billed_seconds(&self, duration_seconds: u64, answered: bool) -> i64 {
        if !answered {
            return 0;
        }
        call_cost(&self.tariff(), duration_seconds.max(1)).billed_seconds()
    }
}

#[derive(Debug, Clone)]
pub struct CdrExportRecord {
    pub id: String,
    pub customer: CustomerId,
    pub account: usize,
    pub attributes: CdrExport,
    /// A Pending export made through the API completes at this time.
    pub completes_at: Option<DateTime<Utc>>,
    /// `rows-count` is still to be counted from the call history. Counting waits for the first
    /// read (it walks days of calls) and makes `rows-count` equal the rows of the download.
    pub rows_to_count: bool,
}

impl CdrExportRecord {
    /// An export as a data set starts with: settled, its `rows-count` (when it has a file)
    /// counted from the call history on first read.
    pub fn settled(
        id: String,
        customer: CustomerId,
        account: usize,
        attributes: CdrExport,
    ) -> CdrExportRecord {
        let mut export = CdrExportRecord {
            id,
            customer,
            account,
            attributes,
            completes_at: None,
            rows_to_count: false,
        };
        export.rows_to_count = export.has_rows();
        export
    }

    /// Moves a Pending export made through the API to Completed once its time has come.
    pub fn advance(&mut self, now: DateTime<Utc>) {
        if let Some(at) = self.completes_at.filter(|at| *at <= now) {
            if self.attributes.status == CdrExportStatus::Pending {
                self.attributes.status = CdrExportStatus::Completed;
                self.attributes.updated_at = at;
                self.rows_to_count = true;
            }
            self.completes_at = None;
        }
    }

    /// Whether the export has (or had) a file whose rows `rows-count` counts.
    pub fn has_rows(&self) -> bool {
        matches!(
            self.attributes.status,
            CdrExportStatus::Completed | CdrExportStatus::Deleted
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn time() -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }

    #[test]
    fn a_pending_export_completes_when_its_time_has_come() {
        let now = time();
        let mut export = CdrExportRecord {
            id: "e".into(),
            customer: 1,
            account: 0,
            attributes: CdrExport {
                filters: Default::default(),
                status: CdrExportStatus::Pending,
                rows_count: None,
                created_at: now,
                updated_at: now,
                time_format: None,
                time_zone_name: None,
            },
            completes_at: Some(now + Duration::seconds(3)),
            rows_to_count: false,
        };
        export.advance(now);
        assert_eq!(export.attributes.status, CdrExportStatus::Pending);
        assert!(!export.rows_to_count);
        export.advance(now + Duration::seconds(5));
        assert_eq!(export.attributes.status, CdrExportStatus::Completed);
        assert!(export.rows_to_count && export.has_rows());
        assert_eq!(export.attributes.updated_at, now + Duration::seconds(3));
        assert_eq!(export.completes_at, None);
    }

    #[test]
    fn prices_follow_the_intervals_exactly() {
        let rate = RateRecord {
            id: "r".into(),
            customer: 1,
            rateplan: 0,
            country: None,
            routing_tags: Vec::new(),
            attributes: Rate {
                prefix: "380".into(),
                dst_number_min_length: None,
                dst_number_max_length: None,
                enabled: true,
                reject_calls: false,
                initial_rate: dec("0.06"),
                initial_interval: 60,
                next_rate: dec("0.03"),
                next_interval: 6,
                connect_fee: Some(dec("0.01")),
                attempt_fee: None,
                valid_from: time(),
                valid_till: None,
                network_prefix_id: None,
            },
        };
        // 60 s at 0.06/min + 2 × 6 s at 0.03/min + connect fee.
        assert_eq!(rate.price(70, true), dec("0.076"));
        assert_eq!(rate.price(10, true), dec("0.07"));
        assert_eq!(rate.price(0, false), dec("0.0"));
        assert_eq!(rate.billed_seconds(70, true), 72);
    }
}
