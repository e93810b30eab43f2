//! Every JSON endpoint of docs/web.md, driven through `router()` without a
//! socket: the values it gives, and every kind of bad request.

mod common;

use std::sync::atomic::AtomicBool;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::*;
use mancala_core::{Game, Move, Position, Side, Variant};
use mancala_solver::{SolveOptions, Solver};
use mancala_web::{router, ServeOptions, StateJson};
use serde_json::{json, Value};

fn kalah(moves: &[&str]) -> Value {
    json!({"game": {"variant": "kalah"}, "moves": moves})
}

/// The exact final margin (South minus North) of `p` in `v`.
fn solved_margin(v: &Variant, p: &Position) -> i32 {
    let stop = AtomicBool::new(false);
    let options = SolveOptions { table_megabytes: 16, threads: 1 };
    Solver::new(v, None, options, &stop).solve(p, None, &|_| {}).unwrap().margin
}

#[tokio::test]
async fn variants_lists_every_built_in_variant_with_its_sizes() {
    let r = get(&app(), "/api/variants").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type.starts_with("application/json"), "{}", r.content_type);
    let list = r.json["variants"].as_array().unwrap();
    let names: Vec<&str> = list.iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert_eq!(names, mancala_core::preset_names());
    let kalah = &list[0];
    assert_eq!(kalah["pits_per_side"], 6);
    assert_eq!(kalah["seeds"], 4);
    assert_eq!(kalah["min_pits_per_side"], 1);
    assert_eq!(kalah["max_pits_per_side"], 10);
    assert_eq!(kalah["pie_rule"], true);
    let oware = list.iter().find(|v| v["name"] == "oware").unwrap();
    assert_eq!(oware["pie_rule"], false);
    assert_eq!((kalah["rows"].as_u64(), oware["rows"].as_u64()), (Some(2), Some(2)));
    let hus = list.iter().find(|v| v["name"] == "hus").unwrap();
    assert_eq!((hus["rows"].as_u64(), hus["pits_per_side"].as_u64()), (Some(4), Some(8)));
    assert!(oware["description"].as_str().unwrap().len() > 10);
    assert!(kalah["max_seeds"].as_u64().unwrap() >= 4);
}

#[tokio::test]
async fn state_after_moves_is_the_object_mancala_state_prints() {
    let r = post(&app(), "/api/state", kalah(&["3", "swap", "1"])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let mut game = Game::new(Variant::preset("kalah").unwrap());
    game.play_moves("3 swap 1").unwrap();
    // The very text, in the same field order.
    let state = serde_json::to_string(&StateJson::of(&game)).unwrap();
    assert!(r.text.starts_with(&format!("{{\"state\":{state},")), "{}", r.text);
    let s = &r.json["state"];
    assert_eq!(s["south"], json!([0, 5, 5, 5, 5, 4]));
    assert_eq!(s["north"], json!([4, 4, 0, 5, 5, 5]));
    assert_eq!(s["stores"], json!({"south": 0, "north": 1}));
    assert_eq!(s["to_move"], "north");
    assert_eq!(s["position"], "0,5,5,5,5,4:0/4,4,0,5,5,5:1/N");
    assert_eq!(r.json["pie_rule"], true);
    assert_eq!(r.json["swap_legal"], false);
    let last = &r.json["last_move"];
    assert_eq!(last["move"], "1");
    assert_eq!(last["mover"], "south");
    assert_eq!(
        last["events"],
        json!([
            {"pick": {"side": "south", "pit": 1}, "seeds": 4},
            {"drop": {"side": "south", "pit": 2}},
            {"drop": {"side": "south", "pit": 3}},
            {"drop": {"side": "south", "pit": 4}},
            {"drop": {"side": "south", "pit": 5}},
        ])
    );
}

/// Toguz Kumalak, South to move (stores after the colons):
///
/// ```text
///   North:  10 10 10 10 10 10 10 10  2   store 8
///   South:   0  0  0  0  0  0  0  0  2   store 70
/// ```
///
/// South sows pit 9: its first seed goes back into pit 9, the second makes
/// North's pit 1 hold 3: South's tuzdyk, its seeds to South's store. The
/// state names the pit claimed; a game without claims has no such field.
#[tokio::test]
async fn state_names_the_pit_each_side_has_claimed() {
    let game = json!({"variant": "toguz-kumalak"});
    let start = "0,0,0,0,0,0,0,0,2:70/2,10,10,10,10,10,10,10,10:8/S";
    let before =
        post(&app(), "/api/state", json!({"game": game, "start": start, "moves": []})).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.text);
    assert_eq!(before.json["state"]["claimed"], json!({"south": null, "north": null}));
    let after =
        post(&app(), "/api/state", json!({"game": game, "start": start, "moves": ["9"]})).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    let s = &after.json["state"];
    assert_eq!(s["claimed"], json!({"south": 1, "north": null}));
    assert_eq!(s["north"], json!([0, 10, 10, 10, 10, 10, 10, 10, 10]));
    assert_eq!(s["stores"], json!({"south": 73, "north": 8}));
    assert_eq!(s["position"], "0,0,0,0,0,0,0,0,1:73/x,10,10,10,10,10,10,10,10:8/N");
    let kalah = post(&app(), "/api/state", kalah(&["3"])).await;
    assert!(kalah.json["state"].get("claimed").is_none(), "{}", kalah.text);
    // Toguz Kumalak's kazans are drawn between the rows; Kalah's stores at
    // the row ends, the default, which the JSON leaves out.
    assert_eq!(s["stores_drawn"], "between");
    assert!(kalah.json["state"].get("stores_drawn").is_none(), "{}", kalah.text);
}

