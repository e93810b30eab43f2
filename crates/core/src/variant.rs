//! A checked rule set with its board size fixed, compiled into the tables the
//! hot path reads.

use crate::layout::{Layout, LayoutKind};
use crate::rules::{
    EmptyPitCapture, Facing, GrandSlam, Parity, PitDirection, Relay, RuleErrors, Rules,
    StorePlacement, Taken, VariantFileError, MAX_PITS_PER_SIDE,
};
use crate::{Side, Wide};

/// Number of pit cells in a [`crate::Position`]: both rows at the largest size.
pub const MAX_PITS: usize = 2 * MAX_PITS_PER_SIDE;
/// Cell index of South's store in [`crate::Position`] cells; North's is the next.
pub const STORE_CELL: usize = MAX_PITS;
/// Cells in a position: all pits, then South's and North's store.
pub const CELLS: usize = MAX_PITS + 2;
/// Longest sowing ring: both rows and both stores.
pub(crate) const MAX_RING: usize = MAX_PITS + 2;

/// The built-in presets: name and embedded TOML.
const PRESETS: &[(&str, &str)] = &[
    ("kalah", include_str!("../variants/kalah.toml")),
    ("kalah-irving", include_str!("../variants/kalah-irving.toml")),
    ("kalah-classic", include_str!("../variants/kalah-classic.toml")),
    ("mankalah", include_str!("../variants/mankalah.toml")),
    ("oware", include_str!("../variants/oware.toml")),
    ("abapa", include_str!("../variants/abapa.toml")),
    ("awari", include_str!("../variants/awari.toml")),
    ("relay-kalah", include_str!("../variants/relay-kalah.toml")),
    ("toguz-kumalak", include_str!("../variants/toguz-kumalak.toml")),
    ("bohnenspiel", include_str!("../variants/bohnenspiel.toml")),
    ("ouril", include_str!("../variants/ouril.toml")),
    ("mangala", include_str!("../variants/mangala.toml")),
    ("ayoayo", include_str!("../variants/ayoayo.toml")),
    ("congkak", include_str!("../variants/congkak.toml")),
    ("sungka", include_str!("../variants/sungka.toml")),
    ("toguz-korgool", include_str!("../variants/toguz-korgool.toml")),
    ("dakon", include_str!("../variants/dakon.toml")),
    ("vai-lung-thlan", include_str!("../variants/vai-lung-thlan.toml")),
    ("gabata", include_str!("../variants/gabata.toml")),
    ("pallanguzhi", include_str!("../variants/pallanguzhi.toml")),
    ("hus", include_str!("../variants/hus.toml")),
    ("hus-12", include_str!("../variants/hus-12.toml")),
    ("tsoro", include_str!("../variants/tsoro.toml")),
    ("tsoro-bonus", include_str!("../variants/tsoro-bonus.toml")),
    ("um-el-bagara", include_str!("../variants/um-el-bagara.toml")),
    ("eson-xorgol", include_str!("../variants/eson-xorgol.toml")),
    ("kiuthi", include_str!("../variants/kiuthi.toml")),
    ("enkeshui", include_str!("../variants/enkeshui.toml")),
    ("qelat", include_str!("../variants/qelat.toml")),
    ("o-an-quan", include_str!("../variants/o-an-quan.toml")),
];

/// A variant of the wide layout given to what takes only the compact
/// layout's boards ([`Variant::compact_only`]): names both, the board and
/// the compact layout's limits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} takes only boards of the compact layout ({held}), and {name} is {rows} rows of \
     {pits_per_row} pits with {seeds} seeds (the wide layout)",
    held = LayoutKind::Compact.boards_held(),
)]
pub struct NotCompact {
    /// What refuses the board (a command, a part of a program).
    pub what: String,
    /// The variant's name.
    pub name: String,
    /// Its rows (2 or 4).
    pub rows: usize,
    /// Its pits a row.
    pub pits_per_row: usize,
    /// Its seeds in all.
    pub seeds: u32,
}

