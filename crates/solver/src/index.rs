//! Combinatorial index of boards: every way to put `k` seeds in `p` pits
//! gets a number from 0 to `C(k + p - 1, p - 1) - 1`, with no gaps.
//!
//! A board is ranked pit by pit: the boards that agree on the pits before
//! pit `i` and hold fewer seeds in pit `i` come first. With `ways(r, m)` the
//! number of ways to put `r` seeds in `m` pits, the boards with `c' < c`
//! seeds in pit `i` number `sum_{v < c} ways(r - v, m - 1)`, a difference of
//! two prefix sums, so ranking costs one table lookup pair per pit.

/// Most pits a ranked board can have (both rows of the largest board).
pub const MAX_RANKED_PITS: usize = 32;
/// Most seeds a ranked board can hold.
pub const MAX_RANKED_SEEDS: usize = 255;

/// Seeds a table row covers: every count up to [`MAX_RANKED_SEEDS`], so
/// that a count masked to a byte indexes a row without a bounds check.
const STRIDE: usize = MAX_RANKED_SEEDS + 1;
const _: () = assert!(STRIDE.is_power_of_two(), "counts are masked into a row");

/// Tables for ranking boards of `pits` pits, flat (one row of `STRIDE`
/// counts per number of pits) for the hot loops of the database builds.
#[derive(Clone, Debug)]
pub struct BoardIndex {
    pits: usize,
    /// `ways[m * STRIDE + r]`: boards of `r` seeds in `m` pits (saturating).
    ways: Vec<u64>,
    /// `below[m * STRIDE + r]`: boards of at most `r` seeds in `m` pits.
    below: Vec<u64>,
}

impl BoardIndex {
    /// Tables for boards of `pits` pits (at most [`MAX_RANKED_PITS`]).
    pub fn new(pits: usize) -> BoardIndex {
        assert!((1..=MAX_RANKED_PITS).contains(&pits));
        let mut ways = vec![0u64; (pits + 1) * STRIDE];
        ways[0] = 1;
        for m in 1..=pits {
            let mut sum = 0u64;
            for r in 0..STRIDE {
                sum = sum.saturating_add(ways[(m - 1) * STRIDE + r]);
                ways[m * STRIDE + r] = sum;
            }
        }
        let mut below = vec![0u64; (pits + 1) * STRIDE];
        for m in 0..=pits {
            let mut acc = 0u64;
            for r in 0..STRIDE {
                acc = acc.saturating_add(ways[m * STRIDE + r]);
                below[m * STRIDE + r] = acc;
            }
        }
        BoardIndex { pits, ways, below }
    }

    /// Pits per board.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// How many boards hold exactly `seeds` seeds.
    pub fn count(&self, seeds: usize) -> u64 {
        self.ways[self.pits * STRIDE + seeds.min(MAX_RANKED_SEEDS)]
    }

    /// How many boards hold at most `seeds` seeds (saturating).
    pub fn count_up_to(&self, seeds: usize) -> u64 {
        self.below[self.pits * STRIDE + seeds.min(MAX_RANKED_SEEDS)]
    }

    /// The rank of a board (its first [`BoardIndex::pits`] cells) among the
    /// boards with the same number of seeds.
    #[inline]
    pub fn rank(&self, board: &[u8]) -> u64 {
        let seeds = board[..self.pits].iter().map(|&c| c as usize).sum();
        self.rank_with_seeds(board, seeds)
    }

    /// [`BoardIndex::rank`] of a board known to hold `seeds` seeds.
    #[inline(always)]
    pub fn rank_with_seeds(&self, board: &[u8], seeds: usize) -> u64 {
        debug_assert_eq!(board[..self.pits].iter().map(|&c| c as usize).sum::<usize>(), seeds);
        // The last pit holds the rest: it adds nothing to the rank.
        match self.pits {
            // Kalah and Oware boards: a length known here unrolls the loop.
            12 => self.rank_before(&board[..11], 12, seeds),
            pits => self.rank_before(&board[..pits - 1], pits, seeds),
        }
    }

    /// How many boards of `seeds` seeds rank before every board whose first
    /// pits are `first`: the rank of the first of them (the rest of the
    /// seeds in the last pit).
    #[inline(always)]
    pub fn rank_of_first(&self, first: &[u8], seeds: usize) -> u64 {
        debug_assert!(first.len() < self.pits);
        self.rank_before(first, self.pits, seeds)
    }

