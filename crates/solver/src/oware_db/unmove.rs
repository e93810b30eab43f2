//! Exact same-layer predecessors of a board (un-moves), for the backward
//! propagation of the retrograde analysis.
//!
//! A same-layer move is a sowing that captures nothing (its board may be
//! over: the database holds those boards too, with their value). For the
//! rules this database covers (stores beside the board, no relay sowing, so
//! no extra turns), [`Unmover`] lists, for a board `C`, every pair (board
//! `P`, pit `j`) such that sowing pit `j` is legal in `P` and leads to `C`
//! without a capture: each such move exactly once. Why the conditions below
//! are exact (they are also checked against forward move generation on
//! every board of small layers in the tests):
//!
//! - Sowing `s` seeds from pit `j` drops one seed into each of the next `s`
//!   cells of the ring after `j` (the origin passed over under
//!   `skip_origin`), so un-sowing takes one seed back from each of them, in
//!   order, and puts `s` seeds back into `j`, which must be empty afterwards
//!   (under `skip_origin` it is never sown into; otherwise the laps that
//!   passed it are taken back too).
//! - The move captured nothing: judged on `C` as the mover of `P` left it
//!   (before the turn passes), by where the last seed fell: an empty-pit
//!   capture in the mover's own row, a `counts` capture in the opponent's
//!   row (chained backwards if the rules say so), except a grand slam under
//!   `captures-nothing`, which captures nothing.
//! - The move is legal in `P` and `P` is not over: `P`'s mover has seeds in
//!   `j`; a move that captures nothing is not a grand slam (under
//!   `forbidden` and `only-if-forced` a grand slam that is played captures),
//!   so the grand slam rule never forbids it. What is left: under
//!   `empty_side = "either"` the opponent's row of `P` must hold seeds, and
//!   under the feeding obligation, if it does not, the move must give them
//!   some (the mover of `C` has seeds).

use mancala_core::{EmptyPitCapture, GrandSlam, Rules};

use crate::index::BoardIndex;

/// The rules an un-move needs, flattened.
#[derive(Clone, Debug)]
pub(super) struct Unmover {
    n: usize,
    skip_origin: bool,
    /// Bit `c`: a `counts` capture takes a pit of `c` seeds.
    counts: u64,
    chain: bool,
    slam_void: bool,
    empty_pit: EmptyPitCapture,
    must_feed: bool,
    either_side_ends: bool,
}

impl Unmover {
    pub(super) fn new(rules: &Rules, n: usize) -> Unmover {
        Unmover {
            n,
            skip_origin: rules.sowing.skip_origin,
            counts: rules.capture.counts.iter().filter(|&&c| c < 64).fold(0, |m, &c| m | 1 << c),
            chain: rules.capture.chain,
            slam_void: rules.capture.grand_slam == GrandSlam::CapturesNothing,
            empty_pit: rules.capture.empty_pit,
            must_feed: rules.turn.must_feed,
            either_side_ends: rules.end.empty_side == mancala_core::EmptySide::Either,
        }
    }

    #[inline]
    fn takes(&self, c: u8) -> bool {
        c < 64 && self.counts >> c & 1 != 0
    }

    /// Whether a sowing of the mover of `q` (their row first, the board as
    /// the sowing left it) whose last seed fell in cell `last` captured
    /// nothing.
    #[inline]
    fn captures_nothing(&self, q: &[u8; 32], last: usize) -> bool {
        let n = self.n;
        if last < n {
            if self.empty_pit == EmptyPitCapture::Off || q[last] != 1 {
                return true;
            }
            let opposite = 2 * n - 1 - last;
            return q[opposite] == 0 && self.empty_pit == EmptyPitCapture::IfOppositeHasSeeds;
        }
        if !self.takes(q[last]) {
            return true;
        }
        if !self.slam_void {
            return false;
        }
        // A grand slam under `captures-nothing` captures nothing.
        let mut first = last;
        let mut taken = q[last] as u32;
        if self.chain {
            while first > n && self.takes(q[first - 1]) {
                first -= 1;
                taken += q[first] as u32;
            }
        }
        let opponent: u32 = q[n..2 * n].iter().map(|&c| c as u32).sum();
        taken == opponent
    }

    /// Calls `f(rank, predecessor)` for every same-layer move leading to
    /// `board` (the mover's row first, `seeds` seeds), with the board the
    /// move was played from (its mover's row first) and its rank: once per
    /// (board, pit) pair.
    #[inline]
    pub(super) fn predecessors(
        &self,
        index: &BoardIndex,
        board: &[u8; 32],
        seeds: usize,
        mut f: impl FnMut(u64, &[u8; 32]),
    ) {
        let n = self.n;
        let cells = 2 * n;
        // The board from the side of the player who just moved: their row first.
        let mut q = [0u8; 32];
        q[..n].copy_from_slice(&board[n..cells]);
        q[n..cells].copy_from_slice(&board[..n]);
        let mut quiet = 0u32; // bit c: a last seed in cell c captured nothing
        for c in 0..cells {
            if self.captures_nothing(&q, c) {
                quiet |= 1 << c;
            }
        }
        if quiet == 0 {
            return;
        }
        // The mover of `board`, the opponent of the one who moved.
        let opponent: u32 = q[n..cells].iter().map(|&c| c as u32).sum();
        if opponent == 0 && (self.must_feed || self.either_side_ends) {
            // The opponent had no seeds before the move either: it did not
            // feed them, or the game was over.
            return;
        }
        for j in 0..n {
            if self.skip_origin && q[j] != 0 {
                continue;
            }
            let mut work = q;
            let mut taken_back = 0u32; // seeds taken back from the opponent's row
            let mut cell = j;
            for s in 1..=seeds {
                // The cell of the s-th seed of a sowing from j.
                cell += 1;
                if cell == cells {
                    cell = 0;
                }
                if self.skip_origin && cell == j {
                    cell += 1;
                    if cell == cells {
                        cell = 0;
                    }
                }
                if work[cell] == 0 {
                    break;
                }
                work[cell] -= 1;
                taken_back += (cell >= n) as u32;
                if work[j] != 0 || quiet >> cell & 1 == 0 {
                    continue;
                }
                if self.either_side_ends && opponent == taken_back {
                    continue;
                }
                let mut p = work;
                p[j] = s as u8;
                f(index.rank_with_seeds(&p, seeds), &p);
            }
        }
    }
}
