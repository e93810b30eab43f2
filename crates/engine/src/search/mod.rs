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
//! I/O or starts threads, so the console, the protocol and the tools all use
//! the same API. A search is single-threaded and, with a depth or node
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
//! `root` (iterative deepening at the root), [`info`] (reports).
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
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use mancala_core::Game;

pub use endgame::{oracle_use, EndgameOracle, OracleUse};
pub use info::{Analysis, MoveAnalysis, SearchInfo, SearchResult};
pub use limits::{GameClock, SearchLimits, CLOCK_SAFETY};
pub use tt::DEFAULT_HASH_MB;

use endgame::Lookup;
use eval::Evaluator;
use limits::Clock;
use node::{Busy, Worker};
use order::History;
use root::RootMove;
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
    /// iteration.
    pub fn search(
        &mut self,
        game: &Game,
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
                score: best.score,
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
    /// full window), best first.
    pub fn analyze(
        &mut self,
        game: &Game,
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
                    score: m.score,
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

    fn run(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
        analysis: bool,
    ) -> Run<'static> {
        self.tt.new_search();
        let v = game.variant();
        let solve = self.options.solve_seeds.unwrap_or_else(|| auto_solve_seeds(v));
        let eval = self.evaluator.clone().unwrap_or_else(|| Evaluator::new(v));
        let oracle = self.endgame.as_deref();
        let tt = &self.tt;
        let busy = (self.threads > 1).then(Busy::new);
        let setup = Setup { game, tt, solve, oracle, eval, busy: busy.as_ref() };
        if self.threads <= 1 || game.position().is_over() {
            return setup.main(limits, stop, None, on_info, analysis);
        }
        // Lazy SMP: helper threads search the same root through the shared
        // table (odd helpers one move deeper), so the main thread finds more
        // of its tree already searched. The main thread answers, with its
        // own last iteration or a helper's when that went deeper (play
        // mode); the helpers stop when it ends.
        let done = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let helper_hits = AtomicU64::new(0);
        let main_depth = AtomicU32::new(1);
        let deepest = Mutex::new(Deepest { depth: 0, moves: Vec::new() });
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads)
                .map(|t| {
                    let (setup, done, main_depth, deepest) = (&setup, &done, &main_depth, &deepest);
                    let (helper_nodes, helper_hits) = (&helper_nodes, &helper_hits);
                    scope.spawn(move || {
                        setup.helper(t, done, main_depth, deepest, helper_nodes, helper_hits)
                    })
                })
                .collect();
            let shared =
                Shared { helper_nodes: &helper_nodes, main_depth: &main_depth, deepest: &deepest };
            let mut run = setup.main(limits, stop, Some(shared), on_info, analysis);
            done.store(true, Ordering::Relaxed);
            // Joined one by one, not left to the scope's end: the scope
            // waits for the helpers' work only, and a helper's thread could
            // still be exiting when the search returns (LeakSanitizer, in
            // the engine_session fuzz target, took its handle for a leak).
            for helper in helpers {
                if let Err(panic) = helper.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            run.helpers = Some((&helper_nodes, &helper_hits));
            run
        })
        .finish()
    }
}

/// What the main thread shares with its helpers.
struct Shared<'a> {
    /// The helpers' nodes so far.
    helper_nodes: &'a AtomicU64,
    /// The depth the main thread is searching.
    main_depth: &'a AtomicU32,
    /// The deepest iteration a helper completed at or beyond that depth.
    deepest: &'a Mutex<Deepest>,
}

/// Whether a helper's iteration completed at `helper_depth` answers in
/// place of the main thread's last (at `completed`, `exact` or not): in
/// play mode, when the main thread's answer is not already exact, deeper,
/// and within the depth limit `max_depth`.
fn helper_answers(
    analysis: bool,
    exact: bool,
    completed: u32,
    helper_depth: u32,
    max_depth: u32,
) -> bool {
    !analysis && !exact && helper_depth > completed && helper_depth <= max_depth
}

