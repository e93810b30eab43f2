//! Which endgame database serves which variant, in one place: where it
//! lives in a database folder, which of the two families builds it, and how
//! the engine may use it.
//!
//! - Kalah family without a majority rule (`kalah-irving`, `kalah-classic`,
//!   `mankalah`, `relay-kalah`): the variant's own [`KalahDb`]; exact
//!   scores.
//! - Kalah family with a majority rule (`kalah`, with the pie rule): the
//!   database of the same rules played to the end (for `kalah`, the one
//!   built for `kalah-irving`: the pie rule does not change a database);
//!   outcomes only.
//! - Oware family with the `split` repetition rule (`awari`): its
//!   [`OwareDb`]; outcomes only (awari has a majority rule), at positions
//!   right after a capture.
//! - `abapa`, `oware` (cycles give each side its own seeds): their
//!   databases score cycles by a convention that is not the game's, so
//!   nothing that proves a value uses them ([`Databases::open`] gives
//!   none); a player's search evaluates the positions they cover with
//!   them, never as exact ([`Databases::open_for_play`]).
//!
//! The folder holding the databases is always passed in; this crate reads
//! no environment.
//!
//! ```
//! use mancala_core::Variant;
//! use mancala_solver::Databases;
//!
//! let dir = tempfile::tempdir()?; // the folder of databases
//! let v = Variant::preset("kalah-irving")?.resized(Some(3), Some(2))?;
//! assert!(Databases::open(&v, dir.path())?.is_none()); // nothing built yet
//! Databases::build(&v, 6, dir.path(), 1, &|_| {})?;
//! let opened = Databases::open(&v, dir.path())?.expect("just built");
//! assert!(opened.exact && opened.max_seeds == 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use mancala_core::{Position, Rules, StorePlacement, Variant};
use mancala_engine::search::{oracle_use, EndgameOracle, OracleUse};

use crate::kalah_db::{check_build_size, check_supported, KalahDb};
use crate::layer_file::{fingerprint, BuildProgress, DbError, LayerStats};
use crate::oware_db::{self, LayerBuild, OwareDb};

/// The two families of endgame database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbFamily {
    /// The Kalah family (stores in the ring of sowing): [`KalahDb`].
    Kalah,
    /// The Oware family (stores beside the board, cycles): [`OwareDb`].
    Oware,
}

/// An opened or built database of either family.
pub enum Database {
    /// The Kalah family's database.
    Kalah(KalahDb),
    /// The Oware family's database.
    Oware(OwareDb),
}

impl Database {
    /// The most seeds left on a covered board.
    pub fn max_seeds(&self) -> usize {
        match self {
            Database::Kalah(db) => db.max_seeds(),
            Database::Oware(db) => db.max_seeds(),
        }
    }

    /// The future margin of `p` for the player to move (see
    /// [`EndgameOracle::probe`]).
    #[inline]
    pub fn probe(&self, p: &Position) -> Option<i32> {
        match self {
            Database::Kalah(db) => db.probe(p),
            Database::Oware(db) => db.probe(p),
        }
    }

    /// Compares every layer not yet checked with its checksum.
    pub fn check_all(&self) -> Result<(), DbError> {
        match self {
            Database::Kalah(db) => db.check_all(),
            Database::Oware(db) => db.check_all(),
        }
    }

    /// Makes probes find the layers not yet checked missing until
    /// [`Database::check_all`], on another thread, has checked them.
    pub fn defer_checks(&self) {
        match self {
            Database::Kalah(db) => db.defer_checks(),
            Database::Oware(db) => db.defer_checks(),
        }
    }

    /// Value counts per layer.
    pub fn stats(&self) -> Vec<LayerStats> {
        match self {
            Database::Kalah(db) => db.stats(),
            Database::Oware(db) => db.stats(),
        }
    }

    /// Boards covered, every layer.
    pub fn boards(&self) -> u64 {
        match self {
            Database::Kalah(db) => db.stats().iter().map(|s| s.boards).sum(),
            Database::Oware(db) => db.builds().iter().map(|b| b.boards).sum(),
        }
    }
}

/// A [`Database`] as the engine asks it.
struct Oracle {
    db: Database,
    max_seeds: u32,
}

impl EndgameOracle for Oracle {
    fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    #[inline]
    fn probe(&self, p: &Position) -> Option<i32> {
        self.db.probe(p)
    }
}

