//! Several threads on one test: young brothers wait (YBWC).
//!
//! One thread starts each test at the root; the others wait. A thread that
//! has searched the first child of a position without a cutoff (so the
//! position is likely an ALL node, whose every child must be searched) and
//! sees a waiting thread opens a *split point*: the position's remaining
//! children, which every thread at the split point then takes one at a time.
//! A child that reaches beta cuts the split point off: every thread in its
//! children's subtrees stops and comes back.
//!
//! The thread that opened a split point waits, once its children are all
//! taken, for the others to finish theirs; while it waits it helps at split
//! points opened below its own ("helpful master"), so it is never idle for
//! long and never joins a search whose end it cannot wait for.
//!
//! Unlike ABDADA (both threads search the first child of every position and
//! put off what the other is in), no position is searched twice on purpose:
//! on Kalah(6,4) two threads search about the nodes of one (see
//! docs/scaling.md).
//!
//! Every search is a null-window test, so a split point's window never
//! narrows: it is the window its position was searched with.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::Mutex;

use mancala_core::Move;

use super::{Kid, Node, Worker, MAX_CHILDREN};

/// What every split point shares, whatever its positions' type: the chain
/// to the split points above it, the next child to take, the best value
/// found and whether it is cut off.
pub(super) struct SplitState {
    /// The split point whose children's subtree this one is in, or null.
    /// It outlives this one: its children cannot all be done while a
    /// split point below them is open.
    parent: *const SplitState,
    /// The next child to take.
    next: AtomicUsize,
    /// Children at the split point.
    count: usize,
    /// A child reached beta: no more children are taken, and the searches
    /// in the children's subtrees stop.
    cut: AtomicBool,
    /// The best value found, with its pit (see [`pack_best`]).
    best: AtomicI64,
    /// Threads other than the owner working here.
    helpers: AtomicUsize,
}

// SAFETY: `parent` is only read, and points to a split point that outlives
// this one (see there); everything else is atomic.
unsafe impl Sync for SplitState {}

impl SplitState {
    /// Whether this split point or one above it is cut off.
    #[inline]
    pub(super) fn cut_above(mut at: *const SplitState) -> bool {
        // SAFETY: a worker's split point and those above it outlive the
        // worker's search in their subtrees (see `parent`).
        while let Some(sp) = unsafe { at.as_ref() } {
            if sp.cut.load(Ordering::Relaxed) {
                return true;
            }
            at = sp.parent;
        }
        false
    }

    /// Whether `below` is this split point or lies in its subtree.
    fn holds(&self, mut below: *const SplitState) -> bool {
        // SAFETY: as in `cut_above`.
        while let Some(sp) = unsafe { below.as_ref() } {
            if std::ptr::eq(sp, self) {
                return true;
            }
            below = sp.parent;
        }
        false
    }

    fn offer(&self, value: i32, mv: Move) {
        self.best.fetch_max(pack_best(value, mv), Ordering::AcqRel);
    }

    fn open(&self) -> bool {
        !self.cut.load(Ordering::Relaxed) && self.next.load(Ordering::Relaxed) < self.count
    }
}

/// A value and its move in one integer whose order is the value's.
fn pack_best(value: i32, mv: Move) -> i64 {
    let pit = match mv {
        // No variant the solver takes has a direction to choose (they have
        // ring stores, see `can_solve`): its pit stands for it.
        Move::Sow(k) | Move::Directed(k, _) => k as i64 + 1,
        // Nor bonus takes (refused by `can_solve`).
        Move::Swap | Move::Take(_) => 0,
    };
    (value as i64) << 8 | pit
}

fn unpack_best(packed: i64) -> (i32, Option<u8>) {
    let pit = (packed & 0xff) as u8;
    ((packed >> 8) as i32, pit.checked_sub(1))
}

/// A split point: a position's children still to search, shared.
pub(super) struct Split<N> {
    state: SplitState,
    kids: [Kid<N>; MAX_CHILDREN],
    alpha: i32,
    beta: i32,
    /// Seeds on the board at the position (weights the history).
    seeds: i32,
}

/// Work another thread can join: a split point of any position type.
pub(super) trait Help: Sync {
    fn state(&self) -> &SplitState;
    /// Takes children until none are left or the split point is cut off.
    fn help(&self, w: &mut Worker);
}

impl<N: Node> Help for Split<N> {
    fn state(&self) -> &SplitState {
        &self.state
    }

    fn help(&self, w: &mut Worker) {
        w.work_at(self);
    }
}

/// A registered split point. Only dereferenced under the registry's lock, by
/// a thread counted in its helpers (see [`Splits::join`]), or as a parent by
/// a thread working below it.
#[derive(Clone, Copy)]
struct Open(*const dyn Help);

// SAFETY: split points are shared between the solver's threads on purpose;
// their shared parts are atomics, and the rest is written before they are
// registered (under the registry's lock) and only read after.
unsafe impl Send for Open {}

/// The open split points, and the threads waiting for work.
pub(super) struct Splits {
    open: Mutex<Vec<Open>>,
    /// Split points in `open` (read without the lock by waiting threads).
    count: AtomicUsize,
    /// Threads waiting for work: a searching thread opens a split point
    /// only when one is.
    pub(super) idle: AtomicUsize,
}

impl Splits {
    pub(super) fn new() -> Splits {
        Splits {
            // More than the split points open at once in practice (one per
            // thread and level of nesting), so opening one does not allocate.
            open: Mutex::new(Vec::with_capacity(64)),
            count: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
        }
    }

