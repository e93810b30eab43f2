//! The position: seeds in every pit and store, whose turn it is, and whether
//! the game is over. Copy-make, fixed arrays, nothing allocated.

use crate::hash::mix64;
use crate::layout::{Compact, Count, Layout, Storage, Wide, WIDE_PIT_CELLS};
use crate::moves::{Direction, Move, MoveList, Moves};
use crate::rules::{EmptyPitCapture, GrandSlam};
use crate::variant::{Variant, CELLS, MAX_PITS, MAX_RING, STORE_CELL};
use crate::Side;

/// A position of any variant.
///
/// Layout (48 bytes, pinned below): `cells[0..n]` are South's pits from
/// South's left (the order South sows them), `cells[n..2n]` North's pits from
/// North's left, `cells[32]` South's store and `cells[33]` North's store; cells
/// between `2n` and 32 stay zero, but for the claims of rules with several
/// claims ([`crate::Rules::many_claims`], boards of at most 11 pits a side):
/// `cells[24..28]` hold, as a little-endian 32-bit set, the claimed pits
/// (bit `i` for pit cell `i`) and `cells[28..32]` those of them North owns
/// (the others are South's). Rules with one claim keep it in `claimed`
/// instead. Rules with end pits ([`Variant::has_end_pits`], boards
/// of at most 11 pits a side, no claims) hold them in cells `2n` and
/// `2n + 1`, and in `cells[31]` (`END_MARKS_CELL`) the marks of the end
/// pits taken: bit 0 for cell `2n`, bit 1 for cell `2n + 1` (under claims
/// that byte holds bits 24 to 31 of North's claims, which no pit of such
/// a board has). Sowing is counter-clockwise, so the pits
/// follow one another around the board in index order and the pit opposite
/// cell `i` is cell `2n - 1 - i`. `occupied` has bit `i` set exactly when
/// pit cell `i` holds seeds: sowing keeps it up to date seed by seed, so the hot path learns which
/// pits can move and whether a side is empty without reading back the bytes
/// it has just written. Its bits from 34 up mark the pits out of play of a
/// round (rule `[rounds]`, [`Position::out_of_play`]): bit 34 + `i` for
/// pit cell `i`, so boards with rounds have at most 15 pits a side.
/// `flags` holds the pie rule's state (bits 0 and 1) and the bonus takes
/// due (bits 4 to 7, rule
/// `capture.bonus_pits`, [`Position::takes_due`]). A
/// position does not know its variant: every operation takes the
/// [`Variant`] it was made for.
///
/// The position is generic over its [`Layout`], which decides how its
/// cells are kept (the type of a count, the number of pit cells, the
/// sets). `Position` alone names the [`Compact`] layout, the one described
/// above; the rule code is written for it so far.
#[derive(Copy)]
pub struct Position<L: Layout = Compact> {
    pub(crate) occupied: L::Sets,
    pub(crate) cells: L::Cells,
    pub(crate) n: u8,
    pub(crate) to_move: Side,
    pub(crate) flags: u8,
    pub(crate) end: Option<EndReason>,
    /// For each side (South, North): 0, or 1 + the pit of the opponent's
    /// row (0-based from the opponent's left) that side has claimed (rule
    /// `claim`). A claimed pit always holds 0 seeds: what falls in it goes
    /// to its owner's store.
    pub(crate) claimed: [u8; 2],
}

const _: () = assert!(std::mem::size_of::<Position>() == 48);
// The wide layout's (see `Wide`): 100 bytes of cells, 32 of sets, 6 of
// state, rounded up to the sets' alignment of 8.
const _: () = assert!(std::mem::size_of::<Position<Wide>>() == 144);

// By hand, not derived: a derived `Clone` of a generic type clones field
// by field, where the copy is one move of the whole value.
impl<L: Layout> Clone for Position<L> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

// By hand, each layout's comparison written for it (`Storage::same`):
// derived for `Position<L>`, the fields are compared through `L`'s types
// and the compiled comparison takes another order (the repetition checks'
// hash set and the search's path cost 0.35% more instructions).
impl<L: Layout> PartialEq for Position<L> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        L::same(self, other)
    }
}

impl<L: Layout> Eq for Position<L> {}

/// The first of the spare cells holding the claimed pits of rules with
/// several claims (see [`Position`]): 4 bytes of claimed pits, then 4 of
/// the pits North owns.
pub(crate) const CLAIM_CELLS: usize = 24;

/// The first move of a game under the pie rule: a single sowing, no extra turn.
pub(crate) const OPENING: u8 = 1;
/// The second player may swap now.
pub(crate) const SWAP_OFFERED: u8 = 2;
/// The end pit after South's row (cell `2n`), and the one after North's
/// (cell `2n + 1`), has been taken at least once (rule `board.end_pits`).
/// Marks kept in [`END_MARKS_CELL`], not in `flags`: the turn's
/// bookkeeping (`flags`) never has to carry them from move to move.
pub(crate) const END_PIT_TAKEN: [u8; 2] = [1, 2];
/// The cell holding the marks of the end pits taken (see [`Position`]).
pub(crate) const END_MARKS_CELL: usize = 31;
/// The bonus takes still due to the player to move (rule
/// `capture.bonus_pits`), in the four high bits of `flags`: 0 to 15.
/// `flags` is then, from bit 0 up: [`OPENING`], [`SWAP_OFFERED`], two
/// unused bits, and the takes due. Nonzero only while the opponent has a
/// pit holding seeds and the game goes on.
pub(crate) const BONUS_DUE: u8 = 0xF0;
/// The shift of [`BONUS_DUE`]'s count.
pub(crate) const BONUS_SHIFT: u32 = 4;

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
    /// The player to move has seeds, but the sowing of every pit would never
    /// end (rule `relay = "any"` or `"next"` with stores beside the board).
    EndlessSowing,
    /// The player to move has seeds, but no pit holding the fewest a move
    /// starts from (rule `min_seeds`).
    NoMove,
    /// `end.quiet_moves` moves in a row left both stores as they were (no
    /// capture; see [`crate::Game`]).
    QuietMoves,
    /// Each end pit has been taken at least once (rule
    /// `end.end_pits_taken`, O An Quan's mandarin squares).
    EndPitsTaken,
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
            EndReason::EndlessSowing => "endless-sowing",
            EndReason::NoMove => "no-move",
            EndReason::QuietMoves => "quiet-moves",
            EndReason::EndPitsTaken => "end-pits-taken",
        }
    }

    /// Whether the game ended because the player to move had no legal
    /// move (no seeds, none to sow, none that feeds, only forbidden grand
    /// slams, only endless sowings): the ends after which `seeds_left =
    /// "last-mover"` gives every seed left to the other player.
    pub const fn mover_cannot_move(self) -> bool {
        matches!(
            self,
            EndReason::NoSeeds
                | EndReason::NoMove
                | EndReason::CannotFeed
                | EndReason::OnlyGrandSlams
                | EndReason::EndlessSowing
        )
    }

    /// All reasons, for parsing.
    pub const ALL: [EndReason; 10] = [
        EndReason::Majority,
        EndReason::EmptySide,
        EndReason::NoSeeds,
        EndReason::CannotFeed,
        EndReason::OnlyGrandSlams,
        EndReason::Cycle,
        EndReason::EndlessSowing,
        EndReason::NoMove,
        EndReason::QuietMoves,
        EndReason::EndPitsTaken,
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
            EndReason::EndlessSowing => "the sowing of every move would never end",
            EndReason::NoMove => "the player to move has no pit holding enough seeds to sow",
            EndReason::QuietMoves => "too many moves in a row captured nothing",
            EndReason::EndPitsTaken => "each end pit has been taken",
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
    /// Seeds picked up from the chosen pit (0 for a swap). A `u16`, as the
    /// cells of the widest layout: every count of seeds fits it.
    pub sown: u16,
    /// Further piles picked up by relay sowing.
    pub relays: u32,
    /// Seeds moved into the mover's store by a capture (those taken during
    /// the sowing too, rule `during_sowing`). A `u16`, as `sown`.
    pub captured: u16,
    /// The mover plays again.
    pub extra_turn: bool,
    /// The move's capture took, or would have taken, every seed on the
    /// opponent's side (a grand slam).
    pub grand_slam: bool,
    /// The grand slam captured nothing (rule `captures-nothing`).
    pub grand_slam_void: bool,
    /// The move was a pie-rule swap.
    pub swapped: bool,
    /// The move claimed one of the opponent's pits (rule `claim`); its
    /// seeds are counted in `captured`.
    pub claimed: bool,
    /// The sowing would never end (rule `relay = "any"` or `"next"`): it was stopped
    /// and the position left unspecified. Such a move is not legal, so only
    /// a trial sowing or an unchecked illegal move meets this.
    pub endless: bool,
    /// The player whose turn came next could not move and passed (rule
    /// `pass`): the other player moves. Their turn came next after the
    /// move (the opponent), or after an extra turn the mover, who then
    /// passes to the opponent.
    pub passed: bool,
}

/// Why a move cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over: no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The pit number is past the mover's last pit.
    #[error("pit {pit} does not exist: pits are numbered 1 to {pits}")]
    OutOfRange {
        /// The pit asked for, numbered from 1.
        pit: usize,
        /// The pits per side of the board.
        pits: usize,
    },
    /// The mover's pit is out of play this round (rule `[rounds]`).
    #[error("pit {pit} is out of play this round")]
    OutOfPlay {
        /// The pit, numbered from 1.
        pit: usize,
    },
    /// The mover's pit has been claimed (rule `claim`): it holds nothing,
    /// its seeds going to the claim's owner.
    #[error("pit {pit} is claimed by {owner}: it holds no seeds, every seed sown into it going to {owner}'s store")]
    Claimed {
        /// The pit, numbered from 1.
        pit: usize,
        /// The player who claimed it.
        owner: Side,
    },
    /// The mover's pit holds no seeds to sow.
    #[error("pit {pit} is empty")]
    EmptyPit {
        /// The empty pit, numbered from 1.
        pit: usize,
    },
    /// The opponent's side is empty and sowing this pit gives them no seeds,
    /// while another move would (rule `must_feed`).
    #[error("pit {pit} does not give the opponent any seeds, and their side is empty: you must feed them")]
    MustFeed {
        /// The pit that does not feed, numbered from 1.
        pit: usize,
    },
    /// The sowing of this pit would never end: it comes back to a board it
    /// has been at, or lifts more than [`crate::MAX_RELAY_PILES`] piles
    /// (rule `relay = "any"` or `"next"`).
    #[error(
        "pit {pit}'s sowing would never end (it comes back to a board it has been at), which \
         is not a legal move"
    )]
    EndlessSowing {
        /// The pit whose sowing never ends, numbered from 1.
        pit: usize,
    },
    /// The pit holds fewer seeds than a move starts from (rule `min_seeds`).
    #[error("pit {pit} holds {seeds} seed{s}: a move starts from a pit holding at least {min}", s = if *seeds == 1 { "" } else { "s" })]
    TooFewSeeds {
        /// The pit, numbered from 1.
        pit: usize,
        /// The seeds it holds.
        seeds: u16,
        /// The fewest a move starts from.
        min: u8,
    },
    /// A single seed while a pit holds two or more, or whose next pit holds
    /// seeds (rule `forced_singles`).
    #[error(
        "pit {pit} holds a single seed, which may be sown only when no pit holds two or more, \
         and only into an empty pit"
    )]
    SingleSeed {
        /// The pit, numbered from 1.
        pit: usize,
    },
    /// Sowing this pit would capture every seed on the opponent's side,
    /// which the variant forbids.
    #[error(
        "pit {pit} would capture all the opponent's seeds (a grand slam), which is not allowed"
    )]
    GrandSlam {
        /// The pit that would make the grand slam, numbered from 1.
        pit: usize,
    },
    /// A swap when the pie rule does not offer one: only the second player
    /// may swap, in answer to the first move.
    #[error("swap is only allowed as the second player's answer to the first move (pie rule)")]
    SwapNotAllowed,
    /// The pit may be sown either way and the move does not say which
    /// (`sowing.direction`).
    #[error(
        "pit {pit} may be sown either way: say which, {pit}ccw (counter-clockwise) or {pit}cw \
         (clockwise)"
    )]
    DirectionNeeded {
        /// The pit, numbered from 1.
        pit: usize,
    },
    /// A direction asked of a pit that sows one way only.
    #[error(
        "pit {pit} sows {} only, so it is written {pit}, not {pit}{}",
        if *way == Direction::Clockwise { "clockwise" } else { "counter-clockwise" },
        asked.suffix()
    )]
    OneWayOnly {
        /// The pit, numbered from 1.
        pit: usize,
        /// The direction asked.
        asked: Direction,
        /// The one direction the pit sows.
        way: Direction,
    },
    /// A sowing or a swap while bonus takes are due (rule
    /// `capture.bonus_pits`): the mover must first take.
    #[error(
        "{due} bonus take{s} due: take the seeds of one of the opponent's pits holding seeds, \
         t1 to t{pits} (the opponent's own numbering)",
        s = if *due == 1 { " is" } else { "s are" }
    )]
    TakeDue {
        /// The takes still due.
        due: u8,
        /// The opponent's pits (their side's count).
        pits: usize,
    },
    /// A bonus take when none is due.
    #[error(
        "no bonus take is due: a take (t1, t2, ...) follows a move whose capture gives bonus \
         takes (capture.bonus_pits)"
    )]
    NoTakeDue,
    /// A bonus take of an opponent's pit that holds no seeds.
    #[error("the opponent's pit {pit} is empty: a bonus take empties a pit holding seeds")]
    TakeEmpty {
        /// The opponent's pit, numbered from 1 as its owner numbers it.
        pit: usize,
    },
}

/// What every layout reads the same way: the plain accessors.
impl<L: Layout> Position<L> {
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
    pub fn row(&self, side: Side) -> &[L::Cell] {
        let n = self.n as usize;
        &self.cells[side.index() * n..side.index() * n + n]
    }

    /// Seeds in a player's `k`-th pit (0-based, from their own left).
    #[inline]
    pub fn pit(&self, side: Side, k: usize) -> L::Cell {
        self.row(side)[k]
    }

    /// The pit of the opponent's row (0-based from the opponent's left)
    /// that `side` has claimed under rules of one claim (rule `claim`), if
    /// any. Rules with several claims keep theirs apart: see
    /// [`Position::claim_owner`], which answers for both.
    #[inline]
    pub fn claimed_pit(&self, side: Side) -> Option<usize> {
        self.claimed[side.index()].checked_sub(1).map(usize::from)
    }

    /// Seeds in a side's store.
    #[inline]
    pub fn store(&self, side: Side) -> L::Cell {
        L::store(self, side)
    }

