//! The one call every front end makes to solve a position: [`Solve`].
//!
//! It decides everything that is policy rather than presentation:
//!
//! - the route ([`Route`]): the exact solver ([`SolvePlan`]) for games
//!   without a repetition rule; under a repetition rule (stores beside the
//!   board, the Oware family) the endgame database where its value is the
//!   game's (awari's rule, a position without history since the last
//!   capture), otherwise a proof by search ([`solve_by_search`]), which may
//!   not finish;
//! - which databases are built first and which are only read;
//! - the threads and the table of each route: every core for the exact
//!   solver and a database build, one thread for a proof by search (helper
//!   threads' other move orders can leave a line unproven that one thread
//!   proves, `docs/engine.md`), a table sized to the game;
//! - what is exact ([`Solved::method`], [`Solved::played_to_the_end`]) and
//!   what is not ([`SolveError::NotProven`] with its bound).
//!
//! Progress is reported as [`PlanEvent`]s; errors are [`SolveError`]s whose
//! text every front end shows as it is, naming the caller's own options
//! ([`OptionNames`]).
//!
//! ```
//! use mancala_core::{Game, Variant};
//! use mancala_solver::Solve;
//!
//! let game = Game::new(Variant::preset("kalah-irving")?.resized(Some(4), Some(3))?);
//! let dir = tempfile::tempdir()?; // where the databases go
//! let solved = Solve::new(&game).databases(dir.path()).run(&|_event| {})?;
//! assert_eq!(solved.margin, 8); // Irving et al.: Kalah(4,3) is won by 8
//! assert_eq!(solved.method.name(), "solver");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Under a repetition rule the same call proves the value by search where
//! no database holds it:
//!
//! ```
//! use mancala_core::{Game, Variant};
//! use mancala_solver::Solve;
//!
//! // Oware with 3 pits a side and 2 seeds each: proven by search.
//! let game = Game::new(Variant::preset("oware")?.resized(Some(3), Some(2))?);
//! let solved = Solve::new(&game).table_megabytes(16).run(&|_| {})?;
//! assert_eq!(solved.method.name(), "search");
//! assert_eq!(solved.margin, 8);
//! assert_eq!(solved.best_moves[0].to_string(), "3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use mancala_core::{Game, Move, Repetition, Side, StorePlacement, Variant};
use mancala_engine::search::score::for_side;
use mancala_engine::search::{SearchOptions, Searcher, DEEPEST, MAX_HASH_MB};

use crate::databases::{Database, Databases};
use crate::plan::{default_table_megabytes, PlanError, PlanEvent, SolvePlan};
use crate::repetition::{self, winner_of, RepetitionError, SearchSolution};
use crate::DbError;

/// The table of a proof by search when the caller gives no size, in MiB.
pub const SEARCH_TABLE_MB: usize = 256;

/// How the caller's options are called in its messages: `--db-seeds` on
/// the command line, `db_seeds` in Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionNames {
    /// The folder of databases.
    pub databases: &'static str,
    /// The database size to build.
    pub db_seeds: &'static str,
    /// The table size in MiB.
    pub table: &'static str,
    /// A value is written `name = value` (Python) rather than `name value`.
    pub equals: bool,
}

impl OptionNames {
    /// The command line's: `--db-dir`, `--db-seeds`, `--hash`.
    pub const COMMAND_LINE: OptionNames = OptionNames {
        databases: "--db-dir",
        db_seeds: "--db-seeds",
        table: "--hash",
        equals: false,
    };
    /// The Python package's keywords: `databases`, `db_seeds`, `table_mb`.
    pub const KEYWORDS: OptionNames = OptionNames {
        databases: "databases",
        db_seeds: "db_seeds",
        table: "table_mb",
        equals: true,
    };

    /// An option set to a value, as the caller writes it.
    fn set(&self, name: &str, value: impl std::fmt::Display) -> String {
        if self.equals {
            format!("{name} = {value}")
        } else {
            format!("{name} {value}")
        }
    }
}

