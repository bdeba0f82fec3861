import type { Logger } from 'pino';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys';

/** Where one browser receives pushes, and its keys (RFC 8291). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What became of one push: taken by the push service, gone for good (404/410: the browser
 * unsubscribed or the subscription expired; drop it), or failed this time (timeout, 5xx, 429).
 */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

export type PushOptions = {
  /** RFC 8030 Topic: a newer push of the same topic replaces an undelivered older one. */
  topic?: string | undefined;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** How long the push service keeps it for an offline device. */
  ttlSeconds: number;
};

/** Pushes at once, per instance: a mention in a large room must not open a thousand sockets. */
const DEFAULT_CONCURRENCY = 32;
/** One push service that does not answer holds one slot this long at most. */
const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * A VAPID token may be valid for up to 24 hours (RFC 8292 section 2): one is signed per push
 * service and used this long (valid an hour longer), rather than one per push. Signing a token
 * for every push was 30 % of the main thread's time in a 1,000-device fan-out (bench
 * push-fanout, docs/performance.md).
 */
const VAPID_REUSE_MS = 12 * 3_600_000;
const VAPID_VALID_S = 13 * 3_600;

/**
 * Delivery only (RFC 8030): signs the VAPID header (RFC 8292) with the kept `web-push` library,
 * and hands each push to the push thread (push-worker.mjs), which encrypts the payload for the
 * browser's keys (RFC 8291, aes128gcm) and posts it with fetch; a bounded number at a time, each
 * within a time limit. What to push and to
 * whom is the notifications module's decision.
 */
export class PushSender {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** The VAPID Authorization header per push service origin, and until when it is used. */
  private readonly vapidByOrigin = new Map<string, { authorization: string; until: number }>();
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly answers = new Map<number, (answer: WorkerAnswer) => void>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly logger: Logger,
    private readonly limits: { concurrency: number; timeoutMs: number } = {
      concurrency: DEFAULT_CONCURRENCY,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    },
  ) {}

  /** The key browsers subscribe with (`applicationServerKey`). */
  get publicKey(): string {
    return this.keys.publicKey;
  }

  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> {
    const sending = this.whenFree().then(() => this.post(target, payload, options));
    const tracked = sending.finally(() => {
      this.inFlight.delete(tracked);
      this.release();
    });
    this.inFlight.add(tracked);
    return tracked;
  }

  /** Resolves once every push handed over so far has its outcome. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private whenFree(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiting push.
    if (next) next();
    else this.running -= 1;
  }

  private vapidAuthorization(origin: string): string {
    const now = Date.now();
    const kept = this.vapidByOrigin.get(origin);
    if (kept && kept.until > now) return kept.authorization;
    const { Authorization: authorization } = webpush.getVapidHeaders(
      origin,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_VALID_S,
    );
    this.vapidByOrigin.set(origin, { authorization, until: now + VAPID_REUSE_MS });
    return authorization;
  }

  private async post(target: PushTarget, payload: string, options: PushOptions) {
    const origin = new URL(target.endpoint).origin;
    const id = this.nextId++;
    const answer = new Promise<WorkerAnswer>((resolve) => this.answers.set(id, resolve));
    this.thread().postMessage({
      id,
      target,
      payload,
      authorization: this.vapidAuthorization(origin),
      ttlSeconds: options.ttlSeconds,
      urgency: options.urgency ?? 'normal',
      topic: options.topic,
      timeoutMs: this.limits.timeoutMs,
    });
    const { outcome, status, error } = await answer;
    if (status !== undefined) {
      this.logger.warn({ origin, status }, 'push refused by the push service');
    } else if (error !== undefined) {
      this.logger.warn(
        { origin, err: { message: error } },
        outcome === 'gone' ? 'push subscription keys unusable' : 'push not delivered',
      );
    }
    return outcome;
  }

  /** The push thread, started with the first push; it does not keep the process alive. */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./push-worker.mjs', import.meta.url), { execArgv: [] });
    worker.unref();
    worker.on('message', (answer: WorkerAnswer & { id: number }) => {
      this.answers.get(answer.id)?.({ ...answer });
      this.answers.delete(answer.id);
    });
    const lost = (error: unknown) => {
      // Pushes in the thread when it stopped are failed; the next push starts another.
      if (this.worker === worker) this.worker = undefined;
      for (const resolve of this.answers.values()) {
        resolve({
          outcome: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      this.answers.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the push thread stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Stops the push thread once the pushes handed over have their outcome. */
  async close(): Promise<void> {
    await this.settled();
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

/** What the push thread answers for one push (push-worker.mjs). */
type WorkerAnswer = { outcome: PushOutcome; status?: number; error?: string };
