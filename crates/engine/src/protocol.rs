//! The messages of the `mancala engine` protocol (`docs/protocol.md`), typed:
//! a [`Command`] is one line a client (a GUI, `mancala match`) sends, a
//! [`Reply`] one line the engine sends. Each has one parser ([`FromStr`])
//! and one printer ([`fmt::Display`]); printing then parsing gives back the
//! same value. The parsers never panic: any text gets either a value or a
//! [`ProtocolError`] naming what was wrong and what is allowed (user text
//! quoted, at most [`QUOTE_MAX`](mancala_core::QUOTE_MAX) characters).
//!
//! Parsing checks the form of a line only: whether a position fits the
//! variant, or a move is legal in it, is for the engine to check.
//!
//! ```
//! use mancala_engine::protocol::{Command, GoLimits, Reply, Start};
//! use mancala_core::Move;
//!
//! let cmd: Command = "position startpos moves 3,1 swap".parse()?;
//! assert_eq!(
//!     cmd,
//!     Command::Position { start: Start::StartPos, moves: vec![Move::pit(3), Move::pit(1), Move::Swap] }
//! );
//! assert_eq!(cmd.to_string(), "position startpos moves 3 1 swap");
//! assert!("quit now".parse::<Command>().is_err());
//! let go = Command::Go(GoLimits { depth: Some(4), ..GoLimits::default() });
//! assert_eq!(go.to_string(), "go depth 4");
//! assert_eq!("bestmove 4".parse::<Reply>()?, Reply::BestMove(Some(Move::pit(4))));
//! # Ok::<(), mancala_engine::protocol::ProtocolError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use mancala_core::{parse_moves, quote, EndReason, Move, Outcome, Setup, Side, Wide};

use crate::search::MAX_DEPTH;

pub use crate::search::{MAX_HASH_MB, MAX_THREADS};

/// The longest line `mancala engine` reads, in bytes with its newline
/// (64 KiB); the rest of a longer line is discarded with one `error`.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The commands, for messages.
pub const COMMANDS: &str =
    "mancala, isready, variant, variantfile, hash, threads, book, newgame, position, go, stop, ponderhit, d, quit";

/// A line that is not a well-formed command or reply: what was wrong and
/// what is allowed, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ProtocolError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, ProtocolError> {
    Err(ProtocolError(message.into()))
}

/// Where `position` starts. A position string is read in the compact
/// layout where it fits, else in the wide one:
///
/// ```
/// use mancala_engine::protocol::{Command, Start};
///
/// let compact: Command = "position 4,4,4:0/4,4,4:0/S".parse()?;
/// assert!(matches!(compact, Command::Position { start: Start::Position(_), .. }));
/// // Hus on four rows of 12 (`hus-12`): 24 pits a side.
/// let row = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0:0";
/// let line = format!("position {row}/{row}/S moves 7");
/// let wide: Command = line.parse()?;
/// assert!(matches!(wide, Command::Position { start: Start::WidePosition(_), .. }));
/// assert_eq!(wide.to_string(), line);
/// # Ok::<(), mancala_engine::protocol::ProtocolError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the variant's start position.
    StartPos,
    /// A position string (`docs/notation.md`) of a board the compact
    /// layout holds (at most 16 pits a side, 255 seeds), checked against
    /// the variant when it is set.
    Position(Setup),
    /// A position string that only the wide layout holds (more pits a
    /// side or more seeds than [`Start::Position`]'s, up to 24 pits a
    /// side and 1000 seeds): the position of a wide board's game, such as
    /// `hus-12`'s.
    WidePosition(Setup<Wide>),
}

