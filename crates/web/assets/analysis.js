// Analysis: every position of the line scored in the background, the
// analysis of every move, and the solve.

import * as api from './api.js';
import { $, app, gameAt, prefixKey, sideName, sleep, stateAt } from './state.js';
import { fmt, renderAnalysis, renderControls, renderMoves, showError } from './render.js';

const EVAL_MOVETIME_MS = 200;
const ANALYSE_MOVETIME_MS = 1000;

// Scores every position of the game's line with a short search, the one
// shown first; never while a computer player thinks (it gets the
// processor), and never holding up play.
export async function kickEvaluations() {
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
export async function fillStates() {
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

export function clearAnalysisOut() {
  $('analysis-out').replaceChildren();
  $('analysis-out').dataset.state = '';
}

export async function analyseMoves() {
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

export function startSolve() {
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

export function stopSolve() {
  if (app.solver) app.solver.cancel();
}
