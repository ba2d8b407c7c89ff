/* global self, caches */
/* Atende console service worker (spec 000 §2). Plain JavaScript, copied as is into the build.
 *
 * Keeps the console's shell and its hashed assets so the console still opens without connectivity, and
 * touches nothing else: every request that is not a same-origin GET, the API, the live connection, media
 * and uploads go to the network exactly as if there were no worker.
 *   - /assets/…: cache-first (vite names them by content hash, so a kept copy is never stale);
 *   - navigations: network-first, the page kept on each success and answered from the cache offline;
 *   - anything else: not handled (the browser fetches it itself).
 * Bump VERSION with a release or when this strategy changes: the next activation deletes older caches.
 */
const VERSION = '2.0.4-v3';
const CACHE_PREFIX = 'atende-console-';
const CACHE = CACHE_PREFIX + VERSION;
/** The cache key of the console's page (index.html, the same for every client-side route). */
const SHELL = '/index.html';
/** Assets of older builds stay until there are more than this many (a build has a few hundred); the oldest go first. */
const MAX_ENTRIES = 600;

/** Paths the worker never answers: the API (media included), socket.io, uploaded whitelabel files, probes. */
const NETWORK_ONLY = /^\/(api|socket\.io|public|uploads|media|healthz|readyz|metrics)(\/|$)/;

const isShell = (response) => response.ok && response.type === 'basic' && (response.headers.get('content-type') || '').includes('text/html');

const isCacheableAsset = (response) => response.ok && response.status === 200 && response.type === 'basic';

/** The page and the assets it loads first, so that a console opened once also opens offline. Never fails the install. */
async function precacheShell() {
  try {
    const cache = await caches.open(CACHE);
    const page = await fetch('/', { cache: 'no-cache', credentials: 'same-origin' });
    if (!isShell(page)) return;
    const html = await page.clone().text();
    await cache.put(SHELL, page);
    const assets = [...new Set(html.match(/\/assets\/[^"'\s)]+/g) || [])];
    await Promise.all(
      assets.map(async (url) => {
        const response = await fetch(url);
        if (isCacheableAsset(response)) await cache.put(url, response);
      }),
    );
  } catch {
    // offline or a server error at install: the cache fills as the console is used
  }
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(precacheShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

async function trim(cache) {
  const keys = await cache.keys(); // in insertion order
  const assets = keys.filter((key) => new URL(key.url).pathname !== SHELL);
  await Promise.all(assets.slice(0, Math.max(0, assets.length - MAX_ENTRIES)).map((key) => cache.delete(key)));
}

/** Kept after the answer went out (the page does not wait for the cache). */
function keep(event, cache, key, response) {
  event.waitUntil(
    cache
      .put(key, response)
      .then(() => trim(cache))
      .catch(() => undefined),
  );
}

async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (isCacheableAsset(response)) keep(event, cache, event.request, response.clone());
  return response;
}

async function networkFirstPage(event) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    if (isShell(response) && !response.redirected) keep(event, cache, SHELL, response.clone());
    return response;
  } catch (err) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NETWORK_ONLY.test(url.pathname)) return;
  if (request.headers.has('range') || request.destination === 'audio' || request.destination === 'video') return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(event));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(event));
  }
});
