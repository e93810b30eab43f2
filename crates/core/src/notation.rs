//! Text forms of moves and positions (see `docs/notation.md`).
//!
//! Parsing errors (the text is not a move or a position) are kept apart from
//! legality errors (a well-formed move that this position does not allow).
//!
//! A position string has three fields separated by `/`:
//!
//! ```text
//! 4,4,0,5,5,5:1/4,4,4,4,4,4:0/N+swap
//! └─ South ──┘ └─ North ──┘ └ state
//! ```
//!
//! Each row lists a player's pits from that player's own left, then `:` and
//! their store. The state is the side to move (`S` or `N`) followed by `+opening`
//! (the first move of a pie-rule game), `+swap` (the pie rule's swap is on
//! offer), `+take2` (bonus takes due, rule `capture.bonus_pits`) or
//! `#reason` once the game is over (`#majority`, `#empty-side`,
//! `#no-seeds`, `#cannot-feed`, `#only-grand-slams`, `#cycle`, `#endless-sowing`,
//! `#no-move`).

use std::fmt;
use std::str::FromStr;

use crate::layout::{Count, Layout, LayoutKind, WIDE_PIT_CELLS};
use crate::position::{EndReason, IllegalMove, Position, BONUS_SHIFT, OPENING, SWAP_OFFERED};
use crate::rules::{
    EmptySide, GrandSlam, Repetition, MAX_BONUS_PITS, MAX_PITS_PER_SIDE,
    MAX_PITS_PER_SIDE_IN_ROUNDS, MAX_PITS_PER_SIDE_WITH_CLAIMS, MAX_PITS_PER_SIDE_WITH_END_PITS,
    MAX_TOTAL_SEEDS,
};
use crate::setup::Setup;
use crate::{Direction, Game, Move, Side, Variant};

/// The longest piece of user text quoted back in an error message.
pub const QUOTE_MAX: usize = 40;

/// `text` shortened to [`QUOTE_MAX`] characters (with `...` when cut), for
/// quoting user input in a message.
pub fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_MAX {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(QUOTE_MAX).collect::<String>())
    }
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is empty or only white space.
    #[error("no move given: enter a pit number or 'swap'")]
    Empty,
    /// Text that is neither a pit number nor `swap`; the text as given
    /// (shortened).
    #[error("{0:?} is not a move: enter a pit number or 'swap'")]
    NotAMove(String),
    /// A pit number too large for any board; the text as given (shortened).
    #[error("there is no pit {0}: pits are numbered from 1 to at most {max}", max = u8::MAX)]
    NoSuchPit(String),
    /// A pit number followed by something other than a direction; the
    /// text as given (shortened).
    #[error(
        "{0:?} is not a move: a pit number stands alone, or is followed by a direction, 'ccw' \
         (counter-clockwise) or 'cw' (clockwise), as in 3ccw"
    )]
    NotADirection(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if t.eq_ignore_ascii_case("swap") {
            return Ok(Move::Swap);
        }
        // A bonus take: `t` and the opponent's pit number (`t5`, any case).
        if let Some(number) = t.strip_prefix(['t', 'T']) {
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                return match number.parse::<u64>() {
                    Ok(n @ 1..=255) => Ok(Move::Take((n - 1) as u8)),
                    _ => Err(ParseMoveError::NoSuchPit(quote(number))),
                };
            }
        }
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return match t.parse::<u64>() {
                Ok(n @ 1..=255) => Ok(Move::Sow((n - 1) as u8)),
                _ => Err(ParseMoveError::NoSuchPit(quote(t))),
            };
        }
        // A pit and a direction: `3ccw`, `3cw` (any case).
        let digits = t.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let (number, suffix) = t.split_at(digits);
            let way = if suffix.eq_ignore_ascii_case("ccw") {
                Some(Direction::CounterClockwise)
            } else if suffix.eq_ignore_ascii_case("cw") {
                Some(Direction::Clockwise)
            } else {
                None
            };
            if let Some(way) = way {
                return match number.parse::<u64>() {
                    Ok(n @ 1..=255) => Ok(Move::Directed((n - 1) as u8, way)),
                    _ => Err(ParseMoveError::NoSuchPit(quote(number))),
                };
            }
            // Letters after the number: meant as a direction.
            if suffix.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Err(ParseMoveError::NotADirection(quote(t)));
            }
        }
        Err(ParseMoveError::NotAMove(quote(t)))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(k) => write!(f, "{}", *k as u32 + 1),
            Move::Directed(k, way) => write!(f, "{}{}", *k as u32 + 1, way.suffix()),
            Move::Swap => f.write_str("swap"),
            Move::Take(k) => write!(f, "t{}", *k as u32 + 1),
        }
    }
}

