//! The `mancala` Python package's native module (`mancala._mancala`).
//!
//! An OpenSpiel-shaped game API over [`mancala_core`], bulk random playouts
//! and the search of [`mancala_engine`]. Every error a caller can provoke
//! (an unknown variant, a bad size, an illegal action, a bad position
//! string) becomes a Python exception with a message naming what was wrong
//! and what is allowed; nothing here panics on input.
//!
//! Actions: `0 .. pits_per_side - 1` sow the mover's pit `a + 1` (pits
//! counted from the mover's own left, as in the notation); `pits_per_side`
//! is the pie rule's swap. See `docs/python.md`.
//!
//! One module a job: `game` (variants, `load_game`), `actions` (action
//! numbers and moves), `state` (a game in progress), `fastcall` (the
//! playout loop's direct CPython entry points), `playouts` (random
//! playouts in bulk), `search` (the engine's search and computer player),
//! `progress` (work off the GIL, with Ctrl-C and progress callbacks),
//! `solve` (the exact solver), `database` (endgame databases) and
//! `vector` (many games stepped at once).

mod actions;
mod database;
mod fastcall;
mod game;
mod playouts;
mod progress;
mod search;
mod solve;
mod state;
mod vector;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::database::PyDatabase;
use crate::game::PyGame;
use crate::playouts::PyPlayouts;
use crate::search::PySearchResult;
use crate::solve::PySolveResult;
use crate::state::PyState;
use crate::vector::PyVectorState;

create_exception!(
    _mancala,
    IllegalActionError,
    PyValueError,
    "An action that is not legal in the state it was applied to (the message says why and lists the legal actions)."
);

/// OpenSpiel's player id of a finished game (`pyspiel.PlayerId.TERMINAL`).
const TERMINAL_PLAYER: i64 = -4;

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The native module; `mancala/__init__.py` re-exports it.
#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyPlayouts>()?;
    m.add_class::<PySearchResult>()?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::variants, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::computer_move, m)?)?;
    m.add_class::<PySolveResult>()?;
    m.add_class::<PyDatabase>()?;
    m.add_class::<PyVectorState>()?;
    m.add("IllegalActionError", m.py().get_type::<IllegalActionError>())?;
    fastcall::install(m.py())?;
    Ok(())
}
