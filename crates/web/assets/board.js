// The board as an SVG: two rows of pits (or four, two a side), a store at each end (or both
// between the rows, or none: board.stores_drawn), seeds drawn as pebbles with their count. South's row is the lower one, read left to right
// from South's pit 1; North's row is the upper one, its pit 1 on the right
// (each side counts from its own left); South's store is on the right,
// North's on the left, so seeds travel counter-clockwise.

const NS = 'http://www.w3.org/2000/svg';
// The geometry: wide stores on a wide screen, narrow ones on a phone, where
// the pits need every pixel (compact()).
let PIT = 100; // distance between pit centres
let STORE = 118; // width of the space for each store
let STORE_W = 84; // the store's hollow
let CORNER = 46;
const TWO_ROWS_HEIGHT = 300;
// Four rows (Hus): each player's outer and inner row, the two inner rows
// facing each other across a wider gap.
const FOUR_ROWS_HEIGHT = 540;
let HEIGHT = TWO_ROWS_HEIGHT;
// Stores between the rows (`stores_drawn = "between"`, Toguz Kumalak's
// kazans): a band of this height between the two rows, and at the row ends
// a margin of END instead of a store's space.
const BAND = 120;
const BARE_END = 40;
let BETWEEN = false;
let END = STORE;

export function compact(on) {
  PIT = on ? 92 : 100;
  STORE = on ? 84 : 118;
  STORE_W = on ? 66 : 84;
  CORNER = on ? 24 : 46;
}
const ROW_Y = { north: 88, south: 212 };
const FOUR_ROW_Y = { northOuter: 80, northInner: 200, southInner: 340, southOuter: 460 };
const PIT_R = 40;
const PEBBLE_R = 7.5;
const COLOURS = ['ivory', 'amber', 'jade', 'coral', 'sand'];

export const width = (n) => 2 * END + n * PIT;

// On four rows (`four`), `n` is the pits of a row and a side's pits run
// 1..n along its outer row from its own left, then n+1..2n back along its
// inner row.
export function pitCentre(n, side, pit, four = false) {
  if (four) {
    const outer = pit <= n;
    // The column from South's left.
    const col = side === 'south' ? (outer ? pit - 1 : 2 * n - pit) : (outer ? n - pit : pit - n - 1);
    const y = side === 'south'
      ? (outer ? FOUR_ROW_Y.southOuter : FOUR_ROW_Y.southInner)
      : (outer ? FOUR_ROW_Y.northOuter : FOUR_ROW_Y.northInner);
    return { x: END + PIT * col + PIT / 2, y };
  }
  const i = pit - 1;
  const x = side === 'south' ? END + PIT * i + PIT / 2 : END + PIT * (n - 1 - i) + PIT / 2;
  return { x, y: ROW_Y[side] + (BETWEEN && side === 'south' ? BAND : 0) };
}

// Between the rows North's store takes the left half of the band, South's
// the right half.
export function storeCentre(n, side) {
  if (BETWEEN) {
    const w = width(n);
    return { x: side === 'south' ? (3 * w) / 4 - END / 2 : w / 4 + END / 2, y: HEIGHT / 2 };
  }
  return { x: side === 'south' ? width(n) - STORE / 2 : STORE / 2, y: HEIGHT / 2 };
}

// The hollow of a store between the rows: its half of the band, less a
// margin.
function bandHollow(n, side) {
  const w = width(n);
  const x0 = side === 'south' ? w / 2 + 10 : END + 10;
  return { x: x0, y: HEIGHT / 2 - STORE_W / 2, width: w / 2 - END - 20, height: STORE_W };
}

// Pebbles heaped along a store between the rows, from its middle outwards.
function pebblesInBand(count, hollow) {
  const shown = Math.min(count, 90);
  const out = [];
  const cx = hollow.x + hollow.width / 2;
  const cy = hollow.y + hollow.height / 2;
  const across = Math.max(4, Math.floor((hollow.width - 40) / 15));
  for (let k = 0; k < shown; k++) {
    const layer = Math.floor(k / (3 * across));
    const j = k % (3 * across);
    const row = j % 3;
    const step = Math.floor(j / 3);
    const col = (step % 2 ? -1 : 1) * Math.ceil(step / 2);
    out.push({
      x: cx + col * 15 + ((k * 37) % 5) - 2 + layer * 5,
      y: cy + (row - 1) * 18 + ((k * 13) % 5) - 2 - layer * 6,
      c: COLOURS[(k * 3 + Math.round(cx)) % 5],
    });
  }
  return out;
}

