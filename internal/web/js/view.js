// The game page as a function of the store: header (players, tools), the
// caption of the move on screen, the bases (all in sight), the log, and the
// dock (action bar, hand). Preact keeps elements by key: cards by id, bases
// by slot.
import { html } from '../vendor/preact-htm.js';
import { namer, waiting, PHASES } from './words.js';
import { plan, where, playsLeft, mine as mineOf, nothingToPlay } from './decide.js';
import { Base, Seat, Card, RevealedChip } from './view-table.js';
import { TalkBox } from './talk.js';
import { Log, Overlay, GameOver, ConfirmEnd, Pile, Menu, DetailPanel, Settings, Rules, Tray, SpeedSelect, piledInTray } from './view-panels.js';
import { DraftView } from './view-draft.js';
import { WaitingView } from './view-seats.js';
import { playerColour } from './util.js';
import { ReplayBar } from './view-replay.js';
import { SandboxBar } from './view-sandbox.js';
import { HintButton, HintLine, suggested } from './hint.js';
import { LessonPanel } from './lesson.js';
import * as notify from './notify.js';
import { set } from './store.js';

// context is what every view needs, computed once per drawing.
export function context(s) {
  const u = s.shown;
  const n = namer(u, s.replay); // the replay viewer watches: nobody is "you"
  const idle = !s.busy && !s.sending && !s.replay;
  const sel = s.selected && u && s.selected.move === u.move ? s.selected : null;
  const p = plan(idle ? u : null, sel);
  const lit = new Set(); // elements lit by the move on screen
  return { s, u, n, plan: p, lit, step: s.busy ? s.step : null, roomy: false, me: n.me, suggest: suggested(s) };
}

export function App(s) {
  if (s.ask) return Ask(s.ask);
  if (s.gone) return Gone(s.gone);
  if (s.pnp && s.pnp.cover != null) return Handover(s);
  if (s.pnp && s.pnp.switching) return html`<main class="loading"><p>Loading the view…</p></main>`;
  const ctx = context(s);
  const u = ctx.u;
  if (!u) return html`<main class="loading"><p>Loading the game…</p></main>`;
  const t = u.table;
  const nb = t ? t.bases.length : 0;
  ctx.roomy = !s.narrow; // a laptop: the base's text under its name (clamped to a few lines at six bases or more)
  ctx.many = nb >= 6;
  return html`
    <a class="skip" href="#bar">Skip to the action bar</a>
    <header class="top">
      <h1 class="brand">Smash Up</h1>
      <ul id="players" aria-label="Players">${t ? t.players.map(pl => Seat(ctx, pl)) : DraftSeats(ctx)}</ul>
      <div class="tools">
        <button id="btn-log" aria-controls="side" aria-expanded=${s.logOpen ? 'true' : 'false'}>Log</button>
        <button id="btn-rules">Rules</button>
        <button id="btn-settings">Settings</button>
        ${s.pnp && s.pnp.seat >= 0 ? html`<button id="pnp-hide" title="Show the table as everyone sees it, without your hand">Hide my hand</button>` : null}
        <label class="speed"><span class="lbl">Speed</span>${SpeedSelect(ctx, 'speed')}</label>
      </div>
    </header>
    ${u.sandbox && !s.replay ? SandboxBar(ctx) : null}
    ${u.lesson && !s.replay ? LessonPanel(ctx) : null}
    ${s.banner ? html`<div id="banner" class=${s.banner.kind} role="status"><span>${s.banner.text}</span>${s.banner.retry ? html`<button id="retry-now">Retry now</button>` : null}</div>` : null}
    <div id="caption" role="status" aria-live="polite" class=${s.busy ? 'playing' : ''}>
      <span class="ctext">${s.step ? s.step.lines.join(' ') : ''}</span>
      ${s.step && s.step.shown && s.step.shown.length && !(s.narrow && !s.busy && (ctx.plan.tray.length || (t && (t.revealed || []).length))) ? html`<span class="cshown">${s.step.shown.map((r, i) => RevealedChip(r, i))}</span>` : null}
      <button id="skip" hidden=${!s.busy} aria-label="Skip: show the rest at once">Skip ›</button>
    </div>
    <main id="table">
      ${t ? html`<section id="bases" aria-label="Bases on the table" style=${gridStyle(t.bases, s.narrow, !!(s.narrow && (ctx.plan.tray.length || (t.revealed || []).length)))} class=${'n' + nb + (s.narrow && nb > 6 ? ' tight' : '') + (nb >= 6 ? ' many' : '')}>${t.bases.map(b => Base(ctx, b))}</section>`
        : u.waiting ? WaitingView(ctx) : u.draft ? DraftView(ctx) : null}
      <aside id="side" class=${s.logOpen ? 'open' : ''} aria-label="Game log">
        <div class="sidehead"><h2>What happened</h2><button id="btn-side-close" aria-label="Close the log">Close</button></div>
        ${Info(ctx)}
        ${Log(ctx)}
        ${TalkBox(ctx)}
      </aside>
      ${Overlay(ctx)}${GameOver(ctx)}${Pile(ctx)}
    </main>
    <section id="dock" aria-label="Your hand and actions">
      ${Tray(ctx)}
      ${s.replay ? ReplayBar(ctx) : Bar(ctx)}
      ${DetailPanel(ctx)}
      ${Hand(ctx)}
    </section>
    ${ConfirmEnd(ctx)}${Menu(ctx)}${Settings(ctx)}${Rules(ctx)}`;
}

