//! Named time ranges of the statistics form ("Today", "Last month", …), resolved in the user's
//! zone so "today" starts at the user's midnight, not UTC's.

use crate::ZoneRules;
use chrono::{DateTime, Datelike, Days, Months, NaiveDate, NaiveTime, TimeDelta, Utc};

/// A named range, kept in the page's URL by [`Preset::as_str`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    LastHour,
    Today,
    Yesterday,
    Last7Days,
    ThisMonth,
    LastMonth,
}

impl Preset {
    /// Every preset, in the order the range picker lists them.
    pub const ALL: [Preset; 6] = [
        Preset::LastHour,
        Preset::Today,
        Preset::Yesterday,
        Preset::Last7Days,
        Preset::ThisMonth,
        Preset::LastMonth,
    ];

    /// The stable name used in URLs.
    pub fn as_str(self) -> &'static str {
        match self {
            Preset::LastHour => "last-hour",
            Preset::Today => "today",
            Preset::Yesterday => "yesterday",
            Preset::Last7Days => "last-7-days",
            Preset::ThisMonth => "this-month",
            Preset::LastMonth => "last-month",
        }
    }

    /// The preset named by [`Preset::as_str`] (surrounding spaces ignored), `None` otherwise.
    pub fn parse(text: &str) -> Option<Preset> {
        let text = text.trim();
        Preset::ALL.into_iter().find(|p| p.as_str() == text)
    }

    /// English text for the range picker.
    pub fn label(self) -> &'static str {
        match self {
            Preset::LastHour => "Last hour",
            Preset::Today => "Today",
            Preset::Yesterday => "Yesterday",
            Preset::Last7Days => "Last 7 days",
            Preset::ThisMonth => "This month",
            Preset::LastMonth => "Last month",
        }
    }
}

/// `[from, to)` in UTC for a preset at `now`, with boundaries at local midnights and month starts
/// of `zone`:
///
/// - `LastHour`: `[now - 1h, now)`;
/// - `Today`: `[local midnight today, now)`;
/// - `Yesterday`: `[midnight yesterday, midnight today)`;
/// - `Last7Days`: `[midnight 6 days ago, now)`, seven calendar days including today;
/// - `ThisMonth`: `[1st of this month 00:00, now)`;
/// - `LastMonth`: `[1st of last month, 1st of this month)`.
///
/// `from <= to` always holds: should a zone put a boundary after `now` (a midnight repeated by a
/// daylight-saving change), `from` is `to`. At the ends of chrono's range, a boundary that cannot
/// be computed collapses onto its neighbour rather than failing.
pub fn range(
    preset: Preset,
    now: DateTime<Utc>,
    zone: &dyn ZoneRules,
) -> (DateTime<Utc>, DateTime<Utc>) {
    let today = zone.to_local(now).date();
    let midnight = |date: NaiveDate| zone.to_utc(date.and_time(NaiveTime::MIN));
    let (from, to) = match preset {
        Preset::LastHour => (
            now.checked_sub_signed(TimeDelta::hours(1)).unwrap_or(now),
            now,
        ),
        Preset::Today => (midnight(today), now),
        Preset::Yesterday => (midnight(days_before(today, 1)), midnight(today)),
        Preset::Last7Days => (midnight(days_before(today, 6)), now),
        Preset::ThisMonth => (midnight(first_of_month(today)), now),
        Preset::LastMonth => {
            let this_month = first_of_month(today);
            (midnight(month_before(this_month)), midnight(this_month))
        }
    };
    (from.min(to), to)
}

fn days_before(date: NaiveDate, days: u64) -> NaiveDate {
    date.checked_sub_days(Days::new(days)).unwrap_or(date)
}

fn first_of_month(date: NaiveDate) -> NaiveDate {
    date.with_day(1).unwrap_or(date)
}

