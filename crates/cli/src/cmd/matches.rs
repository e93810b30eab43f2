//! `mancala match`: two players over N game pairs, each opening played
//! twice with the sides swapped; wins, draws and losses, and the Elo
//! difference with a 95% error bar.
//!
//! A player is a strength level (`level:N`, [`computer_move`]), our search
//! with the match's limits (`search`), or an external program speaking the
//! `mancala engine` protocol (`cmd:PROGRAM ARGS`, see `docs/protocol.md`).

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mancala_core::{format_moves, quote, Game, Move, Outcome, Side, Variant};
use mancala_engine::computer_move;
use mancala_engine::playout::SplitMix64;
use mancala_engine::protocol::{Command, GoLimits, Reply, Start, MAX_LINE_BYTES};
use mancala_engine::search::{SearchLimits, SearchOptions, Searcher};
use serde::Serialize;

use crate::error::CliError;
use crate::lines::{read_line, Line};
use crate::variant_args::VariantArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Player A: `level:N` (1-10), `search` (our search with --depth,
    /// --nodes or --movetime) or `cmd:PROGRAM ARGS` (a program speaking
    /// the `mancala engine` protocol, e.g. cmd:"mancala engine").
    #[arg(long, value_name = "PLAYER")]
    pub a: PlayerSpec,
    /// Player B, as for --a.
    #[arg(long, value_name = "PLAYER")]
    pub b: PlayerSpec,
    /// Games to play, an even number: they come in pairs, each opening
    /// played twice with the sides swapped (an odd number is refused).
    #[arg(long, short = 'n', default_value_t = 20)]
    pub games: u32,
    /// Depth limit per move for `search` and `cmd:` players.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit per move for `search` and `cmd:` players.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Time per move in milliseconds for `search` and `cmd:` players
    /// (default 100 when no limit is given; `level:N` players use their
    /// level's own limit).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Random moves at the start of each opening (no swaps).
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
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

/// Who plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Level(u8),
    Search,
    Cmd(Vec<String>),
}

impl FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let usage = "a player is level:N (N from 1 to 10), search, or cmd:PROGRAM ARGS";
        if let Some(n) = s.strip_prefix("level:") {
            return match n.trim().parse::<u8>() {
                Ok(n) if mancala_engine::LEVELS.contains(&n) => Ok(PlayerSpec::Level(n)),
                _ => Err(format!("level {n:?} is not a number from 1 to 10; {usage}")),
            };
        }
        if s == "search" {
            return Ok(PlayerSpec::Search);
        }
        if let Some(cmd) = s.strip_prefix("cmd:") {
            let words = shlex::split(cmd).ok_or_else(|| {
                format!(
                    "cmd:{:?} cannot be split into words (an unclosed quote, or a backslash at the end); {usage}",
                    quote(cmd)
                )
            })?;
            if words.is_empty() {
                return Err(format!("cmd: names no program; {usage}"));
            }
            return Ok(PlayerSpec::Cmd(words));
        }
        Err(format!("{s:?} is not a player; {usage}"))
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerSpec::Level(n) => write!(f, "level:{n}"),
            PlayerSpec::Search => f.write_str("search"),
            PlayerSpec::Cmd(words) => {
                let quoted = shlex::try_join(words.iter().map(String::as_str));
                write!(f, "cmd:{}", quoted.unwrap_or_else(|_| words.join(" ")))
            }
        }
    }
}

/// Limits for the players that take them.
#[derive(Clone, Copy, Debug)]
struct Limits {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
}

impl Limits {
    fn search(&self) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.movetime.map(Duration::from_millis),
        }
    }

    fn go(&self) -> Command {
        Command::Go(GoLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            ..GoLimits::default()
        })
    }
}

/// A player during the match.
trait Player {
    fn new_game(&mut self) -> Result<(), String>;
    fn choose(&mut self, game: &Game, seed: u64) -> Result<Move, String>;
}

struct LevelPlayer(u8);

impl Player for LevelPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }
    fn choose(&mut self, game: &Game, seed: u64) -> Result<Move, String> {
        Ok(computer_move(game, self.0, seed))
    }
}

struct SearchPlayer {
    searcher: Searcher,
    limits: SearchLimits,
}

