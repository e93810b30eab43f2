//! `mancala solve` as a user runs it: the value line agrees with plain
//! minimax, the default endgame database is built once and reused, a
//! checkpoint is resumed, and bad input is refused with a clear message.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::Output;

use mancala_core::{Position, Side, Variant};
use mancala_solver::Checkpoint;

/// Runs `mancala solve ARGS` with databases and checkpoints under `dir`.
fn solve(dir: &Path, args: &[&str]) -> Output {
    common::mancala_in(dir)
        .arg("solve")
        .args(args)
        .env("MANCALA_DB_DIR", dir.join("db"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .output()
        .unwrap()
}

/// The checkpoint file a solve names on standard error.
fn checkpoint_named(out: &Output) -> String {
    let text = stderr(out);
    text.lines()
        .find_map(|l| l.strip_prefix("proven bounds are saved to "))
        .unwrap_or_else(|| panic!("no checkpoint line in\n{text}"))
        .to_string()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The line `key: value` of the output.
fn field(out: &Output, key: &str) -> String {
    let text = stdout(out);
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no `{key}:` line in\n{text}\n{}", stderr(out)))
        .to_string()
}

/// South's final margin under perfect play, by memoized minimax.
fn minimax(v: &Variant, p: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if p.is_over() {
        return p.store_margin();
    }
    if let Some(&m) = memo.get(p) {
        return m;
    }
    let moves = p.legal_moves(v);
    let values = moves.iter().map(|mv| {
        let mut c = *p;
        c.play_unchecked(v, mv);
        minimax(v, &c, memo)
    });
    let m = if p.to_move() == Side::South { values.max() } else { values.min() }.unwrap();
    memo.insert(*p, m);
    m
}

#[test]
fn the_value_line_agrees_with_minimax_and_the_database_is_built_once() {
    let dir = tempfile::tempdir().unwrap();
    for (name, pits, seeds) in [("kalah-irving", 4, 2), ("kalah-classic", 3, 3)] {
        let v = Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap();
        let expected = minimax(&v, &Position::start(&v), &mut HashMap::new());
        let (p, s) = (pits.to_string(), seeds.to_string());
        let args = ["-v", name, "-p", &p, "-s", &s, "--threads", "2"];
        let first = solve(dir.path(), &args);
        assert!(first.status.success(), "{}", stderr(&first));
        assert_eq!(field(&first, "value"), format!("{expected:+}"), "{name} {pits}x{seeds}");
        let builds =
            |out: &Output| stderr(out).lines().any(|l| l.starts_with("endgame database up to"));
        assert!(builds(&first), "{}", stderr(&first));
        // Every best move reaches the value.
        for best in field(&first, "best").split_whitespace() {
            let mut p = Position::start(&v);
            p.play_unchecked(&v, best.parse().unwrap());
            assert_eq!(minimax(&v, &p, &mut HashMap::new()), expected, "{name}: {best}");
        }
        // The second run finds the database on disk and builds nothing.
        let again = solve(dir.path(), &args);
        assert_eq!(field(&again, "value"), format!("{expected:+}"));
        assert!(!builds(&again), "{}", stderr(&again));
        assert!(stderr(&again).contains("using the endgame database"), "{}", stderr(&again));
    }
}

#[test]
fn majority_variants_also_give_the_value_played_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let out = solve(dir.path(), &["-v", "kalah", "-p", "3", "-s", "2", "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let kalah = Variant::preset("kalah").unwrap().resized(Some(3), Some(2)).unwrap();
    let mut rules = kalah.rules().clone();
    rules.end.majority = false;
    let to_end = Variant::new(rules).unwrap();
    // The pie rule makes the first move special: minimax handles the swap
    // as a move like any other.
    let expected = minimax(&to_end, &Position::start(&to_end), &mut HashMap::new());
    assert_eq!(field(&out, "value played to the end"), format!("{expected:+}"));
    field(&out, "value");
}

#[test]
fn a_checkpoint_is_resumed_by_the_same_command() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "kalah-irving", "-p", "4", "-s", "2", "--db-seeds", "0"];
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(2)).unwrap();
    let expected = minimax(&v, &Position::start(&v), &mut HashMap::new());
    // A finished run says where its bounds are saved, and removes the file.
    let out = solve(dir.path(), &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let path = checkpoint_named(&out);
    assert!(path.starts_with(dir.path().join("state").to_str().unwrap()), "{path}");
    assert!(!Path::new(&path).exists());
    // Plant true bounds there, as an interrupted run leaves them (bounds on
    // the mover's future margin: South moves first, the stores are empty).
    let identity = Checkpoint::identity(&v, &Position::start(&v));
    let planted = Checkpoint { identity, lower: expected - 2, upper: expected + 3 };
    planted.write(Path::new(&path)).unwrap();
    let resumed = solve(dir.path(), &args);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let text = stderr(&resumed);
    let from = format!("already known to lie in [{:+}, {:+}]", expected - 2, expected + 3);
    assert!(text.contains("resuming from") && text.contains(&from), "{text}");
    assert_eq!(field(&resumed, "value"), format!("{expected:+}"));
    assert!(!field(&resumed, "best").is_empty());
    // A damaged checkpoint is ignored with a warning, not trusted.
    std::fs::write(&path, "not bounds\n").unwrap();
    let fresh = solve(dir.path(), &args);
    assert!(!stderr(&fresh).contains("resuming from"), "{}", stderr(&fresh));
    assert!(stderr(&fresh).contains("warning: checkpoint ignored"), "{}", stderr(&fresh));
    assert_eq!(field(&fresh, "value"), format!("{expected:+}"));
}

/// The checkpoint of an interrupted solve, edited by hand to claim more
/// than the truth (the old plain `lo hi` file, or the new one with its
/// bounds changed), is refused with one warning line: the solve starts
/// again and finishes with the true value and its best moves.
#[test]
fn an_edited_checkpoint_cannot_change_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "kalah-irving", "-p", "4", "-s", "2", "--db-seeds", "0"];
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(2)).unwrap();
    let expected = minimax(&v, &Position::start(&v), &mut HashMap::new());
    let out = solve(dir.path(), &args);
    let path = checkpoint_named(&out);
    let identity = Checkpoint::identity(&v, &Position::start(&v));
    let honest = Checkpoint { identity, lower: expected - 2, upper: expected + 3 }.to_text();
    let lie = format!("{} {}", expected + 1, 16);
    let edited = honest
        .replace(&format!("bounds {} {}", expected - 2, expected + 3), &format!("bounds {lie}"));
    assert_ne!(edited, honest);
    for planted in [format!("{lie}\n"), edited] {
        std::fs::write(&path, planted).unwrap();
        let out = solve(dir.path(), &args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stderr(&out);
        let warnings: Vec<&str> =
            text.lines().filter(|l| l.contains("warning: checkpoint ignored")).collect();
        assert_eq!(warnings.len(), 1, "{text}");
        assert!(!text.contains("resuming from"), "{text}");
        assert_eq!(field(&out, "value"), format!("{expected:+}"));
        assert!(!field(&out, "best").is_empty());
    }
    // Bounds beyond the seeds on the board, even with a right checksum.
    let wide = Checkpoint { identity, lower: expected, upper: 17 };
    wide.write(Path::new(&path)).unwrap();
    let out = solve(dir.path(), &args);
    assert!(stderr(&out).contains("not within [-16, +16]"), "{}", stderr(&out));
    assert_eq!(field(&out, "value"), format!("{expected:+}"));
}

