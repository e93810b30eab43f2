//! The position: seeds in every pit and store, whose turn it is, and whether
//! the game is over. Copy-make, fixed arrays, nothing allocated.

use crate::moves::{Move, MoveList};
use crate::rules::{EmptyPitCapture, GrandSlam};
use crate::variant::{Variant, CELLS, STORE_CELL};
use crate::Side;

/// A position of any variant.
///
/// Layout (38 bytes, pinned below): `cells[0..n]` are South's pits from
/// South's left (the order South sows them), `cells[n..2n]` North's pits from
/// North's left, `cells[32]` South's store and `cells[33]` North's store; cells
/// between `2n` and 32 stay zero. Sowing is counter-clockwise, so the pits
/// follow one another around the board in index order and the pit opposite
/// cell `i` is cell `2n - 1 - i`. A position does not know its variant: every
/// operation takes the [`Variant`] it was made for.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: [u8; CELLS],
    pub(crate) n: u8,
    pub(crate) to_move: Side,
    pub(crate) flags: u8,
    pub(crate) end: Option<EndReason>,
}

const _: () = assert!(std::mem::size_of::<Position>() == 38);

/// The first move of a game under the pie rule: a single sowing, no extra turn.
pub(crate) const OPENING: u8 = 1;
/// The second player may swap now.
pub(crate) const SWAP_OFFERED: u8 = 2;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum EndReason {
    /// A store holds more than half of all seeds.
    Majority,
    /// A side was left without seeds after a move (rule `empty_side = "either"`).
    EmptySide,
    /// The player to move has no seeds.
    NoSeeds,
    /// The opponent has no seeds and no move gives them any.
    CannotFeed,
    /// Every move would capture all the opponent's seeds, which is forbidden.
    OnlyGrandSlams,
    /// A position repeated (see [`crate::Game`]).
    Cycle,
}

impl EndReason {
    /// Short name used in the notation and the JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Majority => "majority",
            EndReason::EmptySide => "empty-side",
            EndReason::NoSeeds => "no-seeds",
            EndReason::CannotFeed => "cannot-feed",
            EndReason::OnlyGrandSlams => "only-grand-slams",
            EndReason::Cycle => "cycle",
        }
    }

    /// All reasons, for parsing.
    pub const ALL: [EndReason; 6] = [
        EndReason::Majority,
        EndReason::EmptySide,
        EndReason::NoSeeds,
        EndReason::CannotFeed,
        EndReason::OnlyGrandSlams,
        EndReason::Cycle,
    ];

    /// A sentence saying why the game ended.
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Majority => "a store holds more than half of the seeds",
            EndReason::EmptySide => "a side has no seeds left",
            EndReason::NoSeeds => "the player to move has no seeds",
            EndReason::CannotFeed => "the opponent has no seeds and no move can give them any",
            EndReason::OnlyGrandSlams => "every move would capture all the opponent's seeds",
            EndReason::Cycle => "a position repeated",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side has more seeds in its store.
    Win(Side),
    /// Both stores hold the same.
    Draw,
}

/// What one move did, for reports and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveReport {
    /// Seeds picked up from the chosen pit (0 for a swap).
    pub sown: u8,
    /// Further piles picked up by relay sowing.
    pub relays: u32,
    /// Seeds moved into the mover's store by a capture.
    pub captured: u8,
    /// The mover plays again.
    pub extra_turn: bool,
    /// The move's capture took, or would have taken, every seed on the
    /// opponent's side (a grand slam).
    pub grand_slam: bool,
    /// The grand slam captured nothing (rule `captures-nothing`).
    pub grand_slam_void: bool,
    /// The move was a pie-rule swap.
    pub swapped: bool,
}

/// Why a move cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("pit {pit} does not exist: pits are numbered 1 to {pits}")]
    OutOfRange { pit: usize, pits: usize },
    #[error("pit {pit} is empty")]
    EmptyPit { pit: usize },
    #[error("pit {pit} does not give the opponent any seeds, and their side is empty: you must feed them")]
    MustFeed { pit: usize },
    #[error(
        "pit {pit} would capture all the opponent's seeds (a grand slam), which is not allowed"
    )]
    GrandSlam { pit: usize },
    #[error("swap is only allowed as the second player's answer to the first move (pie rule)")]
    SwapNotAllowed,
}

