//! The endgame databases behind the API: used read only from the folder
//! the server is given, a damaged one skipped, and never built or written
//! by a request.

mod common;

use std::path::Path;

use axum::http::StatusCode;
use common::*;
use mancala_core::{Setup, Variant};
use mancala_solver::Databases;
use mancala_web::{router, ServeOptions};
use serde_json::json;

fn irving_3x2() -> Variant {
    Variant::preset("kalah-irving").unwrap().resized(Some(3), Some(2)).unwrap()
}

/// Every file under `dir` with its bytes, sorted by path.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push((path.display().to_string(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// A position of Kalah(3,2) with 4 seeds left in the pits: the database
/// up to 6 seeds holds it and every position after it.
const FEW_SEEDS: &str = "1,1,0:4/1,1,0:4/S";

fn search_request() -> serde_json::Value {
    json!({"game": {"variant": "kalah-irving", "pits_per_side": 3, "seeds": 2},
           "start": FEW_SEEDS, "movetime_ms": 200})
}

#[tokio::test]
async fn a_search_uses_the_database_in_the_folder_given_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let v = irving_3x2();
    Databases::build(&v, 6, dir.path(), 1, &|_| {}).unwrap();
    let before = files(dir.path());
    let app =
        router(ServeOptions { db_dir: Some(dir.path().to_path_buf()), ..ServeOptions::default() });
    let r = post(&app, "/api/search", search_request()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.json["exact"], true, "{}", r.text);
    assert_eq!(r.json["from_database"], true, "{}", r.text);
    // The database's value is the position's.
    let p = FEW_SEEDS.parse::<Setup>().unwrap().position_unchecked();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let options = mancala_solver::SolveOptions { table_megabytes: 4, threads: 1 };
    let solved =
        mancala_solver::Solver::new(&v, None, options, &stop).solve(&p, None, &|_| {}).unwrap();
    assert_eq!(r.json["score_south"], solved.margin);
    // Without the folder, the same search says so.
    let r = post(&app_without_db(), "/api/search", search_request()).await;
    assert_eq!(r.json["from_database"], false, "{}", r.text);
    assert_eq!(files(dir.path()), before, "the API wrote to the databases' folder");
}

fn app_without_db() -> axum::Router {
    router(ServeOptions::default())
}

#[tokio::test]
async fn a_damaged_database_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let v = irving_3x2();
    Databases::build(&v, 6, dir.path(), 1, &|_| {}).unwrap();
    let layer = Databases::folder(&v, dir.path()).join("layer-004.mdb");
    let mut bytes = std::fs::read(&layer).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&layer, bytes).unwrap();
    let app =
        router(ServeOptions { db_dir: Some(dir.path().to_path_buf()), ..ServeOptions::default() });
    for _ in 0..2 {
        let r = post(&app, "/api/search", search_request()).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.json["from_database"], false, "{}", r.text);
    }
}

#[tokio::test]
async fn a_solve_builds_no_database() {
    let dir = tempfile::tempdir().unwrap();
    let options =
        ServeOptions { db_dir: Some(dir.path().to_path_buf()), ..ServeOptions::default() };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(mancala_web::serve(listener, options, std::future::pending()));
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/solve")).await.unwrap();
    use futures_util::{SinkExt, StreamExt};
    let game = json!({"game": {"variant": "kalah-irving", "pits_per_side": 4, "seeds": 3}});
    socket
        .send(tokio_tungstenite::tungstenite::Message::Text(game.to_string().into()))
        .await
        .unwrap();
    let mut last = None;
    while let Some(Ok(m)) = socket.next().await {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            last = Some(serde_json::from_str::<serde_json::Value>(t.as_str()).unwrap());
        }
    }
    let last = last.unwrap();
    assert_eq!(last["type"], "result", "{last}");
    // Irving et al.: Kalah(4,3) is won by 8.
    assert_eq!(last["value"], 8);
    assert!(files(dir.path()).is_empty(), "the solve wrote {:?}", files(dir.path()));
}
