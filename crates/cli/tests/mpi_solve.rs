//! `mancala solve --mpi` under `mpirun`: 1 and 3 processes give the value
//! and best moves of the one-process solve, processes given different
//! solves stop with a clear error, and a stopped spread solve leaves the
//! checkpoint a one-process solve resumes from. Run by
//! `scripts/mpi_tests.sh` (the binary built with the feature `mpi`, Open
//! MPI installed); without the feature, `--mpi` is refused with a message
//! saying how to get it.

mod common;

use common::text;

#[cfg(feature = "mpi")]
use std::path::Path;
#[cfg(feature = "mpi")]
use std::process::{Command, Output};

#[cfg(not(feature = "mpi"))]
#[test]
fn a_spread_solve_without_the_feature_says_how_to_get_it() {
    let home = common::Sandbox::new();
    let out = home
        .mancala()
        .args(["solve", "-v", "kalah-irving", "-p", "4", "-s", "3", "--mpi"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("built without MPI") && err.contains("--features mpi"), "{err}");
}

/// `mancala solve` of `game` with its databases in `root`, on `np` MPI
/// processes (`None`: one process).
#[cfg(feature = "mpi")]
fn solve(home: &Path, game: &[&str], root: &Path, np: Option<usize>) -> Output {
    let mut args = vec!["solve", "-q", "--db-dir", root.to_str().unwrap()];
    args.extend(game);
    common::mancala_on(home, &args, np)
}

/// The lines of a solve's output that give its result: the value (played
/// to the end, under a repetition rule) and the best moves.
#[cfg(feature = "mpi")]
fn result_lines(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.starts_with("value") || l.starts_with("best:") || l.starts_with("result:"))
        .map(str::to_string)
        .collect()
}

#[cfg(feature = "mpi")]
#[test]
fn one_and_three_processes_give_the_value_and_best_moves_of_one() {
    let home = common::Sandbox::new();
    if common::mpirun(home.path()).is_none() {
        return;
    }
    for game in [
        &["-v", "kalah-irving", "-p", "4", "-s", "3"][..],
        &["-v", "kalah-irving", "-p", "5", "-s", "4"][..],
        // After two moves: North to move, a value below zero for South.
        &["-v", "kalah-classic", "-p", "4", "-s", "3", "--moves", "1 2"][..],
        // The pie rule and the majority rule (and the comparison played to
        // the end).
        &["-v", "kalah", "-p", "3", "-s", "3"][..],
        // Under awari's rule the value comes from the database, built by
        // the processes together.
        &["-v", "awari", "-p", "3", "-s", "2"][..],
    ] {
        let one = home.join("one");
        let out = solve(home.path(), game, &one, None);
        assert!(out.status.success(), "{game:?}: {}", text(&out.stderr));
        let expected = result_lines(&text(&out.stdout));
        assert!(expected.len() >= 2, "{game:?}: {expected:?}");
        for (np, depth) in [(1, None), (3, None), (3, Some("3"))] {
            let spread = home.join(&format!("np{np}"));
            let mut args = game.to_vec();
            if let Some(depth) = depth {
                if game[1] == "awari" {
                    continue;
                }
                args.extend(["--split-depth", depth]);
            }
            let out = solve(home.path(), &args, &spread, Some(np));
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            assert!(out.status.success(), "{game:?} on {np}: {stderr}");
            assert_eq!(
                result_lines(&stdout),
                expected,
                "{game:?} on {np} processes, split {depth:?}"
            );
            if game[1] != "awari" {
                assert_eq!(
                    stdout.matches(&format!("processes: {np}, ")).count(),
                    1,
                    "process 0 reports: {stdout}"
                );
            }
            if let Some(depth) = depth {
                assert!(stdout.contains(&format!("split {depth} moves deep")), "{stdout}");
            }
            std::fs::remove_dir_all(&spread).ok();
        }
        std::fs::remove_dir_all(&one).ok();
    }
    // Irving et al.: Kalah(4,3) is won by 8 (the first case above).
    let out = solve(
        home.path(),
        &["-v", "kalah-irving", "-p", "4", "-s", "3"],
        &home.join("db"),
        Some(2),
    );
    assert!(text(&out.stdout).contains("value: +8"), "{}", text(&out.stdout));
}

/// Processes given different solves stop with an error naming the one
/// that differs, before any work.
#[cfg(feature = "mpi")]
#[test]
fn processes_given_different_solves_stop_with_a_clear_error() {
    let home = common::Sandbox::new();
    let Some(mut cmd) = common::mpirun(home.path()) else { return };
    let bin = common::binary();
    let job = |seeds: &'static str| {
        ["-np", "1", bin, "solve", "-v", "kalah-irving", "-p", "4", "-s", seeds, "--mpi"]
    };
    let out = cmd.args(job("3")).arg(":").args(job("2")).output().unwrap();
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("process 1 was given another solve than process 0"), "{err}");
    assert!(!text(&out.stdout).contains("value"), "nothing solved");
}

/// A proof by search under a repetition rule is not spread: refused with
/// the reason.
#[cfg(feature = "mpi")]
#[test]
fn a_proof_by_search_is_refused() {
    let home = common::Sandbox::new();
    if common::mpirun(home.path()).is_none() {
        return;
    }
    let game = ["-v", "oware", "-p", "3", "-s", "2"];
    let out = solve(home.path(), &game, &home.join("db"), Some(2));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("proven by search") && err.contains("without --mpi"), "{err}");
}

/// Stopped (SIGTERM to `mpirun`, as Ctrl-C at it sends), a spread solve
/// leaves the root's proven bounds in the checkpoint a one-process solve
/// uses; the next run resumes from them and gives the value.
#[cfg(feature = "mpi")]
#[test]
fn a_stopped_spread_solve_leaves_a_checkpoint_to_resume_from() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;

    let home = common::Sandbox::new();
    let Some(mut cmd) = common::mpirun(home.path()) else { return };
    let db = home.join("db");
    // Kalah(6,3) without a database: some seconds, long enough to stop.
    let game = ["solve", "-v", "kalah-irving", "-p", "6", "-s", "3", "--db-seeds", "0"];
    let mut child = cmd
        .args(["-np", "2", common::binary()])
        .args(game)
        .args(["--db-dir", db.to_str().unwrap(), "--mpi"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    // The first bounds are saved before the first test starts.
    while !seen.contains("the mover's future margin is in") {
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            break;
        }
        seen.push_str(&line);
    }
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let checkpoints = home.join(".local/state/mancala/solve");
    if text(&out.stdout).contains("value:") {
        eprintln!("the solve ended before it was stopped: nothing to resume");
        return;
    }
    assert!(!out.status.success(), "stopped");
    let files: Vec<_> =
        std::fs::read_dir(&checkpoints).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let saved = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        saved.starts_with("mancala solve checkpoint 1\n") && saved.contains("bounds "),
        "{saved}"
    );

    let out = common::mpirun(home.path())
        .unwrap()
        .args(["-np", "2", common::binary()])
        .args(game)
        .args(["--db-dir", db.to_str().unwrap(), "--mpi"])
        .output()
        .unwrap();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("resuming from"), "{stderr}");
    // Irving et al.: Kalah(6,3) is won by 2, opening with pit 5.
    assert!(stdout.contains("value: +2") && stdout.contains("best: 5"), "{stdout}");
    assert!(!files[0].exists(), "removed when done");
}
