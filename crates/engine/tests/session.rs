//! The engine session behind `mancala engine`: clocks (`go southtime ...`),
//! pondering (`go ponder`, `ponderhit`) and the time each move may take
//! (`GameClock`).

use std::time::{Duration, Instant};

use mancala_core::{Game, Position, Variant};
use mancala_engine::search::{GameClock, CLOCK_SAFETY};
use mancala_engine::session::{NoEndgame, Session, Transcript};

/// What the session answered.
trait Answers {
    fn bestmoves(&self) -> usize;
    fn wait_for_bestmoves(&self, n: usize) -> Duration;
}

impl Answers for Transcript {
    fn bestmoves(&self) -> usize {
        self.lines().iter().filter(|l| l.starts_with("bestmove")).count()
    }

    /// Waits (at most 30 s) for the `n`th `bestmove`.
    fn wait_for_bestmoves(&self, n: usize) -> Duration {
        let started = Instant::now();
        while self.bestmoves() < n {
            assert!(started.elapsed() < Duration::from_secs(30), "no bestmove: {:?}", self.lines());
            std::thread::sleep(Duration::from_millis(1));
        }
        started.elapsed()
    }
}

fn session(variant: &str) -> (Session, Transcript) {
    let replies = Transcript::default();
    let v = Variant::preset(variant).unwrap();
    (Session::new(v, 16, replies.out(), Box::new(NoEndgame)).unwrap(), replies)
}

fn clock(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> GameClock {
    GameClock {
        remaining: Duration::from_millis(remaining_ms),
        increment: Duration::from_millis(increment_ms),
        moves_to_go,
    }
}

/// A move's share of the clock: the time left over the moves expected,
/// plus most of the increment; at most a third of what is left, never the
/// last 50 ms; fewer seeds in the pits (fewer moves to come) get more.
#[test]
fn a_move_takes_its_share_of_the_clock() {
    let v = Variant::preset("kalah").unwrap();
    let start = Position::start(&v);
    // 48 seeds in the pits: 16 moves expected.
    assert_eq!(clock(16_050, 0, None).time_for_move(&start), Duration::from_millis(1000));
    // The increment adds three quarters of itself.
    assert_eq!(clock(16_050, 400, None).time_for_move(&start), Duration::from_millis(1300));
    // Moves to go replace the estimate; the last one may use all but the safety.
    assert_eq!(clock(10_050, 0, Some(10)).time_for_move(&start), Duration::from_millis(1000));
    assert_eq!(clock(10_050, 0, Some(1)).time_for_move(&start), Duration::from_millis(10_000));
    // Never more than a third of what is left.
    assert_eq!(clock(3_050, 5_000, None).time_for_move(&start), Duration::from_millis(1000));
    // A nearly empty clock still gives 1 ms, and never its last quarter.
    assert_eq!(clock(0, 0, None).time_for_move(&start), Duration::from_millis(1));
    assert!(clock(40, 0, Some(1)).time_for_move(&start) <= Duration::from_millis(30));
    // Fewer seeds in the pits: fewer moves to come, a larger share.
    let mut game = Game::new(v.clone());
    game.play_moves("3,1,6,2,4").unwrap();
    let later = *game.position();
    let in_pits = |p: &Position| p.seeds_in_pits();
    assert!(in_pits(&later) < in_pits(&start));
    let c = clock(60_000, 0, None);
    assert!(c.time_for_move(&later) >= c.time_for_move(&start));
    assert!(c.time_for_move(&later) <= (c.remaining - CLOCK_SAFETY) / 3);
}

/// `go southtime ... northtime ...`: the mover's clock sets the time; the
/// answer comes well inside it. Without the mover's clock: an error.
#[test]
fn go_with_clocks_answers_inside_the_movers_time() {
    let (mut s, out) = session("kalah");
    s.line("position startpos moves 3");
    // North is to move: its clock counts, South's is far larger.
    s.line("go southtime 100000000 northtime 800 northinc 0");
    let took = out.wait_for_bestmoves(1);
    assert!(took < Duration::from_millis(800), "took {took:?} of an 800 ms clock");
    s.line("go southtime 5000");
    let lines = out.lines();
    let last = lines.last().unwrap();
    assert!(last.starts_with("error go: north is to move but northtime is not given"), "{lines:?}");
    assert_eq!(out.bestmoves(), 1);
    s.finish();
}

/// `go ponder`: no `bestmove` until `ponderhit` (then the time limit runs
/// from that moment) or `stop`; `ponderhit` without pondering is an error;
/// the end of the input stops a pondering search.
#[test]
fn pondering_waits_for_ponderhit_or_stop() {
    let (mut s, out) = session("oware");
    s.line("go ponder movetime 20");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(out.bestmoves(), 0, "answered while pondering: {:?}", out.lines());
    // Other commands are answered meanwhile; a new search is refused.
    s.line("isready");
    assert!(out.lines().contains(&"readyok".to_string()));
    s.line("go depth 1");
    assert!(out.lines().last().unwrap().contains("a search is running"), "{:?}", out.lines());
    s.line("ponderhit");
    out.wait_for_bestmoves(1);

    s.line("ponderhit");
    assert!(
        out.lines().last().unwrap().starts_with("error ponderhit: no search is pondering"),
        "{:?}",
        out.lines()
    );

    s.line("go ponder");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(out.bestmoves(), 1);
    s.line("stop");
    assert_eq!(out.bestmoves(), 2, "stop answers at once");

    s.line("go ponder southtime 60000 northtime 60000");
    std::thread::sleep(Duration::from_millis(50));
    s.finish();
    assert_eq!(out.bestmoves(), 3, "the end of the input stops pondering");
}

/// `go ponder` with no limit, then `ponderhit`: still a search without a
/// limit, so the end of the input stops it (it does not run on forever).
#[test]
fn a_ponderhit_search_without_limits_stops_at_the_end_of_the_input() {
    let (mut s, out) = session("kalah");
    s.line("go ponder");
    s.line("ponderhit");
    std::thread::sleep(Duration::from_millis(50));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        s.finish();
        tx.send(()).unwrap();
    });
    assert!(rx.recv_timeout(Duration::from_secs(20)).is_ok(), "finish() did not return");
    assert_eq!(out.bestmoves(), 1);
}

