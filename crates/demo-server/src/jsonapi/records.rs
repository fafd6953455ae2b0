//! Each kind of record of the data set as a JSON:API resource: its field values by name, its
//! attributes (serialized through the `api_model` structs) and its related records.

use crate::jsonapi::record::{FieldValue, Record, Render};
use crate::model::customers::CustomerId;
use crate::model::data_set::DataSet;
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord,
    NetworkTypeRecord, RateRecord, ServiceRecord,
};
use crate::traffic::cdrs::settle;
use api_model::catalog::Collection;
use api_model::resources::ResourceType;
use chrono::Utc;
use serde::Serialize;
use std::borrow::Cow;

fn to_json(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

impl Record for AccountRecord {
    const TYPE: &'static str = api_model::resources::Account::TYPE;
    const COLLECTION: Collection = Collection::Accounts;
    const SORT_FIELDS: &'static [&'static str] = &[
        "name",
        "balance",
        "min-balance",
        "max-balance",
        "destination-rate-limit",
        "origination-capacity",
        "termination-capacity",
        "total-capacity",
        "currency",
    ];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.accounts)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" | "uuid" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&a.name),
            "balance" => FieldValue::Number(a.balance),
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

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for NetworkTypeRecord {
    const TYPE: &'static str = api_model::resources::NetworkType::TYPE;
    const COLLECTION: Collection = Collection::NetworkTypes;
    const SORT_FIELDS: &'static [&'static str] = &["name"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.network_types)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for NetworkRecord {
    const TYPE: &'static str = api_model::resources::Network::TYPE;
    const COLLECTION: Collection = Collection::Networks;
    const SORT_FIELDS: &'static [&'static str] = &["name"];
    const RELATIONSHIPS: &'static [&'static str] = &["network-type"];
    const INCLUDES: &'static [&'static str] = &["network-type"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.networks)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
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
    const TYPE: &'static str = api_model::resources::NetworkPrefix::TYPE;
    const COLLECTION: Collection = Collection::NetworkPrefixes;
    const SORT_FIELDS: &'static [&'static str] =
        &["prefix", "number-min-length", "number-max-length"];
    const RELATIONSHIPS: &'static [&'static str] = &["network"];
    const INCLUDES: &'static [&'static str] = &["network"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.network_prefixes)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "prefix" => FieldValue::text(&a.prefix),
            "number-min-length" => FieldValue::opt_number(a.number_min_length),
            "number-max-length" => FieldValue::opt_number(a.number_max_length),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
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
    const TYPE: &'static str = api_model::resources::Country::TYPE;
    const COLLECTION: Collection = Collection::Countries;
    const SORT_FIELDS: &'static [&'static str] = &["name", "iso2"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.countries)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        None
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&self.attributes.name),
            "iso2" => FieldValue::opt_text(self.attributes.iso2.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for ServiceRecord {
    const TYPE: &'static str = api_model::resources::Service::TYPE;
    const COLLECTION: Collection = Collection::Services;
    const SORT_FIELDS: &'static [&'static str] = &[
        "name",
        "state",
        "initial-price",
        "renew-price",
        "created-at",
        "renew-at",
        "renew-period",
        "service-type",
        "ui-type",
    ];
    const RELATIONSHIPS: &'static [&'static str] = &["account", "transactions"];
    const INCLUDES: &'static [&'static str] = &["account"];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.services)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "name" => FieldValue::text(&a.name),
            "state" => FieldValue::text(&a.state),
            "initial-price" => FieldValue::opt_number(a.initial_price),
            "renew-price" => FieldValue::opt_number(a.renew_price),
            "created-at" => FieldValue::time(&a.created_at),
            "renew-at" => FieldValue::opt_time(a.renew_at.as_ref()),
            "renew-period" => FieldValue::opt_text(a.renew_period.as_deref()),
            "service-type" => FieldValue::opt_text(a.service_type.as_deref()),
            "ui-type" => FieldValue::opt_text(a.ui_type.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => data.accounts.get(self.account).map(|r| r as &dyn Render),
            _ => None,
        }
    }
}

impl Record for RateRecord {
    const TYPE: &'static str = api_model::resources::Rate::TYPE;
    const COLLECTION: Collection = Collection::Rates;
    const SORT_FIELDS: &'static [&'static str] = &[
        "prefix",
        "dst-number-min-length",
        "dst-number-max-length",
        "enabled",
        "reject-calls",
        "initial-rate",
        "initial-interval",
        "next-rate",
        "next-interval",
        "connect-fee",
        "attempt-fee",
        "valid-from",
        "valid-till",
        "network-prefix-id",
    ];

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.rates)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
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
            "valid-from" => FieldValue::time(&a.valid_from),
            "valid-till" => FieldValue::opt_time(a.valid_till.as_ref()),
            "network-prefix-id" => match &a.network_prefix_id {
                Some(api_model::resources::LooseId::Number(n)) => FieldValue::number(*n),
                Some(api_model::resources::LooseId::Text(t)) => FieldValue::text(t),
                None => FieldValue::Null,
            },
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }
}

impl Record for CdrExportRecord {
    const TYPE: &'static str = api_model::resources::CdrExport::TYPE;
    const COLLECTION: Collection = Collection::CdrExports;
    const SORT_FIELDS: &'static [&'static str] = &[
        "status",
        "rows-count",
        "created-at",
        "updated-at",
        "time-format",
        "time-zone-name",
    ];
    const RELATIONSHIPS: &'static [&'static str] = &["account"];
    const INCLUDES: &'static [&'static str] = &["account"];

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

    fn value(&self, field: &str) -> FieldValue<'_> {
        let a = &self.attributes;
        match field {
            "id" => FieldValue::text(&self.id),
            "status" => FieldValue::Text(Cow::Owned(a.status.to_string())),
            "rows-count" => FieldValue::opt_number(a.rows_count),
            "created-at" => FieldValue::time(&a.created_at),
            "updated-at" => FieldValue::time(&a.updated_at),
            "time-format" => FieldValue::opt_text(a.time_format.as_deref()),
            "time-zone-name" => FieldValue::opt_text(a.time_zone_name.as_deref()),
            _ => FieldValue::Null,
        }
    }

    fn attributes(&self) -> serde_json::Value {
        to_json(&self.attributes)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => data.accounts.get(self.account).map(|r| r as &dyn Render),
            _ => None,
        }
    }
}
