import type { Logger } from 'pino';
import type { AppContext } from '../context';
import type { EventBus, SubscriptionState } from './bus/event-bus';

/**
 * Per-instance caches of access decisions and small read models (a member's workspace role, team
 * membership, room access, a team's board), asked on nearly every request. Like the session cache
 * (modules/auth/session-cache.ts), an answer is kept here for a short while and every change that
 * can alter it clears it at once on this instance and, over the bus, on every other one: a kicked
 * member loses access everywhere as soon as the bus message arrives, and a lost bus message keeps
 * a stale answer for at most `KEPT_FOR_MS`.
 *
 * Only positive answers are kept (a member's role, "is a member"): a refusal is always read again,
 * so someone who just joined is never refused from the cache.
 *
 * A read that started before a clear must not store what it read after the clear (it may have
 * read the old rows): each cache counts its clears, and a read stores its answer only if no clear
 * happened while it ran. Nothing is stored until this instance listens to the bus, so no clear
 * made elsewhere can be missed while the subscription is being set up; and nothing is kept or
 * stored while the bus is away (its Redis connection dropped, decision 0032): the clears
 * published meanwhile never arrive, so every answer kept then is unknown.
 */
export const ACCESS_CLEARED_TOPIC = 'internal:access-cache-cleared';

/**
 * What a change can have altered: entries of these caches (all when absent) whose scope (a
 * workspace, team or room id) is one of `scopeIds` and whose user is one of `userIds` (either
 * condition left out matches every entry). `{}` clears everything.
 */
export type AccessClear = { caches?: string[]; scopeIds?: number[]; userIds?: number[] };

/** The caches' names, for modules that clear another module's answers (a removal, a deletion). */
export const AccessCaches = {
  /** A member's role in a workspace: scope workspace, per user. */
  workspaceRole: 'workspace-role',
  /** A team's row: scope team, user 0. */
  team: 'team',
  /** "Is in the team": scope team, per user. */
  teamMember: 'team-member',
  /** A room member's access read (room, role, name, picture): scope room, per user. */
  room: 'room-access',
  /** A team's presented kanban board (names and pictures of assignees in it): scope team, user 0. */
  kanbanBoard: 'kanban-board',
  /** A workspace's enabled outgoing webhooks (every chat message asks): scope workspace, user 0. */
  enabledWebhooks: 'enabled-webhooks',
} as const;

const KEPT_FOR_MS = 30_000;
const MAX_ENTRIES = 100_000;

type Entry<V> = { value: V; scopeId: number; userId: number; until: number };

export class AccessCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private clears = 0;

  constructor(
    readonly name: string,
    private readonly registry: AccessCacheRegistry,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether an answer for (scope, user) is kept now (for tests). */
  has(scopeId: number, userId: number): boolean {
    const entry = this.entries.get(`${scopeId}:${userId}`);
    return entry !== undefined && entry.until > Date.now();
  }

  /**
   * The kept answer for (scope, user), or `load()`'s, which is kept when it is not undefined.
   * `userId` 0 stands for an answer that depends on the scope only.
   */
  async get(
    scopeId: number,
    userId: number,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> {
    const key = `${scopeId}:${userId}`;
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.until > now) return entry.value;
      this.entries.delete(key);
    }
    const clearsBefore = this.clears;
    const value = await load();
    if (value !== undefined && this.registry.hearing() && clearsBefore === this.clears) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, scopeId, userId, until: now + KEPT_FOR_MS });
    }
    return value;
  }

  clear(change: AccessClear): void {
    this.clears += 1;
    const { scopeIds, userIds } = change;
    if (!scopeIds && !userIds) {
      this.entries.clear();
      return;
    }
    const scopes = scopeIds ? new Set(scopeIds) : null;
    const users = userIds ? new Set(userIds) : null;
    for (const [key, entry] of this.entries) {
      if ((!scopes || scopes.has(entry.scopeId)) && (!users || users.has(entry.userId))) {
        this.entries.delete(key);
      }
    }
  }
}

/** An app instance's caches (`ctx.accessCaches`), listening for the clears made elsewhere. */
export class AccessCacheRegistry {
  readonly caches = new Map<string, AccessCache<unknown>>();
  /** Subscribed to the clears (once, at the start). */
  listening = false;
  /** False while the bus is away: its subscriptions hear nothing, clears included. */
  busHearing = true;

  /** A registry subscribed to the clears; it keeps nothing until the subscription is in place. */
  static listening(bus: Pick<EventBus, 'subscribe'>, logger: Logger): AccessCacheRegistry {
    const registry = new AccessCacheRegistry();
    bus
      .subscribe(ACCESS_CLEARED_TOPIC, (event) => registry.clear(event as AccessClear))
      .then(() => {
        registry.listening = true;
      })
      .catch((error: unknown) => logger.error({ err: error }, 'access cache feed'));
    return registry;
  }

  hearing(): boolean {
    return this.listening && this.busHearing;
  }

  clear(change: AccessClear): void {
    const names = change.caches ?? [...this.caches.keys()];
    for (const name of names) this.caches.get(name)?.clear(change);
  }
}

/** This app instance's cache called `name` (made on first use). */
export function accessCacheOf<V>(ctx: AppContext, name: string): AccessCache<V> {
  const registry = ctx.accessCaches;
  let cache = registry.caches.get(name);
  if (!cache) {
    cache = new AccessCache<unknown>(name, registry);
    registry.caches.set(name, cache);
  }
  return cache as AccessCache<V>;
}

/**
 * Call after a change that can alter kept answers is committed: clears them here at once and on
 * every other instance over the bus.
 */
export async function clearAccessCaches(ctx: AppContext, change: AccessClear): Promise<void> {
  ctx.accessCaches.clear(change);
  await ctx.bus.publishUnlogged(ACCESS_CLEARED_TOPIC, change);
}

/**
 * The bus stopped hearing (`lost`) or hears again (`resubscribed`): either way the clears
 * published meanwhile may be lost, so every answer this instance keeps goes (decision 0032); while
 * it is away none is stored (each request reads the database).
 */
export function accessCachesHear(ctx: AppContext, state: SubscriptionState): void {
  const registry = ctx.accessCaches;
  registry.busHearing = state === 'resubscribed';
  registry.clear({});
}
