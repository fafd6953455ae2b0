//! Lighthouse's mobile audit of a page, as the score customers' phones are judged by: its
//! default mobile run simulates a slow 4G link (150 ms, 1.6 Mbit/s) and a CPU four times slower
//! than this machine's. `cargo xtask bench` installs it from npm and names its script in
//! `LIGHTHOUSE_CLI`; without it the audit is reported as not run.
//!
//! That default estimates the phone's timings from a load on this machine (Lantern): it counts
//! every request that ended before the largest paint as needed for it, and on `localhost` the
//! shell's code has come before the sign-in form index.html draws has been painted, so the
//! form's paint is charged the code's download. The second run applies the same link and CPU
//! in the browser (`--throttling-method=devtools`), so the paint is timed as it happens.

use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Command;

/// Audits per page; the report gives the run with the median performance score.
const RUNS: usize = 3;
/// Failed audits made again before the audit is reported as not run.
const ATTEMPTS_LOST_AT_MOST: usize = 2;
const CATEGORIES: [&str; 3] = ["performance", "accessibility", "best-practices"];
/// The audits whose values the report shows beside the scores (ms).
const METRICS: [&str; 4] = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "speed-index",
];

/// How Lighthouse makes this machine a phone.
#[derive(Clone, Copy)]
pub enum Throttling {
    /// Lighthouse's default: an unthrottled load, and timings estimated from it.
    Simulated,
    /// The link and CPU applied in the browser while the page loads.
    Applied,
}

impl Throttling {
    pub fn label(self) -> &'static str {
        match self {
            Throttling::Simulated => "simulated",
            Throttling::Applied => "applied",
        }
    }

    fn method(self) -> &'static str {
        match self {
            Throttling::Simulated => "simulate",
            Throttling::Applied => "devtools",
        }
    }
}

/// The median of `RUNS` mobile audits of `url`: scores out of 100 and metrics in ms, or
/// `{"skipped": why}`.
pub async fn audit(url: &str, throttling: Throttling) -> Value {
    let Some(cli) = std::env::var_os("LIGHTHOUSE_CLI").map(PathBuf::from) else {
        return json!({ "skipped": "LIGHTHOUSE_CLI is not set (cargo xtask bench sets it)" });
    };
    let mut runs = Vec::new();
    let mut failures = Vec::new();
    // Lighthouse now and then fails to record a load's trace (`NO_NAVSTART`): such a run is
    // made again, a few times at most.
    for attempt in 0..RUNS + ATTEMPTS_LOST_AT_MOST {
        if runs.len() == RUNS {
            break;
        }
        let (cli, url) = (cli.clone(), url.to_owned());
        let outcome =
            tokio::task::spawn_blocking(move || run_once(&cli, &url, throttling, attempt))
                .await
                .unwrap_or_else(|error| Err(format!("the audit's thread failed: {error}")));
        match outcome {
            Ok(result) => runs.push(result),
            Err(why) => failures.push(why),
        }
    }
    if runs.len() < RUNS {
        return json!({ "skipped": failures.join("; ") });
    }
    let performance = |run: &Value| run["performance"].as_f64().unwrap_or(f64::NAN);
    runs.sort_by(|a, b| performance(a).total_cmp(&performance(b)));
    let mut median = runs[runs.len() / 2].clone();
    median["performance_runs"] = runs.iter().map(|r| r["performance"].clone()).collect();
    median["failed_attempts"] = json!(failures);
    median
}

/// One audit in a fresh Chromium profile: the categories' scores and the metrics, read from
/// Lighthouse's JSON report.
fn run_once(cli: &PathBuf, url: &str, throttling: Throttling, run: usize) -> Result<Value, String> {
    let profile =
        std::env::temp_dir().join(format!("portal-lighthouse-{}-{run}", std::process::id()));
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    let output = Command::new("node")
        .arg(cli)
        .arg(url)
        .args(["--output=json", "--output-path=stdout", "--quiet"])
        .arg(format!("--only-categories={}", CATEGORIES.join(",")))
        .arg(format!("--throttling-method={}", throttling.method()))
        .arg(format!(
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic \
             --no-first-run --user-data-dir={}",
            profile.display()
        ))
        .env("CHROME_PATH", chromium)
        .output()
        .map_err(|error| format!("cannot run node {}: {error}", cli.display()))?;
    let _ = std::fs::remove_dir_all(&profile);
    if !output.status.success() {
        return Err(format!(
            "lighthouse exited with {}: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let report: Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| format!("lighthouse's report is not JSON: {error}"))?;
    if let Some(error) = report.get("runtimeError") {
        return Err(format!("lighthouse could not audit {url}: {error}"));
    }
    let mut result = json!({ "url": url, "throttling": throttling.label() });
    for category in CATEGORIES {
        let score = report["categories"][category]["score"].as_f64();
        result[category] = json!(score.map(|s| (s * 100.0).round()));
    }
    for metric in METRICS {
        result[metric] = report["audits"][metric]["numericValue"].clone();
    }
    Ok(result)
}
