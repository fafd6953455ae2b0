//! The keys the portal keeps in the browser's storage, each where it lives and when it goes (the
//! portal's `kept.rs` reads and writes them; docs/security.md
//! lists the same). Here, in the pure crate, because the loader's start reads some of them
//! before the portal's code has come: the build writes them into its JS
//! (`cargo xtask split-wasm`), so the two cannot drift apart.

/// A storage key of the portal's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// The bearer token (sessionStorage, or localStorage across restarts).
    Token,
    /// Cookie mode's mark that the server set a session cookie (no secret).
    CookieSession,
    /// Language, theme, time zone and chosen columns (localStorage; forgotten on sign-out).
    Prefs,
    /// The last query of each list, which holds the customer's filters.
    Views,
    /// The top-ups this customer started, followed until final.
    TopUps,
    /// The customer's watch rules on their accounts, and which of them have fired.
    WatchRules,
    /// What the customer had typed into a page when the session ended under them
    /// (sessionStorage; typed back after they sign in again, dropped on their sign-out).
    Draft,
    /// When this tab last reloaded itself to reach a new deployment (sessionStorage; at most
    /// once a minute, `deployment::may_reload`).
    ReloadedAt,
}

impl Kept {
    pub const fn key(self) -> &'static str {
        match self {
            Kept::Token => "portal.token",
            Kept::CookieSession => "portal.cookie-session",
            Kept::Prefs => "portal.prefs",
            Kept::Views => "portal.views",
            Kept::TopUps => "portal.top-ups",
            Kept::WatchRules => "portal.watch-rules",
            Kept::Draft => "portal.draft",
            Kept::ReloadedAt => "portal.reloaded-at",
        }
    }
}

/// What proves the session: forgotten when it ends.
pub const CREDENTIALS: [Kept; 2] = [Kept::Token, Kept::CookieSession];
/// What belongs to the signed-in customer: forgotten when a session starts afresh or ends.
pub const CUSTOMER_DATA: [Kept; 3] = [Kept::Views, Kept::TopUps, Kept::WatchRules];

/// The version of the preferences' store under [`Kept::Prefs`], `{"version": …, "language": …}`;
/// bumped when its shape changes incompatibly, and older stores are then ignored.
pub const PREFS_VERSION: u32 = 1;
