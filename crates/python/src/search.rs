//! The engine's search (`search`, `SearchResult`) and its computer player
//! (`computer_move`).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use mancala_core::format_moves;
use mancala_engine::search::{SearchLimits, SearchOptions, Searcher, MAX_HASH_MB, MAX_THREADS};
use pyo3::prelude::*;

use crate::actions::action_of;
use crate::progress::run_interruptible;
use crate::state::PyState;
use crate::value_error;
use mancala_core::any_game;

/// What :func:`search` found.
#[pyclass(module = "mancala", name = "SearchResult", frozen, get_all)]
pub(crate) struct PySearchResult {
    /// The value for the player to move: the final store margin (their
    /// store minus the opponent's at the end) expected under best play.
    score: i32,
    /// True when the score is proven (the game is solved from here).
    exact: bool,
    /// The best action, or None when the game is over.
    best_action: Option<i64>,
    /// The principal variation as actions, the best first.
    pv: Vec<i64>,
    /// The principal variation in the notation (``"3,1,6"``).
    pv_moves: String,
    /// Depth of the last completed iteration, in moves.
    depth: u32,
    /// Positions visited.
    nodes: u64,
    /// Seconds spent.
    seconds: f64,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(score={}, exact={}, best_action={}, pv={:?}, depth={}, nodes={})",
            self.score,
            if self.exact { "True" } else { "False" },
            self.best_action.map_or("None".to_string(), |a| a.to_string()),
            self.pv,
            self.depth,
            self.nodes
        )
    }
}

/// Searches ``state`` for its best action with the engine (alpha-beta,
/// iterative deepening, exact endgame solving). Stops at the first limit
/// reached: ``depth`` (moves), ``nodes``, ``movetime`` (seconds); at least
/// one is required. The GIL is released while it runs; Ctrl-C stops it and
/// raises KeyboardInterrupt. ``hash_mb`` sizes the
/// transposition table (a fresh one each call, so depth and node limits give
/// the same result every time on one thread). ``threads`` > 1 searches in
/// parallel sharing the table (Lazy SMP, as ``mancala engine --threads``):
/// node counts then vary from run to run, exact scores do not, and a node
/// limit counts the main thread's nodes.
#[pyfunction]
#[pyo3(signature = (state, *, depth = None, nodes = None, movetime = None, hash_mb = 16, threads = 1))]
pub(crate) fn search(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<f64>,
    hash_mb: i64,
    threads: i64,
) -> PyResult<PySearchResult> {
    if depth.is_none() && nodes.is_none() && movetime.is_none() {
        return Err(value_error(
            "give at least one limit: depth (moves), nodes or movetime (seconds)",
        ));
    }
    let depth = match depth {
        Some(d) if !(1..=120).contains(&d) => {
            return Err(value_error(format!("depth = {d}: it must be from 1 to 120")))
        }
        d => d.map(|d| d as u32),
    };
    let nodes = match nodes {
        Some(n) if n < 1 => return Err(value_error(format!("nodes = {n}: it must be at least 1"))),
        n => n.map(|n| n as u64),
    };
    let time = match movetime {
        Some(t) if !(t.is_finite() && t > 0.0 && t <= 1e6) => {
            return Err(value_error(format!(
                "movetime = {t}: it must be a number of seconds above 0 (at most 1000000)"
            )))
        }
        t => t.map(Duration::from_secs_f64),
    };
    if !(1..=MAX_HASH_MB as i64).contains(&hash_mb) {
        return Err(value_error(format!(
            "hash_mb = {hash_mb}: it must be from 1 to {MAX_HASH_MB}"
        )));
    }
    if !(1..=MAX_THREADS as i64).contains(&threads) {
        return Err(value_error(format!(
            "threads = {threads}: it must be from 1 to {MAX_THREADS}"
        )));
    }
    let game = state.get().game.read()?.clone();
    let n = game.variant().move_pits();
    let limits = SearchLimits { depth, nodes, time };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let result = run_interruptible(py, &stop, move || {
        let mut searcher =
            Searcher::new(SearchOptions { hash_mb: hash_mb as usize, solve_seeds: None })
                .with_threads(threads as usize);
        any_game!(&game, g => searcher.search_in(g, limits, Some(&flag), &mut |_| {}))
    })?;
    Ok(PySearchResult {
        score: result.score,
        exact: result.exact,
        best_action: result.best.map(|m| action_of(m, n)),
        pv: result.pv.iter().map(|&m| action_of(m, n)).collect(),
        pv_moves: format_moves(&result.pv),
        depth: result.depth,
        nodes: result.nodes,
        seconds: result.elapsed.as_secs_f64(),
    })
}

/// The computer player's action in ``state`` at strength ``level`` (1 to
/// 10, as ``mancala play``'s computer: low levels play weakly on purpose,
/// with randomness drawn from ``seed``). Raises ValueError once the game is
/// over or for a level out of range.
#[pyfunction]
#[pyo3(signature = (state, level, seed = 0))]
pub(crate) fn computer_move(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    level: i64,
    seed: u64,
) -> PyResult<i64> {
    if !(1..=10).contains(&level) {
        return Err(value_error(format!("level = {level}: levels are 1 to 10")));
    }
    let game = state.get().game.read()?.clone();
    if any_game!(&game, g => g.position().is_over()) {
        return Err(value_error("the game is over: there is no move to choose"));
    }
    let n = game.variant().move_pits();
    let mv =
        py.detach(|| any_game!(&game, g => mancala_engine::computer_move(g, level as u8, seed)));
    Ok(action_of(mv, n))
}
