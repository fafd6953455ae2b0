//! The synthetic call history every statistic is computed from.
//!
//! Nothing is stored: the calls of an account in a minute are derived on demand from a seeded
//! hash of (account, minute), shaped by a daily curve (quiet nights, busy office hours, calmer
//! weekends) and the account's traffic profile. The same seed always gives the same calls, so
//! every statistic agrees with every other one and with itself across restarts. The history
//! starts [`HISTORY_DAYS`] before start-up and grows with the clock: calls never lie in the
//! future.

use crate::model::data_set::DataSet;
use crate::model::records::AccountRecord;
use crate::seeded::random::hash;
use rust_decimal::Decimal;

/// How far back before start-up calls exist.
pub use crate::model::data_set::HISTORY_DAYS;
/// Terminated traffic (calls to the account) relative to its originated traffic, per mille.
const TERMINATED_LOAD: u64 = 350;
/// The longest call, seconds; active-call counts look back this far.
pub const MAX_CALL_SECONDS: i64 = 1800;

/// Expected share of the peak load by UTC hour, per mille.
const DAILY_CURVE: [u64; 24] = [
    90, 70, 60, 60, 70, 110, 220, 450, 750, 950, 1000, 1000, 900, 950, 1000, 980, 900, 750, 550,
    420, 330, 250, 170, 120,
];
/// Weekend load relative to a weekday, per mille.
const WEEKEND: u64 = 450;

/// Which way calls go: originated by the account's customer (origination statistics, `cdrs`)
/// or terminated to it, the customer acting as a vendor (termination statistics,
/// `incoming-cdrs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    Originated,
    Terminated,
}

impl Direction {
    /// Keeps the two streams of calls independent.
    fn salt(self) -> u64 {
        match self {
            Direction::Originated => 0,
            Direction::Terminated => 0x7465_726D,
        }
    }

    fn load_per_mille(self) -> u64 {
        match self {
            Direction::Originated => 1000,
            Direction::Terminated => TERMINATED_LOAD,
        }
    }
}

/// One call of an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    /// Unix seconds.
    pub start: i64,
    /// Seconds; 0 for a failed call.
    pub duration: u64,
    pub answered: bool,
    /// Index into [`DataSet::rates`]; `None` when the customer has no rate to price it with.
    pub rate: Option<usize>,
    /// Index into the account's source prefixes.
    pub src_prefix: usize,
    /// Index into the account's originating IPs.
    pub ip: usize,
    /// The call's own random bits, for details only a CDR shows (numbers, codes).
    pub key: u64,
    /// Which of the calls of its account, direction and minute it is (from 0): with those,
    /// what regenerates it alone (a CDR's id).
    pub index_in_minute: u64,
}

impl Call {
    pub fn end(&self) -> i64 {
        self.start + i64::try_from(self.duration).unwrap_or(0)
    }

    /// The customer's price of the call, exact.
    pub fn price(&self, data: &DataSet) -> Decimal {
        self.rate
            .and_then(|index| data.rates.get(index))
            .map(|rate| rate.price(self.duration, self.answered))
            .unwrap_or_default()
    }
}

/// The calls of a data set: nothing but its seed and start-up time, so it is made on demand.
#[derive(Debug, Clone, Copy)]
pub struct CallHistory<'d> {
    data: &'d DataSet,
    /// Unix seconds of the first minute with calls.
    starts_at: i64,
}

