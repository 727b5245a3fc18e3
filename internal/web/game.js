// The game page: starts the connection, feeds the animation queue, draws
// the store with Preact, and keeps the page's hooks (body data attributes,
// the tab title, the log scrolled to its newest line) up to date.
// Modules: js/net.js (connection), js/store.js (state), js/queue.js
// (animations), js/decide.js (the decision as targets), js/view*.js
// (drawing), js/input.js (clicks and keys). See docs/client.md.
import { render } from './vendor/preact-htm.js';
import { get, set, subscribe } from './js/store.js';
import * as net from './js/net.js';
import * as queue from './js/queue.js';
import { App } from './js/view.js';
import { install, initReplay, tipStale, refreshTip, onRematch, autoEnd } from './js/input.js';
import { namer } from './js/words.js';
import { mine as mineOf, plan } from './js/decide.js';
import * as keys from './js/keys.js';
import { installHostActions } from './js/view-seats.js';
import { installReports } from './js/report.js';
import { installTalk } from './js/talk.js';
import * as pnp from './js/pnp.js';
import * as hint from './js/hint.js';
import * as review from './js/review.js';

const params = new URLSearchParams(location.search);
const game = location.pathname.split('/').filter(Boolean)[1] || '';
let token = params.get('t') || '';
let held = null; // pass and play: every person's seat key ({seat: key}; js/pnp.js)
const invite = params.get('invite') || '';
const replay = params.has('replay');
const storedSpeed = localStorage.getItem('smashup.speed');
const narrowQ = matchMedia('(max-width: 820px)');

set({
  game, replay,
  speed: ['slow', 'normal', 'fast', 'instant'].includes(storedSpeed) ? storedSpeed : 'normal',
  hints: localStorage.getItem('smashup.hints') !== 'off',
  narrow: narrowQ.matches,
});
narrowQ.addEventListener('change', () => set({ narrow: narrowQ.matches }));

// ---------- drawing ----------
const root = document.getElementById('app');
let waiters = [];
export const whenRendered = () => new Promise((res) => waiters.push(res));

function draw(s) {
  const t0 = performance.now();
  render(App(s), root);
  const t1 = performance.now();
  hooks(s);
  afterDraw(s);
  timing(s, t0, t1);
  const w = waiters; waiters = [];
  for (const f of w) f();
}

// timing keeps, for the browser test, how long each update took from its
// arrival to the frame that shows it painted (window.__render: {ms,
// draw, render, wait, raf}: the whole, the drawing, its Preact part, the
// wait before it, the start of the next frame; the last 500).
const arrived = new WeakMap();
const after = (f) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = f; ch.port2.postMessage(0); });
function timing(s, t0, t1) {
  const u = s.shown;
  const at = u && arrived.get(u);
  if (at == null) return;
  arrived.delete(u);
  const drawMs = performance.now() - t0;
  let raf = 0;
  requestAnimationFrame(() => { raf = performance.now() - at; });
  after(() => {
    const all = (window.__render = window.__render || []);
    all.push({ ms: performance.now() - at, draw: drawMs, render: t1 - t0, wait: t0 - at, raf, move: u.move });
    if (all.length > 500) all.shift();
  });
}

// hooks are the attributes the browser tests read (docs/client.md).
// (each is written only when it changes: a write invalidates the page's style)
function hooks(s) {
  const u = s.shown;
  const d = u && u.decision;
  const mine = mineOf(u) && !s.busy && !s.sending;
  put('seat', u ? u.seat : '');
  put('state', s.pnp && s.pnp.cover != null ? 'handover' : s.pnp && s.pnp.switching ? 'loading' : s.ask ? 'ask' : s.gone ? 'gone' : !u ? 'loading' : s.replay ? 'replay' : u.table && u.table.over ? 'over' : mine ? 'mine' : 'wait');
  put('move', u ? u.move : '');
  put('decision', mine && !s.replay ? d.kind : '');
  put('busy', s.busy ? '1' : '');
  put('sending', s.sending ? '1' : '');
  const t = title(s, mine);
  if (document.title !== t) document.title = t;
}
function put(k, v) {
  const b = document.body.dataset;
  if (b[k] !== String(v)) b[k] = v;
}

