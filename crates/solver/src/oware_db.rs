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
//! Every move follows the variant exactly through [`mancala_core`] (feeding
//! obligation, grand slam rule, 12-seed skip, the end when the mover has no
//! legal move with the seeds going to their owners).
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
//! - `P in W_t` iff some move of `P` leaves the layer (captures, or ends the
//!   game) with value `>= t`, or reaches a same-layer board in `L_t`;
//! - `P in L_t` iff `P` has a move, every move leaving the layer has value
//!   `<= -t`, and every same-layer board reached is in `W_t`;
//!
//! and the value of `P` is `t` for the largest `t` with `P in W_t`, `-t` for
//! the largest `t` with `P in L_t`, 0 otherwise (the board can only cycle at
//! every threshold, or it is worth 0 anyway). All thresholds are computed at
//! once, with one byte per board: `w(P) = max t with P in W_t` (or 0) and
//! `l(P)` likewise are never both positive, so the byte holds `w` if positive
//! and `-l` otherwise, starting from 0 (the bottom of every fixed point).
//! A sweep re-evaluates every board with forward move generation:
//! `w(P) = max(exits, l(children))`, `l(P) = min(-exits, w(children))`
//! (clipped at 0). The update is monotone, values only grow, and sweeps in
//! place (both cores, relaxed atomic bytes: a stale read only delays a rise)
//! are a chaotic iteration of a monotone operator that stays below its least
//! fixed point, so it reaches it exactly; the layer is done after a sweep
//! that changes nothing. Boards whose moves all leave the layer are final
//! after the first sweep and skipped afterwards.
//!
//! # Files
//!
//! The same layer files as [`crate::EndgameDb`] (header with a fingerprint of
//! the rules with the majority rule off, checksum, atomic writes, memory
//! mapped when opened), one per seed count, so an interrupted build resumes
//! from the last finished layer.

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering};
use std::time::Instant;

use mancala_core::{Move, Position, Rules, Side, StorePlacement, Variant};

use crate::db::{fingerprint, fnv1a, layer_path, open_layer, write_layer, BuildProgress, DbError, Layer, LayerStats};
use crate::index::BoardIndex;

/// Whether `v` is a game of the Oware family these databases cover: stores
/// beside the board (seeds leave the board only by captures and at the end).
pub fn supports(v: &Variant) -> bool {
    v.rules().board.stores == StorePlacement::Beside
}

/// The rules the database follows: `v`'s with the majority rule off.
pub fn database_variant(v: &Variant) -> Result<Variant, DbError> {
    if !supports(v) {
        return Err(DbError::Unsupported(format!(
            "{}: Oware-family databases need stores beside the board",
            v.name()
        )));
    }
    let mut rules: Rules = v.rules().clone();
    rules.end.majority = false;
    Variant::new(rules).map_err(|e| DbError::Unsupported(e.to_string()))
}

fn file_fingerprint(played: &Variant) -> u64 {
    let mut bytes = fingerprint(played.rules()).to_le_bytes().to_vec();
    bytes.extend_from_slice(b"oware-retrograde-v1");
    fnv1a(&bytes)
}

/// How one layer was made.
#[derive(Clone, Copy, Debug)]
pub struct LayerBuild {
    pub seeds: usize,
    pub boards: u64,
    /// Sweeps until nothing changed (0: loaded from disk).
    pub sweeps: u32,
    pub seconds: f64,
}

/// An Oware-family endgame database: layers `0..=max_seeds`.
pub struct OwareDb {
    n: usize,
    index: BoardIndex,
    layers: Vec<Layer>,
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

