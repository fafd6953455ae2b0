//! Times as the API and the portal's URLs write them, for building and checking queries.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the epoch, now.
pub fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}

/// Seconds since the epoch as the API and the portal's URLs write times:
/// `YYYY-MM-DD HH:MM:SS`, UTC (the API model's own format).
pub fn utc_text(seconds: i64) -> String {
    let time = chrono::DateTime::from_timestamp(seconds, 0).expect("a time within chrono's range");
    api_model::stats::server_time(&time)
}
