//! The wide layout (notes/wide-board.md, stage 2): which rule sets get it
//! ([`Variant::layout`]), the limits the rules' check names, and the
//! refusal of the constructors front ends call, which cannot play a wide
//! board yet. The games of wide boards are compared with the plain
//! reference in `reference.rs`, their replays in `sowing.rs`.

use mancala_core::*;

/// `hus` at `pits` a row, its range let up to 12 (the wide layout's most).
fn hus_rules(pits: u8) -> Rules {
    let mut rules = Variant::preset("hus").unwrap().rules().clone();
    rules.board.pits_per_side_range = [2, 12];
    rules.board.pits_per_side = pits;
    rules
}

/// `kalah` at 6 pits of `seeds`, its range let up to `seeds`.
fn kalah_rules(seeds: u8) -> Rules {
    let mut rules = Variant::preset("kalah").unwrap().rules().clone();
    rules.board.seeds_per_pit_range = [1, seeds];
    rules.board.pits_per_side = 6;
    rules.board.seeds_per_pit = seeds;
    rules
}

#[test]
fn every_preset_but_hus_12_takes_the_compact_layout() {
    for v in Variant::presets() {
        let wide = v.name() == "hus-12";
        assert_eq!(v.layout() == LayoutKind::Wide, wide, "{}", v.name());
    }
}

#[test]
fn a_board_past_the_compact_limits_takes_the_wide_layout() {
    let v = Variant::new(hus_rules(8)).unwrap();
    assert_eq!(v.layout(), LayoutKind::Compact);
    for pits in 9..=12 {
        let v = Variant::new(hus_rules(pits)).unwrap();
        assert_eq!((v.layout(), v.pits_per_side()), (LayoutKind::Wide, 2 * pits as usize));
    }
    // 12 pits x 21 seeds: 252 seeds fit a byte; 12 x 22 = 264 do not.
    let v = Variant::new(kalah_rules(21)).unwrap();
    assert_eq!(v.layout(), LayoutKind::Compact);
    let v = Variant::new(kalah_rules(22)).unwrap();
    assert_eq!((v.layout(), v.total_seeds()), (LayoutKind::Wide, 264));
    // A compact board played in the wide layout on purpose.
    let kalah = Variant::preset("kalah").unwrap();
    assert_eq!(kalah.in_wide_layout().layout(), LayoutKind::Wide);
}

#[test]
fn every_constructor_takes_the_wide_board_in_the_wide_layout() {
    // Four rows of 12, from rules, by resizing, by a size typed in.
    let v = Variant::new(hus_rules(12)).unwrap();
    assert_eq!((v.layout(), v.pits_per_side()), (LayoutKind::Wide, 24));
    let hus = Variant::new(hus_rules(8)).unwrap();
    assert_eq!(hus.resized(Some(12), None).unwrap().layout(), LayoutKind::Wide);
    let v = hus.at_size(Some(10), None).unwrap();
    assert_eq!((v.layout(), v.pits_per_row()), (LayoutKind::Wide, 10));
    assert_eq!(hus.at_size(None, None).unwrap().layout(), LayoutKind::Compact);
    let e = hus.at_size(Some(13), None).unwrap_err();
    assert!(e.contains("cannot be played at that size"), "{e}");
    // More than 255 seeds.
    let v = Variant::new(kalah_rules(50)).unwrap();
    assert_eq!((v.layout(), v.total_seeds()), (LayoutKind::Wide, 600));
    // A variant file's text, and a file by its path.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/hus.toml"))
        .unwrap()
        .replace("pits_per_side = 8 ", "pits_per_side = 12 ")
        .replace("pits_per_side_range = [2, 8]", "pits_per_side_range = [2, 12]");
    let v = Variant::from_toml(&text).unwrap();
    assert_eq!((v.layout(), v.pits_per_side()), (LayoutKind::Wide, 24));
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/hus-12.toml"));
    let v = Variant::from_file(path).unwrap();
    assert_eq!((v.layout(), v.pits_per_row(), v.total_seeds()), (LayoutKind::Wide, 12, 72));
    assert_eq!(v.rules(), Variant::preset("hus-12").unwrap().rules());
}

#[test]
fn the_rules_check_names_the_widest_layouts_limits() {
    let mut rules = hus_rules(12);
    rules.board.pits_per_side_range = [2, 13];
    let e = rules.check().unwrap_err().to_string();
    assert!(e.contains("at most 12 pits a row when board.rows = 4"), "{e}");
    let e = kalah_rules(84).check().unwrap_err().to_string();
    assert!(e.contains("at most 1000 seeds in all") && e.contains("this makes 1008"), "{e}");
    assert!(kalah_rules(83).check().is_ok());
    assert_eq!(LayoutKind::WIDEST.limits().total_seeds, 1000);
    assert_eq!(LayoutKind::WIDEST.limits().pits_per_row_on_four, 12);
    assert_eq!(LayoutKind::Compact.limits().total_seeds, MAX_TOTAL_SEEDS);
}