/// A move that could not be read or cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// A well-formed move that the position does not allow.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A pit number far outside the board (too large to be a pit at all),
    /// as written.
    #[error("pit {text} does not exist: pits are numbered 1 to {pits}")]
    NoSuchPit {
        /// The pit number as written (shortened).
        text: String,
        /// The pits per side of the variant's board.
        pits: usize,
    },
}

impl<L: Layout> Position<L> {
    /// Reads a move written for this position and checks that it is legal.
    /// A pit number outside the board is a legality error naming the range.
    pub fn parse_move(&self, v: &Variant, text: &str) -> Result<Move, MoveError> {
        let mv = match text.parse::<Move>() {
            Ok(mv) => mv,
            Err(ParseMoveError::NoSuchPit(text)) => {
                return Err(MoveError::NoSuchPit { text, pits: v.move_pits() });
            }
            Err(e) => return Err(e.into()),
        };
        self.check_move(v, mv)?;
        Ok(mv)
    }
}

/// The moves of a move list as written: pieces separated by commas and/or
/// white space. An empty piece between two commas (or before or after one)
/// is kept, so that it is reported; a list of only white space has none.
fn move_pieces(text: &str) -> Vec<&str> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    let mut pieces = Vec::new();
    for part in text.split(',') {
        if part.trim().is_empty() {
            pieces.push("");
        } else {
            pieces.extend(part.split_whitespace());
        }
    }
    pieces
}

/// A move list with a bad move in it: which one (counted from 1), as
/// written (shortened to [`QUOTE_MAX`] characters), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move #{index} in the list ({text:?}): {error}")]
pub struct MoveListError {
    /// The bad move's place in the list, from 1.
    pub index: usize,
    /// The bad move as written, shortened.
    pub text: String,
    /// Why the move cannot be read or played.
    pub error: MoveError,
}

/// Reads a move list: moves (pit numbers from the mover's own left, or
/// `swap` in any letter case) separated by commas and/or white space, e.g.
/// `3,1,swap,4`, `3 1 swap 4` or `3, 1`. Empty text is the empty list; an
/// empty move (`3,,1`, `3,`) is an error. Checks the text only, not
/// legality: see [`Game::play_moves`] for that.
///
/// ```
/// use mancala_core::{parse_moves, format_moves, Move};
/// let moves = parse_moves("3, 1 swap")?;
/// assert_eq!(moves, [Move::pit(3), Move::pit(1), Move::Swap]);
/// assert_eq!(format_moves(&moves), "3,1,swap");
/// assert!(parse_moves("3,,1").is_err());
/// # Ok::<(), mancala_core::MoveListError>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveListError> {
    move_pieces(text)
        .into_iter()
        .enumerate()
        .map(|(i, piece)| {
            piece.parse::<Move>().map_err(|e| MoveListError {
                index: i + 1,
                text: quote(piece),
                error: e.into(),
            })
        })
        .collect()
}

/// Writes a list of moves as `3,1,swap,4` (what [`parse_moves`] reads back).
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(",")
}

impl<L: Layout> Game<L> {
    /// Plays a move list (as read by [`parse_moves`]) from the current
    /// position, checking each move. On an error, naming the first bad
    /// move, the moves before it have been played.
    pub fn play_moves(&mut self, text: &str) -> Result<(), MoveListError> {
        for (i, piece) in move_pieces(text).into_iter().enumerate() {
            let mv = self
                .position()
                .parse_move(self.variant(), piece)
                .map_err(|error| MoveListError { index: i + 1, text: quote(piece), error })?;
            self.play_unchecked(mv);
        }
        Ok(())
    }
}

