import type { ServerResponse } from 'node:http';
import { Limits } from '@teamup/contracts/limits';
import type { ResyncSignal } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import type { LoggedEvent } from '../bus/replayable-bus';
import { liveMetrics } from '../observability/live-metrics';
import type { LiveContribution, TopicChange } from './contribution';
import { armDeadline, type LiveAccess, type LiveEndReason } from './live-access';
import { StreamResumePoint, type ResumePoint } from './resume-point';
import { SharedTopics, type TopicHandler } from './shared-topics';

/** Whose stream it is: the user, the login session, when the access token behind it expires. */
export type StreamOwner = {
  userId: number;
  /** Null for a stream opened from a ticket made before tickets named their session. */
  sessionId: number | null;
  accessExpiresAt: Date | null;
};

const REPLAY_LIMIT = 1000;

type Connection = {
  userId: number;
  response: ServerResponse;
  /** The bus topics it hears (the hub's SharedTopics holds the subscriptions). */
  topics: Set<string>;
  /** Set once the stream has opened (after it listens to its topics). */
  heartbeat: NodeJS.Timeout | undefined;
  /** Topic changes (the first listen, re-checks) run one after another, in order. */
  changes: Promise<void>;
  /** Unregisters from the live-access registry and cancels the expiry timer. */
  release: () => void;
  /** Lets go of the user's presence held by this stream (decision 0021). */
  unhold: () => void;
  /**
   * While re-checks are running, events wait here with their topic; afterwards only those of
   * topics still allowed go out (an event right after a removal never slips through).
   */
  paused: Array<{ topic: string; event: unknown }> | null;
  rechecking: number;
  /** Frames written since the last flush, sent together (see SseHub.write). */
  pending: Buffer[];
  /** What it heard, written as the `id:` of the last frame of each flush (decision 0049). */
  point: StreamResumePoint;
  /** Whether a logged event was written since the last `id:` line. */
  pointMoved: boolean;
};

/**
 * The SSE frame of an event, built once: every subscriber of a topic gets the same event object
 * from the bus, so a message to 1,000 streams is serialised once, not 1,000 times. Encoded once
 * as well: a string written to a stream is encoded to UTF-8 (and measured) again for each stream.
 * In a scratch measurement (session 21: 50 local streams, the writer and the readers in one
 * process, a 260-byte Korean frame) a message took 138-153 µs of CPU written as bytes, against
 * 166-170 µs as a string. The `id:` line is the stream's own (its resume point), added at flush.
 */
const frames = new WeakMap<object, Buffer>();
function frameOf(event: LoggedEvent | ResyncSignal): Buffer {
  let frame = frames.get(event);
  if (frame === undefined) {
    const { eventId: _logId, ...rest } = event;
    frame = Buffer.from(`data: ${JSON.stringify(rest)}\n\n`, 'utf8');
    frames.set(event, frame);
  }
  return frame;
}

/**
 * The SSE connections of this instance. Each hears the bus topics the modules' contributions
 * name for its user (its own topic, its workspaces, its chat rooms), through one subscription per
 * topic that the hub shares among the streams hearing it; events are
 * written as `id:` + `data:` frames. A reconnecting
 * client names the last id it saw and gets what it missed from the event log first.
 *
 * Each stream belongs to a login session and lives no longer than the access token that asked
 * for its ticket: it ends when the session is revoked, and at the token's expiry after a
 * `reauth` event (the client registers a new ticket and carries on). When the user's
 * memberships shrink, it re-reads its topics and drops the lost ones (see live-access.ts).
 */
/** The stream's headers and first comment, once (a stream ended while opening gets them too). */
function openStream(response: ServerResponse) {
  if (response.headersSent) return;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`retry: 3000\n: connected\n\n`);
}

export class SseHub {
  private readonly connections = new Set<Connection>();
  private readonly pruner: NodeJS.Timeout;
  /** Connections with frames waiting for the next flush. */
  private readonly unflushed = new Set<Connection>();
  private flushing = false;
  /** The bus subscriptions, one per topic for all the streams that hear it. */
  private readonly shared: SharedTopics<Connection>;
  /** How long a logged event can be in flight before every stream has it (decision 0049). */
  private readonly settleMs: number;

