//! The heuristic evaluation of a position the search cannot see to the end.
//!
//! It estimates the final margin for the player to move, in seeds, and is
//! clamped to what the stores already guarantee
//! ([`crate::search::score::bounds`]), so a store over half the seeds always
//! evaluates as a win.
//!
//! - **Oware family** (stores beside the board, captures of 2 or 3, six pits
//!   a side: `oware`, `abapa`, `awari`): a linear model over [`FEATURES`]
//!   features of the position seen by the mover (seeds per pit, pits of 1
//!   or 2 seeds, empty pits, laps, the capture each side could make at once,
//!   ...). Its integer weights are learned from self-play, with the
//!   endgame databases' values where they cover a position
//!   (`train_eval` in `crates/tools`, docs/engine.md), and kept in
//!   `weights/oware.txt`, a small versioned and checksummed file compiled
//!   into the program and checked once by [`parse_weights`].
//! - **Everything else**: the store difference, plus a share of the seeds
//!   still on each side where the rules hand a side's seeds to its owner at
//!   the end (Kalah's `empty_side = "either"`).
//!
//! The learned evaluations read positions of the compact layout only (their
//! tables are indexed by a pit's count of seeds, at most 255): a position
//! of another layout gets the store-based estimate
//! ([`mancala_core::Layout::compact`]).
//!
//! Files, one job each: `features` (the learned evaluations' features and
//! the variants they fit), `weights_file` (the weights file's format and
//! the compiled-in weights), `tables` (the weights packed for the search).
//! Their items are re-exported here.

mod features;
mod tables;
mod weights_file;

use std::sync::{Arc, OnceLock};

use mancala_core::{EmptyPitCapture, EmptySide, Layout, Position, StorePlacement, Variant};

use super::score::{bounds, UNIT};

pub use features::{
    estimate, feature_names, features, kalah_features, learned_estimate, learned_fits,
    learned_kalah_fits, learned_relay_fits, phase, FEATURES, FEATURE_NAMES, KALAH_FEATURE_NAMES,
    KALAH_MAX_PITS, LEARNED_PITS,
};
pub use tables::PackedWeights;
pub use weights_file::{
    format_weights, kalah_weights, oware_weights, parse_weights, relay_weights, weights_checksum,
    Weights, WeightsError, KALAH_WEIGHTS_TEXT, OWARE_WEIGHTS_TEXT, RELAY_WEIGHTS_TEXT,
    WEIGHTS_VERSION,
};

/// How positions are estimated.
#[derive(Clone, Debug)]
enum Kind {
    /// Store difference plus `num / den` of the side difference.
    Stores { num: i32, den: i32 },
    /// The learned linear model (Oware family), as packed tables.
    Learned(Arc<PackedWeights>),
    /// The learned linear model of the Kalah family, as packed tables;
    /// `true` when a capture into an empty pit takes place against an empty
    /// opposite pit too.
    LearnedKalah(Arc<PackedWeights>, bool),
}

/// The share `num / den` of the side difference the store-based
/// evaluation of `v` adds to the store difference.
fn stores_share(v: &Variant) -> (i32, i32) {
    let r = v.rules();
    match (r.board.stores, r.end.empty_side) {
        // Kalah: seeds left go to their owner; seeds near one's
        // store tend to end in it.
        (StorePlacement::Ring, EmptySide::Either) => (1, 3),
        (StorePlacement::Ring, EmptySide::Mover) => (1, 4),
        // Oware: seeds on one's side are both material and targets.
        (StorePlacement::Beside, _) => (0, 1),
    }
}

/// Evaluation weights for one variant, computed once per search.
#[derive(Clone, Debug)]
pub struct Evaluator {
    kind: Kind,
}

