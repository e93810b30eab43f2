//! Endgame databases for the Kalah family: the exact value of every board
//! with up to N seeds left in the pits.
//!
//! The value of a board is the best *future margin* for the player to move:
//! the seeds they will still bring to their store minus those the opponent
//! will, from here to the end of the game, under perfect play. Without the
//! majority rule and the repetition rule, this depends on the pits and the
//! side to move only, never on the stores, so one table serves every game of
//! the rules at that row length, whatever the seeds per pit.
//!
//! Boards are stored from the mover's point of view: the mover's row (from
//! their left) then the opponent's, ranked by [`BoardIndex`], one signed
//! byte per board (`-k..=k` for `k` seeds). Within one seed count the moves
//! that reach no store form no cycle (seeds only move right along the
//! mover's own row), so a layer is computed on top of the layers below it:
//! under the plain Kalah rules in waves of decreasing potential, every
//! same-layer child solved before its parent (see `waves`); under the
//! others (relay sowing, rows over 8 pits) by memoized recursion.
//!
//! On disk a database is a folder with one file per seed layer, each with a
//! header naming the rules and a checksum, written atomically as soon as the
//! layer is done (while the next layer is built, and in order): an
//! interrupted build resumes from the last layer on disk. Files are
//! memory-mapped when used. The file format, shared with the Oware family,
//! is [`crate::layer_file`]'s.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering};

use mancala_core::{Position, Repetition, Setup, Side, StorePlacement, Variant, MAX_MOVES};

use crate::index::BoardIndex;
use crate::layer_file::{
    check_layers, fingerprint, layer_path, layer_stats, locate_in, lock_folder, mover_board,
    open_layer, open_layers, prefetch, probe_layers, write_layer, BuildProgress, DbError, Layer,
    LayerStats, Unchecked, CHECK_AT_OPEN_BYTES, HEADER_LEN,
};
use crate::memory::Buffer;
use arrayvec::ArrayVec;

#[cfg(feature = "mpi")]
mod spread;
mod waves;
mod word_sow;
#[cfg(feature = "mpi")]
pub(crate) use spread::agree;
#[cfg(feature = "mpi")]
pub use spread::SpreadReport;
use waves::{LayerRows, MoveKind, Rows};
pub(crate) use word_sow::{Sown, WordSower};

/// A layer entry not computed yet (never a value: values are within ±127).
const UNKNOWN: i8 = i8::MIN;

/// Checks that endgame databases make sense for a variant: play to the end
/// (no majority rule), no repetition rule.
pub fn check_supported(v: &Variant) -> Result<(), DbError> {
    let r = v.rules();
    crate::layer_file::check_no_general_elements(v)?;
    if r.end.majority {
        return Err(DbError::Unsupported(format!(
            "{} ends at a majority, so a board's value depends on the stores: endgame databases \
             cover variants played to the end (kalah-irving, kalah-classic, mankalah, relay-kalah)",
            v.name()
        )));
    }
    if r.end.repetition != Repetition::None || r.board.stores == StorePlacement::Beside {
        return Err(DbError::Unsupported(format!(
            "{}: databases for games with cycles (stores beside the board, a repetition rule) \
             are not built yet; the Kalah family is (kalah-irving, kalah-classic, mankalah, relay-kalah)",
            v.name()
        )));
    }
    Ok(())
}

/// Checks, before anything is allocated, that a Kalah-family build of
/// rows of `n` pits up to `max_seeds` seeds fits the build's row tables.
pub(crate) fn check_build_size(n: usize, max_seeds: usize) -> Result<(), DbError> {
    let rows = BoardIndex::new(n).count_up_to(max_seeds);
    if n <= 8 && rows > u32::MAX as u64 {
        return Err(DbError::TooLarge {
            asked: max_seeds,
            reason: format!(
                "{rows} rows of {n} pits with up to {max_seeds} seeds: too many for the build"
            ),
        });
    }
    Ok(())
}

/// Where one board's value is stored in a [`KalahDb`]: its layer and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahDbEntry {
    layer: u32,
    rank: u64,
}

/// A Kalah-family endgame database: layers `0..=max_seeds` for one rule set
/// and row length.
pub struct KalahDb {
    n: usize,
    index: BoardIndex,
    layers: Vec<Layer>,
    /// Whether each layer is fast to probe (built here in memory, or made
    /// so by [`KalahDb::make_resident`]) rather than mapped from its file
    /// as it was opened.
    in_memory: Vec<bool>,
    /// The layers whose values are still to be compared with their
    /// checksums (on first use).
    unchecked: Vec<Option<Unchecked>>,
}

