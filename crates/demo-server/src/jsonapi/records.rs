//! Each kind of record of the data set as a JSON:API resource: its field values by name (every
//! attribute, and every filter-only field its collection declares), its attributes (serialized
//! through the `api_model` structs) and its related records.

use crate::jsonapi::record::{FieldValue, Record, Render, in_viewers_scope};
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord,
    NetworkTypeRecord, RateRecord, RateplanRecord, ServiceRecord,
};
use crate::traffic::cdrs::settle;
use api_model::catalog::Collection;
use api_model::resources::LooseId;
use chrono::Utc;
use serde::Serialize;
use std::borrow::Cow;

pub fn to_json(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

/// The id of the account at `index`, for the `account-id` filters.
pub fn account_id(data: &DataSet, index: usize) -> FieldValue<'_> {
    FieldValue::opt_text(data.accounts.get(index).map(|a| a.id.as_str()))
}

impl Record for AccountRecord {
    const COLLECTION: Collection = Collection::Accounts;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.accounts)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn account(&self, data: &DataSet) -> Option<usize> {
        data.accounts.iter().position(|a| a.id == self.id)
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" | "uuid" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&a.name),
            "balance" => FieldValue::Number(self.balance.get()),
            "min-balance" => FieldValue::opt_number(a.min_balance),
            "max-balance" => FieldValue::opt_number(a.max_balance),
            "balance-low-threshold" => FieldValue::opt_number(self.balance_low_threshold),
            "balance-high-threshold" => FieldValue::opt_number(self.balance_high_threshold),
            "destination-rate-limit" => FieldValue::opt_number(a.destination_rate_limit),
            "max-call-duration" => FieldValue::opt_number(self.max_call_duration),
            "origination-capacity" => FieldValue::opt_number(a.origination_capacity),
            "termination-capacity" => FieldValue::opt_number(a.termination_capacity),
            "total-capacity" => FieldValue::opt_number(a.total_capacity),
            "external-id" => FieldValue::opt_number(self.external_id),
            "currency" => FieldValue::opt_text(a.currency.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        let mut attributes = self.attributes.clone();
        attributes.balance = self.balance.get();
        to_json(&attributes)
    }
}

impl Record for NetworkTypeRecord {
    const COLLECTION: Collection = Collection::NetworkTypes;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.network_types)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for NetworkRecord {
    const COLLECTION: Collection = Collection::Networks;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.networks)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "network-type" => data
                .network_types
                .get(self.network_type)
                .map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

impl Record for NetworkPrefixRecord {
    const COLLECTION: Collection = Collection::NetworkPrefixes;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.network_prefixes)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "prefix" => FieldValue::text(&a.prefix),
            "number-min-length" => FieldValue::opt_number(a.number_min_length),
            "number-max-length" => FieldValue::opt_number(a.number_max_length),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "network" => data.networks.get(self.network).map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

