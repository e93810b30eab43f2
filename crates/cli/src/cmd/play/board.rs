//! The board as Kalah is usually drawn: North's row on top with the store on
//! the left, South's row below with the store on the right; and the text
//! around it fitted to the terminal ([`fit`]).
//!
//! The text carries ANSI styles; the terminal layer strips them when colour
//! is off (`NO_COLOR`, not a terminal). The last move's pit is also marked
//! with brackets, so it shows without colour too.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};
use mancala_core::{Layout, Position, Side, StoresDrawn};

pub const TITLE: Style = Style::new().bold();
pub const STORE: Style = Style::new().bold();
pub const LAST: Style = AnsiColor::Yellow.on_default().bold();
pub const NUMBERS: Style = AnsiColor::Cyan.on_default();
pub const ERROR: Style = AnsiColor::Red.on_default().bold();
pub const DIM: Style = Style::new().dimmed();

/// What to draw besides the seeds.
pub struct BoardView<'a, L: Layout> {
    pub pos: &'a Position<L>,
    /// The pit the last move was sown from: a side and a 0-based pit.
    pub last: Option<(Side, usize)>,
    /// Whose pit numbers to show (the player to move), if anyone's.
    pub numbers_for: Option<Side>,
    /// Labels for South and North.
    pub labels: [String; 2],
    /// Rows of pits on the board: 2, or 4 (each player owns two rows; see
    /// [`draw_four_rows`]).
    pub rows: usize,
    /// A move may start from either row (`pits = "any"`): the numbers are
    /// shown by both rows, the other row's counted on from the mover's
    /// (`n + 1` to `2n` from its owner's left).
    pub any_pits: bool,
    /// The board has end pits on the ring (`end_pits`, O An Quan's
    /// mandarin squares): they are drawn at the row ends, where the stores
    /// are drawn otherwise, and the stores go in the labels.
    pub end_pits: bool,
    /// Where the stores are drawn (`board.stores_drawn`): at the row ends,
    /// in a band between the rows (North's on the left, South's on the
    /// right), or nowhere, each player's count told in their label.
    pub stores_drawn: StoresDrawn,
}

impl<L: Layout> BoardView<'_, L> {
    /// The stores in a band between the rows: asked for, on two rows of at
    /// least 2 pits (the band holds both counts), with no end pits at the
    /// row ends.
    fn stores_between(&self) -> bool {
        self.stores_drawn == StoresDrawn::Between
            && self.rows == 2
            && !self.end_pits
            && self.pos.pits_per_side() >= 2
    }

    /// The row ends hold neither a store nor an end pit.
    fn bare_ends(&self) -> bool {
        !self.end_pits && (self.stores_between() || self.stores_drawn == StoresDrawn::Hand)
    }
}

/// The end pit after `side`'s row (rule `end_pits`) in `width` columns,
/// `*` after its count once it has been taken.
fn end_pit_cell<L: Layout>(pos: &Position<L>, side: Side, width: usize) -> String {
    let count = pos.end_pit(side);
    let text = if pos.end_pit_taken(side) { format!("{count}*") } else { format!("{count} ") };
    styled(STORE, &format!("{text:>width$}"))
}

/// The rows whose pit numbers are shown and the number of `side`'s pit 1
/// less one: the mover's row from 0, and under `pits = "any"` the other
/// row from n.
fn number_offset<L: Layout>(view: &BoardView<'_, L>, side: Side) -> Option<usize> {
    let mover = view.numbers_for?;
    if side == mover {
        Some(0)
    } else if view.any_pits {
        Some(view.pos.pits_per_side())
    } else {
        None
    }
}

fn styled(style: Style, text: &str) -> String {
    format!("{style}{text}{style:#}")
}

/// Columns the full board takes with `n` pits a side: a column at each end
/// for the stores (or the end pits) unless the ends are bare.
fn full_width(n: usize, bare_ends: bool) -> usize {
    if bare_ends {
        6 * n + 1
    } else {
        6 * (n + 2) + 1
    }
}

/// Draws the board, one line per row, each ending in a newline: the full
/// board, or the compact one when the terminal is `width` columns and the
/// full one does not fit.
pub fn draw<L: Layout>(view: &BoardView<'_, L>, width: Option<usize>) -> String {
    if view.rows == 4 {
        return draw_four_rows(view, width);
    }
    match width {
        Some(w) if w < full_width(view.pos.pits_per_side(), view.bare_ends()) => {
            let n = view.pos.pits_per_side();
            // 4 columns a pit, or 3 when even that does not fit.
            draw_compact(view, if 4 * n + 10 <= w { 4 } else { 3 })
        }
        _ => draw_full(view),
    }
}

