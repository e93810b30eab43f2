// The page's script (docs/web.md, "The page"): the game in play, the board,
// the computer players, and the analysis beside them. Everything the page
// knows about the rules comes from the API: it sends the game (rules, start,
// moves) and draws what it gets back.

import * as api from './api.js';
import * as board from './board.js';
import * as graph from './graph.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A computer move refused with 503 (every search slot busy) is asked again
// this many times, after BUSY_RETRY_MS, then twice that, and so on.
const BUSY_RETRIES = 4;
const BUSY_RETRY_MS = 400;
const SIDES = ['south', 'north'];
const sideName = (side) => (side === 'south' ? 'South' : 'North');
const other = (side) => (side === 'south' ? 'north' : 'south');
const EVAL_MOVETIME_MS = 200;
const ANALYSE_MOVETIME_MS = 1000;
const SPEEDS = [
  { ms: 0, label: 'off' },
  { ms: 420, label: 'slow' },
  { ms: 260, label: 'calm' },
  { ms: 160, label: 'normal' },
  { ms: 80, label: 'fast' },
  { ms: 35, label: 'very fast' },
];

const app = {
  variants: [],
  variantFile: null, // {name, text} while a variant file is chosen
  game: null, // the rules as requests carry them
  start: null, // a position string, or null for the variant's start
  moves: [], // the game's line of moves
  ply: 0, // positions shown: after moves.slice(0, ply)
  players: { south: 'human', north: 'computer:5' },
  states: new Map(), // move prefix -> /api/state answer
  evals: new Map(), // move prefix -> {score_south, exact, pv, best, ...}
  evalFailures: new Map(),
  generation: 0, // bumped whenever the game is replaced: older answers are dropped
  showToken: 0,
  shown: null, // the /api/state answer drawn now
  resigned: null, // the side that resigned
  hint: null,
  thinking: false,
  thinkToken: 0, // the computer move being waited for; a newer one replaces it
  animating: false,
  loading: false,
  evalRunning: false,
  solver: null,
};

// ---- the game as requests carry it -------------------------------------

const prefixKey = (k) => app.moves.slice(0, k).join(',');
const gameAt = (k) => ({ game: app.game, start: app.start, moves: app.moves.slice(0, k) });

async function stateAt(k) {
  const key = prefixKey(k);
  const cached = app.states.get(key);
  if (cached) return cached;
  const generation = app.generation;
  const answer = await api.state(gameAt(k));
  if (generation === app.generation) app.states.set(key, answer);
  return answer;
}

function moverOf(k) {
  const s = app.states.get(prefixKey(k));
  return s ? s.state.to_move : null;
}

// ---- errors and status -------------------------------------------------

// The action of the message's Retry button, when it has one.
let errorRetry = null;

// Shows `error`; with `retry`, a function, the message has a Retry button
// calling it.
function showError(error, retry = null) {
  const text = error instanceof Error ? error.message : String(error);
  $('error-text').textContent = text;
  errorRetry = retry;
  $('error-retry').hidden = !retry;
  $('error').hidden = false;
}

function clearError() {
  $('error').hidden = true;
  $('error-retry').hidden = true;
  errorRetry = null;
}

function retryAfterError() {
  const retry = errorRetry;
  clearError();
  if (retry) retry();
}

function updateBusy() {
  $('app').dataset.busy = String(app.thinking || app.animating || app.loading);
}

const fmt = (s) => (s > 0 ? `+${s}` : s < 0 ? `\u2212${-s}` : '0');

function playerLabel(side) {
  const p = app.players[side];
  return p === 'human' ? sideName(side) : `${sideName(side)} (computer, level ${p.split(':')[1]})`;
}

function resultText(state) {
  const { south, north } = state.stores;
  if (app.resigned) {
    const winner = other(app.resigned);
    return `${sideName(app.resigned)} resigns: ${sideName(winner)} wins. Stores: South ${south}, North ${north}.`;
  }
  if (state.winner === 'south' || state.winner === 'north') {
    const w = state.winner;
    return `Game over: ${sideName(w)} wins ${state.stores[w]} to ${state.stores[other(w)]}.`;
  }
  return `Game over: a draw, ${south} to ${north}.`;
}

