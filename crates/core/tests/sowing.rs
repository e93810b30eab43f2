//! `Position::sowing_events`: a move told seed by seed. Applied to the
//! board in order, the events give exactly the position `play` gives, in
//! random games of every built-in variant at random sizes, each in its
//! variant's layout (the wide board's too); and one test per kind of
//! event, with the board drawn.

use mancala_core::*;
use proptest::prelude::*;

/// A preset at a random size it allows, up to 16 pits a side, so that
/// sowings of more than a lap and the long-board path of `play` are both
/// met; the boards past the compact layout's (more than 255 seeds, four
/// rows of more than 8) are in the wide layout.
fn sized_variant() -> impl Strategy<Value = Variant> {
    (0..preset_names().len(), any::<u8>(), any::<u8>(), 0u8..8).prop_filter_map(
        "size outside the variant's range",
        |(i, a, b, group)| {
            let mut v = Variant::preset(preset_names()[i]).unwrap();
            // Now and then several seeds a place (`seeds_per_place`),
            // where the preset's other rules allow it.
            if group > 4 {
                let mut rules = v.rules().clone();
                rules.sowing.seeds_per_place = group - 3;
                if let Ok(grouped) = Variant::new(rules) {
                    v = grouped;
                }
            }
            let [pmin, pmax] = v.rules().board.pits_per_side_range;
            let [smin, smax] = v.rules().board.seeds_per_pit_range;
            let pits = pmin + a % (pmax.min(16) - pmin + 1);
            let seeds = smin + b % (smax.min(12).max(smin) - smin + 1);
            v.resized(Some(pits), Some(seeds)).ok()
        },
    )
}

/// The board (South's row, North's row, the stores) after `events` are
/// applied to `p`'s; `None` when an event does something impossible
/// (picking up an empty pit, taking from a store, dropping or capturing
/// after the end, capturing with seeds in hand unless `v` captures during
/// the sowing).
/// The fourth part is the end pits (rule `board.end_pits`).
#[allow(clippy::type_complexity)]
fn apply<L: Layout>(
    v: &Variant,
    p: &Position<L>,
    events: &[SowEvent],
) -> Option<(Vec<u16>, Vec<u16>, [u16; 2], [u16; 2])> {
    let during_sowing = v.rules().capture.during_sowing;
    let (south, north, mut stores, mut ends) = board(p);
    let mut rows = [south, north];
    let mut hand = 0u16;
    let mut ended = false;
    for &e in events {
        if ended {
            return None;
        }
        match e {
            SowEvent::Pick { from: Place::Pit(side, k), seeds } => {
                let pit = rows[side.index()].get_mut(k)?;
                if *pit != seeds || seeds == 0 || hand != 0 {
                    return None;
                }
                *pit = 0;
                hand = seeds;
            }
            SowEvent::Drop { into } => {
                hand = hand.checked_sub(1)?;
                match into {
                    Place::Pit(side, k) => *rows[side.index()].get_mut(k)? += 1,
                    Place::Store(side) => stores[side.index()] += 1,
                    Place::EndPit(side) => ends[side.index()] += 1,
                }
            }
            SowEvent::Capture { from: Place::Pit(side, k), seeds, store } => {
                // A capture during the sowing (`during_sowing`) comes with
                // seeds still in hand; every other after the last seed.
                let pit = rows[side.index()].get_mut(k)?;
                if *pit != seeds || seeds == 0 || (hand != 0 && during_sowing == 0) {
                    return None;
                }
                *pit = 0;
                stores[store.index()] += seeds;
            }
            SowEvent::Take { from: Place::Pit(side, k), seeds } => {
                // Seeds a capture puts into the hand, to be sown again
                // (`taken = "sown"`): the hand was empty.
                let pit = rows[side.index()].get_mut(k)?;
                if *pit != seeds || seeds == 0 {
                    return None;
                }
                *pit = 0;
                hand += seeds;
            }
            SowEvent::Swap => {
                rows.swap(0, 1);
                stores.swap(0, 1);
            }
            // Nothing follows the end or a pass.
            SowEvent::End | SowEvent::Pass(_) => ended = true,
            SowEvent::Capture { from: Place::Store(side), seeds, store } => {
                // At the end under `seeds_left = "last-mover"`: the store of
                // the player who cannot move goes to the other.
                if stores[side.index()] != seeds || side == store {
                    return None;
                }
                stores[side.index()] = 0;
                stores[store.index()] += seeds;
            }
            SowEvent::Capture { from: Place::EndPit(side), seeds, store } => {
                // After the last seed (the capture after an empty pit), or
                // at the end to the player whose row comes before it.
                if ends[side.index()] != seeds || seeds == 0 || hand != 0 {
                    return None;
                }
                ends[side.index()] = 0;
                stores[store.index()] += seeds;
            }
            SowEvent::Pick { from: Place::Store(side), seeds } => {
                // `refill_empty_row`: a seed a pit from the store of a
                // player whose row is empty, sown into their pits.
                if !v.rules().turn.refill_empty_row
                    || stores[side.index()] < seeds
                    || hand != 0
                    || rows[side.index()].iter().any(|&c| c > 0)
                {
                    return None;
                }
                stores[side.index()] -= seeds;
                hand = seeds;
            }
            SowEvent::Pick { from: Place::EndPit(_), .. }
            | SowEvent::Take { from: Place::Store(_) | Place::EndPit(_), .. } => return None,
        }
    }
    if hand != 0 {
        return None;
    }
    let [south, north] = rows;
    Some((south, north, stores, ends))
}

