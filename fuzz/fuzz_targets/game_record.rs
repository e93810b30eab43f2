//! Game records: reading one never panics; a record that reads, in the
//! layout of its variant (`Record::layout_of`: the wide board's records
//! as `Record<Wide>`), prints and reads back to the same game, players and
//! seed; an error names a line of the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{with_layout, Layout};
use mancala_engine::record::{Record, RecordError};
use mancala_fuzz::replay;

fuzz_target!(|data: &[u8]| {
    match Record::layout_of(data) {
        Ok(kind) => with_layout!(kind, L => read_back::<L>(data)),
        Err(e) => {
            // A header that does not read: neither does the record.
            let whole = Record::from_bytes(data).expect_err("a record whose header is refused");
            bounded(data, &e);
            bounded(data, &whole);
        }
    }
});

/// A record read in the layout `L` prints and reads back to itself; or
/// its error is bounded and names a line of the text.
fn read_back<L: Layout>(data: &[u8]) {
    match Record::<L>::from_bytes_in(data) {
        Ok(record) => {
            let text = record.to_text();
            let back: Record<L> = text.parse().expect("a printed record reads back");
            let (a, b) = (&record.game, &back.game);
            assert_eq!(a.variant().rules(), b.variant().rules(), "{text}");
            assert_eq!(a.start(), b.start());
            assert_eq!(a.moves(), b.moves());
            assert_eq!(a.position(), b.position());
            assert_eq!(record.players, back.players);
            assert_eq!(record.seed, back.seed);
            assert_eq!(back.to_text(), text);
            assert_eq!(replay(a), *a.position());
        }
        Err(e) => bounded(data, &e),
    }
}

/// An error names a line of the text (or the line after it) and says it
/// in a bounded number of bytes.
fn bounded(data: &[u8], e: &RecordError) {
    let lines = data.split(|&b| b == b'\n').count();
    assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
    assert!(e.message.len() <= 4 * data.len() + 4096, "{} bytes of error", e.message.len());
}
