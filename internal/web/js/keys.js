// Keys: the secrets a browser holds for a game, in its own storage and
// never in the address bar. A seat's key comes from the lobby (the
// creator's own seat), from claiming an invite (POST /claim), or from a
// link that carries it (?t=, a rematch or an older link), which the page
// moves into storage and out of the address at once. The host key (the
// creator's) starts a game with computers and invites a seat again.

import * as identity from './identity.js';

const seatKey = (game) => `smashup.key.${game}`;
const watchKey = (game) => `smashup.watch.${game}`;
const hostKey = (game) => `smashup.host.${game}`;
const invitesKey = (game) => `smashup.invites.${game}`;
const heldKey = (game) => `smashup.held.${game}`;

function read(k) { try { return localStorage.getItem(k) || ''; } catch { return ''; } }
function write(k, v) { try { if (v) localStorage.setItem(k, v); else localStorage.removeItem(k); } catch { /* storage off */ } }

export const seat = (game) => read(seatKey(game));
export const watch = (game) => read(watchKey(game));
export const host = (game) => read(hostKey(game));
export const setSeat = (game, t) => write(seatKey(game), t);
export const setWatch = (game, t) => write(watchKey(game), t);
export const setHost = (game, t) => write(hostKey(game), t);

// held are every person's seat keys of a pass-and-play game ({seat: key}),
// held by the one browser they all play at (js/pnp.js).
export function held(game) { try { return JSON.parse(read(heldKey(game)) || '{}'); } catch { return {}; } }
export const setHeld = (game, all) => write(heldKey(game), JSON.stringify(all));

// invites are the invite links the creator hands out, by seat.
export function invites(game) { try { return JSON.parse(read(invitesKey(game)) || '{}'); } catch { return {}; } }
export function setInvite(game, seatNo, href) { const all = invites(game); all[seatNo] = href; write(invitesKey(game), JSON.stringify(all)); }

// inviteInfo tells what an invite code leads to before it is claimed:
// {seat, name, taken, hints}, or {gone}, or {error}.
export async function inviteInfo(game, code) {
  let r;
  try { r = await fetch(`/api/games/${game}/claim`, { headers: { Authorization: `Bearer ${code}` } }); }
  catch { return { error: 'The server cannot be reached. Check the connection and open the invite link again.' }; }
  const body = await r.json().catch(() => ({}));
  if (r.ok) return body;
  if (r.status === 404) return { gone: true };
  return { error: body.error || `the server answered ${r.status}` };
}

// claim takes the seat of an invite code (hintsOk: the person agreed that
// every seat may ask for hints): {token, seat}, or {taken}, or {gone}, or
// {hints} (the game has hints for everyone and the person has not agreed),
// or {error}.
export async function claim(game, code, hintsOk) {
  let r;
  // the person's identity, if this browser has one, names the seat
  const post = () => fetch(`/api/games/${game}/claim`, { method: 'POST', headers: identity.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ invite: code, hints_ok: !!hintsOk }) });
  try {
    r = await post();
    if (r.status === 401 && identity.get()) { identity.forget(); r = await post(); } // an identity this server does not know
  } catch { return { error: 'The server cannot be reached. Check the connection and open the invite link again.' }; }
  const body = await r.json().catch(() => ({}));
  if (r.ok) return body;
  if (r.status === 409) return { taken: true };
  if (r.status === 404) return { gone: true };
  if (r.status === 428) return { hints: true };
  return { error: body.error || `the server answered ${r.status}` };
}

// hostCall makes a host's request (start, invite): the answer's body, or {error}.
export async function hostCall(game, what, body) {
  let r;
  try { r = await fetch(`/api/games/${game}/${what}`, { method: 'POST', headers: { Authorization: `Bearer ${host(game)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) }); }
  catch { return { error: 'The server cannot be reached.' }; }
  const b = await r.json().catch(() => ({}));
  return r.ok ? b : { error: b.error || `the server answered ${r.status}` };
}
