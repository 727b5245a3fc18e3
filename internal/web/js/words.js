// The page's own words: events as sentences in the players' names, for the
// log and the captions of moves; phases; what the page is waiting for.
// Everything here is built from the protocol's typed fields; nothing reads
// the server's English.
import { ordinal, plural, sentence } from './util.js';

export const PHASES = { setup: 'Setup', start: 'Start of turn', play: 'Play cards', score: 'Score bases', draw: 'Draw 2 cards', end: 'End of turn' };
export const PHASE_HELP = {
  setup: 'The game is being set up.',
  start: 'Abilities that happen at the start of a turn resolve.',
  play: 'Play up to one minion and one action (plus any extra plays), and use Talents.',
  score: 'Every base that reached its breakpoint scores, one at a time; players may use Specials first.',
  draw: 'The player draws two cards, then keeps at most ten.',
  end: 'Effects that last until the end of the turn stop; the next player goes.',
};

// Names turns seats into names. me is the page's seat (-1: none).
export function namer(update, watching = false) {
  const seats = (update && update.seats) || [];
  const me = update && !update.spectator && !watching ? update.seat : -1;
  const name = (i) => (i == null || i < 0 ? 'someone' : (seats[i] && seats[i].name) || `Player ${i + 1}`);
  return {
    me, name,
    you: (i) => (i === me ? `${name(i)} (you)` : name(i)),
    poss: (i) => { const n = name(i); return n.endsWith('s') ? `${n}'` : `${n}'s`; },
    // yours: "your" for the page's own seat, else the name's possessive
    yours: (i) => { if (i === me) return 'your'; const n = name(i); return n.endsWith('s') ? `${n}'` : `${n}'s`; },
  };
}

const card = (r) => (!r ? 'a card' : r.hidden ? 'a hidden card' : r.name);
const base = (r) => (r && r.name) || 'a base';
const list = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

const PLACES = {
  'deck-top': (w) => `on top of ${w} deck`, 'deck-bottom': (w) => `at the bottom of ${w} deck`,
  hand: (w) => `into ${w} hand`, discard: (w) => `into ${w} discard pile`,
};

const TAKEN = { deck: 'from their deck', discard: 'from their discard pile', 'set-aside': 'that was set aside' };

// line is one event as a sentence ('' for events the log does not tell).
export function line(e, n) {
  const P = n.name(e.player), W = n.name(e.whom);
  const by = e.cause ? card(e.cause) : '';
  switch (e.kind) {
    case 'turn-start': return `${n.poss(e.player)} turn begins`;
    case 'play': {
      let s = `${P} plays ${card(e.card)}`;
      if (e.on) s += ` on ${card(e.on)}${e.base ? ` at ${base(e.base)}` : ''}`;
      else if (e.base) s += ` on ${base(e.base)}`;
      return by ? `${s} with ${by}` : s;
    }
    case 'placed': return by ? `${by} puts ${card(e.card)} on ${base(e.base)}` : `${card(e.card)} enters ${base(e.base)}`;
    case 'destroy': {
      const what = `${e.player != null ? n.poss(e.player) + ' ' : ''}${card(e.card)}`;
      return by ? `${by} destroys ${what}${e.base ? ` at ${base(e.base)}` : ''}` : `${what} is destroyed${e.base ? ` at ${base(e.base)}` : ''}`;
    }
    case 'move': {
      const route = `${e.from ? ` from ${base(e.from)}` : ''}${e.base ? ` to ${base(e.base)}` : ''}`;
      if (by) return `${by} moves ${card(e.card)}${route}`;
      if (e.whom != null) return `${W} moves ${card(e.card)}${route}`;
      return `${card(e.card)} moves${route}`;
    }
    case 'return': return by ? `${by} returns ${card(e.card)} to ${n.poss(e.player)} hand` : `${card(e.card)} returns to ${n.poss(e.player)} hand`;
    case 'discard': return `${P} discards ${card(e.card)}${by ? ` because of ${by}` : ''}`;
    case 'place': {
      const where = (PLACES[e.zone] || PLACES.discard)(n.poss(e.player));
      return by ? `${by} puts ${card(e.card)} ${where}` : `${card(e.card)} goes ${where}`;
    }
    case 'draw': return `${P} draws ${plural(e.count || 0, 'card')}`;
    case 'shuffle': return `${P} shuffles their deck`;
    case 'counters': {
      const k = e.count || 0;
      const many = (x) => (x === 1 ? 'a +1 power counter' : `${x} +1 power counters`);
      const what = k >= 0 ? `gets ${many(k)}` : `loses ${many(-k)}`;
      return `${card(e.card)} ${what}${by ? ` from ${by}` : ''}`;
    }
    case 'control': return `${P} takes control of ${e.whom != null ? n.poss(e.whom) + ' ' : ''}${card(e.card)}${by ? ` with ${by}` : ''}`;
    case 'control-end': return `${n.poss(e.whom)} control of ${card(e.card)} ends: ${P} controls it again`;
    case 'cancel': return by ? `${by} cancels ${card(e.card)}` : `${card(e.card)} is cancelled`;
    case 'reveal': return `${P} reveals ${card(e.card)}`;
    case 'look': return e.card ? `${P} sees ${card(e.card)} in ${n.poss(e.whom)} hand` : `${P} looks at ${n.poss(e.whom)} hand`;
    case 'give': return `${P} puts ${card(e.card)} into ${n.poss(e.whom)} hand`;
    case 'take': return `${P} takes ${card(e.card)} ${TAKEN[e.zone] || TAKEN['set-aside']} into their hand${by ? ` (${by})` : ''}`;
    case 'vp': return `${P} gains ${e.count} VP${by ? ` from ${by}` : ''}`;
    case 'scoring': return `${base(e.base)} is about to score`;
    case 'award': return `${P} takes ${ordinal(e.place)} place at ${base(e.base)}: ${e.count} VP`;
    case 'base-replaced':
      if (e.replaced && !e.replaced.hidden) return `${card(e.card)} replaces ${card(e.replaced)}`;
      return e.replaced ? `${card(e.card)} takes the place of another base` : `${card(e.card)} comes out as a new base`;
    case 'note': {
      const parts = String(e.text || '').split('{}');
      const cards = e.cards || [];
      const text = parts.map((p, i) => (i ? card(cards[i - 1]) : '') + p).join('');
      return e.player != null ? `${P} ${text}` : text;
    }
    case 'draft': return `${P} drafts ${e.text}`;
    case 'game-over': {
      const w = (e.winners || []).map(n.name);
      return w.length ? `The game is over: ${list(w)} ${w.length > 1 ? 'win' : 'wins'}` : 'The game is over';
    }
    case 'stand-in': return `The computer plays for ${P} while they are away`;
    case 'back': return `${P} is back at the table`;
    case 'invited-again': return `The host invited ${n.poss(e.player)} seat again: whoever held it has lost it`;
    default: return '';
  }
}

