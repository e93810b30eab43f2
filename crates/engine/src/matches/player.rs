//! Who plays a match: the [`Player`] a game asks for moves, and the kinds
//! of players as a command line names them ([`PlayerSpec`]).
//!
//! Adding a kind of player: a type implementing [`Player`] (in a file of
//! its own, as [`super::external`]), a variant of [`PlayerSpec`] with its
//! word in [`PlayerSpec::from_str`] and [`PlayerSpec`]'s `Display` (which
//! must read back), and its arm in [`PlayerSpec::start`]. What a player is
//! started with (the variant, the limits, the time to wait for an answer)
//! is in [`MatchSetup`].

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use mancala_core::{quote, Game, Move};

use super::external::ExternalPlayer;
use super::in_process::{LevelPlayer, SearchPlayer};
use crate::protocol::{Command, GoLimits};
use crate::search::SearchLimits;

/// A player during a match.
pub trait Player {
    /// A new game begins (a player may forget what it learnt in the last).
    fn new_game(&mut self) -> Result<(), String>;
    /// The move to play in `game`, which is not over. `seed` is the game's
    /// and the side's: a player that chooses at random draws from it.
    fn choose(&mut self, game: &Game, seed: u64) -> Result<Move, String>;
}

/// Who plays, as written on a command line: `level:N`, `search` or
/// `cmd:PROGRAM ARGS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The computer player at a strength level ([`crate::computer_move`]).
    Level(u8),
    /// Our search with the match's [`Limits`].
    Search,
    /// A program speaking the `mancala engine` protocol: the program and
    /// its arguments.
    Cmd(Vec<String>),
}

impl FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let usage = "a player is level:N (N from 1 to 10), search, or cmd:PROGRAM ARGS";
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

impl PlayerSpec {
    /// The player, ready for its first game: an external program is
    /// started and told the variant.
    pub fn start(&self, setup: &MatchSetup) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            PlayerSpec::Level(n) => Box::new(LevelPlayer::new(*n)),
            PlayerSpec::Search => Box::new(SearchPlayer::new(setup.limits.search())),
            PlayerSpec::Cmd(words) => Box::new(ExternalPlayer::start(words, setup)?),
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
    }
}
