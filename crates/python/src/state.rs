//! `State`: a game in progress, its borrow cell, and how it is played,
//! observed and drawn.

use std::cell::UnsafeCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicIsize, Ordering};

use mancala_core::{
    any_game, format_moves, AnyGame, Compact, Direction, EndReason, Game, Layout, Match, MatchEnd,
    Move, Outcome, Position, Side, Variant, Wide,
};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::actions::{action_of, distinct_actions, move_name, move_of, no_such_action};
use crate::game::{observation_len, PyGame};
use crate::{value_error, IllegalActionError, TERMINAL_PLAYER};

/// The starts of a match's earlier rounds, in the layout of its game.
#[derive(Clone)]
enum Starts {
    Compact(Vec<Position<Compact>>),
    Wide(Vec<Position<Wide>>),
}

/// The starts of the earlier rounds of a game of layout `L`.
trait RoundStarts<L: Layout> {
    fn starts(&self) -> &[Position<L>];
    fn with(&self, start: Position<L>) -> Starts;
}

impl RoundStarts<Compact> for Starts {
    fn starts(&self) -> &[Position<Compact>] {
        match self {
            Starts::Compact(s) => s,
            Starts::Wide(_) => &[],
        }
    }
    fn with(&self, start: Position<Compact>) -> Starts {
        let mut all = self.starts().to_vec();
        all.push(start);
        Starts::Compact(all)
    }
}

impl RoundStarts<Wide> for Starts {
    fn starts(&self) -> &[Position<Wide>] {
        match self {
            Starts::Wide(s) => s,
            Starts::Compact(_) => &[],
        }
    }
    fn with(&self, start: Position<Wide>) -> Starts {
        let mut all = self.starts().to_vec();
        all.push(start);
        Starts::Wide(all)
    }
}

/// A game in progress: the position and the actions played to reach it.
///
/// Made by :meth:`Game.new_initial_state`. ``str(state)`` draws the board;
/// :meth:`position` gives the position string.
#[pyclass(module = "mancala", name = "State", frozen)]
pub(crate) struct PyState {
    pub(crate) game: GameCell,
    owner: Py<PyGame>,
    /// Under `[rounds]`: the starts of the match's rounds before this
    /// state's, the first first (`next_round` ends the match drawn when
    /// the next round would start as one of them, or this one, did).
    earlier: Starts,
}

impl PyState {
    pub(crate) fn new(game: impl Into<AnyGame>, owner: Py<PyGame>) -> PyState {
        let game = game.into();
        let earlier = match game {
            AnyGame::Compact(_) => Starts::Compact(Vec::new()),
            AnyGame::Wide(_) => Starts::Wide(Vec::new()),
        };
        PyState::in_match(game, owner, earlier)
    }

    fn in_match(game: AnyGame, owner: Py<PyGame>, earlier: Starts) -> PyState {
        PyState { game: GameCell::new(game), owner, earlier }
    }

    /// The match this state's round is the last of: its earlier rounds
    /// given by their starts alone, which is all [`Match`]'s policy reads.
    fn current_match<L: Layout>(&self, game: &Game<L>) -> Match<L>
    where
        Starts: RoundStarts<L>,
    {
        let v = game.variant();
        let mut rounds: Vec<Game<L>> = RoundStarts::<L>::starts(&self.earlier)
            .iter()
            .map(|&start| Game::from_position(v.clone(), start))
            .collect();
        rounds.push(game.clone());
        Match::from_rounds(rounds).expect("a round at least")
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
pub(crate) struct GameCell {
    /// 0: free; n > 0: n readers; -1: a writer.
    flag: AtomicIsize,
    game: UnsafeCell<AnyGame>,
}

// SAFETY: `game` is only reached through `read` and `write`, whose flag
// protocol holds under the GIL (see the type's documentation).
unsafe impl Sync for GameCell {}

pub(crate) struct GameRef<'a> {
    cell: &'a GameCell,
    _not_send: PhantomData<*const ()>,
}

pub(crate) struct GameMut<'a> {
    cell: &'a GameCell,
    _not_send: PhantomData<*const ()>,
}

impl GameCell {
    fn new(game: AnyGame) -> GameCell {
        GameCell { flag: AtomicIsize::new(0), game: UnsafeCell::new(game) }
    }

