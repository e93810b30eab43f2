//! `mancala db build --mpi`: the database build spread over the processes
//! of an MPI job (`mpirun -np N mancala db build ... --mpi`), in a build
//! with the feature `mpi`. Process 0 reports; the others print only their
//! own failures.

use crate::cmd::db::BuildArgs;
use crate::error::CliError;

/// The answer to `--mpi` (a build or a solve) in a build without the
/// feature `mpi`: how to get it.
#[cfg(not(feature = "mpi"))]
pub(crate) fn without_mpi<T>() -> Result<T, CliError> {
    Err(CliError::input(
        "--mpi: this mancala was built without MPI; build it with `cargo build --release \
         --features mpi -p mancala-cli` (Open MPI installed: docs/scaling.md) and run it under \
         `mpirun`",
    ))
}

/// Builds the database `args` asks for with the processes of the MPI job.
#[cfg(not(feature = "mpi"))]
pub fn build(_args: BuildArgs) -> Result<(), CliError> {
    without_mpi()
}

/// Builds the database `args` asks for with the processes of the MPI job.
#[cfg(feature = "mpi")]
pub fn build(args: BuildArgs) -> Result<(), CliError> {
    use std::time::Instant;

    use mancala_solver::cluster::Cluster;
    use mancala_solver::{Databases, DbError};

    use crate::cmd::db::db_error;
    use crate::output::outln;

    let v = args.variant.compact_variant("mancala db")?;
    Databases::check_build_spread(&v, args.max_seeds).map_err(|e| db_error(e, "--max-seeds"))?;
    let root = args.location.root();
    let folder = args.location.folder(&v);
    let cluster = Cluster::init().map_err(CliError::failure)?;
    let (rank, size) = (cluster.rank(), cluster.size());
    let first = rank == 0;
    if first {
        eprintln!(
            "building {} (rows of {}) up to {} seeds in {} with {size} MPI processes",
            v.name(),
            v.pits_per_side(),
            args.max_seeds,
            folder.display()
        );
    }
    let bar = if first { crate::cmd::db::progress_bar() } else { indicatif::ProgressBar::hidden() };
    let started = Instant::now();
    let progress = crate::cmd::db::layer_progress(&bar, &folder, true);
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    let built =
        Databases::build_mpi(&v, args.max_seeds, &root, &cluster, &program(), &progress, &stop);
    bar.finish_and_clear();
    let (db, report) = match built {
        Ok(built) => built,
        Err(e) => {
            // Errors every process meets together are reported by process 0;
            // a process's own failure with a file by that process.
            let shared = !matches!(e, DbError::Io { .. } | DbError::Damaged { .. });
            let error = match e {
                DbError::Interrupted { .. } => CliError {
                    code: signals.code(),
                    message: format!("{}: {e}; run the same command to resume", signals.why()),
                },
                e => db_error(e, "--max-seeds"),
            };
            if first {
                return Err(error);
            }
            if !shared {
                eprintln!("mancala: process {rank}: {}", error.message);
            }
            drop(cluster);
            std::process::exit(error.code);
        }
    };
    if first {
        let (layers, boards) = (db.max_seeds(), db.boards());
        outln!(
            "built {} layers 0..={} ({} boards) in {:.1} s with {size} processes: {}",
            layers + 1,
            layers,
            boards,
            started.elapsed().as_secs_f64(),
            folder.display()
        );
        let each: Vec<String> = report.sent.iter().map(u64::to_string).collect();
        outln!(
            "sent {} bytes between the processes (process by process: {})",
            report.sent.iter().sum::<u64>(),
            each.join(", ")
        );
        exchanges(&report.layers, size);
        let megabytes = |b: &[u64]| {
            b.iter().map(|&b| format!("{:.0}", b as f64 / 1e6)).collect::<Vec<_>>().join(", ")
        };
        outln!(
            "peak memory by process: {} MB resident ({} MB of it anonymous: the process's own, \
             without the pages of the layer files it maps)",
            megabytes(&report.peak_resident),
            megabytes(&report.peak_own)
        );
    }
    Ok(())
}

/// Where a spread build's time went: the rounds of exchange and the time
/// each process spent in them (one line; with `MANCALA_MPI_TRACE` set, a
/// line a layer on standard error too).
#[cfg(feature = "mpi")]
fn exchanges(layers: &[mancala_solver::cluster::LayerExchanges], size: usize) {
    use crate::output::outln;

    let seconds = |w: &[f64]| w.iter().map(|s| format!("{s:.2}")).collect::<Vec<_>>().join(", ");
    if std::env::var_os("MANCALA_MPI_TRACE").is_some() {
        for layer in layers {
            let boards: Vec<String> = layer.propagated.iter().map(u64::to_string).collect();
            eprintln!(
                "layer {:>3}: {:.2} s, {} rounds of exchange, {} s in them by process; forward \
                 pass {} s, writing {} s, boards propagated from {}; processor time {} s",
                layer.seeds,
                layer.seconds,
                layer.rounds,
                seconds(&layer.waiting),
                seconds(&layer.forward),
                seconds(&layer.writing),
                boards.join(", "),
                seconds(&layer.cpu)
            );
        }
    }
    let waiting: Vec<f64> =
        (0..size).map(|r| layers.iter().map(|l| l.waiting.get(r).unwrap_or(&0.0)).sum()).collect();
    outln!(
        "exchanges: {} rounds in {} layers built ({:.2} s); in them, process by process (waiting \
         for the others included): {} s",
        layers.iter().map(|l| l.rounds).sum::<u64>(),
        layers.len(),
        layers.iter().map(|l| l.seconds).sum::<f64>(),
        seconds(&waiting)
    );
}

/// This program's version and a hash of its executable: processes of one
/// job must run the same build.
#[cfg(feature = "mpi")]
pub(crate) fn program() -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    let exe = std::env::current_exe().and_then(std::fs::read);
    match &exe {
        Ok(bytes) => bytes.hash(&mut h),
        Err(e) => e.to_string().hash(&mut h),
    }
    format!("mancala {} (executable {:016x})", env!("CARGO_PKG_VERSION"), h.finish())
}
