import { ChatMessages as M, type ChatMessage } from '@teamup/contracts/chat';
import type { AppContext } from '../../context';
import { ModuleStateKey } from '../../platform/module-state';
import { newMessageEvent, presentStoredText } from './chat.presenter';
import * as repo from './chat-sends.repo';

/*
 * Plain text messages are stored in batches (group commit): the sends that arrive while one
 * batch is being written go together in the next, one statement for all of them, which logs
 * their live events too. Each send is answered only once its batch has committed, so nothing is
 * acknowledged before it is durable, and its event is handed on as it commits (decision 0026).
 */

/** What a send stored, with the message as presented for its live event (the answer's too). */
export type StoredSend = (repo.StoredText & { presented?: ChatMessage }) | undefined;
type Queued = {
  send: repo.TextSend;
  /** performance.now() when it was queued. */
  arrivedAt: number;
  resolve: (stored: StoredSend) => void;
  reject: (error: unknown) => void;
};

/** Large enough for any burst one instance takes; the statement's input is one JSON value. */
const MAX_BATCH = 200;
/**
 * The answers of a batch are handed out this many at a time, each slice in a turn of the event
 * loop of its own: a batch of 64 sends publishing and answering at once held the loop for tens
 * of milliseconds, and every other request (health checks included) waited behind it.
 */
const ANSWER_SLICE = 16;

/**
 * Under a stream of sends, a batch waits until its oldest send is this old before it is written,
 * so that the sends of those milliseconds share one statement and one socket write per stream
 * (decision 0030). On PGlite the statement costs about 1.25 ms of the database's thread however
 * many sends it carries, and 0.4 ms more for each (session 22): a stream of single sends paid
 * more than twice a send what sends in fours did.
 */
export const GATHER_MS = 4;
/** A batch this large goes at once: waiting longer would only add latency. */
export const GATHER_ENOUGH = 32;

/**
 * How long the writer waits before it writes the next batch, in ms. Only a stream is waited for:
 * sends arriving less than `GATHER_MS` apart, where the wait is likely to bring company. A send
 * after a quiet spell, or in a trickle (one every 10 ms is 100 a second), is written at once: the
 * wait would add to its latency and gather nothing. In a stream the batch waits until its oldest
 * send is `GATHER_MS` old, or until it is full enough.
 */
