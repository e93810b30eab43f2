//! An independent, deliberately simple reference implementation of
//! `docs/rules.md`, and tests that cross-check the real implementation
//! (`Game`, `Position`) against it move by move and by perft.
//!
//! The reference is written from the specification only: a board is a pair of
//! `Vec<u32>` rows and two stores, sowing goes seed by seed around an explicit
//! ring of cells (no lap arithmetic), and every rule is read straight from the
//! public `Rules` fields. It is slow and obvious on purpose.

use std::collections::HashSet;

use mancala_core::{
    preset_names, AfterEmptyFrom, ByPit, CaptureRows, ChainDirection, ClaimRows, ClaimRules,
    Compact, Direction, EmptyPitCapture, EmptySide, Facing, FacingOn, FillFrom, Game, GrandSlam,
    Layout, LayoutKind, Match, Move, MovePits, Parity, PitDirection, Position, Relay,
    RelayDirection, Repetition, RoundStarter, RoundsRules, Rules, SeedsLeft, Side, SowingDirection,
    StartPits, StorePlacement, StoresDrawn, Taken, Variant, Wide, MAX_RELAY_PILES,
};

// ---------------------------------------------------------------------------
// A tiny deterministic PRNG (splitmix64).
// ---------------------------------------------------------------------------

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }
}

// ---------------------------------------------------------------------------
// The reference implementation.
// ---------------------------------------------------------------------------

/// 0 = South, 1 = North.
fn idx(s: Side) -> usize {
    match s {
        Side::South => 0,
        Side::North => 1,
    }
}

fn side_of(i: usize) -> Side {
    if i == 0 {
        Side::South
    } else {
        Side::North
    }
}

/// A cell of the sowing ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// (side index, pit index from that side's own left)
    Pit(usize, usize),
    /// side index
    Store(usize),
    /// The end pit after side index's row (`end_pits`): nobody's.
    End(usize),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Board {
    pits: [Vec<u32>; 2],
    stores: [u32; 2],
    /// For each row (South's, North's) and each of its pits: the side
    /// that has claimed it, if any (rule `[claim]`).
    owner: [Vec<Option<usize>>; 2],
    /// The pits out of play in each row (rule `[rounds]`): they hold no
    /// seed and every sowing passes over them.
    out: [Vec<bool>; 2],
    /// The end pits after South's and North's rows (`end_pits`), and
    /// whether each has been taken at least once.
    ends: [u32; 2],
    taken: [bool; 2],
}

impl Board {
    fn get(&self, c: Cell) -> u32 {
        match c {
            Cell::Pit(s, k) => self.pits[s][k],
            Cell::Store(s) => self.stores[s],
            Cell::End(s) => self.ends[s],
        }
    }
    fn set(&mut self, c: Cell, v: u32) {
        match c {
            Cell::Pit(s, k) => self.pits[s][k] = v,
            Cell::Store(s) => self.stores[s] = v,
            Cell::End(s) => self.ends[s] = v,
        }
    }
    /// The side that owns `c` when it is a claimed pit.
    fn claim_owner(&self, c: Cell) -> Option<usize> {
        match c {
            Cell::Pit(s, k) => self.owner[s][k],
            Cell::Store(_) | Cell::End(_) => None,
        }
    }
    /// The pits side `s` has claimed, on both rows.
    fn claims_of(&self, s: usize) -> usize {
        self.owner.iter().flatten().filter(|&&o| o == Some(s)).count()
    }
    fn side_sum(&self, s: usize) -> u32 {
        self.pits[s].iter().sum()
    }
    fn total(&self) -> u32 {
        self.side_sum(0)
            + self.side_sum(1)
            + self.stores[0]
            + self.stores[1]
            + self.ends[0]
            + self.ends[1]
    }
    /// Every pit's seeds go to the store of the side it lies on; with
    /// `to_empty_side`, when one side is empty, all of them go to the store
    /// of that side; with `to_side`, all of them go to that side's store.
    fn give_seeds_left(&mut self, to_empty_side: bool) {
        self.give_seeds_left_to(to_empty_side, None)
    }
    fn give_seeds_left_to(&mut self, to_empty_side: bool, to_side: Option<usize>) {
        let sums = [self.side_sum(0), self.side_sum(1)];
        for s in 0..2 {
            let to = match sums {
                _ if to_side.is_some() => to_side.unwrap(),
                [0, _] if to_empty_side => 0,
                [_, 0] if to_empty_side => 1,
                _ => s,
            };
            self.stores[to] += sums[s];
            for p in self.pits[s].iter_mut() {
                *p = 0;
            }
            // An end pit's seeds to the player whose row comes before it.
            self.stores[s] += std::mem::take(&mut self.ends[s]);
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct RefPos {
    board: Board,
    to_move: usize,
    /// First move of a pie-rule game still to be made.
    opening: bool,
    /// The pie rule's swap is on offer.
    swap_offered: bool,
    end: Option<&'static str>,
    /// Bonus takes still due to the player to move (`bonus_pits`).
    takes_due: u32,
    /// The moves in a row after which both stores held what they held
    /// (`quiet_moves`): history, not part of the position.
    quiet: Quiet,
}

/// A count kept beside a position that two positions never differ by (the
/// repetition rule compares the positions alone).
#[derive(Clone, Copy, Debug, Default)]
struct Quiet(u32);

impl PartialEq for Quiet {
    fn eq(&self, _: &Quiet) -> bool {
        true
    }
}

impl Eq for Quiet {}

impl std::hash::Hash for Quiet {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// What a sowing did.
struct SowResult {
    board: Board,
    last: Cell,
    /// The sowing never ends (it came back to a board and pile it had
    /// lifted before, or lifted more than `MAX_RELAY_PILES` piles): the
    /// move is not legal.
    looped: bool,
    /// The `counts` capture of this move would take every seed the opponent has.
    grand_slam: bool,
    /// A seed of the move fell in a pit of the opponent's row.
    crossed: bool,
    /// A capture at the end of the move took seeds.
    took: bool,
    /// A facing capture put seeds in the mover's store (four rows,
    /// `taken = "store"`).
    faced: bool,
}

/// Where the last pile of a sowing ended: the cell of its last seed but
/// one (when it had two or more), and whether a relay lifted a pile
/// before it.
struct PileEnd {
    prev: Option<Cell>,
    relayed: bool,
    /// The seeds the last place got: 1, or under `seeds_per_place` the
    /// last group.
    last_group: u32,
}

#[derive(Default, Clone)]
struct Stats {
    relay_pickups: u64,
    /// Moves sown clockwise, and of them the ones whose direction the
    /// mover chose (`direction`).
    clockwise_moves: u64,
    chosen_moves: u64,
    /// Captures chained over more than one pit after a clockwise sowing.
    clockwise_chains: u64,
    /// Captures chained forwards over more than one pit
    /// (`chain_direction = "forwards"`).
    forward_chains: u64,
    /// Piles sown back the other way (`relay_direction = "reverse"`).
    reversed_piles: u64,
    /// Empty-pit captures not made because no seed crossed
    /// (`empty_pit_needs_crossing`), pits taken by `empty_pit_chain`, and
    /// extra turns for a last seed in an own empty pit (`extra_turn_uncrossed`).
    uncrossed_refused: u64,
    chained_empty: u64,
    uncrossed_turns: u64,
    /// Pits sown either way one of whose ways never ends.
    one_way_endless: u64,
    /// Sowings found endless under `relay = "any"`, and under `"own"`
    /// (which docs/rules.md proves never happens).
    relay_loops: u64,
    relay_loops_own: u64,
    /// The most piles a sowing that ended lifted under `relay = "any"`.
    longest_relay: u64,
    swaps: u64,
    claims: u64,
    /// Pits claimed in the mover's own row (`claim.rows = "either"`), as a
    /// pair (`claim.pair`), and instead of a relay (`claim.before_relay`).
    own_row_claims: u64,
    pair_claims: u64,
    claims_before_relay: u64,
    /// Pits made to hold the claim count that were not claimed for lying
    /// away from their row's ends (`own_row_ends`, `opponent_row_ends`),
    /// pits claimed under those rules, and moves whose last pile went
    /// clockwise and claimed (one pit, or a pair).
    row_end_refusals: u64,
    row_end_claims: u64,
    clockwise_claims: u64,
    clockwise_pairs: u64,
    /// Moves whose last seed would have captured but for a relay
    /// (`capture.first_pile_only`).
    captures_after_relay_refused: u64,
    /// Ends where the seeds left went to the player whose side is empty.
    to_empty_side: u64,
    extra_turns: u64,
    /// Turns passed by a player who could not move (rule `pass`).
    passes: u64,
    empty_pit_captures: u64,
    /// Piles sown several seeds a place (`seeds_per_place`), and empty-pit
    /// captures by a last group of more than one seed.
    grouped_piles: u64,
    grouped_empty_pit_captures: u64,
    /// Captures between two equal pits (`between_equal`).
    between_captures: u64,
    /// Pits taken during the sowing (`during_sowing`).
    during_captures: u64,
    /// Pits taken after an empty pit (`after_empty`).
    after_empty_captures: u64,
    /// Piles lifted by `relay = "next"`.
    next_relays: u64,
    /// Captures of the pits facing an inner pit (four rows, `facing`).
    facing_captures: u64,
    /// Of them, the ones whose seeds were sown again (`taken = "sown"`).
    sown_captures: u64,
    /// Moves played on four rows.
    four_row_moves: u64,
    /// Bonus takes made (`bonus_pits`), and captures whose takes lapsed
    /// before all were made (the opponent's pits ran out).
    bonus_takes: u64,
    bonus_lapsed: u64,
    /// Single seeds sown because no pit held two (`forced_singles`).
    forced_singles: u64,
    /// Facing captures from an empty inner pit (`facing_on = "empty"`).
    facing_from_empty: u64,
    /// Ends where every seed left went to the last mover (`seeds_left =
    /// "last-mover"`).
    to_last_mover: u64,
    count_captures: u64,
    grand_slams_played: u64,
    forced_grand_slam_positions: u64,
    ends: std::collections::BTreeMap<&'static str, u64>,
    moves: u64,
    /// Cycles under `repetition = "split"` with an odd seed left.
    split_odd: u64,
    /// Rounds started after a first (`[rounds]`), and the pits out of play
    /// in them.
    rounds: u64,
    out_of_play: usize,
    /// Moves from the opponent's row (`pits = "any"`).
    from_other_row: u64,
    /// Captures after an empty pit not made because the last seed's pit
    /// was empty (`after_empty_from = "occupied"`).
    after_empty_refused: u64,
    /// Ends where seeds left were split (`seeds_left = "split"`).
    split_left: u64,
    /// Piles lifted by `relay = "next"` or `"any"` in a clockwise sowing.
    clockwise_relays: u64,
    /// Pits taken by the chain after an empty pit (`after_empty_chain`),
    /// past the first.
    after_empty_chained: u64,
    /// Rows refilled from their owner's store (`refill_empty_row`).
    refills: u64,
    /// End pits taken (`end_pits`), and moves whose last seed fell in one.
    end_pits_taken: u64,
    end_pit_last: u64,
    /// Mismatches found (each stops its game).
    failures: Vec<(&'static str, String)>,
}

impl std::fmt::Debug for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "end_pits_taken {} end_pit_last {} refills {} clockwise_relays {} after_empty_chained {} moves {} reversed_piles {} uncrossed_refused {} chained_empty {} uncrossed_turns {} one_way_endless {} clockwise_moves {} chosen_moves {} clockwise_chains {} forward_chains {} from_other_row {} after_empty_refused {} split_left {} forced_singles {} facing_from_empty {} four_row_moves {} facing_captures {} sown_captures {} to_last_mover {} passes {} between_captures {} during_captures {} after_empty_captures {} next_relays {} claims {} own_row_claims {} pair_claims {} claims_before_relay {} row_end_refusals {} row_end_claims {} clockwise_claims {} clockwise_pairs {} captures_after_relay_refused {} to_empty_side {} split_odd {} relay_pickups {} relay_loops {} relay_loops_own {} longest_relay {} swaps {} extra_turns {} empty_pit_captures {} \
             count_captures {} grand_slams_played {} forced_grand_slam_positions {} rounds {} out_of_play {} ends {:?}",
            self.end_pits_taken,
            self.end_pit_last,
            self.refills,
            self.clockwise_relays,
            self.after_empty_chained,
            self.moves,
            self.reversed_piles,
            self.uncrossed_refused,
            self.chained_empty,
            self.uncrossed_turns,
            self.one_way_endless,
            self.clockwise_moves,
            self.chosen_moves,
            self.clockwise_chains,
            self.forward_chains,
            self.from_other_row,
            self.after_empty_refused,
            self.split_left,
            self.forced_singles,
            self.facing_from_empty,
            self.four_row_moves,
            self.facing_captures,
            self.sown_captures,
            self.to_last_mover,
            self.passes,
            self.between_captures,
            self.during_captures,
            self.after_empty_captures,
            self.next_relays,
            self.claims,
            self.own_row_claims,
            self.pair_claims,
            self.claims_before_relay,
            self.row_end_refusals,
            self.row_end_claims,
            self.clockwise_claims,
            self.clockwise_pairs,
            self.captures_after_relay_refused,
            self.to_empty_side,
            self.split_odd,
            self.relay_pickups,
            self.relay_loops,
            self.relay_loops_own,
            self.longest_relay,
            self.swaps,
            self.extra_turns,
            self.empty_pit_captures,
            self.count_captures,
            self.grand_slams_played,
            self.forced_grand_slam_positions,
            self.rounds,
            self.out_of_play,
            self.ends
        )
    }
}

/// Sorts a mismatch into one of the disagreements already found (see the
/// report at the top of `report_failures`), or "new".
fn classify<L: Layout>(
    rules: &Rules,
    rp: &RefPos,
    game: &Game<L>,
    played: &[Move],
) -> &'static str {
    let real = game.position();
    // A: with must_feed and grand_slam = "captures-nothing", a grand slam
    // that feeds the empty opponent is a legal move (it captures nothing, so
    // it leaves seeds on their side); the real code ends the game instead.
    if rules.capture.grand_slam == GrandSlam::CapturesNothing
        && rules.turn.must_feed
        && rp.end.is_none()
        && real.end_reason().map(|r| r.name()) == Some("only-grand-slams")
    {
        return "A: must_feed + captures-nothing: only feeding moves are grand slams";
    }
    // B: the end checks do not run after a swap.
    if played.last() == Some(&Move::Swap) && rp.end.is_some() && !real.is_over() {
        return "B: no end checks after swap";
    }
    "new"
}

/// Panics listing the mismatches: how many of each class, and the first few
/// of each.
fn report_failures(stats: &Stats) {
    if stats.failures.is_empty() {
        return;
    }
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut out = String::new();
    for (class, text) in &stats.failures {
        let c = counts.entry(class).or_default();
        *c += 1;
        if *c <= if *class == "new" { 8 } else { 1 } {
            out.push_str(&format!("[{class}] {text}\n\n"));
        }
    }
    panic!("{} games disagreed with the reference: {counts:?}\n\n{out}", stats.failures.len());
}

struct Reference<'a> {
    r: &'a Rules,
    /// The pits each player owns: a row's, or on four rows both rows'.
    n: usize,
    /// Pits in each row (`pits_per_side`).
    p: usize,
    four: bool,
    /// `pits = "any"`: a move may start from a pit of either row, the
    /// pits numbered from the mover's left round the board (2n of them).
    any: bool,
}

