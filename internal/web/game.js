// The game page: receives the seat's view (GET and WebSocket), draws the
// table, makes every target of the pending decision clickable where it lies,
// and plays other players' moves one at a time.
import { PHASES, PHASE_HELP, SETS, FACTION_BLURBS, PLAYER_VARS, esc, fc, ordinal, seatName, you, card, optionCard, base, playerChip } from './table.js';

const $ = (id) => document.getElementById(id);
const gameID = location.pathname.split('/').pop();
const token = new URLSearchParams(location.search).get('t') || '';
const q = `t=${encodeURIComponent(token)}`; // for links a person opens (invite form)
// API requests carry the seat token in a header, not in their URL
const auth = { Authorization: `Bearer ${token}` };
const params = new URLSearchParams(location.search);
const replayMode = params.has('replay'); // the replay viewer of a finished game
const rp = { n: +(params.get('n') || 0), seat: params.has('seat') ? +params.get('seat') : -1, total: 0, timer: null };

let state = null;          // the message on screen
const queue = [];          // messages waiting to be shown
let pumping = false, posting = false, stopped = false;
let ws = null, retry = 1000, retryTimer = null;
let catalog = {}, byName = {};
let refused = '';          // a refused move's reason, until the next action
let lastIDs = new Set();   // cards that moved in the last shown update
let seenBases = {};        // base name -> last BaseView seen (for the scoring overlay)
let ctx = { seats: [], me: -1, catalog, byName, targets: new Map(), pileTargets: new Set(), last: lastIDs };
let overlayTimer = null;

// ---------- settings ----------
const SPEEDS = { instant: 0, fast: 350, normal: 950 };
const speed = () => localStorage.getItem('smashup.speed') || 'normal';
$('speed').value = speed();
$('speed').onchange = () => localStorage.setItem('smashup.speed', $('speed').value);
const hintsOn = () => localStorage.getItem('smashup.hints') !== 'off';

// ---------- decisions and targets ----------
// Where an option's target lies on the table: "card:ID", "slot:N",
// "player:P", "tray:I" (a card shown in the choice tray) or "bar:I" (a button).
function whereOf(o, v) {
  const me = v.Me;
  switch (o.Kind) {
    case 1: case 2: case 3: {
      if (o.Hidden || o.Card < 0) return `tray:${o.Index}`;
      if (o.Zone === 2 && o.Holder === me) return `card:${o.Card}`;
      if (o.Zone === 4) return `card:${o.Card}`;
      if (o.Zone === 3) return `card:${o.Card}`; // in a discard pile
      if (o.Zone === 7 && o.Slot >= 0) return `slot:${o.Slot}`;
      return `tray:${o.Index}`;
    }
    case 4: return o.Slot >= 0 && v.Bases.some(b => b.Slot === o.Slot) ? `slot:${o.Slot}` : `tray:${o.Index}`;
    case 5: return `player:${o.Player}`;
    default: return `bar:${o.Index}`;
  }
}

function computeTargets(m) {
  const t = new Map(), piles = new Set();
  const v = m.view;
  const d = v && v.Decision;
  if (!d || !d.Mine || !m.options) return { t, piles };
  for (const o of d.Options || []) {
    const k = whereOf(o, v);
    if (!t.has(k)) t.set(k, []);
    t.get(k).push(o.Index);
    if (o.Zone === 3 && k.startsWith('card:')) piles.add(o.Holder >= 0 ? o.Holder : v.Players.findIndex(p => (p.Discard || []).some(c => c.ID === o.Card)));
  }
  return { t, piles };
}

const label = (i) => { const o = (state.options || []).find(x => x.index === i); return o ? o.label : `choice ${i + 1}`; };
function passLabel(d, o) {
  if (o.Kind === 6) return 'Yes';
  if (o.Kind === 7) return 'No';
  if (o.Kind === 10) return d.Main ? 'Done playing' : 'Pass';
  return label(o.Index);
}

// ---------- drawing ----------
function render(animate) {
  const m = state;
  const before = animate ? snapshot() : null;
  ctx.seats = m.seats || [];
  ctx.me = m.spectator || replayMode ? -1 : m.seat;
  const { t, piles } = computeTargets(m);
  ctx.targets = t; ctx.pileTargets = piles; ctx.last = lastIDs;
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.k : null;
  hideMenu();
  info(m);
  if (m.draft) renderDraft(m);
  else if (m.view) renderGame(m);
  renderBar(m);
  renderLog(m);
  if (focusKey) { const el = document.querySelector(`[data-k="${CSS.escape(focusKey)}"]`); if (el) { quietFocus = true; el.focus({ preventScroll: true }); quietFocus = false; } }
  if (before) animateFrom(before);
  if ($('pile').open) openPile(+$('pile').dataset.p, true);
  $('pile-quick').innerHTML = $('quick').innerHTML.replaceAll('data-k="bar:', 'data-k="pilebar:');
  document.body.dataset.state = replayMode ? 'replay' : m.view && m.view.Over ? 'over' : (m.options && m.options.length ? 'mine' : 'wait');
  document.body.dataset.move = m.move;
  const d = m.view && m.view.Decision;
  document.body.dataset.main = d && d.Mine && d.Main ? '1' : '';
}

