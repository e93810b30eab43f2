//! `GET /api/solve`: a WebSocket proving a position's value with
//! [`mancala_solver::Solve`], the route every front end takes (the exact
//! solver, the endgame database, or a proof by search under a repetition
//! rule). The page sends the game as one
//! text message; the server answers with progress, then the result (or
//! why it stopped, or an error). `{"type": "cancel"}` or closing the socket
//! stops the solve. One solve at a time, at most [`SOLVE_TABLE_MB`] MiB of
//! table, stopped after the server's time limit; the databases on disk are
//! used as they are (none is built) and no file is written.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use mancala_core::{Position, Side};
use mancala_solver::{PlanError, PlanEvent, Route, Solve, SolveError, Solved};
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

/// Bounds on the mover's final margin, proven so far.
struct Bounds {
    lower: i32,
    upper: i32,
    nodes: u64,
    elapsed: Duration,
}

/// How a solve ended.
enum Outcome {
    Solved(Solved),
    /// Stopped (cancelled or out of time) with these bounds on the mover's
    /// final margin.
    Stopped {
        lower: i32,
        upper: i32,
    },
    Failed(String),
}

/// The solve, on a blocking thread: it reports bounds on the mover's final
/// margin as they are proven and ends with the outcome.
fn work(solve: &Solve, route: Route, send: &(dyn Fn(Bounds) + Sync)) -> Outcome {
    let root = *solve.game().position();
    let now = mover_margin(&root);
    let in_pits = root.seeds_in_pits() as i32;
    // A proof by search: the best move's score, once proven, is a score
    // the mover can reach.
    let lower = Mutex::new(now - in_pits);
    let result = solve.run_route(route, &|e| match e {
        PlanEvent::Solve(p) => send(Bounds {
            lower: now + p.lower,
            upper: now + p.upper,
            nodes: p.nodes,
            elapsed: p.elapsed,
        }),
        PlanEvent::Depth(d) => {
            let mut lower = lower.lock().unwrap_or_else(|e| e.into_inner());
            if d.exact {
                *lower = (*lower).max(d.score);
            }
            send(Bounds {
                lower: *lower,
                upper: now + in_pits,
                nodes: d.nodes,
                elapsed: d.elapsed,
            });
        }
        _ => {}
    });
    match result {
        Ok(solved) => Outcome::Solved(solved),
        Err(SolveError::Plan(PlanError::Interrupted(i))) => {
            Outcome::Stopped { lower: now + i.lower, upper: now + i.upper }
        }
        Err(SolveError::NotProven { solution, stopped: true }) => {
            let mut lower = lower.into_inner().unwrap_or_else(|e| e.into_inner());
            if let Some((_, score)) = solution.at_least() {
                lower = lower.max(score);
            }
            Outcome::Stopped { lower, upper: now + in_pits }
        }
        Err(e) => Outcome::Failed(e.to_string()),
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
    let game = match request.game_ref().replay_compact("the solver") {
        Ok(game) => game,
        Err(e) => return fail(socket, e.message).await,
    };
    // Every core but one (the page and other searches stay answered), a
    // bounded table, only the databases on disk (none is built).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let stop = Arc::new(AtomicBool::new(false));
    let mut solve = Solve::new(&game)
        .read_only()
        .max_threads(cores.saturating_sub(1))
        .max_table_megabytes(SOLVE_TABLE_MB)
        .stop_flag(stop.clone());
    if let Some(dir) = &app.db_dir {
        solve = solve.databases(dir);
    }
    let route = match solve.route() {
        Ok(route) => route,
        Err(e) => return fail(socket, e.to_string()).await,
    };
    let Ok(_one_at_a_time) = app.solve_lock.clone().try_lock_owned() else {
        return fail(
            socket,
            "another solve is running: one solve at a time; try again when it ends",
        )
        .await;
    };
    let root = *game.position();
    let (tx, mut progress) = tokio::sync::mpsc::unbounded_channel::<Bounds>();
    let mut task = tokio::task::spawn_blocking(move || {
        work(&solve, route, &move |b| {
            let _ = tx.send(b);
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
                        "type": "progress", "lower": p.lower, "upper": p.upper,
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
        Ok(Outcome::Solved(solved)) => {
            let best: Vec<String> = solved.best_moves.iter().map(|m| m.to_string()).collect();
            json!({
                "type": "result", "value": solved.value(), "value_south": solved.margin,
                "best": best, "exact": true, "method": solved.method.name(),
                "played_to_the_end": solved.played_to_the_end,
            })
        }
        Ok(Outcome::Stopped { lower, upper }) => json!({
            "type": "stopped", "lower": lower, "upper": upper,
            "reason": reason.unwrap_or("cancelled"),
        }),
        Ok(Outcome::Failed(e)) => json!({"type": "error", "error": e}),
        Err(e) => json!({"type": "error", "error": format!("the solve failed: {e}")}),
    };
    send(&mut socket, message).await;
    let _ = socket.send(Message::Close(None)).await;
}
