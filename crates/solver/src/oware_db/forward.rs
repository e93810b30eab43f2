//! Forward move generation for the database build: the rules of
//! `mancala_core` for stores beside the board and no relay sowing, on bare
//! boards (the mover's row first), every sowing done once.
//!
//! `mancala_core` stays the authority: [`Sower::check_with_core`] compares a
//! board's moves with `Position`'s, the tests do so on every board of small
//! layers of many rule sets, and the build does so on a sample of the boards
//! of every layer (a difference stops the build with an error).

use mancala_core::{EmptyPitCapture, GrandSlam, Move, Rules, Setup, Side, Variant};

/// A board: the mover's row from their left, then the opponent's; cells
/// past `2n` are zero.
pub(super) type Board = [u8; 32];

/// What one sowing does.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sowing {
    /// The board after the move, still from the mover's side (their row
    /// first).
    pub board: Board,
    /// Seeds captured by the mover.
    pub captured: u8,
    /// The capture would take every seed of the opponent (a grand slam).
    pub grand_slam: bool,
}

/// What one sowing of a board of at most 16 cells does ([`Sowing`] in one
/// word).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Small {
    pub board: u128,
    pub captured: u8,
    pub grand_slam: bool,
}

/// `RUNS[a][m]`: one seed in each of the cells `a..a + m` below 16.
const RUNS: [[u128; 17]; 17] = {
    let mut t = [[0u128; 17]; 17];
    let mut a = 0;
    while a < 17 {
        let mut m = 0;
        while m < 17 {
            t[a][m] = runs(a, m);
            m += 1;
        }
        a += 1;
    }
    t
};

/// One seed in each of the cells `a..a + m` below 16.
const fn runs(a: usize, m: usize) -> u128 {
    let mut x = 0u128;
    let mut c = a;
    while c < a + m && c < 16 {
        x |= 1 << (8 * c);
        c += 1;
    }
    x
}

/// The seeds of a board word (fewer than 256 in all).
#[inline(always)]
fn byte_sum(x: u128) -> u32 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let ones = 0x0101_0101_0101_0101u64;
    ((lo.wrapping_mul(ones) >> 56) + (hi.wrapping_mul(ones) >> 56)) as u32
}

/// The moves of a board.
#[derive(Clone, Copy, Debug)]
pub(super) enum Moves {
    /// The game is over at this board: the mover's seeds minus the
    /// opponent's (each side takes its own).
    Over(i32),
    /// The legal pits (bit `k`: the mover's pit `k`), with every non-empty
    /// pit's sowing.
    Legal(u32),
}

/// The rules of sowing and capture, flattened.
#[derive(Clone, Debug)]
pub(super) struct Sower {
    n: usize,
    skip_origin: bool,
    /// Bit `c`: a `counts` capture takes a pit of `c` seeds.
    counts: u64,
    chain: bool,
    grand_slam: GrandSlam,
    empty_pit: EmptyPitCapture,
    must_feed: bool,
    either_side_ends: bool,
    /// Grand slams must be looked for when listing moves.
    slam_check: bool,
    /// For boards of at most 16 cells as one `u128` (byte `c` is cell `c`):
    /// one seed in every cell, and the masks of the mover's and the
    /// opponent's cells.
    all_cells: u128,
    own_cells: u128,
    opponent_cells: u128,
}

impl Sower {
    pub(super) fn new(rules: &Rules, n: usize) -> Sower {
        let counts = rules.capture.counts.iter().filter(|&&c| c < 64).fold(0, |m, &c| m | 1 << c);
        Sower {
            n,
            skip_origin: rules.sowing.skip_origin,
            counts,
            chain: rules.capture.chain,
            grand_slam: rules.capture.grand_slam,
            empty_pit: rules.capture.empty_pit,
            must_feed: rules.turn.must_feed,
            either_side_ends: rules.end.empty_side == mancala_core::EmptySide::Either,
            slam_check: counts != 0
                && matches!(
                    rules.capture.grand_slam,
                    GrandSlam::Forbidden | GrandSlam::OnlyIfForced
                ),
            all_cells: runs(0, 2 * n),
            own_cells: runs(0, n) * 0xff,
            opponent_cells: runs(n, n) * 0xff,
        }
    }

    #[inline(always)]
    fn takes(&self, c: u8) -> bool {
        c < 64 && self.counts >> c & 1 != 0
    }

