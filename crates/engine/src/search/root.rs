//! The root of the search: iterative deepening over the legal moves.
//!
//! Each iteration searches every root move one move deeper than the last,
//! the previous best first. In *play* mode the first move gets the full
//! window and the others a null window (PVS), so only the best move's score
//! is a value; in *analysis* mode every move gets the full window, so every
//! move's score is its value at that depth. Iterations stop at the depth
//! limit, when a limit interrupts one, or when the root is solved: every
//! score exact, deeper search cannot change anything.
//!
//! An iteration a limit interrupts is kept in play mode once its first
//! move (the previous best) is searched: that move's score at the new depth
//! is a valid answer, and a later move whose null-window search proved it
//! better is better still (its score a lower bound). Stopped before that,
//! or in an analysis (every move's value at one depth), it is dropped.

use mancala_core::{Layout, Move, Position};

use super::endgame::Known;
use super::hash::{position_hash, with_history};
use super::node::{Children, Worker};
use super::score::INFINITY;
use super::tt::Bound;

/// How an iteration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Iteration {
    /// Every root move was searched.
    Completed,
    /// A limit stopped it after its first move (play mode): the moves
    /// searched come first, best first, then those it did not reach.
    Partial,
    /// A limit stopped it before it proved anything: the moves are as they
    /// were.
    Void,
}

/// A root move and what the last completed iteration found for it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<L: Layout> {
    pub mv: Move,
    pub child: Position<L>,
    /// Score for the player to move at the root.
    pub score: i32,
    /// In play mode: the score is only an upper bound (the move was refuted
    /// by a null-window search).
    pub upper_bound: bool,
    pub exact: bool,
    /// The position after the move is in the endgame database, which gave
    /// its exact score.
    pub from_database: bool,
    pub pv: Vec<Move>,
}

