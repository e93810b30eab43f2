//! The endgame databases the server's searches use (the computer player,
//! hints, searches and analyses: `Databases::open_for_play`, as the
//! console's): opened once per rule set from the folder the server was
//! given, read only, and shared by every request. A missing database is silent; a damaged or foreign one
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
        // The player's databases: under the owner rule (abapa, oware) too,
        // as the search's evaluation, as every front end's player has them.
        let found = match Databases::open_for_play(v, root) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_have_the_owner_rule_database_as_an_evaluation() {
        // Abapa's database scores a cycle by a convention: the server's
        // players use it as their evaluation, as the console's do.
        let v = Variant::preset("abapa").unwrap().resized(Some(3), Some(2)).unwrap();
        let dir = tempfile::tempdir().unwrap();
        Databases::build(&v, 6, dir.path(), 1, &|_| {}).unwrap();
        let endgames = Endgames::new(Some(dir.path().to_path_buf()));
        let oracle = endgames.for_variant(&v).expect("the abapa database is used in play");
        // A position with 4 seeds left: covered.
        let p = "1,1,0:4/1,1,0:4/S".parse::<mancala_core::Setup>().unwrap().position_unchecked();
        assert!(oracle.probe(&p).is_some());
        // The search takes it as an evaluation, never as an exact value.
        assert_eq!(
            mancala_engine::search::oracle_use(&v),
            mancala_engine::search::OracleUse::Evaluation
        );
        // Without a folder, nothing.
        assert!(Endgames::new(None).for_variant(&v).is_none());
    }
}
