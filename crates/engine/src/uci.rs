//! The UCI dialect of Oware engines (Aalina, the engine of the Aualé
//! program, speaks it; see `docs/protocol.md`), typed: a [`UciCommand`] is
//! one line a client (a GUI, a tournament manager, `mancala match`) sends,
//! a [`UciReply`] one line the engine answers. Each has one parser
//! ([`FromStr`]) and one printer ([`fmt::Display`]); printing then parsing
//! gives back the same value. The parsers never panic: any text gets a value
//! or a [`UciError`] naming what was wrong (user text quoted, at most
//! [`QUOTE_MAX`](mancala_core::QUOTE_MAX) characters).
//!
//! A move is a [`Letter`]: `A` to `F` are South's pits 1 to 6 and `a` to
//! `f` North's, each counted from its owner's left; South moves first. The
//! dialect cannot say which rules are played, nor express a board of
//! another size or the pie rule's swap: [`check_variant`] says whether a
//! variant can be played through it.
//!
//! ```
//! use mancala_engine::uci::{Letter, UciCommand, UciGo, UciReply};
//! use mancala_core::Side;
//!
//! let cmd: UciCommand = "position startpos moves AcBd".parse()?;
//! let UciCommand::Position(moves) = &cmd else { panic!() };
//! assert_eq!(moves[1], Letter::new(Side::North, 3).unwrap());
//! assert_eq!(cmd.to_string(), "position startpos moves AcBd");
//! let go = UciCommand::Go(UciGo { movetime: Some(200), ..UciGo::default() });
//! assert_eq!(go.to_string(), "go movetime 200");
//! let reply: UciReply = "bestmove F ponder f".parse()?;
//! assert_eq!(
//!     reply,
//!     UciReply::BestMove { best: Letter::new(Side::South, 6), ponder: Letter::new(Side::North, 6) }
//! );
//! # Ok::<(), mancala_engine::uci::UciError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use mancala_core::{quote, Game, Move, Position, Side, Variant};

/// Pits a side in the dialect: the letters `A` to `F` and `a` to `f`.
pub const PITS: usize = 6;

/// A line that is not a well-formed command or reply of the dialect: what
/// was wrong and what is allowed, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UciError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, UciError> {
    Err(UciError(message.into()))
}

/// What a move of the dialect may be, for messages.
const LETTERS: &str = "A to F (South's pits 1 to 6) or a to f (North's pits 1 to 6)";

/// A move of the dialect: the letter of a side's pit, `A` to `F` for
/// South's pits 1 to 6 and `a` to `f` for North's, each counted from its
/// owner's left (as our pit numbers are).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Letter {
    side: Side,
    /// 1 to [`PITS`].
    pit: u8,
}

impl Letter {
    /// The letter of `side`'s pit `pit` (1 to [`PITS`]), if there is one.
    pub fn new(side: Side, pit: usize) -> Option<Letter> {
        (1..=PITS).contains(&pit).then_some(Letter { side, pit: pit as u8 })
    }

    /// Whose pit it is.
    pub fn side(self) -> Side {
        self.side
    }

    /// The pit's number, 1 to [`PITS`], from its owner's left.
    pub fn pit(self) -> usize {
        self.pit as usize
    }

    /// The letter `c` names, if it names one.
    pub fn from_char(c: char) -> Option<Letter> {
        match c {
            'A'..='F' => Letter::new(Side::South, (c as u8 - b'A') as usize + 1),
            'a'..='f' => Letter::new(Side::North, (c as u8 - b'a') as usize + 1),
            _ => None,
        }
    }

    /// The character of the letter.
    pub fn to_char(self) -> char {
        let base = if self.side == Side::South { b'A' } else { b'a' };
        (base + self.pit - 1) as char
    }

    /// The letter of `mv` played by `mover`; `None` for the swap, for a
    /// pit sown in a chosen direction, and for pits past the sixth.
    pub fn of_move(mv: Move, mover: Side) -> Option<Letter> {
        match mv {
            Move::Sow(k) => Letter::new(mover, k as usize + 1),
            Move::Directed(..) | Move::Swap | Move::Take(_) => None,
        }
    }