function info(m) {
  const bits = [];
  if (m.reproducible && m.seed != null) bits.push(`Reproducible game, seed ${m.seed}: anyone with the seed can work out the hidden cards.`);
  if (m.version) bits.push(m.version);
  if (m.spectator) bits.push('You are watching this game.');
  $('info').textContent = bits.join(' ');
  const bad = m.broken || m.foreign;
  if (bad) banner(bad, 'error');
}

function renderDraft(m) {
  const d = m.draft;
  const mine = m.options && m.options.length;
  $('players').innerHTML = m.seats.map((s, i) => `<div class="pchip${i === d.next ? ' current' : ''}" role="listitem" style="--pc:${PLAYER_VARS[i]}"><span class="band" aria-hidden="true"></span><span class="who"><b>${esc(you(ctx, i))}</b><small>${esc((d.picks[i] || []).join(' + ') || 'no faction yet')}</small></span></div>`).join('');
  const tiles = (d.options || []).map((f, i) => {
    const set = catalogFactionSet(f);
    return mine ? `<button data-draft="${i}" style="--fc:${fc(f)}"><b>${esc(f)}</b><br><small>${esc(SETS[set] || set || '')}: ${esc(FACTION_BLURBS[f] || '')}</small></button>`
      : `<div class="ftile" style="--fc:${fc(f)}"><b>${esc(f)}</b><small>${esc(FACTION_BLURBS[f] || '')}</small></div>`;
  }).join('');
  $('bases').innerHTML = `<section class="draft" aria-label="Faction draft"><h2>Faction draft</h2><p>${mine ? 'Pick a faction: you will play two, shuffled together.' : `${esc(seatName(ctx, d.next))} is picking a faction.`}</p><div class="factions-grid">${tiles}</div></section>`;
  $('hand').innerHTML = '';
  $('tray').hidden = true;
}
let catFactions = [];
const catalogFactionSet = (f) => (catFactions.find(x => x.name === f) || {}).set;

function renderGame(m) {
  const v = m.view;
  $('players').innerHTML = v.Players.map((p, i) => playerChip(ctx, v, p, i)).join('');
  $('bases').innerHTML = v.Bases.map(b => base(ctx, v, b)).join('');
  for (const b of v.Bases) seenBases[b.Card.Name] = b;
  if (m.spectator) $('hand').innerHTML = '<span class="empty">You are watching: hands are hidden.</span>';
  else $('hand').innerHTML = (v.Hand || []).map(c => `<div role="listitem">${card(ctx, c, 'hand')}</div>`).join('') || '<span class="empty" role="listitem">Your hand is empty.</span>';
  // cards to choose that lie nowhere on the table (a deck search, a hidden card)
  const trayKeys = [...ctx.targets.keys()].filter(k => k.startsWith('tray:'));
  $('dock').classList.toggle('hand-targets', (v.Hand || []).some(c => ctx.targets.has(`card:${c.ID}`)));
  const d = v.Decision;
  const revealed = (v.Revealed || []);
  $('revealed').innerHTML = revealed.length ? `<h2>Revealed</h2><div class="cards">${revealed.map(c => card(ctx, c, 'pile')).join('')}</div>` : '';
  if (trayKeys.length && d) {
    $('tray').innerHTML = `<h2>${esc(d.SrcName ? d.SrcName + ': ' : '')}choose one of these cards</h2><div class="cards">${trayKeys.map(k => optionCard(ctx, d.Options.find(o => o.Index === +k.slice(5)), k)).join('')}</div>`;
    $('tray').hidden = false;
    $('dock').classList.add('tray-open');
  } else {
    $('dock').classList.remove('tray-open'); $('tray').hidden = true; $('tray').innerHTML = ''; }
  // an ability that chooses from a discard pile opens it
  // (not for the main question: the pile button glows instead)
  if (ctx.pileTargets.size && !$('pile').open && d && !d.Main) { const p = [...ctx.pileTargets][0]; if (p >= 0) openPile(p); }
  if (!ctx.pileTargets.size && $('pile').open && $('pile').dataset.auto === '1') $('pile').close();
  if (v.Over && !replayMode) showGameOver(m);
  title(m);
}

