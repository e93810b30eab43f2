//! Position strings: the parser (`Setup`, of each layout) never panics; a
//! setup that parses prints and reads back to itself; under each preset it
//! fits in that layout, the checked position's legal moves are exactly
//! those `play` accepts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{Compact, Layout, Setup, Wide};
use mancala_fuzz::{check_position, variants_fitting};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check::<Compact>(text);
    check::<Wide>(text);
});

/// `text` read as a position string of the layout `L`.
fn check<L: Layout>(text: &str) {
    let Ok(p) = Setup::<L>::from_str_in(text) else { return };
    let printed = p.to_string();
    let back = Setup::<L>::from_str_in(&printed).expect("a printed position reads back");
    assert_eq!(back, p, "{text:?} printed as {printed:?}");
    assert_eq!(back.to_string(), printed);
    for v in variants_fitting(&p) {
        let settled = p.position(&v).expect("it fits");
        check_position(&v, &settled, settled.total_seeds());
    }
}
