//! `mancala analyze`: every legal move with its score and principal
//! variation, the best move, and whether each score is exact (solved) or
//! heuristic.

use std::time::Duration;

use mancala_core::{Move, Side};
use mancala_engine::search::{SearchInfo, SearchLimits, SearchOptions, Searcher, DEFAULT_HASH_MB};
use serde::Serialize;

use crate::error::CliError;
use crate::variant_args::GameArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Search this many moves deep (deterministic). Without --depth,
    /// --nodes or --time the analysis runs for 3 seconds.
    #[arg(long, short = 'd')]
    pub depth: Option<u32>,
    /// Search about this many seconds.
    #[arg(long, short = 't')]
    pub time: Option<f64>,
    /// Search at most this many nodes (deterministic).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    pub hash: usize,
    /// Solve exactly (to the end of the game) once at most this many seeds
    /// are left in the pits (default: 10, or 0 under a repetition rule).
    #[arg(long)]
    pub solve_seeds: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Do not print the progress of each iteration.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    score: i32,
    exact: bool,
    pv: Vec<String>,
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
    moves: Vec<MoveJson>,
}

fn line(pv: &[Move]) -> Vec<String> {
    pv.iter().map(|m| m.to_string()).collect()
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(t) = args.time {
        if !(t > 0.0 && t <= 1e6) {
            return Err(CliError::input("--time must be a number of seconds above 0"));
        }
    }
    if args.hash == 0 || args.hash > 1 << 20 {
        return Err(CliError::input("--hash must be 1 to 1048576 MiB"));
    }
    let (variant, game) = args.game.game()?;
    let mut limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        time: args.time.map(Duration::from_secs_f64),
    };
    if limits == SearchLimits::default() {
        limits.time = Some(Duration::from_secs(3));
    }
    let pos = *game.position();
    let mut searcher =
        Searcher::new(SearchOptions { hash_mb: args.hash, solve_seeds: args.solve_seeds });
    if !args.json {
        println!(
            "analyze {} {}x{} from {}",
            variant.name(),
            variant.pits_per_side(),
            variant.seeds_per_pit(),
            pos
        );
    }
    let verbose = !args.json && !args.quiet;
    let mut progress = |info: &SearchInfo| {
        if verbose {
            println!(
                "info depth {} seldepth {} score {:+} {} nodes {} nps {} time {} pv {}",
                info.depth,
                info.seldepth,
                info.score,
                if info.exact { "exact" } else { "heuristic" },
                info.nodes,
                info.nps,
                info.elapsed.as_millis(),
                line(info.pv).join(" ")
            );
        }
    };
    let analysis = searcher.analyze(&game, limits, None, &mut progress);
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
            moves: analysis
                .moves
                .iter()
                .map(|m| MoveJson {
                    mv: m.mv.to_string(),
                    score: m.score,
                    exact: m.exact,
                    pv: line(&m.pv),
                })
                .collect(),
        };
        println!("{}", serde_json::to_string(&json).expect("json"));
        return Ok(());
    }
    let Some(best) = best else {
        println!("the game is over: final margin {:+} for south", pos.store_margin());
        return Ok(());
    };
    println!("{:<6} {:>6}  {:<9}  line", "move", "score", "kind");
    for m in &analysis.moves {
        println!(
            "{:<6} {:>+6}  {:<9}  {}",
            m.mv.to_string(),
            m.score,
            if m.exact { "exact" } else { "heuristic" },
            line(&m.pv).join(" ")
        );
    }
    println!(
        "best move {} score {:+} ({}) for {}; depth {}, {} nodes, {:.2} s",
        best.mv,
        best.score,
        if best.exact { "exact: solved" } else { "heuristic" },
        pos.to_move(),
        analysis.depth,
        analysis.nodes,
        analysis.elapsed.as_secs_f64()
    );
    Ok(())
}
