//! The order of the word build: each layer in waves of decreasing
//! *potential*, the opponent's row outermost.
//!
//! The potential of a board is `sum(j * seeds in pit j)` over both rows, `j`
//! counting from each row's left (0) towards its owner's store. A move that
//! reaches no store and captures nothing keeps the seeds on the board and
//! moves `k` seeds right along the mover's row (`k * (k + 1) / 2` more
//! potential); handing the turn over swaps the rows and keeps it. So every
//! child in the same layer has more potential than its parent: solving a
//! layer from its highest potential down, every same-layer child is solved
//! before its parent, and the whole layer streams through the pipeline
//! with no recursion.
//!
//! Within a wave, the boards are taken by the opponent's row `O`, then by
//! the mover's row `M`. A board `(M, O)` ranks at `pre(M) + rank(O)`: the
//! boards before row `M` as the first row, then `O` among rows of its seeds.
//! The same-layer children are `(O, M')`, all within the block of boards
//! whose first row is `O` (at most `C(k + n - 1, n - 1)` bytes for `k`
//! seeds), so while one `O` is worked through their values stay in the
//! cache.
//!
//! Most children are also found without sowing or ranking a whole board:
//! what a move does to the mover's row is looked up per row and pit
//! ([`RowMove`]), and the ranks of the opponent's row as it comes out of
//! each kind of move are worked out once per layer ([`LayerRows`]). A
//! child's rank is then one addition; only sowings that come back round
//! into the mover's row are sown as words.

use crate::index::BoardIndex;

/// Every row of `n` pits with up to `most` seeds, grouped by seeds and
/// potential.
pub(super) struct Rows {
    n: usize,
    /// Most seeds a row here holds.
    most: usize,
    /// Potentials a row can have: `0..levels` (`most * (n - 1) + 1`).
    levels: usize,
    /// Rows of group `g = seeds * levels + potential` are `start[g]..start[g + 1]`,
    /// each group in rank order.
    start: Vec<u32>,
    /// A row as byte lanes (pit `j` in byte `j`).
    words: Vec<u64>,
    /// A row's rank among the rows of its seeds.
    ranks: Vec<u64>,
    /// A row's seeds.
    seeds: Vec<u8>,
    /// `moves[i * n + pit]`: what sowing `pit` does to row `i`.
    moves: Vec<RowMove>,
    /// Ranks of boards of both rows.
    index: BoardIndex,
}

/// What sowing one pit of the mover's row does to that row.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RowMove {
    pub kind: MoveKind,
    /// [`MoveKind::Inside`]: the pit the last seed falls in, and whether it
    /// was empty (a capture, if the rules say so).
    pub land: u8,
    pub landed_empty: bool,
    /// [`MoveKind::Inside`]: the rank of the row after the move (its seeds
    /// unchanged); [`MoveKind::Store`] and [`MoveKind::Over`]: of the row
    /// after the move (a seed fewer: in the store).
    pub after: u32,
    /// [`MoveKind::Inside`]: the rank of the row after the move with the
    /// landing pit emptied (by a capture).
    pub after_capture: u32,
    /// [`MoveKind::Store`]: where the row after the move is in [`Rows`]'
    /// order (its index there), for [`LayerRows::store`].
    pub after_row: u32,
    /// The row after the move.
    pub word: u64,
}

/// Where the last seed of a sowing goes, as seen from the mover's row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum MoveKind {
    /// The pit is empty: no move.
    #[default]
    Empty,
    /// The seeds stay in the mover's row.
    Inside,
    /// The last seed falls in the mover's store.
    Store,
    /// The sowing passes the store and ends in the opponent's row, `k`
    /// seeds there: the opponent's first `k` pits get one each.
    Over(u8),
    /// The sowing comes back round into the mover's row: sown as a word.
    Round,
}

