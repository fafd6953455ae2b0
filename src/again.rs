//! Asking again after a pause, by itself, while the tab is visible: the live-calls page's
//! refresh and a failed read's retry ([`crate::read`]) follow the same rules. The pause starts
//! once nothing is under way (requests never overlap); a hidden tab schedules nothing, and asks
//! at once when it shows again; a page that is left asks nothing more (its timer and listener
//! go with it).

use leptos::prelude::*;
use std::time::Duration;

pub fn tab_is_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}

/// Runs `ask` once `pause()` has passed since it last said how long to wait (`None`: nothing to
/// ask, or a request under way). It reads signals, and is followed. Returns whether asking is
/// paused because the tab is hidden.
pub fn ask_again_while_visible(
    pause: impl Fn() -> Option<Duration> + 'static,
    ask: impl Fn() + Copy + 'static,
) -> RwSignal<bool> {
    let paused = RwSignal::new(!tab_is_visible());
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    let cancel = move || {
        if let Some(handle) = timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    };
    let pause = std::rc::Rc::new(pause);
    let wanted = pause.clone();
    Effect::new(move |_| {
        cancel();
        // A page that is going may still hear of a change: nothing is asked then.
        let (Some(after), Some(false)) = (wanted(), paused.try_get()) else {
            return;
        };
        let handle = set_timeout_with_handle(
            move || {
                if tab_is_visible() {
                    ask();
                } else {
                    paused.try_set(true);
                }
            },
            after,
        )
        .ok();
        timer.try_set_value(handle);
    });
    let visibility = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if tab_is_visible() {
            if paused.try_get_untracked() == Some(true) {
                paused.try_set(false);
                if untrack(|| pause()).is_some() {
                    ask();
                }
            }
        } else {
            cancel();
            paused.try_set(true);
        }
    });
    on_cleanup(move || {
        visibility.remove();
        cancel();
    });
    paused
}
