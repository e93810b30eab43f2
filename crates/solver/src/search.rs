//! Exact solving: MTD(f) over the future margin, with a shared
//! transposition table, endgame database probes and several threads.
//!
//! The value searched is the *future margin* of a position for the player to
//! move: the seeds they will still bring to their store minus the
//! opponent's, to the end of the game. When the rules end the game only when
//! the board runs out (no majority rule), this depends on the pits and the
//! side to move alone, so positions are searched with empty stores and keyed
//! by their rows: far more transpositions than with stores. Under the
//! majority rule the stores are part of the key.
//!
//! MTD(f) proves the value by a series of null-window tests, each narrowing
//! the interval `[lower, upper]`; the interval is reported after every test
//! (and can be saved, so an interrupted solve resumes from it).
//!
//! What makes it fast, measured on Kalah(6,4) (see docs/scaling.md):
//! - move order: the table's move, then extra turns (nearest the store
//!   first), then the biggest gains, then a history of which pits cut off
//!   (the history alone more than halves the nodes);
//! - children are generated first and their database values prefetched
//!   together, so the memory waits overlap; the others' table entries are
//!   asked for only when no database value ended the search (a probe of the
//!   table costs even ahead of time); the table's buckets are one cache
//!   line, in huge pages;
//! - a child is worth at least what the move gained less the seeds left
//!   on the board: when that reaches beta, the position cuts off before
//!   any probe;
//! - positions up to 3 seeds above the database skip the table (cheaper to
//!   search again than to miss the cache), and only positions 8 seeds
//!   above it look up their children's entries before searching them
//!   (enhanced transposition cutoffs);
//! - under the plain Kalah rules a position is searched as a board in one
//!   word, as the database build sows it ([`WordNode`]): the same tree as
//!   through [`Position`], a third faster;
//! - with several threads, a position whose first child did not cut off
//!   shares its other children with the waiting threads (young brothers
//!   wait, see [`split`]); the table is shared too.

use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Move, Position, Side, Variant};

use crate::kalah_db::{KalahDb, KalahDbEntry, Sown, WordSower};
use crate::tt::{Bounds, Key, SolverTable};

mod split;
use split::{SplitState, Splits};

/// How to solve.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Transposition table size in MiB.
    pub table_megabytes: usize,
    /// Threads searching together (sharing the table and split points).
    pub threads: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { table_megabytes: 1024, threads: 2 }
    }
}

/// Where a solve stands, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct SolveProgress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// The root's future margin for the player to move is at least this
    /// (proven).
    pub lower: i32,
    /// ... and at most this (proven).
    pub upper: i32,
}

/// The solved value of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// South's store minus North's at the end of the game under perfect play.
    pub margin: i32,
    /// The future margin for the player to move (from now on).
    pub future: i32,
    /// Every move that reaches the value.
    pub best_moves: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Why a [`Solver`] cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum SolverError {
    /// The variant cannot be solved (a repetition rule).
    #[error("{0}")]
    Unsupported(String),
    /// The endgame database is damaged.
    #[error(transparent)]
    Database(#[from] crate::layer_file::DbError),
    /// The transposition table's memory cannot be had.
    #[error("transposition table of {megabytes} MiB: {source}")]
    Table {
        /// The table's size asked for.
        megabytes: usize,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

/// The solve was stopped before it finished; the bounds proven so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// The root's future margin for the player to move is at least this.
    pub lower: i32,
    /// The root's future margin for the player to move is at most this.
    pub upper: i32,
}

struct Shared<'a> {
    v: &'a Variant,
    table: SolverTable,
    db: Option<&'a KalahDb>,
    keep_stores: bool,
    /// Positions with more seeds than this on the board try enhanced
    /// transposition cutoffs.
    etc_seeds: i32,
    /// Positions with this many seeds on the board or fewer skip the table:
    /// their subtrees are cheaper to search again than a memory access.
    table_seeds: i32,
    nodes: AtomicU64,
    /// Split points open to waiting threads (see [`split`]).
    splits: Splits,
    /// Positions with at least this many seeds on the board may be split
    /// points: below, a subtree is too small to share.
    split_seeds: i32,
    /// Sows positions held in one word, under the plain Kalah rules with the
    /// stores left out (see [`WordNode`]).
    sower: Option<WordSower>,
    /// Word boards are keyed by their bytes (rows of at most 6 pits: 96
    /// bits), not packed (see [`board_key`]).
    raw_keys: bool,
    stop: &'a AtomicBool,
    lower: AtomicI32,
    upper: AtomicI32,
}

impl Shared<'_> {
    /// Whether `p` is searched with the table: not in the pie rule's opening
    /// (whose key would not say so), and more seeds on the board than
    /// [`Shared::table_seeds`].
    #[inline]
    fn in_table(&self, p: &Position) -> bool {
        !(p.is_opening() || p.swap_offered())
            && (p.side_seeds(Side::South) + p.side_seeds(Side::North)) as i32 > self.table_seeds
    }

    /// The table key of `p`: its rows from the mover's side. Boards of up to
    /// 6 pits a side are their 12 bytes; of up to 8 pits a side with fewer
    /// than 64 seeds a pit, packed exactly into 96 bits, 6 bits a pit;
    /// others, positions whose stores matter and
    /// positions of rules with claimed pits (whose owners the rows do not
    /// show) are hashed.
    #[inline]
    fn key(&self, p: &Position) -> Key {
        let n = p.pits_per_side();
        let b = crate::layer_file::mover_board(p);
        let claims = self.v.rules().claim.count > 0;
        if !self.keep_stores && n <= 8 && !claims {
            let lo = u64::from_le_bytes(b[..8].try_into().unwrap());
            let hi = u64::from_le_bytes(b[8..16].try_into().unwrap());
            return board_key(lo, hi, n <= 6);
        }
        // Boards over 8 pits, or stores that matter: two independent 64-bit
        // hashes of the rows and the stores (mover's first), and under
        // claims who owns each pit of the same rows (0 nobody, 1 the mover,
        // 2 the opponent).
        let mover = p.to_move();
        let mut bytes = [0u8; 4 * mancala_core::MAX_PITS_PER_SIDE + 2];
        bytes[..2 * n].copy_from_slice(&b[..2 * n]);
        bytes[2 * n] = p.store(mover);
        bytes[2 * n + 1] = p.store(mover.opponent());
        let mut len = 2 * n + 2;
        if claims {
            for row in [mover, mover.opponent()] {
                for k in 0..n {
                    bytes[len] = match p.claim_owner(row, k) {
                        None => 0,
                        Some(owner) if owner == mover => 1,
                        Some(_) => 2,
                    };
                    len += 1;
                }
            }
        }
        Key::new(xxhash_rust::xxh3::xxh3_128(&bytes[..len]))
    }

    /// `p` as a [`WordNode`], if the rules are the plain Kalah ones and `p`
    /// is out of the pie rule's opening and not over.
    #[inline]
    fn word_node(&self, p: &Position) -> Option<WordNode> {
        if self.sower.is_none() || p.is_over() || p.is_opening() || p.swap_offered() {
            return None;
        }
        let b = crate::layer_file::mover_board(p);
        Some(WordNode { board: u128::from_le_bytes(b[..16].try_into().unwrap()), seeds: p.seeds() })
    }

    /// The position as searched: stores emptied when they cannot matter.
    /// They matter under the majority rule, and while the pie rule's swap is
    /// still to come (a swap trades the stores too).
    #[inline]
    fn normalized(&self, p: Position) -> Position {
        if self.keep_stores || p.is_over() || p.is_opening() || p.swap_offered() {
            p
        } else {
            p.without_stores()
        }
    }
}

