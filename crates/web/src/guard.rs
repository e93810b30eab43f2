//! Requests from other sites are refused. A page the user opens elsewhere
//! could otherwise drive the API: a WebSocket is not held back by the
//! browser's same-origin rules, and a site whose name is made to point at
//! 127.0.0.1 (DNS rebinding) would be "same origin" with this server.
//!
//! - A request must carry a `Host` header naming this machine: `localhost`
//!   or a loopback address (any port); when the server listens beyond the
//!   loopback address, any IP address too, and the host names it was
//!   given (`--allow-host`). A site's own name pointing at the server is
//!   refused, so DNS rebinding gets nothing.
//! - A request to the API that carries an `Origin` header (browsers send it
//!   with every WebSocket and every `POST`) must come from the page's own
//!   origin: the origin's host and port are the `Host` header's.
//! - No page may show this one in a frame (a framed copy would send its
//!   own origin).

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{CONTENT_SECURITY_POLICY, HOST, ORIGIN, X_FRAME_OPTIONS};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use crate::error::error_response;

/// Which `Host` names are served besides `localhost` and loopback
/// addresses.
#[derive(Clone, Debug, Default)]
pub struct Hosts {
    /// Any IP address (the server listens beyond the loopback address).
    pub any_address: bool,
    /// Host names allowed by the user, lower case.
    pub names: Vec<String>,
}

/// The host of a `Host` header's value, without the port (and brackets).
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

impl Hosts {
    fn allow(&self, host: &str) -> bool {
        let name = host_name(host);
        match name.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || self.any_address,
            Err(_) => {
                name.eq_ignore_ascii_case("localhost")
                    || self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
            }
        }
    }
}

fn forbidden(message: String) -> Response {
    error_response(StatusCode::FORBIDDEN, &message)
}

pub async fn same_site(State(hosts): State<Arc<Hosts>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = match headers.get(HOST).map(|h| h.to_str()) {
        Some(Ok(host)) if hosts.allow(host) => host,
        Some(Ok(host)) => {
            return forbidden(format!(
                "this server answers requests to this machine ({}), not to {:?}; start it with \
                 --allow-host NAME to serve that name",
                if hosts.any_address {
                    "localhost or its addresses"
                } else {
                    "localhost or 127.0.0.1"
                },
                mancala_core::quote(host)
            ))
        }
        _ => return forbidden("a request must name its host (the Host header)".into()),
    };
    let api = req.uri().path().starts_with("/api/");
    if let (true, Some(origin)) = (api, headers.get(ORIGIN)) {
        let origin = origin.to_str().unwrap_or("");
        let same = origin
            .split_once("://")
            .is_some_and(|(_, authority)| authority.eq_ignore_ascii_case(host));
        if !same {
            return forbidden(format!(
                "a page from {:?} may not use this server's API: only the page it serves can",
                mancala_core::quote(origin)
            ));
        }
    }
    let mut response = next.run(req).await;
    let h = response.headers_mut();
    h.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static("frame-ancestors 'none'"));
    response
}
