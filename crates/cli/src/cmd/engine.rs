//! `mancala engine`: the search behind a line protocol on standard input and
//! output, modelled on UCI (see `docs/protocol.md`). Searches run on a
//! background thread so that `stop`, `isready` and `quit` are answered
//! while the engine thinks. Every line that cannot be used gets an
//! `error <reason>` reply; nothing a client sends ends the engine except
//! `quit` and the end of input. An endgame database built by `mancala db
//! build` for the variant is used (`--no-db`: not used); finding one, or
//! one that cannot be used, is reported in an `info string` line.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use mancala_core::{Game, Move, Position, Side, Variant};
use mancala_engine::protocol::{Command, GoLimits, Info, Reply, Start, MAX_LINE_BYTES};
use mancala_engine::search::{
    EndgameOracle, SearchInfo, SearchLimits, SearchOptions, Searcher, TableAllocError,
};

use crate::endgame::{Databases, DbArgs};
use crate::error::CliError;
use crate::lines::{read_line, Line};
use crate::variant_args::VariantArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant to start with (the protocol's `variant` changes it).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Transposition table size in MiB, 1 to 65536 (the protocol's `hash` changes it).
    #[arg(long, value_parser = crate::options::table_megabytes, default_value_t = 64)]
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

/// A search in progress.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before `bestmove` is written: a client that has read it
    /// may send the next command at once, and the thread is about to end.
    reported: Arc<AtomicBool>,
    infinite: bool,
    /// No limit was given: the end of input stops the search.
    unlimited: bool,
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
    /// The engine, or an error when its table cannot be allocated.
    pub fn new(
        variant: Variant,
        hash_mb: usize,
        out: Out,
        databases: Databases,
    ) -> Result<Engine, TableAllocError> {
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
        engine.searcher = Some(engine.new_searcher()?);
        engine.find_database();
        Ok(engine)
    }

    /// A searcher with an empty table of the chosen size and the variant's
    /// endgame database, or an error when the table cannot be allocated.
    fn new_searcher(&self) -> Result<Searcher, TableAllocError> {
        Ok(Searcher::try_new(SearchOptions { hash_mb: self.hash_mb, ..SearchOptions::default() })?
            .with_endgame(self.endgame.clone()))
    }

    /// A new searcher after a failure: the chosen size, or the smallest
    /// table when that cannot be had now.
    fn fresh_searcher(&mut self) -> Searcher {
        self.new_searcher().unwrap_or_else(|_| {
            self.hash_mb = 1;
            Searcher::new(SearchOptions { hash_mb: 1, ..SearchOptions::default() })
                .with_endgame(self.endgame.clone())
        })
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
                    self.searcher = Some(self.fresh_searcher());
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

    /// The end of input: a search with limits finishes and reports; one
    /// without limits (`go`, `go infinite`) is stopped.
    pub fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.infinite || r.unlimited) {
            self.stop();
        }
        self.join();
    }

    /// Handles one line of input.
    pub fn line(&mut self, line: &str) -> Flow {
        self.reap();
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        let command = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => {
                self.error(e);
                return Flow::Continue;
            }
        };
        let busy = self.running.is_some();
        match command {
            Command::Quit => {
                self.stop();
                return Flow::Quit;
            }
            Command::Stop => self.stop(),
            Command::IsReady => self.send(Reply::ReadyOk),
            Command::Mancala => {
                self.send(Reply::IdName {
                    name: "mancala".into(),
                    version: env!("CARGO_PKG_VERSION").into(),
                });
                self.send(Reply::IdProtocol(1));
                self.send(Reply::Ok);
            }
            Command::Display => self.show(),
            Command::Variant { .. }
            | Command::VariantFile(_)
            | Command::Hash(_)
            | Command::NewGame
            | Command::Position { .. }
            | Command::Go(_)
                if busy =>
            {
                self.error(format!(
                    "{}: a search is running; send stop first (while searching only \
                     stop, isready, d and quit are accepted)",
                    command.name()
                ));
            }
            Command::Variant { name, pits, seeds } => {
                let args =
                    VariantArgs { variant: name, pits_per_side: pits, seeds, variant_file: None };
                match args.variant() {
                    Ok(v) => self.use_variant(v),
                    Err(e) => self.error(format!("variant: {}", e.message)),
                }
            }
            Command::VariantFile(path) => match read_variant(PathBuf::from(path)) {
                Ok(v) => self.use_variant(v),
                Err(e) => self.error(format!("variantfile: {e}")),
            },
            Command::Hash(mb) => {
                // The new table is allocated before the old one goes: when
                // it cannot be, the engine keeps its table as it is.
                let old = std::mem::replace(&mut self.hash_mb, mb);
                match self.new_searcher() {
                    Ok(s) => self.searcher = Some(s),
                    Err(e) => {
                        self.hash_mb = old;
                        self.error(format!("hash: {e}; the engine keeps its table of {old} MiB"));
                    }
                }
            }
            Command::NewGame => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.game = Game::new(self.variant.clone());
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(limits) => self.go(limits),
        }
        Flow::Continue
    }

    /// Writes one reply.
    fn send(&self, r: Reply) {
        reply(&self.out, &r.to_string());
    }

    fn use_variant(&mut self, v: Variant) {
        self.game = Game::new(v.clone());
        self.variant = v;
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
        self.find_database();
    }

    fn set_position(&mut self, start: Start, moves: &[Move]) {
        let start = match start {
            Start::StartPos => Position::start(&self.variant),
            Start::Position(p) => {
                if let Err(e) = p.check_fits(&self.variant) {
                    return self.error(format!("position {p}: {e}"));
                }
                p.settled(&self.variant)
            }
        };
        let mut game = Game::from_position(self.variant.clone(), start);
        for (i, &mv) in moves.iter().enumerate() {
            if let Err(e) = game.play(mv) {
                return self.error(format!(
                    "position: move #{} ({:?}): {e}; the position is unchanged",
                    i + 1,
                    mv.to_string()
                ));
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: GoLimits) {
        let limits = SearchLimits {
            depth: go.depth,
            nodes: go.nodes,
            time: go.movetime.map(Duration::from_millis),
        };
        let infinite = go.infinite;
        let unlimited = limits == SearchLimits::default();
        if self.game.position().is_over() {
            self.send(Reply::InfoString("the game is over".into()));
            self.send(Reply::BestMove(None));
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut searcher = match self.searcher.take() {
            Some(s) => s,
            None => self.fresh_searcher(),
        };
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
            let best = result.best.or_else(|| game.legal_moves().first().copied());
            done.store(true, Ordering::SeqCst);
            reply(&out, &Reply::BestMove(best).to_string());
            searcher
        });
        match handle {
            Ok(handle) => {
                self.running = Some(Running { stop, reported, infinite, unlimited, handle })
            }
            Err(e) => {
                self.searcher = Some(self.fresh_searcher());
                self.error(format!("go: cannot start the search thread: {e}"));
            }
        }
    }

    fn show(&self) {
        let v = &self.variant;
        let pos = self.game.position();
        let mut lines = vec![
            Reply::Variant {
                name: v.name().to_string(),
                pits: v.pits_per_side() as u32,
                seeds: v.seeds_per_pit() as u32,
            },
            Reply::Position(*pos),
            Reply::StartPosition(*self.game.start()),
            Reply::Moves(self.game.moves().to_vec()),
        ];
        lines.extend(board(pos).into_iter().map(Reply::Board));
        match (pos.outcome(), pos.end_reason()) {
            (Some(outcome), Some(reason)) => lines.push(Reply::Over { reason, outcome }),
            _ => {
                lines.push(Reply::ToMove(pos.to_move()));
                lines.push(Reply::Legal(pos.legal_moves(v).iter().collect()));
            }
        }
        for l in lines {
            self.send(l);
        }
    }
}