// Deterministic pebble positions: a sunflower spiral in a pit, a loose
// heap in a store.
function pebblesInPit(count, cx, cy) {
  const shown = Math.min(count, 30);
  const out = [];
  for (let k = 0; k < shown; k++) {
    const layer = Math.floor(k / 12);
    const j = k % 12;
    // A ring round the middle, where the count is written.
    const r = Math.min(PIT_R - PEBBLE_R - 2, 16 + 4.5 * Math.sqrt(j)) - layer * 5;
    const a = j * 2.39996 + layer * 0.9;
    out.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) - layer * 2, c: COLOURS[(k * 7 + cx) % 5] });
  }
  return out;
}

function pebblesInStore(count, cx, cy) {
  const shown = Math.min(count, 60);
  const out = [];
  for (let k = 0; k < shown; k++) {
    const cols = STORE_W > 70 ? 3 : 2;
    const perLayer = cols * 12;
    const layer = Math.floor(k / perLayer);
    const j = k % perLayer;
    const col = j % cols;
    const row = Math.floor(j / cols);
    const jitter = ((k * 37) % 7) - 3;
    out.push({
      x: cx + (col - (cols - 1) / 2) * 17 + jitter + layer * 6,
      y: cy + 88 - row * 15 + (((k * 13) % 5) - 2) - layer * 7,
      c: COLOURS[(k * 3 + cx) % 5],
    });
  }
  return out;
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  }
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function defs() {
  const d = el('defs');
  d.innerHTML = `
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a8713f"/><stop offset="0.45" stop-color="#8c5a2e"/>
      <stop offset="1" stop-color="#6e4220"/>
    </linearGradient>
    <pattern id="grain" width="240" height="36" patternUnits="userSpaceOnUse">
      <path d="M0 8 C60 2 120 14 240 6 M0 22 C80 30 150 16 240 24 M0 32 C70 28 170 36 240 31"
            fill="none" stroke="#5a3518" stroke-opacity="0.22" stroke-width="1.4"/>
    </pattern>
    <radialGradient id="hole" cx="0.5" cy="0.42" r="0.6">
      <stop offset="0" stop-color="#3b2312"/><stop offset="0.75" stop-color="#4d2e17"/>
      <stop offset="1" stop-color="#6d4523"/>
    </radialGradient>
    <linearGradient id="storehole" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#47290f"/><stop offset="0.5" stop-color="#352010"/>
      <stop offset="1" stop-color="#47290f"/>
    </linearGradient>
    ${[['ivory', '#fbf3df', '#cdbb95'], ['amber', '#f0b765', '#a8661f'], ['jade', '#a9d1b8', '#4c8a6a'],
       ['coral', '#e89a7c', '#a14d2e'], ['sand', '#efdc9c', '#a98f3f']].map(([id, a, b]) => `
    <radialGradient id="peb-${id}" cx="0.35" cy="0.32" r="0.75">
      <stop offset="0" stop-color="#fffdf6"/><stop offset="0.3" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>
    </radialGradient>`).join('')}`;
  return d;
}

function pebbles(group, list) {
  for (const p of list) {
    // A plain offset shadow: an SVG filter on every pebble costs too much
    // while sowing is animated.
    group.append(el('circle', { class: 'pebble', cx: (p.x + 0.6).toFixed(1), cy: (p.y + 1.6).toFixed(1), r: PEBBLE_R, fill: '#1d0f05', 'fill-opacity': 0.45 }));
    group.append(el('circle', { class: 'pebble', cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: PEBBLE_R, fill: `url(#peb-${p.c})` }));
  }
}

const sideName = (side) => (side === 'south' ? 'South' : 'North');
const seedWord = (n) => (n === 1 ? '1 seed' : `${n} seeds`);

