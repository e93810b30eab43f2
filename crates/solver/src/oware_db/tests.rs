//! The database build's own move generation against `mancala_core`, board
//! by board, on every board of small layers of many rule sets.

use std::collections::HashMap;

use mancala_core::{EmptyPitCapture, EmptySide, GrandSlam, Repetition, Rules, Variant};

use super::database_variant;
use super::forward::{Board, Moves, Sower, Sowing};
use super::retro::LayerSolver;
use super::unmove::Unmover;
use crate::index::BoardIndex;

/// The three presets and rule sets that change one rule of them at a
/// time (every rule the build's move generation reads), at `pits` a side.
fn rule_sets(pits: u8) -> Vec<Variant> {
    let mut out = Vec::new();
    for name in ["awari", "abapa", "oware"] {
        let base = Variant::preset(name).unwrap().resized(Some(pits), Some(4)).unwrap();
        let r = base.rules().clone();
        let mut changes: Vec<Rules> = vec![r.clone()];
        let mut with = |f: &dyn Fn(&mut Rules)| {
            let mut x = r.clone();
            f(&mut x);
            changes.push(x);
        };
        with(&|x| x.sowing.skip_origin = false);
        with(&|x| x.end.empty_side = EmptySide::Either);
        with(&|x| x.turn.must_feed = false);
        with(&|x| x.capture.chain = false);
        with(&|x| x.capture.counts = vec![1, 4]);
        with(&|x| x.capture.empty_pit = EmptyPitCapture::Always);
        with(&|x| x.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds);
        with(&|x| x.end.repetition = Repetition::Owner);
        for slam in [
            GrandSlam::Allowed,
            GrandSlam::Forbidden,
            GrandSlam::CapturesNothing,
            GrandSlam::OnlyIfForced,
        ] {
            with(&|x| x.capture.grand_slam = slam);
        }
        with(&|x| {
            x.capture.counts.clear();
            x.capture.chain = false;
            x.capture.grand_slam = GrandSlam::Allowed;
            x.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds;
        });
        for rules in changes {
            let v = Variant::new(rules).expect("a valid rule set");
            out.push(database_variant(&v).unwrap());
        }
    }
    out
}

fn board_of(index: &BoardIndex, seeds: usize, rank: u64) -> Board {
    let mut b = [0u8; 32];
    index.unrank(rank, seeds, &mut b[..index.pits()]);
    b
}

#[test]
fn sowing_agrees_with_mancala_core_on_every_small_board() {
    let mut boards = 0u64;
    for (pits, max_seeds) in [(1, 8), (2, 9), (3, 7), (4, 5), (6, 4)] {
        for v in rule_sets(pits) {
            let sower = Sower::new(v.rules(), pits as usize);
            let index = BoardIndex::new(2 * pits as usize);
            for seeds in 0..=max_seeds {
                for r in 0..index.count(seeds) {
                    let b = board_of(&index, seeds, r);
                    if let Err(e) = sower.check_with_core(&v, &b) {
                        panic!("{}: {e}\n{}", v.name(), v.rules().to_toml());
                    }
                    if let Err(e) = sower.check_small_with_core(&v, &b) {
                        panic!("{} (one word): {e}\n{}", v.name(), v.rules().to_toml());
                    }
                    boards += 1;
                }
            }
        }
    }
    assert!(boards > 100_000);
}

/// Larger boards, a sample: every 7th board of layers up to 16 seeds of
/// the 6-pit presets.
#[test]
fn sowing_agrees_with_mancala_core_on_sampled_6_pit_boards() {
    for v in rule_sets(6) {
        let sower = Sower::new(v.rules(), 6);
        let index = BoardIndex::new(12);
        for seeds in [12, 16] {
            for r in (0..index.count(seeds)).step_by(997) {
                let b = board_of(&index, seeds, r);
                if let Err(e) = sower.check_with_core(&v, &b) {
                    panic!("{}: {e}\n{}", v.name(), v.rules().to_toml());
                }
                if let Err(e) = sower.check_small_with_core(&v, &b) {
                    panic!("{} (one word): {e}\n{}", v.name(), v.rules().to_toml());
                }
            }
        }
    }
}

