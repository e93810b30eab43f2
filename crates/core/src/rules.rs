//! The rules of a mancala variant as plain data.
//!
//! A [`Rules`] value is what a variant file (TOML) holds. Every dimension in
//! which the supported games differ is an explicit field here; the code in
//! [`crate::position`] reads these fields and has no special case for any
//! named game. [`Rules::check`] reports every problem of a rule set at once;
//! [`crate::Variant`] turns checked rules into the tables the hot path uses.
//!
//! The built-in presets live as TOML files in `crates/core/variants/` and are
//! the best examples of the format (see `docs/variant-file.md`).
//!
//! [`Rules::from_toml`] reads a variant file; what is wrong with one is told
//! by `rules/diagnostics.rs` ([`VariantFileError`]).

mod diagnostics;

use serde::{Deserialize, Serialize};

use crate::Side;

pub use diagnostics::VariantFileError;
use diagnostics::{shape_problems, short_lines};

/// Most pits one side can have. Positions keep both rows in a fixed array of
/// `2 * MAX_PITS_PER_SIDE` cells.
pub const MAX_PITS_PER_SIDE: usize = 16;

/// Most seeds a game of the compact layout holds in all (pits and stores):
/// a pit or store holds a `u8`, so the whole game must fit one. Rules of
/// more seeds get the wide layout, up to its limit
/// ([`crate::LayoutKind::limits`], [`crate::Variant::layout`]).
pub const MAX_TOTAL_SEEDS: u32 = 255;

/// The largest variant file read, in bytes (64 KiB; a built-in variant's
/// file is under 1 KiB). [`Rules::from_toml`] refuses longer text, and the
/// command line and the engine read no more than this (and one byte) of a file.
pub const MAX_VARIANT_FILE_BYTES: usize = 64 * 1024;

/// A complete rule set: board, sowing, captures, turn order and game end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Short name, e.g. `kalah` (letters, digits, `-`).
    pub name: String,
    /// One line saying what this variant is.
    #[serde(default)]
    pub description: String,
    /// Board size and the sizes the variant allows.
    pub board: BoardRules,
    /// How seeds are sown.
    pub sowing: SowingRules,
    /// How seeds are captured.
    pub capture: CaptureRules,
    /// Turn order, the pie rule and the feeding obligation.
    pub turn: TurnRules,
    /// When and how the game ends.
    pub end: EndRules,
    /// Pits that become one player's for the rest of the game (Toguz
    /// Kumalak's tuzdyk). Optional: without it no pit is ever claimed.
    #[serde(default)]
    pub claim: ClaimRules,
    /// A match of several rounds (Congkak, Sungka, Dakon, Pallanguzhi):
    /// after a round the players fill their pits again from their stores, a pit
    /// they cannot fill staying out of play for the round. Optional:
    /// without it a game is one round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundsRules>,
}

/// The rounds of a match (section `[rounds]`). A round is played as a game
/// of the other rules; when it ends, every seed is in a store. Each player
/// then takes the seeds of their own store and fills their pits in order,
/// `board.seeds_per_pit` to a pit, as far as the seeds go: a pit they
/// cannot fill is out of play for the next round (it holds no seed, no
/// sowing drops a seed into it, either player's sowing passes over it, and
/// it cannot be moved), and the seeds left over stay in the store. The
/// match ends when a player cannot fill a single pit; the other player
/// wins it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundsRules {
    /// Which pit a player fills first (see [`FillFrom`]).
    #[serde(default)]
    pub fill_from: FillFrom,
    /// Who moves first in the next round (see [`RoundStarter`]).
    #[serde(default)]
    pub starts: RoundStarter,
}

/// The end of a row a player fills their pits from at the start of a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FillFrom {
    /// Pit 1 first, then 2, and so on: the player's own left, the first pit
    /// of their sowing (the pit farthest from their store on the ring). The
    /// pits next to the store are the ones left out of play.
    #[default]
    First,
    /// Pit n first, then n - 1, and so on: the pit next to the player's
    /// store on the ring. The pits farthest from the store are left out.
    Last,
}

/// Who makes the first move of the next round. After a round that ends
/// level, the player who did not start it starts the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundStarter {
    /// The player who did not start the round just played.
    #[default]
    Alternate,
    /// The player with more seeds in their store at the round's end.
    Winner,
    /// The player with fewer seeds in their store at the round's end.
    Loser,
}

/// Most pits a side with `[rounds]`: a position marks the pits out of play
/// in the 30 spare bits of its occupancy word.
pub const MAX_PITS_PER_SIDE_IN_ROUNDS: usize = 15;

/// The board: pits, seeds and where the stores are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRules {
    /// Pits in each player's row (default size of the variant).
    pub pits_per_side: u8,
    /// Seeds in each pit at the start (default size of the variant).
    pub seeds_per_pit: u8,
    /// Smallest and largest pits per side the variant allows, inclusive.
    #[serde(default = "default_pits_range")]
    pub pits_per_side_range: [u8; 2],
    /// Smallest and largest seeds per pit the variant allows, inclusive.
    #[serde(default = "default_seeds_range")]
    pub seeds_per_pit_range: [u8; 2],
    /// Where the stores are.
    pub stores: StorePlacement,
    /// Rows of pits: 2 (each player owns one row) or 4 (each player owns
    /// the two rows on their side and sows round them alone, never into
    /// the opponent's: Hus). On four rows `pits_per_side` counts the pits
    /// of each row, at most 12 ([`crate::LayoutKind::limits`]; more than
    /// [`MAX_PITS_PER_ROW_ON_FOUR`] need the wide layout).
    #[serde(default = "two_rows")]
    pub rows: u8,
    /// Which pits hold seeds at the start (see [`StartPits`]).
    #[serde(default)]
    pub start: StartPits,
    /// A start that is not uniform (Enkeshui): the seeds of each pit of a
    /// row at the start, from the row's owner's left, the same for both
    /// rows; one count for each of the `pits_per_side` pits, the largest
    /// being `seeds_per_pit`. Empty: every pit starts with `seeds_per_pit`
    /// (as `start` says). A board with a start list is played at its own
    /// size only: another pits per side or seeds per pit is refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_pits: Vec<u8>,
    /// Two neutral pits on the sowing ring, one after each row's last pit
    /// (O An Quan's mandarin squares), each holding this many seeds at the
    /// start; 0: none. Nobody owns them: they never start a move, are sown
    /// into like pits, end a relay `"next"` when the next place is one,
    /// and only the capture after an empty pit (`capture.after_empty`)
    /// takes them. Needs `stores = "beside"`, at most
    /// [`MAX_PITS_PER_SIDE_WITH_END_PITS`] pits a side. See `docs/rules.md`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub end_pits: u8,
    /// Where the front ends draw stores that stand beside the board
    /// (`stores = "beside"`): at the row ends, between the rows (Toguz
    /// Kumalak's kazans), or nowhere, each player keeping the seeds taken
    /// in hand. The rules are the same for all three.
    #[serde(default, skip_serializing_if = "StoresDrawn::is_ends")]
    pub stores_drawn: StoresDrawn,
}

/// Where the front ends draw stores beside the board
/// ([`BoardRules::stores_drawn`]): the rules do not depend on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoresDrawn {
    /// At the row ends: North's on the left, South's on the right.
    #[default]
    Ends,
    /// Between the two rows (Toguz Kumalak's kazans): North's in the left
    /// half, South's in the right half.
    Between,
    /// No store on the board: each player keeps the seeds taken in hand,
    /// and the front ends tell the count beside the player.
    Hand,
}

impl StoresDrawn {
    /// `true` for the default, the row ends.
    pub fn is_ends(&self) -> bool {
        *self == StoresDrawn::Ends
    }
}

/// Most pits a side with `board.end_pits`: a position holds the two end
/// pits in the cells after both rows, below the cells of the claims.
pub const MAX_PITS_PER_SIDE_WITH_END_PITS: usize = 11;

/// Most pits a row on a board of four rows in the compact layout: a
/// player's two rows are held as one row of at most [`MAX_PITS_PER_SIDE`]
/// pits in the 48-byte position. Larger four-row boards get the wide
/// layout, up to its limit ([`crate::LayoutKind::limits`],
/// [`crate::Variant::layout`]).
pub const MAX_PITS_PER_ROW_ON_FOUR: usize = MAX_PITS_PER_SIDE / 2;

fn two_rows() -> u8 {
    2
}

/// Which pits hold `seeds_per_pit` seeds at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartPits {
    /// Every pit.
    #[default]
    All,
    /// On four rows: every pit but the left half of each player's inner
    /// row (from the player's own view; the smaller half when a row has an
    /// odd number of pits), which starts empty (Hus).
    InnerRightHalf,
    /// On four rows: the outer rows only; both inner rows start empty
    /// (Tsoro).
    Outer,
}

fn default_pits_range() -> [u8; 2] {
    [1, MAX_PITS_PER_SIDE as u8]
}

fn default_seeds_range() -> [u8; 2] {
    [1, 127]
}

/// Where the two stores stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StorePlacement {
    /// On the sowing ring, after each player's last pit (Kalah): a player's
    /// own store receives a seed when sowing passes it.
    Ring,
    /// Beside the board (Oware): stores only receive captured seeds.
    Beside,
}

/// How seeds are sown. Sowing is counter-clockwise unless `direction` says
/// otherwise: a player sows from their own left to their own right, then
/// into their store (if it is on the ring), then along the opponent's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SowingRules {
    /// Sowing passes over the opponent's store (only matters with ring stores).
    #[serde(default = "yes")]
    pub skip_opponent_store: bool,
    /// A sowing of a full lap or more passes over the pit it started from, so
    /// that pit is left empty (Oware).
    #[serde(default)]
    pub skip_origin: bool,
    /// Relay sowing: which non-empty pit the last seed may land in for the
    /// mover to pick up its whole pile and sow on from there (see [`Relay`]).
    #[serde(default)]
    pub relay: Relay,
    /// When the last seed lands in the mover's own store, the mover plays again.
    #[serde(default)]
    pub extra_turn: bool,
    /// The first seed goes back into the pit it was taken from, and the rest
    /// are sown from the next pit on; a pit holding a single seed sows it
    /// into the next pit (Toguz Kumalak).
    #[serde(default)]
    pub first_seed_in_origin: bool,
    /// The fewest seeds a pit must hold for a move to start from it (Hus:
    /// 2, a single seed may not be sown). 1: any pit with seeds.
    #[serde(default = "one_seed")]
    pub min_seeds: u8,
    /// With `min_seeds = 2`: when no pit of the mover holds two seeds or
    /// more, a pit holding a single seed may start a move, if the pit
    /// after it is empty (Tsoro: "single counters can only be sown into an
    /// empty hole").
    #[serde(default)]
    pub forced_singles: bool,
    /// Which way the seeds go round the board (see [`SowingDirection`]):
    /// counter-clockwise (the default), clockwise, chosen by the mover on
    /// every move, or fixed by the pit a move starts from (`by_pit`).
    #[serde(default, skip_serializing_if = "SowingDirection::is_default")]
    pub direction: SowingDirection,
    /// With `direction = "by-pit"`: the way each pit of a row sows, from
    /// its owner's view (see [`ByPit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_pit: Option<ByPit>,
    /// The way each relayed pile is sown (see [`RelayDirection`]): the way
    /// of the pile before it (the default), or the other way (Kiuthi).
    #[serde(default, skip_serializing_if = "RelayDirection::is_same")]
    pub relay_direction: RelayDirection,
    /// The last seed falls in an empty pit of the mover's own row, no seed
    /// of the move having fallen in the opponent's row, and no capture
    /// takes it: the mover moves again (Kiuthi).
    #[serde(default, skip_serializing_if = "is_false")]
    pub extra_turn_uncrossed: bool,
    /// Seeds sown into each place the sowing passes, the last place
    /// getting what is left (1, the default: one seed a pit; Luuth sows
    /// groups of four). Played by the general sowing; see
    /// `docs/variant-file.md` for what it combines with.
    #[serde(default = "one_seed", skip_serializing_if = "is_one")]
    pub seeds_per_place: u8,
}

