//! The replay of one move seed by seed, for a board that animates it (the
//! web page's, through [`Position::sowing_events`]): which pit is emptied,
//! where each seed falls, what is captured, and how the game ends.
//!
//! The rules themselves (sowing, captures, the end of the game) are played
//! by [`Position::play`] in `position.rs`, the fast path the search uses.
//! This replays them plainly, one seed at a time, beside it; it is not for
//! search. Applying the events to the board, in order, gives exactly the
//! position `play` gives (tested over random games of every built-in
//! variant).
//!
//! ```
//! use mancala_core::{Move, Place, Position, Side, SowEvent, Variant};
//!
//! let kalah = Variant::preset("kalah-classic")?;
//! let start = Position::start(&kalah);
//! // South sows pit 3: 4 seeds reach pits 4, 5, 6 and the store.
//! let events = start.sowing_events(&kalah, Move::pit(3))?;
//! assert_eq!(events[0], SowEvent::Pick { from: Place::Pit(Side::South, 2), seeds: 4 });
//! assert_eq!(events[4], SowEvent::Drop { into: Place::Store(Side::South) });
//! assert_eq!(events.len(), 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::position::{EndReason, IllegalMove, Position};
use crate::rules::{
    AfterEmptyFrom, CaptureRows, ChainDirection, EmptyPitCapture, Facing, FacingOn, GrandSlam,
    Parity, Relay, RelayDirection, SeedsLeft, StorePlacement, Taken,
};
use crate::{Count, Direction, Layout, Move, PitDirection, Side, Variant};

/// Where seeds lie: a pit of a side (0-based, counted from that side's own
/// left, the order its owner sows), or a side's store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pit: its side, and its index from that side's own left (0-based).
    Pit(Side, usize),
    /// A side's store.
    Store(Side),
    /// The end pit that follows a side's row on the ring (rule
    /// `board.end_pits`): nobody owns it; at the end its seeds go to
    /// that side.
    EndPit(Side),
}

/// One step of a move, in the order it happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SowEvent {
    /// Every seed of a pit picked up: the move's pit, or a pit a relay
    /// sowing goes on from; or, under `refill_empty_row`, a seed for each
    /// pit taken from the store of the player to move, whose row is empty,
    /// the `Drop`s after it putting one into each of their pits.
    Pick {
        /// The pit emptied.
        from: Place,
        /// The seeds picked up from it.
        seeds: u16,
    },
    /// One seed sown into a pit or a store.
    Drop {
        /// The pit or store the seed falls into.
        into: Place,
    },
    /// Seeds taken from a pit into a side's store: a capture (after the
    /// last seed, or during the sowing under `during_sowing`, with seeds
    /// still in hand), or at the end of the game the seeds left on the
    /// board going to their owner.
    Capture {
        /// The pit the seeds are taken from.
        from: Place,
        /// The seeds taken: all the pit held.
        seeds: u16,
        /// The side whose store receives them.
        store: Side,
    },
    /// Seeds taken by a capture into the mover's hand, to be sown again at
    /// once (rule `taken = "sown"`): the `Drop`s that follow sow them.
    Take {
        /// The pit the seeds are taken from.
        from: Place,
        /// The seeds taken: all the pit held.
        seeds: u16,
    },
    /// The pie rule's swap: the sides exchange places (rows and stores).
    Swap,
    /// This side, whose turn came next, cannot move and passes: the other
    /// side moves (rule `pass`). Last of the move's events.
    Pass(Side),
    /// The game is over (the seeds left were moved by the captures just
    /// before, when the rules move them).
    End,
}

/// The board as the events leave it: seeds per pit and store.
struct Board {
    pits: [Vec<u16>; 2],
    stores: [u16; 2],
    end_pits: [u16; 2],
}

impl Board {
    fn of<L: Layout>(p: &Position<L>) -> Board {
        let row = |side| p.row(side).iter().map(|&c| c.report_count()).collect();
        let both = |f: &dyn Fn(Side) -> L::Cell| Side::ALL.map(|side| f(side).report_count());
        Board {
            pits: [row(Side::South), row(Side::North)],
            stores: both(&|side| p.store(side)),
            end_pits: both(&|side| p.end_pit(side)),
        }
    }

