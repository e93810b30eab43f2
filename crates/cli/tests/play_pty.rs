//! `mancala play` driven through a pseudo-terminal, as a person would use
//! it: whole games, bad input, save, quit, Ctrl-D, Ctrl-C and resume.
#![cfg(unix)]

mod common;

use std::io::Write;
use std::os::unix::fs::FileTypeExt as _;
use std::path::Path;
use std::process::Command;

use rexpect::session::{spawn_with_options, Options, PtySession};

const TIMEOUT_MS: u64 = 30_000;

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = common::mancala_in(dir);
    cmd.arg("play")
        .args(args)
        .env("MANCALA_AUTOSAVE", dir.join("autosave.game"))
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    cmd
}

fn spawn(cmd: Command) -> PtySession {
    spawn_with_options(cmd, Options::new().timeout_ms(Some(TIMEOUT_MS)))
        .expect("start mancala play in a pty")
}

fn play(dir: &Path, args: &[&str]) -> PtySession {
    spawn(command(dir, args))
}

/// Reads `1, 3-6` back into pit numbers.
fn parse_pits(list: &str) -> Vec<usize> {
    let mut pits = Vec::new();
    for part in list.split(", ") {
        match part.split_once('-') {
            Some((a, b)) => pits.extend(a.parse::<usize>().unwrap()..=b.parse().unwrap()),
            None => pits.push(part.parse().unwrap()),
        }
    }
    pits
}

const MOVE_PROMPT: &str = r"(South|North), choose a pit to sow \(([0-9, -]+)\): ";
const SWAP_PROMPT: &str = r"(South|North), steal (South|North)'s first move\? \(y/n\): ";

/// Answers every question until the game ends: each move question with
/// `pick(pits)`, the swap question with `steal`. Returns everything shown.
fn play_to_the_end(
    p: &mut PtySession,
    mut pick: impl FnMut(&[usize]) -> usize,
    steal: &str,
) -> String {
    let mut shown = String::new();
    let any = format!("{MOVE_PROMPT}|{SWAP_PROMPT}|Game over");
    for _ in 0..500 {
        let (before, found) = p.exp_regex(&any).expect("a question or the end");
        shown.push_str(&before);
        shown.push_str(&found);
        if found == "Game over" {
            shown.push_str(&p.exp_eof().expect("the program ends"));
            return shown;
        }
        if found.contains("steal") {
            p.send_line(steal).unwrap();
        } else {
            let list = found.rsplit_once('(').unwrap().1.trim_end_matches("): ");
            let pits = parse_pits(list);
            p.send_line(&pick(&pits).to_string()).unwrap();
        }
    }
    panic!("the game did not end:\n{shown}");
}

#[test]
fn human_against_human_with_the_pie_rule() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(
        dir.path(),
        &[
            "--variant",
            "kalah",
            "--pits-per-side",
            "4",
            "--seeds",
            "3",
            "--south",
            "human",
            "--north",
            "human",
        ],
    );
    p.exp_string("Pie rule: after South's first move, North may steal it.").unwrap();
    p.exp_string("South, choose a pit to sow (1-4): ").unwrap();
    p.send_line("2").unwrap();
    p.exp_string("South sowed 3 seeds from pit 2.").unwrap();
    p.exp_string("North, steal South's first move? (y/n): ").unwrap();
    p.send_line("y").unwrap();
    p.exp_string("North steals the first move (pie rule)").unwrap();
    // The board turned round: the emptied pit is now North's pit 2, and
    // it is marked as the last move.
    p.exp_string("|     |   4 |   4 |[  0]|   3 |     |").unwrap();
    // Alternate the first and the last legal pit.
    let mut flip = false;
    let shown = play_to_the_end(
        &mut p,
        |pits| {
            flip = !flip;
            if flip {
                pits[0]
            } else {
                *pits.last().unwrap()
            }
        },
        "y",
    );
    assert!(shown.contains("Final score: South "), "{shown}");
    assert!(shown.contains(" wins by ") || shown.contains("draw"), "{shown}");
    // The game ended normally: nothing to resume.
    assert!(!dir.path().join("autosave.game").exists());
}

