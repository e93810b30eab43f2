//! One test per rule and option, OpenSpiel style: the board drawn in a
//! comment, set up from a position string, one rule asserted.
//!
//! Boards are drawn as the console shows them: North's row on top from
//! North's pit n (left) down to pit 1 (right), North's store on the left,
//! South's row below from pit 1 to pit n, South's store on the right.

use mancala_core::*;

fn variant(name: &str) -> Variant {
    Variant::preset(name).unwrap()
}

/// The board of a position string, unchecked: the boards drawn here hold
/// any number of seeds.
fn pos(text: &str) -> Position {
    text.parse::<Setup>().unwrap_or_else(|e| panic!("{text}: {e}")).position_unchecked()
}

/// Plays `moves` (1-based pit numbers or swap) from `start` and returns the
/// position and the last report.
fn play(v: &Variant, start: &str, moves: &[&str]) -> (Position, MoveReport) {
    let setup = start.parse::<Setup>().unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut p = setup.position_unchecked_in(v);
    let mut last = MoveReport::default();
    for m in moves {
        let mv = p.parse_move(v, m).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
        let (q, r) = p.play(v, mv).unwrap();
        p = q;
        last = r;
    }
    (p, last)
}

fn legal(v: &Variant, p: &Position) -> Vec<String> {
    p.legal_moves(v).iter().map(|m| m.to_string()).collect()
}

// ---------------------------------------------------------------- sowing

#[test]
fn sowing_goes_counter_clockwise_one_seed_per_pit() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        4  4  4  4  4  4  0
    //        1  2  3  4  5  6
    // South sows pit 1: pits 2..5 get a seed each.
    let v = variant("kalah-classic");
    let (p, r) = play(&v, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,5,5,5,5,4:0/4,4,4,4,4,4:0/N");
    assert_eq!(r.sown, 4);
    assert!(!r.extra_turn);
}

#[test]
fn sowing_skips_the_opponents_store() {
    //        6  5  4  3  2  1
    //     0  1  1  1  1  1  1
    //        1  0  0  0  0  8  0
    // South's pit 6 holds 8: the store, North's 6 pits, then past North's
    // store (skipped) into South's pit 1.
    let v = variant("kalah-classic");
    let (p, _) = play(&v, "1,0,0,0,0,8:0/1,1,1,1,1,1:0/S", &["6"]);
    assert_eq!(p.to_string(), "2,0,0,0,0,0:1/2,2,2,2,2,2:0/N");
    assert_eq!(p.store(Side::North), 0);
}

#[test]
fn sowing_a_full_lap_refills_the_origin_pit_in_kalah() {
    //        6  5  4  3  2  1
    //     0  1  1  1  1  1  1
    //        0  0  0  0  0 13  0
    // 13 seeds go round the 13-slot ring and the last lands in the emptied
    // origin pit, which counts as empty: it captures North's pit 1 opposite.
    let v = variant("kalah-classic");
    let (p, r) = play(&v, "0,0,0,0,0,13:0/1,1,1,1,1,1:0/S", &["6"]);
    assert_eq!(p.to_string(), "1,1,1,1,1,0:4/0,2,2,2,2,2:0/N");
    assert_eq!(r.captured, 3);
}

#[test]
fn sowing_skips_the_origin_pit_on_laps_in_oware() {
    //        6  5  4  3  2  1
    //        1  1  1  1  1  1
    //       12  0  0  0  0  0
    // 12 seeds: 11 fill the other pits, the 12th passes over pit 1.
    let v = variant("oware");
    let (p, _) = play(&v, "12,0,0,0,0,0:0/1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,2,1,1,1,1:0/2,2,2,2,2,2:0/N");
    // Without the rule the 12th seed falls back into pit 1.
    let mut rules = v.rules().clone();
    rules.sowing.skip_origin = false;
    let v = Variant::new(rules).unwrap();
    let (p, _) = play(&v, "12,0,0,0,0,0:0/1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "1,1,1,1,1,1:0/2,2,2,2,2,2:0/N");
}

#[test]
fn sowing_into_the_opponents_store_when_it_is_not_skipped() {
    //        3  2  1
    //     0  0  0  0
    //        1  0  5  0
    let mut rules = variant("kalah-classic").rules().clone();
    rules.sowing.skip_opponent_store = false;
    rules.board.pits_per_side = 3;
    let v = Variant::new(rules).unwrap();
    let (p, _) = play(&v, "1,0,5:0/0,0,0:0/S", &["3"]);
    // own store, North's 3 pits, North's store.
    assert_eq!(p.to_string(), "1,0,0:1/1,1,1:1/N");
}

#[test]
fn relay_sowing_picks_up_the_pile_the_last_seed_lands_on() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        2  1  3  0  0  0  0
    // Pit 1's 2 seeds land last in pit 3 (now 4): those 4 are sown on, the
    // last into the store: an extra turn.
    let v = variant("relay-kalah");
    let (p, r) = play(&v, "2,1,3,0,0,0:0/4,4,4,4,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,2,0,1,1,1:1/4,4,4,4,4,4:0/S");
    assert_eq!(r.relays, 1);
    assert!(r.extra_turn);
}

#[test]
fn relay_sowing_stops_in_an_empty_pit_and_captures_there() {
    //        6  5  4  3  2  1
    //     0  4  4  4  9  4  4
    //        1  1  0  0  0  0  0
    // Pit 1 -> pit 2 (now 2): relay the 2 into pits 3 and 4; pit 4 was empty,
    // so it captures North's pit 3 opposite (9) with it.
    let v = variant("relay-kalah");
    let (p, r) = play(&v, "1,1,0,0,0,0:0/4,4,9,4,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,1,0,0,0:10/4,4,0,4,4,4:0/N");
    assert_eq!((r.relays, r.captured), (1, 10));
}

// ------------------------------------------------------------ extra turn