    fn seeds(&self, place: Place) -> u16 {
        match place {
            Place::Pit(side, k) => self.pits[side.index()][k],
            Place::Store(side) => self.stores[side.index()],
            Place::EndPit(side) => self.end_pits[side.index()],
        }
    }

    fn cell(&mut self, place: Place) -> &mut u16 {
        match place {
            Place::Pit(side, k) => &mut self.pits[side.index()][k],
            Place::Store(side) => &mut self.stores[side.index()],
            Place::EndPit(side) => &mut self.end_pits[side.index()],
        }
    }

    /// Empties a pit into the hand; returns the seeds picked up.
    fn pick(&mut self, from: Place, events: &mut Vec<SowEvent>) -> u16 {
        let seeds = std::mem::take(self.cell(from));
        events.push(SowEvent::Pick { from, seeds });
        seeds
    }

    fn drop_seed(&mut self, into: Place, events: &mut Vec<SowEvent>) {
        *self.cell(into) += 1;
        events.push(SowEvent::Drop { into });
    }

    /// Empties a pit into the hand after a capture; returns the seeds.
    fn take(&mut self, from: Place, events: &mut Vec<SowEvent>) -> u16 {
        let seeds = std::mem::take(self.cell(from));
        events.push(SowEvent::Take { from, seeds });
        seeds
    }

    fn capture(&mut self, from: Place, store: Side, events: &mut Vec<SowEvent>) {
        let seeds = std::mem::take(self.cell(from));
        self.stores[store.index()] += seeds;
        events.push(SowEvent::Capture { from, seeds, store });
    }
}

/// The places the mover sows into, in order, starting with their own first
/// pit: their row, their store (when stores are on the ring), the
/// opponent's row, the opponent's store (unless sowing passes over it).
/// On four rows, the mover's own pits alone. Clockwise, the same places
/// the other way round, still starting with the mover's first pit in play.
/// The pits out of play (rule `[rounds]`) are not on it: every sowing
/// passes over them.
fn sowing_ring(v: &Variant, mover: Side, clockwise: bool, out: u32) -> Vec<Place> {
    let mut ring = ccw_ring(v, mover, out);
    if clockwise {
        ring[1..].reverse();
    }
    ring
}

fn ccw_ring(v: &Variant, mover: Side, out: u32) -> Vec<Place> {
    let n = v.pits_per_side();
    let rules = v.rules();
    let stores_on_ring = rules.board.stores == StorePlacement::Ring;
    let mut ring: Vec<Place> = (0..n).map(|k| Place::Pit(mover, k)).collect();
    if rules.four_rows() {
        return ring;
    }
    if stores_on_ring {
        ring.push(Place::Store(mover));
    }
    let end_pits = rules.board.end_pits > 0;
    if end_pits {
        ring.push(Place::EndPit(mover));
    }
    ring.extend((0..n).map(|k| Place::Pit(mover.opponent(), k)));
    if end_pits {
        ring.push(Place::EndPit(mover.opponent()));
    }
    if stores_on_ring && !rules.sowing.skip_opponent_store {
        ring.push(Place::Store(mover.opponent()));
    }
    ring.retain(|&place| match place {
        Place::Pit(side, k) => out >> (side.index() * n + k) & 1 == 0,
        Place::Store(_) | Place::EndPit(_) => true,
    });
    ring
}