/// A position's board as the events count seeds (`u16`, on every layout).
#[allow(clippy::type_complexity)]
fn board<L: Layout>(p: &Position<L>) -> (Vec<u16>, Vec<u16>, [u16; 2], [u16; 2]) {
    let row = |side| p.row(side).iter().map(|&c| c.report_count()).collect();
    (
        row(Side::South),
        row(Side::North),
        Side::ALL.map(|side| p.store(side).report_count()),
        Side::ALL.map(|side| p.end_pit(side).report_count()),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_events_of_every_move_give_the_position_play_gives(
        v in sized_variant(),
        choices in proptest::collection::vec(any::<u32>(), 1..64),
    ) {
        with_layout!(v.layout(), L => events_give_what_play_gives::<L>(&v, &choices))?;
    }
}

/// A random game of `v` in its layout `L` (moves `choices` picks), each
/// move's events applied to the board giving exactly the position `play`
/// gives, the events ending with the end or the pass exactly when the move
/// ends the game or passes, and starting at the move's pit.
fn events_give_what_play_gives<L: Layout>(
    v: &Variant,
    choices: &[u32],
) -> Result<(), TestCaseError> {
    let mut p = Position::<L>::start_in(v);
    let mut plies = 0usize;
    while !p.is_over() && plies < 2000 {
        let legal = p.legal_moves(v);
        let mv = legal[choices[plies % choices.len()] as usize % legal.len()];
        let events = p.sowing_events(v, mv).unwrap();
        let (next, report) = p.play(v, mv).unwrap();
        prop_assert_eq!(
            apply(v, &p, &events),
            Some(board(&next)),
            "{} move {}: {:?}",
            p,
            mv,
            events
        );
        prop_assert_eq!(events.last() == Some(&SowEvent::End), next.is_over());
        let pass = SowEvent::Pass(next.to_move().opponent());
        prop_assert_eq!(events.last() == Some(&pass), report.passed);
        match mv {
            Move::Swap => prop_assert_eq!(events[0], SowEvent::Swap),
            // A bonus take: the opponent's pit, in their numbering.
            Move::Take(k) => {
                let from = Place::Pit(p.to_move().opponent(), k as usize);
                let taken = matches!(events[0], SowEvent::Capture { from: f, .. } if f == from);
                prop_assert!(taken, "{:?}", events[0]);
            }
            Move::Sow(k) | Move::Directed(k, _) => {
                // Pits past the mover's row (`pits = "any"`) are the
                // opponent's, from their left.
                let (n, k) = (v.pits_per_side(), k as usize);
                let (row, at) =
                    if k < n { (p.to_move(), k) } else { (p.to_move().opponent(), k - n) };
                let first = matches!(
                    events[0],
                    SowEvent::Pick { from: Place::Pit(side, pit), .. }
                        if side == row && pit == at
                );
                prop_assert!(first, "{:?}", events[0]);
            }
        }
        p = next;
        plies += 1;
    }
    // A finished game has no move to tell.
    if p.is_over() {
        prop_assert_eq!(p.sowing_events(v, Move::Sow(0)), Err(IllegalMove::GameOver));
    }
    Ok(())
}

/// The events of sowing pit `number` (from 1) in `position` of `variant`
/// at `pits` x `seeds`, checked to give `play`'s board.
fn told(variant: &str, pits: u8, seeds: u8, position: &str, number: usize) -> Vec<SowEvent> {
    let v = Variant::preset(variant).unwrap().resized(Some(pits), Some(seeds)).unwrap();
    // Checked against the variant, not settled: the sowing is told even
    // from a board whose game the rules would end.
    let setup: Setup = position.parse().unwrap();
    setup.check_fits(&v).unwrap();
    let p = setup.position_unchecked();
    let events = p.sowing_events(&v, Move::pit(number)).unwrap();
    let (next, _) = p.play(&v, Move::pit(number)).unwrap();
    assert_eq!(apply(&v, &p, &events), Some(board(&next)), "{events:?}");
    events
}

use Place::{Pit, Store};
use Side::{North, South};
use SowEvent::{Capture, Drop, End, Pick};

#[test]
fn a_sowing_picks_the_pit_up_and_drops_one_seed_in_each_place_after_it() {
    //      North   6  5  4  3  2  1
    //             [4][4][4][4][4][4]
    //         [0]                    [0]
    //             [4][4][4][4][4][4]
    //      South   1  2  3  4  5  6
    // South sows pit 3: pits 4, 5, 6 and the store.
    let events = told("kalah-classic", 6, 4, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S", 3);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 2), seeds: 4 },
            Drop { into: Pit(South, 3) },
            Drop { into: Pit(South, 4) },
            Drop { into: Pit(South, 5) },
            Drop { into: Store(South) },
        ]
    );
}