#[test]
fn bad_input_is_refused_with_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["-v", "oware", "-p", "3", "-s", "2", "--db-seeds", "8"], "leave out --db-seeds"),
        (&["-v", "kalah-irving", "-p", "3", "-s", "2", "--hash", "0"], "from 1 to 65536"),
        (
            &["-v", "kalah-irving", "-p", "3", "-s", "2", "--threads", "0"],
            "whole number from 1 to 256",
        ),
        (&["-v", "oware", "--hash", "0"], "from 1 to 65536"),
        (&["-v", "oware", "-p", "2", "-s", "1", "-m", "1,2,2"], "nothing to solve"),
        (&["-v", "kalah-irving", "-p", "3", "-s", "2", "--db-seeds", "500"], "--db-seeds 500"),
    ];
    // A variant with the majority rule: its database size is checked before
    // the solve, not after it (no value is printed first).
    let out = solve(dir.path(), &["-v", "kalah", "-p", "3", "-s", "2", "--db-seeds", "49"]);
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(stderr(&out).contains("--db-seeds"), "{}", stderr(&out));
    for (args, message) in cases {
        let out = solve(dir.path(), args);
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{args:?}: {}", stderr(&out));
    }
}

/// Awari's repetition rule: `solve` builds the endgame database and reads
/// the value and the best moves from it, as the library does; a second run
/// finds the database on disk (`--db-seeds 0`); `--hash` is refused, since
/// nothing is searched.
#[test]
fn awari_is_solved_from_its_endgame_database() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "awari", "-p", "3", "-s", "2"];
    let out = solve(dir.path(), &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = Variant::preset("awari").unwrap().resized(Some(3), Some(2)).unwrap();
    let db = mancala_solver::Databases::open_database(&v, &dir.path().join("db")).unwrap().unwrap();
    let game = mancala_core::Game::new(v.clone());
    let expected = mancala_solver::solve_from_database(&game, &db).unwrap();
    assert_eq!(field(&out, "value played to the end"), format!("{:+}", expected.margin));
    let best: Vec<String> = expected.best_moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(field(&out, "best"), best.join(" "));
    let result = field(&out, "result");
    assert!(
        result.starts_with(match expected.winner() {
            Some(Side::South) => "South wins",
            Some(Side::North) => "North wins",
            None => "a draw",
        }),
        "{result}"
    );
    assert!(field(&out, "exact").contains("up to 12 seeds"));

    let again = solve(dir.path(), &[&args[..], &["--db-seeds", "0", "-q"]].concat());
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(
        stdout(&again).lines().take(5).collect::<Vec<_>>(),
        stdout(&out).lines().take(5).collect::<Vec<_>>()
    );

    let out = solve(dir.path(), &[&args[..], &["--hash", "16"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no search table"), "{}", stderr(&out));
}

/// The value of `game` by the library's solve by search, without a
/// database: South's margin and the best moves.
fn by_search(game: &mancala_core::Game) -> (String, String) {
    let mut searcher =
        mancala_engine::search::Searcher::new(mancala_engine::search::SearchOptions {
            hash_mb: 16,
            solve_seeds: None,
        });
    let s = mancala_solver::solve_by_search(game, &mut searcher, None, &mut |_| {}).unwrap();
    let best: Vec<String> = s.best_moves().iter().map(|m| m.to_string()).collect();
    (format!("{:+}", s.margin().expect("proven")), best.join(" "))
}

/// Where no database gives the value, `solve` proves it by search and says
/// so: oware's rule, a position with a history since the last capture, a
/// database smaller than the position (the search then probes it). Each
/// value agrees with the library's search without a database, or, with a
/// database to probe, with the value a whole database gives.
#[test]
fn games_no_database_solves_are_proven_by_search() {
    let dir = tempfile::tempdir().unwrap();
    let awari = Variant::preset("awari").unwrap().resized(Some(3), Some(2)).unwrap();
    let oware = Variant::preset("oware").unwrap().resized(Some(3), Some(2)).unwrap();
    let mut after_one = mancala_core::Game::new(awari.clone());
    after_one.play(after_one.legal_moves()[0]).unwrap();
    let first = after_one.moves()[0].to_string();
    let cases: [(&[&str], mancala_core::Game, &str); 2] = [
        (
            &["-v", "oware", "-p", "3", "-s", "2"],
            mancala_core::Game::new(oware),
            "oware: at a repeated position each side takes the seeds on its own side",
        ),
        (
            &["-v", "awari", "-p", "3", "-s", "2", "--moves", &first],
            after_one,
            "history since the last capture (1 move that captured nothing)",
        ),
    ];
    for (args, game, why) in cases {
        let out = solve(dir.path(), args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("solving by search: ") && err.contains(why), "{err}");
        let (value, best) = by_search(&game);
        assert_eq!(field(&out, "value"), value, "{args:?}");
        assert_eq!(field(&out, "best"), best, "{args:?}");
        assert!(field(&out, "exact").starts_with("proven by search"), "{args:?}");
        let winner = match value.as_str() {
            "+0" => "a draw",
            v if v.starts_with('+') => "South wins",
            _ => "North wins",
        };
        assert_eq!(field(&out, "result") == winner, game.variant().rules().end.majority);
    }

    // A database of 5 seeds, probed by the search (the game played to the
    // end), against the value read from a database of all 12.
    let out = solve(dir.path(), &["-v", "awari", "-p", "3", "-s", "2", "--db-seeds", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let says = "solving by search: --db-seeds 5: the database covers fewer than the 12 seeds";
    assert!(stderr(&out).contains(says), "{}", stderr(&out));
    assert!(stderr(&out).contains("boards with up to 5 seeds left, exact scores"));
    let whole = solve(dir.path(), &["-v", "awari", "-p", "3", "-s", "2", "--db-seeds", "12"]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    assert!(field(&whole, "exact").starts_with("from the endgame database up to 12 seeds"));
    for key in ["value played to the end", "result"] {
        assert_eq!(field(&out, key), field(&whole, key), "{key}");
    }
    let searched = field(&out, "best");
    for mv in field(&whole, "best").split(' ') {
        assert!(searched.split(' ').any(|m| m == mv), "{mv} not in {searched}");
    }
}
