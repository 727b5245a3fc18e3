'use strict';
const $ = (id) => document.getElementById(id);
const id = location.pathname.split('/').pop();
const token = new URLSearchParams(location.search).get('t') || '';
let state = null, ws = null, retry = 500, texts = {};
const PH = ['Start Turn', 'Play Cards', 'Score Bases', 'Draw 2', 'End Turn', 'Setup'];
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
function seatName(i) { return state && state.seats[i] ? state.seats[i].name : `Player ${i + 1}`; }
function cardHTML(c, cls) {
  const pw = c.Type === 1 ? `<span class="pw">${c.Power}</span>` : '';
  const ctr = c.Counters ? ` +${c.Counters}` : '';
  const own = c.Ctrl >= 0 ? ` p${c.Ctrl}` : '';
  const text = c.Text || texts[c.Key] || 'no ability';
  return `<span class="card${own} ${cls || ''}" data-text="${esc(c.Name + ': ' + text)}">${esc(c.Name)}${pw}${ctr}</span>`;
}
function render() {
  const m = state;
  $('err').textContent = m.error || m.broken || m.foreign || [m.reproducible ? `Reproducible game: seed ${m.seed}` : '', m.version || ''].filter(Boolean).join(' · ');
  const v = m.view;
  if (m.draft) {
    $('status').textContent = `Faction draft: ${seatName(m.draft.next)} picks`;
    $('players').innerHTML = m.seats.map((s, i) => `<div class="player ${i === m.draft.next ? 'current' : ''}">${esc(s.name)}: ${(m.draft.picks[i] || []).join(' + ') || '—'}</div>`).join('');
    $('bases').innerHTML = ''; $('hand').innerHTML = '';
    $('prompt').textContent = m.options && m.options.length ? 'Pick a faction' : 'Waiting for the draft';
  } else if (v) {
    let st = `Turn of ${seatName(v.Current)} — ${PH[v.Phase]}`;
    if (v.Over) st = 'Game over: ' + (v.Winners || []).map(seatName).join(' and ') + ' won';
    if (m.spectator) st += ' (spectating)';
    $('status').textContent = st;
    $('players').innerHTML = v.Players.map((p, i) => `<div class="player p${i} ${p.IsCurrent ? 'current' : ''}"><b>${esc(seatName(i))}</b> ${p.VP} VP · hand ${p.HandSize} · deck ${p.DeckSize} · discard ${(p.Discard || []).length}<br><small>${(p.Factions || []).join(' + ')}</small></div>`).join('')
      + (v.Over ? `<div class="winner">🏆 ${(v.Winners || []).map(seatName).join(' & ')}</div> <a class="link" href="/api/games/${id}/replay?t=${encodeURIComponent(token)}">download the replay</a> (watch it with <code>smashup replay FILE</code>)` : '');
    $('bases').innerHTML = v.Bases.map(b => {
      const tot = v.Players.map((p, i) => b.PowerBy[i] || b.HasMinions[i] ? `<span class="p${i}" style="padding-left:4px">${esc(seatName(i))}: ${b.PowerBy[i]}</span>` : '').join(' ');
      const mins = (b.Minions || []).map(c => cardHTML(c) + (c.Attached || []).map(a => cardHTML(a, 'attached')).join('')).join('');
      const acts = (b.Actions || []).map(c => cardHTML(c)).join('');
      return `<div class="base ${b.Scoring ? 'scoring' : ''}"><div class="title" data-text="${esc(b.Card.Name + ': ' + (b.Card.Text || texts[b.Card.Key] || 'no ability'))}">${esc(b.Card.Name)}</div>
        <div class="meta">power ${b.Total} / ${b.Current} · VP ${b.VP.join('/')}</div><div>${acts}</div><div>${mins || '<span class="meta">no minions</span>'}</div><div class="totals">${tot}</div></div>`;
    }).join('');
    $('hand').innerHTML = (v.Hand || []).map(c => cardHTML(c)).join('') || '<span class="meta">empty</span>';
    $('discards').innerHTML = v.Players.map((p, i) => `<div><b>${esc(seatName(i))}</b>: ${(p.Discard || []).map(c => cardHTML(c)).join('') || '—'}</div>`).join('');
    const d = v.Decision;
    $('prompt').textContent = d ? (d.Mine ? d.Prompt : `Waiting for ${seatName(d.Player)}…`) : (v.Over ? 'Game over' : 'Waiting');
  }
  $('options').innerHTML = (m.options || []).map(o => `<button data-i="${o.index}" data-text="${esc(o.text || '')}">${esc(o.label)}</button>`).join('');
  $('options').querySelectorAll('button').forEach(b => b.onclick = () => choose(+b.dataset.i));
  $('log').innerHTML = (m.log || []).map(l => `<div>${esc(l)}</div>`).join('');
  $('log').scrollTop = $('log').scrollHeight;
}
async function choose(i) {
  $('options').querySelectorAll('button').forEach(b => b.disabled = true);
  const r = await fetch(`/api/games/${id}/move?t=${encodeURIComponent(token)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move: state.move, option: i }) });
  const j = await r.json();
  if (!r.ok) { $('err').textContent = j.error; await refresh(); return; }
  if (j.move >= state.move) { state = j; render(); }
}
async function refresh() {
  const r = await fetch(`/api/games/${id}?t=${encodeURIComponent(token)}`);
  const j = await r.json();
  if (!r.ok) { $('status').textContent = j.error; return; }
  state = j; render();
}
function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?t=${encodeURIComponent(token)}`);
  ws.onmessage = (e) => { const m = JSON.parse(e.data); if (!state || m.move >= state.move) { state = m; render(); } retry = 500; };
  ws.onclose = () => { $('status').textContent += ' (reconnecting…)'; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
}
document.addEventListener('mouseover', (e) => {
  const t = e.target.closest('[data-text]'); const tip = $('tip');
  if (!t || !t.dataset.text) { tip.style.display = 'none'; return; }
  tip.textContent = t.dataset.text; tip.style.display = 'block';
  const r = t.getBoundingClientRect(); tip.style.left = Math.min(r.left, innerWidth - 330) + 'px'; tip.style.top = (r.bottom + 6) + 'px';
});
document.addEventListener('click', (e) => { const t = e.target.closest('.card'); if (t) { const tip = $('tip'); tip.textContent = t.dataset.text; tip.style.display = 'block'; const r = t.getBoundingClientRect(); tip.style.left = Math.min(r.left, innerWidth - 330) + 'px'; tip.style.top = (r.bottom + 6) + 'px'; } });
fetch('/api/cards').then(r => r.json()).then(j => { texts = j; if (state) render(); }).catch(() => {});
refresh().then(connect);