impl Record for CountryRecord {
    const COLLECTION: Collection = Collection::Countries;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.countries)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            "iso2" => FieldValue::opt_text(self.attributes.iso2.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for ServiceRecord {
    const COLLECTION: Collection = Collection::Services;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.services)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn account(&self, _data: &DataSet) -> Option<usize> {
        Some(self.account)
    }

    fn value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&a.name),
            "state" => FieldValue::text(&a.state),
            "initial-price" => FieldValue::opt_number(a.initial_price),
            "renew-price" => FieldValue::opt_number(a.renew_price),
            "created-at" => FieldValue::Time(a.created_at),
            "renew-at" => FieldValue::opt_time(a.renew_at),
            "renew-period" => FieldValue::opt_text(a.renew_period.as_deref()),
            "service-type" => FieldValue::opt_text(a.service_type.as_deref()),
            "ui-type" => FieldValue::opt_text(a.ui_type.as_deref()),
            "account-id" => account_id(data, self.account),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => data.accounts.get(self.account).map(|r| r as &dyn Render),
            _ => None,
        }
    }

    fn related_many<'d>(&self, name: &str, data: &'d DataSet) -> Vec<&'d dyn Render> {
        match name {
            "transactions" => data
                .transactions
                .iter()
                .filter(|t| {
                    data.services
                        .get(t.service)
                        .is_some_and(|s| s.id == self.id)
                })
                .map(|t| t as &dyn Render)
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl Record for RateplanRecord {
    const COLLECTION: Collection = Collection::Rateplans;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.rateplans)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    /// A login limited to some accounts sees the plans their trunks use.
    fn visible_to(&self, viewer: Viewer, data: &DataSet) -> bool {
        in_viewers_scope(self, viewer, data) && self.used_by.reached_by(viewer)
    }

    fn value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for RateRecord {
    const COLLECTION: Collection = Collection::Rates;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.rates)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    /// A rate is seen with its plan.
    fn visible_to(&self, viewer: Viewer, data: &DataSet) -> bool {
        in_viewers_scope(self, viewer, data)
            && data
                .rateplans
                .get(self.rateplan)
                .is_some_and(|plan| plan.used_by.reached_by(viewer))
    }

    fn value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" | "uuid" => FieldValue::text(&self.id),
            "prefix" => FieldValue::text(&a.prefix),
            "dst-number-min-length" => FieldValue::opt_number(a.dst_number_min_length),
            "dst-number-max-length" => FieldValue::opt_number(a.dst_number_max_length),
            "enabled" => FieldValue::Bool(a.enabled),
            "reject-calls" => FieldValue::Bool(a.reject_calls),
            "initial-rate" => FieldValue::Number(a.initial_rate),
            "initial-interval" => FieldValue::number(a.initial_interval),
            "next-rate" => FieldValue::Number(a.next_rate),
            "next-interval" => FieldValue::number(a.next_interval),
            "connect-fee" => FieldValue::opt_number(a.connect_fee),
            "attempt-fee" => FieldValue::opt_number(a.attempt_fee),
            "valid-from" => FieldValue::Time(a.valid_from),
            "valid-till" => FieldValue::opt_time(a.valid_till),
            "network-prefix-id" => match &a.network_prefix_id {
                Some(LooseId::Number(n)) => FieldValue::number(*n),
                Some(LooseId::Text(t)) => FieldValue::text(t),
                None => FieldValue::Null,
            },
            "rateplan-id" => {
                FieldValue::opt_text(data.rateplans.get(self.rateplan).map(|p| p.id.as_str()))
            }
            // Every plan of a customer is used by all its accounts.
            "account-id" => FieldValue::AnyOf(
                data.accounts
                    .iter()
                    .filter(|account| account.customer == self.customer)
                    .map(|account| FieldValue::text(&account.id))
                    .collect(),
            ),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for CdrExportRecord {
    const COLLECTION: Collection = Collection::CdrExports;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        let now = Utc::now();
        // A panic while holding the lock cannot leave a half-written export behind (`settle`
        // only sets whole fields, a push adds a whole record), so the data is still sound.
        let mut rows = data
            .cdr_exports
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        settle(data, &mut rows, now);
        f(&rows)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn account(&self, _data: &DataSet) -> Option<usize> {
        Some(self.account)
    }

    fn value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "status" => FieldValue::Text(Cow::Owned(a.status.to_string())),
            "rows-count" => FieldValue::opt_number(a.rows_count),
            "created-at" => FieldValue::Time(a.created_at),
            "updated-at" => FieldValue::Time(a.updated_at),
            "time-format" => FieldValue::opt_text(a.time_format.as_deref()),
            "time-zone-name" => FieldValue::opt_text(a.time_zone_name.as_deref()),
            "account-id" => account_id(data, self.account),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self, _data: &DataSet) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => data.accounts.get(self.account).map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::money::{InvoiceRecord, PaymentRecord, TransactionRecord};
    use api_model::catalog::Spec;

    fn data() -> DataSet {
        DataSet::generate(
            3,
            chrono::DateTime::from_timestamp(1_790_000_000, 0).unwrap(),
        )
    }

    /// Every field a declaration filters or sorts by.
    fn declared(spec: &Spec) -> Vec<&'static str> {
        spec.filters
            .iter()
            .map(|f| f.name)
            .chain(spec.sort_fields())
            .collect()
    }

    /// Whether some record of the kind has a value for `field`.
    fn has_values<R: Record>(data: &DataSet, field: &str) -> bool {
        R::with_rows(data, |rows| {
            rows.iter()
                .any(|r| r.value(field, data) != FieldValue::Null)
        })
    }

    fn check<R: Record>(data: &DataSet) {
        let spec = R::spec();
        for field in declared(spec) {
            assert!(
                has_values::<R>(data, field),
                "{}: no record has a value for {field}",
                spec.path
            );
        }
        R::with_rows(data, |rows| {
            let first = rows.first().expect("records");
            for relationship in spec.relationships.iter().filter(|r| !r.to_many) {
                let related = first.related(relationship.name, data);
                assert_eq!(
                    related.map(|r| r.kind()),
                    Some(relationship.target),
                    "{}: {}",
                    spec.path,
                    relationship.name
                );
            }
            for relationship in spec.relationships.iter().filter(|r| r.to_many) {
                let some = rows.iter().any(|r| {
                    let related = r.related_many(relationship.name, data);
                    !related.is_empty() && related.iter().all(|r| r.kind() == relationship.target)
                });
                assert!(some, "{}: {}", spec.path, relationship.name);
            }
        });
    }

    #[test]
    fn every_declared_filter_sort_and_relationship_has_demo_data() {
        let data = data();
        check::<AccountRecord>(&data);
        check::<ServiceRecord>(&data);
        check::<CdrExportRecord>(&data);
        check::<RateRecord>(&data);
        check::<RateplanRecord>(&data);
        check::<NetworkTypeRecord>(&data);
        check::<NetworkPrefixRecord>(&data);
        check::<NetworkRecord>(&data);
        check::<CountryRecord>(&data);
        check::<InvoiceRecord>(&data);
        check::<PaymentRecord>(&data);
        check::<TransactionRecord>(&data);
        check::<crate::model::numberlists::NumberlistRecord>(&data);
        check::<crate::model::numberlists::NumberlistItemRecord>(&data);
    }

    #[test]
    fn a_rate_is_for_every_account_of_its_customer() {
        let data = data();
        let rate = &data.rates[0];
        let FieldValue::AnyOf(accounts) = rate.value("account-id", &data) else {
            panic!("several accounts");
        };
        let own: Vec<&str> = data
            .accounts
            .iter()
            .filter(|a| a.customer == rate.customer)
            .map(|a| a.id.as_str())
            .collect();
        assert_eq!(
            accounts
                .iter()
                .filter_map(|a| a.as_text().map(|t| t.into_owned()))
                .collect::<Vec<_>>(),
            own
        );
        assert_eq!(
            rate.value("rateplan-id", &data),
            FieldValue::text(&data.customers[0].rateplan_id)
        );
        let last = data.rates.last().expect("rates");
        assert_eq!(
            last.value("rateplan-id", &data),
            FieldValue::text(&data.rateplans[last.rateplan].id)
        );
        assert_ne!(last.rateplan, 0);
    }
}
