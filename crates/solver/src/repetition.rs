//! Solving a game under a repetition rule from the Oware-family endgame
//! database (`docs/databases.md`).
//!
//! Under the repetition rule a position's value can depend on the positions
//! before it, but only on those since the stores last changed (the rule
//! compares positions with equal stores). A position with no such history,
//! the start of a game or the position right after a capture, is *fresh*,
//! and a database entry is the value of a game starting there. Under the
//! `split` rule (awari: the first repeated position ends the game and the
//! seeds left are shared) that value is exact, the database's own tests
//! check it board by board against a minimax with the history; under the
//! `owner` rule (oware, abapa) it is a convention, not the game's value, and
//! [`check_solvable`] refuses such variants.
//!
//! The best moves: a move whose database value (what it captures, minus the
//! database value of the position it leads to for the opponent) equals the
//! root's value keeps that value in the game with the history too. When the
//! root's value is positive, the side to move wins its threshold by a
//! strategy that never comes back to a position (each move goes down a
//! well-founded rank), so the root, now in the history, is never repeated;
//! when it is 0 or less, the mover is content with a repetition (it scores 0
//! of the seeds left), so the history can only help them. A move the
//! database values lower can still tie under the history (when the value is
//! 0 or less, returning to the root is a repetition worth 0), so the list is
//! of the moves proven to keep the value.
//!
//! Where the database does not apply (the `owner` rule, a position with a
//! history since the last capture, more seeds than the database holds),
//! [`solve_by_search`] proves the value by search instead: the engine's
//! search applies the repetition rule to the game's history and the line
//! searched, so a value it proves is the game's, and it probes the database
//! (if one is given to the searcher) where that is sound. It may not finish:
//! the seeds can circle for a long time, and the search is limited to
//! [`DEEPEST`] moves. What it proved is then said as a bound.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use mancala_core::{Game, Move, Position, Repetition, Side, StorePlacement, Variant};
use mancala_engine::search::score::for_side;
use mancala_engine::search::{Analysis, SearchInfo, SearchLimits, Searcher, DEEPEST};

use crate::databases::{Database, Databases};
use crate::solve::Route;

/// Why a game cannot be solved from the database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RepetitionError {
    /// The variant is not of the kind this module solves.
    #[error("{0}")]
    Unsupported(String),
    /// The position has history since the stores last changed.
    #[error(
        "the position has a history since the last capture ({moves} {} that captured \
         nothing), which the repetition rule counts; the database gives the value of positions \
         without one: the start, or right after a capture",
        if *moves == 1 { "move" } else { "moves" }
    )]
    NotFresh {
        /// Moves played since the stores last changed.
        moves: usize,
    },
    /// The database is too small for the position.
    #[error("the position has {seeds} seeds in the pits; the database covers up to {max_seeds}")]
    NotCovered {
        /// The seeds in the pits.
        seeds: u32,
        /// The database covers boards with up to this many seeds left.
        max_seeds: usize,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A database on disk cannot be read.
    #[error("{0}")]
    Database(String),
}

/// Checks that `v` is solved by [`solve_from_database`]: stores beside the
/// board (the Oware family) and the repetition rule `split`.
pub fn check_solvable(v: &Variant) -> Result<(), RepetitionError> {
    let rules = v.rules();
    if rules.board.stores != StorePlacement::Beside {
        return Err(RepetitionError::Unsupported(format!(
            "{} has its stores in the ring of sowing (the Kalah family), solved by search",
            v.name()
        )));
    }
    match rules.end.repetition {
        Repetition::Split => Ok(()),
        Repetition::None => Err(RepetitionError::Unsupported(format!(
            "{} has no repetition rule, which this database solve is for",
            v.name()
        ))),
        Repetition::Owner => Err(RepetitionError::Unsupported(format!(
            "{}: at a repeated position each side takes the seeds on its own side, so a \
             position's value depends on the moves before it and no database of boards holds it \
             (the database's value for these rules is a convention: a repetition scores 0); \
             exact solving from the database covers the awari rule (repetition = \"split\"); \
             `mancala analyze` searches these variants",
            v.name()
        ))),
    }
}

