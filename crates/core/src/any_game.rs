//! A game in its variant's layout, held between calls: the enum
//! counterpart of [`crate::with_layout`] for a front end that keeps a game
//! (the engine protocol's session, the Python package's state), each of
//! its methods dispatching once with [`crate::any_game`].

use crate::layout::{Compact, Wide};
use crate::{with_layout, Game, NotCompact, Variant};

/// A game in its variant's layout ([`Variant::layout`]).
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A game of the compact layout (every preset but the wide board's).
    Compact(Game<Compact>),
    /// A game of the wide layout (four rows of up to 12 pits, up to 1,000
    /// seeds).
    Wide(Game<Wide>),
}

/// Runs `$body` with `$g` bound to the game of `$game` (an [`AnyGame`],
/// `&AnyGame` or `&mut AnyGame`), compiled for each layout.
///
/// ```
/// use mancala_core::{any_game, AnyGame, Variant};
///
/// let game = AnyGame::new(Variant::preset("hus-12").unwrap());
/// assert_eq!(any_game!(&game, g => g.legal_moves().len()), 18);
/// ```
#[macro_export]
macro_rules! any_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            $crate::AnyGame::Compact($g) => $body,
            $crate::AnyGame::Wide($g) => $body,
        }
    };
}

impl From<Game<Compact>> for AnyGame {
    fn from(game: Game<Compact>) -> AnyGame {
        AnyGame::Compact(game)
    }
}

impl From<Game<Wide>> for AnyGame {
    fn from(game: Game<Wide>) -> AnyGame {
        AnyGame::Wide(game)
    }
}

impl AnyGame {
    /// A game of `v` from its start, in its layout.
    pub fn new(v: Variant) -> AnyGame {
        with_layout!(v.layout(), L => Game::<L>::new_in(v).into())
    }

    /// The variant played.
    pub fn variant(&self) -> &Variant {
        any_game!(self, g => g.variant())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        any_game!(self, g => g.position().is_over())
    }

    /// The game of the compact layout, or the refusal of `what` (compact
    /// by nature: the solver, the endgame databases) naming the wide board
    /// ([`Variant::compact_only`]).
    pub fn compact(&self, what: &str) -> Result<&Game, NotCompact> {
        match self {
            AnyGame::Compact(g) => Ok(g),
            AnyGame::Wide(g) => Err(g
                .variant()
                .compact_only(what)
                .expect_err("a wide game's variant is of the wide layout")),
        }
    }
}