/// Why a variant could not be made.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// No preset has that name.
    #[error("unknown variant {name:?}; the variants are: {}", preset_names().join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
    },
    /// The requested size is outside what the variant allows.
    #[error(transparent)]
    Rules(#[from] RuleErrors),
    /// A variant file could not be read.
    #[error(transparent)]
    File(#[from] VariantFileError),
}

/// Names of the built-in presets, in the order `mancala variants` lists them.
pub fn preset_names() -> Vec<&'static str> {
    PRESETS.iter().map(|(n, _)| *n).collect()
}

/// A playable variant: checked [`Rules`] at one board size, with the sowing
/// rings and capture tables precomputed.
///
/// Positions are plain data; every operation on them takes the variant.
#[derive(Clone, Debug)]
pub struct Variant {
    rules: Rules,
    pub(crate) n: usize,
    pub(crate) total: u32,
    /// For each side: the cells of its sowing ring in sowing order, starting
    /// at its own first pit, written twice so that a sowing never wraps.
    pub(crate) ring: [[u8; 2 * MAX_RING]; 2],
    pub(crate) ring_len: usize,
    /// The cells below this are pits and end pits (rule `board.end_pits`:
    /// `2n + 2` with end pits, else `2n`); stores are above.
    pub(crate) places: usize,
    /// For each side: the cells of its clockwise sowing ring (stores beside
    /// the board only), starting at its own first pit and going on to the
    /// opponent's last, written twice as `ring`. The mover's pit `k` is at
    /// place `(ring_len - k) % ring_len`.
    pub(crate) ring_cw: [[u8; 2 * MAX_RING]; 2],
    /// For each pit of a row (from its owner's left): the ways it may be
    /// sown, bit 0 counter-clockwise, bit 1 clockwise
    /// (`Rules::pit_directions`); room for a player's pits of every layout
    /// (24 on four rows of the wide layout).
    pub(crate) pit_ways: [u8; crate::layout::WIDE_PIT_CELLS / 2],
    /// Bit `c` set when an Oware-style capture takes a pit holding `c` seeds.
    pub(crate) capture_counts: u64,
    pub(crate) empty_pit: EmptyPitCapture,
    pub(crate) grand_slam: GrandSlam,
    /// Rule switches the hot path reads, copied out of `rules`.
    pub(crate) hot: HotRules,
    /// For the general sowing: bit `c` (of 256) set when a capture by count
    /// or parity takes a pit holding `c` seeds.
    pub(crate) capture_mask: [u64; 4],
    /// The layout the rings were compiled for: their store cells are its
    /// (see [`Variant::layout`]).
    layout: LayoutKind,
}

