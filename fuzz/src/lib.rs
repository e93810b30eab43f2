//! Helpers shared by the fuzz targets (docs/fuzzing.md).

use mancala_core::{Direction, Game, Layout, LayoutKind, Move, Position, Setup, Side, Variant};

/// Every built-in variant at its default size, each in its own layout
/// (`hus-12` in the wide one), read from their TOML once: reading them for
/// every input would be most of a run's time.
pub fn presets() -> Vec<Variant> {
    static PRESETS: std::sync::OnceLock<Vec<Variant>> = std::sync::OnceLock::new();
    PRESETS.get_or_init(Variant::presets).clone()
}

/// Every built-in variant at its default size (as [`presets`]), then sizes
/// past the compact layout's, in the wide layout: Oware on 16 pits a side
/// of 10 seeds (320 seeds), `hus-12` on four rows of 10 (2 seeds a pit),
/// and `hus-12` with 10 seeds a pit (360 seeds).
pub fn variants() -> Vec<Variant> {
    static VARIANTS: std::sync::OnceLock<Vec<Variant>> = std::sync::OnceLock::new();
    VARIANTS
        .get_or_init(|| {
            let mut all = presets();
            for (name, pits, seeds) in [("oware", 16, 10), ("hus-12", 10, 2), ("hus-12", 12, 10)] {
                let v = preset_named(name).unwrap().at_size(Some(pits), Some(seeds)).unwrap();
                assert_eq!(v.layout(), LayoutKind::Wide, "{name} {pits} x {seeds}");
                all.push(v);
            }
            all
        })
        .clone()
}

/// The built-in variant named `name` (any letter case), at its default size.
pub fn preset_named(name: &str) -> Option<Variant> {
    presets().into_iter().find(|v| v.name().eq_ignore_ascii_case(name))
}

/// The variant of [`variants`] picked by `byte`: a preset, or a size of
/// the wide layout.
pub fn variant(byte: u8) -> Variant {
    let all = variants();
    all[byte as usize % all.len()].clone()
}

/// The presets that `p` fits in its layout `L`: each preset resized to
/// `p`'s row length and seeds per pit (when the seeds divide evenly), of
/// the layout `L` and accepted by [`Setup::check_fits`].
pub fn variants_fitting<L: Layout>(p: &Setup<L>) -> Vec<Variant> {
    let n = p.pits_per_side();
    let total = p.total_seeds() as usize;
    if total == 0 || !total.is_multiple_of(2 * n) || total / (2 * n) > u8::MAX as usize {
        return Vec::new();
    }
    let seeds = (total / (2 * n)) as u8;
    presets()
        .into_iter()
        .filter_map(|v| v.resized(Some(n as u8), Some(seeds)).ok())
        .filter(|v| v.layout() == L::KIND)
        .filter(|v| p.check_fits(v).is_ok())
        .collect()
}

/// Every move that could be written on a board of `n` pits a side (each pit
/// plain and in both directions, and each of the opponent's pits taken),
/// and one pit too many.
pub fn candidates(n: usize) -> Vec<Move> {
    let directed = (0..=n as u8).flat_map(|k| {
        [Move::Directed(k, Direction::CounterClockwise), Move::Directed(k, Direction::Clockwise)]
    });
    let takes = (0..=n as u8).map(Move::Take);
    (0..=n as u8).map(Move::Sow).chain(directed).chain(takes).chain([Move::Swap]).collect()
}

/// Checks one position of a game under `v`, in its layout: seeds
/// conserved, the legal moves exactly those `play` accepts, each keeping
/// the seed total, and the text reading back.
pub fn check_position<L: Layout>(v: &Variant, p: &Position<L>, total: u32) {
    assert_eq!(p.total_seeds(), total, "seeds conserved in {p}");
    let legal = p.legal_moves(v);
    for mv in candidates(v.move_pits()) {
        let played = p.play(v, mv);
        assert_eq!(legal.contains(&mv), played.is_ok(), "{p}: move {mv}");
        if let Ok((next, _)) = played {
            assert_eq!(next.total_seeds(), total, "{p}: move {mv} keeps the seeds");
        }
    }
    if p.is_over() {
        assert!(legal.is_empty(), "a finished game has no move: {p}");
        assert!(p.outcome().is_some(), "a finished game has an outcome: {p}");
    }
    let text = p.to_string();
    let back = Setup::<L>::from_str_in(&text).expect("a printed position reads back");
    assert_eq!(back, Setup::from(*p));
}

/// The position after the moves of `game`, replayed one by one from its
/// start with [`Game::play`].
pub fn replay<L: Layout>(game: &Game<L>) -> Position<L> {
    let mut again = Game::from_position(game.variant().clone(), *game.start());
    for &mv in game.moves() {
        again.play(mv).expect("a move the game played is legal when replayed");
    }
    *again.position()
}

/// South then North.
pub const SIDES: [Side; 2] = [Side::South, Side::North];