/// Enkeshui, whose bulls may stand on either row: the state gives, for each
/// row, who has claimed each pit (`claims`) instead of `claimed`. After
/// South 1, North 1, South 2 the last two seeds of South's pile make
/// South's pit 8 hold 4 and North's pit 1 hold 3: both South's bulls.
#[tokio::test]
async fn state_under_bonus_takes_gives_the_takes_due() {
    // Tsoro with bonus takes, 4 x 4 with 2 seeds: South's pit 3 (2) into
    // pits 4 and 5; inner pit 5 was empty: North's inner pit 8 and outer
    // pit 1 are taken, and South has two takes due.
    let app = app();
    let game = json!({"variant": "tsoro-bonus", "pits_per_side": 4});
    let start = "6,0,2,0,0,0,0,0:0/1,0,0,2,1,0,1,3:0/S";
    let state = |moves: Vec<&str>| {
        let body = json!({"game": game, "start": start, "moves": moves});
        let app = &app;
        async move { post(app, "/api/state", body).await }
    };
    let before = state(vec![]).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.text);
    assert_eq!(before.json["state"]["takes_due"], 0, "{}", before.text);
    for (moves, due, position) in [
        (vec!["3"], 2, "6,0,0,1,1,0,0,0:4/0,0,0,2,1,0,1,0:0/S+take2"),
        (vec!["3", "t4"], 1, "6,0,0,1,1,0,0,0:6/0,0,0,0,1,0,1,0:0/S+take1"),
        (vec!["3", "t4", "t7"], 0, "6,0,0,1,1,0,0,0:7/0,0,0,0,1,0,0,0:0/N"),
    ] {
        let r = state(moves).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.json["state"]["position"], position, "{}", r.text);
        assert_eq!(r.json["state"]["takes_due"], due, "{}", r.text);
    }
    // Rules without bonus takes leave the field out.
    let k = post(&app, "/api/state", kalah(&["3"])).await;
    assert!(k.json["state"].get("takes_due").is_none(), "{}", k.text);
    let t = post(&app, "/api/state", json!({"game": {"variant": "tsoro"}})).await;
    assert!(t.json["state"].get("takes_due").is_none(), "{}", t.text);
}

#[tokio::test]
async fn state_of_enkeshui_gives_the_owner_of_each_bull_on_either_row() {
    let game = json!({"variant": "enkeshui"});
    let before = post(&app(), "/api/state", json!({"game": game, "moves": []})).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.text);
    let s = &before.json["state"];
    assert_eq!(s["south"], json!([4, 4, 4, 4, 4, 4, 0, 0]));
    assert!(s.get("claimed").is_none(), "{}", before.text);
    assert_eq!(s["claims"]["south"], json!([null, null, null, null, null, null, null, null]));
    let after = post(&app(), "/api/state", json!({"game": game, "moves": ["1", "1", "2"]})).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    let s = &after.json["state"];
    assert_eq!(s["position"], "2,0,1,2,3,8,4,o:7/x,1,7,0,7,1,3,2:0/N");
    let none = serde_json::Value::Null;
    let mut south = vec![none.clone(); 7];
    south.push(json!("south"));
    let mut north = vec![json!("south")];
    north.extend(vec![none; 7]);
    assert_eq!(s["claims"], json!({"south": south, "north": north}));
    assert_eq!(s["stores"], json!({"south": 7, "north": 0}));
}

/// Qelat, whose walda stand at the row ends, either row: StoneShark's
/// first seven moves (test_gm_qelat.py) make North's pit 6 South's walda,
/// its 4 seeds in South's store; the state gives its owner in `claims`,
/// and every seed sown into it later goes to South.
#[tokio::test]
async fn state_of_qelat_gives_the_owner_of_a_walda_at_the_row_end() {
    let game = json!({"variant": "qelat"});
    let moves = ["5", "6", "1", "3", "2", "4", "6"];
    let after = post(&app(), "/api/state", json!({"game": game, "moves": moves})).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    let s = &after.json["state"];
    assert_eq!(s["position"], "2,1,7,7,1,0:4/7,8,2,1,8,x:0/N");
    let none = serde_json::Value::Null;
    let south = vec![none.clone(); 6];
    let mut north = vec![none; 5];
    north.push(json!("south"));
    assert_eq!(s["claims"], json!({"south": south, "north": north}));
    assert_eq!(s["stores"], json!({"south": 4, "north": 0}));
    // North's pit 2 sows 8 clockwise, its last seed into the walda: South's.
    let mut more = moves.to_vec();
    more.push("2");
    let after = post(&app(), "/api/state", json!({"game": game, "moves": more})).await;
    assert_eq!(after.json["state"]["position"], "3,2,8,8,2,1:5/8,0,2,1,8,x:0/S");
}