/// The limits of `go`; all `None` and not infinite: search until solved or
/// `stop`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// 1 to [`MAX_DEPTH`] moves.
    pub depth: Option<u32>,
    /// At least 1.
    pub nodes: Option<u64>,
    /// Milliseconds, at least 1.
    pub movetime: Option<u64>,
    /// `go infinite`: search until `stop` (no other limit with it).
    pub infinite: bool,
    /// The clocks of a game with a time control, in milliseconds:
    /// `southtime`/`northtime` left on each side's clock, `southinc`/
    /// `northinc` added after each move, `movestogo` moves until the next
    /// time control. The engine takes the mover's share
    /// ([`crate::search::GameClock`]).
    pub clock: ClockLimits,
    /// `go ponder`: search the position (the move the engine expects the
    /// opponent to play already made) without answering until `ponderhit`
    /// (then the limits count from that moment) or `stop`.
    pub ponder: bool,
}

/// The clocks given to `go`; all `None`: no clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockLimits {
    /// `southtime`: milliseconds left on South's clock.
    pub south_time: Option<u64>,
    /// `northtime`: milliseconds left on North's clock.
    pub north_time: Option<u64>,
    /// `southinc`: milliseconds added to South's clock after each of its
    /// moves.
    pub south_inc: Option<u64>,
    /// `northinc`: milliseconds added to North's clock after each of its
    /// moves.
    pub north_inc: Option<u64>,
    /// `movestogo`: moves until the next time control.
    pub moves_to_go: Option<u64>,
}

impl ClockLimits {
    /// Whether any clock is given.
    pub fn any(&self) -> bool {
        *self != ClockLimits::default()
    }

    /// The clock field named `key` in the protocol.
    fn slot(&mut self, key: &str) -> Option<&mut Option<u64>> {
        Some(match key {
            "southtime" => &mut self.south_time,
            "northtime" => &mut self.north_time,
            "southinc" => &mut self.south_inc,
            "northinc" => &mut self.north_inc,
            "movestogo" => &mut self.moves_to_go,
            _ => return None,
        })
    }

    /// The fields as the protocol writes them, in order.
    fn fields(&self) -> [(&'static str, Option<u64>); 5] {
        [
            ("southtime", self.south_time),
            ("northtime", self.north_time),
            ("southinc", self.south_inc),
            ("northinc", self.north_inc),
            ("movestogo", self.moves_to_go),
        ]
    }
}

/// One line from the client to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `mancala`: identify.
    Mancala,
    /// `isready`.
    IsReady,
    /// `variant NAME [pits P] [seeds S]`.
    Variant {
        /// The variant's name.
        name: String,
        /// `pits P`: pits per side (`None`: the variant's own).
        pits: Option<u32>,
        /// `seeds S`: seeds per pit at the start (`None`: the variant's
        /// own).
        seeds: Option<u32>,
    },
    /// `variantfile PATH`: the rest of the line (trimmed) is the path.
    VariantFile(String),
    /// `hash MB`, 1 to [`MAX_HASH_MB`].
    Hash(usize),
    /// `threads N`, 1 to [`MAX_THREADS`]: threads per search.
    Threads(usize),
    /// `book on|off`: answer `go` from the opening book where it covers
    /// the position (on at the start).
    Book(bool),
    /// `newgame`.
    NewGame,
    /// `position startpos|POSITION [moves M1 M2 ...]`.
    Position {
        /// The position the moves are played from.
        start: Start,
        /// The moves after it, in order (none without `moves`).
        moves: Vec<Move>,
    },
    /// `go [depth D] [nodes N] [movetime MS] [southtime MS] [northtime MS]
    /// [southinc MS] [northinc MS] [movestogo N] [ponder] | go infinite`.
    Go(GoLimits),
    /// `ponderhit`: the opponent played the move pondered on.
    PonderHit,
    /// `stop`.
    Stop,
    /// `d`: show the position.
    Display,
    /// `quit`.
    Quit,
}

impl Command {
    /// The command's word.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Mancala => "mancala",
            Command::IsReady => "isready",
            Command::Variant { .. } => "variant",
            Command::VariantFile(_) => "variantfile",
            Command::Hash(_) => "hash",
            Command::Threads(_) => "threads",
            Command::Book(_) => "book",
            Command::NewGame => "newgame",
            Command::Position { .. } => "position",
            Command::Go(_) => "go",
            Command::Stop => "stop",
            Command::PonderHit => "ponderhit",
            Command::Display => "d",
            Command::Quit => "quit",
        }
    }
}

