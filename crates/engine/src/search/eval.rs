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

use std::sync::{Arc, OnceLock};

use mancala_core::{EmptyPitCapture, EmptySide, Position, Side, StorePlacement, Variant};

use super::score::bounds;

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

/// The weights file's format version (the header's second word).
pub const WEIGHTS_VERSION: u32 = 1;

/// The Oware-family weights, as compiled in.
pub const OWARE_WEIGHTS_TEXT: &str = include_str!("../../weights/oware.txt");

/// The Kalah-family weights, as compiled in.
pub const KALAH_WEIGHTS_TEXT: &str = include_str!("../../weights/kalah.txt");

/// The relay Kalah weights (Kalah's features), as compiled in.
pub const RELAY_WEIGHTS_TEXT: &str = include_str!("../../weights/relay-kalah.txt");

/// Learned weights, two per feature: `full` applies when all the seeds
/// are still in the pits, `empty` when none are, and the weight in between
/// is interpolated by the share of the seeds left in the pits. The
/// estimate is the features' weighted sum divided by `scale` (so a weight
/// of `scale` is one seed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub scale: i32,
    pub full: [i32; FEATURES],
    pub empty: [i32; FEATURES],
}

/// What is wrong with a weights file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("the weights file is empty: it should start with `mancala-eval {WEIGHTS_VERSION} FAMILY FEATURES SCALE`")]
    Empty,
    #[error("line {line}: the header should read `mancala-eval VERSION FAMILY FEATURES SCALE`, not `{text}`")]
    Header { line: usize, text: String },
    #[error("the weights file is format version {found}, but this program reads version {WEIGHTS_VERSION}")]
    Version { found: String },
    #[error("the weights file is for the {found} family, but {expected} weights were expected")]
    Family { found: String, expected: String },
    #[error("the weights file has {found} features, but the evaluation reads {expected}")]
    Count { found: usize, expected: usize },
    #[error("line {line}: `{text}` is not a number")]
    Number { line: usize, text: String },
    #[error("line {line}: the scale must be between 1 and 4096, not {found}")]
    Scale { line: usize, found: i64 },
    #[error("line {line}: expected `{expected} FULL EMPTY` (its two weights), found `{text}`")]
    Name { line: usize, expected: &'static str, text: String },
    #[error("line {line}: the weight of `{name}` is {found}, outside -100000..=100000")]
    Range { line: usize, name: &'static str, found: i64 },
    #[error("the weights file ends after {found} of its {expected} weights")]
    Missing { found: usize, expected: usize },
    #[error("the weights file has no `checksum` line after its weights")]
    NoChecksum,
    #[error("line {line}: the checksum is {found} but the weights add up to {computed}: the file is damaged")]
    Checksum { line: usize, found: String, computed: String },
    #[error("line {line}: unexpected text after the checksum: `{text}`")]
    Trailing { line: usize, text: String },
}

/// The checksum of a weights file: FNV-1a (64 bits) over the family, the
/// scale and the weights, written as 16 hex digits.
pub fn weights_checksum(family: &str, w: &Weights) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(family.as_bytes());
    eat(&w.scale.to_le_bytes());
    for (a, b) in w.full.iter().zip(&w.empty) {
        eat(&a.to_le_bytes());
        eat(&b.to_le_bytes());
    }
    format!("{h:016x}")
}

/// Writes weights in the file format [`parse_weights`] reads, with
/// `comment` lines (each prefixed by `# `) at the top.
pub fn format_weights(family: &str, w: &Weights, comment: &[String]) -> String {
    let mut out = String::new();
    for c in comment {
        out.push_str("# ");
        out.push_str(c);
        out.push('\n');
    }
    out.push_str(&format!("mancala-eval {WEIGHTS_VERSION} {family} {FEATURES} {}\n", w.scale));
    for (i, name) in feature_names(family).iter().enumerate() {
        out.push_str(&format!("{name} {} {}\n", w.full[i], w.empty[i]));
    }
    out.push_str(&format!("checksum {}\n", weights_checksum(family, w)));
    out
}