impl<L: Layout> Position<L> {
    /// The move `mv` told seed by seed, under every rule of `v`: the pick
    /// of the move's pit, each seed dropped (relay sowing picking up again,
    /// the origin pit passed over on a lap where the rules say so, the
    /// opponent's store passed over), the capture (Kalah's empty-pit
    /// capture, Oware's captures chained backwards, a grand slam that
    /// captures nothing, the captures during the sowing), the pie rule's
    /// swap, the end of the game with
    /// the seeds left going to their owners, and a player's pass (rule
    /// `pass`). Slow and plain; see the module
    /// documentation.
    ///
    /// An illegal move is refused as [`Position::play`] refuses it.
    pub fn sowing_events(&self, v: &Variant, mv: Move) -> Result<Vec<SowEvent>, IllegalMove> {
        // Legality, and whether (and why) the game ends, are `play`'s.
        let (next, report) = self.play(v, mv)?;
        let mut board = Board::of(self);
        let mut events = Vec::new();
        match mv {
            Move::Swap => {
                board.pits.swap(0, 1);
                board.stores.swap(0, 1);
                events.push(SowEvent::Swap);
            }
            Move::Take(k) => {
                // A bonus take (rule `capture.bonus_pits`): one pit of the
                // opponent's, in their own numbering, into the mover's store.
                let mover = self.to_move();
                board.capture(Place::Pit(mover.opponent(), k as usize), mover, &mut events);
            }
            Move::Sow(k) | Move::Directed(k, _) => {
                let clockwise = match mv {
                    Move::Directed(_, way) => way == Direction::Clockwise,
                    _ => v.pit_direction(k as usize) == PitDirection::Cw,
                };
                let claims = Claims::of(self);
                let rings = [
                    sowing_ring(v, self.to_move(), false, claims.out),
                    sowing_ring(v, self.to_move(), true, claims.out),
                ];
                let (mover, k) = (self.to_move(), k as usize);
                let end = sow(v, mover, (k, &rings, clockwise), &claims, &mut board, &mut events);
                let last = end.last;
                // Under `first_pile_only` a relay forbids the captures.
                if !end.claimed && claims.owner(last).is_none() {
                    let captures = !(v.rules().capture.first_pile_only && end.relayed);
                    let ring = &rings[end.clockwise as usize];
                    let how = (end.clockwise, end.crossed, end.last_group);
                    let claims = (&claims, end.prev, captures);
                    capture(v, mover, (last, ring, how), claims, &mut board, &mut events);
                }
            }
        }
        // `refill_empty_row`: the player to move, whose row is empty, takes
        // a seed a pit from their store and sows one into each pit (unless
        // the game ended first: both end pits taken, a majority).
        let mover = next.to_move();
        let n = v.pits_per_side();
        let ended_first =
            matches!(next.end_reason(), Some(EndReason::EndPitsTaken | EndReason::Majority));
        if v.rules().turn.refill_empty_row
            && !ended_first
            && !next.swap_offered()
            && (0..n).all(|k| board.seeds(Place::Pit(mover, k)) == 0)
            && board.seeds(Place::Store(mover)) as usize >= n
        {
            board.stores[mover.index()] -= n as u16;
            events.push(SowEvent::Pick { from: Place::Store(mover), seeds: n as u16 });
            for k in 0..n {
                board.drop_seed(Place::Pit(mover, k), &mut events);
            }
        }
        if next.is_over() {
            // Every ending but the majority rule's moves the seeds left on
            // each side into that side's store, or all of them into the
            // store of the player whose side is empty (`seeds_left`).
            if next.end_reason() != Some(EndReason::Majority) {
                let n = v.pits_per_side();
                let on = |board: &Board, side| (0..n).any(|k| board.seeds(Place::Pit(side, k)) > 0);
                let empty = Side::ALL.into_iter().find(|&side| !on(&board, side));
                let seeds_left = v.rules().end.seeds_left;
                // The player to move after the move, who cannot move.
                let stuck = next.end_reason().is_some_and(|r| r.mover_cannot_move());
                if seeds_left == SeedsLeft::Split {
                    // Nobody owns a row: the seeds left are picked up pit by
                    // pit and dealt out to the stores in turn, South's
                    // first, an odd last one into the first pit of the
                    // player to move.
                    let left: u32 = Side::ALL
                        .iter()
                        .flat_map(|&side| (0..n).map(move |k| Place::Pit(side, k)))
                        .map(|place| board.seeds(place) as u32)
                        .sum();
                    let mut dealt = 0;
                    for side in Side::ALL {
                        for k in 0..n {
                            if board.seeds(Place::Pit(side, k)) == 0 {
                                continue;
                            }
                            for _ in 0..board.pick(Place::Pit(side, k), &mut events) {
                                let into = match (left - dealt, dealt % 2) {
                                    (1, 0) => Place::Pit(next.to_move(), 0),
                                    (_, 0) => Place::Store(Side::South),
                                    _ => Place::Store(Side::North),
                                };
                                board.drop_seed(into, &mut events);
                                dealt += 1;
                            }
                        }
                    }
                } else if seeds_left == SeedsLeft::LastMover && stuck {
                    // The player who cannot move loses their store too.
                    let (loser, winner) = (next.to_move(), next.to_move().opponent());
                    if board.seeds(Place::Store(loser)) > 0 {
                        board.capture(Place::Store(loser), winner, &mut events);
                    }
                }
                for side in Side::ALL.into_iter().filter(|_| seeds_left != SeedsLeft::Split) {
                    let store = match (seeds_left, empty) {
                        (SeedsLeft::EmptySide, Some(e)) => e,
                        (SeedsLeft::LastMover, _) if stuck => next.to_move().opponent(),
                        _ => side,
                    };
                    for k in 0..n {
                        if board.seeds(Place::Pit(side, k)) > 0 {
                            board.capture(Place::Pit(side, k), store, &mut events);
                        }
                    }
                    // The end pit after the row goes with it (rule
                    // `board.end_pits`).
                    if board.seeds(Place::EndPit(side)) > 0 {
                        board.capture(Place::EndPit(side), side, &mut events);
                    }
                }
            }
            events.push(SowEvent::End);
        }
        if report.passed {
            events.push(SowEvent::Pass(next.to_move().opponent()));
        }
        Ok(events)
    }
}