/// `d` on four rows (Hus): the variant's size is a row's, and the board is
/// drawn in five lines, each column's four pits one above the other.
#[test]
fn d_draws_a_board_of_four_rows() {
    let (mut s, out) = session("hus");
    s.line("d");
    let lines = out.lines();
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap();
    assert!(lines.contains(&"variant hus pits 8 seeds 2".to_string()), "{lines:?}");
    let board: Vec<&String> = lines.iter().filter(|l| l.starts_with("board")).collect();
    assert_eq!(
        board,
        [
            "board       2  2  2  2  2  2  2  2",
            "board       2  2  2  2  0  0  0  0",
            "board   0                          0",
            "board       0  0  0  0  2  2  2  2",
            "board       2  2  2  2  2  2  2  2",
        ],
        "{lines:?}"
    );
    assert!(at("board") > at("variant"));
}

/// `d` with claimed pits (Qelat's walda): a walda is drawn as in position
/// strings, `x` when the row owner's opponent owns it, not as an empty pit.
#[test]
fn d_draws_a_claimed_pit_as_in_position_strings() {
    let (mut s, out) = session("qelat");
    s.line("position 4,4,4,4,4,4:4/4,4,4,4,4,x:0/N");
    s.line("d");
    let lines = out.lines();
    let board: Vec<&String> = lines.iter().filter(|l| l.starts_with("board")).collect();
    assert_eq!(
        board,
        [
            "board       x  4  4  4  4  4",
            "board   0                    4",
            "board       4  4  4  4  4  4",
        ],
        "{lines:?}"
    );
}

/// `d` with end pits (O An Quan's mandarin squares): on the middle line,
/// the one after North's row at the left end, the one after South's at the
/// right end, `*` once taken.
#[test]
fn d_draws_the_end_pits_at_the_row_ends() {
    let (mut s, out) = session("o-an-quan");
    s.line("position 0,0,0,1,0|0*:12/0,0,0,0,3|10:44/N");
    s.line("d");
    let lines = out.lines();
    let board: Vec<&String> = lines.iter().filter(|l| l.starts_with("board")).collect();
    assert_eq!(
        board,
        ["board       3  0  0  0  0", "board  44 10           0* 12", "board       0  0  0  1  0",],
        "{lines:?}"
    );
}
