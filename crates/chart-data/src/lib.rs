//! The data side of the portal's statistics charts: time ranges of presets, axis ticks,
//! decimated polylines, tooltip values and CSV export.
//!
//! Everything is pure so it is tested natively and runs unchanged in the browser (wasm32): no
//! I/O, no clock (the caller passes "now"), no time-zone database (the caller passes
//! [`ZoneRules`]). Odd input (empty or mismatched arrays, NaN, times outside chrono's range,
//! `from > to`) gives empty or partial results, never a panic.

pub mod csv;
pub mod decimate;
pub mod presets;
pub mod series;
pub mod ticks;

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeDelta, Utc};

/// Wall-clock rules of a time zone, supplied by the caller so this crate needs no zone database:
/// the portal implements it with the browser's `Date` for the local zone (with its daylight-saving
/// changes); [`UtcRules`] and [`FixedRules`] cover zones without changes.
pub trait ZoneRules {
    /// The UTC instant of a local wall-clock time.
    ///
    /// A time that does not exist (skipped by a daylight-saving change) or exists twice is the
    /// implementation's choice; what JavaScript's `Date` does is recommended, and this crate's
    /// tests model it: a skipped time is read with the offset in force before the change (so it
    /// lands just after the gap), a repeated time is the earlier instant. Callers here only need
    /// an answer, not a particular one: ranges and ticks stay ordered whatever it is.
    fn to_utc(&self, local: NaiveDateTime) -> DateTime<Utc>;

    /// The local wall-clock time of a UTC instant.
    fn to_local(&self, utc: DateTime<Utc>) -> NaiveDateTime;
}

/// UTC itself, for users who chose to see UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UtcRules;

impl ZoneRules for UtcRules {
    fn to_utc(&self, local: NaiveDateTime) -> DateTime<Utc> {
        local.and_utc()
    }

    fn to_local(&self, utc: DateTime<Utc>) -> NaiveDateTime {
        utc.naive_utc()
    }
}

/// A zone with one constant offset (no daylight saving), such as `+03:00`.
///
/// Near the ends of chrono's range, where shifting by the offset would overflow, times are kept
/// unshifted rather than failing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedRules(pub FixedOffset);

impl FixedRules {
    fn offset(&self) -> TimeDelta {
        TimeDelta::seconds(i64::from(self.0.local_minus_utc()))
    }
}

impl ZoneRules for FixedRules {
    fn to_utc(&self, local: NaiveDateTime) -> DateTime<Utc> {
        local
            .checked_sub_signed(self.offset())
            .unwrap_or(local)
            .and_utc()
    }

    fn to_local(&self, utc: DateTime<Utc>) -> NaiveDateTime {
        let naive = utc.naive_utc();
        naive.checked_add_signed(self.offset()).unwrap_or(naive)
    }
}

/// Zones and time helpers shared by the unit tests.
#[cfg(test)]
pub(crate) mod test_zones {
    use super::{FixedRules, ZoneRules};
    use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeDelta, Utc};

    /// A zone whose offset changes once, at the instant `change`, like one daylight-saving
    /// transition. It resolves local times as JavaScript's `Date` does: a skipped time with the
    /// offset before the change, a repeated time as the earlier instant.
    pub struct OneChange {
        pub change: DateTime<Utc>,
        pub before_hours: i64,
        pub after_hours: i64,
    }

    impl ZoneRules for OneChange {
        fn to_utc(&self, local: NaiveDateTime) -> DateTime<Utc> {
            let with_before = (local - TimeDelta::hours(self.before_hours)).and_utc();
            let with_after = (local - TimeDelta::hours(self.after_hours)).and_utc();
            match (with_before < self.change, with_after >= self.change) {
                (true, true) => with_before.min(with_after),
                (false, true) => with_after,
                _ => with_before,
            }
        }

        fn to_local(&self, utc: DateTime<Utc>) -> NaiveDateTime {
            let hours = if utc < self.change {
                self.before_hours
            } else {
                self.after_hours
            };
            utc.naive_utc() + TimeDelta::hours(hours)
        }
    }

    pub fn plus3() -> FixedRules {
        FixedRules(FixedOffset::east_opt(3 * 3600).unwrap())
    }

    /// `2026-07-02T08:00:00Z`-style UTC instant.
    pub fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .with_timezone(&Utc)
    }

    /// `2026-07-02 08:00`-style local wall-clock time.
    pub fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Deterministic pseudo-random numbers (xorshift64*) for no-panic loops without extra crates.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// Uniform-ish in `0..bound` (0 when `bound` is 0).
        pub fn below(&mut self, bound: u64) -> u64 {
            self.next_u64().checked_rem(bound).unwrap_or(0)
        }

        /// In `[0, 1)`.
        pub fn unit(&mut self) -> f64 {
            (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_zones::*;
    use super::*;

    #[test]
    fn fixed_rules_shift_both_ways_and_survive_range_ends() {
        let zone = plus3();
        assert_eq!(
            zone.to_local(utc("2026-07-02T21:30:00Z")),
            local("2026-07-03 00:30")
        );
        assert_eq!(
            zone.to_utc(local("2026-07-03 00:30")),
            utc("2026-07-02T21:30:00Z")
        );
        assert_eq!(
            zone.to_local(DateTime::<Utc>::MAX_UTC),
            DateTime::<Utc>::MAX_UTC.naive_utc()
        );
        assert_eq!(
            zone.to_utc(NaiveDateTime::MIN),
            NaiveDateTime::MIN.and_utc()
        );
    }

    #[test]
    fn test_zone_resolves_gaps_forward_and_overlaps_to_the_earlier_instant() {
        let spring = OneChange {
            change: utc("2026-03-29T01:00:00Z"),
            before_hours: 2,
            after_hours: 3,
        };
        assert_eq!(
            spring.to_utc(local("2026-03-29 03:30")),
            utc("2026-03-29T01:30:00Z")
        );
        let autumn = OneChange {
            change: utc("2026-10-25T01:00:00Z"),
            before_hours: 3,
            after_hours: 2,
        };
        assert_eq!(
            autumn.to_utc(local("2026-10-25 03:30")),
            utc("2026-10-25T00:30:00Z")
        );
        assert_eq!(
            autumn.to_local(utc("2026-10-25T01:30:00Z")),
            local("2026-10-25 03:30")
        );
    }
}
