//! `mancala serve`: started on any free port, it prints its address and
//! serves the page and the API there.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use common::Sandbox;

/// Stops the server when the test ends, whether it passes or not.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request; the status line's code and the body.
fn fetch(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(body) = body {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(body.unwrap_or(""));
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a header and a body");
    let code = head.split(' ').nth(1).unwrap().parse().unwrap();
    (code, body.to_string())
}

#[test]
fn serve_on_port_0_prints_its_address_and_serves_the_page_and_the_api() {
    let sandbox = Sandbox::new();
    let child = sandbox
        .mancala()
        .args(["serve", "--port", "0", "--no-db"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("mancala serve starts");
    let mut server = Server(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    assert!(!addr.ends_with(":0") && !addr.ends_with(":8765"), "{addr}");

    let (code, page) = fetch(addr, "GET", "/", None);
    assert_eq!(code, 200);
    assert!(page.contains("<html") || page.contains("<!DOCTYPE") || page.contains("<!doctype"));

    let (code, variants) = fetch(addr, "GET", "/api/variants", None);
    assert_eq!(code, 200);
    let variants: serde_json::Value = serde_json::from_str(&variants).unwrap();
    assert_eq!(variants["variants"][0]["name"], "kalah");

    // The API's state is the very object `mancala state` prints.
    let body = r#"{"game": {"variant": "oware", "pits_per_side": 5}, "moves": ["2", "4"]}"#;
    let (code, state) = fetch(addr, "POST", "/api/state", Some(body));
    assert_eq!(code, 200, "{state}");
    let printed = sandbox
        .mancala()
        .args(["state", "--variant", "oware", "--pits-per-side", "5", "--moves", "2,4"])
        .output()
        .unwrap();
    assert!(printed.status.success());
    let printed = String::from_utf8(printed.stdout).unwrap();
    assert!(state.starts_with(&format!("{{\"state\":{},", printed.trim())), "{state}\n{printed}");

    let (code, missing) = fetch(addr, "GET", "/api/missing", None);
    assert_eq!(code, 404);
    assert!(missing.contains("\"error\""), "{missing}");
}
