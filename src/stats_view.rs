//! The state of a statistics page, as its URL carries it, and the API request it stands for.
//!
//! The URL uses the API's own parameter names (`account-id`, `from-time`, `sampling`, …), plus
//! `range=<preset>` for a relative range such as "today", resolved when the page loads so a
//! bookmark of "today" always means today.

use api_model::profile::StatsAccess;
use api_model::query::{decode_pairs, encode_pairs};
use api_model::stats::{
    Sampling, StatsEndpoint, StatsKind, StatsQuery, is_price_param, parse_time, server_time,
};
use chart_data::ZoneRules;
use chart_data::presets::{Preset, range};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::str::FromStr;

/// The time range of a view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeRange {
    Preset(Preset),
    /// As typed or bookmarked; checked when the request is made.
    Custom {
        from: String,
        to: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsView {
    pub account_id: String,
    pub range: TimeRange,
    pub sampling: Option<Sampling>,
    /// The narrowing parameters of the endpoint's side by API name; empty values are left out.
    pub filters: BTreeMap<String, String>,
    /// The series the page's legends show (`series=total_calls,acd`), as the URL names them;
    /// `None` shows every series the customer may see (see `StatsAccess::picked`).
    pub series: Option<Vec<String>>,
}

/// A problem with one field of the form, shown next to it; no request is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub problem: Problem,
}

/// What is wrong with a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    ChooseAccount,
    ChooseSampling,
    EnterStartTime,
    EndTimeUnreadable,
    EndAfterStart,
    /// The value as typed.
    NotADuration(String),
    NotAPrice(String),
    NotAnIp(String),
    CountryUnreadable,
}

impl Problem {
    /// In the language in use.
    pub fn text(&self) -> String {
        let t = crate::i18n::texts();
        match self {
            Problem::ChooseAccount => t.choose_account_error.to_string(),
            Problem::ChooseSampling => t.choose_sampling.to_string(),
            Problem::EnterStartTime => t.enter_start_time.to_string(),
            Problem::EndTimeUnreadable => t.end_time_unreadable.to_string(),
            Problem::EndAfterStart => t.end_after_start.to_string(),
            Problem::NotADuration(value) => (t.not_a_duration)(value).get(),
            Problem::NotAPrice(value) => (t.not_a_price)(value).get(),
            Problem::NotAnIp(value) => (t.not_an_ip)(value).get(),
            Problem::CountryUnreadable => t.country_unreadable.to_string(),
        }
    }
}

fn error(field: &'static str, problem: Problem) -> FieldError {
    FieldError { field, problem }
}

/// The sampling a view uses when the URL names none.
pub fn default_sampling(endpoint: StatsEndpoint) -> Option<Sampling> {
    match endpoint.kind {
        StatsKind::Traffic => Some(Sampling::Hour),
        StatsKind::Quality => Some(Sampling::FiveMinutes),
        StatsKind::ActiveCalls => None,
    }
}

const DURATION_PARAMS: [&str; 3] = ["duration-eq", "duration-gt", "duration-lt"];

