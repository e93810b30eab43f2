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

mod fastcall;

use std::cell::UnsafeCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use mancala_core::{
    format_moves, mix64, preset_names, EndReason, Game, Move, Outcome, Position, PositionError,
    Repetition, RepetitionWindow, Side, Variant,
};
use mancala_engine::playout::{random_playout, SplitMix64};
use mancala_engine::search::{SearchLimits, SearchOptions, Searcher, MAX_HASH_MB, MAX_THREADS};
use mancala_solver::{Databases, OptionNames, PlanEvent, Solve, SolveError};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

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

// ---------------------------------------------------------------------------
// Game
// ---------------------------------------------------------------------------

/// A variant at one board size: the rules of the games to play.
///
/// Made by :func:`load_game`. Immutable; shared by the states made from it.
#[pyclass(module = "mancala", name = "Game", frozen)]
struct PyGame {
    variant: Arc<Variant>,
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
fn load_game(
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
fn variants() -> Vec<&'static str> {
    preset_names()
}

#[pymethods]
impl PyGame {
    /// The variant's name (``"oware"``, ``"kalah-classic"``, ...).
    #[getter]
    fn name(&self) -> &str {
        self.variant.name()
    }

    /// Pits in each player's row.
    #[getter]
    fn pits_per_side(&self) -> usize {
        self.variant.pits_per_side()
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

    /// Number of distinct actions: ``pits_per_side`` sowings, plus the swap
    /// when the variant has the pie rule.
    fn num_distinct_actions(&self) -> usize {
        self.variant.pits_per_side() + self.variant.rules().turn.pie_rule as usize
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
        let game = match position {
            None => Game::new(variant),
            Some(text) => {
                let pos = Position::from_text(&variant, text).map_err(|e| match e {
                    PositionError::Parse(e) => {
                        value_error(format!("position {text:?} does not read: {e}"))
                    }
                    PositionError::Mismatch(e) => {
                        value_error(format!("position {text:?} does not fit this game: {e}"))
                    }
                })?;
                Game::from_position(variant, pos)
            }
        };
        Ok(PyState::new(game, slf.clone().unbind()))
    }

    fn __repr__(&self) -> String {
        format!(
            "load_game({:?}, pits_per_side={}, seeds={})",
            self.variant.name(),
            self.variant.pits_per_side(),
            self.variant.seeds_per_pit()
        )
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}

fn observation_len(v: &Variant) -> usize {
    2 * v.pits_per_side() + 2 + v.rules().turn.pie_rule as usize
}

// ---------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------

fn action_of(mv: Move, n: usize) -> i64 {
    match mv {
        Move::Sow(k) => k as i64,
        Move::Swap => n as i64,
    }
}

fn move_of(action: i64, v: &Variant) -> PyResult<Move> {
    let n = v.pits_per_side() as i64;
    let pie = v.rules().turn.pie_rule;
    if (0..n).contains(&action) {
        Ok(Move::Sow(action as u8))
    } else if pie && action == n {
        Ok(Move::Swap)
    } else {
        Err(no_such_action(&action.to_string(), v))
    }
}

/// The IllegalActionError for an action number outside the game's range
/// (`action` as written: it may not fit an i64).
fn no_such_action(action: &str, v: &Variant) -> PyErr {
    let n = v.pits_per_side() as i64;
    let pie = v.rules().turn.pie_rule;
    let last = if pie { n } else { n - 1 };
    let swap = if pie { format!(", and {n} is the swap") } else { String::new() };
    IllegalActionError::new_err(format!(
        "action {action} does not exist: actions are 0 to {last} (action a sows the mover's pit a + 1{swap})"
    ))
}

fn move_name(mv: Move) -> String {
    mv.to_string()
}

// ---------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------

/// A game in progress: the position and the actions played to reach it.
///
/// Made by :meth:`Game.new_initial_state`. ``str(state)`` draws the board;
/// :meth:`position` gives the position string.
#[pyclass(module = "mancala", name = "State", frozen)]
struct PyState {
    game: GameCell,
    owner: Py<PyGame>,
}

impl PyState {
    fn new(game: Game, owner: Py<PyGame>) -> PyState {
        PyState { game: GameCell::new(game), owner }
    }
}

/// The game of a [`PyState`], borrowed as a `RefCell` would be: any number
/// of readers or one writer, a second writer refused with PyO3's own
/// `RuntimeError` ("Already borrowed"). It replaces PyO3's borrow flag of a
/// mutable `#[pyclass]`, whose two atomic read-modify-write operations
/// (`lock cmpxchg`, `lock xadd`) were the larger part of `is_terminal`'s time
/// (perf, a playout loop). The flag here is read and written with plain
/// loads and stores, which is exact because it is only ever touched by a
/// thread attached to the interpreter, and this module runs under the GIL
/// (it does not declare itself free-threading safe, so a free-threaded
/// interpreter turns the GIL on to import it): two attached threads never
/// run at once. A guard may be held while detached (the flag then keeps
/// other threads out), but cannot be sent to another thread or dropped
/// while detached (it is neither `Send` nor `Ungil`).
struct GameCell {
    /// 0: free; n > 0: n readers; -1: a writer.
    flag: AtomicIsize,
    game: UnsafeCell<Game>,
}

// SAFETY: `game` is only reached through `read` and `write`, whose flag
// protocol holds under the GIL (see the type's documentation).
unsafe impl Sync for GameCell {}

struct GameRef<'a> {
    cell: &'a GameCell,
    _not_send: PhantomData<*const ()>,
}

struct GameMut<'a> {
    cell: &'a GameCell,
    _not_send: PhantomData<*const ()>,
}

impl GameCell {
    fn new(game: Game) -> GameCell {
        GameCell { flag: AtomicIsize::new(0), game: UnsafeCell::new(game) }
    }

