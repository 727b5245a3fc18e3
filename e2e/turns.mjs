// A turn-based game (issue 37 part 4), in a real browser: Ann chooses a
// name, makes a game against the computer at "a day a decision", sees the
// pace and her time left, and asks to be told when it is her turn (the
// browser's permission granted; its push subscription points at a local
// push service, since headless Chromium reaches none of its own). She
// closes the page; her next decision reaches the local push service,
// which decrypts it (RFC 8291) and checks the server's VAPID signature;
// the link it carries opens her seat. The service worker is registered and
// the web app manifest (with its icons) is served, so the page installs.
// Screenshots: ARTIFACT_DIR/turns-{game,told}.png
// Usage: PUSH_PORT=N node turns.mjs BASE_URL ARTIFACT_DIR (the server run
// with --push-hosts http://127.0.0.1:N)
import http from 'node:http';
import crypto from 'node:crypto';
import { harness } from './lib/harness.mjs';

const { base, out, browser, errors, fail, check } = await harness('turns');
const port = Number(process.env.PUSH_PORT || 0);
if (!port) { console.error('FAIL set PUSH_PORT (the server runs with --push-hosts http://127.0.0.1:PUSH_PORT)'); process.exit(1); }

// ---------- the local push service ----------
const ua = crypto.createECDH('prime256v1');
ua.generateKeys();
const auth = crypto.randomBytes(16);
const b64u = (b) => Buffer.from(b).toString('base64url');
const received = [];
let vapidKey = '';

function decrypt(body) {
  const salt = body.subarray(0, 16), rs = body.readUInt32BE(16), idlen = body[20];
  const asPub = body.subarray(21, 21 + idlen), ct = body.subarray(21 + idlen);
  if (idlen !== 65 || ct.length > rs) throw new Error('not one aes128gcm record');
  const secret = ua.computeSecret(asPub);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPub]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, auth, info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(ct.subarray(ct.length - 16));
  const pt = Buffer.concat([d.update(ct.subarray(0, ct.length - 16)), d.final()]);
  let i = pt.length - 1;
  while (i >= 0 && pt[i] === 0) i--;
  if (pt[i] !== 2) throw new Error('no last-record delimiter');
  return JSON.parse(pt.subarray(0, i).toString());
}

function checkVapid(h) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(h || '');
  if (!m) throw new Error('no VAPID authorization');
  if (m[2].replace(/=+$/, '') !== vapidKey) throw new Error('signed with another key than the server\'s');
  const [hd, pl, sig] = m[1].split('.');
  const pub = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(Buffer.from(vapidKey, 'base64url').subarray(1, 33)), y: b64u(Buffer.from(vapidKey, 'base64url').subarray(33)) }, format: 'jwk' });
  if (!crypto.verify('sha256', Buffer.from(`${hd}.${pl}`), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'))) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(pl, 'base64url').toString());
  if (claims.aud !== `http://127.0.0.1:${port}` || claims.exp * 1000 < Date.now()) throw new Error('VAPID claims ' + JSON.stringify(claims));
}

const push = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', c => chunks.push(c));
  req.on('end', () => {
    try {
      checkVapid(req.headers.authorization);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content encoding ' + req.headers['content-encoding']);
      received.push({ path: req.url, ttl: req.headers.ttl, msg: decrypt(Buffer.concat(chunks)) });
      res.writeHead(201).end();
    } catch (e) {
      received.push({ path: req.url, err: e.message });
      res.writeHead(400).end(e.message);
    }
  });
});
await new Promise(r => push.listen(port, '127.0.0.1', r));
const endpoint = `http://127.0.0.1:${port}/push/ann`;

