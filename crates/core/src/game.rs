//! A game in progress: the variant, the moves played and every position
//! passed through, for undo and for the repetition rule.

use std::collections::HashMap;

use crate::position::{EndReason, IllegalMove, MoveReport, Position};
use crate::rules::Repetition;
use crate::{Move, MoveList, Variant};

/// A game: a start position and the moves played from it.
///
/// The repetition rule needs history, which a [`Position`] does not keep, so
/// a game is the thing to play through when the rules end cycles.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Under a repetition rule, how many times each position of
    /// `positions` occurs: whether a new position repeats is one lookup,
    /// however long the game (a scan back through the positions since the
    /// stores last changed grew with the game).
    occurred: HashMap<Position, u32>,
}

impl Game {
    /// A new game from the variant's starting position.
    pub fn new(variant: Variant) -> Game {
        let start = Position::start(&variant);
        Game::from_position(variant, start)
    }

    /// A game from any position of the variant.
    pub fn from_position(variant: Variant, start: Position) -> Game {
        let mut positions = Vec::with_capacity(256);
        positions.push(start);
        let mut occurred = HashMap::new();
        if variant.rules().end.repetition != Repetition::None {
            occurred.insert(start, 1);
        }
        Game { variant, positions, moves: Vec::with_capacity(256), occurred }
    }

    /// The variant played.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The legal moves now.
    pub fn legal_moves(&self) -> MoveList {
        self.position().legal_moves(&self.variant)
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.position().check_move(&self.variant, mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let mut next = *self.position();
        let report = next.play_unchecked(&self.variant, mv);
        if self.variant.rules().end.repetition != Repetition::None {
            if !next.is_over() && self.occurred.contains_key(&next) {
                next.end_game(&self.variant, EndReason::Cycle);
            }
            *self.occurred.entry(next).or_insert(0) += 1;
        }
        self.positions.push(next);
        self.moves.push(mv);
        report
    }

    /// Takes the last move back; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let Some(last) = self.positions.pop() {
            if let Some(count) = self.occurred.get_mut(&last) {
                *count -= 1;
                if *count == 0 {
                    self.occurred.remove(&last);
                }
            }
        }
        Some(mv)
    }

    /// Plays uniformly random legal moves to the end of the game and returns
    /// the number of moves played. `choose(k)` must return a number below `k`.
    pub fn random_playout(&mut self, mut choose: impl FnMut(u32) -> u32) -> u32 {
        let mut plies = 0;
        while !self.position().is_over() {
            let pos = self.position();
            let pick = choose(pos.legal_count(&self.variant));
            let mv = pos.nth_legal_move(&self.variant, pick).expect("choose(k) is below k");
            self.play_unchecked(mv);
            plies += 1;
        }
        plies
    }

    /// Counts the leaves of the game tree `depth` moves deep (perft). One ply
    /// is one move (a sowing, relay and all, or a swap); a finished game
    /// counts as one leaf wherever it ends.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let pos = *self.position();
        if depth == 0 || pos.is_over() {
            return 1;
        }
        let moves = pos.legal_moves(&self.variant);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut leaves = 0;
        for mv in moves.iter() {
            self.play_unchecked(mv);
            leaves += self.perft(depth - 1);
            self.undo();
        }
        leaves
    }
}
