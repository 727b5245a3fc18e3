// The page's panels: the log, the scoring overlay, the end of the game,
// the question before ending the phase with plays left, a discard pile,
// the menu of several answers on one target, the detail panel, settings
// and rules.
import * as keys from './keys.js';
import { html } from '../vendor/preact-htm.js';
import { lines } from './words.js';
import { ordinal, playerColour, capital as cap } from './util.js';
import { awards } from './queue.js';
import { Card, RevealedChip } from './view-table.js';
import { detail } from './detail.js';
import { ReviewPanel } from './review.js';
import { ReportBox } from './report.js';

// Log is the log's lines, drawn again only when the log or the names
// change (the same elements otherwise: Preact skips them, a frame's work
// stays with what changed); the newest LOG_SHOWN lines, with a button for
// the earlier ones.
const LOG_SHOWN = 120;
let logMemo = { log: null, names: '', all: false, el: null };
export function Log(ctx) {
  const names = `${ctx.n.me}|${((ctx.u && ctx.u.seats) || []).map(x => x.name).join('|')}`;
  const all = !!ctx.s.logAll;
  if (logMemo.log === ctx.s.log && logMemo.names === names && logMemo.all === all && logMemo.el) return logMemo.el;
  const ls = lines(ctx.s.log, ctx.n);
  const shown = all ? ls : ls.slice(-LOG_SHOWN);
  // (the wrapper scrolls, in reverse: it stays at the newest line as lines
  // come, with no script measuring the page: style.css)
  const el = html`<div class="logwrap" role="log" aria-label="Game log" tabindex="0">
    <ol id="log" aria-label="What happened, newest last">${shown.length < ls.length ? html`<li key="earlier" class="earlier"><button id="log-earlier">Show the ${ls.length - shown.length} earlier lines</button></li>` : null}${shown.map(l => html`<li key=${l.seq} class=${l.tone} style=${l.player != null ? `--pc:${playerColour(l.player)}` : ''}>${l.text}</li>`)}</ol>
  </div>`;
  logMemo = { log: ctx.s.log, names, all, el };
  return el;
}

export function Overlay(ctx) {
  const o = ctx.s.overlay;
  if (!o) return null;
  return html`<div id="overlay" class="overlay" role="dialog" aria-modal="false" aria-labelledby="ov-title">
    <div class="box">
      <h2 id="ov-title">${o.name} scores</h2>
      ${o.rows.length ? html`<table><caption class="sr-only">Places at ${o.name}</caption>
        <thead><tr><th scope="col">Place</th><th scope="col">Player</th><th scope="col">Power</th><th scope="col">Reward</th></tr></thead>
        <tbody>${o.rows.map(r => html`<tr key=${r.seat}><td>${r.place ? ordinal(r.place) + (r.tie ? ' (tie)' : '') : '–'}</td>
          <td><span class="dot" style=${`--pc:${playerColour(r.seat)}`}></span>${ctx.n.you(r.seat)}</td><td>${r.power ?? '–'}</td><td>${r.place ? `${r.vp} VP` : 'nothing'}</td></tr>`)}</tbody></table>`
        : html`<p>Nobody had power there: no VP.</p>`}
      <p class="row"><button class="primary" data-ov="close">Continue</button></p>
    </div>
  </div>`;
}

// standings: every player by VP, with the VP they took at each base (from
// every award event seen, the last base too) and any VP from elsewhere.
function standings(u, n) {
  const t = u.table;
  const all = Object.values(awards(u));
  return t.players.map(p => {
    const mine = all.filter(a => a.player === p.seat);
    const got = mine.reduce((x, a) => x + a.vp, 0);
    const parts = mine.filter(a => a.base).map(a => `${a.base} ${a.vp}`);
    const cards = mine.filter(a => !a.base).reduce((x, a) => x + a.vp, 0);
    if (cards) parts.push(`from cards ${cards}`);
    if (p.vp - got > 0) parts.push(`${got ? 'earlier bases' : 'in all'} ${p.vp - got}`); // events this browser never saw
    return { seat: p.seat, vp: p.vp, win: (t.winners || []).includes(p.seat), parts };
  }).sort((a, b) => b.win - a.win || b.vp - a.vp);
}

