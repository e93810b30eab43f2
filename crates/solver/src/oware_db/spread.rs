//! The retrograde build spread over the processes of an MPI job
//! ([`OwareDb::build_mpi`]).
//!
//! Each layer's boards are cut into as many contiguous rank ranges as there
//! are processes; each process holds the exits and state words (`retro`) of
//! its own boards only, five bytes a board. The forward pass needs nothing
//! from the others (a capture leads to a smaller layer, read from the
//! shared folder). The levels are the classic retrograde attractor of
//! `retro`, spread: for each threshold `t`, every process finds the seeds
//! among its boards and propagates from them; a predecessor of another
//! process's share goes into a batch for its owner (4 bytes: its place in
//! the owner's share, and whether the board it moves to joined `W_t`),
//! sent as soon as it holds a few thousand entries (`cluster::Mailbox`,
//! non-blocking: the work goes on meanwhile). Each process takes what came
//! whenever it looks, applies it (a counter taken off, or a board put into
//! `W_t`) and goes on propagating from the boards that were decided; a
//! process with nothing left sends what it holds and waits for more, until
//! no process has anything left to send or to do. A level's decisions do
//! not depend on the order in which they are made (`retro` explains why),
//! so the values are those of the one-process build, and the files are the
//! same, byte for byte.
//!
//! When a layer is solved, process 0 writes its file, taking the others'
//! shares in turn, and every process maps it from the shared folder: the
//! smaller layers are read from there. Process 0 holds the folder's lock,
//! as a one-process build does, so an interrupted build resumes from the
//! finished layers.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use mancala_core::{prefetch, Variant};

use super::forward::{Board, Sower};
use super::retro::{count_of, decide, exit_of, value_of, LayerSolver, COUNT_ONE, UNDECIDED};
use super::unmove::Unmover;
use super::{database_variant, file_fingerprint, LayerBuild, OwareDb};
use crate::cluster::{Cluster, Link, Mailbox, Quit, SpreadBuild, SpreadReport};
use crate::index::BoardIndex;
use crate::kalah_db::agree;
use crate::layer_file::{layer_path, BuildProgress, DbError, Layer, Unchecked};
use crate::memory::Buffer;

/// The bit of an entry saying that the board it moves to joined `W_t`.
const WON: u32 = 1 << 31;
/// Boards a process holds of a layer, at most (an entry names one in 31
/// bits).
const SHARE_LIMIT: u64 = (WON - 1) as u64;