    /// The same pits, turn and state with both stores emptied. When the rules
    /// make the rest of the game independent of the stores (no majority
    /// rule), searches use it to share work between positions that differ
    /// only in their stores.
    pub fn without_stores(&self) -> Position<L> {
        let mut p = *self;
        p.cells[L::STORE_CELL] = L::Cell::default();
        p.cells[L::STORE_CELL + 1] = L::Cell::default();
        p
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

    /// The bonus takes still due to the player to move (rule
    /// `capture.bonus_pits`): while nonzero, the legal moves are the takes
    /// ([`Move::Take`]) of the opponent's pits holding seeds.
    #[inline]
    pub fn takes_due(&self) -> u8 {
        self.flags >> BONUS_SHIFT
    }

    /// South's store minus North's.
    #[inline]
    pub fn store_margin(&self) -> i32 {
        let (s, n): (u32, u32) = (self.store(Side::South).into(), self.store(Side::North).into());
        s as i32 - n as i32
    }

    /// The claimed pits of rules with several claims, as bit sets over the
    /// pit cells: those claimed, and those of them North owns. Both 0
    /// under rules of one claim and on boards of more than 11 pits a side,
    /// where cells 24 to 31 are pits.
    #[inline(always)]
    pub(crate) fn claim_sets(&self) -> (u32, u32) {
        L::claim_sets(self)
    }

    /// Sets the claimed pits of rules with several claims (see
    /// [`Position::claim_sets`]); the board has at most 11 pits a side.
    #[inline(always)]
    pub(crate) fn set_claim_sets(&mut self, set: u32, north: u32) {
        L::set_claim_sets(self, set, north)
    }

    /// The pits out of play (rule `[rounds]`) as a bit set over the pit
    /// cells: bit `i` for South's pit `i` (0-based from South's left), bit
    /// `n + i` for North's. Such a pit holds no seed, no sowing drops one
    /// into it and it cannot be moved. 0 in a game without rounds.
    #[inline(always)]
    pub fn out_of_play(&self) -> u32 {
        L::out_of_play(self)
    }

    /// Marks pit cells out of play (bit `c` for cell `c`, as
    /// [`Position::out_of_play`]); their seeds must be 0.
    #[inline(always)]
    pub(crate) fn set_out_of_play(&mut self, cells: u32) {
        L::set_out_of_play(self, cells)
    }

    /// `occupied` from the cells again, the pits out of play kept.
    #[inline(always)]
    pub(crate) fn reoccupy(&mut self) {
        L::reoccupy(self)
    }

    /// Seeds in the end pit that follows `side`'s row on the ring (rule
    /// `board.end_pits`: cell `2n` after South's row, `2n + 1` after
    /// North's); 0 on boards without end pits.
    #[inline(always)]
    pub fn end_pit(&self, side: Side) -> L::Cell {
        L::end_pit(self, side)
    }

    /// Whether the end pit that follows `side`'s row has been taken at
    /// least once (rule `board.end_pits`; `end.end_pits_taken` ends the
    /// game once both have).
    #[inline(always)]
    pub fn end_pit_taken(&self, side: Side) -> bool {
        L::end_pit_taken(self, side)
    }

    /// Seeds still in a side's pits.
    #[inline(always)]
    pub fn side_seeds(&self, side: Side) -> u32 {
        L::side_seeds(self, side)
    }

    /// A 64-bit digest of the whole position (pits, stores, mover, pie-rule
    /// state, end): equal positions have equal keys, and every bit of the
    /// position reaches every bit of the key. The same on every machine, so
    /// the search's transposition table (and `mancala bench`'s node-count
    /// signature) is too. The one whole-position hash of the project: the
    /// repetition rule and the search both use it.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        L::key(self)
    }

    /// Seeds in all pits and stores.
    #[inline(always)]
    pub fn total_seeds(&self) -> u32 {
        L::total_seeds(self)
    }

    /// The player who has claimed `side`'s `k`-th pit (0-based from that
    /// side's left; rule `claim`), if anyone has: the opponent under rules
    /// of one claim, either player under rules of several.
    pub fn claim_owner(&self, side: Side, k: usize) -> Option<Side> {
        let n = self.n as usize;
        if k >= n {
            return None;
        }
        if self.claimed_pit(side.opponent()) == Some(k) {
            return Some(side.opponent());
        }
        let (set, north) = self.claim_sets();
        // The sets hold at most 11 pits a side; a side of the wide layout
        // reaches cell 47, past a `u32`'s bits (no claim there: 0).
        let c = side.index() * n + k;
        let (set, north) = (u64::from(set), u64::from(north));
        (set >> c & 1 != 0).then_some(if north >> c & 1 != 0 { Side::North } else { Side::South })
    }

    /// Whether a player's `k`-th pit (0-based, from their own left) is out
    /// of play (rule `[rounds]`).
    #[inline]
    pub fn is_out_of_play(&self, side: Side, k: usize) -> bool {
        let c = side.index() * self.n as usize + k;
        u64::from(self.out_of_play()) >> c & 1 != 0
    }

    /// Seeds in the pits of both sides (not in the stores).
    #[inline(always)]
    pub fn seeds_in_pits(&self) -> u32 {
        L::seeds_in_pits(self)
    }

    /// Seeds in cell `c` (see [`Storage::cell`]).
    #[inline(always)]
    pub(crate) fn cell(&self, c: usize) -> L::Cell {
        L::cell(self, c)
    }

    /// Seeds in cell `c` as a number.
    #[inline(always)]
    pub(crate) fn seeds(&self, c: usize) -> u32 {
        L::cell(self, c).into()
    }

    /// Cell `c` to write (see [`Storage::cell`]).
    #[inline(always)]
    pub(crate) fn cell_mut(&mut self, c: usize) -> &mut L::Cell {
        L::cell_mut(self, c)
    }

    /// A side's non-empty pits as a bit set.
    #[inline(always)]
    fn occupied_row(&self, side: Side) -> u32 {
        L::occupied_row(self, side)
    }

    /// The non-empty pits of the side of index `s` (0 for South, 1 for
    /// North) as a bit set. The mover's and the opponent's rows are read
    /// by index (`to_move.index()`, `to_move.index() ^ 1`): through a
    /// [`Side`] (`occupied_row(to_move)`, `occupied_row(to_move.opponent())`)
    /// the generic code places the row with a compare and a conditional
    /// move instead of a multiply, and the playout loop pays for it (see
    /// notes/wide-board.md).
    #[inline(always)]
    fn occupied_row_at(&self, s: usize) -> u32 {
        L::occupied_row_at(self, s)
    }

    /// The opponent's non-empty pits as a bit set (see
    /// [`Position::occupied_row_at`]).
    #[inline(always)]
    fn opponent_pits(&self) -> u32 {
        self.occupied_row_at(self.to_move.index() ^ 1)
    }

    /// The mover's non-empty pits as a bit set.
    #[inline(always)]
    fn nonempty_pits(&self) -> u32 {
        self.occupied_row_at(self.to_move.index())
    }
}

// The end of the game, for every layout: the public entry points go
// through `layout::Storage`, so that the compact layout's code is compiled
// once, in this crate (see `Storage`).
impl<L: Layout> Position<L> {
    #[inline]
    fn set_end(&mut self, reason: EndReason) {
        self.end = Some(reason);
        self.flags = 0;
    }

    /// Ends the game now for `reason`, moving the seeds left to their owners
    /// (or splitting them, for a cycle under `repetition = "split"`).
    /// A cycle and the end after `quiet_moves` (both found by the history,
    /// see [`Position::end_by_history`]) move them as `repetition` says.
    #[inline(always)]
    pub fn end_game(&mut self, v: &Variant, reason: EndReason) {
        L::end_game(self, v, reason)
    }

    /// [`Position::end_game`]'s rule code, for every layout.
    pub(crate) fn end_game_in(&mut self, v: &Variant, reason: EndReason) {
        let by_history = matches!(reason, EndReason::Cycle | EndReason::QuietMoves);
        if by_history && v.rules().end.repetition == crate::Repetition::Split {
            self.split_seeds_left();
        } else if by_history && v.rules().end.seeds_left == crate::SeedsLeft::Split {
            // `repetition = "owner"`: each row's seeds to its owner.
            let n = v.n;
            for side in Side::ALL {
                let seeds = L::Cell::from_u32(self.side_seeds(side));
                self.cells[side.index() * n..side.index() * n + n].fill(L::Cell::default());
                self.cells[L::STORE_CELL + side.index()] += seeds;
            }
            self.reoccupy();
        } else if reason != EndReason::Majority {
            self.collect_seeds_left(v, reason);
        }
        self.set_end(reason);
    }

    /// The game's end decided by its history, for every front end: after
    /// a move into this position, `repeated` says whether the position
    /// occurred before since the stores last changed, and `quiet` is the
    /// number of moves in a row, this one included, after which both stores
    /// held what they held before (no capture). Ends the game by a cycle
    /// (rule `repetition`) or after `end.quiet_moves` such moves, with the
    /// seeds left moved as [`Position::end_game`] moves them. Does nothing
    /// to a game already over. [`crate::Game`], the search, the playouts
    /// and the Python package all call this.
    #[inline]
    pub fn end_by_history(&mut self, v: &Variant, repeated: bool, quiet: usize) {
        if self.end.is_some() {
            return;
        }
        let limit = v.rules().end.quiet_moves as usize;
        if repeated && v.rules().end.repetition != crate::Repetition::None {
            self.end_game(v, EndReason::Cycle);
        } else if limit > 0 && quiet >= limit {
            self.end_game(v, EndReason::QuietMoves);
        }
    }

    /// The seeds left split evenly between the stores; an odd seed stays on
    /// the board, in [`Position::odd_seed_pit`].
    fn split_seeds_left(&mut self) {
        let n = self.n as usize;
        let left = self.side_seeds(Side::South) + self.side_seeds(Side::North);
        let half = L::Cell::from_u32(left / 2);
        let odd_pit = self.odd_seed_pit();
        self.cells[0..2 * n].fill(L::Cell::default());
        if left % 2 == 1 {
            self.cells[odd_pit] = L::Cell::from(1);
        }
        self.cells[L::STORE_CELL] += half;
        self.cells[L::STORE_CELL + 1] += half;
        self.reoccupy();
    }

    /// The pit cell where an odd seed stays when the seeds left are split
    /// (`repetition = "split"`, `seeds_left = "split"`): the first pit of
    /// the player to move that nobody has claimed (rule `claim`), else the
    /// opponent's first pit not claimed. Only a board whose every pit is
    /// claimed has none; its pits never hold a seed, so nothing is split.
    pub(crate) fn odd_seed_pit(&self) -> usize {
        let n = self.n as usize;
        let mover = self.to_move;
        let first_free = |side: Side| {
            (0..n).find(|&k| self.claim_owner(side, k).is_none()).map(|k| side.index() * n + k)
        };
        first_free(mover).or_else(|| first_free(mover.opponent())).unwrap_or(0)
    }

    /// The seeds left on the board go to their owners, or all to the
    /// player whose side is empty under `seeds_left = "empty-side"`, or
    /// are split under `seeds_left = "split"`.
    fn collect_seeds_left(&mut self, v: &Variant, reason: EndReason) {
        let n = self.n as usize;
        let seeds = Side::ALL.map(|side| L::Cell::from_u32(self.side_seeds(side)));
        let zero = L::Cell::default();
        let mut to = [Side::South, Side::North];
        match v.rules().end.seeds_left {
            crate::SeedsLeft::Owner => {}
            crate::SeedsLeft::EmptySide => match seeds {
                [s, t] if s == zero && t > zero => to = [Side::South; 2],
                [s, t] if t == zero && s > zero => to = [Side::North; 2],
                _ => {}
            },
            crate::SeedsLeft::Split => return self.split_seeds_left(),
            crate::SeedsLeft::LastMover => {
                if reason.mover_cannot_move() {
                    // The player who cannot move loses everything: the
                    // seeds left and what their store holds.
                    let (loser, winner) = (self.to_move, self.to_move.opponent());
                    to = [winner; 2];
                    let theirs = std::mem::take(&mut self.cells[L::STORE_CELL + loser.index()]);
                    self.cells[L::STORE_CELL + winner.index()] += theirs;
                }
            }
        }
        for side in Side::ALL {
            self.cells[side.index() * n..side.index() * n + n].fill(zero);
            self.cells[L::STORE_CELL + to[side.index()].index()] += seeds[side.index()];
        }
        if v.hot.end_pits {
            // Each end pit's seeds to the player whose row comes before it.
            for side in Side::ALL {
                let seeds = std::mem::take(&mut self.cells[2 * n + side.index()]);
                self.cells[L::STORE_CELL + side.index()] += seeds;
            }
        }
        self.reoccupy();
    }
}

/// The layout-specific reads and writes of the compact layout (see
/// [`Position`] for where each is kept).
impl Storage for Compact {
    const WORD_SOWING: bool = true;
    const SHORT_FORMS: bool = true;

    #[inline(always)]
    fn record(window: &mut crate::RepetitionWindow, p: &Position) -> bool {
        window.record_in(p)
    }

    #[inline(always)]
    fn short_form(p: &Position) -> Option<(u128, u32)> {
        p.short_form()
    }

    #[inline(always)]
    fn plain_short_form(p: &Position) -> (u128, u32) {
        p.plain_short_form()
    }

    /// As `derive` writes it for a type that is not generic.
    #[inline]
    fn same(p: &Position, other: &Position) -> bool {
        p.occupied == other.occupied
            && p.cells == other.cells
            && p.n == other.n
            && p.to_move == other.to_move
            && p.flags == other.flags
            && p.end == other.end
            && p.claimed == other.claimed
    }

    fn end_game(p: &mut Position, v: &Variant, reason: EndReason) {
        p.end_game_in(v, reason)
    }

    fn settled(p: Position, v: &Variant) -> Position {
        p.settled_in(v)
    }

    fn legal_moves(p: &Position, v: &Variant) -> MoveList {
        p.legal_moves_in(v)
    }

    fn check_move(p: &Position, v: &Variant, mv: Move) -> Result<(), IllegalMove> {
        p.check_move_in(v, mv)
    }

    fn play(p: &Position, v: &Variant, mv: Move) -> Result<(Position, MoveReport), IllegalMove> {
        p.play_in(v, mv)
    }

    fn swap_sides(p: &mut Position, v: &Variant) {
        p.swap_sides_in(v)
    }

    #[inline(always)]
    fn clear_store_bits(p: &mut Position) {
        p.occupied &= PIT_BITS | OUT_BITS;
        debug_assert_eq!(p.occupied & PIT_BITS, occupancy(&p.cells), "{p}");
    }

