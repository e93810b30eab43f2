//! `mancala analyze`: every legal move with its score and principal
//! variation, the best move, and whether each score is exact (solved) or
//! heuristic. An endgame database built by `mancala db build` for the
//! variant is used where it covers a position (`--no-db`: not used); a score
//! read from it is marked `exact db`.
//!
//! While it searches, a line on standard error (a terminal only) shows the
//! depth reached; `--verbose` prints each iteration's `info` line instead,
//! as the engine protocol does.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use mancala_core::{with_layout, Layout, LayoutKind, Move, Side, Variant};
use mancala_engine::search::{SearchInfo, SearchLimits, SearchOptions, Searcher, DEFAULT_HASH_MB};
use serde::Serialize;

use crate::endgame::{self, DbArgs};
use crate::error::CliError;
use crate::output::outln;
use crate::variant_args::{replay_in, GameArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Search this many moves deep (deterministic). Without --depth,
    /// --nodes or --time the analysis runs for 1 second. 1 to 120.
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u32).range(1..=120))]
    pub depth: Option<u32>,
    /// Search about this many seconds.
    #[arg(long, short = 't')]
    pub time: Option<f64>,
    /// Search at most this many nodes (deterministic).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in MiB, 1 to 65536.
    #[arg(long, value_parser = crate::options::table_megabytes, default_value_t = DEFAULT_HASH_MB)]
    pub hash: usize,
    /// Solve exactly (to the end of the game) once at most this many seeds
    /// are left in the pits (default: 10, or 0 under a repetition rule).
    #[arg(long)]
    pub solve_seeds: Option<u32>,
    /// Threads to search with, 1 to 256. Default: every core for an
    /// analysis by time (the default), which reaches a given depth about
    /// 1.5 times sooner on two cores (docs/engine.md); one with --depth or
    /// --nodes, so that those stay reproducible. More threads share the
    /// table (Lazy SMP), with node counts that vary from run to run; exact
    /// scores do not depend on it.
    #[arg(long, value_parser = crate::options::threads)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub db: DbArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print each iteration of the search as an `info` line (the engine
    /// protocol's) before the table.
    #[arg(long, conflicts_with = "json")]
    pub verbose: bool,
    /// Show no progress line on standard error while searching.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    score: i32,
    exact: bool,
    /// The score was read from the endgame database.
    database: bool,
    pv: Vec<String>,
}

#[derive(Serialize)]
struct DatabaseJson {
    folder: String,
    max_seeds: u32,
    /// Exact scores; otherwise outcomes only (a majority rule) or an
    /// evaluation (the owner rule).
    exact: bool,
}

#[derive(Serialize)]
struct AnalysisJson {
    position: String,
    to_move: Option<Side>,
    best: Option<String>,
    score: i32,
    exact: bool,
    depth: u32,
    nodes: u64,
    seconds: f64,
    /// Threads the search ran on.
    threads: usize,
    /// The endgame database used, if any.
    database: Option<DatabaseJson>,
    /// Positions the database answered.
    database_hits: u64,
    moves: Vec<MoveJson>,
}

/// The kind column: how a score is known.
fn kind(exact: bool, from_database: bool) -> &'static str {
    match (exact, from_database) {
        (_, true) => "exact db",
        (true, false) => "exact",
        (false, false) => "heuristic",
    }
}

fn line(pv: &[Move]) -> Vec<String> {
    pv.iter().map(|m| m.to_string()).collect()
}

