//! A CDR export the customer asks for (`POST /cdr-exports`): the form's draft, what a call
//! list's filters carry over into it, the request document, and which field a 422 names.
//!
//! The server takes only these filter keys (anything else is a 422): `time_start_gteq` and
//! `time_start_lt` (both required), `success_eq`, `duration_eq`, `duration_gteq`,
//! `duration_lteq`, `src_prefix_routing_eq`, `dst_prefix_routing_eq`.

use crate::catalog::Window;
use crate::errors::ApiError;
use crate::filters::{Filter, Operator};
use crate::resources::api_time;
use crate::stats::parse_time;
use crate::window::Shown;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

/// The form's fields, by the name its inputs carry.
pub const ACCOUNT: &str = "account";
pub const FROM: &str = "from";
pub const TO: &str = "to";
pub const SUCCESS: &str = "success";
pub const DURATION_EQ: &str = "duration-eq";
pub const DURATION_GTEQ: &str = "duration-gteq";
pub const DURATION_LTEQ: &str = "duration-lteq";
pub const SRC_PREFIX_ROUTING: &str = "src-prefix-routing";
pub const DST_PREFIX_ROUTING: &str = "dst-prefix-routing";
pub const TIME_FORMAT: &str = "time-format";
pub const TIME_ZONE_NAME: &str = "time-zone-name";
/// The filters as a whole, where the server's 422 on them shows.
pub const FILTERS: &str = "filters";

/// What the form holds, as typed; times are the API's form (`…T…Z`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportDraft {
    pub account_id: String,
    pub from: String,
    pub to: String,
    /// `""` (any), `"true"` or `"false"`.
    pub success: String,
    pub duration_eq: String,
    pub duration_gteq: String,
    pub duration_lteq: String,
    pub src_prefix_routing: String,
    pub dst_prefix_routing: String,
    /// `""` leaves the server's default (`with_timezone`).
    pub time_format: String,
    /// `""` leaves the server's default (UTC).
    pub time_zone_name: String,
}

