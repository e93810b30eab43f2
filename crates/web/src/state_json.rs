//! The JSON object describing a position: what `mancala state` prints and
//! what `POST /api/state` gives as `state` (one definition for both).

use mancala_core::{Count, Game, Layout, Match, MatchEnd, Outcome, Position, Side, StoresDrawn};
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
    pub south: Vec<u16>,
    /// North's pits, from North's own left.
    pub north: Vec<u16>,
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
    /// Under rules with several claims (`[claim]` `rows = "either"`, `max`
    /// other than 1, `pair` or `before_relay`: Enkeshui's bulls), in place
    /// of `claimed`: for each row, from its owner's left, the player who
    /// has claimed each pit, or `None`. Left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims: Option<Claims>,
    /// Under bonus takes (`capture.bonus_pits`, `tsoro-bonus`): the takes
    /// still due to the player to move (`Position::takes_due`), 0 when
    /// none is. Left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub takes_due: Option<u8>,
    /// On a board of four rows (`board.rows = 4`), where `south` and
    /// `north` list each player's two rows in sowing order: the rows apart.
    /// Left out of the JSON on two rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<FourRows>,
    /// The variant is played in rounds (`[rounds]`). Left out of the JSON
    /// for variants of one round.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rounds: bool,
    /// Under `[rounds]`: the pits out of play in this round (a pit its
    /// owner could not fill), numbered from their owner's left. Left out of
    /// the JSON for variants of one round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_play: Option<OutOfPlay>,
    /// Under `[rounds]`, once the round is over: how the match goes on
    /// ([`mancala_core::Match`]'s policy). Left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_end: Option<RoundEnd>,
    /// Where a move may start from either row (`pits = "any"`): `true`, and
    /// the moves in `legal` number the mover's row 1 to n and the other
    /// row n + 1 to 2n from its owner's left. Left out of the JSON
    /// otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub any_pits: bool,
    /// Under `end_pits` (O An Quan's mandarin squares): the seeds in the
    /// end pit after each row, and whether it has been taken. Left out of
    /// the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_pits: Option<EndPits>,
    /// Where the page draws the stores (`board.stores_drawn`): `"between"`
    /// the rows (Toguz Kumalak's kazans) or `"hand"` (no store on the
    /// board, the seeds taken told beside it). Left out of the JSON for
    /// the row ends, the default.
    #[serde(skip_serializing_if = "StoresDrawn::is_ends")]
    pub stores_drawn: StoresDrawn,
}

/// The end pits on the ring (rule `end_pits`): `south` is the one after
/// South's row, `north` the one after North's.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct EndPits {
    /// Seeds in the end pit after South's row.
    pub south: u16,
    /// Seeds in the end pit after North's row.
    pub north: u16,
    /// Whether each (south, north) has been taken at least once.
    pub taken: [bool; 2],
}

/// The pits out of play of a round, each side's numbered from its
/// owner's left (1 to n).
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct OutOfPlay {
    /// South's pits out of play.
    pub south: Vec<usize>,
    /// North's pits out of play.
    pub north: Vec<usize>,
}

/// The end of a round (rule `[rounds]`): the next round's start, or the
/// match's result.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    /// The position string the next round starts from (each player's pits
    /// filled from their store, those they cannot fill out of play, the
    /// player who starts to move); `None` when the match is over.
    pub next_start: Option<String>,
    /// Once the match is over (a player cannot fill a single pit, or the
    /// next round would start as an earlier one did, no seed having
    /// changed hands since): `south`, `north` or
    /// `draw`; `None` while it goes on.
    pub match_winner: Option<&'static str>,
    /// Once the match is over, why ([`MatchEnd::name`]): `cannot-fill`, or
    /// `repeated-round` (drawn); `None` while it goes on.
    pub match_end: Option<&'static str>,
    /// Under `repeated-round`: the earlier round (from 1) the next one
    /// would start as. Left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeats_round: Option<usize>,
}

/// A board of four rows: each player's outer and inner row.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct FourRows {
    /// Pits in each row.
    pub pits_per_row: usize,
    /// South's rows.
    pub south: TwoRows,
    /// North's rows.
    pub north: TwoRows,
}

/// A player's two rows on a board of four, each from the player's own
/// left: the outer row is their pits 1 to p, the inner row their pits 2p
/// down to p + 1 (p pits a row).
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct TwoRows {
    /// The row nearest the player.
    pub outer: Vec<u16>,
    /// The row next to the opponent's inner row.
    pub inner: Vec<u16>,
}

/// The pit of the opponent's row each side has claimed (rule `claim`).
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Claimed {
    /// The pit of North's row South has claimed (1-based), if any.
    pub south: Option<usize>,
    /// The pit of South's row North has claimed (1-based), if any.
    pub north: Option<usize>,
}

