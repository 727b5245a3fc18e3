// The lobby's "Play with anyone": this browser's name (its identity), Play
// now, the open tables to join and the games being played to watch
// (docs/anyone.md). The lists come from the server every few seconds while
// the page is shown; they hold only what everyone may know of a table.
import * as identity from './identity.js';
import * as keys from './keys.js';
import * as notify from './notify.js';

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const $ = (id) => document.getElementById(id);

let me = null;      // {id, name, rating, games, wins} as the server told
let editing = false; // the name box is open
let remember = () => {};

const MODES = { random: 'factions dealt at random', chosen: 'factions chosen by the host', draft: 'factions drafted at the table', 'first-game': 'a first game (easy factions)' };

function pace(sec, turns) {
  if (turns) return `turn-based: ${notify.hours(turns)} a decision`;
  if (!sec) return 'waits for whoever leaves';
  return sec < 120 ? `a computer plays for whoever leaves after ${sec} seconds` : `a computer plays for whoever leaves after ${Math.round(sec / 60)} minutes`;
}

function waited(sec) {
  if (sec < 60) return 'just opened';
  const m = Math.round(sec / 60);
  return `waiting ${m} minute${m === 1 ? '' : 's'}`;
}

function showMe() {
  const box = $('me');
  if (!me || editing) {
    box.innerHTML = `<form class="row" id="name-form"><label>${me ? 'Your new name' : 'Your name, to play with anyone'} <input id="my-name" maxlength="24" size="18" autocomplete="nickname" value="${esc(me ? me.name : '')}" required></label><button class="primary" type="submit">${me ? 'Rename' : 'Choose this name'}</button>${me ? '<button type="button" id="name-cancel">Cancel</button>' : ''}</form>
      <p class="hint-text">${me ? 'Names are unique on this server.' : 'No password: this browser keeps a secret key for your name. Names are unique on this server, and shown to the people you play.'}</p>
      ${!me && identity.passkeysWork() ? '<p class="row"><button type="button" id="passkey-in">Sign in with a passkey</button><span class="hint-text">if you chose your name on another device and protected it with a passkey</span></p>' : ''}`;
    return;
  }
  const keyText = me.passkeys ? `protected by ${me.passkeys === 1 ? 'a passkey' : `${me.passkeys} passkeys`}` : 'kept in this browser only';
  const keyBtn = identity.passkeysWork() ? `<button id="passkey-add">${me.passkeys ? 'Add a passkey' : 'Protect it with a passkey'}</button>` : '';
  const rated = me.games ? `rating ${me.rating} after ${me.games} rated game${me.games === 1 ? '' : 's'} (${me.wins} won)` : 'no rated game yet';
  box.innerHTML = `<p class="row">You play as <b id="my-name-shown">${esc(me.name)}</b> <span class="hint-text">${rated}</span> <a class="link" href="/p/${esc(me.id)}">your games</a> <button id="rename">Rename</button></p>
    <p class="row"><span class="hint-text" id="passkey-state">Your name is ${keyText}${me.passkeys ? ': sign in with it on another device to play there as you' : ''}.</span>${keyBtn}</p>`;
}

async function saveName(e) {
  e.preventDefault();
  const name = $('my-name').value.trim();
  $('anyone-err').textContent = '';
  const j = me ? await identity.rename(name) : await identity.make(name);
  if (j.error) { $('anyone-err').textContent = j.error; if (me && !identity.get()) { me = null; editing = false; showMe(); } return; }
  editing = false;
  me = await identity.check();
  showMe();
}

function seatsText(t) {
  return t.seats.map(s => s.open ? '<i>a free seat</i>' : (s.player ? `<a href="/p/${esc(s.player)}">${esc(s.name)}</a>` : esc(s.name))).join(', ');
}

function tableRow(t, live) {
  const what = [`${t.seats.length} players`, MODES[t.mode] || t.mode, `to ${t.goal} VP`, pace(t.stand_in, t.turn_hours)];
  if (t.rated) what.push('rated'); else if (t.hints) what.push('hints for everyone: not rated'); else what.push('not rated');
  if (!live && t.fill_after) what.push(`computers take the empty seats after ${t.fill_after} minutes`);
  const mine = me && t.seats.some(s => s.player === me.id);
  const act = live
    ? (mine ? `<a class="button" href="/g/${esc(t.game)}">Your game</a>` : `<a class="button" href="${esc(t.watch)}#watch">Watch</a>`)
    : (mine ? `<a class="button" href="/g/${esc(t.game)}">Your table</a>` : `<button class="primary" data-take="${esc(t.game)}"${me ? '' : ' disabled title="Choose a name first"'}>Join</button>`);
  return `<li class="table-row"><span>${seatsText(t)}<br><small class="hint-text">${esc(what.join(' · '))}${live ? '' : ' · ' + esc(waited(t.waited))}</small></span>${act}</li>`;
}

async function list(status) {
  try {
    const r = await fetch(`/api/tables?status=${status}`);
    if (!r.ok) return null;
    return (await r.json()).tables || [];
  } catch { return null; }
}

