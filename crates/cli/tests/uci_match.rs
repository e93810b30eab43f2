//! `mancala match` against programs speaking the UCI dialect of Oware
//! engines (`uci:PROGRAM ARGS`), with small fakes instead of a real engine:
//! one that plays the first legal move, and others that play a move of the
//! wrong side or an empty pit, write a move that is no letter, write
//! garbage and no move, end, or never answer. Each ends the match with an
//! error naming the program and what it sent; variants and limits the
//! dialect cannot express are refused before anything starts.
//!
//! The fakes are this test binary run again by the match with the fake's
//! kind in [`FAKE`]: the test [`fake_engine`] then speaks the dialect on
//! standard input and output instead of testing anything.

mod common;

use std::io::{BufRead, Write};
use std::path::Path;

use mancala_core::Variant;
use mancala_engine::matches::PlayerSpec;
use mancala_engine::uci::{replay_letters, Letter, UciCommand};
use serde_json::Value;

/// The environment variable that makes this binary a fake engine: its
/// kind.
const FAKE: &str = "MANCALA_TEST_FAKE_UCI";
/// Where a fake writes the lines it was sent (and its folder, first).
const FAKE_LOG: &str = "MANCALA_TEST_FAKE_UCI_LOG";

/// The fake engine, when this binary is run as one (else nothing).
#[test]
fn fake_engine() {
    let Ok(kind) = std::env::var(FAKE) else { return };
    let mut log = std::env::var(FAKE_LOG).ok().map(|path| {
        let mut f = std::fs::File::create(path).unwrap();
        writeln!(f, "dir {}", std::env::current_dir().unwrap().display()).unwrap();
        f
    });
    let v = Variant::preset("abapa").unwrap();
    let mut out = std::io::stdout();
    let mut game = mancala_core::Game::new(v.clone());
    let mut say = |line: &str| {
        writeln!(out, "{line}").unwrap();
        out.flush().unwrap();
    };
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        if let Some(f) = log.as_mut() {
            writeln!(f, "{line}").unwrap();
        }
        let Ok(command) = line.parse::<UciCommand>() else {
            say(&format!("info string what is {line:?}?"));
            continue;
        };
        match command {
            UciCommand::Uci if kind == "mute" => {}
            UciCommand::Uci => {
                say("id name fake");
                say("option name Hash type spin default 1 min 1 max 8");
                say("uciok");
            }
            UciCommand::IsReady => say("readyok"),
            UciCommand::Position(letters) => match replay_letters(&v, &letters) {
                Ok(g) => game = g,
                Err(e) => say(&format!("info string bad position: {e}")),
            },
            UciCommand::Go(_) => {
                let pos = *game.position();
                let mover = pos.to_move();
                let first = game.legal_moves().iter().next().expect("a legal move");
                let first = Letter::of_move(first, mover).unwrap();
                match kind.as_str() {
                    "first" => {
                        say(&format!("info depth 1 score cp 0 pv {first}"));
                        say(&format!("bestmove {first}"));
                    }
                    "wrong-side" => {
                        let other = Letter::new(mover.opponent(), first.pit()).unwrap();
                        say(&format!("bestmove {other}"));
                    }
                    "empty-pit" => {
                        // An empty pit of the mover's once there is one.
                        let empty = (1..=6).find(|&p| pos.pit(mover, p - 1) == 0);
                        let l = empty.map_or(first, |p| Letter::new(mover, p).unwrap());
                        say(&format!("bestmove {l}"));
                    }
                    "no-letter" => say("bestmove 3"),
                    "garbage" => {
                        say("thinking very hard");
                        say("%%% 42 %%%");
                    }
                    "dies" => std::process::exit(3),
                    _ => {}
                }
            }
            UciCommand::Quit => std::process::exit(0),
            _ => {}
        }
    }
    std::process::exit(0);
}

/// The player that runs this binary as a fake.
fn fake_player() -> String {
    let exe = std::env::current_exe().unwrap();
    format!("uci:'{}' fake_engine --exact --nocapture --test-threads 1 --quiet", exe.display())
}

/// `mancala match ARGS` with the fake `kind` (and its log at `log`).
fn run_match(kind: &str, log: Option<&Path>, args: &[&str]) -> std::process::Output {
    let home = common::Sandbox::new();
    let mut cmd = home.mancala();
    if !kind.is_empty() {
        cmd.env(FAKE, kind);
    }
    cmd.arg("match").args(args);
    if let Some(log) = log {
        cmd.env(FAKE_LOG, log);
    }
    cmd.output().unwrap()
}

