/**
 * When the live link reconnects (spec 02 section 9): 1, 2, 3 s, then 5, 7, 9 s, then 10 s rising
 * by 2.5 s up to 15 s; after 10 failed attempts in a row the client gives up until asked again.
 */
export const MAX_RECONNECT_ATTEMPTS = 10;

const STEPS_MS = [1_000, 2_000, 3_000, 5_000, 7_000, 9_000] as const;
const SLOW_START_MS = 10_000;
const SLOW_STEP_MS = 2_500;
const CEILING_MS = 15_000;

/** The wait before reconnect attempt `attempt` (1-based). */
export function reconnectDelayMs(attempt: number): number {
  if (attempt < 1) return 0;
  const fast = STEPS_MS[attempt - 1];
  if (fast !== undefined) return fast;
  const slow = SLOW_START_MS + (attempt - 1 - STEPS_MS.length) * SLOW_STEP_MS;
  return Math.min(slow, CEILING_MS);
}

/** True while another attempt is still allowed after `failedAttempts` failures in a row. */
export function mayReconnect(failedAttempts: number): boolean {
  return failedAttempts < MAX_RECONNECT_ATTEMPTS;
}
