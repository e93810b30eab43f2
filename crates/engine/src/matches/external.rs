//! An external program as a player (`cmd:PROGRAM ARGS`): started as a
//! child process ([`Program`]) and driven through the `mancala engine`
//! protocol (docs/protocol.md) over its standard input and output.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala_core::{quote, Game, Layout, Move, Position};

use super::player::{MatchSetup, Player, VariantSource};
use super::program::{Program, Waited};
use crate::protocol::{Command, Reply, Start};

/// An external program driven through the `mancala engine` protocol.
pub struct ExternalPlayer {
    program: Program,
    go: Command,
    timeout: Duration,
}

impl ExternalPlayer {
    /// Starts the program `words[0]` with the arguments `words[1..]` (in
    /// the folder `dir` if one is given), tells it the variant and waits
    /// until it is ready.
    pub fn start(
        words: &[String],
        dir: Option<&Path>,
        setup: &MatchSetup,
    ) -> Result<ExternalPlayer, String> {
        let program = Program::start(words, dir)?;
        let mut player = ExternalPlayer { program, go: setup.limits.go(), timeout: setup.timeout };
        player.send(&Command::Mancala)?;
        player.wait_for(|r| *r == Reply::Ok)?;
        let variant = match &setup.variant {
            VariantSource::File(path) => {
                let path: PathBuf = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
                Command::VariantFile(path.display().to_string())
            }
            VariantSource::Preset { name, pits, seeds } => {
                Command::Variant { name: name.clone(), pits: *pits, seeds: *seeds }
            }
        };
        player.send(&variant)?;
        player.send(&Command::IsReady)?;
        player.wait_for(|r| *r == Reply::ReadyOk)?;
        Ok(player)
    }

    fn send(&mut self, command: &Command) -> Result<(), String> {
        self.program.send(&command.to_string())
    }

    /// Reads replies until one satisfies `done`; an `error` reply fails, and
    /// so does a `bestmove` line that cannot be read. Other lines that are
    /// not replies of the protocol are skipped.
    fn wait_for(&mut self, done: impl Fn(&Reply) -> bool) -> Result<Reply, String> {
        let deadline = Instant::now() + self.timeout;
        let name = self.program.name().to_string();
        loop {
            let line = match self.program.next_line(deadline) {
                Ok(line) => line,
                Err(Waited::Timeout) => {
                    return Err(format!(
                        "{name:?} did not answer within {} s",
                        self.timeout.as_secs_f64()
                    ))
                }
                Err(Waited::Ended) => {
                    return Err(format!("{name:?} ended{}", self.program.exit_status()))
                }
            };
            match line.parse::<Reply>() {
                Ok(Reply::Error(reason)) => {
                    return Err(format!("{name:?} answered error {reason}"));
                }
                Ok(reply) if done(&reply) => return Ok(reply),
                Ok(_) => {}
                Err(e) if line.split_whitespace().next() == Some("bestmove") => {
                    return Err(format!("{name:?} answered {:?}: {e}", quote(&line)));
                }
                Err(_) => {}
            }
        }
    }
}

impl<L: Layout> Player<L> for ExternalPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        self.send(&Command::NewGame)
    }

    fn choose(&mut self, game: &Game<L>, _seed: u64, _stop: &AtomicBool) -> Result<Move, String> {
        // A compact game's start as its position string; another layout's
        // is the variant's start (a match's games start there).
        let start = match L::compact(game.start()) {
            Some(start) => Start::Position((*start).into()),
            None if *game.start() == Position::start_in(game.variant()) => Start::StartPos,
            None => return Err("a game of the wide layout from another start".into()),
        };
        self.send(&Command::Position { start, moves: game.moves().to_vec() })?;
        let go = self.go.clone();
        self.send(&go)?;
        let reply = self.wait_for(|r| matches!(r, Reply::BestMove(_)))?;
        let name = self.program.name();
        let played = match reply {
            Reply::BestMove(Some(mv)) => mv,
            _ => {
                return Err(format!(
                    "{name:?} answered bestmove none in {}, where the game goes on",
                    game.position()
                ))
            }
        };
        game.position().check_move(game.variant(), played).map_err(|e| {
            format!(
                "{name:?} played {played} in {}, which is not a legal move: {e}",
                game.position()
            )
        })?;
        Ok(played)
    }
}