// gridStyle lays the bases out: one row on a wide screen; on a narrow one
// two or three columns, each row as tall as its fullest base needs (every
// row keeps a minimum, so that every base's name and numbers stay in sight;
// with three rows on a phone, class tight leaves out the bar and the
// rewards, which the base's detail still gives, to keep a minion in sight).
// (short: a tray of cards above the hand on a phone; each row keeps at
// least its bases' heads in sight)
function gridStyle(bases, narrow, short) {
  const nb = bases.length;
  const cols = !narrow ? Math.max(1, nb) : nb <= 3 ? Math.max(1, nb) : nb === 4 ? 2 : 3;
  const rows = [];
  for (let i = 0; i < nb; i += cols) {
    const row = bases.slice(i, i + cols);
    const need = Math.max(...row.map(b => b.minions.length + 0.8 * new Set(b.minions.map(m => m.controller)).size + 0.5 * (b.actions || []).length));
    // a phone's row keeps the head of its bases and one lit minion (44 px) in sight, unless there are three rows
    rows.push(`minmax(${narrow ? (nb > 6 || short ? 112 : 150) : 190}px, ${(3 + need).toFixed(1)}fr)`);
  }
  return `--n:${nb};--cols:${cols};grid-template-rows:${rows.join(' ')}`;
}

// Handover: pass and play (js/pnp.js) asks for the screen to be handed to
// the person who decides next; nothing of the table is drawn meanwhile.
function Handover(s) {
  const u = s.latest || s.shown;
  const seat = s.pnp.cover;
  const name = (u && u.seats[seat] && u.seats[seat].name) || `Player ${seat + 1}`;
  return html`<main class="handover" style=${`--pc:${playerColour(seat)}`} aria-labelledby="handover-title">
    <h1 id="handover-title">Pass the screen to ${name}</h1>
    <p>${name} has a decision to make. Everyone else, look away now: the next screen shows ${name}'s hand.</p>
    <button class="primary" id="handover-ok">I am ${name}: show my hand</button>
  </main>`;
}

// Ask is a question put before the page takes a seat (a game with hints
// for everyone): yes takes it, no leaves it open.
function Ask(a) {
  return html`<main class="gone ask" aria-labelledby="ask-title"><h1 id="ask-title">${a.title}</h1><p>${a.text}</p>
    <p class="row"><button class="primary" id="ask-yes" onClick=${() => a.answer(true)}>${a.yes}</button> <button id="ask-no" onClick=${() => a.answer(false)}>${a.no}</button></p></main>`;
}

function Gone(g) {
  return html`<main class="gone"><h1>${g.title}</h1><p>${g.text}</p><p><a href="/">Go to the lobby to start a new game</a></p></main>`;
}

