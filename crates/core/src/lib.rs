//! Rules of the mancala family: positions, sowing, captures, notation.
//!
//! The rules are data ([`Rules`], readable from a TOML variant file); a
//! [`Variant`] is a checked rule set at one board size. A [`Position`] is a
//! small `Copy` value played with copy-make; a [`Game`] adds the history that
//! undo and the repetition rule need. The only I/O is reading a variant
//! file from disk ([`read_variant_file`], [`Variant::from_file`]); the
//! built-in variants are compiled in.
//!
//! ```
//! use mancala_core::{Game, Move, Side, Variant};
//!
//! let kalah = Variant::preset("kalah-classic")?;
//! let mut game = Game::new(kalah);
//! // South sows pit 3: 4 seeds reach pits 4, 5, 6 and the store.
//! let report = game.play(Move::pit(3))?;
//! assert!(report.extra_turn);
//! assert_eq!(game.position().to_string(), "4,4,0,5,5,5:1/4,4,4,4,4,4:0/S");
//! assert_eq!(game.position().to_move(), Side::South);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Positions and moves have a text form that reads back:
//!
//! ```
//! use mancala_core::{Position, Variant};
//!
//! let oware = Variant::preset("oware")?;
//! let start = Position::start(&oware);
//! let text = start.to_string();
//! assert_eq!(text, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S");
//! assert_eq!(Position::from_text(&oware, &text)?, start);
//! let mv = start.parse_move(&oware, "6")?;
//! let (next, _) = start.play(&oware, mv)?;
//! assert_eq!(next.row(mancala_core::Side::North), &[5, 5, 5, 5, 4, 4]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod any_game;
mod game;
mod hash;
mod history;
mod layout;
mod moves;
mod notation;
mod position;
mod replay;
mod rounds;
mod rules;
mod setup;
mod side;
mod variant;

pub use any_game::AnyGame;
pub use game::Game;
pub use hash::{mix64, prefetch, KeyHasher};
pub use history::RepetitionWindow;
pub use layout::{Compact, Count, Layout, LayoutKind, LayoutLimits, Wide, WideSets};
pub use moves::{Direction, Move, MoveList, MAX_MOVES, MAX_WIDE_MOVES};
pub use notation::{
    format_moves, parse_moves, quote, MoveError, MoveListError, ParseMoveError, ParsePositionError,
    PositionMismatch, QUOTE_MAX,
};
pub use position::{EndReason, IllegalMove, MoveReport, Outcome, Position};
pub use replay::{Place, SowEvent};
pub use rounds::{Match, MatchEnd, RoundsError};
pub use rules::{
    AfterEmptyFrom, BoardRules, ByPit, CaptureRows, CaptureRules, ChainDirection, ClaimRows,
    ClaimRules, EmptyPitCapture, EmptySide, EndRules, Facing, FacingOn, FillFrom, GrandSlam,
    MovePits, Parity, PitDirection, Relay, RelayDirection, Repetition, RoundStarter, RoundsRules,
    RuleErrors, RuleProblem, Rules, SeedsLeft, SowingDirection, SowingRules, StartPits,
    StorePlacement, StoresDrawn, Taken, TurnRules, VariantFileError, MAX_BONUS_PITS,
    MAX_PITS_PER_ROW_ON_FOUR, MAX_PITS_PER_SIDE, MAX_PITS_PER_SIDE_ANY,
    MAX_PITS_PER_SIDE_IN_ROUNDS, MAX_PITS_PER_SIDE_WITH_CLAIMS, MAX_PITS_PER_SIDE_WITH_END_PITS,
    MAX_RELAY_PILES, MAX_TOTAL_SEEDS, MAX_VARIANT_FILE_BYTES,
};
pub use setup::{PositionError, Setup};
pub use side::Side;
pub use variant::{preset_names, read_variant_file, NotCompact, Variant, VariantError};