    /// Our move: the pit, counted from its owner's left (to be played by
    /// the letter's side).
    pub fn to_move(self) -> Move {
        Move::pit(self.pit())
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Letter {
    type Err = UciError;
    fn from_str(s: &str) -> Result<Letter, UciError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Letter::from_char), chars.next()) {
            (Some(letter), None) => Ok(letter),
            _ => err(format!("{:?} is not a move: a move is one letter, {LETTERS}", quote(s))),
        }
    }
}

/// Letters written together, as the dialect writes a move list (`AcBd`).
pub fn write_letters(letters: &[Letter]) -> String {
    letters.iter().map(|l| l.to_char()).collect()
}

/// A move list: letters written together (`AcBd`, as the dialect writes
/// it) and/or separated by white space (`A c B d`).
pub fn parse_letters(text: &str) -> Result<Vec<Letter>, UciError> {
    let mut letters = Vec::new();
    for (i, c) in text.chars().filter(|c| !c.is_ascii_whitespace()).enumerate() {
        match Letter::from_char(c) {
            Some(l) => letters.push(l),
            None => {
                return err(format!(
                    "move #{} ({:?}) is not a move: a move is one letter, {LETTERS}",
                    i + 1,
                    quote(&c.to_string())
                ))
            }
        }
    }
    Ok(letters)
}