/// Decides how the game's position is solved under its repetition rule,
/// with the folder of databases `root` (`None`: no databases, so by search)
/// and `db_seeds` as the caller asked:
/// `None` (a database covering the position if one can be built here),
/// `Some(0)` (only what is on disk) or `Some(n)` (a database of `n` seeds).
/// `option` names that choice in messages (`--db-seeds`, `db_seeds =`).
/// A variant whose database holds a convention (the `owner` rule) refuses
/// `db_seeds`.
pub(crate) fn route(
    game: &Game,
    root: Option<&Path>,
    db_seeds: Option<usize>,
    option: &str,
) -> Result<Route, RepetitionError> {
    let v = game.variant();
    let position = *game.position();
    if position.is_over() {
        return Err(RepetitionError::GameOver);
    }
    if v.rules().end.repetition == Repetition::Owner {
        if let Some(n) = db_seeds {
            return Err(RepetitionError::Unsupported(format!(
                "{option} {n}: {}'s database holds a convention (a repetition scores 0), not \
                 the game's values, so its solve by search uses none; leave out {option}",
                v.name()
            )));
        }
        return Ok(Route::Search {
            why: format!(
                "{}: at a repeated position each side takes the seeds on its own side, so the \
                 value depends on the moves before it and no database of boards holds it",
                v.name()
            ),
            build: None,
        });
    }
    check_solvable(v)?;
    let Some(root) = root else {
        return Ok(Route::Search {
            why: "no folder of endgame databases to read the value from".into(),
            build: None,
        });
    };
    let seeds = position.seeds_in_pits() as usize;
    let asked = db_seeds.filter(|&n| n > 0);
    if let Err(e) = check_fresh(game) {
        return Ok(Route::Search { why: e.to_string(), build: asked });
    }
    match db_seeds {
        Some(0) => {
            let on_disk = Databases::open_database(v, root)
                .map_err(|e| RepetitionError::Database(e.to_string()))?
                .map_or(0, |db| db.max_seeds());
            if on_disk >= seeds {
                return Ok(Route::Database { build: None });
            }
            Ok(Route::Search {
                why: format!(
                    "{option} 0: no database on disk covers the {seeds} seeds in the pits"
                ),
                build: None,
            })
        }
        Some(asked) if asked < seeds => Ok(Route::Search {
            why: format!(
                "{option} {asked}: the database covers fewer than the {seeds} seeds in the pits"
            ),
            build: Some(asked),
        }),
        Some(asked) => Ok(Route::Database { build: Some(asked) }),
        None => match Databases::check_build(v, seeds) {
            Ok(_) => Ok(Route::Database { build: Some(seeds) }),
            Err(e) => Ok(Route::Search {
                why: format!(
                    "no database covering the {seeds} seeds in the pits can be built here ({}); \
                     the database on disk is used where it applies",
                    e.to_string().split_whitespace().collect::<Vec<_>>().join(" ")
                ),
                build: None,
            }),
        },
    }
}

/// The value of a fresh position and its best moves, from the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseSolution {
    /// South's store minus North's at the end of the game played to the end
    /// (the majority rule, if the variant has one, ignored: it changes the
    /// margin, never the winner).
    pub margin: i32,
    /// The future margin for the player to move: seeds they will still
    /// gain over the opponent from here to the end.
    pub future: i32,
    /// The moves proven to keep the value (see the module documentation).
    pub best_moves: Vec<Move>,
    /// Every legal move with its future margin for the player to move by
    /// the database (exact for the best moves; see the module
    /// documentation for the others).
    pub moves: Vec<(Move, i32)>,
}

impl DatabaseSolution {
    /// The winner of the game under perfect play (`None`: a draw).
    pub fn winner(&self) -> Option<Side> {
        winner_of(self.margin)
    }
}

/// The side a final margin (South's store minus North's) makes the winner
/// (`None`: a draw).
pub fn winner_of(margin: i32) -> Option<Side> {
    match margin {
        m if m > 0 => Some(Side::South),
        m if m < 0 => Some(Side::North),
        _ => None,
    }
}

/// The moves played since the stores last changed (0: the position is
/// fresh).
pub fn moves_since_capture(game: &Game) -> usize {
    game.positions_since_stores_changed().len() - 1
}

/// Checks that the game's position has no history since the stores last
/// changed (the database holds the value of such positions only).
pub fn check_fresh(game: &Game) -> Result<(), RepetitionError> {
    match moves_since_capture(game) {
        0 => Ok(()),
        moves => Err(RepetitionError::NotFresh { moves }),
    }
}

