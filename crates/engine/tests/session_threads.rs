//! A `ponderhit` timer ends with its search. In a test binary of its own:
//! it counts the process's threads, which other tests would change.
#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use mancala_core::Variant;
use mancala_engine::session::{NoEndgame, Session, Transcript};

/// A `ponderhit` timer ends with its search: many pondering searches
/// stopped long before their time leave no thread behind.
#[test]
fn ponderhit_timers_end_with_their_search() {
    let threads = || std::fs::read_dir("/proc/self/task").unwrap().count();
    let out = Transcript::default();
    let v = Variant::preset("kalah").unwrap();
    let mut s = Session::new(v, 16, out.out(), Box::new(NoEndgame)).unwrap();
    let bestmoves = || out.lines().iter().filter(|l| l.starts_with("bestmove")).count();
    let before = threads();
    for round in 1..=40 {
        s.line("go ponder movetime 3600000");
        s.line("ponderhit");
        s.line("stop");
        assert_eq!(bestmoves(), round);
    }
    // The timers see their line close at once; give them a moment to exit.
    let started = Instant::now();
    while threads() > before + 2 && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(threads() <= before + 2, "{} threads after, {before} before", threads());
    s.finish();
}
