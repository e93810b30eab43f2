//! The fixed search benchmark behind `mancala bench`: a set of positions
//! and depths whose total node count is a signature of the search (the same
//! on every run and machine; a change in it means the search changed).

use mancala_core::{Game, Variant};

use super::{SearchLimits, SearchOptions, SearchResult, Searcher};

/// One benchmark position: a preset, moves from the start, a depth.
#[derive(Clone, Copy, Debug)]
pub struct BenchCase {
    /// The preset's name.
    pub variant: &'static str,
    /// The moves played from the start, as a move list (`3,swap,2`).
    pub moves: &'static str,
    /// The depth searched, in moves.
    pub depth: u32,
}

/// The benchmark positions.
pub const CASES: &[BenchCase] = &[
    BenchCase { variant: "kalah", moves: "", depth: 17 },
    BenchCase { variant: "kalah", moves: "3,swap,2,6,1", depth: 15 },
    BenchCase { variant: "kalah-irving", moves: "3,6", depth: 15 },
    BenchCase { variant: "kalah-classic", moves: "3,6,1,2,5,4", depth: 16 },
    BenchCase { variant: "mankalah", moves: "2", depth: 13 },
    BenchCase { variant: "relay-kalah", moves: "", depth: 14 },
    BenchCase { variant: "oware", moves: "", depth: 15 },
    BenchCase { variant: "oware", moves: "3,4,1,6,2,5", depth: 12 },
    BenchCase { variant: "abapa", moves: "6,1", depth: 14 },
    BenchCase { variant: "awari", moves: "1,2,3", depth: 14 },
];

/// The total node count of [`CASES`]: `mancala bench --search` prints it
/// as "Nodes searched" and a test asserts it. A change to the search that
/// changes it updates it here, in the same commit, saying why.
pub const SIGNATURE: u64 = 1_868_134;

/// Hash size for the benchmark, in MiB.
pub const BENCH_HASH_MB: usize = 16;

/// The game of a case (panics on a bad case: they are fixed here).
pub fn game(case: &BenchCase) -> Game {
    let mut game = Game::new(Variant::preset(case.variant).expect("bench variant"));
    game.play_moves(case.moves).expect("bench moves are legal");
    game
}

/// Searches one case from an empty table.
pub fn run(case: &BenchCase) -> SearchResult {
    let mut searcher = Searcher::new(SearchOptions { hash_mb: BENCH_HASH_MB, solve_seeds: None });
    searcher.search(&game(case), SearchLimits::depth(case.depth), None, &mut |_| {})
}