#[test]
fn human_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(
        dir.path(),
        &[
            "-v",
            "kalah",
            "-p",
            "6",
            "-s",
            "4",
            "--south",
            "human",
            "--north",
            "computer:2",
            "--seed",
            "5",
        ],
    );
    p.exp_string("Player 2 (North), computer, level 2: the upper row").unwrap();
    p.exp_string("choose a pit").unwrap();
    p.send_line("hint").unwrap();
    p.exp_regex(r"Hint: sow pit \d\.").unwrap();
    p.send_line("1").unwrap();
    // The computer decides the pie rule itself; either way the game goes on.
    p.exp_regex("North \\(computer\\) (steals the first move|lets the first move stand)").unwrap();
    let shown = play_to_the_end(&mut p, |pits| *pits.last().unwrap(), "n");
    assert!(shown.contains("North (computer) sowed"), "{shown}");
    assert!(shown.contains("Final score"), "{shown}");
}

#[test]
fn interactive_set_up_with_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(dir.path(), &[]);
    p.exp_string("Variant (name or number) [kalah]: ").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Pits in each row (1-10) [6]: ").unwrap();
    p.send_line("11").unwrap();
    p.exp_string("Enter the number of pits in one row, from 1 to 10.").unwrap();
    p.exp_string("Pits in each row (1-10) [6]: ").unwrap();
    p.send_line("4").unwrap();
    p.exp_string("Seeds per pit (1-12) [4]: ").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Who plays Player 1 (South), the lower row? human or computer [human]: ").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Who plays Player 2 (North), the upper row? human or computer [computer]: ")
        .unwrap();
    p.send_line("").unwrap();
    p.exp_string("Level of the computer for North, 1 (easiest) to 10 (strongest) [5]: ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("kalah: 4 pits a side, 4 seeds in each at the start.").unwrap();
    p.exp_string("North: computer, level 1, store on the left").unwrap();
    p.exp_string("|     |   4 |   4 |   4 |   4 |     |").unwrap();
    p.exp_string("|   0 +-----+-----+-----+-----+   0 |").unwrap();
    p.exp_string("1     2     3     4").unwrap();
    p.exp_string("South: human, store on the right  <- to move").unwrap();
    p.exp_string("South, choose a pit to sow (1-4): ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("You left the game: the game is saved to").unwrap();
    p.exp_eof().unwrap();
}

/// Sends raw bytes, which need not be UTF-8.
fn send_bytes(p: &mut PtySession, bytes: &[u8]) {
    let mut f = p.process().get_file_handle().unwrap();
    f.write_all(bytes).unwrap();
    f.flush().unwrap();
}

#[test]
fn bad_input_gets_a_message_and_the_same_question() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(
        dir.path(),
        &["-v", "kalah", "-p", "6", "-s", "4", "--south", "human", "--north", "human"],
    );
    let prompt1 = "South, choose a pit to sow (1-6): ";
    p.exp_string(prompt1).unwrap();
    let cases: &[(&str, &str)] = &[
        ("abc", "Unknown command \"abc\". Enter a pit number (1-6), or one of: help"),
        ("7", "Pit 7 does not exist: pits are numbered 1 to 6."),
        ("0", "Pit 0 does not exist"),
        ("-3", "Not a move: \"-3\". Enter a pit number (1-6), or one of: help"),
        ("2.5", "Not a move: \"2.5\"."),
        ("", "Please enter a pit number, or help for the commands."),
        ("   ", "Please enter a pit number"),
        ("swap", "Swap is only allowed as North's answer to South's first move (pie rule). You can sow: 1-6."),
        ("save", "Save where?"),
        ("load", "Load what?"),
        ("load no-such-file", "Cannot open no-such-file"),
    ];
    for (line, message) in cases {
        p.send_line(line).unwrap();
        p.exp_string(message).unwrap();
        p.exp_string(prompt1).unwrap();
    }
    let long = "9".repeat(1000);
    p.send_line(&long).unwrap();
    p.exp_string("That line is too long (more than 200 bytes); please answer again.").unwrap();
    p.exp_string(prompt1).unwrap();
    send_bytes(&mut p, b"\xff\xfe3\n");
    p.exp_string("That line is not readable text (not UTF-8); please answer again.").unwrap();
    p.exp_string(prompt1).unwrap();
    p.send_line("help").unwrap();
    p.exp_string("Commands:").unwrap();
    p.exp_string(prompt1).unwrap();

    p.send_line("3").unwrap();
    let swap = "North, steal South's first move? (y/n): ";
    p.exp_string(swap).unwrap();
    for line in ["", "maybe", "4"] {
        p.send_line(line).unwrap();
        p.exp_string("Please answer y").unwrap();
        p.exp_string(swap).unwrap();
    }
    p.send_line("n").unwrap();
    p.exp_string("North lets the first move stand.").unwrap();
    p.exp_string("North, choose a pit to sow (1-6): ").unwrap();
    p.send_line("1").unwrap();
    p.exp_string("North sowed 4 seeds from pit 1.").unwrap();
    // South's pit 3 was emptied by the first move.
    p.exp_string(prompt1.replace("1-6", "1, 2, 4-6").as_str()).unwrap();
    p.send_line("3").unwrap();
    p.exp_string("Pit 3 is empty. You can sow: 1, 2, 4-6.").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("Took back 1 move; North to move.").unwrap();
    p.exp_string("North, steal South's first move? (y/n): ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("the game is saved to").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn save_end_of_input_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join("autosave.game");
    let mut p = play(
        dir.path(),
        &[
            "-v",
            "kalah",
            "-p",
            "6",
            "-s",
            "4",
            "--south",
            "human",
            "--north",
            "computer:1",
            "--seed",
            "3",
        ],
    );
    p.exp_string("choose a pit").unwrap();
    p.send_line("6").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("save mine.game").unwrap();
    p.exp_string("Saved the game to mine.game").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    // Ctrl-D: end of input saves the game.
    p.send_control('d').unwrap();
    p.exp_string("End of input: the game is saved to").unwrap();
    p.exp_eof().unwrap();
    let saved = std::fs::read_to_string(&autosave).unwrap();
    assert!(saved.starts_with("[Game \"mancala\"]\n[Variant \"kalah\"]\n"), "{saved}");
    assert!(saved.contains("[North \"computer:1\"]"), "{saved}");
    assert_eq!(saved, std::fs::read_to_string(dir.path().join("mine.game")).unwrap());

    let mut p = play(dir.path(), &["--resume"]);
    p.exp_regex("Going on after \\d+ moves?\\.").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    // Quitting saved the same game again.
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), saved);

    let mut p = play(dir.path(), &["--load", "mine.game", "--north", "human"]);
    p.exp_string("Player 2 (North), human: ").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn ctrl_c_saves_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join("autosave.game");
    let mut p = play(
        dir.path(),
        &["-v", "kalah", "-p", "4", "-s", "3", "--south", "human", "--north", "human"],
    );
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("4").unwrap();
    p.exp_string("North, steal").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("Interrupted: the game is saved to").unwrap();
    p.exp_eof().unwrap();
    let saved = std::fs::read_to_string(&autosave).unwrap();
    assert!(saved.contains("[Position \"3,3,3,0:1/4,4,3,3:0/N+swap\"]"), "{saved}");
    assert!(saved.trim_end().ends_with("\n4"), "{saved}");
    // No temporary file is left beside it.
    let names: Vec<_> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, vec![std::ffi::OsString::from("autosave.game")]);

    let mut p = play(dir.path(), &["--resume"]);
    p.exp_string("Going on after 1 move.").unwrap();
    p.exp_string("North, steal South's first move? (y/n): ").unwrap();
    p.send_line("yes").unwrap();
    p.exp_string("North steals the first move").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("Interrupted: the game is saved to").unwrap();
    p.exp_eof().unwrap();
    let saved = std::fs::read_to_string(&autosave).unwrap();
    assert!(saved.trim_end().ends_with("\n4, swap"), "{saved}");
}