impl<'a> Reference<'a> {
    fn new(r: &'a Rules) -> Reference<'a> {
        let p = r.board.pits_per_side as usize;
        let four = r.board.rows == 4;
        let any = r.turn.pits == MovePits::Any;
        Reference { r, n: if four { 2 * p } else { p }, p, four, any }
    }

    /// The start position. `docs/rules.md` only says the end checks run
    /// "after every move"; a start position where the first player has no
    /// legal move (e.g. Oware 1x1: the only move is a forbidden grand slam)
    /// would be a dead end, so the checks also run on the start position
    /// (only check 3 can fire there).
    fn start(&self) -> RefPos {
        let s = self.r.board.seeds_per_pit as u32;
        // `start = "inner-right-half"`: the left half of each inner row, the
        // last floor(p / 2) pits of each player's numbering, starts empty.
        let mut row = vec![s; self.n];
        match self.r.board.start {
            StartPits::All => {}
            StartPits::InnerRightHalf => row[self.n - self.p / 2..].fill(0),
            // The inner row, the pits p + 1 to 2p, starts empty.
            StartPits::Outer => row[self.p..].fill(0),
        }
        // `start_pits`: each row, from its owner's left, as the list says.
        if !self.r.board.start_pits.is_empty() {
            row = self.r.board.start_pits.iter().map(|&c| c as u32).collect();
        }
        let mut p = RefPos {
            board: Board {
                out: [vec![false; self.n], vec![false; self.n]],
                pits: [row.clone(), row],
                stores: [0, 0],
                owner: [vec![None; self.n], vec![None; self.n]],
                ends: [self.r.board.end_pits as u32; 2],
                taken: [false; 2],
            },
            to_move: idx(self.r.turn.first),
            opening: self.r.turn.pie_rule,
            swap_offered: false,
            end: None,
            takes_due: 0,
            quiet: Quiet(0),
        };
        self.end_reason(&mut p, &HashSet::new(), &mut Stats::default());
        p
    }

    /// The ways the mover's pit `k` (0-based) may be sown, as
    /// docs/rules.md's `direction` says: (counter-clockwise, clockwise).
    fn ways(&self, k: usize) -> (bool, bool) {
        let of = |d: PitDirection| match d {
            PitDirection::Ccw => (true, false),
            PitDirection::Cw => (false, true),
            PitDirection::Either => (true, true),
        };
        match self.r.sowing.direction {
            SowingDirection::CounterClockwise => (true, false),
            SowingDirection::Clockwise => (false, true),
            SowingDirection::Chosen => (true, true),
            SowingDirection::ByPit => {
                let b: ByPit = self.r.sowing.by_pit.expect("by-pit has its table");
                let half = self.n / 2;
                if k < half {
                    of(b.left)
                } else if k >= self.n - half {
                    of(b.right)
                } else {
                    of(b.centre)
                }
            }
        }
    }

    /// The sowing ring of `mover` the way a move goes: counter-clockwise
    /// ([`Reference::ring`]), or clockwise: the mover's pit 1, then the
    /// opponent's row from their last pit down to their pit 1, then the
    /// mover's row from their last pit down to their pit 2 (stores beside
    /// the board, two rows: the only board docs/rules.md allows it on).
    fn ring_way(&self, mover: usize, clockwise: bool, b: &Board) -> Vec<Cell> {
        if !clockwise {
            return self.ring(mover, b);
        }
        // With end pits: the one after the opponent's row before their row
        // (backwards), the one after the mover's row before the mover's.
        let ends = self.r.board.end_pits > 0;
        let mut cells = vec![Cell::Pit(mover, 0)];
        if ends {
            cells.push(Cell::End(1 - mover));
        }
        for k in (0..self.n).rev() {
            cells.push(Cell::Pit(1 - mover, k));
        }
        if ends {
            cells.push(Cell::End(mover));
        }
        for k in (1..self.n).rev() {
            cells.push(Cell::Pit(mover, k));
        }
        cells.retain(|&c| !matches!(c, Cell::Pit(s, k) if b.out[s][k]));
        cells
    }

    /// The sowing ring of `mover`, starting at the mover's pit 1 (or the
    /// first in play): pits out of play are not on it (`[rounds]`).
    fn ring(&self, mover: usize, b: &Board) -> Vec<Cell> {
        let mut cells = self.full_ring(mover);
        cells.retain(|&c| !matches!(c, Cell::Pit(s, k) if b.out[s][k]));
        cells
    }

    /// The sowing ring of `mover` on a board with every pit in play.
    fn full_ring(&self, mover: usize) -> Vec<Cell> {
        let opp = 1 - mover;
        let ring_stores = self.r.board.stores == StorePlacement::Ring;
        let mut cells = Vec::new();
        for k in 0..self.n {
            cells.push(Cell::Pit(mover, k));
        }
        if self.four {
            // Four rows: round the mover's own pits alone.
            return cells;
        }
        if ring_stores {
            cells.push(Cell::Store(mover));
        }
        // `end_pits`: one after each row.
        let ends = self.r.board.end_pits > 0;
        if ends {
            cells.push(Cell::End(mover));
        }
        for k in 0..self.n {
            cells.push(Cell::Pit(opp, k));
        }
        if ends {
            cells.push(Cell::End(opp));
        }
        if ring_stores && !self.r.sowing.skip_opponent_store {
            cells.push(Cell::Store(opp));
        }
        cells
    }

    /// Sows the mover's pit `k` (with relays), then applies captures.
    /// `capture_grand_slam`: whether a grand slam captures.
    fn sow(
        &self,
        board: &Board,
        mover: usize,
        (k, clockwise): (usize, bool),
        capture_grand_slam: bool,
        stats: &mut Stats,
    ) -> SowResult {
        // Both ways round: each relayed pile goes the other way under
        // `relay_direction = "reverse"`.
        let rings = [self.ring_way(mover, false, board), self.ring_way(mover, true, board)];
        let reverse = self.r.sowing.relay_direction == RelayDirection::Reverse;
        let mut clockwise = clockwise;
        let mut ring = rings[clockwise as usize].clone();
        let len = ring.len();
        let mut b = board.clone();
        let mut crossed = false;
        // The board, the pit about to be lifted and the way it goes.
        let mut seen: HashSet<(Board, usize, bool)> = HashSet::new();
        // The ring index of the pit picked up: the mover's pit k, or past
        // their row (`pits = "any"`) the opponent's pit k - n.
        let picked =
            if k < self.n { Cell::Pit(mover, k) } else { Cell::Pit(1 - mover, k - self.n) };
        let mut start = ring.iter().position(|&c| c == picked).unwrap();
        let mut last = ring[start];
        let mut looped = false;
        let mut faced = false;
        // The last pile's last seed but one, and whether a relay lifted a
        // pile (`first_pile_only`: no capture after that).
        let mut end = PileEnd { prev: None, relayed: false, last_group: 1 };
        // A claim ended the move before a relay (`before_relay`).
        let mut claimed_early = false;
        let (claims_before, pairs_before) = (stats.claims, stats.pair_claims);
        let mut piles = 0u64;
        let relay = self.r.sowing.relay;
        // Seeds of a facing capture in the mover's hand, sown from the pit
        // after `start` (`taken = "sown"`).
        let mut hand = 0u32;
        loop {
            // A sowing that comes back to a board and pile it lifted before
            // would go round forever; under "any", so is one lifting more
            // than MAX_RELAY_PILES piles.
            piles += 1;
            // Own relays sown back the other way each time may go round for
            // ever too (`relay_direction = "reverse"`).
            let may_loop = matches!(relay, Relay::Any | Relay::Next)
                || (relay == Relay::Own && (self.four || reverse));
            if (hand == 0 && !seen.insert((b.clone(), start, clockwise)))
                || (may_loop && piles > MAX_RELAY_PILES as u64)
            {
                looped = true;
                if matches!(relay, Relay::Any | Relay::Next) || self.four || reverse {
                    stats.relay_loops += 1;
                } else {
                    stats.relay_loops_own += 1;
                }
                break;
            }
            let origin = ring[start];
            let from_hand = hand > 0;
            let mut seeds = if from_hand { std::mem::take(&mut hand) } else { b.get(origin) };
            if !from_hand {
                b.set(origin, 0);
            }
            let mut pos = start;
            end.prev = None;
            // Where the seed sown last so far in this pile fell.
            let mut dropped = None;
            // The first seed back into the origin, unless it is the only one.
            if self.r.sowing.first_seed_in_origin && seeds > 1 && !from_hand {
                b.set(origin, 1);
                seeds -= 1;
                self.take_during(&mut b, origin, mover, end.relayed, stats);
                dropped = Some(origin);
            }
            // `seeds_per_place`: each place gets that many, the last what is
            // left (docs/variant-file.md).
            let group = self.r.sowing.seeds_per_place.max(1) as u32;
            if group > 1 {
                stats.grouped_piles += 1;
            }
            while seeds > 0 {
                pos = (pos + 1) % len;
                if self.r.sowing.skip_origin && pos == start && !from_hand {
                    continue;
                }
                let c = ring[pos];
                if matches!(c, Cell::Pit(s, _) if s != mover) {
                    crossed = true;
                }
                end.prev = dropped;
                dropped = Some(c);
                let drop = group.min(seeds);
                end.last_group = drop;
                // A seed falling into a claimed pit is its owner's.
                match b.claim_owner(c) {
                    Some(owner) => b.stores[owner] += drop,
                    None => {
                        b.set(c, b.get(c) + drop);
                        // A pit this seed makes hold `during_sowing` is
                        // taken at once, unless the seed is its pile's last
                        // and the relay lifts this very pit.
                        if seeds > drop || !self.lifts(&b, mover, c) {
                            self.take_during(&mut b, c, mover, end.relayed, stats);
                        }
                    }
                }
                seeds -= drop;
            }
            last = ring[pos];
            // Four rows: a last seed in one of the mover's inner pits that
            // was not empty, facing the opponent's inner pit (and the outer
            // pit behind it) holding seeds, takes both, instead of a relay.
            if let Cell::Pit(s, j) = last {
                let facing = self.r.capture.facing;
                // The pit was not empty (now 2 or more) or, under
                // `facing_on = "empty"`, was empty (now 1).
                let from_here = match self.r.capture.facing_on {
                    FacingOn::Occupied => b.get(last) >= 2,
                    FacingOn::Empty => b.get(last) == 1,
                };
                if facing != Facing::Off && s == mover && j >= self.p && from_here {
                    let opp = 1 - mover;
                    // Pits numbered from 1: inner j + 1 faces 3p + 1 - (j + 1),
                    // with the outer pit (j + 1) - p behind it.
                    let inner = 3 * self.p - 1 - j;
                    let outer = j - self.p;
                    let (i_seeds, o_seeds) = (b.pits[opp][inner], b.pits[opp][outer]);
                    let takes = i_seeds > 0 && (facing == Facing::Inner || o_seeds > 0);
                    if takes {
                        stats.facing_captures += 1;
                        if self.r.capture.facing_on == FacingOn::Empty {
                            stats.facing_from_empty += 1;
                        }
                        b.pits[opp][inner] = 0;
                        b.pits[opp][outer] = 0;
                        if self.r.capture.taken == Taken::Sown {
                            stats.sown_captures += 1;
                            hand = i_seeds + o_seeds;
                            start = pos;
                            continue;
                        }
                        b.stores[mover] += i_seeds + o_seeds;
                        faced = true;
                        break;
                    }
                }
            }
            // `before_relay`: a claim is looked at whenever a pile's last
            // seed falls, and wins over the relay, ending the move.
            let would_lift = self.lifts(&b, mover, last);
            if self.r.claim.before_relay
                && b.claim_owner(last).is_none()
                && self.claim(&mut b, mover, last, end.prev, stats)
            {
                if would_lift {
                    stats.claims_before_relay += 1;
                }
                claimed_early = true;
                break;
            }
            if self.lifts(&b, mover, last) {
                stats.relay_pickups += 1;
                end.relayed = true;
                if clockwise && relay == Relay::Any {
                    stats.clockwise_relays += 1;
                }
                start = pos;
                if reverse {
                    (clockwise, ring, start) = self.turn_round(&rings, clockwise, &ring, start);
                    stats.reversed_piles += 1;
                }
                continue;
            }
            // Relay "next": after the last seed falls in a pit (claimed or
            // not), the next place along the ring, a pit holding seeds, is
            // lifted and sown on from the place after it.
            let next = (pos + 1) % len;
            // An end pit next ends it, whatever it holds; a last seed in an
            // end pit looks at the next place too.
            if relay == Relay::Next
                && matches!(last, Cell::Pit(..) | Cell::End(_))
                && matches!(ring[next], Cell::Pit(..))
                && b.get(ring[next]) > 0
            {
                stats.next_relays += 1;
                end.relayed = true;
                if clockwise {
                    stats.clockwise_relays += 1;
                }
                start = next;
                if reverse {
                    (clockwise, ring, start) = self.turn_round(&rings, clockwise, &ring, start);
                    stats.reversed_piles += 1;
                }
                continue;
            }
            break;
        }
        if matches!(relay, Relay::Any | Relay::Next) && !looped {
            stats.longest_relay = stats.longest_relay.max(piles);
        }
        let mut grand_slam = false;
        let before = b.stores;
        if !looped && !claimed_early && b.claim_owner(last).is_none() {
            let how = (capture_grand_slam, crossed, clockwise);
            grand_slam = self.settle(&mut b, &ring, mover, (last, &end), how, stats);
        }
        let took = b.stores != before;
        if clockwise && stats.claims > claims_before {
            stats.clockwise_claims += 1;
            if stats.pair_claims > pairs_before {
                stats.clockwise_pairs += 1;
            }
        }
        SowResult { board: b, last, looped, grand_slam, crossed, took, faced }
    }

    /// The other way round from the pit at place `start` of `ring` (going
    /// `clockwise`): the new way, its ring, and that pit's place on it.
    fn turn_round(
        &self,
        rings: &[Vec<Cell>; 2],
        clockwise: bool,
        ring: &[Cell],
        start: usize,
    ) -> (bool, Vec<Cell>, usize) {
        let pit = ring[start];
        let other = rings[!clockwise as usize].clone();
        let at = other.iter().position(|&c| c == pit).unwrap();
        (!clockwise, other, at)
    }

    /// Relay "own" or "any": the last seed of a pile in `c`, a pit that was
    /// not empty (it now holds 2 or more), of the mover's row ("own") or
    /// either row ("any"), not a claimed pit: that pile is lifted and sown
    /// on.
    fn lifts(&self, b: &Board, mover: usize, c: Cell) -> bool {
        let relays_here = match (self.r.sowing.relay, c) {
            (Relay::Own, Cell::Pit(s, _)) => s == mover,
            (Relay::Any, Cell::Pit(..)) => true,
            _ => false,
        };
        relays_here && b.claim_owner(c).is_none() && b.get(c) >= 2
    }

    /// A capture during the sowing: pit `c` (not a store, not a claimed
    /// pit), just given a seed, holds exactly `during_sowing` seeds: they
    /// go to the mover's store.
    /// Under `first_pile_only`, none once a relay has lifted a pile.
    fn take_during(&self, b: &mut Board, c: Cell, mover: usize, relayed: bool, stats: &mut Stats) {
        let during = self.r.capture.during_sowing as u32;
        if relayed && self.r.capture.first_pile_only {
            return;
        }
        if during > 0 && matches!(c, Cell::Pit(..)) && b.get(c) == during {
            stats.during_captures += 1;
            b.set(c, 0);
            b.stores[mover] += during;
        }
    }

    /// Whether a pit holding `c` seeds is taken by a capture by count.
    fn takes(&self, c: u32) -> bool {
        let by_parity = match self.r.capture.parity {
            Parity::Off => false,
            Parity::Even => c > 0 && c.is_multiple_of(2),
            Parity::Odd => c % 2 == 1,
        };
        by_parity || self.r.capture.counts.iter().any(|&k| k as u32 == c)
    }

    /// Whether captures by count take from side `s`'s row.
    fn row_counts(&self, mover: usize, s: usize) -> bool {
        match self.r.capture.rows {
            CaptureRows::Opponent => s != mover,
            CaptureRows::Own => s == mover,
            CaptureRows::Either => true,
        }
    }

    /// The captures and claims where the last seed fell (a pit that is not
    /// claimed, or a store). Returns whether the move is a grand slam.
    fn settle(
        &self,
        b: &mut Board,
        ring: &[Cell],
        mover: usize,
        (last, end): (Cell, &PileEnd),
        (capture_grand_slam, crossed, clockwise): (bool, bool, bool),
        stats: &mut Stats,
    ) -> bool {
        if let Cell::End(_) = last {
            // A last seed in an end pit: the capture after an empty pit
            // only (none after a relay under `first_pile_only`).
            if !(end.relayed && self.r.capture.first_pile_only) {
                stats.end_pit_last += 1;
                self.after_empty(b, ring, mover, last, stats);
            }
            return false;
        }
        if !matches!(last, Cell::Pit(..)) {
            return false;
        }
        // `first_pile_only`: after a relay the move captures nothing; a
        // claim may still be made.
        if end.relayed && self.r.capture.first_pile_only {
            let before = b.stores[mover];
            let mut trial = b.clone();
            let how = (capture_grand_slam, crossed, clockwise);
            let group = (last, end.last_group);
            self.settle_captures(&mut trial, ring, mover, group, how, &mut Stats::default());
            if trial.stores[mover] > before {
                stats.captures_after_relay_refused += 1;
            }
            self.claim(b, mover, last, end.prev, stats);
            return false;
        }
        if let Some(grand_slam) = self.settle_captures(
            b,
            ring,
            mover,
            (last, end.last_group),
            (capture_grand_slam, crossed, clockwise),
            stats,
        ) {
            return grand_slam;
        }
        // 3. A claim (rule `[claim]`).
        if self.claim(b, mover, last, end.prev, stats) {
            return false;
        }
        self.after_empty(b, ring, mover, last, stats);
        false
    }

    /// Captures 1, 1b and 2 of `settle`: `Some(grand slam)` when one of
    /// them applied (it captured, or was a grand slam that captures
    /// nothing), `None` when none did.
    fn settle_captures(
        &self,
        b: &mut Board,
        ring: &[Cell],
        mover: usize,
        (last, last_group): (Cell, u32),
        (capture_grand_slam, crossed, clockwise): (bool, bool, bool),
        stats: &mut Stats,
    ) -> Option<bool> {
        let Cell::Pit(side, j) = last else { return None };
        let opp = 1 - mover;
        // 1. The empty-pit capture (the pit was empty before the last seed,
        // or the last group: it holds that now); when it captures, nothing
        // else happens.
        if side == mover && b.pits[side][j] == last_group {
            let oj = self.n - 1 - j;
            let take = match self.r.capture.empty_pit {
                EmptyPitCapture::Off => false,
                EmptyPitCapture::Always => true,
                EmptyPitCapture::IfOppositeHasSeeds => b.pits[opp][oj] > 0,
            };
            // `empty_pit_needs_crossing`: only after a seed of the move fell
            // in the opponent's row.
            if take && self.r.capture.empty_pit_needs_crossing && !crossed {
                stats.uncrossed_refused += 1;
            } else if take {
                stats.empty_pit_captures += 1;
                if last_group > 1 {
                    stats.grouped_empty_pit_captures += 1;
                }
                let gain = last_group + b.pits[opp][oj];
                b.pits[side][j] = 0;
                b.pits[opp][oj] = 0;
                b.stores[mover] += gain;
                // `empty_pit_chain`: the next pits of the mover's row the way
                // the last pile went (right: j + 1; clockwise, left: j - 1),
                // while empty, take the pits opposite them, at most c.
                let mut k = j as i64;
                for _ in 0..self.r.capture.empty_pit_chain {
                    k += if clockwise { -1 } else { 1 };
                    if k < 0 || k >= self.n as i64 || b.pits[mover][k as usize] != 0 {
                        break;
                    }
                    let ok = self.n - 1 - k as usize;
                    stats.chained_empty += 1;
                    b.stores[mover] += b.pits[opp][ok];
                    b.pits[opp][ok] = 0;
                }
                return Some(false);
            }
        }
        // 1b. Between equal pits (Dakon's mikul): the last seed in an empty
        // pit of the opponent's row whose two neighbours on that row hold
        // the same number of seeds, at least one: both and the seed.
        if self.r.capture.between_equal
            && side == opp
            && b.pits[side][j] == 1
            && j > 0
            && j + 1 < self.n
            && b.pits[side][j - 1] == b.pits[side][j + 1]
            && b.pits[side][j - 1] > 0
        {
            stats.between_captures += 1;
            let gain = 1 + 2 * b.pits[side][j - 1];
            b.pits[side][j - 1] = 0;
            b.pits[side][j] = 0;
            b.pits[side][j + 1] = 0;
            b.stores[mover] += gain;
            return Some(false);
        }
        // 2. The capture by count, chained backwards along the ring (or
        // forwards, `chain_direction`), never back round to the last pit
        // (the ring has no pit out of play on it).
        if self.row_counts(mover, side) && self.takes(b.pits[side][j]) {
            let mut taken = vec![(side, j)];
            if self.r.capture.chain {
                let forwards = self.r.capture.chain_direction == ChainDirection::Forwards;
                let at = ring.iter().position(|&c| c == last).unwrap();
                let mut i = at;
                for _ in 1..ring.len() {
                    i = if forwards {
                        (i + 1) % ring.len()
                    } else {
                        (i + ring.len() - 1) % ring.len()
                    };
                    match ring[i] {
                        Cell::Pit(s, k)
                            if self.row_counts(mover, s) && self.takes(b.pits[s][k]) =>
                        {
                            taken.push((s, k))
                        }
                        _ => break,
                    }
                }
            }
            let sum: u32 = taken.iter().map(|&(s, k)| b.pits[s][k]).sum();
            let from_opp: u32 =
                taken.iter().filter(|t| t.0 == opp).map(|&(s, k)| b.pits[s][k]).sum();
            let grand_slam = from_opp > 0 && from_opp == b.side_sum(opp);
            if !grand_slam || capture_grand_slam {
                stats.count_captures += 1;
                // The ring runs clockwise when its second place is the
                // opponent's last pit.
                if taken.len() > 1 && ring.get(1) == Some(&Cell::Pit(opp, self.n - 1)) && self.n > 1
                {
                    stats.clockwise_chains += 1;
                }
                if taken.len() > 1 && self.r.capture.chain_direction == ChainDirection::Forwards {
                    stats.forward_chains += 1;
                }
                for &(s, k) in &taken {
                    b.pits[s][k] = 0;
                }
                b.stores[mover] += sum;
            }
            return Some(grand_slam);
        }
        None
    }

    /// Capture 4 of `settle`, after an empty pit.
    fn after_empty(
        &self,
        b: &mut Board,
        ring: &[Cell],
        mover: usize,
        last: Cell,
        stats: &mut Stats,
    ) {
        // 4. After an empty pit: the place after the last seed is an empty
        // pit and the place after that a pit holding seeds: it is taken.
        if self.r.capture.after_empty {
            let at = ring.iter().position(|&c| c == last).unwrap();
            let empty = ring[(at + 1) % ring.len()];
            let taken = ring[(at + 2) % ring.len()];
            // `after_empty_from = "occupied"`: the last seed's pit held
            // seeds before it fell (it holds 2 or more now).
            let occupied = b.get(last) >= 2;
            // An end pit may be taken, but is never the empty place.
            let possible = matches!(empty, Cell::Pit(..))
                && b.get(empty) == 0
                && matches!(taken, Cell::Pit(..) | Cell::End(_))
                && b.get(taken) > 0;
            if possible && !occupied && self.r.capture.after_empty_from == AfterEmptyFrom::Occupied
            {
                stats.after_empty_refused += 1;
            } else if possible {
                stats.after_empty_captures += 1;
                b.stores[mover] += b.get(taken);
                b.set(taken, 0);
                if let Cell::End(s) = taken {
                    b.taken[s] = true;
                    stats.end_pits_taken += 1;
                }
                // `after_empty_chain`: from the pit taken, the next place
                // an empty pit and the one after it a pit holding seeds:
                // that one is taken too, and so on.
                let mut at = (at + 2) % ring.len();
                if self.r.capture.after_empty_chain {
                    loop {
                        let empty = ring[(at + 1) % ring.len()];
                        let next = ring[(at + 2) % ring.len()];
                        if !(matches!(empty, Cell::Pit(..))
                            && b.get(empty) == 0
                            && matches!(next, Cell::Pit(..) | Cell::End(_))
                            && b.get(next) > 0)
                        {
                            break;
                        }
                        stats.after_empty_chained += 1;
                        b.stores[mover] += b.get(next);
                        b.set(next, 0);
                        if let Cell::End(s) = next {
                            b.taken[s] = true;
                            stats.end_pits_taken += 1;
                        }
                        at = (at + 2) % ring.len();
                    }
                }
            }
        }
    }

    /// A claim (rule `[claim]`, as docs/rules.md says): the last seed of a
    /// pile, fallen in `last`, made a pit hold exactly `count` seeds, a pit
    /// the mover may claim: not claimed, of the opponent's row (or either
    /// row under `rows = "either"`), not a row's last pit under
    /// `not_last_pit`, not the number of a pit the opponent claimed in the
    /// mover's row under `not_same_number`, and the mover has claimed fewer
    /// than `max` pits (0: any number). Under `pair`, when the pile's last
    /// seed but one fell in `prev`, another pit the mover may claim, and
    /// the two hold `count - 1` and `count` in either order, both are
    /// claimed if the mover may claim two more; this comes first. A
    /// claimed pit's seeds go to the mover's store. Returns whether a pit
    /// was claimed.
    fn claim(
        &self,
        b: &mut Board,
        mover: usize,
        last: Cell,
        prev: Option<Cell>,
        stats: &mut Stats,
    ) -> bool {
        let claim = &self.r.claim;
        if claim.count == 0 {
            return false;
        }
        let count = claim.count as u32;
        let max = if claim.max == 0 { usize::MAX } else { claim.max as usize };
        let room = max.saturating_sub(b.claims_of(mover));
        // Pit k of the mover's own row or of the opponent's, counted from
        // either end of that row, is within `own_row_ends` or
        // `opponent_row_ends` pits of it (0: no such limit).
        let near_an_end = |s: usize, k: usize| {
            let ends = if s == mover { claim.own_row_ends } else { claim.opponent_row_ends };
            let from_end = k.min(self.n - 1 - k);
            ends == 0 || from_end < ends as usize
        };
        let may_claim_anywhere = |b: &Board, c: Cell| match c {
            Cell::Pit(s, k) => {
                b.owner[s][k].is_none()
                    && (s != mover || claim.rows == ClaimRows::Either)
                    && !(claim.not_last_pit && k == self.n - 1)
                    && !(claim.not_same_number && b.owner[mover][k] == Some(1 - mover))
            }
            Cell::Store(_) | Cell::End(_) => false,
        };
        let may_claim = |b: &Board, c: Cell| match c {
            Cell::Pit(s, k) => may_claim_anywhere(b, c) && near_an_end(s, k),
            Cell::Store(_) | Cell::End(_) => false,
        };
        let mut pits = Vec::new();
        if let Some(p) = prev {
            let pair = [b.get(last), b.get(p)];
            if claim.pair
                && room >= 2
                && p != last
                && may_claim(b, p)
                && may_claim(b, last)
                && (pair == [count, count - 1] || pair == [count - 1, count])
            {
                pits = vec![last, p];
                stats.pair_claims += 1;
            }
        }
        if pits.is_empty() && room >= 1 && may_claim(b, last) && b.get(last) == count {
            pits = vec![last];
        }
        if pits.is_empty()
            && room >= 1
            && b.get(last) == count
            && may_claim_anywhere(b, last)
            && !may_claim(b, last)
        {
            stats.row_end_refusals += 1;
        }
        if claim.own_row_ends > 0 || claim.opponent_row_ends > 0 {
            stats.row_end_claims += pits.len() as u64;
        }
        for &c in &pits {
            let Cell::Pit(s, k) = c else { unreachable!() };
            stats.claims += 1;
            if s == mover {
                stats.own_row_claims += 1;
            }
            b.owner[s][k] = Some(mover);
            b.stores[mover] += b.pits[s][k];
            b.pits[s][k] = 0;
        }
        !pits.is_empty()
    }

    /// Whether the seeds left at the end go to the player whose side is
    /// empty (`seeds_left = "empty-side"`).
    fn to_empty_side(&self) -> bool {
        self.r.end.seeds_left == SeedsLeft::EmptySide
    }

    /// Whether a grand slam, when it is played, captures.
    fn grand_slam_captures(&self) -> bool {
        self.r.capture.grand_slam != GrandSlam::CapturesNothing
    }

    /// Legal sowings (pits, increasing), whether every otherwise legal
    /// move is a grand slam (with at least one such move), and whether the
    /// sowing of every non-empty pit never ends (with at least one).
    fn legal_pits(&self, p: &RefPos, stats: &mut Stats) -> (Vec<usize>, bool, bool) {
        let mover = p.to_move;
        let opp = 1 - mover;
        let opp_empty = p.board.side_sum(opp) == 0;
        let mut otherwise = Vec::new();
        let (mut nonempty, mut endless) = (0, 0);
        let startable = self.startable(&p.board, mover);
        for k in 0..self.move_pits() {
            // A move starts from a pit holding at least `min_seeds` (or a
            // forced single seed).
            if !startable.contains(&k) {
                continue;
            }
            nonempty += 1;
            // The rules a trial sowing decides (feeding, grand slams) come
            // only with counter-clockwise sowing (docs/rules.md,
            // `direction`); a pit sown either way never ends when neither
            // of its ways ends.
            let clockwise = !self.ways(k).0;
            let mut res =
                self.sow(&p.board, mover, (k, clockwise), self.grand_slam_captures(), stats);
            if res.looped && self.ways(k) == (true, true) {
                res = self.sow(&p.board, mover, (k, true), self.grand_slam_captures(), stats);
            }
            if res.looped {
                endless += 1;
                continue;
            }
            if self.r.turn.must_feed && opp_empty && res.board.side_sum(opp) == 0 {
                continue;
            }
            otherwise.push((k, res.grand_slam));
        }
        let all_gs = !otherwise.is_empty() && otherwise.iter().all(|&(_, g)| g);
        let legal = match self.r.capture.grand_slam {
            GrandSlam::Allowed | GrandSlam::CapturesNothing => {
                otherwise.iter().map(|&(k, _)| k).collect()
            }
            GrandSlam::Forbidden => {
                otherwise.iter().filter(|&&(_, g)| !g).map(|&(k, _)| k).collect()
            }
            GrandSlam::OnlyIfForced => {
                if all_gs {
                    otherwise.iter().map(|&(k, _)| k).collect()
                } else {
                    otherwise.iter().filter(|&&(_, g)| !g).map(|&(k, _)| k).collect()
                }
            }
        };
        (legal, all_gs, nonempty > 0 && endless == nonempty)
    }

    /// The pits a move may start from by `min_seeds`: those holding at
    /// least that many; under `forced_singles`, when there are none, the
    /// pits holding one seed whose next place along the mover's ring is an
    /// empty pit.
    fn startable(&self, b: &Board, mover: usize) -> Vec<usize> {
        let min = self.r.sowing.min_seeds as u32;
        // The k-th pit a move may start from: the mover's own, or under
        // `pits = "any"` the k-th place of the mover's ring (their row, then
        // the opponent's; stores are beside the board).
        let ring = self.full_ring(mover);
        let held: Vec<usize> =
            (0..self.move_pits()).filter(|&k| b.get(ring[k]) >= min.max(1)).collect();
        if !held.is_empty() || !self.r.sowing.forced_singles {
            return held;
        }
        let ring = self.ring(mover, b);
        (0..self.n)
            .filter(|&k| {
                let Some(at) = ring.iter().position(|&c| c == Cell::Pit(mover, k)) else {
                    return false;
                };
                let next = ring[(at + 1) % ring.len()];
                b.pits[mover][k] == 1 && matches!(next, Cell::Pit(..)) && b.get(next) == 0
            })
            .collect()
    }

    /// How many pits a move may start from: n, or 2n under `pits = "any"`.
    fn move_pits(&self) -> usize {
        if self.any {
            2 * self.n
        } else {
            self.n
        }
    }

    fn legal_moves(&self, p: &RefPos, stats: &mut Stats) -> Vec<Move> {
        if p.end.is_some() {
            return Vec::new();
        }
        // Takes due: one move for each of the opponent's pits holding seeds.
        if p.takes_due > 0 {
            let opp = 1 - p.to_move;
            return (0..self.n)
                .filter(|&k| p.board.pits[opp][k] > 0)
                .map(|k| Move::Take(k as u8))
                .collect();
        }
        let (pits, _, _) = self.legal_pits(p, stats);
        let mut moves = Vec::new();
        for k in pits {
            // A pit sown either way gives two moves, each when its sowing
            // ends; one sown one way, one.
            if self.ways(k) == (true, true) {
                let mut ways = 0;
                for (way, clockwise) in
                    [(Direction::CounterClockwise, false), (Direction::Clockwise, true)]
                {
                    let res = self.sow(&p.board, p.to_move, (k, clockwise), true, stats);
                    if !res.looped {
                        moves.push(Move::Directed(k as u8, way));
                        ways += 1;
                    }
                }
                if ways == 1 {
                    stats.one_way_endless += 1;
                }
            } else {
                moves.push(Move::Sow(k as u8));
            }
        }
        if p.swap_offered {
            moves.push(Move::Swap);
        }
        moves
    }

    /// Plays a legal move; `history` holds every earlier position of the game
    /// (for the repetition rule) and is not changed.
    fn play(&self, p: &RefPos, mv: Move, history: &HashSet<RefPos>, stats: &mut Stats) -> RefPos {
        let mut q = p.clone();
        let mover = p.to_move;
        match mv {
            Move::Swap => {
                assert!(p.swap_offered);
                stats.swaps += 1;
                let b = &p.board;
                q.board = Board {
                    pits: [b.pits[1].clone(), b.pits[0].clone()],
                    stores: [b.stores[1], b.stores[0]],
                    // Each row changes sides, and each claimed pit owner.
                    owner: [1, 0]
                        .map(|s: usize| b.owner[s].iter().map(|o| o.map(|o| 1 - o)).collect()),
                    out: [b.out[1].clone(), b.out[0].clone()],
                    ends: [b.ends[1], b.ends[0]],
                    taken: [b.taken[1], b.taken[0]],
                };
                q.to_move = 1 - mover;
                q.opening = false;
                q.swap_offered = false;
            }
            Move::Take(k) => {
                // A bonus take: the opponent's pit k into the mover's store;
                // the mover takes again while takes are due and the
                // opponent has a pit holding seeds.
                let opp = 1 - mover;
                assert!(p.takes_due > 0 && p.board.pits[opp][k as usize] > 0);
                stats.bonus_takes += 1;
                q.board.stores[mover] += std::mem::take(&mut q.board.pits[opp][k as usize]);
                q.takes_due = p.takes_due - 1;
                if q.takes_due > 0 && q.board.side_sum(opp) == 0 {
                    stats.bonus_lapsed += 1;
                    q.takes_due = 0;
                }
                q.to_move = if q.takes_due > 0 { mover } else { opp };
            }
            Move::Sow(_) | Move::Directed(..) => {
                let (k, clockwise) = match mv {
                    Move::Directed(k, way) => {
                        stats.chosen_moves += 1;
                        (k as usize, way == Direction::Clockwise)
                    }
                    Move::Sow(k) => (k as usize, !self.ways(k as usize).0),
                    Move::Swap | Move::Take(_) => unreachable!(),
                };
                if clockwise {
                    stats.clockwise_moves += 1;
                }
                if self.four {
                    stats.four_row_moves += 1;
                }
                if k >= self.n {
                    stats.from_other_row += 1;
                } else if p.board.pits[mover][k] < self.r.sowing.min_seeds as u32 {
                    stats.forced_singles += 1;
                }
                let res =
                    self.sow(&p.board, mover, (k, clockwise), self.grand_slam_captures(), stats);
                if res.grand_slam {
                    stats.grand_slams_played += 1;
                }
                q.board = res.board;
                // `extra_turn_uncrossed`: the last seed in an own pit that
                // was empty (it holds 1), no seed in the opponent's row, no
                // capture at the end.
                let uncrossed = self.r.sowing.extra_turn_uncrossed
                    && !p.opening
                    && !res.looped
                    && !res.crossed
                    && !res.took
                    && matches!(res.last, Cell::Pit(s, j) if s == mover && q.board.pits[s][j] == 1);
                if uncrossed {
                    stats.uncrossed_turns += 1;
                }
                let extra = (self.r.sowing.extra_turn
                    && !p.opening
                    && !res.looped
                    && res.last == Cell::Store(mover))
                    || uncrossed;
                if extra {
                    stats.extra_turns += 1;
                }
                q.to_move = if extra { mover } else { 1 - mover };
                // `bonus_pits`: a facing capture into the store gives the
                // mover that many takes while the opponent has seeds.
                let bonus = self.r.capture.bonus_pits as u32;
                if res.faced && bonus > 0 && q.board.side_sum(1 - mover) > 0 {
                    q.takes_due = bonus;
                    q.to_move = mover;
                } else if res.faced && bonus > 0 {
                    stats.bonus_lapsed += 1;
                }
                q.swap_offered = p.opening;
                q.opening = false;
            }
        }
        // `quiet_moves`: the moves in a row after which both stores held
        // what they held.
        q.quiet = Quiet(if q.board.stores == p.board.stores { p.quiet.0 + 1 } else { 0 });
        self.end_checks(&mut q, history, stats);
        q
    }

    fn end_checks(&self, q: &mut RefPos, history: &HashSet<RefPos>, stats: &mut Stats) {
        let sums = [q.board.side_sum(0), q.board.side_sum(1)];
        let end = self.end_reason(q, history, stats);
        if self.to_empty_side()
            && end.is_some_and(|r| {
                r != "majority" && !(r == "cycle" && self.r.end.repetition == Repetition::Split)
            })
            && sums.contains(&0)
            && sums.iter().any(|&s| s > 0)
        {
            stats.to_empty_side += 1;
        }
        if let Some(reason) = end {
            *stats.ends.entry(reason).or_default() += 1;
            // An ended game owes no takes.
            q.takes_due = 0;
        }
    }

    fn end_reason(
        &self,
        q: &mut RefPos,
        history: &HashSet<RefPos>,
        stats: &mut Stats,
    ) -> Option<&'static str> {
        // 1. empty side
        if self.r.end.empty_side == EmptySide::Either
            && (q.board.side_sum(0) == 0 || q.board.side_sum(1) == 0)
        {
            if self.r.end.seeds_left == SeedsLeft::Split {
                self.split(q, stats);
            } else {
                q.board.give_seeds_left(self.to_empty_side());
            }
            q.end = Some("empty-side");
            return q.end;
        }
        // 2. `end_pits_taken`: each end pit taken at least once.
        if self.r.end.end_pits_taken && q.board.taken == [true, true] {
            q.board.give_seeds_left(false);
            q.end = Some("end-pits-taken");
            return q.end;
        }
        // 2. majority
        let total = q.board.total();
        if self.r.end.majority && (2 * q.board.stores[0] > total || 2 * q.board.stores[1] > total) {
            q.end = Some("majority");
            return q.end;
        }
        // 3a. `refill_empty_row`: a mover whose row is empty puts a seed
        // from their store into each of their pits, when it holds that many.
        let mover = q.to_move;
        if self.r.turn.refill_empty_row
            && !q.swap_offered
            && q.board.side_sum(mover) == 0
            && q.board.stores[mover] >= self.n as u32
        {
            stats.refills += 1;
            q.board.stores[mover] -= self.n as u32;
            for k in 0..self.n {
                q.board.pits[mover][k] = 1;
            }
            // The mover's store changed: the move was not a quiet one.
            q.quiet = Quiet(0);
        }
        // 3. no legal move: a player with takes due has one (a take).
        if q.takes_due > 0 {
            return self.repetition(q, history, stats);
        }
        let (pits, all_gs, all_endless) = self.legal_pits(q, stats);
        if all_gs {
            stats.forced_grand_slam_positions += 1;
        }
        if pits.is_empty() && !q.swap_offered && self.r.turn.pass {
            // The player who cannot move passes, if the other one can.
            let mut other = q.clone();
            other.to_move = 1 - q.to_move;
            if !self.legal_pits(&other, stats).0.is_empty() {
                stats.passes += 1;
                q.to_move = other.to_move;
                q.opening = false;
                return self.repetition(q, history, stats);
            }
        }
        if pits.is_empty() && !q.swap_offered {
            let mover = q.to_move;
            // Under `pits = "any"` the mover's seeds are those of both rows.
            let seeds =
                q.board.side_sum(mover) + if self.any { q.board.side_sum(1 - mover) } else { 0 };
            let reason = if seeds == 0 {
                "no-seeds"
            } else if self.startable(&q.board, mover).is_empty() {
                "no-move"
            } else if all_endless {
                "endless-sowing"
            } else if self.r.turn.must_feed && q.board.side_sum(1 - mover) == 0 {
                "cannot-feed"
            } else {
                "only-grand-slams"
            };
            // `seeds_left = "last-mover"`: the player who cannot move loses,
            // every seed left going to the other.
            let last_mover = self.r.end.seeds_left == SeedsLeft::LastMover;
            if last_mover && q.board.side_sum(0) + q.board.side_sum(1) > 0 {
                stats.to_last_mover += 1;
            }
            if last_mover {
                // The player who cannot move loses their store too.
                q.board.stores[1 - mover] += std::mem::take(&mut q.board.stores[mover]);
            }
            if self.r.end.seeds_left == SeedsLeft::Split {
                self.split(q, stats);
            } else {
                q.board.give_seeds_left_to(self.to_empty_side(), last_mover.then_some(1 - mover));
            }
            q.end = Some(reason);
            return q.end;
        }
        self.repetition(q, history, stats)
    }

