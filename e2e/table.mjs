// The table, proven in a real browser (issue 21, part 3). Headless Chromium
// plays games by clicking the table as a person would, with seeded random
// choices (the same clicks on the same table):
//   1. a whole 2-player game against the computer at 1366x768: the first
//      computer turn at `normal` speed (each move captioned on its own for
//      about a second), Skip once, then `fast`, then `instant`;
//   2. the first 24 decisions of a 3-player game at 1366x768 (four bases),
//      with "Ask me in every Me First window" ticked in Settings;
//   3. a whole 4-player game (one person, three computers) at 1366x768;
//   4. a whole game between two people at 390x844 (touch), and a spectator;
//   5. pass and play: two people and a computer at one 390x844 screen, made
//      in the lobby, its first 40 decisions with every hand-over checked.
// At every decision of a person: every base's name, total and breakpoint
// are visible and not covered; every target is visible and not covered
// (scrolled into view inside its own scroll container, never by scrolling
// the page: never behind the hand); with default settings a `window`
// decision offers something besides pass (the server passes for a person
// who holds nothing playable); the tab title says "Your turn" exactly when
// data-state=mine; a selected hand card has .selected and a #cancel; ending
// the Play Cards phase asks first when plays are left, the first time in a
// game only; a scoring overlay closes by itself; the share of clicks that
// carry no choice is measured (2p: under 10%). Once per
// game and person: Escape, #cancel and a second click each deselect a card.
// Per game: the log's lines are sentences; #gameover offers #rematch and a
// #replay-link that downloads; axe-core finds no serious or critical
// violation at mid-game and at game over. A self-test first proves that the
// layout check sees a panel put over the table.
// Layout and axe-core problems are each reported once (with a screenshot)
// and fail the run at the end; a broken game fails at once. Screenshots:
// ARTIFACT_DIR/table-{2p,3p,4p}-1366-{mid,scoring,over}.png,
// table-2p-390-{mid,scoring,over}.png, table-2p-390-spectator-*.png.
//   6. a hint (part 'hint'): one asked with the keyboard at the person's first
//      Play Cards phase against the hard computer: its line, one element lit,
//      the lit card and its lit follow-up target make the move.
//   7. the review (part 'review'): a finished game of two computers, watched:
//      the game-over screen's graph (one line a player, its axes) and its
//      swings, a click on one opening the replay there; at 390x844 too. The
//      2-player game of part 1 checks its review as the person's: their own
//      swings listed first.
//   4b. whole 3- and 4-player games on a 390x844 phone by tapping (parts
//      'phone3', 'phone4'): at every decision the fit of every minion and
//      every tap target in sight at least 44 px; the share of taps that
//      choose nothing; table-{3p,4p}-390-{mid,selected,scoring,over}.png.
// Usage: node table.mjs BASE_URL ARTIFACT_DIR   (ONLY=2p,3p,4p,phone,phone3,phone4,pnp,hint,review,fit runs some)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { tableCheck, logCheck, fitCheck, tapCheck } from './lib/layout.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const out = process.argv[3] || 'artifacts';
fs.mkdirSync(out, { recursive: true });
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const LAPTOP = { width: 1366, height: 768 }, PHONE = { width: 390, height: 844 };
const started = Date.now();
const secs = (t0) => ((Date.now() - t0) / 1000).toFixed(1);
const DEBUG = !!process.env.DEBUG;
const only = process.env.ONLY ? process.env.ONLY.split(',') : null; // e.g. ONLY=2p,phone

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

class Failure extends Error {}
const pages = new Set(); // open pages, shot on failure
const pageErrors = [];
const notes = new Set(); // what is not a failure but worth a look
const note = (s) => { if (!notes.has(s)) { notes.add(s); console.log('NOTE', s); } };
// problems are failures that do not stop the game (layout, axe-core): each
// kind is told (and shot) once, and the run fails at the end.
const problems = new Map(); // kind -> {msg, count, shot}
async function problem(page, tag, msg) {
  const kind = tag.replace(/ \(.*\)$/, '') + ': ' + msg.replace(/\d+/g, '#').replace(/"[^"]*"/g, '"…"').slice(0, 160);
  const p = problems.get(kind);
  if (p) { p.count++; return; }
  const name = `table-problem-${problems.size + 1}`;
  await page.screenshot({ path: `${out}/${name}.png` }).catch(() => {});
  problems.set(kind, { msg: `${tag}: ${msg}`, count: 1, shot: `${out}/${name}.png` });
  console.log(`PROBLEM ${tag}: ${msg} (screenshot ${out}/${name}.png)`);
}

function rng(seed) { let x = (seed >>> 0) || 1; return () => { x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; }; }
const pick = (r, xs) => xs[Math.floor(r() * xs.length)];

