//! The console game as a state machine: each answer the player types goes in,
//! text to show comes out. No terminal here, so the whole game can be tested
//! with strings; `play.rs` only moves lines between this and the terminal.
//!
//! Output carries ANSI styles; the terminal layer strips them when colour is
//! off.

use std::fmt::Write as _;

use mancala_core::{
    preset_names, Game, Move, MoveError, MoveReport, Outcome, ParseMoveError, Side, Variant,
};

use crate::endgame::Databases;

use super::board::{self, BoardView, DIM, ERROR, TITLE};
use super::input::{Input, MAX_LINE};
use super::record::{PlayerKind, Record, DEFAULT_LEVEL};
use super::save_file::{Autosave, Saved};

/// What the command line settled before the game: every `Some` skips a
/// question.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The variant (already at its final size when `pits` and `seeds` are
    /// `None`).
    pub variant: Option<Variant>,
    /// Pits per side and seeds per pit given on the command line.
    pub pits: Option<u8>,
    pub seeds: Option<u8>,
    /// South's and North's player.
    pub players: [Option<PlayerKind>; 2],
}

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Variant,
    Pits,
    Seeds,
    Player(Side),
    Level(Side),
    Play,
    /// The game is over or the player left.
    Done,
}

/// A console game from set-up to the end.
pub struct Session {
    stage: Stage,
    /// Set-up answers so far.
    base: Option<Variant>,
    pits: Option<u8>,
    seeds: Option<u8>,
    sized: Option<Variant>,
    players: [Option<PlayerKind>; 2],
    listed_variants: bool,
    /// The game, once set up.
    game: Option<Game>,
    /// Seed for the computer players.
    seed: u64,
    /// The player to move said no to the pie rule's swap in this position.
    swap_declined: bool,
    /// The number of moves when the board was last drawn.
    drawn: Option<usize>,
    /// Where `quit` and leaving mid-game save the game.
    autosave: Autosave,
    /// The game came from the autosave (`--resume`): finishing it removes it.
    resumed: bool,
    /// Endgame databases for the computer's moves and hints.
    databases: Databases,
    out: String,
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

fn player_number(side: Side) -> u8 {
    if side == Side::South {
        1
    } else {
        2
    }
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

const COMMANDS: &str = "help, undo, hint, save FILE, load FILE, quit";

impl Session {
    /// A new game, asking whatever `setup` leaves open.
    pub fn new(setup: Setup, seed: u64, autosave: Autosave) -> Session {
        let mut s = Session {
            stage: Stage::Variant,
            base: None,
            pits: setup.pits,
            seeds: setup.seeds,
            sized: None,
            players: setup.players,
            listed_variants: false,
            game: None,
            seed,
            swap_declined: false,
            drawn: None,
            autosave,
            resumed: false,
            databases: Databases::none(),
            out: String::new(),
        };
        if let Some(v) = setup.variant {
            s.choose_variant(v);
        }
        s.advance();
        s
    }

    /// A saved game, going on where it stopped. `players` override the
    /// record's where given.
    pub fn resume(
        record: Record,
        players: [Option<PlayerKind>; 2],
        autosave: Autosave,
        resumed: bool,
    ) -> Session {
        let mut s = Session::new(Setup::default(), record.seed, autosave);
        s.resumed = resumed;
        s.load_record(record, players);
        s
    }

    fn load_record(&mut self, record: Record, players: [Option<PlayerKind>; 2]) {
        self.players =
            [players[0].or(Some(record.players[0])), players[1].or(Some(record.players[1]))];
        self.seed = record.seed;
        self.base = Some(record.game.variant().clone());
        self.sized = Some(record.game.variant().clone());
        self.game = Some(record.game);
        self.swap_declined = false;
        self.drawn = None;
        self.stage = Stage::Play;
        let moves = self.game().moves().len();
        self.intro();
        if moves > 0 {
            let _ = writeln!(self.out, "Going on after {}.", plural(moves as u64, "move", "moves"));
        }
        self.check_over();
    }

    /// Where the computer and `hint` find endgame databases (none until
    /// this is called).
    pub fn set_databases(&mut self, databases: Databases) {
        self.databases = databases;
    }

    /// The endgame database for the game's variant, if any. A database that
    /// cannot be used is reported once.
    fn endgame(&mut self) -> Option<std::sync::Arc<dyn mancala_engine::EndgameOracle>> {
        let v = self.game().variant().clone();
        let found = self.databases.for_variant(&v);
        if let Some(Err(warning)) = &found.news {
            let _ = writeln!(self.out, "Warning: {warning}");
        }
        found.opened.map(|o| o.oracle)
    }

    /// The game being played, if set-up is done.
    #[cfg(test)]
    pub fn current_game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    fn game(&self) -> &Game {
        self.game.as_ref().expect("a game is on")
    }

    fn player(&self, side: Side) -> PlayerKind {
        self.players[side.index()].unwrap_or(PlayerKind::Human)
    }

    fn humans(&self) -> usize {
        Side::ALL.iter().filter(|&&s| self.player(s) == PlayerKind::Human).count()
    }

    /// "Player 1" or "Player 2 (computer)".
    fn who(&self, side: Side) -> String {
        match self.player(side) {
            PlayerKind::Human => format!("Player {}", player_number(side)),
            PlayerKind::Computer(_) => format!("Player {} (computer)", player_number(side)),
        }
    }

    fn describe_player(&self, side: Side) -> String {
        match self.player(side) {
            PlayerKind::Human => "human".to_string(),
            PlayerKind::Computer(level) => format!("computer, level {level}"),
        }
    }

    /// The record of the game so far, while one is on and not over.
    pub fn record(&self) -> Option<Record> {
        let game = self.game.as_ref()?;
        Some(Record {
            game: game.clone(),
            players: [self.player(Side::South), self.player(Side::North)],
            seed: self.seed,
        })
    }

    /// The text of [`Session::record`] for a game still going on: what an
    /// interruption saves.
    pub fn unfinished_record_text(&self) -> Option<String> {
        let record = self.record()?;
        (self.stage == Stage::Play && !record.game.position().is_over()).then(|| record.to_text())
    }

    fn error(&mut self, message: impl std::fmt::Display) {
        let _ = writeln!(self.out, "{ERROR}{message}{ERROR:#}");
    }

    // ---- set-up ---------------------------------------------------------

    fn choose_variant(&mut self, v: Variant) {
        self.base = Some(v);
        self.sized = None;
        if self.pits.is_some() || self.seeds.is_some() {
            let base = self.base.as_ref().expect("set");
            match base.resized(self.pits, self.seeds) {
                Ok(sized) => {
                    self.pits = Some(sized.pits_per_side() as u8);
                    self.seeds = Some(sized.seeds_per_pit());
                }
                Err(e) => {
                    let name = base.name().to_string();
                    self.error(format!("{name} cannot be played at that size: {e}"));
                    self.pits = None;
                    self.seeds = None;
                }
            }
        }
    }

    /// Moves on to the next open question, or starts the game.
    fn advance(&mut self) {
        if self.game.is_some() {
            return;
        }
        let Some(base) = self.base.clone() else {
            self.stage = Stage::Variant;
            return;
        };
        if self.sized.is_none() {
            if self.pits.is_none() {
                self.stage = Stage::Pits;
                return;
            }
            if self.seeds.is_none() {
                self.stage = Stage::Seeds;
                return;
            }
            match base.resized(self.pits, self.seeds) {
                Ok(v) => self.sized = Some(v),
                Err(e) => {
                    self.error(format!("{} cannot be played at that size: {e}", base.name()));
                    self.seeds = None;
                    self.stage = Stage::Seeds;
                    return;
                }
            }
        }
        for side in Side::ALL {
            if self.players[side.index()].is_none() {
                self.stage = Stage::Player(side);
                return;
            }
        }
        let v = self.sized.clone().expect("sized");
        self.game = Some(Game::new(v));
        self.stage = Stage::Play;
        self.intro();
        self.check_over();
    }

    fn intro(&mut self) {
        let v = self.game().variant().clone();
        let _ = writeln!(
            self.out,
            "\n{TITLE}{}{TITLE:#}: {} a side, {} in each at the start.",
            v.name(),
            plural(v.pits_per_side() as u64, "pit", "pits"),
            plural(v.seeds_per_pit(), "seed", "seeds"),
        );
        let _ = writeln!(self.out, "{}", v.rules().description);
        let _ = writeln!(
            self.out,
            "Player 1 ({}) has the lower row and the store on the right; \
             Player 2 ({}) the upper row and the store on the left.",
            self.describe_player(Side::South),
            self.describe_player(Side::North),
        );
        if v.rules().turn.pie_rule {
            let first = player_number(v.first_player());
            let second = player_number(!v.first_player());
            let _ = writeln!(
                self.out,
                "Pie rule: after Player {first}'s first move, Player {second} may steal it."
            );
        }
        let _ = writeln!(self.out, "Enter a pit number to sow it, or one of: {COMMANDS}.");
    }

    fn ask_setup(&mut self) -> String {
        match self.stage {
            Stage::Variant => {
                if !self.listed_variants {
                    self.listed_variants = true;
                    let _ = writeln!(self.out, "{TITLE}New game{TITLE:#} (press Enter for the value in brackets)");
                    let _ = writeln!(self.out, "Variants:");
                    for (i, v) in Variant::presets().iter().enumerate() {
                        let _ = writeln!(
                            self.out,
                            "  {:>2}. {:<14} {}",
                            i + 1,
                            v.name(),
                            v.rules().description
                        );
                    }
                }
                "Variant (name or number) [kalah]: ".to_string()
            }
            Stage::Pits => {
                let b = &self.base.as_ref().expect("base").rules().board;
                let [lo, hi] = b.pits_per_side_range;
                if lo == hi {
                    // Only one size: nothing to ask.
                    self.pits = Some(lo);
                    self.advance();
                    return self.ask_setup();
                }
                format!(
                    "Number of pits in total, both rows ({}-{}, even) [{}]: ",
                    2 * lo as u32,
                    2 * hi as u32,
                    2 * b.pits_per_side as u32
                )
            }
            Stage::Seeds => {
                let b = &self.base.as_ref().expect("base").rules().board;
                let [lo, hi] = b.seeds_per_pit_range;
                format!("Seeds per pit ({lo}-{hi}) [{}]: ", b.seeds_per_pit)
            }
            Stage::Player(side) => format!(
                "Who plays Player {} ({} row)? human or computer [{}]: ",
                player_number(side),
                if side == Side::South { "lower" } else { "upper" },
                if side == Side::South { "human" } else { "computer" },
            ),
            Stage::Level(side) => format!(
                "Level of the computer for Player {}, 1 (easiest) to 10 (strongest) [{DEFAULT_LEVEL}]: ",
                player_number(side)
            ),
            Stage::Play | Stage::Done => unreachable!("not a set-up question"),
        }
    }

    fn answer_setup(&mut self, text: &str) {
        let t = text.trim();
        match self.stage {
            Stage::Variant => {
                let names = preset_names();
                let name = if t.is_empty() {
                    "kalah".to_string()
                } else if let Ok(i) = t.parse::<usize>() {
                    match names.get(i.wrapping_sub(1)) {
                        Some(n) => n.to_string(),
                        None => {
                            self.error(format!("Choose a variant from 1 to {}.", names.len()));
                            return;
                        }
                    }
                } else {
                    t.to_string()
                };
                match Variant::preset(&name) {
                    Ok(v) => self.choose_variant(v),
                    Err(e) => return self.error(format!("{}.", capitalise(&e.to_string()))),
                }
            }
            Stage::Pits => {
                let b = self.base.as_ref().expect("base").rules().board.clone();
                let [lo, hi] = b.pits_per_side_range;
                let (lo, hi) = (2 * lo as u32, 2 * hi as u32);
                let total = if t.is_empty() {
                    2 * b.pits_per_side as u32
                } else {
                    match t.parse::<u32>() {
                        Ok(p) if (lo..=hi).contains(&p) && p % 2 == 0 => p,
                        Ok(p) if (lo..=hi).contains(&p) => {
                            return self.error(format!(
                                "{p} is odd: the pits are shared equally between the two rows, so enter an even number."
                            ))
                        }
                        _ => {
                            return self.error(format!(
                                "Enter an even number of pits from {lo} to {hi}."
                            ))
                        }
                    }
                };
                self.pits = Some((total / 2) as u8);
            }
            Stage::Seeds => {
                let b = self.base.as_ref().expect("base").rules().board.clone();
                let [lo, hi] = b.seeds_per_pit_range;
                let seeds = if t.is_empty() {
                    b.seeds_per_pit
                } else {
                    match t.parse::<u8>() {
                        Ok(s) if (lo..=hi).contains(&s) => s,
                        _ => {
                            return self
                                .error(format!("Enter a number of seeds from {lo} to {hi}."))
                        }
                    }
                };
                self.seeds = Some(seeds);
            }
            Stage::Player(side) => {
                let kind = if t.is_empty() {
                    if side == Side::South {
                        PlayerKind::Human
                    } else {
                        PlayerKind::Computer(DEFAULT_LEVEL)
                    }
                } else {
                    match t.parse::<PlayerKind>() {
                        Ok(k) => k,
                        Err(e) => return self.error(format!("{}.", capitalise(&e))),
                    }
                };
                self.players[side.index()] = Some(kind);
                if matches!(kind, PlayerKind::Computer(_)) && !t.contains(':') {
                    self.stage = Stage::Level(side);
                    return;
                }
            }
            Stage::Level(side) => {
                let level = if t.is_empty() {
                    DEFAULT_LEVEL
                } else {
                    match t.parse::<u8>() {
                        Ok(l @ 1..=10) => l,
                        _ => return self.error("Enter a level from 1 to 10."),
                    }
                };
                self.players[side.index()] = Some(PlayerKind::Computer(level));
            }
            Stage::Play | Stage::Done => unreachable!(),
        }
        self.advance();
    }

    // ---- the game ---------------------------------------------------------

    /// What to do next, with the text to show first.
    pub fn step(&mut self) -> Step {
        match self.stage {
            Stage::Done => Step::End(std::mem::take(&mut self.out)),
            Stage::Play => {
                let game = self.game();
                let mover = game.position().to_move();
                let moves = game.moves().len();
                let human = self.player(mover) == PlayerKind::Human;
                if self.drawn != Some(moves) && (human || self.humans() == 0) {
                    self.drawn = Some(moves);
                    let board = self.board_text(true);
                    self.out.push('\n');
                    self.out.push_str(&board);
                }
                if human {
                    let question = self.question();
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
            _ => {
                let question = self.ask_setup();
                let mut text = std::mem::take(&mut self.out);
                text.push_str(&question);
                Step::Ask(text)
            }
        }
    }

    fn swap_question_open(&self) -> bool {
        self.game().position().swap_offered() && !self.swap_declined
    }

    fn question(&mut self) -> String {
        let game = self.game();
        let pos = *game.position();
        let mover = pos.to_move();
        let who = self.who(mover);
        if self.swap_question_open() {
            return format!("{who}, steal Player {}'s first move? (y/n): ", player_number(!mover));
        }
        let mut text = String::new();
        if game.variant().rules().turn.must_feed && pos.side_seeds(!mover) == 0 {
            let _ = writeln!(
                text,
                "Player {} has no seeds: {who} must sow a pit that gives them some.",
                player_number(!mover)
            );
        }
        let legal = self.legal_pits();
        let _ = write!(text, "{who}, choose a pit to sow ({}): ", pit_list(&legal));
        text
    }

    /// The legal pits, 1-based.
    fn legal_pits(&self) -> Vec<usize> {
        let game = self.game();
        game.legal_moves()
            .iter()
            .filter_map(|m| match m {
                Move::Sow(k) => Some(k as usize + 1),
                Move::Swap => None,
            })
            .collect()
    }

    /// The board, highlighting the last move, with the mover's pit numbers
    /// when `numbers`.
    fn board_text(&self, numbers: bool) -> String {
        let game = self.game();
        let pos = game.position();
        let positions = game.positions();
        let last = match game.moves() {
            [.., Move::Sow(k)] => {
                let mover = positions[positions.len() - 2].to_move();
                Some((mover, *k as usize))
            }
            // A swap turns the board round: the opening pit is now on the
            // other side.
            [.., Move::Sow(k), Move::Swap] => {
                let opener = positions[positions.len() - 3].to_move();
                Some((!opener, *k as usize))
            }
            _ => None,
        };
        let label = |side: Side| {
            format!(
                "Player {}: {}, store on the {}",
                player_number(side),
                self.describe_player(side),
                if side == Side::South { "right" } else { "left" }
            )
        };
        let view = BoardView {
            pos,
            last,
            numbers_for: (numbers && !pos.is_over()).then(|| pos.to_move()),
            labels: [label(Side::South), label(Side::North)],
        };
        board::draw(&view)
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
            Stage::Play => self.answer_play(&text),
            Stage::Done => {}
            _ => self.answer_setup(&text),
        }
    }

    fn answer_play(&mut self, text: &str) {
        let t = text.trim();
        let (word, rest) = match t.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (t, ""),
        };
        let swap_question = self.swap_question_open();
        match word.to_ascii_lowercase().as_str() {
            "help" | "?" => return self.help(),
            "undo" => return self.undo(),
            "hint" => return self.hint(),
            "quit" | "exit" => return self.quit(),
            "save" => return self.save(rest),
            "load" => return self.load(rest),
            _ => {}
        }
        if t.is_empty() {
            return self.error(if swap_question {
                "Please answer y to steal the move, or n to let it stand."
            } else {
                "Please enter a pit number, or help for the commands."
            });
        }
        if swap_question {
            match word.to_ascii_lowercase().as_str() {
                "y" | "yes" | "swap" | "steal" => self.play_move(Move::Swap),
                "n" | "no" => {
                    self.swap_declined = true;
                    let who = self.who(self.game().position().to_move());
                    let _ = writeln!(self.out, "{who} lets the first move stand.");
                }
                _ => self.error(format!(
                    "Please answer y (steal the first move) or n (let it stand), or type one of: {COMMANDS}."
                )),
            }
            return;
        }
        let game = self.game();
        match game.position().parse_move(game.variant(), t) {
            Ok(mv) => self.play_move(mv),
            Err(MoveError::Parse(ParseMoveError::NotAMove(_)))
                if t.starts_with(|c: char| c.is_alphabetic()) =>
            {
                let shown: String = word.chars().take(40).collect();
                self.error(format!(
                    "Unknown command {shown:?}. Enter a pit number ({}), or one of: {COMMANDS}.",
                    pit_list(&self.legal_pits())
                ))
            }
            Err(MoveError::Parse(e)) => self.error(format!("{}.", capitalise(&e.to_string()))),
            Err(MoveError::Illegal(e)) => {
                let legal = pit_list(&self.legal_pits());
                self.error(format!("{}. You can sow: {legal}.", capitalise(&e.to_string())))
            }
        }
    }

    fn play_move(&mut self, mv: Move) {
        let game = self.game.as_mut().expect("a game is on");
        let mover = game.position().to_move();
        let report = match game.play(mv) {
            Ok(r) => r,
            Err(e) => return self.error(capitalise(&e.to_string())),
        };
        self.swap_declined = false;
        let text = self.describe(mover, mv, &report);
        let _ = writeln!(self.out, "{text}");
        self.check_over();
    }

    /// Plays the computer's move for the side to move.
    pub fn play_computer(&mut self) {
        let game = self.game();
        let mover = game.position().to_move();
        let PlayerKind::Computer(level) = self.player(mover) else { return };
        let offered = game.position().swap_offered();
        let endgame = self.endgame();
        let game = self.game();
        let mv = mancala_engine::computer_move_with(game, level, self.seed, endgame.as_ref());
        if offered && mv != Move::Swap {
            let _ = writeln!(self.out, "{} lets the first move stand.", self.who(mover));
        }
        self.play_move(mv);
    }

    /// The move in words.
    fn describe(&self, mover: Side, mv: Move, report: &MoveReport) -> String {
        let who = self.who(mover);
        let pos = self.game().position();
        let Move::Sow(k) = mv else {
            return format!(
                "{who} steals the first move (pie rule): the board turns round, so that move is now \
                 Player {}'s, and Player {} moves next.",
                player_number(mover),
                player_number(!mover)
            );
        };
        let mut s =
            format!("{who} sowed {} from pit {}", plural(report.sown, "seed", "seeds"), k + 1);
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
            if report.grand_slam {
                s.push_str(": a grand slam, every seed on the other side");
            }
            s.push('.');
        }
        if report.extra_turn && !pos.is_over() {
            let _ = write!(
                s,
                " The last seed fell in the store: extra turn for Player {}.",
                player_number(mover)
            );
        }
        s
    }

    /// Ends the session if the game is over, with the final board and result.
    fn check_over(&mut self) {
        let game = self.game();
        let pos = *game.position();
        let Some(reason) = pos.end_reason() else { return };
        let board = self.board_text(false);
        self.out.push('\n');
        self.out.push_str(&board);
        let _ = writeln!(
            self.out,
            "{TITLE}Game over{TITLE:#}: {} ({}).",
            reason.describe(),
            reason.name()
        );
        let (s, n) = (pos.store(Side::South), pos.store(Side::North));
        let _ = writeln!(self.out, "Final score: Player 1 {s}, Player 2 {n}.");
        let result = match pos.outcome() {
            Some(Outcome::Win(side)) => {
                let margin = (s as i32 - n as i32).unsigned_abs();
                format!("{} wins by {}.", self.who(side), plural(margin, "seed", "seeds"))
            }
            _ => "The game is a draw.".to_string(),
        };
        let _ = writeln!(self.out, "{TITLE}{result}{TITLE:#}");
        self.stage = Stage::Done;
        if self.resumed {
            // The saved game is finished: `--resume` has nothing more to do.
            self.autosave.remove();
        }
    }

    // ---- commands -----------------------------------------------------------

    fn help(&mut self) {
        let v = self.game().variant();
        let n = v.pits_per_side();
        let description = v.rules().description.clone();
        let name = v.name().to_string();
        let _ = writeln!(
            self.out,
            "Enter the number of one of your pits (1-{n}, shown beside your row) to sow its seeds.\n\
             Commands:\n  \
               help        this text\n  \
               undo        take moves back to the previous turn of a person\n  \
               hint        the computer's suggestion\n  \
               save FILE   save the game to FILE\n  \
               load FILE   go on with a game saved in FILE\n  \
               quit        save the game to {} and leave\n\
             The rules ({name}): {description}.",
            self.autosave.path.display()
        );
        if self.swap_question_open() {
            let _ = writeln!(
                self.out,
                "Answer y to take the first move as your own (the board turns round and your opponent moves next), or n to play on."
            );
        }
    }

    fn undo(&mut self) {
        let mut game = self.game().clone();
        let mut undone = 0u64;
        loop {
            if game.undo().is_none() {
                return self.error("Nothing to undo: no person has moved yet.");
            }
            undone += 1;
            if self.player(game.position().to_move()) == PlayerKind::Human {
                break;
            }
        }
        let mover = game.position().to_move();
        self.game = Some(game);
        self.swap_declined = false;
        self.drawn = None;
        let _ = writeln!(
            self.out,
            "Took back {}; {} to move.",
            plural(undone, "move", "moves"),
            self.who(mover)
        );
    }

    fn hint(&mut self) {
        let endgame = self.endgame();
        let mv = mancala_engine::hint_with(self.game(), endgame.as_ref());
        let text = match mv {
            Move::Swap => "Hint: steal the first move (y).".to_string(),
            Move::Sow(k) if self.swap_question_open() => {
                format!("Hint: let the first move stand (n), then sow pit {}.", k + 1)
            }
            Move::Sow(k) => format!("Hint: sow pit {}.", k + 1),
        };
        let _ = writeln!(self.out, "{text}");
    }

    fn save(&mut self, file: &str) {
        if file.is_empty() {
            return self.error("Save where? Type save and a file name, e.g. save mygame.txt");
        }
        let record = self.record().expect("a game is on");
        match record.save(std::path::Path::new(file)) {
            Ok(Saved::Written) => {
                let _ = writeln!(
                    self.out,
                    "Saved the game to {file}; `mancala play --load {}` goes on with it.",
                    super::save_file::shell_word(file)
                );
            }
            Ok(Saved::Discarded) => {
                let _ = writeln!(self.out, "Not saved: {file} keeps nothing.");
            }
            Err(e) => self.error(format!("{e}.")),
        }
    }

    fn load(&mut self, file: &str) {
        if file.is_empty() {
            return self.error("Load what? Type load and a file name, e.g. load mygame.txt");
        }
        match Record::load(std::path::Path::new(file)) {
            Ok(record) => {
                let _ = writeln!(self.out, "Loaded {file}.");
                self.load_record(record, [None, None]);
            }
            Err(e) => self.error(format!("{e}.")),
        }
    }

    fn quit(&mut self) {
        let text = self.leave("You left the game");
        self.out.push_str(&text);
    }

    /// Leaves the session (quit, end of input): saves an unfinished game to
    /// the autosave file and returns what to say.
    pub fn leave(&mut self, why: &str) -> String {
        let mut out = std::mem::take(&mut self.out);
        if let Some(text) = self.unfinished_record_text() {
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
            format!("{why}: the game is saved to {path}. `{}` goes on with it.", autosave.resume)
        }
        Ok(Saved::Discarded) => format!("{why}: the game is not saved (the autosave file is {path})."),
        Err(e) => format!(
            "{why}, but the game could not be saved to {path}: {e}.\n\
             Here is its record; put it in a file and go on with `mancala play --load FILE`:\n{record}"
        ),
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
    use super::*;

    fn plain(s: &str) -> String {
        anstream::adapter::strip_str(s).to_string()
    }

    struct Driver {
        s: Session,
        transcript: String,
    }

    impl Driver {
        fn new(setup: Setup) -> Driver {
            let dir = std::env::temp_dir().join(format!("mancala-session-{}", std::process::id()));
            Driver {
                s: Session::new(setup, 1, Autosave::given(dir.join("autosave.game"))),
                transcript: String::new(),
            }
        }

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
        assert!(d.say("").contains("Number of pits in total, both rows (2-20, even) [12]"));
        assert!(d.say("13").contains("13 is odd"));
        assert!(d.say("22").contains("from 2 to 20"));
        assert!(d.say("8").contains("Seeds per pit (1-12) [4]"));
        assert!(d.say("0").contains("from 1 to 12"));
        assert!(d.say("3").contains("Who plays Player 1"));
        assert!(d.say("").contains("Who plays Player 2"));
        assert!(d.say("robot").contains("is not a player"));
        assert!(d.say("computer").contains("Level of the computer for Player 2"));
        let shown = d.say("");
        assert!(shown.contains("kalah: 4 pits a side, 3 seeds in each"), "{shown}");
        assert!(shown.contains("Player 2 (computer, level 5)"), "{shown}");
        assert!(shown.contains("Player 1, choose a pit to sow (1-4)"), "{shown}");
    }

    #[test]
    fn variant_by_number_and_bad_names() {
        let mut d = Driver::new(Setup::default());
        assert!(d.say("chess").contains("Unknown variant \"chess\""));
        assert!(d.say("99").contains("Choose a variant from 1 to"));
        let oware = 1 + preset_names().iter().position(|n| *n == "oware").unwrap();
        let shown = d.say(&oware.to_string());
        assert!(shown.contains("(2-32, even) [12]"), "{shown}");
        d.say("32");
        // 16 pits a side with 12 seeds is too many seeds in all.
        let shown = d.say("12");
        assert!(shown.contains("cannot be played at that size"), "{shown}");
        assert!(shown.contains("Seeds per pit"), "{shown}");
    }

    #[test]
    fn pie_rule_and_words() {
        let mut d = Driver::new(kalah_hh());
        let shown = d.until_question();
        assert!(shown.contains("Pie rule"), "{shown}");
        let shown = d.say("1");
        assert!(shown.contains("Player 1 sowed 4 seeds from pit 1."), "{shown}");
        assert!(shown.contains("Player 2, steal Player 1's first move? (y/n)"), "{shown}");
        assert!(d.say("").contains("Please answer y"));
        assert!(d.say("3").contains("Please answer y"));
        let shown = d.say("y");
        assert!(shown.contains("Player 2 steals the first move"), "{shown}");
        assert!(shown.contains("Player 1, choose a pit"), "{shown}");
        // The stolen move's pit is now North's pit 1, highlighted.
        assert!(shown.contains("[  0]"), "{shown}");
        assert!(d.say("swap").contains("Swap is only allowed"));
        let shown = d.say("3");
        assert!(shown.contains("extra turn for Player 1"), "{shown}");
        assert!(d.say("3").contains("Pit 3 is empty. You can sow: 1, 2, 4-6."));
        assert!(d.say("9").contains("Pit 9 does not exist"));
        assert!(d.say("").contains("Please enter a pit number"));
        assert!(d.say("fly").contains("Unknown command \"fly\""));
        assert!(d.say("-1").contains("is not a move"));
        assert!(d.say("99999999999999999999999").contains("does not exist"));
        d.s.answer(Input::TooLong);
        assert!(d.until_question().contains("too long"));
        d.s.answer(Input::NotUtf8);
        assert!(d.until_question().contains("not UTF-8"));
    }

    #[test]
    fn declining_the_swap_and_capture() {
        let mut d = Driver::new(kalah_hh());
        d.say("2");
        let shown = d.say("n");
        assert!(shown.contains("Player 2 lets the first move stand."), "{shown}");
        assert!(shown.contains("Player 2, choose a pit"), "{shown}");
        assert!(d.say("y").contains("Unknown command"));
        // North's pit 6 reaches its store and South's pits 1 to 3.
        d.say("6");
        let shown = d.say("1");
        assert!(shown.contains("Player 1 sowed 5 seeds from pit 1."), "{shown}");
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
        assert!(shown.contains("Final score: Player 1"), "{shown}");
    }

    #[test]
    fn save_load_and_leave() {
        let dir = std::env::temp_dir().join(format!("mancala-session-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("g.game");
        let mut d = Driver::new(kalah_hh());
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
        assert!(shown.contains("cannot open"), "{shown}");
        let shown = d.say("quit");
        assert!(shown.contains("the game is saved to"), "{shown}");
        assert!(shown.ends_with("<END>"), "{shown}");
        let back = Record::load(&dir.join("auto.game")).unwrap();
        assert_eq!(back.game.moves().len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