impl KalahDb {
    /// Pits per side of the boards.
    pub fn pits_per_side(&self) -> usize {
        self.n
    }

    /// Largest number of seeds on the board the database covers.
    pub fn max_seeds(&self) -> usize {
        self.layers.len() - 1
    }

    /// The future margin for the player to move, if the position is covered:
    /// same row length, few enough seeds left, game not over, no pie-rule
    /// state.
    #[inline]
    pub fn probe(&self, p: &Position) -> Option<i32> {
        probe_layers(&self.layers, &self.unchecked, &self.index, self.n, p)
    }

    /// Makes every layer fast to probe at random (a search probes millions
    /// of times a second, and a probe on a small page costs a page walk
    /// more often): a layer whose file the page cache holds on huge pages
    /// is read in place, every page mapped now; any other is copied into
    /// memory with huge pages requested, which takes as much memory as its
    /// file. Leave a database mapped when memory is short. Layers just
    /// built are in such memory already and are not copied.
    pub fn make_resident(&mut self) -> std::io::Result<()> {
        let maps = std::mem::take(&mut self.layers).into_iter().map(|l| l.0).collect();
        let maps = crate::memory::resident(maps, &self.in_memory)?;
        self.layers = maps.into_iter().map(Layer).collect();
        self.in_memory.iter_mut().for_each(|r| *r = true);
        Ok(())
    }

    /// Layer `k`'s values.
    #[inline]
    fn layer_values(&self, k: usize) -> &[u8] {
        self.layers[k].values()
    }

    /// Bytes of values the database holds.
    pub fn bytes(&self) -> u64 {
        self.layers.iter().map(|l| l.values().len() as u64).sum()
    }

    /// Where the value of `p` is stored, if the database covers it (as for
    /// [`KalahDb::probe`]). With [`KalahDb::prefetch`] and
    /// [`KalahDb::value`], a search asks for several values before it
    /// waits for the first.
    #[inline]
    pub fn locate(&self, p: &Position) -> Option<KalahDbEntry> {
        locate_in(self.layers.len(), &self.index, self.n, p)
            .map(|(seeds, rank)| KalahDbEntry { layer: seeds as u32, rank })
    }

    /// Where the value of a board held in one word (mover's row first, see
    /// [`WordSower`]) with `seeds` seeds lies, if the layers cover it.
    #[inline(always)]
    pub(crate) fn locate_word(&self, board: u128, seeds: usize) -> Option<KalahDbEntry> {
        (seeds < self.layers.len())
            .then(|| KalahDbEntry { layer: seeds as u32, rank: self.word_rank(board, seeds) })
    }

    /// The rank of a board held in one word with `seeds` seeds.
    #[inline(always)]
    fn word_rank(&self, board: u128, seeds: usize) -> u64 {
        self.index.rank_with_seeds(&board.to_le_bytes()[..2 * self.n], seeds)
    }

    /// Asks the processor to fetch the value at `at` into the cache.
    #[inline(always)]
    pub fn prefetch(&self, at: KalahDbEntry) {
        prefetch(&self.layer_values(at.layer as usize)[at.rank as usize]);
    }

    /// The byte holding the future margin at `at` (a signed byte), to
    /// prefetch and read later without locating it again.
    #[inline(always)]
    pub(crate) fn value_ref(&self, at: KalahDbEntry) -> &u8 {
        &self.layer_values(at.layer as usize)[at.rank as usize]
    }

    /// [`KalahDb::value_ref`], recorded in the read trace (see
    /// `read_trace`; nothing is recorded without its feature).
    #[inline(always)]
    pub(crate) fn traced_ref(&self, at: KalahDbEntry) -> &u8 {
        crate::read_trace::db_value(at.layer, at.rank);
        self.value_ref(at)
    }

    /// The future margin stored at `at`.
    #[inline(always)]
    pub fn value(&self, at: KalahDbEntry) -> i32 {
        self.layer_values(at.layer as usize)[at.rank as usize] as i8 as i32
    }

    /// The value counts of every layer.
    pub fn stats(&self) -> Vec<LayerStats> {
        (0..self.layers.len()).map(|k| self.layer_stats(k)).collect()
    }

    fn layer_stats(&self, seeds: usize) -> LayerStats {
        layer_stats(seeds, self.index.count(seeds), |r| self.layers[seeds].get(r))
    }

    /// Builds (or resumes building) the database of `v`'s rules up to
    /// `max_seeds` seeds in `dir`, on `threads` threads, saving each layer as
    /// soon as it is done. Layers already on disk are checked and reused.
    pub fn build(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
    ) -> Result<KalahDb, DbError> {
        KalahDb::build_until(v, max_seeds, dir, threads, progress, &AtomicBool::new(false))
    }