function renderStatus() {
  const status = $('status');
  const st = app.shown && app.shown.state;
  status.classList.remove('result', 'thinking');
  if (!st) return;
  if (st.over || app.resigned) {
    status.textContent = resultText(st);
    status.classList.add('result');
    return;
  }
  const mover = st.to_move;
  const behind = app.moves.length - app.ply;
  if (app.thinking) {
    status.textContent = `${playerLabel(mover)} is thinking…`;
    status.classList.add('thinking');
  } else if (behind > 0) {
    status.textContent = `Move ${app.ply} of ${app.moves.length}: ${sideName(mover)} to move. Play a move to branch off here, or step forward.`;
  } else if (app.players[mover] === 'human') {
    const swap = app.shown.swap_legal ? ', or swap sides' : '';
    status.textContent = `${sideName(mover)} to move: choose a pit${swap}.`;
  } else {
    status.textContent = `${playerLabel(mover)} to move.`;
  }
  if (app.hint) status.textContent += ` Hint: ${app.hint === 'swap' ? 'swap' : `pit ${app.hint}`}.`;
}

// ---- drawing -----------------------------------------------------------

function canPlay() {
  const st = app.shown && app.shown.state;
  if (!st || st.over || app.resigned || app.thinking || app.animating || app.loading) return false;
  // Stepping back through the game lets either side branch off; at the end
  // of the line only a person plays.
  return app.ply < app.moves.length || app.players[st.to_move] === 'human';
}

function lastCell(shown) {
  const lm = shown && shown.last_move;
  if (!lm || lm.move === 'swap') return null;
  return { side: lm.mover, pit: Number(lm.move) };
}

const phone = window.matchMedia('(max-width: 600px)');
phone.addEventListener('change', () => {
  board.compact(phone.matches);
  drawBoard();
});
board.compact(phone.matches);

function drawBoard(extra = {}) {
  const shown = app.shown;
  if (!shown) return;
  const view = extra.view || board.viewOf(shown.state);
  const playable = !extra.view && canPlay();
  board.draw($('board'), view, {
    mover: shown.state.over ? null : shown.state.to_move,
    legal: playable ? new Set(shown.state.legal.filter((m) => m !== 'swap')) : new Set(),
    last: extra.view ? null : lastCell(shown),
    hint: extra.view ? null : app.hint,
    active: extra.active,
    captured: extra.captured,
  });
  const svg = $('board');
  svg.dataset.position = extra.view ? '' : shown.state.position;
  svg.dataset.ply = String(app.ply);
}

function renderControls() {
  const st = app.shown && app.shown.state;
  const playable = canPlay();
  $('swap').hidden = !(st && playable && app.shown.swap_legal);
  $('swap').classList.toggle('hinted', app.hint === 'swap');
  const humans = SIDES.some((s) => app.players[s] === 'human');
  $('undo').disabled = !(app.ply > 0 && humans) || app.animating;
  $('hint').disabled = !playable;
  $('resign').disabled = !(st && !st.over && !app.resigned && humans);
  $('step-first').disabled = $('step-back').disabled = app.ply === 0;
  $('step-forward').disabled = $('step-last').disabled = app.ply >= app.moves.length;
  $('analyse').disabled = !st || st.over;
  $('solve').disabled = !st || st.over || Boolean(app.solver);
}

function renderMoves() {
  const list = $('moves');
  const items = [];
  const startItem = document.createElement('li');
  startItem.className = 'start';
  const startButton = document.createElement('button');
  startButton.type = 'button';
  startButton.dataset.ply = '0';
  startButton.textContent = 'Start';
  startItem.append(startButton);
  items.push(startItem);
  app.moves.forEach((move, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(i + 1);
    const mover = moverOf(i);
    if (mover) b.classList.add(mover);
    b.innerHTML = '';
    const n = document.createElement('span');
    n.className = 'move-no';
    n.textContent = `${i + 1}.`;
    const who = document.createElement('span');
    who.className = 'move-side';
    who.textContent = mover ? (mover === 'south' ? 'S' : 'N') : '';
    const m = document.createElement('span');
    m.className = 'move-pit';
    m.textContent = move === 'swap' ? 'swap' : move;
    b.append(n, who, m);
    b.setAttribute('aria-label', `Move ${i + 1}: ${mover ? `${sideName(mover)} ` : ''}${move === 'swap' ? 'swaps' : `sows pit ${move}`}`);
    li.append(b);
    items.push(li);
  });
  list.replaceChildren(...items);
  const current = list.querySelector(`button[data-ply="${app.ply}"]`);
  if (current) {
    current.setAttribute('aria-current', 'step');
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) list.scrollTop = top - 40;
  }
}