// tone says how a line is shown: a turn's start, scoring, or plain.
export function tone(e) {
  if (e.kind === 'turn-start') return 'turn';
  if (['scoring', 'award', 'base-replaced', 'game-over'].includes(e.kind)) return 'score';
  return '';
}

// lines turns events into log lines: one sentence each, a capital first,
// a full stop last; a player looking at a hand is one line with every card
// seen there.
export function lines(events, n) {
  const out = [];
  events = byPlace(events);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.kind === 'look') {
      const seen = [];
      let j = i;
      while (j < events.length && events[j].kind === 'look' && events[j].player === e.player && events[j].whom === e.whom) {
        if (events[j].card) seen.push(card(events[j].card));
        j++;
      }
      const who = n.name(e.player), whose = n.poss(e.whom);
      out.push({ seq: e.seq, tone: '', text: sentence(seen.length ? `${who} looks at ${whose} hand: ${list(seen)}` : `${who} looks at ${whose} hand`) });
      i = j - 1;
      continue;
    }
    const t = line(e, n);
    if (!t) continue;
    // the same thing again at once (a card put back one at a time) is one line
    const prev = out[out.length - 1];
    if (prev && prev.same === t) { prev.times++; prev.text = sentence(`${t} (${prev.times === 2 ? 'twice' : prev.times + ' times'})`); continue; }
    out.push({ seq: e.seq, tone: tone(e), text: sentence(t), player: e.player, same: t, times: 1 });
  }
  return out;
}

// byPlace puts each run of awards at one base in the order of the places.
function byPlace(events) {
  const out = events.slice();
  for (let i = 0; i < out.length; i++) {
    if (out[i].kind !== 'award') continue;
    let j = i;
    while (j < out.length && out[j].kind === 'award' && out[j].base && out[i].base && out[j].base.slot === out[i].base.slot) j++;
    const run = out.slice(i, j).sort((a, b) => a.place - b.place);
    out.splice(i, run.length, ...run);
    i = j - 1;
  }
  return out;
}

// waiting says what the page waits for when the decision is not the seat's.
export function waiting(update, n) {
  const d = update.decision;
  const t = update.table;
  if (t && t.over) return 'The game is over.';
  if (update.waiting) return 'Waiting for the invited players to take their seats…';
  if (!d) return 'Waiting…';
  if (d.kind === 'window') return 'Players may respond…'; // never who is being waited on
  const seat = update.seats[d.player] || {};
  const computer = seat.kind !== 'human' || seat.stand_in;
  if (d.kind === 'draft') return `${n.name(d.player)} is choosing a faction…`;
  const src = d.source && !d.source.hidden ? ` (${d.source.name})` : '';
  // your own question with nothing to choose, answered for you after the usual pause
  if (d.player === n.me) return `Going on${src}…`;
  return `${n.name(d.player)} ${computer ? 'is thinking' : 'is deciding'}${src}…`;
}
