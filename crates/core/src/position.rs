//! The position: seeds in every pit and store, whose turn it is, and whether
//! the game is over. Copy-make, fixed arrays, nothing allocated.

use crate::moves::{Move, MoveList};
use crate::rules::{EmptyPitCapture, EmptySide, GrandSlam};
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

/// Relay pickups in one move after which the move is replayed with the exact
/// cycle check (see [`Position::sow`]).
const RELAY_CHECK_AFTER: u32 = 256;

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
    /// The relay would have repeated forever and was stopped.
    pub relay_cycle: bool,
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
            flags: if v.rules().turn.pie_rule { OPENING } else { 0 },
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
        self.row(side).iter().map(|&c| c as u32).sum()
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
            return Err(IllegalMove::OutOfRange {
                pit: k + 1,
                pits: n,
            });
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
                MoveReport {
                    swapped: true,
                    ..MoveReport::default()
                }
            }
            Move::Sow(k) => {
                let opening = self.is_opening();
                let report = self.sow(v, k as usize, opening);
                self.pass_turn(v, opening, &report);
                report
            }
        }
    }

    /// The same move played through the cycle-checking relay path, which the
    /// fast path only uses after many pickups. For tests.
    #[doc(hidden)]
    pub fn play_relay_checked_for_tests(&self, v: &Variant, mv: Move) -> (Position, MoveReport) {
        let mut p = *self;
        let Move::Sow(k) = mv else {
            let r = p.play_unchecked(v, mv);
            return (p, r);
        };
        let opening = p.is_opening();
        let report = p.sow_relay_checked(v, k as usize, opening);
        p.pass_turn(v, opening, &report);
        (p, report)
    }

    /// After a sowing: whose turn it is, the pie rule's offer, the end checks.
    #[inline]
    fn pass_turn(&mut self, v: &Variant, opening: bool, report: &MoveReport) {
        self.flags = if opening && v.rules().turn.pie_rule { SWAP_OFFERED } else { 0 };
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
        let skip_origin = v.rules().sowing.skip_origin;
        let relay = v.rules().sowing.relay;
        let eff = len - skip_origin as usize;
        let before = *self;
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
                if report.relays > RELAY_CHECK_AFTER {
                    *self = before;
                    return self.sow_relay_checked(v, k, opening);
                }
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
            r.extra_turn = v.rules().sowing.extra_turn && !opening;
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
            if v.rules().capture.chain {
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

    /// The same move as [`Position::sow`], replayed with a record of every
    /// relay pickup. A pickup that would start from exactly the same board
    /// and pit as an earlier pickup of this move would repeat forever: the
    /// move stops just before it, seeds where they lie, no capture, no extra
    /// turn.
    #[cold]
    fn sow_relay_checked(&mut self, v: &Variant, k: usize, opening: bool) -> MoveReport {
        let s = self.to_move.index();
        let n = v.n;
        let own = s * n;
        let ring = &v.ring[s];
        let len = v.ring_len;
        let skip_origin = v.rules().sowing.skip_origin;
        let eff = len - skip_origin as usize;
        let mut seen: std::collections::HashSet<([u8; CELLS], usize)> = Default::default();
        let mut report = MoveReport::default();
        let mut start = k;
        loop {
            if !seen.insert((self.cells, start)) {
                report.relay_cycle = true;
                return report;
            }
            let origin = ring[start] as usize;
            let seeds = self.cells[origin] as usize;
            self.cells[origin] = 0;
            if report.relays == 0 {
                report.sown = seeds as u8;
            }
            for i in 1..=seeds + seeds.saturating_sub(1) / eff * (len - eff) {
                let c = ring[(start + i) % len] as usize;
                if !(skip_origin && c == origin) {
                    self.cells[c] += 1;
                }
            }
            let steps = seeds + seeds.saturating_sub(1) / eff * (len - eff);
            let end = (start + steps) % len;
            let last = ring[end] as usize;
            if last >= own && last < own + n && self.cells[last] > 1 {
                report.relays += 1;
                start = end;
                continue;
            }
            self.settle_last_seed(v, last, opening, &mut report);
            return report;
        }
    }

    /// After a move: has the game ended? Moves the seeds left on the board
    /// to their owners when the rules say so.
    #[inline]
    fn finish_move(&mut self, v: &Variant) {
        let end = &v.rules().end;
        if end.empty_side == EmptySide::Either
            && (self.side_seeds(Side::South) == 0 || self.side_seeds(Side::North) == 0)
        {
            self.collect_to_owners();
            self.set_end(EndReason::EmptySide);
            return;
        }
        if end.majority {
            let t = v.total;
            if 2 * self.store(Side::South) as u32 > t || 2 * self.store(Side::North) as u32 > t {
                self.set_end(EndReason::Majority);
                return;
            }
        }
        if self.swap_offered() || self.has_sowable_pit(v) {
            return;
        }
        let reason = if self.side_seeds(self.to_move) == 0 {
            EndReason::NoSeeds
        } else if self.must_feed_now(v) && !self.any_pit(v, |r| r.feeds) {
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
        v.rules().turn.must_feed && self.side_seeds(self.to_move.opponent()) == 0
    }

    /// Whether grand slams must be looked for when listing moves.
    #[inline]
    fn grand_slams_matter(v: &Variant) -> bool {
        v.capture_counts != 0
            && matches!(v.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced)
    }

    #[inline]
    fn nonempty_pits(&self) -> u32 {
        let n = self.n as usize;
        let own = self.to_move.index() * n;
        let mut mask = 0u32;
        for (k, &c) in self.cells[own..own + n].iter().enumerate() {
            mask |= ((c != 0) as u32) << k;
        }
        mask
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
        if Self::grand_slams_matter(v) {
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
        let mask = self.nonempty_pits();
        if mask == 0 {
            return false;
        }
        let feed = self.must_feed_now(v);
        if !feed && !Self::grand_slams_matter(v) {
            return true;
        }
        if v.grand_slam == GrandSlam::OnlyIfForced {
            return !feed || self.any_pit(v, |r| r.feeds);
        }
        self.any_pit(v, |r| (!feed || r.feeds) && !r.grand_slam)
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
