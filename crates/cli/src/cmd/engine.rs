//! `mancala engine`: the search behind a line protocol on standard input and
//! output, modelled on UCI (see `docs/protocol.md`): standard input read a
//! capped line at a time into `mancala_engine::session::Session`. An
//! endgame database built by `mancala db build` for the variant is used
//! (`--no-db`: not used); finding one, or one that cannot be used, is
//! reported in an `info string` line.

use std::sync::{Arc, Mutex};

use mancala_core::Variant;
use mancala_engine::protocol::MAX_LINE_BYTES;
use mancala_engine::session::{EndgameSource, Flow, FoundEndgame, Out, Session};

use crate::endgame::{Databases, DbArgs};
use crate::error::CliError;
use crate::lines::{read_line, Line};
use crate::variant_args::VariantArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant to start with (the protocol's `variant` changes it).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Transposition table size in MiB, 1 to 65536 (the protocol's `hash` changes it).
    #[arg(long, value_parser = crate::options::table_megabytes, default_value_t = 64)]
    pub hash: usize,
    /// Threads per search, 1 to 256 (the protocol's `threads` changes it).
    /// One thread is deterministic under depth and node limits; more search
    /// in parallel (Lazy SMP; not yet measured stronger at a fixed time:
    /// docs/engine.md).
    #[arg(long, value_parser = crate::options::threads, default_value_t = 1)]
    pub threads: usize,
    /// `on`: a `go` with a time limit is answered from the opening book
    /// where it covers the position (oware, abapa, awari and mankalah at
    /// their usual size); `off`: always search (the protocol's `book`
    /// changes it).
    #[arg(long, value_parser = ["on", "off"], default_value = "on")]
    pub book: String,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.variant.variant()?;
    let out: Out = Arc::new(Mutex::new(Box::new(crate::output::Stdout)));
    let databases = Box::new(Databases::new(args.db));
    let mut engine = Session::new(variant, args.hash, out, databases)
        .map_err(|e| CliError::input(format!("--hash: {e}")))?;
    engine.set_threads(args.threads);
    engine.set_book(args.book == "on");
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::with_capacity(256);
    loop {
        match read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
            Ok(Line::End) => break,
            Ok(Line::Text) => {}
            Ok(Line::TooLong) => {
                engine.error(format!(
                    "the line is longer than {MAX_LINE_BYTES} bytes (the longest line the \
                     engine reads); it was discarded: {:?}",
                    mancala_core::quote(&String::from_utf8_lossy(&buf[..64]))
                ));
                continue;
            }
            Err(e) => {
                engine.error(format!("cannot read the input: {e}"));
                break;
            }
        }
        let text = match std::str::from_utf8(&buf) {
            Ok(t) => t,
            Err(_) => {
                engine.error("the line is not UTF-8 text");
                continue;
            }
        };
        if engine.line(text) == Flow::Quit {
            return Ok(());
        }
    }
    engine.finish();
    Ok(())
}

impl EndgameSource for Databases {
    fn for_variant(&mut self, v: &Variant) -> FoundEndgame {
        let found = Databases::for_variant(self, v);
        FoundEndgame { oracle: found.opened.map(|o| o.oracle), news: found.news }
    }
}
