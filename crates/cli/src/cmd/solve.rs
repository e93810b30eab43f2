//! `mancala solve`: the value of a position under perfect play. The Kalah
//! family is solved by search (`SolvePlan`); a game under awari's
//! repetition rule is read from its endgame database
//! (`mancala_solver::repetition`) where one covers it, and every other game
//! under a repetition rule is proven by the engine's search
//! (`mancala_solver::solve_by_search`), which may not finish.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::{Game, Move, Position, Repetition, Side, StorePlacement, Variant};
use mancala_engine::search::score::for_side;
use mancala_engine::search::{SearchOptions, Searcher};
use mancala_solver::repetition::{self, winner_of};
use mancala_solver::{
    Checkpoint, Database, Databases, DbError, PlanError, PlanEvent, RepetitionError, Route,
    SolvePlan, SolverError,
};

use crate::cmd::db::{db_error, DbLocation};
use crate::error::CliError;
use crate::signals::Stop;
use crate::variant_args::GameArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Transposition table size in MiB, 1 to 65536. Default: sized to the game, 256 MiB
    /// for 48 seeds (Kalah(6,4)), doubling every 4 seeds more (2 GiB for
    /// Kalah(6,5)), at most 4 GiB. Smaller tables are faster (fewer cache
    /// and TLB misses) as long as the positions fit.
    #[arg(long, value_parser = crate::options::table_megabytes)]
    pub hash: Option<usize>,
    /// Threads to search with, 1 to 256 (default: every core; one for a
    /// game under a repetition rule solved by search).
    #[arg(long, value_parser = crate::options::threads)]
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
    if v.rules().end.repetition != Repetition::None
        && v.rules().board.stores == StorePlacement::Beside
    {
        let route =
            repetition::route(&game, Some(&args.location.root()), args.db_seeds, "--db-seeds")
                .map_err(|e| match e {
                    RepetitionError::GameOver => {
                        CliError::input("the game is over: there is nothing to solve")
                    }
                    e => CliError::input(e.to_string()),
                })?;
        return match route {
            Route::Database { build } => solve_from_database(&args, &v, &game, build),
            Route::Search { why, build } => solve_by_search(&args, &v, &game, &why, build),
        };
    }
    mancala_solver::can_solve(&v).map_err(CliError::input)?;
    let threads = args.threads.unwrap_or_else(crate::options::every_core);
    let root = *game.position();
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    let checkpoint = checkpoint_path(&args, &v, &root);
    let mut plan = SolvePlan::new(&v, root)
        .databases(&args.location.root())
        .threads(threads)
        .checkpoint(&checkpoint)
        .stop_flag(stop.clone());
    if let Some(seeds) = args.db_seeds {
        plan = plan.db_seeds(seeds);
    }
    if let Some(mb) = args.hash {
        plan = plan.table_megabytes(mb);
    }
    plan.check().map_err(|e| plan_error(e, None, &signals))?;
    let started = Instant::now();
    let value = {
        let display = Display::new(args.quiet);
        let result = plan.solve(&|e| display.event(e));
        display.finish();
        result.map_err(|e| plan_error(e, Some(&checkpoint), &signals))?
    };

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
        // The same game played on to the end, for comparison: said before it
        // starts, with its own progress.
        if !args.quiet {
            eprintln!(
                "solving again with the game played to the end (no majority rule), for comparison"
            );
        }
        let display = Display::new(args.quiet);
        let full = plan.solve_played_to_the_end(&|e| display.event(e));
        display.finish();
        if let Some(full) = full.map_err(|e| comparison_error(e, &signals))? {
            println!("value played to the end: {:+}", full.margin);
        }
    }
    Ok(())
}

