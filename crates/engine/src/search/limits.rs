//! How long to search, and the clock that enforces it.
//!
//! A search stops at the first limit reached: a depth (in moves; an extra
//! turn or a swap is a move too), a number of nodes, a time, or the caller's
//! stop flag (the protocol's `stop`). Depth and node limits give the same
//! result, node count included, on every run and machine; time and the stop
//! flag do not.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Limits of one search; `None` means no limit of that kind. With no limit
/// at all the search runs until the game is solved or it is stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration, in moves.
    pub depth: Option<u32>,
    /// Most nodes to visit (deterministic).
    pub nodes: Option<u64>,
    /// Most time to spend.
    pub time: Option<Duration>,
}

impl SearchLimits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits { nodes: Some(nodes), ..SearchLimits::default() }
    }

    /// Search for a fixed time.
    pub fn time(time: Duration) -> SearchLimits {
        SearchLimits { time: Some(time), ..SearchLimits::default() }
    }
}

/// A player's clock in a game with a time control, and how much of it one
/// move may take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (the clock is then refilled);
    /// `None`: the time left is for the rest of the game.
    pub moves_to_go: Option<u32>,
}

/// Kept off every move's share: answering and the opponent's clock
/// switching take time too.
pub const CLOCK_SAFETY: Duration = Duration::from_millis(50);

impl GameClock {
    /// The thinking time for the next move in `pos`: the time left shared
    /// over the moves still expected (one own move for about every three
    /// seeds in the pits, 4 to 40; or `moves_to_go`), plus three quarters
    /// of the increment; never more than a third of the time left (unless
    /// this is the last move before the control), never the last
    /// [`CLOCK_SAFETY`], and at least 1 ms.
    pub fn time_for_move(&self, pos: &mancala_core::Position) -> Duration {
        let safety = CLOCK_SAFETY.min(self.remaining / 4);
        let usable = self.remaining.saturating_sub(safety);
        let seeds = pos.seeds_in_pits();
        let expected = self.moves_to_go.unwrap_or((seeds / 3).clamp(4, 40)).max(1);
        let share = usable / expected + self.increment * 3 / 4;
        let cap = if expected == 1 { usable } else { usable / 3 };
        share.min(cap).max(Duration::from_millis(1))
    }
}

/// Checks the limits during a search.
pub(crate) struct Clock<'a> {
    start: Instant,
    limits: SearchLimits,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    /// Where a helper thread adds its nodes, about 1024 at a time, and how
    /// many it has added.
    counter: Option<&'a AtomicU64>,
    counted: u64,
}

impl<'a> Clock<'a> {
    pub fn new(limits: SearchLimits, stop: Option<&'a AtomicBool>) -> Clock<'a> {
        Clock { start: Instant::now(), limits, stop, aborted: false, counter: None, counted: 0 }
    }

    /// This clock adds the nodes visited to `counter`, about 1024 at a
    /// time (see [`Clock::uncounted`] for the rest).
    pub fn counting(mut self, counter: &'a AtomicU64) -> Clock<'a> {
        self.counter = Some(counter);
        self
    }

    /// Of `nodes` visited, those not yet added to the counter.
    pub fn uncounted(&self, nodes: u64) -> u64 {
        if self.counter.is_some() {
            nodes - self.counted
        } else {
            0
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now, having visited `nodes` nodes. The
    /// node limit is checked exactly, the time and stop flag every 1024
    /// nodes. Once true, stays true.
    #[inline]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(limit) = self.limits.nodes {
            if nodes > limit {
                self.aborted = true;
            }
        }
        if nodes & 1023 == 0 {
            if let Some(counter) = self.counter {
                counter.fetch_add(nodes - self.counted, Ordering::Relaxed);
                self.counted = nodes;
            }
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.aborted = true;
            }
            if self.limits.time.is_some_and(|t| self.start.elapsed() >= t) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Whether another iteration is worth starting: with a time limit, not
    /// when half of it is gone (the next iteration would most likely not
    /// finish).
    pub fn next_iteration(&self, depth: u32) -> bool {
        if self.aborted || self.limits.depth.is_some_and(|d| depth > d) {
            return false;
        }
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return false;
        }
        match self.limits.time {
            Some(t) => depth <= 1 || self.start.elapsed() * 2 < t,
            None => true,
        }
    }
}
