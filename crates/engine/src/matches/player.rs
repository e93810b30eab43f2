//! Who plays a match: the [`Player`] a game asks for moves, and the kinds
//! of players as a command line names them ([`PlayerSpec`]).
//!
//! Adding a kind of player: a type implementing [`Player`] (in a file of
//! its own, as [`super::external`]), a variant of [`PlayerSpec`] with its
//! word in [`PlayerSpec::from_str`] and [`PlayerSpec`]'s `Display` (which
//! must read back), its arm in [`PlayerSpec::start`], and in
//! [`PlayerSpec::check`] what it cannot play. What a player is started
//! with (the variant, the limits, the time to wait for an answer) is in
//! [`MatchSetup`].

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala_core::{quote, Game, Layout, Move, Variant};

use super::external::ExternalPlayer;
use super::in_process::{LevelPlayer, SearchPlayer};
use super::uci::{uci_go, UciPlayer};
use crate::protocol::{Command, GoLimits};
use crate::search::SearchLimits;

/// A player during a match, of games of layout `L` (the variant's).
pub trait Player<L: Layout = mancala_core::Compact> {
    /// A new game begins (a player may forget what it learnt in the last).
    fn new_game(&mut self) -> Result<(), String>;
    /// The move to play in `game`, which is not over. `seed` is the game's
    /// and the side's: a player that chooses at random draws from it. A
    /// player searching in this process ends its search early when `stop`
    /// is set (the match is abandoned and the move thrown away).
    fn choose(&mut self, game: &Game<L>, seed: u64, stop: &AtomicBool) -> Result<Move, String>;
}

/// Who plays, as written on a command line: `level:N`, `search`,
/// `cmd:PROGRAM ARGS` or `uci:PROGRAM ARGS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The computer player at a strength level ([`crate::computer_move`]).
    Level(u8),
    /// Our search with the match's [`Limits`].
    Search,
    /// A program speaking the `mancala engine` protocol: the program and
    /// its arguments.
    Cmd(Vec<String>),
    /// A program speaking the UCI dialect of Oware engines (Aalina's,
    /// [`crate::uci`]): the program and its arguments.
    Uci(Vec<String>),
}

/// The words of a program's command line (`cmd:` or `uci:`), split as a
/// POSIX shell would.
fn program_words(kind: &str, text: &str, usage: &str) -> Result<Vec<String>, String> {
    let words = shlex::split(text).ok_or_else(|| {
        format!(
            "{kind}:{:?} cannot be split into words (an unclosed quote, or a backslash at the end); {usage}",
            quote(text)
        )
    })?;
    if words.is_empty() {
        return Err(format!("{kind}: names no program; {usage}"));
    }
    Ok(words)
}

impl FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let usage =
            "a player is level:N (N from 1 to 10), search, cmd:PROGRAM ARGS or uci:PROGRAM ARGS";
        if let Some(n) = s.strip_prefix("level:") {
            return match n.trim().parse::<u8>() {
                Ok(n) if crate::LEVELS.contains(&n) => Ok(PlayerSpec::Level(n)),
                _ => Err(format!("level {n:?} is not a number from 1 to 10; {usage}")),
            };
        }
        if s == "search" {
            return Ok(PlayerSpec::Search);
        }
        if let Some(cmd) = s.strip_prefix("cmd:") {
            return program_words("cmd", cmd, usage).map(PlayerSpec::Cmd);
        }
        if let Some(cmd) = s.strip_prefix("uci:") {
            return program_words("uci", cmd, usage).map(PlayerSpec::Uci);
        }
        Err(format!("{s:?} is not a player; {usage}"))
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerSpec::Level(n) => write!(f, "level:{n}"),
            PlayerSpec::Search => f.write_str("search"),
            PlayerSpec::Cmd(words) | PlayerSpec::Uci(words) => {
                let kind = if matches!(self, PlayerSpec::Cmd(_)) { "cmd" } else { "uci" };
                let quoted = shlex::try_join(words.iter().map(String::as_str));
                write!(f, "{kind}:{}", quoted.unwrap_or_else(|_| words.join(" ")))
            }
        }
    }
}