impl<L: Layout> Worker<'_, L> {
    /// The root moves in the order the first iteration tries them.
    pub fn root_moves(&mut self, root: &Position<L>, history: u64) -> Vec<RootMove<L>> {
        let tt_move = self.tt.probe(with_history(position_hash(root), history)).and_then(|h| h.mv);
        let mut kids = Children::default();
        self.children(root, tt_move, &mut kids);
        kids.iter()
            .map(|k| RootMove {
                mv: k.mv,
                child: k.pos,
                score: -INFINITY,
                upper_bound: true,
                exact: false,
                from_database: false,
                pv: vec![k.mv],
            })
            .collect()
    }

    /// One iteration at `depth`. When a limit stops it, `moves` keep what
    /// it proved in play mode ([`Iteration::Partial`]) or stay as they were.
    pub fn iterate(
        &mut self,
        root: &Position<L>,
        history: u64,
        depth: i32,
        moves: &mut Vec<RootMove<L>>,
        analysis: bool,
    ) -> Iteration {
        self.nodes += 1;
        let us = root.to_move();
        let hash = position_hash(root);
        let mut alpha = -INFINITY;
        let mut found = moves.clone();
        self.path.push(root);
        for i in 0..found.len() {
            let rm = &mut found[i];
            let ch = self.path.child_history(root, hash, history, &rm.child);
            let full = analysis || i == 0;
            let (mut s, mut e) = if full {
                self.child(us, &rm.child, ch, depth - 1, 1, -INFINITY, INFINITY)
            } else {
                self.child(us, &rm.child, ch, depth - 1, 1, alpha, alpha + 1)
            };
            let mut upper = false;
            // A null-window search that proved the move better than the
            // best so far: its score is a lower bound.
            let mut proven_better = None;
            if !full && !self.aborted() {
                if s > alpha {
                    proven_better = Some(s);
                    (s, e) = self.child(us, &rm.child, ch, depth - 1, 1, alpha, INFINITY);
                } else {
                    upper = true;
                }
            }
            if self.aborted() {
                self.path.pop();
                if analysis || i == 0 {
                    // An analysis lists every move's value at one depth;
                    // in play the first move's score is the least an
                    // unfinished iteration must give.
                    return Iteration::Void;
                }
                // The moves before this one were searched at `depth`, and
                // this one proved better than them if its null-window
                // search finished: the unfinished iteration's answer.
                let mut searched = i;
                if let Some(lower) = proven_better {
                    let rm = &mut found[i];
                    rm.score = lower;
                    rm.exact = false;
                    rm.upper_bound = false;
                    rm.from_database = false;
                    rm.pv.clear();
                    rm.pv.push(rm.mv);
                    searched += 1;
                }
                self.keep_partial(root, history, &mut found, searched);
                *moves = found;
                return Iteration::Partial;
            }
            let rm = &mut found[i];
            rm.score = s;
            rm.exact = e;
            rm.upper_bound = upper;
            rm.from_database = e && !upper && self.in_database(&rm.child);
            if !upper {
                rm.pv.clear();
                rm.pv.push(rm.mv);
                if !rm.child.is_over() {
                    rm.pv.extend_from_slice(self.pv.line(1));
                }
            }
            if !analysis && s > alpha {
                alpha = s;
            }
        }
        self.path.pop();
        for rm in found.iter_mut() {
            self.extend_pv(root, history, &mut rm.pv);
        }
        // Best first; among equals the earlier (previously better) move.
        found.sort_by_key(|m| std::cmp::Reverse((m.score, !m.upper_bound)));
        let best = &found[0];
        let solved = found.iter().all(|m| m.exact);
        self.tt.store(
            with_history(hash, history),
            best.score,
            Bound::Exact,
            depth.max(0) as u32,
            solved,
            Some(best.mv),
        );
        *moves = found;
        Iteration::Completed
    }

    /// Puts the `searched` first of `found`, an unfinished iteration's
    /// moves, best first (their lines lengthened from the table), and the
    /// moves it did not reach after them, marked as bounds.
    fn keep_partial(
        &mut self,
        root: &Position<L>,
        history: u64,
        found: &mut [RootMove<L>],
        searched: usize,
    ) {
        for rm in found[..searched].iter_mut() {
            self.extend_pv(root, history, &mut rm.pv);
        }
        found[..searched].sort_by_key(|m| std::cmp::Reverse((m.score, !m.upper_bound)));
        for rm in found[searched..].iter_mut() {
            rm.upper_bound = true;
        }
    }

    /// Whether the database gives the exact score of `child`, a child of
    /// the position entered last.
    fn in_database(&self, child: &Position<L>) -> bool {
        let Some(endgame) = self.endgame.filter(|e| e.exact()) else { return false };
        if child.is_over() {
            return false;
        }
        let us = child.to_move();
        let in_pits = self.v.total_seeds()
            - Into::<u32>::into(child.store(us))
            - Into::<u32>::into(child.store(!us));
        matches!(endgame.probe(child, in_pits, self.path.fresh(child)), Some(Known::Score(_)))
    }

    /// Lengthens a principal variation cut short by a table hit, following
    /// the table's best moves while they are legal (at most 64 moves).
    fn extend_pv(&mut self, root: &Position<L>, root_history: u64, pv: &mut Vec<Move>) {
        let v = self.v;
        let (mut pos, mut history, mut pushed) = (*root, root_history, 0);
        let mut i = 0;
        while !pos.is_over() && pv.len() < 64 {
            let hash = position_hash(&pos);
            let mv = if i < pv.len() {
                pv[i]
            } else {
                match self.tt.probe(with_history(hash, history)).and_then(|h| h.mv) {
                    Some(mv) if pos.check_move(v, mv).is_ok() => {
                        pv.push(mv);
                        mv
                    }
                    _ => break,
                }
            };
            i += 1;
            self.path.push(&pos);
            pushed += 1;
            let mut child = pos;
            child.play_unchecked(v, mv);
            self.path.end_by_history(v, &pos, &mut child);
            history = self.path.child_history(&pos, hash, history, &child);
            pos = child;
        }
        for _ in 0..pushed {
            self.path.pop();
        }
    }
}