/// Whether the dialect can express the variant: 6 pits a side (the letters),
/// South moving first, and no pie rule (its swap has no letter). It cannot
/// tell an engine the rules: the engine must play the variant's already.
pub fn check_variant(v: &Variant) -> Result<(), String> {
    let name = v.name();
    let mut problems = Vec::new();
    if v.pits_per_side() != PITS {
        problems.push(format!(
            "{name} is played with {} pits a side here, but the dialect's moves are the letters \
             of 6 pits a side ({LETTERS})",
            v.pits_per_side()
        ));
    }
    if v.rules().turn.pie_rule {
        problems.push(format!("{name} has the pie rule, and the dialect has no move for a swap"));
    }
    if v.bonus_pits() > 0 {
        problems.push(format!(
            "{name} gives bonus takes of the opponent's pits, and the dialect's letters have no \
             move for them"
        ));
    }
    if v.chooses_direction() {
        problems.push(format!(
            "{name} lets the mover choose the direction of a pit, and the dialect's letters carry \
             no direction"
        ));
    }
    if v.first_player() != Side::South {
        problems.push(format!("{name} starts with North, and in the dialect South moves first"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// The move `letter` names in `pos`: an error when the letter is the other
/// side's pit or its move is not legal.
pub fn letter_move(v: &Variant, pos: &Position, letter: Letter) -> Result<Move, String> {
    let mover = pos.to_move();
    if pos.is_over() {
        return Err("the game is over".into());
    }
    if letter.side() != mover {
        return Err(format!(
            "{letter} is {}'s pit {}, but {} is to move",
            letter.side().name(),
            letter.pit(),
            mover.name()
        ));
    }
    let mv = letter.to_move();
    pos.check_move(v, mv)
        .map_err(|e| format!("{letter} ({}'s pit {}): {e}", mover.name(), letter.pit()))?;
    Ok(mv)
}

/// The game after `letters` played from the start of `v`, or an error
/// naming the first letter that cannot be played.
pub fn replay_letters(v: &Variant, letters: &[Letter]) -> Result<Game, String> {
    let mut game = Game::new(v.clone());
    for (i, &letter) in letters.iter().enumerate() {
        let mv = letter_move(v, game.position(), letter)
            .map_err(|e| format!("move #{} ({letter}): {e}", i + 1))?;
        game.play_unchecked(mv);
    }
    Ok(game)
}

/// The letters of `moves` played from `pos` (each by the side to move
/// then); they stop at the first move that has no letter or cannot be
/// played.
pub fn letters_from(v: &Variant, pos: &Position, moves: &[Move]) -> Vec<Letter> {
    let mut pos = *pos;
    let mut letters = Vec::new();
    for &mv in moves {
        let Some(letter) = Letter::of_move(mv, pos.to_move()) else { break };
        match pos.play(v, mv) {
            Ok((next, _)) => pos = next,
            Err(_) => break,
        }
        letters.push(letter);
    }
    letters
}

/// The moves of `game` as letters, or an error when the dialect cannot
/// express them: a game that did not begin at the variant's start, or a
/// move with no letter.
pub fn game_letters(game: &Game) -> Result<Vec<Letter>, String> {
    let v = game.variant();
    if *game.start() != Position::start(v) {
        return Err("the game did not begin at the start position, and the dialect's \
                    position command only says startpos"
            .into());
    }
    let letters = letters_from(v, game.start(), game.moves());
    if letters.len() < game.moves().len() {
        let mv = game.moves()[letters.len()];
        return Err(format!("move #{} ({mv}) has no letter in the dialect", letters.len() + 1));
    }
    Ok(letters)
}

/// The limits of `go`: all `None` and not infinite: search until `stop`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UciGo {
    /// `depth D`: deepest iteration.
    pub depth: Option<u32>,
    /// `nodes N`: most nodes to search.
    pub nodes: Option<u64>,
    /// `movetime MS`: milliseconds for the move.
    pub movetime: Option<u64>,
    /// `wtime MS`: milliseconds left on South's clock (the first player,
    /// chess's White).
    pub wtime: Option<u64>,
    /// `btime MS`: milliseconds left on North's clock.
    pub btime: Option<u64>,
    /// `winc MS`: South's increment a move.
    pub winc: Option<u64>,
    /// `binc MS`: North's increment a move.
    pub binc: Option<u64>,
    /// `movestogo N`: moves to the next time control.
    pub movestogo: Option<u64>,
    /// `ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl UciGo {
    /// The numbers, as the dialect writes them, in order.
    fn fields(&self) -> [(&'static str, Option<u64>); 8] {
        [
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("movetime", self.movetime),
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movestogo", self.movestogo),
        ]
    }
}

/// One line from the client to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify (answered by `id`, `option` lines and `uciok`).
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready` (answered by `readyok`).
    IsReady,
    /// `setoption name NAME [value VALUE]` (a name or value may have
    /// several words).
    SetOption {
        /// The option's name.
        name: String,
        /// Its value (`None` without `value`, as for a button).
        value: Option<String>,
    },
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos [moves LETTERS]`: the start, then the moves.
    Position(Vec<Letter>),
    /// `go [depth D] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS]
    /// [binc MS] [movestogo N] [ponder] [infinite]`.
    Go(UciGo),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The commands, for messages.
pub const UCI_COMMANDS: &str =
    "uci, debug, isready, setoption, ucinewgame, position, go, stop, ponderhit, quit";

/// A number of `go`, or an error naming the limit.
fn go_number<T: FromStr>(key: &str, value: Option<&&str>) -> Result<T, UciError> {
    let Some(value) = value else {
        return err(format!("go: {key} needs a number"));
    };
    value.parse::<T>().map_err(|_| {
        UciError(format!("go: {key} must be a whole number, found {:?}", quote(value)))
    })
}

fn parse_go(words: &[&str]) -> Result<UciGo, UciError> {
    let mut go = UciGo::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let given = match key {
            "ponder" => std::mem::replace(&mut go.ponder, true),
            "infinite" => std::mem::replace(&mut go.infinite, true),
            "depth" => go.depth.replace(go_number(key, words.get(i + 1))?).is_some(),
            "nodes" => go.nodes.replace(go_number(key, words.get(i + 1))?).is_some(),
            "movetime" => go.movetime.replace(go_number(key, words.get(i + 1))?).is_some(),
            "wtime" => go.wtime.replace(go_number(key, words.get(i + 1))?).is_some(),
            "btime" => go.btime.replace(go_number(key, words.get(i + 1))?).is_some(),
            "winc" => go.winc.replace(go_number(key, words.get(i + 1))?).is_some(),
            "binc" => go.binc.replace(go_number(key, words.get(i + 1))?).is_some(),
            "movestogo" => go.movestogo.replace(go_number(key, words.get(i + 1))?).is_some(),
            other => {
                return err(format!(
                    "go: unknown limit {:?}: the limits are depth, nodes, movetime, wtime, btime, \
                     winc, binc, movestogo, ponder and infinite",
                    quote(other)
                ))
            }
        };
        if given {
            return err(format!("go: {key} is given twice"));
        }
        i += if matches!(key, "ponder" | "infinite") { 1 } else { 2 };
    }
    Ok(go)
}

fn parse_setoption(words: &[&str]) -> Result<UciCommand, UciError> {
    let usage = "setoption name NAME [value VALUE]";
    let Some((&"name", rest)) = words.split_first() else {
        return err(format!("setoption: expected name after setoption: {usage}"));
    };
    let (name, value) = match rest.iter().position(|w| *w == "value") {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return err(format!("setoption: no name given: {usage}"));
    }
    Ok(UciCommand::SetOption { name: name.join(" "), value })
}

fn parse_position(words: &[&str]) -> Result<UciCommand, UciError> {
    let usage = "position startpos [moves LETTERS], e.g. position startpos moves AcBd";
    match words {
        ["startpos"] => Ok(UciCommand::Position(Vec::new())),
        ["startpos", "moves", moves @ ..] => parse_letters(&moves.join(" "))
            .map(UciCommand::Position)
            .map_err(|e| UciError(format!("position: {e}"))),
        ["startpos", other, ..] => err(format!(
            "position: expected moves after startpos, found {:?}: {usage}",
            quote(other)
        )),
        [] => err(format!("position: nothing given: {usage}")),
        [other, ..] => err(format!(
            "position {:?}: only startpos is understood (the dialect has no position strings): {usage}",
            quote(other)
        )),
    }
}

impl FromStr for UciCommand {
    type Err = UciError;

    /// Reads one line (without its line end); words are separated by
    /// spaces or tabs.
    fn from_str(line: &str) -> Result<UciCommand, UciError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return err(format!("empty line: the commands are {UCI_COMMANDS}"));
        };
        let bare = |c: UciCommand| match rest.first() {
            Some(extra) => {
                err(format!("{command} takes nothing after it, found {:?}", quote(extra)))
            }
            None => Ok(c),
        };
        match command {
            "uci" => bare(UciCommand::Uci),
            "isready" => bare(UciCommand::IsReady),
            "ucinewgame" => bare(UciCommand::UciNewGame),
            "stop" => bare(UciCommand::Stop),
            "ponderhit" => bare(UciCommand::PonderHit),
            "quit" => bare(UciCommand::Quit),
            "debug" => match rest {
                ["on"] => Ok(UciCommand::Debug(true)),
                ["off"] => Ok(UciCommand::Debug(false)),
                _ => err("debug: say on or off: debug on|off"),
            },
            "setoption" => parse_setoption(rest),
            "position" => parse_position(rest),
            "go" => parse_go(rest).map(UciCommand::Go),
            other => {
                err(format!("unknown command {:?}: the commands are {UCI_COMMANDS}", quote(other)))
            }
        }
    }
}

impl fmt::Display for UciCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciCommand::Uci => f.write_str("uci"),
            UciCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            UciCommand::IsReady => f.write_str("isready"),
            UciCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) if v.is_empty() => f.write_str(" value"),
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            UciCommand::UciNewGame => f.write_str("ucinewgame"),
            UciCommand::Position(moves) if moves.is_empty() => f.write_str("position startpos"),
            UciCommand::Position(moves) => {
                write!(f, "position startpos moves {}", write_letters(moves))
            }
            UciCommand::Go(go) => {
                f.write_str("go")?;
                for (key, value) in go.fields() {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                if go.ponder {
                    f.write_str(" ponder")?;
                }
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
            UciCommand::Stop => f.write_str("stop"),
            UciCommand::PonderHit => f.write_str("ponderhit"),
            UciCommand::Quit => f.write_str("quit"),
        }
    }
}

