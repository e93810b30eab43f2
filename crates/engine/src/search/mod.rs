//! The search: the strongest move and the value of a position, for every
//! variant.
//!
//! [`Searcher`] runs a negamax alpha-beta search (principal variation
//! search) with iterative deepening, a transposition table of a size the
//! user chooses, mancala-aware move ordering, store-based bounds, and exact
//! endgame solving once few seeds are left in the pits. Scores are final
//! store margins for the player to move ([`score`]); a result is *exact*
//! when the search proved it (it saw every line that matters to the end of
//! the game), *heuristic* otherwise.
//!
//! Limits are a depth, a node count and a time ([`SearchLimits`]) plus a
//! stop flag; progress goes to a callback ([`SearchInfo`]). Nothing here does
//! I/O, so the console, the protocol and the tools all use the same API. A
//! search is single-threaded unless given more threads
//! ([`Searcher::set_threads`]) and, on one thread with a depth or node
//! limit, deterministic: the same game gives the same result and node count
//! on every run and machine, provided the table starts empty (a new
//! [`Searcher`], or [`Searcher::clear`]). A table kept between searches
//! (as the protocol would) makes later searches faster but their node
//! counts depend on what came before.
//!
//! An endgame database, given with [`Searcher::set_endgame`], answers for
//! the positions it covers ([`endgame`]).
//!
//! Modules, one concept each: [`limits`] (limits and clock), [`score`]
//! (score convention and bounds), [`eval`] (the heuristic), [`endgame`]
//! (endgame databases), [`hash`],
//! [`tt`] (transposition table), [`order`] (move ordering), [`path`]
//! (the repetition rule in the search), `node` (the recursive search),
//! `root` (iterative deepening at the root), `threads` (the threads of one
//! search: the main thread and the Lazy SMP helpers), [`info`] (reports).
//!
//! ```
//! use mancala_core::{Game, Variant};
//! use mancala_engine::search::{SearchLimits, Searcher};
//!
//! let game = Game::new(Variant::preset("kalah")?.resized(Some(3), Some(2))?);
//! let mut searcher = Searcher::default();
//! let result = searcher.search(&game, SearchLimits::depth(40), None, &mut |_| {});
//! assert!(result.exact, "a 3-pit, 2-seed game is solved at once");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bench;
pub mod endgame;
pub mod eval;
pub mod hash;
pub mod info;
pub mod limits;
mod node;
pub mod order;
pub mod path;
mod root;
pub mod score;
mod threads;
pub mod tt;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use mancala_core::{Game, Layout};

pub use endgame::{oracle_use, EndgameOracle, OracleUse};
pub use info::{Analysis, MoveAnalysis, SearchInfo, SearchResult};
pub use limits::{GameClock, SearchLimits, CLOCK_SAFETY};
pub use tt::DEFAULT_HASH_MB;

use eval::Evaluator;
use score::terminal;
pub use tt::TableAllocError;
use tt::TranspositionTable;

/// Deepest iteration when no depth limit is given, and the largest depth
/// limit the commands and the protocol accept.
pub const MAX_DEPTH: u32 = 120;

/// The deepest iteration a search runs when asked for more than
/// [`MAX_DEPTH`] (a solve by search, whose proofs under a repetition rule
/// can need longer lines): as deep as the search's line can go.
pub const DEEPEST: u32 = node::MAX_PLY as u32 - 2;

/// The largest transposition table any search, solve or protocol `hash`
/// accepts, in MiB (64 GiB): the one limit for every `--hash`.
pub const MAX_HASH_MB: usize = 1 << 16;

/// Default for [`SearchOptions::solve_seeds`] where every game ends by
/// itself (no repetition rule).
pub const DEFAULT_SOLVE_SEEDS: u32 = 10;

/// The endgame-solving threshold used when [`SearchOptions::solve_seeds`]
/// is `None`: [`DEFAULT_SOLVE_SEEDS`], but 0 (no solving at the horizon)
/// under a repetition rule, where seeds can circle for a long time and the
/// history-dependent table entries ([`path`]) make solving from the
/// horizon explode. Such positions are still solved by iterative deepening
/// when the whole tree fits.
pub fn auto_solve_seeds(v: &mancala_core::Variant) -> u32 {
    if v.rules().end.repetition == mancala_core::Repetition::None {
        DEFAULT_SOLVE_SEEDS
    } else {
        0
    }
}

/// How a [`Searcher`] is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// At the horizon, positions with at most this many seeds left in the
    /// pits are searched to the end of the game instead of evaluated.
    /// `None`: [`auto_solve_seeds`].
    pub solve_seeds: Option<u32>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions { hash_mb: DEFAULT_HASH_MB, solve_seeds: None }
    }
}

/// A search engine: the transposition table and settings, reused from one
/// search to the next.
pub struct Searcher {
    tt: TranspositionTable,
    options: SearchOptions,
    endgame: Option<Arc<dyn EndgameOracle>>,
    /// The evaluation to use instead of the variant's own (training).
    evaluator: Option<Evaluator>,
    /// Threads per search (1: the deterministic single-threaded search).
    threads: usize,
}