/// O An Quan: the state gives the two end pits (mandarin squares) in
/// `end_pits`, and the move `1cw` is told seed by seed: South's pit 1 sown
/// clockwise into the end pit after North's row and North's pits 5 to 2,
/// North's pit 1 lifted and sown on into the end pit after South's row and
/// South's pits 5 to 2, then the end pit after North's row (after the
/// empty pit 1) captured into South's store and marked taken.
#[tokio::test]
async fn state_of_o_an_quan_gives_the_end_pits_and_a_capture_of_one() {
    let game = json!({"variant": "o-an-quan"});
    let start = post(&app(), "/api/state", json!({"game": game, "moves": []})).await;
    assert_eq!(start.status, StatusCode::OK, "{}", start.text);
    let s = &start.json["state"];
    assert_eq!(s["end_pits"], json!({"south": 10, "north": 10, "taken": [false, false]}));
    let after = post(&app(), "/api/state", json!({"game": game, "moves": ["1cw"]})).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    let s = &after.json["state"];
    assert_eq!(s["position"], "0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N");
    assert_eq!(s["end_pits"], json!({"south": 11, "north": 0, "taken": [false, true]}));
    assert_eq!(s["stores"], json!({"south": 11, "north": 0}));
    let end = |side: &str| json!({"side": side, "end_pit": true});
    let pit = |side: &str, pit: usize| json!({"side": side, "pit": pit});
    let mut events = vec![json!({"pick": pit("south", 1), "seeds": 5})];
    events.push(json!({"drop": end("north")}));
    events.extend((2..=5).rev().map(|p| json!({"drop": pit("north", p)})));
    events.push(json!({"pick": pit("north", 1), "seeds": 5}));
    events.push(json!({"drop": end("south")}));
    events.extend((2..=5).rev().map(|p| json!({"drop": pit("south", p)})));
    events.push(json!({"capture": end("north"), "seeds": 11, "store": "south"}));
    assert_eq!(after.json["last_move"]["events"], json!(events));
    assert_eq!(after.json["last_move"]["move"], "1cw");
    // A pit without its direction is refused, naming both ways.
    let bad = post(&app(), "/api/state", json!({"game": game, "moves": ["1"]})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert!(bad.text.contains("1ccw (counter-clockwise) or 1cw (clockwise)"), "{}", bad.text);
    let kalah = post(&app(), "/api/state", kalah(&["3"])).await;
    assert!(kalah.json["state"].get("end_pits").is_none(), "{}", kalah.text);
}

/// Hus on four rows: the state gives each player's outer and inner row,
/// and a capture whose seeds are sown again is told as `take` events
/// followed by their drops (docs/web.md).
#[tokio::test]
async fn state_of_hus_gives_its_four_rows_and_the_seeds_taken_into_the_hand() {
    //     North outer   3  2  3  2
    //     North inner   2  2  0  3
    //     South inner   0  0  0  1
    //     South outer   0  0  2  4
    // South's pit 3 into 4 and 5; pit 5 faces North's pits 8 and 1: both
    // taken, the 5 seeds sown from South's pit 6 (24 seeds, as a 4 x 4
    // game of two seeds a pit holds).
    let body = json!({
        "game": {"variant": "hus", "pits_per_side": 4, "seeds": 2},
        "start": "0,0,2,4,1,0,0,0:0/2,3,2,3,2,2,0,3:0/S",
        "moves": ["3"],
    });
    let r = post(&app(), "/api/state", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let s = &r.json["state"];
    assert_eq!(
        s["rows"],
        json!({"pits_per_row": 4,
               "south": {"outer": [1, 1, 0, 5], "inner": [1, 1, 1, 2]},
               "north": {"outer": [0, 3, 2, 3], "inner": [0, 0, 2, 2]}})
    );
    let events = &r.json["last_move"]["events"];
    assert_eq!(events[3], json!({"take": {"side": "north", "pit": 8}, "seeds": 3}));
    assert_eq!(events[4], json!({"take": {"side": "north", "pit": 1}, "seeds": 2}));
    assert_eq!(events[5], json!({"drop": {"side": "south", "pit": 6}}));
    assert_eq!(events.as_array().unwrap().len(), 10, "{events}");
    let kalah = post(&app(), "/api/state", kalah(&["3"])).await;
    assert!(kalah.json["state"].get("rows").is_none(), "{}", kalah.text);
}

/// Eson Xorgol: nobody owns a pit, so the legal moves run 1 to 2n (the
/// other row from n + 1), the state says so (`any_pits`), and a move from
/// the other row is told from that row's pit.
#[tokio::test]
async fn state_of_eson_xorgol_gives_moves_of_both_rows() {
    //        North   3  2  1
    //               [2][2][2]
    //               [2][2][2]
    //        South   1  2  3
    // South's 5 is North's pit 2: one seed into North's 3, one into
    // South's 1, which held seeds; the next pit, South's 2, is not empty.
    let game = json!({"variant": "eson-xorgol", "pits_per_side": 3, "seeds": 2});
    let r = post(&app(), "/api/state", json!({"game": game, "moves": []})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["state"]["legal"], json!(["1", "2", "3", "4", "5", "6"]));
    assert_eq!(r.json["state"]["any_pits"], true);
    let r = post(&app(), "/api/state", json!({"game": game, "moves": ["5"]})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let events = &r.json["last_move"]["events"];
    assert_eq!(events[0], json!({"pick": {"side": "north", "pit": 2}, "seeds": 2}));
    assert_eq!(events[2], json!({"drop": {"side": "south", "pit": 1}}));
    assert_eq!(r.json["state"]["position"], "3,2,2:0/2,0,3:0/N");
    let r = post(&app(), "/api/state", json!({"game": game, "moves": ["7"]})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.text.contains("pits are numbered 1 to 6"), "{}", r.text);
    let kalah = post(&app(), "/api/state", kalah(&["3"])).await;
    assert!(kalah.json["state"].get("any_pits").is_none(), "{}", kalah.text);
}

#[tokio::test]
async fn state_before_any_move_offers_no_last_move_and_after_the_first_the_swap() {
    let app = app();
    let r = post(&app, "/api/state", json!({"game": {"variant": "kalah"}})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["last_move"], Value::Null);
    assert_eq!(r.json["state"]["legal"], json!(["1", "2", "3", "4", "5", "6"]));
    let r = post(&app, "/api/state", kalah(&["3"])).await;
    assert_eq!(r.json["swap_legal"], true);
    assert_eq!(r.json["state"]["legal"], json!(["1", "2", "3", "4", "5", "6", "swap"]));
    let r = post(&app, "/api/state", kalah(&["3", "swap"])).await;
    assert_eq!(r.json["last_move"]["events"], json!([{"swap": true}]));
    assert_eq!(r.json["last_move"]["mover"], "north");
}

#[tokio::test]
async fn state_tells_a_capture_and_the_end_of_the_game() {
    // kalah-classic 2x1 from South 1,0 / North 1,1, South's store 1:
    //
    //        North  pit2 pit1
    //               [1]  [1]
    //     [0]                  [1]
    //               [1]  [0]
    //        South  pit1 pit2
    //
    // South sows pit 1: the seed lands in the empty pit 2, opposite
    // North's pit 1 (1 seed): both go to South's store. North's pit 2 is
    // left, South has no seeds: the game ends, North's seed to its store.
    let body = json!({
        "game": {"variant": "kalah-classic", "pits_per_side": 2, "seeds": 1},
        "start": "1,0:1/1,1:0/S",
        "moves": ["1"],
    });
    let r = post(&app(), "/api/state", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.json["last_move"]["events"],
        json!([
            {"pick": {"side": "south", "pit": 1}, "seeds": 1},
            {"drop": {"side": "south", "pit": 2}},
            {"capture": {"side": "north", "pit": 1}, "seeds": 1, "store": "south"},
            {"capture": {"side": "south", "pit": 2}, "seeds": 1, "store": "south"},
            {"capture": {"side": "north", "pit": 2}, "seeds": 1, "store": "north"},
            {"end": true},
        ])
    );
    assert_eq!(r.json["state"]["over"], true);
    assert_eq!(r.json["state"]["winner"], "south");
    assert_eq!(r.json["state"]["stores"], json!({"south": 3, "north": 1}));
}

#[tokio::test]
async fn a_variant_file_is_played_by_its_rules() {
    let mut text = Variant::preset("oware").unwrap().rules().to_toml();
    text = text.replace("name = \"oware\"", "name = \"my-oware\"");
    let body = json!({"game": {"variant_file": text, "pits_per_side": 4}, "moves": ["4"]});
    let r = post(&app(), "/api/state", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["state"]["variant"], "my-oware");
    assert_eq!(r.json["state"]["north"], json!([5, 5, 5, 5]));
}

#[tokio::test]
async fn bad_games_are_refused_with_what_is_allowed() {
    let app = app();
    let cases: Vec<(Value, &[&str])> = vec![
        (
            json!({"game": {"variant": "kalha"}}),
            &["unknown variant \"kalha\"", "kalah, kalah-irving", "relay-kalah"],
        ),
        (
            json!({"game": {"variant": "kalah", "variant_file": "name = \"x\""}}),
            &["both variant and variant_file"],
        ),
        (json!({"game": {}}), &["no variant", "kalah"]),
        (
            json!({"game": {"variant": "kalah", "pits_per_side": 11}}),
            &["pits_per_side = 11", "1 to 10"],
        ),
        (json!({"game": {"variant": "kalah", "pits_per_side": 100000}}), &["100000", "1 to 10"]),
        (json!({"game": {"variant": "kalah", "seeds": 0}}), &["seeds_per_pit = 0"]),
        (
            json!({"game": {"variant": "kalah", "seeds": -3}}),
            &["seeds -3 is out of range", "1 to 12"],
        ),
        (json!({"game": {"variant_file": "this is not toml"}}), &["variant_file:"]),
        (
            json!({"game": {"variant_file": "#".repeat(mancala_core::MAX_VARIANT_FILE_BYTES + 1)}}),
            &["65537 bytes", "at most 65536"],
        ),
        (
            json!({"game": {"variant": "kalah"}, "moves": ["3", "3", "3"]}),
            &["move #3", "\"3\"", "pit 3 is empty"],
        ),
        (
            json!({"game": {"variant": "kalah"}, "moves": ["7"]}),
            &["move #1", "pit 7 does not exist", "1 to 6"],
        ),
        (
            json!({"game": {"variant": "kalah"}, "moves": ["1", "2", "swap"]}),
            &["move #3", "swap is only allowed"],
        ),
        (json!({"game": {"variant": "kalah"}, "moves": ["x"]}), &["move #1", "\"x\""]),
        (json!({"game": {"variant": "kalah"}, "start": "1,2/3"}), &["start", "three fields"]),
        (
            json!({"game": {"variant": "kalah"}, "start": "4,4,4:0/4,4,4:0/S"}),
            &["start", "3 pits per side", "has 6"],
        ),
    ];
    for (body, words) in cases {
        let r = post(&app, "/api/state", body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {}", r.text);
        let message = r.error();
        for word in words {
            assert!(message.contains(word), "{body}: {message:?} lacks {word:?}");
        }
    }
}

#[tokio::test]
async fn more_than_ten_thousand_moves_are_refused() {
    let app = app();
    let moves = vec!["1"; 10_001];
    let r = post(&app, "/api/state", json!({"game": {"variant": "kalah"}, "moves": moves})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("10001 moves") && r.error().contains("at most 10000"), "{}", r.text);
}

#[tokio::test]
async fn bad_json_wrong_fields_and_wrong_headers_get_json_errors() {
    let app = app();
    let r = post_text(&app, "/api/state", "{\"game\": ").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("not valid JSON"), "{}", r.text);

    let r = post(&app, "/api/state", json!({"game": {"variant": "kalah"}, "move": ["1"]})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.error().contains("unknown field `move`"), "{}", r.text);

    let r = post(&app, "/api/state", json!({"game": {"variant": "kalah", "size": 3}})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.error().contains("unknown field `size`"), "{}", r.text);

    let r = post(&app, "/api/state", json!({"game": {"variant": "kalah"}, "moves": "1 2"})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.error().contains("moves"), "{}", r.text);

    let r = post(&app, "/api/state", json!({"moves": []})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.error().contains("missing field `game`"), "{}", r.text);

    let request = Request::post("/api/state").body(Body::from(kalah(&[]).to_string())).unwrap();
    let r = send(&app, request).await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(r.error().contains("Content-Type: application/json"), "{}", r.text);

    let big = format!("{{\"text\": \"{}\"}}", "a".repeat(2 << 20));
    let r = post_text(&app, "/api/record/parse", big).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(r.error().contains("2 MiB"), "{}", r.text);
}

#[tokio::test]
async fn unknown_paths_and_wrong_methods_get_json_errors() {
    let app = app();
    let r = get(&app, "/api/nothing-here").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.error().contains("/api/nothing-here"), "{}", r.text);
    let r = get(&app, "/api/state").await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(r.error().contains("GET"), "{}", r.text);
    let r = post(&app, "/api/variants", json!({})).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(r.error().contains("/api/variants"), "{}", r.text);
    // The solve socket opened as a plain request.
    let r = get(&app, "/api/solve").await;
    assert!(r.status.is_client_error(), "{}", r.status);
    assert!(r.error().contains("WebSocket"), "{}", r.text);
    // The page is still there.
    let r = get(&app, "/").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type.starts_with("text/html"));
}

#[tokio::test]
async fn the_computer_moves_legally_at_every_level_and_not_after_the_end() {
    let app = app();
    for level in [1, 5, 6, 10] {
        let body = json!({"game": {"variant": "kalah", "pits_per_side": 4, "seeds": 3},
                          "moves": ["2"], "level": level});
        let r = post(&app, "/api/computer-move", body).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        let mv = r.json["move"].as_str().unwrap();
        assert!(["1", "2", "3", "4", "swap"].contains(&mv), "{mv}");
        assert!(r.json["score"].is_i64() && r.json["exact"].is_boolean(), "{}", r.text);
    }
    for level in [0, 11, -1] {
        let body = json!({"game": {"variant": "kalah"}, "level": level});
        let r = post(&app, "/api/computer-move", body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert!(r.error().contains("1 to 10"), "{}", r.text);
    }
    let r = post(&app, "/api/computer-move", json!({"game": {"variant": "kalah"}})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.error().contains("missing field `level`"), "{}", r.text);
    let over = json!({"game": {"variant": "kalah-classic", "pits_per_side": 2, "seeds": 1},
                      "start": "1,0:1/1,1:0/S", "moves": ["1"], "level": 5});
    let r = post(&app, "/api/computer-move", over).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("the game is over"), "{}", r.text);
}

#[tokio::test]
async fn the_hint_is_the_hint_commands_move() {
    let body = json!({"game": {"variant": "kalah-irving", "pits_per_side": 3, "seeds": 3}, "moves": ["1"]});
    let r = post(&app(), "/api/hint", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(3)).unwrap();
    let mut game = Game::new(v);
    game.play(Move::pit(1)).unwrap();
    assert_eq!(r.json, json!({"move": mancala_engine::hint(&game).to_string()}));
}

#[tokio::test]
async fn search_of_a_small_game_gives_the_solvers_value() {
    // Kalah(3,3) as Irving et al. play it: small enough to search to the end.
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(3)).unwrap();
    let mut game = Game::new(v.clone());
    game.play_moves("1 3").unwrap();
    let margin = solved_margin(&v, game.position());
    let mover = game.position().to_move();
    let body = json!({"game": {"variant": "kalah-irving", "pits_per_side": 3, "seeds": 3},
                      "moves": ["1", "3"], "movetime_ms": 3000});
    let r = post(&app(), "/api/search", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["exact"], true, "{}", r.text);
    assert_eq!(r.json["score_south"], margin, "{}", r.text);
    let for_mover = if mover == Side::South { margin } else { -margin };
    assert_eq!(r.json["score"], for_mover);
    let best = r.json["best"].as_str().unwrap();
    assert_eq!(r.json["pv"][0], best);
    assert!(game.position().parse_move(&v, best).is_ok());
    assert!(r.json["nodes"].as_u64().unwrap() > 0);
    assert_eq!(r.json["from_database"], false);
}