/// Text that is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text does not have three fields separated by `/`; the number of
    /// fields it has.
    #[error("a position has three fields separated by '/' (south/north/state), found {0}")]
    Fields(usize),
    /// A row without the `:` that separates its pits from its store.
    #[error("the {side} row {text:?} must be pits separated by ',' then ':' and the store")]
    Row {
        /// The side whose row it is.
        side: Side,
        /// The row as written (shortened).
        text: String,
    },
    /// A pit or store count that is not a plain number from 0 to 255.
    #[error(
        "{text:?} in the {side} row is not a seed count: a number from 0 to 255 written in \
         digits, without a sign or a leading zero"
    )]
    Count {
        /// The side whose row holds the count.
        side: Side,
        /// The count as written (shortened).
        text: String,
    },
    /// The two rows have different numbers of pits.
    #[error("the rows differ in length: south has {south} pits, north {north}")]
    RowLengths {
        /// The pits in South's row.
        south: usize,
        /// The pits in North's row.
        north: usize,
    },
    /// No pits, or more pits per side than a board can have; the pits per
    /// side found.
    #[error(
        "{0} pits per side: a position has 1 to {MAX_PITS_PER_SIDE} ({wide} in the wide layout)",
        wide = WIDE_PIT_CELLS / 2
    )]
    PitsPerSide(usize),
    /// More seeds in the pits and stores than a position can hold; the total
    /// found.
    #[error(
        "the position holds {0} seeds: at most {MAX_TOTAL_SEEDS} ({wide} in the wide layout)",
        wide = LayoutKind::Wide.limits().total_seeds
    )]
    TooManySeeds(u32),
    /// Several claimed pits (`x` and `o`: more than one `x` in a row, or
    /// an `o`) on a board of more than
    /// [`crate::MAX_PITS_PER_SIDE_WITH_CLAIMS`] pits a side, where a
    /// player claims at most one pit, of the opponent's row.
    #[error(
        "the {side} row {text:?} marks more than one pit x, or a pit o (claimed): on a board of \
         more than {MAX_PITS_PER_SIDE_WITH_CLAIMS} pits a side a player claims at most one pit, \
         of the opponent's row"
    )]
    Claims {
        /// The side whose row it is.
        side: Side,
        /// The row as written (shortened).
        text: String,
    },
    /// A pit marked `-` (out of play, rule `[rounds]`) on a board too large
    /// for pits out of play; the pits per side.
    #[error(
        "a pit is marked - (out of play) on a board of {0} pits a side: pits out of play \
         exist on boards of at most {MAX_PITS_PER_SIDE_IN_ROUNDS} pits a side"
    )]
    OutOfPlay(usize),
    /// An end pit (`|k` after a row, rule `board.end_pits`) on a board too
    /// large for end pits; the pits per side.
    #[error(
        "an end pit (|) is written on a board of {0} pits a side: end pits exist on boards of \
         at most {MAX_PITS_PER_SIDE_WITH_END_PITS} pits a side"
    )]
    EndPits(usize),
    /// A state field that is not `S` or `N` followed by nothing, `+opening`,
    /// `+swap`, `+take1` to `+take15` or `#reason`; the field as written
    /// (shortened).
    #[error("state {0:?} must be S or N, then +opening, +swap, +take1 to +take15 or #reason")]
    State(String),
}

impl<L: Layout> fmt::Display for Position<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Side::ALL {
            let row = self.row(side);
            for (i, c) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                let owner = self.claim_owner(side, i);
                if owner == Some(side.opponent()) {
                    f.write_str("x")?;
                } else if owner == Some(side) {
                    f.write_str("o")?;
                } else if self.is_out_of_play(side, i) {
                    f.write_str("-")?;
                } else {
                    write!(f, "{c}")?;
                }
            }
            // The end pit after the row (rule `board.end_pits`), once it
            // holds seeds or has been taken (`*`).
            let taken = self.end_pit_taken(side);
            if self.end_pit(side) > L::Cell::ZERO || taken {
                write!(f, "|{}{}", self.end_pit(side), if taken { "*" } else { "" })?;
            }
            write!(f, ":{}/", self.store(side))?;
        }
        f.write_str(if self.to_move == Side::South { "S" } else { "N" })?;
        if let Some(reason) = self.end {
            write!(f, "#{}", reason.name())
        } else if self.flags & OPENING != 0 {
            f.write_str("+opening")
        } else if self.flags & SWAP_OFFERED != 0 {
            f.write_str("+swap")
        } else if self.takes_due() > 0 {
            write!(f, "+take{}", self.takes_due())
        } else {
            Ok(())
        }
    }
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        Setup::from_str_in(s)
    }
}