function renderAnalysis() {
  const scores = [];
  for (let k = 0; k <= app.moves.length; k++) {
    const e = app.evals.get(prefixKey(k));
    scores.push(e ? { score_south: e.score_south, exact: e.exact } : null);
  }
  graph.draw($('graph'), scores, app.moves.length, app.ply);
  const e = app.evals.get(prefixKey(app.ply));
  const fill = $('evalbar-fill');
  const text = $('eval-text');
  const pv = $('pv');
  if (!e) {
    fill.style.width = '50%';
    text.textContent = '…';
    text.dataset.score = '';
    pv.textContent = '';
    return;
  }
  const s = e.score_south;
  fill.style.width = `${(50 + 50 * Math.tanh(s / 10)).toFixed(1)}%`;
  const who = s > 0 ? `South ${fmt(s)}` : s < 0 ? `North ${fmt(-s)}` : 'Even';
  text.textContent = `${who}${e.exact ? ' exact' : ''}`;
  text.dataset.score = String(s);
  text.dataset.exact = String(Boolean(e.exact));
  const st = app.shown && app.shown.state;
  if (e.pv && e.pv.length && st && !st.over) {
    const source = e.solved ? 'solved' : e.from_database ? 'database' : `depth ${e.depth}`;
    pv.textContent = `Best line for ${sideName(st.to_move)}: ${e.pv.join(' ')} (${source})`;
  } else {
    pv.textContent = st && st.over ? 'The game is over: the last point is the final margin.' : '';
  }
}

function render() {
  drawBoard();
  renderStatus();
  renderControls();
  renderMoves();
  renderAnalysis();
  updateBusy();
}

// ---- moving through the game -------------------------------------------

function speedMs() {
  return SPEEDS[Number($('speed').value)].ms;
}

// Shows the position after `ply` moves, sowing the last move seed by seed
// when `animate` is set and the move before it is the one shown now.
async function show(ply, { animate = false } = {}) {
  const token = ++app.showToken;
  const generation = app.generation;
  app.loading = true;
  updateBusy();
  let answer;
  try {
    answer = await stateAt(ply);
  } catch (error) {
    if (token === app.showToken) {
      app.loading = false;
      updateBusy();
    }
    throw error;
  }
  if (token !== app.showToken || generation !== app.generation) return false;
  app.loading = false;
  const before = app.shown;
  const delay = speedMs();
  if (animate && delay > 0 && answer.last_move && before && app.ply === ply - 1) {
    const steps = board.sowingSteps(board.viewOf(before.state), answer.last_move.events || []);
    app.animating = true;
    app.hint = null;
    app.ply = ply;
    app.shown = answer;
    renderControls();
    renderMoves();
    updateBusy();
    $('status').textContent = `${sideName(answer.last_move.mover)} ${answer.last_move.move === 'swap' ? 'swaps sides' : `sows pit ${answer.last_move.move}`}…`;
    for (const step of steps) {
      drawBoard(step);
      await sleep(step.swap ? Math.max(delay * 3, 300) : delay);
      if (token !== app.showToken) {
        app.animating = false;
        updateBusy();
        return false;
      }
    }
    app.animating = false;
  }
  app.ply = ply;
  app.shown = answer;
  app.hint = null;
  render();
  kickEvaluations();
  maybeComputerMove();
  return true;
}

async function goTo(ply) {
  if (!app.shown) return;
  const target = Math.max(0, Math.min(app.moves.length, ply));
  if (target === app.ply && !app.animating) return;
  clearAnalysisOut();
  try {
    await show(target, { animate: target === app.ply + 1 });
  } catch (error) {
    showError(error);
  }
}