/// A helper's completed iteration, kept for the main thread when it went
/// at least as deep as the main thread was searching.
struct Deepest {
    depth: u32,
    moves: Vec<RootMove>,
}

/// What every thread of one search shares.
struct Setup<'a> {
    game: &'a Game,
    tt: &'a TranspositionTable,
    solve: u32,
    oracle: Option<&'a dyn EndgameOracle>,
    eval: Evaluator,
    /// What the threads are searching now (parallel searches only).
    busy: Option<&'a Busy>,
}

impl Setup<'_> {
    /// The main thread: iterative deepening within the limits, reporting
    /// after each iteration; with helpers, it tells them the depth it
    /// searches, and its reports count their nodes.
    fn main(
        &self,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        helpers: Option<Shared>,
        on_info: &mut dyn FnMut(&SearchInfo),
        analysis: bool,
    ) -> Run<'static> {
        let game = self.game;
        let v = game.variant();
        let mut history = History::new();
        let (path, root_history) = path::Path::new(game);
        let root = *game.position();
        let clock = Clock::new(limits, stop);
        let endgame = Lookup::new(v, self.oracle);
        let mut w =
            Worker::new(v, self.tt, &mut history, clock, path, self.solve, endgame, &self.eval);
        w.busy = self.busy;
        if root.is_over() {
            return Run {
                moves: Vec::new(),
                depth: 0,
                nodes: 0,
                database_hits: 0,
                elapsed: w.clock.elapsed(),
                helpers: None,
            };
        }
        let mut moves: Vec<RootMove> = w.root_moves(&root, root_history);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, DEEPEST);
        let mut completed = 0;
        for depth in 1..=max_depth {
            if depth > 1 && !w.clock.next_iteration(depth) {
                break;
            }
            if let Some(h) = &helpers {
                h.main_depth.store(depth, Ordering::Relaxed);
            }
            if !w.iterate(&root, root_history, depth as i32, &mut moves, analysis) {
                break;
            }
            completed = depth;
            let elapsed = w.clock.elapsed();
            let best = &moves[0];
            let exact = moves.iter().all(|m| m.exact);
            let nodes =
                w.nodes + helpers.as_ref().map_or(0, |h| h.helper_nodes.load(Ordering::Relaxed));
            on_info(&SearchInfo {
                depth,
                seldepth: w.seldepth as u32,
                score: best.score,
                exact,
                pv: &best.pv,
                nodes,
                database_hits: w.database_hits,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                elapsed,
            });
            if exact {
                break;
            }
        }
        // A helper that completed a deeper iteration than the main thread
        // (it searches one move ahead) answers instead, within the depth
        // limit: in play mode only, since helpers give the other moves
        // null-window bounds, not the values an analysis lists. An exact
        // answer is final either way.
        if let Some(h) = &helpers {
            let exact = completed > 0 && moves.iter().all(|m| m.exact);
            let deepest = h.deepest.lock().unwrap_or_else(|e| e.into_inner());
            if helper_answers(analysis, exact, completed, deepest.depth, max_depth) {
                moves.clone_from(&deepest.moves);
                completed = deepest.depth;
                let elapsed = w.clock.elapsed();
                let best = &moves[0];
                let nodes = w.nodes + h.helper_nodes.load(Ordering::Relaxed);
                on_info(&SearchInfo {
                    depth: completed,
                    seldepth: w.seldepth as u32,
                    score: best.score,
                    exact: moves.iter().all(|m| m.exact),
                    pv: &best.pv,
                    nodes,
                    database_hits: w.database_hits,
                    nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                    elapsed,
                });
            }
        }
        if completed == 0 {
            // Not even one iteration finished: keep the ordering's guess and
            // give every move the static estimate of its position.
            for m in &mut moves {
                m.score = if m.child.is_over() {
                    score::for_side(root.to_move(), m.child.store_margin())
                } else {
                    score::for_parent(root.to_move(), &m.child, w.eval.eval(v, &m.child))
                };
                m.exact = false;
                m.from_database = false;
            }
        }
        Run {
            moves,
            depth: completed,
            nodes: w.nodes,
            database_hits: w.database_hits,
            elapsed: w.clock.elapsed(),
            helpers: None,
        }
    }

    /// Helper thread `t` (from 1): iterative deepening with no limit but
    /// `done`, at the depth the main thread is searching (`main_depth`) or
    /// deeper, odd helpers one move deeper than even ones; keeps in
    /// `deepest` an iteration it completes at or beyond the main thread's
    /// depth; adds its nodes and database hits to the counters as it goes.
    fn helper(
        &self,
        t: usize,
        done: &AtomicBool,
        main_depth: &AtomicU32,
        deepest: &Mutex<Deepest>,
        nodes: &AtomicU64,
        hits: &AtomicU64,
    ) {
        let game = self.game;
        let v = game.variant();
        let mut history = History::new();
        let (path, root_history) = path::Path::new(game);
        let root = *game.position();
        let clock = Clock::new(SearchLimits::default(), Some(done)).counting(nodes);
        let endgame = Lookup::new(v, self.oracle);
        let mut w =
            Worker::new(v, self.tt, &mut history, clock, path, self.solve, endgame, &self.eval);
        w.busy = self.busy;
        let mut moves = w.root_moves(&root, root_history);
        let skew = (t % 2) as u32;
        let mut last = 0;
        while !done.load(Ordering::Relaxed) {
            // Never more than two moves ahead of the main thread: a helper
            // racing ahead fills the table with deep heuristic entries the
            // main thread would then take in place of results it could have
            // proved exact (and, where the repetition rule puts the history
            // in the keys, crowds out its solved ones).
            let main = main_depth.load(Ordering::Relaxed);
            let depth = (last + 1).max(main + skew);
            if depth > (main + 2).min(DEEPEST) {
                std::thread::sleep(std::time::Duration::from_micros(200));
                continue;
            }
            if !w.iterate(&root, root_history, depth as i32, &mut moves, false) {
                break;
            }
            last = depth;
            if depth >= main_depth.load(Ordering::Relaxed) {
                let mut kept = deepest.lock().unwrap_or_else(|e| e.into_inner());
                if depth > kept.depth {
                    kept.depth = depth;
                    kept.moves.clone_from(&moves);
                }
            }
        }
        nodes.fetch_add(w.clock.uncounted(w.nodes), Ordering::Relaxed);
        hits.fetch_add(w.database_hits, Ordering::Relaxed);
    }
}