/// A score of an `info` line, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// `cp S`: centipawns, 25 to a seed.
    Cp(i64),
    /// `mate M`: a win (positive) or a loss (negative) in M moves.
    Mate(i64),
}

/// Centipawns to a seed in the dialect's scores.
pub const CP_PER_SEED: i64 = 25;

/// An `info` line about the search (every field optional, in any order
/// when read; written in the order of the fields).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciInfo {
    /// `depth D`.
    pub depth: Option<u32>,
    /// `seldepth S`.
    pub seldepth: Option<u32>,
    /// `score cp S` or `score mate M`.
    pub score: Option<Score>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `nps R`.
    pub nps: Option<u64>,
    /// `time MS`.
    pub time: Option<u64>,
    /// `pv LETTERS`, to the end of the line (none: not written).
    pub pv: Vec<Letter>,
}

/// An `option` line of the answer to `uci`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOption {
    /// The option's name (it may have several words).
    pub name: String,
    /// Its type and values.
    pub kind: OptionKind,
}

/// The type of an option and its values (the two types Oware engines
/// offer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check default true|false`.
    Check(bool),
    /// `type spin default D min MIN max MAX`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
}

/// One line from the engine to the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciReply {
    /// `id name NAME` (the rest of the line).
    IdName(String),
    /// `id author AUTHOR` (the rest of the line).
    IdAuthor(String),
    /// `option name NAME type ...`.
    Option(UciOption),
    /// `uciok`: the end of the answer to `uci`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...` about the search.
    Info(UciInfo),
    /// `info string TEXT`: a message for people.
    InfoString(String),
    /// `bestmove L [ponder L]`, or `bestmove (none)` when the game is over
    /// (`none` and `0000` are read as that too).
    BestMove {
        /// The move (`None`: no move).
        best: Option<Letter>,
        /// The reply the engine expects.
        ponder: Option<Letter>,
    },
}

