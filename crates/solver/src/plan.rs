//! The whole recipe of a solve from nothing, as `mancala solve` runs it:
//! an endgame database sized to the game (built first when the folder does
//! not hold one large enough), a transposition table sized to the game, a
//! first guess from a short heuristic search (run while the database is
//! built), proven bounds saved to a checkpoint and resumed from it, and for
//! a variant with a majority rule the value of the game played to the end.
//!
//! ```
//! use mancala_core::{Position, Variant};
//! use mancala_solver::SolvePlan;
//!
//! let v = Variant::preset("kalah-irving")?.resized(Some(4), Some(3))?;
//! let dir = tempfile::tempdir()?; // where the databases go
//! let plan = SolvePlan::new(&v, Position::start(&v)).databases(dir.path()).threads(2);
//! let solution = plan.solve(&|_| {})?;
//! assert_eq!(solution.margin, 8); // Irving et al.: Kalah(4,3) is won by 8
//! assert_eq!(solution.best_moves[0].to_string(), "2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala_core::{EmptyPitCapture, Position, Rules, Side, Variant};

use mancala_engine::search::MAX_HASH_MB;

use crate::checkpoint::Resume;
use crate::databases::Databases;
use crate::index::BoardIndex;
use crate::kalah_db::{check_supported, KalahDb};
use crate::layer_file::{BuildProgress, DbError};
use crate::search::{
    can_solve, Interrupted, Solution, SolveOptions, SolveProgress, Solver, SolverError,
};

/// Why a planned solve did not finish.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The variant cannot be solved, or an option is out of range.
    #[error("{0}")]
    Unsupported(String),
    /// The endgame database could not be built or opened.
    #[error("{0}")]
    Database(#[from] DbError),
    /// The solver could not be made (the table's memory).
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// Stopped; the bounds proven so far (saved to the checkpoint, if any).
    #[error(
        "interrupted: the mover's future margin is in [{:+}, {:+}]",
        .0.lower,
        .0.upper
    )]
    Interrupted(Interrupted),
}

/// What a planned solve is doing, for the user.
#[derive(Clone, Debug)]
pub enum PlanEvent {
    /// A database up to `seeds` seeds is being built in `folder`.
    BuildingDatabase {
        /// The database's size: boards with up to this many seeds left.
        seeds: usize,
        /// The folder it is built in.
        folder: PathBuf,
    },
    /// The database build's progress.
    Database(BuildProgress),
    /// The search uses the database up to `max_seeds` seeds (ready after
    /// `elapsed`).
    UsingDatabase {
        /// The database covers boards with up to this many seeds left.
        max_seeds: usize,
        /// Time since the solve started.
        elapsed: Duration,
    },
    /// Proven bounds are saved to this file.
    Checkpoint(PathBuf),
    /// The solve resumes from bounds proven before, read from `path`.
    Resumed {
        /// The checkpoint file.
        path: PathBuf,
        /// The mover's future margin is at least this.
        lower: i32,
        /// The mover's future margin is at most this.
        upper: i32,
    },
    /// A checkpoint that cannot be trusted was ignored (one line why); the
    /// solve starts from nothing.
    CheckpointIgnored(String),
    /// The first guess of the future margin: the score of a heuristic
    /// search of `depth` moves (see [`first_guess`]).
    FirstGuess {
        /// The guess of the mover's future margin.
        guess: i32,
        /// The depth of the heuristic search, in moves.
        depth: u32,
    },
    /// The solve's progress.
    Solve(SolveProgress),
    /// The checkpoint could not be written (one line why); the solve goes on.
    CheckpointNotSaved(String),
    /// Under a repetition rule: the value is read from the database up to
    /// `max_seeds` seeds.
    ReadingDatabase {
        /// The database covers boards with up to this many seeds left.
        max_seeds: usize,
    },
    /// Under a repetition rule: the value is proven by search, for the
    /// reason `why` (a sentence to show).
    BySearch {
        /// Why the database does not give the value (a sentence to show).
        why: String,
    },
    /// The proof by search probes this database (one line describing it).
    DatabaseOpened(String),
    /// A database on disk cannot be used (one line why); the proof by
    /// search goes on without it.
    DatabaseNotUsed(String),
    /// The proof by search completed an iteration.
    Depth(crate::solve::DepthProgress),
}