    /// 4. The repetition rule.
    fn repetition(
        &self,
        q: &mut RefPos,
        history: &HashSet<RefPos>,
        stats: &mut Stats,
    ) -> Option<&'static str> {
        let cycle = self.r.end.repetition != Repetition::None && history.contains(q);
        // 5. `quiet_moves` moves in a row without a change of the stores.
        let quiet = self.r.end.quiet_moves > 0 && q.quiet.0 >= self.r.end.quiet_moves as u32;
        if cycle || quiet {
            match self.r.end.repetition {
                Repetition::Owner => q.board.give_seeds_left(self.to_empty_side()),
                Repetition::Split => self.split(q, stats),
                Repetition::None => unreachable!(),
            }
            q.end = Some(if cycle { "cycle" } else { "quiet-moves" });
            return q.end;
        }
        None
    }

    /// The seeds left split evenly between the stores, an odd one left in
    /// the first pit of the player to move that is not claimed.
    fn split(&self, q: &mut RefPos, stats: &mut Stats) {
        let left = q.board.side_sum(0) + q.board.side_sum(1);
        if left > 0 {
            stats.split_left += 1;
        }
        for s in 0..2 {
            for p in q.board.pits[s].iter_mut() {
                *p = 0;
            }
            q.board.stores[s] += left / 2;
        }
        if left % 2 == 1 {
            stats.split_odd += 1;
            // The mover's first pit nobody has claimed, else the
            // opponent's first pit nobody has claimed.
            let (m, o) = (q.to_move, 1 - q.to_move);
            let n = q.board.pits[m].len();
            let free = |side: usize| (0..n).find(|&k| q.board.owner[side][k].is_none());
            let (side, k) = match free(m) {
                Some(k) => (m, k),
                None => (o, free(o).expect("an odd seed left means a pit held seeds")),
            };
            q.board.pits[side][k] = 1;
        }
    }

    /// The position string of `docs/notation.md` (as `Position`'s `Display`).
    fn notation(&self, p: &RefPos) -> String {
        let mut out = String::new();
        for s in 0..2 {
            let row: Vec<String> = p.board.pits[s]
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    // `x`: claimed by the row's opponent; `o`: by its owner.
                    if p.board.owner[s][k] == Some(1 - s) {
                        "x".to_string()
                    } else if p.board.owner[s][k] == Some(s) {
                        "o".to_string()
                    } else if p.board.out[s][k] {
                        "-".to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            out.push_str(&row.join(","));
            // The end pit after the row, once it holds seeds or was taken.
            if p.board.ends[s] > 0 || p.board.taken[s] {
                out.push_str(&format!("|{}", p.board.ends[s]));
                if p.board.taken[s] {
                    out.push('*');
                }
            }
            out.push_str(&format!(":{}/", p.board.stores[s]));
        }
        out.push_str(if p.to_move == 0 { "S" } else { "N" });
        if let Some(r) = p.end {
            out.push('#');
            out.push_str(r);
        } else if p.opening {
            out.push_str("+opening");
        } else if p.swap_offered {
            out.push_str("+swap");
        } else if p.takes_due > 0 {
            out.push_str(&format!("+take{}", p.takes_due));
        }
        out
    }

    /// The next round after the finished round `p`, which `started` began
    /// (docs/variant-file.md, `[rounds]`): each player fills their pits in
    /// order, from pit 1 (`fill_from = "first"`) or pit n (`"last"`), with
    /// `seeds_per_pit` seeds of their store while it has that many; the
    /// pits left unfilled are out of play, the seeds left stay in the
    /// store. No next round when a player cannot fill a pit. Who moves
    /// first: `starts`, after a level round the player who did not start.
    fn next_round(&self, p: &RefPos, started: usize) -> Option<RefPos> {
        let rounds = self.r.rounds.as_ref()?;
        assert!(p.end.is_some());
        assert_eq!(
            p.board.side_sum(0) + p.board.side_sum(1),
            0,
            "a round ends with every seed stored"
        );
        let per = self.r.board.seeds_per_pit as u32;
        let mut q = p.clone();
        for s in 0..2 {
            let mut store = p.board.stores[s];
            let order: Vec<usize> = match rounds.fill_from {
                FillFrom::First => (0..self.n).collect(),
                FillFrom::Last => (0..self.n).rev().collect(),
            };
            for k in order {
                if store >= per {
                    store -= per;
                    q.board.pits[s][k] = per;
                    q.board.out[s][k] = false;
                } else {
                    q.board.pits[s][k] = 0;
                    q.board.out[s][k] = true;
                }
            }
            if q.board.out[s].iter().all(|&o| o) {
                return None;
            }
            q.board.stores[s] = store;
        }
        let [south, north] = p.board.stores;
        q.to_move = match rounds.starts {
            RoundStarter::Winner if south != north => (north > south) as usize,
            RoundStarter::Loser if south != north => (south > north) as usize,
            _ => 1 - started,
        };
        q.end = None;
        q.opening = false;
        q.swap_offered = false;
        self.end_reason(&mut q, &HashSet::new(), &mut Stats::default());
        Some(q)
    }

    fn perft(
        &self,
        p: &RefPos,
        history: &mut HashSet<RefPos>,
        depth: u32,
        stats: &mut Stats,
    ) -> u64 {
        if depth == 0 || p.end.is_some() {
            return 1;
        }
        let moves = self.legal_moves(p, stats);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in moves {
            let q = self.play(p, mv, history, stats);
            let fresh = history.insert(q.clone());
            total += self.perft(&q, history, depth - 1, stats);
            if fresh {
                history.remove(&q);
            }
        }
        total
    }
}

