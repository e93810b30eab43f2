//! Endgame databases for the Oware family (`awari`, `abapa`, `oware`): the
//! value of every board with up to N seeds left, by retrograde analysis with
//! cycles.
//!
//! # What an entry means
//!
//! An entry is a board seen from the player to move: the mover's row from
//! their left, then the opponent's row, ranked by [`BoardIndex`] among the
//! boards with the same number `k` of seeds (one table per `k` serves both
//! sides). Its value, one signed byte in `-k..=k`, is the best *future
//! margin* for the mover: the seeds the mover will still capture minus those
//! the opponent will, from here to the end of the game, the seeds handed out
//! when the game ends included, under perfect play, for a game that starts
//! at this board (no earlier history). The stores do not matter, because:
//!
//! - the majority rule (a store with more than half the seeds ends the game)
//!   is ignored, as in the published awari databases: the game is scored as
//!   if played to the end;
//! - the repetition rule only compares positions with equal stores, so only
//!   the history since the last capture matters, and a database entry starts
//!   with none.
//!
//! Every move follows the variant's rules as [`mancala_core`] plays them
//! (feeding obligation, grand slam rule, 12-seed skip, the end when the
//! mover has no legal move with the seeds going to their owners). The build
//! generates moves with its own code for bare boards (`forward.rs`, and
//! `unmove.rs` backwards), checked against `mancala_core` on every board of
//! small layers of many rule sets by the tests, and on a sample of the
//! boards of every layer it builds (a difference stops the build with an
//! error). Relay sowing is not covered.
//!
//! # Cycles
//!
//! A capture removes seeds, so a capturing move leads to a smaller layer,
//! already solved. Non-capturing moves stay in the layer and can cycle. The
//! value of a play that never leaves the layer (repeats a position) is taken
//! to be **0 future margin** from the board where it started:
//!
//! - `repetition = "split"` (awari): the game ends at the first repeated
//!   position and the seeds left are split evenly (an odd seed stays on the
//!   board): both players get the same, future margin 0. This is exact: the
//!   database value equals the value of the game with history played by
//!   [`mancala_core::Game`] from the board (checked exhaustively on small
//!   boards in `tests/oware_db.rs`). The reason: for each threshold `t`,
//!   "the mover can force a future margin of at least `t`" is a reachability
//!   game (for `t > 0`, where a cycle does not reach `t`) or a safety game
//!   (for `t <= 0`), whose winner has a memoryless strategy; under the
//!   memoryless winning strategy of the side that must leave the cycle, no
//!   position repeats, and for the side content with cycling any repetition
//!   is a result of 0, as good as cycling forever.
//! - `repetition = "owner"` (abapa, oware): each side takes the seeds on its
//!   own side *of the repeated position*, which depends on where along the
//!   path the cycle closes, so the value of a board inside a game depends on
//!   the history and no table indexed by the board alone can hold the game
//!   value. The database uses the same convention as for awari (an endless
//!   non-capturing play is worth 0 future margin): a well-defined,
//!   history-free value that equals the game value whenever the outcome is
//!   forced without a repetition, and is a *convention* for boards whose
//!   value depends on how a cycle is closed. The tests count, on small
//!   boards, the boards where it differs from the exact game from a fresh
//!   start (with the owner rule played by `Game`).
//!
//! # Algorithm
//!
//! For each threshold `t >= 1` let `W_t` be the boards whose mover can force
//! a future margin `>= t` and `L_t` those whose mover cannot avoid `<= -t`.
//! With cycles worth 0, these are the least fixed point of
//!
//! - `P in W_t` iff some move of `P` captures with value `>= t` (the capture
//!   plus minus the smaller layer's value of the board it leads to), or the
//!   game is over at `P` with value `>= t`, or a move that captures nothing
//!   reaches a board in `L_t`;
//! - `P in L_t` iff every capture has value `<= -t` (or the game is over at
//!   `P` with value `<= -t`) and every board reached without a capture is
//!   in `W_t`;
//!
//! and the value of `P` is `t` for the largest `t` with `P in W_t`, `-t` for
//! the largest `t` with `P in L_t`, 0 otherwise (the board can only cycle at
//! every threshold, or it is worth 0 anyway). `W_t` and `L_t` shrink as `t`
//! grows, so the layer is solved from the top: for `t = k, ..., 1`, the
//! boards that join `W_t` or `L_t` at `t` get the value `t` or `-t`, which is
//! final. Within a level this is the classic retrograde attractor: one
//! forward pass per layer records, per board, its best capture ("exit") and
//! its number of moves that capture nothing; a board that joins `L_t` puts
//! its predecessors (found by un-sowing, exactly) into `W_t`, and one that
//! joins `W_t` takes one off each predecessor's counter, which joins `L_t`
//! when the counter reaches 0 and its best exit is `<= -t`. Each board is
//! generated forwards once and backwards at most once. `retro.rs` has the
//! details; both cores work on every phase.
//!
//! # Files
//!
//! The same layer files as [`crate::KalahDb`] ([`crate::layer_file`]:
//! header with a fingerprint of the rules with the majority rule off,
//! checksum, atomic writes, memory mapped when opened), one per seed count,
//! so an interrupted build resumes from the last finished layer.
//!
//! With the feature `mpi`, `OwareDb::build_mpi` spreads the build over
//! the processes of an MPI job (`spread.rs`), writing the same files.

