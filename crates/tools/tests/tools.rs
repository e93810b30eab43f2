//! The generators of the shipped files: each shipped file names a command
//! of theirs that wrote it, and a small run of each writes a file the
//! engine reads back.

use std::process::Command;

use mancala_engine::book::{self, Book};
use mancala_engine::search::eval;

/// The `# Written by: ` line of a shipped file.
fn written_by(file: &str, text: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix("# Written by: "))
        .unwrap_or_else(|| panic!("{file} does not say what wrote it"))
        .to_string()
}

#[test]
fn every_shipped_file_names_the_command_of_this_crate_that_wrote_it() {
    let weights = [
        ("oware.txt", eval::OWARE_WEIGHTS_TEXT, "train_eval"),
        ("kalah.txt", eval::KALAH_WEIGHTS_TEXT, "train_eval"),
        ("relay-kalah.txt", eval::RELAY_WEIGHTS_TEXT, "train_eval"),
    ];
    let books = book::shipped_texts().iter().map(|&(file, text)| (file, text, "build_book"));
    for (file, text, program) in weights.into_iter().chain(books) {
        let command = written_by(file, text);
        let expected = format!("cargo run --release -p mancala-tools --bin {program} -- ");
        assert!(command.starts_with(&expected), "{file}: {command}");
    }
}

#[test]
fn build_book_writes_a_book_that_reads_back() {
    let out = Command::new(env!("CARGO_BIN_EXE_build_book"))
        .args(["--variant", "kalah", "--plies", "2", "--all-plies", "1", "--nodes", "2000"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let b = Book::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(b.variant().name(), "kalah");
    assert_eq!(
        written_by("the book", &text),
        "cargo run --release -p mancala-tools --bin build_book -- --variant kalah --plies 2 \
         --all-plies 1 --nodes 2000 --width 2 --margin 1"
    );
    // A bad option is refused with the usage.
    let out = Command::new(env!("CARGO_BIN_EXE_build_book")).arg("--plies").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Options: --variant NAME"));
}

#[test]
fn train_eval_writes_weights_that_read_back() {
    let args = ["--family", "kalah", "--games", "4", "--rounds", "1", "--depth", "2"];
    let out = Command::new(env!("CARGO_BIN_EXE_train_eval")).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    eval::parse_weights(&text, "kalah").unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(
        written_by("the weights", &text),
        format!("cargo run --release -p mancala-tools --bin train_eval -- {}", args.join(" "))
    );
    let out = Command::new(env!("CARGO_BIN_EXE_train_eval")).arg("--bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
