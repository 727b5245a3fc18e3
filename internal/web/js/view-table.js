// The table's views: cards (keyed by card id), bases (keyed by slot) with
// their minions grouped by player, the players' seats. Pure functions of
// the view context (view.js: ctx); clicks are handled in input.js through
// the data attributes:
//   data-card=ID        a card, wherever it is (ids are opaque and change
//                       when a card goes out of sight: docs/protocol.md)
//   data-key=KEY        its definition (hand and minion rows), so that a card
//                       under a new id travels from where its kind just left
//   data-target=KEY     a target of the pending decision (class "target")
//   data-info=WHAT      what the tooltip / detail panel explains
//   data-pile=SEAT      opens a discard pile
import { html } from '../vendor/preact-htm.js';
import { info, typeWord } from './cards.js';
import { factionColour, playerColour, ordinal } from './util.js';

// mark returns the attributes and classes of element key in the plan.
export function mark(ctx, key) {
  const p = ctx.plan;
  const sel = p.selected && p.selected.key === key;
  const t = p.targets.has(key) || p.selectable.has(key) || sel;
  const hint = t && ctx.suggest && ctx.suggest.keys.has(key); // js/hint.js
  return {
    cls: (t ? ' target' : '') + (sel ? ' selected' : '') + (ctx.lit.has(key) ? ' lit' : '') + (hint ? ' suggested' : ''),
    // data-act: what a click does, "select" (then choose where) or "commit" (the answer itself)
    attrs: t ? { 'data-target': key, 'data-act': sel ? 'deselect' : p.selectable.has(key) ? 'select' : 'commit' } : {},
    label: (hint ? 'Hint: ' : '') + (sel ? 'Selected: ' : t ? 'Choose: ' : ''),
  };
}

