//! Random openings: a few random moves from the start, so that the games
//! of a match (or of self-play) do not all repeat one game.

use mancala_core::{with_layout, Game, Layout, Move, Variant};

use crate::playout::SplitMix64;

/// How many random moves an opening has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plies {
    /// This many (fewer where a game would end sooner).
    Exactly(u32),
    /// A number from 1 to this many (1 when it is 0), drawn first.
    UpTo(u32),
}

/// Which random openings: a match's are [`Plies::Exactly`] without swaps
/// ([`pair_opening`]); `train_eval`'s self-play draws [`Plies::UpTo`] with
/// swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningOptions {
    /// How many random moves an opening has.
    pub plies: Plies,
    /// Whether the swap of the pie rule is among the moves drawn from
    /// (else only sowings are).
    pub swaps: bool,
}

/// One try: `options.plies` moves drawn from `rng`, each uniformly among
/// the legal ones; the game may be over.
fn attempt<L: Layout>(v: &Variant, rng: &mut SplitMix64, options: OpeningOptions) -> Game<L> {
    let mut game = Game::<L>::new_in(v.clone());
    let plies = match options.plies {
        Plies::Exactly(n) => n,
        Plies::UpTo(n) => 1 + rng.below(n.max(1)),
    };
    for _ in 0..plies {
        if game.position().is_over() {
            break;
        }
        let moves: Vec<Move> = game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| options.swaps || *m != Move::Swap)
            .collect();
        let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u32) as usize) else {
            break;
        };
        game.play_unchecked(mv);
    }
    game
}

/// A random opening that does not end the game: tries (drawing on from
/// `rng`) until one does not, at most `attempts` times; `None` when every
/// one ended the game.
pub fn random_opening(
    v: &Variant,
    rng: &mut SplitMix64,
    options: OpeningOptions,
    attempts: u32,
) -> Option<Game> {
    random_opening_in(v, rng, options, attempts)
}

/// [`random_opening`] in layout `L`, which must be the variant's.
pub fn random_opening_in<L: Layout>(
    v: &Variant,
    rng: &mut SplitMix64,
    options: OpeningOptions,
    attempts: u32,
) -> Option<Game<L>> {
    (0..attempts).map(|_| attempt::<L>(v, rng, options)).find(|game| !game.position().is_over())
}

/// The opening of game pair `pair` in a match with `seed`: `plies` random
/// sowings (no swaps) that do not end the game, drawn from the pair's own
/// stream; no moves when a thousand tries all ended the game.
pub fn pair_opening(v: &Variant, seed: u64, pair: u64, plies: u32) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let options = OpeningOptions { plies: Plies::Exactly(plies), swaps: false };
    with_layout!(v.layout(), L => random_opening_in::<L>(v, &mut rng, options, 1000)
        .map_or_else(Vec::new, |game| game.moves().to_vec()))
}

/// Most openings [`match_openings`] lists one by one; past this many it
/// draws them.
pub(super) const LISTED_OPENINGS: usize = 100_000;

/// The openings of a match's `pairs` game pairs with `seed`: sequences of
/// `plies` sowings (no swaps) that do not end the game, **distinct** while
/// there are distinct ones left. Where there are at most a hundred thousand
/// such sequences, all are listed, put in an order drawn from `seed`, and
/// the pairs take them in that order (every one is played once before any
/// is played twice: 72 pairs of abapa with two plies play each of the 36
/// twice). Past that, each pair draws its own ([`pair_opening`]), drawing
/// again (a few times) when it repeats an earlier pair's.
pub fn match_openings(v: &Variant, seed: u64, pairs: usize, plies: u32) -> Vec<Vec<Move>> {
    if let Some(mut all) = list_openings(v, plies, LISTED_OPENINGS) {
        if all.is_empty() {
            return vec![Vec::new(); pairs];
        }
        shuffle(&mut all, seed);
        return (0..pairs).map(|i| all[i % all.len()].clone()).collect();
    }
    let mut seen = std::collections::HashSet::new();
    (0..pairs as u64)
        .map(|pair| {
            let mut moves = pair_opening(v, seed, pair, plies);
            for again in 1..=16u64 {
                if !seen.contains(&moves) {
                    break;
                }
                moves = pair_opening(v, seed, pair + again * pairs as u64, plies);
            }
            seen.insert(moves.clone());
            moves
        })
        .collect()
}