async function play(move) {
  if (!canPlay()) return;
  const legal = app.shown.state.legal;
  if (!legal.includes(move)) {
    showError(move === 'swap'
      ? 'Swapping sides is not allowed now.'
      : `Pit ${move} cannot be sown now: the pits that can be sown are ${legal.filter((m) => m !== 'swap').join(', ')}.`);
    return;
  }
  clearError();
  clearAnalysisOut();
  const ply = app.ply;
  const previous = app.moves;
  app.moves = app.moves.slice(0, ply).concat([move]);
  app.resigned = null;
  try {
    await show(ply + 1, { animate: true });
  } catch (error) {
    app.moves = previous;
    showError(error);
    render();
  }
}

async function maybeComputerMove() {
  const st = app.shown && app.shown.state;
  if (!st || st.over || app.resigned || app.thinking || app.ply !== app.moves.length) return;
  const mover = st.to_move;
  const player = app.players[mover];
  if (player === 'human') return;
  const level = Number(player.split(':')[1]);
  const ply = app.ply;
  const generation = app.generation;
  const token = ++app.thinkToken;
  if (app.players[other(mover)] !== 'human' && ply > 0) {
    // The computer against itself: a pause between moves, to watch it.
    app.thinking = true;
    render();
    await sleep(600);
    if (token !== app.thinkToken) return;
    if (generation !== app.generation || app.ply !== ply || app.moves.length !== ply) {
      app.thinking = false;
      render();
      maybeComputerMove();
      return;
    }
  }
  app.thinking = true;
  render();
  let answer;
  for (let attempt = 0; ; attempt += 1) {
    try {
      answer = await api.computerMove(gameAt(ply), level);
      break;
    } catch (error) {
      if (token !== app.thinkToken) return;
      const current = generation === app.generation && app.ply === ply && app.moves.length === ply;
      // 503: every search slot of the server is busy; ask again a little later.
      if (error.status === 503 && current && attempt < BUSY_RETRIES) {
        await sleep(BUSY_RETRY_MS * 2 ** attempt);
        if (token !== app.thinkToken) return;
        continue;
      }
      app.thinking = false;
      render();
      // Otherwise the computer would never move: the message offers a retry.
      if (current) showError(error, () => maybeComputerMove());
      else maybeComputerMove();
      return;
    }
  }
  if (token !== app.thinkToken) return;
  app.thinking = false;
  // The game moved on meanwhile (a step back, an undo, a new game, the
  // players changed): this answer is for a position no longer in play.
  if (generation !== app.generation || app.ply !== ply || app.moves.length !== ply || app.players[mover] !== player || app.resigned) {
    render();
    maybeComputerMove();
    return;
  }
  app.moves = app.moves.concat([answer.move]);
  try {
    await show(ply + 1, { animate: true });
  } catch (error) {
    app.moves = app.moves.slice(0, ply);
    showError(error);
    render();
  }
}

async function undo() {
  if (app.animating) return;
  let k = app.ply;
  let found = false;
  // The game and the moves this undo is about: if either is replaced while
  // the positions are asked for, cutting the moves would cut another game's.
  const generation = app.generation;
  const from = app.ply;
  const key = prefixKey(from);
  const still = () => generation === app.generation && app.moves.length >= from && prefixKey(from) === key;
  try {
    while (k > 0) {
      const before = await stateAt(k - 1);
      if (!still()) return;
      k -= 1;
      if (app.players[before.state.to_move] === 'human') {
        found = true;
        break;
      }
    }
  } catch (error) {
    if (still()) showError(error);
    return;
  }
  if (!found) {
    showError('There is no move of a person to take back.');
    return;
  }
  clearError();
  clearAnalysisOut();
  app.moves = app.moves.slice(0, k);
  app.resigned = null;
  app.thinking = false;
  app.thinkToken += 1;
  try {
    await show(k);
  } catch (error) {
    showError(error);
  }
}

async function hint() {
  if (!canPlay()) return;
  // The position asked about: the answer is drawn only if it is still shown.
  const generation = app.generation;
  const ply = app.ply;
  const key = prefixKey(ply);
  const still = () => generation === app.generation && app.ply === ply && prefixKey(app.ply) === key;
  try {
    const answer = await api.hint(gameAt(ply));
    if (!still()) return;
    app.hint = answer.move;
    render();
  } catch (error) {
    if (still()) showError(error);
  }
}

