//! A closed pipe is a normal end for a command-line tool: when the program
//! reading `mancala`'s output goes away (`mancala perft | head -1`), every
//! command ends quietly at its next write with status 141 (128 + SIGPIPE,
//! as the shell shows for `cat`), without a panic's message and without
//! leaving a thread behind. `analyze | head -3` used to hang for good, and
//! the other commands ended with a panic (status 101).

mod common;

use std::io::{Read, Write};
use std::process::{Child, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use common::Sandbox;

/// The status of a command whose output was closed.
const CLOSED: i32 = 141;

/// How long a command may take to end once its output is closed: far
/// more than any of these needs (the hang this guards against is forever).
const LIMIT: Duration = Duration::from_secs(60);

/// How a command's standard output is closed.
#[derive(Clone, Copy)]
enum Cut {
    /// Before the command starts: its first write finds no reader.
    AtOnce,
    /// After reading this many bytes (`| head -c N`).
    After(usize),
}

/// What the command did.
struct Ended {
    status: ExitStatus,
    stderr: String,
    took: Duration,
}

/// Runs `mancala args` in `home` with `input` on standard input and its
/// standard output a pipe closed as `cut` says; fails when the command
/// still runs [`LIMIT`] after that.
fn run_cut(home: &Sandbox, args: &[&str], input: &str, cut: Cut) -> Ended {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let reader = match cut {
        Cut::AtOnce => {
            drop(reader);
            None
        }
        Cut::After(n) => Some((reader, n)),
    };
    let mut child = home
        .mancala()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("mancala runs");
    // The write end is the child's alone now (this process's copy went
    // with the `Command`): a closed reader leaves the pipe without any.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        // The command may end before it reads everything: not an error.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    if let Some((mut reader, n)) = reader {
        let mut first = vec![0; n];
        reader.read_exact(&mut first).expect("the command's first bytes");
        // Dropped here: the pipe has no reader any more.
    }
    let closed = Instant::now();
    let status = wait(&mut child, args, closed);
    let took = closed.elapsed();
    feeder.join().unwrap();
    Ended { status, stderr: errors.join().unwrap(), took }
}

/// Waits for `child` to end, at most [`LIMIT`] after `since`; kills it and
/// fails after that.
fn wait(child: &mut Child, args: &[&str], since: Instant) -> ExitStatus {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if since.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`mancala {}` still runs {LIMIT:?} after its output closed", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `mancala args` ends quietly with status 141 when its output is closed
/// as `cut` says; returns its standard error.
fn ends_quietly(home: &Sandbox, args: &[&str], input: &str, cut: Cut) -> String {
    let ended = run_cut(home, args, input, cut);
    let command = format!("mancala {}", args.join(" "));
    assert_eq!(
        ended.status.code(),
        Some(CLOSED),
        "{command}: {:?} after {:?}; stderr: {}",
        ended.status,
        ended.took,
        ended.stderr
    );
    for noise in ["panicked", "Broken pipe", "os error"] {
        assert!(!ended.stderr.contains(noise), "{command}: {}", ended.stderr);
    }
    ended.stderr
}

/// The commands of the issue: `analyze --variant oware --moves 1,2 | head
/// -3` (its report callback runs on a parallel search's main thread) and
/// `perft | head -1`, whose output goes on after the reader has gone.
#[test]
fn analyze_and_perft_end_when_their_reader_stops_reading() {
    let home = Sandbox::new();
    let analyze = ["analyze", "--variant", "oware", "--moves", "1,2", "--threads", "2"];
    ends_quietly(&home, &analyze, "", Cut::After(20));
    ends_quietly(&home, &analyze, "", Cut::AtOnce);
    ends_quietly(&home, &["analyze", "-v", "kalah", "-d", "6", "--json"], "", Cut::AtOnce);
    ends_quietly(&home, &["perft", "-v", "kalah", "-d", "12"], "", Cut::After(20));
    ends_quietly(&home, &["perft", "-v", "kalah", "-d", "3", "--divide"], "", Cut::AtOnce);
}

/// Every other command that prints, its output closed before it writes.
#[test]
fn every_printing_command_ends_quietly_on_a_closed_output() {
    let home = Sandbox::new();
    let small = ["-v", "kalah-irving", "-p", "3", "-s", "2"];
    let with = |command: &[&str], more: &[&str]| -> Vec<String> {
        command.iter().chain(more).map(|s| s.to_string()).collect()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (with(&["variants"], &[]), ""),
        (with(&["variants", "--show", "oware"], &[]), ""),
        (with(&["state", "-v", "kalah", "--moves", "3"], &[]), ""),
        (with(&["state", "-v", "kalah", "--batch"], &[]), "3\n1\nbad\n"),
        (with(&["bench", "-v", "kalah", "--games", "10"], &[]), ""),
        (with(&["bench", "-v", "kalah", "--seconds", "0.05", "--rules"], &[]), ""),
        (with(&["solve", "-q"], &small), ""),
        (with(&["db", "build", "--max-seeds", "4", "--threads", "1"], &small), ""),
        (with(&["db", "stats"], &small), ""),
        (with(&["match", "--a", "level:1", "--b", "level:1", "--games", "2"], &small), ""),
        (
            with(&["match", "--a", "level:1", "--b", "level:1", "--games", "2", "--json"], &small),
            "",
        ),
        (with(&["engine"], &[]), "isready\nposition startpos\ngo depth 3\n"),
        (with(&["mankalah", "--hash", "16"], &[]), "START;South\n"),
        (with(&["serve", "--port", "0"], &[]), ""),
    ];
    for (args, input) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ends_quietly(&home, &args, input, Cut::AtOnce);
    }
}

/// The Oware family's database build prints each layer as it finishes: a
/// reader gone after the first line stops the build as a signal does,
/// keeping its finished layers (no temporary file left), and the command
/// ends quietly.
#[test]
fn a_database_build_whose_reader_stops_keeps_its_layers() {
    let home = Sandbox::new();
    let db = home.join("db");
    let args = ["db", "build", "-v", "oware", "--max-seeds", "8", "--threads", "1", "--db-dir"];
    let args: Vec<&str> = args.iter().copied().chain([db.to_str().unwrap()]).collect();
    ends_quietly(&home, &args, "", Cut::After(10));
    let files: Vec<String> = walk(&db);
    assert!(!files.is_empty(), "no layer kept");
    assert!(!files.iter().any(|f| f.ends_with(".tmp")), "{files:?}");
    // The same command goes on from the layers kept, to the end.
    let out = home.mancala().args(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Every file under `dir`, by name.
fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(walk(&path));
        } else {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found
}

/// The console game saves the game as on a signal, says so on standard
/// error (its output is gone), and ends quietly.
#[test]
fn the_console_game_saves_when_its_output_closes() {
    let home = Sandbox::new();
    let save = home.join("autosave.game");
    let args = [
        "play",
        "-v",
        "kalah",
        "--south",
        "human",
        "--north",
        "human",
        "--autosave",
        save.to_str().unwrap(),
    ];
    let stderr = ends_quietly(&home, &args, "3\n", Cut::AtOnce);
    assert!(stderr.contains("The output closed"), "{stderr}");
}

/// Any other failure to write (here a full disk) is an error with a
/// message and status 1, not a panic.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_is_an_error_not_a_panic() {
    let home = Sandbox::new();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out = home.mancala().args(["perft", "-d", "3"]).stdout(full).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("mancala: cannot write to standard output"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
