// Browser tests of the page `mancala serve` serves (docs/web.md): Debian's
// chromium, headless, driven by playwright-core. Each test opens the page
// afresh and checks what it shows against what the API says for the same
// game.
//
//   MANCALA_BIN=target/debug/mancala SCREENSHOT_DIR=target/web-screenshots \
//     node --test play.test.mjs
//
// MANCALA_BIN: the binary to run as `mancala serve --port 0 --no-db`.
// SCREENSHOT_DIR: where the screenshots go (default: a temporary folder).
// DOCS_SCREENSHOT: if set, the picture of a game in progress is also saved
// there (docs/web.png is made this way).
// CHROMIUM: the browser (default /usr/bin/chromium).
// MANCALA_URL: test a server already running instead (while working on the
// page: no binary is started, no interactive time measured).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BIN = process.env.MANCALA_BIN;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOT_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'mancala-shots-'));
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

let server; // the `mancala serve` process
let base; // its URL, ending in '/'
let browser;
let home; // a temporary home for the server: nothing of the user's is read

// ---- the server and the browser ----------------------------------------

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['serve', '--port', '0', '--no-db'], {
      env: { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within 20 s: ${out}${err}`)), 20000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/[^\s)]+\//);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[0] });
      }
    });
    child.stderr.on('data', (chunk) => { err += chunk; });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mancala serve exited (${code}): ${err}`));
    });
  });
}

async function api(pathname, body) {
  const response = await fetch(new URL(pathname, base), body === undefined
    ? {}
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await response.json();
  return { status: response.status, data };
}

async function apiOk(pathname, body) {
  const { status, data } = await api(pathname, body);
  assert.equal(status, 200, `${pathname}: ${JSON.stringify(data)}`);
  return data;
}

async function openPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.problems = problems;
  await page.goto(base);
  await page.waitForSelector('#app[data-ready="true"]');
  return page;
}

async function closePage(page) {
  const problems = page.problems.filter((p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p));
  await page.context().close();
  assert.deepEqual(problems, [], 'the page reported errors');
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

// ---- reading the page --------------------------------------------------

// The numbers drawn on the board: each pit's and store's count as shown.
function boardNumbers(page) {
  return page.evaluate(() => {
    const n = document.querySelectorAll('#board .pit.south').length;
    const read = (sel) => Number(document.querySelector(`#board ${sel} text.count`).textContent);
    const row = (side) => Array.from({ length: n }, (_, i) => read(`[data-pit="${side}-${i + 1}"]`));
    return {
      south: row('south'),
      north: row('north'),
      stores: { south: read('.store.south'), north: read('.store.north') },
    };
  });
}

// The moves in the page's move list.
function pageMoves(page) {
  return page.$$eval('#moves button[data-ply]:not([data-ply="0"]) .move-pit', (els) => els.map((e) => e.textContent));
}

// Waits until the page is idle and waits for a person (or the game is over).
async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const app = document.getElementById('app');
    if (app.dataset.busy !== 'false') return false;
    return document.querySelector('#board [data-play]') !== null
      || document.getElementById('status').classList.contains('result');
  }, null, { timeout: 30000 });
}

// The board shown is the API's position after `moves` (from `start`): the
// counts drawn must be its counts.
async function expectBoard(page, game, moves, start = null) {
  const { state } = await apiOk('/api/state', { game, start, moves });
  await page.waitForFunction((p) => document.getElementById('board').dataset.position === p, state.position, { timeout: 15000 })
    .catch(async () => {
      const shown = await page.$eval('#board', (b) => b.dataset.position);
      assert.fail(`the board shows ${shown}, the API says ${state.position} after ${moves.join(',')}`);
    });
  assert.deepEqual(await boardNumbers(page), { south: state.south, north: state.north, stores: state.stores },
    `the numbers drawn after ${moves.join(',') || 'no move'}`);
  return state;
}

async function newGame(page, { variant, pits, seeds, south, north, speed = '0' }) {
  await page.locator('#speed').fill(speed);
  await page.selectOption('#player-south', south);
  await page.selectOption('#player-north', north);
  await page.selectOption('#variant', variant);
  if (pits !== undefined) await page.fill('#pits', String(pits));
  if (seeds !== undefined) await page.fill('#seeds', String(seeds));
  const generation = await page.$eval('#app', (a) => a.dataset.game);
  await page.click('#new-game');
  await page.waitForFunction((g) => document.getElementById('app').dataset.game !== g, generation);
  return { variant, pits_per_side: pits ?? null, seeds: seeds ?? null };
}

// ---- the tests -----------------------------------------------------------

before(async () => {
  assert.ok(BIN || process.env.MANCALA_URL, 'set MANCALA_BIN to the mancala binary');
  fs.mkdirSync(SHOTS, { recursive: true });
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mancala-e2e-home-'));
  // Playwright gives the browser a fresh temporary profile (--user-data-dir)
  // and removes it on close.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // From starting the server to a page that can be played, in a browser
  // already running (as `--open` finds the user's): the server's start, the
  // page's load and its first requests.
  if (process.env.MANCALA_URL) {
    base = process.env.MANCALA_URL;
    return;
  }
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const started = performance.now();
  const s = await startServer();
  server = s.child;
  base = s.url;
  const listening = performance.now();
  await page.goto(base);
  await page.waitForSelector('#app[data-ready="true"] #board [data-play]');
  const ready = performance.now();
  const inPage = await page.$eval('#app', (a) => a.dataset.readyMs);
  console.log(`interactive: ${Math.round(ready - started)} ms from starting \`mancala serve\` to a page with pits to click `
    + `(server listening after ${Math.round(listening - started)} ms; the page playable ${inPage} ms after it began to load)`);
  await context.close();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  if (home) fs.rmSync(home, { recursive: true, force: true });
  console.log(`screenshots: ${SHOTS}`);
});