/// The way a relayed pile is sown round the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RelayDirection {
    /// The way the pile before it went.
    #[default]
    Same,
    /// The other way from the pile before it: the laps of a move go back
    /// and forth (Kiuthi).
    Reverse,
}

impl RelayDirection {
    fn is_same(&self) -> bool {
        *self == RelayDirection::Same
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(c: &u8) -> bool {
    *c == 0
}

/// Which way a move sows round the board. Counter-clockwise, a player sows
/// their own row from their left to their right, then the opponent's row;
/// clockwise, from their right to their left, then the opponent's row the
/// other way. Captures that chain backwards go against the way the move
/// sowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SowingDirection {
    /// Every move sows counter-clockwise.
    #[default]
    CounterClockwise,
    /// Every move sows clockwise.
    Clockwise,
    /// The mover chooses the way of every move: each pit gives two moves.
    Chosen,
    /// The pit a move starts from decides the way (`sowing.by_pit`).
    ByPit,
}

/// The way the pits of a row sow under `direction = "by-pit"`, from their
/// owner's view: the pits left of the row's middle, the middle pit (a row of
/// an odd number of pits has one), and the pits right of the middle.
/// Um el-Bagara: `left = "cw"`, `centre = "either"`, `right = "ccw"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByPit {
    /// The pits left of the middle (the first `pits / 2`).
    pub left: PitDirection,
    /// The middle pit of a row of an odd number of pits; not read when the
    /// number is even.
    #[serde(default = "either_way")]
    pub centre: PitDirection,
    /// The pits right of the middle (the last `pits / 2`).
    pub right: PitDirection,
}

fn either_way() -> PitDirection {
    PitDirection::Either
}

impl SowingDirection {
    fn is_default(&self) -> bool {
        *self == SowingDirection::CounterClockwise
    }
}

/// The way one pit sows under `direction = "by-pit"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PitDirection {
    /// Counter-clockwise only.
    Ccw,
    /// Clockwise only.
    Cw,
    /// Either way, chosen by the mover: the pit gives two moves.
    Either,
}

impl Rules {
    /// The ways the mover's pit `k` (0-based from the mover's left) may be
    /// sown at `pits` pits a row: bit 0 counter-clockwise, bit 1 clockwise.
    pub fn pit_directions(&self, k: usize, pits: usize) -> u8 {
        const CCW: u8 = 1;
        const CW: u8 = 2;
        let of = |d: PitDirection| match d {
            PitDirection::Ccw => CCW,
            PitDirection::Cw => CW,
            PitDirection::Either => CCW | CW,
        };
        match (self.sowing.direction, self.sowing.by_pit) {
            (SowingDirection::CounterClockwise, _) => CCW,
            (SowingDirection::Clockwise, _) => CW,
            (SowingDirection::Chosen, _) => CCW | CW,
            (SowingDirection::ByPit, None) => CCW,
            (SowingDirection::ByPit, Some(b)) => {
                let half = pits / 2;
                if k < half {
                    of(b.left)
                } else if pits % 2 == 1 && k == half {
                    of(b.centre)
                } else {
                    of(b.right)
                }
            }
        }
    }

    /// Whether some pit sows otherwise than counter-clockwise (played by
    /// the general sowing).
    pub fn sows_other_ways(&self) -> bool {
        let n = self.pits_a_side();
        (0..n).any(|k| self.pit_directions(k, n) != 1)
    }
}

fn one_seed() -> u8 {
    1
}

fn yes() -> bool {
    true
}

/// Relay sowing: where the last seed of a sowing must land, in a pit that
/// was not empty, for the mover to pick up that whole pile and sow on, or
/// (`"next"`) which pit after it is picked up. In a variant file `"none"`,
/// `"own"`, `"any"` or `"next"`; `false` and `true` are read as `"none"`
/// and `"own"`, their meaning before `"any"` existed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relay {
    /// No relay: the move ends with its first sowing.
    #[default]
    None,
    /// A last seed in one of the mover's own non-empty pits sows that pile
    /// on, until the last seed lands in an empty pit, a store or the
    /// opponent's row (relay Kalah). Such a relay always ends (see
    /// `docs/rules.md` for why).
    Own,
    /// A last seed in a non-empty pit of either row sows that pile on, until
    /// the last seed lands in an empty pit or a store (Ayoayo). Such a relay
    /// can go round forever; `docs/rules.md` says which moves are then not
    /// legal ([`MAX_RELAY_PILES`]).
    Any,
    /// After the last seed of a pile falls in a pit, the next place along
    /// the ring, a pit of either row, is lifted when it holds seeds and
    /// sown on from the place after it, until the place after a last seed
    /// is an empty pit or a store, or the last seed falls in a store
    /// (Pallanguzhi). It can go round forever too, as [`Relay::Any`].
    Next,
}

/// The most piles one move's sowing may lift (its own pit counted) under
/// `relay = "any"` or `"next"`: a sowing that would lift more is treated as one that
/// never ends, and the move is not legal (see `docs/rules.md`).
pub const MAX_RELAY_PILES: u32 = 10_000;

impl<'de> Deserialize<'de> for Relay {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Relay, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Relay;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`none`, `own`, `any` or `next` (or `false`, `true`: none, own)")
            }
            fn visit_bool<E: serde::de::Error>(self, on: bool) -> Result<Relay, E> {
                Ok(if on { Relay::Own } else { Relay::None })
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Relay, E> {
                match text {
                    "none" => Ok(Relay::None),
                    "own" => Ok(Relay::Own),
                    "any" => Ok(Relay::Any),
                    "next" => Ok(Relay::Next),
                    _ => Err(E::unknown_variant(text, &["none", "own", "any", "next"])),
                }
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// How seeds are captured. Both kinds may be switched on together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureRules {
    /// Kalah's capture: the last seed lands in one of the mover's own pits
    /// that was empty.
    #[serde(default = "empty_pit_off")]
    pub empty_pit: EmptyPitCapture,
    /// Oware's capture: the last seed lands in an opponent pit and makes its
    /// count one of these numbers (Oware: `[2, 3]`). Empty: no such capture.
    #[serde(default)]
    pub counts: Vec<u8>,
    /// With `counts`: the capture chains backwards over the preceding
    /// opponent pits while each holds one of `counts`.
    #[serde(default)]
    pub chain: bool,
    /// With `chain`: which way the chain goes from the last pit, back
    /// against the sowing (Oware) or on the way it went (Bechi).
    #[serde(default, skip_serializing_if = "ChainDirection::is_backwards")]
    pub chain_direction: ChainDirection,
    /// What happens to a move that would capture every seed the opponent has.
    #[serde(default = "grand_slam_allowed")]
    pub grand_slam: GrandSlam,
    /// Captures by parity: the last seed makes a pit's count even (Toguz
    /// Kumalak) or odd, and those seeds are taken, as with `counts` (a pit
    /// is taken when its count is in `counts` or has this parity).
    #[serde(default = "parity_off")]
    pub parity: Parity,
    /// The rows whose pits the captures by `counts` and `parity` take: the
    /// opponent's (Oware), the mover's own, or either (Bohnenspiel).
    #[serde(default = "rows_opponent")]
    pub rows: CaptureRows,
    /// Dakon's mikul: the last seed lands in an empty pit of the
    /// opponent's row whose two neighbours on that row hold the same
    /// number of seeds, at least one: the seeds of both neighbours and the
    /// last seed are taken. Not with captures by count or claims.
    #[serde(default)]
    pub between_equal: bool,
    /// Captures during the sowing (Gabata's and Pallanguzhi's fours): a
    /// seed that makes a pit hold exactly this many seeds, unless it is
    /// the last seed of its pile and a relay lifts that very pit, takes
    /// that pit at once, on either row, into the mover's store; the sowing
    /// goes on. 0 switches it off. Not with a grand slam rule other than
    /// `allowed`.
    #[serde(default)]
    pub during_sowing: u8,
    /// Pallanguzhi's capture: when the move's sowing ends with its last
    /// seed followed by an empty pit, the pit after that empty one (on
    /// either row) is taken, if it holds seeds. Looked at only when no
    /// other capture at the end of the move applied. Not with a grand slam
    /// rule other than `allowed`.
    #[serde(default)]
    pub after_empty: bool,
    /// With `after_empty`: whether the capture also needs the last seed's
    /// pit to have held seeds before the seed fell (Eson Xorgol:
    /// `"occupied"`), or takes place wherever the last seed fell
    /// (Pallanguzhi: `"any"`).
    #[serde(default)]
    pub after_empty_from: AfterEmptyFrom,
    /// With `after_empty`: after a pit is taken, the place after it is
    /// looked at as the last seed's next place was: an empty pit followed
    /// by a pit holding seeds takes that pit too, and so on (O An Quan).
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_empty_chain: bool,
    /// Four rows only: the last seed of a pile falls in one of the mover's
    /// inner pits that held seeds (or was empty, `facing_on`), and the
    /// opponent's inner pit facing it holds seeds (see [`Facing`]): the
    /// seeds of that inner pit and of the opponent's outer pit behind it
    /// are taken, instead of a relay from there (Hus).
    #[serde(default)]
    pub facing: Facing,
    /// Which inner pit the last seed must fall in for a `facing` capture:
    /// one that held seeds (Hus) or one that was empty (Tsoro).
    #[serde(default)]
    pub facing_on: FacingOn,
    /// Where the seeds a capture takes go (see [`Taken`]).
    #[serde(default)]
    pub taken: Taken,
    /// With `empty_pit`: the capture only when a seed of the move fell in
    /// the opponent's row (Kiuthi).
    #[serde(default, skip_serializing_if = "is_false")]
    pub empty_pit_needs_crossing: bool,
    /// With `empty_pit`: after an empty-pit capture, up to this many of
    /// the mover's next pits, the way the last pile went, each while
    /// empty, take the opponent's pit opposite them too (Kiuthi: 1). 0:
    /// off.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub empty_pit_chain: u8,
    /// Captures only when the move lifted a single pile (Enkeshui): once a
    /// relay has lifted a pile, the move's last seed captures nothing.
    /// Needs a relay; not with `during_sowing`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub first_pile_only: bool,
    /// Bonus takes (Tsoro's "additional takes"): after a move whose
    /// `facing` capture took seeds, the same player takes, one decision at
    /// a time, the seeds of up to this many further pits of the opponent's
    /// of their choice (any pit holding seeds, either row), each a move of
    /// its own ([`crate::Move::Take`]). Fewer when the opponent's pits run
    /// out. 0: off; at most [`MAX_BONUS_PITS`]. Four rows with `facing` and
    /// `taken = "store"` only.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bonus_pits: u8,
}

/// The most bonus takes a capture may give (`capture.bonus_pits`): the
/// position keeps the takes still due in four bits.
pub const MAX_BONUS_PITS: u8 = 15;

/// Where the last seed must fall for the capture after an empty pit
/// (`after_empty`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AfterEmptyFrom {
    /// In any pit (Pallanguzhi).
    #[default]
    Any,
    /// In a pit that held seeds before the last seed fell (Eson Xorgol).
    Occupied,
}

