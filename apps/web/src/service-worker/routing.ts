/**
 * Which requests the service worker answers, and how (decision 0043). Everything not named here
 * goes to the network untouched: the worker does not call respondWith for it.
 */

/**
 * Paths that are never answered by the worker, whatever the request: the API (JSON sent with
 * `no-store`, the SSE stream, uploads, downloads, the OAuth start and callback under
 * /api/auth/oauth), the STOMP WebSocket, the metrics, and the OAuth redirect paths some
 * deployments put in front (`/oauth2/**`, `/login/oauth2/**`).
 */
const networkOnlyPath = /^\/(?:api|ws|metrics|oauth2|login\/oauth2)(?:\/|$)/;

/** The addresses of the app's one document: every screen is a hash route on it. */
const shellPaths: ReadonlySet<string> = new Set(['/', '/index.html']);

/** The cache key of the app shell's document. */
export const SHELL_DOCUMENT = '/index.html';

export type Handling =
  /** A navigation to the app: the network first, the cached shell when it cannot be reached. */
  | 'shell'
  /** A file of this build (content-hashed asset, favicon, manifest): the cache first. */
  | 'precached'
  /** Not the worker's business: no respondWith. */
  | 'network';

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

/** How the worker treats a request, from its address, method and mode alone. */
export function handlingOf(
  request: RequestFacts,
  origin: string,
  precached: ReadonlySet<string>,
): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || networkOnlyPath.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return shellPaths.has(url.pathname) ? 'shell' : 'network';
  // A query string names something else than the built file (a cache buster, a download).
  if (url.search === '' && precached.has(url.pathname)) return 'precached';
  return 'network';
}
