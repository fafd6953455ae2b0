//! What every API handler shares.

use crate::model::data_set::DataSet;
use crate::routes::auth::TokenKeys;
use crate::routes::faults::{FaultState, Faults};
use crate::traffic::statistics::MinuteCache;
use std::time::Duration;

pub struct AppState {
    pub data: DataSet,
    pub tokens: TokenKeys,
    pub minute_cache: MinuteCache,
    pub faults: FaultState,
}

impl AppState {
    /// Serves `data`, issuing tokens of `token_lifetime`, with `faults` in force.
    pub fn new(data: DataSet, token_lifetime: Duration, faults: Faults) -> AppState {
        let state = AppState {
            data,
            tokens: TokenKeys::new(token_lifetime),
            minute_cache: MinuteCache::default(),
            faults: FaultState::new(Faults::default()),
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
