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

/// The most threads a solve or a database build takes.
pub const MAX_THREADS: usize = 256;

/// A number of threads, 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("the number of threads is a whole number from 1 to {MAX_THREADS}")),
    }
}

/// One thread per core of this machine (at most [`MAX_THREADS`]).
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_THREADS)
}
