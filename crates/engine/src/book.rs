//! The opening book: the first moves of a game, chosen by a deep search.
//!
//! A book belongs to one shipped variant at its usual size. It holds, for
//! each position it covers, the moves worth playing there with the score a
//! long search gave each (in seeds, for the player to move), best first.
//! [`Book::generate`] writes one by analysing every position reached from
//! the start: every move for the first [`BookOptions::all_plies`] moves,
//! then the best move and those close to it, up to [`BookOptions::plies`]
//! moves into the game.
//!
//! The books shipped with the engine (`crates/engine/books/*.txt`) are
//! compiled in and checked once ([`shipped`]). The computer player and the
//! engine protocol (`book on|off`) play from them; the lower levels pick
//! among the book's moves at random, for variety.
//!
//! # The file
//! ```text
//! # comment lines start with '#'
//! mancala-book 1 VARIANT PITS SEEDS plies P nodes N
//! POSITION MOVE:SCORE MOVE:SCORE ...
//! ...
//! checksum HEX
//! ```
//! `POSITION` is a position string (`docs/notation.md`); its moves are
//! legal there, best first, scores signed. `HEX` is FNV-1a (64 bits) over
//! the header and entry lines as [`Book::to_text`] prints them, so a damaged
//! file is refused with the line that is wrong.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use mancala_core::{quote, Game, Move, Position, Variant};

use crate::playout::SplitMix64;
use crate::search::{SearchLimits, SearchOptions, Searcher};

/// The book file's format version (the header's second word).
pub const BOOK_VERSION: u32 = 1;

/// The books compiled into the engine: (file name, text).
const SHIPPED: &[(&str, &str)] = &[
    ("oware.txt", include_str!("../books/oware.txt")),
    ("abapa.txt", include_str!("../books/abapa.txt")),
    ("awari.txt", include_str!("../books/awari.txt")),
    ("mankalah.txt", include_str!("../books/mankalah.txt")),
];

/// A move of the book with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move: a pit to sow, or the swap.
    pub mv: Move,
    /// The move's score for the player to move, in seeds, from the search
    /// that wrote the book.
    pub score: i32,
}

/// How [`Book::generate`] builds a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// The book covers the positions of the first `plies` moves.
    pub plies: u32,
    /// Every move is followed for the first `all_plies` moves (so that
    /// games from any of those openings stay in the book); later, only the
    /// moves kept.
    pub all_plies: u32,
    /// Search nodes spent on each position (all its moves together).
    pub nodes: u64,
    /// Moves kept in a position: at most `width`, the best and those
    /// scoring at most `margin` seeds below it.
    pub width: usize,
    /// How many seeds below the best move's score a move may score and
    /// still be kept.
    pub margin: i32,
}

impl Default for BookOptions {
    fn default() -> BookOptions {
        BookOptions { plies: 6, all_plies: 2, nodes: 4_000_000, width: 2, margin: 1 }
    }
}

/// An opening book for one variant.
#[derive(Clone, Debug)]
pub struct Book {
    variant: Variant,
    plies: u32,
    nodes: u64,
    /// Position strings, in the order written, with their moves best first.
    entries: Vec<(String, Vec<BookMove>)>,
    index: HashMap<String, usize>,
}

impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        same_game(&self.variant, &other.variant)
            && self.plies == other.plies
            && self.nodes == other.nodes
            && self.entries == other.entries
    }
}

