//! `mancala mankalah`: an agent for the Manchester Kalah(7,7) game engine
//! (University of Manchester, COMP34120), speaking its protocol on standard
//! input and output (see `docs/protocol.md`).
//!
//! The engine sends `START;South|North`, `CHANGE;<move>|SWAP;<state>;YOU|OPP|END`
//! and `END`; the agent answers `MOVE;<n>` or `SWAP`. Holes are numbered 1
//! to 7 from the mover's own left, which is our notation too.
//!
//! The one difference in the rules' bookkeeping: in Manchester the board is
//! *not* mirrored by a swap; the swapping agent becomes South and owns the
//! row the first move was played on. In `mancala_core` the players keep
//! their sides and the rows are mirrored instead. So the agent keeps its
//! own side in our terms (`me`: the side it was given at the start) and a
//! flag `swapped`; once swapped, Manchester's South row is our North row
//! and the other way round. Every state string the engine sends is turned
//! into our position and checked against the agent's own record of the
//! game; when they differ the state wins and the difference is reported on
//! standard error.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use mancala_core::{Game, Move, Position, Setup, Side, Variant};
use mancala_engine::mankalah::{AgentMessage, Change, EngineMessage, Next, State, HOLES};
use mancala_engine::search::{GameClock, SearchLimits, SearchOptions, Searcher};

use crate::error::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Thinking time for the whole match, in seconds (Manchester allows one
    /// hour per agent).
    #[arg(long, default_value_t = 3600.0)]
    pub budget: f64,
    /// Seconds of the budget kept in reserve for message handling and
    /// start-up.
    #[arg(long, default_value_t = 30.0)]
    pub reserve: f64,
    /// Search this many nodes per move instead of using the clock
    /// (deterministic; for tests).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search to this depth per move instead of using the clock.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Transposition table size in MiB, 1 to 65536.
    #[arg(long, value_parser = crate::options::table_megabytes, default_value_t = 256)]
    pub hash: usize,
    /// `on`: a move the opening book holds is played at once, leaving the
    /// budget for later moves (only when playing by the clock: with
    /// `--nodes` or `--depth` every move is searched); `off`: always search.
    #[arg(long, value_parser = ["on", "off"], default_value = "on")]
    pub book: String,
    /// Report every move's search on standard error.
    #[arg(long)]
    pub verbose: bool,
}

/// What the agent does after a message.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit,
}

/// The agent's state for one match.
pub struct Agent {
    variant: Variant,
    args: Args,
    searcher: Searcher,
    /// The game in our terms; `None` before `START`.
    game: Option<Game>,
    /// The agent's side in our terms: the side it was given at `START`. It
    /// does not change when someone swaps.
    me: Side,
    /// A swap has happened: the Manchester rows are our rows mirrored.
    swapped: bool,
    /// Moves made so far (the agent's own swap included).
    moves_made: u32,
    /// Thinking time used so far.
    used: Duration,
    /// Diagnostics written (for tests).
    pub diagnostics: Vec<String>,
}

impl Agent {
    pub fn new(args: Args) -> Result<Agent, CliError> {
        let variant = Variant::preset("mankalah").map_err(CliError::failure)?;
        if !(args.budget > 0.0 && args.budget < 1e7 && args.reserve >= 0.0) {
            return Err(CliError::input("--budget and --reserve must be seconds above 0"));
        }
        let searcher =
            Searcher::try_new(SearchOptions { hash_mb: args.hash, ..SearchOptions::default() })
                .map_err(|e| CliError::input(format!("--hash: {e}")))?;
        Ok(Agent {
            variant,
            args,
            searcher,
            game: None,
            me: Side::South,
            swapped: false,
            moves_made: 0,
            used: Duration::ZERO,
            diagnostics: Vec::new(),
        })
    }

    fn diagnose(&mut self, text: String) {
        eprintln!("mankalah: {text}");
        self.diagnostics.push(text);
    }

