//! The wide board (four rows of 12 pits, more than 255 seeds: the `Wide`
//! layout) through every endpoint: the game built in its variant's layout,
//! its state, the computer's move, the hint, the search and the analysis,
//! its game record; what is compact by nature (the solver: tests/solve.rs)
//! refuses it, saying so.

mod common;

use axum::http::StatusCode;
use common::*;
use mancala_core::{Game, LayoutKind, Variant, Wide};
use mancala_web::StateJson;
use serde_json::{json, Value};

/// Hus on its 4x12 board (not a preset: a variant file, as a user gives it).
const HUS_12: &str = include_str!("../../core/variants/hus-12.toml");

/// hus-12 with `seeds` a pit (8 or more: past 255 seeds in all).
fn hus_12_seeds(seeds: u8) -> String {
    HUS_12.replace("seeds_per_pit = 2\n", &format!("seeds_per_pit = {seeds}\n"))
}

fn game(text: &str) -> Value {
    json!({"variant_file": text})
}

/// The game of `text` in the wide layout with `moves` played, as core plays it.
fn core_game(text: &str, moves: &[String]) -> Game<Wide> {
    let v = Variant::from_toml(text).unwrap();
    assert_eq!(v.layout(), LayoutKind::Wide);
    let mut g = Game::<Wide>::new_in(v);
    for m in moves {
        let mv = g.position().parse_move(g.variant(), m).unwrap();
        g.play(mv).unwrap();
    }
    g
}