/// Reads and checks a weights file for `family`: a header line
/// `mancala-eval VERSION FAMILY FEATURES SCALE`, one line
/// `NAME FULL EMPTY` per feature in the order of [`feature_names`], and `checksum HEX`
/// ([`weights_checksum`]). Blank lines and lines starting with `#` are
/// skipped.
pub fn parse_weights(text: &str, family: &str) -> Result<Weights, WeightsError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let number = |line: usize, t: &str| -> Result<i64, WeightsError> {
        t.parse::<i64>().map_err(|_| WeightsError::Number { line, text: t.to_string() })
    };
    let (line, header) = lines.next().ok_or(WeightsError::Empty)?;
    let words: Vec<&str> = header.split_whitespace().collect();
    let [magic, version, found_family, count, scale] = words[..] else {
        return Err(WeightsError::Header { line, text: header.to_string() });
    };
    if magic != "mancala-eval" {
        return Err(WeightsError::Header { line, text: header.to_string() });
    }
    if version != WEIGHTS_VERSION.to_string() {
        return Err(WeightsError::Version { found: version.to_string() });
    }
    if found_family != family {
        return Err(WeightsError::Family {
            found: found_family.to_string(),
            expected: family.to_string(),
        });
    }
    let count = number(line, count)?;
    if count != FEATURES as i64 {
        return Err(WeightsError::Count { found: count.max(0) as usize, expected: FEATURES });
    }
    let scale = number(line, scale)?;
    if !(1..=4096).contains(&scale) {
        return Err(WeightsError::Scale { line, found: scale });
    }
    let mut w = Weights { scale: scale as i32, full: [0; FEATURES], empty: [0; FEATURES] };
    for (i, name) in feature_names(family).iter().enumerate() {
        let Some((line, text)) = lines.next() else {
            return Err(WeightsError::Missing { found: i, expected: FEATURES });
        };
        let mut parts = text.split_whitespace();
        let found = parts.next().unwrap_or("");
        if found == "checksum" {
            return Err(WeightsError::Missing { found: i, expected: FEATURES });
        }
        let (true, Some(full), Some(empty), None) =
            (found == *name, parts.next(), parts.next(), parts.next())
        else {
            return Err(WeightsError::Name { line, expected: name, text: text.to_string() });
        };
        for (slot, text) in [(&mut w.full[i], full), (&mut w.empty[i], empty)] {
            let value = number(line, text)?;
            if !(-100_000..=100_000).contains(&value) {
                return Err(WeightsError::Range { line, name, found: value });
            }
            *slot = value as i32;
        }
    }
    let Some((line, text)) = lines.next() else {
        return Err(WeightsError::NoChecksum);
    };
    let found = match text.split_whitespace().collect::<Vec<_>>()[..] {
        ["checksum", hex] => hex.to_string(),
        _ => return Err(WeightsError::NoChecksum),
    };
    let computed = weights_checksum(family, &w);
    if found != computed {
        return Err(WeightsError::Checksum { line, found, computed });
    }
    if let Some((line, text)) = lines.next() {
        return Err(WeightsError::Trailing { line, text: text.to_string() });
    }
    Ok(w)
}

/// Compiled-in weights of `family`, read from `text` (the file `file` of
/// `crates/engine/weights/`) the first time they are asked for.
///
/// # Panics
/// If the compiled-in file is damaged (a test reads each, so a build that
/// ships one fails its tests first).
fn compiled(
    cell: &'static OnceLock<Weights>,
    text: &str,
    family: &str,
    file: &str,
) -> &'static Weights {
    cell.get_or_init(|| {
        parse_weights(text, family).unwrap_or_else(|e| panic!("crates/engine/weights/{file}: {e}"))
    })
}

/// The compiled-in Oware-family weights, checked once (panics if the file
/// is damaged: see [`compiled`]).
pub fn oware_weights() -> &'static Weights {
    static WEIGHTS: OnceLock<Weights> = OnceLock::new();
    compiled(&WEIGHTS, OWARE_WEIGHTS_TEXT, "oware", "oware.txt")
}

/// The compiled-in Kalah-family weights, checked once.
pub fn kalah_weights() -> &'static Weights {
    static WEIGHTS: OnceLock<Weights> = OnceLock::new();
    compiled(&WEIGHTS, KALAH_WEIGHTS_TEXT, "kalah", "kalah.txt")
}

/// The compiled-in relay Kalah weights, checked once.
pub fn relay_weights() -> &'static Weights {
    static WEIGHTS: OnceLock<Weights> = OnceLock::new();
    compiled(&WEIGHTS, RELAY_WEIGHTS_TEXT, "relay", "relay-kalah.txt")
}

/// Whether Kalah's features fit a variant: stores in the sowing ring,
/// Kalah's capture into an empty pit of one's own, no Oware capture, at
/// most [`KALAH_MAX_PITS`] pits a side.
fn kalah_like(v: &Variant) -> bool {
    let r = v.rules();
    r.board.stores == StorePlacement::Ring
        && r.capture.empty_pit != EmptyPitCapture::Off
        && r.capture.counts.is_empty()
        && v.pits_per_side() <= KALAH_MAX_PITS
}

