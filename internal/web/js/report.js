// "Something looks wrong?": a person at the table (or watching it) says
// what they see; the server keeps it with the game as it is now. The key
// that opens a report stays in this browser; the report opens in the
// sandbox once the game is over (before that it would show every card).

import { html } from '../vendor/preact-htm.js';

const store = (game) => `smashup.reports.${game}`;

export function reports(game) {
  try { return JSON.parse(localStorage.getItem(store(game)) || '[]'); } catch { return []; }
}
function keep(game, r) {
  try { localStorage.setItem(store(game), JSON.stringify([...reports(game), r].slice(-10))); } catch { /* storage off */ }
}

// ReportBox is the form in the settings, and, once the game is over, a
// button for each report this browser sent.
export function ReportBox(ctx, over) {
  const game = ctx.u && ctx.u.game;
  if (!game || ctx.s.replay) return null;
  const mine = reports(game);
  const msg = ctx.s.reportMsg ? html`<p class="info" role="status">${ctx.s.reportMsg}</p>` : null;
  if (over) {
    if (!mine.length) return null;
    return html`<p class="row">${mine.map((r, i) => html`<button key=${r.id} data-report-open=${r.id}>Open your report${mine.length > 1 ? ' ' + (i + 1) : ''} in the sandbox</button>`)}</p>${msg}`;
  }
  return html`<h3>Something looks wrong?</h3>
    <p class="hint-text">Say what you see: a rule played wrongly, a question that should not be asked, a game that does not go on. The game is kept as it is now with your words. Once it is over, open your report in the sandbox from the end-of-game window.</p>
    <p><textarea id="report-text" rows="3" maxlength="1000" aria-label="What looks wrong" placeholder="What looks wrong?"></textarea></p>
    <p class="row"><button data-report-send="1" disabled=${!!ctx.s.reportBusy}>Send the report</button></p>
    ${msg}`;
}

// installReports handles the form's and the buttons' clicks; token() is
// the seat's key (or the spectator's).
export function installReports(game, token, set) {
  document.addEventListener('click', async (e) => {
    if (e.target.closest('[data-report-send]')) {
      const box = document.getElementById('report-text');
      const text = box ? box.value.trim() : '';
      if (!text) { set({ reportMsg: 'Write a few words on what looks wrong first.' }); return; }
      set({ reportBusy: true, reportMsg: '' });
      let r, body = {};
      try {
        r = await fetch(`/api/games/${game}/report`, { method: 'POST', headers: { Authorization: `Bearer ${token()}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
        body = await r.json().catch(() => ({}));
      } catch { set({ reportBusy: false, reportMsg: 'The report was not sent: the server cannot be reached.' }); return; }
      if (!r.ok) { set({ reportBusy: false, reportMsg: `The report was not sent: ${body.error || r.status}` }); return; }
      keep(game, { id: body.report, key: body.key });
      if (box) box.value = '';
      set({ reportBusy: false, reportMsg: 'Thank you: your report is kept with the game as it is now. Once the game is over, open it in the sandbox from the end-of-game window.' });
      return;
    }
    const o = e.target.closest('[data-report-open]');
    if (o) {
      const r0 = reports(game).find(x => x.id === o.dataset.reportOpen);
      if (!r0) return;
      let r, body = {};
      try {
        r = await fetch(`/api/reports/${r0.id}`, { headers: { Authorization: `Bearer ${r0.key}` } });
        body = await r.json().catch(() => ({}));
      } catch { set({ reportMsg: 'The server cannot be reached.' }); return; }
      if (!r.ok) { set({ reportMsg: body.error || `The report cannot be opened (${r.status}).` }); return; }
      location.href = body.sandbox || body.replay;
    }
  });
}
