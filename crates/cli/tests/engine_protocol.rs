//! `mancala engine` driven through its protocol (docs/protocol.md): every
//! malformed line gets an `error` reply and the engine carries on; `go
//! depth` is deterministic; `stop` ends `go infinite`; the end of input
//! lets a search finish.

mod common;

use mancala_engine::protocol::Reply;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::engine_process::EngineProcess as Engine;

#[test]
fn identifies_itself_and_answers_isready() {
    let mut e = Engine::start(&[]);
    e.send("mancala");
    let lines = e.until("ok");
    assert!(lines[0].starts_with("id name mancala "), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "ok");
    assert!(e.ask("").is_empty(), "an empty line is ignored");
    e.send("quit");
    let (rest, code) = e.close_and_wait();
    assert!(rest.is_empty(), "{rest:?}");
    assert_eq!(code, Some(0));
}

#[test]
fn every_malformed_line_gets_an_error_and_the_engine_survives() {
    let mut e = Engine::start(&[]);
    let long = format!("go {}", "x".repeat(100_000));
    // Each bad line, and a word the error must name.
    let bad: Vec<(&str, &str)> = vec![
        ("foo", "unknown command"),
        ("GO depth 3", "unknown command"),
        ("go depth", "depth needs a number"),
        ("go depth x", "whole number"),
        ("go depth 0", "depth must be 1 to"),
        ("go depth 1000", "depth must be 1 to"),
        ("go nodes -5", "whole number"),
        ("go nodes 0", "at least 1"),
        ("go movetime", "needs a number"),
        ("go sideways", "unknown limit"),
        ("go movetime 99999999999999999999", "from 1 to 18446744073709551615"),
        ("go depth 99999999999999999999", "from 1 to 120"),
        ("go infinite depth 3", "infinite cannot be combined"),
        (&long, "longer than 65536 bytes"),
        ("position", "nothing given"),
        ("position moves 1", "no position before moves"),
        ("position startpos 1 2", "expected \"moves\""),
        ("position startpos moves 7", "pit 7 does not exist"),
        ("position startpos moves 1 zz", "move #2"),
        ("position startpos moves 3 1 3", "pit 3 is empty"),
        ("position startpos moves 1 2 swap", "swap"),
        ("position 1,2,3/4", "position"),
        ("position 4,4,4,4,4,4:0/4,4,4,4,4,4:1/S", "seeds"),
        ("position 4,4,4,4:0/4,4,4,4:16/S", "pits per side"),
        ("position 4,4,4,4,4,4:0/4,4,4,4,4,4:0/Q", "state"),
        ("variant", "no name given"),
        ("variant nope", "unknown variant"),
        ("variant kalah pits", "needs a number"),
        ("variant kalah pits x", "whole number"),
        ("variant kalah pits 99", "cannot be played at that size"),
        ("variant kalah pits 100000", "too large"),
        ("variant kalah colour red", "unknown option"),
        ("variantfile", "no file given"),
        ("variantfile /nonexistent/rules.toml", "cannot read variant file"),
        ("hash", "hash MB"),
        ("hash 0", "1 to"),
        ("hash lots", "whole number of MiB"),
        // Trailing words, repeated options and empty moves are refused.
        ("quit now", "quit takes nothing after it, found \"now\""),
        ("newgame 5", "newgame takes nothing after it"),
        ("isready now", "isready takes nothing after it"),
        ("stop it", "stop takes nothing after it"),
        ("variant kalah pits 6 pits 7", "pits is given twice"),
        ("go depth 2 nodes 5 depth 3", "depth is given twice"),
        ("position startpos moves 3,,1", "move #2 in the list (\"\"): no move given"),
        ("position startpos moves 3,", "no move given"),
        ("position startpos moves 99999999999999999999999", "no pit 99999999999999999999999"),
    ];
    for (line, reason) in &bad {
        let got = e.ask(line);
        let shown: String = line.chars().take(60).collect();
        assert_eq!(got.len(), 1, "{shown:?} gave {got:?}");
        assert!(got[0].starts_with("error "), "{shown:?} gave {got:?}");
        assert!(
            got[0].contains(reason),
            "{shown:?} gave {:?}, expected it to mention {reason:?}",
            got[0]
        );
    }
    // Bytes that are not UTF-8, and a line without its newline at the end
    // of a write.
    e.send_bytes(b"\xff\xfe go\n");
    e.send("isready");
    let got = e.until("readyok");
    assert!(got[0].starts_with("error ") && got[0].contains("UTF-8"), "{got:?}");
    // After all that the position is still the start and the engine works.
    e.send("d");
    let shown = e.until("legal");
    assert!(
        shown.iter().any(|l| l == "position 4,4,4,4,4,4:0/4,4,4,4,4,4:0/S+opening"),
        "{shown:?}"
    );
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(lines.iter().filter(|l| l.starts_with("info depth")).count() >= 1, "{lines:?}");
    // A bad `position` leaves the position as it was.
    assert!(e.ask("position startpos moves 3").is_empty());
    assert_eq!(e.ask("position startpos moves 3 9").len(), 1);
    e.send("d");
    let shown = e.until("legal");
    assert!(shown.iter().any(|l| l == "moves 3"), "{shown:?}");
    // Every line the engine wrote is a reply of the protocol, and prints
    // back as it was written.
    e.send("go depth 2");
    let mut all = shown.clone();
    all.extend(e.until("bestmove"));
    for line in &all {
        let reply: Reply = line.parse().unwrap_or_else(|err| panic!("{line:?}: {err}"));
        assert_eq!(&reply.to_string(), line);
    }
    assert!(all.iter().any(|l| matches!(l.parse(), Ok(Reply::Legal(_)))), "{all:?}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// The `bestmove` and the last `info` line of one search in a new engine.
fn search_once(commands: &[&str]) -> (String, String) {
    let mut e = Engine::start(&[]);
    for c in commands {
        e.send(c);
    }
    let lines = e.until("bestmove");
    for l in &lines {
        assert!(!l.starts_with("error"), "{l}");
    }
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).cloned().unwrap();
    // The node rate and the time vary; the rest must not.
    let info: Vec<&str> = info.split_whitespace().collect();
    let stable: Vec<&str> = info
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            *i == 0 || !matches!(info[i - 1], "nps" | "time") && !matches!(info[*i], "nps" | "time")
        })
        .map(|(_, w)| *w)
        .collect();
    (lines.last().unwrap().clone(), stable.join(" "))
}

