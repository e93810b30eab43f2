//! What a search reports: progress while it runs, and its result.

use std::time::Duration;

use mancala_core::Move;

/// Progress after each iteration, for the callback: after each completed
/// one, and after one a limit stopped once its first move was searched.
#[derive(Clone, Debug)]
pub struct SearchInfo<'a> {
    /// Depth of the iteration just ended, in moves.
    pub depth: u32,
    /// Longest line looked at (endgame solving goes past `depth`).
    pub seldepth: u32,
    /// Score of the best move: the expected final store margin for the
    /// player to move.
    pub score: i32,
    /// The score is the true minimax value (the game is solved from here).
    pub exact: bool,
    /// The principal variation, the best move first.
    pub pv: &'a [Move],
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Positions the endgame database answered so far (0 without one).
    pub database_hits: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The result of [`super::Searcher::search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<Move>,
    /// Its score for the player to move (the final margin when exact; for a
    /// finished game, the final margin).
    pub score: i32,
    /// The score is the true minimax value.
    pub exact: bool,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
    /// Depth of the iteration that gave the answer: the last completed
    /// one, or one deeper that a limit stopped after its first move.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Positions the endgame database answered (0 without one).
    pub database_hits: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One legal move as [`super::Searcher::analyze`] scored it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// The move.
    pub mv: Move,
    /// Its value for the player to move, at the analysis depth.
    pub score: i32,
    /// The score is the true minimax value (solved).
    pub exact: bool,
    /// The score was read from the endgame database: the position after
    /// the move is in it (so the score is exact).
    pub from_database: bool,
    /// The line expected after it, the move itself first.
    pub pv: Vec<Move>,
}

/// The result of [`super::Searcher::analyze`]: every legal move, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every legal move with its score, best first.
    pub moves: Vec<MoveAnalysis>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Positions the endgame database answered (0 without one).
    pub database_hits: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl Analysis {
    /// The best move's analysis (`None` when the game is over).
    pub fn best(&self) -> Option<&MoveAnalysis> {
        self.moves.first()
    }
}
