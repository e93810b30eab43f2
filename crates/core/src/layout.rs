//! How a [`crate::Position`] keeps its seeds: its layout.
//!
//! A position is a small `Copy` value played with copy-make, so its size
//! and the form of its cells are the hot path's business: the compact
//! layout keeps every pit and store in one byte, which lets the sowing add
//! a whole row in one register, sum eight pits with one multiply and hash
//! the board in four words. Boards that do not fit it (four rows of more
//! than eight pits, more than 255 seeds) need wider cells, and paying for
//! those on every game would slow the games that fit. So the position is
//! generic over a [`Layout`], which decides:
//!
//! - the type of a cell (a pit's or a store's count of seeds),
//! - how many pit cells there are (the stores follow them),
//! - the sets over the pit cells the position keeps (the pits holding
//!   seeds, the pits out of play of a round).
//!
//! The rules do not choose a layout by name: a rule set gets the smallest
//! layout its board and its seeds fit ([`crate::Variant::layout`], the one
//! policy, whose limits are [`LayoutKind::limits`]). There are two:
//! [`Compact`], which `Position` without a parameter names, and [`Wide`],
//! for four rows of up to 12 pits and up to 1,000 seeds.

use crate::variant::{CELLS, MAX_PITS, STORE_CELL};

mod sealed {
    use crate::{Position, Side};

    /// Only the layouts of this crate: the rule code relies on what each
    /// one promises (see [`super::Layout`]).
    pub trait Sealed {}

    /// What a layout keeps its own way: the reads and writes of the rule
    /// code that depend on the form of the cells and the sets, each
    /// written for the concrete layout (the compact layout's are the
    /// position's byte tricks). Crate-private (a public trait in a private
    /// module): the rule code calls them as `L::store(self, side)`.
    ///
    /// Written for the concrete layout on purpose, even where the body
    /// would be the same for every layout (`seeds_in_pits`): a cell read
    /// through `L::Cells`' generic `Index`, or a generic method without
    /// `#[inline]` (compiled anew in each crate that calls it), changes
    /// what the compiler inlines into the search, and costs it (see
    /// notes/wide-board.md).
    pub trait Storage: Sized {
        /// Whether two positions are equal (see [`Position`]'s `PartialEq`).
        fn same(p: &Position<Self>, other: &Position<Self>) -> bool
        where
            Self: super::Layout;

        /// See [`Position::short_form`]: `None` where the layout has no
        /// short form.
        fn short_form(p: &Position<Self>) -> Option<(u128, u32)>
        where
            Self: super::Layout;

        /// See [`Position::plain_short_form`]: only for positions that have
        /// a short form.
        fn plain_short_form(p: &Position<Self>) -> (u128, u32)
        where
            Self: super::Layout;

        /// See [`crate::RepetitionWindow::record`].
        fn record(window: &mut crate::RepetitionWindow<Self>, p: &Position<Self>) -> bool
        where
            Self: super::Layout;

        /// Seeds in a side's store.
        fn store(p: &Position<Self>, side: Side) -> <Self as super::Layout>::Cell
        where
            Self: super::Layout;

        /// See [`Position::claim_sets`].
        fn claim_sets(p: &Position<Self>) -> (u32, u32)
        where
            Self: super::Layout;

        /// See [`Position::set_claim_sets`].
        fn set_claim_sets(p: &mut Position<Self>, set: u32, north: u32)
        where
            Self: super::Layout;

        /// See [`Position::out_of_play`].
        fn out_of_play(p: &Position<Self>) -> u32
        where
            Self: super::Layout;

        /// See [`Position::set_out_of_play`].
        fn set_out_of_play(p: &mut Position<Self>, cells: u32)
        where
            Self: super::Layout;

        /// See [`Position::reoccupy`].
        fn reoccupy(p: &mut Position<Self>)
        where
            Self: super::Layout;

        /// See [`Position::end_pit`].
        fn end_pit(p: &Position<Self>, side: Side) -> <Self as super::Layout>::Cell
        where
            Self: super::Layout;

        /// See [`Position::end_pit_taken`].
        fn end_pit_taken(p: &Position<Self>, side: Side) -> bool
        where
            Self: super::Layout;

        /// See [`Position::side_seeds`].
        fn side_seeds(p: &Position<Self>, side: Side) -> u32
        where
            Self: super::Layout;

        /// See [`Position::key`].
        fn key(p: &Position<Self>) -> u64
        where
            Self: super::Layout;