/// The pits claimed before the move (rule `claim`): a seed falling into
/// one goes to its owner's store; and the pits out of play (rule
/// `[rounds]`, [`Position::out_of_play`]), which sowing passes over.
struct Claims {
    pits: [Option<usize>; 2],
    /// Who owns each pit of each row (rules of one claim or several).
    owners: [Vec<Option<Side>>; 2],
    out: u32,
}

impl Claims {
    fn of<L: Layout>(p: &Position<L>) -> Claims {
        let n = p.pits_per_side();
        let owners = Side::ALL.map(|side| (0..n).map(|k| p.claim_owner(side, k)).collect());
        Claims {
            pits: [p.claimed_pit(Side::South), p.claimed_pit(Side::North)],
            owners,
            out: p.out_of_play(),
        }
    }

    /// The side owning `place` when it is a claimed pit.
    fn owner(&self, place: Place) -> Option<Side> {
        match place {
            Place::Pit(side, k) => self.owners[side.index()].get(k).copied().flatten(),
            _ => None,
        }
    }
}

/// Where a move's sowing ended: the place of the last seed, the place of
/// the last seed but one of the last pile (if that pile had two seeds or
/// more), whether a relay lifted a pile, whether a claim ended the move
/// before a relay (`claim.before_relay`), the way the last pile went, and
/// whether a seed fell in the opponent's row.
struct SowEnd {
    last: Place,
    /// The seeds the pile's last place got: 1, or under `seeds_per_place`
    /// the last group.
    last_group: u16,
    prev: Option<Place>,
    relayed: bool,
    claimed: bool,
    clockwise: bool,
    crossed: bool,
}

