//! `mancala engine`: the search behind a line protocol on standard input and
//! output, modelled on UCI (see `docs/protocol.md`). Searches run on a
//! background thread so that `stop`, `isready` and `quit` are answered
//! while the engine thinks. Every line that cannot be used gets an
//! `error <reason>` reply; nothing a client sends ends the engine except
//! `quit` and the end of input. An endgame database built by `mancala db
//! build` for the variant is used (`--no-db`: not used); finding one, or
//! one that cannot be used, is reported in an `info string` line.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use mancala_core::{format_moves, Game, Move, Outcome, Position, Side, Variant};
use mancala_engine::search::{
    EndgameOracle, SearchInfo, SearchLimits, SearchOptions, Searcher, MAX_DEPTH,
};

use crate::endgame::{Databases, DbArgs};
use crate::error::CliError;
use crate::variant_args::{parse_position, VariantArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant to start with (the protocol's `variant` changes it).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Transposition table size in MiB (the protocol's `hash` changes it).
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    #[command(flatten)]
    pub db: DbArgs,
}

/// Where replies go: shared by the command loop and the search thread, one
/// whole line at a time.
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line and flushes it. A closed output is ignored: the end of
/// the input will end the engine.
pub fn reply(out: &Out, line: &str) {
    let mut w = match out.lock() {
        Ok(w) => w,
        Err(poisoned) => poisoned.into_inner(),
    };
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

const COMMANDS: &str =
    "mancala, isready, variant, variantfile, hash, newgame, position, go, stop, d, quit";

const MAX_HASH_MB: usize = 1 << 16;

/// A search in progress.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before `bestmove` is written: a client that has read it
    /// may send the next command at once, and the thread is about to end.
    reported: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<Searcher>,
}

/// The engine's state between lines.
pub struct Engine {
    variant: Variant,
    game: Game,
    hash_mb: usize,
    /// `None` while a search thread owns it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    out: Out,
    databases: Databases,
    /// The endgame database of the variant, if any.
    endgame: Option<Arc<dyn EndgameOracle>>,
}

