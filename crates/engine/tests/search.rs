//! Search API behaviour: determinism, limits, the progress callback, the
//! pie swap, and the strength levels.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala_core::{with_layout, Game, Layout, Move, Variant};
use mancala_engine::playout::SplitMix64;
use mancala_engine::search::bench;
use mancala_engine::{computer_move, hint, level_threads, SearchLimits, SearchOptions, Searcher};

fn random_game(name: &str, plies: usize, seed: u64) -> Game {
    random_game_in(&Variant::preset(name).unwrap(), plies, seed)
}

/// A game of `v` in its layout `L` after `plies` random moves (fewer
/// where it ends).
fn random_game_in<L: Layout>(v: &Variant, plies: usize, seed: u64) -> Game<L> {
    let mut rng = SplitMix64::new(seed);
    let mut g = Game::<L>::new_in(v.clone());
    for _ in 0..plies {
        if g.position().is_over() {
            break;
        }
        let moves = g.legal_moves();
        g.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
    }
    g
}

#[test]
fn depth_and_node_limits_are_deterministic() {
    for case in &bench::CASES[..4] {
        let small = bench::BenchCase { depth: case.depth.min(11), ..*case };
        let a = bench::run(&small);
        let b = bench::run(&small);
        assert_eq!(
            (a.best, a.score, a.nodes, &a.pv),
            (b.best, b.score, b.nodes, &b.pv),
            "{small:?}"
        );
    }
    let game = random_game("oware", 10, 3);
    let run = || {
        Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None }).search(
            &game,
            SearchLimits::nodes(40_000),
            None,
            &mut |_| {},
        )
    };
    let (a, b) = (run(), run());
    assert_eq!(a, SearchResult { elapsed: a.elapsed, ..b });
    assert!(a.nodes <= 40_001);
}

use mancala_engine::SearchResult;

#[test]
fn progress_is_reported_each_iteration() {
    let game = Game::new(Variant::preset("kalah-classic").unwrap());
    let (mut depths, mut nodes) = (Vec::new(), Vec::new());
    let mut s = Searcher::default();
    let r = s.search(&game, SearchLimits::depth(8), None, &mut |info| {
        // Each report's principal variation is a line of legal moves from
        // the root, at least as long as the depth reached (or to the end).
        let mut line = game.clone();
        for &mv in info.pv {
            assert!(line.legal_moves().contains(mv), "pv {:?} at depth {}", info.pv, info.depth);
            line.play(mv).unwrap();
        }
        assert!(info.pv.len() as u32 >= info.depth || line.position().is_over(), "{:?}", info.pv);
        depths.push(info.depth);
        nodes.push(info.nodes);
    });
    assert_eq!(depths, (1..=8).collect::<Vec<_>>());
    // Node counts are cumulative: each iteration adds nodes.
    assert!(nodes.windows(2).all(|w| w[0] < w[1]), "{nodes:?}");
    assert_eq!(*nodes.last().unwrap(), r.nodes);
    assert_eq!(r.depth, 8);
    assert_eq!(r.pv.first().copied(), r.best);
    assert!(game.legal_moves().contains(r.best.unwrap()));
}

#[test]
fn stop_flag_and_time_limit_still_give_a_legal_move() {
    let game = Game::new(Variant::preset("mankalah").unwrap());
    let stop = AtomicBool::new(true);
    let r = Searcher::default().search(&game, SearchLimits::default(), Some(&stop), &mut |_| {});
    assert!(game.legal_moves().contains(r.best.unwrap()));
    let r = Searcher::default().search(
        &game,
        SearchLimits::time(Duration::from_millis(100)),
        None,
        &mut |_| {},
    );
    // Mankalah's start takes far longer than that to solve: the limit, not
    // the end of the search, stopped it (no wall time asserted: a loaded
    // machine must not fail the test).
    assert!(!r.exact, "the start was solved in 100 ms");
    assert!(game.legal_moves().contains(r.best.unwrap()));
}

#[test]
fn finished_game_has_no_move() {
    let mut g = random_game("kalah", 400, 1);
    while !g.position().is_over() {
        let m = g.legal_moves()[0];
        g.play_unchecked(m);
    }
    let r = Searcher::default().search(&g, SearchLimits::depth(3), None, &mut |_| {});
    assert_eq!(r.best, None);
    assert!(r.exact);
}