    /// The value of the board of `seeds` seeds with rank `rank`.
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
        if p.pits_per_side() != self.n || p.is_over() || p.swap_offered() || p.is_opening() {
            return None;
        }
        let mover = p.to_move();
        let seeds = (p.side_seeds(Side::South) + p.side_seeds(Side::North)) as usize;
        let layer = self.layers.get(seeds)?;
        let n = self.n;
        let mut board = [0u8; 32];
        board[..n].copy_from_slice(p.row(mover));
        board[n..2 * n].copy_from_slice(p.row(mover.opponent()));
        Some(layer.get(self.index.rank(&board[..2 * n])) as i32)
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
        let mut db = OwareDb { n, index: BoardIndex::new(2 * n), layers: Vec::new(), builds: Vec::new() };
        loop {
            let seeds = db.layers.len();
            let path = layer_path(dir, seeds);
            if !path.exists() {
                break;
            }
            let total = db.index.count(seeds);
            db.layers.push(open_layer(&path, fp, n, seeds, total)?);
        }
        Ok(if db.layers.is_empty() { None } else { Some(db) })
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
        let played = database_variant(v)?;
        let n = v.pits_per_side();
        let limit = (v.total_seeds() as usize).min(127);
        if max_seeds > limit {
            return Err(DbError::Unsupported(format!(
                "--max-seeds {max_seeds} is more than the {limit} seeds a database of this board can hold"
            )));
        }
        let fp = file_fingerprint(&played);
        fs::create_dir_all(dir).map_err(|e| DbError::Io { path: dir.to_path_buf(), source: e })?;
        let mut db = OwareDb { n, index: BoardIndex::new(2 * n), layers: Vec::new(), builds: Vec::new() };
        for seeds in 0..=max_seeds {
            let path = layer_path(dir, seeds);
            let total = db.index.count(seeds);
            let started = Instant::now();
            if path.exists() {
                db.layers.push(open_layer(&path, fp, n, seeds, total)?);
                progress(BuildProgress { seeds, done: total, total, loaded: true });
                db.builds.push(LayerBuild { seeds, boards: total, sweeps: 0, seconds: 0.0 });
                continue;
            }
            let (values, sweeps) = db.build_layer(&played, seeds, threads.max(1), progress);
            write_layer(&path, fp, n, seeds, &values)?;
            db.layers.push(Layer::Memory(values));
            db.builds.push(LayerBuild {
                seeds,
                boards: total,
                sweeps,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        Ok(db)
    }

    /// Solves one layer on top of the layers below it.
    fn build_layer(
        &self,
        v: &Variant,
        seeds: usize,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> (Vec<i8>, u32) {
        let total = self.index.count(seeds);
        let values: Vec<AtomicI8> = (0..total).map(|_| AtomicI8::new(0)).collect();
        // Bit set: the board has a move staying in the layer.
        let cyclic: Vec<AtomicU64> = (0..total.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let chunk = 1u64 << 14;
        let mut sweeps = 0u32;
        loop {
            let first = sweeps == 0;
            let next = AtomicU64::new(0);
            let done = AtomicU64::new(0);
            let changed = AtomicBool::new(false);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    let (values, cyclic, next, done, changed) = (&values, &cyclic, &next, &done, &changed);
                    scope.spawn(move || {
                        let mut any = false;
                        loop {
                            let start = next.fetch_add(chunk, Ordering::Relaxed);
                            if start >= total {
                                break;
                            }
                            let end = (start + chunk).min(total);
                            for r in start..end {
                                let word = &cyclic[(r / 64) as usize];
                                let bit = 1u64 << (r % 64);
                                if !first && word.load(Ordering::Relaxed) & bit == 0 {
                                    continue;
                                }
                                let (value, has_cycle_move) = self.evaluate(v, seeds, r, values);
                                if first && has_cycle_move {
                                    word.fetch_or(bit, Ordering::Relaxed);
                                }
                                let old = values[r as usize].load(Ordering::Relaxed);
                                if value != old {
                                    debug_assert!(
                                        old == 0 || (old > 0 && value >= old) || (old < 0 && value <= old),
                                        "values only grow: {old} -> {value}"
                                    );
                                    values[r as usize].store(value, Ordering::Relaxed);
                                    any = true;
                                }
                            }
                            let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
                            progress(BuildProgress { seeds, done: d, total, loaded: false });
                        }
                        if any {
                            changed.store(true, Ordering::Relaxed);
                        }
                    });
                }
            });
            sweeps += 1;
            if !changed.load(Ordering::Relaxed) {
                break;
            }
        }
        (values.into_iter().map(|a| a.into_inner()).collect(), sweeps)
    }

    /// One board's value from the current values of its same-layer
    /// successors, and whether it has any same-layer successor.
    #[inline]
    fn evaluate(&self, v: &Variant, seeds: usize, rank: u64, layer: &[AtomicI8]) -> (i8, bool) {
        let n = self.n;
        let mut board = [0u8; 32];
        self.index.unrank(rank, seeds, &mut board[..2 * n]);
        let pos = Position::from_rows(&board[..n], &board[n..2 * n], [0, 0], Side::South)
            .expect("a database board is a valid position")
            .settled(v);
        if pos.is_over() {
            return (pos.store_margin() as i8, false);
        }
        let mut win = 0i32; // w(P) so far
        let mut loss = i32::MAX; // l(P) so far: min over moves
        let mut cyclic = false;
        let mut pits = pos.legal_pits(v);
        while pits != 0 {
            let k = pits.trailing_zeros() as u8;
            pits &= pits - 1;
            let mut child = pos;
            child.play_unchecked(v, Move::Sow(k));
            let gain = child.store_margin(); // South (the mover) minus North
            let (w_move, l_move) = if child.is_over() {
                (gain.max(0), (-gain).max(0))
            } else {
                let left = seeds - (child.store(Side::South) + child.store(Side::North)) as usize;
                let mut next = [0u8; 32];
                next[..n].copy_from_slice(child.row(Side::North));
                next[n..2 * n].copy_from_slice(child.row(Side::South));
                let rank = self.index.rank(&next[..2 * n]);
                if left < seeds {
                    let e = gain - self.layers[left].get(rank) as i32;
                    (e.max(0), (-e).max(0))
                } else {
                    cyclic = true;
                    let c = layer[rank as usize].load(Ordering::Relaxed) as i32;
                    // The opponent losing by l is a win by l for the mover.
                    ((-c).max(0), c.max(0))
                }
            };
            win = win.max(w_move);
            loss = loss.min(l_move);
        }
        debug_assert!(loss != i32::MAX, "a position not over has a legal move");
        debug_assert!(win == 0 || loss == 0, "w and l are never both positive");
        (if win > 0 { win as i8 } else { -(loss as i8) }, cyclic)
    }
}

/// Value counts of one layer from its values.
pub fn layer_stats(seeds: usize, boards: u64, get: impl Fn(u64) -> i8) -> LayerStats {
    let mut counts = vec![0u64; 2 * seeds + 1];
    for r in 0..boards {
        counts[(get(r) as i32 + seeds as i32) as usize] += 1;
    }
    let mut s = LayerStats { seeds, boards, ..LayerStats::default() };
    for (i, &c) in counts.iter().enumerate() {
        let margin = i as i32 - seeds as i32;
        if c > 0 {
            s.by_margin.push((margin, c));
        }
        match margin.cmp(&0) {
            std::cmp::Ordering::Greater => s.wins += c,
            std::cmp::Ordering::Equal => s.draws += c,
            std::cmp::Ordering::Less => s.losses += c,
        }
    }
    s
}