/// A database opened for a variant's search.
#[derive(Clone)]
pub struct OpenedDb {
    /// The database, for [`mancala_engine::Searcher::with_endgame`].
    pub oracle: Arc<dyn EndgameOracle>,
    /// Where it was found.
    pub folder: PathBuf,
    /// It covers the boards with up to this many seeds.
    pub max_seeds: u32,
    /// It gives exact scores; otherwise only outcomes (a majority rule) or
    /// estimates (the owner rule).
    pub exact: bool,
    /// How the search uses it.
    pub usage: OracleUse,
}

impl std::fmt::Debug for OpenedDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenedDb")
            .field("folder", &self.folder)
            .field("max_seeds", &self.max_seeds)
            .field("exact", &self.exact)
            .field("usage", &self.usage)
            .finish()
    }
}

impl OpenedDb {
    /// One line for the user.
    pub fn describe(&self) -> String {
        format!(
            "endgame database: boards with up to {} seeds left, {} ({})",
            self.max_seeds,
            match (self.exact, self.usage) {
                (true, _) => "exact scores",
                (false, OracleUse::Evaluation) =>
                    "an evaluation only (owner rule: cycles scored by a convention)",
                (false, _) => "outcomes only (majority rule)",
            },
            self.folder.display()
        )
    }
}

/// The physical memory of this machine in bytes, if known.
fn physical_memory() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads system constants.
        let (pages, size) =
            unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
        (pages > 0 && size > 0).then(|| (pages as u64).saturating_mul(size as u64))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Boards of `seeds` seeds in `pits` pits, exactly (saturating at
/// `u128::MAX`): C(seeds + pits - 1, pits - 1).
fn boards(pits: usize, seeds: usize) -> u128 {
    let (n, k) = ((seeds + pits - 1) as u128, (pits - 1).min(seeds) as u128);
    let mut c: u128 = 1;
    for i in 0..k {
        // c * (n - i) / (i + 1) is C(n, i + 1): exact at every step.
        c = match c.checked_mul(n - i) {
            Some(x) => x / (i + 1),
            None => return u128::MAX,
        };
    }
    c
}

/// A number of bytes for people: "3.3 GB", "170 EB".
fn bytes(b: u128) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"];
    let mut x = b as f64;
    let mut u = 0;
    while x >= 1000.0 && u + 1 < units.len() {
        x /= 1000.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} bytes")
    } else if x < 10.0 {
        format!("{x:.1} {}", units[u])
    } else {
        format!("{x:.0} {}", units[u])
    }
}

/// The endgame databases of every variant, in a folder of databases.
pub struct Databases;

impl Databases {
    /// The family of database `v` has (built by [`Databases::build`]), or an
    /// error saying why it has none.
    pub fn kind(v: &Variant) -> Result<DbFamily, DbError> {
        if oware_db::supports(v) {
            oware_db::database_variant(v)?;
            Ok(DbFamily::Oware)
        } else {
            check_supported(v)?;
            Ok(DbFamily::Kalah)
        }
    }

    /// The rules whose database serves `v`: `v`'s with the majority rule
    /// off (a majority changes margins, not outcomes).
    pub fn database_variant(v: &Variant) -> Result<Variant, DbError> {
        if !v.rules().end.majority {
            return Ok(v.clone());
        }
        let mut rules: Rules = v.rules().clone();
        rules.end.majority = false;
        Variant::new(rules).map_err(|e| DbError::Unsupported(format!("{}: {e}", v.name())))
    }

    /// The folder in `root` holding the database that serves `v`: one per
    /// rule set and row length, named by the rules' fingerprint, so that
    /// variants that play alike (a variant file copying a preset, a
    /// pie-rule version) share their databases.
    pub fn folder(v: &Variant, root: &Path) -> PathBuf {
        // The Oware family's files carry `v`'s rules; the Kalah family's
        // the rules played to the end.
        let rules = if v.rules().board.stores == StorePlacement::Beside {
            v.clone()
        } else {
            Databases::database_variant(v).unwrap_or_else(|_| v.clone())
        };
        root.join(format!("{}pits-{:016x}", v.pits_per_side(), fingerprint(rules.rules())))
    }

    /// The database of `v` in `root` as it is on disk, whether or not the
    /// search uses it (for counting its values): `None` when none is
    /// there.
    pub fn open_database(v: &Variant, root: &Path) -> Result<Option<Database>, DbError> {
        let kind = Databases::kind(v)?;
        let folder = Databases::folder(v, root);
        if !folder.exists() {
            return Ok(None);
        }
        let db = match kind {
            DbFamily::Oware => OwareDb::open(v, &folder)?.map(Database::Oware),
            DbFamily::Kalah => KalahDb::open(v, &folder)?.map(Database::Kalah),
        };
        // Every value is read: every layer checked first.
        if let Some(db) = &db {
            db.check_all()?;
        }
        Ok(db)
    }

