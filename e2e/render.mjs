// The page's render time at 4 players (issue 35, item 8), on its own: a
// 4-player game (one person, three computers; the table test's seed and
// factions) at 1366x768, the person's answers sent straight to the server
// (seeded choices, no clicks and no checks in the page), so that all the
// page does is draw what arrives. Reports from the page's own timing
// (game.js: window.__render) the median, p90 and worst of its work per
// update (drawing + the frame's style, layout and paint) and of the time
// from arrival to the painted frame; with TRACE=1 also a Chromium
// performance trace of the game (ARTIFACT_DIR/render-trace.json) and the
// main thread's time by kind of work (style, layout, paint, script).
// Usage: node render.mjs BASE_URL ARTIFACT_DIR   (DECISIONS=N stops after N of the person's decisions; WIDTH, HEIGHT)
import { chromium } from 'playwright-core';
import fs from 'node:fs';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const out = process.argv[3] || 'artifacts';
fs.mkdirSync(out, { recursive: true });
const limit = +(process.env.DECISIONS || 1e9);
const vp = { width: +(process.env.WIDTH || 1366), height: +(process.env.HEIGHT || 768) };

const r0 = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seats: ['human', 'ai', 'ai', 'ai'], factions: [['Wizards', 'Zombies'], ['Robots', 'Tricksters'], ['Aliens', 'Ninjas'], ['Dinosaurs', 'Pirates']], seed: 4104 }) });
const g = await r0.json();
if (!r0.ok) throw new Error(JSON.stringify(g));
const token = new URL(g.links[0], base).searchParams.get('t');
const api = (path, body) => fetch(`${base}/api/games/${g.id}${path}`, { method: body ? 'POST' : 'GET', headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) }).then(r => r.json());

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: vp });
await ctx.addInitScript(() => localStorage.setItem('smashup.speed', 'instant'));
const page = await ctx.newPage();
page.on('pageerror', (e) => console.error('page error:', e.message));
await page.goto(base + g.links[0]);
await page.waitForSelector('section[data-slot]');
const trace = !!process.env.TRACE;
if (trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink', 'v8'] });

let x = 4104;
const rnd = () => { x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
const t0 = Date.now();
let decisions = 0;
for (;;) {
  if (Date.now() - t0 > 400000) throw new Error('the game did not end in 400 s');
  // the page has caught up and it is the person's turn to answer (or the game is over)
  await page.waitForFunction(() => ['mine', 'over'].includes(document.body.dataset.state) && document.body.dataset.busy !== '1', null, { timeout: 60000, polling: 50 });
  const u = await api('');
  if (u.table && u.table.over) break;
  const d = u.decision;
  if (!d || !d.mine || String(u.move) !== await page.evaluate(() => document.body.dataset.move)) { await page.waitForTimeout(50); continue; }
  if (decisions++ >= limit) break;
  // a seeded choice, passing less often than playing
  const os = d.options;
  const plays = os.filter(o => o.kind !== 'pass');
  const o = plays.length && rnd() < 0.85 ? plays[Math.floor(rnd() * plays.length)] : os[Math.floor(rnd() * os.length)];
  const body = { move: u.move, option: o.index };
  if (o.then) body.then = [o.then.options[Math.floor(rnd() * o.then.options.length)].index];
  await api('/move', body);
  await page.waitForFunction((m) => document.body.dataset.move !== m, String(u.move), { timeout: 30000, polling: 20 }).catch(() => {});
}
const all = await page.evaluate(() => window.__render || []);
const q = (xs, f) => { const ys = xs.slice().sort((a, b) => a - b); return ys[Math.min(ys.length - 1, Math.floor(f * ys.length))]; };
const f1 = (v) => v.toFixed(1);
const stats = (xs) => `median ${f1(q(xs, 0.5))} ms, p90 ${f1(q(xs, 0.9))} ms, worst ${f1(Math.max(...xs))} ms`;
const dr = all.map(a => a.draw), frame = all.map(a => Math.max(0, a.ms - (a.raf || 0)));
const work = all.map((a, i) => dr[i] + frame[i]);
const text = `${all.length} updates, ${decisions} decisions of the person: the page's work ${stats(work)}; drawing alone ${stats(dr)}; the frame alone ${stats(frame)}; from arrival to the painted frame ${stats(all.map(a => a.ms))}`;
console.log('RENDER', text);
fs.writeFileSync(`${out}/render-4p-alone.txt`, text + '\n');
if (trace) {
  const buf = await browser.stopTracing();
  fs.writeFileSync(`${out}/render-trace.json`, buf);
  const ev = JSON.parse(buf.toString()).traceEvents || [];
  // the renderer's main thread: the thread that ran the page's scripts
  const main = ev.find(e => e.name === 'FunctionCall' || e.name === 'EvaluateScript');
  const on = ev.filter(e => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  const by = {};
  for (const e of on) by[e.name] = (by[e.name] || 0) + e.dur / 1000;
  const kinds = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'HitTest', 'FunctionCall', 'EvaluateScript', 'v8.run', 'MajorGC', 'MinorGC', 'ParseHTML', 'RunTask'];
  const line = kinds.filter(k => by[k]).map(k => `${k} ${by[k].toFixed(0)} ms`).join(', ');
  console.log('TRACE main thread:', line);
  fs.writeFileSync(`${out}/render-trace.txt`, line + '\n');
}
await browser.close();
