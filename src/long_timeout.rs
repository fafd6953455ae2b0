//! A timeout that may lie further ahead than browsers allow: `setTimeout` takes at most
//! 2^31 − 1 ms (about 24.8 days) and fires at once for anything longer, so a far-away moment (a
//! token valid for a month) is reached in steps of at most a day.

use leptos::prelude::{TimeoutHandle, set_timeout_with_handle};
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

/// The longest single step: well inside `setTimeout`'s range.
pub const MAX_STEP: Duration = Duration::from_secs(24 * 3600);

/// A pending call; dropping it (or [`LongTimeout::cancel`]) cancels the call.
pub struct LongTimeout {
    step: Rc<Cell<Option<TimeoutHandle>>>,
}

impl LongTimeout {
    /// Calls `callback` once `delay` has passed.
    pub fn start(delay: Duration, callback: impl FnOnce() + 'static) -> LongTimeout {
        let step = Rc::new(Cell::new(None));
        arm(step.clone(), delay, Box::new(callback));
        LongTimeout { step }
    }

    pub fn cancel(&self) {
        if let Some(handle) = self.step.take() {
            handle.clear();
        }
    }
}

impl Drop for LongTimeout {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The first step towards `delay`, and what remains after it.
pub fn first_step(delay: Duration) -> (Duration, Duration) {
    let step = delay.min(MAX_STEP);
    (step, delay - step)
}

fn arm(slot: Rc<Cell<Option<TimeoutHandle>>>, delay: Duration, callback: Box<dyn FnOnce()>) {
    let (step, remaining) = first_step(delay);
    let next = slot.clone();
    let handle = set_timeout_with_handle(
        move || {
            if remaining.is_zero() {
                next.set(None);
                callback();
            } else {
                arm(next, remaining, callback);
            }
        },
        step,
    )
    .ok();
    slot.set(handle);
}