  private constructor(
    private readonly ctx: AppContext,
    private readonly access: LiveAccess,
    private readonly sources: readonly LiveContribution[],
  ) {
    this.shared = new SharedTopics(ctx.bus, (error, connection) => {
      ctx.logger.warn({ err: error, userId: connection.userId }, 'SSE delivery failed');
    });
    this.pruner = setInterval(() => void this.prune(), 60_000);
    this.pruner.unref();
    // A log write is one statement, ended by the database within its timeout; the client side
    // of the pool gives up 2 s later, and Redis hands a message on in well under the rest.
    this.settleMs = ctx.config.databaseStatementTimeoutMs + 5000;
  }

  static start(ctx: AppContext, sources: readonly LiveContribution[]): SseHub {
    return new SseHub(ctx, ctx.liveAccess, sources);
  }

  get size(): number {
    return this.connections.size;
  }

  stats() {
    const perUser = new Map<number, number>();
    let topics = 0;
    for (const connection of this.connections) {
      perUser.set(connection.userId, (perUser.get(connection.userId) ?? 0) + 1);
      topics += connection.topics.size;
    }
    return { connections: this.connections.size, users: perUser.size, subscriptions: topics };
  }

  /**
   * Streams to `response` (already hijacked) until the client goes away or its right ends;
   * `resumeFrom` is the client's Last-Event-ID, when it comes back (decision 0049).
   */
  async open(response: ServerResponse, owner: StreamOwner, resumeFrom: ResumePoint | null) {
    const { userId } = owner;
    const connection: Connection = {
      userId,
      response,
      topics: new Set(),
      heartbeat: undefined,
      changes: Promise.resolve(),
      release: () => undefined,
      unhold: this.ctx.presence.hold(userId),
      paused: null,
      rechecking: 0,
      pending: [],
      point: new StreamResumePoint(resumeFrom ?? { horizon: 0, heard: [] }, this.settleMs),
      pointMoved: false,
    };
    this.connections.add(connection);
    liveMetrics.sseStreams.inc();
    response.on('close', () => void this.close(connection));

    // Listen first and hold live events back while the replay is written, so nothing falls in
    // the gap between the two and nothing is written twice.
    let held: LoggedEvent[] | null = [];
    const sent = new Set<number>();
    const deliver = (event: LoggedEvent) => {
      if (held) {
        held.push(event);
        return;
      }
      this.write(connection, event);
    };
    const accept = (event: unknown) => {
      const logged = event as LoggedEvent;
      this.follow(connection, logged, handler);
      deliver(logged);
    };
    const handler: TopicHandler = (event, topic) => {
      if (connection.paused) connection.paused.push({ topic, event });
      else accept(event);
    };
    // Registered before the first read of the memberships, so a change made meanwhile is
    // re-checked after it (changes run in order).
    const unregister = this.access.add({
      userId,
      sessionId: owner.sessionId,
      hears: (topic) => connection.topics.has(topic),
      recheck: async () => {
        connection.paused ??= [];
        connection.rechecking += 1;
        try {
          await this.refresh(connection, handler);
        } finally {
          connection.rechecking -= 1;
          if (connection.rechecking === 0) {
            const waiting = connection.paused ?? [];
            connection.paused = null;
            for (const { topic, event } of waiting) {
              if (connection.topics.has(topic)) accept(event);
            }
          }
        }
      },
      end: (reason) => this.end(connection, reason),
      // The bus was away (decision 0032): the client resumes from the log at once, through the
      // ordinary checks, instead of this stream guessing what it missed.
      resume: () => this.end(connection, 'RESUME'),
    });
    const disarm = armDeadline(owner.accessExpiresAt?.getTime() ?? null, () =>
      this.end(connection, 'TOKEN_EXPIRED'),
    );
    connection.release = () => {
      unregister();
      disarm();
    };
    if (!this.connections.has(connection)) connection.release();
    let topics: string[] = [];
    await this.serially(connection, async () => {
      topics = await this.topicsOf(userId);
      for (const topic of topics) await this.listen(connection, topic, handler);
    });
    if (resumeFrom === null) {
      // A new stream: what was logged before it listened is the client's to load from the API.
      // (An event drawn before this read and published after it is written when it comes, but
      // is not replayed should the stream end before: a window of one statement's duration.)
      const newest = await this.ctx.bus.newestId();
      connection.point = new StreamResumePoint({ horizon: newest ?? 0, heard: [] }, this.settleMs);
    }
    // The stream opens (the client's `open`) only once it listens to all its topics: an event
    // published right after the client saw it open reaches it. Until then nothing was written.
    if (response.writableEnded) return;
    openStream(response);
    connection.heartbeat = setInterval(() => {
      // The comment is the protocol's keep-alive; the named event is what a browser's
      // EventSource can see (comments never reach it), so a quiet link is not taken for dead.
      response.write(': ping\nevent: ping\ndata: {}\n\n');
    }, Limits.sseHeartbeatSeconds * 1000);

    if (resumeFrom !== null) {
      const { horizon, heard } = resumeFrom;
      const oldest = await this.ctx.bus.oldestId();
      const logged = await this.ctx.bus.replay(topics, horizon, REPLAY_LIMIT, heard);
      // The log keeps a few minutes; older than that, part of what was missed may be gone,
      // and the client must reload from the API instead.
      const gap = oldest === null || oldest > horizon + 1 || logged.length === REPLAY_LIMIT;
      // Only topics the user hears now were read; what the events say is brought up to date.
      const missed = await this.asNow(logged);
      if (gap) this.write(connection, { type: 'RESYNC', eventId: horizon });
      for (const event of missed) {
        sent.add(event.eventId);
        this.write(connection, event);
      }
    }
    const pending = held;
    held = null;
    for (const event of pending) if (!sent.has(event.eventId)) this.write(connection, event);
  }

