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
    for (args, command) in [
        (&["solve", "--variant-file", HUS_12][..], "mancala solve"),
        (&["db", "build", "--variant-file", HUS_12, "--max-seeds", "4"], "mancala db"),
        (&["engine", "--dialect", "uci", "--variant-file", HUS_12], "mancala engine --dialect uci"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!("{command} takes only boards of the compact layout")),
            "{err}"
        );
        assert!(err.contains("255 seeds in all"), "{err}");
        assert!(
            err.contains("hus-12 is 4 rows of 12 pits with 72 seeds (the wide layout)"),
            "{err}"
        );
        assert!(err.contains("the wide board is played by `mancala play`, `match`"), "{err}");
    }
}

/// `mancala state` describes a wide position: Hus on 4x12 (the preset)
/// after South's 13, the relay across the inner row (docs/rules.md).
#[test]
fn state_describes_a_position_of_the_wide_board() {
    let (code, out, err) = run(&["state", "-v", "hus-12", "--moves", "13"]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        json["position"],
        "2,2,2,2,2,2,2,2,2,2,2,2,0,3,0,3,3,0,1,1,1,0,0,0:0/\
         2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0:0/N",
        "{out}"
    );
    assert_eq!(json["rows"]["pits_per_row"], 12, "{out}");
}

#[test]
fn bench_plays_the_wide_board_from_its_file() {
    let (code, out, err) = run(&["bench", "-v", HUS_12, "--games", "20"]);
    assert_eq!(code, Some(0), "{err}");
    let line = out.lines().next().unwrap();
    assert!(line.starts_with("hus-12 12x2: 20 games, "), "{out}");
    // Every game ends: a win for one side or a draw, 20 in all.
    let count = |word: &str| -> u64 {
        let at = line.find(word).unwrap() + word.len();
        line[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
    };
    assert_eq!(count("south ") + count("north ") + count("draws "), 20, "{line}");
    // The rules benchmark's table: playouts and perft.
    let (code, out, err) = run(&["bench", "-v", HUS_12, "--rules", "--seconds", "0.05"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l.starts_with("hus-12") && l.contains("12x2")), "{out}");
}

/// A protocol session on the wide board: `position` takes its start's
/// string, `d` draws four rows of 12, `position startpos moves` plays on,
/// `go` answers a legal move.
#[test]
fn the_engine_protocol_plays_the_wide_board() {
    use std::io::Write;
    let home = common::Sandbox::new();
    let mut child = home
        .mancala()
        .args(["engine", "--variant-file", HUS_12])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            format!("{WIDE_START_LINE}\nd\nposition startpos moves 7 14\nd\ngo depth 3\nisready\n")
                .as_bytes(),
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // Two `d` replies: the start, then after two moves.
    let positions: Vec<&str> = text.lines().filter(|l| l.starts_with("position ")).collect();
    assert_eq!(positions.len(), 2, "{text}");
    assert!(positions[0].starts_with("position 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0:0/"));
    assert!(text.lines().any(|l| l == "moves 7 14"), "{text}");
    // Five board lines a `d`, the pit rows 12 pits wide.
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("board ")).collect();
    assert_eq!(rows.len(), 10, "{text}");
    assert_eq!(rows[0].split_whitespace().count(), 13, "{}", rows[0]);
    let legal = text.lines().filter(|l| l.starts_with("legal ")).nth(1).unwrap();
    let best = text.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap();
    assert!(legal.split_whitespace().skip(1).any(|m| m == best), "{best} not in {legal}");
    assert!(text.lines().any(|l| l == "readyok"), "{text}");
    // The wide board's position string is read: no error.
    assert!(!text.lines().any(|l| l.starts_with("error ")), "{text}");
}

/// The start of Hus on 4x12 as a position string (24 pits a side).
const WIDE_START_LINE: &str = "position 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0:0/\
                               2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0:0/S";
