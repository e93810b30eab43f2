//! Games under a repetition rule solved two ways, each checked against a
//! plain minimax over the game with its history, written here through
//! `mancala_core::Game` alone: awari's rule (repetition = "split") from the
//! endgame database (`solve_from_database`: the value of the start and of
//! positions right after captures, and every best move keeping that value
//! once the position before it is in the history), and every rule by search
//! (`solve_by_search`: every position, those with a history too).

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use mancala_core::{Game, Position, Side, Variant};
use mancala_engine::search::{SearchOptions, Searcher};
use mancala_solver::repetition::{check_solvable, moves_since_capture};
use mancala_solver::{solve_by_search, solve_from_database, Database, Databases, RepetitionError};

/// `name` at `pits` x `seeds`, played to the end (as the database is).
fn variant(name: &str, pits: u8, seeds: u8) -> Variant {
    let v = Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap();
    Databases::database_variant(&v).unwrap()
}

fn database(v: &Variant) -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().unwrap();
    let stop = AtomicBool::new(false);
    let seeds = v.total_seeds() as usize;
    let db =
        Databases::build_with(v, seeds, dir.path(), 1, &|_| {}, &mut |_, _| {}, &stop).unwrap();
    (dir, db)
}

/// The start and every fresh position (right after a capture) of a few
/// random games: the database's value and best moves against the minimax.
#[test]
fn awari_games_solved_from_the_database_match_a_minimax_with_history() {
    let mut checked = 0;
    for (pits, seeds) in [(2, 1), (2, 2), (3, 1)] {
        let v = variant("awari", pits, seeds);
        let (_dir, db) = database(&v);
        let mut reference = Played { memo: HashMap::new() };
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        for game_no in 0..6 {
            let mut game = Game::new(v.clone());
            loop {
                if moves_since_capture(&game) == 0 && !game.position().is_over() {
                    let s = solve_from_database(&game, &db).unwrap();
                    let root = *game.position();
                    let us = root.to_move();
                    // The minimax gives the final margin; the database the
                    // seeds still to gain.
                    let now = root.store(us) as i32 - root.store(!us) as i32;
                    let expected = reference.value(&mut game.clone()) - now;
                    assert_eq!(s.future, expected, "{pits}x{seeds} game {game_no}: {root}");
                    let south = if us == Side::South { 1 } else { -1 };
                    assert_eq!(s.margin, root.store_margin() + south * expected);
                    assert!(!s.best_moves.is_empty());
                    // Each best move keeps the value, the position before it
                    // now in the history.
                    for &mv in &s.best_moves {
                        let mut after = game.clone();
                        after.play(mv).unwrap();
                        let r = reference.value(&mut after);
                        let r = if after.position().to_move() == us { r } else { -r };
                        assert_eq!(r - now, expected, "{pits}x{seeds} {mv}: {root}");
                    }
                    checked += 1;
                }
                if game.position().is_over() {
                    break;
                }
                let moves = game.legal_moves();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                game.play(moves[(rng % moves.len() as u64) as usize]).unwrap();
            }
        }
    }
    assert!(checked >= 40, "only {checked} positions checked");
}

#[test]
fn what_the_database_solve_refuses() {
    // The owner rule: a convention in the database, not the game's value.
    for name in ["oware", "abapa"] {
        let e = check_solvable(&Variant::preset(name).unwrap()).unwrap_err().to_string();
        assert!(e.contains("depends on the moves before it"), "{e}");
    }
    let e = check_solvable(&Variant::preset("kalah").unwrap()).unwrap_err().to_string();
    assert!(e.contains("Kalah family"), "{e}");
    assert!(check_solvable(&Variant::preset("awari").unwrap()).is_ok());

    let v = variant("awari", 3, 1);
    let (_dir, db) = database(&v);
    // A move that captures nothing: the history since the last capture counts.
    let mut game = Game::new(v.clone());
    let quiet = game
        .legal_moves()
        .iter()
        .find(|&mv| {
            let mut g = game.clone();
            g.play(mv).unwrap();
            moves_since_capture(&g) == 1
        })
        .unwrap();
    game.play(quiet).unwrap();
    assert_eq!(solve_from_database(&game, &db), Err(RepetitionError::NotFresh { moves: 1 }));
    // A database too small for the position.
    let big = variant("awari", 3, 2);
    let e = solve_from_database(&Game::new(big), &db).unwrap_err();
    assert_eq!(e, RepetitionError::NotCovered { seeds: 12, max_seeds: 6 });
}

/// The final store margin for the player to move under perfect play, the
/// game's history counting, under any repetition rule and a majority rule:
/// a plain minimax over the game as `Game` plays it (a repeated position
/// ends the game there, as the rules score it). A position right after a
/// capture has no history that can come back, so its value is remembered,
/// keyed by the whole position (stores too: a majority rule reads them).
struct Played {
    memo: HashMap<Position, i32>,
}

