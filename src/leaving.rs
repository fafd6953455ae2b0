//! Leaving a page with the focus in one of its fields.
//!
//! A browser that removes the focused field fires `change` and `blur` on it as it goes; by then
//! the page's owner, and with it its signals, may be disposed (a session's end takes the layout
//! away so: a panic), or the address may already be another page's (after Back, a handler that
//! writes the page's query would write it over the entry Back went to). Leptos has no hook that runs
//! before both, so the page takes the focus away itself as it goes ([`leave_quietly`], from
//! the page's cleanup and on Back or Forward), with those events held back: a listener on the
//! window, first in every event's path, stops them ([`install`]).

use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use std::cell::Cell;
use wasm_bindgen::JsCast;

/// The events a field fires as it loses the focus.
const HELD_BACK: [&str; 3] = ["change", "blur", "focusout"];

thread_local! {
    /// Set while a leaving page takes the focus away.
    static LEAVING: Cell<bool> = const { Cell::new(false) };
}

/// Listens on the window, before the router does: call once, before the app mounts.
pub fn install() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let first = EventListenerOptions {
        phase: EventListenerPhase::Capture,
        passive: true,
    };
    for name in HELD_BACK {
        EventListener::new_with_options(&window, name, first, |event| {
            if LEAVING.get() {
                event.stop_immediate_propagation();
            }
        })
        .forget();
    }
    // Back and Forward change the address before the router takes the page away.
    EventListener::new_with_options(&window, "popstate", first, |_| leave_quietly()).forget();
}

/// Takes the focus from the field that holds it, holding back the events that would reach the
/// page being left. Only a field: the focus on anything else fires nothing of the page's, and
/// may already be the next page's (its `main`, focused as it shows).
pub fn leave_quietly() {
    let focused = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.active_element())
        .filter(|element| element.matches("input, select, textarea").unwrap_or(false))
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(focused) = focused else {
        return;
    };
    LEAVING.set(true);
    focused.blur().ok();
    LEAVING.set(false);
}
