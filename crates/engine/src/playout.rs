//! Random playouts: the speed benchmark of the rules core, and a building
//! block for Monte Carlo tools.

use mancala_core::{
    with_layout, Compact, Game, Layout, Move, Outcome, Position, Repetition, RepetitionWindow,
    Side, Variant,
};

/// A small, fast, deterministic pseudo-random generator (SplitMix64), so that
/// benchmarks and playouts give the same numbers on every machine.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream of the computer's choices at the current move of `game`
    /// from the caller's `seed`: the same game and seed, the same stream.
    pub fn for_move<L: Layout>(seed: u64, game: &Game<L>) -> SplitMix64 {
        SplitMix64::new(seed ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9))
    }

    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (which must be at least 1), by Lemire's
    /// multiply-shift (bias below 2^-32 for bounds this small).
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as u32
    }
}

/// Totals of a batch of playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played out.
    pub games: u64,
    /// Moves played in all the games together.
    pub plies: u64,
    /// Games South won.
    pub south_wins: u64,
    /// Games North won.
    pub north_wins: u64,
    /// Games drawn.
    pub draws: u64,
}

/// A move drawn among the legal moves listed, for rules where a pit sown
/// either way is two moves (the list made once: under relays that may
/// never end, each way is a trial sowing).
#[inline(never)]
fn random_listed_move<L: Layout>(v: &Variant, p: &Position<L>, rng: &mut SplitMix64) -> Move {
    let moves = p.legal_moves(v);
    moves.get(rng.below(moves.len() as u32) as usize).copied().unwrap_or(Move::Swap)
}

/// Plays uniformly random legal moves from `start` to the end of the game,
/// with the repetition rule applied as [`mancala_core::Game`] applies it.
/// Returns the final position and the number of moves. Allocates nothing
/// once `window` has grown to its working size.
#[inline]
pub fn random_playout<L: Layout>(
    v: &Variant,
    start: &Position<L>,
    rng: &mut SplitMix64,
    window: &mut RepetitionWindow<L>,
) -> (Position<L>, u32) {
    window.clear();
    window.for_rules(v);
    // One loop for each way of drawing a move (from the list under a
    // direction to choose or bonus takes): the choice is made once.
    if v.lists_moves() {
        playout_loop::<L, true>(v, start, rng, window)
    } else {
        playout_loop::<L, false>(v, start, rng, window)
    }
}

/// The moves of [`random_playout`]: drawn among the legal moves listed
/// when `LISTED` (a pit sown either way is two moves), else among the
/// legal pits' bits.
#[inline(always)]
fn playout_loop<L: Layout, const LISTED: bool>(
    v: &Variant,
    start: &Position<L>,
    rng: &mut SplitMix64,
    window: &mut RepetitionWindow<L>,
) -> (Position<L>, u32) {
    let cycles = v.rules().end.repetition != Repetition::None;
    let quiet = v.rules().end.quiet_moves > 0;
    let mut p = *start;
    if cycles {
        window.record(&p);
    }
    let mut plies = 0;
    while !p.is_over() {
        let mv = if LISTED {
            random_listed_move(v, &p, rng)
        } else {
            let pits = p.legal_pits(v);
            let sowings = pits.count_ones();
            let pick = rng.below(sowings + p.swap_offered() as u32);
            if pick == sowings {
                Move::Swap
            } else {
                // A side of the compact layout has at most 16 pits.
                let pit = if L::PIT_CELLS <= Compact::PIT_CELLS {
                    nth_bit(pits, pick)
                } else {
                    nth_bit_wide(pits, pick)
                };
                Move::Sow(pit as u8)
            }
        };
        p.play_unchecked(v, mv);
        plies += 1;
        if cycles && !p.is_over() {
            let repeated = window.record(&p);
            // Only when something can end the game (a repeat, or quiet moves
            // counted): the common case stays one branch.
            if repeated || quiet {
                p.end_by_history(v, repeated, window.quiet_moves());
            }
        }
    }
    (p, plies)
}

/// Whether a playout from where `game` stands must count the positions
/// played before it for the repetition rule (a repeat of one of them may
/// end the game): then only a copy of the game, played on with
/// `Game::random_playout`, ends where the game would. Else
/// [`random_playout`] from the current position ends there too, copying
/// nothing.
pub fn playout_needs_history<L: Layout>(game: &Game<L>) -> bool {
    let v = game.variant();
    let cycles = v.rules().end.repetition != Repetition::None;
    // Stores that may shrink (`refill_empty_row`): every position counts.
    let whole_game = v.rules().stores_may_shrink();
    let only_current = game.positions_since_stores_changed().len() <= 1
        && (!whole_game || game.positions().len() <= 1);
    cycles && !only_current
}