// ---------------------------------------------------------------------------
// Cross-checking.
// ---------------------------------------------------------------------------

fn describe(rules: &Rules) -> String {
    format!(
        "{} {}x{} stores={:?} skip_opp_store={} skip_origin={} relay={:?} extra_turn={} \
         empty_pit={:?} counts={:?} chain={} chain_direction={:?} grand_slam={:?} first={:?} pie={} must_feed={} \
         majority={} empty_side={:?} repetition={:?} first_seed_in_origin={} parity={:?} \
         rows={:?} claim={:?} seeds_left={:?} pass={} between_equal={} during_sowing={} \
         after_empty={} board_rows={} start={:?} min_seeds={} facing={:?} taken={:?} facing_on={:?} forced_singles={} \
         direction={:?} by_pit={:?} rounds={:?} pits={:?} after_empty_from={:?} quiet_moves={} \
         relay_direction={:?} extra_turn_uncrossed={} empty_pit_needs_crossing={} empty_pit_chain={} \
         start_pits={:?} first_pile_only={} \
         after_empty_chain={} refill_empty_row={} end_pits={} end_pits_taken={} seeds_per_place={}",
        rules.name,
        rules.board.pits_per_side,
        rules.board.seeds_per_pit,
        rules.board.stores,
        rules.sowing.skip_opponent_store,
        rules.sowing.skip_origin,
        rules.sowing.relay,
        rules.sowing.extra_turn,
        rules.capture.empty_pit,
        rules.capture.counts,
        rules.capture.chain,
        rules.capture.chain_direction,
        rules.capture.grand_slam,
        rules.turn.first,
        rules.turn.pie_rule,
        rules.turn.must_feed,
        rules.end.majority,
        rules.end.empty_side,
        rules.end.repetition,
        rules.sowing.first_seed_in_origin,
        rules.capture.parity,
        rules.capture.rows,
        rules.claim,
        rules.end.seeds_left,
        rules.turn.pass,
        rules.capture.between_equal,
        rules.capture.during_sowing,
        rules.capture.after_empty,
        rules.board.rows,
        rules.board.start,
        rules.sowing.min_seeds,
        rules.capture.facing,
        rules.capture.taken,
        rules.capture.facing_on,
        rules.sowing.forced_singles,
        rules.sowing.direction,
        rules.sowing.by_pit,
        rules.rounds,
        rules.turn.pits,
        rules.capture.after_empty_from,
        rules.end.quiet_moves,
        rules.sowing.relay_direction,
        rules.sowing.extra_turn_uncrossed,
        rules.capture.empty_pit_needs_crossing,
        rules.capture.empty_pit_chain,
        rules.board.start_pits,
        rules.capture.first_pile_only,
        rules.capture.after_empty_chain,
        rules.turn.refill_empty_row,
        rules.board.end_pits,
        rules.end.end_pits_taken,
        rules.sowing.seeds_per_place,
    )
}

fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(",")
}

/// Compares the real game with the reference position; panics on a mismatch.
fn compare<L: Layout>(
    variant: &Variant,
    game: &Game<L>,
    reference: &Reference,
    rp: &RefPos,
    played: &[Move],
    stats: &mut Stats,
) -> Result<Vec<Move>, String> {
    let real = game.position();
    let n = reference.n;
    let expected_text = reference.notation(rp);
    let got_text = real.to_string();
    let expected_moves = reference.legal_moves(rp, stats);
    let got_moves: Vec<Move> = game.legal_moves().iter().copied().collect();
    let got_pos_moves: Vec<Move> = real.legal_moves(variant).iter().copied().collect();
    let fail = |what: &str| -> String {
        format!(
            "reference mismatch ({what})\n  rules: {}\n  moves: {}\n  expected: {} legal [{}]\n  got:      {} legal [{}] (position.legal_moves [{}])",
            describe(variant.rules()),
            moves_text(played),
            expected_text,
            moves_text(&expected_moves),
            got_text,
            moves_text(&got_moves),
            moves_text(&got_pos_moves),
        )
    };
    for s in 0..2 {
        let side = side_of(s);
        let row: Vec<u32> = real.row(side).iter().map(|&c| c.into()).collect();
        if row != rp.board.pits[s] {
            return Err(fail(&format!("{side} row")));
        }
        if real.store(side).into() != rp.board.stores[s] {
            return Err(fail(&format!("{side} store")));
        }
    }
    if real.is_over() != rp.end.is_some() {
        return Err(fail("is_over"));
    }
    if real.end_reason().map(|r| r.name()) != rp.end {
        return Err(fail("end_reason"));
    }
    if idx(real.to_move()) != rp.to_move {
        return Err(fail("to_move"));
    }
    if real.swap_offered() != (rp.swap_offered && rp.end.is_none()) {
        return Err(fail("swap_offered"));
    }
    if got_text != expected_text {
        return Err(fail("position string"));
    }
    if got_moves != expected_moves {
        return Err(fail("game.legal_moves"));
    }
    if rp.end.is_none() && got_pos_moves != expected_moves {
        // Position::legal_moves has no history but the repetition rule only
        // ends games, so on a live position it must agree.
        return Err(fail("position.legal_moves"));
    }
    // Every pit a move may name, and one past them (out of range).
    let pits = if reference.any { 2 * n } else { n };
    for k in 0..=pits {
        let mv = Move::Sow(k as u8);
        if real.check_move(variant, mv).is_ok() != expected_moves.contains(&mv) {
            return Err(fail(&format!("check_move({mv})")));
        }
    }
    if real.check_move(variant, Move::Swap).is_ok() != expected_moves.contains(&Move::Swap) {
        return Err(fail("check_move(swap)"));
    }
    // Every bonus take a move may name, and one past the opponent's pits.
    for k in 0..=n {
        let mv = Move::Take(k as u8);
        if real.check_move(variant, mv).is_ok() != expected_moves.contains(&mv) {
            return Err(fail(&format!("check_move({mv})")));
        }
    }
    Ok(expected_moves)
}

/// Plays `games` random games of `variant`, comparing after every move,
/// in the layout the variant's positions take ([`Variant::layout`]).
fn random_games(
    variant: &Variant,
    games: usize,
    max_moves: usize,
    rng: &mut Rng,
    stats: &mut Stats,
) {
    match variant.layout() {
        LayoutKind::Compact => random_games_in::<Compact>(variant, games, max_moves, rng, stats),
        LayoutKind::Wide => random_games_in::<Wide>(variant, games, max_moves, rng, stats),
    }
}

/// [`random_games`] in layout `L`.
fn random_games_in<L: Layout>(
    variant: &Variant,
    games: usize,
    max_moves: usize,
    rng: &mut Rng,
    stats: &mut Stats,
) {
    let rules = variant.rules().clone();
    let reference = Reference::new(&rules);
    for _ in 0..games {
        let mut game = Match::from_position(variant.clone(), Position::<L>::start_in(variant));
        let mut rp = reference.start();
        let mut history: HashSet<RefPos> = HashSet::new();
        history.insert(rp.clone());
        let mut played = Vec::new();
        // Who made the first move of the round in play.
        let mut started = rp.to_move;
        // The positions the match's rounds started from: a round that would
        // start from one of them again draws the match instead.
        let mut round_starts = vec![rp.clone()];
        loop {
            let moves = match compare(variant, game.game(), &reference, &rp, &played, stats) {
                Ok(m) => m,
                Err(e) => {
                    let class = classify(&rules, &rp, game.game(), &played);
                    stats.failures.push((class, e));
                    break;
                }
            };
            if played.len() >= max_moves {
                break;
            }
            if moves.is_empty() && game.round_number() >= 3 {
                break; // three rounds a match are enough to compare
            }
            if moves.is_empty() {
                // The round is over: the next one, while the match goes on.
                // A repeat: a round of the match started from this very
                // position, and every round since started with each player
                // holding what they hold now (docs/rules.md, Rounds).
                let holding = |p: &RefPos| [0, 1].map(|s| p.board.side_sum(s) + p.board.stores[s]);
                let repeats = |n: &RefPos| {
                    let same = round_starts.iter().rev().take_while(|r| holding(r) == holding(n));
                    same.into_iter().any(|r| r == n)
                };
                let next = reference.next_round(&rp, started).filter(|n| !repeats(n));
                if game.start_next_round() != next.is_some() {
                    stats.failures.push((
                        "new",
                        format!(
                            "the match and the reference differ on a next round after {}\n  \
                             rules: {}\n  moves: {}",
                            game.position(),
                            describe(&rules),
                            moves_text(&played)
                        ),
                    ));
                    break;
                }
                let Some(next) = next else { break };
                stats.rounds += 1;
                stats.out_of_play += next.board.out.iter().flatten().filter(|&&o| o).count();
                rp = next;
                round_starts.push(rp.clone());
                started = rp.to_move;
                history.clear();
                history.insert(rp.clone());
                continue;
            }
            let mv = rng.pick(&moves);
            played.push(mv);
            let report = game.play(mv).unwrap_or_else(|e| {
                panic!(
                    "real game rejected reference-legal move {mv}: {e}\n  rules: {}\n  moves: {}",
                    describe(&rules),
                    moves_text(&played)
                )
            });
            let passes = stats.passes;
            rp = reference.play(&rp, mv, &history, stats);
            if report.passed != (stats.passes > passes) {
                stats.failures.push((
                    "new",
                    format!(
                        "the move report says passed = {}, the reference differs\n  rules: {}\n  moves: {}",
                        report.passed,
                        describe(&rules),
                        moves_text(&played)
                    ),
                ));
                break;
            }
            history.insert(rp.clone());
            stats.moves += 1;
        }
    }
}

/// A random legal size of `rules`, kept small.
fn random_size(rules: &Rules, rng: &mut Rng, max_pits: u8, max_seeds: u8) -> (u8, u8) {
    let [pmin, pmax] = rules.board.pits_per_side_range;
    let [smin, smax] = rules.board.seeds_per_pit_range;
    loop {
        let p = rng.range(pmin as usize, pmax.min(max_pits).max(pmin) as usize) as u8;
        let s = rng.range(smin as usize, smax.min(max_seeds).max(smin) as usize) as u8;
        let mut sized = rules.clone();
        sized.board.pits_per_side = p;
        sized.board.seeds_per_pit = s;
        if sized.total_seeds() <= 255 {
            return (p, s);
        }
    }
}

#[test]
fn presets_match_reference_in_random_games() {
    let mut rng = Rng::new(0x5EED_0001);
    let mut stats = Stats::default();
    assert_eq!(preset_names().len(), Variant::presets().len());
    for name in preset_names() {
        let base = Variant::preset(name).unwrap();
        let mut sizes = vec![(None, None)];
        for _ in 0..6 {
            let (p, s) = random_size(base.rules(), &mut rng, 8, 6);
            sizes.push((Some(p), Some(s)));
        }
        // The smallest boards hit the edge cases (grand slams, cannot-feed, ...).
        let [pmin, _] = base.rules().board.pits_per_side_range;
        let [smin, _] = base.rules().board.seeds_per_pit_range;
        sizes.push((Some(pmin), Some(smin)));
        sizes.push((Some(pmin.max(2)), Some(smin)));
        for (p, s) in sizes {
            let v = match (p, s) {
                (None, None) => base.clone(),
                _ => base.resized(p, s).unwrap_or_else(|e| panic!("{name} {p:?}x{s:?}: {e}")),
            };
            random_games(&v, 150, 3000, &mut rng, &mut stats);
        }
    }
    report_failures(&stats);
    eprintln!("preset stats: {stats:?}");
    assert!(stats.swaps > 0 && stats.extra_turns > 0 && stats.relay_pickups > 0);
    assert!(stats.empty_pit_captures > 0 && stats.count_captures > 0);
    for reason in ["majority", "empty-side", "no-seeds", "cannot-feed", "cycle", "no-move"] {
        assert!(stats.ends.contains_key(reason), "no game ended by {reason}: {stats:?}");
    }
    assert!(stats.sown_captures > 0 && stats.to_last_mover > 0, "{stats:?}");
    assert!(stats.rounds > 0 && stats.out_of_play > 0, "no later round met: {stats:?}");
}

