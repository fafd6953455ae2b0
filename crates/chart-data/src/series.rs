//! A statistics payload as numbers to draw, and its exact values for tooltips.
//!
//! Payload series may be missing, shorter or longer than the time axis (deployments differ); here
//! they are made to line up with `t` so drawing code can index freely.

use api_model::stats::StatsPayload;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

/// A payload's series as drawable numbers. `f64` is for pixels only; exact values stay
/// `Decimal` in the payload (see [`exact_at`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Drawable {
    /// Sample times in unix seconds.
    pub t: Vec<f64>,
    /// Each requested series by name, exactly as long as `t`; `None` is a gap.
    pub values: Vec<(String, Vec<Option<f64>>)>,
}

/// The named series of `payload` aligned with its time axis: a missing series is all gaps, a
/// shorter one is padded with gaps, a longer one is truncated to `t`'s length.
pub fn drawable(payload: &StatsPayload, names: &[&str]) -> Drawable {
    let len = payload.t.len();
    let values = names
        .iter()
        .map(|&name| {
            let series = payload.series(name).unwrap_or(&[]);
            let numbers = (0..len)
                .map(|i| {
                    series
                        .get(i)
                        .and_then(|m| m.0)
                        .and_then(|d| pixel_value(&d))
                })
                .collect();
            (name.to_owned(), numbers)
        })
        .collect();
    Drawable {
        t: payload.t.iter().map(|&seconds| seconds as f64).collect(),
        values,
    }
}

fn pixel_value(value: &Decimal) -> Option<f64> {
    value.to_f64().filter(|v| v.is_finite())
}

/// Index of the sample nearest to `x` (`xs` ascending, as from [`drawable`]), for hovering;
/// the earlier one on a tie. `None` when `xs` is empty or `x` is NaN.
pub fn nearest_index(xs: &[f64], x: f64) -> Option<usize> {
    if xs.is_empty() || x.is_nan() {
        return None;
    }
    let after = xs.partition_point(|&v| v < x);
    if after == 0 {
        return Some(0);
    }
    if after == xs.len() {
        return Some(xs.len() - 1);
    }
    let before = after - 1;
    // A NaN sample compares false, so it falls back to the earlier index.
    let after_is_closer = (xs[after] - x) < (x - xs[before]);
    Some(if after_is_closer { after } else { before })
}

/// The exact value of series `name` at sample `index`, for tooltips: `None` for a gap, a missing
/// series, or an index outside the time axis (like [`drawable`], values beyond `t` don't count).
pub fn exact_at(payload: &StatsPayload, name: &str, index: usize) -> Option<Decimal> {
    if index >= payload.t.len() {
        return None;
    }
    payload.series(name)?.get(index)?.0
}

/// The lowest, highest and average value of one series, exact, over the samples that have a
/// value: a chart's summary in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesSummary {
    /// Samples with a value (gaps are left out).
    pub count: usize,
    pub min: Decimal,
    pub max: Decimal,
    /// Rounded to three decimal places.
    pub mean: Decimal,
}

/// The [`SeriesSummary`] of series `name`; `None` when it has no value at all. Like
/// [`drawable`], values beyond the time axis do not count.
pub fn summarize(payload: &StatsPayload, name: &str) -> Option<SeriesSummary> {
    let values: Vec<Decimal> = payload
        .series(name)?
        .iter()
        .take(payload.t.len())
        .filter_map(|m| m.0)
        .collect();
    let first = *values.first()?;
    let (min, max, sum) = values
        .iter()
        .fold((first, first, Decimal::ZERO), |(min, max, sum), &v| {
            (min.min(v), max.max(v), sum.saturating_add(v))
        });
    let mean = (sum / Decimal::from(values.len())).round_dp(3).normalize();
    Some(SeriesSummary {
        count: values.len(),
        min,
        max,
        mean,
    })
}

