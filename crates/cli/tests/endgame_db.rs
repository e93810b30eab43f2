//! Endgame databases in `mancala analyze`, `mancala engine` and `mancala
//! play`: a database built by `mancala db build` in a temporary folder is
//! used (the scores read from it are exact and marked so, and equal what a
//! search to the end finds without it), and a damaged one gives a one-line
//! warning and is not used.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

use mancala_core::{Game, Side, Variant};

const VARIANT: [&str; 6] = ["-v", "kalah-irving", "-p", "4", "-s", "3"];

fn mancala(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = common::mancala_in(dir)
        .args(args)
        .env("MANCALA_DB_DIR", dir.join("no-such-folder"))
        .env("MANCALA_AUTOSAVE", dir.join("autosave.game"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Builds the database of kalah-irving 4x3 up to 10 seeds in `dir/db`.
fn build(dir: &Path) {
    let db = dir.join("db");
    let mut args = vec!["db", "build", "--max-seeds", "10", "--threads", "1", "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let out = mancala(dir, &args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Moves from the start of kalah-irving 4x3 (always the rightmost legal
/// pit) up to the first position with at most `seeds` seeds in the pits.
fn late_moves(seeds: u32) -> String {
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(3)).unwrap();
    let mut g = Game::new(v);
    let mut moves = Vec::new();
    loop {
        let p = *g.position();
        assert!(!p.is_over(), "the game ended before {seeds} seeds were left");
        if p.side_seeds(Side::South) + p.side_seeds(Side::North) <= seeds {
            return moves.join(",");
        }
        let mv = g.legal_moves().iter().last().unwrap();
        moves.push(mv.to_string());
        g.play_unchecked(mv);
    }
}

/// The best move's line of `mancala analyze`: `best move M score S (...)`.
fn best_line(out: &str) -> String {
    out.lines().find(|l| l.starts_with("best move")).unwrap_or_else(|| panic!("{out}")).to_string()
}

fn score_of(best: &str) -> i32 {
    best.split_whitespace().nth(4).unwrap().parse().unwrap()
}

#[test]
fn analyze_reads_exact_scores_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let db = dir.path().join("db");
    let moves = late_moves(10);
    let mut args = vec!["analyze", "-q", "-d", "1", "--moves", &moves, "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let out = mancala(dir.path(), &args, b"");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("endgame database: boards with up to 10 seeds left, exact scores"));
    assert!(stdout.contains("exact db"), "{stdout}");
    let best = best_line(&stdout);
    assert!(best.contains("(exact: from the endgame database)"), "{best}");
    assert!(best.contains("depth 1,"), "{best}");
    // The same value as a search to the end without the database.
    let mut args = vec!["analyze", "-q", "--no-db", "--moves", &moves, "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let plain = text(&mancala(dir.path(), &args, b"").stdout);
    let plain_best = best_line(&plain);
    assert!(plain_best.contains("(exact: solved)"), "{plain}");
    assert!(!plain.contains("endgame database") && !plain.contains("exact db"), "{plain}");
    assert_eq!(score_of(&best), score_of(&plain_best), "{best}\n{plain_best}");
    // JSON says so too.
    let mut args = vec!["analyze", "--json", "-d", "1", "--moves", &moves, "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let json: serde_json::Value =
        serde_json::from_slice(&mancala(dir.path(), &args, b"").stdout).unwrap();
    assert_eq!(json["database"]["max_seeds"], 10);
    assert_eq!(json["exact"], true);
    assert_eq!(json["score"], score_of(&best));
    assert!(json["moves"].as_array().unwrap().iter().any(|m| m["database"] == true));
    assert!(json["database_hits"].as_u64().unwrap() > 0);
}

#[test]
fn a_damaged_database_is_a_warning_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let db = dir.path().join("db");
    // Flip a byte in the middle of a layer.
    let folder = std::fs::read_dir(&db).unwrap().next().unwrap().unwrap().path();
    let layer = folder.join("layer-008.mdb");
    let mut bytes = std::fs::read(&layer).unwrap();
    let middle = bytes.len() / 2 + 32;
    bytes[middle] ^= 0x10;
    std::fs::write(&layer, bytes).unwrap();
    let moves = late_moves(10);

    let mut args = vec!["analyze", "-q", "-d", "2", "--moves", &moves, "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let out = mancala(dir.path(), &args, b"");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let warnings: Vec<&str> = stderr.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(warnings[0].starts_with("mancala: warning: endgame database not used: "), "{stderr}");
    assert!(warnings[0].contains("layer-008.mdb") && warnings[0].contains("checksum"), "{stderr}");
    assert!(!stdout.contains("exact db") && !stdout.contains("endgame database"), "{stdout}");
    assert!(stdout.contains("best move"), "{stdout}");

    // The engine protocol says it in an info string and goes on.
    let mut args = vec!["engine", "--hash", "4", "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let input = format!("position startpos moves {}\ngo depth 2\nquit\n", moves.replace(',', " "));
    let out = mancala(dir.path(), &args, input.as_bytes());
    let stdout = text(&out.stdout);
    assert!(out.status.success());
    let first = stdout.lines().next().unwrap();
    assert!(first.starts_with("info string warning: endgame database not used: "), "{stdout}");
    assert!(stdout.contains("bestmove "), "{stdout}");

    // So does the console game, once, at the computer's first move.
    let mut args = vec!["play", "--south", "computer:6", "--north", "computer:6", "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let out = mancala(dir.path(), &args, b"");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(stdout.matches("Warning: endgame database not used: ").count(), 1, "{stdout}");
    assert!(stdout.contains("Game over"), "{stdout}");
}

#[test]
fn the_engine_protocol_and_the_console_use_the_database() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let db = dir.path().join("db");
    let moves = late_moves(10);
    let mut args = vec!["engine", "--hash", "4", "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let input = format!("position startpos moves {}\ngo depth 3\nquit\n", moves.replace(',', " "));
    let out = mancala(dir.path(), &args, input.as_bytes());
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("info string endgame database: boards with up to 10 seeds"));
    // Solved at once from the database.
    let info: Vec<&str> = stdout.lines().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(info.len(), 1, "{stdout}");
    assert!(info[0].contains(" exact true ") && !info[0].contains(" dbhits 0 "), "{stdout}");
    // --no-db: not used.
    args.push("--no-db");
    let out = mancala(dir.path(), &args, input.as_bytes());
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("info string") && stdout.contains(" dbhits 0 "), "{stdout}");

    // The console: hint and the computer, with the database, no warning.
    let mut args = vec!["play", "--south", "human", "--north", "computer:9", "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let out = mancala(dir.path(), &args, b"hint\n4\nhint\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(stdout.matches("Hint: sow pit").count(), 2, "{stdout}");
    assert!(!stdout.contains("Warning"), "{stdout}");
}

#[test]
fn a_database_beyond_the_machine_is_a_clear_error_not_a_crash() {
    // Rows of 8 pits with up to 64 seeds: some 12 billion rows of the
    // build's tables (and a database of about 10^17 boards). Refused before
    // anything is allocated or written, naming the option.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let args = ["db", "build", "-v", "kalah-irving", "-p", "8", "--max-seeds", "64", "--db-dir"];
    let mut args = args.to_vec();
    args.push(db.to_str().unwrap());
    let out = mancala(dir.path(), &args, b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("--max-seeds 64") && err.contains("too many"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("building"), "refused before it starts: {err}");
    assert!(!db.exists(), "nothing written");
}

#[test]
fn more_seeds_than_the_board_holds_is_refused_before_building() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let args = ["db", "build", "-v", "kalah-irving", "-p", "3", "-s", "2", "--max-seeds", "1000"];
    let mut args = args.to_vec();
    args.extend(["--db-dir", db.to_str().unwrap()]);
    let out = mancala(dir.path(), &args, b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("--max-seeds 1000") && err.contains("0 to 12"), "{err}");
    assert!(!err.contains("building"), "{err}");
    assert!(!db.exists(), "nothing written");
}

#[test]
fn a_layer_replaced_by_a_folder_is_named_as_not_a_file() {
    // Failed before: "No such device (os error 19)", naming no file.
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let db = dir.path().join("db");
    let folder = std::fs::read_dir(&db).unwrap().next().unwrap().unwrap().path();
    let layer = folder.join("layer-008.mdb");
    std::fs::remove_file(&layer).unwrap();
    std::fs::create_dir(&layer).unwrap();
    let moves = late_moves(10);
    let mut args = vec!["analyze", "-q", "-d", "2", "--moves", &moves, "--db-dir"];
    args.push(db.to_str().unwrap());
    args.extend(VARIANT);
    let out = mancala(dir.path(), &args, b"");
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("layer-008.mdb") && stderr.contains("a folder, not a file"),
        "{stderr}"
    );
    assert!(!stderr.contains("os error"), "{stderr}");
}
