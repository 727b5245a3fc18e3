// What the person does: clicks and taps on targets (choose, then commit),
// keys (Tab/Enter, Escape), the tooltip on hover and focus, the detail
// panel on touch, the buttons of the bar and the panels. Every handler is
// delegated from the document and finds its element by data attributes.
import { get, set } from './store.js';
import * as net from './net.js';
import * as queue from './queue.js';
import { plan, optText, unusedPlays, byIndex, single, nothingToPlay } from './decide.js';
import { detail } from './detail.js';
import { namer } from './words.js';
import { byId } from './util.js';

let replayHooks = { step: () => {}, seat: () => {}, play: () => {} };
export function initReplay(h) { replayHooks = h; }

// planNow is the plan the page shows (the same as view.js draws).
function planNow() {
  const s = get();
  const idle = !s.busy && !s.sending && !s.replay;
  return plan(idle ? s.shown : null, selectedNow());
}
export function selectedNow() {
  const s = get();
  return s.selected && s.shown && s.selected.move === s.shown.move ? s.selected : null;
}

// ---------- moves ----------
async function send(path) {
  const s = get();
  const u = s.shown;
  if (!u || s.sending) return;
  hideTip();
  // a discard pile open as the answer goes closes, unless the next decision
  // asks for a card from it again (Pile)
  set({ sending: true, error: '', selected: null, menu: null, confirmEnd: null, detail: null, allOpen: false, pileChose: s.pile != null ? u.move : null });
  queue.sending(u.move, path.length);
  const r = await net.move(u.move, path);
  set({ sending: false });
  if (r.error) {
    set({ error: r.error, pileChose: null }); // a refused answer leaves the pile as it was
    if (r.stale) net.load();
  }
}

// commit answers with a whole move, asking first when it ends the Play
// Cards phase with plays left: the first time in a game only (the bar's
// "1 minion · 1 action left" says it every turn; asking every time cost a
// click that chose nothing).
const endAsked = new Set();
function commit(path, confirmed) {
  const u = get().shown;
  const d = u && u.decision;
  if (!d || !d.mine) return;
  const o = byIndex(d, path[0]);
  if (!confirmed && o && o.kind === 'pass' && d.kind === 'main' && path.length === 1) {
    const text = unusedPlays(u);
    if (text && !endAsked.has(u.game)) { endAsked.add(u.game); set({ confirmEnd: { path, text }, menu: null }); return; }
  }
  send(path);
}

// activate is a click (or Enter) on a target of the decision; again is the
// second click of a double click, or the second tap of a double tap.
function activate(key, el, again = false) {
  const p = planNow();
  const s = get();
  if (p.selected && p.selected.key === key) {
    // a double click on a card whose play needs nothing more plays it
    const path = again ? single(s.shown, key) : null;
    if (path) { commit(path); return; }
    set({ selected: null, menu: null });
    return;
  }
  if (p.targets.has(key)) {
    const paths = p.targets.get(key);
    if (paths.length === 1) { commit(paths[0].path); return; }
    const r = el.getBoundingClientRect();
    const n = namer(s.shown, s.replay);
    const items = paths.map(x => ({ path: x.path, text: x.path.length > 1 ? x.o.label : optText(x.o, s.shown.decision, n) }));
    set({ menu: { key, items, x: Math.max(4, Math.min(r.left, innerWidth - 300)), y: Math.max(4, Math.min(r.bottom + 4, innerHeight - 60 - 44 * items.length)) } });
    return;
  }
  if (p.selectable.has(key)) {
    set({ selected: { key, opts: p.selectable.get(key), move: s.shown.move }, menu: null, detail: null, error: '' });
    return;
  }
  if (key.startsWith('pile:')) set({ pile: +key.slice(5), pileChose: null });
}

// ---------- clicks ----------
const is = (el, sel) => el.closest(sel);