    fn add(&self, sp: &dyn Help) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY (of the transmute): only the lifetime is erased; the split
        // point is removed from the registry before it goes out of scope.
        let p: *const (dyn Help + 'static) = unsafe { std::mem::transmute(sp as *const dyn Help) };
        open.push(Open(p));
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    fn remove(&self, sp: &SplitState) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: registered split points are alive (removed before they end).
        if let Some(i) = open.iter().position(|o| std::ptr::eq(unsafe { (*o.0).state() }, sp)) {
            open.swap_remove(i);
            self.count.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// An open split point with children left, in the subtree of `within`
    /// if given, joined: counted in its helpers, so it stays alive until
    /// the joiner's [`Leave`] is dropped.
    fn join(&self, within: Option<&SplitState>) -> Option<Open> {
        if self.count.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.iter()
            .copied()
            // SAFETY: registered split points are alive.
            .find(|o| {
                let st = unsafe { (*o.0).state() };
                st.open() && within.is_none_or(|w| w.holds(st))
            })
            .inspect(|o| {
                // SAFETY: as above; counted before the lock is released.
                unsafe { (*o.0).state() }.helpers.fetch_add(1, Ordering::Relaxed);
            })
    }
}

impl Worker<'_, '_> {
    /// Whether a position with `seeds` on the board, its first child
    /// searched, should open a split point for its `left` other children.
    #[inline]
    pub(super) fn should_split(&self, seeds: i32, left: usize) -> bool {
        left >= 2 && seeds >= self.s.split_seeds && self.s.splits.idle.load(Ordering::Relaxed) > 0
    }

    /// Searches `kids` (the children of a position after its first, in
    /// order) with the waiting threads, within `(alpha, beta)`. The best
    /// value and its pit; with the worker aborted if the search was stopped
    /// or a split point above cut off. Out of line: most positions are no
    /// split point.
    #[inline(never)]
    pub(super) fn split<N: Node>(
        &mut self,
        kids: &[Kid<N>],
        alpha: i32,
        beta: i32,
        seeds: i32,
    ) -> (i32, Option<u8>) {
        let mut slots = [kids[0]; MAX_CHILDREN];
        slots[..kids.len()].copy_from_slice(kids);
        let sp = Split {
            state: SplitState {
                parent: self.sp,
                next: AtomicUsize::new(0),
                count: kids.len(),
                cut: AtomicBool::new(false),
                best: AtomicI64::new(i64::MIN),
                helpers: AtomicUsize::new(0),
            },
            kids: slots,
            alpha,
            beta,
            seeds,
        };
        let splits = &self.s.splits;
        splits.add(&sp);
        // Declared after `sp`, so dropped before it: closes it on a panic.
        let _closing = Closing { splits, state: &sp.state };
        self.work_at(&sp);
        splits.remove(&sp.state);
        // Wait for the helpers, helping below meanwhile.
        splits.idle.fetch_add(1, Ordering::Relaxed);
        while sp.state.helpers.load(Ordering::Acquire) > 0 {
            self.help_once(Some(&sp.state));
        }
        splits.idle.fetch_sub(1, Ordering::Relaxed);
        // A cutoff here is this position's result; one above, or a stop,
        // aborts it.
        self.aborted = self.stopped() || SplitState::cut_above(self.sp);
        unpack_best(sp.state.best.load(Ordering::Acquire))
    }

    /// Takes children at `sp` until none are left or it is cut off.
    fn work_at<N: Node>(&mut self, sp: &Split<N>) {
        let saved = std::mem::replace(&mut self.sp, &sp.state);
        loop {
            if sp.state.cut.load(Ordering::Relaxed) {
                break;
            }
            let i = sp.state.next.fetch_add(1, Ordering::Relaxed);
            if i >= sp.state.count {
                break;
            }
            let k = sp.kids[i];
            let value = self.value_after(&k.child, k.gain, k.again, sp.alpha, sp.beta);
            if self.aborted {
                break;
            }
            sp.state.offer(value, k.mv);
            if value >= sp.beta {
                self.record_cutoff(k.mv, sp.seeds);
                sp.state.cut.store(true, Ordering::Relaxed);
                break;
            }
        }
        self.sp = saved;
    }

    /// Joins one open split point (in the subtree of `within`, if given)
    /// and works there, or spins a moment if there is none.
    pub(super) fn help_once(&mut self, within: Option<&SplitState>) {
        let splits = &self.s.splits;
        let Some(open) = splits.join(within) else {
            // Nothing to join: back off a little before looking again (each
            // look may take the registry's lock).
            for _ in 0..32 {
                std::hint::spin_loop();
            }
            return;
        };
        splits.idle.fetch_sub(1, Ordering::Relaxed);
        // SAFETY: joined, so alive until `helpers` is decremented, which
        // `Leave` does last (on a panic too).
        let sp = unsafe { &*open.0 };
        let leave = Leave(&sp.state().helpers);
        // An owner waiting here may come with its own search aborted by a
        // cutoff above; the split point below it has its own chain to check.
        self.aborted = self.stopped();
        sp.help(self);
        drop(leave);
        splits.idle.fetch_add(1, Ordering::Relaxed);
        // A cutoff where it helped is not this thread's concern any more.
        self.aborted = self.stopped();
    }
}

/// Closes a split point when its owner's frame ends by a panic (the normal
/// path closes it in [`Worker::split`], helping below while it waits): it
/// leaves the registry and is cut off, so that the helpers come back at
/// once, and the owner waits until none is left in it.
struct Closing<'s> {
    splits: &'s Splits,
    state: &'s SplitState,
}

impl Drop for Closing<'_> {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        self.splits.remove(self.state);
        self.state.cut.store(true, Ordering::Relaxed);
        while self.state.helpers.load(Ordering::Acquire) > 0 {
            std::hint::spin_loop();
        }
    }
}

/// A helper's place at a split point, given up when it is done there, or
/// when it panics, so that the owner never waits for it in vain.
struct Leave<'s>(&'s AtomicUsize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Release);
    }
}
