//! The features of the learned evaluations, in the order of their weights
//! files: the Oware family's ([`FEATURE_NAMES`], six pits a side) and the
//! Kalah family's ([`KALAH_FEATURE_NAMES`], any board up to
//! [`KALAH_MAX_PITS`] pits a side), the variants each fits, and the
//! weighted sum over them ([`estimate`]) that [`super::PackedWeights`]
//! computes faster.

use mancala_core::{EmptyPitCapture, Position, Side, StorePlacement, Variant};

use super::weights_file::Weights;

/// Pits per side the learned Oware-family weights are made for.
pub const LEARNED_PITS: usize = 6;

/// The features of the learned evaluation, in the order of the weights
/// file: "our" is the player to move, "their" the opponent. Pits are
/// numbered from their owner's left, the order the owner sows them in.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "store_margin",
    "our_pit_1",
    "our_pit_2",
    "our_pit_3",
    "our_pit_4",
    "our_pit_5",
    "our_pit_6",
    "their_pit_1",
    "their_pit_2",
    "their_pit_3",
    "their_pit_4",
    "their_pit_5",
    "their_pit_6",
    "our_pits_1_2",
    "their_pits_1_2",
    "our_empty_pits",
    "their_empty_pits",
    "our_laps",
    "their_laps",
    "our_capture",
    "their_capture",
    "our_reaching_pits",
    "their_reaching_pits",
    "tempo",
];

/// How many features the learned evaluation reads (in either family).
pub const FEATURES: usize = 24;

/// The features of the learned Kalah-family evaluation, in the order of
/// its weights file. They do not depend on the board's size: pits are
/// counted by their distance from their owner's store (pit 1 is the one
/// beside it), and pits 6 and beyond are summed.
pub const KALAH_FEATURE_NAMES: [&str; FEATURES] = [
    "store_margin",
    "our_pit_1",
    "our_pit_2",
    "our_pit_3",
    "our_pit_4",
    "our_pit_5",
    "our_pits_6_on",
    "their_pit_1",
    "their_pit_2",
    "their_pit_3",
    "their_pit_4",
    "their_pit_5",
    "their_pits_6_on",
    "our_extra_turns",
    "their_extra_turns",
    "our_empty_pits",
    "their_empty_pits",
    "our_capture",
    "their_capture",
    "our_overflow",
    "their_overflow",
    "our_largest_pit",
    "their_largest_pit",
    "tempo",
];

/// The feature names of a family's weights file: Kalah's for `kalah` and
/// `relay` (relay Kalah), the Oware family's for any other.
pub fn feature_names(family: &str) -> &'static [&'static str; FEATURES] {
    if family == "kalah" || family == "relay" {
        &KALAH_FEATURE_NAMES
    } else {
        &FEATURE_NAMES
    }
}

/// Whether Kalah's features fit a variant: stores in the sowing ring,
/// Kalah's capture into an empty pit of one's own, no Oware capture, at
/// most [`KALAH_MAX_PITS`] pits a side.
fn kalah_like(v: &Variant) -> bool {
    let r = v.rules();
    r.board.stores == StorePlacement::Ring
        && r.capture.empty_pit != EmptyPitCapture::Off
        && r.capture.counts.is_empty()
        && !r.uses_general_elements()
        && v.pits_per_side() <= KALAH_MAX_PITS
}

/// Whether the learned Kalah-family weights fit a variant: Kalah's
/// features fit, and the sowing is not relay sowing.
pub fn learned_kalah_fits(v: &Variant) -> bool {
    kalah_like(v) && v.rules().sowing.relay == mancala_core::Relay::None
}

/// Whether the learned relay Kalah weights fit a variant: Kalah's features
/// fit, with relay sowing.
pub fn learned_relay_fits(v: &Variant) -> bool {
    kalah_like(v) && v.rules().sowing.relay == mancala_core::Relay::Own
}

/// The most pits a side the Kalah-family features are computed for.
pub const KALAH_MAX_PITS: usize = 16;

/// The features of a Kalah-family position, seen by its mover, in the
/// order of [`KALAH_FEATURE_NAMES`]. `capture_empty`: a capture into an
/// empty pit takes place even when the opposite pit is empty (it then
/// takes the last seed alone).
#[inline]
pub fn kalah_features(pos: &Position, capture_empty: bool) -> [i32; FEATURES] {
    let us = pos.to_move();
    let them = us.opponent();
    let (a, b) = (pos.row(us), pos.row(them));
    let n = a.len();
    let mut f = [0i32; FEATURES];
    f[0] = pos.store(us) as i32 - pos.store(them) as i32;
    kalah_side(a, b, n, capture_empty, &mut f, 0);
    kalah_side(b, a, n, capture_empty, &mut f, 1);
    f[23] = 1;
    f
}

/// The features of one side (`ours`, facing `theirs`): written at the
/// "our" slots when `at` is 0, the "their" slots when 1.
#[inline]
fn kalah_side(
    ours: &[u8],
    theirs: &[u8],
    n: usize,
    capture_empty: bool,
    f: &mut [i32; FEATURES],
    at: usize,
) {
    let (mut extra, mut empty, mut capture, mut overflow, mut largest) = (0, 0, 0, 0, 0);
    for (k, &s) in ours.iter().enumerate() {
        let s = s as usize;
        // Distance from the store: 1 for the pit beside it.
        let d = n - k;
        f[1 + 6 * at + (d.min(6) - 1)] += s as i32;
        largest = largest.max(s as i32);
        if s == 0 {
            empty += 1;
            continue;
        }
        if s == d {
            extra += 1;
        }
        if s > d {
            overflow += (s - d) as i32;
        }
        // The last seed lands in pit k + s of our own, without a lap.
        let j = k + s;
        if j < n && ours[j] == 0 {
            let opposite = theirs[n - 1 - j] as i32;
            if opposite > 0 || capture_empty {
                capture = capture.max(opposite + 1);
            }
        }
    }
    f[13 + at] = extra;
    f[15 + at] = empty;
    f[17 + at] = capture;
    f[19 + at] = overflow;
    f[21 + at] = largest;
}

