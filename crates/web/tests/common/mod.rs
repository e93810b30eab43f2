//! Driving the app in tests: requests through `router()` without a socket.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use mancala_web::{router, ServeOptions};
use serde_json::Value;
use tower::ServiceExt;

/// The app with no databases.
pub fn app() -> Router {
    router(ServeOptions::default())
}

/// A response: its status, and its body as JSON (`Value::Null` if it is not
/// JSON) and as text.
pub struct Reply {
    pub status: StatusCode,
    pub json: Value,
    pub text: String,
    pub content_type: String,
}

impl Reply {
    /// The `error` message, checking it is the only field.
    pub fn error(&self) -> &str {
        let object =
            self.json.as_object().unwrap_or_else(|| panic!("not an object: {}", self.text));
        assert_eq!(object.len(), 1, "{}", self.text);
        object["error"].as_str().unwrap_or_else(|| panic!("no error message: {}", self.text))
    }
}

/// Sends `request` as a browser on this machine would: with a `Host`
/// header (`127.0.0.1:8765`) unless it has one.
pub async fn send(app: &Router, mut request: Request<Body>) -> Reply {
    if !request.headers().contains_key("host") {
        request.headers_mut().insert("host", "127.0.0.1:8765".parse().unwrap());
    }
    let response = app.clone().oneshot(request).await.expect("the router answers");
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Reply { status, json, text, content_type }
}

pub async fn get(app: &Router, path: &str) -> Reply {
    send(app, Request::get(path).body(Body::empty()).unwrap()).await
}

/// A POST of `body` as JSON.
pub async fn post_text(app: &Router, path: &str, body: impl Into<Body>) -> Reply {
    let request =
        Request::post(path).header("content-type", "application/json").body(body.into()).unwrap();
    send(app, request).await
}

pub async fn post(app: &Router, path: &str, body: Value) -> Reply {
    post_text(app, path, body.to_string()).await
}