impl Played {
    /// The value of the game's position.
    fn value(&mut self, game: &mut Game) -> i32 {
        let p = *game.position();
        let fresh = moves_since_capture(game) == 0;
        if fresh {
            if let Some(&m) = self.memo.get(&p) {
                return m;
            }
        }
        let m = self.search(game, -1000, 1000);
        if fresh {
            self.memo.insert(p, m);
        }
        m
    }

    /// The value, fail-hard within (`alpha`, `beta`).
    fn search(&mut self, game: &mut Game, mut alpha: i32, beta: i32) -> i32 {
        let p = *game.position();
        let us = p.to_move();
        if p.is_over() {
            return if us == Side::South { p.store_margin() } else { -p.store_margin() };
        }
        for mv in game.legal_moves().iter() {
            game.play_unchecked(mv);
            let same = game.position().to_move() == us;
            let s = if moves_since_capture(game) == 0 {
                let s = self.value(game);
                if same {
                    s
                } else {
                    -s
                }
            } else if same {
                self.search(game, alpha, beta)
            } else {
                -self.search(game, -beta, -alpha)
            };
            game.undo();
            if s >= beta {
                return beta;
            }
            alpha = alpha.max(s);
        }
        alpha
    }
}

/// Every position of a few random games of small boards (with their
/// history since the last capture), solved by search: proven, with the
/// minimax's value, and every best move keeping it.
#[test]
fn games_under_a_repetition_rule_solved_by_search_match_a_minimax_with_history() {
    let mut checked = 0;
    let mut with_history = 0;
    for (name, pits, seeds) in
        [("oware", 2, 1), ("oware", 2, 2), ("oware", 3, 1), ("abapa", 2, 2), ("awari", 2, 2)]
    {
        let v = Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap();
        let mut reference = Played { memo: HashMap::new() };
        let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (pits as u64 * 31 + seeds as u64);
        for game_no in 0..4 {
            let mut game = Game::new(v.clone());
            while !game.position().is_over() {
                let mut searcher =
                    Searcher::new(SearchOptions { hash_mb: 1, ..SearchOptions::default() });
                let s = solve_by_search(&game, &mut searcher, None, &mut |_| {}).unwrap();
                let root = *game.position();
                let expected = reference.value(&mut game.clone());
                let where_ = format!("{name} {pits}x{seeds} game {game_no}: {root}");
                assert_eq!(s.value(), Some(expected), "{where_}");
                assert_eq!(s.at_least(), None);
                let south = if root.to_move() == Side::South { 1 } else { -1 };
                assert_eq!(s.margin(), Some(south * expected));
                let best = s.best_moves();
                assert!(!best.is_empty(), "{where_}");
                for mv in game.legal_moves().iter() {
                    let mut after = game.clone();
                    after.play(mv).unwrap();
                    let r = reference.value(&mut after);
                    let r = if after.position().to_move() == root.to_move() { r } else { -r };
                    assert!(r <= expected, "{where_}");
                    assert_eq!(best.contains(&mv), r == expected, "{where_}: {mv}");
                }
                checked += 1;
                if moves_since_capture(&game) > 0 {
                    with_history += 1;
                }
                let moves = game.legal_moves();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                game.play(moves[(rng % moves.len() as u64) as usize]).unwrap();
            }
        }
    }
    assert!(
        checked >= 60 && with_history >= 20,
        "{checked} positions, {with_history} with history"
    );
}

/// Stopped before it proves anything, the solve says so: no value, no best
/// moves.
#[test]
fn a_solve_by_search_stopped_at_once_proves_nothing() {
    let v = Variant::preset("oware").unwrap();
    let game = Game::new(v);
    let mut searcher = Searcher::new(SearchOptions { hash_mb: 1, ..SearchOptions::default() });
    let stop = AtomicBool::new(true);
    let s = solve_by_search(&game, &mut searcher, Some(&stop), &mut |_| {}).unwrap();
    assert_eq!(s.value(), None);
    assert!(s.best_moves().is_empty());
    assert_eq!(s.analysis.moves.len(), 6);
    assert!(s.analysis.moves.iter().all(|m| !m.exact));
    let mut over = Game::new(Variant::preset("oware").unwrap().resized(Some(2), Some(1)).unwrap());
    while !over.position().is_over() {
        let mv = over.legal_moves()[0];
        over.play(mv).unwrap();
    }
    assert_eq!(
        solve_by_search(&over, &mut searcher, None, &mut |_| {}).unwrap_err(),
        RepetitionError::GameOver
    );
}
