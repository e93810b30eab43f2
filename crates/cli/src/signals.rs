//! Ctrl-C (SIGINT) and SIGTERM for the whole binary, in one place. Every
//! command ends with status 128 + the signal's number (130 for Ctrl-C, 143
//! for SIGTERM), never killed by the signal:
//!
//! - commands with something to save (`solve`, `db build`) take a [`Stop`]:
//!   the first signal sets its flag, the work stops within a fraction of a
//!   second keeping what it has finished, and the command exits with
//!   [`Stop::code`]; a second signal ends the process at once;
//! - the others ([`exit_on_signals`]) end at once: they have nothing to
//!   save;
//! - the console game saves the game first ([`on_signals`], called from
//!   `cmd/play.rs`), and ends with 129 when its terminal closes (SIGHUP).
//!
//! A closed output (SIGPIPE, which Rust programs ignore) ends a command
//! with 141 at its next write: `output.rs`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// SIGINT's number on every platform Rust runs on; SIGTERM's on Unix.
const SIGINT: usize = 2;
#[cfg(unix)]
const SIGTERM: usize = 15;

/// The stop flag of a command that stops cleanly, and the signal that set it.
#[derive(Clone)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

impl Stop {
    /// The flag to hand to the work (set by the first signal).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.flag)
    }

    /// The exit status after a stop: 128 + the signal's number.
    pub fn code(&self) -> i32 {
        match self.signal.load(Ordering::SeqCst) {
            0 => 128 + SIGINT as i32,
            s => 128 + s as i32,
        }
    }

    /// What stopped the command, for its last message.
    pub fn why(&self) -> &'static str {
        #[cfg(unix)]
        if self.signal.load(Ordering::SeqCst) == SIGTERM {
            return "stopped (SIGTERM)";
        }
        "interrupted"
    }
}

/// Signals set the returned flag (a second one ends the process at once).
pub fn stop_on_signals() -> Stop {
    let stop =
        Stop { flag: Arc::new(AtomicBool::new(false)), signal: Arc::new(AtomicUsize::new(0)) };
    #[cfg(unix)]
    {
        use signal_hook::flag;
        for signal in [SIGINT, SIGTERM] {
            let s = signal as i32;
            // In this order: a signal that finds the flag set already ends
            // the process; otherwise it records itself and sets the flag.
            let _ = flag::register_conditional_shutdown(s, 128 + s, stop.flag());
            let _ = flag::register_usize(s, Arc::clone(&stop.signal), signal);
            let _ = flag::register(s, stop.flag());
        }
    }
    #[cfg(not(unix))]
    {
        let flag = stop.flag();
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    stop
}

/// Signals end the process at once, with 128 + the signal's number.
pub fn exit_on_signals() {
    #[cfg(unix)]
    {
        let always = Arc::new(AtomicBool::new(true));
        for signal in [SIGINT, SIGTERM] {
            let s = signal as i32;
            let _ = signal_hook::flag::register_conditional_shutdown(s, 128 + s, always.clone());
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrlc::set_handler(|| std::process::exit(130));
    }
}

/// Runs `then` on a thread of its own when SIGINT, SIGTERM or SIGHUP
/// (Unix) arrives, with the exit status the signal calls for (128 + its
/// number) and what happened, in the console's words.
pub fn on_signals(then: impl FnOnce(i32, &'static str) + Send + 'static) {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let why = match signal {
                    SIGHUP => "\nThe terminal closed",
                    SIGTERM => "\nStopped",
                    _ => "\nInterrupted",
                };
                then(128 + signal, why);
            }
        });
    }
    #[cfg(not(unix))]
    {
        let then = std::sync::Mutex::new(Some(then));
        let _ = ctrlc::set_handler(move || {
            if let Some(then) = then.lock().unwrap_or_else(|e| e.into_inner()).take() {
                then(130, "\nInterrupted");
            }
        });
    }
}
