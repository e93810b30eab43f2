//! The positions a new position could repeat, for the repetition rule.

use std::collections::HashSet;

use crate::layout::{Count, Layout};
use crate::{Compact, Position, Side, Variant};

/// The positions since the stores last changed. Stores never shrink during
/// play, so only these can equal a later position: the window is cleared
/// whenever the stores change and stays short. Allocates only while it grows
/// past its largest size so far. Generic over the positions' [`Layout`];
/// `RepetitionWindow` alone is the compact layout's.
#[derive(Clone, Debug, Default)]
pub struct RepetitionWindow<L: Layout = Compact> {
    stores: (L::Cell, L::Cell),
    /// Boards of at most 8 pits a side: a position of the window is exactly
    /// its 16 pit bytes and its turn state (the stores are the window's).
    short: Vec<(u128, u32)>,
    /// A 256-bit Bloom filter of `short`: most new positions miss it and
    /// need no scan.
    filter: [u64; 4],
    /// Keys of the positions, apart for a tight scan; the positions only
    /// settle a key match.
    keys: Vec<u64>,
    seen: Vec<Position<L>>,
    /// Once `short` (or `seen`) holds [`SCAN`] positions (a long stretch
    /// without a capture), its positions are looked up here instead of
    /// scanned, so that a record costs the same however long the window
    /// grows (the scan made a long game quadratic).
    short_set: HashSet<(u128, u32)>,
    seen_set: HashSet<Position<L>>,
    /// Positions recorded since the stores last changed (or the window was
    /// cleared): one more than the moves in a row without a capture.
    recorded: usize,
    /// Every position since the window was cleared is kept, not only
    /// those since the stores last changed: for rules whose stores may
    /// shrink ([`crate::Rules::stores_may_shrink`]).
    whole_game: bool,
    /// Whether a position's short form is looked for.
    short_forms: ShortForms,
}

/// Whether [`RepetitionWindow::record`] keeps a position in its short form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum ShortForms {
    /// Position by position ([`Position::short_form`]): the window knows
    /// nothing of the rules.
    #[default]
    Judged,
    /// Always: the rules' positions always have one (see
    /// [`RepetitionWindow::for_rules`]).
    Always,
    /// Never: every position is kept whole.
    Never,
}

/// The window's size up to which it is scanned (filter, then a tight scan).
const SCAN: usize = 64;

impl RepetitionWindow {
    /// An empty window.
    pub fn new() -> RepetitionWindow {
        RepetitionWindow::new_in()
    }
}

impl<L: Layout> RepetitionWindow<L> {
    /// An empty window, for positions of layout `L` (a window for a
    /// game of another layout than the compact one, which
    /// [`RepetitionWindow::new`] gives).
    pub fn new_in() -> RepetitionWindow<L> {
        RepetitionWindow {
            stores: (L::Cell::ZERO, L::Cell::ZERO),
            short: Vec::with_capacity(64),
            filter: [0; 4],
            keys: Vec::with_capacity(64),
            seen: Vec::with_capacity(64),
            short_set: HashSet::new(),
            seen_set: HashSet::new(),
            recorded: 0,
            whole_game: false,
            short_forms: ShortForms::Judged,
        }
    }

    /// Sets the window for the positions of `v`: every position kept when
    /// its stores may shrink (as [`RepetitionWindow::keep_whole_game`]),
    /// and the short form of a position taken without a look when the
    /// rules' positions always have one (at most 8 pits a side, no claims,
    /// no end pits, no rounds). Set before the first record;
    /// [`RepetitionWindow::clear`] keeps it.
    pub fn for_rules(&mut self, v: &Variant) {
        self.keep_whole_game(v.rules().stores_may_shrink());
        let plain = L::SHORT_FORMS
            && v.pits_per_row() <= 8
            && !v.has_end_pits()
            && v.rules().claim.count == 0
            && v.rules().rounds.is_none()
            && !v.rules().four_rows();
        if plain && !self.whole_game {
            self.short_forms = ShortForms::Always;
        }
    }

    /// Keeps every position recorded, not only those since the stores last
    /// changed, when `whole_game` (rules whose stores may shrink: a store
    /// can come back to what it held, and with it a position). Set before
    /// the first record; [`RepetitionWindow::clear`] keeps it.
    pub fn keep_whole_game(&mut self, whole_game: bool) {
        self.whole_game = whole_game;
        self.short_forms = if whole_game { ShortForms::Never } else { ShortForms::Judged };
    }

    /// The moves in a row without a capture (after which both stores held
    /// what they held) up to the position recorded last: the count for
    /// [`Position::end_by_history`] (`end.quiet_moves`).
    #[inline]
    pub fn quiet_moves(&self) -> usize {
        self.recorded.saturating_sub(1)
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.short.clear();
        self.filter = [0; 4];
        self.keys.clear();
        self.seen.clear();
        self.short_set.clear();
        self.seen_set.clear();
        self.recorded = 0;
    }

    /// Records `p` and says whether it occurred before.
    #[inline(always)]
    pub fn record(&mut self, p: &Position<L>) -> bool {
        L::record(self, p)
    }

    /// [`RepetitionWindow::record`], for every layout.
    #[inline(always)]
    pub(crate) fn record_in(&mut self, p: &Position<L>) -> bool {
        let stores = (p.store(Side::South), p.store(Side::North));
        if stores != self.stores {
            if self.whole_game {
                self.recorded = 0;
            } else {
                self.clear();
            }
            self.stores = stores;
        }
        self.recorded += 1;
        // The short form leaves the stores out: only within one stretch.
        let short = match self.short_forms {
            ShortForms::Always => Some(L::plain_short_form(p)),
            ShortForms::Judged => L::short_form(p),
            ShortForms::Never => None,
        };
        if let Some(entry) = short {
            if self.short.len() >= SCAN {
                if self.short_set.is_empty() {
                    self.short_set.extend(self.short.iter().copied());
                }
                return !self.short_set.insert(entry);
            }
            let h = ((entry.0 as u64) ^ ((entry.0 >> 64) as u64).rotate_left(27) ^ entry.1 as u64)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                >> 56;
            let (word, bit) = ((h >> 6) as usize, 1u64 << (h & 63));
            if self.filter[word] & bit != 0 && self.short.contains(&entry) {
                return true;
            }
            self.filter[word] |= bit;
            self.short.push(entry);
            return false;
        }
        if self.seen.len() >= SCAN {
            if self.seen_set.is_empty() {
                self.seen_set.extend(self.seen.iter().copied());
            }
            return !self.seen_set.insert(*p);
        }
        let key = p.key();
        for (i, &k) in self.keys.iter().enumerate() {
            if k == key && self.seen[i] == *p {
                return true;
            }
        }
        self.keys.push(key);
        self.seen.push(*p);
        false
    }
}
