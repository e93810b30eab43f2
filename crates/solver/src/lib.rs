//! Exact solving and endgame databases for mancala games, on
//! [`mancala_core`].
//!
//! - [`Solver`] proves the value of a position under perfect play (MTD(f),
//!   shared transposition table, several threads).
//! - [`KalahDb`] holds the exact value of every board with few seeds left
//!   for the Kalah family (stores in the ring of sowing), built by
//!   [`KalahDb::build`], stored on disk and memory-mapped.
//! - [`OwareDb`] does the same for the Oware family (awari, abapa, oware),
//!   whose non-capturing moves can cycle, by retrograde analysis.
//! - Both are stored in the same layer files ([`layer_file`]: format,
//!   rules fingerprint, folder lock).
//!
//! - [`Databases`] decides which database serves which variant (and how
//!   the engine may use it), opens it as the engine's
//!   [`EndgameOracle`](mancala_engine::search::EndgameOracle) and builds
//!   the database a variant needs ([`KalahDb`] or [`OwareDb`]).
//! - [`Solve`] is the one call every front end makes to solve a position:
//!   it picks the route (the exact solver, the database, or a proof by
//!   search under a repetition rule), the threads and the table, and says
//!   what is exact.
//! - [`SolvePlan`] is the exact solver's recipe: database and table sized
//!   to the game, first guess, checkpoints ([`Checkpoint`]), the value
//!   played to the end.
//!
//! The only I/O is the database files and solve checkpoints, in folders the
//! caller passes; progress is reported by callbacks.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use mancala_core::{Position, Variant};
//! use mancala_solver::{SolveOptions, Solver};
//!
//! // Kalah with 4 pits a side and 1 seed each, as Irving et al. play it.
//! let v = Variant::preset("kalah-irving")?.resized(Some(4), Some(1))?;
//! let stop = AtomicBool::new(false);
//! let options = SolveOptions { table_megabytes: 4, threads: 1 };
//! let solver = Solver::new(&v, None, options, &stop);
//! let solution = solver.solve(&Position::start(&v), None, &|_| {}).unwrap();
//! assert!(solution.margin.abs() <= 8);
//! assert!(!solution.best_moves.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod checkpoint;
#[cfg(feature = "mpi")]
pub mod cluster;
pub mod databases;
pub mod index;
pub mod kalah_db;
pub mod layer_file;
mod memory;
pub mod oware_db;
mod plan;
#[doc(hidden)]
pub mod read_trace;
pub mod repetition;
mod search;
mod solve;
#[cfg(feature = "mpi")]
pub mod solve_cluster;
#[cfg(any(feature = "mpi", test))]
mod split_tree;
mod tt;

pub use checkpoint::{Checkpoint, CheckpointError};
pub use databases::{Database, Databases, DbFamily, OpenedDb};
pub use index::BoardIndex;
pub use kalah_db::{KalahDb, KalahDbEntry};
pub use layer_file::{BuildProgress, DbError, LayerStats};
pub use oware_db::OwareDb;
pub use plan::{
    default_db_seeds, default_table_megabytes, first_guess, PlanError, PlanEvent, SolvePlan,
};
pub use repetition::{
    solve_by_search, solve_from_database, DatabaseSolution, RepetitionError, SearchSolution,
};
pub use search::{
    can_solve, Interrupted, Solution, SolveOptions, SolveProgress, Solver, SolverError,
};
pub use solve::{
    under_repetition, DepthProgress, Method, OptionNames, Route, Solve, SolveError, Solved,
    SEARCH_TABLE_MB,
};
pub use tt::SolverTable;