// ---------- the server ----------
async function createGame(req) {
  const r = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) });
  const j = await r.json();
  if (!r.ok) throw new Failure(`POST /api/games ${JSON.stringify(req)}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}
const tokenOf = (link) => new URL(link, base).searchParams.get('t');
async function update(game, token) {
  const r = await fetch(`${base}/api/games/${game}`, { headers: { Authorization: 'Bearer ' + token } });
  if (!r.ok) throw new Failure(`GET /api/games/${game}: ${r.status}`);
  return r.json();
}

// ---------- pages ----------
async function newPage(viewport, speed, phone = false) {
  const ctx = await browser.newContext(phone ? { viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } : { viewport });
  await ctx.addInitScript((s) => { if (!sessionStorage.getItem('e2e.speed')) { localStorage.setItem('smashup.speed', s); sessionStorage.setItem('e2e.speed', '1'); } }, speed);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => { pageErrors.push(e.message); console.error('page error:', e.message); });
  pages.add(page);
  return page;
}
async function closePage(page) { pages.delete(page); await page.context().close(); }

async function axe(page, what) {
  await page.mouse.move(2, 2).catch(() => {});
  await page.addScriptTag({ path: axePath });
  const res = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ')) })));
  fs.writeFileSync(`${out}/axe-table-${what}.json`, JSON.stringify(res, null, 2));
  const bad = res.filter(v => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) await problem(page, 'axe-core', `${v.impact} violation ${v.id} on ${what} (${v.help}): ${v.nodes.join(', ')}`);
  if (!bad.length) console.log(`  axe-core on ${what}: no serious or critical violation (${res.length} lesser: ${res.map(v => v.id).join(', ') || 'none'})`);
}

async function shot(page, name) {
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`  screenshot ${out}/${name}.png`);
}

// look is what the page shows, read at once (one evaluate): its hooks, its
// dialogs, and when the decision is the person's, what is lit to click.
const look = (page) => page.evaluate(() => {
  const b = document.body.dataset;
  const vis = (id) => { const e = document.getElementById(id); return !!(e && !e.hidden && e.getClientRects().length); };
  const sel = document.querySelector('.selected[data-target]:not(.ghost-card)');
  const s = {
    state: b.state, move: b.move, decision: b.decision || '', busy: b.busy === '1', sending: b.sending === '1',
    title: document.title, selected: sel ? sel.dataset.target : '', cancel: vis('cancel'),
    overlay: vis('overlay'), gameover: vis('gameover'), confirm: vis('confirm-end'), menu: vis('menu'), pile: vis('pile'),
    err: (document.getElementById('err') || {}).textContent || '', tip: vis('tip'),
    moving: !!document.querySelector('.ghost-card') || document.getAnimations().some(a => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity),
    targets: [], bar: [],
  };
  if (s.state === 'mine') {
    s.targets = [...document.querySelectorAll('[data-target].target:not(.ghost-card)')].map(e => ({ key: e.dataset.target, hand: !!e.closest('#hand'), pile: !!e.closest('#pile'), sel: e.classList.contains('selected'), act: e.dataset.act || '' }));
    s.bar = [...document.querySelectorAll('#bar button[data-opt]:not([data-whole])')].map(e => ({ opt: e.dataset.opt, path: e.dataset.path || '', text: e.textContent.trim() }));
  }
  return s;
});
const state = look;

// ---------- a person at the table ----------
let selfTested = false;
// A Player is one seat played through one page by clicking.
class Player {
  constructor(page, tag, game, link, seed, opts = {}) {
    Object.assign(this, { page, tag, game, token: tokenOf(link), link, r: rng(seed), touch: !!opts.touch, fit: !!opts.fit, shots: opts.shots || tag });
    this.stats = { passOnly: 0, decisions: 0, clicks: 0, selects: 0, commits: 0, bar: 0, list: 0, overlays: 0, window: 0, confirm: 0, menu: 0, pile: 0, switches: 0, noChoice: 0, doubles: 0, autoEnds: 0, checkClicks: 0 };
    this.noChoiceWhy = {}; // what the clicks that carried no choice were
    this.did = {}; // once-per-game checks done
    this.checked = ''; // the decision (move, selection) last checked
    this.maxTargets = 0;
    this.time = { check: 0, act: 0, wait: 0 };
    this.idle = {};
    this.misses = 0;
  }
  where() { return `${this.tag}, move ${this.lastMove ?? '?'}`; }
  async fail(msg) {
    const name = `table-fail-${this.shots}`;
    await this.page.screenshot({ path: `${out}/${name}.png` }).catch(() => {});
    throw new Failure(`${this.where()}: ${msg} (screenshot ${out}/${name}.png)`);
  }
  target(key) { return this.page.locator(`[data-target="${key}"]:not(.ghost-card)`).first(); }
  button(b) { return this.page.locator(b.path ? `#bar button[data-path="${b.path}"]:not([data-whole])` : `#bar button[data-opt="${b.opt}"]:not([data-whole])`).first(); }

  // click clicks (taps, on a touch screen) as a person does: Playwright
  // waits until the element is visible, still and not covered. noChoice
  // names a click that chooses nothing (a confirmation, a button that
  // repeats the card just selected, opening a list): the share of those is
  // measured (issue 35: under 10% of a whole game's clicks). A double click
  // is one gesture.
  async click(loc, what, { noChoice = '', double = false } = {}) {
    this.stats.clicks++;
    if (noChoice) { this.stats.noChoice++; this.noChoiceWhy[noChoice] = (this.noChoiceWhy[noChoice] || 0) + 1; }
    const t0 = Date.now();
    try {
      if (double && this.touch) await this.doubleTap(loc);
      else if (double) await loc.dblclick({ timeout: 4000 });
      else if (this.touch) await loc.tap({ timeout: 4000 });
      else await loc.click({ timeout: 4000 });
    } catch (e) {
      this.stats.clicks--;
      if (noChoice) { this.stats.noChoice--; this.noChoiceWhy[noChoice]--; }
      if (++this.misses > 25) await this.fail(`25 clicks in a row failed; the last, on ${what}: ${String(e).split('\n')[0]}`);
      if (DEBUG) console.log(`  ${this.tag} m${this.lastMove} click ${what} FAILED in ${Date.now() - t0} ms: ${String(e).split('\n')[0]}`);
      return false; // redrawn under us: look again
    }
    this.misses = 0;
    if (DEBUG) console.log(`  ${this.tag} m${this.lastMove} click ${what} in ${Date.now() - t0} ms`);
    return true;
  }

  // step does one thing the person would do now: 'over', 'wait' or what it did.
  async step() {
    const p = this.page;
    const s = await look(p);
    this.lastMove = s.move;
    const yourTurn = /your turn/i.test(s.title);
    if (yourTurn && s.state !== 'mine') await this.fail(`the tab title is "${s.title}" while data-state=${s.state}`);
    if (!yourTurn && s.state === 'mine' && !s.selected) await problem(p, this.tag, `the tab title is "${s.title}" at a ${s.decision} decision of mine (data-state=mine)`);
    if (s.overlay && !s.gameover) {
      // the scoring overlay closes by itself: a person waits (a click would choose nothing)
      if (!this.did.scoringShot) { this.did.scoringShot = true; await shot(p, `table-${this.shots}-scoring`); }
      if (!this.overlaySince) { this.overlaySince = Date.now(); this.stats.overlays++; }
      if (Date.now() - this.overlaySince > 9000) await this.fail('the scoring overlay stayed 9 s without closing by itself');
      this.why = 'overlay';
      return 'wait';
    }
    this.overlaySince = 0;
    if (s.state === 'over') return 'over';
    this.why = s.busy ? 'busy' : s.sending ? 'sending' : s.state === 'wait' ? 'wait' : s.state;
    if (s.state !== 'mine') return 'wait';
    this.why = 'moving';
    if (s.err) note(`${this.where()}: the page shows an error: ${s.err}`);
    if (s.confirm) return this.confirmEnd();
    if (s.menu) {
      const n = await p.locator('#menu button[data-path]').count();
      if (!n) await this.fail('a #menu with no [data-path] button');
      this.stats.menu++;
      return await this.commitBy({ loc: p.locator('#menu button[data-path]').nth(Math.floor(this.r() * n)), what: 'a #menu item' }) ? 'menu' : 'wait';
    }
    if (s.pile) {
      const ts = s.targets.filter(t => t.pile);
      if (ts.length) { const t = pick(this.r, ts); return await this.commitBy({ loc: this.target(t.key), what: `${t.key} in #pile` }) ? 'pile' : 'wait'; }
      await this.click(p.locator('#pile [data-pile-close]').first(), 'close #pile', { noChoice: 'closing a pile' });
      return 'pile';
    }
    // a decision of mine, on screen: check the table once per (move, selection)
    const key = `${s.move}:${s.selected}`;
    if (key !== this.checked) {
      this.checked = key;
      const tc = Date.now();
      const bad = await this.check(s);
      this.time.check += Date.now() - tc;
      if (bad === 'stale') { this.checked = ''; return 'wait'; }
      if (!s.selected) this.stats.decisions++;
    }
    return this.choose(s);
  }

  // check runs the checks of a decision on screen.
  async check(s) {
    const p = this.page;
    // a mouse rests where the person looks next: away from the table
    const [u] = await Promise.all([update(this.game, this.token), this.touch ? null : p.mouse.move(2, 2)]);
    if (String(u.move) !== s.move) return 'stale'; // the page is behind (an update on its way)
    const d = u.decision;
    this.u = u;
    if (!d || !d.mine) await this.fail(`data-state=mine but the server's decision is not this seat's: ${JSON.stringify(d && { kind: d.kind, player: d.player })}`);
    if (d.kind !== s.decision) await this.fail(`data-decision=${s.decision} but the decision is a ${d.kind}`);
    if (d.kind === 'window' && d.options.every(o => o.kind === 'pass')) {
      if (!(u.settings && u.settings.ask_every_window)) await this.fail(`asked in a Me First window where the only option is to pass ("${d.prompt}"), with default settings`);
      this.stats.passOnly++;
    }
    if (this.touch && s.tip) await problem(p, this.tag, 'a tooltip (#tip) is shown on a touch screen at a decision');
    if (!selfTested && s.targets.length) await this.selfTest();
    let r = await p.evaluate(tableCheck, { bases: u.table ? u.table.bases.length : null });
    if (r.probs.length && r.moving) {
      // cards still travelling after the person's own move: look again once they have landed
      const still = await p.waitForFunction(() => !document.querySelector('.ghost-card') && document.getAnimations().every(a =>
        a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity), null, { timeout: 3000, polling: 50 }).then(() => true, () => false);
      if (!still) note(`${this.tag}: cards were still moving 3 s after a decision was shown`);
      r = await p.evaluate(tableCheck, { bases: u.table ? u.table.bases.length : null });
    }
    for (const n of r.notes) note(`${this.tag}: ${n}`);
    for (const x of r.probs) await problem(p, this.tag, `at a ${d.kind} decision ("${d.prompt}"), move ${s.move}: ${x}`);
    if (this.fit) {
      // the fit of every minion and attached card, and on a phone every tap target's size, at every decision
      // (a choice among cards shown apart, the tray, or among three or more answers in words may take
      // the dock to 40% on a phone: the answers must be shown; the bases' heads are checked above)
      const tall = await p.evaluate(() => !!document.querySelector('#tray .target') || document.querySelectorAll('#buttons button[data-opt]').length >= 3);
      const f = await p.evaluate(fitCheck, { phone: this.touch, texts: !this.touch, dock: tall ? 0.40 : 0.35 });
      for (const x of f.probs) await problem(p, this.tag, `at a ${d.kind} decision${s.selected ? ' (a card selected)' : ''}: ${x}`);
      this.fitted = (this.fitted || 0) + 1;
      if (this.touch) {
        const t = await p.evaluate(tapCheck);
        for (const x of t.probs) await problem(p, this.tag, `at a ${d.kind} decision${s.selected ? ' (a card selected)' : ''}: ${x}`);
        this.taps = (this.taps || 0) + t.n;
        this.infoTaps = (this.infoTaps || 0) + t.info;
        this.smallInfoTaps = (this.smallInfoTaps || 0) + t.smallInfo;
      }
    }
    this.maxTargets = Math.max(this.maxTargets, r.targets);
    const passIdx = String(d.options.findIndex(o => o.kind === 'pass'));
    if (d.kind === 'window' && !s.targets.length && s.bar.every(b => b.opt === passIdx) && !(u.settings && u.settings.ask_every_window))
      await this.fail(`a Me First window whose bar offers only pass and nothing lit on the table ("${d.prompt}")`);
    if (!s.targets.length && !s.bar.length) note(`${this.tag}: a ${d.kind} decision ("${d.prompt}") with nothing lit on the table nor in the bar; options ${d.options.map(o => o.kind).join(',')}`);
    if (d.kind === 'main' && !s.selected && !this.did.turnLine) {
      this.did.turnLine = true;
      const t = await p.textContent('#turn').catch(() => '');
      if (!/left/.test(t || '')) note(`${this.tag}: on my turn the bar does not say what is left to play ("${t}")`);
    }
    return '';
  }

  // selfTest: the layout check must see a base name and a target covered
  // (a panel put over the table and the hand for a moment), else it proves nothing.
  async selfTest() {
    selfTested = true;
    const r = await this.page.evaluate(([fn, bases]) => {
      const d = document.createElement('div');
      d.style.cssText = 'position:fixed;inset:0;z-index:99999;background:rgba(0,0,0,.01)';
      document.body.appendChild(d);
      try { return (0, eval)(`(${fn})`)({ bases }); } finally { d.remove(); }
    }, [tableCheck.toString(), null]);
    const names = r.probs.filter(x => /the name of base .* is covered/.test(x)).length;
    const targets = r.probs.filter(x => /^target .* is covered/.test(x)).length;
    if (!names || !targets) throw new Failure(`self-test: the layout check did not see a panel covering the table (${names} base names and ${targets} targets reported covered)`);
    console.log(`  self-test: the layout check sees a panel over the table (${names} base names, ${targets} targets covered)`);
  }

  // choose clicks one of the lit targets or buttons, with the fewest
  // gestures the page offers: a targetless card is played by a double
  // click, a card of the hand chosen as an answer by one click, a phase
  // with nothing to play is left to end by itself.
  async choose(s) {
    const p = this.page, r = this.r;
    const d = this.u.decision;
    const passIdx = String(d.options.findIndex(o => o.kind === 'pass'));
    const lit = s.targets.filter(t => !t.sel);
    const inHand = lit.filter(t => t.hand), onTable = lit.filter(t => !t.hand);
    const tgt = (t) => ({ loc: this.target(t.key), what: t.key, hand: t.hand, act: t.act, noChoice: t.key.startsWith('pile:') ? 'opening a discard pile' : '' });
    const btn = (b) => ({ loc: this.button(b), what: `button ${b.path || b.opt} "${b.text}"`, bar: true });
    if (s.selected) {
      // a card is selected: its follow-up targets, or the bar's answers
      if (!s.cancel) await this.fail(`card ${s.selected} is selected but there is no #cancel`);
      if (await this.deselectChecks(s)) return 'checks';
      if (inHand.length && r() < 0.06) { this.stats.switches++; return this.select(pick(r, inHand).key); }
      const follow = [...onTable.map(tgt), ...s.bar.map(btn)];
      if (!follow.length) await this.fail(`card ${s.selected} is selected but nothing is lit to complete its move`);
      const c = pick(r, follow);
      if (follow.length === 1 && c.bar) c.noChoice = 'a button repeating the card just selected';
      return await this.commitBy(c) ? 'commit' : 'wait';
    }
    if (d.kind === 'main') {
      if (d.options.every(o => o.kind === 'pass')) {
        // nothing to play: the phase ends by itself after a moment
        if (this.autoAt !== s.move) { this.autoAt = s.move; this.autoSince = Date.now(); }
        if (Date.now() - this.autoSince > 6000) await this.fail('a Play Cards phase with nothing to play did not end by itself in 6 s');
        this.why = 'auto-end';
        return 'wait';
      }
      const x = r();
      const pass = s.bar.find(b => b.opt === passIdx);
      if (inHand.length && (x < 0.8 || !pass)) {
        const t = pick(r, inHand);
        if (this.targetless(t.key)) return this.playAtOnce(t.key);
        return this.select(t.key);
      }
      if (onTable.length && (x < 0.9 || !pass)) return await this.commitBy(tgt(pick(r, onTable))) ? 'commit' : 'wait';
      if (!pass) await this.fail('a main decision with no button to end the phase and nothing lit to play');
      return await this.commitBy(btn(pass), true) ? 'pass' : 'wait';
    }
    // choice, window, draft: anything lit
    const all = [...lit.map(tgt), ...s.bar.map(btn)];
    if (all.length) {
      const c = pick(r, all);
      if (d.kind === 'window') this.stats.window++;
      if (c.hand && c.act === 'select') return this.targetless(c.what) ? this.playAtOnce(c.what) : this.select(c.what);
      return await this.commitBy(c) ? 'commit' : 'wait';
    }
    // nothing on the table nor in the bar: the list of every choice
    if (!(await p.$('#optlist'))) await this.click(p.locator('#btn-opts'), '#btn-opts', { noChoice: 'opening the list of every choice' });
    const n = await p.locator('#optlist button[data-path]').count();
    if (!n) await this.fail(`a ${d.kind} decision ("${d.prompt}") with nothing to click at all`);
    this.stats.list++;
    note(`${this.tag}: a ${d.kind} decision ("${d.prompt}") answered from "All choices": nothing was lit on the table`);
    return await this.commitBy({ loc: p.locator('#optlist button[data-path]').nth(Math.floor(r() * n)), what: 'an item of #optlist' }) ? 'list' : 'wait';
  }

  // doubleTap taps loc twice where a finger would, about a tenth of a
  // second apart: the first tap as Playwright's (the card in sight, still
  // and uncovered), the second at the same point, wherever the card has
  // gone meanwhile (a person does not aim again).
  async doubleTap(loc) {
    await loc.scrollIntoViewIfNeeded({ timeout: 4000 });
    const b = await loc.boundingBox();
    if (!b) throw new Error('no box to double-tap');
    await loc.tap({ timeout: 4000 });
    await this.page.waitForTimeout(110);
    await this.page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
  }

  // targetless reports a hand card whose every option is played without a
  // target (no base, no follow-up): a double click (a double tap on a touch
  // screen) plays it.
  targetless(key) {
    if (!key.startsWith('card:')) return false;
    const id = +key.slice(5);
    const os = this.u.decision.options.filter(o => o.target && o.target.where === 'hand' && o.target.card === id);
    return os.length === 1 && !os[0].then && os[0].base == null;
  }

  // playAtOnce double-clicks (double-taps) a targetless card: the move is
  // made, the card is not left selected.
  async playAtOnce(key) {
    this.stats.doubles++;
    const at = await this.page.evaluate(() => document.body.dataset.move);
    const what = `${this.touch ? 'double tap' : 'double click'} on ${key}`;
    if (!(await this.commitBy({ loc: this.target(key), what, double: true }))) return 'wait';
    const made = await this.page.waitForFunction((at) => document.body.dataset.move !== at || document.body.dataset.sending === '1' || document.getElementById('confirm-end') || (document.getElementById('err') || {}).textContent,
      at, { timeout: 3000, polling: 30 }).then(() => true, () => false);
    if (!made) await problem(this.page, this.tag, `a ${what} (a card whose play needs nothing more) did not make the move: ${(await look(this.page)).selected ? 'the card is left selected' : 'nothing happened'}`);
    return 'commit';
  }

  // select clicks a hand card: it must get .selected and light its follow-ups.
  async select(key) {
    if (!(await this.click(this.target(key), `select ${key}`))) return 'wait';
    const ok = await this.page.waitForFunction((k) => {
      const e = document.querySelector(`[data-target="${k}"]:not(.ghost-card)`);
      return (e && e.classList.contains('selected')) || document.body.dataset.state !== 'mine' || document.getElementById('menu');
    }, key, { timeout: 3000, polling: 30 }).then(() => true, () => false);
    if (!ok) await this.fail(`clicking hand card ${key} did not select it (no class "selected")`);
    this.stats.selects++;
    return 'select';
  }

  // deselectChecks: once per game, Escape, the Cancel button and a second
  // click each deselect the card (it is selected again after each).
  async deselectChecks(s) {
    const p = this.page;
    const k = s.selected;
    if (this.did.reclick || !k.startsWith('card:') || !s.targets.some(t => t.sel && t.hand)) return false;
    const gone = () => p.waitForFunction(() => !document.querySelector('.selected:not(.ghost-card)') && !document.getElementById('cancel'), null, { timeout: 2000, polling: 30 }).then(() => true, () => false);
    this.did.escape = this.did.cancel = this.did.reclick = true;
    const c0 = this.stats.clicks, s0 = this.stats.selects; // the checks' clicks are not the person's play
    await p.keyboard.press('Escape');
    if (!(await gone())) await this.fail(`Escape did not deselect ${k}`);
    await this.select(k);
    await this.click(p.locator('#cancel'), '#cancel');
    if (!(await gone())) await this.fail(`#cancel did not deselect ${k}`);
    await this.select(k);
    // a while later (a quick second tap is a double tap, which may play the card)
    await p.waitForTimeout(600);
    await this.click(this.target(k), `${k} again`);
    if (!(await gone())) await this.fail(`clicking the selected ${k} again did not deselect it`);
    console.log(`  ${this.tag}: Escape, #cancel and a second click each deselect a hand card`);
    this.stats.checkClicks += this.stats.clicks - c0;
    this.stats.clicks = c0; this.stats.selects = s0;
    return true;
  }

  // commitBy clicks c (a target or a button) that answers, or opens a
  // menu, a pile, a question, or selects, and waits for the page to react.
  async commitBy(c, endPhase = false) {
    const p = this.page;
    const before = await p.evaluate(() => [document.body.dataset.move, document.body.dataset.state, (document.querySelector('.selected') || { dataset: {} }).dataset.target || ''].join('|'));
    if (!(await this.click(c.loc, c.what, { noChoice: c.noChoice || '', double: !!c.double }))) return false;
    this.stats.commits++;
    if (c.bar) this.stats.bar++;
    const changed = await p.waitForFunction((b) => {
      const now = [document.body.dataset.move, document.body.dataset.state, (document.querySelector('.selected') || { dataset: {} }).dataset.target || ''].join('|');
      return now !== b || document.body.dataset.sending === '1' || document.getElementById('confirm-end') || document.getElementById('menu') || document.getElementById('pile') || (document.getElementById('err') || {}).textContent;
    }, before, { timeout: 6000, polling: 30 }).then(() => true, () => false);
    if (!changed) await this.fail(`clicking ${c.what} changed nothing in 6 s`);
    if (endPhase) {
      // ending the phase with plays left asks first
      const pl = this.u.table.players[this.u.seat];
      const left = this.u.decision.options.some(o => o.kind === 'play') && (pl.minions || pl.actions || pl.extras);
      const asked = !!(await p.$('#confirm-end'));
      // asked the first time in a game only
      if (left && !asked && !this.did.endAsked) await this.fail(`ending the phase with ${pl.minions} minion(s) and ${pl.actions} action(s) left did not ask first (#confirm-end)`);
      if (left && asked && this.did.endAsked) await this.fail('ending the phase with plays left asked again, after the first time in this game');
      if (left && asked) this.did.endAsked = true;
      if (!left && asked) await this.fail('ending the phase with nothing left to play asked "are you sure"');
    }
    return true;
  }

  async confirmEnd() {
    const p = this.page;
    const text = await p.textContent('#confirm-end');
    if (!/\d/.test(text)) note(`${this.tag}: #confirm-end does not say what is left: "${text.trim()}"`);
    this.stats.confirm++;
    const yes = !this.did.confirmNo ? false : this.r() < 0.85;
    this.did.confirmNo = true;
    const b = p.locator(`#confirm-end [data-confirm=${yes ? 'yes' : 'no'}]`);
    if (!(await b.count())) await this.fail(`#confirm-end has no [data-confirm=${yes ? 'yes' : 'no'}] button`);
    await this.click(b, `#confirm-end ${yes ? 'yes' : 'no'}`, { noChoice: 'confirming the end of the phase' });
    await p.waitForFunction(() => !document.getElementById('confirm-end'), null, { timeout: 3000 }).catch(() => this.fail('#confirm-end stays after an answer'));
    return 'confirm';
  }

  // gameOver: the end of a game, checked.
  async gameOver(spectator = false) {
    const p = this.page;
    const ok = await p.waitForSelector('#gameover', { timeout: 20000 }).then(() => true, () => false);
    if (!ok) await this.fail('the game is over but #gameover does not appear');
    await p.waitForTimeout(200);
    if (!spectator && !(await p.$('#gameover #rematch'))) await this.fail('#gameover has no #rematch');
    const link = await p.$('#gameover #replay-link');
    if (!link) await this.fail('#gameover has no #replay-link');
    // its buttons in sight: at once, or after scrolling the dialog
    const seen = await p.evaluate(() => ['rematch', 'replay-link'].map(id => {
      const e = document.getElementById(id);
      if (!e) return '';
      const hit = () => { const r = e.getBoundingClientRect(); const h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return r.width > 0 && r.bottom <= innerHeight && h && (e.contains(h) || h.contains(e)); };
      const now = hit();
      e.scrollIntoView({ block: 'nearest' });
      const doc = document.scrollingElement.scrollTop;
      return now ? '' : hit() && !doc ? `#${id} is cut off until the dialog is scrolled` : `#${id} cannot be seen, even by scrolling the dialog`;
    }).filter(Boolean));
    for (const x of seen) {
      if (/cannot/.test(x)) await problem(p, this.tag, `at game over, ${x}`);
      else note(`${this.tag}: at game over, ${x} (${p.viewportSize().width}x${p.viewportSize().height})`);
    }
    const href = await link.getAttribute('href');
    const rr = await p.request.get(new URL(href, base).href);
    if (!rr.ok()) await this.fail(`the replay link ${href} answers ${rr.status()}`);
    const title = await p.title();
    if (/your turn/i.test(title)) await this.fail(`the tab title at game over says "${title}"`);
    await this.logChecks();
  }

  async logChecks() {
    const l = await this.page.evaluate(logCheck);
    if (!l.n) await this.fail('the log (#log li) is empty');
    for (const b of l.bad) await problem(this.page, this.tag, `a log line is not a sentence: ${b}`);
    return l;
  }
}

