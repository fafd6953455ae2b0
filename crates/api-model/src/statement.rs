//! A month's statement in one file: the month a customer picks, the requests that gather its
//! parts, the names of the files inside it and the sums its summary states. Pure: the clock is
//! passed in.

use crate::filters::{Filter, Operator};
use crate::stats::{Sampling, StatsQuery, server_time};
use chrono::{DateTime, Datelike, Months, TimeZone, Utc};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::fmt;

/// A calendar month, in UTC as the server's invoices count them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    year: i32,
    /// 1 to 12.
    month: u32,
}

/// Why a month cannot be asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MonthError {
    /// Not `YYYY-MM`.
    NotAMonth(String),
    /// After the month in progress: nothing has happened in it yet.
    Ahead(Month),
}

impl fmt::Display for MonthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MonthError::NotAMonth(text) => write!(f, "“{text}” is not a month (YYYY-MM)"),
            MonthError::Ahead(month) => write!(f, "{month} has not begun"),
        }
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl Month {
    /// The month `now` is in.
    pub fn of(now: DateTime<Utc>) -> Month {
        Month {
            year: now.year(),
            month: now.month(),
        }
    }

    /// The last whole month before `now`'s: what a statement is usually asked for.
    pub fn last_whole(now: DateTime<Utc>) -> Month {
        let Month { year, month } = Month::of(now);
        match month {
            1 => Month {
                year: year - 1,
                month: 12,
            },
            _ => Month {
                year,
                month: month - 1,
            },
        }
    }

    /// Reads `YYYY-MM` (what `<input type="month">` gives), a month that has begun by `now`.
    pub fn parse(text: &str, now: DateTime<Utc>) -> Result<Month, MonthError> {
        let not_a_month = || MonthError::NotAMonth(text.to_owned());
        let (year, month) = text.trim().split_once('-').ok_or_else(not_a_month)?;
        let four_digits = year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit());
        let two_digits = month.len() == 2 && month.bytes().all(|b| b.is_ascii_digit());
        if !four_digits || !two_digits {
            return Err(not_a_month());
        }
        let year: i32 = year.parse().map_err(|_| not_a_month())?;
        let month: u32 = month.parse().map_err(|_| not_a_month())?;
        if !(1..=12).contains(&month) || year == 0 {
            return Err(not_a_month());
        }
        let picked = Month { year, month };
        if picked > Month::of(now) {
            return Err(MonthError::Ahead(picked));
        }
        Ok(picked)
    }

    /// Its first instant.
    pub fn start(self) -> Option<DateTime<Utc>> {
        Utc.with_ymd_and_hms(self.year, self.month, 1, 0, 0, 0)
            .single()
    }

    /// The first instant after it.
    pub fn end(self) -> Option<DateTime<Utc>> {
        self.start()?.checked_add_months(Months::new(1))
    }

    /// Whether `now` is within it: its figures are so far, not final.
    pub fn is_running(self, now: DateTime<Utc>) -> bool {
        Month::of(now) == self
    }

    /// The filters that keep a collection's records whose `field` (a time) falls in the month:
    /// from its first instant, before the next month's.
    pub fn filters(self, field: &str) -> Vec<Filter> {
        let (Some(start), Some(end)) = (self.start(), self.end()) else {
            return Vec::new();
        };
        let at = |operator, time: DateTime<Utc>| Filter {
            field: field.to_owned(),
            operator: Some(operator),
            value: server_time(&time),
        };
        vec![at(Operator::Gteq, start), at(Operator::Lt, end)]
    }

    /// An account's statistics over the month, a day a sample, up to `now` while it runs.
    pub fn statistics_query(self, account_id: &str, now: DateTime<Utc>) -> StatsQuery {
        let end = self.end().map(|end| end.min(now));
        StatsQuery {
            account_id: account_id.to_owned(),
            from_time: self.start(),
            to_time: end,
            sampling: Some(Sampling::Day),
            filters: BTreeMap::new(),
        }
    }
}

/// The names of the files of one archive: each name once. A name already taken gets ` (2)`,
/// ` (3)`… before its extension (two accounts of the same name each keep their statistics).
#[derive(Debug, Default)]
pub struct EntryNames(Vec<String>);

impl EntryNames {
    /// `wanted`, or the first free variant of it; taken from now on.
    pub fn take(&mut self, wanted: &str) -> String {
        let (stem, extension) = match wanted.rsplit_once('.') {
            Some((stem, extension)) if !stem.is_empty() && !stem.ends_with('/') => {
                (stem, format!(".{extension}"))
            }
            _ => (wanted, String::new()),
        };
        let mut name = wanted.to_owned();
        let mut number = 1u32;
        while self.0.iter().any(|taken| taken.eq_ignore_ascii_case(&name)) {
            number += 1;
            name = format!("{stem} ({number}){extension}");
        }
        self.0.push(name.clone());
        name
    }

    /// How many names are taken.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The `index`-th name taken, from 0.
    pub fn nth(&self, index: usize) -> Option<&str> {
        self.0.get(index).map(String::as_str)
    }
}

/// Sums of amounts by account and currency, in the order first met: what the summary states
/// for each kind of record.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sums(Vec<Sum>);

/// The records of one account in one currency: how many, and what they add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct Sum {
    pub account: String,
    pub currency: Option<String>,
    pub count: u64,
    /// `None` once the sum is past what a decimal holds: never a wrapped figure.
    pub total: Option<Decimal>,
}