#[test]
fn a_wide_position_starts_plays_and_lists_all_24_pits() {
    let v = Variant::new(hus_rules(12)).unwrap();
    let p = Position::<Wide>::start_in(&v);
    // 2 seeds in each outer pit and the right half of each inner row.
    assert_eq!(p.total_seeds(), 72);
    assert_eq!(p.row(Side::South)[..12], [2; 12]);
    assert_eq!(p.row(Side::South)[12..18], [2; 6]);
    assert_eq!(p.row(Side::South)[18..], [0; 6]);
    // Every pit holding 2 or more may move: 18 of the 24.
    assert_eq!(p.legal_moves(&v).len(), 18);
    // 2 seeds in every pit: all 24 pits move, past the compact list's room.
    let mut rules = hus_rules(12);
    rules.board.start = StartPits::All;
    let v = Variant::new(rules).unwrap();
    let p = Position::<Wide>::start_in(&v);
    let moves = p.legal_moves(&v);
    assert!(moves.len() == 24 && moves.len() > MAX_MOVES);
    assert_eq!(moves[23], Move::Sow(23));
    let (next, report) = p.play(&v, Move::Sow(23)).unwrap();
    assert_eq!((report.sown, next.to_move()), (2, Side::North));
    assert_eq!(next.total_seeds(), 96);
}

/// Random games of `v` in the wide layout: at every position its string
/// reads back into the same position, and every legal move's notation
/// reads back into the move; at the end the game's record (its moves as
/// text) replays to the same position.
fn round_trips(v: &Variant, games: u64) -> usize {
    let mut x = 0x5EED_u64;
    let mut positions = 0;
    for _ in 0..games {
        let mut game = Game::from_position(v.clone(), Position::<Wide>::start_in(v));
        while !game.position().is_over() && game.moves().len() < 400 {
            let p = *game.position();
            let text = p.to_string();
            let back = Setup::<Wide>::from_str_in(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, Setup::from(p), "{text}");
            assert_eq!(back.position(v).unwrap(), p, "{text}");
            let legal = game.legal_moves();
            for mv in legal.iter() {
                assert_eq!(p.parse_move(v, &mv.to_string()), Ok(mv), "{text}: {mv}");
            }
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            game.play(legal[(x >> 33) as usize % legal.len()]).unwrap();
            positions += 1;
        }
        let record = format_moves(game.moves());
        let mut again = Game::from_position(v.clone(), Position::<Wide>::start_in(v));
        again.play_moves(&record).unwrap();
        assert_eq!(again.position(), game.position(), "{record}");
    }
    positions
}

#[test]
fn a_wide_positions_string_moves_and_record_read_back() {
    // Four rows of 12: 24 pits a side, pit numbers of two digits.
    let v = Variant::new(hus_rules(12)).unwrap();
    assert!(round_trips(&v, 10) > 300);
    // 600 seeds: counts of three digits.
    let v = Variant::new(kalah_rules(50)).unwrap();
    assert!(round_trips(&v, 5) > 100);
    // The compact layout's string still refuses what it cannot hold.
    let wide = Position::<Wide>::start_in(&v).to_string();
    let e = wide.parse::<Setup>().unwrap_err().to_string();
    assert!(e.contains("holds 600 seeds: at most 255 (1000 in the wide layout)"), "{e}");
    let e = Setup::<Wide>::from_str_in(&wide.replace("50,", "150,")).unwrap_err().to_string();
    assert!(e.contains("at most 255 (1000 in the wide layout)"), "{e}");
}

/// The one dispatch (`with_layout!`) runs the generic body in the layout
/// the variant takes: a compact preset in `Compact`, four rows of 12 in
/// `Wide`, and the game it builds starts where `Position::start_in` does.
#[test]
fn with_layout_runs_the_body_in_the_variants_layout() {
    use mancala_core::{with_layout, Game, Layout, LayoutKind};
    fn kind_and_moves<L: Layout>(v: &Variant) -> (LayoutKind, usize) {
        let game = Game::<L>::new_in(v.clone());
        assert_eq!(*game.position(), Position::<L>::start_in(v));
        (L::KIND, game.legal_moves().len())
    }
    let kalah = Variant::preset("kalah").unwrap();
    assert_eq!(
        with_layout!(kalah.layout(), L => kind_and_moves::<L>(&kalah)),
        (LayoutKind::Compact, 6)
    );
    let hus = Variant::new(hus_rules(12)).unwrap();
    assert_eq!(with_layout!(hus.layout(), L => kind_and_moves::<L>(&hus)), (LayoutKind::Wide, 18));
}

/// The one refusal of what is compact by nature: a compact variant passes,
/// a wide one gets an error naming what refused it, the board and the
/// compact layout's limits.
#[test]
fn compact_only_refuses_the_wide_board_naming_the_board_and_the_limits() {
    assert_eq!(Variant::preset("oware").unwrap().compact_only("the solver"), Ok(()));
    let hus = Variant::new(hus_rules(12)).unwrap();
    let e = hus.compact_only("the solver").unwrap_err();
    assert_eq!((e.rows, e.pits_per_row, e.seeds), (4, 12, 72));
    assert_eq!(
        e.to_string(),
        "the solver takes only boards of the compact layout (at most 16 pits a side on two rows, \
         8 a row on four rows, 255 seeds in all), and hus is 4 rows of 12 pits with 72 seeds (the \
         wide layout)"
    );
}