/// Whether `v`'s games are solved under a repetition rule (its stores
/// beside the board and a repetition rule: the Oware family), so by the
/// database or by search rather than by the exact solver.
pub fn under_repetition(v: &Variant) -> bool {
    let rules = v.rules();
    rules.end.repetition != Repetition::None && rules.board.stores == StorePlacement::Beside
}

/// How a position is solved: what [`Solve::route`] decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// By the exact solver ([`SolvePlan`]): games without a repetition rule.
    Solver,
    /// From the endgame database: awari's rule, a fresh position, a
    /// database covering its seeds on disk (`build` `None`) or to be built
    /// up to `build` seeds first (layers already on disk are reused).
    Database {
        /// Build the database up to this many seeds first.
        build: Option<usize>,
    },
    /// By search for the reason `why` (a sentence to show), with the
    /// database on disk where it applies, built first up to `build` seeds
    /// when asked.
    Search {
        /// Why not from the database (a sentence to show).
        why: String,
        /// Build the database up to this many seeds first.
        build: Option<usize>,
    },
}

/// How a value was proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact solver.
    Solver,
    /// Read from the endgame database up to `max_seeds` seeds in `folder`.
    Database {
        /// The database covers boards with up to this many seeds left.
        max_seeds: usize,
        /// The folder holding it.
        folder: PathBuf,
    },
    /// By search to the end of every line, `depth` moves deep.
    Search {
        /// The depth of the last iteration, in moves.
        depth: u32,
    },
}

impl Method {
    /// `solver`, `database` or `search`, as the Python package and the
    /// page's API say it.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Solver => "solver",
            Method::Database { .. } => "database",
            Method::Search { .. } => "search",
        }
    }
}

/// A proven value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// South's store minus North's at the end under perfect play.
    pub margin: i32,
    /// The side to move at the position solved.
    pub to_move: Side,
    /// Every move proven to reach the value.
    pub best_moves: Vec<Move>,
    /// How it was proven.
    pub method: Method,
    /// The value is that of the game played to the end, the variant's
    /// majority rule off (it changes the margin, never the winner).
    pub played_to_the_end: bool,
    /// Nodes searched (0 for a value read from a database).
    pub nodes: u64,
}

impl Solved {
    /// The value for the player to move: their store minus the
    /// opponent's at the end.
    pub fn value(&self) -> i32 {
        for_side(self.to_move, self.margin)
    }

    /// The winner under perfect play (`None`: a draw).
    pub fn winner(&self) -> Option<Side> {
        winner_of(self.margin)
    }
}

/// Why a solve gave no value.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The variant, the position or an option does not allow this solve.
    #[error("{0}")]
    Unsupported(String),
    /// The game is over.
    #[error("the game is over: there is nothing to solve")]
    GameOver,
    /// The exact solver's route failed or was stopped (its proven bounds
    /// in [`PlanError::Interrupted`]), or a database could not be built.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A proof by search ended without the value: stopped, or out of depth
    /// (the seeds can circle for longer than it looks ahead). What it
    /// found is in `solution` (a bound: [`SearchSolution::at_least`]).
    #[error("{}", if *.stopped {
        "stopped before the value was proven".to_string()
    } else {
        format!(
            "the search reached its deepest ({DEEPEST} moves) without proving the value: the \
             seeds can circle for longer than it looks ahead"
        )
    })]
    NotProven {
        /// What the search found: every move's score, proven or not.
        solution: Box<SearchSolution>,
        /// The search was stopped (otherwise it ran out of depth).
        stopped: bool,
    },
}

impl From<RepetitionError> for SolveError {
    fn from(e: RepetitionError) -> SolveError {
        match e {
            RepetitionError::GameOver => SolveError::GameOver,
            e => SolveError::Unsupported(e.to_string()),
        }
    }
}

/// A proof by search's progress: one completed iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthProgress {
    /// The depth completed, in moves.
    pub depth: u32,
    /// The best move's score: the final store margin for the player to move.
    pub score: i32,
    /// The score is proven.
    pub exact: bool,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// A solve of one game's position, with the caller's options; see the
