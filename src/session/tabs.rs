//! The browser's other tabs of the portal: a session kept where they share it (the token kept
//! across restarts in localStorage, or cookie mode's cookie, which the browser has one of for
//! every tab) ends in all of them at once. A tab that ends or replaces such a credential says
//! so on a `BroadcastChannel`; the tabs that held it end their sessions (`Session::
//! ended_elsewhere`). A tab signed in on its own (sessionStorage) hears nothing of it.

use super::Session;
use wasm_bindgen::JsCast;

/// The channel every tab of the portal's origin listens on.
const CHANNEL: &str = "portal.session";

/// A credential the browser's tabs share.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shared {
    /// The token kept across restarts (localStorage).
    Token,
    /// The server's session cookie.
    Cookie,
}

impl Shared {
    fn word(self) -> &'static str {
        match self {
            Shared::Token => "token",
            Shared::Cookie => "cookie",
        }
    }

    fn of(word: &str) -> Option<Shared> {
        match word {
            "token" => Some(Shared::Token),
            "cookie" => Some(Shared::Cookie),
            _ => None,
        }
    }
}

/// This tab's end of the channel; dropped, it stops listening.
pub(super) struct Tabs {
    channel: web_sys::BroadcastChannel,
    _listener: gloo_events::EventListener,
}

impl Tabs {
    /// Listens for what other tabs say about the credentials `session` may share with them.
    pub(super) fn listen(session: Session) -> Option<Tabs> {
        let channel = web_sys::BroadcastChannel::new(CHANNEL).ok()?;
        let listener = gloo_events::EventListener::new(&channel, "message", move |event| {
            let said = event
                .dyn_ref::<web_sys::MessageEvent>()
                .and_then(|message| message.data().as_string());
            if let Some(shared) = said.as_deref().and_then(Shared::of) {
                session.ended_elsewhere(shared);
            }
        });
        Some(Tabs {
            channel,
            _listener: listener,
        })
    }

    /// Tells the other tabs that this one ended or replaced `shared` (a channel's messages
    /// reach every other channel of its name, not itself).
    pub(super) fn tell(&self, shared: Shared) {
        let _ = self.channel.post_message(&shared.word().into());
    }
}

impl Drop for Tabs {
    fn drop(&mut self) {
        self.channel.close();
    }
}
