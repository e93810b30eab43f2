//! A whole match: game pairs, each opening played twice with the sides
//! swapped, shared out among threads.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use mancala_core::{Compact, Game, Layout, Move, Side, Variant};

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

/// A game of the match, just finished (a game of layout `L`, the
/// variant's).
#[derive(Debug)]
pub struct GameDone<'a, L: Layout = Compact> {
    /// Its pair, from 0.
    pub pair: usize,
    /// Which game of the pair: 0 (A plays South) or 1 (A plays North).
    pub game: usize,
    /// The side A played.
    pub a_side: Side,
    /// The game, over.
    pub record: &'a Game<L>,
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
///
/// `L` is the variant's layout ([`Variant::layout`]; a front end
/// dispatches once, with [`mancala_core::with_layout`]): panics on another.
pub fn play_match<L: Layout>(
    options: &MatchOptions,
    stop: &AtomicBool,
    on_opening: &dyn Fn(usize, usize),
    on_game: &(dyn Fn(&GameDone<L>) + Sync),
) -> MatchOutcome {
    assert_eq!(options.variant.layout(), L::KIND, "a match in the variant's layout");
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
        let mut a = options.a.start::<L>(&options.setup, options.a_dir.as_deref())?;
        let mut b = options.b.start::<L>(&options.setup, options.b_dir.as_deref())?;
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use mancala_core::Wide;

    use super::*;
    use crate::matches::{Limits, VariantSource};

    /// Hus on four rows of 12 (the wide layout): a match of levels plays
    /// every game of its pairs from distinct openings to the end, and
    /// each game's record is the wide game it played.
    #[test]
    fn a_match_on_the_wide_board_plays_its_pairs() {
        let v = Variant::from_toml(include_str!("../../../core/variants/hus-12.toml")).unwrap();
        let options = MatchOptions {
            variant: v.clone(),
            a: PlayerSpec::Level(2),
            b: PlayerSpec::Search,
            a_dir: None,
            b_dir: None,
            setup: MatchSetup {
                variant: VariantSource::File("hus-12.toml".into()),
                limits: Limits { depth: Some(2), ..Limits::default() },
                timeout: Duration::from_secs(10),
            },
            pairs: 3,
            opening_plies: 2,
            balanced: None,
            seed: 1,
            jobs: 1,
        };
        let games = Mutex::new(Vec::new());
        let on_game = |done: &GameDone<Wide>| {
            assert!(done.record.position().is_over());
            assert_eq!(done.record.positions()[0], mancala_core::Position::start_in(&v));
            games.lock().unwrap().push((done.pair, done.game, done.record.moves()[..2].to_vec()));
        };
        let outcome = play_match::<Wide>(&options, &AtomicBool::new(false), &|_, _| {}, &on_game);
        assert_eq!(outcome.error, None);
        assert_eq!(outcome.finished.len(), 3);
        assert_eq!(outcome.openings, 3);
        let games = games.into_inner().unwrap();
        assert_eq!(games.len(), 6);
        for pair in 0..3 {
            let both: Vec<_> = games.iter().filter(|g| g.0 == pair).collect();
            assert_eq!(both.len(), 2);
            assert_eq!(both[0].2, both[1].2, "a pair's two games start from its opening");
        }
    }
}
