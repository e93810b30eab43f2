//! A position as typed, unchecked ([`Setup`]), and a position checked
//! against its variant ([`Position`]), in one call: [`Setup::position`]
//! or [`Position::from_text`].
//!
//! A position string or a pair of rows says nothing of the rules: it may
//! be of another board size or seed count than the game, offer a pie rule
//! the variant lacks, or claim an end its rules cannot reach. A [`Setup`]
//! is what was read; only [`Setup::position`] makes it a [`Position`] of a
//! variant (checked, and with the end-of-game rules applied, as after
//! every move). Every front end that takes a position from its user goes
//! through it.
//!
//! ```
//! use mancala_core::{Position, Setup, Variant};
//!
//! let kalah = Variant::preset("kalah-classic")?.resized(Some(3), Some(4))?;
//! let setup: Setup = "4,4,4:0/4,4,4:0/S".parse()?;
//! assert_eq!(setup.position(&kalah)?, Position::start(&kalah));
//! // Another size: read, but not a position of this game.
//! assert!("4,4:0/4,4:0/S".parse::<Setup>()?.position(&kalah).is_err());
//! assert!(Position::from_text(&kalah, "4,4:0/4,4:0/S").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::notation::{ParsePositionError, PositionMismatch};
use crate::{Compact, Layout, Position, Variant};

/// A position as read from text or rows, not yet checked against a
/// variant: see the module documentation. Two setups are equal when they
/// write the same position string: the claims of a position kept for
/// rules of one claim and for rules of several compare equal.
///
/// Generic over the position's [`Layout`] as [`Position`] is; `Setup`
/// alone names the [`Compact`] layout, the one a position string is read
/// into.
#[derive(Clone, Copy, Debug)]
pub struct Setup<L: Layout = Compact>(pub(crate) Position<L>);

impl<L: Layout> PartialEq for Setup<L> {
    fn eq(&self, other: &Setup<L>) -> bool {
        self.0.claims_in_sets() == other.0.claims_in_sets()
    }
}

impl<L: Layout> Eq for Setup<L> {}

impl<L: Layout> std::hash::Hash for Setup<L> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.claims_in_sets().key().hash(state)
    }
}

/// Why a position string is not a position of a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not a position string.
    #[error(transparent)]
    Parse(#[from] ParsePositionError),
    /// It reads, but does not fit the game.
    #[error(transparent)]
    Mismatch(#[from] PositionMismatch),
}

impl<L: Layout> Setup<L> {
    /// The position of a game of `v`: the setup checked against `v`
    /// ([`Setup::check_fits`]), with the end-of-game rules applied as
    /// after every move (a mover without a legal move ends the game).
    pub fn position(self, v: &Variant) -> Result<Position<L>, PositionMismatch> {
        self.check_fits(v)?;
        Ok(self.0.in_claim_layout(v).settled(v))
    }

    /// Pits per side.
    pub fn pits_per_side(&self) -> usize {
        self.0.pits_per_side()
    }

    /// Seeds in all pits and stores.
    pub fn total_seeds(&self) -> u32 {
        self.0.total_seeds()
    }

    /// The setup as a position without any check: for boards the caller
    /// made itself and knows to be of its variant (an endgame database's
    /// boards, which hold fewer seeds than a game), and for tests.
    pub fn position_unchecked(self) -> Position<L> {
        self.0
    }

    /// As [`Setup::position_unchecked`], with the claimed pits kept as
    /// `v`'s rules keep them (one claim a player, or several: see
    /// [`crate::Rules::many_claims`]), as [`Setup::position`] keeps them;
    /// nothing else is checked or changed.
    pub fn position_unchecked_in(self, v: &Variant) -> Position<L> {
        self.0.in_claim_layout(v)
    }
}

impl<L: Layout> From<Position<L>> for Setup<L> {
    fn from(p: Position<L>) -> Setup<L> {
        Setup(p)
    }
}

impl<L: Layout> fmt::Display for Setup<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Position {
    /// The position a position string describes in a game of `v`, checked
    /// against `v` (see [`Setup::position`]).
    pub fn from_text(v: &Variant, text: &str) -> Result<Position, PositionError> {
        Ok(text.parse::<Setup>()?.position(v)?)
    }
}
