/**
 * The live figures of the ratios bench (bench/ratios.bench.ts): the product's SSE delivery at
 * 500 msg/s into a 50-member room, with a health probe beside it and the product's CPU a message,
 * and the fan-out of one message to 1,000 streams, beside the minimal broadcasters in the same
 * rounds: in memory, and durable (each message INSERTed first; issue 42), the one the sustained
 * figures are held to.
 */
import type { ServerProcess } from '../apps/server/test/server-process';
import {
  broadcasterTarget,
  fanOut,
  medianSse,
  productTarget,
  sustained,
  type SseResult,
} from './live-delivery';
import { sseRows, type Row } from './ratios-report';
import { startBare } from './processes';
import { healthProbe, medianFigure, ms, type Figure } from './request-figures';
import { cpuMeter, postgresPids, threadCpuMeter, type Seeded } from './support';

const quick = process.env.BENCH_QUICK === '1';
const RATE_SECONDS = quick ? 1 : 5;

/** The live figures' load; the seed makes rooms of `members` and `fanOutSubscribers`. */
export const LIVE = {
  /** BENCH_LIVE_RATE changes it for a look at another load (the target is on 500). */
  rate: Number(process.env.BENCH_LIVE_RATE ?? 500),
  rateSeconds: RATE_SECONDS,
  /** As long as a round of the sustained load (see where it is used). */
  warmUpSeconds: quick ? 1 : RATE_SECONDS,
  members: 50,
  fanOutSubscribers: 1000,
  fanOutMessages: quick ? 3 : 20,
  /** Rounds of the live figures (the 500 msg/s run with its health probe, and the fan-out). */
  rounds: quick ? 1 : 3,
  /** The health probe beside the 500 msg/s load: a steady trickle, in a thread of its own. */
  probe: { connections: 2, rate: 100 },
};

/**
 * The load generator: this process (the readers and senders; the health probe runs in a process
 * of its own). On two cores it shares them with the server under test, so its CPU tells how much
 * of the machine was left for that server.
 */
const loadGenerator = async () => [process.pid];

/**
 * The CPU a message of a sustained run of `messages`, over its sending and delivery only (given
 * to `sustained` as its `measure`): of `pids`, of the load generator, and by thread of the process
 * `threadsOf`. Opening and closing the 50 streams (sign-in checks, memberships, presence) is left
 * out: it is paid once a round, not for each message.
 */
function cpuOfSending(pids: () => Promise<number[]>, messages: number, threadsOf?: number) {
  const spent = { cpuMs: 0, loadMs: 0, byThread: '' };
  const measure = async () => {
    const [cpu, load, threads] = await Promise.all([
      cpuMeter(pids),
      cpuMeter(loadGenerator),
      threadsOf === undefined ? undefined : threadCpuMeter(threadsOf),
    ]);
    return async () => {
      const [cpuMs, loadMs, byThread] = await Promise.all([cpu(), load(), threads?.(messages)]);
      Object.assign(spent, { cpuMs: cpuMs / messages, loadMs: loadMs / messages, byThread });
    };
  };
  return { spent, measure };
}