#[tokio::test]
async fn search_of_a_finished_game_gives_its_final_margin() {
    let body = json!({"game": {"variant": "kalah-classic", "pits_per_side": 2, "seeds": 1},
                      "start": "1,0:1/1,1:0/S", "moves": ["1"]});
    let r = post(&app(), "/api/search", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["best"], Value::Null);
    assert_eq!(r.json["score_south"], 2);
    assert_eq!(r.json["exact"], true);
}

#[tokio::test]
async fn search_time_out_of_range_is_refused() {
    let app = app();
    for ms in [0, 10_001, -5] {
        for path in ["/api/search", "/api/analyze"] {
            let r =
                post(&app, path, json!({"game": {"variant": "kalah"}, "movetime_ms": ms})).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path} {ms}");
            assert!(r.error().contains(&format!("movetime_ms {ms}")), "{}", r.text);
            assert!(r.error().contains("1 to 10000"), "{}", r.text);
        }
    }
}

#[tokio::test]
async fn analyze_scores_every_legal_move_best_first_each_with_the_solvers_value() {
    let v = Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(3)).unwrap();
    let start = Position::start(&v);
    let body = json!({"game": {"variant": "kalah-irving", "pits_per_side": 3, "seeds": 3},
                      "movetime_ms": 3000});
    let r = post(&app(), "/api/analyze", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let moves = r.json["moves"].as_array().unwrap();
    let mut listed: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    listed.sort();
    assert_eq!(listed, ["1", "2", "3"]);
    let scores: Vec<i64> = moves.iter().map(|m| m["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    for m in moves {
        assert_eq!(m["exact"], true, "{m}");
        let mv = start.parse_move(&v, m["move"].as_str().unwrap()).unwrap();
        let (child, _) = start.play(&v, mv).unwrap();
        // South moves first: South's view is the mover's.
        assert_eq!(m["score"], solved_margin(&v, &child), "{m}");
        assert_eq!(m["pv"][0], m["move"]);
    }
}

/// A record of a four-row game reads back as the game at its size: the
/// size in it is a row's (8), not the pits a player owns (16).
#[tokio::test]
async fn a_record_of_hus_reads_back_at_its_size() {
    let app = app();
    let body = json!({"game": {"variant": "hus"}, "moves": ["2", "3"],
                      "players": {"south": "human", "north": "human"}});
    let w = post(&app, "/api/record/write", body).await;
    assert_eq!(w.status, StatusCode::OK, "{}", w.text);
    let text = w.json["text"].as_str().unwrap();
    let r = post(&app, "/api/record/parse", json!({"text": text})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["game"], json!({"variant": "hus", "pits_per_side": 8, "seeds": 2}));
    let mut again = r.json.clone();
    again.as_object_mut().unwrap().remove("players");
    let s = post(&app, "/api/state", again).await;
    assert_eq!(s.status, StatusCode::OK, "{}", s.text);
    assert_eq!(s.json["state"]["rows"]["pits_per_row"], 8);
}

#[tokio::test]
async fn a_record_written_reads_back_as_the_same_game() {
    let app = app();
    let body = json!({"game": {"variant": "kalah"}, "moves": ["3", "swap", "1", "4"],
                      "players": {"south": "human", "north": "computer:7"}});
    let w = post(&app, "/api/record/write", body).await;
    assert_eq!(w.status, StatusCode::OK, "{}", w.text);
    let text = w.json["text"].as_str().unwrap();
    assert!(text.contains("[North \"computer:7\"]"), "{text}");
    assert!(text.contains("3, swap, 1, 4"), "{text}");
    let r = post(&app, "/api/record/parse", json!({"text": text})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.json,
        json!({
            "game": {"variant": "kalah", "pits_per_side": 6, "seeds": 4},
            "start": null,
            "moves": ["3", "swap", "1", "4"],
            "players": {"south": "human", "north": "computer:7"},
        })
    );
    // What parse gives is a request as it is: the state it names.
    let mut again = r.json.clone();
    again.as_object_mut().unwrap().remove("players");
    let s = post(&app, "/api/state", again).await;
    assert_eq!(s.status, StatusCode::OK, "{}", s.text);
    assert!(
        text.contains(&format!("[Position \"{}\"]", s.json["state"]["position"].as_str().unwrap()))
    );
}

#[tokio::test]
async fn a_record_of_a_variant_file_carries_its_rules() {
    let app = app();
    let mut rules = Variant::preset("oware").unwrap().rules().to_toml();
    rules = rules.replace("name = \"oware\"", "name = \"my-oware\"");
    let w =
        post(&app, "/api/record/write", json!({"game": {"variant_file": rules}, "moves": ["2"]}))
            .await;
    assert_eq!(w.status, StatusCode::OK, "{}", w.text);
    let text = w.json["text"].as_str().unwrap();
    let r = post(&app, "/api/record/parse", json!({"text": text})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let file = r.json["game"]["variant_file"].as_str().unwrap();
    assert!(file.contains("name = \"my-oware\""), "{file}");
    assert_eq!(r.json["players"], json!({"south": "human", "north": "human"}));
}

#[tokio::test]
async fn bad_records_are_refused_naming_the_line() {
    let app = app();
    let r = post(
        &app,
        "/api/record/parse",
        json!({"text": "[Game \"mancala\"]\n[Variant \"nope\"]\n"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().starts_with("game record: line 2"), "{}", r.text);
    let r = post(&app, "/api/record/parse", json!({"text": "x".repeat((1 << 20) + 1)})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("at most 1048576 bytes"), "{}", r.text);
    let r = post(
        &app,
        "/api/record/write",
        json!({"game": {"variant": "kalah"}, "players": {"south": "robot", "north": "human"}}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().starts_with("players.south"), "{}", r.text);
    let from_position =
        json!({"game": {"variant": "kalah"}, "start": "4,4,4,4,4,4:0/4,4,4,4,4,4:0/N"});
    let r = post(&app, "/api/record/write", from_position).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.error().contains("start"), "{}", r.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_waits_for_a_slot_then_gets_503_with_a_message() {
    let app = mancala_web::router(mancala_web::ServeOptions {
        search_slots: 1,
        slot_wait: std::time::Duration::from_millis(1500),
        ..mancala_web::ServeOptions::default()
    });
    // A search of 10 s holds the only slot for more than half of that.
    let long = json!({"game": {"variant": "kalah"}, "movetime_ms": 10000});
    let busy = {
        let app = app.clone();
        tokio::spawn(async move { post(&app, "/api/search", long).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let started = std::time::Instant::now();
    let r = post(&app, "/api/hint", json!({"game": {"variant": "kalah"}})).await;
    assert_eq!(
        r.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{} after {:?}",
        r.text,
        started.elapsed()
    );
    assert!(r.error().contains("busy"), "{}", r.text);
    let waited = started.elapsed().as_secs_f64();
    assert!((1.4..4.0).contains(&waited), "waited {waited} s");
    assert!(r.error().contains("1.5 s"), "{}", r.text);
    assert_eq!(mancala_web::limits::SLOT_WAIT, std::time::Duration::from_secs(5));
    let busy = busy.await.unwrap();
    assert_eq!(busy.status, StatusCode::OK, "{}", busy.text);
}

/// A page of another site cannot drive the API: a request naming a host
/// other than this machine (DNS rebinding) is refused, and so is an API
/// request whose `Origin` is not the page's own (a WebSocket too), or one
/// without a `Host`. The page's own requests are served, and no page may
/// frame this one.
#[tokio::test]
async fn requests_from_other_sites_are_refused() {
    let request = |host: Option<&str>, origin: Option<&str>, path: &str| {
        let mut r = Request::post(path).header("content-type", "application/json");
        if let Some(h) = host {
            r = r.header("host", h);
        }
        if let Some(o) = origin {
            r = r.header("origin", o);
        }
        r.body(Body::from(kalah(&["3"]).to_string())).unwrap()
    };
    let raw = |app: &axum::Router, r: Request<Body>| {
        use tower::ServiceExt;
        let app = app.clone();
        async move { app.oneshot(r).await.unwrap() }
    };
    let app = app();
    for (host, origin) in [
        (Some("127.0.0.1:8765"), Some("http://127.0.0.1:8765")),
        (Some("localhost:8765"), Some("http://localhost:8765")),
        (Some("[::1]:8765"), Some("http://[::1]:8765")),
        (Some("127.0.0.1:8765"), None),
    ] {
        let r = send(&app, request(host, origin, "/api/state")).await;
        assert_eq!(r.status, StatusCode::OK, "{host:?} {origin:?}: {}", r.text);
    }
    let page =
        raw(&app, Request::get("/").header("host", "127.0.0.1:8765").body(Body::empty()).unwrap())
            .await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    assert_eq!(page.headers()["content-security-policy"], "frame-ancestors 'none'");
    let no_host = raw(&app, request(None, None, "/api/state")).await;
    assert_eq!(no_host.status(), StatusCode::FORBIDDEN);
    for host in ["evil.example:8765", "192.168.1.5:8765"] {
        let r = send(&app, request(Some(host), None, "/api/state")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{host}");
        assert!(r.error().contains("answers requests to this machine"), "{}", r.text);
        assert!(r.error().contains(host) && r.error().contains("--allow-host"), "{}", r.text);
    }
    let r = send(&app, request(Some("evil.example:8765"), None, "/")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "the page too");
    for origin in ["http://evil.example", "http://127.0.0.1:9999", "null"] {
        let r = send(&app, request(Some("127.0.0.1:8765"), Some(origin), "/api/state")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{origin}");
        assert!(r.error().contains("may not use this server's API"), "{}", r.text);
    }
    let upgrade = Request::get("/api/solve")
        .header("host", "127.0.0.1:8765")
        .header("origin", "http://evil.example")
        .header("connection", "upgrade")
        .header("upgrade", "websocket")
        .header("sec-websocket-version", "13")
        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, upgrade).await.status, StatusCode::FORBIDDEN);
    // Listening beyond the loopback address: the machine's addresses and the
    // names allowed, same origin only; other names still refused.
    let open = router(ServeOptions {
        any_address: true,
        allowed_hosts: vec!["box.lan".into()],
        ..ServeOptions::default()
    });
    for host in ["box.lan:8765", "192.168.1.5:8765"] {
        let origin = format!("http://{host}");
        let r = send(&open, request(Some(host), Some(&origin), "/api/state")).await;
        assert_eq!(r.status, StatusCode::OK, "{host}: {}", r.text);
    }
    let r = send(&open, request(Some("evil.example:8765"), None, "/api/state")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r =
        send(&open, request(Some("box.lan:8765"), Some("http://evil.example"), "/api/state")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

/// A round of Dakon played to its end (each move the first legal one of a
/// rotating choice), from the start: its moves, written.
fn a_dakon_round() -> (Game, Vec<String>) {
    let mut game = Game::new(Variant::preset("dakon").unwrap());
    let mut moves = Vec::new();
    let mut turn = 0usize;
    while !game.position().is_over() {
        let legal = game.position().legal_moves(game.variant());
        let mv = legal[turn % legal.len()];
        turn += 7;
        moves.push(mv.to_string());
        game.play(mv).unwrap();
    }
    (game, moves)
}

#[tokio::test]
async fn the_end_of_a_round_gives_the_next_rounds_start_and_its_pits_out_of_play() {
    let app = app();
    let (round, moves) = a_dakon_round();
    let r = post(&app, "/api/state", json!({"game": {"variant": "dakon"}, "moves": moves})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let s = &r.json["state"];
    assert_eq!(s["over"], true);
    assert_eq!(s["out_of_play"], json!({"south": [], "north": []}));
    // The next round's start is the one the library's match starts.
    let next = round.position().next_round(round.variant(), Side::South);
    assert_eq!(s["round_end"]["next_start"], json!(next.map(|p| p.to_string())));
    let Some(next) = next else {
        // The match ended with this round: a winner is named.
        assert_ne!(s["round_end"]["match_winner"], Value::Null);
        return;
    };
    assert_eq!(s["round_end"]["match_winner"], Value::Null);
    // The next round, from that start: its pits out of play are listed.
    let start = next.to_string();
    let r2 = post(&app, "/api/state", json!({"game": {"variant": "dakon"}, "start": start})).await;
    assert_eq!(r2.status, StatusCode::OK, "{}", r2.text);
    let s2 = &r2.json["state"];
    assert!(s2.get("round_end").is_none(), "{}", r2.text);
    for side in [Side::South, Side::North] {
        let out: Vec<usize> =
            (0..7).filter(|&k| next.is_out_of_play(side, k)).map(|k| k + 1).collect();
        assert_eq!(s2["out_of_play"][side.name()], json!(out));
    }
    // A game of one round has neither field.
    let k = post(&app, "/api/state", kalah(&[])).await;
    assert!(
        k.json["state"].get("out_of_play").is_none() && k.json["state"].get("round_end").is_none()
    );
}

#[tokio::test]
async fn a_match_whose_next_round_would_start_as_an_earlier_one_is_drawn() {
    // Congkak on one house a side with one seed: each round ends 1 to 1,
    // round 2 starts with North, and round 3 would start as round 1 did.
    let app = app();
    let game = json!({"variant": "congkak", "pits_per_side": 1, "seeds": 1});
    let r1 = post(&app, "/api/state", json!({"game": game, "moves": ["1"]})).await;
    assert_eq!(r1.status, StatusCode::OK, "{}", r1.text);
    let end1 = &r1.json["state"]["round_end"];
    assert_eq!(end1["next_start"], "1:0/1:0/N", "{}", r1.text);
    assert_eq!(end1["match_winner"], Value::Null);
    assert_eq!(end1["match_end"], Value::Null);
    assert!(end1.get("repeats_round").is_none(), "{}", r1.text);
    // Round 2, told where round 1 started (null: the variant's start).
    let body =
        json!({"game": game, "start": "1:0/1:0/N", "moves": ["1"], "earlier_starts": [null]});
    let r2 = post(&app, "/api/state", body).await;
    assert_eq!(r2.status, StatusCode::OK, "{}", r2.text);
    let end2 = &r2.json["state"]["round_end"];
    assert_eq!(end2["next_start"], Value::Null, "{}", r2.text);
    assert_eq!(end2["match_winner"], "draw");
    assert_eq!(end2["match_end"], "repeated-round");
    assert_eq!(end2["repeats_round"], 1);
    // The same with round 1's start written out.
    let body = json!({"game": game, "start": "1:0/1:0/N", "moves": ["1"],
                      "earlier_starts": ["1:0/1:0/S"]});
    let r3 = post(&app, "/api/state", body).await;
    assert_eq!(r3.json["state"]["round_end"], *end2, "{}", r3.text);
    // Without the earlier starts the round in play is the first: the match
    // goes on.
    let body = json!({"game": game, "start": "1:0/1:0/N", "moves": ["1"]});
    let r4 = post(&app, "/api/state", body).await;
    assert_eq!(r4.json["state"]["round_end"]["next_start"], "1:0/1:0/S", "{}", r4.text);
    // A match that ends as a player cannot fill a pit says so.
    let (round, moves) = a_dakon_round();
    let r = post(&app, "/api/state", json!({"game": {"variant": "dakon"}, "moves": moves})).await;
    let cannot = round.position().next_round(round.variant(), Side::South).is_none();
    let want = if cannot { json!("cannot-fill") } else { Value::Null };
    assert_eq!(r.json["state"]["round_end"]["match_end"], want, "{}", r.text);
    // Bad earlier starts are refused, naming the field.
    let body = json!({"game": game, "moves": ["1"], "earlier_starts": ["9:9/9:9/S"]});
    let bad = post(&app, "/api/state", body).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert!(bad.text.contains("earlier_starts[0]"), "{}", bad.text);
    let body = json!({"game": {"variant": "kalah"}, "earlier_starts": [null]});
    let one = post(&app, "/api/state", body).await;
    assert_eq!(one.status, StatusCode::BAD_REQUEST, "{}", one.text);
    assert!(one.text.contains("played in one round"), "{}", one.text);
}

#[tokio::test]
async fn a_record_of_a_match_keeps_its_rounds() {
    let app = app();
    let (round, moves) = a_dakon_round();
    let Some(next) = round.position().next_round(round.variant(), Side::South) else {
        panic!("the round chosen ends the match: choose another");
    };
    let mut second = Game::from_position(round.variant().clone(), next);
    let first_legal = second.position().legal_moves(second.variant())[0];
    second.play(first_legal).unwrap();
    let current = vec![first_legal.to_string()];
    let body = json!({"game": {"variant": "dakon"}, "earlier": [moves.clone()], "moves": current});
    let w = post(&app, "/api/record/write", body).await;
    assert_eq!(w.status, StatusCode::OK, "{}", w.text);
    let text = w.json["text"].as_str().unwrap();
    let r = post(&app, "/api/record/parse", json!({"text": text})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["earlier"], json!([moves]));
    assert_eq!(r.json["start"], json!(next.to_string()));
    assert_eq!(r.json["moves"], json!(current));
    // Rounds given to a game of one round, or a round that did not end, are refused.
    let bad = json!({"game": {"variant": "kalah"}, "earlier": [["1"]], "moves": []});
    let e = post(&app, "/api/record/write", bad).await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    assert!(e.json["error"].as_str().unwrap().contains("no [rounds] rule"), "{}", e.text);
    let unfinished = json!({"game": {"variant": "dakon"}, "earlier": [["1"]], "moves": ["2"]});
    let e = post(&app, "/api/record/write", unfinished).await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    assert!(e.json["error"].as_str().unwrap().contains("round 1 is not over"), "{}", e.text);
}
