//! The game record: the text `mancala play` saves and loads (specified in
//! `docs/game-record.md`), with one parser ([`Record::parse`], also
//! [`FromStr`]) and one printer ([`fmt::Display`], [`Record::to_text`]).
//! Printing then parsing gives back the same game, players and seed. The
//! parser never panics: any text gets a record or a [`RecordError`] naming
//! the line and what is wrong. No I/O here: reading and writing files is the
//! caller's (the CLI keeps records in files).
//!
//! ```text
//! [Game "mancala"]
//! [Variant "kalah"]
//! [PitsPerSide "6"]
//! [SeedsPerPit "4"]
//! [South "human"]
//! [North "computer:5"]
//! [Seed "7"]
//! [Result "*"]
//! [Position "4,4,4,4,4,0:1/1,6,6,5,5,4:0/N"]
//!
//! 1, swap, 6
//! ```
//!
//! ```
//! use mancala_engine::record::{PlayerKind, Record};
//! use mancala_core::{Game, Move, Variant};
//!
//! let mut game = Game::new(Variant::preset("kalah")?);
//! game.play_moves("1 swap 6")?;
//! let players = [PlayerKind::Human, PlayerKind::Computer(3)];
//! let record = Record { game, earlier: Vec::new(), players, seed: 7 };
//! let text = record.to_string();
//! let back: Record = text.parse()?;
//! assert_eq!(back.game.moves(), [Move::pit(1), Move::Swap, Move::pit(6)]);
//! assert_eq!(back.players, record.players);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write as _};
use std::str::FromStr;

use mancala_core::{
    parse_moves, Compact, Game, Layout, LayoutKind, Match, Outcome, Position, Side, Variant,
};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A person, who enters the moves.
    Human,
    /// The computer at a level from 1 to 10.
    Computer(u8),
}

/// The level the computer plays at when none is given.
pub const DEFAULT_LEVEL: u8 = 5;

impl FromStr for PlayerKind {
    type Err = String;

    /// `human`, `computer` or `computer:LEVEL` (also `h`, `c`, `c:LEVEL`).
    fn from_str(s: &str) -> Result<PlayerKind, String> {
        let t = s.trim().to_ascii_lowercase();
        let (kind, level) = match t.split_once(':') {
            Some((k, l)) => (k.trim().to_string(), Some(l.trim().to_string())),
            None => (t.clone(), None),
        };
        let bad = || {
            format!(
                "{:?} is not a player: use human, computer or computer:LEVEL (LEVEL 1 to 10)",
                mancala_core::quote(s)
            )
        };
        match (kind.as_str(), level) {
            ("human" | "h", None) => Ok(PlayerKind::Human),
            ("computer" | "c", None) => Ok(PlayerKind::Computer(DEFAULT_LEVEL)),
            ("computer" | "c", Some(l)) => match l.parse::<u8>() {
                Ok(n) if crate::LEVELS.contains(&n) => Ok(PlayerKind::Computer(n)),
                _ => Err(format!(
                    "computer level {:?} must be a number from 1 to 10",
                    mancala_core::quote(&l)
                )),
            },
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("human"),
            PlayerKind::Computer(level) => write!(f, "computer:{level}"),
        }
    }
}

/// A game with everything needed to go on with it, in the layout `L` of
/// its variant ([`Variant::layout`]): the compact layout's by default, the
/// wide board's as `Record<Wide>` (read with [`Record::parse_in`]; which
/// layout a record needs, [`Record::layout_of`] says).
#[derive(Clone, Debug)]
pub struct Record<L: Layout = Compact> {
    /// The game: its variant, start position and the moves played; under
    /// a variant with rounds (`[rounds]`), the round in play.
    pub game: Game<L>,
    /// The rounds played before `game`, the first first (rule `[rounds]`);
    /// empty for a game of one round.
    pub earlier: Vec<Game<L>>,
    /// South's and North's player, in [`Side::index`] order.
    pub players: [PlayerKind; 2],
    /// The seed of the computer players' choices.
    pub seed: u64,
}

/// A record that cannot be read, with the line (1-based) at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The line at fault, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// Largest record a reader should accept (a game of 255 seeds is far
/// shorter); the parser itself takes text of any length.
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

const TAGS: &[&str] = &[
    "Game",
    "Variant",
    "PitsPerSide",
    "SeedsPerPit",
    "Rules",
    "South",
    "North",
    "Seed",
    "Result",
    "Position",
];

fn err(line: usize, message: impl Into<String>) -> RecordError {
    RecordError { line, message: message.into() }
}

