//! Random legal games of random valid rule sets. The first bytes make a
//! `Rules` (every field), `Variant::new` accepts or refuses it
//! (refused: nothing to play); the rest choose the moves, in the layout
//! the rules take (`Variant::layout`: four rows of 9 to 12 pits and more
//! than 255 seeds are the wide layout's). At every position: seeds
//! conserved, the legal moves exactly those `play` accepts, the text reads
//! back. The game must end:
//!
//! - stores on the ring (`repetition = "none"` allowed): every move adds
//!   seeds to a store or moves seeds towards the mover's store along the
//!   mover's own row (`docs/rules.md`), so with T seeds and n pits a side a
//!   game lasts at most (T + 1) x (n x T + 1) + 1 plies (a swap once).
//!   Exceeding that is a failure.
//! - stores beside the board: the core requires a repetition rule, so every
//!   game ends, but the bound is the number of positions, far too many to
//!   wait for; these games are followed for at most `BESIDE_PLIES` plies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{
    AfterEmptyFrom, BoardRules, ByPit, CaptureRows, CaptureRules, ChainDirection, ClaimRows,
    ClaimRules, Compact, EmptyPitCapture, EmptySide, EndReason, EndRules, Facing, FacingOn,
    FillFrom, Game, GrandSlam, Layout, LayoutKind, Match, MovePits, Parity, PitDirection, Position,
    Relay, RelayDirection, Repetition, RoundStarter, RoundsRules, Rules, SeedsLeft, Side,
    SowingDirection, SowingRules, StartPits, StorePlacement, Taken, TurnRules, Variant, Wide,
};
use mancala_fuzz::check_position;

/// How far a game with stores beside the board is followed.
const BESIDE_PLIES: usize = 5_000;

/// Bytes read one at a time; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }
}