impl<L: Layout> Setup<L> {
    /// A position string read into layout `L` (see [`Setup`]'s `FromStr`,
    /// the compact layout's): at most as many pits and seeds as `L` holds
    /// ([`crate::LayoutKind::limits`]).
    pub fn from_str_in(s: &str) -> Result<Setup<L>, ParsePositionError> {
        let fields: Vec<&str> = s.trim().split('/').collect();
        if fields.len() != 3 {
            return Err(ParsePositionError::Fields(fields.len()));
        }
        let mut rows: Vec<(Vec<L::Cell>, L::Cell)> = Vec::with_capacity(2);
        // The pit of each row marked `x`: claimed by the row's opponent.
        let mut claimed_in_row = [0u8; 2];
        // Every pit marked `x` (claimed by the row's opponent) or `o` (by
        // the row's owner), per row: bit `i` for pit `i`.
        let mut x_in_row = [0u32; 2];
        let mut o_in_row = [0u32; 2];
        // The pits marked `-`: out of play (rule `[rounds]`), per row.
        let mut out_in_row = [0u32; 2];
        // The end pit after each row (rule `board.end_pits`): seeds, and
        // whether it has been taken.
        let mut end_pits = [None; 2];
        for (side, text) in Side::ALL.into_iter().zip(&fields[..2]) {
            let (pits, store) = text
                .split_once(':')
                .ok_or_else(|| ParsePositionError::Row { side, text: quote(text) })?;
            // Plain decimal digits without a sign or a leading zero, as
            // positions are printed: `4`, `0`, `12`; not `+4`, `04`, ` 4`.
            let count = |t: &str| {
                let plain = !t.is_empty()
                    && t.bytes().all(|b| b.is_ascii_digit())
                    && (t == "0" || !t.starts_with('0'));
                t.parse::<u32>()
                    .ok()
                    .filter(|&c| plain && c <= L::Cell::MAX)
                    .map(L::Cell::from_u32)
                    .ok_or_else(|| ParsePositionError::Count { side, text: quote(t) })
            };
            let pits = match pits.split_once('|') {
                Some((pits, end)) => {
                    let (seeds, taken) = match end.strip_suffix('*') {
                        Some(seeds) => (seeds, true),
                        None => (end, false),
                    };
                    end_pits[side.index()] = Some((count(seeds)?, taken));
                    pits
                }
                None => pits,
            };
            let pits = pits
                .split(',')
                .enumerate()
                .map(|(i, t)| {
                    let bit = 1u32.checked_shl(i as u32).unwrap_or(0);
                    if t == "x" {
                        x_in_row[side.index()] |= bit;
                        claimed_in_row[side.index()] = i as u8 + 1;
                        Ok(L::Cell::ZERO)
                    } else if t == "o" {
                        o_in_row[side.index()] |= bit;
                        Ok(L::Cell::ZERO)
                    } else if t == "-" {
                        out_in_row[side.index()] |= 1u32.checked_shl(i as u32).unwrap_or(0);
                        Ok(L::Cell::ZERO)
                    } else {
                        count(t)
                    }
                })
                .collect::<Result<Vec<L::Cell>, _>>()?;
            let several = x_in_row[side.index()].count_ones() > 1 || o_in_row[side.index()] != 0;
            if several && pits.len() > MAX_PITS_PER_SIDE_WITH_CLAIMS {
                return Err(ParsePositionError::Claims { side, text: quote(text) });
            }
            rows.push((pits, count(store)?));
        }
        let state = fields[2].trim();
        let bad = || ParsePositionError::State(quote(state));
        let to_move = match state.get(..1) {
            Some("S") => Side::South,
            Some("N") => Side::North,
            _ => return Err(bad()),
        };
        let (flags, end) = match &state[1..] {
            "" => (0, None),
            "+opening" => (OPENING, None),
            "+swap" => (SWAP_OFFERED, None),
            rest if rest.starts_with("+take") => {
                // Bonus takes due (rule `capture.bonus_pits`): 1 to 15.
                let digits = &rest["+take".len()..];
                let plain = digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0');
                let due = digits
                    .parse::<u8>()
                    .ok()
                    .filter(|d| plain && (1..=MAX_BONUS_PITS).contains(d))
                    .ok_or_else(bad)?;
                (due << BONUS_SHIFT, None)
            }
            rest => {
                let name = rest.strip_prefix('#').ok_or_else(bad)?;
                let reason =
                    EndReason::ALL.into_iter().find(|r| r.name() == name).ok_or_else(bad)?;
                (0, Some(reason))
            }
        };
        let mut p =
            Setup::<L>::from_rows_in(&rows[0].0, &rows[1].0, [rows[0].1, rows[1].1], to_move)?.0;
        p.flags = flags;
        p.end = end;
        let n = p.pits_per_side() as u32;
        let one_each = x_in_row.iter().all(|x| x.count_ones() <= 1) && o_in_row == [0, 0];
        if one_each {
            // A pit of North's row marked `x` is South's, and the other way round.
            p.claimed = [claimed_in_row[1], claimed_in_row[0]];
        } else {
            // Several claims: kept as the rules of several claims keep them.
            let set = (x_in_row[0] | o_in_row[0]) | (x_in_row[1] | o_in_row[1]) << n;
            let north = x_in_row[0] | o_in_row[1] << n;
            p.set_claim_sets(set, north);
        }
        let out = out_in_row[0] as u64 | (out_in_row[1] as u64) << n;
        if out != 0 && n as usize > MAX_PITS_PER_SIDE_IN_ROUNDS {
            return Err(ParsePositionError::OutOfPlay(n as usize));
        }
        p.set_out_of_play(out as u32);
        if end_pits.iter().any(Option::is_some) {
            if n as usize > MAX_PITS_PER_SIDE_WITH_END_PITS {
                return Err(ParsePositionError::EndPits(n as usize));
            }
            for side in Side::ALL {
                let (seeds, taken) = end_pits[side.index()].unwrap_or((L::Cell::ZERO, false));
                p.cells[2 * n as usize + side.index()] = seeds;
                if taken {
                    L::take_end_pit(&mut p, side.index());
                }
            }
            let total = p.total_seeds();
            if total > L::KIND.limits().total_seeds {
                return Err(ParsePositionError::TooManySeeds(total));
            }
            p.reoccupy();
        }
        Ok(Setup(p))
    }
}

