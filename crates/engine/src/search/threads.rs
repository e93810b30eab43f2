//! How one search runs on its threads: the main thread's iterative
//! deepening within the limits and, with more threads
//! ([`Searcher::set_threads`]), the Lazy SMP helper threads that share its
//! table, their counts and their deepest iteration.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use mancala_core::{Game, Layout};

use super::endgame::{EndgameOracle, Lookup};
use super::eval::Evaluator;
use super::limits::{Clock, SearchLimits};
use super::node::{Busy, Worker};
use super::order::History;
use super::root::{Iteration, RootMove};
use super::tt::TranspositionTable;
use super::{auto_solve_seeds, path, score, SearchInfo, Searcher, DEEPEST, MAX_DEPTH};

impl Searcher {
    /// One search on the searcher's threads, for [`Searcher::search`] and
    /// [`Searcher::analyze`].
    pub(super) fn run<L: Layout>(
        &mut self,
        game: &Game<L>,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
        analysis: bool,
    ) -> Run<'static, L> {
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
            // The helpers stop when the main thread's search ends, and when
            // it unwinds too (`on_info` panicked, as printing to a closed
            // pipe does): the scope waits for every helper before it passes
            // the panic on, and would otherwise wait forever.
            let stop_helpers = SetOnDrop(&done);
            let mut run = setup.main(limits, stop, Some(shared), on_info, analysis);
            drop(stop_helpers);
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

/// Sets its flag when dropped, by an unwinding panic too.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What the main thread shares with its helpers.
struct Shared<'a, L: Layout> {
    /// The helpers' nodes so far.
    helper_nodes: &'a AtomicU64,
    /// The depth the main thread is searching.
    main_depth: &'a AtomicU32,
    /// The deepest iteration a helper completed at or beyond that depth.
    deepest: &'a Mutex<Deepest<L>>,
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
struct Deepest<L: Layout> {
    depth: u32,
    moves: Vec<RootMove<L>>,
}

/// What every thread of one search shares.
struct Setup<'a, L: Layout> {
    game: &'a Game<L>,
    tt: &'a TranspositionTable,
    solve: u32,
    oracle: Option<&'a dyn EndgameOracle>,
    eval: Evaluator,
    /// What the threads are searching now (parallel searches only).
    busy: Option<&'a Busy>,
}

impl<L: Layout> Setup<'_, L> {
    /// The main thread: iterative deepening within the limits, reporting
    /// after each iteration; with helpers, it tells them the depth it
    /// searches, and its reports count their nodes.
    fn main(
        &self,
        limits: SearchLimits,
        stop: Option<&AtomicBool>,
        helpers: Option<Shared<L>>,
        on_info: &mut dyn FnMut(&SearchInfo),
        analysis: bool,
    ) -> Run<'static, L> {
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
        w.reduce = !analysis;
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
        let mut moves: Vec<RootMove<L>> = w.root_moves(&root, root_history);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, DEEPEST);
        let mut completed = 0;
        // The depth of the answer: `completed`, or one more when an
        // unfinished iteration gave it.
        let mut answered = 0;
        for depth in 1..=max_depth {
            if depth > 1 && !w.clock.next_iteration(depth) {
                break;
            }
            if let Some(h) = &helpers {
                h.main_depth.store(depth, Ordering::Relaxed);
            }
            let iteration = w.iterate(&root, root_history, depth as i32, &mut moves, analysis);
            if iteration == Iteration::Void {
                break;
            }
            answered = depth;
            if iteration == Iteration::Completed {
                completed = depth;
            }
            let elapsed = w.clock.elapsed();
            let best = &moves[0];
            let exact = moves.iter().all(|m| m.exact);
            let nodes =
                w.nodes + helpers.as_ref().map_or(0, |h| h.helper_nodes.load(Ordering::Relaxed));
            on_info(&SearchInfo {
                depth,
                seldepth: w.seldepth as u32,
                score: score::to_seeds(best.score),
                exact,
                pv: &best.pv,
                nodes,
                database_hits: w.database_hits,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                elapsed,
            });
            if exact || iteration == Iteration::Partial {
                break;
            }
        }
        // A helper that completed a deeper iteration than the main thread
        // (it searches one move ahead) answers instead, within the depth
        // limit: in play mode only, since helpers give the other moves
        // null-window bounds, not the values an analysis lists. An exact
        // answer is final either way.
        if let Some(h) = &helpers {
            let exact = answered > 0 && moves.iter().all(|m| m.exact);
            let deepest = h.deepest.lock().unwrap_or_else(|e| e.into_inner());
            if helper_answers(analysis, exact, completed, deepest.depth, max_depth) {
                moves.clone_from(&deepest.moves);
                answered = deepest.depth;
                let elapsed = w.clock.elapsed();
                let best = &moves[0];
                let nodes = w.nodes + h.helper_nodes.load(Ordering::Relaxed);
                on_info(&SearchInfo {
                    depth: answered,
                    seldepth: w.seldepth as u32,
                    score: score::to_seeds(best.score),
                    exact: moves.iter().all(|m| m.exact),
                    pv: &best.pv,
                    nodes,
                    database_hits: w.database_hits,
                    nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                    elapsed,
                });
            }
        }
        if answered == 0 {
            // Not even one iteration finished: keep the ordering's guess and
            // give every move the static estimate of its position.
            for m in &mut moves {
                m.score = if m.child.is_over() {
                    score::units(score::for_side(root.to_move(), m.child.store_margin()))
                } else {
                    score::for_parent(root.to_move(), &m.child, w.eval.eval_units(v, &m.child))
                };
                m.exact = false;
                m.from_database = false;
            }
        }
        Run {
            moves,
            depth: answered,
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
        deepest: &Mutex<Deepest<L>>,
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
            // An unfinished iteration is of no use to the main thread: it
            // takes a helper's completed ones only.
            if w.iterate(&root, root_history, depth as i32, &mut moves, false)
                != Iteration::Completed
            {
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
pub(super) struct Run<'a, L: Layout> {
    pub(super) moves: Vec<RootMove<L>>,
    pub(super) depth: u32,
    pub(super) nodes: u64,
    pub(super) database_hits: u64,
    pub(super) elapsed: std::time::Duration,
    /// The helper threads' node and database-hit counters.
    helpers: Option<(&'a AtomicU64, &'a AtomicU64)>,
}

impl<L: Layout> Run<'_, L> {
    /// The counts of all threads (the helpers have finished).
    fn finish(self) -> Run<'static, L> {
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
