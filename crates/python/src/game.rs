//! `Game`: a variant at one board size, made by `load_game`; `variants`.

use std::sync::Arc;

use mancala_core::{
    preset_names, with_layout, Game, Layout, Position, PositionError, Setup, Side, Variant,
};
use pyo3::prelude::*;

use crate::state::PyState;
use crate::value_error;

/// A variant at one board size: the rules of the games to play.
///
/// Made by :func:`load_game`. Immutable; shared by the states made from it.
#[pyclass(module = "mancala", name = "Game", frozen)]
pub(crate) struct PyGame {
    pub(crate) variant: Arc<Variant>,
}

/// Loads a game: a built-in variant (see :func:`variants`) or the text of a
/// variant file, optionally at another size.
///
/// Examples: ``load_game("oware")``, ``load_game("kalah", pits_per_side=4,
/// seeds=3)``, ``load_game(variant_text=open("my.toml").read())``.
///
/// Raises ValueError for an unknown name, a bad variant file or a size the
/// rules do not allow (the message names the allowed range).
#[pyfunction]
#[pyo3(signature = (name = None, *, pits_per_side = None, seeds = None, variant_text = None))]
pub(crate) fn load_game(
    name: Option<&str>,
    pits_per_side: Option<i64>,
    seeds: Option<i64>,
    variant_text: Option<&str>,
) -> PyResult<PyGame> {
    let base =
        match (name, variant_text) {
            (Some(_), Some(_)) => return Err(value_error(
                "give either a variant name or variant_text (the text of a variant file), not both",
            )),
            (None, None) => {
                return Err(value_error(format!(
                    "give a variant name ({}) or variant_text (the text of a variant file)",
                    preset_names().join(", ")
                )))
            }
            (Some(name), None) => Variant::preset(name).map_err(|e| value_error(format!("{e}")))?,
            (None, Some(text)) => Variant::from_toml(text)
                .map_err(|e| value_error(format!("the variant file does not read: {e}")))?,
        };
    // A size outside 0..=255 is checked as 0, which no rules allow, so that
    // the rules' message names the allowed range; it then shows the value
    // given.
    let size = |value: Option<i64>| value.map(|v| u8::try_from(v).unwrap_or(0));
    let (pits, seeds_u8) = (size(pits_per_side), size(seeds));
    let variant = if pits.is_none() && seeds_u8.is_none() {
        base
    } else {
        base.resized(pits, seeds_u8).map_err(|e| {
            let mut problems = e.to_string();
            let mut given = Vec::new();
            for (key, field, value, checked) in [
                ("pits_per_side", "pits_per_side", pits_per_side, pits),
                ("seeds", "seeds_per_pit", seeds, seeds_u8),
            ] {
                if let (Some(v), Some(c)) = (value, checked) {
                    given.push(format!("{key}={v}"));
                    problems = problems.replace(
                        &format!("board.{field} = {c}:"),
                        &format!("board.{field} = {v}:"),
                    );
                }
            }
            value_error(format!(
                "{} cannot be played with {}: {problems}",
                base.name(),
                given.join(", ")
            ))
        })?
    };
    Ok(PyGame { variant: Arc::new(variant) })
}

/// The names of the built-in variants.
#[pyfunction]
pub(crate) fn variants() -> Vec<&'static str> {
    preset_names()
}

#[pymethods]
impl PyGame {
    /// The variant's name (``"oware"``, ``"kalah-classic"``, ...).
    #[getter]
    fn name(&self) -> &str {
        self.variant.name()
    }

    /// The pits each player owns: the pits of their row, or on a board of
    /// four rows (Hus) of both their rows, numbered in the order they sow
    /// them (the outer row from their left, then the inner row back from
    /// their right). The actions sow these pits.
    #[getter]
    fn pits_per_side(&self) -> usize {
        self.variant.pits_per_side()
    }

    /// Rows of pits on the board: 2, or 4 (each player owns two rows).
    #[getter]
    fn rows(&self) -> usize {
        self.variant.rows()
    }

    /// Whether a move may start from a pit of either row (``pits = "any"``,
    /// Eson Xorgol): the sowings are then the actions ``0`` to
    /// ``2 * pits_per_side - 1``, counted from the mover's left round the
    /// board (the mover's row, then the other row from its owner's left).
    #[getter]
    fn any_pits(&self) -> bool {
        self.variant.any_pits()
    }

    /// Pits in each row of the board (``pits_per_side`` of
    /// :func:`load_game`): ``pits_per_side`` on two rows, half of it on four.
    #[getter]
    fn pits_per_row(&self) -> usize {
        self.variant.pits_per_row()
    }

    /// Seeds in each pit at the start.
    #[getter]
    fn seeds(&self) -> u8 {
        self.variant.seeds_per_pit()
    }

    /// Seeds on the board in all.
    #[getter]
    fn total_seeds(&self) -> u32 {
        self.variant.total_seeds()
    }