impl Position {
    /// The starting position of a variant.
    pub fn start(v: &Variant) -> Position {
        let mut cells = [0u8; CELLS];
        cells[..2 * v.n].fill(v.seeds_per_pit());
        Position {
            cells,
            n: v.n as u8,
            to_move: v.first_player(),
            flags: if v.hot.pie_rule { OPENING } else { 0 },
            end: None,
        }
        .settled(v)
    }

    /// The position with the end-of-game checks applied, as they are after
    /// every move: a position whose mover has no legal move (Oware 1x1 at the
    /// start, or a position typed in) is marked over and its seeds moved as
    /// the rules say. A position already over is returned as it is.
    pub fn settled(mut self, v: &Variant) -> Position {
        if self.end.is_none() {
            self.finish_move(v);
        }
        self
    }

    /// Pits per side.
    #[inline]
    pub fn pits_per_side(&self) -> usize {
        self.n as usize
    }

    /// The player to move (also set, but meaningless, once the game is over).
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// A side's pits, from that player's own left.
    #[inline]
    pub fn row(&self, side: Side) -> &[u8] {
        let n = self.n as usize;
        &self.cells[side.index() * n..side.index() * n + n]
    }

    /// Seeds in a player's `k`-th pit (0-based, from their own left).
    #[inline]
    pub fn pit(&self, side: Side, k: usize) -> u8 {
        self.row(side)[k]
    }