#[test]
fn bad_save_files_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = command(dir.path(), args).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).to_string())
    };
    let (code, err) = run(&["--resume"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("there is no unfinished game to resume"), "{err}");

    std::fs::write(dir.path().join("chess.pgn"), "[Event \"Casual\"]\n1. e4 e5\n").unwrap();
    let (code, err) = run(&["--load", "chess.pgn"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("chess.pgn: line 1: this is not a mancala game record"), "{err}");

    std::fs::write(
        dir.path().join("bad.game"),
        "[Game \"mancala\"]\n[Variant \"kalah\"]\n[South \"human\"]\n\n3, 9\n",
    )
    .unwrap();
    let (code, err) = run(&["--load", "bad.game"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("bad.game: line 5: move 2 (\"9\") cannot be played"), "{err}");

    std::fs::write(dir.path().join("autosave.game"), b"[Game \"mancala\"]\n\xff\n").unwrap();
    let (code, err) = run(&["--resume"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("line 2: this line is not UTF-8"), "{err}");

    // The same inside a game: a message, and the game goes on.
    let mut p = play(
        dir.path(),
        &["-v", "kalah", "-p", "3", "-s", "2", "--south", "human", "--north", "human"],
    );
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("load chess.pgn").unwrap();
    p.exp_string("chess.pgn: line 1: this is not a mancala game record").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn colours_only_on_a_terminal_without_no_color() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "kalah", "-p", "3", "-s", "2", "--south", "human", "--north", "human"];
    let mut cmd = command(dir.path(), &args);
    cmd.env_remove("NO_COLOR");
    let mut p = spawn(cmd);
    let before = p.exp_string("choose a pit").unwrap();
    assert!(before.contains("\x1b["), "no colour on a terminal: {before:?}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    let mut p = play(dir.path(), &args); // NO_COLOR=1
    let before = p.exp_string("choose a pit").unwrap();
    assert!(!before.contains('\x1b'), "colour despite NO_COLOR: {before:?}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    // Not a terminal: no colour either.
    let mut cmd = command(dir.path(), &args);
    cmd.env_remove("NO_COLOR")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("choose a pit") && !text.contains('\x1b'), "{text:?}");
}

fn exit_code(p: &mut PtySession) -> i32 {
    use rexpect::process::WaitStatus;
    match p.process().wait().unwrap() {
        WaitStatus::Exited(_, code) => code,
        other => panic!("the program did not exit by itself: {other:?}"),
    }
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

const HH: &[&str] = &["-v", "kalah", "-p", "4", "-s", "3", "--south", "human", "--north", "human"];

#[test]
fn signals_save_and_exit_with_their_status() {
    use rexpect::process::Signal;
    for (signal, why, code) in [
        (None, "Interrupted", 130),
        (Some(Signal::SIGTERM), "Stopped", 143),
        (Some(Signal::SIGHUP), "The terminal closed", 129),
    ] {
        let dir = tempfile::tempdir().unwrap();
        // A temporary file left by a save that died with its process.
        std::fs::write(dir.path().join("autosave.game.99999999.tmp"), "[Game \"mancala\"]\n[Va")
            .unwrap();
        let mut p = play(dir.path(), HH);
        p.exp_string("South, choose a pit").unwrap();
        p.send_line("2").unwrap();
        p.exp_string("North, steal").unwrap();
        match signal {
            None => p.send_control('c').unwrap(),
            Some(s) => p.process_mut().signal(s).unwrap(),
        }
        if signal != Some(Signal::SIGHUP) {
            p.exp_string(&format!("{why}: the game is saved to")).unwrap();
        }
        assert_eq!(exit_code(&mut p), code, "{why}");
        let saved = std::fs::read_to_string(dir.path().join("autosave.game")).unwrap();
        assert!(saved.trim_end().ends_with("\n2"), "{why}: {saved}");
        assert_eq!(files_in(dir.path()), vec!["autosave.game"], "{why}");
    }
}

#[test]
fn save_refuses_a_missing_folder_and_keeps_special_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("real.game"), "old").unwrap();
    std::os::unix::fs::symlink("real.game", dir.path().join("link.game")).unwrap();
    let mut p = play(dir.path(), HH);
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("save no/such/x.game").unwrap();
    p.exp_string("The folder no/such does not exist (create it first, or save somewhere else)")
        .unwrap();
    p.exp_string("South, choose a pit").unwrap();
    assert!(!dir.path().join("no").exists());
    p.send_line("save /dev/null").unwrap();
    p.exp_string("Not saved: /dev/null keeps nothing.").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("save link.game").unwrap();
    p.exp_string("Saved the game to link.game").unwrap();
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    let link = std::fs::symlink_metadata(dir.path().join("link.game")).unwrap();
    assert!(link.file_type().is_symlink());
    let real = std::fs::read_to_string(dir.path().join("real.game")).unwrap();
    assert!(real.starts_with("[Game \"mancala\"]"), "{real}");

    // /dev/null as the autosave: quitting saves nothing and says so.
    let mut cmd = command(dir.path(), HH);
    cmd.env("MANCALA_AUTOSAVE", "/dev/null");
    let mut p = spawn(cmd);
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("You left the game: the game is not saved (the autosave file is /dev/null).")
        .unwrap();
    p.exp_eof().unwrap();
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
}

#[test]
fn autosave_option_names_the_command_that_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = HH.to_vec();
    args.extend(["--autosave", "mine.game"]);
    let mut p = play(dir.path(), &args);
    p.exp_string("South, choose a pit").unwrap();
    p.send_line("3").unwrap();
    p.exp_string("North, steal").unwrap();
    p.send_line("quit").unwrap();
    // Run by its path, not found on PATH as `mancala`: the path is named.
    let resume = common::command_for("play --resume --autosave mine.game");
    p.exp_string(&format!("the game is saved to mine.game. {resume} goes on with it.")).unwrap();
    p.exp_eof().unwrap();
    // The command it names works.
    let mut p = play(dir.path(), &["--resume", "--autosave", "mine.game"]);
    p.exp_string("Going on after 1 move.").unwrap();
    p.exp_string("North, steal").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// `mancala play` in a terminal `columns` wide.
fn play_at_width(dir: &Path, columns: u16, args: &[&str]) -> PtySession {
    let play = command(dir, args);
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("stty cols {columns} rows 50 && exec \"$0\" \"$@\""))
        .arg(play.get_program())
        .args(play.get_args())
        .current_dir(dir);
    for (k, v) in play.get_envs() {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    spawn(cmd)
}

#[test]
fn the_board_and_text_fit_40_and_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "kalah", "-p", "6", "-s", "4", "--south", "human", "--north", "human"];

    let mut p = play_at_width(dir.path(), 40, &args);
    let shown = p.exp_string("South, choose a pit to sow (1-6): ").unwrap();
    for line in shown.lines() {
        let line = line.trim_end_matches('\r');
        assert!(line.chars().count() <= 40, "{line:?} is wider than 40 columns:\n{shown}");
    }
    // The compact board, and the rules wrapped between words.
    assert!(shown.contains("    |  4   4   4   4   4   4 |"), "{shown}");
    assert!(shown.contains("  0 |                        | 0"), "{shown}");
    assert!(shown.contains("Kalah with the pie rule and an early end\r\nat a majority"), "{shown}");
    // Short phrases stay on one line: a command and its argument, a
    // player and their number, the turn's marker.
    assert!(shown.contains("Player 1 (South)") && shown.contains("Player 2 (North)"), "{shown}");
    for line in shown.lines() {
        let line = line.trim_end_matches('\r').trim();
        assert!(
            !line.ends_with(" save") && !line.ends_with(" load") && !line.ends_with("<-"),
            "{line:?} breaks a phrase:\n{shown}"
        );
    }
    p.send_line("3").unwrap();
    let shown = p.exp_string("pie-rule game gets no").unwrap();
    assert!(shown.contains("South sowed 4 seeds from pit 3."), "{shown}");
    // The last move's pit in brackets, in its column.
    p.exp_string("    |  4   4 [ 0]  5   5   5 |").unwrap();
    p.exp_string("North, steal South's first move?").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    let mut p = play_at_width(dir.path(), 80, &args);
    let shown = p.exp_string("South, choose a pit to sow (1-6): ").unwrap();
    for line in shown.lines() {
        let line = line.trim_end_matches('\r');
        assert!(line.chars().count() <= 80, "{line:?} is wider than 80 columns:\n{shown}");
    }
    assert!(shown.contains("|     |   4 |   4 |   4 |   4 |   4 |   4 |     |"), "{shown}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Toguz Kumalak at the console: rows of nine, a tuzdyk claimed and drawn
/// `x`, and a whole game to its end. After South 4, North 4, South 7,
/// North 8, South 2, North's pit 1 sows twelve and its last makes South's
/// pit 3 hold three: North's tuzdyk.
#[test]
fn toguz_kumalak_claims_a_tuzdyk_and_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let args =
        ["-v", "toguz-kumalak", "-p", "9", "-s", "9", "--south", "human", "--north", "human"];
    let mut p = play(dir.path(), &args);
    // The kazans between the rows (`stores_drawn = "between"`): no store
    // at the row ends, so the pit numbers start four columns in.
    p.exp_string(
        "Player 1 (South), human: the lower row and the store on the right, between the rows.",
    )
    .unwrap();
    p.exp_string("|  0                                               0  |").unwrap();
    p.exp_string("\n    1     2     3     4     5     6     7     8     9").unwrap();
    for pit in ["4", "4", "7", "8", "2"] {
        p.exp_regex(MOVE_PROMPT).unwrap();
        p.send_line(pit).unwrap();
    }
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("1").unwrap();
    p.exp_string(
        "North sowed 12 seeds from pit 1. Captured 3 seeds: South's pit 3 is now \
         North's for the rest of the game (marked x), every seed that falls in it going to North's \
         store.",
    )
    .unwrap();
    // South's row, pit 3 marked.
    p.exp_string("|  12 |   2 |   x |   3 |  12 |").unwrap();
    let shown = play_to_the_end(&mut p, |pits| pits[0], "n");
    assert!(shown.contains("Final score: South "), "{shown}");
    assert!(!dir.path().join("autosave.game").exists());
}

/// Enkeshui at the console: the start of six pits of 4 and two empty, no
/// size asked (a start list fixes it), and two bulls made at once. After
/// South 1 and North 1 (both relays), South's pit 2 sows 7 seeds whose
/// last two make North's pit 1 hold 3 and South's pit 8 hold 4: a pair,
/// both South's bulls, drawn `x` in North's row and `o` in South's.
#[test]
fn enkeshui_makes_two_bulls_at_once_and_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "enkeshui", "--south", "human", "--north", "human"];
    let mut p = play(dir.path(), &args);
    p.exp_string(
        "8 pits a side, seeds from each player's left 4, 4, 4, 4, 4, 4, 0, 0 at the start.",
    )
    .unwrap();
    p.exp_string("|     |   4 |   4 |   4 |   4 |   4 |   4 |   0 |   0 |     |").unwrap();
    for pit in ["1", "1"] {
        p.exp_regex(MOVE_PROMPT).unwrap();
        p.send_line(pit).unwrap();
    }
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("2").unwrap();
    p.exp_string(
        "South sowed 7 seeds from pit 2. Captured 7 seeds: South's pit 8 (marked o) and \
         North's pit 1 (marked x) are now South's for the rest of the game, every seed that \
         falls in them going to South's store.",
    )
    .unwrap();
    p.exp_string("|     |   2 |   3 |   1 |   7 |   0 |   7 |   1 |   x |     |").unwrap();
    p.exp_string("|     |   2 |[  0]|   1 |   2 |   3 |   8 |   4 |   o |     |").unwrap();
    let shown = play_to_the_end(&mut p, |pits| pits[0], "n");
    assert!(shown.contains("Final score: South "), "{shown}");
}