    /// Sows the mover's pit `k` (not empty) of `b`.
    #[inline(always)]
    pub(super) fn sow(&self, b: &Board, k: usize) -> Sowing {
        let n = self.n;
        let cells = 2 * n;
        let mut q = *b;
        let seeds = q[k] as usize;
        q[k] = 0;
        let eff = cells - self.skip_origin as usize;
        let (laps, rest) = if seeds < eff { (0, seeds) } else { (seeds / eff, seeds % eff) };
        if laps > 0 {
            for c in q[..cells].iter_mut() {
                *c += laps as u8;
            }
            if self.skip_origin {
                q[k] -= laps as u8;
            }
        }
        let mut last = k;
        if rest == 0 {
            // Whole laps: the last seed is in the last cell of the ring.
            last = if self.skip_origin { (k + cells - 1) % cells } else { k };
        } else {
            for _ in 0..rest {
                last += 1;
                if last == cells {
                    last = 0;
                }
                if self.skip_origin && last == k {
                    last += 1;
                    if last == cells {
                        last = 0;
                    }
                }
                q[last] += 1;
            }
        }
        let mut sowing = Sowing { board: q, captured: 0, grand_slam: false };
        if last < n {
            if self.empty_pit != EmptyPitCapture::Off && q[last] == 1 {
                let opposite = cells - 1 - last;
                let taken = q[opposite];
                if taken > 0 || self.empty_pit == EmptyPitCapture::Always {
                    sowing.captured = taken + 1;
                    sowing.board[opposite] = 0;
                    sowing.board[last] = 0;
                }
            }
        } else if self.takes(q[last]) {
            let mut first = last;
            let mut taken = q[last] as u32;
            if self.chain {
                while first > n && self.takes(q[first - 1]) {
                    first -= 1;
                    taken += q[first] as u32;
                }
            }
            let opponent: u32 = q[n..cells].iter().map(|&c| c as u32).sum();
            if taken == opponent {
                sowing.grand_slam = true;
                if self.grand_slam == GrandSlam::CapturesNothing {
                    return sowing;
                }
            }
            sowing.board[first..=last].fill(0);
            sowing.captured = taken as u8;
        }
        sowing
    }

    /// The moves of board `b`, its non-empty pits' sowings in `out`.
    #[inline(always)]
    pub(super) fn moves(&self, b: &Board, out: &mut [Sowing; 16]) -> Moves {
        let n = self.n;
        let cells = 2 * n;
        let mine: u32 = b[..n].iter().map(|&c| c as u32).sum();
        let theirs: u32 = b[n..cells].iter().map(|&c| c as u32).sum();
        let over = Moves::Over(mine as i32 - theirs as i32);
        if mine == 0 || (self.either_side_ends && theirs == 0) {
            return over;
        }
        let mut mask = 0u32;
        for (k, &c) in b[..n].iter().enumerate() {
            if c != 0 {
                mask |= 1 << k;
                out[k] = self.sow(b, k);
            }
        }
        if self.must_feed && theirs == 0 {
            mask = moves_where(mask, |k| out[k].board[n..cells].iter().any(|&c| c != 0));
        }
        self.legal(mask, |k| out[k].grand_slam, over)
    }

    /// Sows the mover's pit `k` (not empty) of a board of at most 16 cells
    /// held in one word: [`Sower::sow`] without a loop over the seeds.
    #[inline(always)]
    pub(super) fn sow_small(&self, b: u128, bytes: &[u8; 16], k: usize) -> Small {
        let n = self.n;
        let cells = 2 * n;
        debug_assert!(cells <= 16 && k < n);
        let seeds = bytes[k] as usize;
        let mut q = b & !(0xffu128 << (8 * k));
        let eff = cells - self.skip_origin as usize;
        let (laps, rest) = if seeds < eff { (0, seeds) } else { (seeds / eff, seeds % eff) };
        if laps > 0 {
            q += laps as u128 * self.all_cells;
            if self.skip_origin {
                q -= (laps as u128) << (8 * k);
            }
        }
        let last = if rest == 0 {
            // Whole laps: the last seed is in the last cell of the ring.
            if self.skip_origin {
                (k + cells - 1) % cells
            } else {
                k
            }
        } else {
            // The cells after k to the end of the board, then from cell 0
            // (never back to k: a lap is more than `rest`).
            let head = rest.min(cells - 1 - k);
            let tail = rest - head;
            q += RUNS[k + 1][head] + RUNS[0][tail];
            if tail > 0 {
                tail - 1
            } else {
                k + head
            }
        };
        let mut sowing = Small { board: q, captured: 0, grand_slam: false };
        let cell = q.to_le_bytes();
        let c = cell[last & 15];
        if last < n {
            if self.empty_pit != EmptyPitCapture::Off && c == 1 {
                let opposite = cells - 1 - last;
                let taken = cell[opposite & 15];
                if taken > 0 || self.empty_pit == EmptyPitCapture::Always {
                    sowing.captured = taken + 1;
                    sowing.board &= !(0xffu128 << (8 * opposite) | 0xffu128 << (8 * last));
                }
            }
        } else if self.takes(c) {
            let mut first = last;
            let mut taken = c as u32;
            if self.chain {
                while first > n && self.takes(cell[(first - 1) & 15]) {
                    first -= 1;
                    taken += cell[first & 15] as u32;
                }
            }
            if taken == byte_sum(q & self.opponent_cells) {
                sowing.grand_slam = true;
                if self.grand_slam == GrandSlam::CapturesNothing {
                    return sowing;
                }
            }
            sowing.board &= !(RUNS[first][last + 1 - first] * 0xff);
            sowing.captured = taken as u8;
        }
        sowing
    }