impl Player for SearchPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }
    fn choose(&mut self, game: &Game, _seed: u64) -> Result<Move, String> {
        let result = self.searcher.search(game, self.limits, None, &mut |_| {});
        result.best.ok_or_else(|| "the search found no move".to_string())
    }
}

/// Lines read from an external program and not yet looked at, at most.
const LINE_QUEUE: usize = 1024;

/// An external program driven through the `mancala engine` protocol.
struct ExternalPlayer {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: Command,
    timeout: Duration,
}

impl ExternalPlayer {
    fn start(
        words: &[String],
        variant: &VariantArgs,
        limits: &Limits,
        timeout: Duration,
    ) -> Result<ExternalPlayer, String> {
        let name = words.join(" ");
        let mut child = std::process::Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {name:?}: {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        // Bounded: a program that talks faster than it is listened to
        // waits (its pipe fills) instead of filling this process's memory;
        // a line longer than the protocol's longest is skipped unread.
        let (tx, lines) = std::sync::mpsc::sync_channel(LINE_QUEUE);
        std::thread::spawn(move || {
            let mut input = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                match read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
                    Ok(Line::Text) => {}
                    Ok(Line::TooLong) => continue,
                    Ok(Line::End) | Err(_) => break,
                }
                let text = String::from_utf8_lossy(&buf);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = ExternalPlayer { name, child, stdin, lines, go: limits.go(), timeout };
        player.send(&Command::Mancala)?;
        player.wait_for(|r| *r == Reply::Ok)?;
        let setup = match &variant.variant_file {
            Some(path) => {
                let path: PathBuf = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
                Command::VariantFile(path.display().to_string())
            }
            None => Command::Variant {
                name: variant.variant.clone(),
                pits: variant.pits_per_side,
                seeds: variant.seeds,
            },
        };
        player.send(&setup)?;
        player.send(&Command::IsReady)?;
        player.wait_for(|r| *r == Reply::ReadyOk)?;
        Ok(player)
    }

    fn send(&mut self, command: &Command) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{:?} stopped listening ({e})", self.name))
    }

    /// Reads replies until one satisfies `done`; an `error` reply fails, and
    /// so does a `bestmove` line that cannot be read. Other lines that are
    /// not replies of the protocol are skipped.
    fn wait_for(&mut self, done: impl Fn(&Reply) -> bool) -> Result<Reply, String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            // Checked before every line, so that a program that never stops
            // talking still runs out of time.
            let wait = deadline.saturating_duration_since(Instant::now());
            let next = if wait.is_zero() {
                Err(RecvTimeoutError::Timeout)
            } else {
                self.lines.recv_timeout(wait)
            };
            match next {
                Ok(line) => match line.parse::<Reply>() {
                    Ok(Reply::Error(reason)) => {
                        return Err(format!("{:?} answered error {reason}", self.name));
                    }
                    Ok(reply) if done(&reply) => return Ok(reply),
                    Ok(_) => {}
                    Err(e) if line.split_whitespace().next() == Some("bestmove") => {
                        return Err(format!("{:?} answered {:?}: {e}", self.name, quote(&line)));
                    }
                    Err(_) => {}
                },
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "{:?} did not answer within {} s",
                        self.name,
                        self.timeout.as_secs_f64()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{:?} ended", self.name))
                }
            }
        }
    }
}