impl Setup {
    /// A setup from both rows (each from its owner's left), the stores
    /// (South's, North's) and the side to move; no pie-rule state, not over.
    /// Checks the sizes and the seed total, not the rules:
    /// [`Setup::position`] checks it against a variant.
    pub fn from_rows(
        south: &[u8],
        north: &[u8],
        stores: [u8; 2],
        to_move: Side,
    ) -> Result<Setup, ParsePositionError> {
        Setup::from_rows_in(south, north, stores, to_move)
    }
}

impl<L: Layout> Setup<L> {
    /// [`Setup::from_rows`] in layout `L`.
    pub(crate) fn from_rows_in(
        south: &[L::Cell],
        north: &[L::Cell],
        stores: [L::Cell; 2],
        to_move: Side,
    ) -> Result<Setup<L>, ParsePositionError> {
        let n = south.len();
        if n != north.len() {
            return Err(ParsePositionError::RowLengths { south: n, north: north.len() });
        }
        // A row of the compact layout has at most 16 pits, of the wide one
        // 24 (a player's two rows of 12 on four rows).
        if n == 0 || n > MAX_PITS_PER_SIDE.max(L::PIT_CELLS / 2) {
            return Err(ParsePositionError::PitsPerSide(n));
        }
        let total: u32 = south.iter().chain(north).map(|&c| c.into()).sum::<u32>()
            + stores.iter().map(|&c| c.into()).sum::<u32>();
        if total > L::KIND.limits().total_seeds {
            return Err(ParsePositionError::TooManySeeds(total));
        }
        let mut cells = L::EMPTY;
        cells[0..n].copy_from_slice(south);
        cells[n..2 * n].copy_from_slice(north);
        cells[L::STORE_CELL] = stores[0];
        cells[L::STORE_CELL + 1] = stores[1];
        let mut p = Position {
            occupied: L::EMPTY_SETS,
            cells,
            n: n as u8,
            to_move,
            flags: 0,
            end: None,
            claimed: [0, 0],
        };
        p.reoccupy();
        Ok(Setup(p))
    }
}