    /// Seeds in a side's store.
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.cells[STORE_CELL + side.index()]
    }

    /// Seeds still in a side's pits.
    #[inline]
    pub fn side_seeds(&self, side: Side) -> u32 {
        let (lo, hi) = self.row_words(side);
        byte_sum(lo) + byte_sum(hi)
    }

    /// Seeds in all pits and stores.
    pub fn total_seeds(&self) -> u32 {
        self.cells.iter().map(|&c| c as u32).sum()
    }

    /// Why the game ended, or `None` while it goes on.
    #[inline]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The winner or a draw once the game is over, by comparing the stores.
    pub fn outcome(&self) -> Option<Outcome> {
        self.end?;
        let (s, n) = (self.store(Side::South), self.store(Side::North));
        Some(match s.cmp(&n) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::South),
            std::cmp::Ordering::Less => Outcome::Win(Side::North),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// This is the first move of a pie-rule game (single sowing, no extra turn).
    #[inline]
    pub fn is_opening(&self) -> bool {
        self.flags & OPENING != 0
    }

    /// The player to move may answer the first move with `swap`.
    #[inline]
    pub fn swap_offered(&self) -> bool {
        self.flags & SWAP_OFFERED != 0
    }

    /// South's store minus North's.
    #[inline]
    pub fn store_margin(&self) -> i32 {
        self.store(Side::South) as i32 - self.store(Side::North) as i32
    }

    /// The legal sowings as a bit set: bit `k` is the mover's pit `k`
    /// (0-based from their left). Empty once the game is over. Swap is not in
    /// the set: see [`Position::swap_offered`].
    pub fn legal_pits(&self, v: &Variant) -> u32 {
        if self.end.is_some() {
            return 0;
        }
        self.sowable_pits(v)
    }

    /// All legal moves, swap last.
    pub fn legal_moves(&self, v: &Variant) -> MoveList {
        let mut list = MoveList::new();
        let mut mask = self.legal_pits(v);
        while mask != 0 {
            list.push(Move::Sow(mask.trailing_zeros() as u8));
            mask &= mask - 1;
        }
        if self.end.is_none() && self.swap_offered() {
            list.push(Move::Swap);
        }
        list
    }

    /// Checks a move; `Ok` exactly when it is in [`Position::legal_moves`].
    pub fn check_move(&self, v: &Variant, mv: Move) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let k = match mv {
            Move::Swap if self.swap_offered() => return Ok(()),
            Move::Swap => return Err(IllegalMove::SwapNotAllowed),
            Move::Sow(k) => k as usize,
        };
        let n = self.n as usize;
        if k >= n {
            return Err(IllegalMove::OutOfRange { pit: k + 1, pits: n });
        }
        if self.pit(self.to_move, k) == 0 {
            return Err(IllegalMove::EmptyPit { pit: k + 1 });
        }
        if self.sowable_pits(v) & (1 << k) != 0 {
            return Ok(());
        }
        if self.must_feed_now(v) && !self.sow_result(v, k).feeds {
            Err(IllegalMove::MustFeed { pit: k + 1 })
        } else {
            Err(IllegalMove::GrandSlam { pit: k + 1 })
        }
    }

    /// Plays a move after checking it. On an illegal move the position is
    /// unchanged (it is `Copy`) and the error says why.
    pub fn play(&self, v: &Variant, mv: Move) -> Result<(Position, MoveReport), IllegalMove> {
        self.check_move(v, mv)?;
        let mut next = *self;
        let report = next.play_unchecked(v, mv);
        Ok((next, report))
    }

    /// Plays a move known to be legal (for search). Playing an illegal move
    /// gives an unspecified position but never panics or reads out of bounds
    /// in release builds.
    #[inline]
    pub fn play_unchecked(&mut self, v: &Variant, mv: Move) -> MoveReport {
        debug_assert_eq!(self.n as usize, v.n, "position and variant differ in size");
        match mv {
            Move::Swap => {
                self.swap_sides(v);
                self.finish_move(v);
                MoveReport { swapped: true, ..MoveReport::default() }
            }
            Move::Sow(k) => {
                let opening = self.is_opening();
                let report = self.sow(v, k as usize, opening);
                self.pass_turn(v, opening, &report);
                report
            }
        }
    }

    /// After a sowing: whose turn it is, the pie rule's offer, the end checks.
    #[inline]
    fn pass_turn(&mut self, v: &Variant, opening: bool, report: &MoveReport) {
        self.flags = if opening && v.hot.pie_rule { SWAP_OFFERED } else { 0 };
        if !report.extra_turn {
            self.to_move = self.to_move.opponent();
        }
        self.finish_move(v);
    }

    /// The pie-rule swap: mirror the board so the first move's seeds are on
    /// the second player's side; the first player moves next.
    fn swap_sides(&mut self, v: &Variant) {
        let n = v.n;
        for k in 0..n {
            self.cells.swap(k, n + k);
        }
        self.cells.swap(STORE_CELL, STORE_CELL + 1);
        self.to_move = self.to_move.opponent();
        self.flags = 0;
    }

    /// Sowing and capture of one move by the player to move, from their pit
    /// `k`. Does not change whose turn it is or check for the end.
    #[inline]
    fn sow(&mut self, v: &Variant, k: usize, opening: bool) -> MoveReport {
        let s = self.to_move.index();
        let n = v.n;
        let own = s * n;
        let ring = &v.ring[s];
        let len = v.ring_len;
        let skip_origin = v.hot.skip_origin;
        let relay = v.hot.relay;
        let eff = len - skip_origin as usize;
        let mut report = MoveReport::default();
        let mut start = k; // ring index of the pit being emptied
        let last = loop {
            let origin = ring[start] as usize;
            let seeds = self.cells[origin] as usize;
            self.cells[origin] = 0;
            if report.relays == 0 {
                report.sown = seeds as u8;
            }
            let laps = seeds / eff;
            let rest = seeds % eff;
            if laps > 0 {
                for &c in &ring[..len] {
                    self.cells[c as usize] += laps as u8;
                }
                if skip_origin {
                    self.cells[origin] -= laps as u8;
                }
            }
            for &c in &ring[start + 1..=start + rest] {
                self.cells[c as usize] += 1;
            }
            let mut end = start + if rest > 0 { rest } else { eff };
            if end >= len {
                end -= len;
            }
            let last = ring[end] as usize;
            if relay && last >= own && last < own + n && self.cells[last] > 1 {
                report.relays += 1;
                start = end;
                continue;
            }
            break last;
        };
        self.settle_last_seed(v, last, opening, &mut report);
        report
    }

    /// Extra turn and captures decided by where the last seed fell.
    #[inline]
    fn settle_last_seed(&mut self, v: &Variant, last: usize, opening: bool, r: &mut MoveReport) {
        let s = self.to_move.index();
        let n = v.n;
        let own = s * n;
        let own_store = STORE_CELL + s;
        if last == own_store {
            r.extra_turn = v.hot.extra_turn && !opening;
        } else if last >= own && last < own + n {
            if self.cells[last] == 1 && v.empty_pit != EmptyPitCapture::Off {
                let opposite = 2 * n - 1 - last;
                let taken = self.cells[opposite];
                if taken > 0 || v.empty_pit == EmptyPitCapture::Always {
                    r.captured = taken + 1;
                    self.cells[own_store] += taken + 1;
                    self.cells[opposite] = 0;
                    self.cells[last] = 0;
                }
            }
        } else if last < 2 * n && v.capture_counts != 0 {
            let opp = (1 - s) * n;
            let counts = v.capture_counts;
            let takes = |c: u8| c < 64 && counts >> c & 1 != 0;
            if !takes(self.cells[last]) {
                return;
            }
            let mut first = last; // lowest pit of the captured run
            let mut taken = self.cells[last] as u32;
            if v.hot.chain {
                while first > opp && takes(self.cells[first - 1]) {
                    first -= 1;
                    taken += self.cells[first] as u32;
                }
            }
            let opp_seeds: u32 = self.cells[opp..opp + n].iter().map(|&c| c as u32).sum();
            if taken == opp_seeds {
                r.grand_slam = true;
                if v.grand_slam == GrandSlam::CapturesNothing {
                    r.grand_slam_void = true;
                    return;
                }
            }
            self.cells[first..=last].fill(0);
            self.cells[own_store] += taken as u8;
            r.captured = taken as u8;
        }
    }

    /// After a move: has the game ended? Moves the seeds left on the board
    /// to their owners when the rules say so.
    #[inline]
    fn finish_move(&mut self, v: &Variant) {
        let south = self.side_seeds(Side::South);
        let north = self.side_seeds(Side::North);
        if v.hot.either_side_ends && (south == 0 || north == 0) {
            self.collect_to_owners();
            self.set_end(EndReason::EmptySide);
            return;
        }
        if v.hot.majority {
            let most = self.store(Side::South).max(self.store(Side::North)) as u32;
            if 2 * most > v.total {
                self.set_end(EndReason::Majority);
                return;
            }
        }
        let (mine, theirs) =
            if self.to_move == Side::South { (south, north) } else { (north, south) };
        if self.swap_offered() {
            return;
        }
        if mine > 0 {
            let feed = v.hot.must_feed && theirs == 0;
            if !feed && !v.hot.slam_check || self.has_sowable_pit(v) {
                return;
            }
        }
        let reason = if mine == 0 {
            EndReason::NoSeeds
        } else if v.hot.must_feed && theirs == 0 && !self.any_pit(v, |r| r.feeds) {
            EndReason::CannotFeed
        } else {
            EndReason::OnlyGrandSlams
        };
        self.collect_to_owners();
        self.set_end(reason);
    }

    #[inline]
    fn set_end(&mut self, reason: EndReason) {
        self.end = Some(reason);
        self.flags = 0;
    }

    /// Ends the game now for `reason`, moving the seeds left to their owners
    /// (or splitting them, for a cycle under `repetition = "split"`).
    pub fn end_game(&mut self, v: &Variant, reason: EndReason) {
        if reason == EndReason::Cycle && v.rules().end.repetition == crate::Repetition::Split {
            let left = self.side_seeds(Side::South) + self.side_seeds(Side::North);
            let half = (left / 2) as u8;
            let odd = left % 2 == 1;
            self.cells[..2 * v.n].fill(0);
            if odd {
                // The odd seed stays on the board, in the first pit of the player to move.
                let k = self.to_move.index() * v.n;
                self.cells[k] = 1;
            }
            self.cells[STORE_CELL] += half;
            self.cells[STORE_CELL + 1] += half;
        } else if reason != EndReason::Majority {
            self.collect_to_owners();
        }
        self.set_end(reason);
    }

    fn collect_to_owners(&mut self) {
        let n = self.n as usize;
        for side in Side::ALL {
            let seeds = self.side_seeds(side) as u8;
            self.cells[side.index() * n..side.index() * n + n].fill(0);
            self.cells[STORE_CELL + side.index()] += seeds;
        }
    }

    /// The opponent's side is empty and the rules make the mover feed it.
    #[inline]
    fn must_feed_now(&self, v: &Variant) -> bool {
        v.hot.must_feed && self.side_seeds(self.to_move.opponent()) == 0
    }

    /// The mover's non-empty pits as a bit set.
    #[inline]
    fn nonempty_pits(&self) -> u32 {
        let (lo, hi) = self.row_words(self.to_move);
        nonzero_bytes(lo) | nonzero_bytes(hi) << 8
    }

    /// A side's pits as two little-endian words of 8 byte lanes, lanes past
    /// the row's end cleared. Reads `cells[base..base + 16]`, always in
    /// bounds: `base <= 16` and there are 34 cells.
    #[inline]
    fn row_words(&self, side: Side) -> (u64, u64) {
        let n = self.n as usize;
        let base = side.index() * n;
        let word = |at: usize| u64::from_le_bytes(self.cells[at..at + 8].try_into().unwrap());
        let (lo_mask, hi_mask) = match n {
            16.. => (!0, !0),
            8.. => (!0, (1u64 << (8 * (n - 8))).wrapping_sub(1)),
            _ => ((1u64 << (8 * n)) - 1, 0),
        };
        (word(base) & lo_mask, word(base + 8) & hi_mask)
    }

    /// Legal sowings, ignoring whether the game is over.
    #[inline]
    fn sowable_pits(&self, v: &Variant) -> u32 {
        let mut mask = self.nonempty_pits();
        if mask == 0 {
            return 0;
        }
        if self.must_feed_now(v) {
            mask = self.filter_pits(v, mask, |r| r.feeds);
        }
        if v.hot.slam_check {
            let slams = self.filter_pits(v, mask, |r| r.grand_slam);
            if slams != 0 {
                let rest = mask & !slams;
                mask = match v.grand_slam {
                    GrandSlam::OnlyIfForced if rest == 0 => mask,
                    _ => rest,
                };
            }
        }
        mask
    }

    /// Whether the mover has any legal sowing (cheaper than listing them).
    #[inline]
    fn has_sowable_pit(&self, v: &Variant) -> bool {
        if self.nonempty_pits() == 0 {
            return false;
        }
        let feed = self.must_feed_now(v);
        match (v.hot.slam_check, v.grand_slam) {
            // Grand slams are legal moves here (allowed or capturing nothing).
            (false, _) => !feed || self.any_pit(v, |r| r.feeds),
            // When every move is a grand slam, the grand slams are legal.
            (true, GrandSlam::OnlyIfForced) => !feed || self.any_pit(v, |r| r.feeds),
            (true, _) => self.any_pit(v, |r| (!feed || r.feeds) && !r.grand_slam),
        }
    }

    fn any_pit(&self, v: &Variant, pred: impl Fn(SowResult) -> bool) -> bool {
        self.filter_pits_until(v, self.nonempty_pits(), &pred, true) != 0
    }

    fn filter_pits(&self, v: &Variant, mask: u32, pred: impl Fn(SowResult) -> bool) -> u32 {
        self.filter_pits_until(v, mask, &pred, false)
    }

    fn filter_pits_until(
        &self,
        v: &Variant,
        mut mask: u32,
        pred: &impl Fn(SowResult) -> bool,
        stop_at_first: bool,
    ) -> u32 {
        let mut kept = 0;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if pred(self.sow_result(v, k)) {
                kept |= 1 << k;
                if stop_at_first {
                    break;
                }
            }
        }
        kept
    }

    /// What sowing pit `k` would do, judged on a copy.
    fn sow_result(&self, v: &Variant, k: usize) -> SowResult {
        let mut p = *self;
        let opening = p.is_opening();
        let report = p.sow(v, k, opening);
        SowResult {
            feeds: p.side_seeds(self.to_move.opponent()) > 0,
            grand_slam: report.grand_slam,
        }
    }
}

/// Sum of the 8 bytes of a word, when it is below 256 (a game holds at most
/// 255 seeds): the multiply adds every byte into the top one.
#[inline]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// One bit per non-zero byte of a word, byte `i` to bit `i`.
#[inline]
fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Bit 7 of each byte set when the byte is not zero.
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gather the eight bit-7s into the top byte: byte i's bit lands at 56 + i.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tricks_match_plain_loops() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Random bytes, some zeroed, small enough to sum below 256.
            let bytes: Vec<u8> =
                x.to_le_bytes().iter().map(|b| if b % 3 == 0 { 0 } else { b % 31 }).collect();
            let word = u64::from_le_bytes(bytes.clone().try_into().unwrap());
            let sum: u32 = bytes.iter().map(|&b| b as u32).sum();
            let mask = bytes.iter().enumerate().fold(0, |m, (i, &b)| m | ((b != 0) as u32) << i);
            assert_eq!(byte_sum(word), sum, "{bytes:?}");
            assert_eq!(nonzero_bytes(word), mask, "{bytes:?}");
        }
    }
}

#[derive(Clone, Copy)]
struct SowResult {
    feeds: bool,
    grand_slam: bool,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({self})")
    }
}
