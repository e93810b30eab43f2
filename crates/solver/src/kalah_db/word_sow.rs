//! The moves of a database board held in one 128-bit word: the Kalah
//! database build's inner loop, without a [`Position`] per board.
//!
//! A board of at most 8 pits a side is one `u128` of byte lanes, the
//! mover's row (from their left) in the low `8 * n` bits, then the
//! opponent's row: the database's own layout ([`mover_board`]). The
//! mover is always the board's first row, so a sowing is one table lookup
//! and one word add, and handing the turn over swaps the two rows.
//!
//! Only the Kalah family's plain rules are covered (ring stores, the
//! opponent's store skipped, no relay, no Oware captures, no obligation to
//! feed, no majority, no repetition rule); [`WordSower::new`] says `None`
//! for anything else, and the build uses [`Position`] then. The tests check
//! every move of every small board against [`Position::play_unchecked`].
//!
//! [`Position`]: mancala_core::Position
//! [`mover_board`]: crate::layer_file::mover_board
//! [`Position::play_unchecked`]: mancala_core::Position::play_unchecked

use mancala_core::{EmptyPitCapture, EmptySide, Repetition, StorePlacement, Variant};

use crate::layer_file::swap_rows;

/// Most pits a side for a board in one word: two rows of 8 byte lanes.
const MAX_PITS: usize = 8;
/// Longest sowing ring: both rows and the mover's store.
const MAX_RING: usize = 2 * MAX_PITS + 1;
/// [`Step::last`] of a seed that ends in the mover's store.
const STORE: u8 = u8::MAX;

/// Where a move leaves the game, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sown {
    /// The game is over: the mover's final margin from here (their store
    /// gain plus their side's seeds, less the opponent's side's seeds).
    Over(i32),
    /// The game goes on.
    Board {
        /// Seeds the move put in the mover's store.
        gain: i32,
        /// The mover moves again (the last seed fell in their store).
        again: bool,
        /// Seeds left on the board.
        left: usize,
        /// The board from the next mover's point of view.
        board: u128,
    },
}

/// Sows database boards of one variant of the plain Kalah rules.
#[derive(Clone, Debug)]
pub(crate) struct WordSower {
    n: usize,
    /// Cells of the ring: `2 * n + 1` (both rows and the mover's store).
    ring: usize,
    /// `steps[pit][r]`: `r` seeds sown from `pit` (`r > 0`, or `r = 0`
    /// after whole laps: the last seed then falls in the pit itself).
    steps: [[Step; MAX_RING]; MAX_PITS],
    /// One seed in every pit of both rows.
    lap: u128,
    /// The low row's bits.
    row: u64,
    capture: EmptyPitCapture,
    extra_turn: bool,
    either_side_ends: bool,
}

impl WordSower {
    /// A sower for `v`, if its rules are the plain Kalah ones this covers
    /// and its rows have at most 8 pits.
    pub(crate) fn new(v: &Variant) -> Option<WordSower> {
        let r = v.rules();
        let n = v.pits_per_side();
        let plain = r.board.stores == StorePlacement::Ring
            && r.sowing.skip_opponent_store
            && !r.sowing.skip_origin
            && r.sowing.relay == mancala_core::Relay::None
            && r.capture.counts.is_empty()
            && !r.uses_general_elements()
            && !r.turn.must_feed
            && !r.end.majority
            && r.end.repetition == Repetition::None;
        if !plain || !(1..=MAX_PITS).contains(&n) {
            return None;
        }
        let ring = 2 * n + 1;
        // The ring from the mover's point of view: their pits 0..n, their
        // store, the opponent's pits n..2n (as board cells).
        let cell_at = |step: usize| -> u8 {
            match step % ring {
                s if s < n => s as u8,
                s if s == n => STORE,
                s => (s - 1) as u8,
            }
        };
        let mut steps = [[Step::default(); MAX_RING]; MAX_PITS];
        for (pit, row) in steps.iter_mut().enumerate().take(n) {
            for (r, at) in row.iter_mut().enumerate().take(ring) {
                for step in pit + 1..=pit + r {
                    match cell_at(step) {
                        STORE => at.to_store = 1,
                        c => at.run += 1u128 << (8 * c as u32),
                    }
                }
                at.last = cell_at(pit + r);
            }
        }
        let lap = (0..2 * n).map(|c| 1u128 << (8 * c)).sum();
        Some(WordSower {
            n,
            ring,
            steps,
            lap,
            row: if n == 8 { u64::MAX } else { (1u64 << (8 * n)) - 1 },
            capture: r.capture.empty_pit,
            extra_turn: r.sowing.extra_turn,
            either_side_ends: r.end.empty_side == EmptySide::Either,
        })
    }

