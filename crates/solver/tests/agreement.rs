//! The solver and the endgame databases against plain exhaustive minimax
//! on small boards.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use mancala_core::{Position, Setup, Side, Variant};
use mancala_solver::{KalahDb, SolveOptions, Solver};

/// Final margin (South minus North) under perfect play, by plain minimax
/// with memo on the whole position (stores included).
fn minimax(v: &Variant, p: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if p.is_over() {
        return p.store_margin();
    }
    if let Some(&m) = memo.get(p) {
        return m;
    }
    let moves = p.legal_moves(v);
    let values: Vec<i32> = moves
        .iter()
        .map(|mv| {
            let mut c = *p;
            c.play_unchecked(v, mv);
            minimax(v, &c, memo)
        })
        .collect();
    let m = if p.to_move() == Side::South { values.iter().max() } else { values.iter().min() };
    let m = *m.unwrap();
    memo.insert(*p, m);
    m
}

const SMALL: [(u8, u8); 6] = [(1, 3), (2, 2), (3, 1), (3, 2), (4, 1), (2, 4)];

#[test]
fn solver_matches_minimax_on_small_boards_of_every_kalah_variant() {
    let stop = AtomicBool::new(false);
    for name in ["kalah", "kalah-irving", "kalah-classic", "mankalah", "relay-kalah"] {
        for (pits, seeds) in SMALL {
            let Ok(v) = Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)) else {
                continue;
            };
            let start = Position::start(&v);
            let expected = minimax(&v, &start, &mut HashMap::new());
            for threads in [1, 2] {
                let solver =
                    Solver::new(&v, None, SolveOptions { table_megabytes: 2, threads }, &stop);
                let s = solver.solve(&start, None, &|_| {}).unwrap();
                assert_eq!(s.margin, expected, "{name} {pits}x{seeds}, {threads} threads");
                // Every move it calls best reaches the value, and no other does.
                for mv in start.legal_moves(&v).iter() {
                    let mut c = start;
                    c.play_unchecked(&v, mv);
                    let value = minimax(&v, &c, &mut HashMap::new());
                    let for_mover = if start.to_move() == Side::South { value } else { -value };
                    let best = if start.to_move() == Side::South { expected } else { -expected };
                    assert_eq!(
                        s.best_moves.contains(&mv),
                        for_mover == best,
                        "{name} {pits}x{seeds} {mv}"
                    );
                }
            }
        }
    }
}

#[test]
fn solver_matches_minimax_in_the_middle_of_games() {
    let stop = AtomicBool::new(false);
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(2)).unwrap();
    let solver = Solver::new(&v, None, SolveOptions { table_megabytes: 4, threads: 1 }, &stop);
    let mut p = Position::start(&v);
    let mut memo = HashMap::new();
    let mut seed = 99u64;
    while !p.is_over() {
        let s = solver.solve(&p, None, &|_| {}).unwrap();
        assert_eq!(s.margin, minimax(&v, &p, &mut memo), "{p}");
        let moves = p.legal_moves(&v);
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        p.play_unchecked(&v, moves[(seed >> 33) as usize % moves.len()]);
    }
}

