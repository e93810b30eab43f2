//! The two sides of the board.

use serde::{Deserialize, Serialize};

/// One side of the board and the player who owns it.
///
/// South is Player 1: the lower row and the store on the right.
/// North is Player 2: the upper row and the store on the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Side {
    /// Player 1: the lower row, with the store on the right.
    South = 0,
    /// Player 2: the upper row, with the store on the left.
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The side with the given lower-case name, if any.
    pub fn from_name(name: &str) -> Option<Side> {
        match name.to_ascii_lowercase().as_str() {
            "south" | "s" => Some(Side::South),
            "north" | "n" => Some(Side::North),
            _ => None,
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
