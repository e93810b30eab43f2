//! Random playouts: the speed benchmark of the rules core, and a building
//! block for Monte Carlo tools.

use mancala_core::{Game, Variant};

/// A small, fast, deterministic pseudo-random generator (SplitMix64), so that
/// benchmarks and playouts give the same numbers on every machine.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (which must be at least 1), without modulo bias
    /// worth mentioning for bounds this small (Lemire's multiply-shift).
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        ((self.next_u64() >> 32) * bound as u64 >> 32) as u32
    }
}

/// Totals of a batch of playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    pub games: u64,
    pub plies: u64,
    pub south_wins: u64,
    pub north_wins: u64,
    pub draws: u64,
}

/// Plays `games` uniformly random games from the start of `variant`.
pub fn random_playouts(variant: &Variant, games: u64, seed: u64) -> PlayoutStats {
    let mut rng = SplitMix64::new(seed);
    let mut stats = PlayoutStats::default();
    let mut game = Game::new(variant.clone());
    for _ in 0..games {
        while game.undo().is_some() {}
        stats.plies += game.random_playout(|k| rng.below(k)) as u64;
        stats.games += 1;
        match game.position().outcome() {
            Some(mancala_core::Outcome::Win(mancala_core::Side::South)) => stats.south_wins += 1,
            Some(mancala_core::Outcome::Win(mancala_core::Side::North)) => stats.north_wins += 1,
            _ => stats.draws += 1,
        }
    }
    stats
}