// Draws `view` ({n, south, north, stores, any}) into `svg`. `opts`: mover
// (the side whose pits are numbered for play), legal (Set of pit numbers
// that can be clicked now), last (cell of the last move's pit), hint (pit
// number), active (the cell a seed was just sown into), captured (cell).
// Where a move may start from either row (`view.any`), the other row's
// pits are the mover's moves n + 1 to 2n, clickable and numbered so.
export function draw(svg, view, opts = {}) {
  const n = view.n;
  const four = Boolean(view.four);
  // Stores between the rows or in hand leave the row ends bare; end pits
  // (O An Quan) stand there whatever the stores.
  BETWEEN = view.drawn === 'between' && !four && !view.ends && n >= 2;
  const hand = view.drawn === 'hand' && !view.ends;
  END = BETWEEN ? BARE_END : STORE;
  HEIGHT = four ? FOUR_ROWS_HEIGHT : TWO_ROWS_HEIGHT + (BETWEEN ? BAND : 0);
  const pits = four ? 2 * n : n;
  const w = width(n);
  const focused = document.activeElement && svg.contains(document.activeElement)
    ? document.activeElement.getAttribute('data-pit') : null;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${w} ${HEIGHT}`);
  svg.append(defs());
  svg.append(el('rect', { class: 'board-wood', x: 2, y: 2, width: w - 4, height: HEIGHT - 4, rx: CORNER, fill: 'url(#wood)' }));
  svg.append(el('rect', { x: 2, y: 2, width: w - 4, height: HEIGHT - 4, rx: CORNER, fill: 'url(#grain)' }));
  svg.append(el('rect', { x: 8, y: 8, width: w - 16, height: HEIGHT - 16, rx: CORNER - 6, fill: 'none', stroke: '#c89866', 'stroke-opacity': 0.45, 'stroke-width': 2 }));

  const sameCell = (a, side, pit) => a && a.side === side
    && (pit === 'store' ? a.store : pit === 'end' ? a.end_pit : !a.end_pit && a.pit === pit);

  // End pits (rule end_pits, O An Quan's mandarin squares): at the row
  // ends, where the stores stand otherwise: the one after North's row on
  // the left, after South's on the right. The stores are then told under
  // the board.
  for (const side of view.ends ? ['north', 'south'] : []) {
    const c = storeCentre(n, side);
    const count = view.ends[side];
    const taken = view.ends.taken[side === 'south' ? 0 : 1];
    const g = el('g', { class: `end-pit ${side}${taken ? ' taken' : ''}`, 'data-side': side, 'data-end-pit': 'true', role: 'img', 'aria-label': `The end pit after ${sideName(side)}'s row: ${seedWord(count)}${taken ? ', taken before' : ''}` });
    g.append(el('rect', { class: 'store-hole', x: c.x - STORE_W / 2, y: 36, width: STORE_W, height: HEIGHT - 72, rx: STORE_W / 2, fill: 'url(#storehole)' }));
    if (sameCell(opts.active, side, 'end')) g.classList.add('active');
    if (sameCell(opts.captured, side, 'end')) g.classList.add('captured');
    pebbles(g, pebblesInStore(count, c.x, c.y));
    g.append(el('text', { class: countClass('count store-count', count), x: c.x, y: 36 + 52, 'text-anchor': 'middle' }, taken ? `${count}*` : count));
    g.append(el('text', { class: `store-label ${side}`, x: c.x, y: side === 'south' ? HEIGHT - 14 : 26, 'text-anchor': 'middle', 'data-store-count': view.stores[side] }, `${sideName(side)} ${view.stores[side]}`));
    svg.append(g);
  }

  for (const side of BETWEEN ? ['north', 'south'] : []) {
    // The stores between the rows: North's on the left, South's on the right.
    const c = storeCentre(n, side);
    const h = bandHollow(n, side);
    const count = view.stores[side];
    const g = el('g', { class: `store between ${side}`, 'data-side': side, 'data-store': 'true', role: 'img', 'aria-label': `${sideName(side)}'s store, between the rows: ${seedWord(count)}` });
    g.append(el('rect', { class: 'store-hole', ...h, rx: h.height / 2, fill: 'url(#storehole)' }));
    g.append(el('rect', { class: `store-rim ${side}`, x: h.x - 3, y: h.y - 3, width: h.width + 6, height: h.height + 6, rx: h.height / 2 + 3 }));
    if (sameCell(opts.active, side, 'store')) g.classList.add('active');
    pebbles(g, pebblesInBand(count, h));
    g.append(el('text', { class: countClass('count store-count', count), x: c.x, y: c.y + 10, 'text-anchor': 'middle' }, count));
    // The owner's name at the outer end of the store.
    const lx = side === 'south' ? h.x + h.width - 34 : h.x + 34;
    g.append(el('text', { class: `store-label ${side}`, x: lx, y: c.y + 6, 'text-anchor': 'middle' }, sideName(side)));
    svg.append(g);
  }

  for (const side of hand ? ['north', 'south'] : []) {
    // No store on the board (`stores_drawn = "hand"`): the seeds each player
    // has taken, told where the store would stand.
    const c = storeCentre(n, side);
    const count = view.stores[side];
    const g = el('g', { class: `store hand ${side}`, 'data-side': side, 'data-store': 'true', role: 'img', 'aria-label': `${sideName(side)} has taken ${seedWord(count)}, kept in hand` });
    if (sameCell(opts.active, side, 'store')) g.classList.add('active');
    g.append(el('text', { class: countClass('count store-count', count), x: c.x, y: c.y + 10, 'text-anchor': 'middle' }, count));
    g.append(el('text', { class: 'store-label in-hand', x: c.x, y: c.y + 36, 'text-anchor': 'middle' }, 'in hand'));
    g.append(el('text', { class: `store-label ${side}`, x: c.x, y: side === 'south' ? HEIGHT - 14 : 26, 'text-anchor': 'middle' }, sideName(side)));
    svg.append(g);
  }

  for (const side of view.ends || BETWEEN || hand ? [] : ['north', 'south']) {
    const c = storeCentre(n, side);
    const count = view.stores[side];
    const g = el('g', { class: `store ${side}`, 'data-side': side, 'data-store': 'true', role: 'img', 'aria-label': `${sideName(side)}'s store: ${seedWord(count)}` });
    g.append(el('rect', { class: 'store-hole', x: c.x - STORE_W / 2, y: 36, width: STORE_W, height: HEIGHT - 72, rx: STORE_W / 2, fill: 'url(#storehole)' }));
    g.append(el('rect', { class: `store-rim ${side}`, x: c.x - STORE_W / 2 - 3, y: 33, width: STORE_W + 6, height: HEIGHT - 66, rx: STORE_W / 2 + 3 }));
    if (sameCell(opts.active, side, 'store')) g.classList.add('active');
    pebbles(g, pebblesInStore(count, c.x, c.y));
    // The count near the top: the seeds pile up from the bottom.
    g.append(el('text', { class: countClass('count store-count', count), x: c.x, y: 36 + 52, 'text-anchor': 'middle' }, count));
    g.append(el('text', { class: `store-label ${side}`, x: c.x, y: side === 'south' ? HEIGHT - 14 : 26, 'text-anchor': 'middle' }, sideName(side)));
    svg.append(g);
  }

  for (const side of ['north', 'south']) {
    const row = view[side];
    for (let pit = 1; pit <= pits; pit++) {
      const { x, y } = pitCentre(n, side, pit, four);
      const count = row[pit - 1];
      // The move that sows this pit: its number, or under `any` the other
      // row's number counted on from the mover's (null: none).
      const other = view.any && opts.mover && opts.mover !== side;
      // While bonus takes are due (`opts.take`), the opponent's pits are
      // the moves, `t` and their owner's number.
      const move = opts.take
        ? (opts.mover && opts.mover !== side ? `t${pit}` : null)
        : opts.mover === side ? pit : other ? pit + n : null;
      const playable = move !== null && opts.legal && opts.legal.has(String(move));
      const classes = ['pit', side];
      if (playable) classes.push('legal');
      if (sameCell(opts.last, side, pit)) classes.push('last');
      if (sameCell(opts.active, side, pit)) classes.push('active');
      if (sameCell(opts.captured, side, pit)) classes.push('captured');
      if (opts.hint && move !== null && String(opts.hint) === String(move)) classes.push('hinted');
      // A pit the opponent has claimed (Toguz Kumalak's tuzdyk): what falls
      // in it goes to the claimer's store.
      const owner = claimer(view, side, pit);
      if (owner) classes.push('claimed', `by-${owner}`);
      // A pit out of play this round (rule rounds): its owner could not fill it.
      const out = Boolean(view.out && view.out[side].includes(pit));
      if (out) classes.push('out-of-play');
      const claim = owner ? `, claimed by ${sideName(owner)}: its seeds go to ${sideName(owner)}'s store`
        : out ? ', out of play this round: sowing passes over it' : '';
      const label = `${sideName(side)} pit ${pit}: ${seedWord(count)}${claim}${playable ? (opts.take ? `, take it (move ${move})` : `, sow it${other ? ` (move ${move})` : ''}`) : ''}${classes.includes('last') ? ', the last move' : ''}`;
      const g = el('g', {
        class: classes.join(' '),
        'data-side': side,
        'data-pit': `${side}-${pit}`,
        'data-seeds': count,
        'data-play': playable ? move : null,
        role: playable ? 'button' : 'img',
        tabindex: playable ? 0 : null,
        'aria-label': label,
      });
      g.append(el('circle', { class: 'ring', cx: x, cy: y, r: PIT_R + 6 }));
      g.append(el('circle', { class: 'hole', cx: x, cy: y, r: PIT_R, fill: 'url(#hole)' }));
      pebbles(g, pebblesInPit(count, x, y));
      g.append(el('text', { class: countClass('count', count), x, y: y + 10, 'text-anchor': 'middle' }, count));
      if (owner) g.append(el('text', { class: 'claim-mark', x: x + PIT_R - 4, y: y - PIT_R + 14, 'text-anchor': 'middle', 'aria-hidden': 'true' }, '\u00d7'));
      // The pit's number, from its owner's left, outside the row.
      const ly = side === 'south' ? y + PIT_R + 24 : y - PIT_R - 13;
      g.append(el('text', { class: `pit-number${move !== null ? ' mover' : ''}`, x, y: ly, 'text-anchor': 'middle', 'aria-hidden': 'true' }, move !== null ? move : pit));
      svg.append(g);
    }
  }
  if (focused) {
    const again = svg.querySelector(`[data-pit="${focused}"][tabindex]`);
    if (again) again.focus({ preventScroll: true });
  }
}

