//! One layer of the retrograde analysis: a forward pass, then backward
//! propagation threshold by threshold, from the largest margin down.
//!
//! Per board:
//!
//! - its best *exit* (`i8`): the largest value of a move that captures (the
//!   capture plus minus the smaller layer's value of the board it leads
//!   to); for a board where the game is over, its value (the mover's seeds
//!   minus the opponent's); [`NO_EXIT`] if neither;
//! - a 32-bit word: the value (bits 0..8, [`UNDECIDED`] until known), the
//!   exit again (bits 8..16, so that the backward pass finds it on the same
//!   cache line) and the number of same-layer moves (moves that capture
//!   nothing) whose board is not yet known to be won by at least the current
//!   threshold for its mover (bits 24..32).
//!
//! The exits alone, one byte per board, are what each level scans for its
//! seeds. The arrays are anonymous memory maps asking for transparent huge
//! pages: the backward pass touches them at random, and with 4 KiB pages
//! nearly every touch would also miss the TLB.
//!
//! A board where the game is over is, for its predecessors, one more board
//! of the layer: its exit is its value and it has no moves, so the levels
//! below decide it at its value like any other board.
//!
//! For `t = k, k - 1, ..., 1` (`k` seeds: no value is larger), with `W_t`
//! and `L_t` as in the parent module (the boards worth `>= t`, `<= -t`):
//! every board decided so far is in `W_{t+1}` or `L_{t+1}` with its final
//! value. Level `t` adds the boards of `W_t \ W_{t+1}` (value `t`) and
//! `L_t \ L_{t+1}` (value `-t`):
//!
//! - seeds: an undecided board whose best exit is `t`, or whose same-layer
//!   moves all lead to boards of `W_{t'}` (`t' >= t`, the counter is 0) and
//!   whose best exit is `-t` (all its moves are then worth `<= -t`, one
//!   exactly `-t`);
//! - a board that joins `L_t` puts every undecided predecessor into `W_t`;
//! - a board that joins `W_t` takes one off the counter of each predecessor
//!   (per move); a predecessor whose counter falls to 0 and whose best exit
//!   is `<= -t` joins `L_t` (all its same-layer moves lead into `W_t`, and
//!   the last one to join did so at `t`, so its value is exactly `-t`).
//!   One whose best exit is larger waits: its value is that exit, and the
//!   level of that exit seeds it (or it stays 0).
//!
//! A board that joins at level `t` is final: it is in `W_t` (or `L_t`) and
//! not in `W_{t+1}` (or `L_{t+1}`), whose boards were all found at higher
//! levels. What is never decided is in no `W_t` and no `L_t`: value 0 (it
//! can only cycle, or its best line is worth 0). Each board is propagated at
//! most once, so the work is one forward move generation per board plus one
//! un-move generation per board with a non-zero value.
//!
//! Both cores work on every phase: the forward pass over rank ranges, each
//! level's seeds over rank ranges, each thread propagating from its own seeds
//! with its own stack. The decisions of a level do not depend on the order
//! (a board joins `W_t` or `L_t`, never both, with a value fixed by the
//! level), so the result does not depend on the threads' timing; the tests
//! compare one and two threads.
//!
//! The words of the boards a move leads to are scattered over the layers,
//! so both passes work in batches: they compute a batch's ranks, prefetch
//! their cache lines, then use them, so that the cache misses can overlap
//! (measured on the development machine: only a few per cent once the
//! arrays are on huge pages).

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use mancala_core::{prefetch, Variant};

use super::forward::{Board, Moves, Small, Sower, Sowing};
use super::unmove::Unmover;
use crate::index::BoardIndex;
use crate::layer_file::BuildProgress;
use crate::memory::Buffer;

/// A board whose value is not known yet (values are within -127..=127).
pub(super) const UNDECIDED: u8 = 0x80;
/// No move captures and the game is not over.
const NO_EXIT: i8 = i8::MIN;
const COUNT_SHIFT: u32 = 24;
pub(super) const COUNT_ONE: u32 = 1 << COUNT_SHIFT;
/// Boards per unit of work handed to a thread.
const CHUNK: usize = 1 << 14;
/// One board in this many is checked against `mancala_core` (and the first
/// of every chunk).
const CHECK_EVERY: usize = 1 << 10;