test('the first page: kalah 6x4, South a person, every pit of South clickable', async () => {
  const page = await openPage();
  const { variants } = await apiOk('/api/variants');
  const names = await page.$$eval('#variant option', (os) => os.map((o) => o.value));
  assert.deepEqual(names, variants.map((v) => v.name));
  await expectBoard(page, { variant: 'kalah' }, []);
  // The players are South and North here as everywhere else.
  const described = await page.textContent('#variant-description');
  assert.match(described, /pie rule: North may swap sides after South's first move/);
  assert.doesNotMatch(described, /player/i);
  const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => `${e.dataset.side} ${e.dataset.play}`));
  assert.deepEqual(clickable, ['south 1', 'south 2', 'south 3', 'south 4', 'south 5', 'south 6']);
  // Where each pit is drawn: South's row below, from its pit 1 on the left;
  // North's above, from its pit 1 on the right (each side's own left);
  // South's store on the right, North's on the left.
  const centre = (sel) => page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const south = [];
  const north = [];
  for (let p = 1; p <= 6; p++) {
    south.push(await centre(`[data-pit="south-${p}"] .hole`));
    north.push(await centre(`[data-pit="north-${p}"] .hole`));
  }
  for (let i = 1; i < 6; i++) {
    assert.ok(south[i].x > south[i - 1].x, `South's pit ${i + 1} is right of pit ${i}`);
    assert.ok(north[i].x < north[i - 1].x, `North's pit ${i + 1} is left of pit ${i}`);
  }
  for (let i = 0; i < 6; i++) {
    assert.ok(north[i].y < south[i].y, 'North\'s row is the upper one');
    assert.ok(Math.abs(north[i].x - south[5 - i].x) < 1, `North's pit ${i + 1} faces South's pit ${6 - i}`);
  }
  // The number written by each pit is its own (what the keys type).
  const numbers = await page.$$eval('#board .pit', (els) => els.map((e) => `${e.dataset.pit}=${e.querySelector('.pit-number').textContent}`));
  assert.deepEqual(numbers.sort(), [1, 2, 3, 4, 5, 6].flatMap((p) => [`north-${p}=${p}`, `south-${p}=${p}`]).sort());
  const southStore = await centre('#board .store.south .store-hole');
  const northStore = await centre('#board .store.north .store-hole');
  assert.ok(southStore.x > south[5].x && northStore.x < south[0].x, 'the stores: South\'s right, North\'s left');
  const labels = await page.$$eval('#board .pit', (els) => els.map((e) => e.getAttribute('aria-label')));
  assert.ok(labels.includes('South pit 3: 4 seeds, sow it'), labels.join('; '));
  assert.ok(labels.includes('North pit 1: 4 seeds'), labels.join('; '));
  // Sowing, slowly: seed by seed, every seed still on the board, no pit to
  // click until it ends. (North a person: no answer follows.)
  await page.selectOption('#player-north', 'human');
  await page.locator('#speed').fill('1');
  await page.click('#board [data-play="3"]');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'South sows pit 3…');
  const seen = new Set();
  let lastTotal = 0;
  for (let i = 0; i < 12 && (await page.textContent('#status')).endsWith('…'); i++) {
    const b = await boardNumbers(page);
    // Pit 3's 4 seeds are picked up, then dropped one at a time.
    const total = [...b.south, ...b.north, b.stores.south, b.stores.north].reduce((a, x) => a + x, 0);
    assert.ok(total >= 44 && total <= 48 && total >= lastTotal, `seeds on the board while sowing: ${total}`);
    lastTotal = total;
    if (total < 48) assert.equal(b.south[2], 0, 'the sown pit is empty');
    seen.add(JSON.stringify(b));
    // Read together: the sowing may end between two reads.
    const now = await page.evaluate(() => ({
      sowing: document.getElementById('status').textContent.endsWith('…'),
      clickable: document.querySelectorAll('#board [data-play]').length,
    }));
    if (now.sowing) assert.equal(now.clickable, 0, 'no pit to click while sowing');
    await page.waitForTimeout(150);
  }
  assert.ok(seen.size >= 3, `the sowing was shown step by step (${seen.size} boards seen)`);
  await expectBoard(page, { variant: 'kalah' }, ['3']);
  await closePage(page);
});

test('a whole game of kalah 4x3 against the computer, by clicking pits', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah', pits: 4, seeds: 3, south: 'human', north: 'computer:1' });
  let clicks = 0;
  for (;;) {
    await waitForTurn(page);
    const moves = await pageMoves(page);
    const state = await expectBoard(page, game, moves);
    if (state.over) break;
    assert.ok(clicks < 60, 'the game should have ended');
    // South's legal pits are the ones the page lets us click.
    const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
    assert.equal(state.to_move, 'south');
    assert.deepEqual(clickable, state.legal.filter((m) => m !== 'swap'));
    // Sow the fullest pit (any choice would do; this one is deterministic).
    const counts = state.south;
    const pit = clickable.reduce((best, p) => (counts[p - 1] > counts[best - 1] ? p : best));
    await page.click(`#board [data-play="${pit}"]`);
    clicks += 1;
    if (clicks === 2) await shot(page, 'kalah-4x3-in-play');
  }
  const moves = await pageMoves(page);
  const { state } = await apiOk('/api/state', { game, moves });
  assert.equal(state.over, true);
  const status = await page.textContent('#status');
  const { south, north } = state.stores;
  const expected = state.winner === 'south' ? `South wins ${south} to ${north}`
    : state.winner === 'north' ? `North wins ${north} to ${south}` : `a draw, ${south} to ${north}`;
  assert.ok(status.includes(expected), `the result shown: "${status}", expected "${expected}"`);
  assert.equal(await page.$$eval('#board [data-play]', (els) => els.length), 0, 'no pit can be clicked after the end');
  await shot(page, 'kalah-4x3-over');
  await closePage(page);
});

test('whole games of the traditional games against the computer: toguz-kumalak, mangala', async () => {
  const page = await openPage();
  for (const setup of [
    { variant: 'toguz-kumalak', pits: 5, seeds: 3, south: 'human', north: 'computer:1' },
    { variant: 'mangala', pits: 4, seeds: 3, south: 'human', north: 'computer:1' },
  ]) {
    const game = await newGame(page, setup);
    let clicks = 0;
    for (;;) {
      await waitForTurn(page);
      const moves = await pageMoves(page);
      const state = await expectBoard(page, game, moves);
      if (state.over) break;
      assert.ok(clicks < 200, `the ${setup.variant} game should have ended`);
      const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
      assert.equal(state.to_move, 'south');
      assert.deepEqual(clickable, state.legal.filter((m) => m !== 'swap'));
      const counts = state.south;
      const pit = clickable.reduce((best, p) => (counts[p - 1] > counts[best - 1] ? p : best));
      await page.click(`#board [data-play="${pit}"]`);
      clicks += 1;
    }
    const { state } = await apiOk('/api/state', { game, moves: await pageMoves(page) });
    assert.equal(state.over, true);
    const onBoard = [...state.south, ...state.north].reduce((a, b) => a + b, 0);
    assert.equal(state.stores.south + state.stores.north + onBoard, setup.pits * setup.seeds * 2);
    await shot(page, `${setup.variant}-over`);
  }
  await closePage(page);
});

// Tsoro with bonus takes, 4 pits a row, from a position (South to move):
//     North outer   2  0  0  1
//     North inner   1  0  1  3
//     South inner   0  0  0  0
//     South outer   3  3  2  0
// South's pit 3 sows into pits 4 and 5 and captures North's pit 8 and the
// outer pit 1 behind it: two bonus takes are due, each a click on one of
// North's pits holding seeds (t4, t5, t7), the only pits clickable; the
// status line counts them down; after the second North moves.
async function bonusTakesByClicks(page, game) {
  const start = '3,3,2,0,0,0,0,0:0/1,0,0,2,1,0,1,3:0/S';
  await waitForTurn(page);
  await page.click('#more summary');
  await page.fill('#position', start);
  await page.click('#position-start');
  await waitForTurn(page);
  await expectBoard(page, game, [], start);
  await page.click('#board [data-play="3"]');
  for (const [moves, legal, takesDue, due] of [
    [['3'], ['t4', 't5', 't7'], 2, '2 takes due'],
    [['3', 't4'], ['t5', 't7'], 1, 'the last one due'],
  ]) {
    await waitForTurn(page);
    const state = await expectBoard(page, game, moves, start);
    assert.equal(state.takes_due, takesDue);
    assert.deepEqual(await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play)), legal);
    assert.match(await page.textContent('#status'), new RegExp(`a bonus take, ${due}`));
    await page.click(`#board [data-play="${legal[0]}"]`);
  }
  // The takes made, the turn passes: North (the computer) moves, then South.
  await waitForTurn(page);
  const moves = await pageMoves(page);
  assert.deepEqual(moves.slice(0, 3), ['3', 't4', 't5']);
  const state = await expectBoard(page, game, moves, start);
  assert.ok(moves.length > 3 || state.over, `North should have moved after the takes: ${moves}`);
  await page.click('#more summary');
}

