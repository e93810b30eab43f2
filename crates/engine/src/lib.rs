//! Search and analysis for mancala games, built on [`mancala_core`].
//! No I/O: progress is reported through callbacks.

pub mod player;
pub mod playout;

pub use player::{computer_move, hint, LEVELS};