        /// See [`Position::total_seeds`].
        fn total_seeds(p: &Position<Self>) -> u32
        where
            Self: super::Layout;

        /// See [`Position::seeds_in_pits`].
        fn seeds_in_pits(p: &Position<Self>) -> u32
        where
            Self: super::Layout;

        /// See [`Position::end_game`].
        fn end_game(p: &mut Position<Self>, v: &crate::Variant, reason: crate::EndReason)
        where
            Self: super::Layout;

        /// Seeds in cell `c` (a pit cell or a store): the rule code's
        /// reads of one cell, never through `Cells`' generic `Index`.
        fn cell(p: &Position<Self>, c: usize) -> <Self as super::Layout>::Cell
        where
            Self: super::Layout;

        /// Cell `c` to write (see [`Storage::cell`]).
        fn cell_mut(p: &mut Position<Self>, c: usize) -> &mut <Self as super::Layout>::Cell
        where
            Self: super::Layout;

        /// All the cells, for the rule code's reads of a run of them.
        fn cells(p: &Position<Self>) -> &[<Self as super::Layout>::Cell]
        where
            Self: super::Layout;

        /// All the cells, for the rule code's writes of a run of them.
        fn cells_mut(p: &mut Position<Self>) -> &mut [<Self as super::Layout>::Cell]
        where
            Self: super::Layout;

        /// Marks the cells of `cells` (bit `c` for cell `c`) as holding
        /// seeds; a store's bit may be set too (see
        /// [`Position::finish_move`], which clears those).
        fn occupy(p: &mut Position<Self>, cells: u64)
        where
            Self: super::Layout;

        /// Marks the pit cells of `cells` (bit `c` for cell `c`) as empty.
        fn vacate(p: &mut Position<Self>, cells: u64)
        where
            Self: super::Layout;

        /// A side's pits holding seeds, bit `k` for its `k`-th pit.
        fn occupied_row(p: &Position<Self>, side: Side) -> u32
        where
            Self: super::Layout;

        /// The pits holding seeds of the side of index `s` (0 for South,
        /// 1 for North), bit `k` for its `k`-th pit.
        fn occupied_row_at(p: &Position<Self>, s: usize) -> u32
        where
            Self: super::Layout;

        /// The pits out of play (rule `[rounds]`) as a set over the pit
        /// cells, bit `c` for cell `c`.
        fn out_cells(p: &Position<Self>) -> u64
        where
            Self: super::Layout;

        /// Marks the end pit after South's row (`i` = 0) or North's (1)
        /// as taken (see [`Position::end_pit_taken`]).
        fn take_end_pit(p: &mut Position<Self>, i: usize)
        where
            Self: super::Layout;

        /// See [`Position::settled`].
        fn settled(p: Position<Self>, v: &crate::Variant) -> Position<Self>
        where
            Self: super::Layout;

        /// See [`Position::legal_moves`].
        fn legal_moves(p: &Position<Self>, v: &crate::Variant) -> <Self as super::Layout>::Moves
        where
            Self: super::Layout;

        /// See [`Position::check_move`].
        fn check_move(
            p: &Position<Self>,
            v: &crate::Variant,
            mv: crate::Move,
        ) -> Result<(), crate::IllegalMove>
        where
            Self: super::Layout;

        /// See [`Position::play`].
        #[allow(clippy::type_complexity)]
        fn play(
            p: &Position<Self>,
            v: &crate::Variant,
            mv: crate::Move,
        ) -> Result<(Position<Self>, crate::MoveReport), crate::IllegalMove>
        where
            Self: super::Layout;

        /// The pie rule's swap of the sides (see [`Position::play_unchecked`]).
        fn swap_sides(p: &mut Position<Self>, v: &crate::Variant)
        where
            Self: super::Layout;

        /// Clears the stores' bits that a sowing may have set in the set of
        /// the pits holding seeds (see [`Storage::occupy`]).
        fn clear_store_bits(p: &mut Position<Self>)
        where
            Self: super::Layout;

        /// No sowing of the mover can be a grand slam: a cheap test on the
        /// opponent's row (see the compact layout's, which reads it as
        /// byte lanes).
        fn no_grand_slam(p: &Position<Self>, v: &crate::Variant) -> bool
        where
            Self: super::Layout;

        /// Whether the layout sows a small board (at most 8 pits a side)
        /// within a lap by one add of a word ([`Storage::sow_short`]).
        const WORD_SOWING: bool;

