//! Each kind of record of the data set as a JSON:API resource: what is its own (its rows, its
//! owner, fields beside its attributes, related records); its attributes are its collection's
//! attribute struct, by name ([`FieldValue::attribute`]). The plain collections' records,
//! [`Row`]s, are all served by one impl.

use crate::jsonapi::record::{
    FieldValue, Record, Render, declared_attributes_but, in_viewers_scope,
};
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord, RateRecord,
    RateplanRecord, ServiceRecord,
};
use crate::model::rows::{Owner, Row};
use crate::traffic::cdrs::settle;
use api_model::catalog::{Attributes, Collection};
use api_model::resources::NetworkType;
use chrono::Utc;
use serde_json::Value;

/// The account at `index` as a related record.
pub fn account(data: &DataSet, index: usize) -> Option<&dyn Render> {
    data.accounts.get(index).map(|a| a as &dyn Render)
}

impl<A: Attributes> Record for Row<A> {
    const COLLECTION: Collection = A::COLLECTION;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(data.plain.rows::<A>())
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        match self.owner {
            Owner::Everyone => None,
            Owner::Customer(customer) | Owner::Account { customer, .. } => Some(customer),
        }
    }

    fn account(&self, _data: &DataSet) -> Option<usize> {
        match self.owner {
            Owner::Account { account, .. } => Some(account),
            _ => None,
        }
    }

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match (name, self.account(data)) {
            ("account", Some(index)) => account(data, index),
            _ => None,
        }
    }
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        match field {
            // The balance now: raised by every top-up paid since start-up.
            "balance" => FieldValue::Number(self.balance.get()),
            "balance-low-threshold" => FieldValue::opt_number(self.balance_low_threshold),
            "balance-high-threshold" => FieldValue::opt_number(self.balance_high_threshold),
            "max-call-duration" => FieldValue::opt_number(self.max_call_duration),
            "external-id" => FieldValue::opt_number(self.external_id),
            _ => FieldValue::attribute(&self.attributes, field),
        }
    }

    /// An account without a currency is one of a deployment from before 2026-03, which sent
    /// no `currency` at all.
    fn attributes(&self, data: &DataSet) -> Value {
        let older = self.attributes.currency.is_none();
        declared_attributes_but(self, data, |name| older && name == "currency")
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "network-type" => data
                .plain
                .rows::<NetworkType>()
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => account(data, self.account),
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
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

    fn field_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        match field {
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
            _ => FieldValue::attribute(&self.attributes, field),
        }
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

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => account(data, self.account),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::money::{InvoiceRecord, PaymentRecord, TransactionRecord};
    use crate::seeded::plain::{EachPlain, Plain};
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
        check::<NetworkPrefixRecord>(&data);
        check::<NetworkRecord>(&data);
        check::<CountryRecord>(&data);
        check::<InvoiceRecord>(&data);
        check::<PaymentRecord>(&data);
        check::<TransactionRecord>(&data);
        check::<crate::model::numberlists::NumberlistRecord>(&data);
        check::<crate::model::numberlists::NumberlistItemRecord>(&data);
        struct CheckPlain<'a>(&'a DataSet);
        impl EachPlain for CheckPlain<'_> {
            fn visit<A: Plain>(&mut self) {
                check::<Row<A>>(self.0);
            }
        }
        crate::seeded::plain::each(&mut CheckPlain(&data));
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
