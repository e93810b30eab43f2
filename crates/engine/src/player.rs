//! The computer player: a move for a game at a strength level.
//!
//! This is the API the console uses. Its internals are a plain depth-limited
//! negamax until the full search lands; the signatures are meant to stay.

use mancala_core::{Game, Move, Position, Side, Variant};

use crate::playout::SplitMix64;

/// Strength levels run from 1 (beginner) to 10 (full strength).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// The move the computer plays at `level` (1..=10, clamped). Low levels
/// make human-like mistakes, drawn from `seed`; the same game, level and
/// seed always give the same move. The pie rule's swap is one of the moves
/// weighed. Panics if the game is over.
pub fn computer_move(game: &Game, level: u8, seed: u64) -> Move {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    let v = game.variant();
    let pos = game.position();
    let moves = pos.legal_moves(v);
    assert!(!moves.is_empty(), "computer_move on a finished game");
    let depth = level as u32;
    let mut scored: Vec<(i32, Move)> = moves
        .iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(v, mv);
            (from_mover(pos.to_move(), &child, negamax(v, &child, depth - 1)), mv)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0));
    // Below level 6 the computer sometimes picks a worse move: the lower the
    // level, the more often.
    let mut rng = SplitMix64::new(seed ^ (game.moves().len() as u64).wrapping_mul(0x9E37));
    let blunder_percent = (6u32.saturating_sub(level as u32)) * 8;
    if scored.len() > 1 && rng.below(100) < blunder_percent {
        return scored[1 + rng.below(scored.len() as u32 - 1) as usize].1;
    }
    scored[0].1
}

/// A suggestion for the player to move: the full-strength move.
pub fn hint(game: &Game) -> Move {
    computer_move(game, *LEVELS.end(), 0)
}

/// The value of `child` for the player who moved into it, given its value
/// for its own mover. Turns do not always alternate (extra turns, swaps).
fn from_mover(mover: Side, child: &Position, value: i32) -> i32 {
    if child.is_over() || child.to_move() == mover {
        value_for(mover, child, value)
    } else {
        -value
    }
}

fn value_for(mover: Side, child: &Position, value: i32) -> i32 {
    if child.is_over() {
        let margin = child.store_margin();
        if mover == Side::South {
            margin
        } else {
            -margin
        }
    } else {
        value
    }
}

/// Store margin for the player to move after `depth` more moves.
fn negamax(v: &Variant, pos: &Position, depth: u32) -> i32 {
    let us = pos.to_move();
    if pos.is_over() || depth == 0 {
        let margin = pos.store_margin();
        return if us == Side::South { margin } else { -margin };
    }
    let mut best = i32::MIN;
    for mv in pos.legal_moves(v).iter() {
        let mut child = *pos;
        child.play_unchecked(v, mv);
        best = best.max(from_mover(us, &child, negamax(v, &child, depth - 1)));
    }
    best
}