fn month_before(date: NaiveDate) -> NaiveDate {
    date.checked_sub_months(Months::new(1)).unwrap_or(date)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_zones::*;
    use crate::{FixedRules, UtcRules};
    use chrono::NaiveDateTime;

    /// Asserts every preset's range at `now` against `[from, to)` written as RFC 3339.
    fn assert_ranges(zone: &dyn ZoneRules, now: &str, expected: [(Preset, &str, &str); 6]) {
        for (preset, from, to) in expected {
            assert_eq!(
                range(preset, utc(now), zone),
                (utc(from), utc(to)),
                "{preset:?} at {now}"
            );
        }
    }

    #[test]
    fn names_round_trip_and_labels_are_english() {
        for preset in Preset::ALL {
            assert_eq!(Preset::parse(preset.as_str()), Some(preset));
        }
        assert_eq!(Preset::parse(" last-7-days "), Some(Preset::Last7Days));
        assert_eq!(Preset::parse("Last 7 days"), None);
        assert_eq!(Preset::Last7Days.label(), "Last 7 days");
        assert_eq!(Preset::LastHour.as_str(), "last-hour");
    }

    #[test]
    fn utc_mid_month() {
        let now = "2026-07-15T10:20:00Z";
        assert_ranges(
            &UtcRules,
            now,
            [
                (Preset::LastHour, "2026-07-15T09:20:00Z", now),
                (Preset::Today, "2026-07-15T00:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2026-07-14T00:00:00Z",
                    "2026-07-15T00:00:00Z",
                ),
                (Preset::Last7Days, "2026-07-09T00:00:00Z", now),
                (Preset::ThisMonth, "2026-07-01T00:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2026-06-01T00:00:00Z",
                    "2026-07-01T00:00:00Z",
                ),
            ],
        );
    }

    #[test]
    fn utc_year_rollover() {
        let now = "2026-01-01T00:30:00Z";
        assert_ranges(
            &UtcRules,
            now,
            [
                (Preset::LastHour, "2025-12-31T23:30:00Z", now),
                (Preset::Today, "2026-01-01T00:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2025-12-31T00:00:00Z",
                    "2026-01-01T00:00:00Z",
                ),
                (Preset::Last7Days, "2025-12-26T00:00:00Z", now),
                (Preset::ThisMonth, "2026-01-01T00:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2025-12-01T00:00:00Z",
                    "2026-01-01T00:00:00Z",
                ),
            ],
        );
    }

    #[test]
    fn utc_leap_day_rollover() {
        let now = "2028-03-01T10:00:00Z";
        assert_ranges(
            &UtcRules,
            now,
            [
                (Preset::LastHour, "2028-03-01T09:00:00Z", now),
                (Preset::Today, "2028-03-01T00:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2028-02-29T00:00:00Z",
                    "2028-03-01T00:00:00Z",
                ),
                (Preset::Last7Days, "2028-02-24T00:00:00Z", now),
                (Preset::ThisMonth, "2028-03-01T00:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2028-02-01T00:00:00Z",
                    "2028-03-01T00:00:00Z",
                ),
            ],
        );
    }

    #[test]
    fn plus3_mid_month() {
        // 2026-07-15 13:20 local.
        let now = "2026-07-15T10:20:00Z";
        assert_ranges(
            &plus3(),
            now,
            [
                (Preset::LastHour, "2026-07-15T09:20:00Z", now),
                (Preset::Today, "2026-07-14T21:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2026-07-13T21:00:00Z",
                    "2026-07-14T21:00:00Z",
                ),
                (Preset::Last7Days, "2026-07-08T21:00:00Z", now),
                (Preset::ThisMonth, "2026-06-30T21:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2026-05-31T21:00:00Z",
                    "2026-06-30T21:00:00Z",
                ),
            ],
        );
    }

    #[test]
    fn plus3_new_year_half_past_midnight_is_already_january() {
        // 2026-01-01 00:30 local, still 2025 in UTC: last month is December 2025 local.
        let now = "2025-12-31T21:30:00Z";
        assert_ranges(
            &plus3(),
            now,
            [
                (Preset::LastHour, "2025-12-31T20:30:00Z", now),
                (Preset::Today, "2025-12-31T21:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2025-12-30T21:00:00Z",
                    "2025-12-31T21:00:00Z",
                ),
                (Preset::Last7Days, "2025-12-25T21:00:00Z", now),
                (Preset::ThisMonth, "2025-12-31T21:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2025-11-30T21:00:00Z",
                    "2025-12-31T21:00:00Z",
                ),
            ],
        );
    }

    fn eastern_europe_spring() -> OneChange {
        // 03:00 local (+02:00) becomes 04:00 (+03:00).
        OneChange {
            change: utc("2026-03-29T01:00:00Z"),
            before_hours: 2,
            after_hours: 3,
        }
    }

    #[test]
    fn dst_day_of_the_change_mixes_offsets() {
        // 2026-03-29 15:00 local (+03:00); midnight was still +02:00.
        let now = "2026-03-29T12:00:00Z";
        assert_ranges(
            &eastern_europe_spring(),
            now,
            [
                (Preset::LastHour, "2026-03-29T11:00:00Z", now),
                (Preset::Today, "2026-03-28T22:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2026-03-27T22:00:00Z",
                    "2026-03-28T22:00:00Z",
                ),
                (Preset::Last7Days, "2026-03-22T22:00:00Z", now),
                (Preset::ThisMonth, "2026-02-28T22:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2026-01-31T22:00:00Z",
                    "2026-02-28T22:00:00Z",
                ),
            ],
        );
    }

    #[test]
    fn dst_last_month_spans_the_change() {
        // 2026-04-01 00:30 local (+03:00): March began at +02:00 and is one hour short.
        let now = "2026-03-31T21:30:00Z";
        let zone = eastern_europe_spring();
        assert_ranges(
            &zone,
            now,
            [
                (Preset::LastHour, "2026-03-31T20:30:00Z", now),
                (Preset::Today, "2026-03-31T21:00:00Z", now),
                (
                    Preset::Yesterday,
                    "2026-03-30T21:00:00Z",
                    "2026-03-31T21:00:00Z",
                ),
                (Preset::Last7Days, "2026-03-25T22:00:00Z", now),
                (Preset::ThisMonth, "2026-03-31T21:00:00Z", now),
                (
                    Preset::LastMonth,
                    "2026-02-28T22:00:00Z",
                    "2026-03-31T21:00:00Z",
                ),
            ],
        );
        let (from, to) = range(Preset::LastMonth, utc(now), &zone);
        assert_eq!(to - from, TimeDelta::days(31) - TimeDelta::hours(1));
    }

    #[test]
    fn dst_skipped_midnight_starts_today_when_the_clock_jumps() {
        // Midnight -03:00 becomes 01:00 -02:00, so local 00:00 never happens on 2026-10-04.
        let zone = OneChange {
            change: utc("2026-10-04T03:00:00Z"),
            before_hours: -3,
            after_hours: -2,
        };
        let now = utc("2026-10-04T12:00:00Z");
        assert_eq!(
            range(Preset::Today, now, &zone),
            (utc("2026-10-04T03:00:00Z"), now)
        );
        assert_eq!(
            range(Preset::Yesterday, now, &zone),
            (utc("2026-10-03T03:00:00Z"), utc("2026-10-04T03:00:00Z"))
        );
    }

    /// Rules that put every local time in the far future, as a broken zone might.
    struct FutureZone;

    impl ZoneRules for FutureZone {
        fn to_utc(&self, _local: NaiveDateTime) -> DateTime<Utc> {
            DateTime::<Utc>::MAX_UTC
        }

        fn to_local(&self, utc: DateTime<Utc>) -> NaiveDateTime {
            utc.naive_utc()
        }
    }

    #[test]
    fn ranges_stay_ordered_with_odd_zones_and_extreme_instants() {
        let extremes = [
            DateTime::<Utc>::MIN_UTC,
            DateTime::<Utc>::MAX_UTC,
            utc("2026-07-02T08:00:00Z"),
        ];
        let fixed = FixedRules(chrono::FixedOffset::west_opt(12 * 3600).unwrap());
        let zones: [&dyn ZoneRules; 4] = [&UtcRules, &plus3(), &fixed, &FutureZone];
        for zone in zones {
            for now in extremes {
                for preset in Preset::ALL {
                    let (from, to) = range(preset, now, zone);
                    assert!(from <= to, "{preset:?} at {now}");
                }
            }
        }
    }
}