    /// The database for `v`'s search in `root`, if one is there and the
    /// engine can use it for `v` (see the module documentation). An error
    /// when one is there but cannot be read, is damaged, or was built for
    /// other rules.
    pub fn open(v: &Variant, root: &Path) -> Result<Option<OpenedDb>, DbError> {
        if oracle_use(v) == OracleUse::Evaluation {
            return Ok(None);
        }
        Ok(Databases::open_oracle(v, root)?.map(|(_, opened)| opened))
    }

    /// [`Databases::open`] for a player: under the owner rule (abapa,
    /// oware) too, whose database serves the search as an evaluation of
    /// the positions it covers, never as their exact value
    /// ([`OracleUse::Evaluation`]; `exact` is then false). What proves a
    /// value (a solve) opens with [`Databases::open`]. The large layers,
    /// otherwise compared with their checksums at their first probe (a
    /// pause of up to a second in the middle of a timed search), are
    /// compared at once on a thread of their own, and until a layer is
    /// checked its boards are not covered: no probe waits.
    pub fn open_for_play(v: &Variant, root: &Path) -> Result<Option<OpenedDb>, DbError> {
        Ok(Databases::open_oracle(v, root)?.map(|(oracle, opened)| {
            let checker = oracle.clone();
            let spawned = std::thread::Builder::new()
                .name("database check".into())
                .spawn(move || checker.db.check_all());
            // Without the thread the layers are checked at first use.
            if spawned.is_ok() {
                oracle.db.defer_checks();
            }
            opened
        }))
    }

    /// The database for `v` in `root` as the search asks it, opened (its
    /// oracle, the same as the one in the [`OpenedDb`]).
    fn open_oracle(v: &Variant, root: &Path) -> Result<Option<(Arc<Oracle>, OpenedDb)>, DbError> {
        let usage = oracle_use(v);
        let exact = usage == OracleUse::Exact;
        let folder = Databases::folder(v, root);
        if !folder.exists() {
            return Ok(None);
        }
        let db = if oware_db::supports(v) {
            match OwareDb::open(v, &folder)? {
                Some(db) => Database::Oware(db),
                None => return Ok(None),
            }
        } else {
            let played = match Databases::database_variant(v) {
                Ok(p) if check_supported(&p).is_ok() => p,
                _ => return Ok(None),
            };
            match KalahDb::open(&played, &folder)? {
                Some(db) => Database::Kalah(db),
                None => return Ok(None),
            }
        };
        let max_seeds = db.max_seeds() as u32;
        let oracle = Arc::new(Oracle { db, max_seeds });
        let shared: Arc<dyn EndgameOracle> = oracle.clone();
        Ok(Some((oracle, OpenedDb { oracle: shared, folder, max_seeds, exact, usage })))
    }

    /// Checks a build of `v` up to `max_seeds` before anything is done.
    pub fn check_build(v: &Variant, max_seeds: usize) -> Result<DbFamily, DbError> {
        let kind = Databases::check_build_spread(v, max_seeds)?;
        let need = Databases::build_bytes(kind, v.pits_per_side(), max_seeds);
        if let Some(memory) = physical_memory().filter(|&m| need > m as u128) {
            let boards = boards(2 * v.pits_per_side(), max_seeds);
            return Err(DbError::TooLarge {
                asked: max_seeds,
                reason: format!(
                    "its largest layer alone has {boards} boards, and the build needs {} of \
                     memory, this machine has {}",
                    bytes(need),
                    bytes(memory as u128)
                ),
            });
        }
        Ok(kind)
    }

    /// [`Databases::check_build`] for a build spread over the processes
    /// of an MPI job (`Databases::build_mpi`, feature `mpi`): the same checks but the
    /// memory of this machine (a process holds its share of a layer, and
    /// maps the layers below it).
    pub fn check_build_spread(v: &Variant, max_seeds: usize) -> Result<DbFamily, DbError> {
        let kind = Databases::kind(v)?;
        let limit = (v.total_seeds() as usize).min(127);
        if max_seeds > limit {
            return Err(DbError::TooManySeeds { asked: max_seeds, limit });
        }
        if kind == DbFamily::Kalah {
            check_build_size(v.pits_per_side(), max_seeds)?;
        }
        Ok(kind)
    }

