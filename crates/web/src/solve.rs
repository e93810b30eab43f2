//! `GET /api/solve`: a WebSocket proving a position's value with the exact
//! solver ([`mancala_solver::SolvePlan`]). The page sends the game as one
//! text message; the server answers with progress, then the result (or
//! why it stopped, or an error). `{"type": "cancel"}` or closing the socket
//! stops the solve. One solve at a time, at most [`SOLVE_TABLE_MB`] MiB of
//! table, stopped after the server's time limit; the databases on disk are
//! used as they are (none is built) and no file is written.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use mancala_core::{Game, Move, Position, Repetition, Side, StorePlacement, Variant};
use mancala_engine::search::score::for_side;
use mancala_engine::search::{SearchOptions, Searcher, DEEPEST};
use mancala_solver::repetition::{self, Route};
use mancala_solver::{default_table_megabytes, Databases, PlanError, PlanEvent, SolvePlan};
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
    Solved {
        /// South's store minus North's at the end under perfect play.
        value_south: i32,
        best: Vec<Move>,
        /// `solver`, `database` or `search`, as the Python package says it.
        method: &'static str,
        /// The value of the game played to the end (awari's majority rule
        /// off, with its database).
        played_to_the_end: bool,
    },
    /// Stopped (cancelled or out of time) with these bounds on the mover's
    /// final margin.
    Stopped {
        lower: i32,
        upper: i32,
    },
    Failed(String),
}

/// The work of a solve, on a blocking thread: it reports bounds as they
/// are proven and ends with the outcome.
type Work = Box<dyn FnOnce(&(dyn Fn(Bounds) + Sync)) -> Outcome + Send>;

/// The exact solver's work (games without a repetition rule).
fn solver_work(
    v: &Variant,
    root: Position,
    db_dir: Option<&Path>,
    stop: &Arc<AtomicBool>,
) -> Result<Work, String> {
    // Every core but one: the page (and other searches) stay answered.
    let threads =
        std::thread::available_parallelism().map_or(1, |n| n.get()).saturating_sub(1).max(1);
    let mut plan = SolvePlan::new(v, root)
        .threads(threads)
        .table_megabytes(default_table_megabytes(v).clamp(1, SOLVE_TABLE_MB))
        // Only the databases on disk: none is built.
        .db_seeds(0)
        .stop_flag(stop.clone());
    if let Some(dir) = db_dir {
        plan = plan.databases(dir);
    }
    plan.check().map_err(|e| format!("this position cannot be solved: {e}"))?;
    let now = mover_margin(&root);
    Ok(Box::new(move |send| {
        let result = plan.solve(&|e| {
            if let PlanEvent::Solve(p) = e {
                send(Bounds {
                    lower: now + p.lower,
                    upper: now + p.upper,
                    nodes: p.nodes,
                    elapsed: p.elapsed,
                });
            }
        });
        match result {
            Ok(solution) => Outcome::Solved {
                value_south: solution.margin,
                best: solution.best_moves,
                method: "solver",
                played_to_the_end: false,
            },
            Err(PlanError::Interrupted(i)) => {
                Outcome::Stopped { lower: now + i.lower, upper: now + i.upper }
            }
            Err(e) => Outcome::Failed(e.to_string()),
        }
    }))
}