impl StatsView {
    pub fn from_query(query: &str, endpoint: StatsEndpoint) -> StatsView {
        let pairs = decode_pairs(query);
        let get = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.trim().to_owned())
        };
        let range = match get("range").as_deref().and_then(Preset::parse) {
            Some(preset) => TimeRange::Preset(preset),
            None => match (get("from-time"), get("to-time")) {
                (None, None) => TimeRange::Preset(Preset::Today),
                (from, to) => TimeRange::Custom {
                    from: from.unwrap_or_default(),
                    to: to.unwrap_or_default(),
                },
            },
        };
        let sampling = match get("sampling") {
            Some(text) => Sampling::parse(&text).filter(|s| endpoint.samplings().contains(s)),
            None => default_sampling(endpoint),
        }
        .or_else(|| default_sampling(endpoint));
        // `extend`, not `collect`: see `url_legend` (pages/statistics).
        let mut filters = BTreeMap::new();
        filters.extend(
            endpoint.filter_params().iter().filter_map(|name| {
                Some(((*name).to_owned(), get(name).filter(|v| !v.is_empty())?))
            }),
        );
        let series = get("series").map(|names| {
            names
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect()
        });
        StatsView {
            account_id: get("account-id").unwrap_or_default(),
            range,
            sampling,
            filters,
            series,
        }
    }

    /// The view without what the customer may not see: a narrowing parameter that bounds a
    /// withheld metric (a price bound while the price is withheld) is neither offered nor sent,
    /// even when a bookmark names it.
    pub fn within(mut self, access: &StatsAccess) -> StatsView {
        self.filters.retain(|name, _| access.offers_param(name));
        self
    }

    /// The page URL's query for this view.
    pub fn to_query(&self, endpoint: StatsEndpoint) -> String {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if !self.account_id.is_empty() {
            pairs.push(("account-id".into(), self.account_id.clone()));
        }
        match &self.range {
            TimeRange::Preset(preset) => pairs.push(("range".into(), preset.as_str().into())),
            TimeRange::Custom { from, to } => {
                pairs.push(("from-time".into(), from.clone()));
                if !to.trim().is_empty() {
                    pairs.push(("to-time".into(), to.clone()));
                }
            }
        }
        if let (Some(sampling), false) = (self.sampling, endpoint.samplings().is_empty()) {
            pairs.push(("sampling".into(), sampling.as_str().into()));
        }
        for name in endpoint.filter_params() {
            if let Some(value) = self.filters.get(*name).filter(|v| !v.trim().is_empty()) {
                pairs.push(((*name).to_owned(), value.trim().to_owned()));
            }
        }
        if let Some(series) = &self.series {
            pairs.push(("series".into(), series.join(",")));
        }
        encode_pairs(&pairs)
    }

    /// The UTC range the view covers at `now`.
    pub fn resolve_range(
        &self,
        now: DateTime<Utc>,
        zone: &dyn ZoneRules,
    ) -> Result<(DateTime<Utc>, Option<DateTime<Utc>>), FieldError> {
        match &self.range {
            TimeRange::Preset(preset) => {
                let (from, to) = range(*preset, now, zone);
                Ok((from, Some(to)))
            }
            TimeRange::Custom { from, to } => {
                let from =
                    parse_time(from).ok_or_else(|| error("from-time", Problem::EnterStartTime))?;
                let to = match to.trim() {
                    "" => None,
                    text => Some(
                        parse_time(text)
                            .ok_or_else(|| error("to-time", Problem::EndTimeUnreadable))?,
                    ),
                };
                if to.is_some_and(|to| to <= from) {
                    return Err(error("to-time", Problem::EndAfterStart));
                }
                Ok((from, to))
            }
        }
    }

    /// The API request, or every problem with the form. Nothing is sent while there are problems.
    pub fn to_request(
        &self,
        endpoint: StatsEndpoint,
        now: DateTime<Utc>,
        zone: &dyn ZoneRules,
    ) -> Result<StatsQuery, Vec<FieldError>> {
        let mut errors = Vec::new();
        if self.account_id.trim().is_empty() {
            errors.push(error("account-id", Problem::ChooseAccount));
        }
        let range = self
            .resolve_range(now, zone)
            .map_err(|e| errors.push(e))
            .ok();
        if !endpoint.samplings().is_empty() && self.sampling.is_none() {
            errors.push(error("sampling", Problem::ChooseSampling));
        }
        for (name, value) in &self.filters {
            if let Some(problem) = check_filter(endpoint, name, value.trim()) {
                errors.push(problem);
            }
        }
        match (errors.is_empty(), range) {
            (true, Some((from, to))) => Ok(StatsQuery {
                account_id: self.account_id.trim().to_owned(),
                from_time: Some(from),
                to_time: to,
                sampling: self.sampling,
                filters: self.filters.clone(),
            }),
            _ => Err(errors),
        }
    }
}

/// Checks one narrowing parameter's value; the other side's parameters are not sent, so not
/// checked.
fn check_filter(endpoint: StatsEndpoint, name: &str, value: &str) -> Option<FieldError> {
    let field = endpoint
        .filter_params()
        .iter()
        .find(|p| **p == name)
        .copied()?;
    if value.is_empty() {
        return None;
    }
    if DURATION_PARAMS.contains(&field) {
        return match value.parse::<u64>() {
            Ok(_) => None,
            Err(_) => Some(error(field, Problem::NotADuration(value.to_owned()))),
        };
    }
    if is_price_param(field) {
        return Decimal::from_str(value)
            .err()
            .map(|_| error(field, Problem::NotAPrice(value.to_owned())));
    }
    if field == "auth-orig-ip" {
        return IpAddr::from_str(value)
            .err()
            .map(|_| error(field, Problem::NotAnIp(value.to_owned())));
    }
    // Country ids are integers (`countries.id`, UInt32 on the server).
    if field.ends_with("country-id") && value.parse::<u32>().is_err() {
        return Some(error(field, Problem::CountryUnreadable));
    }
    // Prefix-routing matches are free text: digits usually, but the API takes strings.
    None
}

/// `YYYY-MM-DD HH:MM:SS` in UTC, the form kept in URLs and sent to the server.
pub fn url_time(time: &DateTime<Utc>) -> String {
    server_time(time)
}
