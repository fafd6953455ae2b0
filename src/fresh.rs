//! Back and Forward never ask again for what is still fresh: the answers of the session's reads
//! are kept a short while, and a page reached by Back or Forward takes them instead of asking.
//!
//! What the browser and Leptos lack: the browser's back-forward cache does not hold the pages of
//! a single-page app, its HTTP cache holds none of the portal's answers (`no-store`: the
//! customer's data never goes to disk), and the router keeps nothing of a page it left. So the
//! HTTP layer keeps each answer here, in memory, for the session that read it: it is dropped at
//! every start and end of a session and at every write (a kept answer could contradict what the
//! write changed). It serves only the first read of each address after Back or Forward to the
//! page, until the customer acts there; any later read (a reload of a record still changing, a
//! retry, the next page, a link followed) asks the server, and what changes by the second (live
//! calls) is never kept (`Api::without_kept_answers`).

use std::cell::RefCell;

/// How long an answer stays fresh, from the moment it came.
pub const FRESH_FOR_MS: f64 = 60_000.0;
/// The most answers kept (the oldest dropped first).
pub const KEPT_AT_MOST: usize = 16;
/// The most bytes of answers kept (a page of a thousand rows is about half a megabyte).
pub const KEPT_BYTES_AT_MOST: usize = 4 << 20;

/// The answers kept, and the page reached by Back or Forward. `S` is the session's id.
pub struct Answers<S> {
    /// The oldest first.
    kept: Vec<Kept<S>>,
    traversal: Option<Traversal>,
}

struct Kept<S> {
    session: S,
    url: String,
    status: u16,
    body: String,
    came_at_ms: f64,
}

/// The address Back or Forward went to, and the reads already served there.
struct Traversal {
    address: String,
    served: Vec<String>,
}

impl<S> Default for Answers<S> {
    fn default() -> Self {
        Answers {
            kept: Vec::new(),
            traversal: None,
        }
    }
}

impl<S: PartialEq> Answers<S> {
    /// Keeps the answer to `url` that came at `now_ms` for `session`, in place of an older one.
    pub fn keep(&mut self, session: S, url: &str, status: u16, body: &str, now_ms: f64) {
        self.kept.retain(|kept| {
            is_fresh(kept.came_at_ms, now_ms) && !(kept.session == session && kept.url == url)
        });
        if body.len() > KEPT_BYTES_AT_MOST {
            return;
        }
        self.kept.push(Kept {
            session,
            url: url.to_owned(),
            status,
            body: body.to_owned(),
            came_at_ms: now_ms,
        });
        let mut bytes: usize = self.kept.iter().map(|kept| kept.body.len()).sum();
        while self.kept.len() > KEPT_AT_MOST || bytes > KEPT_BYTES_AT_MOST {
            bytes -= self.kept.remove(0).body.len();
        }
    }

    /// Back or Forward has gone to `address`.
    pub fn traversed(&mut self, address: String) {
        self.traversal = Some(Traversal {
            address,
            served: Vec::new(),
        });
    }

    /// The customer acted on the page reached by Back or Forward (a click, a key, a form sent):
    /// what is read from now on is asked for.
    pub fn acted(&mut self) {
        self.traversal = None;
    }

    /// The answer kept for a read of `url` by `session` on the page at `address`, if that page
    /// was reached by Back or Forward, the read is its first of `url`, and the answer is fresh.
    pub fn take(
        &mut self,
        session: &S,
        url: &str,
        address: &str,
        now_ms: f64,
    ) -> Option<(u16, String)> {
        let traversal = self.traversal.as_mut().filter(|t| t.address == address)?;
        if traversal.served.iter().any(|served| served == url) {
            return None;
        }
        traversal.served.push(url.to_owned());
        let kept = self
            .kept
            .iter()
            .find(|kept| kept.session == *session && kept.url == url)?;
        is_fresh(kept.came_at_ms, now_ms).then(|| (kept.status, kept.body.clone()))
    }

    /// Drops every answer kept (a session starts or ends, a write was sent).
    pub fn forget(&mut self) {
        self.kept.clear();
    }

    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

/// Whether an answer that came at `came_at_ms` is fresh at `now_ms`; a clock set back makes no
/// answer young.
fn is_fresh(came_at_ms: f64, now_ms: f64) -> bool {
    (0.0..FRESH_FOR_MS).contains(&(now_ms - came_at_ms))
}

thread_local! {
    static ANSWERS: RefCell<Answers<crate::session::SessionId>> = RefCell::new(Answers::default());
}

/// Keeps an answer that just came (see [`Answers::keep`]).
pub fn keep(session: crate::session::SessionId, url: &str, status: u16, body: &str) {
    let now = js_sys::Date::now();
    ANSWERS.with_borrow_mut(|answers| answers.keep(session, url, status, body, now));
}

/// The answer kept for this read, if the page was reached by Back or Forward and it is fresh.
pub fn take(session: crate::session::SessionId, url: &str) -> Option<(u16, String)> {
    let address = crate::routing::shown_address()?;
    let now = js_sys::Date::now();
    ANSWERS.with_borrow_mut(|answers| answers.take(&session, url, &address, now))
}

/// Drops every answer kept.
pub fn forget() {
    ANSWERS.with_borrow_mut(Answers::forget);
}

/// Marks the pages Back and Forward go to: call once, before the app mounts. Its listener is then
/// the first to hear of it, before the router's (whose page starts its reads at once).
pub fn install() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let first = gloo_events::EventListenerOptions::run_in_capture_phase();
    gloo_events::EventListener::new_with_options(&window, "popstate", first, |_| {
        if let Some(address) = crate::routing::shown_address() {
            ANSWERS.with_borrow_mut(|answers| answers.traversed(address));
        }
    })
    .forget();
    // A link or a form starts its page's reads before the address changes (the router writes
    // it once the page is drawn): whatever the customer does after Back or Forward, asks.
    for name in ["click", "keydown", "submit"] {
        gloo_events::EventListener::new_with_options(&window, name, first, |_| {
            ANSWERS.with_borrow_mut(Answers::acted);
        })
        .forget();
    }
}