// play drives players (pages) until the game is over; extra pages are
// watched (spectators). hooks.mid(player) runs once around decision `midAt`.
async function play(players, { limitMs, midAt = 30, mid, stopAt, watchers = [] }) {
  const t0 = Date.now();
  const over = new Set();
  let midDone = false;
  while (over.size < players.length) {
    if (Date.now() - t0 > limitMs) {
      const pl = players.find(x => !over.has(x)) || players[0];
      const s = await state(pl.page);
      await pl.fail(`the game did not end in ${limitMs / 1000} s: ${JSON.stringify(pl.stats)} ${JSON.stringify(s)}`);
    }
    let acted = false;
    const tl = Date.now();
    for (const pl of players) {
      if (over.has(pl)) continue;
      const ts = Date.now();
      const res = await pl.step();
      pl.time[res === 'wait' || res === 'over' ? 'wait' : 'act'] = (pl.time[res === 'wait' || res === 'over' ? 'wait' : 'act'] || 0) + Date.now() - ts;
      if (DEBUG && Date.now() - ts > 400) console.log(`  ${pl.tag} step ${res} took ${Date.now() - ts} ms`);
      if (res === 'over') over.add(pl);
      else if (res !== 'wait') acted = true;
    }
    for (const w of watchers) await w();
    const lead = players[0];
    if (!midDone && lead.stats.decisions >= midAt) {
      const s = await state(lead.page);
      if (s.state === 'mine' && !s.selected && !s.overlay && !s.confirm && !s.menu && !s.pile) { midDone = true; if (mid) await mid(lead); }
    }
    if (stopAt && stopAt(players)) return false;
    if (!acted) await players[0].page.waitForTimeout(40);
    if (!acted) { const w = players[0].why || '?'; players[0].idle[w] = (players[0].idle[w] || 0) + Date.now() - tl; }
  }
  if (DEBUG) for (const pl of players) console.log(`  ${pl.tag} idle: ${Object.entries(pl.idle).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`);
  return true;
}

