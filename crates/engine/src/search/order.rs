//! Move ordering that knows mancala.
//!
//! Every child is made before any is searched (copy-make is cheap), so the
//! order can use what each move actually does: the transposition table's
//! move first, then extra turns (the rightmost first, as it does not disturb
//! the pits to its left), then moves by how many seeds they bring into the
//! mover's store (captures, sowing into the store) minus what they give the
//! opponent's store, then the history heuristic (moves that caused cutoffs
//! before).

use mancala_core::{Layout, Move, Position, Side};

/// Pits a side has at most, on any layout (the wide layout's 24).
const PITS: usize = mancala_core::MAX_WIDE_MOVES - 1;

/// Cutoff counts per side and move (pits 0..24, then swap, then the bonus
/// takes of the opponent's pits 0..24).
#[derive(Clone)]
pub(crate) struct History([[u32; 2 * PITS + 1]; 2]);

impl History {
    pub fn new() -> History {
        History([[0; 2 * PITS + 1]; 2])
    }

    fn index(mv: Move) -> usize {
        match mv {
            Move::Sow(k) | Move::Directed(k, _) => (k as usize).min(PITS - 1),
            Move::Swap => PITS,
            Move::Take(k) => PITS + 1 + (k as usize).min(PITS - 1),
        }
    }

    /// A move caused a cutoff `depth` moves from the horizon.
    #[inline]
    pub fn reward(&mut self, side: Side, mv: Move, depth: i32) {
        let d = depth.clamp(1, 64) as u32;
        let h = &mut self.0[side.index()][Self::index(mv)];
        *h = h.saturating_add(d * d);
        if *h > 1 << 20 {
            for row in self.0.iter_mut() {
                for x in row.iter_mut() {
                    *x /= 2;
                }
            }
        }
    }

    #[inline]
    fn get(&self, side: Side, mv: Move) -> u32 {
        self.0[side.index()][Self::index(mv)]
    }
}

/// The ordering key of a move (higher is searched first).
#[inline]
pub(crate) fn key<L: Layout>(
    history: &History,
    parent: &Position<L>,
    mv: Move,
    child: &Position<L>,
    tt_move: Option<Move>,
) -> i64 {
    if tt_move == Some(mv) {
        return i64::MAX;
    }
    let us = parent.to_move();
    // The mover's store's gain less the opponent's: the change of the
    // store margin (South's less North's), seen by the mover.
    let margin = (child.store_margin() - parent.store_margin()) as i64;
    let gain = if us == Side::South { margin } else { -margin };
    // A bonus take is ordered by the seeds it takes, not as an extra turn.
    let extra = !child.is_over() && child.to_move() == us && mv.sown_pit().is_some();
    let pit = match mv {
        Move::Sow(k) | Move::Directed(k, _) => k as i64,
        Move::Swap | Move::Take(_) => 0,
    };
    let mut k = (gain << 24) + history.get(us, mv).min(1 << 20) as i64;
    if extra {
        k += (1 << 40) + (pit << 32);
    }
    k
}

/// Sorts `items` by key, highest first; ties keep their order (so the
/// search is deterministic).
#[inline]
pub(crate) fn sort<T: Copy>(items: &mut [(i64, T)]) {
    for i in 1..items.len() {
        let x = items[i];
        let mut j = i;
        while j > 0 && items[j - 1].0 < x.0 {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = x;
    }
}
