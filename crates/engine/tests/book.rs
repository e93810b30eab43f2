//! The opening book: the shipped files, the file format and its errors, the
//! generator (checked against an exact search), and its use by the computer
//! player and the engine protocol.

use std::time::{Duration, Instant};

use mancala_core::{Game, Move, Variant};
use mancala_engine::book::{self, Book, BookError, BookOptions};
use mancala_engine::session::{NoEndgame, Session, Transcript};
use mancala_engine::{computer_move, SearchLimits, SearchOptions, Searcher};

fn oware() -> Variant {
    Variant::preset("oware").unwrap()
}

/// A small Oware board, three pits a side and two seeds each: a book of it
/// is quick to build and its positions can be solved.
fn small_oware() -> Variant {
    oware().at_size(Some(3), Some(2)).unwrap()
}

fn small_book(nodes: u64) -> Book {
    book_of(&small_oware(), nodes)
}

fn book_of(v: &Variant, nodes: u64) -> Book {
    let options = BookOptions { plies: 4, all_plies: 1, nodes, width: 2, margin: 1 };
    Book::generate(v, options, &mut |_, _| {})
}

/// Every shipped book reads back without error, covers its variant's start
/// and is found for that variant only.
#[test]
fn the_shipped_books_are_sound() {
    let texts = book::shipped_texts();
    assert_eq!(texts.len(), 4);
    for (file, text) in texts {
        let b = Book::parse(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let v = Variant::preset(b.variant().name()).unwrap();
        assert_eq!(format!("{}.txt", v.name()), *file);
        assert!(b.len() > 1, "{file}: {} positions", b.len());
        let start = Game::new(v.clone());
        let moves = b.moves(&start).unwrap_or_else(|| panic!("{file} has no start position"));
        assert!(!moves.is_empty());
        assert!(moves.windows(2).all(|w| w[0].score >= w[1].score), "{file}: not best first");
        let found = book::shipped(&v).expect("the shipped book is found");
        assert_eq!(found.variant().name(), v.name());
        // Written by its own printer: the file is what `to_text` prints.
        let body: String =
            text.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect();
        assert_eq!(b.to_text(&[]), body, "{file}");
    }
    // Another size, or another rule set, has no book.
    assert!(book::shipped(&oware().at_size(Some(5), None).unwrap()).is_none());
    assert!(book::shipped(&Variant::preset("kalah").unwrap()).is_none());
    let mankalah = Variant::preset("mankalah").unwrap();
    assert!(book::shipped(&mankalah.at_size(Some(6), None).unwrap()).is_none());
}

/// The pie rule in a book: in Kalah(7,7) every first move offers the swap,
/// the book holds the position after each with the swap among its moves
/// where the analysis kept it, and the game after each first move and a
/// swap (the first two moves are all followed) is in the book too, with
/// the first player to move again.
#[test]
fn the_mankalah_book_follows_the_swap() {
    let v = Variant::preset("mankalah").unwrap();
    let b = book::shipped(&v).expect("a mankalah book is shipped");
    let start = Game::new(v.clone());
    let mut swaps_kept = 0;
    for first in start.legal_moves().iter() {
        let mut game = start.clone();
        game.play(first).unwrap();
        assert!(game.position().swap_offered());
        let moves = b.moves(&game).unwrap_or_else(|| panic!("after {first}"));
        swaps_kept += moves.iter().filter(|m| m.mv == Move::Swap).count();
        game.play(Move::Swap).unwrap();
        assert_eq!(game.position().to_move(), start.position().to_move());
        let after_swap = b.moves(&game).unwrap_or_else(|| panic!("after {first}, swap"));
        for m in after_swap {
            assert!(game.legal_moves().contains(m.mv), "{first}, swap: {}", m.mv);
        }
    }
    // The analysis judged the swap worth playing after some first moves.
    assert!(swaps_kept > 0);
}

/// A book written and read back is the same book.
#[test]
fn a_book_round_trips_through_its_text() {
    let b = small_book(20_000);
    let text = b.to_text(&["a comment".to_string()]);
    assert!(text.starts_with("# a comment\nmancala-book 1 oware 3 2 plies 4 nodes 20000\n"));
    assert_eq!(Book::parse(&text).unwrap(), b);
}

/// The text of the small book with one line changed by `edit`.
fn edited(edit: impl Fn(usize, &str) -> Option<String>) -> String {
    let text = small_book(20_000).to_text(&[]);
    text.lines().enumerate().filter_map(|(i, l)| edit(i + 1, l)).map(|l| format!("{l}\n")).collect()
}

/// A damaged or wrong book is refused with the line and what is wrong.
#[test]
fn a_damaged_book_is_a_clear_error() {
    let err = |text: &str| Book::parse(text).unwrap_err();
    // A score changed: only the checksum can tell.
    let changed = edited(|n, l| {
        Some(if n == 2 {
            let (rest, score) = l.rsplit_once(':').unwrap();
            format!("{rest}:{:+}", score.parse::<i32>().unwrap() + 1)
        } else {
            l.into()
        })
    });
    let e = err(&changed);
    assert!(matches!(e, BookError::Checksum { line: _, .. }), "{e}");
    assert!(e.to_string().contains("the file is damaged"), "{e}");
    // Cut short: no checksum.
    let cut = edited(|n, l| (n <= 3).then(|| l.to_string()));
    assert_eq!(err(&cut), BookError::NoChecksum { line: 3 });
    assert_eq!(err(""), BookError::NoHeader);
    // Another format version.
    let v2 = edited(|n, l| {
        Some(if n == 1 { l.replace("mancala-book 1", "mancala-book 2") } else { l.into() })
    });
    assert_eq!(err(&v2), BookError::Version { line: 1, found: "2".into() });
    // A variant that does not exist, or a size it does not allow.
    let unknown =
        edited(|n, l| Some(if n == 1 { l.replace(" oware ", " owari ") } else { l.into() }));
    assert!(matches!(err(&unknown), BookError::Variant { line: 1, .. }));
    let huge =
        edited(|n, l| Some(if n == 1 { l.replace("oware 3 2", "oware 3 200") } else { l.into() }));
    assert!(matches!(err(&huge), BookError::Variant { line: 1, .. }), "{}", err(&huge));
    // A position of another size, and a move that is not legal there.
    let wrong_size = edited(|n, l| {
        Some(if n == 2 {
            l.replacen("2,2,2:0/2,2,2:0/S", "2,2,2,2:0/2,2:0/S", 1)
        } else {
            l.into()
        })
    });
    let e = err(&wrong_size);
    assert!(matches!(e, BookError::Position { line: 2, .. }), "{e}");
    let illegal = edited(|n, l| {
        Some(if n == 2 { format!("{} 9:+0", l.split(' ').next().unwrap()) } else { l.into() })
    });
    assert_eq!(err(&illegal), BookError::Move { line: 2, text: "9:+0".into() });
    let no_moves = edited(|n, l| {
        Some(if n == 2 { l.split(' ').next().unwrap().to_string() } else { l.into() })
    });
    assert!(matches!(err(&no_moves), BookError::NoMoves { line: 2, .. }));
    // A position twice; text after the checksum.
    let twice = edited(|n, l| Some(if n == 2 { format!("{l}\n{l}") } else { l.into() }));
    assert!(matches!(err(&twice), BookError::Duplicate { line: 3, .. }));
    let trailing = format!("{}more\n", small_book(20_000).to_text(&[]));
    assert!(matches!(err(&trailing), BookError::AfterChecksum { .. }));
    // A header missing a part.
    let header = edited(|n, l| Some(if n == 1 { l.replace(" plies", "") } else { l.into() }));
    assert!(matches!(err(&header), BookError::Header { line: 1, .. }));
}

/// The generator: the same options give the same book; every move is
/// followed for the first `all_plies` moves; each position keeps the best
/// move and those within the margin, best first.
#[test]
fn the_generator_is_deterministic_and_keeps_what_it_says() {
    let b = small_book(20_000);
    assert_eq!(small_book(20_000), b);
    let start = Game::new(small_oware());
    for mv in start.legal_moves().iter() {
        let mut g = start.clone();
        g.play(mv).unwrap();
        if !g.position().is_over() {
            assert!(b.moves(&g).is_some(), "the reply to {mv} is in the book");
        }
    }
    let text = b.to_text(&[]);
    for line in text.lines().skip(1).filter(|l| !l.starts_with("checksum")) {
        let scores: Vec<i32> = line
            .split(' ')
            .skip(1)
            .map(|m| m.split(':').nth(1).unwrap().parse().unwrap())
            .collect();
        assert!((1..=2).contains(&scores.len()), "{line}");
        assert!(scores.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1), "{line}");
    }
}

