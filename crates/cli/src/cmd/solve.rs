//! `mancala solve`: the value of a position under perfect play.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::{Move, Position, Variant};
use mancala_solver::{can_solve, db::fingerprint, EndgameDb, SolveOptions, Solver};

use crate::cmd::db::DbLocation;
use crate::error::CliError;
use crate::variant_args::GameArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Transposition table size in MiB. Default: sized to the game, 256 MiB
    /// for 48 seeds (Kalah(6,4)), doubling every 4 seeds more (2 GiB for
    /// Kalah(6,5)), at most 4 GiB. Smaller tables are faster (fewer cache
    /// and TLB misses) as long as the positions fit.
    #[arg(long)]
    pub hash: Option<usize>,
    /// Threads to search with (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Build an endgame database up to this many seeds first (saved for
    /// later runs; layers already on disk are reused). Default: a size
    /// that pays for itself, growing with the game (17 seeds for
    /// Kalah(6,4), 19 with the classic capture, 25 for Kalah(6,5)), or a
    /// larger database already on disk. 0: use only what is on disk.
    #[arg(long)]
    pub db_seeds: Option<usize>,
    #[command(flatten)]
    pub location: DbLocation,
    /// Folder for checkpoints (default: $XDG_STATE_HOME/mancala/solve or
    /// ~/.local/state/mancala/solve).
    #[arg(long, value_name = "DIR")]
    pub checkpoint_dir: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let (v, game) = args.game.game()?;
    can_solve(&v).map_err(CliError::input)?;
    if args.hash.is_some_and(|h| !(1..=1 << 20).contains(&h)) {
        return Err(CliError::input("--hash must be from 1 to 1048576 MiB"));
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    if threads == 0 || threads > 256 {
        return Err(CliError::input("--threads must be from 1 to 256"));
    }
    let root = *game.position();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let started = Instant::now();

    // The endgame database: built to the size asked for (or a size that
    // pays for itself), unless a larger one is on disk.
    // The first guess (a short heuristic search) runs while the database is
    // built.
    let (db, guess) = std::thread::scope(|scope| {
        let guess = scope.spawn(|| first_guess(&v, &root));
        let db = open_or_build_db(&v, &args, threads);
        (db, guess.join().unwrap_or(None))
    });
    let mut db = db?;
    if let Some(db) = &mut db {
        // Copied into huge-page memory for fast random probes, when small.
        if db.bytes() <= RESIDENT_DB_BYTES {
            db.make_resident().map_err(|e| CliError::input(format!("endgame database: {e}")))?;
        }
        if !args.quiet {
            eprintln!(
                "using the endgame database up to {} seeds ({:.1} s)",
                db.max_seeds(),
                started.elapsed().as_secs_f64()
            );
        }
    }

    let checkpoint = checkpoint_path(&args, &v);
    if !args.quiet {
        eprintln!("proven bounds are saved to {}", checkpoint.display());
    }
    let known = read_checkpoint(&checkpoint);
    if let (Some((lo, hi)), false) = (known, args.quiet) {
        eprintln!(
            "resuming from {}: the value is already known to lie in [{lo:+}, {hi:+}]",
            checkpoint.display()
        );
    }
    if let (Some((guess, depth)), false) = (guess, args.quiet) {
        eprintln!("first guess (one above a {depth}-move heuristic search): {guess:+}");
    }
    let guess = guess.map(|(g, _)| g);
    let value =
        solve_one(&v, &root, db.as_ref(), &args, threads, &stop, known, guess, Some(&checkpoint))?;
    let _ = std::fs::remove_file(&checkpoint);

    println!("variant: {} {}x{}", v.name(), v.pits_per_side(), v.seeds_per_pit());
    if !args.game.moves.trim().is_empty() {
        println!("after: {}", args.game.moves.trim());
    }
    println!("position: {root}");
    println!("value: {:+}", value.margin);
    let best: Vec<String> = value.best_moves.iter().map(Move::to_string).collect();
    println!("best: {}", best.join(" "));
    println!("nodes: {}", value.nodes);
    println!("time: {:.2} s", started.elapsed().as_secs_f64());
    if v.rules().end.majority {
        // The same game played on to the end, for comparison.
        let mut rules = v.rules().clone();
        rules.end.majority = false;
        let to_end = Variant::new(rules).map_err(CliError::input)?;
        let db = open_or_build_db(&to_end, &args, threads)?;
        let guess = first_guess(&to_end, &root).map(|(g, _)| g);
        let full =
            solve_one(&to_end, &root, db.as_ref(), &args, threads, &stop, None, guess, None)?;
        println!("value played to the end: {:+}", full.margin);
    }
    Ok(())
}

/// Databases up to this size are held in memory for the solve (copied from
/// their files; a database just built is there already).
const RESIDENT_DB_BYTES: u64 = 2 << 30;