function title(s, mine) {
  const u = s.shown;
  if (s.ask) return 'Take the seat? · Smash Up';
  if (s.gone) return 'Game not found · Smash Up';
  if (s.pnp && s.pnp.cover != null) return 'Pass the screen · Smash Up';
  if (!u) return 'Smash Up';
  if (s.replay) return `Replay, move ${u.move} · Smash Up`;
  const t = u.table;
  if (t && t.over) return 'Game over · Smash Up';
  if (mine) return '▶ Your turn · Smash Up';
  const n = namer(u);
  if (t && t.current !== n.me) return `${n.poss(t.current)} turn · Smash Up`;
  return 'Smash Up';
}

let drawnUpdate = null, scrolledFor = '';
function afterDraw(s) {
  if (s.shown !== drawnUpdate) { drawnUpdate = s.shown; refreshTip(); } // its text may be out of date
  tipStale();
  autoEnd(s);
  // (the log shows its newest line by itself: style.css, .logwrap)
  // a base's targets in sight: each column that scrolls shows its first target
  const key = s.shown ? `${s.shown.move}:${s.selected ? s.selected.key : ''}:${s.busy}` : '';
  if (key !== scrolledFor) {
    scrolledFor = key;
    // a question whose every choice lies in one discard pile opens it
    const p = s.busy || s.replay ? null : plan(s.shown, null);
    if (p && !s.selected && p.piles.size === 1 && p.targets.size && [...p.targets.values()].every(xs => xs.every(x => x.o.target.where === 'discard')) && s.shown.decision.kind !== 'main') {
      set({ pile: [...p.piles][0] });
    }
    for (const col of document.querySelectorAll('.bmins')) {
      const t = col.querySelector('.target');
      if (!t) continue;
      const c = col.getBoundingClientRect(), r = t.getBoundingClientRect();
      if (r.top < c.top || r.bottom > c.bottom) col.scrollTop += r.top - c.top - 4;
    }
  }
  // the hand-over screen's button takes the focus (Enter uncovers)
  const ho = document.getElementById('handover-ok');
  if (ho && !ho.dataset.focused) { ho.dataset.focused = '1'; ho.focus(); }
  // a dialog that opens takes the focus
  for (const [id, sel] of [['confirm-end', '[data-confirm="no"]'], ['settings', 'input,button'], ['rules', 'button'], ['pile', 'button'], ['menu', 'button']]) {
    const el = document.getElementById(id);
    if (el && !el.dataset.focused) { el.dataset.focused = '1'; const f = el.querySelector(sel); if (f) f.focus(); }
  }
}

subscribe(draw);
queue.init({ whenRendered });
install();
hint.install();
review.install();

// ---------- updates ----------
let keyKept = false;
function onUpdate(u) {
  if (!keyKept && !get().replay && !held) { // the key that worked is kept in this browser, for the seat or for watching
    keyKept = true;
    if (u.spectator) { keys.setWatch(game, token); if (location.hash !== '#watch') history.replaceState(null, '', location.pathname + location.search + '#watch'); }
    else keys.setSeat(game, token);
  }
  u.receivedAt = Date.now(); // for the countdown before a stand-in (seats[].stand_in_in)
  arrived.set(u, performance.now());
  remember(u);
  queue.rememberAll(u);
  syncSettings(u);
  if (held) { // pass and play: only the view of the seat on screen; the first one after a switch at once
    const p = get().pnp;
    if (!p || u.seat !== p.seat) return;
    if (p.switching) { set({ pnp: { ...p, switching: false } }); queue.reset(u); return; }
  }
  queue.offer(u); // a rematch is asked for only when the person clicks Rematch (it joins one already started)
}

function onStatus(st) {
  const s = get();
  const broken = s.shown && (s.shown.broken || s.shown.foreign);
  switch (st.kind) {
    case 'open': if (!broken) set({ banner: null }); break;
    case 'offline': set({ banner: { text: 'You are offline: the game cannot be reached.', kind: 'error', retry: true } }); break;
    case 'lost': set({ banner: { text: `Connection lost: trying again in ${st.seconds} s…`, kind: 'error', retry: true } }); break;
    case 'error': set({ banner: { text: st.text, kind: 'error', retry: true } }); break;
    case 'gone': set({ gone: { title: 'This link does not lead to a game', text: 'No game on this server has this link\'s game id and seat key: the link may have been cut short or mistyped, or the game deleted. Ask whoever created the game for your own link.' } }); break;
  }
}

// the seat's stored wish to be asked in every Me First window (the server
// keeps settings in memory only: the page tells it again)
let settingsSent = false;
function syncSettings(u) {
  if (settingsSent || held || u.spectator || !u.settings || get().replay) return;
  settingsSent = true;
  const want = localStorage.getItem('smashup.askall');
  if (want != null && (want === '1') !== !!u.settings.ask_every_window) net.settings({ ask_every_window: want === '1' });
}

