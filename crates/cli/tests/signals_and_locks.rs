//! Ctrl-C and SIGTERM stop a database build within seconds, keeping the
//! layers finished (a second run resumes after them), with exit status 130
//! or 143; two builders in one database folder take turns; a database far
//! beyond the machine is refused before anything is built.
#![cfg(unix)]

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The layer files under `db` (in its one database folder), by name.
fn layers(db: &Path) -> Vec<(PathBuf, SystemTime)> {
    let mut found = Vec::new();
    let Ok(folders) = std::fs::read_dir(db) else { return found };
    for folder in folders.flatten() {
        for f in std::fs::read_dir(folder.path()).into_iter().flatten().flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            if name.starts_with("layer-") && name.ends_with(".mdb") {
                found.push((f.path(), f.metadata().unwrap().modified().unwrap()));
            }
        }
    }
    found.sort();
    found
}

/// Waits (at most a minute) until `db` holds `count` layers.
fn wait_for_layers(db: &Path, count: usize, child: &mut Child) {
    let started = Instant::now();
    while layers(db).len() < count {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("ended before it built {count} layers: {status}");
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no {count} layers after a minute");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends `signal` to `child` and waits for it to end: its status and how
/// long it took.
fn stop(child: &mut Child, signal: i32) -> (ExitStatus, Duration) {
    let sent = Instant::now();
    // SAFETY: a plain kill(2) of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status, sent.elapsed());
        }
        if sent.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("still running 30 s after the signal");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Kalah with rows of 16 pits, 7 seeds a pit: its layers are built through
/// `Position` (rows over 8 pits), layer 9 alone has 273 million boards, so
/// the signal always comes in the middle of a layer.
const BIG: [&str; 6] = ["-v", "kalah-irving", "-p", "16", "-s", "7"];

/// Runs `mancala COMMAND ... --threads 2 --db-dir HOME/db BIG`, sends
/// `signal` once 4 layers are on disk, and checks that it ends with `code`
/// within 5 s; its standard error.
fn build_then_signal(home: &common::Sandbox, command: &[&str], signal: i32, code: i32) -> String {
    let db = home.join("db");
    let mut child = home
        .mancala()
        .args(command)
        .args(["--threads", "2", "--db-dir"])
        .arg(&db)
        .args(BIG)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_layers(&db, 4, &mut child);
    let (status, took) = stop(&mut child, signal);
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(status.code(), Some(code), "{err}");
    assert!(took < Duration::from_secs(5), "took {took:?} to stop: {err}");
    err
}

#[test]
fn ctrl_c_stops_a_solve_while_it_builds_its_database_and_a_second_run_resumes() {
    let home = common::Sandbox::new();
    let db = home.join("db");
    let err = build_then_signal(&home, &["solve", "-q", "--db-seeds", "9"], libc::SIGINT, 130);
    assert!(err.contains("interrupted while building the endgame database"), "{err}");
    assert!(err.contains("run the same command to resume"), "{err}");
    let kept = layers(&db);
    assert!(kept.len() >= 4 && kept.len() < 10, "{kept:?}");

    // The layers finished are used as they are by the next build, which
    // also removes what a builder killed outright would leave behind.
    let stray = kept[0].0.with_file_name(".layer-killed.tmp");
    std::fs::write(&stray, b"half a layer").unwrap();
    let max = (kept.len() - 1).to_string();
    let again = home
        .mancala()
        .args(["db", "build", "--max-seeds", &max, "--db-dir"])
        .arg(&db)
        .args(BIG)
        .output()
        .unwrap();
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(layers(&db), kept, "the finished layers were not rebuilt");
    assert!(!stray.exists(), "a temporary file left by a killed builder is removed");
}

#[test]
fn sigterm_stops_a_database_build_with_status_143() {
    let home = common::Sandbox::new();
    let db = home.join("db");
    let err = build_then_signal(&home, &["db", "build", "--max-seeds", "9"], libc::SIGTERM, 143);
    assert!(err.contains("stopped (SIGTERM)") && err.contains("are saved"), "{err}");
    // No temporary file is left behind, nor a layer half written.
    for folder in std::fs::read_dir(&db).unwrap().flatten() {
        for f in std::fs::read_dir(folder.path()).unwrap().flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            assert!(!name.ends_with(".tmp"), "{name} left behind");
        }
    }
    let stats = home.mancala().args(["db", "stats", "--db-dir"]).arg(&db).args(BIG).output();
    let stats = stats.unwrap();
    assert!(stats.status.success(), "{}", text(&stats.stderr));
}

#[test]
fn a_command_without_work_to_save_ends_on_sigint_with_130_and_on_sigterm_with_143() {
    let home = common::Sandbox::new();
    for (signal, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        // A long search: stopped at once.
        let mut child = home
            .mancala()
            .args(["analyze", "--no-db", "-t", "600", "-v", "kalah-irving", "-p", "6", "-s", "6"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        let (status, took) = stop(&mut child, signal);
        assert_eq!(status.code(), Some(code), "signal {signal}");
        assert!(took < Duration::from_secs(5), "took {took:?}");
    }
}

/// A solve by search (oware's repetition rule) stopped by a signal prints
/// what it has, says it is not proven, and ends with the signal's status.
#[test]
fn a_solve_by_search_stopped_by_sigint_prints_what_it_found_and_ends_with_130() {
    let home = common::Sandbox::new();
    let mut child = home
        .mancala()
        .args(["solve", "-v", "oware", "-q", "--hash", "16", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let (status, took) = stop(&mut child, libc::SIGINT);
    assert_eq!(status.code(), Some(130));
    assert!(took < Duration::from_secs(5), "took {took:?}");
    let mut out = String::new();
    let mut err = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(out.contains("\nvalue: not proven\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("best found: ")), "{out}");
    assert!(err.contains("interrupted: the value above is not proven"), "{err}");
}

#[test]
fn two_builders_in_one_folder_take_turns_and_the_second_uses_the_first_ones_layers() {
    let home = common::Sandbox::new();
    for round in 0..3 {
        let db = home.join(&format!("db-{round}"));
        let build = || {
            home.mancala()
                .args(["db", "build", "-v", "awari", "--max-seeds", "13", "--threads", "1"])
                .arg("--db-dir")
                .arg(&db)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (build(), build());
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        for out in [&a, &b] {
            assert!(out.status.success(), "round {round}: {}", text(&out.stderr));
        }
        let waited: Vec<_> = [&a, &b]
            .into_iter()
            .filter(|o| text(&o.stderr).contains("another process is building"))
            .collect();
        assert_eq!(waited.len(), 1, "round {round}: one builder waits for the other");
        // The one that waited built nothing: every layer was on disk.
        let report = text(&waited[0].stdout);
        let on_disk = report.lines().filter(|l| l.ends_with("on disk")).count();
        assert_eq!(on_disk, 14, "round {round}: {report}");
    }
}

#[test]
fn a_database_of_sextillions_of_boards_is_refused_up_front_with_the_memory_it_needs() {
    let home = common::Sandbox::new();
    let db = home.join("db");
    let started = Instant::now();
    let out = home
        .mancala()
        .args(["db", "build", "-v", "kalah-irving", "-p", "16", "--max-seeds", "40", "--db-dir"])
        .arg(&db)
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(started.elapsed() < Duration::from_secs(5), "refused up front");
    assert!(err.contains("--max-seeds 40") && err.contains("of memory"), "{err}");
    assert!(!err.contains("building"), "{err}");
    assert!(!db.exists(), "nothing written");
}

#[test]
fn two_solves_in_one_database_folder_both_finish_with_the_same_value() {
    let home = common::Sandbox::new();
    for round in 0..3 {
        let db = home.join(&format!("db-{round}"));
        let solve = |n: usize| {
            home.mancala()
                .args(["solve", "-v", "kalah-irving", "-p", "4", "-s", "3", "--db-seeds", "16"])
                .args(["--threads", "1", "--db-dir"])
                .arg(&db)
                .arg("--checkpoint-dir")
                .arg(home.join(&format!("ck-{round}-{n}")))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (solve(0), solve(1));
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        for out in [&a, &b] {
            assert!(out.status.success(), "round {round}: {}", text(&out.stderr));
        }
        let value = |o: &std::process::Output| {
            text(&o.stdout).lines().find(|l| l.starts_with("value:")).map(str::to_string)
        };
        assert!(value(&a).is_some());
        assert_eq!(value(&a), value(&b), "round {round}");
        let waited = [&a, &b]
            .into_iter()
            .filter(|o| text(&o.stderr).contains("another process is building"))
            .count();
        assert!(waited <= 1, "round {round}");
        assert_eq!(layers(&db).len(), 17, "round {round}");
    }
}

/// Ctrl-C (and SIGTERM) during a match: the games in play are abandoned,
/// and the result of the pairs already finished is printed before the match
/// ends with 130 (143), saying how many pairs finished.
#[test]
fn a_stopped_match_prints_the_result_of_its_finished_pairs() {
    use std::io::{BufRead, BufReader, Read};
    let home = common::Sandbox::new();
    for (signal, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let mut child = home
            .mancala()
            .args(["match", "-v", "kalah", "--a", "search", "--b", "search", "--movetime", "5"])
            .args(["--games", "2000", "--verbose"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // --verbose prints each finished game: wait for the first pair.
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        while !line.starts_with("pair 1 game 2:") {
            line.clear();
            assert!(stderr.read_line(&mut line).unwrap() > 0, "the match ended early");
        }
        let (status, took) = stop(&mut child, signal);
        assert_eq!(status.code(), Some(code), "signal {signal}");
        assert!(took < Duration::from_secs(5), "took {took:?}");
        let mut out = String::new();
        child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
        let mut err = String::new();
        stderr.read_to_string(&mut err).unwrap();
        // The pairs whose games were printed are the ones counted.
        let finished = 1 + err.lines().filter(|l| l.contains(" game 2:")).count();
        let games = 2 * finished;
        assert!(
            out.contains(&format!("; {games} games ({finished} pairs, sides swapped)")),
            "{out}\n{err}"
        );
        assert!(out.contains("Elo difference A - B:"), "{out}");
        assert!(err.contains(&format!("{finished} of 1000 game pairs finished")), "{err}");
    }
}

/// Ctrl-C while a player searches: the search itself is cut short, not
/// waited for. Each move here would search a hundred billion nodes (hours);
/// the match still ends at once, with no pair finished. (A level's search
/// is cut short the same way: `LevelPlayer` passes the flag on.)
#[test]
fn a_stopped_match_does_not_wait_for_the_search_in_play() {
    let home = common::Sandbox::new();
    let mut child = home
        .mancala()
        .args(["match", "-v", "oware", "--a", "search", "--b", "search"])
        .args(["--nodes", "100000000000", "--games", "2", "--opening-plies", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let (status, took) = stop(&mut child, libc::SIGINT);
    assert_eq!(status.code(), Some(130), "search");
    assert!(took < Duration::from_secs(5), "took {took:?}");
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("0 of 1 game pairs finished"), "{err}");
}
