// Identity: who this browser is when it plays with anyone (docs/anyone.md).
// The server gives a browser a secret key with a display name (POST
// /api/players); the key stays in this browser's storage and goes with the
// requests that seat a person (the X-Smashup-Player header), never in an
// address. Without one, everything but open tables, Play now and ratings
// works as before.

const KEY = 'smashup.identity';

// get is this browser's identity {id, name, key}, or null.
export function get() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || 'null');
    return v && v.key && v.id ? v : null;
  } catch { return null; }
}

function put(v) { try { if (v) localStorage.setItem(KEY, JSON.stringify(v)); else localStorage.removeItem(KEY); } catch { /* storage off */ } }

// headers are the request headers that say who this browser is (none
// without an identity), merged into extra.
export function headers(extra = {}) {
  const me = get();
  return me ? { ...extra, 'X-Smashup-Player': me.key } : { ...extra };
}

async function send(path, name, withKey) {
  let r;
  try {
    r = await fetch(path, { method: 'POST', headers: withKey ? headers({ 'Content-Type': 'application/json' }) : { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
  } catch { return { error: 'The server cannot be reached. Check the connection and try again.' }; }
  const body = await r.json().catch(() => ({}));
  if (!r.ok) return { error: body.error || `the server answered ${r.status}`, status: r.status };
  return body;
}

// make asks the server for an identity named name: {id, name} or {error}.
export async function make(name) {
  const j = await send('/api/players', name, false);
  if (j.error) return j;
  put({ id: j.id, name: j.name, key: j.key });
  return { id: j.id, name: j.name };
}

// rename changes this browser's name: {id, name} or {error}.
export async function rename(name) {
  const j = await send('/api/me/name', name, true);
  if (j.error) {
    if (j.status === 401) forget();
    return j;
  }
  const me = get();
  put({ ...me, name: j.name });
  return j;
}

// check asks the server who this browser is ({id, name, rating, games,
// wins}); an identity the server does not know (another server's, or one
// deleted) is forgotten, and null is answered.
export async function check() {
  const me = get();
  if (!me) return null;
  let r;
  try { r = await fetch('/api/me', { headers: headers() }); } catch { return { ...me, offline: true }; }
  if (r.status === 401) { forget(); return null; }
  if (!r.ok) return { ...me, offline: true };
  const j = await r.json();
  if (j.name !== me.name) put({ ...me, name: j.name });
  return j;
}

export function forget() { put(null); }

// Passkeys: protect this identity with one, or carry an identity to this
// browser by signing in with one (the server's passkey.go).
export const passkeysWork = () => !!(window.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON && PublicKeyCredential.parseRequestOptionsFromJSON);

async function ceremony(begin, finish, use, withKey) {
  const hdr = withKey ? headers({ 'Content-Type': 'application/json' }) : { 'Content-Type': 'application/json' };
  let r;
  try { r = await fetch(begin, { method: 'POST', headers: hdr, body: '{}' }); } catch { return { error: 'The server cannot be reached. Check the connection and try again.' }; }
  const c = await r.json().catch(() => ({}));
  if (!r.ok) return { error: c.error || `the server answered ${r.status}` };
  let cred;
  try { cred = await use(c.options.publicKey); } catch (e) { return { error: e && e.name === 'NotAllowedError' ? 'No passkey was used: the request was cancelled or timed out.' : `The passkey could not be used: ${e && e.message}` }; }
  try { r = await fetch(`${finish}?ceremony=${encodeURIComponent(c.ceremony)}`, { method: 'POST', headers: hdr, body: JSON.stringify(cred.toJSON()) }); } catch { return { error: 'The server cannot be reached. Check the connection and try again.' }; }
  const j = await r.json().catch(() => ({}));
  if (!r.ok) return { error: j.error || `the server answered ${r.status}` };
  return j;
}

// protect registers a passkey for this browser's identity: {passkeys} or {error}.
export function protect() {
  return ceremony('/api/me/passkey/begin', '/api/me/passkey/finish', (o) => navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(o) }), true);
}

// signIn takes the identity of a passkey into this browser: {id, name} or {error}.
export async function signIn() {
  const j = await ceremony('/api/passkey/begin', '/api/passkey/finish', (o) => navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(o) }), false);
  if (j.error) return j;
  put({ id: j.id, name: j.name, key: j.key });
  return { id: j.id, name: j.name };
}
