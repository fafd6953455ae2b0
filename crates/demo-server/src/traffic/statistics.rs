//! The statistics endpoints (plain JSON of parallel arrays, as the real server answers them):
//! `*-statistics` (sparse axis, with totals), `*-statistics-quality`
//! (filled axis, with totals) and `*-active-calls` (filled axis), computed from the synthetic
//! call history: originated calls for `origination-*`, the calls terminated to the account
//! (its incoming CDRs) for `termination-*`.
//!
//! Unfiltered requests add up per-minute sums that [`MinuteCache`] keeps for every hour that
//! is wholly past, so a day at minute sampling costs 24 look-ups instead of walking thousands
//! of calls; a request with narrowing parameters walks the calls. Both give the same exact
//! sums (integers and decimals, never floats).

use crate::model::data_set::DataSet;
use crate::traffic::calls::{Call, CallHistory, Direction, MAX_CALL_SECONDS};
use crate::traffic::cdrs::{call_rate, dst_number, src_number};
use api_model::stats::Sampling;
use chrono::{DateTime, Datelike, TimeZone, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// What statistics are computed from: the data set and the sums of its past minutes.
#[derive(Debug, Clone, Copy)]
pub struct StatsSource<'a> {
    pub data: &'a DataSet,
    pub cache: &'a MinuteCache,
}

/// The most points a filled axis may have, so one request cannot ask for gigabytes.
pub const MAX_POINTS: usize = 200_000;

/// A statistics request that passed validation.
#[derive(Debug, Clone)]
pub struct StatsRequest {
    /// Originated calls, or the calls terminated to the account.
    pub direction: Direction,
    pub account: usize,
    pub from: i64,
    /// `to-time`: inclusive, like the real server's `time_start <= to-time`.
    pub to: Option<i64>,
    pub sampling: Sampling,
    pub filter: CallFilter,
}

impl StatsRequest {
    /// The first second after the range.
    pub fn end(&self) -> i64 {
        self.to.map_or(i64::MAX, |to| to.saturating_add(1))
    }
}

/// The optional narrowing parameters of spec 4.3, applied call by call.
#[derive(Debug, Clone, Default)]
pub struct CallFilter {
    pub src_country: Option<usize>,
    pub dst_country: Option<usize>,
    pub src_number: Vec<(TextMatch, String)>,
    pub dst_number: Vec<(TextMatch, String)>,
    pub duration: Vec<(NumberMatch, Decimal)>,
    pub price: Vec<(NumberMatch, Decimal)>,
    pub ip: Option<String>,
}

#[derive(Debug, Clone, Copy)]
pub enum TextMatch {
    Eq,
    StartsWith,
    EndsWith,
    /// Case-insensitive, like the real server's `positionCaseInsensitive`.
    Contains,
}

#[derive(Debug, Clone, Copy)]
pub enum NumberMatch {
    Eq,
    Gt,
    Lt,
}

impl TextMatch {
    pub fn test(self, text: &str, wanted: &str) -> bool {
        match self {
            TextMatch::Eq => text == wanted,
            TextMatch::StartsWith => text.starts_with(wanted),
            TextMatch::EndsWith => text.ends_with(wanted),
            TextMatch::Contains => text.to_lowercase().contains(&wanted.to_lowercase()),
        }
    }
}

impl NumberMatch {
    fn test(self, value: Decimal, wanted: Decimal) -> bool {
        match self {
            NumberMatch::Eq => value == wanted,
            NumberMatch::Gt => value > wanted,
            NumberMatch::Lt => value < wanted,
        }
    }
}

impl CallFilter {
    pub fn is_empty(&self) -> bool {
        self.src_country.is_none()
            && self.dst_country.is_none()
            && self.src_number.is_empty()
            && self.dst_number.is_empty()
            && self.duration.is_empty()
            && self.price.is_empty()
            && self.ip.is_none()
    }

