//! The repetition rule inside the search.
//!
//! Oware, Abapa and Awari end the game when a position repeats (the core's
//! [`mancala_core::Game`] checks this against the game's history). The
//! search does the same against the game's history followed by the search
//! path: a move leading to a position already on that line ends the game
//! there with the rules' cycle outcome (`Position::end_game(.., Cycle)`), so
//! cycles are scored exactly as the rules would score them. The end after
//! `end.quiet_moves` moves without a capture is found on the same line: the
//! positions of the segment number those moves, so the segment's set (in
//! the key, below) fixes it too.
//!
//! Stores never shrink and they are part of a position, so only the
//! positions since the stores last changed (the *reversible segment*, all
//! with the same stores) can repeat. The value of a position therefore
//! depends on the position and on the *set* of earlier positions of its
//! segment, and on nothing else. The search hashes that set (an XOR of the
//! positions' hashes) into the transposition-table key
//! ([`crate::search::hash::with_history`]): entries are only ever shared
//! between identical (position, segment) pairs, which makes them sound. The
//! common case, a position right after a capture, has an empty segment and
//! plain key, so transpositions there are shared freely. Variants without
//! the rule (Kalah: every game ends anyway) never pay for any of this.
//!
//! Under rules whose stores may shrink (`[turn] refill_empty_row`), a
//! position may repeat one from before the stores last changed. There the
//! path keeps the whole line since the game's start, every position on it
//! is compared, and the history hash is the set of all of them (sound, at
//! the price of fewer shared table entries in those games).

use mancala_core::{EndReason, Game, Layout, Position, Repetition, Side, Variant};

use super::hash::position_hash;

/// The line from the game's start to the node being searched, as far as
/// the repetition rule needs it.
pub(crate) struct Path<L: Layout> {
    enabled: bool,
    /// The stores may shrink: the whole line can repeat, not only the
    /// segment since the stores last changed.
    whole: bool,
    /// The rules end a game after `end.quiet_moves` moves without a
    /// capture: the scan counts them.
    quiet: bool,
    positions: Vec<Position<L>>,
}

fn same_stores<L: Layout>(a: &Position<L>, b: &Position<L>) -> bool {
    a.store(Side::South) == b.store(Side::South) && a.store(Side::North) == b.store(Side::North)
}

impl<L: Layout> Path<L> {
    /// The path of a game about to be searched from its current position,
    /// and the history hash of that position (the set of earlier positions
    /// of its segment).
    pub fn new(game: &Game<L>) -> (Path<L>, u64) {
        let rules = game.variant().rules();
        let enabled = rules.end.repetition != Repetition::None;
        let whole = enabled && rules.stores_may_shrink();
        let mut positions = Vec::with_capacity(512);
        let mut history = 0;
        if enabled {
            let since =
                if whole { game.positions() } else { game.positions_since_stores_changed() };
            positions.extend_from_slice(&since[..since.len() - 1]);
            for p in &positions {
                history ^= position_hash(p);
            }
        }
        let quiet = enabled && rules.end.quiet_moves > 0;
        (Path { enabled, whole, quiet, positions }, history)
    }

    /// Enters `pos` (its children are searched next).
    #[inline]
    pub fn push(&mut self, pos: &Position<L>) {
        if self.enabled {
            self.positions.push(*pos);
        }
    }

    /// Leaves the position entered last.
    #[inline]
    pub fn pop(&mut self) {
        if self.enabled {
            self.positions.pop();
        }
    }

    /// Ends `child`, reached from `parent` by one move, as the game's
    /// history would: when it repeats a position of the line, or makes the
    /// moves in a row without a capture reach `end.quiet_moves` (one scan
    /// of the line's positions with the child's stores, `parent` first,
    /// which number those moves; [`Position::end_by_history`] decides).
    /// `parent` may have been entered already or not (the children are
    /// listed before their parent is entered).
    #[inline(always)]
    pub fn end_by_history(&self, v: &Variant, parent: &Position<L>, child: &mut Position<L>) {
        // A move that changed the stores (a capture, a seed into a store)
        // starts a new segment: nothing on the line has the child's stores,
        // and no move since was quiet. The common case, kept inline.
        if !self.enabled || child.is_over() || !same_stores(parent, child) && !self.whole {
            return;
        }
        if !self.whole && !self.quiet {
            // Only a repeat ends it (Oware's rules): the segment back from
            // the line's end, as far as the stores stay the child's (the
            // parent, entered or not, is never the child: a move changes
            // the position).
            let segment = self.positions.iter().rev().take_while(|p| same_stores(p, child));
            if segment.clone().any(|p| p == child) {
                child.end_game(v, EndReason::Cycle);
            }
            return;
        }
        self.end_by_segment(v, parent, child);
    }

    /// [`Path::end_by_history`] for a child with its parent's stores: the
    /// scan of the segment.
    #[inline(never)]
    fn end_by_segment(&self, v: &Variant, parent: &Position<L>, child: &mut Position<L>) {
        let entered = self.positions.last() == Some(parent);
        let before = &self.positions[..self.positions.len() - entered as usize];
        let mut quiet = 0;
        let mut in_segment = true;
        for p in std::iter::once(parent).chain(before.iter().rev()) {
            if !same_stores(p, child) {
                if !self.whole {
                    break;
                }
                // Before a change of the stores: it may still repeat (the
                // stores may come back), but the quiet moves stop here.
                in_segment = false;
                continue;
            }
            if p == child {
                return child.end_by_history(v, true, quiet + 1);
            }
            quiet += in_segment as usize;
        }
        child.end_by_history(v, false, quiet);
    }

    /// Whether nothing on the line before `pos` (the position about to be
    /// searched, a child of the position entered last) can repeat: no rule,
    /// or the stores changed on the move into `pos` (stores that never
    /// shrink: no earlier position has `pos`'s stores).
    #[inline]
    pub fn fresh(&self, pos: &Position<L>) -> bool {
        !self.enabled || !self.whole && self.positions.last().is_none_or(|p| !same_stores(p, pos))
    }

    /// The history hash of `child` given its parent's: the parent joins the
    /// set when the stores did not change (or when they may shrink); a
    /// store change empties it.
    #[inline]
    pub fn child_history(
        &self,
        parent: &Position<L>,
        parent_hash: u64,
        parent_history: u64,
        child: &Position<L>,
    ) -> u64 {
        if self.enabled && (self.whole || same_stores(parent, child)) {
            parent_history ^ parent_hash
        } else {
            0
        }
    }
}