// ---------- Ann's browser ----------
const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
await ctx.grantPermissions(['notifications'], { origin: base });
// the browser's push subscription, on the local push service
await ctx.addInitScript(({ endpoint, p256dh, auth }) => {
  if (!window.PushManager) return;
  const sub = { endpoint, expirationTime: null, options: {}, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }), unsubscribe: async () => true };
  let made = false;
  PushManager.prototype.subscribe = async function () { made = true; return sub; };
  PushManager.prototype.getSubscription = async function () { return made ? sub : null; };
}, { endpoint, p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) });
const page = await ctx.newPage();
page.on('pageerror', e => errors.push(e.message));
const tag = String(Date.now() % 100000);
await page.goto(base + '/');
await page.waitForSelector('#my-name');
await page.fill('#my-name', `Ann T${tag}`);
await page.click('#name-form button[type=submit]');
await page.waitForSelector('#my-name-shown', { timeout: 10000 }).catch(() => fail(page, 'no name given'));
vapidKey = (await (await fetch(base + '/api/push/key')).json()).key;
const sw = await page.evaluate(async () => { const r = await navigator.serviceWorker.ready; return r.active ? r.active.scriptURL : ''; });
await check(page, sw.endsWith('/sw.js'), `the service worker is registered (${sw})`);
const man = await (await fetch(base + '/manifest.webmanifest')).json();
for (const ic of man.icons.filter(i => i.type === 'image/png')) {
  const r = await fetch(base + ic.src);
  await check(page, r.ok && r.headers.get('content-type') === 'image/png', `the manifest's icon ${ic.src} is served`);
}
await check(page, man.display === 'standalone' && man.start_url === '/' && man.icons.some(i => i.sizes === '512x512'), 'the manifest makes the page installable');

// a game against the computer, a day a decision
await page.selectOption('#n', '2');
await page.selectOption('#pace', '24');
await check(page, await page.isDisabled('#standin'), 'a turn-based game has no stand-in time of its own');
await page.click('#create');
await page.waitForURL(/\/g\/[a-z0-9]+$/);
const game = page.url().split('/').pop();
await page.waitForSelector('body[data-state="mine"]', { timeout: 30000 }).catch(() => fail(page, 'Ann was never asked'));
const info = await page.textContent('#side .info');
await check(page, /turn-based game/.test(info) && /a day for each decision/.test(info), `the pace is told: ${info}`);
await check(page, /(23|24) hours left for this decision/.test(info), `Ann is told her time left: ${info}`);
await check(page, /left/.test(await page.textContent('#turn')), 'the turn bar says the time left');
await page.click('#btn-notify');
await page.waitForFunction(() => /will tell you when it is your turn/.test(document.getElementById('side').textContent), null, { timeout: 10000 }).catch(() => fail(page, 'no word that the browser will be told'));
await page.screenshot({ path: `${out}/turns-game.png` });
await check(page, received.length === 0, 'nothing is sent while the page is open');
const token = await page.evaluate((g) => localStorage.getItem(`smashup.key.${g}`), game);
await page.close();

// Ann answers from elsewhere (her page closed) until her next decision is
// asked: it reaches the local push service
const api = (path, body) => fetch(`${base}/api/games/${game}${path}`, { method: body ? 'POST' : 'GET', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) }).then(r => r.json());
const until = Date.now() + 60000;
while (!received.length && Date.now() < until) {
  const u = await api('');
  if (u.decision && u.decision.mine && u.decision.options.length) await api('/move', { move: u.move, option: u.decision.options.length - 1 });
  await new Promise(r => setTimeout(r, 300));
}
await check(null, received.length > 0, 'no "your turn" reached the push service in a minute');
const got = received[0];
await check(null, !got.err, `the push service could not read the message: ${got.err}`);
await check(null, got.msg.title === 'Your turn' && /your decision/.test(got.msg.body) && got.msg.url.startsWith(`/g/${game}?t=`), `the message: ${JSON.stringify(got.msg)}`);
await check(null, Number(got.ttl) > 80000 && Number(got.ttl) <= 86400, `it is kept by the push service for the decision's time (TTL ${got.ttl})`);
console.log(`  "your turn" reached the push service, decrypted: ${JSON.stringify(got.msg.body)}`);

// the link it carries (what a click on the notification opens) is her seat
const again = await ctx.newPage();
again.on('pageerror', e => errors.push(e.message));
await again.goto(base + got.msg.url);
await again.waitForSelector('body[data-seat="0"]', { timeout: 20000 }).catch(() => fail(again, 'the link does not open her seat'));
await again.screenshot({ path: `${out}/turns-told.png` });
await check(again, !errors.length, `page errors: ${errors.join('; ')}`);
await browser.close();
push.close();
console.log('turns: PASS');
