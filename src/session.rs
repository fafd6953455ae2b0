//! The signed-in session: what proves who the customer is (a token, or the server's session
//! cookie), where it is kept, and when it ends.
//!
//! The token is private to this module, the HTTP layer and the embedding bridge (which receives
//! it from the parent page); nothing renders it or puts it in a URL.

use api_model::auth::{Expiry, TokenError, claims_part};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use portal_config::Loose;
use std::cell::Cell;
use std::time::Duration;
use web_sys::{AbortController, AbortSignal};

use crate::kept::{self, Kept};
use crate::long_timeout::LongTimeout;

mod tabs;

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
    /// sessionStorage: until the tab closes; this tab's own session.
    ThisTab,
    /// localStorage: "keep me signed in on this device"; every tab of the browser shares it.
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
    /// Another tab of this browser signed out of the session this tab shared, or started
    /// another one in its place.
    SignedOutElsewhere,
}

/// Why the last session ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ended {
    /// The token's `exp` passed.
    Expired,
    /// The server answered 401.
    Rejected,
    /// The customer signed out (here, or in another tab sharing the session).
    SignedOut,
}

/// Which session it is: a new one whenever a session starts afresh (a sign-in, a restore, a
/// token for another customer), the same through a renewal of the same customer's token.
/// Everything cached for a customer is keyed by it (`Session::id`), so nothing of one session
/// ever serves another.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct SessionId(u64);

thread_local! {
    /// The last session id given, unique among every `Session` of the page.
    static LAST_ID: Cell<u64> = const { Cell::new(0) };
}

impl SessionId {
    fn next() -> SessionId {
        SessionId(LAST_ID.with(|last| {
            last.set(last.get() + 1);
            last.get()
        }))
    }
}

#[derive(Clone, Copy)]
pub struct Session {
    credential: RwSignal<Option<Credential>>,
    /// The running session's id; `None` while signed out.
    id: RwSignal<Option<SessionId>>,
    /// Where the credential is kept.
    keep: StoredValue<Keep>,
    /// Whom the token names (its `sub` claim, as JSON text), when it says.
    subject: StoredValue<Option<String>>,
    /// An embedded portal: whatever the path to a credential, it stays in memory.
    memory_only: bool,
    expires_at: RwSignal<Option<DateTime<Utc>>>,
    notice: RwSignal<Option<Notice>>,
    ended: RwSignal<Option<Ended>>,
    expiry_timer: StoredValue<Option<LongTimeout>, LocalStorage>,
    /// Aborts the running session's requests when it ends (`Session::requests_signal`).
    requests: StoredValue<Option<AbortController>, LocalStorage>,
    /// The other tabs of the browser (`tabs`), for a session kept where they share it.
    tabs: StoredValue<Option<tabs::Tabs>, LocalStorage>,
}

/// What a token says about itself (its signature is the server's business), read by hand
/// from `JSON.parse`'s value (see `crate::json`).
struct TokenClaims {
    expiry: Expiry,
    /// The `sub` claim as JSON text.
    subject: Option<String>,
}

/// The expiry a token claims (its signature is the server's business).
pub fn read_expiry(token: &str) -> Result<Expiry, TokenError> {
    read_claims(token).map(|claims| claims.expiry)
}