#[test]
fn a_relay_picks_up_the_pile_the_last_seed_lands_on() {
    //      North   3  2  1
    //             [1][1][1]
    //        [19]          [0]
    //             [1][1][0]
    //      South   1  2  3
    // South sows pit 1: its seed lands on pit 2's seed, so the two are
    // picked up and sown on, into pit 3 and the store.
    let events = told("relay-kalah", 3, 4, "1,1,0:0/1,1,1:19/S", 1);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 0), seeds: 1 },
            Drop { into: Pit(South, 1) },
            Pick { from: Pit(South, 1), seeds: 2 },
            Drop { into: Pit(South, 2) },
            Drop { into: Store(South) },
        ]
    );
}

#[test]
fn a_lap_passes_over_the_pit_it_started_from_in_oware() {
    //      North   2  1
    //             [3][3]
    //         [0]       [0]
    //             [5][1]
    //      South   1  2
    // South sows 5 seeds from pit 1 round a ring of 4 pits: pit 1 itself is
    // passed over, so the fourth and fifth seeds go to South's pit 2 and
    // North's pit 1 (5 seeds there: no capture).
    let events = told("oware", 2, 3, "5,1:0/3,3:0/S", 1);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 0), seeds: 5 },
            Drop { into: Pit(South, 1) },
            Drop { into: Pit(North, 0) },
            Drop { into: Pit(North, 1) },
            Drop { into: Pit(South, 1) },
            Drop { into: Pit(North, 0) },
        ]
    );
}

#[test]
fn sowing_passes_over_the_opponents_store_and_an_empty_pit_capture_ends_the_game() {
    //      North   2  1
    //             [0][0]
    //         [0]       [0]
    //             [0][4]
    //      South   1  2
    // South sows pit 2: the store, North's pits 1 and 2, past North's store
    // to South's empty pit 1, which captures the seed opposite (North's pit
    // 2) with itself. South's row is then empty: the game ends and North's
    // last seed goes to North's store.
    let events = told("kalah-classic", 2, 1, "0,4:0/0,0:0/S", 2);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 1), seeds: 4 },
            Drop { into: Store(South) },
            Drop { into: Pit(North, 0) },
            Drop { into: Pit(North, 1) },
            Drop { into: Pit(South, 0) },
            Capture { from: Pit(North, 1), seeds: 1, store: South },
            Capture { from: Pit(South, 0), seeds: 1, store: South },
            Capture { from: Pit(North, 0), seeds: 1, store: North },
            End,
        ]
    );
}

