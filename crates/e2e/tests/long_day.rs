//! A long day stays flat (issue 43): walking the navigation in-app for hundreds of visits
//! keeps no more wasm memory, JS heap or performance-timeline entries than a few visits did.
//! The bench (`cargo xtask bench`) walks 3,000 visits and reports the growth per 1,000.

use e2e::MemorySample;

/// Visits before the first sample: every page's code fetched, its caches warm.
const WARM_UP: usize = 100;
/// Visits between the two samples, at least (a whole number of rounds: both samples are taken
/// on the same page).
const WALKED: usize = 300;
/// Growth allowed over `WALKED` visits. Before issue 43 a visit kept about 6.6 KB of wasm
/// memory (2 MB over this walk); a flat walk grows by the allocator's odd page.
const WASM_GROWTH_LIMIT: f64 = 1024.0 * 1024.0;
const HEAP_GROWTH_LIMIT: f64 = 1024.0 * 1024.0;
/// User Timing entries the timeline may hold however long the day (`portal::perf` keeps a
/// few of each name).
const TIMELINE_LIMIT: u64 = 100;

fn growth(from: &MemorySample, to: &MemorySample) -> (f64, f64) {
    (
        to.wasm_bytes - from.wasm_bytes,
        to.js_heap_bytes - from.js_heap_bytes,
    )
}

#[test]
fn a_long_walk_stays_within_its_memory_budget() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.wait_for("#main-nav a[href='/accounts']").await;
        let steps = portal.walk_steps().await;
        assert!(steps.len() > 10, "the navigation's links: {steps:?}");
        // The walk starts on the overview, its first link's page.
        portal.walk(&steps, 1, WARM_UP).await;
        let warm = portal.memory_sample().await;
        let walked = WALKED.div_ceil(steps.len()) * steps.len();
        portal.walk(&steps, 1 + WARM_UP, walked).await;
        let after = portal.memory_sample().await;
        eprintln!("long day: after {WARM_UP} visits {warm:?}, after {walked} more {after:?}");
        let (wasm, heap) = growth(&warm, &after);
        assert!(
            wasm <= WASM_GROWTH_LIMIT,
            "the wasm memory grew by {wasm} bytes over {walked} visits"
        );
        assert!(
            heap <= HEAP_GROWTH_LIMIT,
            "the JS heap grew by {heap} bytes over {walked} visits"
        );
        for count in [after.marks, after.measures] {
            assert!(
                count <= TIMELINE_LIMIT,
                "the timeline holds {} marks and {} measures",
                after.marks,
                after.measures
            );
        }
        assert!(
            after.dom_nodes <= warm.dom_nodes * 2 && after.listeners <= warm.listeners * 2,
            "DOM nodes and listeners grew: {warm:?} to {after:?}"
        );
    });
}