/// Index of the `n`-th set bit (0-based) of `bits`, which has more than `n`
/// set bits and at most 16 bits in use. Table lookups, no loop: a random
/// choice would make a loop's exit a coin toss for the branch predictor.
#[inline]
fn nth_bit(bits: u32, n: u32) -> u32 {
    let low = bits & 0xff;
    let in_low = low.count_ones();
    let (byte, n, offset) =
        if n < in_low { (low, n, 0) } else { (bits >> 8 & 0xff, n - in_low, 8) };
    NTH_SET_BIT[byte as usize][(n & 7) as usize] as u32 + offset
}

/// [`nth_bit`] with up to 32 bits in use (a side of the wide layout has up
/// to 24 pits): byte by byte.
#[inline]
fn nth_bit_wide(bits: u32, n: u32) -> u32 {
    let (mut bits, mut n, mut offset) = (bits, n, 0);
    loop {
        let low = bits & 0xff;
        let in_low = low.count_ones();
        if n < in_low || bits == 0 {
            return NTH_SET_BIT[low as usize][(n & 7) as usize] as u32 + offset;
        }
        (bits, n, offset) = (bits >> 8, n - in_low, offset + 8);
    }
}

/// `NTH_SET_BIT[b][k]`: the index of the `k`-th set bit of byte `b`.
const NTH_SET_BIT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// Plays `games` uniformly random games from the start of `variant`, in
/// its layout ([`Variant::layout`]).
pub fn random_playouts(variant: &Variant, games: u64, seed: u64) -> PlayoutStats {
    with_layout!(variant.layout(), L => random_playouts_in::<L>(variant, games, seed))
}

/// [`random_playouts`] in layout `L`, which must be the variant's.
pub fn random_playouts_in<L: Layout>(variant: &Variant, games: u64, seed: u64) -> PlayoutStats {
    let mut rng = SplitMix64::new(seed);
    let mut window = RepetitionWindow::<L>::new_in();
    let start = Position::<L>::start_in(variant);
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let (end, plies) = random_playout(variant, &start, &mut rng, &mut window);
        stats.plies += plies as u64;
        stats.games += 1;
        match end.outcome() {
            Some(Outcome::Win(Side::South)) => stats.south_wins += 1,
            Some(Outcome::Win(Side::North)) => stats.north_wins += 1,
            _ => stats.draws += 1,
        }
    }
    stats
}

/// Games played from the start of `variant` with uniformly random legal
/// moves, each kept at every position `keep` accepts (the game as it stood
/// there, moves and all), until `count` are kept. The same `seed` gives the
/// same games. For sampling positions: endgames for database checks,
/// training data. The compact layout's (see [`sample_games_in`]).
pub fn sample_games(
    variant: &Variant,
    count: usize,
    seed: u64,
    keep: impl Fn(&Position) -> bool,
) -> Vec<Game> {
    sample_games_in(variant, count, seed, keep)
}

