//! The move-list notation: printing then parsing gives back the list, every
//! separator the notation allows is read, bad lists are refused with the
//! move's place, and no text makes the parser panic.

use mancala_core::*;
use proptest::prelude::*;

fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![9 => (0u8..=254).prop_map(Move::Sow), 1 => Just(Move::Swap)]
}

/// One of the separators a list may use between two moves.
fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![",", " ", ", ", " ,", "\t", "  ,  ", " \t "])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn printed_lists_read_back(moves in prop::collection::vec(any_move(), 0..40)) {
        let text = format_moves(&moves);
        prop_assert_eq!(parse_moves(&text).unwrap(), moves);
    }

    #[test]
    fn any_separators_read_the_same(
        moves in prop::collection::vec(any_move(), 1..20),
        seps in prop::collection::vec(separator(), 20),
        upper in any::<bool>(),
    ) {
        let mut text = String::from("  ");
        for (i, mv) in moves.iter().enumerate() {
            if i > 0 {
                text.push_str(seps[i % seps.len()]);
            }
            let word = mv.to_string();
            text.push_str(&if upper { word.to_uppercase() } else { word });
        }
        text.push(' ');
        prop_assert_eq!(parse_moves(&text).unwrap(), moves);
    }

    #[test]
    fn no_text_makes_the_parsers_panic(text in ".{0,80}") {
        let _ = parse_moves(&text);
        let _ = text.parse::<Move>();
        let _ = text.parse::<Setup>();
        let mut game = Game::new(Variant::preset("kalah").unwrap());
        if let Err(e) = game.play_moves(&text) {
            // The message quotes at most QUOTE_MAX characters of the input.
            prop_assert!(e.text.chars().count() <= QUOTE_MAX + 3, "{}", e);
        }
    }

    #[test]
    fn an_empty_move_is_refused_where_it_is(
        moves in prop::collection::vec(any_move(), 1..10),
        at in 0usize..10,
    ) {
        let at = at % (moves.len() + 1);
        let mut words: Vec<String> = moves.iter().map(Move::to_string).collect();
        words.insert(at, String::new());
        let e = parse_moves(&words.join(",")).unwrap_err();
        prop_assert_eq!(e.index, at + 1);
        prop_assert_eq!(e.error, MoveError::Parse(ParseMoveError::Empty));
    }
}

#[test]
fn lists_and_their_errors() {
    assert_eq!(parse_moves("").unwrap(), []);
    assert_eq!(parse_moves("  \t ").unwrap(), []);
    assert_eq!(parse_moves("3 1").unwrap(), [Move::pit(3), Move::pit(1)]);
    assert_eq!(parse_moves("3,SWAP , 1").unwrap(), [Move::pit(3), Move::Swap, Move::pit(1)]);
    let e = parse_moves("3,,1").unwrap_err();
    assert_eq!((e.index, e.text.as_str()), (2, ""));
    assert_eq!(
        e.to_string(),
        "move #2 in the list (\"\"): no move given: enter a pit number or 'swap'"
    );
    assert_eq!(parse_moves("3,").unwrap_err().index, 2);
    assert_eq!(parse_moves(",3").unwrap_err().index, 1);
    let e = parse_moves("1 three").unwrap_err();
    assert_eq!(e.index, 2);
    assert!(e.to_string().contains("\"three\" is not a move"), "{e}");
    // A pit number too large for any board is echoed as written.
    let huge = "99999999999999999999999";
    let e = parse_moves(huge).unwrap_err();
    assert!(e.to_string().contains(&format!("there is no pit {huge}")), "{e}");
    let e = parse_moves("256").unwrap_err();
    assert!(e.to_string().contains("no pit 256: pits are numbered from 1 to at most 255"), "{e}");
    // Long input is quoted shortened.
    let long = "x".repeat(1000);
    let e = parse_moves(&long).unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
    // So are bad positions and variant names.
    for text in [format!("{}:0/1:0/S", "4,".repeat(500)), format!("1:0/1:0/{}", "S".repeat(500))] {
        let e = text.parse::<Setup>().unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
    }
    let e = Variant::preset(&"k".repeat(1000)).unwrap_err();
    assert!(e.to_string().len() < 400, "{e}");
}

#[test]
fn playing_a_list_checks_each_move_against_the_board() {
    let v = Variant::preset("kalah").unwrap();
    let mut game = Game::new(v.clone());
    game.play_moves("3 1").unwrap();
    assert_eq!(game.moves(), [Move::pit(3), Move::pit(1)]);
    let mut game = Game::new(v.clone());
    let e = game.play_moves("3,1,swap").unwrap_err();
    assert_eq!(e.index, 3);
    assert!(matches!(e.error, MoveError::Illegal(IllegalMove::SwapNotAllowed)), "{e}");
    let mut game = Game::new(v.clone());
    let e = game.play_moves("99999999999999999999999").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move #1 in the list (\"99999999999999999999999\"): pit 99999999999999999999999 does not \
         exist: pits are numbered 1 to 6"
    );
    let mut game = Game::new(v);
    let e = game.play_moves("7").unwrap_err();
    assert!(e.to_string().contains("pit 7 does not exist: pits are numbered 1 to 6"), "{e}");
}
