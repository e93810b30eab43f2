//! The learned weights packed into tables for the search
//! ([`PackedWeights`]): the same estimates as the feature vector's weighted
//! sum, one table lookup a pit.

use mancala_core::Position;

use super::features::{
    best_capture, interpolate_in, six_pit_rows, FEATURES, KALAH_MAX_PITS, LEARNED_PITS,
};
use super::weights_file::Weights;

/// Learned weights laid out for the search: the same sums as
/// [`estimate`](super::estimate) over [`features`](fn@super::features) or
/// [`kalah_features`](super::kalah_features), to the unit, with table
/// lookups instead of the feature vector.
///
/// Layout: each entry is one `i64` holding two sums at once, the
/// `full`-weights sum times 2^32 plus the `empty`-weights sum (a "packed
/// pair"). Adding packed pairs adds both sums, carries and all, and the
/// low 32 bits (sign-extended) and the rest give them back apart: exact
/// while each sum stays within `i32`, which
/// [`parse_weights`](super::parse_weights)'s limits (weights within
/// ±100,000, features at most 255) keep it far from for any board the
/// families' features are made for.
///
/// `pits[side][d][c]` is everything one pit holding `c` seeds adds for
/// `side` (0: the mover, 1: the opponent): its own weight times `c`, and
/// the count features it belongs to (pits of 1 or 2, empty pits, laps,
/// extra turns, overflow, ...). `d` is the pit's place: for the Oware
/// family the pit's index from its owner's left (0 to 5), for the Kalah
/// family its distance from its owner's store (1 for the pit beside it,
/// up to [`KALAH_MAX_PITS`]). `linear[i]` is feature `i`'s weights as a
/// packed pair, for the features the tables leave out (store margin,
/// captures, largest pit, tempo), which are multiplied in.
#[derive(Debug)]
pub struct PackedWeights {
    pits: [[[i64; 256]; KALAH_MAX_PITS + 1]; 2],
    linear: [i64; FEATURES],
    scale: i64,
}

const _: () = assert!(std::mem::size_of::<PackedWeights>() == (2 * 17 * 256 + 24 + 1) * 8);

/// Weights `full` and `empty` as a packed pair (see [`PackedWeights`]).
#[inline(always)]
fn pack(full: i64, empty: i64) -> i64 {
    full.wrapping_shl(32).wrapping_add(empty)
}

/// The two sums of a packed pair: (`full`, `empty`).
#[inline(always)]
fn unpack(packed: i64) -> (i64, i64) {
    let empty = packed as i32 as i64;
    (packed.wrapping_sub(empty) >> 32, empty)
}

impl PackedWeights {
    fn weight(w: &Weights, feature: usize) -> i64 {
        pack(w.full[feature] as i64, w.empty[feature] as i64)
    }

    /// The tables of the Oware-family weights ([`FEATURE_NAMES`](super::FEATURE_NAMES)).
    pub fn oware(w: &Weights) -> PackedWeights {
        let mut t = PackedWeights::empty(w);
        for side in 0..2 {
            for k in 0..LEARNED_PITS {
                for c in 0..256usize {
                    let mut sum = c as i64 * Self::weight(w, 1 + 6 * side + k);
                    let mut count = |feature: usize, on: bool| {
                        if on {
                            sum = sum.wrapping_add(Self::weight(w, feature + side));
                        }
                    };
                    count(13, c == 1 || c == 2);
                    count(15, c == 0);
                    count(17, c >= 12);
                    count(21, c >= LEARNED_PITS - k);
                    t.pits[side][k][c] = sum;
                }
            }
        }
        for feature in [0, 19, 20, 23] {
            t.linear[feature] = Self::weight(w, feature);
        }
        t
    }

