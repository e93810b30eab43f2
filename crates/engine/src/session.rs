//! The engine behind the `mancala engine` protocol (`docs/protocol.md`),
//! one line at a time: [`Session::line`] takes a line the client sent and
//! writes the replies to the session's output. Searches run on a thread of
//! their own, so that `stop`, `isready`, `d` and `quit` are answered while
//! the engine thinks. Every line that cannot be used gets an `error
//! <reason>` reply; nothing a client sends ends the session except `quit`
//! (and the end of the input, [`Session::finish`]).
//!
//! Reading the input (with a capped line length,
//! [`MAX_LINE_BYTES`](crate::protocol::MAX_LINE_BYTES)) is
//! the caller's; so is finding endgame databases, through an
//! [`EndgameSource`] (the solver crate's databases, in the binary).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use mancala_core::{
    any_game, AnyGame, Compact, Game, Layout, LayoutKind, Move, Position, Setup, Side, Variant,
    Wide,
};

use crate::protocol::{Command, GoLimits, Info, Reply, Start};
use crate::search::{
    EndgameOracle, GameClock, SearchInfo, SearchLimits, SearchOptions, Searcher, TableAllocError,
};

/// Where the session finds the endgame database of a variant.
pub trait EndgameSource: Send {
    /// The database for `v`, if any, and a line of news for an `info
    /// string` reply: `Ok` when a database was found, `Err` (a warning) when
    /// one is present but cannot be used; `None` when there is nothing new
    /// to say.
    fn for_variant(&mut self, v: &Variant) -> FoundEndgame;
}

/// What an [`EndgameSource`] found.
pub struct FoundEndgame {
    /// The database for the variant, if there is one that can be used.
    pub oracle: Option<Arc<dyn EndgameOracle>>,
    /// A line for an `info string` reply: `Ok` when a database was found,
    /// `Err` (a warning) when one is present but cannot be used; `None`
    /// when there is nothing new to say.
    pub news: Option<Result<String, String>>,
}

/// No endgame databases.
pub struct NoEndgame;

impl EndgameSource for NoEndgame {
    fn for_variant(&mut self, _: &Variant) -> FoundEndgame {
        FoundEndgame { oracle: None, news: None }
    }
}

/// Where replies go: shared by the command loop and the search thread, one
/// whole line at a time.
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Replies kept in memory, for a program (or a test) that drives a
/// [`Session`] itself and reads what it answered.
#[derive(Clone, Default)]
pub struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Transcript {
    /// An [`Out`] writing into this transcript.
    pub fn out(&self) -> Out {
        Arc::new(Mutex::new(Box::new(self.clone())))
    }

    /// The lines written so far.
    pub fn lines(&self) -> Vec<String> {
        let bytes = match self.0.lock() {
            Ok(b) => b.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        String::from_utf8_lossy(&bytes).lines().map(str::to_string).collect()
    }
}

impl Write for Transcript {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut b) => b.extend_from_slice(buf),
            Err(poisoned) => poisoned.into_inner().extend_from_slice(buf),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

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
    /// `go ponder` until `ponderhit`: cleared by `ponderhit`.
    pondering: Arc<AtomicBool>,
    /// The time limit to start at `ponderhit` (`None`: none).
    after_ponderhit: Option<Duration>,
    /// The `ponderhit` timer's line: dropped with the search, which ends
    /// the timer's wait at once.
    timer: Option<std::sync::mpsc::Sender<()>>,
    handle: JoinHandle<Searcher>,
}

/// The engine's state between lines.
pub struct Session {
    variant: Variant,
    game: AnyGame,
    hash_mb: usize,
    /// Threads per search (the protocol's `threads`).
    threads: usize,
    /// `go` with a time limit answers from the opening book where it can
    /// (the protocol's `book on|off`).
    book: bool,
    /// `None` while a search thread owns it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    out: Out,
    databases: Box<dyn EndgameSource>,
    /// The endgame database of the variant, if any.
    endgame: Option<Arc<dyn EndgameOracle>>,
}

/// What the command loop does after a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit`: the session is over.
    Quit,
}

impl Session {
    /// A session playing `variant` with a table of `hash_mb` MiB, replying
    /// to `out`, or an error when its table cannot be allocated.
    pub fn new(
        variant: Variant,
        hash_mb: usize,
        out: Out,
        databases: Box<dyn EndgameSource>,
    ) -> Result<Session, TableAllocError> {
        let mut engine = Session {
            game: AnyGame::new(variant.clone()),
            variant,
            hash_mb,
            threads: 1,
            book: true,
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
            .with_endgame(self.endgame.clone())
            .with_threads(self.threads))
    }

