//! `mancala solve`: the value of a position under perfect play, by
//! [`mancala_solver::Solve`] (which decides the route: the exact solver,
//! the endgame database, or a proof by search under a repetition rule).
//! This file holds only the options, the progress shown and the printing.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::{Move, Position, Side, Variant};
use mancala_engine::search::score::for_side;
use mancala_solver::{
    Checkpoint, DbError, Method, PlanError, PlanEvent, Route, SearchSolution, Solve, SolveError,
    SolverError,
};

use crate::cmd::db::{db_error, DbLocation};
use crate::error::CliError;
use crate::output::outln;
use crate::signals::Stop;
use crate::variant_args::GameArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Transposition table size in MiB, 1 to 65536. Default: sized to the game, 128 MiB
    /// for 48 seeds (Kalah(6,4)), doubling every 4 seeds more (1 GiB for
    /// Kalah(6,5)), from 32 MiB to 4 GiB. Smaller tables are faster (fewer cache
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
    /// Spread the solve over the processes of an MPI job: run under
    /// `mpirun -np N`, with a --db-dir every process shares (one thread a
    /// process unless --threads; needs a build with the feature `mpi`,
    /// docs/scaling.md).
    #[arg(long)]
    pub mpi: bool,
    /// With --mpi: the positions this many moves below the root are the
    /// jobs handed to the processes, 1 to 8 (default: the shallowest depth
    /// giving each process 4 jobs).
    #[arg(long, requires = "mpi", value_name = "MOVES")]
    pub split_depth: Option<usize>,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.mpi {
        return crate::cmd::solve_mpi::run(args);
    }
    let (v, game) = args.game.compact_game("mancala solve")?;
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    let checkpoint = checkpoint_path(&args, &v, game.position());
    let mut solve = Solve::new(&game)
        .databases(&args.location.root())
        .checkpoint(&checkpoint)
        .stop_flag(stop.clone());
    if let Some(seeds) = args.db_seeds {
        solve = solve.db_seeds(seeds);
    }
    if let Some(threads) = args.threads {
        solve = solve.threads(threads);
    }
    if let Some(mb) = args.hash {
        solve = solve.table_megabytes(mb);
    }
    let route = solve.route().map_err(|e| solve_error(e, &checkpoint, &signals))?;
    let started = Instant::now();
    let display = Display::new(args.quiet);
    let result = solve.run_route(route.clone(), &|e| display.event(e));
    display.finish();

    let root = *game.position();
    let header = || {
        outln!("variant: {} {}x{}", v.name(), v.pits_per_row(), v.seeds_per_pit());
        if !args.game.moves.trim().is_empty() {
            outln!("after: {}", args.game.moves.trim());
        }
        outln!("position: {root}");
    };
    let solved = match result {
        Ok(solved) => solved,
        Err(SolveError::NotProven { solution, stopped }) => {
            header();
            print_not_proven(&root, &solution);
            outln!("nodes: {}", solution.analysis.nodes);
            outln!("time: {:.2} s", started.elapsed().as_secs_f64());
            if stopped {
                return Err(CliError {
                    code: signals.code(),
                    message: format!("{}: the value above is not proven", signals.why()),
                });
            }
            let e = SolveError::NotProven { solution, stopped };
            return Err(CliError::failure(e.to_string()));
        }
        Err(e) => return Err(solve_error(e, &checkpoint, &signals)),
    };
    header();
    if solved.played_to_the_end {
        // As the database plays it: the margin of the game played to the
        // end, and its winner, the same under the majority rule.
        outln!("value played to the end: {:+}", solved.margin);
        outln!("result: {} (under the majority rule too)", result_words(solved.winner()));
    } else {
        outln!("value: {:+}", solved.margin);
        if v.rules().end.majority && route != Route::Solver {
            outln!("result: {}", result_words(solved.winner()));
        }
    }
    let best: Vec<String> = solved.best_moves.iter().map(Move::to_string).collect();
    outln!("best: {}", best.join(" "));
    match &solved.method {
        Method::Solver => outln!("nodes: {}", solved.nodes),
        Method::Database { max_seeds, folder } => outln!(
            "exact: from the endgame database up to {max_seeds} seeds in {}",
            folder.display()
        ),
        Method::Search { depth } => {
            outln!(
                "exact: proven by search to the end of every line, the repetition rule applied \
                 to the game's history (depth {depth})"
            );
            outln!("nodes: {}", solved.nodes);
        }
    }
    outln!("time: {:.2} s", started.elapsed().as_secs_f64());
    if route == Route::Solver && v.rules().end.majority {
        // The same game played on to the end, for comparison: said before it
        // starts, with its own progress.
        if !args.quiet {
            eprintln!(
                "solving again with the game played to the end (no majority rule), for comparison"
            );
        }
        let display = Display::new(args.quiet);
        let full = solve.plan().solve_played_to_the_end(&|e| display.event(e));
        display.finish();
        if let Some(full) = full.map_err(|e| comparison_error(e, &signals))? {
            outln!("value played to the end: {:+}", full.margin);
        }
    }
    Ok(())
}

