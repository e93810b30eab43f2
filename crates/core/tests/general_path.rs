//! The general sowing against the fast path: the presets of the Kalah and
//! Oware families, played through the general sowing
//! (`Variant::through_general_sowing`), give the same positions and reports
//! move by move, the same legal moves and the same perft counts. The
//! general sowing is the path every rule set with a newer element takes,
//! so this checks it on the rules the fast path and OpenSpiel already
//! agree on.

use mancala_core::*;

/// A small deterministic generator (SplitMix64), so that failures repeat.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The presets the fast path plays, at their own size and a few others.
fn fast_path_variants() -> Vec<Variant> {
    let mut out = Vec::new();
    for name in preset_names() {
        let v = Variant::preset(name).unwrap();
        if v.rules().uses_general_elements() {
            continue;
        }
        for (pits, seeds) in
            [(None, None), (Some(3), Some(3)), (Some(5), Some(2)), (Some(8), Some(5))]
        {
            if let Ok(sized) = v.resized(pits, seeds) {
                out.push(sized);
            }
        }
    }
    out
}

#[test]
fn the_fast_presets_are_the_kalah_and_oware_families() {
    let names: Vec<String> = fast_path_variants().iter().map(|v| v.name().to_string()).collect();
    for name in ["kalah", "kalah-classic", "mankalah", "oware", "abapa", "awari", "relay-kalah"] {
        assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
    }
}

#[test]
fn the_general_sowing_plays_every_move_as_the_fast_path() {
    let mut rng = Rng(7);
    let mut moves_checked = 0u64;
    for fast in fast_path_variants() {
        let general = fast.through_general_sowing();
        for _ in 0..20 {
            let mut position = Position::start(&fast);
            // A position alone does not see repetitions: at most 300 moves.
            for _ in 0..300 {
                if position.is_over() {
                    break;
                }
                let legal = position.legal_moves(&fast);
                let through_general: Vec<Move> = position.legal_moves(&general).iter().collect();
                assert_eq!(
                    legal.iter().collect::<Vec<_>>(),
                    through_general,
                    "{} {position:?}",
                    fast.name()
                );
                for mv in legal.iter() {
                    let a = position.play(&fast, mv).unwrap();
                    let b = position.play(&general, mv).unwrap();
                    assert_eq!(a, b, "{} {position:?} move {mv:?}", fast.name());
                    moves_checked += 1;
                }
                let mv = legal.iter().nth(rng.below(legal.len())).unwrap();
                position = position.play(&fast, mv).unwrap().0;
            }
        }
    }
    assert!(moves_checked > 50_000, "only {moves_checked} moves");
}

#[test]
fn the_general_sowing_has_the_fast_paths_perft_counts() {
    for fast in fast_path_variants() {
        let general = fast.through_general_sowing();
        let depth = if fast.pits_per_side() > 6 { 5 } else { 6 };
        let a = Game::new(fast.clone()).perft(depth);
        let b = Game::new(general).perft(depth);
        assert_eq!(
            a,
            b,
            "{} {}x{} depth {depth}",
            fast.name(),
            fast.pits_per_side(),
            fast.seeds_per_pit()
        );
    }
}
