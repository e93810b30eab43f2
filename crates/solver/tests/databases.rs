//! The engine with real databases built here, opened through
//! [`Databases`]: scores of covered positions equal the database and the
//! solver, the move chosen is a best move; which database serves which
//! variant; damaged and foreign databases are refused.

use std::sync::atomic::AtomicBool;

use mancala_core::{Game, Side};
use mancala_engine::search::{OracleUse, SearchLimits, SearchOptions, Searcher};
use mancala_solver::{SolveOptions, Solver};

use std::path::Path;

use mancala_core::{Position, Variant};
use mancala_solver::{Databases, KalahDb, OpenedDb, OwareDb};

/// Builds the database serving `v` (for a majority rule, the one of the
/// game played to the end) in `dir`.
fn build(v: &Variant, max_seeds: usize, dir: &Path) -> std::path::PathBuf {
    let played = Databases::database_variant(v).unwrap();
    let built = if mancala_solver::oware_db::supports(v) { v } else { &played };
    Databases::build(built, max_seeds, dir, 1, &|_| {}).unwrap();
    dir.to_path_buf()
}

fn open(root: &Path, v: &Variant) -> Result<Option<OpenedDb>, mancala_solver::DbError> {
    Databases::open(v, root)
}

fn in_pits(p: &Position) -> u32 {
    p.side_seeds(Side::South) + p.side_seeds(Side::North)
}

/// Positions of random games of `v` with at most `max` seeds in the
/// pits (not over, not a pie-rule opening), with their games.
fn late(v: &Variant, max: u32, count: usize, seed: u64) -> Vec<Game> {
    mancala_engine::playout::sample_games(v, count, seed, |p| {
        in_pits(p) <= max && !p.is_opening() && !p.swap_offered()
    })
}

fn searcher(opened: &OpenedDb) -> Searcher {
    Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: Some(0) })
        .with_endgame(Some(opened.oracle.clone()))
}

#[test]
fn kalah_irving_scores_equal_the_database_and_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(3)).unwrap();
    let location = build(&v, 10, dir.path());
    let opened = open(&location, &v).unwrap().expect("the database is found");
    assert!(opened.exact);
    assert_eq!(opened.max_seeds, 10);
    let db = KalahDb::open(&v, &Databases::folder(&v, &location)).unwrap().unwrap();
    let stop = AtomicBool::new(false);
    let solver = Solver::new(&v, None, SolveOptions { table_megabytes: 4, threads: 1 }, &stop);
    let (mut from_db, mut hits) = (0, 0);
    for game in late(&v, 10, 40, 2) {
        let pos = *game.position();
        let us = pos.to_move();
        let stores = pos.store(us) as i32 - pos.store(!us) as i32;
        let want = stores + db.probe(&pos).unwrap();
        // The solver agrees with the database (South's margin).
        let solution = solver.solve(&pos, None, &|_| {}).unwrap();
        assert_eq!(solution.margin, if us == Side::South { want } else { -want });
        let a = searcher(&opened).analyze(&game, SearchLimits::depth(1), None, &mut |_| {});
        let best = a.best().unwrap();
        assert!(best.exact);
        assert_eq!(best.score, want, "{pos}");
        assert!(solution.best_moves.contains(&best.mv), "{pos}: {}", best.mv);
        from_db += a.moves.iter().filter(|m| m.from_database).count();
        let r = searcher(&opened).search(&game, SearchLimits::depth(1), None, &mut |_| {});
        assert_eq!((r.score, r.exact), (want, true));
        assert!(solution.best_moves.contains(&r.best.unwrap()), "{pos}");
        hits += r.database_hits;
    }
    assert!(from_db > 0 && hits > 0);
}

#[test]
fn pie_rule_kalah_uses_the_irving_database_for_outcomes() {
    let dir = tempfile::tempdir().unwrap();
    let kalah = Variant::preset("kalah").unwrap().resized(Some(4), Some(2)).unwrap();
    // Built as kalah-irving: the same rules played to the end.
    let irving = Variant::preset("kalah-irving").unwrap().resized(Some(4), Some(2)).unwrap();
    build(&irving, 10, dir.path());
    let location = dir.path().to_path_buf();
    let opened = open(&location, &kalah).unwrap().expect("kalah-irving's database serves");
    assert!(!opened.exact);
    for game in late(&kalah, 12, 25, 3) {
        let plain = Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None }).analyze(
            &game,
            SearchLimits::default(),
            None,
            &mut |_| {},
        );
        let with = searcher(&opened).analyze(&game, SearchLimits::default(), None, &mut |_| {});
        let score = |a: &mancala_engine::Analysis, mv| {
            a.moves.iter().find(|m| m.mv == mv).map(|m| (m.score, m.exact)).unwrap()
        };
        for m in &plain.moves {
            assert!(m.exact);
            assert_eq!(score(&with, m.mv), (m.score, true), "{}", game.position());
        }
    }
}

