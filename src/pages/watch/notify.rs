//! Browser notifications of the rules that fire: the permission is asked only on the customer's
//! own click, never on load; a browser without notifications shows no control.
//!
//! Reached through `js_sys::Reflect`, not web-sys' `Notification`: its bindings would go into
//! the glue every page loads, for the few customers with rules.

use crate::i18n::tr;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// The browser's `Notification`, when it has one (a framed page or an old browser may not).
fn notification() -> Option<js_sys::Function> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &"Notification".into())
        .ok()?
        .dyn_into()
        .ok()
}

/// `"granted"`, `"denied"` or `"default"`; `None` without notifications.
fn permission() -> Option<String> {
    let constructor: JsValue = notification()?.into();
    js_sys::Reflect::get(&constructor, &"permission".into())
        .ok()?
        .as_string()
}

/// Shows a notification, when the customer allowed them; `tag` replaces an earlier one of the
/// same rule rather than piling up.
pub fn show(title: &str, body: &str, tag: &str) {
    let (Some(constructor), Some("granted")) = (notification(), permission().as_deref()) else {
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"body".into(), &body.into());
    let _ = js_sys::Reflect::set(&options, &"tag".into(), &tag.into());
    let args = js_sys::Array::of2(&JsValue::from_str(title), &options);
    let _ = js_sys::Reflect::construct(&constructor, &args);
}

/// Asks for the permission (on a click); `done` runs once the customer has answered.
fn ask(done: impl FnOnce() + 'static) {
    let Some(constructor) = notification() else {
        return;
    };
    let Ok(request) = js_sys::Reflect::get(&constructor, &"requestPermission".into()) else {
        return;
    };
    let Ok(asked) = request.dyn_into::<js_sys::Function>() else {
        return;
    };
    let Ok(answer) = asked.call0(&constructor) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&answer)).await;
        done();
    });
}

/// The control on the rules page: a button that asks for the permission, or what was decided.
pub fn permission_control() -> impl IntoView {
    let state = RwSignal::new(permission());
    let asked = move |_| ask(move || drop(state.try_set(permission())));
    move || {
        match state.get()?.as_str() {
        "granted" => Some(view! { <p class="watch-notify" role="status">{tr(|t| t.watch_notify_on)}</p> }.into_any()),
        "denied" => Some(view! { <p class="watch-notify" role="status">{tr(|t| t.watch_notify_blocked)}</p> }.into_any()),
        _ => Some(
            view! {
                <p class="watch-notify">
                    <button type="button" class="watch-notify-ask" on:click=asked>{tr(|t| t.watch_notify)}</button>
                </p>
            }
            .into_any(),
        ),
    }
    }
}