#[test]
fn last_seed_in_own_store_gives_another_turn() {
    let v = variant("kalah-classic");
    let (p, r) = play(&v, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S", &["3"]);
    assert!(r.extra_turn);
    assert_eq!(p.to_move(), Side::South);
    // North gets the same: North's pit 3 also reaches North's store.
    let (p, r) = play(&v, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/N", &["3"]);
    assert!(r.extra_turn);
    assert_eq!(p.to_move(), Side::North);
}

#[test]
fn no_extra_turn_when_the_rule_is_off() {
    let mut rules = variant("kalah-classic").rules().clone();
    rules.sowing.extra_turn = false;
    let v = Variant::new(rules).unwrap();
    let (p, r) = play(&v, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S", &["3"]);
    assert!(!r.extra_turn);
    assert_eq!(p.to_move(), Side::North);
}

// -------------------------------------------------------------- captures

//        6  5  4  3  2  1
//     0  3  3  3  0  3  3
//        0  0  1  0  0  5  0
// South's pit 3 -> pit 4, which is empty; North's pit 3 opposite is empty.
const EMPTY_OPPOSITE: &str = "0,0,1,0,0,5:0/3,3,0,3,3,3:0/S";
//  The same with 4 seeds in North's pit 3.
const FULL_OPPOSITE: &str = "0,0,1,0,0,5:0/3,3,4,3,3,3:0/S";

#[test]
fn empty_pit_capture_always_takes_the_seed_even_against_an_empty_pit() {
    let v = variant("kalah");
    let (p, r) = play(&v, EMPTY_OPPOSITE, &["3"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,5:1/3,3,0,3,3,3:0/N");
    assert_eq!(r.captured, 1);
    let (p, r) = play(&v, FULL_OPPOSITE, &["3"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,5:5/3,3,0,3,3,3:0/N");
    assert_eq!(r.captured, 5);
}

#[test]
fn empty_pit_capture_if_opposite_has_seeds_leaves_the_seed_otherwise() {
    let v = variant("kalah-classic");
    let (p, r) = play(&v, EMPTY_OPPOSITE, &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,0,5:0/3,3,0,3,3,3:0/N");
    assert_eq!(r.captured, 0);
    let (p, _) = play(&v, FULL_OPPOSITE, &["3"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,5:5/3,3,0,3,3,3:0/N");
}

#[test]
fn empty_pit_capture_off_never_captures() {
    let mut rules = variant("kalah-classic").rules().clone();
    rules.capture.empty_pit = EmptyPitCapture::Off;
    let v = Variant::new(rules).unwrap();
    let (p, _) = play(&v, FULL_OPPOSITE, &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,0,5:0/3,3,4,3,3,3:0/N");
}

#[test]
fn no_empty_pit_capture_on_the_opponents_side() {
    //        6  5  4  3  2  1
    //     0  3  3  3  3  3  0
    //        1  1  1  1  1  2  0
    // South's pit 6 (2 seeds): store, then North's empty pit 1: no capture.
    let v = variant("kalah");
    let (p, r) = play(&v, "1,1,1,1,1,2:0/0,3,3,3,3,3:0/S", &["6"]);
    assert_eq!(r.captured, 0);
    assert_eq!(p.to_string(), "1,1,1,1,1,0:1/1,3,3,3,3,3:0/N");
}

#[test]
fn oware_capture_chains_backwards_over_twos_and_threes() {
    // The usual Oware example: pit E (5) sows 6 seeds, the last in e making 3;
    // d (2) and c (3) before it are taken too, b (5) stops the chain: 8.
    //        f  e  d  c  b  a
    //        4  2  1  2  4  4
    //        4  4  4  4  6  4
    //        A  B  C  D  E  F
    let v = variant("oware");
    let (p, r) = play(&v, "4,4,4,4,6,4:0/4,4,2,1,2,4:0/S", &["5"]);
    assert_eq!(r.captured, 8);
    assert_eq!(p.to_string(), "4,4,4,4,0,5:8/5,5,0,0,0,4:0/N");
}

#[test]
fn oware_capture_stays_on_the_opponents_side() {
    //        6  5  4  3  2  1
    //        5  5  5  1  2  1
    //        0  0  0  0  2  3
    // Pit 6 makes 2, 3, 2 in North's pits 1-3: all taken; the chain ends at
    // North's pit 1 and never reaches South's own pit 5 (which holds 2).
    let v = variant("oware");
    let (p, r) = play(&v, "0,0,0,0,2,3:0/1,2,1,5,5,5:0/S", &["6"]);
    assert_eq!(r.captured, 7);
    assert_eq!(p.to_string(), "0,0,0,0,2,0:7/0,0,0,5,5,5:0/N");
}

#[test]
fn oware_capture_without_chain_takes_only_the_last_pit() {
    let mut rules = variant("oware").rules().clone();
    rules.capture.chain = false;
    let v = Variant::new(rules).unwrap();
    let (p, r) = play(&v, "4,4,4,4,6,4:0/4,4,2,1,2,4:0/S", &["5"]);
    assert_eq!(r.captured, 3);
    assert_eq!(p.to_string(), "4,4,4,4,0,5:3/5,5,3,2,0,4:0/N");
}

// ------------------------------------------------- chains forwards

/// The preset `name` with its chain going forwards
/// (`chain_direction = "forwards"`), and `change` made.
fn chaining_forwards(name: &str, change: impl FnOnce(&mut Rules)) -> Variant {
    let mut rules = variant(name).rules().clone();
    rules.capture.chain_direction = ChainDirection::Forwards;
    change(&mut rules);
    Variant::new(rules).unwrap()
}

#[test]
fn chain_forwards_takes_three_pits_and_stops_at_one_that_does_not_count() {
    //        6  5  4  3  2  1
    //        1  1  4  3  2  2
    //        4  4  4  4  2  4
    //        1  2  3  4  5  6
    // Oware, chaining forwards: South's pit 5 (2 seeds) sows pit 6 and
    // North's pit 1, making 3: taken; then on the way of the sowing North's
    // pit 2 (2) and pit 3 (3), which the pile did not reach, are taken too;
    // pit 4 (4) stops the chain: 3 + 2 + 3 = 8.
    let v = chaining_forwards("oware", |_| {});
    let start = "4,4,4,4,2,4:0/2,2,3,4,1,1:0/S";
    let (p, r) = play(&v, start, &["5"]);
    assert_eq!(r.captured, 8);
    assert_eq!(p.to_string(), "4,4,4,4,0,5:8/0,0,0,4,1,1:0/N");
    // Backwards (Oware's own chain) the pit before North's 1 is South's 6,
    // not the opponent's: only the last pit is taken.
    let (p, r) = play(&variant("oware"), start, &["5"]);
    assert_eq!(r.captured, 3);
    assert_eq!(p.to_string(), "4,4,4,4,0,5:3/0,2,3,4,1,1:0/N");
}

#[test]
fn chain_forwards_crosses_from_one_row_to_the_other_on_either_row() {
    //        6  5  4  3  2  1
    //        1  2  2  2  2  2
    //        4  2  3  1  1  6
    //        1  2  3  4  5  6
    // Bohnenspiel (2, 4 or 6 on either row), chaining forwards: South's
    // pit 6 sows North's six pits, the last making North's pit 6 hold 2:
    // taken. The place after it counter-clockwise is South's own pit 1 (4):
    // taken, then pit 2 (2): taken; pit 3 (3) stops the chain: 8.
    let v = chaining_forwards("bohnenspiel", |_| {});
    let start = "4,2,3,1,1,6:0/2,2,2,2,2,1:0/S";
    let (p, r) = play(&v, start, &["6"]);
    assert_eq!(r.captured, 8);
    assert_eq!(p.to_string(), "0,0,3,1,1,0:8/3,3,3,3,3,0:0/N");
    // Backwards, North's pit 5 (3) stops the chain at once: 2.
    let (_, r) = play(&variant("bohnenspiel"), start, &["6"]);
    assert_eq!(r.captured, 2);
}

#[test]
fn chain_forwards_after_a_clockwise_sowing_goes_clockwise() {
    //        6  5  4  3  2  1
    //        1  4  2  3  1  1
    //        0  2  5  5  5  5
    //        1  2  3  4  5  6
    // Bohnenspiel sown clockwise, chaining forwards: South's pit 2 sows pit
    // 1 and then North's pit 6, making 2: taken. On clockwise, North's pit 5
    // (4) and pit 4 (2) are taken; pit 3 (3) stops the chain: 2 + 4 + 2.
    let v = chaining_forwards("bohnenspiel", |r| {
        r.sowing.direction = SowingDirection::Clockwise;
    });
    let start = "0,2,5,5,5,5:0/1,1,3,2,4,1:0/S";
    let (p, r) = play(&v, start, &["2"]);
    assert_eq!(r.captured, 8);
    assert_eq!(p.to_string(), "1,0,5,5,5,5:8/1,1,3,0,0,0:0/N");
    // Backwards the chain looks at South's pit 1 (1): only North's pit 6.
    let mut rules = v.rules().clone();
    rules.capture.chain_direction = ChainDirection::Backwards;
    let (_, r) = play(&Variant::new(rules).unwrap(), start, &["2"]);
    assert_eq!(r.captured, 2);
}

#[test]
fn chain_forwards_into_a_grand_slam_is_forbidden() {
    //        6  5  4  3  2  1
    //        0  0  0  3  2  2
    //        0  0  0  0  1  1
    //        1  2  3  4  5  6
    // Oware (grand slam forbidden), chaining forwards: South's pit 6 makes
    // North's pit 1 hold 3, and the chain takes pits 2 (2) and 3 (3) on:
    // every seed North has, so pit 6 is no move. North's pit 3 holds the
    // largest count, 3, before the move: a chain backwards could take it
    // only after sowing into it, a chain forwards takes it as it is.
    let v = chaining_forwards("oware", |_| {});
    let start = "0,0,0,0,1,1:0/2,2,3,0,0,0:0/S";
    assert_eq!(legal(&v, &pos(start)), ["5"]);
    assert!(pos(start).check_move(&v, Move::pit(6)).is_err());
    // Backwards it takes North's pit 1 alone, and is a move.
    assert_eq!(legal(&variant("oware"), &pos(start)), ["5", "6"]);
}

#[test]
fn a_chain_round_a_board_with_pits_out_of_play_takes_each_pit_once() {
    //           2  1
    //           -  0
    //           7  1
    //           1  2
    // Bohnenspiel on two pits a side, in a later round: North's pit 2 is
    // out of play. South's pit 1 (7 seeds) sows pit 2, North's 1, pit 1,
    // pit 2, North's 1, pit 1, pit 2: South's pits hold 2 and 4, North's
    // 1 holds 2. The last seed, in South's pit 2, makes 4: taken, and the
    // chain backwards takes South's 1 and North's 1; it never comes back
    // to South's pit 2: 8 seeds, no more than the board holds. Forwards
    // the same three pits the other way round.
    for forwards in [false, true] {
        let mut rules = variant("bohnenspiel").rules().clone();
        rules.board.pits_per_side = 2;
        rules.board.pits_per_side_range = [1, 8];
        rules.rounds = Some(RoundsRules::default());
        if forwards {
            rules.capture.chain_direction = ChainDirection::Forwards;
        }
        let v = Variant::new(rules).unwrap();
        let (p, r) = play(&v, "7,1:0/0,-:0/S", &["1"]);
        assert_eq!(r.captured, 8, "forwards {forwards}: {p}");
        assert_eq!(p.store(Side::South), 8);
        assert_eq!(p.total_seeds(), 8);
    }
}

#[test]
fn chain_direction_forwards_needs_a_chain() {
    let mut rules = variant("oware").rules().clone();
    rules.capture.chain = false;
    rules.capture.chain_direction = ChainDirection::Forwards;
    let e = Variant::new(rules.clone()).unwrap_err().to_string();
    assert!(e.contains("capture.chain_direction"), "{e}");
    // The variant file reads it, and writes it only when forwards.
    let text = variant("oware").rules().to_toml();
    assert!(!text.contains("chain_direction"), "{text}");
    rules.capture.chain = true;
    let text = rules.to_toml();
    assert!(text.contains("chain_direction = \"forwards\""), "{text}");
    assert_eq!(Rules::from_toml(&text).unwrap(), rules);
    // Forwards is played by the general sowing; the solver's databases
    // do not apply to it.
    assert!(rules.uses_general_elements());
    assert_eq!(rules.general_elements(), ["capture.chain_direction = \"forwards\""]);
}

/// `Rules::general_elements` names a setting exactly when the rules leave
/// the Kalah and Oware families: none for the eight presets of the two
/// families, at least one for each traditional game.
#[test]
fn the_elements_beyond_the_two_families_are_named_when_used() {
    for name in mancala_core::preset_names() {
        let rules = Variant::preset(name).unwrap().rules().clone();
        assert_eq!(rules.general_elements().is_empty(), !rules.uses_general_elements(), "{name}");
    }
    let kalah = Variant::preset("kalah").unwrap().rules().clone();
    assert!(kalah.general_elements().is_empty());
    let mut passing = kalah.clone();
    passing.turn.pass = true;
    assert_eq!(passing.general_elements(), ["turn.pass"]);
    let hus = Variant::preset("hus").unwrap().rules().general_elements();
    assert!(hus.iter().any(|e| e == "board.rows = 4"), "{hus:?}");
}

#[test]
fn oware_no_capture_when_the_count_is_not_listed() {
    // The last seed makes 4 in North's pit 2: nothing is taken.
    let v = variant("oware");
    let (p, r) = play(&v, "0,0,0,0,0,2:0/2,3,4,4,4,4:0/S", &["6"]);
    assert_eq!(r.captured, 0);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:0/3,4,4,4,4,4:0/N");
}

// ------------------------------------------------------------ grand slam

//        6  5  4  3  2  1
//        0  0  0  0  1  1
//        1  0  0  0  0  2
// South's pit 6 makes 2 and 2 in North's pits 1 and 2: every North seed.
const GRAND_SLAM: &str = "1,0,0,0,0,2:0/1,1,0,0,0,0:0/S";

#[test]
fn grand_slam_forbidden_is_illegal() {
    let v = variant("oware");
    let p = pos(GRAND_SLAM);
    assert_eq!(legal(&v, &p), ["1"]);
    assert_eq!(p.check_move(&v, Move::pit(6)), Err(IllegalMove::GrandSlam { pit: 6 }));
}

#[test]
fn grand_slam_captures_nothing_in_abapa() {
    let v = variant("abapa");
    let p = pos(GRAND_SLAM);
    assert_eq!(legal(&v, &p), ["1", "6"]);
    let (q, r) = p.play(&v, Move::pit(6)).unwrap();
    assert!(r.grand_slam && r.grand_slam_void);
    assert_eq!(r.captured, 0);
    assert_eq!(q.to_string(), "1,0,0,0,0,0:0/2,2,0,0,0,0:0/N");
}

#[test]
fn grand_slam_allowed_captures_everything() {
    let mut rules = variant("oware").rules().clone();
    rules.capture.grand_slam = GrandSlam::Allowed;
    let v = Variant::new(rules).unwrap();
    let (q, r) = pos(GRAND_SLAM).play(&v, Move::pit(6)).unwrap();
    assert_eq!(r.captured, 4);
    // North, to move, has no seeds: the game ends, South takes their own.
    assert_eq!(q.end_reason(), Some(EndReason::NoSeeds));
    assert_eq!(q.to_string(), "0,0,0,0,0,0:5/0,0,0,0,0,0:0/N#no-seeds");
}

#[test]
fn grand_slam_only_if_forced_is_illegal_while_another_move_exists() {
    let v = variant("awari");
    assert_eq!(legal(&v, &pos(GRAND_SLAM)), ["1"]);
}

// North's pit 6 (2 seeds) sows South's pits 1 and 2 making 2 and 3: North
// takes 5, leaving South only pit 6 (1 seed), whose one move takes all
// North has left (North's pit 1: 1 -> 2).
//        6  5  4  3  2  1
//   17   2  0  0  0  0  1
//        1  2  0  0  0  1  24
const BEFORE_FORCED_SLAM: &str = "1,2,0,0,0,1:24/1,0,0,0,0,2:17/N";

#[test]
fn every_move_a_forbidden_grand_slam_ends_the_game() {
    let v = variant("oware");
    let (p, r) = play(&v, BEFORE_FORCED_SLAM, &["6"]);
    assert_eq!(r.captured, 5);
    assert_eq!(p.end_reason(), Some(EndReason::OnlyGrandSlams));
    // Each side takes its own seeds: South 24 + 1, North 22 + 1.
    assert_eq!(p.to_string(), "0,0,0,0,0,0:25/0,0,0,0,0,0:23/S#only-grand-slams");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn a_forced_grand_slam_is_played_and_captures_in_awari() {
    let v = variant("awari");
    let (p, _) = play(&v, BEFORE_FORCED_SLAM, &["6"]);
    assert!(!p.is_over());
    assert_eq!(legal(&v, &p), ["6"]);
    let (q, r) = p.play(&v, Move::pit(6)).unwrap();
    assert_eq!(r.captured, 2);
    assert!(q.is_over());
}

// ---------------------------------------------------------------- feeding

#[test]
fn must_feed_an_empty_opponent() {
    //        6  5  4  3  2  1
    //        0  0  0  0  0  0
    //        0  0  0  0  1  2
    // Pit 5 stays on South's side; only pit 6 gives North seeds.
    let v = variant("oware");
    let p = pos("0,0,0,0,1,2:21/0,0,0,0,0,0:24/S");
    assert_eq!(legal(&v, &p), ["6"]);
    assert_eq!(p.check_move(&v, Move::pit(5)), Err(IllegalMove::MustFeed { pit: 5 }));
    // Without the obligation both moves are legal.
    let mut rules = v.rules().clone();
    rules.turn.must_feed = false;
    let v = Variant::new(rules).unwrap();
    assert_eq!(legal(&v, &p), ["5", "6"]);
}

#[test]
fn no_way_to_feed_ends_the_game_and_seeds_go_to_their_owner() {
    //        6  5  4  3  2  1
    //   24   1  0  0  0  0  0
    //        0  0  0  0  0  0  23
    // North must feed South: pit 6 -> South's pit 1. North's side is now
    // empty and South's lone seed cannot reach it: South takes it.
    let v = variant("oware");
    let (p, _) = play(&v, "0,0,0,0,0,0:23/0,0,0,0,0,1:24/N", &["6"]);
    assert_eq!(p.end_reason(), Some(EndReason::CannotFeed));
    assert_eq!(p.to_string(), "0,0,0,0,0,0:24/0,0,0,0,0,0:24/S#cannot-feed");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

// --------------------------------------------------------------- the end

#[test]
fn majority_ends_the_game_at_once_and_leaves_the_pits() {
    //        6  5  4  3  2  1
    //   16   1  1  1  1  1  1
    //        0  0  1  0  0  1  24
    // South's pit 6 makes the store 25 of 48: South wins at once.
    let v = variant("kalah");
    let (p, _) = play(&v, "0,0,1,0,0,1:24/1,1,1,1,1,1:16/S", &["6"]);
    assert_eq!(p.end_reason(), Some(EndReason::Majority));
    assert_eq!(p.to_string(), "0,0,1,0,0,0:25/1,1,1,1,1,1:16/S#majority");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
    assert!(p.legal_moves(&v).is_empty());
    // kalah-classic plays on: an extra turn instead.
    let v = variant("kalah-classic");
    let (p, r) = play(&v, "0,0,1,0,0,1:24/1,1,1,1,1,1:16/S", &["6"]);
    assert!(!p.is_over() && r.extra_turn);
}

#[test]
fn an_empty_side_ends_the_game_and_the_other_side_goes_to_its_owner() {
    //        6  5  4  3  2  1
    //   20   1  1  1  1  1  1
    //        0  0  0  0  0  1  20
    // South empties their side into the store (21); North takes their 6: 26.
    let v = variant("kalah-classic");
    let (p, r) = play(&v, "0,0,0,0,0,1:20/1,1,1,1,1,1:20/S", &["6"]);
    assert!(r.extra_turn, "the seed reached the store");
    assert_eq!(p.end_reason(), Some(EndReason::EmptySide));
    assert_eq!(p.to_string(), "0,0,0,0,0,0:21/0,0,0,0,0,0:26/S#empty-side");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::North)));
}

#[test]
fn empty_side_mover_ends_only_when_the_mover_has_no_move() {
    // Same move under `empty_side = "mover"`: South, with the extra turn and
    // no seeds, cannot move: the game ends with reason no-seeds.
    let mut rules = variant("kalah-classic").rules().clone();
    rules.end.empty_side = EmptySide::Mover;
    let v = Variant::new(rules).unwrap();
    let (p, _) = play(&v, "0,0,0,0,0,1:20/1,1,1,1,1,1:20/S", &["6"]);
    assert_eq!(p.end_reason(), Some(EndReason::NoSeeds));
    assert_eq!(p.to_string(), "0,0,0,0,0,0:21/0,0,0,0,0,0:26/S#no-seeds");
    // Without the extra turn North moves on and may sow into South's row.
    let (p, _) = play(&v, "0,0,0,0,0,2:20/1,1,1,1,1,1:20/S", &["6"]);
    assert!(!p.is_over());
    assert_eq!(p.to_move(), Side::North);
    assert_eq!(p.side_seeds(Side::South), 0);
}

/// Two lone seeds chase each other round the board forever.
///        6  5  4  3  2  1
///   23   1  0  0  0  0  0
///        0  0  0  0  0  1  23
const CYCLE_START: &str = "0,0,0,0,0,1:23/0,0,0,0,0,1:23/S";
const CYCLE: [&str; 12] = ["6", "6", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5"];

fn play_game(v: &Variant, start: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_position(v.clone(), pos(start));
    for m in moves {
        let mv = game.position().parse_move(v, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn a_repeated_position_ends_the_game_seeds_to_their_owner() {
    let v = variant("oware");
    let game = play_game(&v, CYCLE_START, &CYCLE[..11]);
    assert!(!game.position().is_over());
    let game = play_game(&v, CYCLE_START, &CYCLE);
    let p = game.position();
    assert_eq!(p.end_reason(), Some(EndReason::Cycle));
    assert_eq!(p.to_string(), "0,0,0,0,0,0:24/0,0,0,0,0,0:24/S#cycle");
}

#[test]
fn a_cycle_under_split_shares_the_seeds_left_evenly() {
    //        6  5  4  3  2  1
    //   24   0  0  0  0  0  0
    //        1  0  0  0  0  2  21
    let v = variant("awari");
    let mut p = pos("1,0,0,0,0,2:21/0,0,0,0,0,0:24/S");
    p.end_game(&v, EndReason::Cycle);
    // 3 seeds left: one each, the odd one stays in the mover's first pit.
    assert_eq!(p.to_string(), "1,0,0,0,0,0:22/0,0,0,0,0,0:25/S#cycle");
    let mut p = pos("1,0,0,0,0,2:21/0,0,0,0,0,0:24/S");
    variant("oware").rules(); // owner: each side's seeds to its owner
    p.end_game(&variant("oware"), EndReason::Cycle);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:24/0,0,0,0,0,0:24/S#cycle");
}

#[test]
fn an_odd_seed_split_after_a_cycle_stays_out_of_a_claimed_pit() {
    //        9  8  7  6  5  4  3  2  1
    //     8  0  0  0  0  0  0  0  0  0
    //        x  2  0  0  0  0  0  0  1 78
    //        1  2  3  4  5  6  7  8  9
    // Toguz Kumalak with `repetition = "split"`: South's pit 1 is North's
    // tuzdyk (x). Three seeds are left at a cycle: one to each store, and
    // the odd one stays in South's first pit that is not North's, pit 2.
    let mut rules = variant("toguz-kumalak").rules().clone();
    rules.end.repetition = Repetition::Split;
    let v = Variant::new(rules).unwrap();
    let mut p = pos("x,2,0,0,0,0,0,0,1:78/0,0,0,0,0,0,0,0,0:81/S");
    p.end_game(&v, EndReason::Cycle);
    assert_eq!(p.to_string(), "x,1,0,0,0,0,0,0,0:79/0,0,0,0,0,0,0,0,0:82/S#cycle");
    // It reads back as the same position, and as a finished game of `v`.
    let again: Position = Position::from_text(&v, &p.to_string()).unwrap();
    assert_eq!(again, p);
}

#[test]
fn no_repetition_rule_means_no_cycle_check() {
    let mut rules = variant("oware").rules().clone();
    rules.board.stores = StorePlacement::Ring;
    rules.end.repetition = Repetition::None;
    let v = Variant::new(rules).unwrap();
    let game = Game::new(v);
    assert!(!game.position().is_over());
}

// --------------------------------------------------------------- pie rule

#[test]
fn pie_rule_first_move_is_a_single_sowing_then_swap_is_offered() {
    // Pit 3 reaches the store, but the first move earns no extra turn.
    let v = variant("kalah");
    let (p, r) = play(&v, &Position::start(&v).to_string(), &["3"]);
    assert!(!r.extra_turn);
    assert_eq!(p.to_move(), Side::North);
    assert!(p.swap_offered());
    assert_eq!(legal(&v, &p), ["1", "2", "3", "4", "5", "6", "swap"]);
}

#[test]
fn swap_mirrors_the_board_and_the_first_player_moves_next() {
    //        6  5  4  3  2  1                    6  5  4  3  2  1
    //     0  4  4  4  4  4  4    swap ->      1  5  5  5  0  4  4
    //        4  4  0  5  5  5  1                 4  4  4  4  4  4  0
    let v = variant("kalah");
    let (p, r) = play(&v, &Position::start(&v).to_string(), &["3", "swap"]);
    assert!(r.swapped);
    assert_eq!(p.to_string(), "4,4,4,4,4,4:0/4,4,0,5,5,5:1/S");
    assert_eq!(p.to_move(), Side::South);
    assert!(!p.swap_offered());
}

#[test]
fn swap_is_only_offered_once_right_after_the_first_move() {
    let v = variant("kalah");
    let start = Position::start(&v);
    assert_eq!(start.check_move(&v, Move::Swap), Err(IllegalMove::SwapNotAllowed));
    let (p, _) = play(&v, &start.to_string(), &["1", "1"]);
    assert!(!p.swap_offered());
    assert_eq!(p.check_move(&v, Move::Swap), Err(IllegalMove::SwapNotAllowed));
    let (p, _) = play(&v, &start.to_string(), &["1", "swap"]);
    assert_eq!(p.check_move(&v, Move::Swap), Err(IllegalMove::SwapNotAllowed));
}

#[test]
fn no_swap_without_the_pie_rule() {
    let v = variant("kalah-classic");
    let (p, r) = play(&v, &Position::start(&v).to_string(), &["3"]);
    assert!(r.extra_turn);
    assert!(!legal(&v, &p).contains(&"swap".to_string()));
}

#[test]
fn north_can_move_first() {
    let mut rules = variant("kalah").rules().clone();
    rules.turn.first = Side::North;
    let v = Variant::new(rules).unwrap();
    let start = Position::start(&v);
    assert_eq!(start.to_move(), Side::North);
    let (p, _) = start.play(&v, Move::pit(1)).unwrap();
    assert_eq!(p.to_string(), "4,4,4,4,4,4:0/0,5,5,5,5,4:0/S+swap");
    let (q, _) = p.play(&v, Move::Swap).unwrap();
    assert_eq!(q.to_string(), "0,5,5,5,5,4:0/4,4,4,4,4,4:0/N");
}

// ------------------------------------------------------- illegal moves

#[test]
fn illegal_moves_say_why() {
    let v = variant("kalah");
    let p = pos("0,1,1,1,1,1:0/4,4,4,4,4,4:0/S");
    assert_eq!(p.check_move(&v, Move::pit(1)), Err(IllegalMove::EmptyPit { pit: 1 }));
    assert_eq!(p.check_move(&v, Move::pit(7)), Err(IllegalMove::OutOfRange { pit: 7, pits: 6 }));
    let e = p.parse_move(&v, "0").unwrap_err().to_string();
    assert_eq!(e, "pit 0 does not exist: pits are numbered 1 to 6");
    let e = p.parse_move(&v, "99999999999999999999999").unwrap_err().to_string();
    assert!(e.contains("pits are numbered 1 to 6"), "{e}");
    assert!(matches!(
        p.parse_move(&v, "three"),
        Err(MoveError::Parse(ParseMoveError::NotAMove(_)))
    ));
    assert!(matches!(p.parse_move(&v, "  "), Err(MoveError::Parse(ParseMoveError::Empty))));
    let (over, _) = play(&v, "0,0,1,0,0,1:24/1,1,1,1,1,1:16/S", &["6"]);
    assert_eq!(over.check_move(&v, Move::pit(3)), Err(IllegalMove::GameOver));
}

// ------------------------------------------------------------ swap ends

#[test]
fn the_end_checks_run_after_a_swap() {
    // Found by the reference test. One pit a side, both stores sown into:
    // South's 4 seeds go to South's store, North's pit (5), North's store,
    // and back into South's emptied pit, which captures North's 5.
    //     1                   1
    //  0  4          ->    1  0
    //     4  0                0  7     North to move, swap offered
    // After the swap the rows are mirrored: South, to move, has no seeds.
    let mut rules = variant("kalah").rules().clone();
    rules.board.pits_per_side = 1;
    rules.sowing.skip_opponent_store = false;
    rules.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds;
    rules.end.majority = false;
    rules.end.empty_side = EmptySide::Mover;
    let v = Variant::new(rules).unwrap();
    let (p, r) = play(&v, "4:0/4:0/S+opening", &["1"]);
    assert_eq!(r.captured, 6);
    assert_eq!(p.to_string(), "0:7/0:1/N+swap");
    let (q, _) = p.play(&v, Move::Swap).unwrap();
    assert_eq!(q.end_reason(), Some(EndReason::NoSeeds));
    assert_eq!(q.to_string(), "0:1/0:7/S#no-seeds");
}

#[test]
fn a_feeding_grand_slam_that_captures_nothing_is_still_a_move() {
    // Found by the OpenSpiel agreement test (abapa 3x2, moves
    // 1,2,1,1,3,2,1,1,2,2,3). North to move, South's side empty:
    //        3  2  1
    //    2   8  0  0
    //        0  0  0   2
    // North's only move, pit 3, feeds South 2 seeds per pit and would take
    // them all with its last seeds (2, 2, 2): a grand slam. In abapa it is
    // legal and captures nothing, so the game goes on.
    let v = variant("abapa").resized(Some(3), Some(2)).unwrap();
    let mut game = Game::new(v.clone());
    for m in ["1", "2", "1", "1", "3", "2", "1", "1", "2", "2", "3"] {
        let mv = game.position().parse_move(&v, m).unwrap();
        game.play(mv).unwrap();
    }
    let p = *game.position();
    assert_eq!(p.to_string(), "0,0,0:2/0,0,8:2/N");
    assert_eq!(legal(&v, &p), ["3"]);
    let (q, r) = p.play(&v, Move::pit(3)).unwrap();
    assert!(r.grand_slam && r.grand_slam_void);
    assert_eq!(r.captured, 0);
    assert_eq!(q.row(Side::South), &[2, 2, 2]);
    assert!(!q.is_over());
}

/// Stores beside the board and no capture rule: seeds never leave the
/// board, so a game could end only by a repeated position or a side without
/// a move. On 16 pits x 7 seeds (owner repetition) a game went over 20,000
/// moves without an end, each slower than the last. Refused, saying why.
#[test]
fn stores_beside_the_board_without_a_capture_rule_are_refused() {
    let mut rules = variant("oware").rules().clone();
    rules.board.pits_per_side = 16;
    rules.board.seeds_per_pit = 7;
    rules.capture.counts.clear();
    rules.capture.chain = false;
    rules.capture.grand_slam = GrandSlam::Allowed;
    rules.capture.empty_pit = EmptyPitCapture::Off;
    rules.end.repetition = Repetition::Owner;
    let e = Variant::new(rules.clone()).unwrap_err().to_string();
    assert!(
        e.contains("capture")
            && e.contains(
                "a capture rule (counts, parity, empty_pit, between_equal, during_sowing, \
                 after_empty or facing) or a claim"
            ),
        "{e}"
    );
    assert!(e.contains("beside the board"), "{e}");
    // Either capture rule is enough.
    let mut with_counts = rules.clone();
    with_counts.capture.counts = vec![2, 3];
    Variant::new(with_counts).unwrap();
    let mut with_empty_pit = rules.clone();
    with_empty_pit.capture.empty_pit = EmptyPitCapture::Always;
    Variant::new(with_empty_pit).unwrap();
    let mut with_during_sowing = rules;
    with_during_sowing.capture.during_sowing = 4;
    Variant::new(with_during_sowing).unwrap();
    // Every preset is still accepted as it is.
    for name in ["kalah", "kalah-irving", "kalah-classic", "mankalah", "relay-kalah"] {
        variant(name);
    }
    for name in ["awari", "abapa", "oware"] {
        variant(name);
    }
}

/// Stores beside the board and a capture count no pit can reach at this
/// size: `counts = [40]` on 3 pits x 2 seeds (12 seeds in the game) can
/// never capture, so seeds never leave the board, as with no capture rule.
/// Refused, naming the largest count that can happen; the same rules at a
/// size with 40 seeds or more are accepted.
#[test]
fn a_capture_count_no_pit_can_reach_is_refused() {
    let mut rules = variant("oware").rules().clone();
    rules.board.pits_per_side = 3;
    rules.board.seeds_per_pit = 2;
    rules.board.pits_per_side_range = [1, 16];
    rules.board.seeds_per_pit_range = [1, 12];
    rules.capture.counts = vec![40];
    rules.capture.chain = false;
    rules.capture.grand_slam = GrandSlam::Allowed;
    let e = Variant::new(rules.clone()).unwrap_err().to_string();
    assert!(e.contains("capture.counts") && e.contains("[40]"), "{e}");
    assert!(e.contains("at most 12 (the seeds in the game at this size)"), "{e}");
    // One reachable count is enough; so is 40 seeds in the game.
    let mut reachable = rules.clone();
    reachable.capture.counts = vec![40, 3];
    Variant::new(reachable).unwrap();
    let mut larger = rules.clone();
    larger.board.pits_per_side = 5;
    larger.board.seeds_per_pit = 4;
    Variant::new(larger.clone()).unwrap();
    // Resizing down to a board where the count cannot happen is refused.
    let v = Variant::new(larger).unwrap();
    let e = v.resized(Some(3), Some(2)).unwrap_err().to_string();
    assert!(e.contains("capture.counts"), "{e}");
}

/// The repetition check of `Game` and of `RepetitionWindow` (the engine's
/// playouts) is a lookup once the positions since the last capture are
/// many: both still find exactly the repeats a scan of every earlier
/// position finds, on long stretches without a capture (a capture only of
/// a pit holding every seed of the game, or 63), boards of up to 8 pits
/// (short form) and more.
#[test]
fn long_stretches_without_a_capture_find_every_repeat() {
    let mut longest = 0;
    for (pits, seeds) in [(4, 3), (6, 4), (12, 3), (16, 2)] {
        let mut rules = variant("abapa").rules().clone();
        rules.capture.chain = false;
        rules.capture.grand_slam = GrandSlam::Allowed;
        rules.board.pits_per_side = pits;
        rules.board.seeds_per_pit = seeds;
        rules.capture.counts = vec![rules.total_seeds().min(63) as u8];
        let v = Variant::new(rules).unwrap();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ pits as u64;
        for _ in 0..20 {
            let mut game = Game::new(v.clone());
            let mut window = RepetitionWindow::new();
            window.record(game.position());
            let mut since_capture = vec![*game.position()];
            while !game.position().is_over() && game.moves().len() < 3000 {
                let moves = game.legal_moves();
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let mv = moves.iter().nth((rng >> 33) as usize % moves.len()).unwrap();
                let before = *game.position();
                let mut next = before;
                next.play_unchecked(&v, mv);
                if next.store(Side::South) != before.store(Side::South)
                    || next.store(Side::North) != before.store(Side::North)
                {
                    since_capture.clear();
                }
                let repeats = !next.is_over() && since_capture.contains(&next);
                longest = longest.max(since_capture.len());
                assert_eq!(window.record(&next), since_capture.contains(&next));
                since_capture.push(next);
                game.play_unchecked(mv);
                let ended_by_cycle = game.position().end_reason() == Some(EndReason::Cycle);
                assert_eq!(ended_by_cycle, repeats, "{pits} pits, move {}", game.moves().len());
            }
            // Undone to the start and played again: the same game.
            let moves = game.moves().to_vec();
            let end = *game.position();
            while game.undo().is_some() {}
            for mv in moves {
                game.play_unchecked(mv);
            }
            assert_eq!(*game.position(), end);
        }
    }
    assert!(longest > 200, "stretches long enough to be looked up: {longest}");
}

/// Taking moves back into a long stretch without a capture and playing on
/// differently finds the same repeats as a game played afresh along the
/// same moves: the hashed part of the repetition check follows undo.
#[test]
fn undo_into_a_long_stretch_and_a_different_line_finds_the_same_repeats() {
    let mut rules = variant("abapa").rules().clone();
    // A capture only of a pit holding all 16 seeds.
    rules.capture.counts = vec![16];
    rules.capture.chain = false;
    rules.capture.grand_slam = GrandSlam::Allowed;
    rules.board.pits_per_side = 4;
    rules.board.seeds_per_pit = 2;
    let v = Variant::new(rules).unwrap();
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |bound: usize| {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (rng >> 33) as usize % bound
    };
    let mut game = Game::new(v.clone());
    let (mut cycles, mut longest) = (0, 0);
    for _ in 0..2000 {
        let back = 1 + next(80);
        for _ in 0..back {
            game.undo();
        }
        for _ in 0..1 + next(80) {
            if game.position().is_over() {
                break;
            }
            let moves = game.legal_moves();
            game.play_unchecked(moves[next(moves.len())]);
        }
        cycles += (game.position().end_reason() == Some(EndReason::Cycle)) as u32;
        longest = longest.max(game.moves().len());
        let mut fresh = Game::new(v.clone());
        for &mv in game.moves() {
            fresh.play_unchecked(mv);
        }
        assert_eq!(fresh.positions(), game.positions(), "after {} moves", game.moves().len());
    }
    assert!(cycles > 10, "{cycles} lines ended by a cycle: the check was not exercised");
    assert!(longest > 100, "stretches of {longest} moves: too short to be hashed");
}

#[test]
fn the_positions_since_the_stores_last_changed_are_those_a_repetition_can_repeat() {
    // Kalah 6x4, South to move:
    //        4   4   4   4   4   4
    //    0                           0
    //        4   4   4   4   4   4
    // South's pit 1 sows into pits 2 to 5: the stores stay as they were.
    // North's pit 1 the same on its side. South's pit 3 ends in South's
    // store: from then on only the new position counts.
    let mut g = Game::new(variant("kalah-classic"));
    assert_eq!(g.positions_since_stores_changed(), g.positions());
    g.play("1".parse().unwrap()).unwrap();
    g.play("1".parse().unwrap()).unwrap();
    assert_eq!(g.positions_since_stores_changed().len(), 3);
    assert_eq!(g.positions_since_stores_changed(), g.positions());
    g.play("3".parse().unwrap()).unwrap();
    assert_eq!(g.position().store(Side::South), 1);
    assert_eq!(g.positions_since_stores_changed(), &[*g.position()]);
}

// ------------------------------------------------- toguz kumalak (tuzdyk)

#[test]
fn first_seed_goes_back_into_the_origin_pit_in_toguz_kumalak() {
    //        9  8  7  6  5  4  3  2  1
    //     0  9  9  9  9  9  9  9  9  9
    //        9  9  9  9  9  9  9  9  9  0
    //        1  2  3  4  5  6  7  8  9
    // South sows pit 1: its first seed goes back into pit 1, the other 8
    // into pits 2..9; the last lands in South's own pit 9.
    let v = variant("toguz-kumalak");
    let start = Position::start(&v).to_string();
    let (p, r) = play(&v, &start, &["1"]);
    assert_eq!(p.to_string(), "1,10,10,10,10,10,10,10,10:0/9,9,9,9,9,9,9,9,9:0/N");
    assert_eq!((r.sown, r.captured), (9, 0));
}

#[test]
fn a_single_seed_moves_to_the_next_pit_in_toguz_kumalak() {
    //         9  8  7  6  5  4  3  2  1
    //     76  1  1  1  1  1  1  1  1  1
    //         0  0  1  0  0  0  0  0  0 76
    //         1  2  3  4  5  6  7  8  9
    // South's pit 3 holds one seed: it moves on to pit 4, leaving pit 3 empty.
    let v = variant("toguz-kumalak");
    let (p, _) = play(&v, "0,0,1,0,0,0,0,0,0:76/1,1,1,1,1,1,1,1,1:76/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,0,0,0,0,0:76/1,1,1,1,1,1,1,1,1:76/N");
}

#[test]
fn an_opponent_pit_made_even_is_captured_in_toguz_kumalak() {
    //        9  8  7  6  5  4  3  2  1
    //     0  9  9  9  9  9  9  9  9  9
    //        9  9  9  9  9  9  9  9  9  0
    //        1  2  3  4  5  6  7  8  9
    // South sows pit 2: one seed back into pit 2, seven into pits 3..9, the
    // last into North's pit 1, which now holds 10, an even count: South
    // takes all 10.
    let v = variant("toguz-kumalak");
    let start = Position::start(&v).to_string();
    let (p, r) = play(&v, &start, &["2"]);
    assert_eq!(p.to_string(), "9,1,10,10,10,10,10,10,10:10/0,9,9,9,9,9,9,9,9:0/N");
    assert_eq!(r.captured, 10);
}

#[test]
fn an_odd_count_or_an_own_pit_is_not_captured_in_toguz_kumalak() {
    //         9  8  7  6  5  4  3  2  1
    //     71  0  0  0  0  0  0  0  4  4
    //         0  0  0  0  0  0  3  2  3 75
    //         1  2  3  4  5  6  7  8  9
    // South's pit 8 (2 seeds): one back, one into pit 9, which now holds 4:
    // even, but South's own. South's pit 9 (3 seeds): one back, then
    // North's pits 1 and 2, the last making 5: odd, no capture.
    let v = variant("toguz-kumalak");
    let start = "0,0,0,0,0,0,3,2,3:75/4,4,0,0,0,0,0,0,0:71/S";
    let (p, r) = play(&v, start, &["8"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,3,1,4:75/4,4,0,0,0,0,0,0,0:71/N");
    assert_eq!(r.captured, 0);
    let (p, r) = play(&v, start, &["9"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,3,2,1:75/5,5,0,0,0,0,0,0,0:71/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn an_opponent_pit_made_three_becomes_the_movers_tuzdyk() {
    //        9  8  7  6  5  4  3  2  1
    //     8  9  9  9  9  9  2  9  9  9
    //        0  0  0  0  0  0  0  0  5 75
    //        1  2  3  4  5  6  7  8  9
    // South's pit 9 (5 seeds): one back, then North's pits 1..4; North's
    // pit 4 held 2 and now holds 3: it becomes South's tuzdyk (written x),
    // its 3 seeds go to South's store.
    let v = variant("toguz-kumalak");
    let (p, r) = play(&v, "0,0,0,0,0,0,0,0,5:75/9,9,9,2,9,9,9,9,9:8/S", &["9"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0,1:78/10,10,10,x,9,9,9,9,9:8/N");
    assert_eq!(p.claimed_pit(Side::South), Some(3));
    assert_eq!(p.claimed_pit(Side::North), None);
    assert!(r.claimed);
    assert_eq!(r.captured, 3);
}

#[test]
fn seeds_sown_into_a_tuzdyk_go_to_its_owners_store() {
    //        9  8  7  6  5  4  3  2  1
    //     0  9  9  9  9  9  x  9  4  9     (North's pit 4 is South's tuzdyk)
    //        9  9  9  9  9  9  9  9  1 70
    //        1  2  3  4  5  6  7  8  9
    // North sows pit 2 (4 seeds): one back, then North's pits 3, 4 and 5.
    // The seed for pit 4 goes to South's store, pit 4 stays empty.
    let v = variant("toguz-kumalak");
    let (p, r) = play(&v, "9,9,9,9,9,9,9,9,1:70/9,4,9,x,9,9,9,9,9:0/N", &["2"]);
    assert_eq!(p.to_string(), "9,9,9,9,9,9,9,9,1:71/9,1,10,x,10,9,9,9,9:0/S");
    assert_eq!(r.captured, 0);
    // A sowing whose last seed falls into the tuzdyk captures nothing
    // else: South's pit 9 (5 seeds), one back, then North's pits 1, 2, 3
    // and the tuzdyk, whose seed is South's.
    let (p, r) = play(&v, "9,9,9,9,9,9,9,9,5:70/9,4,9,x,9,9,9,9,9:0/S", &["9"]);
    assert_eq!(p.to_string(), "9,9,9,9,9,9,9,9,1:71/10,5,10,x,9,9,9,9,9:0/N");
    assert_eq!((r.captured, r.claimed), (0, false));
}

#[test]
fn no_tuzdyk_on_the_opponents_ninth_pit() {
    //        9  8  7  6  5  4  3  2  1
    //     0  2  9  9  9  9  9  9  9  9
    //        9  9  9  9  9  9  9  0 10 54
    //        1  2  3  4  5  6  7  8  9
    // South's pit 9 (10 seeds): one back, then North's 1..9; North's pit 9
    // held 2 and now 3, but the ninth pit cannot be a tuzdyk: it stays.
    let v = variant("toguz-kumalak");
    let (p, r) = play(&v, "9,9,9,9,9,9,9,0,10:54/9,9,9,9,9,9,9,9,2:0/S", &["9"]);
    assert_eq!(p.to_string(), "9,9,9,9,9,9,9,0,1:54/10,10,10,10,10,10,10,10,3:0/N");
    assert_eq!(p.claimed_pit(Side::South), None);
    assert!(!r.claimed);
}

#[test]
fn a_player_makes_only_one_tuzdyk() {
    //        9  8  7  6  5  4  3  2  1
    //     0  9  9  9  9  9  9  2  x  9     (North's pit 2 is South's tuzdyk)
    //        9  9  9  9  9  9  9  0  4 65
    //        1  2  3  4  5  6  7  8  9
    // South's pit 9 (4 seeds): one back, then North's 1, 2 (the tuzdyk: to
    // South's store) and 3, which held 2 and now 3: South has a tuzdyk
    // already, so pit 3 stays as it is.
    let v = variant("toguz-kumalak");
    let (p, r) = play(&v, "9,9,9,9,9,9,9,0,4:65/9,x,2,9,9,9,9,9,9:0/S", &["9"]);
    assert_eq!(p.to_string(), "9,9,9,9,9,9,9,0,1:66/10,x,3,9,9,9,9,9,9:0/N");
    assert!(!r.claimed);
}

#[test]
fn no_tuzdyk_with_the_number_of_the_opponents_tuzdyk() {
    //        9  8  7  6  5  4  3  2  1
    //     0  9  9  9  9  9  9  2  9  9
    //        9  9  x  9  9  9  9  0  4 63   (South's pit 3 is North's tuzdyk)
    //        1  2  3  4  5  6  7  8  9
    // South's pit 9 (4 seeds): one back, then North's 1, 2 and 3, which
    // held 2 and now holds 3; but North's tuzdyk is South's pit 3, and
    // pits of the same number cannot both be tuzdyks: North's pit 3 stays.
    let v = variant("toguz-kumalak");
    let (p, r) = play(&v, "9,9,x,9,9,9,9,0,4:63/9,9,2,9,9,9,9,9,9:3/S", &["9"]);
    assert_eq!(p.to_string(), "9,9,x,9,9,9,9,0,1:63/10,10,3,9,9,9,9,9,9:3/N");
    assert!(!r.claimed);
    // North's pit 4 instead is fine.
    let (p, r) = play(&v, "9,9,x,9,9,9,9,0,5:63/9,9,9,2,9,9,9,9,0:3/S", &["9"]);
    assert_eq!(p.to_string(), "9,9,x,9,9,9,9,0,1:66/10,10,10,x,9,9,9,9,0:3/N");
    assert!(r.claimed);
}

#[test]
fn more_than_81_ends_toguz_kumalak_at_once() {
    //        9  8  7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  0  0  1
    //        5  0  0  0  0  0  0  0  1 80
    //        1  2  3  4  5  6  7  8  9
    // South's pit 9 (1 seed) goes to North's pit 1, making 2: captured,
    // South has 82 of 162, more than half: the game is over at once.
    let v = variant("toguz-kumalak");
    let (p, _) = play(&v, "5,0,0,0,0,0,0,0,1:80/1,0,0,0,0,0,0,0,0:75/S", &["9"]);
    assert_eq!(p.to_string(), "5,0,0,0,0,0,0,0,0:82/0,0,0,0,0,0,0,0,0:75/N#majority");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn a_toguz_player_without_a_move_ends_the_game_and_the_other_keeps_their_seeds() {
    //        9  8  7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  0  1  6 75
    //        1  2  3  4  5  6  7  8  9
    // South's pit 8 (1 seed) moves to pit 9. North, to move, has no seeds:
    // the game ends and the seeds left on South's side go to South.
    let v = variant("toguz-kumalak");
    let (p, _) = play(&v, "0,0,0,0,0,0,0,1,6:75/0,0,0,0,0,0,0,0,0:80/S", &["8"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0,0:82/0,0,0,0,0,0,0,0,0:80/N#no-seeds");
}

// -------------------------------------------------------------- bohnenspiel

#[test]
fn bohnenspiel_captures_two_four_or_six_in_the_movers_own_row_too() {
    //        6  5  4  3  2  1
    //     0  6  6  6  6  6  6
    //        2  0  3  9  9  9  0
    //        1  2  3  4  5  6
    // South sows pit 1 (2 beans) into pits 2 and 3; pit 3 held 3 and now 4,
    // in South's own row: captured. The chain goes back to pit 2 (1 bean)
    // and stops.
    let v = variant("bohnenspiel");
    let (p, r) = play(&v, "2,0,3,9,9,9:0/6,6,6,6,6,6:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,0,9,9,9:4/6,6,6,6,6,6:0/N");
    assert_eq!(r.captured, 4);
}

#[test]
fn bohnenspiel_capture_chains_backwards_across_both_rows() {
    //        6  5  4  3  2  1
    //     0  6  6  6  6  5  1
    //        6  6  6  6  3  1  0
    //        1  2  3  4  5  6
    // South's pit 5 (3 beans): pit 6 (now 2), North's 1 (now 2), North's 2
    // (now 6). North's 2 holds 6: captured; back to North's 1 (2): captured;
    // back to South's own pit 6 (2): captured; back to pit 5, emptied: stop.
    let v = variant("bohnenspiel");
    let (p, r) = play(&v, "6,6,6,6,3,1:0/1,5,6,6,6,6:0/S", &["5"]);
    assert_eq!(p.to_string(), "6,6,6,6,0,0:10/0,0,6,6,6,6:0/N");
    assert_eq!(r.captured, 10);
}

#[test]
fn bohnenspiel_takes_no_other_count() {
    //        6  5  4  3  2  1
    //     0  6  6  6  6  6  4
    //        6  6  6  6  6  1  0
    //        1  2  3  4  5  6
    // South's pit 6 (1 bean) into North's pit 1: 5, not 2, 4 or 6.
    let v = variant("bohnenspiel");
    let (p, r) = play(&v, "6,6,6,6,6,1:0/4,6,6,6,6,6:0/S", &["6"]);
    assert_eq!(p.to_string(), "6,6,6,6,6,0:0/5,6,6,6,6,6:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn bohnenspiel_ends_when_the_mover_cannot_move_and_the_other_takes_the_rest() {
    //         6  5  4  3  2  1
    //     37  0  0  0  0  0  1
    //         0  0  0  0  3  1 30
    //        1  2  3  4  5  6
    // South's pit 6 (1 bean) into North's pit 1: 2, captured. North has no
    // bean left and cannot move: the game ends, and the beans left (all on
    // South's side) go to the other player, South.
    let v = variant("bohnenspiel");
    let (p, _) = play(&v, "0,0,0,0,3,1:30/1,0,0,0,0,0:37/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:35/0,0,0,0,0,0:37/N#no-seeds");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::North)));
}

// ------------------------------------------------------------------ ouril

#[test]
fn ouril_plays_by_owares_rules() {
    // The Cape Verdean game is Oware under another name: every rule the same.
    let ouril = variant("ouril").rules().clone();
    let oware = variant("oware").rules().clone();
    assert_eq!(ouril.board, oware.board);
    assert_eq!(ouril.sowing, oware.sowing);
    assert_eq!(ouril.capture, oware.capture);
    assert_eq!(ouril.turn, oware.turn);
    assert_eq!(ouril.end, oware.end);
    assert_eq!(ouril.claim, oware.claim);
}

#[test]
fn ouril_captures_twos_and_threes_chained_backwards() {
    //        6  5  4  3  2  1
    //     0  4  4  4  1  2  1
    //        0  0  0  0  0  3  0
    //        1  2  3  4  5  6
    // South sows pit 6 into North's pits 1..3, making 2, 3, 2: the last pit
    // is taken, then pit 2 and pit 1 before it.
    let v = variant("ouril");
    let (p, r) = play(&v, "0,0,0,0,0,3:0/1,2,1,4,4,4:0/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:7/0,0,0,4,4,4:0/N");
    assert_eq!(r.captured, 7);
}

#[test]
fn ouril_passes_over_the_pit_sown_from_on_a_lap() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //       12  0  0  0  0  0  0
    //        1  2  3  4  5  6
    // South's pit 1 holds 12: pits 2..6, North's 6 pits, then past pit 1
    // (passed over) into pit 2.
    let v = variant("ouril");
    let (p, _) = play(&v, "12,0,0,0,0,0:0/4,4,4,4,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,2,1,1,1,1:0/5,5,5,5,5,5:0/N");
}

#[test]
fn ouril_forbids_a_move_that_takes_every_opponent_seed() {
    //        6  5  4  3  2  1
    //     0  0  0  0  1  2  1
    //        0  0  0  0  1  3  0
    //        1  2  3  4  5  6
    // Pit 6 would make North's pits 2, 3, 2 and take them all, leaving
    // North no seed: illegal. Only pit 5 may be played.
    let v = variant("ouril");
    let p = pos("0,0,0,0,1,3:0/1,2,1,0,0,0:0/S");
    assert_eq!(legal(&v, &p), ["5"]);
}

#[test]
fn ouril_makes_the_mover_feed_an_empty_opponent() {
    //         6  5  4  3  2  1
    //     20  0  0  0  0  0  0
    //         0  0  0  0  1  2 20
    //         1  2  3  4  5  6
    // North has no seeds: South must give some. Pit 6 reaches North's row,
    // pit 5 does not.
    let v = variant("ouril");
    let p = pos("0,0,0,0,1,2:20/0,0,0,0,0,0:20/S");
    assert_eq!(legal(&v, &p), ["6"]);
}

#[test]
fn ouril_player_who_cannot_feed_ends_the_game_keeping_their_seeds() {
    //         6  5  4  3  2  1
    //     21  1  0  0  0  0  0
    //         4  0  0  0  0  0 22
    //         1  2  3  4  5  6
    // North sows its last seed into South's pit 1 (now 5). South must feed
    // North, but pit 1 reaches only pit 6: the game ends, and South's 5
    // seeds go to South.
    let v = variant("ouril");
    let (p, _) = play(&v, "4,0,0,0,0,0:22/0,0,0,0,0,1:21/N", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:27/0,0,0,0,0,0:21/S#cannot-feed");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn twenty_five_seeds_win_ouril_at_once() {
    //         6  5  4  3  2  1
    //     10  4  4  4  4  1  1
    //         0  0  0  0  0  2 23
    //         1  2  3  4  5  6
    // South's pit 6 makes North's pits 1 and 2 hold 2 each: both taken,
    // South's store reaches 27 of 48 and the game ends there.
    let v = variant("ouril");
    let (p, _) = play(&v, "0,0,0,0,0,2:23/1,1,4,4,4,4:10/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:27/0,0,4,4,4,4:10/N#majority");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

// ---------------------------------------------------------------- mangala

#[test]
fn mangala_drops_the_first_stone_back_into_its_pit() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        4  4  4  4  4  4  0
    //        1  2  3  4  5  6
    // South sows pit 1: one stone back into pit 1, three into pits 2..4.
    let v = variant("mangala");
    let start = Position::start(&v).to_string();
    let (p, r) = play(&v, &start, &["1"]);
    assert_eq!(p.to_string(), "1,5,5,5,4,4:0/4,4,4,4,4,4:0/N");
    assert_eq!((r.sown, r.captured), (4, 0));
}

#[test]
fn mangala_last_stone_in_the_own_treasure_plays_again() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        4  4  4  4  4  4  0
    //        1  2  3  4  5  6
    // South sows pit 4: one back, pits 5 and 6, the last into South's
    // treasure: South moves again.
    let v = variant("mangala");
    let start = Position::start(&v).to_string();
    let (p, r) = play(&v, &start, &["4"]);
    assert_eq!(p.to_string(), "4,4,4,1,5,5:1/4,4,4,4,4,4:0/S");
    assert!(r.extra_turn);
}

#[test]
fn mangala_single_stone_moves_on_into_the_treasure() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        0  0  0  0  3  1 20
    //        1  2  3  4  5  6
    // South's pit 6 holds one stone: it moves on into the treasure, and
    // South moves again.
    let v = variant("mangala");
    let (p, r) = play(&v, "0,0,0,0,3,1:20/4,4,4,4,4,4:0/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,3,0:21/4,4,4,4,4,4:0/S");
    assert!(r.extra_turn);
}

#[test]
fn mangala_takes_an_opponent_pit_made_even() {
    //         6  5  4  3  2  1
    //     10  4  4  4  4  2  1
    //         0  0  0  0  2  3 10
    //         1  2  3  4  5  6
    // South's pit 6: one back, one into the treasure, the last into North's
    // pit 1, which now holds 2: even, taken.
    let v = variant("mangala");
    let start = "0,0,0,0,2,3:10/1,2,4,4,4,4:10/S";
    let (p, r) = play(&v, start, &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,2,1:13/0,2,4,4,4,4:10/N");
    assert_eq!(r.captured, 2);
    // An odd count is not taken: with 4 stones in pit 6 the last makes
    // North's pit 2 hold 3.
    let (p, r) = play(&v, "0,0,0,0,2,4:10/1,2,4,4,4,4:10/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,2,1:11/2,3,4,4,4,4:10/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn mangala_last_stone_in_an_own_empty_pit_takes_the_opposite_pit() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        3  0  0  4  4  4  0
    //        1  2  3  4  5  6
    // South's pit 1: one back, then pits 2 and 3; pit 3 was empty, so that
    // stone and the 4 of North's pit 4 opposite go to South's treasure.
    let v = variant("mangala");
    let (p, r) = play(&v, "3,0,0,4,4,4:0/4,4,4,4,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "1,1,0,4,4,4:5/4,4,4,0,4,4:0/N");
    assert_eq!(r.captured, 5);
    // Nothing is taken when the opposite pit is empty.
    let (p, r) = play(&v, "3,0,0,4,4,4:0/4,4,4,0,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "1,1,1,4,4,4:0/4,4,4,0,4,4:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn mangala_player_who_runs_out_first_takes_the_stones_left() {
    //         6  5  4  3  2  1
    //      4  3  4  4  4  4  4
    //         0  0  0  0  0  1 20
    //         1  2  3  4  5  6
    // South's last stone goes into the treasure: South's row is empty, the
    // game ends, and South takes the 23 stones on North's row.
    let v = variant("mangala");
    let (p, _) = play(&v, "0,0,0,0,0,1:20/4,4,4,4,4,3:4/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:44/0,0,0,0,0,0:4/S#empty-side");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn mangala_row_emptied_by_a_capture_takes_the_movers_stones() {
    //         6  5  4  3  2  1
    //     20  0  0  0  0  0  1
    //         0  0  0  2  4  3 10
    //         1  2  3  4  5  6
    // South's pit 6 makes North's last pit 2, even: taken. North's row is
    // empty, so North takes the 7 stones left on South's row.
    let v = variant("mangala");
    let (p, _) = play(&v, "0,0,0,2,4,3:10/1,0,0,0,0,0:20/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:13/0,0,0,0,0,0:27/N#empty-side");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::North)));
}

// ----------------------------------------------------------------- ayoayo

#[test]
fn ayoayo_relays_from_a_pile_on_the_opponents_row_too() {
    //        6  5  4  3  2  1
    //        5  0  0  0  1  0
    //        1  0  0  0  0  2
    //        1  2  3  4  5  6
    // South's pit 6 (2 seeds) into North's pits 1 and 2: pit 2 held a seed,
    // so its 2 are lifted and sown on into North's pits 3 and 4, which was
    // empty: the move ends there (no capture on the opponent's row).
    let v = variant("ayoayo");
    let (p, r) = play(&v, "1,0,0,0,0,2:0/0,1,0,0,0,5:0/S", &["6"]);
    assert_eq!(p.to_string(), "1,0,0,0,0,0:0/1,0,1,1,0,5:0/N");
    assert_eq!((r.relays, r.captured), (1, 0));
    // A relay from one's own pits only stops on North's pit 2.
    let mut rules = v.rules().clone();
    rules.sowing.relay = Relay::Own;
    let own = Variant::new(rules).unwrap();
    let (p, r) = play(&own, "1,0,0,0,0,2:0/0,1,0,0,0,5:0/S", &["6"]);
    assert_eq!(p.to_string(), "1,0,0,0,0,0:0/1,2,0,0,0,5:0/N");
    assert_eq!(r.relays, 0);
}

#[test]
fn ayoayo_last_seed_in_an_own_empty_pit_takes_it_and_the_pit_opposite() {
    //        6  5  4  3  2  1
    //        3  0  0  0  4  0
    //        2  0  1  0  0  0
    //        1  2  3  4  5  6
    // South's pit 1 (2 seeds) into pits 2 and 3; pit 3 held a seed, so its 2
    // are sown on into pits 4 and 5. Pit 5 was empty: its seed and North's
    // pit 2 opposite (4) go to South's store.
    let v = variant("ayoayo");
    let (p, r) = play(&v, "2,0,1,0,0,0:0/0,4,0,0,0,3:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,0,1,0,0:5/0,0,0,0,0,3:0/N");
    assert_eq!((r.relays, r.captured), (1, 5));
    // With the pit opposite empty the seed stays where it fell.
    let (p, r) = play(&v, "2,0,1,0,0,0:0/0,0,0,0,0,7:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,0,1,1,0:0/0,0,0,0,0,7:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn ayoayo_a_pile_of_twelve_passes_over_its_pit_and_relays_on() {
    //        6  5  4  3  2  1
    //        1  1  1  1  1  1
    //       12  0  0  0  0  0
    //        1  2  3  4  5  6
    // South's pit 1 (12): one seed in each of the 11 other pits, the 12th
    // passes over pit 1 into pit 2 (now 2): relay. Pit 2's 2 into pits 3, 4;
    // pit 4's 2 into pits 5, 6; pit 6's 2 into North's 1, 2; North's pit 2's
    // 3 into North's 3, 4, 5; North's pit 5's 3 into North's 6 and South's 1
    // and 2 (each pile passes over its own pit only): South's pit 2 was
    // empty, and North's pit 5 opposite is too, so nothing is captured.
    let v = variant("ayoayo");
    let (p, r) = play(&v, "12,0,0,0,0,0:0/1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "1,1,2,0,2,0:0/3,0,3,3,0,3:0/N");
    assert_eq!((r.sown, r.relays, r.captured), (12, 5, 0));
}

#[test]
fn ayoayo_a_sowing_that_never_ends_is_not_a_legal_move() {
    //        1
    //     0  4  0
    //        4
    //        1
    // One pit a side: each pile passes over its own pit, so all of South's 4
    // go into North's pit (now 8), whose 8 all go back into South's pit, and
    // so on for ever. South's only sowing never ends: South has no legal
    // move, and the game ends at once, each side's seeds to its owner.
    let v = variant("ayoayo").resized(Some(1), Some(4)).unwrap();
    let start = Position::start(&v);
    assert_eq!(start.to_string(), "0:4/0:4/S#endless-sowing");
    assert_eq!(start.outcome(), Some(Outcome::Draw));
    let p = pos("4:0/4:0/S");
    assert_eq!(p.check_move(&v, Move::pit(1)), Err(IllegalMove::EndlessSowing { pit: 1 }));
    assert!(legal(&v, &p).is_empty());
}

#[test]
fn ayoayo_makes_the_mover_feed_an_empty_opponent() {
    //        6  5  4  3  2  1
    //    23  0  0  0  0  0  0
    //        1  0  0  0  0  1 23
    //        1  2  3  4  5  6
    // North has no seeds: South must give them some, so only pit 6 (into
    // North's pit 1) is legal, not pit 1 (into South's pit 2).
    let v = variant("ayoayo");
    assert_eq!(legal(&v, &pos("1,0,0,0,0,1:23/0,0,0,0,0,0:23/S")), ["6"]);
}

#[test]
fn twenty_five_seeds_win_ayoayo_at_once() {
    //        6  5  4  3  2  1
    //    19  0  2  0  0  0  4
    //        1  0  0  0  0  1 21
    //        1  2  3  4  5  6
    // South's pit 1 into pit 2, empty, opposite North's pit 5 (2): 3 more
    // make 24, not more than half of 48: the game goes on.
    let v = variant("ayoayo");
    let (p, _) = play(&v, "1,0,0,0,0,1:21/4,0,0,0,2,0:19/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,1:24/4,0,0,0,0,0:19/N");
    //        6  5  4  3  2  1
    //    19  0  2  0  0  0  3
    //        1  0  0  0  0  1 22
    // The same capture makes 25: South wins at once, seeds still on the board.
    let (p, _) = play(&v, "1,0,0,0,0,1:22/3,0,0,0,2,0:19/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,1:25/3,0,0,0,0,0:19/N#majority");
}

// ---------------------------------------------------------------- congkak

#[test]
fn congkak_relays_from_a_pile_on_either_row() {
    //        7  6  5  4  3  2  1
    //     0  5  0  0  0  0  0  1
    //        1  0  0  0  0  0  2  0
    //        1  2  3  4  5  6  7
    // South's house 7 (2): one into South's store, one into North's house 1,
    // which held one: its 2 are lifted and sown on into North's houses 2
    // and 3, empty: the move ends there.
    let v = variant("congkak");
    let (p, r) = play(&v, "1,0,0,0,0,0,2:0/1,0,0,0,0,0,5:0/S", &["7"]);
    assert_eq!(p.to_string(), "1,0,0,0,0,0,0:1/0,1,1,0,0,0,5:0/N");
    assert_eq!((r.relays, r.extra_turn), (1, false));
}

#[test]
fn congkak_last_seed_in_the_own_store_plays_again_after_a_relay() {
    //        7  6  5  4  3  2  1
    //     0  1  1  1  1  1  1  1
    //        0  0  0  2  0  1  0  0
    //        1  2  3  4  5  6  7
    // South's house 4 (2) into houses 5 and 6; house 6 held one: its 2 go
    // into house 7 and the store. South plays again.
    let v = variant("congkak");
    let (p, r) = play(&v, "0,0,0,2,0,1,0:0/1,1,1,1,1,1,1:0/S", &["4"]);
    assert_eq!(p.to_string(), "0,0,0,0,1,0,1:1/1,1,1,1,1,1,1:0/S");
    assert_eq!((r.relays, r.extra_turn), (1, true));
}

#[test]
fn congkak_last_seed_in_an_own_empty_house_takes_it_and_the_house_opposite() {
    //        7  6  5  4  3  2  1
    //     0  0  5  0  0  0  0  2
    //        1  0  0  0  0  0  3  0
    //        1  2  3  4  5  6  7
    // South's house 1 into house 2, empty: it and North's house 6 opposite
    // (5) go to South's store.
    let v = variant("congkak");
    let (p, r) = play(&v, "1,0,0,0,0,0,3:0/2,0,0,0,0,5,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,3:6/2,0,0,0,0,0,0:0/N");
    assert_eq!(r.captured, 6);
}

#[test]
fn congkak_player_without_seeds_ends_the_game_and_the_other_takes_the_rest() {
    //        7  6  5  4  3  2  1
    //    50  0  2  0  0  0  0  0
    //        0  0  0  0  0  0  1 45
    //        1  2  3  4  5  6  7
    // South's last seed into the store: South plays again but has no seed
    // left. The game ends, and North's seeds go to North.
    let v = variant("congkak");
    let (p, _) = play(&v, "0,0,0,0,0,0,1:45/0,0,0,0,0,2,0:50/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:46/0,0,0,0,0,0,0:52/S#no-seeds");
}

// ---------------------------------------------------------------- dakon

#[test]
fn dakon_mikul_takes_two_equal_holes_and_the_seed_between_them() {
    //        7  6  5  4  3  2  1
    //     0  0  0  0  3  0  2  0
    //        0  0  0  0  0  0  4  0
    //        1  2  3  4  5  6  7
    // South's hole 7 (4): the store, North's holes 1, 2 (2 -> 3) and 3,
    // empty: the last seed lies between North's holes 2 and 4, three each.
    // Both and the seed go to South's store (mikul).
    let v = variant("dakon");
    let (p, r) = play(&v, "0,0,0,0,0,0,4:0/0,2,0,3,0,0,0:0/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:8/1,0,0,0,0,0,0:0/N");
    assert_eq!(r.captured, 7);
}

#[test]
fn dakon_mikul_needs_equal_holes_on_both_sides() {
    //        7  6  5  4  3  2  1
    //     0  0  0  0  2  0  2  0
    //        0  0  0  0  0  0  4  0
    //        1  2  3  4  5  6  7
    // As above, but North's hole 4 holds 2 and hole 2 is made 3: no capture.
    let v = variant("dakon");
    let (p, r) = play(&v, "0,0,0,0,0,0,4:0/0,2,0,2,0,0,0:0/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:1/1,3,1,2,0,0,0:0/N");
    assert_eq!(r.captured, 0);
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  5  0
    //        0  0  0  0  0  0  2  0
    // The last seed in North's hole 1, which has a neighbour on one side
    // only: no capture.
    let (p, r) = play(&v, "0,0,0,0,0,0,2:0/0,5,0,0,0,0,0:0/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:1/1,5,0,0,0,0,0:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn dakon_nembak_takes_the_hole_opposite_an_own_empty_hole() {
    //        7  6  5  4  3  2  1
    //     0  0  4  0  0  0  0  1
    //        1  0  0  0  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's hole 1 into hole 2, empty; North's hole 6 opposite holds 4:
    // the seed and the 4 go to South's store. South has no seed left: the
    // turn stays North's, who plays on.
    let v = variant("dakon");
    let (p, r) = play(&v, "1,0,0,0,0,0,0:0/1,0,0,0,0,4,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:5/1,0,0,0,0,0,0:0/N");
    assert_eq!(r.captured, 5);
    // North's hole 1 into hole 2: South cannot move and passes.
    let (p, r) = play(&v, "0,0,0,0,0,0,0:5/1,0,0,0,0,0,0:0/N", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:5/0,1,0,0,0,0,0:0/N");
    assert!(r.passed);
}

// ---------------------------------------------------------------- toguz korgool

#[test]
fn toguz_korgool_plays_exactly_as_toguz_kumalak() {
    // The Kyrgyz game's sources state the Kazakh game's rules: in random
    // games at the full size and a small one, every position, legal move
    // list and end is the same under both presets.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for size in [None, Some((4, 3))] {
        let (kumalak, korgool) = match size {
            None => (variant("toguz-kumalak"), variant("toguz-korgool")),
            Some((p, s)) => (
                variant("toguz-kumalak").resized(Some(p), Some(s)).unwrap(),
                variant("toguz-korgool").resized(Some(p), Some(s)).unwrap(),
            ),
        };
        let (mut tuz, mut ends) = (0, 0);
        for _ in 0..100 {
            let (mut a, mut b) = (Game::new(kumalak.clone()), Game::new(korgool.clone()));
            loop {
                assert_eq!(a.position(), b.position());
                assert_eq!(a.legal_moves().to_vec(), b.legal_moves().to_vec());
                if a.position().is_over() {
                    ends += 1;
                    break;
                }
                let legal = a.legal_moves();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mv = legal[(x % legal.len() as u64) as usize];
                let (ra, rb) = (a.play(mv).unwrap(), b.play(mv).unwrap());
                assert_eq!(ra, rb);
                tuz += ra.claimed as u32;
            }
        }
        // The games went to their ends and made tuzes on the way.
        assert!(ends == 100 && tuz > 50, "{size:?}: {ends} ends, {tuz} tuzes");
    }
}

// ---------------------------------------------------------------- sungka

#[test]
fn sungka_a_player_without_seeds_passes_and_the_other_plays_on() {
    //        7  6  5  4  3  2  1
    //    55  0  0  0  0  0  0  0
    //        1  0  0  0  0  0  2 40
    //        1  2  3  4  5  6  7
    // South's pit 1 into pit 2, empty, with nothing opposite: no capture.
    // North has no seeds and passes: South moves again.
    let v = variant("sungka");
    let (p, r) = play(&v, "1,0,0,0,0,0,2:40/0,0,0,0,0,0,0:55/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,0,0,0,0,2:40/0,0,0,0,0,0,0:55/S");
    assert!(r.passed && !r.extra_turn);
    assert_eq!(legal(&v, &p), ["2", "7"]);
    // Congkak, the same but for the pass, ends the game there.
    let (p, r) = play(&variant("congkak"), "1,0,0,0,0,0,2:40/0,0,0,0,0,0,0:55/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:43/0,0,0,0,0,0,0:55/N#no-seeds");
    assert!(!r.passed);
    // A position typed with a mover who cannot move is settled as after a
    // move: the turn passes.
    let typed = Position::from_text(&v, "0,0,0,0,0,0,0:40/0,0,0,3,0,0,0:55/S").unwrap();
    assert_eq!(typed.to_string(), "0,0,0,0,0,0,0:40/0,0,0,3,0,0,0:55/N");
}

#[test]
fn sungka_an_extra_turn_without_seeds_passes_back_to_the_opponent() {
    //        7  6  5  4  3  2  1
    //    50  0  2  0  0  0  0  0
    //        0  0  0  0  0  0  1 45
    //        1  2  3  4  5  6  7
    // South's last seed into the store: South would play again, but has no
    // seed left and passes. North moves (Congkak ends the game here).
    let v = variant("sungka");
    let (p, r) = play(&v, "0,0,0,0,0,0,1:45/0,0,0,0,0,2,0:50/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:46/0,0,0,0,0,2,0:50/N");
    assert!(r.extra_turn && r.passed);
    // North's pit 6 (2): North's pit 7 and North's store; North plays
    // again, South still without seeds.
    let (p, r) = play(&v, "0,0,0,0,0,0,0:46/0,0,0,0,0,2,0:50/N", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:46/0,0,0,0,0,0,1:51/N");
    assert!(r.extra_turn && !r.passed);
}

#[test]
fn sungka_ends_when_neither_player_can_move() {
    //        7  6  5  4  3  2  1
    //    47  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  1 50
    //        1  2  3  4  5  6  7
    // South's last seed into the store: no seed is left in any pit, neither
    // player can move, and the game is over.
    let v = variant("sungka");
    let (p, r) = play(&v, "0,0,0,0,0,0,1:50/0,0,0,0,0,0,0:47/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:51/0,0,0,0,0,0,0:47/S#no-seeds");
    assert!(!r.passed);
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn sungka_relays_from_a_pile_on_either_row() {
    //        7  6  5  4  3  2  1
    //     0  4  0  0  0  0  1  1
    //        0  0  0  0  0  0  2  0
    //        1  2  3  4  5  6  7
    // South's pit 7 (2): one into South's store, one into North's pit 1,
    // which held one: its 2 are lifted and sown into North's pits 2 and 3;
    // pit 3 was empty, so the move ends there, on the opponent's row,
    // without a capture.
    let v = variant("sungka");
    let (p, r) = play(&v, "0,0,0,0,0,0,2:0/1,1,0,0,0,0,4:0/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:1/0,2,1,0,0,0,4:0/N");
    assert_eq!((r.relays, r.captured, r.passed), (1, 0, false));
}

#[test]
fn sungka_last_seed_in_an_own_empty_pit_takes_it_and_the_pit_opposite() {
    //        7  6  5  4  3  2  1
    //     0  0  6  0  0  0  0  0
    //        1  0  0  0  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 into pit 2, empty; North's pit 6 opposite holds 6: the
    // seed and the 6 go to South's store. No seed is left in any pit:
    // neither player can move, the game is over.
    let v = variant("sungka");
    let (p, r) = play(&v, "1,0,0,0,0,0,0:0/0,0,0,0,0,6,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:7/0,0,0,0,0,0,0:0/N#no-seeds");
    assert_eq!(r.captured, 7);
}

#[test]
fn sungka_a_round_ends_and_each_player_fills_their_pits_from_their_head() {
    //        7  6  5  4  3  2  1
    //    53  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  1 44
    //        1  2  3  4  5  6  7
    // South's pit 7 into South's head: every shell is in a head (45 to 53)
    // and the round is over. Each player fills their pits from pit 1 up,
    // seven shells a pit: South fills pits 1 to 6 (42) and keeps 3, pit 7
    // is burnt (`-`, out of play); North fills all seven (49) and keeps 4.
    //        7  7  7  7  7  7  7
    //     4                        3
    //        7  7  7  7  7  7  -
    let v = variant("sungka");
    let mut m = Match::from_position(v.clone(), pos("0,0,0,0,0,0,1:44/0,0,0,0,0,0,0:53/S"));
    m.play(Move::pit(7)).unwrap();
    assert_eq!(m.position().to_string(), "0,0,0,0,0,0,0:45/0,0,0,0,0,0,0:53/S#no-seeds");
    assert!(m.round_over() && !m.is_over() && m.outcome().is_none());
    assert!(m.start_next_round());
    assert_eq!(m.round_number(), 2);
    assert_eq!(m.position().to_string(), "7,7,7,7,7,7,-:3/7,7,7,7,7,7,7:4/N");
    assert!(m.position().is_out_of_play(Side::South, 6));
    assert_eq!(m.position().out_of_play(), 1 << 6);
    // 98 shells still: 42 + 3 on South's side, 49 + 4 on North's.
    assert_eq!(m.position().seeds_in_pits() + 3 + 4, 98);
}

#[test]
fn sungka_a_burnt_pit_is_passed_over_by_both_players_sowing() {
    // North's pits 6 and 7 are burnt this round.
    //        7  6  5  4  3  2  1
    //    26  -  -  1  1  1  1  1
    //        0  0  0  0  0  0  7 60
    //        1  2  3  4  5  6  7
    // South's pit 7 (7): South's head, North's pits 1 to 5, then past
    // North's burnt pits 6 and 7 and North's head to South's pit 1, empty.
    // The pit opposite, North's 7, is burnt and holds nothing: no capture.
    //        -  -  2  2  2  2  2
    //    26                       61
    //        1  0  0  0  0  0  0
    let v = variant("sungka");
    let start = "0,0,0,0,0,0,7:60/1,1,1,1,1,-,-:26/S";
    let (p, r) = play(&v, start, &["7"]);
    assert_eq!(p.to_string(), "1,0,0,0,0,0,0:61/2,2,2,2,2,-,-:26/N");
    assert_eq!((r.sown, r.captured), (7, 0));
    assert_eq!(p.pit(Side::North, 5) + p.pit(Side::North, 6), 0);
    // North's own sowing passes over them too: North's pit 5 (1 shell)
    // skips pits 6 and 7 into North's head, and North plays again.
    //        -  -  1  2  2  2  2
    //    26                       39
    //        3  3  3  3  3  3  3
    let start = "3,3,3,3,3,3,3:39/2,2,2,2,1,-,-:26/N";
    assert_eq!(legal(&v, &pos(start)), ["1", "2", "3", "4", "5"]);
    let (p, r) = play(&v, start, &["5"]);
    assert_eq!(p.to_string(), "3,3,3,3,3,3,3:39/2,2,2,2,0,-,-:27/N");
    assert!(r.extra_turn && !r.passed);
}

#[test]
fn sungka_the_player_with_no_burnt_pit_starts_the_next_round() {
    //        7  6  5  4  3  2  1
    //    53  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  0 45
    // North won the round (53 to 45) and fills every pit: North starts the
    // next round, whoever started this one (`starts = "winner"`).
    let v = variant("sungka");
    let end = pos("0,0,0,0,0,0,0:45/0,0,0,0,0,0,0:53/S#no-seeds");
    for started in Side::ALL {
        let next = end.next_round(&v, started).unwrap();
        assert_eq!(next.to_move(), Side::North, "{started:?} started");
    }
    // A level round (49 each, no pit burnt): the player who did not start
    // it starts the next.
    let level = pos("0,0,0,0,0,0,0:49/0,0,0,0,0,0,0:49/S#no-seeds");
    let next = level.next_round(&v, Side::South).unwrap();
    assert_eq!(next.to_string(), "7,7,7,7,7,7,7:0/7,7,7,7,7,7,7:0/N");
    assert_eq!(level.next_round(&v, Side::North).unwrap().to_move(), Side::South);
}

#[test]
fn sungka_the_match_ends_when_a_player_cannot_fill_a_single_pit() {
    //        7  6  5  4  3  2  1
    //     5  1  0  0  0  0  0  0
    //        0  0  0  0  0  0  0 92
    //        1  2  3  4  5  6  7
    // North's last shell into North's head: 6 shells, fewer than the 7 a
    // pit takes. North cannot fill a single pit: the match is over and
    // South wins it.
    let v = variant("sungka");
    let mut m = Match::from_position(v.clone(), pos("0,0,0,0,0,0,0:92/0,0,0,0,0,0,1:5/N"));
    m.play(Move::pit(7)).unwrap();
    assert_eq!(m.position().to_string(), "0,0,0,0,0,0,0:92/0,0,0,0,0,0,0:6/N#no-seeds");
    assert!(m.round_over() && m.is_over());
    assert_eq!(m.next_round_start(), None);
    assert!(!m.start_next_round());
    assert_eq!(m.outcome(), Some(Outcome::Win(Side::South)));
    // With 7 North fills one pit and the match goes on, six of North's pits
    // burnt.
    let end = pos("0,0,0,0,0,0,0:91/0,0,0,0,0,0,0:7/N#no-seeds");
    let next = end.next_round(&v, Side::North).unwrap();
    assert_eq!(next.to_string(), "7,7,7,7,7,7,7:42/7,-,-,-,-,-,-:0/S");
}

#[test]
fn ayoayo_meets_sowings_that_never_end_in_random_games() {
    // At the real size, not only on made-up boards: in random games some
    // sowings never end (and are left out of the legal moves), while the
    // longest that end stay far below the bound of MAX_RELAY_PILES piles.
    let v = variant("ayoayo");
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let (mut positions, mut sowings, mut endless, mut longest) = (0u64, 0u64, 0u64, 0u32);
    for _ in 0..2000 {
        let mut game = Game::new(v.clone());
        while !game.position().is_over() {
            let p = *game.position();
            positions += 1;
            for k in 0..6 {
                if p.pit(p.to_move(), k) == 0 {
                    continue;
                }
                match p.play(&v, Move::pit(k + 1)) {
                    Ok((_, r)) => {
                        sowings += 1;
                        longest = longest.max(r.relays + 1);
                    }
                    Err(IllegalMove::EndlessSowing { .. }) => endless += 1,
                    Err(_) => {}
                }
            }
            let legal = game.legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            game.play(legal[(x % legal.len() as u64) as usize]).unwrap();
        }
    }
    eprintln!(
        "ayoayo, 2000 random games: {positions} positions, {sowings} sowings that end (the \
         longest lifts {longest} piles), {endless} that never end"
    );
    assert!(endless > 0 && sowings > 100 * endless, "{endless} endless of {sowings}");
    assert!(longest < MAX_RELAY_PILES / 10, "{longest} piles");
}

// ---------------------------------------------------------------- vai lung thlan

#[test]
fn vai_lung_thlan_takes_the_last_stone_in_an_empty_pit_and_the_single_stones_before_it() {
    //        6  5  4  3  2  1
    //     0  4  4  4  0  0  0
    //        3  3  3  5  3  1  0
    //        1  2  3  4  5  6
    // igGameCenter's example: five stones sown, the last into an empty pit
    // of the opponent's row, the two before it into empty pits too. South's
    // pit 4 (5): pits 5 (4) and 6 (2), North's pits 1, 2 and 3 (1 each).
    // North's 3, 2 and 1 are taken; South's pit 6 holds 2: the chain stops.
    let v = variant("vai-lung-thlan");
    let (p, r) = play(&v, "3,3,3,5,3,1:0/0,0,0,4,4,4:0/S", &["4"]);
    assert_eq!(p.to_string(), "3,3,3,0,4,2:3/0,0,0,4,4,4:0/N");
    assert_eq!(r.captured, 3);
}

#[test]
fn vai_lung_thlan_captures_on_either_row_and_chains_across_them() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  0
    //        2  0  4  4  2  0  0
    //        1  2  3  4  5  6
    // South's pit 5 (2): pit 6 and North's pit 1, both empty. North's pit 1
    // is taken, then the chain crosses back into South's own row: pit 6
    // (1) too; pit 5 before it, just emptied, stops it.
    let v = variant("vai-lung-thlan");
    let (p, r) = play(&v, "2,0,4,4,2,0:0/0,4,4,4,4,4:0/S", &["5"]);
    assert_eq!(p.to_string(), "2,0,4,4,0,0:2/0,4,4,4,4,4:0/N");
    assert_eq!(r.captured, 2);
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  0
    //        1  0  4  4  0  0  0
    // In the mover's own row alone: South's pit 1 (1) into pit 2, empty.
    let (p, r) = play(&v, "1,0,4,4,0,0:0/0,4,4,4,4,4:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,4,4,0,0:1/0,4,4,4,4,4:0/N");
    assert_eq!(r.captured, 1);
    // South's pit 3 (4): pit 4 (5), pits 5 and 6 and North's pit 1 (1
    // each). North's 1, South's 6 and 5 are taken; pit 4 holds 5: stop.
    let (p, r) = play(&v, "1,0,4,4,0,0:0/0,4,4,4,4,4:0/S", &["3"]);
    assert_eq!(p.to_string(), "1,0,0,5,0,0:3/0,4,4,4,4,4:0/N");
    assert_eq!(r.captured, 3);
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  2
    //        1  0  4  4  0  0  0
    // The same with North's pit 1 holding 2: the last stone makes it 3,
    // not a single stone, and nothing is taken.
    let (p, r) = play(&v, "1,0,4,4,0,0:0/2,4,4,4,4,4:0/S", &["3"]);
    assert_eq!(p.to_string(), "1,0,0,5,1,1:0/3,4,4,4,4,4:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn vai_lung_thlan_a_pile_of_twelve_drops_its_last_stone_into_its_own_pit() {
    //        6  5  4  3  2  1
    //     0  2  2  2  2  2  2
    //        12 2  2  2  2  2  0
    //        1  2  3  4  5  6
    // Mancala World: "A hole containing 12 stones can always capture at
    // least one stone because the last stone is dropped into the emptied
    // hole." South's pit 1 (12): eleven stones make every other pit 3, the
    // twelfth falls into pit 1, empty: taken. North's pit 6 before it holds
    // 3: the chain stops.
    let v = variant("vai-lung-thlan");
    let (p, r) = play(&v, "12,2,2,2,2,2:0/2,2,2,2,2,2:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,3,3,3,3,3:1/3,3,3,3,3,3:0/N");
    assert_eq!(r.captured, 1);
}

#[test]
fn vai_lung_thlan_a_player_without_stones_passes_until_the_board_is_empty() {
    //        6  5  4  3  2  1
    //    28  0  0  0  0  0  0
    //        0  0  0  0  2  2 28
    //        1  2  3  4  5  6
    // South's pit 5 (2): pit 6 (3) and North's pit 1 (1, taken; pit 6
    // before it holds 3). North has no stone and passes: South plays on.
    let v = variant("vai-lung-thlan");
    let (p, r) = play(&v, "0,0,0,0,2,2:28/0,0,0,0,0,0:28/S", &["5"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,3:29/0,0,0,0,0,0:28/S");
    assert!(r.passed);
    // South's pit 6 (3): North's pits 1, 2 and 3, each made 1: all taken.
    // No stone is left: the game is over, 32 to 28.
    let (p, r) = play(&v, "0,0,0,0,0,3:29/0,0,0,0,0,0:28/S", &["6"]);
    assert_eq!(r.captured, 3);
    assert!(p.is_over());
    assert_eq!((p.store(Side::South), p.store(Side::North)), (32, 28));
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

// ---------------------------------------------------------------- gabata

#[test]
fn gabata_a_pit_made_four_during_the_sowing_is_taken_at_once() {
    //        6  5  4  3  2  1
    //     0  1  1  1  1  1  1
    //        3  3  0  0  0  0  0
    //        1  2  3  4  5  6
    // South's pit 1 (3): pit 2 made 4 by a counter that is not the last:
    // taken at once into South's store; the sowing goes on into pits 3 and
    // 4, the last counter in an empty pit: the move ends.
    let v = variant("gabata");
    let (p, r) = play(&v, "3,3,0,0,0,0:0/1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,1,1,0,0:4/1,1,1,1,1,1:0/N");
    assert_eq!(r.captured, 4);
    //        6  5  4  3  2  1
    //     0  1  1  1  1  0  3
    //        0  0  0  0  0  2  0
    // On the opponent's row too: South's pit 6 (2) makes North's pit 1
    // four (taken) and ends in North's pit 2, empty.
    let (p, r) = play(&v, "0,0,0,0,0,2:0/3,0,1,1,1,1:0/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:4/0,1,1,1,1,1:0/N");
    assert_eq!(r.captured, 4);
}

#[test]
fn gabata_a_pit_the_last_counter_makes_four_is_lifted_and_sown_on() {
    //        6  5  4  3  2  1
    //     0  1  1  1  1  1  1
    //        1  3  0  0  0  0  0
    //        1  2  3  4  5  6
    // South's pit 1 (1): its only counter, the last, makes pit 2 four. Not
    // taken: the pile is lifted and sown on into pits 3 to 6; the last
    // falls into pit 6, empty, and the move ends.
    let v = variant("gabata");
    let (p, r) = play(&v, "1,3,0,0,0,0:0/1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,1,1,1,1:0/1,1,1,1,1,1:0/N");
    assert_eq!((r.captured, r.relays), (0, 1));
}

#[test]
fn gabata_a_player_without_counters_passes_and_the_other_plays_on() {
    //        6  5  4  3  2  1
    //    27  0  0  0  0  0  0
    //        0  0  0  0  1  0 20
    //        1  2  3  4  5  6
    // South's pit 5 into pit 6, empty: the move ends. North has no counter
    // and passes; South moves again.
    let v = variant("gabata");
    let (p, r) = play(&v, "0,0,0,0,1,0:20/0,0,0,0,0,0:27/S", &["5"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,1:20/0,0,0,0,0,0:27/S");
    assert!(r.passed);
}

// ----------------------------------------------------------- pallanguzhi

#[test]
fn pallanguzhi_after_the_last_seed_the_next_pit_is_lifted_and_sown_on() {
    //        7  6  5  4  3  2  1
    //     0  1  1  1  1  1  0  0
    //        2  0  0  3  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 (2) into pits 2 and 3. The next pit, 4, holds 3: they
    // are lifted and sown into pits 5, 6 and 7. The next pit, North's 1,
    // is empty, and so is the pit after it: the move ends, nothing taken.
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "2,0,0,3,0,0,0:0/0,0,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,1,0,1,1,1:0/0,0,1,1,1,1,1:0/N");
    assert_eq!((r.relays, r.captured), (1, 0));
}

#[test]
fn pallanguzhi_an_empty_next_pit_takes_the_pit_after_it() {
    // KDE's Mankala Engine, the worked examples of its Pallanguli rules
    // tests (TestPallanguliRules.cpp, "single-capture-move").
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  0
    //        3  0  0  0  0  5  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 (3) into pits 2, 3 and 4. The next pit, 5, is empty:
    // the pit after it, 6, is taken (5 seeds). North, without seeds,
    // passes.
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "3,0,0,0,0,5,0:0/0,0,0,0,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,1,1,0,0,0:5/0,0,0,0,0,0,0:0/S");
    assert_eq!(r.captured, 5);
    assert!(r.passed);
    // "capture-with-lap-move": North's pit 4 (3) into its pits 5, 6 and 7;
    // the next pit, South's 1, is empty: South's pit 2 is taken.
    //        7  6  5  4  3  2  1
    //     0  0  0  0  3  0  0  0
    //        0  5  0  0  0  0  0  0
    let (p, r) = play(&v, "0,5,0,0,0,0,0:0/0,0,0,3,0,0,0:0/N", &["4"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:0/0,0,0,0,1,1,1:5/N");
    assert_eq!(r.captured, 5);
    // "capture-after-empty": on the mover's own row too. North's pit 6
    // (7) into its pit 7 and South's pits 1 to 6; South's pit 7 is empty:
    // North's own pit 1 is taken.
    //        7  6  5  4  3  2  1
    //     0  0  7  0  0  0  0  5
    //        0  0  0  0  0  0  0  0
    let (p, r) = play(&v, "0,0,0,0,0,0,0:0/5,0,0,0,0,7,0:0/N", &["6"]);
    assert_eq!(p.to_string(), "1,1,1,1,1,1,0:0/0,0,0,0,0,0,1:5/S");
    assert_eq!(r.captured, 5);
}

#[test]
fn pallanguzhi_two_empty_pits_after_the_last_seed_end_the_move() {
    // KDE's Mankala Engine, "simple-single-move".
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  0
    //        6  0  0  0  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 (6) into pits 2 to 7. North's pits 1 and 2 are empty:
    // nothing is lifted or taken. North, without seeds, passes.
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "6,0,0,0,0,0,0:0/0,0,0,0,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,1,1,1,1,1:0/0,0,0,0,0,0,0:0/S");
    assert_eq!((r.relays, r.captured), (0, 0));
    assert!(r.passed);
}

#[test]
fn pallanguzhi_a_pit_made_four_during_the_sowing_is_taken_by_the_sower() {
    //        7  6  5  4  3  2  1
    //     0  1  1  1  1  1  1  1
    //        3  3  0  0  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 (3): pit 2 made four (pasu) is taken at once; the
    // sowing goes on into pits 3 and 4. Pits 5 and 6 are empty: the move
    // ends.
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "3,3,0,0,0,0,0:0/1,1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,1,1,0,0,0:4/1,1,1,1,1,1,1:0/N");
    assert_eq!(r.captured, 4);
    // The last seed of a pile too: no relay lifts the pit it falls in.
    // South's pit 1 (1) makes pit 2 four: taken (in Gabata it is lifted).
    //        7  6  5  4  3  2  1
    //     0  1  1  1  1  1  1  1
    //        1  3  0  0  0  0  0  0
    let (p, r) = play(&v, "1,3,0,0,0,0,0:0/1,1,1,1,1,1,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:4/1,1,1,1,1,1,1:0/N");
    assert_eq!((r.captured, r.relays), (4, 0));
}

#[test]
fn pallanguzhi_a_lap_sows_into_the_pit_it_started_from() {
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  0
    //       13  0  0  0  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 (13) into the 13 other pits, the last seed in North's
    // pit 7. The next place is pit 1, emptied: the pit after it, pit 2
    // (1), is taken.
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "13,0,0,0,0,0,0:0/0,0,0,0,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,1,1,1,1,1:1/1,1,1,1,1,1,1:0/N");
    assert_eq!((r.relays, r.captured), (0, 1));
    // Pit 1 (14): the lap's last seed falls into pit 1 itself (no pit is
    // passed over). The next pit, 2 (1), is lifted into pit 3, pit 4 (1)
    // into pit 5, and so on round the board, each pile of one making the
    // pit after it two; North's pit 7 (1) into South's pit 1 (2). Pit 2 is
    // then empty: pit 3 (2) is taken.
    let (p, r) = play(&v, "14,0,0,0,0,0,0:0/0,0,0,0,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "2,0,0,0,2,0,2:2/0,2,0,2,0,2,0:0/N");
    assert_eq!((r.relays, r.captured), (7, 2));
}

#[test]
fn pallanguzhi_a_player_without_seeds_passes_and_the_other_plays_on() {
    //        7  6  5  4  3  2  1
    //    40  0  0  0  0  0  0  0
    //        0  0  0  0  0  1  0 43
    //        1  2  3  4  5  6  7
    // South's pit 6 (1) into pit 7; North's pits 1 and 2 are empty: the
    // move ends. North has no seed and passes; South moves again.
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "0,0,0,0,0,1,0:43/0,0,0,0,0,0,0:40/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,1:43/0,0,0,0,0,0,0:40/S");
    assert!(r.passed);
}

#[test]
fn pallanguzhi_a_lone_seed_goes_round_until_the_position_repeats() {
    //        7  6  5  4  3  2  1
    //    40  0  0  0  0  0  0  0
    //        1  0  0  0  0  0  0 43
    //        1  2  3  4  5  6  7
    // The last seed moves one pit a move, whoever's row it is in (the
    // other player passes), and is never taken: back in South's pit 1
    // with South to move, the position repeats and the round ends, the
    // seed to the owner of the row it lies in (`repetition = "owner"`).
    let v = variant("pallanguzhi");
    let mut game = Game::from_position(v.clone(), pos("1,0,0,0,0,0,0:43/0,0,0,0,0,0,0:40/S"));
    let mut moves = 0;
    while !game.position().is_over() {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
        moves += 1;
    }
    assert_eq!(moves, 14);
    assert_eq!(game.position().end_reason(), Some(EndReason::Cycle));
    assert_eq!(game.position().to_string(), "0,0,0,0,0,0,0:44/0,0,0,0,0,0,0:40/S#cycle");
}

#[test]
fn relay_next_ends_at_a_store_and_takes_nothing_there() {
    // Pallanguzhi's rules with the stores on the ring and extra turns.
    let mut rules = variant("pallanguzhi").rules().clone();
    rules.board.stores = StorePlacement::Ring;
    rules.sowing.extra_turn = true;
    let v = Variant::new(rules).unwrap();
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  3
    //        0  0  0  0  2  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 5 (2) into pits 6 and 7. The next place is South's
    // store: nothing is lifted, and a store after the last seed takes
    // nothing either.
    let (p, r) = play(&v, "0,0,0,0,2,0,0:0/3,0,0,0,0,0,0:0/S", &["5"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,1,1:0/3,0,0,0,0,0,0:0/N");
    assert_eq!((r.relays, r.captured), (0, 0));
    // South's pit 5 (1) into pit 6: pit 7 after it is empty, but the place
    // after that is the store, not a pit: nothing is taken.
    let (p, r) = play(&v, "0,0,0,0,1,0,0:0/3,0,0,0,0,0,0:0/S", &["5"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,1,0:0/3,0,0,0,0,0,0:0/N");
    assert_eq!((r.relays, r.captured), (0, 0));
    // South's pit 7 (1) into the store: the last seed is in a store, the
    // sowing ends there, and South moves again.
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  3
    //        0  0  0  0  0  1  1  0
    let (p, r) = play(&v, "0,0,0,0,0,1,1:0/3,0,0,0,0,0,0:0/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,1,0:1/3,0,0,0,0,0,0:0/S");
    assert!(r.extra_turn);
    assert_eq!((r.relays, r.captured), (0, 0));
}

#[test]
fn relay_next_looks_at_the_pit_the_pile_came_from_even_when_laps_pass_over_it() {
    // Pallanguzhi's rules with laps passing over the origin.
    let mut rules = variant("pallanguzhi").rules().clone();
    rules.sowing.skip_origin = true;
    let v = Variant::new(rules).unwrap();
    //        7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  0
    //       26  0  0  0  0  0  0  0
    //        1  2  3  4  5  6  7
    // South's pit 1 (26): two laps of the 13 other pits, the last seed in
    // North's pit 7. The next place is pit 1 itself, empty (passed over):
    // nothing is lifted, and the pit after it, pit 2 (2), is taken.
    let (p, r) = play(&v, "26,0,0,0,0,0,0:0/0,0,0,0,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,2,2,2,2,2:2/2,2,2,2,2,2,2:0/N");
    assert_eq!((r.relays, r.captured), (0, 2));
    // Without skip_origin the first lap drops a seed into pit 1 too, the
    // last seed falls in North's pit 6, and North's pit 7 (2) is lifted.
    let v = variant("pallanguzhi");
    let (_, r) = play(&v, "26,0,0,0,0,0,0:0/0,0,0,0,0,0,0:0/S", &["1"]);
    assert!(r.relays > 0);
}

// ------------------------------------------------------------- four rows

// Four-row boards are drawn as South sees them, each column's four pits
// one above the other: North's outer row (North's pit 1 at the right),
// North's inner row, South's inner row (South's pit p + 1 at the right),
// South's outer row (South's pit 1 at the left). The pit numbers of a
// 4 x 4 board:
//
//     North outer   4  3  2  1
//     North inner   5  6  7  8
//     South inner   8  7  6  5
//     South outer   1  2  3  4

/// Hus on a 4 x 4 board (two seeds a pit): the small boards below.
fn hus4() -> Variant {
    variant("hus").resized(Some(4), Some(2)).unwrap()
}

#[test]
fn hus_the_left_half_of_each_inner_row_starts_empty() {
    //     North outer   2  2  2  2  2  2  2  2
    //     North inner   2  2  2  2  0  0  0  0
    //     South inner   0  0  0  0  2  2  2  2
    //     South outer   2  2  2  2  2  2  2  2
    // South's pits 13 to 16 (the inner row's left half) start empty, and
    // North's: 48 seeds in all.
    let v = variant("hus");
    let p = Position::start(&v);
    let row = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0];
    assert_eq!((p.row(Side::South), p.row(Side::North)), (&row[..], &row[..]));
    assert_eq!(v.total_seeds(), 48);
    assert_eq!((v.rows(), v.pits_per_row(), v.pits_per_side()), (4, 8, 16));
}

#[test]
fn hus_sowing_goes_round_the_movers_own_two_rows() {
    //     North outer   1  1  1  2
    //     North inner   1  1  1  1
    //     South inner   0  3  0  0
    //     South outer   0  0  0  0
    // South's pit 7 (3 seeds, inner row) sows into pits 8, 1 and 2: from
    // the inner row's left end down into the outer row, never into North's
    // pits. The last seed falls in an empty pit: the move ends.
    let v = hus4();
    let (p, r) = play(&v, "0,0,0,0,0,0,3,0:0/2,1,1,1,1,1,1,1:0/S", &["7"]);
    assert_eq!(p.to_string(), "1,1,0,0,0,0,0,1:0/2,1,1,1,1,1,1,1:0/N");
    assert_eq!((r.sown, r.relays, r.captured), (3, 0, 0));
}

#[test]
fn hus_a_pit_holding_a_single_seed_may_not_start_a_move() {
    //     North outer   0  0  0  2
    //     North inner   0  0  0  0
    //     South inner   0  0  0  0
    //     South outer   1  2  0  0
    // South's pit 1 holds one seed: only pit 2 may be sown.
    let v = hus4();
    let p = pos("1,2,0,0,0,0,0,0:0/2,0,0,0,0,0,0,0:0/S");
    assert_eq!(legal(&v, &p), ["2"]);
    let e = p.parse_move(&v, "1").unwrap_err().to_string();
    assert_eq!(e, "pit 1 holds 1 seed: a move starts from a pit holding at least 2");
}

#[test]
fn hus_a_last_seed_in_a_pit_holding_seeds_lifts_it_and_sows_on() {
    //     North outer   0  0  0  2
    //     North inner   0  0  0  0
    //     South inner   0  0  0  0
    //     South outer   2  0  1  0
    // South's pit 1 (2) into pits 2 and 3; pit 3 held a seed: its 2 seeds
    // are lifted and sown into pits 4 and 5, and pit 5 was empty.
    let v = hus4();
    let (p, r) = play(&v, "2,0,1,0,0,0,0,0:0/2,0,0,0,0,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,1,0,1,1,0,0,0:0/2,0,0,0,0,0,0,0:0/N");
    assert_eq!(r.relays, 1);
}

#[test]
fn hus_an_inner_pit_facing_two_pits_with_seeds_takes_them_and_sows_them_on() {
    //     North outer   0  2  0  2
    //     North inner   0  0  0  3
    //     South inner   0  0  0  1
    //     South outer   0  0  2  0
    // South's pit 3 (2) into pits 4 and 5. Pit 5, South's inner pit at the
    // right end, held a seed, and faces North's inner pit 8 (3) with
    // North's outer pit 1 (2) behind it: both are taken, and the 5 seeds
    // sown on from South's pit 6: pits 6, 7, 8, 1 and 2. Pit 2 was empty.
    // Pit 5 keeps its 2 seeds; no seed reaches a store.
    let v = hus4();
    let (p, r) = play(&v, "0,0,2,0,1,0,0,0:0/2,0,2,0,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "1,1,0,1,2,1,1,1:0/0,0,2,0,0,0,0,0:0/N");
    assert_eq!((r.captured, r.relays), (5, 0));
}

#[test]
fn hus_an_empty_outer_pit_behind_means_no_capture_and_the_pile_relays() {
    //     North outer   0  2  0  0
    //     North inner   0  0  0  3
    //     South inner   0  0  0  1
    //     South outer   0  0  2  0
    // As above, but North's outer pit 1 is empty: nothing is taken
    // (`facing = "both"`), and pit 5's 2 seeds are lifted into pits 6, 7.
    let v = hus4();
    let (p, r) = play(&v, "0,0,2,0,1,0,0,0:0/0,0,2,0,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,0,1,1,0:0/0,0,2,0,0,0,0,3:0/N");
    assert_eq!((r.captured, r.relays), (0, 1));
}

#[test]
fn facing_inner_takes_the_inner_pit_alone_into_the_store() {
    //     North outer   0  2  0  0
    //     North inner   0  0  0  3
    //     South inner   0  0  0  1
    //     South outer   0  0  2  0
    // `facing = "inner"` with `taken = "store"`: North's inner pit 8 holds
    // seeds, so it is taken with the (empty) outer pit behind it, into
    // South's store, and the move ends there.
    let mut rules = hus4().rules().clone();
    rules.capture.facing = Facing::Inner;
    rules.capture.taken = Taken::Store;
    let v = Variant::new(rules).unwrap();
    let (p, r) = play(&v, "0,0,2,0,1,0,0,0:0/0,0,2,0,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,2,0,0,0:3/0,0,2,0,0,0,0,0:0/N");
    assert_eq!(r.captured, 3);
}

#[test]
fn hus_a_player_who_cannot_move_loses_every_seed_to_the_other() {
    //     North outer   0  0  0  2
    //     North inner   0  0  0  1
    //     South inner   0  0  0  0
    //     South outer   1  1  0  0
    // South to move holds only single seeds: no move (`no-move`), and
    // every seed on the board goes to North, who wins.
    let v = hus4();
    let p = pos("1,1,0,0,0,0,0,0:0/2,0,0,0,0,0,0,1:0/S").settled(&v);
    assert_eq!(p.end_reason(), Some(EndReason::NoMove));
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:0/0,0,0,0,0,0,0,0:5/S#no-move");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::North)));
    // A player with no seeds at all loses the same way (`no-seeds`).
    let p = pos("0,0,0,0,0,0,0,0:0/2,0,0,0,0,0,0,1:0/S").settled(&v);
    assert_eq!(p.end_reason(), Some(EndReason::NoSeeds));
    assert_eq!(p.store(Side::North), 3);
}

// Hus on its 4 x 12 board (`hus-12`, the wide layout). The examples are
// notes/hus-12.md's (section 3), derived from the rules (no source gives
// one). Boards as South sees them: North's outer row (pits 12 to 1),
// North's inner row (13 to 24), South's inner row (24 to 13), South's
// outer row (1 to 12).

/// `hus-12`: Hus on 4 rows of 12, 72 seeds.
fn hus12() -> Variant {
    Variant::from_toml(include_str!("../variants/hus-12.toml")).unwrap()
}

/// Plays `moves` from `start` (a position string, or the start when
/// empty) in the wide layout; the position and the last report.
fn play_wide(v: &Variant, start: &str, moves: &[&str]) -> (Position<Wide>, MoveReport) {
    let mut p = if start.is_empty() {
        Position::<Wide>::start_in(v)
    } else {
        Setup::<Wide>::from_str_in(start)
            .unwrap_or_else(|e| panic!("{start}: {e}"))
            .position_unchecked_in(v)
    };
    let mut last = MoveReport::default();
    for m in moves {
        let mv = p.parse_move(v, m).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
        let (q, r) = p.play(v, mv).unwrap();
        p = q;
        last = r;
    }
    (p, last)
}

#[test]
fn hus_12_six_pits_of_each_inner_row_start_empty_72_seeds() {
    //     North outer   2  2  2  2  2  2  2  2  2  2  2  2
    //     North inner   2  2  2  2  2  2  0  0  0  0  0  0
    //     South inner   0  0  0  0  0  0  2  2  2  2  2  2
    //     South outer   2  2  2  2  2  2  2  2  2  2  2  2
    let v = hus12();
    assert_eq!(v.layout(), LayoutKind::Wide);
    assert_eq!((v.rows(), v.pits_per_row(), v.pits_per_side(), v.total_seeds()), (4, 12, 24, 72));
    let p = Position::<Wide>::start_in(&v);
    let mut row = vec![2u16; 18];
    row.extend([0; 6]);
    assert_eq!((p.row(Side::South), p.row(Side::North)), (&row[..], &row[..]));
    assert_eq!(p.legal_moves(&v).len(), 18);
}

#[test]
fn hus_12_relay_sowing_across_the_inner_row_without_a_capture() {
    //     North outer   2  2  2  2  2  2  2  2  2  2  2  2
    //     North inner   2  2  2  2  2  2  0  0  0  0  0  0
    //     South inner   0  0  0  0  0  0  2  2  2  2  2  2
    //     South outer   2  2  2  2  2  2  2  2  2  2  2  2
    // South's 13 (2) sows 14 and 15; 15 held 2, its 3 relay into 16 to
    // 18; 18 held 2, its 3 relay into 19 to 21, empty: the move ends.
    // Pits 15 and 18 face North's 22 and 19, empty: nothing is taken.
    let (p, r) = play_wide(&hus12(), "", &["13"]);
    assert_eq!(
        p.to_string(),
        "2,2,2,2,2,2,2,2,2,2,2,2,0,3,0,3,3,0,1,1,1,0,0,0:0/\
         2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0:0/N"
    );
    assert_eq!((r.relays, r.captured), (2, 0));
}

#[test]
fn hus_12_an_inner_pit_facing_two_full_pits_takes_them_and_sows_them_on() {
    //     North outer   2  2  2  2  2  2  2  2  2  2  2  2
    //     North inner   2  2  2  2  0  3  1  0  0  0  0  0
    //     South inner   0  0  0  0  0  1  3  0  2  2  2  2
    //     South outer   2  2  2  2  2  2  2  2  2  2  2  2
    // South's 16 (2) sows 17 and 18; 18 held 3 (now 4) and faces North's
    // 19 (1), with North's 6 (2) behind: both are taken and their 3 seeds
    // sown from 19: 19, 20, 21, empty. Pit 18 keeps its 4.
    let v = hus12();
    let (before, _) = play_wide(&v, "", &["17", "17"]);
    assert_eq!(
        before.to_string(),
        "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,3,1,0,0,0,0,0:0/\
         2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,3,1,0,0,0,0,0:0/S"
    );
    let (p, r) = play_wide(&v, &before.to_string(), &["16"]);
    assert_eq!(
        p.to_string(),
        "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,1,4,2,1,1,0,0,0:0/\
         2,2,2,2,2,0,2,2,2,2,2,2,2,2,2,2,0,3,0,0,0,0,0,0:0/N"
    );
    assert_eq!(r.captured, 3);
}

#[test]
fn hus_12_two_captures_in_one_move() {
    //     North outer   2  2  2  2  2  2  2  2  2  2  2  2
    //     North inner   2  2  2  2  2  0  1  1  0  0  0  0
    //     South inner   0  0  0  0  1  1  0  2  2  2  2  2
    //     South outer   2  2  2  2  2  2  2  2  2  2  2  2
    // South's 15 (2) sows 16 and 17; 17 (now 3) faces North's 20 (1) with
    // North's 5 (2) behind: 3 seeds sown 18 to 20. Pit 20 (now 2) faces
    // North's 17 (2) with North's 8 (2) behind: 4 seeds sown 21 to 24,
    // and 24 was empty. South took 7 seeds; the board still holds 72.
    let (p, r) = play_wide(&hus12(), "", &["18", "18", "15"]);
    assert_eq!(
        p.to_string(),
        "2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,3,3,1,2,2,1,1,1,1:0/\
         2,2,2,2,0,2,2,0,2,2,2,2,2,2,2,2,0,0,1,0,0,0,0,0:0/N"
    );
    assert_eq!(r.captured, 7);
}

#[test]
fn hus_12_an_empty_outer_pit_behind_means_the_pile_relays_instead() {
    //     North outer   3  3  0  3  0  2  2  2  2  2  2  2
    //     North inner   0  3  3  3  3  3  1  1  0  0  0  0
    //     South inner   0  0  0  0  1  1  0  3  3  0  3  3
    //     South outer   0  3  0  0  3  0  3  3  0  3  3  0
    // South's 17 (3) sows 18 to 20; 20 (now 2) faces North's 17 (3), but
    // North's 8 behind it is empty: no capture, and 20's 2 seeds relay
    // into 21 and 22, empty.
    let start = "0,3,0,0,3,0,3,3,0,3,3,0,3,3,0,3,3,0,1,1,0,0,0,0:0/\
                 2,2,2,2,2,2,2,0,3,0,3,3,0,3,3,3,3,3,1,1,0,0,0,0:0/S";
    let v = hus12();
    let (before, _) = play_wide(&v, "", &["1", "8"]);
    assert_eq!(before.to_string(), start);
    let (p, r) = play_wide(&v, start, &["17"]);
    assert_eq!(
        p.to_string(),
        "0,3,0,0,3,0,3,3,0,3,3,0,3,3,0,3,0,1,2,0,1,1,0,0:0/\
         2,2,2,2,2,2,2,0,3,0,3,3,0,3,3,3,3,3,1,1,0,0,0,0:0/N"
    );
    assert_eq!((r.relays, r.captured), (1, 0));
}

#[test]
fn hus_12_a_player_left_with_single_seeds_loses_all_72() {
    //     North outer   1  0  0  0  0  0  0  0  0  1  0  0
    //     North inner   2  0  0  0  0  0  0  0  0  0  0  0
    //     South inner   1  0  2  0  0  0  0  0  0  0  0  0
    //     South outer   0  0  0  0 20 20 25  0  0  0  0  0
    // South's 22 (2) sows 23 and 24; 24 (now 2) faces North's 13 (2) with
    // North's 12 (1) behind: 3 seeds sown into 1, 2, 3. North has a single
    // seed (its 3) and cannot move: South wins every seed, 72 to 0.
    let start = "0,0,0,0,20,20,25,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,1:0/\
                 0,0,1,0,0,0,0,0,0,0,0,1,2,0,0,0,0,0,0,0,0,0,0,0:0/S";
    let (p, r) = play_wide(&hus12(), start, &["22"]);
    assert_eq!(r.captured, 3);
    assert_eq!(p.end_reason(), Some(EndReason::NoMove));
    assert_eq!((p.store(Side::South), p.store(Side::North)), (72, 0));
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn hus_a_repeated_position_gives_each_side_its_own_seeds() {
    //     North outer   0  0  1  2
    //     North inner   0  0  0  0
    //     South inner   0  0  0  0
    //     South outer   2  1  0  0
    // Each player has one legal move, the pit holding 2, whose seeds fall
    // in the next pit (now 2) and an empty one: the pair creeps round the
    // player's circuit and never meets the other's. After 8 moves each the
    // position repeats, and the game ends with each side's seeds in its
    // owner's store (a draw).
    let v = hus4();
    let start = pos("2,1,0,0,0,0,0,0:0/2,1,0,0,0,0,0,0:0/S");
    let mut game = Game::from_position(v.clone(), start);
    let mut moves = 0;
    while !game.position().is_over() && moves < 100 {
        assert_eq!(game.legal_moves().len(), 1);
        let mv = game.legal_moves().iter().next().unwrap();
        game.play(mv).unwrap();
        moves += 1;
    }
    let p = game.position();
    assert_eq!((moves, p.end_reason()), (16, Some(EndReason::Cycle)));
    assert_eq!((p.store(Side::South), p.store(Side::North)), (3, 3));
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

/// Tsoro on a 4 x 4 board (two seeds in each outer pit): the small boards
/// below.
fn tsoro4() -> Variant {
    variant("tsoro").resized(Some(4), Some(2)).unwrap()
}

#[test]
fn tsoro_the_inner_rows_start_empty() {
    //     North outer   2  2  2  2  2  2  2  2
    //     North inner   0  0  0  0  0  0  0  0
    //     South inner   0  0  0  0  0  0  0  0
    //     South outer   2  2  2  2  2  2  2  2
    let v = variant("tsoro");
    let p = Position::start(&v);
    let row = [2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!((p.row(Side::South), p.row(Side::North)), (&row[..], &row[..]));
    assert_eq!(v.total_seeds(), 32);
}

#[test]
fn tsoro_the_last_seed_in_an_empty_inner_pit_takes_the_pits_facing_it() {
    //     North outer   2  0  0  1
    //     North inner   0  0  0  3
    //     South inner   0  0  0  0
    //     South outer   0  0  2  0
    // South's pit 3 (2) into pits 4 and 5. Pit 5, South's inner pit at the
    // right end, was empty: North's inner pit 8 (3) facing it is taken,
    // with North's outer pit 1 (1) behind it, into South's store. The
    // move ends.
    let v = tsoro4();
    let (p, r) = play(&v, "0,0,2,0,0,0,0,0:0/1,0,0,2,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,1,0,0,0:4/0,0,0,2,0,0,0,0:0/N");
    assert_eq!(r.captured, 4);
}

#[test]
fn tsoro_the_outer_pit_is_taken_only_after_the_inner_one() {
    //     North outer   2  0  0  3
    //     North inner   0  0  0  0
    //     South inner   0  0  0  0
    //     South outer   0  0  2  0
    // As above, but North's inner pit 8 is empty: nothing is taken, not
    // even the outer pit 1 behind it.
    let v = tsoro4();
    let (p, r) = play(&v, "0,0,2,0,0,0,0,0:0/3,0,0,2,0,0,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,1,0,0,0:0/3,0,0,2,0,0,0,0:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn tsoro_a_last_seed_in_an_inner_pit_holding_seeds_relays() {
    //     North outer   2  0  0  2
    //     North inner   0  0  0  3
    //     South inner   0  0  0  1
    //     South outer   0  0  2  0
    // Pit 5 held a seed: no capture (`facing_on = "empty"`), its 2 seeds
    // are lifted into pits 6 and 7, and pit 7, an empty inner pit, faces
    // North's inner pit 6 (empty): nothing is taken.
    let v = tsoro4();
    let (p, r) = play(&v, "0,0,2,0,1,0,0,0:0/2,0,0,2,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,0,1,1,0:0/2,0,0,2,0,0,0,3:0/N");
    assert_eq!((r.captured, r.relays), (0, 1));
}

#[test]
fn tsoro_a_single_seed_moves_only_when_no_pit_holds_two_and_into_an_empty_pit() {
    //     North outer   0  0  0  2
    //     North inner   0  0  0  0
    //     South inner   0  0  0  0
    //     South outer   1  2  0  1
    // A pit holds two: only it may be sown.
    let v = tsoro4();
    let p = pos("1,2,0,1,0,0,0,0:0/2,0,0,0,0,0,0,0:0/S");
    assert_eq!(legal(&v, &p), ["2"]);
    let e = p.parse_move(&v, "1").unwrap_err().to_string();
    assert!(e.contains("may be sown only when no pit holds two or more"), "{e}");
    //     South outer   1  1  0  1
    // Only singles: pit 2 (its next pit, 3, empty) and pit 4 (pit 5, the
    // inner row's right end, empty) may be sown; pit 1's next pit holds a
    // seed.
    let p = pos("1,1,0,1,0,0,0,0:0/2,0,0,0,0,0,0,0:0/S");
    assert_eq!(legal(&v, &p), ["2", "4"]);
    // No single seed with an empty pit after it: no move, and South loses
    // everything, North's store taking South's too.
    //     South inner   1  1  1  1        South's store 5
    //     South outer   1  1  1  1
    let p = pos("1,1,1,1,1,1,1,1:5/2,0,0,0,0,0,0,0:0/S").settled(&v);
    assert_eq!(p.end_reason(), Some(EndReason::NoMove));
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:0/0,0,0,0,0,0,0,0:15/S#no-move");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::North)));
}

// ------------------------------------------------------- sowing direction

#[test]
fn um_el_bagara_the_left_pits_sow_clockwise() {
    //        5  4  3  2  1
    //     0  5  5  5  5  5
    //        5  5  5  5  5  0
    //        1  2  3  4  5
    // South's pit 2 is left of the middle: clockwise, into pit 1, then
    // North's row from North's pit 5 (above South's pit 1) down to pit 2.
    let v = variant("um-el-bagara");
    let (p, r) = play(&v, "5,5,5,5,5:0/5,5,5,5,5:0/S", &["2"]);
    assert_eq!(p.to_string(), "6,0,5,5,5:0/5,6,6,6,6:0/N");
    assert_eq!((r.sown, r.captured), (5, 0));
}

#[test]
fn um_el_bagara_the_right_pits_sow_counter_clockwise() {
    //        5  4  3  2  1
    //     0  5  5  5  5  5
    //        5  5  5  5  5  0
    //        1  2  3  4  5
    // South's pit 4 is right of the middle: counter-clockwise, into pit 5,
    // then North's pits 1 to 4.
    let v = variant("um-el-bagara");
    let (p, _) = play(&v, "5,5,5,5,5:0/5,5,5,5,5:0/S", &["4"]);
    assert_eq!(p.to_string(), "5,5,5,0,6:0/6,6,6,6,5:0/N");
    // North's pits are numbered from North's left the same way: North's
    // pit 2 sows clockwise, into North's pit 1 and then South's pits 5 to 2.
    let (p, _) = play(&v, "5,5,5,5,5:0/5,5,5,5,5:0/N", &["2"]);
    assert_eq!(p.to_string(), "5,6,6,6,6:0/6,0,5,5,5:0/S");
}

#[test]
fn um_el_bagara_the_middle_pit_sows_the_way_the_mover_chooses() {
    //        5  4  3  2  1
    //     0  5  5  5  5  5
    //        5  5  5  5  5  0
    //        1  2  3  4  5
    // Pit 3 gives two moves, 3ccw and 3cw; the other pits one each.
    let v = variant("um-el-bagara");
    let start = pos("5,5,5,5,5:0/5,5,5,5,5:0/S");
    assert_eq!(legal(&v, &start), ["1", "2", "3ccw", "3cw", "4", "5"]);
    assert_eq!(start.legal_count(&v), 6);
    let nth: Vec<String> =
        (0..6).map(|k| start.nth_legal_move(&v, k).unwrap().to_string()).collect();
    assert_eq!(nth, legal(&v, &start));
    // Counter-clockwise: pits 4, 5, then North's pits 1 to 3.
    let (p, _) = play(&v, "5,5,5,5,5:0/5,5,5,5,5:0/S", &["3ccw"]);
    assert_eq!(p.to_string(), "5,5,0,6,6:0/6,6,6,5,5:0/N");
    // Clockwise: pits 2, 1, then North's pits 5 to 3.
    let (p, _) = play(&v, "5,5,5,5,5:0/5,5,5,5,5:0/S", &["3CW"]);
    assert_eq!(p.to_string(), "6,6,0,5,5:0/5,5,6,6,6:0/N");
    // The plain pit number does not say which; a one-way pit takes none.
    let e = start.parse_move(&v, "3").unwrap_err().to_string();
    assert!(e.contains("pit 3 may be sown either way") && e.contains("3ccw"), "{e}");
    let e = start.parse_move(&v, "2ccw").unwrap_err().to_string();
    assert_eq!(e, "pit 2 sows clockwise only, so it is written 2, not 2ccw");
    let e = start.parse_move(&v, "3left").unwrap_err().to_string();
    assert!(e.contains("'ccw' (counter-clockwise) or 'cw' (clockwise)"), "{e}");
    // In a game whose pits all sow counter-clockwise no move has a direction.
    let kalah = variant("kalah");
    let e = Position::start(&kalah).parse_move(&kalah, "3ccw").unwrap_err().to_string();
    assert!(e.contains("counter-clockwise only, so it is written 3"), "{e}");
}

#[test]
fn um_el_bagara_captures_chain_back_against_the_way_of_the_sowing() {
    //        5  4  3  2  1
    //     0  1  3  1  2  1
    //        3  0  0  0  2  0
    //        1  2  3  4  5
    // South's pit 1 sows clockwise: North's pits 5, 4, 3. The last makes
    // North's pit 3 two: taken, and back against the sowing North's pit 4
    // (now 4) and pit 5 (now 2) with it; then South's own row ends the
    // chain. North's pit 2 (2), ahead of the sowing, stays.
    let v = variant("um-el-bagara");
    let (p, r) = play(&v, "3,0,0,0,2:0/1,2,1,3,1:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,2:8/1,2,0,0,0:0/N");
    assert_eq!(r.captured, 8);
    //        5  4  3  2  1
    //     0  1  2  1  3  1
    //        0  0  0  0  2  0
    // Counter-clockwise (South's pit 5) the chain goes back the other way:
    // North's pit 2 made 4, then pit 1 made 2.
    let (p, r) = play(&v, "0,0,0,0,2:0/1,3,1,2,1:0/S", &["5"]);
    assert_eq!(p.to_string(), "0,0,0,0,0:6/0,0,1,2,1:0/N");
    assert_eq!(r.captured, 6);
}

#[test]
fn um_el_bagara_single_seeds_do_not_move_and_a_player_without_a_move_passes() {
    //        5  4  3  2  1
    //    23  2  0  0  0  2
    //        1  0  0  0  0 22
    //        1  2  3  4  5
    // North's pit 1 sows clockwise into South's pits 5 and 4. South holds
    // single seeds only: no move, so South passes and North moves again.
    let v = variant("um-el-bagara");
    let (p, r) = play(&v, "1,0,0,0,0:22/2,0,0,0,2:23/N", &["1"]);
    assert_eq!(p.to_string(), "1,0,0,1,1:22/0,0,0,0,2:23/N");
    assert!(r.passed);
    assert_eq!(legal(&v, &p), ["5"]);
}

#[test]
fn um_el_bagara_ends_when_neither_can_move_the_seeds_to_their_owner() {
    //        5  4  3  2  1
    //    25  0  0  3  0  0
    //        1  1  0  0  0 20
    //        1  2  3  4  5
    // North sows its middle pit counter-clockwise: North's pits 4 and 5,
    // then South's pit 1, made 2: taken. South holds a single seed, North
    // two: neither can move, and each keeps the seeds on their row.
    let v = variant("um-el-bagara");
    let (p, r) = play(&v, "1,1,0,0,0:20/0,0,3,0,0:25/N", &["3ccw"]);
    assert_eq!(r.captured, 2);
    assert!(p.is_over());
    assert_eq!((p.store(Side::South), p.store(Side::North)), (21, 29));
    assert_eq!(p.end_reason().map(|e| e.name()), Some("no-move"));
}

#[test]
fn clockwise_sowing_laps_and_relays_go_round_the_other_way() {
    // Every pit clockwise, a relay from one's own pits, stores beside.
    //        3  2  1
    //     0  0  0  0
    //        0  1  6  0
    //        1  2  3
    // South's pit 3 (6) sows clockwise: pits 2, 1, North's 3, 2, 1, and
    // South's pit 3 again; the last seed lands in pit 3, emptied: the
    // sowing ends there (no relay from an empty pit).
    let mut rules = variant("um-el-bagara").rules().clone();
    rules.name = "clockwise".into();
    rules.sowing.direction = SowingDirection::Clockwise;
    rules.sowing.by_pit = None;
    rules.sowing.relay = Relay::Own;
    rules.sowing.min_seeds = 1;
    rules.capture.counts = vec![4];
    rules.board.pits_per_side = 3;
    let v = Variant::new(rules).unwrap();
    let (p, r) = play(&v, "0,1,6:0/0,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "1,2,1:0/1,1,1:0/N");
    assert_eq!(r.relays, 0);
    // The last seed in South's pit 2 (1, now 2): lifted and sown on,
    // clockwise, into pit 1 and North's pit 3.
    let (p, r) = play(&v, "0,1,1:0/0,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "1,0,0:0/0,0,1:0/N");
    assert_eq!(r.relays, 1);
}

// ---------------------------------------------------------------- rounds

#[test]
fn rounds_each_player_fills_their_pits_from_pit_1_and_the_rest_are_out_of_play() {
    // Congkak, the end of a round: South 60 seeds, North 38.
    //        7  6  5  4  3  2  1
    //    38  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  0 60
    //        1  2  3  4  5  6  7
    // South fills all 7 houses (49) and keeps 11; North fills houses 1 to
    // 5 (35) and keeps 3: houses 6 and 7 are out of play (`-`). South, the
    // winner of the round, starts the next (`starts = "winner"`).
    //        -  -  7  7  7  7  7
    //     3                        11
    //        7  7  7  7  7  7  7
    let v = variant("congkak");
    let end = pos("0,0,0,0,0,0,0:60/0,0,0,0,0,0,0:38/N#no-seeds");
    let next = end.next_round(&v, Side::North).unwrap();
    assert_eq!(next.to_string(), "7,7,7,7,7,7,7:11/7,7,7,7,7,-,-:3/S");
    assert!(next.is_out_of_play(Side::North, 5) && next.is_out_of_play(Side::North, 6));
    assert!(!next.is_out_of_play(Side::North, 4));
    assert_eq!(next.out_of_play(), 0b11 << 12);
}

#[test]
fn rounds_dakon_fills_from_the_hole_next_to_the_store() {
    // Dakon (`fill_from = "last"`): North's 38 seeds fill holes 7 down to
    // 3, holes 1 and 2, the farthest from North's store, are out of play.
    //        7  6  5  4  3  2  1
    //    38  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  0 60
    // becomes
    //        7  7  7  7  7  -  -
    //     3                        11
    //        7  7  7  7  7  7  7
    let v = variant("dakon");
    let end = pos("0,0,0,0,0,0,0:60/0,0,0,0,0,0,0:38/N#no-seeds");
    let next = end.next_round(&v, Side::South).unwrap();
    assert_eq!(next.to_string(), "7,7,7,7,7,7,7:11/-,-,7,7,7,7,7:3/S");
}

#[test]
fn rounds_the_loser_or_the_player_who_did_not_start_begins_the_next_round() {
    // Pallanguzhi (`starts = "alternate"`): South started the round, so
    // North starts the next, though South won it (50 to 34; six a pit).
    let v = variant("pallanguzhi");
    let end = pos("0,0,0,0,0,0,0:50/0,0,0,0,0,0,0:34/S#no-seeds");
    let next = end.next_round(&v, Side::South).unwrap();
    assert_eq!(next.to_string(), "6,6,6,6,6,6,6:8/6,6,6,6,6,-,-:4/N");
    // `starts = "loser"`: North, who has fewer seeds, starts whoever began.
    let mut rules = v.rules().clone();
    rules.rounds.as_mut().unwrap().starts = RoundStarter::Loser;
    let loser = Variant::new(rules).unwrap();
    assert_eq!(end.next_round(&loser, Side::North).unwrap().to_move(), Side::North);
    // A level round: the player who did not start it starts the next.
    let level = pos("0,0,0,0,0,0,0:42/0,0,0,0,0,0,0:42/S#no-seeds");
    assert_eq!(level.next_round(&loser, Side::North).unwrap().to_move(), Side::South);
    // A round still in play has no next round.
    assert_eq!(Position::start(&v).next_round(&v, Side::South), None);
}

#[test]
fn rounds_a_pit_out_of_play_is_passed_over_by_the_sowing() {
    //        7  6  5  4  3  2  1
    //     0  5  0  0  0  0  0  -
    //        0  0  0  0  0  0  3  0
    // South sows house 7 (3 seeds): the store, then North's house 1 is out
    // of play and passed over: houses 2 and 3. The last seed falls in an
    // empty house of North's row and the move ends.
    //        5  0  0  0  1  1  -
    //     0                        1
    //        0  0  0  0  0  0  0
    let v = variant("congkak");
    let (p, r) = play(&v, "0,0,0,0,0,0,3:0/-,0,0,0,0,0,5:0/S", &["7"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0:1/-,1,1,0,0,0,5:0/N");
    assert_eq!(r.sown, 3);
    assert_eq!(p.pit(Side::North, 0), 0);
}

#[test]
fn rounds_a_pit_out_of_play_cannot_be_moved() {
    //        7  6  5  4  3  2  1
    //     0  7  7  7  7  7  7  7
    //        7  7  7  7  7  -  -  0
    // South's houses 6 and 7 are out of play: five moves.
    let v = variant("congkak");
    let p = pos("7,7,7,7,7,-,-:0/7,7,7,7,7,7,7:0/S");
    assert_eq!(legal(&v, &p), ["1", "2", "3", "4", "5"]);
    assert_eq!(p.check_move(&v, Move::pit(6)), Err(IllegalMove::OutOfPlay { pit: 6 }));
}

#[test]
fn rounds_the_pit_after_an_empty_one_passes_over_pits_out_of_play() {
    //        7  6  5  4  3  2  1
    //        3  3  3  3  5  0  -
    //        0  0  0  0  0  1  0
    // Pallanguzhi: South's pit 6 sows its seed into pit 7. North's pit 1 is
    // out of play: the next place is North's pit 2, empty, so no pile is
    // lifted, and the pit after it, North's 3, is taken (5 seeds).
    let v = variant("pallanguzhi");
    let (p, r) = play(&v, "0,0,0,0,0,1,0:0/-,0,5,3,3,3,3:0/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,1:5/-,0,0,3,3,3,3:0/N");
    assert_eq!(r.captured, 5);
}

#[test]
fn rounds_the_match_ends_when_a_player_cannot_fill_a_single_pit() {
    // Congkak: North has 5 seeds, fewer than the 7 a house takes.
    //        7  6  5  4  3  2  1
    //     5  0  0  0  0  0  0  0
    //        0  0  0  0  0  0  0 93
    let v = variant("congkak");
    let end = pos("0,0,0,0,0,0,0:93/0,0,0,0,0,0,0:5/N#no-seeds");
    assert_eq!(end.next_round(&v, Side::South), None);
    let m = Match::from_position(v, end);
    assert!(m.round_over() && m.is_over());
    assert_eq!(m.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn rounds_a_match_plays_its_rounds_in_sequence_and_undo_goes_back_across_them() {
    // Congkak, from the end of a round (South 60, North 38): the match
    // starts round 2 from the stores, South's move there, then undo takes
    // the move back and then the round itself, back to the end of round 1.
    let v = variant("congkak");
    let end = pos("0,0,0,0,0,0,0:60/0,0,0,0,0,0,0:38/N#no-seeds");
    let mut m = Match::from_position(v, end);
    assert!(m.round_over() && !m.is_over() && m.outcome().is_none());
    assert!(m.start_next_round());
    assert_eq!(m.round_number(), 2);
    assert_eq!(m.position().to_string(), "7,7,7,7,7,7,7:11/7,7,7,7,7,-,-:3/S");
    // North's houses out of play never receive a seed.
    m.play(Move::pit(3)).unwrap();
    assert_eq!(m.position().pit(Side::North, 6), 0);
    assert_eq!(m.undo(), Some(Move::pit(3)));
    assert_eq!(m.undo(), None);
    assert_eq!(m.round_number(), 1);
    assert_eq!(*m.position(), end);
    // Moves given round by round replay the match.
    m.play_rounds(&[vec![], vec![Move::pit(3)]]).unwrap();
    assert_eq!(m.round_number(), 2);
    assert_eq!(m.game().moves(), [Move::pit(3)]);
}

#[test]
fn rounds_a_match_is_drawn_when_a_round_would_start_as_an_earlier_one_did() {
    // Congkak on one house a side with one seed: every round is level and
    // both players can always refill, so nothing else would end the match.
    // Round 1, South starts:
    //        1
    //     0     0
    //        1
    // South's house 1 sows its seed into South's store; South has no seed
    // left and the round ends, North's seed to North: 1 to 1.
    //        0
    //     1     1
    //        0
    // Each fills their house again; after a level round the player who did
    // not start it starts the next: round 2 is round 1 with North first,
    // and ends 1 to 1 the same way. Round 3 would start as round 1 did.
    let v = variant("congkak").resized(Some(1), Some(1)).unwrap();
    let mut m = Match::new(v.clone());
    assert_eq!(m.position().to_string(), "1:0/1:0/S");
    m.play(Move::pit(1)).unwrap();
    assert_eq!(m.position().to_string(), "0:1/0:1/S#no-seeds");
    assert!(m.round_over() && !m.is_over() && m.end().is_none());
    assert!(m.start_next_round());
    assert_eq!(m.position().to_string(), "1:0/1:0/N");
    m.play(Move::pit(1)).unwrap();
    assert_eq!(m.position().to_string(), "0:1/0:1/N#no-seeds");
    // The rounds' own policy would start round 3 from round 1's start ...
    let next = m.position().next_round(&v, Side::North).unwrap();
    assert_eq!(next, *m.rounds()[0].start());
    // ... so the match ends there, drawn, and says why.
    assert_eq!(m.next_round_start(), None);
    assert!(!m.start_next_round());
    assert!(m.is_over());
    assert_eq!(m.round_number(), 2);
    assert_eq!(m.end(), Some(MatchEnd::RepeatedRound { round: 1 }));
    assert_eq!(m.end().unwrap().name(), "repeated-round");
    assert_eq!(m.outcome(), Some(Outcome::Draw));
    // A record of those two rounds replays to the same end; a third round
    // is refused.
    let mut again = Match::new(v.clone());
    again.play_rounds(&[vec![Move::pit(1)], vec![Move::pit(1)]]).unwrap();
    assert_eq!(again.end(), Some(MatchEnd::RepeatedRound { round: 1 }));
    let mut third = Match::new(v);
    let err = third.play_rounds(&[vec![Move::pit(1)], vec![Move::pit(1)], vec![]]);
    assert_eq!(err, Err(RoundsError::NoNextRound { round: 2 }));
}

#[test]
fn rounds_a_start_seen_again_after_seeds_changed_hands_is_not_a_repeat() {
    // Congkak on two houses a side with one seed. Round 1 starts full,
    // South first:              Round 2 (South had won 3 to 1; North
    //      1  1                 could fill one house, the other out):
    //   0        0                    -  1
    //      1  1                    0        1
    //                                 1  1
    // Round 3 ended level, 2 to 2, North having started it:
    //      0  0
    //   2        2
    //      0  0
    // Round 4 would start full again with South first, as round 1 did; but
    // seeds changed hands in between (round 2 started 3 to 1), so the
    // match goes on. Without round 2 it is a repeat and the match is drawn.
    let v = variant("congkak").resized(Some(2), Some(1)).unwrap();
    let start = pos("1,1:0/1,1:0/S");
    let round = |text: &str| Game::from_position(v.clone(), pos(text));
    let last = "0,0:2/0,0:2/N#no-seeds";
    let m = Match::from_rounds(vec![round("1,1:0/1,1:0/S"), round("1,1:1/1,-:0/N"), round(last)])
        .unwrap();
    assert!(m.round_over());
    assert_eq!(m.next_round_start(), Some(start));
    assert_eq!(m.end(), None);
    let m = Match::from_rounds(vec![round("1,1:0/1,1:0/S"), round(last)]).unwrap();
    assert_eq!(m.next_round_start(), None);
    assert_eq!(m.end(), Some(MatchEnd::RepeatedRound { round: 1 }));
}

#[test]
fn rounds_a_match_ends_with_the_reason_a_player_cannot_fill() {
    // The match of `rounds_the_match_ends_when_a_player_cannot_fill_a_single_pit`:
    // North's 5 seeds cannot fill a house of 7.
    let v = variant("congkak");
    let end = pos("0,0,0,0,0,0,0:93/0,0,0,0,0,0,0:5/N#no-seeds");
    let m = Match::from_position(v, end);
    assert_eq!(m.end(), Some(MatchEnd::CannotFill { loser: Side::North }));
    assert_eq!(m.end().unwrap().name(), "cannot-fill");
    // A variant of one round: its game's end is the match's.
    let mut kalah = Match::new(variant("kalah"));
    assert_eq!(kalah.end(), None);
    kalah.game_mut().play_moves("1,2").unwrap();
    assert_eq!(kalah.end(), None);
    let over = pos("0,0,0,0,0,0:30/0,0,0,0,0,0:18/S#no-seeds");
    let one = Match::from_position(variant("kalah"), over);
    assert_eq!(one.end(), Some(MatchEnd::Round));
    assert_eq!(one.outcome(), Some(Outcome::Win(Side::South)));
}

#[test]
fn rounds_are_refused_with_what_they_cannot_go_with() {
    let mut rules = Variant::preset("congkak").unwrap().rules().clone();
    rules.turn.pie_rule = true;
    rules.end.majority = true;
    rules.board.pits_per_side_range = [1, 16];
    let e = Variant::new(rules).unwrap_err().to_string();
    for field in ["turn.pie_rule", "end.majority", "board.pits_per_side_range"] {
        assert!(e.contains(field), "{e}");
    }
    // A position marks pits out of play only under rules with rounds.
    let kalah = variant("kalah");
    let setup: Setup = "4,4,4,4,4,-:4/4,4,4,4,4,4:0/S".parse().unwrap();
    let e = setup.check_fits(&kalah).unwrap_err().to_string();
    assert!(e.contains("no rounds"), "{e}");
}

// ---------------------------------------------------------------- eson xorgol

/// Eson Xorgol at another `quiet_moves` limit.
fn eson_with_quiet_moves(limit: u16) -> Variant {
    let mut r = variant("eson-xorgol").rules().clone();
    r.end.quiet_moves = limit;
    Variant::new(r).unwrap()
}

#[test]
fn eson_xorgol_a_move_may_start_from_the_opponents_row() {
    // Nobody owns a pit (`pits = "any"`): North's pits are 1 to 5, then
    // South's row from South's pit 1 (North's 6) to 5 (North's 10).
    //        5  4  3  2  1
    //     0  0  0  0  3  0
    //        0  0  2  0  1  0
    //        1  2  3  4  5
    //  North's 8 is South's pit 3: its 2 seeds fall into South's pits 4 and
    //  5. Pit 5 held a seed, the next pit (North's 1) is empty: the pit
    //  after it, North's 2, is taken by North (3 seeds).
    let v = variant("eson-xorgol");
    let start = "0,0,2,0,1:0/0,3,0,0,0:0/N";
    assert_eq!(legal(&v, &pos(start)), ["2", "8", "10"]);
    let (p, r) = play(&v, start, &["8"]);
    assert_eq!(p.to_string(), "0,0,0,1,2:0/0,0,0,0,0:3/S");
    assert_eq!(r.captured, 3);
    // South moves on, from either row: here only South's own seeds are left.
    assert_eq!(legal(&v, &p), ["4", "5"]);
}

#[test]
fn eson_xorgol_no_capture_when_the_last_seeds_pit_was_empty() {
    // `after_empty_from = "occupied"`. The board above with South's pit 5
    // empty: the last seed falls into an empty pit, and although the next
    // pit is empty and the one after it holds 3, nothing is taken (under
    // Pallanguzhi's rule, `"any"`, it would be).
    //        5  4  3  2  1
    //     0  0  0  0  3  0
    //        0  0  2  0  0  0
    //        1  2  3  4  5
    let v = variant("eson-xorgol");
    let (p, r) = play(&v, "0,0,2,0,0:0/0,3,0,0,0:0/N", &["8"]);
    assert_eq!(p.to_string(), "0,0,0,1,1:0/0,3,0,0,0:0/S");
    assert_eq!(r.captured, 0);
    let mut any = v.rules().clone();
    any.capture.after_empty_from = AfterEmptyFrom::Any;
    let (p, r) = play(&Variant::new(any).unwrap(), "0,0,2,0,0:0/0,3,0,0,0:0/N", &["8"]);
    assert_eq!(p.to_string(), "0,0,0,1,1:0/0,0,0,0,0:3/S");
    assert_eq!(r.captured, 3);
}

#[test]
fn eson_xorgol_worked_examples_derived_from_the_rules() {
    // Research section 2.5, derived from the rules (no source gives a
    // position and its result): in sowing order p1..p10 from the mover's
    // left, p1 = 3, p4 = 2, p6 = 4 (North's pit 1), the rest empty.
    //        5  4  3  2  1
    //     0  0  0  0  0  4
    //        3  0  0  2  0  0
    //        1  2  3  4  5
    // Sowing p1 gives p2 = 1, p3 = 1, p4 = 3: p4 held seeds, p5 is empty,
    // so p6's 4 seeds are taken.
    let v = variant("eson-xorgol");
    let start = "3,0,0,2,0:0/4,0,0,0,0:0/S";
    let (p, r) = play(&v, start, &["1"]);
    assert_eq!(p.to_string(), "0,1,1,3,0:4/0,0,0,0,0:0/N");
    assert_eq!(r.captured, 4);
    // Sowing p4 (2 seeds) gives p5 = 1, p6 = 5: p6 held seeds and p7 is
    // empty, but so is p8: nothing is taken.
    let (p, r) = play(&v, start, &["4"]);
    assert_eq!(p.to_string(), "3,0,0,0,1:0/5,0,0,0,0:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn eson_xorgol_pits_past_both_rows_are_refused_naming_the_range() {
    let v = variant("eson-xorgol");
    let p = Position::start(&v);
    let e = p.parse_move(&v, "11").unwrap_err().to_string();
    assert_eq!(e, "pit 11 does not exist: pits are numbered 1 to 10");
    assert!(p.parse_move(&v, "10").is_ok());
    // A variant whose moves start from the mover's own row names its own.
    let kalah = variant("kalah");
    let e = Position::start(&kalah).parse_move(&kalah, "7").unwrap_err().to_string();
    assert_eq!(e, "pit 7 does not exist: pits are numbered 1 to 6");
}

#[test]
fn eson_xorgol_moves_without_a_capture_end_the_game() {
    // `quiet_moves = 4`: two lone seeds walk on, each into an empty pit,
    // and never capture. The fourth such move ends the game, and the two
    // seeds left are split between the stores (`repetition = "split"`).
    //        5  4  3  2  1
    //    20  0  0  1  0  0
    //        1  0  0  0  0 10
    //        1  2  3  4  5
    let v = eson_with_quiet_moves(4);
    let start = pos("1,0,0,0,0:10/0,0,1,0,0:20/S");
    let mut game = Game::from_position(v, start);
    for (mv, quiet) in [("1", 1), ("3", 2), ("2", 3)] {
        let mv = game.position().parse_move(game.variant(), mv).unwrap();
        game.play(mv).unwrap();
        assert_eq!(game.quiet_moves(), quiet);
        assert!(!game.position().is_over());
    }
    game.play(Move::pit(4)).unwrap();
    assert_eq!(game.position().to_string(), "0,0,0,0,0:11/0,0,0,0,0:21/S#quiet-moves");
    assert_eq!(game.position().end_reason(), Some(EndReason::QuietMoves));
    // A capture starts the count again.
    let mut game = Game::from_position(eson_with_quiet_moves(2), pos("3,0,0,2,0:0/4,0,0,0,0:0/S"));
    game.play(Move::pit(1)).unwrap();
    assert_eq!(game.quiet_moves(), 0);
}

#[test]
fn eson_xorgol_the_search_line_ends_as_the_game_does() {
    // `Position::end_by_history` is the one place the end after quiet
    // moves is decided: below the limit nothing happens, at it the game
    // ends, and a repetition comes first.
    let v = eson_with_quiet_moves(3);
    let p = pos("0,0,0,1,1:0/0,3,0,0,0:0/S");
    let mut q = p;
    q.end_by_history(&v, false, 2);
    assert!(!q.is_over());
    q.end_by_history(&v, false, 3);
    assert_eq!(q.to_string(), "1,0,0,0,0:2/0,0,0,0,0:2/S#quiet-moves");
    let mut q = p;
    q.end_by_history(&v, true, 3);
    assert_eq!(q.end_reason(), Some(EndReason::Cycle));
}

#[test]
fn rules_of_ones_own_row_are_refused_with_moves_from_either_row() {
    let mut r = variant("kalah").rules().clone();
    r.turn.pits = MovePits::Any;
    let e = Variant::new(r).unwrap_err().to_string();
    for field in [
        "board.pits_per_side_range",
        "board.stores",
        "capture.empty_pit",
        "end.empty_side",
        "end.seeds_left",
    ] {
        assert!(e.contains(&format!("{field} = ")), "{field} not named: {e}");
    }
    assert!(e.contains("turn.pits = \"any\""), "{e}");
    let mut r = variant("eson-xorgol").rules().clone();
    r.turn.must_feed = true;
    r.end.repetition = Repetition::Owner;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("turn.must_feed = true") && e.contains("end.repetition = \"owner\""), "{e}");
    // `after_empty_from` without the capture it speaks of, and
    // `quiet_moves` without a repetition rule.
    let mut r = variant("kalah").rules().clone();
    r.capture.after_empty_from = AfterEmptyFrom::Occupied;
    r.end.quiet_moves = 50;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("capture.after_empty_from = \"occupied\""), "{e}");
    assert!(e.contains("end.quiet_moves = 50"), "{e}");
}

// ---------------------------------------------------------------- kiuthi

/// Kiuthi's rules at `pits` pits a row (the preset allows 5 to 8).
fn kiuthi_at(pits: u8) -> Variant {
    let mut r = variant("kiuthi").rules().clone();
    r.board.pits_per_side_range = [1, 8];
    r.board.pits_per_side = pits;
    Variant::new(r).unwrap()
}

// ---------------------------------------------------------------- enkeshui (bulls)

/// Enkeshui's rules with some of its claim elements changed.
fn enkeshui_with(change: impl FnOnce(&mut Rules)) -> Variant {
    let mut r = variant("enkeshui").rules().clone();
    change(&mut r);
    Variant::new(r).unwrap()
}

// ---------------------------------------------- relays sown either way

/// Pallanguzhi's relay and capture (`relay = "next"`, `after_empty`) in one
/// round, at 5 pits a row, every pit sown either way.
fn next_relay_either_way(pits: u8, chain: bool) -> Variant {
    let mut r = variant("pallanguzhi").rules().clone();
    r.rounds = None;
    r.capture.during_sowing = 0;
    r.board.pits_per_side = pits;
    r.board.pits_per_side_range = [1, 8];
    r.sowing.direction = SowingDirection::Chosen;
    r.capture.after_empty_chain = chain;
    Variant::new(r).unwrap()
}

#[test]
fn a_refill_from_the_store_is_refused_with_claimed_pits() {
    // A claimed pit holds nothing; a refill would put a seed in it. Found
    // by the fuzz target random_games (a Toguz Kumalak-like claim and a
    // refilled row).
    let mut r = variant("toguz-kumalak").rules().clone();
    r.turn.refill_empty_row = true;
    r.turn.pass = false;
    r.end.empty_side = EmptySide::Mover;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("claim.count = 3: 0 (a claimed pit holds nothing"), "{e}");
}

#[test]
fn an_own_relay_sown_back_and_forth_for_ever_is_not_a_move() {
    //        6  5  4  3  2  1
    //     0  6  6  6  6  6  6
    //        0  0  1  1  2  0  0
    //        1  2  3  4  5  6
    // Kiuthi's reversing relay from one's own pits only, the first seed back
    // into its pit. Pit 4 counter-clockwise: pit 5 holds 3 and goes back
    // clockwise (one seed back, pits 4 and 3); pit 3 holds 2 and goes
    // counter-clockwise (one back, pit 4), pit 4 holds 2 and goes clockwise
    // (one back, pit 3), and so on for ever: not a move. Clockwise, pit 4's
    // seed makes pit 3 hold 2, whose pile ends in the emptied pit 4.
    let mut r = variant("kiuthi").rules().clone();
    r.sowing.relay = Relay::Own;
    r.sowing.first_seed_in_origin = true;
    r.sowing.min_seeds = 1;
    let v = Variant::new(r).unwrap();
    let p = pos("0,0,1,1,2,0:0/6,6,6,6,6,6:0/S");
    let moves = legal(&v, &p);
    assert!(!moves.contains(&"4ccw".to_string()), "{moves:?}");
    assert!(moves.contains(&"4cw".to_string()), "{moves:?}");
    let e = p.parse_move(&v, "4ccw").and_then(|mv| p.play(&v, mv).map_err(Into::into));
    assert!(e.unwrap_err().to_string().contains("would never end"));
}

#[test]
fn kiuthi_each_relayed_pile_goes_back_the_other_way() {
    //        6  5  4  3  2  1
    //     0  0  0  0  0  0  2
    //        0  3  0  0  1  0  0
    //        1  2  3  4  5  6
    // South sows pit 2 counter-clockwise: pits 3, 4, 5. Pit 5 held a seed:
    // its 2 are lifted and sown clockwise, pits 4 and 3. Pit 3 held the
    // seed of the first lap: its 2 go counter-clockwise again, pits 4 and
    // 5, which the relay emptied: the sowing ends there, in South's row.
    let v = variant("kiuthi");
    let start = "0,3,0,0,1,0:0/2,0,0,0,0,0:0/S";
    let (p, r) = play(&v, start, &["2ccw"]);
    assert_eq!(p.to_string(), "0,0,0,3,1,0:0/2,0,0,0,0,0:0/S");
    assert_eq!((r.sown, r.relays), (3, 2));
    // The same relay with every pile going the same way: pit 5's 2 go on
    // to pit 6 and North's pit 1, whose 3 go to North's pits 2 to 4. Then
    // only single seeds are left: neither player can move, and each takes
    // the seeds of their row.
    let mut same = v.rules().clone();
    same.sowing.relay_direction = RelayDirection::Same;
    same.sowing.extra_turn_uncrossed = false;
    let same = Variant::new(same).unwrap();
    let (p, _) = play(&same, start, &["2ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:3/0,0,0,0,0,0:3/N#no-move");
}

#[test]
fn kiuthi_no_capture_before_the_row_is_crossed_and_the_mover_moves_again() {
    //        6  5  4  3  2  1
    //     0  0  0  0  0  3  2
    //        2  0  2  0  0  0  0
    //        1  2  3  4  5  6
    // South's pit 3 sows pits 4 and 5. The last seed falls in an empty pit
    // of South's row, with 3 seeds opposite (North's pit 2); no seed went
    // into North's row: no capture, and South moves again.
    let v = variant("kiuthi");
    let start = "2,0,2,0,0,0:0/2,3,0,0,0,0:0/S";
    let (p, r) = play(&v, start, &["3ccw"]);
    assert_eq!(p.to_string(), "2,0,0,1,1,0:0/2,3,0,0,0,0:0/S");
    assert_eq!(r.captured, 0);
    assert!(r.extra_turn);
    // Without the crossing rule (and without the chain) the same move
    // takes the 3 opposite and the last seed, and the turn passes.
    let mut r2 = v.rules().clone();
    r2.capture.empty_pit_needs_crossing = false;
    r2.capture.empty_pit_chain = 0;
    let plain = Variant::new(r2).unwrap();
    let (p, r) = play(&plain, start, &["3ccw"]);
    assert_eq!(p.to_string(), "2,0,0,1,0,0:4/2,0,0,0,0,0:0/N");
    assert_eq!(r.captured, 4);
    assert!(!r.extra_turn);
}

#[test]
fn kiuthi_captures_after_crossing_and_the_next_empty_pit_takes_one_more() {
    //        6  5  4  3  2  1
    //     0  0  0  5  2  3  1
    //        1  0  0  0  2  0  0
    //        1  2  3  4  5  6
    // South's pit 5 sows counter-clockwise: pit 6 and North's pit 1, which
    // held a seed: its 2 go back clockwise, South's pits 6 and 5. Pit 5 was
    // emptied, and a seed went into North's row: South takes North's pit 2
    // (3) and the last seed. The next pit the last lap's way (clockwise),
    // South's pit 4, is empty: North's pit 3 opposite it (2) is taken too.
    // The chain is of one pit: North's pit 4 (5), opposite the empty pit 3,
    // stays.
    let v = variant("kiuthi");
    let start = "1,0,0,0,2,0:0/1,3,2,5,0,0:0/S";
    let (p, r) = play(&v, start, &["5ccw"]);
    assert_eq!(p.to_string(), "1,0,0,0,0,2:6/0,0,0,5,0,0:0/N");
    assert_eq!((r.captured, r.relays), (6, 1));
    assert!(!r.extra_turn);
    // With a chain of two, North's pit 4 goes as well; North, left without
    // seeds, passes.
    let mut r2 = v.rules().clone();
    r2.capture.empty_pit_chain = 2;
    let longer = Variant::new(r2).unwrap();
    let (p, r) = play(&longer, start, &["5ccw"]);
    assert_eq!(p.to_string(), "1,0,0,0,0,2:11/0,0,0,0,0,0:0/S");
    assert_eq!(r.captured, 11);
    assert!(r.passed);
}

#[test]
fn kiuthi_a_crossed_move_ending_in_an_empty_pit_with_nothing_opposite_ends_the_turn() {
    //        6  5  4  3  2  1
    //     0  2  0  0  0  0  1
    //        0  0  0  0  2  0  0
    //        1  2  3  4  5  6
    // South's pit 5: pit 6, North's pit 1 (2, lifted), back clockwise into
    // South's pits 6 and 5. Pit 5 is empty, but nothing lies opposite: no
    // capture; the move crossed, so no extra turn either.
    let v = variant("kiuthi");
    let (p, r) = play(&v, "0,0,0,0,2,0:0/1,0,0,0,0,2:0/S", &["5ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,1,2:0/0,0,0,0,0,2:0/N");
    assert_eq!(r.captured, 0);
    assert!(!r.extra_turn);
}

#[test]
fn kiuthi_a_way_whose_sowing_never_ends_is_not_a_move() {
    //        2  1
    //     0  5  0
    //        5  0  0
    //        1  2
    // Two pits a row. South's pit 1 clockwise: North's pits 2, 1, South's
    // pits 2, 1 and North's pit 2 again, lifted (7) and sown back
    // counter-clockwise, and so on: after four piles every seed has moved
    // one place round the board, and after sixteen the board is as it was,
    // South's pit 1 about to be lifted clockwise. That way never ends; the
    // other way does, so the pit gives one move.
    let v = kiuthi_at(2);
    let p = pos("5,0:0/0,5:0/S");
    assert_eq!(legal(&v, &p), ["1ccw"]);
    assert_eq!(p.legal_count(&v), 1);
    assert_eq!(p.nth_legal_move(&v, 0).map(|m| m.to_string()), Some("1ccw".into()));
    let e = p.parse_move(&v, "1cw").and_then(|mv| p.play(&v, mv).map_err(Into::into));
    let e = e.unwrap_err().to_string();
    assert!(e.contains("would never end"), "{e}");
}

#[test]
fn kiuthi_stoneshark_giuthi_a_relay_back_and_forth_in_ones_own_row_moves_again() {
    // StoneShark MancalaGames, test/test_gm_giuthi.py (TestGiuthiTWin), a
    // 2x8x6 board, North to move (Russ 1984's rules).
    //        8  7  6  5  4  3  2  1
    //     0  6  6  6  6  6  6  6  6
    //        6  6  6  6  6  6  6  6  0
    //        1  2  3  4  5  6  7  8
    // North sows pit 2 counter-clockwise: North's pits 3 to 8; pit 8 (7)
    // back clockwise to North's pit 1; pit 1 (7) counter-clockwise to pit
    // 8, emptied: the last seed in an empty pit of North's own row, no seed
    // in South's: North moves again.
    let v = kiuthi_at(8);
    let start = "6,6,6,6,6,6,6,6:0/6,6,6,6,6,6,6,6:0/N";
    let (p, r) = play(&v, start, &["2ccw"]);
    assert_eq!(p.to_string(), "6,6,6,6,6,6,6,6:0/0,2,9,9,9,9,9,1:0/N");
    assert_eq!(r.relays, 2);
    assert!(r.extra_turn);
}

#[test]
fn kiuthi_stoneshark_giuthi_a_capture_after_crossing_takes_the_last_seed() {
    // StoneShark MancalaGames, test/test_gm_giuthi.py (TestGiuthiTWin): the
    // second move of the same game. North sows pit 4 (9) counter-clockwise:
    // North's pits 5 to 8 and South's 1 to 5; South's pit 5 (7) back
    // clockwise to South's pit 1 and North's pits 8, 7, 6; North's pit 6
    // (11) counter-clockwise: North's 7, 8, South's 1 to 8, North's pit 1,
    // empty. The move crossed: North takes South's pit 8 (7) and the last
    // seed. North's next pit, 2, holds 2: the chain stops.
    //        8  7  6  5  4  3  2  1
    //     0  1  9  9  9  9  9  2  0
    //        6  6  6  6  6  6  6  6  0
    //        1  2  3  4  5  6  7  8
    let v = kiuthi_at(8);
    let (p, r) = play(&v, "6,6,6,6,6,6,6,6:0/0,2,9,9,9,9,9,1:0/N", &["4ccw"]);
    assert_eq!(p.to_string(), "9,9,9,9,1,7,7,0:0/0,2,9,0,10,0,12,4:8/S");
    assert_eq!((r.captured, r.relays), (8, 2));
}

#[test]
fn kiuthi_elements_that_make_no_sense_are_refused_naming_the_field() {
    let mut r = variant("kalah").rules().clone();
    r.sowing.relay_direction = RelayDirection::Reverse;
    r.capture.empty_pit = EmptyPitCapture::Off;
    r.capture.counts = vec![4];
    r.capture.empty_pit_needs_crossing = true;
    r.capture.empty_pit_chain = 16;
    let e = Variant::new(r).unwrap_err().to_string();
    for words in [
        "sowing.relay = \"none\": \"own\", \"any\" or \"next\"",
        "board.stores = \"ring\": \"beside\"",
        "capture.empty_pit_needs_crossing = true: false unless capture.empty_pit",
        "capture.empty_pit_chain = 16: 0 unless capture.empty_pit",
        "capture.empty_pit_chain = 16: 0 (off) to 15",
    ] {
        assert!(e.contains(words), "{words} not in {e}");
    }
    let mut r = variant("hus").rules().clone();
    r.sowing.extra_turn_uncrossed = true;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("sowing.extra_turn_uncrossed = true: false when board.rows = 4"), "{e}");
    let mut r = variant("congkak").rules().clone();
    r.capture.empty_pit_chain = 1;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("rounds = a [rounds] section") && e.contains("empty_pit_chain"), "{e}");
}

#[test]
fn enkeshui_starts_with_the_two_rightmost_pits_of_each_row_empty() {
    //        8  7  6  5  4  3  2  1
    //     0  0  0  4  4  4  4  4  4
    //        4  4  4  4  4  4  0  0  0
    //        1  2  3  4  5  6  7  8
    // start_pits = [4, 4, 4, 4, 4, 4, 0, 0]: 48 seeds, and only pits 1..6
    // can move.
    let v = variant("enkeshui");
    let p = Position::start(&v);
    assert_eq!(p.to_string(), "4,4,4,4,4,4,0,0:0/4,4,4,4,4,4,0,0:0/S");
    assert_eq!((v.total_seeds(), p.total_seeds()), (48, 48));
    assert_eq!(legal(&v, &p), ["1", "2", "3", "4", "5", "6"]);
    // The start list fixes the size: another is refused, the field named.
    let e = v.resized(Some(10), None).unwrap_err().to_string();
    assert!(e.contains("board.start_pits = ") && e.contains("board.pits_per_side = 10"), "{e}");
    let e = v.resized(None, Some(5)).unwrap_err().to_string();
    assert!(e.contains("board.seeds_per_pit = 5"), "{e}");
}

#[test]
fn enkeshui_a_pit_made_four_becomes_a_bull_instead_of_a_relay() {
    // Derived from the rules (notes 3.5), not from a source:
    //        8  7  6  5  4  3  2  1
    //     0  0  0  4  4  4  4  4  4
    //        0  0  2  1  3  0  0  0  0
    //        1  2  3  4  5  6  7  8
    // South sows pit 3 (2 seeds): pit 4 becomes 2, pit 5 becomes 4. Pit 5
    // held 3, so it becomes South's bull in South's own row (written o),
    // its 4 seeds to South's store, and the move ends: no relay from it.
    // Pit 4 went from 1 to 2, so this is not a pair.
    let v = variant("enkeshui");
    let (p, r) = play(&v, "0,0,2,1,3,0,0,0:0/4,4,4,4,4,4,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,2,o,0,0,0:4/4,4,4,4,4,4,0,0:0/N");
    assert_eq!(p.claim_owner(Side::South, 4), Some(Side::South));
    assert!(r.claimed);
    assert_eq!((r.captured, r.relays), (4, 0));
    // Without before_relay, the pile of 4 is lifted and sown on instead.
    let v = enkeshui_with(|r| r.claim.before_relay = false);
    let (p, r) = play(&v, "0,0,2,1,3,0,0,0:0/4,4,4,4,4,4,0,0:0/S", &["3"]);
    assert!(r.relays > 0, "{p}");
    assert_ne!(p.claim_owner(Side::South, 4), Some(Side::South), "{p}");
}

#[test]
fn enkeshui_the_last_two_seeds_making_three_and_four_make_two_bulls() {
    // Derived from the rules (notes 3.5), not from a source:
    //        8  7  6  5  4  3  2  1
    //     0  0  0  4  4  4  4  4  4
    //        0  0  2  3  2  0  0  0  0
    //        1  2  3  4  5  6  7  8
    // South sows pit 3 (2 seeds): pit 4 becomes 4 and pit 5 becomes 3, the
    // last two seeds of the pile: both become South's bulls, 7 seeds to
    // South's store.
    let v = variant("enkeshui");
    let (p, r) = play(&v, "0,0,2,3,2,0,0,0:0/4,4,4,4,4,4,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,o,o,0,0,0:7/4,4,4,4,4,4,0,0:0/N");
    assert_eq!((r.captured, r.relays), (7, 0));
    // Without pair, pit 5 (3 seeds) is lifted instead: pits 6, 7, 8.
    let v = enkeshui_with(|r| r.claim.pair = false);
    let (p, r) = play(&v, "0,0,2,3,2,0,0,0:0/4,4,4,4,4,4,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,4,0,1,1,1:0/4,4,4,4,4,4,0,0:0/N");
    assert_eq!((r.captured, r.relays, r.claimed), (0, 1, false));
}

#[test]
fn enkeshui_a_bull_on_the_opponents_row_collects_every_seed_sown_into_it() {
    //        8  7  6  5  4  3  2  1
    //     0  0  0  0  0  0  0  4  3
    //        0  0  0  0  0  0  0  1  0
    //        1  2  3  4  5  6  7  8
    // South sows pit 8 (1 seed) into North's pit 1, which held 3: it
    // becomes South's bull in North's row (written x there).
    let v = variant("enkeshui");
    let (p, r) = play(&v, "0,0,0,0,0,0,0,1:0/3,4,0,0,0,0,0,0:0/S", &["8"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:4/x,4,0,0,0,0,0,0:0/N");
    assert_eq!(p.claim_owner(Side::North, 0), Some(Side::South));
    assert_eq!(r.captured, 4);
    //        8  7  6  5  4  3  2  1
    //     0  0  0  0  0  0  1  1  x     (North's pit 1 is South's bull)
    //        0  0  0  0  0  0  0  3  4
    // South sows pit 8 (3 seeds): the bull's seed goes to South's store,
    // North's pit 2 becomes 2 and pit 3 becomes 2, the last seed: that
    // pile is lifted (North's pits 4 and 5), and the move ends in an empty
    // pit of the opponent's row.
    let (p, r) = play(&v, "0,0,0,0,0,0,0,3:4/x,1,1,0,0,0,0,0:0/S", &["8"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:5/x,2,0,1,1,0,0,0:0/N");
    assert_eq!((r.captured, r.relays), (0, 1));
    // A last seed falling into the bull ends the move there: no relay, no
    // capture, no claim.
    let (p, r) = play(&v, "0,0,0,0,0,0,0,1:4/x,1,0,0,0,0,0,0:0/S", &["8"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:5/x,1,0,0,0,0,0,0:0/N");
    assert_eq!((r.captured, r.relays, r.claimed), (0, 0, false));
}

#[test]
fn enkeshui_no_capture_after_a_relay() {
    //        8  7  6  5  4  3  2  1
    //     0  0  0  0  5  0  0  0  0
    //        1  1  0  0  0  0  0  0  0
    //        1  2  3  4  5  6  7  8
    // South sows pit 1 into pit 2, which held 1: that pile of 2 is lifted
    // and sown into pits 3 and 4. The last seed falls in an empty pit of
    // South's row facing North's pit 5 (5 seeds), but a relay has lifted
    // a pile: no capture (first_pile_only).
    let v = variant("enkeshui");
    let (p, r) = play(&v, "1,1,0,0,0,0,0,0:0/0,0,0,0,5,0,0,0:0/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,1,1,0,0,0,0:0/0,0,0,0,5,0,0,0:0/N");
    assert_eq!((r.captured, r.relays), (0, 1));
    // A single pile captures: pit 3's seed falls in the empty pit 4, which
    // takes itself and North's pit 5.
    let (p, r) = play(&v, "0,0,1,0,0,0,0,0:0/1,0,0,0,5,0,0,0:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:6/1,0,0,0,0,0,0,0:0/N");
    assert_eq!((r.captured, r.relays), (6, 0));
}

#[test]
fn enkeshui_a_swap_hands_the_bulls_over_with_their_rows() {
    // With the pie rule: North swaps, the rows change sides, and each bull
    // goes with its row to the player who now owns that row's other side:
    // South's own bull (o in South's row) becomes North's own bull.
    let v = enkeshui_with(|r| r.turn.pie_rule = true);
    let (p, _) = play(&v, "4,o,4,4,4,4,0,0:4/x,4,4,4,4,4,0,0:4/N+swap", &["swap"]);
    assert_eq!(p.to_string(), "x,4,4,4,4,4,0,0:4/4,o,4,4,4,4,0,0:4/S");
    assert_eq!(p.claim_owner(Side::North, 1), Some(Side::North));
    assert_eq!(p.claim_owner(Side::South, 0), Some(Side::North));
}

#[test]
fn claims_beyond_one_and_first_pile_only_refuse_what_makes_no_sense() {
    let refused = |change: &dyn Fn(&mut Rules), field: &str| {
        let mut r = variant("enkeshui").rules().clone();
        change(&mut r);
        let e = Variant::new(r).unwrap_err().to_string();
        assert!(e.contains(field), "{field} not named: {e}");
    };
    refused(&|r| r.claim.count = 0, "claim = count = 0, rows = \"either\", max = 0");
    refused(&|r| r.claim.max = 1, "claim.pair = true");
    refused(&|r| r.claim.count = 1, "claim.pair = true");
    refused(&|r| r.claim.not_same_number = true, "claim.not_same_number = true");
    refused(
        &|r| {
            r.board.pits_per_side = 12;
            r.board.pits_per_side_range = [12, 12];
            r.board.start_pits = vec![4; 12];
        },
        "board.pits_per_side = 12",
    );
    refused(
        &|r| {
            r.sowing.relay = Relay::None;
        },
        "claim.before_relay = true",
    );
    refused(&|r| r.sowing.relay = Relay::None, "capture.first_pile_only = true");
    refused(&|r| r.board.start_pits = vec![4; 7], "board.start_pits = [4, 4, 4, 4, 4, 4, 4]");
    refused(&|r| r.board.start_pits = vec![0; 8], "board.start_pits = [0, 0, 0, 0, 0, 0, 0, 0]");
    refused(&|r| r.board.seeds_per_pit_range = [1, 5], "board.seeds_per_pit_range = [1, 5]");
}

// ------------------------------------------------ claims at the row ends

/// Claims of 4 on either row, any number, only near the row ends (own
/// pits within `own` of an end, the opponent's within `opp`), on 2 x 6
/// pits whose left half sows clockwise and right half counter-clockwise
/// (Qelat's rules, built on Um el-Bagara's).
fn row_end_claims(own: u8, opp: u8, change: impl FnOnce(&mut Rules)) -> Variant {
    let mut r = variant("um-el-bagara").rules().clone();
    r.board.pits_per_side = 6;
    r.board.pits_per_side_range = [1, 8];
    r.board.seeds_per_pit = 4;
    r.sowing.min_seeds = 1;
    r.sowing.by_pit = Some(ByPit {
        left: PitDirection::Cw,
        centre: PitDirection::Either,
        right: PitDirection::Ccw,
    });
    r.capture.counts = vec![];
    r.capture.chain = false;
    r.claim = ClaimRules {
        count: 4,
        rows: ClaimRows::Either,
        max: 0,
        own_row_ends: own,
        opponent_row_ends: opp,
        ..ClaimRules::default()
    };
    change(&mut r);
    Variant::new(r).unwrap()
}

#[test]
fn row_ends_the_opponents_pits_1_2_and_n_1_n_can_be_claimed_not_pits_3_and_4() {
    //        6  5  4  3  2  1
    //     8  3  3  3  3  3  3
    //        0  0  0  0  0  2  20
    //        1  2  3  4  5  6
    // opponent_row_ends = 2: North's pits 1, 2, 5 and 6 can be claimed.
    // South's pit 6 sows counter-clockwise: North's pits 1 and 2 get a
    // seed each; the last makes pit 2 hold 4: South's, its seeds to
    // South's store. North's pit 1 made 4 by a seed not the last stays.
    let v = row_end_claims(1, 2, |_| {});
    let (p, r) = play(&v, "0,0,0,0,0,2:20/3,3,3,3,3,3:8/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:24/4,x,3,3,3,3:8/N");
    assert!(r.claimed);
    // With 3 seeds the last makes North's pit 3 hold 4: too far from the
    // row's ends, nothing is claimed.
    let (p, r) = play(&v, "0,0,0,0,0,3:19/3,3,3,3,3,3:8/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:19/4,4,4,3,3,3:8/N");
    assert!(!r.claimed);
    // Without the limit, pit 3 is claimed.
    let v = row_end_claims(1, 0, |_| {});
    let (p, _) = play(&v, "0,0,0,0,0,3:19/3,3,3,3,3,3:8/S", &["6"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:23/4,4,x,3,3,3:8/N");
}

#[test]
fn row_ends_a_clockwise_pile_claims_the_opponents_pit_n_1() {
    //        6  5  4  3  2  1
    //     5  4  3  4  4  4  4
    //        2  0  0  0  0  0  18
    //        1  2  3  4  5  6
    // South's pit 1 is in the left half: it sows clockwise, into North's
    // pit 6 and then pit 5, which the last seed makes 4: pit n - 1 of the
    // opponent's row, South's.
    let v = row_end_claims(1, 2, |_| {});
    let (p, r) = play(&v, "2,0,0,0,0,0:18/4,4,4,4,3,4:5/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:22/4,4,4,4,x,5:5/N");
    assert!(r.claimed);
    // The same with the way chosen by the mover (`direction = "chosen"`).
    let v = row_end_claims(1, 2, |r| {
        r.sowing.direction = SowingDirection::Chosen;
        r.sowing.by_pit = None;
    });
    let (p, _) = play(&v, "2,0,0,0,0,0:18/4,4,4,4,3,4:5/S", &["1cw"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:22/4,4,4,4,x,5:5/N");
    let (p, _) = play(&v, "2,0,0,0,0,0:18/4,4,4,4,3,4:5/S", &["1ccw"]);
    assert_eq!(p.to_string(), "0,1,1,0,0,0:18/4,4,4,4,3,4:5/N");
}

#[test]
fn row_ends_the_movers_own_pits_1_and_n_can_be_claimed_not_pit_2() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        3  0  2  0  0  0  19
    //        1  2  3  4  5  6
    // own_row_ends = 1: South's pit 3 sows clockwise into pits 2 and 1;
    // the last makes South's own pit 1 hold 4: South's (written o).
    let v = row_end_claims(1, 2, |_| {});
    let (p, r) = play(&v, "3,0,2,0,0,0:19/4,4,4,4,4,4:0/S", &["3"]);
    assert_eq!(p.to_string(), "o,1,0,0,0,0:23/4,4,4,4,4,4:0/N");
    assert!(r.claimed);
    assert_eq!(p.claim_owner(Side::South, 0), Some(Side::South));
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        0  3  1  0  0  0  20
    //        1  2  3  4  5  6
    // The last seed making South's own pit 2 hold 4 claims nothing.
    let (p, r) = play(&v, "0,3,1,0,0,0:20/4,4,4,4,4,4:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,4,0,0,0,0:20/4,4,4,4,4,4:0/N");
    assert!(!r.claimed);
    // A position string with a claim the rules cannot make is refused.
    let e = "0,o,0,0,0,0:24/4,4,4,4,4,4:0/S".parse::<Setup>().unwrap().position(&v).unwrap_err();
    assert!(e.to_string().contains("only pits near the ends of that row"), "{e}");
}

#[test]
fn row_ends_a_pair_sown_clockwise_is_claimed_along_the_way_it_went() {
    //        6  5  4  3  2  1
    //     7  3  2  4  4  4  4
    //        2  0  0  0  0  0  20
    //        1  2  3  4  5  6
    // With pairs, anywhere on the opponent's row: South's pit 1 sows
    // clockwise, North's pit 6 becomes 4, then pit 5 becomes 3: the last
    // two seeds made 4 and 3, both pits South's. The seed before the last
    // is looked for along the way the pile went: counter-clockwise it
    // would be North's pit 4, holding 4, and pits 4 and 5 would be taken.
    let v = row_end_claims(1, 0, |r| r.claim.pair = true);
    let (p, r) = play(&v, "2,0,0,0,0,0:20/4,4,4,4,2,3:7/S", &["1"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:27/4,4,4,4,x,x:7/N");
    assert!(r.claimed);
}

#[test]
fn row_ends_on_a_single_claim_of_the_opponents_row() {
    //        9  8  7  6  5  4  3  2  1
    //    70  2  2  2  2  2  2  2  2  2
    //        0  0  0  0  0  0  0  0  3  71
    //        1  2  3  4  5  6  7  8  9
    // Toguz Kumalak's tuzdyk with opponent_row_ends = 2: South's pit 9
    // sows its first seed back into itself, then North's pits 1 and 2; the
    // last makes pit 2 hold 3 (odd: no capture): South's tuzdyk.
    let mut r = variant("toguz-kumalak").rules().clone();
    r.claim.opponent_row_ends = 2;
    let v = Variant::new(r).unwrap();
    let (p, r) = play(&v, "0,0,0,0,0,0,0,0,3:71/2,2,2,2,2,2,2,2,2:70/S", &["9"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0,1:74/3,x,2,2,2,2,2,2,2:70/N");
    assert!(r.claimed);
    // One seed more: the last makes North's pit 3 hold 3, too far from the
    // row's ends.
    let (p, r) = play(&v, "0,0,0,0,0,0,0,0,4:70/2,2,2,2,2,2,2,2,2:70/S", &["9"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0,1:70/3,3,3,2,2,2,2,2,2:70/N");
    assert!(!r.claimed);
}

#[test]
fn row_ends_that_make_no_sense_are_refused_naming_the_field() {
    let refused = |change: &dyn Fn(&mut Rules), words: &str| {
        let mut r = variant("enkeshui").rules().clone();
        change(&mut r);
        let e = Variant::new(r).unwrap_err().to_string();
        assert!(e.contains(words), "{words} not in {e}");
    };
    refused(
        &|r| {
            r.claim = ClaimRules { opponent_row_ends: 2, ..ClaimRules::default() };
        },
        "claim.opponent_row_ends = 2: 0 when claim.count = 0",
    );
    refused(
        &|r| {
            r.claim.rows = ClaimRows::Opponent;
            r.claim.own_row_ends = 1;
        },
        "claim.own_row_ends = 1: 0 when claim.rows = \"opponent\"",
    );
    refused(&|r| r.claim.own_row_ends = 5, "claim.own_row_ends = 5: 0 to 4 (half the 8 pits");
    refused(&|r| r.claim.opponent_row_ends = 9, "claim.opponent_row_ends = 9: 0 to 4");
    // Half a row is the most: at 8 pits, 4 names every pit.
    let mut r = variant("enkeshui").rules().clone();
    r.claim.own_row_ends = 4;
    r.claim.opponent_row_ends = 4;
    assert!(Variant::new(r).is_ok());
    // A size too small for the ends is refused on resizing.
    let v = row_end_claims(1, 2, |_| {});
    let e = v.resized(Some(3), None).unwrap_err().to_string();
    assert!(e.contains("claim.opponent_row_ends = 2: 0 to 1"), "{e}");
    assert!(v.resized(Some(4), None).is_ok());
}

// ---------------------------------------------------------------- qelat (walda)

#[test]
fn qelat_stoneshark_test_gm_qelat_moves_1_to_20() {
    // StoneShark MancalaGames, test/test_gm_qelat.py, moves 1-20, our South
    // = its North (the board is symmetric). Each move's position is the
    // one the test asserts. Start:
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        4  4  4  4  4  4  0
    //        1  2  3  4  5  6
    // Pits 1-3 of a row sow clockwise, 4-6 counter-clockwise. Move 7:
    // South's last seed makes North's pit 6 (an end) hold 4: South's walda
    // (x, its seeds in South's store). Move 8: North's last seed falls in
    // it and goes to South. Move 12: North's makes South's pit 6 hold 4.
    // Move 17: a seed into North's walda (North +1), and the last makes
    // North's pit 5 (n - 1) hold 4: South's.
    let v = variant("qelat");
    let game = [
        ("5", "4,4,4,4,0,5:0/5,5,5,4,4,4:0/N"),
        ("6", "5,5,5,5,0,5:0/5,5,5,4,4,0:0/S"),
        ("1", "0,5,5,5,0,5:0/5,6,6,5,5,1:0/N"),
        ("3", "0,5,6,6,1,6:0/6,7,0,5,5,1:0/S"),
        ("2", "1,0,6,6,1,6:0/6,7,1,6,6,2:0/N"),
        ("4", "2,1,7,7,1,6:0/6,7,1,0,7,3:0/S"),
        ("6", "2,1,7,7,1,0:4/7,8,2,1,8,x:0/N"),
        ("2", "3,2,8,8,2,1:5/8,0,2,1,8,x:0/S"),
        ("2", "4,0,8,8,2,1:6/8,0,2,1,8,x:0/N"),
        ("5", "5,1,9,9,3,2:7/9,0,2,1,0,x:0/S"),
        ("4", "6,1,9,0,4,3:8/10,1,3,2,1,x:0/N"),
        ("3", "6,1,9,0,4,x:8/11,2,0,2,1,x:4/S"),
        ("2", "7,0,9,0,4,x:8/11,2,0,2,1,x:4/N"),
        ("1", "8,1,10,1,5,x:9/0,3,1,3,2,x:5/S"),
        ("1", "0,1,10,1,6,x:10/1,4,2,4,3,x:6/N"),
        ("3", "0,1,10,1,6,x:10/2,5,0,4,3,x:6/S"),
        ("5", "0,1,10,1,0,x:14/3,6,1,5,x,x:7/N"),
        ("2", "0,2,11,2,1,x:14/4,0,1,5,x,x:8/S"),
        ("4", "0,2,11,0,2,x:14/4,0,1,5,x,x:9/N"),
        ("1", "0,2,12,1,3,x:14/0,0,1,5,x,x:10/S"),
    ];
    let mut p = Position::start(&v);
    for (i, (mv, after)) in game.iter().enumerate() {
        let m = p.parse_move(&v, mv).unwrap_or_else(|e| panic!("move {}: {mv}: {e}", i + 1));
        let (q, r) = p.play(&v, m).unwrap();
        assert_eq!(q.to_string(), *after, "move {}: {mv} from {p}", i + 1);
        assert_eq!(r.claimed, [7, 12, 17].contains(&(i + 1)), "move {}", i + 1);
        p = q;
    }
    assert_eq!(p.claim_owner(Side::North, 5), Some(Side::South));
    assert_eq!(p.claim_owner(Side::North, 4), Some(Side::South));
    assert_eq!(p.claim_owner(Side::South, 5), Some(Side::North));
    assert_eq!(p.total_seeds(), 48);
}

#[test]
fn qelat_the_last_seed_making_4_in_the_movers_own_pit_2_claims_nothing() {
    // Derived from the rules, not from a source:
    //        6  5  4  3  2  1
    //     4  4  4  4  4  4  4
    //        0  3  1  0  0  0  12
    //        1  2  3  4  5  6
    // South's pit 3 (left half) sows clockwise: its one seed makes South's
    // own pit 2 hold 4. Only pits 1 and n of one's own row become walda.
    let v = variant("qelat");
    let (p, r) = play(&v, "0,3,1,0,0,0:12/4,4,4,4,4,4:8/S", &["3"]);
    assert_eq!(p.to_string(), "0,4,0,0,0,0:12/4,4,4,4,4,4:8/N");
    assert!(!r.claimed);
    // One seed more in pit 3: the last makes pit 1 hold 4, a walda (o).
    let (p, r) = play(&v, "3,2,2,0,0,0:11/4,4,4,4,4,4:8/S", &["3"]);
    assert_eq!(p.to_string(), "o,3,0,0,0,0:15/4,4,4,4,4,4:8/N");
    assert!(r.claimed);
}

#[test]
fn qelat_a_pit_made_4_by_a_seed_not_the_last_claims_nothing() {
    // Derived from StoneShark's move 11 (our South's pit 4, 9 seeds), not
    // a source's statement: pit 5 goes from 3 to 4 by the first seed, and
    // only the last seed's pit is looked at (North's pit 3, 3 from 2, not
    // an end either).
    //        6  5  4  3  2  1
    //     0  x  0  1  2  0  9
    //        5  1  9  9  3  2  7
    //        1  2  3  4  5  6
    let v = variant("qelat");
    let (p, r) = play(&v, "5,1,9,9,3,2:7/9,0,2,1,0,x:0/S", &["4"]);
    assert_eq!(p.to_string(), "6,1,9,0,4,3:8/10,1,3,2,1,x:0/N");
    assert!(!r.claimed);
    assert_eq!(p.claim_owner(Side::South, 4), None);
}

#[test]
fn qelat_a_player_who_cannot_move_passes_and_the_game_ends_when_neither_can() {
    //        6  5  4  3  2  1
    //    24  x  0  1  0  0  0
    //        0  0  0  0  0  0  23
    //        1  2  3  4  5  6
    // North's pit 4 (right half) sows counter-clockwise into pit 5. South
    // has no seed: South passes and North moves again; North's pit 5 sows
    // into South's walda (North's pit 6): the seed is South's, the board is
    // empty, neither can move, and the walda's 24 against 24 are a draw.
    let v = variant("qelat");
    let (p, r) = play(&v, "0,0,0,0,0,0:23/0,0,0,1,0,x:24/N", &["4"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0:23/0,0,0,0,1,x:24/N");
    assert!(r.passed);
    assert_eq!(legal(&v, &p), ["5"]);
    let (p, _) = play(&v, "0,0,0,0,0,0:23/0,0,0,0,1,x:24/N", &["5"]);
    assert!(p.is_over());
    assert_eq!((p.store(Side::South), p.store(Side::North)), (24, 24));
}

#[test]
fn a_claimed_pit_is_no_move_and_the_error_names_its_owner() {
    //        6  5  4  3  2  1
    //     0  x  4  4  4  4  4
    //        4  4  4  4  4  4  0
    //        1  2  3  4  5  6
    // North's pit 6 is South's walda: it holds nothing, and North asking
    // to sow it is told whose it is, not that it is empty.
    let v = variant("qelat");
    let p = "4,4,4,4,4,4:0/4,4,4,4,4,x:0/N".parse::<Setup>().unwrap().position_unchecked_in(&v);
    let e = p.check_move(&v, Move::pit(6)).unwrap_err();
    assert_eq!(e, IllegalMove::Claimed { pit: 6, owner: Side::South });
    assert!(e.to_string().contains("pit 6 is claimed by south"), "{e}");
    assert!(!legal(&v, &p).contains(&"6".to_string()));
}

#[test]
fn qelat_the_sizes_the_file_allows_and_refuses() {
    // 4 to 8 pits a row: the walda counted from the row ends hold at
    // every size; a row of 3 is refused naming the range.
    let v = variant("qelat");
    assert_eq!((v.pits_per_side(), v.total_seeds()), (6, 48));
    for pits in 4..=8 {
        assert!(v.resized(Some(pits), None).is_ok(), "{pits}");
    }
    let e = v.resized(Some(3), None).unwrap_err().to_string();
    assert!(e.contains("board.pits_per_side = 3"), "{e}");
    // On 7 pits the middle pit sows either way.
    let v7 = v.resized(Some(7), None).unwrap();
    let p = Position::start(&v7);
    assert_eq!(legal(&v7, &p), ["1", "2", "3", "4ccw", "4cw", "5", "6", "7"]);
}

#[test]
fn relay_next_follows_a_clockwise_sowing() {
    //        5  4  3  2  1
    //     0  0  0  0  2  0
    //        0  0  4  0  1  0
    //        1  2  3  4  5
    // South sows pit 5 clockwise: its seed falls in pit 4. The next place
    // that way is pit 3 (4 seeds): lifted and sown into pits 2, 1, then
    // North's 5 and 4. The next place, North's 3, is empty: the sowing
    // ends, and North's 2 after it is taken (2 seeds).
    let v = next_relay_either_way(5, false);
    let start = "0,0,4,0,1:0/0,2,0,0,0:0/S";
    let (p, r) = play(&v, start, &["5cw"]);
    assert_eq!(p.to_string(), "1,1,0,1,0:2/0,0,0,1,1:0/N");
    assert_eq!((r.relays, r.captured), (1, 2));
    // Counter-clockwise the seed falls in North's 1, North's 2 is lifted
    // into North's 3 and 4, and North's 5 and South's 1 are both empty.
    let (p, r) = play(&v, start, &["5ccw"]);
    assert_eq!(p.to_string(), "0,0,4,0,0:0/1,0,1,1,0:0/N");
    assert_eq!((r.relays, r.captured), (1, 0));
}

#[test]
fn relay_next_a_way_whose_sowing_never_ends_is_not_a_move() {
    //        2  1
    //     0  0  1
    //        2  2  0
    //        1  2
    // Clockwise, South's pit 1 sows North's 2 and 1; the next place, South's
    // 2, is lifted into South's 1 and North's 2; North's 1 is lifted into
    // South's 2 and 1; North's 2 into North's 1 and South's 2; then South's
    // 1 is to be lifted from this very board again: never ending, so 1cw is
    // not a move. Counter-clockwise it ends at once (North's 2 is empty).
    let v = next_relay_either_way(2, false);
    let p = pos("2,2:0/1,0:0/S");
    assert_eq!(legal(&v, &p), ["1ccw", "2ccw", "2cw"]);
    assert_eq!(p.legal_count(&v), 3);
    let e = p.play(&v, Move::Directed(0, Direction::Clockwise)).unwrap_err();
    assert_eq!(e, IllegalMove::EndlessSowing { pit: 1 });
    let (q, _) = play(&v, "2,2:0/1,0:0/S", &["1ccw"]);
    assert_eq!(q.to_string(), "0,3:0/2,0:0/N");
}

#[test]
fn after_empty_chain_takes_every_other_pit_while_they_alternate() {
    //        5  4  3  2  1
    //     0  0  1  3  0  2
    //        1  0  0  5  0  0
    //        1  2  3  4  5
    // South sows pit 1 into pit 2; the next place, pit 3, is empty, so the
    // sowing ends and pit 4 after it is taken (5). With the chain, pit 5
    // is empty and North's 1 holds 2: taken; North's 2 is empty and North's
    // 3 holds 3: taken; North's 4 is not empty: the chain stops.
    let start = "1,0,0,5,0:0/2,0,3,1,0:0/S";
    let (p, r) = play(&next_relay_either_way(5, true), start, &["1ccw"]);
    assert_eq!(p.to_string(), "0,1,0,0,0:10/0,0,0,1,0:0/N");
    assert_eq!(r.captured, 10);
    // Without it, pit 4 alone.
    let (p, r) = play(&next_relay_either_way(5, false), start, &["1ccw"]);
    assert_eq!(p.to_string(), "0,1,0,0,0:5/2,0,3,1,0:0/N");
    assert_eq!(r.captured, 5);
    // Clockwise, on the board mirrored, the chain goes the other way:
    // South's 5 sows into pit 4, pit 3 is empty, pit 2 is taken (5), then
    // North's 5 (2) after the empty pit 1, then North's 3 (3) after the
    // empty North's 4; North's 2 holds a seed: the chain stops.
    //        5  4  3  2  1
    //     0  2  0  3  1  0
    //        0  5  0  0  1  0
    //        1  2  3  4  5
    let (p, r) = play(&next_relay_either_way(5, true), "0,5,0,0,1:0/0,1,3,0,2:0/S", &["5cw"]);
    assert_eq!(p.to_string(), "0,0,0,1,0:10/0,1,0,0,0:0/N");
    assert_eq!(r.captured, 10);
}

#[test]
fn after_empty_chain_is_refused_without_after_empty() {
    let mut r = variant("pallanguzhi").rules().clone();
    r.capture.after_empty = false;
    r.capture.during_sowing = 4;
    r.capture.after_empty_chain = true;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("capture.after_empty_chain = true"), "{e}");
    assert!(e.contains("unless capture.after_empty is true"), "{e}");
}

// ------------------------------------------------ rows refilled from the store

/// The rules of [`next_relay_either_way`] with the chain, without the
/// pass, and with rows refilled from the store (`refill_empty_row`).
fn refilling(pits: u8) -> Variant {
    let mut r = next_relay_either_way(pits, true).rules().clone();
    r.turn.pass = false;
    r.turn.refill_empty_row = true;
    Variant::new(r).unwrap()
}

#[test]
fn refill_empty_row_puts_a_seed_from_the_store_in_each_pit() {
    //        5  4  3  2  1
    //     7  0  0  0  0  0
    //        0  0  0  1  0  4
    //        1  2  3  4  5
    // South sows pit 4 into pit 5, then lifts nothing (North's 1 is empty)
    // and takes nothing (North's 2 is empty too). North's row is empty and
    // their store holds 7: one seed into each of their five pits, 2 left.
    let v = refilling(5);
    let (p, r) = play(&v, "0,0,0,1,0:4/0,0,0,0,0:7/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,1:4/1,1,1,1,1:2/N");
    assert_eq!(r.captured, 0);
    assert!(!p.is_over());
    assert_eq!(legal(&v, &p).len(), 10);
}

#[test]
fn refill_empty_row_with_too_few_seeds_in_store_ends_the_game() {
    // As above with 4 seeds in North's store, fewer than their 5 pits: the
    // game ends, North having no seeds (`no-seeds`), South's seed to South.
    let v = refilling(5);
    let (p, _) = play(&v, "0,0,0,1,0:4/0,0,0,0,0:4/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,0:5/0,0,0,0,0:4/N#no-seeds");
    assert_eq!(p.end_reason(), Some(EndReason::NoSeeds));
}

#[test]
fn refill_empty_row_a_position_can_repeat_after_the_stores_changed() {
    // Stores that shrink can come back to what they held, and a position
    // with them: the game compares every position, not only those since
    // the stores last changed. In random games on small boards, a move
    // ends the game by a cycle exactly when the position it makes was
    // met before, and some of those repeat a position met before the
    // stores last changed.
    let mut across = 0;
    let mut cycles = 0;
    let mut rng = 7u64;
    for (pits, seeds) in [(2, 1), (2, 2), (3, 1), (3, 2)] {
        let mut r = refilling(pits).rules().clone();
        r.board.seeds_per_pit = seeds;
        r.board.seeds_per_pit_range = [1, 10];
        let v = Variant::new(r).unwrap();
        for _ in 0..300 {
            let mut game = Game::new(v.clone());
            // The playouts' window, keeping the whole game too.
            let mut window = RepetitionWindow::new();
            window.keep_whole_game(true);
            window.record(game.position());
            while !game.position().is_over() && game.moves().len() < 400 {
                let moves = game.legal_moves();
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let mv = moves[(rng >> 33) as usize % moves.len()];
                let (raw, _) = game.position().play(&v, mv).unwrap();
                let seen = game.positions().contains(&raw);
                let stores = |p: &Position| (p.store(Side::South), p.store(Side::North));
                let since = game.positions().iter().rev().take_while(|p| stores(p) == stores(&raw));
                let seen_lately = since.clone().any(|p| *p == raw);
                if !raw.is_over() {
                    assert_eq!(window.record(&raw), seen);
                }
                game.play(mv).unwrap();
                let cycle = game.position().end_reason() == Some(EndReason::Cycle);
                assert_eq!(cycle, seen && !raw.is_over(), "{}", game.position());
                cycles += cycle as u32;
                across += (cycle && !seen_lately) as u32;
            }
            // Undone to the start and played again: the same game.
            let moves = game.moves().to_vec();
            let end = *game.position();
            while game.undo().is_some() {}
            for mv in moves {
                game.play(mv).unwrap();
            }
            assert_eq!(*game.position(), end);
        }
    }
    assert!(cycles > 0 && across > 0, "cycles {cycles}, across a change of the stores {across}");
}

#[test]
fn refill_empty_row_is_refused_with_the_rules_it_cannot_go_with() {
    let mut r = refilling(5).rules().clone();
    r.end.empty_side = EmptySide::Either;
    r.turn.must_feed = true;
    r.end.repetition = Repetition::None;
    let e = Variant::new(r).unwrap_err().to_string();
    for field in ["end.empty_side", "turn.must_feed", "end.repetition"] {
        assert!(e.contains(&format!("{field} = ")), "{field} not named: {e}");
    }
    assert!(e.contains("with turn.refill_empty_row"), "{e}");
}

// ------------------------------------------------------------- end pits

/// O An Quan's rules (`crates/core/variants/o-an-quan.toml`): two end pits
/// of 10 (the mandarin squares), either way, relay "next", the capture
/// after an empty pit chained, rows refilled, the end once both end pits
/// were taken. Boards are drawn with the end pit after North's row on the
/// left and the one after South's row on the right, where the stores are
/// drawn otherwise; the stores are written beside.
fn end_pit_rules() -> Variant {
    Variant::from_toml(include_str!("../variants/o-an-quan.toml")).unwrap()
}

#[test]
fn end_pits_hold_their_seeds_at_the_start_and_are_written_after_each_row() {
    //        5  4  3  2  1
    //    (10) 5  5  5  5  5 (10)
    //         5  5  5  5  5
    //        1  2  3  4  5
    let v = end_pit_rules();
    let p = Position::start(&v);
    assert_eq!(p.to_string(), "5,5,5,5,5|10:0/5,5,5,5,5|10:0/S");
    assert_eq!((p.end_pit(Side::South), p.end_pit(Side::North)), (10, 10));
    assert_eq!(p.total_seeds(), 70);
    assert_eq!(v.total_seeds(), 70);
    assert_eq!(Position::from_text(&v, &p.to_string()).unwrap(), p);
    // They never start a move: ten moves, two ways of each of the mover's pits.
    assert_eq!(legal(&v, &p).len(), 10);
}

#[test]
fn end_pits_are_sown_into_and_the_worked_example_takes_two() {
    // Derived from the stated rules (notes/traditional-games.md 4.5), not
    // copied from a source, which gives pictures only.
    //        5  4  3  2  1
    //    (10) 0  0  0  4  0 (10)
    //         0  2  0  3  1
    //        1  2  3  4  5
    // South sows pit 4 towards pit 5: S5 2, the end pit after South's row
    // 11, N1 1. The next place, N2, holds 4: lifted and sown into N3, N4,
    // N5 and the end pit after North's row (11). The next place, S1, is
    // empty: S2 after it is taken (2). S3 is empty, but S4 (lifted) too:
    // the chain stops.
    let v = end_pit_rules();
    let (p, r) = play(&v, "0,2,0,3,1|10:0/0,4,0,0,0|10:0/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,2|11:2/1,0,1,1,1|11:0/N");
    assert_eq!((r.relays, r.captured), (1, 2));
    // Had S4 held seeds, it would have been taken as well.
    let (p, r) = play(&v, "0,2,0,3,1|10:0/0,4,0,0,0|10:0/S", &["5cw"]);
    // (5cw: S5's one seed into S4, 4; the next place S3 is empty, S2
    // after it is taken, then S1 empty and the end pit after North's row:
    // taken, 10.)
    assert_eq!(p.to_string(), "0,0,0,4,0|10:12/0,4,0,0,0|0*:0/N");
    assert_eq!(r.captured, 12);
    assert!(p.end_pit_taken(Side::North) && !p.end_pit_taken(Side::South));
}

#[test]
fn relay_next_ends_when_the_next_place_is_an_end_pit_whatever_it_holds() {
    //        5  4  3  2  1
    //    (10) 1  1  1  1  1 (10)
    //         0  0  0  1  0
    //        1  2  3  4  5
    // South's pit 4 into pit 5; the next place is the end pit: the turn
    // ends, nothing lifted and nothing taken.
    let v = end_pit_rules();
    let (p, r) = play(&v, "0,0,0,1,0|10:0/1,1,1,1,1|10:0/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,1|10:0/1,1,1,1,1|10:0/N");
    assert_eq!((r.relays, r.captured), (0, 0));
    // An empty end pit ends it too.
    let (p, _) = play(&v, "0,0,0,1,0|0*:10/1,1,1,1,1|10:0/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,1|0*:10/1,1,1,1,1|10:0/N");
}

#[test]
fn a_last_seed_in_an_end_pit_looks_at_the_next_place_as_in_a_pit() {
    //        5  4  3  2  1
    //    (10) 3  0  0  0  2 (10)
    //         0  0  0  0  1
    //        1  2  3  4  5
    // South's pit 5 into the end pit (11); the next place, N1, holds 2:
    // lifted into N2 and N3; N4 after them is empty, so N5 is taken (3).
    let v = end_pit_rules();
    let (p, r) = play(&v, "0,0,0,0,1|10:0/2,0,0,0,3|10:0/S", &["5ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,0|11:3/0,1,1,0,0|10:0/N");
    assert_eq!((r.relays, r.captured), (1, 3));
}

#[test]
fn an_end_pit_after_an_empty_pit_is_taken_and_marked() {
    //        5  4  3  2  1
    //    (10) 3  0  0  2  0 (10)
    //         0  0  1  0  0
    //        1  2  3  4  5
    // South's pit 3 into pit 4; pit 5 is empty, so the end pit after it is
    // taken (10), then N1 is empty and N2 holds 2: taken too (chain); N3
    // and N4 are both empty: the chain stops.
    let v = end_pit_rules();
    let (p, r) = play(&v, "0,0,1,0,0|10:0/0,2,0,0,3|10:0/S", &["3ccw"]);
    assert_eq!(p.to_string(), "0,0,0,1,0|0*:12/0,0,0,0,3|10:0/N");
    assert_eq!(r.captured, 12);
    assert!(p.end_pit_taken(Side::South));
    // An empty pit is one of the rows': an empty end pit is not the empty
    // place of this capture. South's pit 4 into pit 5, the end pit (empty,
    // taken before) next: the turn ends, N1 is not taken.
    let (p, r) = play(&v, "0,0,0,1,0|0*:10/3,0,0,0,0|10:0/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,1|0*:10/3,0,0,0,0|10:0/N");
    assert_eq!(r.captured, 0);
}

#[test]
fn end_pits_taken_ends_the_game_and_each_goes_to_the_row_before_it() {
    //        5  4  3  2  1
    //    (10) 2  2  2  2  2 (3*)
    //         0  0  1  0  0
    //        1  2  3  4  5
    // The end pit after South's row was taken before (and has 3 seeds
    // sown into it since). South sows pit 3 clockwise into pit 2; pit 1 is
    // empty, so the end pit after North's row is taken (10): both have
    // been taken, the game ends. The seeds left go to their owners: S2's
    // seed and the 3 in the end pit after South's row to South, North's
    // row to North.
    let v = end_pit_rules();
    let (p, r) = play(&v, "0,0,1,0,0|3*:27/2,2,2,2,2|10:20/S", &["3cw"]);
    assert_eq!(r.captured, 10);
    assert_eq!(p.to_string(), "0,0,0,0,0|0*:41/0,0,0,0,0|0*:30/N#end-pits-taken");
    assert_eq!(p.end_reason(), Some(EndReason::EndPitsTaken));
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::South)));
    // Without the rule the game goes on.
    let mut rules = v.rules().clone();
    rules.end.end_pits_taken = false;
    let w = Variant::new(rules).unwrap();
    let (p, _) = play(&w, "0,0,1,0,0|3*:27/2,2,2,2,2|10:20/S", &["3cw"]);
    assert_eq!(p.to_string(), "0,1,0,0,0|3*:37/2,2,2,2,2|0*:20/N");
}

#[test]
fn seeds_in_end_pits_go_to_the_player_whose_row_comes_before_at_any_end() {
    //        5  4  3  2  1
    //    (7) 0  0  0  0  0 (10)
    //         0  0  0  1  0
    //        1  2  3  4  5
    // South's pit 4 into pit 5, the end pit next: the turn ends. North's
    // row is empty and their store holds 4, fewer than 5 pits: the game
    // ends (no-seeds). South takes their row and the end pit after it
    // (10), North the end pit after theirs (7).
    let v = end_pit_rules();
    let (p, _) = play(&v, "0,0,0,1,0|10:30/0,0,0,0,0|7*:4/S", &["4ccw"]);
    assert_eq!(p.to_string(), "0,0,0,0,0:41/0,0,0,0,0|0*:11/N#no-seeds");
}

#[test]
fn end_pit_position_strings_read_back_and_are_checked() {
    let v = end_pit_rules();
    for text in
        ["1,2,3,4,5|6*:10/5,4,3,2,1|4:20/N", "0,0,0,0,0|0*:41/0,0,0,0,0|0*:29/N#end-pits-taken"]
    {
        let p = Position::from_text(&v, text).unwrap();
        assert_eq!(p.to_string(), text);
    }
    // Both must have been taken for that end.
    let e = Position::from_text(&v, "0,0,0,0,0:41/0,0,0,0,0|0*:29/N#end-pits-taken").unwrap_err();
    assert!(e.to_string().contains("both end pits taken"), "{e}");
    // Not in a variant without end pits.
    let kalah = variant("kalah").resized(Some(5), Some(5)).unwrap();
    let e = Position::from_text(&kalah, "5,5,5,5,5|0*:0/5,5,5,5,5:0/S").unwrap_err();
    assert!(e.to_string().contains("board.end_pits"), "{e}");
    // Not on a board of more than 11 pits a side; not a count that is no count.
    let row = ["1"; 12].join(",");
    let e = format!("{row}|2:0/{row}:0/S").parse::<Setup>().unwrap_err();
    assert!(e.to_string().contains("at most 11 pits a side"), "{e}");
    assert!("1,1|x:0/1,1:0/S".parse::<Setup>().is_err());
    assert!("1,1|1**:0/1,1:0/S".parse::<Setup>().is_err());
}

#[test]
fn end_pits_are_refused_with_the_rules_they_cannot_go_with() {
    let mut r = end_pit_rules().rules().clone();
    r.board.pits_per_side_range = [3, 12];
    r.turn.pie_rule = true;
    let e = Variant::new(r).unwrap_err().to_string();
    for field in ["board.pits_per_side_range", "turn.pie_rule"] {
        assert!(e.contains(&format!("{field} = ")), "{field} not named: {e}");
    }
    assert!(e.contains("with board.end_pits"), "{e}");
    let mut r = variant("kalah").rules().clone();
    r.board.end_pits = 4;
    r.end.repetition = Repetition::Owner;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("board.stores = \"ring\""), "{e}");
    let mut r = variant("oware").rules().clone();
    r.end.end_pits_taken = true;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("end.end_pits_taken = true"), "{e}");
    let mut r = variant("enkeshui").rules().clone();
    r.board.end_pits = 2;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("claim.count = "), "{e}");
}

// ------------------------------------------------------------ bonus takes

/// Tsoro with bonus takes on a 4 x 4 board (two seeds in each outer pit):
/// after a capture, two takes of the opponent's pits.
fn tsoro_bonus4() -> Variant {
    variant("tsoro-bonus").resized(Some(4), Some(2)).unwrap()
}

#[test]
fn tsoro_bonus_a_capture_gives_two_takes_each_a_move_of_its_own() {
    //     North outer   2  0  0  1
    //     North inner   1  0  1  3
    //     South inner   0  0  0  0
    //     South outer   0  0  2  0
    // South's pit 3 (2) into pits 4 and 5; pit 5, an empty inner pit,
    // takes North's inner pit 8 (3) facing it and the outer pit 1 (1)
    // behind it. South stays to move with two takes due (`+take2`): one
    // move for each of North's pits holding seeds, 4, 5 and 7.
    let v = tsoro_bonus4();
    let (p, r) = play(&v, "0,0,2,0,0,0,0,0:0/1,0,0,2,1,0,1,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,1,0:0/S+take2");
    assert_eq!((r.captured, r.extra_turn, p.takes_due()), (4, true, 2));
    assert_eq!(legal(&v, &p), ["t4", "t5", "t7"]);
    // The first take, North's pit 4 (2): one take left, South still moves.
    let (p, r) = play(&v, &p.to_string(), &["t4"]);
    assert_eq!(p.to_string(), "0,0,0,1,1,0,0,0:6/0,0,0,0,1,0,1,0:0/S+take1");
    assert_eq!((r.captured, r.extra_turn), (2, true));
    assert_eq!(legal(&v, &p), ["t5", "t7"]);
    // The second, North's pit 7 (1): the takes are made, North moves.
    let (p, r) = play(&v, &p.to_string(), &["t7"]);
    assert_eq!(p.to_string(), "0,0,0,1,1,0,0,0:7/0,0,0,0,1,0,0,0:0/N");
    assert_eq!((r.captured, r.extra_turn), (1, false));
    assert_eq!(legal(&v, &p), ["5"]);
}

#[test]
fn tsoro_bonus_takes_lapse_when_the_opponents_pits_run_out() {
    //     North outer   2  0  0  1
    //     North inner   0  0  0  3
    //     South inner   0  0  0  0
    //     South outer   0  0  2  0
    // The capture leaves North one pit holding seeds (pit 4): the first
    // take empties it, the second lapses, and North, to move without a
    // seed, loses: every seed left goes to South (`seeds_left =
    // "last-mover"`).
    let v = tsoro_bonus4();
    let (p, _) = play(&v, "0,0,2,0,0,0,0,0:0/1,0,0,2,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,1,1,0,0,0:4/0,0,0,2,0,0,0,0:0/S+take2");
    let (p, r) = play(&v, &p.to_string(), &["t4"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:8/0,0,0,0,0,0,0,0:0/N#no-seeds");
    assert_eq!((r.captured, r.extra_turn), (2, false));
    //     North outer   0  0  0  1
    //     North inner   0  0  0  3
    // A capture of the opponent's last seeds gives no take at all.
    let (p, r) = play(&v, "0,0,2,0,0,0,0,0:0/1,0,0,0,0,0,0,3:0/S", &["3"]);
    assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0:6/0,0,0,0,0,0,0,0:0/N#no-seeds");
    assert_eq!((r.captured, r.extra_turn), (4, false));
}

#[test]
fn bonus_no_sowing_while_a_take_is_due_and_no_take_without_one() {
    //     North outer   2  0  0  0
    //     North inner   1  0  0  0
    //     South inner   0  0  0  1
    //     South outer   0  0  0  1        South to take twice
    let v = tsoro_bonus4();
    let p = pos("0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,0:0/S+take2");
    let e = p.parse_move(&v, "4").unwrap_err().to_string();
    assert!(e.contains("2 bonus takes are due") && e.contains("t1 to t8"), "{e}");
    let e = p.parse_move(&v, "t2").unwrap_err().to_string();
    assert!(e.contains("the opponent's pit 2 is empty"), "{e}");
    let e = p.parse_move(&v, "t9").unwrap_err().to_string();
    assert!(e.contains("pit 9 does not exist"), "{e}");
    assert_eq!(p.check_move(&v, Move::Swap), Err(IllegalMove::TakeDue { due: 2, pits: 8 }));
    // Without takes due, or in a game without them, a take is refused.
    for (v, text) in [
        (&v, "0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,0:0/S"),
        (&tsoro4(), "0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,0:0/S"),
    ] {
        let e = pos(text).parse_move(v, "t4").unwrap_err().to_string();
        assert!(e.contains("no bonus take is due"), "{e}");
    }
}

#[test]
fn bonus_takes_due_are_part_of_the_position() {
    // The same board with and without a take due: different positions,
    // different keys; the position string round-trips.
    let due = pos("0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,0:0/S+take1");
    let none = pos("0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,0:0/S");
    assert_ne!(due, none);
    assert_ne!(due.key(), none.key());
    assert_eq!((due.takes_due(), none.takes_due()), (1, 0));
    assert_eq!(due.to_string().parse::<Setup>().unwrap().position_unchecked(), due);
    // `+take1` to `+take15`, written plainly.
    for bad in ["+take0", "+take16", "+take02", "+take+1", "+take"] {
        let text = format!("0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,0:0/S{bad}");
        assert!(text.parse::<Setup>().is_err(), "{text}");
    }
    // Takes due where the rules give none, more than they give, or with
    // nothing to take: refused against the variant.
    let v = tsoro_bonus4();
    let full = "0,0,0,1,1,0,0,0:4/0,0,0,2,1,0,0,7:0/S";
    assert!(Position::from_text(&v, &format!("{full}+take2")).is_ok());
    for (v, state, why) in [
        (tsoro4(), "+take1", "give no bonus takes"),
        (v.clone(), "+take3", "at most 2 bonus takes"),
    ] {
        let e = Position::from_text(&v, &format!("{full}{state}")).unwrap_err().to_string();
        assert!(e.contains(why), "{e}");
    }
    let empty = "0,0,0,1,1,0,0,0:14/0,0,0,0,0,0,0,0:0/S+take1";
    let e = Position::from_text(&v, empty).unwrap_err().to_string();
    assert!(e.contains("no seeds left to take"), "{e}");
}

#[test]
fn bonus_pits_is_refused_where_it_makes_no_sense() {
    let refused = |change: &dyn Fn(&mut Rules), allowed: &str| {
        let mut r = variant("tsoro-bonus").rules().clone();
        change(&mut r);
        let e = Variant::new(r).unwrap_err().to_string();
        assert!(e.contains("capture.bonus_pits") && e.contains(allowed), "{e}");
    };
    refused(&|r| r.capture.bonus_pits = 16, "0 to 15");
    refused(&|r| r.capture.taken = Taken::Sown, "capture.taken = \"sown\"");
    refused(&|r| r.turn.pie_rule = true, "turn.pie_rule");
    refused(&|r| r.capture.facing = Facing::Off, "capture.facing is set");
    let mut kalah = variant("kalah").rules().clone();
    kalah.capture.bonus_pits = 1;
    let e = Variant::new(kalah).unwrap_err().to_string();
    assert!(e.contains("capture.bonus_pits") && e.contains("board.rows = 4"), "{e}");
}

// ------------------------------------------- several seeds a place

/// The preset `name` sowing `group` seeds into each place
/// (`sowing.seeds_per_place`).
fn in_groups(name: &str, group: u8) -> Variant {
    let mut rules = variant(name).rules().clone();
    rules.sowing.seeds_per_place = group;
    Variant::new(rules).unwrap()
}

#[test]
fn seeds_per_place_sows_groups_the_last_place_getting_what_is_left() {
    //        6  5  4  3  2  1
    //     0  4  4  4  4  4  4
    //        4  4  5  4  4  4  0
    //        1  2  3  4  5  6
    // Kalah, two seeds a place: South's pit 3 (5 seeds) puts 2 in pit 4,
    // 2 in pit 5 and the last 1 in pit 6 (one seed a place would reach
    // the store).
    let v = in_groups("kalah-classic", 2);
    let (p, r) = play(&v, "4,4,5,4,4,4:0/4,4,4,4,4,4:0/S", &["3"]);
    assert_eq!(p.to_string(), "4,4,0,6,6,5:0/4,4,4,4,4,4:0/N");
    assert_eq!(r.sown, 5);
    assert!(!r.extra_turn);
    // Pit 3 with 7: 2, 2, 2 in pits 4 to 6 and the last 1 in the store:
    // another turn, as a last seed there gives.
    let (p, r) = play(&v, "4,4,7,4,4,4:0/4,4,4,4,4,4:0/S", &["3"]);
    assert_eq!(p.to_string(), "4,4,0,6,6,6:1/4,4,4,4,4,4:0/S");
    assert!(r.extra_turn);
    // The rules' text writes the setting, and reads it back.
    let text = v.rules().to_toml();
    assert!(text.contains("seeds_per_place = 2"), "{text}");
    assert_eq!(Rules::from_toml(&text).unwrap(), *v.rules());
    assert!(!variant("kalah").rules().to_toml().contains("seeds_per_place"));
}

#[test]
fn seeds_per_place_an_empty_pit_capture_needs_the_pit_empty_before_the_last_group() {
    //        6  5  4  3  2  1
    //     0  4  4  5  4  4  4
    //        4  0  0  4  4  4  0
    //        1  2  3  4  5  6
    // Kalah, two seeds a place: South's pit 1 (4) puts 2 in pit 2 and the
    // last 2 in pit 3, empty before: pit 3's 2 and North's pit 4's 5 are
    // taken, 7.
    let v = in_groups("kalah-classic", 2);
    let (p, r) = play(&v, "4,0,0,4,4,4:0/4,4,4,5,4,4:0/S", &["1"]);
    assert_eq!(r.captured, 7);
    assert_eq!(p.to_string(), "0,2,0,4,4,4:7/4,4,4,0,4,4:0/N");
    // A last group of 1 (pit 1 holding 3) into the empty pit 3 takes too:
    // 1 + 5.
    let (p, r) = play(&v, "3,0,0,4,4,4:0/4,4,4,5,4,4:0/S", &["1"]);
    assert_eq!(r.captured, 6);
    assert_eq!(p.to_string(), "0,2,0,4,4,4:6/4,4,4,0,4,4:0/N");
    // Pit 3 holding 1 before the last group of 1 was not empty: no capture.
    let (p, r) = play(&v, "3,0,1,4,4,4:0/4,4,4,5,4,4:0/S", &["1"]);
    assert_eq!(r.captured, 0);
    assert_eq!(p.to_string(), "0,2,2,4,4,4:0/4,4,4,5,4,4:0/N");
}

#[test]
fn seeds_per_place_a_capture_by_count_counts_the_pit_after_the_last_group() {
    //        6  5  4  3  2  1
    //        4  4  4  4  1  1
    //        4  4  4  4  4  3
    //        1  2  3  4  5  6
    // Oware, two seeds a place: South's pit 6 (3) puts 2 in North's pit 1
    // (now 3) and the last 1 in North's pit 2 (now 2): taken, and the chain
    // backwards takes pit 1's 3: 5.
    let v = in_groups("oware", 2);
    let (p, r) = play(&v, "4,4,4,4,4,3:0/1,1,4,4,4,4:0/S", &["6"]);
    assert_eq!(r.captured, 5);
    assert_eq!(p.to_string(), "4,4,4,4,4,0:5/0,0,4,4,4,4:0/N");
}

#[test]
fn seeds_per_place_with_elements_that_speak_of_each_seed_is_refused_naming_them() {
    let mut r = variant("kalah").rules().clone();
    r.sowing.seeds_per_place = 0;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("sowing.seeds_per_place = 0: 1 (one seed a place"), "{e}");
    let mut r = variant("toguz-kumalak").rules().clone();
    r.sowing.seeds_per_place = 2;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(
        e.contains(
            "sowing.seeds_per_place = 2: 1 unless sowing.first_seed_in_origin = false, claim.count = 0"
        ),
        "{e}"
    );
    let mut r = variant("congkak").rules().clone();
    r.sowing.seeds_per_place = 3;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("1 unless sowing.relay = \"none\""), "{e}");
    let mut r = variant("hus").rules().clone();
    r.sowing.seeds_per_place = 2;
    let e = Variant::new(r).unwrap_err().to_string();
    assert!(e.contains("board.rows = 2"), "{e}");
    // Beyond the two families: no database, and the setting is named.
    assert_eq!(in_groups("oware", 2).rules().general_elements(), ["sowing.seeds_per_place"]);
}