/// Qelat at the console: StoneShark's game (test_gm_qelat.py, its North
/// our South) to its first walda. South 5, North 6, South 1, North 3,
/// South 2, North 4 (each pit sown the way its half of the row says), then
/// South's pit 6 sows six counter-clockwise and its last makes North's
/// pit 6, an end of the row, hold 4: South's walda, drawn `x` at the
/// row's end, and no longer a pit North can sow.
#[test]
fn qelat_makes_a_walda_at_the_row_end_and_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "qelat", "-p", "6", "-s", "4", "--south", "human", "--north", "human"];
    let mut p = play(dir.path(), &args);
    for pit in ["5", "6", "1", "3", "2", "4"] {
        p.exp_regex(MOVE_PROMPT).unwrap();
        p.send_line(pit).unwrap();
    }
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("6").unwrap();
    p.exp_string(
        "South sowed 6 seeds from pit 6. Captured 4 seeds: North's pit 6 (marked x) is now \
         South's for the rest of the game, every seed that falls in it going to South's store.",
    )
    .unwrap();
    p.exp_string("|     |   x |   8 |   1 |   2 |   8 |   7 |     |").unwrap();
    p.exp_string("|   0 +-----+-----+-----+-----+-----+-----+   4 |").unwrap();
    p.exp_string("|     |   2 |   1 |   7 |   7 |   1 |[  0]|     |").unwrap();
    p.exp_string("North, choose a pit to sow (1-5): ").unwrap();
    p.send_line("2").unwrap();
    let shown = play_to_the_end(&mut p, |pits| pits[0], "n");
    assert!(shown.contains("Final score: South "), "{shown}");
}

