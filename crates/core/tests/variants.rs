//! Variant files and presets: every preset loads and round-trips, and a bad
//! file gets every problem reported at once with field, value and what is
//! allowed.

use mancala_core::*;

#[test]
fn every_preset_loads_and_round_trips_through_toml() {
    assert_eq!(
        preset_names(),
        [
            "kalah",
            "kalah-irving",
            "kalah-classic",
            "mankalah",
            "oware",
            "abapa",
            "awari",
            "relay-kalah",
            "toguz-kumalak",
            "bohnenspiel",
            "ouril",
            "mangala",
            "ayoayo",
            "congkak",
            "sungka",
            "toguz-korgool",
            "dakon",
            "vai-lung-thlan",
            "gabata",
            "pallanguzhi",
            "hus",
            "hus-12",
            "tsoro",
            "tsoro-bonus",
            "um-el-bagara",
            "eson-xorgol",
            "kiuthi",
            "enkeshui",
            "qelat",
            "o-an-quan"
        ]
    );
    for v in Variant::presets() {
        let text = v.rules().to_toml();
        let back = Rules::from_toml(&text).unwrap();
        assert_eq!(&back, v.rules(), "{}", v.name());
        assert!(!v.rules().description.is_empty());
    }
}

#[test]
fn preset_names_are_case_insensitive_and_unknown_names_list_the_choices() {
    assert_eq!(Variant::preset("Oware").unwrap().name(), "oware");
    let e = Variant::preset("chess").unwrap_err().to_string();
    assert!(e.contains("unknown variant \"chess\""), "{e}");
    assert!(e.contains("kalah, kalah-irving"), "{e}");
}

#[test]
fn kalah_allows_2_to_20_pits_in_total_and_1_to_12_seeds() {
    let kalah = Variant::preset("kalah").unwrap();
    // p = 2..20 pits in total (1..10 per side), s = 1..12.
    for pits in 1..=10 {
        for seeds in 1..=12 {
            assert!(kalah.resized(Some(pits), Some(seeds)).is_ok(), "{pits}x{seeds}");
        }
    }
    let e = kalah.resized(Some(11), Some(46)).unwrap_err();
    assert_eq!(e.0.len(), 3, "every problem at once: {e}");
    let text = e.to_string();
    assert!(
        text.contains(
            "board.pits_per_side = 11: 1 to 10 pits per side (2 to 20 pits in total, even)"
        ),
        "{text}"
    );
    assert!(text.contains("board.seeds_per_pit = 46: 1 to 12 seeds per pit"), "{text}");
    assert!(
        text.contains("at most 1000 seeds in all") && text.contains("this makes 1012"),
        "{text}"
    );
    assert!(kalah.resized(Some(0), None).is_err());
}

#[test]
fn relay_kalah_allows_4_5_or_6_seeds() {
    let v = Variant::preset("relay-kalah").unwrap();
    for seeds in 1..=8 {
        assert_eq!(v.resized(None, Some(seeds)).is_ok(), (4..=6).contains(&seeds), "{seeds}");
    }
}

#[test]
fn too_many_seeds_in_all_is_refused_with_the_count() {
    // More than 255 seeds take the wide layout; more than 1000 are past
    // every layout.
    let v = Variant::preset("kalah-classic").unwrap();
    let wide = v.resized(Some(16), Some(8)).unwrap();
    assert_eq!((wide.layout(), wide.total_seeds()), (LayoutKind::Wide, 256));
    let mut rules = v.rules().clone();
    rules.board.seeds_per_pit_range = [1, 32];
    rules.board.pits_per_side = 16;
    rules.board.seeds_per_pit = 32;
    let e = rules.check().unwrap_err().to_string();
    assert!(e.contains("at most 1000 seeds in all") && e.contains("this makes 1024"), "{e}");
}