    /// The mover's non-empty pits on `board`, from their left: the moves.
    #[inline(always)]
    pub(crate) fn pits(&self, board: u128) -> impl Iterator<Item = usize> {
        let mut lanes = board as u64 & self.row;
        std::iter::from_fn(move || {
            (lanes != 0).then(|| {
                let pit = (lanes.trailing_zeros() / 8) as usize;
                lanes &= !(0xffu64 << (8 * pit));
                pit
            })
        })
    }

    /// The two rows: the mover's, the opponent's.
    #[inline(always)]
    fn rows(&self, board: u128) -> (u64, u64) {
        (board as u64 & self.row, (board >> (8 * self.n)) as u64 & self.row)
    }

    /// Whether a last seed in the mover's store gives another turn.
    #[inline(always)]
    pub(crate) fn extra_turn(&self) -> bool {
        self.extra_turn
    }

    /// Whether a last seed in an empty pit of the mover's captures, with
    /// `taken` seeds in the opposite pit.
    #[inline(always)]
    pub(crate) fn captures(&self, taken: usize) -> bool {
        match self.capture {
            EmptyPitCapture::Off => false,
            EmptyPitCapture::Always => true,
            _ => taken > 0,
        }
    }

    /// The mover's final margin if `board` is over before any move (an
    /// empty side ends it, as the rules say), the seeds going to their
    /// owners.
    #[inline(always)]
    pub(crate) fn over(&self, board: u128) -> Option<i32> {
        let (mine, theirs) = self.rows(board);
        self.ended(0, true, row_seeds(mine), row_seeds(theirs))
    }

    /// The mover's final margin if the game is over after a move that put
    /// `gain` seeds in their store and left `mine` seeds in their row and
    /// `theirs` in the opponent's (`again`: the mover moves next); `None` if
    /// it goes on. An empty side ends it, as the rules say, the seeds going
    /// to their owners.
    #[inline(always)]
    pub(crate) fn ended(&self, gain: i32, again: bool, mine: i32, theirs: i32) -> Option<i32> {
        let next_has_none = if again { mine == 0 } else { theirs == 0 };
        let ends = next_has_none || (self.either_side_ends && (mine == 0 || theirs == 0));
        ends.then_some(gain + mine - theirs)
    }

    /// Sows the mover's `pit` (not empty) on `board`, which holds `seeds`
    /// seeds: captures, extra turn and the end of the game as
    /// [`mancala_core::Position::play_unchecked`] has them.
    ///
    /// The mover's pits are in the word's low 64 bits (at most 8 pits a
    /// row), so the sown pile and a capturing pit are read there; the seeds
    /// left are the seeds less those the move put in the store, so only the
    /// mover's row is counted.
    #[inline(always)]
    pub(crate) fn sow(&self, board: u128, pit: usize, seeds: usize) -> Sown {
        debug_assert!(pit < self.n);
        let low = board as u64;
        let pile = (low >> (8 * pit)) as u8 as usize;
        debug_assert!(pile > 0);
        let (laps, rest) =
            if pile < self.ring { (0, pile) } else { (pile / self.ring, pile % self.ring) };
        let step = &self.steps[pit][rest];
        // The pile's lane emptied: it holds `pile` in the low word.
        let mut b = board - ((pile as u64) << (8 * pit)) as u128 + step.run;
        let mut gain = step.to_store as i32;
        if laps > 0 {
            b += self.lap * laps as u128;
            gain += laps as i32;
        }
        let last = step.last;
        let mut again = false;
        if last == STORE {
            again = self.extra_turn;
        } else if (last as usize) < self.n
            && self.capture != EmptyPitCapture::Off
            && (b as u64 >> (8 * last)) as u8 == 1
        {
            let opposite = 2 * self.n - 1 - last as usize;
            let taken = (b >> (8 * opposite)) as u8;
            if taken > 0 || self.capture == EmptyPitCapture::Always {
                gain += taken as i32 + 1;
                b &= !(0xffu128 << (8 * last) | 0xffu128 << (8 * opposite));
            }
        }
        let left = seeds - gain as usize;
        let mine = row_seeds(b as u64 & self.row);
        let theirs = left as i32 - mine;
        if let Some(margin) = self.ended(gain, again, mine, theirs) {
            return Sown::Over(margin);
        }
        Sown::Board { gain, again, left, board: if again { b } else { swap_rows(b, self.n) } }
    }
}

