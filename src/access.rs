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
use crate::routing::Page;
use crate::session::{Session, SessionId};
use api_model::errors::ApiError;
use api_model::profile::{AccessProfile, StatsAccess};
use api_model::stats::Direction;
use leptos::prelude::*;
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

#[derive(Clone, Copy)]
pub struct Access {
    /// The profile of the session whose id it holds, or why it could not be read: no other
    /// session's pages follow it.
    // A plain signal and a task, not a `LocalResource`: this is in the shell, which the
    // resource's machinery would grow by kilobytes every visitor downloads.
    profile: RwSignal<Option<(SessionId, Result<AccessProfile, ApiError>)>>,
    retries: RwSignal<u32>,
    session: Session,
}

impl Access {
    /// Reads the profile whenever a session starts, and again on [`Access::retry`].
    pub fn new(api: Api, session: Session) -> Access {
        let profile = RwSignal::new(None);
        let retries = RwSignal::new(0u32);
        Effect::new(move |_| {
            retries.track();
            let Some(id) = session.id() else {
                profile.set(None);
                return;
            };
            let api = api.clone();
            leptos::task::spawn_local(async move {
                let read = match api.get_json_value("profiles", "", None).await {
                    Ok(document) => Ok(profile_of(&document)),
                    // A server without profiles.
                    Err(error) if error.status() == Some(404) => Ok(AccessProfile::default()),
                    Err(error) => Err(error),
                };
                if session.id_untracked() == Some(id) {
                    profile.try_set(Some((id, read)));
                }
            });
        });
        Access {
            profile,
            retries,
            session,
        }
    }

    /// The running session's profile or its failure, once read. Tracked.
    fn running<T>(&self, read: impl FnOnce(&Result<AccessProfile, ApiError>) -> T) -> Option<T> {
        let running = self.session.id();
        self.profile.with(|profile| {
            profile
                .as_ref()
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
        self.running(|profile| profile.as_ref().ok().map(|profile| allowed(profile, page)))
            .flatten()
    }

    /// Which statistics of a side the customer sees, and how; `None` until the profile is
    /// read. Tracked.
    pub fn stats(&self, direction: Direction) -> Option<StatsAccess> {
        self.running(|profile| {
            profile
                .as_ref()
                .ok()
                .map(|profile| profile.stats(direction))
        })
        .flatten()
    }

    /// Why the profile could not be read, while it is not known. Tracked.
    pub fn failure(&self) -> Option<ApiError> {
        self.running(|profile| profile.as_ref().err().cloned())
            .flatten()
    }

    /// Asks for the profile again.
    pub fn retry(&self) {
        self.retries.update(|n| *n = n.wrapping_add(1));
    }

    /// Once the profile is read or has failed (or there is no session to have one).
    pub async fn known(self) {
        crate::read::until(move || !self.session.is_signed_in() || self.running(|_| ()).is_some())
            .await
    }
}
