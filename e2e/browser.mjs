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
  let clicks = 0, shot = false;
  for (let i = 0; i < 4000; i++) {
    const status = await page.textContent('#status');
    if (status && status.startsWith('Game over')) break;
    const btn = await page.$('#options button:not([disabled])');
    if (!btn) { await page.waitForTimeout(50); continue; }
    // prefer playing cards early on, then whatever comes first
    await btn.click();
    clicks++;
    if (clicks === 12 && !shot) { await page.waitForTimeout(200); await page.screenshot({ path: `${out}/game.png`, fullPage: true }); shot = true; }
    await page.waitForTimeout(20);
  }
  const status = await page.textContent('#status');
  if (!status || !status.startsWith('Game over')) await fail(`game did not end; status: ${status}; clicks: ${clicks}`);
  if (!shot) await page.screenshot({ path: `${out}/game.png`, fullPage: true });
  await page.screenshot({ path: `${out}/game-over.png`, fullPage: true });
  console.log(`PASS browser game: ${clicks} clicks; ${status}`);
} catch (e) {
  await fail(e.stack || String(e));
}
await browser.close();
