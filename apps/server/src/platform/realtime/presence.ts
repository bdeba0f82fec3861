import { randomUUID } from 'node:crypto';
import { PresenceTimings, type PresenceStatus } from '@teamup/contracts/presence';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { ReplayableBus } from '../bus/replayable-bus';
import { databaseNameOf } from './presence.repo';

/**
 * Who is online, from the live connections themselves (decision 0021). Every SSE stream and STOMP
 * socket of this instance holds its user while open (`hold`); a person is ONLINE while any
 * instance holds them, AWAY when their client last said so (`report`), OFFLINE otherwise.
 * Nothing is stored: the instances tell each other over the bus, on an internal topic never
 * replayed to clients:
 *
 * - a user's first connection here opening and their last one here closing (one message each,
 *   never per event or per keystroke);
 * - every `instanceHeartbeatMs` the list of users this instance holds, so an instance that
 *   starts late learns the state (it also asks at once with `hello`), and an instance that
 *   crashed is forgotten after `instanceExpiryMs` with its users;
 * - AWAY/ONLINE reports, the newest report winning;
 * - `bye` when an instance stops cleanly, so its users go at once.
 *
 * The topic is named after the database, so only the instances of one deployment talk.
 *
 * Each instance works out every user's status from what it heard. Changes are announced by one
 * instance only, the live one with the smallest id (`onChange` listeners run there), so a change
 * is announced once however many instances run; a person whose last connection closed is
 * announced OFFLINE only after `offlineGraceMs` (a page reload shows no flicker), and one person's
 * announcements are at least `minAnnounceGapMs` apart (a flapping tab costs little).
 */
export const PRESENCE_TOPIC = 'internal:presence';

type SyncMessage =
  | { kind: 'hello'; instance: string }
  | { kind: 'bye'; instance: string }
  | { kind: 'snapshot'; instance: string; users: number[]; away: Array<[number, number]> }
  | { kind: 'connected'; instance: string; userId: number; connected: boolean }
  | { kind: 'away'; instance: string; userId: number; away: boolean; at: number };

export type PresenceListener = (userId: number, status: PresenceStatus) => void | Promise<void>;

export type PresenceOptions = {
  /** Epoch ms; instance expiry and report order are read from it. */
  now?: () => number;
  offlineGraceMs?: number;
  minAnnounceGapMs?: number;
  heartbeatMs?: number;
  expiryMs?: number;
  onError?: (error: unknown) => void;
};

type Publish = (message: SyncMessage) => Promise<void>;

export class PresenceTracker {
  readonly instance = randomUUID();
  /** Open connections per user on this instance. */
  private readonly local = new Map<number, number>();
  /** The users each other instance holds, and when it was last heard. */
  private readonly remote = new Map<string, { seen: number; users: Set<number> }>();
  /** The newest AWAY/ONLINE report per user (only while they are connected somewhere). */
  private readonly away = new Map<number, { away: boolean; at: number }>();
  /** The status last settled per user (absent: OFFLINE). */
  private readonly shown = new Map<number, Exclude<PresenceStatus, 'OFFLINE'>>();
  private readonly lastAnnounced = new Map<number, number>();
  private readonly timers = new Map<number, { timer: NodeJS.Timeout; target: PresenceStatus }>();
  private readonly listeners = new Set<PresenceListener>();
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;
  private readonly graceMs: number;
  private readonly gapMs: number;
  private readonly heartbeatMs: number;
  private readonly expiryMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly publish: Publish,
    options: PresenceOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.graceMs = options.offlineGraceMs ?? PresenceTimings.offlineGraceMs;
    this.gapMs = options.minAnnounceGapMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? PresenceTimings.instanceHeartbeatMs;
    this.expiryMs = options.expiryMs ?? PresenceTimings.instanceExpiryMs;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Starts the heartbeat and asks the running instances for their users. */
  start(): void {
    this.heartbeat = setInterval(() => {
      this.sweep();
      this.send(this.snapshot());
    }, this.heartbeatMs);
    this.heartbeat.unref();
    this.send({ kind: 'hello', instance: this.instance });
    this.send(this.snapshot());
  }

