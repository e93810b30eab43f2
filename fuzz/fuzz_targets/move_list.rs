//! Move lists: `parse_moves` never panics and what it reads prints and
//! reads back; `Game::play_moves` against a variant (picked by the first
//! byte: a preset, or a size of the wide layout), in its layout, plays
//! exactly the moves before the first bad one, legally.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{
    format_moves, parse_moves, with_layout, Game, Layout, Move, MoveListError, Variant, QUOTE_MAX,
};
use mancala_fuzz::{replay, variant};

/// The longest a move list's error may be: it quotes the move twice (the
/// list's place and the move's own error), each quote at most
/// `QUOTE_MAX` characters and `...`, each character escaped in at most 10
/// bytes (`\u{10ffff}`), plus the prose.
const ERROR_MAX: usize = 2 * (10 * (QUOTE_MAX + 3) + 2) + 200;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let parsed = parse_moves(text);
    match &parsed {
        Ok(moves) => {
            let printed = format_moves(moves);
            assert_eq!(parse_moves(&printed).as_ref(), Ok(moves), "{printed:?}");
        }
        Err(e) => {
            assert!(e.index >= 1);
            // The move is quoted, shortened: the message stays short.
            assert!(e.text.chars().count() <= QUOTE_MAX + 8, "{:?}", e.text);
            assert!(e.to_string().len() <= ERROR_MAX, "{e}");
        }
    }
    let v = variant(pick);
    with_layout!(v.layout(), L => play_list::<L>(&v, text, &parsed));
});

/// `Game::play_moves` of `text` in a game of `v` in its layout `L`: it
/// plays the list `parsed` (what `parse_moves` made of the text) or the
/// moves before the bad one, never past one that does not parse, and they
/// replay legally.
fn play_list<L: Layout>(v: &Variant, text: &str, parsed: &Result<Vec<Move>, MoveListError>) {
    let total = v.total_seeds();
    let mut game = Game::<L>::new_in(v.clone());
    match game.play_moves(text) {
        Ok(()) => {
            let moves = parsed.as_ref().expect("a list that plays parses");
            assert_eq!(game.moves(), &moves[..]);
        }
        Err(e) => {
            assert!(e.to_string().len() <= ERROR_MAX, "{e}");
            // The moves before the bad one have been played.
            assert_eq!(game.moves().len(), e.index - 1);
            if let Err(pe) = parsed {
                assert!(e.index <= pe.index, "play_moves went past a move that does not parse");
            }
        }
    }
    assert_eq!(game.position().total_seeds(), total);
    assert_eq!(replay(&game), *game.position());
}
