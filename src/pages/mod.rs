//! One page per route; pages read the URL, call the API through `http`, and compose components.

pub mod account_choices;
pub mod check_rate;
pub mod create;
pub mod dashboard;
pub mod detail;
pub mod families;
pub mod list;
pub mod listed;
pub mod live_calls;
pub mod login;
pub mod money;
pub mod named_choices;
pub mod new_export;
pub mod not_found;
pub mod numberlist;
pub mod recording;
pub mod statement;
pub mod statistics;
pub mod top_up;
pub mod watch;