/// What the command loop does after a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Engine {
    pub fn new(variant: Variant, hash_mb: usize, out: Out, databases: Databases) -> Engine {
        let mut engine = Engine {
            game: Game::new(variant.clone()),
            variant,
            hash_mb,
            searcher: None,
            running: None,
            out,
            databases,
            endgame: None,
        };
        engine.find_database();
        engine.searcher = Some(engine.new_searcher());
        engine
    }

    /// A searcher with an empty table of the chosen size and the variant's
    /// endgame database.
    fn new_searcher(&self) -> Searcher {
        Searcher::new(SearchOptions { hash_mb: self.hash_mb, ..SearchOptions::default() })
            .with_endgame(self.endgame.clone())
    }

    /// Looks for the variant's endgame database, saying what was found
    /// (once per database) in an `info string` line.
    fn find_database(&mut self) {
        let found = self.databases.for_variant(&self.variant);
        match found.news {
            Some(Ok(line)) => reply(&self.out, &format!("info string {line}")),
            Some(Err(warning)) => reply(&self.out, &format!("info string warning: {warning}")),
            None => {}
        }
        self.endgame = found.opened.map(|o| o.oracle);
        if let Some(s) = self.searcher.as_mut() {
            s.set_endgame(self.endgame.clone());
        }
    }

    /// Replies `error <reason>` on one line.
    fn error(&self, reason: impl std::fmt::Display) {
        let reason = reason.to_string();
        let one_line: Vec<&str> = reason.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        reply(&self.out, &format!("error {}", one_line.join(" ")));
    }

    /// Takes the searcher back from a search that has ended by itself.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished() || r.reported.load(Ordering::SeqCst))
        {
            self.join();
        }
    }

    /// Waits for the search thread and takes the searcher back.
    fn join(&mut self) {
        if let Some(run) = self.running.take() {
            match run.handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    self.error("the search failed; the engine goes on with an empty table");
                    self.searcher = Some(self.new_searcher());
                }
            }
        }
    }

    /// Stops the search, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(run) = &self.running {
            run.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    /// The end of input: a search with limits finishes and reports; an
    /// infinite one is stopped.
    pub fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.infinite) {
            self.stop();
        }
        self.join();
    }

    /// Handles one line of input.
    pub fn line(&mut self, line: &str) -> Flow {
        self.reap();
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        let busy = self.running.is_some();
        match command {
            "quit" => {
                self.stop();
                return Flow::Quit;
            }
            "stop" => self.stop(),
            "isready" => reply(&self.out, "readyok"),
            "mancala" => {
                reply(&self.out, &format!("id name mancala {}", env!("CARGO_PKG_VERSION")));
                reply(&self.out, "id protocol 1");
                reply(&self.out, "ok");
            }
            "d" => self.show(),
            "variant" | "variantfile" | "hash" | "newgame" | "position" | "go" if busy => {
                self.error(format!(
                    "{command}: a search is running; send stop first (while searching only \
                     stop, isready, d and quit are accepted)"
                ));
            }
            "variant" => self.set_variant(&rest),
            "variantfile" => self.set_variant_file(&rest),
            "hash" => self.set_hash(&rest),
            "newgame" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.game = Game::new(self.variant.clone());
            }
            "position" => self.set_position(&rest),
            "go" => self.go(&rest),
            other => self.error(format!(
                "unknown command {:?}: the commands are {COMMANDS}",
                truncate(other)
            )),
        }
        Flow::Continue
    }

    fn set_variant(&mut self, words: &[&str]) {
        let usage = "variant NAME [pits P] [seeds S]";
        let Some((name, options)) = words.split_first() else {
            return self.error(format!(
                "variant: no name given: {usage}; the variants are {}",
                crate::variant_args::known_variants()
            ));
        };
        let mut args = VariantArgs {
            variant: name.to_string(),
            pits_per_side: None,
            seeds: None,
            variant_file: None,
        };
        let mut i = 0;
        while i < options.len() {
            let key = options[i];
            let slot = match key {
                "pits" => &mut args.pits_per_side,
                "seeds" => &mut args.seeds,
                _ => {
                    return self
                        .error(format!("variant: unknown option {:?}: {usage}", truncate(key)))
                }
            };
            let Some(value) = options.get(i + 1) else {
                return self.error(format!("variant: {key} needs a number: {usage}"));
            };
            match value.parse::<u32>() {
                Ok(v) => *slot = Some(v),
                Err(_) => {
                    return self.error(format!(
                        "variant: {key} must be a whole number, found {:?}",
                        truncate(value)
                    ))
                }
            }
            i += 2;
        }
        match args.variant() {
            Ok(v) => self.use_variant(v),
            Err(e) => self.error(format!("variant: {}", e.message)),
        }
    }

    fn set_variant_file(&mut self, words: &[&str]) {
        if words.is_empty() {
            return self.error("variantfile: no file given: variantfile PATH");
        }
        let path = PathBuf::from(words.join(" "));
        let args = VariantArgs {
            variant: String::new(),
            pits_per_side: None,
            seeds: None,
            variant_file: Some(path),
        };
        match args.variant() {
            Ok(v) => self.use_variant(v),
            Err(e) => self.error(format!("variantfile: {}", e.message)),
        }
    }

    fn use_variant(&mut self, v: Variant) {
        self.game = Game::new(v.clone());
        self.variant = v;
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
        self.find_database();
    }

    fn set_hash(&mut self, words: &[&str]) {
        match words {
            [mb] => match mb.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    self.searcher = Some(self.new_searcher());
                }
                _ => self.error(format!(
                    "hash: the size must be a whole number of MiB from 1 to {MAX_HASH_MB}, found {:?}",
                    truncate(mb)
                )),
            },
            _ => self.error("hash: give one size in MiB: hash MB"),
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        let usage = "position startpos [moves M1 M2 ...] or position POSITION [moves M1 M2 ...]";
        let Some((&first, rest)) = words.split_first() else {
            return self.error(format!("position: nothing given: {usage}"));
        };
        let start = if first == "startpos" {
            Position::start(&self.variant)
        } else if first == "moves" {
            return self.error(format!("position: no position before moves: {usage}"));
        } else {
            match parse_position(&self.variant, first) {
                Ok(p) => p,
                Err(e) => return self.error(format!("position: {}", e.message)),
            }
        };
        let moves: Vec<&str> = match rest.split_first() {
            None => Vec::new(),
            Some((&"moves", moves)) => {
                moves.iter().flat_map(|m| m.split(',')).filter(|m| !m.is_empty()).collect()
            }
            Some((other, _)) => {
                return self.error(format!(
                    "position: expected \"moves\" after the position, found {:?}: {usage}",
                    truncate(other)
                ))
            }
        };
        let mut game = Game::from_position(self.variant.clone(), start);
        for (i, text) in moves.iter().enumerate() {
            match game.position().parse_move(&self.variant, text) {
                Ok(mv) => {
                    game.play_unchecked(mv);
                }
                Err(e) => {
                    return self.error(format!(
                        "position: move #{} ({:?}): {e}; the position is unchanged",
                        i + 1,
                        truncate(text)
                    ))
                }
            }
        }
        self.game = game;
    }

    fn go(&mut self, words: &[&str]) {
        let usage = "go [depth D] [nodes N] [movetime MS] [infinite]";
        let mut limits = SearchLimits::default();
        let mut infinite = false;
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" {
                infinite = true;
                i += 1;
                continue;
            }
            if !matches!(key, "depth" | "nodes" | "movetime") {
                return self.error(format!("go: unknown limit {:?}: {usage}", truncate(key)));
            }
            let Some(value) = words.get(i + 1) else {
                return self.error(format!("go: {key} needs a number: {usage}"));
            };
            let Ok(n) = value.parse::<u64>() else {
                return self.error(format!(
                    "go: {key} must be a whole number, found {:?}",
                    truncate(value)
                ));
            };
            match key {
                "depth" if (1..=MAX_DEPTH as u64).contains(&n) => limits.depth = Some(n as u32),
                "depth" => {
                    return self.error(format!("go: depth must be 1 to {MAX_DEPTH}, found {n}"))
                }
                "nodes" if n >= 1 => limits.nodes = Some(n),
                "movetime" if n >= 1 => limits.time = Some(Duration::from_millis(n)),
                _ => return self.error(format!("go: {key} must be at least 1, found {n}")),
            }
            i += 2;
        }
        if infinite && limits != SearchLimits::default() {
            return self.error("go: infinite cannot be combined with depth, nodes or movetime");
        }
        if self.game.position().is_over() {
            reply(&self.out, "info string the game is over");
            reply(&self.out, "bestmove none");
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut searcher = self.searcher.take().unwrap_or_else(|| self.new_searcher());
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let flag = Arc::clone(&stop);
        let reported = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&reported);
        let handle = std::thread::Builder::new().name("search".into()).spawn(move || {
            let mut on_info = |info: &SearchInfo| reply(&out, &info_line(info));
            let result = searcher.search(&game, limits, Some(&flag), &mut on_info);
            if infinite {
                // UCI: the answer to `go infinite` waits for `stop`.
                while !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            let best = match result.best.or_else(|| game.legal_moves().first().copied()) {
                Some(mv) => mv.to_string(),
                None => "none".into(),
            };
            done.store(true, Ordering::SeqCst);
            reply(&out, &format!("bestmove {best}"));
            searcher
        });
        match handle {
            Ok(handle) => self.running = Some(Running { stop, reported, infinite, handle }),
            Err(e) => {
                self.searcher = Some(self.new_searcher());
                self.error(format!("go: cannot start the search thread: {e}"));
            }
        }
    }

    fn show(&self) {
        let v = &self.variant;
        let pos = self.game.position();
        let mut lines = vec![
            format!("variant {} pits {} seeds {}", v.name(), v.pits_per_side(), v.seeds_per_pit()),
            format!("position {pos}"),
            format!("start {}", self.game.start()),
            format!("moves {}", format_moves(self.game.moves()).replace(',', " ")),
        ];
        lines.extend(board(pos).into_iter().map(|l| format!("board {l}")));
        match pos.outcome() {
            Some(outcome) => {
                let winner = match outcome {
                    Outcome::Win(side) => side.name(),
                    Outcome::Draw => "draw",
                };
                let reason = pos.end_reason().map_or("over", |r| r.name());
                lines.push(format!("over {reason} winner {winner}"));
            }
            None => {
                lines.push(format!("tomove {}", pos.to_move()));
                let legal: Vec<String> = pos.legal_moves(v).iter().map(|m| m.to_string()).collect();
                lines.push(format!("legal {}", legal.join(" ")));
            }
        }
        for l in lines {
            reply(&self.out, &l);
        }
    }
}

