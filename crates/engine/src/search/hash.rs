//! Position hashing for the transposition table.
//!
//! A [`Position`] does not carry an incremental hash (it is played with
//! copy-make by the core), so the search hashes the whole position: both
//! rows, both stores, the player to move and the pie-rule state, packed into
//! five machine words and mixed. The result is the same on every machine, so
//! node counts (and `mancala bench`'s signature) are too.

use mancala_core::{Position, Side};

const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// The 64-bit hash of a position (rows, stores, mover, pie-rule state).
#[inline]
pub fn position_hash(p: &Position) -> u64 {
    let mut buf = [0u8; 40];
    let south = p.row(Side::South);
    let north = p.row(Side::North);
    buf[..south.len()].copy_from_slice(south);
    buf[16..16 + north.len()].copy_from_slice(north);
    buf[32] = p.store(Side::South);
    buf[33] = p.store(Side::North);
    buf[34] = p.to_move() as u8;
    buf[35] = p.is_opening() as u8 | (p.swap_offered() as u8) << 1 | (p.is_over() as u8) << 2;
    buf[36] = south.len() as u8;
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for chunk in buf.chunks_exact(8) {
        let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    finish(h)
}

/// Mixes the hash of the repetition history into a position's key, so that
/// entries for the same position reached with different histories differ
/// (see [`crate::search::path`]).
#[inline]
pub fn with_history(hash: u64, history: u64) -> u64 {
    if history == 0 {
        hash
    } else {
        hash ^ finish(history ^ 0x5851_F42D_4C95_7F2D)
    }
}

/// SplitMix64's finalizer: every input bit reaches every output bit.
#[inline]
fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