    #[inline]
    fn read(&self) -> PyResult<GameRef<'_>> {
        let flag = self.flag.load(Ordering::Relaxed);
        if flag < 0 {
            return Err(PyRuntimeError::new_err("Already mutably borrowed"));
        }
        self.flag.store(flag + 1, Ordering::Relaxed);
        Ok(GameRef { cell: self, _not_send: PhantomData })
    }

    #[inline]
    fn write(&self) -> PyResult<GameMut<'_>> {
        if self.flag.load(Ordering::Relaxed) != 0 {
            return Err(PyRuntimeError::new_err("Already borrowed"));
        }
        self.flag.store(-1, Ordering::Relaxed);
        Ok(GameMut { cell: self, _not_send: PhantomData })
    }
}

impl Drop for GameRef<'_> {
    #[inline]
    fn drop(&mut self) {
        let flag = self.cell.flag.load(Ordering::Relaxed);
        self.cell.flag.store(flag - 1, Ordering::Relaxed);
    }
}

impl Drop for GameMut<'_> {
    #[inline]
    fn drop(&mut self) {
        self.cell.flag.store(0, Ordering::Relaxed);
    }
}

impl std::ops::Deref for GameRef<'_> {
    type Target = Game;
    #[inline]
    fn deref(&self) -> &Game {
        // SAFETY: the flag counts this reader; no writer exists.
        unsafe { &*self.cell.game.get() }
    }
}

impl std::ops::Deref for GameMut<'_> {
    type Target = Game;
    #[inline]
    fn deref(&self) -> &Game {
        // SAFETY: the flag marks this writer as the only borrow.
        unsafe { &*self.cell.game.get() }
    }
}

impl std::ops::DerefMut for GameMut<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Game {
        // SAFETY: the flag marks this writer as the only borrow.
        unsafe { &mut *self.cell.game.get() }
    }
}

/// What the methods of [`PyState`] ask of its game.
trait StateGame {
    fn game(&self) -> &Game;
    fn pos(&self) -> &Position {
        self.game().position()
    }
    fn n(&self) -> usize {
        self.game().variant().pits_per_side()
    }
    /// The legal sowings as a mask of pits (bit `k`: action `k`).
    #[inline]
    fn legal_pits(&self) -> u32 {
        self.pos().legal_pits(self.game().variant())
    }
    fn legal(&self) -> Vec<i64> {
        let n = self.n();
        self.game().legal_moves().iter().map(|m| action_of(m, n)).collect()
    }
    fn player_index(&self, player: Option<i64>) -> PyResult<Side> {
        match player {
            None if self.pos().is_over() => Ok(Side::South),
            None => Ok(self.pos().to_move()),
            Some(0) => Ok(Side::South),
            Some(1) => Ok(Side::North),
            Some(p) => Err(value_error(format!(
                "player {p} does not exist: players are 0 (South) and 1 (North)"
            ))),
        }
    }
}

