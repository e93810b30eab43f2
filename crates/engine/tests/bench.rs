//! The search benchmark's node-count signature (as Stockfish's CI checks
//! its `bench`): the fixed positions searched to their fixed depths from an
//! empty table visit exactly `SIGNATURE` nodes, on every run and machine.
//! A change here means the search changed: deliberate changes update the
//! constant in the same commit.

use mancala_engine::search::bench::{run, CASES, SIGNATURE};

#[test]
fn the_bench_node_count_is_the_signature() {
    let per_case: Vec<u64> = CASES.iter().map(|case| run(case).nodes).collect();
    let total: u64 = per_case.iter().sum();
    assert_eq!(total, SIGNATURE, "nodes per case: {per_case:?}");
}

#[test]
fn the_bench_is_the_same_twice() {
    // Deterministic: a second run from a new table gives the same counts,
    // scores and best moves.
    for case in &CASES[..3] {
        let (a, b) = (run(case), run(case));
        assert_eq!((a.nodes, a.score, a.best), (b.nodes, b.score, b.best), "{case:?}");
    }
}