function Info(ctx) {
  const u = ctx.u;
  const bits = [];
  if (u.reproducible && u.seed != null) bits.push(`Reproducible game, seed ${u.seed}: anyone with the seed can work out the hidden cards.`);
  if (u.version) bits.push(u.version);
  if (u.broken) bits.push(`This game stopped: ${u.broken}`);
  if (u.foreign) bits.push(u.foreign);
  if (u.spectator) bits.push('You are watching this game.');
  if (u.preset === 'first-game') bits.push('A first game: every player has two core-set factions picked for newcomers, with the core set\'s bases.');
  if (u.goal && u.goal !== 15) bits.push(`This game is played to ${u.goal} VP.`);
  if (u.hints && u.seats.filter(x => x.kind === 'human').length > 1) bits.push('Hints are on for everyone: any player may ask what the strongest computer level would play.');
  if (u.turn_hours) bits.push(`A turn-based game: each player has ${notify.hours(u.turn_hours)} for each decision; once that runs out, a computer decides for them until they are back.`);
  if (u.turn_due) bits.push(`You have ${notify.left(u.turn_due)} left for this decision.`);
  const tell = u.turn_hours && !u.spectator && !(u.table && u.table.over) ? TellMe(ctx) : null;
  return bits.length || tell ? html`<div class="info"><p>${bits.join(' ')}</p>${tell}</div>` : null;
}

// TellMe offers a person in a turn-based game to be told when it is their
// turn, with the page closed (notify.js).
function TellMe(ctx) {
  const s = ctx.s;
  if (!notify.works()) return null;
  if (notify.denied()) return html`<p class="hint-text">This browser does not show this site's notifications: allow them in its settings to be told when it is your turn.</p>`;
  const on = notify.on();
  const click = async () => {
    set({ notifyMsg: '…' });
    if (on) { await notify.disable(); set({ notifyMsg: 'This browser will not tell you any more.' }); return; }
    const err = await notify.enable();
    set({ notifyMsg: err || 'This browser will tell you when it is your turn, even with the page closed.' });
  };
  return html`<p class="row"><button id="btn-notify" onClick=${click}>${on ? 'Stop telling me when it is my turn' : 'Tell me when it is my turn'}</button>${s.notifyMsg ? html` <small class="hint-text" role="status">${s.notifyMsg}</small>` : null}</p>`;
}

function DraftSeats(ctx) {
  const u = ctx.u;
  return u.seats.map((st, i) => html`<li key=${i} class=${'pchip' + (u.draft && u.draft.next === i ? ' current' : '')} data-seat-chip=${i} style=${`--pc:var(--p${i})`}>
    <div class="who"><span class="pname">${ctx.n.you(i)}</span><small class="pmeta">${((u.draft && u.draft.picks[i]) || []).join(' + ') || 'no faction yet'}</small></div></li>`);
}