/// The text after the first `n` words of a line, without the single space
/// that follows them (other white space is kept).
fn after_words(line: &str, n: usize) -> &str {
    let mut t = line.trim_start();
    for _ in 0..n {
        t = match t.find([' ', '\t']) {
            Some(i) => &t[i + 1..],
            None => "",
        };
    }
    t
}

fn info_number<T: FromStr>(key: &str, value: Option<&&str>) -> Result<T, UciError> {
    let Some(value) = value else {
        return err(format!("info: {key} needs a number"));
    };
    value.parse::<T>().map_err(|_| {
        UciError(format!("info: {key} must be a whole number, found {:?}", quote(value)))
    })
}

fn parse_info(words: &[&str]) -> Result<UciInfo, UciError> {
    let mut info = UciInfo::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if seen.contains(&key) {
            return err(format!("info: {key} is given twice"));
        }
        seen.push(key);
        let value = words.get(i + 1);
        match key {
            "pv" => {
                info.pv = parse_letters(&words[i + 1..].join(" "))
                    .map_err(|e| UciError(format!("info: pv: {e}")))?;
                break;
            }
            "depth" => info.depth = Some(info_number(key, value)?),
            "seldepth" => info.seldepth = Some(info_number(key, value)?),
            "nodes" => info.nodes = Some(info_number(key, value)?),
            "nps" => info.nps = Some(info_number(key, value)?),
            "time" => info.time = Some(info_number(key, value)?),
            "score" => {
                let n = info_number("score", words.get(i + 2))?;
                info.score = Some(match value {
                    Some(&"cp") => Score::Cp(n),
                    Some(&"mate") => Score::Mate(n),
                    _ => return err("info: score must be score cp S or score mate M"),
                });
                i += 1;
            }
            other => {
                return err(format!(
                    "info: unknown field {:?}: the fields are depth, seldepth, score, nodes, nps, \
                     time, pv and string",
                    quote(other)
                ))
            }
        }
        i += 2;
    }
    Ok(info)
}

fn parse_option(words: &[&str]) -> Result<UciOption, UciError> {
    let usage = "option name NAME type check default true|false, or option name NAME type spin \
                 default D min MIN max MAX";
    let Some((&"name", rest)) = words.split_first() else {
        return err(format!("option: expected name: {usage}"));
    };
    let Some(t) = rest.iter().position(|w| *w == "type") else {
        return err(format!("option: no type: {usage}"));
    };
    if t == 0 {
        return err(format!("option: no name: {usage}"));
    }
    let name = rest[..t].join(" ");
    let int = |key: &str, v: &str| {
        v.parse::<i64>().map_err(|_| {
            UciError(format!("option: {key} must be a whole number, found {:?}", quote(v)))
        })
    };
    let kind = match &rest[t + 1..] {
        ["check", "default", "true"] => OptionKind::Check(true),
        ["check", "default", "false"] => OptionKind::Check(false),
        ["spin", "default", d, "min", lo, "max", hi] => OptionKind::Spin {
            default: int("default", d)?,
            min: int("min", lo)?,
            max: int("max", hi)?,
        },
        _ => return err(format!("option: unknown form: {usage}")),
    };
    Ok(UciOption { name, kind })
}