function resign() {
  const st = app.shown && app.shown.state;
  if (!st || st.over || app.resigned) return;
  const humans = SIDES.filter((s) => app.players[s] === 'human');
  if (humans.length === 0) return;
  app.resigned = humans.includes(st.to_move) ? st.to_move : humans[0];
  app.moves = app.moves.slice(0, app.ply);
  render();
}

// Replaces the game: checks it with the API first, so a bad one changes
// nothing on the page.
async function startGame({ game, start = null, moves = [], players = null, first = null }) {
  clearError();
  let answer;
  try {
    answer = await (first || api.state({ game, start, moves }));
  } catch (error) {
    showError(error);
    return false;
  }
  stopSolve();
  app.generation += 1;
  app.showToken += 1;
  app.game = game;
  app.start = start;
  app.moves = [...moves];
  app.ply = moves.length;
  app.states = new Map([[moves.join(','), answer]]);
  app.evals = new Map();
  app.evalFailures = new Map();
  app.shown = answer;
  app.resigned = null;
  app.hint = null;
  app.thinking = false;
  app.thinkToken += 1;
  app.animating = false;
  app.loading = false;
  if (players) {
    app.players = { ...players };
    for (const side of SIDES) $(`player-${side}`).value = app.players[side];
  }
  clearAnalysisOut();
  render();
  $('app').dataset.game = String(app.generation);
  if ($('app').dataset.ready !== 'true') {
    // When the first board could be played: milliseconds since the page
    // began to load (the browser tests print it).
    $('app').dataset.readyMs = String(Math.round(performance.now()));
    $('app').dataset.ready = 'true';
  }
  kickEvaluations();
  fillStates();
  maybeComputerMove();
  return true;
}

function setupGame() {
  if (app.variantFile) return { variant_file: app.variantFile.text };
  const game = { variant: $('variant').value };
  const pits = Number($('pits').value);
  const seeds = Number($('seeds').value);
  if ($('pits').value !== '') game.pits_per_side = pits;
  if ($('seeds').value !== '') game.seeds = seeds;
  return game;
}

// ---- analysis in the background ----------------------------------------

// Scores every position of the game's line with a short search, the one
// shown first; never while a computer player thinks (it gets the
// processor), and never holding up play.
async function kickEvaluations() {
  if (app.evalRunning) return;
  app.evalRunning = true;
  try {
    for (;;) {
      if (app.thinking) {
        await sleep(150);
        continue;
      }
      const k = nextToEvaluate();
      if (k === null) break;
      const key = prefixKey(k);
      const generation = app.generation;
      try {
        const answer = await api.search(gameAt(k), EVAL_MOVETIME_MS);
        if (generation === app.generation && !app.evals.has(key)) {
          app.evals.set(key, answer);
          renderAnalysis();
        }
      } catch (error) {
        if (generation !== app.generation) continue;
        const failures = (app.evalFailures.get(key) || 0) + 1;
        app.evalFailures.set(key, failures);
        await sleep(error.status === 503 ? 1000 : 200);
      }
    }
  } finally {
    app.evalRunning = false;
  }
}

function nextToEvaluate() {
  const wanted = (k) => {
    const key = prefixKey(k);
    return !app.evals.has(key) && (app.evalFailures.get(key) || 0) < 3;
  };
  if (app.game === null) return null;
  if (app.ply <= app.moves.length && wanted(app.ply)) return app.ply;
  for (let k = app.moves.length; k >= 0; k--) if (wanted(k)) return k;
  return null;
}

// The states of every position of the line (for the move list's sides),
// fetched quietly after a record is loaded.
let filling = false;
async function fillStates() {
  if (filling) return;
  filling = true;
  try {
    for (let k = 0; k < app.moves.length; k++) {
      if (app.states.has(prefixKey(k))) continue;
      const generation = app.generation;
      try {
        await stateAt(k);
      } catch {
        break;
      }
      if (generation !== app.generation) break;
    }
    renderMoves();
  } finally {
    filling = false;
  }
}

function clearAnalysisOut() {
  $('analysis-out').replaceChildren();
  $('analysis-out').dataset.state = '';
}