#[test]
fn go_depth_is_deterministic_and_legal() {
    let commands = ["variant mankalah", "position startpos moves 3 swap", "go depth 9"];
    let (best1, info1) = search_once(&commands);
    let (best2, info2) = search_once(&commands);
    assert_eq!(best1, best2);
    assert_eq!(info1, info2);
    assert!(info1.starts_with("info depth 9 "), "{info1}");
    assert!(info1.contains(" pv "), "{info1}");
    // The move is legal where it was asked for.
    let mut e = Engine::start(&[]);
    for c in &commands[..2] {
        e.send(c);
    }
    e.send("d");
    let legal = e.until("legal").pop().unwrap();
    let mv = best1.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == mv), "{best1} not in {legal}");
    // A position string works like the moves that lead to it.
    let (best3, info3) = search_once(&[
        "variant mankalah",
        "position 8,8,7,7,7,7,7:0/7,7,0,8,8,8,8:1/S",
        "go depth 9",
    ]);
    assert_eq!(best3, best1);
    assert_eq!(info3, info1);
}

#[test]
fn stop_ends_go_infinite_and_isready_answers_while_searching() {
    let mut e = Engine::start(&[]);
    e.send("variant mankalah");
    e.send("go infinite");
    // The first iterations report at once.
    let first = e.next();
    assert!(first.starts_with("info depth 1 "), "{first}");
    e.send("isready");
    e.send("position startpos");
    e.send("d");
    let mut seen = Vec::new();
    while !seen.iter().any(|l: &String| l.starts_with("legal")) {
        seen.push(e.next());
    }
    assert!(seen.contains(&"readyok".to_string()), "{seen:?}");
    assert!(seen.iter().any(|l| l.starts_with("error position: a search is running")), "{seen:?}");
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "infinite waits for stop: {seen:?}");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    assert!(asked.elapsed() < Duration::from_secs(5), "stop took {:?}", asked.elapsed());
    let best = lines.last().unwrap();
    let mv: u32 = best.strip_prefix("bestmove ").unwrap().parse().expect("a pit");
    assert!((1..=7).contains(&mv), "{best}");
    // Stop when nothing runs is ignored; the engine goes on.
    assert!(e.ask("stop").is_empty());
    e.send("go depth 2");
    e.until("bestmove");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut e = Engine::start(&["--variant", "kalah", "-p", "1", "-s", "1"]);
    e.send("position 0:1/0:1/S");
    e.send("go depth 5");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove none");
}