mod forward;
mod retro;
#[cfg(feature = "mpi")]
mod spread;
#[cfg(test)]
mod tests;
mod unmove;

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mancala_core::{Position, StorePlacement, Variant};

use crate::index::BoardIndex;
use crate::layer_file::{
    check_layers, fingerprint, layer_path, layer_stats, lock_folder, open_layer, open_layers,
    probe_layers, write_layer, BuildProgress, DbError, Layer, LayerStats, Unchecked,
    CHECK_AT_OPEN_BYTES, HEADER_LEN,
};

/// Whether `v` is a game of the Oware family these databases cover: stores
/// beside the board (seeds leave the board only by captures and at the end),
/// and none of the elements beyond the Kalah and Oware families (a claimed
/// pit is state a board does not hold; see
/// [`mancala_core::Rules::uses_general_elements`]).
pub fn supports(v: &Variant) -> bool {
    v.rules().board.stores == StorePlacement::Beside && !v.rules().uses_general_elements()
}

/// The rules the database follows: `v`'s with the majority rule off.
pub fn database_variant(v: &Variant) -> Result<Variant, DbError> {
    crate::layer_file::check_no_general_elements(v)?;
    if !supports(v) {
        return Err(DbError::Unsupported(format!(
            "{}: Oware-family databases need stores beside the board",
            v.name()
        )));
    }
    if v.rules().sowing.relay != mancala_core::Relay::None {
        return Err(DbError::Unsupported(format!(
            "{}: Oware-family databases do not cover relay sowing",
            v.name()
        )));
    }
    crate::Databases::database_variant(v)
}