    /// [`KalahDb::build`], stopping within a fraction of a second when
    /// `stop` is set, inside a layer as well as between layers: the
    /// layers finished are saved, the one in hand is dropped, and the
    /// error is [`DbError::Interrupted`].
    pub fn build_until(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<KalahDb, DbError> {
        let sower = WordSower::new(v);
        KalahDb::build_with(v, max_seeds, dir, threads, progress, sower.as_ref(), stop)
    }

    /// [`KalahDb::build`], sowing with `sower` when there is one (the
    /// plain Kalah rules), else with [`Position`].
    fn build_with(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        sower: Option<&WordSower>,
        stop: &AtomicBool,
    ) -> Result<KalahDb, DbError> {
        check_supported(v)?;
        let n = v.pits_per_side();
        let fp = fingerprint(v.rules());
        let limit = (2 * n * 127).min(v.total_seeds() as usize).min(127);
        if max_seeds > limit {
            return Err(DbError::TooManySeeds { asked: max_seeds, limit });
        }
        let rows = match sower {
            Some(_) => Some(
                Rows::new(n, max_seeds)
                    .map_err(|e| DbError::TooLarge { asked: max_seeds, reason: e.to_string() })?,
            ),
            None => None,
        };
        // Held until the build returns: another builder in this folder
        // waits, then finds these layers on disk.
        let _lock = lock_folder(dir, progress, stop)?;
        let mut db = KalahDb {
            n,
            index: BoardIndex::new(2 * n),
            layers: Vec::new(),
            in_memory: Vec::new(),
            unchecked: Vec::new(),
        };
        let words = sower.zip(rows.as_ref());
        // Each layer is written to its file on a thread of its own while the
        // next layer is built (so the builders are not idle while it is
        // written, checksummed and synced; docs/databases.md). Layer
        // `k + 1` is written only after layer `k` is on disk, so that an
        // interrupted build still resumes after the last file.
        std::thread::scope(|scope| -> Result<(), DbError> {
            let mut writing: Option<std::thread::ScopedJoinHandle<'_, Result<(), DbError>>> = None;
            let written = |w: std::thread::ScopedJoinHandle<'_, Result<(), DbError>>| {
                w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            };
            for seeds in 0..=max_seeds {
                let path = layer_path(dir, seeds);
                let total = db.index.count(seeds);
                if path.exists() {
                    db.layers.push(open_layer(&path, fp, n, seeds, total, usize::MAX)?.0);
                    db.unchecked.push(None);
                    db.in_memory.push(false);
                    progress(BuildProgress {
                        seeds,
                        done: total,
                        total,
                        loaded: true,
                        waiting: false,
                    });
                    continue;
                }
                let values = db
                    .build_layer(v, words, seeds, threads, progress, stop)
                    .map_err(|e| DbError::Io { path: path.clone(), source: e })?;
                if let Some(w) = writing.take() {
                    written(w)?;
                    db.read_from_file(dir, fp, seeds - 1)?;
                }
                if stop.load(Ordering::Relaxed) {
                    // The layer in hand may be unfinished: never saved.
                    return Err(DbError::Interrupted { seeds });
                }
                let layer = values.into_read_only();
                let layer = layer.map_err(|e| DbError::Io { path: path.clone(), source: e })?;
                let bytes = &layer[HEADER_LEN..];
                // SAFETY: the values stay mapped, unchanged, until the
                // writer is joined: a layer is replaced (by its file, see
                // `read_from_file`) only after that, layers are otherwise
                // only ever pushed, and `db` outlives this scope, which joins
                // the writer before it ends.
                let values: &[i8] =
                    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast(), bytes.len()) };
                db.layers.push(Layer(layer));
                db.in_memory.push(true);
                db.unchecked.push(None);
                writing = Some(scope.spawn(move || write_layer(&path, fp, n, seeds, values)));
            }
            if let Some(w) = writing.take() {
                written(w)?;
                db.read_from_file(dir, fp, max_seeds)?;
            }
            Ok(())
        })?;
        Ok(db)
    }

    /// Once the layer of `seeds` seeds just built is written, reads it from
    /// its file instead of the memory it was built in, when the page cache
    /// holds the file on huge pages (see `memory::resident`; a file
    /// written in one piece is): the memory is given back, for the next
    /// layers and the solver's table to reuse, so that fewer fresh pages are
    /// zeroed by the system, and the layer is as fast to probe.
    fn read_from_file(&mut self, dir: &Path, fp: u64, seeds: usize) -> Result<(), DbError> {
        let path = layer_path(dir, seeds);
        let total = self.index.count(seeds);
        // Just written from these values: compared with its checksum there.
        let (layer, _) = open_layer(&path, fp, self.n, seeds, total, 0)?;
        if crate::memory::readable_in_place(std::slice::from_ref(&layer.0), &[false])[0] {
            self.layers[seeds] = layer;
        }
        Ok(())
    }

    /// Opens the layers `0..` found in `dir` for `v`'s rules; `None` when
    /// there are none. A foreign file, or one whose header or length is
    /// wrong, is an error. Opening does not read every value: layers of up
    /// to 16 MiB are compared with their checksums now (a damaged one is an
    /// error), larger ones on first use (a probe of a damaged layer finds
    /// nothing, and [`KalahDb::check_all`] says why). A [`Solver`]
    /// checks every layer before it uses the database.
    ///
    /// [`Solver`]: crate::Solver
    pub fn open(v: &Variant, dir: &Path) -> Result<Option<KalahDb>, DbError> {
        KalahDb::open_checking(v, dir, CHECK_AT_OPEN_BYTES)
    }

    /// [`KalahDb::open`], comparing layers of up to `check_now` bytes
    /// with their checksums when opened, and the others on first use.
    pub fn open_checking(
        v: &Variant,
        dir: &Path,
        check_now: usize,
    ) -> Result<Option<KalahDb>, DbError> {
        if check_supported(v).is_err() {
            return Ok(None);
        }
        let n = v.pits_per_side();
        let fp = fingerprint(v.rules());
        let index = BoardIndex::new(2 * n);
        let (layers, unchecked): (Vec<Layer>, Vec<Option<Unchecked>>) =
            open_layers(dir, fp, n, &index, check_now)?.into_iter().unzip();
        Ok((!layers.is_empty()).then_some(KalahDb {
            n,
            index,
            in_memory: vec![false; layers.len()],
            layers,
            unchecked,
        }))
    }

    /// Compares every layer not yet checked with its checksum: an error
    /// names the first damaged file.
    pub fn check_all(&self) -> Result<(), DbError> {
        check_layers(&self.layers, &self.unchecked)
    }

    /// Makes probes find the layers not yet checked missing, rather than
    /// check them, until [`KalahDb::check_all`] (on another thread) has.
    pub fn defer_checks(&self) {
        crate::layer_file::defer_checks(&self.unchecked)
    }

    fn build_layer(
        &self,
        v: &Variant,
        words: Option<(&WordSower, &Rows)>,
        seeds: usize,
        threads: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> std::io::Result<Buffer> {
        let total = self.index.count(seeds);
        // Laid out as the file will be (header, then values), so that the
        // finished layer is used as it is.
        let mut buffer = Buffer::zeroed(HEADER_LEN + total as usize)?;
        buffer.values_mut()[HEADER_LEN..].fill(UNKNOWN);
        let values = &buffer.atomic_bytes()[HEADER_LEN..];
        let done = AtomicU64::new(0);
        let threads = threads.max(1);
        let next = AtomicU64::new(0);
        let report = |boards: u64| {
            let d = done.fetch_add(boards, Ordering::Relaxed) + boards;
            progress(BuildProgress { seeds, done: d, total, loaded: false, waiting: false });
        };
        // The word build takes the boards in waves (see `waves`), the other
        // in rank order, in chunks.
        let waves = match words {
            Some((sower, rows)) => Some((sower, rows, rows.layer(seeds)?, rows.tasks(seeds))),
            None => None,
        };
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let (values, next, report, waves) = (&values, &next, &report, &waves);
                std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(scope, move || match waves {
                        Some((sower, rows, at, tasks)) => self.solve_waves(
                            sower, rows, at, tasks, next, seeds, *values, report, stop,
                        ),
                        None => loop {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let chunk = 1 << 16;
                            let start = next.fetch_add(chunk, Ordering::Relaxed);
                            if start >= total {
                                break;
                            }
                            let end = (start + chunk).min(total);
                            let mut board = [0u8; 32];
                            self.index.unrank(start, seeds, &mut board[..2 * self.n]);
                            for r in start..end {
                                if values[r as usize].load(Ordering::Relaxed) == UNKNOWN {
                                    self.solve_board(v, &board, r, seeds, values);
                                }
                                BoardIndex::next(&mut board[..2 * self.n]);
                            }
                            report(end - start);
                        },
                    })
                    .expect("spawn a database thread");
            }
        });
        Ok(buffer)
    }

    /// Solves the boards of the layer of `seeds` seeds wave by wave (see
    /// [`waves`]), taking the next of `tasks` from `next` until none is left.
    /// Pipelined: a board's children are found and their values asked of
    /// the memory [`PIPELINE`] boards ahead of reading those values, so the
    /// memory waits overlap the work on the boards in between. A same-layer
    /// child is solved before its parent, unless another thread still has
    /// it in hand: then it is solved here too.
    ///
    /// `layer` holds the layer's values ([`SameLayer`]): all of them in one
    /// process; a share of them and the values fetched from the other
    /// shares on MPI, where only the boards it [`SameLayer::owns`] are
    /// solved here.
    #[allow(clippy::too_many_arguments)]
    fn solve_waves<L: SameLayer + ?Sized>(
        &self,
        sower: &WordSower,
        rows: &Rows,
        at: &LayerRows,
        tasks: &[waves::Task],
        next: &AtomicU64,
        seeds: usize,
        layer: &L,
        report: &dyn Fn(u64),
        stop: &AtomicBool,
    ) {
        // Each slot: the rank of a board waiting for its values (or none),
        // and its children.
        let mut ranks = [u64::MAX; PIPELINE];
        let mut waiting: [Sowings; PIPELINE] = std::array::from_fn(|_| Sowings::new());
        let mut slot = 0;
        let n = self.n;
        let mut unreported = 0;
        loop {
            // A task is about 4,096 boards: a stop is seen within a
            // fraction of a millisecond.
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let t = next.fetch_add(1, Ordering::Relaxed) as usize;
            let Some(task) = tasks.get(t) else { break };
            let ms = rows.group_rows(task.m_group);
            for o in task.o_from as usize..task.o_to as usize {
                let theirs = OpponentRow {
                    word: rows.word(o),
                    seeds: rows.seeds(o),
                    rank: rows.rank(o),
                    same: at.pre[o],
                    over: &at.over[o * (n + 1)..][..n + 1],
                    capture: &at.capture[o * n..][..n],
                    store: &at.store,
                };
                for m in ms.clone() {
                    let r = at.pre[m] + theirs.rank;
                    if !layer.owns(r) {
                        continue;
                    }
                    self.reap_into(sower, &mut ranks[slot], &waiting[slot], seeds, layer);
                    let (mine, mine_seeds) = (rows.word(m), rows.seeds(m));
                    if let Some(margin) =
                        sower.ended(0, true, mine_seeds as i32, theirs.seeds as i32)
                    {
                        layer.set(r, margin as i8);
                    } else {
                        let s = &mut waiting[slot];
                        s.clear();
                        self.row_children(
                            sower, rows, m, mine, mine_seeds, &theirs, seeds, layer, s,
                        );
                        ranks[slot] = r;
                    }
                    slot = (slot + 1) % PIPELINE;
                }
            }
            unreported += (task.o_to - task.o_from) as u64 * ms.len() as u64;
            if unreported >= 1 << 16 {
                report(std::mem::take(&mut unreported));
            }
        }
        // The boards still waiting, oldest first.
        for i in 0..PIPELINE {
            let slot = (slot + i) % PIPELINE;
            self.reap_into(sower, &mut ranks[slot], &waiting[slot], seeds, layer);
        }
        report(unreported);
    }

    /// The children of the board of rows `mine` (row `m` of `rows`, with
    /// `mine_seeds` seeds) and `theirs`, in the layer of `seeds` seeds, from
    /// the row moves (see [`waves::RowMove`]); their values asked of the
    /// memory.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn row_children<L: SameLayer + ?Sized>(
        &self,
        sower: &WordSower,
        rows: &Rows,
        m: usize,
        mine: u64,
        mine_seeds: usize,
        theirs: &OpponentRow,
        seeds: usize,
        layer: &L,
        s: &mut Sowings,
    ) {
        let n = self.n;
        let shift = 8 * n as u32;
        // A child with `gain` seeds gained and rows of `next_mine` and
        // `next_theirs` seeds (the mover's and the opponent's after the
        // move), at `rank` of the layer of their seeds, unless the game is
        // over (an empty side, as `WordSower::sow` has it).
        let push = |s: &mut Sowings,
                    gain: i32,
                    again,
                    next_mine: usize,
                    next_theirs: usize,
                    rank,
                    board| {
            match sower.ended(gain, again, next_mine as i32, next_theirs as i32) {
                Some(margin) => s.ended = s.ended.max(margin),
                None => {
                    let left = next_mine + next_theirs;
                    self.add_kid(s, gain, again, left, rank, board, seeds, layer);
                }
            }
        };
        let moves = rows.moves(m);
        // The pits that hold seeds: the high bit of each lane that is not
        // zero (the empty pits are no moves: skipped, not dispatched on).
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let mut lanes = (((mine & !HIGH) + !HIGH) | mine) & HIGH;
        while lanes != 0 {
            let pit = (lanes.trailing_zeros() / 8) as usize;
            lanes &= lanes - 1;
            let mv = &moves[pit];
            match mv.kind {
                MoveKind::Empty => {}
                MoveKind::Inside => {
                    let opposite = n - 1 - mv.land as usize;
                    let taken = (theirs.word >> (8 * opposite)) as u8 as usize;
                    if mv.landed_empty && sower.captures(taken) {
                        let rank = theirs.capture[opposite] + mv.after_capture as u64;
                        push(
                            s,
                            taken as i32 + 1,
                            false,
                            mine_seeds - 1,
                            theirs.seeds - taken,
                            rank,
                            0,
                        );
                    } else {
                        let rank = theirs.same + mv.after as u64;
                        let board = theirs.word as u128 | (mv.word as u128) << shift;
                        push(s, 0, false, mine_seeds, theirs.seeds, rank, board);
                    }
                }
                MoveKind::Store if sower.extra_turn() => {
                    let rank = theirs.store[mv.after_row as usize] + theirs.rank;
                    push(s, 1, true, mine_seeds - 1, theirs.seeds, rank, 0);
                }
                MoveKind::Store => {
                    let rank = theirs.over[0] + mv.after as u64;
                    push(s, 1, false, mine_seeds - 1, theirs.seeds, rank, 0);
                }
                MoveKind::Over(k) => {
                    let k = k as usize;
                    let rank = theirs.over[k] + mv.after as u64;
                    push(s, 1, false, mine_seeds - 1 - k, theirs.seeds + k, rank, 0);
                }
                MoveKind::Round => {
                    let board = mine as u128 | (theirs.word as u128) << shift;
                    self.add_sown(s, sower.sow(board, pit, seeds), seeds, layer);
                }
            }
        }
    }

    /// [`KalahDb::solve_board`] for a board in one word, sown by `sower`.
    fn solve_word<L: SameLayer + ?Sized>(
        &self,
        sower: &WordSower,
        board: u128,
        rank: u64,
        seeds: usize,
        layer: &L,
    ) -> i8 {
        let known = layer.get(rank);
        if known != UNKNOWN {
            return known;
        }
        let value = match sower.over(board) {
            Some(margin) => margin,
            None => {
                let mut sowings = Sowings::new();
                self.sow_all(sower, board, seeds, layer, &mut sowings);
                self.reap(sower, &sowings, seeds, layer)
            }
        };
        let value = value as i8;
        layer.set(rank, value);
        value
    }

    /// Every move of `board` (not over), with `seeds` seeds: the children
    /// sown and ranked, their values asked of the memory.
    #[inline(always)]
    fn sow_all<L: SameLayer + ?Sized>(
        &self,
        sower: &WordSower,
        board: u128,
        seeds: usize,
        layer: &L,
        s: &mut Sowings,
    ) {
        s.clear();
        for pit in sower.pits(board) {
            self.add_sown(s, sower.sow(board, pit, seeds), seeds, layer);
        }
    }

    /// Adds a sown move to `s`: an ended game's margin, or a child ranked.
    #[inline(always)]
    fn add_sown<L: SameLayer + ?Sized>(
        &self,
        s: &mut Sowings,
        sown: Sown,
        seeds: usize,
        layer: &L,
    ) {
        match sown {
            Sown::Over(margin) => s.ended = s.ended.max(margin),
            Sown::Board { gain, again, left, board } => {
                let rank = self.word_rank(board, left);
                self.add_kid(s, gain, again, left, rank, board, seeds, layer);
            }
        }
    }

    /// Adds a child to `s`, its value asked of the memory: a child of a
    /// lower layer by the address of its value (read as it is by
    /// [`KalahDb::reap`], with no second look-up of its layer), a child of
    /// the same layer by its rank.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn add_kid<L: SameLayer + ?Sized>(
        &self,
        s: &mut Sowings,
        gain: i32,
        again: bool,
        left: usize,
        rank: u64,
        board: u128,
        seeds: usize,
        layer: &L,
    ) {
        let kid = if left < seeds {
            let value = &self.layers[left].values()[rank as usize];
            prefetch(value);
            WordKid::lower(gain, again, value)
        } else {
            layer.ask(rank);
            WordKid::same(gain, again, rank, board)
        };
        s.kids.push(kid);
    }

    /// Solves the board of `rank` (if not `u64::MAX`), whose children are
    /// `s`, and frees its pipeline slot (`rank` becomes `u64::MAX`).
    #[inline(always)]
    fn reap_into<L: SameLayer + ?Sized>(
        &self,
        sower: &WordSower,
        rank: &mut u64,
        s: &Sowings,
        seeds: usize,
        layer: &L,
    ) {
        let rank = std::mem::replace(rank, u64::MAX);
        if rank != u64::MAX {
            let value = self.reap(sower, s, seeds, layer) as i8;
            layer.set(rank, value);
        }
    }

    /// The value of the board whose children are `s`: the best of them,
    /// solving the children of the same layer first if need be.
    #[inline(always)]
    fn reap<L: SameLayer + ?Sized>(
        &self,
        sower: &WordSower,
        s: &Sowings,
        seeds: usize,
        layer: &L,
    ) -> i32 {
        let mut best = s.ended;
        for &k in &s.kids {
            let future = if k.same {
                match layer.get(k.place) {
                    UNKNOWN => self.solve_word(sower, k.board(), k.place, seeds, layer),
                    known => known,
                }
            } else {
                // SAFETY: a lower layer's child holds the address of its
                // value in `self.layers` ([`KalahDb::add_kid`]), which
                // outlive the build of this layer and are not written.
                unsafe { *(k.place as usize as *const i8) }
            } as i32;
            best = best.max(if k.again { k.gain + future } else { k.gain - future });
        }
        best
    }

    /// The value of `board` (mover's row first) with `seeds` seeds, computing
    /// and recording the same-layer boards it depends on.
    fn solve_board(
        &self,
        v: &Variant,
        board: &[u8; 32],
        rank: u64,
        seeds: usize,
        layer: &[AtomicI8],
    ) -> i8 {
        let n = self.n;
        let known = layer[rank as usize].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return known;
        }
        let pos = Setup::from_rows(&board[..n], &board[n..2 * n], [0, 0], Side::South)
            .expect("a database board is a valid position")
            .position_unchecked()
            .settled(v);
        let value = if pos.is_over() {
            pos.store_margin()
        } else {
            // First every child and where its value lies, asking the memory
            // for the lower layers' values at once; then the values.
            let mut children = [(0i32, Side::South, 0usize, 0u64, [0u8; 32]); MAX_MOVES];
            let mut count = 0;
            let mut best = i32::MIN;
            for mv in pos.legal_moves(v).iter() {
                let mut child = pos;
                child.play_unchecked(v, mv);
                let gain = child.store_margin();
                if child.is_over() {
                    best = best.max(gain);
                    continue;
                }
                let left = seeds - (child.store(Side::South) + child.store(Side::North)) as usize;
                let next = mover_board(&child);
                let next_rank = self.index.rank(&next[..2 * n]);
                if left < seeds {
                    self.layers[left].prefetch(next_rank);
                } else {
                    prefetch(&layer[next_rank as usize]);
                }
                children[count] = (gain, child.to_move(), left, next_rank, next);
                count += 1;
            }
            for &(gain, mover, left, next_rank, next) in &children[..count] {
                let future = if left == seeds {
                    self.solve_board(v, &next, next_rank, seeds, layer) as i32
                } else {
                    self.layers[left].get(next_rank) as i32
                };
                best = best.max(if mover == Side::South { gain + future } else { gain - future });
            }
            best
        };
        let value = value as i8;
        layer[rank as usize].store(value, Ordering::Relaxed);
        value
    }
}

