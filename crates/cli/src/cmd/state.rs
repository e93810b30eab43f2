//! `mancala state`: the scriptable oracle. Replays moves and prints one JSON
//! object describing the position (see `docs/notation.md`).

use std::io::Write;

use mancala_core::{with_layout, Layout, Variant};
use mancala_web::StateJson;

use crate::error::CliError;
use crate::lines::{read_line, Line};
use crate::output::{self, outln};

/// The longest line `state --batch` reads, in bytes (1 MiB): the move list
/// of a longer line is not read; the line gets `{"error": ...}`.
pub const MAX_BATCH_LINE_BYTES: usize = 1 << 20;
use crate::variant_args::{replay_in, GameArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Read one move list per line of standard input and print one JSON
    /// object per line (a bad list prints {"error": ...} and goes on).
    #[arg(long, conflicts_with = "moves")]
    pub batch: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.game.variant.variant()?;
    with_layout!(variant.layout(), L => run_in::<L>(&args, &variant))
}

/// [`run`] in the variant's layout `L`.
fn run_in<L: Layout>(args: &Args, variant: &Variant) -> Result<(), CliError> {
    if !args.batch {
        let game = replay_in::<L>(variant, &args.game.moves)?;
        outln!("{}", serde_json::to_string(&StateJson::of(&game)).expect("json"));
        return Ok(());
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut buf = Vec::new();
    let error = |message: String| serde_json::to_string(&serde_json::json!({ "error": message }));
    for number in 1.. {
        let read = read_line(&mut input, &mut buf, MAX_BATCH_LINE_BYTES)
            .map_err(|e| CliError::input(format!("reading standard input: {e}")))?;
        let json = match read {
            Line::End => break,
            Line::TooLong => error(format!(
                "line {number} is longer than {MAX_BATCH_LINE_BYTES} bytes (the longest line \
                 --batch reads)"
            )),
            Line::Text => match std::str::from_utf8(&buf) {
                Err(_) => error(format!("line {number} is not UTF-8 text")),
                Ok(text) => {
                    let line = text.strip_suffix('\n').unwrap_or(text);
                    let line = line.strip_suffix('\r').unwrap_or(line);
                    match replay_in::<L>(variant, line) {
                        Ok(game) => serde_json::to_string(&StateJson::of(&game)),
                        Err(e) => error(e.message),
                    }
                }
            },
        }
        .expect("json");
        writeln!(out, "{json}").map_err(|e| output::error(&e))?;
    }
    out.flush().map_err(|e| output::error(&e))
}