function onClick(e) {
  const el = e.target;
  if (!(el instanceof Element)) return;
  const s = get();
  hideTip();
  let x;
  if (s.menu && !is(el, '#menu')) set({ menu: null });
  if ((x = is(el, '#btn-log'))) { set({ logOpen: !s.logOpen }); return; }
  if (is(el, '#btn-side-close')) { set({ logOpen: false }); return; }
  if (is(el, '#log-earlier')) { set({ logAll: true }); return; }
  if (is(el, '#btn-rules')) { openRules(); return; }
  if (is(el, '#btn-settings')) { set({ settingsOpen: true }); return; }
  if ((x = is(el, '[data-close]'))) { set({ [x.dataset.close + 'Open']: false }); return; }
  if (is(el, '#skip')) { queue.skip(); return; }
  if (is(el, '#retry-now')) { net.reconnectNow(); return; }
  if ((x = is(el, '[data-ov]'))) { queue.closeOverlay(); return; }
  if (is(el, '[data-go="close"]')) { set({ gameoverOpen: false }); return; }
  if (is(el, '#results')) { set({ gameoverOpen: true }); return; }
  if (is(el, 'button#rematch')) { rematch(); return; }
  if (is(el, '#cancel')) { set({ selected: null, menu: null }); return; }
  if (is(el, '#btn-opts')) { set({ allOpen: !s.allOpen }); return; }
  if (is(el, '[data-pile-close]')) { set({ pile: null }); return; }
  if (is(el, '[data-menu-close]')) { set({ menu: null }); return; }
  if (is(el, '[data-detail-close]')) { set({ detail: null }); return; }
  if ((x = is(el, '[data-confirm]'))) {
    const c = s.confirmEnd;
    set({ confirmEnd: null });
    if (c && x.dataset.confirm === 'yes') commit(c.path, true);
    return;
  }
  if ((x = is(el, '[data-rp]'))) { replayHooks.step(x.dataset.rp); return; }
  if ((x = is(el, '[data-path]'))) {
    if (x.disabled) return;
    const path = x.dataset.path.split('.').map(Number);
    // a whole move from the list, or an answer of the selected card
    commit(path);
    return;
  }
  if (s.replay) { touchDetail(e, el); return; }
  if ((x = is(el, '[data-more]')) && x.dataset.more) { set({ detail: x.dataset.more }); return; } // the rest of a card's text
  if ((x = is(el, '[data-target]'))) { activate(x.dataset.target, x, e.detail >= 2 || doubleTap(x.dataset.target)); return; }
  if ((x = is(el, '[data-pile]'))) { set({ pile: +x.dataset.pile, pileChose: null }); return; }
  // a click on a lit base, away from its own targets
  if ((x = is(el, 'section.base'))) {
    const key = `base:${x.dataset.slot}`;
    const p = planNow();
    if (p.targets.has(key)) { activate(key, x); return; }
  }
  touchDetail(e, el);
}

// on touch, tapping a card that is not a target shows its whole text in
// the detail panel (in the dock, never over the table)
function touchDetail(e, el) {
  const x = is(el, '[data-info]');
  if (x && lastPointer === 'touch') set({ detail: x.dataset.info });
}

// doubleTap reports a tap on key soon after a tap on the same key: the
// second tap of a double tap. A mouse counts its clicks (e.detail); a touch
// screen may not, so the page counts its taps itself, and a double tap on a
// card whose play needs nothing more plays it, as a double click does. A
// slower second tap deselects the card, as a slower second click does.
export const DOUBLE_TAP_MS = 500;
let lastTap = { key: '', t: -Infinity };
function doubleTap(key) {
  const now = performance.now();
  const again = lastPointer === 'touch' && lastTap.key === key && now - lastTap.t < DOUBLE_TAP_MS;
  lastTap = again ? { key: '', t: -Infinity } : { key, t: now };
  return again;
}

let lastPointer = 'mouse';
function onPointerDown(e) {
  lastPointer = e.pointerType || 'mouse';
  if (lastPointer !== 'touch') return;
  const x = is(e.target, '[data-info]');
  if (!x) return;
  // a long press shows the text of anything, targets too, without choosing it
  clearTimeout(pressTimer);
  pressTimer = setTimeout(() => { suppressClick = true; set({ detail: x.dataset.info }); }, 550);
}
let pressTimer = null, suppressClick = false;
function onPointerUp() { clearTimeout(pressTimer); }

// ---------- keys ----------
function onKey(e) {
  const s = get();
  if (e.key === 'Escape') {
    if (s.menu) set({ menu: null });
    else if (s.confirmEnd) set({ confirmEnd: null });
    else if (s.settingsOpen || s.rulesOpen) set({ settingsOpen: false, rulesOpen: false });
    else if (s.pile != null && byId('pile')) set({ pile: null });
    else if (s.detail) set({ detail: null });
    else if (s.selected) set({ selected: null });
    else if (s.logOpen) set({ logOpen: false });
    hideTip();
    return;
  }
  if (s.replay && !e.target.matches('input,select,textarea')) {
    if (e.key === 'ArrowRight') replayHooks.step('next');
    if (e.key === 'ArrowLeft') replayHooks.step('prev');
  }
  // Enter or Space on a focusable element drawn as a button
  if ((e.key === 'Enter' || e.key === ' ') && e.target.matches('[role="button"]:not(button)')) {
    e.preventDefault();
    e.target.click();
  }
}

function onChange(e) {
  const el = e.target;
  if (el.id === 'speed' || el.id === 'set-speed') {
    localStorage.setItem('smashup.speed', el.value);
    set({ speed: el.value });
  }
  if (el.id === 'set-hints') {
    localStorage.setItem('smashup.hints', el.checked ? 'on' : 'off');
    set({ hints: el.checked });
  }
  if (el.id === 'set-ask') {
    localStorage.setItem('smashup.askall', el.checked ? '1' : '0');
    net.settings({ ask_every_window: el.checked });
  }
  if (el.id === 'rp-range') replayHooks.step(+el.value);
  if (el.id === 'rp-seat') replayHooks.seat(+el.value);
}

