//! The mancala web app behind `mancala serve`: a local HTTP server with one
//! page (a graphical board, play and analysis) and a small JSON/WebSocket
//! API over the libraries, documented in `docs/web.md`.
//!
//! [`router`] is the whole app, to be served by [`serve`] or driven in tests
//! without a socket.

#![warn(missing_docs)]

mod api;
mod assets;
mod endgames;
mod error;
mod game;
mod guard;
pub mod limits;
mod solve;
mod state_json;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;

pub use api::{state_body, StateReply};
pub use error::ApiError;
pub use state_json::{Claimed, FourRows, OutOfPlay, RoundEnd, StateJson, Stores, TwoRows};

/// What the server is given: the library takes its folders, it reads no
/// environment.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The folder of the endgame databases to probe (read only); `None`:
    /// no databases.
    pub db_dir: Option<PathBuf>,
    /// How long a solve may run before it stops with the bounds proven
    /// ([`limits::SOLVE_TIME_LIMIT`] by default).
    pub solve_time_limit: Duration,
    /// Searches that may run at once (the number of cores by default).
    pub search_slots: usize,
    /// How long a search waits for a slot before 503
    /// ([`limits::SLOT_WAIT`] by default).
    pub slot_wait: Duration,
    /// Serve requests that name any IP address of the machine (for a
    /// server listening beyond the loopback address). Requests must name
    /// `localhost`, a loopback address or one of [`Self::allowed_hosts`]
    /// otherwise, so that a site whose name is made to point at the server
    /// cannot use it; requests to the API from a page of another origin
    /// are refused either way (docs/web.md).
    pub any_address: bool,
    /// Host names served besides `localhost` (`--allow-host`).
    pub allowed_hosts: Vec<String>,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            db_dir: None,
            solve_time_limit: limits::SOLVE_TIME_LIMIT,
            search_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            slot_wait: limits::SLOT_WAIT,
            any_address: false,
            allowed_hosts: Vec::new(),
        }
    }
}

/// What every request shares.
pub(crate) struct AppState {
    pub endgames: endgames::Endgames,
    pub db_dir: Option<PathBuf>,
    pub search_slots: Arc<tokio::sync::Semaphore>,
    pub slot_count: usize,
    pub slot_wait: Duration,
    pub solve_lock: Arc<tokio::sync::Mutex<()>>,
    pub solve_time_limit: Duration,
}

/// The whole app: the page, its assets and the API.
pub fn router(options: ServeOptions) -> Router {
    let slots = options.search_slots.max(1);
    let state = Arc::new(AppState {
        endgames: endgames::Endgames::new(options.db_dir.clone()),
        db_dir: options.db_dir,
        search_slots: Arc::new(tokio::sync::Semaphore::new(slots)),
        slot_count: slots,
        slot_wait: options.slot_wait,
        solve_lock: Arc::new(tokio::sync::Mutex::new(())),
        solve_time_limit: options.solve_time_limit,
    });
    let api = api::routes()
        .merge(solve::routes())
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state);
    Router::new()
        .merge(assets::routes())
        .merge(api)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits::MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(guard::Hosts {
                any_address: options.any_address,
                names: options.allowed_hosts.clone(),
            }),
            guard::same_site,
        ))
}

async fn method_not_allowed(uri: Uri, method: axum::http::Method) -> Response {
    error::error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!("{} does not take {method}", uri.path()),
    )
}

async fn not_found(uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return error::error_response(
            StatusCode::NOT_FOUND,
            &format!("no such endpoint: {path} (docs/web.md lists the API)"),
        );
    }
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}

/// Serves [`router`] on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    options: ServeOptions,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(options)).with_graceful_shutdown(shutdown).await
}

/// The address `mancala serve` listens on by default: this machine only.
pub const DEFAULT_ADDR: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 8765);