/// An exact solver for one variant. Keeps its table between solves.
pub struct Solver<'a> {
    shared: Shared<'a>,
    threads: usize,
}

/// Moves searched per position at most: every pit plus the swap.
const MAX_CHILDREN: usize = mancala_core::MAX_MOVES;

impl<'a> Solver<'a> {
    /// A solver for `v`, using `db` where it covers a position. `stop` set
    /// from another thread (Ctrl-C) interrupts a solve. Panics where
    /// [`Solver::try_new`] returns an error (a variant with a repetition
    /// rule, or no memory for the table): for tests and examples; programs
    /// use [`Solver::try_new`].
    pub fn new(
        v: &'a Variant,
        db: Option<&'a KalahDb>,
        options: SolveOptions,
        stop: &'a AtomicBool,
    ) -> Solver<'a> {
        Solver::try_new(v, db, options, stop).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Solver::new`], or an error when `v` cannot be solved (see
    /// [`can_solve`]) or the transposition table's memory cannot be had.
    pub fn try_new(
        v: &'a Variant,
        db: Option<&'a KalahDb>,
        options: SolveOptions,
        stop: &'a AtomicBool,
    ) -> Result<Solver<'a>, SolverError> {
        can_solve(v).map_err(SolverError::Unsupported)?;
        if let Some(db) = db {
            // Every layer compared with its checksum before the search
            // reads it.
            db.check_all()?;
        }
        let keep_stores =
            v.rules().end.majority || v.rules().end.repetition != mancala_core::Repetition::None;
        let db = db.filter(|d| d.pits_per_side() == v.pits_per_side() && !keep_stores);
        let db_seeds = db.map(|d| d.max_seeds() as i32);
        Ok(Solver {
            shared: Shared {
                v,
                table: SolverTable::try_new(options.table_megabytes).map_err(|source| {
                    SolverError::Table { megabytes: options.table_megabytes, source }
                })?,
                db,
                keep_stores,
                etc_seeds: db_seeds.map_or(8, |k| k + 8),
                table_seeds: db_seeds.map_or(0, |k| k + 3),
                nodes: AtomicU64::new(0),
                splits: Splits::new(),
                split_seeds: db_seeds.map_or(12, |k| k + 6),
                sower: WordSower::new(v).filter(|_| !keep_stores),
                raw_keys: v.pits_per_side() <= 6,
                stop,
                lower: AtomicI32::new(0),
                upper: AtomicI32::new(0),
            },
            threads: options.threads.max(1),
        })
    }

    /// Solves `root`. `known` narrows the search with bounds proven before
    /// (a checkpoint); `progress` is called after every test and every few
    /// million nodes.
    pub fn solve(
        &self,
        root: &Position,
        known: Option<(i32, i32)>,
        progress: &(dyn Fn(SolveProgress) + Sync),
    ) -> Result<Solution, Interrupted> {
        self.solve_from(root, known, None, progress)
    }

    /// [`Solver::solve`] with a first guess of the root's future margin for
    /// the player to move (from a heuristic search, say): MTD(f) starts its
    /// tests there, and a good guess saves most of them.
    pub fn solve_from(
        &self,
        root: &Position,
        known: Option<(i32, i32)>,
        guess: Option<i32>,
        progress: &(dyn Fn(SolveProgress) + Sync),
    ) -> Result<Solution, Interrupted> {
        // No repetition rule here: refused by `Solver::try_new`.
        let s = &self.shared;
        let start = Instant::now();
        s.nodes.store(0, Ordering::Relaxed);
        let root_stores = root.store_margin();
        let mover = root.to_move();
        let seeds = (root.side_seeds(Side::South) + root.side_seeds(Side::North)) as i32;
        let (mut lower, mut upper) = known.unwrap_or((-seeds, seeds));
        lower = lower.max(-seeds);
        upper = upper.min(seeds);
        let report = |lower: i32, upper: i32| {
            progress(SolveProgress {
                nodes: s.nodes.load(Ordering::Relaxed),
                elapsed: start.elapsed(),
                lower,
                upper,
            })
        };
        let root = self.prepare(root);
        if root.is_over() {
            return Ok(Solution { margin: root_stores, future: 0, best_moves: vec![], nodes: 0 });
        }
        // MTD(f): each null-window test moves one bound to the value it
        // returns. From the fourth test in a row that moves the same bound,
        // steps grow (2, 4, 8, ...), so a poor guess costs a few tests, not
        // one per seed; a fair one costs no test beyond the plain MTD(f)
        // steps of one. A step too far is dear: a test that fails low near
        // the value is the costliest of a solve (Kalah(6,5): 25 minutes for
        // a test at 16 when the value is 12). A test the other way starts
        // the steps again.
        //
        // The test expected to close the solve (right after a test that
        // passed, one above it) is run move by move, and also finds the best
        // moves: see [`Solver::close`]. So is the first test at a guess: a
        // guess at the value then costs one pass over the root's moves, and
        // the proof that the value is reached fills the table before the
        // proof that it is not exceeded (Kalah(6,4), classic capture: 48.5 M
        // positions against 58.3 M for a first test one above the value).
        let mut beta = guess.unwrap_or((lower + upper).div_euclid(2));
        let (mut row, mut rising) = (0u32, None);
        let mut best = None;
        let mut at_guess = guess.is_some();
        while lower < upper {
            s.lower.store(lower, Ordering::Relaxed);
            s.upper.store(upper, Ordering::Relaxed);
            report(lower, upper);
            beta = beta.clamp(lower + 1, upper);
            let closing = rising == Some(true) && beta == lower + 1;
            let g = if at_guess || closing {
                // Move by move at the guess, unless the guess is just above
                // a bound proven: then this is the closing test.
                let value = if closing || beta == lower + 1 { lower } else { beta };
                at_guess = false;
                match self.close(&root, value, &start, progress) {
                    None => return Err(Interrupted { lower, upper }),
                    Some(Closed::Best(moves)) => {
                        best = Some(moves);
                        lower = value;
                        upper = value;
                        break;
                    }
                    Some(Closed::Above(g)) | Some(Closed::Below(g)) => g,
                }
            } else {
                // Each test starts with no history (carrying it over did not
                // pay).
                let histories = &mut vec![[0; 16]; self.threads];
                self.test(&root, None, beta, histories, &start, progress)
                    .ok_or(Interrupted { lower, upper })?
            };
            let up = g >= beta;
            if up {
                lower = g.clamp(lower, upper);
            } else {
                upper = g.clamp(lower, upper);
            }
            row = if rising == Some(up) { row + 1 } else { 1 };
            rising = Some(up);
            let step = 1 << row.saturating_sub(3).min(20);
            beta = if up { lower + step } else { upper + 1 - step };
        }
        s.lower.store(lower, Ordering::Relaxed);
        s.upper.store(upper, Ordering::Relaxed);
        report(lower, upper);
        let future = lower;
        let best_moves = match best {
            Some(moves) => moves,
            None => self
                .best_moves(&root, future, &start, progress)
                .ok_or(Interrupted { lower, upper })?,
        };
        let margin = root_stores + if mover == Side::South { future } else { -future };
        Ok(Solution { margin, future, best_moves, nodes: s.nodes.load(Ordering::Relaxed) })
    }

    /// The root as searched: stores emptied when they do not matter.
    fn prepare(&self, p: &Position) -> Position {
        self.shared.normalized(*p)
    }

    /// The root's value against `value`, run move by move: each move is
    /// tested against `value` first, and only the moves that reach it
    /// against `value + 1`. A move that falls short of `value` falls short
    /// of `value + 1` too, so when no move reaches `value + 1` but one
    /// reaches `value` this proves the value and, at the same time, which
    /// moves reach it: [`Closed::Best`]. Otherwise [`Closed::Above`] (what a
    /// move reached, above `value`) or [`Closed::Below`] (no move reaches
    /// `value`: the most any can). Run when the root is known to reach
    /// `value`, this is the test at `value + 1` followed by
    /// [`Solver::best_moves`], without refuting the other moves twice
    /// (against `value + 1` and then against `value`). `None` if stopped.
    fn close(
        &self,
        root: &Position,
        value: i32,
        start: &Instant,
        progress: &(dyn Fn(SolveProgress) + Sync),
    ) -> Option<Closed> {
        let s = &self.shared;
        let mut moves: Vec<Move> = root.legal_moves(s.v).iter().collect();
        // The move the last test found first: it is the likeliest to go
        // higher.
        let found = s.in_table(root).then(|| s.table.get(s.key(root))).flatten();
        if let Some(pit) = found.and_then(|b| b.best) {
            if let Some(i) = moves.iter().position(|&m| m == Move::Sow(pit)) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut best = Vec::new();
        let mut below = i32::MIN;
        // One history of cutoffs through all the moves' tests, as in one
        // search of the root.
        let histories = &mut vec![[0; 16]; self.threads];
        for mv in moves {
            let mut g = self.test(root, Some(mv), value, histories, start, progress)?;
            if g < value {
                below = below.max(g);
                continue;
            }
            if g == value {
                g = self.test(root, Some(mv), value + 1, histories, start, progress)?;
            }
            if g > value {
                return Some(Closed::Above(g));
            }
            best.push(mv);
        }
        if best.is_empty() {
            return Some(Closed::Below(below));
        }
        // In move order, as `best_moves` gives them.
        let legal = root.legal_moves(s.v);
        best.sort_by_key(|&m| legal.iter().position(|l| l == m));
        Some(Closed::Best(best))
    }

    /// One null-window test against `beta` of the root's value, or with
    /// `only` of the value of that root move. The first thread searches;
    /// the others wait for split points (see [`split`]). Fail-soft. `None`
    /// if stopped.
    /// `histories`: each thread's history of cutoffs, to start from and
    /// updated (one per thread).
    fn test(
        &self,
        root: &Position,
        only: Option<Move>,
        beta: i32,
        histories: &mut [[u32; 16]],
        start: &Instant,
        progress: &(dyn Fn(SolveProgress) + Sync),
    ) -> Option<i32> {
        let done = AtomicBool::new(false);
        let result = AtomicI32::new(i32::MIN);
        let splits = &self.shared.splits;
        splits.idle.store(self.threads - 1, Ordering::Relaxed);
        std::thread::scope(|scope| {
            for (t, history) in histories.iter_mut().enumerate().take(self.threads) {
                let (done, result) = (&done, &result);
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        let mut w =
                            Worker::new(&self.shared, done, t == 0, *history, start, progress);
                        // The test is done when the first thread ends, by a
                        // panic too: the others must not wait for it forever.
                        let _done = (t == 0).then(|| SetOnDrop(done));
                        if t > 0 {
                            // Wait for split points until the test is done.
                            while !w.stopped() {
                                w.help_once(None);
                            }
                            w.flush();
                            *history = w.history;
                            return;
                        }
                        let g = match only {
                            None => Node::search(&mut w, root, beta - 1, beta),
                            Some(mv) => {
                                let mover = root.to_move();
                                let mut child = *root;
                                child.play_unchecked(self.shared.v, mv);
                                let gain = gain_for(mover, root, &child);
                                let child = self.prepare(&child);
                                w.child_value(mover, &child, gain, beta - 1, beta)
                            }
                        };
                        w.flush();
                        *history = w.history;
                        if !w.aborted {
                            result.store(g, Ordering::Relaxed);
                        }
                    })
                    .expect("spawn a solver thread");
            }
        });
        splits.idle.store(0, Ordering::Relaxed);
        let g = result.load(Ordering::Relaxed);
        (g != i32::MIN).then_some(g)
    }

    /// Every root move whose value reaches `future`. The threads take the
    /// moves one at a time.
    fn best_moves(
        &self,
        root: &Position,
        future: i32,
        start: &Instant,
        progress: &(dyn Fn(SolveProgress) + Sync),
    ) -> Option<Vec<Move>> {
        let s = &self.shared;
        let mover = root.to_move();
        let moves = root.legal_moves(s.v);
        let reaches: Vec<AtomicBool> = moves.iter().map(|_| AtomicBool::new(false)).collect();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let done = AtomicBool::new(false);
        let aborted = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for t in 0..self.threads.min(moves.len()) {
                let (moves, reaches, next, done, aborted) =
                    (&moves, &reaches, &next, &done, &aborted);
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(mv) = moves.iter().nth(i) else { break };
                        let mut child = *root;
                        child.play_unchecked(s.v, mv);
                        let gain = gain_for(mover, root, &child);
                        let mut w = Worker::new(s, done, t == 0, [0; 16], start, progress);
                        let child = self.prepare(&child);
                        let value = w.child_value(mover, &child, gain, future - 1, future);
                        w.flush();
                        if w.aborted {
                            aborted.store(true, Ordering::Relaxed);
                            break;
                        }
                        reaches[i].store(value >= future, Ordering::Relaxed);
                    })
                    .expect("spawn a solver thread");
            }
        });
        if aborted.load(Ordering::Relaxed) {
            return None;
        }
        Some(
            moves
                .iter()
                .zip(&reaches)
                .filter(|(_, r)| r.load(Ordering::Relaxed))
                .map(|(mv, _)| mv)
                .collect(),
        )
    }

    /// One null-window test of `p`'s future margin for its mover (`p` not
    /// over) against `beta`, fail-soft, as MTD(f) runs them: a job of a
    /// solve spread over processes (`solve_cluster`). `None` if stopped.
    /// Its nodes are added to [`Solver::nodes`].
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub(crate) fn test_position(&self, p: &Position, beta: i32) -> Option<i32> {
        let p = self.prepare(p);
        let histories = &mut vec![[0; 16]; self.threads];
        self.test(&p, None, beta, histories, &Instant::now(), &|_| {})
    }

    /// Nodes searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }
}

/// What [`Solver::close`] proved of the root's value against a value.
enum Closed {
    /// The root's value is the one tested; these moves reach it.
    Best(Vec<Move>),
    /// A move reaches this, above the value tested.
    Above(i32),
    /// No move reaches the value tested: the root's value is at most this.
    Below(i32),
}

/// Sets its flag when dropped (at the end of a scope, or by a panic).
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Whether [`Solver::solve`] can solve games of `v`.
pub fn can_solve(v: &Variant) -> Result<(), String> {
    if v.bonus_pits() > 0 {
        return Err(format!(
            "{} gives bonus takes after a capture (capture.bonus_pits), which `solve`'s tables \
             do not hold (a position's takes due); it solves only rules whose moves are sowings",
            v.name()
        ));
    }
    if v.has_end_pits() {
        return Err(format!(
            "{} has end pits on the ring (board.end_pits), which `solve`'s tables do not hold; \
             it solves only rules whose pits are the two rows",
            v.name()
        ));
    }
    if v.rules().stores_may_shrink() {
        return Err(format!(
            "{} refills an empty row from its owner's store (turn.refill_empty_row): a store's \
             seeds are then no bound on the score and a position's value depends on the \
             stores, which `solve` leaves out; it solves only rules whose stores never shrink",
            v.name()
        ));
    }
    if v.rules().end.repetition != mancala_core::Repetition::None {
        return Err(format!(
            "{} ends cycles by repetition, which makes a position's value depend on the moves \
             before it; `solve` searches variants without the repetition rule (the Kalah \
             family), and reads games under awari's rule from the endgame database",
            v.name()
        ));
    }
    Ok(())
}

/// The table key of a board of at most 8 pits a side (the mover's row in
/// the low bytes of `lo`, stores left out): with `raw` (at most 6 pits a
/// side, 96 bits), the bytes themselves; else packed exactly, 6 bits a pit,
/// when every pit holds fewer than 64 seeds, else the bytes themselves
/// (hashed into 96 bits).
#[inline(always)]
fn board_key(lo: u64, hi: u64, raw: bool) -> Key {
    if !raw && (lo | hi) & 0xc0c0_c0c0_c0c0_c0c0 == 0 {
        Key::new((pack6(hi) as u128) << 48 | pack6(lo) as u128)
    } else {
        Key::new((hi as u128) << 64 | lo as u128)
    }
}

/// Asks the memory for the table entries of `kids`.
#[inline(always)]
fn prefetch_tables<N: Node>(s: &Shared, kids: &[Kid<N>]) {
    for k in kids {
        if let Some(key) = k.child.table_key(s) {
            s.table.prefetch(key);
        }
    }
}

/// Packs eight bytes below 64 into 48 bits, 6 bits each, in order.
#[inline(always)]
fn pack6(x: u64) -> u64 {
    let x = (x & 0x003f_003f_003f_003f) | (x & 0x3f00_3f00_3f00_3f00) >> 2;
    let x = (x & 0x0000_0fff_0000_0fff) | (x & 0x0fff_0000_0fff_0000) >> 4;
    (x & 0x00ff_ffff) | (x & 0x00ff_ffff_0000_0000) >> 8
}

/// Seeds the mover gained over the opponent in stores from `before` to `after`.
#[inline]
fn gain_for(mover: Side, before: &Position, after: &Position) -> i32 {
    let d = after.store_margin() - before.store_margin();
    if mover == Side::South {
        d
    } else {
        -d
    }
}

/// A position as the search sees it: a [`Position`], or, under the plain
/// Kalah rules, a [`WordNode`] (a board in one word: cheaper to sow, key and
/// rank). Both list the same moves in the same order and give the same
/// keys, so the search visits the same tree either way.
trait Node: Copy + Sync {
    /// Seeds on the board.
    fn seeds(&self) -> i32;
    /// The table key, if the position is searched with the table (see
    /// [`Shared::in_table`]).
    fn table_key(&self, s: &Shared) -> Option<Key>;
    /// Where the database holds the position's value, if it does.
    fn locate(&self, db: &KalahDb) -> Option<KalahDbEntry>;
    /// Plays every legal move in order and calls `f(move, gain, child,
    /// again)`: the seeds the mover gained in stores, the child (`None` when
    /// the game is over: `gain` is then the mover's final margin from here),
    /// and whether the mover moves again. Stops when `f` returns true.
    fn for_each_move(&self, s: &Shared, f: impl FnMut(Move, i32, Option<Self>, bool) -> bool);
    /// Searches `child` (not over) for its mover.
    fn search(w: &mut Worker, child: &Self, alpha: i32, beta: i32) -> i32;
}

impl Node for Position {
    #[inline]
    fn seeds(&self) -> i32 {
        (self.side_seeds(Side::South) + self.side_seeds(Side::North)) as i32
    }

