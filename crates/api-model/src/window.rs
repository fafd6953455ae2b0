//! The time window of a collection the server shows only recently (CDRs: the last 24 hours
//! unless the request bounds `time-start` from below): which window a list's filters ask for,
//! and the filters of another window. A window lives in the list's filters, so the URL (and a
//! bookmark of it) keeps it.

use crate::catalog::Window;
use crate::filters::{Filter, Operator};
use crate::resources::api_time;
use crate::stats::parse_time;
use chrono::{DateTime, TimeDelta, Utc};

/// The calls a list shows, by time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// No lower bound: the server's own recent window, up to `to` when the filters set one.
    Recent { to: Option<DateTime<Utc>> },
    /// From the lower bound the filters set, up to `to` when they set one.
    Between {
        from: DateTime<Utc>,
        to: Option<DateTime<Utc>>,
    },
}

/// The operators that bound the window from below and from above.
const LOWER: [Operator; 3] = [Operator::Gteq, Operator::Gt, Operator::Eq];
const UPPER: [Operator; 2] = [Operator::Lt, Operator::Lteq];

impl Window {
    fn bound(&self, filters: &[Filter], operators: &[Operator]) -> Option<DateTime<Utc>> {
        filters
            .iter()
            .filter(|f| f.field == self.field)
            .filter(|f| f.operator.is_some_and(|op| operators.contains(&op)))
            .find_map(|f| parse_time(&f.value))
    }

    /// The window these filters ask the server for.
    pub fn shown(&self, filters: &[Filter]) -> Shown {
        let to = self.bound(filters, &UPPER);
        match self.bound(filters, &LOWER) {
            Some(from) => Shown::Between { from, to },
            None => Shown::Recent { to },
        }
    }

    /// `[now - default_hours, now)`: what the server shows without a lower bound.
    pub fn recent(&self, now: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
        let from = now
            .checked_sub_signed(TimeDelta::hours(self.default_hours))
            .unwrap_or(now);
        (from, now)
    }

    /// The filters with their window replaced: `[from, to)` as `gteq` and `lt`, or none at all
    /// (the server's recent window). Other filters stay as they are, in their order.
    pub fn with_range(
        &self,
        filters: &[Filter],
        range: Option<(DateTime<Utc>, Option<DateTime<Utc>>)>,
    ) -> Vec<Filter> {
        let bounds: Vec<Operator> = LOWER.iter().chain(&UPPER).copied().collect();
        let mut kept: Vec<Filter> = filters
            .iter()
            .filter(|f| f.field != self.field || !f.operator.is_some_and(|op| bounds.contains(&op)))
            .cloned()
            .collect();
        if let Some((from, to)) = range {
            kept.push(Filter::new(
                self.field,
                Operator::Gteq,
                &api_time::format(&from),
            ));
            if let Some(to) = to {
                kept.push(Filter::new(
                    self.field,
                    Operator::Lt,
                    &api_time::format(&to),
                ));
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CDRS;

    fn time(text: &str) -> DateTime<Utc> {
        parse_time(text).unwrap()
    }

    fn window() -> Window {
        CDRS.window.unwrap()
    }

    #[test]
    fn without_a_lower_bound_the_server_shows_its_recent_window() {
        assert_eq!(window().shown(&[]), Shown::Recent { to: None });
        let only_upper = [Filter::new(
            "time-start",
            Operator::Lt,
            "2026-11-20T00:00:00.000Z",
        )];
        assert_eq!(
            window().shown(&only_upper),
            Shown::Recent {
                to: Some(time("2026-11-20T00:00:00Z"))
            }
        );
        // Another time field does not bound this window.
        let other = [Filter::new(
            "time-end",
            Operator::Gteq,
            "2026-11-20T00:00:00.000Z",
        )];
        assert_eq!(window().shown(&other), Shown::Recent { to: None });
    }

    #[test]
    fn a_window_replaces_the_old_one_and_keeps_other_filters() {
        let filters = vec![
            Filter::new("success", Operator::Eq, "true"),
            Filter::new("time-start", Operator::Gt, "2026-01-01T00:00:00.000Z"),
            Filter::new("time-start", Operator::Lteq, "2026-01-02T00:00:00.000Z"),
        ];
        let (from, to) = (time("2026-11-01T00:00:00Z"), time("2026-11-02T00:00:00Z"));
        let moved = window().with_range(&filters, Some((from, Some(to))));
        assert_eq!(
            moved,
            vec![
                Filter::new("success", Operator::Eq, "true"),
                Filter::new("time-start", Operator::Gteq, "2026-11-01T00:00:00.000Z"),
                Filter::new("time-start", Operator::Lt, "2026-11-02T00:00:00.000Z"),
            ]
        );
        assert_eq!(
            window().shown(&moved),
            Shown::Between { from, to: Some(to) }
        );
        let back = window().with_range(&moved, None);
        assert_eq!(back, vec![Filter::new("success", Operator::Eq, "true")]);
        assert!(!window().bounded_by(back.iter().map(|f| f.field.as_str())));
    }

    #[test]
    fn the_recent_window_is_the_declared_hours_before_now() {
        let now = time("2026-11-24T12:00:00Z");
        assert_eq!(window().recent(now), (time("2026-11-23T12:00:00Z"), now));
    }
}
