//! The engine behind the UCI dialect of Oware engines (`mancala engine
//! --dialect uci`, `docs/protocol.md`), so that a program written for
//! Aalina (a GUI such as Aualé's, a tournament manager) can drive ours.
//!
//! It is no second engine: [`UciSession::line`] reads a line of the dialect
//! ([`UciCommand`]), turns it into the `mancala engine` protocol's
//! ([`Command`]) and hands it to a [`Session`], whose replies (written by
//! the search thread too) go through a translating writer that turns each
//! [`Reply`] line back into the dialect's ([`UciReply`]): moves become
//! letters, scores centipawns (25 to a seed), `error` lines `info string
//! error ...`. Only `uci`, `setoption` and the letters of `position` are
//! answered here. Nothing a client sends ends the session but `quit` and
//! the end of the input; a line that cannot be used gets one `info string
//! error <reason>`.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};

use mancala_core::{quote, Game, Move, Side, Variant};

use crate::protocol::{ClockLimits, Command, GoLimits, Reply, Start};
use crate::search::{TableAllocError, MAX_HASH_MB, MAX_THREADS};
use crate::session::{reply, EndgameSource, Flow, Out, Session};
use crate::uci::{
    check_variant, letters_from, replay_letters, Letter, OptionKind, Score, UciCommand, UciGo,
    UciInfo, UciOption, UciReply, CP_PER_SEED,
};

