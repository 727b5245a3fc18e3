// Hints (issue 25): in a game where hints are on (the update's `hints`: a
// game against computers only, or one created with hints for everyone), the
// action bar's Hint button asks the server what the strongest computer
// level would play at the seat's own decision (POST /api/games/{id}/hint).
// The answer lights the suggested target (class "suggested" on the hand
// card, table card, base or button, and on its follow-up target once the
// card is selected) and shows the server's line under the bar (#hint-line,
// a polite live region). A hint belongs to its move number: once the game
// moves on, it is gone.
//
// State: s.advice = {move, loading, line, path, error}.
import { html } from '../vendor/preact-htm.js';
import { get, set } from './store.js';
import * as net from './net.js';
import { mine as mineOf, keyOf, byIndex } from './decide.js';

// current is the hint for the update on screen, if any.
export function current(s) {
  const a = s.advice;
  return a && s.shown && a.move === s.shown.move ? a : null;
}

// offered reports whether the Hint button is shown: hints are on, and the
// decision on screen is the seat's own.
function offered(s) {
  const u = s.shown;
  return !!(u && u.hints && !u.spectator && !s.replay && !s.busy && !s.sending && mineOf(u) && u.decision.kind !== 'draft');
}

export function HintButton(ctx) {
  if (!offered(ctx.s)) return null;
  const a = current(ctx.s);
  const busy = !!(a && a.loading);
  return html`<button id="btn-hint" aria-busy=${busy ? 'true' : 'false'} disabled=${busy}
    title="What would the strongest computer level play here?">${busy ? 'Thinking…' : 'Hint'}</button>`;
}

// HintLine is the hint's line (or why there is none), under the bar.
export function HintLine(ctx) {
  const a = current(ctx.s);
  if (!offered(ctx.s) || !a || a.loading) return null;
  return html`<p id="hint-line" role="status" class=${a.error ? 'error' : ''}>${a.error ? a.error : html`<b>Hint:</b> ${a.line}`}</p>`;
}

// suggested is what the hint lights: the keys of table elements (decide.js
// keyOf) and the paths of bar buttons ("3", "3.1").
export function suggested(s) {
  const out = { keys: new Set(), paths: new Set() };
  const a = current(s);
  const d = s.shown && s.shown.decision;
  if (!a || !a.path || !d || !offered(s)) return out;
  const o = byIndex(d, a.path[0]);
  if (!o) return out;
  out.paths.add(String(o.index));
  out.paths.add(a.path.join('.'));
  const k = keyOf(o, [o.index]);
  if (k) out.keys.add(k);
  if (a.path.length > 1 && o.then) {
    const t = o.then.options.find(x => x.index === a.path[1]);
    const tk = t && keyOf(t, [o.index, t.index]);
    if (tk) out.keys.add(tk);
  }
  return out;
}

async function ask() {
  const s = get();
  const u = s.shown;
  if (!offered(s)) return;
  const a = current(s);
  if (a && (a.loading || a.line)) return; // one hint per decision
  set({ advice: { move: u.move, loading: true } });
  const r = await net.hint(u.move);
  if (get().advice && get().advice.move !== u.move) return;
  if (r.error) set({ advice: { move: u.move, error: r.error } });
  else set({ advice: { move: u.move, line: r.hint.line, path: [r.hint.option, ...(r.hint.then || [])] } });
}

export function install() {
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('#btn-hint')) ask();
  });
}
