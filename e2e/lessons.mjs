// The guided first game, walked in a real browser (issue 25, part 1):
// from the lobby's "Learn to play" to the list of lessons; lesson 1 opens
// on the real table with its goal and (on request) its hints, the other
// player's hand hidden; playing its Invader on Jungle Oasis reaches the
// goal; "Next lesson" opens lesson 2 (at phone size from here on), and so
// on through lesson 8, each played as its solution; after the last, the
// offer of a first real game against the easy computer opens one; the
// list then marks all eight lessons done (kept in the browser).
// Screenshots: ARTIFACT_DIR/lessons-{list,1366-start,1366-reached,390-lesson2,390-last,list-after}.png
// Usage: node lessons.mjs BASE_URL ARTIFACT_DIR
import { harness } from './lib/harness.mjs';

const { base, out, browser, errors, fail, check, axe } = await harness('lessons');
const started = Date.now();
const mine = (page) => page.waitForSelector('body[data-state=mine]:not([data-busy="1"]):not([data-sending="1"])', { timeout: 20000 });

// play the whole move (from the list of every move) whose words match re
async function playWhole(page, re) {
  await mine(page);
  const at = +(await page.getAttribute('body', 'data-move'));
  await page.click('#btn-opts');
  let found = null;
  for (const b of await page.$$('#optlist button[data-whole]')) {
    if (re.test((await b.textContent()).trim())) { found = b; break; }
  }
  await check(page, !!found, `a move matching ${re}`);
  const words = (await found.textContent()).trim();
  await found.click();
  await page.waitForFunction((n) => +document.body.dataset.move > n, at);
  console.log(`  played: ${words}`);
}

const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await ctx.newPage();
page.on('pageerror', e => errors.push(e.message));

// ---- from the lobby to the list ----
await page.goto(base + '/');
await page.click('#learn-link');
await page.waitForURL(/\/learn$/);
await page.waitForSelector('#lessons li[data-lesson]');
const n = (await page.$$('#lessons li[data-lesson]')).length;
await check(page, n >= 8, `${n} lessons listed`);
await check(page, (await page.$$('#lessons li.done')).length === 0, 'nothing done yet');
await page.screenshot({ path: `${out}/lessons-list.png` });
await axe(page, 'the lessons page');

// ---- lesson 1 on the table ----
await page.click('#lessons li[data-lesson="01-minion"] button');
await page.waitForURL(/\/g\/[0-9a-f]+/);
await page.waitForSelector('#lesson');
await mine(page);
const goal = await page.textContent('#lesson .lsgoal');
await check(page, /Invader/.test(goal) && /Jungle Oasis/.test(goal), `the goal: ${goal}`);
await check(page, !(await page.$('#lesson-reached')), 'not reached at the start');
await check(page, !(await page.$('#sandbox')) && !(await page.$('#sb-hands')), 'no sandbox strip: other hands stay hidden');
await check(page, (await page.$$('#hand [data-key]')).length === 1, 'my one card in hand');
await page.click('#lesson-hint');
await page.click('#lesson-hint');
await check(page, (await page.$$('#lesson .lshints li')).length === 2, 'two hints shown');
await page.screenshot({ path: `${out}/lessons-1366-start.png` });
await axe(page, 'a lesson table');
// as the hint says: click Invader in the hand, then the base Jungle Oasis
{
  const at = +(await page.getAttribute('body', 'data-move'));
  await page.click('#hand [data-key]');
  await page.waitForSelector('section.base-target[data-slot="0"]');
  await page.click('section.base-target[data-slot="0"]');
  await page.waitForFunction((n) => +document.body.dataset.move > n, at);
  console.log('  played Invader by clicking it, then Jungle Oasis');
}
await page.waitForSelector('#lesson-reached', { timeout: 20000 });
await page.screenshot({ path: `${out}/lessons-1366-reached.png` });
console.log('  lesson 1: goal reached');

