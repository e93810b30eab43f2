//! The JSON endpoints of docs/web.md.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use mancala_core::{
    with_layout, Game, Layout, Match, Move, Place, Position, Side, SowEvent, Variant,
};
use mancala_engine::record::{PlayerKind, Record, MAX_RECORD_BYTES};
use mancala_engine::{SearchLimits, SearchOptions, Searcher};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::{ApiError, ApiJson};
use crate::game::{position_in, GameRef, GameRequest, GameSpec};
use crate::limits::{DEFAULT_MOVETIME_MS, MAX_MOVES, MOVETIME_MS, SEARCH_TABLE_MB};
use crate::{AppState, StateJson};

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/variants", get(variants))
        .route("/api/state", post(state))
        .route("/api/computer-move", post(computer_move))
        .route("/api/hint", post(hint))
        .route("/api/search", post(search))
        .route("/api/analyze", post(analyze))
        .route("/api/record/parse", post(record_parse))
        .route("/api/record/write", post(record_write))
}

type Reply = Result<Json<Value>, ApiError>;

/// `GET /api/variants`: the built-in variants and the sizes they allow.
async fn variants() -> Json<Value> {
    let list: Vec<Value> = Variant::presets()
        .iter()
        .map(|v| {
            let b = &v.rules().board;
            json!({
                "name": v.name(),
                "description": v.rules().description,
                "pits_per_side": b.pits_per_side,
                "seeds": b.seeds_per_pit,
                "min_pits_per_side": b.pits_per_side_range[0],
                "max_pits_per_side": b.pits_per_side_range[1],
                "min_seeds": b.seeds_per_pit_range[0],
                "max_seeds": b.seeds_per_pit_range[1],
                "pie_rule": v.rules().turn.pie_rule,
                "rows": b.rows,
            })
        })
        .collect();
    Json(json!({ "variants": list }))
}

/// A side's name in JSON.
fn side(s: Side) -> &'static str {
    s.name()
}

fn place(p: Place) -> Value {
    match p {
        Place::Pit(s, k) => json!({"side": side(s), "pit": k + 1}),
        Place::Store(s) => json!({"side": side(s), "store": true}),
        Place::EndPit(s) => json!({"side": side(s), "end_pit": true}),
    }
}

fn event(e: SowEvent) -> Value {
    match e {
        SowEvent::Pick { from, seeds } => json!({"pick": place(from), "seeds": seeds}),
        SowEvent::Drop { into } => json!({"drop": place(into)}),
        SowEvent::Capture { from, seeds, store } => {
            json!({"capture": place(from), "seeds": seeds, "store": side(store)})
        }
        SowEvent::Take { from, seeds } => json!({"take": place(from), "seeds": seeds}),
        SowEvent::Swap => json!({"swap": true}),
        SowEvent::Pass(s) => json!({"pass": side(s)}),
        SowEvent::End => json!({"end": true}),
    }
}

/// The body of `POST /api/state`: `state` is [`StateJson`] written in its
/// own field order, the very text `mancala state` prints.
#[derive(serde::Serialize)]
pub struct StateReply {
    /// The position after the moves.
    pub state: StateJson,
    /// Whether the variant has the pie rule.
    pub pie_rule: bool,
    /// Whether the player to move may swap now.
    pub swap_legal: bool,
    /// The last move replayed seed by seed, for the board to animate: an
    /// object with the move, the side that played it and its `events`;
    /// `null` before the first move.
    pub last_move: Value,
}

/// The body of `POST /api/state` for a game.
pub fn state_body<L: Layout>(game: &Game<L>) -> StateReply {
    state_body_in_match(game, &[])
}