#[test]
fn oware_captures_chain_backwards_from_the_last_pit() {
    //      North   3  2  1
    //             [2][1][3]
    //         [2]          [1]
    //             [0][0][3]
    //      South   1  2  3
    // South sows pit 3 into North's pits 1, 2, 3: pit 3 makes 3 and pit 2
    // makes 2, both captured, last pit first; pit 1 makes 4 and stops the
    // chain.
    let events = told("oware", 3, 2, "0,0,3:1/3,1,2:2/S", 3);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 2), seeds: 3 },
            Drop { into: Pit(North, 0) },
            Drop { into: Pit(North, 1) },
            Drop { into: Pit(North, 2) },
            Capture { from: Pit(North, 2), seeds: 3, store: South },
            Capture { from: Pit(North, 1), seeds: 2, store: South },
        ]
    );
}

#[test]
fn a_chain_forwards_is_told_on_the_way_of_the_sowing() {
    //      North   3  2  1
    //             [3][4][1]
    //         [0]          [0]
    //             [1][2][1]
    //      South   1  2  3
    // Bohnenspiel chaining forwards (`chain_direction = "forwards"`): South
    // sows pit 3 into North's pit 1, making 2: captured; then on the way
    // of the sowing North's pit 2 (4), which the pile did not reach; pit 3
    // (3) stops the chain.
    let mut rules = Variant::preset("bohnenspiel").unwrap().rules().clone();
    rules.capture.chain_direction = ChainDirection::Forwards;
    let v = Variant::new(rules).unwrap().resized(Some(3), Some(2)).unwrap();
    let setup: Setup = "1,2,1:0/1,4,3:0/S".parse().unwrap();
    setup.check_fits(&v).unwrap();
    let p = setup.position_unchecked();
    let events = p.sowing_events(&v, Move::pit(3)).unwrap();
    let (next, _) = p.play(&v, Move::pit(3)).unwrap();
    assert_eq!(apply(&v, &p, &events), Some(board(&next)), "{events:?}");
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 2), seeds: 1 },
            Drop { into: Pit(North, 0) },
            Capture { from: Pit(North, 0), seeds: 2, store: South },
            Capture { from: Pit(North, 1), seeds: 4, store: South },
        ]
    );
}

#[test]
fn an_abapa_grand_slam_captures_nothing() {
    //      North   3  2  1
    //             [2][1][1]
    //         [0]          [5]
    //             [0][0][3]
    //      South   1  2  3
    // South sows pit 3: North's pits make 2, 2 and 3, every seed on North's
    // side: a grand slam, which in abapa captures nothing.
    let events = told("abapa", 3, 2, "0,0,3:5/1,1,2:0/S", 3);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 2), seeds: 3 },
            Drop { into: Pit(North, 0) },
            Drop { into: Pit(North, 1) },
            Drop { into: Pit(North, 2) },
        ]
    );
    // The same move in awari, where the grand slam is forced, captures all.
    let events = told("awari", 3, 2, "0,0,3:5/1,1,2:0/S", 3);
    assert_eq!(events.iter().filter(|e| matches!(e, Capture { store: South, .. })).count(), 3);
}

#[test]
fn the_pie_rules_swap_is_one_event() {
    //      North   6  5  4  3  2  1
    //             [4][4][4][4][4][4]
    //         [0]                    [1]
    //             [4][4][0][5][5][5]
    //      South   1  2  3  4  5  6
    // After South's opening 3, North swaps: the sides exchange places.
    let v = Variant::preset("kalah").unwrap();
    let (p, _) = Position::start(&v).play(&v, Move::pit(3)).unwrap();
    let events = p.sowing_events(&v, Move::Swap).unwrap();
    assert_eq!(events, [SowEvent::Swap]);
    let (next, _) = p.play(&v, Move::Swap).unwrap();
    assert_eq!(apply(&v, &p, &events), Some(board(&next)));
    // Not offered again.
    assert_eq!(next.sowing_events(&v, Move::Swap), Err(IllegalMove::SwapNotAllowed));
}