/// The moves of a game of `text` played by taking, at each turn, the legal
/// move `pick(ply, legal)` the API offers, up to `plies` moves or the end.
async fn play(text: &str, plies: usize) -> Vec<String> {
    let app = app();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..plies {
        let r = post(&app, "/api/state", json!({"game": game(text), "moves": moves})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        let legal = r.json["state"]["legal"].as_array().unwrap();
        if legal.is_empty() {
            break;
        }
        moves.push(legal[(ply * 7) % legal.len()].as_str().unwrap().to_string());
    }
    moves
}

#[tokio::test]
async fn the_state_of_hus_on_four_rows_of_12_is_cores_game_in_the_wide_layout() {
    let moves = play(HUS_12, 12).await;
    assert_eq!(moves.len(), 12, "{moves:?}");
    let r = post(&app(), "/api/state", json!({"game": game(HUS_12), "moves": moves})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let g = core_game(HUS_12, &moves);
    // The very text `mancala state` would print for the game.
    let state = serde_json::to_string(&StateJson::of(&g)).unwrap();
    assert!(r.text.starts_with(&format!("{{\"state\":{state},")), "{}", r.text);
    let s = &r.json["state"];
    assert_eq!(s["variant"], "hus-12");
    assert_eq!(s["pits_per_side"], 24);
    assert_eq!(s["rows"]["pits_per_row"], 12);
    for side in ["south", "north"] {
        assert_eq!(s[side].as_array().unwrap().len(), 24);
        assert_eq!(s["rows"][side]["outer"].as_array().unwrap().len(), 12);
        assert_eq!(s["rows"][side]["inner"].as_array().unwrap().len(), 12);
    }
    let seeds: u64 = ["south", "north"]
        .iter()
        .flat_map(|side| s[*side].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()))
        .sum::<u64>()
        + s["stores"]["south"].as_u64().unwrap()
        + s["stores"]["north"].as_u64().unwrap();
    assert_eq!(seeds, 72);
    // The last move sown seed by seed: its drops add up to the board after it.
    let events = r.json["last_move"]["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e.get("drop").is_some()), "{}", r.json["last_move"]);
    // The position string reads back as the start of a game.
    let again = post(
        &app(),
        "/api/state",
        json!({"game": game(HUS_12), "start": s["position"], "moves": []}),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(again.json["state"]["position"], s["position"]);
    assert_eq!(again.json["state"]["south"], s["south"]);
}

#[tokio::test]
async fn counts_past_255_are_given_as_they_are() {
    // 8 seeds a pit: 288 seeds in all, past the compact layout's 255.
    let text = hus_12_seeds(8);
    let r = post(&app(), "/api/state", json!({"game": game(&text)})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let s = &r.json["state"];
    assert_eq!(s["seeds_per_pit"], 8);
    let total: u64 = ["south", "north"]
        .iter()
        .flat_map(|side| s[*side].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()))
        .sum();
    assert_eq!(total, 288);
    // A pit of 280 seeds (three digits, more than a byte holds), from a start.
    let mut south = vec![0u32; 24];
    south[0] = 280;
    south[1] = 8;
    let mut north = vec![0u32; 24];
    north[0] = 0;
    let row = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let start = format!("{}:0/{}:0/S", row(&south), row(&north));
    let r = post(&app(), "/api/state", json!({"game": game(&text), "start": start})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["state"]["south"][0], 280);
    assert_eq!(r.json["state"]["rows"]["south"]["outer"][0], 280);
    // The move sows all 280: each drop is told.
    let moved =
        post(&app(), "/api/state", json!({"game": game(&text), "start": start, "moves": ["1"]}))
            .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let events = moved.json["last_move"]["events"].as_array().unwrap();
    assert_eq!(events[0], json!({"pick": {"side": "south", "pit": 1}, "seeds": 280}));
    assert!(events.iter().filter(|e| e.get("drop").is_some()).count() >= 280);
}

#[tokio::test]
async fn a_size_past_the_compact_layout_is_a_wide_game() {
    // Kalah's rules in a variant file that allows 50 seeds a pit, played at
    // 50: 600 seeds, the wide layout on two rows of 6.
    let mut rules = Variant::preset("kalah").unwrap().rules().clone();
    rules.name = "kalah-600".into();
    rules.board.seeds_per_pit_range = [1, 50];
    let text = rules.to_toml();
    let body = json!({"game": {"variant_file": text, "seeds": 50}, "moves": ["1"]});
    let r = post(&app(), "/api/state", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let s = &r.json["state"];
    assert_eq!(s["seeds_per_pit"], 50);
    // Pit 1's 50 seeds sown: three times round the 13 cells of a lap (South's
    // pits, its store, North's pits), then 11 more, the last in North's pit 5.
    assert_eq!(s["south"], json!([3, 54, 54, 54, 54, 54]));
    assert_eq!(s["stores"]["south"], 4);
    assert_eq!(s["north"], json!([54, 54, 54, 54, 54, 53]));
}

#[tokio::test]
async fn the_computer_the_hint_the_search_and_the_analysis_play_the_wide_board() {
    let app = app();
    let moves = play(HUS_12, 6).await;
    let g = core_game(HUS_12, &moves);
    let legal: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(!legal.is_empty());
    let body = json!({"game": game(HUS_12), "moves": moves});
    // Level 6 and up would probe an endgame database: a wide board has none.
    for level in [1, 6] {
        let mut with_level = body.clone();
        with_level["level"] = json!(level);
        let r = post(&app, "/api/computer-move", with_level).await;
        assert_eq!(r.status, StatusCode::OK, "level {level}: {}", r.text);
        let mv = r.json["move"].as_str().unwrap();
        assert!(legal.iter().any(|m| m == mv), "level {level}: {mv} not in {legal:?}");
    }
    let r = post(&app, "/api/hint", body.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(legal.iter().any(|m| m == r.json["move"].as_str().unwrap()), "{}", r.text);
    let mut timed = body.clone();
    timed["movetime_ms"] = json!(200);
    let r = post(&app, "/api/search", timed.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(legal.iter().any(|m| m == r.json["best"].as_str().unwrap()), "{}", r.text);
    assert!(r.json["nodes"].as_u64().unwrap() > 0);
    let r = post(&app, "/api/analyze", timed).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let mut analysed: Vec<String> = r.json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    analysed.sort();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(analysed, sorted, "every legal move scored once");
}

#[tokio::test]
async fn a_game_record_of_the_wide_board_is_written_and_read_back() {
    // 288 seeds on 4x12, a few moves in: the record is written in the
    // wide layout and read back to the same game.
    let text = hus_12_seeds(8);
    let mut g = core_game(&text, &[]);
    let mut moves = Vec::new();
    for ply in 0..4 {
        let legal = g.legal_moves();
        let mv = legal[(ply * 7) % legal.len()];
        moves.push(mv.to_string());
        g.play(mv).unwrap();
    }
    let r = post(&app(), "/api/record/write", json!({"game": game(&text), "moves": moves})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let record = r.json["text"].as_str().unwrap().to_string();
    let r = post(&app(), "/api/record/parse", json!({"text": record})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let parsed = r.json;
    assert_eq!(parsed["moves"], json!(moves));
    assert_eq!(parsed["start"], Value::Null);
    // The game read back is the one written: its state is core's.
    let r = post(&app(), "/api/state", json!({"game": parsed["game"], "moves": moves})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["state"]["position"], json!(g.position().to_string()));
}

#[tokio::test]
async fn bad_moves_and_starts_of_a_wide_game_are_refused_naming_them() {
    let r = post(&app(), "/api/state", json!({"game": game(HUS_12), "moves": ["25"]})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.error().contains("move #1"), "{}", r.error());
    let r = post(&app(), "/api/state", json!({"game": game(HUS_12), "start": "1,2/3,4/S"})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.error().starts_with("start "), "{}", r.error());
}
