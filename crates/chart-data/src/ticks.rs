//! Axis ticks: round values people read at a glance, and times on wall-clock boundaries of the
//! user's zone (a tick at local midnight, not at UTC midnight).

use crate::ZoneRules;
use chrono::{
    DateTime, Datelike, Days, Months, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike, Utc,
};

/// More ticks than any axis can show; larger requests are capped so odd input cannot make huge
/// vectors.
const TICKS_CAP: usize = 1000;

// ---------------------------------------------------------------------------------------------
// Value ticks

/// Multiples of a power of ten that read as round numbers.
const NICE_MULTIPLES: [f64; 4] = [1.0, 2.0, 2.5, 5.0];

/// Integers beyond this are not exact in `f64`, so tick positions would no longer be distinct.
const EXACT_INTEGER_LIMIT: f64 = 9_007_199_254_740_992.0;

/// "Nice" value ticks (steps of 1, 2, 2.5 or 5 × 10ⁿ) from at or below `min` to at or above
/// `max`, at most `max_ticks` of them, with the finest step that fits.
///
/// A flat range (`min == max`) is padded by 10% of the value (±1 around zero) so the line sits
/// mid-axis. `min > max` is read swapped. Nothing for non-finite bounds or `max_ticks < 2` (one
/// tick cannot cover a range); just the (padded) range's two ends where no nice step fits
/// (values near the limits of `f64` or of its precision).
pub fn value_ticks(min: f64, max: f64, max_ticks: usize) -> Vec<f64> {
    let max_ticks = max_ticks.min(TICKS_CAP);
    if max_ticks < 2 || !min.is_finite() || !max.is_finite() {
        return Vec::new();
    }
    let (low, high) = padded(min.min(max), min.max(max));
    nice_ticks(low, high, max_ticks).unwrap_or_else(|| vec![low, high])
}

/// "Nice" value ticks inside `[min, max]` (an axis' labelled values), at most `max_ticks` of
/// them, with the finest step that fits: [`value_ticks`] with its ends beyond the range left
/// out. Nothing for non-finite bounds.
pub fn ticks_within(min: f64, max: f64, max_ticks: usize) -> Vec<f64> {
    if !min.is_finite() || !max.is_finite() {
        return Vec::new();
    }
    let (low, high) = (min.min(max), min.max(max));
    let inside = |ticks: Vec<f64>| -> Vec<f64> {
        ticks
            .into_iter()
            .filter(|t| low <= *t && *t <= high)
            .collect()
    };
    // Covering ticks reach one step beyond each end: two more of them may fit inside.
    let finer = inside(value_ticks(low, high, max_ticks.saturating_add(2)));
    if finer.len() <= max_ticks {
        finer
    } else {
        inside(value_ticks(low, high, max_ticks))
    }
}

fn padded(low: f64, high: f64) -> (f64, f64) {
    if low < high {
        return (low, high);
    }
    let pad = if low == 0.0 {
        1.0
    } else {
        (low.abs() * 0.1).max(f64::MIN_POSITIVE)
    };
    ((low - pad).max(-f64::MAX), (high + pad).min(f64::MAX))
}

fn nice_ticks(low: f64, high: f64, max_ticks: usize) -> Option<Vec<f64>> {
    let intervals = (max_ticks - 1) as f64;
    // Divided before subtracting so that a span wider than f64::MAX does not overflow.
    let smallest_step = high / intervals - low / intervals;
    if !(smallest_step > 0.0 && smallest_step.is_finite()) {
        return None;
    }
    let first_exponent = smallest_step.log10().floor() as i32;
    // A step at least `smallest_step` fits within two decades at most; a few more for rounding.
    (first_exponent..first_exponent + 4)
        .flat_map(|exponent| NICE_MULTIPLES.map(|multiple| NiceStep { multiple, exponent }))
        .find_map(|step| step.ticks(low, high, max_ticks))
}

/// `multiple × 10^exponent`, kept apart so ticks are computed as `k × multiple / 10^-exponent`:
/// one rounding, so ticks print as `0.3` rather than `0.30000000000000004`.
#[derive(Clone, Copy)]
struct NiceStep {
    multiple: f64,
    exponent: i32,
}

impl NiceStep {
    fn tick(self, k: f64) -> f64 {
        let scale = 10f64.powi(self.exponent.abs());
        if self.exponent >= 0 {
            k * self.multiple * scale
        } else {
            k * self.multiple / scale
        }
    }

