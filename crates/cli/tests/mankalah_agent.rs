//! `mancala mankalah` against a referee written here from the Manchester
//! Kalah(7,7) rules, independently of `mancala_core`: the exact message
//! protocol, the swap that does not mirror the board, every move checked.
//! The agent plays as South and as North, with and without swaps, against
//! random opponents, and must win and never report a disagreement between
//! its own record and the states it is sent.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const NORTH: usize = 0;
const SOUTH: usize = 1;
const HOLES: usize = 7;

/// A Manchester board: `h[side][0..7]` are holes 1 to 7, `h[side][7]` the
/// store. Rows belong to the sides (North, South), not to the agents.
#[derive(Clone, Debug)]
struct Board {
    h: [[u32; 8]; 2],
}

impl Board {
    fn new() -> Board {
        let mut row = [7; 8];
        row[7] = 0;
        Board { h: [row, row] }
    }

    /// North's holes and store, then South's.
    fn state(&self) -> String {
        let all: Vec<String> =
            self.h[NORTH].iter().chain(self.h[SOUTH].iter()).map(u32::to_string).collect();
        all.join(",")
    }

    fn legal(&self, side: usize) -> Vec<usize> {
        (1..=HOLES).filter(|&k| self.h[side][k - 1] > 0).collect()
    }

    /// Sows hole `hole` (1..=7) of `side`; returns whether `side` moves again.
    fn sow(&mut self, side: usize, hole: usize, first_move: bool) -> bool {
        let other = 1 - side;
        let mut seeds = std::mem::take(&mut self.h[side][hole - 1]);
        assert!(seeds > 0);
        let (mut s, mut i) = (side, hole - 1);
        while seeds > 0 {
            // Counter-clockwise: own holes, own store, the opponent's holes
            // (never the opponent's store), own holes again.
            (s, i) = match (s == side, i) {
                (true, 7) => (other, 0),
                (true, k) => (side, k + 1),
                (false, 6) => (side, 0),
                (false, k) => (other, k + 1),
            };
            self.h[s][i] += 1;
            seeds -= 1;
        }
        if s == side && i == 7 {
            return !first_move;
        }
        let opposite = HOLES - 1 - i;
        if s == side && self.h[side][i] == 1 && self.h[other][opposite] > 0 {
            self.h[side][7] += 1 + std::mem::take(&mut self.h[other][opposite]);
            self.h[side][i] = 0;
        }
        false
    }

    /// Either side empty ends the game; the other collects its seeds.
    fn finish_if_over(&mut self) -> bool {
        let empty = |row: &[u32; 8]| row[..HOLES].iter().all(|&c| c == 0);
        if !empty(&self.h[NORTH]) && !empty(&self.h[SOUTH]) {
            return false;
        }
        for row in &mut self.h {
            let rest: u32 = row[..HOLES].iter().sum();
            row[..HOLES].fill(0);
            row[7] += rest;
        }
        true
    }
}

/// A tiny deterministic generator for the random opponents.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// What the opponent does when it is North and may swap.
#[derive(Clone, Copy, PartialEq)]
enum OppSwap {
    Never,
    Always,
}

struct Agent {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
    _home: common::Sandbox,
}

impl Agent {
    fn start() -> Agent {
        Agent::start_with(&["--nodes", "20000"])
    }