/// A solve of one position with everything that makes it fast; see the
/// module documentation.
#[derive(Clone, Debug)]
pub struct SolvePlan {
    pub(crate) variant: Variant,
    pub(crate) root: Position,
    pub(crate) db_root: Option<PathBuf>,
    pub(crate) db_seeds: Option<usize>,
    pub(crate) table_megabytes: Option<usize>,
    pub(crate) threads: usize,
    pub(crate) checkpoint: Option<PathBuf>,
    stop: Option<std::sync::Arc<AtomicBool>>,
}

/// Databases up to this size are held in memory for the solve: read in
/// place where the page cache holds their files on huge pages, else copied
/// from their files; a database just built is there already (see
/// [`KalahDb::make_resident`](crate::KalahDb::make_resident)).
pub const RESIDENT_DB_BYTES: u64 = 2 << 30;

/// Boards in the database built by default for a game of 48 seeds
/// (Kalah(6,4)): 17 seeds (see `docs/databases.md` for the measurements
/// behind these sizes).
const DEFAULT_DB_BOARDS: f64 = 80e6;

/// How much larger the default database may be for each seed more in the
/// game: a solve's cost grows much faster than that with the seeds, and a
/// larger database cuts it most (Kalah(6,5) gets 25 seeds).
const DB_GROWTH_PER_SEED: f64 = 1.35;

/// How much smaller the default database is for each seed fewer than 48:
/// smaller games are searched quickly, and a database larger than their
/// search needs only costs its build.
const DB_SHRINK_PER_SEED: f64 = 1.5;

/// Largest default database, in boards: it is held in memory for the
/// search (see [`RESIDENT_DB_BYTES`]).
pub const MAX_DEFAULT_DB_BOARDS: f64 = 2e9;

/// Nodes of the heuristic search for the first guess at 44 seeds and more:
/// about a quarter of a second of one core, and the same guess on every
/// run (Kalah(6,4) to Kalah(6,6), both captures, guess as they did with
/// twice the nodes; docs/scaling.md, tenth session).
const FIRST_GUESS_NODES: u64 = 1_250_000;

/// The heuristic search's table for the first guess, in MiB: it holds the
/// positions of [`FIRST_GUESS_NODES`] nodes, and a larger one only costs
/// the zeroing of its pages.
const FIRST_GUESS_TABLE_MB: usize = 8;

/// Nodes of the heuristic search for the first guess in `v`: halved for
/// every 4 seeds fewer than 44 (a smaller game's solve is much cheaper, and
/// the guess must not cost more than it saves: Kalah(6,3) solves in about
/// a second), at least 100,000.
fn first_guess_nodes(v: &Variant) -> u64 {
    let total = v.total_seeds() as f64;
    let scale = 2f64.powf(((total - 44.0) / 4.0).min(0.0));
    ((FIRST_GUESS_NODES as f64 * scale) as u64).max(100_000)
}

impl SolvePlan {
    /// A plan to solve `root` in `v`: no database, no checkpoint, every
    /// core, a table sized to the game.
    pub fn new(v: &Variant, root: Position) -> SolvePlan {
        SolvePlan {
            variant: v.clone(),
            root,
            db_root: None,
            db_seeds: None,
            table_megabytes: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            checkpoint: None,
            stop: None,
        }
    }

    /// Uses (and builds, where the variant has one) endgame databases in
    /// the folder of databases `root`.
    pub fn databases(mut self, root: &Path) -> SolvePlan {
        self.db_root = Some(root.to_path_buf());
        self
    }

    /// Builds the database up to `seeds` seeds rather than
    /// [`default_db_seeds`]; 0 uses only what is on disk.
    pub fn db_seeds(mut self, seeds: usize) -> SolvePlan {
        self.db_seeds = Some(seeds);
        self
    }

    /// A transposition table of `megabytes` MiB rather than
    /// [`default_table_megabytes`].
    pub fn table_megabytes(mut self, megabytes: usize) -> SolvePlan {
        self.table_megabytes = Some(megabytes);
        self
    }

    /// Threads searching (and building) together.
    pub fn threads(mut self, threads: usize) -> SolvePlan {
        self.threads = threads;
        self
    }

    /// Saves proven bounds to `file` as they are proven, resumes from it
    /// when it holds bounds for this very solve, and removes it when the
    /// solve is done.
    pub fn checkpoint(mut self, file: &Path) -> SolvePlan {
        self.checkpoint = Some(file.to_path_buf());
        self
    }