/// A game under a repetition rule that no database gives the value of:
/// proven by the engine's search (`mancala_solver::solve_by_search`), with
/// the database on disk (or built first, `build`) where it applies. What is
/// printed says what was proven; a search stopped or out of depth before
/// the proof prints what it has, then ends with an error.
fn solve_by_search(
    args: &Args,
    v: &Variant,
    game: &Game,
    why: &str,
    build: Option<usize>,
) -> Result<(), CliError> {
    // One thread unless asked: under a repetition rule, helper threads'
    // other move orders can leave a line unproven that one thread proves
    // (docs/engine.md, "Parallel search").
    let threads = args.threads.unwrap_or(1);
    let started = Instant::now();
    // Before the database is opened (reading it can take seconds): a
    // Ctrl-C then ends the command as one during the search does.
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    if !args.quiet {
        eprintln!("solving by search: {why}");
    }
    if let Some(seeds) = build {
        let threads = args.threads.unwrap_or_else(crate::options::every_core);
        build_database(v, seeds, &args.location, threads, args.quiet)?;
    }
    // The database is found by `v`'s rules; the game played to the end
    // (awari's majority rule off) reads its scores as exact.
    let opened = match crate::endgame::open(&args.location, v) {
        Ok(opened) => opened.map(|mut o| {
            o.exact |= repetition::searches_to_the_end(v);
            o
        }),
        Err(line) => {
            eprintln!("{line}");
            None
        }
    };
    if let (Some(o), false) = (&opened, args.quiet) {
        eprintln!("{}", o.describe());
    }
    let hash_mb = args.hash.unwrap_or(SEARCH_HASH_MB);
    let mut searcher = Searcher::try_new(SearchOptions { hash_mb, solve_seeds: None })
        .map_err(|e| CliError::input(format!("--hash {hash_mb}: {e}")))?
        .with_endgame(opened.as_ref().map(|o| o.oracle.clone()))
        .with_threads(threads);
    if stop.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(CliError { code: signals.code(), message: signals.why().to_string() });
    }
    let spinner = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("template"),
        )
    };
    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
    let solution = mancala_solver::solve_by_search(game, &mut searcher, Some(&stop), &mut |i| {
        spinner.set_message(format!(
            "depth {}: best {:+} for the mover ({}), {} nodes",
            i.depth,
            i.score,
            if i.exact { "proven" } else { "not proven yet" },
            i.nodes
        ));
    })
    .map_err(|e| CliError::input(e.to_string()))?;
    spinner.finish_and_clear();

    let root = *game.position();
    let a = &solution.analysis;
    println!("variant: {} {}x{}", v.name(), v.pits_per_side(), v.seeds_per_pit());
    if !args.game.moves.trim().is_empty() {
        println!("after: {}", args.game.moves.trim());
    }
    println!("position: {root}");
    let proven = solution.margin();
    match proven {
        Some(margin) => {
            if solution.played_to_the_end {
                // As the database route says it: the margin of the game
                // played to the end, and its winner, the same under the
                // majority rule.
                println!("value played to the end: {margin:+}");
                println!("result: {} (under the majority rule too)", result(winner_of(margin)));
            } else {
                println!("value: {margin:+}");
                if v.rules().end.majority {
                    println!("result: {}", result(winner_of(margin)));
                }
            }
            let best: Vec<String> = solution.best_moves().iter().map(Move::to_string).collect();
            println!("best: {}", best.join(" "));
            println!(
                "exact: proven by search to the end of every line, the repetition rule applied \
                 to the game's history (depth {})",
                a.depth
            );
        }
        None => {
            println!("value: not proven");
            let us = root.to_move();
            if let Some((mv, score)) = solution.at_least() {
                let bound = if us == Side::South { "at least" } else { "at most" };
                let game =
                    if solution.played_to_the_end { ", the game played to the end" } else { "" };
                let side = if us == Side::South { "South" } else { "North" };
                println!(
                    "bound: {bound} {:+} (South's store minus North's{game}), proven for \
                     {side}'s move {mv}",
                    for_side(us, score)
                );
            }
            if let Some(best) = a.best() {
                let estimate = for_side(us, best.score);
                println!("best found: {} (estimate {estimate:+}, depth {})", best.mv, a.depth);
            }
        }
    }
    println!("nodes: {}", a.nodes);
    println!("time: {:.2} s", started.elapsed().as_secs_f64());
    if proven.is_some() {
        return Ok(());
    }
    if stop.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(CliError {
            code: signals.code(),
            message: format!("{}: the value above is not proven", signals.why()),
        });
    }
    Err(CliError::failure(format!(
        "the search reached its deepest ({} moves) without proving the value: the seeds can \
         circle for longer than it looks ahead",
        mancala_engine::search::DEEPEST
    )))
}

/// The result line's words for a winner (`None`: a draw).
fn result(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::South) => "South wins",
        Some(Side::North) => "North wins",
        None => "a draw",
    }
}

/// The table of a solve by search when `--hash` is not given, in MiB.
const SEARCH_HASH_MB: usize = 256;