/// module documentation.
#[derive(Clone, Debug)]
pub struct Solve {
    game: Game,
    databases: Option<PathBuf>,
    db_seeds: Option<usize>,
    build: bool,
    threads: Option<usize>,
    max_threads: Option<usize>,
    table_megabytes: Option<usize>,
    max_table_megabytes: Option<usize>,
    checkpoint: Option<PathBuf>,
    stop: Option<Arc<AtomicBool>>,
    names: OptionNames,
}

impl Solve {
    /// A solve of the game's position (its history counts under a
    /// repetition rule): no databases, the default threads and table,
    /// messages naming the command line's options.
    pub fn new(game: &Game) -> Solve {
        Solve {
            game: game.clone(),
            databases: None,
            db_seeds: None,
            build: true,
            threads: None,
            max_threads: None,
            table_megabytes: None,
            max_table_megabytes: None,
            checkpoint: None,
            stop: None,
            names: OptionNames::COMMAND_LINE,
        }
    }

    /// Uses the endgame databases in the folder of databases `root`, and
    /// builds there the one the route needs unless [`Solve::read_only`].
    pub fn databases(mut self, root: &Path) -> Solve {
        self.databases = Some(root.to_path_buf());
        self
    }

    /// The database size to build (0: only what is on disk); by default
    /// one sized to the game.
    pub fn db_seeds(mut self, seeds: usize) -> Solve {
        self.db_seeds = Some(seeds);
        self
    }

    /// Builds no database: only those on disk are read (a server's solve).
    pub fn read_only(mut self) -> Solve {
        self.build = false;
        self
    }

    /// Threads to search with (by default every core for the exact solver
    /// and a database build, one for a proof by search).
    pub fn threads(mut self, threads: usize) -> Solve {
        self.threads = Some(threads);
        self
    }

    /// At most this many threads by default (a server keeps a core free).
    pub fn max_threads(mut self, threads: usize) -> Solve {
        self.max_threads = Some(threads.max(1));
        self
    }

    /// The transposition table in MiB (by default sized to the game for
    /// the exact solver, [`SEARCH_TABLE_MB`] for a proof by search). A
    /// value read from a database has no table, and refuses one.
    pub fn table_megabytes(mut self, megabytes: usize) -> Solve {
        self.table_megabytes = Some(megabytes);
        self
    }

    /// At most this many MiB of table by default.
    pub fn max_table_megabytes(mut self, megabytes: usize) -> Solve {
        self.max_table_megabytes = Some(megabytes.max(1));
        self
    }

    /// The exact solver saves its proven bounds to `file` and resumes from
    /// it (see [`SolvePlan::checkpoint`]).
    pub fn checkpoint(mut self, file: &Path) -> Solve {
        self.checkpoint = Some(file.to_path_buf());
        self
    }

    /// Stops the solve when `stop` is set.
    pub fn stop_flag(mut self, stop: Arc<AtomicBool>) -> Solve {
        self.stop = Some(stop);
        self
    }

    /// Names the caller's options in messages.
    pub fn option_names(mut self, names: OptionNames) -> Solve {
        self.names = names;
        self
    }

    /// The game solved.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn every_core() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// The exact solver's plan for this solve (games without a repetition
    /// rule), for the comparison with the game played to the end
    /// ([`SolvePlan::solve_played_to_the_end`]).
    pub fn plan(&self) -> SolvePlan {
        let v = self.game.variant();
        let every_core = Solve::every_core().min(self.max_threads.unwrap_or(usize::MAX));
        let mut plan =
            SolvePlan::new(v, *self.game.position()).threads(self.threads.unwrap_or(every_core));
        // Without a size or a cap, the plan sizes the table to each game it
        // solves (the one played to the end included).
        let capped = self.max_table_megabytes.map(|max| default_table_megabytes(v).clamp(1, max));
        if let Some(megabytes) = self.table_megabytes.or(capped) {
            plan = plan.table_megabytes(megabytes);
        }
        if let Some(root) = &self.databases {
            plan = plan.databases(root);
        }
        match (self.build, self.db_seeds) {
            (false, _) => plan = plan.db_seeds(0),
            (true, Some(seeds)) => plan = plan.db_seeds(seeds),
            (true, None) => {}
        }
        if let Some(file) = &self.checkpoint {
            plan = plan.checkpoint(file);
        }
        if let Some(stop) = &self.stop {
            plan = plan.stop_flag(stop.clone());
        }
        plan
    }