    /// Stops the solve when `stop` is set (from a Ctrl-C handler, say).
    pub fn stop_flag(mut self, stop: std::sync::Arc<AtomicBool>) -> SolvePlan {
        self.stop = Some(stop);
        self
    }

    /// The variant solved.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Checks the plan's options before anything is done.
    pub fn check(&self) -> Result<(), PlanError> {
        can_solve(&self.variant).map_err(PlanError::Unsupported)?;
        if !(1..=256).contains(&self.threads) {
            return Err(PlanError::Unsupported(format!("{} threads: use 1 to 256", self.threads)));
        }
        if let Some(mb) = self.table_megabytes {
            if !(1..=MAX_HASH_MB).contains(&mb) {
                return Err(PlanError::Unsupported(format!(
                    "a table of {mb} MiB: use 1 to {MAX_HASH_MB} MiB"
                )));
            }
        }
        // The database is that of the game played to the end (the majority
        // rule changes no board's value there), so a variant with the
        // majority rule is checked through it, before any work.
        let served = Databases::database_variant(&self.variant)?;
        if let (Some(seeds), Ok(())) = (self.db_seeds, check_supported(&served)) {
            if seeds > 0 {
                Databases::check_build(&served, seeds)?;
            }
        }
        Ok(())
    }

    /// Solves the root. Interrupted (the stop flag), it returns the bounds
    /// proven so far, saved to the checkpoint.
    pub fn solve(&self, events: &(dyn Fn(PlanEvent) + Sync)) -> Result<Solution, PlanError> {
        self.check()?;
        let solution = self.solve_variant(&self.variant, self.checkpoint.as_deref(), events);
        crate::read_trace::flush();
        solution
    }

