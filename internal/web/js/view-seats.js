// The table before the cards are dealt: who has taken their seat, and, in
// the creator's browser, the invite links to hand out, "invite again" for a
// person who lost their seat, and starting with computers in the open seats.
import { html } from '../vendor/preact-htm.js';
import * as keys from './keys.js';
import { kindWord } from './words.js';

export function WaitingView(ctx) {
  const { u, s } = ctx;
  const hosting = !!keys.host(u.game);
  const inv = hosting ? keys.invites(u.game) : {};
  const open = u.seats.filter(x => x.open).length;
  return html`<section id="waiting" class="waiting" aria-labelledby="waiting-title">
    <h2 id="waiting-title">Waiting for players</h2>
    <p>The cards are dealt once every invited person has opened their invite link${hosting ? ', or when you start with computers in the open seats' : ''}.
      ${open === 1 ? ' One seat is still open.' : ` ${open} seats are still open.`}</p>
    <ul class="seatlist">${u.seats.map((st, i) => html`<li key=${i} style=${`--pc:var(--p${i})`} data-seat=${i} class=${st.open ? 'open' : 'taken'}>
      <span class="swatch" aria-hidden="true"></span><b>${ctx.n.you(i)}</b>
      <span class="state">${st.kind !== 'human' ? (kindWord(st, ctx.n.name(i), false) ? 'the computer' : 'ready') : st.open ? 'invited, not here yet' : i === u.seat ? 'your seat' : 'seated'}</span>
      ${hosting && st.kind === 'human' && i !== u.seat ? html`<span class="inv">
        ${st.open && inv[i] ? html`<code>${location.origin + inv[i]}</code><button data-copy=${location.origin + inv[i]} aria-label=${`Copy the invite link of seat ${i + 1}`}>Copy</button>` : null}
        <button data-reinvite=${i}>${st.open ? 'New invite link' : 'Invite again'}</button></span>` : null}
    </li>`)}</ul>
    ${hosting ? html`<p class="row"><button id="btn-start-now" class="primary" disabled=${!open || s.sending}>Start now, with computers in the open seats</button></p>
      <p class="small">"Invite again" makes a new link for a seat and ends the old one: use it when someone lost the browser they played in.</p>` : null}
    ${s.seatMsg ? html`<p class="info" role="status">${s.seatMsg}</p>` : null}
  </section>`;
}

// hostActions handles the creator's clicks in the waiting view (and, in a
// game under way, "invite again" from the settings).
export function installHostActions(game, set) {
  document.addEventListener('click', async (e) => {
    const c = e.target.closest('#waiting [data-copy]');
    if (c) {
      try { await navigator.clipboard.writeText(c.dataset.copy); c.textContent = 'Copied'; }
      catch { getSelection().selectAllChildren(c.previousElementSibling); c.textContent = 'Selected: press Ctrl+C'; }
      setTimeout(() => { c.textContent = 'Copy'; }, 2000);
      return;
    }
    const r = e.target.closest('[data-reinvite]');
    if (r) {
      const i = +r.dataset.reinvite;
      const li = r.closest('li');
      if (!(li && li.classList.contains('open')) && !confirm(`Make a new invite link for seat ${i + 1}? Whoever holds the seat now loses it, and every player is told. (A seat whose person is here, or left less than 5 minutes ago, stays theirs.)`)) return;
      const a = await keys.hostCall(game, 'invite', { seat: i });
      if (a.error) { set({ seatMsg: a.error }); return; }
      keys.setInvite(game, i, a.link);
      set({ seatMsg: `A new invite link for seat ${i + 1}: ${location.origin + a.link}` });
      return;
    }
    if (e.target.closest('#btn-start-now')) {
      set({ sending: true });
      const a = await keys.hostCall(game, 'start');
      set({ sending: false, seatMsg: a.error || '' });
    }
  });
}
