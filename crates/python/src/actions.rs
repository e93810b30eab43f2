//! Action numbers: the moves of the rules as OpenSpiel-style integers and
//! back, and the error for an action number that does not exist.

use mancala_core::{Direction, Move, PitDirection, Variant};
use pyo3::prelude::*;

use crate::IllegalActionError;

/// The action of a move: pit `k` sown (its one way, or counter-clockwise
/// when the mover chooses) is `k`, the swap `n`, pit `k` sown clockwise by
/// the mover's choice `n + 1 + k`, the bonus take of the opponent's pit `k`
/// `n + 1 + k` too (no rules have both: docs/python.md).
pub(crate) fn action_of(mv: Move, n: usize) -> i64 {
    match mv {
        Move::Sow(k) | Move::Directed(k, Direction::CounterClockwise) => k as i64,
        Move::Directed(k, Direction::Clockwise) | Move::Take(k) => (n + 1) as i64 + k as i64,
        Move::Swap => n as i64,
    }
}

/// How many action numbers the variant has: `n` sowings (`2n` where a move
/// may start from either row) and the swap (under the pie rule), or where a
/// direction is chosen or bonus takes are made `2n + 1` (the clockwise
/// sowings, or the takes, after the swap's number, which stays `n`).
pub(crate) fn distinct_actions(v: &Variant) -> usize {
    let n = v.move_pits();
    if v.lists_moves() {
        2 * n + 1
    } else {
        n + v.rules().turn.pie_rule as usize
    }
}

pub(crate) fn move_of(action: i64, v: &Variant) -> PyResult<Move> {
    let n = v.move_pits() as i64;
    let pie = v.rules().turn.pie_rule;
    let either = |k: i64| v.pit_direction(k as usize) == PitDirection::Either;
    if (0..n).contains(&action) {
        Ok(if either(action) {
            Move::Directed(action as u8, Direction::CounterClockwise)
        } else {
            Move::Sow(action as u8)
        })
    } else if pie && action == n {
        Ok(Move::Swap)
    } else if v.chooses_direction() && (n + 1..=2 * n).contains(&action) {
        // Legal only on a pit sown either way: the check says so.
        Ok(Move::Directed((action - n - 1) as u8, Direction::Clockwise))
    } else if v.bonus_pits() > 0 && (n + 1..=2 * n).contains(&action) {
        // A take of the opponent's pit: legal only while one is due.
        Ok(Move::Take((action - n - 1) as u8))
    } else {
        Err(no_such_action(&action.to_string(), v))
    }
}

/// The IllegalActionError for an action number outside the game's range
/// (`action` as written: it may not fit an i64).
pub(crate) fn no_such_action(action: &str, v: &Variant) -> PyErr {
    let n = v.move_pits() as i64;
    let pie = v.rules().turn.pie_rule;
    let last = if v.lists_moves() {
        2 * n
    } else if pie {
        n
    } else {
        n - 1
    };
    let swap = if pie { format!(", and {n} is the swap") } else { String::new() };
    let clockwise = if v.chooses_direction() {
        format!(
            "; {} to {last} sow pit a - {n} clockwise where the mover chooses the direction",
            n + 1
        )
    } else if v.bonus_pits() > 0 {
        format!(
            "; {} to {last} take the opponent's pit a - {n} (in their numbering) while a bonus \
             take is due",
            n + 1
        )
    } else {
        String::new()
    };
    // Where a move may start from either row, the pits are counted on
    // round the board from the mover's left.
    let pit = if v.any_pits() {
        "pit a + 1 counted from the mover's left round the board, the other row from n + 1"
    } else {
        "the mover's pit a + 1"
    };
    IllegalActionError::new_err(format!(
        "action {action} does not exist: actions are 0 to {last} (action a sows {pit}{swap}{clockwise})"
    ))
}

pub(crate) fn move_name(mv: Move) -> String {
    mv.to_string()
}
