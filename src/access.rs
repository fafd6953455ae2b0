//! Which pages the customer's portal access profile (`GET /profiles`) includes. The server does
//! not enforce these flags; they say what a portal should offer, so hidden pages leave the
//! navigation and their URLs say "not available for your account".
//!
//! A flag the profile does not carry allows its pages (every flag defaults to true on the real
//! server but `payments-cryptomus`), and so does a server without profiles (older deployments
//! answer 404) or a profile that cannot be read: the customer then sees everything, as before
//! profiles existed.

use crate::http::Api;
use crate::routing::Page;
use crate::session::Session;
use leptos::prelude::*;
use std::collections::BTreeMap;
use wasm_bindgen::{JsCast, JsValue};

/// The profile's flags by name.
type Flags = BTreeMap<String, bool>;

/// The boolean attributes of a `GET /profiles` document (a singleton resource); anything else
/// a newer server adds is not a flag. Read from the browser's JSON value, without a decoder.
fn flags(document: &JsValue) -> Flags {
    let get = |value: &JsValue, key: &str| js_sys::Reflect::get(value, &key.into()).ok();
    let attributes = get(document, "data")
        .and_then(|data| get(&data, "attributes"))
        .and_then(|attributes| attributes.dyn_into::<js_sys::Object>().ok());
    let Some(attributes) = attributes else {
        return Flags::new();
    };
    // Inserted one by one, as `prefs::Stored::read` does: collecting would sort.
    let mut flags = Flags::new();
    for entry in js_sys::Object::entries(&attributes).iter() {
        let Ok(entry) = entry.dyn_into::<js_sys::Array>() else {
            continue;
        };
        if let (Some(name), Some(value)) = (entry.get(0).as_string(), entry.get(1).as_bool()) {
            flags.insert(name, value);
        }
    }
    flags
}

/// Whether `flags` (`None`: the profile could not be read) allow `page`.
fn allowed(flags: Option<&Flags>, page: Page) -> bool {
    page.profile_flag().is_none_or(|flag| {
        flags
            .and_then(|flags| flags.get(flag).copied())
            .unwrap_or_else(|| api_model::catalog::flag_default(flag))
    })
}

#[derive(Clone, Copy)]
pub struct Access {
    /// The profile's flags; `Some(None)`: it could not be read.
    profile: RwSignal<Option<Option<Flags>>>,
    session: Session,
}

impl Access {
    /// Reads the profile whenever a customer signs in.
    pub fn new(api: Api, session: Session) -> Access {
        let profile = RwSignal::new(None);
        Effect::new(move |_| {
            profile.set(None);
            if !session.is_signed_in() {
                return;
            }
            let mark = session.mark();
            let api = api.clone();
            leptos::task::spawn_local(async move {
                let read = api.get_json_value("profiles", "", None).await;
                if session.mark() == mark {
                    profile.try_set(Some(read.ok().map(|document| flags(&document))));
                }
            });
        });
        Access { profile, session }
    }

    /// Whether the profile allows the page; `None` until the profile is known. Tracked.
    pub fn allows(&self, page: Page) -> Option<bool> {
        if page.profile_flag().is_none() {
            return Some(allowed(None, page));
        }
        self.profile
            .with(|profile| profile.as_ref().map(|flags| allowed(flags.as_ref(), page)))
    }

    /// Once the profile is known (or there is no session to have one).
    pub async fn known(self) {
        crate::read::until(move || {
            !self.session.is_signed_in() || self.profile.with(Option::is_some)
        })
        .await
    }
}
