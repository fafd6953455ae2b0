//! What the property tests share.

/// xorshift64*: small, fast, deterministic pseudo-random numbers, so a failure reproduces.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// An index into a collection of `len` items (0 when it is empty).
    #[allow(dead_code)] // Each test file compiles this module on its own.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }
}