impl StateGame for Game {
    fn game(&self) -> &Game {
        self
    }
}

/// Plays `action` in `game`, or explains why it cannot be played.
fn apply(game: &mut Game, action: i64) -> PyResult<()> {
    // The common case first: a sowing in the legal set (empty once over).
    if (0..32).contains(&action) && game.legal_pits() >> action & 1 == 1 {
        game.play_unchecked(Move::Sow(action as u8));
        return Ok(());
    }
    let v = game.variant();
    let mv = move_of(action, v)?;
    if let Err(e) = game.pos().check_move(v, mv) {
        return Err(IllegalActionError::new_err(format!(
            "action {action} ({}) is illegal here: {e}; legal actions: {:?}",
            describe_action(mv),
            game.legal()
        )));
    }
    game.play_unchecked(mv);
    Ok(())
}

fn describe_action(mv: Move) -> String {
    match mv {
        Move::Sow(k) => format!("sow pit {}", k as usize + 1),
        Move::Swap => "swap".to_string(),
    }
}

fn outcome_returns(p: &Position) -> [f64; 2] {
    match p.outcome() {
        Some(Outcome::Win(Side::South)) => [1.0, -1.0],
        Some(Outcome::Win(Side::North)) => [-1.0, 1.0],
        _ => [0.0, 0.0],
    }
}

/// The board as text: North's row on top (read right to left, North's pit 1
/// on the right), the stores at the ends (North's on the left), South's row
/// below, then who is to move or how the game ended.
fn draw_board(v: &Variant, p: &Position) -> String {
    let n = v.pits_per_side();
    let cell = |x: u8| format!("{x:>3}");
    let north: String = p.row(Side::North).iter().rev().map(|&x| cell(x)).collect();
    let south: String = p.row(Side::South).iter().map(|&x| cell(x)).collect();
    let mut out = String::new();
    out.push_str(&format!("     {north}\n"));
    out.push_str(&format!(
        "{:>3}  {}   {}\n",
        p.store(Side::North),
        " ".repeat(3 * n),
        p.store(Side::South)
    ));
    out.push_str(&format!("     {south}\n"));
    match p.outcome() {
        None => {
            let side = if p.to_move() == Side::South { "South" } else { "North" };
            let swap = if p.swap_offered() { " (may swap)" } else { "" };
            out.push_str(&format!("{side} to move{swap}"));
        }
        Some(o) => {
            let (s, nn) = (p.store(Side::South), p.store(Side::North));
            let result = match o {
                Outcome::Win(Side::South) => format!("South wins {s} to {nn}"),
                Outcome::Win(Side::North) => format!("North wins {nn} to {s}"),
                Outcome::Draw => format!("draw {s} to {nn}"),
            };
            let why = p.end_reason().map(EndReason::describe).unwrap_or("");
            out.push_str(&format!("game over ({why}): {result}"));
        }
    }
    out
}

#[pymethods]
impl PyState {
    /// The game this state belongs to.
    fn get_game(&self, py: Python<'_>) -> Py<PyGame> {
        self.owner.clone_ref(py)
    }

