//! `mancala state`: the scriptable oracle. Replays moves and prints one JSON
//! object describing the position (see `docs/notation.md`).

use std::io::BufRead;

use mancala_core::{Game, Outcome, Side};
use serde::Serialize;

use crate::error::CliError;
use crate::variant_args::{replay, GameArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Read one move list per line of standard input and print one JSON
    /// object per line (a bad list prints {"error": ...} and goes on).
    #[arg(long, conflicts_with = "moves")]
    pub batch: bool,
}

/// The JSON object `mancala state` prints.
#[derive(Serialize, Debug)]
pub struct StateJson {
    pub variant: String,
    pub pits_per_side: usize,
    pub seeds_per_pit: u8,
    pub south: Vec<u8>,
    pub north: Vec<u8>,
    pub stores: Stores,
    pub to_move: Option<Side>,
    pub legal: Vec<String>,
    pub over: bool,
    pub winner: Option<&'static str>,
    pub position: String,
}

#[derive(Serialize, Debug)]
pub struct Stores {
    pub south: u8,
    pub north: u8,
}

impl StateJson {
    pub fn of(game: &Game) -> StateJson {
        let v = game.variant();
        let p = game.position();
        StateJson {
            variant: v.name().to_string(),
            pits_per_side: v.pits_per_side(),
            seeds_per_pit: v.seeds_per_pit(),
            south: p.row(Side::South).to_vec(),
            north: p.row(Side::North).to_vec(),
            stores: Stores { south: p.store(Side::South), north: p.store(Side::North) },
            to_move: (!p.is_over()).then(|| p.to_move()),
            legal: p.legal_moves(v).iter().map(|m| m.to_string()).collect(),
            over: p.is_over(),
            winner: p.outcome().map(|o| match o {
                Outcome::Win(side) => side.name(),
                Outcome::Draw => "draw",
            }),
            position: p.to_string(),
        }
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.game.variant.variant()?;
    if !args.batch {
        let game = replay(&variant, &args.game.moves)?;
        println!("{}", serde_json::to_string(&StateJson::of(&game)).expect("json"));
        return Ok(());
    }
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| CliError::input(format!("reading standard input: {e}")))?;
        let json = match replay(&variant, &line) {
            Ok(game) => serde_json::to_string(&StateJson::of(&game)),
            Err(e) => serde_json::to_string(&serde_json::json!({ "error": e.message })),
        }
        .expect("json");
        use std::io::Write;
        writeln!(out, "{json}").map_err(|e| CliError::failure(format!("writing output: {e}")))?;
    }
    Ok(())
}