/// With enough nodes to solve each position, the book's best score is the
/// position's exact value, as a separate unlimited search finds it (Kalah,
/// where the search proves every value: a repetition rule can keep it from
/// doing so).
#[test]
fn a_solved_book_holds_exact_values() {
    let kalah = Variant::preset("kalah").unwrap().at_size(Some(3), Some(3)).unwrap();
    let b = book_of(&kalah, 5_000_000);
    let mut searcher = Searcher::new(SearchOptions::default());
    // Every game of the book's length: each position the book holds.
    let mut stack = vec![Game::new(kalah)];
    let mut checked = 0;
    while let Some(game) = stack.pop() {
        if let Some(moves) = b.moves(&game) {
            searcher.clear();
            let exact = searcher.search(&game, SearchLimits::default(), None, &mut |_| {});
            assert!(exact.exact);
            assert_eq!(moves[0].score, exact.score, "at {}", game.position());
            checked += 1;
        }
        if game.moves().len() < b.plies() as usize {
            for mv in game.legal_moves().iter() {
                let mut next = game.clone();
                next.play(mv).unwrap();
                stack.push(next);
            }
        }
    }
    assert!(checked >= 4, "{checked} positions checked");
}

/// The book answers only games of its variant from the start, within its
/// plies; `pick` gives the best or, with a seed, one of its moves.
#[test]
fn the_book_answers_only_where_it_applies() {
    let b = small_book(20_000);
    let v = small_oware();
    let game = Game::new(v.clone());
    let moves = b.moves(&game).unwrap().to_vec();
    assert_eq!(b.pick(&game, None).unwrap(), moves[0]);
    for seed in 0..20 {
        let m = b.pick(&game, Some(seed)).unwrap();
        assert!(moves.contains(&m));
        assert_eq!(b.pick(&game, Some(seed)), Some(m), "the same seed, the same move");
    }
    // The same board set up as a position of its own: not from the start.
    let mut later = game.clone();
    later.play(Move::Sow(0)).unwrap();
    let set_up = Game::from_position(v.clone(), *later.position());
    assert!(b.moves(&later).is_some());
    assert!(b.moves(&set_up).is_none());
    // Another size.
    assert!(b.moves(&Game::new(oware())).is_none());
    // Beyond the book's plies.
    let mut deep = game.clone();
    while deep.moves().len() < b.plies() as usize && !deep.position().is_over() {
        let mv = deep.legal_moves()[0];
        deep.play(mv).unwrap();
    }
    assert!(b.moves(&deep).is_none());
}

