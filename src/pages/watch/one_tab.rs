//! One tab checks the rules for every tab of the browser that shares the customer's session
//! (kept across restarts): the one holding the Web Lock [`LOCK`]. When that tab closes or its
//! session ends, the browser hands the lock to a waiting tab, which checks from then on.
//!
//! Called through `js_sys::Reflect`: web-sys has the Lock API only behind
//! `web_sys_unstable_apis`. A browser without it gets `None`: each tab then checks for itself.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The lock's name; the origin's tabs share it.
const LOCK: &str = "portal.watch";

/// This tab's place in the lock's queue, or its hold on the lock; dropped, it lets go (or
/// leaves the queue).
pub struct OneTab {
    /// Resolves the promise the lock is held by.
    release: Rc<RefCell<Option<js_sys::Function>>>,
    /// Takes the tab out of the queue.
    abort: web_sys::AbortController,
    _granted: Closure<dyn FnMut(JsValue) -> js_sys::Promise>,
}

impl OneTab {
    /// Waits for the lock; `granted` runs once this tab holds it.
    pub fn wait(granted: impl FnOnce() + 'static) -> Option<OneTab> {
        let navigator = web_sys::window()?.navigator();
        let locks = js_sys::Reflect::get(&navigator, &"locks".into()).ok()?;
        let request = js_sys::Reflect::get(&locks, &"request".into())
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        let abort = web_sys::AbortController::new().ok()?;
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"signal".into(), &abort.signal()).ok()?;
        let release = Rc::new(RefCell::new(None::<js_sys::Function>));
        let held = release.clone();
        let mut granted = Some(granted);
        let on_granted = Closure::<dyn FnMut(JsValue) -> js_sys::Promise>::new(move |_| {
            let held = held.clone();
            let hold = js_sys::Promise::new(&mut |resolve, _| *held.borrow_mut() = Some(resolve));
            if let Some(granted) = granted.take() {
                granted();
            }
            hold
        });
        let asked = request
            .call3(&locks, &LOCK.into(), &options, on_granted.as_ref())
            .ok()?;
        // Leaving the queue rejects the request's promise: nothing to hear of it.
        if let Ok(asked) = asked.dyn_into::<js_sys::Promise>() {
            let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
            let _ = asked.catch(&ignore);
            ignore.forget();
        }
        Some(OneTab {
            release,
            abort,
            _granted: on_granted,
        })
    }
}

impl Drop for OneTab {
    fn drop(&mut self) {
        self.abort.abort();
        if let Some(release) = self.release.borrow_mut().take() {
            let _ = release.call0(&JsValue::UNDEFINED);
        }
    }
}
