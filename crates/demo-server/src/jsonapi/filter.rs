//! One `filter[…]` parameter checked against a collection's declared filters and read once, as
//! the real server reads it: the operators of the field's set, an enum's words, exactly one
//! value for a single-value operator (values are CSV, so a double-quoted value may hold a
//! comma; a blank value is none), values of its kind (400 code 107 otherwise), and a plain
//! filter (no operator) matching exactly any of its values. A filter left without values (a
//! list operator's blank value, UUIDs of no record) is dropped, as the server's query builder
//! drops it.
use crate::jsonapi::record::{FieldValue, Record, same_id};
use crate::jsonapi::responses::{self, Failure};
use crate::model::data_set::DataSet;
use crate::model::records::{AccountRecord, ServiceRecord};
use api_model::catalog::{Collection, IdKind, is_uuid};
use api_model::filters::{Filter, FilterField, Operator, OperatorSet, split_fields};
use api_model::number::parse_decimal;
use api_model::stats::parse_time;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::net::IpAddr;
use std::sync::OnceLock;

/// Whether a record of `collection` has the UUID `id`, whoever's it is; `false` for a
/// collection no filter names records of.
fn record_exists(collection: Collection, id: &str, data: &DataSet) -> bool {
    match collection {
        Collection::Accounts => AccountRecord::with_record(data, id, |_| ()).is_some(),
        Collection::Services => ServiceRecord::with_record(data, id, |_| ()).is_some(),
        _ => false,
    }
}

/// One value of a filter, read as its field's kind.
#[derive(Debug, Clone, PartialEq)]
enum Wanted {
    /// Compared exactly (`eq`, `in`); `lowered` for the case-insensitive text operators.
    Text {
        text: String,
        lowered: String,
    },
    /// A UUID, in any case.
    Uuid(String),
    /// A record id of the collection's kind.
    Id(IdKind, String),
    Number(Decimal),
    Time(DateTime<Utc>),
    Bool(bool),
    Ip(IpAddr),
}

impl Wanted {
    /// Reads `value` for a field of `set` (`None`: a plain filter), or `None` when it is not
    /// of the field's kind.
    fn read(
        set: Option<OperatorSet>,
        field: &str,
        collection: Collection,
        value: &str,
    ) -> Option<Wanted> {
        let text = || Wanted::Text {
            text: value.to_owned(),
            lowered: value.to_lowercase(),
        };
        match set {
            None if field == "id" => {
                let kind = collection.spec().id;
                kind.accepts(value)
                    .then(|| Wanted::Id(kind, value.to_owned()))
            }
            None | Some(OperatorSet::Text) => Some(text()),
            Some(OperatorSet::Numeric) => parse_decimal(value).ok().map(Wanted::Number),
            Some(OperatorSet::Time) => parse_time(value).map(Wanted::Time),
            Some(OperatorSet::Boolean) => match value {
                "true" => Some(Wanted::Bool(true)),
                "false" => Some(Wanted::Bool(false)),
                _ => None,
            },
            Some(OperatorSet::Uuid | OperatorSet::RecordUuid(_) | OperatorSet::UuidEq) => {
                is_uuid(value).then(|| Wanted::Uuid(value.to_owned()))
            }
            Some(OperatorSet::Inet) => value.parse().ok().map(Wanted::Ip),
            Some(OperatorSet::Choice(words)) => words.contains(&value).then(text),
        }
    }

    fn equals(&self, value: &FieldValue<'_>) -> bool {
        if let FieldValue::AnyOf(values) = value {
            return values.iter().any(|v| self.equals(v));
        }
        match self {
            Wanted::Text { text, .. } => value.as_text().is_some_and(|t| t == text.as_str()),
            Wanted::Uuid(id) => value.as_text().is_some_and(|t| t.eq_ignore_ascii_case(id)),
            Wanted::Id(kind, id) => value.as_text().is_some_and(|t| same_id(*kind, &t, id)),
            Wanted::Number(n) => value.as_number() == Some(*n),
            Wanted::Time(t) => value.as_time() == Some(*t),
            Wanted::Bool(b) => *value == FieldValue::Bool(*b),
            Wanted::Ip(ip) => value
                .as_text()
                .and_then(|t| t.parse::<IpAddr>().ok())
                .is_some_and(|own| own == *ip),
        }
    }

    /// `value` against this bound: less, equal or greater, when both are numbers or times.
    fn compare(&self, value: &FieldValue<'_>) -> Option<std::cmp::Ordering> {
        match self {
            Wanted::Number(n) => value.as_number().map(|v| v.cmp(n)),
            Wanted::Time(t) => value.as_time().map(|v| v.cmp(t)),
            _ => None,
        }
    }

