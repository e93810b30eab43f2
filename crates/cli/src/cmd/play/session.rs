//! The console game as a state machine: each answer the player types goes in,
//! text to show comes out. No terminal here, so the whole game can be tested
//! with strings; `play.rs` only moves lines between this and the terminal.
//!
//! Output carries ANSI styles; the terminal layer strips them when colour is
//! off.
//!
//! The questions before the game are in `session/setup.rs`; this file has
//! the session itself, the game loop and the commands. A session plays its
//! game in one layout; `session/any.rs` holds a session of either layout
//! and moves it to the other when its game needs it.

mod any;
mod setup;

use std::fmt::Write as _;

use mancala_core::{
    with_layout, Compact, Direction, Game, IllegalMove, Layout, LayoutKind, MatchEnd, Move,
    MoveError, MoveReport, Outcome, ParseMoveError, PitDirection, Side, StoresDrawn, Variant,
};

use crate::endgame::Databases;

use super::board::{self, BoardView, DIM, ERROR, NBSP, TITLE};
use super::input::{Input, MAX_LINE};
use super::record::{PlayerKind, Record, RecordFile};
use super::save_file::{Autosave, Saved};

pub use any::AnySession;
pub use setup::Setup;

/// What the terminal layer does next.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// Show the text (it ends with a question), read a line, pass it to
    /// [`Session::answer`].
    Ask(String),
    /// Show the text, then call [`Session::play_computer`].
    Think(String),
    /// Show the text; the session is over.
    End(String),
}

/// Where the session is, with what that stage works on.
#[derive(Clone, Debug)]
enum Stage<L: Layout> {
    /// Asking the variant.
    Variant,
    /// Asking the pits per side of `base`.
    Pits { base: Variant },
    /// Asking the seeds per pit of `base`.
    Seeds { base: Variant },
    /// Asking who plays `side` in `variant` (at its final size).
    Player { variant: Variant, side: Side },
    /// Asking the level of the computer playing `side`.
    Level { variant: Variant, side: Side },
    /// The game is on.
    Play(Box<Table<L>>),
    /// The table is out with a handler of the game ([`Session::with_table`]),
    /// which puts it back unless it moved the session on.
    Taken,
    /// The game is over or the player left.
    Done,
    /// The game to play next is of the layout named, not this session's:
    /// [`AnySession`] goes on in a session of that layout, which does
    /// what the [`Handover`] says.
    Relayout(LayoutKind, Handover),
}

/// What a session does first when it goes on in the other layout.
#[derive(Clone, Debug)]
enum Handover {
    /// Starts the game of this variant (at its size, the players known).
    Start(Box<Variant>),
    /// Loads the game saved in this file (`load FILE`), read already as a
    /// game of that layout.
    Load(String),
}

/// A game being played.
#[derive(Clone, Debug)]
struct Table<L: Layout> {
    /// The game; under a variant with rounds (`[rounds]`), the round in play.
    game: Game<L>,
    /// The rounds played before `game`, the first first.
    earlier: Vec<Game<L>>,
    /// The player to move said no to the pie rule's swap in this position.
    swap_declined: bool,
    /// The number of moves when the board was last drawn.
    drawn: Option<usize>,
}

impl<L: Layout> Table<L> {
    fn new(game: Game<L>) -> Box<Table<L>> {
        Box::new(Table { game, earlier: Vec::new(), swap_declined: false, drawn: None })
    }

    fn swap_question_open(&self) -> bool {
        self.game.position().swap_offered() && !self.swap_declined
    }
}

/// A console game from set-up to the end.
pub struct Session<L: Layout = Compact> {
    stage: Stage<L>,
    /// Pits per side and seeds per pit, from the command line or answered.
    pits: Option<u8>,
    seeds: Option<u8>,
    /// South's and North's player, once given.
    players: [Option<PlayerKind>; 2],
    listed_variants: bool,
    /// Seed for the computer players.
    seed: u64,
    /// Where `quit` and leaving mid-game save the game.
    autosave: Autosave,
    /// The game came from the autosave (`--resume`): finishing it removes it.
    resumed: bool,
    /// Endgame databases for the computer's moves and hints.
    databases: Databases,
    /// The terminal's width in columns, if known: the board and the text
    /// are fitted to it.
    width: Option<usize>,
    out: String,
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "South" or "North": what the game calls each player after the
/// introduction names them "Player 1 (South)" and "Player 2 (North)".
fn side_name(side: Side) -> &'static str {
    if side == Side::South {
        "South"
    } else {
        "North"
    }
}

/// "Player 1 (South)" or "Player 2 (North)", joined so that no line breaks
/// inside it: how the set-up questions, the introduction and `help` name
/// the players.
fn introduced(side: Side) -> String {
    let number = if side == Side::South { 1 } else { 2 };
    format!("Player{NBSP}{number}{NBSP}({})", side_name(side))
}

