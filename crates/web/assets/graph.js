// The graph of South's expected final margin over the game: one point per
// position (after 0, 1, 2, ... moves), estimates as open circles, exact
// scores (databases, solves, finished games) as filled diamonds.

const NS = 'http://www.w3.org/2000/svg';
const W = 500;
const H = 190;
const PAD = { left: 40, right: 12, top: 12, bottom: 24 };

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

// `scores[i]`: {score_south, exact} for the position after i moves, or
// null while unknown. `plies`: positions in the game's line - 1.
export function draw(svg, scores, plies, current) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const known = scores.filter(Boolean).map((s) => Math.abs(s.score_south));
  const top = Math.max(4, ...known);
  const span = Math.ceil(top / 2) * 2;
  const x = (i) => PAD.left + (plies === 0 ? 0 : (i / plies) * (W - PAD.left - PAD.right));
  const y = (s) => PAD.top + ((span - s) / (2 * span)) * (H - PAD.top - PAD.bottom);

  svg.append(el('rect', { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: (H - PAD.top - PAD.bottom) / 2, class: 'g-south-zone' }));
  svg.append(el('rect', { x: PAD.left, y: y(0), width: W - PAD.left - PAD.right, height: (H - PAD.top - PAD.bottom) / 2, class: 'g-north-zone' }));
  for (const s of [span, span / 2, 0, -span / 2, -span]) {
    svg.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(s), y2: y(s), class: s === 0 ? 'g-axis' : 'g-grid' }));
    svg.append(el('text', { x: PAD.left - 6, y: y(s) + 4, 'text-anchor': 'end', class: 'g-label' }, s > 0 ? `+${s}` : s));
  }
  const step = Math.max(1, Math.ceil(plies / 10));
  for (let i = 0; i <= plies; i += step) {
    svg.append(el('text', { x: x(i), y: H - 6, 'text-anchor': 'middle', class: 'g-label' }, i));
  }
  if (current !== null && current !== undefined) {
    svg.append(el('line', { x1: x(current), x2: x(current), y1: PAD.top, y2: H - PAD.bottom, class: 'g-current' }));
  }
  let path = '';
  scores.forEach((s, i) => {
    if (!s) return;
    path += `${path && scores[i - 1] ? 'L' : 'M'}${x(i).toFixed(1)},${y(s.score_south).toFixed(1)}`;
  });
  if (path) svg.append(el('path', { d: path, class: 'g-line' }));
  scores.forEach((s, i) => {
    if (!s) return;
    const cx = x(i);
    const cy = y(s.score_south);
    const title = `after ${i} move${i === 1 ? '' : 's'}: South ${s.score_south > 0 ? '+' : ''}${s.score_south}${s.exact ? ' (exact)' : ''}`;
    const mark = s.exact
      ? el('path', { d: `M${cx} ${cy - 6}L${cx + 6} ${cy}L${cx} ${cy + 6}L${cx - 6} ${cy}Z`, class: 'g-exact', 'data-ply': i })
      : el('circle', { cx, cy, r: 4, class: 'g-est', 'data-ply': i });
    mark.append(el('title', {}, title));
    svg.append(mark);
  });
  // Wide invisible columns so a click anywhere near a position steps to it.
  for (let i = 0; i <= plies; i++) {
    const half = plies === 0 ? W : (W - PAD.left - PAD.right) / plies / 2;
    svg.append(el('rect', { x: x(i) - half, y: 0, width: 2 * half, height: H, class: 'g-hit', 'data-ply': i }));
  }
}