/// O An Quan at the console: the two end pits (mandarin squares) drawn at
/// the row ends where the stores stand otherwise, each pit asked for with
/// its direction. South's pit 1 sown clockwise takes the end pit after
/// North's row (11 seeds), drawn `0*` from then on; then each player sows
/// the first move listed until both end pits have been taken.
#[test]
fn o_an_quan_takes_an_end_pit_and_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "o-an-quan", "-p", "5", "-s", "5", "--south", "human", "--north", "human"];
    let mut p = play(dir.path(), &args);
    p.exp_string("|  10 +-----+-----+-----+-----+-----+  10 |").unwrap();
    p.exp_string(
        "South, choose a pit to sow (1ccw, 1cw, 2ccw, 2cw, 3ccw, 3cw, 4ccw, 4cw, 5ccw, 5cw): ",
    )
    .unwrap();
    p.send_line("1").unwrap();
    p.exp_string(
        "Pit 1 may be sown either way: say which, 1ccw (counter-clockwise) or 1cw (clockwise).",
    )
    .unwrap();
    p.send_line("1cw").unwrap();
    p.exp_string(
        "South sowed 5 seeds from pit 1 clockwise, then picked up and sowed on 1 more time \
         (relay). Captured 11 seeds.",
    )
    .unwrap();
    p.exp_string("|     |   6 |   6 |   6 |   6 |   0 |     |").unwrap();
    p.exp_string("|   0*+-----+-----+-----+-----+-----+  11 |").unwrap();
    p.exp_string("|     |[  0]|   6 |   6 |   6 |   6 |     |").unwrap();
    // The seeds taken are kept in hand (`stores_drawn = "hand"`).
    p.exp_string("South: human, in hand 11").unwrap();
    let prompt = r"(South|North), choose a pit to sow \(([0-9a-z, ]+)\): |Game over";
    let mut shown = String::new();
    for _ in 0..200 {
        let (before, found) = p.exp_regex(prompt).expect("a question or the end");
        shown.push_str(&before);
        if found == "Game over" {
            shown.push_str(&p.exp_eof().expect("the program ends"));
            break;
        }
        let first = found.rsplit_once('(').unwrap().1.split(", ").next().unwrap().to_string();
        let first = first.trim_end_matches("): ");
        assert!(first.ends_with("cw"), "{found}");
        p.send_line(first).unwrap();
    }
    assert!(shown.contains("|   0*+-----+-----+-----+-----+-----+   0*|"), "{shown}");
    assert!(shown.contains(": each end pit has been taken."), "{shown}");
    assert!(shown.contains("Final score: South 32, North 38."), "{shown}");
    assert!(!dir.path().join("autosave.game").exists());
}

