//! Credit ahead: when an account's balance reaches its minimum at the spend of the last 24
//! hours and at that of the last 7 days, from one statistics request per account (a week of
//! its originated traffic, an hour a sample). Pure: the clock is passed in.

use crate::stats::{Sampling, StatsMetric, StatsPayload, StatsQuery};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::collections::BTreeMap;

/// The two spans the spend is weighed over, in hours.
pub const LAST_DAY_HOURS: i64 = 24;
pub const LAST_WEEK_HOURS: i64 = 7 * 24;
const SECONDS_AN_HOUR: i64 = 3600;

/// Forecasts of two days or more are said in days, shorter ones in hours.
const HOURS_SAID_IN_DAYS: u64 = 48;

/// The one request a forecast needs: the account's originated traffic of the last 7 days up to
/// `now`, an hour a sample (the last 24 hours are its last samples).
pub fn spend_query(account_id: &str, now: DateTime<Utc>) -> StatsQuery {
    StatsQuery {
        account_id: account_id.to_owned(),
        // In seconds, not with `TimeDelta`: its arithmetic is code an account's page has not.
        from_time: DateTime::from_timestamp(
            now.timestamp() - LAST_WEEK_HOURS * SECONDS_AN_HOUR,
            now.timestamp_subsec_nanos(),
        ),
        to_time: Some(now),
        sampling: Some(Sampling::Hour),
        filters: BTreeMap::new(),
    }
}

/// What an account spent on its calls over the two spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spend {
    pub last_day: Decimal,
    pub last_week: Decimal,
}

impl Spend {
    /// The spend in a week of hourly samples (see [`spend_query`]): the samples that start in
    /// the last 24 hours before `now`, and all of them. A sample without a price costs nothing.
    pub fn of(week: &StatsPayload, now: DateTime<Utc>) -> Spend {
        let day_start = now.timestamp() - LAST_DAY_HOURS * SECONDS_AN_HOUR;
        let prices = week.series(StatsMetric::TotalPrice.key()).unwrap_or(&[]);
        let priced = week
            .t
            .iter()
            .zip(prices)
            .filter_map(|(t, p)| Some((*t, p.0?)));
        let (mut last_day, mut last_week) = (Decimal::ZERO, Decimal::ZERO);
        // Summed as `x = x - -price`: every money page has `Decimal`'s `Sub`, while its `Add`
        // or an assigning operator (each inlining the arithmetic anew) would bring some 1.8 KB
        // of code of its own to an account's page.
        #[allow(clippy::assign_op_pattern)]
        for (start, price) in priced {
            if start >= day_start {
                last_day = last_day - -price;
            }
            last_week = last_week - -price;
        }
        Spend {
            last_day,
            last_week,
        }
    }
}

/// When the balance reaches its minimum at one span's spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CreditAhead {
    /// The balance is at or below its minimum already.
    Reached,
    /// Nothing was spent over the span (or more came in than went out): not at this spend.
    NotAtThisSpend,
    /// In less than an hour.
    WithinTheHour,
    /// In about this many hours (1 to 47).
    Hours(u64),
    /// In about this many days.
    Days(u64),
}

/// When `headroom` (the balance above its minimum) is spent at `spend` per `span_hours`:
/// whole hours, rounded down; two days or more in days, rounded to the nearest.
pub fn credit_ahead(headroom: Decimal, spend: Decimal, span_hours: i64) -> CreditAhead {
    if headroom <= Decimal::ZERO {
        return CreditAhead::Reached;
    }
    if spend <= Decimal::ZERO || span_hours <= 0 {
        return CreditAhead::NotAtThisSpend;
    }
    // So large that it is no forecast at all (past what an i128 or a u64 holds).
    let Some(hours) = whole_hours(headroom, spend, span_hours) else {
        return CreditAhead::NotAtThisSpend;
    };
    match hours {
        0 => CreditAhead::WithinTheHour,
        h if h < HOURS_SAID_IN_DAYS => CreditAhead::Hours(h),
        h => CreditAhead::Days((h + 12) / 24),
    }
}