// remember keeps this seat's link, and how the game stands, in the lobby's "my games".
function remember(u) {
  if (u.sandbox || u.lesson) return; // a sandbox is found again by its share link (each "go back" is a new game), a lesson from /learn
  try {
    const all = JSON.parse(localStorage.getItem('smashup.mygames') || '[]');
    const href = `/g/${game}` + (u.spectator && !held ? '#watch' : ''); // the key stays in this browser's storage
    let g = all.find(x => x.id === game);
    if (!g) { g = { id: game, at: Date.now(), seats: [] }; all.unshift(g); }
    const n = namer(u);
    if (held) g.seats = [{ name: 'everyone at this screen', href }];
    else if (!g.seats.some(x => x.href === href)) g.seats.push({ name: u.spectator ? 'spectator' : n.name(u.seat), href });
    const t = u.table;
    g.status = !t ? 'faction draft' : t.over ? `over: ${(t.winners || []).map(n.name).join(' and ')} won` : `turn ${t.turn}, ${t.players.map(p => `${n.name(p.seat)} ${p.vp}`).join(', ')} VP`;
    g.names = u.seats.map(x => x.name);
    localStorage.setItem('smashup.mygames', JSON.stringify(all.slice(0, 20)));
  } catch { /* storage off */ }
}

// ---------- the replay viewer ----------
async function loadAt(n, seat) {
  const r = await net.at(n, seat);
  if (r.gone) { onStatus({ kind: 'gone' }); return; }
  if (r.error) { set({ error: r.error }); return; }
  const s = get();
  const u = r.message;
  set({ error: '', replayInfo: { ...s.replayInfo, total: r.total, seat } });
  if (s.shown && u.move === s.shown.move + 1 && seat === s.replayInfo.seat) queue.offer(u);
  else queue.reset(u);
  history.replaceState(null, '', `/g/${game}?replay=1&n=${u.move}&seat=${seat}`);
}
let playing = null;
async function replayPlay() {
  const ri = get().replayInfo;
  if (playing) { playing = null; set({ replayInfo: { ...ri, playing: false } }); return; }
  const me = playing = {};
  set({ replayInfo: { ...ri, playing: true } });
  while (playing === me && get().shown.move < get().replayInfo.total) {
    await loadAt(get().shown.move + 1, get().replayInfo.seat);
    while (get().busy) await new Promise(r => setTimeout(r, 60));
    await new Promise(r => setTimeout(r, get().speed === 'instant' ? 250 : 400));
  }
  if (playing === me) { playing = null; set({ replayInfo: { ...get().replayInfo, playing: false } }); }
}
initReplay({
  step: (a) => {
    const s = get();
    if (!s.shown) return;
    if (a === 'play') { replayPlay(); return; }
    const total = s.replayInfo.total;
    const to = typeof a === 'number' ? a : a === 'first' ? 0 : a === 'last' ? total : s.shown.move + (a === 'next' ? 1 : -1);
    const n = Math.max(0, Math.min(total, to));
    if (n !== s.shown.move) loadAt(n, s.replayInfo.seat);
  },
  seat: (seat) => { const s = get(); loadAt(s.shown ? s.shown.move : 0, seat); },
});

// the countdown before the computer stands in for an away seat ticks each second
setInterval(() => {
  const u = get().shown;
  if (u && (u.seats || []).some(x => x.away && !x.stand_in && x.stand_in_in != null)) set({ now: Date.now() });
}, 1000);

// ---------- pass and play (js/pnp.js) ----------
// s.pnp: seat, the seat whose view is on screen (-1: the spectators'); cover,
// the seat the screen is to be handed to (the table is not drawn meanwhile).
function startPassAndPlay() {
  set({ pnp: { seat: -1, cover: null, switching: false } });
  pnp.start(game, held, (seat) => {
    const p = get().pnp;
    if (seat !== (p.switching ? null : p.seat) && seat !== p.cover) set({ pnp: { ...p, cover: seat }, selected: null, pile: null });
  });
  // show puts seat's view on screen; nothing is drawn until its first update
  // (never the previous person's view)
  const show = (seat) => {
    net.switchTo(seat >= 0 ? held[seat] : keys.watch(game));
    set({ pnp: { seat, cover: null, switching: true }, selected: null, pile: null });
    net.load().then(ok => { if (ok) net.connect(); });
  };
  document.addEventListener('click', (e) => {
    const p = get().pnp;
    if (e.target.closest('#handover-ok') && p.cover != null) show(p.cover);
    else if (e.target.closest('#pnp-hide') && p.seat >= 0 && keys.watch(game)) show(-1);
  });
  onRematch(async () => {
    const r = await pnp.rematchAll(game, held, get().pnp.seat >= 0 ? held[get().pnp.seat] : Object.values(held)[0]);
    if (r.error) { set({ rematch: { error: r.error } }); return; }
    keys.setHeld(r.id, r.held);
    location.href = `/g/${r.id}`;
  });
}