export function GameOver(ctx) {
  const u = ctx.u, t = u && u.table;
  if (!t || !t.over || ctx.s.replay || !ctx.s.gameoverOpen || ctx.s.busy) return null;
  const rows = standings(u, ctx.n);
  const winners = (t.winners || []).map(ctx.n.you);
  const q = `t=${encodeURIComponent(ctx.s.token)}`;
  const rm = ctx.s.rematch;
  // (on a phone the VP each base gave go under the player's name, in small)
  const narrow = ctx.s.narrow;
  return html`<div id="gameover" class="overlay" role="dialog" aria-modal="false" aria-labelledby="go-title">
    <div class="box">
      <h2 id="go-title">Game over: ${winners.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}</h2>
      <table><caption class="sr-only">Final standings</caption>
        <thead><tr><th scope="col">#</th><th scope="col">Player</th><th scope="col">VP</th>${narrow ? null : html`<th scope="col">VP by base</th>`}</tr></thead>
        <tbody>${rows.map((r, k) => html`<tr key=${r.seat}><td>${r.win ? 'Winner' : k + 1}</td><td><span class="dot" style=${`--pc:${playerColour(r.seat)}`}></span>${ctx.n.you(r.seat)}${narrow && r.parts.length ? html`<small class="vpby"><span class="sr-only">: </span>${r.parts.join(', ')}</small>` : null}</td><td><b>${r.vp}</b></td>${narrow ? null : html`<td>${r.parts.join(', ') || '–'}</td>`}</tr>`)}</tbody>
      </table>
      <p class="row">
        ${u.lesson ? html`<a class="button primary" id="to-lessons" href="/learn">Back to the lessons</a>` : null}
        ${!u.spectator && !u.sandbox && !u.lesson ? (rm && rm.link ? html`<a class="button primary" id="rematch" href=${rm.link}>Join the rematch</a>` : html`<button class="primary" id="rematch">Rematch (same factions, new shuffle)</button>`) : null}
        <a class="button" id="watch-link" href=${`/g/${u.game}?replay=1${u.spectator ? '#watch' : ''}`}>Watch the replay</a>
        <a class="button" id="replay-link" href=${`/api/games/${u.game}/replay?${q}`} download>Download the replay</a>
        <a class="button" href="/">New game</a>
        <button data-go="close">Look at the table</button>
      </p>
      ${rm && rm.error ? html`<p class="error" role="alert">${rm.error}</p>` : null}
      ${RatingBox(ctx)}
      ${ReportBox(ctx, true)}
      ${ReviewPanel(ctx)}
    </div>
  </div>`;
}

// RatingBox tells a rated game's rating changes, once recorded (the
// server's Update.rated: docs/anyone.md).
function RatingBox(ctx) {
  const r = ctx.u.rated;
  if (!r) return null;
  const ch = r.changes || [];
  if (!ch.length) return html`<p class="hint-text" id="rating-box">This game is rated: the ratings change once its result is recorded.</p>`;
  const line = (c) => {
    const who = ctx.n.isMe(c.seat) ? 'Your rating' : `${ctx.n.possName(c.seat)} rating`;
    const d = c.delta >= 0 ? `+${c.delta}` : `−${-c.delta}`;
    return html`<li key=${c.seat}>${who}: ${c.before} → <b>${c.after}</b> (${d})${c.forfeit ? ', counted last: left the game' : ''}</li>`;
  };
  return html`<div id="rating-box"><h3>Ratings</h3><ul class="plain">${ch.map(line)}</ul><p class="row"><a class="link" href="/leaderboard">The leaderboard</a></p></div>`;
}

export function ConfirmEnd(ctx) {
  const c = ctx.s.confirmEnd;
  if (!c) return null;
  return html`<div id="confirm-end" class="confirm" role="alertdialog" aria-modal="true" aria-labelledby="ce-title" aria-describedby="ce-text">
    <h2 id="ce-title">${c.text}.</h2>
    <p id="ce-text">End the Play Cards phase anyway? (Asked once a game: afterwards the button ends the phase at once.)</p>
    <p class="row"><button data-confirm="no" class="primary">Keep playing</button><button data-confirm="yes">End the phase</button></p>
  </div>`;
}

