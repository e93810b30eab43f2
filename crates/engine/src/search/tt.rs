//! The transposition table: a fixed-size hash table of search results,
//! allocated once, in buckets of four packed 16-byte entries (one cache
//! line), shared by the threads of a parallel search without locks.
//!
//! An entry holds the key, a score with its bound (exact value, lower or
//! upper bound), the depth searched, the best move, whether the result is
//! *solved* (its whole subtree reached the end of the game, so it holds at
//! any depth) and the search generation that wrote it. Replacement keeps
//! solved and deep entries of the current search and evicts old ones first.

use std::sync::atomic::{AtomicU64, Ordering};

use mancala_core::{Direction, Move};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score.
    Upper,
    /// The true value is at least the score.
    Lower,
    /// The score is the value.
    Exact,
}

const BOUND_MASK: u8 = 3;
const SOLVED: u8 = 4;

/// One stored result, unpacked. In the table it is two 64-bit words: the
/// data packed into one ([`Entry::pack`]) and the key XOR the data in the
/// other. Threads read and write the words without locks; a read of two
/// words written by different stores fails the XOR check and counts as a
/// miss, so a torn entry is never used (the lockless scheme of
/// Hyatt and Mann, "A lock-less transposition table implementation", 2002).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    score: i16,
    depth: u8,
    flags: u8,
    /// 0: none; `k + 1`: sow pit `k`; 255: swap.
    mv: u8,
    generation: u8,
}

impl Entry {
    /// Bits 0-15 score, 16-23 depth, 24-31 flags, 32-39 move, 40-47
    /// generation.
    #[inline]
    fn pack(&self) -> u64 {
        (self.score as u16 as u64)
            | (self.depth as u64) << 16
            | (self.flags as u64) << 24
            | (self.mv as u64) << 32
            | (self.generation as u64) << 40
    }

    #[inline]
    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u16 as i16,
            depth: (data >> 16) as u8,
            flags: (data >> 24) as u8,
            mv: (data >> 32) as u8,
            generation: (data >> 40) as u8,
        }
    }
}

/// One slot: the key XOR the data, and the data.
#[derive(Default)]
#[repr(C)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held, with its key (0 for an empty slot).
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.pack();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; 4]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The score stored, for the player to move.
    pub score: i32,
    /// Whether the score is the value or a bound on it.
    pub bound: Bound,
    /// The depth the position was searched to, in moves.
    pub depth: u32,
    /// The whole subtree reached the end of the game: the score holds at
    /// any depth.
    pub solved: bool,
    /// The best move found there, if one was stored.
    pub mv: Option<Move>,
}

/// The table. Probes and stores take `&self`: the threads of a parallel
/// search share one table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    mask: u64,
    generation: u8,
}

/// A transposition table that could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot allocate a transposition table of {mb} MiB: not enough memory; choose a smaller size"
)]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub mb: usize,
}

/// Default size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

impl TranspositionTable {
    /// A table of at most `mb` MiB (at least one bucket; the number of
    /// buckets is a power of two).
    ///
    /// Panics (aborts) when the memory cannot be had: see
    /// [`TranspositionTable::try_new`] for sizes a user chose.
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of at most `mb` MiB, or an error when the memory cannot be
    /// allocated (nothing is allocated then).
    pub fn try_new(mb: usize) -> Result<TranspositionTable, TableAllocError> {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let mut count = 1usize;
        while count * 2 * std::mem::size_of::<Bucket>() <= bytes {
            count *= 2;
        }
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| TableAllocError { mb })?;
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable { buckets, mask: count as u64 - 1, generation: 0 })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The bucket `key` belongs in (keys are stored with their lowest bit
    /// set, so that key 0 never is).
    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[((key | 1) >> 2 & self.mask) as usize]
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a
    /// probe soon after does not wait for memory. A hint only: it changes no
    /// result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        mancala_core::prefetch(self.bucket(key));
    }

    /// The stored result for `key`, if any. Key 0 is never stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let bucket = self.bucket(key);
        let key = key | 1;
        bucket.0.iter().map(Slot::load).find(|e| e.key == key).map(|e| Hit {
            score: e.score as i32,
            bound: match e.flags & BOUND_MASK {
                0 => Bound::Upper,
                1 => Bound::Lower,
                _ => Bound::Exact,
            },
            depth: e.depth as u32,
            solved: e.flags & SOLVED != 0,
            mv: decode_move(e.mv),
        })
    }

    /// Stores a result.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        score: i32,
        bound: Bound,
        depth: u32,
        solved: bool,
        mv: Option<Move>,
    ) {
        let bucket = self.bucket(key);
        let key = key | 1;
        let generation = self.generation;
        let entries: [Entry; 4] = std::array::from_fn(|i| bucket.0[i].load());
        let worth = |e: &Entry| -> i32 {
            let age = generation.wrapping_sub(e.generation) as i32;
            let depth = if e.flags & SOLVED != 0 { 300 } else { e.depth as i32 };
            depth - 64 * age
        };
        let slot = match entries.iter().position(|e| e.key == key) {
            Some(i) => {
                // Keep a solved result rather than a heuristic one.
                if entries[i].flags & SOLVED != 0 && !solved {
                    return;
                }
                i
            }
            None => (0..4).min_by_key(|&i| worth(&entries[i])).expect("four slots"),
        };
        let flags = match bound {
            Bound::Upper => 0,
            Bound::Lower => 1,
            Bound::Exact => 2,
        } | if solved { SOLVED } else { 0 };
        let old_mv = if entries[slot].key == key { entries[slot].mv } else { 0 };
        bucket.0[slot].save(&Entry {
            key,
            score: score as i16,
            depth: depth.min(255) as u8,
            flags,
            mv: mv.map(encode_move).unwrap_or(old_mv),
            generation,
        });
    }
}

/// A move in a byte: 0 none, pit `k` sown its one way `k + 1`, sown in a
/// chosen direction `DIRECTED + 2k` (counter-clockwise) or `+ 1`
/// (clockwise), the bonus take of the opponent's pit `k` `TAKE + k`, the
/// swap 255.
fn encode_move(mv: Move) -> u8 {
    match mv {
        Move::Sow(k) => k + 1,
        Move::Directed(k, way) => DIRECTED + 2 * k.min(63) + (way == Direction::Clockwise) as u8,
        Move::Take(k) => TAKE + k.min(63),
        Move::Swap => 255,
    }
}

const DIRECTED: u8 = 128;
/// The first code of a bonus take: above every pit's `k + 1` (at most 16).
const TAKE: u8 = 64;

fn decode_move(code: u8) -> Option<Move> {
    match code {
        0 => None,
        255 => Some(Move::Swap),
        c if c >= DIRECTED => {
            let way = if c % 2 == 1 { Direction::Clockwise } else { Direction::CounterClockwise };
            Some(Move::Directed((c - DIRECTED) / 2, way))
        }
        c if c >= TAKE => Some(Move::Take(c - TAKE)),
        k => Some(Move::Sow(k - 1)),
    }
}