/// Whether `v` is exactly the built-in preset of its name, resized.
fn is_builtin(v: &Variant) -> bool {
    Variant::preset(v.name())
        .ok()
        .and_then(|p| p.resized(Some(v.pits_per_row() as u8), Some(v.seeds_per_pit())).ok())
        .is_some_and(|p| p.rules().to_toml() == v.rules().to_toml())
}

fn quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// A result tag value: `south`, `north`, `draw`, or `*` while the game (the
/// match, under `[rounds]`) goes on.
fn result_text<L: Layout>(earlier: &[Game<L>], game: &Game<L>) -> &'static str {
    let mut rounds = earlier.to_vec();
    rounds.push(game.clone());
    let outcome = Match::from_rounds(rounds).and_then(|m| m.outcome());
    match outcome {
        Some(Outcome::Win(Side::South)) => "south",
        Some(Outcome::Win(Side::North)) => "north",
        Some(Outcome::Draw) => "draw",
        None => "*",
    }
}

impl<L: Layout> fmt::Display for Record<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl<L: Layout> FromStr for Record<L> {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record<L>, RecordError> {
        Record::parse_in(text)
    }
}

impl<L: Layout> Record<L> {
    /// The record as text (the same as its [`fmt::Display`]).
    pub fn to_text(&self) -> String {
        let v = self.game.variant();
        let mut out = String::new();
        out.push_str("[Game \"mancala\"]\n");
        let _ = writeln!(out, "[Variant {}]", quote(v.name()));
        let _ = writeln!(out, "[PitsPerSide \"{}\"]", v.pits_per_row());
        let _ = writeln!(out, "[SeedsPerPit \"{}\"]", v.seeds_per_pit());
        if !is_builtin(v) {
            out.push_str("[Rules \"toml\"]\n");
            for line in v.rules().to_toml().lines() {
                out.push('|');
                if !line.is_empty() {
                    out.push(' ');
                    out.push_str(line);
                }
                out.push('\n');
            }
        }
        let _ = writeln!(out, "[South \"{}\"]", self.players[0]);
        let _ = writeln!(out, "[North \"{}\"]", self.players[1]);
        let _ = writeln!(out, "[Seed \"{}\"]", self.seed);
        let _ = writeln!(out, "[Result \"{}\"]", result_text(&self.earlier, &self.game));
        let _ = writeln!(out, "[Position \"{}\"]", self.game.position());
        out.push('\n');
        // Each round before the one in play: its moves, then a `/` line.
        for round in &self.earlier {
            write_moves(&mut out, round.moves());
            out.push_str("/\n");
        }
        write_moves(&mut out, self.game.moves());
        out
    }
}

/// The moves of a round, wrapped at 72 characters.
fn write_moves(out: &mut String, moves: &[mancala_core::Move]) {
    {
        let mut line = String::new();
        for (i, mv) in moves.iter().enumerate() {
            let word = if i + 1 < moves.len() { format!("{mv},") } else { mv.to_string() };
            if !line.is_empty() && line.len() + 1 + word.len() > 72 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
    }
}

impl Record {
    /// Reads a record from its bytes (a file's whole content); a record
    /// of the wide board is refused ([`Record::from_bytes_in`] reads it).
    pub fn from_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        Record::from_bytes_in(bytes)
    }

    /// Reads a record of the compact layout from its text; a record of the
    /// wide board is refused ([`Record::parse_in`] reads it).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Record::parse_in(text)
    }

    /// The layout the game of this record is played in (the layout of its
    /// variant at its size): which `Record<L>` reads it. The header is
    /// read and checked, not the moves.
    pub fn layout_of(bytes: &[u8]) -> Result<LayoutKind, RecordError> {
        let text = utf8(bytes)?;
        Ok(read(text)?.variant.layout())
    }
}

/// `bytes` as text, or the error naming the first line that is not UTF-8.
fn utf8(bytes: &[u8]) -> Result<&str, RecordError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        err(line, "this line is not UTF-8 text: not a mancala game record")
    })
}

/// A record's text read as far as its header and its moves go, before the
/// moves are played.
struct Read {
    header: Header,
    /// The moves, with `None` where a `/` ends a round, each with its line.
    moves: Vec<(usize, Option<mancala_core::Move>)>,
    variant: Variant,
    /// The line of the [Variant] header.
    vline: usize,
}

