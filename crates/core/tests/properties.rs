//! Properties over many random games: every preset, random sizes, each
//! game in its variant's layout (the wide board's too).
//! Seeds are conserved, games end, the legal moves are exactly the moves
//! `play` accepts, and positions and moves round-trip through their text.

use mancala_core::*;
use proptest::prelude::*;

/// A preset at a random size it allows: up to 8 pits a row on two rows,
/// up to 12 on four (the wide board of `hus-12`), up to 8 seeds a pit.
/// The four-row boards past 255 seeds are in the wide layout.
fn sized_variant() -> impl Strategy<Value = Variant> {
    (0..preset_names().len(), any::<u8>(), any::<u8>()).prop_filter_map(
        "size outside the variant's range",
        |(i, a, b)| {
            let v = Variant::preset(preset_names()[i]).unwrap();
            let [pmin, pmax] = v.rules().board.pits_per_side_range;
            let [smin, smax] = v.rules().board.seeds_per_pit_range;
            let most = if v.rows() == 4 { 12 } else { 8 };
            let pits = pmin + a % (pmax.min(most) - pmin + 1);
            let seeds = smin + b % (smax.min(8).max(smin) - smin + 1);
            v.resized(Some(pits), Some(seeds)).ok()
        },
    )
}

/// Every move a position could be asked to play: all pit numbers in range
/// and beyond, and the swap.
fn all_candidates(n: usize) -> Vec<Move> {
    (0..=n as u8).map(Move::Sow).chain([Move::Swap]).collect()
}

/// Every preset, each in its own layout (`hus-12` in the wide one), then
/// Oware on 16 pits a side of 10 seeds: a two-row board past the compact
/// layout's 255 seeds (320), in the wide layout.
fn every_layout() -> Vec<Variant> {
    let mut all = Variant::presets();
    let oware = Variant::preset("oware").unwrap().at_size(Some(16), Some(10)).unwrap();
    assert_eq!((oware.layout(), oware.rows()), (LayoutKind::Wide, 2));
    all.push(oware);
    assert!(all.iter().any(|v| v.layout() == LayoutKind::Wide && v.rows() == 4));
    all
}

/// A random game of `v` (in its layout `L`, from moves `choices` picks),
/// checked at every position: seeds conserved, the legal moves exactly the
/// moves `play` accepts, the text reading back; at its end no legal move,
/// an outcome, the pits empty where the rules say so, and undo walking
/// back through the same positions.
fn random_game_holds<L: Layout>(v: &Variant, choices: &[u32]) -> Result<(), TestCaseError> {
    let total = v.total_seeds();
    let mut game = Game::<L>::new_in(v.clone());
    let mut plies = 0usize;
    // Every game must end: a generous bound on its length.
    let bound = 100_000;
    while !game.position().is_over() {
        let p = *game.position();
        prop_assert_eq!(p.total_seeds(), total, "seeds conserved in {}", p);
        let legal = p.legal_moves(v);
        prop_assert!(!legal.is_empty(), "a live game has a move: {}", p);
        // Legal moves are exactly the moves play accepts.
        for mv in all_candidates(v.move_pits()) {
            prop_assert_eq!(legal.contains(&mv), p.play(v, mv).is_ok(), "{} move {}", p, mv);
        }
        // Text round-trips.
        let text = p.to_string();
        prop_assert_eq!(Setup::<L>::from_str_in(&text).unwrap(), Setup::from(p));
        prop_assert!(Setup::from(p).check_fits(v).is_ok());
        let mv = legal[choices[plies % choices.len()] as usize % legal.len()];
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        game.play(mv).unwrap();
        plies += 1;
        prop_assert!(plies < bound, "game did not end in {} plies", bound);
    }
    let end = *game.position();
    prop_assert_eq!(end.total_seeds(), total);
    prop_assert!(end.legal_moves(v).is_empty());
    prop_assert_eq!(Setup::<L>::from_str_in(&end.to_string()).unwrap(), Setup::from(end));
    prop_assert_eq!(Setup::from(end).check_fits(v), Ok(()), "{}", end);
    prop_assert!(end.outcome().is_some());
    // When the rules move the seeds left to the stores, the pits are empty.
    // Split evenly (`seeds_left = "split"`), an odd seed stays.
    let left = end.side_seeds(Side::South) + end.side_seeds(Side::North);
    let by_history = matches!(end.end_reason(), Some(EndReason::Cycle | EndReason::QuietMoves));
    if end.end_reason() != Some(EndReason::Majority) && !by_history {
        let odd = (v.rules().end.seeds_left == SeedsLeft::Split) as u32;
        prop_assert!(left <= odd, "{}", end);
    }
    // Undo walks back to the start through the same positions.
    let positions = game.positions().to_vec();
    for i in (0..game.moves().len()).rev() {
        game.undo();
        prop_assert_eq!(*game.position(), positions[i]);
    }
    Ok(())
}

