//! The options every command uses to choose a variant and its size.

use std::path::PathBuf;

use mancala_core::{preset_names, Move, Position, Variant};

use crate::error::CliError;

/// Which variant, at which size.
#[derive(clap::Args, Debug, Clone)]
pub struct VariantArgs {
    /// A built-in variant (see `mancala variants`).
    #[arg(long, short = 'v', default_value = "kalah")]
    pub variant: String,
    /// Pits in each player's row (default: the variant's).
    #[arg(long, short = 'p')]
    pub pits_per_side: Option<u32>,
    /// Seeds in each pit at the start (default: the variant's).
    #[arg(long, short = 's')]
    pub seeds: Option<u32>,
    /// A variant file (TOML) to play instead of a built-in variant.
    #[arg(long, value_name = "FILE")]
    pub variant_file: Option<PathBuf>,
}

impl VariantArgs {
    /// The variant these options describe, or a message saying what is wrong.
    pub fn variant(&self) -> Result<Variant, CliError> {
        let base = match &self.variant_file {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    CliError::input(format!("cannot read variant file {}: {e}", path.display()))
                })?;
                Variant::from_toml(&text)
                    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?
            }
            None => Variant::preset(&self.variant).map_err(CliError::input)?,
        };
        let small = |value: Option<u32>, what: &str| -> Result<Option<u8>, CliError> {
            value
                .map(|v| {
                    u8::try_from(v).map_err(|_| {
                        CliError::input(format!("{what} {v} is far too large for any variant"))
                    })
                })
                .transpose()
        };
        let pits = small(self.pits_per_side, "--pits-per-side")?;
        let seeds = small(self.seeds, "--seeds")?;
        if pits.is_none() && seeds.is_none() {
            return Ok(base);
        }
        base.resized(pits, seeds).map_err(|e| {
            CliError::input(format!("{} cannot be played at that size: {e}", base.name()))
        })
    }
}

/// A variant and the moves played in it from the start: the options of
/// every command that looks at one position.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Moves to play from the start first, e.g. `3,1,swap,4` (pits numbered
    /// from the mover's own left).
    #[arg(long, short = 'm', default_value = "")]
    pub moves: String,
}

impl GameArgs {
    /// The variant and the game after the moves, or a message naming the
    /// first bad move.
    pub fn game(&self) -> Result<(Variant, mancala_core::Game), CliError> {
        let variant = self.variant.variant()?;
        let game = replay(&variant, &self.moves)?;
        Ok((variant, game))
    }
}

/// Parses `3,1,swap,4` and replays it from the start, naming the first bad
/// move by its place in the list.
pub fn replay(variant: &Variant, moves: &str) -> Result<mancala_core::Game, CliError> {
    let mut game = mancala_core::Game::new(variant.clone());
    for (i, text) in split_moves(moves).enumerate() {
        let mv: Move = game
            .position()
            .parse_move(variant, text)
            .map_err(|e| CliError::input(format!("move #{} in the list ({text:?}): {e}", i + 1)))?;
        game.play_unchecked(mv);
    }
    Ok(game)
}

/// The moves of a comma-separated list (an empty list has none).
pub fn split_moves(moves: &str) -> impl Iterator<Item = &str> {
    let trimmed = moves.trim();
    trimmed.split(',').map(str::trim).filter(move |_| !trimmed.is_empty())
}

/// Every preset's name, for messages.
pub fn known_variants() -> String {
    preset_names().join(", ")
}

/// Reads a position string for `variant`.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Position, CliError> {
    let pos: Position =
        text.parse().map_err(|e| CliError::input(format!("position {text:?}: {e}")))?;
    pos.check_fits(variant).map_err(|e| CliError::input(format!("position {text:?}: {e}")))?;
    Ok(pos.settled(variant))
}
