//! Everything the portal keeps in the browser's storage, in one place: each key (declared in
//! `portal_config::kept`, as the loader's start reads some of them too), where it lives and when
//! it goes (docs/security.md lists the same).
//!
//! A customer's own data (remembered list views, started top-ups) lives beside the credential:
//! in sessionStorage, or in localStorage for "keep me signed in", so that closing a tab takes it
//! with the token. It is forgotten whenever a session starts afresh or ends (sign-out, a 401,
//! expiry), so the next person on the same browser never sees it. The session says where it
//! goes (`keep_customer_data`) and when it goes (`forget_customer_data`).

use crate::session::Keep;
use std::cell::Cell;

pub use portal_config::kept::{CREDENTIALS, CUSTOMER_DATA, Kept};

pub fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn both_storages() -> impl Iterator<Item = web_sys::Storage> {
    [session_storage(), local_storage()].into_iter().flatten()
}

/// Removes `keys` from sessionStorage and localStorage.
pub fn forget(keys: &[Kept]) {
    for storage in both_storages() {
        for kept in keys {
            let _ = storage.remove_item(kept.key());
        }
    }
}

thread_local! {
    /// Whether the customer's data goes to localStorage: the session's credential is kept
    /// there (`keep_customer_data`); else it goes to sessionStorage.
    static ACROSS_RESTARTS: Cell<bool> = const { Cell::new(false) };
}

/// The customer's data of the session that starts goes beside its credential, kept at `keep`
/// (an embedded portal's, in memory, to sessionStorage).
pub fn keep_customer_data(keep: Keep) {
    ACROSS_RESTARTS.set(keep == Keep::AcrossRestarts);
}

/// Forgets the customer's data when a session kept at `keep` ends or starts afresh: this tab's
/// (sessionStorage), and the browser's (localStorage) unless the tabs that share a session
/// kept there still hold one, which this tab's, kept elsewhere, is not.
pub fn forget_customer_data(keep: Keep) {
    let others_kept_there = keep != Keep::AcrossRestarts
        && local_storage().is_some_and(|storage| {
            CREDENTIALS
                .iter()
                .any(|kept| storage.get_item(kept.key()).ok().flatten().is_some())
        });
    let storages = [
        session_storage(),
        local_storage().filter(|_| !others_kept_there),
    ];
    for storage in storages.into_iter().flatten() {
        for kept in CUSTOMER_DATA {
            let _ = storage.remove_item(kept.key());
        }
    }
}

/// Whether the customer's data is shared with the browser's other tabs (kept across restarts,
/// in localStorage).
pub fn customer_data_shared() -> bool {
    ACROSS_RESTARTS.get()
}

/// Whether the customer has data under `kept`.
pub fn has_customer(kept: Kept) -> bool {
    customer_storage().is_some_and(|storage| storage.get_item(kept.key()).ok().flatten().is_some())
}

/// Where the customer's data goes: beside the session's credential.
fn customer_storage() -> Option<web_sys::Storage> {
    if ACROSS_RESTARTS.get() {
        local_storage()
    } else {
        session_storage()
    }
}

/// The customer's data under `kept`, decoded; `None` when absent or unreadable. Only pages
/// keep such data, so serde_json, which comes with them, reads and writes it.
pub fn read_customer<T: serde::de::DeserializeOwned>(kept: Kept) -> Option<T> {
    let text = customer_storage()?.get_item(kept.key()).ok().flatten()?;
    serde_json::from_str(&text).ok()
}

/// The text under `key` of the customer's map under `kept` (written by `write_customer`), read
/// with the browser's `JSON.parse`: the shell reads a remembered list view before any page's
/// code (and serde_json with it) has come.
pub fn read_customer_entry(kept: Kept, key: &str) -> Option<String> {
    let text = customer_storage()?.get_item(kept.key()).ok().flatten()?;
    let map = crate::json::parse(&text).ok()?;
    js_sys::Reflect::get(&map, &key.into()).ok()?.as_string()
}

/// Stores the customer's data under `kept` (removed when `empty`).
pub fn write_customer<T: serde::Serialize>(kept: Kept, value: &T, empty: bool) {
    let Some(storage) = customer_storage() else {
        return;
    };
    let _ = match serde_json::to_string(value) {
        Ok(text) if !empty => storage.set_item(kept.key(), &text),
        _ => storage.remove_item(kept.key()),
    };
}
