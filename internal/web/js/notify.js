// "Your turn" when the page is closed (docs/anyone.md): this browser
// subscribes to the server's Web Push messages for its identity, and the
// service worker (/sw.js) shows them. Nothing is asked of the person until
// they press the button: the browser's own permission question follows.

import * as identity from './identity.js';

const KEY = 'smashup.push'; // the endpoint this browser subscribed, once it has

// works reports whether this browser can be told: push, notifications and
// a service worker, and an identity to tell.
export const works = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && !!identity.get();

// on reports whether this browser was subscribed here, and may still be
// told (the person did not take the permission back).
export function on() {
  try { return !!localStorage.getItem(KEY) && Notification.permission === 'granted'; } catch { return false; }
}

// denied: the person told the browser never to show this site's
// notifications (only the browser's settings undo that).
export const denied = () => 'Notification' in window && Notification.permission === 'denied';

// register installs the service worker (it also makes the page installable).
export async function register() {
  if (!('serviceWorker' in navigator)) return null;
  try { return await navigator.serviceWorker.register('/sw.js'); } catch { return null; }
}

function bytes(b64) {
  const s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((b64.length + 3) % 4));
  return Uint8Array.from(s, c => c.charCodeAt(0));
}

// enable asks the browser's permission, subscribes and tells the server:
// '' when done, else what went wrong, in words for the person.
export async function enable() {
  if (!works()) return 'This browser cannot show notifications from a web page.';
  const p = await Notification.requestPermission();
  if (p !== 'granted') return p === 'denied' ? 'The browser was told not to show this site\'s notifications: allow them in its settings for this site.' : 'No notifications: you can turn them on later.';
  try {
    await register();
    const reg = await navigator.serviceWorker.ready;
    const k = await fetch('/api/push/key').then(r => r.ok ? r.json() : Promise.reject(new Error(r.status)));
    let sub = await reg.pushManager.getSubscription();
    if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(k.key) });
    const r = await fetch('/api/me/push', { method: 'POST', headers: identity.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(sub.toJSON()) });
    if (!r.ok) return (await r.json().catch(() => ({}))).error || `The server answered ${r.status}.`;
    localStorage.setItem(KEY, sub.endpoint);
    return '';
  } catch (e) {
    return 'The browser could not subscribe to notifications (' + (e && e.message || e) + ').';
  }
}

// disable unsubscribes this browser.
export async function disable() {
  const endpoint = localStorage.getItem(KEY);
  localStorage.removeItem(KEY);
  try {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = reg && await reg.pushManager.getSubscription();
    if (sub) await sub.unsubscribe();
  } catch { /* already gone */ }
  if (endpoint) await fetch('/api/me/push', { method: 'DELETE', headers: identity.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ endpoint }) }).catch(() => {});
}

// hours says h hours as a person says it.
export function hours(h) {
  if (h % 24 === 0) return h === 24 ? 'a day' : `${h / 24} days`;
  return h === 1 ? 'an hour' : `${h} hours`;
}

// left says how long is left until due (unix ms).
export function left(due, now = Date.now()) {
  const m = Math.max(0, Math.round((due - now) / 60000));
  if (m >= 48 * 60) return `${Math.round(m / 1440)} days`;
  if (m >= 120) return `${Math.round(m / 60)} hours`;
  if (m >= 60) return 'an hour';
  return m <= 1 ? 'a minute' : `${m} minutes`;
}
