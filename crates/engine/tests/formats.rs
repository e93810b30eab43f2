//! The engine protocol's messages and the game record: printing then
//! parsing gives back the value for generated values, the parsers refuse
//! what the formats do not allow, and no text makes them panic.

use mancala_core::{
    preset_names, with_layout, EndReason, Game, Layout, LayoutKind, Move, Outcome, Position, Side,
    Variant,
};
use mancala_engine::protocol::{ClockLimits, Command, GoLimits, Info, ProtocolError, Reply, Start};
use mancala_engine::record::{PlayerKind, Record};
use proptest::prelude::*;

/// The presets of the compact layout: the positions of the protocol's
/// messages are the compact layout's (`Setup`).
fn compact_names() -> Vec<&'static str> {
    preset_names()
        .into_iter()
        .filter(|&n| Variant::preset(n).unwrap().layout() == LayoutKind::Compact)
        .collect()
}

/// Every preset, each in its own layout (`hus-12` in the wide one), then
/// Oware on 16 pits a side of 10 seeds: a two-row board past the compact
/// layout's 255 seeds (320), in the wide layout.
fn every_layout() -> &'static [Variant] {
    static ALL: std::sync::OnceLock<Vec<Variant>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Variant::presets();
        let oware = Variant::preset("oware").unwrap().at_size(Some(16), Some(10)).unwrap();
        assert_eq!((oware.layout(), oware.rows()), (LayoutKind::Wide, 2));
        all.push(oware);
        all
    })
}

fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![9 => (0u8..=254).prop_map(Move::Sow), 1 => Just(Move::Swap)]
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(any_move(), 0..12)
}

/// A word: no white space, not empty.
fn word() -> impl Strategy<Value = String> {
    "[a-z0-9_.-]{1,12}"
}

/// The game of `v` in its layout `L` after the moves `picks` choose among
/// the legal moves, in turn (stopping where the game ends).
fn game_after<L: Layout>(v: &Variant, picks: &[u32]) -> Game<L> {
    let mut game = Game::<L>::new_in(v.clone());
    for p in picks {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play_unchecked(legal[*p as usize % legal.len()]);
    }
    game
}

/// A position reached by random legal moves in a preset.
fn position() -> impl Strategy<Value = Position> {
    (0..compact_names().len(), prop::collection::vec(any::<u32>(), 0..30)).prop_map(|(i, picks)| {
        let v = Variant::preset(compact_names()[i]).unwrap();
        *game_after::<mancala_core::Compact>(&v, &picks).position()
    })
}

fn go_limits() -> impl Strategy<Value = GoLimits> {
    prop_oneof![
        Just(GoLimits { infinite: true, ..GoLimits::default() }),
        (
            prop::option::of(1u32..=120),
            prop::option::of(1u64..u64::MAX),
            prop::option::of(1u64..u64::MAX)
        )
            .prop_map(|(depth, nodes, movetime)| GoLimits {
                depth,
                nodes,
                movetime,
                ..GoLimits::default()
            }),
        (
            prop::option::of(1u64..=600_000),
            prop::array::uniform4(prop::option::of(0u64..u64::MAX)),
            prop::option::of(1u64..u64::MAX),
            any::<bool>()
        )
            .prop_map(|(movetime, [s, n, si, ni], moves_to_go, ponder)| GoLimits {
                movetime,
                clock: ClockLimits {
                    south_time: s,
                    north_time: n,
                    south_inc: si,
                    north_inc: ni,
                    moves_to_go,
                },
                ponder,
                ..GoLimits::default()
            }),
    ]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        Just(Command::Mancala),
        Just(Command::IsReady),
        Just(Command::NewGame),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Display),
        Just(Command::Quit),
        (word(), prop::option::of(any::<u32>()), prop::option::of(any::<u32>()))
            .prop_map(|(name, pits, seeds)| Command::Variant { name, pits, seeds }),
        "[a-z/][a-z0-9 /._-]{0,30}[a-z0-9]".prop_map(Command::VariantFile),
        (1usize..=65536).prop_map(Command::Hash),
        (prop::option::of(position()), moves()).prop_map(|(p, moves)| Command::Position {
            start: p.map_or(Start::StartPos, |p| Start::Position(p.into())),
            moves
        }),
        go_limits().prop_map(Command::Go),
    ]
}