/// The body of `POST /api/state` for a round of a match (rule `[rounds]`)
/// whose earlier rounds started from `earlier`, the first first
/// ([`StateJson::in_match`]).
pub fn state_body_in_match<L: Layout>(game: &Game<L>, earlier: &[Position<L>]) -> StateReply {
    let v = game.variant();
    let p = game.position();
    let last_move = match (game.moves().last(), game.positions().len()) {
        (Some(&mv), len) if len >= 2 => {
            let before = game.positions()[len - 2];
            let mut events: Vec<Value> = before
                .sowing_events(v, mv)
                .map(|es| es.into_iter().map(event).collect())
                .unwrap_or_default();
            // The repetition rule ends a game in `Game`, not in the move:
            // the end is told all the same.
            if p.is_over() && events.last() != Some(&event(SowEvent::End)) {
                events.push(event(SowEvent::End));
            }
            json!({"move": mv.to_string(), "mover": side(before.to_move()), "events": events})
        }
        _ => Value::Null,
    };
    StateReply {
        state: StateJson::in_match(game, earlier),
        pie_rule: v.rules().turn.pie_rule,
        swap_legal: p.legal_moves(v).contains(&Move::Swap),
        last_move,
    }
}

/// The body of a `POST /api/state` request: the game, and under rounds
/// the starts of the match's earlier rounds.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct StateRequest {
    game: GameSpec,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// Under `[rounds]`: the position string each earlier round of the
    /// match started from, the first first (`null`: the variant's start),
    /// so that a match whose next round would start as one of them did, no
    /// seed having changed hands since, ends drawn.
    #[serde(default)]
    earlier_starts: Vec<Option<String>>,
}

/// `POST /api/state`: the position after the moves, in the variant's
/// layout.
async fn state(ApiJson(r): ApiJson<StateRequest>) -> Result<Json<StateReply>, ApiError> {
    let v = r.game.variant()?;
    with_layout!(v.layout(), L => state_in::<L>(&r, v))
}

fn state_in<L: Layout>(r: &StateRequest, v: Variant) -> Result<Json<StateReply>, ApiError> {
    let game =
        GameRef { game: &r.game, start: r.start.as_deref(), moves: &r.moves }.replay_in::<L>(v)?;
    let v = game.variant();
    if !r.earlier_starts.is_empty() && v.rules().rounds.is_none() {
        return Err(ApiError::bad(format!(
            "earlier_starts gives {} rounds, but {} is played in one round (it has no [rounds] \
             rule)",
            r.earlier_starts.len(),
            v.name()
        )));
    }
    if r.earlier_starts.len() > MAX_MOVES {
        return Err(ApiError::bad(format!(
            "earlier_starts gives {} rounds: a request may carry at most {MAX_MOVES}",
            r.earlier_starts.len()
        )));
    }
    let earlier = r
        .earlier_starts
        .iter()
        .enumerate()
        .map(|(i, text)| match text {
            None => Ok(Position::start_in(v)),
            Some(text) => position_in(v, text).map_err(|e| {
                ApiError::bad(format!("earlier_starts[{i}] {:?}: {e}", mancala_core::quote(text)))
            }),
        })
        .collect::<Result<Vec<Position<L>>, ApiError>>()?;
    Ok(Json(state_body_in_match(&game, &earlier)))
}

/// Runs `work` on a blocking thread once a search slot is free (waiting
/// at most the server's slot wait, [`crate::limits::SLOT_WAIT`] by
/// default, then 503).
async fn with_slot<T: Send + 'static>(
    app: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = tokio::time::timeout(app.slot_wait, app.search_slots.clone().acquire_owned())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "every search slot is busy ({} at once) and none came free within {:.1} s: \
                     try again",
                    app.slot_count,
                    app.slot_wait.as_secs_f64()
                ),
            )
        })?
        .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping"))?;
    tokio::task::spawn_blocking(move || {
        let result = work();
        drop(permit);
        result
    })
    .await
    .map_err(|e| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("the search failed: {e}"))
    })
}