/// One sowing of a pile from a pit, as a [`WordSower`] plays it.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    /// One seed in each of the pit cells the pile reaches (the store
    /// excluded).
    run: u128,
    /// Whether the pile passes the mover's store (0 or 1).
    to_store: u8,
    /// The cell of the last seed, or [`STORE`].
    last: u8,
}

/// The seeds in a row of byte lanes (fewer than 256).
#[inline(always)]
fn row_seeds(row: u64) -> i32 {
    (row.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

#[cfg(test)]
mod tests {
    use mancala_core::{Move, Setup, Side, Variant};

    use super::*;

    fn word(board: &[u8]) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[..board.len()].copy_from_slice(board);
        u128::from_le_bytes(bytes)
    }

    /// What `Position` says of a database board (mover's row first) and
    /// one of its moves, in [`Sown`]'s terms.
    fn by_position(v: &Variant, board: &[u8], pit: usize) -> Sown {
        let n = v.pits_per_side();
        let p = Setup::from_rows(&board[..n], &board[n..2 * n], [0, 0], Side::South)
            .unwrap()
            .position_unchecked()
            .settled(v);
        let mut child = p;
        child.play_unchecked(v, Move::Sow(pit as u8));
        if child.is_over() {
            return Sown::Over(child.store_margin());
        }
        let again = child.to_move() == Side::South;
        let left = (child.side_seeds(Side::South) + child.side_seeds(Side::North)) as usize;
        let next = crate::layer_file::mover_board(&child);
        Sown::Board {
            gain: child.store(Side::South) as i32,
            again,
            left,
            board: word(&next[..2 * n]),
        }
    }

    #[test]
    fn sowing_a_word_agrees_with_position_on_every_small_board() {
        let index_sizes = [(1, 9), (2, 9), (3, 9), (4, 8), (6, 6), (8, 4)];
        let mut checked = 0u64;
        for name in ["kalah-irving", "kalah-classic", "mankalah"] {
            for (n, most) in index_sizes {
                let v = Variant::preset(name).unwrap().resized(Some(n as u8), Some(1)).unwrap();
                let sower = WordSower::new(&v).expect("plain Kalah rules");
                let index = crate::BoardIndex::new(2 * n);
                for seeds in 0..=most {
                    let mut board = vec![0u8; 2 * n];
                    index.unrank(0, seeds, &mut board);
                    loop {
                        let w = word(&board);
                        let p = Setup::from_rows(&board[..n], &board[n..], [0, 0], Side::South)
                            .unwrap()
                            .position_unchecked()
                            .settled(&v);
                        let over = p.is_over().then(|| p.store_margin());
                        assert_eq!(sower.over(w), over, "{name} {board:?}");
                        if over.is_none() {
                            for pit in (0..n).filter(|&k| board[k] > 0) {
                                let want = by_position(&v, &board, pit);
                                assert_eq!(
                                    sower.sow(w, pit, seeds),
                                    want,
                                    "{name} {board:?} pit {pit}"
                                );
                                checked += 1;
                            }
                        }
                        if !crate::BoardIndex::next(&mut board) {
                            break;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn sowing_whole_laps_agrees_with_position() {
        // Piles of a lap or more: every pit gets a seed per lap, the store
        // too, and a sowing of exactly one lap ends in the emptied pit
        // itself (a capture).
        //
        //     pits 6..1 (opponent)   0  0  0  0  0  0
        //     pits 1..6 (mover)      0 13  0  0  0  2
        for name in ["kalah-irving", "kalah-classic"] {
            let v = Variant::preset(name).unwrap();
            let sower = WordSower::new(&v).unwrap();
            for big in [13u8, 14, 20, 26, 27, 40] {
                for opp in [0u8, 3] {
                    let board = [0, big, 0, 0, 0, 2, opp, 0, 0, 0, 1, 0];
                    let want = by_position(&v, &board, 1);
                    let seeds = board.iter().map(|&c| c as usize).sum();
                    assert_eq!(sower.sow(word(&board), 1, seeds), want, "{name} {board:?}");
                }
            }
        }
    }

    #[test]
    fn only_plain_kalah_rules_are_sown_in_a_word() {
        for name in ["relay-kalah", "awari", "abapa", "oware", "kalah"] {
            assert!(WordSower::new(&Variant::preset(name).unwrap()).is_none(), "{name}");
        }
        let wide = Variant::preset("kalah-irving").unwrap().resized(Some(9), Some(1)).unwrap();
        assert!(WordSower::new(&wide).is_none());
    }
}
