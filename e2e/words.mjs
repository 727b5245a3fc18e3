// The page's words, checked in headless Chromium without a server (issue
// 35, items 2 and 6): every event kind the log and the captions tell,
// written by internal/web/js/words.js for the seat it is about (second
// person: "You play Osebo", "Your turn begins") and for another seat
// (third person: "Ada plays Osebo"), compared with the golden table
// e2e/words-golden.json (UPDATE=1 writes it anew, to be read before it is
// committed). Rules checked on every line besides: never "(you)", never a
// third-person verb or possessive after "you"/"You" ("You plays", "You's"),
// a sentence; and where the event names a cause, the line names it.
// Usage: node words.mjs [ARTIFACT_DIR]    (no server needed: the page's
// files are served from internal/web by the test itself)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.join(here, '..', 'internal', 'web');
const goldenPath = path.join(here, 'words-golden.json');

// The seats: Ada (0) and Chris (1, whose name ends in s), and a seat the
// first game calls "You" (2).
const seats = [{ name: 'Ada', kind: 'human' }, { name: 'Chris', kind: 'human' }, { name: 'You', kind: 'human' }, { name: 'Computer', kind: 'easy' }];
const C = (id, name) => ({ id, key: name.toLowerCase().replace(/\W+/g, '_'), name });
const B = (slot, name) => ({ slot, key: name.toLowerCase().replace(/\W+/g, '_'), name });
const osebo = C(11, 'Osebo'), wolves = C(12, 'Summon Wolves'), servitor = C(13, 'Servitor of Cthulhu'), ninja = C(14, 'Ninja Master');
const laser = C(15, 'Laseratops'), turnip = B(0, 'Giant Turnip'), pits = B(1, 'Tar Pits'), hidden = { hidden: true };