fn reply() -> impl Strategy<Value = Reply> {
    let text = "[ -~]{0,40}[!-~]|";
    prop_oneof![
        (word(), word()).prop_map(|(name, version)| Reply::IdName { name, version }),
        any::<u32>().prop_map(Reply::IdProtocol),
        Just(Reply::Ok),
        Just(Reply::ReadyOk),
        (any::<(u32, u32, i32, bool, u64, u64, u64, u64)>(), moves()).prop_map(
            |((depth, seldepth, score, exact, nodes, dbhits, nps, time), pv)| {
                Reply::Info(Info { depth, seldepth, score, exact, nodes, dbhits, nps, time, pv })
            }
        ),
        text.prop_map(|t: String| Reply::InfoString(t.trim_start().to_string())),
        prop::option::of(any_move()).prop_map(Reply::BestMove),
        text.prop_map(|t: String| Reply::Error(t.trim_start().to_string())),
        (word(), any::<u32>(), any::<u32>()).prop_map(|(name, pits, seeds)| Reply::Variant {
            name,
            pits,
            seeds
        }),
        position().prop_map(|p| Reply::Position(p.into())),
        position().prop_map(|p| Reply::StartPosition(p.into())),
        moves().prop_map(Reply::Moves),
        "[ 0-9]{0,30}[0-9]".prop_map(Reply::Board),
        prop::sample::select(vec![Side::South, Side::North]).prop_map(Reply::ToMove),
        moves().prop_map(Reply::Legal),
        (
            prop::sample::select(EndReason::ALL.to_vec()),
            prop::sample::select(vec![
                Outcome::Win(Side::South),
                Outcome::Win(Side::North),
                Outcome::Draw
            ])
        )
            .prop_map(|(reason, outcome)| Reply::Over { reason, outcome }),
    ]
}

