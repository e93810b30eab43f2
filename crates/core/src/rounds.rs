//! A match of several rounds (rule `[rounds]`: Congkak, Sungka, Dakon,
//! Pallanguzhi): the one home of the policy between rounds, which every
//! front end calls.
//!
//! A round is a game of the variant, searched, solved and counted by perft
//! like any other: its position knows which pits are out of play. When a
//! round ends every seed is in a store; [`Position::next_round`] fills the
//! board for the next one from the stores, and [`Match`] plays the rounds
//! in sequence until a player cannot fill a single pit, or until a round
//! would start from a board and starter a round of the match has started
//! from before with no seed changing hands since (the match is then drawn:
//! [`MatchEnd`]).
//!
//! ```
//! use mancala_core::{Match, Move, Variant};
//!
//! let dakon = Variant::preset("dakon")?;
//! let mut m = Match::new(dakon);
//! assert_eq!(m.round_number(), 1);
//! m.play(Move::pit(1))?;
//! assert!(!m.round_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::layout::Count;
use crate::position::{IllegalMove, MoveReport, Outcome, Position};
use crate::rules::{FillFrom, RoundStarter};
use crate::{Compact, Game, Layout, Move, Side, Variant};

impl<L: Layout> Position<L> {
    /// The start of the next round after this finished round (rule
    /// `[rounds]`), whose first move was `started`'s: each player fills
    /// their pits in order (`fill_from`) with `seeds_per_pit` seeds from
    /// their store, a pit they cannot fill is out of play, the seeds left
    /// over stay in the store, and `starts` says who moves first. `None`
    /// when the match is over (a player cannot fill a single pit), when
    /// the variant has no rounds, or when this position is not the end of
    /// a round with every seed in a store.
    pub fn next_round(&self, v: &Variant, started: Side) -> Option<Position<L>> {
        let rounds = v.rules().rounds.as_ref()?;
        if !self.is_over() || self.seeds_in_pits() != 0 {
            return None;
        }
        let n = v.pits_per_side();
        let per_pit = v.seeds_per_pit();
        let filled = Side::ALL
            .map(|side| (self.store(side).into() / u32::from(per_pit)).min(n as u32) as usize);
        if filled.contains(&0) {
            return None;
        }
        let mut next = Position::<L>::start_in(v);
        let mut out = 0u32;
        for side in Side::ALL {
            let s = side.index();
            for k in 0..n {
                let filled_here = match rounds.fill_from {
                    FillFrom::First => k < filled[s],
                    FillFrom::Last => k >= n - filled[s],
                };
                if filled_here {
                    next.cells[s * n + k] = L::Cell::from(per_pit);
                } else {
                    next.cells[s * n + k] = L::Cell::ZERO;
                    out |= 1 << (s * n + k);
                }
            }
            next.cells[L::STORE_CELL + s] =
                L::Cell::from_u32(self.store(side).into() - filled[s] as u32 * u32::from(per_pit));
        }
        next.reoccupy();
        next.set_out_of_play(out);
        next.end = None;
        next.flags = 0;
        let (south, north) = (self.store(Side::South), self.store(Side::North));
        let winner = match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        next.to_move = match (rounds.starts, winner) {
            (RoundStarter::Winner, Some(w)) => w,
            (RoundStarter::Loser, Some(w)) => w.opponent(),
            _ => started.opponent(),
        };
        Some(next.settled(v))
    }
}

/// A match: the rounds played so far, the last one in play. Under a
/// variant without `[rounds]` a match is one round, a single game.
///
/// Generic over the positions' [`Layout`]; `Match` alone is the compact
/// layout's.
#[derive(Clone, Debug)]
pub struct Match<L: Layout = Compact> {
    /// Every round so far, the one in play last; never empty.
    rounds: Vec<Game<L>>,
}

impl Match {
    /// A new match from the variant's starting position.
    pub fn new(variant: Variant) -> Match {
        Match { rounds: vec![Game::new(variant)] }
    }
}