impl OwareDb {
    /// Builds (or resumes building) the database of `v` up to `max_seeds`
    /// seeds in `dir` as [`OwareDb::build_with`] does, spread over the
    /// processes of an MPI job, one thread each: every process calls it
    /// with the same arguments, `dir` a folder they all share. The files
    /// written are those of the one-process build, byte for byte.
    /// `program` names the build of the program (its version and
    /// executable): the processes refuse to work together when theirs
    /// differ, or when they ask for different databases or do not see the
    /// same folder. `progress` is called on process 0 only. Setting `stop`
    /// on any process stops them all soon after ([`DbError::Interrupted`]).
    pub fn build_mpi(
        v: &Variant,
        max_seeds: usize,
        dir: &Path,
        cluster: &Cluster,
        program: &str,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(OwareDb, SpreadReport), DbError> {
        let link = cluster.link();
        agree(&link, v, max_seeds, program)?;
        let played = database_variant(v)?;
        let n = v.pits_per_side();
        let limit = (v.total_seeds() as usize).min(127);
        let (spread, report) =
            link.build_layers(dir, (max_seeds, limit), progress, stop, || {
                Ok(Spread {
                    db: OwareDb {
                        n,
                        index: BoardIndex::new(2 * n),
                        layers: Vec::new(),
                        unchecked: Vec::new(),
                        builds: Vec::new(),
                    },
                    v: &played,
                    dir,
                    fp: file_fingerprint(&played),
                })
            })?;
        Ok((spread.db, report))
    }

    /// Solves this process's share of the layer of `seeds` seeds, the
    /// layers below it open, and writes the layer's file (process 0, with
    /// the others' shares).
    fn build_share(
        &self,
        link: &Link,
        v: &Variant,
        (dir, fp): (&Path, u64),
        seeds: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(), DbError> {
        let n = self.n;
        let (me, size) = (link.rank(), link.size());
        let total = self.index.count(seeds);
        let bounds: Vec<u64> =
            (0..=size).map(|r| (total as u128 * r as u128 / size as u128) as u64).collect();
        let (lo, hi) = (bounds[me], bounds[me + 1]);
        let len = (hi - lo) as usize;
        if let Some(r) = (0..size).find(|&r| bounds[r + 1] - bounds[r] > SHARE_LIMIT) {
            return Err(DbError::TooLarge {
                asked: seeds,
                reason: format!(
                    "layer {seeds} has {total} boards, {} for process {r}: a process takes at \
                     most {SHARE_LIMIT} boards of a layer; start more processes",
                    bounds[r + 1] - bounds[r],
                ),
            });
        }
        let path = layer_path(dir, seeds);
        let io = |e| DbError::Io { path: path.clone(), source: e };
        let made = Buffer::zeroed(len).and_then(|e| Ok((e, Buffer::zeroed(4 * len)?))).map_err(io);
        let (mut exits, mut words) = link.together(made)?;
        let solver = LayerSolver {
            v,
            n,
            index: &self.index,
            lower: self.layers.iter().map(Layer::signed_values).collect(),
            seeds,
            total,
            threads: 1,
            progress,
            stop,
        };
        let sower = Sower::new(v.rules(), n);
        let rules_differ = |e: String| {
            DbError::Unsupported(format!(
                "{}: the database cannot follow these rules: {e}",
                v.name()
            ))
        };
        // The forward pass: this process's boards alone. Process 0 tells
        // how far it is as if the others were as far.
        let exits = &mut exits.values_mut()[..len];
        {
            let states = &words.atomic_words()[..len];
            let failure: Mutex<Option<String>> = Mutex::new(None);
            let failed = AtomicBool::new(false);
            let fail = |message: String| {
                failed.store(true, Ordering::Relaxed);
                failure.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(message);
            };
            let report = |done: u64| {
                let done = (done as u128 * total as u128 / len.max(1) as u128) as u64;
                progress(BuildProgress {
                    seeds,
                    done: done.min(total),
                    total,
                    loaded: false,
                    waiting: false,
                })
            };
            let started = std::time::Instant::now();
            solver.forward(&sower, exits, states, lo, &report, &fail, &failed);
            link.add_forward(started.elapsed().as_secs_f64());
            let failure = failure.into_inner().unwrap_or_else(|e| e.into_inner());
            link.together(failure.map_or(Ok(()), |e| Err(rules_differ(e))))?;
        }
        let exits = &exits[..];
        let states = &words.atomic_words()[..len];
        let share = Share {
            link,
            index: &self.index,
            unmover: Unmover::new(v.rules(), n),
            seeds,
            bounds: &bounds,
            lo,
            exits,
            states,
        };
        for t in (1..=seeds as i32).rev() {
            link.together(share.level(t, stop).map_err(|e| match e {
                Stopped::Interrupted => DbError::Interrupted { seeds },
                Stopped::Failed(e) => rules_differ(e),
            }))?;
            let level = (seeds as i32 - t + 1) as u64;
            progress(BuildProgress {
                seeds,
                done: total / 2 + total * level / (2 * seeds as u64),
                total,
                loaded: false,
                waiting: false,
            });
        }
        link.look_at_memory();
        // The values in place of the words: byte `i` is read from word `i`
        // (bytes `4i..4i + 4`), never after it was written over.
        let bytes = words.values_mut();
        for i in 0..len {
            let state = u32::from_ne_bytes([
                bytes[4 * i] as u8,
                bytes[4 * i + 1] as u8,
                bytes[4 * i + 2] as u8,
                bytes[4 * i + 3] as u8,
            ]);
            bytes[i] = match value_of(state) {
                UNDECIDED => 0,
                value => value as i8,
            };
        }
        let mine = &words.values()[..len];
        // SAFETY: i8 and u8 have the same size and alignment.
        let mine: &[u8] = unsafe { std::slice::from_raw_parts(mine.as_ptr().cast(), mine.len()) };
        link.write_shares(&path, (fp, n, seeds), total, &bounds, mine)
    }
}

/// A spread build of the database of `v` in `dir`.
struct Spread<'a> {
    db: OwareDb,
    v: &'a Variant,
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
        self.db.build_share(link, self.v, (self.dir, self.fp), seeds, progress, stop)
    }

