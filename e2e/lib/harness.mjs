// The harness of the short browser walks (sandbox.mjs, lessons.mjs): the
// server's address and the artifact directory from the command line, one
// headless Chromium, and the checks that end the walk at the first failure
// (with a screenshot), including an axe-core run.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// harness starts the walk called name: {base, out, browser, errors, fail, check, axe}.
export async function harness(name) {
  const base = process.argv[2] || 'http://127.0.0.1:8080';
  const out = process.argv[3] || 'artifacts';
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const errors = []; // page errors, checked at the end of the walk
  const fail = async (page, msg) => {
    if (page) await page.screenshot({ path: `${out}/${name}-failure.png` }).catch(() => {});
    console.error('FAIL', msg);
    await browser.close();
    process.exit(1);
  };
  const check = async (page, ok, msg) => { if (!ok) await fail(page, msg); };
  const axe = async (page, what) => {
    await page.addScriptTag({ path: axePath });
    const res = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
      .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) })));
    const bad = res.filter(v => v.impact === 'serious' || v.impact === 'critical');
    if (bad.length) await fail(page, `axe-core on ${what}: ${JSON.stringify(bad)}`);
    console.log(`  axe-core on ${what}: no serious or critical violation (${res.length} lesser)`);
  };
  return { base, out, browser, errors, fail, check, axe };
}