    #[inline]
    fn table_key(&self, s: &Shared) -> Option<Key> {
        s.in_table(self).then(|| s.key(self))
    }

    #[inline]
    fn locate(&self, db: &KalahDb) -> Option<KalahDbEntry> {
        db.locate(self)
    }

    #[inline]
    fn for_each_move(&self, s: &Shared, mut f: impl FnMut(Move, i32, Option<Self>, bool) -> bool) {
        let mover = self.to_move();
        for mv in self.legal_moves(s.v).iter() {
            let mut child = *self;
            child.play_unchecked(s.v, mv);
            let gain = gain_for(mover, self, &child);
            let child = s.normalized(child);
            let stop = if child.is_over() {
                f(mv, gain, None, false)
            } else {
                f(mv, gain, Some(child), child.to_move() == mover)
            };
            if stop {
                return;
            }
        }
    }

    /// A position out of the pie rule's opening, under the plain Kalah
    /// rules, is searched as a [`WordNode`].
    #[inline]
    fn search(w: &mut Worker, child: &Self, alpha: i32, beta: i32) -> i32 {
        match w.s.word_node(child) {
            Some(word) => w.search(&word, alpha, beta),
            None => w.search(child, alpha, beta),
        }
    }
}

/// A position of the plain Kalah rules (see [`WordSower`]) with the stores
/// left out, as the database holds it: the mover's row then the opponent's,
/// one byte a pit, in one word.
#[derive(Clone, Copy)]
struct WordNode {
    board: u128,
    seeds: i32,
}

impl Node for WordNode {
    #[inline(always)]
    fn seeds(&self) -> i32 {
        self.seeds
    }