fn parse_bestmove(words: &[&str]) -> Result<UciReply, UciError> {
    let letter = |w: &str| -> Result<Option<Letter>, UciError> {
        match w {
            "(none)" | "none" | "0000" => Ok(None),
            _ => w.parse().map(Some).map_err(|e| UciError(format!("bestmove: {e}"))),
        }
    };
    match words {
        [best] => Ok(UciReply::BestMove { best: letter(best)?, ponder: None }),
        [best, "ponder", ponder] => {
            Ok(UciReply::BestMove { best: letter(best)?, ponder: letter(ponder)? })
        }
        _ => err("bestmove: expected bestmove L [ponder L], a letter A to F or a to f"),
    }
}

impl FromStr for UciReply {
    type Err = UciError;

    fn from_str(line: &str) -> Result<UciReply, UciError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return err("empty line: an engine's reply has at least one word");
        };
        let no_more = |r: UciReply| match rest.first() {
            Some(extra) => err(format!("{first} takes nothing after it, found {:?}", quote(extra))),
            None => Ok(r),
        };
        match first {
            "uciok" => no_more(UciReply::UciOk),
            "readyok" => no_more(UciReply::ReadyOk),
            "id" => match rest.first() {
                Some(&"name") => Ok(UciReply::IdName(after_words(line, 2).trim_end().into())),
                Some(&"author") => Ok(UciReply::IdAuthor(after_words(line, 2).trim_end().into())),
                _ => err("id: expected id name NAME or id author AUTHOR"),
            },
            "option" => parse_option(rest).map(UciReply::Option),
            "info" => match rest.first() {
                Some(&"string") => Ok(UciReply::InfoString(after_words(line, 2).to_string())),
                _ => parse_info(rest).map(UciReply::Info),
            },
            "bestmove" => parse_bestmove(rest),
            other => err(format!(
                "unknown reply {:?}: the replies are id, option, uciok, readyok, info and bestmove",
                quote(other)
            )),
        }
    }
}

