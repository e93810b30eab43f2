//! `mancala match`: two players over N game pairs, each opening played
//! twice with the sides swapped; wins, draws and losses, and the Elo
//! difference with a 95% error bar.
//!
//! The match itself (players, openings, games, Elo) is the engine
//! library's [`mancala_engine::matches`]; here are its options, its
//! progress bar and its report.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mancala_core::{format_moves, with_layout, Layout, Outcome, Side, Variant};
use mancala_engine::matches::{
    play_match, summarize, GameDone, Limits, MatchOptions, MatchSetup, PlayerSpec, Summary,
    VariantSource,
};

use crate::error::CliError;
use crate::output::outln;
use crate::variant_args::VariantArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Player A: `level:N` (1-10), `search` (our search with --depth,
    /// --nodes or --movetime), `cmd:PROGRAM ARGS` (a program speaking the
    /// `mancala engine` protocol, e.g. cmd:"mancala engine") or
    /// `uci:PROGRAM ARGS` (a program speaking the UCI dialect of Oware
    /// engines, e.g. uci:"java -jar Aalina.jar"; 6 pits a side, no pie
    /// rule, --movetime or --depth).
    #[arg(long, value_name = "PLAYER")]
    pub a: PlayerSpec,
    /// Player B, as for --a.
    #[arg(long, value_name = "PLAYER")]
    pub b: PlayerSpec,
    /// The folder player A's program (cmd: or uci:) runs in; default: the
    /// current one. Relative paths in its command line are then relative
    /// to it.
    #[arg(long, value_name = "DIR")]
    pub a_dir: Option<PathBuf>,
    /// The folder player B's program runs in, as for --a-dir.
    #[arg(long, value_name = "DIR")]
    pub b_dir: Option<PathBuf>,
    /// Games to play, an even number: they come in pairs, each opening
    /// played twice with the sides swapped (an odd number is refused).
    #[arg(long, short = 'n', default_value_t = 20)]
    pub games: u32,
    /// Depth limit per move for `search`, `cmd:` and `uci:` players.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit per move for `search` and `cmd:` players (not `uci:`).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Time per move in milliseconds for `search`, `cmd:` and `uci:`
    /// players (default 100 when no limit is given; `level:N` players use
    /// their level's own limit).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Random moves at the start of each opening (no swaps); the openings are all different while there are different ones left (abapa has 36 of two moves, 216 of three)
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    /// Only openings that a 100,000-node search scores within this many
    /// seeds of even (for games where a few random moves can decide the
    /// game); at most 50 openings a pair are scored
    #[arg(long, value_name = "SEEDS")]
    pub balanced: Option<u32>,
    /// Seed of the openings and of the levels' mistakes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Game pairs played at the same time.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Seconds to wait for an external program's answer.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Print every game (moves and result) on standard error.
    #[arg(long)]
    pub verbose: bool,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn fmt_elo(x: Option<f64>, infinite: &str) -> String {
    x.map_or(infinite.to_string(), |x| format!("{x:+.0}"))
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.games == 0 || args.games % 2 == 1 {
        return Err(CliError::input(format!(
            "--games {}: the games come in pairs (each opening is played twice, with the sides \
             swapped), so give an even number of at least 2",
            args.games
        )));
    }
    if args.jobs == 0 || args.jobs > 256 {
        return Err(CliError::input("--jobs must be 1 to 256"));
    }
    if !(args.timeout > 0.0 && args.timeout < 1e6) {
        return Err(CliError::input("--timeout must be seconds above 0"));
    }
    if args.depth == Some(0) || args.nodes == Some(0) || args.movetime == Some(0) {
        return Err(CliError::input("--depth, --nodes and --movetime must be at least 1"));
    }
    let variant = args.variant.variant()?;
    let mut limits = Limits { depth: args.depth, nodes: args.nodes, movetime: args.movetime };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(100);
    }
    for (spec, dir, option) in
        [(&args.a, &args.a_dir, "--a-dir"), (&args.b, &args.b_dir, "--b-dir")]
    {
        if dir.is_some() && !spec.is_program() {
            return Err(CliError::input(format!(
                "{option} is the folder of a cmd: or uci: program, and {spec} is not one"
            )));
        }
        if let Some(dir) = dir.as_ref().filter(|d| !d.is_dir()) {
            return Err(CliError::input(format!("{option} {}: no such folder", dir.display())));
        }
        spec.check(&variant, &limits).map_err(CliError::input)?;
    }
    let pairs = args.games as usize / 2;
    // A variant file at another size goes to the programs as a file of its
    // own, the rules at that size (the protocol's `variantfile` has no size).
    let resized_file = resized_variant_file(&args.variant, &variant)?;
    let options = MatchOptions {
        variant: variant.clone(),
        a: args.a.clone(),
        b: args.b.clone(),
        a_dir: args.a_dir.clone(),
        b_dir: args.b_dir.clone(),
        setup: MatchSetup {
            variant: match &resized_file {
                Some(file) => VariantSource::File(file.path().to_path_buf()),
                None => variant_source(&args.variant),
            },
            limits,
            timeout: Duration::from_secs_f64(args.timeout),
        },
        pairs,
        opening_plies: args.opening_plies,
        balanced: args.balanced,
        seed: args.seed,
        jobs: args.jobs,
    };

    let bar = ProgressBar::with_draw_target(
        Some(2 * pairs as u64),
        if args.json { ProgressDrawTarget::hidden() } else { ProgressDrawTarget::stderr() },
    );
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed_precise} < {eta}]",
        )
        .expect("template")
        .progress_chars("=> "),
    );
    let tally = Mutex::new([0u32; 3]);
    // A game's points and its line (for --verbose), whatever its layout.
    let on_game = |points: f64, line: &dyn Fn() -> String| {
        let message = {
            let mut t = tally.lock().expect("tally");
            // Wins, draws, losses: 2, 1 or 0 half-points.
            t[2 - (2.0 * points) as usize] += 1;
            format!("A +{} ={} -{}", t[0], t[1], t[2])
        };
        if args.verbose {
            // Above the progress bar; plainly when there is none (standard
            // error is not a terminal, or --json).
            let line = line();
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(line);
            }
        }
        bar.set_message(message);
        bar.inc(1);
    };
    // Ctrl-C or SIGTERM: the games in play are abandoned, and the finished
    // pairs are summed up before the match ends with 130 or 143.
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();
    let on_opening = |tried: usize, kept: usize| {
        bar.set_message(format!("choosing openings: {kept} balanced of {tried} scored"));
    };
    let outcome = with_layout!(variant.layout(), L => play_match::<L>(
        &options,
        &stop,
        &on_opening,
        &|done: &GameDone<L>| on_game(done.points, &|| game_line(done)),
    ));
    bar.finish_and_clear();
    let stopped = stop.load(std::sync::atomic::Ordering::Relaxed);
    match (&outcome.error, stopped) {
        (Some(e), false) => return Err(CliError::failure(format!("the match stopped: {e}"))),
        // An engine that died of the same Ctrl-C is no error of the match's,
        // but an error may also have come before it: said, not hidden.
        (Some(e), true) => eprintln!("mancala: note: when the match was stopped: {e}"),
        _ => {}
    }
    let finished = outcome.finished;
    if !finished.is_empty() {
        let name =
            format!("{} {}x{}", variant.name(), variant.pits_per_row(), variant.seeds_per_pit());
        let s = summarize(args.a.to_string(), args.b.to_string(), name, &finished);
        print_summary(&s, &args, outcome.openings);
    }
    if stopped {
        return Err(CliError {
            code: signals.code(),
            message: format!(
                "{}: {} of {pairs} game pairs finished{}",
                signals.why(),
                finished.len(),
                if finished.is_empty() { "" } else { "; the result above counts them" }
            ),
        });
    }
    Ok(())
}