/// For one layer: where boards rank by their rows (see [`Rows::layer`]).
pub(super) struct LayerRows {
    /// `pre[i]`: how many boards rank before those whose first row is row
    /// `i` (rows of at most the layer's seeds).
    pub pre: Vec<u64>,
    /// `over[i * (n + 1) + k]`: for row `i` as the opponent's row, with one
    /// seed more in each of its first `k` pits, the same for the layer below
    /// (a seed in the mover's store): the first row of the child of a move
    /// that passes the store.
    pub over: Vec<u64>,
    /// `capture[i * n + p]`: for row `i` as the opponent's row, with pit
    /// `p` emptied by a capture, the same for the layer with those seeds
    /// and the capturing seed gone.
    pub capture: Vec<u64>,
    /// `store[i]`: how many boards of the layer below rank before those
    /// whose first row is row `i` (rows of at most the seeds of the layer
    /// below): the first row of the child of a move that ends in the
    /// mover's store and moves again, row `i` the mover's row after it.
    pub store: Vec<u64>,
}

/// A piece of a wave: the boards whose opponent's row is one of rows
/// `o_from..o_to` and whose mover's row is in group `m_group`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Task {
    pub o_from: u32,
    pub o_to: u32,
    pub m_group: u32,
}

/// Boards a task holds at most (fewer only when one opponent's row has more
/// mover's rows than this): small enough that both threads finish a wave
/// together, big enough that taking a task costs nothing.
const TASK_BOARDS: usize = 4096;

/// Seeds in a row of byte lanes.
fn row_seeds(row: u64) -> usize {
    row.to_le_bytes().iter().map(|&c| c as usize).sum()
}

/// A vector of `len` copies of `value`; an error, not an abort, when the
/// memory is short (a database asked for far beyond this machine).
fn filled<T: Clone>(len: usize, value: T) -> std::io::Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::OutOfMemory,
            format!("the build's row tables need {len} entries more: {e}"),
        )
    })?;
    v.resize(len, value);
    Ok(v)
}

