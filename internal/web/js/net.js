// The connection to the server: the seat's update over GET and the
// WebSocket (reconnecting, and catching up with a GET after a break),
// moves, settings, the replay viewer's frames and rematches. Every answer
// that is an update goes to onUpdate; the state of the line to onStatus.

let game = '', token = '';
let onUpdate = () => {}, onStatus = () => {};
let ws = null, retry = 1000, retryTimer = null, stopped = false;

const headers = (json) => ({ Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) });

export function init(opts) {
  ({ game, token } = opts);
  onUpdate = opts.onUpdate;
  onStatus = opts.onStatus;
}

async function call(path, opts = {}) {
  let r;
  try { r = await fetch(path, opts); } catch { return { offline: true }; }
  const body = await r.json().catch(() => ({}));
  return { ok: r.ok, status: r.status, body };
}

// load asks for the seat's update; it reports whether the game is there.
export async function load() {
  const r = await call(`/api/games/${game}`, { headers: headers() });
  if (r.offline) { onStatus({ kind: 'offline' }); return false; }
  if (r.status === 404) { stop(); onStatus({ kind: 'gone' }); return false; }
  if (!r.ok) { onStatus({ kind: 'error', text: `The server could not load the game: ${r.body.error || r.status}` }); return false; }
  onUpdate(r.body, 'load');
  return true;
}

// connect opens the WebSocket; after a break it loads the game again
// (which also tells a deleted game from a lost line) and retries, waiting
// longer each time up to 15 s.
export function connect() {
  if (stopped) return;
  clearTimeout(retryTimer);
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/api/games/${game}/ws`, ['smashup.v1', 'smashup', `token.${token}`]);
  ws.onopen = () => { retry = 1000; onStatus({ kind: 'open' }); };
  ws.onmessage = (e) => { let u; try { u = JSON.parse(e.data); } catch { return; } onUpdate(u, 'ws'); };
  ws.onclose = async () => {
    ws = null;
    if (stopped) return;
    const there = await load();
    if (stopped) return;
    onStatus({ kind: 'lost', seconds: Math.round(retry / 1000), there });
    retryTimer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 15000);
  };
}

export function reconnectNow() {
  if (stopped) return;
  if (ws && ws.readyState === WebSocket.OPEN) { load().then(ok => { if (ok) onStatus({ kind: 'open' }); }); return; }
  if (ws) { ws.onclose = null; ws.close(); ws = null; }
  connect();
}

export function stop() {
  stopped = true;
  clearTimeout(retryTimer);
  if (ws) { ws.onclose = null; ws.close(); ws = null; }
}

// switchTo speaks for another seat from now on (pass and play, js/pnp.js):
// the line is closed; load and connect open it with the new key.
export function switchTo(t) {
  clearTimeout(retryTimer);
  if (ws) { ws.onclose = null; ws.close(); ws = null; }
  token = t; stopped = false; retry = 1000;
}

export const isOpen = () => !!ws && ws.readyState === WebSocket.OPEN;

// move sends a whole move: option, then the answers to its follow-up
// questions. It answers {update} or {error, stale}.
export async function move(at, path) {
  const body = { move: at, option: path[0] };
  if (path.length > 1) body.then = path.slice(1);
  const r = await call(`/api/games/${game}/move`, { method: 'POST', headers: headers(true), body: JSON.stringify(body) });
  if (r.offline) return { error: 'The move could not be sent: the connection is lost. Try again when it is back.' };
  if (!r.ok) return { error: `Move refused: ${r.body.error || r.status}`, stale: r.status === 409 };
  onUpdate(r.body, 'move');
  return {};
}

export async function settings(s) {
  const r = await call(`/api/games/${game}/settings`, { method: 'POST', headers: headers(true), body: JSON.stringify(s) });
  if (r.ok && r.body && r.body.game) onUpdate(r.body, 'settings');
  return r.ok;
}

// at is a finished game after n moves as seat saw it (the replay viewer).
export async function at(n, seat) {
  const r = await call(`/api/games/${game}/at?n=${n}&seat=${seat}`, { headers: headers() });
  if (r.offline) return { error: 'You are offline: the replay cannot be loaded.' };
  if (r.status === 404) return { gone: true };
  if (!r.ok) return { error: r.body.error || `the server answered ${r.status}` };
  return r.body;
}

// rematch asks for the rematch (create: start it when there is none yet).
export async function rematch(create) {
  const r = await call(`/api/games/${game}/rematch`, { method: create ? 'POST' : 'GET', headers: headers() });
  if (r.ok && r.body.link) return { link: r.body.link };
  return { error: create ? (r.body.error || 'The rematch could not be created.') : '' };
}

// hint asks what the strongest computer level would play at the seat's
// decision of move at (js/hint.js): {hint} or {error}.
export async function hint(at) {
  const r = await call(`/api/games/${game}/hint`, { method: 'POST', headers: headers(true), body: JSON.stringify({ move: at }) });
  if (r.offline) return { error: 'No hint: the connection is lost.' };
  if (!r.ok) return { error: `No hint: ${r.body.error || r.status}` };
  return { hint: r.body };
}

// review is a finished game's review (js/review.js): the server's answer,
// or {status: 'error', error}.
export async function review() {
  const r = await call(`/api/games/${game}/review`, { headers: headers() });
  if (r.offline) return { status: 'error', error: 'the connection is lost' };
  if (!r.ok) return { status: 'error', error: r.body.error || String(r.status) };
  return r.body;
}

export async function catalog() {
  const r = await call('/api/catalog');
  return r.ok ? r.body : null;
}
