//! `mancala play` on the wide board (Hus on four rows of 12,
//! `crates/core/variants/hus-12.toml`, and Oware past 255 seeds) driven
//! through a pseudo-terminal: set up from the command line or at the set-up
//! questions, moves against the computer, the board it prints, save and
//! resume.
#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::Command;

use rexpect::session::{spawn_with_options, Options, PtySession};

const TIMEOUT_MS: u64 = 60_000;

const HUS_12: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/variants/hus-12.toml");

const MOVE_PROMPT: &str = r"South, choose a pit to sow \(([0-9, -]+)\): ";

fn play(dir: &Path, args: &[&str]) -> PtySession {
    let mut cmd: Command = common::mancala_in(dir);
    cmd.arg("play")
        .args(args)
        .env("MANCALA_AUTOSAVE", dir.join("autosave.game"))
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env("COLUMNS", "120");
    spawn_with_options(cmd, Options::new().timeout_ms(Some(TIMEOUT_MS)))
        .expect("start mancala play in a pty")
}

fn hus_12(dir: &Path, seeds: &str) -> PtySession {
    play(
        dir,
        &[
            "--variant-file",
            HUS_12,
            "-p",
            "12",
            "-s",
            seeds,
            "--south",
            "human",
            "--north",
            "computer:1",
            "--seed",
            "5",
            "--delay",
            "0",
        ],
    )
}

/// The first pit of a list such as `1-5, 7, 13-18`.
fn first_pit(list: &str) -> String {
    list.split([',', '-']).next().unwrap().trim().to_string()
}

/// The counts of the last board in `shown`: its four rows of pits, top to
/// bottom, each left to right.
fn last_board(shown: &str) -> Vec<Vec<u32>> {
    let rows: Vec<Vec<u32>> = shown
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('|'))
        .map(|l| {
            l.split('|')
                .skip(1)
                .filter_map(|c| c.trim().trim_matches(['[', ']']).trim().parse().ok())
                .collect()
        })
        .collect();
    assert!(rows.len() >= 4, "{shown}");
    rows[rows.len() - 4..].to_vec()
}

/// Plays `moves` moves as South (the first pit offered each time),
/// returning everything shown up to the last move question.
fn play_moves(p: &mut PtySession, moves: usize) -> String {
    let mut shown = String::new();
    for _ in 0..moves {
        let (before, found) = p.exp_regex(MOVE_PROMPT).expect("South's move question");
        shown.push_str(&before);
        shown.push_str(&found);
        let list = found.rsplit_once('(').unwrap().1.trim_end_matches("): ");
        p.send_line(&first_pit(list)).unwrap();
    }
    let (before, found) = p.exp_regex(MOVE_PROMPT).expect("South's move question");
    shown.push_str(&before);
    shown.push_str(&found);
    shown
}

