//! A whole match: game pairs, each opening played twice with the sides
//! swapped, shared out among threads.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use mancala_core::{Game, Move, Side, Variant};

use super::balance::balanced_openings;
use super::game::{play_game, points};
use super::opening::match_openings;
use super::player::{MatchSetup, PlayerSpec};

/// What a match is.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The variant played, at its board size.
    pub variant: Variant,
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The folder player A's program runs in (`None`: this process's).
    pub a_dir: Option<PathBuf>,
    /// The folder player B's program runs in (`None`: this process's).
    pub b_dir: Option<PathBuf>,
    /// What both players are started with.
    pub setup: MatchSetup,
    /// Game pairs to play.
    pub pairs: usize,
    /// Random moves of each opening ([`match_openings`]).
    pub opening_plies: u32,
    /// Only openings a short search scores within this many seeds of even
    /// ([`balanced_openings`]); `None`: every opening.
    pub balanced: Option<u32>,
    /// The seed of the openings and of the players' random choices.
    pub seed: u64,
    /// Game pairs played at the same time, each thread with players of
    /// its own.
    pub jobs: usize,
}

/// A game of the match, just finished.
#[derive(Debug)]
pub struct GameDone<'a> {
    /// Its pair, from 0.
    pub pair: usize,
    /// Which game of the pair: 0 (A plays South) or 1 (A plays North).
    pub game: usize,
    /// The side A played.
    pub a_side: Side,
    /// The game, over.
    pub record: &'a Game,
    /// A's points (1, 1/2 or 0).
    pub points: f64,
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOutcome {
    /// A's points in each pair whose two games finished, in the order of
    /// the pairs.
    pub finished: Vec<[f64; 2]>,
    /// The error that ended the match early (a player that could not be
    /// started or did not answer), the first thread's where several
    /// failed.
    pub error: Option<String>,
    /// How many different openings the pairs started from (fewer than the
    /// pairs when a game has fewer, or when few pass `balanced`).
    pub openings: usize,
}

/// Plays the match: `on_opening(tried, kept)` hears of each opening scored
/// while balanced ones are chosen (`balanced`), `on_game` of every game as
/// it finishes (from the thread that played it). Setting `stop` abandons
/// the games in play; the pairs finished before are in the outcome.
pub fn play_match(
    options: &MatchOptions,
    stop: &AtomicBool,
    on_opening: &dyn Fn(usize, usize),
    on_game: &(dyn Fn(&GameDone) + Sync),
) -> MatchOutcome {
    let pairs = options.pairs;
    let variant = &options.variant;
    let (seed, plies) = (options.seed, options.opening_plies);
    let openings: Vec<Vec<Move>> = match options.balanced {
        None => match_openings(variant, seed, pairs, plies),
        Some(margin) => {
            match balanced_openings(variant, seed, pairs, plies, margin, stop, on_opening) {
                Ok(openings) => openings,
                Err(e) => {
                    return MatchOutcome { finished: Vec::new(), error: Some(e), openings: 0 }
                }
            }
        }
    };
    let results: Mutex<Vec<Option<[f64; 2]>>> = Mutex::new(vec![None; pairs]);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let mut first_error: Option<String> = None;
    for spec in [&options.a, &options.b] {
        if let Err(e) = spec.check(variant, &options.setup.limits) {
            return MatchOutcome { finished: Vec::new(), error: Some(e), openings: 0 };
        }
    }

    let worker = || -> Result<(), String> {
        let mut a = options.a.start(&options.setup, options.a_dir.as_deref())?;
        let mut b = options.b.start(&options.setup, options.b_dir.as_deref())?;
        loop {
            if failed.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= pairs {
                return Ok(());
            }
            let mut pair = [0.0; 2];
            for (g, a_side) in [Side::South, Side::North].into_iter().enumerate() {
                let seed = options.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ ((2 * i + g) as u64);
                let game = if a_side == Side::South {
                    play_game(variant, &openings[i], &mut *a, &mut *b, seed, stop)?
                } else {
                    play_game(variant, &openings[i], &mut *b, &mut *a, seed, stop)?
                };
                let Some(game) = game else { return Ok(()) };
                pair[g] = points(&game, a_side);
                on_game(&GameDone { pair: i, game: g, a_side, record: &game, points: pair[g] });
            }
            results.lock().expect("results")[i] = Some(pair);
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..options.jobs.min(pairs)).map(|_| scope.spawn(worker)).collect();
        for h in handles {
            let outcome = h.join().unwrap_or_else(|_| Err("a match thread failed".into()));
            if let Err(e) = outcome {
                failed.store(true, Ordering::Relaxed);
                first_error.get_or_insert(e);
            }
        }
    });
    let finished = results.into_inner().expect("results").into_iter().flatten().collect();
    let openings = openings.iter().collect::<std::collections::HashSet<_>>().len();
    MatchOutcome { finished, error: first_error, openings }
}