#[test]
fn awari_is_searched_the_same_with_its_database() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("awari").unwrap().resized(Some(3), Some(2)).unwrap();
    let location = build(&v, 8, dir.path());
    let opened = open(&location, &v).unwrap().expect("found");
    assert!(!opened.exact);
    let db = OwareDb::open(&v, &Databases::folder(&v, &location)).unwrap().unwrap();
    let (mut hits, mut compared, mut outcomes) = (0, 0, 0);
    for game in late(&v, 8, 40, 4) {
        let limits = SearchLimits::depth(40);
        let plain = Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None }).analyze(
            &game,
            limits,
            None,
            &mut |_| {},
        );
        let with = searcher(&opened).analyze(&game, limits, None, &mut |_| {});
        hits += with.database_hits;
        // Where the search alone proves a value, the database changes
        // nothing.
        for m in plain.moves.iter().filter(|m| m.exact) {
            let w = with.moves.iter().find(|x| x.mv == m.mv).unwrap();
            assert_eq!((w.score, w.exact), (m.score, true), "{} {}", game.position(), m.mv);
            compared += 1;
        }
        // Right after a capture, the database's outcome is the game's.
        let pos = *game.position();
        let n = game.positions().len();
        let fresh = n < 2 || {
            let before = game.positions()[n - 2];
            before.store(Side::South) != pos.store(Side::South)
                || before.store(Side::North) != pos.store(Side::North)
        };
        let best = with.best().unwrap();
        if fresh && best.exact {
            let us = pos.to_move();
            let full = pos.store(us) as i32 - pos.store(!us) as i32 + db.probe(&pos).unwrap();
            assert_eq!(best.score.signum(), full.signum(), "{pos}");
            outcomes += 1;
        }
    }
    assert!(hits > 0 && compared > 0 && outcomes > 0, "{hits} {compared} {outcomes}");
}

#[test]
fn no_database_for_owner_rule_variants_and_missing_ones() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("abapa").unwrap().resized(Some(3), Some(2)).unwrap();
    let location = build(&v, 4, dir.path());
    assert!(open(&location, &v).unwrap().is_none(), "abapa's cycle convention is not used");
    let v = Variant::preset("kalah-classic").unwrap();
    assert!(open(&location, &v).unwrap().is_none());
}

#[test]
fn a_player_gets_the_owner_rule_database_as_an_evaluation() {
    // 3 pits a side, 2 seeds a pit, covered up to 8 seeds in the pits.
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("abapa").unwrap().resized(Some(3), Some(2)).unwrap();
    let location = build(&v, 8, dir.path());
    let opened = Databases::open_for_play(&v, &location).unwrap().expect("built");
    assert!(!opened.exact);
    assert_eq!(opened.usage, OracleUse::Evaluation);
    assert!(opened.describe().contains("an evaluation only"), "{}", opened.describe());
    let db = OwareDb::open(&v, &Databases::folder(&v, &location)).unwrap().unwrap();
    let mut evaluated = 0;
    for game in late(&v, 8, 10, 3) {
        // At depth 1 every child is scored by the database (or is over).
        let r = searcher(&opened).search(&game, SearchLimits::depth(1), None, &mut |_| {});
        let us = game.position().to_move();
        let best = game
            .legal_moves()
            .iter()
            .map(|mv| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                let child = after.position();
                let lead = child.store(us) as i32 - child.store(us.opponent()) as i32;
                match db.probe(child) {
                    _ if child.is_over() => lead,
                    Some(f) if child.to_move() == us => lead + f,
                    Some(f) => lead - f,
                    None => panic!("not covered: {child}"),
                }
            })
            .max()
            .unwrap();
        assert_eq!(r.score, best, "{}", game.position());
        if r.database_hits > 0 {
            assert!(!r.exact, "{}", game.position());
            evaluated += 1;
        }
    }
    assert!(evaluated > 0);
}

/// Flips bits of a file's last byte, as a disk or a copy might.
fn damage_last_byte(path: &std::path::Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_damaged_database_is_one_line_and_not_used() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
    let location = build(&v, 6, dir.path());
    let layer = Databases::folder(&v, &location).join("layer-004.mdb");
    damage_last_byte(&layer);
    let e = open(&location, &v).expect_err("damaged").to_string();
    assert!(e.contains("checksum") && e.contains("layer-004.mdb"), "{e}");
    assert!(!e.contains('\n'), "{e}");
}

