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

/// Tables for ranking boards of up to `pits` pits.
#[derive(Clone, Debug)]
pub struct BoardIndex {
    pits: usize,
    /// `ways[m][r]`: boards of `r` seeds in `m` pits (saturating).
    ways: Vec<Vec<u64>>,
    /// `below[m][r]`: `sum_{t <= r} ways[m][t]`; rows of 256 so that a seed
    /// count masked to a byte indexes them without a bounds check.
    below: Vec<[u64; MAX_RANKED_SEEDS + 1]>,
}

impl BoardIndex {
    /// Tables for boards of `pits` pits (at most [`MAX_RANKED_PITS`]).
    #[allow(clippy::needless_range_loop)] // indexes two tables in step
    pub fn new(pits: usize) -> BoardIndex {
        assert!((1..=MAX_RANKED_PITS).contains(&pits));
        let seeds = MAX_RANKED_SEEDS;
        let mut ways = vec![vec![0u64; seeds + 1]; pits + 1];
        ways[0][0] = 1;
        for m in 1..=pits {
            let mut sum = 0u64;
            for r in 0..=seeds {
                sum = sum.saturating_add(ways[m - 1][r]);
                ways[m][r] = sum;
            }
        }
        let below = (0..=pits)
            .map(|m| {
                let mut row = [0u64; MAX_RANKED_SEEDS + 1];
                let mut acc = 0u64;
                for (r, &w) in ways[m].iter().enumerate() {
                    acc = acc.saturating_add(w);
                    row[r] = acc;
                }
                row
            })
            .collect();
        BoardIndex { pits, ways, below }
    }

    /// Pits per board.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// How many boards hold exactly `seeds` seeds.
    pub fn count(&self, seeds: usize) -> u64 {
        self.ways[self.pits][seeds]
    }

    /// How many boards hold at most `seeds` seeds (saturating).
    pub fn count_up_to(&self, seeds: usize) -> u64 {
        self.below[self.pits][seeds.min(MAX_RANKED_SEEDS)]
    }

    /// The rank of a board among the boards with the same number of seeds.
    #[inline]
    pub fn rank(&self, board: &[u8]) -> u64 {
        debug_assert_eq!(board.len(), self.pits);
        let mut left: usize = board.iter().map(|&c| c as usize).sum();
        let mut rank = 0u64;
        for (i, &c) in board[..self.pits - 1].iter().enumerate() {
            let c = c as usize;
            // Boards with fewer seeds here: the rest hold left - v, v < c (no
            // term when c is 0, with no branch).
            let row = &self.below[self.pits - i - 1];
            rank += row[left & 0xff] - row[(left - c) & 0xff];
            left -= c;
        }
        rank
    }

    /// The board of `seeds` seeds with the given rank (the inverse of
    /// [`BoardIndex::rank`]).
    #[allow(clippy::needless_range_loop)] // the last pit is set after the loop
    pub fn unrank(&self, mut rank: u64, seeds: usize, board: &mut [u8]) {
        debug_assert_eq!(board.len(), self.pits);
        let mut left = seeds;
        for i in 0..self.pits - 1 {
            let m = self.pits - i - 1;
            // Find c: boards with fewer seeds in pit i come first, and within
            // pit i = v there are ways[m][left - v] boards.
            let mut c = 0;
            loop {
                let block = self.ways[m][left - c];
                if rank < block {
                    break;
                }
                rank -= block;
                c += 1;
            }
            board[i] = c as u8;
            left -= c;
        }
        board[self.pits - 1] = left as u8;
    }

    /// Turns `board` into the board of the next rank with the same seeds
    /// (much cheaper than [`BoardIndex::unrank`]); false, and `board`
    /// unchanged, for the last board.
    #[inline]
    pub fn next(board: &mut [u8]) -> bool {
        // Ranks order boards by their pits from the first, fewer seeds
        // first; the last pit holds the rest. The next board moves one seed
        // from the last non-empty pit `j` to pit `j - 1` and the rest of pit
        // `j` to the last pit.
        let Some(j) = board.iter().rposition(|&c| c > 0).filter(|&j| j > 0) else {
            return false;
        };
        let rest = board[j] - 1;
        board[j] = 0;
        board[j - 1] += 1;
        let last = board.len() - 1;
        board[last] = rest;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        for pits in [1, 2, 4, 6] {
            let index = BoardIndex::new(pits);
            for seeds in 0..=7 {
                let count = index.count(seeds);
                let mut board = vec![0u8; pits];
                for r in 0..count {
                    index.unrank(r, seeds, &mut board);
                    assert_eq!(board.iter().map(|&c| c as usize).sum::<usize>(), seeds);
                    assert_eq!(index.rank(&board), r, "{board:?}");
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
