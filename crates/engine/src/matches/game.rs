//! One game of a match between two players, and the points it gives.

use std::sync::atomic::{AtomicBool, Ordering};

use mancala_core::{Game, Layout, Move, Outcome, Side, Variant};

use super::player::Player;

/// One game from the opening; returns the finished game, or `None` when
/// `stop` was set before it finished. Each side's moves are chosen with a
/// seed of its own drawn from `seed`.
pub fn play_game<L: Layout>(
    v: &Variant,
    opening: &[Move],
    south: &mut dyn Player<L>,
    north: &mut dyn Player<L>,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Option<Game<L>>, String> {
    south.new_game()?;
    north.new_game()?;
    let mut game = Game::<L>::new_in(v.clone());
    for &mv in opening {
        game.play(mv).map_err(|e| format!("opening move {mv}: {e}"))?;
    }
    while !game.position().is_over() {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let side = game.position().to_move();
        let player: &mut dyn Player<L> =
            if side == Side::South { &mut *south } else { &mut *north };
        let mv = player.choose(
            &game,
            seed ^ (side.index() as u64 + 1).wrapping_mul(0xA24B_AED4),
            stop,
        )?;
        if stop.load(Ordering::Relaxed) {
            return Ok(None); // the move may come from a search cut short
        }
        game.play(mv).map_err(|e| format!("{side} played {mv} in {}: {e}", game.position()))?;
    }
    Ok(Some(game))
}

/// Points for the player on `side` of a finished game (1, 1/2 or 0).
pub fn points<L: Layout>(game: &Game<L>, side: Side) -> f64 {
    match game.position().outcome() {
        Some(Outcome::Win(s)) if s == side => 1.0,
        Some(Outcome::Draw) => 0.5,
        _ => 0.0,
    }
}