    /// No sowing of the mover can be a grand slam: a pit of the opponent
    /// holds at least the largest capture count. Every pit a capture takes
    /// has received a seed of the sowing (the captured run ends at the last
    /// seed and goes back over pits sown just before it), so it held less
    /// than that count before; a pit holding that many or more is never
    /// taken and a capture leaves the opponent seeds. A chain forwards
    /// takes pits past the last seed as they were, so there the count is
    /// one more than the largest (`slam_proof_pile`). Cheap, and true in
    /// most positions, where it saves the trial sowing of every pit.
    #[inline(always)]
    fn no_grand_slam(p: &Position, v: &Variant) -> bool {
        let m = v.hot.slam_proof_pile as u64;
        if m == 0 {
            return false;
        }
        // Per byte lane b (a pit): bit 7 of ((b & 0x7f) + 0x80 - m) | b is set
        // exactly when b >= m (1 <= m < 128; no carry crosses a lane, and
        // lanes past the row's end are zero, so they stay below m).
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const ONES: u64 = 0x0101_0101_0101_0101;
        let any_at_least = |w: u64| (((w & LOW) + (0x80 - m) * ONES) | w) & HIGH != 0;
        let them = p.to_move.opponent();
        if p.n <= 8 {
            return any_at_least(p.short_row_word(them));
        }
        let (lo, hi) = p.row_words(them);
        any_at_least(lo) || any_at_least(hi)
    }

    fn seeds_in_pits(p: &Position) -> u32 {
        p.side_seeds(Side::South) + p.side_seeds(Side::North)
    }

    #[inline]
    fn claim_sets(p: &Position) -> (u32, u32) {
        if p.n as usize > crate::MAX_PITS_PER_SIDE_WITH_CLAIMS {
            return (0, 0);
        }
        let word = |at: usize| u32::from_le_bytes(p.cells[at..at + 4].try_into().unwrap());
        (word(CLAIM_CELLS), word(CLAIM_CELLS + 4))
    }

    fn set_claim_sets(p: &mut Position, set: u32, north: u32) {
        debug_assert!(p.n as usize <= crate::MAX_PITS_PER_SIDE_WITH_CLAIMS || set == 0);
        p.cells[CLAIM_CELLS..CLAIM_CELLS + 4].copy_from_slice(&set.to_le_bytes());
        p.cells[CLAIM_CELLS + 4..CLAIM_CELLS + 8].copy_from_slice(&(north & set).to_le_bytes());
        p.reoccupy();
    }

    #[inline]
    fn out_of_play(p: &Position) -> u32 {
        (p.occupied >> OUT_SHIFT) as u32
    }

    fn set_out_of_play(p: &mut Position, cells: u32) {
        p.occupied = (p.occupied & !OUT_BITS) | (cells as u64) << OUT_SHIFT;
    }

    #[inline]
    fn reoccupy(p: &mut Position) {
        p.occupied = occupancy(&p.cells) | (p.occupied & OUT_BITS);
    }

    fn end_pit(p: &Position, side: Side) -> u8 {
        let n = p.n as usize;
        if n > crate::MAX_PITS_PER_SIDE_WITH_END_PITS {
            return 0;
        }
        p.cells[2 * n + side.index()]
    }

    fn end_pit_taken(p: &Position, side: Side) -> bool {
        // Boards past the end pits' size have a pit in that cell.
        p.n as usize <= crate::MAX_PITS_PER_SIDE_WITH_END_PITS
            && p.cells[END_MARKS_CELL] & END_PIT_TAKEN[side.index()] != 0
    }

    #[inline(always)]
    fn side_seeds(p: &Position, side: Side) -> u32 {
        if p.n <= 8 {
            return byte_sum(p.short_row_word(side));
        }
        let (lo, hi) = p.row_words(side);
        byte_sum(lo) + byte_sum(hi)
    }

    #[inline]
    fn key(p: &Position) -> u64 {
        let word = |at: usize| u64::from_le_bytes(p.cells[at..at + 8].try_into().unwrap());
        let state = (p.cells[32] as u64)
            | (p.cells[33] as u64) << 8
            | (p.to_move as u64) << 16
            | (p.flags as u64) << 24
            | (p.end.map_or(0, |r| r as u64 + 1)) << 32
            | (p.n as u64) << 40
            | (p.claimed[0] as u64) << 48
            | (p.claimed[1] as u64) << 56;
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for w in [word(0), word(8), word(16), word(24), state] {
            h = (h ^ w).wrapping_mul(K).rotate_left(29);
        }
        let out = p.occupied >> OUT_SHIFT;
        if out != 0 {
            // Pits out of play (rule `[rounds]`): a sixth word, only then,
            // so that every other position keeps its key.
            h = (h ^ out).wrapping_mul(K).rotate_left(29);
        }
        mix64(h)
    }

    fn total_seeds(p: &Position) -> u32 {
        // Cells 24 to 31 hold the claims, not seeds, on boards small enough
        // for rules with several claims (see [`Position`]).
        let pits = if p.n as usize <= crate::MAX_PITS_PER_SIDE_WITH_CLAIMS {
            CLAIM_CELLS
        } else {
            MAX_PITS
        };
        p.cells[..pits].iter().chain(&p.cells[STORE_CELL..]).map(|&c| c as u32).sum()
    }

    #[inline(always)]
    fn store(p: &Position, side: Side) -> u8 {
        p.cells[STORE_CELL + side.index()]
    }

    #[inline(always)]
    fn cell(p: &Position, c: usize) -> u8 {
        p.cells[c]
    }

    #[inline(always)]
    fn cell_mut(p: &mut Position, c: usize) -> &mut u8 {
        &mut p.cells[c]
    }

    #[inline(always)]
    fn cells(p: &Position) -> &[u8] {
        &p.cells
    }

    #[inline(always)]
    fn cells_mut(p: &mut Position) -> &mut [u8] {
        &mut p.cells
    }

    #[inline(always)]
    fn occupy(p: &mut Position, cells: u64) {
        p.occupied |= cells;
    }

    #[inline(always)]
    fn vacate(p: &mut Position, cells: u64) {
        p.occupied &= !cells;
    }

    #[inline(always)]
    fn occupied_row(p: &Position, side: Side) -> u32 {
        let n = p.n as u32;
        let row = (p.occupied >> (side.index() as u32 * n)) as u32;
        row & ROW_BITS[(n & 31) as usize]
    }

    #[inline(always)]
    fn occupied_row_at(p: &Position, s: usize) -> u32 {
        let n = p.n as u32;
        let row = (p.occupied >> (s as u32 * n)) as u32;
        row & ROW_BITS[(n & 31) as usize]
    }

    #[inline(always)]
    fn out_cells(p: &Position) -> u64 {
        p.occupied >> OUT_SHIFT
    }

    fn take_end_pit(p: &mut Position, i: usize) {
        p.cells[END_MARKS_CELL] |= END_PIT_TAKEN[i];
    }

    /// Sows `seeds` from the mover's pit cell `origin` when they make less
    /// than a lap and the board has at most 8 pits a side: every pit fits in
    /// one 16-byte word, and the seeds land on a run of consecutive pit cells
    /// (counting round the board), plus at most one seed per store. So the
    /// sowing is one word add, with no loop and no branch on the seed count.
    /// Returns the cell of the last seed.
    #[inline(always)]
    fn sow_short(p: &mut Position, v: &Variant, origin: usize, seeds: usize) -> usize {
        let s = p.to_move.index();
        let n = v.n;
        let ring_cells = 2 * n;
        let k = origin - s * n;
        // The mover's store is the (n - k)-th step, the opponent's store (if
        // it is sown) the (2n - k + 1)-th.
        let to_own_store = n - k;
        let to_opp_store = to_own_store + n + 1;
        let own_store = (v.hot.stores_on_ring && seeds >= to_own_store) as usize;
        let opp_store = (v.hot.sow_opponent_store && seeds >= to_opp_store) as usize;
        let pit_seeds = seeds - own_store - opp_store;
        let first = if origin + 1 == ring_cells { 0 } else { origin + 1 };
        let head = pit_seeds.min(ring_cells - first);
        let tail = pit_seeds - head;
        let mut pits = u128::from_le_bytes(p.cells[..16].try_into().unwrap());
        pits &= CLEAR_PIT[origin & 15];
        pits += ONE_SEED_RUNS[first & 15][head & 15] + ONE_SEED_RUNS[0][tail & 15];
        p.cells[..16].copy_from_slice(&pits.to_le_bytes());
        p.occupied =
            (p.occupied & !(1 << origin)) | (((1u64 << head) - 1) << first) | ((1u64 << tail) - 1);
        p.cells[STORE_CELL + s] += own_store as u8;
        p.cells[STORE_CELL + 1 - s] += opp_store as u8;
        if own_store == 1 && seeds == to_own_store {
            STORE_CELL + s
        } else if opp_store == 1 && seeds == to_opp_store {
            STORE_CELL + 1 - s
        } else {
            let last = first + pit_seeds - 1;
            if last >= ring_cells {
                last - ring_cells
            } else {
                last
            }
        }
    }
}

/// The wide layout's reads and writes (see [`Wide`]): plain bodies, cell
/// by cell, no byte tricks; its sets and marks in [`WideSets`].
impl Storage for Wide {
    const WORD_SOWING: bool = false;
    const SHORT_FORMS: bool = false;

    fn record(window: &mut crate::RepetitionWindow<Wide>, p: &Position<Wide>) -> bool {
        window.record_in(p)
    }

    fn short_form(_: &Position<Wide>) -> Option<(u128, u32)> {
        None
    }

    fn plain_short_form(_: &Position<Wide>) -> (u128, u32) {
        unreachable!("the wide layout has no short form (Storage::SHORT_FORMS)")
    }

    fn same(p: &Position<Wide>, other: &Position<Wide>) -> bool {
        p.occupied == other.occupied
            && p.cells == other.cells
            && p.n == other.n
            && p.to_move == other.to_move
            && p.flags == other.flags
            && p.end == other.end
            && p.claimed == other.claimed
    }

    fn end_game(p: &mut Position<Wide>, v: &Variant, reason: EndReason) {
        p.end_game_in(v, reason)
    }

    fn settled(p: Position<Wide>, v: &Variant) -> Position<Wide> {
        p.settled_in(v)
    }

    fn legal_moves(p: &Position<Wide>, v: &Variant) -> MoveList<{ crate::MAX_WIDE_MOVES }> {
        p.legal_moves_in(v)
    }

    fn check_move(p: &Position<Wide>, v: &Variant, mv: Move) -> Result<(), IllegalMove> {
        p.check_move_in(v, mv)
    }

    fn play(
        p: &Position<Wide>,
        v: &Variant,
        mv: Move,
    ) -> Result<(Position<Wide>, MoveReport), IllegalMove> {
        p.play_in(v, mv)
    }

    fn swap_sides(p: &mut Position<Wide>, v: &Variant) {
        p.swap_sides_in(v)
    }

    fn clear_store_bits(p: &mut Position<Wide>) {
        p.occupied.occupied &= (1 << WIDE_PIT_CELLS) - 1;
    }

    /// As the compact layout's (see there why), pit by pit.
    fn no_grand_slam(p: &Position<Wide>, v: &Variant) -> bool {
        let m = v.hot.slam_proof_pile as u16;
        m != 0 && p.row(p.to_move.opponent()).iter().any(|&c| c >= m)
    }

    fn seeds_in_pits(p: &Position<Wide>) -> u32 {
        p.side_seeds(Side::South) + p.side_seeds(Side::North)
    }

    fn claim_sets(p: &Position<Wide>) -> (u32, u32) {
        (p.occupied.claims, p.occupied.north)
    }

    fn set_claim_sets(p: &mut Position<Wide>, set: u32, north: u32) {
        p.occupied.claims = set;
        p.occupied.north = north & set;
        p.reoccupy();
    }

    fn out_of_play(p: &Position<Wide>) -> u32 {
        p.occupied.out as u32
    }

    fn set_out_of_play(p: &mut Position<Wide>, cells: u32) {
        p.occupied.out = cells as u64;
    }

    fn reoccupy(p: &mut Position<Wide>) {
        let mut bits = 0u64;
        for (c, &seeds) in p.cells[..WIDE_PIT_CELLS].iter().enumerate() {
            if seeds != 0 {
                bits |= 1 << c;
            }
        }
        p.occupied.occupied = bits;
    }

    fn end_pit(p: &Position<Wide>, side: Side) -> u16 {
        // Cells 2n and 2n + 1 are spare cells (zero without end pits) on
        // every board but four rows of 12, whose pits fill the cells.
        let c = 2 * p.n as usize + side.index();
        if c < WIDE_PIT_CELLS {
            p.cells[c]
        } else {
            0
        }
    }

    fn end_pit_taken(p: &Position<Wide>, side: Side) -> bool {
        p.occupied.end_marks & END_PIT_TAKEN[side.index()] != 0
    }

    fn side_seeds(p: &Position<Wide>, side: Side) -> u32 {
        p.row(side).iter().map(|&c| c as u32).sum()
    }

    /// Every cell hashed four to a word, then the state, then the sets
    /// that are not the cells' occupancy.
    fn key(p: &Position<Wide>) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h = 0x243F_6A88_85A3_08D3u64;
        let mut mix = |w: u64| h = (h ^ w).wrapping_mul(K).rotate_left(29);
        for four in p.cells.chunks(4) {
            mix(four.iter().enumerate().fold(0, |w, (i, &c)| w | (c as u64) << (16 * i)));
        }
        mix((p.to_move as u64)
            | (p.flags as u64) << 8
            | (p.end.map_or(0, |r| r as u64 + 1)) << 16
            | (p.n as u64) << 24
            | (p.claimed[0] as u64) << 32
            | (p.claimed[1] as u64) << 40
            | (p.occupied.end_marks as u64) << 48);
        mix(p.occupied.out);
        mix(p.occupied.claims as u64 | (p.occupied.north as u64) << 32);
        mix64(h)
    }

    fn total_seeds(p: &Position<Wide>) -> u32 {
        p.cells.iter().map(|&c| c as u32).sum()
    }

    fn store(p: &Position<Wide>, side: Side) -> u16 {
        p.cells[Wide::STORE_CELL + side.index()]
    }

    fn cell(p: &Position<Wide>, c: usize) -> u16 {
        p.cells[c]
    }

    fn cell_mut(p: &mut Position<Wide>, c: usize) -> &mut u16 {
        &mut p.cells[c]
    }

    fn cells(p: &Position<Wide>) -> &[u16] {
        &p.cells
    }

    fn cells_mut(p: &mut Position<Wide>) -> &mut [u16] {
        &mut p.cells
    }

    fn occupy(p: &mut Position<Wide>, cells: u64) {
        p.occupied.occupied |= cells;
    }

    fn vacate(p: &mut Position<Wide>, cells: u64) {
        p.occupied.occupied &= !cells;
    }

    fn occupied_row(p: &Position<Wide>, side: Side) -> u32 {
        Wide::occupied_row_at(p, side.index())
    }

    fn occupied_row_at(p: &Position<Wide>, s: usize) -> u32 {
        let n = p.n as u32;
        ((p.occupied.occupied >> (s as u32 * n)) & ((1 << n) - 1)) as u32
    }

    fn out_cells(p: &Position<Wide>) -> u64 {
        p.occupied.out
    }

    fn take_end_pit(p: &mut Position<Wide>, i: usize) {
        p.occupied.end_marks |= END_PIT_TAKEN[i];
    }

    fn sow_short(_: &mut Position<Wide>, _: &Variant, _: usize, _: usize) -> usize {
        unreachable!("the wide layout has no word sowing (Storage::WORD_SOWING)")
    }
}