        /// Whether the layout has short forms for the repetition window
        /// ([`Storage::short_form`]); without them
        /// [`Storage::plain_short_form`] is never called.
        const SHORT_FORMS: bool;

        /// Sows `seeds` from the mover's pit cell `origin`, less than a
        /// lap on a board of at most 8 pits a side, by one add of a word;
        /// returns the cell of the last seed. Only where
        /// [`Storage::WORD_SOWING`].
        fn sow_short(
            p: &mut Position<Self>,
            v: &crate::Variant,
            origin: usize,
            seeds: usize,
        ) -> usize
        where
            Self: super::Layout;
    }
}

pub(crate) use sealed::Storage;

/// A count of seeds held by one cell of a layout: `u8` on the compact
/// layout. Sealed: implemented for the unsigned integer types layouts use.
pub trait Count:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Default
    + std::hash::Hash
    + std::fmt::Debug
    + std::fmt::Display
    + Into<u32>
    + From<u8>
    + TryFrom<u32>
    + std::ops::AddAssign
    + std::ops::SubAssign
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Rem<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// The largest count a cell holds.
    const MAX: u32;

    /// `x` as a count, truncated as `as` truncates (the rule code keeps
    /// every count within [`Count::MAX`]).
    fn from_u32(x: u32) -> Self;

    /// No seed.
    const ZERO: Self;
    /// One seed.
    const ONE: Self;

    /// The count as [`crate::MoveReport`]'s counts hold it: a `u16`, which
    /// every layout's cell fits.
    fn report_count(self) -> u16;
}

impl sealed::Sealed for u8 {}

impl Count for u8 {
    const MAX: u32 = u8::MAX as u32;

    #[inline(always)]
    fn from_u32(x: u32) -> u8 {
        x as u8
    }

    const ZERO: u8 = 0;
    const ONE: u8 = 1;

    #[inline(always)]
    fn report_count(self) -> u16 {
        self as u16
    }
}

impl sealed::Sealed for u16 {}

impl Count for u16 {
    const MAX: u32 = u16::MAX as u32;

    #[inline(always)]
    fn from_u32(x: u32) -> u16 {
        x as u16
    }

    const ZERO: u16 = 0;
    const ONE: u16 = 1;

    #[inline(always)]
    fn report_count(self) -> u16 {
        self
    }
}

/// What a position's storage is: the type of its cells, how many pit
/// cells it has, and the sets it keeps over them (see the module's
/// documentation for why there are layouts). Sealed: the layouts are this
/// crate's.
///
/// Cells `0..PIT_CELLS` are pit cells (South's row, then North's, then
/// cells rules use for their own state or leave at zero); cell
/// `STORE_CELL` is South's store and `STORE_CELL + 1` North's.
pub trait Layout:
    sealed::Sealed
    + sealed::Storage
    + Copy
    + Eq
    + Default
    + Send
    + Sync
    + std::hash::Hash
    + std::fmt::Debug
    + 'static
{
    /// A cell's count of seeds.
    type Cell: Count;
    /// All the cells: the pit cells, then the two stores.
    type Cells: Copy
        + Eq
        + Send
        + Sync
        + std::fmt::Debug
        + AsRef<[Self::Cell]>
        + AsMut<[Self::Cell]>
        + std::ops::Index<usize, Output = Self::Cell>
        + std::ops::IndexMut<usize, Output = Self::Cell>
        + std::ops::Index<std::ops::Range<usize>, Output = [Self::Cell]>
        + std::ops::IndexMut<std::ops::Range<usize>, Output = [Self::Cell]>;
    /// The sets over the pit cells a position keeps up to date: bit `i`
    /// for pit cell `i` holding seeds, and the pits out of play of a round.
    type Sets: Copy + Eq + Send + Sync + std::fmt::Debug;

    /// The number of pit cells (the pits of both rows and the spare cells).
    const PIT_CELLS: usize;
    /// The cell of South's store; North's follows it.
    const STORE_CELL: usize = Self::PIT_CELLS;
    /// The number of cells: the pit cells and the two stores.
    const CELLS: usize = Self::PIT_CELLS + 2;
    /// Every cell empty.
    const EMPTY: Self::Cells;
    /// The sets of a position with no seed and no pit out of play.
    const EMPTY_SETS: Self::Sets;
    /// Which layout this is, as [`crate::Variant::layout`] names it.
    const KIND: LayoutKind;
    /// The list of a position's legal moves: room for every move of the
    /// layout's largest board.
    type Moves: crate::moves::Moves;

    /// `p` as a position of the compact layout, where this layout is it;
    /// `None` on any other. For the code that is compact by nature (tables
    /// indexed by a pit's count of seeds, the endgame databases' probes):
    /// generic code reaches it through this, and the compiler keeps only
    /// the branch of the layout it is compiled for.
    #[inline(always)]
    fn compact(p: &crate::Position<Self>) -> Option<&crate::Position<Compact>> {
        let _ = p;
        None
    }
}

