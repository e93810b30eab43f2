//! The board as Kalah is usually drawn: Player 2's row on top with the store on
//! the left, Player 1's row below with the store on the right.
//!
//! The text carries ANSI styles; the terminal layer strips them when colour
//! is off (`NO_COLOR`, not a terminal). The last move's pit is also marked
//! with brackets, so it shows without colour too.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};
use mancala_core::{Position, Side};

pub const TITLE: Style = Style::new().bold();
pub const STORE: Style = Style::new().bold();
pub const LAST: Style = AnsiColor::Yellow.on_default().bold();
pub const NUMBERS: Style = AnsiColor::Cyan.on_default();
pub const ERROR: Style = AnsiColor::Red.on_default().bold();
pub const DIM: Style = Style::new().dimmed();

/// What to draw besides the seeds.
pub struct BoardView<'a> {
    pub pos: &'a Position,
    /// The pit the last move was sown from: a side and a 0-based pit.
    pub last: Option<(Side, usize)>,
    /// Whose pit numbers to show (the player to move), if anyone's.
    pub numbers_for: Option<Side>,
    /// Labels for South (Player 1) and North (Player 2).
    pub labels: [String; 2],
}

fn styled(style: Style, text: &str) -> String {
    format!("{style}{text}{style:#}")
}

/// Draws the board, one line per row, each ending in a newline.
pub fn draw(view: &BoardView) -> String {
    let pos = view.pos;
    let n = pos.pits_per_side();
    let cell = |side: Side, k: usize| -> String {
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
    let numbers = |side: Side| -> String {
        let order: Vec<usize> =
            if side == Side::North { (1..=n).rev().collect() } else { (1..=n).collect() };
        let nums: Vec<String> = order.iter().map(|k| format!(" {k:>3} ")).collect();
        format!("       {}\n", styled(NUMBERS, nums.join(" ").trim_end()))
    };
    let border = format!("+{}\n", "-----+".repeat(n + 2));
    let inner = format!("+{}", "-----+".repeat(n));
    let blank = "     ";
    let mut out = String::new();
    let label = |side: Side| -> String {
        let text = &view.labels[side.index()];
        let marker = if view.numbers_for == Some(side) { "  <- to move" } else { "" };
        let style = if view.numbers_for == Some(side) { TITLE } else { Style::new() };
        format!("{}{}\n", styled(style, text), marker)
    };
    out.push_str(&label(Side::North));
    if view.numbers_for == Some(Side::North) {
        out.push_str(&numbers(Side::North));
    }
    out.push_str(&border);
    let _ = writeln!(out, "|{blank}|{}|{blank}|", top.join("|"));
    let store = |side: Side| styled(STORE, &format!(" {:>3} ", pos.store(side)));
    let _ = writeln!(out, "|{}{}{}|", store(Side::North), inner, store(Side::South));
    let _ = writeln!(out, "|{blank}|{}|{blank}|", bottom.join("|"));
    out.push_str(&border);
    if view.numbers_for == Some(Side::South) {
        out.push_str(&numbers(Side::South));
    }
    out.push_str(&label(Side::South));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Game, Move, Variant};

    fn labels() -> [String; 2] {
        [
            "Player 1 (lower row, store on the right): you".to_string(),
            "Player 2 (upper row, store on the left): computer, level 3".to_string(),
        ]
    }

    /// Compares with a golden file in `tests/snapshots`; `UPDATE_SNAPSHOTS=1`
    /// rewrites it.
    fn golden(name: &str, text: &str) {
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
        anstream::adapter::strip_str(text).to_string()
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

    #[test]
    fn start_of_kalah() {
        let g = game("kalah", None, None, &[]);
        let view = BoardView {
            pos: g.position(),
            last: None,
            numbers_for: Some(Side::South),
            labels: labels(),
        };
        golden("board_kalah_start", &plain(&draw(&view)));
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
        };
        let text = draw(&view);
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
        };
        golden("board_kalah_1x12_over", &plain(&draw(&view)));
        let g = game("oware", Some(10), Some(12), &["10", "1"]);
        let view = BoardView {
            pos: g.position(),
            last: Some((Side::North, 0)),
            numbers_for: Some(Side::South),
            labels: labels(),
        };
        golden("board_oware_10x12", &plain(&draw(&view)));
    }
}