// ---- lesson 2, by "Next lesson", on a phone-sized screen ----
await page.setViewportSize({ width: 390, height: 844 });
const first = page.url();
await page.click('#lesson-next');
await page.waitForURL(u => u.toString() !== first && /\/g\//.test(u.toString()));
await page.waitForSelector('#lesson');
await check(page, /Lesson 2 of/.test(await page.textContent('#lesson .lstag')), 'lesson 2 opened');
await check(page, !(await page.$('#lesson-reached')), 'lesson 2 not reached at the start');
await playWhole(page, /Natural Selection/);
await page.waitForSelector('#lesson-reached', { timeout: 20000 });
await page.screenshot({ path: `${out}/lessons-390-lesson2.png` });
console.log('  lesson 2: goal reached');

// ---- lessons 3 to 8, each by "Next lesson", played as their solutions ----
async function endPlay(page) {
  await mine(page);
  const at = +(await page.getAttribute('body', 'data-move'));
  let end = null;
  for (const b of await page.$$('#bar #buttons button[data-opt]')) if (/^End/.test((await b.textContent()).trim())) end = b;
  await check(page, !!end, `an End button at move ${at}`);
  await end.click();
  if (await page.$('#confirm-end')) await page.click('#confirm-end [data-confirm=yes]');
  await page.waitForFunction((n) => +document.body.dataset.move > n, at);
  console.log('  ended the Play Cards phase');
}
const walk = [
  ['03-scoring', [/King Rex.*Tar Pits/, 'end']],
  ['04-ties', [/King Rex.*Tar Pits/, 'end']],
  ['05-talent', [/War Raptor.*Jungle Oasis/, { click: 'section[data-slot] [data-key="giant_ants/killer_queen"]', what: 'Killer Queen on the table (her Talent)' }, 'end']],
  ['06-ongoing', [/Upgrade.*King Rex/, 'end']],
  ['07-me-first', [/Invader.*Tar Pits/, 'end', /Shinobi/]],
  ['08-counters', [/Soldier.*Jungle Oasis/, 'end']],
];
for (const [id, steps] of walk) {
  const was = page.url();
  await page.click('#lesson-next');
  await page.waitForURL(u => u.toString() !== was && /\/g\//.test(u.toString()));
  await page.waitForSelector('#lesson');
  await check(page, !(await page.$('#lesson-reached')), `${id} not reached at the start`);
  for (const st of steps) {
    if (st === 'end') await endPlay(page);
    else if (st.click) { // as the hint says, on the table
      await mine(page);
      const at = +(await page.getAttribute('body', 'data-move'));
      await page.click(st.click);
      await page.waitForFunction((n) => +document.body.dataset.move > n, at);
      console.log(`  clicked ${st.what}`);
    } else await playWhole(page, st);
  }
  await page.waitForSelector('#lesson-reached', { timeout: 30000 });
  console.log(`  ${id}: goal reached`);
}
await check(page, !!(await page.$('#lesson-first-game')), 'after the last lesson: the offer of a first game');
await page.screenshot({ path: `${out}/lessons-390-last.png` });
await page.click('#lesson-first-game');
await page.waitForURL(u => /\/g\//.test(u.toString()) && !u.toString().includes('lesson'));
await page.waitForSelector('#players');
await page.waitForFunction(() => !document.getElementById('lesson') && document.querySelectorAll('#players li').length === 2);
console.log('  a first game against the easy computer opened');

// ---- progress kept in the browser ----
await page.setViewportSize({ width: 1366, height: 768 });
await page.goto(base + '/learn');
await page.waitForSelector('#lessons li[data-lesson]');
const done = await page.$$eval('#lessons li.done', els => els.map(e => e.dataset.lesson));
await check(page, done.length === 8, `done: ${done}`);
await check(page, (await page.getAttribute('#learn-done', 'class') || '').includes('ready'), 'the first game is offered as the next step');
await page.screenshot({ path: `${out}/lessons-list-after.png` });

await check(null, errors.length === 0, `page errors: ${errors.join('; ')}`);
console.log(`PASS lessons walk (${((Date.now() - started) / 1000).toFixed(1)} s)`);
await browser.close();