/// Threads when `--threads` is not given: one for a search limited by depth
/// or nodes (reproducible), every core for one limited by time alone.
fn default_threads(limits: &SearchLimits) -> usize {
    if limits.depth.is_some() || limits.nodes.is_some() {
        1
    } else {
        crate::options::every_core()
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(t) = args.time {
        if !(t > 0.0 && t <= 1e6) {
            // 1e308 as written, not as 309 digits.
            let found = if t.abs() >= 1e7 { format!("{t:e}") } else { t.to_string() };
            return Err(CliError::input(format!(
                "--time must be a number of seconds above 0 and at most 1000000, found {found}"
            )));
        }
    }
    let variant = args.game.variant.variant()?;
    with_layout!(variant.layout(), L => run_in::<L>(&args, &variant))
}

/// [`run`] in the variant's layout `L`.
fn run_in<L: Layout>(args: &Args, variant: &Variant) -> Result<(), CliError> {
    let game = replay_in::<L>(variant, &args.game.moves)?;
    let mut limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        time: args.time.map(Duration::from_secs_f64),
    };
    if limits == SearchLimits::default() {
        limits.time = Some(Duration::from_secs(1));
    }
    let pos = *game.position();
    // The endgame databases are the compact layout's.
    let database = if args.db.no_db || variant.layout() != LayoutKind::Compact {
        None
    } else {
        endgame::open(&args.db.location, variant).unwrap_or_else(|warning| {
            eprintln!("mancala: warning: {warning}");
            None
        })
    };
    let mut searcher =
        Searcher::try_new(SearchOptions { hash_mb: args.hash, solve_seeds: args.solve_seeds })
            .map_err(|e| CliError::input(format!("--hash: {e}")))?
            .with_endgame(database.as_ref().map(|d| d.oracle.clone()))
            .with_threads(args.threads.unwrap_or_else(|| default_threads(&limits)));
    if !args.json {
        outln!(
            "analyze {} {}x{} from {}",
            variant.name(),
            variant.pits_per_row(),
            variant.seeds_per_pit(),
            pos
        );
        if let Some(d) = &database {
            outln!("{}", d.describe());
        }
    }
    let verbose = args.verbose;
    // The depth reached, rewritten in place; drawn only when standard
    // error is a terminal (indicatif hides it otherwise).
    let bar = if verbose || args.quiet || args.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    };
    bar.set_style(ProgressStyle::with_template("{spinner} searching: {msg}").expect("template"));
    if !bar.is_hidden() {
        bar.set_message("starting");
        bar.enable_steady_tick(Duration::from_millis(150));
    }
    let mut progress = |info: &SearchInfo| {
        if verbose {
            outln!(
                "info depth {} seldepth {} score {:+} {} nodes {} dbhits {} nps {} time {} pv {}",
                info.depth,
                info.seldepth,
                info.score,
                if info.exact { "exact" } else { "heuristic" },
                info.nodes,
                info.database_hits,
                info.nps,
                info.elapsed.as_millis(),
                line(info.pv).join(" ")
            );
        } else {
            bar.set_message(format!(
                "depth {}, best {} score {:+}{}, {} nodes, {:.1} s",
                info.depth,
                info.pv.first().map_or_else(|| "-".to_string(), |m| m.to_string()),
                info.score,
                if info.exact { " exact" } else { "" },
                info.nodes,
                info.elapsed.as_secs_f64()
            ));
            bar.tick();
        }
    };
    let analysis = searcher.analyze_in(&game, limits, None, &mut progress);
    bar.finish_and_clear();
    let best = analysis.best();
    if args.json {
        let json = AnalysisJson {
            position: pos.to_string(),
            to_move: (!pos.is_over()).then(|| pos.to_move()),
            best: best.map(|b| b.mv.to_string()),
            score: best.map_or(mancala_engine::search::score::terminal(&pos), |b| b.score),
            exact: analysis.moves.iter().all(|m| m.exact),
            depth: analysis.depth,
            nodes: analysis.nodes,
            seconds: analysis.elapsed.as_secs_f64(),
            threads: searcher.threads(),
            database: database.as_ref().map(|d| DatabaseJson {
                folder: d.folder.display().to_string(),
                max_seeds: d.max_seeds,
                exact: d.exact,
            }),
            database_hits: analysis.database_hits,
            moves: analysis
                .moves
                .iter()
                .map(|m| MoveJson {
                    mv: m.mv.to_string(),
                    score: m.score,
                    exact: m.exact,
                    database: m.from_database,
                    pv: line(&m.pv),
                })
                .collect(),
        };
        outln!("{}", serde_json::to_string(&json).expect("json"));
        return Ok(());
    }
    let Some(best) = best else {
        outln!("The game is over: final margin {:+} for South.", pos.store_margin());
        return Ok(());
    };
    outln!("{:<6} {:>6}  {:<9}  line", "move", "score", "kind");
    for m in &analysis.moves {
        outln!(
            "{:<6} {:>+6}  {:<9}  {}",
            m.mv.to_string(),
            m.score,
            kind(m.exact, m.from_database),
            line(&m.pv).join(" ")
        );
    }
    let how = if best.from_database {
        "exact: from the endgame database"
    } else if best.exact && analysis.database_hits > 0 {
        "exact: solved with the endgame database"
    } else if best.exact {
        "exact: solved"
    } else {
        "heuristic"
    };
    let hits = if database.is_some() {
        format!(", {} database hits", analysis.database_hits)
    } else {
        String::new()
    };
    outln!(
        "best move {} score {:+} ({how}) for {}; depth {}, {} nodes{hits}, {:.2} s",
        best.mv,
        best.score,
        if pos.to_move() == Side::South { "South" } else { "North" },
        analysis.depth,
        analysis.nodes,
        analysis.elapsed.as_secs_f64()
    );
    Ok(())
}