/// A random rule set derived from a preset; `None` when `Variant::new` rejects it.
fn random_rules(rng: &mut Rng, i: usize) -> Rules {
    let presets = Variant::presets();
    let mut r = presets[rng.below(presets.len())].rules().clone();
    r.name = format!("custom-{i}");
    r.board.pits_per_side_range = [1, 16];
    r.board.seeds_per_pit_range = [1, 127];
    r.board.stores = if rng.coin() { StorePlacement::Ring } else { StorePlacement::Beside };
    // Where the stores are drawn is no rule (docs/variant-file.md,
    // `stores_drawn`): the preset's drawing is left at the row ends, which
    // every placement allows.
    r.board.stores_drawn = StoresDrawn::Ends;
    let beside = r.board.stores == StorePlacement::Beside;
    r.sowing.skip_opponent_store = rng.below(3) != 0;
    r.sowing.skip_origin = rng.coin();
    r.sowing.relay =
        rng.pick(&[Relay::None, Relay::None, Relay::None, Relay::Own, Relay::Any, Relay::Next]);
    r.sowing.extra_turn = !beside && rng.coin();
    r.capture.empty_pit = rng.pick(&[
        EmptyPitCapture::Off,
        EmptyPitCapture::Always,
        EmptyPitCapture::IfOppositeHasSeeds,
    ]);
    let counts: Vec<Vec<u8>> =
        vec![vec![], vec![2, 3], vec![4], vec![1, 2], vec![2], vec![3, 1], vec![1], vec![2, 4, 6]];
    r.capture.counts = rng.pick(&counts);
    // The elements of the general sowing, each in about a third of the sets.
    r.sowing.first_seed_in_origin = !r.sowing.skip_origin && rng.below(3) == 0;
    r.capture.parity =
        if rng.below(3) == 0 { rng.pick(&[Parity::Even, Parity::Odd]) } else { Parity::Off };
    let has_counts = r.capture.takes_by_count();
    r.capture.rows = if has_counts && rng.below(2) == 0 {
        rng.pick(&[CaptureRows::Own, CaptureRows::Either])
    } else {
        CaptureRows::Opponent
    };
    r.capture.chain = has_counts && rng.coin();
    r.capture.grand_slam = if has_counts {
        rng.pick(&[
            GrandSlam::Allowed,
            GrandSlam::Forbidden,
            GrandSlam::CapturesNothing,
            GrandSlam::OnlyIfForced,
        ])
    } else {
        GrandSlam::Allowed
    };
    r.claim = if rng.below(3) == 0 && r.capture.grand_slam == GrandSlam::Allowed {
        let mut claim = ClaimRules {
            count: rng.range(1, 4) as u8,
            not_last_pit: rng.coin(),
            not_same_number: rng.coin(),
            ..ClaimRules::default()
        };
        // Claims beyond one of the opponent's row, in about half the sets
        // with claims: mostly made valid (no not_same_number), the rest
        // checking the refusals docs/variant-file.md names.
        if rng.coin() {
            claim.rows = rng.pick(&[ClaimRows::Opponent, ClaimRows::Either]);
            claim.max = rng.pick(&[0, 0, 1, 2, 3]);
            claim.pair = rng.coin();
            claim.before_relay = rng.coin();
            // Claims near the row ends only (Qelat), in about half of these.
            if rng.coin() {
                claim.opponent_row_ends = rng.pick(&[0, 1, 1, 2, 3]);
                if claim.rows == ClaimRows::Either || rng.below(6) == 0 {
                    claim.own_row_ends = rng.pick(&[0, 1, 1, 2]);
                }
            }
            if rng.below(6) != 0 {
                claim.not_same_number = false;
                if claim.pair {
                    claim.count = claim.count.max(2);
                    if claim.max == 1 {
                        claim.max = 0;
                    }
                }
            }
        }
        claim
    } else {
        ClaimRules::default()
    };
    // Captures only by a single pile, in about a sixth of the sets.
    r.capture.first_pile_only = rng.below(6) == 0;
    // Captures between two equal pits, in about a quarter of the sets;
    // most of them without the captures by count and claims it is refused
    // with.
    r.capture.between_equal = rng.below(4) == 0;
    if r.capture.between_equal && rng.below(4) != 0 {
        r.capture.counts.clear();
        r.capture.parity = Parity::Off;
        r.capture.rows = CaptureRows::Opponent;
        r.capture.chain = false;
        r.capture.grand_slam = GrandSlam::Allowed;
        r.claim = ClaimRules::default();
    }
    // Captures during the sowing, in about a quarter of the sets; most of
    // them with the grand slam rule they need.
    r.capture.during_sowing = if rng.below(4) == 0 { rng.range(1, 5) as u8 } else { 0 };
    if r.capture.during_sowing > 0 && rng.below(4) != 0 {
        r.capture.grand_slam = GrandSlam::Allowed;
    }
    // Captures after an empty pit, in about a quarter of the sets; most of
    // them with the grand slam rule they need.
    r.capture.after_empty = rng.below(4) == 0;
    if r.capture.after_empty && rng.below(4) != 0 {
        r.capture.grand_slam = GrandSlam::Allowed;
    }
    r.turn.first = if rng.below(4) == 0 { Side::North } else { Side::South };
    r.turn.pie_rule = rng.below(3) == 0;
    r.turn.must_feed = rng.coin();
    r.end.majority = rng.coin();
    r.end.empty_side = if rng.coin() { EmptySide::Either } else { EmptySide::Mover };
    r.end.repetition = if beside {
        rng.pick(&[Repetition::Owner, Repetition::Split])
    } else {
        rng.pick(&[Repetition::None, Repetition::Owner, Repetition::Split])
    };
    r.end.seeds_left = if rng.below(4) == 0 { SeedsLeft::EmptySide } else { SeedsLeft::Owner };
    // A player who cannot move passes, in about a quarter of the sets; most
    // of them made valid (the rest check that the combinations docs/rules.md
    // names are refused).
    r.turn.pass = rng.below(4) == 0;
    if r.turn.pass && rng.below(4) != 0 {
        r.end.empty_side = EmptySide::Mover;
        r.turn.must_feed = false;
        if matches!(r.capture.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced) {
            r.capture.grand_slam = GrandSlam::Allowed;
        }
    }
    // A pit must hold two or more to start a move, in about a sixth of the
    // sets; a player who cannot move loses, in about a sixth.
    r.sowing.min_seeds = if rng.below(6) == 0 { rng.range(2, 3) as u8 } else { 1 };
    r.sowing.forced_singles = r.sowing.min_seeds == 2 && rng.coin();
    if rng.below(6) == 0 {
        r.end.seeds_left = SeedsLeft::LastMover;
    }
    // Four rows, in about a fifth of the sets: most of them made valid
    // (stores beside, a relay from one's own pits or none, the facing
    // capture alone), the rest checking the refusals docs/rules.md names.
    r.board.rows = 2;
    r.board.start = StartPits::All;
    r.capture.facing = Facing::Off;
    r.capture.facing_on = FacingOn::Occupied;
    r.capture.taken = Taken::Store;
    if rng.below(5) == 0 {
        four_rows(&mut r, rng);
    } else if rng.below(40) == 0 {
        // A four-row element on two rows: refused.
        r.capture.facing = Facing::Both;
    }
    directions(&mut r, rng);
    // Rounds, in about a fifth of the sets: most of them made valid (no
    // pie rule, majority or split, claim or four rows, at most 15 pits a
    // side), the rest checking the refusals docs/variant-file.md names.
    r.rounds = None;
    if rng.below(5) == 0 {
        r.rounds = Some(RoundsRules {
            fill_from: rng.pick(&[FillFrom::First, FillFrom::Last]),
            starts: rng.pick(&[RoundStarter::Alternate, RoundStarter::Winner, RoundStarter::Loser]),
        });
        if rng.below(6) != 0 {
            r.sowing.direction = SowingDirection::CounterClockwise;
            r.sowing.by_pit = None;
            r.turn.pie_rule = false;
            r.end.majority = false;
            if r.end.repetition == Repetition::Split {
                r.end.repetition = Repetition::Owner;
            }
            if r.end.seeds_left == SeedsLeft::Split {
                r.end.seeds_left = SeedsLeft::Owner;
            }
            r.end.quiet_moves = 0;
            r.claim = ClaimRules::default();
            if r.board.rows == 4 {
                r.rounds = None;
            }
        }
        r.board.pits_per_side_range[1] = r.board.pits_per_side_range[1].min(15);
    }
    // The capture after an empty pit only from a pit that held seeds, in
    // about half the sets with that capture (and rarely without it:
    // refused); the seeds left split, in about an eighth; the end after a
    // few moves without a capture, in about a fifth.
    r.capture.after_empty_from = if (r.capture.after_empty && rng.coin()) || rng.below(40) == 0 {
        AfterEmptyFrom::Occupied
    } else {
        AfterEmptyFrom::Any
    };
    if r.capture.after_empty_from == AfterEmptyFrom::Occupied && rng.below(4) != 0 {
        r.capture.during_sowing = 0;
    }
    // The chain of captures after empty pits, in about half the sets with
    // that capture (and rarely without it: refused).
    r.capture.after_empty_chain = (r.capture.after_empty && rng.coin()) || rng.below(40) == 0;
    // Rows refilled from the store, in about a tenth of the sets; most of
    // them without the rules it is refused with.
    r.turn.refill_empty_row = rng.below(10) == 0;
    if r.turn.refill_empty_row && rng.below(6) != 0 {
        r.end.empty_side = EmptySide::Mover;
        r.turn.pass = false;
        r.turn.must_feed = false;
        r.sowing.min_seeds = 1;
        if r.end.repetition == Repetition::None {
            r.end.repetition = Repetition::Owner;
        }
        r.rounds = None;
        r.turn.refill_empty_row = r.board.rows == 2;
    }
    if rng.below(8) == 0 {
        r.end.seeds_left = SeedsLeft::Split;
    }
    r.end.quiet_moves = if rng.below(5) == 0 { rng.range(1, 12) as u16 } else { 0 };
    r.turn.pits = MovePits::Own;
    if r.board.rows == 2 && rng.below(6) == 0 {
        any_pits(&mut r, rng);
    }
    // Chains forwards (`chain_direction`), in about a third of the sets
    // with a chain (and rarely without one: refused).
    r.capture.chain_direction = if (r.capture.chain && rng.below(3) == 0) || rng.below(40) == 0 {
        ChainDirection::Forwards
    } else {
        ChainDirection::Backwards
    };
    crossing(&mut r, rng);
    end_pits(&mut r, rng);
    grouped(&mut r, rng);
    r.board.start_pits.clear();
    let (p, s) = random_size(&r, rng, 6, 5);
    r.board.pits_per_side = p;
    r.board.seeds_per_pit = s;
    // Row ends of claims fitting the size, most of the time.
    if rng.below(6) != 0 {
        r.claim.own_row_ends = r.claim.own_row_ends.min(p / 2);
        r.claim.opponent_row_ends = r.claim.opponent_row_ends.min(p / 2);
    }
    let listed = r.board.rows == 2 && r.rounds.is_none() && rng.below(8) == 0;
    start_list(&mut r, rng, listed);
    r
}

/// A start that is not uniform (`start_pits`) for the rules' size when
/// `draw`, else none: a count from 0 to `seeds_per_pit` a pit, that many
/// in one pit at least, and the size ranges fixed to the size, as
/// docs/variant-file.md requires.
fn start_list(r: &mut Rules, rng: &mut Rng, draw: bool) {
    r.board.start_pits.clear();
    if !draw {
        return;
    }
    let (p, s) = (r.board.pits_per_side, r.board.seeds_per_pit);
    let mut list: Vec<u8> = (0..p)
        .map(|_| if rng.below(3) == 0 { 0 } else { rng.range(1, s as usize) as u8 })
        .collect();
    list[rng.below(p as usize)] = s;
    r.board.start_pits = list;
    r.board.pits_per_side_range = [p, p];
    r.board.seeds_per_pit_range = [s, s];
}

/// A sowing direction other than counter-clockwise, in about a quarter of
/// the sets: most of them made valid (stores beside, two rows, none of the
/// rules docs/rules.md says it cannot go with), the rest checking those
/// refusals.
fn directions(r: &mut Rules, rng: &mut Rng) {
    r.sowing.direction = SowingDirection::CounterClockwise;
    r.sowing.by_pit = None;
    if rng.below(4) != 0 {
        return;
    }
    let way = || [PitDirection::Ccw, PitDirection::Cw, PitDirection::Either];
    r.sowing.direction = rng.pick(&[
        SowingDirection::Clockwise,
        SowingDirection::Chosen,
        SowingDirection::ByPit,
        SowingDirection::ByPit,
    ]);
    if r.sowing.direction == SowingDirection::ByPit {
        r.sowing.by_pit = Some(ByPit {
            left: rng.pick(&way()),
            centre: rng.pick(&way()),
            right: rng.pick(&way()),
        });
    }
    if rng.below(8) == 0 {
        return;
    }
    r.board.rows = 2;
    r.board.start = StartPits::All;
    r.board.pits_per_side_range = [1, 8];
    r.capture.facing = Facing::Off;
    r.capture.facing_on = FacingOn::Occupied;
    r.capture.taken = Taken::Store;
    r.board.stores = StorePlacement::Beside;
    r.sowing.extra_turn = false;
    if matches!(r.sowing.relay, Relay::Any | Relay::Next) && rng.coin() {
        r.sowing.relay = if rng.coin() { Relay::Own } else { Relay::None };
    }
    r.turn.must_feed = false;
    if matches!(r.capture.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced) {
        r.capture.grand_slam = GrandSlam::Allowed;
    }
    r.sowing.forced_singles = false;
    if r.end.repetition == Repetition::None {
        r.end.repetition = Repetition::Owner;
    }
    if r.end.seeds_left == SeedsLeft::LastMover {
        r.turn.pass = false;
    }
    // Chained captures by count, to see them go back the other way.
    if rng.coin() {
        r.capture.counts = rng.pick(&[vec![2, 4], vec![2, 3], vec![1, 2]]);
        r.capture.chain = true;
        r.capture.between_equal = false;
    }
}

/// The combinations of `direction` docs/rules.md says are refused.
fn refused_directions(r: &Rules) -> bool {
    let by_pit = r.sowing.direction == SowingDirection::ByPit;
    if by_pit != r.sowing.by_pit.is_some() {
        return true;
    }
    if !r.sows_other_ways() {
        return false;
    }
    let [pmin, pmax] = r.board.pits_per_side_range;
    let too_many = (pmin..=pmax).any(|p| {
        let reference = Reference { r, n: p as usize, p: p as usize, four: false, any: false };
        let moves: usize = (0..p as usize)
            .map(|k| match reference.ways(k) {
                (true, true) => 2,
                _ => 1,
            })
            .sum();
        moves > 16
    });
    too_many
        || r.board.stores == StorePlacement::Ring
        || r.board.rows == 4
        || r.turn.must_feed
        || matches!(r.capture.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced)
        || r.sowing.forced_singles
}

/// Relays sown back the other way, the empty-pit capture after crossing
/// and its chain, and the extra turn in an own empty pit, in about a third
/// of the sets: most of them made valid (docs/rules.md: a relay, stores
/// beside, two rows, `pits = "own"`, `empty_pit`, no `[rounds]`), the rest
/// checking the refusals.
fn crossing(r: &mut Rules, rng: &mut Rng) {
    r.sowing.relay_direction = RelayDirection::Same;
    r.sowing.extra_turn_uncrossed = false;
    r.capture.empty_pit_needs_crossing = false;
    r.capture.empty_pit_chain = 0;
    if rng.below(3) != 0 {
        return;
    }
    if rng.coin() {
        r.sowing.relay_direction = RelayDirection::Reverse;
    }
    r.sowing.extra_turn_uncrossed = rng.coin();
    r.capture.empty_pit_needs_crossing = rng.coin();
    r.capture.empty_pit_chain = rng.pick(&[0, 1, 1, 2, 15]);
    if rng.below(8) == 0 {
        return;
    }
    r.board.rows = 2;
    r.board.start = StartPits::All;
    r.capture.facing = Facing::Off;
    r.capture.facing_on = FacingOn::Occupied;
    r.capture.taken = Taken::Store;
    r.turn.pits = MovePits::Own;
    r.rounds = None;
    if r.capture.empty_pit == EmptyPitCapture::Off {
        r.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds;
    }
    if r.sowing.relay_direction == RelayDirection::Reverse {
        r.board.stores = StorePlacement::Beside;
        r.sowing.extra_turn = false;
        if r.end.repetition == Repetition::None {
            r.end.repetition = Repetition::Owner;
        }
        if r.sowing.relay == Relay::None {
            r.sowing.relay = rng.pick(&[Relay::Own, Relay::Any, Relay::Any, Relay::Next]);
        }
    }
}

/// The combinations of `relay_direction`, `extra_turn_uncrossed`,
/// `empty_pit_needs_crossing` and `empty_pit_chain` docs/rules.md says are
/// refused.
fn refused_crossing(r: &Rules) -> bool {
    let reverse = r.sowing.relay_direction == RelayDirection::Reverse;
    let c = &r.capture;
    let any = reverse
        || r.sowing.extra_turn_uncrossed
        || c.empty_pit_needs_crossing
        || c.empty_pit_chain > 0;
    (reverse
        && (r.sowing.relay == Relay::None
            || r.board.stores == StorePlacement::Ring
            || r.board.rows == 4
            || r.turn.pits == MovePits::Any))
        || (r.sowing.extra_turn_uncrossed && (r.board.rows == 4 || r.turn.pits == MovePits::Any))
        || (c.empty_pit == EmptyPitCapture::Off
            && (c.empty_pit_needs_crossing || c.empty_pit_chain > 0))
        || c.empty_pit_chain > 15
        || (any && r.rounds.is_some())
}

/// Makes `r` a rule set whose moves start from either row (`pits =
/// "any"`); in one case of eight it keeps an element that speaks of a
/// player's own row, which is refused.
fn any_pits(r: &mut Rules, rng: &mut Rng) {
    r.turn.pits = MovePits::Any;
    r.board.pits_per_side_range = [1, 8];
    if rng.below(8) == 0 {
        return;
    }
    r.sowing.direction = SowingDirection::CounterClockwise;
    r.sowing.by_pit = None;
    r.rounds = None;
    r.board.stores = StorePlacement::Beside;
    r.sowing.extra_turn = false;
    if r.sowing.relay == Relay::Own {
        r.sowing.relay = rng.pick(&[Relay::None, Relay::Any, Relay::Next]);
    }
    r.sowing.forced_singles = false;
    r.capture.empty_pit = EmptyPitCapture::Off;
    r.capture.rows =
        if r.capture.takes_by_count() { CaptureRows::Either } else { CaptureRows::Opponent };
    r.capture.grand_slam = GrandSlam::Allowed;
    r.capture.between_equal = false;
    r.claim = ClaimRules::default();
    r.turn.must_feed = false;
    r.turn.pass = false;
    r.turn.pie_rule = false;
    r.end.empty_side = EmptySide::Mover;
    r.end.seeds_left = if rng.below(3) == 0 { SeedsLeft::LastMover } else { SeedsLeft::Split };
    r.end.repetition = Repetition::Split;
    if !r.capture.takes_by_count() && r.capture.during_sowing == 0 {
        // Beside stores need a capture: the one of Eson Xorgol.
        r.capture.after_empty = true;
    }
}

/// Several seeds a place (`seeds_per_place` 2 to 4), in about a sixth of
/// the sets: most of them made valid (none of the elements docs/variant-file.md
/// says it cannot go with), the rest checking those refusals.
fn grouped(r: &mut Rules, rng: &mut Rng) {
    r.sowing.seeds_per_place = 1;
    if rng.below(6) != 0 {
        return;
    }
    r.sowing.seeds_per_place = rng.range(2, 4) as u8;
    if rng.below(6) == 0 {
        return;
    }
    r.sowing.relay = Relay::None;
    r.sowing.relay_direction = RelayDirection::Same;
    r.sowing.first_seed_in_origin = false;
    r.sowing.extra_turn_uncrossed = false;
    r.claim = ClaimRules::default();
    r.capture.during_sowing = 0;
    r.capture.between_equal = false;
    r.capture.after_empty = false;
    r.capture.after_empty_chain = false;
    r.capture.after_empty_from = AfterEmptyFrom::Any;
    r.capture.empty_pit_chain = 0;
    r.capture.empty_pit_needs_crossing = false;
    r.board.end_pits = 0;
    r.end.end_pits_taken = false;
    if r.board.rows == 4 {
        r.board.rows = 2;
        r.board.start = StartPits::All;
        r.capture.facing = Facing::Off;
        r.capture.facing_on = FacingOn::Occupied;
        r.capture.taken = Taken::Store;
        r.capture.bonus_pits = 0;
    }
}

/// Whether `seeds_per_place` is refused: 0, or more than 1 with an element
/// docs/variant-file.md names (a relay, the first seed back into the
/// origin, the extra turn when not crossed, claims, captures during the
/// sowing, between equal pits, after an empty place, the empty-pit
/// capture's chain or crossing, four rows, end pits).
fn refused_grouped(r: &Rules) -> bool {
    let c = &r.capture;
    r.sowing.seeds_per_place == 0
        || (r.sowing.seeds_per_place > 1
            && (r.sowing.relay != Relay::None
                || r.sowing.first_seed_in_origin
                || r.sowing.extra_turn_uncrossed
                || r.claim.count > 0
                || c.during_sowing > 0
                || c.between_equal
                || c.after_empty
                || c.empty_pit_chain > 0
                || c.empty_pit_needs_crossing
                || r.board.rows == 4
                || r.board.end_pits > 0))
}