/// The mark of `side`'s pit `k` when it is claimed (rule `claim`), as in a
/// position string: `x` when the opponent has claimed it (Toguz Kumalak's
/// tuzdyk, a bull on the opponent's row), `o` when the row's owner has
/// (a bull on one's own row, Enkeshui).
fn claimed<L: Layout>(pos: &Position<L>, side: Side, k: usize) -> Option<char> {
    pos.claim_owner(side, k).map(|owner| if owner == side { 'o' } else { 'x' })
}

fn label<L: Layout>(view: &BoardView<'_, L>, side: Side) -> String {
    let text = &view.labels[side.index()];
    // With end pits the stores are told here, the row ends holding them;
    // seeds kept in hand too.
    let with_store;
    let text = if view.stores_drawn == StoresDrawn::Hand {
        with_store = format!("{text}, in\u{a0}hand\u{a0}{}", view.pos.store(side));
        &with_store
    } else if view.end_pits {
        with_store = format!("{text}, store\u{a0}{}", view.pos.store(side));
        &with_store
    } else {
        text
    };
    let marker = if view.numbers_for == Some(side) { "  <-\u{a0}to\u{a0}move" } else { "" };
    let style = if view.numbers_for == Some(side) { TITLE } else { Style::new() };
    format!("{}{}\n", styled(style, text), marker)
}

/// The board in `cw` (4 or 3) columns a pit, plus 10: no walls between
/// the pits. The last move's pit is in brackets (`[ 0]`), or starred (` 0*`)
/// at 3 columns.
///
/// ```text
///        6   5   4   3   2   1
///     +------------------------+
///     |  4   4   4   4   4   4 |
///   0 |                        | 1
///     |  4   4 [ 0]  5   5   5 |
///     +------------------------+
/// ```
fn draw_compact<L: Layout>(view: &BoardView<'_, L>, cw: usize) -> String {
    let pos = view.pos;
    let n = pos.pits_per_side();
    let cell = |side: Side, k: usize| -> String {
        if let Some(mark) = claimed(pos, side, k) {
            return if cw == 4 { format!("  {mark} ") } else { format!(" {mark} ") };
        }
        if pos.is_out_of_play(side, k) {
            return if cw == 4 { "  - ".to_string() } else { " - ".to_string() };
        }
        let count: u32 = pos.pit(side, k).into();
        match (view.last == Some((side, k)), cw, count) {
            (true, 4, 0..=99) => styled(LAST, &format!("[{count:>2}]")),
            (true, 4, _) => styled(LAST, &format!("{count:>3}*")),
            (true, _, _) => styled(LAST, &format!("{count:>2}*")),
            (false, 4, 0..=99) => format!(" {count:>2} "),
            (false, 4, _) => format!("{count:>3} "),
            (false, _, _) => format!("{count:>2} "),
        }
    };
    let row = |side: Side| -> String {
        let cells: Vec<String> = if side == Side::North {
            (0..n).rev().map(|k| cell(side, k)).collect()
        } else {
            (0..n).map(|k| cell(side, k)).collect()
        };
        format!("    |{}|\n", cells.concat())
    };
    let numbers = |side: Side, from: usize| -> String {
        let order: Vec<usize> = if side == Side::North {
            (from + 1..=from + n).rev().collect()
        } else {
            (from + 1..=from + n).collect()
        };
        let nums: String = order
            .iter()
            .map(|k| if cw == 4 { format!(" {k:>2} ") } else { format!("{k:>2} ") })
            .collect();
        format!("     {}\n", styled(NUMBERS, nums.trim_end()))
    };
    let border = format!("    +{}+\n", "-".repeat(cw * n));
    let mut out = String::new();
    out.push_str(&label(view, Side::North));
    if let Some(from) = number_offset(view, Side::North) {
        out.push_str(&numbers(Side::North, from));
    }
    out.push_str(&border);
    out.push_str(&row(Side::North));
    if view.stores_between() {
        // The band between the rows: North's store on the left, South's
        // on the right.
        let _ = writeln!(out, "    |{}|", store_band(pos, cw * n, 1));
    } else if view.stores_drawn == StoresDrawn::Hand && !view.end_pits {
        let _ = writeln!(out, "    |{}|", " ".repeat(cw * n));
    } else if view.end_pits {
        // The end pits at the row ends: after North's row on the left,
        // after South's on the right.
        let _ = writeln!(
            out,
            "{}|{}|{}",
            end_pit_cell(pos, Side::North, 4),
            " ".repeat(cw * n),
            end_pit_cell(pos, Side::South, 4).trim_end()
        );
    } else {
        let _ = writeln!(
            out,
            "{} |{}| {}",
            styled(STORE, &format!("{:>3}", pos.store(Side::North))),
            " ".repeat(cw * n),
            styled(STORE, &pos.store(Side::South).to_string())
        );
    }
    out.push_str(&row(Side::South));
    out.push_str(&border);
    if let Some(from) = number_offset(view, Side::South) {
        out.push_str(&numbers(Side::South, from));
    }
    out.push_str(&label(view, Side::South));
    out
}

