//! `mancala perft`: leaves of the game tree by depth.

use std::time::Instant;

use crate::error::CliError;
use crate::output::outln;
use mancala_core::{with_layout, Layout, Variant};

use crate::variant_args::{replay_in, GameArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Deepest depth to count, 1 to 40 (one ply = one move: a sowing, `3`
    /// or `3cw`, a bonus take, `t5`, or a swap).
    #[arg(long, short = 'd', default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Also list the leaves below each legal move at the deepest depth.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.game.variant.variant()?;
    with_layout!(variant.layout(), L => run_in::<L>(&args, &variant))
}

/// [`run`] in the variant's layout `L`.
fn run_in<L: Layout>(args: &Args, variant: &Variant) -> Result<(), CliError> {
    let mut game = replay_in::<L>(variant, &args.game.moves)?;
    outln!(
        "perft {} {}x{} from {}",
        variant.name(),
        variant.pits_per_row(),
        variant.seeds_per_pit(),
        game.position()
    );
    for depth in 1..=args.depth {
        let t = Instant::now();
        let leaves = game.perft(depth);
        let secs = t.elapsed().as_secs_f64();
        outln!(
            "depth {depth:2}  leaves {leaves:>16}  {:>8.3} s  {:>12.0} leaves/s",
            secs,
            leaves as f64 / secs.max(1e-9)
        );
    }
    if args.divide {
        for &mv in game.legal_moves().iter() {
            game.play_unchecked(mv);
            let leaves = game.perft(args.depth.saturating_sub(1));
            game.undo();
            outln!("{mv}: {leaves}");
        }
    }
    Ok(())
}