#[test]
fn database_values_match_minimax_and_speed_up_nothing_wrong() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    for name in ["kalah-irving", "kalah-classic"] {
        let v = Variant::preset(name).unwrap().resized(Some(3), Some(2)).unwrap();
        let db_dir = dir.join(name);
        let db = KalahDb::build(&v, 8, &db_dir, 2, &|_| {}).unwrap();
        assert_eq!(db.max_seeds(), 8);
        // Every board of up to 8 seeds: the stored future margin equals
        // minimax's final margin for a position with empty stores.
        let index = mancala_solver::BoardIndex::new(6);
        let mut board = [0u8; 6];
        let mut memo = HashMap::new();
        for seeds in 0..=8usize {
            for r in 0..index.count(seeds) {
                index.unrank(r, seeds, &mut board);
                for mover in Side::ALL {
                    let (south, north) = if mover == Side::South {
                        (&board[..3], &board[3..])
                    } else {
                        (&board[3..], &board[..3])
                    };
                    let p = Setup::from_rows(south, north, [0, 0], mover)
                        .unwrap()
                        .position_unchecked()
                        .settled(&v);
                    if p.is_over() {
                        continue;
                    }
                    let m = minimax(&v, &p, &mut memo);
                    let future = if mover == Side::South { m } else { -m };
                    assert_eq!(db.probe(&p), Some(future), "{name} {p}");
                }
            }
        }
        // Reopened from disk, it gives the same values; the solver using it
        // gives the same answer as without.
        let reopened = KalahDb::open(&v, &db_dir).unwrap().unwrap();
        assert_eq!(reopened.stats(), db.stats());
        let v4 = Variant::preset(name).unwrap().resized(Some(3), Some(3)).unwrap();
        let stop = AtomicBool::new(false);
        let opts = SolveOptions { table_megabytes: 2, threads: 1 };
        let with = Solver::new(&v4, Some(&reopened), opts, &stop)
            .solve(&Position::start(&v4), None, &|_| {})
            .unwrap();
        let without = Solver::new(&v4, None, opts, &stop)
            .solve(&Position::start(&v4), None, &|_| {})
            .unwrap();
        assert_eq!(with.margin, without.margin);
        assert_eq!(with.best_moves, without.best_moves);
        assert!(with.nodes < without.nodes, "the database saves work");
    }
    // A damaged file is refused with a clear message.
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
    let layer = dir.join("kalah-irving").join("layer-005.mdb");
    let mut bytes = std::fs::read(&layer).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&layer, bytes).unwrap();
    let e = KalahDb::open(&v, &dir.join("kalah-irving")).err().unwrap().to_string();
    assert!(e.contains("checksum mismatch"), "{e}");
    // Another rule set's files are refused too.
    let other = Variant::preset("kalah-classic").unwrap().resized(Some(3), Some(2)).unwrap();
    let e = KalahDb::open(&other, &dir.join("kalah-irving")).err().unwrap().to_string();
    assert!(e.contains("other rules"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two threads (sharing split points), a database copied into memory and
/// the database's prefetching probes: every position along random games
/// still gets minimax's value and only best moves.
#[test]
fn two_threads_with_a_resident_database_match_minimax_along_games() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    let stop = AtomicBool::new(false);
    for name in ["kalah-irving", "kalah-classic"] {
        let v = Variant::preset(name).unwrap().resized(Some(4), Some(2)).unwrap();
        let mut db = KalahDb::build(&v, 6, &dir.join(name), 2, &|_| {}).unwrap();
        db.make_resident().unwrap();
        let solver =
            Solver::new(&v, Some(&db), SolveOptions { table_megabytes: 4, threads: 2 }, &stop);
        let mut memo = HashMap::new();
        let mut seed = 7u64;
        for _game in 0..4 {
            let mut p = Position::start(&v);
            while !p.is_over() {
                let s = solver.solve(&p, None, &|_| {}).unwrap();
                assert_eq!(s.margin, minimax(&v, &p, &mut memo), "{name} {p}");
                // The best moves are exactly the moves that keep the value.
                for mv in p.legal_moves(&v).iter() {
                    let mut c = p;
                    c.play_unchecked(&v, mv);
                    assert_eq!(
                        minimax(&v, &c, &mut memo) == s.margin,
                        s.best_moves.contains(&mv),
                        "{name} {p}: {mv} in {:?}",
                        s.best_moves
                    );
                }
                let moves = p.legal_moves(&v);
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                p.play_unchecked(&v, moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// MTD(f) reaches the same value from any first guess, however poor, and
/// from checkpointed bounds.
#[test]
fn any_first_guess_or_known_bounds_give_the_same_value() {
    let stop = AtomicBool::new(false);
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(2)).unwrap();
    let root = Position::start(&v);
    let expected = minimax(&v, &root, &mut HashMap::new());
    let best: Vec<_> = root
        .legal_moves(&v)
        .iter()
        .filter(|&mv| {
            let mut c = root;
            c.play_unchecked(&v, mv);
            minimax(&v, &c, &mut HashMap::new()) == expected
        })
        .collect();
    for guess in [-16, -5, 0, expected - 1, expected, expected + 1, 9, 16] {
        let solver = Solver::new(&v, None, SolveOptions { table_megabytes: 2, threads: 1 }, &stop);
        let s = solver.solve_from(&root, None, Some(guess), &|_| {}).unwrap();
        assert_eq!(s.margin, expected, "first guess {guess}");
        // Whether a test run move by move (at the guess, or after a test
        // that passed) closes the solve or not, the same best moves.
        assert_eq!(s.best_moves, best, "first guess {guess}");
    }
    // Known bounds clamp the guess: the first test is then the closing one
    // (a lower bound just below it), or a test move by move at it.
    for known in [(expected - 3, expected + 1), (expected, 16), (-16, expected), (-16, 16)] {
        for guess in [-16, expected, expected + 2, 16] {
            let solver =
                Solver::new(&v, None, SolveOptions { table_megabytes: 2, threads: 1 }, &stop);
            let s = solver.solve_from(&root, Some(known), Some(guess), &|_| {}).unwrap();
            assert_eq!((s.margin, &s.best_moves), (expected, &best), "{known:?}, guess {guess}");
        }
    }
}

/// Two and three threads (split points opened, cut off, nested and helped
/// from below; see `search/split.rs`) give one thread's value and best moves
/// at every position along random games of boards big enough to split.
#[test]
fn split_points_give_one_threads_values_along_games() {
    let stop = AtomicBool::new(false);
    for (name, pits, seeds) in
        [("kalah-irving", 4, 3), ("kalah-classic", 4, 3), ("kalah", 4, 3), ("kalah-classic", 5, 3)]
    {
        let v = Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap();
        let solvers: Vec<Solver> = [1, 2, 3]
            .iter()
            .map(|&threads| {
                Solver::new(&v, None, SolveOptions { table_megabytes: 4, threads }, &stop)
            })
            .collect();
        let mut seed = 11u64;
        for _game in 0..2 {
            let mut p = Position::start(&v);
            while !p.is_over() {
                let one = solvers[0].solve(&p, None, &|_| {}).unwrap();
                for (t, solver) in solvers.iter().enumerate().skip(1) {
                    let s = solver.solve(&p, None, &|_| {}).unwrap();
                    assert_eq!(
                        (s.margin, &s.best_moves),
                        (one.margin, &one.best_moves),
                        "{name} {pits}x{seeds}, {} threads at {p}",
                        t + 1
                    );
                }
                let moves = p.legal_moves(&v);
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                p.play_unchecked(&v, moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}

/// A stop in the middle of a two-thread solve (threads inside split points)
/// comes back at once with bounds that hold the value: Kalah(6,4) under
/// Irving's rules is +10 (Irving, Donkers and Uiterwijk 2000).
#[test]
fn a_stopped_two_thread_solve_keeps_true_bounds() {
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(6), Some(4)).unwrap();
    let stop = AtomicBool::new(false);
    let solver = Solver::new(&v, None, SolveOptions { table_megabytes: 16, threads: 2 }, &stop);
    // Stopped from the progress callback at its third report with nodes
    // searched (reports come after every test and every few million
    // nodes), whatever the machine's speed.
    let reports = std::sync::atomic::AtomicU32::new(0);
    let result = solver.solve(&Position::start(&v), None, &|p| {
        if p.nodes > 0 && reports.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1 >= 3 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    let i = result.expect_err("stopped long before Kalah(6,4) is solved without a database");
    assert!(reports.load(std::sync::atomic::Ordering::Relaxed) >= 3);
    assert!(i.lower <= 10 && 10 <= i.upper, "{i:?}");
    // It did search until the stop.
    assert!(solver.nodes() > 100_000, "{} nodes", solver.nodes());
}

/// A progress callback that panics inside a two-thread search (with split
/// points open) makes the solve panic, not hang: the other thread is
/// released and no split point outlives its owner.
#[test]
fn a_panic_in_a_two_thread_search_comes_back_as_a_panic() {
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(6), Some(4)).unwrap();
    let stop = AtomicBool::new(false);
    let solver = Solver::new(&v, None, SolveOptions { table_megabytes: 16, threads: 2 }, &stop);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        solver.solve(&Position::start(&v), None, &|p| {
            // The reports between tests come with no nodes; this one is
            // from inside the search.
            if p.nodes > 0 {
                panic!("a progress callback failed");
            }
        })
    }));
    assert!(
        outcome.is_err(),
        "the callback's panic was lost: {:?}",
        outcome.map(|r| r.map(|s| s.margin))
    );
}

/// A variant whose positions' values depend on the moves before them (a
/// repetition rule) is refused when the solver is made, with the reason.
#[test]
fn a_repetition_variant_is_refused_when_the_solver_is_made() {
    let stop = AtomicBool::new(false);
    for name in ["oware", "awari", "abapa"] {
        let v = Variant::preset(name).unwrap();
        let e = Solver::try_new(&v, None, SolveOptions { table_megabytes: 1, threads: 1 }, &stop)
            .err()
            .expect("refused");
        assert!(matches!(e, mancala_solver::SolverError::Unsupported(_)), "{name}: {e}");
        assert!(e.to_string().contains("repetition"), "{e}");
    }
}