#[test]
fn end_of_input_lets_a_search_finish() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves 1");
    e.send("go depth 6");
    let (rest, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
    assert!(rest.last().is_some_and(|l| l.starts_with("bestmove ")), "{rest:?}");
}

#[test]
fn variants_and_variant_files() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tiny.toml");
    let text =
        common::mancala_in(dir.path()).args(["variants", "--show", "oware"]).output().unwrap();
    assert!(text.status.success());
    std::fs::write(&file, &text.stdout).unwrap();
    let mut e = Engine::start(&[]);
    assert!(e.ask(&format!("variantfile {}", file.display())).is_empty());
    e.send("d");
    let shown = e.until("legal");
    assert!(shown[0].starts_with("variant oware pits 6 seeds 4"), "{shown:?}");
    assert!(e.ask("variant kalah pits 3 seeds 2").is_empty());
    e.send("go");
    // Without limits the search runs until solved: at once on this board.
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.contains(" exact true ")), "{lines:?}");
}

#[test]
fn a_table_too_large_for_memory_is_an_error_and_the_old_table_stays() {
    // Failed before: "memory allocation of 68719476736 bytes failed", SIGABRT.
    let mut e = Engine::start_limited(&["--hash", "16"]);
    let got = e.ask("hash 65536");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("error hash: cannot allocate"), "{got:?}");
    assert!(got[0].contains("65536 MiB") && got[0].contains("16 MiB"), "{got:?}");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

#[test]
fn too_large_tables_on_the_command_line_exit_with_a_message() {
    for args in [
        &["engine", "--hash", "65536"][..],
        &["analyze", "--hash", "65536", "--depth", "1"],
        &["mankalah", "--hash", "65536"],
    ] {
        let home = common::Sandbox::new();
        let out = common::mancala_limited(home.path(), common::LIMITED_KIB)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot allocate") && err.contains("65536 MiB"), "{args:?}: {err}");
    }
}

#[test]
fn an_over_long_line_gets_one_error_and_is_not_kept() {
    // Failed before: the whole line was read into memory and got an error
    // only for its content.
    let mut e = Engine::start(&[]);
    let mut long = b"position ".to_vec();
    long.resize(8 << 20, b'x');
    long.push(b'\n');
    e.send_bytes(&long);
    e.send("isready");
    let got = e.until("readyok");
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].starts_with("error the line is longer than 65536 bytes"), "{}", got[0]);
    assert!(got[0].len() < 300, "{}", got[0]);
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