/// What is wrong with a field of the draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftProblem {
    ChooseAccount,
    EnterStart,
    EnterEnd,
    EndNotAfterStart,
    /// The text typed.
    NotWholeSeconds(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftError {
    pub field: &'static str,
    pub problem: DraftProblem,
}

/// A time as the server's export filters read it: `2026-07-01 00:00:00` (UTC).
fn filter_time(time: &DateTime<Utc>) -> String {
    time.format("%Y-%m-%d %H:%M:%S").to_string()
}

impl ExportDraft {
    /// What a call list's filters say that an export keeps: its window (the server's recent
    /// hours before `now` when it has none), success, duration bounds, routing numbers and one
    /// account. Filters an export cannot take are left behind.
    pub fn from_call_filters(filters: &[Filter], window: Window, now: DateTime<Utc>) -> Self {
        let (from, to) = match window.shown(filters) {
            Shown::Between { from, to } => (from, to.unwrap_or(now)),
            Shown::Recent { to } => (window.recent(now).0, to.unwrap_or(now)),
        };
        let mut draft = ExportDraft {
            from: api_time::format(&from),
            to: api_time::format(&to),
            ..ExportDraft::default()
        };
        for filter in filters {
            let Some(operator) = filter.operator else {
                continue;
            };
            let value = || filter.typed();
            match (filter.field.as_str(), operator) {
                ("success", Operator::Eq) => draft.success = value(),
                ("duration", Operator::Eq) => draft.duration_eq = value(),
                ("duration", Operator::Gteq) => draft.duration_gteq = value(),
                ("duration", Operator::Lteq) => draft.duration_lteq = value(),
                ("src-prefix-routing", Operator::Eq) => draft.src_prefix_routing = value(),
                ("dst-prefix-routing", Operator::Eq) => draft.dst_prefix_routing = value(),
                ("account-id", Operator::Eq) => draft.account_id = value(),
                _ => {}
            }
        }
        draft
    }

    /// The `POST /cdr-exports` document, or every problem to show next to its field. Nothing
    /// is sent while there are problems.
    pub fn to_document(&self) -> Result<Value, Vec<DraftError>> {
        let mut errors = Vec::new();
        let mut problem = |field, problem| errors.push(DraftError { field, problem });
        if self.account_id.trim().is_empty() {
            problem(ACCOUNT, DraftProblem::ChooseAccount);
        }
        let from = parse_time(&self.from);
        let to = parse_time(&self.to);
        match (from, to) {
            (None, _) => problem(FROM, DraftProblem::EnterStart),
            (_, None) => problem(TO, DraftProblem::EnterEnd),
            (Some(from), Some(to)) if to <= from => problem(TO, DraftProblem::EndNotAfterStart),
            _ => {}
        }
        let mut filters = Map::new();
        if let (Some(from), Some(to)) = (from, to) {
            filters.insert("time_start_gteq".into(), filter_time(&from).into());
            filters.insert("time_start_lt".into(), filter_time(&to).into());
        }
        match self.success.trim() {
            "true" => drop(filters.insert("success_eq".into(), true.into())),
            "false" => drop(filters.insert("success_eq".into(), false.into())),
            _ => {}
        }
        for (field, key, typed) in [
            (DURATION_EQ, "duration_eq", &self.duration_eq),
            (DURATION_GTEQ, "duration_gteq", &self.duration_gteq),
            (DURATION_LTEQ, "duration_lteq", &self.duration_lteq),
        ] {
            match typed.trim() {
                "" => {}
                text => match text.parse::<u64>() {
                    Ok(seconds) => drop(filters.insert(key.into(), seconds.into())),
                    Err(_) => problem(field, DraftProblem::NotWholeSeconds(text.to_owned())),
                },
            }
        }
        for (key, typed) in [
            ("src_prefix_routing_eq", &self.src_prefix_routing),
            ("dst_prefix_routing_eq", &self.dst_prefix_routing),
        ] {
            if !typed.trim().is_empty() {
                filters.insert(key.into(), typed.trim().into());
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut attributes = Map::new();
        attributes.insert("filters".into(), Value::Object(filters));
        for (name, typed) in [
            (TIME_FORMAT, &self.time_format),
            (TIME_ZONE_NAME, &self.time_zone_name),
        ] {
            if !typed.trim().is_empty() {
                attributes.insert(name.into(), typed.trim().into());
            }
        }
        Ok(json!({
            "data": {
                "type": "cdr-exports",
                "attributes": attributes,
                "relationships": {
                    "account": {"data": {"type": "accounts", "id": self.account_id.trim()}}
                }
            }
        }))
    }
}

/// The form field a 422's `source.pointer` names (`/data/attributes/filters` → the filters).
pub fn field_of_pointer(pointer: &str) -> Option<&'static str> {
    let name = pointer.rsplit('/').next()?;
    FIELDS.into_iter().find(|field| *field == name)
}

/// The fields of the form the server's 422 may name.
pub const FIELDS: [&str; 4] = [ACCOUNT, FILTERS, TIME_FORMAT, TIME_ZONE_NAME];

/// The server's words on each field a 422 names, and the rest (no pointer, or one this form
/// has no field for) under `None`.
pub fn field_errors(error: &ApiError) -> Vec<(Option<&'static str>, String)> {
    crate::errors::field_errors_of(error, &FIELDS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CDRS;
    use crate::errors::classify_error;

    fn now() -> DateTime<Utc> {
        parse_time("2026-11-24T12:00:00Z").unwrap()
    }

    #[test]
    fn a_call_lists_filters_carry_over_what_an_export_takes() {
        let filters = vec![
            Filter::new("time-start", Operator::Gteq, "2026-11-01T00:00:00.000Z"),
            Filter::new("time-start", Operator::Lt, "2026-11-02T00:00:00.000Z"),
            Filter::new("success", Operator::Eq, "true"),
            Filter::new("duration", Operator::Gteq, "30"),
            Filter::new("dst-prefix-routing", Operator::Eq, "380441234567"),
            Filter::new(
                "account-id",
                Operator::Eq,
                "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003",
            ),
            // An export cannot take these.
            Filter::new("lega-disconnect-code", Operator::Eq, "486"),
            Filter::new("duration", Operator::Gt, "5"),
        ];
        let draft = ExportDraft::from_call_filters(&filters, CDRS.window.unwrap(), now());
        assert_eq!(draft.from, "2026-11-01T00:00:00.000Z");
        assert_eq!(draft.to, "2026-11-02T00:00:00.000Z");
        assert_eq!(draft.success, "true");
        assert_eq!(draft.duration_gteq, "30");
        assert_eq!(draft.duration_eq, "");
        assert_eq!(draft.dst_prefix_routing, "380441234567");
        assert_eq!(draft.account_id, "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003");
        let document = draft.to_document().unwrap();
        assert_eq!(
            document["data"]["attributes"]["filters"],
            json!({
                "time_start_gteq": "2026-11-01 00:00:00",
                "time_start_lt": "2026-11-02 00:00:00",
                "success_eq": true,
                "duration_gteq": 30,
                "dst_prefix_routing_eq": "380441234567"
            })
        );
        assert_eq!(
            document["data"]["relationships"]["account"]["data"]["id"],
            "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"
        );
        assert!(document["data"]["attributes"].get("time-format").is_none());
    }

    #[test]
    fn a_list_without_a_window_exports_the_servers_last_24_hours() {
        let draft = ExportDraft::from_call_filters(&[], CDRS.window.unwrap(), now());
        assert_eq!(draft.from, "2026-11-23T12:00:00.000Z");
        assert_eq!(draft.to, "2026-11-24T12:00:00.000Z");
    }

    #[test]
    fn problems_are_found_before_sending() {
        let draft = ExportDraft {
            from: "2026-11-02T00:00:00Z".into(),
            to: "2026-11-01T00:00:00Z".into(),
            duration_lteq: "1.5".into(),
            ..ExportDraft::default()
        };
        let errors = draft.to_document().unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, [ACCOUNT, TO, DURATION_LTEQ]);
        assert_eq!(
            errors[2].problem,
            DraftProblem::NotWholeSeconds("1.5".into())
        );
        let no_times = ExportDraft {
            account_id: "a".into(),
            ..ExportDraft::default()
        };
        assert_eq!(
            no_times.to_document().unwrap_err()[0],
            DraftError {
                field: FROM,
                problem: DraftProblem::EnterStart
            }
        );
    }

    #[test]
    fn a_422_shows_by_the_field_its_pointer_names() {
        let body = include_str!("../tests/fixtures/cdr-exports.create.422.json");
        let error = classify_error(422, body);
        assert_eq!(
            field_errors(&error),
            vec![(Some(FILTERS), "filters - requires time_start_lt".to_owned())]
        );
        assert_eq!(
            field_of_pointer("/data/relationships/account"),
            Some(ACCOUNT)
        );
        assert_eq!(
            field_of_pointer("/data/attributes/time-zone-name"),
            Some(TIME_ZONE_NAME)
        );
        assert_eq!(field_of_pointer("/data/attributes/other"), None);
        assert_eq!(
            field_errors(&classify_error(500, "")),
            vec![(None, classify_error(500, "").message())]
        );
    }
}
