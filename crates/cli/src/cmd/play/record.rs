//! Game records in files: the thin layer over [`mancala_engine::record`]
//! (the format, its parser and printer) that reads and writes them, for
//! `save`, `load`, the autosave and `--resume`.

use std::path::Path;

use mancala_core::{Layout, LayoutKind};

pub use mancala_engine::record::{PlayerKind, Record, DEFAULT_LEVEL, MAX_RECORD_BYTES};

/// Reading and writing a [`Record`] as a file.
pub trait RecordFile: Sized {
    /// Reads a record file; the message names the file and the line.
    fn load(path: &Path) -> Result<Self, String>;
    /// Writes the record to `path` atomically.
    fn save(&self, path: &Path) -> Result<super::save_file::Saved, String>;
}

/// A record file's bytes, read no further than [`MAX_RECORD_BYTES`].
fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!(
            "{}: the file is larger than 1 MiB: not a mancala game record",
            path.display()
        ));
    }
    Ok(bytes)
}

/// The layout of the game in a record file: which `Record<L>` loads it.
pub fn layout_of_file(path: &Path) -> Result<LayoutKind, String> {
    Record::layout_of(&read_bytes(path)?).map_err(|e| format!("{}: {e}", path.display()))
}

impl<L: Layout> RecordFile for Record<L> {
    fn load(path: &Path) -> Result<Record<L>, String> {
        Record::from_bytes_in(&read_bytes(path)?).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes the record to `path` atomically (see [`super::save_file`]);
    /// a missing folder is an error, not created.
    fn save(&self, path: &Path) -> Result<super::save_file::Saved, String> {
        super::save_file::write(path, &self.to_text(), false).map_err(|e| e.to_string())
    }
}