// Every event kind told in words, about seat 0 (p: 0); "whom" is seat 1.
// A row with cause has its cause named in the line.
const EVENTS = [
  { kind: 'turn-start', player: 0 },
  { kind: 'play', player: 0, card: osebo, base: turnip },
  { kind: 'play', player: 0, card: wolves, on: osebo, base: turnip },
  { kind: 'play', player: 0, card: osebo, base: turnip, cause: ninja },
  { kind: 'placed', player: 0, card: osebo, base: turnip },
  { kind: 'placed', player: 0, card: osebo, base: turnip, cause: ninja },
  { kind: 'destroy', player: 0, card: servitor, base: turnip },
  { kind: 'destroy', player: 0, card: servitor, base: turnip, cause: ninja },
  { kind: 'destroy', player: 0, card: servitor, base: turnip, self: true },
  { kind: 'move', player: 0, card: osebo, from: turnip, base: pits, whom: 0 },
  { kind: 'move', player: 0, card: osebo, from: turnip, base: pits, cause: ninja },
  { kind: 'return', player: 0, card: osebo },
  { kind: 'return', player: 0, card: osebo, cause: ninja },
  { kind: 'discard', player: 0, card: laser },
  { kind: 'discard', player: 0, card: laser, cause: ninja },
  { kind: 'place', player: 0, card: laser, zone: 'deck-top', cause: ninja },
  { kind: 'place', player: 0, card: laser, zone: 'deck-bottom' },
  { kind: 'place', player: 0, card: laser, zone: 'hand', cause: ninja },
  { kind: 'place', player: 0, card: laser, zone: 'discard' },
  { kind: 'draw', player: 0, count: 2 },
  { kind: 'draw', player: 0, count: 1, cause: ninja },
  { kind: 'shuffle', player: 0 },
  { kind: 'counters', player: 0, card: osebo, count: 1, cause: wolves },
  { kind: 'counters', player: 0, card: osebo, count: -2, cause: ninja },
  { kind: 'counters', player: 0, card: wolves, count: 1, self: true },
  { kind: 'return', player: 0, card: osebo, self: true },
  { kind: 'discard', player: 0, card: laser, self: true },
  { kind: 'place', player: 0, card: laser, zone: 'deck-bottom', self: true },
  { kind: 'control', player: 0, card: servitor, whom: 1, cause: ninja },
  { kind: 'control-end', player: 0, card: servitor, whom: 1 },
  { kind: 'cancel', player: 0, card: wolves, cause: ninja },
  { kind: 'cancel', player: 0, card: wolves },
  { kind: 'reveal', player: 0, card: laser },
  { kind: 'reveal', player: 0, card: laser, cause: ninja },
  { kind: 'look', player: 0, whom: 1, card: laser },
  { kind: 'look', player: 0, whom: 1 },
  { kind: 'give', player: 0, card: laser, whom: 1, cause: ninja },
  { kind: 'take', player: 0, card: laser, zone: 'discard', cause: ninja },
  { kind: 'take', player: 0, card: laser, zone: 'deck' },
  { kind: 'take', player: 0, card: laser, zone: 'set-aside' },
  { kind: 'vp', player: 0, count: 1, cause: ninja },
  { kind: 'scoring', base: turnip },
  { kind: 'award', player: 0, place: 1, count: 4, base: turnip },
  { kind: 'award', player: 0, place: 3, base: turnip }, // 0 VP: count is left out of the JSON
  { kind: 'base-replaced', card: C(16, 'Tar Pits'), replaced: C(17, 'Giant Turnip'), base: pits },
  { kind: 'base-replaced', card: C(16, 'Tar Pits'), replaced: hidden, base: pits },
  { kind: 'note', player: 0, text: 'puts {} on top of their deck', cards: [laser] },
  { kind: 'note', player: 0, text: 'looks at the top card of their deck, {}, and keeps it there', cards: [laser] },
  { kind: 'note', text: 'Clash of the Titans: {} is set aside', cards: [laser] },
  { kind: 'draft', player: 0, text: 'Wizards' },
  { kind: 'game-over', winners: [0] },
  { kind: 'game-over', winners: [0, 1] },
  { kind: 'game-over', winners: [] },
  { kind: 'stand-in', player: 0 },
  { kind: 'back', player: 0 },
  { kind: 'invited-again', player: 0 },
];
// kinds whose player is not who acts nor whose card it is (the card's own line)
const NOT_SUBJECT = new Set(['placed', 'counters', 'move']);
// kinds the page never tells in words (bookkeeping): their line is ''
const SILENT = ['turn-end', 'phase', 'scored', 'asked'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
page.on('pageerror', (e) => { console.error('page error:', e.message); process.exitCode = 1; });
await page.route('http://words.test/**', (route) => {
  const p = new URL(route.request().url()).pathname;
  if (p === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>words</title>' });
  const f = path.join(webDir, p.replace(/^\/static\//, ''));
  if (!f.startsWith(webDir) || !fs.existsSync(f)) return route.fulfill({ status: 404, body: '' });
  return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(f) });
});
await page.goto('http://words.test/');
const got = await page.evaluate(async ({ EVENTS, SILENT, seats }) => {
  const w = await import('/static/js/words.js');
  const view = (me) => ({ seats, seat: me, spectator: me < 0 });
  const out = [];
  for (const [i, e] of EVENTS.entries()) {
    for (const [person, me] of [['second', 0], ['third', 1], ['spectator', -1]]) {
      const n = w.namer(view(me));
      const ls = w.lines([{ seq: i + 1, ...e }], n);
      out.push({ i, kind: e.kind, person, text: ls.length ? ls[0].text : '', caption: w.line(e, n) });
    }
  }
  // a seat named "You" (the lessons' first game), seen from itself and from the other seat
  for (const [person, me] of [['second (a seat named You)', 2], ['third (about a seat named You)', 3]]) {
    const n = w.namer(view(me));
    for (const e of [{ kind: 'play', player: 2, card: { id: 1, key: 'osebo', name: 'Osebo' }, base: { slot: 0, name: 'Giant Turnip' } }, { kind: 'turn-start', player: 2 }, { kind: 'give', player: 3, whom: 2, card: { id: 2, key: 'x', name: 'Laseratops' } }])
      out.push({ i: -1, kind: e.kind, person, text: w.lines([{ seq: 1, ...e }], n)[0].text, label: n.you(2) });
  }
  const silent = SILENT.map(k => ({ k, t: w.line({ kind: k, player: 0 }, w.namer(view(0))) })).filter(x => x.t);
  const labels = [0, 1, 2, 3].map(i => w.namer(view(0)).you(i)).concat([2, 3].map(i => w.namer(view(2)).you(i)));
  const kinds = [w.kindWord(seats[3], 'Computer', false), w.kindWord(seats[2], 'You', true), w.kindWord(seats[0], 'Ada', true)];
  return { out, silent, labels, kinds };
}, { EVENTS, SILENT, seats });

const bad = [];
for (const r of got.out) {
  const t = r.text;
  const where = `${r.kind} (${r.person}): "${t}"`;
  if (!t) { bad.push(`${where}: no line`); continue; }
  if (/\(you\)/i.test(t)) bad.push(`${where}: "(you)" in a line`);
  if (/\b[Yy]ou(?:'s| plays| draws| discards| takes| gains| is\b| has\b| looks| sees| puts| moves| reveals| shuffles| controls| drafts| wins)/.test(t)) bad.push(`${where}: a third-person verb or possessive after "you"`);
  if (/\btheir\b/.test(t) && r.person.startsWith('second')) bad.push(`${where}: "their" in a line about you`);
  if (!/^[A-Z]/.test(t) || !/[.!?]$/.test(t)) bad.push(`${where}: not a sentence`);
  if (/\b(undefined|null|NaN)\b|\[object/.test(t)) bad.push(`${where}: a programming value in a line`);
  if (r.person.startsWith('second') && r.i >= 0 && EVENTS[r.i].player === 0 && !NOT_SUBJECT.has(EVENTS[r.i].kind) && !/\b[Yy]ou(r)?\b/.test(t)) bad.push(`${where}: a line about the reader without "you" or "your"`);
  if (r.person === 'third' && /\byour?\b/i.test(t) && r.i >= 0 && EVENTS[r.i].whom !== 1 && !(EVENTS[r.i].winners || []).includes(1)) bad.push(`${where}: "you" in a line about another seat`);
  const e = r.i >= 0 ? EVENTS[r.i] : null;
  if (e && e.cause && !t.includes(e.cause.name)) bad.push(`${where}: the cause, ${e.cause.name}, is not named`);
  if (e && e.self && !/itself|its ability/.test(t)) bad.push(`${where}: a card's own doing does not say so`);
  if (e && e.kind === 'discard' && !e.cause && !e.self && !/hand limit/.test(t)) bad.push(`${where}: a discard by the rules does not say it is the hand limit`);
}
for (const s of got.silent) bad.push(`kind ${s.k} is told ("${s.t}"): it is bookkeeping`);
if (got.labels.some(l => /^you \(you\)$/i.test(l) || /computer \(computer\)/i.test(l))) bad.push(`a seat label shows a name twice: ${got.labels.join(', ')}`);
if (got.kinds[0] || got.kinds[1]) bad.push(`a seat's detail repeats its name: "${got.kinds[0]}" for Computer, "${got.kinds[1]}" for You`);

// the golden table: one line per event and person
const table = got.out.map(r => `${r.kind} | ${r.person} | ${r.text}`);
const labels = `labels: ${got.labels.join(' / ')}`;
if (process.env.UPDATE) {
  fs.writeFileSync(goldenPath, JSON.stringify({ labels, lines: table }, null, 1) + '\n');
  console.log(`wrote ${goldenPath}: ${table.length} lines`);
} else {
  const g = JSON.parse(fs.readFileSync(goldenPath, 'utf8'));
  if (g.labels !== labels) bad.push(`labels: got "${labels}", golden "${g.labels}"`);
  const n = Math.max(g.lines.length, table.length);
  for (let i = 0; i < n; i++) if (g.lines[i] !== table[i]) bad.push(`line ${i + 1}: got "${table[i]}", golden "${g.lines[i]}"`);
}
const art = process.argv[2];
if (art) { fs.mkdirSync(art, { recursive: true }); fs.writeFileSync(path.join(art, 'words.txt'), [labels, ...table].join('\n') + '\n'); }
await browser.close();
if (bad.length) { console.error(`FAIL words: ${bad.length} problem(s):\n  ${bad.join('\n  ')}`); process.exit(1); }
console.log(`PASS words: ${EVENTS.length} events of ${new Set(EVENTS.map(e => e.kind)).size} kinds, each in the second and the third person and for a spectator (${table.length} lines, as the golden table); causes named; ${labels}`);