/// A whole number, or an error naming the option and what was found.
fn number<T: FromStr>(
    command: &str,
    key: &str,
    value: Option<&&str>,
    usage: &str,
) -> Result<T, ProtocolError> {
    let Some(value) = value else {
        return err(format!("{command}: {key} needs a number: {usage}"));
    };
    value.parse::<T>().map_err(|_| {
        ProtocolError(format!("{command}: {key} must be a whole number, found {:?}", quote(value)))
    })
}

/// The one number of `hash MB` or `threads N`: `what` (a whole number of
/// `unit`) from 1 to `max`; `usage` shows the command.
fn parse_count(
    words: &[&str],
    command: &str,
    what: &str,
    unit: &str,
    max: usize,
    usage: &str,
) -> Result<usize, ProtocolError> {
    let [word] = words else {
        return err(format!("{command}: give one number: {usage}"));
    };
    match word.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => {
            let unit = if unit.is_empty() { String::new() } else { format!(" of {unit}") };
            err(format!(
                "{command}: {what} must be a whole number{unit} from 1 to {max}, found {:?}",
                quote(word)
            ))
        }
    }
}

fn parse_variant(words: &[&str]) -> Result<Command, ProtocolError> {
    let usage = "variant NAME [pits P] [seeds S]";
    let Some((name, options)) = words.split_first() else {
        return err(format!(
            "variant: no name given: {usage}; the variants are {}",
            mancala_core::preset_names().join(", ")
        ));
    };
    let (mut pits, mut seeds) = (None, None);
    let mut i = 0;
    while i < options.len() {
        let key = options[i];
        let slot = match key {
            "pits" => &mut pits,
            "seeds" => &mut seeds,
            _ => return err(format!("variant: unknown option {:?}: {usage}", quote(key))),
        };
        if slot.is_some() {
            return err(format!("variant: {key} is given twice: {usage}"));
        }
        *slot = Some(number::<u32>("variant", key, options.get(i + 1), usage)?);
        i += 2;
    }
    Ok(Command::Variant { name: name.to_string(), pits, seeds })
}

fn parse_position(words: &[&str]) -> Result<Command, ProtocolError> {
    let usage = "position startpos [moves M1 M2 ...] or position POSITION [moves M1 M2 ...]";
    let Some((&first, rest)) = words.split_first() else {
        return err(format!("position: nothing given: {usage}"));
    };
    let start = match first {
        "startpos" => Start::StartPos,
        "moves" => return err(format!("position: no position before moves: {usage}")),
        // The compact layout's string first, so that printing a parsed
        // start and parsing it again gives the same start.
        text => match (text.parse::<Setup>(), Setup::<Wide>::from_str_in(text)) {
            (Ok(setup), _) => Start::Position(setup),
            (Err(_), Ok(setup)) => Start::WidePosition(setup),
            (Err(_), Err(e)) => return err(format!("position {:?}: {e}", quote(text))),
        },
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => parse_moves(&moves.join(" ")).map_err(|e| {
            ProtocolError(format!(
                "position: {e}; moves are pit numbers or swap, separated by spaces or commas"
            ))
        })?,
        Some((other, _)) => {
            return err(format!(
                "position: expected \"moves\" after the position, found {:?}: {usage}",
                quote(other)
            ))
        }
    };
    Ok(Command::Position { start, moves })
}

