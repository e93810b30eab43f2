//! The game every request carries (`game`, `start`, `moves`), read and
//! checked as strictly as the engine protocol reads its commands.

use mancala_core::{Game, Layout, Move, Position, Setup, Variant};
use serde::Deserialize;

use crate::error::ApiError;
use crate::limits::MAX_MOVES;

/// The rules: a built-in variant (and its size), or a variant file's text.
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub pits_per_side: Option<i64>,
    #[serde(default)]
    pub seeds: Option<i64>,
    #[serde(default)]
    pub variant_file: Option<String>,
}

/// The part of a request that says which game: the rules, the start and
/// the moves played.
#[derive(Debug, Clone, Copy)]
pub struct GameRef<'a> {
    pub game: &'a GameSpec,
    pub start: Option<&'a str>,
    pub moves: &'a [String],
}

impl GameSpec {
    /// The variant these fields name, in whichever layout its rules need
    /// ([`Variant::layout`]: a variant file of four rows of 12 or of more
    /// than 255 seeds is the wide layout's), or a message saying what is
    /// wrong and what is allowed.
    pub fn variant(&self) -> Result<Variant, ApiError> {
        let base = match (&self.variant, &self.variant_file) {
            (Some(_), Some(_)) => {
                return Err(ApiError::bad(
                    "the game gives both variant and variant_file: give one of them",
                ))
            }
            (None, None) => {
                return Err(ApiError::bad(format!(
                    "the game gives no variant: give variant (one of {}) or variant_file",
                    mancala_core::preset_names().join(", ")
                )))
            }
            (Some(name), None) => {
                Variant::preset(name).map_err(|e| ApiError::bad(e.to_string()))?
            }
            (None, Some(text)) => {
                Variant::from_toml(text).map_err(|e| ApiError::bad(format!("variant_file: {e}")))?
            }
        };
        let [pmin, pmax] = base.rules().board.pits_per_side_range;
        let [smin, smax] = base.rules().board.seeds_per_pit_range;
        let small = |value: Option<i64>, what: &str, min: u8, max: u8| match value {
            None => Ok(None),
            Some(x) => u8::try_from(x).map(Some).map_err(|_| {
                ApiError::bad(format!(
                    "{what} {x} is out of range: {} allows {min} to {max}",
                    base.name()
                ))
            }),
        };
        let pits = small(self.pits_per_side, "pits_per_side", pmin, pmax)?;
        let seeds = small(self.seeds, "seeds", smin, smax)?;
        if pits.is_none() && seeds.is_none() {
            return Ok(base);
        }
        base.resized(pits, seeds).map_err(|e| {
            ApiError::bad(format!("{} cannot be played at that size: {e}", base.name()))
        })
    }
}

impl GameRef<'_> {
    /// The game in the compact layout, for `what` takes no other (the
    /// solver, compact by nature; a game record, until the engine's records
    /// take the wide board): a variant of the wide layout is refused,
    /// saying so.
    pub fn replay_compact(&self, what: &str) -> Result<Game, ApiError> {
        let v = self.game.variant()?;
        compact_only(&v, what)?;
        self.replay_in(v)
    }

    /// The game in layout `L` (the variant's own, [`Variant::layout`]):
    /// the variant, from the start given (or the variant's), with the moves
    /// played, each checked; an error names the first bad move, its place
    /// in the list and why it cannot be played.
    pub fn replay_in<L: Layout>(&self, v: Variant) -> Result<Game<L>, ApiError> {
        debug_assert_eq!(v.layout(), L::KIND, "a game is played in its variant's layout");
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::bad(format!(
                "{} moves: a request may carry at most {MAX_MOVES}",
                self.moves.len()
            )));
        }
        let start = match self.start {
            None => Position::start_in(&v),
            Some(text) => position_in(&v, text).map_err(|e| {
                ApiError::bad(format!("start {:?}: {e}", mancala_core::quote(text)))
            })?,
        };
        let mut game = Game::from_position(v, start);
        for (i, text) in self.moves.iter().enumerate() {
            let mv: Move = game.position().parse_move(game.variant(), text).map_err(|error| {
                ApiError::bad(
                    mancala_core::MoveListError {
                        index: i + 1,
                        text: mancala_core::quote(text),
                        error,
                    }
                    .to_string(),
                )
            })?;
            game.play_unchecked(mv);
        }
        Ok(game)
    }
}

/// The position a position string describes in a game of `v`, read into
/// layout `L` ([`Position::from_text`] in any layout).
pub fn position_in<L: Layout>(
    v: &Variant,
    text: &str,
) -> Result<Position<L>, mancala_core::PositionError> {
    Ok(Setup::<L>::from_str_in(text)?.position(v)?)
}

/// `Ok` for a variant of the compact layout; for one of the wide layout
/// (four rows of more than 8 pits, more than 255 seeds), the error that
/// `what` (compact by nature) cannot take it.
pub fn compact_only(v: &Variant, what: &str) -> Result<(), ApiError> {
    v.compact_only(what).map_err(|e| ApiError::bad(e.to_string()))
}

/// A request that is only the game (`/api/state`, `/api/hint`, the solve).
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    pub game: GameSpec,
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

impl GameRequest {
    pub fn game_ref(&self) -> GameRef<'_> {
        GameRef { game: &self.game, start: self.start.as_deref(), moves: &self.moves }
    }
}
