/**
 * How chat-scale measures: closed loops and interleaved reads summed up as runs, a call with a
 * bearer token, a process's RSS peak, and how figures are written.
 */
import { percentile, rssOf, sleep } from '../support';

export type Run = {
  count: number;
  failed: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

export function summarise(latencies: number[], failed: number, seconds: number): Run {
  return {
    count: latencies.length,
    failed,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/**
 * `concurrency` workers, each calling `op(worker, i)` back to back for `seconds` (a closed loop:
 * throughput is what the target sustains at that concurrency, latency is per call).
 */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  op: (worker: number, i: number) => Promise<void>,
): Promise<Run> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i += 1) {
        const t0 = performance.now();
        try {
          await op(worker, i);
          latencies.push(performance.now() - t0);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return summarise(latencies, failed, (performance.now() - started) / 1000);
}

/** `reads` calls of each op, interleaved (a, b, a, b …) so drift in the machine hits both alike. */
export async function interleaved(reads: number, ops: Array<() => Promise<void>>): Promise<Run[]> {
  const latencies = ops.map(() => [] as number[]);
  const failed = ops.map(() => 0);
  const spent = ops.map(() => 0);
  for (let i = 0; i < reads; i += 1) {
    for (const [k, op] of ops.entries()) {
      const t0 = performance.now();
      try {
        await op();
        (latencies[k] as number[]).push(performance.now() - t0);
      } catch {
        failed[k] = (failed[k] ?? 0) + 1;
      }
      spent[k] = (spent[k] ?? 0) + performance.now() - t0;
    }
  }
  return ops.map((_, k) =>
    summarise(latencies[k] as number[], failed[k] ?? 0, (spent[k] ?? 1) / 1000),
  );
}

export async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: object,
): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} ${response.status} ${text.slice(0, 200)}`);
  return text.length > 0 ? (JSON.parse(text) as { data: unknown }).data : undefined;
}

/** Samples a process's RSS every 250 ms until stopped; answers the highest seen. */
export function rssPeak(pid: number) {
  let peak = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      peak = Math.max(peak, await rssOf(pid));
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return peak;
    },
  };
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const runText = (run: Run) =>
  `${run.rps.toFixed(0)}/s, p50 ${ms(run.p50)}, p95 ${ms(run.p95)}, p99 ${ms(run.p99)}${run.failed > 0 ? `, ${run.failed} failed` : ''}`;

/** One line of the report: the large case beside the small, their ratio, the target. */
export type Row = { figure: string; large: string; small: string; ratio: string; target: string };