/// A game not over, or 400.
fn live<L: Layout>(game: &Game<L>) -> Result<(), ApiError> {
    if game.position().is_over() {
        return Err(ApiError::bad("the game is over: there is no move to choose"));
    }
    Ok(())
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ComputerMoveRequest {
    game: GameSpec,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    level: i64,
}

/// `POST /api/computer-move`: the computer player's move at a level.
async fn computer_move(
    State(app): State<Arc<AppState>>,
    ApiJson(r): ApiJson<ComputerMoveRequest>,
) -> Reply {
    let levels = mancala_engine::LEVELS;
    let level = u8::try_from(r.level).ok().filter(|l| levels.contains(l)).ok_or_else(|| {
        ApiError::bad(format!(
            "level {} is out of range: use {} to {}",
            r.level,
            levels.start(),
            levels.end()
        ))
    })?;
    let v = r.game.variant()?;
    let gref = GameRef { game: &r.game, start: r.start.as_deref(), moves: &r.moves };
    let seed = random_seed();
    let choice = with_layout!(v.layout(), L => {
        let game = gref.replay_in::<L>(v)?;
        live(&game)?;
        let app2 = app.clone();
        with_slot(&app, move || {
            let db = app2.endgames.for_variant(game.variant());
            mancala_engine::computer_choice_with(&game, level, seed, db.as_ref())
        })
        .await?
    });
    Ok(Json(json!({"move": choice.mv.to_string(), "score": choice.score, "exact": choice.exact})))
}

/// A seed for the low levels' mistakes: a new one each request, so that
/// games against the computer differ.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0);
    h.finish()
}

