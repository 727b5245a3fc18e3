// A player's page (/p/{id}): GET /api/players/{id}: their rating and its
// history, their faction pairs and their games with replay and review.
import * as identity from './js/identity.js';

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const $ = (id) => document.getElementById(id);
const id = location.pathname.split('/').pop();
const ordinal = (n) => ['1st', '2nd', '3rd', '4th'][n] || `${n + 1}th`;

function graph(points) {
  const svg = $('history');
  if (points.length < 2) return;
  const vals = points.map(p => p.rating);
  const lo = Math.min(...vals), hi = Math.max(...vals), span = Math.max(1, hi - lo);
  const x = (i) => 40 + (i * 540) / (points.length - 1), y = (v) => 140 - ((v - lo) * 120) / span;
  svg.innerHTML = `<text x="4" y="${y(hi) + 4}" class="axis">${hi}</text><text x="4" y="${y(lo) + 4}" class="axis">${lo}</text>
    <polyline fill="none" stroke="var(--accent)" stroke-width="2" points="${points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' ')}"/>`;
  svg.hidden = false;
}

async function show() {
  let p;
  try {
    const r = await fetch(`/api/players/${encodeURIComponent(id)}`);
    p = await r.json();
    if (!r.ok) { $('p-title').textContent = 'No such player'; $('err').textContent = p.error || `the server answered ${r.status}`; return; }
  } catch { $('err').textContent = 'The server cannot be reached.'; return; }
  const me = identity.get();
  const you = me && me.id === p.id;
  document.title = `Smash Up: ${p.name}`;
  $('p-title').textContent = you ? `${p.name} (you)` : p.name;
  $('who').textContent = you ? 'Your games.' : `${p.name}'s games.`;
  $('summary').textContent = p.games ? `Rating ${p.rating} after ${p.games} rated game${p.games === 1 ? '' : 's'}, ${p.wins} won.` : (you ? 'You have played no rated game yet.' : 'No rated game yet.');
  graph(p.history);
  if (me && !you) showBlock(p);
  $('pairs').innerHTML = p.pairs.length ? p.pairs.map(x => `<tr><td>${esc(x.factions.replace('+', ' and '))}</td><td>${x.games}</td><td>${x.wins}</td></tr>`).join('') : '<tr><td colspan="3">None yet.</td></tr>';
  $('games').innerHTML = p.played.length ? p.played.map(g => {
    const rt = g.rated ? `${g.after} (${g.delta >= 0 ? '+' : '−'}${Math.abs(g.delta)})` : 'not rated';
    const place = g.forfeit ? 'left the game' : `${ordinal(g.place)}${g.players ? ` of ${g.players}` : ''}`;
    const links = g.replay ? `<a class="link" href="${esc(g.replay)}">replay</a> <a class="link" href="${esc(g.review)}">review</a>` : '<span class="hint-text">no longer kept</span>';
    return `<tr><td>${esc(new Date(g.at).toLocaleString())}</td><td>${esc(place)}</td><td>${esc(g.factions.replace('+', ' and '))}</td><td>${esc(rt)}</td><td>${links}</td></tr>`;
  }).join('') : '<tr><td colspan="5">No finished game yet.</td></tr>';
}
// showBlock offers to block (or unblock) this player: Play now then never
// seats the two together, and neither takes a seat at the other's table.
async function showBlock(p) {
  let blocked = false;
  try {
    const r = await fetch('/api/me/blocks', { headers: identity.headers() });
    if (!r.ok) return;
    blocked = (await r.json()).blocks.some(b => b.id === p.id);
  } catch { return; }
  const paint = () => {
    $('block').textContent = blocked ? `Unblock ${p.name}` : `Block ${p.name}`;
    $('block-help').textContent = blocked ? 'You will not be seated together, and they cannot join your tables.' : 'Play now never seats a player you block with you, and your open tables are closed to them (they are told only that a table is not open to them).';
    $('block-row').hidden = false;
  };
  paint();
  $('block').onclick = async () => {
    const r = await fetch('/api/me/block', { method: 'POST', headers: identity.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ player: p.id, block: !blocked }) });
    if (!r.ok) { $('err').textContent = ((await r.json().catch(() => ({}))).error) || `the server answered ${r.status}`; return; }
    blocked = !blocked;
    paint();
  };
}
show();