impl Sums {
    /// Adds a record's amount.
    pub fn add(&mut self, account: &str, currency: Option<&str>, amount: Decimal) {
        let found = self
            .0
            .iter_mut()
            .find(|sum| sum.account == account && sum.currency.as_deref() == currency);
        let sum = match found {
            Some(sum) => sum,
            None => {
                self.0.push(Sum {
                    account: account.to_owned(),
                    currency: currency.map(str::to_owned),
                    count: 0,
                    total: Some(Decimal::ZERO),
                });
                let last = self.0.len() - 1;
                &mut self.0[last]
            }
        };
        sum.count += 1;
        sum.total = sum.total.and_then(|total| total.checked_add(amount));
    }

    pub fn of_account<'a>(&'a self, account: &'a str) -> impl Iterator<Item = &'a Sum> + 'a {
        self.0.iter().filter(move |sum| sum.account == account)
    }

    pub fn all(&self) -> &[Sum] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn a_month_is_read_as_the_month_input_writes_it_and_not_ahead_of_now() {
        let now = at("2026-11-30T12:00:00Z");
        let october = Month::parse("2026-10", now).unwrap();
        assert_eq!(october.to_string(), "2026-10");
        assert_eq!(Month::parse(" 2026-11 ", now).unwrap(), Month::of(now));
        assert_eq!(
            Month::parse("2026-12", now),
            Err(MonthError::Ahead(Month {
                year: 2026,
                month: 12
            }))
        );
        for bad in [
            "",
            "2026",
            "2026-13",
            "2026-00",
            "26-10",
            "2026-1",
            "２０２６-10",
            "0000-01",
        ] {
            assert!(
                matches!(Month::parse(bad, now), Err(MonthError::NotAMonth(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_last_whole_month_crosses_the_year() {
        assert_eq!(
            Month::last_whole(at("2027-01-01T00:00:00Z")).to_string(),
            "2026-12"
        );
        assert_eq!(
            Month::last_whole(at("2026-11-30T23:59:59Z")).to_string(),
            "2026-10"
        );
    }

    #[test]
    fn a_month_runs_from_its_first_instant_to_the_next_months() {
        let december = Month::parse("2026-12", at("2027-03-01T00:00:00Z")).unwrap();
        assert_eq!(december.start(), Some(at("2026-12-01T00:00:00Z")));
        assert_eq!(december.end(), Some(at("2027-01-01T00:00:00Z")));
        let filters = december.filters("created-at");
        let sent: Vec<(String, Option<Operator>, &str)> = filters
            .iter()
            .map(|f| (f.field.clone(), f.operator, f.value.as_str()))
            .collect();
        assert_eq!(
            sent,
            [
                (
                    "created-at".to_owned(),
                    Some(Operator::Gteq),
                    "2026-12-01 00:00:00"
                ),
                (
                    "created-at".to_owned(),
                    Some(Operator::Lt),
                    "2027-01-01 00:00:00"
                ),
            ]
        );
    }

    #[test]
    fn the_running_months_statistics_stop_at_now() {
        let now = at("2026-11-30T12:34:56Z");
        let november = Month::of(now);
        assert!(november.is_running(now));
        let query = november.statistics_query("acc-1", now);
        assert_eq!(query.from_time, Some(at("2026-11-01T00:00:00Z")));
        assert_eq!(query.to_time, Some(now));
        assert_eq!(query.sampling, Some(Sampling::Day));
        let october = Month::last_whole(now);
        assert!(!october.is_running(now));
        assert_eq!(
            october.statistics_query("acc-1", now).to_time,
            Some(at("2026-11-01T00:00:00Z"))
        );
    }

    #[test]
    fn each_file_name_is_taken_once() {
        let mut names = EntryNames::default();
        assert_eq!(names.take("statistics/Main.csv"), "statistics/Main.csv");
        assert_eq!(names.take("statistics/Main.csv"), "statistics/Main (2).csv");
        assert_eq!(names.take("statistics/MAIN.csv"), "statistics/MAIN (3).csv");
        assert_eq!(names.take("summary"), "summary");
        assert_eq!(names.take("summary"), "summary (2)");
        assert_eq!(names.take("invoices/.pdf"), "invoices/.pdf");
        assert_eq!(names.take("invoices/.pdf"), "invoices/.pdf (2)");
        assert_eq!(names.count(), 7);
        assert_eq!(names.nth(1), Some("statistics/Main (2).csv"));
        assert_eq!(names.nth(7), None);
    }

    #[test]
    fn sums_are_kept_by_account_and_currency_and_never_wrap() {
        let mut sums = Sums::default();
        sums.add("Main", Some("EUR"), Decimal::new(1050, 2));
        sums.add("Main", Some("USD"), Decimal::new(1, 0));
        sums.add("Main", Some("EUR"), Decimal::new(-25, 1));
        sums.add("Second", None, Decimal::new(7, 0));
        let main: Vec<(Option<&str>, u64, Option<Decimal>)> = sums
            .of_account("Main")
            .map(|s| (s.currency.as_deref(), s.count, s.total))
            .collect();
        assert_eq!(
            main,
            [
                (Some("EUR"), 2, Some(Decimal::new(800, 2))),
                (Some("USD"), 1, Some(Decimal::new(1, 0)))
            ]
        );
        sums.add("Big", None, Decimal::MAX);
        sums.add("Big", None, Decimal::MAX);
        let big = sums.of_account("Big").next().unwrap();
        assert_eq!((big.count, big.total), (2, None));
        assert_eq!(sums.all().len(), 4);
    }
}