    /// The ticks covering `[low, high]` with this step, `None` when more than `max_ticks` or not
    /// representable.
    fn ticks(self, low: f64, high: f64, max_ticks: usize) -> Option<Vec<f64>> {
        let step = self.tick(1.0);
        if !(step > 0.0 && step.is_finite()) {
            return None;
        }
        let mut first = (low / step).floor();
        let mut last = (high / step).ceil();
        if !(first.abs() < EXACT_INTEGER_LIMIT && last.abs() < EXACT_INTEGER_LIMIT) {
            return None;
        }
        if self.tick(first) > low {
            first -= 1.0;
        }
        if self.tick(last) < high {
            last += 1.0;
        }
        if last - first + 1.0 > max_ticks as f64 {
            return None;
        }
        let ticks: Vec<f64> = (0..=(last - first) as usize)
            .map(|i| self.tick(first + i as f64))
            .collect();
        let usable = ticks.iter().all(|t| t.is_finite()) && ticks.windows(2).all(|w| w[0] < w[1]);
        usable.then_some(ticks)
    }
}

// ---------------------------------------------------------------------------------------------
// Time ticks

/// A tick interval. Up to an hour, ticks are spaced in real time (so a repeated hour at a
/// daylight-saving change still gets its ticks); longer steps follow the wall clock (so they stay
/// on 00:00, 03:00, … and midnights across a change).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TimeStep {
    Minutes(u32),
    Hours(u32),
    Day,
    /// Starting on Mondays, as ISO weeks do.
    Week,
    Months(u32),
    Years(u32),
}

/// Candidate steps, finest first. Beyond the month, quarters, half-years and 1-2-5 years keep
/// long ranges within `max_ticks`.
const TIME_STEPS: [TimeStep; 31] = {
    use TimeStep::*;
    [
        Minutes(1),
        Minutes(5),
        Minutes(15),
        Minutes(30),
        Hours(1),
        Hours(3),
        Hours(6),
        Hours(12),
        Day,
        Week,
        Months(1),
        Months(3),
        Months(6),
        Years(1),
        Years(2),
        Years(5),
        Years(10),
        Years(20),
        Years(50),
        Years(100),
        Years(200),
        Years(500),
        Years(1_000),
        Years(2_000),
        Years(5_000),
        Years(10_000),
        Years(20_000),
        Years(50_000),
        Years(100_000),
        Years(200_000),
        Years(500_000),
    ]
};

impl TimeStep {
    /// Twice the step's usual length, more than it can ever last (months, daylight saving): a
    /// safe bound to skip, without generating them, steps that certainly give too many ticks.
    fn upper_bound_seconds(self) -> i64 {
        let nominal = match self {
            TimeStep::Minutes(m) => i64::from(m) * 60,
            TimeStep::Hours(h) => i64::from(h) * 3600,
            TimeStep::Day => 86_400,
            TimeStep::Week => 7 * 86_400,
            TimeStep::Months(m) => i64::from(m) * 28 * 86_400,
            TimeStep::Years(y) => i64::from(y) * 365 * 86_400,
        };
        nominal * 2
    }

    /// Spaced in real time (UTC) rather than on the wall clock.
    fn real_time_length(self) -> Option<TimeDelta> {
        match self {
            TimeStep::Minutes(m) => Some(TimeDelta::minutes(i64::from(m))),
            TimeStep::Hours(1) => Some(TimeDelta::hours(1)),
            _ => None,
        }
    }

    /// The latest step boundary at or before `local`.
    fn floor(self, local: NaiveDateTime) -> Option<NaiveDateTime> {
        let date = local.date();
        match self {
            TimeStep::Minutes(m) => {
                let minute_of_day = local.hour() * 60 + local.minute();
                let floored = minute_of_day - minute_of_day % m;
                date.and_hms_opt(floored / 60, floored % 60, 0)
            }
            TimeStep::Hours(h) => date.and_hms_opt(local.hour() - local.hour() % h, 0, 0),
            TimeStep::Week => {
                let since_monday = u64::from(date.weekday().num_days_from_monday());
                Some(
                    date.checked_sub_days(Days::new(since_monday))?
                        .and_time(NaiveTime::MIN),
                )
            }
            TimeStep::Day => Some(date.and_time(NaiveTime::MIN)),
            TimeStep::Months(m) => {
                let month0 = date.month0() - date.month0() % m;
                Some(NaiveDate::from_ymd_opt(date.year(), month0 + 1, 1)?.and_time(NaiveTime::MIN))
            }
            TimeStep::Years(y) => {
                let year = date.year().div_euclid(y as i32) * y as i32;
                Some(NaiveDate::from_ymd_opt(year, 1, 1)?.and_time(NaiveTime::MIN))
            }
        }
    }

