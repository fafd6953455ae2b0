//! The numbers calls come from: customers call from a limited set of numbers per source
//! prefix, the same on every run. Both the seeded exports (their `src_prefix_routing_eq`) and
//! the call history's CDRs use them.

use crate::seeded::random::{hash, label, mix};

/// How many source numbers share one source prefix.
pub const NUMBERS_PER_SOURCE_PREFIX: u64 = 40;
/// Length of a number when its rate does not tell.
pub const DEFAULT_NUMBER_LENGTH: usize = 12;
const MAX_NUMBER_LENGTH: usize = 20;

/// `prefix` followed by digits from `bits` up to `length` digits in all (at least one digit).
pub fn digits_after(prefix: &str, length: usize, mut bits: u64) -> String {
    let wanted = length.clamp(prefix.len() + 1, MAX_NUMBER_LENGTH.max(prefix.len() + 1));
    let mut number = String::with_capacity(wanted);
    number.push_str(prefix);
    let mut used = 0;
    while number.len() < wanted {
        if used == 18 {
            bits = mix(bits);
            used = 0;
        }
        number.push(char::from(b'0' + (bits % 10) as u8));
        bits /= 10;
        used += 1;
    }
    number
}

/// The `index`-th source number of a source prefix.
pub fn source_number(prefix: &str, index: u64) -> String {
    digits_after(
        prefix,
        DEFAULT_NUMBER_LENGTH,
        hash(&[label(prefix), index % NUMBERS_PER_SOURCE_PREFIX]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_their_prefix_and_length() {
        assert_eq!(digits_after("38044", 12, 1234567).len(), 12);
        assert!(digits_after("38044", 12, 99).starts_with("38044"));
        assert_eq!(digits_after("12345678901234", 12, 5).len(), 15);
        assert_eq!(digits_after("", 30, u64::MAX).len(), MAX_NUMBER_LENGTH);
        assert!(digits_after("1", 20, 7).bytes().all(|b| b.is_ascii_digit()));
        let pool: std::collections::HashSet<String> =
            (0..200).map(|i| source_number("4930", i)).collect();
        assert_eq!(pool.len() as u64, NUMBERS_PER_SOURCE_PREFIX);
    }
}