// The sowing of a move, for every layout: the common case of the Kalah
// and Oware families (a small board within a lap sown by the layout's own
// word add), their laps and relays, the captures of the last seed; the
// general sowing's elements go to `sow_general`.
impl<L: Layout> Position<L> {
    /// Sowing and capture of one move by the player to move, from their pit
    /// `k`. Does not change whose turn it is or check for the end. Rules
    /// with the general sowing's elements go to [`Position::sow_general`].
    #[inline(always)]
    fn sow(&mut self, v: &Variant, k: usize, opening: bool) -> MoveReport {
        let s = self.to_move.index();
        let n = v.n;
        // The common case first: a small board, less than a lap, no relay,
        // none of the general sowing's elements (one switch for both).
        let origin = s * n + k;
        let seeds = self.seeds(origin) as usize;
        if L::WORD_SOWING
            && n <= 8
            && seeds < v.ring_len - v.hot.skip_origin as usize
            && !v.hot.relay_or_general
        {
            let last = L::sow_short(self, v, origin, seeds);
            let mut report = MoveReport { sown: seeds as u16, ..MoveReport::default() };
            self.settle_last_seed(v, last, opening, &mut report);
            return report;
        }
        if v.hot.general {
            let mut general = MoveReport::default();
            self.sow_general(v, k, opening, &mut general);
            return general;
        }
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
            let seeds = self.seeds(origin) as usize;
            if L::WORD_SOWING && n <= 8 && seeds < eff {
                // Within one lap on a small board: one register add.
                let last = L::sow_short(self, v, origin, seeds);
                if report.relays == 0 {
                    report.sown = seeds as u16;
                }
                if relay && last >= own && last < own + n && self.cell(last) > L::Cell::ONE {
                    report.relays += 1;
                    start = last - own;
                    continue;
                }
                break last;
            }
            *self.cell_mut(origin) = L::Cell::ZERO;
            L::vacate(self, 1 << origin);
            if report.relays == 0 {
                report.sown = seeds as u16;
            }
            // Most sowings stay within one lap: skip the division then.
            let (laps, rest) = if seeds < eff { (0, seeds) } else { (seeds / eff, seeds % eff) };
            if laps > 0 {
                for &c in &ring[..len] {
                    *self.cell_mut(c as usize) += L::Cell::from_u32(laps as u32);
                    L::occupy(self, 1 << c);
                }
                if skip_origin {
                    *self.cell_mut(origin) -= L::Cell::from_u32(laps as u32);
                    L::vacate(self, 1 << origin);
                }
            }
            debug_assert!(
                start < len
                    && rest < len
                    && ring[..2 * len].iter().all(|&c| (c as usize) < L::CELLS)
            );
            for i in start + 1..=start + rest {
                // SAFETY: `Variant::compile` writes the ring twice over, so
                // `ring[..2 * len]` holds cell indices below `L::CELLS`; here
                // `start < len` and `rest < len`, so `i < 2 * len`.
                unsafe {
                    let c = *ring.get_unchecked(i) as usize;
                    *L::cells_mut(self).get_unchecked_mut(c) += L::Cell::ONE;
                    L::occupy(self, 1 << c);
                }
            }
            let mut end = start + if rest > 0 { rest } else { eff };
            if end >= len {
                end -= len;
            }
            let last = ring[end] as usize;
            if relay && last >= own && last < own + n && self.cell(last) > L::Cell::ONE {
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
    #[inline(always)]
    fn settle_last_seed(&mut self, v: &Variant, last: usize, opening: bool, r: &mut MoveReport) {
        let s = self.to_move.index();
        let n = v.n;
        let own = s * n;
        let own_store = L::STORE_CELL + s;
        if last == own_store {
            r.extra_turn = v.hot.extra_turn && !opening;
        } else if last >= own && last < own + n {
            if self.seeds(last) == 1 && v.empty_pit != EmptyPitCapture::Off {
                let opposite = 2 * n - 1 - last;
                let taken = self.cell(opposite);
                if taken > L::Cell::ZERO || v.empty_pit == EmptyPitCapture::Always {
                    r.captured = (taken + L::Cell::ONE).report_count();
                    *self.cell_mut(own_store) += taken + L::Cell::ONE;
                    *self.cell_mut(opposite) = L::Cell::ZERO;
                    *self.cell_mut(last) = L::Cell::ZERO;
                    L::vacate(self, 1 << opposite | 1 << last);
                }
            }
        } else if last < 2 * n && v.capture_counts != 0 {
            let opp = (1 - s) * n;
            let counts = v.capture_counts;
            let takes = |c: u32| c < 64 && counts >> c & 1 != 0;
            if !takes(self.seeds(last)) {
                return;
            }
            let mut first = last; // lowest pit of the captured run
            let mut taken = self.seeds(last);
            if v.hot.chain {
                while first > opp && takes(self.seeds(first - 1)) {
                    first -= 1;
                    taken += self.seeds(first);
                }
            }
            let opp_seeds: u32 =
                L::cells(self)[opp..opp + n].iter().map(|&c| Into::<u32>::into(c)).sum();
            if taken == opp_seeds {
                r.grand_slam = true;
                if v.grand_slam == GrandSlam::CapturesNothing {
                    r.grand_slam_void = true;
                    return;
                }
            }
            L::cells_mut(self)[first..=last].fill(L::Cell::ZERO);
            L::vacate(self, (2u64 << last) - (1u64 << first));
            *self.cell_mut(own_store) += L::Cell::from_u32(taken);
            r.captured = taken as u16;
        }
    }
}

// The general sowing, for every layout: seed by seed round the rings
// the variant compiled.
impl<L: Layout> Position<L> {
    /// The sowing of rules with elements beyond the Kalah and Oware
    /// families ([`crate::Rules::uses_general_elements`]), seed by seed:
    /// the first seed back into the origin, seeds falling into a claimed pit
    /// going to its owner's store, then [`Position::settle_general`].
    #[inline(never)]
    fn sow_general(&mut self, v: &Variant, k: usize, opening: bool, report: &mut MoveReport) {
        if v.hot.four_rows {
            return self.sow_four_rows(v, k, report);
        }
        // A pit sown one way only: clockwise when that is its way.
        let clockwise = v.hot.directed && v.pit_ways[k] == 2;
        self.sow_general_way(v, k, clockwise, opening, report)
    }

    /// [`Position::sow_general`] of the mover's pit `k`, counter-clockwise
    /// or clockwise: round the mover's ring that way, from the pit's place
    /// on it.
    fn sow_general_way(
        &mut self,
        v: &Variant,
        k: usize,
        clockwise: bool,
        opening: bool,
        report: &mut MoveReport,
    ) {
        let s = self.to_move.index();
        let n = v.n;
        let own = s * n;
        // The way the pile being sown goes: each relayed pile the other way
        // from the pile before it under `relay_direction = "reverse"`.
        let mut clockwise = clockwise;
        let mut ring = if clockwise { &v.ring_cw[s] } else { &v.ring[s] };
        let len = v.ring_len;
        // Whether a seed of this move fell in the opponent's row (rules
        // `empty_pit_needs_crossing`, `extra_turn_uncrossed`).
        let opp = (1 - s) * n;
        let mut crossed = false;
        // The claimed pits as bit sets over the cells, and those North
        // owns (rule `claim`).
        let (claimed, north_owns) = self.claim_bits(v);
        // The pits out of play (rule `[rounds]`): sowing passes over them.
        let out = L::out_cells(self);
        let in_play = |c: usize| out >> (c & 63) & 1 == 0;
        // Captures during the sowing (0: none).
        let during = v.rules().capture.during_sowing;
        // The ring index of the pit being emptied.
        let mut start = if clockwise { (len - k) % len } else { k };
        // An endless relay (`relay = "any"` or `"next"`): the board, the
        // place and the way the next pile goes.
        let way_key = |start: usize, clockwise: bool| start | (clockwise as usize) << 8;
        let mut watch = EndlessWatch::<L>::new(&self.cells, way_key(start, clockwise));
        let reverse = v.hot.relay_reverse;
        // A relay from one's own pits sown back and forth may go on for
        // ever too (`relay_direction = "reverse"`).
        let may_loop = v.hot.relay_any || v.hot.relay_next || (v.hot.relay && reverse);
        // Whether the relay lifts the pile the last seed of a pile makes in
        // pit cell `c` (`relay = "own"` or `"any"`; never a claimed pit).
        let lifts_here = |p: &Self, c: usize| {
            let relays =
                if v.hot.relay_any { c < 2 * n } else { v.hot.relay && c >= own && c < own + n };
            relays && claimed >> c & 1 == 0 && p.cell(c) > L::Cell::ONE
        };
        // A claim by the last seeds of every pile (`before_relay`).
        let before_relay = v.hot.many_claims && v.rules().claim.before_relay;
        let (last, at, pile) = loop {
            if may_loop && watch.endless(&self.cells, way_key(start, clockwise)) {
                report.endless = true;
                self.reoccupy();
                return;
            }
            let origin = ring[start] as usize;
            let mut seeds = self.cell(origin);
            if report.relays == 0 {
                report.sown = seeds.report_count();
            }
            // The pile's start and size, for the place of its last seed but one.
            let pile = (start, seeds);
            *self.cell_mut(origin) = L::Cell::ZERO;
            let mut at = start;
            if v.rules().sowing.first_seed_in_origin && seeds > L::Cell::ONE {
                *self.cell_mut(origin) = L::Cell::ONE;
                seeds -= L::Cell::ONE;
                self.take_during_sowing(during, origin, report);
            }
            // Several seeds a place (`seeds_per_place`), the last place
            // getting what is left: never with a claim, a relay or a
            // capture during the sowing (the rules refuse them together).
            let group = v.rules().sowing.seeds_per_place;
            if group > 1 {
                while seeds > L::Cell::ZERO {
                    at = if at + 1 == len { 0 } else { at + 1 };
                    let c = ring[at] as usize;
                    if (v.hot.skip_origin && at == start) || !in_play(c) {
                        continue;
                    }
                    crossed |= c.wrapping_sub(opp) < n;
                    let drop = L::Cell::from(group).min(seeds);
                    *self.cell_mut(c) += drop;
                    seeds -= drop;
                }
            }
            while seeds > L::Cell::ZERO {
                at = if at + 1 == len { 0 } else { at + 1 };
                if v.hot.skip_origin && at == start {
                    continue;
                }
                let c = ring[at] as usize;
                if !in_play(c) {
                    continue;
                }
                crossed |= c.wrapping_sub(opp) < n;
                if claimed >> c & 1 != 0 {
                    *self.cell_mut(L::STORE_CELL + (north_owns >> c & 1) as usize) += L::Cell::ONE;
                } else {
                    *self.cell_mut(c) += L::Cell::ONE;
                    // A pile's last seed is not taken where the relay
                    // lifts that very pit.
                    if c < 2 * n && (seeds > L::Cell::ONE || !lifts_here(self, c)) {
                        self.take_during_sowing(during, c, report);
                    }
                }
                seeds -= L::Cell::ONE;
            }
            let last = ring[at] as usize;
            if before_relay
                && claimed >> last & 1 == 0
                && self.claim_many(v, last, (ring, at, pile), report)
            {
                // The claim wins over the relay, and ends the move.
                self.reoccupy();
                return;
            }
            if lifts_here(self, last) {
                report.relays += 1;
                start = at;
                if reverse {
                    (clockwise, ring, start) = self.turned(v, clockwise, start);
                }
                continue;
            }
            if v.hot.relay_next && (last < 2 * n || v.hot.end_pits) {
                // The next place, when it is a pit with seeds (a claimed
                // pit holds none), is lifted and sown on; a pit out of play
                // is passed over.
                let mut next = if at + 1 == len { 0 } else { at + 1 };
                while !in_play(ring[next] as usize) {
                    next = if next + 1 == len { 0 } else { next + 1 };
                }
                let c = ring[next] as usize;
                if c < 2 * n && self.cell(c) > L::Cell::ZERO {
                    report.relays += 1;
                    start = next;
                    if reverse {
                        (clockwise, ring, start) = self.turned(v, clockwise, start);
                    }
                    continue;
                }
            }
            break (last, at, pile);
        };
        if claimed >> last & 1 == 0 {
            let before = report.captured;
            self.settle_general(v, last, (ring, at, pile), (opening, crossed, clockwise), report);
            // `extra_turn_uncrossed`: the last seed in an empty pit of the
            // mover's row (it holds 1, no capture took it), no seed of the
            // move in the opponent's row.
            if v.hot.extra_turn_uncrossed
                && !crossed
                && !opening
                && report.captured == before
                && last.wrapping_sub(own) < n
                && self.cell(last) == L::Cell::ONE
            {
                report.extra_turn = true;
            }
        }
        self.reoccupy();
    }

    /// The way a relayed pile goes under `relay_direction = "reverse"`:
    /// the other way from the pile before it, going `clockwise` and lifted
    /// from place `start` of that way's ring. Returns the new way, its ring
    /// and the place of the same pit on it (stores beside the board, two
    /// rows: both rings are the 2n pits, the same pit at places `p` and
    /// `(2n - p) % 2n`).
    #[inline]
    fn turned<'a>(
        &self,
        v: &'a Variant,
        clockwise: bool,
        start: usize,
    ) -> (bool, &'a [u8; 2 * MAX_RING], usize) {
        let s = self.to_move.index();
        let len = v.ring_len;
        let place = (len - start % len) % len;
        if clockwise {
            (false, &v.ring[s], place)
        } else {
            (true, &v.ring_cw[s], place)
        }
    }

    /// The sowing on four rows (`rows = 4`): round the mover's own pits
    /// alone, seed by seed, a relay from one's own pits (with its endless
    /// sowings found as in [`Position::sow_general`]), and the capture of
    /// the pits facing an inner pit ([`Position::take_facing`]), whose
    /// seeds go to the store or are sown on from the hand (`taken`). Kept
    /// apart from the general sowing so that the elements four rows refuse
    /// (claims, captures during the sowing) and those only they have (the
    /// hand) cost neither path anything.
    #[inline(never)]
    fn sow_four_rows(&mut self, v: &Variant, k: usize, report: &mut MoveReport) {
        let s = self.to_move.index();
        let ring = &v.ring[s];
        let len = v.ring_len;
        // The ring index of the pit being emptied, or the pit the last seed
        // fell in when the pile is in the hand.
        let mut start = k;
        // Seeds of a facing capture in the mover's hand (`taken = "sown"`).
        let mut hand = L::Cell::ZERO;
        let mut watch = EndlessWatch::<L>::new(&self.cells, start);
        loop {
            if v.hot.relay && watch.endless(&self.cells, start) {
                report.endless = true;
                self.reoccupy();
                return;
            }
            let origin = ring[start] as usize;
            let from_hand = hand > L::Cell::ZERO;
            let mut seeds = if from_hand { std::mem::take(&mut hand) } else { self.cell(origin) };
            let mut at = start;
            if !from_hand {
                if report.relays == 0 {
                    report.sown = seeds.report_count();
                }
                *self.cell_mut(origin) = L::Cell::ZERO;
                if v.rules().sowing.first_seed_in_origin && seeds > L::Cell::ONE {
                    *self.cell_mut(origin) = L::Cell::ONE;
                    seeds -= L::Cell::ONE;
                }
            }
            while seeds > L::Cell::ZERO {
                at = if at + 1 == len { 0 } else { at + 1 };
                if v.hot.skip_origin && at == start && !from_hand {
                    continue;
                }
                *self.cell_mut(ring[at] as usize) += L::Cell::ONE;
                seeds -= L::Cell::ONE;
            }
            let last = ring[at] as usize;
            if let Some(taken) = self.take_facing(v, last) {
                report.captured += taken.report_count();
                if v.hot.taken_sown {
                    hand = taken;
                    start = at;
                    continue;
                }
                *self.cell_mut(L::STORE_CELL + s) += taken;
                self.bonus_after_capture(v, report);
                break;
            }
            if v.hot.relay && self.cell(last) > L::Cell::ONE {
                report.relays += 1;
                start = at;
                continue;
            }
            break;
        }
        self.reoccupy();
    }
}

// The captures and claims, for every layout: what the last seed of a
// sowing (or a seed during it) takes.
impl<L: Layout> Position<L> {
    /// The claimed pits as bit sets over the cells (rule `claim`): those
    /// claimed, and those of them North owns; from `claimed` under rules of
    /// one claim, from the spare cells under rules of several.
    #[inline(always)]
    fn claim_bits(&self, v: &Variant) -> (u64, u64) {
        if v.hot.many_claims {
            let (set, north) = self.claim_sets();
            return (set as u64, north as u64);
        }
        let n = v.n;
        let (mut set, mut north) = (0u64, 0u64);
        if self.claimed[0] != 0 {
            set |= 1 << (n + self.claimed[0] as usize - 1);
        }
        if self.claimed[1] != 0 {
            let c = 1u64 << (self.claimed[1] as usize - 1);
            set |= c;
            north |= c;
        }
        (set, north)
    }