fn parse_go(words: &[&str]) -> Result<Command, ProtocolError> {
    let usage = "go [depth D] [nodes N] [movetime MS] [southtime MS] [northtime MS] [southinc MS] \
                 [northinc MS] [movestogo N] [ponder], or go infinite";
    let mut limits = GoLimits::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" || key == "ponder" {
            let flag = if key == "infinite" { &mut limits.infinite } else { &mut limits.ponder };
            if *flag {
                return err(format!("go: {key} is given twice: {usage}"));
            }
            *flag = true;
            i += 1;
            continue;
        }
        let clock_key = limits.clock.slot(key).is_some();
        if !matches!(key, "depth" | "nodes" | "movetime") && !clock_key {
            return err(format!("go: unknown limit {:?}: {usage}", quote(key)));
        }
        let given = match key {
            "depth" => limits.depth.is_some(),
            "nodes" => limits.nodes.is_some(),
            "movetime" => limits.movetime.is_some(),
            _ => limits.clock.slot(key).is_some_and(|v| v.is_some()),
        };
        if given {
            return err(format!("go: {key} is given twice: {usage}"));
        }
        let max = if key == "depth" { MAX_DEPTH as u64 } else { u64::MAX };
        let n: u64 = number("go", key, words.get(i + 1), usage).map_err(|e| {
            let value = words.get(i + 1).copied().unwrap_or_default();
            if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                // A clock may have run down to 0 ms, an increment may be 0.
                let min = u64::from(!clock_key || key == "movestogo");
                ProtocolError(format!(
                    "go: {key} must be a whole number from {min} to {max}, found {:?}",
                    quote(value)
                ))
            } else {
                e
            }
        })?;
        if clock_key {
            // A clock may have run down to 0 ms, an increment may be 0; at
            // least one move is to go.
            if key == "movestogo" && n == 0 {
                return err("go: movestogo must be at least 1, found 0");
            }
            if let Some(slot) = limits.clock.slot(key) {
                *slot = Some(n);
            }
            i += 2;
            continue;
        }
        match key {
            "depth" if (1..=MAX_DEPTH as u64).contains(&n) => limits.depth = Some(n as u32),
            "depth" => return err(format!("go: depth must be 1 to {MAX_DEPTH}, found {n}")),
            "nodes" if n >= 1 => limits.nodes = Some(n),
            "movetime" if n >= 1 => limits.movetime = Some(n),
            _ => return err(format!("go: {key} must be at least 1, found {n}")),
        }
        i += 2;
    }
    if limits.infinite
        && (limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || limits.clock.any()
            || limits.ponder)
    {
        return err("go: infinite cannot be combined with other limits or ponder");
    }
    Ok(Command::Go(limits))
}

impl FromStr for Command {
    type Err = ProtocolError;

    /// Reads one line (without its line end). Words are separated by
    /// spaces or tabs. An empty line is an error here; the engine ignores
    /// empty lines before parsing.
    fn from_str(line: &str) -> Result<Command, ProtocolError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return err(format!("empty line: the commands are {COMMANDS}"));
        };
        let bare = |c: Command| {
            if let Some(extra) = rest.first() {
                return err(format!("{command} takes nothing after it, found {:?}", quote(extra)));
            }
            Ok(c)
        };
        match command {
            "mancala" => bare(Command::Mancala),
            "isready" => bare(Command::IsReady),
            "newgame" => bare(Command::NewGame),
            "stop" => bare(Command::Stop),
            "ponderhit" => bare(Command::PonderHit),
            "d" => bare(Command::Display),
            "quit" => bare(Command::Quit),
            "variant" => parse_variant(rest),
            "variantfile" => {
                let path = line.trim_start().strip_prefix("variantfile").unwrap_or("").trim();
                if path.is_empty() {
                    return err("variantfile: no file given: variantfile PATH");
                }
                Ok(Command::VariantFile(path.to_string()))
            }
            "hash" => parse_count(rest, "hash", "the size", "MiB", MAX_HASH_MB, "hash MB")
                .map(Command::Hash),
            "threads" => {
                parse_count(rest, "threads", "the number of threads", "", MAX_THREADS, "threads N")
                    .map(Command::Threads)
            }
            "book" => match rest {
                ["on"] => Ok(Command::Book(true)),
                ["off"] => Ok(Command::Book(false)),
                [] => err("book: say on or off: book on|off"),
                [word] => err(format!("book: say on or off, found {:?}", quote(word))),
                [_, extra, ..] => err(format!(
                    "book takes one word, on or off; found {:?} after it",
                    quote(extra)
                )),
            },
            "position" => parse_position(rest),
            "go" => parse_go(rest),
            other => {
                err(format!("unknown command {:?}: the commands are {COMMANDS}", quote(other)))
            }
        }
    }
}