    /// Handles one message; returns the replies to send and what to do next.
    pub fn handle(&mut self, line: &str) -> (Vec<AgentMessage>, Flow) {
        let received = Instant::now();
        let line = line.trim();
        if line.is_empty() {
            return (Vec::new(), Flow::Continue);
        }
        let message = match line.parse::<EngineMessage>() {
            Ok(m) => m,
            Err(e) => {
                self.diagnose(format!(
                    "cannot read message {:?}: {e}; message ignored",
                    line.chars().take(200).collect::<String>()
                ));
                return (Vec::new(), Flow::Continue);
            }
        };
        let mut replies = Vec::new();
        match message {
            EngineMessage::End => return (replies, Flow::Exit),
            EngineMessage::Start(me) => {
                if self.game.is_some() {
                    self.diagnose("a second START: a new game begins".into());
                }
                self.game = Some(Game::new(self.variant.clone()));
                self.me = me;
                self.swapped = false;
                self.moves_made = 0;
                self.searcher.clear();
                if me == Side::South {
                    replies.extend(self.think(received));
                }
            }
            EngineMessage::Change { change, state, next } => {
                if self.game.is_none() {
                    self.diagnose(format!("{line:?} before START; message ignored"));
                    return (replies, Flow::Continue);
                }
                self.change(change, &state, next);
                if next == Next::You {
                    replies.extend(self.think(received));
                }
            }
        }
        (replies, Flow::Continue)
    }

    /// Plays the move the message reports on our record, then checks the
    /// record against the state.
    fn change(&mut self, change: Change, state: &State, next: Next) {
        let game = self.game.as_mut().expect("started");
        match change {
            Change::Swap => {
                if game.moves().last() == Some(&Move::Swap) {
                    // Our own swap, already played when we sent it.
                } else if game.position().swap_offered() {
                    game.play_unchecked(Move::Swap);
                    self.swapped = true;
                    self.moves_made += 1;
                } else {
                    self.swapped = true;
                    self.moves_made += 1;
                    self.diagnose(format!(
                        "SWAP reported where our record allows none ({}); following the engine",
                        self.game.as_ref().expect("started").position()
                    ));
                }
            }
            Change::Hole(h) => {
                self.moves_made += 1;
                let mv = Move::pit(h as usize);
                if let Err(e) = game.play(mv) {
                    let at = game.position().to_string();
                    self.diagnose(format!(
                        "move {h} reported, but in our record ({at}) it is illegal: {e}"
                    ));
                }
            }
        }
        match self.position_from_state(state, next) {
            Ok(pos) => self.check_record(pos, next),
            Err(e) => self.diagnose(format!("state {state}: {e}; keeping our record")),
        }
    }

    /// Our position from a Manchester state string (North's holes 1..7,
    /// North's store, South's holes 1..7, South's store) and who moves next.
    fn position_from_state(&self, state: &State, next: Next) -> Result<Position, String> {
        let (m_north, m_south) = state.0.split_at(HOLES + 1);
        // Manchester's rows in our terms: a swap exchanges them.
        let (south, north) = if self.swapped { (m_north, m_south) } else { (m_south, m_north) };
        let to_move = match next {
            Next::You => self.me,
            Next::Opp => !self.me,
            // Over: the side does not matter.
            Next::End => Side::South,
        };
        let state_field = if next == Next::End {
            String::from("S#empty-side")
        } else {
            let letter = if to_move == Side::South { "S" } else { "N" };
            // The swap is offered to North right after South's first move.
            let swap = self.moves_made == 1 && !self.swapped && to_move == Side::North;
            format!("{letter}{}", if swap { "+swap" } else { "" })
        };
        let row = |r: &[u8]| {
            r[..HOLES].iter().map(u8::to_string).collect::<Vec<_>>().join(",")
                + ":"
                + &r[HOLES].to_string()
        };
        let text = format!("{}/{}/{}", row(south), row(north), state_field);
        let setup: Setup = text.parse().map_err(|e| format!("{e}"))?;
        setup.check_fits(&self.variant).map_err(|e| e.to_string())?;
        Ok(setup.position_unchecked())
    }

