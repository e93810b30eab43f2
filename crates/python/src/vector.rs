//! `VectorState`: many games of one variant stepped at once from numpy
//! arrays, for learning.

use mancala_core::{Game, Side};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::actions::move_of;
use crate::game::{observation_len, PyGame};
use crate::state::{describe_action, outcome_returns, PyState};
use crate::{value_error, IllegalActionError, TERMINAL_PLAYER};

/// ``n`` games of one variant stepped together from numpy arrays, for
/// learning: one call plays one action in every game, in Rust without the
/// GIL. Each game keeps its history (the repetition rule holds). Games are
/// numbered 0 to n - 1; a finished game stays finished until :meth:`reset`.
#[pyclass(module = "mancala", name = "VectorState")]
pub(crate) struct PyVectorState {
    games: Vec<Game>,
    owner: Py<PyGame>,
}

impl PyVectorState {
    fn actions_width(&self) -> usize {
        crate::actions::distinct_actions(self.games[0].variant())
    }
}

#[pymethods]
impl PyVectorState {
    /// ``n`` games of ``game`` at their start (1 to 1000000).
    #[new]
    fn new(game: &Bound<'_, PyGame>, n: i64) -> PyResult<PyVectorState> {
        if !(1..=1_000_000).contains(&n) {
            return Err(value_error(format!("n = {n}: it must be from 1 to 1000000 games")));
        }
        let start = Game::new((*game.get().variant).clone());
        Ok(PyVectorState { games: vec![start; n as usize], owner: game.clone().unbind() })
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Plays ``actions[i]`` in game ``i`` for every game not over (the
    /// entries of finished games are ignored). Every action is checked
    /// first: on an illegal one, IllegalActionError names the game, and no
    /// game has moved.
    fn step(&mut self, py: Python<'_>, actions: numpy::PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice().map_err(|_| {
            value_error("actions must be a contiguous one-dimensional array of integers")
        })?;
        if actions.len() != self.games.len() {
            return Err(value_error(format!(
                "{} actions for {} games: give one action per game",
                actions.len(),
                self.games.len()
            )));
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (game, &a)) in self.games.iter().zip(actions).enumerate() {
            let pos = game.position();
            if pos.is_over() {
                moves.push(None);
                continue;
            }
            let mv = move_of(a, game.variant())
                .map_err(|e| IllegalActionError::new_err(format!("game {i}: {}", e.value(py))))?;
            pos.check_move(game.variant(), mv).map_err(|e| {
                IllegalActionError::new_err(format!(
                    "game {i}: action {a} ({}) is illegal here: {e}",
                    describe_action(mv)
                ))
            })?;
            moves.push(Some(mv));
        }
        let games = &mut self.games;
        py.detach(|| {
            for (game, mv) in games.iter_mut().zip(moves) {
                if let Some(mv) = mv {
                    game.play_unchecked(mv);
                }
            }
        });
        Ok(())
    }

    /// Puts games back at the start: all of them, or those whose numbers are
    /// given.
    #[pyo3(signature = (games = None))]
    fn reset(&mut self, games: Option<Vec<i64>>) -> PyResult<()> {
        let start = Game::new(self.games[0].variant().clone());
        match games {
            None => self.games.iter_mut().for_each(|g| *g = start.clone()),
            Some(list) => {
                let n = self.games.len();
                if let Some(bad) = list.iter().find(|&&i| !(0..n as i64).contains(&i)) {
                    return Err(value_error(format!(
                        "game {bad} does not exist: games are numbered 0 to {}",
                        n - 1
                    )));
                }
                for i in list {
                    self.games[i as usize] = start.clone();
                }
            }
        }
        Ok(())
    }

    /// Whether each game is over, numpy bool (n,).
    fn is_terminal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.games.iter().map(|g| g.position().is_over()).collect::<Vec<_>>().into_pyarray(py)
    }

    /// The player to move in each game (0, 1, or -4 once over), int64 (n,).
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.games
            .iter()
            .map(|g| {
                let p = g.position();
                if p.is_over() {
                    TERMINAL_PLAYER
                } else {
                    p.to_move().index() as i64
                }
            })
            .collect::<Vec<_>>()
            .into_pyarray(py)
    }

    /// OpenSpiel returns of each game, float32 (n, 2) (zeros while a game
    /// goes on).
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let flat: Vec<f32> = self
            .games
            .iter()
            .flat_map(|g| outcome_returns(g.position()).map(|r| r as f32))
            .collect();
        flat.into_pyarray(py).reshape([self.games.len(), 2])
    }

    /// Legal actions of each game as a mask, bool (n, num_distinct_actions).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let width = self.actions_width();
        let mut mask = vec![false; self.games.len() * width];
        for (row, g) in mask.chunks_mut(width).zip(&self.games) {
            let p = g.position();
            if g.variant().lists_moves() {
                let n = g.variant().pits_per_side();
                for mv in g.legal_moves().iter() {
                    row[crate::actions::action_of(mv, n) as usize] = true;
                }
                continue;
            }
            let mut pits = p.legal_pits(g.variant());
            while pits != 0 {
                row[pits.trailing_zeros() as usize] = true;
                pits &= pits - 1;
            }
            if !p.is_over() && p.swap_offered() {
                row[width - 1] = true;
            }
        }
        mask.into_pyarray(py).reshape([self.games.len(), width])
    }

    /// Each game's board from the player to move's side (South's once over),
    /// as :meth:`State.observation_tensor`: float32 (n, observation length).
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let v = self.games[0].variant();
        let len = observation_len(v);
        let mut out = Vec::with_capacity(self.games.len() * len);
        for g in &self.games {
            let p = g.position();
            let me = if p.is_over() { Side::South } else { p.to_move() };
            crate::game::observe(v, p, me, &mut out);
        }
        out.into_pyarray(py).reshape([self.games.len(), len])
    }

    /// Game ``i`` as a :class:`State` (a copy).
    fn state(&self, py: Python<'_>, i: i64) -> PyResult<PyState> {
        let n = self.games.len();
        if !(0..n as i64).contains(&i) {
            return Err(value_error(format!(
                "game {i} does not exist: games are numbered 0 to {}",
                n - 1
            )));
        }
        Ok(PyState::new(self.games[i as usize].clone(), self.owner.clone_ref(py)))
    }
}
