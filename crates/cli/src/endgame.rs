//! Endgame databases for the search: the databases of `mancala db build`
//! (`mancala-solver`'s `EndgameDb` and `OwareDb`) behind the engine's
//! [`EndgameOracle`], found in the usual place ([`DbLocation`]).
//!
//! Which database serves which variant (the engine decides how to use it,
//! see `mancala_engine::search::endgame`):
//!
//! - Kalah family without a majority rule (`kalah-irving`, `kalah-classic`,
//!   `mankalah`, `relay-kalah`): the variant's own database; exact scores.
//! - Kalah family with a majority rule (`kalah`, with the pie rule): the database of
//!   the same rules played to the end (for `kalah`, the one `mancala db
//!   build --variant kalah-irving` builds: the pie rule does not change a
//!   database); outcomes only.
//! - `awari`: its database; outcomes only (awari has a majority rule), at
//!   positions right after a capture.
//! - `abapa`, `oware` (cycles give each side its own seeds): none; their
//!   databases score cycles by a convention that is not the game's.
//!
//! A missing database is silent. A damaged or foreign one is reported in
//! one line and not used.

use std::path::PathBuf;
use std::sync::Arc;

use mancala_core::{Position, Rules, StorePlacement, Variant};
use mancala_engine::search::{oracle_use, EndgameOracle, OracleUse};
use mancala_solver::{EndgameDb, OwareDb};

use crate::cmd::db::DbLocation;

/// The options of the commands that search.
#[derive(clap::Args, Debug, Clone)]
pub struct DbArgs {
    /// Do not use endgame databases (by default a database built by `mancala
    /// db build` for the variant is used where it covers a position).
    #[arg(long)]
    pub no_db: bool,
    #[command(flatten)]
    pub location: DbLocation,
}

enum Tables {
    Kalah(EndgameDb),
    Oware(OwareDb),
}

/// One opened database as the engine asks it.
struct Database {
    tables: Tables,
    max_seeds: u32,
}

impl EndgameOracle for Database {
    fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    #[inline]
    fn probe(&self, p: &Position) -> Option<i32> {
        match &self.tables {
            Tables::Kalah(db) => db.probe(p),
            Tables::Oware(db) => db.probe(p),
        }
    }
}

/// A database opened for a variant.
#[derive(Clone)]
pub struct Opened {
    pub oracle: Arc<dyn EndgameOracle>,
    /// Where it was found.
    pub folder: PathBuf,
    /// It covers the boards with up to this many seeds.
    pub max_seeds: u32,
    /// It gives exact scores; otherwise only outcomes (a majority rule).
    pub exact: bool,
}

impl Opened {
    /// One line for the user.
    pub fn describe(&self) -> String {
        format!(
            "endgame database: boards with up to {} seeds left, {} ({})",
            self.max_seeds,
            if self.exact { "exact scores" } else { "outcomes only (majority rule)" },
            self.folder.display()
        )
    }
}

/// `v`'s rules with the majority rule off: what a database of `v` holds.
fn played_to_the_end(v: &Variant) -> Result<Variant, String> {
    if !v.rules().end.majority {
        return Ok(v.clone());
    }
    let mut rules: Rules = v.rules().clone();
    rules.end.majority = false;
    Variant::new(rules).map_err(|e| format!("{}: {e}", v.name()))
}

/// The database for `v` in `location`, if one is present and the engine can
/// use it for `v`; an error message (one line) if one is present but cannot
/// be read, is damaged, or was built for other rules.
pub fn open(location: &DbLocation, v: &Variant) -> Result<Option<Opened>, String> {
    let exact = match oracle_use(v) {
        OracleUse::Exact => true,
        OracleUse::Outcome => false,
        OracleUse::Unused => return Ok(None),
    };
    let oneline = |e: &dyn std::fmt::Display| {
        let text = e.to_string();
        format!(
            "endgame database not used: {}",
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        )
    };
    let (tables, folder, max_seeds) = if v.rules().board.stores == StorePlacement::Beside {
        // Oware family: the database ignores the majority rule itself.
        let folder = location.folder(v);
        if !folder.exists() {
            return Ok(None);
        }
        match OwareDb::open(v, &folder).map_err(|e| oneline(&e))? {
            Some(db) => {
                let max = db.max_seeds();
                (Tables::Oware(db), folder, max)
            }
            None => return Ok(None),
        }
    } else {
        let played = played_to_the_end(v).map_err(|e| oneline(&e))?;
        let folder = location.folder(&played);
        if !folder.exists() {
            return Ok(None);
        }
        match EndgameDb::open(&played, &folder).map_err(|e| oneline(&e))? {
            Some(db) => {
                let max = db.max_seeds();
                (Tables::Kalah(db), folder, max)
            }
            None => return Ok(None),
        }
    };
    let max_seeds = max_seeds as u32;
    let oracle: Arc<dyn EndgameOracle> = Arc::new(Database { tables, max_seeds });
    Ok(Some(Opened { oracle, folder, max_seeds, exact }))
}