    /// The claims of rules with several claims ([`crate::Rules::many_claims`]),
    /// looked at when a pile's last seed fell in pit cell `last` (not a
    /// claimed pit), at place `at` of `ring`, the pile having started at
    /// place `pile.0` with `pile.1` seeds: the pit the last seed made hold
    /// `claim.count` seeds, or under `claim.pair` both pits the last two
    /// seeds made hold `count - 1` and `count`, become the mover's, if the
    /// rules let them (`rows`, `not_last_pit`, the row ends, at most `max`
    /// a player).
    /// Their seeds go to the mover's store. Returns whether a pit was
    /// claimed.
    #[cold]
    #[inline(never)]
    fn claim_many(
        &mut self,
        v: &Variant,
        last: usize,
        (ring, at, pile): (&[u8; 2 * MAX_RING], usize, (usize, L::Cell)),
        report: &mut MoveReport,
    ) -> bool {
        let claim = &v.rules().claim;
        let n = v.n;
        let s = self.to_move.index();
        let opp = (1 - s) * n;
        let (mut set, mut north) = self.claim_sets();
        let own_mask = if s == 1 { north } else { set & !north };
        let mine = (set & own_mask).count_ones();
        let room = if claim.max == 0 { u32::MAX } else { (claim.max as u32).saturating_sub(mine) };
        let claimable = |c: usize| {
            c < 2 * n
                && set >> c & 1 == 0
                && (claim.rows == crate::ClaimRows::Either || (c >= opp && c < opp + n))
                && !(claim.not_last_pit && c % n == n - 1)
                && claim.at_row_end(c / n == s, c % n, n)
        };
        if room == 0 || !claimable(last) {
            return false;
        }
        let count = L::Cell::from(claim.count);
        let here = self.cell(last);
        let mut pits = 0u32;
        if claim.pair && room >= 2 && pile.1 >= L::Cell::from(2) {
            let prev = self.previous_place(v, ring, at, pile.0);
            let there = if prev < 2 * n { self.cell(prev) } else { L::Cell::ZERO };
            if prev != last
                && claimable(prev)
                && ((here == count && there == count - L::Cell::ONE)
                    || (here == count - L::Cell::ONE && there == count))
            {
                pits = 1 << last | 1 << prev;
            }
        }
        if pits == 0 && here == count {
            pits = 1 << last;
        }
        if pits == 0 {
            return false;
        }
        let mut taken = L::Cell::ZERO;
        for c in (0..2 * n).filter(|&c| pits >> c & 1 != 0) {
            taken += self.cell(c);
            *self.cell_mut(c) = L::Cell::ZERO;
        }
        set |= pits;
        if s == 1 {
            north |= pits;
        }
        self.set_claim_sets(set, north);
        *self.cell_mut(L::STORE_CELL + s) += taken;
        report.captured += taken.report_count();
        report.claimed = true;
        true
    }

    /// The cell where the last seed but one of a pile fell, the pile's last
    /// having fallen at place `at` of `ring` and the pile having started at
    /// place `start`: the place before `at`, pits out of play passed over,
    /// and under `skip_origin` the place the pile started from.
    fn previous_place(
        &self,
        v: &Variant,
        ring: &[u8; 2 * MAX_RING],
        at: usize,
        start: usize,
    ) -> usize {
        let len = v.ring_len;
        let out = L::out_cells(self);
        let mut place = at;
        for _ in 0..len {
            place = if place == 0 { len - 1 } else { place - 1 };
            let c = ring[place] as usize;
            if (v.hot.skip_origin && place == start) || out >> (c & 63) & 1 != 0 {
                continue;
            }
            return c;
        }
        ring[at] as usize
    }

    /// After a facing capture into the store: the bonus takes (rule
    /// `capture.bonus_pits`) are due, and the mover moves again, while the
    /// opponent has a pit holding seeds.
    #[inline]
    fn bonus_after_capture(&mut self, v: &Variant, report: &mut MoveReport) {
        let opp = self.to_move.opponent().index() * v.n;
        if v.hot.bonus_pits > 0 && L::cells(self)[opp..opp + v.n].iter().any(|&c| c > L::Cell::ZERO)
        {
            self.flags = (self.flags & !BONUS_DUE) | v.hot.bonus_pits << BONUS_SHIFT;
            report.extra_turn = true;
        }
    }

    /// The capture on four rows (`facing`): the last seed of a pile made
    /// the mover's inner pit cell `last` hold more than one seed (or one,
    /// under `facing_on = "empty"`), and the
    /// opponent's inner pit facing it holds seeds (and the outer pit
    /// behind it too, under `facing = "both"`): both are emptied and their
    /// seeds returned, for the caller to store or sow.
    ///
    /// A player's pits are numbered in the order they sow them: the outer
    /// row from their left (0 to p - 1), then the inner row from their
    /// right (p to 2p - 1). The inner pit j faces the opponent's inner pit
    /// 3p - 1 - j, with their outer pit j - p behind it.
    #[inline]
    fn take_facing(&mut self, v: &Variant, last: usize) -> Option<L::Cell> {
        let n = v.n;
        let p = n / 2;
        let own = self.to_move.index() * n;
        let opp = n - own;
        let j = last.wrapping_sub(own);
        // The last seed's pit held seeds (it now holds 2 or more), or under
        // `facing_on = "empty"` was empty (it now holds 1).
        let held = if v.hot.facing_on_empty {
            self.cell(last) == L::Cell::ONE
        } else {
            self.cell(last) >= L::Cell::from(2)
        };
        if !held || j < p || j >= n {
            return None;
        }
        let (inner, outer) = (opp + 3 * p - 1 - j, opp + j - p);
        let both = v.hot.facing == crate::Facing::Both;
        if self.cell(inner) == L::Cell::ZERO || (both && self.cell(outer) == L::Cell::ZERO) {
            return None;
        }
        let taken = self.cell(inner) + self.cell(outer);
        *self.cell_mut(inner) = L::Cell::ZERO;
        *self.cell_mut(outer) = L::Cell::ZERO;
        Some(taken)
    }

    /// A capture during the sowing (`during_sowing`): the pit cell `c`,
    /// just sown into (by any seed but a pile's last that the relay lifts
    /// from there), is taken at once into the mover's store when it now
    /// holds `during` seeds.
    #[inline]
    fn take_during_sowing(&mut self, during: u8, c: usize, report: &mut MoveReport) {
        if during != 0 && self.cell(c) == L::Cell::from(during) {
            *self.cell_mut(c) = L::Cell::ZERO;
            *self.cell_mut(L::STORE_CELL + self.to_move.index()) += L::Cell::from(during);
            report.captured += u16::from(during);
        }
    }

    /// Extra turn, captures and claims decided by where the last seed of a
    /// general sowing fell (not in a claimed pit): pit cell `last`, the
    /// place `at` of the sowing ring `way` the move went round (the mover's
    /// counter-clockwise or clockwise ring): a chain goes back along it.
    /// The last pile started at place `pile.0` with `pile.1` seeds.
    fn settle_general(
        &mut self,
        v: &Variant,
        last: usize,
        (way, at, pile): (&[u8; 2 * MAX_RING], usize, (usize, L::Cell)),
        (opening, crossed, clockwise): (bool, bool, bool),
        r: &mut MoveReport,
    ) {
        let s = self.to_move.index();
        let n = v.n;
        let own = s * n;
        let opp = (1 - s) * n;
        let own_store = L::STORE_CELL + s;
        let rules = v.rules();
        if last == own_store {
            r.extra_turn = v.hot.extra_turn && !opening;
            return;
        }
        if last >= v.places {
            return; // the opponent's store
        }
        let mine = last >= own && last < own + n;
        // `first_pile_only`: no capture once a relay lifted a pile.
        let captures = !(v.hot.first_pile_only && r.relays > 0);
        // `empty_pit_needs_crossing`: only after a seed of the move fell in
        // the opponent's row.
        let may_take = crossed || !rules.capture.empty_pit_needs_crossing;
        // The last pit was empty before the last seed, or under
        // `seeds_per_place` before the last group: it now holds that group.
        let group = rules.sowing.seeds_per_place;
        let last_group = if group > 1 {
            let rest = if pile.1 > L::Cell::ZERO { pile.1 - L::Cell::ONE } else { L::Cell::ZERO };
            rest % L::Cell::from(group) + L::Cell::ONE
        } else {
            L::Cell::ONE
        };
        if captures
            && may_take
            && mine
            && self.cell(last) == last_group
            && v.empty_pit != EmptyPitCapture::Off
        {
            let opposite = 2 * n - 1 - last;
            let taken = self.cell(opposite);
            if taken > L::Cell::ZERO || v.empty_pit == EmptyPitCapture::Always {
                let got = taken + last_group;
                r.captured += got.report_count();
                *self.cell_mut(own_store) += got;
                *self.cell_mut(opposite) = L::Cell::ZERO;
                *self.cell_mut(last) = L::Cell::ZERO;
                // `empty_pit_chain`: the mover's next pits the way the last
                // pile went, while empty, take the pits opposite them.
                let chain = rules.capture.empty_pit_chain as usize;
                if chain > 0 {
                    let step = if clockwise { usize::MAX } else { 1 };
                    let mut c = last;
                    for _ in 0..chain {
                        c = c.wrapping_add(step);
                        if c.wrapping_sub(own) >= n || self.cell(c) != L::Cell::ZERO {
                            break;
                        }
                        let opposite = 2 * n - 1 - c;
                        let taken = self.cell(opposite);
                        r.captured += taken.report_count();
                        *self.cell_mut(own_store) += taken;
                        *self.cell_mut(opposite) = L::Cell::ZERO;
                    }
                }
                return;
            }
        }
        if captures
            && rules.capture.between_equal
            && last >= opp
            && last < opp + n
            && self.cell(last) == L::Cell::ONE
        {
            // Between two equal pits of the opponent's row (Dakon's mikul).
            let k = last - opp;
            if k > 0 && k + 1 < n {
                let side = self.cell(last - 1);
                if side > L::Cell::ZERO && self.cell(last + 1) == side {
                    let taken = side + side + L::Cell::ONE;
                    r.captured += taken.report_count();
                    *self.cell_mut(own_store) += taken;
                    L::cells_mut(self)[last - 1..=last + 1].fill(L::Cell::ZERO);
                    return;
                }
            }
        }
        // Counts of 256 and more (the wide layout's only) are past the
        // table: the capture counts are below 64, so only parity takes them.
        let takes = |c: L::Cell| {
            let c: u32 = c.into();
            if c < 256 {
                v.capture_mask[c as usize / 64] >> (c % 64) & 1 != 0
            } else {
                match rules.capture.parity {
                    crate::Parity::Off => false,
                    crate::Parity::Even => c.is_multiple_of(2),
                    crate::Parity::Odd => c % 2 == 1,
                }
            }
        };
        let row_counts = |cell: usize| match rules.capture.rows {
            crate::CaptureRows::Opponent => cell >= opp && cell < opp + n,
            crate::CaptureRows::Own => cell >= own && cell < own + n,
            crate::CaptureRows::Either => cell < 2 * n,
        };
        if captures && row_counts(last) && takes(self.cell(last)) {
            // The captured run: the last pit, then backwards along the ring
            // (or forwards, `chain_direction`) while each pit counts, at
            // most once round the board: never back to the last pit, with
            // pits out of play passed over.
            let ring = way;
            let len = v.ring_len;
            let forwards = rules.capture.chain_direction == crate::ChainDirection::Forwards;
            let mut at = at;
            let mut run = [0u8; 2 * crate::MAX_PITS_PER_SIDE];
            let mut taken_pits = 1;
            run[0] = last as u8;
            let mut steps = 1;
            while v.hot.chain && steps < len {
                steps += 1;
                at = match (forwards, at) {
                    (true, _) if at + 1 == len => 0,
                    (true, _) => at + 1,
                    (false, 0) => len - 1,
                    (false, _) => at - 1,
                };
                let c = ring[at] as usize;
                if L::out_cells(self) >> (c & 63) & 1 != 0 {
                    continue; // a pit out of play (rule `[rounds]`) is passed over
                }
                if c >= 2 * n || !row_counts(c) || !takes(self.cell(c)) {
                    break;
                }
                run[taken_pits] = c as u8;
                taken_pits += 1;
            }
            let run = &run[..taken_pits];
            let taken: u32 = run.iter().map(|&c| self.seeds(c as usize)).sum();
            let from_opponent: u32 = run
                .iter()
                .filter(|&&c| (c as usize) >= opp && (c as usize) < opp + n)
                .map(|&c| self.seeds(c as usize))
                .sum();
            let opp_seeds: u32 =
                L::cells(self)[opp..opp + n].iter().map(|&c| Into::<u32>::into(c)).sum();
            if from_opponent > 0 && from_opponent == opp_seeds {
                r.grand_slam = true;
                if v.grand_slam == GrandSlam::CapturesNothing {
                    r.grand_slam_void = true;
                    return;
                }
            }
            for &c in run {
                *self.cell_mut(c as usize) = L::Cell::ZERO;
            }
            *self.cell_mut(own_store) += L::Cell::from_u32(taken);
            r.captured += taken as u16;
            return;
        }
        let claim = &rules.claim;
        if v.hot.many_claims {
            if self.claim_many(v, last, (way, at, pile), r) {
                return;
            }
        } else if claim.count > 0
            && last >= opp
            && last < opp + n
            && self.cell(last) == L::Cell::from(claim.count)
            && self.claimed[s] == 0
        {
            let pit = last - opp;
            let other = self.claimed[1 - s];
            if !((claim.not_last_pit && pit == n - 1)
                || (claim.not_same_number && other as usize == pit + 1)
                || !claim.at_row_end(false, pit, n))
            {
                self.claimed[s] = pit as u8 + 1;
                let taken = self.cell(last);
                r.captured += taken.report_count();
                r.claimed = true;
                *self.cell_mut(own_store) += taken;
                *self.cell_mut(last) = L::Cell::ZERO;
                return;
            }
        }
        if captures && rules.capture.after_empty {
            // Pallanguzhi: the place after the last seed an empty pit, the
            // pit after that one is taken (a store is not a pit; a claimed
            // pit holds nothing). The ring is written twice over.
            // Pits out of play (rule `[rounds]`) are passed over.
            let ring = way;
            let len = v.ring_len;
            let out = L::out_cells(self);
            let after = |mut at: usize| loop {
                at = if at + 1 == len { 0 } else { at + 1 };
                if out >> (ring[at] as usize & 63) & 1 == 0 {
                    break at;
                }
            };
            // `after_empty_from = "occupied"`: the last seed's pit held
            // seeds before it fell (no capture during the sowing goes with
            // it, so that pit still holds them).
            let from = rules.capture.after_empty_from == crate::AfterEmptyFrom::Any
                || self.cell(last) > L::Cell::ONE;
            if !from {
                return;
            }
            // `after_empty_chain`: from each pit taken, the same look on.
            // Each capture empties a pit that held seeds, so it ends.
            let mut at = at;
            loop {
                let empty_at = after(at);
                let taken_at = after(empty_at);
                let (empty, taken) = (ring[empty_at] as usize, ring[taken_at] as usize);
                // An end pit (rule `board.end_pits`) may be taken, but is
                // not the empty place.
                if empty >= 2 * n || self.cell(empty) != L::Cell::ZERO || taken >= v.places {
                    break;
                }
                let seeds = self.cell(taken);
                if seeds == L::Cell::ZERO {
                    break;
                }
                if taken >= 2 * n {
                    L::take_end_pit(self, taken - 2 * n);
                }
                r.captured += seeds.report_count();
                *self.cell_mut(own_store) += seeds;
                *self.cell_mut(taken) = L::Cell::ZERO;
                if !rules.capture.after_empty_chain {
                    break;
                }
                at = taken_at;
            }
        }
    }
}

/// The compact layout's own: its byte forms, and the entry points without
/// a position to infer the layout from.
impl Position {
    /// The starting position of a variant.
    pub fn start(v: &Variant) -> Position {
        Position::start_in(v)
    }

