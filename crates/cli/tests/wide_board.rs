//! The wide board through the command line: Hus on four rows of 12
//! (`crates/core/variants/hus-12.toml`, read by its path) in the commands
//! that dispatch on the variant's layout, and the clear refusal of the
//! commands that take only the compact layout's boards.

mod common;

/// The variant file of Hus on four rows of 12 (72 seeds, the wide layout).
const HUS_12: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/variants/hus-12.toml");

/// Runs `mancala ARGS` with standard input empty; exit code, standard
/// output and standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let home = common::Sandbox::new();
    let out = home.mancala().args(args).stdin(std::process::Stdio::null()).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The leaves counted by an independent simulator (notes/hus-12.md), which
/// core's reference test also checks.
#[test]
fn perft_counts_the_wide_board_to_depth_four() {
    let (code, out, err) = run(&["perft", "--variant-file", HUS_12, "--depth", "4"]);
    assert_eq!(code, Some(0), "{err}");
    let leaves: Vec<u64> = out
        .lines()
        .filter(|l| l.starts_with("depth"))
        .map(|l| l.split_whitespace().nth(3).unwrap().parse().unwrap())
        .collect();
    assert_eq!(leaves, [18, 324, 4_420, 62_929], "{out}");
    // The start as its position string: two rows of 24 pits a side.
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("perft hus-12 12x2 from 2,2,"), "{first}");
    // Resized to four rows of 10 (still past the compact layout's 8).
    let (code, out, err) = run(&["perft", "--variant-file", HUS_12, "-p", "10", "--depth", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l.starts_with("depth  1") && l.contains(" 15 ")), "{out}");
}

#[test]
fn analyze_scores_every_move_of_the_wide_start() {
    let (code, out, err) = run(&["analyze", "--variant-file", HUS_12, "--depth", "3", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["moves"].as_array().unwrap().len(), 18, "{out}");
    assert_eq!(json["depth"], 3);
    let best: u32 = json["best"].as_str().unwrap().parse().unwrap();
    assert!((1..=24).contains(&best), "{out}");
}

#[test]
fn a_short_match_is_played_on_the_wide_board() {
    let (code, out, err) = run(&[
        "match",
        "--variant-file",
        HUS_12,
        "--a",
        "level:1",
        "--b",
        "search",
        "--depth",
        "1",
        "--games",
        "2",
        "--opening-plies",
        "2",
        "-j",
        "1",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["games"], 2, "{out}");
    assert_eq!(json["variant"], "hus-12 12x2", "{out}");
}

/// What stays compact by nature refuses the wide board, naming what was
/// too large and what it takes.
#[test]
fn the_compact_commands_refuse_the_wide_board_clearly() {
    for args in [
        &["solve", "--variant-file", HUS_12][..],
        &["db", "build", "--variant-file", HUS_12, "--max-seeds", "4"],
        &["state", "--variant-file", HUS_12],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        let command = format!("mancala {}", args[0]);
        assert!(
            err.contains(&format!("{command} takes only boards of the compact layout")),
            "{err}"
        );
        assert!(err.contains("255 seeds in all"), "{err}");
        assert!(
            err.contains("hus-12 is 4 rows of 12 pits with 72 seeds (the wide layout)"),
            "{err}"
        );
    }
}