test('whole games of hus, tsoro and tsoro-bonus on four rows against the computer, by clicking pits', async () => {
  const page = await openPage();
  // Seeds in all at 4 x 2: hus leaves the left half of each inner row
  // empty, tsoro both inner rows. In tsoro-bonus a bonus take is a click
  // on one of North's pits (`t4`), the only pits clickable then.
  for (const [variant, total] of [['hus', 24], ['tsoro', 16], ['tsoro-bonus', 16]]) {
    const setup = { variant, pits: 4, seeds: 2, south: 'human', north: 'computer:1' };
    let game = await newGame(page, setup);
    if (variant === 'tsoro-bonus') {
      await bonusTakesByClicks(page, game);
      game = await newGame(page, setup);
    }
    // Four rows drawn: each side's eight pits, the outer row below (South) or
    // above (North) its inner row.
    const y = (pit) => page.$eval(`#board [data-pit="${pit}"] circle.hole`, (c) => Number(c.getAttribute('cy')));
    const [northOuter, northInner, southInner, southOuter] =
      [await y('north-1'), await y('north-5'), await y('south-5'), await y('south-1')];
    assert.ok(northOuter < northInner && northInner < southInner && southInner < southOuter,
      `rows at ${northOuter}, ${northInner}, ${southInner}, ${southOuter}`);
    assert.equal(await page.textContent('#south-rows'), 'South (lower rows)');
    await shot(page, `${variant}-4x2-start`);
    let clicks = 0;
    let takesSeen = 0;
    for (;;) {
      await waitForTurn(page);
      const moves = await pageMoves(page);
      const state = await expectBoard(page, game, moves);
      if (state.over) break;
      assert.ok(clicks < 300, `the ${variant} game should have ended`);
      const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
      assert.deepEqual(clickable, state.legal);
      if (state.takes_due > 0 && state.to_move === 'south') {
        // The status line says how many bonus takes are due, this one included.
        const due = state.takes_due > 1 ? `${state.takes_due} takes due` : 'the last one due';
        assert.match(await page.textContent('#status'), new RegExp(`a bonus take, ${due}`));
        takesSeen += 1;
      }
      await page.click(`#board [data-play="${clickable[clicks % clickable.length]}"]`);
      clicks += 1;
    }
    const { state } = await apiOk('/api/state', { game, moves: await pageMoves(page) });
    // Every seed in the stores at the end.
    assert.equal(state.stores.south + state.stores.north, total);
    // Whether South captures in this game depends on the computer's moves
    // (a new random seed each request): the takes are asserted by
    // `bonusTakesByClicks` from a position that has one, and here only
    // that no take is asked of a game without them.
    if (variant !== 'tsoro-bonus') assert.equal(takesSeen, 0, `${variant} has no bonus takes`);
    await shot(page, `${variant}-4x2-over`);
  }
  await closePage(page);
});

// Hus on its 4 x 12 board (crates/core/variants/hus-12.toml, not a preset:
// given as a variant file) is the wide layout: 48 pits, counts past 255.
const HUS_12 = fs.readFileSync(new URL('../../core/variants/hus-12.toml', import.meta.url), 'utf8');

async function chooseVariantFile(page, name, text) {
  const generation = await page.$eval('#app', (a) => a.dataset.game);
  await page.setInputFiles('#variant-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.getElementById('variant-file-name').textContent.includes(n), name);
  await page.waitForFunction((g) => document.getElementById('app').dataset.game !== g, generation);
}

test('the wide board: hus on four rows of 12 from its variant file against the computer; 288 seeds, counts of three digits', async () => {
  const page = await openPage();
  await page.locator('#speed').fill('5');
  await page.selectOption('#player-south', 'human');
  await page.selectOption('#player-north', 'computer:2');
  await page.click('#more summary');
  await chooseVariantFile(page, 'hus-12.toml', HUS_12);
  const game = { variant_file: HUS_12 };
  await waitForTurn(page);
  await expectBoard(page, game, []);
  // Four rows of 12: each side's 24 pits, the outer row below (South) or
  // above (North) its inner row, every pit inside the window.
  assert.equal(await page.$$eval('#board .pit.south', (els) => els.length), 24);
  assert.equal(await page.$$eval('#board .pit.north', (els) => els.length), 24);
  const y = (pit) => page.$eval(`#board [data-pit="${pit}"] circle.hole`, (c) => Number(c.getAttribute('cy')));
  const [northOuter, northInner, southInner, southOuter] =
    [await y('north-1'), await y('north-13'), await y('south-13'), await y('south-1')];
  assert.ok(northOuter < northInner && northInner < southInner && southInner < southOuter,
    `rows at ${northOuter}, ${northInner}, ${southInner}, ${southOuter}`);
  const fits = () => page.evaluate(() => {
    const w = window.innerWidth;
    return Array.from(document.querySelectorAll('#board .pit .hole')).every((c) => {
      const r = c.getBoundingClientRect();
      return r.left >= 0 && r.right <= w;
    }) && document.documentElement.scrollWidth <= w;
  });
  assert.ok(await fits(), 'the board of 4 x 12 fits the window');
  await shot(page, 'hus-12-start');
  // A pit past 16 by its key: `h` is pit 18 (keys `a` to `n`, pits 11 to 24).
  await page.keyboard.press('h');
  await waitForTurn(page);
  assert.equal((await pageMoves(page))[0], '18');
  // A few moves by clicks, the computer answering each (sown seed by seed).
  let clicks = 0;
  for (; clicks < 4; clicks++) {
    await waitForTurn(page);
    const moves = await pageMoves(page);
    const state = await expectBoard(page, game, moves);
    if (state.over) break;
    const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
    assert.deepEqual(clickable, state.legal);
    await page.click(`#board [data-play="${clickable[(clicks * 5) % clickable.length]}"]`);
  }
  await waitForTurn(page);
  const moves = await pageMoves(page);
  const state = await expectBoard(page, game, moves);
  assert.ok(moves.length > clicks || state.over, `North should have answered: ${moves}`);
  await shot(page, 'hus-12-played');

  // 8 seeds a pit: 288 in all, past the compact layout's 255; a start with
  // counts of three digits, drawn smaller to fit their pits.
  const text8 = HUS_12.replace('seeds_per_pit = 2\n', 'seeds_per_pit = 8\n');
  await chooseVariantFile(page, 'hus-12-8.toml', text8);
  const game8 = { variant_file: text8 };
  await waitForTurn(page);
  const start8 = await expectBoard(page, game8, []);
  assert.equal(start8.seeds_per_pit, 8);
  const south = [150, 100].concat(Array(16).fill(2), Array(6).fill(0));
  const north = [2, 2, 2].concat(Array(21).fill(0));
  const start = `${south.join(',')}:0/${north.join(',')}:0/S`;
  await page.fill('#position', start);
  await page.click('#position-start');
  await waitForTurn(page);
  await expectBoard(page, game8, [], start);
  const big = await page.$eval('#board [data-pit="south-1"] text.count', (t) => ({ text: t.textContent, cls: t.getAttribute('class') }));
  assert.deepEqual(big, { text: '150', cls: 'count digits-3' });
  assert.ok(await fits(), 'the board of 288 seeds fits the window');
  await shot(page, 'hus-12-288-three-digits');
  // The 150 seeds sown (and relayed) seed by seed, then the computer's answer.
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  const played = await pageMoves(page);
  assert.equal(played[0], '1');
  await expectBoard(page, game8, played, start);
  await shot(page, 'hus-12-288-played');
  // On a phone the board is scaled down to the window's width.
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().width <= window.innerWidth);
  assert.ok(await fits(), 'the board of 4 x 12 fits a phone');
  await shot(page, 'hus-12-288-phone');
  await closePage(page);
});

