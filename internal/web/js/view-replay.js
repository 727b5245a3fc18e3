// The replay viewer's bar: a finished game move by move, as any seat saw it.
import { html } from '../vendor/preact-htm.js';

export function ReplayBar(ctx) {
  const { s, u } = ctx;
  const r = s.replayInfo;
  const d = u.decision;
  const at = u.move, end = r.total;
  const what = u.table && u.table.over && at >= end ? 'the end' : d && d.player != null ? `${ctx.n.name(d.player)} to decide` : '';
  return html`<div id="bar" role="region" aria-label="Replay controls" tabindex="-1">
    <span id="turn">Replay</span>
    <span id="prompt">Replay, move ${at} of ${end}${what ? ': ' + what : ''}</span>
    <span id="buttons">
      <button data-rp="first" disabled=${at === 0}>« Start</button>
      <button data-rp="prev" disabled=${at === 0}>‹ Back</button>
      <button data-rp="play" class="primary">${r.playing ? 'Pause' : 'Play'}</button>
      <button data-rp="next" disabled=${at >= end}>Next ›</button>
      <button data-rp="last" disabled=${at >= end}>End »</button>
      <label>Move <input type="range" id="rp-range" min="0" max=${end} value=${at} /></label>
      <label>Seen by <select id="rp-seat" value=${String(r.seat)}>
        <option value="-1" selected=${r.seat < 0}>everyone (public)</option>
        ${u.seats.map((st, i) => html`<option key=${i} value=${String(i)} selected=${r.seat === i}>${st.name}</option>`)}
      </select></label>
      <a class="button" href=${`/g/${u.game}`}>Back to the game</a>
    </span>
    ${s.error ? html`<p id="err" role="alert">${s.error}</p>` : null}
  </div>`;
}