    /// The next boundary on the wall clock.
    fn next_local(self, local: NaiveDateTime) -> Option<NaiveDateTime> {
        match self {
            TimeStep::Minutes(m) => local.checked_add_signed(TimeDelta::minutes(i64::from(m))),
            TimeStep::Hours(h) => local.checked_add_signed(TimeDelta::hours(i64::from(h))),
            TimeStep::Day => local.checked_add_days(Days::new(1)),
            TimeStep::Week => local.checked_add_days(Days::new(7)),
            TimeStep::Months(m) => local.checked_add_months(Months::new(m)),
            TimeStep::Years(y) => local.checked_add_months(Months::new(y.checked_mul(12)?)),
        }
    }

    fn is_sub_day(self) -> bool {
        matches!(self, TimeStep::Minutes(_) | TimeStep::Hours(_))
    }
}

/// Time ticks for `[from, to]` (unix seconds; `from > to` is read swapped), at most `max_ticks`,
/// with the finest of 1/5/15/30 min, 1/3/6/12 h, 1 day, 1 week (Mondays), 1 month that fits —
/// then 3/6 months and 1, 2, 5, 10… years for very long ranges. Ticks sit on wall-clock
/// boundaries of `zone` and carry labels that fit the step:
///
/// - under a day: `14:30`, with the date (`Jul 02 00:00`) on the first tick and whenever the
///   local day changes;
/// - days and weeks: `Jul 02`; months: `2026-07`; years: `2026`.
///
/// Times outside chrono's range are clamped to it. Empty when `max_ticks` is 0 or when not even
/// the coarsest step fits.
pub fn time_ticks(
    from: i64,
    to: i64,
    max_ticks: usize,
    zone: &dyn ZoneRules,
) -> Vec<(i64, String)> {
    time_ticks_with(from, to, max_ticks, zone, &english_month_day)
}

/// [`time_ticks`] with the month-and-day labels of a language: `month_day(month0, day)`
/// (`month0` counts from 0 for January), such as `05 лип.` for 5 July in Ukrainian.
pub fn time_ticks_with(
    from: i64,
    to: i64,
    max_ticks: usize,
    zone: &dyn ZoneRules,
    month_day: &dyn Fn(u32, u32) -> String,
) -> Vec<(i64, String)> {
    let max_ticks = max_ticks.min(TICKS_CAP);
    let (from, to) = (clamp_to_chrono(from.min(to)), clamp_to_chrono(from.max(to)));
    let span = (to - from).num_seconds();
    TIME_STEPS
        .into_iter()
        .filter(|step| span / step.upper_bound_seconds() <= max_ticks as i64 + 1)
        .find_map(|step| Some((step, ticks_for_step(step, from, to, max_ticks, zone)?)))
        .map(|(step, ticks)| labelled(step, &ticks, zone, month_day))
        .unwrap_or_default()
}

fn clamp_to_chrono(seconds: i64) -> DateTime<Utc> {
    let earliest = DateTime::<Utc>::MIN_UTC.timestamp();
    let latest = DateTime::<Utc>::MAX_UTC.timestamp();
    DateTime::from_timestamp(seconds.clamp(earliest, latest), 0).unwrap_or_default()
}

/// The step's ticks within `[from, to]`, strictly increasing; `None` when there would be more
/// than `max_ticks`.
fn ticks_for_step(
    step: TimeStep,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    max_ticks: usize,
    zone: &dyn ZoneRules,
) -> Option<Vec<DateTime<Utc>>> {
    let local_from = zone.to_local(from);
    // Near the start of chrono's range the boundary before `from` may not exist; the one after
    // it does.
    let start = step
        .floor(local_from)
        .or_else(|| step.floor(step.next_local(local_from)?))?;
    let mut candidates = TickWalk {
        step,
        local: Some(start),
        utc: Some(zone.to_utc(start)),
        zone,
    };
    let mut ticks: Vec<DateTime<Utc>> = Vec::new();
    // Room for boundaries before `from` and for repeats a zone may produce, yet always finite.
    for _ in 0..2 * max_ticks + 8 {
        let Some(tick) = candidates.next() else {
            return Some(ticks);
        };
        if tick > to {
            return Some(ticks);
        }
        if tick >= from && ticks.last().is_none_or(|&last| last < tick) {
            if ticks.len() == max_ticks {
                return None;
            }
            ticks.push(tick);
        }
    }
    None
}