fn player() -> impl Strategy<Value = PlayerKind> {
    prop_oneof![Just(PlayerKind::Human), (1u8..=10).prop_map(PlayerKind::Computer)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn commands_read_back(c in command()) {
        let text = c.to_string();
        prop_assert_eq!(text.parse::<Command>(), Ok(c), "{}", text);
    }

    #[test]
    fn replies_read_back(r in reply()) {
        let text = r.to_string();
        prop_assert_eq!(text.parse::<Reply>(), Ok(r), "{}", text);
    }

    #[test]
    fn a_command_with_a_word_after_it_is_refused(c in command(), extra in word()) {
        // Commands that end in a free-form path or a move list take more words.
        prop_assume!(!matches!(c, Command::VariantFile(_) | Command::Position { .. }));
        let text = format!("{c} {extra}");
        prop_assert!(text.parse::<Command>().is_err(), "{}", text);
    }

    #[test]
    fn no_line_makes_the_parsers_panic(line in "\\PC{0,100}") {
        let _ = line.parse::<Command>();
        let _ = line.parse::<Reply>();
        let _ = Record::parse(&line);
    }

    #[test]
    fn records_read_back(
        i in 0..every_layout().len(),
        picks in prop::collection::vec(any::<u32>(), 0..200),
        players in (player(), player()),
        seed in any::<u64>(),
    ) {
        let v = &every_layout()[i];
        let players = [players.0, players.1];
        with_layout!(v.layout(), L => record_reads_back::<L>(v, &picks, players, seed))?;
    }
}

/// A record of a game of `v` in its layout `L` (the moves `picks` choose)
/// prints and reads back, in that layout, to the same moves, position,
/// rules, players and seed, and says which layout reads it.
fn record_reads_back<L: Layout>(
    v: &Variant,
    picks: &[u32],
    players: [PlayerKind; 2],
    seed: u64,
) -> Result<(), TestCaseError> {
    let game = game_after::<L>(v, picks);
    let record = Record::<L> { game, earlier: Vec::new(), players, seed };
    let text = record.to_string();
    prop_assert_eq!(Record::layout_of(text.as_bytes()), Ok(L::KIND));
    let back = Record::<L>::parse_in(&text).unwrap();
    prop_assert_eq!(back.game.moves(), record.game.moves());
    prop_assert_eq!(back.game.position(), record.game.position());
    prop_assert_eq!(back.game.variant().rules().to_toml(), record.game.variant().rules().to_toml());
    prop_assert_eq!(back.players, record.players);
    prop_assert_eq!(back.seed, seed);
    prop_assert_eq!(back.to_string(), text);
    Ok(())
}

fn refused(line: &str) -> ProtocolError {
    line.parse::<Command>().expect_err(line)
}

#[test]
fn commands_refuse_what_the_protocol_does_not_allow() {
    for (line, says) in [
        ("quit now", "quit takes nothing after it, found \"now\""),
        ("newgame 5", "newgame takes nothing after it"),
        ("isready please", "isready takes nothing"),
        ("variant kalah pits 6 pits 7", "pits is given twice"),
        ("variant kalah seeds 3 pits 4 seeds 5", "seeds is given twice"),
        ("go depth 3 depth 4", "depth is given twice"),
        ("go infinite infinite", "infinite is given twice"),
        ("go ponder ponder", "ponder is given twice"),
        ("go southtime 100 southtime 200", "southtime is given twice"),
        ("go movestogo 0", "movestogo must be at least 1, found 0"),
        ("go northinc", "northinc needs a number"),
        ("go southtime -5", "southtime must be a whole number"),
        ("go southtime 99999999999999999999999", "from 0 to 18446744073709551615"),
        ("go movestogo 99999999999999999999999", "from 1 to 18446744073709551615"),
        ("go infinite southtime 100", "infinite cannot be combined"),
        ("go infinite ponder", "infinite cannot be combined"),
        ("ponderhit now", "ponderhit takes nothing after it"),
        ("position startpos moves 3,,1", "move #2 in the list (\"\"): no move given"),
        ("position startpos moves 3, ,1", "no move given"),
        ("position startpos moves 3,", "no move given"),
        ("position startpos moves 99999999999999999999999", "no pit 99999999999999999999999"),
        ("hash 65537", "1 to 65536"),
        ("", "empty line"),
    ] {
        let e = refused(line);
        assert!(e.to_string().contains(says), "{line:?} gave {e}, expected {says:?}");
    }
    // Long words are quoted shortened.
    let e = refused(&format!("{} x", "y".repeat(500)));
    assert!(e.to_string().len() < 200, "{e}");
}

#[test]
fn commands_read_what_the_protocol_allows() {
    let cmd = |s: &str| s.parse::<Command>().unwrap();
    assert_eq!(
        cmd("position startpos moves 3,1 swap"),
        Command::Position {
            start: Start::StartPos,
            moves: vec![Move::pit(3), Move::pit(1), Move::Swap]
        }
    );
    assert_eq!(
        cmd("position startpos moves"),
        Command::Position { start: Start::StartPos, moves: vec![] }
    );
    assert_eq!(
        cmd("\tgo   depth 4\t"),
        Command::Go(GoLimits { depth: Some(4), ..GoLimits::default() })
    );
    assert_eq!(cmd("variantfile /a b/c.toml "), Command::VariantFile("/a b/c.toml".into()));
    assert_eq!(
        cmd("go southtime 60000 northtime 0 southinc 1000 movestogo 20 ponder"),
        Command::Go(GoLimits {
            clock: ClockLimits {
                south_time: Some(60000),
                north_time: Some(0),
                south_inc: Some(1000),
                north_inc: None,
                moves_to_go: Some(20),
            },
            ponder: true,
            ..GoLimits::default()
        })
    );
    assert_eq!(cmd("ponderhit"), Command::PonderHit);
    assert_eq!(
        cmd("variant kalah seeds 3 pits 4"),
        Command::Variant { name: "kalah".into(), pits: Some(4), seeds: Some(3) }
    );
}

#[test]
fn replies_of_a_real_session_read() {
    let r = |s: &str| s.parse::<Reply>().unwrap();
    assert_eq!(r("bestmove none"), Reply::BestMove(None));
    assert_eq!(
        r("id name mancala 0.1.0"),
        Reply::IdName { name: "mancala".into(), version: "0.1.0".into() }
    );
    let Reply::Info(info) =
        r("info depth 4 seldepth 4 score -2 exact false nodes 117 dbhits 0 nps 1452333 time 0 pv 4 1 1 2")
    else {
        panic!("not info")
    };
    assert_eq!((info.depth, info.score, info.pv.len()), (4, -2, 4));
    assert_eq!(
        r("info string endgame database: x  y"),
        Reply::InfoString("endgame database: x  y".into())
    );
    assert!("bestmove".parse::<Reply>().is_err());
    assert!("bestmove 3 4".parse::<Reply>().is_err());
    assert!("info depth 3 depth 4".parse::<Reply>().is_err());
    assert!("info depth 3".parse::<Reply>().unwrap_err().to_string().contains("missing"));
}

#[test]
fn records_saved_before_keep_loading() {
    // A record as the play session has always written it, a line of moves
    // ending in a comma included.
    let text =
        "[Game \"mancala\"]\n[Variant \"kalah\"]\n[PitsPerSide \"6\"]\n[SeedsPerPit \"4\"]\n\
                [South \"human\"]\n[North \"computer:5\"]\n[Seed \"7\"]\n[Result \"*\"]\n\
                [Position \"4,4,4,4,4,0:1/1,6,6,5,5,4:0/N\"]\n\n1, swap,\n6\n";
    let r: Record = text.parse().unwrap();
    assert_eq!(r.game.moves(), [Move::pit(1), Move::Swap, Move::pit(6)]);
    assert_eq!(r.players, [PlayerKind::Human, PlayerKind::Computer(5)]);
    // An empty move is refused, with its line.
    let e = text.replace("6\n", ",6\n").parse::<Record>().unwrap_err();
    assert_eq!(e.line, 12);
    assert!(e.message.contains("move 3 (\"\")"), "{e}");
}

mod mankalah {
    use mancala_core::Side;
    use mancala_engine::mankalah::{AgentMessage, Change, EngineMessage, Next, State, HOLES};
    use proptest::prelude::*;

    /// 16 counts adding up to 98.
    fn state() -> impl Strategy<Value = State> {
        prop::collection::vec(0u32..16, 2 * HOLES + 2).prop_map(|weights| {
            let mut counts = [0u8; 2 * HOLES + 2];
            let mut left = 98u32;
            for (i, w) in weights.iter().enumerate().skip(1) {
                let take = (w * 2).min(left);
                counts[i] = take as u8;
                left -= take;
            }
            counts[0] = left as u8;
            State(counts)
        })
    }

    fn engine_message() -> impl Strategy<Value = EngineMessage> {
        prop_oneof![
            Just(EngineMessage::End),
            Just(EngineMessage::Start(Side::South)),
            Just(EngineMessage::Start(Side::North)),
            (
                prop_oneof![Just(Change::Swap), (1u8..=7).prop_map(Change::Hole)],
                state(),
                prop::sample::select(vec![Next::You, Next::Opp, Next::End])
            )
                .prop_map(|(change, state, next)| EngineMessage::Change {
                    change,
                    state,
                    next
                }),
        ]
    }

    proptest! {
        #[test]
        fn engine_messages_read_back(m in engine_message()) {
            prop_assert_eq!(m.to_string().parse::<EngineMessage>(), Ok(m));
        }

        #[test]
        fn agent_messages_read_back(m in prop_oneof![Just(AgentMessage::Swap), (1u8..=7).prop_map(AgentMessage::Move)]) {
            prop_assert_eq!(m.to_string().parse::<AgentMessage>(), Ok(m));
        }

        #[test]
        fn no_line_makes_them_panic(line in "\\PC{0,80}|CHANGE;[0-9A-Z]{0,3};[0-9,]{0,60};[A-Z]{0,4}") {
            let _ = line.parse::<EngineMessage>();
            let _ = line.parse::<AgentMessage>();
        }
    }

    #[test]
    fn bad_messages_say_what_is_wrong() {
        let says = |line: &str, what: &str| {
            let e = line.parse::<EngineMessage>().unwrap_err();
            assert!(e.to_string().contains(what), "{line:?} gave {e}, expected {what:?}");
        };
        says("HELLO", "expected START;South|North");
        says("START;East", "START names side \"East\"");
        says("END;now", "END with 2 fields");
        says(
            "CHANGE;9;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU",
            "hole \"9\" is not a number from 1 to 7",
        );
        says("CHANGE;1;7,7,7;YOU", "3 numbers instead of 16");
        says("CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,2;YOU", "99 seeds instead of 98");
        says("CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,x,1;YOU", "\"x\" is not a seed count");
        says("CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;ME", "not YOU, OPP or END");
        let m: EngineMessage =
            " CHANGE ; 1 ; 7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1 ; OPP ".parse().unwrap();
        let EngineMessage::Change { state, .. } = m else { panic!("{m:?}") };
        assert_eq!(state.holes(Side::South), [0, 8, 8, 8, 8, 8, 8]);
        assert_eq!((state.store(Side::North), state.store(Side::South)), (0, 1));
        assert!("MOVE;8".parse::<AgentMessage>().is_err());
        assert!("MOVE".parse::<AgentMessage>().is_err());
    }
}

#[test]
fn protocol_words_are_separated_by_spaces_and_tabs_only() {
    // docs/protocol.md: words are separated by spaces or tabs; any other
    // character, a no-break space among them, belongs to a word.
    assert!("go\tdepth 2".parse::<Command>().is_ok());
    assert!("go\u{a0}depth 2".parse::<Command>().is_err());
    assert!("go depth\u{2003}2".parse::<Command>().is_err());
}

/// What the program writes, it reads back: a game record embeds its rules,
/// so the largest variant file allowed, with a long game on it, still makes
/// a record within the record's size limit, and that record loads.
#[test]
fn a_record_of_the_largest_variant_file_and_a_long_game_loads() {
    use mancala_core::{Rules, MAX_VARIANT_FILE_BYTES};
    use mancala_engine::record::MAX_RECORD_BYTES;
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.name = "long-oware".into();
    rules.description = String::new();
    let mut text = rules.to_toml();
    // A description filling the file to its limit.
    let room = MAX_VARIANT_FILE_BYTES - text.len() - 16;
    rules.description = "d".repeat(room);
    text = rules.to_toml();
    assert!(text.len() <= MAX_VARIANT_FILE_BYTES && text.len() > MAX_VARIANT_FILE_BYTES - 64);
    let v = Variant::new(Rules::from_toml(&text).unwrap()).unwrap();
    let v = v.resized(Some(16), Some(7)).unwrap();
    // A long game: random moves, stopped before the end so it is unfinished.
    let mut game = Game::new(v);
    let mut rng = mancala_engine::playout::SplitMix64::new(9);
    while game.moves().len() < 3000 && !game.legal_moves().is_empty() {
        let legal = game.legal_moves();
        let mv = legal[rng.below(legal.len() as u32) as usize];
        game.play(mv).unwrap();
        if game.position().is_over() {
            game.undo();
            break;
        }
    }
    let record = Record {
        game,
        earlier: Vec::new(),
        players: [PlayerKind::Human, PlayerKind::Computer(3)],
        seed: 1,
    };
    let written = record.to_string();
    assert!((written.len() as u64) < MAX_RECORD_BYTES, "{} bytes", written.len());
    let back = Record::from_bytes(written.as_bytes()).unwrap();
    assert_eq!(back.game.moves(), record.game.moves());
    assert_eq!(back.game.variant().rules().description.len(), room);
}

/// A record of a match of several rounds (`[rounds]`): a `/` line ends each
/// round, and the record replays round by round to the same rounds, moves
/// and position; a `/` in a game of one round, or before its round is
/// over, is an error naming its line.
#[test]
fn a_record_of_a_match_of_rounds_replays() {
    for name in ["congkak", "dakon", "pallanguzhi", "sungka"] {
        let mut m = mancala_core::Match::new(Variant::preset(name).unwrap());
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut plies = 0;
        while m.round_number() < 3 && plies < 4_000 {
            if m.round_over() {
                if !m.start_next_round() {
                    break;
                }
                continue;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let legal = m.game().legal_moves();
            m.play(legal[state as usize % legal.len()]).unwrap();
            plies += 1;
        }
        assert!(m.round_number() >= 2, "{name}: no second round in {plies} plies");
        let mut earlier = m.rounds().to_vec();
        let game = earlier.pop().unwrap();
        let record = Record { game, earlier, players: [PlayerKind::Human; 2], seed: 3 };
        let text = record.to_text();
        assert_eq!(text.lines().filter(|l| *l == "/").count(), m.round_number() - 1, "{text}");
        let back: Record = text.parse().unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.earlier.len(), record.earlier.len());
        for (a, b) in back.earlier.iter().zip(&record.earlier) {
            assert_eq!(a.moves(), b.moves());
            assert_eq!(a.start(), b.start());
        }
        assert_eq!(back.game.moves(), record.game.moves());
        assert_eq!(back.game.position(), record.game.position());
        assert_eq!(back.to_text(), text);
    }
    // A `/` under a variant of one round.
    let e = "[Game \"mancala\"]\n[Variant \"kalah\"]\n\n1 / 2\n".parse::<Record>().unwrap_err();
    assert!(e.to_string().contains("played in one round"), "{e}");
    // A `/` before the round is over.
    let e = "[Game \"mancala\"]\n[Variant \"dakon\"]\n\n1\n/\n".parse::<Record>().unwrap_err();
    assert!(e.to_string().contains("line 5") && e.to_string().contains("not over"), "{e}");
}
