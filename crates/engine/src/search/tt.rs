//! The transposition table: a fixed-size hash table of search results,
//! allocated once, in buckets of four packed 16-byte entries (one cache
//! line).
//!
//! An entry holds the key, a score with its bound (exact value, lower or
//! upper bound), the depth searched, the best move, whether the result is
//! *solved* (its whole subtree reached the end of the game, so it holds at
//! any depth) and the search generation that wrote it. Replacement keeps
//! solved and deep entries of the current search and evicts old ones first.

use mancala_core::Move;

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

/// One stored result, packed into 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    score: i16,
    depth: u8,
    flags: u8,
    /// 0: none; `k + 1`: sow pit `k`; 255: swap.
    mv: u8,
    generation: u8,
    _pad: [u8; 2],
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub bound: Bound,
    pub depth: u32,
    pub solved: bool,
    pub mv: Option<Move>,
}

/// The table.
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
        buckets.resize(count, Bucket::default());
        Ok(TranspositionTable { buckets, mask: count as u64 - 1, generation: 0 })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The stored result for `key`, if any. Key 0 is never stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let key = key | 1;
        let bucket = &self.buckets[(key >> 2 & self.mask) as usize];
        bucket.0.iter().find(|e| e.key == key).map(|e| Hit {
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
        &mut self,
        key: u64,
        score: i32,
        bound: Bound,
        depth: u32,
        solved: bool,
        mv: Option<Move>,
    ) {
        let key = key | 1;
        let generation = self.generation;
        let bucket = &mut self.buckets[(key >> 2 & self.mask) as usize];
        let worth = |e: &Entry| -> i32 {
            let age = generation.wrapping_sub(e.generation) as i32;
            let depth = if e.flags & SOLVED != 0 { 300 } else { e.depth as i32 };
            depth - 64 * age
        };
        let slot = match bucket.0.iter().position(|e| e.key == key) {
            Some(i) => {
                let old = &bucket.0[i];
                // Keep a solved result rather than a heuristic one.
                if old.flags & SOLVED != 0 && !solved {
                    return;
                }
                i
            }
            None => (0..4).min_by_key(|&i| worth(&bucket.0[i])).expect("four slots"),
        };
        let flags = match bound {
            Bound::Upper => 0,
            Bound::Lower => 1,
            Bound::Exact => 2,
        } | if solved { SOLVED } else { 0 };
        let old_mv = if bucket.0[slot].key == key { bucket.0[slot].mv } else { 0 };
        bucket.0[slot] = Entry {
            key,
            score: score as i16,
            depth: depth.min(255) as u8,
            flags,
            mv: mv.map(encode_move).unwrap_or(old_mv),
            generation,
            _pad: [0; 2],
        };
    }
}

fn encode_move(mv: Move) -> u8 {
    match mv {
        Move::Sow(k) => k + 1,
        Move::Swap => 255,
    }
}

fn decode_move(code: u8) -> Option<Move> {
    match code {
        0 => None,
        255 => Some(Move::Swap),
        k => Some(Move::Sow(k - 1)),
    }
}