function renderBar(m) {
  const v = m.view;
  const d = v && v.Decision;
  let prompt = '', phase = '', thinking = false;
  if (m.draft) { phase = 'Draft'; prompt = m.options && m.options.length ? 'Your pick: choose a faction.' : `${seatName(ctx, m.draft.next)} is picking.`; }
  else if (v) {
    phase = v.Over ? 'Game over' : `${PHASES[v.Phase] || ''} · ${v.Current === ctx.me ? 'your turn' : seatName(ctx, v.Current) + "'s turn"}`;
    $('phase').dataset.tip = `${PHASES[v.Phase]}||${PHASE_HELP[v.Phase] || ''}`;
    if (v.Over) prompt = 'The game is over: ' + (v.Winners || []).map(i => you(ctx, i)).join(' and ') + ' won.';
    else if (!d) prompt = 'Waiting…';
    else if (d.Mine) prompt = d.Prompt || 'Your decision';
    else {
      const st = (ctx.seats || [])[d.Player] || {};
      thinking = st.kind !== 'human' || !!st.stand_in; // a computer player (or a stand-in) is searching
      prompt = `${seatName(ctx, d.Player)} ${thinking ? 'is thinking' : 'is deciding'}${d.SrcName ? ` (resolving ${d.SrcName})` : ''}`;
    }
  }
  if (replayMode) { renderReplayBar(m); return; }
  $('phase').textContent = phase;
  $('phase').setAttribute('aria-label', `Phase: ${phase}`);
  $('prompt').textContent = prompt;
  $('prompt').className = d && d.Mine ? 'mine' : thinking ? 'thinking' : '';
  // buttons for choices with no place on the table
  const bar = [...ctx.targets.entries()].filter(([k]) => k.startsWith('bar:'));
  $('quick').innerHTML = d && d.Mine ? bar.map(([k, is]) => { const o = d.Options.find(x => x.Index === is[0]); return `<button class="${o.Kind === 10 || o.Kind === 6 ? 'primary' : ''}" data-opt="${o.Index}" data-k="${k}">${esc(passLabel(d, o))}</button>`; }).join('') : '';
  if (m.draft && m.options) $('quick').innerHTML = '';
  const n = (m.options || []).length;
  $('btn-opts').hidden = n === 0;
  $('btn-opts').textContent = `All choices (${n})`;
  $('optlist').innerHTML = (m.options || []).map(o => `<button data-opt="${o.index}" data-k="list:${o.index}">${esc(o.label)}</button>`).join('');
  if (!n) { $('optlist').hidden = true; $('btn-opts').setAttribute('aria-expanded', 'false'); }
  $('err').textContent = refused;
  hint(m);
}

let logShown = [];
function renderLog(m) {
  const lines = m.log || [];
  const fresh = newLines(logShown, lines);
  logShown = lines;
  const start = lines.length - fresh.length;
  $('log').innerHTML = lines.map((l, i) => `<div class="${i >= start && fresh.length < lines.length ? 'new' : ''}${/scores$|takes place|game is over/i.test(l) ? ' mark' : ''}">${esc(l)}</div>`).join('');
  $('log').scrollTop = $('log').scrollHeight;
  $('ticker').textContent = fresh.length && fresh.length < lines.length ? fresh.slice(-2).join(' · ') : '';
  return fresh;
}

// newLines returns the lines of b that follow a's (both are the last lines of one log).
function newLines(a, b) {
  if (!a.length) return b;
  for (let k = Math.min(a.length, b.length); k > 0; k--) {
    let ok = true;
    for (let j = 0; j < k && ok; j++) ok = a[a.length - k + j] === b[j];
    if (ok) return b.slice(k);
  }
  return b;
}

function title(m) {
  const v = m.view, d = v && v.Decision;
  if (replayMode) { document.title = `Replay, move ${m.move} · Smash Up`; return; }
  if (v && v.Over) document.title = 'Game over · Smash Up';
  else if (d && d.Mine) document.title = '▶ Your turn · Smash Up';
  else if (v) document.title = `${seatName(ctx, v.Current)}'s turn · Smash Up`;
}

// ---------- first-game hints ----------
function hint(m) {
  const box = $('hint');
  if (!hintsOn() || !m.view || m.view.Over || m.spectator) { box.hidden = true; return; }
  const d = m.view.Decision;
  let h = '';
  if (d && d.Mine && d.Main) h = ctx.targets.size > 1 ? 'Your turn. Click a glowing card in your hand to play it, then click the base it goes to. Click "Done playing" when you have finished.' : 'Nothing more to play: click "Done playing" to end this phase.';
  else if (d && d.Mine && (d.Options || []).length && d.Options.every(o => o.Kind === 10)) h = 'Everyone is asked in turn whether to play a Special now. Nothing to play? Click Pass (Settings can pass for you).';
  else if (d && d.Mine && [...ctx.targets.keys()].some(k => k.startsWith('slot:'))) h = 'Click one of the glowing bases.';
  else if (d && d.Mine && [...ctx.targets.keys()].some(k => k.startsWith('card:'))) h = 'Click one of the glowing cards (hover or focus a card to read it).';
  else if (d && d.Mine) h = 'Answer with the buttons in the bar below, or open "All choices".';
  else h = 'The other players are taking their turn: their moves appear one at a time. The speed is in the top bar.';
  box.innerHTML = `<span><b>Hint:</b> ${esc(h)}</span><button data-hint="ok">Got it</button><button data-hint="off">No more hints</button>`;
  box.hidden = box.dataset.dismissed === h;
  box.dataset.text = h;
}
$('hint').addEventListener('click', (e) => {
  const b = e.target.closest('[data-hint]'); if (!b) return;
  if (b.dataset.hint === 'off') localStorage.setItem('smashup.hints', 'off');
  $('hint').dataset.dismissed = $('hint').dataset.text;
  $('hint').hidden = true;
});