/** The live rows of one engine, against the product `server` seeded with `seeded`. */
export async function liveRows(options: {
  server: ServerProcess;
  seeded: Seeded;
  /** PostgreSQL's, whose backends' CPU counts as the product's; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The durable broadcaster's engine: DATABASE_URL, or a DATA_DIR of its own. */
  durableEnv: Record<string, string>;
  say: (line: string) => void;
}): Promise<Row[]> {
  const { server, seeded, databaseUrl, durableEnv, say } = options;
  const broadcaster = await startBare('sse', {});
  const durable = await startBare('sse-durable', durableEnv);
  try {
    const memoryTarget = broadcasterTarget(broadcaster);
    const durableTarget = broadcasterTarget(durable);
    const product = productTarget(server, seeded, 'fifty', LIVE.members);
    const sustainedRounds: Record<'memory' | 'durable' | 'product', SseResult[]> = {
      memory: [],
      durable: [],
      product: [],
    };
    const probeRounds: Record<'memory' | 'durable' | 'product', Figure[]> = {
      memory: [],
      durable: [],
      product: [],
    };
    const fan: Record<'base' | 'product', SseResult[]> = { base: [], product: [] };
    // Unrecorded load on each first: the first round's p99 was a warm-up's, four to six times
    // the next round's (session 17), the broadcaster's too. One second was not enough for the
    // product: in the round after it, V8's helper threads (the optimising compiler, the
    // concurrent marker) took 0.50-0.53 ms of CPU a message, against 0.08-0.16 in the rounds
    // after (three live-only runs, session 21).
    for (const target of [memoryTarget, durableTarget, product]) {
      await sustained(target, LIVE.members, LIVE.rate, LIVE.warmUpSeconds);
    }
    const productPids = async () => [server.pid ?? 0, ...(databaseUrl ? await postgresPids() : [])];
    // The three sides, each with the health probe beside it (the targets hold the product's
    // health to the durable broadcaster's own under the same load).
    const sides = [
      { key: 'memory', name: 'in-memory broadcaster', target: memoryTarget, bare: broadcaster },
      { key: 'durable', name: 'durable broadcaster', target: durableTarget, bare: durable },
      { key: 'product', name: 'product', target: product },
    ] as const;
    // All sides alternate within each round, as the request figures do: a tail figure from one
    // round moved 1.5-2x between two quiet runs (session 14).
    for (let round = 1; round <= LIVE.rounds; round += 1) {
      const sayRound = (name: string, result: SseResult) =>
        say(`round ${round} ${name.padEnd(22)} p50 ${ms(result.p50)}  p99 ${ms(result.p99)}`);
      const messages = LIVE.rate * LIVE.rateSeconds;
      for (const side of sides) {
        const bare = 'bare' in side ? side.bare : undefined;
        // The durable broadcaster's database is its cost too, as the product's is (PostgreSQL's
        // backends; PGlite's thread is inside its process).
        const barePids = async () => [
          bare?.pid ?? 0,
          ...(side.key === 'durable' && databaseUrl ? await postgresPids() : []),
        ];
        const cpu = bare
          ? cpuOfSending(barePids, messages)
          : cpuOfSending(productPids, messages, server.pid ?? 0);
        const healthUrl = `${bare ? bare.url : server.url}/api/health`;
        let probe: Promise<Figure> | undefined;
        const result = await sustained(
          side.target,
          LIVE.members,
          LIVE.rate,
          LIVE.rateSeconds,
          () => {
            probe = healthProbe(healthUrl, LIVE.rateSeconds, LIVE.probe);
            probe.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
          },
          cpu.measure,
        );
        if (!probe) throw new Error('the health probe never started');
        const probed = await probe;
        sustainedRounds[side.key].push(result);
        probeRounds[side.key].push(probed);
        const short = side.key === 'memory' ? 'in-memory' : side.key;
        sayRound(`${LIVE.rate}/s ${short}`, result);
        say(
          bare
            ? `round ${round} ${`${short} CPU`.padEnd(22)} ${cpu.spent.cpuMs.toFixed(2)} ms a message${side.key === 'durable' && databaseUrl ? ' (with PostgreSQL)' : ''} (load generator: ${cpu.spent.loadMs.toFixed(2)})`
            : `round ${round} ${'product CPU'.padEnd(22)} ${cpu.spent.cpuMs.toFixed(2)} ms a message${databaseUrl ? ' (with PostgreSQL)' : ''} (by thread: ${cpu.spent.byThread}; load generator: ${cpu.spent.loadMs.toFixed(2)})`,
        );
        say(
          `round ${round} ${`health beside ${short}`.padEnd(22)} p50 ${ms(probed.p50)}  p99 ${ms(probed.p99)}`,
        );
      }
      const fanBase = await fanOut(memoryTarget, LIVE.fanOutSubscribers, LIVE.fanOutMessages);
      fan.base.push(fanBase);
      sayRound(`fan-out broadcaster`, fanBase);
      const fanProduct = await fanOut(
        productTarget(server, seeded, 'big', 1),
        LIVE.fanOutSubscribers,
        LIVE.fanOutMessages,
      );
      fan.product.push(fanProduct);
      sayRound(`fan-out product`, fanProduct);
    }
    const loaded = (key: 'memory' | 'durable' | 'product') => ({
      result: medianSse(sustainedRounds[key]),
      health: medianFigure(probeRounds[key]),
      healthP99Rounds: probeRounds[key].map((probe) => probe.p99),
    });
    return sseRows(LIVE, {
      product: loaded('product'),
      durable: loaded('durable'),
      durableStore: databaseUrl ? 'one pg connection' : 'PGlite in a thread',
      memory: loaded('memory'),
      fanProduct: medianSse(fan.product),
      fanBase: medianSse(fan.base),
    });
  } finally {
    await durable.stop();
    await broadcaster.stop();
  }
}