/// Moves separated by single spaces.
fn spaced(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Variant { name, pits, seeds } => {
                write!(f, "variant {name}")?;
                if let Some(p) = pits {
                    write!(f, " pits {p}")?;
                }
                if let Some(s) = seeds {
                    write!(f, " seeds {s}")?;
                }
                Ok(())
            }
            Command::VariantFile(path) => write!(f, "variantfile {path}"),
            Command::Hash(mb) => write!(f, "hash {mb}"),
            Command::Threads(n) => write!(f, "threads {n}"),
            Command::Book(on) => write!(f, "book {}", if *on { "on" } else { "off" }),
            Command::Position { start, moves } => {
                match start {
                    Start::StartPos => f.write_str("position startpos")?,
                    Start::Position(p) => write!(f, "position {p}")?,
                    Start::WidePosition(p) => write!(f, "position {p}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", spaced(moves))?;
                }
                Ok(())
            }
            Command::Go(limits) => {
                f.write_str("go")?;
                if let Some(d) = limits.depth {
                    write!(f, " depth {d}")?;
                }
                if let Some(n) = limits.nodes {
                    write!(f, " nodes {n}")?;
                }
                if let Some(t) = limits.movetime {
                    write!(f, " movetime {t}")?;
                }
                for (key, value) in limits.clock.fields() {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                if limits.ponder {
                    f.write_str(" ponder")?;
                }
                if limits.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
            other => f.write_str(other.name()),
        }
    }
}

/// An `info` line after a completed iteration of the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Depth of the iteration just completed, in moves.
    pub depth: u32,
    /// Longest line looked at (endgame solving goes past `depth`).
    pub seldepth: u32,
    /// For the player to move, in seeds.
    pub score: i32,
    /// The score is the true minimax value (the game is solved from here).
    pub exact: bool,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Positions the endgame database answered so far (0 without one).
    pub dbhits: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Milliseconds since `go`.
    pub time: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

impl Info {
    /// The line for a search report.
    pub fn from_search(info: &crate::SearchInfo) -> Info {
        Info {
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score,
            exact: info.exact,
            nodes: info.nodes,
            dbhits: info.database_hits,
            nps: info.nps,
            time: u64::try_from(info.elapsed.as_millis()).unwrap_or(u64::MAX),
            pv: info.pv.to_vec(),
        }
    }
}

/// One line from the engine to the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `id name NAME VERSION` (name and version are single words).
    IdName {
        /// The engine's name.
        name: String,
        /// The engine's version.
        version: String,
    },
    /// `id protocol N`.
    IdProtocol(u32),
    /// `ok`: the end of the answer to `mancala`.
    Ok,
    /// `readyok`.
    ReadyOk,
    /// `info depth ... pv ...`.
    Info(Info),
    /// `info string TEXT`: a message for people.
    InfoString(String),
    /// `bestmove M` or `bestmove none`.
    BestMove(Option<Move>),
    /// `error REASON`.
    Error(String),
    /// `d`: `variant NAME pits P seeds S`.
    Variant {
        /// The variant's name.
        name: String,
        /// Pits per side.
        pits: u32,
        /// Seeds per pit at the start.
        seeds: u32,
    },
    /// `d`: `position POSITION`.
    Position(Setup),
    /// `d`: `start POSITION`.
    StartPosition(Setup),
    /// `d`: `moves M1 M2 ...`.
    Moves(Vec<Move>),
    /// `d`: `board TEXT`, one row of the drawn board.
    Board(String),
    /// `d`: `tomove south|north`.
    ToMove(Side),
    /// `d`: `legal M1 M2 ...`.
    Legal(Vec<Move>),
    /// `d`: `over REASON winner south|north|draw`.
    Over {
        /// How the game ended.
        reason: EndReason,
        /// Who won, or a draw.
        outcome: Outcome,
    },
}