#[test]
fn hus_on_four_rows_of_12_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = hus_12(dir.path(), "2");
    p.exp_string("hus-12: 4 rows of 12 pits, two rows a side, 2 seeds in each").unwrap();
    // The start: the left six pits of each inner row empty, the columns
    // lined up, South's pit numbers under its rows.
    let border = format!("     +{}", "-----+".repeat(12));
    p.exp_string(&border).unwrap();
    p.exp_string(&format!("     |{}|  North's outer row", ["   2 "; 12].join("|"))).unwrap();
    let inner: Vec<&str> = ["   2 "; 6].into_iter().chain(["   0 "; 6]).collect();
    p.exp_string(&format!("     |{}|  North's inner row", inner.join("|"))).unwrap();
    let inner: Vec<&str> = ["   0 "; 6].into_iter().chain(["   2 "; 6]).collect();
    p.exp_string(&format!("     |{}|  South's inner row", inner.join("|"))).unwrap();
    p.exp_string(&format!("     |{}|  South's outer row", ["   2 "; 12].join("|"))).unwrap();
    p.exp_string("        24    23    22    21    20    19    18    17    16    15    14    13")
        .unwrap();
    p.exp_string("         1     2     3     4     5     6     7     8     9    10    11    12")
        .unwrap();
    p.exp_string("choose a pit to sow (1-18)").unwrap();
    p.send_line("hint").unwrap();
    p.exp_regex(r"Hint: sow pit \d+\.").unwrap();
    p.send_line("13").unwrap();
    p.exp_string("South sowed 2 seeds from pit 13").unwrap();
    p.exp_string("North (computer) sowed").unwrap();
    let shown = play_moves(&mut p, 3);
    assert!(shown.contains("North (computer) sowed"), "{shown}");
    let board = last_board(&shown);
    assert!(board.iter().all(|row| row.len() == 12), "{shown}");
    assert_eq!(board.iter().flatten().sum::<u32>(), 72, "{shown}");
    p.send_line("undo").unwrap();
    p.exp_regex("Took back").unwrap();
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("save wide.game").unwrap();
    p.exp_string("Saved the game to wide.game").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    let saved = std::fs::read_to_string(dir.path().join("wide.game")).unwrap();
    assert!(saved.starts_with("[Game \"mancala\"]\n[Variant \"hus-12\"]\n"), "{saved}");
    // hus-12 is a built-in variant: the record names it, no rules text.
    assert!(!saved.contains("[Rules"), "{saved}");

    // The saved game goes on, in the wide layout.
    let mut p = play(dir.path(), &["--load", "wide.game", "--delay", "0"]);
    p.exp_regex(r"Going on after \d+ moves\.").unwrap();
    let shown = play_moves(&mut p, 1);
    assert_eq!(last_board(&shown).iter().flatten().sum::<u32>(), 72, "{shown}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn hus_at_8_seeds_a_pit_holds_288_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = hus_12(dir.path(), "8");
    p.exp_string("hus-12: 4 rows of 12 pits, two rows a side, 8 seeds in each").unwrap();
    p.exp_string(&format!("     |{}|  North's outer row", ["   8 "; 12].join("|"))).unwrap();
    let shown = play_moves(&mut p, 4);
    let board = last_board(&shown);
    assert!(board.iter().all(|row| row.len() == 12), "{shown}");
    // Hus stores nothing: every seed stays on the board.
    assert_eq!(board.iter().flatten().sum::<u32>(), 288, "{shown}");
    assert!(board.iter().flatten().any(|&c| c >= 10), "two-digit counts: {shown}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Answers the set-up question that `p` asks next (`question`) with
/// `answer`.
fn answer(p: &mut PtySession, question: &str, answer: &str) {
    p.exp_string(question).unwrap();
    p.send_line(answer).unwrap();
}

/// `mancala play` without options, answered hus-12 at 8 seeds a pit (288
/// seeds, a wide board): the game goes on the wide board; moves, undo,
/// save, Ctrl-C, `--resume`, and `--load` of the game saved.
#[test]
fn the_set_up_questions_play_hus_12_at_288_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(dir.path(), &["--seed", "5", "--delay", "0"]);
    answer(&mut p, "Variant (name or number) [kalah]: ", "hus-12");
    answer(&mut p, "Pits in each row (2-12) [12]: ", "");
    answer(&mut p, "Seeds per pit (2-10) [2]: ", "8");
    answer(&mut p, "Who plays Player 1 (South), the lower two rows?", "human");
    answer(&mut p, "Who plays Player 2 (North), the upper two rows?", "computer:1");
    p.exp_string("hus-12: 4 rows of 12 pits, two rows a side, 8 seeds in each").unwrap();
    p.exp_string(&format!("     |{}|  North's outer row", ["   8 "; 12].join("|"))).unwrap();
    let shown = play_moves(&mut p, 3);
    assert!(shown.contains("North (computer) sowed"), "{shown}");
    let board = last_board(&shown);
    assert!(board.iter().all(|row| row.len() == 12), "{shown}");
    assert_eq!(board.iter().flatten().sum::<u32>(), 288, "{shown}");
    p.send_line("undo").unwrap();
    p.exp_string("Took back 2 moves; South to move.").unwrap();
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("save set-up.game").unwrap();
    p.exp_string("Saved the game to set-up.game").unwrap();
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_control('c').unwrap();
    p.exp_string("Interrupted: the game is saved to").unwrap();
    p.exp_eof().unwrap();
    let saved = std::fs::read_to_string(dir.path().join("autosave.game")).unwrap();
    assert!(saved.contains("[Variant \"hus-12\"]\n"), "{saved}");
    assert!(saved.contains("[SeedsPerPit \"8\"]\n"), "{saved}");

    // The interrupted game goes on in the wide layout.
    let mut p = play(dir.path(), &["--resume", "--delay", "0"]);
    p.exp_string("Going on after 4 moves.").unwrap();
    let shown = play_moves(&mut p, 1);
    assert_eq!(last_board(&shown).iter().flatten().sum::<u32>(), 288, "{shown}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    let mut p = play(dir.path(), &["--load", "set-up.game", "--delay", "0"]);
    p.exp_string("Going on after 4 moves.").unwrap();
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Oware at 40 seeds a pit (480 seeds) answered at the set-up questions:
/// played on the wide board; then `load` of a game of the compact layout
/// goes on with it.
#[test]
fn the_set_up_questions_play_oware_past_255_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(dir.path(), &["--seed", "5", "--delay", "0"]);
    answer(&mut p, "Variant (name or number) [kalah]: ", "oware");
    answer(&mut p, "Pits in each row (1-16) [6]: ", "");
    answer(&mut p, "Seeds per pit (1-127) [4]: ", "40");
    answer(&mut p, "Who plays Player 1 (South), the lower row?", "human");
    answer(&mut p, "Who plays Player 2 (North), the upper row?", "computer:1");
    p.exp_string("oware: 6 pits a side, 40 seeds in each").unwrap();
    p.exp_string("South, choose a pit to sow (1-6): ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("South sowed 40 seeds from pit 1.").unwrap();
    p.exp_string("North (computer) sowed").unwrap();
    p.exp_string("South, choose a pit to sow").unwrap();
    p.send_line("save oware.game").unwrap();
    p.exp_string("Saved the game to oware.game").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    // A game of kalah (the compact layout) loads a game of 480 seeds and
    // goes on with it.
    let mut p = play(
        dir.path(),
        &["-v", "kalah", "-p", "4", "-s", "3", "--south", "human", "--north", "human"],
    );
    p.exp_string("South, choose a pit to sow (1-4): ").unwrap();
    p.send_line("load oware.game").unwrap();
    p.exp_string("Loaded oware.game.").unwrap();
    p.exp_string("oware: 6 pits a side, 40 seeds in each").unwrap();
    p.exp_string("Going on after 2 moves.").unwrap();
    p.exp_string("South, choose a pit to sow").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