#[test]
fn a_database_of_other_rules_is_one_line_and_not_used() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
    let classic = Variant::preset("kalah-classic").unwrap().resized(Some(3), Some(2)).unwrap();
    let location = build(&v, 4, dir.path());
    build(&classic, 4, dir.path());
    let foreign = Databases::folder(&classic, &location).join("layer-003.mdb");
    std::fs::copy(foreign, Databases::folder(&v, &location).join("layer-003.mdb")).unwrap();
    let e = open(&location, &v).expect_err("foreign layer").to_string();
    assert!(e.contains("layer-003.mdb") && e.contains("other rules"), "{e}");
}

/// Layers larger than the check at opening are compared with their
/// checksums on first use: a damaged one opens, but a probe into it finds
/// nothing, and a solver refuses the database before searching.
#[test]
fn a_damaged_layer_checked_on_first_use_is_never_used() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
    build(&v, 6, dir.path());
    let folder = Databases::folder(&v, dir.path());
    let layer = folder.join("layer-004.mdb");
    damage_last_byte(&layer);
    // Checked at opening: refused.
    assert!(KalahDb::open(&v, &folder).is_err());
    // Checked on first use (no layer checked at opening): opens.
    let db = KalahDb::open_checking(&v, &folder, 0).unwrap().expect("opens");
    let seeds = |p: &Position| {
        p.side_seeds(mancala_core::Side::South) + p.side_seeds(mancala_core::Side::North)
    };
    let (mut four, mut three) = (0, 0);
    for game in late(&v, 6, 60, 5) {
        let p = *game.position();
        match seeds(&p) {
            4 => {
                assert_eq!(db.probe(&p), None, "{p}");
                four += 1;
            }
            3 => {
                assert!(db.probe(&p).is_some(), "{p}");
                three += 1;
            }
            _ => {}
        }
    }
    assert!(four > 0 && three > 0, "{four} {three}");
    let e = db.check_all().unwrap_err().to_string();
    assert!(e.contains("layer-004.mdb") && e.contains("checksum"), "{e}");
    let stop = AtomicBool::new(false);
    let options = SolveOptions { table_megabytes: 1, threads: 1 };
    let Err(e) = Solver::try_new(&v, Some(&db), options, &stop) else { panic!("refused") };
    let e = e.to_string();
    assert!(e.contains("layer-004.mdb") && e.contains("checksum"), "{e}");
}

/// A player's database checks its large layers on a thread of its own
/// (`Databases::open_for_play`): until a layer is checked, a probe finds
/// its boards missing instead of waiting for the check; once checked, the
/// values are there.
#[test]
fn a_layer_whose_check_is_deferred_is_missing_until_checked() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
    build(&v, 6, dir.path());
    let folder = Databases::folder(&v, dir.path());
    // No layer checked at opening; the checks left to someone else.
    let db = KalahDb::open_checking(&v, &folder, 0).unwrap().expect("opens");
    db.defer_checks();
    let positions: Vec<Position> = late(&v, 6, 60, 5)
        .into_iter()
        .map(|g| *g.position())
        .filter(|p| {
            p.side_seeds(mancala_core::Side::South) + p.side_seeds(mancala_core::Side::North) > 0
        })
        .collect();
    assert!(!positions.is_empty());
    for p in &positions {
        assert_eq!(db.probe(p), None, "{p}");
    }
    db.check_all().unwrap();
    let covered = positions.iter().filter(|p| db.probe(p).is_some()).count();
    assert!(covered > 0, "none of {} covered once checked", positions.len());
}

/// A layer of the previous file format (FNV checksums, rules hashed from
/// their TOML text) is refused with what to do.
#[test]
fn a_database_of_the_old_format_names_the_command_to_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
    build(&v, 3, dir.path());
    let layer = Databases::folder(&v, dir.path()).join("layer-002.mdb");
    let mut bytes = std::fs::read(&layer).unwrap();
    bytes[..8].copy_from_slice(b"MNCLDB01");
    std::fs::write(&layer, bytes).unwrap();
    let e = open(dir.path(), &v).expect_err("old format").to_string();
    assert!(e.contains("layer-002.mdb") && e.contains("mancala db build"), "{e}");
}

/// The fingerprint is a hash of a hand-written, versioned encoding of the
/// rules: pinned here, so that no dependency upgrade can move every
/// database. Rules that do not change a database do not change it.
#[test]
fn the_fingerprint_is_pinned_and_ignores_what_a_database_does_not_see() {
    use mancala_solver::layer_file::{fingerprint, rules_bytes, RULES_ENCODING_VERSION};
    let irving = Variant::preset("kalah-irving").unwrap();
    assert_eq!(rules_bytes(irving.rules())[0], RULES_ENCODING_VERSION);
    assert_eq!(format!("{:016x}", fingerprint(irving.rules())), PINNED_IRVING);
    let pie = Variant::preset("kalah").unwrap();
    let mut rules = pie.rules().clone();
    rules.end.majority = false;
    assert_eq!(fingerprint(&rules), fingerprint(irving.rules()), "the pie rule is not seen");
    let more = irving.resized(None, Some(5)).unwrap();
    assert_eq!(fingerprint(more.rules()), fingerprint(irving.rules()));
    let classic = Variant::preset("kalah-classic").unwrap();
    assert_ne!(fingerprint(classic.rules()), fingerprint(irving.rules()));
    let wider = irving.resized(Some(5), None).unwrap();
    assert_ne!(fingerprint(wider.rules()), fingerprint(irving.rules()));
}