/// The databases of a session where the variant can change (the console
/// game, the engine protocol): opened once per variant, a damaged one
/// reported once.
pub struct Databases {
    args: DbArgs,
    /// The folder last looked in and what was found there.
    cached: Option<(PathBuf, Option<Opened>)>,
}

/// What [`Databases::for_variant`] found.
pub struct Found {
    pub opened: Option<Opened>,
    /// Set the first time a database is found (`Ok`) or fails (`Err`): the
    /// line to show.
    pub news: Option<Result<String, String>>,
}

impl Databases {
    pub fn new(args: DbArgs) -> Databases {
        Databases { args, cached: None }
    }

    /// No databases at all.
    pub fn none() -> Databases {
        Databases::new(DbArgs { no_db: true, location: DbLocation { db_dir: None } })
    }

    /// The database for `v`, if any.
    pub fn for_variant(&mut self, v: &Variant) -> Found {
        if self.args.no_db || oracle_use(v) == OracleUse::Unused {
            return Found { opened: None, news: None };
        }
        let key = match played_to_the_end(v) {
            Ok(p) if v.rules().board.stores != StorePlacement::Beside => {
                self.args.location.folder(&p)
            }
            _ => self.args.location.folder(v),
        };
        if let Some((folder, opened)) = &self.cached {
            if *folder == key {
                return Found { opened: opened.clone(), news: None };
            }
        }
        let (opened, news) = match open(&self.args.location, v) {
            Ok(Some(o)) => {
                let line = o.describe();
                (Some(o), Some(Ok(line)))
            }
            Ok(None) => (None, None),
            Err(e) => (None, Some(Err(e))),
        };
        self.cached = Some((key, opened.clone()));
        Found { opened, news }
    }
}

#[cfg(test)]
mod tests {
    //! The engine with real databases built here: scores of covered
    //! positions equal the database and the solver, the move chosen is a
    //! best move.

    use std::sync::atomic::AtomicBool;

    use mancala_core::{Game, Side};
    use mancala_engine::playout::SplitMix64;
    use mancala_engine::search::{SearchLimits, SearchOptions, Searcher};
    use mancala_solver::{SolveOptions, Solver};

    use super::*;

    fn build(v: &Variant, max_seeds: usize, dir: &std::path::Path) -> DbLocation {
        let location = DbLocation { db_dir: Some(dir.to_path_buf()) };
        let played = played_to_the_end(v).unwrap();
        if v.rules().board.stores == StorePlacement::Beside {
            OwareDb::build(v, max_seeds, &location.folder(v), 1, &|_| {}).unwrap();
        } else {
            EndgameDb::build(&played, max_seeds, &location.folder(&played), 1, &|_| {}).unwrap();
        }
        location
    }

    fn in_pits(p: &Position) -> u32 {
        p.side_seeds(Side::South) + p.side_seeds(Side::North)
    }

    /// Positions of random games of `v` with at most `max` seeds in the
    /// pits (not over, not a pie-rule opening), with their games.
    fn late(v: &Variant, max: u32, count: usize, seed: u64) -> Vec<Game> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut g = Game::new(v.clone());
            while !g.position().is_over() {
                let p = *g.position();
                if in_pits(&p) <= max && !p.is_opening() && !p.swap_offered() {
                    out.push(g.clone());
                }
                let moves = g.legal_moves();
                g.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
            }
        }
        out.truncate(count);
        out
    }

    fn searcher(opened: &Opened) -> Searcher {
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
        let db = EndgameDb::open(&v, &location.folder(&v)).unwrap().unwrap();
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
        let location = DbLocation { db_dir: Some(dir.path().to_path_buf()) };
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
        let db = OwareDb::open(&v, &location.folder(&v)).unwrap().unwrap();
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
    fn a_damaged_database_is_one_line_and_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
        let location = build(&v, 6, dir.path());
        let layer = location.folder(&v).join("layer-004.mdb");
        let mut bytes = std::fs::read(&layer).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&layer, bytes).unwrap();
        let e = open(&location, &v).err().expect("damaged");
        assert!(e.contains("checksum"), "{e}");
        assert!(!e.contains('\n'));
        let mut dbs = Databases::new(DbArgs { no_db: false, location });
        let found = dbs.for_variant(&v);
        assert!(found.opened.is_none());
        assert!(matches!(found.news, Some(Err(_))));
        // Reported once.
        assert!(dbs.for_variant(&v).news.is_none());
    }

    #[test]
    fn a_database_of_other_rules_is_one_line_and_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
        let classic = Variant::preset("kalah-classic").unwrap().resized(Some(3), Some(2)).unwrap();
        let location = build(&v, 4, dir.path());
        build(&classic, 4, dir.path());
        let foreign = location.folder(&classic).join("layer-003.mdb");
        std::fs::copy(foreign, location.folder(&v).join("layer-003.mdb")).unwrap();
        let e = open(&location, &v).err().expect("foreign layer");
        assert!(e.starts_with("endgame database not used: "), "{e}");
        assert!(e.contains("layer-003.mdb") && e.contains("other rules"), "{e}");
    }
}
