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
