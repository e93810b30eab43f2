// The page's script (docs/web.md, "The page"): the game in play, the board,
// the computer players, and the analysis beside them. Everything the page
// knows about the rules comes from the API: it sends the game (rules, start,
// moves) and draws what it gets back.
//
// Modules, one role each: state.js (the page's state, the stale-reply
// tokens), render.js (drawing), play.js (moving through the game),
// analysis.js (scores, analysis, solve), records.js (saving and loading),
// setup.js (the setup form); api.js, board.js and graph.js (the server's
// API, the board, the score graph). This one wires the page and starts it.

import * as api from './api.js';
import { $, app, SIDES } from './state.js';
import { clearError, render, retryAfterError, showError } from './render.js';
import { goTo, hint, maybeComputerMove, nextRound, play, resign, SPEEDS, startGame, undo } from './play.js';
import { analyseMoves, startSolve, stopSolve } from './analysis.js';
import { chooseVariantFile, loadRecord, renderVariantFile, saveRecord } from './records.js';
import { applyVariantDefaults, fillPlayers, setupGame } from './setup.js';

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
  $('next-round').addEventListener('click', () => nextRound());
  $('direction-ccw').addEventListener('click', () => app.direction && play(`${app.direction}ccw`));
  $('direction-cw').addEventListener('click', () => app.direction && play(`${app.direction}cw`));
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
    else if (/^[a-nA-N]$/.test(key)) pit = String(11 + 'abcdefghijklmn'.indexOf(key.toLowerCase()));
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
