// Talk at the table (docs/anyone.md): a seat says one of the preset
// phrases, never free text; everyone sees the latest ones, and each page
// may mute a seat (kept in this browser only: nobody is told).
import { html } from '../vendor/preact-htm.js';
import { playerColour } from './util.js';

export const PHRASES = {
  hello: 'Hello!', 'good-luck': 'Good luck!', 'have-fun': 'Have fun!', 'well-played': 'Well played.', nice: 'Nice one!',
  oops: 'Oops.', thinking: 'Let me think…', thanks: 'Thanks!', sorry: 'Sorry!', 'good-game': 'Good game!', rematch: 'Rematch?',
};

const muteKey = (game) => `smashup.mute.${game}`;
export function muted(game) { try { return JSON.parse(localStorage.getItem(muteKey(game)) || '[]'); } catch { return []; } }
function setMuted(game, seats) { try { localStorage.setItem(muteKey(game), JSON.stringify(seats)); } catch { /* storage off */ } }

// TalkBox is the table's talk under the log: the latest phrases of the
// seats not muted, and, for a person's seat, the phrases to say.
export function TalkBox(ctx) {
  const u = ctx.u;
  if (!u || u.sandbox || u.lesson || ctx.s.replay) return null;
  const people = (u.seats || []).filter(s => s.kind === 'human').length;
  if (people < 2) return null; // nobody to talk to
  const mute = muted(u.game);
  const said = (u.talk || []).filter(x => !mute.includes(x.seat)).slice(-4);
  const can = !u.spectator && u.seat >= 0;
  const others = (u.seats || []).map((s, i) => ({ s, i })).filter(({ s, i }) => s.kind === 'human' && i !== u.seat);
  return html`<div id="talk" aria-label="Talk at the table">
    <ul class="plain talk-lines" aria-live="polite">${said.map(x => html`<li key=${x.n} style=${`--pc:${playerColour(x.seat)}`}><b>${ctx.n.isMe(x.seat) ? 'You' : ctx.n.name(x.seat)}:</b> ${PHRASES[x.phrase] || x.phrase}</li>`)}</ul>
    ${can ? html`<details class="talk-say"><summary>Say something</summary><p class="row">${Object.entries(PHRASES).map(([k, v]) => html`<button key=${k} data-say=${k}>${v}</button>`)}</p>
      ${ctx.s.talkMsg ? html`<p class="error" role="alert">${ctx.s.talkMsg}</p>` : null}
      <p class="row hint-text">${others.map(({ s, i }) => html`<label key=${i}><input type="checkbox" data-mute=${i} checked=${mute.includes(i)}/> mute ${ctx.n.name(i)}</label>`)}</p></details>` : null}
  </div>`;
}

// installTalk handles the phrases' and the mute boxes' clicks; token() is
// the seat's key.
export function installTalk(game, token, set) {
  document.addEventListener('click', async (e) => {
    const b = e.target.closest('[data-say]');
    if (b) {
      let r;
      try { r = await fetch(`/api/games/${game}/say`, { method: 'POST', headers: { Authorization: `Bearer ${token()}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ phrase: b.dataset.say }) }); }
      catch { set({ talkMsg: 'Not said: the server cannot be reached.' }); return; }
      if (!r.ok) { const j = await r.json().catch(() => ({})); set({ talkMsg: j.error || `Not said (${r.status}).` }); return; }
      set({ talkMsg: '' });
    }
  });
  document.addEventListener('change', (e) => {
    const m = e.target.closest && e.target.closest('[data-mute]');
    if (!m) return;
    const seat = Number(m.dataset.mute);
    const now = muted(game).filter(x => x !== seat);
    setMuted(game, m.checked ? [...now, seat] : now);
    set({ talkMuted: Date.now() }); // redrawn without the seat's lines
  });
}
