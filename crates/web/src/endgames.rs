//! The endgame databases the server's searches use: opened once per rule
//! set from the folder the server was given, read only, and shared by
//! every request. A missing database is silent; a damaged or foreign one
//! is reported once (on standard error) and not used.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use mancala_core::Variant;
use mancala_engine::EndgameOracle;
use mancala_solver::Databases;

/// The databases of every variant asked about so far.
pub struct Endgames {
    root: Option<PathBuf>,
    /// By rule set and size (a variant's rules as a variant file): what
    /// was found.
    opened: Mutex<HashMap<String, Option<Arc<dyn EndgameOracle>>>>,
}

impl Endgames {
    /// The databases in `root`; `None`: no databases.
    pub fn new(root: Option<PathBuf>) -> Endgames {
        Endgames { root, opened: Mutex::new(HashMap::new()) }
    }

    /// The database for `v`'s searches, if one is there and can be used.
    /// Opens it the first time (this may read the disk: call it from a
    /// blocking thread).
    pub fn for_variant(&self, v: &Variant) -> Option<Arc<dyn EndgameOracle>> {
        let root = self.root.as_ref()?;
        let key = v.rules().to_toml();
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = opened.get(&key) {
            return found.clone();
        }
        // Kept: a database found, and one that cannot be used (said once).
        // Not kept: none on disk, so that rule sets without a database (a
        // variant file each) do not fill the memory, and a database built
        // while the server runs is found.
        let found = match Databases::open(v, root) {
            Ok(None) => return None,
            Ok(found) => found.map(|o| o.oracle),
            Err(e) => {
                let text = e.to_string();
                eprintln!(
                    "mancala: endgame database not used: {}",
                    text.split_whitespace().collect::<Vec<_>>().join(" ")
                );
                None
            }
        };
        opened.insert(key, found.clone());
        found
    }
}