    fn push_layer(
        &mut self,
        layer: Layer,
        unchecked: Option<Unchecked>,
        seconds: Option<f64>,
        largest: usize,
    ) -> Result<(), DbError> {
        let seeds = self.db.layers.len();
        // The larger layers read this one at random (a capture may lead
        // anywhere in it): copied to memory on huge pages, as the
        // one-process build does, rather than read through the file's
        // mapping, whose small pages would miss the TLB at nearly every
        // read. A capture takes at least 2 seeds in these games, so layer
        // `k` reads the layers up to `k - 2`: the last two are left mapped
        // (read, if ever, through the mapping).
        let layer = if seeds + 2 <= largest {
            let path = layer_path(self.dir, seeds);
            Layer(super::in_memory(&layer.0).map_err(|e| super::io(&path, e))?)
        } else {
            layer
        };
        self.db.layers.push(layer);
        self.db.unchecked.push(unchecked);
        self.db.builds.push(LayerBuild {
            seeds,
            boards: self.db.index.count(seeds),
            passes: if seconds.is_some() { 1 + seeds as u32 } else { 0 },
            seconds: seconds.unwrap_or(0.0),
            forward_seconds: 0.0,
        });
        Ok(())
    }
}

/// Why a level did not finish.
enum Stopped {
    /// Some process was asked to stop.
    Interrupted,
    /// The propagation found a move the forward pass did not count.
    Failed(String),
}

/// This process's share of the layer being solved: the exits and state
/// words of the ranks `lo..lo + states.len()`.
struct Share<'a> {
    link: &'a Link<'a>,
    index: &'a BoardIndex,
    unmover: Unmover,
    seeds: usize,
    bounds: &'a [u64],
    lo: u64,
    exits: &'a [i8],
    states: &'a [AtomicU32],
}

