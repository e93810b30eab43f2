//! Checkpoints of a solve: the bounds proven so far on the root's future
//! margin, saved so that an interrupted solve resumes where it stopped.
//!
//! A damaged or foreign checkpoint is never trusted: it names what it
//! belongs to (a hash of the rules that matter to play, the pie rule, and
//! the root position), carries a checksum of its content (against damage,
//! not against someone recomputing it on purpose), and its bounds must lie
//! within what the position allows (plus or minus the seeds on the board).
//! Anything else is refused with the reason ([`CheckpointError`]) and the solve starts from
//! nothing. It is written to a temporary file and renamed into place, so a
//! crash leaves the old checkpoint or the new one, never half of one.
//!
//! The file is four lines of text:
//!
//! ```text
//! mancala solve checkpoint 1
//! identity 3a1f0c9b2d7e4f60
//! bounds 10 48
//! checksum 9c0d4e1f2a3b5c6d
//! ```
//!
//! `checksum` is the xxh3 hash of the three lines before it (newlines
//! included).

use std::io::Write;
use std::path::Path;

use mancala_core::{Position, Side, Variant};
use xxhash_rust::xxh3::xxh3_64;

use crate::layer_file::fingerprint;
use crate::plan::PlanEvent;

const FIRST_LINE: &str = "mancala solve checkpoint 1";

/// Proven bounds on a root's future margin for the player to move, and what
/// they belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// [`Checkpoint::identity`] of the solve.
    pub identity: u64,
    /// The mover's future margin is at least this.
    pub lower: i32,
    /// The mover's future margin is at most this.
    pub upper: i32,
}

/// Why a checkpoint file was not used.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file cannot be read.
    #[error("cannot read it: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not a checkpoint of this version.
    #[error("not a solve checkpoint of this version (expected the line `{FIRST_LINE}`)")]
    Format,
    /// Its checksum does not match its content.
    #[error("checksum mismatch: the file was damaged or edited")]
    Checksum,
    /// It holds the bounds of another rule set or position.
    #[error("it belongs to another variant or position")]
    Foreign,
    /// Its bounds are wider than the seeds on the board allow.
    #[error(
        "its bounds [{lower:+}, {upper:+}] are not within [-{seeds}, +{seeds}], what {seeds} seeds \
         on the board allow"
    )]
    OutOfRange {
        /// The lower bound in the file.
        lower: i32,
        /// The upper bound in the file.
        upper: i32,
        /// The seeds in the pits, which bound any future margin.
        seeds: i32,
    },
}

impl Checkpoint {
    /// What a checkpoint of solving `root` under `v`'s rules is for: the
    /// rules that matter to play, the pie rule (which the database
    /// fingerprint leaves out), and the position.
    pub fn identity(v: &Variant, root: &Position) -> u64 {
        // Written by hand, in a fixed order, so that no change of notation
        // moves it: a version byte, the rules, then the position (rows,
        // stores, mover, pie-rule state, game over).
        let mut bytes = Vec::with_capacity(64);
        bytes.push(1u8);
        bytes.extend_from_slice(&fingerprint(v.rules()).to_le_bytes());
        bytes.push(v.rules().turn.pie_rule as u8);
        bytes.push(v.pits_per_side() as u8);
        for side in [Side::South, Side::North] {
            bytes.extend_from_slice(root.row(side));
            bytes.push(root.store(side));
        }
        bytes.push((root.to_move() == Side::North) as u8);
        bytes.push(root.is_opening() as u8);
        bytes.push(root.swap_offered() as u8);
        bytes.push(root.is_over() as u8);
        xxh3_64(&bytes)
    }

    fn body(&self) -> String {
        format!(
            "{FIRST_LINE}\nidentity {:016x}\nbounds {} {}\n",
            self.identity, self.lower, self.upper
        )
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let body = self.body();
        format!("{body}checksum {:016x}\n", xxh3_64(body.as_bytes()))
    }