/// A position string that does not fit the variant it is used with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionMismatch {
    /// The position's board has a different size from the variant's.
    #[error("the position has {found} pits per side but this {variant} board has {expected}")]
    PitsPerSide {
        /// The variant's name.
        variant: String,
        /// The pits per side the position has.
        found: usize,
        /// The pits per side of the variant's board.
        expected: usize,
    },
    /// The position holds a different number of seeds from a game of the
    /// variant.
    #[error(
        "the position holds {found} seeds but a game of {variant} at this size has {expected}"
    )]
    Seeds {
        /// The variant's name.
        variant: String,
        /// The seeds the position holds, in pits and stores.
        found: u32,
        /// The seeds a game of the variant holds at this board size.
        expected: u32,
    },
    /// A pit marked `x` or `o` (claimed) that the variant's rules do not
    /// allow.
    #[error("the position has {side}'s claimed pit at {row}'s pit {pit}, but in {variant} {why}")]
    Claim {
        /// The side that claimed the pit.
        side: Side,
        /// The row the pit lies in.
        row: Side,
        /// The pit of that row, numbered from 1 from its owner's left.
        pit: usize,
        /// The variant's name.
        variant: String,
        /// Why the variant does not allow it.
        why: &'static str,
    },
    /// Pits marked `-` (out of play) that the variant does not allow.
    #[error("the position has pits out of play (-), but in {variant} {why}")]
    OutOfPlay {
        /// The variant's name.
        variant: String,
        /// Why the variant does not allow them.
        why: &'static str,
    },
    /// End pits (`|k` after a row) in a position of a variant without them.
    #[error("the position has end pits (| after a row), but {variant} has none (board.end_pits)")]
    EndPits {
        /// The variant's name.
        variant: String,
    },
    /// The position carries a pie-rule marker but the variant has no pie
    /// rule; the marker (`opening` or `swap`) and the variant's name.
    #[error("the position offers the pie rule's {0} but {1} has no pie rule")]
    NoPieRule(&'static str, String),
    /// A pie-rule marker with the wrong side to move.
    #[error("the position is marked +{marker} for {found} but in {variant} {expected} {what}")]
    PieSide {
        /// The marker: `opening` or `swap`.
        marker: &'static str,
        /// The side to move in the position.
        found: Side,
        /// The variant's name.
        variant: String,
        /// The side that is to move under this marker in the variant.
        expected: Side,
        /// What that side does there (makes the first move, or may swap).
        what: &'static str,
    },
    /// Bonus takes due (`+take2`) that the variant's rules or the board do
    /// not allow.
    #[error("the position has {due} bonus takes due (+take{due}), but in {variant} {why}")]
    Takes {
        /// The takes due, as written.
        due: u8,
        /// The variant's name.
        variant: String,
        /// Why they cannot be due.
        why: String,
    },
    /// The position states an end (`#reason`) that the variant's rules do
    /// not have.
    #[error("the position says the game ended by #{reason}, which {variant}'s rules do not have")]
    NoSuchEnd {
        /// The stated end, as written after `#`.
        reason: &'static str,
        /// The variant's name.
        variant: String,
    },
    /// The position states an end (`#reason`) but its board is not as that
    /// end leaves it.
    #[error("the position says the game ended by #{reason}, but {why}")]
    EndDoesNotHold {
        /// The stated end, as written after `#`.
        reason: &'static str,
        /// What on the board contradicts it.
        why: String,
    },
}

