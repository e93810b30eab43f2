//! The JSON object describing a position: what `mancala state` prints and
//! what `POST /api/state` gives as `state` (one definition for both).

use mancala_core::{Game, Outcome, Side};
use serde::Serialize;

/// The JSON object `mancala state` prints (see `docs/notation.md`).
#[derive(Serialize, Debug)]
pub struct StateJson {
    /// The variant's name.
    pub variant: String,
    /// Pits per side.
    pub pits_per_side: usize,
    /// Seeds per pit at the start.
    pub seeds_per_pit: u8,
    /// South's pits, from South's own left.
    pub south: Vec<u8>,
    /// North's pits, from North's own left.
    pub north: Vec<u8>,
    /// The seeds in each store.
    pub stores: Stores,
    /// The player to move; `None` once the game is over.
    pub to_move: Option<Side>,
    /// The legal moves, as written (`3`, `swap`).
    pub legal: Vec<String>,
    /// Whether the game is over.
    pub over: bool,
    /// Once the game is over: `south`, `north` or `draw`.
    pub winner: Option<&'static str>,
    /// The position string (`docs/notation.md`).
    pub position: String,
    /// Under rules with claimed pits (`[claim]`, Toguz Kumalak's tuzdyk):
    /// the pit of the opponent's row each side has claimed, numbered from
    /// the opponent's own left, or `None`. Left out of the JSON for rules
    /// without claims.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Claimed>,
}

/// The pit of the opponent's row each side has claimed (rule `claim`).
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Claimed {
    /// The pit of North's row South has claimed (1-based), if any.
    pub south: Option<usize>,
    /// The pit of South's row North has claimed (1-based), if any.
    pub north: Option<usize>,
}

/// The seeds in each store.
#[derive(Serialize, Debug)]
pub struct Stores {
    /// Seeds in South's store.
    pub south: u8,
    /// Seeds in North's store.
    pub north: u8,
}

impl StateJson {
    /// The game's current position described.
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
            claimed: (v.rules().claim.count > 0).then(|| Claimed {
                south: p.claimed_pit(Side::South).map(|k| k + 1),
                north: p.claimed_pit(Side::North).map(|k| k + 1),
            }),
        }
    }
}