test('um-el-bagara: the middle pit is clicked, then a direction chosen; a whole game', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'um-el-bagara', south: 'human', north: 'computer:1' });
  await waitForTurn(page);
  // Every pit with seeds is clickable once; the middle one asks which way.
  const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
  assert.deepEqual(clickable, ['1', '2', '3', '4', '5']);
  assert.equal(await page.isHidden('#direction'), true);
  await page.click('#board [data-play="3"]');
  await page.waitForSelector('#direction:not([hidden])');
  assert.match(await page.textContent('#status'), /Sow pit 3 which way/);
  await shot(page, 'um-el-bagara-direction');
  await page.click('#direction-cw');
  let clicks = 1;
  for (;;) {
    await waitForTurn(page);
    const moves = await pageMoves(page);
    assert.equal(moves[0], '3cw');
    const state = await expectBoard(page, game, moves);
    if (state.over) break;
    assert.ok(clicks < 300, 'the um-el-bagara game should have ended');
    const pits = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
    assert.deepEqual(pits, [...new Set(state.legal.map((m) => String(parseInt(m, 10))))]);
    const pit = pits[clicks % pits.length];
    await page.click(`#board [data-play="${pit}"]`);
    if (!state.legal.includes(pit)) {
      await page.waitForSelector('#direction:not([hidden])');
      await page.click(clicks % 2 ? '#direction-ccw' : '#direction-cw');
    }
    clicks += 1;
  }
  const { state } = await apiOk('/api/state', { game, moves: await pageMoves(page) });
  const onBoard = [...state.south, ...state.north].reduce((a, b) => a + b, 0);
  assert.equal(state.stores.south + state.stores.north + onBoard, 50);
  await shot(page, 'um-el-bagara-over');
});

test('kiuthi: every pit asks which way; a game of clicks and directions', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kiuthi', pits: 5, seeds: 4, south: 'human', north: 'computer:1' });
  await waitForTurn(page);
  const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
  assert.deepEqual(clickable, ['1', '2', '3', '4', '5']);
  await page.click('#board [data-play="2"]');
  await page.waitForSelector('#direction:not([hidden])');
  assert.match(await page.textContent('#status'), /Sow pit 2 which way/);
  await page.click('#direction-ccw');
  let clicks = 1;
  for (;;) {
    await waitForTurn(page);
    const moves = await pageMoves(page);
    assert.equal(moves[0], '2ccw');
    const state = await expectBoard(page, game, moves);
    if (state.over || clicks >= 12) break;
    const pits = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
    assert.deepEqual(pits, [...new Set(state.legal.map((m) => String(parseInt(m, 10))))]);
    const pit = pits[clicks % pits.length];
    await page.click(`#board [data-play="${pit}"]`);
    // Both ways a move: which way is asked; one way only: it is played.
    if (state.legal.includes(`${pit}ccw`) && state.legal.includes(`${pit}cw`)) {
      await page.waitForSelector('#direction:not([hidden])');
      await page.click(clicks % 2 ? '#direction-cw' : '#direction-ccw');
    }
    clicks += 1;
  }
  const { state } = await apiOk('/api/state', { game, moves: await pageMoves(page) });
  const onBoard = [...state.south, ...state.north].reduce((a, b) => a + b, 0);
  assert.equal(state.stores.south + state.stores.north + onBoard, 40);
  await shot(page, 'kiuthi-5x4');
  await closePage(page);
});

test('eson-xorgol: both rows are clickable for the mover, the other row numbered on', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'eson-xorgol', pits: 3, seeds: 2, south: 'human', north: 'computer:1' });
  const byNumber = (a, b) => Number(a) - Number(b);
  let fromOtherRow = 0;
  for (let clicks = 0; clicks < 8; clicks++) {
    await waitForTurn(page);
    const moves = await pageMoves(page);
    const state = await expectBoard(page, game, moves);
    if (state.over) break;
    assert.equal(state.any_pits, true);
    // Every legal move is a pit to click, on either row: North's pits are
    // South's moves 4 to 6.
    const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
    assert.deepEqual([...clickable].sort(byNumber), [...state.legal].sort(byNumber));
    const numbers = await page.$$eval('#board .pit.north .pit-number', (els) => els.map((e) => e.textContent));
    assert.deepEqual([...numbers].sort(byNumber), ['4', '5', '6']);
    const pick = [...clickable].sort(byNumber).at(-1);
    if (Number(pick) > 3) fromOtherRow += 1;
    await page.click(`#board [data-play="${pick}"]`);
  }
  assert.ok(fromOtherRow > 0, 'a move from North\'s row was clicked');
  await shot(page, 'eson-xorgol-3x2');
  await closePage(page);
});

test('a claimed pit (toguz-kumalak\'s tuzdyk) is marked with its owner', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'toguz-kumalak', south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.click('#more summary');
  // South's pit 9 holds 2: one seed back into it, one makes North's pit 1
  // hold 3, South's tuzdyk.
  const start = '0,0,0,0,0,0,0,0,2:70/2,10,10,10,10,10,10,10,10:8/S';
  await page.fill('#position', start);
  await page.click('#position-start');
  await waitForTurn(page);
  await expectBoard(page, game, [], start);
  assert.equal(await page.$$eval('#board .pit.claimed', (els) => els.length), 0, 'no pit claimed yet');
  await page.click('#board [data-play="9"]');
  await waitForTurn(page);
  const state = await expectBoard(page, game, ['9'], start);
  assert.deepEqual(state.claimed, { south: 1, north: null });
  const claimed = await page.$$eval('#board .pit.claimed', (els) => els.map((e) => [e.dataset.pit, e.getAttribute('class'), e.getAttribute('aria-label')]));
  assert.equal(claimed.length, 1);
  assert.equal(claimed[0][0], 'north-1');
  assert.ok(claimed[0][1].includes('by-south'), claimed[0][1]);
  assert.match(claimed[0][2], /claimed by South: its seeds go to South's store/);
  await shot(page, 'toguz-kumalak-tuzdyk');
  await closePage(page);
});

