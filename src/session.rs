//! The signed-in session: what proves who the customer is (a token, or the server's session
//! cookie), where it is kept, and when it ends.
//!
//! The token is private to this module, the HTTP layer and the embedding bridge (which receives
//! it from the parent page); nothing renders it or puts it in a URL.

use api_model::auth::{Expiry, TokenError, claims_part};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use portal_config::Loose;
use std::time::Duration;

use crate::kept::{self, Kept};
use crate::long_timeout::LongTimeout;

const TOKEN_KEY: &str = Kept::Token.key();
/// Cookie mode keeps no secret in the browser, only the fact that a session cookie was set.
const COOKIE_SESSION_KEY: &str = Kept::CookieSession.key();

/// What requests carry to prove who the customer is.
#[derive(Clone, PartialEq, Eq)]
pub enum Credential {
    /// `Authorization: Bearer <token>`.
    Bearer(String),
    /// The server's HttpOnly session cookie, which the browser sends by itself.
    Cookie,
}

/// Where a credential is kept.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Keep {
    /// sessionStorage: until the tab closes.
    ThisTab,
    /// localStorage: "keep me signed in on this device".
    AcrossRestarts,
    /// Nowhere: an embedded portal's token belongs to the parent page, which sends it again.
    InMemory,
}

/// What the sign-in page tells about the session that ended; its words are chosen there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Notice {
    /// The token's `exp` passed.
    Expired,
    /// The server answered 401, with its own words if it gave any.
    Rejected(Option<String>),
}

/// Why the last session ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ended {
    /// The token's `exp` passed.
    Expired,
    /// The server answered 401.
    Rejected,
    /// The customer signed out.
    SignedOut,
}

/// Which session something was made in: each start and end of a session makes a new one, so
/// what one session left (an answer read ahead) never serves another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SessionMark(u64);

#[derive(Clone, Copy)]
pub struct Session {
    credential: RwSignal<Option<Credential>>,
    mark: StoredValue<SessionMark>,
    expires_at: RwSignal<Option<DateTime<Utc>>>,
    notice: RwSignal<Option<Notice>>,
    ended: RwSignal<Option<Ended>>,
    expiry_timer: StoredValue<Option<LongTimeout>, LocalStorage>,
}

/// The expiry a token claims (its signature is the server's business), read by hand from
/// `JSON.parse`'s value (see `crate::json`).
pub fn read_expiry(token: &str) -> Result<Expiry, TokenError> {
    let text = claims_text(token)?;
    let claims = crate::json::loose(&crate::json::parse(&text).map_err(TokenError::BadPayload)?);
    let exp = match (&claims, claims.get("exp")) {
        (Loose::Object(_), None | Some(Loose::Null)) => None,
        (Loose::Object(_), Some(Loose::Whole(exp))) => Some(*exp),
        (Loose::Object(_), Some(_)) => {
            return Err(TokenError::BadPayload(
                "exp must be a whole number of seconds".to_owned(),
            ));
        }
        _ => {
            return Err(TokenError::BadPayload(
                "the claims are not an object".to_owned(),
            ));
        }
    };
    Ok(Expiry { exp })
}

/// The JSON text of a token's claims, decoded by the browser (`atob`, which reads base64 with
/// `+` and `/` where base64url has `-` and `_`): no base64 decoder in the shell's wasm.
fn claims_text(token: &str) -> Result<String, TokenError> {
    let unreadable = || TokenError::BadPayload("the claims are not base64url".to_owned());
    let mut base64: String = claims_part(token)?
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    while !base64.len().is_multiple_of(4) {
        base64.push('=');
    }
    let window = web_sys::window().ok_or_else(unreadable)?;
    // One character per byte, each below 256.
    let binary = window.atob(&base64).map_err(|_| unreadable())?;
    let bytes = binary.chars().map(|c| c as u8).collect();
    String::from_utf8(bytes).map_err(|e| TokenError::BadPayload(e.to_string()))
}

fn storage(keep: Keep) -> Option<web_sys::Storage> {
    match keep {
        Keep::ThisTab => kept::session_storage(),
        Keep::AcrossRestarts => kept::local_storage(),
        Keep::InMemory => None,
    }
}

fn stored(key: &str) -> Option<String> {
    [Keep::ThisTab, Keep::AcrossRestarts]
        .into_iter()
        .find_map(|keep| storage(keep)?.get_item(key).ok().flatten())
        .filter(|t| !t.trim().is_empty())
}

fn store(key: &str, value: &str, keep: Keep) {
    if let Some(storage) = storage(keep) {
        let _ = storage.set_item(key, value);
    }
}

fn forget_stored_credentials() {
    kept::forget(&kept::CREDENTIALS);
}

/// A pasted or issued token without a `Bearer ` prefix or surrounding blanks.
fn bare_token(token: &str) -> String {
    let token = token.trim();
    token
        .strip_prefix("Bearer ")
        .unwrap_or(token)
        .trim()
        .to_owned()
}

impl Session {
    fn empty() -> Session {
        Session {
            credential: RwSignal::new(None),
            mark: StoredValue::new(SessionMark(0)),
            expires_at: RwSignal::new(None),
            notice: RwSignal::new(None),
            ended: RwSignal::new(None),
            expiry_timer: StoredValue::new_local(None),
        }
    }

    /// A session with nothing restored: an embedded portal waits for its parent's token.
    pub fn in_memory() -> Session {
        Session::empty()
    }

