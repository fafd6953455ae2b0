//! A long day in the portal (issue 43): thousands of in-app visits across every page family,
//! what the page holds after a garbage collection now and then, and per page what a hundred
//! visits keep, alternated with the rate lookup.

use super::{Budget, budget_line};
use e2e::{MemorySample, Portal};
use serde_json::{Value, json};
use std::borrow::Cow;

/// Visits of the long walk, the first [`WARM_UP`] of them before its first sample.
pub const VISITS: usize = 3000;
pub const WARM_UP: usize = 100;
/// Visits between two samples of the long walk.
const SAMPLE_EVERY: usize = 500;
/// Visits of each page alternated with the rate lookup (as many of the lookup).
const ALTERNATIONS: usize = 100;
/// The pages the issue measured alone, alternated with the rate lookup.
const ALTERNATED: [(&str, &str); 4] = [
    ("/statistics/origination", "origination statistics"),
    ("/statistics/quality", "quality statistics"),
    ("/cdrs", "outgoing calls"),
    ("/accounts", "accounts"),
];
const RATE_LOOKUP: &str = "/check-rate";

/// Growth allowed per 1,000 visits once warm (wasm memory, JS heap), and the timeline's
/// entries after the walk.
const GROWTH_LIMIT: f64 = 500_000.0;
const TIMELINE_LIMIT: f64 = 100.0;

fn nav_link(path: &str) -> String {
    format!("#main-nav a[href='{path}']")
}

/// The long walk, sampled after the warm-up and every [`SAMPLE_EVERY`] visits.
async fn long_walk(portal: &Portal) -> Value {
    let steps = portal.walk_steps().await;
    let mut made = WARM_UP;
    // The walk starts on the overview, its first link's page.
    let mut again = portal.walk(&steps, 1, WARM_UP).await;
    let mut samples = vec![(made, portal.memory_sample().await)];
    while made < VISITS {
        let visits = SAMPLE_EVERY.min(VISITS - made);
        again += portal.walk(&steps, 1 + made, visits).await;
        made += visits;
        samples.push((made, portal.memory_sample().await));
    }
    let (first, last) = (samples[0], samples[samples.len() - 1]);
    let per_thousand = |of: fn(&MemorySample) -> f64| {
        (of(&last.1) - of(&first.1)) / (last.0 - first.0) as f64 * 1000.0
    };
    json!({
        "steps": steps,
        "clicks_made_again": again,
        "samples": samples.iter().map(|(visits, sample)| {
            json!({ "visits": visits, "sample": sample.to_json() })
        }).collect::<Vec<_>>(),
        "wasm_growth_per_1000": per_thousand(|s| s.wasm_bytes),
        "js_heap_growth_per_1000": per_thousand(|s| s.js_heap_bytes),
    })
}

/// Each page of [`ALTERNATED`] alternated with the rate lookup: what the visits kept.
async fn alternations(portal: &Portal) -> Vec<Value> {
    let mut rows = Vec::new();
    for (path, label) in ALTERNATED {
        let steps = [nav_link(path), nav_link(RATE_LOOKUP)];
        // A round first: the page's code and the lookup's are fetched, their caches warm.
        portal.walk(&steps, 0, 2 * 10).await;
        let warm = portal.memory_sample().await;
        portal.walk(&steps, 0, 2 * ALTERNATIONS).await;
        let after = portal.memory_sample().await;
        rows.push(json!({
            "path": path,
            "page": label,
            "alternations": ALTERNATIONS,
            "wasm_growth": after.wasm_bytes - warm.wasm_bytes,
            "js_heap_growth": after.js_heap_bytes - warm.js_heap_bytes,
            "after": after.to_json(),
        }));
    }
    rows
}

/// The long day: the long walk from a fresh start on the overview, then the alternations.
pub async fn measure(portal: &Portal) -> Value {
    portal.open("/").await;
    portal.wait_for(&nav_link("/accounts")).await;
    let walk = long_walk(portal).await;
    let alternated = alternations(portal).await;
    json!({ "walk": walk, "alternations": alternated })
}

pub fn budget_lines(day: &Value) -> Vec<(String, Value)> {
    let walk = &day["walk"];
    let last = walk["samples"].as_array().and_then(|s| s.last()).cloned();
    let last = last.unwrap_or_default();
    let timeline = last["sample"]["marks"].as_f64().unwrap_or(f64::NAN)
        + last["sample"]["measures"].as_f64().unwrap_or(f64::NAN);
    let growth = |name: &'static str, key: &str| {
        let budget = Budget {
            name: Cow::Borrowed(name),
            limit: GROWTH_LIMIT,
            unit: "B",
        };
        budget_line(&budget, walk[key].as_f64().unwrap_or(f64::NAN))
    };
    let timeline_budget = Budget {
        name: Cow::Owned(format!(
            "timeline entries (marks and measures) after {VISITS} visits"
        )),
        limit: TIMELINE_LIMIT,
        unit: "entries",
    };
    vec![
        growth(
            "a long day: wasm memory growth per 1,000 visits",
            "wasm_growth_per_1000",
        ),
        growth(
            "a long day: JS heap growth per 1,000 visits",
            "js_heap_growth_per_1000",
        ),
        budget_line(&timeline_budget, timeline),
    ]
}

pub fn markdown(day: &Value) -> String {
    let mb = |v: &Value| format!("{:.2}", v.as_f64().unwrap_or(f64::NAN) / 1_048_576.0);
    let kb = |v: &Value| format!("{:.1}", v.as_f64().unwrap_or(f64::NAN) / 1024.0);
    let walk = &day["walk"];
    let mut md = format!(
        "## A long day\n\n{VISITS} in-app visits (clicks on the navigation's links, and a \
         record's page after the accounts), a garbage collection before each sample; growth \
         counted from visit {WARM_UP}. Wasm memory never shrinks: it is its high-water mark.\n\n\
         | visits | wasm MB | JS heap MB | marks | measures | DOM nodes | listeners |\n\
         |---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for row in walk["samples"].as_array().into_iter().flatten() {
        let s = &row["sample"];
        md += &format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            row["visits"],
            mb(&s["wasm_bytes"]),
            mb(&s["js_heap_bytes"]),
            s["marks"],
            s["measures"],
            s["dom_nodes"],
            s["listeners"]
        );
    }
    md += &format!(
        "\nGrowth per 1,000 visits: wasm memory {} KB, JS heap {} KB ({} clicks made again).\n\n\
         Each page alternated {ALTERNATIONS} times with the rate lookup:\n\n\
         | page | wasm growth KB | JS heap growth KB |\n|---|---:|---:|\n",
        kb(&walk["wasm_growth_per_1000"]),
        kb(&walk["js_heap_growth_per_1000"]),
        walk["clicks_made_again"]
    );
    for row in day["alternations"].as_array().into_iter().flatten() {
        md += &format!(
            "| {} `{}` | {} | {} |\n",
            row["page"].as_str().unwrap_or_default(),
            row["path"].as_str().unwrap_or_default(),
            kb(&row["wasm_growth"]),
            kb(&row["js_heap_growth"])
        );
    }
    md + "\n"
}
