//! The ranks of [`BoardIndex`], computed from flat tables for the hot loops
//! of the database build (the same numbers: checked in the tests).

use crate::index::{BoardIndex, MAX_RANKED_SEEDS};

const STRIDE: usize = MAX_RANKED_SEEDS + 1;

/// Ranking tables for boards of `pits` pits and up to `MAX_RANKED_SEEDS`
/// seeds.
#[derive(Clone, Debug)]
pub(super) struct Ranker {
    pits: usize,
    /// `ways[m * STRIDE + r]`: boards of `r` seeds in `m` pits.
    ways: Vec<u64>,
    /// `below[m * STRIDE + r]`: boards of at most `r` seeds in `m` pits.
    below: Vec<u64>,
}

impl Ranker {
    pub(super) fn new(index: &BoardIndex) -> Ranker {
        let pits = index.pits();
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
        Ranker { pits, ways, below }
    }

    /// The rank of a board of `pits` pits holding `seeds` seeds in all.
    #[inline(always)]
    pub(super) fn rank(&self, board: &[u8], seeds: usize) -> u64 {
        debug_assert_eq!(board[..self.pits].iter().map(|&c| c as usize).sum::<usize>(), seeds);
        debug_assert!(seeds <= MAX_RANKED_SEEDS);
        match self.pits {
            12 => self.rank_of::<12>(board, seeds),
            _ => self.rank_of_any(board, seeds),
        }
    }

    /// [`Ranker::rank`] for a board size known at compile time (the loop
    /// unrolled).
    #[inline(always)]
    fn rank_of<const PITS: usize>(&self, board: &[u8], seeds: usize) -> u64 {
        let board: &[u8; PITS] = board[..PITS].try_into().expect("a whole board");
        let mut left = seeds;
        let mut rank = 0u64;
        for (i, &c) in board[..PITS - 1].iter().enumerate() {
            let row = (PITS - 1 - i) * STRIDE;
            rank += self.below_at(row + left) - self.below_at(row + left - c as usize);
            left -= c as usize;
        }
        rank
    }

    fn rank_of_any(&self, board: &[u8], seeds: usize) -> u64 {
        let mut left = seeds;
        let mut rank = 0u64;
        for (i, &c) in board[..self.pits - 1].iter().enumerate() {
            let row = (self.pits - 1 - i) * STRIDE;
            rank += self.below_at(row + left) - self.below_at(row + left - c as usize);
            left -= c as usize;
        }
        rank
    }

    /// `below[at]`, for `at = m * STRIDE + r` with `m <= pits` and
    /// `r <= MAX_RANKED_SEEDS` (a board's pits never hold more seeds than
    /// the board: the callers pass boards of `seeds` seeds).
    #[inline(always)]
    fn below_at(&self, at: usize) -> u64 {
        debug_assert!(at < self.below.len());
        // SAFETY: `at < (pits + 1) * STRIDE == below.len()`, as above.
        unsafe { *self.below.get_unchecked(at) }
    }

    /// The board of `seeds` seeds with the given rank.
    #[inline]
    pub(super) fn unrank(&self, mut rank: u64, seeds: usize, board: &mut [u8; 32]) {
        debug_assert!(seeds <= MAX_RANKED_SEEDS);
        let mut left = seeds;
        for (i, pit) in board[..self.pits - 1].iter_mut().enumerate() {
            let row = &self.ways[(self.pits - 1 - i) * STRIDE..][..STRIDE];
            let mut c = 0;
            // Within pit i = c there are ways[m][left - c] boards.
            while rank >= row[left - c] {
                rank -= row[left - c];
                c += 1;
            }
            *pit = c as u8;
            left -= c;
        }
        board[self.pits - 1] = left as u8;
    }
}