  /**
   * Queues the event's frame for the stream. Frames are sent once the code that published them
   * has run to its end (a microtask), all of a stream's in one write: a burst of events (a batch
   * of sends publishing together) is one socket write per stream, not one per event per stream.
   * Not at the next turn of the loop (setImmediate): there they waited behind every request the
   * same turn had read, and behind the answer of the send that published them. Order is kept:
   * every frame of a stream goes through its queue.
   */
  private write(connection: Connection, event: LoggedEvent | ResyncSignal) {
    // A stream ended by a revocation may still be writing its replay: nothing more goes out.
    if (connection.response.writableEnded) return;
    connection.pending.push(frameOf(event));
    if (event.type !== 'RESYNC' && event.eventId !== undefined) {
      // Events published unlogged (typing, presence: decision 0021) carry no id and move no
      // resume point: they are never replayed.
      connection.point.hear(event.eventId);
      connection.pointMoved = true;
    }
    this.unflushed.add(connection);
    if (!this.flushing) {
      this.flushing = true;
      queueMicrotask(() => this.flush());
    }
  }

  private flush() {
    this.flushing = false;
    for (const connection of this.unflushed) this.flushOne(connection);
    this.unflushed.clear();
  }

  private flushOne(connection: Connection) {
    const frames = connection.pending;
    if (frames.length === 0) return;
    connection.pending = [];
    if (connection.response.writableEnded) return;
    if (connection.pointMoved) {
      // One `id:` line per flush, on its last frame: a client keeps the last id it was given
      // across the frames that carry none (the SSE standard's "last event ID buffer").
      connection.pointMoved = false;
      frames.splice(frames.length - 1, 0, Buffer.from(`id: ${connection.point.toString()}\n`));
    }
    connection.response.write(frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames));
  }

  /** Replayed events as the modules tell them today (see LiveContribution.sseReplay). */
  private async asNow(events: LoggedEvent[]): Promise<LoggedEvent[]> {
    let told = events;
    for (const source of this.sources) {
      if (source.sseReplay && told.length > 0) told = await source.sseReplay(this.ctx, told);
    }
    return told;
  }

  private async topicsOf(userId: number): Promise<string[]> {
    const topics: string[] = [];
    for (const source of this.sources) {
      if (source.sseTopics) topics.push(...(await source.sseTopics(this.ctx, userId)));
    }
    return [...new Set(topics)];
  }

  /** Resolves once the stream hears `topic`. */
  private async listen(connection: Connection, topic: string, handler: TopicHandler) {
    if (connection.topics.has(topic)) return;
    connection.topics.add(topic);
    try {
      await this.shared.add(topic, connection, handler);
    } catch (error) {
      connection.topics.delete(topic);
      throw error;
    }
    if (!this.connections.has(connection)) await this.unlisten(connection, topic);
  }

  private async unlisten(connection: Connection, topic: string) {
    if (connection.topics.delete(topic)) await this.shared.remove(topic, connection);
  }

  /** An event may change what the connection listens to (joining or leaving a room). */
  private follow(connection: Connection, event: LoggedEvent, handler: TopicHandler) {
    for (const source of this.sources) {
      const change = source.sseFollow?.(event, connection.userId);
      if (change) this.apply(connection, change, handler);
    }
  }

  private apply(connection: Connection, change: TopicChange, handler: TopicHandler) {
    for (const topic of change.listen ?? []) {
      void this.serially(connection, () => this.listen(connection, topic, handler));
    }
    for (const topic of change.unlisten ?? []) {
      void this.serially(connection, () => this.unlisten(connection, topic));
    }
    if (change.recheck) void this.refresh(connection, handler);
  }

  /** Runs a change of the connection's topics after the ones before it. */
  private serially(connection: Connection, change: () => Promise<void>): Promise<void> {
    const next = connection.changes.then(change);
    connection.changes = next.catch(() => undefined);
    return next;
  }

  /** Re-reads the user's memberships and drops the topics they lost. */
  private refresh(connection: Connection, handler: TopicHandler): Promise<void> {
    return this.serially(connection, async () => {
      if (!this.connections.has(connection)) return;
      const wanted = new Set(await this.topicsOf(connection.userId));
      for (const topic of [...connection.topics]) {
        if (!wanted.has(topic)) await this.unlisten(connection, topic);
      }
      for (const topic of wanted) await this.listen(connection, topic, handler);
    });
  }

  /**
   * Ends a stream whose right to listen ended. At the token's expiry, or when the stream may have
   * missed events (`RESUME`: the bus was away), the client is told to come back with a new ticket
   * and its last event id (a named event: `onmessage` handlers do not see it); a revoked session
   * gets no such invitation.
   */
  private end(connection: Connection, reason: LiveEndReason | 'RESUME') {
    if (!this.connections.has(connection)) return;
    if (!connection.response.writableEnded) openStream(connection.response);
    this.flushOne(connection);
    if (reason !== 'SESSION_ENDED' && !connection.response.writableEnded) {
      connection.response.write(`event: reauth\ndata: {"reason":"${reason}"}\n\n`);
    }
    connection.response.end();
    void this.close(connection);
  }

  private async close(connection: Connection) {
    if (!this.connections.delete(connection)) return;
    this.unflushed.delete(connection);
    connection.pending = [];
    liveMetrics.sseStreams.dec();
    clearInterval(connection.heartbeat);
    connection.release();
    connection.unhold();
    for (const topic of [...connection.topics]) await this.unlisten(connection, topic);
  }

  /** Ends every stream of `userId` (or all), e.g. on logout or shutdown. */
  async closeAll(userId?: number): Promise<number> {
    let closed = 0;
    for (const connection of [...this.connections]) {
      if (userId !== undefined && connection.userId !== userId) continue;
      this.flushOne(connection);
      connection.response.end();
      await this.close(connection);
      closed += 1;
    }
    return closed;
  }

  async prune(): Promise<void> {
    const before = new Date(this.ctx.now().getTime() - Limits.sseReplayWindowSeconds * 1000);
    await this.ctx.bus.prune(before).catch(() => 0);
  }

  async stop(): Promise<void> {
    clearInterval(this.pruner);
    await this.closeAll();
  }
}
