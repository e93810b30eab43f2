//! A game in progress: the variant, the moves played and every position
//! passed through, for undo and for the repetition rule.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::hash::KeyHasher;
use crate::layout::Layout;
use crate::position::{IllegalMove, MoveReport, Position};
use crate::rules::Repetition;
use crate::{Compact, Move, Side, Variant};

/// A game: a start position and the moves played from it.
///
/// The repetition rule needs history, which a [`Position`] does not keep, so
/// a game is the thing to play through when the rules end cycles.
///
/// Generic over the positions' [`Layout`]; `Game` alone is the compact
/// layout's.
#[derive(Clone, Debug)]
pub struct Game<L: Layout = Compact> {
    variant: Variant,
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Position<L>>,
    moves: Vec<Move>,
    /// Under a repetition rule, the positions of a long stretch without a
    /// change of the stores, hashed (see [`Game::repeats`]); `None` until
    /// a stretch grows past [`SCAN`].
    long_window: Option<Window<L>>,
}

/// A new position can only repeat one since the stores last changed (stores
/// never shrink): up to this many of those are compared one by one, which
/// is fastest for the short stretches of most games.
const SCAN: usize = 32;

/// The positions `from..upto` of a game, all with the same stores, counted
/// by position: whether a position repeats one of them is one lookup.
#[derive(Clone, Debug)]
struct Window<L: Layout> {
    from: usize,
    upto: usize,
    counts: HashMap<Position<L>, u32, BuildHasherDefault<KeyHasher>>,
}

#[inline]
fn stores<L: Layout>(p: &Position<L>) -> (L::Cell, L::Cell) {
    (p.store(crate::Side::South), p.store(crate::Side::North))
}

impl Game {
    /// A new game from the variant's starting position.
    pub fn new(variant: Variant) -> Game {
        let start = Position::start(&variant);
        Game::from_position(variant, start)
    }
}

impl<L: Layout> Game<L> {
    /// A new game from the variant's starting position, in the layout
    /// `L`, which must be the variant's ([`Variant::layout`];
    /// [`Position::start_in`]): the constructor of code generic over the
    /// layout ([`crate::with_layout`]). Panics when `L` is another layout.
    pub fn new_in(variant: Variant) -> Game<L> {
        let start = Position::start_in(&variant);
        Game::from_position(variant, start)
    }

    /// A game from any position of the variant.
    pub fn from_position(variant: Variant, start: Position<L>) -> Game<L> {
        let mut positions = Vec::with_capacity(256);
        positions.push(start);
        Game { variant, positions, moves: Vec::with_capacity(256), long_window: None }
    }

    /// The variant played.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position<L> {
        self.positions.last().expect("a game always has a position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position<L> {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position<L>] {
        &self.positions
    }

    /// The positions since the stores last changed, the current one last
    /// (just the current one right after a capture, or at the start): the
    /// positions a repetition rule compares with, since no board can come
    /// back once a store has grown.
    pub fn positions_since_stores_changed(&self) -> &[Position<L>] {
        let stores = |p: &Position<L>| (p.store(Side::South), p.store(Side::North));
        let now = stores(self.position());
        let same = self.positions.iter().rev().take_while(|p| stores(p) == now).count();
        &self.positions[self.positions.len() - same..]
    }

    /// The legal moves now.
    pub fn legal_moves(&self) -> L::Moves {
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
        if self.variant.rules().end.repetition != Repetition::None && !next.is_over() {
            let repeated = self.repeats(&next);
            let quiet = self.quiet_moves_to(&next);
            next.end_by_history(&self.variant, repeated, quiet);
        }
        self.positions.push(next);
        self.moves.push(mv);
        report
    }

    /// The moves in a row without a capture that a move into `next` makes
    /// (`end.quiet_moves`): the positions since the stores last changed,
    /// when `next` has their stores, else none. Counted no further than
    /// the rule's limit (0 when the rule is off).
    fn quiet_moves_to(&self, next: &Position<L>) -> usize {
        let limit = self.variant.rules().end.quiet_moves as usize;
        let same = stores(next);
        self.positions.iter().rev().take(limit).take_while(|p| stores(p) == same).count()
    }

