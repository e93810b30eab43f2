//! The set-up dialogue of a console game: the questions asked before the
//! game (variant, size, players, levels) for whatever the command line left
//! open ([`Setup`]), and the game's introduction once they are answered.

use std::fmt::Write as _;

use mancala_core::{preset_names, Game, Layout, Side, StoresDrawn, Variant};

use super::super::board::TITLE;
use super::super::record::{PlayerKind, DEFAULT_LEVEL};
use super::{capitalise, introduced, plural, side_name, Handover, Session, Stage, Table, COMMANDS};

/// What the command line settled before the game: every `Some` skips a
/// question.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The variant (already at its final size when `pits` and `seeds` are
    /// `None`).
    pub variant: Option<Variant>,
    /// Pits per side and seeds per pit given on the command line.
    pub pits: Option<u8>,
    pub seeds: Option<u8>,
    /// South's and North's player.
    pub players: [Option<PlayerKind>; 2],
}

impl<L: Layout> Session<L> {
    pub(super) fn choose_variant(&mut self, base: Variant) {
        if self.pits.is_some() || self.seeds.is_some() {
            match base.resized(self.pits, self.seeds) {
                Ok(sized) => {
                    self.pits = Some(sized.pits_per_row() as u8);
                    self.seeds = Some(sized.seeds_per_pit());
                }
                Err(e) => {
                    self.error(format!(
                        "The variant {} cannot be played at that size: {e}",
                        base.name()
                    ));
                    self.pits = None;
                    self.seeds = None;
                }
            }
        }
        self.ask_size(base);
    }

    /// Asks the size of `base` still open, then the players.
    fn ask_size(&mut self, base: Variant) {
        let [lo, hi] = base.rules().board.pits_per_side_range;
        if lo == hi {
            // Only one size: nothing to ask.
            self.pits = Some(lo);
        }
        let [lo, hi] = base.rules().board.seeds_per_pit_range;
        if lo == hi {
            // Only one number of seeds (a start list, Enkeshui): nothing to ask.
            self.seeds = Some(lo);
        }
        let Some(pits) = self.pits else {
            self.stage = Stage::Pits { base };
            return;
        };
        let Some(seeds) = self.seeds else {
            self.stage = Stage::Seeds { base };
            return;
        };
        match base.resized(Some(pits), Some(seeds)) {
            Ok(variant) => self.ask_players(variant),
            Err(e) => {
                self.error(format!(
                    "The variant {} cannot be played at that size: {e}",
                    base.name()
                ));
                self.seeds = None;
                self.stage = Stage::Seeds { base };
            }
        }
    }

    /// Asks who plays the sides still open, then starts the game.
    pub(super) fn ask_players(&mut self, variant: Variant) {
        for side in Side::ALL {
            if self.players[side.index()].is_none() {
                self.stage = Stage::Player { variant, side };
                return;
            }
        }
        if variant.layout() != L::KIND {
            // A size of the other layout: the game is played in the
            // variant's layout, by the session [`super::AnySession`] makes of
            // this one.
            self.stage = Stage::Relayout(variant.layout(), Handover::Start(Box::new(variant)));
            return;
        }
        let game = Game::<L>::new_in(variant);
        self.intro(&game);
        self.start(Table::new(game));
    }

    pub(super) fn intro(&mut self, game: &Game<L>) {
        let v = game.variant();
        // Four rows: each player owns two rows.
        let pits = if v.rows() == 4 {
            format!("4 rows of {}, two rows", plural(v.pits_per_row() as u64, "pit", "pits"))
        } else {
            plural(v.pits_per_side() as u64, "pit", "pits")
        };
        let list = &v.rules().board.start_pits;
        let seeds = if list.is_empty() {
            format!("{} in each", plural(v.seeds_per_pit(), "seed", "seeds"))
        } else {
            // A start that is not uniform (`start_pits`).
            let counts: Vec<String> = list.iter().map(|c| c.to_string()).collect();
            format!("seeds from each player's left {}", counts.join(", "))
        };
        let _ = writeln!(
            self.out,
            "\n{TITLE}{}{TITLE:#}: {pits} a side, {seeds} at the start.",
            v.name(),
        );
        let _ = writeln!(self.out, "{}", v.rules().description);
        for side in Side::ALL {
            let _ = writeln!(self.out, "{}", self.introduction(side, v));
        }
        if v.rules().turn.pie_rule {
            let first = side_name(v.first_player());
            let second = side_name(!v.first_player());
            let _ =
                writeln!(self.out, "Pie rule: after {first}'s first move, {second} may steal it.");
        }
        let _ = writeln!(self.out, "Enter a pit number to sow it, or one of: {COMMANDS}.");
    }

    /// "Player 1 (South), human: the lower row and the store on the right."
    /// On four rows: "the lower two rows and a store beside the board";
    /// with the stores drawn between the rows or kept in hand
    /// (`board.stores_drawn`), said so.
    pub(super) fn introduction(&self, side: Side, v: &Variant) -> String {
        let (row, store) = if side == Side::South { ("lower", "right") } else { ("upper", "left") };
        let player = format!("{}, {}", introduced(side), self.describe_player(side));
        let drawn = v.rules().board.stores_drawn;
        let rows = if v.rows() == 4 { " two rows" } else { " row" };
        match drawn {
            StoresDrawn::Hand => {
                format!("{player}: the {row}{rows}, the seeds taken kept in hand.")
            }
            _ if v.rows() == 4 => {
                format!("{player}: the {row} two rows and a store beside the board.")
            }
            StoresDrawn::Between => {
                format!("{player}: the {row} row and the store on the {store}, between the rows.")
            }
            StoresDrawn::Ends => format!("{player}: the {row} row and the store on the {store}."),
        }
    }