    #[inline(always)]
    fn table_key(&self, s: &Shared) -> Option<Key> {
        if self.seeds <= s.table_seeds {
            return None;
        }
        Some(board_key(self.board as u64, (self.board >> 64) as u64, s.raw_keys))
    }

    #[inline(always)]
    fn locate(&self, db: &KalahDb) -> Option<KalahDbEntry> {
        db.locate_word(self.board, self.seeds as usize)
    }

    #[inline(always)]
    fn for_each_move(&self, s: &Shared, mut f: impl FnMut(Move, i32, Option<Self>, bool) -> bool) {
        let Some(sower) = &s.sower else {
            unreachable!("word nodes are made only with a sower");
        };
        for pit in sower.pits(self.board) {
            // One call of `f`, so that it is inlined here.
            let (gain, child, again) = match sower.sow(self.board, pit, self.seeds as usize) {
                Sown::Over(margin) => (margin, None, false),
                Sown::Board { gain, again, left, board } => {
                    (gain, Some(WordNode { board, seeds: left as i32 }), again)
                }
            };
            if f(Move::Sow(pit as u8), gain, child, again) {
                return;
            }
        }
    }

    #[inline(always)]
    fn search(w: &mut Worker, child: &Self, alpha: i32, beta: i32) -> i32 {
        w.search(child, alpha, beta)
    }
}

/// A child of a searched position, waiting its turn.
#[derive(Clone, Copy)]
struct Kid<N> {
    child: N,
    /// Seeds the mover gained in stores by the move.
    gain: i32,
    /// The mover moves again.
    again: bool,
    /// Search order, highest first.
    order: i64,
    mv: Move,
}

/// A child of a searched position whose value the database holds: settled
/// without a search once its value, asked for while the other children are
/// generated, has come.
#[derive(Clone, Copy)]
struct Known<'d> {
    /// Seeds the mover gained in stores by the move.
    gain: i32,
    /// The mover moves again.
    again: bool,
    mv: Move,
    /// The child's value in the database (located once, when asked for).
    value: &'d u8,
}

