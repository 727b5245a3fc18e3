// Card facts from the catalogue (GET /api/catalog: every card once, by key)
// and power breakdowns in words.
import { get } from './store.js';

const TYPE_WORDS = { minion: 'Minion', action: 'Action', base: 'Base', titan: 'Titan' };

// entry is the catalogue's card of key (or null while it loads).
export function entry(key) {
  const c = get().catalog;
  return (c && key && c.cards && c.cards[key]) || null;
}

// info is what the page knows of a card or card reference: the update's own
// fields first, the catalogue for the rest.
export function info(c) {
  if (!c || c.hidden) return { hidden: true, name: 'Hidden card', text: 'You cannot see which card this is.', rulings: [] };
  const e = entry(c.key) || {};
  return {
    id: c.id, key: c.key, name: c.name || e.name || '',
    type: c.type || e.type || '', faction: c.faction || e.faction || '',
    printed: c.printed ?? e.power, power: c.power ?? e.power, counters: c.counters || 0,
    text: e.text || '', rulings: e.rulings || [], breakpoint: e.breakpoint, vp: e.vp, set: e.set,
  };
}

export const typeWord = (t) => TYPE_WORDS[t] || '';

// partText is one term of a power sum, in words.
function partText(p, self) {
  const src = p.source ? (p.source.hidden ? 'a hidden card' : p.source.name) : '';
  switch (p.kind) {
    case 'printed': return `${p.amount} printed`;
    case 'counters': return `${p.amount} from ${Math.abs(p.amount) === 1 ? 'a counter' : 'counters'}`;
    case 'ability': return p.source && self && p.source.id === self ? `${p.amount} from its own ability` : `${p.amount} ${src} (ability)`;
    case 'effect': return `${p.amount} ${src} (effect)`;
    case 'floor': return `${p.amount} (power is never below 0)`;
    case 'loose': return `${p.amount} ${src || 'on the base'} (not on a minion)`;
    case 'minion': return `${p.amount} ${src}`;
    default: return `${p.amount}${src ? ' ' + src : ''}`;
  }
}

// sum writes terms as "a + b − c".
function sum(terms) {
  return terms.map((t, i) => {
    const neg = t.startsWith('-');
    const body = neg ? t.slice(1) : t;
    if (i === 0) return neg ? '−' + body : body;
    return (neg ? ' − ' : ' + ') + body;
  }).join('');
}

// powerText is a minion's power broken down: "9 = 3 printed + 6 Tiki (ability)".
export function powerText(c) {
  if (!c || c.hidden) return '';
  if (!c.parts || !c.parts.length) return c.type === 'minion' ? `Power ${c.power} (as printed)` : '';
  return `Power ${c.power} = ${sum(c.parts.map(p => partText(p, c.id)))}`;
}

// totalText is a player's power at a base broken down: each minion they
// control there, then power not on any minion.
export function totalText(base, seat, name) {
  const bp = (base.players || []).find(p => p.seat === seat);
  if (!bp) return '';
  const terms = (base.minions || []).filter(m => m.controller === seat).map(m => `${m.power} ${m.name}`);
  for (const p of bp.parts || []) terms.push(partText(p));
  return `${name}: ${bp.power}${terms.length ? ' = ' + sum(terms) : ''}`;
}