fn read_claims(token: &str) -> Result<TokenClaims, TokenError> {
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
    let subject = claims
        .get("sub")
        .filter(|sub| !sub.is_null())
        .map(Loose::to_json);
    Ok(TokenClaims {
        expiry: Expiry { exp },
        subject,
    })
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

/// The value under `key` and where it was kept: this tab's own first, then the browser's.
fn stored(key: &str) -> Option<(String, Keep)> {
    [Keep::ThisTab, Keep::AcrossRestarts]
        .into_iter()
        .find_map(|keep| {
            let value = storage(keep)?.get_item(key).ok().flatten()?;
            Some((value, keep))
        })
        .filter(|(value, _)| !value.trim().is_empty())
}

/// Keeps `value` under `key` where `keep` says; `true` when it replaced another value there
/// that the browser's tabs share (another session's token).
fn store(key: &str, value: &str, keep: Keep) -> bool {
    let Some(storage) = storage(keep) else {
        return false;
    };
    let before = storage.get_item(key).ok().flatten();
    let _ = storage.set_item(key, value);
    keep == Keep::AcrossRestarts && before.is_some_and(|before| before != value)
}

/// Forgets the credentials kept at `keep`.
fn forget_credentials_at(keep: Keep) {
    if let Some(storage) = storage(keep) {
        for kept in kept::CREDENTIALS {
            let _ = storage.remove_item(kept.key());
        }
    }
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
    fn empty(memory_only: bool) -> Session {
        Session {
            credential: RwSignal::new(None),
            id: RwSignal::new(None),
            keep: StoredValue::new(Keep::ThisTab),
            subject: StoredValue::new(None),
            memory_only,
            expires_at: RwSignal::new(None),
            notice: RwSignal::new(None),
            ended: RwSignal::new(None),
            expiry_timer: StoredValue::new_local(None),
            requests: StoredValue::new_local(None),
            tabs: StoredValue::new_local(None),
        }
    }

    /// An embedded portal's session: nothing is restored, and every credential, whichever
    /// way it comes (the parent's message, or the sign-in page offered in the frame), is kept
    /// in memory only.
    pub fn in_memory() -> Session {
        Session::empty(true)
    }

    /// Restores a session kept by an earlier visit: a token unless it has expired meanwhile,
    /// or the mark that a session cookie was set (the server says with its first 401 if the
    /// cookie has gone). The session hears from the browser's other tabs (`tabs`).
    pub fn restore() -> Session {
        let session = Session::empty(false);
        session.tabs.set_value(tabs::Tabs::listen(session));
        if let Some((token, keep)) = stored(TOKEN_KEY) {
            let claims = read_claims(&token);
            match &claims {
                Ok(claims) if claims.expiry.is_expired(Utc::now()) => {
                    forget_credentials_at(keep);
                    kept::forget_customer_data(keep);
                    session.end_in_memory(Ended::Expired, Some(Notice::Expired));
                }
                // A token we cannot read may still be valid for the server (opaque tokens);
                // the first 401 will end it.
                _ => session.start(Credential::Bearer(token), keep, claims.ok().as_ref()),
            }
        } else if let Some((_, keep)) = stored(COOKIE_SESSION_KEY) {
            session.start(Credential::Cookie, keep, None);
        }
        session
    }

    /// Whether an earlier visit left a session that [`Session::restore`] starts: read before
    /// anything else loads, to know which page's code to fetch first.
    pub fn is_stored() -> bool {
        match stored(TOKEN_KEY) {
            Some((token, _)) => read_expiry(&token).map_or(true, |c| !c.is_expired(Utc::now())),
            None => stored(COOKIE_SESSION_KEY).is_some(),
        }
    }

    /// Where a credential asked to be kept at `keep` goes: in memory when embedded.
    fn place(&self, keep: Keep) -> Keep {
        if self.memory_only {
            Keep::InMemory
        } else {
            keep
        }
    }

    /// Starts a session with a token the server issued, the user pasted or the parent page
    /// sent.
    ///
    /// A token whose claims cannot be read is still accepted (the server knows its own tokens;
    /// the first 401 ends such a session), but an expired one never is. A token for the
    /// customer already signed in, kept in the same place, renews the session (an embedding
    /// parent's); any other starts a new one, which shows nothing of the one before.
    pub fn sign_in(&self, token: &str, keep: Keep) -> Result<(), TokenError> {
        let token = bare_token(token);
        if token.is_empty() {
            return Err(TokenError::NotAJwt);
        }
        let claims = read_claims(&token).ok();
        if claims
            .as_ref()
            .is_some_and(|c| c.expiry.is_expired(Utc::now()))
        {
            return Err(TokenError::Expired);
        }
        let keep = self.place(keep);
        let subject = claims.as_ref().and_then(|c| c.subject.clone());
        let renewal = self.is_signed_in_untracked()
            && subject.is_some()
            && self.subject.get_value() == subject
            && self.keep.get_value() == keep;
        if renewal {
            store(TOKEN_KEY, &token, keep);
            self.renew(Credential::Bearer(token), claims.as_ref());
        } else {
            self.close();
            if store(TOKEN_KEY, &token, keep) {
                self.tell_other_tabs(tabs::Shared::Token);
            }
            kept::forget_customer_data(keep);
            self.start(Credential::Bearer(token), keep, claims.as_ref());
        }
        Ok(())
    }

    /// Starts a session held by the server's session cookie (cookie mode). The browser has one
    /// cookie for every tab: the tabs that had a session with it end theirs.
    pub fn sign_in_with_cookie(&self, keep: Keep) {
        let keep = self.place(keep);
        self.close();
        store(COOKIE_SESSION_KEY, "1", keep);
        self.tell_other_tabs(tabs::Shared::Cookie);
        kept::forget_customer_data(keep);
        self.start(Credential::Cookie, keep, None);
    }

    /// Forgets the running session's credential where it is kept, telling the tabs that shared
    /// it: the session is over on this browser.
    fn forget_stored(&self) {
        let Some(credential) = self.credential.get_untracked() else {
            return;
        };
        let keep = self.keep.get_value();
        forget_credentials_at(keep);
        match credential {
            Credential::Cookie => self.tell_other_tabs(tabs::Shared::Cookie),
            Credential::Bearer(_) if keep == Keep::AcrossRestarts => {
                self.tell_other_tabs(tabs::Shared::Token)
            }
            Credential::Bearer(_) => {}
        }
    }

    fn tell_other_tabs(&self, shared: tabs::Shared) {
        self.tabs.with_value(|tabs| {
            if let Some(tabs) = tabs {
                tabs.tell(shared);
            }
        });
    }

    /// Ends whatever session runs, to start another in its place.
    fn close(&self) {
        self.forget_stored();
        self.credential.set(None);
        self.turn_over(None);
    }

    /// Starts a new session with a credential kept at `keep` (the customer's data goes beside
    /// it): the requests of any before it are aborted, and everything keyed by its id is left
    /// behind.
    fn start(&self, credential: Credential, keep: Keep, claims: Option<&TokenClaims>) {
        self.keep.set_value(keep);
        kept::keep_customer_data(keep);
        self.subject
            .set_value(claims.and_then(|c| c.subject.clone()));
        self.turn_over(Some(SessionId::next()));
        self.renew(credential, claims);
    }

    /// The running session's credential and expiry, now `credential`'s.
    fn renew(&self, credential: Credential, claims: Option<&TokenClaims>) {
        self.cancel_timer();
        let expires_at = claims.and_then(|c| c.expiry.expires_at());
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

    /// The session `id` is in force from now (`None`: none is): the requests of the one
    /// before are aborted, and their answers, should any still come, are never taken.
    fn turn_over(&self, id: Option<SessionId>) {
        let controller = id.and_then(|_| AbortController::new().ok());
        self.requests.update_value(|running| {
            if let Some(before) = std::mem::replace(running, controller) {
                before.abort();
            }
        });
        // Nothing one session read serves another.
        crate::fresh::forget();
        self.id.set(id);
    }

    fn cancel_timer(&self) {
        // Dropping the timeout cancels it.
        self.expiry_timer.try_set_value(None);
    }

    /// Ends the session at the user's request (the HTTP layer also tells the server, in
    /// cookie mode).
    pub fn sign_out(&self) {
        crate::drafts::forget();
        self.end(Ended::SignedOut, None);
    }

    /// Ends the session because the server rejected its credential, with the server's words
    /// if it gave any.
    pub fn reject(&self, server_words: Option<String>) {
        self.end(Ended::Rejected, Some(Notice::Rejected(server_words)));
    }

    /// Ends the session here: its credential and the customer's data are forgotten where they
    /// are kept, and the tabs that shared them end theirs too.
    fn end(&self, why: Ended, notice: Option<Notice>) {
        self.forget_stored();
        kept::forget_customer_data(self.keep.get_value());
        self.end_in_memory(why, notice);
    }

    /// Ends what this tab holds of the session, and nothing else: what another tab has done to
    /// the storage they share is that tab's to do.
    fn end_in_memory(&self, why: Ended, notice: Option<Notice>) {
        self.cancel_timer();
        self.credential.set(None);
        self.subject.set_value(None);
        self.turn_over(None);
        self.expires_at.set(None);
        self.notice.set(notice);
        self.ended.set(Some(why));
    }

    /// Another tab ended or replaced the credential `shared`: this tab's session ends too if
    /// it held that credential.
    fn ended_elsewhere(&self, shared: tabs::Shared) {
        let holds = match (self.credential.get_untracked(), shared) {
            (Some(Credential::Cookie), tabs::Shared::Cookie) => true,
            (Some(Credential::Bearer(_)), tabs::Shared::Token) => {
                self.keep.get_value() == Keep::AcrossRestarts
            }
            _ => false,
        };
        if !holds {
            return;
        }
        // This tab's own storage is its own to clear; the browser's, the other tab's.
        let keep = self.keep.get_value();
        if keep != Keep::AcrossRestarts {
            forget_credentials_at(keep);
            kept::forget_customer_data(keep);
        }
        self.end_in_memory(Ended::SignedOut, Some(Notice::SignedOutElsewhere));
    }

    pub fn is_signed_in(&self) -> bool {
        self.credential.with(Option::is_some)
    }

    pub fn is_signed_in_untracked(&self) -> bool {
        self.credential.with_untracked(Option::is_some)
    }

    /// The running session's id (`None` while signed out). Tracked.
    pub fn id(&self) -> Option<SessionId> {
        self.id.get()
    }

    pub fn id_untracked(&self) -> Option<SessionId> {
        self.id.get_untracked()
    }

    /// Why the last session ended, for the sign-in page.
    pub fn notice(&self) -> Option<Notice> {
        self.notice.get()
    }

    /// Why the last session ended (`None` while one runs or before the first).
    pub fn ended(&self) -> Option<Ended> {
        self.ended.get()
    }

    /// Whom the token names (its `sub` claim, as JSON text), when it says.
    pub fn customer_untracked(&self) -> Option<String> {
        self.subject.get_value()
    }

    /// Whether the last session ended under the customer (expiry, a 401, a sign-out in another
    /// tab) rather than by their own sign-out here: what they typed is then kept
    /// (`crate::drafts`).
    pub fn ended_under_the_customer_untracked(&self) -> bool {
        matches!(
            (self.ended.get_untracked(), self.notice.get_untracked()),
            (Some(Ended::Expired | Ended::Rejected), _)
                | (Some(Ended::SignedOut), Some(Notice::SignedOutElsewhere))
        )
    }

    /// When the current token runs out, if it says.
    pub fn expires_at(&self) -> Option<DateTime<Utc>> {
        self.expires_at.get()
    }

    /// Whether credentials stay in memory whatever the sign-in asks (an embedded portal).
    pub fn is_memory_only(&self) -> bool {
        self.memory_only
    }

    /// The credential, for the HTTP layer only.
    pub(crate) fn credential_untracked(&self) -> Option<Credential> {
        self.credential.get_untracked()
    }

    /// Aborted when the running session ends: its requests end with it (the HTTP layer).
    pub(crate) fn requests_signal(&self) -> Option<AbortSignal> {
        self.requests
            .try_with_value(|running| running.as_ref().map(AbortController::signal))
            .flatten()
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
