// Browser end-to-end test, in headless Chromium:
//  1. the lobby (seed validation, axe-core), then a whole 2-player game
//     against the computer at 1366x768, played by clicking cards, bases,
//     minions and players on the table (the option list only for decisions
//     with nothing on the table, e.g. yes/no);
//  2. a whole game between two people in two browsers (one 1366x768, one
//     390x844), each from their own invite link, by clicking the table;
//  3. the action bar is on screen without scrolling at both sizes; axe-core
//     finds no serious or critical violation on the lobby and the game page;
//     an unknown game shows a clear page and does not reconnect.
// Screenshots of the lobby, a mid-game table, a scoring overlay and the
// game-over screen at both sizes are kept in ARTIFACT_DIR.
// Usage: node browser.mjs BASE_URL ARTIFACT_DIR
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const out = process.argv[3] || 'artifacts';
fs.mkdirSync(out, { recursive: true });
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WIDE = { width: 1366, height: 768 }, PHONE = { width: 390, height: 844 };
const started = Date.now();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const fail = async (msg) => { console.error('FAIL:', msg); await browser.close(); process.exit(1); };
const errors = [];

async function newPage(viewport, speed = 'instant', askAll = false) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript(([s, a]) => { localStorage.setItem('smashup.speed', s); if (a) localStorage.setItem('smashup.askall', '1'); }, [speed, askAll]);
  const p = await ctx.newPage();
  p.on('pageerror', (e) => { errors.push(e.message); console.error('page error:', e.message); });
  return p;
}

async function axe(page, what) {
  await page.addScriptTag({ path: axePath });
  const res = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) })));
  const bad = res.filter(v => v.impact === 'serious' || v.impact === 'critical');
  fs.writeFileSync(`${out}/axe-${what}.json`, JSON.stringify(res, null, 2));
  if (bad.length) await fail(`axe-core on ${what}: ${JSON.stringify(bad, null, 1)}`);
  console.log(`PASS axe-core on ${what}: no serious or critical violations (${res.length} minor)`);
}

async function barVisible(page, what) {
  const r = await page.evaluate(() => {
    const b = document.getElementById('bar').getBoundingClientRect();
    return { top: b.top, bottom: b.bottom, h: innerHeight, w: innerWidth, scrollY: scrollY, docH: document.documentElement.scrollHeight, docW: document.documentElement.scrollWidth };
  });
  if (r.top < 0 || r.bottom > r.h + 0.5 || r.scrollY !== 0 || r.docH > r.h + 1 || r.docW > r.w + 1) await fail(`${what}: the action bar is not on screen without scrolling: ${JSON.stringify(r)}`);
}