impl<'d> CallHistory<'d> {
    pub fn of(data: &'d DataSet) -> CallHistory<'d> {
        let start = crate::model::data_set::history_start(data.started_at).timestamp();
        CallHistory {
            data,
            starts_at: start - start.rem_euclid(60),
        }
    }

    pub fn starts_at(&self) -> i64 {
        self.starts_at
    }

    /// How many calls the account starts in the minute beginning at `minute * 60`.
    fn calls_in_minute(
        &self,
        direction: Direction,
        account_index: usize,
        account: &AccountRecord,
        minute: i64,
    ) -> u64 {
        let t = minute * 60;
        let hour = usize::try_from(t.rem_euclid(86_400) / 3600).unwrap_or(0);
        let weekday = (t.div_euclid(86_400) + 3).rem_euclid(7); // 0 = Monday
        let mut weight = DAILY_CURVE[hour];
        if weekday >= 5 {
            weight = weight * WEEKEND / 1000;
        }
        let expected_milli =
            account.traffic.peak_milli_calls * weight / 1000 * direction.load_per_mille() / 1000;
        let h = hash(&[
            self.data.seed ^ direction.salt(),
            account_index as u64,
            minute as u64,
        ]);
        let noise = 500 + h % 1000;
        let fraction = (h >> 20) % 1000;
        (expected_milli * noise / 1000 + fraction) / 1000
    }

    /// Calls `f` for every call the account originated that starts in `[from, to)` and not
    /// after `now`.
    pub fn for_each_call(
        &self,
        account_index: usize,
        from: i64,
        to: i64,
        now: i64,
        f: impl FnMut(&Call),
    ) {
        self.for_each_call_of(Direction::Originated, account_index, from, to, now, f);
    }

    /// Calls `f` for every call of the account in that direction that starts in `[from, to)`
    /// and not after `now`, in order of minutes and within a minute by `index_in_minute`.
    pub fn for_each_call_of(
        &self,
        direction: Direction,
        account_index: usize,
        from: i64,
        to: i64,
        now: i64,
        mut f: impl FnMut(&Call),
    ) {
        let Some(account) = self.data.accounts.get(account_index) else {
            return;
        };
        let traffic = &account.traffic;
        let from = from.max(self.starts_at);
        let to = to.min(now.saturating_add(1));
        if from >= to {
            return;
        }
        let mean = traffic.mean_duration.max(1);
        for minute in from.div_euclid(60)..=(to - 1).div_euclid(60) {
            let count = self.calls_in_minute(direction, account_index, account, minute);
            for k in 0..count {
                let h = hash(&[
                    self.data.seed ^ direction.salt(),
                    account_index as u64,
                    minute as u64,
                    k + 1,
                ]);
                let start = minute * 60 + i64::try_from(h % 60).unwrap_or(0);
                if start < from || start >= to {
                    continue;
                }
                let answered = (h >> 8) % 1000 < traffic.asr_per_mille;
                let duration = if answered {
                    let mut d = 3 + (h >> 18) % mean + (h >> 30) % mean;
                    if (h >> 42) % 100 < 3 {
                        d += (h >> 44) % 1200;
                    }
                    d.min(MAX_CALL_SECONDS as u64)
                } else {
                    0
                };
                let pick =
                    |bits: u64, len: usize| usize::try_from(bits % len.max(1) as u64).unwrap_or(0);
                f(&Call {
                    start,
                    duration,
                    answered,
                    rate: traffic
                        .rates
                        .get(pick(h >> 48, traffic.rates.len()))
                        .copied(),
                    src_prefix: pick(h >> 56, traffic.src_prefixes.len()),
                    ip: pick(h >> 60, traffic.ips.len()),
                    key: h,
                    index_in_minute: k,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (DataSet, i64) {
        let now = chrono::DateTime::from_timestamp(1_790_000_000, 0).unwrap();
        (DataSet::generate(3, now), now.timestamp())
    }

    fn collect(data: &DataSet, account: usize, from: i64, to: i64, now: i64) -> Vec<Call> {
        let mut calls = Vec::new();
        CallHistory::of(data).for_each_call(account, from, to, now, |c| calls.push(*c));
        calls
    }

    #[test]
    fn calls_are_deterministic_in_range_and_never_in_the_future() {
        let (data, now) = setup();
        let day = collect(&data, 0, now - 86_400, now + 86_400, now);
        assert!(
            day.len() > 1000,
            "a busy account has traffic: {}",
            day.len()
        );
        assert!(
            day.iter()
                .all(|c| c.start >= now - 86_400 && c.start <= now)
        );
        assert_eq!(day, collect(&data, 0, now - 86_400, now + 86_400, now));
        // Splitting a range splits the calls.
        let mid = now - 40_000;
        let left = collect(&data, 0, now - 86_400, mid, now);
        let right = collect(&data, 0, mid, now + 1, now);
        assert_eq!(left.len() + right.len(), day.len());
        assert!(
            collect(
                &data,
                0,
                CallHistory::of(&data).starts_at() - 86_400,
                CallHistory::of(&data).starts_at(),
                now
            )
            .is_empty()
        );
    }

    #[test]
    fn calls_look_like_traffic() {
        let (data, now) = setup();
        let calls = collect(&data, 0, now - 7 * 86_400, now, now);
        let answered = calls.iter().filter(|c| c.answered).count();
        let share = answered * 1000 / calls.len();
        assert!((750..900).contains(&share), "ASR per mille {share}");
        assert!(calls.iter().all(|c| c.answered == (c.duration > 0)));
        assert!(calls.iter().all(|c| c.duration <= MAX_CALL_SECONDS as u64));
        assert!(calls.iter().any(|c| c.price(&data) > Decimal::ZERO));
        // Some minutes have no calls at all (quiet nights), so sparse axes are sparse.
        let minutes: std::collections::HashSet<i64> = calls.iter().map(|c| c.start / 60).collect();
        assert!(minutes.len() < 7 * 1440);
    }
}