    fn start_with(args: &[&str]) -> Agent {
        let home = common::Sandbox::new();
        let mut child = home
            .mancala()
            .args(["mankalah", "--hash", "16"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut err = child.stderr.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            text
        });
        let stdin = child.stdin.take();
        Agent { child, stdin, lines, stderr, _home: home }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn reply(&mut self) -> String {
        self.lines.recv_timeout(Duration::from_secs(30)).expect("the agent answers in time")
    }

    /// Closes the input; returns the exit status and standard error.
    fn finish(mut self) -> (Option<i32>, String) {
        self.stdin.take();
        let status = self.child.wait().unwrap();
        let rest: Vec<String> = self.lines.try_iter().collect();
        assert!(rest.is_empty(), "the agent said more than it should: {rest:?}");
        (status.code(), self.stderr.join().unwrap())
    }
}

/// How a refereed game went.
struct Played {
    /// Final stores: the agent's, the opponent's.
    agent_store: u32,
    opp_store: u32,
    agent_swapped: bool,
    opp_swapped: bool,
    agent_moves: usize,
    stderr: String,
}

/// Referees one game between the agent and a random opponent. `garbage`
/// sends malformed messages along the way.
fn referee(
    agent_starts_south: bool,
    first_hole: Option<usize>,
    swap: OppSwap,
    seed: u64,
    garbage: bool,
) -> Played {
    let mut agent = Agent::start();
    let mut rng = Lcg(seed);
    let mut board = Board::new();
    // Manchester sides: the agent's changes when someone swaps.
    let mut agent_side = if agent_starts_south { SOUTH } else { NORTH };
    let mut to_move = SOUTH;
    let mut moves = 0;
    let (mut agent_swapped, mut opp_swapped) = (false, false);
    let mut agent_moves = 0;
    agent.send(if agent_starts_south { "START;South" } else { "START;North" });
    if garbage {
        agent.send("HELLO");
        agent.send("");
        agent.send("CHANGE;9;1,2,3;YOU");
        agent.send("START;East");
    }
    loop {
        let can_swap = moves == 1 && to_move == NORTH;
        let agent_turn = to_move == agent_side;
        // None: swap; Some(hole): a move.
        let action: Option<usize> = if agent_turn {
            let line = agent.reply();
            agent_moves += 1;
            if line == "SWAP" {
                assert!(can_swap, "the agent swapped when it may not: {}", board.state());
                None
            } else {
                let hole: usize = line
                    .strip_prefix("MOVE;")
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("not a move message: {line:?}"));
                assert!(
                    board.legal(to_move).contains(&hole),
                    "illegal move {hole} by the agent in {}",
                    board.state()
                );
                Some(hole)
            }
        } else if can_swap && swap == OppSwap::Always {
            None
        } else {
            let legal = board.legal(to_move);
            Some(match (moves, first_hole) {
                (0, Some(h)) => h,
                _ => legal[rng.below(legal.len())],
            })
        };
        match action {
            None => {
                // The swapper becomes South; the other agent becomes North
                // and moves next. Only the other agent is told.
                if agent_turn {
                    agent_swapped = true;
                    agent_side = SOUTH;
                } else {
                    opp_swapped = true;
                    agent_side = NORTH;
                    agent.send(&format!("CHANGE;SWAP;{};YOU", board.state()));
                }
                to_move = NORTH;
            }
            Some(hole) => {
                let again = board.sow(to_move, hole, moves == 0);
                if board.finish_if_over() {
                    agent.send(&format!("CHANGE;{hole};{};END", board.state()));
                    agent.send("END");
                    break;
                }
                if !again {
                    to_move = 1 - to_move;
                }
                let who = if to_move == agent_side { "YOU" } else { "OPP" };
                agent.send(&format!("CHANGE;{hole};{};{who}", board.state()));
                if garbage && moves % 7 == 3 {
                    agent.send("CHANGE;1;7,7;OPP");
                    agent.send("MOVE;3");
                    agent.send("\u{0}\u{ff}weird");
                }
            }
        }
        moves += 1;
        assert!(moves < 1000, "the game does not end");
    }
    let (code, stderr) = agent.finish();
    assert_eq!(code, Some(0), "the agent must exit cleanly after END: {stderr}");
    Played {
        agent_store: board.h[agent_side][7],
        opp_store: board.h[1 - agent_side][7],
        agent_swapped,
        opp_swapped,
        agent_moves,
        stderr,
    }
}

fn check_clean_win(p: &Played, what: &str) {
    assert!(p.stderr.trim().is_empty(), "{what}: the agent reported problems:\n{}", p.stderr);
    assert_eq!(p.agent_store + p.opp_store, 98, "{what}");
    assert!(
        p.agent_store > p.opp_store,
        "{what}: the agent lost to random play {} to {}",
        p.agent_store,
        p.opp_store
    );
    assert!(p.agent_moves > 3, "{what}");
}

