// What the tooltip and the detail panel say about an element (data-info):
// a card's whole text, its power broken down, its rulings; a base's
// breakpoint, rewards and standings; a player's total at a base.
import { info, typeWord, powerText, totalText } from './cards.js';
import { ordinal, capital } from './util.js';
import { PHASES, PHASE_HELP, kindWord } from './words.js';

// findCard looks for card id on the table the seat sees, then among the
// decision's options (a card shown apart), and answers it with where it is.
function findCard(u, id) {
  const t = u.table;
  if (!t) return null;
  const scan = (cs, where) => {
    for (const c of cs || []) {
      if (c.id === id) return { c, where };
      const a = scan(c.attached, { ...where, on: c });
      if (a) return a;
    }
    return null;
  };
  let r = scan(t.hand, { zone: 'hand' });
  for (const b of t.bases) {
    if (r) break;
    if (b.card.id === id) return { c: b.card, where: { zone: 'base', base: b } };
    r = scan(b.minions, { zone: 'play', base: b }) || scan(b.actions, { zone: 'play', base: b });
  }
  for (const p of t.players) {
    if (r) break;
    r = scan(p.discard, { zone: 'discard', player: p.seat }) || (p.titan && p.titan.id === id ? { c: p.titan, where: { zone: 'titan', player: p.seat } } : null);
  }
  r = r || scan(t.revealed, { zone: 'revealed' }) || scan(t.base_discard, { zone: 'base-discard' });
  if (r) return r;
  const d = u.decision;
  for (const o of (d && d.options) || []) {
    for (const x of [o, ...((o.then && o.then.options) || [])]) if (x.card && x.card.id === id) return { c: x.card, where: { zone: 'option' } };
  }
  return null;
}

function cardDetail(c, where, n) {
  const i = info(c);
  const sub = [typeWord(i.type), i.faction].filter(Boolean).join(' · ');
  const lines = [];
  if (i.type === 'base') {
    lines.push(`Breakpoint ${where && where.base ? where.base.breakpoint : i.breakpoint}${where && where.base && where.base.breakpoint !== where.base.printed ? ` (printed ${where.base.printed})` : ''}; rewards ${(i.vp || []).map((v, k) => `${ordinal(k + 1)} ${v}`).join(', ')} VP.`);
  }
  if (i.type === 'minion' || c.parts) { const pt = powerText(c); if (pt) lines.push(pt + '.'); }
  else if (i.power != null && i.type === 'minion') lines.push(`Power ${i.power}.`);
  if (where && where.zone === 'play') {
    const ctrl = c.controller ?? c.owner;
    let who = `${capital(n.who(ctrl))} ${n.v(ctrl, 'controls', 'control')} it`;
    if (c.owner != null && c.owner !== ctrl) who += `; ${n.who(c.owner)} ${n.v(c.owner, 'owns', 'own')} it`;
    lines.push(`${who}${where.base ? `, at ${where.base.card.name}` : ''}${where.on ? `, on ${where.on.name}` : ''}.`);
  } else if (where && where.zone === 'discard') lines.push(`In ${n.poss(where.player)} discard pile.`);
  return { title: i.name, sub, text: i.text || (i.hidden ? i.text : 'No ability.'), lines, rulings: i.rulings || [] };
}

export function detail(u, what, n) {
  if (!u || !what) return null;
  const [kind, a, b] = what.split(':');
  if (kind === 'card') {
    const f = findCard(u, +a);
    return f ? cardDetail(f.c, f.where, n) : null;
  }
  if (kind === 'key') return cardDetail({ key: a + (b ? ':' + b : '') }, null, n);
  const t = u.table;
  if (kind === 'base' && t) {
    const base = t.bases.find(x => x.slot === +a);
    if (!base) return null;
    const d = cardDetail(base.card, { zone: 'base', base }, n);
    const stand = base.players.filter(p => p.power > 0 || p.minions).sort((x, y) => y.power - x.power)
      .map(p => `${n.you(p.seat)} ${p.power}${p.place ? ` (${ordinal(p.place)})` : ''}`);
    d.lines.push(`Power here: ${base.total} of ${base.breakpoint}${stand.length ? ' — ' + stand.join(', ') : ''}.`);
    return d;
  }
  if (kind === 'total' && t) {
    const base = t.bases.find(x => x.slot === +a);
    if (!base) return null;
    return { title: `${n.you(+b)} at ${base.card.name}`, sub: 'Power here', text: totalText(base, +b, capital(n.who(+b))) + '.', lines: [], rulings: [] };
  }
  if (kind === 'player' && t) {
    const p = t.players[+a];
    const seat = u.seats[+a] || {};
    if (!p) return null;
    const lines = [`${p.vp} of ${u.goal || 15} VP · ${p.hand} cards in hand · ${p.deck} in the deck · ${p.discard.length} in the discard pile.`];
    if (seat.stand_in) lines.push('Away: the computer plays for them until they come back.');
    else if (seat.away) lines.push('Away from the table.');
    return { title: n.you(+a), sub: kindWord(seat, n.name(+a), n.isMe(+a)), text: (p.factions || []).join(' + '), lines, rulings: [] };
  }
  if (kind === 'phase' && t) return { title: PHASES[t.phase] || t.phase, sub: 'Phase', text: PHASE_HELP[t.phase] || '', lines: [], rulings: [] };
  return null;
}