// A count's classes: `digits-3` for a count of three digits (past 99 seeds,
// on the wide board of up to 1,000), drawn smaller to fit its pit.
function countClass(base, count) {
  return count >= 100 ? `${base} digits-3` : base;
}

// The side that has claimed `side`'s pit `pit` (rule claim), or null:
// under one claim a player (`claimed`) the opponent, under several
// (`claims`, Enkeshui's bulls) either player.
function claimer(view, side, pit) {
  if (view.claims) return view.claims[side][pit - 1] || null;
  const by = side === 'south' ? 'north' : 'south';
  return view.claimed && view.claimed[by] === pit ? by : null;
}

// The view a state from the API gives. `claimed` (only under rules with
// claimed pits): the pit of the opponent's row each side has claimed;
// `claims` (rules with several claims): each row's owner of each pit.
// `four` (a board of four rows): `n` is then the pits of a row, and each
// side lists its 2n pits in sowing order.
export function viewOf(state) {
  return {
    n: state.rows ? state.rows.pits_per_row : state.pits_per_side,
    four: Boolean(state.rows),
    south: [...state.south],
    north: [...state.north],
    stores: { ...state.stores },
    claimed: state.claimed ? { ...state.claimed } : null,
    claims: state.claims ? { south: [...state.claims.south], north: [...state.claims.north] } : null,
    any: Boolean(state.any_pits),
    // Under rounds: each side's pits out of play, numbered from its owner's left.
    out: state.out_of_play ? { south: [...state.out_of_play.south], north: [...state.out_of_play.north] } : null,
    // Under end_pits: the seeds in the end pit after each row, and whether each was taken.
    ends: state.end_pits ? { south: state.end_pits.south, north: state.end_pits.north, taken: [...state.end_pits.taken] } : null,
    // Where the stores are drawn (board.stores_drawn): 'ends', 'between' or 'hand'.
    drawn: state.stores_drawn || 'ends',
  };
}

