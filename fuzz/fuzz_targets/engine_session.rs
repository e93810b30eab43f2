//! Engine protocol sessions: a sequence of fuzzed lines, each read as a
//! `protocol::Command` (and as a `protocol::Reply`, what a client reads).
//! Whatever parses prints and parses back to itself. The commands that
//! change the engine's game (`variant`, `newgame`, `position`) are applied
//! to a game as `mancala engine` applies them: a refused line leaves the
//! game as it was, an accepted one plays only legal moves.
//!
//! The engine's own loop (threads, search, `go`/`stop`) lives in the CLI
//! binary (`crates/cli/src/cmd/engine.rs`) and is not driven here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{Game, Position};
use mancala_engine::protocol::{Command, Reply, Start};
use mancala_fuzz::{check_position, preset_named};

/// The engine's game after `command`, or `None` when the engine refuses it
/// (the game is then unchanged).
fn apply(game: &Game, command: &Command) -> Option<Game> {
    match command {
        Command::Variant { name, pits, seeds } => {
            let v = preset_named(name)?;
            let to_u8 = |x: Option<u32>| match x {
                None => Some(None),
                Some(x) => u8::try_from(x).ok().map(Some),
            };
            let v = v.resized(to_u8(*pits)?, to_u8(*seeds)?).ok()?;
            Some(Game::new(v))
        }
        Command::NewGame => Some(Game::new(game.variant().clone())),
        Command::Position { start, moves } => {
            let v = game.variant().clone();
            let start = match start {
                Start::StartPos => Position::start(&v),
                Start::Position(p) => {
                    p.check_fits(&v).ok()?;
                    p.settled(&v)
                }
            };
            let mut next = Game::from_position(v, start);
            for &mv in moves {
                next.play(mv).ok()?;
            }
            Some(next)
        }
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut game = Game::new(preset_named("kalah").expect("preset"));
    for line in text.lines().take(64) {
        if let Ok(reply) = line.parse::<Reply>() {
            let printed = reply.to_string();
            assert_eq!(printed.parse::<Reply>().as_ref(), Ok(&reply), "{line:?} -> {printed:?}");
        }
        let command = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => {
                assert!(!e.0.contains('\n'), "an error is one line: {e:?}");
                assert!(e.0.len() <= 2048, "{} bytes of error", e.0.len());
                continue;
            }
        };
        let printed = command.to_string();
        assert!(!printed.contains('\n'), "{printed:?}");
        assert_eq!(printed.parse::<Command>().as_ref(), Ok(&command), "{line:?} -> {printed:?}");
        if let Some(next) = apply(&game, &command) {
            game = next;
            let total = game.variant().total_seeds();
            check_position(game.variant(), game.position(), total);
        }
    }
});
