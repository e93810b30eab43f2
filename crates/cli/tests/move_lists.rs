//! `--moves` reads move lists with the one parser the engine protocol and
//! game records use: commas and/or spaces, empty moves refused, a bad move
//! named by its place, as written, with what is allowed.

mod common;

use std::process::Output;

fn state(moves: &str) -> Output {
    let home = common::Sandbox::new();
    home.mancala().args(["state", "--moves", moves]).output().unwrap()
}

fn position(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    json["position"].as_str().unwrap().to_string()
}

fn error(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn separators_are_commas_and_or_spaces() {
    let commas = position(&state("3,1"));
    assert_eq!(position(&state("3 1")), commas);
    assert_eq!(position(&state(" 3 , 1 ")), commas);
    assert_ne!(position(&state("3")), commas);
    // The help's example is legal in the default variant.
    let help = common::Sandbox::new().mancala().args(["help", "state"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    assert!(help.contains("e.g. `3,1`"), "{help}");
}

#[test]
fn bad_lists_name_the_move_and_what_is_allowed() {
    let e = error(&state("3,,1"));
    assert!(e.contains("move #2 in the list (\"\"): no move given"), "{e}");
    let e = error(&state("99999999999999999999999"));
    assert!(
        e.contains("pit 99999999999999999999999 does not exist: pits are numbered 1 to 6"),
        "{e}"
    );
    let e = error(&state("3,1,swap"));
    assert!(e.contains("move #3 in the list (\"swap\")"), "{e}");
    let e = error(&state(&"x".repeat(500)));
    assert!(e.len() < 200, "{e}");
}

/// A pit sown either way (Um el-Bagara's middle pit) is two moves, `3ccw`
/// and `3cw`, through `state`, `analyze` and `perft`; a direction where none
/// is chosen, or none where one is, is refused with how to write it.
#[test]
fn directed_moves_through_state_analyze_and_perft() {
    let home = common::Sandbox::new();
    let run = |args: &[&str]| home.mancala().args(args).output().unwrap();
    let out = run(&["state", "--variant", "um-el-bagara", "--moves", "3cw,2"]);
    assert_eq!(position(&out), "6,7,1,6,6:0/6,0,6,6,6:0/S");
    let out = run(&["state", "--variant", "um-el-bagara"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["legal"], serde_json::json!(["1", "2", "3ccw", "3cw", "4", "5"]));
    let e = error(&run(&["state", "--variant", "um-el-bagara", "--moves", "3"]));
    assert!(e.contains("pit 3 may be sown either way: say which, 3ccw"), "{e}");
    let e = error(&run(&["state", "--variant", "um-el-bagara", "--moves", "1cw"]));
    assert!(e.contains("pit 1 sows clockwise only, so it is written 1, not 1cw"), "{e}");
    let e = error(&run(&["state", "--moves", "3up"]));
    assert!(e.contains("'ccw' (counter-clockwise) or 'cw' (clockwise)"), "{e}");
    // The analysis lists both directions of pit 3 and its best move is one
    // of the legal moves.
    let out = run(&["analyze", "--variant", "um-el-bagara", "--depth", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for mv in ["3ccw", "3cw"] {
        assert!(text.lines().any(|l| l.starts_with(mv)), "{mv} not listed in {text}");
    }
    let out = run(&["perft", "--variant", "um-el-bagara", "--depth", "3", "--divide"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3ccw: 24") && text.contains("3cw: 24"), "{text}");
}

/// Kiuthi: every pit sown either way (two moves each), each relayed pile
/// back the other way, through `state`, `analyze` and `perft`.
#[test]
fn kiuthi_moves_through_state_analyze_and_perft() {
    let home = common::Sandbox::new();
    let run = |args: &[&str]| home.mancala().args(args).output().unwrap();
    // Pit 2 counter-clockwise: South's 3 to 6, North's 1 and 2; North's pit 2
    // (7) back clockwise to South's pit 1; its 7 counter-clockwise again to
    // North's pit 2, emptied: the sowing ends in North's row.
    let out = run(&["state", "--variant", "kiuthi", "--moves", "2ccw"]);
    assert_eq!(position(&out), "0,2,9,9,9,9:0/9,1,6,6,6,6:0/N");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let legal: Vec<String> = ["1", "3", "4", "5", "6"]
        .iter()
        .flat_map(|p| [format!("{p}ccw"), format!("{p}cw")])
        .collect();
    assert_eq!(json["legal"], serde_json::json!(legal));
    let e = error(&run(&["state", "--variant", "kiuthi", "--moves", "2"]));
    assert!(e.contains("pit 2 may be sown either way: say which, 2ccw"), "{e}");
    // North's single seed in pit 2 does not move.
    let e = error(&run(&["state", "--variant", "kiuthi", "--moves", "2ccw,2cw"]));
    assert!(e.contains("a move starts from a pit holding at least 2"), "{e}");
    let out = run(&["analyze", "--variant", "kiuthi", "--depth", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for mv in ["1ccw", "1cw", "6ccw", "6cw"] {
        assert!(text.lines().any(|l| l.starts_with(mv)), "{mv} not listed in {text}");
    }
    let out = run(&["perft", "--variant", "kiuthi", "--depth", "2", "--divide"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("leaves              116"), "{text}");
    assert!(
        text.contains("1ccw: 8") && text.contains("6cw: 8") && text.contains("3cw: 10"),
        "{text}"
    );
}

/// Qelat: each pit sown the way its half of the row says, a walda at the
/// row's end claimed and left out of the moves, through `state`, `analyze`
/// and `perft`.
#[test]
fn qelat_moves_through_state_analyze_and_perft() {
    let home = common::Sandbox::new();
    let run = |args: &[&str]| home.mancala().args(args).output().unwrap();
    // StoneShark's first seven moves: South's pit 6 makes North's pit 6
    // hold 4, South's walda.
    let out = run(&["state", "--variant", "qelat", "--moves", "5,6,1,3,2,4,6"]);
    assert_eq!(position(&out), "2,1,7,7,1,0:4/7,8,2,1,8,x:0/N");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["legal"], serde_json::json!(["1", "2", "3", "4", "5"]));
    assert_eq!(json["claims"]["north"][5], "south");
    // A walda is never sown from: it holds nothing, its seeds in the store.
    let e = error(&run(&["state", "--variant", "qelat", "--moves", "5,6,1,3,2,4,6,6"]));
    assert!(e.contains("move #8 in the list (\"6\"): pit 6 is claimed by south"), "{e}");
    let out = run(&["analyze", "--variant", "qelat", "--depth", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for mv in ["1", "6"] {
        assert!(text.lines().any(|l| l.starts_with(mv)), "{mv} not listed in {text}");
    }
    let out = run(&["perft", "--variant", "qelat", "--depth", "3", "--divide"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("leaves              198"), "{text}");
}

/// O An Quan: every pit sown either way (`1cw`, `1ccw`), the two end pits
/// (mandarin squares) written `|10` after each row and given in
/// `end_pits`, and one taken, through `state`, `analyze` and `perft`.
#[test]
fn o_an_quan_moves_through_state_analyze_and_perft() {
    let home = common::Sandbox::new();
    let run = |args: &[&str]| home.mancala().args(args).output().unwrap();
    let out = run(&["state", "--variant", "o-an-quan"]);
    assert_eq!(position(&out), "5,5,5,5,5|10:0/5,5,5,5,5|10:0/S");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let taken = serde_json::json!({"south": 10, "north": 10, "taken": [false, false]});
    assert_eq!(json["end_pits"], taken);
    // South's pit 1 sown clockwise: its 5 seeds into the end pit after
    // North's row and North's pits 5 to 2; North's pit 1 next is lifted and
    // sown on clockwise (the end pit after South's row, South's pits 5 to
    // 2); South's pit 1 next is empty: the end pit after it, North's, with
    // 11, is taken into South's store and marked `*`.
    let out = run(&["state", "--variant", "o-an-quan", "--moves", "1cw"]);
    assert_eq!(position(&out), "0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let taken = serde_json::json!({"south": 11, "north": 0, "taken": [false, true]});
    assert_eq!(json["end_pits"], taken);
    assert_eq!(json["stores"], serde_json::json!({"south": 11, "north": 0}));
    let legal = ["2ccw", "2cw", "3ccw", "3cw", "4ccw", "4cw", "5ccw", "5cw"];
    assert_eq!(json["legal"], serde_json::json!(legal));
    let e = error(&run(&["state", "--variant", "o-an-quan", "--moves", "1cw,3"]));
    assert!(e.contains("move #2 in the list (\"3\"): pit 3 may be sown either way"), "{e}");
    let e = error(&run(&["state", "--variant", "o-an-quan", "--moves", "1cw,1ccw"]));
    assert!(e.contains("move #2 in the list (\"1ccw\"): pit 1 is empty"), "{e}");
    let out = run(&["analyze", "--variant", "o-an-quan", "--depth", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("from 5,5,5,5,5|10:0/5,5,5,5,5|10:0/S"), "{text}");
    for mv in ["1ccw", "1cw", "5ccw", "5cw"] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{mv} "))),
            "{mv} not listed in {text}"
        );
    }
    let out = run(&["perft", "--variant", "o-an-quan", "--depth", "3", "--divide"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("leaves              654"), "{text}");
    assert!(text.lines().any(|l| l == "1cw: 65") && text.lines().any(|l| l == "5cw: 70"), "{text}");
}

#[test]
fn eson_xorgol_moves_name_pits_of_both_rows() {
    // Nobody owns a pit: North's 8 is South's pit 3 (`docs/notation.md`).
    let home = common::Sandbox::new();
    let eson = |moves: &str| {
        home.mancala().args(["state", "-v", "eson-xorgol", "--moves", moves]).output().unwrap()
    };
    let out = eson("1,8");
    assert_eq!(position(&out), "1,1,1,11,11:10/11,11,11,11,11:0/S");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["legal"],
        serde_json::json!(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"])
    );
    let e = error(&eson("11"));
    assert!(e.contains("pit 11 does not exist: pits are numbered 1 to 10"), "{e}");
    // perft counts a move of either row: ten at the start.
    let perft =
        home.mancala().args(["perft", "-v", "eson-xorgol", "--depth", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&perft.stdout).into_owned();
    assert!(text.contains("depth  1  leaves               10"), "{text}");
    assert!(text.contains("depth  3  leaves              800"), "{text}");
}
