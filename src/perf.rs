//! User Timing marks for the benchmark (`cargo xtask bench`): the moments a user waits for,
//! named `portal:*`, readable with `performance.getEntriesByName`. A mark costs microseconds.

/// Marks `name` now.
pub fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
}

/// Marks `name` once the DOM built now is in the page (the next animation frame).
pub fn mark_when_shown(name: &'static str) {
    let _ = leptos::prelude::request_animation_frame_with_handle(move || mark(name));
}

/// Starts timing `name` (a measure ends it with [`measure`]).
pub fn start(name: &str) {
    mark(&format!("{name}:start"));
}

/// The time since [`start`] of `name`, as a measure named `name`.
pub fn measure(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.measure_with_start_mark(name, &format!("{name}:start"));
    }
}
