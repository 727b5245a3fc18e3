// The post-game review (issue 25) on the game-over screen: once the game is
// over the page asks the server for its review (GET /api/games/{id}/review)
// and asks again while it is worked out, showing the progress; then it
// draws each player's estimated chance to win after every decision as a
// small graph (inline SVG), and lists the biggest falls with what the
// strongest computer level would have played there.
//
// State: s.review = the server's answer ({status, done, total, points,
// swings, error}), or {status: 'error', error} when it cannot be asked.
import { html } from '../vendor/preact-htm.js';
import { set, subscribe } from './store.js';
import * as net from './net.js';
import { playerColour } from './util.js';

let asked = false;

async function poll() {
  for (let tries = 0; tries < 600; tries++) {
    const r = await net.review();
    set({ review: r });
    if (r.status !== 'working') return;
    await new Promise(res => setTimeout(res, 700));
  }
}

export function install() {
  subscribe((s) => {
    const t = s.shown && s.shown.table;
    if (asked || s.replay || !t || !t.over) return;
    asked = true;
    poll();
  });
}

// ReviewPanel is the review's part of the game-over screen.
export function ReviewPanel(ctx) {
  const r = ctx.s.review;
  if (!r) return null;
  if (r.status === 'working') {
    return html`<div id="review" class="review"><p role="status">Reviewing the game: ${r.done} of ${r.total} positions…</p>
      <progress max=${r.total || 1} value=${r.done || 0} aria-label="Review progress"></progress></div>`;
  }
  if (r.status !== 'done') return html`<div id="review" class="review"><p class="error">No review: ${r.error || 'it could not be worked out'}.</p></div>`;
  const n = ctx.n;
  const seats = (r.points[0] || { chances: [] }).chances.map((_, i) => i);
  return html`<div id="review" class="review" data-state="done">
    <h3>How the game went</h3>
    ${Graph(r, seats, n)}
    <p class="legend">${seats.map(i => html`<span key=${i}><span class="dot" style=${`--pc:${playerColour(i)}`}></span>${n.you(i)} </span>`)}
      <small>estimated chance to win after every decision, every card known</small></p>
    ${r.swings && r.swings.length ? html`<h3>Biggest swings</h3>
      <ol id="swings">${r.swings.map((w, k) => html`<li key=${k}><b>Turn ${w.turn}, ${n.you(w.player)}: ${w.from}% → ${w.to}%</b> after ${w.played}.
        ${w.better ? html` The strongest computer level would have played: ${w.better}.` : ' The strongest computer level would have played the same: the fall came from what followed.'}</li>`)}</ol>`
      : html`<p>No decision cost anyone much.</p>`}
  </div>`;
}

// Graph: one line per player over the positions, the 50% line dashed, each
// swing marked on its player's line.
function Graph(r, seats, n) {
  const W = 600, H = 150, pad = 6;
  const pts = r.points;
  const x = (k) => pad + (W - 2 * pad) * (pts.length > 1 ? k / (pts.length - 1) : 0);
  const y = (c) => pad + (H - 2 * pad) * (1 - c / 100);
  const last = pts[pts.length - 1] || { chances: [] };
  const label = `Each player's estimated chance to win over the game: ${seats.map(i => `${n.name(i)} ends at ${last.chances[i]}%`).join(', ')}.`;
  return html`<svg class="review-graph" viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${label} preserveAspectRatio="none">
    <rect x="0" y="0" width=${W} height=${H} rx="8" class="bg"></rect>
    <line x1=${pad} x2=${W - pad} y1=${y(50)} y2=${y(50)} class="mid"></line>
    ${seats.map(i => html`<polyline key=${i} fill="none" stroke=${playerColour(i)} stroke-width="2.5" vector-effect="non-scaling-stroke"
      points=${pts.map((p, k) => `${x(k).toFixed(1)},${y(p.chances[i]).toFixed(1)}`).join(' ')}></polyline>`)}
    ${(r.swings || []).map((w, k) => html`<circle key=${'s' + k} cx=${x(w.point)} cy=${y(w.from)} r="5" fill="none" stroke=${playerColour(w.player)} stroke-width="2"></circle>`)}
  </svg>`;
}

