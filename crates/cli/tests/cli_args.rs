//! Options out of range are refused before any work, with the allowed range
//! named.

mod common;

/// Runs `mancala ARGS`; exit code and standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let home = common::Sandbox::new();
    let out = home.mancala().args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn perft_depth_zero_is_refused_with_the_range() {
    let (code, err) = run(&["perft", "--depth", "0"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("1..=40"), "{err}");
    let (code, err) = run(&["perft", "--depth", "41"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("1..=40"), "{err}");
}

#[test]
fn perft_depth_one_counts_the_legal_moves() {
    let home = common::Sandbox::new();
    let out =
        home.mancala().args(["perft", "-v", "kalah-classic", "--depth", "1"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.lines().any(|l| l.starts_with("depth  1") && l.contains("leaves                6")),
        "{text}"
    );
}

#[test]
fn analyze_depth_zero_is_refused_with_the_range() {
    let (code, err) = run(&["analyze", "--depth", "0"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("1..=120"), "{err}");
}

#[test]
fn every_hash_option_has_the_one_limit() {
    // One limit for every command's table: 1 to 65536 MiB, refused by the
    // option reader before any work.
    for command in [&["engine"][..], &["analyze"], &["mankalah"], &["solve", "-p", "3", "-s", "1"]]
    {
        for bad in ["0", "65537", "1e3", "-1"] {
            let option = format!("--hash={bad}");
            let args: Vec<&str> = command.iter().copied().chain([option.as_str()]).collect();
            let (code, err) = run(&args);
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(err.contains("from 1 to 65536"), "{args:?}: {err}");
        }
    }
}

#[test]
fn a_variant_file_that_never_ends_is_refused_without_reading_it_all() {
    // Failed before: /dev/zero was read until memory ran out (4.7 GB; here
    // the address-space limit ends it).
    let home = common::Sandbox::new();
    let out = common::mancala_limited(home.path(), common::LIMITED_KIB)
        .args(["state", "--variant-file", "/dev/zero"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("/dev/zero") && err.contains("larger than 65536 bytes"), "{err}");
}

#[test]
fn a_variant_file_and_a_variant_name_conflict() {
    // Failed before: -v was silently ignored.
    let home = common::Sandbox::new();
    let file = home.join("oware.toml");
    let shown = home.mancala().args(["variants", "--show", "oware"]).output().unwrap();
    std::fs::write(&file, &shown.stdout).unwrap();
    let file = file.to_str().unwrap();
    for command in ["state", "perft", "analyze", "engine", "solve"] {
        let (code, err) = run(&[command, "--variant-file", file, "-v", "kalah"]);
        assert_eq!(code, Some(2), "{command}: {err}");
        assert!(err.contains("cannot be used with"), "{command}: {err}");
    }
    let (code, err) = run(&["state", "--variant-file", file]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_long_name_in_a_bad_variant_file_is_quoted_short() {
    // Failed before: the parser's message quoted the whole line.
    let home = common::Sandbox::new();
    let file = home.join("long.toml");
    std::fs::write(&file, format!("name = \"{}\n", "x".repeat(60_000))).unwrap();
    let out = home.mancala().args(["state", "--variant-file", file.to_str().unwrap()]).output();
    let out = out.unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a valid variant file"), "{err}");
    assert!(err.len() < 2000, "{} bytes: {}", err.len(), &err[..200]);
}

#[test]
fn analyze_time_out_of_range_names_the_range() {
    let (code, err) = run(&["analyze", "-t", "1e308"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("at most 1000000") && err.contains("1e308"), "{err}");
}

#[test]
fn state_batch_goes_on_after_a_line_that_is_not_utf8() {
    // Failed before: the batch stopped with an error at the bad line.
    use std::io::Write;
    use std::process::Stdio;
    let home = common::Sandbox::new();
    let mut child = home
        .mancala()
        .args(["state", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"3\n\xff\xfe\n1\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains("\"position\"") && lines[2].contains("\"position\""), "{text}");
    assert!(lines[1].starts_with("{\"error\":") && lines[1].contains("not UTF-8"), "{text}");
}

#[test]
fn threads_out_of_range_are_refused_with_the_range() {
    for args in [
        &["analyze", "--threads", "0"][..],
        &["analyze", "--threads", "257"],
        &["engine", "--threads", "0"],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("from 1 to 256"), "{args:?}: {err}");
    }
}

/// `analyze --threads 2` solves a small game to the same exact scores as
/// one thread (the default).
#[test]
fn analyze_with_two_threads_gives_the_exact_scores_of_one() {
    let home = common::Sandbox::new();
    let scores = |extra: &[&str]| {
        let out = home
            .mancala()
            .args(["analyze", "-v", "kalah", "-p", "4", "-s", "3", "--depth", "60", "--json"])
            .args(["--no-db", "-q"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut moves: Vec<(String, i64, bool)> = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["move"].as_str().unwrap().to_string(),
                    m["score"].as_i64().unwrap(),
                    m["exact"].as_bool().unwrap(),
                )
            })
            .collect();
        moves.sort();
        moves
    };
    let one = scores(&[]);
    assert!(one.iter().all(|m| m.2), "{one:?}");
    assert_eq!(scores(&["--threads", "2"]), one);
}

/// Without `--threads`, an analysis by time (the default: one second) runs
/// on every core, and one limited by depth or nodes on one thread (so it is
/// reproducible); `--threads` overrides both.
#[test]
fn analyze_uses_every_core_by_time_and_one_thread_by_depth_or_nodes() {
    let home = common::Sandbox::new();
    let threads = |extra: &[&str]| {
        let out = home
            .mancala()
            .args(["analyze", "-v", "oware", "--json", "--no-db", "-q"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["threads"].as_u64().unwrap()
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()).min(256) as u64;
    assert_eq!(threads(&["--time", "0.2"]), cores);
    assert_eq!(threads(&["--depth", "4"]), 1);
    assert_eq!(threads(&["--nodes", "5000"]), 1);
    assert_eq!(threads(&["--depth", "4", "--threads", "2"]), 2);
    assert_eq!(threads(&["--time", "0.2", "--threads", "1"]), 1);
}

/// `bench --general` plays the same random games through the general
/// sowing: the totals are those of the fast path, game for game.
#[test]
fn bench_general_plays_the_same_games_as_the_fast_path() {
    let home = common::Sandbox::new();
    for v in ["oware", "kalah-classic"] {
        let totals = |general: bool| {
            let mut args = vec!["bench", "-v", v, "--games", "500"];
            if general {
                args.push("--general");
            }
            let out = home.mancala().args(&args).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8(out.stdout).unwrap()
        };
        let fast = totals(false);
        assert!(fast.contains(": 500 games, "), "{fast}");
        assert_eq!(totals(true), fast);
    }
    let (code, err) = run(&["bench", "--search", "--general"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--general"), "{err}");
}