/// The claims of rules with several claims, when a pile's last seed fell
/// in `last` (not a claimed pit) and its last but one in `prev`: the pit
/// the last seed made hold `claim.count`, or under `claim.pair` both pits
/// the last two seeds made hold `count - 1` and `count`, become the
/// mover's if the rules let them (`rows`, `not_last_pit`, the row ends,
/// `max`): their seeds go to the mover's store. Returns whether a pit was claimed.
fn claim_many(
    v: &Variant,
    mover: Side,
    (last, prev): (Place, Option<Place>),
    claims: &Claims,
    board: &mut Board,
    events: &mut Vec<SowEvent>,
) -> bool {
    let claim = &v.rules().claim;
    let n = v.pits_per_side();
    let mine = claims.owners.iter().flatten().filter(|&&o| o == Some(mover)).count() as u32;
    let room = if claim.max == 0 { u32::MAX } else { (claim.max as u32).saturating_sub(mine) };
    let claimable = |place: Place| match place {
        Place::Pit(side, k) => {
            claims.owner(place).is_none()
                && (claim.rows == crate::ClaimRows::Either || side != mover)
                && !(claim.not_last_pit && k == n - 1)
                && claim.at_row_end(side == mover, k, n)
        }
        Place::Store(_) | Place::EndPit(_) => false,
    };
    if room == 0 || !claimable(last) {
        return false;
    }
    let (count, here) = (u16::from(claim.count), board.seeds(last));
    if let Some(p) = prev.filter(|&p| claim.pair && room >= 2 && p != last && claimable(p)) {
        let there = board.seeds(p);
        if (here == count && there == count - 1) || (here == count - 1 && there == count) {
            board.capture(last, mover, events);
            board.capture(p, mover, events);
            return true;
        }
    }
    if here == count {
        board.capture(last, mover, events);
        return true;
    }
    false
}