    /// Whether the variant has the pie rule (the second player may swap).
    #[getter]
    fn pie_rule(&self) -> bool {
        self.variant.rules().turn.pie_rule
    }

    /// The rules as the text of a variant file (TOML).
    fn variant_text(&self) -> String {
        self.variant.rules().to_toml()
    }

    /// Number of players: 2.
    fn num_players(&self) -> i64 {
        2
    }

    /// Number of distinct actions: ``pits_per_side`` sowings (twice that
    /// where a move may start from either row, ``any_pits``), plus the swap
    /// when the variant has the pie rule; where the mover chooses a pit's
    /// direction, ``2 * pits_per_side + 1`` (the swap's number, then the
    /// clockwise sowings; docs/python.md).
    fn num_distinct_actions(&self) -> usize {
        crate::actions::distinct_actions(&self.variant)
    }

    /// Shape of :meth:`State.observation_tensor`: ``[2 * pits_per_side + 2]``,
    /// plus one for the swap flag under the pie rule.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation_len(&self.variant)]
    }

    /// The state at the start of a game or, given ``position`` (a position
    /// string, see docs/notation.md), at that position (with no history
    /// before it). Raises ValueError for a position that does not read or
    /// does not fit this game (another size or seed count).
    #[pyo3(signature = (position = None))]
    fn new_initial_state(slf: &Bound<'_, Self>, position: Option<&str>) -> PyResult<PyState> {
        let variant = (*slf.get().variant).clone();
        let owner = slf.clone().unbind();
        with_layout!(variant.layout(), L => {
            let game = match position {
                None => Game::<L>::new_in(variant),
                Some(text) => Game::from_position(variant.clone(), position_in(&variant, text)?),
            };
            Ok(PyState::new(game, owner))
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "load_game({:?}, pits_per_side={}, seeds={})",
            self.variant.name(),
            self.variant.pits_per_row(),
            self.variant.seeds_per_pit()
        )
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}

/// The position `text` describes in a game of `v`, in layout `L` (the
/// variant's), or the ValueError saying why it does not read or fit.
fn position_in<L: Layout>(v: &Variant, text: &str) -> PyResult<Position<L>> {
    let read = || -> Result<Position<L>, PositionError> {
        Ok(Setup::<L>::from_str_in(text)?.position(v)?)
    };
    read().map_err(|e| match e {
        PositionError::Parse(e) => value_error(format!("position {text:?} does not read: {e}")),
        PositionError::Mismatch(e) => {
            value_error(format!("position {text:?} does not fit this game: {e}"))
        }
    })
}

pub(crate) fn observation_len(v: &Variant) -> usize {
    let claims = if v.rules().claim.count > 0 { 2 * v.pits_per_side() } else { 0 };
    let end_pits = if v.has_end_pits() { 4 } else { 0 };
    let takes = (v.rules().capture.bonus_pits > 0) as usize;
    2 * v.pits_per_side() + 2 + claims + end_pits + v.rules().turn.pie_rule as usize + takes
}

/// Appends the observation of `p` from `me`'s side (see
/// :meth:`State.observation_tensor`): `me`'s pits, the opponent's pits,
/// `me`'s store, the opponent's store; under rules with claimed pits, for
/// the same pits in the same order, 1.0 where `me` has claimed the pit,
/// -1.0 where the opponent has, 0.0 elsewhere; under end pits (rule
/// `end_pits`), the seeds in the end pit after `me`'s row and after the
/// opponent's, then 1.0 for each of them already taken (else 0.0); under
/// the pie rule, 1.0 when a swap is offered; under bonus takes (rule
/// `capture.bonus_pits`), the takes due, positive when due to `me`,
/// negative when due to the opponent.
pub(crate) fn observe<L: Layout>(v: &Variant, p: &Position<L>, me: Side, out: &mut Vec<f32>) {
    let seeds = |x: L::Cell| Into::<u32>::into(x) as f32;
    out.extend(p.row(me).iter().map(|&x| seeds(x)));
    out.extend(p.row(me.opponent()).iter().map(|&x| seeds(x)));
    out.push(seeds(p.store(me)));
    out.push(seeds(p.store(me.opponent())));
    if v.rules().claim.count > 0 {
        for row in [me, me.opponent()] {
            out.extend((0..v.pits_per_side()).map(|k| match p.claim_owner(row, k) {
                Some(owner) if owner == me => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            }));
        }
    }
    if v.has_end_pits() {
        for side in [me, me.opponent()] {
            out.push(seeds(p.end_pit(side)));
        }
        for side in [me, me.opponent()] {
            out.push(p.end_pit_taken(side) as u8 as f32);
        }
    }
    if v.rules().turn.pie_rule {
        out.push(p.swap_offered() as u8 as f32);
    }
    if v.rules().capture.bonus_pits > 0 {
        // The takes are the player to move's.
        let due = p.takes_due() as f32;
        out.push(if p.to_move() == me { due } else { -due });
    }
}