export function Pile(ctx) {
  const seat = ctx.s.pile;
  const t = ctx.u && ctx.u.table;
  if (seat == null || !t || !t.players[seat]) return null;
  const cards = t.players[seat].discard;
  const n = cards.filter(c => ctx.plan.targets.has(`card:${c.id}`)).length;
  // opened to answer a decision: shown again only while the next one asks
  // for a card from it (one at a time, "any number")
  const chose = ctx.s.pileChose;
  if (chose != null && !(n > 0 && ctx.u.move === chose + 1)) return null;
  return html`<div id="pile" class="overlay" role="dialog" aria-modal="false" aria-labelledby="pile-title">
    <div class="box wide">
      <h2 id="pile-title">${cap(ctx.n.yours(seat))} discard pile (${cards.length})</h2>
      ${n ? html`<p>${ctx.plan.prompt}: choose one of the lit cards.</p>` : null}
      <div class="cards">${cards.length ? cards.map(c => Card(ctx, c, 'pile')) : html`<p>It is empty.</p>`}</div>
      <p class="row"><button data-pile-close="1">Close</button></p>
    </div>
  </div>`;
}

export function Menu(ctx) {
  const m = ctx.s.menu;
  if (!m) return null;
  return html`<div id="menu" role="menu" aria-label="Choose how" style=${`left:${m.x}px;top:${m.y}px`}>
    ${m.items.map(x => html`<button key=${x.path.join('.')} role="menuitem" data-path=${x.path.join('.')} data-opt=${x.path[0]}>${x.text}</button>`)}
    <button role="menuitem" data-menu-close="1">Cancel</button>
  </div>`;
}

// DetailPanel: the whole text of the selected card, or of what was tapped
// (touch), in the dock: it never covers the table.
export function DetailPanel(ctx) {
  // a selected card of the hand shows its text on its own face
  const sel = ctx.plan.selected ? ctx.plan.selected.key : null;
  const inHand = sel && ((ctx.u.table && ctx.u.table.hand) || []).some(c => `card:${c.id}` === sel);
  const what = ctx.s.detail || (inHand ? null : sel);
  const d = what ? detail(ctx.u, what, ctx.n) : null;
  if (!d) return null;
  return html`<div id="detail-panel" role="note" tabindex="0" aria-label=${'About ' + d.title}>
    <p><b>${d.title}</b>${d.sub ? html` <small>${d.sub}</small>` : null} ${d.text}${d.lines.length ? ' ' + d.lines.join(' ') : ''}
    ${d.rulings.length ? html` <span class="rulings"><b>Rulings:</b> ${d.rulings.join(' ')}</span>` : null}</p>
    ${ctx.s.detail ? html`<button class="x" data-detail-close="1" aria-label="Close the card text">×</button>` : null}
  </div>`;
}

export function Settings(ctx) {
  if (!ctx.s.settingsOpen) return null;
  const u = ctx.u;
  const seated = u && !u.spectator && !ctx.s.replay;
  const ask = !!(u && u.settings && u.settings.ask_every_window);
  return html`<div id="settings" class="overlay" role="dialog" aria-modal="true" aria-labelledby="settings-title">
    <div class="box">
      <h2 id="settings-title">Settings</h2>
      <p><label><input type="checkbox" id="set-ask" checked=${ask} disabled=${!seated} /> Ask me in every Me First window</label></p>
      <p class="hint-text">By default you are asked in a Me First window (the chance to answer with a Special) only when you hold a card you could play there; otherwise you pass after the same short pause a computer takes, so nobody learns what you hold.</p>
      <p><label><input type="checkbox" id="set-hints" checked=${ctx.s.hints} /> Point out where to click next (the Hint button is separate: it suggests a move)</label></p>
      <p><label>Speed of other players' moves ${SpeedSelect(ctx, 'set-speed')}</label></p>
      ${u && !ctx.s.replay && keys.host(u.game) ? html`<h3>Seats (you created this game)</h3>
        <p class="hint-text">Someone who lost the browser they played in gets back in with a new invite link for their seat; it ends the old one, and every player is told. A seat whose person is at the table, or left less than 5 minutes ago, cannot be invited again.</p>
        <p class="row">${u.seats.map((st, i) => st.kind === 'human' && i !== u.seat ? html`<button key=${i} data-reinvite=${i}>Invite ${st.name} again</button>` : null)}</p>
        ${ctx.s.seatMsg ? html`<p class="info" role="status">${ctx.s.seatMsg}</p>` : null}` : null}
      ${ReportBox(ctx, false)}
      <p class="row"><button class="primary" data-close="settings">Close</button></p>
    </div>
  </div>`;
}

export function SpeedSelect(ctx, id) {
  return html`<select id=${id} aria-label="Speed of other players' moves" value=${ctx.s.speed}>
    ${['slow', 'normal', 'fast', 'instant'].map(v => html`<option key=${v} value=${v} selected=${ctx.s.speed === v}>${v}</option>`)}
  </select>`;
}

