/**
 * What the page and the service worker say to each other (postMessage), shared by both builds:
 * this file imports nothing and uses no global of either side.
 */

/** The page asks a waiting worker to take over now (the user accepted the update). */
export const SKIP_WAITING = 'teamup:skip-waiting';
/** The page asks a worker for its build version; it answers on the port sent along. */
export const GET_VERSION = 'teamup:get-version';

export type PageToWorker = { type: typeof SKIP_WAITING } | { type: typeof GET_VERSION };

export function isPageToWorker(value: unknown): value is PageToWorker {
  if (typeof value !== 'object' || value === null) return false;
  const { type } = value as { type?: unknown };
  return type === SKIP_WAITING || type === GET_VERSION;
}
