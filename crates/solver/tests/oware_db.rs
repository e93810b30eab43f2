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
//! Long check (about half a minute): `cargo test --release -p mancala-solver
//! --test oware_db -- --ignored --nocapture` (3 pits up to 5 seeds; up to 6
//! the history minimax takes well over a quarter of an hour).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use mancala_core::{Game, Position, Setup, Side, Variant};
use mancala_solver::OwareDb;

/// The preset at a small size with the majority rule off (the databases
/// ignore it: every game is scored as if played to the end).
fn small(name: &str, pits: u8) -> Variant {
    let v = Variant::preset(name).unwrap().resized(Some(pits), Some(4)).unwrap();
    let mut rules = v.rules().clone();
    rules.end.majority = false;
    Variant::new(rules).unwrap()
}

/// A new folder of the test's own (each test removes it when done).
fn scratch(tag: &str) -> PathBuf {
    tempfile::Builder::new().prefix(&format!("oware-db-test-{tag}-")).tempdir().unwrap().keep()
}

/// Board (mover's row then the opponent's) as a position, South to move.
fn position(v: &Variant, board: &[u8]) -> Position {
    let n = v.pits_per_side();
    Setup::from_rows(&board[..n], &board[n..], [0, 0], Side::South)
        .unwrap()
        .position_unchecked()
        .settled(v)
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

/// A preset at a small size with one rule changed (the majority rule off).
fn changed(name: &str, pits: u8, change: impl Fn(&mut mancala_core::Rules)) -> Variant {
    let mut rules = small(name, pits).rules().clone();
    change(&mut rules);
    Variant::new(rules).unwrap()
}

/// The rules the build's own move generation reads, each changed in turn:
/// the database still equals the minimax with history (exact under
/// `split`, the cycle-is-0 convention otherwise).
#[test]
fn changed_rules_equal_their_minimax_on_small_boards() {
    use mancala_core::{EmptyPitCapture, EmptySide, GrandSlam};
    type Change = fn(&mut mancala_core::Rules);
    let changes: [(&str, Change); 7] = [
        ("no skip of the origin", |r| r.sowing.skip_origin = false),
        ("either side empty ends", |r| r.end.empty_side = EmptySide::Either),
        ("no feeding obligation", |r| r.turn.must_feed = false),
        ("no chain", |r| r.capture.chain = false),
        ("captures of 1 and 4", |r| r.capture.counts = vec![1, 4]),
        ("grand slam allowed", |r| r.capture.grand_slam = GrandSlam::Allowed),
        ("empty-pit capture too", |r| r.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds),
    ];
    for name in ["awari", "abapa"] {
        for (what, change) in changes {
            for (pits, max_seeds) in [(2, 6), (3, 3)] {
                let v = changed(name, pits, change);
                let tag = format!("changed-{name}-{pits}-{}", what.replace(' ', "-"));
                let (db, dir) = build(&v, max_seeds, &tag, 2);
                let cycles = if name == "awari" { Cycles::Game } else { Cycles::Zero };
                let (checked, wrong) = compare(&v, &db, cycles);
                let _ = std::fs::remove_dir_all(&dir);
                assert!(
                    wrong.is_empty(),
                    "{name} with {what}, {pits} pits: {} of {checked} differ, e.g. {:?}",
                    wrong.len(),
                    &wrong[..wrong.len().min(5)]
                );
            }
        }
    }
}

/// `build_with` reports every layer, with the counts `stats` gives, and a
/// resumed build finds the layers on disk.
#[test]
fn build_reports_each_layer_and_resumes() {
    let v = small("awari", 3);
    let dir = scratch("report");
    let go = std::sync::atomic::AtomicBool::new(false);
    let mut seen = Vec::new();
    let db = OwareDb::build_with(
        &v,
        5,
        &dir,
        2,
        &|_| {},
        &mut |b, s| seen.push((b.passes, s.clone())),
        &go,
    )
    .unwrap();
    assert_eq!(seen.len(), 6);
    assert!(seen.iter().all(|(passes, _)| *passes > 0));
    assert_eq!(seen.iter().map(|(_, s)| s.clone()).collect::<Vec<_>>(), db.stats());
    let mut again = Vec::new();
    OwareDb::build_with(
        &v,
        6,
        &dir,
        1,
        &|_| {},
        &mut |b, s| again.push((b.passes, s.clone())),
        &go,
    )
    .unwrap();
    assert_eq!(again.len(), 7);
    assert!(again[..6].iter().all(|(passes, _)| *passes == 0), "layers 0..=5 are on disk");
    assert!(again[6].0 > 0, "layer 6 is built");
    assert_eq!(again[..6], seen[..].iter().map(|(_, s)| (0, s.clone())).collect::<Vec<_>>()[..]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unsupported_rules_and_sizes_are_clear_errors() {
    let dir = scratch("errors");
    let relay = changed("awari", 2, |r| r.sowing.relay = mancala_core::Relay::Own);
    let e = OwareDb::build(&relay, 3, &dir, 1, &|_| {}).err().expect("relay sowing is refused");
    assert!(e.to_string().contains("relay"), "{e}");
    let v = small("awari", 2);
    let e = OwareDb::build(&v, 17, &dir, 1, &|_| {}).err().expect("more seeds than the game has");
    // The library names no command-line option: the caller does.
    assert!(matches!(e, mancala_solver::DbError::TooManySeeds { asked: 17, limit: 16 }), "{e}");
    assert!(e.to_string().contains("17 seeds") && e.to_string().contains("0 to 16"), "{e}");
    let wide = Variant::preset("awari").unwrap().resized(Some(16), Some(7)).unwrap();
    let e = OwareDb::build(&wide, 127, &dir, 1, &|_| {}).err().expect("a layer beyond memory");
    assert!(e.to_string().contains("too many"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The documented fixed point computed the plain way, through
/// `mancala_core` only: every board's win level `w` (value if positive) and
/// loss level `l` (minus the value if negative), from 0, raised by sweeps
/// over the whole layer until nothing changes (`w = max(exits, l(children))`,
/// `l = min(-exits, w(children))`, where a move that captures or ends the
/// game is an exit). Slow, but independent of the build's own code.
fn fixed_point(v: &Variant, max_seeds: usize) -> Vec<Vec<i32>> {
    let n = v.pits_per_side();
    let index = mancala_solver::BoardIndex::new(2 * n);
    let mut layers: Vec<Vec<i32>> = Vec::new();
    for seeds in 0..=max_seeds {
        let count = index.count(seeds) as usize;
        let mut values = vec![0i32; count];
        loop {
            let mut changed = false;
            for r in 0..count {
                let mut board = vec![0u8; 2 * n];
                index.unrank(r as u64, seeds, &mut board);
                let p = position(v, &board);
                let value = if p.is_over() {
                    p.store_margin()
                } else {
                    let (mut win, mut loss) = (0, i32::MAX);
                    for mv in p.legal_moves(v).iter() {
                        let (c, _) = p.play(v, mv).unwrap();
                        let left = seeds - (c.store(Side::South) + c.store(Side::North)) as usize;
                        let child = index.rank(&mover_board(&c)) as usize;
                        let (w, l) = if c.is_over() || left < seeds {
                            let future = if c.is_over() { 0 } else { layers[left][child] };
                            let e = c.store_margin() - future;
                            (e.max(0), (-e).max(0))
                        } else {
                            ((-values[child]).max(0), values[child].max(0))
                        };
                        win = win.max(w);
                        loss = loss.min(l);
                    }
                    if win > 0 {
                        win
                    } else {
                        -loss
                    }
                };
                // Levels only rise: keep the larger of the old and new ones.
                let old = values[r];
                let merged = match old {
                    0 => value,
                    o if o > 0 => o.max(value),
                    o => o.min(value),
                };
                if merged != old {
                    values[r] = merged;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        layers.push(values);
    }
    layers
}

/// The database equals the plain fixed point: rows of more than 8 pits
/// (the build's byte-board path; smaller rows fit one machine word) and a
/// few small ones.
#[test]
fn database_equals_the_plain_fixed_point() {
    for (name, pits, max_seeds) in
        [("awari", 9, 4), ("abapa", 9, 4), ("oware", 10, 3), ("awari", 4, 6), ("abapa", 2, 10)]
    {
        let v = small(name, pits);
        let (db, dir) = build(&v, max_seeds, &format!("plain-{name}-{pits}"), 2);
        let _ = std::fs::remove_dir_all(&dir);
        for (seeds, values) in fixed_point(&v, max_seeds).iter().enumerate() {
            for (r, &value) in values.iter().enumerate() {
                let mut board = vec![0u8; 2 * pits as usize];
                db.index().unrank(r as u64, seeds, &mut board);
                assert_eq!(db.value(seeds, r as u64), value, "{name} {pits} pits: {board:?}");
            }
        }
    }
}

#[test]
#[ignore = "about half a minute; run with --ignored"]
fn larger_boards_against_minimax() {
    check_awari(3, 5);
    check_owner("abapa", 3, 5);
    check_owner("oware", 3, 5);
}

/// Oware with its chain going forwards (`chain_direction`) is played by
/// the general sowing: no database covers it, and the refusal says why.
#[test]
fn a_chain_forwards_has_no_database() {
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.capture.chain_direction = mancala_core::ChainDirection::Forwards;
    let v = Variant::new(rules).unwrap();
    let e = mancala_solver::Databases::kind(&v).expect_err("refused").to_string();
    assert!(e.contains("capture.chain_direction = \"forwards\""), "{e}");
    assert!(mancala_solver::Databases::kind(&Variant::preset("oware").unwrap()).is_ok());
}

/// Every preset beyond the two families is refused a database, with each
/// setting of its file that puts it there named: Toguz Kumalak's first
/// seed back into its pit, even captures and tuzdyk among them.
#[test]
fn the_refusal_names_every_element_beyond_the_two_families() {
    let mut refused = 0;
    for name in mancala_core::preset_names() {
        let v = Variant::preset(name).unwrap();
        let elements = v.rules().general_elements();
        let kind = mancala_solver::Databases::kind(&v);
        if elements.is_empty() {
            continue;
        }
        refused += 1;
        let e = kind.expect_err(name).to_string();
        for element in &elements {
            assert!(e.contains(element.as_str()), "{name}: {element} not in {e}");
        }
    }
    assert!(refused >= 20, "{refused} presets beyond the two families");
    let toguz = Variant::preset("toguz-kumalak").unwrap().rules().general_elements();
    for element in ["sowing.first_seed_in_origin", "capture.parity", "claim.count"] {
        assert!(toguz.iter().any(|e| e == element), "{toguz:?}");
    }
}