/// Two end pits on the ring (`end_pits`), in about a sixth of the sets,
/// with `end_pits_taken` in half of those: most of them made valid
/// (stores beside, two rows, none of the rules docs/rules.md says they
/// cannot go with), the rest checking those refusals; and rarely
/// `end_pits_taken` without end pits (refused).
fn end_pits(r: &mut Rules, rng: &mut Rng) {
    r.board.end_pits = 0;
    r.end.end_pits_taken = rng.below(60) == 0;
    if rng.below(6) != 0 {
        return;
    }
    r.board.end_pits = rng.range(1, 6) as u8;
    r.end.end_pits_taken = rng.coin();
    if rng.below(8) == 0 {
        return;
    }
    r.board.stores = StorePlacement::Beside;
    r.sowing.extra_turn = false;
    r.sowing.forced_singles = false;
    r.board.rows = 2;
    r.board.start = StartPits::All;
    r.capture.facing = Facing::Off;
    r.claim = ClaimRules::default();
    r.rounds = None;
    r.turn.pits = MovePits::Own;
    r.turn.pie_rule = false;
    r.end.seeds_left = SeedsLeft::Owner;
    if r.end.repetition != Repetition::Owner {
        r.end.repetition = Repetition::Owner;
    }
    r.board.pits_per_side_range[1] = r.board.pits_per_side_range[1].min(11);
    if rng.coin() {
        // O An Quan's capture, often: after an empty pit, chained.
        r.capture.after_empty = true;
        r.capture.after_empty_chain = rng.coin();
        r.capture.grand_slam = GrandSlam::Allowed;
        if rng.coin() {
            r.sowing.relay = Relay::Next;
        }
    }
}

/// The combinations of `end_pits` docs/rules.md says are refused.
fn refused_end_pits(r: &Rules) -> bool {
    if r.board.end_pits == 0 {
        return r.end.end_pits_taken;
    }
    r.board.stores == StorePlacement::Ring
        || r.board.rows == 4
        || r.board.pits_per_side_range[1] > 11
        || r.claim.count > 0
        || r.rounds.is_some()
        || r.turn.pits == MovePits::Any
        || r.turn.pie_rule
        || r.sowing.forced_singles
        || r.end.seeds_left != SeedsLeft::Owner
        || r.end.repetition == Repetition::Split
}

/// The combinations of `pits = "any"`, `after_empty_from` and
/// `quiet_moves` docs/rules.md says are refused.
fn refused_any_pits(r: &Rules) -> bool {
    let c = &r.capture;
    let occupied = c.after_empty_from == AfterEmptyFrom::Occupied;
    if (occupied && (!c.after_empty || c.during_sowing > 0))
        || (c.after_empty_chain && !c.after_empty)
        || (r.turn.refill_empty_row
            && (r.end.empty_side == EmptySide::Either
                || r.turn.pass
                || r.turn.must_feed
                || r.turn.pits == MovePits::Any
                || r.board.rows == 4
                || r.rounds.is_some()
                || r.sowing.min_seeds > 1
                || r.end.repetition == Repetition::None
                || r.claim.count > 0))
        || (r.end.quiet_moves > 0 && r.end.repetition == Repetition::None)
    {
        return true;
    }
    r.turn.pits == MovePits::Any
        && (r.board.pits_per_side_range[1] > 8
            || r.board.stores != StorePlacement::Beside
            || r.board.rows == 4
            || r.sowing.relay == Relay::Own
            || r.sowing.forced_singles
            || c.empty_pit != EmptyPitCapture::Off
            || (c.takes_by_count() && c.rows != CaptureRows::Either)
            || c.grand_slam != GrandSlam::Allowed
            || c.between_equal
            || r.claim.count > 0
            || r.turn.must_feed
            || r.turn.pass
            || r.turn.pie_rule
            || r.end.empty_side != EmptySide::Mover
            || matches!(r.end.seeds_left, SeedsLeft::Owner | SeedsLeft::EmptySide)
            || r.end.repetition == Repetition::Owner
            || r.sows_other_ways()
            || r.rounds.is_some())
}

/// Makes `r` a four-row rule set; in one case of eight it keeps an element
/// four rows refuse.
fn four_rows(r: &mut Rules, rng: &mut Rng) {
    r.board.rows = 4;
    r.board.pits_per_side_range = [1, 8];
    r.board.start = rng.pick(&[StartPits::InnerRightHalf, StartPits::All, StartPits::Outer]);
    r.capture.facing_on = if rng.coin() { FacingOn::Empty } else { FacingOn::Occupied };
    r.capture.facing = rng.pick(&[Facing::Both, Facing::Inner, Facing::Inner, Facing::Off]);
    r.capture.taken =
        if r.capture.facing != Facing::Off && rng.coin() { Taken::Sown } else { Taken::Store };
    if rng.below(8) == 0 {
        return;
    }
    r.board.stores = StorePlacement::Beside;
    r.sowing.extra_turn = false;
    r.sowing.relay = if rng.coin() { Relay::Own } else { Relay::None };
    r.capture.empty_pit = EmptyPitCapture::Off;
    r.capture.counts.clear();
    r.capture.parity = Parity::Off;
    r.capture.rows = CaptureRows::Opponent;
    r.capture.chain = false;
    r.capture.grand_slam = GrandSlam::Allowed;
    r.capture.between_equal = false;
    r.capture.during_sowing = 0;
    r.capture.after_empty = false;
    r.capture.after_empty_chain = false;
    r.claim = ClaimRules::default();
    r.turn.must_feed = false;
    if r.end.repetition == Repetition::None {
        r.end.repetition = Repetition::Owner;
    }
    if r.capture.facing == Facing::Off {
        r.capture.facing = Facing::Inner;
    }
    if r.end.seeds_left == SeedsLeft::LastMover {
        r.turn.pass = false;
    }
    // Bonus takes after a facing capture into the store, now and then.
    if r.capture.taken == Taken::Store && rng.below(3) == 0 {
        r.capture.bonus_pits = rng.pick(&[1, 2, 3, 15]);
        r.turn.pie_rule = false;
    }
}

#[test]
fn custom_rules_match_reference_in_random_games() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut stats = Stats::default();
    // Enkeshui's claims with one element changed at a time, so that every
    // claim element meets the reference whatever the random sets draw.
    let enkeshui = Variant::preset("enkeshui").unwrap().rules().clone();
    let changes: [fn(&mut Rules); 7] = [
        |r| r.claim.before_relay = false,
        |r| r.claim.pair = false,
        |r| r.claim.max = 2,
        |r| r.sowing.relay = Relay::Own,
        // Claims near the row ends only (Qelat's), and pairs and claims
        // before the relay in piles sown clockwise.
        |r| {
            r.claim.own_row_ends = 1;
            r.claim.opponent_row_ends = 2;
        },
        |r| {
            r.sowing.direction = SowingDirection::ByPit;
            r.sowing.by_pit = Some(ByPit {
                left: PitDirection::Cw,
                centre: PitDirection::Either,
                right: PitDirection::Ccw,
            });
        },
        |r| r.sowing.direction = SowingDirection::Chosen,
    ];
    for change in changes {
        let mut rules = enkeshui.clone();
        change(&mut rules);
        random_games(&Variant::new(rules).unwrap(), 25, 3000, &mut rng, &mut stats);
    }
    let mut made = 0;
    let mut i = 0;
    while made < 400 {
        i += 1;
        let mut rules = random_rules(&mut rng, i);
        // Every fourth rule set: relay with stores beside the board on a small
        // board, where relay loops are possible (under "any").
        if i % 4 == 0 {
            rules.board.stores = StorePlacement::Beside;
            rules.sowing.relay = match i % 16 {
                0 | 8 => Relay::Any,
                4 => Relay::Next,
                _ => Relay::Own,
            };
            rules.sowing.extra_turn = false;
            if rules.end.repetition == Repetition::None {
                rules.end.repetition = Repetition::Owner;
            }
            rules.board.pits_per_side = rng.range(1, 4) as u8;
            rules.board.seeds_per_pit = rng.range(1, 4) as u8;
            let listed = !rules.board.start_pits.is_empty();
            if listed {
                rules.board.pits_per_side_range = [1, 16];
                rules.board.seeds_per_pit_range = [1, 127];
            }
            start_list(&mut rules, &mut rng, listed);
        }
        let variant = match Variant::new(rules.clone()) {
            Ok(v) => v,
            Err(e) => {
                // The checker only rejects documented combinations.
                let beside = rules.board.stores == StorePlacement::Beside;
                let by_count = rules.capture.takes_by_count();
                let documented = (beside
                    && (rules.sowing.extra_turn
                        || rules.end.repetition == Repetition::None
                        || (!by_count
                            && rules.claim.count == 0
                            && !rules.capture.between_equal
                            && rules.capture.during_sowing == 0
                            && !rules.capture.after_empty
                            && rules.capture.facing == Facing::Off
                            && rules.capture.empty_pit == EmptyPitCapture::Off)))
                    || (rules.capture.chain && !by_count)
                    || (rules.capture.chain_direction == ChainDirection::Forwards
                        && !rules.capture.chain)
                    || (!by_count && rules.capture.grand_slam != GrandSlam::Allowed)
                    || rules.claim.count as u32 > rules.total_seeds()
                    || (rules.turn.pass
                        && (rules.end.empty_side != EmptySide::Mover
                            || rules.turn.must_feed
                            || matches!(
                                rules.capture.grand_slam,
                                GrandSlam::Forbidden | GrandSlam::OnlyIfForced
                            )))
                    || (rules.capture.between_equal && (by_count || rules.claim.count > 0))
                    || rules.capture.during_sowing as u32 > rules.total_seeds()
                    || (rules.capture.during_sowing > 0
                        && rules.capture.grand_slam != GrandSlam::Allowed)
                    || (rules.capture.after_empty
                        && rules.capture.grand_slam != GrandSlam::Allowed)
                    || (beside
                        && rules.capture.empty_pit == EmptyPitCapture::Off
                        && rules.capture.parity == Parity::Off
                        && rules.claim.count == 0
                        && rules.capture.during_sowing == 0
                        && !rules.capture.after_empty
                        && rules.capture.facing == Facing::Off
                        && rules.capture.counts.iter().all(|&c| c as u32 > rules.total_seeds()))
                    || refused_on_four_rows(&rules)
                    || refused_directions(&rules)
                    || refused_crossing(&rules)
                    || (rules.rounds.is_some()
                        && (rules.turn.pie_rule
                            || rules.end.majority
                            || rules.end.repetition == Repetition::Split
                            || rules.end.seeds_left == SeedsLeft::Split
                            || rules.end.quiet_moves > 0
                            || rules.claim.count > 0
                            || rules.board.rows == 4
                            || rules.sows_other_ways()
                            || rules.board.pits_per_side_range[1] > 15))
                    || refused_any_pits(&rules)
                    || refused_end_pits(&rules)
                    || (rules.end.seeds_left == SeedsLeft::LastMover && rules.turn.pass)
                    || rules.sowing.min_seeds as u32 > rules.total_seeds()
                    || refused_claims(&rules)
                    || refused_grouped(&rules);
                assert!(documented, "rules rejected: {}: {e}", describe(&rules));
                continue;
            }
        };
        made += 1;
        random_games(&variant, 25, 3000, &mut rng, &mut stats);
    }
    report_failures(&stats);
    eprintln!("custom stats: {stats:?}");
    // Under relay = "own" no sowing ever loops: during one move the
    // opponent's row and the stores only gain seeds, and a sowing that stays
    // inside the mover's row moves seeds strictly to the right, so no board
    // can repeat within a move (docs/rules.md), unless each relayed pile
    // goes back the other way. Under "any" sowings do loop, and such moves
    // are not legal.
    assert_eq!(stats.relay_loops_own, 0, "a relay from one's own pits looped: {stats:?}");
    assert!(stats.relay_loops > 0, "no endless sowing met under relay = \"any\": {stats:?}");
    assert!(stats.relay_pickups > 0 && stats.split_odd > 0);
    assert!(stats.swaps > 0 && stats.grand_slams_played > 0);
    assert!(stats.forced_grand_slam_positions > 0 && stats.claims > 0);
    assert!(stats.own_row_claims > 0, "no pit of the mover's row claimed: {stats:?}");
    assert!(stats.pair_claims > 0, "no pair of pits claimed: {stats:?}");
    assert!(stats.claims_before_relay > 0, "no claim instead of a relay: {stats:?}");
    assert!(stats.row_end_refusals > 0, "no claim refused away from the row ends: {stats:?}");
    assert!(stats.row_end_claims > 0, "no claim near the row ends: {stats:?}");
    assert!(stats.clockwise_claims > 0, "no claim by a pile sown clockwise: {stats:?}");
    assert!(stats.clockwise_pairs > 0, "no pair claimed by a pile sown clockwise: {stats:?}");
    assert!(stats.captures_after_relay_refused > 0, "no capture refused after a relay: {stats:?}");
    assert!(stats.rounds > 0 && stats.out_of_play > 0, "no later round met: {stats:?}");
    assert!(stats.to_empty_side > 0, "no seeds left went to an empty side: {stats:?}");
    assert!(stats.passes > 0, "no player passed: {stats:?}");
    assert!(stats.between_captures > 0, "no capture between equal pits: {stats:?}");
    assert!(stats.during_captures > 0, "no capture during the sowing: {stats:?}");
    assert!(stats.after_empty_captures > 0, "no capture after an empty pit: {stats:?}");
    assert!(stats.next_relays > 0, "no pile lifted by relay = \"next\": {stats:?}");
    assert!(stats.four_row_moves > 0, "no move on four rows: {stats:?}");
    assert!(stats.bonus_takes > 0, "no bonus take made: {stats:?}");
    assert!(stats.bonus_lapsed > 0, "no bonus takes lapsed: {stats:?}");
    assert!(stats.facing_captures > stats.sown_captures, "no facing capture stored: {stats:?}");
    assert!(stats.sown_captures > 0, "no facing capture sown again: {stats:?}");
    assert!(stats.to_last_mover > 0, "no seeds went to the last mover: {stats:?}");
    assert!(stats.forced_singles > 0, "no single seed sown when forced: {stats:?}");
    assert!(stats.facing_from_empty > 0, "no facing capture from an empty pit: {stats:?}");
    assert!(stats.clockwise_moves > 0, "no move sown clockwise: {stats:?}");
    assert!(stats.chosen_moves > 0, "no move whose direction was chosen: {stats:?}");
    assert!(stats.clockwise_chains > 0, "no capture chained after a clockwise sowing: {stats:?}");
    assert!(stats.forward_chains > 0, "no capture chained forwards: {stats:?}");
    assert!(stats.grouped_piles > 0, "no pile sown several seeds a place: {stats:?}");
    assert!(
        stats.grouped_empty_pit_captures > 0,
        "no empty-pit capture by a group of several seeds: {stats:?}"
    );
    assert!(stats.from_other_row > 0, "no move from the opponent's row: {stats:?}");
    assert!(stats.after_empty_refused > 0, "no capture refused from an empty pit: {stats:?}");
    assert!(stats.split_left > 0, "no seeds left split: {stats:?}");
    assert!(stats.reversed_piles > 0, "no pile sown back the other way: {stats:?}");
    assert!(stats.uncrossed_refused > 0, "no capture refused for want of crossing: {stats:?}");
    assert!(stats.chained_empty > 0, "no pit taken by empty_pit_chain: {stats:?}");
    assert!(stats.uncrossed_turns > 0, "no extra turn in an own empty pit: {stats:?}");
    assert!(stats.one_way_endless > 0, "no pit with one way endless: {stats:?}");
    assert!(stats.clockwise_relays > 0, "no relay lifted in a clockwise sowing: {stats:?}");
    assert!(stats.after_empty_chained > 0, "no chain of captures after empty pits: {stats:?}");
    assert!(stats.refills > 0, "no empty row refilled from its store: {stats:?}");
    assert!(stats.end_pits_taken > 0, "no end pit taken: {stats:?}");
    assert!(stats.end_pit_last > 0, "no last seed in an end pit: {stats:?}");
    for reason in [
        "end-pits-taken",
        "quiet-moves",
        "majority",
        "empty-side",
        "no-seeds",
        "cannot-feed",
        "only-grand-slams",
        "cycle",
        "no-move",
    ] {
        assert!(stats.ends.contains_key(reason), "no game ended by {reason}: {stats:?}");
    }
}