/// The rule switches read on every move, kept flat beside the tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HotRules {
    pub skip_origin: bool,
    /// `relay = "own"`.
    pub relay: bool,
    /// `relay = "any"` (played by the general sowing).
    pub relay_any: bool,
    /// `relay = "next"` (played by the general sowing).
    pub relay_next: bool,
    /// Sowings may never end (`relay = "any"` or `"next"` with stores
    /// beside the board): listing the legal moves sows each pit on a copy.
    pub endless_check: bool,
    /// `board.rows = 4` (played by the general sowing).
    pub four_rows: bool,
    /// `sowing.min_seeds`: the fewest seeds a move starts from.
    pub min_seeds: u8,
    /// `endless_check || min_seeds > 1 || any_pits || bonus_pits > 0`:
    /// the legal sowings are never simply the mover's pits holding seeds.
    pub filter_always: bool,
    /// `turn.pits = "any"`: a move may start from either row (played by
    /// the general sowing).
    pub any_pits: bool,
    /// `capture.facing` (four rows).
    pub facing: Facing,
    /// `capture.taken = "sown"`.
    pub taken_sown: bool,
    /// `capture.facing_on = "empty"`.
    pub facing_on_empty: bool,
    /// `sowing.forced_singles`.
    pub forced_singles: bool,
    pub extra_turn: bool,
    /// `sowing.relay_direction = "reverse"` (played by the general sowing).
    pub relay_reverse: bool,
    /// `sowing.extra_turn_uncrossed` (played by the general sowing).
    pub extra_turn_uncrossed: bool,
    pub chain: bool,
    pub pie_rule: bool,
    pub must_feed: bool,
    pub majority: bool,
    /// `majority` checked on the fast path of the end checks: without
    /// `end_pits_taken`, whose end comes first (the slow path checks both).
    pub majority_fast: bool,
    /// The end checks always take their slow path: `filter_always ||
    /// end_pits_taken` (the latter's check stays off the fast path).
    pub finish_slow: bool,
    /// `empty_side = "either"`.
    pub either_side_ends: bool,
    /// `pass`: a player who cannot move passes.
    pub pass: bool,
    /// Grand slams must be looked for when listing moves.
    pub slam_check: bool,
    /// The largest capture count (0 without captures by count; counts are
    /// below 64), one more under a chain forwards: an opponent's pit
    /// holding that many seeds or more cannot be emptied by a capture, so
    /// no move is a grand slam (see `Position::no_grand_slam`).
    pub slam_proof_pile: u8,
    /// `stores = "ring"`.
    pub stores_on_ring: bool,
    /// Ring stores and `skip_opponent_store = false`.
    pub sow_opponent_store: bool,
    /// The rules use an element only the general sowing plays
    /// (`Rules::uses_general_sowing`).
    pub general: bool,
    /// `relay || general`: the short sowing does not apply.
    pub relay_or_general: bool,
    /// Some pit sows otherwise than counter-clockwise
    /// (`sowing.direction`): moves are listed by [`Variant::pit_ways`].
    pub directed: bool,
    /// Some pit may be sown either way: its moves are
    /// [`crate::Move::Directed`].
    pub chosen: bool,
    /// Claims beyond one pit of the opponent's row
    /// ([`crate::Rules::many_claims`]): the position keeps them in its
    /// spare cells.
    pub many_claims: bool,
    /// `capture.first_pile_only`.
    pub first_pile_only: bool,
    /// `turn.refill_empty_row`: a mover with an empty row refills it from
    /// their store.
    pub refill: bool,
    /// `board.end_pits > 0`: two end pits on the ring, cells `2n` and
    /// `2n + 1`.
    pub end_pits: bool,
    /// `end.end_pits_taken`.
    pub end_pits_taken: bool,
    /// `capture.bonus_pits`: the takes a facing capture gives.
    pub bonus_pits: u8,
    /// `chosen || bonus_pits > 0`: the legal moves are not only the legal
    /// sowings and the swap, so random moves are drawn from the list.
    pub listed: bool,
    /// `chosen && endless_check || bonus_pits > 0`: the legal moves are
    /// listed by `Position::legal_moves_slow` (each way judged, or takes).
    pub listed_slow: bool,
}

/// What makes `rules`, at their size, too large for `layout`, or `None`
/// when they fit it: the test of the one policy ([`Variant::layout`]),
/// against the layout's limits ([`LayoutKind::limits`]).
fn too_large_for(rules: &Rules, layout: LayoutKind) -> Option<String> {
    let limits = layout.limits();
    let b = &rules.board;
    if rules.four_rows() && b.pits_per_side as usize > limits.pits_per_row_on_four {
        return Some(format!(
            "{} pits a row on four rows (the {} layout holds at most {})",
            b.pits_per_side,
            layout.name(),
            limits.pits_per_row_on_four
        ));
    }
    let total = rules.total_seeds();
    if total > limits.total_seeds {
        return Some(format!(
            "{total} seeds in all (the {} layout holds at most {})",
            layout.name(),
            limits.total_seeds
        ));
    }
    let n = rules.pits_a_side();
    let past = |on: bool, most: usize| on && n > most;
    if past(rules.many_claims(), limits.pits_per_side_with_claims)
        || past(b.end_pits > 0, limits.pits_per_side_with_end_pits)
        || past(rules.rounds.is_some(), limits.pits_per_side_in_rounds)
    {
        return Some(format!(
            "{n} pits a side with claims, end pits or rounds (too many for the {} layout)",
            layout.name()
        ));
    }
    None
}

/// The smallest layout `rules` fit (the widest when none does: the rules'
/// check refuses those).
fn layout_of(rules: &Rules) -> LayoutKind {
    LayoutKind::ALL
        .into_iter()
        .find(|&layout| too_large_for(rules, layout).is_none())
        .unwrap_or(LayoutKind::WIDEST)
}