test('stores between the rows (toguz-kumalak\'s kazans) and kept in hand (vai-lung-thlan)', async () => {
  const page = await openPage();
  let game = await newGame(page, { variant: 'toguz-kumalak', south: 'human', north: 'human' });
  await waitForTurn(page);
  const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width }; });
  // Sowing pit 3 from the start makes North's pit 2 hold 10: South takes it.
  await page.click('#board [data-play="3"]');
  await waitForTurn(page);
  const state = await expectBoard(page, game, ['3']);
  assert.equal(state.stores_drawn, 'between');
  assert.deepEqual(state.stores, { south: 10, north: 0 });
  const north = await box('#board .store.between.north .store-hole');
  const south = await box('#board .store.between.south .store-hole');
  const northRow = await box('[data-pit="north-5"] .hole');
  const southRow = await box('[data-pit="south-5"] .hole');
  for (const store of [north, south]) {
    assert.ok(northRow.y < store.y && store.y < southRow.y, 'a kazan between the two rows');
    assert.ok(store.w > 2 * northRow.w, 'a kazan lies along the rows');
  }
  assert.ok(north.x < northRow.x && south.x > southRow.x, 'North\'s kazan on the left, South\'s on the right');
  const left = await box('[data-pit="south-1"] .hole');
  assert.ok(north.x - north.w / 2 > left.x - left.w, 'no store at the row ends');
  assert.match(await page.$eval('#board .store.south', (e) => e.getAttribute('aria-label')), /South's store, between the rows: 10 seeds/);
  await shot(page, 'toguz-kumalak-kazans-between-the-rows');

  game = await newGame(page, { variant: 'vai-lung-thlan', south: 'human', north: 'human' });
  await waitForTurn(page);
  const { state: start } = await apiOk('/api/state', { game, moves: [] });
  assert.equal(start.stores_drawn, 'hand');
  assert.equal(await page.$$eval('#board .store .store-hole', (els) => els.length), 0, 'no store hollow on the board');
  const told = await page.$$eval('#board .store.hand', (els) => els.map((e) => [e.dataset.side, e.querySelector('text.count').textContent, e.getAttribute('aria-label')]));
  assert.deepEqual(told.map(([side, count]) => [side, count]), [['north', '0'], ['south', '0']]);
  assert.match(told[0][2], /North has taken 0 seeds, kept in hand/);
  await closePage(page);
});

test('a match in rounds: a round ends, Next round fills the board again, pits out of play marked', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'dakon', south: 'human', north: 'human' });
  await waitForTurn(page);
  // A round of Dakon played through the API to its end, each move chosen
  // by a fixed rotation over the legal moves.
  const moves = [];
  let state = (await apiOk('/api/state', { game, moves })).state;
  for (let turn = 0; !state.over; turn += 7) {
    moves.push(state.legal[turn % state.legal.length]);
    state = (await apiOk('/api/state', { game, moves })).state;
  }
  const end = state.round_end;
  assert.ok(end && end.next_start, `the round ends the match: ${JSON.stringify(end)}`);
  // The page starts from the position before the round's last move; the
  // last move is clicked.
  const before = (await apiOk('/api/state', { game, moves: moves.slice(0, -1) })).state;
  await page.click('#more summary');
  await page.fill('#position', before.position);
  await page.click('#position-start');
  await waitForTurn(page);
  assert.match(await page.textContent('#status'), /^Round 1: /);
  await page.click(`#board [data-play="${moves[moves.length - 1]}"]`);
  await waitForTurn(page);
  await expectBoard(page, game, moves.slice(-1), before.position);
  assert.match(await page.textContent('#status'), /^Round 1: .*Next round/);
  await page.click('#next-round');
  await waitForTurn(page);
  const next = await expectBoard(page, game, [], end.next_start);
  const out = next.out_of_play.south.length + next.out_of_play.north.length;
  assert.ok(out > 0, 'the loser of the round cannot fill every pit');
  const marked = await page.$$eval('#board .pit.out-of-play', (els) => els.map((e) => e.dataset.pit));
  assert.deepEqual(marked.sort(), [
    ...next.out_of_play.north.map((k) => `north-${k}`),
    ...next.out_of_play.south.map((k) => `south-${k}`)].sort());
  assert.match(await page.textContent('#status'), /^Round 2: /);
  assert.ok(await page.$eval('#next-round', (b) => b.hidden), 'Next round is hidden while the round is played');
  await shot(page, 'dakon-round-2');
  await closePage(page);
});

test('a match whose next round would start as an earlier one did is drawn', async () => {
  // Congkak on one house a side with one seed: each round ends 1 to 1,
  // round 2 starts with North, and round 3 would start as round 1 did.
  const page = await openPage();
  const game = await newGame(page, { variant: 'congkak', pits: 1, seeds: 1, south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  assert.match(await page.textContent('#status'), /^Round 1: .*Next round/);
  await page.click('#next-round');
  await waitForTurn(page);
  await expectBoard(page, game, [], '1:0/1:0/N');
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  const status = await page.textContent('#status');
  assert.match(status, /^Round 2: .*The match is over: round 3 would start as round 1 did \(the same board, the same player first\): the match is drawn\./);
  assert.ok(await page.$eval('#next-round', (b) => b.hidden), 'no next round after a drawn match');
  await shot(page, 'congkak-1x1-drawn-match');
  await closePage(page);
});

test('bulls on either row (enkeshui) are marked with their owner', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'enkeshui', south: 'human', north: 'human' });
  await waitForTurn(page);
  // South 1, North 1, then South 2: its last two seeds make South's pit 8
  // hold 4 and North's pit 1 hold 3, both South's bulls.
  for (const pit of ['1', '1']) {
    await page.click(`#board [data-play="${pit}"]`);
    await waitForTurn(page);
  }
  assert.equal(await page.$$eval('#board .pit.claimed', (els) => els.length), 0, 'no bull yet');
  await page.click('#board [data-play="2"]');
  await waitForTurn(page);
  const state = await expectBoard(page, game, ['1', '1', '2']);
  assert.equal(state.position, '2,0,1,2,3,8,4,o:7/x,1,7,0,7,1,3,2:0/N');
  const claimed = await page.$$eval('#board .pit.claimed', (els) => els.map((e) => [e.dataset.pit, e.getAttribute('class'), e.getAttribute('aria-label')]));
  assert.deepEqual(claimed.map((c) => c[0]).sort(), ['north-1', 'south-8']);
  for (const [, classes, label] of claimed) {
    assert.ok(classes.includes('by-south'), classes);
    assert.match(label, /claimed by South: its seeds go to South's store/);
  }
  await shot(page, 'enkeshui-bulls');
  await closePage(page);
});

test('a walda at the row end (qelat) is marked with its owner and cannot be sown', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'qelat', pits: 6, seeds: 4, south: 'human', north: 'human' });
  await waitForTurn(page);
  // StoneShark's first seven moves (test_gm_qelat.py, its North our South):
  // South's pit 6 makes North's pit 6, an end of the row, South's walda.
  const moves = ['5', '6', '1', '3', '2', '4', '6'];
  for (const pit of moves.slice(0, 6)) {
    await page.click(`#board [data-play="${pit}"]`);
    await waitForTurn(page);
  }
  assert.equal(await page.$$eval('#board .pit.claimed', (els) => els.length), 0, 'no walda yet');
  await page.click('#board [data-play="6"]');
  await waitForTurn(page);
  const state = await expectBoard(page, game, moves);
  assert.equal(state.position, '2,1,7,7,1,0:4/7,8,2,1,8,x:0/N');
  const claimed = await page.$$eval('#board .pit.claimed', (els) => els.map((e) => [e.dataset.pit, e.getAttribute('class'), e.getAttribute('aria-label')]));
  assert.deepEqual(claimed.map((c) => c[0]), ['north-6']);
  assert.ok(claimed[0][1].includes('by-south'), claimed[0][1]);
  assert.match(claimed[0][2], /claimed by South: its seeds go to South's store/);
  assert.equal(await page.$$eval('#board [data-play="6"]', (els) => els.length), 0, 'the walda is not a move');
  await shot(page, 'qelat-walda');
  await closePage(page);
});