export function Rules(ctx) {
  if (!ctx.s.rulesOpen) return null;
  return html`<div id="rules" class="overlay" role="dialog" aria-modal="true" aria-labelledby="rules-title">
    <div class="box wide">
      <div dangerouslySetInnerHTML=${{ __html: ctx.s.rulesHTML || '<h2 id="rules-title">How to play</h2><p>Loading…</p>' }}></div>
      <p class="row"><button class="primary" data-close="rules">Close</button> <a href="/static/rules.html" target="_blank" rel="noopener">Open the rules in a new tab</a></p>
    </div>
  </div>`;
}

// Tray: cards shown apart (from a deck, set aside, hidden, bases not in
// play) that the decision chooses from, and cards revealed face up.
export function Tray(ctx) {
  const p = ctx.plan;
  const t = ctx.u && ctx.u.table;
  const rev = (t && t.revealed) || [];
  const piled = ctx.s.pile == null ? fromPiles(ctx) : [];
  if (!p.tray.length && !rev.length && !piled.length) return null;
  // on a phone the tray keeps the table in sight: the row of choices goes
  // without its label (the bar's question, just below, says the same), and
  // the cards revealed are small chips, less those already among the
  // choices, after them in the same row
  const narrow = ctx.s.narrow;
  const chosen = new Set(p.tray.map(x => x.o.card && x.o.card.id).filter(id => id != null));
  const revealed = narrow ? rev.filter(c => !chosen.has(c.id)) : rev;
  if (!p.tray.length && !revealed.length && !piled.length) return null;
  return html`<div id="tray" role="group" aria-label="Cards shown apart">
    ${p.tray.length ? html`<div class="trayrow"><span class=${narrow ? 'sr-only' : 'traylabel'}>${p.prompt || 'Choose'}:</span>
      ${p.tray.map(x => TrayCard(ctx, x))}
      ${narrow && revealed.length ? html`<span class="traylabel">Also revealed:</span>${revealed.map((c, i) => RevealedChip(c, i))}` : null}</div>` : null}
    ${piled.length ? html`<div class="trayrow"><span class="traylabel">From ${[...new Set(piled.map(x => x.seat))].map(i => ctx.n.poss(i)).join(' and ')} discard pile:</span>
      ${piled.map(x => slim(Card(ctx, x.c, 'tray'), narrow))}</div>` : null}
    ${revealed.length && !(narrow && p.tray.length) ? html`<div class=${'trayrow' + (narrow ? ' chips' : '')}><span class="traylabel">Revealed:</span>${revealed.map((c, i) => narrow ? RevealedChip(c, i) : Card(ctx, c, 'tray'))}</div>` : null}
  </div>`;
}

// piledInTray reports a decision whose cards in the discard piles are shown
// in the tray (for the bar's hint).
export const piledInTray = (ctx) => ctx.s.pile == null && fromPiles(ctx).length > 0;

// slim draws a card of the tray as its name only, on a phone (a long press
// or its detail gives its text): the tray keeps the table in sight.
function slim(el, narrow) {
  if (narrow) el.props.class += ' slim';
  return el;
}

// fromPiles are the cards of the discard piles the decision may choose,
// shown in the tray (one click, no pile to open) when they are few.
function fromPiles(ctx) {
  const p = ctx.plan, t = ctx.u && ctx.u.table;
  if (!t || !p.piles.size) return [];
  const out = [];
  for (const [key, xs] of p.targets) {
    const o = xs[0].o, tg = o.target || {};
    if (tg.where !== 'discard' || tg.player == null || !t.players[tg.player]) continue;
    const c = t.players[tg.player].discard.find(d => `card:${d.id}` === key);
    if (c) out.push({ c, seat: tg.player });
  }
  return out.length <= (ctx.s.narrow ? 3 : 8) ? out : [];
}

function TrayCard(ctx, x) {
  const o = x.o;
  const ref = o.card || { hidden: true };
  const isBase = o.kind === 'base' || (ref.key || '').startsWith('base/');
  const c = { ...ref, id: ref.id };
  const el = Card(ctx, c, isBase ? 'base-choice' : 'tray');
  // a tray card is its option's target, whatever its id
  el.props['data-target'] = x.key;
  el.props.class += ' target';
  el.props['data-info'] = ref.id != null ? `card:${ref.id}` : undefined;
  el.key = x.key;
  return el;
}
