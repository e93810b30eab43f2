//! The solve WebSocket (`GET /api/solve`) on a real listener: the value the
//! solver gives, progress, cancelling by message and by closing, the time
//! limit, one solve at a time, and the errors.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mancala_core::{Game, Position, Variant};
use mancala_solver::SolvePlan;
use mancala_web::ServeOptions;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn server(options: ServeOptions) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(mancala_web::serve(listener, options, std::future::pending()));
    addr
}

async fn open(addr: SocketAddr, game: &Value) -> Socket {
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/solve"))
        .await
        .expect("the socket opens");
    socket.send(Message::Text(game.to_string().into())).await.unwrap();
    socket
}

/// The next message as JSON; `None` when the socket closes.
async fn next(socket: &mut Socket) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(120), socket.next())
            .await
            .expect("the server answers within 2 minutes")?;
        match message.ok()? {
            Message::Text(text) => return Some(serde_json::from_str(text.as_str()).unwrap()),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// Every message up to the last (a result, a stop or an error), which must
/// be followed by the socket's closing.
async fn to_the_end(socket: &mut Socket) -> (Vec<Value>, Value) {
    let mut progress = Vec::new();
    loop {
        let m = next(socket).await.expect("a last message before the socket closes");
        if m["type"] == "progress" {
            progress.push(m);
            continue;
        }
        assert!(next(socket).await.is_none(), "the socket closes after {m}");
        return (progress, m);
    }
}

fn irving(pits: u8, seeds: u8) -> Variant {
    Variant::preset("kalah-irving").unwrap().resized(Some(pits), Some(seeds)).unwrap()
}

/// A game long to solve: Kalah(6,4) from the start.
fn long_game() -> Value {
    json!({"game": {"variant": "kalah-irving", "pits_per_side": 6, "seeds": 4}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solve_gives_the_value_mancala_solve_gives() {
    let addr = server(ServeOptions::default()).await;
    let v = irving(3, 3);
    let mut game = Game::new(v.clone());
    game.play_moves("1 3").unwrap();
    for (moves, position) in [(vec![], Position::start(&v)), (vec!["1", "3"], *game.position())] {
        let expected = SolvePlan::new(&v, position).threads(1).solve(&|_| {}).unwrap();
        let request = json!({"game": {"variant": "kalah-irving", "pits_per_side": 3, "seeds": 3},
                             "moves": moves});
        let mut socket = open(addr, &request).await;
        let (progress, end) = to_the_end(&mut socket).await;
        assert_eq!(end["type"], "result", "{end}");
        assert_eq!(end["value_south"], expected.margin, "{end}");
        let mover_is_south = position.to_move() == mancala_core::Side::South;
        let value = if mover_is_south { expected.margin } else { -expected.margin };
        assert_eq!(end["value"], value, "{end}");
        assert_eq!(end["exact"], true);
        let best: Vec<String> = expected.best_moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(end["best"], json!(best));
        // Every bound proven holds the value.
        for p in &progress {
            let (lower, upper) = (p["lower"].as_i64().unwrap(), p["upper"].as_i64().unwrap());
            assert!(lower <= value as i64 && value as i64 <= upper, "{p} against {value}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_stops_a_solve_with_the_bounds_proven() {
    let addr = server(ServeOptions::default()).await;
    let mut socket = open(addr, &long_game()).await;
    let started = Instant::now();
    socket.send(Message::Text(json!({"type": "cancel"}).to_string().into())).await.unwrap();
    let (_, end) = to_the_end(&mut socket).await;
    assert_eq!(end["type"], "stopped", "{end}");
    assert_eq!(end["reason"], "cancelled");
    assert!(end["lower"].as_i64().unwrap() <= end["upper"].as_i64().unwrap(), "{end}");
    // Kalah(6,4) takes far longer than this to solve.
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solve_stops_at_the_time_limit() {
    let options =
        ServeOptions { solve_time_limit: Duration::from_millis(1500), ..ServeOptions::default() };
    let addr = server(options).await;
    let mut socket = open(addr, &long_game()).await;
    let started = Instant::now();
    let (progress, end) = to_the_end(&mut socket).await;
    assert_eq!(end["type"], "stopped", "{end}");
    assert_eq!(end["reason"], "time limit");
    assert!(started.elapsed() >= Duration::from_millis(1400), "{:?}", started.elapsed());
    assert!(!progress.is_empty(), "progress is sent while the solve runs");
    let p = &progress[0];
    assert!(p["nodes"].is_u64() && p["elapsed_ms"].is_u64(), "{p}");
    // The bounds of Kalah(6,4): 48 seeds.
    assert!(end["lower"].as_i64().unwrap() >= -48 && end["upper"].as_i64().unwrap() <= 48);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_solve_at_a_time_and_closing_the_socket_stops_it() {
    let addr = server(ServeOptions::default()).await;
    let mut first = open(addr, &long_game()).await;
    // Wait until it runs.
    let m = next(&mut first).await.unwrap();
    assert_eq!(m["type"], "progress", "{m}");
    let small = json!({"game": {"variant": "kalah-irving", "pits_per_side": 3, "seeds": 3}});
    let mut second = open(addr, &small).await;
    let (_, end) = to_the_end(&mut second).await;
    assert_eq!(end["type"], "error");
    assert!(end["error"].as_str().unwrap().contains("another solve is running"), "{end}");
    // Closing the first socket stops its solve: a new one may then run.
    first.close(None).await.unwrap();
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mut again = open(addr, &small).await;
        let (_, end) = to_the_end(&mut again).await;
        if end["type"] == "result" {
            break;
        }
        assert!(end["error"].as_str().unwrap().contains("another solve"), "{end}");
        assert!(Instant::now() < deadline, "the closed socket's solve did not stop");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn what_cannot_be_solved_gets_an_error() {
    let addr = server(ServeOptions::default()).await;
    let cases = [
        (
            json!({"game": {"variant": "oware", "pits_per_side": 2, "seeds": 1},
                "moves": ["2", "2", "1"]}),
            "the game is over",
        ),
        (json!({"game": {"variant": "nope"}}), "unknown variant"),
        (json!({"game": {"variant": "kalah"}, "moves": ["9"]}), "move #1"),
        (json!({"game": {"variant": "kalah"}, "extra": 1}), "unknown field `extra`"),
        (json!([1, 2]), "not valid"),
        // The solver is compact by nature: the wide board (Hus on 4x12) is refused.
        (
            json!({"game": {"variant_file": include_str!("../../core/variants/hus-12.toml")}}),
            "the solver takes only boards of the compact layout (at most 16 pits a side on two rows, 8 a row on four rows, 255 seeds in all)",
        ),
    ];
    for (request, words) in cases {
        let mut socket = open(addr, &request).await;
        let (progress, end) = to_the_end(&mut socket).await;
        assert!(progress.is_empty());
        assert_eq!(end["type"], "error", "{request}: {end}");
        assert!(end["error"].as_str().unwrap().contains(words), "{request}: {end}");
    }
}

/// The value `mancala_solver::solve_by_search` proves for the game after
/// `moves`, South's, and its best moves.
fn searched(v: &Variant, moves: &str, db: Option<&std::path::Path>) -> (i32, Vec<String>) {
    let mut game = Game::new(v.clone());
    game.play_moves(moves).unwrap();
    let opened = db.and_then(|d| mancala_solver::Databases::open(v, d).unwrap()).map(|mut o| {
        o.exact |= mancala_solver::repetition::searches_to_the_end(v);
        o
    });
    let options = mancala_engine::search::SearchOptions { hash_mb: 16, solve_seeds: None };
    let mut searcher =
        mancala_engine::search::Searcher::new(options).with_endgame(opened.map(|o| o.oracle));
    let s = mancala_solver::solve_by_search(&game, &mut searcher, None, &mut |_| {}).unwrap();
    (s.margin().expect("proven"), s.best_moves().iter().map(|m| m.to_string()).collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_under_a_repetition_rule_is_solved_by_search() {
    let addr = server(ServeOptions::default()).await;
    let v = Variant::preset("oware").unwrap().resized(Some(3), Some(2)).unwrap();
    // From the start, and with a history since the last capture.
    for moves in ["", "1 1"] {
        let (margin, best) = searched(&v, moves, None);
        let request = json!({"game": {"variant": "oware", "pits_per_side": 3, "seeds": 2},
                             "moves": moves.split_whitespace().collect::<Vec<_>>()});
        let mut socket = open(addr, &request).await;
        let (progress, end) = to_the_end(&mut socket).await;
        assert_eq!(end["type"], "result", "{end}");
        assert_eq!(
            (end["method"].as_str(), end["played_to_the_end"].as_bool()),
            (Some("search"), Some(false))
        );
        assert_eq!(end["value_south"], margin, "{moves}: {end}");
        assert_eq!(end["best"], json!(best), "{moves}: {end}");
        let value = end["value"].as_i64().unwrap();
        for p in &progress {
            let (lower, upper) = (p["lower"].as_i64().unwrap(), p["upper"].as_i64().unwrap());
            assert!(lower <= value && value <= upper, "{p} against {value}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn awari_is_read_from_the_database_on_disk_and_searched_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::preset("awari").unwrap().resized(Some(3), Some(2)).unwrap();
    mancala_solver::Databases::build(&v, 12, dir.path(), 1, &|_| {}).unwrap();
    let options =
        ServeOptions { db_dir: Some(dir.path().to_path_buf()), ..ServeOptions::default() };
    let addr = server(options).await;
    let game = json!({"variant": "awari", "pits_per_side": 3, "seeds": 2});
    // The start: fresh, read from the database.
    let expected = mancala_solver::solve_from_database(
        &Game::new(v.clone()),
        &mancala_solver::Databases::open_database(&v, dir.path()).unwrap().unwrap(),
    )
    .unwrap();
    let mut socket = open(addr, &json!({"game": game})).await;
    let (_, end) = to_the_end(&mut socket).await;
    assert_eq!(end["method"], "database", "{end}");
    assert_eq!(end["played_to_the_end"], true, "{end}");
    assert_eq!(end["value_south"], expected.margin, "{end}");
    // A move that captures nothing leaves a history: searched, probing the database.
    let (margin, best) = searched(&v, "1", Some(dir.path()));
    let mut socket = open(addr, &json!({"game": game, "moves": ["1"]})).await;
    let (_, end) = to_the_end(&mut socket).await;
    assert_eq!(
        (end["method"].as_str(), end["played_to_the_end"].as_bool()),
        (Some("search"), Some(true)),
        "{end}"
    );
    assert_eq!(end["value_south"], margin, "{end}");
    assert_eq!(end["best"], json!(best), "{end}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solve_by_search_stops_at_the_time_limit_with_a_proven_bound() {
    let options =
        ServeOptions { solve_time_limit: Duration::from_millis(1500), ..ServeOptions::default() };
    let addr = server(options).await;
    let mut socket = open(addr, &json!({"game": {"variant": "oware"}})).await;
    let (_, end) = to_the_end(&mut socket).await;
    assert_eq!(end["type"], "stopped", "{end}");
    assert_eq!(end["reason"], "time limit");
    let (lower, upper) = (end["lower"].as_i64().unwrap(), end["upper"].as_i64().unwrap());
    assert!(-48 <= lower && lower <= upper && upper <= 48, "{end}");
}
