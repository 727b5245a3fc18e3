// Playing with anyone (issue 37), in real browsers with different
// identities: Ann chooses a name and lists an open table; Ben, in another
// browser, chooses his, finds the table in the lobby and joins it in one
// click; Cat, in a third, watches it from "Games being played" as a
// spectator; the game is played to the end (the moves sent as each seat's
// page would send them); both players' end-of-game windows tell their
// rating change, the leaderboard lists both with Ann's and Ben's records,
// Ann's profile lists the game with its replay, and Play now seats two
// people at one table; Dee protects her name with a passkey and signs in
// with it in a second browser. A name already taken is refused, saying so.
// Screenshots: ARTIFACT_DIR/anyone-{lobby,joined,watch,over-ann,over-ben,board,profile,talk,390-lobby,390-passkey}.png
// Usage: node anyone.mjs BASE_URL ARTIFACT_DIR
import { harness } from './lib/harness.mjs';

const { base, out, browser, errors, fail, check, axe } = await harness('anyone');
const started = Date.now();
const tag = String(started % 100000); // names are unique on a server: a second run takes new ones
const ANN = `Ann ${tag}`, BEN = `Ben ${tag}`, CAT = `Cat ${tag}`;

async function newPage(viewport = { width: 1366, height: 768 }, touch = false) {
  const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await ctx.newPage();
  page.on('pageerror', e => errors.push(e.message));
  return page;
}

async function chooseName(page, name, taken = false) {
  await page.goto(base + '/');
  await page.waitForSelector('#my-name');
  await page.fill('#my-name', name);
  await page.click('#name-form button[type=submit]');
  if (!taken) await page.waitForSelector('#my-name-shown', { timeout: 10000 }).catch(async () => fail(page, `${name} was not given: ${await page.textContent('#anyone-err')}`));
}

const ann = await newPage();
await chooseName(ann, ANN);
await ann.waitForSelector('#my-name-shown');
await check(ann, (await ann.textContent('#my-name-shown')) === ANN, 'Ann is told her name');

// a name taken is refused, and the page says so
const other = await newPage({ width: 390, height: 844 }, true);
await chooseName(other, ANN.toLowerCase(), true);
await other.waitForFunction(() => document.getElementById('anyone-err').textContent.length > 0);
await check(other, /taken/.test(await other.textContent('#anyone-err')), 'a name taken is refused');
await other.screenshot({ path: `${out}/anyone-390-lobby.png`, fullPage: true });

// Ann lists an open table for two
await ann.selectOption('#n', '2');
await ann.waitForSelector('.seat[data-i="1"] .kind');
await ann.selectOption('.seat[data-i="1"] .kind', 'human');
await ann.check('#open');
await ann.selectOption('#fill', '0');
await ann.click('#create');
await ann.waitForURL(/\/g\/[a-z0-9]+$/);
const game = ann.url().split('/').pop();
console.log('  Ann listed table', game);

// Ben finds it and joins
const ben = await newPage();
await chooseName(ben, BEN);
await ben.waitForSelector('#my-name-shown');
await ben.waitForSelector(`[data-take="${game}"]`, { timeout: 10000 });
const row = await ben.textContent('#open-tables');
await check(ben, /Ann/.test(row) && /free seat/.test(row) && /rated/.test(row), `the open table as listed: ${row}`);
await ben.screenshot({ path: `${out}/anyone-lobby.png`, fullPage: true });
await axe(ben, 'the lobby with an open table');
await ben.click(`[data-take="${game}"]`);
await ben.waitForURL(new RegExp(`/g/${game}$`));
await ben.waitForSelector('#table, .table, body[data-state]', { timeout: 20000 });
await ben.screenshot({ path: `${out}/anyone-joined.png` });

// Cat watches it from the lobby
const cat = await newPage();
await cat.goto(base + '/');
await cat.waitForSelector('#live-tables a.button', { timeout: 10000 });
const live = await cat.textContent('#live-tables');
await check(cat, /Ann/.test(live) && /Ben/.test(live), `the game being played as listed: ${live}`);
await cat.click('#live-tables a.button');
await cat.waitForURL(new RegExp(`/g/${game}`));
await cat.waitForFunction(() => document.body.dataset.state && document.body.dataset.state !== 'loading', null, { timeout: 20000 });
await cat.screenshot({ path: `${out}/anyone-watch.png` });

