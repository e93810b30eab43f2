//! Standard output for every command, and what a closed pipe does.
//!
//! When the program reading a command's output goes away
//! (`mancala perft | head -1`), the command ends quietly at its next write
//! with status [`CLOSED`], 141: 128 + SIGPIPE's number, the status the
//! shell shows for `cat` and the other tools that SIGPIPE ends. Rust
//! programs ignore SIGPIPE, so the write fails instead, and `println!`
//! panics on that: the commands print with [`outln!`] and [`out!`]
//! (`println!` and `print!` are denied in this crate, `clippy.toml`).
//! `db build` and `play` check their writes themselves, to keep their
//! finished layers and to save the game first ([`is_closed`]); `engine`
//! writes through [`Stdout`], `mankalah` checks with [`exit_if_closed`].
//! Any other failure to write ends a command with a message and status 1
//! (the protocols go on, as before).

use std::fmt;
use std::io::{self, Write};

use crate::error::{CliError, FAILURE};

/// The exit status of a command whose output was closed: 128 + 13
/// (SIGPIPE).
pub const CLOSED: i32 = 141;

/// Whether `e` says that the reader of the output has gone.
pub fn is_closed(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// The error of a failed write to standard output, for a command to
/// return; when the reader has gone, the process ends here, quietly, with
/// status [`CLOSED`].
pub fn error(e: &io::Error) -> CliError {
    exit_if_closed(e);
    CliError::failure(format!("cannot write to standard output: {e}"))
}

/// Ends the process after a failed write to standard output: quietly with
/// status [`CLOSED`] when the reader has gone, else with a message and
/// status 1. From any thread (a search's report callback too).
pub fn failed(e: &io::Error) -> ! {
    let e = error(e);
    let _ = writeln!(io::stderr(), "mancala: {}", e.message);
    std::process::exit(FAILURE);
}

/// Writes `args` to standard output and flushes it.
pub fn try_print(args: fmt::Arguments) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)?;
    out.flush()
}

/// Writes `args` to standard output and flushes it; a failure ends the
/// process ([`failed`]).
pub fn print(args: fmt::Arguments) {
    if let Err(e) = try_print(args) {
        failed(&e);
    }
}

/// `println!` for the commands: [`print()`] and a new line.
macro_rules! outln {
    () => {
        $crate::output::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the commands: [`print()`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::print(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};

/// Standard output as a writer, for the protocols (`engine`), which write
/// through one: when the reader has gone, a write ends the process
/// quietly with status [`CLOSED`]; other errors are returned.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stdout().write(buf).inspect_err(exit_if_closed)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stdout().flush().inspect_err(exit_if_closed)
    }
}

/// Ends the process quietly with status [`CLOSED`] when `e` says that the
/// reader of the output has gone.
pub fn exit_if_closed(e: &io::Error) {
    if is_closed(e) {
        std::process::exit(CLOSED);
    }
}
