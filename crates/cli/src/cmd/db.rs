//! `mancala db`: endgame databases (build, stats), and where they live.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::Variant;
use mancala_solver::oware_db::LayerBuild;
use mancala_solver::{BuildProgress, Databases, DbError, DbFamily, LayerStats};

use crate::error::CliError;
use crate::output::{self, outln};
use crate::variant_args::VariantArgs;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Build (or finish building) the database of every board with up to
    /// --max-seeds seeds left, saving each seed layer as soon as it is done.
    Build(BuildArgs),
    /// Print how many boards of each layer the mover wins, draws and loses.
    Stats(StatsArgs),
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Largest number of seeds left on the board to cover.
    #[arg(long)]
    pub max_seeds: usize,
    /// Threads to build with, 1 to 256 (default: every core).
    #[arg(long, value_parser = crate::options::threads)]
    pub threads: Option<usize>,
    /// Spread the build over the processes of an MPI job, one thread
    /// each: run under `mpirun -np N`, with a --db-dir every process
    /// shares (Kalah and Oware families; needs a build with the feature
    /// `mpi`).
    #[arg(long, conflicts_with = "threads")]
    pub mpi: bool,
    #[command(flatten)]
    pub location: DbLocation,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub location: DbLocation,
    /// Also list the number of boards at every margin.
    #[arg(long)]
    pub margins: bool,
}

/// Where databases are kept.
#[derive(clap::Args, Debug, Clone)]
pub struct DbLocation {
    /// Folder of the endgame databases (default: $MANCALA_DB_DIR, else
    /// $XDG_DATA_HOME/mancala/db, else ~/.local/share/mancala/db).
    #[arg(long, value_name = "DIR")]
    pub db_dir: Option<PathBuf>,
}

impl DbLocation {
    /// The folder of databases: `--db-dir`, else the default.
    pub fn root(&self) -> PathBuf {
        self.db_dir.clone().unwrap_or_else(crate::paths::default_db_dir)
    }

    /// The folder holding the database that serves `v`.
    pub fn folder(&self, v: &Variant) -> PathBuf {
        Databases::folder(v, &self.root())
    }
}

/// A database error for the user, naming `flag` (the option the user typed)
/// when the size asked for is out of range.
pub fn db_error(e: DbError, flag: &str) -> CliError {
    match e {
        DbError::TooManySeeds { asked, limit } => CliError::input(format!(
            "{flag} {asked} is more than the {limit} seeds a database of this board can hold \
             (use 0 to {limit})"
        )),
        DbError::TooLarge { asked, reason } => {
            CliError::input(format!("{flag} {asked} is more than this machine can build: {reason}"))
        }
        e => CliError::input(e),
    }
}

pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Build(args) => build(args),
        Command::Stats(args) => stats(args),
    }
}

fn build(args: BuildArgs) -> Result<(), CliError> {
    if args.mpi {
        return crate::cmd::db_mpi::build(args);
    }
    let v = args.variant.compact_variant("mancala db")?;
    // Everything checked before anything is printed or built.
    let kind =
        Databases::check_build(&v, args.max_seeds).map_err(|e| db_error(e, "--max-seeds"))?;
    let oware = kind == DbFamily::Oware;
    let threads = args.threads.unwrap_or_else(crate::options::every_core);
    let root = args.location.root();
    let folder = args.location.folder(&v);
    eprintln!(
        "building {} (rows of {}) up to {} seeds in {}",
        v.name(),
        v.pits_per_side(),
        args.max_seeds,
        folder.display()
    );
    let bar = progress_bar();
    let started = Instant::now();
    // The Oware build reports its layers itself (below).
    let progress = layer_progress(&bar, &folder, !oware);
    // Oware family: each layer's value counts as soon as it is done, as
    // `db stats --margins` prints them, with the seconds it took.
    if oware {
        outln!("{}", stats_header(true));
    }
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    // Set when the reader of the output has gone: the build stops as on a
    // signal, keeping its finished layers, then the command ends quietly.
    let closed = AtomicBool::new(false);
    let mut on_layer = |b: &LayerBuild, s: &LayerStats| {
        if closed.load(Ordering::Relaxed) {
            return;
        }
        let seconds =
            if b.passes > 0 { format!("{:.2}", b.seconds) } else { "on disk".to_string() };
        let printed = bar.suspend(|| {
            output::try_print(format_args!(
                "{} {seconds:>10}\n{}\n",
                stats_line(s),
                margins_line(s)
            ))
        });
        if let Err(e) = printed {
            if !output::is_closed(&e) {
                output::failed(&e);
            }
            closed.store(true, Ordering::Relaxed);
            stop.store(true, Ordering::SeqCst);
        }
    };
    let built =
        Databases::build_with(&v, args.max_seeds, &root, threads, &progress, &mut on_layer, &stop);
    bar.finish_and_clear();
    if closed.load(Ordering::Relaxed) {
        std::process::exit(output::CLOSED);
    }
    let db = built.map_err(|e| match e {
        DbError::Interrupted { .. } => CliError {
            code: signals.code(),
            message: format!("{}: {e}; run the same command to resume", signals.why()),
        },
        e => db_error(e, "--max-seeds"),
    })?;
    bar.finish_and_clear();
    let (layers, boards) = (db.max_seeds(), db.boards());
    outln!(
        "built {} layers 0..={} ({} boards) in {:.1} s: {}",
        layers + 1,
        layers,
        boards,
        started.elapsed().as_secs_f64(),
        folder.display()
    );
    Ok(())
}