test('o-an-quan: the end pits drawn at the row ends, one taken by 1cw', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'o-an-quan', pits: 5, seeds: 5, south: 'human', north: 'human' });
  await waitForTurn(page);
  // The SVG's end pits (mandarin squares), where the stores stand otherwise:
  // the one after North's row on the left, after South's on the right.
  const ends = () => page.$$eval('#board .end-pit', (els) => els.map((e) => {
    const r = e.querySelector('.store-hole').getBoundingClientRect();
    return { side: e.dataset.side, count: e.querySelector('text.count').textContent, taken: e.classList.contains('taken'), label: e.getAttribute('aria-label'), x: r.x + r.width / 2 };
  }));
  const centre = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return r.x + r.width / 2; });
  let shown = await ends();
  assert.deepEqual(shown.map((e) => [e.side, e.count, e.taken]), [['north', '10', false], ['south', '10', false]]);
  assert.equal(await page.$$eval('#board .store', (els) => els.length), 0, 'no store drawn on the board');
  assert.ok(shown[0].x < await centre('[data-pit="north-5"] .hole'), 'North\'s end pit left of its pit 5');
  assert.ok(shown[1].x > await centre('[data-pit="south-5"] .hole'), 'South\'s end pit right of its pit 5');
  assert.match(shown[1].label, /The end pit after South's row: 10 seeds/);
  // Pit 1 asks which way; clockwise takes the end pit after North's row.
  await page.click('#board [data-play="1"]');
  await page.waitForSelector('#direction:not([hidden])');
  await page.click('#direction-cw');
  await waitForTurn(page);
  const moves = await pageMoves(page);
  assert.deepEqual(moves, ['1cw']);
  const { state } = await apiOk('/api/state', { game, moves });
  assert.equal(state.position, '0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N');
  await page.waitForFunction((p) => document.getElementById('board').dataset.position === p, state.position, { timeout: 15000 });
  const pits = await page.evaluate(() => ['south', 'north'].map((side) => [1, 2, 3, 4, 5].map((p) => Number(document.querySelector(`#board [data-pit="${side}-${p}"] text.count`).textContent))));
  assert.deepEqual(pits, [state.south, state.north]);
  shown = await ends();
  assert.deepEqual(shown.map((e) => [e.side, e.count, e.taken]), [['north', '0*', true], ['south', '11', false]]);
  assert.match(shown[0].label, /The end pit after North's row: 0 seeds, taken before/);
  const stores = await page.$$eval('#board .end-pit .store-label', (els) => els.map((e) => [e.textContent, e.dataset.storeCount]));
  assert.deepEqual(stores, [['North 0', '0'], ['South 11', '11']]);
  // North's pit 1 is empty: not a pit to click.
  const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => `${e.dataset.side} ${e.dataset.play}`));
  assert.deepEqual(clickable, ['north 2', 'north 3', 'north 4', 'north 5']);
  await shot(page, 'o-an-quan-end-pit-taken');
  await closePage(page);
});

test('the pie rule: the Swap button exchanges the sides', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah', pits: 6, seeds: 4, south: 'human', north: 'human' });
  await waitForTurn(page);
  assert.equal(await page.isVisible('#swap'), false, 'no swap before the first move');
  await page.click('#board [data-play="3"]');
  await waitForTurn(page);
  const before = await expectBoard(page, game, ['3']);
  assert.equal(await page.isVisible('#swap'), true, 'North is offered the swap');
  // The hint is the API's (a node budget: the same move every time).
  const { move: hinted } = await apiOk('/api/hint', { game, moves: ['3'] });
  await page.click('#hint');
  await page.waitForFunction(() => /Hint:/.test(document.getElementById('status').textContent));
  assert.ok((await page.textContent('#status')).endsWith(`Hint: ${hinted === 'swap' ? 'swap' : `pit ${hinted}`}.`));
  if (hinted === 'swap') assert.ok(await page.$eval('#swap', (b) => b.classList.contains('hinted')));
  else assert.equal(await page.$$eval('#board .pit.hinted', (els) => els.map((e) => e.dataset.pit).join()), `north-${hinted}`);
  await page.click('#swap');
  await waitForTurn(page);
  const after = await expectBoard(page, game, ['3', 'swap']);
  // The rows and stores exchanged places.
  assert.deepEqual(after.south, before.north);
  assert.deepEqual(after.north, before.south);
  assert.deepEqual(after.stores, { south: before.stores.north, north: before.stores.south });
  assert.deepEqual(await pageMoves(page), ['3', 'swap']);
  assert.equal(await page.isVisible('#swap'), false, 'the swap is offered once');
  await closePage(page);
});

test('undo takes back to the last move of a person', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah-classic', pits: 6, seeds: 4, south: 'human', north: 'computer:1' });
  await waitForTurn(page);
  // Pit 1 gives no extra turn: the computer answers.
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  const played = await pageMoves(page);
  assert.ok(played.length >= 2 && played[0] === '1', `moves ${played}`);
  const afterBoth = await expectBoard(page, game, played);
  assert.equal(afterBoth.to_move, 'south');
  // Any pit South may sow (the computer's answer decides which are left).
  await page.click('#board [data-play]');
  await waitForTurn(page);
  const more = await pageMoves(page);
  assert.ok(more.length > played.length);
  await page.click('#undo');
  await waitForTurn(page);
  // Back to South's turn before that second pit was sown.
  assert.deepEqual(await pageMoves(page), played);
  await expectBoard(page, game, played);
  await page.click('#undo');
  await waitForTurn(page);
  assert.deepEqual(await pageMoves(page), []);
  await expectBoard(page, game, []);
  await closePage(page);
});

// Holds the next request to `pattern` until the test lets it go (the route
// it returns: continue() or fulfill()).
async function holdNext(page, pattern) {
  let caught;
  const held = new Promise((resolve) => { caught = resolve; });
  await page.route(pattern, (route) => caught(route), { times: 1 });
  return held;
}

// The browser logs every answer of status 5xx the tests make up: expected.
function forgetServerErrors(page) {
  const kept = page.problems.filter((p) => !/status of 5\d\d/.test(p));
  page.problems.splice(0, page.problems.length, ...kept);
}

test('answers for a position no longer shown are dropped (hint, analysis)', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah-classic', pits: 6, seeds: 4, south: 'human', north: 'human' });
  await waitForTurn(page);
  // The score graph holds clickable points: a labelled group, not an image.
  assert.equal(await page.$eval('#graph', (g) => g.getAttribute('role')), 'group');
  assert.ok(await page.$eval('#graph', (g) => g.getAttribute('aria-label')));
  // A hint asked for, then a move played before it comes: not drawn.
  const hintHeld = holdNext(page, '**/api/hint');
  await page.click('#hint');
  const hintRoute = await hintHeld;
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  await expectBoard(page, game, ['1']);
  const hintAnswer = page.waitForResponse('**/api/hint');
  await hintRoute.continue();
  await hintAnswer;
  await page.waitForTimeout(300);
  assert.ok(!(await page.textContent('#status')).includes('Hint:'), await page.textContent('#status'));
  assert.equal(await page.$$eval('#board .hinted, #swap.hinted', (els) => els.length), 0, 'no pit hinted');
  // Asked again, for the position shown: drawn.
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Hint:'));

  // An analysis failing after the game was replaced: its error is not shown.
  const analyseHeld = holdNext(page, '**/api/analyze');
  await page.click('#analyse');
  const analyseRoute = await analyseHeld;
  await newGame(page, { variant: 'kalah-classic', pits: 4, seeds: 3, south: 'human', north: 'human' });
  await waitForTurn(page);
  await analyseRoute.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'the analysis failed' }) });
  await page.waitForTimeout(300);
  assert.equal(await page.$eval('#error', (e) => e.hidden), true, await page.textContent('#error-text'));
  assert.notEqual(await page.$eval('#analysis-out', (e) => e.dataset.state), 'running');
  assert.equal(await page.$eval('#analyse', (e) => e.disabled), false);
  forgetServerErrors(page);
  await closePage(page);
});

