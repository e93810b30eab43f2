// Drawing the page from the state: the board, the status line, the
// controls, the move list, the evaluation bar and graph; errors and their
// Retry button.

import * as board from './board.js';
import * as graph from './graph.js';
import { $, app, moverOf, other, prefixKey, sideName, SIDES } from './state.js';

// ---- errors and status -------------------------------------------------

// The action of the message's Retry button, when it has one.
let errorRetry = null;

// Shows `error`; with `retry`, a function, the message has a Retry button
// calling it.
export function showError(error, retry = null) {
  const text = error instanceof Error ? error.message : String(error);
  $('error-text').textContent = text;
  errorRetry = retry;
  $('error-retry').hidden = !retry;
  $('error').hidden = false;
}

export function clearError() {
  $('error').hidden = true;
  $('error-retry').hidden = true;
  errorRetry = null;
}

export function retryAfterError() {
  const retry = errorRetry;
  clearError();
  if (retry) retry();
}

export function updateBusy() {
  $('app').dataset.busy = String(app.thinking || app.animating || app.loading);
}

export const fmt = (s) => (s > 0 ? `+${s}` : s < 0 ? `\u2212${-s}` : '0');

function playerLabel(side) {
  const p = app.players[side];
  return p === 'human' ? sideName(side) : `${sideName(side)} (computer, level ${p.split(':')[1]})`;
}

function resultText(state) {
  const text = roundResultText(state);
  if (!state.rounds || app.resigned || !state.round_end) return text;
  // A variant played in rounds: the match goes on, or its result.
  const round = `Round ${app.earlier.length + 1}: ${text.replace(/^Game over: /, '')}`;
  const end = state.round_end;
  if (end.next_start) {
    return `${round} Next round: each player fills their pits from their store (a pit they cannot fill is out of play); press Next round.`;
  }
  const w = end.match_winner;
  const match = end.match_end === 'repeated-round'
    ? `round ${app.earlier.length + 2} would start as round ${end.repeats_round} did (the same board, the same player first): the match is drawn.`
    : w === 'south' || w === 'north'
      ? `${sideName(other(w))} cannot fill a single pit: ${sideName(w)} wins the match.`
      : 'The match is drawn.';
  return `${round} The match is over: ${match}`;
}

function roundResultText(state) {
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
  } else if (app.players[mover] === 'human' && st.rounds) {
    const swap = app.shown.swap_legal ? ', or swap sides' : '';
    status.textContent = `Round ${app.earlier.length + 1}: ${sideName(mover)} to move: choose a pit${swap}.`;
  } else if (app.players[mover] === 'human' && takesDue(st)) {
    // Bonus takes (rule bonus_pits): the mover clicks one of the opponent's pits.
    // `takes_due` counts this take and those after it in the same turn.
    const due = st.takes_due || 1;
    const left = due > 1 ? `, ${due} takes due` : ', the last one due';
    status.textContent = `${sideName(mover)} to move: take the seeds of one of ${sideName(mover === 'south' ? 'north' : 'south')}'s pits (a bonus take${left}).`;
  } else if (app.players[mover] === 'human') {
    const swap = app.shown.swap_legal ? ', or swap sides' : '';
    status.textContent = `${sideName(mover)} to move: choose a pit${swap}.`;
  } else {
    status.textContent = `${playerLabel(mover)} to move.`;
  }
  // A player who could not move passed after the last move (rule `pass`).
  const pass = ((app.shown.last_move && app.shown.last_move.events) || []).find((e) => e.pass);
  if (pass) status.textContent = `${sideName(pass.pass)} cannot move and passes. ${status.textContent}`;
  if (app.hint) status.textContent += ` Hint: ${app.hint === 'swap' ? 'swap' : `pit ${directionWords(app.hint)}`}.`;
  if (app.direction) status.textContent = `Sow pit ${app.direction} which way? Counter-clockwise (to your right) or clockwise (to your left).`;
}

