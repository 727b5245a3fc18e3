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
import { get, set, subscribe } from './store.js';
import * as net from './net.js';
import { playerColour } from './util.js';

let asked = false;
// reviewAt is the position of the curve under the mouse (s.reviewAt), or null.
const reviewAt = () => { const k = get().reviewAt; return k == null ? null : k; };

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
  const n = ctx.n, u = ctx.u;
  const seats = (r.points[0] || { chances: [] }).chances.map((_, i) => i);
  const swings = ordered(r.swings || [], u, n);
  const at = replayAt(u);
  const yours = swings.filter(w => n.isMe(w.player)).length;
  return html`<div id="review" class="review" data-state="done">
    <h3>How the game went</h3>
    ${Graph(r, seats, n, at)}
    <p class="legend">${seats.map(i => html`<span key=${i}><span class="dot" style=${`--pc:${playerColour(i)}`}></span>${n.you(i)} </span>`)}
      <small>each player's estimated chance to win after every decision, with every card known</small></p>
    ${swings.length ? html`<h3>Biggest swings</h3>
      <p class="swings-how">${withComputers(u) && n.me >= 0 ? (yours ? 'Your own swings come first. ' : 'None of your decisions is among the biggest swings: these are the computers\'. ') : ''}Click or tap a swing to watch the replay from that moment.</p>
      <ol id="swings">${swings.map((w, k) => html`<li key=${k} class=${n.isMe(w.player) ? 'mine' : ''}><a class="swing" href=${at(w.point)} data-point=${w.point}>
        <b>Turn ${w.turn}, ${n.isMe(w.player) ? 'your decision' : `${n.possName(w.player)} decision`}: ${w.from}% → ${w.to}%</b>
        ${' '}What ${n.isMe(w.player) ? 'you' : n.name(w.player)} did: ${w.played}.
        ${w.better ? html` What the strongest computer level would do: ${w.better}.` : ' The strongest computer level would have done the same: the fall came from what followed.'}
        <span class="swing-go" aria-hidden="true"> Watch ›</span></a></li>`)}</ol>`
      : html`<p>No decision cost anyone much.</p>`}
  </div>`;
}

// withComputers reports a game with a computer seat.
const withComputers = (u) => (u.seats || []).some(st => st && st.kind && st.kind !== 'human');

// ordered lists the swings biggest first; in a game against computers the
// person's own come first (what they can learn from).
function ordered(swings, u, n) {
  const out = swings.slice();
  if (withComputers(u) && n.me >= 0) out.sort((a, b) => n.isMe(b.player) - n.isMe(a.player));
  return out;
}

// replayAt is the address of the replay viewer at a position of the review
// (Points' index k: the game after k moves, where the swing's decision was
// made), seen as this page's seat saw it (everyone's public view for a
// spectator): it shows no more than the person saw at the table.
function replayAt(u) {
  const seat = u.spectator || u.seat == null || u.seat < 0 ? -1 : u.seat;
  return (k) => `/g/${u.game}?replay=1&n=${k}&seat=${seat}${u.spectator ? '#watch' : ''}`;
}