  /**
   * Stops: `bye` tells the others this instance's users are gone from here (`quietly`: say
   * nothing, as a crash would, for tests).
   */
  async stop(options: { quietly?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (options.quietly) return;
    await this.publish({ kind: 'bye', instance: this.instance }).catch(this.onError);
  }

  /** A connection of `userId` opened on this instance; the answer is called when it closes. */
  hold(userId: number): () => void {
    const count = (this.local.get(userId) ?? 0) + 1;
    this.local.set(userId, count);
    if (count === 1) {
      this.send({ kind: 'connected', instance: this.instance, userId, connected: true });
      this.changed(userId);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.local.get(userId) ?? 1) - 1;
      if (left > 0) {
        this.local.set(userId, left);
        return;
      }
      this.local.delete(userId);
      this.send({ kind: 'connected', instance: this.instance, userId, connected: false });
      this.changed(userId);
    };
  }

  /** The user's client says they are at the screen or stepped away (newest report wins). */
  async report(userId: number, status: 'ONLINE' | 'AWAY'): Promise<void> {
    const message: SyncMessage = {
      kind: 'away',
      instance: this.instance,
      userId,
      away: status === 'AWAY',
      at: this.now(),
    };
    this.heardAway(message);
    await this.publish(message);
  }

  /**
   * The user's settled status: what was (or, on the other instances, would have been) announced,
   * so an answer read now agrees with the events (an OFFLINE still in its grace reads ONLINE).
   */
  statusOf(userId: number): PresenceStatus {
    return this.shown.get(userId) ?? 'OFFLINE';
  }

  /** Everyone not OFFLINE, with their settled status. */
  present(): Array<{ userId: number; status: Exclude<PresenceStatus, 'OFFLINE'> }> {
    return [...this.shown].map(([userId, status]) => ({ userId, status }));
  }

  /** What the connections and reports say this moment, before any grace. */
  private liveStatus(userId: number): PresenceStatus {
    if (!this.isConnected(userId)) return 'OFFLINE';
    return this.away.get(userId)?.away ? 'AWAY' : 'ONLINE';
  }

