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
