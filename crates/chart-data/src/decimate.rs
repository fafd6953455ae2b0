//! Fewer points for drawing: a month of one-minute samples is 43,200 points, far more than a
//! canvas has pixels, and drawing them all makes the chart slow without making it more exact.

use std::ops::Range;

/// Largest-triangle-three-buckets: picks `threshold` points that keep the visual shape of a line
/// (peaks and dips survive, unlike plain striding). Points are `(xs[i], ys[i])` with `xs`
/// ascending; arrays of unequal length are read up to the shorter one.
///
/// Returns the kept indices in ascending order, always including the first and the last. When
/// `threshold >= len` or `threshold < 3` (too few to have a middle), all indices. NaN values do
/// not panic; a bucket whose areas are all NaN keeps its first point.
pub fn lttb_indices(xs: &[f64], ys: &[f64], threshold: usize) -> Vec<usize> {
    let len = xs.len().min(ys.len());
    if threshold >= len || threshold < 3 {
        return (0..len).collect();
    }
    let buckets = Buckets {
        inner_points: len - 2,
        count: threshold - 2,
    };
    let mut kept = Vec::with_capacity(threshold);
    kept.push(0);
    let mut anchor = 0;
    for bucket in 0..buckets.count {
        let candidates = buckets.range(bucket);
        let next = if bucket + 1 < buckets.count {
            buckets.range(bucket + 1)
        } else {
            len - 1..len
        };
        let target = mean_point(xs, ys, next);
        anchor = largest_triangle(xs, ys, anchor, target, candidates);
        kept.push(anchor);
    }
    kept.push(len - 1);
    kept
}

/// The points between the first and the last, split into `count` nearly equal buckets.
struct Buckets {
    inner_points: usize,
    count: usize,
}

impl Buckets {
    /// Indices of bucket `bucket`; every bucket is non-empty because `count < inner_points`.
    fn range(&self, bucket: usize) -> Range<usize> {
        self.start(bucket)..self.start(bucket + 1)
    }

    fn start(&self, bucket: usize) -> usize {
        // u128 so that `bucket * inner_points` cannot overflow, on wasm32 either.
        let offset = bucket as u128 * self.inner_points as u128 / self.count as u128;
        1 + offset as usize
    }
}

fn mean_point(xs: &[f64], ys: &[f64], indices: Range<usize>) -> (f64, f64) {
    let count = indices.len().max(1) as f64;
    let (sum_x, sum_y) = indices.fold((0.0, 0.0), |(sx, sy), i| (sx + xs[i], sy + ys[i]));
    (sum_x / count, sum_y / count)
}

/// The candidate forming the largest triangle with the previously kept point and `target`.
fn largest_triangle(
    xs: &[f64],
    ys: &[f64],
    anchor: usize,
    target: (f64, f64),
    candidates: Range<usize>,
) -> usize {
    let (ax, ay) = (xs[anchor], ys[anchor]);
    let (tx, ty) = target;
    let mut best = candidates.start;
    let mut best_area = f64::NEG_INFINITY;
    for i in candidates {
        // Twice the triangle's area; the factor does not change which is largest.
        let area = ((ax - tx) * (ys[i] - ay) - (ax - xs[i]) * (ty - ay)).abs();
        if area > best_area {
            best = i;
            best_area = area;
        }
    }
    best
}

/// A series with gaps as polylines to draw: one polyline per run of consecutive finite values
/// (`None`, NaN and infinite values — in `ys` or `xs` — are gaps, so no line bridges a gap).
///
/// Each run is decimated with [`lttb_indices`] so that the total is at most about `max_points`:
/// every run keeps its first and last point (a lone point stays a one-point polyline), and the
/// rest of the budget is shared in proportion to run length. The total is therefore at most
/// `max(max_points, Σ min(run length, 2))` — only many tiny runs can exceed `max_points`.
pub fn polylines(xs: &[f64], ys: &[Option<f64>], max_points: usize) -> Vec<Vec<(f64, f64)>> {
    let runs = finite_runs(xs, ys);
    let lengths: Vec<usize> = runs.iter().map(Range::len).collect();
    let allowances = share_budget(&lengths, max_points);
    runs.into_iter()
        .zip(allowances)
        .map(|(run, allowance)| decimate_run(&xs[run.clone()], &ys[run], allowance))
        .collect()
}

