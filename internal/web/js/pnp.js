// Pass and play: the people of a game play at one screen. The page holds
// every person's seat key (the lobby put them in this browser's storage)
// and listens to every seat's updates; it shows one seat's view at a time,
// the view of whoever holds the screen. When another person is to decide,
// the page draws nothing of the table but a hand-over screen, and that
// person uncovers their own view. The server treats each seat as it would
// in separate browsers, and asks every person in every Me First window
// (unless they turn it off in Settings), so that handing the screen over
// tells the others nothing about a hand.
import { mine } from './decide.js';

// watch listens to seat's updates with its key and calls onTurn(seat) each
// time one asks that seat something it answers itself.
function watch(game, seat, token, onTurn) {
  let retry = 1000;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${game}/ws`, ['smashup.v1', 'smashup', `token.${token}`]);
    ws.onopen = () => { retry = 1000; };
    ws.onmessage = (e) => { let u; try { u = JSON.parse(e.data); } catch { return; } if (mine(u)) onTurn(seat); };
    ws.onclose = () => { setTimeout(open, retry); retry = Math.min(retry * 2, 15000); };
  };
  open();
}

// start listens to every held seat ({seat: key}).
export function start(game, held, onTurn) {
  for (const [seat, token] of Object.entries(held)) watch(game, +seat, token, onTurn);
}

// rematchAll starts the rematch with the key of the seat on screen, then
// collects every held seat's key to it (and the spectators'): {id, held,
// watch}, or {error}.
export async function rematchAll(game, held, current) {
  const ask = async (token, method) => {
    try {
      const r = await fetch(`/api/games/${game}/rematch`, { method, headers: { Authorization: `Bearer ${token}` } });
      const b = await r.json().catch(() => ({}));
      return r.ok && b.link ? b : { error: b.error || `the server answered ${r.status}` };
    } catch { return { error: 'The server cannot be reached.' }; }
  };
  const first = await ask(current, 'POST');
  if (first.error) return first;
  const out = { id: first.id, held: {} };
  for (const [seat, token] of Object.entries(held)) {
    const r = await ask(token, 'GET');
    if (r.error) return r;
    out.held[seat] = new URL(r.link, location.origin).searchParams.get('t');
  }
  return out;
}