    pub fn matches(&self, call: &Call, data: &DataSet, account: usize) -> bool {
        if self.is_empty() {
            return true;
        }
        let Some(account) = data.accounts.get(account) else {
            return false;
        };
        let traffic = &account.traffic;
        // Numbers and prices are made only when a parameter needs them.
        self.src_country.is_none_or(|c| c == traffic.src_country)
            && self
                .dst_country
                .is_none_or(|c| call_rate(data, call).is_some_and(|r| r.country == Some(c)))
            && (self.src_number.is_empty() || {
                let src = src_number(account, call);
                self.src_number.iter().all(|(m, v)| m.test(&src, v))
            })
            && (self.dst_number.is_empty() || {
                let dst = dst_number(data, call);
                self.dst_number.iter().all(|(m, v)| m.test(&dst, v))
            })
            && self
                .duration
                .iter()
                .all(|(m, v)| m.test(Decimal::from(call.duration), *v))
            && (self.price.is_empty() || {
                let price = call.price(data);
                self.price.iter().all(|(m, v)| m.test(price, *v))
            })
            && self
                .ip
                .as_deref()
                .is_none_or(|ip| traffic.ips.get(call.ip).is_some_and(|own| own == ip))
    }
}

/// The start of the bucket holding `t`: fixed-length buckets from the epoch, weeks from
/// Monday, months from the first, all in UTC.
pub fn bucket_start(t: i64, sampling: Sampling) -> i64 {
    match sampling {
        Sampling::Week => {
            let day = t.div_euclid(86_400);
            let monday = day - (day + 3).rem_euclid(7);
            monday * 86_400
        }
        Sampling::Month => DateTime::from_timestamp(t, 0)
            .and_then(|time| {
                Utc.with_ymd_and_hms(time.year(), time.month(), 1, 0, 0, 0)
                    .single()
            })
            .map_or(t, |start| start.timestamp()),
        other => {
            let size = other.seconds().unwrap_or(60);
            t - t.rem_euclid(size)
        }
    }
}

/// `numerator / denominator` rounded half to even to `dp` decimals, as a whole number of
/// `10^-dp` units, computed with integers (a day at minute sampling needs thousands of these
/// per request).
fn ratio(numerator: u64, denominator: u64, dp: u32) -> u128 {
    let scaled = u128::from(numerator) * 10u128.pow(dp);
    let denominator = u128::from(denominator.max(1));
    let (quotient, remainder) = (scaled / denominator, scaled % denominator);
    let round_up =
        2 * remainder > denominator || (2 * remainder == denominator && quotient % 2 == 1);
    quotient + u128::from(round_up)
}

/// One value of a statistics series: a decimal string, or null. Written straight into the
/// body; fixed-point values are printed from integers, which is much cheaper than formatting
/// a `Decimal` (there are thousands per request).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Null,
    /// `units × 10^-scale`, shown with exactly `scale` decimals.
    Fixed {
        units: u128,
        scale: u32,
    },
    Exact(Decimal),
}

impl Num {
    fn fixed(units: u128, scale: u32) -> Num {
        Num::Fixed { units, scale }
    }

    /// The value as a decimal (`None` for null), for tests and comparisons.
    pub fn to_decimal(self) -> Option<Decimal> {
        match self {
            Num::Null => None,
            Num::Fixed { units, scale } => i128::try_from(units)
                .ok()
                .and_then(|u| Decimal::try_from_i128_with_scale(u, scale).ok()),
            Num::Exact(value) => Some(value),
        }
    }
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Num::Null => f.write_str("null"),
            Num::Fixed { units, scale: 0 } => write!(f, "{units}"),
            Num::Fixed { units, scale } => {
                let one = 10u128.pow(scale);
                let width = scale as usize;
                write!(f, "{}.{:0width$}", units / one, units % one)
            }
            Num::Exact(value) => write!(f, "{value}"),
        }
    }
}

impl Serialize for Num {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Num::Null => s.serialize_none(),
            value => s.collect_str(value),
        }
    }
}

