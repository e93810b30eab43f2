//! `solve`: the exact value and best actions of a state (`SolveResult`),
//! with the solver's plan events as progress.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use mancala_core::Move;
use mancala_engine::search::MAX_THREADS;
use mancala_solver::{OptionNames, PlanEvent, Solve, SolveError};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::actions::action_of;
use crate::progress::{note, run_with_progress, Field};
use crate::state::PyState;
use crate::value_error;

/// What :func:`solve` proved.
#[pyclass(module = "mancala", name = "SolveResult", frozen, get_all)]
pub(crate) struct PySolveResult {
    /// The final store margin for the player to move under perfect play
    /// (their store minus the opponent's at the end): the same convention
    /// as :attr:`SearchResult.score`.
    score: i32,
    /// South's store minus North's at the end under perfect play.
    margin: i32,
    /// Every action that reaches the value, ascending.
    best_actions: Vec<i64>,
    /// Positions visited (0 when the value was read from a database).
    nodes: u64,
    /// Seconds spent (database build included).
    seconds: f64,
    /// How the value was proven: ``"solver"`` (the exact solver, games
    /// without a repetition rule), ``"database"`` (read from the endgame
    /// database: awari's rule, a position without history since the last
    /// capture) or ``"search"`` (the engine's search to the end of every
    /// line, the repetition rule applied to the game's history).
    method: &'static str,
    /// True when the value is that of the game played on to the end with its
    /// majority rule off (awari's rule with a database): the margin of that
    /// game, whose winner is the winner under the majority rule too.
    played_to_the_end: bool,
}

#[pymethods]
impl PySolveResult {
    fn __repr__(&self) -> String {
        format!(
            "SolveResult(score={}, margin={}, best_actions={:?}, nodes={}, method={:?})",
            self.score, self.margin, self.best_actions, self.nodes, self.method
        )
    }
}

fn event_note(event: &PlanEvent) -> Option<String> {
    Some(match event {
        PlanEvent::BuildingDatabase { seeds, folder } => {
            format!("building the endgame database up to {seeds} seeds in {}", folder.display())
        }
        PlanEvent::UsingDatabase { max_seeds, .. } => {
            format!("using the endgame database up to {max_seeds} seeds")
        }
        PlanEvent::FirstGuess { guess, depth } => {
            format!("first guess {guess:+} (a search of {depth} moves)")
        }
        PlanEvent::CheckpointIgnored(why) => format!("checkpoint ignored: {why}"),
        PlanEvent::CheckpointNotSaved(why) => format!("checkpoint not saved: {why}"),
        PlanEvent::ReadingDatabase { max_seeds } => {
            format!("reading the value from the endgame database up to {max_seeds} seeds")
        }
        PlanEvent::BySearch { why } => format!("solving by search: {why}"),
        PlanEvent::DatabaseOpened(line) | PlanEvent::DatabaseNotUsed(line) => line.clone(),
        _ => return None,
    })
}

