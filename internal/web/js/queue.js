// The animation queue: every update received becomes a frame holding the
// events not yet shown (by seq). Frames are played one at a time at the
// chosen speed: a base that scores shows its overlay first (places sorted
// by rank), then the table changes (cards travel), a caption says what
// happened and why, and the page waits long enough to follow the move.
// The person's own moves are shown at once; Skip plays the rest at once.
import { get, set } from './store.js';
import { capture, play } from './flip.js';
import { namer, lines, line } from './words.js';
import { sentence } from './util.js';

export const SPEEDS = {
  slow: { move: 2300, travel: 900, score: 6500 },
  normal: { move: 1100, travel: 550, score: 3800 },
  fast: { move: 500, travel: 280, score: 2000 },
  instant: { move: 0, travel: 0, score: 0 },
};
// kinds told in the log only: they are no move to follow on the table (the
// awards have the scoring overlay)
const QUIET = new Set(['draw', 'shuffle', 'turn-end', 'phase', 'scored', 'award']);

const frames = [];
let queuedSeq = 0, pumping = false, skipping = false, wake = null, sentAt = null, sentLen = 1;
let whenRendered = () => Promise.resolve();
let overlayTimer = null;

export function init(opts) { whenRendered = opts.whenRendered; }

// sending notes the move number the person answers (and how many answers
// the move holds: an option and its follow-ups count one move each), so
// that its result is shown at once.
export function sending(at, answers = 1) { sentAt = at; sentLen = answers; }

// offer takes an update from the server (first: the page's first one).
export function offer(u) {
  const s = get();
  if (s.latest && u.game === s.latest.game && u.move < s.latest.move) return; // an older update arriving late
  const first = !s.latest;
  set({ latest: u });
  const fresh = (u.events || []).filter(e => e.seq > queuedSeq);
  if (fresh.length) queuedSeq = fresh[fresh.length - 1].seq;
  if (!fresh.length && frames.length) { frames[frames.length - 1].u = u; return; }
  const own = sentAt != null && u.move > sentAt && u.move <= sentAt + sentLen;
  if (u.move > (sentAt ?? Infinity)) sentAt = null;
  frames.push({ u, evs: fresh, first, own });
  pump();
}

// reset shows update u at once, forgetting the frames (the replay viewer's jumps).
export function reset(u) {
  frames.length = 0;
  skipping = true;
  if (wake) wake();
  const evs = u.events || [];
  queuedSeq = evs.length ? evs[evs.length - 1].seq : 0;
  set({ latest: u, shown: u, log: evs.slice(), shownSeq: queuedSeq, step: null, overlay: null });
  skipping = false;
}

export function skip() {
  if (!pumping) return;
  skipping = true;
  if (wake) wake();
  clearTimeout(overlayTimer);
  set({ overlay: null });
}

// closeOverlay: the overlay's Continue button.
export function closeOverlay() {
  clearTimeout(overlayTimer);
  if (wake) wake();
  set({ overlay: null });
}

const wait = (ms) => new Promise((res) => {
  if (skipping || ms <= 0) { res(); return; }
  const done = () => { clearTimeout(t); wake = null; res(); };
  const t = setTimeout(done, ms);
  wake = done;
});

async function pump() {
  if (pumping) return;
  pumping = true;
  set({ busy: true });
  try {
    while (frames.length) await run(frames.shift());
  } finally {
    pumping = false;
    skipping = false;
    set({ busy: false });
  }
}

async function run(f) {
  const s = get();
  f.evs = f.evs.map(e => named(e, s.shown));
  const sp = SPEEDS[s.speed] || SPEEDS.normal;
  const n = namer(f.u);
  const quick = skipping || f.first || !sp.move;
  // bases that score in this frame: the overlay, over the table as it was
  for (const sc of scorings(f.evs, s.shown, n)) {
    remember(f.u, sc.awards);
    if (f.first || skipping) continue;
    clearTimeout(overlayTimer);
    set({ overlay: sc, step: { lines: [sentence(`${sc.name} scores`)], cards: new Set(), bases: new Set([sc.slot]), from: null } });
    if (sp.score) await wait(sp.score);
    else overlayTimer = setTimeout(() => set({ overlay: null }), 2500); // at instant speed it stays a moment, without holding the game
    if (sp.score) set({ overlay: null });
  }
  // the table as it is after the frame; the frame's moves one by one (an
  // update may hold several when the page was slow to take them)
  const beats = split(f.evs.filter(e => !QUIET.has(e.kind)));
  const all = beats.flat();
  const slow = !quick && !f.own && beats.length > 0;
  let step = all.length ? focus(slow ? beats[0] : all, n, slow ? 4 : 3) : get().step;
  if (f.first) step = all.length ? { ...focus(all, n, 1), shown: [] } : null; // the page opens on the last thing that happened
  const before = quick && !f.own ? null : capture();
  const log = mergeLog(get().log, f.evs);
  set({ shown: f.u, log, shownSeq: queuedSeq, step, gameoverOpen: overNow(s.shown, f.u) ? true : get().gameoverOpen });
  await whenRendered();
  const actor = actorOf(f.evs);
  if (before && !skipping) play(before, { from: actor, owners: owners(s.shown), ms: f.own ? Math.min(sp.travel, 350) : sp.travel });
  if (!slow) return;
  for (let k = 0; k < beats.length && !skipping; k++) {
    if (k) set({ step: focus(beats[k], n, 4) });
    await wait(sp.move * Math.min(2, 1 + 0.3 * (beats[k].length - 1)));
  }
}

