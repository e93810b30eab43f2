//! `mancala bench`: speed of the rules core, per preset.

use std::time::{Duration, Instant};

use mancala_core::{with_layout, Game, Layout, Variant};
use mancala_engine::playout::random_playouts;

use crate::error::CliError;
use crate::output::outln;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only these variants (default: every preset): a preset's name, or
    /// the path of a variant file (a name with a `/` or ending in `.toml`),
    /// of any board.
    #[arg(long, short = 'v')]
    pub variant: Vec<String>,
    /// Seconds to spend on each measurement.
    #[arg(long, default_value_t = 1.0)]
    pub seconds: f64,
    /// Instead of timing, play exactly this many random games per variant
    /// and print their totals (fixed work, for instruction counters such as
    /// `valgrind --tool=callgrind`).
    #[arg(long)]
    pub games: Option<u64>,
    /// Only the search benchmark (fixed positions and depths; prints the
    /// node-count signature and nodes per second).
    #[arg(long, conflicts_with = "rules")]
    pub search: bool,
    /// Only the rules benchmark (playouts and perft).
    #[arg(long)]
    pub rules: bool,
    /// Play every move through the general sowing (the path of the rule
    /// elements beyond the Kalah and Oware families), even where the fast
    /// path applies: compare with a run without it for what the general
    /// path costs. The rules benchmark only.
    #[arg(long, conflicts_with = "search")]
    pub general: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.search {
        search_bench();
        return Ok(());
    }
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(CliError::input("--seconds must be more than 0 and at most 3600"));
    }
    let budget = Duration::from_secs_f64(args.seconds);
    let mut variants = if args.variant.is_empty() {
        Variant::presets()
    } else {
        args.variant
            .iter()
            .map(|n| {
                if n.contains('/') || n.ends_with(".toml") {
                    Variant::from_file(std::path::Path::new(n)).map_err(CliError::input)
                } else {
                    Variant::preset(n).map_err(CliError::input)
                }
            })
            .collect::<Result<_, _>>()?
    };
    if args.general {
        variants = variants.iter().map(Variant::through_general_sowing).collect();
    }
    if let Some(games) = args.games {
        for v in &variants {
            let s = random_playouts(v, games, 1);
            outln!(
                "{} {}x{}: {} games, {} plies, south {} north {} draws {}",
                v.name(),
                v.pits_per_row(),
                v.seeds_per_pit(),
                s.games,
                s.plies,
                s.south_wins,
                s.north_wins,
                s.draws
            );
        }
        return Ok(());
    }
    outln!(
        "{:<14} {:>6} {:>14} {:>12} {:>7} {:>14}",
        "variant",
        "size",
        "playouts/s",
        "plies/game",
        "perft",
        "leaves/s"
    );
    for v in &variants {
        let (rate, plies) = playout_rate(v, budget);
        let (depth, leaf_rate) = perft_rate(v, budget);
        outln!(
            "{:<14} {:>6} {:>14.0} {:>12.1} {:>7} {:>14.0}",
            v.name(),
            format!("{}x{}", v.pits_per_row(), v.seeds_per_pit()),
            rate,
            plies,
            format!("d{depth}"),
            leaf_rate
        );
    }
    if !args.rules && !args.general && args.variant.is_empty() {
        outln!();
        search_bench();
    }
    Ok(())
}

/// Random playouts per second on this thread, and mean plies per game.
fn playout_rate(v: &Variant, budget: Duration) -> (f64, f64) {
    let start = Instant::now();
    let (mut games, mut plies, mut seed) = (0u64, 0u64, 1u64);
    while start.elapsed() < budget {
        let stats = random_playouts(v, 1000, seed);
        games += stats.games;
        plies += stats.plies;
        seed += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    (games as f64 / secs, plies as f64 / games as f64)
}

/// Perft leaves per second at the deepest depth that fits the budget.
fn perft_rate(v: &Variant, budget: Duration) -> (u32, f64) {
    with_layout!(v.layout(), L => perft_rate_in::<L>(v, budget))
}

/// [`perft_rate`] in the variant's layout `L`.
fn perft_rate_in<L: Layout>(v: &Variant, budget: Duration) -> (u32, f64) {
    let mut game = Game::<L>::new_in(v.clone());
    let mut best = (0, 0.0);
    for depth in 1..=40 {
        let t = Instant::now();
        let leaves = game.perft(depth);
        let secs = t.elapsed().as_secs_f64();
        best = (depth, leaves as f64 / secs.max(1e-9));
        if secs * 6.0 > budget.as_secs_f64() {
            break;
        }
    }
    best
}

/// The search benchmark: fixed positions and depths from an empty table.
/// The total node count is a signature of the search, the same on every
/// run and machine (like Stockfish's `bench`).
fn search_bench() {
    use mancala_engine::search::bench::{run, CASES};
    outln!();
    outln!(
        "{:<14} {:<22} {:>5} {:>12} {:>7} {:>12}",
        "variant",
        "moves",
        "depth",
        "nodes",
        "score",
        "nodes/s"
    );
    let (mut nodes, mut secs) = (0u64, 0f64);
    for case in CASES {
        let r = run(case);
        let s = r.elapsed.as_secs_f64();
        nodes += r.nodes;
        secs += s;
        outln!(
            "{:<14} {:<22} {:>5} {:>12} {:>+7} {:>12.0}",
            case.variant,
            if case.moves.is_empty() { "(start)" } else { case.moves },
            case.depth,
            r.nodes,
            r.score,
            r.nodes as f64 / s.max(1e-9)
        );
    }
    outln!("===========================");
    outln!("Total time (ms) : {:.0}", secs * 1000.0);
    outln!("Nodes searched  : {nodes}");
    outln!("Nodes/second    : {:.0}", nodes as f64 / secs.max(1e-9));
}