/// Whether the learned Oware-family weights fit a variant: stores beside
/// the board, captures of 2 or 3 seeds, six pits a side.
pub fn learned_fits(v: &Variant) -> bool {
    let r = v.rules();
    r.board.stores == StorePlacement::Beside
        && v.pits_per_side() == LEARNED_PITS
        && r.capture.counts[..] == [2, 3]
        && r.capture.chain
        && !r.uses_general_elements()
}

/// The largest capture the player owning `ours` could make with one
/// sowing that does not lap the board (fewer than 12 seeds), against
/// `theirs`: the last seed lands in their pit `j`, which with each of their
/// pits before it received one seed; the capture takes pit `j` and the
/// pits before it while they hold 2 or 3.
#[inline]
pub(super) fn best_capture(ours: &[u8; LEARNED_PITS], theirs: &[u8; LEARNED_PITS]) -> i32 {
    let n = LEARNED_PITS;
    let mut best = 0;
    for (k, &s) in ours.iter().enumerate() {
        let reach = k + s as usize;
        if s == 0 || reach < n || reach >= 2 * n {
            continue;
        }
        let mut taken = 0;
        let mut j = reach - n;
        loop {
            let c = theirs[j] as i32 + 1;
            if c != 2 && c != 3 {
                break;
            }
            taken += c;
            if j == 0 {
                break;
            }
            j -= 1;
        }
        best = best.max(taken);
    }
    best
}

/// The rows of a six-pit position: the mover's, then the opponent's.
#[inline(always)]
pub(super) fn six_pit_rows(pos: &Position) -> ([u8; LEARNED_PITS], [u8; LEARNED_PITS]) {
    let row = |side: Side| -> [u8; LEARNED_PITS] {
        let mut r = [0u8; LEARNED_PITS];
        r.copy_from_slice(&pos.row(side)[..LEARNED_PITS]);
        r
    };
    (row(pos.to_move()), row(pos.to_move().opponent()))
}

/// The features of a six-pit position, seen by its mover, in the order of
/// [`FEATURE_NAMES`].
#[inline]
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let (us, them) = (pos.to_move(), pos.to_move().opponent());
    let (a, b) = six_pit_rows(pos);
    let mut f = [0i32; FEATURES];
    f[0] = pos.store(us) as i32 - pos.store(them) as i32;
    for k in 0..LEARNED_PITS {
        f[1 + k] = a[k] as i32;
        f[7 + k] = b[k] as i32;
    }
    let count = |r: &[u8; LEARNED_PITS], keep: fn(u8) -> bool| -> i32 {
        r.iter().filter(|&&c| keep(c)).count() as i32
    };
    f[13] = count(&a, |c| c == 1 || c == 2);
    f[14] = count(&b, |c| c == 1 || c == 2);
    f[15] = count(&a, |c| c == 0);
    f[16] = count(&b, |c| c == 0);
    f[17] = count(&a, |c| c >= 12);
    f[18] = count(&b, |c| c >= 12);
    f[19] = best_capture(&a, &b);
    f[20] = best_capture(&b, &a);
    let reaching = |r: &[u8; LEARNED_PITS]| -> i32 {
        r.iter().enumerate().filter(|&(k, &c)| c as usize >= LEARNED_PITS - k).count() as i32
    };
    f[21] = reaching(&a);
    f[22] = reaching(&b);
    f[23] = 1;
    f
}

/// The learned estimate of `pos` for its mover, in seeds (not clamped),
/// rounded to the nearest seed.
#[inline]
pub fn learned_estimate(w: &Weights, pos: &Position) -> i32 {
    estimate(w, &features(pos), pos)
}

/// The weighted sum of features `f` of `pos`, interpolated by the seeds
/// left in the pits, in seeds rounded to the nearest (not clamped).
#[inline]
pub fn estimate(w: &Weights, f: &[i32; FEATURES], pos: &Position) -> i32 {
    let (mut full, mut empty) = (0i64, 0i64);
    for ((x, a), b) in f.iter().zip(&w.full).zip(&w.empty) {
        full += (x * a) as i64;
        empty += (x * b) as i64;
    }
    interpolate(full, empty, w.scale as i64, pos)
}

/// The two weighted sums (`full`, `empty`) interpolated by the seeds left
/// in the pits of `pos`, divided by `scale`: in seeds, rounded to the
/// nearest.
#[inline(always)]
pub(super) fn interpolate(full: i64, empty: i64, scale: i64, pos: &Position) -> i32 {
    interpolate_in(full, empty, scale, 1, pos)
}

/// [`interpolate`] in `unit`s a seed, rounded to the nearest.
#[inline(always)]
pub(super) fn interpolate_in(full: i64, empty: i64, scale: i64, unit: i64, pos: &Position) -> i32 {
    let (pits, total) = phase(pos);
    let den = total * scale;
    ((full * pits + empty * (total - pits)) * unit + den / 2).div_euclid(den) as i32
}

/// Seeds in the pits and in all (at least 1): how far the game is from
/// its end, for the interpolation of [`Weights`].
#[inline]
pub fn phase(pos: &Position) -> (i64, i64) {
    let pits = pos.seeds_in_pits() as i64;
    let stores = (pos.store(Side::South) as u32 + pos.store(Side::North) as u32) as i64;
    (pits, (pits + stores).max(1))
}
