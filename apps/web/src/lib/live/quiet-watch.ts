/**
 * The live link's quiet rules (spec 02 sections 4 and 9): quiet for more than 30 s triggers a
 * check (reconnect unless the stream says it is open); quiet for more than 45 s forces a reconnect.
 */
export const QUIET_CHECK_MS = 30_000;
export const QUIET_RECONNECT_MS = 45_000;
/** How often the quiet time is looked at (the spec's health check). */
export const QUIET_WATCH_INTERVAL_MS = 6_000;

export type QuietAction = 'none' | 'reconnect';

/**
 * What to do after `quietMs` without anything from the server, given whether the stream still
 * reports itself open (EventSource readyState OPEN).
 */
export function quietAction(quietMs: number, streamOpen: boolean): QuietAction {
  if (quietMs > QUIET_RECONNECT_MS) return 'reconnect';
  if (quietMs > QUIET_CHECK_MS && !streamOpen) return 'reconnect';
  return 'none';
}
