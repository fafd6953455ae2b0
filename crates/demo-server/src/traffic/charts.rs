//! The charts' series: calls per second of an account, minute by minute, over a period (only
//! minutes with calls), and calls in progress at every minute, originated and terminated.

use crate::model::data_set::DataSet;
use crate::traffic::calls::{CallHistory, Direction};
use crate::traffic::statistics::{MAX_POINTS, active_at_minute_marks};
use api_model::resources::ChartPoint;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::collections::BTreeMap;

/// Calls per second, minute by minute, for the minutes with calls in `[from, to)`.
pub fn originated_cps(
    data: &DataSet,
    account: usize,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: i64,
) -> Vec<ChartPoint> {
    let mut minutes: BTreeMap<i64, u64> = BTreeMap::new();
    CallHistory::of(data).for_each_call(account, from.timestamp(), to.timestamp(), now, |call| {
        *minutes
            .entry(call.start - call.start.rem_euclid(60))
            .or_default() += 1
    });
    minutes
        .into_iter()
        .filter_map(|(minute, calls)| {
            Some(ChartPoint {
                x: DateTime::from_timestamp(minute, 0)?,
                y: (Decimal::from(calls) / Decimal::from(60))
                    .round_dp(4)
                    .normalize(),
            })
        })
        .collect()
}

/// Answered calls in progress at every minute mark of `[from, to]` for which the switch has
/// a sample: marks within the call history and not in the future.
pub fn active_calls(
    data: &DataSet,
    account: usize,
    direction: Direction,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: i64,
) -> Vec<ChartPoint> {
    let from = seconds_from(from).max(CallHistory::of(data).starts_at());
    let first = from + (60 - from.rem_euclid(60)) % 60;
    let last = to.timestamp().min(now);
    let last = last - last.rem_euclid(60);
    if last < first {
        return Vec::new();
    }
    let count = usize::try_from((last - first) / 60 + 1)
        .unwrap_or(0)
        .min(MAX_POINTS);
    let counts = active_at_minute_marks(
        data,
        direction,
        account,
        first,
        count,
        last + 1,
        now,
        |_| true,
    );
    counts
        .into_iter()
        .enumerate()
        .filter_map(|(i, calls)| {
            Some(ChartPoint {
                x: DateTime::from_timestamp(first + 60 * i as i64, 0)?,
                y: Decimal::from(calls),
            })
        })
        .collect()
}

/// The first whole second at or after `at`: a time a fraction past a minute mark is past the
/// mark (asked at 10:00:00.5 for the last 24 hours, the chart starts at 10:01, not 10:00).
fn seconds_from(at: DateTime<Utc>) -> i64 {
    at.timestamp() + i64::from(at.timestamp_subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fraction_of_a_second_past_a_mark_is_past_it() {
        let mark = DateTime::from_timestamp(1_700_000_040, 0).unwrap();
        assert_eq!(seconds_from(mark), 1_700_000_040);
        let just_after = DateTime::from_timestamp(1_700_000_040, 500_000_000).unwrap();
        assert_eq!(seconds_from(just_after), 1_700_000_041);
    }
}