impl<L: Layout> Match<L> {
    /// A match whose first round starts from `start` (a position of the
    /// variant, pits out of play and all).
    pub fn from_position(variant: Variant, start: Position<L>) -> Match<L> {
        Match { rounds: vec![Game::from_position(variant, start)] }
    }

    /// A match of the rounds given, the first first, the last in play
    /// (each round after the first starting where [`Position::next_round`]
    /// put it: a record's replay makes them so). `None` for no round.
    pub fn from_rounds(rounds: Vec<Game<L>>) -> Option<Match<L>> {
        (!rounds.is_empty()).then_some(Match { rounds })
    }

    /// The variant played.
    pub fn variant(&self) -> &Variant {
        self.game().variant()
    }

    /// The round in play (or the last one, once the match is over).
    pub fn game(&self) -> &Game<L> {
        self.rounds.last().expect("a match always has a round")
    }

    /// The round in play, to play or take back its moves.
    pub fn game_mut(&mut self) -> &mut Game<L> {
        self.rounds.last_mut().expect("a match always has a round")
    }

    /// Every round so far, the first first; the last is the one in play.
    pub fn rounds(&self) -> &[Game<L>] {
        &self.rounds
    }

    /// The number of the round in play, from 1.
    pub fn round_number(&self) -> usize {
        self.rounds.len()
    }

    /// The current position (of the round in play).
    pub fn position(&self) -> &Position<L> {
        self.game().position()
    }

    /// Plays a move of the round in play after checking it.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.game_mut().play(mv)
    }

    /// Whether the round in play is over.
    pub fn round_over(&self) -> bool {
        self.position().is_over()
    }

    /// The start of the next round, when the round in play is over and the
    /// match goes on ([`Position::next_round`]): `None` too when that start
    /// (the board and the player who moves first) is one a round of this
    /// match has started from ([`MatchEnd::RepeatedRound`]).
    pub fn next_round_start(&self) -> Option<Position<L>> {
        let game = self.game();
        let next = game.position().next_round(game.variant(), game.start().to_move())?;
        self.round_started_from(&next).is_none().then_some(next)
    }

    /// The round (from 1) of this match that started from `start`, with no
    /// seed changing hands since: every round from that one to the last
    /// started with each player holding (in pits and store) what they hold
    /// at `start`. A start seen again after a round that moved seeds from
    /// one player to the other is not a repeat: the players got there by
    /// play, and a match played on from it may go otherwise. Only each
    /// round's start is read: the rounds before the last may be given
    /// without their moves ([`Match::from_rounds`]).
    fn round_started_from(&self, start: &Position<L>) -> Option<usize> {
        let holding = |p: &Position<L>| Side::ALL.map(|s| p.side_seeds(s) + p.store(s).into());
        let now = holding(start);
        for (i, round) in self.rounds.iter().enumerate().rev() {
            if holding(round.start()) != now {
                return None;
            }
            if round.start() == start {
                return Some(i + 1);
            }
        }
        None
    }

    /// Whether the match is over: its last round is over and no next round
    /// follows (a player cannot fill a single pit, the next round would
    /// start as an earlier one did with no seed changing hands since, or the
    /// variant has no rounds).
    pub fn is_over(&self) -> bool {
        self.round_over() && self.next_round_start().is_none()
    }

    /// Why the match is over; `None` while it goes on.
    pub fn end(&self) -> Option<MatchEnd> {
        if !self.round_over() {
            return None;
        }
        let game = self.game();
        let v = game.variant();
        if v.rules().rounds.is_none() {
            return Some(MatchEnd::Round);
        }
        if let Some(next) = game.position().next_round(v, game.start().to_move()) {
            return self.round_started_from(&next).map(|round| MatchEnd::RepeatedRound { round });
        }
        let end = game.position();
        let per_pit = v.seeds_per_pit();
        Some(match Side::ALL.map(|side| end.store(side) >= L::Cell::from(per_pit)) {
            [true, false] => MatchEnd::CannotFill { loser: Side::North },
            [false, true] => MatchEnd::CannotFill { loser: Side::South },
            // A round left off before all seeds reached the stores (a
            // match read from a position): the round decides.
            _ => MatchEnd::Round,
        })
    }

    /// Starts the next round once the round in play is over; `false` (and
    /// nothing done) while it goes on or when the match is over.
    pub fn start_next_round(&mut self) -> bool {
        if !self.round_over() {
            return false;
        }
        match self.next_round_start() {
            Some(start) => {
                let variant = self.variant().clone();
                self.rounds.push(Game::from_position(variant, start));
                true
            }
            None => false,
        }
    }

    /// Takes back the last move played: at the start of a round after the
    /// first, the round is dropped and the move that ended the round before
    /// is taken back. `None` when no move was left to take back.
    pub fn undo(&mut self) -> Option<Move> {
        if self.game().moves().is_empty() && self.rounds.len() > 1 {
            self.rounds.pop();
        }
        self.game_mut().undo()
    }

    /// The result once the match is over: under rounds, the player who
    /// could fill a pit when the other could not wins, and a match whose
    /// next round would start as an earlier one did is drawn; a single
    /// round is won by the store holding more. `None` while the match goes
    /// on.
    pub fn outcome(&self) -> Option<Outcome> {
        Some(match self.end()? {
            MatchEnd::Round => self.position().outcome()?,
            MatchEnd::CannotFill { loser } => Outcome::Win(loser.opponent()),
            MatchEnd::RepeatedRound { .. } => Outcome::Draw,
        })
    }

    /// Plays a list of rounds' moves: `rounds[i]` are the moves of round
    /// `i + 1`, each round but the last played to its end, the next one
    /// started from it. Checks every move; on an error the match is left
    /// where it failed, and the error names the round.
    pub fn play_rounds(&mut self, rounds: &[Vec<Move>]) -> Result<(), RoundsError> {
        for (i, moves) in rounds.iter().enumerate() {
            if i > 0 && !self.start_next_round() {
                return Err(RoundsError::NoNextRound { round: self.round_number() });
            }
            for (j, &mv) in moves.iter().enumerate() {
                self.play(mv).map_err(|error| RoundsError::Move {
                    round: self.round_number(),
                    index: j + 1,
                    error,
                })?;
            }
        }
        Ok(())
    }
}