    /// Builds (or finishes building) the database of `v` up to `max_seeds`
    /// in its folder of `root` as [`Databases::build_with`] does, spread over
    /// the processes of an MPI job ([`KalahDb::build_mpi`],
    /// [`OwareDb::build_mpi`]: each process calls it with the same
    /// arguments, `root` shared by them all).
    #[cfg(feature = "mpi")]
    pub fn build_mpi(
        v: &Variant,
        max_seeds: usize,
        root: &Path,
        cluster: &crate::cluster::Cluster,
        program: &str,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(Database, crate::cluster::SpreadReport), DbError> {
        crate::kalah_db::agree(&cluster.link(), v, max_seeds, program)?;
        let kind = Databases::check_build_spread(v, max_seeds)?;
        let folder = Databases::folder(v, root);
        Ok(match kind {
            DbFamily::Kalah => {
                let (db, report) =
                    KalahDb::build_mpi(v, max_seeds, &folder, cluster, program, progress, stop)?;
                (Database::Kalah(db), report)
            }
            DbFamily::Oware => {
                let (db, report) =
                    OwareDb::build_mpi(v, max_seeds, &folder, cluster, program, progress, stop)?;
                (Database::Oware(db), report)
            }
        })
    }

    /// The memory a build of rows of `n` pits up to `max_seeds` seeds
    /// needs at its peak: the Kalah family keeps every layer in memory
    /// (a byte per board); the Oware family 5 more bytes per board of its
    /// largest layer for working (see docs/databases.md).
    pub fn build_bytes(kind: DbFamily, n: usize, max_seeds: usize) -> u128 {
        let all = (0..=max_seeds).fold(0u128, |sum, k| sum.saturating_add(boards(2 * n, k)));
        match kind {
            DbFamily::Kalah => all,
            DbFamily::Oware => all.saturating_add(boards(2 * n, max_seeds).saturating_mul(5)),
        }
    }

    /// Builds (or finishes building) the database of `v` up to `max_seeds`
    /// in its folder of `root`, of the family `v` needs, on `threads`
    /// threads. `on_layer` hears of each Oware layer as it is ready. Setting
    /// `stop` ends the build within a fraction of a second, keeping the
    /// layers finished ([`DbError::Interrupted`]). Two builds in one folder
    /// take turns (a lock in the folder): the second waits, saying so once
    /// through `progress` ([`BuildProgress::waiting`]), then uses the
    /// first one's layers.
    pub fn build_with(
        v: &Variant,
        max_seeds: usize,
        root: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        on_layer: &mut dyn FnMut(&LayerBuild, &LayerStats),
        stop: &AtomicBool,
    ) -> Result<Database, DbError> {
        let kind = Databases::check_build(v, max_seeds)?;
        let folder = Databases::folder(v, root);
        Ok(match kind {
            DbFamily::Oware => Database::Oware(OwareDb::build_with(
                v, max_seeds, &folder, threads, progress, on_layer, stop,
            )?),
            DbFamily::Kalah => Database::Kalah(KalahDb::build_until(
                v, max_seeds, &folder, threads, progress, stop,
            )?),
        })
    }

    /// [`Databases::build_with`] without the layer reports.
    pub fn build(
        v: &Variant,
        max_seeds: usize,
        root: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<Database, DbError> {
        let go = AtomicBool::new(false);
        Databases::build_with(v, max_seeds, root, threads, progress, &mut |_, _| {}, &go)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_board_counts_agree_with_the_index_and_go_past_u64() {
        for pits in [2, 6, 12, 32] {
            let index = crate::BoardIndex::new(pits);
            for seeds in 0..=20 {
                assert_eq!(boards(pits, seeds), index.count(seeds) as u128, "{pits} {seeds}");
            }
        }
        // 16 pits a side, 40 seeds: C(71, 31).
        assert_eq!(boards(32, 40), 126_764_178_842_844_806_648);
        let v = Variant::preset("kalah-irving").unwrap().resized(Some(16), None).unwrap();
        let e = Databases::check_build(&v, 40).unwrap_err().to_string();
        if physical_memory().is_some() {
            assert!(e.contains("126764178842844806648 boards") && e.contains("of memory"), "{e}");
        }
        // Kalah(6,5)'s 25-seed database: 1.85 GB, as documented.
        assert_eq!(Databases::build_bytes(DbFamily::Kalah, 6, 25), 1_852_482_996);
    }
}