// The views seen while a move is sown, one per event, from the position
// before it (`before`) through `events` (docs/web.md); each comes with the
// cell it changed. The last view is not used as the final position: the
// state after the move, from the API, is.
export function sowingSteps(before, events) {
  const v = structuredClone(before);
  const steps = [];
  const cellRef = (cell) => (cell.store ? [v.stores, cell.side]
    : cell.end_pit ? [v.ends, cell.side] : [v[cell.side], cell.pit - 1]);
  for (const e of events) {
    if (e.pick) {
      const [obj, key] = cellRef(e.pick);
      obj[key] = Math.max(0, obj[key] - e.seeds);
      steps.push({ view: structuredClone(v), active: e.pick });
    } else if (e.drop) {
      const [obj, key] = cellRef(e.drop);
      obj[key] += 1;
      steps.push({ view: structuredClone(v), active: e.drop });
    } else if (e.take) {
      // Seeds a capture takes into the hand, sown again by the drops after.
      const [obj, key] = cellRef(e.take);
      obj[key] = Math.max(0, obj[key] - e.seeds);
      steps.push({ view: structuredClone(v), captured: e.take });
    } else if (e.capture) {
      const [obj, key] = cellRef(e.capture);
      obj[key] = Math.max(0, obj[key] - e.seeds);
      v.stores[e.store] += e.seeds;
      steps.push({ view: structuredClone(v), captured: e.capture });
    } else if (e.swap) {
      [v.south, v.north] = [v.north, v.south];
      [v.stores.south, v.stores.north] = [v.stores.north, v.stores.south];
      steps.push({ view: structuredClone(v), swap: true });
    }
  }
  return steps;
}