/// Why a match is over ([`Match::end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// The match is one round, whose end decides it: the variant has no
    /// `[rounds]`, or (a match read from a position) its round ended with
    /// seeds left on the board.
    Round,
    /// `loser` cannot fill a single pit from their store: the other player
    /// wins the match.
    CannotFill {
        /// The player who cannot fill a pit.
        loser: Side,
    },
    /// The next round would start from the board, and with the player to
    /// move first, that round `round` (from 1) of this match started from,
    /// no seed having changed hands since: nothing moved the match on, and
    /// it is drawn.
    RepeatedRound {
        /// The earlier round whose start would come again.
        round: usize,
    },
}

impl MatchEnd {
    /// The name used in JSON and by Python: `round`, `cannot-fill`,
    /// `repeated-round`.
    pub fn name(self) -> &'static str {
        match self {
            MatchEnd::Round => "round",
            MatchEnd::CannotFill { .. } => "cannot-fill",
            MatchEnd::RepeatedRound { .. } => "repeated-round",
        }
    }
}

/// A list of rounds' moves that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundsError {
    /// Moves are given for a round after `round`, which did not end, or
    /// after which the match is over.
    #[error(
        "moves are given for round {}, but round {round} is not over or the match ended with it",
        round + 1
    )]
    NoNextRound {
        /// The last round played.
        round: usize,
    },
    /// A move that is not legal.
    #[error("round {round}, move #{index}: {error}")]
    Move {
        /// The round, from 1.
        round: usize,
        /// The move's place in the round's list, from 1.
        index: usize,
        /// Why it is not legal.
        error: IllegalMove,
    },
}