#[test]
fn a_sungka_pass_is_told_last() {
    //      North   7  6  5  4  3  2  1
    //             [0][2][0][0][0][0][0]
    //        [50]                       [45]
    //             [0][0][0][0][0][0][1]
    //      South   1  2  3  4  5  6  7
    // South's last seed into the store: an extra turn, but no seed is left
    // on South's side, so South passes and North moves.
    let events = told("sungka", 7, 7, "0,0,0,0,0,0,1:45/0,0,0,0,0,2,0:50/S", 7);
    assert_eq!(
        events,
        [
            Pick { from: Pit(Side::South, 6), seeds: 1 },
            Drop { into: Store(Side::South) },
            SowEvent::Pass(Side::South),
        ]
    );
}

#[test]
fn dakons_mikul_is_told_as_three_captures() {
    //      North   7  6  5  4  3  2  1
    //             [0][0][0][3][0][2][0]
    //        [49]                       [40]
    //             [0][0][0][0][0][0][4]
    //      South   1  2  3  4  5  6  7
    // South's hole 7: the store, North's holes 1, 2 and 3; hole 3 lies
    // between two holes of three: both and the seed are taken.
    let events = told("dakon", 7, 7, "0,0,0,0,0,0,4:40/0,2,0,3,0,0,0:49/S", 7);
    assert_eq!(
        events[events.len() - 3..],
        [
            Capture { from: Pit(Side::North, 1), seeds: 3, store: Side::South },
            Capture { from: Pit(Side::North, 3), seeds: 3, store: Side::South },
            Capture { from: Pit(Side::North, 2), seeds: 1, store: Side::South },
        ]
    );
}

#[test]
fn gabatas_four_is_told_as_a_capture_right_after_the_seed_that_makes_it() {
    //      North   6  5  4  3  2  1
    //             [1][1][1][1][1][1]
    //        [26]                    [10]
    //             [3][3][0][0][0][0]
    //      South   1  2  3  4  5  6
    // South sows pit 1: pit 2 made four is taken at once, then pits 3 and
    // 4 receive the rest.
    let events = told("gabata", 6, 4, "3,3,0,0,0,0:10/1,1,1,1,1,1:26/S", 1);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 0), seeds: 3 },
            Drop { into: Pit(South, 1) },
            Capture { from: Pit(South, 1), seeds: 4, store: South },
            Drop { into: Pit(South, 2) },
            Drop { into: Pit(South, 3) },
        ]
    );
}

#[test]
fn pallanguzhis_next_pit_is_picked_up_and_the_pit_after_an_empty_one_taken() {
    //      North   7  6  5  4  3  2  1
    //             [1][1][1][1][1][5][0]
    //        [39]                       [30]
    //             [2][0][0][3][0][0][0]
    //      South   1  2  3  4  5  6  7
    // South sows pit 1 into pits 2 and 3; the next pit, 4, is picked up
    // and sown into 5, 6 and 7; the next, North's 1, is empty: North's 2
    // is taken.
    let events = told("pallanguzhi", 7, 6, "2,0,0,3,0,0,0:30/0,5,1,1,1,1,1:39/S", 1);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 0), seeds: 2 },
            Drop { into: Pit(South, 1) },
            Drop { into: Pit(South, 2) },
            Pick { from: Pit(South, 3), seeds: 3 },
            Drop { into: Pit(South, 4) },
            Drop { into: Pit(South, 5) },
            Drop { into: Pit(South, 6) },
            Capture { from: Pit(North, 1), seeds: 5, store: South },
        ]
    );
}

#[test]
fn an_illegal_move_is_refused_as_play_refuses_it() {
    let v = Variant::preset("kalah-classic").unwrap();
    let p = Position::start(&v);
    // Pit 3's last seed reaches the store: South moves again, pit 3 empty.
    let (p, _) = p.play(&v, Move::pit(3)).unwrap();
    assert_eq!(p.sowing_events(&v, Move::pit(3)), Err(IllegalMove::EmptyPit { pit: 3 }));
    assert_eq!(p.sowing_events(&v, Move::pit(9)), Err(IllegalMove::OutOfRange { pit: 9, pits: 6 }));
}

