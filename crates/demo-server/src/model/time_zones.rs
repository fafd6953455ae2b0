//! The time-zone names a CDR export takes: the IANA names (zones and their links, as the
//! real server's list from PostgreSQL's `pg_timezone_names` has them after it drops the
//! helper names Rails cannot build), from the tz database's `tzdata.zi`.

/// One name a line, sorted.
const NAMES: &str = include_str!("time_zones.txt");

/// Whether `name` is a time zone the real server knows (`Europe/Kyiv`, `UTC`).
pub fn is_known(name: &str) -> bool {
    NAMES.lines().any(|known| known == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn knows_iana_names_and_links_but_not_words() {
        for name in ["Europe/Kyiv", "Europe/Kiev", "UTC", "America/New_York"] {
            assert!(super::is_known(name), "{name}");
        }
        for name in ["invalid value", "europe/kyiv", "Mars/Olympus", ""] {
            assert!(!super::is_known(name), "{name}");
        }
    }
}