/// [`sample_games`] in layout `L`, which must be the variant's.
pub fn sample_games_in<L: Layout>(
    variant: &Variant,
    count: usize,
    seed: u64,
    keep: impl Fn(&Position<L>) -> bool,
) -> Vec<Game<L>> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = Game::<L>::new_in(variant.clone());
        while !game.position().is_over() && out.len() < count {
            if keep(game.position()) {
                out.push(game.clone());
            }
            let moves = game.legal_moves();
            game.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Game, LayoutKind};

    #[test]
    fn nth_bit_finds_every_set_bit_in_order() {
        for bits in 1u32..1 << 16 {
            let expected: Vec<u32> = (0..16).filter(|b| bits >> b & 1 == 1).collect();
            let found: Vec<u32> = (0..bits.count_ones()).map(|n| nth_bit(bits, n)).collect();
            assert_eq!(found, expected, "{bits:#b}");
        }
        let mut rng = SplitMix64::new(3);
        for _ in 0..20_000 {
            let bits = rng.next_u64() as u32 >> rng.below(8);
            let expected: Vec<u32> = (0..32).filter(|b| bits >> b & 1 == 1).collect();
            let found: Vec<u32> = (0..bits.count_ones()).map(|n| nth_bit_wide(bits, n)).collect();
            assert_eq!(found, expected, "{bits:#b}");
        }
    }

    /// Every preset, each in its own layout (`hus-12` in the wide one),
    /// then Oware on 16 pits a side of 10 seeds: a two-row board past the
    /// compact layout's 255 seeds (320), in the wide layout.
    fn every_layout() -> Vec<Variant> {
        let mut all = Variant::presets();
        let oware = Variant::preset("oware").unwrap().at_size(Some(16), Some(10)).unwrap();
        assert_eq!((oware.layout(), oware.rows()), (LayoutKind::Wide, 2));
        all.push(oware);
        all
    }

    /// The fast playout must end exactly where a `Game` (which keeps the
    /// whole history) ends when given the same choices.
    #[test]
    fn fast_playouts_end_where_games_end() {
        // 300 playouts of each compact preset, 20 of each wide board
        // (longer games; more of hus-12's in the test below).
        for v in every_layout() {
            let seeds = if v.layout() == LayoutKind::Compact { 300 } else { 20 };
            with_layout!(v.layout(), L => fast_playouts_end_where_games_end_in::<L>(&v, seeds));
        }
    }

    /// `random_playout` from the start of `v` (in its layout `L`) ends
    /// where `Game::random_playout` ends with the same choices, for the
    /// seeds `0..seeds`.
    fn fast_playouts_end_where_games_end_in<L: Layout>(v: &Variant, seeds: u64) {
        let mut window = RepetitionWindow::<L>::new_in();
        let start = Position::<L>::start_in(v);
        for seed in 0..seeds {
            let (end, plies) = random_playout(v, &start, &mut SplitMix64::new(seed), &mut window);
            let mut game = Game::<L>::new_in(v.clone());
            let mut rng = SplitMix64::new(seed);
            let game_plies = game.random_playout(|k| rng.below(k));
            assert_eq!((*game.position(), game_plies), (end, plies), "{} seed {seed}", v.name());
        }
    }

    /// Hus on four rows of 12 (the wide layout): the fast playouts end
    /// where a `Game<Wide>` ends with the same choices, and
    /// `random_playouts` plays them in the variant's layout, its totals
    /// those of the games one by one.
    #[test]
    fn wide_playouts_end_where_games_end() {
        let v = Variant::from_toml(include_str!("../../core/variants/hus-12.toml")).unwrap();
        assert_eq!(v.layout(), mancala_core::LayoutKind::Wide);
        let mut window = RepetitionWindow::<mancala_core::Wide>::new_in();
        let start = Position::start_in(&v);
        let mut rng = SplitMix64::new(5);
        let mut expected = PlayoutStats::default();
        for _ in 0..40 {
            let mut game = Game::<mancala_core::Wide>::new_in(v.clone());
            let mut copy = rng.clone();
            let game_plies = game.random_playout(|k| copy.below(k));
            let (end, plies) = random_playout(&v, &start, &mut rng, &mut window);
            assert_eq!((*game.position(), game_plies), (end, plies));
            expected.games += 1;
            expected.plies += plies as u64;
            match end.outcome() {
                Some(Outcome::Win(Side::South)) => expected.south_wins += 1,
                Some(Outcome::Win(Side::North)) => expected.north_wins += 1,
                _ => expected.draws += 1,
            }
        }
        assert!(expected.plies > 40 * 10, "games of a few plies: {expected:?}");
        assert_eq!(random_playouts(&v, 40, 5), expected);
    }

    /// From a game part-played, a playout from the current position alone
    /// ends where the game itself ends given the same choices, unless
    /// `playout_needs_history` says otherwise; and where it says so, some
    /// playouts do end otherwise, so that the test tells.
    #[test]
    fn playouts_need_the_history_only_where_said() {
        let mut history_mattered = 0;
        // 40 games of each compact preset, 5 of each wide board.
        for v in every_layout() {
            let games = if v.layout() == LayoutKind::Compact { 40 } else { 5 };
            history_mattered += with_layout!(v.layout(), L => history_matters_in::<L>(&v, games));
        }
        assert!(history_mattered > 0, "no playout met a position played before it");
    }

    /// Playouts from part-played games of `v` (in its layout `L`, seeds
    /// `0..games`) alone against the games': how many ended otherwise
    /// where `playout_needs_history` says the history matters (where it
    /// says not, they must end alike).
    fn history_matters_in<L: Layout>(v: &Variant, games: u64) -> usize {
        let mut history_mattered = 0;
        for seed in 0..games {
            let mut game = Game::<L>::new_in(v.clone());
            let mut rng = SplitMix64::new(seed);
            let plies = 20 + rng.below(60);
            for _ in 0..plies {
                if game.position().is_over() {
                    break;
                }
                let moves = game.legal_moves();
                game.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
            }
            let mut window = RepetitionWindow::<L>::new_in();
            for k in 0..5 {
                let seed = seed * 100 + k;
                let mut copy = game.clone();
                let mut rng = SplitMix64::new(seed);
                let copy_plies = copy.random_playout(|k| rng.below(k));
                let copied = (*copy.position(), copy_plies);
                let alone =
                    random_playout(v, game.position(), &mut SplitMix64::new(seed), &mut window);
                if playout_needs_history(&game) {
                    history_mattered += usize::from(alone != copied);
                } else {
                    assert_eq!(alone, copied, "{} seed {seed}", v.name());
                }
            }
        }
        history_mattered
    }
}