#[test]
fn a_bad_variant_file_reports_every_problem_at_once() {
    let mut text = Variant::preset("oware").unwrap().rules().to_toml();
    text = text.replace("pits_per_side = 6", "pits_per_side = 40");
    text = text.replace("seeds_per_pit = 4", "seeds_per_pit = 13");
    text = text.replace("repetition = \"owner\"", "repetition = \"none\"");
    text = text.replace("name = \"oware\"", "name = \"my oware!\"");
    let e = Rules::from_toml(&text).unwrap_err().to_string();
    assert!(e.starts_with("the rules have 4 problems"), "{e}");
    assert!(e.contains("this makes 1040"), "{e}");
    assert!(e.contains("name = \"my oware!\""), "{e}");
    assert!(e.contains("board.pits_per_side = 40"), "{e}");
    assert!(e.contains("end.repetition = \"none\""), "{e}");
}

#[test]
fn every_problem_of_shape_is_reported_at_once() {
    // Three mistakes in the file: all three are named, with their lines,
    // rather than the first alone.
    let mut text = Variant::preset("kalah").unwrap().rules().to_toml();
    text = text.replace("stores = \"ring\"", "stores = \"ringo\"");
    text = text.replace("seeds_per_pit = 4", "seeds_per_pit = 300");
    text.push_str("\n[colour]\nshade = 1\n");
    let e = Rules::from_toml(&text).unwrap_err();
    assert!(matches!(e, VariantFileError::Syntax(_)));
    let e = e.to_string();
    assert!(e.contains("3 problems"), "{e}");
    let line = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(
        e.contains(&format!("line {}: [board] stores: unknown variant `ringo`", line("ringo"))),
        "{e}"
    );
    assert!(e.contains(&format!("line {}: [board] seeds_per_pit", line("= 300"))), "{e}");
    assert!(e.contains("unknown key `colour`"), "{e}");
    // A missing section and a missing key are named too.
    let text = "name = \"x\"\n[board]\npits_per_side = 6\n";
    let e = Rules::from_toml(text).unwrap_err().to_string();
    for needle in
        ["missing key `seeds_per_pit`", "missing section [sowing]", "missing section [end]"]
    {
        assert!(e.contains(needle), "{needle}: {e}");
    }
}

#[test]
fn a_file_that_is_not_a_rule_set_says_where() {
    let e = Rules::from_toml("name = \"x\"\n[board]\npits_per_side = \"six\"\n").unwrap_err();
    assert!(matches!(e, VariantFileError::Syntax(_)));
    let text = e.to_string();
    assert!(text.contains("line 3"), "{text}");
    let e = Rules::from_toml("nme = 1").unwrap_err().to_string();
    assert!(e.contains("unknown key `nme`"), "{e}");
    let mut text = Variant::preset("kalah").unwrap().rules().to_toml();
    text = text.replace("grand_slam = \"allowed\"", "grand_slam = \"sometimes\"");
    let e = Rules::from_toml(&text).unwrap_err().to_string();
    assert!(e.contains("unknown variant `sometimes`"), "{e}");
}

#[test]
fn meaningless_combinations_are_refused() {
    let mut rules = Variant::preset("kalah").unwrap().rules().clone();
    rules.capture.chain = true;
    rules.capture.grand_slam = GrandSlam::Forbidden;
    rules.board.stores = StorePlacement::Beside;
    let e = rules.check().unwrap_err();
    let fields: Vec<&str> = e.0.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        ["capture.chain", "capture.grand_slam", "sowing.extra_turn", "end.repetition"]
    );
}

/// The elements of the general sowing refuse the combinations that make
/// no sense, each naming its field.
#[test]
fn meaningless_combinations_of_the_new_elements_are_refused() {
    let mut rules = Variant::preset("toguz-kumalak").unwrap().rules().clone();
    rules.sowing.skip_origin = true;
    rules.capture.parity = Parity::Off;
    rules.capture.rows = CaptureRows::Either;
    rules.claim.count = 200;
    let e = rules.check().unwrap_err();
    let fields: Vec<&str> = e.0.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["capture.rows", "sowing.first_seed_in_origin", "claim.count"], "{e}");
    assert!(e.to_string().contains("at most 162"), "{e}");
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.claim.not_last_pit = true;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0[0].field, "claim", "{e}");
    rules.claim.count = 3;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0[0].field, "capture.grand_slam", "{e}");
    // Parity alone is a capture rule: chains and stores beside the board
    // accept it.
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.capture.counts.clear();
    rules.capture.parity = Parity::Odd;
    rules.check().unwrap();
}

