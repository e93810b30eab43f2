//! The limits of docs/web.md, in one place.

use std::time::Duration;

/// Largest request body, in bytes (2 MiB).
pub const MAX_BODY_BYTES: usize = 2 << 20;
/// Most moves a request may carry.
pub const MAX_MOVES: usize = 10_000;
/// The time a search may be given, in milliseconds.
pub const MOVETIME_MS: std::ops::RangeInclusive<u64> = 1..=10_000;
/// The time a search is given when the request does not say.
pub const DEFAULT_MOVETIME_MS: u64 = 1_000;
/// How long a request waits for a search slot before 503.
pub const SLOT_WAIT: Duration = Duration::from_secs(5);
/// The longest a solve runs before it stops with the bounds proven.
pub const SOLVE_TIME_LIMIT: Duration = Duration::from_secs(600);
/// The solver's transposition table, at most (MiB).
pub const SOLVE_TABLE_MB: usize = 256;
/// The transposition table of each search (MiB).
pub const SEARCH_TABLE_MB: usize = 32;
