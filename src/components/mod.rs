//! Building blocks the pages compose. Components receive data and callbacks; they never fetch.

pub mod balance;
pub mod brand;
pub mod chart;
pub mod credit_ahead;
pub mod detail;
pub mod filter_bar;
pub mod link;
pub mod live_cost;
pub mod pager;
pub mod problems;
pub mod shell;
pub mod status;
pub mod support;
pub mod table;
pub mod time_window;
pub mod value;
