//! Matches between players (`mancala match`; the openings and the Elo
//! difference serve `train_eval`'s self-play and check too): who plays,
//! from which openings, and what the results say about their strengths.
//!
//! - [`player`]: the [`Player`] a match asks for moves, and [`PlayerSpec`],
//!   the kinds of players as written on a command line (`level:N`,
//!   `search`, `cmd:PROGRAM ARGS`, `uci:PROGRAM ARGS`), started with the
//!   match's [`MatchSetup`].
//! - [`in_process`]: the players that are this engine: a strength level
//!   and our search with the match's [`Limits`].
//! - [`program`]: an external program, its input and the lines it writes.
//! - [`external`]: a program speaking the `mancala engine` protocol
//!   (docs/protocol.md), driven over its standard input and output.
//! - [`uci`](mod@uci): a program speaking the UCI dialect of Oware engines
//!   (Aalina's, [`crate::uci`]).
//! - [`opening`]: random openings (each pair of games starts from one).
//! - [`balance`]: the random openings a short search scores near even.
//! - [`game`]: one game between two players, and its points.
//! - [`elo`](mod@elo): the Elo difference, its error bar and the likelihood of
//!   superiority of a match's results ([`summarize`]).
//! - [`run`]: a whole match, game pairs with the sides swapped, on threads.

pub mod balance;
pub mod elo;
pub mod external;
pub mod game;
pub mod in_process;
pub mod opening;
pub mod player;
pub mod program;
pub mod run;
pub mod uci;

pub use balance::{balanced_openings, opening_score, BALANCE_NODES};
pub use elo::{elo, phi, summarize, Summary};
pub use game::{play_game, points};
pub use opening::{match_openings, pair_opening, random_opening, OpeningOptions, Plies};
pub use player::{Limits, MatchSetup, Player, PlayerSpec, VariantSource};
pub use run::{play_match, GameDone, MatchOptions, MatchOutcome};
