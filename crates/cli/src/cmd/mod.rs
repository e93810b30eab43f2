//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod perft;
pub mod play;
pub mod state;
pub mod variants;
pub mod db;
pub mod solve;
pub mod engine;
pub mod mankalah;
pub mod matches;