#[inline(always)]
pub(super) fn value_of(state: u32) -> u8 {
    state as u8
}

#[inline(always)]
pub(super) fn exit_of(state: u32) -> i8 {
    (state >> 8) as u8 as i8
}

#[inline(always)]
pub(super) fn count_of(state: u32) -> u32 {
    state >> COUNT_SHIFT
}

/// Sets an undecided board's value; false if it was decided already.
#[inline]
pub(super) fn decide(cell: &AtomicU32, value: i8) -> bool {
    let mut state = cell.load(Ordering::Relaxed);
    loop {
        if value_of(state) != UNDECIDED {
            return false;
        }
        let new = (state & !0xff) | value as u8 as u32;
        match cell.compare_exchange_weak(state, new, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return true,
            Err(now) => state = now,
        }
    }
}

/// A solved layer.
pub(super) struct Solved {
    /// The values, after `HEADER_LEN` bytes left for a file header.
    pub values: Buffer,
    /// The forward pass and one per threshold level.
    pub passes: u32,
    pub forward_seconds: f64,
}

/// The working memory of a layer, kept from one layer to the next (every
/// word is written by the forward pass before it is read): the exits and the
/// state words.
#[derive(Default)]
pub(super) struct Scratch {
    exits: Option<Buffer>,
    states: Option<Buffer>,
}

impl Scratch {
    pub(super) fn is_empty(&self) -> bool {
        self.exits.is_none()
    }

    /// Room for layers of `boards` boards.
    pub(super) fn reserve(&mut self, boards: usize) -> std::io::Result<()> {
        if self.exits.as_ref().is_none_or(|b| b.values().len() < boards) {
            // Drop the old buffers first: at most one set is mapped.
            *self = Scratch::default();
            self.exits = Some(Buffer::zeroed(boards)?);
            self.states = Some(Buffer::zeroed(4 * boards)?);
        }
        Ok(())
    }
}

/// What one layer needs: the rules, the ranks, the smaller layers.
pub(super) struct LayerSolver<'a> {
    pub v: &'a Variant,
    pub n: usize,
    pub index: &'a BoardIndex,
    /// Values of the layers below, by seed count.
    pub lower: Vec<&'a [i8]>,
    pub seeds: usize,
    pub total: u64,
    pub threads: usize,
    pub progress: &'a (dyn Fn(BuildProgress) + Sync),
    /// Set to stop: [`LayerSolver::solve`] then returns an error soon.
    pub stop: &'a AtomicBool,
}

