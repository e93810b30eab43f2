//! Endgame databases in the search, with a test database computed here by a
//! plain minimax of the game played to the end (the convention of
//! `EndgameOracle::probe`): covered positions score exactly, the scores
//! agree with a search that solves the game without the database, a
//! majority rule only takes the outcome, and under `repetition = "owner"`
//! the database is an evaluation, never exact.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use mancala_core::{Game, Move, Position, Setup, Side, Variant};
use mancala_engine::search::{oracle_use, OracleUse};
use mancala_engine::{
    computer_move, computer_move_with, EndgameOracle, SearchLimits, SearchOptions, Searcher,
};

/// Future margins of every board with up to `max_seeds` seeds, by minimax
/// of `v` played to the end (majority rule off), computed on demand.
struct Minimax {
    v: Variant,
    max_seeds: u32,
    memo: Mutex<HashMap<Vec<u8>, i32>>,
    probes: AtomicU64,
}

impl Minimax {
    fn new(v: &Variant, max_seeds: u32) -> Minimax {
        let mut rules = v.rules().clone();
        rules.end.majority = false;
        rules.turn.pie_rule = false;
        Minimax {
            v: Variant::new(rules).unwrap(),
            max_seeds,
            memo: Mutex::new(HashMap::new()),
            probes: AtomicU64::new(0),
        }
    }

    /// The future margin of the board `mover` (their row first) for the
    /// mover, with empty stores.
    fn value(&self, board: &[u8]) -> i32 {
        if let Some(&f) = self.memo.lock().unwrap().get(board) {
            return f;
        }
        let n = board.len() / 2;
        let v = &self.v;
        let pos = Setup::from_rows(&board[..n], &board[n..], [0, 0], Side::South)
            .unwrap()
            .position_unchecked()
            .settled(v);
        let f = if pos.is_over() {
            pos.store_margin()
        } else {
            pos.legal_moves(v)
                .iter()
                .map(|mv| {
                    let mut child = pos;
                    child.play_unchecked(v, mv);
                    let gain = child.store_margin();
                    if child.is_over() {
                        gain
                    } else {
                        let f = self.value(&mover_board(&child));
                        if child.to_move() == Side::South {
                            gain + f
                        } else {
                            gain - f
                        }
                    }
                })
                .max()
                .unwrap()
        };
        self.memo.lock().unwrap().insert(board.to_vec(), f);
        f
    }
}

fn mover_board(p: &Position) -> Vec<u8> {
    let mover = p.to_move();
    [p.row(mover), p.row(mover.opponent())].concat()
}

fn in_pits(p: &Position) -> u32 {
    p.side_seeds(Side::South) + p.side_seeds(Side::North)
}

impl EndgameOracle for Minimax {
    fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    fn probe(&self, p: &Position) -> Option<i32> {
        assert!(!p.is_opening() && !p.swap_offered(), "the search asked about a pie-rule opening");
        if p.is_over() || in_pits(p) > self.max_seeds {
            return None;
        }
        self.probes.fetch_add(1, Ordering::Relaxed);
        Some(self.value(&mover_board(p)))
    }
}

/// Says every position is worth `value` future margin and counts the calls.
struct Constant {
    value: i32,
    probes: AtomicU64,
}

impl EndgameOracle for Constant {
    fn max_seeds(&self) -> u32 {
        255
    }

    fn probe(&self, p: &Position) -> Option<i32> {
        self.probes.fetch_add(1, Ordering::Relaxed);
        (!p.is_over()).then_some(self.value)
    }
}

fn variant(name: &str, pits: u8, seeds: u8) -> Variant {
    Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap()
}

/// Games of `v` played at random from the start, kept at every position
/// not over with at most `max_in_pits` seeds in the pits (and not in the
/// pie-rule opening).
fn late_games(v: &Variant, max_in_pits: u32, count: usize, seed: u64) -> Vec<Game> {
    mancala_engine::playout::sample_games(v, count, seed, |p| {
        in_pits(p) <= max_in_pits && !p.is_opening() && !p.swap_offered()
    })
}

fn searcher() -> Searcher {
    Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None })
}

/// Every move's value, proven by searching to the end without a database.
fn solved(game: &Game) -> HashMap<Move, i32> {
    let a = searcher().analyze(game, SearchLimits::default(), None, &mut |_| {});
    assert!(a.moves.iter().all(|m| m.exact), "not solved");
    a.moves.iter().map(|m| (m.mv, m.score)).collect()
}

