//! Engine protocol sessions: a sequence of fuzzed lines, each read as a
//! `protocol::Command` (and as a `protocol::Reply`, what a client reads).
//! Whatever parses prints and parses back to itself.
//!
//! Each line is also sent to the real engine, `session::Session` (the loop
//! behind `mancala engine`), with its searches running on their own thread
//! while the next lines arrive. Limits are made small (`go` at most depth
//! 4, 5,000 nodes or 5 ms, clocks at most 20 ms, `hash` at most 4 MiB, `threads` at most 3, `book on|off` as sent; `variantfile` lines are
//! left out: they read files). Checked:
//! - every line the engine writes is one reply that parses (but a wide
//!   board's `d`, whose `position` and `start` lines are the wide layout's
//!   position strings, which the protocol's replies do not read: they are
//!   read as such, docs/protocol.md, "The wide board");
//! - a line that does not parse gets exactly one `error` line;
//! - a model of the engine's game (`variant`, `newgame`, `position` applied
//!   as the protocol says: a refused line leaves the game as it was), in
//!   its variant's layout (`hus-12` and the sizes past the compact layout's
//!   in the wide one), agrees with the engine: the engine accepts exactly
//!   what the model accepts (or refuses it because a search is running),
//!   and its `d` shows the model's position;
//! - every accepted `go` gets exactly one `bestmove` by the end of the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{any_game, AnyGame, Game, Layout, Move, Position, Setup, Wide};
use mancala_engine::protocol::{Command, GoLimits, Reply, Start};
use mancala_engine::session::{Flow, NoEndgame, Session, Transcript};
use mancala_fuzz::{check_position, preset_named};

/// `command` with limits small enough for a fuzz run; `None` for a command
/// left out.
fn tamed(command: &Command) -> Option<Command> {
    Some(match command {
        Command::VariantFile(_) => return None,
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

/// The engine's game after `command`, or `None` when the engine refuses it
/// (the game is then unchanged).
fn apply(game: &AnyGame, command: &Command) -> Option<AnyGame> {
    match command {
        Command::Variant { name, pits, seeds } => {
            let v = preset_named(name)?;
            let to_u8 = |x: Option<u32>| match x {
                None => Some(None),
                Some(x) => u8::try_from(x).ok().map(Some),
            };
            let v = v.resized(to_u8(*pits)?, to_u8(*seeds)?).ok()?;
            Some(AnyGame::new(v))
        }
        Command::NewGame => Some(AnyGame::new(game.variant().clone())),
        Command::Position { start, moves } => {
            any_game!(game, g => position_in(g, start, moves).map(AnyGame::from))
        }
        _ => None,
    }
}

/// The game `position` sets in the variant of `game` (in its layout
/// `L`), or `None` when the engine refuses it.
fn position_in<L: Layout>(game: &Game<L>, start: &Start, moves: &[Move]) -> Option<Game<L>> {
    let v = game.variant().clone();
    // A position string is read again in the variant's layout: a wide
    // variant takes the strings of both layouts, a compact one refuses a
    // wide board's (docs/protocol.md, "The wide board").
    let start = match start {
        Start::StartPos => Position::<L>::start_in(&v),
        Start::Position(setup) => {
            Setup::<L>::from_str_in(&setup.to_string()).ok()?.position(&v).ok()?
        }
        Start::WidePosition(setup) => {
            Setup::<L>::from_str_in(&setup.to_string()).ok()?.position(&v).ok()?
        }
    };
    let mut next = Game::from_position(v, start);
    for &mv in moves {
        next.play(mv).ok()?;
    }
    Some(next)
}

/// Whether `line`, written by the engine, is a reply; in a game of the
/// wide layout (`wide`), `d`'s `position` and `start` lines are the wide
/// board's position strings, which the protocol's replies do not read
/// (docs/protocol.md, "The wide board").
fn is_reply(line: &str, wide: bool) -> bool {
    line.parse::<Reply>().is_ok()
        || wide
            && matches!(line.split_once(' '), Some(("position" | "start", s))
                if Setup::<Wide>::from_str_in(s).is_ok())
}

/// The position `d` shows in `lines` (its `position` line), read in the
/// layout `L` of the model's game.
fn shown<L: Layout>(lines: &[String]) -> Option<Setup<L>> {
    lines.iter().find_map(|l| Setup::<L>::from_str_in(l.strip_prefix("position ")?).ok())
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut game = AnyGame::new(preset_named("kalah").expect("preset"));
    let sink = Transcript::default();
    let mut engine = Session::new(game.variant().clone(), 1, sink.out(), Box::new(NoEndgame))
        .expect("a 1 MiB table");
    let mut accepted_go = 0;
    // The engine's lines up to `checked` have been read as replies, in the
    // layout of the model's game when they came.
    let mut checked = 0;
    let mut check_lines = |game: &AnyGame, after: &str| {
        let lines = sink.lines();
        let wide = matches!(game, AnyGame::Wide(_));
        for l in &lines[checked..] {
            assert!(is_reply(l, wide), "{after:?}: the engine wrote {l:?}, not a reply");
        }
        checked = lines.len();
    };
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
                check_lines(&game, line);
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
        check_lines(&game, line);
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
                any_game!(&game, g => check_position(g.variant(), g.position(), total));
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
        check_lines(&game, "d");
        let new: Vec<String> = sink.lines()[before..].to_vec();
        any_game!(&game, g => {
            let shown = shown(&new).expect("d shows the position");
            assert_eq!(shown, Setup::from(*g.position()), "after {sent}");
        });
    }
    engine.finish();
    check_lines(&game, "the end");
    let bestmoves = sink.lines().iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(bestmoves, accepted_go, "one bestmove for each go");
});
