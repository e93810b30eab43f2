//! Reading lines of bounded length: the engine library's
//! ([`mancala_engine::lines`]), which a match's external players read with too.

pub use mancala_engine::lines::{read_line, Line};
