//! Which pages the customer's portal access profile (`GET /profiles`) includes. The server does
//! not enforce these flags; they say what a portal should offer, so hidden pages leave the
//! navigation and their URLs say "not available for your account".
//!
//! A flag the profile does not carry allows its pages (every flag defaults to true on the real
//! server but `payments-cryptomus`), and so does a server without profiles (older deployments
//! answer 404) or a profile that cannot be read: the customer then sees everything, as before
//! profiles existed.

use crate::http::Api;
use crate::remote::Remote;
use crate::routing::Page;
use crate::session::{Session, SessionId};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;
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

/// A page and what to do once the first profile allows it: the shell's read-ahead of that
/// page's first request (`on_demand::read_ahead`), which a withheld page must not make.
pub type WhenAllowed = (Page, Box<dyn FnOnce()>);

#[derive(Clone, Copy)]
pub struct Access {
    /// The profile of the session whose id it holds: no other session's pages follow it.
    profile: Remote<(SessionId, Flags)>,
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
                    let read = api.get_json_value("profiles", "", signal).await;
                    let flags = read.map(|document| flags(&document));
                    if let (Ok(flags), Some((page, then))) = (&flags, when_allowed.take())
                        && allowed(Some(flags), page)
                    {
                        then();
                    }
                    flags.map(|flags| (id, flags))
                }
            },
        );
        Access { profile, session }
    }

    /// Whether the profile allows the page; `None` until the running session's profile is
    /// known. Tracked.
    pub fn allows(&self, page: Page) -> Option<bool> {
        if page.profile_flag().is_none() || self.profile.has_error() {
            return Some(allowed(None, page));
        }
        let running = self.session.id();
        self.profile.with_data(|profile| {
            profile
                .filter(|(id, _)| Some(*id) == running)
                .map(|(_, flags)| allowed(Some(flags), page))
        })
    }
}
