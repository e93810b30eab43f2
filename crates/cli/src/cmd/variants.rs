//! `mancala variants`: the built-in variants.

use mancala_core::Variant;

use crate::error::CliError;
use crate::output::{out, outln};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print this variant's rules as a variant file (TOML) to start your own from.
    #[arg(long, value_name = "NAME")]
    pub show: Option<String>,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(name) = args.show {
        let v = Variant::preset(&name).map_err(CliError::input)?;
        out!("{}", v.rules().to_toml());
        return Ok(());
    }
    let presets = Variant::presets();
    let width = presets.iter().map(|v| v.name().len()).max().unwrap_or(0);
    for v in presets {
        let r = v.rules();
        outln!(
            "{:width$}  {}x{:<2}  {}",
            v.name(),
            r.board.pits_per_side,
            r.board.seeds_per_pit,
            r.description
        );
    }
    Ok(())
}