/// A real position of `v` (in its layout `L`) from a random game: its
/// text, then the `edits` (a character replaced, inserted or deleted), so
/// that the text is near the grammar; what parses prints and parses back,
/// the unedited text reads as the position, and only an edited text may
/// be refused.
fn position_text_holds<L: Layout>(
    v: &Variant,
    choices: &[u32],
    edits: &[(usize, usize, u8)],
) -> Result<(), TestCaseError> {
    let mut game = Game::<L>::new_in(v.clone());
    for c in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(legal[*c as usize % legal.len()]).unwrap();
    }
    let p = *game.position();
    const ALPHABET: &[u8] = b"0123456789,:/SN+#-aegiknoprswy ";
    let mut text = p.to_string().into_bytes();
    for &(at, pick, kind) in edits {
        let at = at % (text.len() + 1);
        let byte = ALPHABET[pick % ALPHABET.len()];
        match kind {
            0 if at < text.len() => text[at] = byte,
            1 => text.insert(at, byte),
            _ if at < text.len() => {
                text.remove(at);
            }
            _ => {}
        }
    }
    let text = String::from_utf8(text).unwrap();
    match Setup::<L>::from_str_in(&text) {
        Ok(q) => {
            prop_assert_eq!(Setup::<L>::from_str_in(&q.to_string()).unwrap(), q);
            if edits.is_empty() {
                prop_assert_eq!(q, Setup::from(p));
            }
        }
        Err(e) => {
            prop_assert!(!edits.is_empty(), "{:?} is a printed position yet refused: {}", text, e);
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conserve_seeds_end_and_agree_with_play(
        v in sized_variant(),
        choices in proptest::collection::vec(any::<u32>(), 1..64),
    ) {
        with_layout!(v.layout(), L => random_game_holds::<L>(&v, &choices))?;
    }

    #[test]
    fn position_text_never_panics_and_parses_back(
        v in sized_variant(),
        choices in proptest::collection::vec(any::<u32>(), 0..48),
        edits in proptest::collection::vec((any::<usize>(), any::<usize>(), 0..3u8), 0..3),
    ) {
        // Both halves of the check run: zero to two edits.
        with_layout!(v.layout(), L => position_text_holds::<L>(&v, &choices, &edits))?;
    }

    #[test]
    fn move_text_never_panics(text in "\\PC{0,12}") {
        if let Ok(mv) = text.parse::<Move>() {
            prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        }
    }
}

#[test]
fn stores_never_shrink_during_play() {
    // 300 games of each preset, a few of each wide board (longer games).
    for v in every_layout() {
        let games = if v.layout() == LayoutKind::Compact { 300 } else { 10 };
        with_layout!(v.layout(), L => stores_never_shrink::<L>(&v, games));
    }
}

/// Along `games` random games of `v` in its layout `L`, no store shrinks
/// but where the rules say (a player who cannot move loses their store;
/// rows refilled from the store).
fn stores_never_shrink<L: Layout>(v: &Variant, games: usize) {
    let mut game = Game::<L>::new_in(v.clone());
    let mut seed = 7u64;
    for _ in 0..games {
        while game.undo().is_some() {}
        while !game.position().is_over() {
            let before = *game.position();
            let moves = game.legal_moves();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            game.play(mv).unwrap();
            let after = game.position();
            let store = |p: &Position<L>, side| -> u32 { p.store(side).into() };
            // A player who cannot move loses their store to the other
            // (`seeds_left = "last-mover"`): the winner holds every seed.
            let lost = v.rules().end.seeds_left == SeedsLeft::LastMover
                && after.end_reason().is_some_and(|r| r.mover_cannot_move());
            if lost {
                let loser = after.to_move();
                assert_eq!(store(after, loser), 0, "{} {before} {mv}", v.name());
                assert_eq!(store(after, !loser), v.total_seeds(), "{}", v.name());
            } else if mv != Move::Swap {
                for side in Side::ALL {
                    // `refill_empty_row` (O An Quan): a store shrinks
                    // only by a seed for each pit of a row refilled.
                    let n = v.pits_per_side() as u32;
                    let (was, is) = (store(&before, side), store(after, side));
                    if v.rules().stores_may_shrink() && is < was {
                        let refilled = after.row(side).iter().all(|&c| c == L::Cell::ONE);
                        assert!(refilled, "{before} {mv}");
                        assert!(is + n >= was, "{before} {mv}");
                        continue;
                    }
                    assert!(is >= was, "{} {before} {mv}", v.name());
                }
            }
        }
    }
}

#[test]
fn nth_legal_move_walks_the_legal_moves_in_order() {
    // legal_count and nth_legal_move are legal_moves without the list, in
    // the same order, along a random game of every preset and of a
    // two-row board of the wide layout (the fast playouts use them).
    for v in every_layout() {
        with_layout!(v.layout(), L => nth_legal_move_walks::<L>(&v));
    }
}

/// `legal_count` and `nth_legal_move` against `legal_moves` along a random
/// game of `v` in its layout `L`.
fn nth_legal_move_walks<L: Layout>(v: &Variant) {
    let mut game = Game::<L>::new_in(v.clone());
    let mut seed = 11u64;
    while !game.position().is_over() {
        let p = *game.position();
        let list = p.legal_moves(v);
        assert_eq!(p.legal_count(v) as usize, list.len(), "{p}");
        for (k, &mv) in list.iter().enumerate() {
            assert_eq!(p.nth_legal_move(v, k as u32), Some(mv), "{p} move {k}");
        }
        assert_eq!(p.nth_legal_move(v, list.len() as u32), None, "{p}");
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        game.play(list[(seed >> 33) as usize % list.len()]).unwrap();
    }
    let end = *game.position();
    assert_eq!((end.legal_count(v), end.nth_legal_move(v, 0)), (0, None));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Claimed pits (Toguz Kumalak's tuzdyk, at random sizes): once made a
    /// claim stays for the rest of the game, a claimed pit always holds no
    /// seeds, and no claim breaks the rules' restrictions.
    #[test]
    fn claims_stay_hold_nothing_and_keep_the_restrictions(
        pits in 2u8..=12,
        seeds in 2u8..=9,
        choices in proptest::collection::vec(any::<u32>(), 1..64),
    ) {
        let v = Variant::preset("toguz-kumalak").unwrap().resized(Some(pits), Some(seeds)).unwrap();
        let n = pits as usize;
        let mut game = Game::new(v.clone());
        let mut plies = 0usize;
        while !game.position().is_over() && plies < 2000 {
            let before = *game.position();
            let legal = before.legal_moves(&v);
            let mv = legal[choices[plies % choices.len()] as usize % legal.len()];
            let report = game.play(mv).unwrap();
            let p = *game.position();
            for side in Side::ALL {
                if let Some(k) = before.claimed_pit(side) {
                    prop_assert_eq!(p.claimed_pit(side), Some(k), "a claim stays: {}", p);
                }
                if let Some(k) = p.claimed_pit(side) {
                    prop_assert_eq!(p.pit(side.opponent(), k), 0, "{}", p);
                    prop_assert!(k + 1 < n, "never the last pit: {}", p);
                    prop_assert!(p.claimed_pit(side.opponent()) != Some(k), "{}", p);
                }
            }
            let new_claims = Side::ALL
                .iter()
                .filter(|&&s| before.claimed_pit(s).is_none() && p.claimed_pit(s).is_some())
                .count();
            prop_assert_eq!(new_claims, report.claimed as usize, "{}", p);
            plies += 1;
        }
    }
}

/// A preset played in rounds (`[rounds]`) at a random size it allows.
fn rounds_variant() -> impl Strategy<Value = Variant> {
    (0..4usize, any::<u8>(), any::<u8>()).prop_filter_map(
        "size outside the variant's range",
        |(i, a, b)| {
            let v = Variant::preset(["congkak", "dakon", "pallanguzhi", "sungka"][i]).unwrap();
            let [pmin, pmax] = v.rules().board.pits_per_side_range;
            let [smin, smax] = v.rules().board.seeds_per_pit_range;
            let pits = pmin + a % (pmax.min(6) - pmin + 1);
            let seeds = smin + b % (smax.min(5).max(smin) - smin + 1);
            v.resized(Some(pits), Some(seeds)).ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_conserve_seeds_and_keep_pits_out_of_play_empty(
        v in rounds_variant(),
        choices in proptest::collection::vec(any::<u32>(), 1..64),
    ) {
        let total = v.total_seeds();
        let n = v.pits_per_side();
        let mut m = Match::new(v.clone());
        let mut plies = 0usize;
        while plies < 3_000 {
            if m.round_over() {
                let end = *m.position();
                // Every seed is in a store at a round's end.
                prop_assert_eq!(end.seeds_in_pits(), 0, "{}", end);
                if !m.start_next_round() {
                    prop_assert!(m.is_over() && m.outcome().is_some());
                    break;
                }
                let start = *m.position();
                // Each player fills what their store allows, the rest out of play.
                for side in Side::ALL {
                    let filled = (0..n).filter(|&k| !start.is_out_of_play(side, k)).count();
                    let expected = (end.store(side) / v.seeds_per_pit()).min(n as u8) as usize;
                    prop_assert_eq!(filled, expected, "{} -> {}", end, start);
                }
                continue;
            }
            let p = *m.position();
            prop_assert_eq!(p.total_seeds(), total, "seeds conserved in {}", p);
            let legal = p.legal_moves(&v);
            for side in Side::ALL {
                for k in 0..n {
                    if p.is_out_of_play(side, k) {
                        prop_assert_eq!(p.pit(side, k), 0, "a pit out of play holds seeds: {}", p);
                        if side == p.to_move() {
                            prop_assert!(!legal.contains(Move::Sow(k as u8)), "{}", p);
                        }
                    }
                }
            }
            // The position string keeps the pits out of play.
            let text = p.to_string();
            prop_assert_eq!(Position::from_text(&v, &text).unwrap(), p);
            let mv = legal[choices[plies % choices.len()] as usize % legal.len()];
            m.play(mv).unwrap();
            plies += 1;
        }
    }
}
