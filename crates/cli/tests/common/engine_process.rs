//! `mancala engine` as a child process driven over pipes, in either of its
//! dialects: lines sent to its standard input, its standard output read a
//! line at a time on a thread of its own.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::Sandbox;

/// How long a reply may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// A running `mancala engine`, killed when dropped.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    _home: Sandbox,
}

impl EngineProcess {
    /// `mancala engine ARGS` with a home folder of its own.
    pub fn start(args: &[&str]) -> EngineProcess {
        let home = Sandbox::new();
        let cmd = home.mancala();
        EngineProcess::spawn(cmd, home, args)
    }

    /// The engine under an address-space limit ([`super::LIMITED_KIB`]).
    pub fn start_limited(args: &[&str]) -> EngineProcess {
        let home = Sandbox::new();
        let cmd = super::mancala_limited(home.path(), super::LIMITED_KIB);
        EngineProcess::spawn(cmd, home, args)
    }

    fn spawn(mut cmd: Command, home: Sandbox, args: &[&str]) -> EngineProcess {
        let mut child = cmd
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start mancala engine");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        EngineProcess { child, stdin, lines, _home: home }
    }

    /// Writes `bytes` to the engine's input.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The next line the engine writes.
    pub fn next(&mut self) -> String {
        self.lines
            .recv_timeout(TIMEOUT)
            .unwrap_or_else(|e| panic!("no line from the engine within {TIMEOUT:?}: {e}"))
    }

    /// Every line up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self.lines.recv_timeout(TIMEOUT).unwrap_or_else(|e| {
                panic!("no line starting with {prefix:?} within {TIMEOUT:?} ({e}); got {got:?}")
            });
            let done = line.starts_with(prefix);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// Sends a line, then `isready`; returns what came before `readyok`.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut got = self.until("readyok");
        got.pop();
        got
    }

    /// Closes the engine's input and waits for it to end: the lines it
    /// still wrote, and its exit status.
    pub fn close_and_wait(mut self) -> (Vec<String>, Option<i32>) {
        self.stdin.take();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(start.elapsed() < TIMEOUT, "the engine did not end after its input closed");
            std::thread::sleep(Duration::from_millis(10));
        };
        // The reader thread may still be reading what the engine wrote
        // before it ended: everything until the pipe closes.
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(TIMEOUT) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!("the engine's output did not close"),
            }
        }
        (rest, status.code())
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