/// The compact layout, 48 bytes a position: 32 pit cells and the two
/// stores as `u8` (at most 255 seeds in a cell), and one 64-bit set (bit
/// `i` for pit cell `i` holding seeds, bits 34 and up for the pits out of
/// play of a round). Every board of at most 16 pits a side and 255 seeds
/// fits it; the hot path's byte tricks (a row sown with one register add,
/// eight pits summed with one multiply, the repetition window's one-word
/// board) are this layout's alone. See [`crate::Position`] for what each
/// cell holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Compact;

impl sealed::Sealed for Compact {}

impl Layout for Compact {
    type Cell = u8;
    type Cells = [u8; CELLS];
    type Sets = u64;
    const PIT_CELLS: usize = MAX_PITS;
    const EMPTY: [u8; CELLS] = [0; CELLS];
    const EMPTY_SETS: u64 = 0;
    const KIND: LayoutKind = LayoutKind::Compact;
    type Moves = crate::MoveList;

    #[inline(always)]
    fn compact(p: &crate::Position<Compact>) -> Option<&crate::Position<Compact>> {
        Some(p)
    }
}

const _: () = assert!(Compact::STORE_CELL == STORE_CELL && Compact::CELLS == CELLS);

/// Pit cells of the wide layout: four rows of 12, a player's two rows one
/// circuit of 24 pits.
pub(crate) const WIDE_PIT_CELLS: usize = 48;
/// Cells of the wide layout: the pit cells and the two stores.
pub(crate) const WIDE_CELLS: usize = WIDE_PIT_CELLS + 2;

/// The wide layout, 144 bytes a position (pinned beside
/// [`crate::Position`]): 48 pit cells and the two stores as `u16` (four rows
/// of up to 12 pits, up to [`LayoutLimits::total_seeds`] seeds), and its
/// sets in a [`WideSets`] of their own (no spare cells hold state). For
/// the boards the compact layout cannot hold; no byte tricks: a row is
/// sown seed by seed, summed by a loop, hashed cell by cell, and the
/// repetition window compares keys and positions (no short form).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide;

/// The sets and marks a wide position keeps beside its cells: bit `c` of
/// `occupied` for pit cell `c` holding seeds (bits 48 and 49, the stores',
/// set by a sowing until the end checks clear them), bit `c` of `out` for
/// pit cell `c` out of play (rule `[rounds]`), the claimed pits of rules
/// with several claims (`claims`, and those of them North owns: `north`),
/// and the marks of the end pits taken (`end_marks`, rule `board.end_pits`).
/// Public only as [`Wide`]'s `Layout::Sets`; its fields are the crate's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WideSets {
    pub(crate) occupied: u64,
    pub(crate) out: u64,
    pub(crate) claims: u32,
    pub(crate) north: u32,
    pub(crate) end_marks: u8,
}

impl sealed::Sealed for Wide {}

impl Layout for Wide {
    type Cell = u16;
    type Cells = [u16; WIDE_CELLS];
    type Sets = WideSets;
    const PIT_CELLS: usize = WIDE_PIT_CELLS;
    const EMPTY: [u16; WIDE_CELLS] = [0; WIDE_CELLS];
    const EMPTY_SETS: WideSets =
        WideSets { occupied: 0, out: 0, claims: 0, north: 0, end_marks: 0 };
    const KIND: LayoutKind = LayoutKind::Wide;
    type Moves = crate::MoveList<{ crate::MAX_WIDE_MOVES }>;
}

