//! Scores: the final store margin, from the point of view of the player to
//! move.
//!
//! A score is "South's store minus North's at the end of the game, as the
//! rules count it" seen by the mover: positive is good for the player to
//! move. Finished positions score their exact margin (the core has already
//! moved any seeds the rules give away into the stores). Turns do not simply
//! alternate (extra turns, relays, the pie swap), so a child's score is
//! converted to its parent's point of view by comparing who moves in each
//! ([`for_parent`]), never by blindly negating.
//!
//! Stores never shrink (but under `refill_empty_row`, where [`bounds`] is
//! every margin). So the mover's final store is at least what it holds
//! now, the opponent's too, and together they hold at most all the seeds:
//! the final margin lies in [`bounds`]. A store holding more than half of
//! the seeds makes the lower bound positive: the game is won, whatever the
//! margin turns out to be.
//!
//! Inside the search a score counts [`UNIT`]s a seed, so that estimates a
//! fraction of a seed apart are told apart; [`terminal`], [`for_side`] and
//! [`bounds`] are in seeds, and the search converts where it reads them and
//! rounds where it answers ([`to_seeds`]).

use mancala_core::{Layout, Position, Side, Variant};

/// Above every score inside the search (margins are at most 255 seeds,
/// [`UNIT`] to a seed).
pub const INFINITY: i32 = 1000 * UNIT;

/// Score units a seed inside the search: evaluations keep fractions of a
/// seed, so that positions a fraction apart are told apart; exact scores
/// are whole seeds. Everything the search gives out is in seeds
/// ([`to_seeds`]).
pub const UNIT: i32 = 8;

/// A margin in seeds as a score inside the search.
#[inline]
pub(crate) fn units(seeds: i32) -> i32 {
    seeds * UNIT
}

/// A score inside the search in seeds, rounded to the nearest (exact
/// scores are whole seeds already).
#[inline]
pub fn to_seeds(score: i32) -> i32 {
    (score + UNIT / 2).div_euclid(UNIT)
}

/// The exact score of a finished position, for the side recorded as to move.
#[inline]
pub fn terminal<L: Layout>(pos: &Position<L>) -> i32 {
    for_side(pos.to_move(), pos.store_margin())
}

/// A margin (South minus North) seen by `side`.
#[inline]
pub fn for_side(side: Side, margin: i32) -> i32 {
    if side == Side::South {
        margin
    } else {
        -margin
    }
}

/// A child's score (for the child's mover) seen by `parent`, the player who
/// moved into it.
#[inline]
pub fn for_parent<L: Layout>(parent: Side, child: &Position<L>, score: i32) -> i32 {
    if child.to_move() == parent {
        score
    } else {
        -score
    }
}

/// The range `(low, high)` the final margin must fall in, for the player to
/// move, given that stores never shrink; under rules whose stores may
/// (`refill_empty_row`), any margin.
#[inline]
pub fn bounds<L: Layout>(v: &Variant, pos: &Position<L>) -> (i32, i32) {
    let us = pos.to_move();
    let total = v.total_seeds() as i32;
    if v.hot_stores_may_shrink() {
        return (-total, total);
    }
    let mine = Into::<u32>::into(pos.store(us)) as i32;
    let theirs = Into::<u32>::into(pos.store(us.opponent())) as i32;
    (2 * mine - total, total - 2 * theirs)
}
