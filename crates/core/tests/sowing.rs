//! `Position::sowing_events`: a move told seed by seed. Applied to the
//! board in order, the events give exactly the position `play` gives, in
//! random games of every built-in variant at random sizes; and one test per
//! kind of event, with the board drawn.

use mancala_core::*;
use proptest::prelude::*;

/// A preset at a random size it allows (and that fits in 255 seeds), up to
/// 16 pits a side, so that sowings of more than a lap and the long-board
/// path of `play` are both met.
fn sized_variant() -> impl Strategy<Value = Variant> {
    (0..preset_names().len(), any::<u8>(), any::<u8>()).prop_filter_map(
        "size outside the variant's range",
        |(i, a, b)| {
            let v = Variant::preset(preset_names()[i]).unwrap();
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
/// after the end).
fn apply(p: &Position, events: &[SowEvent]) -> Option<(Vec<u8>, Vec<u8>, [u8; 2])> {
    let mut rows = [p.row(Side::South).to_vec(), p.row(Side::North).to_vec()];
    let mut stores = [p.store(Side::South), p.store(Side::North)];
    let mut hand = 0u8;
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
                }
            }
            SowEvent::Capture { from: Place::Pit(side, k), seeds, store } => {
                let pit = rows[side.index()].get_mut(k)?;
                if *pit != seeds || seeds == 0 || hand != 0 {
                    return None;
                }
                *pit = 0;
                stores[store.index()] += seeds;
            }
            SowEvent::Swap => {
                rows.swap(0, 1);
                stores.swap(0, 1);
            }
            SowEvent::End => ended = true,
            SowEvent::Pick { from: Place::Store(_), .. }
            | SowEvent::Capture { from: Place::Store(_), .. } => return None,
        }
    }
    if hand != 0 {
        return None;
    }
    let [south, north] = rows;
    Some((south, north, stores))
}

fn board(p: &Position) -> (Vec<u8>, Vec<u8>, [u8; 2]) {
    (
        p.row(Side::South).to_vec(),
        p.row(Side::North).to_vec(),
        [p.store(Side::South), p.store(Side::North)],
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_events_of_every_move_give_the_position_play_gives(
        v in sized_variant(),
        choices in proptest::collection::vec(any::<u32>(), 1..64),
    ) {
        let mut p = Position::start(&v);
        let mut plies = 0usize;
        while !p.is_over() && plies < 2000 {
            let legal = p.legal_moves(&v);
            let mv = legal[choices[plies % choices.len()] as usize % legal.len()];
            let events = p.sowing_events(&v, mv).unwrap();
            let (next, _) = p.play(&v, mv).unwrap();
            prop_assert_eq!(apply(&p, &events), Some(board(&next)), "{} move {}: {:?}", p, mv, events);
            prop_assert_eq!(events.last() == Some(&SowEvent::End), next.is_over());
            match mv {
                Move::Swap => prop_assert_eq!(events[0], SowEvent::Swap),
                Move::Sow(k) => {
                    let first = matches!(
                        events[0],
                        SowEvent::Pick { from: Place::Pit(side, pit), .. }
                            if side == p.to_move() && pit == k as usize
                    );
                    prop_assert!(first, "{:?}", events[0]);
                }
            }
            p = next;
            plies += 1;
        }
        // A finished game has no move to tell.
        if p.is_over() {
            prop_assert_eq!(p.sowing_events(&v, Move::Sow(0)), Err(IllegalMove::GameOver));
        }
    }
}