    /// [`Sower::moves`] for a board of at most 16 cells held in one word.
    #[inline(always)]
    pub(super) fn moves_small(&self, b: u128, out: &mut [Small; 8]) -> Moves {
        let n = self.n;
        let mine = byte_sum(b & self.own_cells);
        let theirs = byte_sum(b & self.opponent_cells);
        let over = Moves::Over(mine as i32 - theirs as i32);
        if mine == 0 || (self.either_side_ends && theirs == 0) {
            return over;
        }
        let bytes = b.to_le_bytes();
        let mut mask = 0u32;
        for (k, slot) in out.iter_mut().enumerate().take(n) {
            if bytes[k] != 0 {
                mask |= 1 << k;
                *slot = self.sow_small(b, &bytes, k);
            }
        }
        if self.must_feed && theirs == 0 {
            mask = moves_where(mask, |k| out[k].board & self.opponent_cells != 0);
        }
        self.legal(mask, |k| out[k].grand_slam, over)
    }

    /// The legal moves among the sowings `mask` (after the feeding rule)
    /// under the grand-slam rule, or `over` when there are none.
    #[inline(always)]
    fn legal(&self, mut mask: u32, grand_slam: impl Fn(usize) -> bool, over: Moves) -> Moves {
        if self.slam_check {
            let rest = mask & !moves_where(mask, grand_slam);
            if !(self.grand_slam == GrandSlam::OnlyIfForced && rest == 0) {
                mask = rest;
            }
        }
        if mask == 0 {
            return over;
        }
        Moves::Legal(mask)
    }

    /// The board after a sowing of a small board, from the opponent's side
    /// (their row first), as [`Board`] bytes.
    #[inline(always)]
    pub(super) fn turned_small(&self, q: u128) -> [u8; 16] {
        let n = self.n;
        (((q >> (8 * n)) & self.own_cells) | ((q & self.own_cells) << (8 * n))).to_le_bytes()
    }

    /// [`Sower::check_with_core`] for the small-board moves.
    pub(super) fn check_small_with_core(&self, v: &Variant, b: &Board) -> Result<(), String> {
        let mut small = [Small::default(); 8];
        let word = u128::from_le_bytes(b[..16].try_into().expect("16 bytes"));
        let fast = self.moves_small(word, &mut small);
        let mut out = [Sowing::default(); 16];
        for (o, s) in out.iter_mut().zip(&small) {
            o.board[..16].copy_from_slice(&s.board.to_le_bytes());
            o.captured = s.captured;
            o.grand_slam = s.grand_slam;
        }
        check_moves(v, self.n, b, fast, &out)
    }

    /// Compares the moves of `b` with `mancala_core`'s: whether the game is
    /// over and its value, the legal pits, and each legal move's capture
    /// and board. `Err` names the first difference.
    pub(super) fn check_with_core(&self, v: &Variant, b: &Board) -> Result<(), String> {
        let mut out = [Sowing::default(); 16];
        let fast = self.moves(b, &mut out);
        check_moves(v, self.n, b, fast, &out)
    }
}

/// Compares moves found for `b` (`fast`, with the non-empty pits' sowings
/// in `out`) with `mancala_core`'s. `Err` names the first difference.
pub(super) fn check_moves(
    v: &Variant,
    n: usize,
    b: &Board,
    fast: Moves,
    out: &[Sowing; 16],
) -> Result<(), String> {
    let pos = Setup::from_rows(&b[..n], &b[n..2 * n], [0, 0], Side::South)
        .map_err(|e| e.to_string())?
        .position_unchecked()
        .settled(v);
    let differ = |what: &str| Err(format!("board {:?}: {what}", &b[..2 * n]));
    match fast {
        Moves::Over(value) => {
            if !pos.is_over() || pos.store_margin() != value {
                return differ("game over or its value");
            }
        }
        Moves::Legal(mask) => {
            if pos.is_over() || pos.legal_pits(v) != mask {
                return differ("legal pits");
            }
            let mut m = mask;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut child = pos;
                child.play_unchecked(v, Move::Sow(k as u8));
                let s = &out[k];
                let side = |row: &[u8]| row.iter().map(|&c| c as u32).sum::<u32>();
                // A child that is over has had its seeds collected: each
                // side took its own.
                let (mine, theirs) = if child.is_over() {
                    (side(&s.board[..n]), side(&s.board[n..2 * n]))
                } else {
                    (0, 0)
                };
                if child.store(Side::South) as u32 != s.captured as u32 + mine
                    || child.store(Side::North) as u32 != theirs
                    || child.to_move() != Side::North
                {
                    return differ(&format!("capture of pit {}", k + 1));
                }
                if !child.is_over()
                    && (child.row(Side::South) != &s.board[..n]
                        || child.row(Side::North) != &s.board[n..2 * n])
                {
                    return differ(&format!("board after pit {}", k + 1));
                }
            }
        }
    }
    Ok(())
}

/// The moves of `mask` (a bit per pit) for which `pick` holds.
#[inline(always)]
fn moves_where(mask: u32, pick: impl Fn(usize) -> bool) -> u32 {
    let mut picked = 0;
    let mut m = mask;
    while m != 0 {
        let k = m.trailing_zeros() as usize;
        m &= m - 1;
        if pick(k) {
            picked |= 1 << k;
        }
    }
    picked
}
