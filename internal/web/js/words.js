// The page's own words: events as sentences in the players' names, for the
// log and the captions of moves; phases; what the page is waiting for.
// Everything here is built from the protocol's typed fields; nothing reads
// the server's English.
import { ordinal, plural, sentence, capital } from './util.js';

export const PHASES = { setup: 'Setup', start: 'Start of turn', play: 'Play cards', score: 'Score bases', draw: 'Draw 2 cards', end: 'End of turn' };
export const PHASE_HELP = {
  setup: 'The game is being set up.',
  start: 'Abilities that happen at the start of a turn resolve.',
  play: 'Play up to one minion and one action (plus any extra plays), and use Talents.',
  score: 'Every base that reached its breakpoint scores, one at a time; players may use Specials first.',
  draw: 'The player draws two cards, then keeps at most ten.',
  end: 'Effects that last until the end of the turn stop; the next player goes.',
};

// namer turns seats into words. me is the page's seat (-1: none): every
// line about it speaks to the person ("You play Osebo", "Your turn
// begins"), whatever the seat is called; the others go by their names.
//   name(i)   the seat's name, as the others call it ("Ada")
//   who(i)    the subject: "you" or the name (sentence() capitalises)
//   whom(i)   the object: "you" or the name
//   poss(i)   the possessive: "your" or "Ada's" / "Chris'"
//   their(i)  a possessive about the subject again: "your" or "their"
//   v(i, s, p) the verb for the subject: p for "you" ("play"), s else ("plays")
//   you(i)    a label for the seat: its name, with "(you)" after it for
//             the page's own seat unless the name says so already ("You")
export function namer(update, watching = false) {
  const seats = (update && update.seats) || [];
  const me = update && !update.spectator && !watching ? update.seat : -1;
  const isMe0 = (i) => i != null && i >= 0 && i === me;
  // a seat called "You" (the lessons' first game) is "Player N" to everyone else
  const names = seats.map((st, i) => {
    const n = (st && st.name) || '';
    return !n || (!isMe0(i) && /^you$/i.test(n.trim())) ? `Player ${i + 1}` : n;
  });
  const name = (i) => (i == null || i < 0 ? 'someone' : names[i] || `Player ${i + 1}`);
  const isMe = (i) => i != null && i >= 0 && i === me;
  const possName = (i) => { const n = name(i); return n.endsWith('s') ? `${n}'` : `${n}'s`; };
  const poss = (i) => (isMe(i) ? 'your' : possName(i));
  return {
    me, name, isMe, poss, possName, key: `${me}|${names.join('|')}`,
    who: (i) => (isMe(i) ? 'you' : name(i)),
    whom: (i) => (isMe(i) ? 'you' : name(i)),
    their: (i) => (isMe(i) ? 'your' : 'their'),
    v: (i, s, p) => (isMe(i) ? p : s),
    you: (i) => {
      const n = name(i);
      if (!isMe(i)) return n;
      return /^(you|me|myself)$/i.test(n.trim()) ? 'You' : `${n} (you)`;
    },
    yours: poss,
  };
}

const card = (r) => (!r ? 'a card' : r.hidden ? 'a hidden card' : r.name);
const base = (r) => (r && r.name) || 'a base';
const list = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

const PLACES = {
  'deck-top': (w) => `on top of ${w} deck`, 'deck-bottom': (w) => `to the bottom of ${w} deck`,
  hand: (w) => `into ${w} hand`, discard: (w) => `into ${w} discard pile`,
};

const TAKEN = { deck: (w) => `from ${w} deck`, discard: (w) => `from ${w} discard pile`, 'set-aside': () => 'that was set aside' };

// IRREGULAR verbs of the engine's free-form lines ("note"), third person to second.
const IRREGULAR = { is: 'are', has: 'have', does: 'do', goes: 'go', was: 'were' };

