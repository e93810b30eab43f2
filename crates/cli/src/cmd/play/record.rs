//! Game records in files: the thin layer over [`mancala_engine::record`]
//! (the format, its parser and printer) that reads and writes them, for
//! `save`, `load`, the autosave and `--resume`.

use std::path::Path;

pub use mancala_engine::record::{PlayerKind, Record, DEFAULT_LEVEL, MAX_RECORD_BYTES};

/// Reading and writing a [`Record`] as a file.
pub trait RecordFile: Sized {
    /// Reads a record file; the message names the file and the line.
    fn load(path: &Path) -> Result<Self, String>;
    /// Writes the record to `path` atomically.
    fn save(&self, path: &Path) -> Result<(), String>;
}

impl RecordFile for Record {
    fn load(path: &Path) -> Result<Record, String> {
        use std::io::Read;
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
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
        Record::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// A temporary file beside it, then a rename, so a crash never leaves
    /// half a record.
    fn save(&self, path: &Path) -> Result<(), String> {
        write_atomic(path, &self.to_text())
            .map_err(|e| format!("cannot save to {}: {e}", path.display()))
    }
}

/// Writes `text` to `path` through a temporary file and a rename, creating
/// the folder if needed.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