/// Sows the mover's pit `k` round `rings[clockwise]` (the places in the
/// order the move sows them, counter-clockwise and clockwise), relays and
/// all, each relayed pile the other way under `relay_direction =
/// "reverse"`; returns where it ended ([`SowEnd`]).
fn sow(
    v: &Variant,
    mover: Side,
    (k, rings, clockwise): (usize, &[Vec<Place>; 2], bool),
    claims: &Claims,
    board: &mut Board,
    events: &mut Vec<SowEvent>,
) -> SowEnd {
    let reverse = v.rules().sowing.relay_direction == RelayDirection::Reverse;
    let mut clockwise = clockwise;
    let mut ring = &rings[clockwise as usize];
    let mut crossed = false;
    // Turns the way round at the pit at place `at` of the ring going
    // `clockwise`: the pit's place on the other ring.
    let turn = |clockwise: bool, at: usize| {
        let place = rings[clockwise as usize][at];
        rings[!clockwise as usize].iter().position(|&p| p == place).unwrap_or(0)
    };
    let skip_origin = v.rules().sowing.skip_origin;
    let many = v.rules().many_claims();
    let before_relay = many && v.rules().claim.before_relay;
    let mut relayed = false;
    let relay = v.rules().sowing.relay;
    let first_back = v.rules().sowing.first_seed_in_origin;
    // A pit a seed makes hold this many is taken at once (rule
    // `during_sowing`; 0: never), unless it is its pile's last seed and the
    // relay lifts that pit.
    let mut during = v.rules().capture.during_sowing;
    // Whether a pile's last seed in `last` lifts that pile (relay "own" or
    // "any"; never a claimed pit).
    let lifts = |last: Place, board: &Board| {
        let relays_here = match (relay, last) {
            (Relay::Own, Place::Pit(side, _)) => side == mover,
            (Relay::Any, Place::Pit(..)) => true,
            _ => false,
        };
        relays_here && claims.owner(last).is_none() && board.seeds(last) > 1
    };
    let take_during = |during: u8, place: Place, board: &mut Board, events: &mut Vec<SowEvent>| {
        if during != 0 && matches!(place, Place::Pit(..)) && board.seeds(place) == during.into() {
            board.capture(place, mover, events);
        }
    };
    // The ring index of the pit being emptied: the mover's pit k.
    let mut origin = ring.iter().position(|&p| p == Place::Pit(mover, k)).unwrap_or(k);
    // Seeds a capture put in the mover's hand (`taken = "sown"`), sown from
    // the place after `origin`.
    let mut hand = 0;
    loop {
        let from_hand = hand > 0;
        let mut seeds =
            if from_hand { std::mem::take(&mut hand) } else { board.pick(ring[origin], events) };
        let mut at = origin;
        // Where the pile's last seed but one fell.
        let mut prev = None;
        if first_back && seeds > 1 && !from_hand {
            // The first seed goes back into the pit it came from.
            board.drop_seed(ring[origin], events);
            seeds -= 1;
            take_during(during, ring[origin], board, events);
            prev = Some(ring[origin]);
        }
        // Each place gets `seeds_per_place` seeds (1 by default), the last
        // what is left.
        let group = u16::from(v.rules().sowing.seeds_per_place.max(1));
        let mut last_group = 1;
        let mut first = true;
        while seeds > 0 {
            if !first {
                prev = Some(ring[at]);
            }
            first = false;
            at = (at + 1) % ring.len();
            if skip_origin && at == origin && !from_hand {
                at = (at + 1) % ring.len();
            }
            crossed |= matches!(ring[at], Place::Pit(side, _) if side != mover);
            let drop = group.min(seeds);
            seeds -= drop;
            last_group = drop;
            let into = match claims.owner(ring[at]) {
                Some(owner) => Place::Store(owner),
                None => ring[at],
            };
            for _ in 0..drop {
                board.drop_seed(into, events);
            }
            if into == ring[at] && (seeds > 0 || !lifts(ring[at], board)) {
                take_during(during, ring[at], board, events);
            }
        }
        let last = ring[at];
        let end = SowEnd { last, last_group, prev, relayed, claimed: false, clockwise, crossed };
        if before_relay
            && claims.owner(last).is_none()
            && claim_many(v, mover, (last, prev), claims, board, events)
        {
            // The claim wins over the relay and ends the move.
            return SowEnd { claimed: true, ..end };
        }
        // `first_pile_only`: no capture during the sowing after a relay.
        let relay_on = |during: &mut u8, relayed: &mut bool| {
            *relayed = true;
            if v.rules().capture.first_pile_only {
                *during = 0;
            }
        };
        if let Some((inner, outer)) = facing_capture(v, mover, last, board) {
            // Four rows: the opponent's two pits facing the mover's inner
            // pit are taken, to the store or to be sown on from here.
            let outer = Some(outer).filter(|&o| board.seeds(o) > 0);
            if v.rules().capture.taken == Taken::Sown {
                hand = board.take(inner, events) + outer.map_or(0, |o| board.take(o, events));
                origin = at;
                continue;
            }
            board.capture(inner, mover, events);
            if let Some(o) = outer {
                board.capture(o, mover, events);
            }
            return end;
        }
        if lifts(last, board) {
            relay_on(&mut during, &mut relayed);
            origin = at;
            if reverse {
                origin = turn(clockwise, origin);
                clockwise = !clockwise;
                ring = &rings[clockwise as usize];
            }
            continue;
        }
        // Relay "next": after a last seed in a pit, the next place, a pit
        // holding seeds, is lifted and sown on.
        let next = (at + 1) % ring.len();
        if relay == Relay::Next
            && matches!(last, Place::Pit(..) | Place::EndPit(_))
            && matches!(ring[next], Place::Pit(..))
            && board.seeds(ring[next]) > 0
        {
            relay_on(&mut during, &mut relayed);
            origin = next;
            if reverse {
                origin = turn(clockwise, origin);
                clockwise = !clockwise;
                ring = &rings[clockwise as usize];
            }
            continue;
        }
        return end;
    }
}

/// The opponent's inner and outer pit a four-row capture (`facing`) takes
/// when a pile's last seed falls in `last`: one of the mover's inner pits
/// (the pits p to 2p - 1 of their sowing order, the inner row from their
/// right) that held seeds (or was empty, `facing_on`), facing the opponent's inner pit, which holds
/// seeds (and under `facing = "both"` the outer pit behind it too).
fn facing_capture(v: &Variant, mover: Side, last: Place, board: &Board) -> Option<(Place, Place)> {
    let facing = v.rules().capture.facing;
    let Place::Pit(side, j) = last else { return None };
    let p = v.pits_per_row();
    // The pit held seeds (now 2 or more), or under `facing_on = "empty"`
    // was empty (now 1).
    let held = match v.rules().capture.facing_on {
        FacingOn::Occupied => board.seeds(last) >= 2,
        FacingOn::Empty => board.seeds(last) == 1,
    };
    if facing == Facing::Off || side != mover || j < p || !held {
        return None;
    }
    // Column c from the mover's left: their inner pit j = 2p - 1 - c; the
    // opponent's column from their own left is p - 1 - c, their outer pit
    // there p - 1 - c = j - p, their inner pit 2p - 1 - (p - 1 - c) = 3p - 1 - j.
    let them = mover.opponent();
    let (inner, outer) = (Place::Pit(them, 3 * p - 1 - j), Place::Pit(them, j - p));
    let held = board.seeds(inner) > 0 && (facing == Facing::Inner || board.seeds(outer) > 0);
    held.then_some((inner, outer))
}

