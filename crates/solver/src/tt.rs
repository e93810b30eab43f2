//! The solver's transposition table: proven bounds on a board's future
//! margin, shared between threads without locks.
//!
//! An entry is three words: `key_lo ^ data`, `key_hi ^ data`, `data`. A
//! reader recomputes the key from the first two words and the third; a torn
//! write by another thread gives a key that does not match, so it reads as a
//! miss (Hyatt's lockless hashing). Keys are the full 128-bit board key, so a
//! hit is never another position's bound.
//!
//! `data` packs: lower bound (i8), upper bound (i8), best move + 1 (u8, 0 for
//! none), work (u8: log2 of the nodes searched below), 32 bits unused.

use std::sync::atomic::{AtomicU64, Ordering};

/// Proven bounds for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The move that proved the lower bound, 0-based pit, if any.
    pub best: Option<u8>,
    pub work: u8,
}

#[derive(Default)]
struct Slot {
    a: AtomicU64,
    b: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table of 2-entry buckets, allocated once.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

impl Table {
    /// A table of about `megabytes` MiB (at least 1024 entries).
    pub fn new(megabytes: usize) -> Table {
        let want = (megabytes << 20) / ENTRY_BYTES;
        let buckets = (want / 2).max(512).next_power_of_two() / 2 * 2;
        // Zeroed memory straight from the allocator: the pages are only
        // touched (and paid for) as the search reaches them.
        let slots = Box::<[Slot]>::new_zeroed_slice(buckets * 2);
        // SAFETY: a slot is three atomic integers, for which all-zero bytes
        // are a valid value (an empty slot).
        let slots = unsafe { slots.assume_init() };
        Table { slots, mask: buckets - 1 }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let h = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 20) as usize & self.mask) * 2
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u128) -> Option<Bounds> {
        let i = self.bucket(key);
        for slot in &self.slots[i..i + 2] {
            let data = slot.data.load(Ordering::Relaxed);
            let a = slot.a.load(Ordering::Relaxed) ^ data;
            let b = slot.b.load(Ordering::Relaxed) ^ data;
            if data != 0 && a == key as u64 && b == (key >> 64) as u64 {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores bounds for `key`, replacing the entry of the bucket that cost
    /// less work to prove (or the same key's entry).
    #[inline]
    pub fn put(&self, key: u128, bounds: Bounds) {
        let i = self.bucket(key);
        let data = pack(bounds);
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let mut victim = i;
        let mut least = u8::MAX;
        for j in i..i + 2 {
            let slot = &self.slots[j];
            let old = slot.data.load(Ordering::Relaxed);
            let same = old != 0
                && slot.a.load(Ordering::Relaxed) ^ old == lo
                && slot.b.load(Ordering::Relaxed) ^ old == hi;
            if same || old == 0 {
                victim = j;
                break;
            }
            let work = unpack(old).work;
            if work < least {
                least = work;
                victim = j;
            }
        }
        let slot = &self.slots[victim];
        slot.a.store(lo ^ data, Ordering::Relaxed);
        slot.b.store(hi ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

fn pack(b: Bounds) -> u64 {
    (b.lower as i8 as u8 as u64)
        | (b.upper as i8 as u8 as u64) << 8
        | (b.best.map_or(0, |m| m as u64 + 1)) << 16
        | (b.work as u64) << 24
        | 1 << 63 // never zero: zero means an empty slot
}

fn unpack(d: u64) -> Bounds {
    let best = (d >> 16) as u8;
    Bounds {
        lower: d as u8 as i8 as i32,
        upper: (d >> 8) as u8 as i8 as i32,
        best: best.checked_sub(1),
        work: (d >> 24) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_and_misses_are_misses() {
        let t = Table::new(1);
        let b = Bounds { lower: -7, upper: 12, best: Some(3), work: 9 };
        t.put(42, b);
        assert_eq!(t.get(42), Some(b));
        assert_eq!(t.get(43), None);
        let c = Bounds { lower: 5, upper: 5, best: None, work: 1 };
        t.put(42, c);
        assert_eq!(t.get(42), Some(c));
        assert_eq!(t.get(u128::MAX), None);
    }
}
