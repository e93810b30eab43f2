//! The recursive search: negamax alpha-beta with principal variation search
//! (PVS), a transposition table, store-based bounds and endgame solving.
//!
//! Every call returns a score for the player to move and whether it is
//! *exact*: true when every leaf that decided it was a finished game (or a
//! proven bound), false when a heuristic evaluation at the horizon or a
//! depth-limited table entry played a part. Exact results go into the table
//! as *solved*, usable at any depth.
//!
//! - Turns do not alternate blindly: a child where the same player moves
//!   again (extra turn) is searched with the same window and its score kept;
//!   otherwise the window is mirrored and the score negated.
//! - Stores never shrink: before anything else a node compares the window
//!   with the range the stores allow ([`super::score::bounds`]) and stops at
//!   once if the range lies outside it (a store over half the seeds fails
//!   high against any window below a win).
//! - At the horizon a position with at most `solve_seeds` seeds left in the
//!   pits is not evaluated but searched on to the end of the game (seeds in
//!   pits never increase, so this terminates in the same mode).
//! - Late move reductions (in play, not in analyses): a quiet move (no
//!   seed into a store, no extra turn) searched after the first two, at
//!   depth 3 or more, is first searched one or two moves shallower with a
//!   null window, and at full depth only if that beats the best so far.
//! - The repetition rule is applied on the line searched (see
//!   [`super::path`]).
//! - With an endgame database ([`super::endgame`]), a position it covers
//!   returns its exact score at once, or, where the database only knows the
//!   outcome, narrows the store range to a win or a loss (or is a draw);
//!   under the owner rule its value is the evaluation at the horizon
//!   (never exact).

use std::sync::atomic::{AtomicU64, Ordering};

use arrayvec::ArrayVec;
use mancala_core::{Layout, Move, Position, Variant, MAX_WIDE_MOVES};

use super::endgame::{Known, Lookup};
use super::eval::Evaluator;
use super::hash::{position_hash, with_history};
use super::limits::Clock;
use super::order::{self, History};
use super::path::Path;
use super::score::{bounds, for_side, units, INFINITY};
use super::tt::{Bound, TranspositionTable};

/// Deepest line the search follows (beyond, positions are evaluated).
pub(crate) const MAX_PLY: usize = 192;

/// The triangular table of principal variations.
pub(crate) struct PvTable {
    lines: Vec<[Move; MAX_PLY + 1]>,
    lens: [usize; MAX_PLY + 2],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { lines: vec![[Move::Swap; MAX_PLY + 1]; MAX_PLY + 1], lens: [0; MAX_PLY + 2] }
    }

    #[inline]
    fn clear(&mut self, ply: usize) {
        self.lens[ply] = 0;
    }

    /// The line at `ply` becomes `mv` followed by the line at `ply + 1`.
    #[inline]
    fn update(&mut self, ply: usize, mv: Move) {
        let len = self.lens[ply + 1].min(MAX_PLY - ply);
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        head[ply][0] = mv;
        head[ply][1..=len].copy_from_slice(&tail[0][..len]);
        self.lens[ply] = len + 1;
    }

    /// The line found at `ply`.
    pub fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply][..self.lens[ply]]
    }
}

