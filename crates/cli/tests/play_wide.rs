//! `mancala play` on the wide board (Hus on four rows of 12,
//! `crates/core/variants/hus-12.toml`) driven through a pseudo-terminal:
//! moves against the computer, the board it prints, save and resume.
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