/// A search's result, before the helper threads' counts are added.
struct Run<'a> {
    moves: Vec<RootMove>,
    depth: u32,
    nodes: u64,
    database_hits: u64,
    elapsed: std::time::Duration,
    /// The helper threads' node and database-hit counters.
    helpers: Option<(&'a AtomicU64, &'a AtomicU64)>,
}

impl Run<'_> {
    /// The counts of all threads (the helpers have finished).
    fn finish(self) -> Run<'static> {
        let (nodes, hits) = self
            .helpers
            .map_or((0, 0), |(n, h)| (n.load(Ordering::Relaxed), h.load(Ordering::Relaxed)));
        Run {
            moves: self.moves,
            depth: self.depth,
            nodes: self.nodes + nodes,
            database_hits: self.database_hits + hits,
            elapsed: self.elapsed,
            helpers: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::helper_answers;

    #[test]
    fn a_deeper_helper_iteration_answers_only_within_the_rules() {
        // Deeper, in play mode, within the limit, the main answer heuristic.
        assert!(helper_answers(false, false, 12, 13, 120));
        assert!(helper_answers(false, false, 0, 1, 120), "the main thread completed nothing");
        // Not as deep as the main thread's.
        assert!(!helper_answers(false, false, 13, 13, 120));
        assert!(!helper_answers(false, false, 14, 13, 120));
        // Past the depth limit.
        assert!(!helper_answers(false, false, 9, 10, 9));
        // The main thread's answer is exact: final.
        assert!(!helper_answers(false, true, 12, 13, 120));
        // An analysis needs every move's value: the main thread's only.
        assert!(!helper_answers(true, false, 12, 13, 120));
    }
}
