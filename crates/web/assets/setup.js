// The setup form: the variant, its size and the players, and the game it
// sets up.

import { $, app, SIDES } from './state.js';

function selectedVariant() {
  return app.variants.find((v) => v.name === $('variant').value);
}

export function describeVariant() {
  const v = selectedVariant();
  $('variant-description').textContent = v
    ? `${v.description}. Pits ${v.min_pits_per_side}–${v.max_pits_per_side}, seeds ${v.min_seeds}–${v.max_seeds}${v.pie_rule ? '; pie rule: North may swap sides after South\'s first move' : ''}.`
    : '';
}

export function applyVariantDefaults(setValues = true) {
  const v = selectedVariant();
  if (!v) return;
  const pits = $('pits');
  const seeds = $('seeds');
  pits.min = v.min_pits_per_side;
  pits.max = v.max_pits_per_side;
  seeds.min = v.min_seeds;
  seeds.max = v.max_seeds;
  if (setValues) {
    pits.value = v.pits_per_side;
    seeds.value = v.seeds;
  }
  // On four rows each player owns the two rows on their side.
  const rows = v.rows === 4 ? 'rows' : 'row';
  $('south-rows').textContent = `South (lower ${rows})`;
  $('north-rows').textContent = `North (upper ${rows})`;
  describeVariant();
}

export function fillPlayers() {
  for (const side of SIDES) {
    const select = $(`player-${side}`);
    const options = [['human', 'Person']];
    for (let level = 1; level <= 10; level++) options.push([`computer:${level}`, `Computer, level ${level}`]);
    select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
    select.value = app.players[side];
  }
}

export function setupGame() {
  if (app.variantFile) return { variant_file: app.variantFile.text };
  const game = { variant: $('variant').value };
  const pits = Number($('pits').value);
  const seeds = Number($('seeds').value);
  if ($('pits').value !== '') game.pits_per_side = pits;
  if ($('seeds').value !== '') game.seeds = seeds;
  return game;
}