impl Share<'_> {
    /// The process whose share holds `rank`.
    #[inline]
    fn owner(&self, rank: u64) -> usize {
        self.bounds[1..self.bounds.len() - 1].partition_point(|&b| b <= rank)
    }

    /// Solves level `t` (see `retro`) with the other processes: each
    /// works on its own boards, sends the entries for the others' boards as
    /// they come (`Mailbox`), and applies those it takes, until none has
    /// anything left to do.
    fn level(&self, t: i32, stop: &AtomicBool) -> Result<(), Stopped> {
        let len = self.states.len();
        let mut mail = Mailbox::new(self.link, t as u32);
        let mut stack: Vec<(u64, Board)> = Vec::new();
        let mut batch: Vec<(u64, Board)> = Vec::new();
        let mut inbox: Vec<u32> = Vec::new();
        let mut inbox_at = 0;
        let mut scan_at = 0;
        let (up, down) = (t as i8, -t as i8);
        let mut board: Board = [0; 32];
        // The board of share place `at`, followed along the scan.
        let (mut seed, mut at) = ([0; 32], usize::MAX);
        let cells = self.index.pits();
        let mut failure = None;
        let mut idle_polls = 0;
        let mut propagated = 0;
        loop {
            if stop.load(Ordering::Relaxed) {
                mail.quit(Quit::Stop);
            }
            mail.take(&mut inbox);
            if mail.quitting().is_some() {
                stack.clear();
                inbox.clear();
                inbox_at = 0;
                scan_at = len;
            }
            let worked = if !stack.is_empty() {
                self.propagate(t, (&mut stack, &mut propagated), &mut batch, &mut mail)
            } else if inbox_at < inbox.len() {
                // Boards of this share that other processes' boards move
                // to, a block of them.
                let end = (inbox_at + 1024).min(inbox.len());
                let mut applied = Ok(());
                for &entry in &inbox[inbox_at..end] {
                    let i = (entry & !WON) as usize;
                    match self.apply(i, entry & WON != 0, t) {
                        Ok(true) => {
                            let rank = self.lo + i as u64;
                            self.index.unrank(rank, self.seeds, &mut board);
                            stack.push((rank, board));
                        }
                        Ok(false) => {}
                        Err(e) => {
                            applied = Err(e);
                            break;
                        }
                    }
                }
                inbox_at = end;
                // What was applied is dropped: the inbox holds only what is
                // still to apply, and what comes while it is.
                if inbox_at == inbox.len() || inbox_at >= 1 << 16 {
                    inbox.drain(..inbox_at);
                    inbox_at = 0;
                }
                applied
            } else if scan_at < len {
                // The next block of seeds.
                let end = (scan_at + 4096).min(len);
                for i in scan_at..end {
                    let exit = self.exits[i];
                    if exit != up && exit != down {
                        continue;
                    }
                    let state = self.states[i].load(Ordering::Relaxed);
                    if value_of(state) != UNDECIDED || (exit == down && count_of(state) != 0) {
                        continue;
                    }
                    if decide(&self.states[i], exit) {
                        let rank = self.lo + i as u64;
                        if at <= i && i - at < 32 {
                            while at < i {
                                BoardIndex::next(&mut seed[..cells]);
                                at += 1;
                            }
                        } else {
                            self.index.unrank(rank, self.seeds, &mut seed);
                            at = i;
                        }
                        stack.push((rank, seed));
                    }
                }
                scan_at = end;
                Ok(())
            } else {
                if mail.idle() {
                    break;
                }
                // Nothing to do until a message comes: a short sleep rather
                // than a spin, so that a process waiting gives its core to
                // the one working, and is woken first when the machine is
                // loaded (a process that slept is scheduled before one that
                // spun).
                idle_polls += 1;
                if idle_polls > 16 {
                    std::thread::sleep(std::time::Duration::from_micros(50));
                }
                continue;
            };
            idle_polls = 0;
            mail.working();
            if let Err(e) = worked {
                failure = Some(e);
                mail.quit(Quit::Failed);
            }
        }
        self.link.add_rounds(mail.waves, mail.idle_seconds);
        self.link.add_propagated(propagated);
        match (failure, mail.quitting()) {
            (Some(e), _) => Err(e),
            (None, Some(Quit::Stop)) => Err(Stopped::Interrupted),
            // Another process failed: it says why, at the next agreement.
            (None, _) => Ok(()),
        }
    }

    /// Applies to board `i` of this share that one of its moves leads to a
    /// board that joined `W_t` (`won`) or `L_t`: true if that decides it.
    #[inline]
    fn apply(&self, i: usize, won: bool, t: i32) -> Result<bool, Stopped> {
        let cell = &self.states[i];
        if !won {
            // It can move into L_t.
            return Ok(decide(cell, t as i8));
        }
        // One more move leads into W_t; the counter only matters while the
        // board is undecided.
        if value_of(cell.load(Ordering::Relaxed)) != UNDECIDED {
            return Ok(false);
        }
        let old = cell.fetch_sub(COUNT_ONE, Ordering::Relaxed);
        if count_of(old) == 0 {
            return Err(Stopped::Failed(format!(
                "internal error: board {} of layer {} has more same-layer moves than the \
                 forward pass counted",
                self.lo + i as u64,
                self.seeds
            )));
        }
        Ok(count_of(old) == 1
            && value_of(old) == UNDECIDED
            && exit_of(old) as i32 <= -t
            && decide(cell, -t as i8))
    }

    /// Propagates the decisions of level `t` from a batch of the boards on
    /// the stack: predecessors in this share are decided here (and pushed),
    /// the others sent to their owners.
    fn propagate(
        &self,
        t: i32,
        (stack, propagated): (&mut Vec<(u64, Board)>, &mut u64),
        batch: &mut Vec<(u64, Board)>,
        mail: &mut Mailbox,
    ) -> Result<(), Stopped> {
        const BOARDS: usize = 128;
        const MARK: u64 = 1 << 63;
        let len = self.states.len() as u64;
        batch.clear();
        while batch.len() < BOARDS {
            let Some((r, board)) = stack.pop() else { break };
            *propagated += 1;
            let won =
                value_of(self.states[(r - self.lo) as usize].load(Ordering::Relaxed)) as i8 > 0;
            self.unmover.predecessors(self.index, &board, self.seeds, |p, pred| {
                let i = p.wrapping_sub(self.lo);
                if i < len {
                    prefetch(&self.states[i as usize]);
                    batch.push((i | if won { MARK } else { 0 }, *pred));
                } else {
                    let to = self.owner(p);
                    mail.push(to, (p - self.bounds[to]) as u32 | if won { WON } else { 0 });
                }
            });
        }
        for (entry, pred) in batch.iter() {
            if self.apply((entry & !MARK) as usize, entry & MARK != 0, t)? {
                stack.push((self.lo + (entry & !MARK), *pred));
            }
        }
        Ok(())
    }
}