// ---------- moves ----------
async function choose(i) {
  if (posting || !state) return;
  refused = '';
  $('err').textContent = '';
  hideMenu();
  hideTip();
  posting = true;
  document.body.dataset.posting = '1';
  try {
    const r = await fetch(`/api/games/${gameID}/move`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ move: state.move, option: i }) });
    const j = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (!r.ok) { refused = `Move refused: ${j.error}`; $('err').textContent = refused; await refresh(); return; }
    offer(j, true);
  } catch (e) {
    refused = 'The move could not be sent: the connection is lost. Try again when it is back.';
    $('err').textContent = refused;
  } finally { posting = false; delete document.body.dataset.posting; }
}

function activate(el) {
  const k = el.dataset.k;
  const is = ctx.targets.get(k);
  if (el.dataset.opt != null) { choose(+el.dataset.opt); return; }
  if (el.dataset.draft != null) { choose(+el.dataset.draft); return; }
  if (!is) { showTip(el, true); return; }
  if (is.length === 1) { choose(is[0]); return; }
  showMenu(el, is);
}

function showMenu(el, is) {
  const m = $('menu');
  m.innerHTML = is.map(i => `<button role="menuitem" data-opt="${i}" data-k="menu:${i}">${esc(label(i))}</button>`).join('') + '<button role="menuitem" data-close="1">Cancel</button>';
  m.hidden = false;
  const r = el.getBoundingClientRect();
  m.style.left = Math.max(4, Math.min(r.left, innerWidth - 350)) + 'px';
  m.style.top = Math.max(4, Math.min(r.bottom + 4, innerHeight - m.offsetHeight - 4)) + 'px';
  m.querySelector('button').focus();
}
function hideMenu() { $('menu').hidden = true; }

document.addEventListener('click', (e) => {
  if (e.target.closest('#menu [data-close]')) { hideMenu(); return; }
  if (e.target.closest('#phase')) { showTip($('phase'), true); return; }
  const pile = e.target.closest('[data-pile]');
  if (pile) { openPile(+pile.dataset.pile); return; }
  const el = e.target.closest('[data-opt],[data-draft],.card,.basecard,.who.target');
  if (el) { activate(el); return; }
  if (!e.target.closest('#menu')) hideMenu();
  hideTip();
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') { hideMenu(); hideTip(); closeOverlay(); return; }
  if ((e.key === 'Enter' || e.key === ' ') && e.target.matches('.card,.basecard,.who.target,#phase')) {
    e.preventDefault();
    if (e.target.id === 'phase') showTip(e.target, true); else activate(e.target);
  }
});

// ---------- full card text: hover, focus, tap ----------
function showTip(el, sticky) {
  const raw = el && el.dataset.tip;
  if (!raw) { hideTip(); return; }
  const [name, sub, text] = raw.split('|');
  const tip = $('tip');
  tip.innerHTML = `<b>${esc(name)}</b>${sub ? `<br><small>${esc(sub)}</small>` : ''}<br>${esc(text || 'No ability.')}`;
  tip.hidden = false;
  const r = el.getBoundingClientRect();
  const w = Math.min(320, innerWidth - 16);
  tip.style.left = Math.max(8, Math.min(r.left, innerWidth - w - 8)) + 'px';
  const below = r.bottom + 6, h = tip.offsetHeight;
  tip.style.top = (below + h < innerHeight ? below : Math.max(8, r.top - h - 6)) + 'px';
  tip.dataset.sticky = sticky ? '1' : '';
}
function hideTip() { $('tip').hidden = true; }
document.addEventListener('mouseover', (e) => { const t = e.target.closest('[data-tip]'); if (t) showTip(t); else if (!$('tip').dataset.sticky) hideTip(); });
let quietFocus = false; // focus given back after a redraw shows no tip
document.addEventListener('focusin', (e) => {
  if (quietFocus) return;
  const t = e.target.closest('[data-tip]');
  if (t && t.matches(':focus-visible')) showTip(t); else if (!t) hideTip();
});

// ---------- discard piles ----------
function openPile(p, refreshOnly) {
  const v = state && state.view; if (!v || !v.Players[p]) return;
  const cards = v.Players[p].Discard || [];
  $('pile-title').textContent = `Discard pile of ${you(ctx, p)} (${cards.length})`;
  $('pile-cards').innerHTML = cards.slice().reverse().map(c => card(ctx, c, 'pile')).join('') || '<p>Empty.</p>';
  $('pile').dataset.p = p;
  const d = state.view.Decision;
  $('pile-prompt').textContent = d && d.Mine && ctx.pileTargets.has(p) ? `${d.Prompt || ''} Click a glowing card.` : '';
  if (!refreshOnly && !$('pile').open) { $('pile').dataset.auto = ctx.pileTargets.has(p) ? '1' : ''; $('pile').showModal(); }
}
$('pile-close').onclick = () => $('pile').close();

// ---------- rules, log drawer ----------
$('btn-rules').onclick = () => $('rules').showModal();
$('rules-close').onclick = () => $('rules').close();
$('hints-on').onclick = () => { localStorage.removeItem('smashup.hints'); delete $('hint').dataset.dismissed; $('rules').close(); if (state) hint(state); };
$('btn-log').onclick = () => { const o = $('side').classList.toggle('open'); $('btn-log').setAttribute('aria-expanded', String(o)); if (o) $('btn-side-close').focus(); };
$('btn-side-close').onclick = () => { $('side').classList.remove('open'); $('btn-log').setAttribute('aria-expanded', 'false'); $('btn-log').focus(); };
$('btn-opts').onclick = () => { const o = $('optlist').hidden; $('optlist').hidden = !o; $('btn-opts').setAttribute('aria-expanded', String(o)); };

