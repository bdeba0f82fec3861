/**
 * Request figures of the benches: a round's requests a second and latencies, the median of
 * rounds, their text, and the health probe run from a process of its own.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { median } from './support';

export type Figure = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  /** The rounds' req/s, when there were several. */
  spread?: [number, number];
};

export function medianFigure(rounds: Figure[]): Figure {
  const of = (key: 'rps' | 'p50' | 'p99') => median(rounds.map((round) => round[key]));
  return {
    rps: of('rps'),
    p50: of('p50'),
    p99: of('p99'),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    bad: rounds.reduce((sum, round) => sum + round.bad, 0),
    ...(rounds.length > 1
      ? { spread: [Math.min(...rounds.map((r) => r.rps)), Math.max(...rounds.map((r) => r.rps))] }
      : {}),
  };
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
export const rpsText = (figure: Figure) =>
  `${figure.rps.toFixed(0)} req/s${
    figure.spread ? ` (rounds ${figure.spread.map((v) => v.toFixed(0)).join('–')})` : ''
  }${figure.bad > 0 ? ` (${figure.bad} failed)` : ''}`;

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

/**
 * GET `url` at a steady `probe.rate` for `seconds`, from a process of its own, so the bench's own
 * SSE clients and senders do not delay the probe's clock. (Not a worker thread: autocannon run in
 * one takes itself for one of its own workers.)
 */
export async function healthProbe(
  url: string,
  seconds: number,
  probe: { connections: number; rate: number },
): Promise<Figure> {
  const code = `
    const autocannon = require(process.env.PROBE_AUTOCANNON);
    const o = JSON.parse(process.env.PROBE_OPTIONS);
    autocannon({ url: o.url, connections: o.connections, overallRate: o.rate, duration: o.seconds })
      .then((r) => process.stdout.write(JSON.stringify({
        rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99,
        requests: r.requests.total, bad: r.non2xx + r.errors + r.timeouts,
      })));`;
  const child = spawn(process.execPath, ['-e', code], {
    env: {
      ...process.env,
      PROBE_AUTOCANNON: autocannonPath,
      PROBE_OPTIONS: JSON.stringify({ url, seconds, ...probe }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (exitCode !== 0) throw new Error(`health probe exited with ${exitCode}`);
  return JSON.parse(output) as Figure;
}