impl Evaluator {
    /// The evaluation of a variant: the learned weights where they fit
    /// ([`learned_fits`]), store-based otherwise.
    pub fn new(v: &Variant) -> Evaluator {
        if learned_fits(v) {
            static PACKED: OnceLock<Arc<PackedWeights>> = OnceLock::new();
            let packed = PACKED.get_or_init(|| Arc::new(PackedWeights::oware(oware_weights())));
            Evaluator { kind: Kind::Learned(Arc::clone(packed)) }
        } else if learned_kalah_fits(v) {
            static PACKED: OnceLock<Arc<PackedWeights>> = OnceLock::new();
            let packed = PACKED.get_or_init(|| Arc::new(PackedWeights::kalah(kalah_weights())));
            Evaluator::kalah_tables(Arc::clone(packed), v)
        } else if learned_relay_fits(v) {
            static PACKED: OnceLock<Arc<PackedWeights>> = OnceLock::new();
            let packed = PACKED.get_or_init(|| Arc::new(PackedWeights::kalah(relay_weights())));
            Evaluator::kalah_tables(Arc::clone(packed), v)
        } else {
            Evaluator::stores(v)
        }
    }

    /// The learned evaluation over Kalah's features with the given weights
    /// (for the variants [`learned_kalah_fits`] or [`learned_relay_fits`]
    /// accepts).
    pub fn learned_kalah(w: Weights, v: &Variant) -> Evaluator {
        Evaluator::kalah_tables(Arc::new(PackedWeights::kalah(&w)), v)
    }

    fn kalah_tables(packed: Arc<PackedWeights>, v: &Variant) -> Evaluator {
        let always = v.rules().capture.empty_pit == EmptyPitCapture::Always;
        Evaluator { kind: Kind::LearnedKalah(packed, always) }
    }

    /// The store-based evaluation (the learned one's predecessor, and its
    /// sparring partner in training).
    pub fn stores(v: &Variant) -> Evaluator {
        let (num, den) = stores_share(v);
        Evaluator { kind: Kind::Stores { num, den } }
    }

    /// The learned evaluation with the given weights (for six-pit boards
    /// only: see [`learned_fits`]).
    pub fn learned(w: Weights) -> Evaluator {
        Evaluator { kind: Kind::Learned(Arc::new(PackedWeights::oware(&w))) }
    }

    /// The estimated final margin for the player to move, in seeds.
    #[inline]
    pub fn eval<L: Layout>(&self, v: &Variant, pos: &Position<L>) -> i32 {
        self.eval_in(v, pos, 1)
    }

    /// The estimate in the search's units ([`UNIT`] to a seed).
    #[inline]
    pub(crate) fn eval_units<L: Layout>(&self, v: &Variant, pos: &Position<L>) -> i32 {
        self.eval_in(v, pos, UNIT)
    }

    #[inline(always)]
    fn eval_in<L: Layout>(&self, v: &Variant, pos: &Position<L>, unit: i32) -> i32 {
        let estimate = match (&self.kind, L::compact(pos)) {
            (Kind::Learned(t), Some(pos)) => t.oware_estimate_in(pos, unit as i64),
            (Kind::LearnedKalah(t, always), Some(pos)) => {
                t.kalah_estimate_in(pos, *always, unit as i64)
            }
            (Kind::Stores { num, den }, _) => Self::stores_in(pos, *num, *den, unit),
            // The learned tables are indexed by a pit's count of seeds
            // (at most 255): compact positions only.
            (Kind::Learned(_) | Kind::LearnedKalah(..), None) => {
                let (num, den) = stores_share(v);
                Self::stores_in(pos, num, den, unit)
            }
        };
        let (low, high) = bounds(v, pos);
        estimate.clamp(low * unit, high * unit)
    }

    /// The store-based estimate: the store difference plus `num / den` of
    /// the side difference, in `unit`s a seed.
    #[inline(always)]
    fn stores_in<L: Layout>(pos: &Position<L>, num: i32, den: i32, unit: i32) -> i32 {
        let us = pos.to_move();
        let them = us.opponent();
        let stores =
            Into::<u32>::into(pos.store(us)) as i32 - Into::<u32>::into(pos.store(them)) as i32;
        let sides = pos.side_seeds(us) as i32 - pos.side_seeds(them) as i32;
        stores * unit + sides * num * unit / den
    }
}
