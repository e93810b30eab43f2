//! The options every command uses to choose a variant and its size.

use std::path::PathBuf;

use mancala_core::{Variant, MAX_VARIANT_FILE_BYTES};

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
    /// The variant these options describe, or a message saying what is wrong.
    pub fn variant(&self) -> Result<Variant, CliError> {
        let base = match &self.variant_file {
            Some(path) => {
                let text = read_variant_file(path).map_err(CliError::input)?;
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
    /// Moves to play from the start first, e.g. `3,1` or `"3 1"`: pit
    /// numbers from the mover's own left, or `swap`, separated by commas
    /// and/or spaces.
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

/// Reads a move list (`3,1,swap`, `3 1`: see `mancala_core::parse_moves`)
/// and replays it from the start, naming the first bad move by its place in
/// the list.
pub fn replay(variant: &Variant, moves: &str) -> Result<mancala_core::Game, CliError> {
    let mut game = mancala_core::Game::new(variant.clone());
    game.play_moves(moves).map_err(CliError::input)?;
    Ok(game)
}

/// The text of a variant file, read no further than
/// [`MAX_VARIANT_FILE_BYTES`] and one byte: a longer file (or a device
/// such as `/dev/zero`) is refused, not read to its end.
pub fn read_variant_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("cannot read variant file {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("variant file {}: a folder, not a file", path.display()));
    }
    let mut bytes = Vec::new();
    file.take(MAX_VARIANT_FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() > MAX_VARIANT_FILE_BYTES {
        return Err(format!(
            "variant file {}: larger than {MAX_VARIANT_FILE_BYTES} bytes, the most a variant \
             file may hold",
            path.display()
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("variant file {}: not UTF-8 text", path.display()))
}