/// The capture of the opponent's two pits facing the mover's inner pit,
/// on four rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Facing {
    /// No such capture.
    #[default]
    Off,
    /// When the opponent's inner pit facing holds seeds: it is taken, and
    /// the outer pit behind it with whatever it holds.
    Inner,
    /// Only when both the opponent's inner pit facing and the outer pit
    /// behind it hold seeds: both are taken.
    Both,
}

/// The mover's inner pit a `facing` capture is made from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FacingOn {
    /// A pit that held seeds (it now holds 2 or more): the capture comes
    /// instead of a relay from there (Hus).
    #[default]
    Occupied,
    /// A pit that was empty (it now holds 1), where the sowing ends (Tsoro).
    Empty,
}

/// Where captured seeds go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Taken {
    /// Into the mover's store.
    #[default]
    Store,
    /// Into the mover's hand, and sown again at once along the mover's
    /// ring from the place after the pit the last seed fell in, as a pile
    /// of its own (relays and captures as any pile): seeds never leave the
    /// board (Hus). Only with `facing` captures.
    Sown,
}

impl CaptureRules {
    /// Whether a pit can be taken for its count: `counts` or `parity` is set.
    pub fn takes_by_count(&self) -> bool {
        !self.counts.is_empty() || self.parity != Parity::Off
    }
}

fn parity_off() -> Parity {
    Parity::Off
}

fn rows_opponent() -> CaptureRows {
    CaptureRows::Opponent
}

/// Captures by the parity of a pit's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Parity {
    /// No capture by parity.
    Off,
    /// A pit the last seed makes even (2, 4, 6, ...) is taken.
    Even,
    /// A pit the last seed makes odd (1, 3, 5, ...) is taken.
    Odd,
}

/// Which way a chain of captures by count goes from the last pit
/// (`capture.chain_direction`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChainDirection {
    /// Back against the way the last pile went: the place sown just
    /// before the last seed's, and so on (Oware).
    #[default]
    Backwards,
    /// On the way the last pile went: the place after the last seed's,
    /// and so on (Bechi).
    Forwards,
}

impl ChainDirection {
    fn is_backwards(&self) -> bool {
        *self == ChainDirection::Backwards
    }
}

/// Which rows the captures by count or parity take from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRows {
    /// The opponent's row only (Oware).
    Opponent,
    /// The mover's own row only.
    Own,
    /// Either row (Bohnenspiel).
    Either,
}

/// A pit that becomes one player's for the rest of the game: Toguz
/// Kumalak's tuzdyk, Enkeshui's bulls. When the last seed of a move that
/// captures nothing makes one of the opponent's pits hold exactly `count`
/// seeds, that pit becomes the mover's: its seeds go to the mover's store,
/// and so does every seed sown into it for the rest of the game. A player
/// claims at most `max` pits (one by default); `rows`, `pair` and
/// `before_relay` widen where and when a claim is made (see
/// `docs/rules.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimRules {
    /// The count that claims a pit (Toguz Kumalak: 3); 0 switches claims off.
    #[serde(default)]
    pub count: u8,
    /// The opponent's last pit (their pit n) cannot be claimed.
    #[serde(default)]
    pub not_last_pit: bool,
    /// A pit with the same number as the pit the opponent has claimed
    /// cannot be claimed.
    #[serde(default)]
    pub not_same_number: bool,
    /// The rows a claim takes a pit of (see [`ClaimRows`]).
    #[serde(default, skip_serializing_if = "ClaimRows::is_opponent")]
    pub rows: ClaimRows,
    /// Most pits a player claims in a game: 1 (Toguz Kumalak), or 0 for
    /// any number (Enkeshui).
    #[serde(default = "one_claim", skip_serializing_if = "is_one")]
    pub max: u8,
    /// The last two seeds of a pile making two pits hold `count - 1` and
    /// `count`, in either order, claim both pits.
    #[serde(default, skip_serializing_if = "is_false")]
    pub pair: bool,
    /// A claim is looked at whenever a pile's last seed falls, and wins
    /// over the relay: the pit it makes hold `count` is claimed and the
    /// move ends, instead of a relay from it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub before_relay: bool,
    /// A pit of the mover's own row can be claimed only within this many
    /// pits of an end of the row (Qelat: 1, pits 1 and n); 0: anywhere.
    /// Needs `rows = "either"`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub own_row_ends: u8,
    /// A pit of the opponent's row can be claimed only within this many
    /// pits of an end of the row (Qelat: 2, pits 1, 2, n - 1 and n); 0:
    /// anywhere.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opponent_row_ends: u8,
}

impl ClaimRules {
    /// Whether pit `k` (0-based) of a row of `n` pits is near enough an
    /// end of the row to be claimed, the row being the mover's own
    /// (`own_row`) or the opponent's: within `own_row_ends` or
    /// `opponent_row_ends` pits of an end; those at 0, any pit is.
    #[inline]
    pub fn at_row_end(&self, own_row: bool, k: usize, n: usize) -> bool {
        let ends = if own_row { self.own_row_ends } else { self.opponent_row_ends } as usize;
        ends == 0 || k < ends || k + ends >= n
    }
}

impl Default for ClaimRules {
    fn default() -> ClaimRules {
        ClaimRules {
            count: 0,
            not_last_pit: false,
            not_same_number: false,
            rows: ClaimRows::Opponent,
            max: 1,
            pair: false,
            before_relay: false,
            own_row_ends: 0,
            opponent_row_ends: 0,
        }
    }
}

fn one_claim() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

/// The rows a claim may take a pit of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimRows {
    /// The opponent's row only (Toguz Kumalak).
    #[default]
    Opponent,
    /// Either row: a player may claim a pit of their own row too
    /// (Enkeshui).
    Either,
}

impl ClaimRows {
    fn is_opponent(&self) -> bool {
        *self == ClaimRows::Opponent
    }
}

/// Most pits a side when claims go beyond one pit of the opponent's row
/// ([`Rules::many_claims`]): a position keeps the claimed pits and their
/// owners in the spare cells 24 to 31 of its 48 bytes.
pub const MAX_PITS_PER_SIDE_WITH_CLAIMS: usize = 11;

fn empty_pit_off() -> EmptyPitCapture {
    EmptyPitCapture::Off
}

fn grand_slam_allowed() -> GrandSlam {
    GrandSlam::Allowed
}

/// Kalah's capture into an empty pit of one's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyPitCapture {
    /// No such capture.
    Off,
    /// The last seed and the opposite pit's seeds go to the mover's store,
    /// even when the opposite pit is empty (the console Kalah's rule, and Irving et al.'s).
    Always,
    /// As `always`, but only when the opposite pit holds seeds; otherwise
    /// the seed stays where it landed (OpenSpiel, most modern rules).
    IfOppositeHasSeeds,
}

/// Treatment of a grand slam: a move whose capture would take every seed on
/// the opponent's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// The move captures everything.
    Allowed,
    /// The move is illegal. If every legal move is a grand slam, the game
    /// ends and each player takes the seeds on their own side (Oware).
    Forbidden,
    /// The move may be played but captures nothing (Abapa, OpenSpiel `oware`).
    CapturesNothing,
    /// Illegal unless every legal move is a grand slam; then it is legal and
    /// captures (Awari as solved by Romein & Bal).
    OnlyIfForced,
}

/// Turn order, the pie rule and the feeding obligation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRules {
    /// Who makes the first move.
    #[serde(default = "south")]
    pub first: Side,
    /// Pie rule: the first move is a single sowing (no extra turn) and then
    /// the second player may `swap`: the move becomes theirs (the board is
    /// mirrored so the sown seeds are on their side) and the first player
    /// moves next.
    #[serde(default)]
    pub pie_rule: bool,
    /// When the opponent's side is empty, the mover must choose a move that
    /// gives them seeds. If none does, the game ends and the seeds left go to
    /// their owner.
    #[serde(default)]
    pub must_feed: bool,
    /// A player who cannot move passes: the other player plays on, and the
    /// game ends only when neither can move (Sungka). Needs
    /// `end.empty_side = "mover"`; not with `must_feed` nor with grand
    /// slams restricted, which exist so that the opponent can move.
    #[serde(default)]
    pub pass: bool,
    /// Which pits a move may start from: the mover's own row (`"own"`), or
    /// a pit of either row (`"any"`, Eson Xorgol: nobody owns a pit). See
    /// [`MovePits`].
    #[serde(default)]
    pub pits: MovePits,
    /// A player whose row is empty when their turn comes puts one seed
    /// from their store into each of their pits, then moves; with fewer
    /// seeds in store than pits, the game ends (reason `no-seeds`; O An
    /// Quan). Stores then lose seeds: see `docs/rules.md` for what that
    /// changes.
    #[serde(default, skip_serializing_if = "is_false")]
    pub refill_empty_row: bool,
}

/// The pits a move may start from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MovePits {
    /// The mover's own pits.
    #[default]
    Own,
    /// A pit of either row: the move `Move::Sow(k)` counts `k` from the
    /// mover's left round the board in sowing order, `0..n` the mover's
    /// row and `n..2n` the opponent's (written `1..2n`). Only with rules
    /// that speak of nobody's row (see `docs/rules.md`), and at most
    /// [`MAX_PITS_PER_SIDE_ANY`] pits a row.
    Any,
}

/// Most pits a row when `turn.pits = "any"`: the moves of both rows must
/// fit a move list ([`crate::MAX_MOVES`]).
pub const MAX_PITS_PER_SIDE_ANY: usize = MAX_PITS_PER_SIDE / 2;

fn south() -> Side {
    Side::South
}

/// When and how the game ends. Seeds left on the board at the end go to the
/// owner of the side they lie on (or as [`SeedsLeft`] says), except after a
/// majority win (they stay) and after a cycle with `repetition = "split"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndRules {
    /// A store holding more than half of all seeds ends the game at once.
    #[serde(default)]
    pub majority: bool,
    /// When an empty side ends the game.
    pub empty_side: EmptySide,
    /// What a repeated position does.
    #[serde(default = "repetition_none")]
    pub repetition: Repetition,
    /// Who takes the seeds left on the board when the game ends.
    #[serde(default)]
    pub seeds_left: SeedsLeft,
    /// This many moves in a row after which both stores hold what they held
    /// before (no capture) end the game, the seeds left moved as a
    /// repeated position moves them (`repetition`). 0: off. Needs a
    /// `repetition` rule: the count is kept with the positions that rule
    /// keeps.
    #[serde(default)]
    pub quiet_moves: u16,
    /// The game ends once each end pit (`board.end_pits`) has been taken
    /// at least once (O An Quan: both mandarin squares captured); reason
    /// `end-pits-taken`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub end_pits_taken: bool,
}