impl LayerSolver<'_> {
    /// The values of every board of the layer. `Err` if the move generator
    /// disagrees with `mancala_core` on a checked board, or the backward
    /// propagation finds a move the forward pass did not count.
    pub(super) fn solve(&self, scratch: &mut Scratch) -> Result<Solved, String> {
        let started = std::time::Instant::now();
        let total = self.total as usize;
        let sower = Sower::new(self.v.rules(), self.n);
        let unmover = Unmover::new(self.v.rules(), self.n);
        let failure: Mutex<Option<String>> = Mutex::new(None);
        let failed = AtomicBool::new(false);
        let fail = |message: String| {
            failed.store(true, Ordering::Relaxed);
            failure.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(message);
        };
        // Progress: the forward pass is the first half, the levels the second.
        let report = |done: u64| {
            (self.progress)(BuildProgress {
                seeds: self.seeds,
                done: done.min(self.total),
                total: self.total,
                loaded: false,
                waiting: false,
            })
        };

        scratch.reserve(total).map_err(|e| e.to_string())?;
        let (Some(exits), Some(states)) = (scratch.exits.as_mut(), scratch.states.as_mut()) else {
            return Err("internal error: no working memory".into());
        };
        let exits = &mut exits.values_mut()[..total];
        let states = &states.atomic_words()[..total];
        self.forward(&sower, exits, states, 0, &report, &fail, &failed);
        if let Some(message) = failure.lock().unwrap_or_else(|e| e.into_inner()).take() {
            return Err(message);
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err("stopped".into());
        }
        let forward_seconds = started.elapsed().as_secs_f64();

        let exits = &exits[..];
        for t in (1..=self.seeds as i32).rev() {
            self.chunks(total, &|start, end| {
                let mut stack = Vec::new();
                let mut batch = Vec::new();
                let (up, down) = (t as i8, -t as i8);
                // The board of rank `at`, followed along the chunk.
                let mut board: Board = [0; 32];
                let mut at = usize::MAX;
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                for (b, block) in exits[start..end].chunks(64).enumerate() {
                    let hit = block.iter().fold(false, |hit, &e| hit | (e == up) | (e == down));
                    if !hit {
                        continue;
                    }
                    for (i, &exit) in block.iter().enumerate() {
                        if exit != up && exit != down {
                            continue;
                        }
                        let r = start + 64 * b + i;
                        let state = states[r].load(Ordering::Relaxed);
                        if value_of(state) != UNDECIDED || (exit == down && count_of(state) != 0) {
                            continue;
                        }
                        if decide(&states[r], exit) {
                            if at <= r && r - at < 32 {
                                while at < r {
                                    BoardIndex::next(&mut board[..2 * self.n]);
                                    at += 1;
                                }
                            } else {
                                self.index.unrank(r as u64, self.seeds, &mut board);
                                at = r;
                            }
                            stack.push((r as u64, board));
                            if let Err(e) =
                                self.propagate(&unmover, states, t, &mut stack, &mut batch)
                            {
                                fail(e);
                            }
                        }
                    }
                }
            });
            if let Some(message) = failure.lock().unwrap_or_else(|e| e.into_inner()).take() {
                return Err(message);
            }
            if self.stop.load(Ordering::Relaxed) {
                return Err("stopped".into());
            }
            let level = (self.seeds as i32 - t + 1) as u64;
            report(self.total / 2 + self.total * level / (2 * self.seeds as u64));
        }
        let mut values =
            Buffer::zeroed(crate::layer_file::HEADER_LEN + total).map_err(|e| e.to_string())?;
        for (value, state) in
            values.values_mut()[crate::layer_file::HEADER_LEN..].iter_mut().zip(states)
        {
            *value = match value_of(state.load(Ordering::Relaxed)) {
                UNDECIDED => 0,
                v => v as i8,
            };
        }
        Ok(Solved { values, passes: 1 + self.seeds as u32, forward_seconds })
    }

    /// The forward pass over the boards of ranks `lo..lo + exits.len()`
    /// (`states` theirs too), on every thread: `report` is told how far it
    /// is (half of the boards done when all of them are), `fail` of a
    /// failure, after which `failed` stops the threads.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn forward(
        &self,
        sower: &Sower,
        exits: &mut [i8],
        states: &[AtomicU32],
        lo: u64,
        report: &(dyn Fn(u64) + Sync),
        fail: &(dyn Fn(String) + Sync),
        failed: &AtomicBool,
    ) {
        let forward_done = AtomicU64::new(0);
        self.chunks_mut(exits, &|start, exits| {
            if failed.load(Ordering::Relaxed) {
                return;
            }
            let states = &states[start..start + exits.len()];
            let start = lo as usize + start;
            let done = if self.n <= 8 {
                self.forward_range_small(sower, states, start, exits)
            } else {
                self.forward_range(sower, states, start, exits)
            };
            if let Err(e) = done {
                fail(e);
            }
            let d = forward_done.fetch_add(exits.len() as u64, Ordering::Relaxed);
            report((d + exits.len() as u64) / 2);
        });
    }

    /// The forward pass over the ranks `start..start + exits.len()`: each
    /// board's best exit and number of same-layer moves (`states`: those
    /// boards' words).
    #[inline(never)]
    pub(super) fn forward_range(
        &self,
        sower: &Sower,
        states: &[AtomicU32],
        start: usize,
        exits: &mut [i8],
    ) -> Result<(), String> {
        /// Boards whose captures are looked up together.
        const GROUP: usize = 32;
        let (n, seeds) = (self.n, self.seeds);
        let cells = 2 * n;
        let mut board: Board = [0; 32];
        self.index.unrank(start as u64, seeds, &mut board);
        let mut out = [Sowing::default(); 16];
        // (board in the chunk, capture, layer, rank) of every capture of a group.
        let mut captures: Vec<(u32, u8, u8, u64)> = Vec::with_capacity(GROUP * 16);
        let mut counts = [0u32; GROUP];
        for group in (0..exits.len()).step_by(GROUP) {
            let end = (group + GROUP).min(exits.len());
            captures.clear();
            for i in group..end {
                if i > 0 {
                    BoardIndex::next(&mut board[..cells]);
                }
                if i % CHECK_EVERY == 0 {
                    sower.check_with_core(self.v, &board)?;
                }
                let (exit, count) = match sower.moves(&board, &mut out) {
                    Moves::Over(value) => (value as i8, 0),
                    Moves::Legal(mut mask) => {
                        let mut count = 0;
                        while mask != 0 {
                            let k = mask.trailing_zeros() as usize;
                            mask &= mask - 1;
                            let s = &out[k];
                            if s.captured == 0 {
                                count += 1;
                                continue;
                            }
                            // The board the opponent moves from: their row first.
                            let mut child: Board = [0; 32];
                            child[..n].copy_from_slice(&s.board[n..cells]);
                            child[n..cells].copy_from_slice(&s.board[..n]);
                            let left = seeds - s.captured as usize;
                            let rank = self.index.rank_with_seeds(&child, left);
                            prefetch(&self.lower[left][rank as usize]);
                            captures.push((i as u32, s.captured, left as u8, rank));
                        }
                        (NO_EXIT, count)
                    }
                };
                exits[i] = exit;
                counts[i - group] = count;
            }
            self.settle_group(&captures, exits, &counts, group..end, states);
        }
        Ok(())
    }

    /// Ends a group of the forward pass: each capture's value from the
    /// lower layers (prefetched while the group was sown) raises its board's
    /// best exit, then every board of `range` (chunk positions, `counts`
    /// from its start) gets its first state.
    #[inline(always)]
    fn settle_group(
        &self,
        captures: &[(u32, u8, u8, u64)],
        exits: &mut [i8],
        counts: &[u32],
        range: std::ops::Range<usize>,
        states: &[AtomicU32],
    ) {
        for &(i, captured, left, rank) in captures {
            let value = captured as i32 - self.lower[left as usize][rank as usize] as i32;
            let exit = &mut exits[i as usize];
            *exit = (*exit).max(value as i8);
        }
        for i in range.clone() {
            let state = UNDECIDED as u32
                | (exits[i] as u8 as u32) << 8
                | counts[i - range.start] << COUNT_SHIFT;
            states[i].store(state, Ordering::Relaxed);
        }
    }

    /// [`LayerSolver::forward_range`] for boards of at most 8 pits a side,
    /// each board in one word.
    #[inline(never)]
    pub(super) fn forward_range_small(
        &self,
        sower: &Sower,
        states: &[AtomicU32],
        start: usize,
        exits: &mut [i8],
    ) -> Result<(), String> {
        /// Boards whose captures are looked up together.
        const GROUP: usize = 32;
        let (n, seeds) = (self.n, self.seeds);
        let cells = 2 * n;
        let mut board: Board = [0; 32];
        self.index.unrank(start as u64, seeds, &mut board);
        let mut out = [Small::default(); 8];
        // (board in the chunk, capture, layer, rank) of every capture of a group.
        let mut captures: Vec<(u32, u8, u8, u64)> = Vec::with_capacity(GROUP * 8);
        let mut counts = [0u32; GROUP];
        for group in (0..exits.len()).step_by(GROUP) {
            let end = (group + GROUP).min(exits.len());
            captures.clear();
            for i in group..end {
                if i > 0 {
                    BoardIndex::next(&mut board[..cells]);
                }
                if i % CHECK_EVERY == 0 {
                    sower.check_small_with_core(self.v, &board)?;
                }
                let word = u128::from_le_bytes(board[..16].try_into().expect("16 bytes"));
                let (exit, count) = match sower.moves_small(word, &mut out) {
                    Moves::Over(value) => (value as i8, 0),
                    Moves::Legal(mut mask) => {
                        let mut count = 0;
                        while mask != 0 {
                            let k = mask.trailing_zeros() as usize;
                            mask &= mask - 1;
                            let s = &out[k];
                            if s.captured == 0 {
                                count += 1;
                                continue;
                            }
                            let left = seeds - s.captured as usize;
                            let rank =
                                self.index.rank_with_seeds(&sower.turned_small(s.board), left);
                            prefetch(&self.lower[left][rank as usize]);
                            captures.push((i as u32, s.captured, left as u8, rank));
                        }
                        (NO_EXIT, count)
                    }
                };
                exits[i] = exit;
                counts[i - group] = count;
            }
            self.settle_group(&captures, exits, &counts, group..end, states);
        }
        Ok(())
    }

    /// Propagates the decisions of level `t` from the boards on the stack
    /// (rank and board).
    #[inline(never)]
    fn propagate(
        &self,
        unmover: &Unmover,
        states: &[AtomicU32],
        t: i32,
        stack: &mut Vec<(u64, Board)>,
        batch: &mut Vec<(u64, Board)>,
    ) -> Result<(), String> {
        const BATCH: usize = 128;
        /// Marks a predecessor of a board that joined W_t.
        const WON: u64 = 1 << 63;
        while !stack.is_empty() {
            if self.stop.load(Ordering::Relaxed) {
                // The layer is dropped: the rest of the propagation is moot.
                return Ok(());
            }
            batch.clear();
            while batch.len() < BATCH {
                let Some((r, board)) = stack.pop() else { break };
                let won = value_of(states[r as usize].load(Ordering::Relaxed)) as i8 > 0;
                let mark = if won { WON } else { 0 };
                unmover.predecessors(self.index, &board, self.seeds, |p, pred| {
                    prefetch(&states[p as usize]);
                    batch.push((p | mark, *pred));
                });
            }
            for (entry, pred) in batch.iter() {
                let p = (entry & !WON) as usize;
                let cell = &states[p];
                if entry & WON != 0 {
                    // One more move of p leads into W_t. Its counter only
                    // matters while p is undecided (a plain load is much
                    // cheaper than a locked update).
                    if value_of(cell.load(Ordering::Relaxed)) != UNDECIDED {
                        continue;
                    }
                    let old = cell.fetch_sub(COUNT_ONE, Ordering::Relaxed);
                    if count_of(old) == 0 {
                        return Err(format!(
                            "internal error: board {p} of layer {} has more same-layer moves \
                             than the forward pass counted",
                            self.seeds
                        ));
                    }
                    if count_of(old) == 1
                        && value_of(old) == UNDECIDED
                        && exit_of(old) as i32 <= -t
                        && decide(cell, -t as i8)
                    {
                        stack.push((p as u64, *pred));
                    }
                } else if decide(cell, t as i8) {
                    // p can move into L_t.
                    stack.push((p as u64, *pred));
                }
            }
        }
        Ok(())
    }

    /// Runs `work(start, end)` over `0..total` in chunks on every thread.
    fn chunks(&self, total: usize, work: &(dyn Fn(usize, usize) + Sync)) {
        let next = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| loop {
                    let start = next.fetch_add(CHUNK as u64, Ordering::Relaxed) as usize;
                    if start >= total || self.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    work(start, (start + CHUNK).min(total));
                });
            }
        });
    }

    /// Runs `work(start, part)` over the chunks of `values` on every thread.
    fn chunks_mut(&self, values: &mut [i8], work: &(dyn Fn(usize, &mut [i8]) + Sync)) {
        let parts = Mutex::new(values.chunks_mut(CHUNK).enumerate());
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| loop {
                    if self.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let next = parts.lock().unwrap_or_else(|e| e.into_inner()).next();
                    let Some((i, part)) = next else { break };
                    work(i * CHUNK, part);
                });
            }
        });
    }
}