    fn lowered(&self) -> &str {
        match self {
            Wanted::Text { lowered, .. } => lowered,
            _ => "",
        }
    }
}

/// A filter checked against a collection, with its values read once.
#[derive(Debug, Clone)]
pub struct CompiledFilter {
    field: &'static str,
    operator: Option<Operator>,
    wanted: Vec<Wanted>,
    /// The collection whose records the values name (`account-id`): only the values of a
    /// record count, looked up once, at the first match.
    records_of: Option<Collection>,
    found: OnceLock<Vec<Wanted>>,
    /// Left without values, the filter is dropped, as the server's query builder drops a
    /// condition without a value (`filter[name-in]=`, an `account-id` of no account); a plain
    /// filter then matches nothing, as does the rates' custom `rateplan-id-eq`.
    dropped_when_empty: bool,
}

/// The field a filter names, when the collection has it with the filter's operator (400 code
/// 102 otherwise, naming the filter in its underscored form, as the library does).
fn allowed_field(filter: &Filter, collection: Collection) -> Result<FilterField, Failure> {
    let not_allowed = || {
        responses::bad_request(
            "Filter not allowed",
            &format!("{} is not allowed.", filter.key_name().replace('-', "_")),
            "102",
        )
    };
    let field = collection
        .filter_field(&filter.field)
        .ok_or_else(not_allowed)?;
    match (field.operators, filter.operator) {
        (None, None) => Ok(field),
        (Some(set), Some(op)) if set.operators().contains(&op) => Ok(field),
        _ => Err(not_allowed()),
    }
}

/// The 400 of a value the server refuses (code 107), naming the filter as its messages do
/// (`renew_period_eq`).
fn invalid_value(name: &str, value: &str) -> Failure {
    responses::bad_request(
        "Invalid filter value",
        &format!("{value} is not a valid value for {name}."),
        "107",
    )
}

impl CompiledFilter {
    /// Checks a filter's values as the server's filter of the field does: an enum's words
    /// first (naming all the values), then one value for a single-value operator (a blank
    /// value is none; `a,` is two), then each value's kind. A list operator drops blank values.
    pub fn compile(filter: &Filter, collection: Collection) -> Result<CompiledFilter, Failure> {
        let field = allowed_field(filter, collection)?;
        let name = match filter.operator {
            Some(op) => format!("{}_{}", field.name, op.as_str()),
            None => field.name.to_owned(),
        }
        .replace('-', "_");
        let values = split_fields(&filter.value);
        let words = match field.operators {
            Some(OperatorSet::Choice(words)) => Some(words),
            _ => field.words,
        };
        if let Some(words) = words
            && let Some(outside) = values.iter().find(|v| !words.contains(&v.as_str()))
        {
            return Err(match field.operators {
                Some(_) => invalid_value(&name, &values.join(",")),
                // The resource's own verifier (an export's `time-format`) names the first
                // outside value, and names the filter by its first word: a slip of the real
                // server's, copied.
                None => invalid_value(words[0], outside),
            });
        }
        let single = !filter.operator.is_none_or(Operator::takes_list);
        let wanted = match field.operators {
            // A custom filter of the server's: it reads its first value, unchecked.
            Some(OperatorSet::UuidEq) => values
                .first()
                .filter(|v| is_uuid(v))
                .map(|v| Wanted::Uuid(v.clone()))
                .into_iter()
                .collect(),
            _ if single && values.len() != 1 => {
                return Err(invalid_value(&name, &values.join(",")));
            }
            // Looked up, not checked: a value that names no record is left out.
            Some(OperatorSet::RecordUuid(_)) => values
                .into_iter()
                .filter(|v| !v.is_empty())
                .map(Wanted::Uuid)
                .collect(),
            set => values
                .iter()
                .filter(|v| !v.is_empty())
                .map(|v| {
                    Wanted::read(set, field.name, collection, v)
                        .ok_or_else(|| invalid_value(&name, v))
                })
                .collect::<Result<Vec<_>, _>>()?,
        };
        Ok(CompiledFilter {
            field: field.name,
            operator: filter.operator,
            wanted,
            records_of: match field.operators {
                Some(OperatorSet::RecordUuid(target)) => Some(target),
                _ => None,
            },
            found: OnceLock::new(),
            dropped_when_empty: filter.operator.is_some()
                && field.operators != Some(OperatorSet::UuidEq),
        })
    }