/// Who takes the seeds left on the board at the end of the game (every end
/// that moves them: not a majority win, not a cycle split evenly).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeedsLeft {
    /// The seeds on each side go to that side's owner.
    #[default]
    Owner,
    /// When one side is empty, every seed left goes to the player whose side
    /// is empty (Turkish Mangala: the player who runs out first takes the
    /// rest); otherwise each side's seeds go to its owner.
    EmptySide,
    /// When the game ends because the player to move has no legal move,
    /// every seed left, and every seed in that player's store, goes to the
    /// other player, the last to move: a player who cannot move loses (Hus,
    /// Tsoro). A repeated position gives each side's seeds to its owner.
    /// Not with `turn.pass`.
    LastMover,
    /// The seeds left are split evenly between the stores, an odd seed left
    /// on the board in the first pit of the player to move, as a cycle
    /// under `repetition = "split"` does (Eson Xorgol: nobody owns a row).
    Split,
}

fn repetition_none() -> Repetition {
    Repetition::None
}

/// When a side without seeds ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptySide {
    /// After any move, if either side has no seeds, the game ends (Kalah).
    Either,
    /// The game ends only when the player to move has no legal move (no
    /// seeds, or none that feeds, or only forbidden grand slams).
    Mover,
}

/// What happens when a position (board, stores, player to move) repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Nothing (only sound when every game must end anyway: ring stores).
    None,
    /// The game ends; the seeds on each side go to that side's owner (Oware).
    Owner,
    /// The game ends; the seeds left are split evenly between the players,
    /// an odd seed left on the board (Awari as solved by Romein & Bal).
    Split,
}

/// One problem found in a rule set: which field, what value, what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    /// Dotted path of the field, e.g. `board.pits_per_side`.
    pub field: String,
    /// The value given.
    pub value: String,
    /// What is allowed instead.
    pub allowed: String,
}

impl std::fmt::Display for RuleProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} = {}: {}", self.field, self.value, self.allowed)
    }
}

/// Every problem of a rule set, reported together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", format_problems(.0))]
pub struct RuleErrors(pub Vec<RuleProblem>);