fn file_fingerprint(played: &Variant) -> u64 {
    let mut bytes = fingerprint(played.rules()).to_le_bytes().to_vec();
    bytes.extend_from_slice(b"oware-retrograde-v1");
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

/// How one layer was made.
#[derive(Clone, Copy, Debug)]
pub struct LayerBuild {
    /// The layer: seeds left in the pits.
    pub seeds: usize,
    /// Boards in the layer.
    pub boards: u64,
    /// Passes over the layer: the forward pass, then one per threshold
    /// level (0: loaded from disk).
    pub passes: u32,
    /// Seconds in all.
    pub seconds: f64,
    /// Seconds in the forward pass.
    pub forward_seconds: f64,
}

/// An Oware-family endgame database: layers `0..=max_seeds`.
pub struct OwareDb {
    n: usize,
    index: BoardIndex,
    layers: Vec<Layer>,
    /// The layers whose values are still to be compared with their
    /// checksums (on first use).
    unchecked: Vec<Option<Unchecked>>,
    builds: Vec<LayerBuild>,
}

impl OwareDb {
    /// Pits per side of the boards.
    pub fn pits_per_side(&self) -> usize {
        self.n
    }

    /// Largest number of seeds on the board the database covers.
    pub fn max_seeds(&self) -> usize {
        self.layers.len() - 1
    }

    /// How each layer was made by [`OwareDb::build`].
    pub fn builds(&self) -> &[LayerBuild] {
        &self.builds
    }

    /// The value of the board of `seeds` seeds with rank `rank`. Layers of
    /// more than 16 MiB opened from disk are compared with their checksums
    /// on first probe; call [`OwareDb::check_all`] before reading values
    /// this way.
    pub fn value(&self, seeds: usize, rank: u64) -> i32 {
        self.layers[seeds].get(rank) as i32
    }

    /// The board index.
    pub fn index(&self) -> &BoardIndex {
        &self.index
    }

    /// The future margin for the player to move (stores and majority
    /// ignored, no earlier history), if the board is covered.
    pub fn probe(&self, p: &Position) -> Option<i32> {
        probe_layers(&self.layers, &self.unchecked, &self.index, self.n, p)
    }

    /// Compares every layer not yet checked with its checksum: an error
    /// names the first damaged file.
    pub fn check_all(&self) -> Result<(), DbError> {
        check_layers(&self.layers, &self.unchecked)
    }

    /// Makes probes find the layers not yet checked missing, rather than
    /// check them, until [`OwareDb::check_all`] (on another thread) has.
    pub fn defer_checks(&self) {
        crate::layer_file::defer_checks(&self.unchecked)
    }

    /// The value counts of every layer.
    pub fn stats(&self) -> Vec<LayerStats> {
        (0..self.layers.len())
            .map(|k| {
                let layer = &self.layers[k];
                layer_stats(k, self.index.count(k), |r| layer.get(r))
            })
            .collect()
    }

    /// Opens the layers `0..` found in `dir` for `v`; `None` when there are
    /// none or `v` is not of the Oware family.
    pub fn open(v: &Variant, dir: &Path) -> Result<Option<OwareDb>, DbError> {
        if !supports(v) {
            return Ok(None);
        }
        let played = database_variant(v)?;
        let n = v.pits_per_side();
        let fp = file_fingerprint(&played);
        let index = BoardIndex::new(2 * n);
        // Large layers are compared with their checksums on first use.
        let (layers, unchecked): (Vec<Layer>, Vec<Option<Unchecked>>) =
            open_layers(dir, fp, n, &index, CHECK_AT_OPEN_BYTES)?.into_iter().unzip();
        Ok((!layers.is_empty()).then_some(OwareDb {
            n,
            index,
            layers,
            unchecked,
            builds: Vec::new(),
        }))
    }

    /// Builds (or resumes) the database of `v` up to `max_seeds` in `dir`
    /// on `threads` threads, saving each layer as soon as it is done.
    pub fn build(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<OwareDb, DbError> {
        let go = AtomicBool::new(false);
        OwareDb::build_with(v, max_seeds, dir, threads, progress, &mut |_, _| {}, &go)
    }

    /// [`OwareDb::build`], calling `on_layer` with how each layer was made
    /// (built, or found on disk) and its value counts as soon as it is
    /// ready, smallest first. Stops within a fraction of a second when
    /// `stop` is set, inside a layer as well: the layers finished are
    /// saved, and the error is [`DbError::Interrupted`].
    pub fn build_with(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        on_layer: &mut dyn FnMut(&LayerBuild, &LayerStats),
        stop: &AtomicBool,
    ) -> Result<OwareDb, DbError> {
        let played = database_variant(v)?;
        let n = v.pits_per_side();
        let limit = (v.total_seeds() as usize).min(127);
        if max_seeds > limit {
            return Err(DbError::TooManySeeds { asked: max_seeds, limit });
        }
        let fp = file_fingerprint(&played);
        let index = BoardIndex::new(2 * n);
        // The largest layer's working memory: 6 bytes per board.
        let largest = index.count(max_seeds);
        if largest.checked_mul(6).and_then(|b| usize::try_from(b).ok()).is_none() {
            return Err(DbError::Unsupported(format!(
                "layer {max_seeds} of this board has {largest} boards: too many to build in memory"
            )));
        }
        // Held until the build returns: another builder in this folder
        // waits, then finds these layers on disk.
        let _lock = lock_folder(dir, progress, stop)?;
        let mut db =
            OwareDb { n, index, layers: Vec::new(), unchecked: Vec::new(), builds: Vec::new() };
        // Layers to build read the smaller ones at random: those found on
        // disk are then copied to memory (on huge pages) rather than read
        // through the file's mapping.
        let to_build = (0..=max_seeds).any(|k| !layer_path(dir, k).exists());
        let mut scratch = retro::Scratch::default();
        for seeds in 0..=max_seeds {
            let path = layer_path(dir, seeds);
            let total = db.index.count(seeds);
            let started = Instant::now();
            let build = if path.exists() {
                let mut layer = open_layer(&path, fp, n, seeds, total, usize::MAX)?.0;
                if to_build {
                    layer = Layer(in_memory(&layer.0).map_err(|e| io(&path, e))?);
                }
                db.layers.push(layer);
                db.unchecked.push(None);
                progress(BuildProgress { seeds, done: total, total, loaded: true, waiting: false });
                LayerBuild { seeds, boards: total, passes: 0, seconds: 0.0, forward_seconds: 0.0 }
            } else {
                if scratch.is_empty() {
                    // Room for the largest layer at once: the memory is
                    // reused from layer to layer, and only touched pages count.
                    scratch.reserve(largest as usize).map_err(|e| io(dir, e))?;
                }
                let retro::Solved { values, passes, forward_seconds } =
                    db.build_layer(&played, seeds, threads.max(1), &mut scratch, progress, stop)?;
                write_layer(&path, fp, n, seeds, &values.values()[HEADER_LEN..])?;
                db.layers.push(Layer(values.into_read_only().map_err(|e| io(&path, e))?));
                db.unchecked.push(None);
                LayerBuild {
                    seeds,
                    boards: total,
                    passes,
                    seconds: started.elapsed().as_secs_f64(),
                    forward_seconds,
                }
            };
            let layer = &db.layers[seeds];
            on_layer(&build, &layer_stats(seeds, total, |r| layer.get(r)));
            db.builds.push(build);
        }
        Ok(db)
    }

    /// Solves one layer on top of the layers below it.
    fn build_layer(
        &self,
        v: &Variant,
        seeds: usize,
        threads: usize,
        scratch: &mut retro::Scratch,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<retro::Solved, DbError> {
        let lower = self.layers.iter().map(Layer::signed_values).collect();
        retro::LayerSolver {
            v,
            n: self.n,
            index: &self.index,
            lower,
            seeds,
            total: self.index.count(seeds),
            threads,
            progress,
            stop,
        }
        .solve(scratch)
        .map_err(|e| {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                // The layer in hand is unfinished: never saved.
                return DbError::Interrupted { seeds };
            }
            DbError::Unsupported(format!(
                "{}: the database cannot follow these rules: {e}",
                v.name()
            ))
        })
    }
}

/// A copy of a layer file's bytes in memory.
fn in_memory(map: &memmap2::Mmap) -> std::io::Result<memmap2::Mmap> {
    crate::memory::Buffer::copy_of(map)?.into_read_only()
}

fn io(path: &Path, source: std::io::Error) -> DbError {
    DbError::Io { path: path.to_path_buf(), source }
}
