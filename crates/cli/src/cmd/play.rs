//! `mancala play`: the console game. The game itself is the state machine in
//! `play/session.rs` (its set-up questions in `play/session/setup.rs`); this
//! file moves lines between it and the terminal, saves the game when input
//! ends or Ctrl-C arrives, and reads the options.

mod board;
mod input;
mod record;
mod save_file;
mod session;

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use mancala_core::with_layout;

use crate::endgame::{Databases, DbArgs};
use crate::error::CliError;
use crate::invocation::Invocation;
use crate::output;
use crate::variant_args::VariantArgs;

use record::{PlayerKind, Record, RecordFile};
use save_file::Autosave;
use session::{AnySession, Session, Setup, Step};

pub use board::NBSP;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A built-in variant (see `mancala variants`); asked if not given.
    #[arg(long, short = 'v')]
    pub variant: Option<String>,
    /// Pits in each player's row; asked if not given.
    #[arg(long, short = 'p')]
    pub pits_per_side: Option<u32>,
    /// Seeds in each pit at the start; asked if not given.
    #[arg(long, short = 's')]
    pub seeds: Option<u32>,
    /// A variant file (TOML) to play instead of a built-in variant.
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub variant_file: Option<PathBuf>,
    /// Who plays Player 1 (South), the lower row: human, computer or
    /// computer:LEVEL (1-10).
    #[arg(long, value_name = "PLAYER")]
    pub south: Option<PlayerKind>,
    /// Who plays Player 2 (North), the upper row: human, computer or
    /// computer:LEVEL (1-10).
    #[arg(long, value_name = "PLAYER")]
    pub north: Option<PlayerKind>,
    /// Seed for the computer players' choices (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Go on with the game saved when the last one was left unfinished.
    #[arg(long, conflicts_with_all = ["variant", "variant_file", "pits_per_side", "seeds", "load"])]
    pub resume: bool,
    /// Go on with a game saved by `save FILE`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "variant_file", "pits_per_side", "seeds"])]
    pub load: Option<PathBuf>,
    /// Where an unfinished game is saved on quit, end of input or Ctrl-C
    /// [default: $MANCALA_AUTOSAVE, else $XDG_STATE_HOME/mancala/autosave.game,
    /// else ~/.local/state/mancala/autosave.game].
    #[arg(long, value_name = "FILE")]
    pub autosave: Option<PathBuf>,
    /// Milliseconds to wait before each move when the computer plays both
    /// sides, so the game can be watched [default: 1000 on a terminal, 0
    /// otherwise].
    #[arg(long, value_name = "MS")]
    pub delay: Option<u64>,
    /// Endgame databases: the computer (level 6 and up) and `hint` use the
    /// one built by `mancala db build` for the variant, if any.
    #[command(flatten)]
    pub db: DbArgs,
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn small(value: Option<u32>, what: &str) -> Result<Option<u8>, CliError> {
    value
        .map(|v| {
            u8::try_from(v).map_err(|_| {
                CliError::input(format!("{what} {v} is far too large for any variant"))
            })
        })
        .transpose()
}

/// How the session begins: from a saved game, or from the set-up.
enum Opening {
    /// The record in `path`; `resumed` when it is the autosave.
    Record { path: PathBuf, resumed: bool },
    /// A new game, asking what `setup` leaves open.
    New { setup: Box<Setup>, seed: u64 },
}

/// What the options ask for. A saved game is read in the layout of its
/// board; a new game is set up in the compact layout and goes on in the
/// wide one if its size needs it ([`AnySession`]).
fn opening_from_args(args: Args, autosave: &Autosave) -> Result<Opening, CliError> {
    if args.resume || args.load.is_some() {
        let (path, resumed) = match args.load {
            Some(p) => (p, false),
            None => (autosave.path.clone(), true),
        };
        if resumed && !path.exists() {
            return Err(CliError::input(format!(
                "there is no unfinished game to resume ({} does not exist)",
                path.display()
            )));
        }
        return Ok(Opening::Record { path, resumed });
    }
    let pits = small(args.pits_per_side, "--pits-per-side")?;
    let seeds = small(args.seeds, "--seeds")?;
    let players = [args.south, args.north];
    let mut setup = Setup { players, pits, seeds, ..Setup::default() };
    if args.variant.is_some() || args.variant_file.is_some() {
        let options = VariantArgs {
            variant: args.variant.clone().unwrap_or_else(|| "kalah".into()),
            pits_per_side: args.pits_per_side,
            seeds: args.seeds,
            variant_file: args.variant_file.clone(),
        };
        // At its size, so that a bad option stops before any question.
        options.variant()?;
        let base = VariantArgs { pits_per_side: None, seeds: None, ..options }.variant()?;
        setup.variant = Some(base);
    }
    // Sizes given without a variant are checked once it is chosen.
    let seed = args.seed.unwrap_or_else(clock_seed);
    Ok(Opening::New { setup: Box::new(setup), seed })
}