async function analyseMoves() {
  const st = app.shown && app.shown.state;
  if (!st || st.over) return;
  const key = prefixKey(app.ply);
  const generation = app.generation;
  const out = $('analysis-out');
  out.replaceChildren();
  out.dataset.state = 'running';
  $('analyse').disabled = true;
  const note = document.createElement('p');
  note.className = 'hint-text';
  note.textContent = 'Analysing every move…';
  out.append(note);
  let answer;
  try {
    answer = await api.analyze(gameAt(app.ply), ANALYSE_MOVETIME_MS);
  } catch (error) {
    if (out.contains(note)) {
      out.replaceChildren();
      out.dataset.state = '';
    }
    renderControls();
    // An error about a game or position no longer shown is not shown.
    if (generation === app.generation && key === prefixKey(app.ply)) showError(error);
    return;
  }
  renderControls();
  if (generation !== app.generation || key !== prefixKey(app.ply)) return;
  const table = document.createElement('table');
  table.className = 'analysis-table';
  table.innerHTML = `<caption>Every move for ${sideName(st.to_move)}, best first (depth ${answer.depth}); scores are ${sideName(st.to_move)}'s expected final margin</caption>
    <thead><tr><th scope="col">Move</th><th scope="col">Score</th><th scope="col">Line</th></tr></thead>`;
  const body = document.createElement('tbody');
  for (const m of answer.moves) {
    const tr = document.createElement('tr');
    tr.dataset.move = m.move;
    tr.dataset.score = String(m.score);
    tr.dataset.exact = String(Boolean(m.exact));
    const td = (text, cls) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      if (cls) cell.className = cls;
      return cell;
    };
    tr.append(
      td(m.move === 'swap' ? 'swap' : `pit ${m.move}`),
      td(`${fmt(m.score)}${m.exact ? (m.from_database ? ' (database)' : ' exact') : ''}`, 'score'),
      td((m.pv || []).join(' '), 'line'),
    );
    body.append(tr);
  }
  table.append(body);
  out.replaceChildren(table);
  out.dataset.state = 'done';
}

function startSolve() {
  const st = app.shown && app.shown.state;
  if (!st || st.over || app.solver) return;
  const key = prefixKey(app.ply);
  const generation = app.generation;
  const mover = st.to_move;
  const status = $('solve-status');
  status.dataset.state = 'running';
  status.dataset.value = '';
  status.textContent = 'Solving…';
  $('solve-cancel').hidden = false;
  const started = performance.now();
  app.solver = api.solve(gameAt(app.ply), (m) => {
    if (m.type === 'progress') {
      status.textContent = `Solving… ${sideName(mover)}'s final margin is between ${fmt(m.lower)} and ${fmt(m.upper)} (${m.nodes.toLocaleString('en')} positions, ${(m.elapsed_ms / 1000).toFixed(1)} s)`;
      return;
    }
    app.solver = null;
    $('solve-cancel').hidden = true;
    renderControls();
    if (m.type === 'result') {
      status.dataset.state = 'solved';
      status.dataset.value = String(m.value);
      status.dataset.valueSouth = String(m.value_south);
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      status.textContent = `Solved: with best play ${sideName(mover)}, to move, ends ${m.value === 0 ? 'level' : fmt(m.value)} (South ${fmt(m.value_south)}). Best move${m.best.length === 1 ? '' : 's'}: ${m.best.join(', ')}.${m.played_to_the_end ? ' (The game played to the end, without the majority rule: the same winner.)' : ''} (${secs} s)`;
      if (generation === app.generation) {
        app.evals.set(key, { score_south: m.value_south, score: m.value, exact: true, solved: true, best: m.best[0], pv: m.best.slice(0, 1) });
        renderAnalysis();
      }
    } else if (m.type === 'stopped') {
      status.dataset.state = 'stopped';
      status.textContent = `Solve stopped (${m.reason}): ${sideName(mover)}'s final margin is between ${fmt(m.lower)} and ${fmt(m.upper)}.`;
    } else {
      status.dataset.state = 'error';
      status.textContent = '';
      showError(m.error || 'the solve failed');
    }
  });
  renderControls();
}

function stopSolve() {
  if (app.solver) app.solver.cancel();
}