#[test]
fn end_of_input_stops_a_search_without_limits() {
    // Failed before: `go` with no limit searched on after the input closed.
    let mut e = Engine::start(&["--variant", "mankalah"]);
    e.send("go");
    e.until("info");
    let start = Instant::now();
    let (rest, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert!(rest.last().is_some_and(|l| l.starts_with("bestmove ")), "{rest:?}");
}

#[test]
fn positions_that_cannot_happen_are_refused() {
    // Each was accepted before (the first as a drawn finished game).
    let mut e = Engine::start(&[]);
    let bad = [
        ("4,4,4,4,4,4:0/4,4,4,4,4,4:0/S#majority", "no store holds more than half"),
        ("0,0,0,0,0,24:23/1,0,0,0,0,0:0/S#empty-side", "the pits still hold 25"),
        ("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#cycle", "kalah's rules do not have"),
        ("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#cannot-feed", "kalah's rules do not have"),
        ("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#only-grand-slams", "kalah's rules do not have"),
        ("4,4,4,4,4,4:0/4,4,4,4,4,4:0/N+opening", "south makes the first move"),
        ("+4,4,4,4,4,4:0/4,4,4,4,4,4:0/S", "not a seed count"),
        ("4,04,4,4,4,4:0/4,4,4,4,4,4:0/S", "not a seed count"),
    ];
    for (position, reason) in bad {
        let got = e.ask(&format!("position {position}"));
        assert_eq!(got.len(), 1, "{position}: {got:?}");
        assert!(got[0].starts_with("error position") && got[0].contains(reason), "{got:?}");
    }
    // The position is unchanged, and a real finished game is accepted.
    e.send("d");
    let shown = e.until("legal");
    assert!(shown.contains(&"position 4,4,4,4,4,4:0/4,4,4,4,4,4:0/S+opening".to_string()));
    assert!(e.ask("position 0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side").is_empty());
    e.send("d");
    let shown = e.until("over");
    assert_eq!(shown.last().unwrap(), "over empty-side winner north");
}

#[test]
fn a_variant_file_that_never_ends_is_refused_and_isready_is_answered() {
    // Failed before: the engine read /dev/zero to its (absent) end and
    // never answered isready.
    let mut e = Engine::start_limited(&[]);
    let got = e.ask("variantfile /dev/zero");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].contains("larger than 65536 bytes"), "{got:?}");
    let got = e.ask("variantfile /");
    assert!(got.len() == 1 && got[0].contains("a folder, not a file"), "{got:?}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// `--book on` (the default) answers a timed `go` at the start of an Oware
/// game from the opening book; `--book off` searches; `--book` takes only
/// on or off.
#[test]
fn the_book_option_turns_the_opening_book_on_and_off() {
    let mut on = Engine::start(&["--variant", "oware"]);
    on.send("position startpos");
    on.send("go movetime 2000");
    let lines = on.until("bestmove");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string book move "), "{lines:?}");
    let mut off = Engine::start(&["--variant", "oware", "--book", "off"]);
    off.send("position startpos");
    off.send("go movetime 50");
    let lines = off.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
    let home = common::Sandbox::new();
    let out = home.mancala().args(["engine", "--book", "maybe"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid value 'maybe' for '--book") && err.contains("on, off"), "{err}");
}

/// A move with a direction (Um el-Bagara's middle pit) in `position ...
/// moves`, in `d`'s legal moves and as a `bestmove`.
#[test]
fn directed_moves_in_the_protocol() {
    let mut e = Engine::start(&[]);
    e.send("variant um-el-bagara");
    e.send("position startpos moves 3cw 2");
    e.send("d");
    let lines = e.until("legal");
    assert!(lines.iter().any(|l| l == "position 6,7,1,6,6:0/6,0,6,6,6:0/S"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "moves 3cw 2"), "{lines:?}");
    e.send("position startpos");
    e.send("d");
    let legal = e.until("legal").pop().unwrap();
    assert_eq!(legal, "legal 1 2 3ccw 3cw 4 5");
    e.send("position startpos moves 3");
    let error = e.until("error").pop().unwrap();
    assert!(error.contains("pit 3 may be sown either way"), "{error}");
    e.send("go depth 5");
    let best = e.until("bestmove").pop().unwrap();
    let mv = best.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == mv), "{best} not in {legal}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// Qelat through the protocol: StoneShark's first seven moves make South's
/// walda at North's pit 6 (`x`), which North can no longer sow, and a
/// legal `bestmove`.
#[test]
fn qelat_in_the_protocol() {
    let mut e = Engine::start(&[]);
    e.send("variant qelat");
    e.send("position startpos moves 5 6 1 3 2 4 6");
    e.send("d");
    let lines = e.until("legal");
    assert!(lines.iter().any(|l| l == "position 2,1,7,7,1,0:4/7,8,2,1,8,x:0/N"), "{lines:?}");
    let legal = lines.last().unwrap().clone();
    assert_eq!(legal, "legal 1 2 3 4 5");
    e.send("go depth 6");
    let best = e.until("bestmove").pop().unwrap();
    let mv = best.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == mv), "{best} not in {legal}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// O An Quan through the protocol: `1cw` takes the end pit after North's
/// row (`|0*` in the position), a position string with end pits is read
/// back and played on, a pit without its direction is refused, and a legal
/// `bestmove`.
#[test]
fn o_an_quan_in_the_protocol() {
    let mut e = Engine::start(&[]);
    e.send("variant o-an-quan");
    e.send("position startpos moves 1cw");
    e.send("d");
    let lines = e.until("legal");
    assert!(lines.iter().any(|l| l == "position 0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "moves 1cw"), "{lines:?}");
    let legal = lines.last().unwrap().clone();
    assert_eq!(legal, "legal 2ccw 2cw 3ccw 3cw 4ccw 4cw 5ccw 5cw");
    e.send("position 0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N moves 2ccw");
    e.send("d");
    let lines = e.until("legal");
    assert!(lines.iter().any(|l| l == "start 0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N"), "{lines:?}");
    // North's pit 2 sown on twice, a seed into the taken end pit (`2*`, still
    // taken), its last pile ending before the end pit after South's row.
    assert!(lines.iter().any(|l| l == "position 2,8,1,8,8|12:11/1,1,8,0,8|2*:0/S"), "{lines:?}");
    e.send("position startpos moves 1cw 3");
    let error = e.until("error").pop().unwrap();
    assert!(error.contains("pit 3 may be sown either way"), "{error}");
    e.send("position startpos moves 1cw");
    e.send("go depth 6");
    let best = e.until("bestmove").pop().unwrap();
    let mv = best.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == mv), "{best} not in {legal}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// Kiuthi through the protocol: two moves a pit, a pile sown back the other
/// way, and a legal `bestmove`.
#[test]
fn kiuthi_in_the_protocol() {
    let mut e = Engine::start(&[]);
    e.send("variant kiuthi");
    e.send("position startpos moves 2ccw");
    e.send("d");
    let lines = e.until("legal");
    assert!(lines.iter().any(|l| l == "position 0,2,9,9,9,9:0/9,1,6,6,6,6:0/N"), "{lines:?}");
    let legal = lines.last().unwrap().clone();
    assert_eq!(legal, "legal 1ccw 1cw 3ccw 3cw 4ccw 4cw 5ccw 5cw 6ccw 6cw");
    e.send("go depth 4");
    let best = e.until("bestmove").pop().unwrap();
    let mv = best.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == mv), "{best} not in {legal}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// Tsoro with bonus takes through the protocol: North's capture leaves two
/// takes due (`+take2`), `d` lists them, `bestmove` is one of them, and
/// a sowing while a take is due is refused.
#[test]
fn tsoro_bonus_in_the_protocol() {
    let mut e = Engine::start(&[]);
    e.send("variant tsoro-bonus");
    e.send("position startpos moves 1 3 5 4");
    e.send("d");
    let lines = e.until("legal");
    let due =
        "position 0,3,0,3,0,1,4,0,2,1,1,0,0,0,0,0:0/2,2,0,0,1,4,0,1,2,2,0,1,1,0,0,0:1/N+take2";
    assert!(lines.iter().any(|l| l == due), "{lines:?}");
    let legal = lines.last().unwrap().clone();
    assert_eq!(legal, "legal t2 t4 t6 t7 t9 t10 t11");
    e.send("go depth 4");
    let best = e.until("bestmove").pop().unwrap();
    let mv = best.strip_prefix("bestmove ").unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == mv), "{best} not in {legal}");
    e.send("position startpos moves 1 3 5 4 t4 t7");
    e.send("d");
    let lines = e.until("legal");
    let after = "position 0,3,0,0,0,1,0,0,2,1,1,0,0,0,0,0:0/2,2,0,0,1,4,0,1,2,2,0,1,1,0,0,0:8/S";
    assert!(lines.iter().any(|l| l == after), "{lines:?}");
    e.send("position startpos moves 1 3 5 4 4");
    let error = e.until("error").pop().unwrap();
    assert!(error.contains("2 bonus takes are due"), "{error}");
    e.send("quit");
    let (_, code) = e.close_and_wait();
    assert_eq!(code, Some(0));
}

/// `position` with a wide board's position string: taken while a variant
/// of the wide board is in play (hus-12, oware at 40 seeds a pit), with
/// moves after it, and `go` answers from it; refused while a compact
/// variant is in play, naming that variant and how to choose another;
/// a refused `position` leaves the position as it was.
#[test]
fn a_wide_boards_position_string() {
    let home = common::Sandbox::new();
    let state = |args: &[&str]| -> String {
        let out = home.mancala().arg("state").args(args).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["position"].as_str().unwrap().to_string()
    };
    let hus_start = state(&["-v", "hus-12"]);
    let hus_played = state(&["-v", "hus-12", "-m", "7 14"]);
    let oware_played = state(&["-v", "oware", "-s", "40", "-m", "1"]);
    let mut e = Engine::start(&[]);
    assert!(e.ask("variant hus-12").is_empty());
    assert!(e.ask(&format!("position {hus_start} moves 7 14")).is_empty());
    e.send("d");
    let shown = e.until("legal");
    assert!(shown.contains(&format!("position {hus_played}")), "{shown:?}");
    assert!(shown.contains(&"moves 7 14".to_string()), "{shown:?}");
    assert!(e.ask(&format!("position {hus_played}")).is_empty());
    e.send("go depth 2");
    let best = e.until("bestmove").pop().unwrap();
    let legal = shown.last().unwrap().split_whitespace().skip(1).collect::<Vec<_>>();
    assert!(legal.contains(&best.trim_start_matches("bestmove ")), "{best} not in {legal:?}");
    // A compact board's string on the wide board: its size is named.
    let got = e.ask("position 4,4,4,4,4,4:0/4,4,4,4,4,4:0/S");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].ends_with("the position has 6 pits per side but this hus-12 board has 24"));

    // Oware at 40 seeds a pit: 480 seeds, six pits a side.
    assert!(e.ask("variant oware seeds 40").is_empty());
    assert!(e.ask(&format!("position {oware_played}")).is_empty());
    let got = e.ask("position 4,4,4,4,4,4:0/4,4,4,4,4,4:0/S");
    assert!(got[0].contains("the position holds 48 seeds but a game of oware"), "{got:?}");

    // The compact variant in play refuses the wide board's strings, and
    // its position stays as it was.
    assert!(e.ask("variant kalah").is_empty());
    assert!(e.ask("position startpos moves 3").is_empty());
    for (position, board) in
        [(&hus_played, "24 pits a side, 72 seeds"), (&oware_played, "6 pits a side, 480 seeds")]
    {
        let got = e.ask(&format!("position {position}"));
        assert_eq!(got.len(), 1, "{got:?}");
        let expected = format!(
            "error position {position}: a position of the wide board ({board}), but the \
             variant in play, kalah, is 2 rows of 6 pits with 48 seeds, on the compact layout"
        );
        assert!(got[0].starts_with(&expected), "{got:?}");
        assert!(
            got[0].ends_with(
                "`variant NAME [pits N] [seeds N]` or `variantfile PATH` chooses another variant"
            ),
            "{got:?}"
        );
    }
    e.send("d");
    let shown = e.until("legal");
    assert!(shown.contains(&"moves 3".to_string()), "{shown:?}");
}