    /// The legal actions, ascending (empty once the game is over).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.game.read()?;
        let p = g.pos();
        let mut pits = g.legal_pits();
        let mut buf = [0u32; 33];
        let mut len = 0;
        while pits != 0 {
            buf[len] = pits.trailing_zeros();
            pits &= pits - 1;
            len += 1;
        }
        if !p.is_over() && p.swap_offered() {
            buf[len] = g.n() as u32;
            len += 1;
        }
        PyList::new(py, &buf[..len])
    }

    /// A mask of :meth:`Game.num_distinct_actions` booleans (numpy), true at
    /// the legal actions.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let g = self.game.read()?;
        let v = g.variant();
        let mut mask = vec![false; v.pits_per_side() + v.rules().turn.pie_rule as usize];
        for a in g.legal() {
            mask[a as usize] = true;
        }
        Ok(mask.into_pyarray(py))
    }

    /// Plays an action. Raises IllegalActionError (a ValueError) naming the
    /// action, why it is illegal here and the legal actions; the state is
    /// then unchanged.
    fn apply_action(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action: i64 = match action.extract() {
            Ok(a) => a,
            // An int too large for any action (2**70): the same error as 99.
            Err(e) if e.is_instance_of::<PyOverflowError>(action.py()) => {
                let text = action.str()?.to_string();
                return Err(no_such_action(&text, self.game.read()?.variant()));
            }
            Err(e) => return Err(e),
        };
        apply(&mut *self.game.write()?, action)
    }

    /// Plays several actions in order; on an illegal one, raises
    /// IllegalActionError with the actions before it played.
    fn apply_actions(&self, actions: Vec<i64>) -> PyResult<()> {
        let mut g = self.game.write()?;
        for (i, a) in actions.into_iter().enumerate() {
            apply(&mut g, a).map_err(|e| {
                Python::attach(|py| {
                    IllegalActionError::new_err(format!(
                        "action #{} in the list: {}",
                        i + 1,
                        e.value(py)
                    ))
                })
            })?;
        }
        Ok(())
    }

    /// Plays moves written in the notation (pit numbers from the mover's
    /// left, 1-based, or ``swap``), e.g. ``"3,swap,1"``. Raises
    /// IllegalActionError naming the first bad move (the moves before it are
    /// played).
    fn apply_moves(&self, moves: &str) -> PyResult<()> {
        self.game.write()?.play_moves(moves).map_err(|e| IllegalActionError::new_err(e.to_string()))
    }

    /// A copy, independent of this state.
    fn clone(&self, py: Python<'_>) -> PyResult<PyState> {
        Ok(PyState::new(self.game.read()?.clone(), self.owner.clone_ref(py)))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyState> {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyState> {
        self.clone(py)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> PyResult<bool> {
        let g = self.game.read()?;
        Ok(g.pos().is_over())
    }

    /// OpenSpiel's returns: ``[1.0, -1.0]`` when South (player 0) won,
    /// ``[-1.0, 1.0]`` when North won, ``[0.0, 0.0]`` for a draw or a game
    /// not over.
    fn returns(&self) -> PyResult<Vec<f64>> {
        let g = self.game.read()?;
        Ok(outcome_returns(g.pos()).to_vec())
    }

    /// The player to move: 0 (South), 1 (North), or -4 once the game is
    /// over (OpenSpiel's terminal player id).
    fn current_player(&self) -> PyResult<i64> {
        let g = self.game.read()?;
        Ok(if g.pos().is_over() { TERMINAL_PLAYER } else { g.pos().to_move().index() as i64 })
    }

    /// The board from ``player``'s side (default: the player to move; South
    /// once the game is over) as numpy float32: that player's pits from their
    /// own left, the opponent's pits from the opponent's own left, that
    /// player's store, the opponent's store, and under the pie rule 1.0 when
    /// a swap is offered. Seed counts, not scaled.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let g = self.game.read()?;
        let me = g.player_index(player)?;
        let p = g.pos();
        let v = g.variant();
        let mut out = Vec::with_capacity(observation_len(v));
        out.extend(p.row(me).iter().map(|&x| x as f32));
        out.extend(p.row(me.opponent()).iter().map(|&x| x as f32));
        out.push(p.store(me) as f32);
        out.push(p.store(me.opponent()) as f32);
        if v.rules().turn.pie_rule {
            out.push(p.swap_offered() as u8 as f32);
        }
        Ok(out.into_pyarray(py))
    }

    /// The actions played from the state the game started in.
    fn history(&self) -> PyResult<Vec<i64>> {
        let g = self.game.read()?;
        let n = g.n();
        Ok(g.moves().iter().map(|&m| action_of(m, n)).collect())
    }

    /// The moves played, in the notation (``"3,swap,1"``).
    fn moves(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(format_moves(g.moves()))
    }

    /// Number of moves played.
    fn move_number(&self) -> PyResult<usize> {
        let g = self.game.read()?;
        Ok(g.moves().len())
    }

    /// The position string (docs/notation.md), e.g.
    /// ``"4,4,4,4,4,4:0/4,4,4,4,4,4:0/S"``; reads back with
    /// ``game.new_initial_state(position)``.
    fn position(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(g.pos().to_string())
    }

    /// The seeds in ``player``'s pits (0 South, 1 North), from that player's
    /// own left.
    fn pits(&self, player: i64) -> PyResult<Vec<u32>> {
        let g = self.game.read()?;
        Ok(g.pos().row(g.player_index(Some(player))?).iter().map(|&x| x as u32).collect())
    }

    /// The two stores: ``[South's, North's]``.
    fn stores(&self) -> PyResult<Vec<u32>> {
        let g = self.game.read()?;
        Ok(vec![g.pos().store(Side::South) as u32, g.pos().store(Side::North) as u32])
    }

    /// The winner once the game is over: 0 (South), 1 (North), -1 for a
    /// draw; None while it goes on.
    fn winner(&self) -> PyResult<Option<i64>> {
        let g = self.game.read()?;
        Ok(g.pos().outcome().map(|o| match o {
            Outcome::Win(s) => s.index() as i64,
            Outcome::Draw => -1,
        }))
    }

    /// Why the game ended (``"majority"``, ``"empty-side"``, ``"no-seeds"``,
    /// ``"cannot-feed"``, ``"only-grand-slams"``, ``"cycle"``), or None.
    fn end_reason(&self) -> PyResult<Option<&'static str>> {
        let g = self.game.read()?;
        Ok(g.pos().end_reason().map(EndReason::name))
    }

    /// An action in the notation: ``"3"`` for action 2, ``"swap"``.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(move_name(move_of(action, g.variant())?))
    }

    /// A move in the notation (``"3"``, ``"swap"``) as an action; raises
    /// IllegalActionError when it does not read or is not legal here.
    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        let g = self.game.read()?;
        let mv = g
            .pos()
            .parse_move(g.variant(), text)
            .map_err(|e| IllegalActionError::new_err(format!("move {text:?}: {e}")))?;
        Ok(action_of(mv, g.n()))
    }

    fn __str__(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(draw_board(g.variant(), g.pos()))
    }

    fn __repr__(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(format!("<mancala.State {} {}>", g.variant().name(), g.pos()))
    }
}

