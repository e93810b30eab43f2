//! One module per subcommand.

pub mod bench;
pub mod perft;
pub mod state;
pub mod variants;