// pacing watches the captions of one computer turn at `normal` speed:
// each move is shown on its own, about a second each.
async function pacing(pl) {
  const p = pl.page;
  await p.evaluate(() => {
    window.__caps = [];
    const c = document.getElementById('caption');
    let last = '';
    new MutationObserver(() => {
      const t = (c.querySelector('.ctext') || c).textContent.trim();
      if (t && t !== last) { last = t; window.__caps.push({ t: performance.now(), text: t, title: document.title, busy: document.body.dataset.busy === '1', skip: (() => { const s = document.getElementById('skip'); return !!(s && !s.hidden && s.getClientRects().length); })() }); }
    }).observe(c, { subtree: true, childList: true, characterData: true });
    new MutationObserver(() => { if (document.body.dataset.busy !== '1') window.__caps.push({ t: performance.now(), end: true, title: document.title }); })
      .observe(document.body, { attributes: true, attributeFilter: ['data-busy'] });
  });
}

// renderTimes reports, from the page's own timing (game.js: window.__render),
// how long each update took from its arrival to the painted frame that
// shows it (median, p90, worst), and the page's own work in it: drawing
// (JavaScript) plus the frame's style, layout and paint (from the frame's
// start to its end). The rest is the wait for the next frame, up to one
// frame interval, which no page can shorten. Issue 35: the work's p90
// under one frame (16 ms) at 4 players.
async function renderTimes(page, tag) {
  const all = await page.evaluate(() => window.__render || []);
  if (all.length < 10) { note(`${tag}: only ${all.length} render timings`); return; }
  const q = (xs, f) => { const ys = xs.slice().sort((a, b) => a - b); return ys[Math.min(ys.length - 1, Math.floor(f * ys.length))]; };
  const f1 = (x) => x.toFixed(1);
  const stats = (xs) => `median ${f1(q(xs, 0.5))} ms, p90 ${f1(q(xs, 0.9))} ms, worst ${f1(Math.max(...xs))} ms`;
  const ms = all.map(x => x.ms), dr = all.map(x => x.draw), frame = all.map(x => Math.max(0, x.ms - (x.raf || 0)));
  const work = all.map((x, i) => dr[i] + frame[i]);
  const text = `${all.length} updates: the page's work (drawing + the frame's style, layout and paint) ${stats(work)}; drawing alone ${stats(dr)}; the frame alone ${stats(frame)}; from arrival to the painted frame (with the wait for the next frame) ${stats(ms)}`;
  console.log(`  RENDER TIME ${tag}: ${text}`);
  fs.writeFileSync(`${out}/render-${tag.replace(/\W+/g, '-')}.txt`, text + '\n');
  fs.writeFileSync(`${out}/render-${tag.replace(/\W+/g, '-')}.json`, JSON.stringify(all));
  // reported, never asserted: a time measured on a shared machine is no
  // test (the figures are in the log and ARTIFACT_DIR for the record)
  if (q(work, 0.9) >= 16) note(`${tag}: the page's work per update has a p90 of ${f1(q(work, 0.9))} ms, over one frame (16 ms): ${text}`);
}

// noChoiceShare is the share of a player's clicks that chose nothing, in words.
function noChoiceShare(pl) {
  const s = pl.stats;
  const why = Object.entries(pl.noChoiceWhy || {}).filter(([, k]) => k > 0).map(([w, k]) => `${k} ${w}`).join(', ');
  return { share: s.clicks ? s.noChoice / s.clicks : 0, text: `${s.noChoice} of ${s.clicks} clicks carried no choice (${(100 * (s.clicks ? s.noChoice / s.clicks : 0)).toFixed(1)}%${why ? ': ' + why : ''})` };
}

function summary(pl) {
  const s = pl.stats;
  return `${s.decisions} decisions, ${s.clicks} clicks (${s.selects} selections, ${s.commits} answers, ${s.doubles} double clicks, ${s.bar} by a bar button, ${s.window} in Me First windows, ${s.confirm} "plays left?" questions, ${s.overlays} overlays that closed by themselves, ${s.list} from the list; ${s.checkClicks} more for the test's checks); ${noChoiceShare(pl).text}; most targets at once ${pl.maxTargets}; time acting ${(pl.time.act / 1000).toFixed(0)} s (checks ${(pl.time.check / 1000).toFixed(0)} s), waiting ${(pl.time.wait / 1000).toFixed(0)} s`;
}

const wanted = (k) => !only || only.includes(k);

