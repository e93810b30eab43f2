//! `mancala db`: endgame databases (build, stats), and where they live.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::Variant;
use mancala_solver::{db::fingerprint, EndgameDb};

use crate::error::CliError;
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
    /// Threads to build with (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
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
    /// The folder for `v`'s databases: one per rule set and row length.
    pub fn folder(&self, v: &Variant) -> PathBuf {
        let root = self.db_dir.clone().unwrap_or_else(default_db_dir);
        root.join(format!("{}-{}pits-{:016x}", v.name(), v.pits_per_side(), fingerprint(v.rules())))
    }

    /// The database for `v` if one has been built; a damaged one is an error.
    pub fn open(&self, v: &Variant) -> Result<Option<EndgameDb>, CliError> {
        let folder = self.folder(v);
        if !folder.exists() {
            return Ok(None);
        }
        EndgameDb::open(v, &folder).map_err(CliError::input)
    }
}

/// The default database folder.
pub fn default_db_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MANCALA_DB_DIR") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME") {
        return Path::new(&dir).join("mancala/db");
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".local/share/mancala/db")
}

pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Build(args) => build(args),
        Command::Stats(args) => stats(args),
    }
}

fn build(args: BuildArgs) -> Result<(), CliError> {
    let v = args.variant.variant()?;
    mancala_solver::db::check_supported(&v).map_err(CliError::input)?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    });
    if threads == 0 || threads > 256 {
        return Err(CliError::input("--threads must be from 1 to 256"));
    }
    let folder = args.location.folder(&v);
    eprintln!("building {} (rows of {}) up to {} seeds in {}", v.name(), v.pits_per_side(), args.max_seeds, folder.display());
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "layer {prefix:>3} [{bar:30}] {pos}/{len} boards {per_sec} eta {eta}",
        )
        .expect("template")
        .progress_chars("=> "),
    );
    let started = Instant::now();
    let layer_started = std::sync::Mutex::new((usize::MAX, Instant::now()));
    let db = EndgameDb::build(&v, args.max_seeds, &folder, threads, &|p| {
        let mut last = layer_started.lock().unwrap();
        if last.0 != p.seeds {
            if last.0 != usize::MAX {
                bar.println(format!("layer {:>3} done in {:.2} s", last.0, last.1.elapsed().as_secs_f64()));
            }
            *last = (p.seeds, Instant::now());
            bar.set_prefix(p.seeds.to_string());
            bar.set_length(p.total);
            bar.reset();
        }
        if p.loaded {
            bar.println(format!("layer {:>3} found on disk and checked", p.seeds));
        }
        bar.set_position(p.done);
    })
    .map_err(CliError::input)?;
    bar.finish_and_clear();
    let boards: u64 = db.stats().iter().map(|s| s.boards).sum();
    println!(
        "built {} layers 0..={} ({} boards) in {:.1} s: {}",
        db.max_seeds() + 1,
        db.max_seeds(),
        boards,
        started.elapsed().as_secs_f64(),
        folder.display()
    );
    Ok(())
}

fn stats(args: StatsArgs) -> Result<(), CliError> {
    let v = args.variant.variant()?;
    let Some(db) = args.location.open(&v)? else {
        return Err(CliError::input(format!(
            "no database for {} with {} pits a side in {}: build one with `mancala db build`",
            v.name(),
            v.pits_per_side(),
            args.location.folder(&v).display()
        )));
    };
    println!("{:>5} {:>14} {:>14} {:>14} {:>14}", "seeds", "boards", "mover wins", "draws", "mover loses");
    for s in db.stats() {
        println!("{:>5} {:>14} {:>14} {:>14} {:>14}", s.seeds, s.boards, s.wins, s.draws, s.losses);
        if args.margins {
            let line: Vec<String> = s.by_margin.iter().map(|(m, c)| format!("{m:+}:{c}")).collect();
            println!("      {}", line.join(" "));
        }
    }
    Ok(())
}
