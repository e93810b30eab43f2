//! Errors as the API gives them: a 4xx or 5xx status and `{"error":
//! "message"}`, and the JSON body extractor that turns every rejection
//! (bad JSON, a wrong field, a missing content type, a body over the
//! limit) into one.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::limits::MAX_BODY_BYTES;

/// A request the API refuses, or could not serve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status answered, 4xx or 5xx.
    pub status: StatusCode,
    /// What went wrong, for the `error` field of the body.
    pub message: String,
}

impl ApiError {
    /// 400: the request is wrong; `message` says what and what is allowed.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// `{"error": message}` with `status`.
pub fn error_response(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        error_response(self.status, &self.message)
    }
}

/// A JSON request body read into `T`; any rejection is an [`ApiError`]:
/// 400 for text that is not JSON, 422 for JSON of the wrong shape (an
/// unknown or missing field, a wrong type), 415 without
/// `Content-Type: application/json`, 413 for a body over the limit.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(rejection_error(rejection)),
        }
    }
}

fn rejection_error(rejection: JsonRejection) -> ApiError {
    let status = rejection.status();
    let message = match &rejection {
        JsonRejection::JsonDataError(e) => {
            format!(
                "the request's JSON does not fit: {}",
                std::error::Error::source(e).map_or_else(|| e.body_text(), |s| s.to_string())
            )
        }
        JsonRejection::JsonSyntaxError(e) => {
            format!(
                "the request is not valid JSON: {}",
                std::error::Error::source(e).map_or_else(|| e.body_text(), |s| s.to_string())
            )
        }
        JsonRejection::MissingJsonContentType(_) => {
            "the request must have the header Content-Type: application/json".to_string()
        }
        _ if status == StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        _ => rejection.body_text(),
    };
    ApiError { status, message }
}

/// The message of a body over the limit.
pub fn too_large() -> String {
    format!(
        "the request body is larger than {} MiB ({MAX_BODY_BYTES} bytes), the most a request may \
         be",
        MAX_BODY_BYTES >> 20
    )
}
