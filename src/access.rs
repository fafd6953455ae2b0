//! The customer's portal access profile (`GET /profiles`), read once as each session starts
//! and decoded by `api_model::profile`: the one place the portal asks what the operator lets
//! a customer see. Its section flags decide which pages there are (a withheld page leaves the
//! navigation, and its URL says "not available for your account"); its statistics flags decide
//! which metrics the pages that show statistics list ([`Access::stats`]). The server enforces
//! none of them.
//!
//! A server without profiles (an older deployment answers 404) has every flag at its default:
//! the customer sees what the portal showed before profiles existed. A profile that cannot be
//! read otherwise withholds everything it governs until it is read (its pages show the error
//! and a Retry, [`Access::failure`]): an operator's word is not dropped because a request
//! failed. The profile is forgotten when the session ends, so whoever signs in next waits for
//! their own.

use crate::http::Api;
use crate::remote::Remote;
use crate::routing::Page;
use crate::session::{Session, SessionId};
use api_model::errors::ApiError;
use api_model::profile::{AccessProfile, StatsAccess};
use api_model::stats::Direction;
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};

/// The boolean attributes of a `GET /profiles` document (a singleton resource), as the model
/// reads a profile; a value of another type is left out. Read from the browser's JSON value,
/// without a decoder.
fn profile_of(document: &JsValue) -> AccessProfile {
    let get = |value: &JsValue, key: &str| js_sys::Reflect::get(value, &key.into()).ok();
    let attributes = get(document, "data")
        .and_then(|data| get(&data, "attributes"))
        .and_then(|attributes| attributes.dyn_into::<js_sys::Object>().ok());
    let Some(attributes) = attributes else {
        return AccessProfile::default();
    };
    let flags: Vec<(String, bool)> = js_sys::Object::entries(&attributes)
        .iter()
        .filter_map(|entry| {
            let entry = entry.dyn_into::<js_sys::Array>().ok()?;
            Some((entry.get(0).as_string()?, entry.get(1).as_bool()?))
        })
        .collect();
    AccessProfile::from_flags(flags.iter().map(|(name, value)| (name.as_str(), *value)))
}

/// Whether `profile` allows `page`.
fn allowed(profile: &AccessProfile, page: Page) -> bool {
    page.profile_flag().is_none_or(|flag| profile.allows(flag))
}

/// A page and what to do once the first profile allows it: the shell's read-ahead of that
/// page's first request (`on_demand::read_ahead`), which a withheld page must not make.
pub type WhenAllowed = (Page, Box<dyn FnOnce()>);

#[derive(Clone, Copy)]
pub struct Access {
    /// The profile of the session whose id it holds: no other session's pages follow it.
    profile: Remote<(SessionId, AccessProfile)>,
    session: Session,
}

impl Access {
    /// Reads the profile whenever a session starts; the first answer runs `when_allowed` if it
    /// allows its page.
    pub fn new(api: Api, session: Session, when_allowed: Option<WhenAllowed>) -> Access {
        let when_allowed = Rc::new(Cell::new(when_allowed));
        let profile = Remote::new(
            move || session.id(),
            move |id, signal| {
                let (api, when_allowed) = (api.clone(), when_allowed.clone());
                async move {
                    let profile = match api.get_json_value("profiles", "", signal).await {
                        Ok(document) => profile_of(&document),
                        // A server without profiles.
                        Err(error) if error.status() == Some(404) => AccessProfile::default(),
                        Err(error) => return Err(error),
                    };
                    if let Some((page, then)) = when_allowed.take()
                        && allowed(&profile, page)
                    {
                        then();
                    }
                    Ok((id, profile))
                }
            },
        );
        Effect::new(move |_| {
            if !session.is_signed_in() {
                profile.forget();
            }
        });
        Access { profile, session }
    }

    /// The running session's profile, if read. Tracked.
    fn running<T>(&self, read: impl FnOnce(&AccessProfile) -> T) -> Option<T> {
        let running = self.session.id();
        self.profile.with_data(|profile| {
            profile
                .filter(|(id, _)| Some(*id) == running)
                .map(|(_, profile)| read(profile))
        })
    }

    /// Whether the profile allows the page: at once for a page every customer has, else
    /// `None` until the profile is read. Tracked.
    pub fn allows(&self, page: Page) -> Option<bool> {
        if page.profile_flag().is_none() {
            return Some(true);
        }
        self.running(|profile| allowed(profile, page))
    }

    /// Which statistics of a side the customer sees, and how; `None` until the profile is
    /// read. Tracked.
    pub fn stats(&self, direction: Direction) -> Option<StatsAccess> {
        self.running(|profile| profile.stats(direction))
    }

    /// Why the profile could not be read, while it is not known. Tracked.
    pub fn failure(&self) -> Option<ApiError> {
        self.profile.error().filter(|_| !self.profile.has_data())
    }

    /// Asks for the profile again.
    pub fn retry(&self) {
        self.profile.retry();
    }
}
