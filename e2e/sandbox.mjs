// The rules sandbox, walked in a real browser (issue 25, part 3): from the
// lobby's link to the sandbox page; a position with a mistake is refused
// naming its line; the example opens on the table with every hand face up
// and "acting as" its first player; moves are made until the page acts
// for the other player (its hand is then the hand below); going back to an
// earlier decision opens the game as it was there; a scenario's steps,
// played on request, stop where one fails (which the page says); the
// share link, opened in a phone-sized browser, shows the same position
// and moves; a card chosen from a discard pile closes the pile and is told
// in the log. axe-core
// finds no serious or critical violation on the sandbox page and table.
// Screenshots: ARTIFACT_DIR/sandbox-{page,1366-start,1366-other,1366-goback,1366-back,390-shared,390-taken}.png
// Usage: node sandbox.mjs BASE_URL ARTIFACT_DIR
import { harness } from './lib/harness.mjs';

const { base, out, browser, errors, fail, check, axe } = await harness('sandbox');
const started = Date.now();

async function newPage(viewport, touch) {
  const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await ctx.newPage();
  page.on('pageerror', e => errors.push(e.message));
  return page;
}

const acting = (page) => page.getAttribute('#sb-acting', 'data-acting');
const move = async (page) => +(await page.getAttribute('body', 'data-move'));
const mine = (page) => page.waitForSelector('body[data-state=mine]:not([data-busy="1"]):not([data-sending="1"])', { timeout: 20000 });

// ---- the sandbox page, from the lobby ----
const page = await newPage({ width: 1366, height: 768 }, false);
await page.goto(base + '/');
await page.click('#sandbox-link');
await page.waitForURL(/\/sandbox$/);
await page.fill('#sb-text', 'name: a mistake\nsetup:\n  players:\n    - { id: A, hand: [Invadr] }\n    - { id: B }\n  bases: [{ base: Tar Pits }]\n');
await page.click('#sb-open');
await page.waitForFunction(() => document.getElementById('sb-err').textContent.length > 0);
const err = await page.textContent('#sb-err');
await check(page, /line 4/.test(err) && /Invadr/.test(err), `the error names the line: ${err}`);
console.log(`  refused: ${err}`);
await page.click('#sb-example');
await axe(page, 'sandbox page');
await page.screenshot({ path: `${out}/sandbox-page.png` });

// ---- the example on the table ----
await page.click('#sb-open');
await page.waitForURL(/\/g\/[0-9a-f]+/);
await mine(page);
await check(page, (await acting(page)) === '0', 'acting as the first player at the start');
const bobCards = await page.$$('#sb-hands [data-hand="1"] .chip-card');
await check(page, bobCards.length === 3, `the other player's hand face up: ${bobCards.length} cards`);
await check(page, (await page.$$('#hand [data-key]')).length === 3, 'the acting player\'s hand below');
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}/sandbox-1366-start.png` });
await axe(page, 'sandbox table');

// play the first whole move offered (a card from the hand), then pass
// until the page acts for the other player
await page.click('#btn-opts');
const first = await page.$('#optlist button[data-whole]');
const played = await first.textContent();
await first.click();
await page.waitForFunction(() => +document.body.dataset.move >= 1);
console.log(`  move 1: ${played}`);
for (let i = 0; i < 30 && (await acting(page)) === '0'; i++) {
  await mine(page);
  if ((await acting(page)) !== '0') break;
  const at = await move(page);
  const buttons = await page.$$('#bar #buttons button[data-opt]');
  let pick = buttons[0];
  for (const b of buttons) if (/^(End|Pass|No|Done|Don)/.test((await b.textContent()).trim())) pick = b;
  await check(page, !!pick, `a button to answer at move ${at}`);
  await pick.click();
  if (await page.$('#confirm-end')) await page.click('#confirm-end [data-confirm=yes]');
  await page.waitForFunction((n) => +document.body.dataset.move > n, at);
}
await mine(page);
await check(page, (await acting(page)) === '1', 'the page acts for the other player');
const hand = await page.$$eval('#hand [data-key]', els => els.map(e => e.dataset.key));
await check(page, hand.length > 0 && hand.every(k => /^(ninjas|pirates)\//.test(k)), `the other player's hand is the hand below: ${hand}`);
const movesMade = await move(page);
await page.screenshot({ path: `${out}/sandbox-1366-other.png` });
console.log(`  acting for Bob after ${movesMade} moves`);

