//! User Timing marks for the benchmark (`cargo xtask bench`): the moments a user waits for,
//! named `portal:*`, readable with `performance.getEntriesByName`. A mark costs microseconds.
//!
//! The timeline keeps what it is given for the page's life, and a page left open all day (a
//! wall screen on the overview) marks every refresh: each name keeps its latest
//! [`KEPT_PER_NAME`] entries at most (issue 43).

use web_sys::Performance;

/// Entries of one name the timeline keeps; the bench reads the first few after a page load.
const KEPT_PER_NAME: u32 = 16;

fn performance() -> Option<Performance> {
    web_sys::window()?.performance()
}

/// Marks `name` now.
pub fn mark(name: &str) {
    if let Some(performance) = performance() {
        if is_full(&performance, name) {
            performance.clear_marks_with_mark_name(name);
        }
        let _ = performance.mark(name);
    }
}

/// Whether `name` has its share of entries in the timeline.
fn is_full(performance: &Performance, name: &str) -> bool {
    performance.get_entries_by_name(name).length() >= KEPT_PER_NAME
}

/// Marks `name` once the DOM built now is in the page (the next animation frame).
pub fn mark_when_shown(name: &'static str) {
    let _ = leptos::prelude::request_animation_frame_with_handle(move || mark(name));
}

/// Starts timing `name` (a measure ends it with [`measure`]).
pub fn start(name: &str) {
    mark(&format!("{name}:start"));
}

/// The time since [`start`] of `name`, as a measure named `name`; the start's mark goes.
pub fn measure(name: &str) {
    if let Some(performance) = performance() {
        let start = format!("{name}:start");
        if is_full(&performance, name) {
            performance.clear_measures_with_measure_name(name);
        }
        let _ = performance.measure_with_start_mark(name, &start);
        performance.clear_marks_with_mark_name(&start);
    }
}