/// Whether the learned Kalah-family weights fit a variant: Kalah's
/// features fit, and the sowing is not relay sowing.
pub fn learned_kalah_fits(v: &Variant) -> bool {
    kalah_like(v) && !v.rules().sowing.relay
}

/// Whether the learned relay Kalah weights fit a variant: Kalah's features
/// fit, with relay sowing.
pub fn learned_relay_fits(v: &Variant) -> bool {
    kalah_like(v) && v.rules().sowing.relay
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
}

/// The largest capture the player owning `ours` could make with one
/// sowing that does not lap the board (fewer than 12 seeds), against
/// `theirs`: the last seed lands in their pit `j`, which with each of their
/// pits before it received one seed; the capture takes pit `j` and the
/// pits before it while they hold 2 or 3.
#[inline]
fn best_capture(ours: &[u8; LEARNED_PITS], theirs: &[u8; LEARNED_PITS]) -> i32 {
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
fn six_pit_rows(pos: &Position) -> ([u8; LEARNED_PITS], [u8; LEARNED_PITS]) {
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
fn interpolate(full: i64, empty: i64, scale: i64, pos: &Position) -> i32 {
    let (pits, total) = phase(pos);
    let den = total * scale;
    (full * pits + empty * (total - pits) + den / 2).div_euclid(den) as i32
}

/// Seeds in the pits and in all (at least 1): how far the game is from
/// its end, for the interpolation of [`Weights`].
#[inline]
pub fn phase(pos: &Position) -> (i64, i64) {
    let pits = pos.seeds_in_pits() as i64;
    let stores = (pos.store(Side::South) as u32 + pos.store(Side::North) as u32) as i64;
    (pits, (pits + stores).max(1))
}

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

/// Learned weights laid out for the search: the same sums as
/// [`estimate`] over [`features`] or [`kalah_features`], to the unit, with
/// table lookups instead of the feature vector.
///
/// Layout: each entry is one `i64` holding two sums at once, the
/// `full`-weights sum times 2^32 plus the `empty`-weights sum (a "packed
/// pair"). Adding packed pairs adds both sums, carries and all, and
/// [`unpack`] takes them apart again: exact while each sum stays within
/// `i32`, which [`parse_weights`]'s limits (weights within ±100,000,
/// features at most 255) keep it far from for any board the families'
/// features are made for.
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

    /// The tables of the Oware-family weights ([`FEATURE_NAMES`]).
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

    /// The tables of the Kalah-family weights ([`KALAH_FEATURE_NAMES`]).
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

    /// The packed sums to seeds, as [`estimate`] rounds them.
    #[inline(always)]
    fn finish(&self, packed: i64, pos: &Position) -> i32 {
        let (full, empty) = unpack(packed);
        interpolate(full, empty, self.scale, pos)
    }

    /// [`learned_estimate`] from the tables.
    #[inline]
    pub fn oware_estimate(&self, pos: &Position) -> i32 {
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
        self.finish(sum, pos)
    }

    /// [`estimate`] over [`kalah_features`] from the tables.
    #[inline]
    pub fn kalah_estimate(&self, pos: &Position, capture_empty: bool) -> i32 {
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
        self.finish(sum, pos)
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
        let r = v.rules();
        let (num, den) = match (r.board.stores, r.end.empty_side) {
            // Kalah: seeds left go to their owner; seeds near one's
            // store tend to end in it.
            (StorePlacement::Ring, EmptySide::Either) => (1, 3),
            (StorePlacement::Ring, EmptySide::Mover) => (1, 4),
            // Oware: seeds on one's side are both material and targets.
            (StorePlacement::Beside, _) => (0, 1),
        };
        Evaluator { kind: Kind::Stores { num, den } }
    }

    /// The learned evaluation with the given weights (for six-pit boards
    /// only: see [`learned_fits`]).
    pub fn learned(w: Weights) -> Evaluator {
        Evaluator { kind: Kind::Learned(Arc::new(PackedWeights::oware(&w))) }
    }

    /// The estimated final margin for the player to move.
    #[inline]
    pub fn eval(&self, v: &Variant, pos: &Position) -> i32 {
        let estimate = match &self.kind {
            Kind::Stores { num, den } => {
                let us = pos.to_move();
                let them = us.opponent();
                let stores = pos.store(us) as i32 - pos.store(them) as i32;
                let sides = pos.side_seeds(us) as i32 - pos.side_seeds(them) as i32;
                stores + sides * num / den
            }
            Kind::Learned(t) => t.oware_estimate(pos),
            Kind::LearnedKalah(t, always) => t.kalah_estimate(pos, *always),
        };
        let (low, high) = bounds(v, pos);
        estimate.clamp(low, high)
    }
}
