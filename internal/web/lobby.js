// The lobby: create a game, hand out invite links, remember my games.
import { SETS, FACTION_BLURBS, PLAYER_COLOURS as PLAYER_VARS, factionColour as fc } from './js/util.js';
import * as keys from './js/keys.js';
import * as identity from './js/identity.js';
import * as anyone from './js/anyone.js';
import * as notify from './js/notify.js';

notify.register(); // the service worker: "your turn" with the page closed, and an installable page

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

const $ = (id) => document.getElementById(id);
let factions = [];
const MAX_SEED = Number.MAX_SAFE_INTEGER; // 2^53 - 1: exact in JSON and in the page

function seatRow(i, old) {
  const opts = factions.filter(f => f.playable).map(f => `<option value="${esc(f.name)}">${esc(f.name)} (${esc(SETS[f.set] || f.set)})</option>`).join('');
  const kind = old ? old.kind : (i > 0 ? 'ai' : 'human');
  return `<div class="row seat" data-i="${i}"><span class="swatch" style="background:${PLAYER_VARS[i]}" aria-hidden="true"></span><b>Seat ${i + 1}</b>
    <label>Who <select class="kind"><option value="human" ${kind === 'human' ? 'selected' : ''}>a person</option>${[['easy', 'the computer: easy'], ['ai', 'the computer: normal'], ['hard', 'the computer: hard (thinks ahead)'], ['max', 'the computer: strongest (thinks longest)'], ['random', 'the computer: careless (random)']].map(([v, l]) => `<option value="${v}" ${kind === v ? 'selected' : ''}>${l}</option>`).join('')}</select></label>
    <label>Name <input class="name" placeholder="Player ${i + 1}" size="14" value="${esc(old ? old.name : '')}"></label>
    <span class="fs" ${$('mode').value === 'chosen' ? '' : 'hidden'}><label>Faction 1 <select class="f1">${opts}</select></label> <label>Faction 2 <select class="f2">${opts}</select></label></span></div>`;
}
function render() {
  const n = +$('n').value;
  const old = [...document.querySelectorAll('.seat')].map(el => ({ kind: el.querySelector('.kind').value, name: el.querySelector('.name').value }));
  let h = '';
  for (let i = 0; i < n; i++) h += seatRow(i, old[i]);
  $('seats').innerHTML = h;
  document.querySelectorAll('.seat').forEach((el, i) => {
    const f1 = el.querySelector('.f1'), f2 = el.querySelector('.f2');
    if (f1 && f1.options.length > 2 * i + 1) { f1.selectedIndex = 2 * i; f2.selectedIndex = 2 * i + 1; }
  });
}

// checkSeed returns [value or undefined, error message].
export function checkSeed(s) {
  s = s.trim();
  if (s === '') return [undefined, ''];
  if (/^-\d+$/.test(s)) return [null, 'The seed cannot be negative: use a whole number from 0 to 9007199254740991, or leave it empty.'];
  if (!/^\d+$/.test(s)) return [null, `The seed "${s}" is not a whole number: use digits only (for example 42), or leave it empty.`];
  const v = Number(s);
  if (!Number.isSafeInteger(v) || v > MAX_SEED) return [null, 'The seed is too large: the largest is 9007199254740991 (2^53 − 1).'];
  return [v, ''];
}
function checkName(s, i) {
  const n = [...s.trim()].length; // characters, not bytes
  if (n > 24) return `The name of seat ${i + 1} is ${n} characters long: at most 24, please.`;
  return '';
}

