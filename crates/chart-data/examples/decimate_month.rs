//! How long `polylines` takes to bring a month of one-minute samples (43,200 points, a few
//! gaps) down to 1,200 points, the budget of a wide chart. Native only (`std::time::Instant`):
//!
//! `cargo run --release -p chart-data --example decimate_month`

use chart_data::decimate::polylines;
use std::hint::black_box;
use std::time::Instant;

const SAMPLES: usize = 43_200;
const TARGET_POINTS: usize = 1_200;
const RUNS: u32 = 100;

fn main() {
    let xs: Vec<f64> = (0..SAMPLES)
        .map(|i| 1_780_000_000.0 + 60.0 * i as f64)
        .collect();
    let ys: Vec<Option<f64>> = (0..SAMPLES).map(calls_at_minute).collect();

    let started = Instant::now();
    let mut drawn = 0;
    for _ in 0..RUNS {
        let lines = polylines(black_box(&xs), black_box(&ys), black_box(TARGET_POINTS));
        drawn = lines.iter().map(Vec::len).sum();
    }
    let per_run = started.elapsed() / RUNS;
    println!(
        "polylines: {SAMPLES} samples -> {drawn} points in {per_run:?} per run (mean of {RUNS} runs)"
    );
}

/// A daily rhythm with some jitter, and an hour without data every week.
fn calls_at_minute(minute: usize) -> Option<f64> {
    if minute % 10_080 < 60 {
        return None;
    }
    let day_phase = (minute % 1440) as f64 / 1440.0 * std::f64::consts::TAU;
    let jitter = ((minute * 7919) % 101) as f64 / 10.0;
    Some(120.0 - 80.0 * day_phase.cos() + jitter)
}