/// The board as South sees it: North's row on top (North's pit n first),
/// the stores at the ends, South's row below.
fn board(pos: &Position) -> Vec<String> {
    let cells = |row: &[u8]| row.iter().map(|c| format!("{c:>3}")).collect::<String>();
    let mut north = pos.row(Side::North).to_vec();
    north.reverse();
    let width = 3 * north.len();
    vec![
        format!("    {}", cells(&north)),
        format!("{:>3} {:width$} {}", pos.store(Side::North), "", pos.store(Side::South)),
        format!("    {}", cells(pos.row(Side::South))),
    ]
}

/// One `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    format!(
        "info depth {} seldepth {} score {} exact {} nodes {} dbhits {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.exact,
        info.nodes,
        info.database_hits,
        info.nps,
        info.elapsed.as_millis(),
        info.pv.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
    )
}

/// A word from the input, shortened for an error message.
fn truncate(word: &str) -> String {
    if word.chars().count() <= 40 {
        word.to_string()
    } else {
        format!("{}...", word.chars().take(40).collect::<String>())
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.hash == 0 || args.hash > MAX_HASH_MB {
        return Err(CliError::input(format!("--hash must be 1 to {MAX_HASH_MB} MiB")));
    }
    let variant = args.variant.variant()?;
    let out: Out = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    let databases = Databases::new(args.db);
    let mut engine = Engine::new(variant, args.hash, out, databases);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                engine.error(format!("cannot read the input: {e}"));
                break;
            }
        }
        let text = match std::str::from_utf8(&buf) {
            Ok(t) => t,
            Err(_) => {
                engine.error("the line is not UTF-8 text");
                continue;
            }
        };
        if engine.line(text) == Flow::Quit {
            return Ok(());
        }
    }
    engine.finish();
    Ok(())
}