fn rules(b: &mut Bytes) -> Rules {
    let pits = 1 + b.byte() % 16;
    let seeds = 1 + b.byte() % 16;
    let stores = if b.flag() { StorePlacement::Beside } else { StorePlacement::Ring };
    let flags = b.byte();
    let bit = |i: u8| flags >> i & 1 == 1;
    let counts_mask = u16::from_le_bytes([b.byte(), b.byte()]);
    // A few capture counts from 1 to 16, and now and then one up to 63.
    let mut counts: Vec<u8> =
        (0..16).filter(|i| counts_mask >> i & 1 == 1).map(|i| i + 1).collect();
    if bit(7) {
        counts.push(1 + b.byte() % 63);
    }
    let choice = b.byte();
    // The general sowing's elements: one byte, one or two bits each.
    let general = b.byte();
    let gbit = |i: u8| general >> i & 1 == 1;
    // Relay sowing: none, from one's own pits, from any pit, or the next.
    let relay = match (bit(2), b.byte() % 3) {
        (false, _) => Relay::None,
        (true, 0) => Relay::Own,
        (true, 1) => Relay::Any,
        (true, _) => Relay::Next,
    };
    // The four-row elements: one byte.
    let four = b.byte();
    let fbit = |i: u8| four >> i & 1 == 1;
    let mut rules = Rules {
        name: "fuzz".into(),
        description: String::new(),
        board: BoardRules {
            pits_per_side: pits,
            seeds_per_pit: seeds,
            pits_per_side_range: [1, 16],
            seeds_per_pit_range: [1, 127],
            stores,
            rows: 2,
            start_pits: Vec::new(),
            end_pits: 0,
            stores_drawn: Default::default(),
            start: match (fbit(1), fbit(6)) {
                (false, _) => StartPits::All,
                (true, false) => StartPits::InnerRightHalf,
                (true, true) => StartPits::Outer,
            },
        },
        sowing: SowingRules {
            skip_opponent_store: bit(0),
            skip_origin: bit(1),
            relay,
            extra_turn: bit(3),
            first_seed_in_origin: gbit(0),
            min_seeds: if fbit(2) { 2 + (four >> 6) } else { 1 },
            forced_singles: four >> 6 == 0 && general & 1 == 1,
            direction: SowingDirection::CounterClockwise,
            by_pit: None,
            relay_direction: RelayDirection::Same,
            extra_turn_uncrossed: false,
            seeds_per_place: 1,
        },
        capture: CaptureRules {
            empty_pit: [
                EmptyPitCapture::Off,
                EmptyPitCapture::Always,
                EmptyPitCapture::IfOppositeHasSeeds,
            ][(choice % 3) as usize],
            counts,
            chain: bit(4),
            chain_direction: ChainDirection::Backwards,
            grand_slam: [
                GrandSlam::Allowed,
                GrandSlam::Forbidden,
                GrandSlam::CapturesNothing,
                GrandSlam::OnlyIfForced,
            ][(choice / 3 % 4) as usize],
            parity: [Parity::Off, Parity::Even, Parity::Odd, Parity::Off]
                [(general >> 1 & 3) as usize],
            rows: [
                CaptureRows::Opponent,
                CaptureRows::Own,
                CaptureRows::Either,
                CaptureRows::Opponent,
            ][(general >> 3 & 3) as usize],
            between_equal: b.byte() & 1 == 1,
            during_sowing: match b.byte() {
                d if d & 3 == 0 => 1 + d / 4 % 5,
                _ => 0,
            },
            after_empty: b.byte() & 1 == 1,
            after_empty_from: if gbit(4) { AfterEmptyFrom::Occupied } else { AfterEmptyFrom::Any },
            after_empty_chain: b.byte() & 1 == 1,
            facing: [Facing::Off, Facing::Inner, Facing::Both, Facing::Off]
                [(four >> 3 & 3) as usize],
            facing_on: if fbit(6) { FacingOn::Empty } else { FacingOn::Occupied },
            taken: if fbit(5) { Taken::Sown } else { Taken::Store },
            empty_pit_needs_crossing: false,
            empty_pit_chain: 0,
            first_pile_only: false,
            bonus_pits: 0,
        },
        turn: TurnRules {
            first: if bit(5) { Side::North } else { Side::South },
            pie_rule: bit(6),
            must_feed: choice / 12 % 2 == 1,
            pass: b.byte() & 1 == 1,
            pits: MovePits::Own,
            refill_empty_row: b.byte() % 8 == 0,
        },
        end: EndRules {
            majority: choice / 24 % 2 == 1,
            empty_side: if choice / 48 % 2 == 1 { EmptySide::Mover } else { EmptySide::Either },
            repetition: [Repetition::None, Repetition::Owner, Repetition::Split]
                [(choice / 96 % 3) as usize],
            seeds_left: match (gbit(5), fbit(7)) {
                (true, false) => SeedsLeft::EmptySide,
                (_, true) => SeedsLeft::LastMover,
                _ if choice & 1 == 1 && gbit(4) => SeedsLeft::Split,
                _ => SeedsLeft::Owner,
            },
            // Now and then a few moves without a capture end the game.
            quiet_moves: if choice % 7 == 0 { (1 + general % 16) as u16 } else { 0 },
            end_pits_taken: false,
        },
        claim: ClaimRules {
            count: if gbit(6) { 1 + b.byte() % 4 } else { 0 },
            not_last_pit: gbit(7),
            not_same_number: gbit(7),
            ..ClaimRules::default()
        },
        rounds: None,
    };
    // Claims beyond one of the opponent's row (Enkeshui's bulls: either
    // row, any number, pairs, before the relay) and captures by a single
    // pile only: one byte, most of the time made valid.
    let c = b.byte();
    if c & 1 == 1 {
        let r = &mut rules;
        r.claim.rows = if c & 2 == 0 { ClaimRows::Either } else { ClaimRows::Opponent };
        r.claim.max = [0, 0, 2, 1][(c >> 2 & 3) as usize];
        r.claim.pair = c >> 4 & 1 == 1;
        r.claim.before_relay = c >> 5 & 1 == 1;
        r.capture.first_pile_only = c >> 6 & 1 == 1;
        if c >> 7 == 0 {
            r.claim.not_same_number = false;
            r.claim.count = r.claim.count.max(2);
            r.board.pits_per_side = 1 + (r.board.pits_per_side - 1) % 11;
            r.board.pits_per_side_range = [1, 11];
            if r.claim.pair && r.claim.max == 1 {
                r.claim.max = 0;
            }
            if r.sowing.relay == Relay::None {
                r.sowing.relay = Relay::Any;
            }
        }
    }
    if fbit(0) {
        // Four rows, most of the time made valid: stores beside, a relay
        // from one's own pits or none, no capture but `facing`, no feeding.
        let r = &mut rules;
        // 1 to 12 pits a row: more than 8 take the wide layout.
        r.board.rows = 4;
        r.board.pits_per_side = 1 + (pits - 1) % 12;
        r.board.pits_per_side_range = [1, 12];
        if b.byte() % 8 != 0 {
            r.board.stores = StorePlacement::Beside;
            r.sowing.extra_turn = false;
            if matches!(r.sowing.relay, Relay::Any | Relay::Next) {
                r.sowing.relay = Relay::Own;
            }
            r.capture.empty_pit = EmptyPitCapture::Off;
            r.capture.counts.clear();
            r.capture.parity = Parity::Off;
            r.capture.between_equal = false;
            r.capture.during_sowing = 0;
            r.capture.after_empty = false;
            r.claim = ClaimRules::default();
            r.turn.must_feed = false;
            if r.capture.facing == Facing::Off {
                r.capture.facing = Facing::Inner;
            }
            // Bonus takes after a facing capture into the store, in a
            // third of these sets (now and then one too many, refused).
            let k = b.byte();
            if k % 3 == 0 {
                r.capture.bonus_pits = k / 3 % 17;
                if k & 1 == 0 {
                    r.turn.pie_rule = false;
                    r.capture.taken = Taken::Store;
                }
            }
        }
    }
    // The sowing direction, one byte: counter-clockwise in half the sets;
    // else clockwise, chosen or by pit, most of the time made valid
    // (stores beside, two rows, none of the rules it is refused with).
    let d = b.byte();
    if d & 1 == 1 {
        let way =
            |x: u8| [PitDirection::Ccw, PitDirection::Cw, PitDirection::Either][x as usize % 3];
        let r = &mut rules;
        r.sowing.direction = [
            SowingDirection::Clockwise,
            SowingDirection::Chosen,
            SowingDirection::ByPit,
            SowingDirection::ByPit,
        ][(d >> 1 & 3) as usize];
        if r.sowing.direction == SowingDirection::ByPit {
            r.sowing.by_pit =
                Some(ByPit { left: way(d >> 3), centre: way(d >> 5), right: way(d >> 6) });
        }
        if d >> 7 == 1 || b.byte() % 8 != 0 {
            r.board.rows = 2;
            r.board.start = StartPits::All;
            r.board.pits_per_side = 1 + (pits - 1) % 8;
            r.board.pits_per_side_range = [1, 8];
            r.capture.facing = Facing::Off;
            r.capture.facing_on = FacingOn::Occupied;
            r.capture.taken = Taken::Store;
            r.board.stores = StorePlacement::Beside;
            r.sowing.extra_turn = false;
            // A relay from any pit or the next, half the time: its endless
            // sowings are judged each way.
            if matches!(r.sowing.relay, Relay::Any | Relay::Next) && b.flag() {
                r.sowing.relay = Relay::Own;
            }
            r.turn.must_feed = false;
            r.sowing.forced_singles = false;
            if matches!(r.capture.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced) {
                r.capture.grand_slam = GrandSlam::Allowed;
            }
            if r.end.repetition == Repetition::None {
                r.end.repetition = Repetition::Owner;
            }
        }
    }
    let round = b.byte();
    if round % 4 == 0 {
        // Rounds, most of the time made valid: no pie rule, majority,
        // split, claim or four rows, at most 15 pits a side.
        let r = &mut rules;
        r.rounds = Some(RoundsRules {
            fill_from: if round & 4 == 0 { FillFrom::First } else { FillFrom::Last },
            starts: match round >> 3 & 3 {
                0 => RoundStarter::Winner,
                1 => RoundStarter::Loser,
                _ => RoundStarter::Alternate,
            },
        });
        if round >> 5 != 0 {
            r.turn.pie_rule = false;
            r.end.majority = false;
            if r.end.repetition == Repetition::Split {
                r.end.repetition = Repetition::Owner;
            }
            if r.end.seeds_left == SeedsLeft::Split {
                r.end.seeds_left = SeedsLeft::Owner;
            }
            r.end.quiet_moves = 0;
            r.claim = ClaimRules::default();
            r.board.rows = 2;
            r.board.start = StartPits::All;
            r.capture.facing = Facing::Off;
            r.capture.facing_on = FacingOn::Occupied;
            r.capture.taken = Taken::Store;
            r.board.pits_per_side = r.board.pits_per_side.min(15);
            r.board.pits_per_side_range = [1, 15];
        }
    }
    if !fbit(0) && pits <= 8 && b.byte() % 4 == 0 {
        // A move from either row (`pits = "any"`), most of the time made
        // valid: stores beside, nothing that speaks of a player's own row.
        let r = &mut rules;
        r.turn.pits = MovePits::Any;
        r.board.pits_per_side_range = [1, 8];
        if b.byte() % 8 != 0 {
            r.sowing.direction = SowingDirection::CounterClockwise;
            r.sowing.by_pit = None;
            r.rounds = None;
            r.board.stores = StorePlacement::Beside;
            r.sowing.extra_turn = false;
            if r.sowing.relay == Relay::Own {
                r.sowing.relay = Relay::None;
            }
            r.sowing.forced_singles = false;
            r.capture.empty_pit = EmptyPitCapture::Off;
            r.capture.rows = if r.capture.counts.is_empty() && r.capture.parity == Parity::Off {
                CaptureRows::Opponent
            } else {
                CaptureRows::Either
            };
            r.capture.grand_slam = GrandSlam::Allowed;
            r.capture.between_equal = false;
            r.capture.after_empty |= r.capture.counts.is_empty();
            r.claim = ClaimRules::default();
            r.turn.must_feed = false;
            r.turn.pass = false;
            r.turn.pie_rule = false;
            r.end.empty_side = EmptySide::Mover;
            r.end.repetition = Repetition::Split;
            if matches!(r.end.seeds_left, SeedsLeft::Owner | SeedsLeft::EmptySide) {
                r.end.seeds_left = SeedsLeft::Split;
            }
        }
    }
    // Relays sown back the other way, the empty-pit capture after crossing
    // and its chain, the extra turn in an own empty pit: one byte, in a
    // quarter of the sets, most of the time made valid (a relay, stores
    // beside, two rows, moves from one's own row, `empty_pit`, one round).
    let x = b.byte();
    if x & 3 == 3 {
        let r = &mut rules;
        if x >> 2 & 1 == 1 {
            r.sowing.relay_direction = RelayDirection::Reverse;
        }
        r.sowing.extra_turn_uncrossed = x >> 3 & 1 == 1;
        r.capture.empty_pit_needs_crossing = x >> 4 & 1 == 1;
        r.capture.empty_pit_chain = [0, 1, 2, 15][(x >> 5 & 3) as usize];
        if x >> 7 == 1 || b.byte() % 8 != 0 {
            r.board.rows = 2;
            r.board.start = StartPits::All;
            r.capture.facing = Facing::Off;
            r.capture.facing_on = FacingOn::Occupied;
            r.capture.taken = Taken::Store;
            r.turn.pits = MovePits::Own;
            r.rounds = None;
            if r.capture.empty_pit == EmptyPitCapture::Off {
                r.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds;
            }
            if r.sowing.relay_direction == RelayDirection::Reverse {
                r.board.stores = StorePlacement::Beside;
                r.sowing.extra_turn = false;
                if r.sowing.relay == Relay::None {
                    r.sowing.relay = Relay::Any;
                }
                if r.end.repetition == Repetition::None {
                    r.end.repetition = Repetition::Owner;
                }
            }
        }
    }
    // A start that is not uniform (`start_pits`), now and then, its size
    // ranges fixed to the size as the rules require.
    let listed = b.byte();
    if listed % 8 == 0 && rules.rounds.is_none() && rules.board.rows == 2 {
        let r = &mut rules;
        let (p, s) = (r.board.pits_per_side, r.board.seeds_per_pit);
        let mut list: Vec<u8> = (0..p).map(|_| b.byte() % (s + 1)).collect();
        list[(listed >> 3) as usize % p as usize] = s;
        r.board.start = StartPits::All;
        r.board.start_pits = list;
        r.board.pits_per_side_range = [p, p];
        r.board.seeds_per_pit_range = [s, s];
    }
    if rules.turn.refill_empty_row && b.flag() {
        // Rows refilled from the store, made valid: nothing else speaks of
        // an empty row or a mover without a move.
        let r = &mut rules;
        r.end.empty_side = EmptySide::Mover;
        r.turn.pass = false;
        r.turn.must_feed = false;
        r.turn.pits = MovePits::Own;
        r.sowing.min_seeds = 1;
        r.rounds = None;
        if r.end.repetition == Repetition::None {
            r.end.repetition = Repetition::Owner;
        }
    }
    // Claims near the row ends only (Qelat's walda): one byte, in a quarter
    // of the sets with claims, most of the time fitting the size and rows.
    let e = b.byte();
    if e & 3 == 3 && rules.claim.count > 0 {
        let r = &mut rules;
        r.claim.opponent_row_ends = e >> 2 & 3;
        r.claim.own_row_ends = e >> 4 & 3;
        if e >> 6 != 0 {
            let half = r.board.pits_per_side / 2;
            r.claim.opponent_row_ends = r.claim.opponent_row_ends.min(half);
            r.claim.own_row_ends =
                if r.claim.rows == ClaimRows::Either { r.claim.own_row_ends.min(half) } else { 0 };
        }
    }
    // Two end pits on the ring (O An Quan's mandarin squares), when their
    // byte says so (a missing byte leaves them off), most of the time made
    // valid: stores beside, two rows, nothing they are refused with.
    let e = b.byte();
    if e & 3 == 3 {
        let r = &mut rules;
        r.board.end_pits = 1 + (e >> 2) % 10;
        r.end.end_pits_taken = e >> 6 & 1 == 1;
        if e >> 7 == 0 {
            r.board.stores = StorePlacement::Beside;
            r.board.rows = 2;
            r.board.start = StartPits::All;
            r.board.pits_per_side = 1 + (r.board.pits_per_side - 1) % 11;
            r.board.pits_per_side_range = [1, 11];
            r.board.start_pits.clear();
            r.sowing.extra_turn = false;
            r.sowing.forced_singles = false;
            r.capture.facing = Facing::Off;
            r.claim = ClaimRules::default();
            r.rounds = None;
            r.turn.pits = MovePits::Own;
            r.turn.pie_rule = false;
            r.end.seeds_left = SeedsLeft::Owner;
            r.end.repetition = Repetition::Owner;
            r.capture.after_empty = r.capture.after_empty || e >> 5 & 1 == 1;
            if r.capture.after_empty {
                r.capture.grand_slam = GrandSlam::Allowed;
            }
        }
    }
    // Chains forwards (`chain_direction`), when their byte says so (a
    // missing byte leaves them backwards): with a chain, now and then
    // without one (refused).
    let f = b.byte();
    if f & 3 == 3 && (rules.capture.chain || f >> 7 == 1) {
        rules.capture.chain_direction = ChainDirection::Forwards;
    }
    // Several seeds a place (`seeds_per_place`), when their byte says so (a
    // missing byte leaves one), most of the time made valid: nothing that
    // speaks of each seed or of a relay.
    let g = b.byte();
    if g & 3 == 3 {
        let r = &mut rules;
        r.sowing.seeds_per_place = (g >> 2 & 7).max(1) + 1;
        if g >> 5 != 0 {
            r.sowing.relay = Relay::None;
            r.sowing.relay_direction = RelayDirection::Same;
            r.sowing.first_seed_in_origin = false;
            r.sowing.extra_turn_uncrossed = false;
            r.claim = ClaimRules::default();
            r.capture.during_sowing = 0;
            r.capture.between_equal = false;
            r.capture.after_empty = false;
            r.capture.after_empty_chain = false;
            r.capture.empty_pit_chain = 0;
            r.capture.empty_pit_needs_crossing = false;
            r.board.end_pits = 0;
            r.end.end_pits_taken = false;
            if r.board.rows == 4 {
                r.board.rows = 2;
                r.board.start = StartPits::All;
                r.capture.facing = Facing::Off;
                r.capture.facing_on = FacingOn::Occupied;
                r.capture.taken = Taken::Store;
                r.capture.bonus_pits = 0;
            }
        }
    }
    rules
}