/// The computer player opens from the shipped book: its best move from
/// level 6 up, one of its moves at the lower levels.
#[test]
fn the_computer_opens_from_the_book() {
    let v = oware();
    let b = book::shipped(&v).unwrap();
    let start = Game::new(v);
    let moves = b.moves(&start).unwrap();
    for level in 6..=10 {
        assert_eq!(computer_move(&start, level, 3), moves[0].mv, "level {level}");
    }
    let mut seen: Vec<Move> = Vec::new();
    for seed in 0..40 {
        let mv = computer_move(&start, 2, seed);
        assert!(moves.iter().any(|m| m.mv == mv), "{mv} is not in the book");
        if !seen.contains(&mv) {
            seen.push(mv);
        }
    }
    assert_eq!(seen.len(), moves.len(), "every book move is played at some seed");
}

fn session() -> (Session, Transcript) {
    let replies = Transcript::default();
    (Session::new(oware(), 16, replies.out(), Box::new(NoEndgame)).unwrap(), replies)
}

fn wait_for_bestmove(replies: &Transcript, n: usize) {
    let started = Instant::now();
    while replies.lines().iter().filter(|l| l.starts_with("bestmove")).count() < n {
        assert!(started.elapsed() < Duration::from_secs(30), "no bestmove: {:?}", replies.lines());
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The protocol: `go` with a time limit answers from the book at once;
/// `go depth` searches; `book off` searches; `book` takes on or off.
#[test]
fn the_engine_answers_from_the_book_until_told_not_to() {
    let best = book::shipped(&oware()).unwrap().moves(&Game::new(oware())).unwrap()[0];
    let (mut s, replies) = session();
    s.line("position startpos");
    s.line("go movetime 5000");
    wait_for_bestmove(&replies, 1);
    let lines = replies.lines();
    assert_eq!(
        lines,
        vec![
            format!(
                "info string book move {} (score {:+} in the opening book)",
                best.mv, best.score
            ),
            format!("bestmove {}", best.mv),
        ]
    );
    s.line("go depth 3");
    wait_for_bestmove(&replies, 2);
    assert!(replies.lines()[2].starts_with("info depth 1"), "{:?}", replies.lines());
    s.line("book off");
    s.line("go movetime 50");
    wait_for_bestmove(&replies, 3);
    assert!(!replies.lines()[2..].iter().any(|l| l.contains("book move")), "{:?}", replies.lines());
    s.line("book maybe");
    s.line("book");
    s.line("book on now");
    let lines = replies.lines();
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(
        errors,
        vec![
            "error book: say on or off, found \"maybe\"",
            "error book: say on or off: book on|off",
            "error book takes one word, on or off; found \"now\" after it",
        ]
    );
    // A book position set up from its string is not a game from the
    // start (its history is unknown): searched.
    s.line("book on");
    let mut after = Game::new(oware());
    after.play(best.mv).unwrap();
    assert!(book::shipped(&oware()).unwrap().moves(&after).is_some());
    s.line(&format!("position {}", after.position()));
    s.line("go movetime 50");
    wait_for_bestmove(&replies, 4);
    let n = replies.lines().len();
    assert!(!replies.lines()[n - 2].contains("book move"));
}
