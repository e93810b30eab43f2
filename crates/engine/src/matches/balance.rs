//! Balanced openings: random openings that a short search scores near
//! even, for games in which a few random moves can decide the game (the
//! relay games: Pallanguzhi, Sungka, Dakon), where a pair of games from a
//! lopsided opening is won once by each side whatever their strength.

use std::sync::atomic::{AtomicBool, Ordering};

use mancala_core::{with_layout, Game, Layout, Move, Variant};

use super::opening::{list_openings, pair_opening, shuffle, LISTED_OPENINGS};
use crate::search::{SearchLimits, SearchOptions, Searcher};

/// Nodes of the search that scores an opening (level 6's budget): one
/// thread, a table emptied before each opening, so the choice does not
/// depend on the machine.
pub const BALANCE_NODES: u64 = 100_000;
const _: () = assert!(BALANCE_NODES == 100_000, "the error message names the budget");

/// Openings scored, at most, for each pair wanted.
pub const BALANCE_TRIES_PER_PAIR: usize = 50;

/// The score (for the player to move, in seeds of the final margin) that a
/// search of [`BALANCE_NODES`] nodes gives the position after `moves`.
pub fn opening_score(v: &Variant, moves: &[Move], searcher: &mut Searcher) -> i32 {
    with_layout!(v.layout(), L => opening_score_in::<L>(v, moves, searcher))
}

/// [`opening_score`] in layout `L`, the variant's.
fn opening_score_in<L: Layout>(v: &Variant, moves: &[Move], searcher: &mut Searcher) -> i32 {
    let mut game = Game::<L>::new_in(v.clone());
    for &mv in moves {
        game.play_unchecked(mv);
    }
    searcher.clear();
    searcher.search_in(&game, SearchLimits::nodes(BALANCE_NODES), None, &mut |_| {}).score
}

/// The openings of a match's `pairs` game pairs, as [`super::match_openings`]
/// draws them (`plies` sowings, distinct while there are distinct ones,
/// in an order drawn from `seed`), keeping only those [`opening_score`]
/// puts within `margin` seeds of even. At most
/// [`BALANCE_TRIES_PER_PAIR`] openings a pair are scored; when fewer than
/// `pairs` pass, those that did are played again in turn. An error, naming
/// the margin and the openings tried, when none passes, or when `stop` is
/// set. `on_scored(tried, kept)` hears of each opening scored.
pub fn balanced_openings(
    v: &Variant,
    seed: u64,
    pairs: usize,
    plies: u32,
    margin: u32,
    stop: &AtomicBool,
    on_scored: &dyn Fn(usize, usize),
) -> Result<Vec<Vec<Move>>, String> {
    let tries = pairs.max(1).saturating_mul(BALANCE_TRIES_PER_PAIR);
    let candidates: Vec<Vec<Move>> = match list_openings(v, plies, LISTED_OPENINGS) {
        Some(mut all) => {
            shuffle(&mut all, seed);
            all.truncate(tries);
            all
        }
        None => {
            let mut seen = std::collections::HashSet::new();
            (0..tries as u64)
                .map(|k| pair_opening(v, seed, k, plies))
                .filter(|moves| seen.insert(moves.clone()))
                .collect()
        }
    };
    if candidates.is_empty() {
        // Every opening of that length ends the game: as match_openings.
        return Ok(vec![Vec::new(); pairs]);
    }
    let mut searcher = Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None });
    let mut kept = Vec::with_capacity(pairs);
    for (tried, moves) in candidates.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err("stopped while choosing the balanced openings".into());
        }
        if opening_score(v, moves, &mut searcher).unsigned_abs() <= margin {
            kept.push(moves.clone());
        }
        on_scored(tried + 1, kept.len());
        if kept.len() == pairs {
            break;
        }
    }
    if kept.is_empty() {
        return Err(format!(
            "no opening of {plies} random move{} is balanced: none of the {} tried scores within {margin} seeds of even in a search of 100,000 nodes (allow a larger --balanced margin, or fewer --opening-plies)",
            if plies == 1 { "" } else { "s" },
            candidates.len()
        ));
    }
    Ok((0..pairs).map(|i| kept[i % kept.len()].clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stop flag never set.
    fn go() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// Scoring tells its progress, and a stop ends it with an error.
    #[test]
    fn scoring_reports_progress_and_stops() {
        let v = Variant::preset("kalah").unwrap().resized(Some(4), Some(3)).unwrap();
        let heard = std::sync::Mutex::new(Vec::new());
        let _ =
            balanced_openings(&v, 1, 2, 2, 1, &go(), &|t, k| heard.lock().unwrap().push((t, k)));
        let heard = heard.into_inner().unwrap();
        assert!(!heard.is_empty());
        assert!(heard.iter().enumerate().all(|(i, &(t, k))| t == i + 1 && k <= t), "{heard:?}");
        let stopped = AtomicBool::new(true);
        let e = balanced_openings(&v, 1, 2, 2, 1, &stopped, &|_, _| {}).unwrap_err();
        assert!(e.contains("stopped"), "{e}");
    }

    /// Every opening kept scores within the margin, they are distinct while
    /// enough pass, and the same seed gives the same openings.
    #[test]
    fn balanced_openings_score_within_the_margin() {
        let v = Variant::preset("pallanguzhi").unwrap();
        let openings = balanced_openings(&v, 7, 4, 2, 3, &go(), &|_, _| {}).unwrap();
        assert_eq!(openings.len(), 4);
        let mut searcher = Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None });
        for moves in &openings {
            assert_eq!(moves.len(), 2);
            assert!(opening_score(&v, moves, &mut searcher).abs() <= 3, "{moves:?}");
        }
        let distinct: std::collections::HashSet<_> = openings.iter().collect();
        assert_eq!(distinct.len(), 4);
        assert_eq!(balanced_openings(&v, 7, 4, 2, 3, &go(), &|_, _| {}).unwrap(), openings);
    }

    /// Some of the random openings are not balanced: the filter removes
    /// something (else it would prove nothing).
    #[test]
    fn lopsided_openings_are_left_out() {
        let v = Variant::preset("pallanguzhi").unwrap();
        let all = super::super::match_openings(&v, 7, 10, 2);
        let mut searcher = Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None });
        let lopsided = all.iter().filter(|m| opening_score(&v, m, &mut searcher).abs() > 3).count();
        assert!(lopsided > 0, "every opening of ten is within 3 seeds");
        let kept = balanced_openings(&v, 7, 10, 2, 3, &go(), &|_, _| {}).unwrap();
        assert!(kept.iter().all(|m| opening_score(&v, m, &mut searcher).abs() <= 3));
    }

    /// A margin no opening meets is an error that names it.
    #[test]
    fn no_balanced_opening_is_an_error() {
        let v = Variant::preset("kalah").unwrap();
        let mut searcher = Searcher::new(SearchOptions { hash_mb: 4, solve_seeds: None });
        let all = super::super::match_openings(&v, 1, 6, 1);
        let closest = all.iter().map(|m| opening_score(&v, m, &mut searcher).unsigned_abs()).min();
        let closest = closest.unwrap();
        assert!(closest > 0, "a first sowing of Kalah(6,4) scores even: pick another game");
        let e = balanced_openings(&v, 1, 2, 1, closest - 1, &go(), &|_, _| {}).unwrap_err();
        assert!(e.contains(&format!("within {} seeds", closest - 1)), "{e}");
        assert!(e.contains("--balanced"), "{e}");
        assert!(balanced_openings(&v, 1, 2, 1, closest, &go(), &|_, _| {}).is_ok());
    }
}