/// The capture or claim decided by where the last seed fell (not a
/// claimed pit); a chain goes back along `ring`, the way the last pile
/// went (`clockwise`), or on along it (`chain_direction`); `crossed`: a seed of the move fell in the
/// opponent's row.
fn capture(
    v: &Variant,
    mover: Side,
    (last, ring, (clockwise, crossed, last_group)): (Place, &[Place], (bool, bool, u16)),
    (claims, prev, captures): (&Claims, Option<Place>, bool),
    board: &mut Board,
    events: &mut Vec<SowEvent>,
) {
    let n = v.pits_per_side();
    let rules = &v.rules().capture;
    if matches!(last, Place::EndPit(_)) {
        // A last seed in an end pit: only the capture after an empty pit.
        if captures {
            after_empty(v, mover, (last, ring), board, events);
        }
        return;
    }
    let Place::Pit(side, k) = last else { return };
    // A claim, under rules of one claim or of several.
    let claim = |board: &mut Board, events: &mut Vec<SowEvent>| {
        claim_one(v, mover, (last, side, k), claims, board, events)
            || (v.rules().many_claims()
                && claim_many(v, mover, (last, prev), claims, board, events))
    };
    // Under `first_pile_only` after a relay, only a claim can follow.
    if !captures {
        claim(board, events);
        return;
    }
    // Kalah: the last seed in one of the mover's own pits that was empty
    // takes the seeds opposite, and itself (under `seeds_per_place` the
    // last group in a pit empty before it, and the group).
    // `empty_pit_needs_crossing`: only after a seed of the move fell in the
    // opponent's row.
    let may_take = crossed || !rules.empty_pit_needs_crossing;
    if side == mover
        && board.seeds(last) == last_group
        && rules.empty_pit != EmptyPitCapture::Off
        && may_take
    {
        let opposite = Place::Pit(mover.opponent(), n - 1 - k);
        let across = board.seeds(opposite);
        if across > 0 || rules.empty_pit == EmptyPitCapture::Always {
            if across > 0 {
                board.capture(opposite, mover, events);
            }
            board.capture(last, mover, events);
            // `empty_pit_chain`: the mover's next pits the way the last
            // pile went, while empty, take the pits opposite them.
            let mut j = k;
            for _ in 0..rules.empty_pit_chain {
                j = if clockwise { j.wrapping_sub(1) } else { j + 1 };
                if j >= n || board.seeds(Place::Pit(mover, j)) > 0 {
                    break;
                }
                let opposite = Place::Pit(mover.opponent(), n - 1 - j);
                if board.seeds(opposite) > 0 {
                    board.capture(opposite, mover, events);
                }
            }
            return;
        }
    }
    // Dakon's mikul: the last seed in an empty pit of the opponent's row
    // between two pits of that row holding the same number takes them and
    // itself.
    if rules.between_equal && side != mover && board.seeds(last) == 1 && k > 0 && k + 1 < n {
        let (left, right) = (Place::Pit(side, k - 1), Place::Pit(side, k + 1));
        let seeds = board.seeds(left);
        if seeds > 0 && board.seeds(right) == seeds {
            board.capture(left, mover, events);
            board.capture(right, mover, events);
            board.capture(last, mover, events);
            return;
        }
    }
    // Oware, Bohnenspiel, Toguz Kumalak: the last seed makes a pit of a
    // row that counts hold a capturing count (or parity); with chaining,
    // the pits before it along the ring that do too go with it.
    let row_counts = |s: Side| match rules.rows {
        CaptureRows::Opponent => s != mover,
        CaptureRows::Own => s == mover,
        CaptureRows::Either => true,
    };
    let takes = |place: Place| {
        let c = board.seeds(place);
        let by_parity = match rules.parity {
            Parity::Off => false,
            Parity::Even => c > 0 && c.is_multiple_of(2),
            Parity::Odd => c % 2 == 1,
        };
        matches!(place, Place::Pit(s, _) if row_counts(s))
            && (by_parity || rules.counts.iter().any(|&k| u16::from(k) == c))
    };
    if takes(last) {
        let mut run = vec![last];
        if rules.chain {
            // Backwards along the ring, or forwards (`chain_direction`),
            // never back to the last pit.
            let step = match rules.chain_direction {
                ChainDirection::Backwards => ring.len() - 1,
                ChainDirection::Forwards => 1,
            };
            let mut at = ring.iter().position(|&p| p == last).unwrap_or(0);
            for _ in 1..ring.len() {
                at = (at + step) % ring.len();
                if !takes(ring[at]) {
                    break;
                }
                run.push(ring[at]);
            }
        }
        let them = mover.opponent();
        let from_them: u32 = run
            .iter()
            .filter(|p| matches!(p, Place::Pit(s, _) if *s == them))
            .map(|&p| board.seeds(p) as u32)
            .sum();
        let on_their_side: u32 = board.pits[them.index()].iter().map(|&s| s as u32).sum();
        if from_them > 0
            && from_them == on_their_side
            && rules.grand_slam == GrandSlam::CapturesNothing
        {
            return;
        }
        for place in run {
            board.capture(place, mover, events);
        }
        return;
    }
    if claim(board, events) {
        return;
    }
    after_empty(v, mover, (last, ring), board, events);
}

