//! The word build spread over the processes of an MPI job
//! ([`KalahDb::build_mpi`]).
//!
//! Each layer's boards are cut into as many contiguous rank ranges as there
//! are processes, at the starts of blocks of boards with the same first
//! (mover's) row, so that a board's process is the process of its mover's
//! row. Each process solves its own boards, wave by wave as in one process
//! (see `waves`), one thread each. A board `(M, O)`'s children in its own
//! layer are `(O, M')`: they lie in the block of row `O`, and all belong to
//! `O`'s process. Before each wave every process lists, in the order it
//! will read them, the values of those children it does not own, asks
//! their owners for them (one message to each, eight bytes a value), and
//! gets them back (a byte a value): those children lie in earlier waves, so
//! their values are final. No value is ever computed twice, so the layers
//! are those of the one-process build, byte for byte.
//!
//! When a layer is solved, process 0 writes its file, taking the shares of
//! the others in turn (it never holds more than its share and a message),
//! and every process then maps the file from the shared folder: the smaller
//! layers are read from there. Process 0 holds the folder's lock, as a
//! one-process build does, so an interrupted build resumes from the
//! finished layers.

use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering};

use mancala_core::Variant;

use super::waves::{MoveKind, Rows};
use super::{check_supported, KalahDb, SameLayer, WordSower, UNKNOWN};
use crate::cluster::{Cluster, Link, SpreadBuild};
use crate::index::BoardIndex;
use crate::layer_file::{
    fingerprint, layer_path, prefetch, BuildProgress, DbError, Layer, Unchecked,
};
use crate::memory::Buffer;

pub use crate::cluster::SpreadReport;

/// One process's share of the layer being built: the values of its boards
/// (ranks `lo..lo + values.len()`), and the values of the other processes'
/// boards it fetched for the wave in hand, in the order it reads them.
struct Share<'a> {
    values: &'a [AtomicI8],
    lo: u64,
    fetched: &'a [i8],
    /// The ranks of `fetched`, checked in builds with debug assertions.
    fetched_ranks: &'a [u64],
    next: Cell<usize>,
}

impl SameLayer for Share<'_> {
    #[inline(always)]
    fn owns(&self, rank: u64) -> bool {
        rank.wrapping_sub(self.lo) < self.values.len() as u64
    }

    #[inline(always)]
    fn ask(&self, rank: u64) {
        if self.owns(rank) {
            prefetch(&self.values[(rank - self.lo) as usize]);
        }
    }

    #[inline(always)]
    fn get(&self, rank: u64) -> i8 {
        if self.owns(rank) {
            let value = self.values[(rank - self.lo) as usize].load(Ordering::Relaxed);
            debug_assert_ne!(value, UNKNOWN, "a child of an earlier wave is solved");
            return value;
        }
        let i = self.next.get();
        self.next.set(i + 1);
        debug_assert!(self.fetched_ranks.is_empty() || self.fetched_ranks[i] == rank);
        self.fetched[i]
    }

    #[inline(always)]
    fn set(&self, rank: u64, value: i8) {
        self.values[(rank - self.lo) as usize].store(value, Ordering::Relaxed);
    }
}

/// Where the layer of `total` boards of `seeds` seeds is cut among `parts`
/// processes: `bounds[r]..bounds[r + 1]` is process `r`'s, each cut at the
/// start of a block of boards with the same first row of `n` pits.
fn split(index: &BoardIndex, n: usize, seeds: usize, total: u64, parts: usize) -> Vec<u64> {
    let mut bounds = vec![0; parts + 1];
    bounds[parts] = total;
    let mut board = [0u8; 32];
    for (r, bound) in bounds.iter_mut().enumerate().take(parts).skip(1) {
        let at = (total as u128 * r as u128 / parts as u128) as u64;
        index.unrank(at, seeds, &mut board[..2 * n]);
        *bound = index.rank_of_first(&board[..n], seeds);
    }
    bounds
}

/// The process whose share holds `rank`.
fn owner(bounds: &[u64], rank: u64) -> usize {
    bounds[1..bounds.len() - 1].partition_point(|&b| b <= rank)
}