// firstSentence is a card text's first sentence (the whole text when it
// has one), for faces too small for all of it.
export function firstSentence(text) {
  const m = /^.+?[.!?](?=\s+[A-Z"“(]|$)/s.exec(text || '');
  return m ? m[0] : (text || '');
}

// card is one card face: hand, tray, pile. Name, power, type and faction,
// and the rules text on the face: all of it on a wide screen (cut after
// five lines, which few texts need: the tooltip has it all), its first
// sentence on a phone, with "more…" to open the rest in the detail panel.
export function Card(ctx, c, where = 'hand') {
  const i = info(c);
  const key = c.hidden ? null : `card:${c.id}`;
  const m = key ? mark(ctx, key) : { cls: '', attrs: {}, label: '' };
  const minion = i.type === 'minion' || i.type === 'titan';
  const pw = c.power ?? i.power;
  const dir = c.printed != null && pw > c.printed ? ' up' : c.printed != null && pw < c.printed ? ' down' : '';
  const hl = ctx.step && key && ctx.step.cards.has(String(c.id)) ? ' hl' : '';
  const whole = !ctx.s.narrow || where === 'pile';
  const text = where === 'titan' ? '' : whole ? i.text : firstSentence(i.text);
  const rest = i.text && text !== i.text ? i.text.slice(text.length).trim() : '';
  const more = key && ctx.s.narrow && where !== 'titan' && (rest || i.text.length > 70); // the face may not hold it all
  return html`<div key=${key || where} class=${`card ${i.type || 'hidden'} ${where}${m.cls}${hl}${text ? ' texted' : ''}`} data-card=${c.hidden ? undefined : c.id}
    data-key=${c.hidden ? undefined : c.key} data-info=${key || undefined} tabindex="0" role="button" style=${`--fc:${factionColour(i.faction)}`} ...${m.attrs}>
    <span class="sr-only">${m.label}</span>
    <span class="chead"><span class="cname">${i.name}</span>${minion && pw != null ? html`<span class=${'cpow' + dir}><span class="sr-only">, power </span>${pw}</span>` : null}</span>
    <span class="ctype"><span class="sr-only">, </span>${typeWord(i.type)}${i.faction ? ' · ' + i.faction : ''}</span>
    ${c.counters ? html`<span class="ctr">+${c.counters}<span class="sr-only"> power counters</span></span>` : null}
    ${where === 'base-choice' && i.breakpoint ? html`<span class="cbase">Breakpoint ${i.breakpoint} · ${(i.vp || []).join(' / ')} VP</span>` : null}
    ${text ? html`<span class="ctext"><span class="sr-only">. </span>${text}${rest ? html`<span class="sr-only"> ${rest}</span>` : null}</span>` : html`<span class="sr-only">. ${i.text}</span>`}
    ${more ? html`<span class="more" data-more=${key} aria-hidden="true">more…</span>` : null}
  </div>`;
}

// RevealedChip: a card revealed (in the move on screen, or in the tray on a
// phone), as a small card face; a tap shows its text.
export function RevealedChip(r, i) {
  const c = info(r);
  return html`<span key=${i} class=${'chip-card ' + (c.type || '')} style=${`--fc:${factionColour(c.faction)}`} data-info=${'key:' + r.key} tabindex="0" role="button">
    <b>${c.name}</b>${c.type === 'minion' && c.power != null ? html` <span class="cpow">${c.power}</span>` : null}<small>${typeWord(c.type)}${c.faction ? ' · ' + c.faction : ''}</small></span>`;
}

// Minion is one minion on a base: a compact row (power, name, counters),
// its attached actions as badges after it.
function Minion(ctx, c, roomy) {
  const key = `card:${c.id}`;
  const short = roomy ? firstSentence(info(c).text) : '';
  const m = mark(ctx, key);
  const dir = c.printed != null && c.power > c.printed ? ' up' : c.power < c.printed ? ' down' : '';
  const hl = ctx.step && ctx.step.cards.has(String(c.id)) ? ' hl' : '';
  const owner = c.owner != null && c.owner !== c.controller ? c.owner : null;
  // a long word in the name: on a phone its size follows the column's width (style.css)
  const long = Math.max(...c.name.split(/\s+/).map(w => w.length));
  return html`<li key=${c.id} class=${long >= 9 ? "mw long" : "mw"} style=${long >= 9 ? `--nml:${long}` : undefined}>
    <div class=${`m${m.cls}${hl}`} data-card=${c.id} data-key=${c.key} data-info=${key} tabindex="0" role="button" style=${`--fc:${factionColour(c.faction)}`} ...${m.attrs}>
      <span class="sr-only">${m.label}</span>
      <span class=${'pw' + dir}>${c.power}</span><span class="sr-only"> power, </span>
      <span class="nm">${c.name}</span>
      ${c.counters ? html`<span class="ctr" title="+1 power counters">+${c.counters}<span class="sr-only"> power counters</span></span>` : null}
      ${owner != null ? html`<span class="own" style=${`--pc:${playerColour(owner)}`}><span class="sr-only">owned by </span>${ctx.n.poss(owner)}</span>` : null}
      ${short ? html`<span class="mtext"><span class="sr-only">: </span>${short}</span>` : null}
    </div>
    ${(c.attached || []).map(a => Badge(ctx, a))}
  </li>`;
}

// Badge is an action attached to a minion or played on a base.
function Badge(ctx, a) {
  const key = `card:${a.id}`;
  const m = mark(ctx, key);
  const hl = ctx.step && ctx.step.cards.has(String(a.id)) ? ' hl' : '';
  return html`<div key=${a.id} class=${`att${m.cls}${hl}`} data-card=${a.id} data-info=${key} tabindex="0" role="button" style=${`--fc:${factionColour(a.faction)};--pc:${playerColour(a.controller ?? a.owner)}`} ...${m.attrs}>
    <span class="sr-only">${m.label}action </span>${a.name}</div>`;
}

// Base is one base: its name, total and breakpoint always in sight at the
// top of its column, then its actions, then its minions grouped by player
// (the column scrolls inside itself when they are many).
export function Base(ctx, b) {
  const key = `base:${b.slot}`;
  const m = mark(ctx, key);
  const name = b.card.name;
  const hl = ctx.step && ctx.step.bases.has(b.slot) ? ' hl' : '';
  const bi = info(b.card);
  const total = Math.max(1, b.total, b.breakpoint);
  const groups = [];
  for (const p of b.players) {
    const mins = b.minions.filter(c => c.controller === p.seat);
    if (!mins.length && !p.power) continue;
    groups.push({ p, mins });
  }
  const dense = b.minions.length > 5 ? ' dense' : '';
  // a short form of each minion's text where the column has room for it
  const roomyMins = ctx.roomy && !ctx.many && b.minions.length + (b.actions || []).length + b.minions.reduce((k, m) => k + (m.attached || []).length, 0) <= 3;
  return html`<section key=${'b' + b.slot} class=${`base${b.scoring ? ' scoring' : ''}${m.cls ? ' base-target' : ''}${hl}${dense}`} data-slot=${b.slot}
      aria-label=${'Base ' + name} style=${`--fc:${factionColour(bi.faction)}`}>
    <div class=${'bhead' + m.cls} data-info=${key} tabindex="0" role="button" ...${m.attrs}>
      <span class="sr-only">${m.label}</span>
      <h2 class="bname" data-role="base-name">${name}</h2>
      <div class="bnums"><span class="sr-only">Power </span>
        <b data-role="base-total">${b.total}</b><span aria-hidden="true">/</span><span class="sr-only"> of </span><span data-role="base-breakpoint">${b.breakpoint}</span><span class="sr-only"> to score</span>${b.breakpoint !== b.printed ? html`<small class="bp-changed">(printed ${b.printed})</small>` : null}
      </div>
      <div class="bbar" aria-hidden="true">${b.players.filter(p => p.power > 0).map(p => html`<span key=${p.seat} style=${`width:${100 * p.power / total}%;background:${playerColour(p.seat)}`}></span>`)}<i style=${`left:${Math.min(100, 100 * b.breakpoint / total)}%`}></i></div>
      <div class="brew"><span class="sr-only">Rewards: </span>${b.vp.map((v, i) => v ? html`<span key=${i} class=${'r' + (i + 1)}><i>${ordinal(i + 1)} </i>${v}</span>` : null)}<small class="vpword"> VP</small></div>
      ${ctx.roomy && bi.text ? html`<p class="btext">${bi.text}</p>` : html`<span class="sr-only">${bi.text}</span>`}
    </div>
    ${b.actions && b.actions.length ? html`<div class="bacts" role="group" aria-label=${'Actions on ' + name}>${b.actions.map(a => Badge(ctx, a))}</div>` : null}
    <div class="bmins" tabindex="0" role="group" aria-label=${'Minions on ' + name}>
      ${groups.length ? groups.map(({ p, mins }) => html`<div key=${p.seat} class="grp" style=${`--pc:${playerColour(p.seat)}`}>
          <div class="gh" data-info=${`total:${b.slot}:${p.seat}`} tabindex="0" role="button">
            <span class="gname">${ctx.n.isMe(p.seat) ? 'You' : ctx.n.name(p.seat)}</span><span class="sr-only">: power here </span><b class="gpow">${p.power}</b>${p.place ? html`<span class="sr-only">, would take </span><span class="gplace">${ordinal(p.place)}</span>` : null}
          </div>
          <ul class="mins" aria-label=${`Minions of ${ctx.n.name(p.seat)}`}>${mins.map(c => Minion(ctx, c, roomyMins))}</ul>
        </div>`) : html`<p class="none">No minions yet</p>`}
    </div>
  </section>`;
}

// countdown: the seconds before the computer stands in for an away seat.
function countdown(ctx, seat) {
  if (seat.stand_in_in == null) return '';
  const left = Math.max(0, Math.ceil(seat.stand_in_in - (Date.now() - (ctx.u.receivedAt || Date.now())) / 1000));
  return ` · the computer plays in ${left} s`;
}

// Seat is one player at the top: name (never cut), VP out of the goal,
// hand and deck, the discard pile (lit when it holds targets), a titan.
export function Seat(ctx, pl) {
  const i = pl.seat;
  const seat = ctx.u.seats[i] || {};
  const key = `player:${i}`;
  const m = mark(ctx, key);
  const pileLit = ctx.plan.piles.has(i);
  const away = seat.stand_in ? 'away · the computer plays' : seat.away ? `away${countdown(ctx, seat)}` : '';
  const whoAttrs = m.cls ? { role: 'button', ...m.attrs } : { role: 'button' };
  return html`<li key=${i} class=${`pchip${pl.current ? ' current' : ''}`} data-seat-chip=${i} style=${`--pc:${playerColour(i)}`}>
    <div class=${'who' + m.cls} tabindex="0" data-info=${key} ...${whoAttrs}>
      <span class="sr-only">${m.label}</span>
      <span class="pname">${ctx.n.you(i)}</span>
      ${pl.factions && pl.factions.length ? html`<small class="pfac" title=${pl.factions.join(' + ')}><span class="sr-only">, playing </span>${pl.factions.join(' + ')}</small>` : null}
      <span class="pline"><span class="pvp"><b>${pl.vp}</b><small>/${ctx.u.goal || 15} VP</small></span>
      <small class="pmeta">hand ${pl.hand} · deck ${pl.deck}</small>
      ${away ? html`<span class="away">${away}</span>` : null}</span>
      ${pl.current ? html`<span class="sr-only">, taking a turn</span>` : null}
    </div>
    ${pl.titan ? Card(ctx, pl.titan, 'titan') : null}
    <button class=${'pile' + (pileLit ? ' target' : '')} data-pile=${i} data-target=${pileLit ? `pile:${i}` : undefined}
      aria-label=${`Discard pile of ${ctx.n.name(i)}: ${pl.discard.length} cards${pileLit ? ', cards to choose there' : ''}`}>
      <span class="pile-icon" aria-hidden="true"></span>${pl.discard.length}
    </button>
  </li>`;
}