    /// Decides the route and checks the options against it, before any
    /// work.
    pub fn route(&self) -> Result<Route, SolveError> {
        let v = self.game.variant();
        let names = &self.names;
        if self.game.position().is_over() {
            return Err(SolveError::GameOver);
        }
        if let (Some(_), None) = (self.db_seeds, &self.databases) {
            return Err(SolveError::Unsupported(format!(
                "{} needs {} (the folder to build them in)",
                names.db_seeds, names.databases
            )));
        }
        if !under_repetition(v) {
            self.plan().check()?;
            return Ok(Route::Solver);
        }
        let db_seeds = if self.build {
            self.db_seeds
        } else {
            // Only what is on disk; a database holding a convention (the
            // owner rule) is not read at all.
            (v.rules().end.repetition == Repetition::Split).then_some(0)
        };
        let route =
            repetition::route(&self.game, self.databases.as_deref(), db_seeds, names.db_seeds)?;
        match (&route, self.table_megabytes) {
            (Route::Database { .. }, Some(_)) => {
                return Err(SolveError::Unsupported(format!(
                    "{}: under the repetition rule the value is read from the endgame \
                     database; there is no search table to size",
                    names.table
                )))
            }
            (Route::Search { .. }, Some(mb)) if !(1..=MAX_HASH_MB).contains(&mb) => {
                return Err(SolveError::Unsupported(format!(
                    "{}: a solve by search takes from 1 to {MAX_HASH_MB}",
                    names.set(names.table, mb)
                )))
            }
            _ => {}
        }
        if let (
            Route::Database { build: Some(seeds) } | Route::Search { build: Some(seeds), .. },
            true,
        ) = (&route, self.build)
        {
            Databases::check_build(v, *seeds)
                .map_err(|e| SolveError::Plan(PlanError::Database(e)))?;
        }
        Ok(route)
    }

    /// Solves: the route, then its work, reporting `events`. Stopped, the
    /// exact solver's proven bounds come back in
    /// [`PlanError::Interrupted`], a proof by search's in
    /// [`SolveError::NotProven`].
    pub fn run(&self, events: &(dyn Fn(PlanEvent) + Sync)) -> Result<Solved, SolveError> {
        self.run_route(self.route()?, events)
    }