impl<L: Layout> Setup<L> {
    /// Checks that the setup belongs to a game of `v`: same size, same
    /// number of seeds, pie-rule markers only where there is a pie rule, a
    /// stated end that `v`'s rules can reach.
    pub fn check_fits(&self, v: &Variant) -> Result<(), PositionMismatch> {
        self.0.check_fits(v)
    }
}

impl<L: Layout> Position<L> {
    fn check_fits(&self, v: &Variant) -> Result<(), PositionMismatch> {
        let name = v.name().to_string();
        if self.pits_per_side() != v.pits_per_side() {
            return Err(PositionMismatch::PitsPerSide {
                variant: name,
                found: self.pits_per_side(),
                expected: v.pits_per_side(),
            });
        }
        if self.total_seeds() != v.total_seeds() {
            return Err(PositionMismatch::Seeds {
                variant: name,
                found: self.total_seeds(),
                expected: v.total_seeds(),
            });
        }
        let claim = &v.rules().claim;
        let n = self.pits_per_side();
        let mut owned = [0u32; 2];
        for row in Side::ALL {
            for pit in 0..n {
                let Some(side) = self.claim_owner(row, pit) else { continue };
                owned[side.index()] += 1;
                let why = if claim.count == 0 {
                    Some("its rules have no claimed pits")
                } else if side == row && claim.rows != crate::ClaimRows::Either {
                    Some("its rules let a player claim only pits of the opponent's row")
                } else if claim.not_last_pit && pit + 1 == n {
                    Some("its rules do not let a player claim a row's last pit")
                } else if !claim.at_row_end(side == row, pit, n) {
                    Some("its rules let a player claim only pits near the ends of that row")
                } else if claim.not_same_number
                    && self.claim_owner(side, pit) == Some(side.opponent())
                {
                    Some("its rules do not let both players claim pits of the same number")
                } else if claim.max > 0 && owned[side.index()] > claim.max as u32 {
                    Some("its rules let a player claim no more pits than that")
                } else {
                    None
                };
                if let Some(why) = why {
                    return Err(PositionMismatch::Claim {
                        side,
                        row,
                        pit: pit + 1,
                        variant: name,
                        why,
                    });
                }
            }
        }
        if self.out_of_play() != 0 {
            let n = self.pits_per_side();
            let why = if v.rules().rounds.is_none() {
                Some("its rules have no rounds, so no pit is ever out of play")
            } else {
                Side::ALL
                    .into_iter()
                    .any(|side| (0..n).all(|k| self.is_out_of_play(side, k)))
                    .then_some("a player with every pit out of play has lost the match")
            };
            if let Some(why) = why {
                return Err(PositionMismatch::OutOfPlay { variant: name, why });
            }
        }
        let end_pit_seeds: u32 =
            self.end_pit(Side::South).into() + self.end_pit(Side::North).into();
        let end_pits_taken = Side::ALL.into_iter().any(|side| self.end_pit_taken(side));
        if !v.has_end_pits() && (end_pit_seeds > 0 || end_pits_taken) {
            return Err(PositionMismatch::EndPits { variant: name });
        }
        if self.takes_due() > 0 {
            let due = self.takes_due();
            let why = if v.bonus_pits() == 0 {
                Some("its rules give no bonus takes (capture.bonus_pits)".to_string())
            } else if due > v.bonus_pits() {
                Some(format!("a capture gives at most {} bonus takes", v.bonus_pits()))
            } else if self.side_seeds(self.to_move.opponent()) == 0 {
                Some("the opponent has no seeds left to take".to_string())
            } else {
                None
            };
            if let Some(why) = why {
                return Err(PositionMismatch::Takes { due, variant: name, why });
            }
        }
        if !v.rules().turn.pie_rule && self.flags & (OPENING | SWAP_OFFERED) != 0 {
            let what = if self.is_opening() { "opening" } else { "swap" };
            return Err(PositionMismatch::NoPieRule(what, name));
        }
        let first = v.first_player();
        let pie = if self.is_opening() {
            Some(("opening", first, "makes the first move"))
        } else if self.swap_offered() {
            Some(("swap", first.opponent(), "is the one who may swap"))
        } else {
            None
        };
        if let Some((marker, expected, what)) = pie {
            if self.to_move != expected {
                return Err(PositionMismatch::PieSide {
                    marker,
                    found: self.to_move,
                    variant: name,
                    expected,
                    what,
                });
            }
        }
        match self.end {
            Some(reason) => self.check_end(v, reason),
            None => Ok(()),
        }
    }

