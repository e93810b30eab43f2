//! Endgame databases for the commands that search: `mancala-solver`'s
//! [`Databases`] (which database serves which variant, and how the engine
//! uses it) in the folder the user chose ([`DbLocation`]), with a damaged
//! one reported in one line.
//!
//! A missing database is silent. A damaged or foreign one is reported in
//! one line and not used.

use std::path::PathBuf;

use mancala_core::Variant;
pub use mancala_solver::OpenedDb;
use mancala_solver::{Databases as Library, DbError};

use crate::cmd::db::DbLocation;

/// The options of the commands that search.
#[derive(clap::Args, Debug, Clone)]
pub struct DbArgs {
    /// Do not use endgame databases (by default a database built by `mancala
    /// db build` for the variant is used where it covers a position).
    #[arg(long)]
    pub no_db: bool,
    #[command(flatten)]
    pub location: DbLocation,
}

/// `e` as one line: "endgame database not used: ...".
fn oneline(e: &DbError) -> String {
    let text = e.to_string();
    format!("endgame database not used: {}", text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The database for `v` in `location`, if one is present and the engine can
/// use it for `v` in play (under the owner rule, as an evaluation only); an
/// error message (one line) if one is present but cannot be read, is
/// damaged, or was built for other rules.
pub fn open(location: &DbLocation, v: &Variant) -> Result<Option<OpenedDb>, String> {
    Library::open_for_play(v, &location.root()).map_err(|e| oneline(&e))
}

/// The databases of a session where the variant can change (the console
/// game, the engine protocol): opened once per variant, a damaged one
/// reported once.
pub struct Databases {
    args: DbArgs,
    /// The folder last looked in and what was found there.
    cached: Option<(PathBuf, Option<OpenedDb>)>,
}

/// What [`Databases::for_variant`] found.
pub struct Found {
    pub opened: Option<OpenedDb>,
    /// Set the first time a database is found (`Ok`) or fails (`Err`): the
    /// line to show.
    pub news: Option<Result<String, String>>,
}

impl Databases {
    pub fn new(args: DbArgs) -> Databases {
        Databases { args, cached: None }
    }

    /// No databases at all.
    pub fn none() -> Databases {
        Databases::new(DbArgs { no_db: true, location: DbLocation { db_dir: None } })
    }

    /// The database for `v`, if any.
    pub fn for_variant(&mut self, v: &Variant) -> Found {
        if self.args.no_db {
            return Found { opened: None, news: None };
        }
        let key = self.args.location.folder(v);
        if let Some((folder, opened)) = &self.cached {
            if *folder == key {
                return Found { opened: opened.clone(), news: None };
            }
        }
        let (opened, news) = match open(&self.args.location, v) {
            Ok(Some(o)) => {
                let line = o.describe();
                (Some(o), Some(Ok(line)))
            }
            Ok(None) => (None, None),
            Err(e) => (None, Some(Err(e))),
        };
        self.cached = Some((key, opened.clone()));
        Found { opened, news }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_database_is_one_line_reported_once() {
        let dir = tempfile::tempdir().unwrap();
        let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap();
        let location = DbLocation { db_dir: Some(dir.path().to_path_buf()) };
        Library::build(&v, 6, dir.path(), 1, &|_| {}).unwrap();
        let layer = location.folder(&v).join("layer-004.mdb");
        let mut bytes = std::fs::read(&layer).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&layer, bytes).unwrap();
        let e = open(&location, &v).expect_err("damaged");
        assert!(e.starts_with("endgame database not used: ") && e.contains("checksum"), "{e}");
        assert!(!e.contains('\n'));
        let mut dbs = Databases::new(DbArgs { no_db: false, location });
        let found = dbs.for_variant(&v);
        assert!(found.opened.is_none());
        assert!(matches!(found.news, Some(Err(_))));
        // Reported once.
        assert!(dbs.for_variant(&v).news.is_none());
    }
}
