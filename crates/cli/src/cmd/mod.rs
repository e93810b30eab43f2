//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod db;
pub mod db_mpi;
pub mod engine;
pub mod mankalah;
pub mod matches;
pub mod perft;
pub mod play;
pub mod serve;
pub mod solve;
pub mod state;
pub mod variants;
