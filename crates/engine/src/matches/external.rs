//! An external program as a player (`cmd:PROGRAM ARGS`): started as a
//! child process and driven through the `mancala engine` protocol
//! (docs/protocol.md) over its standard input and output; its standard
//! error is the match's.

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use mancala_core::{quote, Game, Move};

use super::player::{MatchSetup, Player, VariantSource};
use crate::lines::{read_line, Line};
use crate::protocol::{Command, Reply, Start, MAX_LINE_BYTES};

/// Lines read from an external program and not yet looked at, at most.
const LINE_QUEUE: usize = 1024;

/// An external program driven through the `mancala engine` protocol.
pub struct ExternalPlayer {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: Command,
    timeout: Duration,
}

impl ExternalPlayer {
    /// Starts the program `words[0]` with the arguments `words[1..]`, tells
    /// it the variant and waits until it is ready.
    pub fn start(words: &[String], setup: &MatchSetup) -> Result<ExternalPlayer, String> {
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
        let mut player = ExternalPlayer {
            name,
            child,
            stdin,
            lines,
            go: setup.limits.go(),
            timeout: setup.timeout,
        };
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
