//! The evaluation: the learned weights file loads and is checked (a
//! damaged file is refused, saying what is wrong), the evaluation is the
//! same for either side, stays within what the stores allow, and reads the
//! board as the rules do.

use mancala_core::{Game, Position, Setup, Side, Variant};
use mancala_engine::playout::SplitMix64;
use mancala_engine::search::eval::{
    estimate, features, format_weights, kalah_features, kalah_weights, learned_estimate,
    learned_fits, learned_kalah_fits, learned_relay_fits, oware_weights, parse_weights,
    relay_weights, Evaluator, PackedWeights, Weights, WeightsError, FEATURES, FEATURE_NAMES,
    KALAH_FEATURE_NAMES, KALAH_WEIGHTS_TEXT, OWARE_WEIGHTS_TEXT, RELAY_WEIGHTS_TEXT,
    WEIGHTS_VERSION,
};
use mancala_engine::search::score::bounds;

/// Positions from random games of a variant (not over).
fn random_positions(name: &str, games: usize, seed: u64) -> Vec<Position> {
    game_positions(&Variant::preset(name).unwrap(), games, &mut SplitMix64::new(seed))
}

/// Positions from `games` random games of `v` (not over).
fn game_positions(v: &Variant, games: usize, rng: &mut SplitMix64) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = Game::new(v.clone());
        while !g.position().is_over() && g.moves().len() < 300 {
            out.push(*g.position());
            let moves = g.legal_moves();
            g.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
    }
    out
}

/// The same position with the sides swapped: rows, stores and mover.
fn mirrored(p: &Position) -> Position {
    let (s, n) = (Side::South, Side::North);
    Setup::from_rows(p.row(n), p.row(s), [p.store(n), p.store(s)], p.to_move().opponent())
        .unwrap()
        .position_unchecked()
}

#[test]
fn the_compiled_weights_load_and_are_used_for_the_oware_family() {
    let w = parse_weights(OWARE_WEIGHTS_TEXT, "oware").expect("weights/oware.txt is valid");
    assert_eq!(&w, oware_weights());
    // Learned, not the store difference alone: the store margin is not
    // the only weight.
    assert!(w.full[1..].iter().chain(&w.empty[1..]).any(|&x| x != 0), "{w:?}");
    for name in ["oware", "abapa", "awari"] {
        assert!(learned_fits(&Variant::preset(name).unwrap()), "{name}");
    }
    for name in ["kalah", "mankalah", "relay-kalah"] {
        assert!(!learned_fits(&Variant::preset(name).unwrap()), "{name}");
    }
    // And the search uses it: some positions evaluate differently from
    // the store difference.
    let v = Variant::preset("oware").unwrap();
    let (learned, stores) = (Evaluator::new(&v), Evaluator::stores(&v));
    let positions = random_positions("oware", 4, 11);
    let differ = positions.iter().filter(|p| learned.eval(&v, p) != stores.eval(&v, p)).count();
    assert!(differ > positions.len() / 10, "{differ} of {}", positions.len());
}

#[test]
fn weights_round_trip_through_the_file_format() {
    let mut w = Weights { scale: 16, full: [0; FEATURES], empty: [0; FEATURES] };
    for i in 0..FEATURES {
        w.full[i] = i as i32 * 7 - 50;
        w.empty[i] = 90 - i as i32 * 3;
    }
    let text = format_weights("oware", &w, &["a comment".to_string()]);
    assert!(text.starts_with("# a comment\n"));
    assert_eq!(parse_weights(&text, "oware"), Ok(w));
}