/// A game under a repetition rule (the Oware family), as `mancala solve`
/// takes it ([`repetition::route`]): from the database on disk (awari's
/// rule, a position without history since the last capture), otherwise
/// proven by search with the database where it applies.
fn repetition_work(
    game: Game,
    db_dir: Option<PathBuf>,
    stop: &Arc<AtomicBool>,
) -> Result<Work, String> {
    let v = game.variant().clone();
    let root = *game.position();
    // The databases on disk only (none is built); oware's rule uses none.
    let on_disk = (v.rules().end.repetition == Repetition::Split).then_some(0);
    let route = repetition::route(&game, db_dir.as_deref(), on_disk, "db_seeds")
        .map_err(|e| format!("this position cannot be solved: {e}"))?;
    let stop = stop.clone();
    let now = mover_margin(&root);
    let in_pits = root.seeds_in_pits() as i32;
    Ok(Box::new(move |send| {
        let failed = |e: String| Outcome::Failed(e);
        if let Route::Database { .. } = route {
            let Some(dir) = &db_dir else { return failed("no database folder".into()) };
            let db = match Databases::open_database(&v, dir) {
                Ok(Some(db)) => db,
                Ok(None) => return failed("the endgame database is no longer on disk".into()),
                Err(e) => return failed(format!("the endgame database: {e}")),
            };
            return match repetition::solve_from_database(&game, &db) {
                Ok(solution) => Outcome::Solved {
                    value_south: solution.margin,
                    best: solution.best_moves,
                    method: "database",
                    played_to_the_end: v.rules().end.majority,
                },
                Err(e) => failed(e.to_string()),
            };
        }
        let opened = db_dir.as_deref().and_then(|dir| Databases::open(&v, dir).ok().flatten()).map(
            |mut o| {
                o.exact |= repetition::searches_to_the_end(&v);
                o
            },
        );
        let options = SearchOptions { hash_mb: SOLVE_TABLE_MB, solve_seeds: None };
        let mut searcher = match Searcher::try_new(options) {
            Ok(s) => s.with_endgame(opened.map(|o| o.oracle)),
            Err(e) => return failed(e.to_string()),
        };
        // One thread: helper threads' other move orders can leave a line
        // unproven that one thread proves (docs/engine.md).
        let mut lower = now - in_pits;
        let result = repetition::solve_by_search(&game, &mut searcher, Some(&stop), &mut |i| {
            // The best move's score, once proven, is a score the mover can
            // reach.
            if i.exact {
                lower = lower.max(i.score);
            }
            send(Bounds { lower, upper: now + in_pits, nodes: i.nodes, elapsed: i.elapsed });
        });
        let solution = match result {
            Ok(solution) => solution,
            Err(e) => return failed(e.to_string()),
        };
        if let Some(value_south) = solution.margin() {
            return Outcome::Solved {
                value_south,
                best: solution.best_moves(),
                method: "search",
                played_to_the_end: solution.played_to_the_end,
            };
        }
        if let Some((_, score)) = solution.at_least() {
            lower = lower.max(score);
        }
        if stop.load(Ordering::Relaxed) {
            return Outcome::Stopped { lower, upper: now + in_pits };
        }
        failed(format!(
            "the search reached its deepest ({DEEPEST} moves) without proving the value: the \
             seeds can circle for longer than it looks ahead"
        ))
    }))
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
    let rules = v.rules();
    let under_repetition =
        rules.end.repetition != Repetition::None && rules.board.stores == StorePlacement::Beside;
    if !under_repetition {
        if let Err(e) = mancala_solver::can_solve(&v) {
            return fail(socket, format!("this variant cannot be solved: {e}")).await;
        }
    }
    let Ok(_one_at_a_time) = app.solve_lock.clone().try_lock_owned() else {
        return fail(
            socket,
            "another solve is running: one solve at a time; try again when it ends",
        )
        .await;
    };
    let root = *game.position();
    if root.is_over() {
        return fail(socket, "the game is over: there is nothing to solve").await;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let work = if under_repetition {
        repetition_work(game, app.db_dir.clone(), &stop)
    } else {
        solver_work(&v, root, app.db_dir.as_deref(), &stop)
    };
    let work = match work {
        Ok(work) => work,
        Err(e) => return fail(socket, e).await,
    };
    let (tx, mut progress) = tokio::sync::mpsc::unbounded_channel::<Bounds>();
    let mut task = tokio::task::spawn_blocking(move || {
        work(&move |b| {
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
        Ok(Outcome::Solved { value_south, best, method, played_to_the_end }) => {
            let best: Vec<String> = best.iter().map(|m| m.to_string()).collect();
            let value = for_side(root.to_move(), value_south);
            json!({
                "type": "result", "value": value, "value_south": value_south, "best": best,
                "exact": true, "method": method, "played_to_the_end": played_to_the_end,
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