/// The exact value of the game's position (fresh, its seeds covered by
/// `db`) under `v`'s rules played to the end, and its best moves.
pub fn solve_from_database(
    game: &Game,
    db: &Database,
) -> Result<DatabaseSolution, RepetitionError> {
    let v = game.variant();
    check_solvable(v)?;
    let root = *game.position();
    if root.is_over() {
        return Err(RepetitionError::GameOver);
    }
    check_fresh(game)?;
    let seeds = root.seeds_in_pits();
    let not_covered = || RepetitionError::NotCovered { seeds, max_seeds: db.max_seeds() };
    if seeds as usize > db.max_seeds() {
        return Err(not_covered());
    }
    // The moves are played to the end: the majority rule off, as in the
    // database.
    let played =
        Databases::database_variant(v).map_err(|e| RepetitionError::Unsupported(e.to_string()))?;
    let us = root.to_move();
    let gained = |p: &Position| p.store(us) as i32 - p.store(!us) as i32;
    let future = db.probe(&root).ok_or_else(not_covered)?;
    let mut moves = Vec::new();
    for mv in root.legal_moves(&played).iter() {
        let mut child = root;
        child.play_unchecked(&played, mv);
        // What the move captured (or, at the end, everything handed out).
        let now = gained(&child) - gained(&root);
        let after = if child.is_over() {
            0
        } else {
            let theirs = db.probe(&child).ok_or_else(not_covered)?;
            if child.to_move() == us {
                theirs
            } else {
                -theirs
            }
        };
        moves.push((mv, now + after));
    }
    let best_moves = moves.iter().filter(|m| m.1 == future).map(|m| m.0).collect();
    let south = if us == Side::South { 1 } else { -1 };
    Ok(DatabaseSolution { margin: root.store_margin() + south * future, future, best_moves, moves })
}

/// What [`solve_by_search`] found: every legal move with its score, proven
/// or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchSolution {
    /// The analysis: every legal move, best first, with its score (the
    /// final store margin for the player to move, under the variant's rules
    /// as played, a majority rule included) and whether it is proven.
    pub analysis: Analysis,
    /// The mover's side, for [`SearchSolution::margin`].
    pub to_move: Side,
    /// The game searched was played to the end, its majority rule off
    /// (awari's rule with a majority rule, and a database): scores are that
    /// game's margins, with the same winner as under the majority rule.
    pub played_to_the_end: bool,
}

impl SearchSolution {
    /// The proven value for the player to move, when every move's score is
    /// proven.
    pub fn value(&self) -> Option<i32> {
        let all = !self.analysis.moves.is_empty() && self.analysis.moves.iter().all(|m| m.exact);
        all.then(|| self.analysis.moves.iter().map(|m| m.score).max().unwrap_or(0))
    }

    /// The proven value as South's store minus North's at the end.
    pub fn margin(&self) -> Option<i32> {
        self.value().map(|v| for_side(self.to_move, v))
    }

    /// The winner under perfect play when the value is proven (`Some(None)`:
    /// a draw).
    pub fn winner(&self) -> Option<Option<Side>> {
        self.margin().map(winner_of)
    }

    /// The moves proven to reach the value (empty when it is not proven).
    pub fn best_moves(&self) -> Vec<Move> {
        match self.value() {
            None => Vec::new(),
            Some(v) => self.analysis.moves.iter().filter(|m| m.score == v).map(|m| m.mv).collect(),
        }
    }

    /// When the value is not proven: the best proven move and its score,
    /// a lower bound on the value for the player to move.
    pub fn at_least(&self) -> Option<(Move, i32)> {
        if self.value().is_some() {
            return None;
        }
        self.analysis
            .moves
            .iter()
            .filter(|m| m.exact)
            .max_by_key(|m| m.score)
            .map(|m| (m.mv, m.score))
    }
}

/// Whether [`solve_by_search`], given an endgame database, searches `v`'s
/// games played to the end (the majority rule off): under awari's rule with
/// a majority rule, where the database's values are exact scores for that
/// game and only outcomes for `v`'s own.
pub fn searches_to_the_end(v: &Variant) -> bool {
    let rules = v.rules();
    rules.end.repetition == Repetition::Split
        && rules.end.majority
        && rules.board.stores == StorePlacement::Beside
}

/// Proves the value of the game's position by search: iterative deepening
/// with `searcher` (its table, threads and endgame database) until every
/// legal move's score is proven, [`DEEPEST`] moves are searched, or
/// `stop` is set. `on_info` hears of every completed iteration. Works for
/// every variant, and under every repetition rule with the game's history.
pub fn solve_by_search(
    game: &Game,
    searcher: &mut Searcher,
    stop: Option<&AtomicBool>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchSolution, RepetitionError> {
    if game.position().is_over() {
        return Err(RepetitionError::GameOver);
    }
    let played_to_the_end = searches_to_the_end(game.variant()) && searcher.endgame().is_some();
    let replayed;
    let searched = if played_to_the_end {
        let v = Databases::database_variant(game.variant())
            .map_err(|e| RepetitionError::Unsupported(e.to_string()))?;
        let mut g = Game::from_position(v, *game.start());
        for &mv in game.moves() {
            g.play(mv).map_err(|e| {
                RepetitionError::Unsupported(format!("the game played to the end: {e}"))
            })?;
        }
        replayed = g;
        &replayed
    } else {
        game
    };
    let analysis = searcher.analyze(searched, SearchLimits::depth(DEEPEST), stop, on_info);
    Ok(SearchSolution { analysis, to_move: game.position().to_move(), played_to_the_end })
}