    /// Every pit, as laid out inside the position: South's row, then North's,
    /// then zeros up to 32 cells (stores excluded).
    #[inline]
    pub fn pit_cells(&self) -> &[u8; 32] {
        self.cells[..32].try_into().expect("32 pit cells")
    }

    /// For boards of at most 8 pits a side: the pits as one word and the
    /// turn state, which with the stores make the whole position.
    #[inline]
    pub(crate) fn short_form(&self) -> Option<(u128, u32)> {
        let claims =
            u64::from_le_bytes(self.cells[CLAIM_CELLS..CLAIM_CELLS + 8].try_into().unwrap());
        // Cells 16 and 17 are the end pits of an 8-pit board (rule
        // `board.end_pits`), past the word; cell 31 holds the marks of the
        // end pits taken.
        let plain = self.claimed == [0, 0] && claims == 0 && self.cells[16] | self.cells[17] == 0;
        (self.n <= 8 && plain && self.occupied >> OUT_SHIFT == 0).then(|| self.short_pair())
    }

    /// [`Position::short_form`] of a position known to have one.
    #[inline]
    pub(crate) fn plain_short_form(&self) -> (u128, u32) {
        debug_assert!(self.short_form().is_some(), "{self}");
        self.short_pair()
    }

    /// The pits' word and the turn state of a short form.
    #[inline]
    fn short_pair(&self) -> (u128, u32) {
        let pits = u128::from_le_bytes(self.cells[..16].try_into().unwrap());
        let state = self.to_move as u32
            | (self.flags as u32) << 8
            | (self.end.map_or(0, |r| r as u32 + 1)) << 16;
        (pits, state)
    }

    /// A row of at most 8 pits as one word of byte lanes, lanes past the
    /// row's end cleared.
    #[inline(always)]
    fn short_row_word(&self, side: Side) -> u64 {
        let n = self.n as usize;
        let base = side.index() * n;
        let word = u64::from_le_bytes(self.cells[base..base + 8].try_into().unwrap());
        word & LANE_MASKS[n & 15].0
    }

    /// A side's pits as two little-endian words of 8 byte lanes, lanes past
    /// the row's end cleared. Reads `cells[base..base + 16]`, always in
    /// bounds: `base <= 16` and there are 34 cells.
    #[inline(always)]
    fn row_words(&self, side: Side) -> (u64, u64) {
        let n = self.n as usize;
        let base = side.index() * n;
        let word = |at: usize| u64::from_le_bytes(self.cells[at..at + 8].try_into().unwrap());
        let (lo_mask, hi_mask) = LANE_MASKS[n & 15];
        let full = ((n >> 4) as u64).wrapping_neg(); // all ones for 16 pits
        (word(base) & (lo_mask | full), word(base + 8) & (hi_mask | full))
    }
}

// The moves, for every layout: the legal moves, their checks, the play of
// a move and the end checks after it. The public entry points that are not
// inlined into their callers (`legal_moves`, `check_move`, `play`,
// `settled`) go through `layout::Storage`, so that the compact layout's
// code is compiled once, in this crate (see `Storage`).
impl<L: Layout> Position<L> {
    /// The starting position of a variant, in layout `L`: the layout the
    /// variant's positions take ([`Variant::layout`]; the compact layout's
    /// is [`Position::start`]). Panics when `v` is of another layout (its
    /// tables are compiled for its own).
    pub fn start_in(v: &Variant) -> Position<L> {
        assert_eq!(
            v.layout(),
            L::KIND,
            "the positions of {} take the {} layout",
            v.name(),
            v.layout().name()
        );
        let mut p = Position {
            occupied: L::EMPTY_SETS,
            cells: L::EMPTY,
            n: v.n as u8,
            to_move: v.first_player(),
            flags: if v.hot.pie_rule { OPENING } else { 0 },
            end: None,
            claimed: [0, 0],
        };
        let n = v.n;
        let cells = L::cells_mut(&mut p);
        cells[..2 * n].fill(L::Cell::from(v.seeds_per_pit()));
        // A start that is not uniform: the same list on both rows.
        let list = &v.rules().board.start_pits;
        if list.len() == n {
            for (k, &seeds) in list.iter().enumerate() {
                cells[k] = L::Cell::from(seeds);
                cells[n + k] = L::Cell::from(seeds);
            }
        }
        // The last pits of each side's sowing order start empty (on four
        // rows, the left half of the inner row: `board.start`).
        let empty = v.rules().empty_at_start();
        if empty > 0 {
            for side in 0..2 {
                cells[side * n + n - empty..(side + 1) * n].fill(L::Cell::ZERO);
            }
        }
        if v.hot.end_pits {
            cells[2 * n..2 * n + 2].fill(L::Cell::from(v.rules().board.end_pits));
        }
        p.reoccupy();
        p.settled(v)
    }

    /// The position with the end-of-game checks applied, as they are after
    /// every move: a position whose mover has no legal move (Oware 1x1 at the
    /// start, or a position typed in) is marked over and its seeds moved as
    /// the rules say. A position already over is returned as it is.
    #[inline(always)]
    pub fn settled(self, v: &Variant) -> Position<L> {
        L::settled(self, v)
    }

    /// [`Position::settled`], for every layout.
    pub(crate) fn settled_in(mut self, v: &Variant) -> Position<L> {
        if self.end.is_none() {
            self.finish_move(v);
        }
        self
    }

    /// The legal sowings as a bit set: bit `k` is the mover's pit `k`
    /// (0-based from their left). Empty once the game is over. Swap is not in
    /// the set: see [`Position::swap_offered`].
    #[inline(always)]
    pub fn legal_pits(&self, v: &Variant) -> u32 {
        if self.end.is_some() {
            return 0;
        }
        self.sowable_pits(v)
    }

    /// All legal moves, swap last.
    #[inline(always)]
    pub fn legal_moves(&self, v: &Variant) -> L::Moves {
        L::legal_moves(self, v)
    }

    /// [`Position::legal_moves`], for every layout.
    pub(crate) fn legal_moves_in(&self, v: &Variant) -> L::Moves {
        if v.hot.listed {
            return self.legal_moves_listed(v);
        }
        let mut list = L::Moves::EMPTY;
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

    /// [`Position::legal_moves`] where the mover chooses the way of some
    /// pits (`direction = "chosen"` or `"by-pit"` with `either`), or bonus
    /// takes may be due (rule `capture.bonus_pits`).
    #[cold]
    fn legal_moves_listed(&self, v: &Variant) -> L::Moves {
        if let Some(list) = self.legal_moves_slow(v) {
            return list;
        }
        let mut list = L::Moves::EMPTY;
        let mut mask = self.legal_pits(v);
        while mask != 0 {
            let k = mask.trailing_zeros() as u8;
            if v.pit_ways[k as usize] == 3 {
                // A pit sown either way gives both ways (rules whose
                // sowing may never end are judged in `legal_moves_each_way`).
                list.push(Move::Directed(k, Direction::CounterClockwise));
                list.push(Move::Directed(k, Direction::Clockwise));
            } else {
                list.push(Move::Sow(k));
            }
            mask &= mask - 1;
        }
        if self.end.is_none() && self.swap_offered() {
            list.push(Move::Swap);
        }
        list
    }

    /// [`Position::legal_moves`] when bonus takes are due (the takes), or
    /// where a pit may be sown either way and a sowing may never end (each
    /// way judged); `None` otherwise.
    #[cold]
    fn legal_moves_slow(&self, v: &Variant) -> Option<L::Moves> {
        if self.takes_due() > 0 && self.end.is_none() {
            let mut list = L::Moves::EMPTY;
            let mut pits = self.opponent_pits();
            while pits != 0 {
                list.push(Move::Take(pits.trailing_zeros() as u8));
                pits &= pits - 1;
            }
            return Some(list);
        }
        (v.hot.chosen && v.hot.endless_check).then(|| self.legal_moves_each_way(v))
    }

    /// [`Position::legal_moves`] where a pit may be sown either way and a
    /// sowing may never end (`relay = "any"` or `"next"`): each way of each
    /// pit that may start a move is judged by its own trial sowing, once.
    /// The rules judged by trial sowings one way (feeding, grand slams) and
    /// moves from either row do not go with a direction (`Rules::check`).
    #[cold]
    fn legal_moves_each_way(&self, v: &Variant) -> L::Moves {
        let mut list = L::Moves::EMPTY;
        if self.end.is_some() {
            return list;
        }
        let mut mask = self.nonempty_pits();
        if v.hot.min_seeds > 1 {
            mask &= self.startable_pits(v);
        }
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if v.pit_ways[k] == 3 {
                for way in [Direction::CounterClockwise, Direction::Clockwise] {
                    if !self.way_endless(v, k, way) {
                        list.push(Move::Directed(k as u8, way));
                    }
                }
            } else if !self.sow_result(v, k).endless {
                list.push(Move::Sow(k as u8));
            }
        }
        if self.swap_offered() {
            list.push(Move::Swap);
        }
        list
    }

    /// How many legal moves there are: the legal sowings, and the swap when
    /// it is offered.
    #[inline]
    pub fn legal_count(&self, v: &Variant) -> u32 {
        if v.hot.listed_slow {
            return self.legal_moves(v).len() as u32;
        }
        let pits = self.legal_pits(v);
        let either = if v.hot.chosen { (pits & self.either_ways(v)).count_ones() } else { 0 };
        pits.count_ones() + either + (self.end.is_none() && self.swap_offered()) as u32
    }

    /// The mover's pits that may be sown either way, as a bit set.
    #[cold]
    fn either_ways(&self, v: &Variant) -> u32 {
        (0..v.n).filter(|&k| v.pit_ways[k] == 3).fold(0, |m, k| m | 1 << k)
    }

    /// Legal move number `k` (from 0) in the order of
    /// [`Position::legal_moves`]: the sowings from the mover's left, then
    /// the swap. For random play without building the list; `None` when `k`
    /// is not below [`Position::legal_count`].
    #[inline]
    pub fn nth_legal_move(&self, v: &Variant, mut k: u32) -> Option<Move> {
        if v.hot.listed {
            return self.legal_moves(v).get(k as usize).copied();
        }
        let mut pits = self.legal_pits(v);
        let sowings = pits.count_ones();
        if k < sowings {
            while k > 0 {
                pits &= pits - 1;
                k -= 1;
            }
            return Some(Move::Sow(pits.trailing_zeros() as u8));
        }
        (k == sowings && self.end.is_none() && self.swap_offered()).then_some(Move::Swap)
    }

    /// Checks a move; `Ok` exactly when it is in [`Position::legal_moves`].
    #[inline(always)]
    pub fn check_move(&self, v: &Variant, mv: Move) -> Result<(), IllegalMove> {
        L::check_move(self, v, mv)
    }

