//! Search and analysis for mancala games, built on [`mancala_core`].
//! No I/O: progress is reported through callbacks.

pub mod playout;
