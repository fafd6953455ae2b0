//! The signed-in session: the token, where it is kept, and when it ends.
//!
//! The token is private to this module and the HTTP layer; nothing renders it or puts it in a URL.

use api_model::auth::{Claims, TokenError, read_claims};
use chrono::Utc;
use leptos::prelude::*;
use std::time::Duration;

const TOKEN_KEY: &str = "portal.token";

/// Message shown on the sign-in page when the session ended by itself.
pub const EXPIRED_MESSAGE: &str = "Your session has expired. Please sign in again.";

#[derive(Clone, Copy)]
pub struct Session {
    token: RwSignal<Option<String>>,
    notice: RwSignal<Option<String>>,
    expiry_timer: StoredValue<Option<TimeoutHandle>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    ThisTab,
    AcrossRestarts,
}

fn storage(keep: Keep) -> Option<web_sys::Storage> {
    let window = web_sys::window()?;
    match keep {
        Keep::ThisTab => window.session_storage().ok().flatten(),
        Keep::AcrossRestarts => window.local_storage().ok().flatten(),
    }
}

fn stored_token() -> Option<String> {
    [Keep::ThisTab, Keep::AcrossRestarts]
        .into_iter()
        .find_map(|keep| storage(keep)?.get_item(TOKEN_KEY).ok().flatten())
        .filter(|t| !t.trim().is_empty())
}

fn forget_stored_token() {
    for keep in [Keep::ThisTab, Keep::AcrossRestarts] {
        if let Some(storage) = storage(keep) {
            let _ = storage.remove_item(TOKEN_KEY);
        }
    }
}

impl Session {
    /// Restores a token kept by an earlier visit, unless it has expired meanwhile.
    pub fn restore() -> Session {
        let session = Session {
            token: RwSignal::new(None),
            notice: RwSignal::new(None),
            expiry_timer: StoredValue::new(None),
        };
        if let Some(token) = stored_token() {
            match read_claims(&token) {
                Ok(claims) if !claims.is_expired(Utc::now()) => session.start(token, &claims),
                Ok(_) => session.expire(EXPIRED_MESSAGE),
                // A token we cannot read may still be valid for the server (opaque tokens);
                // the first 401 will end it.
                Err(_) => session.token.set(Some(token)),
            }
        }
        session
    }

    /// Starts a session with a token the server issued or the user pasted.
    ///
    /// A token whose claims cannot be read is still accepted from the server (it knows its own
    /// tokens; the first 401 ends such a session), but an expired one never is.
    pub fn sign_in(&self, token: &str, keep_signed_in: bool) -> Result<(), TokenError> {
        let token = token.trim();
        let token = token
            .strip_prefix("Bearer ")
            .unwrap_or(token)
            .trim()
            .to_owned();
        if token.is_empty() {
            return Err(TokenError::NotAJwt);
        }
        let claims = read_claims(&token).ok();
        if claims.as_ref().is_some_and(|c| c.is_expired(Utc::now())) {
            return Err(TokenError::BadPayload(
                "this token has already expired".into(),
            ));
        }
        forget_stored_token();
        let keep = if keep_signed_in {
            Keep::AcrossRestarts
        } else {
            Keep::ThisTab
        };
        if let Some(storage) = storage(keep) {
            let _ = storage.set_item(TOKEN_KEY, &token);
        }
        self.notice.set(None);
        match claims {
            Some(claims) => self.start(token, &claims),
            None => {
                self.cancel_timer();
                self.token.set(Some(token));
            }
        }
        Ok(())
    }

    fn start(&self, token: String, claims: &Claims) {
        self.cancel_timer();
        if let Some(expires_at) = claims.expires_at() {
            let session = *self;
            let delay = (expires_at - Utc::now()).to_std().unwrap_or(Duration::ZERO);
            self.arm_timer(delay, move || session.expire(EXPIRED_MESSAGE));
        }
        self.token.set(Some(token));
    }

    // Browsers cap timeouts at 2^31 ms; re-arm in steps so a far-away expiry still fires.
    fn arm_timer(&self, delay: Duration, on_expiry: impl FnOnce() + Clone + 'static) {
        const MAX_STEP: Duration = Duration::from_secs(24 * 3600);
        let session = *self;
        let step = delay.min(MAX_STEP);
        let remaining = delay - step;
        let handle = set_timeout_with_handle(
            move || {
                if remaining.is_zero() {
                    on_expiry();
                } else {
                    session.arm_timer(remaining, on_expiry);
                }
            },
            step,
        )
        .ok();
        self.expiry_timer.set_value(handle);
    }

    fn cancel_timer(&self) {
        if let Some(handle) = self.expiry_timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    }

    /// Ends the session at the user's request.
    pub fn sign_out(&self) {
        self.cancel_timer();
        forget_stored_token();
        self.token.set(None);
    }

    /// Ends the session because the token expired or the server rejected it.
    pub fn expire(&self, message: &str) {
        self.sign_out();
        self.notice.set(Some(message.to_owned()));
    }

    pub fn is_signed_in(&self) -> bool {
        self.token.with(Option::is_some)
    }

    /// Why the last session ended, for the sign-in page.
    pub fn notice(&self) -> Option<String> {
        self.notice.get()
    }

    /// The token, for the HTTP layer only.
    pub(crate) fn token_untracked(&self) -> Option<String> {
        self.token.get_untracked()
    }
}

/// A `next` target is only followed when it is a path on this site (no open redirects).
pub fn safe_next(next: Option<String>) -> String {
    next.filter(|n| n.starts_with('/') && !n.starts_with("//") && !n.starts_with("/login"))
        .unwrap_or_else(|| "/".to_owned())
}
