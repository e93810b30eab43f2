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
    pub fn time_for_move<L: mancala_core::Layout>(
        &self,
        pos: &mancala_core::Position<L>,
    ) -> Duration {
        let safety = CLOCK_SAFETY.min(self.remaining / 4);
        let usable = self.remaining.saturating_sub(safety);
        let seeds = pos.seeds_in_pits();
        let expected = self.moves_to_go.unwrap_or((seeds / 3).clamp(4, 40)).max(1);
        let share = usable / expected + self.increment * 3 / 4;
        let cap = if expected == 1 { usable } else { usable / 3 };
        share.min(cap).max(Duration::from_millis(1))
    }
}

/// Whether the node loop polls the clock and the stop flag after `nodes`
/// nodes: every [`POLL_NODES`] nodes (about a fifth of a millisecond at
/// the search's speed, so a time limit is overrun by about that much).
#[inline]
fn polls(nodes: u64) -> bool {
    nodes & (POLL_NODES - 1) == 0
}

/// Nodes between two looks at the clock and the stop flag (a power of two).
pub(crate) const POLL_NODES: u64 = 1024;

/// When a search limited to `limit` stops: a fiftieth of the time (at most
/// [`STOP_MARGIN`]) before it, for answering and for a busy machine's
/// delays in running the search at all.
pub(crate) fn deadline(limit: Duration) -> Duration {
    limit - (limit / 50).min(STOP_MARGIN)
}

/// The most time a search keeps for answering ([`deadline`]).
pub(crate) const STOP_MARGIN: Duration = Duration::from_millis(10);

/// The time manager's rule for a search limited to `limit`: whether an
/// iteration (at `depth`, in moves) starts after `elapsed`. The first
/// always does; later ones as long as time is left before the
/// [`deadline`], even when they cannot finish: an unfinished iteration
/// still gives its first move's score at the new depth, and any move proven
/// better (the search keeps them).
pub(crate) fn starts_iteration(limit: Option<Duration>, elapsed: Duration, depth: u32) -> bool {
    depth <= 1 || limit.is_none_or(|t| elapsed < deadline(t))
}

/// The time manager's rule for a search limited to `limit`: whether the
/// time is spent after `elapsed`, its [`deadline`] reached (the search
/// then stops where it is).
pub(crate) fn time_is_up(limit: Option<Duration>, elapsed: Duration) -> bool {
    limit.is_some_and(|t| elapsed >= deadline(t))
}

/// Checks the limits during a search.
pub(crate) struct Clock<'a> {
    start: Instant,
    /// The time since the start in microseconds, set by a test instead of
    /// the wall clock.
    given: Option<&'a AtomicU64>,
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
        Clock {
            start: Instant::now(),
            given: None,
            limits,
            stop,
            aborted: false,
            counter: None,
            counted: 0,
        }
    }

    /// A clock whose time is `micros`, microseconds the test sets.
    #[cfg(test)]
    pub fn given(limits: SearchLimits, micros: &'a AtomicU64) -> Clock<'a> {
        Clock { given: Some(micros), ..Clock::new(limits, None) }
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
        match self.given {
            None => self.start.elapsed(),
            Some(micros) => Duration::from_micros(micros.load(Ordering::Relaxed)),
        }
    }

    /// Whether the search must stop now, having visited `nodes` nodes. The
    /// node limit is checked exactly, the time and stop flag every
    /// [`POLL_NODES`] nodes. Once true, stays true.
    #[inline(always)]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(limit) = self.limits.nodes {
            if nodes > limit {
                self.aborted = true;
            }
        }
        if polls(nodes) {
            if let Some(counter) = self.counter {
                counter.fetch_add(nodes - self.counted, Ordering::Relaxed);
                self.counted = nodes;
            }
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.aborted = true;
            }
            if time_is_up(self.limits.time, self.elapsed()) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Whether the iteration at `depth` starts: within the depth limit,
    /// not stopped, and while time is left ([`starts_iteration`]).
    pub fn next_iteration(&self, depth: u32) -> bool {
        if self.aborted || self.limits.depth.is_some_and(|d| depth > d) {
            return false;
        }
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return false;
        }
        starts_iteration(self.limits.time, self.elapsed(), depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn an_iteration_starts_while_time_is_left_even_past_half_of_it() {
        let limit = Some(1000 * MS);
        assert!(starts_iteration(limit, Duration::ZERO, 2));
        // The old rule stopped here: half of the time gone.
        assert!(starts_iteration(limit, 500 * MS, 9));
        assert!(starts_iteration(limit, 989 * MS, 9));
        // 10 ms are kept for answering.
        assert!(!starts_iteration(limit, 990 * MS, 9));
        assert!(!starts_iteration(limit, 1500 * MS, 9));
        // The first iteration always starts; no time limit, always.
        assert!(starts_iteration(limit, 1500 * MS, 1));
        assert!(starts_iteration(None, 1500 * MS, 30));
        assert!(!time_is_up(limit, 989 * MS));
        assert!(time_is_up(limit, 990 * MS));
        assert!(!time_is_up(None, 1_000_000 * MS));
        // A short time keeps a fiftieth: 200 ms stop at 196.
        assert!(!time_is_up(Some(200 * MS), 195 * MS));
        assert!(time_is_up(Some(200 * MS), 196 * MS));
        assert_eq!(deadline(20_000 * MS), 19_990 * MS);
    }

    #[test]
    fn the_clock_stops_the_search_within_one_poll_of_the_time() {
        let micros = AtomicU64::new(0);
        let mut clock = Clock::given(SearchLimits::time(200 * MS), &micros);
        let mut nodes = 0;
        // Time left: the search goes on, and the next iteration starts at
        // 150 ms (three quarters of the time).
        micros.store(150_000, Ordering::Relaxed);
        for _ in 0..5 * POLL_NODES {
            nodes += 1;
            assert!(!clock.should_stop(nodes));
        }
        assert!(clock.next_iteration(12));
        // The time is spent (but for the margin kept for answering): the
        // search stops within one poll, and no iteration starts.
        micros.store(196_000, Ordering::Relaxed);
        let mut more = 0;
        while !clock.should_stop(nodes + more + 1) {
            more += 1;
            assert!(more < POLL_NODES, "not stopped after {more} nodes");
        }
        assert!(clock.aborted());
        assert!(!clock.next_iteration(13));
    }

    #[test]
    fn a_node_limit_is_exact() {
        let micros = AtomicU64::new(0);
        let mut clock = Clock::given(SearchLimits::nodes(1500), &micros);
        assert!((1..=1500).all(|n| !clock.should_stop(n)));
        assert!(clock.should_stop(1501));
    }
}