/// Why a [`UciSession`] could not be made.
#[derive(Debug, thiserror::Error)]
pub enum UciStartError {
    /// The dialect cannot express the variant ([`check_variant`]).
    #[error("the UCI dialect cannot play this variant: {0}")]
    Variant(String),
    /// The transposition table could not be allocated.
    #[error(transparent)]
    Table(#[from] TableAllocError),
}

/// What the translating writer needs to know about the search in progress.
struct Searched {
    /// The game searched by the last `go` (the one now searching, if any).
    game: Game,
    /// The principal variation of the last `info` line of that search.
    pv: Vec<Move>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The [`Session`]'s output: each whole line it writes, turned into the
/// dialect's and written to the real output.
struct Translator {
    out: Out,
    searched: Arc<Mutex<Searched>>,
    buf: Vec<u8>,
}

impl Translator {
    fn translate(&self, line: &str) -> Option<UciReply> {
        let mut searched = lock(&self.searched);
        let v = searched.game.variant().clone();
        let pos = *searched.game.position();
        Some(match line.parse::<Reply>() {
            Ok(Reply::ReadyOk) => UciReply::ReadyOk,
            Ok(Reply::Info(info)) => {
                let pv = letters_from(&v, &pos, &info.pv);
                searched.pv = info.pv;
                UciReply::Info(UciInfo {
                    depth: Some(info.depth),
                    seldepth: Some(info.seldepth),
                    score: Some(Score::Cp(i64::from(info.score) * CP_PER_SEED)),
                    nodes: Some(info.nodes),
                    nps: Some(info.nps),
                    time: Some(info.time),
                    pv,
                })
            }
            Ok(Reply::BestMove(best)) => {
                let pv = std::mem::take(&mut searched.pv);
                let best_letter = best.and_then(|m| Letter::of_move(m, pos.to_move()));
                // The reply expected: the pv's second move, when the pv
                // begins with the move played.
                let ponder = match (best, pv.as_slice()) {
                    (Some(m), [first, second, ..]) if *first == m => {
                        letters_from(&v, &pos, &[m, *second]).get(1).copied()
                    }
                    _ => None,
                };
                UciReply::BestMove { best: best_letter, ponder }
            }
            Ok(Reply::InfoString(text)) => UciReply::InfoString(book_letter(&text, &pos)),
            Ok(Reply::Error(reason)) => UciReply::InfoString(format!("error {reason}")),
            // The session writes nothing else to a client that never sends
            // `mancala` or `d`; anything else is shown, not lost.
            Ok(_) | Err(_) if line.trim().is_empty() => return None,
            Ok(_) | Err(_) => UciReply::InfoString(line.to_string()),
        })
    }
}

/// `book move 3 (...)` with the move as a letter, `book move C (...)`.
fn book_letter(text: &str, pos: &mancala_core::Position) -> String {
    let Some(rest) = text.strip_prefix("book move ") else { return text.to_string() };
    let (word, tail) = rest.split_once(' ').unwrap_or((rest, ""));
    let letter = word
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .and_then(|n| Letter::of_move(Move::pit(n), pos.to_move()));
    match letter {
        Some(l) if tail.is_empty() => format!("book move {l}"),
        Some(l) => format!("book move {l} {tail}"),
        None => text.to_string(),
    }
}

impl Write for Translator {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        while let Some(end) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line);
            if let Some(r) = self.translate(text.trim_end_matches(['\n', '\r'])) {
                reply(&self.out, &r.to_string());
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The engine's state between lines of the dialect.
pub struct UciSession {
    session: Session,
    variant: Variant,
    out: Out,
    searched: Arc<Mutex<Searched>>,
    hash_mb: usize,
    threads: usize,
    book: bool,
}

/// The options the answer to `uci` offers, for messages.
const OPTIONS: &str = "Hash, Threads, OwnBook and Ponder";

impl UciSession {
    /// A session playing `variant` (one the dialect can express) with a
    /// table of `hash_mb` MiB, replying to `out`.
    pub fn new(
        variant: Variant,
        hash_mb: usize,
        out: Out,
        databases: Box<dyn EndgameSource>,
    ) -> Result<UciSession, UciStartError> {
        check_variant(&variant).map_err(UciStartError::Variant)?;
        let searched =
            Arc::new(Mutex::new(Searched { game: Game::new(variant.clone()), pv: Vec::new() }));
        let translator =
            Translator { out: Arc::clone(&out), searched: Arc::clone(&searched), buf: Vec::new() };
        let session_out: Out = Arc::new(Mutex::new(Box::new(translator)));
        let session = Session::new(variant.clone(), hash_mb, session_out, databases)?;
        Ok(UciSession { session, variant, out, searched, hash_mb, threads: 1, book: true })
    }

    /// Searches with `threads` threads from now on (as `setoption name
    /// Threads`), the default the answer to `uci` shows.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.session.set_threads(self.threads);
    }

    /// Answers `go` with a time limit from the opening book where it covers
    /// the position (as `setoption name OwnBook`), the default the answer
    /// to `uci` shows.
    pub fn set_book(&mut self, on: bool) {
        self.book = on;
        self.session.set_book(on);
    }

    /// Replies `info string error <reason>` on one line.
    pub fn error(&self, reason: impl std::fmt::Display) {
        let reason = reason.to_string();
        let one_line: Vec<&str> = reason.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        self.send(UciReply::InfoString(format!("error {}", one_line.join(" "))));
    }

    fn send(&self, r: UciReply) {
        reply(&self.out, &r.to_string());
    }

    /// Hands a command of our protocol to the session.
    fn forward(&mut self, command: &Command) -> Flow {
        self.session.line(&command.to_string())
    }

    /// The end of input, as [`Session::finish`].
    pub fn finish(&mut self) {
        self.session.finish();
    }

    /// Handles one line of the dialect.
    pub fn line(&mut self, line: &str) -> Flow {
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        let command = match line.parse::<UciCommand>() {
            Ok(c) => c,
            Err(e) => {
                self.error(e);
                return Flow::Continue;
            }
        };
        match command {
            UciCommand::Uci => self.identify(),
            UciCommand::Debug(_) => {}
            UciCommand::IsReady => return self.forward(&Command::IsReady),
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciCommand::UciNewGame => return self.forward(&Command::NewGame),
            UciCommand::Position(letters) => match replay_letters(&self.variant, &letters) {
                Ok(game) => {
                    let moves = game.moves().to_vec();
                    return self.forward(&Command::Position { start: Start::StartPos, moves });
                }
                Err(e) => self.error(format!("position: {e}; the position is unchanged")),
            },
            UciCommand::Go(go) => return self.go(go),
            UciCommand::Stop => return self.forward(&Command::Stop),
            UciCommand::PonderHit => return self.forward(&Command::PonderHit),
            UciCommand::Quit => return self.forward(&Command::Quit),
        }
        Flow::Continue
    }

    /// The answer to `uci`.
    fn identify(&self) {
        self.send(UciReply::IdName(format!("mancala {}", env!("CARGO_PKG_VERSION"))));
        self.send(UciReply::IdAuthor("the mancala project".into()));
        let spin = |name: &str, default: usize, max: usize| {
            UciReply::Option(UciOption {
                name: name.into(),
                kind: OptionKind::Spin { default: default as i64, min: 1, max: max as i64 },
            })
        };
        self.send(spin("Hash", self.hash_mb, MAX_HASH_MB));
        self.send(spin("Threads", self.threads, MAX_THREADS));
        let check = |name: &str, on: bool| {
            UciReply::Option(UciOption { name: name.into(), kind: OptionKind::Check(on) })
        };
        self.send(check("OwnBook", self.book));
        self.send(check("Ponder", false));
        self.send(UciReply::UciOk);
    }

    /// `setoption name NAME value VALUE`: names as in the answer to `uci`,
    /// in any case. (The answer to `uci` keeps showing the defaults the
    /// engine was started with, as UCI's `default` means.)
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let key = name.to_ascii_lowercase();
        if !matches!(key.as_str(), "hash" | "threads" | "ownbook" | "ponder") {
            return self.error(format!(
                "setoption: unknown option {:?}: the options are {OPTIONS}",
                quote(name)
            ));
        }
        let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return self
                .error(format!("setoption: {name} needs a value: setoption name {name} value X"));
        };
        let on = match value.to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        // Hash and Threads are checked by the protocol's parser, which
        // names what is allowed.
        let command = match (key.as_str(), on) {
            ("hash", _) => format!("hash {value}"),
            ("threads", _) => format!("threads {value}"),
            ("ownbook", Some(on)) => Command::Book(on).to_string(),
            // Pondering needs no setting: `go ponder` is always understood.
            ("ponder", Some(_)) => return,
            _ => {
                return self
                    .error(format!("setoption: {name} is true or false, found {:?}", quote(value)))
            }
        };
        self.session.line(&command);
    }