/// Sums of the calls in one bucket (or in all of them, for totals). Exact: integers, and the
/// price as a decimal.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sums {
    pub calls: u64,
    pub answered: u64,
    pub seconds: u64,
    pub price: Decimal,
}

impl Sums {
    /// Counts one call of the given price (its own, [`Call::price`]).
    pub fn add(&mut self, call: &Call, price: Decimal) {
        self.calls += 1;
        if call.answered {
            self.answered += 1;
            self.seconds += call.duration;
        }
        self.price += price;
    }

    fn merge(&mut self, other: &Sums) {
        self.calls += other.calls;
        self.answered += other.answered;
        self.seconds += other.seconds;
        self.price += other.price;
    }

    /// Minutes, 2 decimals.
    fn total_duration(&self) -> Num {
        Num::fixed(ratio(self.seconds, 60, 2), 2)
    }

    /// Average answered call, seconds, 2 decimals; null without answered calls.
    fn acd(&self) -> Num {
        match self.answered {
            0 => Num::Null,
            answered => Num::fixed(ratio(self.seconds, answered, 2), 2),
        }
    }

    /// Answered share in percent, like the real server's `round(answered / calls, 3) * 100`
    /// (so one decimal: 0.824 → 82.4, the same digits); null without calls.
    fn asr(&self) -> Num {
        match self.calls {
            0 => Num::Null,
            calls => Num::fixed(ratio(self.answered, calls, 3), 1),
        }
    }

    fn price(&self) -> Num {
        Num::Exact(self.price.normalize())
    }

    /// Calls per second over a bucket of `seconds`, 4 decimals.
    fn cps(&self, seconds: i64) -> Num {
        Num::fixed(ratio(self.calls, u64::try_from(seconds).unwrap_or(1), 4), 4)
    }
}

/// Seconds in one chunk of [`MinuteCache`].
const CHUNK_SECONDS: i64 = 3600;
const MINUTES_PER_CHUNK: usize = 60;
/// The cache forgets everything past this many chunks (about 8 MB), so many accounts or a
/// long uptime cannot grow it without bound.
const MAX_CACHED_CHUNKS: usize = 4096;

type Chunk = Arc<[Sums; MINUTES_PER_CHUNK]>;

/// Per-minute sums of every account's calls in each direction (unfiltered, priced), kept per
/// hour once the hour is wholly past: from then on its calls never change.
#[derive(Debug, Default)]
pub struct MinuteCache {
    chunks: Mutex<HashMap<(Direction, usize, i64), Chunk>>,
}

