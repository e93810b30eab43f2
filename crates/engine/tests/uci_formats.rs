//! The UCI dialect's messages (`mancala_engine::uci`): printing then
//! parsing gives back the value for generated values, and no text makes
//! the parsers panic.

use mancala_core::Side;
use mancala_engine::uci::{
    parse_letters, write_letters, Letter, OptionKind, Score, UciCommand, UciGo, UciInfo, UciOption,
    UciReply,
};
use proptest::prelude::*;

fn letter() -> impl Strategy<Value = Letter> {
    (prop::sample::select(vec![Side::South, Side::North]), 1usize..=6)
        .prop_map(|(side, pit)| Letter::new(side, pit).unwrap())
}

fn letters() -> impl Strategy<Value = Vec<Letter>> {
    prop::collection::vec(letter(), 0..20)
}

/// An option's name: capitalised words (so never the keywords `name`,
/// `type` or `value`), single spaces between them.
fn option_name() -> impl Strategy<Value = String> {
    prop::collection::vec("[A-Z][a-zA-Z0-9]{0,8}", 1..4).prop_map(|w| w.join(" "))
}

/// Text with no white space at either end.
fn text() -> impl Strategy<Value = String> {
    "[!-~]([ -~]{0,30}[!-~])?"
}

fn go() -> impl Strategy<Value = UciGo> {
    (
        prop::option::of(any::<u32>()),
        prop::array::uniform7(prop::option::of(any::<u64>())),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(depth, n, ponder, infinite)| UciGo {
            depth,
            nodes: n[0],
            movetime: n[1],
            wtime: n[2],
            btime: n[3],
            winc: n[4],
            binc: n[5],
            movestogo: n[6],
            ponder,
            infinite,
        })
}

fn command() -> impl Strategy<Value = UciCommand> {
    prop_oneof![
        Just(UciCommand::Uci),
        any::<bool>().prop_map(UciCommand::Debug),
        Just(UciCommand::IsReady),
        (
            option_name(),
            prop::option::of(
                prop::collection::vec("[a-z0-9]{1,8}", 0..3).prop_map(|w| w.join(" "))
            )
        )
            .prop_map(|(name, value)| UciCommand::SetOption { name, value }),
        Just(UciCommand::UciNewGame),
        letters().prop_map(UciCommand::Position),
        go().prop_map(UciCommand::Go),
        Just(UciCommand::Stop),
        Just(UciCommand::PonderHit),
        Just(UciCommand::Quit),
    ]
}

fn info() -> impl Strategy<Value = UciInfo> {
    (
        prop::option::of(any::<u32>()),
        prop::option::of(any::<u32>()),
        prop::option::of(prop_oneof![
            any::<i64>().prop_map(Score::Cp),
            any::<i64>().prop_map(Score::Mate)
        ]),
        prop::array::uniform3(prop::option::of(any::<u64>())),
        letters(),
    )
        .prop_map(|(depth, seldepth, score, n, pv)| UciInfo {
            depth,
            seldepth,
            score,
            nodes: n[0],
            nps: n[1],
            time: n[2],
            pv,
        })
}

fn reply() -> impl Strategy<Value = UciReply> {
    prop_oneof![
        text().prop_map(UciReply::IdName),
        text().prop_map(UciReply::IdAuthor),
        (option_name(), any::<bool>()).prop_map(|(name, on)| UciReply::Option(UciOption {
            name,
            kind: OptionKind::Check(on)
        })),
        (option_name(), any::<i64>(), any::<i64>(), any::<i64>()).prop_map(
            |(name, default, min, max)| UciReply::Option(UciOption {
                name,
                kind: OptionKind::Spin { default, min, max }
            })
        ),
        Just(UciReply::UciOk),
        Just(UciReply::ReadyOk),
        info().prop_map(UciReply::Info),
        "[ -~]{0,40}".prop_map(UciReply::InfoString),
        (prop::option::of(letter()), prop::option::of(letter()))
            .prop_map(|(best, ponder)| UciReply::BestMove { best, ponder }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn commands_read_back(c in command()) {
        let text = c.to_string();
        prop_assert_eq!(text.parse::<UciCommand>(), Ok(c), "{}", text);
    }

    #[test]
    fn replies_read_back(r in reply()) {
        let text = r.to_string();
        prop_assert_eq!(text.parse::<UciReply>(), Ok(r), "{}", text);
    }

    #[test]
    fn move_lists_read_back(l in letters()) {
        prop_assert_eq!(parse_letters(&write_letters(&l)), Ok(l));
    }

    #[test]
    fn no_line_makes_the_parsers_panic(line in "\\PC{0,100}") {
        let _ = line.parse::<UciCommand>();
        let _ = line.parse::<UciReply>();
        let _ = parse_letters(&line);
    }
}
