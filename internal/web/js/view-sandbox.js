// The sandbox's strip on the table page (a game with update.sandbox: one
// page plays every seat of a position opened from the scenario format):
// who the page is acting as now, every hand face up, going back to an
// earlier decision, and the share link. Its requests are its own
// (POST /api/games/{id}/undo); everything else is the ordinary table.
import { html } from '../vendor/preact-htm.js';
import { get, set } from './store.js';
import { info, typeWord } from './cards.js';
import { factionColour, playerColour } from './util.js';

// SandboxBar is drawn under the header when the update is a sandbox's.
export function SandboxBar(ctx) {
  const { s, u, n } = ctx;
  const sb = u.sandbox;
  const acting = sb.acting;
  const hands = s.sbHands ?? !s.narrow;
  const over = u.table && u.table.over;
  return html`<section id="sandbox" aria-label="Sandbox">
    <div class="sbrow">
      <span class="sbtag">Sandbox</span>
      <span class="sbname" title=${sb.rule || ''}>${sb.name}</span>
      <span id="sb-acting" class="sbacting" role="status" data-acting=${acting ?? ''}>${acting != null
        ? html`Acting as <b style=${`--pc:${playerColour(acting)}`}><span class="dot"></span>${n.name(acting)}</b>`
        : over ? 'The game is over' : 'Nobody to decide'}</span>
      <span class="sbtools">
        <button id="sb-hands-btn" aria-expanded=${hands ? 'true' : 'false'} aria-controls="sb-hands" onClick=${() => set({ sbHands: !hands })}>Hands</button>
        <button id="sb-back-btn" aria-expanded=${s.sbBack ? 'true' : 'false'} aria-controls="sb-back" disabled=${!sb.history.length} onClick=${() => set({ sbBack: !s.sbBack })}>Go back<span class="sbl"> (${sb.history.length})</span></button>
        <button id="sb-share" onClick=${() => share(sb.share)}>Share link</button>
        <a class="button" href="/sandbox">New<span class="sbl">${'\u00a0position'}</span></a>
      </span>
    </div>
    ${s.sbNote ? html`<p id="sb-note" class="sbnote" role="status">${s.sbNote.text}${s.sbNote.link ? html` <input readonly value=${s.sbNote.link} aria-label="Share link" onFocus=${(e) => e.target.select()} />` : null}</p>` : null}
    ${hands ? Hands(ctx) : null}
    ${s.sbBack ? Back(ctx) : null}
  </section>`;
}

// Hands: every seat's hand, face up; the acting seat's own is the hand below.
function Hands(ctx) {
  const { u, n } = ctx;
  const sb = u.sandbox;
  return html`<div id="sb-hands" class="sbhands">
    ${sb.hands.map((hand, seat) => html`<div key=${seat} class="sbhand" data-hand=${seat} style=${`--pc:${playerColour(seat)}`}>
      <span class="sbwho">${n.name(seat)}${seat === sb.acting ? html` <small>(acting: the hand below)</small>` : null}</span>
      <span class="sbcards">${hand.length ? hand.map(c => Chip(c)) : html`<small class="empty">no cards</small>`}</span>
    </div>`)}
  </div>`;
}

function Chip(c) {
  const i = info(c);
  return html`<span key=${c.id} class=${'chip-card ' + (i.type || '')} style=${`--fc:${factionColour(i.faction)}`} data-info=${'key:' + c.key} tabindex="0" role="note">
    <b>${i.name}</b>${i.type === 'minion' && i.power != null ? html` <span class="cpow">${i.power}</span>` : null}<small>${typeWord(i.type)}${i.faction ? ' · ' + i.faction : ''}</small></span>`;
}

// Back lists the decisions made, newest first: choosing one asks it again
// (a new sandbox game from the position and the moves before it).
function Back(ctx) {
  const { u, n } = ctx;
  const h = u.sandbox.history;
  const items = h.map((m, k) => ({ to: k, text: `${n.name(m.player)}: ${m.label}`, q: m.question })).reverse();
  return html`<div id="sb-back" class="sbback" role="group" aria-label="Go back to an earlier decision">
    <p class="hint-text">Choose a decision to take it again; the moves after it are left out (this game stays as it is, and the share link keeps it).</p>
    <ol reversed>
      ${items.map(x => html`<li key=${x.to}><button data-undo=${x.to} onClick=${() => back(x.to)}><small>${x.to + 1}.</small> ${x.text}${x.q ? html`<small class="sbq">${x.q}</small>` : null}</button></li>`)}
      <li><button data-undo="0" onClick=${() => back(0)}><small>Start</small> The position as it was opened</button></li>
    </ol>
  </div>`;
}

async function back(to) {
  const s = get();
  set({ sbNote: { text: 'Going back…' } });
  let r, body = {};
  try {
    r = await fetch(`/api/games/${s.game}/undo`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ to }) });
    body = await r.json().catch(() => ({}));
  } catch { set({ sbNote: { text: 'The server cannot be reached: try again.' } }); return; }
  if (!r.ok || !body.link) { set({ sbNote: { text: `Could not go back: ${body.error || r.status}` } }); return; }
  location.assign(body.link);
}

async function share(path) {
  const link = location.origin + path;
  try {
    await navigator.clipboard.writeText(link);
    set({ sbNote: { text: 'Share link copied: it opens this position with the moves played so far.' } });
  } catch {
    set({ sbNote: { text: 'Copy this link:', link } });
  }
  clearTimeout(share.timer);
  share.timer = setTimeout(() => { if (get().sbNote && !get().sbNote.link) set({ sbNote: null }); }, 6000);
}