/// The positions the threads of one parallel search are searching now, so
/// that a thread can leave a move another thread is busy with for later
/// (ABDADA's deferral, in the form of Stockfish's "breadcrumbs"): a small
/// table of keys, one slot each, written on entering a node of depth
/// [`Busy::MIN_DEPTH`] or more and cleared on leaving it. Collisions and
/// races only change the order of moves, never a result. Single-threaded
/// searches have none.
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    const SLOTS: usize = 1 << 12;
    /// Nodes shallower than this are not marked: too cheap to share out.
    pub const MIN_DEPTH: i32 = 3;

    pub fn new() -> Busy {
        Busy { slots: (0..Busy::SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (Busy::SLOTS - 1)]
    }

    /// Whether a thread is searching the position of `key`.
    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    #[inline]
    fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// How many moves less a late, quiet move is searched with (late move
/// reductions): a move that is neither among the first [`LMR_FULL_MOVES`]
/// searched nor changes a store nor gives its mover another turn, at
/// [`LMR_MIN_DEPTH`] or more, is first searched shallower with a null
/// window, and again at full depth only if it beats the best so far.
#[inline]
fn late_move_reduction<L: Layout>(
    pos: &Position<L>,
    child: &Position<L>,
    depth: i32,
    searched: usize,
) -> i32 {
    if depth < LMR_MIN_DEPTH || searched < LMR_FULL_MOVES || child.is_over() {
        return 0;
    }
    let us = pos.to_move();
    let quiet = child.to_move() != us
        && child.store(us) == pos.store(us)
        && child.store(us.opponent()) == pos.store(us.opponent());
    if !quiet {
        return 0;
    }
    if depth >= 6 && searched >= LMR_FULL_MOVES + 2 {
        2
    } else {
        1
    }
}

/// Moves searched at full depth before any is reduced.
const LMR_FULL_MOVES: usize = 2;
/// The least depth at which a move is reduced.
const LMR_MIN_DEPTH: i32 = 3;

/// The state of one search.
pub(crate) struct Worker<'a, L: Layout> {
    pub v: &'a Variant,
    pub tt: &'a TranspositionTable,
    pub history: &'a mut History,
    pub clock: Clock<'a>,
    pub eval: &'a Evaluator,
    pub path: Path<L>,
    pub pv: PvTable,
    pub nodes: u64,
    pub seldepth: usize,
    pub solve_seeds: u32,
    /// The endgame database, where it serves this variant.
    pub endgame: Option<Lookup<'a>>,
    /// Positions the endgame database answered.
    pub database_hits: u64,
    /// What the other threads are searching (parallel searches only).
    pub busy: Option<&'a Busy>,
    /// Whether late quiet moves are searched shallower first (play; an
    /// analysis lists every move's value at its full depth).
    pub reduce: bool,
    total: u32,
}

/// Room for a node's children: the most legal moves of a position of any
/// layout (four rows of 12 give a player 24 pits).
const ROOM: usize = MAX_WIDE_MOVES;

/// A child of a node, made before the search of any.
#[derive(Clone, Copy)]
pub(crate) struct Child<L: Layout> {
    pub mv: Move,
    pub pos: Position<L>,
}

/// A node's children, made in move order, and their search order. Filled
/// without first writing every slot (a node makes as many as it has
/// moves), and sorted by moving their one-byte places, not the positions.
pub(crate) struct Children<L: Layout> {
    made: ArrayVec<Child<L>, ROOM>,
    /// Each child's order key and its place in `made`, best first.
    order: ArrayVec<(i64, u8), ROOM>,
}

impl<L: Layout> Default for Children<L> {
    #[inline]
    fn default() -> Self {
        Children { made: ArrayVec::new(), order: ArrayVec::new() }
    }
}

impl<L: Layout> Children<L> {
    /// How many children there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.made.len()
    }

    /// The `i`-th child in search order.
    #[inline]
    pub fn get(&self, i: usize) -> &Child<L> {
        &self.made[self.order[i].1 as usize]
    }

    /// The children in search order.
    pub fn iter(&self) -> impl Iterator<Item = &Child<L>> + '_ {
        self.order.iter().map(|&(_, at)| &self.made[at as usize])
    }
}

