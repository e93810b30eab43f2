//! Action numbers: the moves of the rules as OpenSpiel-style integers and
//! back, and the error for an action number that does not exist.

use mancala_core::{Move, Variant};
use pyo3::prelude::*;

use crate::IllegalActionError;

pub(crate) fn action_of(mv: Move, n: usize) -> i64 {
    match mv {
        Move::Sow(k) => k as i64,
        Move::Swap => n as i64,
    }
}

pub(crate) fn move_of(action: i64, v: &Variant) -> PyResult<Move> {
    let n = v.move_pits() as i64;
    let pie = v.rules().turn.pie_rule;
    if (0..n).contains(&action) {
        Ok(Move::Sow(action as u8))
    } else if pie && action == n {
        Ok(Move::Swap)
    } else {
        Err(no_such_action(&action.to_string(), v))
    }
}

/// The IllegalActionError for an action number outside the game's range
/// (`action` as written: it may not fit an i64).
pub(crate) fn no_such_action(action: &str, v: &Variant) -> PyErr {
    let n = v.move_pits() as i64;
    let pie = v.rules().turn.pie_rule;
    let last = if pie { n } else { n - 1 };
    let swap = if pie { format!(", and {n} is the swap") } else { String::new() };
    // Where a move may start from either row, the pits are counted on
    // round the board from the mover's left.
    let pit = if v.any_pits() {
        "pit a + 1 counted from the mover's left round the board, the other row from n + 1"
    } else {
        "the mover's pit a + 1"
    };
    IllegalActionError::new_err(format!(
        "action {action} does not exist: actions are 0 to {last} (action a sows {pit}{swap})"
    ))
}

pub(crate) fn move_name(mv: Move) -> String {
    mv.to_string()
}