/// A space that [`wrap`] never breaks a line at: it joins short phrases
/// (a command and its argument, "Player 1 (South)"); [`fit`] shows it as a
/// plain space.
pub const NBSP: char = '\u{a0}';

/// The text as shown on a terminal `width` columns wide (`None`: no limit):
/// wrapped ([`wrap`]), its joining spaces ([`NBSP`]) made plain.
pub fn fit(text: &str, width: Option<usize>) -> String {
    let text = match width {
        Some(w) => wrap(text, w),
        None => text.to_string(),
    };
    text.replace(NBSP, " ")
}

/// Where the continuation lines of `body` start, in columns: under the
/// text of an indented entry whose label is followed by two or more spaces
/// (`  save FILE   save the game…`, `   1. kalah          Kalah with…`),
/// else at the line's own indentation.
fn continuation_indent(body: &str) -> usize {
    let lead = body.len() - body.trim_start_matches(' ').len();
    if lead == 0 {
        return 0;
    }
    let rest = &body[lead..];
    match rest.find("  ") {
        Some(gap) => {
            let after = gap + rest[gap..].len() - rest[gap..].trim_start_matches(' ').len();
            if after < rest.len() {
                textwrap::core::display_width(&body[..lead + after])
            } else {
                lead
            }
        }
        None => lead,
    }
}

/// Wraps each line of `text` that is wider than `width` columns at its
/// spaces, never at a [`NBSP`] (ANSI styles take no room); continuation
/// lines start under the text they continue ([`continuation_indent`]).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        // Lines of a game record shown for copying (a header `[Tag "…"]`,
        // an embedded rule `| …`) stay whole: a record must read back.
        let record_line = (body.starts_with('[') && body.ends_with(']')) || body.starts_with("| ");
        if record_line || textwrap::core::display_width(body) <= width {
            out.push_str(line);
            continue;
        }
        let mut hang = continuation_indent(body);
        if hang * 2 > width {
            // Too deep to leave room for the text: the line's own indent.
            hang = body.len() - body.trim_start_matches(' ').len();
            if hang * 2 > width {
                hang = 0;
            }
        }
        let indent = " ".repeat(hang);
        // Lines break at spaces only: never inside a path or a hyphenated
        // word ("pie-rule"), which a command to copy may hold.
        let options = textwrap::Options::new(width)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            .subsequent_indent(&indent);
        let lines = textwrap::wrap(body, options);
        out.push_str(&lines.join("\n"));
        // A question ends in a space, where the answer goes.
        if end.is_empty() && body.ends_with(' ') && !out.ends_with(' ') {
            out.push(' ');
        }
        out.push_str(end);
    }
    out
}

