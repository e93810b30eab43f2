//! The Oware-family endgame databases against independent exhaustive
//! minimax over positions *with* path history on small boards.
//!
//! - awari (`repetition = "split"`): the database must equal, board by
//!   board, the value of the game played by `mancala_core::Game`, which ends
//!   a game at the first repeated position and splits the seeds left.
//! - abapa and oware (`repetition = "owner"`): the value is path-dependent,
//!   so the database holds a convention (an endless non-capturing play is
//!   worth 0). The database must equal a minimax with history in which a
//!   repetition scores 0 from the start board; the test also counts the
//!   boards where the real owner rule (played by `Game`) gives another value.
//!
//! Long check (about a minute): `CARGO_TARGET_DIR=/tmp/target-odb cargo test
//! --release -p mancala-solver --test oware_db -- --ignored --nocapture`.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use mancala_core::{Game, Position, Side, Variant};
use mancala_solver::OwareDb;

/// The preset at a small size with the majority rule off (the databases
/// ignore it: every game is scored as if played to the end).
fn small(name: &str, pits: u8) -> Variant {
    let v = Variant::preset(name).unwrap().resized(Some(pits), Some(4)).unwrap();
    let mut rules = v.rules().clone();
    rules.end.majority = false;
    Variant::new(rules).unwrap()
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-db-test-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Board (mover's row then the opponent's) as a position, South to move.
fn position(v: &Variant, board: &[u8]) -> Position {
    let n = v.pits_per_side();
    Position::from_rows(&board[..n], &board[n..], [0, 0], Side::South).unwrap().settled(v)
}

fn mover_board(p: &Position) -> Vec<u8> {
    let m = p.to_move();
    p.row(m).iter().chain(p.row(m.opponent())).copied().collect()
}

/// How repetitions are scored by the reference minimax.
#[derive(Clone, Copy, PartialEq)]
enum Cycles {
    /// As `mancala_core::Game` does (the variant's own rule).
    Game,
    /// A repetition ends the game with no further seeds to either side.
    Zero,
}

/// Exact future margin for the mover of `board` in a game starting there.
struct Reference<'a> {
    v: &'a Variant,
    cycles: Cycles,
    memo: HashMap<Vec<u8>, i32>,
}

impl Reference<'_> {
    fn value(&mut self, board: &[u8]) -> i32 {
        if let Some(&m) = self.memo.get(board) {
            return m;
        }
        let start = position(self.v, board);
        let m = if start.is_over() {
            start.store_margin()
        } else {
            let mut game = Game::from_position(self.v.clone(), start);
            let mut path = HashSet::new();
            path.insert(start);
            self.search(&mut game, &mut path, -1000, 1000)
        };
        self.memo.insert(board.to_vec(), m);
        m
    }

    /// Final margin (South minus North) under perfect play from the game's
    /// position, alpha-beta with a fail-hard window. Only positions without
    /// a capture so far are searched here: after a capture no earlier
    /// position can repeat (the stores differ), so the rest is `value`.
    fn search(
        &mut self,
        game: &mut Game,
        path: &mut HashSet<Position>,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let p = *game.position();
        let south = p.to_move() == Side::South;
        let mut best = if south { i32::MIN } else { i32::MAX };
        for mv in p.legal_moves(self.v).iter() {
            game.play_unchecked(mv);
            let c = *game.position();
            let captured = c.store(Side::South) + c.store(Side::North) > 0;
            let value = if c.is_over() {
                if self.cycles == Cycles::Zero
                    && c.end_reason() == Some(mancala_core::EndReason::Cycle)
                {
                    0 // only reached if Game's rule fired; Zero handles repeats below
                } else {
                    c.store_margin()
                }
            } else if captured {
                let future = self.value(&mover_board(&c));
                c.store_margin() + if c.to_move() == Side::South { future } else { -future }
            } else if self.cycles == Cycles::Zero && path.contains(&c) {
                0
            } else {
                path.insert(c);
                let v = self.search(game, path, alpha, beta);
                path.remove(&c);
                v
            };
            game.undo();
            if south {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// For every board of every layer: (database, reference) values that differ.
fn compare(v: &Variant, db: &OwareDb, cycles: Cycles) -> (u64, Vec<(Vec<u8>, i32, i32)>) {
    let mut reference = Reference { v, cycles, memo: HashMap::new() };
    let n = v.pits_per_side();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for seeds in 0..=db.max_seeds() {
        for r in 0..db.index().count(seeds) {
            let mut board = vec![0u8; 2 * n];
            db.index().unrank(r, seeds, &mut board);
            let expected = reference.value(&board);
            let got = db.value(seeds, r);
            checked += 1;
            if got != expected {
                wrong.push((board, got, expected));
            }
        }
    }
    (checked, wrong)
}

fn build(v: &Variant, max_seeds: usize, tag: &str, threads: usize) -> (OwareDb, PathBuf) {
    let dir = scratch(tag);
    let db = OwareDb::build(v, max_seeds, &dir, threads, &|_| {}).unwrap();
    (db, dir)
}

fn check_awari(pits: u8, max_seeds: usize) {
    let v = small("awari", pits);
    let (db, dir) = build(&v, max_seeds, &format!("awari-{pits}-{max_seeds}"), 2);
    let (checked, wrong) = compare(&v, &db, Cycles::Game);
    assert!(
        wrong.is_empty(),
        "awari {pits} pits: {} of {checked} differ, e.g. {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    // Reopening reads back the same values from the files.
    let again = OwareDb::open(&v, &dir).unwrap().unwrap();
    assert_eq!(again.stats(), db.stats());
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("awari {pits} pits up to {max_seeds} seeds: {checked} boards equal to Game minimax");
}

fn check_owner(name: &str, pits: u8, max_seeds: usize) {
    let v = small(name, pits);
    let (db, dir) = build(&v, max_seeds, &format!("{name}-{pits}-{max_seeds}"), 2);
    let (checked, wrong) = compare(&v, &db, Cycles::Zero);
    assert!(
        wrong.is_empty(),
        "{name} {pits} pits: {} of {checked} differ from the convention, e.g. {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    let (_, differ) = compare(&v, &db, Cycles::Game);
    eprintln!(
        "{name} {pits} pits up to {max_seeds} seeds: {checked} boards equal to the cycle-is-0 minimax; \
         {} differ from the game with the owner rule from a fresh start, e.g. {:?}",
        differ.len(),
        &differ[..differ.len().min(3)]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn awari_database_equals_game_minimax_on_small_boards() {
    check_awari(2, 8);
    check_awari(3, 4);
}

#[test]
fn owner_rule_databases_equal_their_convention_on_small_boards() {
    check_owner("abapa", 2, 8);
    check_owner("abapa", 3, 4);
    check_owner("oware", 2, 8);
}

#[test]
fn one_and_two_threads_build_the_same_database() {
    let v = small("awari", 3);
    let (a, da) = build(&v, 8, "threads-1", 1);
    let (b, db) = build(&v, 8, "threads-2", 2);
    for seeds in 0..=8 {
        for r in 0..a.index().count(seeds) {
            assert_eq!(a.value(seeds, r), b.value(seeds, r));
        }
    }
    let _ = std::fs::remove_dir_all(&da);
    let _ = std::fs::remove_dir_all(&db);
}

#[test]
#[ignore = "about a minute; run with --ignored"]
fn larger_boards_against_minimax() {
    check_awari(3, 6);
    check_owner("abapa", 3, 6);
}