#[test]
fn toguz_kumalak_drops_the_first_seed_back_and_a_tuzdyks_seed_into_its_owners_store() {
    //      North   4  3  2  1
    //             [3][x][3][3]      (North's pit 3 is South's tuzdyk)
    //         [0]             [3]
    //             [3][3][3][3]
    //      South   1  2  3  4
    // South sows pit 4 (3 seeds): the first back into pit 4, then North's
    // pit 1 and pit 2; North's 2 now holds 4, even: captured.
    let events = told("toguz-kumalak", 4, 3, "3,3,3,3:3/3,3,x,3:0/S", 4);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 3), seeds: 3 },
            Drop { into: Pit(South, 3) },
            Drop { into: Pit(North, 0) },
            Drop { into: Pit(North, 1) },
            Capture { from: Pit(North, 1), seeds: 4, store: South },
        ]
    );
    // North sows pit 2 (3 seeds): one back, then pit 3, South's tuzdyk,
    // whose seed goes to South's store, and pit 4.
    let events = told("toguz-kumalak", 4, 3, "3,3,3,3:3/3,3,x,3:0/N", 2);
    assert_eq!(
        events,
        [
            Pick { from: Pit(North, 1), seeds: 3 },
            Drop { into: Pit(North, 1) },
            Drop { into: Store(South) },
            Drop { into: Pit(North, 3) },
        ]
    );
}

#[test]
fn a_tuzdyk_is_told_as_the_capture_of_its_seeds() {
    //      North   4  3  2  1
    //             [3][2][3][3]
    //         [0]             [1]
    //             [3][3][2][4]
    //      South   1  2  3  4
    // South sows pit 4 (4 seeds): one back, then North's 1, 2 and 3; pit
    // 3 held 2 and now 3: South's tuzdyk, its seeds to South's store.
    let events = told("toguz-kumalak", 4, 3, "3,3,2,4:1/3,3,2,3:0/S", 4);
    assert_eq!(events.last(), Some(&Capture { from: Pit(North, 2), seeds: 3, store: South }));
}

#[test]
fn bohnenspiel_captures_are_told_back_across_both_rows() {
    //      North   6  5  4  3  2  1
    //             [6][6][6][6][5][1]
    //         [0]                  [14]
    //             [6][6][6][6][3][1]
    //      South   1  2  3  4  5  6
    // South sows pit 5: its 6, North's 1 and 2; North's 2 (6), North's 1
    // (2) and South's 6 (2) are taken, the last seed's pit first.
    let events = told("bohnenspiel", 6, 6, "6,6,6,6,3,1:14/1,5,6,6,6,6:0/S", 5);
    assert_eq!(
        events[4..],
        [
            Capture { from: Pit(North, 1), seeds: 6, store: South },
            Capture { from: Pit(North, 0), seeds: 2, store: South },
            Capture { from: Pit(South, 5), seeds: 2, store: South },
        ]
    );
}

#[test]
fn mangala_tells_the_stones_left_going_to_the_player_who_ran_out() {
    //      North   6  5  4  3  2  1
    //             [0][0][0][0][0][1]
    //        [28]                  [10]
    //             [0][0][0][2][4][3]
    //      South   1  2  3  4  5  6
    // South sows pit 6: one back, one into the store, the last into North's
    // pit 1, now 2: even, taken. North's row is empty: South's stones left
    // go to North's store.
    let events = told("mangala", 6, 4, "0,0,0,2,4,3:10/1,0,0,0,0,0:28/S", 6);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 5), seeds: 3 },
            Drop { into: Pit(South, 5) },
            Drop { into: Store(South) },
            Drop { into: Pit(North, 0) },
            Capture { from: Pit(North, 0), seeds: 2, store: South },
            Capture { from: Pit(South, 3), seeds: 2, store: North },
            Capture { from: Pit(South, 4), seeds: 4, store: North },
            Capture { from: Pit(South, 5), seeds: 1, store: North },
            End,
        ]
    );
}

