// The one state store of the game page. Everything the page draws comes
// from this state; modules change it with set() and the page redraws once
// per batch of changes (a microtask later).

const state = {
  // what the page is
  game: '', token: '', replay: false,
  catalog: null,            // GET /api/catalog: {cards: {key: entry}, factions: [...]}
  // what the server said
  latest: null,             // the newest Update received
  shown: null,              // the Update on screen (lags behind while moves are played)
  log: [],                  // events shown so far, by seq (oldest first)
  shownSeq: 0,              // the highest event seq shown
  // the animation queue (queue.js)
  busy: false,              // moves are being played
  step: null,               // the move on screen: {lines: [...], cards: Set, bases: Set, players: Set, from}
  overlay: null,            // a base scoring: {base, rows: [...], extra: [...]}
  // the person's choices in progress
  selected: null,           // choose, then commit: {key, opts: [option indexes]}
  menu: null,               // several options on one target: {key, paths, x, y}
  confirmEnd: null,         // ending the phase with plays left: {path, text}
  sending: false,
  error: '',                // a refused move, until the next action
  banner: null,             // {text, kind: 'error'|'info', retry}
  gone: null,               // the link leads nowhere: {title, text}
  ask: null,                // a question before the seat is taken: {title, text, yes, no, answer(bool)}
  // panels
  logOpen: false, gameoverOpen: true, pile: null, pileChose: null, detail: null, settingsOpen: false, rulesOpen: false,
  rematch: null,            // {link} when a rematch exists; {error}
  replayInfo: { total: 0, seat: -1, playing: false },
  review: null,             // the finished game's review (review.js); reviewAt: the position under the mouse on its graph
  speed: 'normal',
  now: Date.now(),          // the clock of countdowns
};

const subs = new Set();
let queued = false;

export function get() { return state; }

// set merges patch into the state and redraws soon.
export function set(patch) {
  Object.assign(state, patch);
  if (!queued) {
    queued = true;
    queueMicrotask(() => { queued = false; for (const f of subs) f(state); });
  }
}

export function subscribe(f) { subs.add(f); return () => subs.delete(f); }