// Graph: one line per player over the positions, with its axes: the
// chance to win up the side (0 to 100%, the 50% line dashed) and the turns
// along the bottom; each swing is marked on its player's line, and a click
// on the mark opens the replay there (the list says the same in words), as
// does a click on any point of the curve (its turn and chances read out
// under the mouse). The
// lines are drawn in an SVG stretched to the width; the axes' words are
// HTML over it, so that they read at every width.
function Graph(r, seats, n, at) {
  const W = 600, H = 150;
  const pts = r.points;
  const fx = (k) => (pts.length > 1 ? k / (pts.length - 1) : 0);
  const x = (k) => W * fx(k);
  const y = (c) => H * (1 - c / 100);
  const last = pts[pts.length - 1] || { chances: [] };
  const label = `Each player's estimated chance to win over the game, turn by turn: ${seats.map(i => `${n.name(i)} ends at ${last.chances[i]}%`).join(', ')}.`;
  // the first position of each turn, a tick for every turn (a label for every few)
  const turns = [];
  pts.forEach((p, k) => { if (!turns.length || turns[turns.length - 1].turn !== p.turn) turns.push({ turn: p.turn, k }); });
  const every = Math.max(1, Math.ceil(turns.length / 12));
  const pct = (f) => `${(100 * f).toFixed(2)}%`;
  // a point of the curve: the position nearest the pointer, its readout on
  // hover, a click (a tap) on it opens the replay there
  const nearest = (e) => {
    const b = e.currentTarget.getBoundingClientRect();
    if (!b.width || pts.length < 2) return 0;
    return Math.max(0, Math.min(pts.length - 1, Math.round((e.clientX - b.left) / b.width * (pts.length - 1))));
  };
  const hover = (e) => {
    if (e.pointerType && e.pointerType !== 'mouse') return;
    const k = nearest(e);
    if (reviewAt() !== k) set({ reviewAt: k });
  };
  const open = (e) => {
    if (e.target.closest && e.target.closest('a')) return; // a swing's mark is its own link
    location.assign(at(nearest(e)));
  };
  const k = reviewAt();
  const cur = k != null && pts[k] ? pts[k] : null;
  return html`<div class="review-plot">
    <span class="axis-title y" aria-hidden="true">Chance to win</span>
    <div class="plot-area" data-positions=${pts.length} onPointerMove=${hover} onPointerLeave=${() => set({ reviewAt: null })} onClick=${open}>
      ${[100, 50, 0].map(c => html`<span key=${c} class="tick y" aria-hidden="true" style=${`top:${pct(1 - c / 100)}`}>${c}%</span>`)}
      <svg class="review-graph" viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${label} preserveAspectRatio="none">
        <rect x="0" y="0" width=${W} height=${H} class="bg"></rect>
        ${turns.map((t, j) => html`<line key=${'t' + j} x1=${x(t.k)} x2=${x(t.k)} y1="0" y2=${H} class=${j % every ? 'grid' : 'grid major'}></line>`)}
        <line x1="0" x2=${W} y1=${y(50)} y2=${y(50)} class="mid"></line>
        ${seats.map(i => html`<polyline key=${i} fill="none" stroke=${playerColour(i)} stroke-width="2.5" vector-effect="non-scaling-stroke"
          points=${pts.map((p, k) => `${x(k).toFixed(1)},${y(p.chances[i]).toFixed(1)}`).join(' ')}></polyline>`)}
      </svg>
      ${(r.swings || []).map((w, k) => html`<a key=${'s' + k} class=${'swing-mark' + (n.isMe(w.player) ? ' mine' : '')} href=${at(w.point)} tabindex="-1" aria-hidden="true"
        title=${`Turn ${w.turn}: ${n.isMe(w.player) ? 'your' : n.possName(w.player)} chance ${w.from}% → ${w.to}%. Watch the replay from here.`}
        style=${`left:${pct(fx(w.point))};top:${pct(1 - w.from / 100)};--pc:${playerColour(w.player)}`}></a>`)}
      ${cur ? html`<span class="cursor" aria-hidden="true" style=${`left:${pct(fx(k))}`}></span>
        <span class=${'readout' + (fx(k) > 0.6 ? ' left' : '')} aria-hidden="true" style=${`left:${pct(fx(k))}`}>Turn ${cur.turn}: ${seats.map(i => `${n.you(i)} ${cur.chances[i]}%`).join(', ')}. Click to watch the replay from here.</span>` : null}
      <div class="ticks-x" aria-hidden="true">${turns.map((t, j) => j % every ? null : html`<span key=${j} class="tick x" style=${`left:${pct(fx(t.k))}`}>${t.turn}</span>`)}</div>
    </div>
    <span class="axis-title x" aria-hidden="true">Turn</span>
  </div>`;
}