    /// The values that count: of a filter of records' UUIDs, those of a record (any
    /// customer's: the server looks among all, and its scope then keeps the customer's).
    fn counted(&self, data: &DataSet) -> &[Wanted] {
        let Some(target) = self.records_of else {
            return &self.wanted;
        };
        self.found.get_or_init(|| {
            self.wanted
                .iter()
                .filter(|w| match w {
                    Wanted::Uuid(id) => record_exists(target, id, data),
                    _ => false,
                })
                .cloned()
                .collect()
        })
    }

    /// The filter's name as the server reads it: `time-start-gteq`, `id`.
    pub fn name(&self) -> String {
        match self.operator {
            Some(op) => format!("{}-{}", self.field, op.as_str()),
            None => self.field.to_owned(),
        }
    }

    /// The times this filter keeps `field` between, inclusive, when it bounds it: `gteq`,
    /// `gt` and `eq` from below, `lteq`, `lt` and `eq` from above, `in` both ways.
    pub fn time_bounds(&self, field: &str) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
        if self.field != field {
            return (None, None);
        }
        let times = self.wanted.iter().filter_map(|w| match w {
            Wanted::Time(t) => Some(*t),
            _ => None,
        });
        let (lowest, highest) = (times.clone().min(), times.max());
        match self.operator {
            Some(Operator::Gt | Operator::Gteq) => (lowest, None),
            Some(Operator::Lt | Operator::Lteq) => (None, highest),
            Some(Operator::Eq | Operator::In) => (lowest, highest),
            _ => (None, None),
        }
    }

    pub fn matches<R: Record>(&self, record: &R, data: &DataSet) -> bool {
        let wanted = self.counted(data);
        if wanted.is_empty() && self.dropped_when_empty {
            return true;
        }
        let value = record.value(self.field, data);
        let any_equal = || wanted.iter().any(|w| w.equals(&value));
        let Some(operator) = self.operator else {
            // A plain filter: one of the listed values.
            return any_equal();
        };
        if value == FieldValue::Null {
            // Like SQL: null matches no comparison, not even a negative one.
            return false;
        }
        let lowered_text = || {
            value
                .as_text()
                .map(|t| t.to_lowercase())
                .unwrap_or_default()
        };
        let first = || wanted.first();
        let compare = |accept: fn(std::cmp::Ordering) -> bool| {
            first().and_then(|w| w.compare(&value)).is_some_and(accept)
        };
        match operator {
            Operator::Eq | Operator::In => any_equal(),
            Operator::NotEq | Operator::NotIn => !any_equal(),
            Operator::Cont => first().is_some_and(|w| lowered_text().contains(w.lowered())),
            Operator::Start => first().is_some_and(|w| lowered_text().starts_with(w.lowered())),
            Operator::End => first().is_some_and(|w| lowered_text().ends_with(w.lowered())),
            Operator::ContAny => {
                let text = lowered_text();
                wanted.iter().any(|w| text.contains(w.lowered()))
            }
            Operator::Gt => compare(|o| o.is_gt()),
            Operator::Gteq => compare(|o| o.is_ge()),
            Operator::Lt => compare(|o| o.is_lt()),
            Operator::Lteq => compare(|o| o.is_le()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(collection: Collection, name: &str, value: &str) -> Result<CompiledFilter, String> {
        CompiledFilter::compile(&Filter::parse_key_name(name, value), collection).map_err(
            |failure| match failure {
                Failure::JsonApi { error, .. } => format!(
                    "{} {}",
                    error.code.unwrap_or_default(),
                    error.detail.unwrap_or_default()
                ),
                other => format!("{other:?}"),
            },
        )
    }

    #[test]
    fn values_are_read_by_their_kind() {
        let uuid = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
        for (collection, name, value) in [
            (Collection::Rates, "enabled-eq", "true"),
            (Collection::Rates, "valid-from-gteq", "2026-07-01 00:00:00"),
            (
                Collection::Rates,
                "valid-from-lt",
                "2026-07-01T00:00:00.000Z",
            ),
            (Collection::Rates, "rateplan-id-eq", uuid),
            (Collection::Services, "renew-period-in", "Day,Month"),
            (Collection::CdrExports, "status-not-eq", "Deleted"),
            (
                Collection::CdrExports,
                "time-format",
                "with_timezone,round_to_seconds",
            ),
            (Collection::Countries, "id", "1,2"),
            (
                Collection::Countries,
                "name",
                "Ukraine,\"Korea, Republic of\"",
            ),
            (Collection::Accounts, "id", uuid),
        ] {
            assert!(compile(collection, name, value).is_ok(), "{name}={value}");
        }
    }

    #[test]
    fn values_of_another_kind_are_refused_like_the_real_server() {
        let uuid = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
        for (collection, name, value, error) in [
            (
                Collection::Rates,
                "enabled-eq",
                "yes",
                "107 yes is not a valid value for enabled_eq.",
            ),
            (
                Collection::Services,
                "renew-period-eq",
                "Disabled",
                "107 Disabled is not a valid value for renew_period_eq.",
            ),
            (
                Collection::CdrExports,
                "status-in",
                "Pending,rolled_back",
                "107 Pending,rolled_back is not a valid value for status_in.",
            ),
            (
                Collection::Services,
                "created-at-gt",
                "soon",
                "107 soon is not a valid value for created_at_gt.",
            ),
            (
                Collection::Countries,
                "id",
                uuid,
                &format!("107 {uuid} is not a valid value for id."),
            ),
            (
                Collection::Rates,
                "prefix-eq",
                "1,2",
                "107 1,2 is not a valid value for prefix_eq.",
            ),
            (
                Collection::Rates,
                "rateplan-id-in",
                uuid,
                "102 rateplan_id_in is not allowed.",
            ),
            (
                Collection::Countries,
                "name-eq",
                "Ukraine",
                "102 name_eq is not allowed.",
            ),
        ] {
            assert_eq!(
                compile(collection, name, value).err().as_deref(),
                Some(error),
                "{name}={value}"
            );
        }
    }

    /// Blank values, custom filters, lookups and an export's time formats, as the real
    /// server's filter builder and verifiers take them.
    #[test]
    fn blank_and_verified_values_are_read_like_the_real_server() {
        let uuid = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
        for (collection, name, value) in [
            // The rates' custom filters and the filters of other records' UUIDs take any
            // value: one of no record is left out.
            (Collection::Rates, "account-id-eq", "7"),
            (
                Collection::Rates,
                "rateplan-id-eq",
                &format!("{uuid},{uuid}"),
            ),
            (Collection::Services, "account-id-eq", "7"),
            // A list without values is no filter; a plain one takes an empty list.
            (Collection::Invoices, "reference-in", ""),
            (Collection::Countries, "name", ""),
        ] {
            assert!(compile(collection, name, value).is_ok(), "{name}={value}");
        }
        for (collection, name, value, error) in [
            (
                Collection::Invoices,
                "reference-cont",
                "",
                "107  is not a valid value for reference_cont.",
            ),
            (
                Collection::Invoices,
                "reference-eq",
                "a,",
                "107 a, is not a valid value for reference_eq.",
            ),
            (
                Collection::CdrExports,
                "status-eq",
                " ",
                "107  is not a valid value for status_eq.",
            ),
            (
                Collection::CdrExports,
                "time-format",
                "with_timezone,bogus",
                "107 bogus is not a valid value for with_timezone.",
            ),
        ] {
            assert_eq!(
                compile(collection, name, value).err().as_deref(),
                Some(error),
                "{name}={value}"
            );
        }
    }

    /// Every filter of another collection's UUIDs finds that collection's records.
    #[test]
    fn every_record_uuid_filter_looks_its_records_up() {
        let data = DataSet::generate(3, DateTime::from_timestamp(1_790_000_000, 0).unwrap());
        for collection in Collection::ALL {
            for field in collection.filter_fields() {
                let Some(OperatorSet::RecordUuid(target)) = field.operators else {
                    continue;
                };
                let id = match target {
                    Collection::Accounts => &data.accounts[0].id,
                    Collection::Services => &data.services[0].id,
                    other => panic!("{}: records of {other:?} are not looked up", field.name),
                };
                assert!(record_exists(target, id, &data), "{}", field.name);
                assert!(!record_exists(target, "7", &data), "{}", field.name);
            }
        }
    }

    #[test]
    fn equality_by_kind() {
        let time = DateTime::from_timestamp(1_790_000_000, 0).unwrap();
        let read = |set, value| Wanted::read(set, "x", Collection::Rates, value).unwrap();
        assert!(
            read(Some(OperatorSet::Time), "2026-09-21 14:13:20").equals(&FieldValue::Time(time))
        );
        assert!(
            read(Some(OperatorSet::Numeric), "1.50")
                .equals(&FieldValue::number(Decimal::new(15, 1)))
        );
        assert!(
            read(
                Some(OperatorSet::Uuid),
                "0B9F7A8E-5D2C-11EF-9A4E-0242AC120003"
            )
            .equals(&FieldValue::text("0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"))
        );
        assert!(read(Some(OperatorSet::Inet), "10.0.0.1").equals(&FieldValue::text("10.0.0.1")));
        assert!(
            read(Some(OperatorSet::Text), "b").equals(&FieldValue::AnyOf(vec![
                FieldValue::text("a"),
                FieldValue::text("b")
            ]))
        );
        assert!(!read(Some(OperatorSet::Boolean), "false").equals(&FieldValue::Bool(true)));
    }
}
