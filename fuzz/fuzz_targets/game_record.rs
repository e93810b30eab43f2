//! Game records: `Record::from_bytes` never panics; a record that reads
//! prints and reads back to the same game, players and seed; an error
//! names a line of the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_engine::record::Record;
use mancala_fuzz::replay;

fuzz_target!(|data: &[u8]| {
    match Record::from_bytes(data) {
        Ok(record) => {
            let text = record.to_text();
            let back: Record = text.parse().expect("a printed record reads back");
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
        Err(e) => {
            let lines = data.split(|&b| b == b'\n').count();
            assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
            assert!(e.message.len() <= 4 * data.len() + 4096, "{} bytes of error", e.message.len());
        }
    }
});