// ---- share link ----
await page.click('#sb-share');
await page.waitForSelector('#sb-note');
let link = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
if (!link) link = await page.inputValue('#sb-note input');
await check(page, link.startsWith(base + '/sandbox#p='), `share link: ${link}`);

// ---- go back to the decision after the first move ----
const here = page.url();
await page.click('#sb-back-btn');
await page.waitForSelector('#sb-back [data-undo="1"]');
await page.screenshot({ path: `${out}/sandbox-1366-goback.png` });
await page.click('#sb-back [data-undo="1"]');
await page.waitForURL(u => u.toString() !== here && /\/g\//.test(u.toString()));
await mine(page);
await check(page, (await move(page)) === 1 && (await acting(page)) === '0', `gone back to move 1: move ${await move(page)} acting ${await acting(page)}`);
await page.screenshot({ path: `${out}/sandbox-1366-back.png` });

// ---- a scenario's own steps, played as `smashup scenario` plays them ----
await page.goto(base + '/sandbox');
await page.click('#sb-example');
const example = await page.inputValue('#sb-text');
await page.fill('#sb-text', example + 'steps:\n  - play: King Rex\n    base: Tar Pits\n  - expect: { vp: { Ann: 99 } }\n');
await page.check('#sb-steps');
await page.click('#sb-open');
await page.waitForSelector('#sb-failed:not([hidden])');
const why = await page.textContent('#sb-failed-text');
await check(page, /step 2: expect vp/.test(why), `the failing step: ${why}`);
await page.click('#sb-failed-open');
await page.waitForURL(/\/g\/[0-9a-f]+/);
await mine(page);
await check(page, (await move(page)) === 2, `opened where the step failed: move ${await move(page)}`);
console.log(`  steps played up to: ${why}`);

// ---- the share link on a phone ----
const phone = await newPage({ width: 390, height: 844 }, true);
await phone.goto(link);
await phone.waitForURL(/\/g\/[0-9a-f]+/);
await phone.waitForSelector('body[data-state=mine]', { timeout: 20000 });
await check(phone, (await move(phone)) === movesMade && (await acting(phone)) === '1', `the shared link shows move ${movesMade} acting for Bob: ${await move(phone)} ${await acting(phone)}`);
await phone.waitForTimeout(300);
await phone.screenshot({ path: `${out}/sandbox-390-shared.png` });
await axe(phone, 'sandbox table on a phone');

// ---- a card chosen from a discard pile, on a phone: the pile closes and the log tells it ----
await phone.goto(base + '/sandbox');
await phone.fill('#sb-text', 'name: take back\nsetup:\n  players:\n    - { id: A, hand: [Grave Digger], discard: [Walker, Zombie Lord] }\n    - { id: B, hand: [Scout] }\n  bases: [{ base: Tar Pits }, { base: Jungle Oasis }]\n  current: A\n');
await phone.click('#sb-open');
await phone.waitForURL(/\/g\/[0-9a-f]+/);
await mine(phone);
await phone.click('#btn-opts');
await phone.click('#optlist button[data-whole]');
await phone.waitForSelector('#pile [data-target]', { timeout: 20000 });
await phone.click('#pile >> text=Walker');
await phone.waitForFunction(() => [...document.querySelectorAll('#log li')].some(li => /takes? Walker from (their|your) discard pile/.test(li.textContent)), null, { timeout: 20000 });
await mine(phone);
await check(phone, !(await phone.$('#pile')), 'the discard pile closes once its card is chosen');
await phone.screenshot({ path: `${out}/sandbox-390-taken.png` });
console.log('  a card taken from the discard pile is told, and the pile closes');

await check(null, errors.length === 0, `page errors: ${errors.join('; ')}`);
await browser.close();
console.log(`sandbox: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