    /// `go`: the clocks are South's (`wtime`, `winc`: South moves first,
    /// as White does in chess) and North's (`btime`, `binc`).
    fn go(&mut self, go: UciGo) -> Flow {
        let clock = ClockLimits {
            south_time: go.wtime,
            north_time: go.btime,
            south_inc: go.winc,
            north_inc: go.binc,
            moves_to_go: go.movestogo,
        };
        let game = self.session.game().expect("the UCI dialect plays compact boards").clone();
        let mover = game.position().to_move();
        let (mine, key) = match mover {
            Side::South => (go.wtime, "wtime"),
            Side::North => (go.btime, "btime"),
        };
        if clock.any() && mine.is_none() && !game.position().is_over() {
            self.error(format!(
                "go: {} is to move but {key} is not given (the clocks given are the other side's)",
                mover.name()
            ));
            return Flow::Continue;
        }
        // While a search runs the session refuses `go` and keeps its game,
        // so this is the game being searched either way.
        lock(&self.searched).game = game;
        self.forward(&Command::Go(GoLimits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            infinite: go.infinite,
            clock,
            ponder: go.ponder,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{NoEndgame, Transcript};

    fn session() -> (UciSession, Transcript) {
        let t = Transcript::default();
        let v = Variant::preset("abapa").unwrap();
        (UciSession::new(v, 1, t.out(), Box::new(NoEndgame)).unwrap(), t)
    }

    fn run(lines: &[&str]) -> Vec<String> {
        let (mut s, t) = session();
        for l in lines {
            if s.line(l) == Flow::Quit {
                break;
            }
        }
        s.finish();
        t.lines()
    }

    #[test]
    fn the_handshake_and_a_search_in_the_dialect() {
        let lines =
            run(&["uci", "isready", "ucinewgame", "position startpos moves Ac", "go depth 4"]);
        assert_eq!(lines[0], format!("id name mancala {}", env!("CARGO_PKG_VERSION")));
        assert!(lines.contains(&"option name OwnBook type check default true".to_string()));
        let ok = lines.iter().position(|l| l == "uciok").unwrap();
        assert_eq!(lines[ok + 1], "readyok");
        let infos: Vec<UciInfo> = lines[ok + 2..]
            .iter()
            .filter_map(|l| match l.parse::<UciReply>() {
                Ok(UciReply::Info(i)) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(infos.len(), 4, "{lines:?}");
        let last = infos.last().unwrap();
        assert_eq!(last.depth, Some(4));
        assert!(matches!(last.score, Some(Score::Cp(s)) if s % CP_PER_SEED == 0));
        // South moved, North answered: South is to move, and the pv
        // alternates from there.
        assert_eq!(last.pv.len(), 4);
        assert_eq!(last.pv[0].side(), Side::South);
        assert_eq!(last.pv[1].side(), Side::North);
        let UciReply::BestMove { best, ponder } = lines.last().unwrap().parse().unwrap() else {
            panic!("{lines:?}")
        };
        assert_eq!((best, ponder), (Some(last.pv[0]), Some(last.pv[1])));
    }

    #[test]
    fn bad_lines_get_an_info_string_error_and_change_nothing() {
        let lines = run(&[
            "flip",
            "position startpos moves Aa",
            "position startpos moves AaA",
            "setoption name Colour value red",
            "setoption name Hash value 0",
            "setoption name OwnBook value maybe",
            "go btime 1000",
            "isready",
        ]);
        assert!(lines[0].starts_with("info string error unknown command \"flip\""), "{lines:?}");
        assert!(lines[1].starts_with("info string error position: move #3 (A)"), "{lines:?}");
        assert!(lines[2].contains("unknown option \"Colour\""), "{lines:?}");
        assert!(lines[3].starts_with("info string error hash:"), "{lines:?}");
        assert!(lines[4].contains("true or false"), "{lines:?}");
        assert!(lines[5].contains("south is to move but wtime is not given"), "{lines:?}");
        assert_eq!(lines[6..], ["readyok"]);
    }

    #[test]
    fn book_moves_are_letters() {
        let lines = run(&["position startpos", "go movetime 50"]);
        let last = lines.last().unwrap();
        if lines.len() == 2 {
            // Answered from the book: the move in the string is the letter.
            let letter = last.strip_prefix("bestmove ").unwrap();
            assert!(lines[0].starts_with(&format!("info string book move {letter} ")), "{lines:?}");
        }
        assert!(matches!(last.parse::<UciReply>(), Ok(UciReply::BestMove { best: Some(_), .. })));
    }

    #[test]
    fn variants_the_dialect_cannot_write_are_refused() {
        let t = Transcript::default();
        let kalah = Variant::preset("kalah").unwrap();
        let e = UciSession::new(kalah, 1, t.out(), Box::new(NoEndgame)).err().unwrap();
        assert!(e.to_string().contains("pie rule"), "{e}");
        // Six pits a row, each sown either way: no letter says which.
        let mut rules = Variant::preset("um-el-bagara").unwrap().rules().clone();
        rules.sowing.direction = mancala_core::SowingDirection::Chosen;
        rules.sowing.by_pit = None;
        rules.board.pits_per_side = 6;
        rules.board.pits_per_side_range = [1, 8];
        let chosen = Variant::new(rules).unwrap();
        let e = UciSession::new(chosen, 1, t.out(), Box::new(NoEndgame)).err().unwrap();
        assert!(e.to_string().contains("carry no direction"), "{e}");
    }
}