/// The most threads a search may use.
pub const MAX_THREADS: usize = 256;

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(SearchOptions::default())
    }
}

impl Searcher {
    /// A searcher with its table allocated (once, here).
    /// Aborts when the table cannot be allocated: use
    /// [`Searcher::try_new`] for a size a user chose.
    pub fn new(options: SearchOptions) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(options.hash_mb),
            options,
            endgame: None,
            evaluator: None,
            threads: 1,
        }
    }

    /// A searcher, or an error when its table cannot be allocated.
    pub fn try_new(options: SearchOptions) -> Result<Searcher, TableAllocError> {
        Ok(Searcher {
            tt: TranspositionTable::try_new(options.hash_mb)?,
            options,
            endgame: None,
            evaluator: None,
            threads: 1,
        })
    }

    /// Uses `endgame` (an endgame database) in the searches to come, where
    /// its values hold for the variant searched ([`endgame::oracle_use`]);
    /// `None`: no database. The table is kept: what it holds stays true.
    pub fn set_endgame(&mut self, endgame: Option<Arc<dyn EndgameOracle>>) {
        self.endgame = endgame;
    }

    /// [`Searcher::set_endgame`], builder style.
    pub fn with_endgame(mut self, endgame: Option<Arc<dyn EndgameOracle>>) -> Searcher {
        self.set_endgame(endgame);
        self
    }

    /// Evaluates horizon positions with `eval` instead of the variant's
    /// own evaluation ([`Evaluator::new`]); `None` goes back to it. For
    /// training and comparing evaluations. The table is emptied, since its
    /// heuristic scores came from the previous evaluation.
    pub fn set_evaluator(&mut self, eval: Option<Evaluator>) {
        self.evaluator = eval;
        self.tt.clear();
    }

    /// Searches with `threads` threads from now on (clamped to 1 to
    /// [`MAX_THREADS`]). With one (the default) a search is deterministic
    /// under a depth or node limit; with more, helper threads share the
    /// table (Lazy SMP; not yet measured stronger at a fixed time, see
    /// docs/engine.md): the node counts and,
    /// between moves of equal value, the move chosen vary from run to run.
    /// Exact values do not depend on the threads. A node limit counts the
    /// main thread's nodes only.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// [`Searcher::set_threads`], builder style.
    pub fn with_threads(mut self, threads: usize) -> Searcher {
        self.set_threads(threads);
        self
    }

    /// Threads per search.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The endgame database in use, if any.
    pub fn endgame(&self) -> Option<&Arc<dyn EndgameOracle>> {
        self.endgame.as_ref()
    }

    /// The settings.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// Table size in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Empties the table (a new game; or for reproducible node counts).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The best move of the game's current position. The game's history
    /// counts for the repetition rule. Calls `on_info` after every completed
    /// iteration; a panic in `on_info` stops every thread of the search and
    /// comes out of this call.
    pub fn search(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_in(game, limits, stop, on_info)
    }

    /// [`Searcher::search`] for a game of any layout. (`search` is the
    /// compact layout's, compiled here once rather than in each crate
    /// that calls it.)
    pub fn search_in<L: Layout>(
        &mut self,
        game: &Game<L>,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let run = self.run(game, limits, stop, on_info, false);
        match run.moves.first() {
            None => SearchResult {
                best: None,
                score: terminal(game.position()),
                exact: true,
                pv: Vec::new(),
                depth: 0,
                nodes: run.nodes,
                database_hits: run.database_hits,
                elapsed: run.elapsed,
            },
            Some(best) => SearchResult {
                best: Some(best.mv),
                score: score::to_seeds(best.score),
                exact: run.moves.iter().all(|m| m.exact),
                pv: best.pv.clone(),
                depth: run.depth,
                nodes: run.nodes,
                database_hits: run.database_hits,
                elapsed: run.elapsed,
            },
        }
    }

    /// Every legal move with its own score and line (each searched with the
    /// full window), best first. `on_info` as in [`Searcher::search`].
    pub fn analyze(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Analysis {
        self.analyze_in(game, limits, stop, on_info)
    }

    /// [`Searcher::analyze`] for a game of any layout (see
    /// [`Searcher::search_in`]).
    pub fn analyze_in<L: Layout>(
        &mut self,
        game: &Game<L>,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Analysis {
        let run = self.run(game, limits, stop, on_info, true);
        Analysis {
            moves: run
                .moves
                .into_iter()
                .map(|m| MoveAnalysis {
                    mv: m.mv,
                    score: score::to_seeds(m.score),
                    exact: m.exact,
                    from_database: m.from_database,
                    pv: m.pv,
                })
                .collect(),
            depth: run.depth,
            nodes: run.nodes,
            database_hits: run.database_hits,
            elapsed: run.elapsed,
        }
    }
}