/// A player who cannot move passes only where some player can be left
/// without a move, and without the rules that exist to keep the opponent
/// able to move: each refusal names its field.
#[test]
fn passing_refuses_the_rules_that_make_it_meaningless() {
    let sungka = Variant::preset("sungka").unwrap().rules().clone();
    let mut rules = sungka.clone();
    rules.end.empty_side = EmptySide::Either;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].field, "turn.pass", "{e}");
    assert!(e.to_string().contains("end.empty_side = \"mover\""), "{e}");
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.turn.pass = true;
    let e = rules.check().unwrap_err();
    let fields: Vec<&str> = e.0.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["turn.must_feed", "capture.grand_slam"], "{e}");
    assert!(e.to_string().contains("capture.grand_slam = \"forbidden\""), "{e}");
    rules.turn.must_feed = false;
    rules.capture.grand_slam = GrandSlam::CapturesNothing;
    rules.check().unwrap();
    // The field reads from a variant file, defaults to false and is
    // written back.
    let text = sungka.to_toml();
    assert!(text.contains("pass = true"), "{text}");
    let without = text.replace("pass = true\n", "");
    assert!(!Rules::from_toml(&without).unwrap().turn.pass);
}

/// Captures between two equal pits refuse the other rules that speak of a
/// pit the last seed makes hold 1, naming the field; alone they are a
/// capture rule, enough with stores beside the board.
#[test]
fn between_equal_refuses_captures_by_count_and_claims() {
    let mut rules = Variant::preset("toguz-kumalak").unwrap().rules().clone();
    rules.capture.between_equal = true;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].field, "capture.between_equal", "{e}");
    rules.capture.parity = Parity::Off;
    assert_eq!(rules.check().unwrap_err().0[0].field, "capture.between_equal");
    rules.claim = ClaimRules::default();
    rules.check().unwrap();
    let text = Variant::preset("dakon").unwrap().rules().to_toml();
    assert!(text.contains("between_equal = true"), "{text}");
}

/// A claimed pit is written `x`, reads back, and must be one the variant's
/// claim rule allows.
#[test]
fn claimed_pits_round_trip_and_must_fit_the_rules() {
    let toguz = Variant::preset("toguz-kumalak").unwrap();
    let text = "0,0,0,0,0,0,0,0,1:78/10,10,10,x,9,9,9,9,9:8/N";
    let p = Position::from_text(&toguz, text).unwrap();
    assert_eq!(p.claimed_pit(Side::South), Some(3));
    assert_eq!(p.to_string(), text);
    let e = misfit(&Variant::preset("oware").unwrap(), "x,4,4,4,4,4:4/4,4,4,4,4,4:0/S");
    assert!(e.contains("no claimed pits"), "{e}");
    let e = misfit(&toguz, "0,0,0,0,0,0,0,0,1:78/10,10,10,9,9,9,9,9,x:8/N");
    assert!(e.contains("last pit"), "{e}");
    let e = misfit(&toguz, "0,0,0,x,0,0,0,0,1:78/10,10,10,x,9,9,9,9,9:8/N");
    assert!(e.contains("same number"), "{e}");
}