impl<'a, L: Layout> Worker<'a, L> {
    #[allow(clippy::too_many_arguments)] // built once per search
    pub fn new(
        v: &'a Variant,
        tt: &'a TranspositionTable,
        history: &'a mut History,
        clock: Clock<'a>,
        path: Path<L>,
        solve_seeds: u32,
        endgame: Option<Lookup<'a>>,
        eval: &'a Evaluator,
    ) -> Worker<'a, L> {
        Worker {
            v,
            tt,
            history,
            clock,
            eval,
            path,
            pv: PvTable::new(),
            nodes: 0,
            seldepth: 0,
            solve_seeds,
            endgame,
            database_hits: 0,
            busy: None,
            reduce: true,
            total: v.total_seeds(),
        }
    }

    /// Whether the search was stopped by a limit (its results are void).
    #[inline]
    pub fn aborted(&self) -> bool {
        self.clock.aborted()
    }

    /// The children of `pos` in search order, with the repetition rule
    /// applied. Returns how many there are.
    pub fn children(
        &mut self,
        pos: &Position<L>,
        tt_move: Option<Move>,
        out: &mut Children<L>,
    ) -> usize {
        let moves = pos.legal_moves(self.v);
        out.made.clear();
        out.order.clear();
        for &mv in moves.iter() {
            let mut child = *pos;
            child.play_unchecked(self.v, mv);
            self.path.end_by_history(self.v, pos, &mut child);
            let key = order::key(self.history, pos, mv, &child, tt_move);
            out.order.push((key, out.made.len() as u8));
            out.made.push(Child { mv, pos: child });
        }
        order::sort(&mut out.order);
        out.len()
    }

    /// Searches a child of a position whose mover is `us`, returning its
    /// score for `us`.
    #[inline]
    #[allow(clippy::too_many_arguments)] // the hot path: plain arguments, no window struct
    pub fn child(
        &mut self,
        us: mancala_core::Side,
        child: &Position<L>,
        history: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        if child.is_over() {
            self.pv.clear(ply);
            return (units(for_side(us, child.store_margin())), true);
        }
        if child.to_move() == us {
            self.node(child, history, depth, ply, alpha, beta)
        } else {
            let (s, e) = self.node(child, history, depth, ply, -beta, -alpha);
            (-s, e)
        }
    }

    /// The score of `pos` (not over) for its mover, searched `depth` more
    /// moves within the window (`alpha`, `beta`), fail-soft.
    pub fn node(
        &mut self,
        pos: &Position<L>,
        history: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        self.pv.clear(ply);
        self.nodes += 1;
        if self.clock.should_stop(self.nodes) {
            return (0, false);
        }
        self.seldepth = self.seldepth.max(ply);
        let v = self.v;
        let (low, high) = bounds(v, pos);
        let (mut low, mut high) = (units(low), units(high));
        if low >= beta {
            return (low, true);
        }
        if high <= alpha {
            return (high, true);
        }
        let us = pos.to_move();
        let in_pits = self.total
            - Into::<u32>::into(pos.store(us))
            - Into::<u32>::into(pos.store(us.opponent()));
        // Whether the database narrowed the range to a win or a loss.
        let mut outcome = false;
        if let Some(endgame) = self.endgame {
            if let Some(known) = endgame.probe(pos, in_pits, self.path.fresh(pos)) {
                self.database_hits += 1;
                outcome = true;
                // Clamped to what the stores allow, so that even a wrong
                // table cannot make the range empty.
                match known {
                    Known::Score(s) => return (units(s).clamp(low, high), true),
                    Known::Win => low = low.max(units(1).min(high)),
                    Known::Loss => high = high.min(units(-1).max(low)),
                }
                if low >= beta {
                    return (low, true);
                }
                if high <= alpha {
                    return (high, true);
                }
            }
        }
        if (depth <= 0 && in_pits > self.solve_seeds) || ply >= MAX_PLY {
            // Under the owner rule a covered position's database value is
            // the evaluation: closer to the game's than the estimate, but
            // not its value (cycles are scored by a convention).
            if let Some(s) = self.endgame.and_then(|e| e.estimate(pos, in_pits)) {
                self.database_hits += 1;
                return (units(s).clamp(low, high), false);
            }
            return (self.eval.eval_units(v, pos).clamp(low, high), false);
        }
        let hash = position_hash(pos);
        let key = with_history(hash, history);
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv;
            if hit.solved || (depth > 0 && hit.depth as i32 >= depth) {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return (hit.score, hit.solved);
                }
            }
        }
        let mut kids = Children::default();
        let n = self.children(pos, tt_move, &mut kids);
        // The children's table keys (depth 2 and up; 0 for a finished game).
        let mut keys = [0u64; ROOM];
        if depth >= 2 {
            // The children will probe the table: fetch their buckets now,
            // while the first child is being searched.
            for (kid, key) in kids.iter().zip(&mut keys) {
                if !kid.pos.is_over() {
                    let ch = self.path.child_history(pos, hash, history, &kid.pos);
                    *key = with_history(position_hash(&kid.pos), ch);
                    self.tt.prefetch(*key);
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_mv = None;
        let mut exact = true;
        let busy = self.busy.filter(|_| depth >= Busy::MIN_DEPTH);
        if let Some(b) = busy {
            b.enter(key);
        }
        self.path.push(pos);
        // The moves in order, except that a move (not the first) whose
        // position another thread is searching waits for the end.
        let mut deferred = [0u8; ROOM];
        let mut waiting = 0;
        let mut searched = 0;
        let mut k = 0;
        while k < n + waiting {
            let first_pass = k < n;
            let i = if first_pass { k } else { deferred[k - n] as usize };
            k += 1;
            let kid = kids.get(i);
            // (Busy nodes have depth 3 or more: their children's keys are
            // in `keys`.)
            if first_pass
                && searched > 0
                && keys[i] != 0
                && busy.is_some_and(|b| b.is_busy(keys[i]))
            {
                deferred[waiting] = i as u8;
                waiting += 1;
                continue;
            }
            let ch = self.path.child_history(pos, hash, history, &kid.pos);
            let (mut s, mut e) = if searched == 0 {
                self.child(us, &kid.pos, ch, depth - 1, ply + 1, alpha, beta)
            } else {
                let r = if self.reduce {
                    late_move_reduction(pos, &kid.pos, depth, searched)
                } else {
                    0
                };
                let (mut s, mut e) =
                    self.child(us, &kid.pos, ch, depth - 1 - r, ply + 1, alpha, alpha + 1);
                if r > 0 && s > alpha && !self.aborted() {
                    (s, e) = self.child(us, &kid.pos, ch, depth - 1, ply + 1, alpha, alpha + 1);
                }
                (s, e)
            };
            if searched > 0 && s > alpha && s < beta && !self.aborted() {
                (s, e) = self.child(us, &kid.pos, ch, depth - 1, ply + 1, alpha, beta);
            }
            searched += 1;
            if self.aborted() {
                self.path.pop();
                if let Some(b) = busy {
                    b.leave(key);
                }
                return (0, false);
            }
            exact &= e;
            if s > best {
                best = s;
                best_mv = Some(kid.mv);
                if s > alpha {
                    alpha = s;
                    self.pv.update(ply, kid.mv);
                    if s >= beta {
                        self.history.reward(us, kid.mv, depth);
                        break;
                    }
                }
            }
        }
        if let Some(b) = busy {
            b.leave(key);
        }
        self.path.pop();
        if outcome {
            // A heuristic score must not contradict the proven outcome.
            best = best.clamp(low, high);
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, best, bound, depth.max(0) as u32, exact, best_mv);
        (best, exact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Setup, Side};

    fn child(v: &Variant, pos: &Position, pit: u8) -> Position {
        let mut child = *pos;
        child.play_unchecked(v, Move::Sow(pit));
        child
    }

    #[test]
    fn a_late_quiet_move_is_searched_shallower() {
        // Abapa's start, South to move; pit 1 sows 4 seeds into pits 2 to 5:
        //   North  4 4 4 4 4 4
        //   South  4 4 4 4 4 4
        let v = Variant::preset("abapa").unwrap();
        let start = Position::start(&v);
        let quiet = child(&v, &start, 0);
        assert_eq!(late_move_reduction(&start, &quiet, 3, 2), 1);
        assert_eq!(late_move_reduction(&start, &quiet, 8, 3), 1);
        assert_eq!(late_move_reduction(&start, &quiet, 8, 4), 2);
        // Not when it is among the first searched, nor near the horizon.
        assert_eq!(late_move_reduction(&start, &quiet, 8, 1), 0);
        assert_eq!(late_move_reduction(&start, &quiet, 2, 5), 0);
    }

    #[test]
    fn a_capture_is_never_reduced() {
        // South's pit 6 sows its one seed into North's pit 1, making 2: captured.
        //   North  4 4 4 4 4 1     (North's pit 1 on the right, above South's 6)
        //   South  4 4 4 4 4 1
        let v = Variant::preset("abapa").unwrap();
        let pos = Setup::from_rows(&[4, 4, 4, 4, 4, 1], &[1, 4, 4, 4, 4, 4], [3, 3], Side::South)
            .unwrap()
            .position(&v)
            .unwrap();
        let capture = child(&v, &pos, 5);
        assert_eq!(capture.store(Side::South), 5, "the board is not the one drawn");
        assert_eq!(late_move_reduction(&pos, &capture, 8, 5), 0);
    }

    #[test]
    fn a_move_that_plays_again_is_never_reduced() {
        // Kalah's start: South's pit 3 ends its 4 seeds in the store and plays again.
        //   North  4 4 4 4 4 4
        //   South  4 4 4 4 4 4
        let v = Variant::preset("kalah-classic").unwrap();
        let start = Position::start(&v);
        let again = child(&v, &start, 2);
        assert_eq!(again.to_move(), Side::South, "the move does not play again");
        assert_eq!(late_move_reduction(&start, &again, 8, 5), 0);
        // Pit 1 sows into pits 2 to 5 and passes the turn: reduced.
        assert_eq!(late_move_reduction(&start, &child(&v, &start, 0), 8, 5), 2);
    }
}