    /// How many boards of `seeds` seeds in `pits` pits (at most
    /// [`BoardIndex::pits`]) rank before every board whose first pits are
    /// `first`. Boards with fewer seeds in pit `i` (and the same pits before
    /// it) come first: with `left` seeds from pit `i` on, they number
    /// `below[m][left] - below[m][left - c]` for the `m` pits after it.
    #[inline(always)]
    fn rank_before(&self, first: &[u8], pits: usize, seeds: usize) -> u64 {
        let mut left = seeds;
        let mut rank = 0u64;
        for (i, &c) in first.iter().enumerate() {
            let row = (pits - 1 - i) * STRIDE;
            rank += self.below_at(row, left) - self.below_at(row, left.wrapping_sub(c as usize));
            left = left.wrapping_sub(c as usize);
        }
        rank
    }

    /// `below[row + r]` for a row start `row = m * STRIDE` with `m <= pits`,
    /// and `r` masked to a byte: always within the table.
    #[inline(always)]
    fn below_at(&self, row: usize, r: usize) -> u64 {
        let at = row + (r & MAX_RANKED_SEEDS);
        debug_assert!(row <= self.pits * STRIDE && at < self.below.len());
        // SAFETY: `row <= pits * STRIDE` (callers pass `m <= pits`) and
        // `r & MAX_RANKED_SEEDS < STRIDE`, so `at < (pits + 1) * STRIDE`,
        // the table's length.
        unsafe { *self.below.get_unchecked(at) }
    }

    /// Writes into `board` (its first [`BoardIndex::pits`] cells) the board
    /// of `seeds` seeds with the given rank (the inverse of
    /// [`BoardIndex::rank`]).
    pub fn unrank(&self, mut rank: u64, seeds: usize, board: &mut [u8]) {
        let pits = self.pits;
        let mut left = seeds;
        for (i, pit) in board[..pits - 1].iter_mut().enumerate() {
            let row = &self.ways[(pits - 1 - i) * STRIDE..][..STRIDE];
            // Within pit i = c there are ways[m][left - c] boards.
            let mut c = 0;
            while rank >= row[left - c] {
                rank -= row[left - c];
                c += 1;
            }
            *pit = c as u8;
            left -= c;
        }
        board[pits - 1] = left as u8;
    }

    /// Turns `board` into the board of the next rank with the same seeds
    /// (much cheaper than [`BoardIndex::unrank`]); false, and `board`
    /// unchanged, for the last board (every seed in the first pit).
    #[inline]
    pub fn next(board: &mut [u8]) -> bool {
        // Ranks order boards by their pits from the first, fewer seeds
        // first; the last pit holds the rest. The next board adds a seed to
        // the pit before the last non-empty pit `j` and puts the rest of
        // pit `j` in the last pit.
        let last = board.len() - 1;
        if last > 0 && board[last] > 0 {
            board[last - 1] += 1;
            board[last] -= 1;
            return true;
        }
        let Some(j) = board.iter().rposition(|&c| c > 0).filter(|&j| j > 0) else {
            return false;
        };
        let rest = board[j] - 1;
        board[j] = 0;
        board[j - 1] += 1;
        board[last] = rest;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        // 12 pits: Kalah's and Oware's boards, ranked by the unrolled loop.
        for (pits, most) in [(1, 7), (2, 7), (4, 7), (6, 7), (12, 5)] {
            let index = BoardIndex::new(pits);
            for seeds in 0..=most {
                let count = index.count(seeds);
                let mut board = vec![0u8; pits];
                for r in 0..count {
                    index.unrank(r, seeds, &mut board);
                    assert_eq!(board.iter().map(|&c| c as usize).sum::<usize>(), seeds);
                    assert_eq!(index.rank(&board), r, "{board:?}");
                    // A board in a longer buffer (as the builders keep
                    // them): only its first `pits` cells count.
                    let mut long = [0u8; 32];
                    long[..pits].copy_from_slice(&board);
                    assert_eq!(index.rank_with_seeds(&long, seeds), r, "{board:?}");
                    let mut back = [0xffu8; 32];
                    index.unrank(r, seeds, &mut back);
                    assert_eq!(back[..pits], board[..], "{board:?}");
                    let mut next = board.clone();
                    let more = BoardIndex::next(&mut next);
                    assert_eq!(more, r + 1 < count, "{board:?}");
                    if more {
                        assert_eq!(index.rank(&next), r + 1, "{board:?} -> {next:?}");
                    } else {
                        assert_eq!(next, board);
                    }
                }
            }
        }
        let index = BoardIndex::new(12);
        assert_eq!(index.count(4), 1365); // C(15, 11)
        assert_eq!(index.count(48), 279_871_768_995); // C(59, 11)
    }
}