/// The text after the first word of a line, without the single separating
/// space (other white space is kept: `info string` and `board` text).
fn after_word(line: &str) -> &str {
    let t = line.trim_start();
    match t.find([' ', '\t']) {
        Some(i) => &t[i + 1..],
        None => "",
    }
}

fn parse_info(words: &[&str]) -> Result<Info, ProtocolError> {
    let usage = "info depth D seldepth S score V exact true|false nodes N dbhits H nps R time MS pv M1 M2 ...";
    let mut info = Info::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if seen.contains(&key) {
            return err(format!("info: {key} is given twice: {usage}"));
        }
        if key == "pv" {
            info.pv = parse_moves(&words[i + 1..].join(" "))
                .map_err(|e| ProtocolError(format!("info: pv: {e}")))?;
            seen.push(key);
            break;
        }
        let value = words.get(i + 1);
        match key {
            "depth" => info.depth = number("info", key, value, usage)?,
            "seldepth" => info.seldepth = number("info", key, value, usage)?,
            "score" => info.score = number("info", key, value, usage)?,
            "nodes" => info.nodes = number("info", key, value, usage)?,
            "dbhits" => info.dbhits = number("info", key, value, usage)?,
            "nps" => info.nps = number("info", key, value, usage)?,
            "time" => info.time = number("info", key, value, usage)?,
            "exact" => {
                info.exact = match value {
                    Some(&"true") => true,
                    Some(&"false") => false,
                    _ => return err(format!("info: exact must be true or false: {usage}")),
                }
            }
            _ => return err(format!("info: unknown field {:?}: {usage}", quote(key))),
        }
        seen.push(key);
        i += 2;
    }
    for key in ["depth", "seldepth", "score", "exact", "nodes", "dbhits", "nps", "time", "pv"] {
        if !seen.contains(&key) {
            return err(format!("info: {key} is missing: {usage}"));
        }
    }
    Ok(info)
}

fn position_of(what: &str, words: &[&str]) -> Result<Setup, ProtocolError> {
    match words {
        [p] => p.parse().map_err(|e| ProtocolError(format!("{what} {:?}: {e}", quote(p)))),
        _ => err(format!("{what}: give one position string")),
    }
}