#[derive(Default)]
struct Header {
    seen: Vec<(&'static str, usize, String)>,
    rules: Vec<String>,
    rules_line: usize,
}

impl Header {
    fn get(&self, tag: &str) -> Option<(usize, &str)> {
        self.seen.iter().find(|(t, _, _)| *t == tag).map(|(_, l, v)| (*l, v.as_str()))
    }
}

impl<L: Layout> Record<L> {
    /// Reads a record from its bytes (a file's whole content), in the
    /// layout `L`: a record of another layout is refused, naming it.
    pub fn from_bytes_in(bytes: &[u8]) -> Result<Record<L>, RecordError> {
        Record::parse_in(utf8(bytes)?)
    }

    /// Reads a record from text, in the layout `L`: a record of another
    /// layout is refused, naming the board.
    pub fn parse_in(text: &str) -> Result<Record<L>, RecordError> {
        let Read { header, moves, variant, vline } = read(text)?;
        if variant.layout() != L::KIND {
            let board = |kind: LayoutKind| match kind {
                LayoutKind::Compact => "the compact layout",
                LayoutKind::Wide => "the wide layout",
            };
            return Err(err(
                vline,
                format!(
                    "{} is {} rows of {} pits with {} seeds ({}), read here as a game of {}",
                    variant.name(),
                    variant.rows(),
                    variant.pits_per_row(),
                    variant.total_seeds(),
                    board(variant.layout()),
                    board(L::KIND)
                ),
            ));
        }
        // The players and the seed.
        let mut players = [PlayerKind::Human, PlayerKind::Computer(DEFAULT_LEVEL)];
        for side in Side::ALL {
            let tag = if side == Side::South { "South" } else { "North" };
            if let Some((l, v)) = header.get(tag) {
                players[side.index()] = v.parse().map_err(|m: String| err(l, m))?;
            }
        }
        let seed = match header.get("Seed") {
            None => 0,
            Some((l, v)) => v
                .parse::<u64>()
                .map_err(|_| err(l, format!("[Seed] must be a whole number, not {v:?}")))?,
        };
        if let Some((l, v)) = header.get("Result") {
            if !["*", "south", "north", "draw"].contains(&v) {
                return Err(err(l, format!("[Result] must be south, north, draw or *, not {v:?}")));
            }
        }

        // The moves.
        let start = Position::<L>::start_in(&variant);
        let mut game = Match::from_position(variant.clone(), start);
        let mut k = 0;
        for &(l, mv) in &moves {
            let Some(mv) = mv else {
                if !game.start_next_round() {
                    return Err(err(
                        l,
                        format!(
                            "a '/' ends round {}, but {}",
                            game.round_number(),
                            if variant.rules().rounds.is_none() {
                                "this variant is played in one round"
                            } else if game.round_over() {
                                "the match ended with it"
                            } else {
                                "that round is not over"
                            }
                        ),
                    ));
                }
                continue;
            };
            k += 1;
            game.play(mv).map_err(|e| {
                err(l, format!("move {k} ({:?}) cannot be played: {e}", mv.to_string()))
            })?;
        }
        let mut earlier = game.rounds().to_vec();
        let game = earlier.pop().expect("a match has a round");
        if let Some((l, v)) = header.get("Position") {
            let shown = game.position().to_string();
            if v != shown {
                return Err(err(
                    l,
                    format!(
                        "the moves lead to {shown}, not to the position recorded here ({v}): the record is damaged"
                    ),
                ));
            }
        }
        if let Some((l, v)) = header.get("Result") {
            if v != result_text(&earlier, &game) {
                return Err(err(
                    l,
                    format!(
                        "[Result \"{v}\"] does not match the moves (they give {:?})",
                        result_text(&earlier, &game)
                    ),
                ));
            }
        }
        Ok(Record { game, earlier, players, seed })
    }
}

/// A record's header and moves read, its variant made at its size.
fn read(text: &str) -> Result<Read, RecordError> {
    let mut header = Header::default();
    let mut started = false; // the [Game "mancala"] line was read
                             // The moves, with `None` where a `/` ends a round.
    let mut moves: Vec<(usize, Option<mancala_core::Move>)> = Vec::new();
    let mut in_rules = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if !started {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if parse_tag(line).ok() != Some(("Game", "mancala".to_string())) {
                return Err(err(
                    n,
                    "this is not a mancala game record (one begins with [Game \"mancala\"])",
                ));
            }
            started = true;
            header.seen.push(("Game", n, "mancala".into()));
            continue;
        }
        if let Some(rest) = raw.trim_start().strip_prefix('|') {
            if !in_rules || !moves.is_empty() {
                return Err(err(n, "a '|' rules line belongs right after [Rules \"toml\"]"));
            }
            header.rules.push(rest.strip_prefix(' ').unwrap_or(rest).to_string());
            continue;
        }
        in_rules = false;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            if !moves.is_empty() {
                return Err(err(n, "a header line after the moves; headers come first"));
            }
            let (tag, value) = parse_tag(line).map_err(|m| err(n, m))?;
            let Some(&known) = TAGS.iter().find(|t| **t == tag) else {
                return Err(err(
                    n,
                    format!("unknown header [{tag}]; the headers are {}", TAGS.join(", ")),
                ));
            };
            if let Some((first, _)) = header.get(known) {
                return Err(err(
                    n,
                    format!("a second [{known}] header (the first is on line {first})"),
                ));
            }
            if known == "Rules" {
                if value != "toml" {
                    return Err(err(n, "the only kind of [Rules] is [Rules \"toml\"]"));
                }
                in_rules = true;
                header.rules_line = n;
            }
            header.seen.push((known, n, value));
            continue;
        }
        // A line of moves may end with a comma: the list goes on on
        // the next line.
        // A `/` ends a round (rule `[rounds]`).
        for (j, part) in line.split('/').enumerate() {
            if j > 0 {
                moves.push((n, None));
            }
            let part = part.trim();
            let list = part.strip_suffix(',').unwrap_or(part);
            let before = moves.iter().filter(|m| m.1.is_some()).count();
            let parsed = parse_moves(list).map_err(|e| {
                err(n, format!("move {} ({:?}): {}", before + e.index, e.text, e.error))
            })?;
            moves.extend(parsed.into_iter().map(|mv| (n, Some(mv))));
        }
    }
    if !started {
        return Err(err(1, "the file is empty: not a mancala game record"));
    }
    let end_line = text.lines().count().max(1);
    let need = |tag: &str| -> Result<(usize, &str), RecordError> {
        header
            .get(tag)
            .ok_or_else(|| err(end_line, format!("the header has no [{tag} \"...\"] line")))
    };

    // The variant.
    let (vline, name) = need("Variant")?;
    let base = if header.get("Rules").is_some() {
        let toml = header.rules.join("\n");
        let v = Variant::from_toml(&toml)
            .map_err(|e| err(header.rules_line, format!("the rules in this record: {e}")))?;
        if v.name() != name {
            return Err(err(
                vline,
                format!(
                    "the variant is named {:?} but its rules are named {:?}",
                    mancala_core::quote(name),
                    mancala_core::quote(v.name())
                ),
            ));
        }
        v
    } else {
        Variant::preset(name).map_err(|e| err(vline, e.to_string()))?
    };
    let number = |tag: &str| -> Result<Option<(usize, u8)>, RecordError> {
        match header.get(tag) {
            None => Ok(None),
            Some((l, v)) => v
                .parse::<u8>()
                .map(|x| Some((l, x)))
                .map_err(|_| err(l, format!("[{tag}] must be a small whole number, not {v:?}"))),
        }
    };
    let pits = number("PitsPerSide")?;
    let seeds = number("SeedsPerPit")?;
    let variant = if pits.is_none() && seeds.is_none() {
        base
    } else {
        base.resized(pits.map(|p| p.1), seeds.map(|s| s.1)).map_err(|e| {
            let line = pits.or(seeds).map(|p| p.0).unwrap_or(vline);
            err(line, format!("{name} cannot be played at that size: {e}"))
        })?
    };

    Ok(Read { header, moves, variant, vline })
}