    /// The moves in a row, up to the current position, after which both
    /// stores held what they held before: the count `end.quiet_moves`
    /// limits.
    pub fn quiet_moves(&self) -> usize {
        self.positions_since_stores_changed().len() - 1
    }

    /// Whether `next` already occurred. Stores never shrink during play, so
    /// only the positions since the stores last changed can equal it: the
    /// last [`SCAN`] of them are compared one by one, and a longer stretch
    /// is looked up in its hashed window, kept up to date as the game goes
    /// on (and as moves are taken back), so the cost stays bounded however
    /// long a stretch without a capture lasts.
    #[inline]
    fn repeats(&mut self, next: &Position<L>) -> bool {
        if self.variant.rules().stores_may_shrink() {
            // A store can lose seeds (`refill_empty_row`), so stores can
            // come back to what they held: every position is compared.
            return self.repeats_in_whole_game(next);
        }
        let same = stores(next);
        for p in self.positions.iter().rev().take(SCAN) {
            if stores(p) != same {
                return false;
            }
            if p == next {
                return true;
            }
        }
        self.positions.len() > SCAN && self.repeats_long_ago(next)
    }

    /// Whether `next` repeats any position of the game, when stores may
    /// shrink: the hashed window then counts every position since the
    /// start (its `from` is 0), kept up to date as in
    /// [`Game::repeats_long_ago`].
    #[cold]
    #[inline(never)]
    fn repeats_in_whole_game(&mut self, next: &Position<L>) -> bool {
        let len = self.positions.len();
        let mut window = match self.long_window.take() {
            Some(w) if w.from == 0 && w.upto <= len => w,
            _ => Window { from: 0, upto: 0, counts: HashMap::default() },
        };
        while window.upto < len {
            *window.counts.entry(self.positions[window.upto]).or_insert(0) += 1;
            window.upto += 1;
        }
        let seen = window.counts.contains_key(next);
        self.long_window = Some(window);
        seen
    }

    /// Whether `next` repeats a position before the last [`SCAN`], all of
    /// those having its stores: one lookup in the hashed window. Kept out of
    /// line: most moves are answered by the scan.
    #[cold]
    #[inline(never)]
    fn repeats_long_ago(&mut self, next: &Position<L>) -> bool {
        let same = stores(next);
        let len = self.positions.len();
        let upto = len - SCAN;
        let window = match self.long_window.take() {
            Some(w)
                if w.upto <= upto && w.from < w.upto && stores(&self.positions[w.from]) == same =>
            {
                w
            }
            _ => {
                let from = self.positions[..upto]
                    .iter()
                    .rposition(|p| stores(p) != same)
                    .map_or(0, |i| i + 1);
                Window { from, upto: from, counts: HashMap::default() }
            }
        };
        let mut window = window;
        while window.upto < upto {
            *window.counts.entry(self.positions[window.upto]).or_insert(0) += 1;
            window.upto += 1;
        }
        let found = window.counts.contains_key(next);
        self.long_window = Some(window);
        found
    }

    /// Takes the last move back; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        // The hashed window never covers the last SCAN positions: shrink it
        // with the game.
        let keep = self.positions.len().saturating_sub(SCAN);
        if let Some(w) = self.long_window.as_mut() {
            while w.upto > keep.max(w.from) {
                w.upto -= 1;
                let p = self.positions[w.upto];
                if let Some(c) = w.counts.get_mut(&p) {
                    *c -= 1;
                    if *c == 0 {
                        w.counts.remove(&p);
                    }
                }
            }
            if w.upto <= w.from {
                self.long_window = None;
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
        for &mv in moves.iter() {
            self.play_unchecked(mv);
            leaves += self.perft(depth - 1);
            self.undo();
        }
        leaves
    }
}