// One step of a player who plays by clicking the table (docs/client.md
// lists the page's hooks). Returns what it did.
const shots = {};
async function step(page, tag, rnd, stats) {
  const s = await page.evaluate(() => ({ ...document.body.dataset, overlay: !!document.getElementById('overlay'),
    confirm: !!document.getElementById('confirm-end'), menu: !!document.getElementById('menu'), pile: !!document.getElementById('pile'),
    selected: !!document.querySelector('#app .selected') }));
  if (s.overlay) {
    if (!shots[`scoring-${tag}`]) { shots[`scoring-${tag}`] = 1; await page.screenshot({ path: `${out}/scoring-${tag}.png` }); }
    stats.scorings++;
    await page.click('#overlay [data-ov="close"]').catch(() => {});
    return 'overlay';
  }
  if (s.state === 'over') return 'over';
  if (s.state !== 'mine' || s.busy || s.sending) return 'wait';
  const pick = async (sel) => { const els = await page.$$(sel); return els.length ? els[Math.floor(rnd() * els.length)] : null; };
  let act = null;
  if (s.confirm) act = ['bar', await page.$(rnd() < 0.7 ? '[data-confirm=yes]' : '[data-confirm=no]')];
  else if (s.menu) act = ['table', await pick('#menu button[data-path]')];
  else if (s.pile) {
    const c = await pick('#pile .target');
    if (c) act = ['table', c]; else { await page.click('[data-pile-close]'); return 'pile'; }
  } else if (s.selected) {
    // a card is selected: click one of its lit targets, or a button that commits it
    const t = await pick('#app .target:not(.selected):not(#hand .target)');
    const b = await pick('#bar button[data-opt]');
    act = t ? ['table', t] : b ? ['bar', b] : ['bar', await page.$('#cancel')];
  } else if (s.decision === 'main') {
    // the main question: mostly select a card of the hand, sometimes use a
    // talent on the table, else end the phase
    const hand = await pick('#hand .target'), table = await pick('#bases .target');
    const done = await page.$('#bar button[data-opt]'); // the end of the phase
    if (hand && rnd() < 0.85) act = ['table', hand];
    else if (table && rnd() < 0.5) act = ['table', table];
    else if (done) act = ['bar', done];
  } else {
    const t = await pick('#app .target'), b = await pick('#bar button[data-opt]');
    act = t && (!b || rnd() < 0.85) ? ['table', t] : b ? ['bar', b] : null;
  }
  if (!act || !act[1]) {
    // nothing on the table nor in the bar: the accessible list of every move
    if (!(await page.click('#btn-opts', { timeout: 2000 }).then(() => true).catch(() => false))) return 'stale';
    const b = await pick('#optlist button');
    if (!b) return 'wait';
    act = ['list', b];
  }
  try {
    if (process.env.DEBUG) console.log(tag, s.move, act[0], await act[1].getAttribute('data-target') || await act[1].textContent());
    await act[1].click({ timeout: 3000 });
  } catch (e) { if (process.env.DEBUG) console.log(String(e).slice(0, 100)); return 'stale'; } // re-rendered by a live update: look again
  stats[act[0]]++;
  await page.waitForFunction((m) => document.body.dataset.move !== m || document.getElementById('err') || document.querySelector('#app .selected, #confirm-end, #menu, #pile'), s.move, { timeout: 5000 }).catch(() => {});
  return act[0];
}

function rng(seed) { let x = seed >>> 0; return () => { x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; }; }