/// The values of the layer the word build solves, as
/// [`KalahDb::solve_waves`] reads and writes them: in one process the whole
/// layer (`[AtomicI8]`, shared by the threads); on MPI one rank's share
/// and the values it fetched from the other shares (`spread::Share`).
pub(crate) trait SameLayer {
    /// Whether the board of `rank` is solved here.
    fn owns(&self, rank: u64) -> bool;
    /// Asks the memory for the value of `rank` (read soon by `get`).
    fn ask(&self, rank: u64);
    /// The value of `rank` ([`UNKNOWN`] if not solved yet).
    fn get(&self, rank: u64) -> i8;
    /// Records the value of a board solved here.
    fn set(&self, rank: u64, value: i8);
}

impl SameLayer for [AtomicI8] {
    #[inline(always)]
    fn owns(&self, _rank: u64) -> bool {
        true
    }

    #[inline(always)]
    fn ask(&self, rank: u64) {
        prefetch(&self[rank as usize]);
    }

    #[inline(always)]
    fn get(&self, rank: u64) -> i8 {
        self[rank as usize].load(Ordering::Relaxed)
    }

    #[inline(always)]
    fn set(&self, rank: u64, value: i8) {
        self[rank as usize].store(value, Ordering::Relaxed);
    }
}

/// Boards whose children are found ahead of reading their values in the
/// word build ([`KalahDb::solve_waves`]): the fastest of the distances
/// tried (the measurements are in `docs/databases.md`).
const PIPELINE: usize = 8;