impl Player for ExternalPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        self.send(&Command::NewGame)
    }

    fn choose(&mut self, game: &Game, _seed: u64) -> Result<Move, String> {
        self.send(&Command::Position {
            start: Start::Position((*game.start()).into()),
            moves: game.moves().to_vec(),
        })?;
        let go = self.go.clone();
        self.send(&go)?;
        let reply = self.wait_for(|r| matches!(r, Reply::BestMove(_)))?;
        let played = match reply {
            Reply::BestMove(Some(mv)) => mv,
            _ => {
                return Err(format!(
                    "{:?} answered bestmove none in {}, where the game goes on",
                    self.name,
                    game.position()
                ))
            }
        };
        game.position().check_move(game.variant(), played).map_err(|e| {
            format!(
                "{:?} played {played} in {}, which is not a legal move: {e}",
                self.name,
                game.position()
            )
        })?;
        Ok(played)
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        let _ = self.send(&Command::Quit);
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn make_player(
    spec: &PlayerSpec,
    args: &VariantArgs,
    limits: &Limits,
    timeout: Duration,
) -> Result<Box<dyn Player>, String> {
    Ok(match spec {
        PlayerSpec::Level(n) => Box::new(LevelPlayer(*n)),
        PlayerSpec::Search => Box::new(SearchPlayer {
            searcher: Searcher::new(SearchOptions { hash_mb: 16, ..SearchOptions::default() }),
            limits: limits.search(),
        }),
        PlayerSpec::Cmd(words) => Box::new(ExternalPlayer::start(words, args, limits, timeout)?),
    })
}

/// The opening of pair `pair`: `plies` random moves (no swaps) that do not
/// end the game.
fn opening(v: &Variant, seed: u64, pair: u64, plies: u32) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for _attempt in 0..1000 {
        let mut game = Game::new(v.clone());
        for _ in 0..plies {
            if game.position().is_over() {
                break;
            }
            let sows: Vec<Move> = game.legal_moves().iter().filter(|m| *m != Move::Swap).collect();
            let Some(&mv) = sows.get(rng.below(sows.len().max(1) as u32) as usize) else {
                break;
            };
            game.play_unchecked(mv);
        }
        if !game.position().is_over() {
            return game.moves().to_vec();
        }
    }
    Vec::new()
}