/// Puts `all` in an order drawn from `seed` (Fisher-Yates).
pub(super) fn shuffle(all: &mut [Vec<Move>], seed: u64) {
    let mut rng = SplitMix64::new(seed ^ 0x6F70_656E_696E_6773);
    for i in (1..all.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        all.swap(i, j);
    }
}

/// Every sequence of `plies` sowings (no swaps) from the start that does
/// not end the game, in the order of the moves; `None` when there are more
/// than `limit`.
pub(super) fn list_openings(v: &Variant, plies: u32, limit: usize) -> Option<Vec<Vec<Move>>> {
    fn walk<L: Layout>(
        game: &mut Game<L>,
        left: u32,
        limit: usize,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        if game.position().is_over() {
            return true;
        }
        if left == 0 {
            out.push(game.moves().to_vec());
            return out.len() <= limit;
        }
        let moves: Vec<Move> =
            game.legal_moves().iter().copied().filter(|m| *m != Move::Swap).collect();
        for mv in moves {
            let mut next = game.clone();
            next.play_unchecked(mv);
            if !walk(&mut next, left - 1, limit, out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    let listed = with_layout!(v.layout(), L => walk(&mut Game::<L>::new_in(v.clone()), plies, limit, &mut out));
    listed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_have_their_length_and_do_not_end_the_game() {
        let v = Variant::preset("mankalah").unwrap();
        for pair in 0..20 {
            let moves = pair_opening(&v, 7, pair, 3);
            assert_eq!(moves.len(), 3);
            assert!(!moves.contains(&Move::Swap), "{moves:?}");
            assert_eq!(moves, pair_opening(&v, 7, pair, 3), "the same pair, the same opening");
        }
        let mut rng = SplitMix64::new(1);
        let options = OpeningOptions { plies: Plies::UpTo(4), swaps: true };
        for _ in 0..50 {
            let game = random_opening(&v, &mut rng, options, 1000).unwrap();
            assert!((1..=4).contains(&game.moves().len()));
            assert!(!game.position().is_over());
        }
    }

    /// Abapa has 36 openings of two sowings: a match of 36 pairs plays each
    /// once, one of 72 pairs each twice, and the order follows the seed.
    #[test]
    fn a_match_plays_every_opening_once_before_any_twice() {
        let v = Variant::preset("abapa").unwrap();
        let once = match_openings(&v, 5, 36, 2);
        let distinct: std::collections::HashSet<_> = once.iter().cloned().collect();
        assert_eq!(distinct.len(), 36);
        assert!(once.iter().all(|m| m.len() == 2));
        let twice = match_openings(&v, 5, 72, 2);
        assert_eq!(&twice[..36], &once[..]);
        assert_eq!(&twice[36..], &once[..]);
        assert_ne!(match_openings(&v, 6, 36, 2), once, "another seed, another order");
        // Three sowings: 216 sequences, 72 pairs all different.
        let three = match_openings(&v, 3, 72, 3);
        assert_eq!(three.iter().collect::<std::collections::HashSet<_>>().len(), 72);
    }

    /// Too many openings to list (twelve sowings): each pair draws its own,
    /// and none repeats.
    #[test]
    fn drawn_openings_do_not_repeat() {
        let v = Variant::preset("kalah").unwrap();
        let drawn = match_openings(&v, 1, 40, 12);
        assert_eq!(drawn.len(), 40);
        assert_eq!(drawn.iter().collect::<std::collections::HashSet<_>>().len(), 40);
        assert!(drawn.iter().all(|m| m.len() == 12));
    }
}