// ---- saving and loading ------------------------------------------------

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function saveRecord() {
  try {
    const answer = await api.writeRecord(gameAt(app.moves.length), app.players);
    const name = (app.game.variant || app.shown.state.variant || 'game').replace(/[^A-Za-z0-9_-]+/g, '-');
    download(`mancala-${name}.game`, answer.text);
  } catch (error) {
    showError(error);
  }
}

async function readFile(input, limit, what) {
  const file = input.files && input.files[0];
  input.value = '';
  if (!file) return null;
  if (file.size > limit) {
    showError(`That ${what} is too large: ${file.size.toLocaleString('en')} bytes, at most ${limit.toLocaleString('en')}.`);
    return null;
  }
  return { name: file.name, text: await file.text() };
}

async function loadRecord(input) {
  const file = await readFile(input, 1024 * 1024, 'game record');
  if (!file) return;
  let record;
  try {
    record = await api.parseRecord(file.text);
  } catch (error) {
    showError(`${file.name}: ${error.message}`);
    return;
  }
  if (record.game.variant_file) {
    app.variantFile = { name: `${file.name} (rules in the record)`, text: record.game.variant_file };
  } else {
    app.variantFile = null;
    $('variant').value = record.game.variant;
    applyVariantDefaults(false);
    if (record.game.pits_per_side) $('pits').value = record.game.pits_per_side;
    if (record.game.seeds) $('seeds').value = record.game.seeds;
  }
  renderVariantFile();
  const players = {};
  for (const side of SIDES) {
    const p = record.players && record.players[side];
    players[side] = typeof p === 'string' && (p === 'human' || /^computer:([1-9]|10)$/.test(p)) ? p : app.players[side];
  }
  if (await startGame({ game: record.game, start: record.start, moves: record.moves, players })) {
    $('position').value = '';
  }
}

async function chooseVariantFile(input) {
  const file = await readFile(input, 64 * 1024, 'variant file');
  if (!file) return;
  const previous = app.variantFile;
  app.variantFile = file;
  if (!(await startGame({ game: { variant_file: file.text } }))) app.variantFile = previous;
  renderVariantFile();
}

function renderVariantFile() {
  const chosen = Boolean(app.variantFile);
  $('variant').disabled = $('pits').disabled = $('seeds').disabled = chosen;
  $('variant-file-clear').hidden = !chosen;
  $('variant-file-name').textContent = chosen
    ? `Playing the rules of ${app.variantFile.name}`
    : 'a TOML variant file (docs/variant-file.md)';
  if (chosen) $('variant-description').textContent = `Rules from ${app.variantFile.name}.`;
  else describeVariant();
}

// ---- the setup form ----------------------------------------------------

function selectedVariant() {
  return app.variants.find((v) => v.name === $('variant').value);
}

function describeVariant() {
  const v = selectedVariant();
  $('variant-description').textContent = v
    ? `${v.description}. Pits ${v.min_pits_per_side}–${v.max_pits_per_side}, seeds 1–${v.max_seeds}${v.pie_rule ? '; pie rule: the second player may swap sides after the first move' : ''}.`
    : '';
}

function applyVariantDefaults(setValues = true) {
  const v = selectedVariant();
  if (!v) return;
  const pits = $('pits');
  const seeds = $('seeds');
  pits.min = v.min_pits_per_side;
  pits.max = v.max_pits_per_side;
  seeds.min = 1;
  seeds.max = v.max_seeds;
  if (setValues) {
    pits.value = v.pits_per_side;
    seeds.value = v.seeds;
  }
  describeVariant();
}

function fillPlayers() {
  for (const side of SIDES) {
    const select = $(`player-${side}`);
    const options = [['human', 'Person']];
    for (let level = 1; level <= 10; level++) options.push([`computer:${level}`, `Computer, level ${level}`]);
    select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
    select.value = app.players[side];
  }
}

// ---- wiring ------------------------------------------------------------

