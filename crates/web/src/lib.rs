//! The mancala web app behind `mancala serve`: a local HTTP server with one
//! page (a graphical board, play and analysis) and a small JSON/WebSocket
//! API over the libraries, documented in `docs/web.md`.
//!
//! [`router`] is the whole app, to be served by [`serve`] or driven in tests
//! without a socket.

mod assets;

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::Router;

/// What the server is given: the library takes its folders, it reads no
/// environment.
#[derive(Clone, Debug, Default)]
pub struct ServeOptions {
    /// The folder of the endgame databases to probe (read only); `None`:
    /// no databases.
    pub db_dir: Option<PathBuf>,
}

/// The whole app: the page, its assets and the API.
pub fn router(options: ServeOptions) -> Router {
    let _ = options;
    Router::new().merge(assets::routes())
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