impl MinuteCache {
    /// The hour starting at `chunk * 3600`, if it is wholly past `now`.
    fn chunk(
        &self,
        data: &DataSet,
        direction: Direction,
        account: usize,
        chunk: i64,
        now: i64,
    ) -> Option<Chunk> {
        let start = chunk * CHUNK_SECONDS;
        if start + CHUNK_SECONDS > now + 1 {
            return None;
        }
        let lock = || {
            self.chunks
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        if let Some(found) = lock().get(&(direction, account, chunk)) {
            return Some(found.clone());
        }
        // Computed without the lock; two requests racing for one hour compute the same sums.
        let mut sums = [Sums::default(); MINUTES_PER_CHUNK];
        let end = start + CHUNK_SECONDS;
        CallHistory::of(data).for_each_call_of(direction, account, start, end, now, |call| {
            let minute = usize::try_from((call.start - start) / 60).unwrap_or(0);
            if let Some(slot) = sums.get_mut(minute) {
                slot.add(call, call.price(data));
            }
        });
        let chunk_sums: Chunk = Arc::new(sums);
        let mut chunks = lock();
        if chunks.len() >= MAX_CACHED_CHUNKS {
            chunks.clear();
        }
        chunks.insert((direction, account, chunk), chunk_sums.clone());
        Some(chunk_sums)
    }
}

/// Calls `f(minute start, sums)` with the sums of the account's calls in that direction in
/// `[from, end)` up to `now`, minute by minute (a minute cut by `from` or `end` may come in two
/// parts). Whole minutes of past hours come from the cache; the rest from the calls.
fn for_each_minute(
    source: StatsSource<'_>,
    direction: Direction,
    account: usize,
    from: i64,
    end: i64,
    now: i64,
    mut f: impl FnMut(i64, &Sums),
) {
    let data = source.data;
    let end = end.min(now.saturating_add(1));
    let walk_calls = |from: i64, to: i64, f: &mut dyn FnMut(i64, &Sums)| {
        if from >= to {
            return;
        }
        let mut minutes: BTreeMap<i64, Sums> = BTreeMap::new();
        CallHistory::of(data).for_each_call_of(direction, account, from, to, now, |call| {
            minutes
                .entry(call.start - call.start.rem_euclid(60))
                .or_default()
                .add(call, call.price(data));
        });
        for (minute, sums) in &minutes {
            f(*minute, sums);
        }
    };
    let mut t = from.max(CallHistory::of(data).starts_at());
    while t < end {
        let chunk = t.div_euclid(CHUNK_SECONDS);
        let chunk_start = chunk * CHUNK_SECONDS;
        let segment_end = end.min(chunk_start + CHUNK_SECONDS);
        match source.cache.chunk(data, direction, account, chunk, now) {
            Some(sums) => {
                // Whole minutes from the cache, the cut ones at either side from the calls.
                let first_whole = t + (60 - t.rem_euclid(60)) % 60;
                let last_whole_end = segment_end - segment_end.rem_euclid(60);
                if first_whole >= last_whole_end {
                    walk_calls(t, segment_end, &mut f);
                } else {
                    walk_calls(t, first_whole, &mut f);
                    for minute in (first_whole..last_whole_end).step_by(60) {
                        let index = usize::try_from((minute - chunk_start) / 60).unwrap_or(0);
                        if let Some(minute_sums) = sums.get(index) {
                            f(minute, minute_sums);
                        }
                    }
                    walk_calls(last_whole_end, segment_end, &mut f);
                }
            }
            None => walk_calls(t, segment_end, &mut f),
        }
        t = segment_end;
    }
}

/// The sums of each bucket with calls in the request's range.
fn collect_sums(source: StatsSource<'_>, request: &StatsRequest, now: i64) -> BTreeMap<i64, Sums> {
    let mut buckets: BTreeMap<i64, Sums> = BTreeMap::new();
    if request.filter.is_empty() {
        for_each_minute(
            source,
            request.direction,
            request.account,
            request.from,
            request.end(),
            now,
            |minute, sums| {
                if sums.calls > 0 {
                    buckets
                        .entry(bucket_start(minute, request.sampling))
                        .or_default()
                        .merge(sums);
                }
            },
        );
        return buckets;
    }
    let data = source.data;
    CallHistory::of(data).for_each_call_of(
        request.direction,
        request.account,
        request.from,
        request.end(),
        now,
        |call| {
            if request.filter.matches(call, data, request.account) {
                buckets
                    .entry(bucket_start(call.start, request.sampling))
                    .or_default()
                    .add(call, call.price(data));
            }
        },
    );
    buckets
}

/// A statistics body: parallel arrays, a count of rows, and totals where the endpoint has them.
#[derive(Debug, Serialize)]
pub struct Payload<D, T> {
    pub data: D,
    /// The length of the arrays on the sparse axis; on the filled axes (quality, active calls)
    /// the number of buckets that had data before the filling, as the real server may answer,
    /// so that a client never takes `rows` for the length.
    pub rows: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<T>,
}

#[derive(Debug, Default, Serialize)]
pub struct OriginationSeries<T> {
    pub t: T,
    pub total_calls: Vec<u64>,
    pub successful_calls: Vec<u64>,
    pub failed_calls: Vec<u64>,
    pub total_duration: Vec<Num>,
    pub acd: Vec<Num>,
    pub asr: Vec<Num>,
    pub total_price: Vec<Num>,
}

#[derive(Debug, Serialize)]
pub struct OriginationTotals {
    pub t: i64,
    pub total_calls: u64,
    pub successful_calls: u64,
    pub failed_calls: u64,
    pub total_duration: Num,
    pub acd: Num,
    pub asr: Num,
    pub total_price: Num,
}

/// `*-statistics`: only buckets with calls; totals over the whole range.
pub fn traffic(
    source: StatsSource<'_>,
    request: &StatsRequest,
    now: i64,
) -> Payload<OriginationSeries<Vec<i64>>, OriginationTotals> {
    let buckets = collect_sums(source, request, now);
    let mut totals = Sums::default();
    let mut series = OriginationSeries::<Vec<i64>>::default();
    for (t, sums) in &buckets {
        totals.merge(sums);
        series.t.push(*t);
        series.total_calls.push(sums.calls);
        series.successful_calls.push(sums.answered);
        series.failed_calls.push(sums.calls - sums.answered);
        series.total_duration.push(sums.total_duration());
        series.acd.push(sums.acd());
        series.asr.push(sums.asr());
        series.total_price.push(sums.price());
    }
    Payload {
        data: series,
        rows: buckets.len(),
        totals: Some(OriginationTotals {
            t: 0,
            total_calls: totals.calls,
            successful_calls: totals.answered,
            failed_calls: totals.calls - totals.answered,
            total_duration: totals.total_duration(),
            acd: totals.acd(),
            asr: totals.asr(),
            total_price: totals.price(),
        }),
    }
}

/// The filled axis from the bucket of `from` to the bucket of `now`, or `None` when too long.
fn filled_axis(from: i64, now: i64, sampling: Sampling) -> Option<Vec<i64>> {
    let size = sampling.seconds().unwrap_or(60);
    let first = bucket_start(from, sampling);
    let last = bucket_start(now, sampling);
    let count = usize::try_from((last - first) / size + 1).ok()?;
    (count <= MAX_POINTS).then(|| (0..count as i64).map(|i| first + i * size).collect())
}

#[derive(Debug, Serialize)]
pub struct QualitySeries {
    pub t: Vec<i64>,
    pub total_calls: Vec<u64>,
    pub acd: Vec<Num>,
    pub asr: Vec<Num>,
    pub cps: Vec<Num>,
}

#[derive(Debug, Serialize)]
pub struct QualityTotals {
    pub t: i64,
    pub total_calls: u64,
    pub acd: Num,
    pub asr: Num,
    pub cps: Num,
}

/// `*-statistics-quality`: every bucket up to now, zero rows where nothing happened
/// (and past `to-time`); totals over the whole range.
pub fn quality(
    source: StatsSource<'_>,
    request: &StatsRequest,
    now: i64,
) -> Option<Payload<QualitySeries, QualityTotals>> {
    let axis = filled_axis(request.from, now, request.sampling)?;
    let size = request.sampling.seconds().unwrap_or(60);
    let buckets = collect_sums(source, request, now);
    let empty = Sums::default();
    let mut totals = Sums::default();
    let mut series = QualitySeries {
        t: Vec::with_capacity(axis.len()),
        total_calls: Vec::with_capacity(axis.len()),
        acd: Vec::with_capacity(axis.len()),
        asr: Vec::with_capacity(axis.len()),
        cps: Vec::with_capacity(axis.len()),
    };
    for t in &axis {
        let sums = buckets.get(t).unwrap_or(&empty);
        totals.merge(sums);
        series.total_calls.push(sums.calls);
        series.acd.push(sums.acd());
        series.asr.push(sums.asr());
        series.cps.push(sums.cps(size));
    }
    series.t = axis;
    Some(Payload {
        rows: buckets.len(),
        data: series,
        totals: Some(QualityTotals {
            t: 0,
            total_calls: totals.calls,
            acd: totals.acd(),
            asr: totals.asr(),
            cps: totals.cps(size),
        }),
    })
}

/// Answered calls in progress at each minute mark `first + 60 * i` (`start <= mark < end`),
/// for `count` marks, counting calls that start before `end` and not after `now` and that
/// `keep` accepts.
#[allow(clippy::too_many_arguments)]
pub fn active_at_minute_marks(
    data: &DataSet,
    direction: Direction,
    account: usize,
    first: i64,
    count: usize,
    end: i64,
    now: i64,
    keep: impl Fn(&Call) -> bool,
) -> Vec<u64> {
    let mut diff = vec![0i64; count + 1];
    let last = count as i64 - 1;
    CallHistory::of(data).for_each_call_of(
        direction,
        account,
        first - MAX_CALL_SECONDS,
        end,
        now,
        |call| {
            if !call.answered || !keep(call) {
                return;
            }
            // Marks k with start <= first + 60k < end of the call.
            let low = (call.start - first).div_euclid(60)
                + i64::from((call.start - first).rem_euclid(60) != 0);
            let high = (call.end() - first - 1).div_euclid(60);
            let (low, high) = (low.max(0), high.min(last));
            if low <= high {
                diff[low as usize] += 1;
                diff[high as usize + 1] -= 1;
            }
        },
    );
    let mut running = 0i64;
    diff.iter()
        .take(count)
        .map(|step| {
            running += step;
            u64::try_from(running).unwrap_or(0)
        })
        .collect()
}

#[derive(Debug, Serialize)]
pub struct ActiveCallsSeries {
    pub t: Vec<i64>,
    pub calls: Vec<u64>,
}

/// `*-active-calls`: answered calls in progress at every minute up to now; zero past
/// `to-time`.
pub fn active_calls(
    source: StatsSource<'_>,
    request: &StatsRequest,
    now: i64,
) -> Option<Payload<ActiveCallsSeries, ()>> {
    let axis = filled_axis(request.from, now, Sampling::Minute)?;
    let first = *axis.first()?;
    let end = request.end();
    let mut calls = active_at_minute_marks(
        source.data,
        request.direction,
        request.account,
        first,
        axis.len(),
        end,
        now,
        |call| request.filter.matches(call, source.data, request.account),
    );
    for (mark, count) in axis.iter().zip(calls.iter_mut()) {
        if *mark >= end {
            *count = 0;
        }
    }
    Some(Payload {
        rows: calls.iter().filter(|n| **n > 0).count(),
        data: ActiveCallsSeries { t: axis, calls },
        totals: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// A data set and its minute cache, as the server holds them.
    struct Fixture {
        data: DataSet,
        cache: MinuteCache,
    }

    impl Fixture {
        fn new() -> Fixture {
            Fixture {
                data: DataSet::generate(1, Utc::now()),
                cache: MinuteCache::default(),
            }
        }

        fn source(&self) -> StatsSource<'_> {
            StatsSource {
                data: &self.data,
                cache: &self.cache,
            }
        }
    }

    fn now_seconds() -> i64 {
        Utc::now().timestamp()
    }

    /// Unfiltered, from `from` on.
    fn request(account: usize, from: i64, sampling: Sampling) -> StatsRequest {
        StatsRequest {
            direction: Direction::Originated,
            account,
            from,
            to: None,
            sampling,
            filter: CallFilter::default(),
        }
    }

    fn json(body: impl Serialize) -> Value {
        serde_json::to_value(body).unwrap()
    }

    #[test]
    fn ratios_round_half_to_even_with_a_fixed_scale() {
        let text = |n, d, dp| Num::fixed(ratio(n, d, dp), dp).to_string();
        assert_eq!(text(90, 60, 2), "1.50");
        assert_eq!(text(1, 3, 2), "0.33");
        assert_eq!(text(2, 3, 3), "0.667");
        assert_eq!(text(1, 8, 2), "0.12", "half to even");
        assert_eq!(text(3, 8, 2), "0.38", "half to even");
        assert_eq!(text(5, 0, 2), "5.00", "no division by zero");
        assert_eq!(text(7, 1, 0), "7");
        assert_eq!(text(u64::MAX, 1, 4), format!("{}.0000", u64::MAX));
        assert_eq!(
            Num::fixed(ratio(2, 3, 3), 1).to_decimal(),
            Some(Decimal::new(667, 1))
        );
        let sums = Sums {
            calls: 3,
            answered: 2,
            seconds: 125,
            price: Decimal::new(1050, 3),
        };
        let json = serde_json::to_string(&[
            sums.asr(),
            sums.acd(),
            sums.total_duration(),
            sums.cps(60),
            sums.price(),
            Sums::default().acd(),
        ])
        .unwrap();
        assert_eq!(json, r#"["66.7","62.50","2.08","0.0500","1.05",null]"#);
    }

    #[test]
    fn cached_and_walked_minutes_give_the_same_sums() {
        let fixture = Fixture::new();
        let now = now_seconds();
        let account = 2;
        // A range cut inside minutes at both ends, across past hours and the current one.
        let (from, end) = (now - 3 * 3600 - 17, now - 5);
        let mut cached: BTreeMap<i64, Sums> = BTreeMap::new();
        for _ in 0..2 {
            cached.clear();
            for_each_minute(
                fixture.source(),
                Direction::Originated,
                account,
                from,
                end,
                now,
                |minute, sums| cached.entry(minute).or_default().merge(sums),
            );
        }
        let mut walked: BTreeMap<i64, Sums> = BTreeMap::new();
        CallHistory::of(&fixture.data).for_each_call(account, from, end, now, |call| {
            walked
                .entry(call.start - call.start.rem_euclid(60))
                .or_default()
                .add(call, call.price(&fixture.data));
        });
        cached.retain(|_, sums| sums.calls > 0);
        assert_eq!(cached, walked);
        assert!(!fixture.cache.chunks.lock().unwrap().is_empty());
    }

    #[test]
    fn buckets_align_to_utc_calendar() {
        let t = Utc
            .with_ymd_and_hms(2026, 7, 15, 13, 47, 12)
            .unwrap()
            .timestamp();
        let at = |y, mo, d, h, mi| {
            Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
                .unwrap()
                .timestamp()
        };
        assert_eq!(bucket_start(t, Sampling::Minute), at(2026, 7, 15, 13, 47));
        assert_eq!(
            bucket_start(t, Sampling::FiveMinutes),
            at(2026, 7, 15, 13, 45)
        );
        assert_eq!(
            bucket_start(t, Sampling::FifteenMinutes),
            at(2026, 7, 15, 13, 45)
        );
        assert_eq!(bucket_start(t, Sampling::Hour), at(2026, 7, 15, 13, 0));
        assert_eq!(bucket_start(t, Sampling::Day), at(2026, 7, 15, 0, 0));
        assert_eq!(bucket_start(t, Sampling::Week), at(2026, 7, 13, 0, 0)); // a Monday
        assert_eq!(bucket_start(t, Sampling::Month), at(2026, 7, 1, 0, 0));
    }

    #[test]
    fn totals_agree_with_the_series_and_quality_with_origination() {
        let fixture = Fixture::new();
        let now = now_seconds();
        let request = request(0, now - 6 * 3600, Sampling::Minute);
        let stats = json(traffic(fixture.source(), &request, now));
        let sum = |v: &Value, name: &str| -> Decimal {
            v["data"][name]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| match x {
                    Value::Number(n) => Decimal::from(n.as_u64().unwrap()),
                    Value::String(s) => s.parse().unwrap(),
                    _ => Decimal::ZERO,
                })
                .sum()
        };
        let total = |v: &Value, name: &str| -> Decimal {
            match &v["totals"][name] {
                Value::Number(n) => Decimal::from(n.as_u64().unwrap()),
                Value::String(s) => s.parse().unwrap(),
                other => panic!("{name}: {other}"),
            }
        };
        for name in [
            "total_calls",
            "successful_calls",
            "failed_calls",
            "total_price",
        ] {
            assert_eq!(sum(&stats, name), total(&stats, name), "{name}");
        }
        let rows = stats["rows"].as_u64().unwrap() as usize;
        assert_eq!(rows, stats["data"]["t"].as_array().unwrap().len());
        assert!(
            (sum(&stats, "total_duration") - total(&stats, "total_duration")).abs()
                <= Decimal::new(5, 3) * Decimal::from(rows as u64)
        );
        assert!(
            stats["data"]["total_calls"]
                .as_array()
                .unwrap()
                .iter()
                .all(|n| n.as_u64().unwrap() > 0)
        );

        let quality = json(quality(fixture.source(), &request, now).unwrap());
        assert_eq!(total(&quality, "total_calls"), total(&stats, "total_calls"));
        // The buckets that had calls before the filling, here the sparse axis.
        assert_eq!(quality["rows"], stats["rows"]);
        assert_eq!(total(&quality, "acd"), total(&stats, "acd"));
        let axis = quality["data"]["t"].as_array().unwrap();
        assert_eq!(axis.len(), 6 * 60 + 1);
        assert!(
            axis.windows(2)
                .all(|w| w[1].as_i64().unwrap() - w[0].as_i64().unwrap() == 60)
        );
    }

    #[test]
    fn active_calls_count_calls_in_progress() {
        let fixture = Fixture::new();
        let now = now_seconds();
        let request = request(2, now - 3 * 3600, Sampling::Minute);
        let body = json(active_calls(fixture.source(), &request, now).unwrap());
        let axis: Vec<i64> = serde_json::from_value(body["data"]["t"].clone()).unwrap();
        let calls: Vec<i64> = serde_json::from_value(body["data"]["calls"].clone()).unwrap();
        assert_eq!(axis.len(), calls.len());
        // Check a few minute marks against a direct count.
        for index in [0, axis.len() / 2, axis.len() - 1] {
            let mark = axis[index];
            let mut expected = 0;
            CallHistory::of(&fixture.data).for_each_call(
                request.account,
                mark - MAX_CALL_SECONDS,
                mark + 1,
                now,
                |c| {
                    if c.answered && c.start <= mark && mark < c.end() {
                        expected += 1;
                    }
                },
            );
            assert_eq!(calls[index], expected, "at {mark}");
        }
        // `rows` counts the minutes with calls in progress, not the filled axis.
        let busy = calls.iter().filter(|n| **n > 0).count();
        assert_eq!(body["rows"].as_u64().unwrap() as usize, busy);
    }

    #[test]
    fn rows_of_a_filled_axis_are_the_buckets_that_had_data() {
        let fixture = Fixture::new();
        let now = now_seconds();
        // Two hours of calls, then an axis filled up to now: rows is less than its length.
        let mut request = request(0, now - 4 * 3600, Sampling::Minute);
        request.to = Some(now - 2 * 3600);
        let quality = json(quality(fixture.source(), &request, now).unwrap());
        let axis = quality["data"]["t"].as_array().unwrap().len();
        let with_calls = quality["data"]["total_calls"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n.as_u64().unwrap() > 0)
            .count();
        let rows = quality["rows"].as_u64().unwrap() as usize;
        assert_eq!(rows, with_calls);
        assert!(rows <= 121 && axis > 4 * 60, "{rows} of {axis}");
        // Zero past to-time: two hours of the axis never count.
        let active = json(active_calls(fixture.source(), &request, now).unwrap());
        let rows = active["rows"].as_u64().unwrap() as usize;
        assert!(rows + 2 * 60 <= active["data"]["t"].as_array().unwrap().len());
    }
}
