/**
 * Chat-scale part 3, presence: 1,000 people open one SSE stream each, then close them, timed
 * until a watcher has heard every PRESENCE_CHANGED; the server's CPU and RSS, and GET /api/health
 * meanwhile.
 */
import type { ServerProcess } from '../../apps/server/test/server-process';
import { healthProbe } from '../request-figures';
import {
  cpuSecondsOf,
  openEventStream,
  percentile,
  post,
  rssOf,
  sleep,
  type Seeded,
  type Subscriber,
} from '../support';
import { mib, ms, rssPeak, type Row } from './measure';

/** People coming online (each with one SSE connection), besides the watcher. */
export const CHURN = 1000;
const CHURN_PARALLEL = 50;
const PROBE = { connections: 2, rate: 100 };

const presenceChanged = /"type":"PRESENCE_CHANGED"/;

/** The changes a PRESENCE_CHANGED block carries (several people's, since they are gathered). */
function presenceChangesIn(block: string): Array<{ userId: number; status: string }> {
  if (!presenceChanged.test(block)) return [];
  const data = block.split('\n').find((line) => line.startsWith('data: '));
  if (!data) return [];
  const event = JSON.parse(data.slice('data: '.length)) as {
    changes?: Array<{ userId: number; status: string }>;
  };
  return event.changes ?? [];
}

