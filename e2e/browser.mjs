// Browser end-to-end test: create a game against the computer in the lobby,
// then play it through the game page by clicking options until it ends.
// Usage: node browser.mjs BASE_URL ARTIFACT_DIR
import { chromium } from 'playwright-core';
import fs from 'node:fs';

const base = process.argv[2] || 'http://127.0.0.1:8080';
const out = process.argv[3] || 'artifacts';
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const fail = async (msg) => { console.error('FAIL:', msg); await browser.close(); process.exit(1); };
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(base + '/');
  await page.waitForSelector('.seat');
  await page.fill('#seed', '42');
  await page.screenshot({ path: `${out}/lobby.png`, fullPage: true });
  await page.click('#create');
  const link = await page.waitForSelector('#links a.link');
  const href = await link.getAttribute('href');
  await page.goto(base + href);
  await page.waitForSelector('#bases .base');
  // a card's text shows on hover (texts come once from /api/cards)
  await page.waitForFunction(() => document.querySelector('#hand .card') && !document.querySelector('#hand .card').dataset.text.endsWith('no ability'), null, { timeout: 10000 }).catch(() => {});
  await page.hover('#hand .card');
  const tip = await page.textContent('#tip');
  if (!tip || !tip.includes(':') || tip.length < 20) await fail(`hovering a card shows no text: ${tip}`);
  let clicks = 0, shot = false;
  for (let i = 0; i < 4000; i++) {
    const status = await page.textContent('#status');
    if (status && status.startsWith('Game over')) break;
    const btn = await page.$('#options button:not([disabled])');
    if (!btn) { await page.waitForTimeout(50); continue; }
    try {
      await btn.click({ timeout: 2000 });
    } catch (e) { continue; } // re-rendered by a live update: look again
    clicks++;
    if (clicks === 12 && !shot) { await page.waitForTimeout(200); await page.screenshot({ path: `${out}/game.png`, fullPage: true }); shot = true; }
    await page.waitForTimeout(20);
  }
  const status = await page.textContent('#status');
  if (!status || !status.startsWith('Game over')) await fail(`game did not end; status: ${status}; clicks: ${clicks}`);
  if (!shot) await page.screenshot({ path: `${out}/game.png`, fullPage: true });
  await page.screenshot({ path: `${out}/game-over.png`, fullPage: true });
  console.log(`PASS browser game: ${clicks} clicks; ${status}`);

  // Two people on two browsers (two separate contexts: nothing shared), each
  // from their own invite link, play a whole game against each other.
  const lobby = await browser.newPage();
  await lobby.goto(base + '/');
  await lobby.waitForSelector('.seat');
  await lobby.fill('#seed', '7');
  await lobby.selectOption('.seat[data-i="1"] .kind', 'human');
  await lobby.click('#create');
  await lobby.waitForFunction(() => document.querySelectorAll('#links a.link').length >= 3);
  const hrefs = await lobby.$$eval('#links a.link', (as) => as.map((a) => a.getAttribute('href')));
  const people = [];
  for (const h of hrefs.slice(0, 2)) {
    const ctx = await browser.newContext({ viewport: { width: 420, height: 860 } }); // phone-sized
    const p = await ctx.newPage();
    p.on('pageerror', (e) => console.error('page error:', e.message));
    await p.goto(base + h);
    await p.waitForSelector('#bases .base');
    people.push(p);
  }
  let moves = 0, over = false;
  for (let i = 0; i < 20000 && !over; i++) {
    let acted = false;
    for (const p of people) {
      const st = await p.textContent('#status');
      if (st && st.startsWith('Game over')) { over = true; break; }
      const bs = await p.$$('#options button:not([disabled])');
      if (bs.length) {
        // mostly the first option (play a card), sometimes the last (pass), so turns move on
        try {
          await bs[(moves % 5 === 4) ? bs.length - 1 : 0].click({ timeout: 2000 });
        } catch (e) { continue; } // the page re-rendered under us (a live update): look again
        moves++;
        acted = true;
        if (moves === 20) await p.screenshot({ path: `${out}/two-people-phone.png`, fullPage: true });
      }
    }
    if (!acted) await people[0].waitForTimeout(30);
  }
  if (!over) await fail(`the two-person game did not end after ${moves} moves`);
  const final = await people[1].textContent('#status');
  await people[1].screenshot({ path: `${out}/two-people-over.png`, fullPage: true });
  console.log(`PASS two people in two browsers: ${moves} moves; ${final}`);
} catch (e) {
  await fail(e.stack || String(e));
}
await browser.close();
