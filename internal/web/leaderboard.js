// The leaderboard: GET /api/leaderboard, a page of 50 at a time.
import * as identity from './js/identity.js';

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const $ = (id) => document.getElementById(id);
const PAGE = 50;
let offset = 0;

async function show() {
  let j;
  try {
    const r = await fetch(`/api/leaderboard?limit=${PAGE}&offset=${offset}`);
    j = await r.json();
    if (!r.ok) { $('err').textContent = j.error || `the server answered ${r.status}`; return; }
  } catch { $('err').textContent = 'The server cannot be reached.'; return; }
  const me = identity.get();
  $('board').innerHTML = j.players.length ? j.players.map(p => `<tr${me && me.id === p.id ? ' class="you"' : ''}><td>${p.rank}</td><td><a href="/p/${esc(p.id)}">${esc(p.name)}</a>${me && me.id === p.id ? ' (you)' : ''}</td><td><b>${p.rating}</b></td><td>${p.games}</td><td>${p.wins}</td></tr>`).join('')
    : '<tr><td colspan="5">Nobody has played a rated game yet.</td></tr>';
  $('prev').hidden = offset === 0;
  $('next').hidden = j.players.length < PAGE;
}
$('prev').onclick = () => { offset = Math.max(0, offset - PAGE); show(); };
$('next').onclick = () => { offset += PAGE; show(); };
show();
