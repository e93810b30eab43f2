//! Random openings: a few random moves from the start, so that the games
//! of a match (or of self-play) do not all repeat one game.

use mancala_core::{Game, Move, Variant};

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
fn attempt(v: &Variant, rng: &mut SplitMix64, options: OpeningOptions) -> Game {
    let mut game = Game::new(v.clone());
    let plies = match options.plies {
        Plies::Exactly(n) => n,
        Plies::UpTo(n) => 1 + rng.below(n.max(1)),
    };
    for _ in 0..plies {
        if game.position().is_over() {
            break;
        }
        let moves: Vec<Move> =
            game.legal_moves().iter().filter(|m| options.swaps || *m != Move::Swap).collect();
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
    (0..attempts).map(|_| attempt(v, rng, options)).find(|game| !game.position().is_over())
}

/// The opening of game pair `pair` in a match with `seed`: `plies` random
/// sowings (no swaps) that do not end the game, drawn from the pair's own
/// stream; no moves when a thousand tries all ended the game.
pub fn pair_opening(v: &Variant, seed: u64, pair: u64, plies: u32) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let options = OpeningOptions { plies: Plies::Exactly(plies), swaps: false };
    random_opening(v, &mut rng, options, 1000).map_or_else(Vec::new, |game| game.moves().to_vec())
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
}
