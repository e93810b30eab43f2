//! A program speaking the UCI dialect of Oware engines as a player
//! (`uci:PROGRAM ARGS`, e.g. Aalina): started as a child process
//! ([`Program`]) and driven through the dialect's messages
//! ([`crate::uci`]): `uci` and `isready` at the start, `ucinewgame` and
//! `isready` before each game, and for each move `position startpos moves
//! ...` with the game's moves as letters and `go` with the match's limits.
//!
//! The dialect cannot tell the program the rules: it must play the
//! variant's already (Aalina plays `abapa`). Only variants whose moves it
//! can write are played ([`check_variant`]), and only with a time or a
//! depth a move ([`uci_go`]).

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala_core::{quote, Game, Layout, Move};

use super::player::{Limits, MatchSetup, Player};
use super::program::{Program, Waited};
use crate::uci::{check_variant, game_letters, letter_move, UciCommand, UciGo, UciReply};

/// A program driven through the UCI dialect.
pub struct UciPlayer {
    program: Program,
    go: UciGo,
    timeout: Duration,
}

/// The `go` a `uci:` player is sent for the match's limits: `movetime`
/// and/or `depth`; an error for a node limit (the dialect's engines do not
/// count nodes the way ours do; Aalina ignores `go nodes`) or no limit.
pub fn uci_go(limits: &Limits) -> Result<UciGo, String> {
    let takes = "a uci: player takes a time a move (--movetime) or a depth (--depth)";
    if limits.nodes.is_some() {
        return Err(format!(
            "{takes}, not --nodes: nodes are not counted alike by other engines (Aalina ignores \
             go nodes)"
        ));
    }
    if limits.movetime.is_none() && limits.depth.is_none() {
        return Err(format!("{takes}; none is given"));
    }
    Ok(UciGo { depth: limits.depth, movetime: limits.movetime, ..UciGo::default() })
}

impl UciPlayer {
    /// Starts the program `words[0]` with the arguments `words[1..]` (in
    /// the folder `dir` if one is given), and waits for its `uciok` and
    /// `readyok`.
    pub fn start(
        words: &[String],
        dir: Option<&Path>,
        setup: &MatchSetup,
    ) -> Result<UciPlayer, String> {
        let go = uci_go(&setup.limits)?;
        let program = Program::start(words, dir)?;
        let mut player = UciPlayer { program, go, timeout: setup.timeout };
        player.send(&UciCommand::Uci)?;
        player.wait_for("uciok", |r| *r == UciReply::UciOk)?;
        player.send(&UciCommand::IsReady)?;
        player.wait_for("readyok", |r| *r == UciReply::ReadyOk)?;
        Ok(player)
    }

    fn send(&mut self, command: &UciCommand) -> Result<(), String> {
        self.program.send(&command.to_string())
    }

    /// Reads lines until a reply satisfies `done` (`what` names it for
    /// messages); a `bestmove` line that cannot be read fails. Other lines
    /// (the dialect's or not) are skipped; the last one that is not the
    /// dialect's is named when time runs out.
    fn wait_for(
        &mut self,
        what: &str,
        done: impl Fn(&UciReply) -> bool,
    ) -> Result<UciReply, String> {
        let deadline = Instant::now() + self.timeout;
        let name = self.program.name().to_string();
        let mut stray: Option<String> = None;
        loop {
            let line = match self.program.next_line(deadline) {
                Ok(line) => line,
                Err(Waited::Timeout) => {
                    let last = stray.map_or(String::new(), |l| {
                        format!(
                            " (the last line it wrote that is not the dialect's: {:?})",
                            quote(&l)
                        )
                    });
                    return Err(format!(
                        "{name:?} did not answer {what} within {} s{last}",
                        self.timeout.as_secs_f64()
                    ));
                }
                Err(Waited::Ended) => {
                    return Err(format!(
                        "{name:?} ended{} while {what} was awaited",
                        self.program.exit_status()
                    ))
                }
            };
            match line.parse::<UciReply>() {
                Ok(reply) if done(&reply) => return Ok(reply),
                Ok(_) => {}
                Err(e) if line.split_whitespace().next() == Some("bestmove") => {
                    return Err(format!("{name:?} answered {:?}: {e}", quote(&line)));
                }
                Err(_) if line.trim().is_empty() => {}
                Err(_) => stray = Some(line),
            }
        }
    }
}

impl<L: Layout> Player<L> for UciPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        self.send(&UciCommand::UciNewGame)?;
        self.send(&UciCommand::IsReady)?;
        self.wait_for("readyok", |r| *r == UciReply::ReadyOk)?;
        Ok(())
    }

    fn choose(&mut self, game: &Game<L>, _seed: u64, _stop: &AtomicBool) -> Result<Move, String> {
        let name = self.program.name().to_string();
        // The dialect's boards are compact (Oware's: `PlayerSpec::check`
        // refuses the others before a match starts).
        let game = crate::player::compact_game(game)
            .ok_or_else(|| format!("{name:?} (uci:) plays only the compact layout's variants"))?;
        let v = game.variant();
        check_variant(v).map_err(|e| format!("{name:?} (uci:) cannot play this variant: {e}"))?;
        let letters = game_letters(game).map_err(|e| format!("{name:?} (uci:): {e}"))?;
        self.send(&UciCommand::Position(letters))?;
        self.send(&UciCommand::Go(self.go))?;
        let reply = self.wait_for("bestmove", |r| matches!(r, UciReply::BestMove { .. }))?;
        let pos = game.position();
        let Some(letter) = (match reply {
            UciReply::BestMove { best, .. } => best,
            _ => None,
        }) else {
            return Err(format!(
                "{name:?} answered bestmove (none) in {pos}, where the game goes on"
            ));
        };
        letter_move(v, pos, letter).map_err(|e| {
            format!("{name:?} played {letter} in {pos}, which is not a legal move: {e}")
        })
    }
}