/// The un-moves of every board are exactly the same-layer moves found by
/// forward generation: the same (predecessor, board) pairs, as often.
#[test]
fn unmoves_are_exactly_the_same_layer_moves() {
    for (pits, max_seeds) in [(1, 8), (2, 9), (3, 6), (4, 4), (6, 3)] {
        for v in rule_sets(pits) {
            let n = pits as usize;
            let sower = Sower::new(v.rules(), n);
            let unmover = Unmover::new(v.rules(), n);
            let index = BoardIndex::new(2 * n);
            let mut out = [Sowing::default(); 16];
            for seeds in 0..=max_seeds {
                // Forward: for every board, the predecessors (with repeats).
                let mut forward: HashMap<u64, Vec<u64>> = HashMap::new();
                for r in 0..index.count(seeds) {
                    let b = board_of(&index, seeds, r);
                    if let Moves::Legal(mut mask) = sower.moves(&b, &mut out) {
                        while mask != 0 {
                            let k = mask.trailing_zeros() as usize;
                            mask &= mask - 1;
                            if out[k].captured == 0 {
                                let mut child = [0u8; 32];
                                child[..n].copy_from_slice(&out[k].board[n..2 * n]);
                                child[n..2 * n].copy_from_slice(&out[k].board[..n]);
                                forward
                                    .entry(index.rank_with_seeds(&child, seeds))
                                    .or_default()
                                    .push(r);
                            }
                        }
                    }
                }
                for r in 0..index.count(seeds) {
                    let b = board_of(&index, seeds, r);
                    let mut back = Vec::new();
                    unmover.predecessors(&index, &b, seeds, |p, pred| {
                        assert_eq!(*pred, board_of(&index, seeds, p));
                        back.push(p);
                    });
                    back.sort_unstable();
                    let mut expected = forward.remove(&r).unwrap_or_default();
                    expected.sort_unstable();
                    assert_eq!(
                        back,
                        expected,
                        "{} ({pits} pits): predecessors of {:?}\n{}",
                        v.name(),
                        &b[..2 * n],
                        v.rules().to_toml()
                    );
                }
            }
        }
    }
}

/// The forward pass on one-word boards (up to 8 pits a side) and on byte
/// boards (any size) record the same exits and counters, layer by layer
/// (each layer then solved for the next).
#[test]
fn both_forward_passes_agree() {
    use std::sync::atomic::{AtomicU32, Ordering};
    for (pits, max_seeds) in [(2, 8), (3, 6), (6, 4)] {
        for v in rule_sets(pits) {
            let n = pits as usize;
            let index = BoardIndex::new(2 * n);
            let sower = Sower::new(v.rules(), n);
            let mut layers: Vec<Vec<i8>> = Vec::new();
            let mut scratch = super::retro::Scratch::default();
            for seeds in 0..=max_seeds {
                let total = index.count(seeds) as usize;
                let solver = LayerSolver {
                    v: &v,
                    n,
                    index: &index,
                    lower: layers.iter().map(|l| &l[..]).collect(),
                    seeds,
                    total: total as u64,
                    threads: 2,
                    progress: &|_| {},
                    stop: &std::sync::atomic::AtomicBool::new(false),
                };
                let run = |small: bool| {
                    let states: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
                    let mut exits = vec![0i8; total];
                    let done = if small {
                        solver.forward_range_small(&sower, &states, 0, &mut exits)
                    } else {
                        solver.forward_range(&sower, &states, 0, &mut exits)
                    };
                    done.unwrap();
                    let states: Vec<u32> =
                        states.iter().map(|s| s.load(Ordering::Relaxed)).collect();
                    (exits, states)
                };
                assert!(run(true) == run(false), "{} ({pits} pits, {seeds} seeds)", v.name());
                let solved = solver.solve(&mut scratch).unwrap();
                layers.push(solved.values.values()[crate::layer_file::HEADER_LEN..].to_vec());
            }
        }
    }
}