/// The later rounds of a match (rule `[rounds]`), a few of them: every
/// position checked, the pits out of play always empty.
fn later_rounds<L: Layout>(v: &Variant, first: Game<L>, state: &mut u64) {
    let mut m = Match::from_position(v.clone(), *first.start());
    for &mv in first.moves() {
        m.play(mv).expect("the first round replays");
    }
    let total = v.total_seeds();
    let mut plies = 0;
    while m.start_next_round() && m.round_number() <= 4 {
        while !m.round_over() && plies < BESIDE_PLIES {
            let p = *m.position();
            check_position(v, &p, total);
            let n = v.pits_per_side();
            for side in Side::ALL {
                for k in 0..n {
                    assert!(
                        !p.is_out_of_play(side, k) || Into::<u32>::into(p.pit(side, k)) == 0,
                        "{p}"
                    );
                }
            }
            let legal = p.legal_moves(v);
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            m.play(legal[*state as usize % legal.len()]).expect("a legal move plays");
            plies += 1;
        }
        if !m.round_over() {
            return;
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let Ok(v) = Variant::new(rules(&mut b)) else { return };
    match v.layout() {
        LayoutKind::Compact => play::<Compact>(&v, b, data),
        LayoutKind::Wide => play::<Wide>(&v, b, data),
    }
});

/// A game of `v` in layout `L`, its moves chosen by the bytes `b` left,
/// then by a generator seeded by all of `data`.
fn play<L: Layout>(v: &Variant, mut b: Bytes, data: &[u8]) {
    let v = v.clone();
    let n = v.pits_per_side();
    let total = v.total_seeds();
    let ring = v.rules().board.stores == StorePlacement::Ring;
    let bound =
        if ring { (total as usize + 1) * (n * total as usize + 1) + 1 } else { BESIDE_PLIES };
    // Moves: the fuzzer's bytes, then a fixed generator seeded by them.
    let mut state = data
        .iter()
        .fold(0x9e37_79b9_7f4a_7c15u64, |h, &x| (h ^ x as u64).wrapping_mul(0x100_0000_01b3));
    let mut game = Game::from_position(v.clone(), Position::<L>::start_in(&v));
    let mut plies = 0;
    while !game.position().is_over() {
        let p = *game.position();
        check_position(&v, &p, total);
        let legal = p.legal_moves(&v);
        assert!(!legal.is_empty(), "a live game has a move: {p}");
        let pick = if b.0.is_empty() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as usize
        } else {
            b.byte() as usize
        };
        game.play(legal[pick % legal.len()]).expect("a legal move plays");
        plies += 1;
        if plies >= bound {
            assert!(
                !ring,
                "a game with ring stores did not end in {bound} plies: {}",
                game.position()
            );
            return;
        }
    }
    let end = *game.position();
    check_position(&v, &end, total);
    let by_history = matches!(end.end_reason(), Some(EndReason::Cycle | EndReason::QuietMoves));
    if end.end_reason() != Some(EndReason::Majority) && !by_history {
        // Split evenly (`seeds_left = "split"`), an odd seed stays.
        let odd = (v.rules().end.seeds_left == SeedsLeft::Split) as u32;
        assert!(end.side_seeds(Side::South) + end.side_seeds(Side::North) <= odd, "{end}");
    }
    if end.end_reason() != Some(EndReason::Majority) {
        // The end pits go to their players at every other end.
        let ends: u32 =
            end.end_pit(Side::South).into() + Into::<u32>::into(end.end_pit(Side::North));
        assert_eq!(ends, 0, "{end}");
    }
    if v.rules().rounds.is_some() {
        later_rounds(&v, game.clone(), &mut state);
    }
    // Undo walks back through the same positions.
    let positions = game.positions().to_vec();
    for i in (0..game.moves().len()).rev() {
        game.undo();
        assert_eq!(*game.position(), positions[i]);
    }
}