    /// Reads a checkpoint from its text, checked against the `identity`
    /// of the solve and what `root` allows.
    pub fn parse(
        text: &str,
        identity: u64,
        root: &Position,
    ) -> Result<Checkpoint, CheckpointError> {
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != 4 || lines[0] != FIRST_LINE {
            return Err(CheckpointError::Format);
        }
        let field = |line: &str, name: &str| -> Result<String, CheckpointError> {
            line.strip_prefix(name)
                .and_then(|s| s.strip_prefix(' '))
                .map(str::to_string)
                .ok_or(CheckpointError::Format)
        };
        let sum = u64::from_str_radix(&field(lines[3], "checksum")?, 16)
            .map_err(|_| CheckpointError::Format)?;
        let body_len = lines[..3].iter().map(|l| l.len() + 1).sum::<usize>();
        if !text.is_char_boundary(body_len) || xxh3_64(&text.as_bytes()[..body_len]) != sum {
            return Err(CheckpointError::Checksum);
        }
        let id = u64::from_str_radix(&field(lines[1], "identity")?, 16)
            .map_err(|_| CheckpointError::Format)?;
        if id != identity {
            return Err(CheckpointError::Foreign);
        }
        let bounds = field(lines[2], "bounds")?;
        let mut it = bounds.split(' ').map(str::parse::<i32>);
        let (Some(Ok(lower)), Some(Ok(upper)), None) = (it.next(), it.next(), it.next()) else {
            return Err(CheckpointError::Format);
        };
        let seeds = (root.side_seeds(Side::South) + root.side_seeds(Side::North)) as i32;
        if lower > upper || lower < -seeds || upper > seeds {
            return Err(CheckpointError::OutOfRange { lower, upper, seeds });
        }
        Ok(Checkpoint { identity, lower, upper })
    }

    /// Reads the checkpoint at `path`: `None` when there is no file.
    pub fn read(
        path: &Path,
        identity: u64,
        root: &Position,
    ) -> Result<Option<Checkpoint>, CheckpointError> {
        match std::fs::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).map_err(|_| CheckpointError::Format)?;
                Checkpoint::parse(&text, identity, root).map(Some)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Writes the checkpoint to `path` atomically (a temporary file in the
    /// same folder, then renamed over it), creating the folder.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        std::fs::create_dir_all(dir)?;
        let mut file = tempfile::NamedTempFile::new_in(dir)?;
        file.write_all(self.to_text().as_bytes())?;
        file.as_file().sync_all()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    }
}

/// A solve's checkpoint as every solve route uses it (one process or a
/// cluster): the bounds to resume from, each new pair of bounds saved, the
/// file removed once the solve is done, every step said through `events`.
pub(crate) struct Resume<'a> {
    path: Option<&'a Path>,
    identity: u64,
    events: &'a (dyn Fn(PlanEvent) + Sync),
}

impl<'a> Resume<'a> {
    /// Reads the checkpoint at `path` (if any) for the solve of `root`, and
    /// returns it with the bounds it proves, or `None` when there is no file
    /// or it is not to be trusted (said as [`PlanEvent::CheckpointIgnored`]).
    pub(crate) fn open(
        path: Option<&'a Path>,
        v: &Variant,
        root: &Position,
        events: &'a (dyn Fn(PlanEvent) + Sync),
    ) -> (Resume<'a>, Option<(i32, i32)>) {
        let identity = Checkpoint::identity(v, root);
        let mut known = None;
        if let Some(path) = path {
            events(PlanEvent::Checkpoint(path.to_path_buf()));
            match Checkpoint::read(path, identity, root) {
                Ok(None) => {}
                Ok(Some(c)) => {
                    events(PlanEvent::Resumed {
                        path: path.to_path_buf(),
                        lower: c.lower,
                        upper: c.upper,
                    });
                    known = Some((c.lower, c.upper));
                }
                Err(e) => events(PlanEvent::CheckpointIgnored(format!("{}: {e}", path.display()))),
            }
        }
        (Resume { path, identity, events }, known)
    }