// mine lists the games this person sits at, on any device: those waiting
// on them first (GET /api/me/games, with each seat's key).
async function mine() {
  const box = $('my-server-games');
  if (!me) { box.hidden = true; return; }
  let j;
  try {
    const r = await fetch('/api/me/games', { headers: identity.headers() });
    if (!r.ok) return;
    j = await r.json();
  } catch { return; }
  const gs = j.games || [];
  box.hidden = !gs.length;
  notifyButton();
  $('server-games').innerHTML = gs.slice(0, 10).map(g => `<li class="table-row"><span>${esc(g.names)}<br><small class="hint-text">${g.your_turn ? '<b class="your-turn">your decision</b> · ' : ''}${g.over ? 'over · ' : ''}${esc(new Date(g.updated).toLocaleString())}</small></span><button${g.your_turn ? ' class="primary"' : ''} data-mine="${esc(g.game)}" data-token="${esc(g.token)}">${g.over ? 'See it' : 'Play'}</button></li>`).join('');
}

async function refresh() {
  mine();
  const [open, live] = await Promise.all([list('open'), list('live')]);
  if (open) $('open-tables').innerHTML = open.length ? open.map(t => tableRow(t, false)).join('') : '<li class="hint-text">No table is waiting for players: press Play now to open one.</li>';
  else $('open-tables').innerHTML = '<li class="hint-text">The open tables cannot be shown: this server keeps no names.</li>';
  if (live) $('live-tables').innerHTML = live.length ? live.map(t => tableRow(t, true)).join('') : '<li class="hint-text">No public game is being played.</li>';
  else $('live-tables').innerHTML = '';
}

// seated keeps the seat the server gave, and opens the game.
function seated(game, seat, token, opened) {
  keys.setSeat(game, token);
  remember({ id: game, at: Date.now(), names: [opened ? 'an open table' : 'a table of the lobby'], seats: [{ name: me ? me.name : `Player ${seat + 1}`, href: `/g/${game}` }] });
  location.href = `/g/${game}`;
}

async function post(path, body) {
  let r;
  try { r = await fetch(path, { method: 'POST', headers: identity.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) }); }
  catch { return { error: 'The server cannot be reached. Check the connection and try again.' }; }
  const j = await r.json().catch(() => ({}));
  if (r.status === 401) { identity.forget(); me = null; showMe(); return { error: 'The server does not know this browser\'s name any more: choose a name again.' }; }
  if (!r.ok) return { error: j.error || `the server answered ${r.status}` };
  return j;
}

async function quick() {
  $('anyone-err').textContent = '';
  if (!me) { $('anyone-err').textContent = 'Choose your name first: the people you play see it.'; $('my-name')?.focus(); return; }
  $('quick').disabled = true;
  const j = await post('/api/quick', { players: Number($('quick-n').value), fill_after: Number($('quick-fill').value) });
  $('quick').disabled = false;
  if (j.error) { $('anyone-err').textContent = j.error; return; }
  if (j.host) keys.setHost(j.game, j.host);
  seated(j.game, j.seat, j.token, j.opened);
}

async function take(game, btn) {
  $('anyone-err').textContent = '';
  btn.disabled = true;
  let j = await post(`/api/tables/${game}/take`, { hints_ok: false });
  if (j.error && /hints/i.test(j.error) && confirm('At this table anyone may ask for hints (what the strongest computer would play). Take the seat anyway?')) j = await post(`/api/tables/${game}/take`, { hints_ok: true });
  btn.disabled = false;
  if (j.error) { $('anyone-err').textContent = j.error; refresh(); return; }
  seated(game, j.seat, j.token, false);
}

async function passkey(btn, how) {
  $('anyone-err').textContent = '';
  btn.disabled = true;
  const j = await how();
  btn.disabled = false;
  if (j.error) { $('anyone-err').textContent = j.error; return; }
  editing = false;
  me = await identity.check();
  showMe();
  refresh();
}

export async function start(rememberGame) {
  remember = rememberGame;
  me = await identity.check();
  showMe();
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, 5000);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
  document.addEventListener('submit', (e) => { if (e.target.id === 'name-form') saveName(e); });
  document.addEventListener('click', (e) => {
    if (e.target.id === 'rename') { editing = true; showMe(); $('my-name').focus(); }
    if (e.target.id === 'name-cancel') { editing = false; showMe(); }
    if (e.target.id === 'quick') quick();
    if (e.target.id === 'passkey-add') passkey(e.target, identity.protect);
    if (e.target.id === 'passkey-in') passkey(e.target, identity.signIn);
    const g = e.target.closest('[data-mine]');
    if (g) { keys.setSeat(g.dataset.mine, g.dataset.token); location.href = `/g/${g.dataset.mine}`; }
    const t = e.target.closest('[data-take]');
    if (t) take(t.dataset.take, t);
  });
}

// me is this browser's identity as last told, or null.
export const current = () => me;

// notifyButton offers to tell this browser when it is the person's turn in
// a turn-based game, with the page closed (notify.js).
function notifyButton() {
  const row = $('notify-row'), b = $('btn-notify');
  row.hidden = !notify.works() || notify.denied();
  b.textContent = notify.on() ? 'Stop telling me when it is my turn' : 'Tell me when it is my turn';
  if (b.dataset.wired) return;
  b.dataset.wired = '1';
  b.addEventListener('click', async () => {
    b.disabled = true;
    const msg = $('notify-msg');
    if (notify.on()) { await notify.disable(); msg.textContent = 'This browser will not tell you any more.'; }
    else msg.textContent = (await notify.enable()) || 'This browser will tell you when it is your turn in a turn-based game, even with the page closed.';
    b.disabled = false;
    notifyButton();
  });
}
