import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import type { AppContext } from '../../context';
import type { EventBus } from '../bus/event-bus';
import { REVOKED_TOPIC, type Revocation } from '../auth/revocations';
import type { AccessClaims } from '../auth/tokens';

/**
 * Live access ends when the right to it ends (decision 0012). Every open SSE stream and STOMP
 * socket of this instance is registered here as a link. Two bus feeds reach every instance:
 *
 * - `internal:live-access-changed`: someone's memberships shrank (kicked, banned, left a room or
 *   a workspace, a workspace or meeting gone). Each affected link re-checks what it hears and
 *   drops what is no longer allowed, over both transports.
 * - `internal:auth-sessions-revoked` (platform/auth/revocations.ts): a login session ended. Each link of that
 *   session is closed.
 *
 * A link also ends when the access token it was opened with expires (see `accessDeadline`), so a
 * lost bus message keeps a revoked session listening for at most one token lifetime.
 *
 * When the bus was away (its Redis connection dropped), whatever it carried meanwhile is lost:
 * `resubscribed` then treats every link as possibly stale (decision 0032).
 */
const ACCESS_TOPIC = 'internal:live-access-changed';

/** Whose access changed: these users', and/or everyone's who hears one of these bus topics. */
export type AccessChange = { userIds?: number[]; topics?: string[] };

export type LiveEndReason = 'SESSION_ENDED' | 'TOKEN_EXPIRED';

/** One SSE stream or STOMP socket, as the registry sees it. */
export type LiveLink = {
  userId: number;
  /** Null for a stream opened from a ticket made before tickets named their session. */
  sessionId: number | null;
  /** Whether it hears `topic` now (for changes named by topic). */
  hears: (topic: string) => boolean;
  /** Re-checks every subscription against the current memberships and ends the lost ones. */
  recheck: () => Promise<void>;
  /** Closes the whole link. */
  end: (reason: LiveEndReason) => void;
  /**
   * For a link whose client can resume from the event log (an SSE stream, by Last-Event-ID):
   * ends it, inviting the client back at once. Absent: the link can only re-check (STOMP).
   */
  resume?: () => void;
};

/** Whether a login session is still active (the auth module's answer, read afresh). */
export type SessionCheck = (claims: { userId: number; sessionId: number }) => Promise<boolean>;

/** Small slack after `exp`, so the token is surely refused when the client comes back with it. */
const EXPIRY_SLACK_MS = 1000;
/** setTimeout's limit; a longer deadline is re-armed by the caller's next token anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** This app instance's registry of links (`ctx.liveAccess`). */
export class LiveAccess {
  private readonly links = new Set<LiveLink>();

  private constructor(private readonly logger: Logger) {}

  /** A registry listening to both feeds. */
  static async listening(bus: Pick<EventBus, 'subscribe'>, logger: Logger): Promise<LiveAccess> {
    const created = new LiveAccess(logger);
    await bus.subscribe(ACCESS_TOPIC, (event) => created.changed(event as AccessChange));
    await bus.subscribe(REVOKED_TOPIC, (event) => created.revoked(event as Revocation));
    return created;
  }

  get size(): number {
    return this.links.size;
  }

  /** Registers a link; the answer unregisters it. */
  add(link: LiveLink): () => void {
    this.links.add(link);
    return () => {
      this.links.delete(link);
    };
  }

  changed(change: AccessChange) {
    const users = new Set(change.userIds ?? []);
    const topics = change.topics ?? [];
    for (const link of [...this.links]) {
      if (!users.has(link.userId) && !topics.some((topic) => link.hears(topic))) continue;
      link.recheck().catch((error: unknown) => {
        // Failing to re-check must not leave a link that may have lost its right: end it, and
        // the client reconnects through the ordinary checks.
        this.logger.warn({ err: error }, 'live access re-check failed; closing the link');
        link.end('SESSION_ENDED');
      });
    }
  }

  /**
   * The bus hears again after it was away (decision 0032): access changes and revocations
   * published meanwhile never arrived. Each link's session is checked afresh (`isSessionLive`
   * must not answer from a cache that may have missed a revocation) and ended when gone; a
   * stream that can resume from the log is sent back to resume (the client comes back through
   * the ordinary checks and gets what it missed, today's access applied); every other link
   * re-checks all it hears, as after a membership change.
   */
  async resubscribed(isSessionLive: SessionCheck): Promise<void> {
    const sessions = new Map<number, Promise<boolean>>();
    const liveSession = (link: LiveLink): Promise<boolean> => {
      const { userId, sessionId } = link;
      if (sessionId === null) return Promise.resolve(true);
      let answer = sessions.get(sessionId);
      if (!answer) {
        answer = isSessionLive({ userId, sessionId });
        sessions.set(sessionId, answer);
      }
      return answer;
    };
    await Promise.all(
      [...this.links].map(async (link) => {
        try {
          if (!(await liveSession(link))) {
            link.end('SESSION_ENDED');
            return;
          }
          if (link.resume) link.resume();
          else await link.recheck();
        } catch (error) {
          this.logger.warn({ err: error }, 'live access re-check failed; closing the link');
          link.end('SESSION_ENDED');
        }
      }),
    );
  }

  revoked(revocation: Revocation) {
    for (const link of [...this.links]) {
      const ended =
        'sessionId' in revocation
          ? link.sessionId === revocation.sessionId
          : link.userId === revocation.userId &&
            (revocation.exceptSessionId === undefined ||
              link.sessionId !== revocation.exceptSessionId);
      if (ended) link.end('SESSION_ENDED');
    }
  }
}

/**
 * Call after a change that can take live access away is committed (removal from a room, a
 * workspace, a meeting; something deleted): every instance re-checks the links concerned.
 */
export async function announceAccessChange(ctx: AppContext, change: AccessChange): Promise<void> {
  if ((change.userIds?.length ?? 0) === 0 && (change.topics?.length ?? 0) === 0) return;
  await ctx.bus.publishUnlogged(ACCESS_TOPIC, change);
}

/**
 * When a link opened with this (already verified) access token must end: its `exp` plus a little
 * slack, in epoch ms; null when the token names no expiry.
 */
function accessDeadline(token: string): number | null {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 + EXPIRY_SLACK_MS : null;
  } catch {
    return null;
  }
}

/**
 * When a link opened with a bearer token must end (epoch ms by the real clock): a browser
 * session's access token at its `exp`; a personal access token at its own expiry, which the app's
 * clock judges (as the guard does on every request); null for one that lasts until revoked.
 */
export function linkDeadline(
  token: string,
  claims: Pick<AccessClaims, 'expiresAtMs'>,
  now: Date,
): number | null {
  if (claims.expiresAtMs === undefined) return accessDeadline(token);
  if (claims.expiresAtMs === null) return null;
  return Date.now() + (claims.expiresAtMs - now.getTime()) + EXPIRY_SLACK_MS;
}

/**
 * Runs `expire` at `deadline` (epoch ms by the real clock, as token expiry is checked); the answer
 * cancels it.
 */
export function armDeadline(deadline: number | null, expire: () => void): () => void {
  if (deadline === null) return () => undefined;
  const delay = Math.min(Math.max(deadline - Date.now(), 0), MAX_TIMER_MS);
  const timer = setTimeout(expire, delay);
  timer.unref();
  return () => clearTimeout(timer);
}
