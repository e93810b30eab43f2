//! `VectorState`: many games of one variant stepped at once from numpy
//! arrays, for learning.

use mancala_core::{with_layout, Compact, Game, Layout, Side, Wide};
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
    games: Games,
    owner: Py<PyGame>,
}

/// The games, all of one variant, in its layout.
enum Games {
    Compact(Vec<Game<Compact>>),
    Wide(Vec<Game<Wide>>),
}

impl From<Vec<Game<Compact>>> for Games {
    fn from(games: Vec<Game<Compact>>) -> Games {
        Games::Compact(games)
    }
}

impl From<Vec<Game<Wide>>> for Games {
    fn from(games: Vec<Game<Wide>>) -> Games {
        Games::Wide(games)
    }
}

/// `$body` with `$games` bound to the games of a [`Games`], compiled for
/// each layout.
macro_rules! games {
    ($all:expr, $games:ident => $body:expr) => {
        match $all {
            Games::Compact($games) => $body,
            Games::Wide($games) => $body,
        }
    };
}

impl PyVectorState {
    fn actions_width(&self) -> usize {
        crate::actions::distinct_actions(self.variant())
    }

    fn variant(&self) -> &mancala_core::Variant {
        games!(&self.games, games => games[0].variant())
    }

    fn len(&self) -> usize {
        games!(&self.games, games => games.len())
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
        let v = (*game.get().variant).clone();
        let games = with_layout!(v.layout(), L => vec![Game::<L>::new_in(v); n as usize].into());
        Ok(PyVectorState { games, owner: game.clone().unbind() })
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    /// Plays ``actions[i]`` in game ``i`` for every game not over (the
    /// entries of finished games are ignored). Every action is checked
    /// first: on an illegal one, IllegalActionError names the game, and no
    /// game has moved.
    fn step(&mut self, py: Python<'_>, actions: numpy::PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice().map_err(|_| {
            value_error("actions must be a contiguous one-dimensional array of integers")
        })?;
        if actions.len() != self.len() {
            return Err(value_error(format!(
                "{} actions for {} games: give one action per game",
                actions.len(),
                self.len()
            )));
        }
        games!(&mut self.games, games => step(py, games, actions))
    }

    /// Puts games back at the start: all of them, or those whose numbers are
    /// given.
    #[pyo3(signature = (games = None))]
    fn reset(&mut self, games: Option<Vec<i64>>) -> PyResult<()> {
        let n = self.len();
        if let Some(list) = &games {
            if let Some(bad) = list.iter().find(|&&i| !(0..n as i64).contains(&i)) {
                return Err(value_error(format!(
                    "game {bad} does not exist: games are numbered 0 to {}",
                    n - 1
                )));
            }
        }
        games!(&mut self.games, all => reset(all, games));
        Ok(())
    }

    /// Whether each game is over, numpy bool (n,).
    fn is_terminal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        games!(&self.games, games => games.iter().map(|g| g.position().is_over()).collect::<Vec<_>>())
            .into_pyarray(py)
    }

    /// The player to move in each game (0, 1, or -4 once over), int64 (n,).
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        games!(&self.games, games => games
            .iter()
            .map(|g| {
                let p = g.position();
                if p.is_over() {
                    TERMINAL_PLAYER
                } else {
                    p.to_move().index() as i64
                }
            })
            .collect::<Vec<_>>())
        .into_pyarray(py)
    }

    /// OpenSpiel returns of each game, float32 (n, 2) (zeros while a game
    /// goes on).
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let flat: Vec<f32> = games!(&self.games, games => games
            .iter()
            .flat_map(|g| outcome_returns(g.position()).map(|r| r as f32))
            .collect());
        flat.into_pyarray(py).reshape([self.len(), 2])
    }

    /// Legal actions of each game as a mask, bool (n, num_distinct_actions).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let width = self.actions_width();
        let mut mask = vec![false; self.len() * width];
        games!(&self.games, games => legal_mask(games, width, &mut mask));
        mask.into_pyarray(py).reshape([self.len(), width])
    }

    /// Each game's board from the player to move's side (South's once over),
    /// as :meth:`State.observation_tensor`: float32 (n, observation length).
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let v = self.variant();
        let len = observation_len(v);
        let mut out = Vec::with_capacity(self.len() * len);
        games!(&self.games, games => {
            for g in games {
                let p = g.position();
                let me = if p.is_over() { Side::South } else { p.to_move() };
                crate::game::observe(v, p, me, &mut out);
            }
        });
        out.into_pyarray(py).reshape([self.len(), len])
    }

    /// Game ``i`` as a :class:`State` (a copy).
    fn state(&self, py: Python<'_>, i: i64) -> PyResult<PyState> {
        let n = self.len();
        if !(0..n as i64).contains(&i) {
            return Err(value_error(format!(
                "game {i} does not exist: games are numbered 0 to {}",
                n - 1
            )));
        }
        let owner = self.owner.clone_ref(py);
        Ok(games!(&self.games, games => PyState::new(games[i as usize].clone(), owner)))
    }
}

/// Plays one action in each game of `games` not over (checked first:
/// nothing is played when one is illegal).
fn step<L: Layout>(py: Python<'_>, games: &mut [Game<L>], actions: &[i64]) -> PyResult<()> {
    let mut moves = Vec::with_capacity(actions.len());
    for (i, (game, &a)) in games.iter().zip(actions).enumerate() {
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
    py.detach(|| {
        for (game, mv) in games.iter_mut().zip(moves) {
            if let Some(mv) = mv {
                game.play_unchecked(mv);
            }
        }
    });
    Ok(())
}

/// Every game of `all` (or those numbered in `list`, each checked) back
/// at the start.
fn reset<L: Layout>(all: &mut [Game<L>], list: Option<Vec<i64>>) {
    let start = Game::<L>::new_in(all[0].variant().clone());
    match list {
        None => all.iter_mut().for_each(|g| *g = start.clone()),
        Some(list) => {
            for i in list {
                all[i as usize] = start.clone();
            }
        }
    }
}

/// The legal actions of each game of `games` marked in its row of `mask`
/// (`width` a row).
fn legal_mask<L: Layout>(games: &[Game<L>], width: usize, mask: &mut [bool]) {
    for (row, g) in mask.chunks_mut(width).zip(games) {
        let p = g.position();
        if g.variant().lists_moves() {
            let n = g.variant().pits_per_side();
            for &mv in g.legal_moves().iter() {
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
}