/// The session `opening` begins: a saved game in the layout of its board,
/// or a new game's set-up.
fn session_for(
    opening: Opening,
    players: [Option<PlayerKind>; 2],
    autosave: Autosave,
) -> Result<AnySession, CliError> {
    match opening {
        Opening::Record { path, resumed } => {
            let layout = record::layout_of_file(&path).map_err(CliError::input)?;
            with_layout!(layout, L => {
                let record = Record::<L>::load(&path).map_err(CliError::input)?;
                Ok(Session::resume(record, players, autosave, resumed).into())
            })
        }
        Opening::New { setup, seed } => Ok(AnySession::new(*setup, seed, autosave)),
    }
}

/// What an interruption saves: the record of the unfinished game, kept up
/// to date by the main loop.
struct Shared {
    record: Option<String>,
    autosave: Autosave,
}

/// Saves the game (if one is on), says so, and ends the process with
/// status 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM).
fn interrupted(shared: &Mutex<Shared>, why: &str, code: i32) -> ! {
    let s = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let message = match &s.record {
        Some(text) => session::save_message(why, &s.autosave, text),
        None => format!("{why}; no game was started."),
    };
    let message = board::fit(&message, terminal_width());
    // The terminal may be gone (SIGHUP): the save above is what matters.
    // When the output alone is closed, the message goes to standard error.
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{message}").and_then(|()| out.flush()).is_err() {
        let _ = writeln!(std::io::stderr(), "{message}");
    }
    std::process::exit(code);
}

/// Ctrl-C (SIGINT), a kill (SIGTERM) and the terminal closing (SIGHUP)
/// save the game first.
fn on_signals(shared: Arc<Mutex<Shared>>) {
    crate::signals::on_signals(move |code, why| interrupted(&shared, why, code));
}

/// The width of the terminal the game is shown on; `None` when the output
/// is not a terminal (or one too narrow to be real).
fn terminal_width() -> Option<usize> {
    terminal_size::terminal_size()
        .map(|(terminal_size::Width(w), _)| usize::from(w))
        .filter(|&w| w >= 20)
}

pub fn run(args: Args) -> Result<(), CliError> {
    let autosave = Autosave::new(args.autosave.clone(), Invocation::current());
    if let (Some(dir), Some(name)) = (autosave.path.parent(), autosave.path.file_name()) {
        let dir = if dir.as_os_str().is_empty() { std::path::Path::new(".") } else { dir };
        save_file::remove_stale_temporaries(dir, &name.to_string_lossy());
    }
    let delay = std::time::Duration::from_millis(args.delay.unwrap_or_else(|| {
        if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
            1000
        } else {
            0
        }
    }));
    let databases = Databases::new(args.db.clone());
    let players = [args.south, args.north];
    let opening = opening_from_args(args, &autosave)?;
    let mut session = session_for(opening, players, autosave.clone())?;
    session.set_databases(databases);
    run_session(session, autosave, delay)
}

/// The game loop: `session`'s text to the terminal, the player's lines to
/// it, until it ends.
fn run_session(
    mut session: AnySession,
    autosave: Autosave,
    delay: std::time::Duration,
) -> Result<(), CliError> {
    let shared = Arc::new(Mutex::new(Shared { record: None, autosave }));
    on_signals(Arc::clone(&shared));

    let mut out = anstream::stdout();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // When the reader of the output has gone (`mancala play | head`), the
    // game is saved as on a signal, and the command ends quietly with
    // status 141 (`output`).
    let show = |out: &mut anstream::Stdout, text: &str| -> Result<(), CliError> {
        out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| {
            if output::is_closed(&e) {
                interrupted(&shared, "The output closed", output::CLOSED);
            }
            CliError::failure(format!("writing to the terminal: {e}"))
        })
    };
    loop {
        if let Ok(mut s) = shared.lock() {
            s.record = session.unfinished_record_text();
        }
        session.set_width(terminal_width());
        match session.step() {
            Step::Ask(text) => {
                show(&mut out, &text)?;
                match input::read_line(&mut input) {
                    Ok(Some(line)) => session.answer(line),
                    Ok(None) => {
                        let text = session.leave("\nEnd of input");
                        show(&mut out, &text)?;
                        return Ok(());
                    }
                    Err(e) => {
                        let text = session.leave(&format!("\nCannot read the input ({e})"));
                        show(&mut out, &text)?;
                        return Err(CliError::failure("the game stopped: input could not be read"));
                    }
                }
            }
            Step::Think(text) => {
                show(&mut out, &text)?;
                if session.computer_only() {
                    std::thread::sleep(delay);
                }
                session.play_computer();
            }
            Step::End(text) => {
                show(&mut out, &text)?;
                return Ok(());
            }
        }
    }
}