    /// Saves new bounds; a failure is said, not fatal (the solve goes on).
    pub(crate) fn save(&self, lower: i32, upper: i32) {
        if let Some(path) = self.path {
            if let Err(e) = (Checkpoint { identity: self.identity, lower, upper }).write(path) {
                (self.events)(PlanEvent::CheckpointNotSaved(format!("{}: {e}", path.display())));
            }
        }
    }

    /// Says that the bounds resumed from were not this position's (no move
    /// reaches them): the caller solves again from nothing.
    pub(crate) fn not_this_position(&self) {
        (self.events)(PlanEvent::CheckpointIgnored(format!(
            "{}: its bounds are not this position's (no move reaches them); solving from nothing",
            self.path.map_or(String::new(), |p| p.display().to_string())
        )));
    }

    /// The solve is done: the checkpoint is no longer needed.
    pub(crate) fn solved(&self) {
        if let Some(path) = self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (Variant, Position, u64) {
        let v = Variant::preset("kalah-irving").unwrap().resized(Some(5), Some(4)).unwrap();
        let root = Position::start(&v);
        let id = Checkpoint::identity(&v, &root);
        (v, root, id)
    }

    #[test]
    fn a_checkpoint_reads_back() {
        let (_, root, id) = setup();
        let c = Checkpoint { identity: id, lower: 10, upper: 14 };
        assert_eq!(Checkpoint::parse(&c.to_text(), id, &root).unwrap(), c);
    }

    #[test]
    fn an_edited_checkpoint_is_refused() {
        let (_, root, id) = setup();
        let text = Checkpoint { identity: id, lower: 10, upper: 14 }.to_text();
        let edited = text.replace("bounds 10 14", "bounds 13 40");
        assert!(matches!(Checkpoint::parse(&edited, id, &root), Err(CheckpointError::Checksum)));
        // The old plain format.
        assert!(matches!(Checkpoint::parse("13 40\n", id, &root), Err(CheckpointError::Format)));
    }

    #[test]
    fn a_checkpoint_of_another_solve_is_refused() {
        let (v, root, id) = setup();
        let text = Checkpoint { identity: id, lower: 10, upper: 14 }.to_text();
        let pie = Variant::preset("kalah").unwrap().resized(Some(5), Some(4)).unwrap();
        let other = Checkpoint::identity(&pie, &Position::start(&pie));
        assert_ne!(other, id);
        assert!(matches!(Checkpoint::parse(&text, other, &root), Err(CheckpointError::Foreign)));
        let mv = root.legal_moves(&v)[0];
        let (after, _) = root.play(&v, mv).unwrap();
        assert_ne!(Checkpoint::identity(&v, &after), id);
    }

    #[test]
    fn bounds_beyond_the_seeds_on_the_board_are_refused() {
        let (_, root, id) = setup();
        let text = Checkpoint { identity: id, lower: 13, upper: 41 }.to_text();
        let e = Checkpoint::parse(&text, id, &root).unwrap_err();
        assert!(matches!(e, CheckpointError::OutOfRange { seeds: 40, .. }), "{e}");
        let text = Checkpoint { identity: id, lower: 5, upper: 4 }.to_text();
        assert!(Checkpoint::parse(&text, id, &root).is_err());
    }

    #[test]
    fn written_atomically_and_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("x.bounds");
        let (_, root, id) = setup();
        assert!(Checkpoint::read(&path, id, &root).unwrap().is_none());
        let c = Checkpoint { identity: id, lower: -3, upper: 12 };
        c.write(&path).unwrap();
        assert_eq!(Checkpoint::read(&path, id, &root).unwrap(), Some(c));
        let c2 = Checkpoint { identity: id, lower: 0, upper: 12 };
        c2.write(&path).unwrap();
        assert_eq!(Checkpoint::read(&path, id, &root).unwrap(), Some(c2));
        // Nothing else left in the folder.
        assert_eq!(std::fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
    }
}
