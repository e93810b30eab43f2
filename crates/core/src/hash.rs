//! Hashing helpers: [`mix64`] (the mixing step of every hash of the
//! project), [`KeyHasher`] for hash maps keyed by already mixed keys such as
//! [`Position::key`] (and `Position`'s own `Hash`, which writes that key),
//! and [`prefetch`], a cache hint for a table about to be read.

use crate::layout::Layout;
use crate::position::Position;

/// Hashed by its [`Position::key`] alone (equal positions have equal keys),
/// so a hash map of positions with [`KeyHasher`] costs one key each.
impl<L: Layout> std::hash::Hash for Position<L> {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key());
    }
}

/// A hasher for keys that are already well mixed ([`Position::key`]): it
/// passes the one `u64` written through. Other writes are folded in with
/// [`mix64`], so it stays correct for any key type.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = if self.0 == 0 { n } else { mix64(self.0 ^ n) };
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(mix64(u64::from_le_bytes(word)));
        }
    }
}

/// Asks the processor to fetch `value`'s cache line (no effect on memory;
/// nothing on other processors): a hint that a read of it is coming soon, so
/// the wait for memory overlaps other work.
#[inline]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch of a valid address has no effect on memory.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            value as *const T as *const i8,
            std::arch::x86_64::_MM_HINT_T0,
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// SplitMix64's finalizer: every input bit reaches every output bit.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