/// Min and max of the finite values of several series (the value axis's extent); `None` when
/// there are none.
pub fn value_bounds(values: &[&[Option<f64>]]) -> Option<(f64, f64)> {
    values
        .iter()
        .flat_map(|series| series.iter().flatten())
        .filter(|v| v.is_finite())
        .fold(None, |bounds, &v| match bounds {
            None => Some((v, v)),
            Some((low, high)) => Some((v.min(low), v.max(high))),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_model::number::Metric;
    use std::str::FromStr;

    fn metrics(values: &[Option<&str>]) -> Vec<Metric> {
        values
            .iter()
            .map(|v| Metric(v.map(|text| Decimal::from_str(text).unwrap())))
            .collect()
    }

    fn payload() -> StatsPayload {
        let mut payload = StatsPayload {
            t: vec![60, 120, 180],
            rows: 3,
            ..StatsPayload::default()
        };
        let series = [
            ("acd", metrics(&[Some("4.84"), None, Some("4.82")])),
            ("asr", metrics(&[Some("85.5")])),
            (
                "cps",
                metrics(&[Some("1"), Some("2"), Some("3"), Some("4")]),
            ),
        ];
        for (name, values) in series {
            payload.series.insert(name.to_owned(), values);
        }
        payload
    }

    #[test]
    fn drawable_pads_truncates_and_tolerates_missing_series() {
        let data = drawable(&payload(), &["acd", "asr", "cps", "absent"]);
        assert_eq!(data.t, [60.0, 120.0, 180.0]);
        let values: Vec<(&str, &[Option<f64>])> = data
            .values
            .iter()
            .map(|(name, v)| (name.as_str(), v.as_slice()))
            .collect();
        assert_eq!(
            values,
            [
                ("acd", &[Some(4.84), None, Some(4.82)][..]),
                ("asr", &[Some(85.5), None, None][..]),
                ("cps", &[Some(1.0), Some(2.0), Some(3.0)][..]),
                ("absent", &[None, None, None][..]),
            ]
        );
    }

    #[test]
    fn drawable_of_an_empty_payload_is_empty() {
        let empty = StatsPayload::default();
        let data = drawable(&empty, &["acd"]);
        assert!(data.t.is_empty());
        assert_eq!(data.values, [("acd".to_owned(), vec![])]);
        assert_eq!(drawable(&empty, &[]), Drawable::default());
    }

    #[test]
    fn exact_values_stay_decimal_and_respect_the_time_axis() {
        let payload = payload();
        assert_eq!(exact_at(&payload, "acd", 2).unwrap().to_string(), "4.82");
        assert_eq!(exact_at(&payload, "acd", 1), None);
        assert_eq!(exact_at(&payload, "asr", 1), None);
        assert_eq!(exact_at(&payload, "cps", 3), None, "beyond t");
        assert_eq!(exact_at(&payload, "absent", 0), None);
        assert_eq!(exact_at(&StatsPayload::default(), "acd", 0), None);
    }

    #[test]
    fn nearest_index_picks_the_closer_neighbour() {
        let xs = [0.0, 60.0, 120.0, 180.0];
        assert_eq!(nearest_index(&xs, -1e9), Some(0));
        assert_eq!(nearest_index(&xs, 29.0), Some(0));
        assert_eq!(nearest_index(&xs, 30.0), Some(0), "tie goes to the earlier");
        assert_eq!(nearest_index(&xs, 31.0), Some(1));
        assert_eq!(nearest_index(&xs, 120.0), Some(2));
        assert_eq!(nearest_index(&xs, f64::INFINITY), Some(3));
        assert_eq!(nearest_index(&xs, f64::NAN), None);
        assert_eq!(nearest_index(&[], 5.0), None);
        assert_eq!(nearest_index(&[f64::NAN, f64::NAN], 5.0), Some(0));
    }

    #[test]
    fn summaries_leave_out_gaps_and_values_beyond_the_time_axis() {
        let payload = payload();
        let acd = summarize(&payload, "acd").unwrap();
        assert_eq!(acd.count, 2);
        assert_eq!(acd.min.to_string(), "4.82");
        assert_eq!(acd.max.to_string(), "4.84");
        assert_eq!(acd.mean.to_string(), "4.83");
        let cps = summarize(&payload, "cps").unwrap();
        assert_eq!(
            (cps.count, cps.max.to_string()),
            (3, "3".to_owned()),
            "beyond t"
        );
        assert_eq!(cps.mean.to_string(), "2");
        let thirds = StatsPayload {
            t: vec![1, 2, 3],
            series: [("x".to_owned(), metrics(&[Some("1"), Some("0"), Some("0")]))].into(),
            ..StatsPayload::default()
        };
        assert_eq!(summarize(&thirds, "x").unwrap().mean.to_string(), "0.333");
        assert_eq!(summarize(&payload, "absent"), None);
        let gaps = StatsPayload {
            t: vec![1],
            series: [("x".to_owned(), metrics(&[None]))].into(),
            ..StatsPayload::default()
        };
        assert_eq!(summarize(&gaps, "x"), None);
    }

    #[test]
    fn value_bounds_ignore_gaps_and_non_finite_values() {
        let a = [Some(3.0), None, Some(f64::NAN)];
        let b = [Some(-2.0), Some(f64::INFINITY), Some(7.5)];
        assert_eq!(value_bounds(&[&a, &b]), Some((-2.0, 7.5)));
        assert_eq!(value_bounds(&[&[None, Some(f64::NAN)]]), None);
        assert_eq!(value_bounds(&[]), None);
    }
}