    /// The tables of the Kalah-family weights
    /// ([`KALAH_FEATURE_NAMES`](super::KALAH_FEATURE_NAMES)).
    pub fn kalah(w: &Weights) -> PackedWeights {
        let mut t = PackedWeights::empty(w);
        for side in 0..2 {
            for d in 1..=KALAH_MAX_PITS {
                for c in 0..256usize {
                    let mut sum = c as i64 * Self::weight(w, 1 + 6 * side + d.min(6) - 1);
                    if c == 0 {
                        sum = sum.wrapping_add(Self::weight(w, 15 + side));
                    }
                    if c == d {
                        sum = sum.wrapping_add(Self::weight(w, 13 + side));
                    }
                    if c > d {
                        sum = sum.wrapping_add((c - d) as i64 * Self::weight(w, 19 + side));
                    }
                    t.pits[side][d][c] = sum;
                }
            }
        }
        for feature in [0, 17, 18, 21, 22, 23] {
            t.linear[feature] = Self::weight(w, feature);
        }
        t
    }

    fn empty(w: &Weights) -> PackedWeights {
        PackedWeights {
            pits: [[[0; 256]; KALAH_MAX_PITS + 1]; 2],
            linear: [0; FEATURES],
            scale: w.scale as i64,
        }
    }

    /// The packed sums in `unit`s a seed, rounded as
    /// [`estimate`](super::estimate) rounds them to seeds.
    #[inline(always)]
    fn finish(&self, packed: i64, pos: &Position, unit: i64) -> i32 {
        let (full, empty) = unpack(packed);
        interpolate_in(full, empty, self.scale, unit, pos)
    }

    /// [`learned_estimate`](super::learned_estimate) from the tables.
    #[inline]
    pub fn oware_estimate(&self, pos: &Position) -> i32 {
        self.oware_estimate_in(pos, 1)
    }

    /// [`PackedWeights::oware_estimate`] in `unit`s a seed.
    #[inline]
    pub fn oware_estimate_in(&self, pos: &Position, unit: i64) -> i32 {
        let (us, them) = (pos.to_move(), pos.to_move().opponent());
        let (a, b) = six_pit_rows(pos);
        let mut sum = self.linear[23];
        for k in 0..LEARNED_PITS {
            sum = sum
                .wrapping_add(self.pits[0][k][a[k] as usize])
                .wrapping_add(self.pits[1][k][b[k] as usize]);
        }
        let margin = pos.store(us) as i64 - pos.store(them) as i64;
        sum = sum
            .wrapping_add(margin.wrapping_mul(self.linear[0]))
            .wrapping_add((best_capture(&a, &b) as i64).wrapping_mul(self.linear[19]))
            .wrapping_add((best_capture(&b, &a) as i64).wrapping_mul(self.linear[20]));
        self.finish(sum, pos, unit)
    }

    /// [`estimate`](super::estimate) over
    /// [`kalah_features`](super::kalah_features) from the tables.
    #[inline]
    pub fn kalah_estimate(&self, pos: &Position, capture_empty: bool) -> i32 {
        self.kalah_estimate_in(pos, capture_empty, 1)
    }

    /// [`PackedWeights::kalah_estimate`] in `unit`s a seed.
    #[inline]
    pub fn kalah_estimate_in(&self, pos: &Position, capture_empty: bool, unit: i64) -> i32 {
        let us = pos.to_move();
        let them = us.opponent();
        let (a, b) = (pos.row(us), pos.row(them));
        let n = a.len().min(KALAH_MAX_PITS);
        let (a, b) = (&a[..n], &b[..n]);
        let mut sum = self.linear[23];
        let margin = pos.store(us) as i64 - pos.store(them) as i64;
        sum = sum.wrapping_add(margin.wrapping_mul(self.linear[0]));
        for (side, ours, theirs) in [(0, a, b), (1, b, a)] {
            let (mut capture, mut largest) = (0i64, 0i64);
            for (k, &s) in ours.iter().enumerate() {
                sum = sum.wrapping_add(self.pits[side][n - k][s as usize]);
                largest = largest.max(s as i64);
                // The last seed lands in pit k + s of our own, without a lap.
                let j = k + s as usize;
                if s != 0 && j < n && ours[j] == 0 {
                    let opposite = theirs[n - 1 - j] as i64;
                    if opposite > 0 || capture_empty {
                        capture = capture.max(opposite + 1);
                    }
                }
            }
            sum = sum
                .wrapping_add(capture.wrapping_mul(self.linear[17 + side]))
                .wrapping_add(largest.wrapping_mul(self.linear[21 + side]));
        }
        self.finish(sum, pos, unit)
    }
}
