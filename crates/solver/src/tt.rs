//! The solver's transposition table: proven bounds on a board's future
//! margin, shared between threads without locks.
//!
//! ## Layout
//!
//! Keys are 96 bits (see [`Key`]). An entry is two 64-bit words, 16 bytes:
//!
//! ```text
//! word 0: key bits 0..64 XOR word 1
//! word 1: key bits 64..96 (high half) | data (low half, 32 bits)
//! data:   bit 31 set (never 0: 0 is an empty entry) | work (6 bits, 25..31)
//!         | best move + 1 (4 bits, 16..20, 0 for none) | upper (i8, 8..16)
//!         | lower (i8, 0..8)
//! ```
//!
//! Four entries make a bucket of one 64-byte cache line, so a probe costs
//! one memory access; a search prefetches a child's bucket while it is
//! still generating the others. A reader checks word 0 against word 1: a
//! write torn by another thread gives a key that does not match and reads as
//! a miss (Hyatt's lockless hashing). The table lives in anonymous memory
//! with transparent huge pages requested, to spare the TLB on tables of
//! gigabytes.
//!
//! Bounds outside `i8` are stored widened to `-127..=127`, which keeps them
//! true (a lower bound lowered, an upper bound raised).

use std::sync::atomic::{AtomicU64, Ordering};

/// A position's table key: 96 significant bits. Keys below `2^96` are
/// compared exactly; [`Key::new`] folds wider ones into 96 bits by a hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u128);

impl Key {
    /// The key of a 128-bit value: itself when it fits in 96 bits, else a
    /// 96-bit hash of it.
    #[inline]
    pub fn new(value: u128) -> Key {
        if value >> 96 == 0 {
            return Key(value);
        }
        let lo = value as u64;
        let hi = (value >> 64) as u64;
        let a = mix(lo ^ mix(hi));
        let b = mix(hi.wrapping_add(0x9E37_79B9_7F4A_7C15) ^ mix(lo));
        Key(((b as u32 as u128) << 64 | a as u128) | 1 << 95)
    }

    #[inline]
    fn lo(self) -> u64 {
        self.0 as u64
    }

    #[inline]
    fn hi(self) -> u32 {
        (self.0 >> 64) as u32
    }
}

#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Proven bounds for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The move that proved the lower bound, 0-based pit, if any (pits up to
    /// 14 are kept).
    pub best: Option<u8>,
    /// log2 of the nodes searched to prove the bounds (up to 63).
    pub work: u8,
}

/// Entries per bucket: one 64-byte cache line.
const WAYS: usize = 4;
/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;
const _: () = assert!(WAYS * ENTRY_BYTES == 64);

/// The solver's transposition table: fixed-size, of 4-entry buckets,
/// allocated once.
pub struct SolverTable {
    memory: crate::memory::Buffer,
    /// Buckets - 1 (a power of two minus one).
    mask: usize,
    /// 64 less log2 of the buckets: a bucket is the top bits of a key's
    /// hash.
    shift: u32,
}

impl SolverTable {
    /// A table of about `megabytes` MiB (a power of two of buckets, at least
    /// 1024 entries). Pages are only touched (and paid for) as the search
    /// reaches them. Panics if the memory cannot be had; see
    /// [`SolverTable::try_new`].
    pub fn new(megabytes: usize) -> SolverTable {
        SolverTable::try_new(megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`SolverTable::new`], or an error naming the size when the system refuses
    /// the memory.
    pub fn try_new(megabytes: usize) -> std::io::Result<SolverTable> {
        let want = (megabytes << 20) / (WAYS * ENTRY_BYTES);
        let buckets = want.max(256).next_power_of_two();
        let buckets = if buckets > want.max(256) { buckets / 2 } else { buckets };
        let bytes = buckets * WAYS * ENTRY_BYTES;
        let memory = crate::memory::Buffer::zeroed(bytes).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("cannot allocate a transposition table of {} MiB: {e}", bytes >> 20),
            )
        })?;
        Ok(SolverTable { memory, mask: buckets - 1, shift: 64 - buckets.trailing_zeros() })
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    #[inline]
    fn words(&self) -> &[AtomicU64] {
        // SAFETY: the mapping is page-aligned, writable, lives as long as
        // `self`, and all-zero bytes are valid `AtomicU64`s; every access
        // goes through atomics, so sharing between threads is sound.
        unsafe {
            std::slice::from_raw_parts(
                self.memory.as_ptr() as *const AtomicU64,
                self.memory.len() / 8,
            )
        }
    }

    /// Index of the first word of `key`'s bucket.
    #[inline]
    fn bucket(&self, key: Key) -> usize {
        // Multiplicative hashing: the top bits of the product depend on
        // every bit of the key (its low bits only on the key's low bits, so
        // boards differing in the opponent's row alone would share buckets).
        let h = (key.lo() ^ (key.hi() as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> self.shift) as usize & self.mask) * (WAYS * 2)
    }

    /// Asks the processor to fetch `key`'s bucket into the cache: a later
    /// [`SolverTable::get`] or [`SolverTable::put`] of the key will not wait on memory.
    #[inline]
    pub fn prefetch(&self, key: Key) {
        crate::read_trace::table(
            crate::read_trace::TABLE_PREFETCH,
            self.bucket(key) / (WAYS * 2),
            key.lo(),
        );
        mancala_core::prefetch(&self.words()[self.bucket(key)]);
    }

    /// The bounds stored for `key`, if any.
    #[inline(always)]
    pub fn get(&self, key: Key) -> Option<Bounds> {
        let i = self.bucket(key);
        crate::read_trace::table(crate::read_trace::TABLE_GET, i / (WAYS * 2), key.lo());
        let bucket = &self.words()[i..i + WAYS * 2];
        for e in bucket.chunks_exact(2) {
            let w1 = e[1].load(Ordering::Relaxed);
            let w0 = e[0].load(Ordering::Relaxed);
            if w1 as u32 != 0 && w0 ^ w1 == key.lo() && (w1 >> 32) as u32 == key.hi() {
                return Some(unpack(w1 as u32));
            }
        }
        None
    }

    /// Stores bounds for `key`: in the key's own entry if it has one, else an
    /// empty entry, else the entry of the bucket that cost least work.
    #[inline]
    pub fn put(&self, key: Key, bounds: Bounds) {
        self.update(key, |_| bounds);
    }

    /// Stores for `key` the bounds `f` makes of those stored for it (if
    /// any), where [`SolverTable::put`] would: the bucket is read once.
    #[inline]
    pub fn update(&self, key: Key, f: impl FnOnce(Option<Bounds>) -> Bounds) {
        let i = self.bucket(key);
        crate::read_trace::table(crate::read_trace::TABLE_UPDATE, i / (WAYS * 2), key.lo());
        let bucket = &self.words()[i..i + WAYS * 2];
        let mut victim = 0;
        let mut least = u8::MAX;
        let mut old = None;
        for (j, e) in bucket.chunks_exact(2).enumerate() {
            let w1 = e[1].load(Ordering::Relaxed);
            let data = w1 as u32;
            if data == 0 {
                victim = j;
                break;
            }
            if e[0].load(Ordering::Relaxed) ^ w1 == key.lo() && (w1 >> 32) as u32 == key.hi() {
                victim = j;
                old = Some(unpack(data));
                break;
            }
            let work = unpack(data).work;
            if work < least {
                least = work;
                victim = j;
            }
        }
        let w1 = (key.hi() as u64) << 32 | pack(f(old)) as u64;
        bucket[2 * victim].store(key.lo() ^ w1, Ordering::Relaxed);
        bucket[2 * victim + 1].store(w1, Ordering::Relaxed);
    }
}

