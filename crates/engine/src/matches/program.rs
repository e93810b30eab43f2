//! An external program a match plays (`cmd:` and `uci:` players): started
//! as a child process, written to a line at a time and read through a
//! bounded queue of lines; its standard error is the match's. Dropping it
//! sends `quit` (both protocols' word for it) and kills the program if it
//! is still running 2 s later.

use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::lines::{read_line, Line};
use crate::protocol::MAX_LINE_BYTES;

/// Lines read from an external program and not yet looked at, at most.
const LINE_QUEUE: usize = 1024;

/// A running program and the lines it writes.
pub struct Program {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Program {
    /// Starts the program `words[0]` with the arguments `words[1..]`, in
    /// the folder `dir` if one is given (else in this process's).
    pub fn start(words: &[String], dir: Option<&Path>) -> Result<Program, String> {
        let name = words.join(" ");
        let Some(program) = words.first() else {
            return Err("no program given".into());
        };
        let mut command = std::process::Command::new(program);
        command.args(&words[1..]).stdin(Stdio::piped()).stdout(Stdio::piped());
        command.stderr(Stdio::inherit());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| match dir {
            Some(dir) => format!("cannot start {name:?} in {}: {e}", dir.display()),
            None => format!("cannot start {name:?}: {e}"),
        })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        // Bounded: a program that talks faster than it is listened to
        // waits (its pipe fills) instead of filling this process's memory;
        // a line longer than the protocol's longest is skipped unread.
        let (tx, lines) = std::sync::mpsc::sync_channel(LINE_QUEUE);
        std::thread::spawn(move || {
            let mut input = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                match read_line(&mut input, &mut buf, MAX_LINE_BYTES) {
                    Ok(Line::Text) => {}
                    Ok(Line::TooLong) => continue,
                    Ok(Line::End) | Err(_) => break,
                }
                let text = String::from_utf8_lossy(&buf);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Program { name, child, stdin, lines })
    }

    /// The program and its arguments, for messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{:?} stopped listening ({e})", self.name))
    }

    /// The next line the program writes, if it comes before `deadline`:
    /// [`Waited::Timeout`] when it does not (checked before every line, so
    /// that a program that never stops talking still runs out of time),
    /// [`Waited::Ended`] when the program closed its output.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, Waited> {
        let wait = deadline.saturating_duration_since(Instant::now());
        if wait.is_zero() {
            return Err(Waited::Timeout);
        }
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Waited::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Waited::Ended),
        }
    }

    /// How the program ended, for messages: ` (exit status N)` once it
    /// has (waiting a little for it), else nothing.
    pub fn exit_status(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return match status.code() {
                    Some(code) => format!(" (exit status {code})"),
                    None => format!(" ({status})"),
                };
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        String::new()
    }
}

/// Why no line came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// The deadline passed.
    Timeout,
    /// The program closed its output (it ended, most likely).
    Ended,
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