// askHints asks the person opening an invite to a game with hints for
// everyone whether they take the seat: true for yes.
function askHints(name) {
  return new Promise((resolve) => set({ ask: {
    title: 'This game lets every seat ask for hints',
    text: `Whoever created it allowed hints for everyone: at their own decisions, every player may ask what the strongest computer level would play${name ? `. You are invited to ${name}'s seat` : ''}. Take the seat?`,
    yes: 'Take the seat, with hints for everyone', no: 'Decline',
    answer: (yes) => { set({ ask: null }); resolve(yes); },
  } }));
}

function declined() {
  set({ gone: { title: 'You declined the seat', text: 'The seat stays open, and nothing of the game was shown to you. If you change your mind, open the invite link again; or ask whoever created the game for one without hints.' } });
}

// ---------- start ----------
// The key comes from the address once (moved into storage and out of the
// address at once), from claiming an invite, or from this browser's storage.
async function findKey() {
  const clean = () => {
    const q = new URLSearchParams(location.search);
    q.delete('t'); q.delete('invite');
    const rest = q.toString();
    history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  };
  if (token) { clean(); return true; }
  const all = keys.held(game);
  if (!invite && !replay && Object.keys(all).length) { // pass and play: the screen starts with the spectators' view
    held = all;
    token = keys.watch(game) || Object.values(all)[0];
    return true;
  }
  if (invite) {
    clean();
    const held = keys.seat(game);
    if (held) { // this browser holds a seat of this game already: it does not take another
      const r = await fetch(`/api/games/${game}`, { headers: { Authorization: `Bearer ${held}` } }).catch(() => null);
      if (!r || r.status !== 404) { token = held; return true; }
    }
    // a game with hints for everyone: the person is asked first, and may
    // decline the seat (it stays open)
    const info = await keys.inviteInfo(game, invite);
    let hintsOk = false;
    if (info.hints && !info.taken) {
      hintsOk = await askHints(info.name);
      if (!hintsOk) { declined(); return false; }
    }
    let c = await keys.claim(game, invite, hintsOk);
    if (c.hints && !hintsOk) { // hints turned out to be on (the landing could not say)
      if (!(await askHints(info.name))) { declined(); return false; }
      c = await keys.claim(game, invite, true);
    }
    if (c.token) { token = c.token; keys.setSeat(game, token); return true; }
    if (c.taken) set({ gone: { title: 'This seat is taken', text: 'Someone has opened this invite link already, and the seat is theirs. If that was not you, ask whoever created the game to invite you again: a new link ends the old claim.' } });
    else if (c.gone) set({ gone: { title: 'This invite link does not lead to a seat', text: 'No game on this server has this invite: the link may have been cut short, replaced by a newer invite, or the game deleted. Ask whoever created the game for a new link.' } });
    else set({ gone: { title: 'The invite could not be opened', text: c.error } });
    return false;
  }
  token = location.hash === '#watch' ? (keys.watch(game) || keys.seat(game)) : (keys.seat(game) || keys.watch(game));
  if (!token) set({ gone: { title: 'This browser holds no seat of this game', text: 'Open your invite link to take your seat. If you played this game in another browser, ask whoever created it to invite you again.' } });
  return !!token;
}

net.catalog().then(c => { if (c) set({ catalog: c }); });
addEventListener('offline', () => onStatus({ kind: 'offline' }));
addEventListener('online', () => net.reconnectNow());
installHostActions(game, set);
installReports(game, () => token, set);
installTalk(game, () => token, set);
findKey().then(ok => {
  if (!ok) return;
  set({ token });
  net.init({ game, token, onUpdate, onStatus });
  if (held) startPassAndPlay();
  if (replay) loadAt(+(params.get('n') || 0), params.has('seat') ? +params.get('seat') : -1);
  else net.load().then(ok => { if (ok) net.connect(); });
});
