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
//! Evaluating a board uses forward move generation through `mancala_core`:
//! `w(P) = max(exits, l(children))`, `l(P) = min(-exits, w(children))`
//! (clipped at 0). One sweep evaluates every board in place; then each round
//! un-sows the boards whose value changed in the round before to find their
//! possible same-layer predecessors (a superset: un-sowing does not check
//! legality, and an extra board is only evaluated for nothing), and
//! re-evaluates those. The update is monotone and values only grow (a new
//! evaluation is merged with the old value), so this is a chaotic iteration
//! of a monotone operator that stays below its least fixed point, and since
//! every board that depends on a changed value is re-evaluated afterwards, it
//! stops exactly at the fixed point: the layer is done after a round that
//! changes nothing. Both cores work on each phase (relaxed atomic bytes: a
//! stale read only delays a rise, which the next round catches).
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

use crate::db::{
    fingerprint, fnv1a, layer_path, layer_stats, open_layer, open_layers, probe_layers,
    write_layer, BuildProgress, DbError, Layer, LayerStats,
};
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
    /// The full sweep plus the re-evaluation rounds until nothing changed
    /// (0: loaded from disk).
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
        probe_layers(&self.layers, &self.index, self.n, p)
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
        let layers = open_layers(dir, fp, n, &index)?;
        Ok((!layers.is_empty()).then_some(OwareDb { n, index, layers, builds: Vec::new() }))
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
        let mut db =
            OwareDb { n, index: BoardIndex::new(2 * n), layers: Vec::new(), builds: Vec::new() };
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

    /// Solves one layer on top of the layers below it: one full sweep, then
    /// rounds that re-evaluate only the same-layer predecessors of the boards
    /// whose value changed in the round before (found by un-sowing), until a
    /// round changes nothing. Returns the values and the number of rounds.
    fn build_layer(
        &self,
        v: &Variant,
        seeds: usize,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> (Vec<i8>, u32) {
        let total = self.index.count(seeds);
        let words = total.div_ceil(64) as usize;
        let values: Vec<AtomicI8> = (0..total).map(|_| AtomicI8::new(0)).collect();
        let bits = || (0..words).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
        // Boards whose value changed in the last round, and boards to re-evaluate.
        let (changed, dirty) = (bits(), bits());
        let chunk_words = 256u64;
        let parallel = |work: &(dyn Fn(usize) + Sync)| {
            let next = AtomicU64::new(0);
            let done = AtomicU64::new(0);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    let (next, done) = (&next, &done);
                    scope.spawn(move || loop {
                        let start = next.fetch_add(chunk_words, Ordering::Relaxed);
                        if start >= words as u64 {
                            break;
                        }
                        let end = (start + chunk_words).min(words as u64);
                        for w in start..end {
                            work(w as usize);
                        }
                        let d = (done.fetch_add(end - start, Ordering::Relaxed) + end - start) * 64;
                        progress(BuildProgress { seeds, done: d.min(total), total, loaded: false });
                    });
                }
            });
        };
        // Sweep 0: every board, in place; boards that leave 0 have changed.
        parallel(&|w| {
            let mut mask = 0u64;
            for r in (w as u64 * 64)..((w as u64 + 1) * 64).min(total) {
                let value = self.evaluate(v, seeds, r, &values);
                if value != 0 {
                    values[r as usize].store(value, Ordering::Relaxed);
                    mask |= 1 << (r % 64);
                }
            }
            changed[w].store(mask, Ordering::Relaxed);
        });
        let mut rounds = 1u32;
        let any = AtomicBool::new(true);
        while any.swap(false, Ordering::Relaxed) {
            // Mark the predecessors of the changed boards.
            parallel(&|w| {
                let mut mask = changed[w].swap(0, Ordering::Relaxed);
                let mut board = [0u8; 32];
                while mask != 0 {
                    let r = w as u64 * 64 + mask.trailing_zeros() as u64;
                    mask &= mask - 1;
                    self.index.unrank(r, seeds, &mut board[..2 * self.n]);
                    self.predecessors(v, &board, seeds, |p| {
                        dirty[(p / 64) as usize].fetch_or(1 << (p % 64), Ordering::Relaxed);
                    });
                }
            });
            // Re-evaluate them.
            parallel(&|w| {
                let mut mask = dirty[w].swap(0, Ordering::Relaxed);
                let mut out = 0u64;
                while mask != 0 {
                    let r = w as u64 * 64 + mask.trailing_zeros() as u64;
                    mask &= mask - 1;
                    let value = self.evaluate(v, seeds, r, &values);
                    let old = values[r as usize].load(Ordering::Relaxed);
                    let merged = merge(old, value);
                    if merged != old {
                        values[r as usize].store(merged, Ordering::Relaxed);
                        out |= 1 << (r % 64);
                    }
                }
                if out != 0 {
                    changed[w].store(out, Ordering::Relaxed);
                    any.store(true, Ordering::Relaxed);
                }
            });
            rounds += 1;
        }
        (values.into_iter().map(|a| a.into_inner()).collect(), rounds)
    }

    /// Calls `f` with the rank of every board of the layer from which one
    /// sowing could lead to `board` (the mover's row first) without a
    /// capture: a superset of the true predecessors (legality is not
    /// checked; an extra board is only re-evaluated for nothing). The
    /// predecessor's mover is the opponent of `board`'s mover and sowed all
    /// `s` seeds of one of their pits, now empty (or refilled by laps when
    /// the origin is not skipped).
    fn predecessors(&self, v: &Variant, board: &[u8; 32], seeds: usize, mut f: impl FnMut(u64)) {
        let n = self.n;
        let rules = v.rules();
        let skip = rules.sowing.skip_origin;
        // The board from the predecessor's mover's side: their row first.
        let mut q = [0u8; 32];
        q[..n].copy_from_slice(&board[n..2 * n]);
        q[n..2 * n].copy_from_slice(&board[..n]);
        let cells = 2 * n;
        for j in 0..n {
            if skip && q[j] != 0 {
                continue;
            }
            // The ring after the origin, in sowing order.
            let ring_len = if skip { cells - 1 } else { cells };
            let mut work = q;
            for s in 1..=seeds {
                let step = (s - 1) % ring_len;
                let cell = (j + 1 + step) % cells;
                if work[cell] == 0 {
                    break;
                }
                work[cell] -= 1;
                if work[j] == 0 {
                    let mut p = work;
                    p[j] = s as u8;
                    f(self.index.rank(&p[..cells]));
                }
            }
        }
    }

    /// One board's value from the current values of its same-layer
    /// successors.
    #[inline]
    fn evaluate(&self, v: &Variant, seeds: usize, rank: u64, layer: &[AtomicI8]) -> i8 {
        let n = self.n;
        let mut board = [0u8; 32];
        self.index.unrank(rank, seeds, &mut board[..2 * n]);
        let pos = Position::from_rows(&board[..n], &board[n..2 * n], [0, 0], Side::South)
            .expect("a database board is a valid position")
            .settled(v);
        if pos.is_over() {
            return pos.store_margin() as i8;
        }
        let mut win = 0i32; // w(P) so far
        let mut loss = i32::MAX; // l(P) so far: min over moves
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
        if win > 0 {
            win as i8
        } else {
            -(loss as i8)
        }
    }
}

/// The larger of two under-approximations of a board's value: a win level
/// (positive) or a loss level (negative) only grows; the two are never both
/// positive.
#[inline]
fn merge(old: i8, new: i8) -> i8 {
    if old == 0 {
        new
    } else if old > 0 {
        debug_assert!(new >= 0, "win and loss levels both positive: {old} {new}");
        old.max(new)
    } else {
        debug_assert!(new <= 0, "win and loss levels both positive: {old} {new}");
        old.min(new)
    }
}