    fn check_record(&mut self, from_state: Position, next: Next) {
        let game = self.game.as_ref().expect("started");
        let ours = *game.position();
        let same_board = Side::ALL
            .into_iter()
            .all(|s| ours.row(s) == from_state.row(s) && ours.store(s) == from_state.store(s));
        if next == Next::End {
            if !ours.is_over() {
                self.diagnose(format!("the engine ended the game; our record ({ours}) goes on"));
            } else if !same_board {
                // The engine may or may not have swept the seeds left on the
                // board into the stores: compare the totals of each side.
                let total = |p: &Position, s: Side| p.side_seeds(s) + p.store(s) as u32;
                if Side::ALL.into_iter().any(|s| total(&ours, s) != total(&from_state, s)) {
                    self.diagnose(format!("final state {from_state} differs from ours {ours}"));
                }
            }
            return;
        }
        let same = same_board
            && !ours.is_over()
            && ours.to_move() == from_state.to_move()
            && ours.swap_offered() == from_state.swap_offered();
        if !same {
            self.diagnose(format!(
                "our record {ours} differs from the engine's state {from_state}; following the engine"
            ));
            self.game =
                Some(Game::from_position(self.variant.clone(), from_state.settled(&self.variant)));
        }
    }

    /// Thinking time for this move: the budget left (less the reserve)
    /// as a clock without increment, shared as `GameClock` shares it.
    fn allowance(&self, pos: &Position) -> Duration {
        let budget = Duration::from_secs_f64(self.args.budget);
        let reserve = Duration::from_secs_f64(self.args.reserve.min(self.args.budget / 10.0));
        let remaining = budget.saturating_sub(self.used).saturating_sub(reserve);
        GameClock { remaining, ..GameClock::default() }.time_for_move(pos)
    }

    /// Chooses the move when the engine says it is ours.
    fn think(&mut self, received: Instant) -> Vec<AgentMessage> {
        let game = self.game.clone().expect("started");
        let pos = *game.position();
        if pos.is_over() || pos.to_move() != self.me {
            self.diagnose(format!(
                "asked to move, but in our record ({pos}) it is not our turn; no move sent"
            ));
            return Vec::new();
        }
        let legal = game.legal_moves();
        let by_clock = self.args.nodes.is_none() && self.args.depth.is_none();
        let book = if by_clock && self.args.book == "on" {
            mancala_engine::book::shipped(&self.variant).and_then(|b| b.pick(&game, None))
        } else {
            None
        };
        let (mv, detail) = if legal.len() == 1 {
            (legal[0], String::from("only move"))
        } else if let Some(m) = book.filter(|m| legal.contains(m.mv)) {
            (m.mv, format!("book, score {}", m.score))
        } else {
            let limits = if by_clock {
                SearchLimits::time(self.allowance(&pos))
            } else {
                SearchLimits { depth: self.args.depth, nodes: self.args.nodes, time: None }
            };
            let result = self.searcher.search(&game, limits, None, &mut |_| {});
            let detail = format!(
                "depth {} score {} exact {} nodes {} time {} ms",
                result.depth,
                result.score,
                result.exact,
                result.nodes,
                result.elapsed.as_millis()
            );
            match result.best.filter(|m| legal.contains(*m)) {
                Some(mv) => (mv, detail),
                None => {
                    self.diagnose(format!("the search gave no legal move in {pos}"));
                    (legal[0], detail)
                }
            }
        };
        let message = match mv {
            Move::Swap => {
                let game = self.game.as_mut().expect("started");
                game.play_unchecked(Move::Swap);
                self.swapped = true;
                self.moves_made += 1;
                AgentMessage::Swap
            }
            // Kalah's pits sow one way: no move of it has a direction,
            // and it gives no bonus takes.
            Move::Sow(k) | Move::Directed(k, _) | Move::Take(k) => AgentMessage::Move(k + 1),
        };
        self.used += received.elapsed();
        if self.args.verbose {
            eprintln!(
                "mankalah: {message} in {pos}: {detail}; {:.1} s of {:.0} s used",
                self.used.as_secs_f64(),
                self.args.budget
            );
        }
        vec![message]
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let mut agent = Agent::new(args)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut buf = Vec::with_capacity(128);
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                eprintln!("mankalah: cannot read the input ({e}); stopping");
                return Ok(());
            }
        }
        let line = String::from_utf8_lossy(&buf);
        let (replies, flow) = agent.handle(&line);
        for r in replies {
            if let Err(e) = writeln!(out, "{r}").and_then(|()| out.flush()) {
                // The game engine has gone: quietly, status 141 (`output`).
                crate::output::exit_if_closed(&e);
                eprintln!("mankalah: cannot answer the engine ({e}); stopping");
                return Ok(());
            }
        }
        if flow == Flow::Exit {
            return Ok(());
        }
    }
}