/// Who has claimed each pit of each row (rules with several claims).
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Claims {
    /// South's row, from South's left: the owner of each pit, if claimed.
    pub south: Vec<Option<Side>>,
    /// North's row, from North's left: the owner of each pit, if claimed.
    pub north: Vec<Option<Side>>,
}

/// The seeds in each store.
#[derive(Serialize, Debug)]
pub struct Stores {
    /// Seeds in South's store.
    pub south: u16,
    /// Seeds in North's store.
    pub north: u16,
}

impl StateJson {
    /// The game's current position described.
    pub fn of<L: Layout>(game: &Game<L>) -> StateJson {
        StateJson::in_match(game, &[])
    }

    /// The current position of `game`, a round of a match (rule
    /// `[rounds]`) whose earlier rounds started from `earlier` (the first
    /// first): the match ends drawn when the next round would start as one
    /// of them, or `game`, did, no seed having changed hands since
    /// ([`Match::end`]).
    pub fn in_match<L: Layout>(game: &Game<L>, earlier: &[Position<L>]) -> StateJson {
        let v = game.variant();
        let p = game.position();
        StateJson {
            variant: v.name().to_string(),
            pits_per_side: v.pits_per_side(),
            seeds_per_pit: v.seeds_per_pit(),
            south: counts(p.row(Side::South)),
            north: counts(p.row(Side::North)),
            stores: Stores {
                south: p.store(Side::South).report_count(),
                north: p.store(Side::North).report_count(),
            },
            to_move: (!p.is_over()).then(|| p.to_move()),
            legal: p.legal_moves(v).iter().map(|m| m.to_string()).collect(),
            over: p.is_over(),
            winner: p.outcome().map(outcome_name),
            position: p.to_string(),
            claimed: (v.rules().claim.count > 0 && !v.rules().many_claims()).then(|| Claimed {
                south: p.claimed_pit(Side::South).map(|k| k + 1),
                north: p.claimed_pit(Side::North).map(|k| k + 1),
            }),
            claims: v.rules().many_claims().then(|| {
                let row =
                    |side: Side| (0..v.pits_per_side()).map(|k| p.claim_owner(side, k)).collect();
                Claims { south: row(Side::South), north: row(Side::North) }
            }),
            rows: (v.rows() == 4).then(|| {
                let rows = v.pits_per_row();
                let two = |side: Side| {
                    let pits = p.row(side);
                    TwoRows {
                        outer: counts(&pits[..rows]),
                        inner: pits[rows..].iter().rev().map(|c| c.report_count()).collect(),
                    }
                };
                FourRows { pits_per_row: rows, south: two(Side::South), north: two(Side::North) }
            }),
            rounds: v.rules().rounds.is_some(),
            out_of_play: v.rules().rounds.is_some().then(|| {
                let pits = |side: Side| {
                    (0..v.pits_per_side())
                        .filter(|&k| p.is_out_of_play(side, k))
                        .map(|k| k + 1)
                        .collect()
                };
                OutOfPlay { south: pits(Side::South), north: pits(Side::North) }
            }),
            round_end: (v.rules().rounds.is_some() && p.is_over()).then(|| {
                // The policy reads each round's start: the earlier rounds
                // need not carry their moves.
                let mut rounds: Vec<Game<L>> =
                    earlier.iter().map(|&start| Game::from_position(v.clone(), start)).collect();
                rounds.push(game.clone());
                let m = Match::from_rounds(rounds).expect("one round at least");
                let end = m.end();
                RoundEnd {
                    next_start: m.next_round_start().map(|start| start.to_string()),
                    match_winner: m.outcome().map(outcome_name),
                    match_end: end.map(MatchEnd::name),
                    repeats_round: match end {
                        Some(MatchEnd::RepeatedRound { round }) => Some(round),
                        _ => None,
                    },
                }
            }),
            any_pits: v.any_pits(),
            end_pits: v.has_end_pits().then(|| EndPits {
                south: p.end_pit(Side::South).report_count(),
                north: p.end_pit(Side::North).report_count(),
                taken: [p.end_pit_taken(Side::South), p.end_pit_taken(Side::North)],
            }),
            takes_due: (v.rules().capture.bonus_pits > 0).then(|| p.takes_due()),
            stores_drawn: v.rules().board.stores_drawn,
        }
    }
}

/// Seeds in each pit, as numbers of the widest layout's cell.
fn counts<C: Count>(pits: &[C]) -> Vec<u16> {
    pits.iter().map(|c| c.report_count()).collect()
}

/// `south`, `north` or `draw`.
fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(side) => side.name(),
        Outcome::Draw => "draw",
    }
}