    /// Restores a session kept by an earlier visit: a token unless it has expired meanwhile,
    /// or the mark that a session cookie was set (the server says with its first 401 if the
    /// cookie has gone).
    pub fn restore() -> Session {
        let session = Session::empty();
        if let Some(token) = stored(TOKEN_KEY) {
            match read_expiry(&token) {
                Ok(claims) if !claims.is_expired(Utc::now()) => {
                    session.start(Credential::Bearer(token), Some(&claims))
                }
                Ok(_) => session.end(Ended::Expired, Some(Notice::Expired)),
                // A token we cannot read may still be valid for the server (opaque tokens);
                // the first 401 will end it.
                Err(_) => session.start(Credential::Bearer(token), None),
            }
        } else if stored(COOKIE_SESSION_KEY).is_some() {
            session.start(Credential::Cookie, None);
        }
        session
    }

    /// Whether an earlier visit left a session that [`Session::restore`] starts: read before
    /// anything else loads, to know which page's code to fetch first.
    pub fn is_stored() -> bool {
        match stored(TOKEN_KEY) {
            Some(token) => read_expiry(&token).map_or(true, |c| !c.is_expired(Utc::now())),
            None => stored(COOKIE_SESSION_KEY).is_some(),
        }
    }

    /// Starts a session with a token the server issued, the user pasted or the parent page
    /// sent.
    ///
    /// A token whose claims cannot be read is still accepted (the server knows its own tokens;
    /// the first 401 ends such a session), but an expired one never is.
    pub fn sign_in(&self, token: &str, keep: Keep) -> Result<(), TokenError> {
        let token = bare_token(token);
        if token.is_empty() {
            return Err(TokenError::NotAJwt);
        }
        let claims = read_expiry(&token).ok();
        if claims.as_ref().is_some_and(|c| c.is_expired(Utc::now())) {
            return Err(TokenError::Expired);
        }
        // A new token while signed in renews the session (an embedding parent's); otherwise a
        // session starts afresh, and nothing of an earlier one's customer may show in it.
        if !self.is_signed_in_untracked() {
            kept::forget(&kept::CUSTOMER_DATA);
        }
        forget_stored_credentials();
        store(TOKEN_KEY, &token, keep);
        self.start(Credential::Bearer(token), claims.as_ref());
        Ok(())
    }

    /// Starts a session held by the server's session cookie (cookie mode).
    pub fn sign_in_with_cookie(&self, keep: Keep) {
        kept::forget(&kept::CUSTOMER_DATA);
        forget_stored_credentials();
        store(COOKIE_SESSION_KEY, "1", keep);
        self.start(Credential::Cookie, None);
    }

    fn start(&self, credential: Credential, claims: Option<&Expiry>) {
        self.cancel_timer();
        self.next_mark();
        let expires_at = claims.and_then(Expiry::expires_at);
        if let Some(expires_at) = expires_at {
            let session = *self;
            let delay = (expires_at - Utc::now()).to_std().unwrap_or(Duration::ZERO);
            let timer = LongTimeout::start(delay, move || {
                session.end(Ended::Expired, Some(Notice::Expired))
            });
            self.expiry_timer.set_value(Some(timer));
        }
        self.notice.set(None);
        self.ended.set(None);
        self.expires_at.set(expires_at);
        self.credential.set(Some(credential));
    }

    fn next_mark(&self) {
        self.mark.update_value(|SessionMark(n)| *n += 1);
    }

    /// The session now: a start or an end since makes another.
    pub fn mark(&self) -> SessionMark {
        self.mark.get_value()
    }

    fn cancel_timer(&self) {
        // Dropping the timeout cancels it.
        self.expiry_timer.try_set_value(None);
    }

    /// Ends the session at the user's request (the HTTP layer also tells the server, in
    /// cookie mode).
    pub fn sign_out(&self) {
        self.end(Ended::SignedOut, None);
    }

    /// Ends the session because the server rejected its credential, with the server's words
    /// if it gave any.
    pub fn reject(&self, server_words: Option<String>) {
        self.end(Ended::Rejected, Some(Notice::Rejected(server_words)));
    }

    fn end(&self, why: Ended, notice: Option<Notice>) {
        self.cancel_timer();
        self.next_mark();
        forget_stored_credentials();
        kept::forget(&kept::CUSTOMER_DATA);
        self.credential.set(None);
        self.expires_at.set(None);
        self.notice.set(notice);
        self.ended.set(Some(why));
    }

    pub fn is_signed_in(&self) -> bool {
        self.credential.with(Option::is_some)
    }

    pub fn is_signed_in_untracked(&self) -> bool {
        self.credential.with_untracked(Option::is_some)
    }

    /// Why the last session ended, for the sign-in page.
    pub fn notice(&self) -> Option<Notice> {
        self.notice.get()
    }

    /// Why the last session ended (`None` while one runs or before the first).
    pub fn ended(&self) -> Option<Ended> {
        self.ended.get()
    }

    /// When the current token runs out, if it says.
    pub fn expires_at(&self) -> Option<DateTime<Utc>> {
        self.expires_at.get()
    }

    /// The credential, for the HTTP layer only.
    pub(crate) fn credential_untracked(&self) -> Option<Credential> {
        self.credential.get_untracked()
    }
}

/// Where signing in leads: `next` when it is a page of the portal on this site (never another
/// site, whatever a crafted link holds: `routing::in_app_target`), else the overview.
pub fn safe_next(next: Option<String>) -> String {
    next.as_deref()
        .and_then(crate::routing::in_app_target)
        .filter(|target| !target.starts_with("/login"))
        .unwrap_or_else(|| "/".to_owned())
}