  /** Runs on the announcing instance only, once per settled change. */
  onChange(listener: PresenceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether this instance announces changes: the live instance with the smallest id. */
  isAnnouncer(): boolean {
    for (const [instance, entry] of this.remote) {
      if (this.isLive(entry) && instance < this.instance) return false;
    }
    return true;
  }

  /** Forgets instances not heard from within the expiry (a crash); their users are re-read. */
  sweep(): void {
    for (const [instance, entry] of [...this.remote]) {
      if (this.isLive(entry)) continue;
      this.remote.delete(instance);
      for (const user of entry.users) this.changed(user);
    }
    // Reports of people connected nowhere (a report without a connection) do not pile up.
    for (const [userId, report] of [...this.away]) {
      if (this.now() - report.at > this.expiryMs && !this.isConnected(userId)) {
        this.away.delete(userId);
      }
    }
  }

  /** A message of the internal topic (from any instance, this one's own included). */
  heard(message: SyncMessage): void {
    if (this.stopped || message.instance === this.instance) return;
    switch (message.kind) {
      case 'hello':
        this.entryOf(message.instance);
        this.send(this.snapshot());
        return;
      case 'bye': {
        const entry = this.remote.get(message.instance);
        this.remote.delete(message.instance);
        for (const user of entry?.users ?? []) this.changed(user);
        return;
      }
      case 'snapshot': {
        const entry = this.entryOf(message.instance);
        const before = entry.users;
        entry.users = new Set(message.users);
        for (const [userId, at] of message.away) {
          this.heardAway({ kind: 'away', instance: message.instance, userId, away: true, at });
        }
        for (const user of new Set([...before, ...entry.users])) {
          if (before.has(user) !== entry.users.has(user)) this.changed(user);
        }
        return;
      }
      case 'connected': {
        const entry = this.entryOf(message.instance);
        if (message.connected) entry.users.add(message.userId);
        else entry.users.delete(message.userId);
        this.changed(message.userId);
        return;
      }
      case 'away':
        this.heardAway(message);
        return;
    }
  }

  private heardAway(message: Extract<SyncMessage, { kind: 'away' }>) {
    const known = this.away.get(message.userId);
    if (known && known.at > message.at) return;
    this.away.set(message.userId, { away: message.away, at: message.at });
    this.changed(message.userId);
  }

  private entryOf(instance: string) {
    let entry = this.remote.get(instance);
    if (!entry) {
      entry = { seen: this.now(), users: new Set() };
      this.remote.set(instance, entry);
    }
    entry.seen = this.now();
    return entry;
  }

  private isLive(entry: { seen: number }): boolean {
    return this.now() - entry.seen <= this.expiryMs;
  }

  private *liveRemotes() {
    for (const entry of this.remote.values()) if (this.isLive(entry)) yield entry;
  }

  private isConnected(userId: number): boolean {
    if ((this.local.get(userId) ?? 0) > 0) return true;
    for (const entry of this.liveRemotes()) if (entry.users.has(userId)) return true;
    return false;
  }

  private snapshot(): SyncMessage {
    const away: Array<[number, number]> = [];
    for (const [userId, report] of this.away) {
      if (report.away && this.isConnected(userId)) away.push([userId, report.at]);
    }
    return { kind: 'snapshot', instance: this.instance, users: [...this.local.keys()], away };
  }

  private send(message: SyncMessage) {
    if (this.stopped) return;
    void this.publish(message).catch(this.onError);
  }

  /** Something about `userId` changed: settle their status now, or after the grace or gap. */
  private changed(userId: number) {
    if (this.stopped) return;
    const status = this.liveStatus(userId);
    const pending = this.timers.get(userId);
    // Already on its way to this status (an offline grace keeps counting from its start).
    if (pending?.target === status) return;
    if (pending) {
      clearTimeout(pending.timer);
      this.timers.delete(userId);
    }
    if (status === (this.shown.get(userId) ?? 'OFFLINE')) return;
    const gap = (this.lastAnnounced.get(userId) ?? -Infinity) + this.gapMs - this.now();
    const delay = Math.max(status === 'OFFLINE' ? this.graceMs : 0, gap);
    if (delay <= 0) {
      this.settle(userId);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      this.settle(userId);
    }, delay);
    timer.unref();
    this.timers.set(userId, { timer, target: status });
  }

  private settle(userId: number) {
    if (this.stopped) return;
    const status = this.liveStatus(userId);
    if (status === (this.shown.get(userId) ?? 'OFFLINE')) return;
    if (status === 'OFFLINE') {
      this.shown.delete(userId);
      // Offline clears the report: a client that comes back says again where its person is.
      this.away.delete(userId);
      // Nothing is kept of people who left (the grace already spaced this change out).
      this.lastAnnounced.delete(userId);
    } else {
      this.shown.set(userId, status);
      this.lastAnnounced.set(userId, this.now());
    }
    if (!this.isAnnouncer()) return;
    for (const listener of this.listeners) {
      void Promise.resolve()
        .then(() => listener(userId, status))
        .catch(this.onError);
    }
  }
}

/**
 * The internal topic of the instances that share this database: one deployment. Two deployments
 * (or two test runs) on one Redis then never count each other's people, nor elect each other's
 * announcer.
 */
async function syncTopicOf(database: Database): Promise<string> {
  return `${PRESENCE_TOPIC}:${await databaseNameOf(database.db)}`;
}

/**
 * An app instance's tracker (`ctx.presence`), started once it listens to the other instances.
 * Stopped by the presence module's background work when the app closes (saying `bye`).
 */
export function startPresence(
  bus: Pick<ReplayableBus, 'subscribe' | 'publishUnlogged'>,
  database: Database,
  logger: Logger,
): PresenceTracker {
  const topic = syncTopicOf(database);
  const tracker = new PresenceTracker(
    async (message) => bus.publishUnlogged(await topic, message),
    { onError: (error) => logger.warn({ err: error }, 'presence sync failed') },
  );
  void topic
    .then((name) => bus.subscribe(name, (event) => tracker.heard(event as SyncMessage)))
    .then(() => tracker.start())
    .catch((error: unknown) => logger.warn({ err: error }, 'presence sync unavailable'));
  return tracker;
}