// Whether the moves now are bonus takes (`t4`: rule bonus_pits).
export function takesDue(st) {
  return Boolean(st && !st.over && st.legal.length > 0 && st.legal.every((m) => /^t\d+$/i.test(m)));
}

// `3cw` as `3 clockwise`, `3ccw` as `3 counter-clockwise`, `t4` as
// `4 of the opponent's, taken`, `3` as it is.
export function directionWords(move) {
  const take = /^t(\d+)$/i.exec(move);
  if (take) return `${take[1]} of the opponent's, taken`;
  const m = /^(\d+)(ccw|cw)$/i.exec(move);
  if (!m) return move;
  return `${m[1]} ${m[2].toLowerCase() === 'cw' ? 'clockwise' : 'counter-clockwise'}`;
}

// ---- drawing -----------------------------------------------------------

export function canPlay() {
  const st = app.shown && app.shown.state;
  if (!st || st.over || app.resigned || app.thinking || app.animating || app.loading) return false;
  // Stepping back through the game lets either side branch off; at the end
  // of the line only a person plays.
  return app.ply < app.moves.length || app.players[st.to_move] === 'human';
}

function lastCell(shown) {
  const lm = shown && shown.last_move;
  if (!lm || lm.move === 'swap') return null;
  // A bonus take: the opponent's pit, in their numbering.
  const take = /^t(\d+)$/i.exec(lm.move);
  if (take) return { side: lm.mover === 'south' ? 'north' : 'south', pit: parseInt(take[1], 10) };
  // Past the mover's row (`any_pits`): the other row's pit, from its owner's left.
  const n = shown.state.pits_per_side;
  const k = parseInt(lm.move, 10);
  if (shown.state.any_pits && k > n) return { side: lm.mover === 'south' ? 'north' : 'south', pit: k - n };
  return { side: lm.mover, pit: k };
}

const phone = window.matchMedia('(max-width: 600px)');
phone.addEventListener('change', () => {
  board.compact(phone.matches);
  drawBoard();
});
board.compact(phone.matches);

// Pits a row past which the board takes the page's whole width.
const WIDE_PITS = 8;

export function drawBoard(extra = {}) {
  const shown = app.shown;
  if (!shown) return;
  const view = extra.view || board.viewOf(shown.state);
  const playable = !extra.view && canPlay();
  board.draw($('board'), view, {
    mover: shown.state.over ? null : shown.state.to_move,
    // A pit sown either way is two moves, 3ccw and 3cw: the pit is clicked.
    // Bonus takes (`t4`) are clicked on the opponent's pits.
    take: takesDue(shown.state),
    legal: playable
      ? new Set(shown.state.legal.filter((m) => m !== 'swap').map((m) => (/^t\d+$/i.test(m) ? m : String(parseInt(m, 10)))))
      : new Set(),
    last: extra.view ? null : lastCell(shown),
    hint: extra.view || !app.hint ? null : String(parseInt(app.hint, 10) || app.hint),
    active: extra.active,
    captured: extra.captured,
  });
  const svg = $('board');
  // A board of more than 8 pits a row (the wide board's four rows of 12)
  // takes the page's whole width, the analysis below it.
  $('app').classList.toggle('wide-board', view.n > WIDE_PITS);
  svg.dataset.position = extra.view ? '' : shown.state.position;
  svg.dataset.ply = String(app.ply);
}

export function renderControls() {
  const st = app.shown && app.shown.state;
  const playable = canPlay();
  $('swap').hidden = !(st && playable && app.shown.swap_legal);
  // A round over and the match going on (rule rounds): the next round.
  $('next-round').hidden = !(st && st.round_end && st.round_end.next_start && !app.resigned && app.ply === app.moves.length);
  // A pit sown either way was clicked: which way.
  const choosing = Boolean(st && playable && app.direction);
  $('direction').hidden = !choosing;
  if (choosing) $('direction-pit').textContent = app.direction;
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

export function renderMoves() {
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

export function renderAnalysis() {
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

export function render() {
  drawBoard();
  renderStatus();
  renderControls();
  renderMoves();
  renderAnalysis();
  updateBusy();
}
