//! The heuristic evaluation of a position the search cannot see to the end.
//!
//! It estimates the final margin for the player to move: the store
//! difference, plus a share of the seeds still on each side where the rules
//! hand a side's seeds to its owner at the end (Kalah's `empty_side =
//! "either"`). The estimate is clamped to what the stores already guarantee
//! ([`crate::search::score::bounds`]), so a store over half the seeds always
//! evaluates as a win.

use mancala_core::{EmptySide, Position, StorePlacement, Variant};

use super::score::bounds;

/// Evaluation weights for one variant, computed once per search.
#[derive(Clone, Copy, Debug)]
pub struct Evaluator {
    /// Seeds on a side are worth `side_num / side_den` of a stored seed.
    side_num: i32,
    side_den: i32,
}

impl Evaluator {
    /// Weights for a variant.
    pub fn new(v: &Variant) -> Evaluator {
        let r = v.rules();
        let (side_num, side_den) = match (r.board.stores, r.end.empty_side) {
            // Kalah: seeds left go to their owner; seeds near one's
            // store tend to end in it.
            (StorePlacement::Ring, EmptySide::Either) => (1, 3),
            (StorePlacement::Ring, EmptySide::Mover) => (1, 4),
            // Oware: seeds on one's side are both material and targets.
            (StorePlacement::Beside, _) => (0, 1),
        };
        Evaluator { side_num, side_den }
    }

    /// The estimated final margin for the player to move.
    #[inline]
    pub fn eval(&self, v: &Variant, pos: &Position) -> i32 {
        let us = pos.to_move();
        let them = us.opponent();
        let stores = pos.store(us) as i32 - pos.store(them) as i32;
        let sides = pos.side_seeds(us) as i32 - pos.side_seeds(them) as i32;
        let estimate = stores + sides * self.side_num / self.side_den;
        let (low, high) = bounds(v, pos);
        estimate.clamp(low, high)
    }
}
