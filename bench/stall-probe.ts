/**
 * How long a server's event loop is held, seen from outside (issue 43's digest target): a probe
 * that asks GET /api/health (liveness: no database, so only the loop and the HTTP path answer
 * for its time) every 10 ms and keeps each answer's latency with the time it was asked; and the
 * server's own figure, nodejs_eventloop_lag_max_seconds from /metrics (prom-client's
 * monitorEventLoopDelay, reset at each scrape), read once a second.
 */
import http from 'node:http';
import { percentile } from './support';

export type Sample = { at: number; ms: number };

/** Few connections kept open: a stalled answer holds the next asks behind it, as a client sees. */
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function timedGet(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  return new Promise<{ ms: number; body: string }>((resolve, reject) => {
    const request = http.get(url, { agent: probeAgent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

/**
 * Starts probing `base` every `everyMs`; with `metricsToken`, reads the server's own loop max
 * each second too. `stop()` answers both series (times are performance.now()).
 */
export function startStallProbe(base: string, metricsToken?: string, everyMs = 10) {
  const probes: Sample[] = [];
  const ownMax: Sample[] = [];
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };
  const probeTimer = setInterval(() => {
    const at = performance.now();
    track(
      timedGet(`${base}/api/health`).then(
        ({ ms }) => void probes.push({ at, ms }),
        () => void (failed += 1),
      ),
    );
  }, everyMs);
  const metricsTimer = metricsToken
    ? setInterval(() => {
        const at = performance.now();
        track(
          timedGet(`${base}/metrics`, { authorization: `Bearer ${metricsToken}` }).then(
            ({ body }) => {
              const match = /^nodejs_eventloop_lag_max_seconds\s+([\d.e+-]+)/m.exec(body);
              if (match) ownMax.push({ at, ms: Number(match[1]) * 1000 });
            },
            () => void (failed += 1),
          ),
        );
      }, 1000)
    : undefined;
  return {
    stop: async () => {
      clearInterval(probeTimer);
      clearInterval(metricsTimer);
      await Promise.allSettled([...inFlight]);
      return { probes, ownMax, failed };
    },
  };
}

/** The probes asked within [from, to): count, p50, p99, max and how many were over `overMs`. */
export function window(samples: Sample[], from: number, to: number, overMs = 50) {
  const ms = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length > 0 ? Math.max(...ms) : 0,
    over: ms.filter((value) => value > overMs).length,
  };
}

export const windowText = (w: ReturnType<typeof window>) =>
  `${w.count} probes, p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms, max ${w.max.toFixed(1)} ms, over 50 ms: ${w.over}`;