// ---------- following the game: one update at a time ----------
function offer(m, own) {
  if (stopped) return;
  const lastMove = queue.length ? queue[queue.length - 1].move : (state ? state.move : -1);
  if (state && m.move < lastMove) return;
  if (state && m.move === lastMove && !own) {
    if (!queue.length && JSON.stringify(m) !== JSON.stringify(state)) { state = m; render(false); }
    return;
  }
  if (own && state && m.move === lastMove) return;
  queue.push(m);
  pump();
}

async function pump() {
  if (pumping) return;
  pumping = true;
  document.body.dataset.busy = '1';
  while (queue.length) {
    const m = queue.shift();
    const prev = state;
    const delay = prev ? SPEEDS[speed()] * (queue.length > 6 ? 0.3 : 1) : 0;
    lastIDs = prev ? movedCards(prev, m) : new Set();
    state = m;
    render(!!prev && delay > 0);
    const fresh = prev ? newLines(prev.log || [], m.log || []) : [];
    if (prev) scoring(prev, m, fresh);
    if (queue.length && delay) await sleep(delay);
  }
  pumping = false;
  delete document.body.dataset.busy;
}
const sleep = (ms) => new Promise(r => setTimeout(r, ms));

// movedCards: cards on the table that are new or moved since prev.
function movedCards(prev, m) {
  const at = (msg) => { const r = new Map(); for (const b of (msg.view && msg.view.Bases) || []) for (const c of [...(b.Minions || []), ...(b.Actions || [])]) { r.set(c.ID, b.Slot); for (const a of c.Attached || []) r.set(a.ID, b.Slot); } return r; };
  const a = at(prev), b = at(m), out = new Set();
  for (const [id, s] of b) if (a.get(id) !== s) out.add(id);
  return out;
}