    /// [`Position::check_move`], for every layout.
    pub(crate) fn check_move_in(&self, v: &Variant, mv: Move) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if self.takes_due() > 0 || matches!(mv, Move::Take(_)) {
            return self.check_take(v, mv);
        }
        let (k, way) = match mv {
            Move::Swap if self.swap_offered() => return Ok(()),
            Move::Swap => return Err(IllegalMove::SwapNotAllowed),
            Move::Sow(k) => (k as usize, None),
            Move::Directed(k, way) => (k as usize, Some(way)),
            Move::Take(_) => return Err(IllegalMove::NoTakeDue),
        };
        let pits = v.move_pits();
        if k >= pits {
            return Err(IllegalMove::OutOfRange { pit: k + 1, pits });
        }
        let either = v.hot.chosen && v.pit_ways[k] == 3;
        match way {
            None if either => return Err(IllegalMove::DirectionNeeded { pit: k + 1 }),
            Some(way) if !either => {
                return Err(IllegalMove::OneWayOnly {
                    pit: k + 1,
                    asked: way,
                    way: if v.hot.directed && v.pit_ways[k] == 2 {
                        Direction::Clockwise
                    } else {
                        Direction::CounterClockwise
                    },
                })
            }
            _ => {}
        }
        let seeds = self.cell(v.ring[self.to_move.index()][k] as usize);
        if seeds == L::Cell::ZERO && k < v.n && self.is_out_of_play(self.to_move, k) {
            return Err(IllegalMove::OutOfPlay { pit: k + 1 });
        }
        if seeds == L::Cell::ZERO {
            if let Some(owner) = (k < v.n).then(|| self.claim_owner(self.to_move, k)).flatten() {
                return Err(IllegalMove::Claimed { pit: k + 1, owner });
            }
            return Err(IllegalMove::EmptyPit { pit: k + 1 });
        }
        if seeds < L::Cell::from(v.hot.min_seeds) && self.startable_pits(v) & (1 << k) == 0 {
            if v.hot.forced_singles {
                return Err(IllegalMove::SingleSeed { pit: k + 1 });
            }
            let seeds = seeds.report_count();
            return Err(IllegalMove::TooFewSeeds { pit: k + 1, seeds, min: v.hot.min_seeds });
        }
        if let (true, Some(way)) = (either && v.hot.endless_check, way) {
            if self.way_endless(v, k, way) {
                return Err(IllegalMove::EndlessSowing { pit: k + 1 });
            }
        }
        if self.sowable_pits(v) & (1 << k) != 0 {
            return Ok(());
        }
        let trial = self.sow_result(v, k);
        if trial.endless {
            Err(IllegalMove::EndlessSowing { pit: k + 1 })
        } else if self.must_feed_now(v) && !trial.feeds {
            Err(IllegalMove::MustFeed { pit: k + 1 })
        } else {
            Err(IllegalMove::GrandSlam { pit: k + 1 })
        }
    }

    /// [`Position::check_move`] of a take, or of any move while takes are
    /// due (rule `capture.bonus_pits`).
    #[cold]
    fn check_take(&self, v: &Variant, mv: Move) -> Result<(), IllegalMove> {
        let pits = v.n;
        let due = self.takes_due();
        match mv {
            Move::Take(_) if due == 0 => Err(IllegalMove::NoTakeDue),
            Move::Take(k) if k as usize >= pits => {
                Err(IllegalMove::OutOfRange { pit: k as usize + 1, pits })
            }
            Move::Take(k) if self.pit(self.to_move.opponent(), k as usize) == L::Cell::ZERO => {
                Err(IllegalMove::TakeEmpty { pit: k as usize + 1 })
            }
            Move::Take(_) => Ok(()),
            _ => Err(IllegalMove::TakeDue { due, pits }),
        }
    }

    /// Plays a move after checking it. On an illegal move the position is
    /// unchanged (it is `Copy`) and the error says why.
    #[inline(always)]
    pub fn play(&self, v: &Variant, mv: Move) -> Result<(Position<L>, MoveReport), IllegalMove> {
        L::play(self, v, mv)
    }

    /// [`Position::play`], for every layout.
    #[allow(clippy::type_complexity)]
    pub(crate) fn play_in(
        &self,
        v: &Variant,
        mv: Move,
    ) -> Result<(Position<L>, MoveReport), IllegalMove> {
        self.check_move_in(v, mv)?;
        let mut next = *self;
        let report = next.play_unchecked(v, mv);
        Ok((next, report))
    }

    /// Plays a move known to be legal (for search). Playing an illegal move
    /// gives an unspecified position but never panics or reads out of bounds
    /// in release builds.
    #[inline(always)]
    pub fn play_unchecked(&mut self, v: &Variant, mv: Move) -> MoveReport {
        debug_assert_eq!(self.n as usize, v.n, "position and variant differ in size");
        match mv {
            Move::Swap => {
                self.swap_sides(v);
                let next = self.to_move;
                self.finish_move(v);
                let passed = v.hot.pass && self.passed_from(next);
                MoveReport { swapped: true, passed, ..MoveReport::default() }
            }
            Move::Sow(k) => {
                let opening = self.is_opening();
                let report = self.sow(v, k as usize, opening);
                self.after_sowing(v, opening, report)
            }
            Move::Directed(k, way) => {
                let opening = self.is_opening();
                let mut report = MoveReport::default();
                let clockwise = way == Direction::Clockwise;
                // Only the general sowing has rings both ways; a pit past
                // the row (an illegal move) sows nothing.
                if (k as usize) < v.n && !v.hot.four_rows && v.hot.general {
                    self.sow_general_way(v, k as usize, clockwise, opening, &mut report);
                }
                self.after_sowing(v, opening, report)
            }
            Move::Take(k) => {
                let report = self.take_bonus(v, k as usize);
                self.after_sowing(v, false, report)
            }
        }
    }

    /// A bonus take (rule `capture.bonus_pits`): the seeds of the
    /// opponent's pit `k` (0-based, in their own numbering) go to the
    /// mover's store. The mover stays to move while takes are still due and
    /// the opponent has a pit holding seeds; otherwise the takes due lapse
    /// and the turn passes ([`Position::after_sowing`]).
    #[cold]
    #[inline(never)]
    fn take_bonus(&mut self, v: &Variant, k: usize) -> MoveReport {
        let s = self.to_move.index();
        let mut report = MoveReport::default();
        if k < v.n {
            let cell = (1 - s) * v.n + k;
            let taken = std::mem::take(self.cell_mut(cell));
            report.captured = taken.report_count();
            *self.cell_mut(L::STORE_CELL + s) += taken;
            L::vacate(self, 1 << cell);
        }
        let due = self.takes_due().saturating_sub(1);
        self.flags &= !BONUS_DUE;
        if due > 0 && self.opponent_pits() != 0 {
            self.flags |= due << BONUS_SHIFT;
            report.extra_turn = true;
        }
        report
    }

    /// After the sowing of a move: whose turn it is, the end checks, and
    /// whether a player passed.
    #[inline(always)]
    fn after_sowing(&mut self, v: &Variant, opening: bool, report: MoveReport) -> MoveReport {
        let mover = self.to_move;
        self.pass_turn(v, opening, &report);
        if v.hot.pass {
            return self.passed_after(mover, report);
        }
        report
    }

    /// Whether a player passed after `mover`'s sowing (rule `pass`).
    #[inline]
    fn passed_after(&self, mover: Side, mut report: MoveReport) -> MoveReport {
        let next = if report.extra_turn { mover } else { mover.opponent() };
        report.passed = self.passed_from(next);
        report
    }

    /// Whether the turn went past `next`, the player it came to (rule
    /// `pass`), in a game still going on.
    #[inline]
    fn passed_from(&self, next: Side) -> bool {
        self.end.is_none() && self.to_move != next
    }

    /// After a sowing: whose turn it is, the pie rule's offer, the end checks.
    #[inline(always)]
    fn pass_turn(&mut self, v: &Variant, opening: bool, report: &MoveReport) {
        // The takes due (rule `capture.bonus_pits`) that the sowing has
        // just set, or a take counted down, stay.
        self.flags = (self.flags & BONUS_DUE) | ((opening && v.hot.pie_rule) as u8) << 1;
        if !report.extra_turn {
            self.to_move = self.to_move.opponent();
        }
        self.finish_move(v);
    }

    /// The pie-rule swap: mirror the board so the first move's seeds are on
    /// the second player's side; the first player moves next.
    #[inline(always)]
    fn swap_sides(&mut self, v: &Variant) {
        L::swap_sides(self, v)
    }

    /// [`Position::swap_sides`], for every layout.
    pub(crate) fn swap_sides_in(&mut self, v: &Variant) {
        let n = v.n;
        let cells = L::cells_mut(self);
        for k in 0..n {
            cells.swap(k, n + k);
        }
        cells.swap(L::STORE_CELL, L::STORE_CELL + 1);
        self.claimed.swap(0, 1);
        let (set, north) = self.claim_sets();
        if set != 0 {
            // Each claimed pit moves to the other row and changes owner.
            let row = (1u32 << n) - 1;
            let mirror = |bits: u32| (bits & row) << n | (bits >> n) & row;
            self.set_claim_sets(mirror(set), mirror(set & !north));
        }
        self.reoccupy();
        self.to_move = self.to_move.opponent();
        self.flags = 0;
    }

    /// The same position with its claims kept as `v`'s rules keep them:
    /// one a player in `claimed`, or several in the spare cells
    /// ([`crate::Rules::many_claims`]). A position string writes both the
    /// same way; a position that fits `v` ([`crate::Setup::check_fits`])
    /// has claims the layout can hold.
    pub(crate) fn in_claim_layout(mut self, v: &Variant) -> Position<L> {
        let n = self.n as usize;
        let (set, north) = self.claim_sets();
        if v.hot.many_claims && self.claimed != [0, 0] {
            self = self.claims_in_sets();
        } else if !v.hot.many_claims && set != 0 {
            let mut claimed = [0u8; 2];
            for c in (0..2 * n).filter(|&c| set >> c & 1 != 0) {
                let side = (north >> c & 1) as usize;
                claimed[side] = (c % n) as u8 + 1;
            }
            self.claimed = claimed;
            self.set_claim_sets(0, 0);
        }
        self
    }

    /// The same position with a claim kept in `claimed` moved to the
    /// spare cells, as rules of several claims keep it, on boards of at
    /// most 11 pits a side: the one form of a position's claims, whichever
    /// rules it is kept for (see [`crate::Setup`]'s equality).
    pub(crate) fn claims_in_sets(mut self) -> Position<L> {
        let n = self.n as usize;
        if self.claimed == [0, 0] || n > crate::MAX_PITS_PER_SIDE_WITH_CLAIMS {
            return self;
        }
        let (mut set, mut north) = self.claim_sets();
        if let Some(k) = self.claimed_pit(Side::South) {
            set |= 1 << (n + k);
        }
        if let Some(k) = self.claimed_pit(Side::North) {
            set |= 1 << k;
            north |= 1 << k;
        }
        self.claimed = [0, 0];
        self.set_claim_sets(set, north);
        self
    }

    /// After a move: has the game ended? Moves the seeds left on the board
    /// to their owners when the rules say so.
    #[inline(always)]
    fn finish_move(&mut self, v: &Variant) {
        // Sowing sets store bits too (it never branches on the cell kind);
        // the pits out of play stay marked.
        L::clear_store_bits(self);
        let south = self.occupied_row(Side::South) != 0;
        let north = self.occupied_row(Side::North) != 0;
        if v.hot.either_side_ends && !(south && north) {
            return self.end_and_collect(v, EndReason::EmptySide);
        }
        if v.hot.majority_fast && self.majority_reached(v) {
            return self.set_end(EndReason::Majority);
        }
        if self.swap_offered() {
            return;
        }
        let (mine, theirs) =
            if self.to_move == Side::South { (south, north) } else { (north, south) };
        // Nothing can take the mover's moves away: they have seeds, no
        // obligation to feed binds them, and grand slams are not forbidden.
        let must_feed = v.hot.must_feed && !theirs;
        if mine && !must_feed && !self.grand_slams_to_find(v) && !v.hot.finish_slow {
            return;
        }
        self.finish_move_slow(v, mine, theirs);
    }

    /// A store holds more than half of all seeds (rule `majority`).
    #[inline(always)]
    fn majority_reached(&self, v: &Variant) -> bool {
        let most: u32 = self.store(Side::South).max(self.store(Side::North)).into();
        2 * most > v.total
    }

    /// The end check when feeding or grand slams may leave the mover without
    /// a move, or the mover has no seeds; and the end checks of
    /// `end_pits_taken`, in their order (both end pits taken, then the
    /// majority, kept off the fast path).
    #[cold]
    #[inline(never)]
    fn finish_move_slow(&mut self, v: &Variant, mine: bool, theirs: bool) {
        if v.hot.end_pits_taken {
            if self.end_pit_taken(Side::South) && self.end_pit_taken(Side::North) {
                return self.end_and_collect(v, EndReason::EndPitsTaken);
            }
            if v.hot.majority && self.majority_reached(v) {
                return self.set_end(EndReason::Majority);
            }
            if self.swap_offered() {
                return;
            }
        }
        if self.takes_due() > 0 && theirs {
            // The mover takes next (rule `capture.bonus_pits`); the checks
            // run after the last take.
            return;
        }
        // A move from either row (`pits = "any"`): the mover has seeds to
        // sow when either row has.
        let mine = mine || (v.hot.any_pits && theirs) || (v.hot.refill && self.refill_row(v));
        if mine && self.has_sowable_pit(v) {
            return;
        }
        if v.hot.pass && theirs {
            // The mover cannot move and passes, if the other player can
            // (rule `pass`; it comes without feeding and grand slam rules).
            let mut other = *self;
            other.to_move = self.to_move.opponent();
            if other.has_sowable_pit(v) {
                self.to_move = other.to_move;
                self.flags = 0;
                return;
            }
        }
        let reason = if !mine {
            EndReason::NoSeeds
        } else if v.hot.min_seeds > 1 && self.startable_pits(v) == 0 {
            EndReason::NoMove
        } else if v.hot.endless_check && !self.any_pit(v, |r| !r.endless) {
            EndReason::EndlessSowing
        } else if v.hot.must_feed && !theirs && !self.any_pit(v, |r| !r.endless && r.feeds) {
            EndReason::CannotFeed
        } else {
            EndReason::OnlyGrandSlams
        };
        self.end_and_collect(v, reason);
    }

    /// `refill_empty_row`: the mover, whose row is empty, puts one seed
    /// from their store into each of their pits, if the store holds that
    /// many. Whether it did.
    fn refill_row(&mut self, v: &Variant) -> bool {
        let s = self.to_move.index();
        let n = v.n;
        if (self.seeds(L::STORE_CELL + s) as usize) < n {
            return false;
        }
        *self.cell_mut(L::STORE_CELL + s) -= L::Cell::from_u32(n as u32);
        L::cells_mut(self)[s * n..s * n + n].fill(L::Cell::ONE);
        self.reoccupy();
        true
    }

    #[cold]
    #[inline(never)]
    fn end_and_collect(&mut self, v: &Variant, reason: EndReason) {
        self.collect_seeds_left(v, reason);
        self.set_end(reason);
    }