/// `headroom × span_hours ÷ spend` for two positive amounts and span, rounded down: exact, in
/// integers of the two amounts' common scale (a decimal division would bring its own long
/// division to the page). Unsigned: the pages have the unsigned 128-bit division already.
fn whole_hours(headroom: Decimal, spend: Decimal, span_hours: i64) -> Option<u64> {
    let scale = headroom.scale().max(spend.scale());
    let whole = |amount: Decimal| {
        let factor = 10u128.checked_pow(scale - amount.scale())?;
        amount.mantissa().unsigned_abs().checked_mul(factor)
    };
    let span = u128::try_from(span_hours).ok()?;
    let hours = whole(headroom)?.checked_mul(span)? / whole(spend)?;
    u64::try_from(hours).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Metric;
    use std::str::FromStr;

    fn dec(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn the_minimum_comes_in_hours_then_days_rounded() {
        // 100 left, 30 a day: 80 hours, said as about 3 days (3.33).
        assert_eq!(
            credit_ahead(dec("100"), dec("30"), 24),
            CreditAhead::Days(3)
        );
        // 100 left, 60 a day: 40 hours.
        assert_eq!(
            credit_ahead(dec("100"), dec("60"), 24),
            CreditAhead::Hours(40)
        );
        // 47.99 hours are hours; 48 are two days; 2.5 days round up to 3.
        assert_eq!(
            credit_ahead(dec("47.99"), dec("24"), 24),
            CreditAhead::Hours(47)
        );
        assert_eq!(credit_ahead(dec("48"), dec("24"), 24), CreditAhead::Days(2));
        assert_eq!(credit_ahead(dec("60"), dec("24"), 24), CreditAhead::Days(3));
        assert_eq!(
            credit_ahead(dec("0.5"), dec("24"), 24),
            CreditAhead::WithinTheHour
        );
        // Amounts of different scales, as the API writes them.
        assert_eq!(
            credit_ahead(dec("480.2"), dec("249.030087"), 24),
            CreditAhead::Hours(46)
        );
        // A week's spend: 700 over 168 hours against 100 left is 24 hours.
        assert_eq!(
            credit_ahead(dec("100"), dec("700"), LAST_WEEK_HOURS),
            CreditAhead::Hours(24)
        );
    }

    #[test]
    fn no_forecast_without_spend_and_none_needed_at_the_minimum() {
        assert_eq!(credit_ahead(dec("0"), dec("30"), 24), CreditAhead::Reached);
        assert_eq!(
            credit_ahead(dec("-10.4"), dec("0"), 24),
            CreditAhead::Reached
        );
        assert_eq!(
            credit_ahead(dec("100"), dec("0"), 24),
            CreditAhead::NotAtThisSpend
        );
        assert_eq!(
            credit_ahead(dec("100"), dec("-5"), 24),
            CreditAhead::NotAtThisSpend
        );
        // Past what can be said: no forecast, and no panic.
        assert_eq!(
            credit_ahead(Decimal::MAX, dec("0.0000001"), 24),
            CreditAhead::NotAtThisSpend
        );
    }

    #[test]
    fn the_last_day_is_the_samples_starting_in_its_24_hours() {
        let now = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        let hour = 3600;
        let day_start = now.timestamp() - 24 * hour;
        let week = StatsPayload {
            t: vec![
                day_start - 2 * hour,
                day_start - 1,
                day_start,
                now.timestamp() - 10,
            ],
            series: [(
                "total_price".to_owned(),
                vec![
                    Metric(Some(dec("1.25"))),
                    Metric(Some(dec("2"))),
                    Metric(None),
                    Metric(Some(dec("0.125"))),
                ],
            )]
            .into(),
            rows: 4,
            totals: None,
        };
        assert_eq!(
            Spend::of(&week, now),
            Spend {
                last_day: dec("0.125"),
                last_week: dec("3.375"),
            }
        );
        // No price series (a profile that withholds it): nothing spent.
        let unpriced = StatsPayload {
            series: BTreeMap::new(),
            ..week
        };
        assert_eq!(
            Spend::of(&unpriced, now),
            Spend {
                last_day: Decimal::ZERO,
                last_week: Decimal::ZERO,
            }
        );
    }

    #[test]
    fn the_request_is_a_week_by_the_hour_up_to_now() {
        let now = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        let query = spend_query("acc-1", now);
        assert_eq!(query.sampling, Some(Sampling::Hour));
        assert_eq!(query.to_time, Some(now));
        assert_eq!(query.from_time, Some(now - chrono::TimeDelta::days(7)));
        assert_eq!(query.account_id, "acc-1");
    }
}