/// The capture after an empty pit (`after_empty`), after a last seed in
/// `last`, along `ring`.
fn after_empty(
    v: &Variant,
    mover: Side,
    (last, ring): (Place, &[Place]),
    board: &mut Board,
    events: &mut Vec<SowEvent>,
) {
    let rules = &v.rules().capture;
    // Pallanguzhi: the place after the last seed an empty pit, the pit
    // after that one is taken when it holds seeds.
    // Eson Xorgol (`after_empty_from = "occupied"`): only when the last
    // seed's pit held seeds before it fell.
    let from = rules.after_empty_from == AfterEmptyFrom::Any || board.seeds(last) > 1;
    // O An Quan (`after_empty_chain`): the same look on from each pit taken.
    if rules.after_empty && from {
        let mut at = ring.iter().position(|&p| p == last).unwrap_or(0);
        loop {
            let (empty, taken) = (ring[(at + 1) % ring.len()], ring[(at + 2) % ring.len()]);
            if !(matches!(empty, Place::Pit(..))
                && board.seeds(empty) == 0
                && matches!(taken, Place::Pit(..) | Place::EndPit(_))
                && board.seeds(taken) > 0)
            {
                break;
            }
            board.capture(taken, mover, events);
            if !rules.after_empty_chain {
                break;
            }
            at = (at + 2) % ring.len();
        }
    }
}

/// A claim under rules of one claim: the opponent's pit `last` (their
/// `k`-th, on `side`) made to hold exactly the claim count becomes the
/// mover's, its seeds to the mover's store. Returns whether it did.
fn claim_one(
    v: &Variant,
    mover: Side,
    (last, side, k): (Place, Side, usize),
    claims: &Claims,
    board: &mut Board,
    events: &mut Vec<SowEvent>,
) -> bool {
    let n = v.pits_per_side();
    let claim = &v.rules().claim;
    if claim.count > 0
        && !v.rules().many_claims()
        && side != mover
        && board.seeds(last) == u16::from(claim.count)
        && claims.pits[mover.index()].is_none()
        && !(claim.not_last_pit && k == n - 1)
        && !(claim.not_same_number && claims.pits[side.index()] == Some(k))
        && claim.at_row_end(false, k, n)
    {
        board.capture(last, mover, events);
        return true;
    }
    false
}
