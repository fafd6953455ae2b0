//! What every API handler shares.

use crate::model::data_set::DataSet;
use crate::routes::auth::TokenKeys;
use crate::routes::faults::{FaultState, Faults};
use crate::routes::phone_systems::PhoneSessions;
use crate::traffic::statistics::MinuteCache;
use std::time::Duration;

pub struct AppState {
    pub data: DataSet,
    pub tokens: TokenKeys,
    pub minute_cache: MinuteCache,
    pub faults: FaultState,
    /// Phone-system sessions opened through the API, for their stand-in page.
    pub phone_sessions: PhoneSessions,
}

impl AppState {
    /// Serves `data`, issuing tokens of `token_lifetime`, with `faults` in force.
    pub fn new(data: DataSet, token_lifetime: Duration, faults: Faults) -> AppState {
        let state = AppState {
            data,
            tokens: TokenKeys::new(token_lifetime),
            minute_cache: MinuteCache::default(),
            faults: FaultState::new(Faults::default()),
            phone_sessions: PhoneSessions::default(),
        };
        state.apply_faults(faults);
        state
    }

    /// Puts fault settings in force, including their token-lifetime override.
    pub fn apply_faults(&self, faults: Faults) {
        self.tokens.set_lifetime(faults.token_lifetime_seconds);
        self.faults.set(faults);
    }
}