impl Rows {
    /// The rows of `n` pits (at most 8) with up to `most` seeds; an error
    /// if their tables do not fit in memory.
    pub(super) fn new(n: usize, most: usize) -> std::io::Result<Rows> {
        assert!((1..=8).contains(&n), "a row is one word of byte lanes");
        let row_index = BoardIndex::new(n);
        let rows = row_index.count_up_to(most);
        if rows > u32::MAX as u64 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                format!("{rows} rows of {n} pits with up to {most} seeds: too many for the build"),
            ));
        }
        let levels = most * (n - 1) + 1;
        let groups = (most + 1) * levels;
        let potential =
            |row: &[u8]| -> usize { row.iter().enumerate().map(|(j, &c)| j * c as usize).sum() };
        let mut count = vec![0u32; groups + 1];
        let each_row = |f: &mut dyn FnMut(usize, &[u8], u64)| {
            for s in 0..=most {
                let mut row = [0u8; 8];
                row[n - 1] = s as u8;
                let mut rank = 0;
                loop {
                    f(s, &row[..n], rank);
                    rank += 1;
                    if !BoardIndex::next(&mut row[..n]) {
                        break;
                    }
                }
            }
        };
        each_row(&mut |s, row, _| count[s * levels + potential(row) + 1] += 1);
        for g in 0..groups {
            count[g + 1] += count[g];
        }
        let total = count[groups] as usize;
        let mut at = count.clone();
        let (mut words, mut ranks, mut seeds) =
            (filled(total, 0)?, filled(total, 0)?, filled(total, 0)?);
        // `index_of[rows of fewer seeds + rank]`: a row's index here.
        let mut index_of = filled(total, 0u32)?;
        let mut fewer = 0u64;
        each_row(&mut |s, row, rank| {
            let g = s * levels + potential(row);
            let i = at[g] as usize;
            at[g] += 1;
            if rank == 0 && s > 0 {
                fewer = row_index.count_up_to(s - 1);
            }
            index_of[(fewer + rank) as usize] = i as u32;
            let mut lanes = [0u8; 8];
            lanes[..n].copy_from_slice(row);
            words[i] = u64::from_le_bytes(lanes);
            ranks[i] = rank;
            seeds[i] = s as u8;
        });
        let rank_of = |w: u64| row_index.rank(&w.to_le_bytes()[..n]) as u32;
        let mut moves = filled(total * n, RowMove::default())?;
        for (i, &w) in words.iter().enumerate() {
            let row = w.to_le_bytes();
            for pit in 0..n {
                let k = row[pit] as usize;
                if k == 0 {
                    continue;
                }
                let mut after = row;
                after[pit] = 0;
                let kind = if k < n - pit {
                    for c in &mut after[pit + 1..=pit + k] {
                        *c += 1;
                    }
                    MoveKind::Inside
                } else {
                    for c in &mut after[pit + 1..n] {
                        *c += 1;
                    }
                    match k - (n - pit) {
                        0 => MoveKind::Store,
                        over if over <= n => MoveKind::Over(over as u8),
                        _ => MoveKind::Round,
                    }
                };
                let word = u64::from_le_bytes(after);
                let mut m = RowMove { kind, word, after: rank_of(word), ..RowMove::default() };
                if kind == MoveKind::Store {
                    let left = row_seeds(word);
                    let fewer = if left == 0 { 0 } else { row_index.count_up_to(left - 1) };
                    m.after_row = index_of[(fewer + m.after as u64) as usize];
                }
                if kind == MoveKind::Inside {
                    let land = pit + k;
                    m.land = land as u8;
                    m.landed_empty = row[land] == 0;
                    m.after_capture = rank_of(word & !(0xff << (8 * land)));
                }
                moves[i * n + pit] = m;
            }
        }
        Ok(Rows {
            n,
            most,
            levels,
            start: count,
            words,
            ranks,
            seeds,
            moves,
            index: BoardIndex::new(2 * n),
        })
    }

    /// The group of the rows of `seeds` seeds and `potential`.
    fn group(&self, seeds: usize, potential: usize) -> u32 {
        (seeds * self.levels + potential) as u32
    }

    /// The rank of the first board of `seeds` seeds whose first row is
    /// `row` (byte lanes): how many boards rank before those.
    #[inline(always)]
    pub(super) fn first_rank(&self, row: u64, seeds: usize) -> u64 {
        self.index.rank_of_first(&row.to_le_bytes()[..self.n], seeds)
    }

    /// Where the boards of the layer of `seeds` seeds and of the children of
    /// its boards rank by their rows (for the rows of at most `seeds`
    /// seeds; the others are never in the layer).
    pub(super) fn layer(&self, seeds: usize) -> std::io::Result<LayerRows> {
        let n = self.n;
        assert!(seeds <= self.most, "rows cover up to {} seeds", self.most);
        let rows = self.start[(seeds + 1) * self.levels] as usize;
        let mut l = LayerRows {
            pre: filled(rows, 0)?,
            over: filled(rows * (n + 1), 0)?,
            capture: filled(rows * n, 0)?,
            store: match seeds {
                0 => Vec::new(),
                _ => filled(self.start[seeds * self.levels] as usize, 0)?,
            },
        };
        for (i, first) in l.store.iter_mut().enumerate() {
            *first = self.first_rank(self.words[i], seeds - 1);
        }
        for i in 0..rows {
            let (w, row) = (self.words[i], self.seeds[i] as usize);
            l.pre[i] = self.first_rank(w, seeds);
            if row == seeds {
                // The mover's row is empty: the board is over, no children.
                continue;
            }
            // A seed in the store, `k` in the opponent's first pits: the
            // opponent's row gains `k` of the `seeds - 1` left.
            let mut ones = 0u64;
            for k in 0..=n {
                if k > 0 {
                    ones |= 1 << (8 * (k - 1));
                }
                if row + k < seeds {
                    l.over[i * (n + 1) + k] = self.first_rank(w + ones, seeds - 1);
                }
            }
            // A capture of pit `p`: its seeds and the capturing seed leave.
            for p in 0..n {
                let taken = (w >> (8 * p)) as u8 as usize;
                let rest = w & !(0xff << (8 * p));
                l.capture[i * n + p] = self.first_rank(rest, seeds - 1 - taken);
            }
        }
        Ok(l)
    }

    /// The tasks of the layer of `seeds` seeds, highest potential first.
    pub(super) fn tasks(&self, seeds: usize) -> Vec<Task> {
        self.tasks_in_waves(seeds).0
    }

    /// [`Rows::tasks`], and where each wave's tasks start in them (a last
    /// entry: the end): the tasks of wave `i` are `starts[i]..starts[i + 1]`.
    pub(super) fn tasks_in_waves(&self, seeds: usize) -> (Vec<Task>, Vec<usize>) {
        let top = seeds * (self.n - 1);
        let mut tasks = Vec::new();
        let mut starts = Vec::with_capacity(top + 2);
        for wave in (0..=top).rev() {
            starts.push(tasks.len());
            for o_seeds in 0..=seeds {
                let m_seeds = seeds - o_seeds;
                for a in 0..=wave.min(o_seeds * (self.n - 1)) {
                    let b = wave - a;
                    if b > m_seeds * (self.n - 1) {
                        continue;
                    }
                    let m_group = self.group(m_seeds, b);
                    let (os, ms) =
                        (self.group_rows(self.group(o_seeds, a)), self.group_rows(m_group));
                    if os.is_empty() || ms.is_empty() {
                        continue;
                    }
                    let step = (TASK_BOARDS / ms.len()).max(1);
                    for o_from in os.clone().step_by(step) {
                        let o_to = (o_from + step).min(os.end);
                        tasks.push(Task { o_from: o_from as u32, o_to: o_to as u32, m_group });
                    }
                }
            }
        }
        starts.push(tasks.len());
        (tasks, starts)
    }

    /// The rows of a group: `from..to`.
    #[inline]
    pub(super) fn group_rows(&self, g: u32) -> std::ops::Range<usize> {
        self.start[g as usize] as usize..self.start[g as usize + 1] as usize
    }

    #[inline]
    pub(super) fn word(&self, i: usize) -> u64 {
        self.words[i]
    }

    #[inline]
    pub(super) fn rank(&self, i: usize) -> u64 {
        self.ranks[i]
    }

    #[inline]
    pub(super) fn seeds(&self, i: usize) -> usize {
        self.seeds[i] as usize
    }

    /// What sowing each pit of row `i` does to it.
    #[inline]
    pub(super) fn moves(&self, i: usize) -> &[RowMove] {
        &self.moves[i * self.n..][..self.n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tasks of a layer cover each of its boards exactly once, each
    /// board at `pre(M) + rank(O)`, and a wave's boards all have its potential.
    #[test]
    fn waves_cover_a_layer_once_in_rank_order_of_its_rows() {
        for (n, seeds) in [(1, 5), (2, 6), (3, 7), (6, 6)] {
            let rows = Rows::new(n, seeds + 2).unwrap();
            let index = BoardIndex::new(2 * n);
            let pre = rows.layer(seeds).unwrap().pre;
            let mut seen = vec![0u8; index.count(seeds) as usize];
            let mut last_wave = usize::MAX;
            for t in rows.tasks(seeds) {
                for o in t.o_from as usize..t.o_to as usize {
                    for m in rows.group_rows(t.m_group) {
                        let mut board = [0u8; 16];
                        board[..n].copy_from_slice(&rows.word(m).to_le_bytes()[..n]);
                        board[n..2 * n].copy_from_slice(&rows.word(o).to_le_bytes()[..n]);
                        let rank = pre[m] + rows.rank(o);
                        assert_eq!(rank, index.rank(&board[..2 * n]), "{board:?}");
                        seen[rank as usize] += 1;
                        let wave: usize =
                            (0..n).map(|j| j * (board[j] + board[n + j]) as usize).sum();
                        assert!(wave <= last_wave, "waves go down: {wave} after {last_wave}");
                        last_wave = wave;
                    }
                }
            }
            assert!(seen.iter().all(|&c| c == 1), "rows of {n}, {seeds} seeds: every board once");
        }
    }
}
