//! Endgame databases in the search: exact values of positions with few
//! seeds left, from a source the caller provides.
//!
//! The engine does no I/O, so it does not open databases itself: the caller
//! hands the [`super::Searcher`] an [`EndgameOracle`] (`mancala-solver`'s
//! `Databases::open` gives one for its `KalahDb` and `OwareDb`). The
//! search asks it about every position it reaches with at most
//! [`EndgameOracle::max_seeds`] seeds left in the pits, where the answer is
//! valid for the game being played ([`oracle_use`]).
//!
//! # What an answer means
//!
//! [`EndgameOracle::probe`] returns the *future margin* of a position for
//! the player to move: the seeds that player will still bring to their
//! store minus those the opponent will, from this position to the end of
//! the game (the seeds handed out when the game ends included), under
//! perfect play. That is the convention of both `mancala-solver` databases.
//! The stores do not enter into it: it is the value of the game **played to
//! the end** (no majority rule) that **starts** at this board (no earlier
//! positions for a repetition rule to look back at). The search adds the
//! store difference to get its own score, the final store margin for the
//! mover ([`super::score`]).
//!
//! # Where an answer is used, and how
//!
//! - **Exact** ([`OracleUse::Exact`]): no majority rule. The final margin
//!   is the store difference plus the future margin: an exact score, marked
//!   proven like a solved endgame (Kalah as Irving solved it, classic Kalah,
//!   Manchester Kalah, relay Kalah).
//! - **Outcome only** ([`OracleUse::Outcome`]): a majority rule (a store
//!   over half the seeds ends the game at once, seeds left in the pits).
//!   Stores never shrink, so a line on which a store passes half the seeds
//!   is won by its owner whether or not the game stops there; on other
//!   lines the two games are the same. The sign of every final margin is
//!   therefore the same in both games, and so is the sign of the minimax
//!   value: the database's *outcome* is exact, its margin is not. The
//!   search uses it as proven bounds (a win scores at least +1, a loss at
//!   most -1, a draw exactly 0), never as a score (Kalah with the pie rule, with
//!   the database of `kalah-irving`; awari).
//! - **History**: under a repetition rule only positions with the same
//!   stores can repeat, so a position right after a capture (or a game
//!   start) has no history that matters, and only such positions are looked
//!   up. Under `repetition = "split"` (awari) the database value equals the
//!   game's from such a position (see `docs/databases.md`).
//! - **An evaluation** ([`OracleUse::Evaluation`]): `repetition =
//!   "owner"` (abapa, oware). Their databases score an endless cycle as 0,
//!   a convention: the game gives each side the seeds on its own side of
//!   the repeated position, which depends on where the cycle closes, so the
//!   table's value is not the game's. Where the outcome is decided without
//!   a cycle it is, and it is far closer to the game's value than a static
//!   estimate: the search uses it in place of the evaluation at its
//!   horizon, for every covered position (history or not), and never as
//!   exact (no proven score, no cut as solved). `mancala-solver`'s
//!   `Databases::open_for_play` hands such a database to a player; the
//!   solver's own routes do not use it.
//!
//! Positions of the pie rule's opening (before the first move, or with the
//! swap on offer) are never looked up: the swap trades the stores. Nor are
//! positions of a layout other than the compact one
//! ([`mancala_core::Layout::compact`]): the databases' boards are small by
//! nature, and an oracle probes compact positions.

use mancala_core::{Layout, Position, Repetition, Variant};

/// A source of exact endgame values, typically an endgame database on disk.
///
/// Implementations must be cheap to call (the search calls
/// [`probe`](EndgameOracle::probe) at every position it covers) and must not
/// allocate.
pub trait EndgameOracle: Send + Sync {
    /// The most seeds left in the pits (both rows) of a covered position.
    /// The search does not probe positions with more.
    fn max_seeds(&self) -> u32;

    /// The future margin of `p` for the player to move (see the module
    /// documentation): the seeds they will still gain over the opponent
    /// from now to the end of a game played to the end and starting at
    /// `p`, stores excluded. `None` when `p` is not covered (another board
    /// size, too many seeds, the game over, or a pie-rule opening). A value
    /// lies within plus or minus the seeds left in the pits (the search
    /// clamps it there).
    fn probe(&self, p: &Position) -> Option<i32>;
}

/// How the search may use an [`EndgameOracle`] in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OracleUse {
    /// The database value gives the exact score.
    Exact,
    /// The database value gives the exact outcome (win, draw or loss) only.
    Outcome,
    /// The database values are not this game's, but a good estimate of
    /// it: used as the evaluation at the horizon, never as exact.
    Evaluation,
}

