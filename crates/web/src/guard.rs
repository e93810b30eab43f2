//! Requests from other sites are refused. A page the user opens elsewhere
//! could otherwise drive the API: a WebSocket is not held back by the
//! browser's same-origin rules, and a site whose name is made to point at
//! 127.0.0.1 (DNS rebinding) would be "same origin" with this server.
//!
//! - While the server listens on the loopback address only, a request must
//!   name this machine in its `Host` header (`localhost` or a loopback
//!   address, any port).
//! - A request to the API that carries an `Origin` header (browsers send it
//!   with every WebSocket and every `POST`) must come from the page's own
//!   origin: the origin's host and port are the `Host` header's.

use std::net::IpAddr;

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;

use crate::error::error_response;

/// Whether requests naming any host are served (the server listens beyond
/// the loopback address).
#[derive(Clone, Copy)]
pub struct AnyHost(pub bool);

/// The host of a `Host` header's value, without the port (and brackets).
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

fn this_machine(host: &str) -> bool {
    let name = host_name(host);
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

pub async fn same_site(
    State(AnyHost(any_host)): State<AnyHost>,
    req: Request,
    next: Next,
) -> Response {
    let headers = req.headers();
    let host = headers.get(HOST).map(|h| h.to_str().unwrap_or(""));
    if let (false, Some(host)) = (any_host, host) {
        if !this_machine(host) {
            return error_response(
                StatusCode::FORBIDDEN,
                &format!(
                    "this server answers requests to this machine only (localhost or 127.0.0.1), \
                     not to {:?}; to serve other machines, start it with --listen",
                    mancala_core::quote(host)
                ),
            );
        }
    }
    let api = req.uri().path().starts_with("/api/");
    if let (true, Some(origin)) = (api, headers.get(ORIGIN)) {
        let origin = origin.to_str().unwrap_or("");
        let authority = origin.split_once("://").map(|(_, rest)| rest);
        let same = match (authority, host) {
            (Some(authority), Some(host)) => authority.eq_ignore_ascii_case(host),
            _ => false,
        };
        if !same {
            return error_response(
                StatusCode::FORBIDDEN,
                &format!(
                    "a page from {:?} may not use this server's API: only the page it serves can",
                    mancala_core::quote(origin)
                ),
            );
        }
    }
    next.run(req).await
}