/// What a proof by search that did not finish found: the bound it proved
/// and its best move.
fn print_not_proven(root: &Position, solution: &SearchSolution) {
    outln!("value: not proven");
    let us = root.to_move();
    if let Some((mv, score)) = solution.at_least() {
        let bound = if us == Side::South { "at least" } else { "at most" };
        let game = if solution.played_to_the_end { ", the game played to the end" } else { "" };
        let side = if us == Side::South { "South" } else { "North" };
        outln!(
            "bound: {bound} {:+} (South's store minus North's{game}), proven for {side}'s move \
             {mv}",
            for_side(us, score)
        );
    }
    if let Some(best) = solution.analysis.best() {
        let estimate = for_side(us, best.score);
        outln!(
            "best found: {} (estimate {estimate:+}, depth {})",
            best.mv,
            solution.analysis.depth
        );
    }
}

/// The result line's words for a winner (`None`: a draw).
fn result_words(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::South) => "South wins",
        Some(Side::North) => "North wins",
        None => "a draw",
    }
}

/// A solve's error for the user; `checkpoint` is where an interrupted
/// exact solve saved its bounds; `signals` says which signal stopped it.
pub(crate) fn solve_error(e: SolveError, checkpoint: &PathBuf, signals: &Stop) -> CliError {
    match e {
        SolveError::Plan(e) => plan_error(e, Some(checkpoint), signals),
        e => CliError::input(e.to_string()),
    }
}

/// The comparison solve (played to the end) stopped or failed: the value
/// above stands; nothing of the comparison is saved.
pub(crate) fn comparison_error(e: PlanError, signals: &Stop) -> CliError {
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
pub(crate) struct Display {
    quiet: bool,
    build: ProgressBar,
    solve: ProgressBar,
    last_bounds: Mutex<(i32, i32)>,
}

impl Display {
    pub(crate) fn new(quiet: bool) -> Display {
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

    pub(crate) fn event(&self, e: PlanEvent) {
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
                    eprintln!("first guess (a {depth}-move heuristic search's score): {guess:+}");
                    self.solve.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                }
            }
            PlanEvent::BySearch { why } => {
                if !self.quiet {
                    eprintln!("solving by search: {why}");
                }
            }
            // Shown even with --quiet, as a damaged database is elsewhere.
            PlanEvent::DatabaseNotUsed(line) => eprintln!("{line}"),
            PlanEvent::DatabaseOpened(line) => {
                if !self.quiet {
                    eprintln!("{line}");
                }
            }
            PlanEvent::ReadingDatabase { .. } => {}
            PlanEvent::Depth(d) => {
                if !self.quiet && self.solve.is_hidden() {
                    self.solve.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                    self.solve.enable_steady_tick(std::time::Duration::from_millis(200));
                }
                self.solve.set_message(format!(
                    "depth {}: best {:+} for the mover ({}), {} nodes",
                    d.depth,
                    d.score,
                    if d.exact { "proven" } else { "not proven yet" },
                    d.nodes
                ));
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

    pub(crate) fn finish(&self) {
        self.build.finish_and_clear();
        self.solve.finish_and_clear();
    }
}

/// The checkpoint file of this solve: one per rule set and position
/// solved, in the checkpoint folder.
pub(crate) fn checkpoint_path(args: &Args, v: &Variant, root: &Position) -> PathBuf {
    let dir = args.checkpoint_dir.clone().unwrap_or_else(crate::paths::default_checkpoint_dir);
    dir.join(format!("{}-{:016x}.bounds", v.name(), Checkpoint::identity(v, root)))
}
