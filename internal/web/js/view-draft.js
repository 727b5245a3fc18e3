// The faction draft: each seat in turn picks a faction until everyone has
// two. The person's own pick is a button per faction.
import { html } from '../vendor/preact-htm.js';
import { FACTION_BLURBS, SETS, factionColour } from './util.js';

export function DraftView(ctx) {
  const u = ctx.u, d = u.draft, dec = u.decision;
  const mine = !!(dec && dec.mine) && !ctx.s.busy && !ctx.s.sending;
  const cat = (ctx.s.catalog && ctx.s.catalog.factions) || [];
  const setOf = (f) => { const x = cat.find(c => c.name === f); return x ? SETS[x.set] || x.set : ''; };
  return html`<section id="draft" class="draft" aria-labelledby="draft-title">
    <h2 id="draft-title">Faction draft</h2>
    <p>${mine ? 'Your pick: choose a faction. You will play two, shuffled together into one deck.' : `${ctx.n.name(d.next)} is picking a faction.`}</p>
    <ul class="picks">${u.seats.map((st, i) => html`<li key=${i} style=${`--pc:var(--p${i})`}><b>${ctx.n.you(i)}</b>: ${(d.picks[i] || []).join(' + ') || 'nothing yet'}</li>`)}</ul>
    <div class="factions-grid">
      ${d.options.map((f, i) => {
        const o = mine ? dec.options.find(x => x.index === i) : null;
        const body = html`<b>${f}</b><small>${setOf(f)}</small><span>${FACTION_BLURBS[f] || ''}</span>`;
        return o ? html`<button key=${f} class="ftile target" data-opt=${o.index} data-path=${String(o.index)} data-target=${'opt:' + o.index} style=${`--fc:${factionColour(f)}`}>${body}</button>`
          : html`<div key=${f} class="ftile" style=${`--fc:${factionColour(f)}`}>${body}</div>`;
      })}
    </div>
  </section>`;
}
