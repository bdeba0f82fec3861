/**
 * Presence timings (decision 0021), in a module without zod so the web's first screen can read
 * them without loading the schemas.
 */
export const PresenceTimings = {
  /** The client reports AWAY after this long without input (or at once when its tab is hidden). */
  idleAwayMs: 5 * 60_000,
  /** A person whose last connection closed shows OFFLINE only after this (a reload is no flicker). */
  offlineGraceMs: 3000,
  /**
   * A workspace hears presence changes at most this often: the first change goes at once, those
   * that follow within the gap go together at its end (decision 0021).
   */
  announceGapMs: 500,
  /** How often each instance tells the others whom it serves. */
  instanceHeartbeatMs: 10_000,
  /** An instance not heard from this long is gone: its people are offline unless seen elsewhere. */
  instanceExpiryMs: 35_000,
} as const;