/// Successive step boundaries as UTC instants, in real time or on the wall clock (see
/// [`TimeStep`]).
struct TickWalk<'a> {
    step: TimeStep,
    local: Option<NaiveDateTime>,
    utc: Option<DateTime<Utc>>,
    zone: &'a dyn ZoneRules,
}

impl Iterator for TickWalk<'_> {
    type Item = DateTime<Utc>;

    fn next(&mut self) -> Option<DateTime<Utc>> {
        match self.step.real_time_length() {
            Some(length) => {
                let current = self.utc?;
                self.utc = current.checked_add_signed(length);
                Some(current)
            }
            None => {
                let current = self.local?;
                self.local = self.step.next_local(current);
                Some(self.zone.to_utc(current))
            }
        }
    }
}

const MONTH_ABBREVIATIONS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `Jul 05`: the labels of [`time_ticks`].
pub fn english_month_day(month0: u32, day: u32) -> String {
    let month = MONTH_ABBREVIATIONS[month0 as usize % 12];
    format!("{month} {day:02}")
}

fn labelled(
    step: TimeStep,
    ticks: &[DateTime<Utc>],
    zone: &dyn ZoneRules,
    month_day: &dyn Fn(u32, u32) -> String,
) -> Vec<(i64, String)> {
    let mut previous_day: Option<NaiveDate> = None;
    ticks
        .iter()
        .map(|&tick| {
            let local = zone.to_local(tick);
            let day_changed = previous_day != Some(local.date());
            previous_day = Some(local.date());
            (tick.timestamp(), label(step, local, day_changed, month_day))
        })
        .collect()
}