/// A board's children in the word build: those still in play, and the best
/// margin of those that end the game.
struct Sowings {
    ended: i32,
    /// At most one child per pit of a row of up to 8.
    kids: ArrayVec<WordKid, 8>,
}

impl Sowings {
    #[inline(always)]
    fn new() -> Sowings {
        Sowings { ended: i32::MIN, kids: ArrayVec::new() }
    }

    /// No children, no ended game.
    #[inline(always)]
    fn clear(&mut self) {
        self.ended = i32::MIN;
        self.kids.clear();
    }
}

/// A child in the word build: the mover's gain, whether they move again,
/// and where the child's value is: for a child of a lower layer the address
/// of its value, for one of the same layer its rank and its board (to solve
/// it if it is not solved yet).
#[derive(Clone, Copy)]
struct WordKid {
    gain: i32,
    again: bool,
    /// The child is in the layer being built.
    same: bool,
    /// The rank of a same-layer child, else the address of its value.
    place: u64,
    /// The board as two words: 32 bytes a child, not the 48 a `u128`'s
    /// alignment would make.
    board: [u64; 2],
}

impl WordKid {
    /// A child of a lower layer whose value is `value`.
    #[inline(always)]
    fn lower(gain: i32, again: bool, value: &u8) -> WordKid {
        let place = value as *const u8 as usize as u64;
        WordKid { gain, again, same: false, place, board: [0; 2] }
    }