function wire() {
  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    startGame({ game: setupGame() });
  });
  $('new-game-2').addEventListener('click', () => startGame({ game: setupGame() }));
  $('variant').addEventListener('change', () => applyVariantDefaults(true));
  for (const side of SIDES) {
    $(`player-${side}`).addEventListener('change', (e) => {
      app.players[side] = e.target.value;
      render();
      maybeComputerMove();
    });
  }
  $('variant-file').addEventListener('change', (e) => chooseVariantFile(e.target));
  $('variant-file-clear').addEventListener('click', () => {
    app.variantFile = null;
    renderVariantFile();
    startGame({ game: setupGame() });
  });
  $('position-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('position').value.trim();
    if (!text) {
      showError('Enter a position string first, for example 4,4,4,4,4,4:0/4,4,4,4,4,4:0/S.');
      return;
    }
    // The rules chosen above (the game's own unless changed there).
    await startGame({ game: setupGame(), start: text });
  });
  $('copy-position').addEventListener('click', async () => {
    const position = app.shown && app.shown.state.position;
    if (!position) return;
    $('position').value = position;
    try {
      await navigator.clipboard.writeText(position);
    } catch {
      // No clipboard (an insecure origin or no permission): the box has it.
    }
  });
  $('save-record').addEventListener('click', saveRecord);
  $('load-record').addEventListener('change', (e) => loadRecord(e.target));
  $('error-close').addEventListener('click', clearError);
  $('error-retry').addEventListener('click', retryAfterError);

  $('board').addEventListener('click', (e) => {
    const pit = e.target.closest('[data-play]');
    if (pit) play(pit.dataset.play);
  });
  $('board').addEventListener('keydown', (e) => {
    const pit = e.target.closest && e.target.closest('[data-play]');
    if (pit && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      play(pit.dataset.play);
    }
  });
  $('swap').addEventListener('click', () => play('swap'));
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('resign').addEventListener('click', resign);
  $('speed').addEventListener('input', () => {
    $('speed-text').textContent = SPEEDS[Number($('speed').value)].label;
  });

  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(Number(b.dataset.ply));
  });
  $('graph').addEventListener('click', (e) => {
    const hit = e.target.closest('[data-ply]');
    if (hit) goTo(Number(hit.dataset.ply));
  });
  $('step-first').addEventListener('click', () => goTo(0));
  $('step-back').addEventListener('click', () => goTo(app.ply - 1));
  $('step-forward').addEventListener('click', () => goTo(app.ply + 1));
  $('step-last').addEventListener('click', () => goTo(app.moves.length));
  $('analyse').addEventListener('click', analyseMoves);
  $('solve').addEventListener('click', startSolve);
  $('solve-cancel').addEventListener('click', stopSolve);

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const key = e.key;
    let pit = null;
    if (/^[1-9]$/.test(key)) pit = key;
    else if (key === '0') pit = '10';
    else if (key === 'a' || key === 'A') pit = '11';
    else if (key === 'b' || key === 'B') pit = '12';
    if (pit !== null) {
      e.preventDefault();
      const st = app.shown && app.shown.state;
      if (st && Number(pit) > st.pits_per_side) {
        showError(`There is no pit ${pit}: pits are numbered 1 to ${st.pits_per_side}.`);
      } else {
        play(pit);
      }
    } else if (key === 'ArrowLeft') {
      e.preventDefault();
      goTo(app.ply - 1);
    } else if (key === 'ArrowRight') {
      e.preventDefault();
      goTo(app.ply + 1);
    } else if (key === 'Home') {
      e.preventDefault();
      goTo(0);
    } else if (key === 'End') {
      e.preventDefault();
      goTo(app.moves.length);
    }
  });
}

async function main() {
  fillPlayers();
  wire();
  $('speed-text').textContent = SPEEDS[Number($('speed').value)].label;
  // The first board is asked for beside the variants (kalah at its own
  // size is the page's first game), to be playable a round trip sooner.
  const first = api.state({ game: { variant: 'kalah' }, start: null, moves: [] });
  first.catch(() => {});
  try {
    const answer = await api.variants();
    app.variants = answer.variants;
  } catch (error) {
    $('status').textContent = 'The page cannot reach the server.';
    showError(error);
    return;
  }
  $('variant').replaceChildren(...app.variants.map((v) => new Option(v.name, v.name)));
  $('variant').value = app.variants.some((v) => v.name === 'kalah') ? 'kalah' : app.variants[0].name;
  applyVariantDefaults(true);
  await startGame({ game: setupGame(), first: $('variant').value === 'kalah' ? first : null });
}

main();
