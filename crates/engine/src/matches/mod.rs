//! Matches between players (`mancala match`; the openings and the Elo
//! difference serve `train_eval`'s self-play and check too): who plays,
//! from which openings, and what the results say about their strengths.
//!
//! - [`player`]: the [`Player`] a match asks for moves, and [`PlayerSpec`],
//!   the kinds of players as written on a command line (`level:N`,
//!   `search`, `cmd:PROGRAM ARGS`), started with the match's [`MatchSetup`].
//! - [`in_process`]: the players that are this engine: a strength level
//!   and our search with the match's [`Limits`].
//! - [`external`]: a program speaking the `mancala engine` protocol
//!   (docs/protocol.md), driven over its standard input and output.
//! - [`opening`]: random openings (each pair of games starts from one).
//! - [`game`]: one game between two players, and its points.
//! - [`elo`](mod@elo): the Elo difference, its error bar and the likelihood of
//!   superiority of a match's results ([`summarize`]).
//! - [`run`]: a whole match, game pairs with the sides swapped, on threads.

pub mod elo;
pub mod external;
pub mod game;
pub mod in_process;
pub mod opening;
pub mod player;
pub mod run;

pub use elo::{elo, phi, summarize, Summary};
pub use game::{play_game, points};
pub use opening::{pair_opening, random_opening, OpeningOptions, Plies};
pub use player::{Limits, MatchSetup, Player, PlayerSpec, VariantSource};
pub use run::{play_match, GameDone, MatchOptions, MatchOutcome};
