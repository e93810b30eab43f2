// The page's state (`app`) and the game as requests carry it (rules, start,
// moves), with the positions fetched for it; small helpers every module uses.

import * as api from './api.js';

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const SIDES = ['south', 'north'];
export const sideName = (side) => (side === 'south' ? 'South' : 'North');
export const other = (side) => (side === 'south' ? 'north' : 'south');

// The page's state, one object shared by every module: they change its
// fields, never the object.
//
// Stale replies. The server answers after an `await`, by which time the page
// may have moved on (another game, another position shown, another computer
// move asked for). Three counters tell a reply still wanted from a stale one:
// a function notes the counter before it asks and compares it when the answer
// comes; if the counter has moved, the answer is dropped (not drawn, not
// cached, no error shown). `undo` and `hint` also check that the moves they
// asked about are still the game's (their `still()`).
export const app = {
  variants: [],
  variantFile: null, // {name, text} while a variant file is chosen
  game: null, // the rules as requests carry them
  start: null, // a position string, or null for the variant's start
  moves: [], // the game's line of moves
  // Under rounds (`[rounds]`): the rounds played before the one in play,
  // the first first, each {start, moves}; the round in play is start/moves.
  earlier: [],
  ply: 0, // positions shown: after moves.slice(0, ply)
  players: { south: 'human', north: 'computer:5' },
  states: new Map(), // move prefix -> /api/state answer
  evals: new Map(), // move prefix -> {score_south, exact, pv, best, ...}
  evalFailures: new Map(),
  // The game's generation, bumped whenever the game is replaced
  // (startGame): an answer about an older game (a position, an evaluation,
  // an analysis, a hint, a computer move, the solve's value) is dropped.
  generation: 0,
  // The position being shown, bumped by every show() and by startGame: a
  // show whose position arrives after a newer show began draws nothing, and
  // an animation stops when a newer show begins.
  showToken: 0,
  shown: null, // the /api/state answer drawn now
  resigned: null, // the side that resigned
  hint: null,
  direction: null, // a pit sown either way, clicked: its direction still to choose
  thinking: false,
  // The computer move being waited for, bumped by each request of
  // maybeComputerMove (a newer one replaces it) and by startGame and undo
  // (no move is wanted any more): a move under an older token is dropped.
  thinkToken: 0,
  animating: false,
  loading: false,
  evalRunning: false,
  solver: null,
};

// ---- the game as requests carry it -------------------------------------

export const prefixKey = (k) => app.moves.slice(0, k).join(',');
export const gameAt = (k) => ({ game: app.game, start: app.start, moves: app.moves.slice(0, k) });
// What /api/state is asked, under rounds with the earlier rounds' starts
// (a match whose next round would start as one of them did, no seed having
// changed hands since, is drawn: Match::end decides).
export const withEarlier = (g, earlier) => (earlier.length ? { ...g, earlier_starts: earlier.map((r) => r.start) } : g);

export async function stateAt(k) {
  const key = prefixKey(k);
  const cached = app.states.get(key);
  if (cached) return cached;
  const generation = app.generation;
  const answer = await api.state(withEarlier(gameAt(k), app.earlier));
  if (generation === app.generation) app.states.set(key, answer);
  return answer;
}

export function moverOf(k) {
  const s = app.states.get(prefixKey(k));
  return s ? s.state.to_move : null;
}
