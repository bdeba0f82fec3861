/**
 * What a hand-off between threads costs on this machine (session 23): a message posted to a
 * worker thread that waits for it, answered back, as the product's every database call on PGlite
 * goes (db/pglite-remote.ts to db/pglite-worker.mjs). Timed on an idle machine and beside other
 * processes that keep the cores about as busy as the ratios bench's 500 msg/s rounds do (the load
 * generator and the product's threads: 1.2-1.6 of the two cores), one round trip every 2 ms.
 *
 * A thread that waits is put back on a core when its message comes; on a busy core it waits for
 * the running thread's turn to end. The minimal broadcaster answers a send on the thread that
 * read it; a chat send on PGlite waits for two such wake-ups (its statement there, the answer
 * back), so its tail holds about two of these waits more than the broadcaster's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { percentile } from './support';

const quick = process.env.BENCH_QUICK === '1';
const ROUND_TRIPS = quick ? 500 : 3000;
const GAP_MS = 2;

/** Echoes every message back, like the database's thread answering a call. */
const ECHO = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => parentPort.postMessage(m));`;

const BURNER = `const [busy, rest] = process.argv.slice(1).map(Number);
(function loop() { const start = Date.now(); while (Date.now() - start < busy) {} setTimeout(loop, rest); })();`;

/** A process that keeps a core busy `busyMs` of every `busyMs + restMs` (a duty cycle), at `niceness`. */
function burner(busyMs: number, restMs: number, niceness: number): ChildProcess {
  const child = spawn(process.execPath, ['-e', BURNER, String(busyMs), String(restMs)], {
    stdio: 'ignore',
  });
  if (child.pid !== undefined) os.setPriority(child.pid, niceness);
  return child;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Round trips, one every GAP_MS, in ms: to a waiting worker, or (the baseline) answered on this
 * thread at its next turn, as the broadcaster answers.
 */
async function roundTrips(toWorker: boolean): Promise<number[]> {
  const worker = toWorker ? new Worker(ECHO, { eval: true }) : undefined;
  try {
    await sleep(200);
    const times: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i += 1) {
      const started = performance.now();
      await new Promise((resolve) => {
        if (!worker) {
          setImmediate(resolve);
          return;
        }
        worker.once('message', resolve);
        worker.postMessage(i);
      });
      times.push(performance.now() - started);
      await sleep(GAP_MS);
    }
    return times;
  } finally {
    await worker?.terminate();
  }
}

export async function benchHandoff() {
  const ms = (value: number) => value.toFixed(2);
  const twice = (busy: number, rest: number): Array<[number, number]> => [
    [busy, rest],
    [busy, rest],
  ];
  // The lowest priority (nice 19) tells whether the waits are other work holding the cores: a
  // thread woken at nice 0 should then get a core at once.
  const loads: Array<{ name: string; burners: Array<[number, number]>; niceness: number }> = [
    { name: 'idle', burners: [], niceness: 0 },
    { name: 'two processes busy 60 % (1.2 cores)', burners: twice(3, 2), niceness: 0 },
    { name: 'the same at nice 19', burners: twice(3, 2), niceness: 19 },
    { name: 'two processes busy 80 % (1.6 cores)', burners: twice(4, 1), niceness: 0 },
  ];
  for (const load of loads) {
    const running = load.burners.map(([busy, rest]) => burner(busy, rest, load.niceness));
    try {
      await sleep(300);
      for (const toWorker of [true, false]) {
        const times = await roundTrips(toWorker);
        const path = toWorker ? 'to a worker and back' : 'same thread (baseline)';
        console.log(
          `[handoff] ${load.name.padEnd(36)} ${path.padEnd(22)} p50 ${ms(percentile(times, 50))} ms  p90 ${ms(percentile(times, 90))} ms  p99 ${ms(percentile(times, 99))} ms  p99.9 ${ms(percentile(times, 99.9))} ms  longest ${ms(Math.max(...times))} ms`,
        );
      }
    } finally {
      for (const child of running) child.kill();
    }
  }
}
