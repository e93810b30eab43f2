//! A console session of either layout: what `mancala play` runs. A session
//! plays its game in one layout ([`Session<L>`]); when the game to play
//! next is of the other one (a size answered at the set-up questions, a
//! game loaded with `load FILE`), the session stops at
//! [`Stage::Relayout`] and [`AnySession`] goes on in a session of that
//! layout, which keeps the answers, the players, the autosave and the text
//! not yet shown.

use mancala_core::{Compact, Layout, LayoutKind, Wide};

use crate::endgame::Databases;

use super::super::input::Input;
use super::super::save_file::Autosave;
use super::{Handover, Session, Setup, Stage, Step};

/// A console session in the layout of its game.
pub enum AnySession {
    Compact(Session<Compact>),
    Wide(Session<Wide>),
}

impl From<Session<Compact>> for AnySession {
    fn from(s: Session<Compact>) -> AnySession {
        AnySession::Compact(s)
    }
}

impl From<Session<Wide>> for AnySession {
    fn from(s: Session<Wide>) -> AnySession {
        AnySession::Wide(s)
    }
}

/// `$body` with `$s` the session, whichever its layout.
macro_rules! each {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnySession::Compact($s) => $body,
            AnySession::Wide($s) => $body,
        }
    };
}

impl AnySession {
    /// A new game, asking whatever `setup` leaves open, in the layout of
    /// the variant at the size chosen.
    pub fn new(setup: Setup, seed: u64, autosave: Autosave) -> AnySession {
        let mut s = AnySession::Compact(Session::new(setup, seed, autosave));
        s.settle();
        s
    }

    /// Moves the session to the layout its next game needs, if that is
    /// the other one.
    fn settle(&mut self) {
        let moved = match self {
            AnySession::Compact(s) if s.relayout_to() == Some(LayoutKind::Wide) => {
                AnySession::Wide(s.hand_over())
            }
            AnySession::Wide(s) if s.relayout_to() == Some(LayoutKind::Compact) => {
                AnySession::Compact(s.hand_over())
            }
            _ => return,
        };
        *self = moved;
    }

    /// See [`Session::set_databases`].
    pub fn set_databases(&mut self, databases: Databases) {
        each!(self, s => s.set_databases(databases))
    }

    /// See [`Session::set_width`].
    pub fn set_width(&mut self, width: Option<usize>) {
        each!(self, s => s.set_width(width))
    }

    /// See [`Session::step`].
    pub fn step(&mut self) -> Step {
        each!(self, s => s.step())
    }

    /// See [`Session::answer`]; the session goes on in the layout of the
    /// game the answer chose.
    pub fn answer(&mut self, input: Input) {
        each!(&mut *self, s => s.answer(input));
        self.settle();
    }

    /// See [`Session::play_computer`].
    pub fn play_computer(&mut self) {
        each!(self, s => s.play_computer())
    }

    /// See [`Session::leave`].
    pub fn leave(&mut self, why: &str) -> String {
        each!(self, s => s.leave(why))
    }

    /// See [`Session::unfinished_record_text`].
    pub fn unfinished_record_text(&self) -> Option<String> {
        each!(self, s => s.unfinished_record_text())
    }

    /// See [`Session::computer_only`].
    pub fn computer_only(&self) -> bool {
        each!(self, s => s.computer_only())
    }

    /// The moves played and the seeds on the board of the game on, if any.
    #[cfg(test)]
    pub fn moves_and_seeds(&self) -> Option<(usize, u32)> {
        each!(self, s => s.current_game().map(|g| (g.moves().len(), g.position().total_seeds())))
    }

    /// The layout of the session's game.
    #[cfg(test)]
    pub fn layout(&self) -> LayoutKind {
        match self {
            AnySession::Compact(_) => LayoutKind::Compact,
            AnySession::Wide(_) => LayoutKind::Wide,
        }
    }
}

impl<L: Layout> Session<L> {
    /// The layout this session hands over to, if it stopped at a game of
    /// the other one.
    fn relayout_to(&self) -> Option<LayoutKind> {
        match self.stage {
            Stage::Relayout(kind, _) => Some(kind),
            _ => None,
        }
    }