fn pack(b: Bounds) -> u32 {
    let lower = b.lower.clamp(-127, 127) as i8 as u8 as u32;
    let upper = b.upper.clamp(-127, 127) as i8 as u8 as u32;
    let best = b.best.filter(|&m| m < 15).map_or(0, |m| m as u32 + 1);
    lower | upper << 8 | best << 16 | (b.work.min(63) as u32) << 25 | 1 << 31
}

fn unpack(d: u32) -> Bounds {
    let best = (d >> 16) as u8 & 0xf;
    Bounds {
        lower: d as u8 as i8 as i32,
        upper: (d >> 8) as u8 as i8 as i32,
        best: best.checked_sub(1),
        work: (d >> 25) as u8 & 0x3f,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_and_misses_are_misses() {
        let t = SolverTable::new(1);
        let k = Key::new(42);
        let b = Bounds { lower: -7, upper: 12, best: Some(3), work: 9 };
        t.put(k, b);
        assert_eq!(t.get(k), Some(b));
        assert_eq!(t.get(Key::new(43)), None);
        let c = Bounds { lower: 5, upper: 5, best: None, work: 1 };
        t.put(k, c);
        assert_eq!(t.get(k), Some(c));
        assert_eq!(t.get(Key::new(u128::MAX)), None);
    }

    #[test]
    fn keys_differing_only_in_high_bits_are_different_entries() {
        let t = SolverTable::new(1);
        let a = Key::new(7);
        let b = Key::new(7 | 1 << 80);
        let wide = Key::new(7 | 1 << 100);
        assert_ne!(a, b);
        assert_ne!(a, wide);
        t.put(a, Bounds { lower: 1, upper: 1, best: None, work: 0 });
        assert_eq!(t.get(b), None);
        assert_eq!(t.get(wide), None);
    }

    #[test]
    fn bounds_beyond_i8_are_widened_not_wrapped() {
        let t = SolverTable::new(1);
        let k = Key::new(9);
        t.put(k, Bounds { lower: -200, upper: 180, best: Some(9), work: 70 });
        assert_eq!(t.get(k), Some(Bounds { lower: -127, upper: 127, best: Some(9), work: 63 }));
    }

    #[test]
    fn a_full_bucket_keeps_the_costliest_entries() {
        let t = SolverTable::new(1);
        // Find five keys of one bucket.
        let first = Key::new(1);
        let same: Vec<Key> = (2..1_000_000u128)
            .map(Key::new)
            .filter(|&k| t.bucket(k) == t.bucket(first))
            .take(4)
            .collect();
        t.put(first, Bounds { lower: 0, upper: 0, best: None, work: 1 });
        for (i, &k) in same.iter().take(3).enumerate() {
            t.put(k, Bounds { lower: 0, upper: 0, best: None, work: 10 + i as u8 });
        }
        // The bucket is full; the cheapest entry (`first`) gives way.
        t.put(same[3], Bounds { lower: 2, upper: 2, best: None, work: 5 });
        assert_eq!(t.get(first), None);
        assert!(same.iter().all(|&k| t.get(k).is_some()));
    }
}