/// The combinations of the claim elements, `first_pile_only` and
/// `start_pits` docs/variant-file.md says are refused.
fn refused_claims(r: &Rules) -> bool {
    let c = &r.claim;
    let many =
        c.count > 0 && (c.rows == ClaimRows::Either || c.max != 1 || c.pair || c.before_relay);
    let none = r.sowing.relay == Relay::None;
    let list = &r.board.start_pits;
    let ends = c.own_row_ends.max(c.opponent_row_ends);
    (ends > 0 && c.count == 0)
        || (c.own_row_ends > 0 && c.rows == ClaimRows::Opponent)
        || 2 * ends as u32 > r.board.pits_per_side as u32
        || (c.count == 0 && (c.rows == ClaimRows::Either || c.max != 1 || c.pair || c.before_relay))
        || (c.pair && (c.count == 1 || c.max == 1))
        || (c.before_relay && none)
        || (many && (r.board.pits_per_side > 11 || c.not_same_number))
        || (r.capture.first_pile_only && (none || r.board.rows == 4 || r.capture.during_sowing > 0))
        || (!list.is_empty()
            && (list.len() != r.board.pits_per_side as usize
                || r.board.rows == 4
                || r.rounds.is_some()
                || r.board.start != StartPits::All))
}

/// The combinations of the four-row elements docs/rules.md says are
/// refused.
fn refused_on_four_rows(r: &Rules) -> bool {
    let c = &r.capture;
    if r.sowing.forced_singles && r.sowing.min_seeds != 2 {
        return true;
    }
    if c.facing_on != FacingOn::Occupied && c.facing == Facing::Off {
        return true;
    }
    if r.board.rows != 4 {
        return c.facing != Facing::Off
            || c.bonus_pits > 0
            || r.board.start != StartPits::All
            || (c.taken == Taken::Sown && c.facing == Facing::Off);
    }
    (c.taken == Taken::Sown && c.facing == Facing::Off)
        || r.board.pits_per_side_range[1] > 12
        || r.board.stores != StorePlacement::Beside
        || matches!(r.sowing.relay, Relay::Any | Relay::Next)
        || c.empty_pit != EmptyPitCapture::Off
        || c.takes_by_count()
        || c.between_equal
        || c.during_sowing > 0
        || c.after_empty
        || r.claim.count > 0
        || r.turn.must_feed
        || (c.bonus_pits > 0 && (c.taken == Taken::Sown || r.turn.pie_rule))
        || c.bonus_pits > 15
}

/// Perft through the reference, in leaves: the default test stops before a
/// depth whose tree is larger (at depth 4 at the least), since the
/// reference takes about 60 µs a leaf; the `#[ignore]`d
/// `perft_matches_reference_to_full_depth` goes to full depth.
const REFERENCE_PERFT_LEAVES: u64 = 150_000;

/// Perft of `variant` to `depth`, in the layout its positions take.
fn perft(variant: &Variant, depth: u32) -> u64 {
    fn perft_in<L: Layout>(variant: &Variant, depth: u32) -> u64 {
        Game::from_position(variant.clone(), Position::<L>::start_in(variant)).perft(depth)
    }
    match variant.layout() {
        LayoutKind::Compact => perft_in::<Compact>(variant, depth),
        LayoutKind::Wide => perft_in::<Wide>(variant, depth),
    }
}

/// Compares perft of `variant` with the reference's, depth by depth, up to
/// `max_depth`, or to the last depth within `leaves` leaves (and at least 4).
fn check_perft(variant: &Variant, max_depth: u32, leaves: u64) {
    let rules = variant.rules().clone();
    let reference = Reference::new(&rules);
    let start = reference.start();
    let mut stats = Stats::default();
    for d in 0..=max_depth {
        let got = perft(variant, d);
        if d > 4 && got > leaves {
            break;
        }
        let mut history = HashSet::new();
        history.insert(start.clone());
        let expected = reference.perft(&start, &mut history, d, &mut stats);
        assert_eq!(
            got,
            expected,
            "perft({d}) of {}: expected {expected}, got {got}",
            describe(&rules)
        );
    }
}

#[test]
fn perft_matches_reference() {
    perft_of_presets_matches_reference(REFERENCE_PERFT_LEAVES);
}

/// Every preset's perft to depth 6 (8 on small boards) whatever the size of
/// the tree: about ten times the default test's work (four minutes of one
/// core). `cargo test --release -p mancala-core --test reference --
/// --ignored`.
#[test]
#[ignore = "minutes: perft to full depth through the reference; run with --ignored"]
fn perft_matches_reference_to_full_depth() {
    perft_of_presets_matches_reference(u64::MAX);
}

fn perft_of_presets_matches_reference(leaves: u64) {
    for name in preset_names() {
        let base = Variant::preset(name).unwrap();
        let [pmin, _] = base.rules().board.pits_per_side_range;
        let [smin, _] = base.rules().board.seeds_per_pit_range;
        // Default size, then small ones (none for a start list, which fixes
        // the size).
        check_perft(&base, 6, leaves);
        if !base.rules().board.start_pits.is_empty() {
            continue;
        }
        for (p, s) in [(3u8, 3u8), (4, 2), (2, 4), (1, 1), (3, 1)] {
            let p = p.max(pmin);
            let s = s.max(smin);
            let v = base.resized(Some(p), Some(s)).unwrap();
            check_perft(&v, 8, leaves);
        }
    }
}

#[test]
fn perft_matches_reference_for_custom_rules() {
    let mut rng = Rng::new(0x5EED_0003);
    let mut made = 0;
    let mut i = 0;
    while made < 60 {
        i += 1;
        let mut rules = random_rules(&mut rng, i);
        rules.board.pits_per_side = rng.range(1, 4) as u8;
        rules.board.seeds_per_pit = rng.range(1, 4) as u8;
        let listed = !rules.board.start_pits.is_empty();
        if listed {
            rules.board.pits_per_side_range = [1, 16];
            rules.board.seeds_per_pit_range = [1, 127];
        }
        start_list(&mut rules, &mut rng, listed);
        if let Ok(v) = Variant::new(rules) {
            made += 1;
            check_perft(&v, 6, u64::MAX);
        }
    }
}

/// Plays `moves` (1-based pit numbers or `swap`) in a game of `variant`,
/// comparing with the reference after every move.
fn replay(variant: &Variant, moves: &str) -> Result<(), String> {
    let rules = variant.rules().clone();
    let reference = Reference::new(&rules);
    let mut stats = Stats::default();
    let mut game = Game::new(variant.clone());
    let mut rp = reference.start();
    let mut history: HashSet<RefPos> = HashSet::new();
    history.insert(rp.clone());
    let mut played = Vec::new();
    compare(variant, &game, &reference, &rp, &played, &mut stats)?;
    for text in moves.split(',') {
        let mv: Move = text.parse().unwrap();
        played.push(mv);
        game.play(mv).map_err(|e| format!("{e}"))?;
        rp = reference.play(&rp, mv, &history, &mut stats);
        history.insert(rp.clone());
        compare(variant, &game, &reference, &rp, &played, &mut stats)?;
    }
    Ok(())
}

/// docs/rules.md: "After every move the checks run" and a swap is a move.
/// Here South's opening captures everything, North swaps, and South (to move
/// after the swap) has no seeds: the game is over (`no-seeds`).
#[test]
fn end_checks_run_after_a_swap() {
    let mut r = Variant::preset("kalah").unwrap().rules().clone();
    r.name = "swap-ends".into();
    r.board.pits_per_side = 1;
    r.sowing.skip_opponent_store = false;
    r.sowing.relay = Relay::Own;
    r.capture.empty_pit = EmptyPitCapture::IfOppositeHasSeeds;
    r.turn.must_feed = true;
    r.end.majority = false;
    r.end.empty_side = EmptySide::Mover;
    let v = Variant::new(r).unwrap();
    if let Err(e) = replay(&v, "1,swap") {
        panic!("{e}");
    }
}

/// docs/rules.md: with `grand_slam = "captures-nothing"` a grand slam "is
/// legal and captures nothing", so with `must_feed` it feeds the empty
/// opponent (it leaves their seeds on their side) and is a legal move.
/// North (10,1,0 against an empty South) must play pit 1, which sows
/// 2,2,2 into South's row: a grand slam that captures nothing.
#[test]
fn captures_nothing_grand_slam_can_feed() {
    let v = Variant::preset("abapa").unwrap().resized(Some(3), Some(4)).unwrap();
    let moves = "2,3,2,2,2,1,3,2,1,2,2,3,3,3,2,2,1,2,2,2,3,3,3,1,2,2,3,2,2,1,2,2,1,3,2,2,2,1,1,2,1,3,1,2,3,2,2,2,3,2,1,3,3";
    if let Err(e) = replay(&v, moves) {
        panic!("{e}");
    }
}

// ---------------------------------------------------------------------------
// The wide layout (notes/wide-board.md, stage 2): boards the compact layout
// cannot hold, played in `Wide` and compared with the reference, which has
// no layout (its rows are `Vec<u32>`).
// ---------------------------------------------------------------------------

/// Hus on its 4 x 12 board, as notes/hus-12.md (section 4) writes its
/// variant file: `hus` at 12 pits a row, 48 pit cells.
const HUS_12: &str = r#"
name = "hus-12"
description = "Hus (Namibia) on its 4x12 board"

[board]
rows = 4
pits_per_side = 12
seeds_per_pit = 2
start = "inner-right-half"
pits_per_side_range = [2, 12]
seeds_per_pit_range = [2, 10]
stores = "beside"

[sowing]
skip_opponent_store = true
skip_origin = false
relay = "own"
extra_turn = false
min_seeds = 2

[capture]
empty_pit = "off"
counts = []
chain = false
grand_slam = "allowed"
facing = "both"
taken = "sown"

[turn]
first = "south"
pie_rule = false
must_feed = false

[end]
majority = false
empty_side = "mover"
seeds_left = "last-mover"
repetition = "owner"
"#;

/// Perft of [`HUS_12`] from the start, depths 0 to 4: the counts of the
/// scratch simulator of notes/hus-12.md (section 3), kept as a fixture.
const HUS_12_PERFT: [u64; 5] = [1, 18, 324, 4_420, 62_929];

#[test]
fn hus_on_four_rows_of_twelve_matches_the_reference_in_random_games() {
    let mut rng = Rng::new(0x5EED_0012);
    let mut stats = Stats::default();
    let v = Variant::from_toml(HUS_12).unwrap();
    assert_eq!(v.layout(), LayoutKind::Wide);
    random_games(&v, 80, 3000, &mut rng, &mut stats);
    // 8 seeds a pit: 288 seeds, past a byte as well.
    let eight = v.resized(None, Some(8)).unwrap();
    assert!(eight.total_seeds() > 255);
    random_games(&eight, 10, 3000, &mut rng, &mut stats);
    // The other reading of the capture (notes/hus-12.md, example 4), and a
    // capture into the store.
    let mut rules = v.rules().clone();
    rules.capture.facing = Facing::Inner;
    random_games(&Variant::new(rules.clone()).unwrap(), 30, 3000, &mut rng, &mut stats);
    rules.capture.taken = Taken::Store;
    rules.capture.bonus_pits = 2;
    random_games(&Variant::new(rules).unwrap(), 30, 3000, &mut rng, &mut stats);
    report_failures(&stats);
    eprintln!("hus-12 stats: {stats:?}");
    assert!(stats.four_row_moves > 1000 && stats.relay_pickups > 0, "{stats:?}");
    assert!(stats.sown_captures > 0 && stats.facing_captures > stats.sown_captures, "{stats:?}");
    assert!(stats.bonus_takes > 0 && stats.to_last_mover > 0, "{stats:?}");
}

#[test]
fn hus_on_four_rows_of_twelve_perft_matches_the_fixture_and_the_reference() {
    let v = Variant::from_toml(HUS_12).unwrap();
    let counts: Vec<u64> = (0..HUS_12_PERFT.len() as u32).map(|d| perft(&v, d)).collect();
    assert_eq!(counts, HUS_12_PERFT);
    check_perft(&v, HUS_12_PERFT.len() as u32 - 1, u64::MAX);
}

#[test]
fn two_rows_of_six_with_600_seeds_match_the_reference_in_random_games() {
    let mut rng = Rng::new(0x5EED_0600);
    let mut stats = Stats::default();
    for name in ["kalah", "oware", "relay-kalah", "bohnenspiel"] {
        let mut rules = Variant::preset(name).unwrap().rules().clone();
        rules.board.pits_per_side = 6;
        rules.board.seeds_per_pit = 50;
        rules.board.pits_per_side_range = [6, 6];
        rules.board.seeds_per_pit_range = [50, 50];
        assert_eq!(Variant::new(rules.clone()).unwrap().layout(), LayoutKind::Wide, "{name}");
        let v = Variant::new(rules).unwrap();
        assert_eq!((v.layout(), v.total_seeds()), (LayoutKind::Wide, 600), "{name}");
        random_games(&v, 8, 1500, &mut rng, &mut stats);
    }
    report_failures(&stats);
    eprintln!("600 seeds stats: {stats:?}");
    assert!(stats.extra_turns > 0 && stats.empty_pit_captures > 0, "{stats:?}");
    assert!(stats.relay_pickups > 0 && stats.count_captures > 0, "{stats:?}");
}

#[test]
fn random_rules_past_the_compact_limits_match_the_reference() {
    let mut rng = Rng::new(0x5EED_0032);
    let mut stats = Stats::default();
    let (mut made, mut i, mut wide_rows) = (0, 0, 0);
    while made < 120 {
        i += 1;
        let mut rules = random_rules(&mut rng, i);
        if i % 2 == 0 {
            // Four rows of 9 to 12 pits: more than 32 pit cells.
            four_rows(&mut rules, &mut rng);
            rules.board.pits_per_side_range = [1, 12];
            rules.board.pits_per_side = rng.range(9, 12) as u8;
            rules.board.seeds_per_pit = rng.range(1, 4) as u8;
        } else {
            // More than 255 seeds, at most 1000.
            rules.board.seeds_per_pit = 1;
            let each = rules.total_seeds().max(1);
            let (lo, hi) = (256_u32.div_ceil(each), (1000 / each).min(255));
            if lo > hi {
                continue;
            }
            rules.board.seeds_per_pit_range = [1, 255];
            rules.board.seeds_per_pit = rng.range(lo as usize, hi as usize) as u8;
            // Seeds that do not grow with the size (the end pits') aside.
            if !(256..=1000).contains(&rules.total_seeds()) {
                continue;
            }
        }
        let Ok(v) = Variant::new(rules) else { continue };
        assert_eq!(v.layout(), LayoutKind::Wide, "{}", describe(v.rules()));
        made += 1;
        wide_rows += v.rules().four_rows() as usize;
        random_games(&v, 4, 800, &mut rng, &mut stats);
    }
    report_failures(&stats);
    eprintln!("past the compact limits: {wide_rows} four-row sets, stats: {stats:?}");
    assert!(wide_rows > 20 && made - wide_rows > 20, "{wide_rows} of {made}");
    assert!(stats.four_row_moves > 0 && stats.facing_captures > 0, "{stats:?}");
    assert!(stats.count_captures > 0 && stats.empty_pit_captures > 0, "{stats:?}");
}

#[test]
fn presets_in_the_wide_layout_match_the_reference() {
    let mut rng = Rng::new(0x5EED_0048);
    let mut stats = Stats::default();
    for name in preset_names() {
        let v = Variant::preset(name).unwrap().in_wide_layout();
        assert_eq!(v.layout(), LayoutKind::Wide);
        random_games(&v, 20, 3000, &mut rng, &mut stats);
    }
    report_failures(&stats);
    assert!(stats.rounds > 0 && stats.claims > 0 && stats.end_pits_taken > 0, "{stats:?}");
}