/// A board of four rows, as South sees it: each column's four pits one
/// above the other, North's outer and inner row, then South's inner and
/// outer row, each tagged at its right. A player's pits are numbered in
/// the order they sow them: the outer row from their left, then the inner
/// row back from their right. The mover's pit numbers are printed under
/// the board (South) or over it (North), one line for each of their rows.
/// The stores, beside the board, are in the labels.
///
/// ```text
/// North: computer, store 0
///      +-----+-----+-----+-----+
///      |   2 |   2 |   2 |   2 |  North's outer row
///      |   2 |   2 |   0 |   0 |  North's inner row
///      +-----+-----+-----+-----+
///      |   0 |   0 |   2 |   2 |  South's inner row
///      |   2 |   2 |   2 |   2 |  South's outer row
///      +-----+-----+-----+-----+
///         8     7     6     5     South's inner row's pits
///         1     2     3     4     South's outer row's pits
/// South: human, store 0  <- to move
/// ```
/// On a terminal too narrow for the tags (`width`), the rows are drawn
/// without them, their order being the same on every four-row board; on
/// one too narrow for the board itself (four rows of 12 take 78 columns),
/// the pits take 4 columns each, without walls, the last move's pit in
/// brackets (`[ 0]`), or starred past two digits (`123*`):
///
/// ```text
///      +----------------+
///      |   2   2   2   2|  North's outer row
///      |   2   2   0   0|  North's inner row
///      +----------------+
///      |   0[ 1]   3   3|  South's inner row
/// ```
fn draw_four_rows<L: Layout>(view: &BoardView<'_, L>, width: Option<usize>) -> String {
    let side_title = |side: Side| if side == Side::South { "South" } else { "North" };
    let pos = view.pos;
    let p = pos.pits_per_side() / 2;
    // The board is 6 + 6p columns (7 + 4p narrow); a tag takes 2 + 22 more.
    let narrow = width.is_some_and(|w| w < 6 + 6 * p);
    let board_width = if narrow { 7 + 4 * p } else { 6 + 6 * p };
    let tags = width.is_none_or(|w| board_width + 24 <= w);
    let tag = |text: String| if tags { format!("  {text}") } else { String::new() };
    let cell = |side: Side, k: usize| -> String {
        let count: u32 = pos.pit(side, k).into();
        match (view.last == Some((side, k)), narrow, count) {
            (true, false, _) => styled(LAST, &format!("[{count:>3}]")),
            (true, true, 0..=99) => styled(LAST, &format!("[{count:>2}]")),
            (true, true, _) => styled(LAST, &format!("{count:>3}*")),
            (false, false, _) => format!(" {count:>3} "),
            (false, true, _) => format!(" {count:>3}"),
        }
    };
    // The pits of a row as South sees it, left to right: South's outer row
    // is its pits 1..p, its inner row p+1..2p from the right; North's the
    // same turned round.
    let columns = |side: Side, outer: bool| -> Vec<usize> {
        match (side, outer) {
            (Side::South, true) => (0..p).collect(),
            (Side::South, false) => (p..2 * p).rev().collect(),
            (Side::North, true) => (0..p).rev().collect(),
            (Side::North, false) => (p..2 * p).collect(),
        }
    };
    let row = |side: Side, outer: bool| -> String {
        let cells: Vec<String> = columns(side, outer).into_iter().map(|k| cell(side, k)).collect();
        let which = if outer { "outer" } else { "inner" };
        format!(
            "     |{}|{}\n",
            if narrow { cells.concat() } else { cells.join("|") },
            tag(format!("{}'s {which} row", side_title(side)))
        )
    };
    let numbers = |side: Side, outer: bool| -> String {
        let nums: Vec<String> = columns(side, outer)
            .into_iter()
            .map(|k| if narrow { format!("{:>4}", k + 1) } else { format!(" {:>3} ", k + 1) })
            .collect();
        let which = if outer { "outer" } else { "inner" };
        let nums = nums.join(if narrow { "" } else { " " });
        let nums = styled(NUMBERS, nums.trim_end());
        format!("      {nums}{}\n", tag(format!("{}'s {which} row's pits", side_title(side))))
    };
    let label = |side: Side| -> String {
        let marker = if view.numbers_for == Some(side) { "  <-\u{a0}to\u{a0}move" } else { "" };
        let style = if view.numbers_for == Some(side) { TITLE } else { Style::new() };
        let kept = if view.stores_drawn == StoresDrawn::Hand { "in\u{a0}hand" } else { "store" };
        let text = format!("{}, {kept}\u{a0}{}", view.labels[side.index()], pos.store(side));
        format!("{}{}\n", styled(style, &text), marker)
    };
    let border = if narrow {
        format!("     +{}+\n", "-".repeat(4 * p))
    } else {
        format!("     +{}\n", "-----+".repeat(p))
    };
    // While bonus takes are due (`capture.bonus_pits`), the mover names
    // the opponent's pits: their numbers are shown instead.
    let numbered = view.numbers_for.map(|m| if pos.takes_due() > 0 { !m } else { m });
    let mut out = String::new();
    out.push_str(&label(Side::North));
    if numbered == Some(Side::North) {
        out.push_str(&numbers(Side::North, true));
        out.push_str(&numbers(Side::North, false));
    }
    out.push_str(&border);
    out.push_str(&row(Side::North, true));
    out.push_str(&row(Side::North, false));
    out.push_str(&border);
    out.push_str(&row(Side::South, false));
    out.push_str(&row(Side::South, true));
    out.push_str(&border);
    if numbered == Some(Side::South) {
        out.push_str(&numbers(Side::South, false));
        out.push_str(&numbers(Side::South, true));
    }
    out.push_str(&label(Side::South));
    out
}

