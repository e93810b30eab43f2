//! `random_playouts`: random games in bulk, without the GIL, and their
//! results as numpy arrays (`Playouts`).

use mancala_core::{mix64, Game, Layout, Outcome, Position, RepetitionWindow, Side};
use mancala_engine::playout::{playout_needs_history, random_playout, SplitMix64};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::game::PyGame;
use crate::state::{outcome_returns, PyState};
use crate::value_error;
use mancala_core::{any_game, AnyGame};

/// Results of :func:`random_playouts`, one entry per game (numpy arrays).
#[pyclass(module = "mancala", name = "Playouts", frozen)]
pub(crate) struct PyPlayouts {
    /// Moves played in each game (from the start state), uint32.
    #[pyo3(get)]
    plies: Py<PyArray1<u32>>,
    /// Final stores ``[South, North]`` of each game, shape (games, 2), int32.
    #[pyo3(get)]
    stores: Py<PyArray2<i32>>,
    /// OpenSpiel returns of each game, shape (games, 2), float32.
    #[pyo3(get)]
    returns: Py<PyArray2<f32>>,
    /// Winner of each game: 0 South, 1 North, -1 draw; int8.
    #[pyo3(get)]
    winners: Py<PyArray1<i8>>,
}

struct PlayoutData {
    plies: Vec<u32>,
    stores: Vec<i32>,
    returns: Vec<f32>,
    winners: Vec<i8>,
}

fn run_playouts<L: Layout>(game: &Game<L>, games: usize, seed: u64) -> PlayoutData {
    let history = playout_needs_history(game);
    let (v, start) = (game.variant(), game.position());
    let mut window = RepetitionWindow::<L>::new_in();
    let mut rng = SplitMix64::new(seed);
    let mut data = PlayoutData {
        plies: Vec::with_capacity(games),
        stores: Vec::with_capacity(2 * games),
        returns: Vec::with_capacity(2 * games),
        winners: Vec::with_capacity(games),
    };
    for _ in 0..games {
        if history {
            let mut copy = game.clone();
            let plies = copy.random_playout(|k| rng.below(k));
            data.push(copy.position(), plies);
        } else {
            let (p, plies) = random_playout(v, start, &mut rng, &mut window);
            data.push(&p, plies);
        }
    }
    data
}

impl PlayoutData {
    fn push<L: Layout>(&mut self, p: &Position<L>, plies: u32) {
        self.plies.push(plies);
        self.stores.push(Into::<u32>::into(p.store(Side::South)) as i32);
        self.stores.push(Into::<u32>::into(p.store(Side::North)) as i32);
        let r = outcome_returns(p);
        self.returns.push(r[0] as f32);
        self.returns.push(r[1] as f32);
        self.winners.push(match p.outcome() {
            Some(Outcome::Win(s)) => s.index() as i8,
            _ => -1,
        });
    }
}

fn start_game(py: Python<'_>, start: &Bound<'_, PyAny>) -> PyResult<AnyGame> {
    if let Ok(state) = start.cast::<PyState>() {
        return Ok(state.get().game.read()?.clone());
    }
    if let Ok(game) = start.cast::<PyGame>() {
        return Ok(AnyGame::new((*game.get().variant).clone()));
    }
    let _ = py;
    Err(PyTypeError::new_err(format!(
        "start must be a mancala.Game or a mancala.State, not {}",
        start.get_type().name()?
    )))
}

/// Plays ``games`` games with uniformly random legal actions from ``start``
/// (a Game: its initial state; a State: that state, its history counting for
/// the repetition rule) to their end, in Rust without holding the GIL. The
/// same ``seed`` gives the same games.
///
/// ``threads`` splits the games over that many threads (the games then
/// depend on the seed and the number of threads, not on timing).
#[pyfunction]
#[pyo3(signature = (start, games, seed = 0, threads = 1))]
pub(crate) fn random_playouts(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    games: i64,
    seed: u64,
    threads: i64,
) -> PyResult<PyPlayouts> {
    let game = start_game(py, start)?;
    if !(0..=100_000_000).contains(&games) {
        return Err(value_error(format!(
            "games = {games}: it must be from 0 to 100000000 (split larger runs)"
        )));
    }
    if !(1..=256).contains(&threads) {
        return Err(value_error(format!("threads = {threads}: it must be from 1 to 256")));
    }
    let (games, threads) = (games as usize, threads as usize);
    let data = py.detach(|| {
        if threads == 1 {
            return any_game!(&game, g => run_playouts(g, games, seed));
        }
        let parts: Vec<PlayoutData> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let share = games / threads + usize::from(t < games % threads);
                    let seed = mix64(seed ^ mix64(t as u64 + 1));
                    let game = &game;
                    scope.spawn(move || any_game!(game, g => run_playouts(g, share, seed)))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a playout thread panicked")).collect()
        });
        let mut all = PlayoutData {
            plies: Vec::with_capacity(games),
            stores: Vec::with_capacity(2 * games),
            returns: Vec::with_capacity(2 * games),
            winners: Vec::with_capacity(games),
        };
        for part in parts {
            all.plies.extend(part.plies);
            all.stores.extend(part.stores);
            all.returns.extend(part.returns);
            all.winners.extend(part.winners);
        }
        all
    });
    let n = data.plies.len();
    Ok(PyPlayouts {
        plies: data.plies.into_pyarray(py).unbind(),
        stores: data.stores.into_pyarray(py).reshape([n, 2])?.unbind(),
        returns: data.returns.into_pyarray(py).reshape([n, 2])?.unbind(),
        winners: data.winners.into_pyarray(py).unbind(),
    })
}