/// Hus at the console: four rows, each player's two rows numbered in the
/// order that player sows them, a relay, and a capture of the two facing
/// pits whose seeds are sown on; then the game to its end.
///
/// South sows pit 9 (its inner row's right end: 2 seeds into 10 and 11,
/// then 11's 3 relayed into 12, 13 and 14). North sows its pit 9: 2 seeds,
/// the last into its pit 11 (now 3), which faces South's pit 14 (1 seed)
/// and pit 3 (2 seeds): both taken and sown on into North's 12, 13 and 14.
///
/// ```text
///      North's outer row   2  2  2  2  2  2  2  2
///      North's inner row   0  3  3  3  1  1  0  0
///      South's inner row   0  0  0  1  3  0  3  0
///      South's outer row   2  2  0  2  2  2  2  2   <- pit 3 and pit 14 emptied
/// ```
#[test]
fn hus_four_rows_relay_and_a_capture_sown_on() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "hus", "-p", "8", "-s", "2", "--south", "human", "--north", "human"];
    let mut p = play(dir.path(), &args);
    p.exp_string("|   0 |   0 |   0 |   0 |   2 |   2 |   2 |   2 |  South's inner row").unwrap();
    p.exp_string("16    15    14    13    12    11    10     9  South's inner row's pits").unwrap();
    p.exp_string("1     2     3     4     5     6     7     8  South's outer row's pits").unwrap();
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("9").unwrap();
    p.exp_string(
        "South sowed 2 seeds from pit 9, then picked up and sowed on 1 more time (relay).",
    )
    .unwrap();
    p.exp_string("9    10    11    12    13    14    15    16  North's inner row's pits").unwrap();
    p.exp_regex(MOVE_PROMPT).unwrap();
    p.send_line("9").unwrap();
    p.exp_string("North sowed 2 seeds from pit 9. Captured 3 seeds and sowed them on.").unwrap();
    p.exp_string("|[  0]|   3 |   3 |   3 |   1 |   1 |   0 |   0 |  North's inner row").unwrap();
    p.exp_string("|   0 |   0 |   0 |   1 |   3 |   0 |   3 |   0 |  South's inner row").unwrap();
    p.exp_string("|   2 |   2 |   0 |   2 |   2 |   2 |   2 |   2 |  South's outer row").unwrap();
    // Pit 3 was emptied by the capture, and pits 9, 11, 13, 14 and 16 hold
    // one seed or none: single seeds do not move in Hus.
    p.exp_string("South, choose a pit to sow (1, 2, 4-8, 10, 12): ").unwrap();
    p.send_line("3").unwrap();
    p.exp_string("Pit 3 is empty. You can sow: 1, 2, 4-8, 10, 12.").unwrap();
    let shown = play_to_the_end(&mut p, |pits| pits[pits.len() - 1], "n");
    assert!(shown.contains("Final score: South "), "{shown}");
    assert!(!dir.path().join("autosave.game").exists());
}