impl KalahDb {
    /// Builds (or resumes building) the database of `v`'s rules up to
    /// `max_seeds` seeds in `dir` as [`KalahDb::build_until`] does, spread
    /// over the processes of an MPI job: every process calls it with the
    /// same arguments, `dir` a folder they all share. The files written are
    /// those of the one-process build, byte for byte. `program` names the
    /// build of the program (its version and executable): the processes
    /// refuse to work together when theirs differ, or when they ask for
    /// different databases or do not see the same folder. `progress` is
    /// called on process 0 only. Setting `stop` on any process stops them
    /// all before the next wave ([`DbError::Interrupted`]). Only
    /// the plain Kalah rules (no relay sowing, rows of at most 8 pits) are
    /// spread; the others are an error.
    pub fn build_mpi(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        cluster: &Cluster,
        program: &str,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(KalahDb, SpreadReport), DbError> {
        let link = cluster.link();
        let n = v.pits_per_side();
        let fp = fingerprint(v.rules());
        agree(&link, v, max_seeds, program)?;
        check_supported(v)?;
        let sower = WordSower::new(v).ok_or_else(|| {
            DbError::Unsupported(format!(
                "{}: --mpi builds the databases of the plain Kalah rules (kalah-irving, \
                 kalah-classic, mankalah, rows of at most 8 pits); build this one without --mpi",
                v.name()
            ))
        })?;
        let limit = (2 * n * 127).min(v.total_seeds() as usize).min(127);
        let (spread, report) =
            link.build_layers(dir, (max_seeds, limit), progress, stop, || {
                let rows =
                    link.together(Rows::new(n, max_seeds).map_err(|e| DbError::TooLarge {
                        asked: max_seeds,
                        reason: e.to_string(),
                    }))?;
                let db = KalahDb {
                    n,
                    index: BoardIndex::new(2 * n),
                    layers: Vec::new(),
                    in_memory: Vec::new(),
                    unchecked: Vec::new(),
                };
                Ok(Spread { db, sower, rows, dir, fp })
            })?;
        Ok((spread.db, report))
    }

    /// Solves this process's share of the layer of `seeds` seeds, the
    /// layers below it open, and writes the layer's file (process 0, with
    /// the others' shares).
    #[allow(clippy::too_many_arguments)]
    fn build_share(
        &self,
        link: &Link,
        sower: &WordSower,
        rows: &Rows,
        (dir, fp): (&Path, u64),
        seeds: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(), DbError> {
        let n = self.n;
        let (me, size) = (link.rank(), link.size());
        let total = self.index.count(seeds);
        let bounds = split(&self.index, n, seeds, total, size);
        let (lo, hi) = (bounds[me], bounds[me + 1]);
        // Values are asked for by their place in their owner's share, in 4
        // bytes.
        if let Some(r) = (0..size).find(|&r| bounds[r + 1] - bounds[r] > u32::MAX as u64) {
            return Err(DbError::TooLarge {
                asked: seeds,
                reason: format!(
                    "layer {seeds} has {total} boards, {} for process {r}: a process takes at \
                     most {} boards of a layer; start more processes",
                    bounds[r + 1] - bounds[r],
                    u32::MAX
                ),
            });
        }
        let path = layer_path(dir, seeds);
        let io = |e| DbError::Io { path: path.clone(), source: e };
        let made = Buffer::zeroed((hi - lo) as usize)
            .and_then(|b| Ok((b, rows.layer(seeds)?)))
            .map_err(io);
        let (mut buffer, at) = link.together(made)?;
        buffer.values_mut().fill(UNKNOWN);
        // (A buffer is never empty: a share may be.)
        let values = &buffer.atomic_bytes()[..(hi - lo) as usize];
        // The process of each row's block (rows of at most `seeds` seeds).
        let owners: Vec<u32> = at.pre.iter().map(|&p| owner(&bounds, p) as u32).collect();
        let (tasks, starts) = rows.tasks_in_waves(seeds);
        let never = AtomicBool::new(false);
        let mut done = 0u64;
        for wave in starts.windows(2).map(|w| &tasks[w[0]..w[1]]) {
            if wave.is_empty() {
                continue;
            }
            // The values of other processes' boards this wave reads, asked
            // of their owners in the order they are read: `runs` says how
            // many in a row come from which process.
            let mut asks: Vec<Vec<u32>> = vec![Vec::new(); size];
            let mut runs: Vec<(u32, u32)> = Vec::new();
            let mut ranks_read: Vec<u64> = Vec::new();
            for task in wave {
                let ms = rows.group_rows(task.m_group);
                done += (task.o_to - task.o_from) as u64 * ms.len() as u64;
                for (o, &from) in
                    owners.iter().enumerate().take(task.o_to as usize).skip(task.o_from as usize)
                {
                    let from = from as usize;
                    if from == me {
                        continue;
                    }
                    let (theirs, theirs_seeds) = (rows.word(o), rows.seeds(o) as i32);
                    for m in ms.clone() {
                        if !(lo..hi).contains(&(at.pre[m] + rows.rank(o))) {
                            continue;
                        }
                        let mine_seeds = rows.seeds(m) as i32;
                        // As `solve_waves` and `row_children` have it: a board
                        // over has no children, and a move that stays in the
                        // layer hands the turn over.
                        if sower.ended(0, true, mine_seeds, theirs_seeds).is_some()
                            || sower.ended(0, false, mine_seeds, theirs_seeds).is_some()
                        {
                            continue;
                        }
                        let before = asks[from].len();
                        for mv in rows.moves(m) {
                            if mv.kind != MoveKind::Inside {
                                continue;
                            }
                            let opposite = n - 1 - mv.land as usize;
                            let taken = (theirs >> (8 * opposite)) as u8 as usize;
                            if mv.landed_empty && sower.captures(taken) {
                                continue;
                            }
                            let child = at.pre[o] + mv.after as u64;
                            asks[from].push((child - bounds[from]) as u32);
                            if cfg!(debug_assertions) {
                                ranks_read.push(child);
                            }
                        }
                        let count = (asks[from].len() - before) as u32;
                        if count > 0 {
                            runs.push((from as u32, count));
                        }
                    }
                }
            }
            let (asked, by, stopped) = link.ask(&asks, stop.load(Ordering::Relaxed))?;
            if stopped {
                return Err(DbError::Interrupted { seeds });
            }
            let mut answers: Vec<Vec<i8>> = Vec::with_capacity(size);
            let mut at_asked = 0;
            for &count in &by {
                let part = &asked[at_asked..at_asked + count as usize];
                at_asked += count as usize;
                answers.push(
                    part.iter().map(|&r| values[r as usize].load(Ordering::Relaxed)).collect(),
                );
            }
            let counts: Vec<_> = asks.iter().map(|a| a.len() as mpi::Count).collect();
            let answered = link.answer(&answers, &counts);
            let mut next_of: Vec<usize> = Vec::with_capacity(size);
            let mut sum = 0;
            for a in &asks {
                next_of.push(sum);
                sum += a.len();
            }
            let mut fetched = Vec::with_capacity(answered.len());
            for &(from, count) in &runs {
                let at = &mut next_of[from as usize];
                fetched.extend_from_slice(&answered[*at..*at + count as usize]);
                *at += count as usize;
            }
            let share = Share {
                values,
                lo,
                fetched: &fetched,
                fetched_ranks: &ranks_read,
                next: Cell::new(0),
            };
            let next = AtomicU64::new(0);
            self.solve_waves(sower, rows, &at, wave, &next, seeds, &share, &|_| {}, &never);
            debug_assert_eq!(share.next.get(), fetched.len(), "every value fetched is read");
            progress(BuildProgress { seeds, done, total, loaded: false, waiting: false });
        }
        let mine = &buffer.values()[..(hi - lo) as usize];
        // SAFETY: i8 and u8 have the same size and alignment.
        let mine: &[u8] = unsafe { std::slice::from_raw_parts(mine.as_ptr().cast(), mine.len()) };
        link.write_shares(&path, (fp, n, seeds), total, &bounds, mine)
    }
}

/// A spread build of the database of a variant's rules in `dir`.
struct Spread<'a> {
    db: KalahDb,
    sower: WordSower,
    rows: Rows,
    dir: &'a Path,
    fp: u64,
}

impl SpreadBuild for Spread<'_> {
    fn file(&self) -> (u64, usize) {
        (self.fp, self.db.n)
    }

    fn boards(&self, seeds: usize) -> u64 {
        self.db.index.count(seeds)
    }

    fn build_share(
        &self,
        link: &Link,
        seeds: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(), DbError> {
        let (dir, fp) = (self.dir, self.fp);
        self.db.build_share(link, &self.sower, &self.rows, (dir, fp), seeds, progress, stop)
    }

    fn push_layer(
        &mut self,
        layer: Layer,
        unchecked: Option<Unchecked>,
        _: Option<f64>,
        _: usize,
    ) -> Result<(), DbError> {
        self.db.layers.push(layer);
        self.db.in_memory.push(false);
        self.db.unchecked.push(unchecked);
        Ok(())
    }
}

/// Checks that every process runs the same build of the program and asks
/// for the same database; an error on every process if not.
pub(crate) fn agree(
    link: &Link,
    v: &Variant,
    max_seeds: usize,
    program: &str,
) -> Result<(), DbError> {
    let fp = fingerprint(v.rules());
    let job = format!(
        "{} rows of {} up to {max_seeds} seeds, rules {fp:016x}",
        v.name(),
        v.pits_per_side()
    );
    link.agree(program, &job, "asks for another database", "the same variant and --max-seeds")
}
