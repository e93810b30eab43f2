//! `GET /api/solve`: a WebSocket proving a position's value with the exact
//! solver ([`mancala_solver::SolvePlan`]). The page sends the game as one
//! text message; the server answers with progress, then the result (or
//! why it stopped, or an error). `{"type": "cancel"}` or closing the socket
//! stops the solve. One solve at a time, at most [`SOLVE_TABLE_MB`] MiB of
//! table, stopped after the server's time limit; the databases on disk are
//! used as they are (none is built) and no file is written.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use mancala_core::{Position, Side};
use mancala_solver::{default_table_megabytes, PlanError, PlanEvent, SolvePlan, SolveProgress};
use serde_json::{json, Value};

use crate::game::GameRequest;
use crate::limits::{MAX_BODY_BYTES, SOLVE_TABLE_MB};
use crate::AppState;

/// How long the socket waits for the game before it gives up.
const FIRST_MESSAGE_WAIT: Duration = Duration::from_secs(60);
/// Progress is sent when the bounds move, and otherwise at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

pub fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/api/solve", get(solve_socket))
}

async fn solve_socket(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    State(app): State<Arc<AppState>>,
) -> Response {
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            return crate::error::error_response(
                e.status(),
                &format!("/api/solve is a WebSocket: open it as one ({})", e.body_text()),
            )
        }
    };
    ws.max_message_size(MAX_BODY_BYTES).on_upgrade(move |socket| solve(socket, app))
}

async fn send(socket: &mut WebSocket, message: Value) -> bool {
    socket.send(Message::Text(message.to_string().into())).await.is_ok()
}

async fn fail(mut socket: WebSocket, message: impl Into<String>) {
    let message: String = message.into();
    send(&mut socket, json!({"type": "error", "error": message})).await;
    let _ = socket.send(Message::Close(None)).await;
}

/// The mover's store minus the opponent's now: a bound on the mover's
/// future margin plus this is a bound on their final margin.
fn mover_margin(root: &Position) -> i32 {
    let margin = root.store_margin();
    if root.to_move() == Side::South {
        margin
    } else {
        -margin
    }
}

async fn solve(mut socket: WebSocket, app: Arc<AppState>) {
    let text = match tokio::time::timeout(FIRST_MESSAGE_WAIT, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return,
        Ok(Some(Ok(_))) => return fail(socket, "send the game as one text message (JSON)").await,
        Err(_) => {
            let wait = FIRST_MESSAGE_WAIT.as_secs();
            return fail(socket, format!("no game was sent within {wait} s")).await;
        }
    };
    let request: GameRequest = match serde_json::from_str(text.as_str()) {
        Ok(r) => r,
        Err(e) => return fail(socket, format!("the game is not valid: {e}")).await,
    };
    let game = match request.game_ref().replay() {
        Ok(game) => game,
        Err(e) => return fail(socket, e.message).await,
    };
    let v = game.variant().clone();
    if let Err(e) = mancala_solver::can_solve(&v) {
        return fail(socket, format!("this variant cannot be solved: {e}")).await;
    }
    let Ok(_one_at_a_time) = app.solve_lock.clone().try_lock_owned() else {
        return fail(
            socket,
            "another solve is running: one solve at a time; try again when it ends",
        )
        .await;
    };
    let root = *game.position();
    let stop = Arc::new(AtomicBool::new(false));
    // Every core but one: the page (and other searches) stay answered.
    let threads =
        std::thread::available_parallelism().map_or(1, |n| n.get()).saturating_sub(1).max(1);
    let mut plan = SolvePlan::new(&v, root)
        .threads(threads)
        .table_megabytes(default_table_megabytes(&v).clamp(1, SOLVE_TABLE_MB))
        // Only the databases on disk: none is built.
        .db_seeds(0)
        .stop_flag(stop.clone());
    if let Some(dir) = &app.db_dir {
        plan = plan.databases(dir);
    }
    if let Err(e) = plan.check() {
        return fail(socket, format!("this position cannot be solved: {e}")).await;
    }
    let (tx, mut progress) = tokio::sync::mpsc::unbounded_channel::<SolveProgress>();
    let mut task = tokio::task::spawn_blocking(move || {
        plan.solve(&|e| {
            if let PlanEvent::Solve(p) = e {
                let _ = tx.send(p);
            }
        })
    });
    let now = mover_margin(&root);
    // The bounds known before any search: the seeds in the pits either way.
    let in_pits = root.seeds_in_pits() as i32;
    let mut open = send(
        &mut socket,
        json!({
            "type": "progress", "lower": now - in_pits, "upper": now + in_pits, "nodes": 0,
            "elapsed_ms": 0,
        }),
    )
    .await;
    let deadline = tokio::time::sleep(app.solve_time_limit);
    tokio::pin!(deadline);
    let mut reason: Option<&'static str> = None;
    let mut last: Option<(Instant, i32, i32)> = None;
    let result = loop {
        tokio::select! {
            result = &mut task => break result,
            Some(p) = progress.recv() => {
                let due = last.is_none_or(|(at, lower, upper)| {
                    (lower, upper) != (p.lower, p.upper) || at.elapsed() >= PROGRESS_EVERY
                });
                if due && open {
                    last = Some((Instant::now(), p.lower, p.upper));
                    open = send(&mut socket, json!({
                        "type": "progress", "lower": now + p.lower, "upper": now + p.upper,
                        "nodes": p.nodes, "elapsed_ms": p.elapsed.as_millis() as u64,
                    })).await;
                }
            }
            message = socket.recv(), if reason.is_none() => match message {
                Some(Ok(Message::Text(t))) => {
                    let cancel = serde_json::from_str::<Value>(t.as_str())
                        .is_ok_and(|m| m == json!({"type": "cancel"}));
                    if cancel {
                        stop.store(true, Ordering::Relaxed);
                        reason = Some("cancelled");
                    }
                }
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => {
                    stop.store(true, Ordering::Relaxed);
                    reason = Some("cancelled");
                    open = false;
                }
                Some(Ok(_)) => {}
            },
            _ = &mut deadline, if reason.is_none() => {
                stop.store(true, Ordering::Relaxed);
                reason = Some("time limit");
            }
        }
    };
    if !open {
        return;
    }
    let message = match result {
        Ok(Ok(solution)) => {
            let best: Vec<String> = solution.best_moves.iter().map(|m| m.to_string()).collect();
            let value =
                if root.to_move() == Side::South { solution.margin } else { -solution.margin };
            json!({
                "type": "result", "value": value, "value_south": solution.margin, "best": best,
                "exact": true,
            })
        }
        Ok(Err(PlanError::Interrupted(i))) => json!({
            "type": "stopped", "lower": now + i.lower, "upper": now + i.upper,
            "reason": reason.unwrap_or("cancelled"),
        }),
        Ok(Err(e)) => json!({"type": "error", "error": e.to_string()}),
        Err(e) => json!({"type": "error", "error": format!("the solve failed: {e}")}),
    };
    send(&mut socket, message).await;
    let _ = socket.send(Message::Close(None)).await;
}
