//! Option values shared by several commands, checked by clap when the
//! command line is read.

use mancala_engine::search::MAX_HASH_MB;

/// A transposition table size in MiB: a whole number from 1 to
/// [`MAX_HASH_MB`], the one limit of every `--hash` (and the engine
/// protocol's `hash`).
pub fn table_megabytes(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(mb),
        _ => Err(format!("the table size is a whole number of MiB from 1 to {MAX_HASH_MB}")),
    }
}