    /// [`Solve::run`] on the route [`Solve::route`] gave (a caller that
    /// checked the route first does not decide it twice).
    pub fn run_route(
        &self,
        route: Route,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Solved, SolveError> {
        let to_move = self.game.position().to_move();
        match route {
            Route::Solver => {
                let s = self.plan().solve(events)?;
                Ok(Solved {
                    margin: s.margin,
                    to_move,
                    best_moves: s.best_moves,
                    method: Method::Solver,
                    played_to_the_end: false,
                    nodes: s.nodes,
                })
            }
            Route::Database { build } => self.by_database(build, events),
            Route::Search { why, build } => self.by_search(why, build, events),
        }
    }

    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::SeqCst))
    }

    /// Builds (or finds on disk) the variant's database up to `seeds`.
    fn build_database(
        &self,
        root: &Path,
        seeds: usize,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Database, SolveError> {
        let v = self.game.variant();
        events(PlanEvent::BuildingDatabase { seeds, folder: Databases::folder(v, root) });
        let no_stop = AtomicBool::new(false);
        let stop = self.stop.as_deref().unwrap_or(&no_stop);
        let threads = self.threads.unwrap_or_else(Solve::every_core);
        let progress = |p| events(PlanEvent::Database(p));
        Databases::build_with(v, seeds, root, threads, &progress, &mut |_, _| {}, stop)
            .map_err(|e| SolveError::Plan(PlanError::Database(e)))
    }

    /// The value read from the database (built first up to `build`).
    fn by_database(
        &self,
        build: Option<usize>,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Solved, SolveError> {
        let v = self.game.variant();
        let root = self.databases.as_deref().ok_or_else(|| {
            SolveError::Unsupported("no folder of endgame databases to read the value from".into())
        })?;
        let seeds = self.game.position().seeds_in_pits() as usize;
        let folder = Databases::folder(v, root);
        let db = match build {
            Some(n) => self.build_database(root, n, events)?,
            None => Databases::open_database(v, root)
                .map_err(|e| SolveError::Plan(PlanError::Database(e)))?
                .filter(|db| db.max_seeds() >= seeds)
                .ok_or_else(|| {
                    SolveError::Unsupported(format!(
                        "{} no longer holds a database covering {seeds} seeds (the seeds in the \
                         pits)",
                        folder.display()
                    ))
                })?,
        };
        events(PlanEvent::ReadingDatabase { max_seeds: db.max_seeds() });
        let s = repetition::solve_from_database(&self.game, &db)?;
        Ok(Solved {
            margin: s.margin,
            to_move: self.game.position().to_move(),
            best_moves: s.best_moves,
            method: Method::Database { max_seeds: db.max_seeds(), folder },
            played_to_the_end: v.rules().end.majority,
            nodes: 0,
        })
    }

    /// The value proven by search, with the database where it applies
    /// (built first up to `build`).
    fn by_search(
        &self,
        why: String,
        build: Option<usize>,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Solved, SolveError> {
        let v = self.game.variant();
        events(PlanEvent::BySearch { why });
        if let (Some(seeds), Some(root), true) = (build, &self.databases, self.build) {
            self.build_database(root, seeds, events)?;
        }
        // The database is found by `v`'s rules; the game played to the end
        // (awari's majority rule off) reads its scores as exact.
        let opened = match &self.databases {
            None => None,
            Some(root) => match Databases::open(v, root) {
                Ok(opened) => opened.map(|mut o| {
                    o.exact |= repetition::searches_to_the_end(v);
                    o
                }),
                Err(e) => {
                    events(PlanEvent::DatabaseNotUsed(one_line(&e)));
                    None
                }
            },
        };
        if let Some(o) = &opened {
            events(PlanEvent::DatabaseOpened(o.describe()));
        }
        let names = &self.names;
        let table = SEARCH_TABLE_MB.min(self.max_table_megabytes.unwrap_or(usize::MAX));
        let hash_mb = self.table_megabytes.unwrap_or(table);
        let mut searcher = Searcher::try_new(SearchOptions { hash_mb, solve_seeds: None })
            .map_err(|e| {
                SolveError::Unsupported(format!("{}: {e}", names.set(names.table, hash_mb)))
            })?
            .with_endgame(opened.map(|o| o.oracle))
            .with_threads(self.threads.unwrap_or(1));
        let solution = repetition::solve_by_search(
            &self.game,
            &mut searcher,
            self.stop.as_deref(),
            &mut |i| {
                events(PlanEvent::Depth(DepthProgress {
                    depth: i.depth,
                    score: i.score,
                    exact: i.exact,
                    nodes: i.nodes,
                    elapsed: i.elapsed,
                }))
            },
        )?;
        match solution.margin() {
            Some(margin) => Ok(Solved {
                margin,
                to_move: solution.to_move,
                best_moves: solution.best_moves(),
                method: Method::Search { depth: solution.analysis.depth },
                played_to_the_end: solution.played_to_the_end,
                nodes: solution.analysis.nodes,
            }),
            None => {
                Err(SolveError::NotProven { stopped: self.stopped(), solution: Box::new(solution) })
            }
        }
    }
}

/// A database error in one line: "endgame database not used: ...".
pub fn one_line(e: &DbError) -> String {
    let text = e.to_string();
    format!("endgame database not used: {}", text.split_whitespace().collect::<Vec<_>>().join(" "))
}
