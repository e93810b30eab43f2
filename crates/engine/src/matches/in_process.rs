//! The players that are this engine, in this process: a strength level and
//! our search.

use std::sync::atomic::AtomicBool;

use mancala_core::{Game, Layout, Move};

use super::player::Player;
use crate::player::computer_move_until;
use crate::search::{SearchLimits, SearchOptions, Searcher};

/// The computer player at a strength level (`level:N`): its own limits,
/// and its mistakes drawn from the seed of each move.
pub struct LevelPlayer(u8);

impl LevelPlayer {
    /// The player at `level` (one of [`crate::LEVELS`]).
    pub fn new(level: u8) -> LevelPlayer {
        LevelPlayer(level)
    }
}

impl<L: Layout> Player<L> for LevelPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }
    fn choose(&mut self, game: &Game<L>, seed: u64, stop: &AtomicBool) -> Result<Move, String> {
        Ok(computer_move_until(game, self.0, seed, None, Some(stop)))
    }
}

/// Our search (`search`) with fixed limits and a 16 MB table, cleared
/// before each game.
pub struct SearchPlayer {
    searcher: Searcher,
    limits: SearchLimits,
}

impl SearchPlayer {
    /// A player searching each move within `limits`.
    pub fn new(limits: SearchLimits) -> SearchPlayer {
        SearchPlayer {
            searcher: Searcher::new(SearchOptions { hash_mb: 16, ..SearchOptions::default() }),
            limits,
        }
    }
}

impl<L: Layout> Player<L> for SearchPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }
    fn choose(&mut self, game: &Game<L>, _seed: u64, stop: &AtomicBool) -> Result<Move, String> {
        let result = self.searcher.search_in(game, self.limits, Some(stop), &mut |_| {});
        result.best.ok_or_else(|| "the search found no move".to_string())
    }
}
