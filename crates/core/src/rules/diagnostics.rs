//! What is wrong with a variant file, told to the person who wrote it
//! ([`VariantFileError`]): every unknown, missing or mistyped key of its
//! TOML at once, with the line it is on, each line of the message cut short.

use super::{RuleErrors, Rules, MAX_VARIANT_FILE_BYTES};

/// The longest line of a message about a variant file's text: longer lines
/// (the parser quotes the text it stopped at) are cut.
const MESSAGE_LINE_MAX: usize = 120;

/// Why a variant file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum VariantFileError {
    /// Not valid TOML, or not the shape of a rule set (unknown or missing field).
    #[error("not a valid variant file: {0}")]
    Syntax(String),
    /// More text than a variant file may hold.
    #[error(
        "the text is {0} bytes long: a variant file holds at most {MAX_VARIANT_FILE_BYTES} bytes"
    )]
    TooLarge(usize),
    /// Valid TOML whose values break the rules' limits.
    #[error(transparent)]
    Invalid(#[from] RuleErrors),
}

/// Every problem of shape in a variant file that is valid TOML (unknown,
/// missing or mistyped keys), all at once rather than the first alone; the
/// deserializer's own message (with its line) when the text is not TOML at
/// all or when no key can be blamed.
pub(super) fn shape_problems(text: &str, first: toml::de::Error) -> String {
    let Ok(file) = text.parse::<toml::Table>() else {
        return first.to_string();
    };
    // A complete rule set to test one key at a time against: each key of the
    // file is put into it alone, and each key of it is taken out alone.
    let reference = crate::Variant::preset("kalah")
        .ok()
        .and_then(|v| toml::Value::try_from(v.rules()).ok())
        .and_then(|v| v.as_table().cloned())
        .map(|mut table| {
            // Kalah has no `[rounds]`: the section's keys are its defaults'.
            if let Ok(rounds) = toml::Value::try_from(super::RoundsRules::default()) {
                table.entry("rounds").or_insert(rounds);
            }
            table
        });
    let Some(mut reference) = reference else {
        return first.to_string();
    };
    // Keys Kalah's rules do not write (their defaults), known all the same.
    if let Some(sowing) = reference.get_mut("sowing").and_then(|s| s.as_table_mut()) {
        sowing.insert("direction".into(), "counter-clockwise".into());
        let mut by_pit = toml::Table::new();
        for (field, way) in [("left", "ccw"), ("centre", "either"), ("right", "ccw")] {
            by_pit.insert(field.into(), way.into());
        }
        sowing.insert("by_pit".into(), by_pit.into());
        sowing.insert("relay_direction".into(), "same".into());
        sowing.insert("extra_turn_uncrossed".into(), false.into());
        sowing.insert("seeds_per_place".into(), 1.into());
    }
    if let Some(capture) = reference.get_mut("capture").and_then(|s| s.as_table_mut()) {
        capture.insert("empty_pit_needs_crossing".into(), false.into());
        capture.insert("empty_pit_chain".into(), 0.into());
    }
    if let Some(capture) = reference.get_mut("capture").and_then(|s| s.as_table_mut()) {
        capture.insert("after_empty_chain".into(), false.into());
    }
    if let Some(turn) = reference.get_mut("turn").and_then(|s| s.as_table_mut()) {
        turn.insert("refill_empty_row".into(), false.into());
    }
    let fits = |table: &toml::Table| toml::Value::Table(table.clone()).try_into::<Rules>();
    let mut problems = Vec::new();
    for (key, value) in &file {
        let Some(known) = reference.get(key) else {
            problems.push(format!(
                "{}unknown key `{}` (the keys are {})",
                at_line(text, None, key),
                crate::quote(key),
                keys(&reference)
            ));
            continue;
        };
        match (value.as_table(), known.as_table()) {
            (Some(section), Some(known_section)) => {
                for (field, v) in section {
                    if !known_section.contains_key(field) {
                        problems.push(format!(
                            "{}[{key}]: unknown key `{}` (the keys are {})",
                            at_line(text, Some(key), field),
                            crate::quote(field),
                            keys(known_section)
                        ));
                        continue;
                    }
                    let mut trial = reference.clone();
                    if let Some(t) = trial.get_mut(key).and_then(|t| t.as_table_mut()) {
                        t.insert(field.clone(), v.clone());
                    }
                    if let Err(e) = fits(&trial) {
                        problems.push(format!(
                            "{}[{key}] {field}: {}",
                            at_line(text, Some(key), field),
                            crate::quote(e.message().trim())
                        ));
                    }
                }
                for field in known_section.keys().filter(|f| !section.contains_key(*f)) {
                    let mut trial = reference.clone();
                    if let Some(t) = trial.get_mut(key).and_then(|t| t.as_table_mut()) {
                        t.remove(field);
                    }
                    if fits(&trial).is_err() {
                        problems.push(format!("[{key}]: missing key `{field}`"));
                    }
                }
            }
            (None, Some(_)) => problems.push(format!("`{key}` must be a section, [{key}]")),
            _ => {
                let mut trial = reference.clone();
                trial.insert(key.clone(), value.clone());
                if let Err(e) = fits(&trial) {
                    problems.push(format!(
                        "{}{key}: {}",
                        at_line(text, None, key),
                        crate::quote(e.message().trim())
                    ));
                }
            }
        }
    }
    for key in reference.keys().filter(|k| !file.contains_key(*k)) {
        let mut trial = reference.clone();
        trial.remove(key);
        if fits(&trial).is_err() {
            problems.push(if reference[key].is_table() {
                format!("missing section [{key}]")
            } else {
                format!("missing key `{key}`")
            });
        }
    }
    if problems.len() <= 1 {
        // One problem: the deserializer says it best, with the line drawn.
        return first.to_string();
    }
    let mut out =
        format!("{} problem{}:", problems.len(), if problems.len() == 1 { "" } else { "s" });
    for p in problems {
        out.push_str("\n  - ");
        out.push_str(&p);
    }
    out
}

/// `line N: ` for where `key` is set in `section` (the top level when
/// `None`), or nothing when it cannot be found.
fn at_line(text: &str, section: Option<&str>, key: &str) -> String {
    let mut current: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.split(']').next()) {
            current = Some(name.trim().to_string());
            continue;
        }
        let Some(rest) = line.strip_prefix(key) else { continue };
        if rest.trim_start().starts_with('=') && current.as_deref() == section {
            return format!("line {}: ", i + 1);
        }
    }
    String::new()
}

/// The keys of a table, for messages.
fn keys(table: &toml::Table) -> String {
    table.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
}

/// A message with every line cut to [`MESSAGE_LINE_MAX`] characters (and
/// `...`), and at most 20 lines: the TOML parser quotes the input.
pub(super) fn short_lines(message: &str) -> String {
    let mut lines: Vec<String> = message
        .lines()
        .take(20)
        .map(|l| {
            if l.chars().count() > MESSAGE_LINE_MAX {
                format!("{}...", l.chars().take(MESSAGE_LINE_MAX).collect::<String>())
            } else {
                l.to_string()
            }
        })
        .collect();
    if message.lines().nth(20).is_some() {
        lines.push("...".to_string());
    }
    lines.join("\n")
}