impl FromStr for Reply {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Reply, ProtocolError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return err("empty line: an engine's reply has at least one word");
        };
        let no_more = |r: Reply| match rest.first() {
            Some(extra) => err(format!("{first} takes nothing after it, found {:?}", quote(extra))),
            None => Ok(r),
        };
        match first {
            "ok" => no_more(Reply::Ok),
            "readyok" => no_more(Reply::ReadyOk),
            "id" => match rest {
                ["name", name, version] => {
                    Ok(Reply::IdName { name: name.to_string(), version: version.to_string() })
                }
                ["protocol", n] => n
                    .parse()
                    .map(Reply::IdProtocol)
                    .map_err(|_| ProtocolError(format!("id protocol must be a whole number, found {:?}", quote(n)))),
                _ => err("id: expected id name NAME VERSION or id protocol N"),
            },
            "info" => match rest.first() {
                Some(&"string") => Ok(Reply::InfoString(after_word(after_word(line)).to_string())),
                _ => parse_info(rest).map(Reply::Info),
            },
            "bestmove" => match rest {
                ["none"] => Ok(Reply::BestMove(None)),
                [mv] => mv
                    .parse()
                    .map(|m| Reply::BestMove(Some(m)))
                    .map_err(|e| ProtocolError(format!("bestmove: {e}"))),
                _ => err("bestmove: expected one move or none"),
            },
            "error" => Ok(Reply::Error(after_word(line).trim_end().to_string())),
            "variant" => match rest {
                [name, "pits", p, "seeds", s] => Ok(Reply::Variant {
                    name: name.to_string(),
                    pits: number("variant", "pits", Some(p), "variant NAME pits P seeds S")?,
                    seeds: number("variant", "seeds", Some(s), "variant NAME pits P seeds S")?,
                }),
                _ => err("variant: expected variant NAME pits P seeds S"),
            },
            "position" => position_of("position", rest).map(Reply::Position),
            "start" => position_of("start", rest).map(Reply::StartPosition),
            "moves" => parse_moves(&rest.join(" "))
                .map(Reply::Moves)
                .map_err(|e| ProtocolError(format!("moves: {e}"))),
            "legal" => parse_moves(&rest.join(" "))
                .map(Reply::Legal)
                .map_err(|e| ProtocolError(format!("legal: {e}"))),
            "board" => Ok(Reply::Board(after_word(line).trim_end().to_string())),
            "tomove" => match rest {
                [side] => Side::from_name(side)
                    .filter(|_| side.len() > 1)
                    .map(Reply::ToMove)
                    .ok_or_else(|| ProtocolError(format!("tomove must be south or north, found {:?}", quote(side)))),
                _ => err("tomove: expected south or north"),
            },
            "over" => match rest {
                [reason, "winner", winner] => {
                    let reason = EndReason::ALL
                        .into_iter()
                        .find(|r| r.name() == *reason)
                        .ok_or_else(|| ProtocolError(format!("over: unknown reason {:?}", quote(reason))))?;
                    let outcome = match *winner {
                        "south" => Outcome::Win(Side::South),
                        "north" => Outcome::Win(Side::North),
                        "draw" => Outcome::Draw,
                        w => return err(format!("over: winner must be south, north or draw, found {:?}", quote(w))),
                    };
                    Ok(Reply::Over { reason, outcome })
                }
                _ => err("over: expected over REASON winner south|north|draw"),
            },
            other => err(format!(
                "unknown reply {:?}: the replies are id, ok, readyok, info, bestmove, error, and the lines of d (variant, position, start, moves, board, tomove, legal, over)",
                quote(other)
            )),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::IdName { name, version } => write!(f, "id name {name} {version}"),
            Reply::IdProtocol(n) => write!(f, "id protocol {n}"),
            Reply::Ok => f.write_str("ok"),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::Info(i) => {
                write!(
                    f,
                    "info depth {} seldepth {} score {} exact {} nodes {} dbhits {} nps {} time {} pv",
                    i.depth, i.seldepth, i.score, i.exact, i.nodes, i.dbhits, i.nps, i.time
                )?;
                if !i.pv.is_empty() {
                    write!(f, " {}", spaced(&i.pv))?;
                }
                Ok(())
            }
            Reply::InfoString(text) => write!(f, "info string {text}"),
            Reply::BestMove(Some(mv)) => write!(f, "bestmove {mv}"),
            Reply::BestMove(None) => f.write_str("bestmove none"),
            Reply::Error(reason) => write!(f, "error {reason}"),
            Reply::Variant { name, pits, seeds } => {
                write!(f, "variant {name} pits {pits} seeds {seeds}")
            }
            Reply::Position(p) => write!(f, "position {p}"),
            Reply::StartPosition(p) => write!(f, "start {p}"),
            Reply::Moves(m) => write!(f, "moves {}", spaced(m)),
            Reply::Board(text) => write!(f, "board {text}"),
            Reply::ToMove(side) => write!(f, "tomove {}", side.name()),
            Reply::Legal(m) => write!(f, "legal {}", spaced(m)),
            Reply::Over { reason, outcome } => {
                let winner = match outcome {
                    Outcome::Win(side) => side.name(),
                    Outcome::Draw => "draw",
                };
                write!(f, "over {} winner {winner}", reason.name())
            }
        }
    }
}
