import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { PgliteInWorker } from '../../db/pglite-remote';
import { liveRegistry } from './live-metrics';
import { buildInfo } from '../build-info';

/** Node's own figures (event-loop lag, heap, GC, CPU): collected once per process. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/** node-postgres' Pool counters, read at scrape time. */
type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
function poolOf(database: Database): PoolCounts | undefined {
  if (database.kind !== 'postgres') return undefined;
  const client = (database.db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return typeof client?.totalCount === 'number' ? (client as PoolCounts) : undefined;
}

/** The embedded database's worker, when this app runs on it. */
function workerOf(database: Database): PgliteInWorker | undefined {
  if (database.kind !== 'pglite') return undefined;
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof PgliteInWorker ? client : undefined;
}

/**
 * One app's metrics: HTTP requests by method, route pattern and status (count and latency), the
 * PostgreSQL pool (PGlite has no pool: one in-process connection, nothing to show), plus the
 * process-wide live, bus and Node figures.
 */
export function createAppMetrics(database: Database) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'teamup_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'teamup_http_request_duration_seconds',
    help: 'Time to answer HTTP requests (streams: how long they stayed open), by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The running build, as an info metric (always 1) whose labels say what it is.
  new Gauge({
    name: 'teamup_build_info',
    help: 'The running build: its version and commit as labels (the value is always 1)',
    labelNames: ['version', 'commit'],
    registers: [registry],
  }).set(buildInfo, 1);
  const pool = poolOf(database);
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('teamup_db_pool_connections', 'PostgreSQL pool: open connections', () => pool.totalCount);
    gauge('teamup_db_pool_idle', 'PostgreSQL pool: idle connections', () => pool.idleCount);
    gauge(
      'teamup_db_pool_waiting',
      'PostgreSQL pool: queries waiting for a connection',
      () => pool.waitingCount,
    );
  }
  const worker = workerOf(database);
  if (worker) {
    new Gauge({
      name: 'teamup_db_worker_queue_depth',
      help: 'Embedded database (PGlite worker thread): calls sent and not answered yet',
      registers: [registry],
      collect() {
        this.set(worker.inFlight);
      },
    });
    const calls = new Histogram({
      name: 'teamup_db_worker_call_duration_seconds',
      help: 'Embedded database (PGlite worker thread): time from sending a call to its answer (waiting in the queue included), by kind (query, exec, begin, end)',
      labelNames: ['op'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    worker.observer = (op, seconds) => calls.observe({ op }, seconds);
  }
  const shared = [processMetrics(), liveRegistry];
  return {
    contentType: registry.contentType,
    observe(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    async text(): Promise<string> {
      const parts = await Promise.all([registry, ...shared].map((r) => r.metrics()));
      return parts.join('\n');
    },
  };
}
