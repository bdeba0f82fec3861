/**
 * The app's service worker (decision 0043), built by the web build into /sw.js
 * (apps/web/vite-service-worker.ts), which writes the build's file list into __TEAMUP_SHELL__.
 *
 * - install: caches this build's shell (index.html, the content-hashed assets, favicon,
 *   manifest) under a cache named by the build's version, checking that index.html is the one
 *   this worker was built with;
 * - activate: deletes every other build's cache and takes the open pages over;
 * - fetch: navigations to the app go to the network first and fall back to the cached shell when
 *   it cannot be reached; the build's files come from the cache; everything else (the API, SSE,
 *   uploads, downloads, /ws, OAuth) is not answered here at all (routing.ts);
 * - a new build is a new worker that waits until the page, asked by its user, tells it to take
 *   over (messages.ts).
 */
import { handlingOf, SHELL_DOCUMENT } from './routing';
import { GET_VERSION, isPageToWorker, SKIP_WAITING } from './messages';
import './sw-push';

declare const self: ServiceWorkerGlobalScope;

/** Written by the build: this build's version, its files, and index.html's SHA-256 (hex). */
declare const __TEAMUP_SHELL__: { version: string; files: string[]; indexSha256: string };

const shell = __TEAMUP_SHELL__;
const CACHE_PREFIX = 'teamup-shell-';
const cacheName = `${CACHE_PREFIX}${shell.version}`;
const precached: ReadonlySet<string> = new Set(shell.files);

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function precache(): Promise<void> {
  const cache = await caches.open(cacheName);
  // `no-cache` for the files named by no hash: the browser's HTTP cache may hold an older
  // index.html. A content-hashed asset is the same bytes wherever it comes from.
  await cache.addAll(
    shell.files.map(
      (file) => new Request(file, { cache: file.startsWith('/assets/') ? 'default' : 'no-cache' }),
    ),
  );
  // A build deployed between this worker's script and its install would pair this worker with
  // another build's page: give up, and let the next update check bring the matching worker.
  const index = await cache.match(SHELL_DOCUMENT);
  const sha = index ? await sha256Hex(await index.arrayBuffer()) : '';
  if (sha !== shell.indexSha256) {
    await caches.delete(cacheName);
    throw new Error(`index.html is not the one of build ${shell.version}`);
  }
}

async function takeOver(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
      .map((name) => caches.delete(name)),
  );
  // No navigation preload: a navigation the worker does not answer (the OAuth start under /api)
  // would then go out twice, the preload and the browser's own request.
  await self.clients.claim();
}

/** The network's answer to a navigation; the cached shell only when the network fails. */
async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch {
    const cached = await caches.match(SHELL_DOCUMENT, { cacheName });
    return cached ?? Response.error();
  }
}

async function fromCache(request: Request): Promise<Response> {
  // The server varies its files on Accept-Encoding, which a worker's requests do not show.
  const cached = await caches.match(request, { cacheName, ignoreVary: true });
  return cached ?? fetch(request);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(takeOver());
});

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isPageToWorker(message)) return;
  if (message.type === SKIP_WAITING) event.waitUntil(self.skipWaiting());
  if (message.type === GET_VERSION) event.ports[0]?.postMessage(shell.version);
});

self.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, self.location.origin, precached);
  if (handling === 'shell') event.respondWith(navigate(event));
  else if (handling === 'precached') event.respondWith(fromCache(event.request));
  // 'network': not answered here; the browser sends it as if there were no worker.
});