impl fmt::Display for UciReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciReply::IdName(name) => write!(f, "id name {name}"),
            UciReply::IdAuthor(author) => write!(f, "id author {author}"),
            UciReply::Option(UciOption { name, kind }) => {
                write!(f, "option name {name} type ")?;
                match kind {
                    OptionKind::Check(on) => write!(f, "check default {on}"),
                    OptionKind::Spin { default, min, max } => {
                        write!(f, "spin default {default} min {min} max {max}")
                    }
                }
            }
            UciReply::UciOk => f.write_str("uciok"),
            UciReply::ReadyOk => f.write_str("readyok"),
            UciReply::Info(info) => {
                f.write_str("info")?;
                let numbers = [
                    ("depth", info.depth.map(u64::from)),
                    ("seldepth", info.seldepth.map(u64::from)),
                ];
                for (key, value) in numbers {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                match info.score {
                    Some(Score::Cp(s)) => write!(f, " score cp {s}")?,
                    Some(Score::Mate(m)) => write!(f, " score mate {m}")?,
                    None => {}
                }
                for (key, value) in [("nodes", info.nodes), ("nps", info.nps), ("time", info.time)]
                {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                if !info.pv.is_empty() {
                    write!(f, " pv {}", write_letters(&info.pv))?;
                }
                Ok(())
            }
            UciReply::InfoString(text) => write!(f, "info string {text}"),
            UciReply::BestMove { best, ponder } => {
                match best {
                    Some(l) => write!(f, "bestmove {l}")?,
                    None => f.write_str("bestmove (none)")?,
                }
                match ponder {
                    Some(l) => write!(f, " ponder {l}"),
                    None => Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(c: char) -> Letter {
        Letter::from_char(c).unwrap()
    }

    #[test]
    fn letters_name_each_side_s_pits_from_its_owner_s_left() {
        assert_eq!(l('A'), Letter::new(Side::South, 1).unwrap());
        assert_eq!(l('f'), Letter::new(Side::North, 6).unwrap());
        assert_eq!(Letter::new(Side::South, 7), None);
        assert_eq!(Letter::from_char('G'), None);
        for c in "ABCDEFabcdef".chars() {
            assert_eq!(l(c).to_char(), c);
            assert_eq!(c.to_string().parse::<Letter>(), Ok(l(c)));
            assert_eq!(Letter::of_move(l(c).to_move(), l(c).side()), Some(l(c)));
        }
        assert_eq!(Letter::of_move(Move::Swap, Side::North), None);
        assert!("AB".parse::<Letter>().is_err());
        assert_eq!(parse_letters("AcBd"), parse_letters("A c\tB d"));
        assert!(parse_letters("AcZ").unwrap_err().0.contains("move #3"));
    }

    #[test]
    fn aalina_s_lines_are_read() {
        let info: UciReply = "info depth 7 score cp -55 pv AbDbC".parse().unwrap();
        let UciReply::Info(info) = info else { panic!() };
        assert_eq!((info.depth, info.score), (Some(7), Some(Score::Cp(-55))));
        assert_eq!(write_letters(&info.pv), "AbDbC");
        assert_eq!(
            "option name Hash type spin default 256 min 1 max 374".parse::<UciReply>().unwrap(),
            UciReply::Option(UciOption {
                name: "Hash".into(),
                kind: OptionKind::Spin { default: 256, min: 1, max: 374 }
            })
        );
        assert_eq!(
            "id name Aalina Abapa 1.2".parse::<UciReply>().unwrap(),
            UciReply::IdName("Aalina Abapa 1.2".into())
        );
        assert_eq!(
            "info string A book move was chosen".parse::<UciReply>().unwrap(),
            UciReply::InfoString("A book move was chosen".into())
        );
        assert_eq!(
            "bestmove (none)".parse::<UciReply>().unwrap(),
            UciReply::BestMove { best: None, ponder: None }
        );
        assert!("bestmove Z".parse::<UciReply>().is_err());
        assert!("bestmove".parse::<UciReply>().is_err());
    }

    #[test]
    fn commands_read_and_refuse() {
        assert_eq!(
            "setoption name Clear Hash".parse::<UciCommand>().unwrap(),
            UciCommand::SetOption { name: "Clear Hash".into(), value: None }
        );
        assert_eq!(
            "go wtime 1000 btime 900 winc 10 binc 10".parse::<UciCommand>().unwrap(),
            UciCommand::Go(UciGo {
                wtime: Some(1000),
                btime: Some(900),
                winc: Some(10),
                binc: Some(10),
                ..UciGo::default()
            })
        );
        for bad in [
            "go movetime",
            "go movetime x",
            "go depth 3 depth 4",
            "go mate 3",
            "position fen x",
            "position startpos moves AG",
            "uci now",
            "setoption value 3",
            "flip",
            "",
        ] {
            assert!(bad.parse::<UciCommand>().is_err(), "{bad}");
        }
    }

    #[test]
    fn variants_the_dialect_can_express() {
        for ok in ["abapa", "oware", "awari", "kalah-classic"] {
            assert_eq!(check_variant(&Variant::preset(ok).unwrap()), Ok(()), "{ok}");
        }
        let e = check_variant(&Variant::preset("kalah").unwrap()).unwrap_err();
        assert!(e.contains("pie rule"), "{e}");
        let e = check_variant(&Variant::preset("mankalah").unwrap()).unwrap_err();
        assert!(e.contains("7 pits") && e.contains("pie rule"), "{e}");
        let small = Variant::preset("abapa").unwrap().at_size(Some(4), None).unwrap();
        assert!(check_variant(&small).unwrap_err().contains("4 pits"));
    }

    #[test]
    fn letters_play_and_replay() {
        let v = Variant::preset("abapa").unwrap();
        let game = replay_letters(&v, &parse_letters("AcBd").unwrap()).unwrap();
        assert_eq!(write_letters(&game_letters(&game).unwrap()), "AcBd");
        let e = replay_letters(&v, &parse_letters("Aa A").unwrap()).unwrap_err();
        assert!(e.contains("move #3 (A)") && e.contains("empty"), "{e}");
        let e = replay_letters(&v, &parse_letters("a").unwrap()).unwrap_err();
        assert!(e.contains("north's pit 1, but south is to move"), "{e}");
    }
}