#[test]
fn covered_positions_score_exactly_from_the_database() {
    let v = variant("kalah-irving", 4, 2);
    let oracle = Arc::new(Minimax::new(&v, 10));
    let endgame: Arc<dyn EndgameOracle> = oracle.clone();
    assert_eq!(oracle_use(&v), OracleUse::Exact);
    for game in late_games(&v, 10, 60, 1) {
        let want = solved(&game);
        let mut s = searcher().with_endgame(Some(endgame.clone()));
        // One move deep is enough: every child is in the database.
        let a = s.analyze(&game, SearchLimits::depth(1), None, &mut |_| {});
        assert_eq!(a.depth, 1);
        for m in &a.moves {
            assert!(m.exact, "{m:?}");
            assert_eq!(m.score, want[&m.mv], "{} {}", game.position(), m.mv);
            let mut child = *game.position();
            child.play_unchecked(&v, m.mv);
            assert_eq!(m.from_database, !child.is_over(), "{m:?}");
        }
        assert!(a.database_hits > 0 || a.moves.iter().all(|m| !m.from_database));
        // The move played is a best move, with the best score.
        let best = want.values().max().unwrap();
        let r = searcher().with_endgame(Some(endgame.clone())).search(
            &game,
            SearchLimits::depth(1),
            None,
            &mut |_| {},
        );
        assert!(r.exact);
        assert_eq!(r.score, *best);
        assert_eq!(want[&r.best.unwrap()], *best);
        let mv = computer_move_with(&game, 10, 0, Some(&endgame));
        assert_eq!(want[&mv], *best, "{} level 10 played {mv}", game.position());
    }
    assert!(oracle.probes.load(Ordering::Relaxed) > 0);
}

#[test]
fn deeper_positions_are_solved_faster_with_the_database() {
    // 16 seeds in all, a database of up to 8: the search reaches it.
    let v = variant("kalah-irving", 4, 2);
    let endgame: Arc<dyn EndgameOracle> = Arc::new(Minimax::new(&v, 8));
    let mut nodes = [0u64; 2];
    for game in late_games(&v, 14, 20, 7) {
        let want = solved(&game);
        let plain = searcher().analyze(&game, SearchLimits::default(), None, &mut |_| {});
        let a = searcher().with_endgame(Some(endgame.clone())).analyze(
            &game,
            SearchLimits::default(),
            None,
            &mut |_| {},
        );
        for m in &a.moves {
            assert!(m.exact);
            assert_eq!(m.score, want[&m.mv], "{} {}", game.position(), m.mv);
        }
        nodes[0] += plain.nodes;
        nodes[1] += a.nodes;
    }
    assert!(nodes[1] < nodes[0], "nodes without and with the database: {nodes:?}");
}

#[test]
fn the_score_is_the_store_difference_plus_the_future_margin() {
    // A database that says +3 for every position: each covered child
    // scores its store difference plus 3 for its mover.
    let v = variant("kalah-irving", 3, 3);
    let endgame = Arc::new(Constant { value: 3, probes: AtomicU64::new(0) });
    for game in late_games(&v, 18, 20, 3) {
        let pos = *game.position();
        let us = pos.to_move();
        let a = searcher().with_endgame(Some(endgame.clone())).analyze(
            &game,
            SearchLimits::depth(1),
            None,
            &mut |_| {},
        );
        for m in &a.moves {
            let mut child = pos;
            child.play_unchecked(&v, m.mv);
            let margin = child.store_margin() * if us == Side::South { 1 } else { -1 };
            let want = if child.is_over() {
                margin
            } else if child.to_move() == us {
                margin + 3
            } else {
                margin - 3
            };
            assert_eq!(m.score, want, "{pos} {}", m.mv);
        }
    }
}

#[test]
fn under_the_majority_rule_only_the_outcome_is_used() {
    // Kalah with the pie rule ends at a majority; a database of the game played to
    // the end gives the right outcome but not the margin.
    let v = variant("kalah", 4, 2);
    assert_eq!(oracle_use(&v), OracleUse::Outcome);
    let oracle = Arc::new(Minimax::new(&v, 10));
    let endgame: Arc<dyn EndgameOracle> = oracle.clone();
    let mut differ = 0;
    for game in late_games(&v, 10, 40, 5) {
        let want = solved(&game);
        let a = searcher().with_endgame(Some(endgame.clone())).analyze(
            &game,
            SearchLimits::default(),
            None,
            &mut |_| {},
        );
        for m in &a.moves {
            assert!(m.exact);
            assert!(!m.from_database);
            assert_eq!(m.score, want[&m.mv], "{} {}", game.position(), m.mv);
            // The database's own margin, for comparison.
            let mut child = *game.position();
            child.play_unchecked(&v, m.mv);
            if !child.is_over() {
                let us = game.position().to_move();
                let f = oracle.probe(&child).unwrap();
                let f = if child.to_move() == us { f } else { -f };
                let full = child.store_margin() * if us == Side::South { 1 } else { -1 } + f;
                assert_eq!(full.signum(), m.score.signum(), "{} {}", game.position(), m.mv);
                differ += (full != m.score) as u32;
            }
        }
    }
    assert!(oracle.probes.load(Ordering::Relaxed) > 0);
    assert!(differ > 0, "no position where the margins differ: the test proves nothing");
}

/// Any value within the seeds left, drawn from the board: a database whose
/// values no search could guess, for rules whose cycles a plain minimax
/// cannot follow.
struct Hashed {
    probes: AtomicU64,
}

impl EndgameOracle for Hashed {
    fn max_seeds(&self) -> u32 {
        12
    }

