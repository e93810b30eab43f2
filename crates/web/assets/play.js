// Moving through the game: showing a position (the last move sown seed by
// seed), playing a move, the computer's moves, undo, hint, resign, and
// starting a game.

import * as api from './api.js';
import * as board from './board.js';
import { $, app, gameAt, other, prefixKey, sideName, SIDES, sleep, stateAt, withEarlier } from './state.js';
import {
  canPlay,
  clearError,
  drawBoard,
  render,
  renderControls,
  renderMoves,
  showError,
  updateBusy,
} from './render.js';
import { clearAnalysisOut, fillStates, kickEvaluations, stopSolve } from './analysis.js';

// A computer move refused with 503 (every search slot busy) is asked again
// this many times, after BUSY_RETRY_MS, then twice that, and so on.
const BUSY_RETRIES = 4;
const BUSY_RETRY_MS = 400;

export const SPEEDS = [
  { ms: 0, label: 'off' },
  { ms: 420, label: 'slow' },
  { ms: 260, label: 'calm' },
  { ms: 160, label: 'normal' },
  { ms: 80, label: 'fast' },
  { ms: 35, label: 'very fast' },
];

// The longest a move's sowing is shown for (ms), and the shortest step.
const MOVE_MS = 8000;
const MIN_STEP_MS = 5;

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
    app.direction = null;
    app.ply = ply;
    app.shown = answer;
    renderControls();
    renderMoves();
    updateBusy();
    $('status').textContent = `${sideName(answer.last_move.mover)} ${answer.last_move.move === 'swap' ? 'swaps sides' : `sows pit ${answer.last_move.move}`}…`;
    // A long sowing (relays round a wide board of hundreds of seeds) is
    // sown faster, so that no move takes much longer than MOVE_MS.
    const each = Math.max(MIN_STEP_MS, Math.min(delay, MOVE_MS / steps.length));
    for (const step of steps) {
      drawBoard(step);
      await sleep(step.swap ? Math.max(delay * 3, 300) : each);
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
  app.direction = null;
  render();
  kickEvaluations();
  maybeComputerMove();
  return true;
}

export async function goTo(ply) {
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

export async function play(move) {
  if (!canPlay()) return;
  const legal = app.shown.state.legal;
  // A pit sown either way (Um el-Bagara's middle hole): the direction is
  // chosen next, with the two buttons the controls show. When one of its
  // ways is not a move (a sowing that would never end), the other is played.
  const ways = [`${move}ccw`, `${move}cw`].filter((m) => legal.includes(m));
  if (!legal.includes(move) && ways.length === 2) {
    app.direction = move;
    clearError();
    render();
    return;
  }
  if (!legal.includes(move) && ways.length === 1) move = ways[0];
  app.direction = null;
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

export async function maybeComputerMove() {
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

export async function undo() {
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
    showError(app.earlier.length
      ? 'There is no move of a person to take back in this round (the rounds before it are played).'
      : 'There is no move of a person to take back.');
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

// The round in play is over and the match goes on (rule rounds): the next
// round starts from the position the server gives, the round just played
// kept with the earlier ones (for the record).
export async function nextRound() {
  const st = app.shown && app.shown.state;
  if (!st || !st.round_end || !st.round_end.next_start || app.animating) return;
  const earlier = [...app.earlier, { start: app.start, moves: app.moves.slice(0, app.ply) }];
  await startGame({ game: app.game, start: st.round_end.next_start, earlier });
}

export async function hint() {
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

export function resign() {
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
export async function startGame({ game, start = null, moves = [], players = null, first = null, earlier = [] }) {
  clearError();
  let answer;
  try {
    answer = await (first || api.state(withEarlier({ game, start, moves }, earlier)));
  } catch (error) {
    showError(error);
    return false;
  }
  stopSolve();
  app.generation += 1;
  app.showToken += 1;
  app.game = game;
  app.start = start;
  app.earlier = earlier.map((r) => ({ start: r.start, moves: [...r.moves] }));
  app.moves = [...moves];
  app.ply = moves.length;
  app.states = new Map([[moves.join(','), answer]]);
  app.evals = new Map();
  app.evalFailures = new Map();
  app.shown = answer;
  app.resigned = null;
  app.hint = null;
  app.direction = null;
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