impl Variant {
    /// A variant from checked rules at their default size, in whichever
    /// layout they need ([`Variant::layout`]): code that is generic over the
    /// layout builds its positions with [`crate::Position::start_in`] of
    /// that layout ([`crate::with_layout`]); [`crate::Position::start`] and
    /// [`crate::Game::new`] are the compact layout's, and what is compact
    /// by nature checks [`Variant::compact_only`] first.
    pub fn new(rules: Rules) -> Result<Variant, RuleErrors> {
        rules.check()?;
        Ok(Variant::compile(rules))
    }

    /// The layout the variant's positions take: the compact layout when the
    /// board and the seeds fit it (at most 8 pits a row on four rows, at
    /// most 255 seeds, and the limits of claims, end pits and rounds:
    /// [`LayoutKind::limits`]), the wide layout otherwise. The one policy:
    /// every front end asks here. A variant made by
    /// [`Variant::in_wide_layout`] answers [`LayoutKind::Wide`].
    pub fn layout(&self) -> LayoutKind {
        self.layout
    }

    /// `Ok` when the variant is played in the compact layout; otherwise the
    /// error of `what` (a part of a program that is compact by nature: the
    /// solver, the endgame databases, the opening books, game records)
    /// refusing the wide board. The one refusal every front end gives.
    pub fn compact_only(&self, what: &str) -> Result<(), NotCompact> {
        match self.layout {
            LayoutKind::Compact => Ok(()),
            LayoutKind::Wide => Err(NotCompact {
                what: what.to_string(),
                name: self.name().to_string(),
                rows: self.rows(),
                pits_per_row: self.pits_per_row(),
                seeds: self.total_seeds(),
            }),
        }
    }

    /// The same variant with its positions in the wide layout, whatever it
    /// fits: for tests that play a compact board both ways.
    pub fn in_wide_layout(&self) -> Variant {
        Variant::compile_for(self.rules.clone(), LayoutKind::Wide)
    }