    /// The opponent's side is empty and the rules make the mover feed it.
    #[inline]
    fn must_feed_now(&self, v: &Variant) -> bool {
        v.hot.must_feed && self.opponent_pits() == 0
    }

    /// Legal sowings, ignoring whether the game is over.
    #[inline(always)]
    fn sowable_pits(&self, v: &Variant) -> u32 {
        let mask = self.nonempty_pits();
        // The rules' flags first: in most positions of most rules nothing
        // is to be filtered.
        if (self.grand_slams_to_find(v)
            || v.hot.must_feed && self.opponent_pits() == 0
            || v.hot.filter_always)
            && (mask != 0 || v.hot.any_pits)
        {
            return self.filter_sowable(v, mask);
        }
        mask
    }

    /// The non-empty pits less those the feeding obligation or the grand
    /// slam rule forbid.
    #[cold]
    #[inline(never)]
    fn filter_sowable(&self, v: &Variant, mut mask: u32) -> u32 {
        if self.takes_due() > 0 {
            // Takes are due (rule `capture.bonus_pits`): no sowing now.
            return 0;
        }
        if v.hot.any_pits {
            mask = self.ring_pits(v);
        }
        if v.hot.min_seeds > 1 {
            mask &= self.startable_pits(v);
        }
        if v.hot.endless_check {
            mask = self.filter_pits(v, mask, |r| !r.endless);
        }
        if self.must_feed_now(v) {
            mask = self.filter_pits(v, mask, |r| r.feeds);
        }
        if self.grand_slams_to_find(v) {
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

    /// No sowing of the mover can be a grand slam (see
    /// [`Storage::no_grand_slam`]).
    #[inline(always)]
    fn no_grand_slam(&self, v: &Variant) -> bool {
        L::no_grand_slam(self, v)
    }

    /// Whether the mover's grand slams must be looked for by trial sowings:
    /// the rules restrict them and [`Position::no_grand_slam`] cannot rule
    /// them out.
    #[inline(always)]
    fn grand_slams_to_find(&self, v: &Variant) -> bool {
        v.hot.slam_check && !self.no_grand_slam(v)
    }

    /// The pits holding seeds a move may start from, as a bit set: the
    /// mover's own, or under `pits = "any"` those of both rows, bit `k` the
    /// `k`-th pit from the mover's left round the board.
    #[inline]
    fn candidate_pits(&self, v: &Variant) -> u32 {
        if v.hot.any_pits {
            self.ring_pits(v)
        } else {
            self.nonempty_pits()
        }
    }

    /// The pits of both rows holding seeds, bit `k` the `k`-th pit from
    /// the mover's left round the board (`pits = "any"`, at most 8 pits a
    /// row).
    fn ring_pits(&self, v: &Variant) -> u32 {
        let n = v.n as u32;
        let (south, north) = (self.occupied_row(Side::South), self.occupied_row(Side::North));
        match self.to_move {
            Side::South => south | north << n,
            Side::North => north | south << n,
        }
    }

    /// The pits a move may start from holding at least `min` seeds, as a
    /// bit set (see [`Position::candidate_pits`]).
    fn pits_holding(&self, v: &Variant, min: u8) -> u32 {
        let ring = &v.ring[self.to_move.index()];
        let pits = v.move_pits();
        let min = L::Cell::from(min);
        (0..pits).filter(|&k| self.cell(ring[k] as usize) >= min).fold(0, |m, k| m | 1 << k)
    }

    /// The mover's pits a move may start from by `min_seeds`: those holding
    /// that many, or under `forced_singles`, when there are none, the
    /// single seeds whose next place along the ring is an empty pit.
    fn startable_pits(&self, v: &Variant) -> u32 {
        let held = self.pits_holding(v, v.hot.min_seeds);
        if held != 0 || !v.hot.forced_singles {
            return held;
        }
        let (n, own) = (self.n as usize, self.to_move.index() * self.n as usize);
        let ring = &v.ring[self.to_move.index()];
        let out = L::out_cells(self);
        (0..n)
            .filter(|&k| {
                // The next place along the ring, pits out of play passed over.
                let mut at = k + 1;
                while at < 2 * v.ring_len && out >> (ring[at] as usize & 63) & 1 != 0 {
                    at += 1;
                }
                let next = ring[at.min(2 * v.ring_len - 1)] as usize;
                self.cell(own + k) == L::Cell::ONE
                    && next < 2 * n
                    && self.cell(next) == L::Cell::ZERO
            })
            .fold(0, |m, k| m | 1 << k)
    }

    /// Whether the mover has any legal sowing (cheaper than listing them).
    #[inline]
    fn has_sowable_pit(&self, v: &Variant) -> bool {
        // Under `pits = "any"` (which filters always) the seeds of both
        // rows count: see `sowable_pits`.
        if self.nonempty_pits() == 0 && !v.hot.any_pits {
            return false;
        }
        if v.hot.filter_always {
            return self.sowable_pits(v) != 0;
        }
        let feed = self.must_feed_now(v);
        match (self.grand_slams_to_find(v), v.grand_slam) {
            // Grand slams are legal moves here (allowed or capturing
            // nothing), or no move is one; and when every move is a grand
            // slam, the grand slams are legal.
            (false, _) | (true, GrandSlam::OnlyIfForced) => !feed || self.any_pit(v, |r| r.feeds),
            (true, _) => self.any_pit(v, |r| (!feed || r.feeds) && !r.grand_slam),
        }
    }

    fn any_pit(&self, v: &Variant, pred: impl Fn(SowResult) -> bool) -> bool {
        let mut pits = self.candidate_pits(v);
        if v.hot.min_seeds > 1 {
            pits &= self.startable_pits(v);
        }
        self.filter_pits_until(v, pits, &pred, true) != 0
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

    /// What sowing pit `k` would do, judged on a copy. A pit sown either
    /// way (`sowing.direction`) is endless when both its ways are; the
    /// rules judging feeding and grand slams go with one way only.
    fn sow_result(&self, v: &Variant, k: usize) -> SowResult {
        let mut p = *self;
        let opening = p.is_opening();
        let report = p.sow(v, k, opening);
        let endless = report.endless
            && !(v.hot.chosen
                && v.pit_ways[k] == 3
                && !self.way_endless(v, k, Direction::Clockwise));
        SowResult {
            feeds: p.occupied_row_at(self.to_move.index() ^ 1) != 0,
            grand_slam: report.grand_slam,
            endless,
        }
    }

    /// Whether the sowing of the mover's pit `k` the way `way` would never
    /// end, judged on a copy.
    #[cold]
    fn way_endless(&self, v: &Variant, k: usize, way: Direction) -> bool {
        let mut p = *self;
        let opening = p.is_opening();
        let mut report = MoveReport::default();
        if k < v.n && v.hot.general && !v.hot.four_rows {
            p.sow_general_way(v, k, way == Direction::Clockwise, opening, &mut report);
        }
        report.endless
    }
}

/// `ONE_SEED_RUNS[a][m]` has a 1 in bytes `a..a + m` (those below 16): one
/// seed for each of `m` consecutive pits from pit cell `a`. A table, because
/// variable shifts of a `u128` take a dozen instructions.
const ONE_SEED_RUNS: [[u128; 16]; 16] = {
    let mut runs = [[0u128; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut m = 1;
        while m < 16 {
            runs[a][m] = if a + m <= 16 {
                runs[a][m - 1] | 1u128 << (8 * (a + m - 1))
            } else {
                runs[a][m - 1]
            };
            m += 1;
        }
        a += 1;
    }
    runs
};

/// `ROW_BITS[n]`: the low `n` bits, a row's pits.
const ROW_BITS: [u32; 32] = {
    let mut masks = [0u32; 32];
    let mut n = 1;
    while n < 32 {
        masks[n] = (masks[n - 1] << 1) | 1;
        n += 1;
    }
    masks
};

/// `CLEAR_PIT[c]` clears byte `c` of a 16-byte word of pits.
const CLEAR_PIT: [u128; 16] = {
    let mut masks = [0u128; 16];
    let mut c = 0;
    while c < 16 {
        masks[c] = !(0xffu128 << (8 * c));
        c += 1;
    }
    masks
};

/// The bits of `occupied` that stand for pits.
const PIT_BITS: u64 = (1 << MAX_PITS) - 1;

/// Where the pits out of play (rule `[rounds]`) start in `occupied`: bit
/// `OUT_SHIFT + c` is set when pit cell `c` is out of play. Bits 32 and 33
/// are the stores' (sowing sets them and [`Position::finish_move`] clears
/// them), so 30 bits are left: boards of at most 15 pits a side.
pub(crate) const OUT_SHIFT: u32 = MAX_PITS as u32 + 2;

/// The bits of `occupied` that mark pits out of play.
const OUT_BITS: u64 = !0 << OUT_SHIFT;

/// Bit `i` set when pit cell `i` holds seeds.
pub(crate) fn occupancy(cells: &[u8; CELLS]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut bits = 0u64;
    for (w, word) in cells[..MAX_PITS].chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(word.try_into().unwrap());
        // The high bit of each byte lane set when the lane is not zero.
        let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
        // Gather the eight lane bits into the top byte: lane i's bit, at
        // 8i + 7 before the shift, is multiplied up to 56 + i.
        let gathered = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        bits |= gathered << (8 * w);
    }
    bits
}

/// For a row of `n & 15` pits, the byte lanes of its two words that hold
/// pits (a row of 16 pits fills both words).
const LANE_MASKS: [(u64, u64); 16] = {
    let mut masks = [(0u64, 0u64); 16];
    let mut n = 0;
    while n < 16 {
        masks[n] =
            if n >= 8 { (!0, (1u64 << (8 * (n - 8))) - 1) } else { ((1u64 << (8 * n)) - 1, 0) };
        n += 1;
    }
    masks
};

/// Finds a relay sowing that never ends, by Brent's cycle finding: the
/// board and the place about to be lifted from are compared with a copy
/// saved at the 1st, 2nd, 4th, 8th, ... pile (nothing allocated).
struct EndlessWatch<L: Layout> {
    piles: u32,
    saved: (L::Cells, usize),
}

impl<L: Layout> EndlessWatch<L> {
    fn new(cells: &L::Cells, start: usize) -> EndlessWatch<L> {
        EndlessWatch { piles: 0, saved: (*cells, start) }
    }

    /// Counts a pile about to be lifted from place `start` of `cells`;
    /// true when the sowing never ends (the board and place were met
    /// before, or more than [`crate::MAX_RELAY_PILES`] piles).
    #[inline]
    fn endless(&mut self, cells: &L::Cells, start: usize) -> bool {
        self.piles += 1;
        if self.piles > crate::MAX_RELAY_PILES || (self.piles > 1 && (*cells, start) == self.saved)
        {
            return true;
        }
        if self.piles.is_power_of_two() {
            self.saved = (*cells, start);
        }
        false
    }
}

/// Sum of the 8 bytes of a word, when it is below 256 (a game holds at most
/// 255 seeds): the multiply adds every byte into the top one.
#[inline]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancy_matches_a_plain_loop() {
        // Every single pit, lanes of 0x80 and 0x7f (the carry edges), and a
        // pseudo-random mix.
        let mut boards = Vec::new();
        for i in 0..MAX_PITS {
            for c in [1u8, 0x7f, 0x80, 0xff] {
                let mut cells = [0u8; CELLS];
                cells[i] = c;
                boards.push(cells);
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            let mut cells = [0u8; CELLS];
            for c in cells.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *c = if x.is_multiple_of(3) { (x >> 8) as u8 } else { 0 };
            }
            boards.push(cells);
        }
        for cells in boards {
            let plain = cells[..MAX_PITS]
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &c)| m | ((c != 0) as u64) << i);
            assert_eq!(occupancy(&cells), plain, "{cells:?}");
        }
    }

    /// `no_grand_slam` stands in for the trial sowing of every pit:
    /// wherever it says no move is a grand slam, none is. Random boards of
    /// rule sets with grand slams forbidden, other capture counts, chains
    /// on and off, rows of up to 8 pits and beyond (one word or two).
    #[test]
    fn no_grand_slam_is_true_only_where_no_move_is_one() {
        let base = Variant::preset("oware").unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % below
        };
        let (mut slams, mut shortcuts) = (0, 0);
        for counts in [vec![2, 3], vec![2, 3, 4], vec![1], vec![4], vec![1, 5]] {
            // The general sowing too (the first seed back into the origin),
            // where the shortcut holds as well.
            // And a chain forwards, which takes pits the last pile did not sow.
            for (chain, origin_first, forwards) in [
                (true, false, false),
                (false, false, false),
                (true, true, false),
                (true, false, true),
            ] {
                for pits in [3u8, 6, 9, 12] {
                    let mut rules = base.rules().clone();
                    rules.capture.counts = counts.clone();
                    rules.capture.chain = chain;
                    if forwards {
                        rules.capture.chain_direction = crate::ChainDirection::Forwards;
                    }
                    rules.sowing.first_seed_in_origin = origin_first;
                    rules.sowing.skip_origin = !origin_first;
                    rules.board.pits_per_side = pits;
                    rules.board.seeds_per_pit = 2;
                    let v = Variant::new(rules).unwrap();
                    assert!(v.hot.slam_check);
                    assert_eq!(v.hot.general, origin_first || forwards);
                    assert!(v.hot.slam_proof_pile > 0);
                    for _ in 0..2000 {
                        let small = 2 + next(5);
                        let mut row = || -> Vec<u8> {
                            (0..pits)
                                .map(|_| match next(20) {
                                    0 => next(30) as u8,
                                    1..=7 => 0,
                                    _ => next(small) as u8,
                                })
                                .collect()
                        };
                        let (south, north) = (row(), row());
                        let mover = if next(2) == 0 { Side::South } else { Side::North };
                        let p = crate::Setup::from_rows(&south, &north, [0, 0], mover)
                            .unwrap()
                            .position_unchecked();
                        let slam = (0..pits as usize)
                            .any(|k| p.pit(mover, k) > 0 && p.sow_result(&v, k).grand_slam);
                        let shortcut = p.no_grand_slam(&v);
                        assert!(!(shortcut && slam), "{counts:?} chain {chain} {forwards}: {p}");
                        slams += slam as u32;
                        shortcuts += shortcut as u32;
                    }
                }
            }
        }
        // Both cases are met often: the check above is not vacuous.
        assert!(slams > 1000 && shortcuts > 10_000, "{slams} grand slams, {shortcuts} shortcuts");
    }

    #[test]
    fn byte_sum_matches_a_plain_loop() {
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
            assert_eq!(byte_sum(word), sum, "{bytes:?}");
        }
    }
}

#[derive(Clone, Copy)]
struct SowResult {
    feeds: bool,
    grand_slam: bool,
    endless: bool,
}

impl<L: Layout> std::fmt::Debug for Position<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({self})")
    }
}
