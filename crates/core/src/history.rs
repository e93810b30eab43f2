//! The positions a new position could repeat, for the repetition rule.

use crate::{Position, Side};

/// The positions since the stores last changed. Stores never shrink during
/// play, so only these can equal a later position: the window is cleared
/// whenever the stores change and stays short. Allocates only while it grows
/// past its largest size so far.
#[derive(Clone, Debug, Default)]
pub struct RepetitionWindow {
    stores: (u8, u8),
    seen: Vec<(u64, Position)>,
}

impl RepetitionWindow {
    /// An empty window.
    pub fn new() -> RepetitionWindow {
        RepetitionWindow { stores: (0, 0), seen: Vec::with_capacity(64) }
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.seen.clear();
    }

    /// Records `p` and says whether it occurred before.
    #[inline]
    pub fn record(&mut self, p: &Position) -> bool {
        let stores = (p.store(Side::South), p.store(Side::North));
        if stores != self.stores {
            self.seen.clear();
            self.stores = stores;
        }
        let key = p.key();
        if self.seen.iter().any(|(k, q)| *k == key && q == p) {
            return true;
        }
        self.seen.push((key, *p));
        false
    }
}