    /// A new searcher after a failure: the chosen size, or the smallest
    /// table when that cannot be had now.
    fn fresh_searcher(&mut self) -> Searcher {
        self.new_searcher().unwrap_or_else(|_| {
            self.hash_mb = 1;
            Searcher::new(SearchOptions { hash_mb: 1, ..SearchOptions::default() })
                .with_endgame(self.endgame.clone())
                .with_threads(self.threads)
        })
    }

    /// Searches with `threads` threads from now on, as the protocol's
    /// `threads` does (1, the default: deterministic).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, crate::search::MAX_THREADS);
        if let Some(s) = self.searcher.as_mut() {
            s.set_threads(self.threads);
        }
    }

    /// Answers `go` with a time limit from the opening book where it covers
    /// the position (`true`, the default), or always searches.
    pub fn set_book(&mut self, on: bool) {
        self.book = on;
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
        self.endgame = found.oracle;
        if let Some(s) = self.searcher.as_mut() {
            s.set_endgame(self.endgame.clone());
        }
    }

    /// The game the next `go` searches: the variant's start, or the last
    /// `position` (a `position` refused leaves it as it was). A game of the
    /// compact layout (the UCI dialect's): `None` when the variant's board
    /// is wide.
    pub fn game(&self) -> Option<&Game> {
        match &self.game {
            AnyGame::Compact(g) => Some(g),
            AnyGame::Wide(_) => None,
        }
    }

    /// Replies `error <reason>` on one line.
    pub fn error(&self, reason: impl std::fmt::Display) {
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
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.infinite || r.unlimited || r.pondering.load(Ordering::SeqCst))
        {
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
            Command::PonderHit => self.ponder_hit(),
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
            | Command::Threads(_)
            | Command::Book(_)
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
                match Variant::preset(&name)
                    .map_err(|e| e.to_string())
                    .and_then(|v| v.at_size(pits, seeds))
                {
                    Ok(v) => self.use_variant(v),
                    Err(e) => self.error(format!("variant: {e}")),
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
            Command::Threads(n) => {
                self.threads = n;
                if let Some(s) = self.searcher.as_mut() {
                    s.set_threads(n);
                }
            }
            Command::Book(on) => self.book = on,
            Command::NewGame => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.game = AnyGame::new(self.variant.clone());
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
        self.game = AnyGame::new(v.clone());
        self.variant = v;
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
        self.find_database();
    }

    fn set_position(&mut self, start: Start, moves: &[Move]) {
        let game = match self.variant.layout() {
            LayoutKind::Compact => self.position_in::<Compact>(start, moves).map(AnyGame::Compact),
            LayoutKind::Wide => self.position_in::<Wide>(start, moves).map(AnyGame::Wide),
        };
        match game {
            Ok(game) => self.game = game,
            Err(e) => self.error(e),
        }
    }

    /// The game `position` sets, in the variant's layout `L`, or the
    /// error to reply.
    fn position_in<L: Layout>(&self, start: Start, moves: &[Move]) -> Result<Game<L>, String> {
        let start = self.start_in::<L>(start)?;
        let mut game = Game::from_position(self.variant.clone(), start);
        for (i, &mv) in moves.iter().enumerate() {
            if let Err(e) = game.play(mv) {
                return Err(format!(
                    "position: move #{} ({:?}): {e}; the position is unchanged",
                    i + 1,
                    mv.to_string()
                ));
            }
        }
        Ok(game)
    }

    /// The position `start` names, in the variant's layout `L`: a
    /// position string is read again in that layout, so that a wide
    /// variant takes the strings of both layouts and a compact one refuses
    /// a wide board's string, naming the variant in play.
    fn start_in<L: Layout>(&self, start: Start) -> Result<Position<L>, String> {
        let (text, wide) = match start {
            Start::StartPos => return Ok(Position::start_in(&self.variant)),
            Start::Position(setup) => (setup.to_string(), None),
            Start::WidePosition(setup) => (setup.to_string(), Some(setup)),
        };
        let Ok(setup) = Setup::<L>::from_str_in(&text) else {
            // Only a wide board's string does not read in a layout: this
            // variant's is the compact one.
            let (pits, seeds) = wide.map_or((0, 0), |w| (w.pits_per_side(), w.total_seeds()));
            let v = &self.variant;
            return Err(format!(
                "position {text}: a position of the wide board ({pits} pits a side, {seeds} \
                 seeds), but the variant in play, {}, is {} rows of {} pits with {} seeds, on the \
                 compact layout ({}): `variant NAME [pits N] [seeds N]` or `variantfile PATH` \
                 chooses another variant",
                v.name(),
                v.rows(),
                v.pits_per_row(),
                v.total_seeds(),
                LayoutKind::Compact.boards_held(),
            ));
        };
        setup.position(&self.variant).map_err(|e| format!("position {text}: {e}"))
    }

    /// `ponderhit`: the pondering search goes on as a normal one, its time
    /// limit counted from now.
    fn ponder_hit(&mut self) {
        let Some(run) = self.running.as_mut().filter(|r| r.pondering.load(Ordering::SeqCst)) else {
            return self.error("ponderhit: no search is pondering (ponderhit follows go ponder)");
        };
        if let Some(time) = run.after_ponderhit {
            // The timer waits on a channel whose sender the search holds:
            // when the search ends first, the timer ends with it.
            let (tx, rx) = std::sync::mpsc::channel::<()>();
            let stop = Arc::clone(&run.stop);
            let timer = std::thread::Builder::new().name("ponderhit".into()).spawn(move || {
                if rx.recv_timeout(time) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            match timer {
                Ok(_) => run.timer = Some(tx),
                Err(e) => {
                    // Without a timer the search would run on: stop it now.
                    run.stop.store(true, Ordering::Relaxed);
                    let e = format!("ponderhit: cannot start the timer ({e}); stopping now");
                    self.error(e);
                    return self.ponder_over();
                }
            }
        }
        self.ponder_over();
    }

    /// The pondering search goes on as a normal one.
    fn ponder_over(&mut self) {
        if let Some(run) = &self.running {
            run.pondering.store(false, Ordering::SeqCst);
        }
    }

    /// The time limit of `go`: `movetime`, or the mover's share of its
    /// clock, whichever is shorter; an error when clocks are given without
    /// the mover's.
    fn time_limit(&self, go: &GoLimits) -> Result<Option<Duration>, String> {
        let movetime = go.movetime.map(Duration::from_millis);
        if !go.clock.any() {
            return Ok(movetime);
        }
        let mover = any_game!(&self.game, g => g.position().to_move());
        let (time, inc, key) = match mover {
            Side::South => (go.clock.south_time, go.clock.south_inc, "southtime"),
            Side::North => (go.clock.north_time, go.clock.north_inc, "northtime"),
        };
        let Some(time) = time else {
            return Err(format!(
                "go: {mover} is to move but {key} is not given (the clocks given are for the \
                 other side)"
            ));
        };
        let clock = GameClock {
            remaining: Duration::from_millis(time),
            increment: Duration::from_millis(inc.unwrap_or(0)),
            moves_to_go: go.clock.moves_to_go.map(|n| n.min(u32::MAX as u64) as u32),
        };
        let share = any_game!(&self.game, g => clock.time_for_move(g.position()));
        Ok(Some(movetime.map_or(share, |m| m.min(share))))
    }

    fn go(&mut self, go: GoLimits) {
        let time = match self.time_limit(&go) {
            Ok(t) => t,
            Err(e) => return self.error(e),
        };
        let ponder = go.ponder;
        // A pondering search has no time limit until `ponderhit`.
        let limits = SearchLimits {
            depth: go.depth,
            nodes: go.nodes,
            time: if ponder { None } else { time },
        };
        let infinite = go.infinite;
        // No limit, now or after `ponderhit`: the end of the input stops it.
        let unlimited = limits == SearchLimits::default() && time.is_none();
        if self.game.is_over() {
            self.send(Reply::InfoString("the game is over".into()));
            self.send(Reply::BestMove(None));
            return;
        }
        // A move to play within a time (not a search of a given size, nor
        // analysis or pondering) comes from the book where it can.
        let playing = time.is_some() && go.depth.is_none() && go.nodes.is_none();
        // The books are the compact layout's.
        if let (true, AnyGame::Compact(game)) =
            (self.book && playing && !ponder && !infinite, &self.game)
        {
            let from_book = crate::book::shipped(&self.variant).and_then(|b| b.pick(game, None));
            if let Some(m) = from_book {
                self.send(Reply::InfoString(format!(
                    "book move {} (score {:+} in the opening book)",
                    m.mv, m.score
                )));
                self.send(Reply::BestMove(Some(m.mv)));
                return;
            }
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
        let pondering = Arc::new(AtomicBool::new(ponder));
        let still_pondering = Arc::clone(&pondering);
        let handle = std::thread::Builder::new().name("search".into()).spawn(move || {
            let mut on_info = |info: &SearchInfo| reply(&out, &info_line(info));
            let (result, first) = any_game!(&game, g => (
                searcher.search_in(g, limits, Some(&flag), &mut on_info),
                g.legal_moves().first().copied(),
            ));
            // UCI: the answer to `go infinite` waits for `stop`, that of
            // `go ponder` for `ponderhit` or `stop`.
            while (infinite || still_pondering.load(Ordering::SeqCst))
                && !flag.load(Ordering::Relaxed)
            {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = result.best.or(first);
            done.store(true, Ordering::SeqCst);
            reply(&out, &Reply::BestMove(best).to_string());
            searcher
        });
        match handle {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    reported,
                    infinite,
                    unlimited,
                    pondering,
                    after_ponderhit: time,
                    timer: None,
                    handle,
                })
            }
            Err(e) => {
                self.searcher = Some(self.fresh_searcher());
                self.error(format!("go: cannot start the search thread: {e}"));
            }
        }
    }

    fn show(&self) {
        let v = &self.variant;
        self.send(Reply::Variant {
            name: v.name().to_string(),
            pits: v.pits_per_row() as u32,
            seeds: v.seeds_per_pit() as u32,
        });
        any_game!(&self.game, g => self.show_game(g));
    }

    /// The lines of `d` after the variant's, for a game of layout `L`.
    fn show_game<L: Layout>(&self, game: &Game<L>) {
        let v = &self.variant;
        let pos = game.position();
        match (L::compact(pos), L::compact(game.start())) {
            (Some(pos), Some(start)) => {
                self.send(Reply::Position((*pos).into()));
                self.send(Reply::StartPosition((*start).into()));
            }
            // A wide position's string, as the compact one's is written.
            _ => {
                reply(&self.out, &format!("position {pos}"));
                reply(&self.out, &format!("start {}", game.start()));
            }
        }
        let mut lines = vec![Reply::Moves(game.moves().to_vec())];
        lines.extend(board(pos, v).into_iter().map(Reply::Board));
        match (pos.outcome(), pos.end_reason()) {
            (Some(outcome), Some(reason)) => lines.push(Reply::Over { reason, outcome }),
            _ => {
                lines.push(Reply::ToMove(pos.to_move()));
                lines.push(Reply::Legal(pos.legal_moves(v).iter().copied().collect()));
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
/// [`mancala_core::MAX_VARIANT_FILE_BYTES`], and a file that does not answer
/// (a pipe) is given up, so that the engine goes on answering.
fn read_variant(path: PathBuf) -> Result<Variant, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let shown = path.display().to_string();
    std::thread::Builder::new()
        .name("variantfile".into())
        .spawn(move || {
            let _ = tx.send(Variant::from_file(&path));
        })
        .map_err(|e| format!("cannot start reading {shown}: {e}"))?;
    rx.recv_timeout(VARIANT_FILE_WAIT).unwrap_or_else(|_| {
        Err(format!(
            "{shown} gave no answer within {} s (a pipe with nothing writing to it?)",
            VARIANT_FILE_WAIT.as_secs()
        ))
    })
}

/// The `board` lines of `d`: North's row on top, the stores on the middle
/// line, a claimed pit written as in position strings (`x` claimed by the
/// row owner's opponent, `o` by its owner), and O An Quan's end pits on the
/// middle line at the row ends (`*` once taken).
fn board<L: Layout>(pos: &Position<L>, v: &Variant) -> Vec<String> {
    let pit = |side: Side, k: usize| match pos.claim_owner(side, k) {
        Some(owner) if owner == side => "o".to_string(),
        Some(_) => "x".to_string(),
        None => pos.row(side)[k].to_string(),
    };
    let cells = |side: Side, ks: &mut dyn Iterator<Item = usize>| {
        ks.map(|k| format!("{:>3}", pit(side, k))).collect::<String>()
    };
    let n = pos.pits_per_side();
    if v.rows() == 4 {
        let p = n / 2;
        let width = 3 * p;
        return vec![
            format!("    {}", cells(Side::North, &mut (0..p).rev())),
            format!("    {}", cells(Side::North, &mut (p..n))),
            format!("{:>3} {:width$} {}", pos.store(Side::North), "", pos.store(Side::South)),
            format!("    {}", cells(Side::South, &mut (p..n).rev())),
            format!("    {}", cells(Side::South, &mut (0..p))),
        ];
    }
    let width = 3 * n;
    let middle = if v.rules().board.end_pits > 0 {
        // The end pit after North's row sits at the left end, the one after
        // South's at the right end.
        let end = |side: Side| {
            format!("{}{}", pos.end_pit(side), if pos.end_pit_taken(side) { "*" } else { "" })
        };
        let inner = width.saturating_sub(6);
        format!(
            "{:>3} {:<3}{:inner$}{:>3} {}",
            pos.store(Side::North),
            end(Side::North),
            "",
            end(Side::South),
            pos.store(Side::South)
        )
    } else {
        format!("{:>3} {:width$} {}", pos.store(Side::North), "", pos.store(Side::South))
    };
    vec![
        format!("    {}", cells(Side::North, &mut (0..n).rev())),
        middle,
        format!("    {}", cells(Side::South, &mut (0..n))),
    ]
}

/// One `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    Reply::Info(Info::from_search(info)).to_string()
}
