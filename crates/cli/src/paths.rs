//! The default folders and files, the only place the binary reads the
//! environment for them. Libraries are always given their folders.
//!
//! | what | option | environment | default (Linux) |
//! |---|---|---|---|
//! | endgame databases | `--db-dir` | `$MANCALA_DB_DIR` | `$XDG_DATA_HOME/mancala/db`, else `~/.local/share/mancala/db` |
//! | solve checkpoints | `--checkpoint-dir` | | `$XDG_STATE_HOME/mancala/solve`, else `~/.local/state/mancala/solve` |
//! | autosaved game | `--autosave` | `$MANCALA_AUTOSAVE` | `$XDG_STATE_HOME/mancala/autosave.game`, else `~/.local/state/mancala/autosave.game` |
//!
//! Where no home folder can be found, the current folder is used.

use std::path::PathBuf;

use directories::ProjectDirs;

/// An environment variable naming a path, if set and not empty.
fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from)
}

fn project() -> Option<ProjectDirs> {
    ProjectDirs::from("", "", "mancala")
}

/// The per-user state folder (`~/.local/state/mancala`), where the platform
/// has one; else the data folder.
fn state_dir() -> Option<PathBuf> {
    let p = project()?;
    Some(p.state_dir().unwrap_or_else(|| p.data_local_dir()).to_path_buf())
}

/// The default database folder: `$MANCALA_DB_DIR`, else the data folder.
pub fn default_db_dir() -> PathBuf {
    env_path("MANCALA_DB_DIR")
        .or_else(|| project().map(|p| p.data_dir().join("db")))
        .unwrap_or_else(|| PathBuf::from("mancala-db"))
}

/// The default folder for solve checkpoints.
pub fn default_checkpoint_dir() -> PathBuf {
    state_dir().map(|d| d.join("solve")).unwrap_or_else(|| PathBuf::from("mancala-solve"))
}

/// The autosave file: `$MANCALA_AUTOSAVE`, else in the state folder.
pub fn default_autosave() -> PathBuf {
    env_path("MANCALA_AUTOSAVE")
        .or_else(|| state_dir().map(|d| d.join("autosave.game")))
        .unwrap_or_else(|| PathBuf::from("mancala-autosave.game"))
}
