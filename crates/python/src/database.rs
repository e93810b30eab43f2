//! `Database`: an endgame database, built or opened, and probed.

use mancala_core::Variant;
use mancala_solver::Databases;
use pyo3::prelude::*;

use crate::game::PyGame;
use crate::state::PyState;
use crate::value_error;

/// An endgame database: the exact value of every board with few seeds left
/// in the pits, for one variant and row length, in a folder of databases.
/// Made by :meth:`Database.build` or :meth:`Database.open`.
#[pyclass(module = "mancala", name = "Database", frozen)]
pub(crate) struct PyDatabase {
    opened: mancala_solver::OpenedDb,
    variant: Variant,
    root: std::path::PathBuf,
}

fn open_database(variant: &Variant, root: &std::path::Path) -> PyResult<PyDatabase> {
    compact_only(variant)?;
    match Databases::open(variant, root) {
        Ok(Some(opened)) => {
            Ok(PyDatabase { opened, variant: variant.clone(), root: root.to_path_buf() })
        }
        Ok(None) => Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
            "no endgame database of {} ({} pits a side) the engine can use in {} (build one with Database.build)",
            variant.name(),
            variant.pits_per_side(),
            root.display()
        ))),
        Err(e) => Err(value_error(format!("the endgame database in {} cannot be used: {e}", root.display()))),
    }
}

/// The databases are compact by nature: a variant of the wide board is
/// refused, saying so.
fn compact_only(variant: &Variant) -> PyResult<()> {
    variant.compact_only("an endgame database").map_err(|e| value_error(e.to_string()))
}

#[pymethods]
impl PyDatabase {
    /// Builds (or finishes building) the database of ``game``'s variant up
    /// to ``max_seeds`` seeds left in the pits, in the folder of databases
    /// ``folder`` (created if missing), and opens it. The GIL is released
    /// while it builds. Raises ValueError for a variant with no database or
    /// a size out of range.
    #[staticmethod]
    #[pyo3(signature = (game, folder, max_seeds, threads = 1))]
    fn build(
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        folder: std::path::PathBuf,
        max_seeds: i64,
        threads: i64,
    ) -> PyResult<PyDatabase> {
        let variant = (*game.get().variant).clone();
        compact_only(&variant)?;
        if !(0..=127).contains(&max_seeds) {
            return Err(value_error(format!("max_seeds = {max_seeds}: it must be from 0 to 127")));
        }
        if !(1..=256).contains(&threads) {
            return Err(value_error(format!("threads = {threads}: it must be from 1 to 256")));
        }
        Databases::check_build(&variant, max_seeds as usize).map_err(|e| {
            value_error(format!("cannot build a database of {}: {e}", variant.name()))
        })?;
        py.detach(|| {
            Databases::build(&variant, max_seeds as usize, &folder, threads as usize, &|_| {})
        })
        .map_err(|e| value_error(format!("cannot build a database of {}: {e}", variant.name())))?;
        open_database(&variant, &folder)
    }

    /// Opens the database of ``game``'s variant in the folder of databases
    /// ``folder``. Raises FileNotFoundError when there is none.
    #[staticmethod]
    fn open(game: &Bound<'_, PyGame>, folder: std::path::PathBuf) -> PyResult<PyDatabase> {
        open_database(&game.get().variant, &folder)
    }

    /// The most seeds left in the pits of a covered board.
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.opened.max_seeds
    }

    /// True when the values are exact margins; False when only their sign
    /// (the winner) is right, as for variants whose game ends at a majority.
    #[getter]
    fn exact(&self) -> bool {
        self.opened.exact
    }

    /// The folder holding this database.
    #[getter]
    fn folder(&self) -> std::path::PathBuf {
        self.opened.folder.clone()
    }

    /// The value of ``state`` under perfect play: the final store margin for
    /// the player to move (as :attr:`SearchResult.score`), or None when the
    /// database does not cover it (more seeds left, a finished game, a
    /// pie-rule opening). Raises ValueError for a state of another game.
    fn probe(&self, state: &Bound<'_, PyState>) -> PyResult<Option<i32>> {
        let any = state.get().game.read()?;
        // The databases are compact by nature: a game of the wide board is refused.
        let s = any.compact("an endgame database").map_err(|e| value_error(e.to_string()))?;
        let v = s.variant();
        if Databases::folder(v, &self.root) != self.opened.folder {
            return Err(value_error(format!(
                "this database is for {} with {} pits a side; the state is of {} with {}",
                self.variant.name(),
                self.variant.pits_per_side(),
                v.name(),
                v.pits_per_side()
            )));
        }
        let p = s.position();
        Ok(self.opened.oracle.probe(p).map(|future| {
            let me = p.to_move();
            p.store(me) as i32 - p.store(me.opponent()) as i32 + future
        }))
    }

    fn __repr__(&self) -> String {
        format!("<mancala.Database {}>", self.opened.describe())
    }
}