async function create() {
  $('err').textContent = '';
  const seats = [], names = [], fs = [];
  let problem = '';
  document.querySelectorAll('.seat').forEach((el, i) => {
    seats.push(el.querySelector('.kind').value);
    const nm = el.querySelector('.name').value.trim();
    problem = problem || checkName(nm, i);
    names.push(nm);
    fs.push($('mode').value === 'chosen' ? [el.querySelector('.f1').value, el.querySelector('.f2').value] : []);
  });
  const [seed, serr] = checkSeed($('seed').value);
  problem = problem || serr;
  if ($('mode').value === 'chosen') {
    const all = fs.flat();
    if (new Set(all).size !== all.length) problem = problem || 'Each faction can be played by one seat only: choose different factions.';
  }
  const pass = $('pnp').checked;
  const turns = Number($('pace').value);
  if (turns && pass) problem = problem || 'A turn-based game is played each at their own screen: untick pass and play, or choose the live pace.';
  if (pass && seats.filter(k => k === 'human').length < 2) problem = problem || 'Pass and play is for two people or more at one screen: make at least two seats "a person", or untick it to play against the computer.';
  const open = $('open').checked;
  if (open) {
    if (!identity.get()) problem = problem || 'An open table is for people with a name: choose yours under "Play with anyone" first.';
    else if (seats.some(k => k !== 'human')) problem = problem || 'An open table seats people only: make every seat "a person" (its empty seats may go to computers later, if you say so).';
    else if (pass) problem = problem || 'An open table is for people at their own screens: untick pass and play.';
    else if (seed !== undefined) problem = problem || 'An open table has a secret shuffle: leave the seed empty.';
    else if (!turns && !Number($('standin').value)) problem = problem || 'An open table needs a computer that plays for whoever leaves: choose a time under "If a player leaves".';
  }
  if (problem) { $('err').textContent = problem; return; }
  const first = $('mode').value === 'first-game';
  const body = { seats, names, factions: fs, mode: first ? 'random' : $('mode').value, bases: first ? 'sets' : $('bases').value, stand_in: turns ? 0 : Number($('standin').value), pass_and_play: pass, hints: $('hints').checked, goal: Number($('goal').value) };
  if (first) body.preset = 'first-game';
  if (seed !== undefined) body.seed = seed;
  if (open) { body.open = true; body.fill_after = Number($('fill').value); }
  if (turns) body.turn_hours = turns;
  $('create').disabled = true;
  try {
    // this browser's identity, if it has one, names the creator's seat
    let r = await fetch('/api/games', { method: 'POST', headers: identity.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) });
    if (r.status === 401 && identity.get() && !open) { identity.forget(); r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }); }
    const j = await r.json();
    if (!r.ok) { $('err').textContent = j.error; return; }
    if (pass) { // every person's key stays in this browser, and the game opens here
      const held = {};
      j.links.forEach((l, i) => { if (l) held[i] = new URL(l, location.origin).searchParams.get('t'); });
      keys.setHeld(j.id, held);
      keys.setWatch(j.id, new URL(j.spectator, location.origin).searchParams.get('t'));
      remember({ id: j.id, at: Date.now(), seats: [{ name: 'everyone at this screen', href: `/g/${j.id}` }] });
      location.href = `/g/${j.id}`;
      return;
    }
    keepKeys(j);
    if (open) { // its seats are taken from the lobby: straight to the creator's own
      remember({ id: j.id, at: Date.now(), names: ['an open table'], seats: [{ name: identity.get().name, href: `/g/${j.id}` }, { name: 'spectator', href: `/g/${j.id}#watch` }] });
      location.href = `/g/${j.id}`;
      return;
    }
    showLinks(j, seats, names);
    // one person against the computer: straight to the creator's own seat
    const people = j.links.filter(Boolean);
    if (people.length === 1 && j.seat >= 0) location.href = `/g/${j.id}`;
  } catch (e) {
    $('err').textContent = 'The server cannot be reached. Check the connection and try again.';
  } finally { $('create').disabled = false; }
}

// keepKeys puts the creator's keys in this browser's storage: their own
// seat's, the host key, the spectators' (the links shown carry no seat key
// but the invites, which the first browser to open each claims).
function keepKeys(j) {
  if (j.seat >= 0) keys.setSeat(j.id, new URL(j.links[j.seat], location.origin).searchParams.get('t'));
  if (j.host) keys.setHost(j.id, j.host);
  keys.setWatch(j.id, new URL(j.spectator, location.origin).searchParams.get('t'));
  j.links.forEach((l, i) => { if (l && i !== j.seat) keys.setInvite(j.id, i, l); });
}