/// The compiled-in file with one line replaced (the first line starting
/// with `prefix`).
fn damaged(prefix: &str, replacement: &str) -> String {
    let mut done = false;
    let lines: Vec<String> = OWARE_WEIGHTS_TEXT
        .lines()
        .map(|l| {
            if !done && l.starts_with(prefix) {
                done = true;
                replacement.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(done, "no line starts with {prefix}");
    lines.join("\n") + "\n"
}

#[test]
fn damaged_weights_files_are_refused_saying_what_is_wrong() {
    let w = oware_weights();
    assert_ne!(w.full[0], w.empty[0]);
    let header = OWARE_WEIGHTS_TEXT.lines().find(|l| l.starts_with("mancala-eval")).unwrap();
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "empty"),
        (damaged("mancala-eval", &header.replace(" 1 oware", " 2 oware")), "version 2"),
        (damaged("mancala-eval", &header.replace("oware 24", "oware 23")), "23 features"),
        (damaged("mancala-eval", &header.replace("oware", "kalah")), "kalah family"),
        (damaged("mancala-eval", "mancala-eval 1 oware"), "header"),
        (damaged("our_laps", "our_laps 1.5 2"), "`1.5` is not a number"),
        (damaged("our_laps", "our_laps 1 200000"), "outside -100000..=100000"),
        (damaged("our_laps", "their_laps 3 3"), "expected `our_laps FULL EMPTY`"),
        (damaged("our_laps", "our_laps 3"), "expected `our_laps FULL EMPTY`"),
        (damaged("tempo", "# tempo removed"), "ends after 23 of its 24 weights"),
        (damaged("checksum", "# no checksum"), "no `checksum` line"),
        (
            damaged("store_margin", &format!("store_margin {} {}", w.full[0] + 1, w.empty[0])),
            "the file is damaged",
        ),
        (
            // The two columns swapped (they differ: the store margin
            // counts more near the end).
            damaged("store_margin", &format!("store_margin {} {}", w.empty[0], w.full[0])),
            "the file is damaged",
        ),
        (damaged("checksum", "checksum 0123456789abcdef"), "the file is damaged"),
        (OWARE_WEIGHTS_TEXT.to_string() + "tempo 3 3\n", "unexpected text after the checksum"),
    ];
    for (text, expected) in cases {
        let err = parse_weights(&text, "oware").expect_err(expected);
        let message = err.to_string();
        assert!(message.contains(expected), "expected `{expected}` in: {message}");
    }
    // The line of the fault is named.
    let text = damaged("our_laps", "our_laps 1 x");
    let line = text.lines().position(|l| l == "our_laps 1 x").unwrap() + 1;
    assert_eq!(parse_weights(&text, "oware"), Err(WeightsError::Number { line, text: "x".into() }));
    assert!(WEIGHTS_VERSION == 1 && FEATURE_NAMES.len() == FEATURES);
}

#[test]
fn the_evaluation_is_the_same_for_either_side_and_within_the_store_bounds() {
    for name in ["oware", "abapa", "awari"] {
        let v = Variant::preset(name).unwrap();
        let e = Evaluator::new(&v);
        let positions = random_positions(name, 20, 5);
        assert!(positions.len() > 500);
        for p in &positions {
            let m = mirrored(p);
            let (a, b) = (e.eval(&v, p), e.eval(&v, &m));
            // Each seen by its own mover: equal. Seen by South, negated.
            assert_eq!(a, b, "{name}: {p:?} / {m:?}");
            assert_eq!(features(p), features(&m));
            let (low, high) = bounds(&v, p);
            assert!(low <= a && a <= high, "{name}: {a} outside {low}..={high} at {p:?}");
        }
    }
}

#[test]
fn extreme_weights_stay_within_the_store_bounds() {
    let v = Variant::preset("oware").unwrap();
    for big in [100_000, -100_000] {
        let e = Evaluator::learned(Weights {
            scale: 1,
            full: [big; FEATURES],
            empty: [-big; FEATURES],
        });
        for p in random_positions("oware", 5, 9) {
            let (low, high) = bounds(&v, &p);
            let s = e.eval(&v, &p);
            assert!(low <= s && s <= high, "{s} outside {low}..={high}");
        }
    }
}

#[test]
fn the_features_read_captures_laps_and_small_pits() {
    // South to move: South's sixth pit (2 seeds) sows into North's first
    // two pits, making 3 and 2 there: a chained capture of 5. South's
    // fifth pit laps the board (13 seeds) and is not scanned. No pit of
    // North's reaches South's side, so North captures nothing.
    let p = Setup::from_rows(&[0, 0, 0, 0, 13, 2], &[1, 2, 1, 0, 0, 0], [10, 19], Side::South)
        .unwrap()
        .position_unchecked();
    let f = features(&p);
    let at = |name: &str| f[FEATURE_NAMES.iter().position(|n| *n == name).unwrap()];
    assert_eq!(at("store_margin"), -9);
    assert_eq!(at("our_pit_5"), 13);
    assert_eq!(at("their_pit_2"), 2);
    assert_eq!(at("our_capture"), 5);
    assert_eq!(at("their_capture"), 0);
    assert_eq!(at("our_laps"), 1);
    assert_eq!(at("their_laps"), 0);
    assert_eq!(at("our_pits_1_2"), 1);
    assert_eq!(at("their_pits_1_2"), 3);
    assert_eq!(at("our_empty_pits"), 4);
    assert_eq!(at("their_empty_pits"), 3);
    // Pits whose seeds reach the other side: South's fifth (13) and
    // sixth (2); none of North's.
    assert_eq!(at("our_reaching_pits"), 2);
    assert_eq!(at("their_reaching_pits"), 0);
    assert_eq!(at("tempo"), 1);
    // Seen by North, the same board reads the other way round.
    let q = Setup::from_rows(p.row(Side::South), p.row(Side::North), [10, 19], Side::North)
        .unwrap()
        .position_unchecked();
    let g = features(&q);
    assert_eq!(g[0], 9);
    assert_eq!(g[FEATURE_NAMES.iter().position(|n| *n == "their_capture").unwrap()], 5);
}

#[test]
fn the_compiled_kalah_weights_load_and_are_used_for_the_kalah_family() {
    let w = parse_weights(KALAH_WEIGHTS_TEXT, "kalah").expect("weights/kalah.txt is valid");
    assert_eq!(&w, kalah_weights());
    assert!(w.full[1..].iter().chain(&w.empty[1..]).any(|&x| x != 0), "{w:?}");
    for name in ["kalah", "kalah-classic", "kalah-irving", "mankalah"] {
        assert!(learned_kalah_fits(&Variant::preset(name).unwrap()), "{name}");
    }
    // Relay sowing and the Oware family are not Kalah's game.
    for name in ["relay-kalah", "oware", "abapa", "awari"] {
        assert!(!learned_kalah_fits(&Variant::preset(name).unwrap()), "{name}");
    }
    // The family is checked: Kalah weights are not Oware's, and the other
    // way round (their feature names differ too).
    assert_eq!(
        parse_weights(KALAH_WEIGHTS_TEXT, "oware"),
        Err(WeightsError::Family { found: "kalah".into(), expected: "oware".into() })
    );
    let renamed = OWARE_WEIGHTS_TEXT.replace(" oware ", " kalah ");
    let e = parse_weights(&renamed, "kalah").unwrap_err();
    assert!(matches!(e, WeightsError::Name { expected: "our_pits_6_on", .. }), "{e}");
    // The search uses them: positions evaluate differently from the
    // store-and-side estimate.
    let v = Variant::preset("mankalah").unwrap();
    let (learned, stores) = (Evaluator::new(&v), Evaluator::stores(&v));
    let positions = random_positions("mankalah", 4, 11);
    let differ = positions.iter().filter(|p| learned.eval(&v, p) != stores.eval(&v, p)).count();
    assert!(differ > positions.len() / 10, "{differ} of {}", positions.len());
}

#[test]
fn the_kalah_evaluation_is_the_same_for_either_side_and_within_the_store_bounds() {
    for name in ["kalah", "kalah-irving", "mankalah"] {
        let v = Variant::preset(name).unwrap();
        let e = Evaluator::new(&v);
        for p in &random_positions(name, 20, 5) {
            let m = mirrored(p);
            let (a, b) = (e.eval(&v, p), e.eval(&v, &m));
            assert_eq!(a, b, "{name}: {p:?} / {m:?}");
            assert_eq!(kalah_features(p, true), kalah_features(&m, true));
            let (low, high) = bounds(&v, p);
            assert!(low <= a && a <= high, "{name}: {a} outside {low}..={high} at {p:?}");
        }
    }
}

#[test]
fn the_kalah_features_read_extra_turns_captures_and_overflow() {
    // South to move; each row from its owner's left, its store after pit 6.
    //
    //            North  (pit 6 .. pit 1 as South sees them)
    //        7   2   1   5   0   1
    //   13                           10
    //        0   1   0   1   2   2
    //            South  (pit 1 .. pit 6)
    //
    // South's pit 5 (2 seeds, two from the store) ends in the store: an
    // extra turn. South's pit 2 (1 seed) ends in the empty pit 3, opposite
    // North's pit 4 (1 seed): a capture of 2. South's pit 6 (2 seeds, one
    // from the store) sows one seed past it: an overflow of 1.
    let south = [0, 1, 0, 1, 2, 2];
    let north = [1, 0, 5, 1, 2, 7];
    let p = Setup::from_rows(&south, &north, [10, 13], Side::South).unwrap().position_unchecked();
    let f = kalah_features(&p, false);
    let at = |name: &str| f[KALAH_FEATURE_NAMES.iter().position(|n| *n == name).unwrap()];
    assert_eq!(at("store_margin"), -3);
    // By distance from the store: South's pit 6 is pit 1 from it.
    assert_eq!([at("our_pit_1"), at("our_pit_2"), at("our_pit_3")], [2, 2, 1]);
    assert_eq!([at("our_pit_4"), at("our_pit_5"), at("our_pits_6_on")], [0, 1, 0]);
    assert_eq!([at("their_pit_1"), at("their_pit_2"), at("their_pits_6_on")], [7, 2, 1]);
    assert_eq!(at("our_extra_turns"), 1);
    // North's pit 5 (2 seeds) ends in its store.
    assert_eq!(at("their_extra_turns"), 1);
    assert_eq!(at("our_empty_pits"), 2);
    assert_eq!(at("their_empty_pits"), 1);
    assert_eq!(at("our_capture"), 2);
    // North's pit 1 (1 seed) ends in its empty pit 2, opposite South's
    // pit 5 (2 seeds): 3.
    assert_eq!(at("their_capture"), 3);
    assert_eq!(at("our_overflow"), 1);
    // North's pit 6 sows 6 past its store, pit 3 one.
    assert_eq!(at("their_overflow"), 7);
    assert_eq!([at("our_largest_pit"), at("their_largest_pit")], [2, 7]);
    assert_eq!(at("tempo"), 1);
    // Landing in an empty pit opposite an empty one: a capture of the last
    // seed only where the rules capture against an empty pit.
    //        0   0   0   0   0   3
    //    0                           0
    //        1   0   0   0   0   0
    let lone = Setup::from_rows(&[1, 0, 0, 0, 0, 0], &[3, 0, 0, 0, 0, 0], [0, 0], Side::South)
        .unwrap()
        .position_unchecked();
    let capture = KALAH_FEATURE_NAMES.iter().position(|n| *n == "our_capture").unwrap();
    assert_eq!(kalah_features(&lone, false)[capture], 0);
    assert_eq!(kalah_features(&lone, true)[capture], 1);
}

#[test]
fn the_compiled_relay_weights_load_and_are_used_for_relay_kalah() {
    let w = parse_weights(RELAY_WEIGHTS_TEXT, "relay").expect("weights/relay-kalah.txt is valid");
    assert_eq!(&w, relay_weights());
    assert_ne!(&w, kalah_weights(), "relay Kalah has weights of its own");
    let v = Variant::preset("relay-kalah").unwrap();
    assert!(learned_relay_fits(&v));
    for name in ["kalah", "mankalah", "oware"] {
        assert!(!learned_relay_fits(&Variant::preset(name).unwrap()), "{name}");
    }
    let (learned, stores) = (Evaluator::new(&v), Evaluator::stores(&v));
    let positions = random_positions("relay-kalah", 4, 11);
    let differ = positions.iter().filter(|p| learned.eval(&v, p) != stores.eval(&v, p)).count();
    assert!(differ > positions.len() / 10, "{differ} of {}", positions.len());
    for p in &positions {
        let (low, high) = bounds(&v, p);
        let s = learned.eval(&v, p);
        assert!(low <= s && s <= high, "{s} outside {low}..={high}");
        assert_eq!(s, learned.eval(&v, &mirrored(p)));
    }
}

/// Positions from random games of `v` (not over), and boards with big
/// piles the games rarely reach: one pit holding up to 180 seeds (a board
/// holds at most 255), the rest of the seeds spread at random.
fn positions_of(v: &Variant, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = game_positions(v, games, &mut rng);
    let n = v.pits_per_side();
    for _ in 0..200 {
        let mut rows = [vec![0u8; n], vec![0u8; n]];
        for (row, big) in rows.iter_mut().zip([181, 21]) {
            row[rng.below(n as u32) as usize] = rng.below(big) as u8;
            for _ in 0..rng.below(15) {
                row[rng.below(n as u32) as usize] += 1;
            }
        }
        let stores = [rng.below(10) as u8, rng.below(10) as u8];
        let mover = if rng.below(2) == 0 { Side::South } else { Side::North };
        out.push(Setup::from_rows(&rows[0], &rows[1], stores, mover).unwrap().position_unchecked());
    }
    out
}

/// Weights for the packing test: random within the file format's limits,
/// or at the limits themselves (every weight +100,000, or -100,000, or
/// alternating).
fn test_weights(rng: &mut SplitMix64, kind: u32) -> Weights {
    let mut w =
        Weights { scale: 1 + rng.below(4096) as i32, full: [0; FEATURES], empty: [0; FEATURES] };
    for i in 0..FEATURES {
        let (full, empty) = match kind {
            0 => (100_000, 100_000),
            1 => (-100_000, -100_000),
            2 => (100_000, -100_000),
            _ => (rng.below(200_001) as i32 - 100_000, rng.below(200_001) as i32 - 100_000),
        };
        w.full[i] = full;
        w.empty[i] = empty;
    }
    w
}

/// The search's evaluation reads packed tables ([`PackedWeights`]); they
/// must give exactly what the weights give over the feature vector, for
/// the compiled weights and for any weights a file may hold, on every
/// board the families' weights are made for.
#[test]
fn the_packed_tables_estimate_exactly_what_the_features_and_weights_do() {
    let mut rng = SplitMix64::new(5);
    let sized = |name: &str, pits: u8, seeds: u8| {
        Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap()
    };
    let oware_family = [
        Variant::preset("oware").unwrap(),
        Variant::preset("abapa").unwrap(),
        sized("awari", 6, 8),
    ];
    let kalah_family = [
        Variant::preset("kalah").unwrap(),
        Variant::preset("kalah-classic").unwrap(),
        Variant::preset("mankalah").unwrap(),
        Variant::preset("relay-kalah").unwrap(),
        sized("kalah", 3, 12),
        sized("kalah-classic", 16, 2),
    ];
    let mut compared = 0;
    for v in &oware_family {
        assert!(learned_fits(v), "{}", v.name());
        let positions = positions_of(v, 20, 1);
        let compiled = Evaluator::new(v);
        for p in &positions {
            let (low, high) = bounds(v, p);
            let expected = learned_estimate(oware_weights(), p).clamp(low, high);
            assert_eq!(compiled.eval(v, p), expected, "{} {p}", v.name());
        }
        for kind in 0..8 {
            let w = test_weights(&mut rng, kind);
            let packed = PackedWeights::oware(&w);
            for p in &positions {
                assert_eq!(
                    packed.oware_estimate(p),
                    learned_estimate(&w, p),
                    "{} {p} {w:?}",
                    v.name()
                );
                compared += 1;
            }
        }
    }
    for v in &kalah_family {
        assert!(learned_kalah_fits(v) || learned_relay_fits(v), "{}", v.name());
        let always = v.rules().capture.empty_pit == mancala_core::EmptyPitCapture::Always;
        let positions = positions_of(v, 20, 2);
        let compiled = Evaluator::new(v);
        let w = if learned_relay_fits(v) { relay_weights() } else { kalah_weights() };
        for p in &positions {
            let (low, high) = bounds(v, p);
            let expected = estimate(w, &kalah_features(p, always), p).clamp(low, high);
            assert_eq!(compiled.eval(v, p), expected, "{} {p}", v.name());
        }
        for kind in 0..8 {
            let w = test_weights(&mut rng, kind);
            let packed = PackedWeights::kalah(&w);
            for p in &positions {
                let expected = estimate(&w, &kalah_features(p, always), p);
                assert_eq!(packed.kalah_estimate(p, always), expected, "{} {p} {w:?}", v.name());
                compared += 1;
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
}