/// Several claims a player, on either row (Enkeshui's bulls): `x` is a pit
/// claimed by the row's opponent, `o` one claimed by the row's owner; the
/// one parser and printer read and write both, and a variant of one claim
/// refuses what its rules cannot reach.
#[test]
fn several_claims_on_either_row_round_trip_and_must_fit_the_rules() {
    let enkeshui = Variant::preset("enkeshui").unwrap();
    // South owns its own pit 2 (o) and North's pits 3 and 4 (x); North owns
    // South's pit 5 (x) and its own pit 1 (o).
    let text = "4,o,4,4,x,4,0,0:8/o,4,x,x,4,4,0,0:12/S";
    let p = Position::from_text(&enkeshui, text).unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(p.claim_owner(Side::South, 1), Some(Side::South));
    assert_eq!(p.claim_owner(Side::South, 4), Some(Side::North));
    assert_eq!(p.claim_owner(Side::North, 0), Some(Side::North));
    assert_eq!(p.claim_owner(Side::North, 2), Some(Side::South));
    assert_eq!(p.claim_owner(Side::North, 3), Some(Side::South));
    assert_eq!(p.claim_owner(Side::North, 4), None);
    assert_eq!(p.total_seeds(), 48);
    // A single `x` a row reads as Toguz Kumalak's claim would, and is kept
    // the way Enkeshui keeps claims: the same position either way.
    let one = "4,4,4,4,4,4,0,0:4/4,4,x,4,4,0,0,0:4/N";
    let p = Position::from_text(&enkeshui, one).unwrap();
    assert_eq!(p.to_string(), one);
    assert_eq!(p.claim_owner(Side::North, 2), Some(Side::South));
    assert_eq!(p.claimed_pit(Side::South), None, "kept as several claims are");
    // Toguz Kumalak: one claim a player, of the opponent's row only.
    let toguz = Variant::preset("toguz-kumalak").unwrap();
    let e = misfit(&toguz, "0,0,0,0,0,0,0,0,1:78/10,10,10,o,9,9,9,9,9:8/N");
    assert!(e.contains("only pits of the opponent's row"), "{e}");
    let e = misfit(&toguz, "0,0,0,0,0,0,0,0,1:78/10,10,x,x,9,9,9,9,9:18/N");
    assert!(e.contains("no more pits than that"), "{e}");
    // Kalah has no claims at all.
    let e = misfit(&Variant::preset("kalah").unwrap(), "o,4,4,4,4,4:4/4,4,4,4,4,4:0/S");
    assert!(e.contains("no claimed pits"), "{e}");
}

#[test]
fn a_position_string_must_fit_its_variant() {
    let v = Variant::preset("kalah").unwrap();
    let p: Setup = "4,4,4:0/4,4,4:0/S".parse().unwrap();
    assert!(p.check_fits(&v).unwrap_err().to_string().contains("3 pits per side"));
    let p: Setup = "4,4,4,4,4,4:0/4,4,4,4,4,4:1/S".parse().unwrap();
    assert!(p.check_fits(&v).unwrap_err().to_string().contains("holds 49 seeds"));
    let classic = Variant::preset("kalah-classic").unwrap();
    let p: Setup = "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S+opening".parse().unwrap();
    assert!(p.check_fits(&classic).unwrap_err().to_string().contains("no pie rule"));
    assert!(p.check_fits(&v).is_ok());
}

#[test]
fn position_parse_errors_name_the_problem() {
    let cases = [
        ("4,4:0/4,4:0", "three fields"),
        ("4,4/4,4:0/S", "the south row"),
        ("4,y:0/4,4:0/S", "\"y\" in the south row"),
        // Several claims need a board of at most 11 pits a side.
        ("0,0,0,0,0,0,0,0,0,0,0,0:0/x,x,0,0,0,0,0,0,0,0,0,0:0/S", "marks more than one pit x"),
        ("0,0,0,0,0,0,0,0,0,0,0,o:0/0,0,0,0,0,0,0,0,0,0,0,0:0/S", "or a pit o"),
        ("4,4:0/4,4,4:0/S", "south has 2 pits, north 3"),
        ("4,4:0/4,4:0/X", "state \"X\""),
        ("4,4:0/4,4:0/S#tired", "state \"S#tired\""),
        ("200,200:0/0,0:0/S", "holds 400 seeds"),
        ("4,4:0/4,999:0/S", "not a seed count"),
    ];
    for (text, expected) in cases {
        let e = text.parse::<Setup>().unwrap_err().to_string();
        assert!(e.contains(expected), "{text}: {e}");
    }
}