fn format_problems(problems: &[RuleProblem]) -> String {
    let mut out = format!(
        "the rules have {} problem{}:",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    for p in problems {
        out.push_str("\n  - ");
        out.push_str(&p.to_string());
    }
    out
}

impl Rules {
    /// Reads a rule set from TOML text and checks it.
    pub fn from_toml(text: &str) -> Result<Rules, VariantFileError> {
        if text.len() > MAX_VARIANT_FILE_BYTES {
            return Err(VariantFileError::TooLarge(text.len()));
        }
        let rules: Rules = match toml::from_str(text) {
            Ok(rules) => rules,
            Err(first) => {
                return Err(VariantFileError::Syntax(short_lines(&shape_problems(text, first))))
            }
        };
        rules.check()?;
        Ok(rules)
    }

    /// The rule set as TOML text (reads back with [`Rules::from_toml`]).
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("rules always serialize")
    }

    /// Whether the rules uses an element beyond the Kalah and Oware
    /// families (relay from any pit or from the next, first seed back into
    /// the origin, captures by parity, from other rows, between equal pits,
    /// during the sowing or after an empty pit, a chain of captures
    /// forwards, claimed pits, the seeds left to the player whose side is empty, a player who
    /// cannot move passing): the endgame databases do not apply to such
    /// rules, and all
    /// but the pass are played by the position's general sowing.
    /// [`Rules::general_elements`] names the settings.
    pub fn uses_general_elements(&self) -> bool {
        self.beyond_the_two_families().iter().any(|&(used, _, _)| used)
    }

    /// The settings of the variant file that make
    /// [`Rules::uses_general_elements`] true, each written as in the file
    /// (`sowing.first_seed_in_origin`, `capture.parity`): empty for the
    /// Kalah and Oware families. A front end or a database that refuses
    /// such rules names these.
    pub fn general_elements(&self) -> Vec<String> {
        let elements = self.beyond_the_two_families();
        elements.iter().filter(|&&(used, ..)| used).map(|&(_, name, _)| name.into()).collect()
    }

    /// Whether the rules use an element only the position's general sowing
    /// plays (every element of [`Rules::uses_general_elements`] but the
    /// pass, the end after quiet moves and the row refilled from the store).
    pub(crate) fn uses_general_sowing(&self) -> bool {
        self.beyond_the_two_families().iter().any(|&(used, _, sown)| used && sown)
    }

    /// The one list of the elements beyond the Kalah and Oware families:
    /// for each, whether these rules use it, its setting as the variant
    /// file writes it, and whether only the general sowing plays it.
    fn beyond_the_two_families(&self) -> [(bool, &'static str, bool); 26] {
        let (sowing, c) = (&self.sowing, &self.capture);
        [
            (self.four_rows(), "board.rows = 4", true),
            (self.board.end_pits > 0, "board.end_pits", true),
            (self.turn.pits == MovePits::Any, "turn.pits = \"any\"", true),
            (sowing.min_seeds > 1, "sowing.min_seeds", true),
            (sowing.relay == Relay::Any, "sowing.relay = \"any\"", true),
            (sowing.relay == Relay::Next, "sowing.relay = \"next\"", true),
            (sowing.first_seed_in_origin, "sowing.first_seed_in_origin", true),
            (self.sows_other_ways(), "sowing.direction", true),
            (sowing.relay_direction != RelayDirection::Same, "sowing.relay_direction", true),
            (sowing.extra_turn_uncrossed, "sowing.extra_turn_uncrossed", true),
            (sowing.seeds_per_place > 1, "sowing.seeds_per_place", true),
            (c.between_equal, "capture.between_equal", true),
            (c.after_empty, "capture.after_empty", true),
            (c.during_sowing > 0, "capture.during_sowing", true),
            (c.parity != Parity::Off, "capture.parity", true),
            (c.rows != CaptureRows::Opponent, "capture.rows", true),
            (c.first_pile_only, "capture.first_pile_only", true),
            (c.empty_pit_needs_crossing, "capture.empty_pit_needs_crossing", true),
            (c.empty_pit_chain > 0, "capture.empty_pit_chain", true),
            (
                c.chain_direction == ChainDirection::Forwards,
                "capture.chain_direction = \"forwards\"",
                true,
            ),
            (self.claim.count > 0, "claim.count", true),
            (self.end.seeds_left != SeedsLeft::Owner, "end.seeds_left", true),
            (self.rounds.is_some(), "[rounds]", true),
            (self.end.quiet_moves > 0, "end.quiet_moves", false),
            (self.turn.pass, "turn.pass", false),
            (self.turn.refill_empty_row, "turn.refill_empty_row", false),
        ]
    }

    /// Whether a store can lose seeds during play (`refill_empty_row`):
    /// a store's seeds are then no bound on the final score, and a position
    /// may come back after the stores changed.
    pub fn stores_may_shrink(&self) -> bool {
        self.turn.refill_empty_row
    }

    /// Whether the rules use a relay sown back the other way, an empty-pit
    /// capture needing the row crossed or chained, or the extra turn in an
    /// empty pit (`relay_direction`, `empty_pit_needs_crossing`,
    /// `empty_pit_chain`, `extra_turn_uncrossed`).
    fn uses_crossing_elements(&self) -> bool {
        self.sowing.relay_direction != RelayDirection::Same
            || self.sowing.extra_turn_uncrossed
            || self.capture.empty_pit_needs_crossing
            || self.capture.empty_pit_chain > 0
    }

    /// Whether a move's relays may go round for ever (relay from any pit or
    /// from the next, a relay on four rows, where a player's seeds stay on
    /// their own circuit, or a relay from one's own pits sown back the
    /// other way each time, `relay_direction = "reverse"`), so that with stores beside the board the
    /// endless sowings must be found (see `docs/rules.md`).
    pub fn relay_may_loop(&self) -> bool {
        let own = self.sowing.relay == Relay::Own;
        matches!(self.sowing.relay, Relay::Any | Relay::Next)
            || (self.four_rows() && own)
            || (own && self.sowing.relay_direction == RelayDirection::Reverse)
    }

    /// Whether claims go beyond one pit of the opponent's row (`claim.rows
    /// = "either"`, `max` other than 1, `pair` or `before_relay`): a
    /// position then keeps every claimed pit and its owner in its spare
    /// cells (see [`crate::Position`]), and the board has at most
    /// [`MAX_PITS_PER_SIDE_WITH_CLAIMS`] pits a side.
    pub fn many_claims(&self) -> bool {
        let c = &self.claim;
        c.count > 0 && (c.rows == ClaimRows::Either || c.max != 1 || c.pair || c.before_relay)
    }

    /// Total seeds in a game of the default size.
    pub fn total_seeds(&self) -> u32 {
        if !self.board.start_pits.is_empty() {
            return 2 * self.board.start_pits.iter().map(|&c| c as u32).sum::<u32>()
                + self.end_pit_seeds();
        }
        let filled = self.pits_a_side() - self.empty_at_start();
        2 * filled as u32 * self.board.seeds_per_pit as u32 + self.end_pit_seeds()
    }

    /// Seeds in both end pits at the start (`board.end_pits`).
    pub fn end_pit_seeds(&self) -> u32 {
        2 * self.board.end_pits as u32
    }

    /// Whether the board has four rows (`board.rows = 4`).
    pub fn four_rows(&self) -> bool {
        self.board.rows == 4
    }

    /// The pits each player owns: `pits_per_side`, twice that on four rows
    /// (both of the player's rows).
    pub fn pits_a_side(&self) -> usize {
        self.board.pits_per_side as usize * if self.four_rows() { 2 } else { 1 }
    }

    /// The pits of each player that start empty (`board.start`).
    pub fn empty_at_start(&self) -> usize {
        match self.board.start {
            StartPits::All => 0,
            StartPits::InnerRightHalf => self.board.pits_per_side as usize / 2,
            StartPits::Outer => self.board.pits_per_side as usize,
        }
    }

    /// Checks every field, reporting all problems at once.
    pub fn check(&self) -> Result<(), RuleErrors> {
        let mut problems = Vec::new();
        let mut problem = |field: &str, value: String, allowed: String| {
            problems.push(RuleProblem { field: field.to_string(), value, allowed })
        };
        if self.name.is_empty()
            || !self.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            problem(
                "name",
                format!("{:?}", self.name),
                "a non-empty name of letters, digits, '-' and '_'".into(),
            );
        }
        let b = &self.board;
        let [pmin, pmax] = b.pits_per_side_range;
        let [smin, smax] = b.seeds_per_pit_range;
        if pmin == 0 || pmin > pmax || pmax as usize > MAX_PITS_PER_SIDE {
            problem(
                "board.pits_per_side_range",
                format!("[{pmin}, {pmax}]"),
                format!("[min, max] with 1 <= min <= max <= {MAX_PITS_PER_SIDE}"),
            );
        }
        if smin == 0 || smin > smax {
            problem(
                "board.seeds_per_pit_range",
                format!("[{smin}, {smax}]"),
                "[min, max] with 1 <= min <= max".into(),
            );
        }
        if b.pits_per_side < pmin || b.pits_per_side > pmax || b.pits_per_side == 0 {
            problem(
                "board.pits_per_side",
                b.pits_per_side.to_string(),
                size_message("pits per side", pmin, pmax, true, b.rows),
            );
        }
        if b.seeds_per_pit < smin || b.seeds_per_pit > smax || b.seeds_per_pit == 0 {
            problem(
                "board.seeds_per_pit",
                b.seeds_per_pit.to_string(),
                size_message("seeds per pit", smin, smax, false, b.rows),
            );
        }
        let rows_ok = matches!(b.rows, 2 | 4);
        if !rows_ok {
            problem(
                "board.rows",
                b.rows.to_string(),
                "2 (a row each) or 4 (two rows each, each player sowing round their own)".into(),
            );
        }
        let widest = crate::LayoutKind::WIDEST.limits();
        if rows_ok && self.total_seeds() > widest.total_seeds {
            problem(
                "board",
                format!("{} pits per side x {} seeds", b.pits_per_side, b.seeds_per_pit),
                format!(
                    "at most {} seeds in all (the pits filled at the start x seeds per pit), \
                     this makes {}",
                    widest.total_seeds,
                    self.total_seeds()
                ),
            );
        }
        self.check_four_rows(&mut problem);
        self.check_bonus_pits(&mut problem);
        self.check_start_pits(&mut problem);
        self.check_many_claims(&mut problem);
        self.check_rounds(&mut problem);
        self.check_any_pits(&mut problem);
        for (i, &c) in self.capture.counts.iter().enumerate() {
            if c == 0 || c > 63 {
                problem(
                    &format!("capture.counts[{i}]"),
                    c.to_string(),
                    "a seed count from 1 to 63".into(),
                );
            }
        }
        let by_count = self.capture.takes_by_count();
        if self.capture.chain && !by_count {
            problem(
                "capture.chain",
                "true".into(),
                "chain only with capture.counts or capture.parity (captures by count); set one \
                 of them or chain = false"
                    .into(),
            );
        }
        if self.capture.chain_direction != ChainDirection::Backwards && !self.capture.chain {
            problem(
                "capture.chain_direction",
                "\"forwards\"".into(),
                "\"backwards\" (the default) unless capture.chain = true (it says which way the \
                 chain goes)"
                    .into(),
            );
        }
        if !by_count && self.capture.grand_slam != GrandSlam::Allowed {
            problem(
                "capture.grand_slam",
                format!("{:?}", self.capture.grand_slam).to_lowercase(),
                "\"allowed\" unless capture.counts or capture.parity is set (only captures by \
                 count make grand slams)"
                    .into(),
            );
        }
        if !by_count && self.capture.rows != CaptureRows::Opponent {
            problem(
                "capture.rows",
                format!("{:?}", self.capture.rows).to_lowercase(),
                "\"opponent\" unless capture.counts or capture.parity is set (rows say where \
                 captures by count take from)"
                    .into(),
            );
        }
        if self.sowing.first_seed_in_origin && self.sowing.skip_origin {
            problem(
                "sowing.first_seed_in_origin",
                "true".into(),
                "false when sowing.skip_origin is true: a sowing cannot both put its first seed \
                 back into the pit it started from and pass over that pit"
                    .into(),
            );
        }
        if self.capture.between_equal && (by_count || self.claim.count > 0) {
            problem(
                "capture.between_equal",
                "true".into(),
                "false when capture.counts, capture.parity or claim.count is set: the last seed \
                 makes the pit it lands in hold 1, which those rules speak of too; a rule set \
                 takes one of them"
                    .into(),
            );
        }
        let during = self.capture.during_sowing;
        if during as u32 > self.total_seeds() {
            problem(
                "capture.during_sowing",
                during.to_string(),
                format!(
                    "0 (off) to {} (the seeds in the game at this size): no pit can ever hold \
                     more, so the capture could never happen",
                    self.total_seeds()
                ),
            );
        }
        if during > 0 && self.capture.grand_slam != GrandSlam::Allowed {
            problem(
                "capture.grand_slam",
                format!("{:?}", self.capture.grand_slam).to_lowercase(),
                "\"allowed\" when capture.during_sowing is set: a capture during the sowing can \
                 take the opponent's last seeds before the last seed falls, which the grand slam \
                 rules do not speak of"
                    .into(),
            );
        }
        if self.capture.after_empty && self.capture.grand_slam != GrandSlam::Allowed {
            problem(
                "capture.grand_slam",
                format!("{:?}", self.capture.grand_slam).to_lowercase(),
                "\"allowed\" when capture.after_empty is set: the capture after an empty pit can \
                 take the opponent's last seeds, which the grand slam rules (captures by count) \
                 do not speak of"
                    .into(),
            );
        }
        if self.turn.pass {
            if self.end.empty_side != EmptySide::Mover {
                problem(
                    "turn.pass",
                    "true".into(),
                    "false unless end.empty_side = \"mover\": with \"either\" an empty side ends \
                     the game, so no player is ever left to pass"
                        .into(),
                );
            }
            if self.turn.must_feed {
                problem(
                    "turn.must_feed",
                    "true".into(),
                    "false when turn.pass is true: a player whose side is empty passes, so \
                     nothing obliges the mover to feed them"
                        .into(),
                );
            }
            if matches!(self.capture.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced) {
                let value = match self.capture.grand_slam {
                    GrandSlam::Forbidden => "\"forbidden\"",
                    _ => "\"only-if-forced\"",
                };
                problem(
                    "capture.grand_slam",
                    value.into(),
                    "\"allowed\" or \"captures-nothing\" when turn.pass is true: a player left \
                     without seeds passes, so no move needs forbidding for leaving them none"
                        .into(),
                );
            }
        }
        self.check_direction(&mut problem);
        self.check_crossing(&mut problem);
        self.check_seeds_per_place(&mut problem);
        if self.end.seeds_left == SeedsLeft::LastMover && self.turn.pass {
            problem(
                "end.seeds_left",
                "\"last-mover\"".into(),
                "\"owner\" or \"empty-side\" when turn.pass is true: a player who cannot move \
                 passes, so no player loses for it"
                    .into(),
            );
        }
        if self.sowing.forced_singles && self.sowing.min_seeds != 2 {
            problem(
                "sowing.forced_singles",
                "true".into(),
                "false unless sowing.min_seeds = 2 (it lets a single seed move when no pit holds \
                 two)"
                    .into(),
            );
        }
        let min = self.sowing.min_seeds;
        if min == 0 || min as u32 > self.total_seeds().max(1) {
            problem(
                "sowing.min_seeds",
                min.to_string(),
                format!(
                    "1 (any pit with seeds) to {} (the seeds in the game at this size)",
                    self.total_seeds().max(1)
                ),
            );
        }
        let claim = &self.claim;
        if claim.count == 0 && (claim.not_last_pit || claim.not_same_number) {
            problem(
                "claim",
                format!(
                    "count = 0, not_last_pit = {}, not_same_number = {}",
                    claim.not_last_pit, claim.not_same_number
                ),
                "claim.count from 1 when not_last_pit or not_same_number is set (they restrict \
                 which pits a claim takes; with count = 0 no pit is ever claimed)"
                    .into(),
            );
        }
        if claim.count as u32 > self.total_seeds() {
            problem(
                "claim.count",
                claim.count.to_string(),
                format!(
                    "at most {} (the seeds in the game at this size): no pit can ever hold more",
                    self.total_seeds()
                ),
            );
        }
        if claim.count > 0 && self.capture.grand_slam != GrandSlam::Allowed {
            problem(
                "capture.grand_slam",
                format!("{:?}", self.capture.grand_slam).to_lowercase(),
                "\"allowed\" when claim.count is set (a claim taking the opponent's last seeds is \
                 not a capture the grand slam rules speak of)"
                    .into(),
            );
        }
        if self.board.stores == StorePlacement::Beside {
            if self.sowing.extra_turn {
                problem(
                    "sowing.extra_turn",
                    "true".into(),
                    "false when stores are beside the board (no seed is ever sown into a store)"
                        .into(),
                );
            }
            if !by_count
                && self.capture.empty_pit == EmptyPitCapture::Off
                && self.claim.count == 0
                && !self.capture.between_equal
                && during == 0
                && !self.capture.after_empty
                && self.capture.facing == Facing::Off
            {
                problem(
                    "capture",
                    "counts = [], parity = \"off\", empty_pit = \"off\", between_equal = false, during_sowing = 0, after_empty = false, facing = \"off\" and no claim".into(),
                    "a capture rule (counts, parity, empty_pit, between_equal, during_sowing, after_empty or facing) or a claim when stores are beside the board: seeds \
                     leave the board only by captures, so without one a game could end only by a \
                     repeated position or a side without a move, which can take longer than anyone \
                     can wait (16 pits x 7 seeds: over 20,000 moves, each slower than the last)"
                        .into(),
                );
            }
            let total = self.total_seeds();
            let smallest = self.capture.counts.iter().copied().min().map(u32::from);
            if self.capture.empty_pit == EmptyPitCapture::Off
                && self.capture.parity == Parity::Off
                && self.claim.count == 0
                && during == 0
                && !self.capture.after_empty
                && self.capture.facing == Facing::Off
                && smallest.is_some_and(|c| c > total)
            {
                problem(
                    "capture.counts",
                    format!("{:?}", self.capture.counts),
                    format!(
                        "a count of at most {total} (the seeds in the game at this size) when \
                         stores are beside the board and empty_pit is \"off\": no pit can ever \
                         hold more, so no capture could happen and seeds would never leave the \
                         board"
                    ),
                );
            }
            if self.end.repetition == Repetition::None {
                problem(
                    "end.repetition",
                    "\"none\"".into(),
                    "\"owner\" or \"split\" when stores are beside the board: seeds can circle \
                     forever, so a repeated position must end the game"
                        .into(),
                );
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(RuleErrors(problems))
        }
    }
}

impl Rules {
    /// The problems of `sowing.direction` and `sowing.by_pit`: the table
    /// without `"by-pit"` or the other way round, and the rules a sowing
    /// other than counter-clockwise cannot go with.
    fn check_direction(&self, problem: &mut impl FnMut(&str, String, String)) {
        let d = self.sowing.direction;
        let name = match d {
            SowingDirection::CounterClockwise => "\"counter-clockwise\"",
            SowingDirection::Clockwise => "\"clockwise\"",
            SowingDirection::Chosen => "\"chosen\"",
            SowingDirection::ByPit => "\"by-pit\"",
        };
        match (d, self.sowing.by_pit) {
            (SowingDirection::ByPit, None) => problem(
                "sowing.by_pit",
                "missing".into(),
                "a table { left, centre, right } of \"ccw\", \"cw\" or \"either\" when sowing.direction = \"by-pit\""
                    .into(),
            ),
            (SowingDirection::ByPit, Some(_)) | (_, None) => {}
            (_, Some(_)) => problem(
                "sowing.by_pit",
                "a table".into(),
                format!(
                    "no by_pit table unless sowing.direction = \"by-pit\" (it is {name}, which says the way of every pit)"
                ),
            ),
        }
        if !self.sows_other_ways() {
            return;
        }
        let [pmin, pmax] = self.board.pits_per_side_range;
        let too_many =
            (pmin.max(1)..=pmax.min(MAX_PITS_PER_SIDE as u8)).map(|p| p as usize).find(|&p| {
                (0..p).map(|k| self.pit_directions(k, p).count_ones() as usize).sum::<usize>()
                    > MAX_PITS_PER_SIDE
            });
        if let Some(p) = too_many {
            problem(
                "board.pits_per_side_range",
                format!("[{pmin}, {pmax}]"),
                format!(
                    "sizes whose sowings, a pit sown either way counting twice, are at most {MAX_PITS_PER_SIDE} (at {p} pits a row they are more; under sowing.direction = {name} lower the largest size)"
                ),
            );
        }
        let mut refuse = |field: &str, value: String, why: &str| {
            problem(
                field,
                value,
                format!(
                    "{why} when sowing.direction = {name} sows some pit otherwise than counter-clockwise"
                ),
            )
        };
        if self.board.stores == StorePlacement::Ring {
            refuse(
                "board.stores",
                "\"ring\"".into(),
                "\"beside\" (a store on the ring stands after its owner's last pit counter-clockwise: sown clockwise, a player would reach the opponent's store first and their own last)",
            );
        }
        if self.four_rows() {
            refuse(
                "board.rows",
                "4".into(),
                "2 (on four rows each player sows round their own two rows, one way)",
            );
        }
        if self.turn.must_feed {
            refuse(
                "turn.must_feed",
                "true".into(),
                "false (which moves feed the opponent is judged one way only)",
            );
        }
        if matches!(self.capture.grand_slam, GrandSlam::Forbidden | GrandSlam::OnlyIfForced) {
            let value = match self.capture.grand_slam {
                GrandSlam::Forbidden => "\"forbidden\"",
                _ => "\"only-if-forced\"",
            };
            refuse(
                "capture.grand_slam",
                value.into(),
                "\"allowed\" or \"captures-nothing\" (which moves are grand slams is judged one way only)",
            );
        }
        if self.sowing.forced_singles {
            refuse(
                "sowing.forced_singles",
                "true".into(),
                "false (the pit after a single seed is the next one counter-clockwise)",
            );
        }
    }

    /// The problems of `sowing.seeds_per_place`: 0, or several seeds a
    /// place with an element that speaks of a pile's last seed or of each
    /// seed (a relay, the first seed back into the origin, claims, captures
    /// during the sowing, between equal pits or after an empty place, the
    /// extra turn when not crossed, four rows, end pits). No source plays
    /// them together, and "the last seed" would need a meaning of its own.
    fn check_seeds_per_place(&self, problem: &mut impl FnMut(&str, String, String)) {
        let per = self.sowing.seeds_per_place;
        if per == 0 {
            problem(
                "sowing.seeds_per_place",
                "0".into(),
                "1 (one seed a place, the default) or more".into(),
            );
        }
        if per <= 1 {
            return;
        }
        let (sowing, c) = (&self.sowing, &self.capture);
        let clashes = [
            (sowing.relay != Relay::None, "sowing.relay = \"none\""),
            (sowing.first_seed_in_origin, "sowing.first_seed_in_origin = false"),
            (sowing.extra_turn_uncrossed, "sowing.extra_turn_uncrossed = false"),
            (self.claim.count > 0, "claim.count = 0"),
            (c.during_sowing > 0, "capture.during_sowing = 0"),
            (c.between_equal, "capture.between_equal = false"),
            (c.after_empty, "capture.after_empty = false"),
            (c.empty_pit_chain > 0, "capture.empty_pit_chain = 0"),
            (c.empty_pit_needs_crossing, "capture.empty_pit_needs_crossing = false"),
            (self.four_rows(), "board.rows = 2"),
            (self.board.end_pits > 0, "board.end_pits = 0"),
        ];
        let needed: Vec<&str> =
            clashes.iter().filter(|(clash, _)| *clash).map(|&(_, need)| need).collect();
        if !needed.is_empty() {
            problem(
                "sowing.seeds_per_place",
                per.to_string(),
                format!(
                    "1 unless {} (several seeds a place is played with captures of the last \
                     group's pit, by count or into an empty pit, and nothing that speaks of each \
                     seed or of a relay)",
                    needed.join(", ")
                ),
            );
        }
    }

    /// The problems of `relay_direction`, `extra_turn_uncrossed`,
    /// `empty_pit_needs_crossing` and `empty_pit_chain`.
    fn check_crossing(&self, problem: &mut impl FnMut(&str, String, String)) {
        let (sowing, c) = (&self.sowing, &self.capture);
        let reverse = sowing.relay_direction == RelayDirection::Reverse;
        if reverse {
            let mut refuse = |field: &str, value: &str, allowed: &str| {
                problem(
                    field,
                    value.into(),
                    format!("{allowed} when sowing.relay_direction = \"reverse\""),
                )
            };
            if sowing.relay == Relay::None {
                refuse(
                    "sowing.relay",
                    "\"none\"",
                    "\"own\", \"any\" or \"next\" (relay_direction says the way of each relayed pile)",
                );
            }
            if self.board.stores == StorePlacement::Ring {
                refuse(
                    "board.stores",
                    "\"ring\"",
                    "\"beside\" (a store on the ring stands after its owner's last pit counter-clockwise: a pile sown back clockwise would reach the opponent's store first)",
                );
            }
            if self.four_rows() {
                refuse(
                    "board.rows",
                    "4",
                    "2 (on four rows each player sows round their own two rows, one way)",
                );
            }
            if self.turn.pits == MovePits::Any {
                refuse("turn.pits", "\"any\"", "\"own\" (no source plays both)");
            }
        }
        if sowing.extra_turn_uncrossed {
            let why = "false when board.rows = 4 or turn.pits = \"any\" (it speaks of the mover's own row and the opponent's, which a sowing on four rows never reaches)";
            if self.four_rows() || self.turn.pits == MovePits::Any {
                problem("sowing.extra_turn_uncrossed", "true".into(), why.into());
            }
        }
        if c.empty_pit == EmptyPitCapture::Off {
            if c.empty_pit_needs_crossing {
                problem(
                    "capture.empty_pit_needs_crossing",
                    "true".into(),
                    "false unless capture.empty_pit is set (it says when that capture is made)"
                        .into(),
                );
            }
            if c.empty_pit_chain > 0 {
                problem(
                    "capture.empty_pit_chain",
                    c.empty_pit_chain.to_string(),
                    "0 unless capture.empty_pit is set (it goes on from that capture)".into(),
                );
            }
        }
        let most = MAX_PITS_PER_SIDE - 1;
        if c.empty_pit_chain as usize > most {
            problem(
                "capture.empty_pit_chain",
                c.empty_pit_chain.to_string(),
                format!("0 (off) to {most} (a row has at most {MAX_PITS_PER_SIDE} pits; {most} takes every empty pit that follows on any board)"),
            );
        }
        if self.rounds.is_some() && self.uses_crossing_elements() {
            problem(
                "rounds",
                "a [rounds] section".into(),
                "no [rounds] with sowing.relay_direction = \"reverse\", sowing.extra_turn_uncrossed, capture.empty_pit_needs_crossing or capture.empty_pit_chain (no source plays both)".into(),
            );
        }
    }

    /// The problems of `board.start_pits`: a list of another length than
    /// the row, a largest count other than `seeds_per_pit`, size ranges
    /// allowing another size, no seed at all, or with what fills the pits
    /// otherwise (`start`, `[rounds]`).
    fn check_start_pits(&self, problem: &mut impl FnMut(&str, String, String)) {
        let b = &self.board;
        let list = &b.start_pits;
        if list.is_empty() {
            return;
        }
        let shown = format!("{list:?}");
        if list.len() != b.pits_per_side as usize {
            problem(
                "board.start_pits",
                shown.clone(),
                format!(
                    "one count for each of the {} pits per side (it has {}): a board with \
                     start_pits is played at its own size only",
                    b.pits_per_side,
                    list.len()
                ),
            );
        }
        let (len, largest) = (list.len(), list.iter().copied().max().unwrap_or(0));
        if b.pits_per_side_range != [len as u8; 2] && len <= MAX_PITS_PER_SIDE {
            problem(
                "board.pits_per_side_range",
                format!("{:?}", b.pits_per_side_range),
                format!(
                    "[{len}, {len}] with board.start_pits of {len} counts: a board with a start \
                     list is played at its own size only"
                ),
            );
        }
        if b.seeds_per_pit_range != [largest; 2] && largest > 0 {
            problem(
                "board.seeds_per_pit_range",
                format!("{:?}", b.seeds_per_pit_range),
                format!(
                    "[{largest}, {largest}], the largest count of board.start_pits: a board \
                     with a start list is played with its own seeds only"
                ),
            );
        }
        if largest == 0 {
            problem(
                "board.start_pits",
                shown.clone(),
                "at least one pit holding seeds at the start".into(),
            );
        } else if largest != b.seeds_per_pit {
            problem(
                "board.seeds_per_pit",
                b.seeds_per_pit.to_string(),
                format!(
                    "{largest}, the largest count of board.start_pits: a board with start_pits \
                     is played with its own seeds only"
                ),
            );
        }
        if b.start != StartPits::All || self.four_rows() {
            problem(
                "board.start_pits",
                shown.clone(),
                "no start list with board.rows = 4 or board.start (they say which pits start \
                 empty themselves)"
                    .into(),
            );
        }
        if self.rounds.is_some() {
            problem(
                "board.start_pits",
                shown,
                "no start list with [rounds] (a round fills the pits seeds_per_pit at a time)"
                    .into(),
            );
        }
    }

    /// The problems of `claim.own_row_ends` and `claim.opponent_row_ends`.
    fn check_claim_row_ends(&self, problem: &mut impl FnMut(&str, String, String)) {
        let c = &self.claim;
        let n = self.board.pits_per_side;
        for (field, ends) in [
            ("claim.own_row_ends", c.own_row_ends),
            ("claim.opponent_row_ends", c.opponent_row_ends),
        ] {
            if ends == 0 {
                continue;
            }
            if c.count == 0 {
                problem(
                    field,
                    ends.to_string(),
                    "0 when claim.count = 0 (it says which pits a claim takes; with count = 0 \
                     no pit is ever claimed)"
                        .into(),
                );
            } else if 2 * ends as u32 > n as u32 {
                problem(
                    field,
                    ends.to_string(),
                    format!(
                        "0 to {} (half the {n} pits of a row at this size: more would name pits \
                         of both ends twice; 0 lets a claim take any pit)",
                        n / 2
                    ),
                );
            }
        }
        if c.own_row_ends > 0 && c.count > 0 && c.rows == ClaimRows::Opponent {
            problem(
                "claim.own_row_ends",
                c.own_row_ends.to_string(),
                "0 when claim.rows = \"opponent\" (no pit of the mover's own row is ever \
                 claimed)"
                    .into(),
            );
        }
    }

    /// The problems of the claim elements beyond one pit of the opponent's
    /// row (`rows`, `max`, `pair`, `before_relay`) and of
    /// `capture.first_pile_only`.
    fn check_many_claims(&self, problem: &mut impl FnMut(&str, String, String)) {
        let c = &self.claim;
        if c.count == 0 {
            let mut set = Vec::new();
            if c.rows != ClaimRows::Opponent {
                set.push("rows = \"either\"".to_string());
            }
            if c.max != 1 {
                set.push(format!("max = {}", c.max));
            }
            if c.pair {
                set.push("pair = true".into());
            }
            if c.before_relay {
                set.push("before_relay = true".into());
            }
            if !set.is_empty() {
                problem(
                    "claim",
                    format!("count = 0, {}", set.join(", ")),
                    "claim.count from 1 when rows, max, pair or before_relay is set (they say \
                     where and when a claim is made; with count = 0 no pit is ever claimed)"
                        .into(),
                );
            }
        }
        if c.pair && c.count == 1 {
            problem(
                "claim.pair",
                "true".into(),
                "false when claim.count = 1 (a pair is of pits made to hold count - 1 and count \
                 seeds, and a pit holding 0 is not made by a seed)"
                    .into(),
            );
        }
        if c.pair && c.max == 1 {
            problem(
                "claim.pair",
                "true".into(),
                "false when claim.max = 1 (a pair claims two pits)".into(),
            );
        }
        if c.before_relay && self.sowing.relay == Relay::None {
            problem(
                "claim.before_relay",
                "true".into(),
                "false when sowing.relay = \"none\" (it makes a claim win over a relay)".into(),
            );
        }
        self.check_claim_row_ends(problem);
        if self.many_claims() {
            if self.board.pits_per_side as usize > MAX_PITS_PER_SIDE_WITH_CLAIMS {
                problem(
                    "board.pits_per_side",
                    self.board.pits_per_side.to_string(),
                    format!(
                        "at most {MAX_PITS_PER_SIDE_WITH_CLAIMS} pits a side when claim.rows, \
                         claim.max, claim.pair or claim.before_relay is set (a position keeps \
                         every claimed pit and its owner in 8 spare bytes)"
                    ),
                );
            }
            if c.not_same_number {
                problem(
                    "claim.not_same_number",
                    "true".into(),
                    "false when claim.rows, claim.max, claim.pair or claim.before_relay is set \
                     (the rule speaks of the one pit each player claims in the other's row)"
                        .into(),
                );
            }
        }
        if self.capture.first_pile_only {
            if self.sowing.relay == Relay::None {
                problem(
                    "capture.first_pile_only",
                    "true".into(),
                    "false when sowing.relay = \"none\" (every move lifts a single pile)".into(),
                );
            }
            if self.four_rows() {
                problem(
                    "capture.first_pile_only",
                    "true".into(),
                    "false when board.rows = 4 (a facing capture is made instead of a relay)"
                        .into(),
                );
            }
            if self.capture.during_sowing > 0 {
                problem(
                    "capture.first_pile_only",
                    "true".into(),
                    "false when capture.during_sowing is set (no source plays them together)"
                        .into(),
                );
            }
        }
    }

    /// The problems of `[rounds]`: what a round's end or a board with pits
    /// out of play cannot go with.
    fn check_rounds(&self, problem: &mut impl FnMut(&str, String, String)) {
        if self.rounds.is_none() {
            return;
        }
        let [pmin, pmax] = self.board.pits_per_side_range;
        if pmax as usize > MAX_PITS_PER_SIDE_IN_ROUNDS {
            problem(
                "board.pits_per_side_range",
                format!("[{pmin}, {pmax}]"),
                format!(
                    "at most {MAX_PITS_PER_SIDE_IN_ROUNDS} pits a side with [rounds] (a position \
                     marks the pits out of play in {} spare bits)",
                    2 * MAX_PITS_PER_SIDE_IN_ROUNDS
                ),
            );
        }
        if self.four_rows() {
            problem(
                "rounds",
                "a [rounds] section".into(),
                "no [rounds] when board.rows = 4 (the rounds fill one row a player)".into(),
            );
        }
        if self.claim.count > 0 {
            problem(
                "rounds",
                "a [rounds] section".into(),
                "no [rounds] when claim.count is set (a claimed pit and a pit out of play would \
                 both stand in the row, which no source speaks of)"
                    .into(),
            );
        }
        if self.sows_other_ways() {
            problem(
                "rounds",
                "a [rounds] section".into(),
                "no [rounds] when some pit sows otherwise than counter-clockwise \
                 (sowing.direction): no source plays both"
                    .into(),
            );
        }
        if self.turn.pie_rule {
            problem(
                "turn.pie_rule",
                "true".into(),
                "false with [rounds] (the pie rule balances a first move between equal sides; \
                 a later round starts with the sides unequal)"
                    .into(),
            );
        }
        if self.end.majority {
            problem(
                "end.majority",
                "true".into(),
                "false with [rounds] (a majority win leaves seeds on the board, and the next \
                 round is filled from the stores alone)"
                    .into(),
            );
        }
        if self.end.quiet_moves > 0 {
            problem(
                "end.quiet_moves",
                self.end.quiet_moves.to_string(),
                "0 with [rounds] (no source plays both: a round's moves without a capture are \
                 not counted)"
                    .into(),
            );
        }
        if self.end.seeds_left == SeedsLeft::Split {
            problem(
                "end.seeds_left",
                "\"split\"".into(),
                "another rule with [rounds] (a split leaves an odd seed on the board, and the \
                 next round is filled from the stores alone)"
                    .into(),
            );
        }
        if self.end.repetition == Repetition::Split {
            problem(
                "end.repetition",
                "\"split\"".into(),
                "\"none\" or \"owner\" with [rounds] (a split leaves an odd seed on the board, \
                 and the next round is filled from the stores alone)"
                    .into(),
            );
        }
    }

    /// The problems of `turn.refill_empty_row`: the rules that speak of an
    /// empty row or a mover without a move otherwise, and those a store
    /// that shrinks breaks.
    fn check_refill(&self, problem: &mut impl FnMut(&str, String, String)) {
        if !self.turn.refill_empty_row {
            return;
        }
        let mut refuse = |field: &str, value: &str, why: &str| {
            problem(field, value.into(), format!("{why} with turn.refill_empty_row"))
        };
        if self.end.empty_side == EmptySide::Either {
            refuse(
                "end.empty_side",
                "\"either\"",
                "\"mover\" (an empty row is refilled when its owner is to move, so it must not \
                 end the game first)",
            );
        }
        if self.turn.pass {
            refuse(
                "turn.pass",
                "true",
                "false (a player with an empty row refills it, or the game ends)",
            );
        }
        if self.turn.must_feed {
            refuse("turn.must_feed", "true", "false (an empty row is refilled by its owner)");
        }
        if self.turn.pits == MovePits::Any {
            refuse("turn.pits", "\"any\"", "\"own\" (a row refilled is its owner's)");
        }
        if self.four_rows() {
            refuse("board.rows", "4", "2 (a player refills their one row)");
        }
        if self.rounds.is_some() {
            refuse(
                "rounds",
                "a [rounds] section",
                "no [rounds] (a round's pits out of play are not refilled; no source plays both)",
            );
        }
        if self.sowing.min_seeds > 1 {
            refuse(
                "sowing.min_seeds",
                &self.sowing.min_seeds.to_string(),
                "1 (a refilled row holds one seed a pit)",
            );
        }
        if self.end.repetition == Repetition::None {
            refuse(
                "end.repetition",
                "\"none\"",
                "\"owner\" or \"split\" (seeds go back from a store to the board, so a game can go \
                 round for ever)",
            );
        }
        if self.claim.count > 0 {
            refuse(
                "claim.count",
                &self.claim.count.to_string(),
                "0 (a claimed pit holds nothing, and a refill would put a seed in it; no source \
                 plays both)",
            );
        }
    }

    /// The problems of `board.end_pits` and `end.end_pits_taken`: what
    /// two neutral pits on the ring cannot go with.
    fn check_end_pits(&self, problem: &mut impl FnMut(&str, String, String)) {
        if self.board.end_pits == 0 {
            if self.end.end_pits_taken {
                problem(
                    "end.end_pits_taken",
                    "true".into(),
                    "false unless board.end_pits is set (it counts the end pits taken)".into(),
                );
            }
            return;
        }
        let mut refuse = |field: &str, value: &str, why: &str| {
            problem(field, value.into(), format!("{why} with board.end_pits"))
        };
        let [pmin, pmax] = self.board.pits_per_side_range;
        if pmax as usize > MAX_PITS_PER_SIDE_WITH_END_PITS {
            refuse(
                "board.pits_per_side_range",
                &format!("[{pmin}, {pmax}]"),
                &format!(
                    "at most {MAX_PITS_PER_SIDE_WITH_END_PITS} pits a side (a position holds the \
                     end pits in the cells after both rows)"
                ),
            );
        }
        if self.board.stores == StorePlacement::Ring {
            refuse(
                "board.stores",
                "\"ring\"",
                "\"beside\" (the end pits stand where ring stores would, after each row)",
            );
        }
        if self.four_rows() {
            refuse("board.rows", "4", "2 (the end pits stand at the ends of two rows)");
        }
        if self.claim.count > 0 {
            refuse(
                "claim.count",
                &self.claim.count.to_string(),
                "0 (a position keeps claims in the cells the end pits use; no source plays both)",
            );
        }
        if self.rounds.is_some() {
            refuse("rounds", "a [rounds] section", "no [rounds] (no source plays both)");
        }
        if self.turn.pits == MovePits::Any {
            refuse("turn.pits", "\"any\"", "\"own\" (no source plays both)");
        }
        if self.turn.pie_rule {
            refuse(
                "turn.pie_rule",
                "true",
                "false (the swap mirrors the rows, and no source plays it with end pits)",
            );
        }
        if self.end.seeds_left != SeedsLeft::Owner {
            refuse(
                "end.seeds_left",
                match self.end.seeds_left {
                    SeedsLeft::EmptySide => "\"empty-side\"",
                    SeedsLeft::LastMover => "\"last-mover\"",
                    _ => "\"split\"",
                },
                "\"owner\" (an end pit's seeds go to the player whose row comes before it)",
            );
        }
        if self.end.repetition == Repetition::Split {
            refuse(
                "end.repetition",
                "\"split\"",
                "\"none\" or \"owner\" (an end pit's seeds go to the player whose row comes \
                 before it)",
            );
        }
        if self.sowing.forced_singles {
            refuse("sowing.forced_singles", "true", "false (no source plays both)");
        }
    }

    /// The problems of `board.stores_drawn`: only stores beside the board
    /// can be drawn elsewhere, and only two rows have a place between them.
    fn check_stores_drawn(&self, problem: &mut impl FnMut(&str, String, String)) {
        let drawn = match self.board.stores_drawn {
            StoresDrawn::Ends => return,
            StoresDrawn::Between => "\"between\"",
            StoresDrawn::Hand => "\"hand\"",
        };
        if self.board.stores == StorePlacement::Ring {
            problem(
                "board.stores_drawn",
                drawn.into(),
                "\"ends\" with board.stores = \"ring\" (a store on the sowing ring stands after \
                 its owner's last pit)"
                    .into(),
            );
        }
        if self.board.stores_drawn == StoresDrawn::Between && self.four_rows() {
            problem(
                "board.stores_drawn",
                drawn.into(),
                "\"ends\" or \"hand\" with board.rows = 4 (each player's two rows stand \
                 together, with no place between them for a store)"
                    .into(),
            );
        }
    }

    /// The problems of `turn.pits = "any"` (a move from either row: nobody
    /// owns a pit), of `after_empty_from` and of `quiet_moves`.
    fn check_any_pits(&self, problem: &mut impl FnMut(&str, String, String)) {
        let c = &self.capture;
        if c.after_empty_from == AfterEmptyFrom::Occupied {
            if !c.after_empty {
                problem(
                    "capture.after_empty_from",
                    "\"occupied\"".into(),
                    "\"any\" unless capture.after_empty is true (it says where the last seed \
                     of that capture falls)"
                        .into(),
                );
            }
            if c.during_sowing > 0 {
                problem(
                    "capture.after_empty_from",
                    "\"occupied\"".into(),
                    "\"any\" when capture.during_sowing is set: the last seed's pit may be taken \
                     as the seed falls, and whether it held seeds would then be lost"
                        .into(),
                );
            }
        }
        self.check_refill(problem);
        self.check_end_pits(problem);
        self.check_stores_drawn(problem);
        if c.after_empty_chain && !c.after_empty {
            problem(
                "capture.after_empty_chain",
                "true".into(),
                "false unless capture.after_empty is true (it goes on from the pit that capture \
                 takes)"
                    .into(),
            );
        }
        if self.end.quiet_moves > 0 && self.end.repetition == Repetition::None {
            problem(
                "end.quiet_moves",
                self.end.quiet_moves.to_string(),
                "0 unless end.repetition is \"owner\" or \"split\" (the moves without a \
                 capture are counted along the positions the repetition rule keeps, and end \
                 the game as a repeated position does)"
                    .into(),
            );
        }
        if self.turn.pits != MovePits::Any {
            return;
        }
        if self.sows_other_ways() {
            problem(
                "turn.pits",
                "\"any\"".into(),
                "\"own\" when some pit sows otherwise than counter-clockwise (sowing.direction): \
                 no source plays both"
                    .into(),
            );
        }
        if self.rounds.is_some() {
            problem(
                "turn.pits",
                "\"any\"".into(),
                "\"own\" with [rounds] (a round is filled one row a player)".into(),
            );
        }
        // Each rule that speaks of a player's own row, with its field, its
        // value and what is allowed instead.
        let own = "turn.pits = \"any\" (nobody owns a pit: a move starts from either row)";
        let mut refuse = |field: &str, value: &str, allowed: &str| {
            problem(field, value.into(), format!("{allowed} when {own}"))
        };
        let [_, pmax] = self.board.pits_per_side_range;
        if pmax as usize > MAX_PITS_PER_SIDE_ANY {
            refuse(
                "board.pits_per_side_range",
                &format!("[{}, {pmax}]", self.board.pits_per_side_range[0]),
                &format!(
                    "at most {MAX_PITS_PER_SIDE_ANY} pits a row (the moves of both rows must fit \
                     a move list)"
                ),
            );
        }
        if self.board.stores != StorePlacement::Beside {
            refuse(
                "board.stores",
                "\"ring\"",
                "\"beside\" (a store on the ring is a player's own)",
            );
        }
        if self.four_rows() {
            refuse("board.rows", "4", "2 (on four rows each player owns two rows)");
        }
        if self.sowing.relay == Relay::Own {
            refuse("sowing.relay", "\"own\"", "\"none\", \"any\" or \"next\"");
        }
        if self.sowing.forced_singles {
            refuse("sowing.forced_singles", "true", "false (it speaks of the mover's pits)");
        }
        if c.empty_pit != EmptyPitCapture::Off {
            refuse(
                "capture.empty_pit",
                &format!("\"{}\"", format!("{:?}", c.empty_pit).to_lowercase()),
                "\"off\" (it captures from one's own empty pit)",
            );
        }
        if c.takes_by_count() && c.rows != CaptureRows::Either {
            refuse(
                "capture.rows",
                &format!("\"{}\"", format!("{:?}", c.rows).to_lowercase()),
                "\"either\" (there is no own or opponent's row)",
            );
        }
        if c.grand_slam != GrandSlam::Allowed {
            refuse(
                "capture.grand_slam",
                &format!("{:?}", c.grand_slam).to_lowercase(),
                "\"allowed\" (a grand slam takes every seed of the opponent's row)",
            );
        }
        if c.between_equal {
            refuse("capture.between_equal", "true", "false (it speaks of the opponent's row)");
        }
        if self.claim.count > 0 {
            refuse(
                "claim.count",
                &self.claim.count.to_string(),
                "0 (a claim takes one of the opponent's pits)",
            );
        }
        if self.turn.must_feed {
            refuse("turn.must_feed", "true", "false (it speaks of the opponent's row)");
        }
        if self.turn.pass {
            refuse(
                "turn.pass",
                "true",
                "false (both players may start from the same pits, so when one cannot move \
                 neither can)",
            );
        }
        if self.turn.pie_rule {
            refuse(
                "turn.pie_rule",
                "true",
                "false (the swap gives the first move's seeds to the second player's row)",
            );
        }
        if self.end.empty_side != EmptySide::Mover {
            refuse(
                "end.empty_side",
                "\"either\"",
                "\"mover\" (a move may start from the other row; the game ends when the \
                 player to move has none)",
            );
        }
        if matches!(self.end.seeds_left, SeedsLeft::Owner | SeedsLeft::EmptySide) {
            refuse(
                "end.seeds_left",
                &format!(
                    "\"{}\"",
                    if self.end.seeds_left == SeedsLeft::Owner { "owner" } else { "empty-side" }
                ),
                "\"split\" or \"last-mover\" (nobody owns the seeds of a row)",
            );
        }
        if self.end.repetition == Repetition::Owner {
            refuse("end.repetition", "\"owner\"", "\"split\" (nobody owns the seeds of a row)");
        }
    }

    /// The problems of the four-row elements: `rows = 4` with what it
    /// cannot go with, and `facing`, `taken = "sown"` and `start` without it.
    fn check_four_rows(&self, problem: &mut impl FnMut(&str, String, String)) {
        let four = self.four_rows();
        let c = &self.capture;
        if !four {
            if c.facing != Facing::Off {
                problem(
                    "capture.facing",
                    format!("{:?}", c.facing).to_lowercase(),
                    "\"off\" unless board.rows = 4 (only four rows have an inner pit facing \
                     one's own with an outer pit behind it)"
                        .into(),
                );
            }
            if self.board.start != StartPits::All {
                problem(
                    "board.start",
                    format!("{:?}", self.board.start).to_lowercase(),
                    "\"all\" unless board.rows = 4 (two rows have no inner row)".into(),
                );
            }
        }
        if c.facing_on != FacingOn::Occupied && c.facing == Facing::Off {
            problem(
                "capture.facing_on",
                "\"empty\"".into(),
                "\"occupied\" unless capture.facing is set (it says where a facing capture is \
                 made from)"
                    .into(),
            );
        }
        if c.taken == Taken::Sown && c.facing == Facing::Off {
            problem(
                "capture.taken",
                "\"sown\"".into(),
                "\"store\" unless capture.facing is set (the seeds of a facing capture are what \
                 is sown again)"
                    .into(),
            );
        }
        if !four {
            return;
        }
        let [_, pmax] = self.board.pits_per_side_range;
        let most = crate::LayoutKind::WIDEST.limits().pits_per_row_on_four;
        if pmax as usize > most {
            problem(
                "board.pits_per_side_range",
                format!("[{}, {pmax}]", self.board.pits_per_side_range[0]),
                format!(
                    "at most {most} pits a row when board.rows = 4 (a player's two rows are one \
                     circuit of at most {} pits)",
                    2 * most
                ),
            );
        }
        if self.board.stores != StorePlacement::Beside {
            problem(
                "board.stores",
                "\"ring\"".into(),
                "\"beside\" when board.rows = 4 (each player sows round their own two rows; no \
                 store stands on that circuit)"
                    .into(),
            );
        }
        if matches!(self.sowing.relay, Relay::Any | Relay::Next) {
            problem(
                "sowing.relay",
                format!("{:?}", self.sowing.relay).to_lowercase(),
                "\"none\" or \"own\" when board.rows = 4 (a player sows only their own pits, \
                 so a relay lifts only their own)"
                    .into(),
            );
        }
        let mut other = Vec::new();
        if c.empty_pit != EmptyPitCapture::Off {
            other.push("empty_pit");
        }
        if c.takes_by_count() {
            other.push("counts or parity");
        }
        if c.between_equal {
            other.push("between_equal");
        }
        if c.during_sowing > 0 {
            other.push("during_sowing");
        }
        if c.after_empty {
            other.push("after_empty");
        }
        if self.claim.count > 0 {
            other.push("claim.count");
        }
        if !other.is_empty() {
            problem(
                "capture",
                other.join(", "),
                "only capture.facing when board.rows = 4 (the other captures speak of the \
                 opponent's row the last seed falls in, and on four rows it never does)"
                    .into(),
            );
        }
        if self.turn.must_feed {
            problem(
                "turn.must_feed",
                "true".into(),
                "false when board.rows = 4 (no sowing reaches the opponent's pits, so none can \
                 feed them)"
                    .into(),
            );
        }
    }
}

impl Rules {
    /// The problems of `capture.bonus_pits`: the bonus takes follow a
    /// facing capture into the store, on four rows, without the pie rule.
    fn check_bonus_pits(&self, problem: &mut impl FnMut(&str, String, String)) {
        let k = self.capture.bonus_pits;
        if k == 0 {
            return;
        }
        let value = k.to_string();
        if k > MAX_BONUS_PITS {
            problem(
                "capture.bonus_pits",
                value.clone(),
                format!("0 to {MAX_BONUS_PITS} (the takes still due are kept in four bits)"),
            );
        }
        if !self.four_rows() || self.capture.facing == Facing::Off {
            problem(
                "capture.bonus_pits",
                value.clone(),
                "0 unless board.rows = 4 and capture.facing is set (the bonus takes follow a \
                 facing capture)"
                    .into(),
            );
        }
        if self.capture.taken == Taken::Sown {
            problem(
                "capture.bonus_pits",
                value.clone(),
                "0 when capture.taken = \"sown\" (the seeds taken by a bonus take go to the \
                 store, as the capture's must)"
                    .into(),
            );
        }
        if self.turn.pie_rule {
            problem(
                "capture.bonus_pits",
                value,
                "0 with turn.pie_rule (a first move followed by takes could not be answered by \
                 a swap)"
                    .into(),
            );
        }
    }
}

fn size_message(what: &str, min: u8, max: u8, pits: bool, rows: u8) -> String {
    if pits && rows == 4 {
        format!(
            "{min} to {max} {what} ({} to {} pits in total on four rows, a multiple of 4)",
            4 * min as u32,
            4 * max as u32
        )
    } else if pits {
        format!(
            "{min} to {max} {what} ({} to {} pits in total, even)",
            2 * min as u32,
            2 * max as u32
        )
    } else {
        format!("{min} to {max} {what}")
    }
}