/// `1, 3-6` for the pits 1, 3, 4, 5, 6.
fn pit_list(pits: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pits.len() {
        let mut j = i;
        while j + 1 < pits.len() && pits[j + 1] == pits[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => pits[i].to_string(),
            1 => format!("{}, {}", pits[i], pits[j]),
            _ => format!("{}-{}", pits[i], pits[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// The legal pits, 1-based (a pit sown either way once).
fn legal_pits<L: Layout>(game: &Game<L>) -> Vec<usize> {
    let mut pits: Vec<usize> =
        game.legal_moves().iter().filter_map(|m| Some(m.sown_pit()? as usize + 1)).collect();
    pits.dedup();
    pits
}

/// The legal sowings as the prompt lists them: `1, 3-6`, or where a pit
/// may be sown either way, every sowing written out (`1, 3ccw, 3cw, 4`).
fn legal_text<L: Layout>(game: &Game<L>) -> String {
    if !game.variant().lists_moves() {
        return legal_pits_text(game);
    }
    let sowings: Vec<String> =
        game.legal_moves().iter().filter(|&&m| m != Move::Swap).map(|m| m.to_string()).collect();
    sowings.join(", ")
}

/// A sowing in words: `pit 3`, `pit 3 clockwise` (no line break inside).
fn pit_words(mv: Move) -> String {
    match mv {
        Move::Directed(k, Direction::Clockwise) => format!("pit{NBSP}{}{NBSP}clockwise", k + 1),
        Move::Directed(k, _) => format!("pit{NBSP}{}{NBSP}counter-clockwise", k + 1),
        _ => format!("pit{NBSP}{}", mv.sown_pit().unwrap_or(0) + 1),
    }
}

/// The legal pits as the prompt and the messages list them: `1, 3-6`;
/// where a move may start from either row (`pits = "any"`), the mover's
/// row and the other row apart: `1-5 in your row, 8-10 in North's row`.
fn legal_pits_text<L: Layout>(game: &Game<L>) -> String {
    let legal = legal_pits(game);
    let v = game.variant();
    if !v.any_pits() {
        return pit_list(&legal);
    }
    let n = v.pits_per_side();
    let (own, other): (Vec<usize>, Vec<usize>) = legal.iter().partition(|&&k| k <= n);
    let other_side = side_name(!game.position().to_move());
    let mut parts = Vec::new();
    if !own.is_empty() {
        parts.push(format!("{} in your row", pit_list(&own)));
    }
    if !other.is_empty() {
        parts.push(format!("{} in {other_side}'s row", pit_list(&other)));
    }
    parts.join(", ")
}

/// The pit a move sows from, as a side and a 0-based pit of that side's
/// row: the mover's pit `k`, or past their row (`pits = "any"`) the
/// opponent's pit `k - n`.
fn sown_pit(v: &Variant, mover: Side, k: usize) -> (Side, usize) {
    let n = v.pits_per_side();
    if k < n {
        (mover, k)
    } else {
        (!mover, k - n)
    }
}

/// Whether `mv`, the first move of a pie-rule `game`, would have earned an
/// extra turn without the pie rule (its last seed fell in the store).
fn opening_would_play_again<L: Layout>(game: &Game<L>, mv: Move) -> bool {
    let mut rules = game.variant().rules().clone();
    rules.turn.pie_rule = false;
    let Ok(plain) = Variant::new(rules) else { return false };
    // The game's layout, which a compact size played wide does not take
    // by itself.
    let plain = if plain.layout() == L::KIND { plain } else { plain.in_wide_layout() };
    let start = mancala_core::Position::<L>::start_in(&plain);
    start.play(&plain, mv).is_ok_and(|(_, report)| report.extra_turn)
}

/// The commands, each with its argument joined to it so that a line does
/// not break between them.
const COMMANDS: &str = "help, undo, hint, save\u{a0}FILE, load\u{a0}FILE, quit";

impl<L: Layout> Session<L> {
    /// A new game, asking whatever `setup` leaves open.
    pub fn new(setup: Setup, seed: u64, autosave: Autosave) -> Session<L> {
        let mut s = Session {
            stage: Stage::Variant,
            pits: setup.pits,
            seeds: setup.seeds,
            players: setup.players,
            listed_variants: false,
            seed,
            autosave,
            resumed: false,
            databases: Databases::none(),
            width: None,
            out: String::new(),
        };
        if let Some(v) = setup.variant {
            s.choose_variant(v);
        }
        s
    }

    /// A saved game, going on where it stopped. `players` override the
    /// record's where given.
    pub fn resume(
        record: Record<L>,
        players: [Option<PlayerKind>; 2],
        autosave: Autosave,
        resumed: bool,
    ) -> Session<L> {
        let mut s = Session::new(Setup::default(), record.seed, autosave);
        s.resumed = resumed;
        s.load_record(record, players);
        s
    }

    fn load_record(&mut self, record: Record<L>, players: [Option<PlayerKind>; 2]) {
        self.players =
            [players[0].or(Some(record.players[0])), players[1].or(Some(record.players[1]))];
        self.seed = record.seed;
        let moves = record.game.moves().len()
            + record.earlier.iter().map(|g| g.moves().len()).sum::<usize>();
        self.intro(record.earlier.first().unwrap_or(&record.game));
        if moves > 0 {
            let round = match record.earlier.len() {
                0 => String::new(),
                r => format!(", in round {}", r + 1),
            };
            let _ = writeln!(
                self.out,
                "Going on after {}{round}.",
                plural(moves as u64, "move", "moves")
            );
        }
        let mut table = Table::new(record.game);
        table.earlier = record.earlier;
        self.start(table);
    }

    /// Puts the game on the table, or ends the session if it is over.
    fn start(&mut self, mut table: Box<Table<L>>) {
        self.stage = if self.check_over(&mut table) { Stage::Done } else { Stage::Play(table) };
    }

    /// Runs `f` with the game, if one is on; the table goes back to the
    /// session unless `f` moved it on (the game ended, the player left,
    /// another game was loaded).
    fn with_table(&mut self, f: impl FnOnce(&mut Session<L>, &mut Table<L>)) {
        match std::mem::replace(&mut self.stage, Stage::Taken) {
            Stage::Play(mut table) => {
                f(self, &mut table);
                if matches!(self.stage, Stage::Taken) {
                    self.stage = Stage::Play(table);
                }
            }
            other => self.stage = other,
        }
    }

    /// Where the computer and `hint` find endgame databases (none until
    /// this is called).
    pub fn set_databases(&mut self, databases: Databases) {
        self.databases = databases;
    }

    /// Fits the board and the text to a terminal `width` columns wide
    /// (`None`: no limit).
    pub fn set_width(&mut self, width: Option<usize>) {
        self.width = width;
    }

    /// What to do next, with the text to show first, fitted to the width.
    pub fn step(&mut self) -> Step {
        let width = self.width;
        let fit = |text: String| board::fit(&text, width);
        match self.next_step() {
            Step::Ask(text) => Step::Ask(fit(text)),
            Step::Think(text) => Step::Think(fit(text)),
            Step::End(text) => Step::End(fit(text)),
        }
    }

    /// The endgame database for the game's variant, if any. A database that
    /// cannot be used is reported once.
    fn endgame(
        &mut self,
        v: &Variant,
    ) -> Option<std::sync::Arc<dyn mancala_engine::EndgameOracle>> {
        let found = self.databases.for_variant(v);
        if let Some(Err(warning)) = &found.news {
            let _ = writeln!(self.out, "Warning: {warning}");
        }
        found.opened.map(|o| o.oracle)
    }

    /// The game being played, if set-up is done.
    #[cfg(test)]
    pub fn current_game(&self) -> Option<&Game<L>> {
        match &self.stage {
            Stage::Play(table) => Some(&table.game),
            _ => None,
        }
    }

    fn player(&self, side: Side) -> PlayerKind {
        self.players[side.index()].unwrap_or(PlayerKind::Human)
    }

    /// The computer plays both sides.
    pub fn computer_only(&self) -> bool {
        self.humans() == 0
    }

    fn humans(&self) -> usize {
        Side::ALL.iter().filter(|&&s| self.player(s) == PlayerKind::Human).count()
    }

    /// "South" or "North (computer)".
    fn who(&self, side: Side) -> String {
        match self.player(side) {
            PlayerKind::Human => side_name(side).to_string(),
            PlayerKind::Computer(_) => format!("{}{NBSP}(computer)", side_name(side)),
        }
    }

    fn describe_player(&self, side: Side) -> String {
        match self.player(side) {
            PlayerKind::Human => "human".to_string(),
            PlayerKind::Computer(level) => format!("computer, level {level}"),
        }
    }

    fn record_of(&self, t: &Table<L>) -> Record<L> {
        Record {
            game: t.game.clone(),
            earlier: t.earlier.clone(),
            players: [self.player(Side::South), self.player(Side::North)],
            seed: self.seed,
        }
    }

    /// The game record of a game still going on, as text: what an
    /// interruption saves.
    pub fn unfinished_record_text(&self) -> Option<String> {
        match &self.stage {
            Stage::Play(table) => self.unfinished_text_of(table),
            _ => None,
        }
    }

    fn unfinished_text_of(&self, t: &Table<L>) -> Option<String> {
        (!t.game.position().is_over()).then(|| self.record_of(t).to_text())
    }

    fn error(&mut self, message: impl std::fmt::Display) {
        let _ = writeln!(self.out, "{ERROR}{message}{ERROR:#}");
    }

    // ---- the game ---------------------------------------------------------

    fn next_step(&mut self) -> Step {
        match self.stage {
            // A session in the layout of its game ([`AnySession`]) goes
            // on from a handover: this one has no more to do.
            Stage::Done | Stage::Taken | Stage::Relayout(..) => {
                Step::End(std::mem::take(&mut self.out))
            }
            Stage::Play(_) => {
                let mut step = None;
                self.with_table(|s, t| step = Some(s.step_play(t)));
                step.unwrap_or_else(|| Step::End(std::mem::take(&mut self.out)))
            }
            _ => {
                let question = self.ask_setup();
                let mut text = std::mem::take(&mut self.out);
                text.push_str(&question);
                Step::Ask(text)
            }
        }
    }

    fn step_play(&mut self, t: &mut Table<L>) -> Step {
        let mover = t.game.position().to_move();
        let moves = t.game.moves().len();
        let human = self.player(mover) == PlayerKind::Human;
        if t.drawn != Some(moves) && (human || self.humans() == 0) {
            t.drawn = Some(moves);
            let board = self.board_text(&t.game, true);
            self.out.push('\n');
            self.out.push_str(&board);
        }
        if human {
            let question = self.question(t);
            let mut text = std::mem::take(&mut self.out);
            text.push_str(&question);
            Step::Ask(text)
        } else {
            let mut text = std::mem::take(&mut self.out);
            if self.humans() > 0 {
                let _ = writeln!(text, "{DIM}{} is thinking...{DIM:#}", self.who(mover));
            }
            Step::Think(text)
        }
    }

    fn question(&self, t: &Table<L>) -> String {
        let pos = *t.game.position();
        let mover = pos.to_move();
        let who = self.who(mover);
        if t.swap_question_open() {
            return format!("{who}, steal {}'s first move? (y/n): ", side_name(!mover));
        }
        let mut text = String::new();
        if t.game.variant().rules().turn.must_feed && pos.side_seeds(!mover) == 0 {
            let _ = writeln!(
                text,
                "{} has no seeds: {who} must sow a pit that gives them some.",
                side_name(!mover)
            );
        }
        if pos.takes_due() > 0 {
            // Bonus takes (`capture.bonus_pits`): the opponent's pits, by
            // their own numbers, shown by their rows.
            let _ = write!(
                text,
                "{who}, take one of {}'s pits ({}; {} due): ",
                side_name(!mover),
                legal_text(&t.game),
                plural(pos.takes_due(), "take", "takes")
            );
            return text;
        }
        let _ = write!(text, "{who}, choose a pit to sow ({}): ", legal_text(&t.game));
        text
    }

    /// The board, highlighting the last move, with the mover's pit numbers
    /// when `numbers`.
    fn board_text(&self, game: &Game<L>, numbers: bool) -> String {
        let pos = game.position();
        let positions = game.positions();
        let last = match game.moves() {
            [.., Move::Sow(k) | Move::Directed(k, _)] => {
                let mover = positions[positions.len() - 2].to_move();
                Some(sown_pit(game.variant(), mover, *k as usize))
            }
            // A swap turns the board round: the opening pit is now on the
            // other side.
            [.., Move::Sow(k), Move::Swap] => {
                let opener = positions[positions.len() - 3].to_move();
                Some((!opener, *k as usize))
            }
            _ => None,
        };
        let four_rows = game.variant().rows() == 4;
        let in_hand = game.variant().rules().board.stores_drawn == StoresDrawn::Hand;
        let label = |side: Side| {
            if four_rows || in_hand {
                // Stores beside the board or seeds in hand: the board says
                // what they hold.
                return format!("{}: {}", side_name(side), self.describe_player(side));
            }
            format!(
                "{}: {}, store on the {}",
                side_name(side),
                self.describe_player(side),
                if side == Side::South { "right" } else { "left" }
            )
        };
        let view = BoardView {
            pos,
            last,
            numbers_for: (numbers && !pos.is_over()).then(|| pos.to_move()),
            labels: [label(Side::South), label(Side::North)],
            rows: game.variant().rows(),
            any_pits: game.variant().any_pits(),
            end_pits: game.variant().has_end_pits(),
            stores_drawn: game.variant().rules().board.stores_drawn,
        };
        board::draw(&view, self.width)
    }

    /// Handles one line typed at a question.
    pub fn answer(&mut self, input: Input) {
        let text = match input {
            Input::Line(text) => text,
            Input::TooLong => {
                return self.error(format!(
                    "That line is too long (more than {MAX_LINE} bytes); please answer again."
                ))
            }
            Input::NotUtf8 => {
                return self
                    .error("That line is not readable text (not UTF-8); please answer again.")
            }
        };
        match self.stage {
            Stage::Play(_) => self.with_table(|s, t| s.answer_play(t, &text)),
            Stage::Taken | Stage::Done | Stage::Relayout(..) => {}
            _ => self.answer_setup(&text),
        }
    }

    fn answer_play(&mut self, t: &mut Table<L>, text: &str) {
        let t_ = text.trim();
        let (word, rest) = match t_.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (t_, ""),
        };
        let swap_question = t.swap_question_open();
        match word.to_ascii_lowercase().as_str() {
            "help" | "?" => return self.help(t),
            "undo" => return self.undo(t),
            "hint" => return self.hint(t),
            "quit" | "exit" => return self.quit(t),
            "save" => return self.save(t, rest),
            "load" => return self.load(rest),
            _ => {}
        }
        if t_.is_empty() {
            return self.error(if swap_question {
                "Please answer y to steal the move, or n to let it stand."
            } else {
                "Please enter a pit number, or help for the commands."
            });
        }
        if swap_question {
            match word.to_ascii_lowercase().as_str() {
                "y" | "yes" | "swap" | "steal" => self.play_move(t, Move::Swap),
                "n" | "no" => {
                    t.swap_declined = true;
                    let who = self.who(t.game.position().to_move());
                    let _ = writeln!(self.out, "{who} lets the first move stand.");
                }
                _ => self.error(format!(
                    "Please answer y (steal the first move) or n (let it stand), or type one of: {COMMANDS}."
                )),
            }
            return;
        }
        match t.game.position().parse_move(t.game.variant(), t_) {
            Ok(mv) => self.play_move(t, mv),
            Err(MoveError::Parse(ParseMoveError::NotAMove(_)))
                if t_.starts_with(|c: char| c.is_alphabetic()) =>
            {
                let shown: String = word.chars().take(40).collect();
                self.error(format!(
                    "Unknown command {shown:?}. Enter a pit number ({}), or one of: {COMMANDS}.",
                    legal_text(&t.game)
                ))
            }
            Err(MoveError::Parse(ParseMoveError::NotAMove(_))) => {
                let shown: String = t_.chars().take(40).collect();
                let swap = if t.game.legal_moves().contains(&Move::Swap) {
                    ", swap (steal the first move)"
                } else {
                    ""
                };
                self.error(format!(
                    "Not a move: {shown:?}. Enter a pit number ({}){swap}, or one of: {COMMANDS}.",
                    legal_text(&t.game)
                ))
            }
            Err(MoveError::Parse(e)) => self.error(format!("{}.", capitalise(&e.to_string()))),
            Err(MoveError::Illegal(IllegalMove::SwapNotAllowed)) => {
                let first = t.game.variant().first_player();
                self.error(format!(
                    "Swap is only allowed as {}'s answer to {}'s first move (pie rule). You can sow: {}.",
                    side_name(!first),
                    side_name(first),
                    legal_text(&t.game)
                ))
            }
            Err(e) => {
                let legal = legal_text(&t.game);
                let can = if t.game.position().takes_due() > 0 { "take" } else { "sow" };
                self.error(format!("{}. You can {can}: {legal}.", capitalise(&e.to_string())))
            }
        }
    }

    fn play_move(&mut self, t: &mut Table<L>, mv: Move) {
        let before = *t.game.position();
        let mover = before.to_move();
        let report = match t.game.play(mv) {
            Ok(r) => r,
            Err(e) => return self.error(capitalise(&e.to_string())),
        };
        t.swap_declined = false;
        let mut text = self.describe(&t.game, mover, mv, &report);
        if before.is_opening() && opening_would_play_again(&t.game, mv) {
            let _ = write!(
                text,
                " The last seed fell in the store, but the first move of a pie-rule game gets no extra turn: {} may now steal it.",
                side_name(!mover)
            );
        }
        let _ = writeln!(self.out, "{text}");
        if self.check_over(t) {
            self.stage = Stage::Done;
        } else if mv == Move::Swap {
            // The board has turned round: show it now, not only before the
            // next person's question.
            t.drawn = Some(t.game.moves().len());
            let board = self.board_text(&t.game, true);
            self.out.push('\n');
            self.out.push_str(&board);
        }
    }

    /// Plays the computer's move for the side to move.
    pub fn play_computer(&mut self) {
        self.with_table(|s, t| {
            let mover = t.game.position().to_move();
            let PlayerKind::Computer(level) = s.player(mover) else { return };
            let offered = t.game.position().swap_offered();
            let endgame = s.endgame(&t.game.variant().clone());
            let mv = mancala_engine::computer_move_with(&t.game, level, s.seed, endgame.as_ref());
            if offered && mv != Move::Swap {
                let _ = writeln!(s.out, "{} lets the first move stand.", s.who(mover));
            }
            s.play_move(t, mv);
        });
    }

    /// The move in words.
    fn describe(&self, game: &Game<L>, mover: Side, mv: Move, report: &MoveReport) -> String {
        let who = self.who(mover);
        let pos = game.position();
        if let Move::Take(k) = mv {
            let mut s = format!(
                "{who} took {} from {}'s pit{NBSP}{} (a bonus take).",
                plural(report.captured, "seed", "seeds"),
                side_name(!mover),
                k + 1
            );
            if pos.takes_due() > 0 {
                let _ = write!(s, " {} more due.", plural(pos.takes_due(), "take", "takes"));
            }
            return s;
        }
        let (Move::Sow(k) | Move::Directed(k, _)) = mv else {
            return format!(
                "{who} steals the first move (pie rule): the board turns round, so that move is now \
                 {}'s, and {} moves next.",
                side_name(mover),
                side_name(!mover)
            );
        };
        let mut s =
            format!("{who} sowed {} from pit{NBSP}{}", plural(report.sown, "seed", "seeds"), k + 1);
        if let Move::Directed(_, way) = mv {
            s.push_str(match way {
                Direction::Clockwise => " clockwise",
                Direction::CounterClockwise => " counter-clockwise",
            });
        }
        let (row, pit) = sown_pit(game.variant(), mover, k as usize);
        if row != mover {
            // A pit of the other row (`pits = "any"`), named by its owner's number too.
            let _ = write!(s, " ({}'s pit{NBSP}{})", side_name(row), pit + 1);
        }
        if report.relays > 0 {
            let _ = write!(
                s,
                ", then picked up and sowed on {} (relay)",
                plural(report.relays, "more time", "more times")
            );
        }
        s.push('.');
        if report.grand_slam && report.grand_slam_void {
            s.push_str(" That is a grand slam, which captures nothing in this variant.");
        } else if report.captured > 0 {
            let _ = write!(s, " Captured {}", plural(report.captured, "seed", "seeds"));
            if game.variant().rules().capture.taken == mancala_core::Taken::Sown {
                s.push_str(" and sowed them on");
            }
            if report.grand_slam {
                s.push_str(": a grand slam, every seed on the other side");
            }
            if report.claimed && game.variant().rules().many_claims() {
                // Several claims (Enkeshui's bulls): the pits this move
                // claimed are those the mover owns now and did not before.
                let positions = game.positions();
                let before = positions.len().checked_sub(2).map(|i| positions[i]);
                let n = game.variant().pits_per_side();
                let new: Vec<String> = Side::ALL
                    .into_iter()
                    .flat_map(|row| (0..n).map(move |k| (row, k)))
                    .filter(|&(row, k)| {
                        pos.claim_owner(row, k) == Some(mover)
                            && before.is_none_or(|b| b.claim_owner(row, k).is_none())
                    })
                    .map(|(row, k)| {
                        let mark = if row == mover { 'o' } else { 'x' };
                        format!("{}'s pit{NBSP}{} (marked {mark})", side_name(row), k + 1)
                    })
                    .collect();
                let _ = write!(
                    s,
                    ": {} {} now {}'s for the rest of the game, every seed that falls in {} going \
                     to {}'s store",
                    new.join(" and "),
                    if new.len() == 1 { "is" } else { "are" },
                    side_name(mover),
                    if new.len() == 1 { "it" } else { "them" },
                    side_name(mover)
                );
            } else if report.claimed {
                if let Some(pit) = pos.claimed_pit(mover) {
                    let _ = write!(
                        s,
                        ": {}'s pit{NBSP}{} is now {}'s for the rest of the game (marked x), every \
                         seed that falls in it going to {}'s store",
                        side_name(!mover),
                        pit + 1,
                        side_name(mover),
                        side_name(mover)
                    );
                }
            }
            s.push('.');
        }
        let next = side_name(pos.to_move());
        if report.extra_turn && report.passed {
            let _ = write!(
                s,
                " The last seed fell in the store, but {} has no move left to play again and \
                 passes: {next} to move.",
                side_name(mover)
            );
        } else if pos.takes_due() > 0 {
            let _ = write!(
                s,
                " Bonus: {} takes the seeds of {} of {}'s pits, one at a time (t and the pit's \
                 number, e.g. t{}).",
                side_name(mover),
                plural(pos.takes_due(), "pit", "pits"),
                side_name(!mover),
                game.legal_moves().first().and_then(|m| m.taken_pit()).map_or(1, |k| k + 1)
            );
        } else if report.extra_turn && !pos.is_over() {
            let _ =
                write!(s, " The last seed fell in the store: extra turn for {}.", side_name(mover));
        } else if report.passed {
            let _ = write!(s, " {} cannot move and passes: {next} to move.", side_name(!mover));
        }
        s
    }

    /// Whether the game is over; if so, says so with the final board and
    /// result (the caller ends the session). Under a variant with rounds
    /// (`[rounds]`), a round that ends is said, and the next round is put
    /// on the table while the match goes on.
    fn check_over(&mut self, t: &mut Table<L>) -> bool {
        let pos = *t.game.position();
        let Some(reason) = pos.end_reason() else { return false };
        let board = self.board_text(&t.game, false);
        self.out.push('\n');
        self.out.push_str(&board);
        if t.game.variant().rules().rounds.is_some() {
            return self.round_over(t, reason);
        }
        let _ = writeln!(self.out, "{TITLE}Game over{TITLE:#}: {}.", reason.describe());
        let (s, n): (u32, u32) = (pos.store(Side::South).into(), pos.store(Side::North).into());
        let _ = writeln!(self.out, "Final score: South {s}, North {n}.");
        let result = match pos.outcome() {
            Some(Outcome::Win(side)) => {
                let margin = (s as i32 - n as i32).unsigned_abs();
                format!("{} wins by {}.", self.who(side), plural(margin, "seed", "seeds"))
            }
            _ => "The game is a draw.".to_string(),
        };
        let _ = writeln!(self.out, "{TITLE}{result}{TITLE:#}");
        if self.resumed {
            // The saved game is finished: `--resume` has nothing more to do.
            self.autosave.remove();
        }
        true
    }

    /// The end of a round of a match (`[rounds]`): says it, then starts
    /// the next round ([`mancala_core::Match`]'s policy), or says how the
    /// match ended. Whether the match is over.
    fn round_over(&mut self, t: &mut Table<L>, reason: mancala_core::EndReason) -> bool {
        let pos = *t.game.position();
        let round = t.earlier.len() + 1;
        let (s, n) = (pos.store(Side::South), pos.store(Side::North));
        let _ = writeln!(
            self.out,
            "{TITLE}Round {round} over{TITLE:#}: {}. South {s}, North {n}.",
            reason.describe()
        );
        let mut rounds = t.earlier.clone();
        rounds.push(t.game.clone());
        let mut m = mancala_core::Match::from_rounds(rounds).expect("a round is on");
        if !m.start_next_round() {
            let per = t.game.variant().seeds_per_pit();
            let result = match (m.end(), m.outcome()) {
                (Some(MatchEnd::RepeatedRound { round: earlier }), _) => format!(
                    "round {} would start as round {earlier} did (the same board, {} to move \
                     first): the match is a draw after {}.",
                    round + 1,
                    side_name(m.rounds()[earlier - 1].start().to_move()),
                    plural(round as u64, "round", "rounds")
                ),
                (_, Some(Outcome::Win(side))) => format!(
                    "{} cannot fill a single pit with {}: {} wins the match after {}.",
                    side_name(!side),
                    plural(per, "seed", "seeds"),
                    self.who(side),
                    plural(round as u64, "round", "rounds")
                ),
                _ => "The match is a draw.".to_string(),
            };
            let _ = writeln!(self.out, "{TITLE}Game over{TITLE:#}: {result}");
            if self.resumed {
                self.autosave.remove();
            }
            return true;
        }
        let next = *m.position();
        let v = t.game.variant().clone();
        let per = v.seeds_per_pit();
        let mut text = format!(
            "{TITLE}Round {}{TITLE:#}: each player fills their pits from their store, {} to a pit.",
            round + 1,
            plural(per, "seed", "seeds")
        );
        for side in Side::ALL {
            let out: Vec<usize> = (0..v.pits_per_side())
                .filter(|&k| next.is_out_of_play(side, k))
                .map(|k| k + 1)
                .collect();
            if !out.is_empty() {
                let _ = write!(
                    text,
                    " {} cannot fill {} {}: out of play this round (marked -).",
                    side_name(side),
                    if out.len() == 1 { "pit" } else { "pits" },
                    pit_list(&out)
                );
            }
        }
        let _ = write!(text, " {} moves first.", side_name(next.to_move()));
        let _ = writeln!(self.out, "{text}");
        t.earlier.push(std::mem::replace(&mut t.game, m.game().clone()));
        t.swap_declined = false;
        t.drawn = None;
        false
    }

    // ---- commands -----------------------------------------------------------

    fn help(&mut self, t: &Table<L>) {
        let v = t.game.variant();
        let n = v.pits_per_side();
        let description = v.rules().description.clone();
        let name = v.name().to_string();
        let mover = t.game.position().to_move();
        let intro = Side::ALL.map(|side| self.introduction(side, v)).join("\n");
        let _ = writeln!(
            self.out,
            "{} to move: enter the number of {} to sow its seeds.\n\
             {intro}\n\
             Commands:\n  \
               help        this text\n  \
               undo        take moves back to the previous turn of a person\n  \
               hint        the computer's suggestion\n  \
               save FILE   save the game to FILE\n  \
               load FILE   go on with a game saved in FILE\n  \
               quit        save the game to {} and leave\n\
             The rules ({name}): {description}.",
            side_name(mover),
            if v.any_pits() {
                // Nobody owns a pit (`pits = "any"`).
                format!(
                    "a pit of either row holding seeds (1-{n} your row, {}-{} the other row from \
                     its owner's left; shown by each row)",
                    n + 1,
                    2 * n
                )
            } else {
                format!(
                    "one of your pits (1-{n}, shown {})",
                    match (v.rows(), mover) {
                        (4, Side::South) => "below your rows",
                        (4, _) => "above your rows",
                        (_, Side::South) => "below your row",
                        _ => "above your row",
                    }
                )
            },
            self.autosave.path.display()
        );
        if v.chooses_direction() {
            let either: Vec<String> = (0..n)
                .filter(|&k| v.pit_direction(k) == PitDirection::Either)
                .map(|k| (k + 1).to_string())
                .collect();
            let _ = writeln!(
                self.out,
                "Pit{} {} may be sown either way: type the pit and a direction, e.g. {}ccw \
                 (counter-clockwise, towards your right) or {}cw (clockwise, towards your left).",
                if either.len() == 1 { "" } else { "s" },
                either.join(", "),
                either.first().map_or("1", |p| p.as_str()),
                either.first().map_or("1", |p| p.as_str())
            );
        }
        if t.swap_question_open() {
            let _ = writeln!(
                self.out,
                "Answer y to take the first move as your own (the board turns round and your opponent moves next), or n to play on."
            );
        }
    }

    fn undo(&mut self, t: &mut Table<L>) {
        let mut game = t.game.clone();
        let mut earlier = t.earlier.clone();
        let mut undone = 0u64;
        loop {
            // At the start of a round, back into the round before.
            if game.moves().is_empty() {
                if let Some(before) = earlier.pop() {
                    game = before;
                }
            }
            if game.undo().is_none() {
                return self.error("Nothing to undo: no person has moved yet.");
            }
            undone += 1;
            if self.player(game.position().to_move()) == PlayerKind::Human {
                break;
            }
        }
        let mover = game.position().to_move();
        t.game = game;
        t.earlier = earlier;
        t.swap_declined = false;
        t.drawn = None;
        let _ = writeln!(
            self.out,
            "Took back {}; {} to move.",
            plural(undone, "move", "moves"),
            self.who(mover)
        );
    }

    fn hint(&mut self, t: &Table<L>) {
        let endgame = self.endgame(t.game.variant());
        let mv = mancala_engine::hint_with(&t.game, endgame.as_ref());
        let text = match mv {
            Move::Swap => "Hint: steal the first move (y).".to_string(),
            Move::Sow(_) | Move::Directed(..) if t.swap_question_open() => {
                format!("Hint: let the first move stand (n), then sow {}.", pit_words(mv))
            }
            Move::Sow(_) | Move::Directed(..) => format!("Hint: sow {}.", pit_words(mv)),
            Move::Take(k) => format!(
                "Hint: take the seeds of {}'s pit{NBSP}{} ({mv}).",
                side_name(!t.game.position().to_move()),
                k + 1
            ),
        };
        let _ = writeln!(self.out, "{text}");
    }

    fn save(&mut self, t: &Table<L>, file: &str) {
        if file.is_empty() {
            return self.error("Save where? Type save and a file name, e.g. save mygame.txt");
        }
        let record = self.record_of(t);
        match record.save(std::path::Path::new(file)) {
            Ok(Saved::Written) => {
                let go_on = self
                    .autosave
                    .invocation
                    .command(&format!("play --load {}", super::save_file::shell_word(file)));
                let _ = writeln!(self.out, "Saved the game to {file}; {go_on} goes on with it.");
            }
            Ok(Saved::Discarded) => {
                let _ = writeln!(self.out, "Not saved: {file} keeps nothing.");
            }
            Err(e) => self.error(file_error(file, &e)),
        }
    }

    fn load(&mut self, file: &str) {
        if file.is_empty() {
            return self.error("Load what? Type load and a file name, e.g. load mygame.txt");
        }
        let path = std::path::Path::new(file);
        if let Ok(kind) = super::record::layout_of_file(path) {
            if kind != L::KIND {
                // A game of the other layout: read here, so that a record
                // that does not load leaves this game on, then played by a
                // session of its layout ([`AnySession`]).
                match with_layout!(kind, M => Record::<M>::load(path).map(drop)) {
                    Ok(()) => self.stage = Stage::Relayout(kind, Handover::Load(file.to_string())),
                    Err(e) => self.error(file_error(file, &e)),
                }
                return;
            }
        }
        match Record::load(path) {
            Ok(record) => {
                let _ = writeln!(self.out, "Loaded {file}.");
                // The game loaded is not the one resumed from the autosave:
                // its end must not remove the autosave.
                self.resumed = false;
                self.load_record(record, [None, None]);
            }
            Err(e) => self.error(file_error(file, &e)),
        }
    }

    fn quit(&mut self, t: &Table<L>) {
        let record = self.unfinished_text_of(t);
        let text = self.leave_with("You left the game", record);
        self.out.push_str(&text);
    }

    /// Leaves the session (quit, end of input): saves an unfinished game to
    /// the autosave file and returns what to say.
    /// The text is fitted to the width, as [`Session::step`]'s.
    pub fn leave(&mut self, why: &str) -> String {
        let record = self.unfinished_record_text();
        let text = self.leave_with(why, record);
        board::fit(&text, self.width)
    }

    fn leave_with(&mut self, why: &str, record: Option<String>) -> String {
        let mut out = std::mem::take(&mut self.out);
        if let Some(text) = record {
            let _ = writeln!(out, "{}", save_message(why, &self.autosave, &text));
        } else {
            let _ = writeln!(out, "{why}; no game was started.");
        }
        self.stage = Stage::Done;
        out
    }
}

/// Saves `record` to the autosave file and says so, or, if that fails,
/// prints the record so the game is not lost.
pub fn save_message(why: &str, autosave: &Autosave, record: &str) -> String {
    let path = autosave.path.display();
    match autosave.save(record) {
        Ok(Saved::Written) => {
            format!("{why}: the game is saved to {path}. {} goes on with it.", autosave.resume())
        }
        Ok(Saved::Discarded) => {
            format!("{why}: the game is not saved (the autosave file is {path}).")
        }
        Err(e) => format!(
            "{why}, but the game could not be saved to {path}: {e}.\n\
             Here is its record; put it in a file and go on with {}:\n{record}",
            autosave.invocation.command("play --load FILE")
        ),
    }
}

/// A message about the file `file` as a sentence: capitalised, unless it
/// starts with the file's name as typed (`x.game: line 3: …`).
fn file_error(file: &str, message: &str) -> String {
    if message.starts_with(file) {
        format!("{message}.")
    } else {
        format!("{}.", capitalise(message))
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use mancala_core::preset_names;

    use super::*;

    fn plain(s: &str) -> String {
        anstream::adapter::strip_str(s).to_string()
    }

    struct Driver<L: Layout = Compact> {
        s: Session<L>,
        transcript: String,
        /// The session's own folder (its autosave), removed with it.
        dir: tempfile::TempDir,
    }

    impl Driver {
        fn new(setup: Setup) -> Driver {
            let dir = tempfile::tempdir().unwrap();
            Driver {
                s: Session::new(setup, 1, Autosave::given(dir.path().join("autosave.game"))),
                transcript: String::new(),
                dir,
            }
        }
    }

    impl<L: Layout> Driver<L> {
        /// Runs computer moves until a question; returns the text shown.
        fn until_question(&mut self) -> String {
            let mut shown = String::new();
            loop {
                match self.s.step() {
                    Step::Ask(t) => {
                        shown.push_str(&plain(&t));
                        break;
                    }
                    Step::Think(t) => {
                        shown.push_str(&plain(&t));
                        self.s.play_computer();
                    }
                    Step::End(t) => {
                        shown.push_str(&plain(&t));
                        shown.push_str("<END>");
                        break;
                    }
                }
            }
            self.transcript.push_str(&shown);
            shown
        }

        fn say(&mut self, line: &str) -> String {
            self.until_question();
            self.transcript.push_str(line);
            self.transcript.push('\n');
            self.s.answer(Input::Line(line.to_string()));
            self.until_question()
        }
    }

    fn kalah_hh() -> Setup {
        Setup {
            variant: Some(Variant::preset("kalah").unwrap()),
            pits: Some(6),
            seeds: Some(4),
            players: [Some(PlayerKind::Human), Some(PlayerKind::Human)],
        }
    }

    #[test]
    fn setup_defaults_on_enter() {
        let mut d = Driver::new(Setup::default());
        let first = d.until_question();
        assert!(first.contains("Variant (name or number) [kalah]"), "{first}");
        assert!(d.say("").contains("Pits in each row (1-10) [6]"));
        assert!(d.say("12").contains(
            "Enter the number of pits in one row, from 1 to 10 (12 pits in total would be 6 in each row)."
        ));
        assert!(d.say("21").contains("Enter the number of pits in one row, from 1 to 10."));
        assert!(d.say("0").contains("from 1 to 10"));
        assert!(d.say("4").contains("Seeds per pit (1-12) [4]"));
        assert!(d.say("0").contains("from 1 to 12"));
        assert!(d.say("3").contains("Who plays Player 1 (South), the lower row?"));
        assert!(d.say("").contains("Who plays Player 2 (North), the upper row?"));
        assert!(d.say("robot").contains("is not a player"));
        assert!(d.say("computer").contains("Level of the computer for North"));
        let shown = d.say("");
        assert!(shown.contains("kalah: 4 pits a side, 3 seeds in each"), "{shown}");
        assert!(
            shown.contains(
                "Player 1 (South), human: the lower row and the store on the right.\n\
                 Player 2 (North), computer, level 5: the upper row and the store on the left.\n"
            ),
            "{shown}"
        );
        assert!(shown.contains("South, choose a pit to sow (1-4)"), "{shown}");
    }

    /// Hus on four rows: the size asked is a row's, the players own two
    /// rows each with a store beside the board, and the board is drawn on
    /// four rows.
    #[test]
    fn hus_is_set_up_and_shown_on_four_rows() {
        let mut d = Driver::new(Setup::default());
        d.until_question();
        assert!(d.say("hus").contains("Pits in each row (2-8) [8]"));
        assert!(d.say("16").contains("(16 pits in total would be 4 in each row)"));
        assert!(d.say("4").contains("Seeds per pit (2-10) [2]"));
        assert!(d.say("").contains("Who plays Player 1 (South), the lower two rows?"));
        assert!(d.say("").contains("Who plays Player 2 (North), the upper two rows?"));
        let intro = d.say("human");
        assert!(intro.contains("hus: 4 rows of 4 pits, two rows a side"), "{intro}");
        assert!(
            intro.contains(
                "Player 1 (South), human: the lower two rows and a store beside the board."
            ),
            "{intro}"
        );
        let shown = d.say("2");
        assert!(shown.contains("|   0 |   1 |   3 |   3 |  South's inner row\n"), "{shown}");
        assert!(shown.contains("     5     6     7     8  North's inner row's pits"), "{shown}");
    }

    /// Tsoro with bonus takes: after North's capture the prompt asks for a
    /// take of South's pits, whose numbers the board shows, and a sowing
    /// is refused until the takes are made.
    #[test]
    fn tsoro_bonus_asks_for_takes_of_the_opponents_pits() {
        let mut d = Driver::new(Setup::default());
        d.until_question();
        assert!(d.say("tsoro-bonus").contains("Pits in each row (2-8) [8]"));
        d.say("");
        d.say("");
        d.say("");
        d.say("human");
        for mv in ["1", "3", "5"] {
            d.say(mv);
        }
        let shown = d.say("4");
        assert!(shown.contains("Bonus: North takes the seeds of 2 pits of South's"), "{shown}");
        assert!(shown.contains("South's outer row's pits"), "{shown}");
        assert!(
            shown.contains("take one of South's pits (t2, t4, t6, t7, t9, t10, t11; 2 takes due)"),
            "{shown}"
        );
        let shown = d.say("t4");
        assert!(shown.contains("took 3 seeds from South's pit 4 (a bonus take)"), "{shown}");
        assert!(shown.contains("1 take more due"), "{shown}");
        let shown = d.say("2");
        assert!(shown.contains("1 bonus take is due"), "{shown}");
        assert!(shown.contains("You can take: t2, t6, t7, t9, t10, t11."), "{shown}");
        let shown = d.say("t7");
        assert!(shown.contains("took 4 seeds from South's pit 7"), "{shown}");
        assert!(shown.contains("choose a pit to sow (2, 9)"), "{shown}");
    }

    #[test]
    fn variant_by_number_and_bad_names() {
        let mut d = Driver::new(Setup::default());
        assert!(d.say("chess").contains("Unknown variant \"chess\""));
        assert!(d.say("99").contains("Choose a variant from 1 to"));
        let oware = 1 + preset_names().iter().position(|n| *n == "oware").unwrap();
        let shown = d.say(&oware.to_string());
        assert!(shown.contains("Pits in each row (1-16) [6]"), "{shown}");
        d.say("16");
        // 16 pits a side with 40 seeds is too many seeds in all (1280,
        // past the wide board's 1000).
        let shown = d.say("40");
        assert!(shown.contains("cannot be played at that size"), "{shown}");
        assert!(shown.contains("at most 1000 seeds in all"), "{shown}");
        assert!(shown.contains("Seeds per pit"), "{shown}");
    }

    #[test]
    fn pie_rule_and_words() {
        let mut d = Driver::new(kalah_hh());
        let shown = d.until_question();
        assert!(shown.contains("Pie rule"), "{shown}");
        let shown = d.say("1");
        assert!(shown.contains("South sowed 4 seeds from pit 1."), "{shown}");
        assert!(!shown.contains("no extra turn"), "{shown}");
        assert!(shown.contains("North, steal South's first move? (y/n)"), "{shown}");
        assert!(d.say("").contains("Please answer y"));
        assert!(d.say("3").contains("Please answer y"));
        let shown = d.say("y");
        assert!(shown.contains("North steals the first move"), "{shown}");
        assert!(shown.contains("South, choose a pit"), "{shown}");
        // The stolen move's pit is now North's pit 1, highlighted.
        assert!(shown.contains("[  0]"), "{shown}");
        assert!(d
            .say("swap")
            .contains("Swap is only allowed as North's answer to South's first move"));
        let shown = d.say("3");
        assert!(shown.contains("extra turn for South"), "{shown}");
        assert!(d.say("3").contains("Pit 3 is empty. You can sow: 1, 2, 4-6."));
        assert!(d.say("9").contains("Pit 9 does not exist"));
        assert!(d.say("").contains("Please enter a pit number"));
        assert!(d.say("fly").contains("Unknown command \"fly\""));
        assert!(d.say("-1").contains("Not a move: \"-1\"."));
        assert!(d.say("99999999999999999999999").contains("does not exist"));
        d.s.answer(Input::TooLong);
        assert!(d.until_question().contains("too long"));
        d.s.answer(Input::NotUtf8);
        assert!(d.until_question().contains("not UTF-8"));
    }

    #[test]
    fn pie_rule_opening_into_the_store_says_there_is_no_extra_turn() {
        let mut d = Driver::new(kalah_hh());
        d.until_question();
        // Pit 3 of 6 with 4 seeds: the last seed falls in the store.
        let shown = d.say("3");
        assert!(
            shown.contains(
                "The last seed fell in the store, but the first move of a pie-rule game gets no extra turn"
            ),
            "{shown}"
        );
        assert!(!shown.contains("extra turn for South"), "{shown}");
        assert!(shown.contains("North, steal"), "{shown}");
        // The same move later in the game is an extra turn, said as usual.
        d.say("n");
        d.say("undo");
        let shown = d.say("help");
        assert!(shown.contains("(1-6, shown below your row)"), "{shown}");
    }

    #[test]
    fn a_player_who_cannot_move_is_said_to_pass() {
        // Sungka on one pit a side with one seed: South's seed falls in
        // South's store, but South has no seed left and passes; so does
        // North after the same move, and the round is over (level, one
        // seed each: the match goes on, each pit filled again).
        let mut d = Driver::new(Setup {
            variant: Some(Variant::preset("sungka").unwrap()),
            pits: Some(1),
            seeds: Some(1),
            players: [Some(PlayerKind::Human), Some(PlayerKind::Human)],
        });
        d.until_question();
        let shown = d.say("1");
        assert!(
            shown.contains(
                "The last seed fell in the store, but South has no move left to play again and \
                 passes: North to move."
            ),
            "{shown}"
        );
        assert!(!shown.contains("extra turn for South"), "{shown}");
        let shown = d.say("1");
        assert!(!shown.contains("passes"), "{shown}");
        assert!(shown.contains("Round 1 over"), "{shown}");
        assert!(shown.contains("Round 2: each player fills their pits"), "{shown}");
    }

    #[test]
    fn fitted_to_a_narrow_terminal() {
        let mut d = Driver::new(kalah_hh());
        d.s.set_width(Some(40));
        let shown = d.until_question();
        for line in shown.lines() {
            assert!(line.chars().count() <= 40, "{line:?} is wider than 40 columns:\n{shown}");
        }
        assert!(shown.contains("    |  4   4   4   4   4   4 |\n  0 |"), "{shown}");
        assert!(shown.ends_with("(1-6): "), "{shown:?}");
        // No word is cut in two.
        assert!(shown.contains("Kalah with the pie rule and an early end\nat"), "{shown}");
        let mut d = Driver::new(kalah_hh());
        d.s.set_width(Some(80));
        let shown = d.until_question();
        assert!(shown.contains("|     |   4 |   4 |   4 |   4 |   4 |   4 |     |"), "{shown}");
        for line in shown.lines() {
            assert!(line.chars().count() <= 80, "{line:?} is wider than 80 columns");
        }
    }

    #[test]
    fn declining_the_swap_and_capture() {
        let mut d = Driver::new(kalah_hh());
        d.say("2");
        let shown = d.say("n");
        assert!(shown.contains("North lets the first move stand."), "{shown}");
        assert!(shown.contains("North, choose a pit"), "{shown}");
        assert!(d.say("y").contains("Unknown command"));
        // North's pit 6 reaches its store and South's pits 1 to 3.
        d.say("6");
        let shown = d.say("1");
        assert!(shown.contains("South sowed 5 seeds from pit 1."), "{shown}");
    }

    #[test]
    fn undo_skips_computer_moves() {
        let mut setup = kalah_hh();
        setup.players[1] = Some(PlayerKind::Computer(1));
        let mut d = Driver::new(setup);
        d.say("4");
        d.say("5");
        let before = d.s.current_game().unwrap().moves().len();
        assert!(before >= 3);
        let shown = d.say("undo");
        assert!(shown.contains("Took back"), "{shown}");
        let g = d.s.current_game().unwrap();
        assert_eq!(g.position().to_move(), Side::South);
        assert!(g.moves().len() < before);
        // Back to the start, then nothing left to undo.
        while !d.s.current_game().unwrap().moves().is_empty() {
            d.say("undo");
        }
        assert!(d.say("undo").contains("Nothing to undo"));
        assert!(d.say("hint").contains("Hint: sow pit"));
        assert!(d.say("help").contains("Commands:"));
    }

    /// Congkak is played in rounds: the round ends, the board is filled
    /// again from the stores with North's last two houses out of play
    /// (drawn `-`), and South, who won the round, starts the next; undo
    /// goes back across the rounds.
    #[test]
    fn a_round_ends_and_the_next_one_starts_with_pits_out_of_play() {
        let dir = tempfile::tempdir().unwrap();
        let v = Variant::preset("congkak").unwrap();
        let end =
            mancala_core::Position::from_text(&v, "0,0,0,0,0,0,1:60/0,0,0,0,0,0,0:37/S").unwrap();
        let record = Record {
            game: Game::from_position(v, end),
            earlier: Vec::new(),
            players: [PlayerKind::Human; 2],
            seed: 1,
        };
        let autosave = Autosave::given(dir.path().join("auto.game"));
        let mut d = Driver {
            s: Session::resume(record, [None, None], autosave, false),
            transcript: String::new(),
            dir,
        };
        let shown = d.say("7");
        assert!(shown.contains("Round 1 over: the player to move has no seeds."), "{shown}");
        assert!(shown.contains("South 61, North 37."), "{shown}");
        assert!(
            shown.contains(
                "Round 2: each player fills their pits from their store, 7 seeds to a pit. \
                 North cannot fill pits 6, 7: out of play this round (marked -). South moves \
                 first."
            ),
            "{shown}"
        );
        let game = d.s.current_game().unwrap();
        assert_eq!(game.position().to_string(), "7,7,7,7,7,7,7:12/7,7,7,7,7,-,-:2/S");
        assert!(shown.contains("|   - |   - |   7 |   7 |   7 |   7 |   7 |"), "{shown}");
        assert!(!shown.contains("Game over"), "{shown}");
        // Undo at the start of round 2 takes back the move that ended round 1.
        let shown = d.say("undo");
        assert!(shown.contains("Took back 1 move"), "{shown}");
        assert_eq!(
            d.s.current_game().unwrap().position().to_string(),
            "0,0,0,0,0,0,1:60/0,0,0,0,0,0,0:37/S"
        );
    }

    /// Congkak on one house a side with one seed: both rounds end level,
    /// and round 3 would start as round 1 did: the match is a draw, and
    /// the console says why.
    #[test]
    fn a_match_whose_next_round_would_repeat_an_earlier_one_is_a_draw() {
        let setup = Setup {
            variant: Some(Variant::preset("congkak").unwrap()),
            pits: Some(1),
            seeds: Some(1),
            players: [Some(PlayerKind::Human); 2],
        };
        let mut d = Driver::new(setup);
        d.until_question();
        let shown = d.say("1");
        assert!(shown.contains("Round 1 over"), "{shown}");
        assert!(shown.contains("Round 2: each player fills their pits"), "{shown}");
        assert!(shown.contains("North moves first."), "{shown}");
        let shown = d.say("1");
        assert!(shown.contains("Round 2 over"), "{shown}");
        assert!(
            shown.contains(
                "Game over: round 3 would start as round 1 did (the same board, South to move \
                 first): the match is a draw after 2 rounds."
            ),
            "{shown}"
        );
    }

    #[test]
    fn computer_against_computer_to_the_end() {
        let setup = Setup {
            variant: Some(Variant::preset("kalah").unwrap()),
            pits: Some(3),
            seeds: Some(2),
            players: [Some(PlayerKind::Computer(2)), Some(PlayerKind::Computer(3))],
        };
        let mut d = Driver::new(setup);
        let shown = d.until_question();
        assert!(shown.ends_with("<END>"), "{shown}");
        assert!(shown.contains("Game over"), "{shown}");
        assert!(shown.contains("Final score: South "), "{shown}");
        // The reason in words only, without its internal name.
        assert!(!shown.contains("(empty-side)"), "{shown}");
    }

    #[test]
    fn save_load_and_leave() {
        let mut d = Driver::new(kalah_hh());
        let dir = d.dir.path().to_path_buf();
        let file = dir.join("g.game");
        d.s.autosave = Autosave::given(dir.join("auto.game"));
        d.say("3");
        d.say("n");
        let shown = d.say(&format!("save {}", file.display()));
        assert!(shown.contains("Saved the game"), "{shown}");
        assert!(d.say("save").contains("Save where?"));
        d.say("1");
        let shown = d.say(&format!("load {}", file.display()));
        assert!(shown.contains("Going on after 1 move."), "{shown}");
        assert_eq!(d.s.current_game().unwrap().moves().len(), 1);
        let shown = d.say(&format!("load {}", dir.join("missing").display()));
        assert!(shown.contains("Cannot open"), "{shown}");
        let shown = d.say("quit");
        assert!(shown.contains("the game is saved to"), "{shown}");
        assert!(shown.ends_with("<END>"), "{shown}");
        let back = Record::<Compact>::load(&dir.join("auto.game")).unwrap();
        assert_eq!(back.game.moves().len(), 1);
    }

    /// A game on the wide board (Hus on four rows of 12) from set-up to
    /// save and load (`session/any.rs` has the game loaded by a session of
    /// the other layout).
    #[test]
    fn a_wide_game_is_played_saved_and_loaded_in_its_layout() {
        let wide =
            Variant::from_toml(include_str!("../../../../core/variants/hus-12.toml")).unwrap();
        let setup = Setup {
            variant: Some(wide),
            pits: Some(12),
            seeds: Some(8),
            players: [Some(PlayerKind::Human), Some(PlayerKind::Computer(1))],
        };
        let dir = tempfile::tempdir().unwrap();
        let mut d = Driver::<mancala_core::Wide> {
            s: Session::new(setup, 1, Autosave::given(dir.path().join("autosave.game"))),
            transcript: String::new(),
            dir,
        };
        let shown = d.until_question();
        assert!(shown.contains("4 rows of 12 pits, two rows a side, 8 seeds"), "{shown}");
        let shown = d.say("1");
        assert!(shown.contains("North (computer) sowed"), "{shown}");
        let file = d.dir.path().join("wide.game");
        let shown = d.say(&format!("save {}", file.display()));
        assert!(shown.contains("Saved the game"), "{shown}");
        let shown = d.say(&format!("load {}", file.display()));
        assert!(shown.contains("Going on after 2 moves."), "{shown}");
        assert_eq!(d.s.current_game().unwrap().position().total_seeds(), 288);
    }

    #[test]
    fn loading_another_game_keeps_the_resumed_games_autosave() {
        // A game resumed from its autosave, then another game loaded and
        // played to its end: the end of the loaded game must not remove
        // the autosave, which still holds the resumed game.
        let dir = tempfile::tempdir().unwrap();
        let auto = dir.path().join("auto.game");
        let resumed = Record {
            game: Game::new(Variant::preset("kalah").unwrap()),
            earlier: Vec::new(),
            players: [PlayerKind::Human; 2],
            seed: 1,
        };
        resumed.save(&auto).unwrap();
        // One pit a side and one seed, no pie rule: South's first sowing
        // ends the game.
        let tiny = Variant::preset("kalah-irving").unwrap().resized(Some(1), Some(1)).unwrap();
        let other = dir.path().join("other.game");
        Record {
            game: Game::new(tiny),
            earlier: Vec::new(),
            players: [PlayerKind::Human; 2],
            seed: 1,
        }
        .save(&other)
        .unwrap();
        let session = Session::resume(
            Record::<Compact>::load(&auto).unwrap(),
            [None, None],
            Autosave::given(auto.clone()),
            true,
        );
        let mut d = Driver { s: session, transcript: String::new(), dir };
        d.until_question();
        let shown = d.say(&format!("load {}", other.display()));
        assert!(shown.contains("Loaded"), "{shown}");
        d.say("1");
        assert!(d.s.current_game().is_none_or(|g| g.position().is_over()), "{}", d.transcript);
        assert!(auto.exists(), "the resumed game's autosave was removed:\n{}", d.transcript);
        assert_eq!(Record::<Compact>::load(&auto).unwrap().game.moves().len(), 0);
    }

    /// The lines of a transcript that introduce the players: the set-up
    /// questions, the introduction and `help`.
    fn introduces_players(line: &str) -> bool {
        line.starts_with("Who plays Player")
            || line.starts_with("Player 1 (South), ")
            || line.starts_with("Player 2 (North), ")
    }

    #[test]
    fn south_and_north_after_the_introduction() {
        // A whole game between two people, with a swap, an undo and help:
        // "Player 1" and "Player 2" only where the players are introduced.
        let mut d = Driver::new(Setup { players: [None, None], ..kalah_hh() });
        d.say("");
        d.say("human");
        let mut shown = d.say("3");
        shown += &d.say("y");
        shown += &d.say("help");
        assert!(shown.contains("Player 1 (South), human: the lower row"), "{shown}");
        for _ in 0..200 {
            let Some(game) = d.s.current_game() else { break };
            let pit = legal_pits(game)[0];
            d.say(&pit.to_string());
        }
        let transcript = d.transcript.clone();
        assert!(transcript.contains("Game over"), "{transcript}");
        assert!(
            transcript.contains("South sowed") && transcript.contains("North sowed"),
            "{transcript}"
        );
        assert!(transcript.contains("Final score: South "), "{transcript}");
        for line in transcript.lines().filter(|l| !introduces_players(l)) {
            assert!(!line.contains("Player 1") && !line.contains("Player 2"), "{line:?}");
        }
    }

    #[test]
    fn swap_is_offered_after_bad_input_only_when_it_is_legal() {
        let mut d = Driver::new(kalah_hh());
        let shown = d.say("-1");
        assert!(
            shown.contains("Not a move: \"-1\". Enter a pit number (1-6), or one of:"),
            "{shown}"
        );
        assert!(!shown.contains("swap"), "no swap before the first move: {shown}");
        d.say("1");
        // North lets the first move stand, and may still steal it.
        d.say("n");
        let shown = d.say("-1");
        assert!(shown.contains("(1-6), swap (steal the first move), or one of:"), "{shown}");
        d.say("2");
        let shown = d.say("x1");
        assert!(shown.contains("Unknown command"), "{shown}");
        let shown = d.say("2.5");
        assert!(shown.contains("Not a move: \"2.5\"."), "{shown}");
        assert!(!shown.contains("swap"), "no swap after North's move: {shown}");
    }

    #[test]
    fn the_board_turned_round_is_shown_right_after_the_swap() {
        // The computer opens as South; North, a person, steals the move:
        // the board is drawn before the computer answers, with the stolen
        // pit marked on North's side.
        let mut setup = kalah_hh();
        setup.players[0] = Some(PlayerKind::Computer(1));
        let mut d = Driver::new(setup);
        d.until_question();
        let shown = d.say("y");
        let swap = shown.find("North steals the first move").expect("the swap");
        let thinking = shown.find("South (computer) is thinking").expect("the answer");
        let board = shown[swap..thinking].to_string();
        assert!(board.contains("North: human, store on the left"), "{shown}");
        assert!(board.contains("[  0]"), "{shown}");
        assert!(board.contains("+-----+"), "{shown}");
        // Not drawn twice before the question.
        assert_eq!(shown.matches("store on the left").count(), 2, "{shown}");
    }

    #[test]
    fn file_errors_are_sentences() {
        let mut d = Driver::new(kalah_hh());
        let missing = d.dir.path().join("missing.game");
        let shown = d.say(&format!("load {}", missing.display()));
        assert!(shown.contains(&format!("Cannot open {}: ", missing.display())), "{shown}");
        let shown = d.say(&format!("save {}", d.dir.path().join("no/x.game").display()));
        assert!(shown.contains("The folder "), "{shown}");
        // A message that starts with the file's name keeps it as typed.
        std::fs::write(d.dir.path().join("chess.pgn"), "1. e4 e5\n").unwrap();
        let chess = d.dir.path().join("chess.pgn").display().to_string();
        let shown = d.say(&format!("load {chess}"));
        assert!(shown.contains(&format!("{chess}: line 1: ")), "{shown}");
    }

    #[test]
    fn short_phrases_stay_together_and_continue_under_their_text() {
        let mut d = Driver::new(Setup::default());
        d.s.set_width(Some(44));
        let shown = d.until_question();
        // The variant menu: each description's next lines under its start.
        let column =
            shown.lines().find(|l| l.starts_with("   1. ")).unwrap().find("Kalah").unwrap();
        let longest = Variant::presets().iter().map(|v| v.name().len()).max().unwrap();
        assert_eq!(column, "   1. ".len() + longest + 2, "{shown}");
        let menu = shown.lines().skip_while(|l| *l != "Variants:").skip(1);
        let mut continued = 0;
        for line in menu.take_while(|l| !l.starts_with("Variant (")) {
            let entry =
                line.trim_start().split_once(". ").is_some_and(|(n, _)| n.parse::<u8>().is_ok());
            if !entry {
                assert!(
                    line.starts_with(&" ".repeat(column)),
                    "{line:?} is not under its text:\n{shown}"
                );
                continued += 1;
            }
            assert!(line.len() <= 44, "{line:?}");
        }
        assert!(continued > 5, "{shown}");
        let mut d = Driver::new(kalah_hh());
        for width in [30, 36, 44, 52] {
            d.s.set_width(Some(width));
            let shown = d.say("help");
            for phrase in ["save FILE", "load FILE", "Player 1 (South)", "Player 2 (North)"] {
                assert!(shown.contains(phrase), "{phrase:?} broken at {width} columns:\n{shown}");
            }
            // The commands' descriptions continue under themselves.
            for line in shown.lines().skip_while(|l| *l != "Commands:").skip(1) {
                if line.starts_with("The rules") {
                    break;
                }
                assert!(line.starts_with("  "), "{line:?} at {width} columns:\n{shown}");
                assert!(line.len() <= width, "{line:?}");
            }
            assert!(!shown.contains('\u{a0}'), "a joining space left in:\n{shown}");
            // A command and its argument on one line.
            let shown = d.say("x");
            assert!(shown.contains("Unknown command"), "{shown}");
            for line in shown.lines() {
                let line = line.trim();
                assert!(
                    !line.ends_with(" save")
                        && !line.ends_with(" load")
                        && !line.starts_with("FILE"),
                    "{line:?} at {width} columns:\n{shown}"
                );
            }
        }
    }

    #[test]
    fn a_command_to_copy_breaks_only_between_the_program_and_its_arguments() {
        let mut d = Driver::new(kalah_hh());
        let file = d.dir.path().join("auto.game");
        let program = "/home/someone/mancala-rs/target/release/mancala";
        d.s.autosave = Autosave::new(
            Some(file.clone()),
            crate::invocation::Invocation::decide(std::ffi::OsStr::new(program), None),
        );
        d.s.set_width(Some(64));
        d.say("1");
        let saved = d.dir.path().join("g.game").display().to_string();
        let shown = d.say(&format!("save {saved}"));
        let lines: Vec<&str> = shown.lines().collect();
        // Whole on their lines: the path with its hyphen and slashes, the
        // arguments, the cargo form.
        assert!(lines.contains(&format!("`{program}").as_str()), "{shown}");
        assert!(lines.iter().any(|l| l.starts_with(&format!("play --load {saved}`"))), "{shown}");
        let cargo = format!("`cargo run --release -- play --load {saved}`");
        assert!(lines.iter().any(|l| l.contains(&cargo)), "{shown}");
        let shown = d.s.leave("End of input");
        let auto = file.display().to_string();
        assert!(
            shown.contains(&format!("`{program}\nplay --resume --autosave {auto}`")),
            "{shown}"
        );
        assert!(!shown.contains(NBSP), "{shown}");
        for line in shown.lines() {
            assert!(line.chars().count() <= 64, "{line:?}");
        }
    }
}