/// Runs `$body` with `$L` naming the layout of `$kind` (a [`LayoutKind`]):
/// the one dispatch of a front end, made once at the top, where a variant's
/// layout is known ([`crate::Variant::layout`]); below it the code is
/// generic over [`Layout`] and monomorphised for each layout.
///
/// ```
/// use mancala_core::{with_layout, Game, Layout, Variant};
///
/// fn first_moves<L: Layout>(v: &Variant) -> usize {
///     Game::<L>::new_in(v.clone()).legal_moves().len()
/// }
///
/// // Hus on four rows of 12: past the compact layout's 32 pit cells.
/// let mut rules = Variant::preset("hus").unwrap().rules().clone();
/// rules.board.pits_per_side = 12;
/// rules.board.pits_per_side_range = [2, 12];
/// let v = Variant::new(rules).unwrap();
/// assert_eq!(with_layout!(v.layout(), L => first_moves::<L>(&v)), 18);
/// ```
#[macro_export]
macro_rules! with_layout {
    ($kind:expr, $L:ident => $body:expr) => {
        match $kind {
            $crate::LayoutKind::Compact => {
                type $L = $crate::Compact;
                $body
            }
            $crate::LayoutKind::Wide => {
                type $L = $crate::Wide;
                $body
            }
        }
    };
}

/// A layout by name: what [`crate::Variant::layout`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LayoutKind {
    /// [`Compact`]: at most 32 pit cells and 255 seeds.
    Compact,
    /// [`Wide`]: four rows of up to 12 pits, up to 1,000 seeds.
    Wide,
}

/// What a layout holds: the limits of the rules' sizes that depend on the
/// layout (the rest are the rules' own, in `Rules::check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutLimits {
    /// Seeds in all (a cell holds at most this many).
    pub total_seeds: u32,
    /// Pits a row on four rows (a player's two rows are one circuit of
    /// twice this many pit cells).
    pub pits_per_row_on_four: usize,
    /// Pits a side of rules with several claims.
    pub pits_per_side_with_claims: usize,
    /// Pits a side of rules with end pits.
    pub pits_per_side_with_end_pits: usize,
    /// Pits a side of rules with `[rounds]`.
    pub pits_per_side_in_rounds: usize,
}

impl LayoutKind {
    /// Every layout, the smallest first: a rule set gets the first that
    /// holds it.
    pub const ALL: [LayoutKind; 2] = [LayoutKind::Compact, LayoutKind::Wide];

    /// The widest layout: its limits are the rules' limits.
    pub const WIDEST: LayoutKind = LayoutKind::Wide;

    /// The layout's name, as messages write it.
    pub const fn name(self) -> &'static str {
        match self {
            LayoutKind::Compact => "compact",
            LayoutKind::Wide => "wide",
        }
    }

    /// The boards this layout holds, as messages write them: "at most 16
    /// pits a side on two rows, 8 a row on four rows, 255 seeds in all".
    pub fn boards_held(self) -> String {
        let limits = self.limits();
        format!(
            "at most {} pits a side on two rows, {} a row on four rows, {} seeds in all",
            crate::MAX_PITS_PER_SIDE,
            limits.pits_per_row_on_four,
            limits.total_seeds
        )
    }

    /// The limits of the rules' sizes this layout holds: the table of the
    /// one policy ([`crate::Variant::layout`]).
    pub const fn limits(self) -> LayoutLimits {
        match self {
            LayoutKind::Compact => LayoutLimits {
                total_seeds: crate::MAX_TOTAL_SEEDS,
                pits_per_row_on_four: crate::MAX_PITS_PER_ROW_ON_FOUR,
                pits_per_side_with_claims: crate::MAX_PITS_PER_SIDE_WITH_CLAIMS,
                pits_per_side_with_end_pits: crate::MAX_PITS_PER_SIDE_WITH_END_PITS,
                pits_per_side_in_rounds: crate::MAX_PITS_PER_SIDE_IN_ROUNDS,
            },
            // The claims, the end pits and the rounds keep the compact
            // layout's limits: their state fits the wide layout's sets at
            // any two-row size, but the position string's reading and the
            // claims' one form still assume them (notes/wide-board.md).
            LayoutKind::Wide => LayoutLimits {
                total_seeds: 1000,
                pits_per_row_on_four: WIDE_PIT_CELLS / 4,
                pits_per_side_with_claims: crate::MAX_PITS_PER_SIDE_WITH_CLAIMS,
                pits_per_side_with_end_pits: crate::MAX_PITS_PER_SIDE_WITH_END_PITS,
                pits_per_side_in_rounds: crate::MAX_PITS_PER_SIDE_IN_ROUNDS,
            },
        }
    }
}
