//! What `mancala analyze` prints for a person: the table of moves, with the
//! search's protocol-style `info` lines only when asked for (`--verbose`),
//! and nothing on standard error when it is not a terminal (the progress
//! line is drawn on a terminal only).

mod common;

/// `mancala analyze ARGS` on a small Kalah to depth 6: its standard output
/// and standard error.
fn analyze(extra: &[&str]) -> (String, String) {
    let home = common::Sandbox::new();
    let out = home
        .mancala()
        .args(["analyze", "-v", "kalah", "-p", "4", "-s", "3", "-d", "6", "--no-db"])
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn the_table_without_info_lines_by_default() {
    let (out, err) = analyze(&[]);
    assert!(!out.lines().any(|l| l.starts_with("info ")), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("analyze kalah 4x3 from "), "{out}");
    assert!(lines[1].starts_with("move    score  kind"), "{out}");
    // One row for each of South's four pits, then the best move.
    assert_eq!(lines.len(), 2 + 4 + 1, "{out}");
    assert!(lines[6].starts_with("best move "), "{out}");
    // The side to move by its name, as the console game and the page say it.
    assert!(lines[6].contains(") for South; depth 6, "), "{out}");
    assert_eq!(err, "", "standard error is not a terminal: no progress line");
}

#[test]
fn verbose_adds_one_info_line_per_depth_before_the_table() {
    let (out, err) = analyze(&["--verbose"]);
    let info: Vec<&str> = out.lines().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(info.len(), 6, "{out}");
    for (depth, l) in (1..).zip(&info) {
        assert!(l.starts_with(&format!("info depth {depth} ")), "{out}");
    }
    let lines: Vec<&str> = out.lines().collect();
    let table = lines.iter().position(|l| l.starts_with("move ")).unwrap();
    let last_info = lines.iter().rposition(|l| l.starts_with("info ")).unwrap();
    assert!(last_info < table, "{out}");
    assert_eq!(err, "");
    // The same table either way (depth-limited: deterministic).
    let (plain, _) = analyze(&[]);
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("info ") && !l.starts_with("best move"))
            .map(String::from)
            .collect()
    };
    assert_eq!(rows(&out), rows(&plain));
}

#[test]
fn a_finished_game_says_so_in_a_sentence() {
    let home = common::Sandbox::new();
    // One pit a side, one seed: South's only sowing ends the game, level.
    let out = home
        .mancala()
        .args(["analyze", "-v", "kalah-irving", "-p", "1", "-s", "1", "--moves", "1", "-d", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("The game is over: final margin +0 for South.\n"), "{text}");
}