// ---------------------------------------------------------------------------
// Random playouts in bulk
// ---------------------------------------------------------------------------

/// Results of :func:`random_playouts`, one entry per game (numpy arrays).
#[pyclass(module = "mancala", name = "Playouts", frozen)]
struct PyPlayouts {
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

fn run_playouts(game: &Game, games: usize, seed: u64) -> PlayoutData {
    let v = game.variant();
    let cycles = v.rules().end.repetition != Repetition::None;
    let mut base = RepetitionWindow::new();
    if cycles {
        for p in game.positions() {
            base.record(p);
        }
    }
    let start = *game.position();
    let mut rng = SplitMix64::new(seed);
    let mut data = PlayoutData {
        plies: Vec::with_capacity(games),
        stores: Vec::with_capacity(2 * games),
        returns: Vec::with_capacity(2 * games),
        winners: Vec::with_capacity(games),
    };
    // The positions since the stores last changed; with only the current
    // one, the engine's playout (which starts its window there) is exact.
    let window_len = game.positions_since_stores_changed().len();
    let mut window = base.clone();
    for _ in 0..games {
        if window_len <= 1 {
            let (p, plies) = random_playout(v, &start, &mut rng, &mut window);
            data.push(&p, plies);
            continue;
        }
        let mut p = start;
        if cycles {
            window.clone_from(&base);
        }
        let mut plies = 0u32;
        while !p.is_over() {
            let pick = rng.below(p.legal_count(v));
            let Some(mv) = p.nth_legal_move(v, pick) else { break };
            p.play_unchecked(v, mv);
            plies += 1;
            if cycles && !p.is_over() && window.record(&p) {
                p.end_game(v, EndReason::Cycle);
            }
        }
        data.push(&p, plies);
    }
    data
}

impl PlayoutData {
    fn push(&mut self, p: &Position, plies: u32) {
        self.plies.push(plies);
        self.stores.push(p.store(Side::South) as i32);
        self.stores.push(p.store(Side::North) as i32);
        let r = outcome_returns(p);
        self.returns.push(r[0] as f32);
        self.returns.push(r[1] as f32);
        self.winners.push(match p.outcome() {
            Some(Outcome::Win(s)) => s.index() as i8,
            _ => -1,
        });
    }
}

fn start_game(py: Python<'_>, start: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(state) = start.cast::<PyState>() {
        return Ok(state.get().game.read()?.clone());
    }
    if let Ok(game) = start.cast::<PyGame>() {
        return Ok(Game::new((*game.get().variant).clone()));
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
fn random_playouts(
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
            return run_playouts(&game, games, seed);
        }
        let parts: Vec<PlayoutData> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let share = games / threads + usize::from(t < games % threads);
                    let seed = mix64(seed ^ mix64(t as u64 + 1));
                    let game = &game;
                    scope.spawn(move || run_playouts(game, share, seed))
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

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

/// What :func:`search` found.
#[pyclass(module = "mancala", name = "SearchResult", frozen, get_all)]
struct PySearchResult {
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

/// Runs `work` on a thread of its own while this thread, the GIL released
/// between checks, watches for Ctrl-C: on KeyboardInterrupt (or any signal
/// handler's exception) it sets `stop`, waits for `work` to end and raises.
fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    run_with_progress(py, stop, None, move |_| work())
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
fn search(
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
    let n = game.variant().pits_per_side();
    let limits = SearchLimits { depth, nodes, time };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let result = run_interruptible(py, &stop, move || {
        let mut searcher =
            Searcher::new(SearchOptions { hash_mb: hash_mb as usize, solve_seeds: None })
                .with_threads(threads as usize);
        searcher.search(&game, limits, Some(&flag), &mut |_| {})
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

// ---------------------------------------------------------------------------
// Solver and endgame databases
// ---------------------------------------------------------------------------

/// What :func:`solve` proved.
#[pyclass(module = "mancala", name = "SolveResult", frozen, get_all)]
struct PySolveResult {
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

/// A value in a progress event's dict.
enum Field {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(String),
}

/// A progress event: the items of the dict handed to the callback.
type Event = Vec<(&'static str, Field)>;

enum Message<T> {
    Event(Event),
    Done(T),
}

fn note(text: String) -> Event {
    vec![("event", Field::Text("note".into())), ("text", Field::Text(text))]
}

/// Runs `work` on a thread of its own with the GIL released, handing every
/// event it sends to `progress` (a dict each) on the caller's thread.
/// Ctrl-C (KeyboardInterrupt) or an exception from `progress` sets `stop`,
/// and is raised once the work has ended.
fn run_with_progress<T: Send + 'static>(
    py: Python<'_>,
    stop: &AtomicBool,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&(dyn Fn(Event) + Sync)) -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, mut rx) = std::sync::mpsc::channel::<Message<T>>();
    let worker = std::thread::spawn(move || {
        let events = tx.clone();
        let result = work(&move |event| {
            let _ = events.send(Message::Event(event));
        });
        let _ = tx.send(Message::Done(result));
    });
    let mut failure: Option<PyErr> = None;
    let result = loop {
        // The receiver goes to the GIL-free closure and back (it is Send, not Sync).
        let (back, message) = py.detach(move || {
            let message = rx.recv_timeout(Duration::from_millis(50));
            (rx, message)
        });
        rx = back;
        match message {
            Ok(Message::Done(result)) => break Some(result),
            Ok(Message::Event(items)) => {
                if let (Some(callback), None) = (progress, &failure) {
                    let info = pyo3::types::PyDict::new(py);
                    for (key, value) in items {
                        match value {
                            Field::Int(i) => info.set_item(key, i)?,
                            Field::Float(f) => info.set_item(key, f)?,
                            Field::Bool(b) => info.set_item(key, b)?,
                            Field::Text(t) => info.set_item(key, t)?,
                        }
                    }
                    if let Err(e) = callback.call1((info,)) {
                        stop.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if failure.is_none() {
                    if let Err(e) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
        }
    };
    let _ = py.detach(|| worker.join());
    if let Some(e) = failure {
        return Err(e);
    }
    result.ok_or_else(|| {
        PyRuntimeError::new_err("the work stopped without a result (an internal error of mancala)")
    })
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
fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    databases: Option<std::path::PathBuf>,
    db_seeds: Option<i64>,
    threads: Option<i64>,
    table_mb: Option<i64>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PySolveResult> {
    let game = state.get().game.read()?.clone();
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
    solve.route().map_err(cannot)?;
    let started = std::time::Instant::now();
    let result = run_with_progress(py, &stop, progress.as_ref(), move |send| {
        solve.run(&|event| match &event {
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
    let n = variant.pits_per_side();
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

/// An endgame database: the exact value of every board with few seeds left
/// in the pits, for one variant and row length, in a folder of databases.
/// Made by :meth:`Database.build` or :meth:`Database.open`.
#[pyclass(module = "mancala", name = "Database", frozen)]
struct PyDatabase {
    opened: mancala_solver::OpenedDb,
    variant: Variant,
    root: std::path::PathBuf,
}

fn open_database(variant: &Variant, root: &std::path::Path) -> PyResult<PyDatabase> {
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
        let s = state.get().game.read()?;
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

// ---------------------------------------------------------------------------
// Many games stepped at once
// ---------------------------------------------------------------------------

/// ``n`` games of one variant stepped together from numpy arrays, for
/// learning: one call plays one action in every game, in Rust without the
/// GIL. Each game keeps its history (the repetition rule holds). Games are
/// numbered 0 to n - 1; a finished game stays finished until :meth:`reset`.
#[pyclass(module = "mancala", name = "VectorState")]
struct PyVectorState {
    games: Vec<Game>,
    owner: Py<PyGame>,
}

impl PyVectorState {
    fn actions_width(&self) -> usize {
        let v = self.games[0].variant();
        v.pits_per_side() + v.rules().turn.pie_rule as usize
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
        let pie = v.rules().turn.pie_rule;
        let mut out = Vec::with_capacity(self.games.len() * len);
        for g in &self.games {
            let p = g.position();
            let me = if p.is_over() { Side::South } else { p.to_move() };
            out.extend(p.row(me).iter().map(|&x| x as f32));
            out.extend(p.row(me.opponent()).iter().map(|&x| x as f32));
            out.push(p.store(me) as f32);
            out.push(p.store(me.opponent()) as f32);
            if pie {
                out.push(p.swap_offered() as u8 as f32);
            }
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

/// The computer player's action in ``state`` at strength ``level`` (1 to
/// 10, as ``mancala play``'s computer: low levels play weakly on purpose,
/// with randomness drawn from ``seed``). Raises ValueError once the game is
/// over or for a level out of range.
#[pyfunction]
#[pyo3(signature = (state, level, seed = 0))]
fn computer_move(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    level: i64,
    seed: u64,
) -> PyResult<i64> {
    if !(1..=10).contains(&level) {
        return Err(value_error(format!("level = {level}: levels are 1 to 10")));
    }
    let game = state.get().game.read()?.clone();
    if game.position().is_over() {
        return Err(value_error("the game is over: there is no move to choose"));
    }
    let n = game.variant().pits_per_side();
    let mv = py.detach(|| mancala_engine::computer_move(&game, level as u8, seed));
    Ok(action_of(mv, n))
}

/// The native module; `mancala/__init__.py` re-exports it.
#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyPlayouts>()?;
    m.add_class::<PySearchResult>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(computer_move, m)?)?;
    m.add_class::<PySolveResult>()?;
    m.add_class::<PyDatabase>()?;
    m.add_class::<PyVectorState>()?;
    m.add("IllegalActionError", m.py().get_type::<IllegalActionError>())?;
    fastcall::install(m.py())?;
    Ok(())
}
