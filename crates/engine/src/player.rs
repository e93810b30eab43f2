//! The computer player: a move for a game at a strength level.
//!
//! This is the API the console uses. A level is a node budget for the
//! search plus, below level 6, human-like mistakes. Levels 1 to 8 search on
//! one thread, so they play the same move for the same game on every
//! machine; the strongest levels ([`PARALLEL_LEVELS`]) search on every core,
//! the budget counting the main thread's nodes (the same time a move, and
//! stronger: docs/engine.md, "Parallel search"), so their moves can vary from
//! run to run. Below level 6, the moves are all
//! scored ([`Searcher::analyze`]) and the choice is made on scores blurred
//! by noise drawn from the caller's seed, so a weak player overlooks
//! differences of a few seeds but rarely throws away a big capture. The
//! pie rule's swap is a legal move like any other, so the search weighs it.
//!
//! The first moves of a game of a variant with an opening book
//! ([`crate::book`]) come from the book: its best move from level 6 up, one
//! of its moves drawn from the caller's seed below that.
//!
//! An endgame database ([`computer_move_with`], [`hint_with`]) is used from
//! level 6 up and by the hint: those levels play the positions it covers
//! perfectly. Levels 1 to 5 never use one: their mistakes are the point, and
//! they would otherwise play every covered ending without fault (exact
//! scores are not blurred).
//!
//! Every function takes a game of any layout ([`Layout`]: a front end
//! dispatches once, with [`mancala_core::with_layout`]). The opening books
//! are the compact layout's: a game of another layout is searched from its
//! first move.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use mancala_core::{Compact, Game, Layout, Move};

use crate::playout::SplitMix64;
use crate::search::{EndgameOracle, SearchLimits, SearchOptions, Searcher};

/// Strength levels run from 1 (beginner) to 10 (full strength).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// Search nodes per move at each level (index `level - 1`).
const NODES: [u64; 10] =
    [300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 2_000_000, 5_000_000];

/// Half-width, in seeds, of the noise added to each move's score at levels
/// 1 to 5 (index `level - 1`).
const NOISE: [i32; 5] = [8, 5, 3, 2, 1];

/// The search limits of a level (1..=10, clamped): a node budget, so the
/// result does not depend on the machine.
pub fn level_limits(level: u8) -> SearchLimits {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    SearchLimits::nodes(NODES[level as usize - 1])
}

/// The levels that search on every core of the machine.
pub const PARALLEL_LEVELS: std::ops::RangeInclusive<u8> = 9..=10;

/// Threads a level searches with: one, or every core for
/// [`PARALLEL_LEVELS`].
pub fn level_threads(level: u8) -> usize {
    if PARALLEL_LEVELS.contains(&level) {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    }
}

fn searcher_for(level: u8) -> Searcher {
    let hash_mb = if level >= 8 { 32 } else { 4 };
    Searcher::new(SearchOptions { hash_mb, solve_seeds: None }).with_threads(level_threads(level))
}

/// The move the computer plays at `level` (1..=10, clamped). Low levels
/// make human-like mistakes, drawn from `seed`; the same game, level and
/// seed always give the same move. The pie rule's swap is one of the moves
/// weighed. Panics if the game is over.
pub fn computer_move<L: Layout>(game: &Game<L>, level: u8, seed: u64) -> Move {
    computer_move_with(game, level, seed, None)
}

/// [`computer_move`] with an endgame database, used from level 6 up (see
/// the module documentation).
pub fn computer_move_with<L: Layout>(
    game: &Game<L>,
    level: u8,
    seed: u64,
    endgame: Option<&Arc<dyn EndgameOracle>>,
) -> Move {
    computer_move_until(game, level, seed, endgame, None)
}

/// [`computer_move_with`], whose search ends early when `stop` is set
/// ([`computer_choice_until`]). A forced move is played at once.
pub fn computer_move_until<L: Layout>(
    game: &Game<L>,
    level: u8,
    seed: u64,
    endgame: Option<&Arc<dyn EndgameOracle>>,
    stop: Option<&AtomicBool>,
) -> Move {
    let moves = game.legal_moves();
    assert!(!moves.is_empty(), "computer_move on a finished game");
    if moves.len() == 1 {
        return moves[0];
    }
    computer_choice_until(game, level, seed, endgame, stop).mv
}