/// Solves ``state`` exactly: the value under perfect play and every best
/// action, for every variant.
///
/// Games without a repetition rule (the Kalah family) are solved by the
/// exact solver. Under a repetition rule (the Oware family) the value of a
/// position under awari's rule without history since the last capture is
/// read from the endgame database when ``databases`` is given (built there
/// first when missing); every other position is proven by the engine's
/// search to the end of every line, the repetition rule applied to the
/// game's history, using the database where it applies. Such a search may
/// not finish: the seeds can circle for longer than it looks ahead
/// (RuntimeError, with what was proven). :attr:`SolveResult.method` says
/// which way the value was proven.
///
/// ``databases``: a folder of endgame databases to use, and to build the
/// variant's database in first (``db_seeds`` seeds; 0 uses only what is
/// there). ``threads``: default every core (one for a solve by search, whose
/// helper threads can leave lines unproven). ``table_mb``: the
/// transposition table (default sized to the game; 256 for a solve by
/// search; unused when the value is read from a database). ``progress``:
/// called with a dict as the solve goes on (``{"event": "bounds", "lower",
/// "upper", "nodes", "seconds"}``, the bounds on the future margin for the
/// player to move; ``{"event": "depth", "depth", "score", "exact", "nodes",
/// "seconds"}``, a completed iteration of a solve by search; or ``{"event":
/// "note", "text"}``). Ctrl-C (KeyboardInterrupt) stops the solve and is
/// raised; so is an exception from ``progress``.
#[pyfunction]
#[pyo3(signature = (state, *, databases = None, db_seeds = None, threads = None, table_mb = None, progress = None))]
pub(crate) fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    databases: Option<std::path::PathBuf>,
    db_seeds: Option<i64>,
    threads: Option<i64>,
    table_mb: Option<i64>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PySolveResult> {
    // The solver is compact by nature: a game of the wide board is refused.
    let game = state
        .get()
        .game
        .read()?
        .compact("the solver")
        .map_err(|e| value_error(e.to_string()))?
        .clone();
    let variant = game.variant().clone();
    let stop = Arc::new(AtomicBool::new(false));
    let mut solve = Solve::new(&game).option_names(OptionNames::KEYWORDS).stop_flag(stop.clone());
    if let Some(folder) = &databases {
        solve = solve.databases(folder);
    }
    if let Some(seeds) = db_seeds {
        if !(0..=127).contains(&seeds) {
            return Err(value_error(format!("db_seeds = {seeds}: it must be from 0 to 127")));
        }
        solve = solve.db_seeds(seeds as usize);
    }
    if let Some(t) = threads {
        if !(1..=MAX_THREADS as i64).contains(&t) {
            return Err(value_error(format!("threads = {t}: it must be from 1 to {MAX_THREADS}")));
        }
        solve = solve.threads(t as usize);
    }
    if let Some(mb) = table_mb {
        if !(1..=1 << 20).contains(&mb) {
            return Err(value_error(format!("table_mb = {mb}: it must be from 1 to 1048576")));
        }
        solve = solve.table_megabytes(mb as usize);
    }
    let cannot = |e: SolveError| value_error(format!("cannot solve {}: {e}", variant.name()));
    let route = solve.route().map_err(cannot)?;
    let started = std::time::Instant::now();
    let result = run_with_progress(py, &stop, progress.as_ref(), move |send| {
        solve.run_route(route, &|event| match &event {
            PlanEvent::Solve(p) => send(vec![
                ("event", Field::Text("bounds".into())),
                ("lower", Field::Int(p.lower.into())),
                ("upper", Field::Int(p.upper.into())),
                ("nodes", Field::Int(p.nodes as i64)),
                ("seconds", Field::Float(p.elapsed.as_secs_f64())),
            ]),
            PlanEvent::Depth(d) => send(vec![
                ("event", Field::Text("depth".into())),
                ("depth", Field::Int(d.depth.into())),
                ("score", Field::Int(d.score.into())),
                ("exact", Field::Bool(d.exact)),
                ("nodes", Field::Int(d.nodes as i64)),
                ("seconds", Field::Float(d.elapsed.as_secs_f64())),
            ]),
            other => {
                if let Some(text) = event_note(other) {
                    send(note(text))
                }
            }
        })
    })?;
    let n = variant.move_pits();
    let actions = |moves: &[Move]| {
        let mut best: Vec<i64> = moves.iter().map(|&m| action_of(m, n)).collect();
        best.sort_unstable();
        best
    };
    match result {
        Ok(solved) => Ok(PySolveResult {
            score: solved.value(),
            margin: solved.margin,
            best_actions: actions(&solved.best_moves),
            nodes: solved.nodes,
            seconds: started.elapsed().as_secs_f64(),
            method: solved.method.name(),
            played_to_the_end: solved.played_to_the_end,
        }),
        // Out of depth: what was proven and found, in actions.
        Err(e @ SolveError::NotProven { stopped: false, .. }) => {
            let SolveError::NotProven { solution, .. } = &e else { unreachable!() };
            let mut text = format!("cannot solve {}: {e}", variant.name());
            if let Some((mv, score)) = solution.at_least() {
                text += &format!(
                    "; proven: action {} scores at least {score:+} for the player to move",
                    action_of(mv, n)
                );
            }
            if let Some(best) = solution.analysis.best() {
                text += &format!(
                    "; best found: action {} (estimate {:+}, depth {})",
                    action_of(best.mv, n),
                    best.score,
                    solution.analysis.depth
                );
            }
            Err(PyRuntimeError::new_err(text))
        }
        Err(e) => Err(cannot(e)),
    }
}
