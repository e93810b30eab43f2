//! Position keys for the transposition table.
//!
//! A [`Position`] does not carry an incremental hash (it is played with
//! copy-make by the core), so the search keys a position by its whole-board
//! digest, [`Position::key`]: the same on every machine, so node counts (and
//! `mancala bench`'s signature) are too.

use mancala_core::{mix64, Layout, Position};

/// The 64-bit key of a position (rows, stores, mover, pie-rule state).
#[inline]
pub fn position_hash<L: Layout>(p: &Position<L>) -> u64 {
    p.key()
}

/// Mixes the hash of the repetition history into a position's key, so that
/// entries for the same position reached with different histories differ
/// (see [`crate::search::path`]).
#[inline]
pub fn with_history(hash: u64, history: u64) -> u64 {
    if history == 0 {
        hash
    } else {
        hash ^ mix64(history ^ 0x5851_F42D_4C95_7F2D)
    }
}