impl PlayerSpec {
    /// Whether the player is an external program (`cmd:`, `uci:`), which
    /// may be given a folder to run in.
    pub fn is_program(&self) -> bool {
        matches!(self, PlayerSpec::Cmd(_) | PlayerSpec::Uci(_))
    }

    /// Whether this player can play `v` with `limits`, before it is
    /// started: a `uci:` program plays only what the dialect can write
    /// ([`crate::uci::check_variant`]) with a time or a depth a move
    /// ([`uci_go`]); the others play everything.
    pub fn check(&self, v: &Variant, limits: &Limits) -> Result<(), String> {
        match self {
            PlayerSpec::Uci(_) => {
                crate::uci::check_variant(v)
                    .map_err(|e| format!("{self} cannot play this variant: {e}"))?;
                uci_go(limits).map(|_| ()).map_err(|e| format!("{self}: {e}"))
            }
            _ => Ok(()),
        }
    }

    /// The player, ready for its first game: an external program is
    /// started (in the folder `dir` if one is given) and, speaking our
    /// protocol, told the variant.
    pub fn start<L: Layout>(
        &self,
        setup: &MatchSetup,
        dir: Option<&Path>,
    ) -> Result<Box<dyn Player<L>>, String> {
        Ok(match self {
            PlayerSpec::Level(n) => Box::new(LevelPlayer::new(*n)),
            PlayerSpec::Search => Box::new(SearchPlayer::new(setup.limits.search())),
            PlayerSpec::Cmd(words) => Box::new(ExternalPlayer::start(words, dir, setup)?),
            PlayerSpec::Uci(words) => Box::new(UciPlayer::start(words, dir, setup)?),
        })
    }
}

/// Limits per move for the players that take them (not the levels, which
/// have their own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest search iteration, in moves.
    pub depth: Option<u32>,
    /// Most nodes to search per move.
    pub nodes: Option<u64>,
    /// Milliseconds.
    pub movetime: Option<u64>,
}

impl Limits {
    /// The limits of our search.
    pub fn search(&self) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.movetime.map(Duration::from_millis),
        }
    }

    /// The protocol's `go` with these limits.
    pub fn go(&self) -> Command {
        Command::Go(GoLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            ..GoLimits::default()
        })
    }
}

/// How a program is told the variant played: as the match was given it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantSource {
    /// A built-in variant, at a size (`None`: the variant's own).
    Preset {
        /// The preset's name.
        name: String,
        /// Pits per side.
        pits: Option<u32>,
        /// Seeds per pit at the start.
        seeds: Option<u32>,
    },
    /// A variant file (passed on as an absolute path where it can be).
    File(PathBuf),
}

/// What every player of a match is started with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    /// The variant, for the players that are told it.
    pub variant: VariantSource,
    /// The limits per move of the players that take them.
    pub limits: Limits,
    /// How long to wait for an external program's answer.
    pub timeout: Duration,
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let spec: PlayerSpec = r#"uci:java -jar "/my dir/Aalina.jar""#.parse().unwrap();
        assert_eq!(
            spec,
            PlayerSpec::Uci(["java", "-jar", "/my dir/Aalina.jar"].map(String::from).to_vec())
        );
        assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec));
        assert!("uci:".parse::<PlayerSpec>().unwrap_err().contains("uci: names no program"));
    }

    #[test]
    fn a_uci_player_plays_what_the_dialect_can_write() {
        let uci: PlayerSpec = "uci:engine".parse().unwrap();
        let time = Limits { movetime: Some(100), ..Limits::default() };
        let abapa = Variant::preset("abapa").unwrap();
        assert_eq!(uci.check(&abapa, &time), Ok(()));
        let e = uci.check(&Variant::preset("kalah").unwrap(), &time).unwrap_err();
        assert!(e.starts_with("uci:engine cannot play this variant: ") && e.contains("pie rule"));
        let nodes = Limits { nodes: Some(1000), ..Limits::default() };
        assert!(uci.check(&abapa, &nodes).unwrap_err().contains("--movetime"));
        assert_eq!(PlayerSpec::Search.check(&Variant::preset("kalah").unwrap(), &nodes), Ok(()));
    }
}
