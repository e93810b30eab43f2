//! `mancala engine`: the search behind a line protocol on standard input and
//! output, modelled on UCI (see `docs/protocol.md`): standard input read a
//! capped line at a time into `mancala_engine::session::Session`, or with
//! `--dialect uci` into `mancala_engine::uci_session::UciSession` (the UCI
//! dialect of Oware engines, Aalina's; abapa by default). An endgame
//! database built by `mancala db build` for the variant is used (`--no-db`:
//! not used); finding one, or one that cannot be used, is reported in an
//! `info string` line.

use std::sync::{Arc, Mutex};

use mancala_core::Variant;
use mancala_engine::protocol::MAX_LINE_BYTES;
use mancala_engine::session::{EndgameSource, Flow, FoundEndgame, Out, Session};
use mancala_engine::uci_session::{UciSession, UciStartError};

use crate::endgame::{Databases, DbArgs};
use crate::error::CliError;
use crate::lines::{read_line, Line};
use crate::variant_args::VariantArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The protocol spoken: `mancala` (docs/protocol.md), or `uci`, the
    /// UCI dialect of Oware engines (Aalina's: `uci`, `position startpos
    /// moves AcBd`, `go movetime MS`, ...), for programs written for them;
    /// it plays variants of 6 pits a side without the pie rule, abapa by
    /// default.
    #[arg(long, value_parser = ["mancala", "uci"], default_value = "mancala")]
    pub dialect: String,
    /// The variant to start with (default kalah, or abapa with --dialect
    /// uci; the protocol's `variant` changes it).
    #[arg(long, short = 'v', conflicts_with = "variant_file")]
    pub variant: Option<String>,
    /// Pits in each player's row (default: the variant's).
    #[arg(long, short = 'p')]
    pub pits_per_side: Option<u32>,
    /// Seeds in each pit at the start (default: the variant's).
    #[arg(long, short = 's')]
    pub seeds: Option<u32>,
    /// A variant file (TOML) to play instead of a built-in variant.
    #[arg(long, value_name = "FILE")]
    pub variant_file: Option<std::path::PathBuf>,
    /// Transposition table size in MiB, 1 to 65536 (the protocol's `hash`,
    /// the dialect's `setoption name Hash`, changes it).
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

/// The engine behind either protocol: a line in, replies out.
trait Engine {
    fn line(&mut self, line: &str) -> Flow;
    fn error(&self, reason: String);
    fn finish(&mut self);
}

impl Engine for Session {
    fn line(&mut self, line: &str) -> Flow {
        Session::line(self, line)
    }
    fn error(&self, reason: String) {
        Session::error(self, reason)
    }
    fn finish(&mut self) {
        Session::finish(self)
    }
}

impl Engine for UciSession {
    fn line(&mut self, line: &str) -> Flow {
        UciSession::line(self, line)
    }
    fn error(&self, reason: String) {
        UciSession::error(self, reason)
    }
    fn finish(&mut self) {
        UciSession::finish(self)
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let uci = args.dialect == "uci";
    let default = if uci { "abapa" } else { "kalah" };
    let variant = VariantArgs {
        variant: args.variant.clone().unwrap_or_else(|| default.to_string()),
        pits_per_side: args.pits_per_side,
        seeds: args.seeds,
        variant_file: args.variant_file.clone(),
    };
    // The protocol plays every board; the UCI dialect's are compact.
    let variant = if uci {
        variant.compact_variant("mancala engine --dialect uci")?
    } else {
        variant.variant()?
    };
    let out: Out = Arc::new(Mutex::new(Box::new(crate::output::Stdout)));
    let databases = Box::new(Databases::new(args.db));
    let book = args.book == "on";
    let mut engine: Box<dyn Engine> = if uci {
        let mut engine =
            UciSession::new(variant, args.hash, out, databases).map_err(|e| match e {
                UciStartError::Variant(why) => {
                    CliError::input(format!("--dialect uci cannot play this variant: {why}"))
                }
                UciStartError::Table(e) => CliError::input(format!("--hash: {e}")),
            })?;
        engine.set_threads(args.threads);
        engine.set_book(book);
        Box::new(engine)
    } else {
        let mut engine = Session::new(variant, args.hash, out, databases)
            .map_err(|e| CliError::input(format!("--hash: {e}")))?;
        engine.set_threads(args.threads);
        engine.set_book(book);
        Box::new(engine)
    };
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
                engine.error("the line is not UTF-8 text".into());
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