// reviewChecks: the game-over screen's review as a newcomer reads it: its
// graph has axes (0%, 50%, 100% up the side, turns along the bottom, each
// titled), one line a player; in a game against computers the person's own
// swings are listed first; a click on a swing opens the replay viewer at
// that moment (the position where the decision was made), seen as the
// page's seat saw it (everyone's view for a spectator).
async function reviewChecks(page, tag, { seat, shotName }) {
  await page.waitForSelector('#gameover #review', { timeout: 15000 }).catch(() => { throw new Failure(`${tag}: no review on the game-over screen`); });
  await page.waitForSelector('#review[data-state="done"] svg.review-graph polyline', { timeout: 90000 }).catch(() => { throw new Failure(`${tag}: the review did not finish`); });
  const r = await page.evaluate(() => ({
    lines: document.querySelectorAll('#review polyline').length,
    y: [...document.querySelectorAll('#review .tick.y')].map(e => e.textContent.trim()),
    x: [...document.querySelectorAll('#review .tick.x')].map(e => e.textContent.trim()),
    titles: [...document.querySelectorAll('#review .axis-title')].map(e => e.textContent.trim()),
    swings: [...document.querySelectorAll('#swings li')].map(li => ({ text: li.textContent.replace(/\s+/g, ' ').trim(), mine: li.classList.contains('mine'), href: (li.querySelector('a[href]') || {}).getAttribute?.('href') || '' })),
    marks: document.querySelectorAll('#review .swing-mark[href]').length,
  }));
  if (r.lines !== 2) throw new Failure(`${tag}: ${r.lines} lines in the graph of a 2-player game`);
  if (r.y.join() !== '100%,50%,0%') throw new Failure(`${tag}: the graph's side says ${JSON.stringify(r.y)}, not 100%, 50%, 0%`);
  if (r.x.length < 2 || !r.x.every(t => /^\d+$/.test(t))) throw new Failure(`${tag}: the graph's bottom says ${JSON.stringify(r.x)}, not the turns`);
  if (!r.titles.includes('Turn') || !r.titles.some(t => /chance/i.test(t))) throw new Failure(`${tag}: the graph's axes are not titled (${JSON.stringify(r.titles)})`);
  if (r.marks !== r.swings.length) throw new Failure(`${tag}: ${r.marks} swings marked on the graph, ${r.swings.length} listed`);
  if (seat >= 0) {
    const firstOther = r.swings.findIndex(w => !w.mine);
    if (firstOther >= 0 && r.swings.slice(firstOther).some(w => w.mine)) throw new Failure(`${tag}: the person's own swings are not listed first: ${r.swings.map(w => (w.mine ? 'mine' : 'other')).join(', ')}`);
    for (const w of r.swings) if (w.mine !== /your decision/.test(w.text)) throw new Failure(`${tag}: a swing says "${w.text.slice(0, 60)}…" (${w.mine ? 'mine' : 'not mine'})`);
  }
  await page.locator('#review').scrollIntoViewIfNeeded();
  await shot(page, shotName);
  if (!r.swings.length) { console.log(`  ${tag}: the review lists no swing`); return r; }
  // a click on the first swing: the replay viewer at that moment
  const w = r.swings[0];
  const n = +new URL(w.href, base).searchParams.get('n');
  await page.locator('#swings li a.swing').first().click();
  await page.waitForFunction(() => document.body.dataset.state === 'replay' && document.querySelector('#prompt'), null, { timeout: 15000 })
    .catch(() => { throw new Failure(`${tag}: a click on the swing "${w.text.slice(0, 60)}…" did not open the replay viewer (${page.url()})`); });
  const u = new URL(page.url());
  if (u.searchParams.get('replay') !== '1' || +u.searchParams.get('n') !== n || +u.searchParams.get('seat') !== seat) throw new Failure(`${tag}: the swing opened ${page.url()}, not the replay at move ${n} seen by seat ${seat}`);
  const prompt = (await page.textContent('#prompt')).trim();
  if (!prompt.startsWith(`Replay, move ${n} of`)) throw new Failure(`${tag}: the replay opened from a swing says "${prompt}", not move ${n}`);
  await shot(page, shotName + '-replay');
  // back at the game over: a point of the curve, under the mouse, reads out its turn and
  // chances, and a click on it opens the replay at that position
  await page.goBack();
  await page.waitForSelector('#review[data-state="done"] .plot-area', { timeout: 30000 }).catch(() => { throw new Failure(`${tag}: back from the replay, no review`); });
  let curve = '';
  {
    const area = page.locator('#review .plot-area');
    await area.scrollIntoViewIfNeeded();
    const box = await area.boundingBox();
    const npos = +(await area.getAttribute('data-positions'));
    // a point away from every swing's mark
    const marks = await page.$$eval('#review .swing-mark', ms => ms.map(m => { const b = m.getBoundingClientRect(); return b.left + b.width / 2; }));
    let f = 0.3;
    for (const g of [0.3, 0.22, 0.38, 0.14, 0.46, 0.62, 0.7, 0.8]) if (marks.every(mx => Math.abs(mx - (box.x + g * box.width)) > 16)) { f = g; break; }
    const px = box.x + f * box.width, py = box.y + box.height - 6;
    await page.mouse.move(px, py);
    const ro = await page.waitForSelector('#review .readout', { timeout: 3000 }).then(e => e.textContent(), () => '');
    if (!/^Turn \d+: .*\d+%.*replay/.test(ro.trim())) throw new Failure(`${tag}: the mouse over the curve reads out "${ro}", not its turn and chances`);
    await shot(page, shotName + '-hover');
    await page.mouse.click(px, py);
    await page.waitForFunction(() => document.body.dataset.state === 'replay' && document.querySelector('#prompt'), null, { timeout: 15000 })
      .catch(() => { throw new Failure(`${tag}: a click on the curve did not open the replay viewer (${page.url()})`); });
    const k = +new URL(page.url()).searchParams.get('n'), want = Math.round(f * (npos - 1));
    if (Math.abs(k - want) > 1) throw new Failure(`${tag}: a click on the curve at ${(100 * f).toFixed(0)}% of its width opened move ${k}, not ${want} (of ${npos} positions)`);
    curve = `the curve at ${(100 * f).toFixed(0)}% of its width read "${ro.trim()}" and opened move ${k}`;
  }
  console.log(`  ${tag}: axes ${r.y.join('/')} and turns ${r.x.join(',')}; ${r.swings.length} swings (${r.swings.map(x => (x.mine ? 'yours' : 'other')).join(', ')}); a click on the first opened "${prompt}"; ${curve}`);
  return r;
}

// crowded is a sandbox position of np players and nb bases: the first base
// holds 9 to 11 minions of every player with attached actions, the acting
// player (A) holds 12 cards, scores are in two digits.
function crowded(np, nb) {
  const P = [
    { id: 'A', f: ['Aliens', 'Dinosaurs'], m: ['Laseratops', 'Invader', 'King Rex'], hand: ['Collector', 'Invader', 'Scout', 'Supreme Overlord', 'Abduction', 'Beam Up', 'Crop Circles', 'Disintegrator', 'Armor Stego', 'War Raptor', 'Augmentation', 'Tooth and Claw... and Guns'] },
    { id: 'B', f: ['Ninjas', 'Pirates'], m: ['Ninja Master', 'Tiger Assassin', 'Saucy Wench', 'First Mate'] },
    { id: 'C', f: ['Robots', 'Wizards'], m: ['Microbot Alpha', 'Microbot Guard', 'Microbot Fixer', 'Archmage'] },
    { id: 'D', f: ['Zombies', 'Tricksters'], m: ['Zombie Lord', 'Grave Digger', 'Tenacious Z', 'Leprechaun'] },
  ].slice(0, np);
  const BASES = ['Giant Turnip', 'Tar Pits', 'Egg Chamber', 'Castle Blood', 'Cave of Shinies', 'Jungle Oasis'].slice(0, nb);
  const crowd = [];
  for (const p of P) for (const m of p.m.slice(0, np === 2 ? 4 : np === 3 ? 3 : 3)) crowd.push(`{ card: ${m}, owner: ${p.id}${m === 'Microbot Fixer' ? ', counters: 2' : ''} }`);
  crowd.push('{ card: Upgrade, owner: A, on: Laseratops }', '{ card: Poison, owner: B, on: Laseratops }');
  if (np >= 4) crowd.push('{ card: Flame Trap, owner: D }');
  const other = (k) => P.map((p, i) => `{ card: ${p.m[(k + i) % p.m.length]}, owner: ${p.id} }`).slice(0, 1 + (k % np)).join(', ');
  const lines = ['name: crowded', 'setup:', '  players:'];
  for (const [i, p] of P.entries()) lines.push(`    - { id: ${p.id}, factions: [${p.f.join(', ')}], vp: ${10 + i}, hand: [${(p.hand || p.m.slice(0, 2)).join(', ')}], deck: [${p.m.join(', ')}] }`);
  lines.push('  bases:');
  for (const [k, b] of BASES.entries()) lines.push(`    - base: ${b}`, `      cards: [${k === 0 ? crowd.join(', ') : other(k)}]`);
  lines.push('  current: A');
  return lines.join('\n') + '\n';
}

