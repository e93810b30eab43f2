//! Position strings: the parser (`Setup`) never panics; a setup that
//! parses prints and reads back to itself; under each preset it fits, the
//! checked position's legal moves are exactly those `play` accepts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::Setup;
use mancala_fuzz::{check_position, variants_fitting};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = text.parse::<Setup>() else { return };
    let printed = p.to_string();
    let back: Setup = printed.parse().expect("a printed position reads back");
    assert_eq!(back, p, "{text:?} printed as {printed:?}");
    assert_eq!(back.to_string(), printed);
    for v in variants_fitting(&p) {
        let settled = p.position(&v).expect("it fits");
        check_position(&v, &settled, settled.total_seeds());
    }
});