test('a computer move refused as busy (503) is asked again; other errors offer a Retry', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah-classic', pits: 6, seeds: 4, south: 'human', north: 'computer:1' });
  await waitForTurn(page);
  const busy = { status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'every search slot is busy' }) };
  // Busy twice, then answered: the computer moves, no message.
  let asked = 0;
  await page.route('**/api/computer-move', (route) => {
    asked += 1;
    return asked <= 2 ? route.fulfill(busy) : route.continue();
  });
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  // Two refusals, then answered (more when the computer's move earns it
  // another turn).
  assert.ok(asked >= 3, `asked ${asked} times`);
  let moves = await pageMoves(page);
  assert.ok(moves.length >= 2 && moves[0] === '1', `moves ${moves}`);
  const state = await expectBoard(page, game, moves);
  assert.equal(await page.$eval('#error', (e) => e.hidden), true);
  await page.unroute('**/api/computer-move');
  // A pit whose last seed does not reach South's store (no extra turn).
  const pit = [1, 2, 3, 4, 5, 6].find((p) => state.south[p - 1] > 0 && state.south[p - 1] !== 7 - p
    && state.legal.map(String).includes(String(p)));
  assert.ok(pit, `a pit for South in ${state.position}`);

  // Always busy: after a few tries the message says so, with a Retry button
  // that makes the computer move once the server can.
  await page.route('**/api/computer-move', (route) => route.fulfill(busy));
  const before = moves.length;
  await page.click(`#board [data-play="${pit}"]`);
  await page.waitForSelector('#error:not([hidden]) #error-retry:not([hidden])', { timeout: 20000 });
  assert.match(await page.textContent('#error-text'), /every search slot is busy/);
  assert.equal(await page.$eval('#app', (a) => a.dataset.busy), 'false');
  moves = await pageMoves(page);
  assert.equal(moves.length, before + 1, 'South moved, the computer not yet');
  await page.unroute('**/api/computer-move');
  await page.click('#error-retry');
  await waitForTurn(page);
  assert.equal(await page.$eval('#error', (e) => e.hidden), true);
  moves = await pageMoves(page);
  assert.ok(moves.length >= before + 2, `moves ${moves}`);
  await expectBoard(page, game, moves);
  forgetServerErrors(page);
  await closePage(page);
});