/// A game under the repetition rule (the Oware family, awari's rule): the
/// value read from the endgame database, built first when it is not on
/// disk (see `mancala_solver::repetition`).
fn solve_from_database(
    args: &Args,
    v: &Variant,
    game: &Game,
    build: Option<usize>,
) -> Result<(), CliError> {
    repetition::check_solvable(v).map_err(|e| CliError::input(e.to_string()))?;
    let root = *game.position();
    if root.is_over() {
        return Err(CliError::input("the game is over: there is nothing to solve"));
    }
    repetition::check_fresh(game).map_err(|e| CliError::input(e.to_string()))?;
    if args.hash.is_some() {
        return Err(CliError::input(
            "--hash: under the repetition rule the value is read from the endgame database; \
             there is no search table to size",
        ));
    }
    let seeds = root.seeds_in_pits() as usize;
    let threads = args.threads.unwrap_or_else(crate::options::every_core);
    let location = &args.location;
    let started = Instant::now();
    let db = match build {
        // The route found it on disk.
        None => Databases::open_database(v, &location.root())
            .map_err(CliError::input)?
            .filter(|db| db.max_seeds() >= seeds)
            .ok_or_else(|| {
                CliError::input(format!(
                    "{} no longer holds a database covering {seeds} seeds (the seeds in the pits)",
                    location.folder(v).display(),
                ))
            })?,
        Some(seeds) => build_database(v, seeds, location, threads, args.quiet)?,
    };
    let solution = mancala_solver::solve_from_database(game, &db)
        .map_err(|e| CliError::input(e.to_string()))?;

    println!("variant: {} {}x{}", v.name(), v.pits_per_side(), v.seeds_per_pit());
    if !args.game.moves.trim().is_empty() {
        println!("after: {}", args.game.moves.trim());
    }
    println!("position: {root}");
    if v.rules().end.majority {
        // The database plays on to the end; a majority changes the margin,
        // never the winner.
        println!("value played to the end: {:+}", solution.margin);
        println!("result: {} (under the majority rule too)", result(solution.winner()));
    } else {
        println!("value: {:+}", solution.margin);
    }
    let best: Vec<String> = solution.best_moves.iter().map(Move::to_string).collect();
    println!("best: {}", best.join(" "));
    println!(
        "exact: from the endgame database up to {} seeds in {}",
        db.max_seeds(),
        location.folder(v).display()
    );
    println!("time: {:.2} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Builds (or finds on disk) `v`'s database up to `max_seeds`, with the
/// progress bar of a planned solve's build unless `quiet`.
fn build_database(
    v: &Variant,
    max_seeds: usize,
    location: &DbLocation,
    threads: usize,
    quiet: bool,
) -> Result<Database, CliError> {
    Databases::check_build(v, max_seeds).map_err(|e| db_error(e, "--db-seeds"))?;
    // The build is shown as a planned solve shows its own.
    let display = Display::new(quiet);
    display.event(PlanEvent::BuildingDatabase { seeds: max_seeds, folder: location.folder(v) });
    let progress = |p| display.event(PlanEvent::Database(p));
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    let built = Databases::build_with(
        v,
        max_seeds,
        &location.root(),
        threads,
        &progress,
        &mut |_, _| {},
        &stop,
    );
    display.finish();
    built.map_err(|e| plan_error(PlanError::Database(e), None, &signals))
}

/// The comparison solve (played to the end) stopped or failed: the value
/// above stands; nothing of the comparison is saved.
fn comparison_error(e: PlanError, signals: &Stop) -> CliError {
    match e {
        PlanError::Interrupted(i) => CliError {
            code: signals.code(),
            message: format!(
                "{} during the comparison (the game played to the end): its value is in [{:+}, \
                 {:+}]; nothing of the comparison is saved (the value above is final)",
                signals.why(),
                i.lower,
                i.upper
            ),
        },
        e => plan_error(e, None, signals),
    }
}

/// A planned solve's error for the user; `checkpoint` is where an
/// interrupted solve saved its bounds; `signals` says which signal stopped it.
fn plan_error(e: PlanError, checkpoint: Option<&PathBuf>, signals: &Stop) -> CliError {
    match e {
        PlanError::Interrupted(i) => CliError {
            code: signals.code(),
            message: format!(
                "{}: the mover's future margin is in [{:+}, {:+}]; saved to {}; run the same command to resume",
                signals.why(),
                i.lower,
                i.upper,
                checkpoint.map_or("nowhere".into(), |p| p.display().to_string())
            ),
        },
        PlanError::Database(DbError::Interrupted { seeds }) => CliError {
            code: signals.code(),
            message: format!(
                "{} while building the endgame database: {}; run the same command to resume",
                signals.why(),
                DbError::Interrupted { seeds }
            ),
        },
        PlanError::Database(e) => db_error(e, "--db-seeds"),
        PlanError::Solver(SolverError::Table { .. }) => {
            CliError::input(format!("{e}; try a smaller --hash"))
        }
        e => CliError::input(e),
    }
}

/// What the user sees of a planned solve: the database build's bar, then
/// the solve's spinner and a line each time the bounds move.
struct Display {
    quiet: bool,
    build: ProgressBar,
    solve: ProgressBar,
    last_bounds: Mutex<(i32, i32)>,
}

impl Display {
    fn new(quiet: bool) -> Display {
        let (build, solve) = if quiet {
            (ProgressBar::hidden(), ProgressBar::hidden())
        } else {
            (
                ProgressBar::hidden().with_style(
                    ProgressStyle::with_template("layer {prefix:>3} [{bar:30}] {pos}/{len} boards")
                        .expect("template")
                        .progress_chars("=> "),
                ),
                ProgressBar::hidden().with_style(
                    ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                        .expect("template"),
                ),
            )
        };
        Display { quiet, build, solve, last_bounds: Mutex::new((i32::MIN, i32::MAX)) }
    }

    fn line(&self, line: String) {
        if self.quiet {
            return;
        }
        if self.solve.is_hidden() {
            eprintln!("{line}");
        } else {
            self.solve.println(line);
        }
    }

    fn event(&self, e: PlanEvent) {
        match e {
            PlanEvent::BuildingDatabase { seeds, folder } => {
                if !self.quiet {
                    eprintln!("endgame database up to {seeds} seeds: {}", folder.display());
                    self.build.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                }
            }
            PlanEvent::Database(p) if p.waiting => {
                if !self.quiet {
                    self.build.suspend(|| {
                        eprintln!("another process is building this database; waiting for it")
                    });
                }
            }
            PlanEvent::Database(p) => {
                let bar = &self.build;
                if bar.length() != Some(p.total) || bar.prefix() != p.seeds.to_string() {
                    bar.set_prefix(p.seeds.to_string());
                    bar.set_length(p.total);
                }
                bar.set_position(p.done);
            }
            PlanEvent::UsingDatabase { max_seeds, elapsed } => {
                self.build.finish_and_clear();
                if !self.quiet {
                    eprintln!(
                        "using the endgame database up to {max_seeds} seeds ({:.1} s)",
                        elapsed.as_secs_f64()
                    );
                }
            }
            PlanEvent::Checkpoint(path) => {
                if !self.quiet {
                    eprintln!("proven bounds are saved to {}", path.display());
                }
            }
            PlanEvent::Resumed { path, lower, upper } => {
                if !self.quiet {
                    eprintln!(
                        "resuming from {}: the value is already known to lie in [{lower:+}, {upper:+}]",
                        path.display()
                    );
                }
            }
            // Shown even with --quiet: the checkpoint was not used.
            PlanEvent::CheckpointIgnored(why) => {
                eprintln!("mancala: warning: checkpoint ignored, solving from nothing: {why}");
            }
            PlanEvent::CheckpointNotSaved(why) => {
                eprintln!("mancala: warning: checkpoint not saved: {why}");
            }
            PlanEvent::FirstGuess { guess, depth } => {
                if !self.quiet {
                    eprintln!("first guess (one above a {depth}-move heuristic search): {guess:+}");
                    self.solve.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                }
            }
            PlanEvent::Solve(p) => {
                let rate = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9);
                self.solve.set_message(format!(
                    "{} nodes, {:.2} M/s, future margin for the mover in [{:+}, {:+}]",
                    p.nodes,
                    rate / 1e6,
                    p.lower,
                    p.upper
                ));
                self.solve.tick();
                let mut last = self.last_bounds.lock().unwrap_or_else(|e| e.into_inner());
                if (p.lower, p.upper) != *last {
                    *last = (p.lower, p.upper);
                    self.line(format!(
                        "{:>8.2} s  {:>13} nodes  the mover's future margin is in [{:+}, {:+}]",
                        p.elapsed.as_secs_f64(),
                        p.nodes,
                        p.lower,
                        p.upper
                    ));
                }
            }
        }
    }

    fn finish(&self) {
        self.build.finish_and_clear();
        self.solve.finish_and_clear();
    }
}

/// The checkpoint file of this solve: one per rule set and position
/// solved, in the checkpoint folder.
fn checkpoint_path(args: &Args, v: &Variant, root: &Position) -> PathBuf {
    let dir = args.checkpoint_dir.clone().unwrap_or_else(crate::paths::default_checkpoint_dir);
    dir.join(format!("{}-{:016x}.bounds", v.name(), Checkpoint::identity(v, root)))
}