/// The computer's move with the score its search gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move chosen.
    pub mv: Move,
    /// The move's score for the player to move (the search's, without the
    /// low levels' noise).
    pub score: i32,
    /// The score is the true minimax value.
    pub exact: bool,
}

/// The move [`computer_move_with`] plays, with its score. A forced move is
/// searched too (for its score), so this may take the level's whole
/// budget where [`computer_move_with`] answers at once. Panics if the game
/// is over.
pub fn computer_choice_with<L: Layout>(
    game: &Game<L>,
    level: u8,
    seed: u64,
    endgame: Option<&Arc<dyn EndgameOracle>>,
) -> Choice {
    computer_choice_until(game, level, seed, endgame, None)
}

/// [`computer_choice_with`], whose search ends early when `stop` is set
/// (a match abandoned: the move is then one of the legal moves, the best
/// found so far, and meant to be thrown away).
pub fn computer_choice_until<L: Layout>(
    game: &Game<L>,
    level: u8,
    seed: u64,
    endgame: Option<&Arc<dyn EndgameOracle>>,
    stop: Option<&AtomicBool>,
) -> Choice {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    assert!(!game.legal_moves().is_empty(), "computer_move on a finished game");
    // The opening book: its best move from level 6 up, one of its moves
    // drawn from the seed below (variety where mistakes are the point).
    let variety = (level as usize <= NOISE.len()).then_some(seed);
    // A book is the compact layout's (its positions are compact games):
    // a game of another layout has none.
    if let Some(m) = compact_game(game)
        .and_then(|g| crate::book::shipped(g.variant()).and_then(|b| b.pick(g, variety)))
    {
        return Choice { mv: m.mv, score: m.score, exact: false };
    }
    let mut searcher = searcher_for(level);
    let limits = level_limits(level);
    if level as usize > NOISE.len() {
        searcher.set_endgame(endgame.cloned());
        let result = searcher.search_in(game, limits, stop, &mut |_| {});
        let mv = result.best.unwrap_or_else(|| game.legal_moves()[0]);
        return Choice { mv, score: result.score, exact: result.exact };
    }
    let analysis = searcher.analyze_in(game, limits, stop, &mut |_| {});
    if analysis.moves.is_empty() {
        // Stopped before any move was scored.
        return Choice { mv: game.legal_moves()[0], score: 0, exact: false };
    }
    let noise = NOISE[level as usize - 1];
    let mut rng = SplitMix64::for_move(seed, game);
    let mut best = (i32::MIN, 0);
    for (i, m) in analysis.moves.iter().enumerate() {
        // Exact wins and losses are not blurred: even a beginner sees a
        // game-ending move.
        let blur = if m.exact { 0 } else { rng.below(2 * noise as u32 + 1) as i32 - noise };
        let s = m.score + blur;
        if s > best.0 {
            best = (s, i);
        }
    }
    let m = &analysis.moves[best.1];
    Choice { mv: m.mv, score: m.score, exact: m.exact }
}

/// `game` as a game of the compact layout, where `L` is it; `None` on any
/// other. The compiler keeps only the branch of the layout `L` is.
fn compact_game<L: Layout>(game: &Game<L>) -> Option<&Game<Compact>> {
    (game as &dyn std::any::Any).downcast_ref::<Game<Compact>>()
}

/// Level whose search [`hint`] runs: strong, and quick enough to answer
/// at the prompt (a million nodes, a fraction of a second).
pub const HINT_LEVEL: u8 = 8;

/// A suggestion for the player to move: the move the computer would play at
/// [`HINT_LEVEL`].
pub fn hint<L: Layout>(game: &Game<L>) -> Move {
    hint_with(game, None)
}

/// [`hint`] with an endgame database.
pub fn hint_with<L: Layout>(game: &Game<L>, endgame: Option<&Arc<dyn EndgameOracle>>) -> Move {
    computer_move_with(game, HINT_LEVEL, 0, endgame)
}
