//! `mancala solve --mpi`: the solve spread over the processes of an MPI
//! job (`mpirun -np N mancala solve ... --mpi`), in a build with the
//! feature `mpi`. The exact solver's route is spread by
//! `mancala_solver::solve_cluster::ClusterSolve`; a value read from the
//! endgame database has its database built by the processes together,
//! then read by process 0. Process 0 reports and prints; the others print
//! only their own failures.

use crate::cmd::solve::Args;
use crate::error::CliError;

/// Solves the position `args` asks for with the processes of the MPI job.
#[cfg(not(feature = "mpi"))]
pub fn run(_args: Args) -> Result<(), CliError> {
    crate::cmd::db_mpi::without_mpi()
}

/// Solves the position `args` asks for with the processes of the MPI job.
#[cfg(feature = "mpi")]
pub fn run(args: Args) -> Result<(), CliError> {
    use mancala_solver::cluster::Cluster;

    let cluster = Cluster::init().map_err(CliError::failure)?;
    let rank = cluster.rank();
    match spread(args, &cluster) {
        Ok(()) => Ok(()),
        Err(Failure { error, .. }) if rank == 0 => Err(error),
        Err(Failure { error, own }) => {
            if own {
                eprintln!("mancala: process {rank}: {}", error.message);
            }
            drop(cluster);
            std::process::exit(error.code);
        }
    }
}

/// An error, and whether it is this process's own (the others hear only
/// that this one failed) rather than one every process met.
#[cfg(feature = "mpi")]
struct Failure {
    error: CliError,
    own: bool,
}

#[cfg(feature = "mpi")]
impl From<CliError> for Failure {
    /// An error every process meets alike (the same options).
    fn from(error: CliError) -> Failure {
        Failure { error, own: false }
    }
}

#[cfg(feature = "mpi")]
fn spread(mut args: Args, cluster: &mancala_solver::cluster::Cluster) -> Result<(), Failure> {
    use std::time::Instant;

    use mancala_core::Move;
    use mancala_solver::solve_cluster::{self, ClusterSolve};
    use mancala_solver::{DbError, PlanError, Route, Solve, SolveError};

    use crate::cmd::db::db_error;
    use crate::cmd::solve::{checkpoint_path, comparison_error, solve_error, Display};
    use crate::output::outln;

    let first = cluster.rank() == 0;
    let size = cluster.size();
    let program = crate::cmd::db_mpi::program();
    solve_cluster::agree(cluster, &program, &format!("{args:?}"))
        .map_err(|e| CliError::failure(e.to_string()))?;
    let (v, game) = args.game.compact_game("mancala solve")?;
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    let checkpoint = checkpoint_path(&args, &v, game.position());
    let db_root = args.location.root();
    let threads = args.threads.unwrap_or(1);
    let mut solve = Solve::new(&game).databases(&db_root).checkpoint(&checkpoint).threads(threads);
    if let Some(seeds) = args.db_seeds {
        solve = solve.db_seeds(seeds);
    }
    if let Some(mb) = args.hash {
        solve = solve.table_megabytes(mb);
    }
    let route = solve.route().map_err(|e| solve_error(e, &checkpoint, &signals))?;
    // Errors of a step every process takes together: this process's own
    // unless it only heard that another failed.
    let failure = |e: PlanError| {
        let own =
            !matches!(e, PlanError::Interrupted(_) | PlanError::Database(DbError::Cluster(_)));
        Failure { error: solve_error(SolveError::Plan(e), &checkpoint, &signals), own }
    };
    let display = Display::new(args.quiet || !first);
    let events = |e| display.event(e);
    match route {
        Route::Search { .. } => {
            return Err(CliError::input(format!(
                "--mpi: {} at this position is proven by search under its repetition rule (the \
                 game's history counts), which runs in one process: run it without --mpi",
                v.name()
            ))
            .into())
        }
        Route::Database { build } => {
            // The processes build the database together; process 0 then
            // reads the value as one process does.
            if let Some(seeds) = build {
                let progress = |p| events(mancala_solver::PlanEvent::Database(p));
                events(mancala_solver::PlanEvent::BuildingDatabase {
                    seeds,
                    folder: mancala_solver::Databases::folder(&v, &db_root),
                });
                let built = solve_cluster::build_database(
                    &v, seeds, &db_root, threads, cluster, &program, &progress, &stop,
                );
                display.finish();
                built.map_err(|e| match e {
                    DbError::Interrupted { .. } => failure(PlanError::Database(e)),
                    e => {
                        let own = !matches!(e, DbError::Cluster(_));
                        Failure { error: db_error(e, "--db-seeds"), own }
                    }
                })?;
            }
            if first {
                args.mpi = false;
                return crate::cmd::solve::run(args).map_err(Failure::from);
            }
            return Ok(());
        }
        Route::Solver => {}
    }
    let mut spread = ClusterSolve::new(&v, *game.position())
        .databases(&db_root)
        .checkpoint(&checkpoint)
        .threads(threads);
    if let Some(seeds) = args.db_seeds {
        spread = spread.db_seeds(seeds);
    }
    if let Some(mb) = args.hash {
        spread = spread.table_megabytes(mb);
    }
    if let Some(depth) = args.split_depth {
        spread = spread.split_depth(depth);
    }
    if first && !args.quiet {
        eprintln!("solving with {size} MPI processes, {threads} thread(s) each");
    }
    let started = Instant::now();
    let solved = spread.solve(cluster, &program, &events, &stop);
    display.finish();
    let solved = solved.map_err(failure)?;
    let Some(solution) = &solved.solution else {
        // The comparison played to the end: the same work on every process.
        if let Some(full) = spread.played_to_the_end() {
            full.solve(cluster, &program, &|_| {}, &stop).map_err(failure)?;
        }
        return Ok(());
    };
    outln!("variant: {} {}x{}", v.name(), v.pits_per_row(), v.seeds_per_pit());
    if !args.game.moves.trim().is_empty() {
        outln!("after: {}", args.game.moves.trim());
    }
    outln!("position: {}", game.position());
    outln!("value: {:+}", solution.margin);
    let best: Vec<String> = solution.best_moves.iter().map(Move::to_string).collect();
    outln!("best: {}", best.join(" "));
    outln!("nodes: {}", solution.nodes);
    let list = |x: &[u64]| x.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    outln!(
        "processes: {size}, the tree split {} moves deep into {} jobs; nodes by process: {}; \
         tests by process: {}",
        solved.depth,
        solved.jobs,
        list(&solved.nodes),
        list(&solved.tests)
    );
    outln!("time: {:.2} s", started.elapsed().as_secs_f64());
    if let Some(full) = spread.played_to_the_end() {
        if !args.quiet {
            eprintln!(
                "solving again with the game played to the end (no majority rule), for comparison"
            );
        }
        let display = Display::new(args.quiet);
        let result = full.solve(cluster, &program, &|e| display.event(e), &stop);
        display.finish();
        match result {
            Ok(full) => {
                if let Some(s) = full.solution {
                    outln!("value played to the end: {:+}", s.margin);
                }
            }
            Err(e) => return Err(comparison_error(e, &signals).into()),
        }
    }
    Ok(())
}