// snapshot / animateFrom: cards fly from where they were (or from their
// player) to where they are; cards that left the table fly to their player.
function snapshot() {
  const s = { cards: new Map(), chips: new Map() };
  document.querySelectorAll('[data-card]').forEach(el => s.cards.set(el.dataset.card, { r: el.getBoundingClientRect(), el: el.cloneNode(true), where: el.dataset.where }));
  document.querySelectorAll('.pchip').forEach((el, i) => s.chips.set(i, el.getBoundingClientRect()));
  return s;
}
function animateFrom(s) {
  if (!Element.prototype.animate || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const dur = speed() === 'fast' ? 260 : 550;
  const now = new Set();
  document.querySelectorAll('[data-card]').forEach(el => {
    now.add(el.dataset.card);
    const old = s.cards.get(el.dataset.card);
    const r = el.getBoundingClientRect();
    let from = old && old.r;
    if (!from && el.dataset.where !== 'hand' && el.dataset.where !== 'pile') {
      const ctrl = ctxCtrl(+el.dataset.card);
      from = ctrl != null && s.chips.get(ctrl);
    }
    if (!from || (Math.abs(from.left - r.left) < 2 && Math.abs(from.top - r.top) < 2)) return;
    const first = old ? { transform: `translate(${from.left - r.left}px, ${from.top - r.top}px)` } : { transform: `translate(${from.left - r.left}px, ${from.top - r.top}px) scale(.6)`, opacity: .3 };
    el.animate([first, { transform: 'none', opacity: 1 }], { duration: dur, easing: 'ease-out' });
  });
  for (const [id, old] of s.cards) {
    if (now.has(id) || old.where === 'hand' || old.where === 'pile') continue;
    const owner = ownerOf(+id);
    const chip = document.querySelectorAll('.pchip')[owner];
    if (!chip) continue;
    const to = chip.getBoundingClientRect();
    const g = old.el; g.classList.add('ghost-card'); g.removeAttribute('tabindex'); g.setAttribute('aria-hidden', 'true');
    g.style.left = old.r.left + 'px'; g.style.top = old.r.top + 'px';
    document.body.appendChild(g);
    g.animate([{ transform: 'none', opacity: 1 }, { transform: `translate(${to.left - old.r.left}px, ${to.top - old.r.top}px) scale(.3) rotate(-12deg)`, opacity: .2 }], { duration: dur * 1.2, easing: 'ease-in' }).onfinish = () => g.remove();
  }
}
function ctxCtrl(id) { for (const b of state.view.Bases) for (const c of [...(b.Minions || []), ...(b.Actions || [])]) { if (c.ID === id) return c.Ctrl >= 0 ? c.Ctrl : c.Owner; for (const a of c.Attached || []) if (a.ID === id) return a.Ctrl >= 0 ? a.Ctrl : a.Owner; } return null; }
function ownerOf(id) { const v = state.view; for (let p = 0; p < v.Players.length; p++) if ((v.Players[p].Discard || []).some(c => c.ID === id)) return p; return v.Current; }

// ---------- scoring overlay ----------
const awardsKey = `smashup.awards.${gameID}`;
function loadAwards() { try { return JSON.parse(localStorage.getItem(awardsKey)) || []; } catch { return []; } }
function scoring(prev, m, fresh) {
  const scored = [];
  let cur = null;
  for (const l of fresh) {
    let x = l.match(/^(.+) scores$/);
    if (x) { cur = { base: x[1], awards: [], fired: [] }; scored.push(cur); continue; }
    x = l.match(/^(.+) takes place (\d+) at (.+): (\d+) VP$/);
    if (x) {
      if (!cur || cur.base !== x[3]) { cur = { base: x[3], awards: [], fired: [] }; scored.push(cur); }
      cur.awards.push({ who: x[1], place: +x[2], vp: +x[4] });
      continue;
    }
    if (cur && !/turn begins|draws \d|gains \d+ VP/.test(l)) cur.fired.push(l);
  }
  const done = scored.filter(s => s.awards.length);
  if (!done.length) return;
  const all = loadAwards();
  for (const s of done) for (const a of s.awards) all.push({ base: s.base, who: a.who, vp: a.vp, place: a.place });
  try { localStorage.setItem(awardsKey, JSON.stringify(all)); } catch { /* full */ }
  if (m.view && m.view.Over) return; // the standings say it all
  const s = done[done.length - 1];
  const bv = seenBases[s.base];
  const rows = (m.seats || []).map((st, i) => {
    const a = s.awards.find(x => x.who === st.name || x.who === `Player ${i + 1}`);
    const pw = bv ? bv.PowerBy[i] : null;
    if (!a && !(pw > 0)) return '';
    const tie = a && s.awards.filter(x => x.place === a.place).length > 1 ? ' (tie)' : '';
    return `<tr><td><span class="who-dot" style="--pc:${PLAYER_VARS[i]}"></span>${esc(you(ctx, i))}</td><td>${pw != null ? pw : '–'}</td><td>${a ? ordinal(a.place) + tie : '–'}</td><td>${a ? '+' + a.vp + ' VP' : '0'}</td></tr>`;
  }).join('');
  showOverlay(`<h2 id="ov-title">${esc(s.base)} scores!</h2>
<table><caption class="sr-only">Scoring of ${esc(s.base)}</caption><thead><tr><th scope="col">Player</th><th scope="col">Power</th><th scope="col">Place</th><th scope="col">Reward</th></tr></thead><tbody>${rows}</tbody></table>
${s.fired.length ? `<div class="fired"><b>Also:</b> ${s.fired.map(esc).join(' · ')}</div>` : ''}
<div class="actions"><button class="primary" data-ov="close">Continue</button></div>`, 'scoring');
  overlayTimer = setTimeout(closeOverlay, { instant: 2500, fast: 3000, normal: 5000 }[speed()]);
}
function showOverlay(html, kind) {
  clearTimeout(overlayTimer);
  $('ovbox').innerHTML = html;
  $('overlay').hidden = false;
  $('overlay').dataset.kind = kind;
}
function closeOverlay() { clearTimeout(overlayTimer); $('overlay').hidden = true; }
$('overlay').addEventListener('click', (e) => {
  const b = e.target.closest('[data-ov]');
  if (e.target === $('overlay') || (b && b.dataset.ov === 'close')) closeOverlay();
  if (b && b.dataset.ov === 'rematch') rematch();
});

// ---------- game over ----------
let overShown = false;
function showGameOver(m) {
  const v = m.view;
  pollRematch();
  if (overShown) return;
  overShown = true;
  const awards = loadAwards();
  const order = v.Players.map((p, i) => i).sort((a, b) => v.Players[b].VP - v.Players[a].VP);
  const rows = order.map((i, k) => {
    const name = seatName(ctx, i);
    const mine = awards.filter(a => a.who === name || a.who === `Player ${i + 1}`);
    const per = mine.map(a => `${esc(a.base)} ${a.vp}`).join(', ');
    return `<tr><td>${(v.Winners || []).includes(i) ? 'Winner' : k + 1}</td><td><span class="who-dot" style="--pc:${PLAYER_VARS[i]}"></span>${esc(you(ctx, i))}</td><td><b>${v.Players[i].VP}</b></td><td>${per || '–'}</td></tr>`;
  }).join('');
  const human = !m.spectator;
  showOverlay(`<h2 id="ov-title">Game over: ${esc((v.Winners || []).map(i => you(ctx, i)).join(' and '))} won</h2>
<table><caption class="sr-only">Final standings</caption><thead><tr><th scope="col">#</th><th scope="col">Player</th><th scope="col">VP</th><th scope="col">VP by base</th></tr></thead><tbody>${rows}</tbody></table>
<div class="actions">${human ? '<button class="primary" data-ov="rematch">Rematch (same factions, new shuffle)</button>' : ''}
<a href="/g/${gameID}?${q}&replay=1" id="watch-link">Watch the replay here</a>
<a href="/api/games/${gameID}/replay?${q}" download id="replay-link">Download the replay</a>
<a href="/">New game</a><button data-ov="close">Look at the table</button></div><p id="rematch-note" class="hint-text"></p>`, 'over');
}
async function rematch() {
  const r = await fetch(`/api/games/${gameID}/rematch`, { method: 'POST', headers: auth });
  const j = await r.json().catch(() => ({}));
  if (r.ok && j.link) location.href = j.link;
  else $('rematch-note').textContent = j.error || 'The rematch could not be created.';
}
let rematchPoll = null;
function pollRematch() {
  if (rematchPoll || !state || state.spectator) return;
  const check = async () => {
    const r = await fetch(`/api/games/${gameID}/rematch`, { headers: auth }).catch(() => null);
    if (r && r.ok) {
      const j = await r.json();
      const n = $('rematch-note');
      if (n) n.innerHTML = `A rematch is ready: <a href="${esc(j.link)}">join it</a>.`;
      clearInterval(rematchPoll);
    }
  };
  rematchPoll = setInterval(check, 5000);
  check();
}

// ---------- connection ----------
function banner(text, kind, retryBtn) {
  const b = $('banner');
  b.className = kind === 'info' ? 'info' : '';
  b.innerHTML = `<span>${esc(text)}</span>${retryBtn ? '<button id="retry-now">Retry now</button>' : ''}`;
  b.hidden = false;
  if (retryBtn) $('retry-now').onclick = () => { clearTimeout(retryTimer); connect(); };
}
function gone(title, text) {
  stopped = true;
  if (ws) { ws.onclose = null; ws.close(); }
  document.body.dataset.state = 'gone';
  document.title = 'Game not found · Smash Up';
  $('table').innerHTML = `<section class="gone"><h2>${esc(title)}</h2><p>${esc(text)}</p><p><a href="/">Go to the lobby to start a new game</a></p></section>`;
  $('dock').hidden = true;
  $('players').innerHTML = '';
}
async function refresh() {
  let r;
  try { r = await fetch(`/api/games/${gameID}`, { headers: auth }); } catch { banner('You are offline: the game cannot be reached.', 'error', true); return false; }
  const j = await r.json().catch(() => ({}));
  if (r.status === 404) { gone('This link does not lead to a game', 'No game on this server has this link\'s game id and seat key: the link may have been cut short or mistyped, or the game deleted. Ask whoever created the game for your own link.'); return false; }
  if (!r.ok) { banner(`The server could not load the game: ${j.error || r.status}`, 'error', true); return false; }
  offer(j);
  rememberGame(j);
  if (localStorage.getItem('smashup.autopass') === '1' && !j.auto_pass && !j.spectator) setTimeout(sendSettings, 0);
  return true;
}
// rememberGame keeps this seat's link in the lobby's "my games".
function rememberGame(m) {
  try {
    const all = JSON.parse(localStorage.getItem('smashup.mygames') || '[]');
    const href = location.pathname + location.search;
    let g = all.find(x => x.id === gameID);
    if (!g) { g = { id: gameID, at: Date.now(), seats: [] }; all.unshift(g); }
    if (!g.seats.some(s => s.href === href)) g.seats.push({ name: m.spectator ? 'spectator' : seatName({ seats: m.seats }, m.seat), href });
    localStorage.setItem('smashup.mygames', JSON.stringify(all.slice(0, 20)));
  } catch { /* storage off */ }
}
function connect() {
  if (stopped) return;
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/api/games/${gameID}/ws`, ['smashup', `token.${token}`]);
  ws.onopen = () => { retry = 1000; if (!$('banner').classList.contains('info') && !(state && (state.broken || state.foreign))) $('banner').hidden = true; };
  ws.onmessage = (e) => { try { offer(JSON.parse(e.data)); } catch { /* ignore */ } };
  ws.onclose = async () => {
    if (stopped) return;
    // is the game still there? (a deleted game or a bad link must not loop)
    const ok = await refresh().catch(() => false);
    if (stopped) return;
    const s = Math.round(retry / 1000);
    banner(`Connection lost: trying again in ${s} s…`, 'error', true);
    retryTimer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 15000);
    void ok;
  };
}

addEventListener('offline', () => { if (!stopped) banner('You are offline: moves cannot be sent. The game carries on when the connection is back.', 'error', true); });
addEventListener('online', () => {
  if (stopped) return;
  clearTimeout(retryTimer);
  if (ws && ws.readyState === WebSocket.OPEN) { $('banner').hidden = true; refresh(); } else connect();
});

// ---------- the replay viewer ----------
function renderReplayBar(m) {
  const v = m.view, d = v && v.Decision;
  $('phase').textContent = v ? (v.Over ? 'Game over' : `${PHASES[v.Phase] || ''} · ${seatName(ctx, v.Current)}'s turn`) : '';
  $('prompt').textContent = `Replay, move ${m.move} of ${rp.total}` + (d ? `: ${seatName(ctx, d.Player)} — ${d.Prompt || 'deciding'}` : v && v.Over ? ': the end' : '');
  $('prompt').className = '';
  const seats = (m.seats || []).map((s, i) => `<option value="${i}" ${rp.seat === i ? 'selected' : ''}>${esc(s.name)}</option>`).join('');
  $('quick').innerHTML = `<button data-rp="first" data-k="rp:first" ${m.move === 0 ? 'disabled' : ''}>« Start</button><button data-rp="prev" data-k="rp:prev" ${m.move === 0 ? 'disabled' : ''}>‹ Back</button>
<button data-rp="play" data-k="rp:play" class="primary">${rp.timer ? 'Pause' : 'Play'}</button><button data-rp="next" data-k="rp:next" ${m.move >= rp.total ? 'disabled' : ''}>Next ›</button><button data-rp="last" data-k="rp:last" ${m.move >= rp.total ? 'disabled' : ''}>End »</button>
<label>Move <input type="range" id="rp-range" data-k="rp:range" min="0" max="${rp.total}" value="${m.move}"></label>
<label>Seen by <select id="rp-seat" data-k="rp:seat"><option value="-1" ${rp.seat < 0 ? 'selected' : ''}>everyone (public)</option>${seats}</select></label>`;
  $('btn-opts').hidden = true;
  $('optlist').hidden = true;
  $('err').textContent = refused;
  $('hint').hidden = true;
}
async function loadAt(n, seat) {
  const r = await fetch(`/api/games/${gameID}/at?n=${n}&seat=${seat}`, { headers: auth }).catch(() => null);
  if (!r) { banner('You are offline: the replay cannot be loaded.', 'error'); return; }
  const j = await r.json().catch(() => ({}));
  if (r.status === 404) { gone('This link does not lead to a game', 'No game on this server has this link\'s game id and seat key.'); return; }
  if (!r.ok) { refused = j.error || `the server answered ${r.status}`; if (state) render(false); else banner(refused, 'error'); return; }
  refused = '';
  rp.total = j.total; rp.seat = seat;
  const prev = state;
  lastIDs = prev ? movedCards(prev, j) : new Set();
  state = j;
  render(!!prev && Math.abs(prev.move - j.move) === 1 && speed() !== 'instant');
  history.replaceState(null, '', `/g/${gameID}?${q}&replay=1&n=${j.move}&seat=${seat}`);
}
function replayTo(n) {
  n = Math.max(0, Math.min(rp.total, n));
  if (!state || n !== state.move) loadAt(n, rp.seat);
}
function replayPlay() {
  if (rp.timer) { clearInterval(rp.timer); rp.timer = null; if (state) renderReplayBar(state); return; }
  rp.timer = setInterval(() => {
    if (!state || state.move >= rp.total) { clearInterval(rp.timer); rp.timer = null; if (state) renderReplayBar(state); return; }
    replayTo(state.move + 1);
  }, Math.max(300, SPEEDS[speed()] || 300));
  renderReplayBar(state);
}
document.addEventListener('click', (e) => {
  const b = e.target.closest('[data-rp]');
  if (!b || !state) return;
  e.stopPropagation();
  const a = b.dataset.rp;
  if (a === 'play') replayPlay();
  else replayTo(a === 'first' ? 0 : a === 'last' ? rp.total : state.move + (a === 'next' ? 1 : -1));
}, true);
document.addEventListener('change', (e) => {
  if (e.target.id === 'rp-range') replayTo(+e.target.value);
  if (e.target.id === 'rp-seat') loadAt(state ? state.move : 0, +e.target.value);
});
document.addEventListener('keydown', (e) => {
  if (!replayMode || !state || e.target.matches('input,select,textarea')) return;
  if (e.key === 'ArrowRight') replayTo(state.move + 1);
  if (e.key === 'ArrowLeft') replayTo(state.move - 1);
});

// ---------- settings ----------
$('btn-settings').onclick = () => {
  $('set-autopass').checked = localStorage.getItem('smashup.autopass') === '1';
  $('set-autopass').disabled = !state || state.spectator || replayMode;
  $('set-hints').checked = hintsOn();
  $('set-speed').value = speed();
  $('settings').showModal();
};
$('settings-close').onclick = () => $('settings').close();
$('set-speed').onchange = () => { localStorage.setItem('smashup.speed', $('set-speed').value); $('speed').value = $('set-speed').value; };
$('set-hints').onchange = () => { if ($('set-hints').checked) { localStorage.removeItem('smashup.hints'); delete $('hint').dataset.dismissed; } else localStorage.setItem('smashup.hints', 'off'); if (state) hint(state); };
$('set-autopass').onchange = () => { localStorage.setItem('smashup.autopass', $('set-autopass').checked ? '1' : '0'); sendSettings(); };
// sendSettings tells the server this seat's stored preference (it keeps them in memory only).
async function sendSettings() {
  if (!state || state.spectator || replayMode) return;
  const want = localStorage.getItem('smashup.autopass') === '1';
  if (!!state.auto_pass === want) return;
  const r = await fetch(`/api/games/${gameID}/settings`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ auto_pass: want }) }).catch(() => null);
  if (r && r.ok) { const j = await r.json().catch(() => null); if (j) offer(j); }
}

// ---------- start ----------
fetch('/api/catalog').then(r => r.json()).then(j => {
  catalog = j.cards || {}; catFactions = j.factions || [];
  for (const k in catalog) byName[catalog[k].name] = catalog[k];
  ctx.catalog = catalog; ctx.byName = byName;
  if (state) render(false);
}).catch(() => {});
if (!token) gone('This invite link is not valid', 'The link has no seat key. Ask whoever created the game for your own link.');
else if (replayMode) loadAt(rp.n, rp.seat);
else refresh().then(ok => { if (ok) connect(); });