test('a game record loads: its position and moves are shown', async () => {
  const page = await openPage();
  const text = '[Game "mancala"]\n[Variant "kalah"]\n[PitsPerSide "5"]\n[SeedsPerPit "3"]\n[South "human"]\n[North "human"]\n\n2, swap, 4, 1\n';
  const parsed = await apiOk('/api/record/parse', { text });
  await page.click('#more summary');
  await page.setInputFiles('#load-record', { name: 'short.game', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await waitForTurn(page);
  await expectBoard(page, parsed.game, parsed.moves, parsed.start);
  assert.deepEqual(await pageMoves(page), ['2', 'swap', '4', '1']);
  assert.equal(await page.inputValue('#pits'), '5');
  // Stepping back through it: the move list and the arrow keys.
  await page.click('#moves button[data-ply="1"]');
  await expectBoard(page, parsed.game, ['2']);
  await page.keyboard.press('ArrowRight');
  await expectBoard(page, parsed.game, ['2', 'swap']);
  await page.keyboard.press('End');
  await expectBoard(page, parsed.game, parsed.moves);
  // A point of the score graph steps there too.
  await page.click('#graph rect.g-hit[data-ply="3"]');
  await expectBoard(page, parsed.game, parsed.moves.slice(0, 3));
  await page.keyboard.press('End');
  await expectBoard(page, parsed.game, parsed.moves);
  // A damaged record: the API's own words are shown, nothing changes.
  const bad = '[Game "mancala"]\n[Variant "kalah"]\n\n3, 9\n';
  const { status, data } = await api('/api/record/parse', { text: bad });
  assert.equal(status, 400);
  await page.setInputFiles('#load-record', { name: 'bad.game', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.waitForSelector('#error:not([hidden])');
  const shown = await page.textContent('#error-text');
  assert.ok(shown.includes(data.error), `shown "${shown}", the API said "${data.error}"`);
  await expectBoard(page, parsed.game, parsed.moves);
  // Saving gives the record back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-record')]);
  const saved = fs.readFileSync(await download.path(), 'utf8');
  const again = await apiOk('/api/record/parse', { text: saved });
  assert.deepEqual(again.moves, parsed.moves);
  await closePage(page);
});

test('a position string starts the game from it; a bad one is refused in plain words', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah', pits: 6, seeds: 4, south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.click('#more summary');
  const start = '4,4,0,5,5,5:1/4,4,4,4,4,4:0/N+swap';
  await page.fill('#position', start);
  await page.click('#position-start');
  await waitForTurn(page);
  const state = await expectBoard(page, game, [], start);
  assert.equal(state.to_move, 'north');
  const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => `${e.dataset.side} ${e.dataset.play}`));
  assert.deepEqual(clickable, ['north 1', 'north 2', 'north 3', 'north 4', 'north 5', 'north 6']);
  const bad = '4,4,0,5,5:1/4,4,4,4,4,4:0/N';
  const { status, data } = await api('/api/state', { game, start: bad, moves: [] });
  assert.equal(status, 400);
  await page.fill('#position', bad);
  await page.click('#position-start');
  await page.waitForSelector('#error:not([hidden])');
  assert.ok((await page.textContent('#error-text')).includes(data.error));
  await expectBoard(page, game, [], start);
  await closePage(page);
});

test('a variant file\'s rules are played; a resignation ends the game', async () => {
  const page = await openPage();
  const text = execFileSync(BIN || 'mancala', ['variants', '--show', 'kalah-classic'], { env: { ...process.env, HOME: home } }).toString();
  const game = { variant_file: text };
  await page.click('#more summary');
  await page.setInputFiles('#variant-file', { name: 'classic.toml', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction(() => /classic\.toml/.test(document.getElementById('variant-file-name').textContent));
  assert.equal(await page.isDisabled('#variant'), true, 'the built-in choice is set aside');
  await page.selectOption('#player-north', 'human');
  await waitForTurn(page);
  await expectBoard(page, game, []);
  await page.click('#board [data-play="2"]');
  await waitForTurn(page);
  await expectBoard(page, game, ['2']);
  // A file that is not a variant: the API's message, the game unchanged.
  const bad = 'name = "x"\n';
  const { status, data } = await api('/api/state', { game: { variant_file: bad }, moves: [] });
  assert.equal(status, 400);
  await page.setInputFiles('#variant-file', { name: 'bad.toml', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.waitForSelector('#error:not([hidden])');
  assert.equal(await page.textContent('#error-text'), data.error);
  await expectBoard(page, game, ['2']);
  // North, to move, resigns.
  await page.click('#resign');
  await page.waitForSelector('#status.result');
  const { state } = await apiOk('/api/state', { game, moves: ['2'] });
  assert.equal(await page.textContent('#status'),
    `North resigns: South wins. Stores: South ${state.stores.south}, North ${state.stores.north}.`);
  assert.equal(await page.$$eval('#board [data-play]', (els) => els.length), 0, 'no pit can be clicked after resigning');
  await closePage(page);
});

test('keyboard play: pit numbers sow, arrows step', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah', pits: 6, seeds: 4, south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.keyboard.press('4');
  await waitForTurn(page);
  await expectBoard(page, game, ['4']);
  await page.keyboard.press('2');
  await waitForTurn(page);
  await expectBoard(page, game, ['4', '2']);
  await page.keyboard.press('ArrowLeft');
  await expectBoard(page, game, ['4']);
  await page.keyboard.press('ArrowLeft');
  await expectBoard(page, game, []);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectBoard(page, game, ['4', '2']);
  // A pit reached with the focus (Tab) and sown with Enter.
  await page.focus('#board [data-play="5"]');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'South pit 5: 5 seeds, sow it');
  await page.keyboard.press('Enter');
  await waitForTurn(page);
  await expectBoard(page, game, ['4', '2', '5']);
  // A pit the board does not have: said so, nothing played.
  await page.keyboard.press('9');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error-text'), /no pit 9/);
  assert.deepEqual(await pageMoves(page), ['4', '2', '5']);
  // Rows of 16: `f` is pit 16 (its one seed reaches the store: another
  // turn), `c` pit 13.
  const wide = await newGame(page, { variant: 'kalah-irving', pits: 16, seeds: 1, south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.keyboard.press('f');
  await waitForTurn(page);
  await expectBoard(page, wide, ['16']);
  await page.keyboard.press('C');
  await waitForTurn(page);
  await expectBoard(page, wide, ['16', '13']);
  await closePage(page);
});

test('analyse and solve a small game: the values shown are the API\'s', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah-classic', pits: 3, seeds: 2, south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.click('#board [data-play="1"]');
  await waitForTurn(page);
  const moves = await pageMoves(page);
  await expectBoard(page, game, moves);

  await page.click('#analyse');
  await page.waitForSelector('#analysis-out[data-state="done"]');
  const shown = await page.$$eval('#analysis-out tbody tr', (rows) => rows.map((r) => ({ move: r.dataset.move, score: Number(r.dataset.score), exact: r.dataset.exact === 'true', text: r.querySelector('.score').textContent })));
  const analysis = await apiOk('/api/analyze', { game, moves, movetime_ms: 1000 });
  // The game is small enough to be searched to its end: exact scores, the
  // same on every run.
  assert.ok(analysis.moves.every((m) => m.exact), JSON.stringify(analysis));
  assert.deepEqual(shown.map(({ move, score, exact }) => ({ move, score, exact })),
    analysis.moves.map((m) => ({ move: m.move, score: m.score, exact: m.exact })));
  for (const row of shown) assert.ok(row.text.startsWith(row.score > 0 ? `+${row.score}` : row.score < 0 ? `\u2212${-row.score}` : '0'));

  await page.click('#solve');
  await page.waitForSelector('#solve-status[data-state="solved"]', { timeout: 60000 });
  const value = Number(await page.$eval('#solve-status', (e) => e.dataset.value));
  // The API's answer over its own WebSocket, opened from the page's origin.
  const result = await page.evaluate((request) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/api/solve`);
    ws.onopen = () => ws.send(JSON.stringify(request));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type !== 'progress') { ws.close(); resolve(m); }
    };
    ws.onerror = () => reject(new Error('websocket error'));
  }), { game, start: null, moves });
  assert.equal(result.type, 'result', JSON.stringify(result));
  assert.equal(value, result.value);
  assert.equal(value, analysis.moves[0].score, 'the solve agrees with the best move\'s exact score');
  const text = await page.textContent('#solve-status');
  assert.ok(text.includes(`Best move${result.best.length === 1 ? '' : 's'}: ${result.best.join(', ')}`), text);
  // The graph marks the position's score as exact.
  await page.waitForSelector('#eval-text[data-exact="true"]');
  assert.equal(Number(await page.$eval('#eval-text', (e) => e.dataset.score)), result.value_south);
  await shot(page, 'analysed-and-solved');
  await closePage(page);
});

test('a long solve shows its progress and stops on Cancel', async () => {
  const page = await openPage();
  await newGame(page, { variant: 'kalah', pits: 6, seeds: 4, south: 'human', north: 'human' });
  await waitForTurn(page);
  await page.click('#solve');
  assert.equal(await page.isVisible('#solve-cancel'), true);
  await page.waitForFunction(() => /between/.test(document.getElementById('solve-status').textContent), null, { timeout: 30000 });
  const progress = await page.textContent('#solve-status');
  const [, lower, upper] = progress.match(/between ([+\u2212]?\d+) and ([+\u2212]?\d+)/);
  const num = (t) => Number(t.replace('\u2212', '-'));
  assert.ok(num(lower) <= num(upper), progress);
  await page.click('#solve-cancel');
  await page.waitForSelector('#solve-status[data-state="stopped"]', { timeout: 15000 });
  assert.match(await page.textContent('#solve-status'), /Solve stopped \(cancelled\)/);
  assert.equal(await page.isVisible('#solve-cancel'), false);
  assert.equal(await page.isEnabled('#solve'), true, 'another solve can start');
  await closePage(page);
});

test('a phone-sized screen shows the whole board', async () => {
  const page = await openPage(PHONE);
  await waitForTurn(page);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 0.5, `board ${JSON.stringify(box)} within the width`);
  assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `board ${JSON.stringify(box)} within the first screen`);
  for (const pit of await page.locator('#board .pit .hole').all()) {
    const b = await pit.boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= PHONE.width && b.width >= 30, `a pit at ${JSON.stringify(b)}`);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= PHONE.width, `the page scrolls sideways: ${scrollWidth} px wide`);
  // Playable by touch-sized clicks, too.
  await page.click('#board [data-play="3"]');
  await waitForTurn(page);
  await page.screenshot({ path: path.join(SHOTS, 'phone.png') });
  await closePage(page);
});

test('a game in progress, animated, with the analysis filled in (the README picture)', async () => {
  const page = await openPage();
  const game = await newGame(page, { variant: 'kalah', pits: 6, seeds: 4, south: 'human', north: 'computer:2', speed: '5' });
  for (const pit of ['3', '6', '2', '5']) {
    await waitForTurn(page);
    const state = await expectBoard(page, game, await pageMoves(page));
    if (state.over) break;
    const clickable = await page.$$eval('#board [data-play]', (els) => els.map((e) => e.dataset.play));
    await page.click(`#board [data-play="${clickable.includes(pit) ? pit : clickable[0]}"]`);
  }
  await waitForTurn(page);
  const moves = await pageMoves(page);
  await expectBoard(page, game, moves);
  // The graph has a point for every position once the quiet searches finish.
  await page.waitForFunction((n) => document.querySelectorAll('#graph [data-ply].g-est, #graph [data-ply].g-exact').length === n,
    moves.length + 1, { timeout: 30000 });
  const e = await page.$eval('#eval-text', (x) => x.dataset.score);
  assert.notEqual(e, '', 'the evaluation bar has a score');
  await page.click('#analyse');
  await page.waitForSelector('#analysis-out[data-state="done"]');
  await page.mouse.move(0, 0);
  await shot(page, 'game-in-progress');
  if (process.env.DOCS_SCREENSHOT) {
    await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: true });
  }
  await closePage(page);
});
