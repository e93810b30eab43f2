//! `mancala match`: a stronger level beats a weaker one; an external
//! program driven through the `mancala engine` protocol plays exactly like
//! the same search in process; bad players are refused.
//!
//! The long statistical runs are `#[ignore]`d; run them with
//! `cargo test --release -p mancala-cli --test match_levels -- --ignored --nocapture`.

mod common;

use std::process::Command;

use serde_json::Value;

/// Runs `mancala ARGS` in a home of its own.
fn output(args: &[&str]) -> std::process::Output {
    common::Sandbox::new().mancala().args(args).output().unwrap()
}

/// Runs `mancala match ARGS --json` and returns the summary.
fn run_match(args: &[&str]) -> Value {
    let out = output(&[&["match"], args, &["--json"]].concat());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "mancala match {args:?} failed: {stderr}");
    let text = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn count(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"))
}

#[test]
fn level_6_beats_level_1() {
    let s = run_match(&["--a", "level:6", "--b", "level:1", "--games", "4", "--seed", "7"]);
    let (w, d, l) = (count(&s, "wins"), count(&s, "draws"), count(&s, "losses"));
    assert_eq!(w + d + l, 8, "{s}");
    assert_eq!(count(&s, "games"), 8);
    assert!(w >= 6 && w > 2 * l, "level 6 should beat level 1 clearly: {s}");
    assert!(s["score"].as_f64().unwrap() >= 0.75, "{s}");
    assert!(s["los"].as_f64().unwrap() > 0.95, "{s}");
}

#[test]
fn the_text_report_has_the_result_and_the_elo() {
    let out = output(&[
        "match", "--a", "level:3", "--b", "level:2", "--games", "3", "-v", "kalah", "-p", "4",
        "-s", "3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("match kalah 4x3: A = level:3, B = level:2; 3 game pairs"), "{text}");
    assert!(text.contains(" games: score "), "{text}");
    assert!(text.contains("Elo difference A - B: "), "{text}");
}

#[test]
fn an_external_engine_plays_like_the_search_in_process() {
    // The same search at the same depth with the same table size on both
    // sides: every opening is won once by each side (or drawn twice).
    let engine = format!("cmd:\"{}\" engine --hash 16", env!("CARGO_BIN_EXE_mancala"));
    let s = run_match(&["--a", &engine, "--b", "search", "--depth", "5", "--games", "3"]);
    assert_eq!(count(&s, "wins"), count(&s, "losses"), "{s}");
    assert_eq!(s["score"].as_f64().unwrap(), 0.5, "{s}");
    // And it beats a weak level through the protocol, on another variant.
    let s = run_match(&[
        "--a", &engine, "--b", "level:1", "--depth", "6", "--games", "2", "-v", "mankalah",
    ]);
    assert!(count(&s, "wins") >= 3, "{s}");
}

#[test]
fn bad_players_are_refused() {
    let out = output(&["match", "--a", "level:11", "--b", "level:1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("level"));
    let out =
        output(&["match", "--a", "cmd:/nonexistent/engine", "--b", "level:1", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot start \"/nonexistent/engine\""), "{err}");
    // A program that is not an engine: it answers nothing useful and ends.
    let out =
        output(&["match", "--a", "cmd:true", "--b", "level:1", "--games", "1", "--timeout", "5"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ended") || err.contains("stopped listening"), "{err}");
}

/// The statistical evidence (about 3 minutes in release mode on 2 cores): each higher
/// level beats the lower one with a 95% interval above zero Elo.
#[test]
#[ignore]
fn higher_levels_beat_lower_levels_clearly() {
    for (a, b, pairs) in [("2", "1", "50"), ("4", "2", "50"), ("6", "4", "40"), ("8", "6", "20")] {
        let s = run_match(&[
            "--a",
            &format!("level:{a}"),
            "--b",
            &format!("level:{b}"),
            "--games",
            pairs,
            "--jobs",
            "2",
            "--seed",
            "2024",
        ]);
        println!(
            "level {a} vs level {b}: +{} ={} -{}, score {:.3}, Elo {} (95% {} to {})",
            s["wins"],
            s["draws"],
            s["losses"],
            s["score"].as_f64().unwrap(),
            s["elo"],
            s["elo_low"],
            s["elo_high"]
        );
        // `null` is minus infinity (every game lost).
        let low = s["elo_low"].as_f64().unwrap_or(f64::NEG_INFINITY);
        assert!(low > 0.0, "level {a} is not clearly stronger than level {b}: {s}");
    }
}
