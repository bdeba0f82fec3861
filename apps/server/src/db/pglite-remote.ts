import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread (decision 0016), behind the part of PGlite's interface drizzle's
 * PGlite driver uses: `query`, `exec`, `transaction`, `close`. The database's CPU work (WASM,
 * file system calls) runs on the worker, so the event loop that answers requests, streams SSE and
 * serves /api/health is never held by a query. A transaction holds the database as in one process:
 * other queries wait in PGlite until it ends.
 */

type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WireError };
type WireError = { message: string; name?: string; stack?: string; [field: string]: unknown };

/** Options as they cross the thread: parser functions become the type ids they keep as text. */
type WireOptions = Omit<QueryOptions, 'parsers' | 'serializers'> & { identityTypes?: number[] };

function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const { parsers, serializers: _serializers, ...rest } = options;
  if (!parsers) return rest;
  // drizzle's parsers only keep dates, timestamps and intervals as the text PostgreSQL sent.
  return { ...rest, identityTypes: Object.keys(parsers).map(Number) };
}

function errorFrom(wire: WireError): Error {
  const { message, name, stack, ...fields } = wire;
  const error = Object.assign(new Error(message), fields);
  if (name) error.name = name;
  if (stack) error.stack = stack;
  return error;
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

/** Told of each answered call: its kind (query, exec, begin, end, close) and its seconds. */
export type CallObserver = (op: string, seconds: number) => void;

export class PgliteInWorker {
  private readonly pending = new Map<
    number,
    {
      resolve: (value: unknown) => void;
      reject: (error: Error) => void;
      op?: string;
      started?: number;
    }
  >();
  private nextId = 1;
  private stopped: Error | undefined;
  /** Set by /metrics (platform/observability/metrics.ts): time from sending a call to its answer. */
  observer: CallObserver | undefined;

  /**
   * Calls sent to the worker and not answered yet: the queue in front of the database (one
   * statement runs at a time in PGlite; the others wait in the worker).
   */
  get inFlight(): number {
    return this.pending.size;
  }

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.observer && waiting.op !== undefined && waiting.started !== undefined) {
        this.observer(waiting.op, (performance.now() - waiting.started) / 1000);
      }
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(errorFrom(reply.error));
    });
    const stop = (error: Error) => {
      this.stopped ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on('error', (error) => stop(error));
    worker.on('exit', (code) => stop(new Error(`the embedded database stopped (exit ${code})`)));
  }

  /**
   * Starts the worker on `dataDir` (undefined: in memory, from `snapshot` when given: a tarball
   * made by `dump`) and waits until PGlite is ready.
   */
  static async open(dataDir: string | undefined, snapshot?: Uint8Array): Promise<PgliteInWorker> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, snapshot },
      // The server's flags (such as tsx's loader) are not the worker's business.
      execArgv: [],
    });
    const remote = new PgliteInWorker(worker);
    try {
      await new Promise((resolve, reject) => remote.pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return remote;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        op: String(message['op']),
        started: performance.now(),
      });
      this.worker.postMessage({ ...message, id });
    });
  }

  private on(tx: number | undefined): Queryable {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.call<Results<T>>({ op: 'query', sql, params, options: wireOptions(options), tx }),
      exec: (sql: string, options?: QueryOptions) =>
        this.call<Array<Results>>({ op: 'exec', sql, options: wireOptions(options), tx }),
    };
  }

  /** The whole database as an uncompressed tarball, for `open(undefined, snapshot)`. */
  dump(): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: 'dump' });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.on(undefined).query<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.on(undefined).exec(sql, options);
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(this.on(tx));
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