    /// This session, stopped at [`Stage::Relayout`], going on in the layout
    /// `M`: the same answers, players, autosave and text to show, then what
    /// the handover says. What is left here has nothing more to do.
    fn hand_over<M: Layout>(&mut self) -> Session<M> {
        let Stage::Relayout(_, next) = std::mem::replace(&mut self.stage, Stage::Done) else {
            unreachable!("only a session stopped at a relayout hands over")
        };
        let mut s = Session {
            stage: Stage::Done,
            pits: self.pits,
            seeds: self.seeds,
            players: self.players,
            listed_variants: self.listed_variants,
            seed: self.seed,
            autosave: self.autosave.clone(),
            resumed: self.resumed,
            databases: std::mem::replace(&mut self.databases, Databases::none()),
            width: self.width,
            out: std::mem::take(&mut self.out),
        };
        match next {
            Handover::Start(variant) => s.ask_players(*variant),
            Handover::Load(file) => s.load(&file),
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use mancala_core::{Game, Variant};

    use super::super::super::record::{PlayerKind, Record, RecordFile};
    use super::*;

    struct Driver {
        s: AnySession,
        dir: tempfile::TempDir,
    }

    impl Driver {
        fn new(setup: Setup) -> Driver {
            let dir = tempfile::tempdir().unwrap();
            let s = AnySession::new(setup, 1, Autosave::given(dir.path().join("autosave.game")));
            Driver { s, dir }
        }

        /// Runs computer moves until a question; returns the text shown.
        fn until_question(&mut self) -> String {
            let mut shown = String::new();
            loop {
                match self.s.step() {
                    Step::Ask(t) => {
                        shown.push_str(&anstream::adapter::strip_str(&t).to_string());
                        return shown;
                    }
                    Step::Think(t) => {
                        shown.push_str(&anstream::adapter::strip_str(&t).to_string());
                        self.s.play_computer();
                    }
                    Step::End(t) => {
                        shown.push_str(&anstream::adapter::strip_str(&t).to_string());
                        shown.push_str("<END>");
                        return shown;
                    }
                }
            }
        }

        fn say(&mut self, line: &str) -> String {
            self.s.answer(Input::Line(line.to_string()));
            self.until_question()
        }
    }

    /// Hus on four rows of 12 at 8 seeds a pit, chosen at the set-up
    /// questions of a session begun in the compact layout: the game is
    /// played in the wide layout, with its 288 seeds, and `undo` takes
    /// the moves back.
    #[test]
    fn a_wide_size_answered_at_the_questions_is_played_on_the_wide_board() {
        let mut d = Driver::new(Setup::default());
        d.until_question();
        assert_eq!(d.s.layout(), LayoutKind::Compact);
        assert!(d.say("hus-12").contains("Pits in each row (2-12) [12]"));
        assert!(d.say("").contains("Seeds per pit (2-10) [2]"));
        assert!(d.say("8").contains("Who plays Player 1 (South), the lower two rows?"));
        d.say("human");
        let shown = d.say("computer:1");
        assert_eq!(d.s.layout(), LayoutKind::Wide);
        assert!(shown.contains("hus-12: 4 rows of 12 pits, two rows a side, 8 seeds in each"));
        assert!(shown.contains("South, choose a pit to sow (1-18)"), "{shown}");
        let shown = d.say("13");
        assert!(shown.contains("South sowed 8 seeds from pit 13"), "{shown}");
        assert!(shown.contains("North (computer) sowed"), "{shown}");
        assert_eq!(d.s.moves_and_seeds(), Some((2, 288)));
        let shown = d.say("undo");
        assert!(shown.contains("Took back 2 moves"), "{shown}");
        assert_eq!(d.s.moves_and_seeds(), Some((0, 288)));
    }

    /// Oware's seeds answered at the questions: 40 a pit (480 in all) is
    /// played on the wide board, 4 a pit on the compact one.
    #[test]
    fn oware_past_255_seeds_at_the_questions_is_played_on_the_wide_board() {
        for (seeds, layout, total) in
            [("40", LayoutKind::Wide, 480), ("4", LayoutKind::Compact, 48)]
        {
            let mut d = Driver::new(Setup::default());
            d.until_question();
            assert!(d.say("oware").contains("Pits in each row (1-16) [6]"));
            assert!(d.say("").contains("Seeds per pit (1-127) [4]"));
            d.say(seeds);
            d.say("human");
            let shown = d.say("human");
            let intro = format!("oware: 6 pits a side, {seeds} seeds in each");
            assert!(shown.contains(&intro), "{shown}");
            assert_eq!(d.s.layout(), layout);
            let shown = d.say("1");
            assert!(shown.contains(&format!("South sowed {seeds} seeds from pit 1")), "{shown}");
            assert_eq!(d.s.moves_and_seeds(), Some((1, total)));
        }
    }

    /// `load FILE` of a game of the other layout goes on with it in that
    /// layout, either way; a record of the other layout that does not
    /// load leaves the game on.
    #[test]
    fn load_goes_on_in_the_layout_of_the_game_loaded() {
        let setup = Setup {
            variant: Some(Variant::preset("kalah").unwrap()),
            pits: Some(6),
            seeds: Some(4),
            players: [Some(PlayerKind::Human); 2],
        };
        let mut d = Driver::new(setup);
        let wide = d.dir.path().join("wide.game");
        let mut game = Game::<Wide>::new_in(Variant::preset("hus-12").unwrap());
        game.play(game.legal_moves()[0]).unwrap();
        let record = Record { game, earlier: Vec::new(), players: [PlayerKind::Human; 2], seed: 1 };
        record.save(&wide).unwrap();
        let compact = d.dir.path().join("compact.game");
        d.until_question();
        assert_eq!(d.s.layout(), LayoutKind::Compact);
        d.say("3");
        d.say(&format!("save {}", compact.display()));

        let shown = d.say(&format!("load {}", wide.display()));
        assert!(shown.contains("hus-12: 4 rows of 12 pits"), "{shown}");
        assert!(shown.contains("Going on after 1 move."), "{shown}");
        assert_eq!(d.s.layout(), LayoutKind::Wide);
        assert_eq!(d.s.moves_and_seeds(), Some((1, 72)));

        let shown = d.say(&format!("load {}", compact.display()));
        assert!(shown.contains("kalah: 6 pits a side"), "{shown}");
        assert_eq!(d.s.layout(), LayoutKind::Compact);
        assert_eq!(d.s.moves_and_seeds(), Some((1, 48)));

        // hus-12's header, then a move its start does not allow.
        let bad = d.dir.path().join("bad.game");
        let text = record.to_text();
        let header = text.lines().take_while(|l| l.starts_with('[')).collect::<Vec<_>>();
        std::fs::write(&bad, format!("{}\n\n1. 48\n", header.join("\n"))).unwrap();
        let shown = d.say(&format!("load {}", bad.display()));
        assert!(shown.contains(&format!("{}: line", bad.display())), "{shown}");
        assert_eq!(d.s.layout(), LayoutKind::Compact);
        assert_eq!(d.s.moves_and_seeds(), Some((1, 48)));
    }
}