/// How long `variantfile` waits for its file (a named pipe with no writer
/// never answers).
const VARIANT_FILE_WAIT: Duration = Duration::from_secs(5);

/// Reads a variant file on a thread of its own, waiting at most
/// [`VARIANT_FILE_WAIT`]: the file is read no further than
/// `mancala_core::MAX_VARIANT_FILE_BYTES`, and a file that does not answer
/// (a pipe) is given up, so that the engine goes on answering.
fn read_variant(path: PathBuf) -> Result<Variant, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let shown = path.display().to_string();
    std::thread::Builder::new()
        .name("variantfile".into())
        .spawn(move || {
            let args = VariantArgs {
                variant: String::new(),
                pits_per_side: None,
                seeds: None,
                variant_file: Some(path),
            };
            let _ = tx.send(args.variant().map_err(|e| e.message));
        })
        .map_err(|e| format!("cannot start reading {shown}: {e}"))?;
    rx.recv_timeout(VARIANT_FILE_WAIT).unwrap_or_else(|_| {
        Err(format!(
            "{shown} gave no answer within {} s (a pipe with nothing writing to it?)",
            VARIANT_FILE_WAIT.as_secs()
        ))
    })
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
    Reply::Info(Info::from_search(info)).to_string()
}

pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.variant.variant()?;
    let out: Out = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    let databases = Databases::new(args.db);
    let mut engine = Engine::new(variant, args.hash, out, databases)
        .map_err(|e| CliError::input(format!("--hash: {e}")))?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::with_capacity(256);
    loop {
        match read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
            Ok(Line::End) => break,
            Ok(Line::Text) => {}
            Ok(Line::TooLong) => {
                engine.error(format!(
                    "the line is longer than {MAX_LINE_BYTES} bytes (the longest line the \
                     engine reads); it was discarded: {:?}",
                    mancala_core::quote(&String::from_utf8_lossy(&buf[..64]))
                ));
                continue;
            }
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