/// The reason `text` does not fit `variant` (panics when it fits).
fn misfit(variant: &Variant, text: &str) -> String {
    let p: Setup = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    match p.check_fits(variant) {
        Ok(()) => panic!("{text} was accepted under {}", variant.name()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_finished_position_must_have_ended_as_it_says() {
    let kalah = Variant::preset("kalah").unwrap();
    // The start board is no majority win:
    //      4  4  4  4  4  4
    //   0                    0
    //      4  4  4  4  4  4
    let e = misfit(&kalah, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S#majority");
    assert!(e.contains("#majority") && e.contains("no store holds more than half"), "{e}");
    // A majority of 25 of 48:
    //      4  4  4  4  4  0
    //   0                   25
    //      0  0  0  0  3  0
    let won: Setup = "0,0,0,0,3,0:25/0,4,4,4,4,4:0/N#majority".parse().unwrap();
    assert_eq!(won.check_fits(&kalah), Ok(()));
    // An empty side with seeds on both sides:
    //      0  0  0  0  0  1
    //   0                   23
    //      0  0  0  0  0 24
    let e = misfit(&kalah, "0,0,0,0,0,24:23/1,0,0,0,0,0:0/S#empty-side");
    assert!(e.contains("the pits still hold 25"), "{e}");
    let over: Setup = "0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side".parse().unwrap();
    assert_eq!(over.check_fits(&kalah), Ok(()));
    // Ways of ending that Kalah does not have.
    for reason in ["cycle", "cannot-feed", "only-grand-slams", "no-seeds"] {
        let e = misfit(&kalah, &format!("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#{reason}"));
        assert!(e.contains(&format!("#{reason}, which kalah's rules do not have")), "{e}");
    }
    // Oware has them all but a majority and an empty side (the mover's rule).
    let oware = Variant::preset("oware").unwrap();
    for reason in ["cycle", "cannot-feed", "only-grand-slams", "no-seeds"] {
        let p: Setup = format!("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#{reason}").parse().unwrap();
        assert_eq!(p.check_fits(&oware), Ok(()), "{reason}");
    }
    assert!(misfit(&oware, "0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side").contains("do not have"));
    // Abapa's grand slams capture nothing: never only grand slams.
    let abapa = Variant::preset("abapa").unwrap();
    assert!(
        misfit(&abapa, "0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#only-grand-slams").contains("do not have")
    );
    // Awari splits the seeds after a cycle; the odd seed stays in the first
    // pit of the player to move, and nowhere else:
    //      0  0  0  0  0  0
    //  23                   24
    //      1  0  0  0  0  0
    let awari = Variant::preset("awari").unwrap();
    let split: Setup = "1,0,0,0,0,0:24/0,0,0,0,0,0:23/S#cycle".parse().unwrap();
    assert_eq!(split.check_fits(&awari), Ok(()));
    assert!(misfit(&awari, "0,1,0,0,0,0:24/0,0,0,0,0,0:23/S#cycle").contains("split"));
    assert!(misfit(&awari, "1,0,0,0,0,0:24/0,0,0,0,0,0:23/N#cycle").contains("split"));
}

#[test]
fn pie_rule_markers_belong_to_their_player() {
    let kalah = Variant::preset("kalah").unwrap();
    let e = misfit(&kalah, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/N+opening");
    assert!(e.contains("+opening for north") && e.contains("south makes the first move"), "{e}");
    let e = misfit(&kalah, "4,4,0,5,5,5:1/4,4,4,4,4,4:0/S+swap");
    assert!(e.contains("+swap for south") && e.contains("north is the one who may swap"), "{e}");
    let mut rules = kalah.rules().clone();
    rules.turn.first = Side::North;
    let north_first = Variant::new(rules).unwrap();
    let p: Setup = "4,4,4,4,4,4:0/4,4,4,4,4,4:0/N+opening".parse().unwrap();
    assert_eq!(p.check_fits(&north_first), Ok(()));
    assert!(misfit(&north_first, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S+opening").contains("north makes"));
}

#[test]
fn seed_counts_are_plain_digits() {
    for bad in ["+4", "04", " 4", "4 ", "-0", "00", "256", ""] {
        let text = format!("4,{bad},4,4,4,4:0/4,4,4,4,4,4:0/S");
        let e = text.parse::<Setup>().unwrap_err().to_string();
        assert!(e.contains("is not a seed count"), "{text}: {e}");
    }
    let e = "4,4,4,4,4,4:+0/4,4,4,4,4,4:0/S".parse::<Setup>().unwrap_err().to_string();
    assert!(e.contains("\"+0\" in the south row") && e.contains("without a sign"), "{e}");
    assert!("4,4,4,4,4,10:0/4,4,4,4,4,0:0/S".parse::<Setup>().is_ok());
}

/// Captures during the sowing refuse a count no pit can reach and the
/// grand slam rules, naming the field; alone they are a capture rule,
/// enough with stores beside the board.
#[test]
fn during_sowing_refuses_unreachable_counts_and_grand_slam_rules() {
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.capture.during_sowing = 4;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].field, "capture.grand_slam", "{e}");
    assert!(e.0[0].allowed.contains("during_sowing"), "{e}");
    rules.capture.grand_slam = GrandSlam::Allowed;
    rules.check().unwrap();
    rules.capture.during_sowing = 49;
    assert_eq!(rules.check().unwrap_err().0[0].field, "capture.during_sowing");
    // Alone, with stores beside the board.
    rules.capture.during_sowing = 4;
    rules.capture.counts.clear();
    rules.capture.chain = false;
    rules.turn.must_feed = false;
    rules.check().unwrap();
    let text = Variant::preset("gabata").unwrap().rules().to_toml();
    assert!(text.contains("during_sowing = 4"), "{text}");
}

/// `relay = "next"` and `after_empty` read from a variant file; alone,
/// `after_empty` is a capture rule, enough with stores beside the board;
/// a misspelt relay names the four it may be.
#[test]
fn relay_next_and_after_empty_read_from_a_variant_file() {
    let text = Variant::preset("pallanguzhi").unwrap().rules().to_toml();
    assert!(text.contains("relay = \"next\"") && text.contains("after_empty = true"), "{text}");
    let rules = Rules::from_toml(&text).unwrap();
    assert_eq!((rules.sowing.relay, rules.capture.after_empty), (Relay::Next, true));
    // Without its fours, after_empty alone is the capture rule.
    let mut alone = rules.clone();
    alone.capture.during_sowing = 0;
    alone.check().unwrap();
    alone.capture.after_empty = false;
    let e = alone.check().unwrap_err();
    assert_eq!(e.0[0].field, "capture", "{e}");
    assert!(e.0[0].allowed.contains("after_empty"), "{e}");
    let wrong = text.replace("relay = \"next\"", "relay = \"nxt\"");
    let e = Rules::from_toml(&wrong).unwrap_err().to_string();
    assert!(e.contains("unknown variant `nxt`") && e.contains("`next`"), "{e}");
}

/// A capture after an empty pit can take the opponent's last seeds, which
/// the grand slam rules (captures by count) do not speak of: a rule set
/// with it keeps `grand_slam = "allowed"`, as one with captures during the
/// sowing or claims does, and is told so naming the field.
#[test]
fn after_empty_refuses_grand_slam_rules() {
    // Oware's captures by count, Oware's forbidden grand slams, and the
    // capture after an empty pit: North's only seeds could be taken by it,
    // a move the "forbidden" rule would not see.
    let mut rules = Variant::preset("oware").unwrap().rules().clone();
    rules.capture.after_empty = true;
    for slam in [GrandSlam::Forbidden, GrandSlam::CapturesNothing, GrandSlam::OnlyIfForced] {
        rules.capture.grand_slam = slam;
        let e = rules.check().unwrap_err();
        assert_eq!(e.0.len(), 1, "{e}");
        assert_eq!(e.0[0].field, "capture.grand_slam", "{e}");
        assert!(e.0[0].allowed.contains("after_empty"), "{e}");
    }
    rules.capture.grand_slam = GrandSlam::Allowed;
    rules.check().unwrap();
    // In a variant file too, with the same words.
    let mut text =
        rules.to_toml().replace("grand_slam = \"allowed\"", "grand_slam = \"forbidden\"");
    text = text.replace("name = \"oware\"", "name = \"oware-after-empty\"");
    let e = Rules::from_toml(&text).unwrap_err().to_string();
    assert!(e.contains("capture.grand_slam") && e.contains("after_empty"), "{e}");
}

/// The four-row elements read from a variant file (Hus), and what they
/// cannot go with is refused naming the field and what is allowed.
#[test]
fn four_rows_read_from_a_variant_file_and_refuse_what_makes_no_sense() {
    let text = Variant::preset("hus").unwrap().rules().to_toml();
    for line in [
        "rows = 4",
        "start = \"inner-right-half\"",
        "min_seeds = 2",
        "facing = \"both\"",
        "taken = \"sown\"",
        "seeds_left = \"last-mover\"",
    ] {
        assert!(text.contains(line), "{line} not in {text}");
    }
    let hus = Rules::from_toml(&text).unwrap();
    let refused = |change: &dyn Fn(&mut Rules), field: &str, words: &str| {
        let mut rules = hus.clone();
        change(&mut rules);
        let e = rules.check().unwrap_err();
        assert!(e.0.iter().any(|p| p.field == field && p.allowed.contains(words)), "{field}: {e}");
    };
    refused(&|r| r.board.rows = 3, "board.rows", "2 (a row each) or 4");
    refused(&|r| r.board.pits_per_side_range = [2, 13], "board.pits_per_side_range", "at most 12");
    refused(&|r| r.board.stores = StorePlacement::Ring, "board.stores", "\"beside\" when");
    refused(&|r| r.sowing.relay = Relay::Any, "sowing.relay", "\"none\" or \"own\"");
    refused(&|r| r.capture.counts = vec![2, 3], "capture", "only capture.facing");
    refused(&|r| r.turn.must_feed = true, "turn.must_feed", "no sowing reaches");
    refused(&|r| r.sowing.min_seeds = 0, "sowing.min_seeds", "1 (any pit with seeds)");
    refused(&|r| r.turn.pass = true, "end.seeds_left", "a player who cannot move");
    refused(
        &|r| {
            r.capture.facing = Facing::Off;
        },
        "capture.taken",
        "unless capture.facing is set",
    );
    refused(
        &|r| {
            r.sowing.min_seeds = 3;
            r.sowing.forced_singles = true;
        },
        "sowing.forced_singles",
        "min_seeds = 2",
    );
    let mut tsoro = Variant::preset("tsoro").unwrap().rules().clone();
    tsoro.capture.facing = Facing::Off;
    let e = tsoro.check().unwrap_err();
    assert!(e.0.iter().any(|p| p.field == "capture.facing_on"), "{e}");
    // On two rows the four-row elements are refused.
    let mut two = Variant::preset("oware").unwrap().rules().clone();
    two.capture.facing = Facing::Both;
    two.board.start = StartPits::InnerRightHalf;
    let e = two.check().unwrap_err();
    assert!(e.0.iter().any(|p| p.field == "capture.facing"), "{e}");
    assert!(e.0.iter().any(|p| p.field == "board.start"), "{e}");
    // In a variant file, a size the four rows cannot hold is told.
    let file = include_str!("../variants/hus.toml");
    let wide = file.replace("pits_per_side_range = [2, 8]", "pits_per_side_range = [2, 13]");
    assert_ne!(wide, file);
    let e = Rules::from_toml(&wide).unwrap_err().to_string();
    assert!(e.contains("at most 12 pits a row when board.rows = 4"), "{e}");
}

/// The sowing direction read from a variant file (Um el-Bagara), and what
/// it cannot go with refused naming the field and what is allowed.
#[test]
fn sowing_direction_reads_from_a_variant_file_and_refuses_what_makes_no_sense() {
    let text = Variant::preset("um-el-bagara").unwrap().rules().to_toml();
    for line in
        ["direction = \"by-pit\"", "[sowing.by_pit]", "left = \"cw\"", "centre = \"either\""]
    {
        assert!(text.contains(line), "{line} not in {text}");
    }
    let bagara = Rules::from_toml(&text).unwrap();
    let b = bagara.sowing.by_pit.unwrap();
    assert_eq!(
        (b.left, b.centre, b.right),
        (PitDirection::Cw, PitDirection::Either, PitDirection::Ccw)
    );
    // Kalah's file says nothing of a direction: counter-clockwise, and it
    // writes none back.
    let kalah = Variant::preset("kalah").unwrap().rules().to_toml();
    assert!(!kalah.contains("direction"), "{kalah}");
    let refused = |change: &dyn Fn(&mut Rules), field: &str, words: &str| {
        let mut rules = bagara.clone();
        change(&mut rules);
        let e = rules.check().unwrap_err();
        assert!(e.0.iter().any(|p| p.field == field && p.allowed.contains(words)), "{field}: {e}");
    };
    refused(
        &|r| r.board.stores = StorePlacement::Ring,
        "board.stores",
        "reach the opponent's store first",
    );
    refused(&|r| r.board.rows = 4, "board.rows", "2 (on four rows");
    // A relay from any pit goes the way of the pile (each way of a pit sown
    // either way judged by its own sowing): accepted.
    let mut relaying = bagara.clone();
    relaying.sowing.relay = Relay::Any;
    relaying.check().unwrap();
    refused(&|r| r.turn.must_feed = true, "turn.must_feed", "judged one way only");
    refused(
        &|r| r.capture.grand_slam = GrandSlam::Forbidden,
        "capture.grand_slam",
        "judged one way only",
    );
    refused(&|r| r.sowing.by_pit = None, "sowing.by_pit", "when sowing.direction = \"by-pit\"");
    refused(
        &|r| r.sowing.direction = SowingDirection::Chosen,
        "sowing.by_pit",
        "no by_pit table unless",
    );
    // Every pit either way at 9 pits a row is 18 sowings: more than a move
    // list holds.
    refused(
        &|r| {
            r.sowing.direction = SowingDirection::Chosen;
            r.sowing.by_pit = None;
        },
        "board.pits_per_side_range",
        "at 9 pits a row",
    );
    let mut chosen = bagara.clone();
    chosen.sowing.direction = SowingDirection::Chosen;
    chosen.sowing.by_pit = None;
    chosen.board.pits_per_side_range = [1, 8];
    chosen.check().unwrap();
    // A bad word names what is allowed.
    let wrong = text.replace("direction = \"by-pit\"", "direction = \"left\"");
    let e = Rules::from_toml(&wrong).unwrap_err().to_string();
    assert!(e.contains("unknown variant `left`") && e.contains("`clockwise`"), "{e}");
    let wrong = text.replace("left = \"cw\"", "left = \"west\"");
    let e = Rules::from_toml(&wrong).unwrap_err().to_string();
    assert!(e.contains("unknown variant `west`") && e.contains("`either`"), "{e}");
}

/// Where stores beside the board are drawn (`board.stores_drawn`) is read
/// from a file, written back by `variants --show`'s TOML, and refused
/// where there is no such place: on the sowing ring, and between the rows
/// of a four-row board.
#[test]
fn stores_drawn_between_the_rows_or_in_hand_round_trip_and_are_refused_where_meaningless() {
    let toguz = Variant::preset("toguz-kumalak").unwrap();
    assert_eq!(toguz.rules().board.stores_drawn, StoresDrawn::Between);
    assert!(
        toguz.rules().to_toml().contains("stores_drawn = \"between\""),
        "{}",
        toguz.rules().to_toml()
    );
    assert_eq!(
        Variant::preset("vai-lung-thlan").unwrap().rules().board.stores_drawn,
        StoresDrawn::Hand
    );
    // The default is not written.
    let oware = Variant::preset("oware").unwrap();
    assert_eq!(oware.rules().board.stores_drawn, StoresDrawn::Ends);
    assert!(!oware.rules().to_toml().contains("stores_drawn"), "{}", oware.rules().to_toml());
    // The rules are the same wherever the stores are drawn: Oware drawn with
    // its stores between the rows plays as Oware.
    let text = oware
        .rules()
        .to_toml()
        .replace("stores = \"beside\"", "stores = \"beside\"\nstores_drawn = \"between\"");
    let between = Variant::from_toml(&text).unwrap();
    assert_eq!(between.rules().board.stores_drawn, StoresDrawn::Between);
    let mut rules = between.rules().clone();
    rules.board.stores_drawn = StoresDrawn::Ends;
    assert_eq!(&rules, oware.rules());

    let mut rules = Variant::preset("kalah").unwrap().rules().clone();
    rules.board.stores_drawn = StoresDrawn::Hand;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0[0].field, "board.stores_drawn", "{e}");
    assert!(
        e.to_string()
            .contains("board.stores_drawn = \"hand\": \"ends\" with board.stores = \"ring\""),
        "{e}"
    );
    let mut rules = Variant::preset("hus").unwrap().rules().clone();
    rules.board.stores_drawn = StoresDrawn::Between;
    let e = rules.check().unwrap_err();
    assert_eq!(e.0[0].field, "board.stores_drawn", "{e}");
    assert!(e.to_string().contains("board.rows = 4"), "{e}");
    rules.board.stores_drawn = StoresDrawn::Hand;
    rules.check().unwrap();
}