// talk: Ben says "Good luck!"; Ann and Cat (watching) read it; Ann mutes Ben
await ben.click('#talk summary');
await ben.click('[data-say="good-luck"]');
for (const [page, who] of [[ann, 'Ann'], [cat, 'Cat']]) {
  await page.waitForFunction((n) => (document.getElementById('talk')?.textContent || '').includes(`${n}: Good luck!`), BEN, { timeout: 10000 })
    .catch(async () => fail(page, `${who} never read what Ben said: ${await page.textContent('#talk').catch(() => 'no talk box')}`));
}
await check(cat, !(await cat.$('#talk summary')), 'a spectator is offered no phrase to say');
await ann.click('#talk summary');
await ann.check('[data-mute="1"]');
await ann.waitForFunction((n) => !(document.querySelector('#talk .talk-lines')?.textContent || '').includes(`${n}: Good luck!`), BEN, { timeout: 5000 })
  .catch(async () => fail(ann, `muted, Ben still speaks: ${await ann.textContent('#talk')} ${await ann.evaluate(() => JSON.stringify(localStorage))}`));
await ann.screenshot({ path: `${out}/anyone-talk.png` });

// "Something looks wrong?": Ann reports what she sees from the settings;
// the report does not open while the game goes on (it holds every card)
await ann.click('#btn-settings');
await ann.waitForSelector('#report-text');
await ann.fill('#report-text', 'The base should have scored here.');
await ann.click('[data-report-send]');
await ann.waitForFunction(() => /your report is kept/.test(document.body.textContent), null, { timeout: 10000 })
  .catch(async () => fail(ann, 'the report was not kept'));
const sent = await ann.evaluate((g) => JSON.parse(localStorage.getItem(`smashup.reports.${g}`) || '[]'), game);
await check(ann, sent.length === 1, 'the browser keeps the report\'s key');
const early = await fetch(`${base}/api/reports/${sent[0].id}`, { headers: { Authorization: `Bearer ${sent[0].key}` } });
await check(ann, early.status === 409, `a report opens before the game is over: ${early.status}`);
await ann.keyboard.press('Escape');