    /// A child of the same layer, of `rank` and `board`.
    #[inline(always)]
    fn same(gain: i32, again: bool, rank: u64, board: u128) -> WordKid {
        let board = [board as u64, (board >> 64) as u64];
        WordKid { gain, again, same: true, place: rank, board }
    }

    #[inline(always)]
    fn board(&self) -> u128 {
        self.board[0] as u128 | (self.board[1] as u128) << 64
    }
}

const _: () = assert!(std::mem::size_of::<WordKid>() == 32, "a child in half a cache line");

/// The opponent's row of the boards being solved in the word build, and
/// where the children of its boards rank by it (see [`waves::LayerRows`]).
struct OpponentRow<'a> {
    word: u64,
    seeds: usize,
    /// Its rank among the rows of its seeds.
    rank: u64,
    /// The rank of the first board of the layer with it as the first row.
    same: u64,
    /// `over[k]`: the same, a layer below, with a seed more in each of its
    /// first `k` pits.
    over: &'a [u64],
    /// `capture[p]`: the same with pit `p` emptied, in the layer of the
    /// seeds left after that capture.
    capture: &'a [u64],
    /// The layer's [`waves::LayerRows::store`]: where the children of a
    /// move that ends in the store and moves again rank by the mover's row.
    store: &'a [u64],
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    /// The word sower builds the very same layers as sowing with
    /// `Position`, byte for byte.
    #[test]
    fn sowing_in_a_word_builds_the_same_layers() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_path_buf();
        for (name, n, most) in [
            ("kalah-irving", 6, 10),
            ("kalah-classic", 6, 10),
            ("kalah-classic", 3, 14),
            ("mankalah", 7, 8),
            ("kalah-irving", 1, 20),
        ] {
            let v = Variant::preset(name).unwrap().resized(Some(n), Some(12)).unwrap();
            let sower = WordSower::new(&v).expect("plain Kalah rules");
            let dirs =
                [root.join(format!("{name}-{n}-word")), root.join(format!("{name}-{n}-pos"))];
            let go = AtomicBool::new(false);
            KalahDb::build_with(&v, most, &dirs[0], 2, &|_| {}, Some(&sower), &go).unwrap();
            KalahDb::build_with(&v, most, &dirs[1], 2, &|_| {}, None, &go).unwrap();
            for seeds in 0..=most {
                let [a, b] = dirs.clone().map(|d| fs::read(layer_path(&d, seeds)).unwrap());
                assert!(a == b, "{name} rows of {n}: layer {seeds} differs");
            }
        }
        let _ = fs::remove_dir_all(&root);
    }
}
