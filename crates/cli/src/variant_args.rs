//! The options every command uses to choose a variant and its size.

use std::path::PathBuf;

use mancala_core::{Game, Layout, Variant};

use crate::error::CliError;

/// Which variant, at which size.
#[derive(clap::Args, Debug, Clone)]
pub struct VariantArgs {
    /// A built-in variant (see `mancala variants`).
    #[arg(long, short = 'v', default_value = "kalah", conflicts_with = "variant_file")]
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
    /// The variant these options describe, in whichever layout its board
    /// needs (a variant file or a size past the compact layout's gives a
    /// wide one: the command must dispatch on [`Variant::layout`]), or a
    /// message saying what is wrong.
    pub fn variant(&self) -> Result<Variant, CliError> {
        let base = match &self.variant_file {
            Some(path) => Variant::from_file(path).map_err(CliError::input)?,
            None => Variant::preset(&self.variant).map_err(CliError::input)?,
        };
        base.at_size(self.pits_per_side, self.seeds).map_err(CliError::input)
    }

    /// [`VariantArgs::variant`] for a command that plays only boards of
    /// the compact layout (`what` names it): a wide board is refused,
    /// saying what was too large and what the command takes.
    pub fn compact_variant(&self, what: &str) -> Result<Variant, CliError> {
        compact_only(self.variant()?, what)
    }
}

/// `v` if its board fits the compact layout, else core's refusal
/// ([`Variant::compact_only`]) naming `what` (a command, or a part of one)
/// and the board, and the commands that play the wide board.
pub fn compact_only(v: Variant, what: &str) -> Result<Variant, CliError> {
    match v.compact_only(what) {
        Ok(()) => Ok(v),
        Err(e) => Err(CliError::input(format!(
            "{e}; the wide board is played by `mancala play`, `match`, `engine`, `perft`, \
             `bench`, `analyze` and `state`"
        ))),
    }
}

/// A variant and the moves played in it from the start: the options of
/// every command that looks at one position.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Moves to play from the start first, e.g. `3,1` or `"3 1"`,
    /// separated by commas and/or spaces. A move is a pit number from the
    /// mover's own left (under `pits = "any"`, n + 1 to 2n the opponent's
    /// row), with `ccw` or `cw` after it where the pit may be sown either
    /// way (`3cw`); `t` and the opponent's pit number for a bonus take
    /// (`t5`); or `swap` (the pie rule). See docs/notation.md.
    #[arg(long, short = 'm', default_value = "")]
    pub moves: String,
}

impl GameArgs {
    /// The variant and the game after the moves, or a message naming the
    /// first bad move. The compact layout's: a wide board is refused (see
    /// [`VariantArgs::compact_variant`]; `what` names the command).
    pub fn compact_game(&self, what: &str) -> Result<(Variant, Game), CliError> {
        let variant = self.variant.compact_variant(what)?;
        let game = replay(&variant, &self.moves)?;
        Ok((variant, game))
    }
}

/// Reads a move list (`3,1,swap`, `3 1`: see `mancala_core::parse_moves`)
/// and replays it from the start, naming the first bad move by its place in
/// the list.
pub fn replay(variant: &Variant, moves: &str) -> Result<Game, CliError> {
    replay_in(variant, moves)
}

/// [`replay`] in layout `L`, which must be the variant's.
pub fn replay_in<L: Layout>(variant: &Variant, moves: &str) -> Result<Game<L>, CliError> {
    let mut game = Game::<L>::new_in(variant.clone());
    game.play_moves(moves).map_err(CliError::input)?;
    Ok(game)
}