    #[inline]
    pub(crate) fn read(&self) -> PyResult<GameRef<'_>> {
        let flag = self.flag.load(Ordering::Relaxed);
        if flag < 0 {
            return Err(PyRuntimeError::new_err("Already mutably borrowed"));
        }
        self.flag.store(flag + 1, Ordering::Relaxed);
        Ok(GameRef { cell: self, _not_send: PhantomData })
    }

    #[inline]
    pub(crate) fn write(&self) -> PyResult<GameMut<'_>> {
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
    type Target = AnyGame;
    #[inline]
    fn deref(&self) -> &AnyGame {
        // SAFETY: the flag counts this reader; no writer exists.
        unsafe { &*self.cell.game.get() }
    }
}

impl std::ops::Deref for GameMut<'_> {
    type Target = AnyGame;
    #[inline]
    fn deref(&self) -> &AnyGame {
        // SAFETY: the flag marks this writer as the only borrow.
        unsafe { &*self.cell.game.get() }
    }
}

impl std::ops::DerefMut for GameMut<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut AnyGame {
        // SAFETY: the flag marks this writer as the only borrow.
        unsafe { &mut *self.cell.game.get() }
    }
}

/// What the methods of [`PyState`] ask of its game.
pub(crate) trait StateGame<L: Layout> {
    fn game(&self) -> &Game<L>;
    fn pos(&self) -> &Position<L> {
        self.game().position()
    }
    /// The swap's action number: after the sowings, `move_pits` of them.
    fn n(&self) -> usize {
        self.game().variant().move_pits()
    }
    /// The legal sowings as a mask of pits (bit `k`: action `k`).
    #[inline]
    fn legal_pits(&self) -> u32 {
        self.pos().legal_pits(self.game().variant())
    }
    fn legal(&self) -> Vec<i64> {
        let n = self.n();
        self.game().legal_moves().iter().map(|&m| action_of(m, n)).collect()
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

impl<L: Layout> StateGame<L> for Game<L> {
    fn game(&self) -> &Game<L> {
        self
    }
}

/// Plays `action` in `game`, or explains why it cannot be played.
fn apply<L: Layout>(game: &mut Game<L>, action: i64) -> PyResult<()> {
    // The common case first: a sowing in the legal set (empty once over),
    // when no pit has a direction to choose.
    if (0..32).contains(&action)
        && game.legal_pits() >> action & 1 == 1
        && !game.game().variant().chooses_direction()
    {
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

/// The legal actions of `g`, ascending (empty once the game is over).
fn legal_actions<'py, L: Layout>(py: Python<'py>, g: &Game<L>) -> PyResult<Bound<'py, PyList>> {
    if g.game().variant().lists_moves() {
        let mut actions = g.legal();
        actions.sort_unstable();
        return PyList::new(py, actions);
    }
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

/// Plays `actions` in order; on an illegal one, IllegalActionError with
/// the actions before it played.
fn apply_all<L: Layout>(g: &mut Game<L>, actions: Vec<i64>) -> PyResult<()> {
    for (i, a) in actions.into_iter().enumerate() {
        apply(g, a).map_err(|e| {
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

pub(crate) fn describe_action(mv: Move) -> String {
    match mv {
        Move::Sow(k) => format!("sow pit {}", k as usize + 1),
        Move::Directed(k, Direction::Clockwise) => format!("sow pit {} clockwise", k as usize + 1),
        Move::Directed(k, _) => format!("sow pit {} counter-clockwise", k as usize + 1),
        Move::Swap => "swap".to_string(),
        Move::Take(k) => format!("take the opponent's pit {}", k as usize + 1),
    }
}

pub(crate) fn outcome_returns<L: Layout>(p: &Position<L>) -> [f64; 2] {
    match p.outcome() {
        Some(Outcome::Win(Side::South)) => [1.0, -1.0],
        Some(Outcome::Win(Side::North)) => [-1.0, 1.0],
        _ => [0.0, 0.0],
    }
}

/// The board as text: North's row on top (read right to left, North's pit 1
/// on the right), the stores at the ends (North's on the left), South's row
/// below, then who is to move or how the game ended.
fn draw_board<L: Layout>(v: &Variant, p: &Position<L>) -> String {
    let n = v.pits_per_side();
    // Three digits and a space: the wide board's counts reach 1,000.
    let w = if L::KIND == mancala_core::LayoutKind::Compact { 3 } else { 4 };
    let cell = |x: L::Cell| format!("{x:>w$}");
    let north: String = p.row(Side::North).iter().rev().map(|&x| cell(x)).collect();
    let south: String = p.row(Side::South).iter().map(|&x| cell(x)).collect();
    let mut out = String::new();
    out.push_str(&format!("     {north}\n"));
    out.push_str(&format!(
        "{:>3}  {}   {}\n",
        p.store(Side::North),
        " ".repeat(w * n),
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
        any_game!(&*g, g => legal_actions(py, g))
    }

    /// A mask of :meth:`Game.num_distinct_actions` booleans (numpy), true at
    /// the legal actions.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let g = self.game.read()?;
        let v = g.variant();
        let mut mask = vec![false; distinct_actions(v)];
        for a in any_game!(&*g, g => g.legal()) {
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
        any_game!(&mut *self.game.write()?, g => apply(g, action))
    }

    /// Plays several actions in order; on an illegal one, raises
    /// IllegalActionError with the actions before it played.
    fn apply_actions(&self, actions: Vec<i64>) -> PyResult<()> {
        let mut g = self.game.write()?;
        any_game!(&mut *g, g => apply_all(g, actions))
    }

    /// Plays moves written in the notation (pit numbers from the mover's
    /// left, 1-based, or ``swap``), e.g. ``"3,swap,1"``. Raises
    /// IllegalActionError naming the first bad move (the moves before it are
    /// played).
    fn apply_moves(&self, moves: &str) -> PyResult<()> {
        any_game!(&mut *self.game.write()?, g => g.play_moves(moves))
            .map_err(|e| IllegalActionError::new_err(e.to_string()))
    }

    /// A copy, independent of this state.
    fn clone(&self, py: Python<'_>) -> PyResult<PyState> {
        let game = self.game.read()?.clone();
        Ok(PyState::in_match(game, self.owner.clone_ref(py), self.earlier.clone()))
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
        Ok(any_game!(&*g, g => g.pos().is_over()))
    }

    /// OpenSpiel's returns: ``[1.0, -1.0]`` when South (player 0) won,
    /// ``[-1.0, 1.0]`` when North won, ``[0.0, 0.0]`` for a draw or a game
    /// not over.
    fn returns(&self) -> PyResult<Vec<f64>> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => outcome_returns(g.pos())).to_vec())
    }

    /// The player to move: 0 (South), 1 (North), or -4 once the game is
    /// over (OpenSpiel's terminal player id).
    fn current_player(&self) -> PyResult<i64> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => {
            if g.pos().is_over() {
                TERMINAL_PLAYER
            } else {
                g.pos().to_move().index() as i64
            }
        }))
    }

    /// The board from ``player``'s side (default: the player to move; South
    /// once the game is over) as numpy float32: that player's pits from their
    /// own left, the opponent's pits from the opponent's own left, that
    /// player's store, the opponent's store; under rules with claimed pits
    /// (``[claim]``), for the same pits in the same order, 1.0 where that
    /// player has claimed the pit, -1.0 where the opponent has, else 0.0;
    /// under end pits (``end_pits``, O An Quan's mandarin squares) the
    /// seeds in the end pit after that player's row and after the
    /// opponent's, then 1.0 for each already taken (else 0.0); under the
    /// pie rule 1.0 when a swap is offered; and under bonus takes
    /// (``bonus_pits``, ``tsoro-bonus``) the takes due, positive when due
    /// to that player, negative when due to the opponent. Seed counts, not
    /// scaled.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let g = self.game.read()?;
        any_game!(&*g, g => {
            let me = g.player_index(player)?;
            let p = g.pos();
            let v = g.variant();
            let mut out = Vec::with_capacity(observation_len(v));
            crate::game::observe(v, p, me, &mut out);
            Ok(out.into_pyarray(py))
        })
    }

    /// The actions played from the state the game started in.
    fn history(&self) -> PyResult<Vec<i64>> {
        let g = self.game.read()?;
        let n = g.variant().move_pits();
        Ok(any_game!(&*g, g => g.moves().iter().map(|&m| action_of(m, n)).collect()))
    }

    /// The moves played, in the notation (``"3,swap,1"``).
    fn moves(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => format_moves(g.moves())))
    }

    /// Number of moves played.
    fn move_number(&self) -> PyResult<usize> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => g.moves().len()))
    }

    /// The position string (docs/notation.md), e.g.
    /// ``"4,4,4,4,4,4:0/4,4,4,4,4,4:0/S"``; reads back with
    /// ``game.new_initial_state(position)``.
    fn position(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => g.pos().to_string()))
    }

    /// The seeds in ``player``'s pits (0 South, 1 North), from that player's
    /// own left.
    fn pits(&self, player: i64) -> PyResult<Vec<u32>> {
        let g = self.game.read()?;
        any_game!(&*g, g => {
            let side = g.player_index(Some(player))?;
            Ok(g.pos().row(side).iter().map(|&x| x.into()).collect())
        })
    }

    /// The two stores: ``[South's, North's]``.
    fn stores(&self) -> PyResult<Vec<u32>> {
        let g = self.game.read()?;
        Ok(
            any_game!(&*g, g => vec![g.pos().store(Side::South).into(), g.pos().store(Side::North).into()]),
        )
    }

    /// The pit of the opponent's row ``player`` (0 South, 1 North) has
    /// claimed (rule ``claim``, Toguz Kumalak's tuzdyk), numbered from 1 from
    /// the opponent's own left; None when it has claimed none.
    fn claimed_pit(&self, player: i64) -> PyResult<Option<usize>> {
        let g = self.game.read()?;
        any_game!(&*g, g => Ok(g.pos().claimed_pit(g.player_index(Some(player))?).map(|k| k + 1)))
    }

    /// Who has claimed each pit of ``player``'s row (0 South, 1 North; rule
    /// ``claim``: Toguz Kumalak's tuzdyk, Enkeshui's bulls), from that
    /// player's own left: 0 (South), 1 (North) or None for each pit.
    fn claims(&self, player: i64) -> PyResult<Vec<Option<u8>>> {
        let g = self.game.read()?;
        any_game!(&*g, g => {
            let side = g.player_index(Some(player))?;
            let n = g.pos().pits_per_side();
            Ok((0..n).map(|k| g.pos().claim_owner(side, k).map(|o| o.index() as u8)).collect())
        })
    }

    /// The pits of ``player`` (0 South, 1 North) out of play this round
    /// (rule ``[rounds]``: a pit its owner could not fill), numbered from 1
    /// from that player's own left; empty in the first round and in a game
    /// without rounds.
    fn out_of_play(&self, player: i64) -> PyResult<Vec<usize>> {
        let g = self.game.read()?;
        any_game!(&*g, g => {
            let side = g.player_index(Some(player))?;
            Ok((0..g.n()).filter(|&k| g.pos().is_out_of_play(side, k)).map(|k| k + 1).collect())
        })
    }

    /// Under a variant played in rounds (``[rounds]``: Congkak, Sungka,
    /// Dakon, Pallanguzhi), the first state of the next round once this round is
    /// over: each player's pits filled from their store, the pits they
    /// cannot fill out of play (:meth:`out_of_play`). None while the round
    /// goes on, when the match is over (a player cannot fill a single pit,
    /// or the next round would start as a round of this chain did, no seed
    /// having changed hands since: see :meth:`match_end`) and in a game of one round. A state is one round:
    /// search, solve and :meth:`returns` speak of it; the match is this
    /// chain of states.
    fn next_round(&self, py: Python<'_>) -> PyResult<Option<PyState>> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, game => {
            self.current_match(game).next_round_start().map(|start| {
                PyState::in_match(
                    Game::from_position(game.variant().clone(), start).into(),
                    self.owner.clone_ref(py),
                    self.earlier.with(*game.start()),
                )
            })
        }))
    }

    /// Why the match is over, once it is (this round over and no next
    /// round): ``"cannot-fill"`` (a player cannot fill a single pit: the
    /// other wins the match), ``"repeated-round"`` (the next round would
    /// start from the board and starter a round of this chain of states
    /// started from: the match is drawn), ``"round"`` (a game of one
    /// round: :meth:`winner` decides); None while the round or the match
    /// goes on.
    fn match_end(&self) -> PyResult<Option<&'static str>> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => self.current_match(g).end().map(MatchEnd::name)))
    }

    /// The winner once the game is over: 0 (South), 1 (North), -1 for a
    /// draw; None while it goes on.
    fn winner(&self) -> PyResult<Option<i64>> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => g.pos().outcome()).map(|o| match o {
            Outcome::Win(s) => s.index() as i64,
            Outcome::Draw => -1,
        }))
    }

    /// Why the game ended (``"majority"``, ``"empty-side"``, ``"no-seeds"``,
    /// ``"cannot-feed"``, ``"only-grand-slams"``, ``"cycle"``, ``"endless-sowing"``), or None.
    fn end_reason(&self) -> PyResult<Option<&'static str>> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => g.pos().end_reason()).map(EndReason::name))
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
        let mv = any_game!(&*g, g => g.pos().parse_move(g.variant(), text))
            .map_err(|e| IllegalActionError::new_err(format!("move {text:?}: {e}")))?;
        Ok(action_of(mv, g.variant().move_pits()))
    }

    fn __str__(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => draw_board(g.variant(), g.pos())))
    }

    fn __repr__(&self) -> PyResult<String> {
        let g = self.game.read()?;
        Ok(any_game!(&*g, g => format!("<mancala.State {} {}>", g.variant().name(), g.pos())))
    }
}