export async function presence(
  server: ServerProcess,
  seeded: Seeded,
  say: (line: string) => void,
): Promise<Row[]> {
  // The watcher is user 0; the people coming and going are users 1…CHURN.
  const online = new Set<number>();
  const offline = new Set<number>();
  /** PRESENCE_CHANGED events the watcher read (each may tell several people). */
  let events = 0;
  const { ticket } = (await post(server.url, seeded.tokens[0] as string, '/api/sse/register')) as {
    ticket: string;
  };
  const watcher = await openEventStream(
    `${server.url}/api/sse/subscribe?ticket=${ticket}`,
    (block) => {
      const changes = presenceChangesIn(block.toString('utf8'));
      for (const change of changes) {
        if (change.status === 'OFFLINE') offline.add(change.userId);
        else online.add(change.userId);
      }
      return changes.length > 0 ? changes.length : undefined;
    },
    () => {
      events += 1;
    },
  );
  await sleep(1000);
  // The same probe with nothing else going on (after the watcher's own ONLINE and whatever was
  // still settling from the earlier parts): the figure the churn's probes stand beside.
  const calm = await healthProbe(`${server.url}/api/health`, 3, PROBE);
  say(`presence: GET /api/health before the churn: p50 ${ms(calm.p50)}, p99 ${ms(calm.p99)}`);
  online.clear();
  offline.clear();
  events = 0;

  const phase = async (
    label: string,
    act: () => Promise<void>,
    done: () => boolean,
    probeSeconds: number,
  ) => {
    const cpu0 = await cpuSecondsOf(server.pid);
    // The bench's own CPU too: its SSE readers parse every event, and on two shared cores a busy
    // client slows what it measures.
    const client0 = process.cpuUsage();
    const rss0 = await rssOf(server.pid);
    const peak = rssPeak(server.pid);
    const probe = healthProbe(`${server.url}/api/health`, probeSeconds, PROBE);
    probe.catch(() => undefined); // awaited below
    const t0 = performance.now();
    await act();
    const acted = performance.now() - t0;
    const deadline = Date.now() + 90_000;
    while (!done() && Date.now() < deadline) await sleep(5);
    const heard = performance.now() - t0;
    const cpu = (await cpuSecondsOf(server.pid)) - cpu0;
    const clientUsage = process.cpuUsage(client0);
    const client = (clientUsage.user + clientUsage.system) / 1e6;
    const rssMax = await peak.stop();
    const health = await probe;
    say(
      `presence ${label}: actions done in ${ms(acted)}, all heard by the watcher after ${ms(heard)} (${done() ? 'complete' : 'INCOMPLETE'}); server CPU ${cpu.toFixed(1)} s (${((cpu / heard) * 100000).toFixed(0)} % of one core); bench client CPU ${client.toFixed(1)} s; RSS ${mib(rss0)} → peak ${mib(rssMax)}; health ${health.rps.toFixed(0)} req/s p50 ${ms(health.p50)} p99 ${ms(health.p99)}${health.bad > 0 ? ` (${health.bad} failed)` : ''}`,
    );
    return { acted, heard, cpu, client, rss0, rssMax, health, complete: done() };
  };

  const subs: Subscriber[] = [];
  /** Per stream: ticket and stream open (the stream answers once it listens to its topics). */
  const opening: number[] = [];
  let churnerEvents = 0;
  const tokens = seeded.tokens.slice(1, CHURN + 1);
  const up = await phase(
    `${CHURN} coming online`,
    async () => {
      // CHURN_PARALLEL at a time: ticket, then the stream (as many tabs opening at once).
      let next = 0;
      await Promise.all(
        Array.from({ length: CHURN_PARALLEL }, async () => {
          while (next < tokens.length) {
            const token = tokens[next] as string;
            next += 1;
            const t0 = performance.now();
            const { ticket: own } = (await post(server.url, token, '/api/sse/register')) as {
              ticket: string;
            };
            // Every member's stream hears the workspace's presence: counted, to show the fan-out.
            subs.push(
              await openEventStream(
                `${server.url}/api/sse/subscribe?ticket=${own}`,
                (block) => (presenceChanged.test(block.toString('utf8')) ? 1 : undefined),
                () => (churnerEvents += 1),
              ),
            );
            opening.push(performance.now() - t0);
          }
        }),
      );
    },
    () => online.size >= CHURN,
    15,
  );
  const upEvents = events;
  const upChurnerEvents = churnerEvents;
  say(
    `presence: opening one stream (ticket + subscribe), ${CHURN_PARALLEL} at a time: p50 ${ms(percentile(opening, 50))}, p99 ${ms(percentile(opening, 99))}; PRESENCE_CHANGED events read by the ${CHURN} streams: ${upChurnerEvents}`,
  );
  await sleep(2000);
  const down = await phase(
    `${CHURN} going offline`,
    async () => {
      for (const sub of subs) sub.close();
    },
    () => offline.size >= CHURN,
    10,
  );
  watcher.close();
  const row = (label: string, result: Awaited<ReturnType<typeof phase>>, extra: string): Row => ({
    figure: label,
    large: `${result.complete ? 'all' : 'NOT all'} heard after ${(result.heard / 1000).toFixed(2)} s (${extra}); server CPU ${result.cpu.toFixed(1)} s = ${((result.cpu / result.heard) * 100000).toFixed(0)} % of a core (bench client ${result.client.toFixed(1)} s); RSS ${mib(result.rss0)} → peak ${mib(result.rssMax)}; GET /api/health at ${PROBE.rate}/s: p50 ${ms(result.health.p50)}, p99 ${ms(result.health.p99)}${result.health.bad > 0 ? `, ${result.health.bad} failed` : ''}`,
    small: '—',
    ratio: '—',
    target: `— (reference; health p99 before the churn ${ms(calm.p99)}, the ratios bench's target under load: < 20 ms)`,
  });
  return [
    row(
      `Presence: ${CHURN} people open one SSE stream each (${CHURN_PARALLEL} at a time) until a watcher heard ${CHURN} ONLINE`,
      up,
      `streams all open after ${(up.acted / 1000).toFixed(2)} s, one stream's ticket + open p50 ${ms(percentile(opening, 50))}, p99 ${ms(percentile(opening, 99))}; ${upEvents} presence events to the watcher, ${upChurnerEvents.toLocaleString('en')} to the ${CHURN} streams themselves`,
    ),
    row(
      `Presence: the ${CHURN} streams close until the watcher heard ${CHURN} OFFLINE`,
      down,
      `includes the 3 s offline grace; ${events - upEvents} events`,
    ),
  ];
}