    fn probe(&self, p: &Position) -> Option<i32> {
        let seeds = in_pits(p);
        if p.is_over() || seeds > 12 {
            return None;
        }
        self.probes.fetch_add(1, Ordering::Relaxed);
        let h = mover_board(p)
            .iter()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
        Some((h % (2 * seeds as u64 + 1)) as i32 - seeds as i32)
    }
}

/// The root's score at depth 1 when every child is scored by `oracle`:
/// each move's child, played in the game (so the repetition rule applies),
/// worth its store lead plus the database's future margin, for the root's
/// mover.
fn depth_one_value(game: &Game, oracle: &dyn EndgameOracle) -> i32 {
    let us = game.position().to_move();
    game.legal_moves()
        .iter()
        .map(|mv| {
            let mut after = game.clone();
            after.play_unchecked(mv);
            let child = after.position();
            let lead = child.store(us) as i32 - child.store(us.opponent()) as i32;
            if child.is_over() {
                return lead;
            }
            let future = oracle.probe(child).expect("covered");
            if child.to_move() == us {
                lead + future
            } else {
                lead - future
            }
        })
        .max()
        .unwrap()
}

#[test]
fn owner_rule_covered_positions_get_the_database_value_never_exact() {
    // 4 pits a side, 2 seeds a pit: every position with 12 seeds or fewer
    // in the pits is covered. Under the owner rule the value is the
    // evaluation (never exact); under kalah-irving's rules it is the exact
    // score, as before.
    for (name, exact) in [("abapa", false), ("oware", false), ("kalah-irving", true)] {
        let v = variant(name, 4, 2);
        let expected_use = if exact { OracleUse::Exact } else { OracleUse::Evaluation };
        assert_eq!(oracle_use(&v), expected_use);
        let db = Arc::new(Hashed { probes: AtomicU64::new(0) });
        let mut compared = 0;
        for game in late_games(&v, 11, 12, 9) {
            let r = searcher().with_endgame(Some(db.clone())).search(
                &game,
                SearchLimits::depth(1),
                None,
                &mut |_| {},
            );
            let all_over = game.legal_moves().iter().all(|mv| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                after.position().is_over()
            });
            if all_over {
                continue;
            }
            assert_eq!(r.score, depth_one_value(&game, db.as_ref()), "{name} {}", game.position());
            assert_eq!(r.exact, exact, "{name} {}", game.position());
            assert!(r.database_hits > 0);
            compared += 1;
        }
        assert!(compared >= 5, "{name}: only {compared} positions compared");
    }
}

#[test]
fn owner_rule_database_values_never_make_a_score_exact() {
    // A database that calls every position a large win: under the owner
    // rule it is only an evaluation, so a score is exact only where the
    // search proved it to the end of the game, and then it is the value
    // the search proves without the database.
    for name in ["abapa", "oware"] {
        let v = variant(name, 4, 2);
        let liar = Arc::new(Constant { value: 100, probes: AtomicU64::new(0) });
        let mut exact = 0;
        for game in late_games(&v, 10, 10, 9) {
            let with = searcher().with_endgame(Some(liar.clone())).search(
                &game,
                SearchLimits::depth(8),
                None,
                &mut |_| {},
            );
            assert!(with.database_hits > 0 || with.exact, "{name} {}", game.position());
            if with.exact {
                let solved = searcher().search(&game, SearchLimits::default(), None, &mut |_| {});
                assert!(solved.exact);
                assert_eq!(with.score, solved.score, "{name} {}", game.position());
                exact += 1;
            } else {
                // The liar's value, clamped to what the stores allow.
                assert!(with.score > -(v.total_seeds() as i32), "{name}");
            }
        }
        assert!(liar.probes.load(Ordering::Relaxed) > 0, "{name}");
        let _ = exact;
    }
}

#[test]
fn low_levels_do_not_use_the_database() {
    let v = variant("kalah-irving", 4, 2);
    let liar: Arc<dyn EndgameOracle> = Arc::new(Constant { value: 100, probes: AtomicU64::new(0) });
    for (i, game) in late_games(&v, 12, 10, 4).into_iter().enumerate() {
        if game.legal_moves().len() < 2 {
            continue;
        }
        let seed = i as u64;
        for level in 1..=5 {
            assert_eq!(
                computer_move(&game, level, seed),
                computer_move_with(&game, level, seed, Some(&liar))
            );
        }
    }
}

#[test]
fn a_wrong_database_gives_bounded_scores_not_a_panic() {
    // Values far outside what the seeds left allow, in every mode.
    for (name, value) in [
        ("kalah-irving", 100),
        ("kalah-irving", -100),
        ("kalah", 100),
        ("kalah", -100),
        ("awari", 100),
    ] {
        let v = variant(name, 4, 2);
        let liar = Arc::new(Constant { value, probes: AtomicU64::new(0) });
        for game in late_games(&v, 16, 10, 6) {
            let r = searcher().with_endgame(Some(liar.clone())).search(
                &game,
                SearchLimits::depth(6),
                None,
                &mut |_| {},
            );
            assert!(r.score.abs() <= v.total_seeds() as i32, "{name} {value}: {r:?}");
        }
    }
}
