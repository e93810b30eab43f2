//! Search and analysis for mancala games, built on [`mancala_core`].
//! Its I/O: the [`session`] writes the protocol's replies to the output it
//! is given and reads the variant file a `variantfile` command names
//! ([`mancala_core::Variant::from_file`]); a match
//! ([`matches`](mod@matches)) starts the external programs it plays.
//! Elsewhere progress is reported through callbacks, and the evaluation's
//! weights are compiled in.
//!
//! - [`search`]: the engine (alpha-beta with a transposition table,
//!   iterative deepening, endgame solving) and its reports.
//! - [`player`]: the computer player at strength levels 1 to 10, and hints.
//! - [`playout`]: random playouts (speed benchmark of the rules).
//! - [`protocol`]: the messages of the `mancala engine` protocol, typed,
//!   with one parser and one printer each.
//! - [`mankalah`]: the messages of the Manchester Kalah game engine's
//!   protocol, typed.
//! - [`session`]: the engine behind the `mancala engine` protocol, one
//!   line at a time, searching on a thread of its own.
//! - [`uci`]: the messages of the UCI dialect of Oware engines (Aalina's),
//!   typed, and its move letters.
//! - [`uci_session`]: the engine behind that dialect: its lines turned
//!   into the protocol's for a [`session::Session`], and the replies back.
//! - [`record`]: the game record (the saved-game format), with who plays
//!   each side ([`record::PlayerKind`]).
//! - [`matches`](mod@matches): matches between players (levels, our search, programs
//!   speaking the protocol or the UCI dialect): openings, games, the Elo
//!   difference.
//! - [`lines`]: reading lines of bounded length.

#![warn(missing_docs)]

pub mod book;
pub mod lines;
pub mod mankalah;
pub mod matches;
pub mod player;
pub mod playout;
pub mod protocol;
pub mod record;
pub mod search;
pub mod session;
pub mod uci;
pub mod uci_session;

pub use player::{
    computer_choice_until, computer_choice_with, computer_move, computer_move_until,
    computer_move_with, hint, hint_with, level_limits, level_threads, Choice, LEVELS,
    PARALLEL_LEVELS,
};
pub use search::{
    Analysis, EndgameOracle, MoveAnalysis, SearchInfo, SearchLimits, SearchOptions, SearchResult,
    Searcher,
};