#[test]
fn a_relay_from_any_pit_lifts_piles_on_both_rows() {
    //      North   3  2  1
    //             [0][1][0]
    //        [10]          [10]
    //             [1][0][2]
    //      South   1  2  3
    // Ayoayo: South's pit 3 (2) into North's pits 1 and 2; North's pit 2
    // held one, so its 2 are lifted and sown into North's pit 3 and South's
    // pit 1, which held one: its 2 go into South's pits 2 and 3. Pit 3,
    // emptied at the start, takes its seed and North's pit 1 opposite.
    let events = told("ayoayo", 3, 4, "1,0,2:10/0,1,0:10/S", 3);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 2), seeds: 2 },
            Drop { into: Pit(North, 0) },
            Drop { into: Pit(North, 1) },
            Pick { from: Pit(North, 1), seeds: 2 },
            Drop { into: Pit(North, 2) },
            Drop { into: Pit(South, 0) },
            Pick { from: Pit(South, 0), seeds: 2 },
            Drop { into: Pit(South, 1) },
            Drop { into: Pit(South, 2) },
            Capture { from: Pit(North, 0), seeds: 1, store: South },
            Capture { from: Pit(South, 2), seeds: 1, store: South },
        ]
    );
}

#[test]
fn um_el_bagara_sows_clockwise_and_its_captures_are_told_back_the_other_way() {
    //      North   5  4  3  2  1
    //             [1][3][1][2][1]
    //         [37]             [0]
    //             [3][0][0][0][2]
    //      South   1  2  3  4  5
    // South's pit 1 sows clockwise into North's pits 5, 4, 3: pit 3 makes
    // 2, taken, then back against the sowing pit 4 (4) and pit 5 (2).
    let events = told("um-el-bagara", 5, 5, "3,0,0,0,2:0/1,2,1,3,1:37/S", 1);
    assert_eq!(
        events,
        [
            Pick { from: Pit(South, 0), seeds: 3 },
            Drop { into: Pit(North, 4) },
            Drop { into: Pit(North, 3) },
            Drop { into: Pit(North, 2) },
            Capture { from: Pit(North, 2), seeds: 2, store: South },
            Capture { from: Pit(North, 3), seeds: 4, store: South },
            Capture { from: Pit(North, 4), seeds: 2, store: South },
        ]
    );
}

/// Random games of `v` in the wide layout, each move's events applied to
/// the board giving exactly the position `play` gives; returns the moves
/// played and the largest count of seeds an event carried or a store held.
fn wide_games(v: &Variant, games: u64) -> (usize, u16) {
    let (mut moves, mut largest) = (0, 0);
    let mut x = 0x5EED_u64;
    for _ in 0..games {
        let mut p = Position::<Wide>::start_in(v);
        let mut plies = 0;
        while !p.is_over() && plies < 1000 {
            let legal = p.legal_moves(v);
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = legal[(x >> 33) as usize % legal.len()];
            let events = p.sowing_events(v, mv).unwrap();
            let (next, _) = p.play(v, mv).unwrap();
            assert_eq!(apply(v, &p, &events), Some(board(&next)), "{p} move {mv}: {events:?}");
            for e in &events {
                if let SowEvent::Pick { seeds, .. }
                | SowEvent::Capture { seeds, .. }
                | SowEvent::Take { seeds, .. } = *e
                {
                    largest = largest.max(seeds);
                }
            }
            largest = largest.max(next.store(Side::South)).max(next.store(Side::North));
            p = next;
            plies += 1;
            moves += 1;
        }
    }
    (moves, largest)
}

#[test]
fn the_events_of_a_wide_board_give_the_position_play_gives() {
    // Four rows of 12 (48 pit cells), Hus's rules.
    let mut hus = Variant::preset("hus").unwrap().rules().clone();
    hus.board.pits_per_side_range = [2, 12];
    hus.board.pits_per_side = 12;
    let v = Variant::new(hus).unwrap();
    assert_eq!(v.layout(), LayoutKind::Wide);
    let (moves, _) = wide_games(&v, 20);
    assert!(moves > 500, "{moves} moves");
    // Two rows of 6 with 600 seeds: counts past a byte in the events.
    let mut kalah = Variant::preset("kalah").unwrap().rules().clone();
    kalah.board.seeds_per_pit_range = [1, 50];
    kalah.board.seeds_per_pit = 50;
    let v = Variant::new(kalah).unwrap();
    assert_eq!((v.layout(), v.total_seeds()), (LayoutKind::Wide, 600));
    let (moves, largest) = wide_games(&v, 10);
    assert!(moves > 100 && largest > 255, "{moves} moves, largest {largest}");
}