// second turns a free-form line about a player ("puts {} on top of their
// deck") into one about "you" ("put {} on top of your deck"): its first
// word is the verb.
export function second(text) {
  const m = /^(\S+)(.*)$/s.exec(text);
  if (!m) return text;
  const [, verb, rest] = m;
  // the first word is the verb, and so is the first word after ", and " or " then "
  return toYou(verb) + rest.replace(/(, and | then )(\w+)/g, (_, a, w) => a + toYou(w))
    .replace(/\btheir\b/g, 'your').replace(/\bthemselves\b/g, 'yourself').replace(/\bthey\b/g, 'you');
}
function toYou(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/[^aeiou]ies$/.test(verb)) return verb.slice(0, -3) + 'y';
  if (/(ches|shes|sses|xes|zzes)$/.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

// line is one event as a sentence ('' for events the log does not tell).
export function line(e, n) {
  const S = n.who(e.player), v = (s, p) => n.v(e.player, s, p);
  const by = e.cause ? card(e.cause) : '';
  switch (e.kind) {
    case 'turn-start': return `${n.poss(e.player)} turn begins`;
    case 'play': {
      let s = `${S} ${v('plays', 'play')} ${card(e.card)}`;
      if (e.on) s += ` on ${card(e.on)}${e.base ? ` at ${base(e.base)}` : ''}`;
      else if (e.base) s += ` on ${base(e.base)}`;
      return by ? `${s} with ${by}` : s;
    }
    case 'placed': return by ? `${by} puts ${card(e.card)} on ${base(e.base)}` : `${card(e.card)} enters ${base(e.base)}`;
    case 'destroy': {
      const what = `${e.player != null ? n.poss(e.player) + ' ' : ''}${card(e.card)}`;
      const at = e.base ? ` at ${base(e.base)}` : '';
      if (e.self) return `${what} destroys itself${at}`;
      return by ? `${by} destroys ${what}${at}` : `${what} is destroyed${at}`;
    }
    case 'move': {
      const route = `${e.from ? ` from ${base(e.from)}` : ''}${e.base ? ` to ${base(e.base)}` : ''}`;
      if (by) return `${by} moves ${card(e.card)}${route}`;
      if (e.whom != null) return `${n.who(e.whom)} ${n.v(e.whom, 'moves', 'move')} ${card(e.card)}${route}`;
      return `${card(e.card)} moves${route}`;
    }
    case 'return':
      if (e.self) return `${card(e.card)} returns itself to ${n.poss(e.player)} hand`;
      return by ? `${by} returns ${card(e.card)} to ${n.poss(e.player)} hand` : `${card(e.card)} returns to ${n.poss(e.player)} hand`;
    case 'discard':
      // the rules discard of their own accord only at the hand limit
      if (e.self) return `${S} ${v('discards', 'discard')} ${card(e.card)} to use its ability`;
      return `${S} ${v('discards', 'discard')} ${card(e.card)}${by ? ` because of ${by}` : ` to keep ten cards (the hand limit)`}`;
    case 'place': {
      const where = (PLACES[e.zone] || PLACES.discard)(n.poss(e.player));
      if (e.self) return `${card(e.card)} puts itself ${where.replace(/^to the bottom/, 'on the bottom')}`;
      return by ? `${by} puts ${card(e.card)} ${where}` : `${card(e.card)} goes ${where}`;
    }
    case 'draw': return `${S} ${v('draws', 'draw')} ${plural(e.count || 0, 'card')}${by ? ` with ${by}` : ''}`;
    case 'shuffle': return `${S} ${v('shuffles', 'shuffle')} ${n.their(e.player)} deck${by ? ` (${by})` : ''}`;
    case 'counters': {
      const k = e.count || 0;
      const many = (x) => (x === 1 ? 'a +1 power counter' : `${x} +1 power counters`);
      if (e.self) return `${card(e.card)} ${k >= 0 ? `puts ${many(k)} on itself` : `takes ${many(-k)} off itself`}`;
      const what = k >= 0 ? `gets ${many(k)}` : `loses ${many(-k)}`;
      return `${card(e.card)} ${what}${by ? ` ${k >= 0 ? 'from' : 'to'} ${by}` : ''}`;
    }
    case 'control': return `${S} ${v('takes', 'take')} control of ${e.whom != null ? n.poss(e.whom) + ' ' : ''}${card(e.card)}${by ? ` with ${by}` : ''}`;
    case 'control-end': return `${n.poss(e.whom)} control of ${card(e.card)} ends: ${S} ${v('controls', 'control')} it again`;
    case 'cancel': {
      const what = `${e.player != null ? n.poss(e.player) + ' ' : ''}${card(e.card)}`;
      return by ? `${by} cancels ${what}` : `${what} is cancelled`;
    }
    case 'reveal': return `${S} ${v('reveals', 'reveal')} ${card(e.card)}${by ? ` for ${by}` : ''}`;
    case 'look': return e.card ? `${S} ${v('sees', 'see')} ${card(e.card)} in ${n.poss(e.whom)} hand` : `${S} ${v('looks', 'look')} at ${n.poss(e.whom)} hand`;
    case 'give': return `${S} ${v('puts', 'put')} ${card(e.card)} into ${n.poss(e.whom)} hand${by ? ` with ${by}` : ''}`;
    case 'take': return `${S} ${v('takes', 'take')} ${card(e.card)} ${(TAKEN[e.zone] || TAKEN['set-aside'])(n.their(e.player))} into ${n.their(e.player)} hand${by ? ` with ${by}` : ''}`;
    case 'vp': return `${S} ${v('gains', 'gain')} ${e.count || 0} VP${by ? ` from ${by}` : ''}`;
    case 'scoring': return `${base(e.base)} is about to score`;
    case 'award': return `${S} ${v('takes', 'take')} ${ordinal(e.place)} place at ${base(e.base)}: ${e.count || 0} VP`; // count is left out of the JSON when 0
    case 'base-replaced':
      if (e.replaced && !e.replaced.hidden) return `${card(e.card)} replaces ${card(e.replaced)}`;
      return e.replaced ? `${card(e.card)} takes the place of another base` : `${card(e.card)} comes out as a new base`;
    case 'note': {
      const raw = String(e.text || '');
      const tmpl = e.player != null && n.isMe(e.player) ? second(raw) : raw;
      const parts = tmpl.split('{}');
      const cards = e.cards || [];
      const text = parts.map((p, i) => (i ? card(cards[i - 1]) : '') + p).join('');
      return e.player != null ? `${S} ${text}` : text;
    }
    case 'draft': return `${S} ${v('drafts', 'draft')} ${e.text}`;
    case 'game-over': {
      const ws = e.winners || [];
      const w = ws.map(i => n.who(i));
      const plural = ws.length > 1 || (ws.length === 1 && n.isMe(ws[0]));
      return w.length ? `The game is over: ${list(w)} ${plural ? 'win' : 'wins'}` : 'The game is over';
    }
    case 'stand-in': return `The computer plays for ${n.whom(e.player)} while ${n.isMe(e.player) ? 'you are' : 'they are'} away`;
    case 'back': return `${S} ${v('is', 'are')} back at the table`;
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
      const who = `${n.who(e.player)} ${n.v(e.player, 'looks', 'look')}`, whose = n.poss(e.whom);
      out.push({ seq: e.seq, tone: '', text: sentence(seen.length ? `${who} at ${whose} hand: ${list(seen)}` : `${who} at ${whose} hand`) });
      i = j - 1;
      continue;
    }
    const t = memoLine(e, n);
    if (!t) continue;
    // the same thing again at once (a card put back one at a time) is one line
    const prev = out[out.length - 1];
    if (prev && prev.same === t) { prev.times++; prev.text = sentence(`${t} (${prev.times === 2 ? 'twice' : prev.times + ' times'})`); continue; }
    out.push({ seq: e.seq, tone: tone(e), text: sentence(t), player: e.player, same: t, times: 1 });
  }
  return out;
}

// memoLine is line(e, n), kept per event object and reader (the log's
// events are the same objects from one drawing to the next).
const lineMemo = new WeakMap();
function memoLine(e, n) {
  const k = n.key || '';
  const m = lineMemo.get(e);
  if (m && m.k === k) return m.t;
  const t = line(e, n);
  lineMemo.set(e, { k, t });
  return t;
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
  if (d.kind === 'draft') return `${capital(n.who(d.player))} ${n.v(d.player, 'is', 'are')} choosing a faction…`;
  const src = d.source && !d.source.hidden ? ` (${d.source.name})` : '';
  // your own question with nothing to choose, answered for you after the usual pause
  if (d.player === n.me) return `Going on${src}…`;
  return `${n.name(d.player)} ${computer ? 'is thinking' : 'is deciding'}${src}…`;
}

// kindWord says who plays a seat, for its detail ("A person", "The
// computer"), or '' when its name says so already ("Computer", "You").
export function kindWord(seat, name, me) {
  const computer = seat && seat.kind !== 'human';
  if (computer) return /computer|bot|\bai\b|cpu/i.test(name) ? '' : 'The computer';
  if (me) return /^you$/i.test(String(name).trim()) ? '' : 'You';
  return 'A person';
}