/// Boards in the database built by default for a game of 48 seeds
/// (Kalah(6,4)): 17 seeds, about 1.3 s of building on two cores, repaid
/// many times by the search (from nothing: 3.75 to 4.05 s with 16, 17 or
/// 18 seeds; with the classic capture, twice the boards: 19 seeds, 3.4 to
/// 3.6 s of building).
const DEFAULT_DB_BOARDS: f64 = 80e6;

/// How much larger the default database may be for each seed more in the
/// game. A solve's cost grows much faster than that with the seeds, and a
/// larger database cuts it most: Kalah(6,5) (60 seeds) gets 25 seeds, 1.85
/// G boards (up to the cap below), and its solve from nothing takes 126 s
/// with them (176 s before the two threads shared split points), against
/// 196 s with 24 seeds, 271 s with 23 and 356 s with 22 (measured then).
const DB_GROWTH_PER_SEED: f64 = 1.35;

/// How much smaller the default database is for each seed fewer than 48:
/// smaller games are searched in well under a second, and a database
/// larger than their search needs only costs its build (Kalah(5,4): 14
/// seeds with Irving's capture, 16 with the classic one).
const DB_SHRINK_PER_SEED: f64 = 1.5;

/// Largest default database, in boards: it is copied into memory for the
/// search (see [`RESIDENT_DB_BYTES`]).
const MAX_DEFAULT_DB_BOARDS: f64 = 2e9;

/// The default database size for `v`: as many seeds as fit the board
/// budget for its game size, and no more than half the seeds.
///
/// When an empty-pit capture needs seeds opposite, the budget doubles: a
/// lone seed landing opposite an empty pit stays on the board, seeds leave
/// it more slowly and the search above the database is some three times
/// larger (Kalah(6,4): 169 M nodes against 50 M with Irving's capture, 16
/// seeds), so more database pays: 19 seeds, 7.59 to 8.73 s from nothing,
/// against 9.0 to 9.1 s with 18 and 8.6 to 9.4 s with 20.
fn default_db_seeds(v: &Variant) -> usize {
    let index = mancala_solver::BoardIndex::new(2 * v.pits_per_side());
    let total = v.total_seeds() as i32;
    let slow = v.rules().capture.empty_pit == mancala_core::EmptyPitCapture::IfOppositeHasSeeds;
    let growth = if total < 48 { DB_SHRINK_PER_SEED } else { DB_GROWTH_PER_SEED };
    let budget = DEFAULT_DB_BOARDS * growth.powi(total - 48) * if slow { 2.0 } else { 1.0 };
    let budget = budget.min(MAX_DEFAULT_DB_BOARDS) as u64;
    let half = total as usize / 2;
    (0..=half).take_while(|&k| index.count_up_to(k) <= budget).last().unwrap_or(0)
}

/// The default transposition table for `v`, in MiB: 256 for 48 seeds,
/// doubling every 4 seeds more, from 32 MiB to 4 GiB.
fn default_hash(v: &Variant) -> usize {
    let total = v.total_seeds() as f64;
    (256.0 * 2f64.powf((total - 48.0) / 4.0)).clamp(32.0, 4096.0) as usize
}

/// The endgame database for the solve, if the variant has one: what is on
/// disk, built up to `--db-seeds` (or the default size) first.
fn open_or_build_db(
    v: &Variant,
    args: &Args,
    threads: usize,
) -> Result<Option<EndgameDb>, CliError> {
    if mancala_solver::db::check_supported(v).is_err() {
        return Ok(None);
    }
    let on_disk = args.location.open(v)?;
    let want = args.db_seeds.unwrap_or_else(|| default_db_seeds(v));
    if want == 0 || on_disk.as_ref().is_some_and(|db| db.max_seeds() >= want) {
        return Ok(on_disk);
    }
    drop(on_disk);
    let folder = args.location.folder(v);
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        eprintln!("endgame database up to {want} seeds: {}", folder.display());
        ProgressBar::new(0).with_style(
            ProgressStyle::with_template("layer {prefix:>3} [{bar:30}] {pos}/{len} boards")
                .expect("template")
                .progress_chars("=> "),
        )
    };
    let progress = |p: mancala_solver::BuildProgress| {
        if bar.length() != Some(p.total) || bar.prefix() != p.seeds.to_string() {
            bar.set_prefix(p.seeds.to_string());
            bar.set_length(p.total);
        }
        bar.set_position(p.done);
    };
    let db = EndgameDb::build(v, want, &folder, threads, &progress).map_err(CliError::input)?;
    bar.finish_and_clear();
    Ok(Some(db))
}