// Bar: whose turn and what is left to play, the question, and the buttons
// that answer it (or commit the selected card's move).
function Bar(ctx) {
  const { s, u, n, plan: p } = ctx;
  const t = u.table, d = u.decision;
  const mine = mineOf(u) && !s.busy && !s.sending;
  let turn = '';
  if (t) {
    const cur = t.players[t.current];
    const who = t.current === n.me ? 'Your turn' : `${n.poss(t.current)} turn`;
    turn = t.over ? 'Game over' : `${who} · ${PHASES[t.phase] || t.phase}`;
    if (!t.over && u.turn_due && mine) turn += ` · ${notify.left(u.turn_due)} left`;
    if (!t.over && t.phase === 'play' && cur) turn += ` · ${playsLeft(cur)}`;
  } else if (u.waiting) turn = 'Waiting for players';
  else if (u.draft) turn = 'Faction draft';
  const autoEnds = mine && nothingToPlay(u) && !u.lesson && !u.sandbox;
  const prompt = t && t.over ? 'The game is over.' : autoEnds ? 'Nothing left to play: the Play Cards phase ends by itself…' : mine ? p.prompt : s.busy ? 'Showing the other players\' moves…' : waiting(u, n);
  // (on a phone, a choice among the tray's cards goes without it: the
  // question says what to choose, the cards are just above)
  const hint = mine && s.hints && !autoEnds && !trayChoice(ctx) ? where(p, n, piledInTray(ctx)) : '';
  // the list of every choice, unless every choice is already a button here
  const whole = mine ? d.options.reduce((k, o) => k + (o.then ? o.then.options.length : 1), 0) : 0;
  const all = mine && whole > 1 && !(p.bar.length === whole && !p.targets.size && !p.selectable.size && !p.selected);
  // (on a phone the button that ends the phase says "End Play Cards": with
  // Hint and All choices beside it, the buttons keep to one row)
  return html`<div id="bar" role="region" aria-label="Action bar" tabindex="-1">
    <span id="turn" class=${t && t.current === n.me && !t.over ? 'me' : ''} data-info="phase" tabindex="0" role="note">${turn}</span>
    <span id="prompt" class=${mine ? 'mine' : ''}>${prompt}${hint ? html`<small class="hint"> ${hint}</small>` : null}</span>
    <span id="buttons">
      ${mine ? p.bar.map(b => html`<button key=${b.path.join('.')} class=${(b.primary ? 'primary' : '') + (ctx.suggest.paths.has(b.path.join('.')) ? ' suggested' : '')} data-opt=${b.path[0]} data-path=${b.path.join('.')} title=${b.title || undefined}>${s.narrow && b.o.kind === 'pass' && d.kind === 'main' ? 'End Play Cards' : b.text}</button>`) : null}
      ${mine && p.selected ? html`<button id="cancel">Cancel</button>` : null}
      ${t && t.over && !s.gameoverOpen ? html`<button id="results" class="primary">${u.spectator ? 'Results and replay' : 'Results, rematch and replay'}</button>` : null}
      ${HintButton(ctx)}
      ${all ? html`<button id="btn-opts" aria-expanded=${s.allOpen ? 'true' : 'false'} aria-controls="optlist">All choices (${whole})</button>` : null}
    </span>
    ${s.error ? html`<p id="err" role="alert">${s.error}</p>` : null}
    ${HintLine(ctx)}
    ${all && s.allOpen ? AllChoices(ctx) : null}
  </div>`;
}

// AllChoices lists every whole move, for keyboards and screen readers.
function AllChoices(ctx) {
  const d = ctx.u.decision;
  const items = [];
  for (const o of d.options) {
    if (o.then) for (const t of o.then.options) items.push({ path: [o.index, t.index], text: `${o.label}: ${t.label}` });
    else items.push({ path: [o.index], text: o.label });
  }
  return html`<div id="optlist" role="group" aria-label="All choices of your decision">
    ${items.map(x => html`<button key=${x.path.join('.')} data-path=${x.path.join('.')} data-opt=${x.path[0]} data-whole="1">${x.text}</button>`)}
  </div>`;
}

// trayChoice reports a decision on a phone whose choices are all cards
// shown apart (the tray) or on the table, none in the hand: the hand then
// shows only its cards' names (a tap still opens a card's text), so that
// the tray and the bases stay in sight.
function trayChoice(ctx) {
  const p = ctx.plan;
  return !!(ctx.s.narrow && p.tray.length && !p.selected && ![...p.selectable.keys(), ...p.targets.keys()].some(k => (ctx.u.table.hand || []).some(c => k === `card:${c.id}`)));
}

function Hand(ctx) {
  const u = ctx.u, t = u.table;
  if (u.spectator) return html`<div id="hand" class="hand watching"><p class="empty">You are watching: hands are hidden.</p></div>`;
  if (!t) return null;
  const hand = t.hand || [];
  return html`<ul id="hand" class=${'hand' + (trayChoice(ctx) ? ' peek' : '')} aria-label=${`Your hand: ${hand.length} cards`}>
    ${hand.length ? hand.map(c => html`<li key=${c.id}>${Card(ctx, c, 'hand')}</li>`) : html`<li class="empty">Your hand is empty.</li>`}
  </ul>`;
}