    /// A built-in preset at its default size.
    pub fn preset(name: &str) -> Result<Variant, VariantError> {
        let (_, text) = PRESETS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| VariantError::Unknown { name: crate::quote(name) })?;
        let rules = Rules::from_toml(text).expect("built-in presets are valid");
        Ok(Variant::compile(rules))
    }

    /// A variant from the text of a variant file, in whichever layout the
    /// rules need ([`Variant::new`]).
    pub fn from_toml(text: &str) -> Result<Variant, VariantError> {
        Ok(Variant::compile(Rules::from_toml(text)?))
    }

    /// All built-in presets at their default sizes.
    pub fn presets() -> Vec<Variant> {
        preset_names().iter().map(|n| Variant::preset(n).expect("preset")).collect()
    }

    /// The same rules at another size; `None` keeps the current value.
    /// Fails with a message naming the allowed range.
    pub fn resized(
        &self,
        pits_per_side: Option<u8>,
        seeds_per_pit: Option<u8>,
    ) -> Result<Variant, RuleErrors> {
        Variant::new(self.rules_resized(pits_per_side, seeds_per_pit))
    }

    /// These rules with the board's size changed where given.
    fn rules_resized(&self, pits_per_side: Option<u8>, seeds_per_pit: Option<u8>) -> Rules {
        let mut rules = self.rules.clone();
        if let Some(p) = pits_per_side {
            rules.board.pits_per_side = p;
        }
        if let Some(s) = seeds_per_pit {
            rules.board.seeds_per_pit = s;
        }
        rules
    }

    /// The same rules at a size given as plain numbers (`None` keeps the
    /// current value), as a user typed them: a number too large for any
    /// variant, or a size the rules do not allow, is refused with a message
    /// naming the variant and the allowed range.
    pub fn at_size(
        &self,
        pits_per_side: Option<u32>,
        seeds_per_pit: Option<u32>,
    ) -> Result<Variant, String> {
        let small = |value: Option<u32>, what: &str| -> Result<Option<u8>, String> {
            value
                .map(|v| {
                    u8::try_from(v)
                        .map_err(|_| format!("{what} {v} is far too large for any variant"))
                })
                .transpose()
        };
        let pits = small(pits_per_side, "pits per side")?;
        let seeds = small(seeds_per_pit, "seeds per pit")?;
        if pits.is_none() && seeds.is_none() {
            return Ok(self.clone());
        }
        self.resized(pits, seeds)
            .map_err(|e| format!("{} cannot be played at that size: {e}", self.name()))
    }

    /// A variant file read from `path` and checked: the file is read no
    /// further than [`crate::MAX_VARIANT_FILE_BYTES`] and one byte, so a
    /// longer file (or a device such as `/dev/zero`) is refused, not read to
    /// its end. Messages name the file.
    pub fn from_file(path: &std::path::Path) -> Result<Variant, String> {
        let text = read_variant_file(path)?;
        Variant::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn compile(rules: Rules) -> Variant {
        let layout = layout_of(&rules);
        Variant::compile_for(rules, layout)
    }

    /// The tables of `rules` for positions of `layout` (which holds them).
    fn compile_for(rules: Rules, layout: LayoutKind) -> Variant {
        // The stores' cells on the rings: the layout's.
        let store_cell = match layout {
            LayoutKind::Compact => STORE_CELL,
            LayoutKind::Wide => Wide::STORE_CELL,
        };
        let n = rules.pits_a_side();
        let four_rows = rules.four_rows();
        let stores_on_ring = rules.board.stores == StorePlacement::Ring;
        let end_pits = rules.board.end_pits > 0;
        let mut ring = [[0u8; 2 * MAX_RING]; 2];
        let mut ring_len = 0;
        for side in Side::ALL {
            let own = side.index() * n;
            let opp = side.opponent().index() * n;
            let mut cells = Vec::with_capacity(MAX_RING);
            cells.extend((own..own + n).map(|c| c as u8));
            if end_pits {
                // The end pit after this row, and after the opponent's below.
                cells.push((2 * n + side.index()) as u8);
            }
            if four_rows {
                // Each player sows round their own two rows alone.
            } else if stores_on_ring {
                cells.push((store_cell + side.index()) as u8);
            }
            if !four_rows {
                cells.extend((opp..opp + n).map(|c| c as u8));
            }
            if end_pits {
                cells.push((2 * n + side.opponent().index()) as u8);
            }
            if !four_rows && stores_on_ring && !rules.sowing.skip_opponent_store {
                cells.push((store_cell + side.opponent().index()) as u8);
            }
            ring_len = cells.len();
            for (i, &c) in cells.iter().chain(cells.iter()).enumerate() {
                ring[side.index()][i] = c;
            }
        }
        let mut ring_cw = [[0u8; 2 * MAX_RING]; 2];
        for side in Side::ALL {
            let own = side.index() * n;
            let cells = 2 * n;
            for i in 0..2 * ring_len {
                let c = if end_pits {
                    // The counter-clockwise ring backwards from the first pit.
                    ring[side.index()][(ring_len - i % ring_len) % ring_len] as usize
                } else if four_rows || stores_on_ring {
                    // Refused by the rules' check: never read.
                    ring[side.index()][i] as usize
                } else {
                    (own + cells - i % cells) % cells
                };
                ring_cw[side.index()][i] = c as u8;
            }
        }
        let mut pit_ways = [1u8; crate::layout::WIDE_PIT_CELLS / 2];
        for (k, ways) in pit_ways.iter_mut().enumerate().take(n) {
            *ways = rules.pit_directions(k, n);
        }
        let ways = &pit_ways[..n];
        let directed = ways.iter().any(|&w| w != 1);
        let chosen = ways.contains(&3);
        let capture_counts = rules.capture.counts.iter().fold(0u64, |m, &c| m | 1u64 << c);
        let general = rules.uses_general_sowing();
        let mut capture_mask = [0u64; 4];
        for c in 1..256usize {
            let by_parity = match rules.capture.parity {
                Parity::Off => false,
                Parity::Even => c % 2 == 0,
                Parity::Odd => c % 2 == 1,
            };
            if by_parity || rules.capture.counts.contains(&(c as u8)) {
                capture_mask[c / 64] |= 1 << (c % 64);
            }
        }
        let any_pits = rules.turn.pits == crate::MovePits::Any;
        let endless = rules.relay_may_loop() && rules.board.stores == StorePlacement::Beside;
        // The legal sowings are never simply the mover's pits holding seeds.
        let filter_always =
            endless || rules.sowing.min_seeds > 1 || any_pits || rules.capture.bonus_pits > 0;
        let hot = HotRules {
            general,
            relay_or_general: general || rules.sowing.relay != Relay::None,
            skip_origin: rules.sowing.skip_origin,
            relay: rules.sowing.relay == Relay::Own,
            relay_any: rules.sowing.relay == Relay::Any,
            relay_next: rules.sowing.relay == Relay::Next,
            endless_check: endless,
            four_rows,
            min_seeds: rules.sowing.min_seeds,
            filter_always,
            any_pits,
            facing: rules.capture.facing,
            taken_sown: rules.capture.taken == Taken::Sown,
            facing_on_empty: rules.capture.facing_on == crate::FacingOn::Empty,
            forced_singles: rules.sowing.forced_singles,
            extra_turn: rules.sowing.extra_turn,
            relay_reverse: rules.sowing.relay_direction == crate::RelayDirection::Reverse,
            extra_turn_uncrossed: rules.sowing.extra_turn_uncrossed,
            chain: rules.capture.chain,
            pie_rule: rules.turn.pie_rule,
            must_feed: rules.turn.must_feed,
            majority: rules.end.majority,
            majority_fast: rules.end.majority && !rules.end.end_pits_taken,
            finish_slow: filter_always || rules.end.end_pits_taken,
            either_side_ends: rules.end.empty_side == crate::EmptySide::Either,
            pass: rules.turn.pass,
            stores_on_ring: rules.board.stores == StorePlacement::Ring,
            sow_opponent_store: rules.board.stores == StorePlacement::Ring
                && !rules.sowing.skip_opponent_store,
            directed,
            chosen,
            many_claims: rules.many_claims(),
            first_pile_only: rules.capture.first_pile_only,
            refill: rules.turn.refill_empty_row,
            end_pits,
            end_pits_taken: rules.end.end_pits_taken,
            bonus_pits: rules.capture.bonus_pits,
            listed: chosen || rules.capture.bonus_pits > 0,
            listed_slow: chosen && endless || rules.capture.bonus_pits > 0,
            slam_check: rules.capture.takes_by_count()
                && matches!(
                    rules.capture.grand_slam,
                    GrandSlam::Forbidden | GrandSlam::OnlyIfForced
                ),
            // The shortcut needs every pit a capture takes to have received
            // a seed of the move's last pile: a relay from any pit (or the
            // next) may end in a short pile whose chain goes back over pits
            // it did not sow, a chain across rows may too, and the even or
            // odd counts reach past what the shortcut's lanes hold.
            slam_proof_pile: if matches!(rules.sowing.relay, Relay::Any | Relay::Next)
                || rules.capture.rows != crate::CaptureRows::Opponent
                || rules.capture.parity != Parity::Off
            {
                0
            } else {
                // A chain forwards takes pits past the last seed, which the
                // last pile did not sow: one holding exactly the largest
                // count is taken as it is, so only a pit holding more is
                // never taken.
                let forwards = rules.capture.chain
                    && rules.capture.chain_direction == crate::ChainDirection::Forwards;
                63u32
                    .checked_sub(capture_counts.leading_zeros())
                    .map_or(0, |c| c as u8 + forwards as u8)
            },
        };
        Variant {
            hot,
            n,
            total: rules.total_seeds(),
            ring,
            ring_len,
            places: 2 * n + if end_pits { 2 } else { 0 },
            ring_cw,
            pit_ways,
            capture_counts,
            capture_mask,
            empty_pit: rules.capture.empty_pit,
            grand_slam: rules.capture.grand_slam,
            rules,
            layout,
        }
    }

    /// Whether a store may lose seeds (`turn.refill_empty_row`), read from
    /// the rule switches kept beside the tables (for the search's bounds).
    #[inline]
    pub fn hot_stores_may_shrink(&self) -> bool {
        self.hot.refill
    }

    /// The same variant with every move sown by the general sowing
    /// ([`crate::Rules::uses_general_elements`]'s path), even where the
    /// fast path applies: the two are checked against each other (the same
    /// positions move by move, `crates/core/tests/general_path.rs`) and
    /// `mancala bench --general` measures what the general path costs.
    pub fn through_general_sowing(&self) -> Variant {
        let mut v = self.clone();
        v.hot.general = true;
        v.hot.relay_or_general = true;
        v
    }

    /// Whether some pit may be sown either way, chosen by the mover: its
    /// moves are [`crate::Move::Directed`] (`sowing.direction`).
    pub fn chooses_direction(&self) -> bool {
        self.hot.chosen
    }

    /// Whether the legal moves are more than the legal sowings
    /// ([`crate::Position::legal_pits`]) and the swap: a direction chosen
    /// ([`Variant::chooses_direction`]) or bonus takes
    /// ([`Variant::bonus_pits`]). Then random moves are drawn from
    /// [`crate::Position::legal_moves`].
    pub fn lists_moves(&self) -> bool {
        self.hot.listed
    }

    /// The bonus takes a facing capture gives (`capture.bonus_pits`; 0:
    /// none): each a [`crate::Move::Take`].
    pub fn bonus_pits(&self) -> u8 {
        self.hot.bonus_pits
    }

    /// The way the mover's pit `k` (0-based from the mover's left) sows
    /// (`sowing.direction`); counter-clockwise past the last pit.
    pub fn pit_direction(&self, k: usize) -> PitDirection {
        match self.pit_ways.get(k) {
            Some(2) => PitDirection::Cw,
            Some(3) => PitDirection::Either,
            _ => PitDirection::Ccw,
        }
    }

    /// Whether the board has two end pits on the ring (`board.end_pits`).
    pub fn has_end_pits(&self) -> bool {
        self.hot.end_pits
    }

    /// The rules this variant plays by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The variant's short name.
    pub fn name(&self) -> &str {
        &self.rules.name
    }

    /// The pits each player owns: the pits of their row, or on four rows
    /// of both their rows (twice `board.pits_per_side`), numbered in the
    /// order the player sows them.
    pub fn pits_per_side(&self) -> usize {
        self.n
    }

    /// How many pits a move may start from, numbered `1..=move_pits()` in
    /// the notation: the mover's own (`pits_per_side`), or under
    /// `turn.pits = "any"` both rows' (`2 * pits_per_side`), counted from
    /// the mover's left round the board.
    pub fn move_pits(&self) -> usize {
        if self.hot.any_pits {
            2 * self.n
        } else {
            self.n
        }
    }

    /// Whether a move may start from a pit of either row (`turn.pits =
    /// "any"`).
    pub fn any_pits(&self) -> bool {
        self.hot.any_pits
    }

    /// Rows of pits on the board: 2 or 4 (`board.rows`).
    pub fn rows(&self) -> usize {
        self.rules.board.rows as usize
    }

    /// Pits in each row of the board (`board.pits_per_side`).
    pub fn pits_per_row(&self) -> usize {
        self.rules.board.pits_per_side as usize
    }

    /// Seeds in each pit at the start: the most a pit holds when the
    /// start is not uniform (`board.start_pits`).
    pub fn seeds_per_pit(&self) -> u8 {
        self.rules.board.seeds_per_pit
    }

    /// Seeds in the whole game.
    pub fn total_seeds(&self) -> u32 {
        self.total
    }

    /// Who moves first.
    pub fn first_player(&self) -> Side {
        self.rules.turn.first
    }
}

/// The text of a variant file, read no further than
/// [`crate::MAX_VARIANT_FILE_BYTES`] and one byte: a longer file (or a
/// device such as `/dev/zero`) is refused, not read to its end.
pub fn read_variant_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let max = crate::MAX_VARIANT_FILE_BYTES;
    let cannot = |e: std::io::Error| format!("cannot read variant file {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("variant file {}: a folder, not a file", path.display()));
    }
    let mut bytes = Vec::new();
    file.take(max as u64 + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() > max {
        return Err(format!(
            "variant file {}: larger than {max} bytes, the most a variant file may hold",
            path.display()
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("variant file {}: not UTF-8 text", path.display()))
}