impl Known<'_> {
    /// The child's value `future` (for its own mover) as the parent's mover
    /// sees it.
    #[inline]
    fn for_mover(&self, future: i32) -> i32 {
        if self.again {
            self.gain + future
        } else {
            self.gain - future
        }
    }
}

/// The children of one position, on the stack: only the children pushed
/// are written (filling all [`MAX_CHILDREN`] slots, some 2 KiB, at every
/// node would cost more than generating the children).
type Kids<N> = ArrayVec<Kid<N>, MAX_CHILDREN>;

struct Worker<'a, 'b> {
    s: &'b Shared<'a>,
    done: &'b AtomicBool,
    /// Nodes this thread searched, and how many of them are in the shared
    /// count.
    nodes: u64,
    flushed: u64,
    aborted: bool,
    /// This thread reports progress.
    reporter: bool,
    /// The split point whose children's subtree this thread is searching
    /// (null when none): searches stop when it or one above is cut off.
    sp: *const SplitState,
    /// Cutoffs by pit (from the mover's left), weighted by the seeds left:
    /// orders the moves that are not extra turns.
    history: [u32; 16],
    start: &'b Instant,
    progress: &'b (dyn Fn(SolveProgress) + Sync),
}

impl<'a, 'b> Worker<'a, 'b> {
    fn new(
        s: &'b Shared<'a>,
        done: &'b AtomicBool,
        reporter: bool,
        history: [u32; 16],
        start: &'b Instant,
        progress: &'b (dyn Fn(SolveProgress) + Sync),
    ) -> Worker<'a, 'b> {
        Worker {
            s,
            done,
            nodes: 0,
            flushed: 0,
            aborted: false,
            reporter,
            sp: std::ptr::null(),
            history,
            start,
            progress,
        }
    }