try {
  // ---- 1. two players, a person against the computer, 1366x768 ----
  if (wanted('2p')) {
    const t0 = Date.now();
    const g = await createGame({ seats: ['human', 'ai'], names: ['Ada'], factions: [['Aliens', 'Dinosaurs'], ['Ninjas', 'Pirates']], seed: 2101 });
    const page = await newPage(LAPTOP, 'normal');
    const me = new Player(page, '2p laptop', g.id, g.links[0], 2101, { shots: '2p-1366' });
    await page.goto(base + g.links[0]);
    await page.waitForSelector('section[data-slot]');
    await pacing(me);
    // my first turn, then watch the computer's at `normal`
    let pacedDone = false, pacingTries = 0;
    const paced = async () => {
      if (pacedDone) return;
      const s = await state(page);
      if (s.state !== 'mine' || s.busy || me.stats.decisions < 2) return;
      // the captions shown during the computer's turn, each until the next (or the end of the queue)
      const all = await page.evaluate(() => window.__caps);
      const i0 = all.findIndex(c => !c.end && c.busy && /computer/.test(c.title));
      if (i0 < 0) return;
      const caps = [];
      for (let i = i0; i < all.length && !(all[i].end && /your turn/i.test(all[i].title)); i++) if (!all[i].end) caps.push(all[i]);
      const endAt = all.slice(i0).find(c => c.end && /your turn/i.test(c.title));
      if (!endAt) return;
      pacedDone = true;
      const gaps = caps.map((c, i) => Math.round((i + 1 < caps.length ? caps[i + 1].t : endAt.t) - c.t));
      console.log(`  a computer turn at normal speed: ${caps.length} moves shown, for ${gaps.join(' ms, ')} ms: ${caps.map(c => c.text).join(' | ')}`);
      // (a turn's start may close the person's own move, shown at once: it is not a move of the computer)
      const moves = gaps.filter((g, i) => !/^[^.]*turn begins\.$/.test(caps[i].text));
      if (!moves.length) {
        // a turn without a move to show: watch the next one
        if (++pacingTries < 3) { pacedDone = false; await page.evaluate(() => { window.__caps.length = 0; }); return; }
        throw new Failure(`${me.where()}: no move of the computer was captioned at normal speed in 3 turns: ${caps.map(c => c.text).join(' | ')}`);
      }
      if (Math.min(...moves) < 700) throw new Failure(`${me.where()}: at normal speed a move of the computer was shown for only ${Math.min(...moves)} ms (captions: ${caps.map(c => c.text).join(' | ')})`);
      if (!caps.some(c => c.skip)) note('2p laptop: #skip was not visible while the computer\'s moves were shown');
      // then fast, through the speed select
      await page.selectOption('#speed', 'fast');
      const stored = await page.evaluate(() => localStorage.getItem('smashup.speed'));
      if (stored !== 'fast') throw new Failure(`choosing "fast" in #speed stored smashup.speed=${stored}`);
    };
    let skipped = false;
    const skip = async () => {
      if (skipped || !pacedDone || instant) return;
      const s = await state(page);
      if (!s.busy || !/computer/.test(s.title)) return;
      const b = page.locator('#skip');
      if (!(await b.isVisible())) return;
      skipped = true;
      const t0 = Date.now();
      await b.click({ timeout: 2000 }).catch(() => {});
      me.stats.clicks++; me.stats.noChoice++; me.noChoiceWhy.Skip = 1;
      const done = await page.waitForFunction(() => document.body.dataset.busy !== '1', null, { timeout: 3000, polling: 20 }).then(() => true, () => false);
      if (!done) note('2p laptop: #skip did not end the showing of the computer\'s moves within 3 s');
      else console.log(`  #skip showed the rest of the computer's moves at once (${Date.now() - t0} ms)`);
    };
    let instant = false;
    const speedUp = async () => {
      // once the middle of the game and a scoring have been seen at `fast`: `instant`, to keep the run short
      if (instant || !me.did.mid || !me.did.scoringShot || !skipped || process.env.SLOW) return;
      const s = await state(page);
      if (s.state !== 'mine' || s.selected || s.confirm || s.menu || s.pile) return;
      instant = true;
      await page.selectOption('#speed', 'instant');
    };
    const mid = async (pl) => {
      pl.did.mid = true;
      await pl.page.waitForTimeout(150);
      await shot(pl.page, 'table-2p-1366-mid');
      await axe(pl.page, '2p-1366-mid');
      const l = await pl.logChecks();
      console.log(`  the log at mid-game: ${l.n} lines, e.g. ${l.sample.slice(-3).map(x => JSON.stringify(x)).join(' ')}`);
    };
    await play([me], { limitMs: 300000, midAt: 25, mid, watchers: [paced, skip, speedUp] });
    if (!pacedDone) note('2p laptop: the computer\'s turn at normal speed was not measured');
    await me.gameOver();
    await shot(page, 'table-2p-1366-over');
    await axe(page, '2p-1366-over');
    if (me.stats.selects + me.stats.doubles < 5) throw new Failure(`2p laptop: only ${me.stats.selects + me.stats.doubles} cards were played from the hand by clicking`);
    const nc = noChoiceShare(me);
    console.log(`  NO-CHOICE CLICKS in a whole 2-player game: ${nc.text}`);
    fs.writeFileSync(`${out}/no-choice-clicks.txt`, nc.text + '\n');
    if (nc.share >= 0.10) await problem(page, '2p laptop', `the share of clicks that carry no choice is ${(100 * nc.share).toFixed(1)}%, not under 10%: ${nc.text}`);
    console.log(`PASS a 2-player game against the computer at 1366x768 in ${secs(t0)} s: ${summary(me)}`);
    await reviewChecks(page, '2p laptop review', { seat: 0, shotName: 'table-review-2p-1366' });
    await closePage(page);
  }

  // ---- 2. three players, a short game, 1366x768 ----
  if (wanted('3p')) {
    const t0 = Date.now();
    const g = await createGame({ seats: ['human', 'easy', 'easy'], factions: [['Robots', 'Wizards'], ['Zombies', 'Tricksters'], ['Aliens', 'Pirates']], seed: 3103 });
    const page = await newPage(LAPTOP, 'instant');
    const me = new Player(page, '3p laptop', g.id, g.links[0], 3103, { shots: '3p-1366' });
    await page.goto(base + g.links[0]);
    await page.waitForSelector('section[data-slot]');
    const n = await page.$$eval('section[data-slot]', x => x.length);
    if (n !== 4) throw new Failure(`3p laptop: ${n} bases on the page, a 3-player game has 4`);
    // the setting to be asked in every Me First window, by its checkbox
    await page.click('#btn-settings');
    await page.click('#set-ask');
    await page.click('[data-close=settings]');
    const asked = await (async () => { for (let i = 0; i < 30; i++) { const u = await update(g.id, me.token); if (u.settings && u.settings.ask_every_window) return true; await page.waitForTimeout(100); } return false; })();
    if (!asked) throw new Failure('3p laptop: ticking "Ask me in every Me First window" (#set-ask) did not reach the server');
    if ((await page.evaluate(() => localStorage.getItem('smashup.askall'))) !== '1') note('3p laptop: the "ask in every window" setting is not kept in localStorage smashup.askall');
    const mid = async (pl) => { await pl.page.waitForTimeout(150); await shot(pl.page, 'table-3p-1366-mid'); };
    const done = await play([me], { limitMs: 120000, midAt: 14, mid, stopAt: ([pl]) => pl.stats.decisions >= 24 });
    if (!me.stats.passOnly) note('3p laptop: asked in every Me First window, yet no window with nothing but pass came in 24 decisions');
    else console.log(`  asked in every Me First window: ${me.stats.passOnly} windows where only pass was possible were asked, as set`);
    console.log(`PASS a 3-player game at 1366x768 (${done ? 'to the end' : 'its first ' + me.stats.decisions + ' decisions'}) in ${secs(t0)} s: ${summary(me)}`);
    await closePage(page);
  }

  // ---- 3. four players, one person and three computers, 1366x768 ----
  if (wanted('4p')) {
    const t0 = Date.now();
    const g = await createGame({ seats: ['human', 'ai', 'ai', 'ai'], factions: [['Wizards', 'Zombies'], ['Robots', 'Tricksters'], ['Aliens', 'Ninjas'], ['Dinosaurs', 'Pirates']], seed: 4104 });
    const page = await newPage(LAPTOP, 'instant');
    const me = new Player(page, '4p laptop', g.id, g.links[0], 4104, { shots: '4p-1366' });
    await page.goto(base + g.links[0]);
    await page.waitForSelector('section[data-slot]');
    const mid = async (pl) => { await pl.page.waitForTimeout(150); await shot(pl.page, 'table-4p-1366-mid'); await axe(pl.page, '4p-1366-mid'); };
    await play([me], { limitMs: 300000, midAt: 20, mid });
    await renderTimes(page, '4p laptop');
    await me.gameOver();
    await shot(page, 'table-4p-1366-over');
    await axe(page, '4p-1366-over');
    console.log(`PASS a 4-player game (one person, three computers) at 1366x768 in ${secs(t0)} s: ${summary(me)}`);
    await closePage(page);
  }

  // ---- 4. two people at 390x844 (touch), and a spectator ----
  if (wanted('phone')) {
    const t0 = Date.now();
    const g = await createGame({ seats: ['human', 'human'], names: ['Noor', 'Sam'], factions: [['Zombies', 'Pirates'], ['Robots', 'Dinosaurs']], seed: 3905 });
    const a = await newPage(PHONE, 'fast', true), b = await newPage(PHONE, 'instant', true);
    const spec = await newPage(PHONE, 'instant', true);
    const pa = new Player(a, '2p phone (Noor)', g.id, g.links[0], 39051, { touch: true, shots: '2p-390' });
    const pb = new Player(b, '2p phone (Sam)', g.id, g.links[1], 39052, { touch: true, shots: '2p-390-sam' });
    // Sam's seat is an invite: nothing is dealt until Sam's browser takes it
    if (!/\?invite=/.test(g.links[1]) || /[?&]t=/.test(g.links[1])) throw new Failure(`the creator was given another seat's key: ${g.links[1]}`);
    await a.goto(base + g.links[0]);
    await a.waitForSelector('#waiting');
    await shot(a, 'table-2p-390-waiting');
    await b.goto(base + g.links[1]);
    for (const pg of [a, b]) await pg.waitForSelector('section[data-slot]');
    pb.token = await b.evaluate((id) => localStorage.getItem('smashup.key.' + id), g.id);
    // the invite opened again, in another browser: the seat is taken, no hand is shown
    const intruder = await newPage(PHONE, 'instant', true);
    await intruder.goto(base + g.links[1]);
    await intruder.waitForFunction(() => document.body.dataset.state === 'gone', null, { timeout: 10000 }).catch(() => { throw new Failure('a second browser opening the invite was not refused'); });
    const taken = await intruder.textContent('main h1');
    if (!/taken/i.test(taken) || (await intruder.$('#hand .card'))) throw new Failure(`the invite opened again shows: ${taken}`);
    await closePage(intruder);
    await spec.goto(base + g.spectator);
    await spec.waitForSelector('section[data-slot]');
    for (const pg of [a, b, spec]) if (/[?&](t|invite)=/.test(pg.url())) throw new Failure(`a secret left in the address bar: ${pg.url()}`);
    let specChecks = 0;
    const watchSpec = async () => {
      if (++specChecks % 15) return;
      const s = await state(spec);
      if (s.state === 'mine' || /your turn/i.test(s.title)) throw new Failure(`spectator: data-state=${s.state}, title "${s.title}"`);
      const bad = await spec.evaluate(() => ({ targets: document.querySelectorAll('.target').length, hand: document.querySelectorAll('#hand [data-card]').length }));
      if (bad.targets || bad.hand) throw new Failure(`spectator sees ${bad.targets} targets and ${bad.hand} hand cards`);
    };
    const mid = async (pl) => {
      await pl.page.waitForTimeout(150);
      await shot(pl.page, 'table-2p-390-mid');
      await shot(spec, 'table-2p-390-spectator-mid');
      await axe(pl.page, '2p-390-mid');
    };
    await play([pa, pb], { limitMs: 300000, midAt: 20, mid, watchers: [watchSpec] });
    await pa.gameOver();
    await pb.gameOver();
    await shot(a, 'table-2p-390-over');
    await axe(a, '2p-390-over');
    await spec.waitForFunction(() => document.body.dataset.state === 'over', null, { timeout: 15000 }).catch(() => { throw new Failure('the spectator\'s page does not show the game over'); });
    const sp = new Player(spec, '2p phone spectator', g.id, g.spectator, 1, { touch: true, shots: '2p-390-spectator' });
    await sp.gameOver(true);
    await shot(spec, 'table-2p-390-spectator-over');
    console.log(`PASS a game between two people at 390x844 in ${secs(t0)} s: Noor ${summary(pa)}; Sam ${summary(pb)}; the spectator saw no target and no hand`);
    await closePage(a); await closePage(b); await closePage(spec);
  }

  // ---- 4b. three and four players on a phone (one person, computers), by tapping ----
  // whole games at 390x844 with touch: at every decision of the person the
  // table's checks, the fit of every minion and attached card, and every
  // tap target in sight at least 44 px; the share of taps that choose nothing.
  for (const np of [3, 4]) {
    if (!wanted('phone' + np)) continue;
    const t0 = Date.now();
    const fs4 = [['Wizards', 'Zombies'], ['Robots', 'Tricksters'], ['Aliens', 'Ninjas'], ['Dinosaurs', 'Pirates']];
    const g = await createGame({ seats: ['human', ...Array(np - 1).fill('ai')], factions: fs4.slice(0, np), seed: 3900 + np });
    const page = await newPage(PHONE, 'instant', true);
    const me = new Player(page, `${np}p phone`, g.id, g.links[0], 3900 + np, { touch: true, fit: true, shots: `${np}p-390` });
    await page.goto(base + g.links[0]);
    await page.waitForSelector('section[data-slot]');
    const mid = async (pl) => { await pl.page.waitForTimeout(150); await shot(pl.page, `table-${np}p-390-mid`); await axe(pl.page, `${np}p-390-mid`); };
    let selShot = false;
    const selected = async () => {
      if (selShot) return;
      const s = await state(page);
      if (s.state !== 'mine' || !s.selected || me.stats.decisions < 6) return;
      selShot = true;
      await shot(page, `table-${np}p-390-selected`);
    };
    await play([me], { limitMs: 420000, midAt: 16, mid, watchers: [selected] });
    if (np === 4) await renderTimes(page, '4p phone');
    await me.gameOver();
    await shot(page, `table-${np}p-390-over`);
    const nc = noChoiceShare(me);
    console.log(`  NO-CHOICE TAPS in a whole ${np}-player game on a phone: ${nc.text}`);
    fs.writeFileSync(`${out}/no-choice-taps-${np}p-390.txt`, nc.text + '\n');
    if (nc.share >= 0.10) await problem(page, `${np}p phone`, `the share of taps that carry no choice is ${(100 * nc.share).toFixed(1)}%, not under 10%: ${nc.text}`);
    console.log(`PASS a ${np}-player game (one person, ${np - 1} computers) at 390x844 by tapping in ${secs(t0)} s: ${summary(me)}; the fit checked at ${me.fitted || 0} decisions, ${me.taps || 0} taps that choose or act measured (all at least 44 px) and ${me.infoTaps || 0} that show a text (${me.smallInfoTaps || 0} of them under 44 px, all at least 24)`);
    await closePage(page);
  }

  // ---- 5. pass and play: two people and a computer at one phone ----
  if (wanted('pnp')) {
    const t0 = Date.now();
    const page = await newPage(PHONE, 'instant', true);
    // made in the lobby, as a person does: two people, a computer, the box ticked
    await page.goto(base + '/');
    await page.waitForSelector('.seat .kind');
    await page.selectOption('#n', '3');
    const kinds = page.locator('.seat .kind');
    await kinds.nth(0).selectOption('human'); await kinds.nth(1).selectOption('human'); await kinds.nth(2).selectOption('easy');
    await page.locator('.seat .name').nth(0).fill('Ines'); await page.locator('.seat .name').nth(1).fill('Tomas');
    await page.locator('#seed').fill('5305');
    await page.tap('#pnp');
    await page.tap('#create');
    await page.waitForURL(/\/g\/[0-9a-f]+$/, { timeout: 10000 }).catch(() => { throw new Failure('pass and play: the lobby did not open the game'); });
    if (/[?&](t|invite)=/.test(page.url())) throw new Failure(`pass and play: a secret in the address bar: ${page.url()}`);
    const id = page.url().split('/').pop();
    const held = await page.evaluate((id) => JSON.parse(localStorage.getItem('smashup.held.' + id) || '{}'), id);
    if (Object.keys(held).sort().join() !== '0,1') throw new Failure(`pass and play: the page holds the keys of seats ${Object.keys(held)}`);
    const pl = new Player(page, 'pass and play (phone)', id, '/g/x?t=' + held[0], 5305, { touch: true, shots: 'pnp-390' });
    let handovers = 0, lastSeat = null, shotCover = false;
    const seats = new Set();
    // the seat on screen answers (the Player's key follows it); a hand-over
    // screen shows nothing of the table and no hand, and is uncovered
    const step = async () => {
      const b = await page.evaluate(() => ({ state: document.body.dataset.state, seat: document.body.dataset.seat, title: document.title,
        table: document.querySelectorAll('section[data-slot]').length, hand: document.querySelectorAll('#hand [data-card], #hand .card').length,
        h1: (document.querySelector('main.handover h1') || {}).textContent || '' }));
      if (b.state === 'handover') {
        if (b.table || b.hand) throw new Failure(`pass and play: the hand-over screen shows ${b.table} bases and ${b.hand} hand cards`);
        if (!/pass the screen to (Ines|Tomas)/i.test(b.h1)) throw new Failure(`pass and play: the hand-over screen says "${b.h1}"`);
        if (/your turn/i.test(b.title)) throw new Failure(`pass and play: the hand-over screen's title is "${b.title}"`);
        if (!shotCover) { shotCover = true; await shot(page, 'table-pnp-390-handover'); await axe(page, 'pnp-390-handover'); }
        handovers++;
        await pl.click(page.locator('#handover-ok'), 'the hand-over button');
        const to = /pass the screen to ines/i.test(b.h1) ? '0' : '1';
        await page.waitForFunction((to) => document.body.dataset.state !== 'handover' && document.body.dataset.state !== 'loading' && document.body.dataset.seat === to, to, { timeout: 8000 })
          .catch(() => { throw new Failure(`pass and play: the view of seat ${to} did not come after the hand-over`); });
        return 'handover';
      }
      if (b.seat !== '' && +b.seat >= 0 && b.seat !== lastSeat) {
        lastSeat = b.seat;
        seats.add(b.seat);
        pl.token = held[b.seat];
      }
      return pl.step();
    };
    const player = { page, tag: pl.tag, stats: pl.stats, time: pl.time, idle: pl.idle, did: pl.did, step, fail: (m) => pl.fail(m) };
    const mid = async () => { await page.waitForTimeout(150); await shot(page, 'table-pnp-390-mid'); await axe(page, 'pnp-390-mid'); };
    await play([player], { limitMs: 240000, midAt: 16, mid, stopAt: () => pl.stats.decisions >= 40 });
    if (handovers < 2 || seats.size < 2) throw new Failure(`pass and play: ${handovers} hand-overs and seats ${[...seats]} shown in ${pl.stats.decisions} decisions`);
    console.log(`PASS pass and play at 390x844 (two people and a computer at one screen), ${pl.stats.decisions} decisions in ${secs(t0)} s: ${handovers} hand-overs, each showing no table and no hand; ${summary(pl)}`);
    await closePage(page);
  }

  // ---- 6. a hint against the computer (keyboard), its line and its highlight ----
  if (wanted('hint')) {
    const t0 = Date.now();
    const g = await createGame({ seats: ['human', 'hard'], factions: [['Dinosaurs', 'Wizards'], ['Robots', 'Zombies']], seed: 2506 });
    const page = await newPage(LAPTOP, 'instant');
    await page.goto(base + g.links[0]);
    // the first decision of the person's own Play Cards phase (the setup's questions answered as the page offers them)
    for (let k = 0; ; k++) {
      await page.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 30000 }).catch(() => { throw new Failure('hint: no decision of the person\'s came'); });
      if ((await page.evaluate(() => document.body.dataset.decision)) === 'main') break;
      if (k > 6) throw new Failure('hint: no Play Cards phase after 6 questions');
      const at = await page.evaluate(() => document.body.dataset.move);
      await page.click('#bar button[data-opt]');
      await page.waitForFunction((at) => document.body.dataset.move !== at, at, { timeout: 15000 });
    }
    const at = await page.evaluate(() => document.body.dataset.move);
    if (!(await page.$('#btn-hint'))) throw new Failure('hint: no Hint button in a game against the computer');
    // asked with the keyboard
    const answer = page.waitForResponse((r) => r.url().endsWith('/hint'), { timeout: 15000 });
    await page.focus('#btn-hint');
    await page.keyboard.press('Enter');
    const h = await (await answer).json();
    await page.waitForSelector('#hint-line', { timeout: 15000 }).catch(() => { throw new Failure('hint: no hint line'); });
    const line = (await page.textContent('#hint-line')).trim();
    if (line !== `Hint: ${h.line}` || !/%/.test(line)) throw new Failure(`hint: the line says "${line}", the server "${h.line}"`);
    const lit = await page.evaluate(() => [...document.querySelectorAll('.suggested')].map(e => e.dataset.target || ('opt:' + e.dataset.path)));
    if (lit.length !== 1) throw new Failure(`hint: ${lit.length} elements lit as the hint (${lit.join(', ')})`);
    if ((await page.evaluate(() => document.body.dataset.move)) !== at) throw new Failure('hint: the game moved with a hint');
    await shot(page, 'table-hint-1366');
    await axe(page, 'hint-1366');
    // the hinted move, made by clicking what is lit: the card, then its lit follow-up target
    await page.click('.suggested');
    if (h.then && h.then.length) {
      await page.waitForFunction(() => document.querySelectorAll('.suggested').length === 2, null, { timeout: 5000 })
        .catch(() => { throw new Failure('hint: the follow-up target is not lit once the card is selected'); });
      await page.click('.suggested:not(.selected)');
    }
    await page.waitForFunction((at) => document.body.dataset.move !== at, at, { timeout: 15000 })
      .catch(() => { throw new Failure('hint: clicking what the hint lit made no move'); });
    if (await page.$('#hint-line')) throw new Failure('hint: the line stays once the game has moved on');
    console.log(`PASS a hint against the computer at 1366x768 in ${secs(t0)} s: "${h.line}" lit ${lit[0]}${h.then && h.then.length ? ' and its follow-up' : ''}, and the move was made`);
    await closePage(page);
  }

  // ---- 7. the review of a finished game (two computers), watched ----
  if (wanted('review')) {
    const t0 = Date.now();
    const g = await createGame({ seats: ['ai', 'ai'], factions: [['Aliens', 'Ninjas'], ['Pirates', 'Wizards']], seed: 2507 });
    for (let i = 0; !(await update(g.id, tokenOf(g.spectator))).table?.over; i++) {
      if (i > 600) throw new Failure('review: the computers\' game did not end');
      await new Promise(r => setTimeout(r, 100));
    }
    const page = await newPage(LAPTOP, 'instant');
    await page.goto(base + g.spectator);
    await page.waitForSelector('#review[data-state="done"] svg.review-graph polyline', { timeout: 60000 }).catch(() => {});
    await axe(page, 'review-1366');
    const r = await reviewChecks(page, 'review', { seat: -1, shotName: 'table-review-1366' });
    // and on a phone, the graph's words readable
    const ph = await newPage(PHONE, 'instant', true);
    await ph.goto(base + g.spectator);
    await ph.waitForSelector('#review[data-state="done"] svg.review-graph polyline', { timeout: 60000 }).catch(() => { throw new Failure('review: the review did not finish on the phone'); });
    await ph.locator('#review').scrollIntoViewIfNeeded();
    await shot(ph, 'table-review-390');
    await closePage(ph);
    console.log(`PASS the review of a finished game in ${secs(t0)} s: 2 lines, ${r.swings.length} swings${r.swings.length ? ` (first: ${r.swings[0].text})` : ''}`);
    await closePage(page);
  }


  // ---- 8. the fit of every minion and attached card (part 'fit'): sandbox positions ----
  // 2, 3 and 4 players with a crowded base (9 to 11 minions, attached
  // actions), six bases at 4 players, and a hand of 12, at 1366x768 and
  // 390x844: nothing clipped, every minion and attached card reachable and
  // uncovered, the header in one row on the laptop, the dock at most 35% of
  // a phone with a card selected, every lit minion a 44 px target on a phone.
  if (wanted('fit')) {
    const t0 = Date.now();
    let checked = 0, mins = 0, atts = 0;
    for (const [np, nb] of [[2, 3], [3, 4], [4, 5], [4, 6]]) {
      const yaml = crowded(np, nb);
      for (const [vp, phone] of [[LAPTOP, false], [PHONE, true]]) {
        const r = await fetch(base + '/api/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: yaml });
        const j = await r.json();
        if (!r.ok) throw new Failure(`fit: the sandbox refused the position: ${JSON.stringify(j)}`);
        const page = await newPage(vp, 'instant', phone);
        const tag = `fit ${np}p ${nb} bases ${vp.width}`;
        await page.goto(base + j.link);
        await page.waitForSelector('body[data-state=mine]');
        await page.evaluate(() => { const b = document.getElementById('sb-hands-btn'); if (b && document.getElementById('sb-hands')) b.click(); });
        await page.waitForTimeout(200);
        const name = `table-fit-${np}p-${nb}b-${vp.width}`;
        const look1 = await page.evaluate(fitCheck, { phone, texts: !phone });
        for (const x of look1.probs) await problem(page, tag, x);
        await shot(page, name);
        mins += look1.minions; atts += look1.attached; checked++;
        if (look1.hand !== 12) await problem(page, tag, `the hand shows ${look1.hand} cards, the position gives 12`);
        // a card selected: its targets lit (a minion to play: the bases; Tooth and Claw... and Guns, played on a minion: every minion)
        for (const card of ['Collector', 'Tooth and Claw']) {
          const loc = page.locator('#hand .card', { hasText: card }).first();
          if (phone) await loc.tap(); else await loc.click();
          await page.waitForSelector('#hand .card.selected', { timeout: 3000 }).catch(() => {});
          await page.waitForTimeout(150);
          const look2 = await page.evaluate(fitCheck, { phone, texts: !phone });
          for (const x of look2.probs) await problem(page, `${tag}, ${card} selected`, x);
          const tc = await page.evaluate(tableCheck, { bases: nb });
          for (const x of tc.probs) await problem(page, `${tag}, ${card} selected`, x);
          if (card !== 'Collector') await shot(page, `${name}-selected`);
          console.log(`  ${tag}, ${card} selected: the dock covers ${(100 * look2.dock).toFixed(0)}% of the window; ${tc.targets} targets in sight`);
          await page.keyboard.press('Escape');
          await page.waitForTimeout(100);
        }
        await closePage(page);
      }
    }
    console.log(`PASS the fit of the table in ${secs(t0)} s: ${checked} positions (2-4 players, 3-6 bases, a crowded base, a hand of 12) at both sizes, ${mins} minion rows and ${atts} attached cards checked`);
  }

  if (notes.size) console.log(`NOTES (not failures):\n  ${[...notes].join('\n  ')}`);
  if (pageErrors.length) throw new Failure(`page errors: ${pageErrors.join('; ')}`);
  if (problems.size) throw new Failure(`${problems.size} kind(s) of problem:\n  ${[...problems.values()].map(p => `${p.msg} [${p.count} time(s); ${p.shot}]`).join('\n  ')}`);
  console.log(`PASS table tests in ${secs(started)} s; screenshots in ${out}`);
} catch (e) {
  for (const p of pages) await p.screenshot({ path: `${out}/table-fail-last-${[...pages].indexOf(p)}.png` }).catch(() => {});
  if (notes.size && !(e instanceof Failure && /kind\(s\) of problem/.test(e.message))) console.error(`NOTES:\n  ${[...notes].join('\n  ')}`);
  else if (problems.size && !/kind\(s\) of problem/.test(e.message)) console.error(`PROBLEMS so far:\n  ${[...problems.values()].map(p => p.msg).join('\n  ')}`);
  console.error('FAIL:', e instanceof Failure ? e.message : (e.stack || String(e)));
  await browser.close();
  process.exit(1);
}
await browser.close();
