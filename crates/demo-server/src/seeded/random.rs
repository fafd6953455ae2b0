//! Deterministic pseudo-randomness: a SplitMix64 generator, keyed hashing and UUIDs.
//!
//! Everything the demo server invents (records, call history) comes from these, so one seed
//! always gives the same data on every machine and every run.

/// One SplitMix64 step: a strong 64-bit mix of `z`.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hash of several keys, order-sensitive.
pub fn hash(keys: &[u64]) -> u64 {
    keys.iter()
        .fold(0x6A09_E667_F3BC_C908, |acc, key| mix(acc ^ mix(*key)))
}

/// A hash of a text label, for salting streams by name.
pub fn label(text: &str) -> u64 {
    text.bytes().fold(0xCBF2_9CE4_8422_2325, |acc, b| {
        (acc ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
    })
}

/// A small deterministic random number generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64, stream: &str) -> Rng {
        Rng(hash(&[seed, label(stream)]))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// Uniform in `0..n` (`n` > 0; 0 gives 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    /// Uniform in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        let span = u64::try_from(high - low).unwrap_or(0) + 1;
        low + i64::try_from(self.below(span)).unwrap_or(0)
    }

    /// True with the given probability in per mille.
    pub fn chance(&mut self, per_mille: u64) -> bool {
        self.below(1000) < per_mille
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        let index = usize::try_from(self.below(items.len() as u64)).unwrap_or(0);
        &items[index]
    }
}

/// A version-4-shaped UUID derived from the seed, a record kind and an index.
pub fn uuid(seed: u64, kind: &str, index: u64) -> String {
    let high = hash(&[seed, label(kind), index, 1]);
    let low = hash(&[seed, label(kind), index, 2]);
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&high.to_be_bytes());
    bytes[8..].copy_from_slice(&low.to_be_bytes());
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .hyphenated()
        .to_string()
}

/// A UUID that is new on every call (request ids, created records), never from the seed.
pub fn fresh_uuid() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static STATE: OnceLock<std::collections::hash_map::RandomState> = OnceLock::new();
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let state = STATE.get_or_init(std::collections::hash_map::RandomState::new);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut bytes = [0u8; 16];
    for (half, chunk) in bytes.chunks_mut(8).enumerate() {
        let mut hasher = state.build_hasher();
        hasher.write_u64(count);
        hasher.write_usize(half);
        chunk.copy_from_slice(&hasher.finish().to_be_bytes());
    }
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .hyphenated()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_values_other_seed_other_values() {
        let a: Vec<u64> = (0..5).map(|_| Rng::new(7, "x").next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rng::new(7, "x").next_u64(), Rng::new(8, "x").next_u64());
        assert_ne!(Rng::new(7, "x").next_u64(), Rng::new(7, "y").next_u64());
        assert_eq!(uuid(1, "accounts", 3), uuid(1, "accounts", 3));
        assert_ne!(uuid(1, "accounts", 3), uuid(1, "accounts", 4));
    }

    #[test]
    fn uuids_are_valid_version_4() {
        for id in [uuid(42, "k", 0), fresh_uuid(), fresh_uuid()] {
            let parsed = uuid::Uuid::parse_str(&id).unwrap();
            assert_eq!(parsed.get_version_num(), 4);
            assert_eq!(id.len(), 36);
        }
        assert_ne!(fresh_uuid(), fresh_uuid());
    }

    #[test]
    fn ranges_stay_in_bounds() {
        let mut rng = Rng::new(1, "bounds");
        for _ in 0..1000 {
            let v = rng.range(-3, 3);
            assert!((-3..=3).contains(&v));
        }
        assert_eq!(rng.below(0), 0);
    }
}