/// How databases can serve `v` (see the module documentation).
pub fn oracle_use(v: &Variant) -> OracleUse {
    let end = &v.rules().end;
    match end.repetition {
        Repetition::Owner => OracleUse::Evaluation,
        Repetition::None | Repetition::Split if end.majority => OracleUse::Outcome,
        Repetition::None | Repetition::Split => OracleUse::Exact,
    }
}

/// Whether positions of `v` can only be looked up when nothing before them
/// counts (right after a capture): under a repetition rule.
pub fn needs_fresh_start(v: &Variant) -> bool {
    v.rules().end.repetition != Repetition::None
}

/// What a lookup says about a position, for its mover, in the search's
/// score convention (final store margin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// The exact score.
    Score(i32),
    /// The score is at least +1 (a win).
    Win,
    /// The score is at most -1 (a loss).
    Loss,
}

/// The oracle as one search uses it.
#[derive(Clone, Copy)]
pub(crate) struct Lookup<'a> {
    oracle: &'a dyn EndgameOracle,
    use_: OracleUse,
    fresh_only: bool,
    max_seeds: u32,
}

impl<'a> Lookup<'a> {
    /// The lookup for `v`, if `oracle` can serve it at all.
    pub fn new(v: &Variant, oracle: Option<&'a dyn EndgameOracle>) -> Option<Lookup<'a>> {
        let oracle = oracle?;
        Some(Lookup {
            oracle,
            use_: oracle_use(v),
            fresh_only: needs_fresh_start(v),
            max_seeds: oracle.max_seeds(),
        })
    }

    /// Whether the values are exact scores (not only outcomes, nor
    /// estimates).
    pub fn exact(&self) -> bool {
        self.use_ == OracleUse::Exact
    }

    /// The database's value of `pos` (not over, `in_pits` seeds in its
    /// pits), as an evaluation for its mover (the final store margin it
    /// gives), where the database serves as one
    /// ([`OracleUse::Evaluation`]); `None` otherwise or when it is not
    /// covered.
    #[inline]
    pub fn estimate<L: Layout>(&self, pos: &Position<L>, in_pits: u32) -> Option<i32> {
        if self.use_ != OracleUse::Evaluation
            || in_pits > self.max_seeds
            || pos.is_opening()
            || pos.swap_offered()
        {
            return None;
        }
        let pos = L::compact(pos)?;
        let future = self.oracle.probe(pos)?;
        let us = pos.to_move();
        Some(pos.store(us) as i32 - pos.store(us.opponent()) as i32 + future)
    }

    /// What the oracle proves about `pos` (not over) with `in_pits` seeds
    /// in its pits; `fresh`: nothing before `pos` counts for the repetition
    /// rule. `None` where it proves nothing (an evaluation only: see
    /// [`Lookup::estimate`]).
    #[inline]
    pub fn probe<L: Layout>(&self, pos: &Position<L>, in_pits: u32, fresh: bool) -> Option<Known> {
        if self.use_ == OracleUse::Evaluation
            || in_pits > self.max_seeds
            || (self.fresh_only && !fresh)
            || pos.is_opening()
            || pos.swap_offered()
        {
            return None;
        }
        let pos = L::compact(pos)?;
        let future = self.oracle.probe(pos)?;
        let us = pos.to_move();
        let full = pos.store(us) as i32 - pos.store(us.opponent()) as i32 + future;
        Some(if self.use_ == OracleUse::Exact {
            Known::Score(full)
        } else {
            match full.signum() {
                1 => Known::Win,
                -1 => Known::Loss,
                _ => Known::Score(0),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_variants_use_databases_how() {
        let use_of = |name: &str| oracle_use(&Variant::preset(name).unwrap());
        assert_eq!(use_of("kalah-irving"), OracleUse::Exact);
        assert_eq!(use_of("kalah-classic"), OracleUse::Exact);
        assert_eq!(use_of("mankalah"), OracleUse::Exact);
        assert_eq!(use_of("relay-kalah"), OracleUse::Exact);
        assert_eq!(use_of("kalah"), OracleUse::Outcome);
        assert_eq!(use_of("awari"), OracleUse::Outcome);
        assert_eq!(use_of("abapa"), OracleUse::Evaluation);
        assert_eq!(use_of("oware"), OracleUse::Evaluation);
    }
}