// ---------- the tooltip: hover and keyboard focus, never on touch ----------
const tip = () => byId('tip');
let tipFor = null;
function showTip(el) {
  const s = get();
  const d = detail(s.shown, el.dataset.info, namer(s.shown, s.replay));
  if (!d) return;
  const t = tip();
  t.replaceChildren();
  const h = document.createElement('b'); h.textContent = d.title;
  t.append(h);
  if (d.sub) { const sm = document.createElement('small'); sm.textContent = ' ' + d.sub; t.append(sm); }
  const add = (text, cls) => { if (!text) return; const p = document.createElement('p'); p.textContent = text; if (cls) p.className = cls; t.append(p); };
  add(d.text);
  for (const l of d.lines) add(l, 'dim');
  if (d.rulings.length) add('Rulings: ' + d.rulings.join(' '), 'rulings');
  t.hidden = false;
  tipHidden = false;
  tipFor = el;
  const r = el.getBoundingClientRect();
  const w = t.offsetWidth, h2 = t.offsetHeight;
  let left = Math.min(Math.max(6, r.left), innerWidth - w - 6);
  let top = r.top - h2 - 8;
  if (top < 6) top = Math.min(r.bottom + 8, innerHeight - h2 - 6);
  t.style.left = left + 'px';
  t.style.top = top + 'px';
}
export function hideTip() { if (!tipFor && tipHidden) return; const t = tip(); if (t && !t.hidden) t.hidden = true; tipHidden = true; tipFor = null; }
let tipHidden = false;
export function tipStale() { if (tipFor && !tipFor.isConnected) hideTip(); }
// refreshTip says again what the element under the tooltip is now.
export function refreshTip() { if (tipFor && tipFor.isConnected) showTip(tipFor); else hideTip(); }

const canHover = matchMedia('(hover: hover)');
function onOver(e) {
  if ((e.pointerType && e.pointerType !== 'mouse') || !canHover.matches) return;
  const x = is(e.target, '[data-info]');
  if (x && x !== tipFor) showTip(x);
  if (!x && tipFor) hideTip();
}
function onFocusIn(e) {
  const x = is(e.target, '[data-info]');
  if (x && e.target.matches(':focus-visible')) showTip(x);
  else hideTip();
}

// ---------- panels ----------
async function openRules() {
  set({ rulesOpen: true });
  if (get().rulesHTML) return;
  try {
    const text = await (await fetch('/static/rules.html')).text();
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const main = doc.querySelector('main');
    set({ rulesHTML: main ? main.innerHTML : '' });
  } catch { set({ rulesHTML: '<h2 id="rules-title">How to play</h2><p>The rules cannot be loaded now.</p>' }); }
}

// onRematch replaces what the Rematch button does (pass and play asks for
// every person's seat).
let rematchWith = null;
export function onRematch(f) { rematchWith = f; }

async function rematch() {
  if (rematchWith) { rematchWith(); return; }
  const r = await net.rematch(true);
  if (r.link) location.href = r.link;
  else set({ rematch: { error: r.error } });
}

// ---------- a Play Cards phase with nothing to play ends by itself ----------
// once the person has seen it for a moment (the bar's button ends it at
// once); never in a lesson or a sandbox, where the person drives.
let autoFor = null, autoTimer = null;
export const AUTO_END_MS = { slow: 2200, normal: 1500, fast: 1000, instant: 700 };
export function autoEnd(s) {
  const u = s.shown;
  const ok = u && !s.busy && !s.sending && !s.replay && !s.selected && !s.confirmEnd && !s.menu && !s.pile &&
    !u.lesson && !u.sandbox && !(s.pnp && s.pnp.cover != null) && nothingToPlay(u);
  const key = ok ? `${u.game}:${u.move}` : null;
  if (key === autoFor) return;
  clearTimeout(autoTimer);
  autoFor = key;
  if (!key) return;
  const pass = u.decision.options.find(o => o.kind === 'pass');
  autoTimer = setTimeout(() => {
    const now = get();
    if (autoFor !== key || !now.shown || now.shown.move !== u.move || now.busy || now.sending || now.selected) return;
    send([pass.index]);
  }, AUTO_END_MS[s.speed] ?? 1500);
}

export function install() {
  document.addEventListener('click', (e) => {
    if (suppressClick) { suppressClick = false; e.preventDefault(); return; }
    onClick(e);
  });
  document.addEventListener('keydown', onKey);
  document.addEventListener('change', onChange);
  document.addEventListener('pointerover', onOver);
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('pointercancel', onPointerUp);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('scroll', hideTip, true);
  addEventListener('blur', hideTip);
}