/// `[Name "value"]` into its name and unescaped value.
fn parse_tag(line: &str) -> Result<(&str, String), String> {
    let shape = "a header line looks like [Name \"value\"]";
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| shape.to_string())?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(|| shape.to_string())?;
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| shape.to_string())?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(shape.to_string());
    }
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(|| shape.to_string())?),
            '"' => return Err(format!("{shape}, with \\\" for a quote inside the value")),
            c => value.push(c),
        }
    }
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::Move;

    fn sample() -> Record {
        let v = Variant::preset("kalah").unwrap();
        let mut game = Game::new(v);
        for m in ["1", "swap", "6"] {
            let mv = game.position().parse_move(game.variant(), m).unwrap();
            game.play(mv).unwrap();
        }
        Record {
            game,
            earlier: Vec::new(),
            players: [PlayerKind::Human, PlayerKind::Computer(3)],
            seed: 7,
        }
    }

    #[test]
    fn round_trip() {
        let r = sample();
        let text = r.to_text();
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.game.position(), r.game.position());
        assert_eq!(back.game.moves(), r.game.moves());
        assert_eq!(back.players, r.players);
        assert_eq!(back.seed, 7);
        assert_eq!(back.to_text(), text);
        assert!(!text.contains("[Rules"), "{text}");
    }

    #[test]
    fn custom_rules_are_embedded() {
        let mut rules = Variant::preset("oware").unwrap().rules().clone();
        rules.name = "my-oware".into();
        rules.capture.counts = vec![2, 3, 4];
        let v = Variant::new(rules).unwrap().resized(Some(4), Some(3)).unwrap();
        let mut game = Game::new(v);
        game.play(Move::pit(2)).unwrap();
        let r = Record { game, earlier: Vec::new(), players: [PlayerKind::Human; 2], seed: 1 };
        let text = r.to_text();
        assert!(text.contains("[Rules \"toml\"]\n| name = \"my-oware\""), "{text}");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.game.variant().rules().capture.counts, vec![2, 3, 4]);
        assert_eq!(back.game.position(), r.game.position());
    }

    #[test]
    fn errors_name_the_line() {
        let text = sample().to_text();
        let e = Record::parse("[Event \"Chess\"]\n1. e4 e5\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("not a mancala game record"), "{e}");
        let bad = text.replace("[Seed \"7\"]", "[Seed \"seven\"]");
        assert_eq!(Record::parse(&bad).unwrap_err().line, 7);
        let bad = text.replace("[Seed \"7\"]", "[Colour \"red\"]");
        let e = Record::parse(&bad).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.message.contains("unknown header"), "{e}");
        let bad = text.replace("1, swap, 6", "1, swap,\n9");
        let e = Record::parse(&bad).unwrap_err();
        assert_eq!(e.line, 12);
        assert!(e.message.contains("move 3 (\"9\")"), "{e}");
        let bad = text.replace("1, swap, 6", "1, swap, 5");
        let e = Record::parse(&bad).unwrap_err();
        assert_eq!(e.line, 9);
        assert!(e.message.contains("damaged"), "{e}");
        let e = Record::from_bytes(b"[Game \"mancala\"]\n[Variant \"ka\xfflah\"]\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("[Game \"mancala\"]\n[South \"human\"]\n").unwrap_err();
        assert!(e.message.contains("no [Variant"), "{e}");
        let e = Record::parse("[Game \"mancala\"]\n[Variant \"kalah\"\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("[Game \"mancala\"]\n[Variant \"kalah\"]\n[PitsPerSide \"11\"]\n")
            .unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn a_wide_game_round_trips_and_is_refused_as_compact() {
        let v = Variant::from_toml(include_str!("../../core/variants/hus-12.toml"))
            .unwrap()
            .resized(None, Some(8))
            .unwrap();
        assert_eq!(v.layout(), LayoutKind::Wide);
        let mut game = Game::<mancala_core::Wide>::new_in(v);
        for _ in 0..6 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let record = Record {
            game,
            earlier: Vec::new(),
            players: [PlayerKind::Human, PlayerKind::Computer(3)],
            seed: 7,
        };
        let text = record.to_text();
        assert!(text.contains("[SeedsPerPit \"8\"]"), "{text}");
        assert_eq!(Record::layout_of(text.as_bytes()).unwrap(), LayoutKind::Wide);
        let back = Record::<mancala_core::Wide>::parse_in(&text).unwrap();
        assert_eq!(back.game.moves(), record.game.moves());
        assert_eq!(back.game.position(), record.game.position());
        assert_eq!(back.to_text(), text);
        let e = Record::parse(&text).unwrap_err();
        assert!(e.message.contains("288 seeds (the wide layout)"), "{e}");
        let compact = sample().to_text();
        assert_eq!(Record::layout_of(compact.as_bytes()).unwrap(), LayoutKind::Compact);
        let e = Record::<mancala_core::Wide>::parse_in(&compact).unwrap_err();
        assert!(e.message.contains("read here as a game of the wide layout"), "{e}");
    }

    #[test]
    fn players() {
        assert_eq!("human".parse::<PlayerKind>(), Ok(PlayerKind::Human));
        assert_eq!("Computer:7".parse::<PlayerKind>(), Ok(PlayerKind::Computer(7)));
        assert_eq!("c".parse::<PlayerKind>(), Ok(PlayerKind::Computer(DEFAULT_LEVEL)));
        assert!("computer:11".parse::<PlayerKind>().is_err());
        assert!("robot".parse::<PlayerKind>().is_err());
    }
}