#[test]
fn as_south_against_random_play_without_swap() {
    for seed in 1..=3 {
        let p = referee(true, None, OppSwap::Never, seed, false);
        check_clean_win(&p, &format!("south, seed {seed}"));
        assert!(!p.opp_swapped && !p.agent_swapped);
    }
}

#[test]
fn as_south_when_north_swaps() {
    for seed in 4..=6 {
        let p = referee(true, None, OppSwap::Always, seed, false);
        check_clean_win(&p, &format!("south swapped, seed {seed}"));
        assert!(p.opp_swapped);
    }
}

#[test]
fn as_north_after_every_first_move() {
    // South's seven possible first moves: the agent, as North, swaps after
    // some and plays on after others.
    let mut swapped = Vec::new();
    for hole in 1..=HOLES {
        let p = referee(false, Some(hole), OppSwap::Never, 100 + hole as u64, false);
        check_clean_win(&p, &format!("north after {hole}"));
        swapped.push(p.agent_swapped);
    }
    assert!(swapped.iter().any(|&s| s), "the agent never swapped: {swapped:?}");
    assert!(swapped.iter().any(|&s| !s), "the agent always swapped: {swapped:?}");
}

#[test]
fn malformed_messages_are_reported_and_ignored() {
    let p = referee(true, None, OppSwap::Always, 9, true);
    assert!(p.agent_store > p.opp_store);
    assert!(p.stderr.contains("cannot read message \"HELLO\""), "{}", p.stderr);
    assert!(p.stderr.contains("START names side \"East\""), "{}", p.stderr);
}

#[test]
fn end_of_input_or_garbage_only_ends_cleanly() {
    let mut agent = Agent::start();
    agent.send("START;South");
    let first = agent.reply();
    assert!(first.starts_with("MOVE;"), "{first}");
    let (code, _) = agent.finish();
    assert_eq!(code, Some(0));

    let mut agent = Agent::start();
    agent.send(";;;");
    agent.send("CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU");
    agent.send("END;now");
    agent.send("END");
    let (code, stderr) = agent.finish();
    assert_eq!(code, Some(0));
    assert!(stderr.contains("before START"), "{stderr}");
}

/// The best move of the shipped opening book at the start of Kalah(7,7):
/// the first `MOVE:SCORE` of the book's line for the start position.
fn book_first_move() -> String {
    let book = include_str!("../../engine/books/mankalah.txt");
    let start = "7,7,7,7,7,7,7:0/7,7,7,7,7,7,7:0/S+opening ";
    let line = book.lines().find(|l| l.starts_with(start)).expect("the book holds the start");
    let best = line[start.len()..].split_whitespace().next().unwrap();
    best.split(':').next().unwrap().to_string()
}

/// Playing by the clock, the agent answers the book's best move at once
/// (its report says so); with `--book off`, or with a node limit, it
/// searches from the first move.
#[test]
fn by_the_clock_the_opening_book_gives_the_first_moves() {
    let mut agent = Agent::start_with(&["--budget", "30", "--verbose"]);
    agent.send("START;South");
    let first = agent.reply();
    let (code, stderr) = agent.finish();
    assert_eq!(code, Some(0));
    assert_eq!(first, format!("MOVE;{}", book_first_move()), "{stderr}");
    assert!(stderr.contains("book, score"), "{stderr}");

    for args in
        [&["--budget", "30", "--verbose", "--book", "off"][..], &["--nodes", "20000", "--verbose"]]
    {
        let mut agent = Agent::start_with(args);
        agent.send("START;South");
        let reply = agent.reply();
        let (code, stderr) = agent.finish();
        assert_eq!(code, Some(0));
        assert!(reply.starts_with("MOVE;"), "{reply}");
        assert!(stderr.contains("nodes") && !stderr.contains("book"), "{args:?}: {stderr}");
    }
}