fn label(
    step: TimeStep,
    local: NaiveDateTime,
    day_changed: bool,
    month_day: &dyn Fn(u32, u32) -> String,
) -> String {
    let month_day = || month_day(local.month0(), local.day());
    match step {
        _ if step.is_sub_day() => {
            let time = format!("{:02}:{:02}", local.hour(), local.minute());
            if day_changed {
                format!("{} {time}", month_day())
            } else {
                time
            }
        }
        TimeStep::Day | TimeStep::Week => month_day(),
        TimeStep::Months(_) => format!("{:04}-{:02}", local.year(), local.month()),
        _ => format!("{:04}", local.year()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UtcRules;
    use crate::test_zones::*;

    fn seconds(text: &str) -> i64 {
        utc(text).timestamp()
    }

    /// Ticks as `(RFC 3339 instant, label)` for readable assertions.
    fn shown(
        from: &str,
        to: &str,
        max_ticks: usize,
        zone: &dyn ZoneRules,
    ) -> Vec<(String, String)> {
        time_ticks(seconds(from), seconds(to), max_ticks, zone)
            .into_iter()
            .map(|(t, label)| {
                let instant = DateTime::from_timestamp(t, 0).unwrap();
                (instant.format("%Y-%m-%dT%H:%MZ").to_string(), label)
            })
            .collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected
            .iter()
            .map(|(t, l)| (t.to_string(), l.to_string()))
            .collect()
    }

    fn labels(ticks: &[(String, String)]) -> Vec<&str> {
        ticks.iter().map(|(_, l)| l.as_str()).collect()
    }

    // --- value ticks

    fn assert_nice_cover(min: f64, max: f64, max_ticks: usize) -> Vec<f64> {
        let ticks = value_ticks(min, max, max_ticks);
        assert!(
            ticks.len() >= 2 && ticks.len() <= max_ticks,
            "{min}..{max}: {ticks:?}"
        );
        assert!(
            ticks[0] <= min.min(max) && *ticks.last().unwrap() >= min.max(max),
            "{min}..{max}: {ticks:?}"
        );
        assert!(ticks.windows(2).all(|w| w[0] < w[1]), "{ticks:?}");
        ticks
    }

    #[test]
    fn value_ticks_are_nice_and_cover_the_range() {
        assert_eq!(
            assert_nice_cover(0.0, 97.0, 6),
            [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert_eq!(assert_nice_cover(0.0, 9.0, 5), [0.0, 2.5, 5.0, 7.5, 10.0]);
        assert_eq!(
            assert_nice_cover(0.013, 0.061, 6),
            [0.0, 0.02, 0.04, 0.06, 0.08]
        );
        assert_eq!(
            assert_nice_cover(-3.2, 7.9, 7),
            [-4.0, -2.0, 0.0, 2.0, 4.0, 6.0, 8.0]
        );
        assert_eq!(assert_nice_cover(0.0, 0.3, 4), [0.0, 0.1, 0.2, 0.3]);
        assert_eq!(
            assert_nice_cover(1200.0, 86_500.0, 5),
            [0.0, 25_000.0, 50_000.0, 75_000.0, 100_000.0]
        );
        assert_eq!(
            assert_nice_cover(9.0, 1.0, 6),
            [0.0, 2.0, 4.0, 6.0, 8.0, 10.0],
            "swapped"
        );
    }

    #[test]
    fn ticks_within_stay_inside_the_range_with_the_finest_step() {
        assert_eq!(
            ticks_within(0.0, 10.5, 6),
            vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
        );
        assert_eq!(
            ticks_within(0.0, 10.5, 12),
            (0..=10).map(f64::from).collect::<Vec<_>>()
        );
        assert_eq!(ticks_within(0.3, 1.0, 4), vec![0.4, 0.6, 0.8, 1.0]);
        assert_eq!(ticks_within(10.5, 0.0, 6), ticks_within(0.0, 10.5, 6));
        assert_eq!(ticks_within(0.0, 10.5, 0), Vec::<f64>::new());
        assert_eq!(ticks_within(f64::NAN, 1.0, 6), Vec::<f64>::new());
        let mut random = Rng(7);
        for _ in 0..2000 {
            let (a, b) = (random.unit() * 2e4 - 1e4, random.unit() * 1e3);
            let max_ticks = 2 + random.below(10) as usize;
            let ticks = ticks_within(a, a + b, max_ticks);
            assert!(ticks.len() <= max_ticks, "{a} {b} {max_ticks}: {ticks:?}");
            assert!(
                ticks.iter().all(|t| a <= *t && *t <= a + b),
                "{a} {b}: {ticks:?}"
            );
            assert!(ticks.windows(2).all(|w| w[0] < w[1]), "{a} {b}: {ticks:?}");
        }
    }

    #[test]
    fn value_ticks_pad_a_flat_range() {
        assert_eq!(assert_nice_cover(0.0, 0.0, 5), [-1.0, -0.5, 0.0, 0.5, 1.0]);
        assert_eq!(
            assert_nice_cover(50.0, 50.0, 6),
            [45.0, 47.5, 50.0, 52.5, 55.0]
        );
        assert_eq!(assert_nice_cover(-2.0, -2.0, 3), [-2.2, -2.0, -1.8]);
    }

    #[test]
    fn value_ticks_odd_input() {
        assert!(value_ticks(f64::NAN, 1.0, 5).is_empty());
        assert!(value_ticks(0.0, f64::INFINITY, 5).is_empty());
        assert!(value_ticks(0.0, 1.0, 1).is_empty());
        assert!(value_ticks(0.0, 1.0, 0).is_empty());
        assert_nice_cover(-f64::MAX, f64::MAX, 5);
        assert_nice_cover(f64::MAX, f64::MAX, 5);
        assert_nice_cover(1e15, 1e15 + 0.5, 5);
        assert_nice_cover(5e-324, 5e-324, 5);
        assert_nice_cover(0.0, 1.0, usize::MAX);
    }

    #[test]
    fn value_ticks_random_ranges_cover_within_the_limit() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let scale = 10f64.powi(rng.below(40) as i32 - 20);
            let a = (rng.unit() - 0.5) * scale;
            let b = if rng.below(10) == 0 {
                a
            } else {
                a + rng.unit() * scale * rng.unit()
            };
            assert_nice_cover(a, b, 2 + rng.below(15) as usize);
        }
    }

    // --- time ticks

    #[test]
    fn one_hour_in_utc_and_plus3() {
        assert_eq!(
            shown("2026-07-02T08:00:00Z", "2026-07-02T09:00:00Z", 7, &UtcRules),
            pairs(&[
                ("2026-07-02T08:00Z", "Jul 02 08:00"),
                ("2026-07-02T08:15Z", "08:15"),
                ("2026-07-02T08:30Z", "08:30"),
                ("2026-07-02T08:45Z", "08:45"),
                ("2026-07-02T09:00Z", "09:00"),
            ])
        );
        assert_eq!(
            shown("2026-07-02T20:07:00Z", "2026-07-02T21:07:00Z", 7, &plus3()),
            pairs(&[
                ("2026-07-02T20:15Z", "Jul 02 23:15"),
                ("2026-07-02T20:30Z", "23:30"),
                ("2026-07-02T20:45Z", "23:45"),
                ("2026-07-02T21:00Z", "Jul 03 00:00"),
            ])
        );
        let fine = shown(
            "2026-07-02T08:00:00Z",
            "2026-07-02T09:00:00Z",
            13,
            &UtcRules,
        );
        assert_eq!(fine.len(), 13);
        assert_eq!(fine[1].1, "08:05");
    }

    #[test]
    fn one_day_in_utc_and_plus3() {
        assert_eq!(
            labels(&shown(
                "2026-07-02T00:00:00Z",
                "2026-07-03T00:00:00Z",
                10,
                &UtcRules
            )),
            [
                "Jul 02 00:00",
                "03:00",
                "06:00",
                "09:00",
                "12:00",
                "15:00",
                "18:00",
                "21:00",
                "Jul 03 00:00"
            ]
        );
        let local = shown("2026-07-02T00:00:00Z", "2026-07-03T00:00:00Z", 10, &plus3());
        assert_eq!(
            labels(&local),
            [
                "Jul 02 03:00",
                "06:00",
                "09:00",
                "12:00",
                "15:00",
                "18:00",
                "21:00",
                "Jul 03 00:00",
                "03:00"
            ]
        );
        assert_eq!(local[7].0, "2026-07-02T21:00Z");
        assert_eq!(
            labels(&shown(
                "2026-07-02T00:00:00Z",
                "2026-07-03T00:00:00Z",
                5,
                &UtcRules
            )),
            ["Jul 02 00:00", "06:00", "12:00", "18:00", "Jul 03 00:00"]
        );
    }

    #[test]
    fn seven_days_in_utc_and_plus3() {
        let days = [
            "Jul 01", "Jul 02", "Jul 03", "Jul 04", "Jul 05", "Jul 06", "Jul 07", "Jul 08",
        ];
        assert_eq!(
            labels(&shown(
                "2026-07-01T00:00:00Z",
                "2026-07-08T00:00:00Z",
                10,
                &UtcRules
            )),
            days
        );
        let local = shown("2026-06-30T21:00:00Z", "2026-07-07T21:00:00Z", 10, &plus3());
        assert_eq!(labels(&local), days);
        assert_eq!(local[0].0, "2026-06-30T21:00Z");
        assert_eq!(
            labels(&shown(
                "2026-07-01T00:00:00Z",
                "2026-07-08T00:00:00Z",
                20,
                &UtcRules
            ))[..3],
            ["Jul 01 00:00", "12:00", "Jul 02 00:00"]
        );
    }

    #[test]
    fn thirty_days_in_utc_and_plus3() {
        // 2026-06-01 is a Monday.
        let mondays = ["Jun 01", "Jun 08", "Jun 15", "Jun 22", "Jun 29"];
        assert_eq!(
            labels(&shown(
                "2026-06-01T00:00:00Z",
                "2026-07-01T00:00:00Z",
                10,
                &UtcRules
            )),
            mondays
        );
        let local = shown("2026-05-31T21:00:00Z", "2026-06-30T21:00:00Z", 10, &plus3());
        assert_eq!(labels(&local), mondays);
        assert_eq!(local[1].0, "2026-06-07T21:00Z");
        assert_eq!(
            shown(
                "2026-06-01T00:00:00Z",
                "2026-07-01T00:00:00Z",
                31,
                &UtcRules
            )
            .len(),
            31
        );
    }

    #[test]
    fn one_year_in_utc_and_plus3() {
        assert_eq!(
            labels(&shown(
                "2026-01-01T00:00:00Z",
                "2027-01-01T00:00:00Z",
                13,
                &UtcRules
            )),
            [
                "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07",
                "2026-08", "2026-09", "2026-10", "2026-11", "2026-12", "2027-01"
            ]
        );
        assert_eq!(
            shown(
                "2026-01-01T00:00:00Z",
                "2027-01-01T00:00:00Z",
                12,
                &UtcRules
            ),
            pairs(&[
                ("2026-01-01T00:00Z", "2026-01"),
                ("2026-04-01T00:00Z", "2026-04"),
                ("2026-07-01T00:00Z", "2026-07"),
                ("2026-10-01T00:00Z", "2026-10"),
                ("2027-01-01T00:00Z", "2027-01"),
            ])
        );
        let local = shown("2025-12-31T21:00:00Z", "2026-12-31T21:00:00Z", 13, &plus3());
        assert_eq!(local.len(), 13);
        assert_eq!(
            local[0],
            ("2025-12-31T21:00Z".to_owned(), "2026-01".to_owned())
        );
        assert_eq!(
            local[12],
            ("2026-12-31T21:00Z".to_owned(), "2027-01".to_owned())
        );
    }

    #[test]
    fn hour_steps_stay_on_the_wall_clock_across_a_dst_change() {
        let zone = OneChange {
            change: utc("2026-03-29T01:00:00Z"),
            before_hours: 2,
            after_hours: 3,
        };
        let ticks = shown("2026-03-28T22:00:00Z", "2026-03-29T21:00:00Z", 9, &zone);
        assert_eq!(
            labels(&ticks),
            [
                "Mar 29 00:00",
                "04:00",
                "06:00",
                "09:00",
                "12:00",
                "15:00",
                "18:00",
                "21:00",
                "Mar 30 00:00"
            ]
        );
        assert_eq!(
            ticks[1].0, "2026-03-29T01:00Z",
            "03:00 does not exist: read as 04:00"
        );
        assert_eq!(ticks[2].0, "2026-03-29T03:00Z");
    }

    #[test]
    fn minute_steps_tick_through_a_repeated_hour() {
        let zone = OneChange {
            change: utc("2026-10-25T01:00:00Z"),
            before_hours: 3,
            after_hours: 2,
        };
        let ticks = time_ticks(
            seconds("2026-10-25T00:00:00Z"),
            seconds("2026-10-25T02:00:00Z"),
            9,
            &zone,
        );
        let labels: Vec<&str> = ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Oct 25 03:00",
                "03:15",
                "03:30",
                "03:45",
                "03:00",
                "03:15",
                "03:30",
                "03:45",
                "04:00"
            ]
        );
        assert!(ticks.windows(2).all(|w| w[1].0 - w[0].0 == 900));
    }

    #[test]
    fn time_ticks_odd_input() {
        assert!(time_ticks(0, 3600, 0, &UtcRules).is_empty());
        assert_eq!(
            time_ticks(3600, 0, 5, &UtcRules),
            time_ticks(0, 3600, 5, &UtcRules)
        );
        assert_eq!(
            time_ticks(60, 60, 5, &UtcRules),
            [(60, "Jan 01 00:01".to_owned())]
        );
        assert!(
            time_ticks(30, 40, 5, &UtcRules).is_empty(),
            "no boundary inside"
        );
        let everything = time_ticks(i64::MIN, i64::MAX, 10, &plus3());
        assert!(!everything.is_empty() && everything.len() <= 10);
    }

    #[test]
    fn time_ticks_random_ranges_stay_ordered_inside_and_within_the_limit() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let zones: [&dyn ZoneRules; 3] = [
            &UtcRules,
            &plus3(),
            &OneChange {
                change: utc("2026-03-29T01:00:00Z"),
                before_hours: 2,
                after_hours: 3,
            },
        ];
        for _ in 0..3000 {
            let from = seconds("2026-03-20T00:00:00Z") + rng.below(40 * 86_400) as i64;
            let span = match rng.below(4) {
                0 => rng.below(7200),
                1 => rng.below(40 * 86_400),
                2 => rng.below(3 * 365 * 86_400),
                _ => rng.next_u64() >> 1,
            } as i64;
            let to = from.saturating_add(span);
            let max_ticks = rng.below(16) as usize;
            let zone = zones[rng.below(3) as usize];
            let ticks = time_ticks(from, to, max_ticks, zone);
            assert!(ticks.len() <= max_ticks);
            assert!(ticks.windows(2).all(|w| w[0].0 < w[1].0));
            let last = to.min(DateTime::<Utc>::MAX_UTC.timestamp());
            assert!(
                ticks
                    .iter()
                    .all(|(t, label)| (from..=last).contains(t) && !label.is_empty())
            );
        }
    }
}