fn draw_full<L: Layout>(view: &BoardView<'_, L>) -> String {
    let pos = view.pos;
    let n = pos.pits_per_side();
    let cell = |side: Side, k: usize| -> String {
        if let Some(mark) = claimed(pos, side, k) {
            return format!("   {mark} ");
        }
        if pos.is_out_of_play(side, k) {
            return "   - ".to_string();
        }
        let count = pos.pit(side, k);
        if view.last == Some((side, k)) {
            styled(LAST, &format!("[{count:>3}]"))
        } else {
            format!(" {count:>3} ")
        }
    };
    // North's pits run from right to left on top: its pit 1 is on the right.
    let top: Vec<String> = (0..n).rev().map(|k| cell(Side::North, k)).collect();
    let bottom: Vec<String> = (0..n).map(|k| cell(Side::South, k)).collect();
    let numbers = |side: Side, from: usize| -> String {
        let order: Vec<usize> = if side == Side::North {
            (from + 1..=from + n).rev().collect()
        } else {
            (from + 1..=from + n).collect()
        };
        let nums: Vec<String> = order.iter().map(|k| format!(" {k:>3} ")).collect();
        // Under the pits: past the store's column at the row end, if any.
        let indent = if view.bare_ends() { " " } else { "       " };
        format!("{indent}{}\n", styled(NUMBERS, nums.join(" ").trim_end()))
    };
    if view.bare_ends() {
        return draw_full_bare_ends(view, &top, &bottom, &numbers);
    }
    let border = format!("+{}\n", "-----+".repeat(n + 2));
    let inner = format!("+{}", "-----+".repeat(n));
    let blank = "     ";
    let mut out = String::new();
    let label = |side: Side| label(view, side);
    out.push_str(&label(Side::North));
    if let Some(from) = number_offset(view, Side::North) {
        out.push_str(&numbers(Side::North, from));
    }
    out.push_str(&border);
    let _ = writeln!(out, "|{blank}|{}|{blank}|", top.join("|"));
    let store = |side: Side| {
        if view.end_pits {
            // The end pit after the row, at its end (rule `end_pits`).
            end_pit_cell(pos, side, 5)
        } else {
            styled(STORE, &format!(" {:>3} ", pos.store(side)))
        }
    };
    let _ = writeln!(out, "|{}{}{}|", store(Side::North), inner, store(Side::South));
    let _ = writeln!(out, "|{blank}|{}|{blank}|", bottom.join("|"));
    out.push_str(&border);
    if let Some(from) = number_offset(view, Side::South) {
        out.push_str(&numbers(Side::South, from));
    }
    out.push_str(&label(Side::South));
    out
}

/// The band between the rows (`stores_drawn = "between"`), `width`
/// columns inside the board's walls: North's store on the left, South's on
/// the right, each `pad` columns from the wall.
fn store_band<L: Layout>(pos: &Position<L>, width: usize, pad: usize) -> String {
    let (north, south) = (pos.store(Side::North).to_string(), pos.store(Side::South).to_string());
    let gap = width.saturating_sub(north.len() + south.len() + 2 * pad).max(1);
    let pad = " ".repeat(pad);
    format!("{pad}{}{}{}{pad}", styled(STORE, &north), " ".repeat(gap), styled(STORE, &south))
}