export function gatherWait(state: {
  now: number;
  /** How long before the latest send the one before it arrived (Infinity: none before). */
  latestGap: number;
  /** When the oldest send waiting for the batch arrived. */
  oldestArrivedAt: number;
  queued: number;
}): number {
  if (state.queued >= GATHER_ENOUGH) return 0;
  if (state.latestGap > GATHER_MS) return 0;
  return Math.max(0, state.oldestArrivedAt + GATHER_MS - state.now);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function answerInSlices(batch: readonly Queued[], stored: readonly StoredSend[]) {
  for (let start = 0; start < batch.length; start += ANSWER_SLICE) {
    if (start > 0) await nextTurn();
    batch
      .slice(start, start + ANSWER_SLICE)
      .forEach((queued, index) => queued.resolve(stored[start + index]));
  }
}

class TextSends {
  /** Sends waiting for the next batch, in arrival order. */
  private queue: Queued[] = [];
  /** The batch being written: one at a time, so a burst becomes few statements. */
  private writing: Promise<void> | null = null;
  /** When the latest send arrived, and how long after the one before it (performance.now()). */
  private latestArrivalAt = -Infinity;
  private latestGap = Infinity;
  /** Ends a gathering wait early, once the queue holds `GATHER_ENOUGH` sends. */
  private gathered: (() => void) | undefined;

  constructor(private readonly ctx: AppContext) {}

  store(send: repo.TextSend): Promise<StoredSend> {
    return new Promise<StoredSend>((resolve, reject) => {
      const arrivedAt = performance.now();
      this.latestGap = arrivedAt - this.latestArrivalAt;
      this.latestArrivalAt = arrivedAt;
      this.queue.push({ send, arrivedAt, resolve, reject });
      if (this.queue.length >= GATHER_ENOUGH) this.gathered?.();
      this.writing ??= this.writeQueued();
    });
  }

  private async writeQueued(): Promise<void> {
    // The sends of this turn of the event loop join the first batch.
    await nextTurn();
    try {
      while (this.queue.length > 0) {
        await this.gather();
        const batch = this.queue.splice(0, MAX_BATCH);
        let stored: StoredSend[];
        try {
          stored = await this.write(batch.map((queued) => queued.send));
        } catch (error) {
          // The database refused the statement, so nothing of the batch was stored (one
          // statement). One message it refuses must not fail the others: each is tried again on
          // its own and answered with its own outcome. A lost connection is no such answer: the
          // batch may have committed before the link broke, and a retry could store it twice.
          if (!refusedByTheDatabase(error) || batch.length === 1) {
            for (const queued of batch) queued.reject(error);
            continue;
          }
          for (const queued of batch) await this.storeOne(queued);
          continue;
        }
        // Not awaited: the next batch is written while this one's answers go out, so the
        // database is not left idle for the turns the answers take.
        void answerInSlices(batch, stored);
      }
    } finally {
      this.writing = null;
    }
  }

  /** Waits as `gatherWait` says for the sends queued now. */
  private async gather(): Promise<void> {
    const wait = gatherWait({
      now: performance.now(),
      latestGap: this.latestGap,
      oldestArrivedAt: (this.queue[0] as Queued).arrivedAt,
      queued: this.queue.length,
    });
    if (wait <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.gathered = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.gathered = undefined;
  }

  /** One statement for the sends, run by the event log's writer, which hands their events on. */
  private async write(sends: readonly repo.TextSend[]): Promise<StoredSend[]> {
    const { stored } = await this.ctx.bus.logWith(async () => {
      const rows = await repo.insertTextMessagesIfAllowed(
        this.ctx.database.db,
        sends,
        M.unknownSender,
      );
      // Presented once, for the event and the answer alike.
      const stored: StoredSend[] = rows.map((row) =>
        row?.message
          ? { ...row, presented: presentStoredText({ ...row, message: row.message }) }
          : row,
      );
      // Handed on as presented here: the statement logged the same event, filled in by SQL.
      const events = stored.flatMap((row, index) =>
        row?.presented && rows[index]?.eventId !== undefined
          ? [
              {
                topic: (sends[index] as repo.TextSend).event.topic,
                payload: newMessageEvent(row.presented),
                eventId: rows[index].eventId,
              },
            ]
          : [],
      );
      return { stored, events };
    });
    return stored;
  }

  private async storeOne(queued: Queued): Promise<void> {
    try {
      queued.resolve((await this.write([queued.send]))[0]);
    } catch (error) {
      queued.reject(error);
    }
  }
}

/** An SQLSTATE by its class (errno names such as `EPIPE` are five letters too). */
const SQLSTATE = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/**
 * Whether the statement was answered with a refusal (an SQLSTATE outside the connection and
 * operator-intervention classes 08 and 57), after which nothing of it is stored; a broken link
 * (`ECONNRESET`, "Connection terminated") says nothing of what was committed.
 */
export function refusedByTheDatabase(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
  for (let seen: unknown = error, depth = 0; seen && depth < 4; depth += 1) {
    const code = (seen as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      return !code.startsWith('08') && !code.startsWith('57');
    }
    seen = (seen as { cause?: unknown }).cause;
  }
  return false;
}

/** One queue per app (the chat module's state). */
export const textSendsState = new ModuleStateKey('chat: text sends', (ctx) => new TextSends(ctx));

/**
 * Texts the batch's JSON cannot carry as the database would store them alone: an unpaired
 * surrogate (stored alone as U+FFFD) and NUL (refused). They go on their own, so they never
 * make a batch fail and be tried again one by one.
 */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unbatchable = (content: string) =>
  content.includes('\u0000') || unpairedSurrogate.test(content);

/**
 * Stores a plain text message as `repo.insertTextMessageIfAllowed` does (access, insert, read
 * pointer), together with the other sends waiting at the same moment, and logs and hands on its
 * live event (`published`). A text the batch cannot carry is stored alone, its event left to the
 * caller.
 */
export async function storeTextMessage(
  ctx: AppContext,
  send: repo.TextSend,
): Promise<{ stored: StoredSend; published: boolean }> {
  if (unbatchable(send.content)) {
    return {
      stored: await repo.insertTextMessageIfAllowed(ctx.database.db, send),
      published: false,
    };
  }
  const sends = ctx.moduleState.get(textSendsState);
  return { stored: await sends.store(send), published: true };
}