fn abapa_against(kind: &str, more: &[&str]) -> (Option<i32>, String, String) {
    let fake = fake_player();
    let args =
        [&["-v", "abapa", "--a", "level:1", "--b", &fake, "--movetime", "20"], more].concat();
    let out = run_match(kind, None, &args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code(), stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_fake_playing_the_first_legal_move_finishes_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("fake.log");
    let fake = fake_player();
    let folder = tempfile::tempdir().unwrap();
    let out = run_match(
        "first",
        Some(&log),
        &[
            "-v",
            "abapa",
            "--a",
            "level:1",
            "--b",
            &fake,
            "--b-dir",
            folder.path().to_str().unwrap(),
            "--movetime",
            "20",
            "--games",
            "4",
            "--json",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["games"], 4, "{s}");
    let total: u64 = ["wins", "draws", "losses"].iter().map(|k| s[k].as_u64().unwrap()).sum();
    assert_eq!(total, 4, "{s}");
    let b: PlayerSpec = s["b"].as_str().unwrap().parse().unwrap();
    assert_eq!(b, fake.parse().unwrap(), "{s}");
    // What the fake was sent: the handshake, then for each game
    // `ucinewgame` and `isready`, and for each move the game as letters
    // from the start and the match's time.
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    let canonical = std::fs::canonicalize(folder.path()).unwrap();
    assert_eq!(lines[0], format!("dir {}", canonical.display()), "it runs in --b-dir");
    assert_eq!(lines[1..3], ["uci", "isready"], "{sent}");
    assert_eq!(lines.iter().filter(|l| **l == "ucinewgame").count(), 4, "{sent}");
    assert_eq!(lines.last(), Some(&"quit"), "{sent}");
    let mut positions = 0;
    for pair in lines.windows(2) {
        if let Some(moves) = pair[0].strip_prefix("position startpos moves ") {
            positions += 1;
            assert_eq!(pair[1], "go movetime 20", "{sent}");
            let game = replay_letters(&Variant::preset("abapa").unwrap(), &moves_of(moves))
                .unwrap_or_else(|e| panic!("{moves}: {e}"));
            assert!(!game.position().is_over());
        }
    }
    assert!(positions >= 4, "{sent}");
}

fn moves_of(text: &str) -> Vec<Letter> {
    mancala_engine::uci::parse_letters(text).unwrap()
}

#[test]
fn a_move_of_the_wrong_side_stops_the_match() {
    let (code, _, err) = abapa_against("wrong-side", &["--games", "2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the match stopped: "), "{err}");
    assert!(err.contains("fake_engine"), "the program is named: {err}");
    assert!(err.contains("which is not a legal move"), "{err}");
    assert!(err.contains("'s pit") && err.contains("is to move"), "{err}");
}

#[test]
fn an_empty_pit_stops_the_match() {
    let (code, _, err) = abapa_against("empty-pit", &["--games", "2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("which is not a legal move") && err.contains("is empty"), "{err}");
}

#[test]
fn a_move_that_is_no_letter_stops_the_match() {
    let (code, _, err) = abapa_against("no-letter", &["--games", "2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("answered \"bestmove 3\""), "{err}");
    assert!(err.contains("A to F"), "{err}");
}

#[test]
fn garbage_instead_of_a_move_runs_out_of_time_and_is_shown() {
    let (code, _, err) = abapa_against("garbage", &["--games", "2", "--timeout", "2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("did not answer bestmove within 2 s"), "{err}");
    assert!(err.contains("\"%%% 42 %%%\""), "the last stray line is shown: {err}");
}

#[test]
fn a_program_that_ends_stops_the_match() {
    let (code, _, err) = abapa_against("dies", &["--games", "2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("ended (exit status 3) while bestmove was awaited"), "{err}");
}

#[test]
fn a_program_that_never_says_uciok_runs_out_of_time() {
    let (code, _, err) = abapa_against("mute", &["--games", "2", "--timeout", "1"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("did not answer uciok within 1 s"), "{err}");
}

#[test]
fn what_the_dialect_cannot_express_is_refused_before_the_match() {
    let fake = fake_player();
    // The pie rule (kalah), 4 pits, a node limit: status 2, nothing started.
    for (args, expected) in [
        (vec!["-v", "kalah"], "the dialect has no move for a swap"),
        (vec!["-v", "abapa", "-p", "4"], "4 pits a side"),
        (vec!["-v", "abapa", "--nodes", "1000"], "takes a time a move (--movetime)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("fake.log");
        let all = [&args[..], &["--a", "level:1", "--b", &fake, "--games", "2"]].concat();
        let out = run_match("first", Some(&log), &all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expected) && err.contains("uci:"), "{args:?}: {err}");
        assert!(!log.exists(), "{args:?}: the program was started");
    }
    // A folder for a player that is not a program.
    let out = run_match("first", None, &["--a", "level:1", "--a-dir", ".", "--b", "level:2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--a-dir"));
}

#[test]
fn our_engine_in_the_dialect_beats_a_weak_level() {
    // Both directions at once: the match drives `mancala engine --dialect
    // uci` through the dialect.
    let engine = format!("uci:'{}' engine --dialect uci --hash 16", common::binary());
    let out = run_match(
        "",
        None,
        &[
            "-v", "abapa", "--a", &engine, "--b", "level:1", "--depth", "6", "--games", "4",
            "--json",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(s["wins"].as_u64().unwrap() >= 3, "{s}");
}