/// Whether two variants play the same game: same size, same rules (names
/// and descriptions aside).
pub fn same_game(a: &Variant, b: &Variant) -> bool {
    let (ra, rb) = (a.rules(), b.rules());
    a.pits_per_side() == b.pits_per_side()
        && a.seeds_per_pit() == b.seeds_per_pit()
        && ra.board.stores == rb.board.stores
        && ra.sowing == rb.sowing
        && ra.capture == rb.capture
        && ra.turn == rb.turn
        && ra.end == rb.end
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The file has no line but comments and blank ones.
    #[error("the book has no header line (`mancala-book {BOOK_VERSION} VARIANT PITS SEEDS plies P nodes N`)")]
    NoHeader,
    /// The header (the first line not a comment or blank) is not of the
    /// form `mancala-book VERSION VARIANT PITS SEEDS plies P nodes N`.
    #[error("line {line}: the header must read `mancala-book {BOOK_VERSION} VARIANT PITS SEEDS plies P nodes N`, found `{text}`")]
    Header {
        /// The line's number in the file, from 1.
        line: usize,
        /// The header line as written (shortened).
        text: String,
    },
    /// The header names a format version other than [`BOOK_VERSION`].
    #[error("line {line}: the book is format version {found}, but this program reads version {BOOK_VERSION}")]
    Version {
        /// The line's number in the file, from 1.
        line: usize,
        /// The version the header gives (shortened).
        found: String,
    },
    /// The header's variant is not a preset, or not at that board size.
    #[error("line {line}: {reason}")]
    Variant {
        /// The line's number in the file, from 1.
        line: usize,
        /// Why the variant could not be made.
        reason: String,
    },
    /// A line's first word is not a position of the book's variant with the
    /// game still on.
    #[error("line {line}: `{text}` is not a position string: {reason}")]
    Position {
        /// The line's number in the file, from 1.
        line: usize,
        /// The position as written (shortened).
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A position has a second line.
    #[error("line {line}: position {position} appears twice")]
    Duplicate {
        /// The line's number in the file, from 1.
        line: usize,
        /// The position string.
        position: String,
    },
    /// A position's line lists no moves.
    #[error("line {line}: position {position} has no moves")]
    NoMoves {
        /// The line's number in the file, from 1.
        line: usize,
        /// The position string.
        position: String,
    },
    /// A word that is not `MOVE:SCORE` with a move legal in the position,
    /// or a move listed twice.
    #[error("line {line}: `{text}` must be MOVE:SCORE (a move legal in the position, a whole number of seeds)")]
    Move {
        /// The line's number in the file, from 1.
        line: usize,
        /// The word as written (shortened).
        text: String,
    },
    /// The file ends without a `checksum` line.
    #[error("line {line}: the book has no `checksum` line after its positions")]
    NoChecksum {
        /// The number of the file's last line that is not a comment or
        /// blank, from 1.
        line: usize,
    },
    /// The checksum differs from the one the header and position lines
    /// give: the file is damaged.
    #[error("line {line}: the checksum is {found} but the book's lines give {computed}: the file is damaged")]
    Checksum {
        /// The line's number in the file, from 1.
        line: usize,
        /// The checksum the file gives (shortened).
        found: String,
        /// The checksum of the book's lines as read.
        computed: String,
    },
    /// Text after the checksum, on its line or on a later one.
    #[error("line {line}: unexpected text after the checksum: `{text}`")]
    AfterChecksum {
        /// The line's number in the file, from 1.
        line: usize,
        /// The text found (shortened): the next word on the checksum line,
        /// or the next line.
        text: String,
    },
}

/// FNV-1a, 64 bits.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

impl Book {
    /// The variant the book is for.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The book covers the positions of the first `plies` moves.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's moves for `game`, best first: `None` unless the game is
    /// of the book's variant, began at its start and is still within the
    /// book's plies at a position the book holds.
    pub fn moves(&self, game: &Game) -> Option<&[BookMove]> {
        if game.moves().len() >= self.plies as usize
            || !same_game(game.variant(), &self.variant)
            || *game.start() != Position::start(&self.variant)
        {
            return None;
        }
        let i = *self.index.get(&game.position().to_string())?;
        Some(&self.entries[i].1)
    }

    /// The move to play from the book: the best, or with `variety` one of
    /// its moves drawn at random from that seed (the same seed and game
    /// give the same move).
    pub fn pick(&self, game: &Game, variety: Option<u64>) -> Option<BookMove> {
        let moves = self.moves(game)?;
        match variety {
            None => moves.first().copied(),
            Some(seed) => {
                let mut rng = SplitMix64::for_move(seed, game);
                Some(moves[rng.below(moves.len() as u32) as usize])
            }
        }
    }

    /// The header line.
    fn header(&self) -> String {
        format!(
            "mancala-book {BOOK_VERSION} {} {} {} plies {} nodes {}",
            self.variant.name(),
            self.variant.pits_per_row(),
            self.variant.seeds_per_pit(),
            self.plies,
            self.nodes
        )
    }

    /// One position's line.
    fn entry_line(position: &str, moves: &[BookMove]) -> String {
        let mut line = position.to_string();
        for m in moves {
            line.push_str(&format!(" {}:{:+}", m.mv, m.score));
        }
        line
    }

    /// The header and entry lines, each ended by a line end: what the
    /// checksum covers.
    fn body(&self) -> String {
        let mut text = self.header();
        text.push('\n');
        for (p, m) in &self.entries {
            text.push_str(&Book::entry_line(p, m));
            text.push('\n');
        }
        text
    }

    /// The checksum of the header and entry lines.
    fn checksum(&self) -> String {
        format!("{:016x}", fnv1a(&self.body()))
    }

    /// The book as a file: `comments` (each line written after `# `), the
    /// header, one line per position, the checksum.
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut out = String::new();
        for c in comments {
            out.push_str(&format!("# {c}\n"));
        }
        let body = self.body();
        out.push_str(&body);
        out.push_str(&format!("checksum {:016x}\n", fnv1a(&body)));
        out
    }

    /// Reads a book file (see the module documentation), checking every
    /// line: the variant exists at that size, each position is of that
    /// variant and not over, each move is legal there, and the checksum.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let (hl, header) = lines.next().ok_or(BookError::NoHeader)?;
        let words: Vec<&str> = header.split_ascii_whitespace().collect();
        let bad_header = || BookError::Header { line: hl, text: quote(header) };
        let ["mancala-book", version, name, pits, seeds, "plies", plies, "nodes", nodes] =
            words[..]
        else {
            return Err(bad_header());
        };
        if version != BOOK_VERSION.to_string() {
            return Err(BookError::Version { line: hl, found: quote(version) });
        }
        let (Ok(pits), Ok(seeds), Ok(plies), Ok(nodes)) =
            (pits.parse::<u32>(), seeds.parse::<u32>(), plies.parse::<u32>(), nodes.parse::<u64>())
        else {
            return Err(bad_header());
        };
        let variant = Variant::preset(name)
            .map_err(|e| e.to_string())
            .and_then(|v| v.at_size(Some(pits), Some(seeds)).map_err(|e| e.to_string()))
            .map_err(|reason| BookError::Variant { line: hl, reason })?;
        let mut book = Book { variant, plies, nodes, entries: Vec::new(), index: HashMap::new() };
        let mut last = hl;
        for (n, line) in lines.by_ref() {
            last = n;
            let mut words = line.split_ascii_whitespace();
            let first = words.next().unwrap_or_default();
            if first == "checksum" {
                let found = words.next().unwrap_or_default().to_string();
                if let Some(extra) = words.next() {
                    return Err(BookError::AfterChecksum { line: n, text: quote(extra) });
                }
                let computed = book.checksum();
                if found != computed {
                    return Err(BookError::Checksum { line: n, found: quote(&found), computed });
                }
                if let Some((n, extra)) = lines.next() {
                    return Err(BookError::AfterChecksum { line: n, text: quote(extra) });
                }
                return Ok(book);
            }
            let position = book.read_position(n, first)?;
            let game = Game::from_position(book.variant.clone(), position);
            let legal = game.legal_moves();
            let mut moves = Vec::new();
            for word in words {
                let bad = || BookError::Move { line: n, text: quote(word) };
                let (mv, score) = word.split_once(':').ok_or_else(bad)?;
                let mv: Move = mv.parse().map_err(|_| bad())?;
                let score: i32 = score.parse().map_err(|_| bad())?;
                if !legal.contains(mv) || moves.iter().any(|m: &BookMove| m.mv == mv) {
                    return Err(bad());
                }
                moves.push(BookMove { mv, score });
            }
            let key = position.to_string();
            if moves.is_empty() {
                return Err(BookError::NoMoves { line: n, position: key });
            }
            if book.index.contains_key(&key) {
                return Err(BookError::Duplicate { line: n, position: key });
            }
            book.index.insert(key.clone(), book.entries.len());
            book.entries.push((key, moves));
        }
        Err(BookError::NoChecksum { line: last })
    }

    /// A position of the book's variant, not over, from its string.
    fn read_position(&self, line: usize, text: &str) -> Result<Position, BookError> {
        let bad = |reason: String| BookError::Position { line, text: quote(text), reason };
        let p = Position::from_text(&self.variant, text).map_err(|e| bad(e.to_string()))?;
        if p.is_over() {
            return Err(bad("the game is over there".into()));
        }
        Ok(p)
    }

    /// Writes the book of `variant` (see [`BookOptions`]): each position is
    /// analysed with a table cleared before it, on one thread, so the same
    /// options give the same book. `progress(done, queued)` is called after
    /// each position.
    pub fn generate(
        variant: &Variant,
        options: BookOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Book {
        let mut searcher = Searcher::new(SearchOptions { hash_mb: 64, ..SearchOptions::default() });
        let mut book = Book {
            variant: variant.clone(),
            plies: options.plies,
            nodes: options.nodes,
            entries: Vec::new(),
            index: HashMap::new(),
        };
        let mut queue = vec![Game::new(variant.clone())];
        // Every position ever queued, analysed or waiting.
        let mut queued: HashSet<String> = HashSet::from([queue[0].position().to_string()]);
        let mut done = 0;
        while done < queue.len() {
            let game = queue[done].clone();
            done += 1;
            let ply = game.moves().len() as u32;
            searcher.clear();
            let analysis =
                searcher.analyze(&game, SearchLimits::nodes(options.nodes), None, &mut |_| {});
            let Some(best) = analysis.moves.first().map(|m| m.score) else { continue };
            let kept: Vec<BookMove> = analysis
                .moves
                .iter()
                .filter(|m| m.score >= best - options.margin)
                .take(options.width.max(1))
                .map(|m| BookMove { mv: m.mv, score: m.score })
                .collect();
            let key = game.position().to_string();
            book.index.insert(key.clone(), book.entries.len());
            book.entries.push((key, kept.clone()));
            if ply + 1 < options.plies {
                let follow: Vec<Move> = if ply < options.all_plies {
                    analysis.moves.iter().map(|m| m.mv).collect()
                } else {
                    kept.iter().map(|m| m.mv).collect()
                };
                for mv in follow {
                    let mut next = game.clone();
                    next.play_unchecked(mv);
                    if !next.position().is_over() && queued.insert(next.position().to_string()) {
                        queue.push(next);
                    }
                }
            }
            progress(done, queue.len());
        }
        book
    }
}

/// The books compiled in, checked once.
///
/// # Panics
/// If a compiled-in book is damaged (a test reads them all, so a build
/// that ships one fails its tests first).
fn shipped_books() -> &'static [Book] {
    static BOOKS: OnceLock<Vec<Book>> = OnceLock::new();
    BOOKS.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|(file, text)| match Book::parse(text) {
                Ok(b) => b,
                Err(e) => panic!("crates/engine/books/{file}: {e}"),
            })
            .collect()
    })
}

/// The shipped book for a variant (same size, same rules), if there is one.
pub fn shipped(variant: &Variant) -> Option<&'static Book> {
    shipped_books().iter().find(|b| same_game(&b.variant, variant))
}

/// The texts of the shipped books, by file name (for tests).
pub fn shipped_texts() -> &'static [(&'static str, &'static str)] {
    SHIPPED
}