/// `POST /api/hint`: the move the hint command gives.
async fn hint(State(app): State<Arc<AppState>>, ApiJson(r): ApiJson<GameRequest>) -> Reply {
    let v = r.game.variant()?;
    let mv = with_layout!(v.layout(), L => {
        let game = r.game_ref().replay_in::<L>(v)?;
        live(&game)?;
        let app2 = app.clone();
        with_slot(&app, move || {
            let db = app2.endgames.for_variant(game.variant());
            mancala_engine::hint_with(&game, db.as_ref())
        })
        .await?
    });
    Ok(Json(json!({"move": mv.to_string()})))
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SearchRequest {
    game: GameSpec,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    movetime_ms: Option<i64>,
}

impl SearchRequest {
    /// The variant and the search's limits.
    fn variant_and_limits(&self) -> Result<(Variant, SearchLimits), ApiError> {
        let ms = match self.movetime_ms {
            None => DEFAULT_MOVETIME_MS,
            Some(ms) => {
                u64::try_from(ms).ok().filter(|ms| MOVETIME_MS.contains(ms)).ok_or_else(|| {
                    ApiError::bad(format!(
                        "movetime_ms {ms} is out of range: use {} to {}",
                        MOVETIME_MS.start(),
                        MOVETIME_MS.end()
                    ))
                })?
            }
        };
        let v = self.game.variant()?;
        Ok((v, SearchLimits::time(Duration::from_millis(ms))))
    }

    /// The game in layout `L`, the variant's.
    fn game_in<L: Layout>(&self, v: Variant) -> Result<Game<L>, ApiError> {
        GameRef { game: &self.game, start: self.start.as_deref(), moves: &self.moves }.replay_in(v)
    }
}

fn searcher() -> Searcher {
    Searcher::new(SearchOptions { hash_mb: SEARCH_TABLE_MB, solve_seeds: None })
}

fn moves_text(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// South's view of a score for the player to move in `p`.
fn south<L: Layout>(p: &Position<L>, score: i32) -> i32 {
    if p.to_move() == Side::South {
        score
    } else {
        -score
    }
}

/// `POST /api/search`: the best move and its score.
async fn search(State(app): State<Arc<AppState>>, ApiJson(r): ApiJson<SearchRequest>) -> Reply {
    let (v, limits) = r.variant_and_limits()?;
    with_layout!(v.layout(), L => search_in::<L>(app, r.game_in::<L>(v)?, limits).await)
}

async fn search_in<L: Layout>(app: Arc<AppState>, game: Game<L>, limits: SearchLimits) -> Reply {
    let p = *game.position();
    if p.is_over() {
        return Ok(Json(json!({
            "best": null, "score": south(&p, p.store_margin()), "score_south": p.store_margin(),
            "exact": true, "from_database": false, "pv": [], "depth": 0, "nodes": 0,
            "elapsed_ms": 0,
        })));
    }
    let app2 = app.clone();
    let result = with_slot(&app, move || {
        let db = app2.endgames.for_variant(game.variant());
        searcher().with_endgame(db).search_in(&game, limits, None, &mut |_| {})
    })
    .await?;
    Ok(Json(json!({
        "best": result.best.map(|m| m.to_string()),
        "score": result.score,
        "score_south": south(&p, result.score),
        "exact": result.exact,
        "from_database": result.exact && result.database_hits > 0,
        "pv": moves_text(&result.pv),
        "depth": result.depth,
        "nodes": result.nodes,
        "elapsed_ms": result.elapsed.as_millis() as u64,
    })))
}

/// `POST /api/analyze`: every legal move scored, best first.
async fn analyze(State(app): State<Arc<AppState>>, ApiJson(r): ApiJson<SearchRequest>) -> Reply {
    let (v, limits) = r.variant_and_limits()?;
    with_layout!(v.layout(), L => analyze_in::<L>(app, r.game_in::<L>(v)?, limits).await)
}

async fn analyze_in<L: Layout>(app: Arc<AppState>, game: Game<L>, limits: SearchLimits) -> Reply {
    if game.position().is_over() {
        return Ok(Json(json!({"moves": [], "depth": 0, "nodes": 0, "elapsed_ms": 0})));
    }
    let app2 = app.clone();
    let analysis = with_slot(&app, move || {
        let db = app2.endgames.for_variant(game.variant());
        searcher().with_endgame(db).analyze_in(&game, limits, None, &mut |_| {})
    })
    .await?;
    let moves: Vec<Value> = analysis
        .moves
        .iter()
        .map(|m| {
            json!({
                "move": m.mv.to_string(), "score": m.score, "exact": m.exact,
                "from_database": m.from_database, "pv": moves_text(&m.pv),
            })
        })
        .collect();
    Ok(Json(json!({
        "moves": moves,
        "depth": analysis.depth,
        "nodes": analysis.nodes,
        "elapsed_ms": analysis.elapsed.as_millis() as u64,
    })))
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ParseRequest {
    text: String,
}

/// The `game` of a request for `v`: the built-in variant by name and size
/// when `v` is exactly that, else the variant file.
fn game_spec(v: &Variant) -> Value {
    let builtin = Variant::preset(v.name())
        .ok()
        .and_then(|p| p.resized(Some(v.pits_per_row() as u8), Some(v.seeds_per_pit())).ok())
        .is_some_and(|p| p.rules().to_toml() == v.rules().to_toml());
    if builtin {
        json!({"variant": v.name(), "pits_per_side": v.pits_per_row(), "seeds": v.seeds_per_pit()})
    } else {
        json!({"variant_file": v.rules().to_toml()})
    }
}

/// `POST /api/record/parse`: the game in a game record.
async fn record_parse(ApiJson(r): ApiJson<ParseRequest>) -> Reply {
    if r.text.len() as u64 > MAX_RECORD_BYTES {
        return Err(ApiError::bad(format!(
            "the record is {} bytes long: a game record is at most {MAX_RECORD_BYTES} bytes (1 MiB)",
            r.text.len()
        )));
    }
    let bad = |e: mancala_engine::record::RecordError| ApiError::bad(format!("game record: {e}"));
    let layout = Record::layout_of(r.text.as_bytes()).map_err(bad)?;
    with_layout!(layout, L => parsed_record(Record::<L>::parse_in(&r.text).map_err(bad)?))
}

/// The reply of `POST /api/record/parse` for a record read in its layout.
fn parsed_record<L: Layout>(record: Record<L>) -> Reply {
    let game = &record.game;
    let v = game.variant();
    // A record starts from the variant's start; a match of several rounds
    // (rule `[rounds]`) gives the rounds before the last one apart, and the
    // last round's start.
    let start: Option<String> = (!record.earlier.is_empty()).then(|| game.start().to_string());
    let earlier: Vec<Vec<String>> =
        record.earlier.iter().map(|round| moves_text(round.moves())).collect();
    let mut reply = json!({
        "game": game_spec(v),
        "start": start,
        "moves": moves_text(game.moves()),
        "players": {"south": record.players[0].to_string(), "north": record.players[1].to_string()},
    });
    if !earlier.is_empty() {
        reply["earlier"] = json!(earlier);
    }
    Ok(Json(reply))
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Players {
    south: String,
    north: String,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct WriteRequest {
    game: GameSpec,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// Under `[rounds]`: the moves of the rounds before the one in `moves`,
    /// the first first; `start` is then the first round's.
    #[serde(default)]
    earlier: Vec<Vec<String>>,
    #[serde(default)]
    players: Option<Players>,
}

/// What saves a game record of several rounds, in the message refusing a
/// wide board.
const RECORD: &str = "saving a game record of several rounds";

/// `POST /api/record/write`: the game record to save.
async fn record_write(ApiJson(r): ApiJson<WriteRequest>) -> Reply {
    if !r.earlier.is_empty() {
        let (game, earlier) = replay_rounds(&r)?;
        return written_record(game, earlier, r.players.as_ref());
    }
    let v = r.game.variant()?;
    let game = GameRef { game: &r.game, start: r.start.as_deref(), moves: &r.moves };
    with_layout!(v.layout(), L => written_record(game.replay_in::<L>(v)?, Vec::new(), r.players.as_ref()))
}

/// The reply of `POST /api/record/write`: the record of `game`, in its
/// layout, after the rounds `earlier`.
fn written_record<L: Layout>(
    game: Game<L>,
    earlier: Vec<Game<L>>,
    players: Option<&Players>,
) -> Reply {
    if earlier.first().unwrap_or(&game).start() != &Position::<L>::start_in(game.variant()) {
        return Err(ApiError::bad(
            "a game record starts from the variant's start position: a game from another start \
             cannot be saved as one (save its position string instead)",
        ));
    }
    let players = match players {
        None => [PlayerKind::Human, PlayerKind::Human],
        Some(p) => {
            let kind = |text: &str, which: &str| {
                text.parse::<PlayerKind>()
                    .map_err(|e| ApiError::bad(format!("players.{which}: {e}")))
            };
            [kind(&p.south, "south")?, kind(&p.north, "north")?]
        }
    };
    let text = Record { game, earlier, players, seed: 0 }.to_text();
    Ok(Json(json!({"text": text})))
}

/// The rounds of a match (rule `[rounds]`) a record request gives: the
/// earlier rounds' moves, each round played to its end and the next one
/// started as [`Match`] starts it, then the moves of the round in play.
/// Returns the round in play and the rounds before it.
fn replay_rounds(r: &WriteRequest) -> Result<(Game, Vec<Game>), ApiError> {
    let rounds = r.earlier.len() + 1;
    let first =
        GameRef { game: &r.game, start: r.start.as_deref(), moves: &[] }.replay_compact(RECORD)?;
    let v = first.variant().clone();
    if v.rules().rounds.is_none() {
        return Err(ApiError::bad(format!(
            "earlier gives {} rounds, but {} is played in one round (it has no [rounds] rule)",
            r.earlier.len(),
            v.name()
        )));
    }
    let total: usize = r.earlier.iter().map(Vec::len).sum::<usize>() + r.moves.len();
    if total > MAX_MOVES {
        return Err(ApiError::bad(format!(
            "{total} moves: a request may carry at most {MAX_MOVES}"
        )));
    }
    let mut rounds_moves = Vec::with_capacity(rounds);
    for (i, moves) in r.earlier.iter().chain([&r.moves]).enumerate() {
        let parsed = moves.iter().enumerate().map(|(j, text)| {
            text.parse::<Move>().map_err(|e| {
                ApiError::bad(format!(
                    "round {}: {}",
                    i + 1,
                    mancala_core::MoveListError {
                        index: j + 1,
                        text: mancala_core::quote(text),
                        error: e.into(),
                    }
                ))
            })
        });
        rounds_moves.push(parsed.collect::<Result<Vec<Move>, ApiError>>()?);
    }
    let mut m = Match::from_position(v, *first.start());
    m.play_rounds(&rounds_moves).map_err(|e| ApiError::bad(e.to_string()))?;
    let mut all = m.rounds().to_vec();
    let game = all.pop().expect("a match has a round");
    Ok((game, all))
}