function showLinks(j, seats, names) {
  const origin = location.origin;
  let h = '';
  const entry = { id: j.id, at: Date.now(), seats: [] };
  j.links.forEach((l, i) => {
    const who = names[i] || `Player ${i + 1}`;
    const dot = `<span class="swatch" style="background:${PLAYER_VARS[i]};width:14px;height:14px;border-radius:50%" aria-hidden="true"></span>`;
    if (i === j.seat) {
      h += `<div class="linkrow">${dot}<b>Seat ${i + 1} (${esc(who)})</b> your seat <a class="link" href="/g/${esc(j.id)}">open</a></div>`;
      entry.seats.push({ name: who, href: `/g/${j.id}` });
    } else if (l) {
      h += `<div class="linkrow">${dot}<b>Seat ${i + 1} (${esc(who)})</b> invite link <code>${esc(origin + l)}</code><button data-copy="${esc(origin + l)}" aria-label="Copy the invite link of seat ${i + 1}">Copy</button></div>`;
    } else h += `<div class="linkrow"><b>Seat ${i + 1}</b> the computer</div>`;
  });
  h += `<div class="linkrow"><b>Spectators</b> <a class="link" href="${esc(j.spectator)}">watch</a><code>${esc(origin + j.spectator)}</code><button data-copy="${esc(origin + j.spectator)}" aria-label="Copy the spectator link">Copy</button></div>`;
  h += `<p class="small">Send each person their own invite link. The first browser to open a link takes that seat, and the cards are dealt once every seat is taken (or when you start with computers in the open seats, from your seat's page).</p>`;
  $('links').innerHTML = h;
  $('result').hidden = false;
  entry.seats.push({ name: 'spectator', href: `/g/${j.id}#watch` });
  remember(entry);
  $('result').scrollIntoView({ behavior: 'smooth' });
}

const KEY = 'smashup.mygames';
function load() { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch { return []; } }
function remember(e) { const all = load().filter(x => x.id !== e.id); all.unshift(e); localStorage.setItem(KEY, JSON.stringify(all.slice(0, 20))); showMine(); }
function showMine() {
  const all = load();
  $('mine').hidden = !all.length;
  $('mygames').innerHTML = all.map(g => `<li><span>${new Date(g.at).toLocaleString()}${g.names ? ': ' + esc(g.names.join(', ')) : ''}</span>${g.status ? ` <small class="status">(${esc(g.status)})</small>` : ''}<span class="row">${g.seats.map(s => `<a href="${esc(s.href)}">${s.name === 'spectator' ? 'watch' : s.name === 'everyone at this screen' ? 'play (pass and play)' : 'play as ' + esc(s.name)}</a>`).join(' ')} <button data-forget="${esc(g.id)}" aria-label="Forget the game of ${esc(new Date(g.at).toLocaleString())}">Forget</button></span></li>`).join('');
}

document.addEventListener('click', async (e) => {
  const c = e.target.closest('[data-copy]');
  if (c) {
    try { await navigator.clipboard.writeText(c.dataset.copy); c.textContent = 'Copied'; }
    catch { const code = c.parentElement.querySelector('code'); getSelection().selectAllChildren(code); c.textContent = 'Selected: press Ctrl+C'; }
    setTimeout(() => { c.textContent = 'Copy'; }, 2000);
  }
  const f = e.target.closest('[data-forget]');
  if (f) { localStorage.setItem(KEY, JSON.stringify(load().filter(x => x.id !== f.dataset.forget))); showMine(); }
});

fetch('/api/catalog').then(r => r.json()).then(j => {
  factions = j.factions || [];
  $('factions').innerHTML = factions.filter(f => f.playable).map(f => `<div class="ftile" style="--fc:${fc(f.name)}"><b>${esc(f.name)}</b><small>${esc(SETS[f.set] || f.set)}</small><div>${esc(FACTION_BLURBS[f.name] || '')}</div></div>`).join('');
  render();
});
$('n').onchange = render; $('mode').onchange = render; $('create').onclick = create;
showMine();
anyone.start(remember);

// a turn-based game has no stand-in time of its own: its pace is the time
$('pace').addEventListener('change', () => { $('standin').disabled = Number($('pace').value) > 0; });