#[allow(clippy::too_many_arguments)]
fn solve_one(
    v: &Variant,
    root: &Position,
    db: Option<&EndgameDb>,
    args: &Args,
    threads: usize,
    stop: &AtomicBool,
    known: Option<(i32, i32)>,
    guess: Option<i32>,
    checkpoint: Option<&PathBuf>,
) -> Result<mancala_solver::Solution, CliError> {
    let table_megabytes = args.hash.unwrap_or_else(|| default_hash(v));
    let solver = Solver::try_new(v, db, SolveOptions { table_megabytes, threads }, stop)
        .map_err(|e| CliError::input(format!("{e}; try a smaller --hash")))?;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("template"),
        )
    };
    let last_bounds = std::sync::Mutex::new((i32::MIN, i32::MAX));
    let result = solver.solve_from(root, known, guess, &|p| {
        let rate = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} nodes, {:.2} M/s, future margin for the mover in [{:+}, {:+}]",
            p.nodes,
            rate / 1e6,
            p.lower,
            p.upper
        ));
        bar.tick();
        let mut last = last_bounds.lock().unwrap();
        if (p.lower, p.upper) != *last {
            *last = (p.lower, p.upper);
            if !args.quiet {
                let line = format!(
                    "{:>8.2} s  {:>13} nodes  the mover's future margin is in [{:+}, {:+}]",
                    p.elapsed.as_secs_f64(),
                    p.nodes,
                    p.lower,
                    p.upper
                );
                if bar.is_hidden() {
                    eprintln!("{line}");
                } else {
                    bar.println(line);
                }
            }
            if let Some(path) = checkpoint {
                write_checkpoint(path, p.lower, p.upper);
            }
        }
    });
    bar.finish_and_clear();
    result.map_err(|i| {
        if let Some(path) = checkpoint {
            write_checkpoint(path, i.lower, i.upper);
        }
        CliError {
            code: 130,
            message: format!(
                "interrupted: the mover's future margin is in [{:+}, {:+}]; saved to {}; run the same command to resume",
                i.lower,
                i.upper,
                checkpoint.map_or("nowhere".into(), |p| p.display().to_string())
            ),
        }
    })
}

fn checkpoint_path(args: &Args, v: &Variant) -> PathBuf {
    let root = args.checkpoint_dir.clone().unwrap_or_else(crate::paths::default_checkpoint_dir);
    let what = format!(
        "{:016x}/{}x{}/{}",
        fingerprint(v.rules()),
        v.pits_per_side(),
        v.seeds_per_pit(),
        args.game.moves.trim()
    );
    root.join(format!("{}-{:016x}.bounds", v.name(), mancala_solver::db::fnv1a(what.as_bytes())))
}

fn read_checkpoint(path: &PathBuf) -> Option<(i32, i32)> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut it = text.split_whitespace().map(|t| t.parse::<i32>());
    match (it.next(), it.next()) {
        (Some(Ok(lo)), Some(Ok(hi))) if lo <= hi => Some((lo, hi)),
        _ => None,
    }
}

/// Saves proven bounds atomically (temporary file, then rename).
fn write_checkpoint(path: &PathBuf, lower: i32, upper: i32) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let tmp = path.with_extension("tmp");
    if std::fs::write(&tmp, format!("{lower} {upper}\n")).is_ok() {
        let _ = std::fs::rename(&tmp, path);
    }
}

/// Nodes of the heuristic search for the first guess: about half a second
/// of one core, and the same guess on every run.
const FIRST_GUESS_NODES: u64 = 2_500_000;

/// A first guess of the root's future margin for the player to move, and
/// the depth it comes from: one above the score of a short heuristic
/// search by the engine. MTD(f) needs fewer tests the closer it starts,
/// and its first test asks "at least the guess?". Starting one above the
/// engine's score costs no test when the engine is right (the test at
/// score + 1 fails, as the proof needs, then the score passes), saves one
/// when the engine is low, and costs one only when it is high. The engine
/// has scored every Kalah start position we solved at or below its value
/// (for Kalah(6,4): +7 for +10 with Irving's capture, +8 for +8 with the
/// classic one, -2 for -2 with the pie rule; +7 for Kalah(6,5)'s +12).
fn first_guess(v: &Variant, root: &Position) -> Option<(i32, u32)> {
    if root.is_over() {
        return None;
    }
    let game = mancala_core::Game::from_position(v.clone(), *root);
    let mut searcher = mancala_engine::Searcher::new(mancala_engine::SearchOptions {
        hash_mb: 64,
        ..mancala_engine::SearchOptions::default()
    });
    let limits = mancala_engine::SearchLimits::nodes(FIRST_GUESS_NODES);
    let result = searcher.search(&game, limits, None, &mut |_| {});
    // The engine scores the final margin for the mover; the solver wants the
    // margin still to come.
    let mover = root.to_move();
    let stores = root.store(mover) as i32 - root.store(mover.opponent()) as i32;
    Some((result.score - stores + 1, result.depth))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(default_hash(&kalah(6, 4)), 256);
        assert_eq!(default_hash(&kalah(6, 5)), 2048);
        // Small games: small tables, and never more than half the seeds in
        // the database.
        assert_eq!(default_hash(&kalah(4, 3)), 32);
        assert!(default_db_seeds(&kalah(4, 3)) <= 12);
        // Huge games: capped, so that the database still fits in memory.
        let huge = kalah(8, 12);
        let index = mancala_solver::BoardIndex::new(16);
        assert!(index.count_up_to(default_db_seeds(&huge)) as f64 <= MAX_DEFAULT_DB_BOARDS);
        assert_eq!(default_hash(&huge), 4096);
    }
}
