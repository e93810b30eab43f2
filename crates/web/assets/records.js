// Saving and loading: game records and variant files.

import * as api from './api.js';
import { $, app, gameAt, SIDES, withEarlier } from './state.js';
import { showError } from './render.js';
import { startGame } from './play.js';
import { applyVariantDefaults, describeVariant } from './setup.js';

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

export async function saveRecord() {
  try {
    // Under rounds, the whole match: the first round's start, the earlier
    // rounds' moves, then the round in play.
    const g = app.earlier.length
      ? { game: app.game, start: app.earlier[0].start, earlier: app.earlier.map((r) => r.moves), moves: app.moves }
      : gameAt(app.moves.length);
    const answer = await api.writeRecord(g, app.players);
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

export async function loadRecord(input) {
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
  // A match of several rounds: the earlier rounds' starts are asked for
  // round by round (each round's end gives the next one's start).
  const earlier = [];
  try {
    let start = null;
    for (const moves of record.earlier || []) {
      const end = await api.state(withEarlier({ game: record.game, start, moves }, earlier));
      earlier.push({ start, moves });
      start = end.state.round_end && end.state.round_end.next_start;
    }
  } catch (error) {
    showError(`${file.name}: ${error.message}`);
    return;
  }
  if (await startGame({ game: record.game, start: record.start, moves: record.moves, players, earlier })) {
    $('position').value = '';
  }
}

export async function chooseVariantFile(input) {
  const file = await readFile(input, 64 * 1024, 'variant file');
  if (!file) return;
  const previous = app.variantFile;
  app.variantFile = file;
  if (!(await startGame({ game: { variant_file: file.text } }))) app.variantFile = previous;
  renderVariantFile();
}

export function renderVariantFile() {
  const chosen = Boolean(app.variantFile);
  $('variant').disabled = $('pits').disabled = $('seeds').disabled = chosen;
  $('variant-file-clear').hidden = !chosen;
  $('variant-file-name').textContent = chosen
    ? `Playing the rules of ${app.variantFile.name}`
    : 'a TOML variant file (docs/variant-file.md)';
  if (chosen) $('variant-description').textContent = `Rules from ${app.variantFile.name}.`;
  else describeVariant();
}
