//! The weights file: its format (a versioned header, one line a feature,
//! a checksum), reading and writing it ([`parse_weights`],
//! [`format_weights`]), and the weights compiled into the program from
//! `crates/engine/weights/`.

use std::sync::OnceLock;

use super::features::{feature_names, FEATURES};

/// The weights file's format version (the header's second word).
pub const WEIGHTS_VERSION: u32 = 1;

/// The Oware-family weights, as compiled in.
pub const OWARE_WEIGHTS_TEXT: &str = include_str!("../../../weights/oware.txt");

/// The Kalah-family weights, as compiled in.
pub const KALAH_WEIGHTS_TEXT: &str = include_str!("../../../weights/kalah.txt");

/// The relay Kalah weights (Kalah's features), as compiled in.
pub const RELAY_WEIGHTS_TEXT: &str = include_str!("../../../weights/relay-kalah.txt");

/// Learned weights, two per feature: `full` applies when all the seeds
/// are still in the pits, `empty` when none are, and the weight in between
/// is interpolated by the share of the seeds left in the pits. The
/// estimate is the features' weighted sum divided by `scale` (so a weight
/// of `scale` is one seed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The divisor of the weighted sum: a weight of `scale` is one seed.
    pub scale: i32,
    /// Each feature's weight while all the seeds are still in the pits.
    pub full: [i32; FEATURES],
    /// Each feature's weight once no seeds are left in the pits.
    pub empty: [i32; FEATURES],
}

/// What is wrong with a weights file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The file has no line but comments and blank ones.
    #[error("the weights file is empty: it should start with `mancala-eval {WEIGHTS_VERSION} FAMILY FEATURES SCALE`")]
    Empty,
    /// The header (the first line not a comment or blank) is not of the
    /// form `mancala-eval VERSION FAMILY FEATURES SCALE`.
    #[error("line {line}: the header should read `mancala-eval VERSION FAMILY FEATURES SCALE`, not `{text}`")]
    Header {
        /// The line's number in the file, from 1.
        line: usize,
        /// The header line as written.
        text: String,
    },
    /// The header names a format version other than [`WEIGHTS_VERSION`].
    #[error("the weights file is format version {found}, but this program reads version {WEIGHTS_VERSION}")]
    Version {
        /// The version the header gives.
        found: String,
    },
    /// The weights are for another family of variants.
    #[error("the weights file is for the {found} family, but {expected} weights were expected")]
    Family {
        /// The family the header names.
        found: String,
        /// The family asked for.
        expected: String,
    },
    /// The header gives a number of features other than the evaluation's.
    #[error("the weights file has {found} features, but the evaluation reads {expected}")]
    Count {
        /// The features the header gives (0 for a negative number).
        found: usize,
        /// The features the evaluation reads.
        expected: usize,
    },
    /// A word that should be a whole number is not one.
    #[error("line {line}: `{text}` is not a number")]
    Number {
        /// The line's number in the file, from 1.
        line: usize,
        /// The word as written.
        text: String,
    },
    /// The header's scale is outside 1 to 4096.
    #[error("line {line}: the scale must be between 1 and 4096, not {found}")]
    Scale {
        /// The line's number in the file, from 1.
        line: usize,
        /// The scale the header gives.
        found: i64,
    },
    /// A feature's line does not name the next feature followed by its two
    /// weights.
    #[error("line {line}: expected `{expected} FULL EMPTY` (its two weights), found `{text}`")]
    Name {
        /// The line's number in the file, from 1.
        line: usize,
        /// The feature whose line was due.
        expected: &'static str,
        /// The line as written.
        text: String,
    },
    /// A weight outside -100000 to 100000.
    #[error("line {line}: the weight of `{name}` is {found}, outside -100000..=100000")]
    Range {
        /// The line's number in the file, from 1.
        line: usize,
        /// The feature whose weight it is.
        name: &'static str,
        /// The weight the file gives.
        found: i64,
    },
    /// The file ends, or reaches its checksum, before every feature has its
    /// line.
    #[error("the weights file ends after {found} of its {expected} weights")]
    Missing {
        /// The features read.
        found: usize,
        /// The features the evaluation reads.
        expected: usize,
    },
    /// No `checksum HEX` line follows the weights.
    #[error("the weights file has no `checksum` line after its weights")]
    NoChecksum,
    /// The checksum differs from the one the weights give: the file is
    /// damaged.
    #[error("line {line}: the checksum is {found} but the weights add up to {computed}: the file is damaged")]
    Checksum {
        /// The line's number in the file, from 1.
        line: usize,
        /// The checksum the file gives.
        found: String,
        /// The checksum of the family, scale and weights as read
        /// ([`weights_checksum`]).
        computed: String,
    },
    /// A line after the checksum that is not a comment or blank.
    #[error("line {line}: unexpected text after the checksum: `{text}`")]
    Trailing {
        /// The line's number in the file, from 1.
        line: usize,
        /// The line as written.
        text: String,
    },
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
/// is damaged; a test reads each compiled-in file, so a build that ships a
/// damaged one fails its tests first).
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