/// The rules of a variant file played at another size (`-p`, `-s`),
/// written to a temporary file for the programs among the players; `None`
/// for a built-in variant or a file at its own size.
fn resized_variant_file(
    args: &VariantArgs,
    variant: &Variant,
) -> Result<Option<tempfile::NamedTempFile>, CliError> {
    if args.variant_file.is_none() || (args.pits_per_side.is_none() && args.seeds.is_none()) {
        return Ok(None);
    }
    let write = || -> std::io::Result<tempfile::NamedTempFile> {
        let mut file = tempfile::Builder::new().suffix(".toml").tempfile()?;
        std::io::Write::write_all(&mut file, variant.rules().to_toml().as_bytes())?;
        Ok(file)
    };
    write().map(Some).map_err(|e| {
        CliError::input(format!("cannot write the resized variant for the players: {e}"))
    })
}

/// How the players that are told the variant are told it: as the options
/// gave it.
fn variant_source(args: &VariantArgs) -> VariantSource {
    match &args.variant_file {
        Some(path) => VariantSource::File(path.clone()),
        None => VariantSource::Preset {
            name: args.variant.clone(),
            pits: args.pits_per_side,
            seeds: args.seeds,
        },
    }
}

/// A finished game in a line (`--verbose`): who played which side, the
/// moves, the stores and the result.
fn game_line<L: Layout>(done: &GameDone<L>) -> String {
    let pos = done.record.position();
    let a_south = done.a_side == Side::South;
    format!(
        "pair {} game {}: south {}, north {}: {}; stores {}-{}: {}",
        done.pair + 1,
        done.game + 1,
        if a_south { "A" } else { "B" },
        if a_south { "B" } else { "A" },
        format_moves(done.record.moves()),
        pos.store(Side::South),
        pos.store(Side::North),
        match pos.outcome() {
            Some(Outcome::Win(s)) if s == done.a_side => "A wins",
            Some(Outcome::Draw) => "draw",
            _ => "B wins",
        }
    )
}

/// Prints the match's result: one JSON object with `--json`, else text.
fn print_summary(s: &Summary, args: &Args, openings: usize) {
    if args.json {
        outln!("{}", serde_json::to_string(s).expect("json"));
        return;
    }
    outln!(
        "match {}: A = {}, B = {}; {} games ({} pairs, sides swapped), {} random opening plies{}, {}, seed {}",
        s.variant,
        s.a,
        s.b,
        s.games,
        s.pairs,
        args.opening_plies,
        args.balanced.map_or(String::new(), |m| format!(" (balanced within {m} seeds)")),
        if openings == 1 { "1 opening".to_string() } else { format!("{openings} different openings") },
        args.seed
    );
    outln!(
        "A: {} wins, {} draws, {} losses in {} games: score {:.1}%",
        s.wins,
        s.draws,
        s.losses,
        s.games,
        100.0 * s.score
    );
    let elo_text = match (s.elo, s.elo_error) {
        (Some(e), Some(err)) => format!("{e:+.0} ± {err:.0}"),
        (Some(e), None) => format!("{e:+.0}"),
        (None, _) if s.score >= 1.0 => "+inf (A won every game)".into(),
        (None, _) => "-inf (A lost every game)".into(),
    };
    outln!(
        "Elo difference A - B: {elo_text}; 95% interval {} to {}; LOS {:.1}%",
        fmt_elo(s.elo_low, "-inf"),
        fmt_elo(s.elo_high, "+inf"),
        100.0 * s.los
    );
}