    /// Whether the solve was stopped or the test is done.
    #[inline]
    fn stopped(&self) -> bool {
        self.s.stop.load(Ordering::Relaxed) || self.done.load(Ordering::Relaxed)
    }

    /// Counts a cutoff by `mv` at a position with `seeds` on the board in
    /// the history that orders moves.
    #[inline]
    fn record_cutoff(&mut self, mv: Move, seeds: i32) {
        if let Move::Sow(pit) = mv {
            let h = &mut self.history[pit as usize & 15];
            *h = h.saturating_add((seeds * seeds) as u32);
        }
    }

    /// Adds the nodes searched since the last flush to the shared count.
    fn flush(&mut self) {
        self.s.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// The value of a root's child for the player who moved into it, within
    /// `(alpha, beta)` (fail-soft).
    fn child_value(
        &mut self,
        mover: Side,
        child: &Position,
        gain: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.is_over() {
            gain
        } else {
            self.value_after(child, gain, child.to_move() == mover, alpha, beta)
        }
    }

    /// The value of a child (not over) for the mover who moved into it
    /// with `gain` seeds gained (`again`: and moves again), within
    /// `(alpha, beta)` (fail-soft).
    #[inline]
    fn value_after<N: Node>(
        &mut self,
        child: &N,
        gain: i32,
        again: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if again {
            gain + N::search(self, child, alpha - gain, beta - gain)
        } else {
            gain - N::search(self, child, gain - beta, gain - alpha)
        }
    }

    /// Every 4,096 positions: whether the solve was stopped or the test is
    /// done, and every 4 M positions the progress reported. Out of line, so
    /// that the search's registers are not spent on it.
    #[cold]
    #[inline(never)]
    fn tick(&mut self) {
        let s = self.s;
        if self.stopped() {
            self.aborted = true;
        }
        if self.nodes & 0x3f_ffff == 0 {
            self.flush();
            if self.reporter {
                (self.progress)(SolveProgress {
                    nodes: s.nodes.load(Ordering::Relaxed),
                    elapsed: self.start.elapsed(),
                    lower: s.lower.load(Ordering::Relaxed),
                    upper: s.upper.load(Ordering::Relaxed),
                });
            }
        }
    }

    /// Fail-soft alpha-beta on the future margin of `p` (not over) for its
    /// mover.
    fn search<N: Node>(&mut self, p: &N, mut alpha: i32, mut beta: i32) -> i32 {
        let s = self.s;
        self.nodes += 1;
        if !self.sp.is_null() && SplitState::cut_above(self.sp) {
            self.aborted = true;
        }
        if self.nodes & 0xfff == 0 {
            self.tick();
        }
        if self.aborted {
            return 0;
        }
        let seeds = p.seeds();
        if let Some(db) = s.db {
            if let Some(at) = p.locate(db) {
                return *db.traced_ref(at) as i8 as i32;
            }
        }
        // The future margin lies within the seeds left on the board.
        if -seeds >= beta {
            return -seeds;
        }
        if seeds <= alpha {
            return seeds;
        }
        let key = p.table_key(s);
        let mut tt_best = None;
        if let Some(key) = key {
            if let Some(b) = s.table.get(key) {
                if b.lower >= beta {
                    return b.lower;
                }
                if b.upper <= alpha {
                    return b.upper;
                }
                if b.lower == b.upper {
                    return b.lower;
                }
                alpha = alpha.max(b.lower);
                beta = beta.min(b.upper);
                tt_best = b.best;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let nodes_before = self.nodes;

        // Children, best first: the table's move, then extra turns and big
        // gains.
        // Children whose value is known without a search (game over, or in
        // the endgame database) are settled here; a known child at or above
        // beta ends the search at once.
        let mut kids = Kids::new();
        let mut known = ArrayVec::<Known<'_>, MAX_CHILDREN>::new();
        let mut best = i32::MIN;
        let mut best_move = None;
        let settle = |value: i32, mv: Move, best: &mut i32, best_move: &mut Option<u8>| {
            if value > *best {
                *best = value;
                *best_move = match mv {
                    Move::Sow(k) => Some(k),
                    Move::Directed(..) | Move::Swap | Move::Take(_) => None,
                };
            }
        };
        // First pass: play every move, settle finished games, and ask the
        // memory for every child's database value, so the waits overlap.
        let history = &self.history;
        let (mut first, mut first_order) = (0, 0);
        p.for_each_move(s, |mv, gain, child, again| {
            let Some(child) = child else {
                settle(gain, mv, &mut best, &mut best_move);
                return best >= beta;
            };
            // Every child is worth at least its gain less the seeds left on
            // the board: when that reaches beta, so does this position,
            // without a probe.
            let floor = gain - child.seeds();
            if floor >= beta {
                settle(floor, mv, &mut best, &mut best_move);
                return true;
            }
            if let Some(value) = s.db.and_then(|db| child.locate(db).map(|at| db.traced_ref(at))) {
                mancala_core::prefetch(value);
                known.push(Known { gain, again, mv, value });
                return false;
            }
            let tt = matches!((tt_best, mv), (Some(b), Move::Sow(k)) if b == k);
            // Extra turns first, the one nearest the store first (it leaves
            // the others available), then the biggest gains.
            let pit = match mv {
                Move::Sow(k) | Move::Directed(k, _) => k as i32,
                Move::Swap | Move::Take(_) => 0,
            };
            let order = if tt { 1 << 62 } else { 0 }
                + if again { (64 + pit as i64) << 52 } else { 0 }
                + ((gain as i64 + 64) << 40)
                + history[pit as usize & 15] as i64;
            // The first child to search is the one of highest order (the
            // first such).
            if kids.is_empty() || order > first_order {
                (first, first_order) = (kids.len(), order);
            }
            kids.push(Kid { child, gain, again, order, mv });
            false
        });
        if best >= beta {
            return best;
        }
        // The first child's table entry is asked for now, so that its wait
        // overlaps those of the database values (read below).
        if let Some(key) = kids.get(first).and_then(|k| k.child.table_key(s)) {
            s.table.prefetch(key);
        }
        // Second pass: children the database covers are settled without a
        // search; one at or above beta ends the search at once.
        for k in &known {
            settle(k.for_mover(*k.value as i8 as i32), k.mv, &mut best, &mut best_move);
            if best >= beta {
                return best;
            }
        }
        let kids = kids.as_mut_slice();
        let count = kids.len();
        // Only now, when no child the database holds ended the search, are
        // the others' table entries asked for (a probe of a large table is
        // dear even ahead of time: it misses the TLB), and only where they
        // are all read at once (enhanced transposition cutoffs, below):
        // most positions cut off on their first child, so the entries of
        // the others are asked for only when it did not.
        let etc = seeds > s.etc_seeds;
        if etc {
            prefetch_tables(s, kids);
        }
        if best > alpha {
            alpha = best;
        }
        // Enhanced transposition cutoff: a child whose proven bound already
        // lifts this position to beta ends the search here, before any child
        // is searched. Worth its extra probes only far from the leaves.
        if etc {
            for k in kids.iter() {
                if let Some(b) = k.child.table_key(s).and_then(|key| s.table.get(key)) {
                    let floor = if k.again { k.gain + b.lower } else { k.gain - b.upper };
                    if floor >= beta {
                        return floor;
                    }
                }
            }
        }
        // The first child alone; the others are sorted (and their table
        // entries asked for) only if it does not cut off, as most positions
        // do. A stable sort of the rest after moving the first to the front
        // keeps the order of a sort of them all. Then, if a thread is
        // waiting, the others at a split point shared with it (see
        // [`split`]).
        for i in 0..count {
            if i == 1 {
                kids[..=first].rotate_right(1);
                if !etc {
                    prefetch_tables(s, &kids[1..]);
                }
                kids[1..].sort_by_key(|k| std::cmp::Reverse(k.order));
            }
            if i > 0 && self.should_split(seeds, count - i) {
                let (value, pit) = self.split(&kids[i..], alpha, beta, seeds);
                if value > best {
                    best = value;
                    best_move = pit.or(best_move);
                }
                break;
            }
            let k = kids[if i == 0 { first } else { i }];
            let value = self.value_after(&k.child, k.gain, k.again, alpha, beta);
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
                if let Move::Sow(pit) = k.mv {
                    best_move = Some(pit);
                }
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                self.record_cutoff(k.mv, seeds);
                break;
            }
        }
        if self.aborted {
            return 0;
        }
        if let Some(key) = key {
            let work = (64 - (self.nodes - nodes_before).leading_zeros()) as u8;
            // The bounds stored so far, narrowed by this search's (the
            // bucket read once).
            s.table.update(key, |old| {
                let (mut lower, mut upper) = old.map_or((-seeds, seeds), |b| (b.lower, b.upper));
                if best <= alpha0 {
                    upper = upper.min(best);
                } else if best >= beta0 {
                    lower = lower.max(best);
                } else {
                    lower = best;
                    upper = best;
                }
                if lower > upper {
                    // A stale entry from a torn or replaced slot: trust this search.
                    (lower, upper) = if best <= alpha0 { (-seeds, best) } else { (best, seeds) };
                }
                Bounds { lower, upper, best: best_move, work }
            });
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two boards that differ only by 64 seeds in a pit: the bytes keep
    /// them apart; the packing is used only below 64 seeds a pit, and is
    /// exact there.
    #[test]
    fn board_keys_keep_boards_apart() {
        let (lo, hi) = (0x0000_0103_0000_0004u64, 0x0000_0002u64);
        let big = lo + (64 << 8);
        assert_ne!(board_key(lo, hi, true), board_key(big, hi, true));
        assert_ne!(board_key(lo, hi, false), board_key(big, hi, false));
        assert_eq!(board_key(lo, hi, true), Key::new((hi as u128) << 64 | lo as u128));
        assert_eq!(pack6(lo), 4 | 3 << 24 | 1 << 30);
    }
}
