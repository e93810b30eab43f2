//! The messages of the Manchester Kalah game engine's protocol (the
//! University of Manchester's COMP34120 `ManKalah.jar`, see
//! `docs/protocol.md`), typed: an [`EngineMessage`] is a line the game
//! engine sends to an agent, an [`AgentMessage`] a line an agent answers.
//! Each has one parser ([`FromStr`]) and one printer ([`fmt::Display`]);
//! printing then parsing gives back the same value. The parsers never panic;
//! a line that cannot be read gets a [`MessageError`] naming what was wrong
//! and what is allowed.
//!
//! Sides and holes are Manchester's: `START;South` makes the agent South in
//! Manchester's terms, and after a swap Manchester does not mirror the board
//! (the swapping agent becomes South). Turning that into `mancala_core`'s
//! terms is the agent's business.
//!
//! ```
//! use mancala_engine::mankalah::{AgentMessage, Change, EngineMessage, Next, State};
//! use mancala_core::Side;
//!
//! let m: EngineMessage = "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;OPP".parse()?;
//! let EngineMessage::Change { change, state, next } = m else { panic!() };
//! assert_eq!((change, next), (Change::Hole(1), Next::Opp));
//! assert_eq!(state.store(Side::South), 1);
//! assert_eq!(AgentMessage::Move(3).to_string(), "MOVE;3");
//! # Ok::<(), mancala_engine::mankalah::MessageError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use mancala_core::{quote, Side};

/// Holes in each row (and seeds in each hole at the start).
pub const HOLES: usize = 7;
/// Seeds in the game.
pub const SEEDS: u32 = (2 * HOLES * HOLES) as u32;

/// A message that cannot be read: what was wrong and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MessageError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, MessageError> {
    Err(MessageError(message.into()))
}

/// The board in a `CHANGE` message: North's holes 1 to 7, North's store,
/// South's holes 1 to 7, South's store (Manchester's sides), 98 seeds in
/// all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State(pub [u8; 2 * HOLES + 2]);

impl State {
    /// A side's holes, from that side's own left.
    pub fn holes(&self, side: Side) -> &[u8] {
        let at = if side == Side::North { 0 } else { HOLES + 1 };
        &self.0[at..at + HOLES]
    }

    /// A side's store.
    pub fn store(&self, side: Side) -> u8 {
        self.0[if side == Side::North { HOLES } else { 2 * HOLES + 1 }]
    }
}

impl FromStr for State {
    type Err = MessageError;

    fn from_str(text: &str) -> Result<State, MessageError> {
        let mut numbers = [0u8; 2 * HOLES + 2];
        let mut count = 0;
        for t in text.split(',') {
            let t = t.trim();
            let n = t.parse::<u8>().map_err(|_| {
                MessageError(format!("state: {:?} is not a seed count from 0 to 98", quote(t)))
            })?;
            if count < numbers.len() {
                numbers[count] = n;
            }
            count += 1;
        }
        if count != numbers.len() {
            return err(format!(
                "state: {count} numbers instead of {} (North's 7 holes and store, then South's)",
                numbers.len()
            ));
        }
        let total: u32 = numbers.iter().map(|&n| n as u32).sum();
        if total != SEEDS {
            return err(format!("state: {total} seeds instead of {SEEDS}"));
        }
        Ok(State(numbers))
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// What a `CHANGE` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The mover sowed this hole (1 to 7 from the mover's own left).
    Hole(u8),
    /// The other agent swapped.
    Swap,
}

/// Who moves after a `CHANGE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The receiving agent: `YOU`.
    You,
    /// The other agent: `OPP`.
    Opp,
    /// Nobody, the game is over: `END`.
    End,
}

impl Next {
    fn word(self) -> &'static str {
        match self {
            Next::You => "YOU",
            Next::Opp => "OPP",
            Next::End => "END",
        }
    }
}

/// A line from the game engine to an agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `START;South` or `START;North`: the agent's side; South moves first.
    Start(Side),
    /// `CHANGE;<hole>|SWAP;<state>;YOU|OPP|END`.
    Change {
        /// The move just made: a hole sown, or the swap.
        change: Change,
        /// The board after it.
        state: State,
        /// Who moves next, or that the game is over.
        next: Next,
    },
    /// `END`: the match is over.
    End,
}

const SHAPES: &str = "START;South|North, CHANGE;<hole>|SWAP;<state>;YOU|OPP|END or END";

fn hole(text: &str) -> Result<u8, MessageError> {
    match text.parse::<u8>() {
        Ok(h) if (1..=HOLES as u8).contains(&h) => Ok(h),
        _ => err(format!("hole {:?} is not a number from 1 to {HOLES}", quote(text))),
    }
}

impl FromStr for EngineMessage {
    type Err = MessageError;

    /// Reads one line (without its line end); white space around the line
    /// and around each `;`-separated field is allowed.
    fn from_str(line: &str) -> Result<EngineMessage, MessageError> {
        let parts: Vec<&str> = line.trim().split(';').map(str::trim).collect();
        match parts.as_slice() {
            ["END"] => Ok(EngineMessage::End),
            ["START", side] => match *side {
                "South" => Ok(EngineMessage::Start(Side::South)),
                "North" => Ok(EngineMessage::Start(Side::North)),
                other => err(format!("START names side {:?}, not South or North", quote(other))),
            },
            ["CHANGE", change, state, next] => {
                let change = match *change {
                    "SWAP" => Change::Swap,
                    h => Change::Hole(hole(h)?),
                };
                let state = state.parse()?;
                let next = match *next {
                    "YOU" => Next::You,
                    "OPP" => Next::Opp,
                    "END" => Next::End,
                    other => {
                        return err(format!(
                            "CHANGE ends with {:?}, not YOU, OPP or END",
                            quote(other)
                        ))
                    }
                };
                Ok(EngineMessage::Change { change, state, next })
            }
            [kind @ ("END" | "START" | "CHANGE"), ..] => err(format!(
                "{kind} with {} fields separated by ';': expected {SHAPES}",
                parts.len()
            )),
            _ => err(format!("unknown message: expected {SHAPES}")),
        }
    }
}

impl fmt::Display for EngineMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMessage::Start(Side::South) => f.write_str("START;South"),
            EngineMessage::Start(Side::North) => f.write_str("START;North"),
            EngineMessage::Change { change, state, next } => {
                f.write_str("CHANGE;")?;
                match change {
                    Change::Hole(h) => write!(f, "{h}")?,
                    Change::Swap => f.write_str("SWAP")?,
                }
                write!(f, ";{state};{}", next.word())
            }
            EngineMessage::End => f.write_str("END"),
        }
    }
}

/// A line from an agent to the game engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentMessage {
    /// `MOVE;<hole>`: sow this hole (1 to 7 from the agent's own left).
    Move(u8),
    /// `SWAP`: the pie rule's swap.
    Swap,
}

impl FromStr for AgentMessage {
    type Err = MessageError;

    fn from_str(line: &str) -> Result<AgentMessage, MessageError> {
        let parts: Vec<&str> = line.trim().split(';').map(str::trim).collect();
        match parts.as_slice() {
            ["SWAP"] => Ok(AgentMessage::Swap),
            ["MOVE", h] => Ok(AgentMessage::Move(hole(h)?)),
            _ => err("unknown message: expected MOVE;<hole> (1 to 7) or SWAP"),
        }
    }
}

impl fmt::Display for AgentMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentMessage::Move(h) => write!(f, "MOVE;{h}"),
            AgentMessage::Swap => f.write_str("SWAP"),
        }
    }
}