const PINNED_IRVING: &str = "648a79a64b45dda2";

/// A stop in the middle of a layer (set when the layer's first progress
/// comes in) ends the build of either kind with `Interrupted` naming that
/// layer: the layers below are on disk, that one is not, and the same
/// build then resumes after them to the same database as one never
/// stopped.
#[test]
fn a_stop_inside_a_layer_keeps_the_layers_below_and_the_build_resumes() {
    use std::sync::atomic::Ordering;
    for (name, pits, max, at) in
        [("kalah-irving", 6, 13, 11), ("kalah-irving", 9, 8, 7), ("awari", 6, 12, 10)]
    {
        let v = Variant::preset(name).unwrap().resized(Some(pits), None).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let stop = AtomicBool::new(false);
        let progress = |p: mancala_solver::BuildProgress| {
            if p.seeds == at && !p.loaded && p.done > 0 && p.done < p.total {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let e = Databases::build_with(&v, max, dir.path(), 2, &progress, &mut |_, _| {}, &stop)
            .err()
            .unwrap_or_else(|| panic!("{name}: not stopped"));
        match e {
            mancala_solver::DbError::Interrupted { seeds } => assert_eq!(seeds, at, "{name}"),
            e => panic!("{name}: {e}"),
        }
        let folder = Databases::folder(&v, dir.path());
        let on_disk = |k: usize| folder.join(format!("layer-{k:03}.mdb")).exists();
        assert!((0..at).all(on_disk) && !on_disk(at), "{name}");
        let resumed = Databases::build(&v, max, dir.path(), 2, &|_| {}).unwrap();
        let fresh = tempfile::tempdir().unwrap();
        let whole = Databases::build(&v, max, fresh.path(), 2, &|_| {}).unwrap();
        assert_eq!(resumed.stats(), whole.stats(), "{name}");
    }
}

/// Found by the `db_layer` fuzz target (docs/fuzzing.md): a layer whose
/// values lie outside what its seeds allow, behind a checksum recomputed to
/// match them, made counting its values index out of bounds. Such a layer
/// is now refused when it is checked (at opening, for a small layer),
/// naming the board and the allowed range, for both kinds of database;
/// counting forged values directly shows them at their margins.
#[test]
fn a_forged_layer_with_margins_beyond_its_seeds_is_refused() {
    for (name, pits, seeds, max) in [("awari", 3, 2, 4), ("kalah-irving", 3, 2, 4)] {
        let v = Variant::preset(name).unwrap().resized(Some(pits), Some(seeds)).unwrap();
        let root = tempfile::tempdir().unwrap();
        Databases::build(&v, max, root.path(), 1, &|_| {}).unwrap();
        assert!(Databases::open_database(&v, root.path()).unwrap().is_some(), "{name}");
        let layer = Databases::folder(&v, root.path()).join("layer-002.mdb");
        let mut file = std::fs::read(&layer).unwrap();
        // Layer 2 (boards with 2 seeds): margins -6 and +5 cannot occur.
        let values = &mut file[64..];
        assert!(values.len() >= 3);
        values[1] = -6i8 as u8;
        values[2] = 5;
        let sum = xxhash_rust::xxh3::xxh3_64(&file[64..]);
        file[40..48].copy_from_slice(&sum.to_le_bytes());
        std::fs::write(&layer, &file).unwrap();

        let e = Databases::open_database(&v, root.path()).err().unwrap_or_else(|| {
            panic!("{name}: a forged layer was opened");
        });
        let text = e.to_string();
        assert!(text.contains("layer-002.mdb"), "{name}: {text}");
        assert!(text.contains("board 1 has the value -6, outside -2..=2"), "{name}: {text}");
    }
    let stats = mancala_solver::layer_file::layer_stats(2, 3, |r| [0i8, -6, 5][r as usize]);
    assert!(stats.by_margin.contains(&(-6, 1)), "{:?}", stats.by_margin);
    assert!(stats.by_margin.contains(&(5, 1)), "{:?}", stats.by_margin);
    assert_eq!(stats.wins + stats.draws + stats.losses, stats.boards);
}