/// A database build's progress, shown on `bar`: the layer being built,
/// a line for each layer finished or found on disk (when `layer_lines`),
/// and a line when another process holds `folder`'s lock. The one-process
/// and the MPI builds share it.
pub fn layer_progress<'a>(
    bar: &'a ProgressBar,
    folder: &'a Path,
    layer_lines: bool,
) -> impl Fn(BuildProgress) + Sync + 'a {
    let layer_started = std::sync::Mutex::new((usize::MAX, Instant::now()));
    move |p: BuildProgress| {
        if p.waiting {
            bar.suspend(|| {
                eprintln!("another process is building in {}; waiting for it", folder.display())
            });
            return;
        }
        let mut last = layer_started.lock().unwrap();
        if last.0 != p.seeds {
            if last.0 != usize::MAX && layer_lines {
                bar.println(format!(
                    "layer {:>3} done in {:.2} s",
                    last.0,
                    last.1.elapsed().as_secs_f64()
                ));
            }
            *last = (p.seeds, Instant::now());
            bar.set_prefix(p.seeds.to_string());
            bar.set_length(p.total);
            bar.reset();
        }
        if p.loaded && layer_lines {
            bar.println(format!("layer {:>3} found on disk and checked", p.seeds));
        }
        bar.set_position(p.done);
    }
}

/// The bar of a database build's progress.
pub fn progress_bar() -> ProgressBar {
    ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "layer {prefix:>3} [{bar:30}] {pos}/{len} boards {rate} boards/s eta {eta}",
        )
        .expect("template")
        .with_key("rate", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}", s.per_sec().round() as u64);
        })
        .progress_chars("=> "),
    )
}

fn stats(args: StatsArgs) -> Result<(), CliError> {
    let v = args.variant.compact_variant("mancala db")?;
    let root = args.location.root();
    let Some(db) = Databases::open_database(&v, &root).map_err(CliError::input)? else {
        return Err(CliError::input(format!(
            "no database for {} with {} pits a side in {}: build one with `mancala db build`",
            v.name(),
            v.pits_per_side(),
            args.location.folder(&v).display()
        )));
    };
    let stats = db.stats();
    outln!("{}", stats_header(false));
    for s in stats {
        outln!("{}", stats_line(&s));
        if args.margins {
            outln!("{}", margins_line(&s));
        }
    }
    Ok(())
}

/// The column names of [`stats_line`], and a seconds column if `timed`.
fn stats_header(timed: bool) -> String {
    let line = format!(
        "{:>5} {:>14} {:>14} {:>14} {:>14}",
        "seeds", "boards", "mover wins", "draws", "mover loses"
    );
    if timed {
        format!("{line} {:>10}", "seconds")
    } else {
        line
    }
}

/// One layer's counts: boards the mover wins, draws and loses.
fn stats_line(s: &LayerStats) -> String {
    format!("{:>5} {:>14} {:>14} {:>14} {:>14}", s.seeds, s.boards, s.wins, s.draws, s.losses)
}

/// The boards of each value (future margin for the mover), `margin:boards`.
fn margins_line(s: &LayerStats) -> String {
    let line: Vec<String> = s.by_margin.iter().map(|(m, c)| format!("{m:+}:{c}")).collect();
    format!("      {}", line.join(" "))
}