    pub(super) fn ask_setup(&mut self) -> String {
        match &self.stage {
            Stage::Variant => {
                if !self.listed_variants {
                    self.listed_variants = true;
                    let _ = writeln!(
                        self.out,
                        "{TITLE}New game{TITLE:#} (press Enter for the value in brackets)"
                    );
                    let _ = writeln!(self.out, "Variants:");
                    let presets = Variant::presets();
                    // Two spaces after the longest name: the wrapping puts
                    // a description's next lines under its start there.
                    let width = presets.iter().map(|v| v.name().len()).max().unwrap_or(0);
                    for (i, v) in presets.iter().enumerate() {
                        let _ = writeln!(
                            self.out,
                            "  {:>2}. {:<width$}  {}",
                            i + 1,
                            v.name(),
                            v.rules().description
                        );
                    }
                }
                "Variant (name or number) [kalah]: ".to_string()
            }
            Stage::Pits { base } => {
                let b = &base.rules().board;
                let [lo, hi] = b.pits_per_side_range;
                format!("Pits in each row ({lo}-{hi}) [{}]: ", b.pits_per_side)
            }
            Stage::Seeds { base, .. } => {
                let b = &base.rules().board;
                let [lo, hi] = b.seeds_per_pit_range;
                format!("Seeds per pit ({lo}-{hi}) [{}]: ", b.seeds_per_pit)
            }
            Stage::Player { side, variant } => format!(
                "Who plays {}, the {} {}? human or computer [{}]: ",
                introduced(*side),
                if *side == Side::South { "lower" } else { "upper" },
                if variant.rows() == 4 { "two rows" } else { "row" },
                if *side == Side::South { "human" } else { "computer" },
            ),
            &Stage::Level { side, .. } => format!(
                "Level of the computer for {}, 1 (easiest) to 10 (strongest) [{DEFAULT_LEVEL}]: ",
                side_name(side)
            ),
            // Not set-up questions: [`Session::step`] asks those.
            Stage::Play(_) | Stage::Taken | Stage::Done | Stage::Relayout(..) => String::new(),
        }
    }

    pub(super) fn answer_setup(&mut self, text: &str) {
        let t = text.trim();
        match self.stage.clone() {
            Stage::Variant => {
                let names = preset_names();
                let name = if t.is_empty() {
                    "kalah".to_string()
                } else if let Ok(i) = t.parse::<usize>() {
                    match names.get(i.wrapping_sub(1)) {
                        Some(n) => n.to_string(),
                        None => {
                            self.error(format!("Choose a variant from 1 to {}.", names.len()));
                            return;
                        }
                    }
                } else {
                    t.to_string()
                };
                match Variant::preset(&name) {
                    Ok(v) => self.choose_variant(v),
                    Err(e) => self.error(format!("{}.", capitalise(&e.to_string()))),
                }
            }
            Stage::Pits { base } => {
                let b = &base.rules().board;
                let [lo, hi] = b.pits_per_side_range;
                let rows = u32::from(b.rows);
                let pits = if t.is_empty() {
                    b.pits_per_side
                } else {
                    match t.parse::<u8>() {
                        Ok(p) if (lo..=hi).contains(&p) => p,
                        Ok(p)
                            if u32::from(p) % rows == 0
                                && (rows * u32::from(lo)..=rows * u32::from(hi))
                                    .contains(&u32::from(p)) =>
                        {
                            return self.error(format!(
                                "Enter the number of pits in one row, from {lo} to {hi} \
                                 ({p} pits in total would be {} in each row).",
                                u32::from(p) / rows
                            ))
                        }
                        _ => {
                            return self.error(format!(
                                "Enter the number of pits in one row, from {lo} to {hi}."
                            ))
                        }
                    }
                };
                self.pits = Some(pits);
                self.ask_size(base);
            }
            Stage::Seeds { base, .. } => {
                let b = &base.rules().board;
                let [lo, hi] = b.seeds_per_pit_range;
                let seeds = if t.is_empty() {
                    b.seeds_per_pit
                } else {
                    match t.parse::<u8>() {
                        Ok(s) if (lo..=hi).contains(&s) => s,
                        _ => {
                            return self
                                .error(format!("Enter a number of seeds from {lo} to {hi}."))
                        }
                    }
                };
                self.seeds = Some(seeds);
                self.ask_size(base);
            }
            Stage::Player { variant, side } => {
                let kind = if t.is_empty() {
                    if side == Side::South {
                        PlayerKind::Human
                    } else {
                        PlayerKind::Computer(DEFAULT_LEVEL)
                    }
                } else {
                    match t.parse::<PlayerKind>() {
                        Ok(k) => k,
                        Err(e) => return self.error(format!("{}.", capitalise(&e))),
                    }
                };
                self.players[side.index()] = Some(kind);
                if matches!(kind, PlayerKind::Computer(_)) && !t.contains(':') {
                    self.stage = Stage::Level { variant, side };
                    return;
                }
                self.ask_players(variant);
            }
            Stage::Level { variant, side } => {
                let level = if t.is_empty() {
                    DEFAULT_LEVEL
                } else {
                    match t.parse::<u8>() {
                        Ok(l @ 1..=10) => l,
                        _ => return self.error("Enter a level from 1 to 10."),
                    }
                };
                self.players[side.index()] = Some(PlayerKind::Computer(level));
                self.ask_players(variant);
            }
            Stage::Play(_) | Stage::Taken | Stage::Done | Stage::Relayout(..) => {}
        }
    }
}
