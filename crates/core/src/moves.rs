//! Moves and the fixed-capacity move list.

use crate::rules::MAX_PITS_PER_SIDE;

/// A move: sow from one of the mover's pits, sow one in the direction the
/// mover chooses, or take the first move over under the pie rule.
///
/// Pits are 0-based here, counted from the mover's own left (the order in
/// which that player sows counter-clockwise); the notation shows them
/// 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Sow the seeds of the mover's pit `k` (0-based) the one way the rules
    /// allow for it (counter-clockwise unless `sowing.direction` says
    /// otherwise).
    Sow(u8),
    /// Sow the seeds of the mover's pit `k` (0-based) in the direction
    /// chosen, from a pit the rules let be sown either way
    /// (`sowing.direction = "chosen"`, or `"either"` under `"by-pit"`).
    /// Written `3ccw` or `3cw`.
    Directed(u8, Direction),
    /// Pie rule: the second player takes the first move as their own.
    Swap,
    /// A bonus take (`capture.bonus_pits`, Tsoro's additional takes): the
    /// seeds of the opponent's pit `k` go to the mover's store. The pit is
    /// 0-based and numbered as the opponent numbers their own pits (the
    /// number the opponent would write to sow it, less one). Written `t5`.
    Take(u8),
}

/// The direction a [`Move::Directed`] sows round the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Counter-clockwise: from the mover's left to their right along their
    /// own row (`ccw` in the notation).
    CounterClockwise,
    /// Clockwise: from the mover's right to their left along their own row
    /// (`cw` in the notation).
    Clockwise,
}

impl Direction {
    /// The notation's suffix: `ccw` or `cw`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Direction::CounterClockwise => "ccw",
            Direction::Clockwise => "cw",
        }
    }
}

impl Move {
    /// The move sowing the mover's pit numbered `number` (1-based, as written).
    pub fn pit(number: usize) -> Move {
        debug_assert!(number >= 1);
        Move::Sow((number.clamp(1, 256) - 1) as u8)
    }

    /// The mover's pit the move sows (0-based), if it sows one.
    pub const fn sown_pit(self) -> Option<u8> {
        match self {
            Move::Sow(k) | Move::Directed(k, _) => Some(k),
            Move::Swap | Move::Take(_) => None,
        }
    }

    /// The opponent's pit a bonus take empties (0-based, in the opponent's
    /// own numbering), if the move is one.
    pub const fn taken_pit(self) -> Option<u8> {
        match self {
            Move::Take(k) => Some(k),
            _ => None,
        }
    }
}

/// Room for every pit of a side plus the swap (or every pit of the
/// opponent's side, the bonus takes): the most legal moves of a position
/// of the compact layout ([`crate::Compact`]).
pub const MAX_MOVES: usize = MAX_PITS_PER_SIDE + 1;

/// The most legal moves of a position of the wide layout ([`crate::Wide`]):
/// a player's 24 pits on four rows of 12, and the swap.
pub const MAX_WIDE_MOVES: usize = 4 * crate::LayoutKind::Wide.limits().pits_per_row_on_four / 2 + 1;

/// The legal moves of a position, on the stack, room for `N`. A side has
/// at most [`MAX_PITS_PER_SIDE`] sowings on two rows (a variant whose pits
/// sown either way would give more is refused, see `docs/variant-file.md`)
/// and the only other move is the swap, so [`MAX_MOVES`] suffices for the
/// compact layout: `MoveList` alone names that list. The wide layout's
/// four rows of 12 give a player 24 pits: its list has room for
/// [`MAX_WIDE_MOVES`]. Each layout lists its moves in its own
/// ([`crate::Layout::Moves`]): a longer list for every layout would cost
/// the compact layout's search (notes/wide-board.md).
#[derive(Clone, Copy, Debug)]
pub struct MoveList<const N: usize = MAX_MOVES> {
    moves: [Move; N],
    len: u8,
}

mod sealed {
    /// Only this crate's move lists.
    pub trait Sealed {}
}

/// A layout's move list: a [`MoveList`] of the room its positions need.
/// Sealed.
pub trait Moves:
    sealed::Sealed + Copy + Default + std::fmt::Debug + std::ops::Deref<Target = [Move]> + 'static
{
    /// The empty list.
    const EMPTY: Self;

    /// Adds a move (at most the list's room).
    fn push(&mut self, mv: Move);
}

impl<const N: usize> sealed::Sealed for MoveList<N> {}

impl<const N: usize> Moves for MoveList<N> {
    const EMPTY: MoveList<N> = MoveList::new();

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv)
    }
}

impl<const N: usize> MoveList<N> {
    /// An empty list.
    pub const fn new() -> MoveList<N> {
        MoveList { moves: [Move::Swap; N], len: 0 }
    }

    /// Adds a move (at most `N`).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len as usize] = mv;
        self.len += 1;
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the list holds `mv`.
    pub fn contains(&self, mv: Move) -> bool {
        self.iter().any(|m| m == mv)
    }

    /// The moves in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves[..self.len as usize].iter().copied()
    }
}

impl<const N: usize> Default for MoveList<N> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<const N: usize> std::ops::Deref for MoveList<N> {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}
