//! Solve checkpoints: `Checkpoint::parse` never panics and accepts only a
//! checkpoint of this solve, with a sound checksum and bounds the position
//! allows. When the first byte is odd, the text's first three lines get
//! their true checksum as the fourth, so that the fields behind the
//! checksum are fuzzed too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::Position;
use mancala_solver::Checkpoint;
use xxhash_rust::xxh3::xxh3_64;

/// The first three lines of `text` (each with its `\n`) and their checksum
/// line, as the solver writes it.
fn with_checksum(text: &str) -> String {
    let body: String = text.split_inclusive('\n').take(3).collect();
    format!("{body}checksum {:016x}\n", xxh3_64(body.as_bytes()))
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    // A checkpoint is the solver's, and the solver is compact by nature
    // (`Variant::compact_only`): a preset of the compact layout.
    let v = mancala_fuzz::preset_named("kalah-irving").expect("preset");
    let root = Position::start(&v);
    let identity = Checkpoint::identity(&v, &root);
    let text = if mode & 1 == 1 { with_checksum(text) } else { text.to_string() };
    if let Ok(c) = Checkpoint::parse(&text, identity, &root) {
        let seeds = root.total_seeds() as i32;
        assert_eq!(c.identity, identity);
        assert!(c.lower <= c.upper && -seeds <= c.lower && c.upper <= seeds, "{c:?}");
        let again = Checkpoint::parse(&c.to_text(), identity, &root).expect("reads back");
        assert_eq!(again, c);
    }
});