// the game to the end: each seat's moves, as its page would send them
const token = (page) => page.evaluate((g) => localStorage.getItem(`smashup.key.${g}`), game);
const keys = [await token(ann), await token(ben)];
await check(ann, keys[0] && keys[1] && keys[0] !== keys[1], 'each browser holds its own seat key');
let rnd = 7;
const next = (n) => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd % n; };
let moves = 0, isOver = false;
for (let round = 0; round < 20000 && !isOver; round++) {
  let moved = false;
  for (const k of keys) {
    const r = await fetch(`${base}/api/games/${game}`, { headers: { Authorization: `Bearer ${k}` } });
    const u = await r.json();
    if (u.table && u.table.over) { isOver = true; break; }
    const d = u.decision;
    if (!d || !d.options || !d.options.length) continue;
    const m = await fetch(`${base}/api/games/${game}/move`, { method: 'POST', headers: { Authorization: `Bearer ${k}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ move: u.move, option: next(d.options.length) }) });
    if (m.status === 429) { await new Promise(res => setTimeout(res, 200)); continue; }
    if (m.ok) { moves++; moved = true; }
  }
  if (!moved && !isOver) await new Promise(res => setTimeout(res, 30));
}
await check(ann, isOver, `the game did not end after ${moves} moves`);
console.log(`  the game ended after ${moves} moves`);

for (const [page, name] of [[ann, 'ann'], [ben, 'ben']]) {
  await page.reload(); // (the pages would show the game's moves one at a time first)
  await page.waitForSelector('#rating-box li', { timeout: 20000 });
  const text = await page.textContent('#rating-box');
  await check(page, /Your rating: -?\d+ → -?\d+ \([+−]\d+\)/.test(text), `${name}'s rating line: ${text}`);
  await page.screenshot({ path: `${out}/anyone-over-${name}.png` });
}

// Ann's report opens in the sandbox from her end-of-game window
await ann.click('[data-report-open]');
await ann.waitForURL(u => /\/g\/[a-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith('/' + game), { timeout: 20000 }).catch(async () => fail(ann, `the report did not open in the sandbox: ${ann.url()} ${await ann.textContent('body').catch(() => '')}`));
await ann.waitForSelector('#sandbox', { timeout: 20000 }).catch(async () => fail(ann, `the sandbox game shows no sandbox strip: ${ann.url().slice(0, 60)}: ${(await ann.textContent('body').catch(() => '')).slice(0, 300)}`));
await ann.screenshot({ path: `${out}/anyone-report.png` });
console.log('  Ann\'s report opened in the sandbox after the game:', ann.url().slice(0, 80));

// the leaderboard and Ann's profile
await ann.goto(base + '/leaderboard');
await ann.waitForSelector('#board a');
const board = await ann.textContent('#board');
await check(ann, /Ann/.test(board) && /Ben/.test(board) && /\(you\)/.test(board), `leaderboard: ${board}`);
await ann.screenshot({ path: `${out}/anyone-board.png` });
await axe(ann, 'the leaderboard');
await ann.click('#board tr.you a');
await ann.waitForURL(/\/p\/[0-9a-f]{16}$/);
await ann.waitForSelector('#games a.link');
const games = await ann.textContent('#games');
await check(ann, /replay/.test(games) && /\d+ \([+−]\d+\)/.test(games), `profile games: ${games}`);
await check(ann, /(you)/.test(await ann.textContent('#p-title')), 'her own profile says so');
await ann.screenshot({ path: `${out}/anyone-profile.png`, fullPage: true });
await axe(ann, 'a profile');

// the lobby lists Ann's game from the server ("Your games")
await ann.goto(base + '/');
await ann.waitForSelector(`[data-mine="${game}"]`, { timeout: 10000 }).catch(async () => fail(ann, 'the lobby does not list Ann\'s game'));

// Ann blocks Ben from his page, and unblocks him
await ann.goto(base + '/leaderboard');
await ann.waitForSelector('#board a');
await ann.click(`#board a:text-is("${BEN}")`);
await ann.waitForSelector('#block-row:not([hidden])');
await ann.click('#block');
await ann.waitForFunction((n) => document.getElementById('block').textContent === `Unblock ${n}`, BEN);
await ann.click('#block');
await ann.waitForFunction((n) => document.getElementById('block').textContent === `Block ${n}`, BEN);

// Play now: Cat opens a table, Ben joins it
await chooseName(cat, CAT);
await cat.waitForSelector('#my-name-shown');
await cat.selectOption('#quick-n', '2');
await cat.selectOption('#quick-fill', '0');
await cat.click('#quick');
await cat.waitForURL(/\/g\/[a-z0-9]+$/);
const quick = cat.url().split('/').pop();
await ben.goto(base + '/');
await ben.waitForSelector('#my-name-shown');
await ben.selectOption('#quick-n', '2');
await ben.click('#quick');
await ben.waitForURL(/\/g\/[a-z0-9]+$/);
// (on a server used before, an older open table may have waited longer than Cat's)
const joined = ben.url().split('/').pop();
const liveNow = await (await fetch(`${base}/api/tables?status=live`)).json();
const t = liveNow.tables.find(x => x.game === joined);
await check(ben, t && t.seats.some(x => x.name === BEN) && t.seats.every(x => !x.open && x.kind === 'human'), `Play now seats Ben at a waiting table, dealt with people only: ${JSON.stringify(t)}`);
await check(ben, joined === quick || !(await (await fetch(`${base}/api/tables`)).json()).tables.length, `Play now left a table waiting: Cat's ${quick}, Ben's ${joined}`);

// a passkey carries Dee's name to a second browser (two virtual
// authenticators, the passkey copied from one to the other as a synced
// passkey would be); passkeys need a name for the host: localhost
const lbase = base.replace('127.0.0.1', 'localhost');
const DEE = `Dee ${tag}`;
async function withAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
  return { cdp, authenticatorId };
}
const dee1 = await newPage();
await dee1.goto(lbase + '/');
const a1 = await withAuthenticator(dee1);
await dee1.fill('#my-name', DEE);
await dee1.click('#name-form button[type=submit]');
await dee1.waitForSelector('#passkey-add');
await dee1.click('#passkey-add');
await dee1.waitForFunction(() => /protected by a passkey/.test(document.getElementById('passkey-state')?.textContent || ''), null, { timeout: 15000 })
  .catch(async () => fail(dee1, `the passkey was not registered: ${await dee1.textContent('#anyone-err')}`));
const { credentials } = await a1.cdp.send('WebAuthn.getCredentials', { authenticatorId: a1.authenticatorId });
await check(dee1, credentials.length === 1 && credentials[0].isResidentCredential, `one passkey on the first device: ${credentials.length}`);
const dee2 = await newPage({ width: 390, height: 844 }, true);
await dee2.goto(lbase + '/');
const a2 = await withAuthenticator(dee2);
await a2.cdp.send('WebAuthn.addCredential', { authenticatorId: a2.authenticatorId, credential: credentials[0] });
await dee2.waitForSelector('#passkey-in');
await dee2.click('#passkey-in');
await dee2.waitForSelector('#my-name-shown', { timeout: 15000 }).catch(async () => fail(dee2, `no sign-in: ${await dee2.textContent('#anyone-err')}`));
await check(dee2, (await dee2.textContent('#my-name-shown')) === DEE, 'the second browser plays as Dee');
const idOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('smashup.identity')));
const [i1, i2] = [await idOf(dee1), await idOf(dee2)];
await check(dee2, i1.id === i2.id && i1.key !== i2.key, 'one identity, a key for each browser');
await dee2.screenshot({ path: `${out}/anyone-390-passkey.png` });
console.log('  a passkey carried the name to a second browser');

await check(ann, errors.length === 0, `page errors: ${errors.join('; ')}`);
console.log(`anyone: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await browser.close();