/// The full board with nothing at the row ends: the stores in a band
/// between the rows (`stores_drawn = "between"`), or in the labels
/// (`"hand"`).
///
/// ```text
/// +-----+-----+-----+-----+
/// |   9 |   9 |   9 |   9 |
/// +-----+-----+-----+-----+
/// |  10                12 |
/// +-----+-----+-----+-----+
/// |   9 |   9 |   9 |   9 |
/// +-----+-----+-----+-----+
/// ```
fn draw_full_bare_ends<L: Layout>(
    view: &BoardView<'_, L>,
    top: &[String],
    bottom: &[String],
    numbers: &dyn Fn(Side, usize) -> String,
) -> String {
    let pos = view.pos;
    let n = pos.pits_per_side();
    let border = format!("+{}\n", "-----+".repeat(n));
    let mut out = String::new();
    out.push_str(&label(view, Side::North));
    if let Some(from) = number_offset(view, Side::North) {
        out.push_str(&numbers(Side::North, from));
    }
    out.push_str(&border);
    let _ = writeln!(out, "|{}|", top.join("|"));
    out.push_str(&border);
    if view.stores_between() {
        let _ = writeln!(out, "|{}|", store_band(pos, 6 * n - 1, 2));
        out.push_str(&border);
    }
    let _ = writeln!(out, "|{}|", bottom.join("|"));
    out.push_str(&border);
    if let Some(from) = number_offset(view, Side::South) {
        out.push_str(&numbers(Side::South, from));
    }
    out.push_str(&label(view, Side::South));
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn wrapping_leaves_game_record_lines_whole() {
        // A record printed for copying must read back: its header and rule
        // lines are not broken, whatever the width; prose around it is.
        let text = "Here is its record; put it in a file and go on with it later:\n\
                    [Position \"10,0,11,4,4,4:0/4,4,4,4,4,4:0/N+swap\"]\n\
                    | description = \"a long description of the rules that goes on\"\n";
        let wrapped = wrap(text, 30);
        assert!(
            wrapped.contains("[Position \"10,0,11,4,4,4:0/4,4,4,4,4,4:0/N+swap\"]\n"),
            "{wrapped}"
        );
        assert!(
            wrapped.contains("| description = \"a long description of the rules that goes on\"\n"),
            "{wrapped}"
        );
        assert!(wrapped.lines().next().unwrap().len() <= 30, "{wrapped}");
    }
    use super::*;
    use mancala_core::{Compact, Game, Move, Position, Variant};

    fn labels() -> [String; 2] {
        [
            "South: human, store on the right".to_string(),
            "North: computer, level 3, store on the left".to_string(),
        ]
    }

    /// Compares with a golden file in `tests/snapshots`; `UPDATE_SNAPSHOTS=1`
    /// rewrites it.
    fn golden(name: &str, text: &str) {
        let text = fit(text, None);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/snapshots")
            .join(format!("{name}.txt"));
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
            return;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_SNAPSHOTS=1)", path.display()));
        assert_eq!(text, want, "board differs from {}", path.display());
    }

    fn plain(text: &str) -> String {
        fit(&anstream::adapter::strip_str(text).to_string(), None)
    }

    fn game(variant: &str, pits: Option<u8>, seeds: Option<u8>, moves: &[&str]) -> Game {
        let v = Variant::preset(variant).unwrap().resized(pits, seeds).unwrap();
        let mut g = Game::new(v);
        for m in moves {
            let mv = g.position().parse_move(g.variant(), m).unwrap();
            g.play(mv).unwrap();
        }
        g
    }

    /// Toguz Kumalak's nine pits a side, with a tuzdyk: North's pit 4,
    /// South's, drawn `x` in both the full and the compact board.
    /// A Toguz Kumalak board with a tuzdyk (North's pit 4, South's), its
    /// stores drawn as `drawn` says, `mover`'s pits numbered.
    fn toguz_view(pos: &Position, mover: Side, drawn: StoresDrawn) -> BoardView<'_, Compact> {
        BoardView {
            pos,
            last: None,
            numbers_for: Some(mover),
            labels: labels(),
            rows: 2,
            any_pits: false,
            end_pits: false,
            stores_drawn: drawn,
        }
    }

    fn toguz_with_a_tuzdyk() -> Position {
        let v = Variant::preset("toguz-kumalak").unwrap();
        Position::from_text(&v, "0,0,0,0,0,0,0,0,1:78/10,10,10,x,9,9,9,9,9:8/N").unwrap()
    }

    #[test]
    fn a_tuzdyk_is_drawn_x_on_the_nine_pit_board() {
        let pos = toguz_with_a_tuzdyk();
        let view = toguz_view(&pos, Side::North, StoresDrawn::Ends);
        let full = plain(&draw(&view, None));
        assert!(
            full.contains("|     |   9 |   9 |   9 |   9 |   9 |   x |  10 |  10 |  10 |     |\n"),
            "{full}"
        );
        let compact = plain(&draw(&view, Some(50)));
        assert!(compact.contains("|  9   9   9   9   9   x  10  10  10 |\n"), "{compact}");
    }

    /// Toguz Kumalak's kazans between the rows (`stores_drawn =
    /// "between"`): a band between the two rows, North's store on the
    /// left, South's on the right, no store column at the row ends; and
    /// stones kept in hand (`"hand"`): no store on the board, each count in
    /// its player's label.
    #[test]
    fn stores_between_the_rows_and_in_hand() {
        let pos = toguz_with_a_tuzdyk();
        let view = toguz_view(&pos, Side::South, StoresDrawn::Between);
        let full = plain(&draw(&view, None));
        let lines: Vec<&str> = full.lines().collect();
        let border = format!("+{}", "-----+".repeat(9));
        assert_eq!(
            lines[1..8],
            [
                border.as_str(),
                "|   9 |   9 |   9 |   9 |   9 |   x |  10 |  10 |  10 |",
                border.as_str(),
                "|  8                                              78  |",
                border.as_str(),
                "|   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   1 |",
                border.as_str(),
            ],
            "{full}"
        );
        // South's pit numbers stand under its pits.
        assert_eq!(lines[8], "    1     2     3     4     5     6     7     8     9", "{full}");
        let compact = plain(&draw(&view, Some(50)));
        assert!(compact.contains("    | 8                               78 |\n"), "{compact}");
        assert!(compact.contains("|  0   0   0   0   0   0   0   0   1 |\n"), "{compact}");

        let hand = BoardView { stores_drawn: StoresDrawn::Hand, ..view };
        let full = plain(&draw(&hand, None));
        let lines: Vec<&str> = full.lines().collect();
        assert_eq!(lines[0], "North: computer, level 3, store on the left, in hand 8", "{full}");
        assert_eq!(lines[2], "|   9 |   9 |   9 |   9 |   9 |   x |  10 |  10 |  10 |", "{full}");
        assert_eq!(lines[3], border, "{full}");
        assert_eq!(lines[4], "|   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   1 |", "{full}");
        assert!(lines[7].starts_with("South: human, store on the right, in hand 78"), "{full}");
    }

    #[test]
    fn compact_boards_fit_and_keep_the_columns() {
        let width = |text: &str| plain(text).lines().map(|l| l.chars().count()).max().unwrap();
        let g = game("kalah", None, None, &["3"]);
        let view = BoardView {
            pos: g.position(),
            last: Some((Side::South, 2)),
            numbers_for: Some(Side::North),
            labels: ["P1".to_string(), "P2".to_string()],
            rows: 2,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        let text = plain(&draw(&view, Some(40)));
        assert_eq!(
            text,
            "P2  <- to move\n     \
             \x20 6   5   4   3   2   1\n    \
             +------------------------+\n    \
             |  4   4   4   4   4   4 |\n  \
             0 |                        | 1\n    \
             |  4   4 [ 0]  5   5   5 |\n    \
             +------------------------+\n\
             P1\n"
        );
        assert_eq!(draw(&view, Some(80)), draw(&view, None));
        // Ten pits a side fit 40 columns at 3 columns a pit.
        let g = game("kalah", Some(10), Some(4), &["1"]);
        let view = BoardView { pos: g.position(), last: Some((Side::South, 0)), ..view };
        let text = plain(&draw(&view, Some(40)));
        assert!(width(&text) <= 40, "{text}");
        assert!(text.contains("\n    | 0* 5  5  5  5  4  4  4  4  4 |\n"), "{text}");
        assert!(text.contains("\n     10  9  8  7  6  5  4  3  2  1\n"), "{text}");
        // Sixteen a side at 40 columns cannot fit; the narrowest is drawn.
        let g = game("oware", Some(16), Some(4), &[]);
        let view = BoardView { pos: g.position(), last: None, ..view };
        let text = plain(&draw(&view, Some(40)));
        assert!(width(&text) > 40 && width(&text) <= 3 * 16 + 10, "{text}");
        assert!(
            text.contains("\n    | 4  4  4  4  4  4  4  4  4  4  4  4  4  4  4  4 |\n"),
            "{text}"
        );
    }

    #[test]
    fn start_of_kalah() {
        let g = game("kalah", None, None, &[]);
        let view = BoardView {
            pos: g.position(),
            last: None,
            numbers_for: Some(Side::South),
            labels: labels(),
            rows: 2,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        golden("board_kalah_start", &plain(&draw(&view, None)));
    }

    #[test]
    fn north_to_move_after_a_move() {
        let g = game("kalah", None, None, &["3"]);
        assert_eq!(g.moves(), &[Move::Sow(2)]);
        let view = BoardView {
            pos: g.position(),
            last: Some((Side::South, 2)),
            numbers_for: Some(Side::North),
            labels: labels(),
            rows: 2,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        let text = draw(&view, None);
        golden("board_kalah_north_to_move", &plain(&text));
        golden("board_kalah_north_to_move_colour", &text);
    }

    #[test]
    fn big_counts_and_small_board() {
        let g = game("kalah", Some(1), Some(12), &["1"]);
        let view = BoardView {
            pos: g.position(),
            last: Some((Side::South, 0)),
            numbers_for: None,
            labels: labels(),
            rows: 2,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        golden("board_kalah_1x12_over", &plain(&draw(&view, None)));
        let g = game("oware", Some(10), Some(12), &["10", "1"]);
        let view = BoardView {
            pos: g.position(),
            last: Some((Side::North, 0)),
            numbers_for: Some(Side::South),
            labels: labels(),
            rows: 2,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        golden("board_oware_10x12", &plain(&draw(&view, None)));
    }

    /// Hus's four rows: each column's four pits one above the other, every
    /// row tagged, the mover's numbers in sowing order under the board.
    #[test]
    fn hus_is_drawn_on_four_rows() {
        let g = game("hus", Some(4), Some(2), &["2"]);
        let view = BoardView {
            pos: g.position(),
            last: Some((Side::South, 1)),
            numbers_for: Some(Side::North),
            labels: ["South".to_string(), "North".to_string()],
            rows: 4,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        // 40 columns: the same rows, untagged.
        let narrow = plain(&draw(&view, Some(40)));
        assert!(narrow.contains("\n     |   2 |[  0]|   3 |   0 |\n"), "{narrow}");
        assert!(narrow.lines().all(|l| l.chars().count() <= 40), "{narrow}");
        let text = plain(&draw(&view, Some(80)));
        assert_eq!(g.position().to_string(), "2,0,3,0,3,3,1,0:0/2,2,2,2,2,2,0,0:0/N");
        assert_eq!(
            text,
            "North, store 0  <- to move\n\
             \x20        4     3     2     1  North's outer row's pits\n\
             \x20        5     6     7     8  North's inner row's pits\n\
             \x20    +-----+-----+-----+-----+\n\
             \x20    |   2 |   2 |   2 |   2 |  North's outer row\n\
             \x20    |   2 |   2 |   0 |   0 |  North's inner row\n\
             \x20    +-----+-----+-----+-----+\n\
             \x20    |   0 |   1 |   3 |   3 |  South's inner row\n\
             \x20    |   2 |[  0]|   3 |   0 |  South's outer row\n\
             \x20    +-----+-----+-----+-----+\n\
             South, store 0\n"
        );
    }

    /// Hus on four rows of 12 in the wide layout, with counts of one, two
    /// and three digits: the columns line up in the full board (78 columns
    /// and the tags) and in the narrow one (4 columns a pit, 55 in all).
    #[test]
    fn four_rows_of_12_with_counts_of_1_2_and_3_digits() {
        let v = Variant::from_toml(include_str!("../../../../core/variants/hus-12.toml"))
            .unwrap()
            .resized(None, Some(10))
            .unwrap();
        // North's outer row holds the hundreds: a position drawn, not
        // one of a game (490 seeds).
        let pos = mancala_core::Setup::<mancala_core::Wide>::from_str_in(
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24:0/\
             100,90,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0:0/S",
        )
        .unwrap()
        .position_unchecked_in(&v);
        let view = BoardView {
            pos: &pos,
            last: Some((Side::South, 9)),
            numbers_for: Some(Side::South),
            labels: ["South".to_string(), "North".to_string()],
            rows: 4,
            any_pits: false,
            end_pits: false,
            stores_drawn: StoresDrawn::Ends,
        };
        let full = plain(&draw(&view, None));
        assert_eq!(
            full,
            "North, store 0\n\
             \x20    +-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+\n\
             \x20    |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |  90 | 100 |  North's outer row\n\
             \x20    |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |   0 |  North's inner row\n\
             \x20    +-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+\n\
             \x20    |  24 |  23 |  22 |  21 |  20 |  19 |  18 |  17 |  16 |  15 |  14 |  13 |  South's inner row\n\
             \x20    |   1 |   2 |   3 |   4 |   5 |   6 |   7 |   8 |   9 |[ 10]|  11 |  12 |  South's outer row\n\
             \x20    +-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+\n\
             \x20       24    23    22    21    20    19    18    17    16    15    14    13  South's inner row's pits\n\
             \x20        1     2     3     4     5     6     7     8     9    10    11    12  South's outer row's pits\n\
             South, store 0  <- to move\n"
        );
        let narrow = plain(&draw(&view, Some(60)));
        assert_eq!(
            narrow,
            "North, store 0\n\
             \x20    +------------------------------------------------+\n\
             \x20    |   0   0   0   0   0   0   0   0   0   0  90 100|\n\
             \x20    |   0   0   0   0   0   0   0   0   0   0   0   0|\n\
             \x20    +------------------------------------------------+\n\
             \x20    |  24  23  22  21  20  19  18  17  16  15  14  13|\n\
             \x20    |   1   2   3   4   5   6   7   8   9[10]  11  12|\n\
             \x20    +------------------------------------------------+\n\
             \x20       24  23  22  21  20  19  18  17  16  15  14  13\n\
             \x20        1   2   3   4   5   6   7   8   9  10  11  12\n\
             South, store 0  <- to move\n"
        );
        assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
        // Three digits in the last move's pit: starred in the narrow board.
        let view = BoardView { last: Some((Side::North, 0)), ..view };
        let narrow = plain(&draw(&view, Some(60)));
        assert!(
            narrow.contains("\n     |   0   0   0   0   0   0   0   0   0   0  90100*|\n"),
            "{narrow}"
        );
        let full = plain(&draw(&view, None));
        assert!(full.contains("|  90 |[100]|  North's outer row\n"), "{full}");
    }
}