fn is_drawable(x: f64, y: Option<f64>) -> bool {
    x.is_finite() && y.is_some_and(f64::is_finite)
}

/// Maximal index ranges whose points are all drawable.
fn finite_runs(xs: &[f64], ys: &[Option<f64>]) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, (&x, &y)) in xs.iter().zip(ys).enumerate() {
        match (is_drawable(x, y), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push(s..xs.len().min(ys.len()));
    }
    runs
}

/// Points allowed per run: its ends are guaranteed, the remaining budget is split by the length
/// beyond them (rounded down, so the shares never add up to more than the budget).
fn share_budget(lengths: &[usize], max_points: usize) -> Vec<usize> {
    let total: usize = lengths.iter().sum();
    let ends: Vec<usize> = lengths.iter().map(|&len| len.min(2)).collect();
    let reserved: usize = ends.iter().sum();
    let extra_total = total - reserved;
    if total <= max_points || extra_total == 0 {
        return lengths.to_vec();
    }
    let spare = max_points.saturating_sub(reserved) as u128;
    lengths
        .iter()
        .zip(ends)
        .map(|(&len, end_points)| {
            let extra = (len - end_points) as u128 * spare / extra_total as u128;
            end_points + extra as usize
        })
        .collect()
}

fn decimate_run(xs: &[f64], ys: &[Option<f64>], allowance: usize) -> Vec<(f64, f64)> {
    let values: Vec<f64> = ys.iter().map(|y| y.unwrap_or(f64::NAN)).collect();
    let kept = if allowance == 2 && xs.len() > 2 {
        vec![0, xs.len() - 1]
    } else {
        lttb_indices(xs, &values, allowance)
    };
    kept.into_iter().map(|i| (xs[i], values[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_zones::Rng;

    fn minutes(count: usize) -> Vec<f64> {
        (0..count)
            .map(|i| 1_780_000_000.0 + 60.0 * i as f64)
            .collect()
    }

    fn point_count(lines: &[Vec<(f64, f64)>]) -> usize {
        lines.iter().map(Vec::len).sum()
    }

    #[test]
    fn lttb_keeps_ends_and_returns_threshold_ascending_indices() {
        let xs = minutes(1000);
        let ys: Vec<f64> = (0..1000).map(|i| (i as f64 / 37.0).sin()).collect();
        let kept = lttb_indices(&xs, &ys, 50);
        assert_eq!(kept.len(), 50);
        assert_eq!((kept[0], kept[49]), (0, 999));
        assert!(kept.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn lttb_keeps_a_single_spike_in_flat_data() {
        let xs = minutes(500);
        let mut ys = vec![10.0; 500];
        ys[311] = 90.0;
        assert!(lttb_indices(&xs, &ys, 20).contains(&311));
        ys[311] = -90.0;
        assert!(lttb_indices(&xs, &ys, 3).contains(&311));
    }

    #[test]
    fn lttb_returns_everything_when_nothing_to_drop() {
        let xs = minutes(10);
        let ys = vec![1.0; 10];
        let all: Vec<usize> = (0..10).collect();
        assert_eq!(lttb_indices(&xs, &ys, 10), all);
        assert_eq!(lttb_indices(&xs, &ys, 10_000), all);
        assert_eq!(lttb_indices(&xs, &ys, 2), all);
        assert_eq!(lttb_indices(&xs, &ys, 0), all);
        assert_eq!(
            lttb_indices(&xs[..4], &ys, 3).len(),
            3,
            "reads up to the shorter array"
        );
        assert!(lttb_indices(&[], &[], 5).is_empty());
    }

    #[test]
    fn lttb_survives_nan_and_infinity() {
        let xs = minutes(100);
        let ys: Vec<f64> = (0..100)
            .map(|i| match i % 7 {
                0 => f64::NAN,
                3 => f64::INFINITY,
                _ => i as f64,
            })
            .collect();
        let kept = lttb_indices(&xs, &ys, 10);
        assert_eq!(kept.len(), 10);
        assert!(kept.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn polylines_split_at_none_nan_and_infinite_values() {
        let xs = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, f64::NAN, 9.0];
        let ys = [
            Some(1.0),
            Some(2.0),
            None,
            Some(3.0),
            Some(f64::NAN),
            Some(4.0),
            Some(f64::NEG_INFINITY),
            Some(5.0),
            Some(6.0),
            Some(7.0),
        ];
        assert_eq!(
            polylines(&xs, &ys, 100),
            vec![
                vec![(0.0, 1.0), (1.0, 2.0)],
                vec![(3.0, 3.0)],
                vec![(5.0, 4.0)],
                vec![(7.0, 5.0)],
                vec![(9.0, 7.0)],
            ]
        );
        assert!(polylines(&[], &[], 100).is_empty());
        assert!(polylines(&xs, &[None; 10], 100).is_empty());
    }

    #[test]
    fn polylines_of_a_month_of_minutes_fit_the_budget() {
        let xs = minutes(43_200);
        let ys: Vec<Option<f64>> = (0..43_200)
            .map(|i| (i % 5000 > 30).then(|| (i as f64 / 900.0).sin() * 50.0 + 50.0))
            .collect();
        let lines = polylines(&xs, &ys, 1000);
        assert_eq!(
            lines.len(),
            9,
            "a gap every 5000 samples, the first at the start"
        );
        let drawn = point_count(&lines);
        assert!((900..=1000).contains(&drawn), "{drawn} points");
        let whole: Vec<Option<f64>> = xs.iter().map(|x| Some(x.sin())).collect();
        assert_eq!(point_count(&polylines(&xs, &whole, 1000)), 1000);
    }

    #[test]
    fn polylines_share_the_budget_by_run_length() {
        let xs = minutes(1001);
        let mut ys: Vec<Option<f64>> = (0..1001).map(|i| Some((i % 13) as f64)).collect();
        ys[100] = None;
        let lines = polylines(&xs, &ys, 100);
        assert_eq!(lines.len(), 2);
        // Ends first (2 + 2), then the 96 spare points split 98 : 898, rounded down.
        assert_eq!((lines[0].len(), lines[1].len()), (11, 88));
        assert_eq!(lines[0].first(), Some(&(xs[0], 0.0)));
        assert_eq!(lines[1].last(), Some(&(xs[1000], (1000 % 13) as f64)));
    }

    #[test]
    fn polylines_keep_run_ends_even_past_a_tiny_budget() {
        let xs = minutes(30);
        let ys: Vec<Option<f64>> = (0..30).map(|i| (i % 3 != 2).then_some(i as f64)).collect();
        let lines = polylines(&xs, &ys, 0);
        assert_eq!(lines.len(), 10);
        assert!(lines.iter().all(|line| line.len() == 2));
    }

    #[test]
    fn polylines_random_inputs_never_panic_and_respect_the_budget() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..400 {
            let len = rng.below(5000) as usize;
            let gap_chance = rng.unit() * 0.2;
            let max_points = rng.below(1500) as usize;
            let mut xs: Vec<f64> = minutes(len);
            xs.truncate(len.saturating_sub(rng.below(3) as usize));
            let ys: Vec<Option<f64>> = (0..len)
                .map(|_| match rng.unit() {
                    r if r < gap_chance => None,
                    r if r < gap_chance * 1.1 => Some(f64::NAN),
                    r if r < gap_chance * 1.2 => Some(f64::INFINITY),
                    _ => Some(rng.unit() * 1e6 - 5e5),
                })
                .collect();
            let runs = finite_runs(&xs, &ys);
            let guaranteed: usize = runs.iter().map(|run| run.len().min(2)).sum();
            let lines = polylines(&xs, &ys, max_points);
            assert_eq!(lines.len(), runs.len());
            assert!(point_count(&lines) <= max_points.max(guaranteed));
            for (line, run) in lines.iter().zip(&runs) {
                assert_eq!(line.first().map(|p| p.0), Some(xs[run.start]));
                assert_eq!(line.last().map(|p| p.0), Some(xs[run.end - 1]));
                assert!(line.iter().all(|(x, y)| x.is_finite() && y.is_finite()));
                assert!(line.windows(2).all(|w| w[0].0 < w[1].0));
            }
        }
    }
}