    /// Checks that a finished position's stated end can happen under `v`:
    /// the variant has that way of ending, and the board is as the game
    /// leaves it (a majority in a store; the seeds left gone to their
    /// owners, or split after a cycle under `repetition = "split"`).
    fn check_end(&self, v: &Variant, reason: EndReason) -> Result<(), PositionMismatch> {
        let rules = v.rules();
        let has_rule = match reason {
            EndReason::Majority => rules.end.majority,
            EndReason::EmptySide => rules.end.empty_side == EmptySide::Either,
            EndReason::NoSeeds => rules.end.empty_side == EmptySide::Mover,
            EndReason::CannotFeed => rules.turn.must_feed,
            EndReason::OnlyGrandSlams => {
                rules.capture.grand_slam == GrandSlam::Forbidden && rules.capture.takes_by_count()
            }
            EndReason::Cycle => rules.end.repetition != Repetition::None,
            EndReason::EndlessSowing => {
                rules.relay_may_loop() && rules.board.stores == crate::StorePlacement::Beside
            }
            EndReason::NoMove => rules.sowing.min_seeds > 1,
            EndReason::QuietMoves => rules.end.quiet_moves > 0,
            EndReason::EndPitsTaken => rules.end.end_pits_taken,
        };
        let name = reason.name();
        if !has_rule {
            return Err(PositionMismatch::NoSuchEnd {
                reason: name,
                variant: v.name().to_string(),
            });
        }
        let fail = |why: String| Err(PositionMismatch::EndDoesNotHold { reason: name, why });
        // An end pit's seeds count with the row before it (rule
        // `board.end_pits`): they go to that row's owner.
        let south = self.side_seeds(Side::South) + Into::<u32>::into(self.end_pit(Side::South));
        let north = self.side_seeds(Side::North) + Into::<u32>::into(self.end_pit(Side::North));
        let most: u32 = self.store(Side::South).max(self.store(Side::North)).into();
        match reason {
            EndReason::Majority if 2 * most <= v.total_seeds() => fail(format!(
                "no store holds more than half of the {} seeds (the stores hold {} and {})",
                v.total_seeds(),
                self.store(Side::South),
                self.store(Side::North)
            )),
            EndReason::Majority => Ok(()),
            EndReason::EndPitsTaken
                if !Side::ALL.into_iter().all(|side| self.end_pit_taken(side)) =>
            {
                fail(
                    "it needs both end pits taken at least once (written |k* after each row)"
                        .into(),
                )
            }
            EndReason::Cycle | EndReason::QuietMoves
                if rules.end.repetition == Repetition::Split =>
            {
                // Only the odd seed stays, in the first pit of the player to
                // move not claimed by the opponent.
                let k = self.odd_seed_pit();
                let odd_seed_only = south + north == self.seeds(k) && self.seeds(k) <= 1;
                if odd_seed_only {
                    Ok(())
                } else {
                    fail(format!(
                        "after a {} under {} the seeds left are split between the stores \
                         (an odd seed stays in the first unclaimed pit of the player to \
                         move), and the pits hold {} seeds",
                        reason.name(),
                        v.name(),
                        south + north
                    ))
                }
            }
            _ if rules.end.seeds_left == crate::SeedsLeft::Split => {
                // Split as after a cycle: only the odd seed stays.
                let k = self.odd_seed_pit();
                if south + north == self.seeds(k) && self.seeds(k) <= 1 {
                    Ok(())
                } else {
                    fail(format!(
                        "under {} the seeds left are split between the stores (an odd seed \
                         stays in the first unclaimed pit of the player to move), and the pits \
                         hold {} seeds",
                        v.name(),
                        south + north
                    ))
                }
            }
            _ if south + north > 0 => fail(format!(
                "then the seeds left go to their owners' stores, and the pits still hold {} \
                 (south {south}, north {north})",
                south + north
            )),
            _ => Ok(()),
        }
    }
}