#[test]
fn the_swap_is_weighed() {
    let mut g = Game::new(Variant::preset("kalah").unwrap());
    g.play(Move::pit(4)).unwrap();
    let a = Searcher::default().analyze(&g, SearchLimits::depth(6), None, &mut |_| {});
    assert!(a.moves.iter().any(|m| m.mv == Move::Swap));
    assert_eq!(a.moves.len(), g.legal_moves().len());
    // Best first.
    assert!(a.moves.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn every_level_plays_legal_moves() {
    // Every preset, each in its own layout (hus-12 in the wide one; more
    // levels on it: the test below). A two-row board of the wide layout
    // (Oware on 16 pits a side of 10 seeds) is left out: its searches cost
    // many times the rest of the test (notes/wide-board.md).
    for v in Variant::presets() {
        with_layout!(v.layout(), L => levels_play_legal_moves::<L>(&v));
    }
}

/// Levels 1, 3, 5 and 6 play a legal move in a random game of `v` (in its
/// layout `L`), the same for the same game, level and seed.
fn levels_play_legal_moves<L: Layout>(v: &Variant) {
    let name = v.name();
    for (i, level) in [1u8, 3, 5, 6].into_iter().enumerate() {
        let g = random_game_in::<L>(v, 6 + i, 11 + i as u64);
        if g.position().is_over() {
            continue;
        }
        let mv = computer_move(&g, level, 5);
        assert!(g.legal_moves().contains(&mv), "{name} level {level}: {mv}");
        assert_eq!(mv, computer_move(&g, level, 5), "same game, level and seed, same move");
    }
}

/// Hus on four rows of 12 (the wide layout): every level plays a legal
/// move, the same for the same game, level and seed, and a level 6 move
/// is the search's (no book: books are the compact layout's).
#[test]
fn every_level_plays_legal_moves_on_the_wide_board() {
    let v = Variant::from_toml(include_str!("../../core/variants/hus-12.toml")).unwrap();
    assert_eq!(v.layout(), mancala_core::LayoutKind::Wide);
    let mut rng = SplitMix64::new(7);
    let mut g = Game::<mancala_core::Wide>::new_in(v);
    for (i, level) in [1u8, 3, 5, 6, 7].into_iter().enumerate() {
        for _ in 0..3 + i {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
        if g.position().is_over() {
            break;
        }
        let mv = computer_move(&g, level, 5);
        assert!(g.legal_moves().contains(mv), "level {level}: {mv}");
        assert_eq!(mv, computer_move(&g, level, 5), "same game, level and seed, same move");
        let choice = mancala_engine::computer_choice_with(&g, level, 5, None);
        assert_eq!(choice.mv, mv, "level {level}");
    }
}

/// Levels 9 and 10 search on every core, the others on one thread (their
/// moves reproducible); a level on every core still plays legal moves.
#[test]
fn the_strongest_levels_search_on_every_core_and_the_others_on_one() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for level in 1..=10u8 {
        assert_eq!(level_threads(level), if level >= 9 { cores } else { 1 }, "level {level}");
    }
    for (i, name) in ["oware", "kalah"].into_iter().enumerate() {
        let g = random_game(name, 6, 21 + i as u64);
        let mv = computer_move(&g, 9, 1);
        assert!(g.legal_moves().contains(mv), "{name}: {mv}");
    }
}

#[test]
fn low_levels_differ_from_high_levels() {
    let mut differ = 0;
    for seed in 0..12 {
        let g = random_game("kalah-classic", 8 + seed as usize % 5, seed);
        if g.position().is_over() {
            continue;
        }
        if computer_move(&g, 1, seed) != computer_move(&g, 7, seed) {
            differ += 1;
        }
    }
    assert!(differ >= 2, "level 1 played like level 7 in all but {differ} positions");
}

#[test]
#[ignore = "full strength takes a few seconds per move; run with --ignored"]
fn hint_is_full_strength_and_legal() {
    let g = Game::new(Variant::preset("kalah").unwrap());
    assert!(g.legal_moves().contains(hint(&g)));
    let g = Game::new(Variant::preset("oware").unwrap());
    assert!(g.legal_moves().contains(hint(&g)));
}

/// A node budget that stops the iteration at `depth` at its very last node
/// (deterministic, unlike a time): the search answers with what that
/// unfinished iteration proved, not with the iteration before.
#[test]
fn an_unfinished_iteration_answers_with_its_proven_best_move() {
    let fresh = || Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None });
    let mut changed = 0;
    for (name, seed) in [("oware", 1), ("abapa", 2), ("kalah", 3), ("awari", 4)] {
        for game_seed in 0..12 {
            let game = random_game(name, 8 + game_seed as usize, seed * 100 + game_seed);
            if game.position().is_over() {
                continue;
            }
            for depth in 4..=7 {
                let before = fresh().search(&game, SearchLimits::depth(depth), None, &mut |_| {});
                let after =
                    fresh().search(&game, SearchLimits::depth(depth + 1), None, &mut |_| {});
                if before.exact || after.exact || before.best == after.best {
                    continue;
                }
                // The same search stopped at the last node of the iteration
                // at `depth + 1`: its first move and the move that beat it
                // were searched by then.
                let mut reported = Vec::new();
                let stopped =
                    fresh().search(&game, SearchLimits::nodes(after.nodes - 1), None, &mut |i| {
                        reported.push((i.depth, i.pv.first().copied()))
                    });
                assert_eq!(stopped.nodes, after.nodes, "{name} {game_seed} depth {depth}");
                assert_eq!(stopped.best, after.best, "{name} {game_seed} depth {depth}");
                assert_eq!(stopped.depth, depth + 1, "{name} {game_seed} depth {depth}");
                assert!(!stopped.exact);
                // Its report names the depth and the move it answers with.
                assert_eq!(reported.last(), Some(&(depth + 1, after.best)));
                changed += 1;
            }
        }
    }
    assert!(
        changed >= 5,
        "only {changed} positions change their best move: the test proves little"
    );
}

/// Stopped before it searched the previous best move at the new depth, an
/// iteration proves nothing: the answer is the iteration before.
#[test]
fn an_iteration_stopped_in_its_first_move_is_dropped() {
    let fresh = || Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None });
    let game = random_game("oware", 12, 5);
    let before = fresh().search(&game, SearchLimits::depth(6), None, &mut |_| {});
    let stopped = fresh().search(&game, SearchLimits::nodes(before.nodes + 3), None, &mut |_| {});
    assert_eq!((stopped.best, stopped.score, stopped.depth), (before.best, before.score, 6));
}