// named fills in the base a base-replaced event does not name (hidden, as
// it went back into the base deck) from the table as the page showed it.
function named(e, shown) {
  if (e.kind !== 'base-replaced' || (e.replaced && !e.replaced.hidden) || !e.base || !shown || !shown.table) return e;
  const b = shown.table.bases.find(x => x.slot === e.base.slot);
  return b && b.card.key !== (e.card && e.card.key) ? { ...e, replaced: { id: b.card.id, key: b.card.key, name: b.card.name } } : e;
}

// split cuts events into moves: a new one at each turn, each card a player
// plays of their own accord (not one an ability plays), each base scoring.
function split(evs) {
  const out = [];
  for (const e of evs) {
    const starts = ['turn-start', 'scoring', 'draft'].includes(e.kind) || (e.kind === 'play' && !e.cause);
    if (!out.length || (starts && out[out.length - 1].length)) out.push([]);
    out[out.length - 1].push(e);
  }
  return out;
}

const overNow = (prev, u) => !!(u.table && u.table.over && !(prev && prev.table && prev.table.over));

// focus is the move on screen: its sentences and the cards, bases and
// players it touches (lit while it is shown).
function focus(evs, n, most) {
  const said = lines(evs, n).slice(-most); // the last few sentences, whole (the log has them all)
  const cards = new Set(), bases = new Set();
  for (const e of evs) {
    if (QUIET.has(e.kind)) continue;
    for (const r of [e.card, e.on, e.cause]) if (r && r.id != null) cards.add(String(r.id));
    if (e.base && e.kind !== 'draw') bases.add(e.base.slot);
  }
  // cards revealed in the move are shown as cards beside its caption
  const shown = evs.filter(e => e.kind === 'reveal' && e.card && !e.card.hidden).map(e => e.card);
  return { lines: said.map(l => l.text), cards, bases, shown, seq: evs.length ? evs[evs.length - 1].seq : 0 };
}

function actorOf(evs) {
  for (const e of evs) if (e.kind === 'play' && e.player != null) return e.player;
  for (const e of evs) if (e.player != null) return e.player;
  return null;
}

// owners maps the cards on the table to their owners (where they go when they leave).
function owners(u) {
  const m = new Map();
  const t = u && u.table;
  if (!t) return m;
  const put = (c) => { if (c && c.owner != null) m.set(String(c.id), c.owner); for (const a of (c && c.attached) || []) put(a); };
  for (const b of t.bases) { for (const c of b.minions) put(c); for (const c of b.actions || []) put(c); }
  for (const c of t.hand || []) m.set(String(c.id), u.seat);
  return m;
}

function mergeLog(log, evs) {
  if (!evs.length) return log;
  const last = log.length ? log[log.length - 1].seq : 0;
  const out = log.concat(evs.filter(e => e.seq > last));
  return out.length > 600 ? out.slice(out.length - 600) : out;
}

// scorings are the bases that scored in evs: for each, its places sorted
// by rank, from the award events, with each player's power there as the
// table showed it just before.
function scorings(evs, shown, n) {
  const out = [];
  let awards = [];
  for (const e of evs) {
    if (e.kind === 'award') awards.push(e);
    if (e.kind !== 'scored') continue;
    const slot = e.base ? e.base.slot : -1;
    const mine = awards.filter(a => a.base && a.base.slot === slot);
    awards = awards.filter(a => !mine.includes(a));
    const b = shown && shown.table ? shown.table.bases.find(x => x.slot === slot) : null;
    const power = new Map((b ? b.players : []).map(p => [p.seat, p.power]));
    const rows = mine.map(a => ({ seat: a.player, place: a.place, vp: a.count || 0, power: power.get(a.player) }));
    for (const [seat, pw] of power) if (pw > 0 && !rows.some(r => r.seat === seat)) rows.push({ seat, place: 0, vp: 0, power: pw });
    rows.sort((x, y) => (x.place || 9) - (y.place || 9) || (y.power || 0) - (x.power || 0));
    for (const r of rows) r.tie = r.place > 0 && rows.filter(x => x.place === r.place).length > 1;
    const name = (e.base && e.base.name) || (b && b.card.name) || 'A base';
    out.push({ slot, name, rows, awards: mine, lines: rows.map(r => r.place ? line({ kind: 'award', player: r.seat, place: r.place, count: r.vp, base: e.base }, n) : '') });
  }
  return out;
}

// Awards are kept in this browser, by game and event number, so that the
// standings can say how many VP each player took at each base even when
// the update no longer carries the early events.
const awardsKey = (u) => `smashup.awards.${u.game}`;
export function awards(u) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(awardsKey(u))) || {}; } catch { /* storage off */ }
  for (const e of (u.events || [])) {
    if (e.kind === 'award') all[e.seq] = { player: e.player, base: e.base && e.base.name, vp: e.count || 0 };
    if (e.kind === 'vp') all[e.seq] = { player: e.player, base: null, vp: e.count || 0 }; // VP a card gave
  }
  return all;
}
function remember(u, list) {
  if (!list.length) return;
  const all = awards(u);
  for (const e of list) all[e.seq] = { player: e.player, base: e.base && e.base.name, vp: e.count || 0 };
  try { localStorage.setItem(awardsKey(u), JSON.stringify(all)); } catch { /* full or off */ }
}
export function rememberAll(u) {
  const all = awards(u);
  try { localStorage.setItem(awardsKey(u), JSON.stringify(all)); } catch { /* full or off */ }
}
