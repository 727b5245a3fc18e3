// The service worker (served at /sw.js, for the whole site): it shows the
// server's Web Push messages ("your turn" of a turn-based game, decrypted
// by the browser) while no page is open, and a click on one opens the
// game, or the page already showing it. It keeps no cache: every page is
// the server's latest.
'use strict';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', e => e.waitUntil(self.clients.claim()));

self.addEventListener('push', e => {
  let n = {};
  try { n = e.data ? e.data.json() : {}; } catch (_) { n = { body: e.data ? e.data.text() : '' }; }
  const url = typeof n.url === 'string' && n.url.startsWith('/') ? n.url : '/';
  e.waitUntil(self.registration.showNotification(n.title || 'Smash Up', {
    body: n.body || '', tag: n.tag || 'smashup', renotify: true,
    icon: '/static/icon-192.png', badge: '/static/icon-192.png', data: { url },
  }));
});

self.addEventListener('notificationclick', e => {
  e.notification.close();
  const url = new URL((e.notification.data && e.notification.data.url) || '/', self.location.origin);
  e.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const c of open) {
      if (new URL(c.url).pathname === url.pathname && 'focus' in c) return c.focus();
    }
    return self.clients.openWindow(url.href);
  })());
});
