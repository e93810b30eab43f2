//! `mancala engine --dialect uci` driven over its standard input as a
//! program written for Aalina would drive it (docs/protocol.md): the
//! handshake, searches by depth, time, clocks and `infinite` + `stop`,
//! each ending in a legal `bestmove` after `info` lines that the dialect's
//! parser reads; bad lines get an `info string error` and change nothing.

mod common;

use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use mancala_core::Variant;
use mancala_engine::uci::{letter_move, parse_letters, replay_letters, Score, UciInfo, UciReply};

use common::engine_process::EngineProcess;

/// `mancala engine --dialect uci --hash 16 ARGS`.
fn start(args: &[&str]) -> EngineProcess {
    let mut all = vec!["--dialect", "uci", "--hash", "16"];
    all.extend_from_slice(args);
    EngineProcess::start(&all)
}

fn abapa() -> Variant {
    Variant::preset("abapa").unwrap()
}

/// Checks a search's answer after `moves`: every line is the dialect's,
/// every `info` has a score in multiples of 25 and a legal pv, and the
/// `bestmove` (and its `ponder`) is legal. Returns the infos.
fn check_search(moves: &str, lines: &[String]) -> Vec<UciInfo> {
    let v = abapa();
    let game = replay_letters(&v, &parse_letters(moves).unwrap()).unwrap();
    let pos = *game.position();
    let mut infos = Vec::new();
    for line in lines {
        match line.parse::<UciReply>() {
            Ok(UciReply::Info(info)) => {
                assert!(matches!(info.score, Some(Score::Cp(s)) if s % 25 == 0), "{line}");
                let mut after = game.clone();
                for &l in &info.pv {
                    let mv = letter_move(&v, after.position(), l)
                        .unwrap_or_else(|e| panic!("{line}: {e}"));
                    after.play(mv).unwrap();
                }
                infos.push(info);
            }
            Ok(UciReply::InfoString(_)) => {}
            Ok(UciReply::BestMove { best, ponder }) => {
                let best = best.unwrap_or_else(|| panic!("{line}"));
                let mv = letter_move(&v, &pos, best).unwrap_or_else(|e| panic!("{line}: {e}"));
                if let Some(p) = ponder {
                    let (next, _) = pos.play(&v, mv).unwrap();
                    letter_move(&v, &next, p).unwrap_or_else(|e| panic!("{line}: {e}"));
                }
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    infos
}

#[test]
fn the_handshake_and_searches_by_depth_time_clocks_and_infinite() {
    let mut e = start(&[]);
    e.send("uci");
    let hello = e.until("uciok");
    for line in &hello {
        assert!(line.parse::<UciReply>().is_ok(), "{line}");
    }
    assert!(hello[0].starts_with("id name mancala "), "{hello:?}");
    assert!(hello.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
    e.send("setoption name OwnBook value false");
    e.send("setoption name Threads value 1");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);

    e.send("ucinewgame");
    e.send("position startpos moves AcBd");
    e.send("go depth 5");
    let infos = check_search("AcBd", &e.until("bestmove"));
    assert_eq!(infos.iter().filter_map(|i| i.depth).max(), Some(5), "{infos:?}");
    let last = infos.last().unwrap();
    assert_eq!(last.pv.len(), 5);
    assert!(last.nodes.is_some() && last.time.is_some());

    // North to move, with the clocks of both sides.
    e.send("position startpos moves AcBdE");
    e.send("go wtime 3000 btime 3000 winc 10 binc 10");
    check_search("AcBdE", &e.until("bestmove"));

    e.send("position startpos moves A");
    e.send("go movetime 100");
    check_search("A", &e.until("bestmove"));

    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    check_search("A", &e.until("bestmove"));

    e.send("quit");
    let (_, status) = e.close_and_wait();
    assert_eq!(status, Some(0));
}

#[test]
fn the_book_answers_at_the_start_with_a_letter() {
    let mut e = start(&[]);
    e.send("position startpos");
    e.send("go movetime 200");
    let lines = e.until("bestmove");
    check_search("", &lines);
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(lines[0].starts_with(&format!("info string book move {best} (")), "{lines:?}");
}

#[test]
fn bad_lines_get_an_info_string_error_and_the_engine_goes_on() {
    let mut e = start(&[]);
    let cases: &[(&[u8], &str)] = &[
        (b"flip\n", "info string error unknown command \"flip\""),
        (
            b"position startpos moves AA\n",
            "info string error position: move #2 (A): A is south's pit 1, but north is to move",
        ),
        (
            b"position startpos moves AG\n",
            "info string error position: move #2 (\"G\") is not a move",
        ),
        (b"position fen x\n", "info string error position \"fen\": only startpos"),
        (b"go mate 3\n", "info string error go: unknown limit \"mate\""),
        (b"go movetime 0\n", "info string error go: movetime must be at least 1"),
        (b"go btime 100\n", "info string error go: south is to move but wtime is not given"),
        (b"setoption name Hash value lots\n", "info string error hash:"),
        (
            b"setoption name Style value wild\n",
            "info string error setoption: unknown option \"Style\"",
        ),
        (b"\xff\xfe\n", "info string error the line is not UTF-8 text"),
    ];
    for (bytes, expected) in cases {
        e.send_bytes(bytes);
        let line = e.until("info string");
        assert_eq!(line.len(), 1, "{line:?}");
        assert!(line[0].starts_with(expected), "{:?}: {line:?}", String::from_utf8_lossy(bytes));
    }
    // Nothing changed: the engine answers, from the start.
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("go depth 2");
    check_search("", &e.until("bestmove"));
}

#[test]
fn the_end_of_input_lets_a_search_finish() {
    let mut e = start(&[]);
    e.send("position startpos moves Ad");
    e.send("go depth 4");
    let (lines, status) = e.close_and_wait();
    check_search("Ad", &lines);
    assert_eq!(status, Some(0));
}

#[test]
fn variants_the_dialect_cannot_write_are_refused() {
    let home = common::Sandbox::new();
    for (args, expected) in
        [(&["-v", "kalah"][..], "pie rule"), (&["-v", "oware", "-p", "5"][..], "5 pits a side")]
    {
        let out = home
            .mancala()
            .args(["engine", "--dialect", "uci"])
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("--dialect uci cannot play this variant") && err.contains(expected));
    }
    // The dialect's letters are refused by the default protocol.
    let out = home
        .mancala()
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"uci\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("error unknown command \"uci\""));
}