try {
  // ---- the lobby ----
  for (const [vp, tag] of [[WIDE, 'wide'], [PHONE, 'phone']]) {
    const p = await newPage(vp);
    await p.goto(base + '/');
    await p.waitForSelector('.seat');
    await p.screenshot({ path: `${out}/lobby-${tag}.png`, fullPage: true });
    if (tag === 'wide') {
      for (const bad of ['abc', '-5', '9007199254740993']) {
        await p.fill('#seed', bad);
        await p.click('#create');
        const msg = await p.textContent('#err');
        if (!msg || !/seed/i.test(msg)) await fail(`seed ${bad}: no clear message (${msg})`);
      }
      await p.fill('#seed', '');
      await axe(p, 'lobby');
    }
    await p.context().close();
  }
  console.log('PASS lobby: seeds "abc", -5 and 2^53+1 refused with a message');

  // ---- an unknown game and a bad invite link ----
  {
    const p = await newPage(WIDE);
    let sockets = 0;
    p.on('websocket', () => sockets++);
    await p.goto(base + '/g/000000000000?t=nope');
    await p.waitForSelector('.gone', { timeout: 5000 });
    await p.waitForTimeout(1500);
    if (sockets) await fail(`an unknown game opened ${sockets} WebSocket(s)`);
    await p.context().close();
    console.log('PASS unknown game: a clear page, no reconnecting');
  }

  // ---- a drafted game: pick factions by clicking them; copy buttons; my games ----
  {
    const p = await newPage(WIDE);
    await p.goto(base + '/');
    await p.waitForSelector('.seat');
    await p.selectOption('#mode', 'draft');
    await p.fill('.seat[data-i="0"] .name', 'Zoë 🦊');
    await p.click('#create');
    await p.waitForURL(/\/g\/[0-9a-f]+$/); // one person against the computer: straight into the game
    for (let k = 0; k < 2; k++) {
      await p.waitForSelector('#draft button[data-opt]', { timeout: 10000 });
      await p.click('#draft button[data-opt]');
      await p.waitForFunction(() => !document.querySelector('#draft button[data-opt]') || document.body.dataset.sending !== '1');
      await p.waitForTimeout(300);
    }
    await p.waitForSelector('#bases section[data-slot]', { timeout: 10000 });
    const me = await p.textContent('.pchip .pname');
    if (!me.includes('Zoë 🦊')) await fail(`the name is not shown whole: ${me}`);
    await p.goto(base + '/');
    await p.waitForSelector('#mygames li');
    // two people: the lobby stops on the invite links, with copy buttons
    await p.selectOption('.seat[data-i="1"] .kind', 'human');
    await p.click('#create');
    await p.waitForSelector('#links [data-copy]');
    await p.click('#links [data-copy]');
    await p.waitForFunction(() => /Copied|Selected/.test(document.querySelector('#links [data-copy]').textContent), null, { timeout: 3000 }).catch(() => {});
    const copied = await p.textContent('#links [data-copy]');
    if (!/Copied|Selected/.test(copied)) await fail(`the copy button says ${copied}`);
    await p.context().close();
    console.log('PASS draft by clicking factions, copy button, names with accents and emoji, "my games" in the lobby');
  }

  // ---- a whole game against the computer, by clicking the table ----
  {
    const lobby = await newPage(WIDE);
    await lobby.goto(base + '/');
    await lobby.waitForSelector('.seat');
    await lobby.fill('#seed', '42');
    await lobby.click('#create');
    await lobby.waitForURL(/\/g\/[0-9a-f]+$/); // one person against the computer: straight into the game (the key in storage)
    await lobby.waitForSelector('#bases section[data-slot]');
    const href = new URL(lobby.url()).pathname;
    const page = lobby;
    await page.waitForSelector('#bases section[data-slot]');
    await page.waitForFunction(() => document.querySelector('#hand .card .sr-only:last-child') && document.querySelector('#hand .card .sr-only:last-child').textContent.length > 5);
    // full text on hover
    await page.hover('#hand .card');
    const tip = await page.textContent('#tip');
    if (!tip || tip.length < 20) await fail(`hovering a card shows no text: ${tip}`);
    await barVisible(page, '1366x768 start');
    await axe(page, 'game');
    // keyboard: Tab to a glowing hand card, Enter; then a glowing base, Enter
    // the server answers my questions without a real choice at my own pace (settings.go): my turn comes within seconds
    await page.waitForFunction(() => /your turn/i.test(document.title), null, { timeout: 10000 }).catch(() => {});
    const title = await page.title();
    if (!/your turn/i.test(title)) await fail(`the tab title does not say it is my turn: ${title}`);
    const m0 = await page.evaluate(() => document.body.dataset.move);
    await page.keyboard.press('Tab'); // keyboard use: focus rings and the tooltip on focus
    await page.focus('#hand .card.target');
    if (!(await page.evaluate(() => !document.getElementById('tip').hidden))) await fail('focusing a card does not show its text');
    await page.keyboard.press('Enter'); // selects the card (choose, then commit)
    await page.waitForSelector('#hand .card.selected', { timeout: 5000 });
    if (await page.evaluate((m) => document.body.dataset.move !== m, m0)) await fail('selecting a card sent a move');
    if (await page.$('.bhead.target')) {
      await page.focus('.bhead.target');
      await page.keyboard.press('Enter');
    } else await page.click('#bar button[data-opt]');
    await page.waitForFunction((m) => document.body.dataset.move !== m, m0);
    console.log('PASS keyboard: a card played with Tab/focus and Enter; the tab title says whose turn it is');
    // offline: a banner, then back
    await page.context().setOffline(true);
    const offline = await page.waitForSelector('#banner:not([hidden])', { timeout: 8000 }).then(() => true).catch(() => false);
    await page.context().setOffline(false);
    if (offline) {
      await page.click('#retry-now').catch(() => {});
      await page.waitForSelector('#banner', { state: 'detached', timeout: 10000 }).catch(() => fail('the offline banner stays after the connection is back'));
      console.log('PASS offline banner shown and cleared');
    } else console.log('SKIP offline banner: this Chromium keeps the WebSocket open when offline');
    const stats = { table: 0, bar: 0, list: 0, scorings: 0 };
    const r = rng(42);
    let mid = false, res = '';
    while (Date.now() - started < (+process.env.GAME_MS || 600000)) {
      res = await step(page, 'wide', r, stats);
      if (res === 'over') break;
      if (res === 'wait' || res === 'stale') await page.waitForTimeout(40);
      if (!mid && stats.table >= 25) {
        mid = true;
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/table-wide.png` });
        await barVisible(page, '1366x768 mid-game');
        await axe(page, 'game-mid');
      }
    }
    if (res !== 'over') {
      await page.screenshot({ path: `${out}/fail.png` });
      const dump = await page.evaluate(() => ({ url: location.pathname + location.search, ds: { ...document.body.dataset }, prompt: document.getElementById('prompt').textContent, err: (document.getElementById('err') || {}).textContent, bar: document.getElementById('bar').innerText, targets: document.querySelectorAll('.target').length }));
      await fail(`the game against the computer did not end: ${JSON.stringify(stats)} ${res} ${JSON.stringify(dump)}`);
    }
    if (stats.table < 10 || stats.table < stats.list) await fail(`the game was not played on the table: ${JSON.stringify(stats)}`);
    await page.waitForSelector('#gameover #replay-link');
    await page.screenshot({ path: `${out}/gameover-wide.png` });
    const replay = await page.getAttribute('#replay-link', 'href');
    const rr = await page.request.get(base + replay);
    if (!rr.ok()) await fail(`replay download: ${rr.status()}`);
    const status = await page.textContent('#prompt');
    console.log(`PASS game against the computer by the table: ${JSON.stringify(stats)}; ${status}`);
    // the replay viewer: from the start, step, another seat's view, the end
    await page.click('#watch-link');
    await page.waitForFunction(() => document.body.dataset.state === 'replay' && /move 0 of/.test(document.getElementById('prompt').textContent));
    for (let k = 0; k < 3; k++) { await page.click('[data-rp="next"]'); await page.waitForFunction((n) => new RegExp(`move ${n} of`).test(document.getElementById('prompt').textContent), k + 1); }
    await page.selectOption('#rp-seat', '1');
    await page.waitForFunction(() => /seat=1/.test(location.search) && document.querySelectorAll('#hand .card').length > 0);
    await page.click('[data-rp="last"]');
    await page.waitForFunction(() => /the end/.test(document.getElementById('prompt').textContent));
    await page.click('[data-rp="prev"]');
    await page.waitForFunction(() => !/the end/.test(document.getElementById('prompt').textContent));
    await page.screenshot({ path: `${out}/replay-wide.png` });
    await barVisible(page, '1366x768 replay');
    console.log('PASS replay viewer: steps, another seat\'s view, the end and back');
    // rematch: the same seats and factions in a new game
    await page.goto(base + href);
    await page.waitForSelector('#gameover #rematch');
    const factionsOf = async () => { const id = new URL(page.url()).pathname.split('/')[2]; const key = await page.evaluate((g) => localStorage.getItem('smashup.key.' + g), id); const r = await page.request.get(base + `/api/games/${id}`, { headers: { Authorization: 'Bearer ' + key } }); return (await r.json()).table.players.map(p => p.factions.join(' + ')); };
    const factionsBefore = await factionsOf();
    await page.click('#rematch');
    await page.waitForURL((u) => !u.href.includes(href) && !/[?&]t=/.test(u.href));
    await page.waitForSelector('#bases section[data-slot]');
    const factionsAfter = await factionsOf();
    if (JSON.stringify(factionsBefore) !== JSON.stringify(factionsAfter)) await fail(`rematch factions ${factionsAfter} differ from ${factionsBefore}`);
    console.log(`PASS rematch: a new game with the same factions (${factionsAfter.join('; ')})`);
    await page.context().close();
  }

  // ---- two people in two browsers ----
  if (!process.env.SKIP_TWO) {
    const lobby = await newPage(WIDE);
    await lobby.goto(base + '/');
    await lobby.waitForSelector('.seat');
    await lobby.fill('#seed', '7');
    await lobby.selectOption('.seat[data-i="1"] .kind', 'human');
    await lobby.click('#create');
    await lobby.waitForSelector('#links code');
    // the creator's browser holds its own seat's key and the invite links, never another seat's key
    const invite = await lobby.$eval('#links [data-copy]', (b) => b.dataset.copy);
    if (!/\?invite=/.test(invite)) await fail(`the second seat's link is not an invite: ${invite}`);
    const gid = new URL(invite).pathname.split('/')[2];
    const mine = await lobby.evaluate((id) => localStorage.getItem('smashup.key.' + id), gid);
    await lobby.context().close();
    const people = [await newPage(WIDE, 'fast'), await newPage(PHONE, 'instant', true)]; // the first animates moves; the second asks to be asked in every Me First window
    const tags = ['wide2', 'phone'];
    await people[0].goto(base + `/g/${gid}?t=${mine}`);
    await people[0].waitForSelector('#waiting'); // nothing dealt before the invited person comes
    await people[1].goto(invite);
    for (let i = 0; i < 2; i++) await people[i].waitForSelector('#bases section[data-slot]');
    for (let i = 0; i < 2; i++) if (/[?&](t|invite)=/.test(people[i].url())) await fail(`a secret left in the address bar: ${people[i].url()}`);
    const theirs = await people[1].evaluate((id) => localStorage.getItem('smashup.key.' + id), gid);
    await barVisible(people[1], '390x844 start');
    await people[1].waitForTimeout(500);
    const ap = await people[1].request.get(base + `/api/games/${gid}?t=${theirs}`);
    if (!((await ap.json()).settings || {}).ask_every_window) await fail('the stored "ask me in every Me First window" setting was not sent to the server');
    const stats = { table: 0, bar: 0, list: 0, scorings: 0 };
    const rs = [rng(7), rng(8)];
    let over = false, shot = false;
    const t0 = Date.now();
    while (!over && Date.now() - t0 < (+process.env.GAME_MS || 600000)) {
      let acted = false;
      for (let i = 0; i < 2; i++) {
        const res = await step(people[i], tags[i], rs[i], stats);
        if (res === 'over') { over = true; break; }
        if (res !== 'wait' && res !== 'stale') acted = true;
      }
      if (!shot && stats.table >= 30) {
        shot = true;
        await people[1].waitForTimeout(300);
        await people[1].screenshot({ path: `${out}/table-phone.png` });
        await barVisible(people[1], '390x844 mid-game');
        await axe(people[1], 'game-phone');
      }
      if (!acted) await people[0].waitForTimeout(40);
    }
    if (!over) await fail(`the two-person game did not end: ${JSON.stringify(stats)}`);
    if (stats.table < 10 || stats.table < stats.list) await fail(`the two-person game was not played on the table: ${JSON.stringify(stats)}`);
    for (let i = 0; i < 2; i++) await people[i].waitForSelector('#gameover #replay-link');
    await people[1].screenshot({ path: `${out}/gameover-phone.png` });
    await barVisible(people[1], '390x844 game over');
    const final = await people[1].textContent('#prompt');
    console.log(`PASS two people in two browsers by the table: ${JSON.stringify(stats)}; ${final}`);
    // one of them leaves: the other is shown that they are away
    await people[1].context().close();
    const shown = await people[0].waitForFunction(() => [...document.querySelectorAll('#players .pchip .away')].some((e) => /away/.test(e.textContent)), null, { timeout: 10000 }).then(() => true, () => false);
    if (!shown) await fail('a player who left the table is not shown as away to the other');
    console.log('PASS a player who leaves the table is shown as away to the other');
  }
  if (errors.length) await fail(`page errors: ${errors.join('; ')}`);
  console.log(`PASS browser tests in ${Math.round((Date.now() - started) / 1000)} s; screenshots in ${out}`);
} catch (e) {
  await fail(e.stack || String(e));
}
await browser.close();