    /// For a variant with a majority rule, the root's value with the game
    /// played to the end (no checkpoint); `None` for other variants.
    pub fn solve_played_to_the_end(
        &self,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Option<Solution>, PlanError> {
        if !self.variant.rules().end.majority {
            return Ok(None);
        }
        self.check()?;
        let mut rules: Rules = self.variant.rules().clone();
        rules.end.majority = false;
        let to_end = Variant::new(rules).map_err(|e| PlanError::Unsupported(e.to_string()))?;
        self.solve_variant(&to_end, None, events).map(Some)
    }

    fn solve_variant(
        &self,
        v: &Variant,
        checkpoint: Option<&Path>,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Solution, PlanError> {
        let started = Instant::now();
        let root = self.root;
        // The first guess (a short heuristic search) runs while the database
        // is built.
        let (db, guess) = std::thread::scope(|scope| {
            let guess = scope.spawn(|| first_guess_until(v, &root, self.stop.as_deref()));
            let db = self.open_or_build_db(v, events);
            (db, guess.join().unwrap_or(None))
        });
        let mut db = db?;
        if let Some(db) = &mut db {
            if db.bytes() <= RESIDENT_DB_BYTES {
                db.make_resident().map_err(|e| DbError::Io {
                    path: self.db_root.clone().unwrap_or_default(),
                    source: e,
                })?;
            }
            events(PlanEvent::UsingDatabase {
                max_seeds: db.max_seeds(),
                elapsed: started.elapsed(),
            });
        }
        let (resume, known) = Resume::open(checkpoint, v, &root, events);
        if let Some((guess, depth)) = guess {
            events(PlanEvent::FirstGuess { guess, depth });
        }
        let guess = guess.map(|(g, _)| g);
        let megabytes = self.table_megabytes.unwrap_or_else(|| default_table_megabytes(v));
        let no_stop = AtomicBool::new(false);
        let stop = self.stop.as_deref().unwrap_or(&no_stop);
        let solver = Solver::try_new(
            v,
            db.as_ref(),
            SolveOptions { table_megabytes: megabytes, threads: self.threads },
            stop,
        )?;
        let save = |lower: i32, upper: i32| resume.save(lower, upper);
        let last = std::sync::Mutex::new((i32::MIN, i32::MAX));
        let progress = |p: SolveProgress| {
            events(PlanEvent::Solve(p));
            let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
            if (p.lower, p.upper) != *last {
                *last = (p.lower, p.upper);
                save(p.lower, p.upper);
            }
        };
        let mut result = solver.solve_from(&root, known, guess, &progress);
        if known.is_some()
            && result.as_ref().is_ok_and(|s| s.best_moves.is_empty() && !root.is_over())
        {
            // No move reaches the value the resumed bounds led to: they were
            // not this solve's. Solve again from nothing.
            resume.not_this_position();
            result = solver.solve_from(&root, None, guess, &progress);
        }
        match result {
            Ok(solution) => {
                resume.solved();
                Ok(solution)
            }
            Err(i) => {
                save(i.lower, i.upper);
                Err(PlanError::Interrupted(i))
            }
        }
    }

    /// The endgame database for the solve, if the variant has one: what is
    /// on disk, built up to the size asked for (or [`default_db_seeds`])
    /// first, unless a larger one is there.
    fn open_or_build_db(
        &self,
        v: &Variant,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<Option<KalahDb>, PlanError> {
        let Some(root) = &self.db_root else { return Ok(None) };
        if check_supported(v).is_err() {
            return Ok(None);
        }
        let folder = Databases::folder(v, root);
        let on_disk = if folder.exists() { KalahDb::open(v, &folder)? } else { None };
        let want = self.db_seeds.unwrap_or_else(|| default_db_seeds(v));
        if want == 0 || on_disk.as_ref().is_some_and(|db| db.max_seeds() >= want) {
            return Ok(on_disk);
        }
        drop(on_disk);
        events(PlanEvent::BuildingDatabase { seeds: want, folder: folder.clone() });
        let progress = |p: BuildProgress| events(PlanEvent::Database(p));
        let no_stop = AtomicBool::new(false);
        let stop = self.stop.as_deref().unwrap_or(&no_stop);
        Ok(Some(KalahDb::build_until(v, want, &folder, self.threads, &progress, stop)?))
    }
}

/// The default database size for `v`: as many seeds as fit a budget of
/// boards for its game size (80 million for 48 seeds, 1.35 times more for
/// every seed more, 1.5 times less for every seed fewer, doubled when a
/// capture needs seeds opposite, at most 2 billion), and no more than half
/// the seeds.
///
/// When an empty-pit capture needs seeds opposite, the budget doubles: a
/// lone seed landing opposite an empty pit stays on the board, seeds leave
/// it more slowly and the search above the database is some three times
/// larger, so more database pays.
pub fn default_db_seeds(v: &Variant) -> usize {
    let index = BoardIndex::new(2 * v.pits_per_side());
    let total = v.total_seeds() as i32;
    let slow = v.rules().capture.empty_pit == EmptyPitCapture::IfOppositeHasSeeds;
    let growth = if total < 48 { DB_SHRINK_PER_SEED } else { DB_GROWTH_PER_SEED };
    let budget = DEFAULT_DB_BOARDS * growth.powi(total - 48) * if slow { 2.0 } else { 1.0 };
    let budget = budget.min(MAX_DEFAULT_DB_BOARDS) as u64;
    let half = total as usize / 2;
    (0..=half).take_while(|&k| index.count_up_to(k) <= budget).last().unwrap_or(0)
}

/// The default transposition table for `v`, in MiB: 128 for 48 seeds,
/// doubling every 4 seeds more, from 32 MiB to 4 GiB. Smaller tables are
/// faster (fewer cache and TLB misses, fewer fresh pages for the kernel to
/// zero) as long as the positions fit: half the table cost Kalah(6,4) and
/// Kalah(6,5) 0.5% and 3.4% more positions and saved more than that in
/// time (docs/scaling.md, tenth session).
pub fn default_table_megabytes(v: &Variant) -> usize {
    let total = v.total_seeds() as f64;
    (128.0 * 2f64.powf((total - 48.0) / 4.0)).clamp(32.0, 4096.0) as usize
}

/// A first guess of the root's future margin for the player to move, and
/// the depth it comes from: the score of a short heuristic search by the
/// engine. MTD(f) needs fewer tests the closer it starts, and its first
/// test asks "at least the guess?", move by move (see
/// [`Solver::solve_from`](crate::Solver::solve_from)). A guess above the
/// value is dear (the first test then refutes every move in vain), one
/// below it cheap (a proof that the guess is reached, which the next test
/// uses); the engine has scored every Kalah start position we solved at
/// most one above its value (Kalah(6,4): +9, the value +8 with the classic
/// capture and +10 with Irving's). When every seed ends in a store (no majority
/// rule) the future margin has the parity of the seeds on the board, so a
/// score of the other parity is rounded down.
pub fn first_guess(v: &Variant, root: &Position) -> Option<(i32, u32)> {
    first_guess_until(v, root, None)
}

/// [`first_guess`], cut short when `stop` is set (a solve stopped before its
/// search began answers at once).
fn first_guess_until(
    v: &Variant,
    root: &Position,
    stop: Option<&AtomicBool>,
) -> Option<(i32, u32)> {
    if root.is_over() {
        return None;
    }
    let game = mancala_core::Game::from_position(v.clone(), *root);
    let mut searcher = mancala_engine::Searcher::new(mancala_engine::SearchOptions {
        hash_mb: FIRST_GUESS_TABLE_MB,
        ..mancala_engine::SearchOptions::default()
    });
    let limits = mancala_engine::SearchLimits::nodes(first_guess_nodes(v));
    let result = searcher.search(&game, limits, stop, &mut |_| {});
    // The engine scores the final margin for the mover; the solver wants the
    // margin still to come.
    let mover = root.to_move();
    let stores = root.store(mover) as i32 - root.store(mover.opponent()) as i32;
    let mut guess = result.score - stores;
    let seeds = (root.side_seeds(Side::South) + root.side_seeds(Side::North)) as i32;
    if !v.rules().end.majority && (guess - seeds) % 2 != 0 {
        guess -= 1;
    }
    Some((guess, result.depth))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkpoint::Checkpoint;

    fn kalah(pits: u8, seeds: u8) -> Variant {
        Variant::preset("kalah-irving").unwrap().resized(Some(pits), Some(seeds)).unwrap()
    }

    #[test]
    fn the_default_database_and_table_grow_with_the_game() {
        // Kalah(6,4): the databases of the fastest solves from nothing;
        // Kalah(6,5): the one its solves were measured with.
        assert_eq!(default_db_seeds(&kalah(6, 4)), 17);
        let classic = Variant::preset("kalah-classic").unwrap();
        assert_eq!(default_db_seeds(&classic), 19);
        assert_eq!(default_db_seeds(&kalah(6, 5)), 25);
        assert_eq!(default_db_seeds(&kalah(5, 4)), 14);
        let classic = classic.resized(Some(5), Some(4)).unwrap();
        assert_eq!(default_db_seeds(&classic), 16);
        assert_eq!(default_table_megabytes(&kalah(6, 4)), 128);
        assert_eq!(default_table_megabytes(&kalah(6, 5)), 1024);
        // Small games: small tables, and never more than half the seeds in
        // the database.
        assert_eq!(default_table_megabytes(&kalah(4, 3)), 32);
        assert!(default_db_seeds(&kalah(4, 3)) <= 12);
        // Huge games: capped, so that the database still fits in memory.
        let huge = kalah(8, 12);
        let index = BoardIndex::new(16);
        assert!(index.count_up_to(default_db_seeds(&huge)) as f64 <= MAX_DEFAULT_DB_BOARDS);
        assert_eq!(default_table_megabytes(&huge), 4096);
    }

    #[test]
    fn the_first_guess_costs_less_in_smaller_games() {
        let classic = Variant::preset("kalah-classic").unwrap();
        assert_eq!(first_guess_nodes(&classic), FIRST_GUESS_NODES);
        assert_eq!(first_guess_nodes(&kalah(6, 5)), FIRST_GUESS_NODES);
        assert_eq!(first_guess_nodes(&kalah(6, 3)), FIRST_GUESS_NODES / 4);
        assert_eq!(first_guess_nodes(&kalah(5, 4)), FIRST_GUESS_NODES / 2);
        assert_eq!(first_guess_nodes(&kalah(3, 2)), 100_000);
    }

    #[test]
    fn the_first_guess_has_the_parity_of_the_seeds_on_the_board() {
        // Every seed ends in a store: the future margin is the seeds on the
        // board less twice the opponent's share, so of their parity.
        let classic = Variant::preset("kalah-classic").unwrap();
        for v in [kalah(4, 3), kalah(5, 3), classic.resized(Some(4), Some(3)).unwrap()] {
            let start = Position::start(&v);
            // After the first pit's sowing: one seed in a store, an odd
            // number on the board.
            let mut after = start;
            after.play_unchecked(&v, start.legal_moves(&v)[0]);
            for p in [start, after] {
                let seeds = (p.side_seeds(Side::South) + p.side_seeds(Side::North)) as i32;
                let (guess, _) = first_guess(&v, &p).unwrap();
                assert_eq!((guess - seeds).rem_euclid(2), 0, "{} at {p}: {guess}", v.name());
            }
        }
    }

    #[test]
    fn a_plan_is_checked_before_it_starts() {
        let oware = Variant::preset("oware").unwrap();
        let e = SolvePlan::new(&oware, Position::start(&oware)).check().unwrap_err();
        assert!(e.to_string().contains("repetition"), "{e}");
        let v = kalah(3, 2);
        let plan = SolvePlan::new(&v, Position::start(&v));
        assert!(plan.clone().threads(0).check().is_err());
        assert!(plan.clone().table_megabytes(0).check().is_err());
        let e = plan.clone().db_seeds(13).check().unwrap_err();
        assert!(matches!(e, PlanError::Database(DbError::TooManySeeds { asked: 13, limit: 12 })));
        assert!(plan.db_seeds(12).check().is_ok());
    }

    /// With a majority rule the plan also solves the game played to the
    /// end, sharing the database of the rules played to the end.
    #[test]
    fn a_majority_variant_is_also_solved_played_to_the_end() {
        let dir = tempfile::tempdir().unwrap();
        let pie = Variant::preset("kalah").unwrap().resized(Some(3), Some(2)).unwrap();
        let plan = SolvePlan::new(&pie, Position::start(&pie)).databases(dir.path()).threads(1);
        let built = std::sync::Mutex::new(0);
        let events = |e: PlanEvent| {
            if let PlanEvent::BuildingDatabase { .. } = e {
                *built.lock().unwrap() += 1;
            }
        };
        let value = plan.solve(&events).unwrap();
        assert!(!value.best_moves.is_empty());
        let full = plan.solve_played_to_the_end(&events).unwrap().expect("a majority rule");
        assert_eq!(full.margin.signum(), value.margin.signum());
        // Built once, for the rules played to the end.
        assert_eq!(*built.lock().unwrap(), 1);
        let irving = kalah(3, 2);
        let plain = SolvePlan::new(&irving, Position::start(&irving)).threads(1);
        assert!(plain.solve_played_to_the_end(&|_| {}).unwrap().is_none());
    }

    /// An interrupted plan saves its bounds; the same plan resumes from them
    /// and still finds the best moves.
    #[test]
    fn an_interrupted_plan_resumes_from_its_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.bounds");
        let v = kalah(6, 3);
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let plan = SolvePlan::new(&v, Position::start(&v))
            .threads(1)
            .table_megabytes(16)
            .checkpoint(&file)
            .stop_flag(stop.clone());
        let reports = std::sync::atomic::AtomicU32::new(0);
        // Stopped as soon as a test has moved a bound, deterministically.
        let stopping = |e: PlanEvent| {
            if let PlanEvent::Solve(p) = e {
                if p.lower > -36 || p.upper < 36 {
                    reports.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
        };
        let e = plan.solve(&stopping).unwrap_err();
        let PlanError::Interrupted(i) = e else { panic!("{e}") };
        assert!(reports.load(std::sync::atomic::Ordering::Relaxed) > 0);
        assert!(i.lower > -36 || i.upper < 36, "{i:?}");
        let saved = Checkpoint::read(
            &file,
            Checkpoint::identity(&v, &Position::start(&v)),
            &Position::start(&v),
        )
        .unwrap()
        .expect("saved");
        assert_eq!((saved.lower, saved.upper), (i.lower, i.upper));
        stop.store(false, std::sync::atomic::Ordering::Relaxed);
        let resumed = std::sync::Mutex::new(None);
        let solution = plan
            .solve(&|e| {
                if let PlanEvent::Resumed { lower, upper, .. } = e {
                    *resumed.lock().unwrap() = Some((lower, upper));
                }
            })
            .unwrap();
        assert_eq!(*resumed.lock().unwrap(), Some((i.lower, i.upper)));
        // Irving et al.: Kalah(6,3) is won by 2, opening with pit 5.
        assert_eq!(solution.margin, 2);
        let best: Vec<String> = solution.best_moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(best, ["5"]);
        assert!(!file.exists(), "removed when done");
    }
}
