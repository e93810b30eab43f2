//! The page and its assets, built into the binary.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const STYLE_CSS: &str = include_str!("../assets/style.css");
const APP_JS: &str = include_str!("../assets/app.js");
const API_JS: &str = include_str!("../assets/api.js");
const BOARD_JS: &str = include_str!("../assets/board.js");
const GRAPH_JS: &str = include_str!("../assets/graph.js");

const JS: &str = "text/javascript; charset=utf-8";

pub fn routes() -> Router {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/assets/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/assets/app.js", get(|| async { asset(JS, APP_JS) }))
        .route("/assets/api.js", get(|| async { asset(JS, API_JS) }))
        .route("/assets/board.js", get(|| async { asset(JS, BOARD_JS) }))
        .route("/assets/graph.js", get(|| async { asset(JS, GRAPH_JS) }))
}

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}
