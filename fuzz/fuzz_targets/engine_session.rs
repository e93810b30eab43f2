//! Engine protocol sessions: a sequence of fuzzed lines, each read as a
//! `protocol::Command` (and as a `protocol::Reply`, what a client reads).
//! Whatever parses prints and parses back to itself.
//!
//! Each line is also sent to the real engine, `session::Session` (the loop
//! behind `mancala engine`), with its searches running on their own thread
//! while the next lines arrive. Limits are made small (`go` at most depth
//! 4, 5,000 nodes or 5 ms, clocks at most 20 ms, `hash` at most 4 MiB, `threads` at most 3, `book on|off` as sent; `variantfile` lines are
//! left out: they read files). Checked:
//! - every line the engine writes is one reply that parses;
//! - a line that does not parse gets exactly one `error` line;
//! - a model of the engine's game (`variant`, `newgame`, `position` applied
//!   as the protocol says: a refused line leaves the game as it was) agrees
//!   with the engine: the engine accepts exactly what the model accepts (or
//!   refuses it because a search is running), and its `d` shows the model's
//!   position;
//! - every accepted `go` gets exactly one `bestmove` by the end of the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{Game, LayoutKind, Position, Setup, Variant};
use mancala_engine::protocol::{Command, GoLimits, Reply, Start};
use mancala_engine::session::{Flow, NoEndgame, Session, Transcript};
use mancala_fuzz::{check_position, preset_named};

/// `command` with limits small enough for a fuzz run; `None` for a command
/// left out.
fn tamed(command: &Command) -> Option<Command> {
    Some(match command {
        Command::VariantFile(_) => return None,
        Command::Variant { name, pits, seeds } if wide(name, *pits, *seeds) => return None,
        Command::Hash(mb) => Command::Hash((*mb).min(4)),
        Command::Threads(n) => Command::Threads((*n).min(3)),
        Command::Go(go) => {
            let mut clock = go.clock;
            clock.south_time = clock.south_time.map(|t| t.min(20));
            clock.north_time = clock.north_time.map(|t| t.min(20));
            clock.south_inc = clock.south_inc.map(|t| t.min(5));
            clock.north_inc = clock.north_inc.map(|t| t.min(5));
            Command::Go(GoLimits {
                depth: go.depth.map(|d| d.min(4)),
                nodes: go.nodes.map(|n| n.min(5_000)),
                movetime: go.movetime.map(|t| t.min(5)),
                clock,
                ..*go
            })
        }
        c => c.clone(),
    })
}

/// Whether a `variant` command names a board of the wide layout (`hus-12`,
/// or a size past the compact layout's), which this target's model, a
/// compact `Game`, does not follow: such commands are left out.
fn wide(name: &str, pits: Option<u32>, seeds: Option<u32>) -> bool {
    Variant::presets()
        .into_iter()
        .find(|v| v.name().eq_ignore_ascii_case(name))
        .and_then(|v| v.at_size(pits, seeds).ok())
        .is_some_and(|v| v.layout() != LayoutKind::Compact)
}

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
                Start::Position(setup) => setup.position(&v).ok()?,
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
    let sink = Transcript::default();
    let mut engine = Session::new(game.variant().clone(), 1, sink.out(), Box::new(NoEndgame))
        .expect("a 1 MiB table");
    let mut accepted_go = 0;
    for line in text.lines().take(64) {
        if let Ok(reply) = line.parse::<Reply>() {
            let printed = reply.to_string();
            assert_eq!(printed.parse::<Reply>().as_ref(), Ok(&reply), "{line:?} -> {printed:?}");
        }
        let before = sink.lines().len();
        let command = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => {
                assert!(!e.0.contains('\n'), "an error is one line: {e:?}");
                assert!(e.0.len() <= 2048, "{} bytes of error", e.0.len());
                if line.trim().is_empty() {
                    continue;
                }
                assert_eq!(engine.line(line), Flow::Continue);
                let errors =
                    sink.lines()[before..].iter().filter(|l| l.starts_with("error ")).count();
                assert_eq!(errors, 1, "{line:?}: one error line");
                continue;
            }
        };
        let printed = command.to_string();
        assert!(!printed.contains('\n'), "{printed:?}");
        assert_eq!(printed.parse::<Command>().as_ref(), Ok(&command), "{line:?} -> {printed:?}");
        let Some(sent) = tamed(&command) else { continue };
        let flow = engine.line(&sent.to_string());
        let new: Vec<String> = sink.lines()[before..].to_vec();
        let refused = new.iter().find(|l| l.starts_with("error "));
        if flow == Flow::Quit {
            break;
        }
        let changes_game =
            matches!(sent, Command::Variant { .. } | Command::NewGame | Command::Position { .. });
        if matches!(sent, Command::Go(_)) && refused.is_none() {
            accepted_go += 1;
        }
        if !changes_game {
            continue;
        }
        match (apply(&game, &sent), refused) {
            (Some(next), None) => {
                game = next;
                let total = game.variant().total_seeds();
                check_position(game.variant(), game.position(), total);
            }
            (Some(_), Some(e)) => {
                assert!(e.contains("a search is running"), "{sent}: the model accepts it: {e}")
            }
            (None, Some(_)) => {}
            (None, None) => panic!("{sent}: the engine accepted what the model refuses"),
        }
        // The engine's position is the model's.
        let before = sink.lines().len();
        engine.line("d");
        let shown = sink.lines()[before..]
            .iter()
            .find_map(|l| match l.parse::<Reply>() {
                Ok(Reply::Position(p)) => Some(p),
                _ => None,
            })
            .expect("d shows the position");
        assert_eq!(shown, Setup::from(*game.position()), "after {sent}");
    }
    engine.finish();
    let lines = sink.lines();
    for l in &lines {
        assert!(l.parse::<Reply>().is_ok(), "the engine wrote {l:?}, not a reply");
    }
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(bestmoves, accepted_go, "one bestmove for each go");
});
