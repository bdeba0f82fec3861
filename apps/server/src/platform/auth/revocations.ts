/**
 * Login sessions ended (logout, revoke, password change, refresh-token reuse), announced to every
 * instance: the session cache forgets them (modules/auth/session-cache.ts) and the live layer
 * ends their streams and sockets (platform/realtime/live-access.ts).
 */
export const REVOKED_TOPIC = 'internal:auth-sessions-revoked';

/** Which sessions a revocation ended: one, or all of a user's but `exceptSessionId`. */
export type Revocation =
  { sessionId: number } | { userId: number; exceptSessionId?: number | undefined };