/// One game from the opening; returns the finished game, or `None` when
/// `stop` was set before it finished.
fn play_game(
    v: &Variant,
    opening: &[Move],
    south: &mut dyn Player,
    north: &mut dyn Player,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Option<Game>, String> {
    south.new_game()?;
    north.new_game()?;
    let mut game = Game::new(v.clone());
    for &mv in opening {
        game.play(mv).map_err(|e| format!("opening move {mv}: {e}"))?;
    }
    while !game.position().is_over() {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let side = game.position().to_move();
        let player: &mut dyn Player = if side == Side::South { &mut *south } else { &mut *north };
        let mv =
            player.choose(&game, seed ^ (side.index() as u64 + 1).wrapping_mul(0xA24B_AED4))?;
        game.play(mv).map_err(|e| format!("{side} played {mv} in {}: {e}", game.position()))?;
    }
    Ok(Some(game))
}

/// Points for the player on `side` (1, 1/2 or 0).
fn points(game: &Game, side: Side) -> f64 {
    match game.position().outcome() {
        Some(Outcome::Win(s)) if s == side => 1.0,
        Some(Outcome::Draw) => 0.5,
        _ => 0.0,
    }
}

/// The Elo difference for a score fraction (infinite at 0 and 1).
pub fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The standard normal distribution function.
fn phi(x: f64) -> f64 {
    // Abramowitz and Stegun 7.1.26 for erf.
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The summary of a match, from A's side.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Summary {
    pub a: String,
    pub b: String,
    pub variant: String,
    pub pairs: u32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// A's points over games played, 0 to 1.
    pub score: f64,
    /// Elo difference A − B; `null` when A won or lost every game.
    pub elo: Option<f64>,
    /// Half the width of the 95% interval of `elo` (from the variance of
    /// the game pairs' scores); `null` when it cannot be computed.
    pub elo_error: Option<f64>,
    /// The 95% interval's ends.
    pub elo_low: Option<f64>,
    pub elo_high: Option<f64>,
    /// Likelihood of superiority: the chance that A is the stronger.
    pub los: f64,
}

fn finite(x: f64) -> Option<f64> {
    // `+ 0.0` turns -0 into 0.
    x.is_finite().then_some(x + 0.0)
}

/// Summarises the points each pair gave A (two games per pair).
pub fn summarize(a: String, b: String, variant: String, pairs: &[[f64; 2]]) -> Summary {
    let count = |p: f64| pairs.iter().flatten().filter(|&&x| x == p).count() as u32;
    let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
    let games = 2 * pairs.len() as u32;
    let n = pairs.len() as f64;
    let score = if games == 0 { 0.5 } else { (wins as f64 + draws as f64 / 2.0) / games as f64 };
    let (mut low, mut high) = (None, None);
    if pairs.len() >= 2 {
        let means: Vec<f64> = pairs.iter().map(|p| (p[0] + p[1]) / 2.0).collect();
        let var = means.iter().map(|m| (m - score).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        let lo = (score - 1.96 * se).clamp(0.0, 1.0);
        let hi = (score + 1.96 * se).clamp(0.0, 1.0);
        low = Some(elo(lo));
        high = Some(elo(hi));
    }
    // A perfect score has no spread to measure: bound it with the Wilson
    // interval of the game results instead.
    let z2 = 1.96f64 * 1.96;
    let g = games as f64;
    if games > 0 && score >= 1.0 {
        low = Some(elo(g / (g + z2)));
        high = Some(f64::INFINITY);
    } else if games > 0 && score <= 0.0 {
        low = Some(f64::NEG_INFINITY);
        high = Some(elo(z2 / (g + z2)));
    }
    let e = elo(score);
    let elo_error = match (low, high) {
        (Some(l), Some(h)) if e.is_finite() => finite((h - l) / 2.0),
        _ => None,
    };
    let los = if wins == losses {
        0.5
    } else {
        phi((wins as f64 - losses as f64) / ((wins + losses) as f64).sqrt())
    };
    Summary {
        a,
        b,
        variant,
        pairs: pairs.len() as u32,
        games,
        wins,
        draws,
        losses,
        score,
        elo: finite(e),
        elo_error,
        elo_low: low.and_then(finite),
        elo_high: high.and_then(finite),
        los,
    }
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
    let timeout = Duration::from_secs_f64(args.timeout);
    let pairs = args.games as usize / 2;
    let openings: Vec<Vec<Move>> =
        (0..pairs).map(|i| opening(&variant, args.seed, i as u64, args.opening_plies)).collect();

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
    let results: Mutex<Vec<Option<[f64; 2]>>> = Mutex::new(vec![None; pairs]);
    let tally = Mutex::new([0u32; 3]);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<String>> = Mutex::new(None);
    // Ctrl-C or SIGTERM: the games in play are abandoned, and the finished
    // pairs are summed up before the match ends with 130 or 143.
    let signals = crate::signals::stop_on_signals();
    let stop = signals.flag();

    let worker = || -> Result<(), String> {
        let mut a = make_player(&args.a, &args.variant, &limits, timeout)?;
        let mut b = make_player(&args.b, &args.variant, &limits, timeout)?;
        loop {
            if failed.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= pairs {
                return Ok(());
            }
            let mut pair = [0.0; 2];
            for (g, a_side) in [Side::South, Side::North].into_iter().enumerate() {
                let seed = args.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ ((2 * i + g) as u64);
                let game = if a_side == Side::South {
                    play_game(&variant, &openings[i], &mut *a, &mut *b, seed, &stop)?
                } else {
                    play_game(&variant, &openings[i], &mut *b, &mut *a, seed, &stop)?
                };
                let Some(game) = game else { return Ok(()) };
                pair[g] = points(&game, a_side);
                let message = {
                    let mut t = tally.lock().expect("tally");
                    // Wins, draws, losses: 2, 1 or 0 half-points.
                    t[2 - (2.0 * pair[g]) as usize] += 1;
                    format!("A +{} ={} -{}", t[0], t[1], t[2])
                };
                if args.verbose {
                    let pos = game.position();
                    // Above the progress bar; plainly when there is none
                    // (standard error is not a terminal, or --json).
                    let print = |line: String| {
                        if bar.is_hidden() {
                            eprintln!("{line}");
                        } else {
                            bar.println(line);
                        }
                    };
                    print(format!(
                        "pair {} game {}: south {}, north {}: {}; stores {}-{}: {}",
                        i + 1,
                        g + 1,
                        if a_side == Side::South { "A" } else { "B" },
                        if a_side == Side::South { "B" } else { "A" },
                        format_moves(game.moves()),
                        pos.store(Side::South),
                        pos.store(Side::North),
                        match pos.outcome() {
                            Some(Outcome::Win(s)) if s == a_side => "A wins",
                            Some(Outcome::Draw) => "draw",
                            _ => "B wins",
                        }
                    ));
                }
                bar.set_message(message);
                bar.inc(1);
            }
            results.lock().expect("results")[i] = Some(pair);
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..args.jobs.min(pairs)).map(|_| scope.spawn(worker)).collect();
        for h in handles {
            let outcome = h.join().unwrap_or_else(|_| Err("a match thread failed".into()));
            if let Err(e) = outcome {
                failed.store(true, Ordering::Relaxed);
                first_error.lock().expect("error").get_or_insert(e);
            }
        }
    });
    bar.finish_and_clear();
    let stopped = stop.load(Ordering::Relaxed);
    let first_error = first_error.into_inner().expect("error");
    match (&first_error, stopped) {
        (Some(e), false) => return Err(CliError::failure(format!("the match stopped: {e}"))),
        // An engine that died of the same Ctrl-C is no error of the match's,
        // but an error may also have come before it: said, not hidden.
        (Some(e), true) => eprintln!("mancala: note: when the match was stopped: {e}"),
        _ => {}
    }
    let finished: Vec<[f64; 2]> =
        results.into_inner().expect("results").into_iter().flatten().collect();
    if !finished.is_empty() {
        let name =
            format!("{} {}x{}", variant.name(), variant.pits_per_side(), variant.seeds_per_pit());
        let s = summarize(args.a.to_string(), args.b.to_string(), name, &finished);
        print_summary(&s, &args);
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

/// Prints the match's result: one JSON object with `--json`, else text.
fn print_summary(s: &Summary, args: &Args) {
    if args.json {
        println!("{}", serde_json::to_string(s).expect("json"));
        return;
    }
    println!(
        "match {}: A = {}, B = {}; {} games ({} pairs, sides swapped), {} random opening plies, seed {}",
        s.variant, s.a, s.b, s.games, s.pairs, args.opening_plies, args.seed
    );
    println!(
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
    println!(
        "Elo difference A - B: {elo_text}; 95% interval {} to {}; LOS {:.1}%",
        fmt_elo(s.elo_low, "-inf"),
        fmt_elo(s.elo_high, "+inf"),
        100.0 * s.los
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + 190.85).abs() < 0.01);
        assert!(elo(1.0).is_infinite());
    }

    #[test]
    fn summaries() {
        let s =
            summarize("a".into(), "b".into(), "v".into(), &[[1.0, 0.5], [1.0, 0.0], [0.5, 1.0]]);
        assert_eq!((s.wins, s.draws, s.losses, s.games), (3, 2, 1, 6));
        assert!((s.score - 4.0 / 6.0).abs() < 1e-12);
        let (lo, e, hi) = (s.elo_low.unwrap(), s.elo.unwrap(), s.elo_high.unwrap());
        assert!(lo < e && e < hi, "{s:?}");
        let all = summarize("a".into(), "b".into(), "v".into(), &[[1.0, 1.0]; 10]);
        assert_eq!(all.elo, None);
        assert!(all.elo_low.unwrap() > 200.0 && all.elo_high.is_none(), "{all:?}");
        let even = summarize("a".into(), "b".into(), "v".into(), &[[1.0, 0.0]; 4]);
        assert_eq!((even.elo, even.los), (Some(0.0), 0.5));
    }

    #[test]
    fn players() {
        assert_eq!("level:3".parse::<PlayerSpec>(), Ok(PlayerSpec::Level(3)));
        assert!("level:0".parse::<PlayerSpec>().is_err());
        assert!("human".parse::<PlayerSpec>().is_err());
        assert_eq!(
            r#"cmd:"/my dir/eng" engine --hash 16 'a b' c\ d"#.parse::<PlayerSpec>(),
            Ok(PlayerSpec::Cmd(
                ["/my dir/eng", "engine", "--hash", "16", "a b", "c d"].map(String::from).to_vec()
            ))
        );
        assert!("cmd:\"unclosed".parse::<PlayerSpec>().is_err());
        // Printing quotes what needs it, so the text reads back.
        let spec: PlayerSpec = r#"cmd:"/my dir/eng" 'a b' c"#.parse().unwrap();
        assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec));
        assert!("cmd:".parse::<PlayerSpec>().is_err());
    }
}
