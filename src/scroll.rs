//! Back and Forward bring the page back where the customer left it: at the scroll position of
//! that history entry.
//!
//! What the browser and Leptos' router lack: the browser restores an entry's scroll position
//! when Back or Forward happens, before a page drawn from the network has its content (a list's
//! rows come after their request), so the position is cut to the short page and lost; the
//! router keeps no position of its own. So the portal keeps each address's last position while
//! it is shown, and after Back or Forward scrolls there once the page is tall enough, unless the
//! customer scrolls, clicks or types first.

use gloo_events::{EventListener, EventListenerOptions};
use std::cell::RefCell;
use wasm_bindgen::JsCast;

/// Addresses whose positions are kept (the oldest forgotten first).
const KEPT: usize = 100;
/// How long a restore waits for the page to be tall enough, in animation frames (about 10 s).
const FRAMES: u32 = 600;

/// What the positions are kept for, and what happens after Back or Forward.
#[derive(Default)]
struct Positions {
    /// (address, vertical position), the most recent last.
    kept: Vec<(String, f64)>,
    /// The position being restored after Back or Forward, and frames left to wait.
    restoring: Option<(f64, u32)>,
}

impl Positions {
    fn keep(&mut self, address: String, y: f64) {
        self.kept.retain(|(kept, _)| *kept != address);
        if self.kept.len() >= KEPT {
            self.kept.remove(0);
        }
        self.kept.push((address, y));
    }

    fn of(&self, address: &str) -> Option<f64> {
        self.kept
            .iter()
            .find(|(kept, _)| kept == address)
            .map(|(_, y)| *y)
    }
}

thread_local! {
    /// Installed once, by the first signed-in layout drawn.
    static INSTALLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static POSITIONS: RefCell<Positions> = RefCell::new(Positions::default());
}

fn scroll_y() -> f64 {
    web_sys::window()
        .and_then(|w| w.scroll_y().ok())
        .unwrap_or(0.0)
}

/// Keeps positions and restores them, from the first time the signed-in layout is drawn (the
/// sign-in page has nothing to restore).
pub fn install() {
    if INSTALLED.replace(true) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(history) = window.history() {
        let manual = wasm_bindgen::JsValue::from_str("manual");
        let _ = js_sys::Reflect::set(&history, &"scrollRestoration".into(), &manual);
    }
    let passive = EventListenerOptions::default();
    EventListener::new_with_options(&window, "scroll", passive, |_| {
        // While a position is being restored, the page's own changes move it, not the customer.
        let restoring = POSITIONS.with_borrow(|p| p.restoring.is_some());
        if let (false, Some(address)) = (restoring, crate::routing::shown_address()) {
            POSITIONS.with_borrow_mut(|p| p.keep(address, scroll_y()));
        }
    })
    .forget();
    let first = EventListenerOptions::run_in_capture_phase();
    EventListener::new_with_options(&window, "popstate", first, |_| {
        let Some(address) = crate::routing::shown_address() else {
            return;
        };
        let wanted = POSITIONS.with_borrow(|p| p.of(&address)).unwrap_or(0.0);
        POSITIONS.with_borrow_mut(|p| p.restoring = Some((wanted, FRAMES)));
        next_frame();
    })
    .forget();
    // The customer moving the page takes over from a restore.
    for name in ["wheel", "touchstart", "keydown", "mousedown"] {
        EventListener::new_with_options(&window, name, first, |_| {
            POSITIONS.with_borrow_mut(|p| p.restoring = None);
        })
        .forget();
    }
}

/// Scrolls to the position being restored once the page is tall enough (or the frames run
/// out), else looks again at the next frame.
fn step() {
    let Some((wanted, frames)) = POSITIONS.with_borrow(|p| p.restoring) else {
        return;
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    let tall = window
        .document()
        .and_then(|d| d.document_element())
        .map(|root| f64::from(root.scroll_height()))
        .unwrap_or(0.0);
    let view = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if tall - view >= wanted || frames == 0 {
        window.scroll_to_with_x_and_y(0.0, wanted);
        POSITIONS.with_borrow_mut(|p| p.restoring = None);
        return;
    }
    POSITIONS.with_borrow_mut(|p| p.restoring = Some((wanted, frames - 1)));
    next_frame();
}

fn next_frame() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let step = wasm_bindgen::closure::Closure::once_into_js(step);
    let _ = window.request_animation_frame(step.unchecked_ref());
}
